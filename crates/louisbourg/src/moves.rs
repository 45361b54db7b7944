//! 8.3 the player action phase: 8.3.1 land moves with road limits, 8.3.2 raids, 8.3.3
//! amphibious moves, 8.3.4 ship moves; 7 the turn-1 landing; 12 French reinforcements.

use crate::actions::{Action, UnitId};
use crate::board::*;
use crate::forces::{Kind, Side};
use crate::legal::Why;
use crate::setup::SITES;
use crate::state::{blocks, Louisbourg, Step, REINFORCEMENT_TURN};

/// 8.3.2 at most this many raiders.
pub const MAX_RAIDERS: usize = 4;
/// 8.3.4 at most this many ships per ship move.
pub const MAX_SHIPS: usize = 2;

fn bit(l: Loc) -> u32 {
    1 << l
}

impl Louisbourg {
    fn is_army(&self, i: usize) -> bool {
        self.kind_of(i) != Kind::Ship
    }

    /// A side's army units at a place that have not moved this turn.
    fn fresh_army(&self, side: Side, loc: Loc) -> impl Iterator<Item = usize> + '_ {
        self.at(side, loc)
            .filter(|(i, u)| self.is_army(*i) && u.steps == 0)
            .map(|(i, _)| i)
    }

    /// Army blocks are never at sea and ships never on land, so the counts answer this.
    fn enemy_army_at(&self, side: Side, loc: Loc) -> bool {
        loc != GABARUS_BAY && loc != LOUISBOURG_HARBOR && self.occupies(side.other(), loc)
    }

    /// Ships of `side` in `sea` not yet used this turn (8.3.3: once per turn).
    fn free_ships(&self, side: Side, sea: Loc) -> usize {
        self.at(side, sea)
            .filter(|(_, u)| !u.weak && u.steps == 0)
            .count()
    }

    /// 8.1.3 weather and the cards that close the sea to a side.
    fn why_not_sea(&self, side: Side) -> Result<(), Why> {
        if side == Side::British && self.rough_seas {
            return Err(Why::new(
                "8.1.3",
                "rough seas this turn: no British amphibious or ship move",
            ));
        }
        if self.effects[side.other().seat()].forbid_sea_moves {
            return Err(Why::new(
                "6.1",
                "a card played this turn forbids your amphibious and ship moves",
            ));
        }
        Ok(())
    }

    /// 8.3.3 the sea area an amphibious move from `from` uses.
    fn sea_of(&self, side: Side, from: Loc) -> Option<Loc> {
        if from == BRITISH_BOX {
            return (side == Side::British).then_some(GABARUS_BAY);
        }
        if is_land(from) {
            board().borders[from as usize]
        } else {
            None
        }
    }

    /// 8.3 which action the side may begin.
    pub(crate) fn why_not_begin(&self, side: Side, a: &Action) -> Result<(), Why> {
        let turn1_british = self.turn == 1 && side == Side::British;
        if turn1_british && !matches!(a, Action::Land) {
            return Err(Why::new(
                "7",
                "on turn 1 the British action is the landing they planned",
            ));
        }
        match *a {
            Action::Pass => Ok(()),
            Action::Land => {
                if turn1_british {
                    Ok(())
                } else {
                    Err(Why::new(
                        "7",
                        "the planned landing is the British action of turn 1 only",
                    ))
                }
            }
            Action::LandMove(from) => {
                if !is_land(from) || self.fresh_army(side, from).next().is_none() {
                    return Err(Why::new(
                        "8.3.1",
                        "a land move starts from a land location holding your army units",
                    ));
                }
                Ok(())
            }
            Action::Raid { from, to } => {
                if !is_land(from) || self.fresh_army(side, from).next().is_none() {
                    return Err(Why::new(
                        "8.3.2",
                        "a raid starts from a land location holding your army units",
                    ));
                }
                if self.road_open(side, from, to).is_none() {
                    return Err(Why::new(
                        "8.3.2",
                        "a raid goes to an adjacent location along a road",
                    ));
                }
                if !self.enemy_army_at(side, to) {
                    return Err(Why::new(
                        "8.3.2",
                        "a raid targets an enemy-occupied location",
                    ));
                }
                Ok(())
            }
            Action::Amphibious(from) => {
                self.why_not_sea(side)?;
                let sea = self.sea_of(side, from).ok_or(Why::new(
                    "8.3.3",
                    "amphibious moves start from a location on a sea area (or the British Forces box)",
                ))?;
                if self.free_ships(side, sea) == 0 {
                    return Err(Why::new(
                        "8.3.3",
                        "you have no unused ships on that sea area",
                    ));
                }
                if self.fresh_army(side, from).next().is_none() {
                    return Err(Why::new("8.3.3", "you have no army units there to carry"));
                }
                Ok(())
            }
            Action::ShipMove(to) => {
                let from = match to {
                    LOUISBOURG_HARBOR => GABARUS_BAY,
                    GABARUS_BAY => LOUISBOURG_HARBOR,
                    _ => {
                        return Err(Why::new(
                            "8.3.4",
                            "ships move between Gabarus Bay and Louisbourg Harbor",
                        ))
                    }
                };
                // the first reason given is the plainest: no ship could sail from there at all
                if self.free_ships(side, from) == 0 {
                    return Err(Why::new(
                        "8.3.4",
                        "you have no unused ships on the other sea area to move there",
                    ));
                }
                self.why_not_sea(side)?;
                if self.control(LIGHTHOUSE_POINT) != side || self.control(ISLAND_BATTERY) != side {
                    return Err(Why::new(
                        "8.3.4",
                        "a ship move needs control of both Lighthouse Point and Island Battery",
                    ));
                }
                Ok(())
            }
            _ => Err(Why::new("8.3", "not an action")),
        }
    }

    pub(crate) fn action_candidates(&self, side: Side, out: &mut Vec<Action>) {
        if self.turn == 1 && side == Side::British {
            out.push(Action::Land);
            self.card_candidates(side, out);
            return;
        }
        out.push(Action::Pass);
        for from in 0..LAND as Loc {
            if self.fresh_army(side, from).next().is_none() {
                continue;
            }
            out.push(Action::LandMove(from));
            for &to in &board().neighbours[from as usize] {
                if self.enemy_army_at(side, to) {
                    out.push(Action::Raid { from, to });
                }
            }
        }
        if self.why_not_sea(side).is_ok() {
            for sea in [GABARUS_BAY, LOUISBOURG_HARBOR] {
                if self.mask(side, sea) == 0 || self.free_ships(side, sea) == 0 {
                    continue;
                }
                // 8.3.3 the British Forces box counts as a shore of Gabarus Bay
                let from_box = (sea == GABARUS_BAY && side == Side::British).then_some(BRITISH_BOX);
                for from in board().shore(sea).iter().copied().chain(from_box) {
                    if self.fresh_army(side, from).next().is_some() {
                        out.push(Action::Amphibious(from));
                    }
                }
            }
        }
        for to in [GABARUS_BAY, LOUISBOURG_HARBOR] {
            let a = Action::ShipMove(to);
            if self.why_not_begin(side, &a).is_ok() {
                out.push(a);
            }
        }
        self.reinforce_candidates(side, out);
        self.card_candidates(side, out);
    }

    pub(crate) fn apply_begin(&mut self, side: Side, a: Action) {
        match a {
            Action::Pass => {
                self.log
                    .public(|| format!("The {} pass their action.", side.name()));
                self.end_action();
            }
            Action::Land => {
                self.landing_left = self.plan;
                self.plan_public = true;
                let n = self.plan.iter().sum::<u8>() as usize;
                self.use_ships(side, GABARUS_BAY, n);
                let plan = self.plan;
                self.log.public(|| {
                    format!(
                        "The British land as planned: Kennington Cove {}, Flat Point {}, White Point {} (7).",
                        plan[0], plan[1], plan[2]
                    )
                });
                for (i, &site) in SITES.iter().enumerate() {
                    if plan[i] > 0 {
                        self.amphibious_into |= bit(site);
                    }
                }
                self.bump_epoch();
                self.set_step(Step::Landing);
                self.settle_landing();
            }
            Action::LandMove(from) => {
                self.log.public(|| {
                    format!(
                        "The {} make a land move from {}.",
                        side.name(),
                        board().name(from)
                    )
                });
                self.set_step(Step::LandMove {
                    side,
                    from,
                    must_continue: None,
                });
            }
            Action::Raid { from, to } => {
                self.raid = true;
                self.log.public(|| {
                    format!(
                        "The {} raid {} from {}.",
                        side.name(),
                        board().name(to),
                        board().name(from)
                    )
                });
                self.set_step(Step::Raid { side, from, to });
            }
            Action::Amphibious(from) => {
                let sea = self.sea_of(side, from).unwrap_or(GABARUS_BAY);
                self.log.public(|| {
                    format!(
                        "The {} make an amphibious move from {}.",
                        side.name(),
                        board().name(from)
                    )
                });
                let ships_left = self.free_ships(side, sea) as u8;
                self.set_step(Step::Amphibious {
                    side,
                    sea,
                    from,
                    ships_left,
                });
            }
            Action::ShipMove(to) => {
                let from = if to == GABARUS_BAY {
                    LOUISBOURG_HARBOR
                } else {
                    GABARUS_BAY
                };
                self.log.public(|| {
                    format!("The {} move ships into {}.", side.name(), board().name(to))
                });
                self.set_step(Step::ShipMove { side, from, to });
            }
            _ => {}
        }
    }

    /// 8.3.3 marks `n` ships as used for an amphibious move: they defend at 1 SP this turn.
    fn use_ships(&mut self, side: Side, sea: Loc, n: usize) {
        let mut left = n;
        for i in blocks(self.mask(side, sea)) {
            if left == 0 {
                break;
            }
            if !self.units[i].weak && self.units[i].steps == 0 {
                self.units[i].weak = true;
                left -= 1;
            }
        }
    }

    /// Movement allowance of a block this turn (5.1, 5.2; a card may march regulars 2).
    fn allowance(&self, side: Side, i: usize) -> u8 {
        let k = self.kind_of(i);
        if k == Kind::Regular && self.effects[side.seat()].regulars_march {
            2
        } else {
            k.movement()
        }
    }

    /// Whether one block may take one more step of the move under way.
    pub(crate) fn why_not_go(&self, unit: UnitId, to: Loc) -> Result<(), Why> {
        let i = unit as usize;
        let Some(u) = self.units.get(i) else {
            return Err(Why::new("input", "no such block"));
        };
        match self.step {
            Step::LandMove {
                side,
                from,
                must_continue,
            } => {
                if self.side_of(i) != side || !self.is_army(i) {
                    return Err(Why::new("8.3.1", "only your own army units move by land"));
                }
                if let Some(m) = must_continue {
                    if m != unit {
                        return Err(Why::new(
                            "5.2",
                            "the Indian passing through Louisbourg must move on first",
                        ));
                    }
                }
                let open = self.road_open(side, u.loc, to).ok_or(Why::new(
                    "8.3.1",
                    "units move along a road to an adjacent location",
                ))?;
                if !open {
                    return Err(Why::new(
                        "8.3.1",
                        "that road's limit is reached for this move",
                    ));
                }
                if u.steps == 0 {
                    if u.loc != from {
                        return Err(Why::new(
                            "8.3.1",
                            "a land move takes units from one location only",
                        ));
                    }
                } else {
                    // the stop comes first: a unit that entered an enemy location stopped there,
                    // whatever movement it had left
                    if self.enemy_army_at(side, u.loc) {
                        return Err(Why::new(
                            "8.3.1",
                            "a unit entering an enemy location must stop",
                        ));
                    }
                    if u.steps >= self.allowance(side, i) {
                        return Err(Why::new(
                            "8.3.1",
                            "that unit has used its movement (no unit moves twice)",
                        ));
                    }
                    if to == from {
                        return Err(Why::new(
                            "8.3.1",
                            "a unit may not go back to where the move began",
                        ));
                    }
                }
                if self.kind_of(i) == Kind::Indian && to == LOUISBOURG {
                    // 5.2 Indians may pass through Louisbourg but never stop there
                    let can_pass = u.steps + 1 < self.allowance(side, i)
                        && !self.enemy_army_at(side, LOUISBOURG)
                        && board().neighbours[LOUISBOURG as usize].iter().any(|&n| {
                            n != u.loc
                                && n != from
                                && self.road_open(side, LOUISBOURG, n) == Some(true)
                        });
                    if !can_pass {
                        return Err(Why::new(
                            "5.2",
                            "Indians may pass through Louisbourg but not end a turn there",
                        ));
                    }
                }
                Ok(())
            }
            Step::Raid {
                side,
                from,
                to: target,
            } => {
                if self.side_of(i) != side || !self.is_army(i) || u.loc != from || u.steps != 0 {
                    return Err(Why::new(
                        "8.3.2",
                        "raiders are your army units in the location the raid starts from",
                    ));
                }
                if to != target {
                    return Err(Why::new("8.3.2", "all raiders go to the raided location"));
                }
                if self.count(side, target) >= MAX_RAIDERS {
                    return Err(Why::new("8.3.2", "a raid uses 1 to 4 units"));
                }
                if self.road_open(side, from, to) != Some(true) {
                    return Err(Why::new(
                        "8.3.1",
                        "that road's limit is reached for this move",
                    ));
                }
                Ok(())
            }
            Step::Amphibious {
                side,
                sea,
                from,
                ships_left,
            } => {
                if self.side_of(i) != side || !self.is_army(i) || u.loc != from || u.steps != 0 {
                    return Err(Why::new(
                        "8.3.3",
                        "only your army units at the starting location are carried",
                    ));
                }
                if ships_left == 0 {
                    return Err(Why::new(
                        "8.3.3",
                        "one army unit per ship, and every ship is used",
                    ));
                }
                let ok_dest = to != from
                    && (is_land(to) && board().on_sea(to, sea)
                        || (to == BRITISH_BOX && side == Side::British && sea == GABARUS_BAY));
                if !ok_dest {
                    return Err(Why::new(
                        "8.3.3",
                        "amphibious moves land on a location of the same sea area",
                    ));
                }
                if self.kind_of(i) == Kind::Indian && to == LOUISBOURG {
                    return Err(Why::new("5.2", "Indians may not end a turn in Louisbourg"));
                }
                Ok(())
            }
            Step::ShipMove {
                side,
                from,
                to: target,
            } => {
                if self.side_of(i) != side
                    || self.kind_of(i) != Kind::Ship
                    || u.loc != from
                    || u.steps != 0
                    || u.weak
                {
                    return Err(Why::new(
                        "8.3.4",
                        "choose your unused ships in the sea area they leave",
                    ));
                }
                if to != target {
                    return Err(Why::new(
                        "8.3.4",
                        "all moving ships go to the same sea area",
                    ));
                }
                if self.at(side, target).filter(|(_, u)| u.steps > 0).count() >= MAX_SHIPS {
                    return Err(Why::new("8.3.4", "a ship move takes one or two ships"));
                }
                Ok(())
            }
            Step::Landing => {
                if self.side_of(i) != Side::British || u.loc != BRITISH_BOX {
                    return Err(Why::new(
                        "7",
                        "the landing takes army units from the British Forces box",
                    ));
                }
                match SITES.iter().position(|&s| s == to) {
                    Some(k) if self.landing_left[k] > 0 => Ok(()),
                    Some(_) => Err(Why::new("7", "the landing follows the plan: that site has no landing units left")),
                    None => Err(Why::new("7", "the turn-1 landing goes to Kennington Cove, Flat Point or White Point, as planned")),
                }
            }
            Step::Retreat(_) => self.why_not_retreat(unit, to),
            _ => Err(Why::new("8.3", "no move is under way")),
        }
    }

    pub(crate) fn go_candidates(&self, out: &mut Vec<Action>) {
        let start = out.len();
        let side = match self.step {
            Step::LandMove { side, .. }
            | Step::Raid { side, .. }
            | Step::Amphibious { side, .. }
            | Step::ShipMove { side, .. }
            | Step::Retreat(side) => side,
            Step::Landing => Side::British,
            _ => return,
        };
        let mut seen = [0u32; 64];
        let mut n_seen = 0;
        let attacker_retreat = matches!(self.step, Step::Retreat(_))
            && self.battle.is_some_and(|b| b.attacker == side);
        // only the blocks that can take part in this step
        let bits = match self.step {
            Step::LandMove { from, .. } => {
                let mut m = self.mask(side, from);
                for &n in &board().neighbours[from as usize] {
                    m |= self.mask(side, n);
                }
                m
            }
            Step::Raid { from, .. }
            | Step::Amphibious { from, .. }
            | Step::ShipMove { from, .. } => self.mask(side, from),
            Step::Landing => self.mask(side, BRITISH_BOX),
            Step::Retreat(_) => self.battle.map_or(0, |b| self.mask(side, b.loc)),
            _ => 0,
        };
        for i in blocks(bits) {
            let u = self.units[i];
            // cheap filters before the full check
            let may = match self.step {
                Step::LandMove { from, .. } => {
                    u.kind != Kind::Ship && (u.loc == from && u.steps == 0 || u.steps == 1)
                }
                Step::Raid { .. } | Step::Amphibious { .. } | Step::Landing => {
                    u.kind != Kind::Ship && u.steps == 0
                }
                Step::ShipMove { .. } => u.kind == Kind::Ship && u.steps == 0 && !u.weak,
                _ => true,
            };
            if !may {
                continue;
            }
            let key = (u.sp as u32)
                | (u.kind as u32) << 4
                | (u.loc as u32) << 8
                | (u.steps as u32) << 16
                | (u.from as u32) << 20;
            // blocks alike in every respect get the same answers: ask once per kind of block
            if seen[..n_seen].contains(&key) {
                continue;
            }
            seen[n_seen] = key;
            n_seen += 1;
            let from_slot = [u.from];
            let target_slot = match self.step {
                Step::Raid { to, .. } | Step::ShipMove { to, .. } => [to],
                _ => [ELIMINATED],
            };
            let dests: &[Loc] = match self.step {
                Step::Retreat(_) if attacker_retreat => &from_slot,
                // raiders and ships all go to the one place the action names
                Step::Raid { .. } | Step::ShipMove { .. } => &target_slot,
                Step::LandMove { .. } | Step::Retreat(_) if is_land(u.loc) => {
                    &board().neighbours[u.loc as usize]
                }
                Step::Amphibious { sea, .. } => {
                    &board().landing[(sea == LOUISBOURG_HARBOR) as usize]
                }
                Step::Landing => &SITES,
                _ => &[],
            };
            for &to in dests {
                if self.why_not_go(i as UnitId, to).is_ok() {
                    out.push(Action::Go {
                        unit: i as UnitId,
                        to,
                    });
                }
            }
        }
        debug_assert!(out[start..].iter().all(|a| matches!(a, Action::Go { .. })));
        if self.why_not_done().is_ok() {
            out.push(Action::Done);
        }
    }

    pub(crate) fn apply_go(&mut self, unit: UnitId, to: Loc) {
        let i = unit as usize;
        let side = self.side_of(i);
        let at = self.units[i].loc;
        let kind = self.kind_of(i);
        let id = &crate::forces::forces().units[i].id;
        match self.step {
            Step::LandMove { from, .. } => {
                self.road_used[Self::road_index(at, to)] += 1;
                self.set_loc(i, to);
                let u = &mut self.units[i];
                u.from = at;
                u.steps += 1;
                let stop = self.enemy_army_at(side, to);
                if stop {
                    self.units[i].steps = 2;
                }
                let must = (kind == Kind::Indian && to == LOUISBOURG).then_some(unit);
                self.set_step(Step::LandMove {
                    side,
                    from,
                    must_continue: must,
                });
                self.log.public(|| {
                    format!(
                        "A {} block moves {} → {}.",
                        side.name(),
                        board().name(at),
                        board().name(to)
                    )
                });
                self.log.private(side.seat(), || format!("({id})"));
            }
            Step::Raid { .. } => {
                self.road_used[Self::road_index(at, to)] += 1;
                self.set_loc(i, to);
                let u = &mut self.units[i];
                u.from = at;
                u.steps = 2;
                self.log
                    .private(side.seat(), || format!("{id} joins the raid"));
            }
            Step::Amphibious {
                side,
                sea,
                from,
                ships_left,
            } => {
                self.use_ships(side, sea, 1);
                self.set_step(Step::Amphibious {
                    side,
                    sea,
                    from,
                    ships_left: ships_left.saturating_sub(1),
                });
                self.set_loc(i, to);
                let u = &mut self.units[i];
                u.from = at;
                u.steps = 2;
                if self.enemy_army_at(side, to) {
                    self.amphibious_into |= bit(to);
                }
                self.log.public(|| {
                    format!(
                        "A {} block is carried by ship to {}.",
                        side.name(),
                        board().name(to)
                    )
                });
                self.log.private(side.seat(), || format!("({id})"));
            }
            Step::ShipMove { .. } => {
                self.set_loc(i, to);
                let u = &mut self.units[i];
                u.from = at;
                u.steps = 2;
                self.log
                    .public(|| format!("A {} ship sails to {}.", side.name(), board().name(to)));
            }
            Step::Landing => {
                if let Some(k) = SITES.iter().position(|&s| s == to) {
                    self.landing_left[k] -= 1;
                }
                self.set_loc(i, to);
                let u = &mut self.units[i];
                u.from = at;
                u.steps = 2;
                self.log.private(side.seat(), || {
                    format!("{id} lands at {}", board().name(to))
                });
                self.settle_landing();
            }
            Step::Retreat(_) => self.apply_retreat_go(i, to),
            _ => {}
        }
    }

    /// Lands the rest automatically once the choice of blocks no longer matters.
    fn settle_landing(&mut self) {
        if self.step != Step::Landing {
            return;
        }
        if self.landing_left.iter().all(|&n| n == 0) {
            self.end_action();
        }
    }

    pub(crate) fn why_not_done(&self) -> Result<(), Why> {
        match self.step {
            Step::LandMove {
                must_continue: Some(_),
                ..
            } => Err(Why::new(
                "5.2",
                "the Indian in Louisbourg must move on: Indians may not end a turn there",
            )),
            Step::LandMove { .. } | Step::Amphibious { .. } | Step::ReinforceAttack(_) => Ok(()),
            Step::Raid { side, to, .. } => {
                if self.at(side, to).next().is_none() {
                    Err(Why::new("8.3.2", "a raid needs 1 to 4 units"))
                } else {
                    Ok(())
                }
            }
            Step::ShipMove { side, to, .. } => {
                if self.at(side, to).any(|(_, u)| u.steps > 0) {
                    Ok(())
                } else {
                    Err(Why::new("8.3.4", "a ship move needs one or two ships"))
                }
            }
            Step::Restore { .. } => Ok(()),
            _ => Err(Why::new("8.3", "nothing to finish now")),
        }
    }

    pub(crate) fn apply_done(&mut self) {
        match self.step {
            Step::Restore { side, .. } => self.set_step(Step::Action(side)),
            Step::Raid { to, side, .. } => {
                let n = self.count(side, to);
                self.log
                    .public(|| format!("{n} {} blocks raid {}.", side.name(), board().name(to)));
                self.end_action();
            }
            _ => self.end_action(),
        }
    }

    /// 12 reinforcements: from turn 8, into an entry location. Entering a British-held
    /// location is the French action and brings a battle; entering elsewhere is free
    /// (assumed: the text lets them "enter" on any turn and move "if activated").
    pub(crate) fn why_not_reinforce(&self, side: Side, unit: UnitId, to: Loc) -> Result<(), Why> {
        let i = unit as usize;
        if side != Side::French || self.units.get(i).is_none_or(|u| u.loc != REINFORCEMENTS) {
            return Err(Why::new(
                "12",
                "only French units in the reinforcement box can enter",
            ));
        }
        if self.turn < REINFORCEMENT_TURN {
            return Err(Why::new(
                "12",
                "French reinforcements are available from turn 8",
            ));
        }
        if !is_land(to) || !board().entry[to as usize] {
            return Err(Why::new("12", "reinforcements enter at Kennington Cove, Western Settlements or Northern Settlements"));
        }
        let attack = self.enemy_army_at(side, to);
        match self.step {
            Step::Action(s) if s == side => Ok(()),
            Step::ReinforceAttack(s) if s == side => Ok(()),
            _ if attack => Err(Why::new(
                "12",
                "entering a British-held location is the French action",
            )),
            _ => Err(Why::new(
                "12",
                "reinforcements enter in the French player action phase",
            )),
        }
    }

    fn reinforce_candidates(&self, side: Side, out: &mut Vec<Action>) {
        if let Some(u) = self.at(side, REINFORCEMENTS).map(|(i, _)| i).next() {
            for to in [KENNINGTON_COVE, WESTERN_SETTLEMENTS, NORTHERN_SETTLEMENTS] {
                if self.why_not_reinforce(side, u as UnitId, to).is_ok() {
                    out.push(Action::Reinforce {
                        unit: u as UnitId,
                        to,
                    });
                }
            }
        }
    }

    pub(crate) fn reinforce_attack_candidates(&self, side: Side, out: &mut Vec<Action>) {
        self.reinforce_candidates(side, out);
        out.push(Action::Done);
    }

    pub(crate) fn apply_reinforce(&mut self, side: Side, unit: UnitId, to: Loc) {
        let attack = self.enemy_army_at(side, to);
        self.set_loc(unit as usize, to);
        let u = &mut self.units[unit as usize];
        u.from = REINFORCEMENTS;
        u.steps = 0;
        self.log.public(|| {
            format!(
                "A French reinforcement enters at {} (12).",
                board().name(to)
            )
        });
        if attack {
            self.units[unit as usize].steps = 2;
            self.reinforcement_attack = true;
            self.set_step(Step::ReinforceAttack(side));
        } else if matches!(self.step, Step::Action(_)) {
            self.update_control();
        }
    }
}
