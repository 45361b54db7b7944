//! Horses and guns: cavalry (and mounted infantry) mounting and dismounting for half a move
//! (5.8); infantry lending men to a gun short of its crew, to move it (5.3) or to serve it
//! (9.1); the civilian drivers who take a shattered section's limber away (12.1); and the
//! text's two optional rules, played as scenario options: a card for two commanders (2.1)
//! and guns firing to double range (9.2).

use crate::formation::{self, Formation};
use crate::scenario::base_of;
use crate::state::Skirmish;
use crate::terrain::Mover;
use crate::troops::{charts, GunKind, Troop};
use fiw_engine::RuleError;
use fiw_table::{Pose, Rect, EPS};
use serde::{Deserialize, Serialize};

/// 2.1 the option: a card lets its side act with two units, one for each commander.
pub(crate) const TWO_COMMANDERS: &str = "two-commanders";
/// 9.2 the option: guns fire out to twice their stated range, needing a 6 beyond it.
pub(crate) const DOUBLE_RANGE: &str = "double-range";

/// The text's own optional rules, which every scenario offers (off unless switched on), each
/// with why it is an option.
pub(crate) const TEXT_OPTIONS: &[(&str, &str)] = &[
    (
        TWO_COMMANDERS,
        "the text's optional rule for large games with several players a side (2.1); fiw plays two commanders a side, each acting with one unit on each of his side's cards",
    ),
    (
        DOUBLE_RANGE,
        "the text's optional rule for players who keep count of ammunition (9.2); fiw keeps no such count, so the longer reach costs only the harder roll",
    ),
];

/// A count that is nothing (left out of the state's digest).
pub(crate) fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// 5.3, 9.1 an infantry unit's men lent to a gun, for one turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Help {
    /// The gun section helped.
    pub gun: u8,
    /// The turn they help in.
    pub turn: u32,
}

/// How close infantry stand to a gun to lend it their hands (assumed: in contact, the 1" the
/// text uses for touching).
pub(crate) const HELP_REACH: f64 = 1.0;

/// 5.8 the troops a unit of `troop` fights as on foot, when it has horses: cavalry (light
/// infantry unless the scenario says `dismounted`), or infantry the scenario gives `horses`
/// (mounted infantry, on foot at the start). `None` for a unit without horses.
///
/// # Errors
/// A kind on foot that is not infantry, or horses given to a gun, a wagon or a household.
pub(crate) fn horses_of(
    troop: Troop,
    horses: bool,
    dismounted: Option<Troop>,
) -> Result<Option<Troop>, String> {
    let foot = |t: Troop| {
        matches!(
            t,
            Troop::Regular | Troop::Light | Troop::Irregular | Troop::Militia
        )
    };
    match (troop, horses, dismounted) {
        (Troop::Cavalry, _, None) => Ok(Some(Troop::Light)),
        (Troop::Cavalry, _, Some(t)) if foot(t) => Ok(Some(t)),
        (Troop::Cavalry, _, Some(t)) => Err(format!(
            "dismounted cavalry fight as regular, light, irregular or militia infantry (5.8), not {}",
            t.word()
        )),
        (_, _, Some(_)) => Err("only cavalry are given what they fight as dismounted (5.8)".into()),
        (t, true, None) if foot(t) => Ok(Some(t)),
        (t, true, None) => Err(format!(
            "only infantry have horses to mount (5.8), not {}",
            t.word()
        )),
        _ => Ok(None),
    }
}

/// The mean of a movement-chart row, with a column's bonus: what a mount or a dismount
/// rescales the move by.
fn mean_move(rate: crate::troops::Rate, bonus: f64) -> f64 {
    let m = charts().movement(rate);
    (m.inches + bonus + 3.5 * f64::from(m.dice)).max(1.0)
}

impl Skirmish {
    /// 5.8 whether unit `u` is on its horses.
    pub fn mounted(&self, u: usize) -> bool {
        self.units[u].troop == Troop::Cavalry
    }

    /// 5.8 the troops unit `u` becomes by mounting (`on`) or dismounting, if it has horses.
    fn remount_troop(&self, u: usize, on: bool) -> Option<Troop> {
        let foot = self.units[u].traits.horses?;
        Some(if on { Troop::Cavalry } else { foot })
    }

    /// 5.8 where unit `u`'s figures stand as `troop`: their bases laid out again in the
    /// unit's formation round its anchor (a line's or a column's), or where they stand.
    fn remount_places(&self, u: usize, troop: Troop) -> Vec<(usize, Pose, Rect)> {
        let unit = &self.units[u];
        let figs = self.formation_figures(u);
        let foot = |f: usize| charts().footprint(base_of(self.figures[f].role, troop));
        let poses: Vec<Pose> = match (unit.formation, figs.first()) {
            (Formation::Line { ranks }, Some(&first)) => {
                formation::line_slots(figs.len(), ranks, unit.anchor, foot(first))
            }
            (Formation::Column { width }, Some(&first)) => {
                formation::column_slots(figs.len(), width, unit.anchor, &unit.trail, foot(first))
            }
            _ => figs.iter().map(|&f| self.figures[f].pose).collect(),
        };
        figs.iter()
            .zip(poses)
            .map(|(&f, p)| (f, p, foot(f).place(p)))
            .collect()
    }

    /// 5.8 mounting (`on`) or dismounting in a move: a unit with horses, in the open air,
    /// with half its move left (the change of formation it may also make is paid apart);
    /// the new bases must have room and ground they may stand on (no horses in difficult
    /// ground).
    pub(crate) fn check_mount(&self, on: bool) -> Result<(), RuleError> {
        let act = self.moving()?;
        for &u in &act.units {
            let u = u as usize;
            let id = self.id(u);
            let Some(troop) = self.remount_troop(u, on) else {
                return Err(RuleError::new(
                    "5.8",
                    format!("{id} has no horses to mount or dismount"),
                ));
            };
            if self.units[u].troop == troop {
                return Err(RuleError::new(
                    "5.8",
                    format!("{id} is {} already", if on { "mounted" } else { "on foot" }),
                ));
            }
            if self.in_building(u) {
                return Err(RuleError::new(
                    "7.5",
                    format!("{id} is in a building: no horses there"),
                ));
            }
        }
        let half = act.allowance / 2.0;
        if act.spent.iter().any(|s| *s > half + EPS) {
            return Err(RuleError::new(
                "5.8",
                "mounting or dismounting takes half a move, and less than half is left",
            ));
        }
        let bounds = self.scenario.layout.bounds();
        let own: Vec<usize> = act
            .units
            .iter()
            .flat_map(|&u| self.present_figures(u as usize))
            .collect();
        for &u in &act.units {
            let u = u as usize;
            let Some(troop) = self.remount_troop(u, on) else {
                continue;
            };
            let mover = match (troop, self.units[u].formation) {
                (Troop::Cavalry, Formation::Column { .. }) => Mover::Horse { column: true },
                (Troop::Cavalry, _) => Mover::Horse { column: false },
                (_, Formation::Line { .. }) => Mover::Formed,
                (_, Formation::Column { .. }) => Mover::Column,
                _ => Mover::Loose,
            };
            let places = self.remount_places(u, troop);
            for (k, (f, p, rect)) in places.iter().enumerate() {
                if !self.on_table(*f) {
                    continue;
                }
                if !bounds.holds(rect) {
                    return Err(RuleError::new(
                        "5.5",
                        format!("{} has no room on the table to do so here", self.id(u)),
                    ));
                }
                self.ground_at(p.at, mover)?;
                let crowded = places[k + 1..].iter().any(|(_, _, r)| r.overlaps(rect))
                    || (0..self.figures.len()).any(|g| {
                        !own.contains(&g)
                            && self.on_table(g)
                            && self.bases[g].centre().dist(p.at) < 4.0
                            && self.bases[g].overlaps(rect)
                    });
                if crowded {
                    return Err(RuleError::new(
                        "5.5",
                        format!(
                            "{} has no room to do so here: its figures would stand on others",
                            self.id(u)
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    /// 5.8 mounts (`on`) or dismounts the moving unit: half its move spent (no part of an
    /// advance, like a change of formation), what is left rescaled to the new kind's pace
    /// (assumed: the move rolled keeps its share of the chart's mean), its figures on their
    /// new bases in its formation.
    pub(crate) fn mount(&mut self, on: bool) {
        let Some(act) = self.act.as_ref() else { return };
        let units = act.units.clone();
        let u0 = units[0] as usize;
        let (rate, bonus) = self.rate(u0);
        let before = mean_move(rate, bonus);
        for &u in &units {
            let u = u as usize;
            let Some(troop) = self.remount_troop(u, on) else {
                continue;
            };
            let places = self.remount_places(u, troop);
            self.units[u].troop = troop;
            for f in self.units[u].figures.clone() {
                let f = f as usize;
                let pose = places
                    .iter()
                    .find(|(g, _, _)| *g == f)
                    .map_or(self.figures[f].pose, |(_, p, _)| *p);
                self.set_pose(f, pose);
            }
        }
        let (rate, bonus) = self.rate(u0);
        let scale = mean_move(rate, bonus) / before;
        if let Some(act) = self.act.as_mut() {
            let half = act.allowance / 2.0;
            for s in &mut act.spent {
                *s = (*s + half) * scale;
            }
            act.form_spent = (act.form_spent + half) * scale;
            act.allowance *= scale;
        }
        let id = self.actor_id(
            self.act
                .as_ref()
                .map_or(crate::state::Actor::Unit(u0 as u8), |a| a.actor),
        );
        let kind = self.units[u0].troop.word();
        self.note(u0, || {
            if on {
                format!("{id} mounts (5.8): it moves and fights as cavalry")
            } else {
                format!("{id} dismounts (5.8): it moves and fights on foot as {kind} infantry")
            }
        });
    }

    /// 5.3, 9.1 whether infantry unit `u` may lend its men to gun section `gun` this turn:
    /// its own side's gun, short of its crew (less than its full crew to move it, its least
    /// crew to serve it), a figure of the unit within 1" of the gun, the unit in good order.
    pub(crate) fn check_help(&self, u: usize, gun: usize) -> Result<(), RuleError> {
        let Some(g) = self.units.get(gun) else {
            return Err(RuleError::input("there is no such unit"));
        };
        let id = self.id(u);
        if !self.units[u].troop.is_infantry() || self.is_messenger(u) {
            return Err(RuleError::new(
                "5.3",
                "only infantry help to move or serve a gun",
            ));
        }
        if g.side != self.units[u].side || !g.in_play() || g.troop != Troop::Artillery {
            return Err(RuleError::new(
                "5.3",
                format!("{} is not a gun of {id}'s side", self.id(gun)),
            ));
        }
        let Some(piece) = self.gun_figure(gun) else {
            return Err(RuleError::new(
                "9.1",
                format!("{} has no gun", self.id(gun)),
            ));
        };
        if g.gun_lost {
            return Err(RuleError::new(
                "10.5",
                format!("{} gun is out of action", crate::wording::of(self.id(gun))),
            ));
        }
        if self.units[u].shattered || self.units[u].needs_rally {
            return Err(RuleError::new(
                "12.1",
                format!("{id} must rally before it may help a gun"),
            ));
        }
        let least = self
            .gun_kind(gun)
            .map_or(0, |k| usize::from(charts().gun(k).crew));
        if 2 * self.crew(gun) >= self.full_crew(gun) && self.crew(gun) >= least {
            return Err(RuleError::new(
                "5.3",
                format!(
                    "{} has its crew: it needs no infantry to move or serve it",
                    self.id(gun)
                ),
            ));
        }
        if !self
            .table_figures(u)
            .any(|f| self.bases[f].is_within(&self.bases[piece], HELP_REACH))
        {
            return Err(RuleError::new(
                "5.3",
                format!(
                    "{id} must have a man within 1\" of {} gun to help it",
                    crate::wording::of(self.id(gun))
                ),
            ));
        }
        if self.units[u]
            .helps
            .is_some_and(|h| h.turn == self.turn && h.gun as usize == gun)
        {
            return Err(RuleError::new(
                "5.3",
                format!("{id} helps {} already this turn", self.id(gun)),
            ));
        }
        Ok(())
    }

    /// 5.3, 9.1 infantry unit `u` lends its men to gun section `gun` for the turn: its
    /// activation is spent (assumed: the men stay with their company where it stands, and
    /// count at the gun while a man of it is within 1").
    pub(crate) fn help(&mut self, u: usize, gun: usize) {
        self.reveal(u, "lends its men to a gun (5.3, 9.1)");
        self.units[u].helps = Some(Help {
            gun: gun as u8,
            turn: self.turn,
        });
        let (id, gid) = (self.id(u).to_string(), self.id(gun).to_string());
        self.log.public(|| {
            format!("{id} lends its men to {gid} for this turn, to move or serve it (5.3, 9.1)")
        });
        self.end_activation(crate::state::Last::Stand, crate::state::Done::Acted);
    }

    /// 5.3 a section's full crew: the officer and 3 gunners (a heavy gun 2 more).
    pub(crate) fn full_crew(&self, gun: usize) -> usize {
        if self.gun_kind(gun) == Some(GunKind::Heavy) {
            6
        } else {
            4
        }
    }

    /// 5.3, 9.1 the infantry lending their men to gun section `gun` this turn: men of units in
    /// good order that help it, with a man still within 1" of the gun.
    pub(crate) fn helpers(&self, gun: usize) -> usize {
        let Some(piece) = self.gun_figure(gun) else {
            return 0;
        };
        (0..self.units.len())
            .filter(|&v| {
                let unit = &self.units[v];
                unit.in_play()
                    && !unit.shattered
                    && unit
                        .helps
                        .is_some_and(|h| h.turn == self.turn && h.gun as usize == gun)
                    && self
                        .table_figures(v)
                        .any(|f| self.bases[f].is_within(&self.bases[piece], HELP_REACH))
            })
            .map(|v| self.table_figures(v).count())
            .sum()
    }

    /// 5.3 whether gun section `gun` may be moved: at least half its full crew, or
    /// infantry helping it this turn.
    pub(crate) fn may_be_moved(&self, gun: usize) -> bool {
        2 * self.crew(gun) >= self.full_crew(gun) || self.helpers(gun) > 0
    }

    /// 9.1 whether gun section `gun` is served this turn (fires every turn): its least crew
    /// of gunners, or infantry making up the rest while at least half the least crew are
    /// gunners.
    pub(crate) fn served(&self, gun: usize) -> bool {
        let Some(kind) = self.gun_kind(gun) else {
            return false;
        };
        let least = usize::from(charts().gun(kind).crew);
        let gunners = self.crew(gun);
        gunners >= least || (2 * gunners >= least && gunners + self.helpers(gun) >= least)
    }

    /// 9.1 whether gun section `gun` fired in the turn before this one (a gun that has never
    /// fired has not: the first turn's guns are not held back by a turn 0).
    pub(crate) fn fired_last_turn(&self, gun: usize) -> bool {
        let t = self.units[gun].gun_fired_turn;
        t > 0 && t + 1 == self.turn
    }

    /// 12.1 a gun section shattered: civilian drivers take its limber off the table (a gun
    /// limbered is left where it stands, unlimbered), and it can never limber again.
    pub(crate) fn drivers_leave(&mut self, u: usize) {
        let unit = &self.units[u];
        if unit.troop != Troop::Artillery || !unit.traits.civilian_drivers || unit.limber_gone {
            return;
        }
        self.units[u].limber_gone = true;
        self.units[u].limbered = false;
        let id = self.id(u).to_string();
        self.note(u, || {
            format!("{id}'s civilian drivers leave the table with its limber (12.1)")
        });
    }

    /// 9.2 the option double-range: how far gun fire reaches for a stated `reach`.
    pub(crate) fn gun_reach(&self, reach: f64) -> f64 {
        if self.scenario.option(DOUBLE_RANGE) {
            2.0 * reach
        } else {
            reach
        }
    }

    /// 2.1 the option two-commanders: a card drawn lets its side act with one more unit.
    pub(crate) fn commanders_on_card(&mut self) {
        self.commands_left = u8::from(self.scenario.option(TWO_COMMANDERS));
    }
}
