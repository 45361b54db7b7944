//! One dispatch for every decision: which actions the current step lists, why an action is
//! refused, and what applying it does. Listing filters candidates through the same checks a
//! typed action meets, so the menu and `check` can never disagree.

use crate::actions::Action;
use crate::forces::Side;
use crate::state::{Louisbourg, Step};

/// Why an action is refused: the rule section and a sentence. Static text, so the search can
/// test thousands of candidates without allocating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Why {
    pub rule: &'static str,
    pub msg: &'static str,
}

impl Why {
    pub const fn new(rule: &'static str, msg: &'static str) -> Why {
        Why { rule, msg }
    }
}

impl Louisbourg {
    /// The side that decides now.
    pub(crate) fn decider(&self) -> Option<Side> {
        Some(match self.step {
            Step::LandingPlan | Step::Landing => Side::British,
            Step::FrenchSetup => Side::French,
            Step::ChooseFirst(s)
            | Step::Bombard(s)
            | Step::Action(s)
            | Step::ReinforceAttack(s)
            | Step::ChooseBattle(s) => s,
            Step::LandMove { side, .. }
            | Step::Raid { side, .. }
            | Step::Amphibious { side, .. }
            | Step::ShipMove { side, .. } => side,
            Step::Stay(s) | Step::Retreat(s) => s,
            Step::Hits { owner, .. } => owner,
            Step::Restore { side, .. } => side,
            Step::Over => return None,
        })
    }

    /// Every legal action now (equivalent blocks listed once).
    pub(crate) fn candidates(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.step {
            Step::LandingPlan => self.plan_candidates(out),
            Step::FrenchSetup => self.place_candidates(out),
            Step::ChooseFirst(_) => {
                out.extend([Action::First(Side::British), Action::First(Side::French)])
            }
            Step::Bombard(s) => self.bombard_candidates(s, out),
            Step::Action(s) => self.action_candidates(s, out),
            Step::ReinforceAttack(s) => self.reinforce_attack_candidates(s, out),
            Step::LandMove { .. }
            | Step::Raid { .. }
            | Step::Amphibious { .. }
            | Step::ShipMove { .. }
            | Step::Landing
            | Step::Retreat(_) => self.go_candidates(out),
            Step::ChooseBattle(_) => self.battle_candidates(out),
            Step::Stay(s) => {
                out.push(Action::Fire);
                if self.can_retreat(s) {
                    out.push(Action::Retreat);
                }
            }
            Step::Hits { .. } => self.hit_candidates(out),
            Step::Restore { side, at, .. } => {
                let mut seen = Vec::new();
                for i in self.restorable(side, at) {
                    let key = (self.kind_of(i), self.units[i].sp, self.units[i].loc);
                    if !seen.contains(&key) {
                        seen.push(key);
                        out.push(Action::Restore(i as u8));
                    }
                }
                out.push(Action::Done);
            }
            Step::Over => {}
        }
        if cfg!(debug_assertions) {
            for a in out.iter() {
                debug_assert!(
                    self.why_not(a).is_ok(),
                    "listed but refused: {a:?}: {:?}",
                    self.why_not(a)
                );
            }
        }
    }

    /// Why `a` is illegal now, or `Ok` if it is legal.
    pub(crate) fn why_not(&self, a: &Action) -> Result<(), Why> {
        let Some(side) = self.decider() else {
            return Err(Why::new("13", "the game is over"));
        };
        match (self.step, *a) {
            (Step::LandingPlan, Action::Plan { kc, fp, wp }) => self.why_not_plan(kc, fp, wp),
            (Step::FrenchSetup, Action::Place { unit, to }) => self.why_not_place(unit, to),
            (Step::FrenchSetup, Action::SolitaireSetup) => self.why_not_solitaire_setup(),
            (Step::ChooseFirst(_), Action::First(_)) => Ok(()),
            (Step::Bombard(s) | Step::Action(s), Action::Play(c)) => self.why_not_play(s, c),
            (Step::Bombard(s) | Step::Action(s), Action::Discard(c)) => self.why_not_discard(s, c),
            (Step::Bombard(s), Action::Bombard(t)) => self.bombard_drm(s, t).map(|_| ()),
            (Step::Bombard(_), Action::Pass) => Ok(()),
            (Step::Action(s), Action::Reinforce { unit, to })
            | (Step::ReinforceAttack(s), Action::Reinforce { unit, to }) => {
                self.why_not_reinforce(s, unit, to)
            }
            (
                Step::Action(s),
                a @ (Action::Pass
                | Action::Land
                | Action::LandMove(_)
                | Action::Raid { .. }
                | Action::Amphibious(_)
                | Action::ShipMove(_)),
            ) => self.why_not_begin(s, &a),
            (
                Step::LandMove { .. }
                | Step::Raid { .. }
                | Step::Amphibious { .. }
                | Step::ShipMove { .. }
                | Step::Landing
                | Step::Retreat(_),
                Action::Go { unit, to },
            ) => self.why_not_go(unit, to),
            (_, Action::Done) => self.why_not_done(),
            (Step::ChooseBattle(_), Action::Battle(l)) => self.why_not_battle(l),
            (Step::Stay(_), a @ (Action::Fire | Action::Retreat)) => self.why_not_stay(&a),
            (Step::Hits { .. }, Action::Hit(u)) => self.why_not_hit(u),
            (Step::Restore { .. }, Action::Restore(u)) => self.why_not_restore(u),
            _ => Err(self.wrong_moment(side)),
        }
    }

    /// The refusal for an action of the wrong kind for this moment: names the rule of the
    /// decision that is actually pending.
    fn wrong_moment(&self, side: Side) -> Why {
        let _ = side;
        match self.step {
            Step::LandingPlan => Why::new("7", "the British must first choose their landing plan (plan kennington-cove=N flat-point=N white-point=N)"),
            Step::FrenchSetup => Why::new("7", "the French are setting up: place the block shown"),
            Step::ChooseFirst(_) => Why::new("8.1.1", "the winner of the order roll must name who goes first"),
            Step::Bombard(_) => Why::new("8.2", "this is the bombardment phase: bombard, play a bombardment card, or pass"),
            Step::Action(_) => Why::new("8.3", "choose one action: land move, raid, amphibious move, ship move, or pass"),
            Step::Landing => Why::new("7", "land the planned units one by one (go BLOCK SITE)"),
            Step::LandMove { .. } => Why::new("8.3.1", "a land move is under way: go BLOCK LOCATION, or done"),
            Step::Raid { .. } => Why::new("8.3.2", "choose raiders (go BLOCK TARGET), then done"),
            Step::Amphibious { .. } => Why::new("8.3.3", "choose units to carry (go BLOCK LOCATION), then done"),
            Step::ShipMove { .. } => Why::new("8.3.4", "choose one or two ships (go SHIP SEA), then done"),
            Step::ReinforceAttack(_) => Why::new("12", "reinforcements are entering: reinforce BLOCK LOCATION, or done"),
            Step::ChooseBattle(_) => Why::new("9.1", "the attacker chooses which battle to fight next"),
            Step::Stay(_) => Why::new("10", "stay and fire, or retreat"),
            Step::Retreat(_) => Why::new("10", "retreat your units one by one (go BLOCK LOCATION)"),
            Step::Hits { .. } => Why::new("9.2", "apply the hits to your units (hit BLOCK)"),
            Step::Restore { .. } => Why::new("6.1", "choose units to restore (restore BLOCK), or done"),
            Step::Over => Why::new("13", "the game is over"),
        }
    }

    /// Applies a legal action.
    pub(crate) fn apply_action(&mut self, a: Action) {
        let Some(side) = self.decider() else { return };
        match a {
            Action::Plan { kc, fp, wp } => self.apply_plan(kc, fp, wp),
            Action::Place { unit, to } => self.apply_place(unit, to),
            Action::SolitaireSetup => self.solitaire_setup(),
            Action::First(s) => self.apply_first(s),
            Action::Play(c) => self.apply_play(side, c),
            Action::Discard(c) => self.apply_discard(side, c),
            Action::Bombard(t) => self.apply_bombard(side, t),
            Action::Pass if matches!(self.step, Step::Bombard(_)) => self.apply_pass_bombard(side),
            Action::Pass
            | Action::Land
            | Action::LandMove(_)
            | Action::Raid { .. }
            | Action::Amphibious(_)
            | Action::ShipMove(_) => self.apply_begin(side, a),
            Action::Reinforce { unit, to } => self.apply_reinforce(side, unit, to),
            Action::Go { unit, to } => self.apply_go(unit, to),
            Action::Done => self.apply_done(),
            Action::Battle(l) => self.start_battle(l),
            Action::Fire | Action::Retreat => self.apply_stay(a),
            Action::Hit(u) => self.apply_hit(u),
            Action::Restore(u) => self.apply_restore(u),
        }
    }
}
