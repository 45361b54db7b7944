//! Which actions are legal now and, for any other, the rule that refuses it.

use crate::actions::Action;
use crate::map::{map, REGIONS};
use crate::state::{Board, Solitaire, Step};
use crate::turn_track::{turn_track, Kind};
use fiw_engine::RuleError;

impl Board {
    /// Every legal action of the player now (none once the game is over): legality depends on
    /// the board alone, so the heuristic lists actions on boards it imagines.
    pub fn legal(&self, out: &mut Vec<Action>) {
        out.clear();
        let b = self;
        match b.step {
            Step::Over => {}
            Step::Setup | Step::Place => {
                if let Some(army) = b.next_to_place() {
                    for region in (0..REGIONS as u8).filter(|&r| b.army_of(r, b.acting()).is_none())
                    {
                        out.push(Action::Place { army, region });
                    }
                }
            }
            Step::Relocate => {
                // each army not yet moved, to any other region, in map order
                let side = b.acting().index();
                for from in 0..REGIONS {
                    let army = b.army[from][side];
                    if army == crate::armies::NO_ARMY || b.relocated & (1 << army) != 0 {
                        continue;
                    }
                    for region in (0..REGIONS as u8).filter(|&r| r as usize != from) {
                        out.push(Action::Relocate { army, region });
                    }
                }
                out.push(Action::Stay);
            }
            Step::Actions => {
                if b.ap > 0 {
                    let turn = turn_track().turn(b.turn);
                    let side = b.acting();
                    let m = map();
                    if turn.allows(side, Kind::Attack) {
                        for r in 0..REGIONS as u8 {
                            if b.can_attack(r, side) {
                                out.push(Action::Attack(r));
                            }
                        }
                    }
                    if turn.allows(side, Kind::Ocean) && !b.controls_ocean(side) {
                        out.push(Action::AttackOcean);
                    }
                    if turn.allows(side, Kind::Influence) {
                        for r in 0..REGIONS as u8 {
                            if m.has_indians(r) && b.indians[r as usize].ally() != Some(side) {
                                out.push(Action::Influence(r));
                            }
                        }
                    }
                    if turn.allows(side, Kind::Restore) {
                        for r in 0..REGIONS {
                            if b.reduced[r][side.index()] {
                                out.push(Action::Restore(r as u8));
                            }
                        }
                    }
                    if turn.allows(side, Kind::Resupply) {
                        for r in 0..REGIONS {
                            if b.army_of(r as u8, side).is_some() && b.unsupplied[r][side.index()] {
                                out.push(Action::Resupply(r as u8));
                            }
                        }
                    }
                }
                out.push(Action::EndActions);
            }
            Step::Attack => out.push(Action::Roll),
        }
    }

    /// The next army the player sets down (the lowest id still waiting).
    pub fn next_to_place(&self) -> Option<crate::armies::ArmyId> {
        let m = self.to_place;
        (m != 0).then(|| m.trailing_zeros() as crate::armies::ArmyId)
    }
}

impl Solitaire {
    /// Every legal action of the player now (none once the game is over).
    pub fn candidates(&self, out: &mut Vec<Action>) {
        self.board.legal(out);
    }

    /// Whether `action` is legal now, and if not, which rule refuses it.
    ///
    /// # Errors
    /// A [`RuleError`] naming the heading of the text (numbered in order: see `fiw rules
    /// solitaire`) and saying why in a player's words.
    pub fn why_not(&self, action: &Action) -> Result<(), RuleError> {
        let b = &self.board;
        let m = map();
        let side = b.acting();
        let region_ok = |r: u8| {
            if (r as usize) < REGIONS {
                Ok(&m.regions[r as usize].name)
            } else {
                Err(RuleError::input(format!("there is no region {r}")))
            }
        };
        match (b.step, *action) {
            (Step::Over, _) => Err(RuleError::new("11", "the game is over")),
            (Step::Attack, Action::Roll) => Ok(()),
            (Step::Attack, _) => Err(RuleError::new(
                "8",
                "an attack waits to be settled first: roll for it on the Advance Result Chart (roll)",
            )),
            (_, Action::Roll) => Err(RuleError::new("8", "no attack is waiting to be settled")),
            (Step::Setup | Step::Place, Action::Place { army, region }) => {
                let name = region_ok(region)?;
                let next = self.next_to_place();
                if next != Some(army) {
                    let list = &crate::armies::armies().list;
                    let want = next.and_then(|a| list.get(a as usize)).map_or("none", |a| a.id.as_str());
                    let rule = if b.step == Step::Setup { "4" } else { "6" };
                    return Err(RuleError::new(rule, format!("the army to place now is {want}")));
                }
                if !self.can_place_in(region) {
                    return Err(RuleError::new("3.2", format!("you already have an army in {name}: one army a region")));
                }
                Ok(())
            }
            (Step::Setup, _) => Err(RuleError::new("4", "first place your starting armies in two regions")),
            (Step::Place, _) => Err(RuleError::new("5", "first place the armies arriving this turn")),
            (Step::Relocate, Action::Relocate { army, region }) => {
                let name = region_ok(region)?;
                let list = &crate::armies::armies().list;
                let id = list.get(army as usize).map_or("?", |a| a.id.as_str());
                let Some(from) = (0..REGIONS as u8).find(|&r| b.army_of(r, side) == Some(army)) else {
                    return Err(RuleError::new("6", format!("{id} is not one of your armies on the map")));
                };
                if b.relocated & (1 << army) != 0 {
                    return Err(RuleError::new("6", format!("{id} has relocated already this year")));
                }
                if from == region {
                    return Err(RuleError::new("6", format!("{id} stands in {name} already: to keep it there, leave it (stay)")));
                }
                Ok(())
            }
            (Step::Relocate, Action::Stay) => Ok(()),
            (Step::Relocate, _) => Err(RuleError::new(
                "6",
                "first relocate your armies for the new year (relocate ARMY REGION) or let them stay where they stand (stay)",
            )),
            (Step::Actions, Action::Place { .. } | Action::Relocate { .. }) => Err(RuleError::new(
                "3.2",
                "armies leave their region only at the start of a new year, and arrive only at the start of a turn",
            )),
            (Step::Actions, Action::Stay) => Err(RuleError::new("6", "armies relocate only at the start of a new year")),
            (Step::Actions, Action::EndActions) => Ok(()),
            (Step::Actions, a) => {
                if b.ap == 0 {
                    return Err(RuleError::new("7", "you have no action points left this turn: end your actions"));
                }
                let turn = turn_track().turn(b.turn);
                let kind = match a {
                    Action::Attack(_) => Kind::Attack,
                    Action::AttackOcean => Kind::Ocean,
                    Action::Influence(_) => Kind::Influence,
                    Action::Restore(_) => Kind::Restore,
                    _ => Kind::Resupply,
                };
                if !turn.allows(side, kind) {
                    let allowed: Vec<&str> = turn.allowed(side).map(Kind::word).collect();
                    return Err(RuleError::new(
                        "5.1",
                        format!(
                            "the Turn Track allows the {} only {} on turn {}",
                            side.name(),
                            if allowed.is_empty() { "no actions".to_string() } else { allowed.join(", ") },
                            b.turn
                        ),
                    ));
                }
                match a {
                    Action::Attack(r) => {
                        region_ok(r)?;
                        b.why_not_attack(r, side)
                    }
                    Action::AttackOcean => {
                        if b.controls_ocean(side) {
                            Err(RuleError::new("9", "you control the Atlantic already"))
                        } else {
                            Ok(())
                        }
                    }
                    Action::Influence(r) => {
                        let name = region_ok(r)?;
                        if !m.has_indians(r) {
                            Err(RuleError::new("3.3", format!("there are no Indians in {name}")))
                        } else if b.indians[r as usize].ally() == Some(side) {
                            Err(RuleError::new("10", format!("the {name} Indians are your allies already")))
                        } else {
                            Ok(())
                        }
                    }
                    Action::Restore(r) => {
                        let name = region_ok(r)?;
                        if b.reduced[r as usize][side.index()] {
                            Ok(())
                        } else {
                            Err(RuleError::new("7", format!("your militia in {name} is at full strength")))
                        }
                    }
                    Action::Resupply(r) => {
                        let name = region_ok(r)?;
                        match b.army_of(r, side) {
                            None => Err(RuleError::new("7", format!("you have no army in {name}"))),
                            Some(_) if !b.unsupplied[r as usize][side.index()] => {
                                Err(RuleError::new("7", format!("your army in {name} is in supply")))
                            }
                            Some(_) => Ok(()),
                        }
                    }
                    _ => Ok(()),
                }
            }
        }
    }

    /// Applies an action known to be legal.
    pub(crate) fn apply_action(&mut self, action: Action) {
        let side = self.board.acting();
        match action {
            Action::Place { army, region } => self.place(army, region),
            Action::Relocate { army, region } => self.relocate(army, region),
            Action::Stay => self.stay(),
            Action::EndActions => {
                let (who, whose) = (self.board.who(side, true), self.board.whose(side, false));
                self.log
                    .public(|| format!("{who} end {whose} actions (5)."));
                self.end_actions();
            }
            Action::Roll => self.roll_pending(),
            other => {
                self.board.ap = self.board.ap.saturating_sub(1);
                self.taken = self.taken.saturating_add(1);
                let kind = match other {
                    Action::Attack(_) => Kind::Attack,
                    Action::AttackOcean => Kind::Ocean,
                    Action::Influence(_) => Kind::Influence,
                    Action::Restore(_) => Kind::Restore,
                    _ => Kind::Resupply,
                };
                let n = &mut self.tally.actions[kind as usize];
                *n = n.saturating_add(1);
                match other {
                    Action::Attack(r) => {
                        self.resolve_attack(r, side);
                    }
                    Action::AttackOcean => {
                        self.resolve_ocean(side);
                    }
                    Action::Influence(r) => {
                        self.resolve_influence(r, side);
                    }
                    Action::Restore(r) => {
                        self.board.reduced[r as usize][side.index()] = false;
                        let name = &map().regions[r as usize].name;
                        let whose = self.board.whose(side, true);
                        self.log.public(|| {
                            format!("{whose} militia in {name} is restored to full strength (7).")
                        });
                    }
                    Action::Resupply(r) => {
                        self.board.unsupplied[r as usize][side.index()] = false;
                        let name = &map().regions[r as usize].name;
                        let whose = self.board.whose(side, true);
                        self.log
                            .public(|| format!("{whose} army in {name} is back in supply (7)."));
                    }
                    _ => {}
                }
            }
        }
    }
}
