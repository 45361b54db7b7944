//! 7 game set-up: the secret landing plan, the French deployment, the deal; and 14 the
//! solitaire set-up table.

use crate::actions::{Action, UnitId};
use crate::board::*;
use crate::forces::{forces, Kind, Side, Start};
use crate::legal::Why;
use crate::state::{Louisbourg, Step, UNPLACED};

/// 7 the three landing sites, in the order of the plan.
pub const SITES: [Loc; 3] = [KENNINGTON_COVE, FLAT_POINT, WHITE_POINT];
/// 7 the French must hold each of these at the start.
pub const MUST_HOLD: [Loc; 3] = [LOUISBOURG, ISLAND_BATTERY, LIGHTHOUSE_POINT];

impl Louisbourg {
    /// 7 a landing plan: 0–6 units per site, at least 4 in all, one ship per unit.
    pub(crate) fn why_not_plan(&self, kc: u8, fp: u8, wp: u8) -> Result<(), Why> {
        let ships = self.at(Side::British, GABARUS_BAY).count() as u8;
        let total = kc as u32 + fp as u32 + wp as u32;
        if total < 4 {
            return Err(Why::new(
                "7",
                "the British must try to land at least 4 units on turn 1",
            ));
        }
        if total > ships as u32 {
            return Err(Why::new(
                "8.3.3",
                "each landing unit needs its own ship: at most 6 in all",
            ));
        }
        Ok(())
    }

    pub(crate) fn plan_candidates(&self, out: &mut Vec<Action>) {
        for kc in 0..=6 {
            for fp in 0..=6 - kc {
                for wp in 0..=6 - kc - fp {
                    if self.why_not_plan(kc, fp, wp).is_ok() {
                        out.push(Action::Plan { kc, fp, wp });
                    }
                }
            }
        }
    }

    pub(crate) fn apply_plan(&mut self, kc: u8, fp: u8, wp: u8) {
        self.plan = [kc, fp, wp];
        self.log.public(|| {
            "The British have chosen their landing sites in secret. The French set up (7).".into()
        });
        self.log.private(Side::British.seat(), || {
            format!("Your landing plan: Kennington Cove {kc}, Flat Point {fp}, White Point {wp}")
        });
        self.bump_epoch();
        if self.options.solitaire_setup {
            self.solitaire_setup();
        } else {
            self.set_step(Step::FrenchSetup);
        }
    }

    /// The next French block to place, in order-of-battle order.
    pub(crate) fn next_to_place(&self) -> Option<usize> {
        let m = self.mask(Side::French, UNPLACED);
        (m != 0).then(|| m.trailing_zeros() as usize)
    }

    /// 7 French placement: anywhere on land, but the last blocks must fill Louisbourg, Island
    /// Battery and Lighthouse Point if they are still empty; 5.2 never an Indian in Louisbourg.
    pub(crate) fn why_not_place(&self, unit: UnitId, to: Loc) -> Result<(), Why> {
        if self.next_to_place() != Some(unit as usize) {
            return Err(Why::new(
                "7",
                "the French place their blocks in the order listed; place the one shown",
            ));
        }
        if !is_land(to) {
            return Err(Why::new("7", "French army blocks set up on land locations"));
        }
        if self.kind_of(unit as usize) == Kind::Indian && to == LOUISBOURG {
            return Err(Why::new("5.2", "Indians may not end a turn in Louisbourg"));
        }
        // after this block, the blocks still to place must be able to fill every required
        // location that is still empty, Louisbourg with a block that is not an Indian
        let rest = self.mask(Side::French, UNPLACED) & !(1u64 << unit);
        let rest_count = rest.count_ones() as usize;
        let rest_not_indian = (rest & !self.indian_mask).count_ones();
        let still_empty = |l: Loc| l != to && !self.occupies(Side::French, l);
        let empty_after = MUST_HOLD.iter().filter(|&&l| still_empty(l)).count();
        if empty_after > rest_count || (still_empty(LOUISBOURG) && rest_not_indian == 0) {
            return Err(Why::new("7", "Louisbourg, Island Battery and Lighthouse Point each need at least one French unit"));
        }
        Ok(())
    }

    /// 14 the solitaire table places every French block, so it is chosen before any is placed.
    pub(crate) fn why_not_solitaire_setup(&self) -> Result<(), Why> {
        // before the set-up no French block stands on land
        if (0..LAND as Loc).all(|l| !self.occupies(Side::French, l)) {
            Ok(())
        } else {
            Err(Why::new(
                "14",
                "the solitaire set-up places every French block: choose it before placing any",
            ))
        }
    }

    pub(crate) fn place_candidates(&self, out: &mut Vec<Action>) {
        if let Some(u) = self.next_to_place() {
            for to in 0..LAND as Loc {
                if self.why_not_place(u as UnitId, to).is_ok() {
                    out.push(Action::Place {
                        unit: u as UnitId,
                        to,
                    });
                }
            }
        }
        if self.why_not_solitaire_setup().is_ok() {
            out.push(Action::SolitaireSetup);
        }
    }

    pub(crate) fn apply_place(&mut self, unit: UnitId, to: Loc) {
        self.set_loc(unit as usize, to);
        let id = &forces().units[unit as usize].id;
        self.log.private(Side::French.seat(), || {
            format!("{id} set up at {}", board().name(to))
        });
        if self.next_to_place().is_none() {
            self.finish_setup();
        }
    }

    /// 14 the solitaire set-up: a fixed deployment, then one die picks an adjustment.
    pub(crate) fn solitaire_setup(&mut self) {
        let pick = |kind: Kind, sp: u8, to: Loc, n: usize, units: &mut Vec<crate::state::Unit>| {
            let mut left = n;
            for (i, u) in units.iter_mut().enumerate() {
                let d = &forces().units[i];
                if left > 0 && u.loc == UNPLACED && d.kind == kind && d.max_sp == sp {
                    u.loc = to;
                    left -= 1;
                }
            }
        };
        let mut units = std::mem::take(&mut self.units);
        for l in MUST_HOLD {
            pick(Kind::Militia, 1, l, 1, &mut units);
        }
        pick(Kind::Indian, 2, KENNINGTON_COVE, 2, &mut units);
        pick(Kind::Militia, 2, KENNINGTON_COVE, 2, &mut units);
        pick(Kind::Militia, 1, KENNINGTON_COVE, 1, &mut units);
        pick(Kind::Regular, 4, FLAT_POINT, 4, &mut units);
        pick(Kind::Regular, 3, WHITE_POINT, 3, &mut units);
        pick(Kind::Militia, 2, WHITE_POINT, 1, &mut units);
        self.units = units;
        self.recount();
        self.dice.ask(1, 6, || {
            "The solitaire set-up (14): one die for the adjustment of the French set-up".into()
        });
        let roll = self.dice.d6();
        let is = |s: &Self, i: usize, loc: Loc, kind: Option<Kind>| {
            s.units[i].loc == loc
                && s.side_of(i) == Side::French
                && kind.is_none_or(|k| s.kind_of(i) == k)
        };
        let shift = |s: &mut Self, from: Loc, to: Loc, kind: Option<Kind>, n: usize| {
            let mut left = n;
            for i in 0..s.units.len() {
                if left > 0 && is(s, i, from, kind) {
                    s.set_loc(i, to);
                    left -= 1;
                }
            }
        };
        match roll {
            1 => shift(self, FLAT_POINT, KENNINGTON_COVE, None, 1),
            2 => shift(self, FLAT_POINT, WHITE_POINT, None, 1),
            3 => shift(self, KENNINGTON_COVE, FLAT_POINT, Some(Kind::Militia), 3),
            4 => shift(self, KENNINGTON_COVE, WHITE_POINT, Some(Kind::Militia), 3),
            5 => shift(self, WHITE_POINT, KENNINGTON_COVE, Some(Kind::Militia), 1),
            _ => {}
        }
        let what = match roll {
            1 => "one unit moves from Flat Point to Kennington Cove",
            2 => "one unit moves from Flat Point to White Point",
            3 => "three militia move from Kennington Cove to Flat Point",
            4 => "three militia move from Kennington Cove to White Point",
            5 => "one militia moves from White Point to Kennington Cove",
            _ => "no adjustment",
        };
        self.log.public(|| {
            format!("The French set up by the solitaire table (14); die {roll}: {what}.")
        });
        self.finish_setup();
    }

    /// 7 the deal: two cards each, then turn 1 begins.
    fn finish_setup(&mut self) {
        debug_assert!(self
            .units
            .iter()
            .enumerate()
            .all(|(i, u)| u.loc != UNPLACED
                || !matches!(forces().units[i].start, Start::FrenchSetup)));
        self.update_control();
        self.log
            .public(|| "The French are set up. Two cards are dealt to each side (6.1).".into());
        for _ in 0..2 {
            for side in [Side::British, Side::French] {
                self.draw_card(side);
            }
        }
        self.bump_epoch();
        self.begin_turn();
    }
}
