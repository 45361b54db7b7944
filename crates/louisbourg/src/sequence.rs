//! 8 the sequence of play: 8.1 the operational phase (player order, card draw, weather), the
//! order of the bombardment and player action phases, and 13 the end-of-turn victory check.

use crate::board::*;
use crate::cards::{deck, Effect, Window};
use crate::forces::{Kind, Side};
use crate::state::{Effects, Ending, Louisbourg, Pool, Step, Then, LAST_TURN};
use fiw_engine::Outcome;

impl Louisbourg {
    /// Starts the turn in `self.turn`: clears the turn's flags and runs the operational phase.
    pub(crate) fn begin_turn(&mut self) {
        self.reset_turn();
        let turn = self.turn;
        self.log.public(|| format!("— Turn {turn} —"));
        if self.turn == 1 {
            // 8.1.1 on the first turn the British go first
            self.order = [Side::British, Side::French];
            self.after_order();
        } else {
            // 8.1.1 both roll; the higher picks who goes first, the French on a tie
            self.dice.ask(2, 6, || {
                format!("Player order of turn {turn} (8.1.1): the British die, then the French die")
            });
            let (b, f) = (self.dice.d6(), self.dice.d6());
            self.bump_epoch();
            self.order_roll = Some((b, f));
            let decider = if b > f { Side::British } else { Side::French };
            self.log.public(|| format!("Player order roll: British {b}, French {f}; the {} decide who goes first (8.1.1).", decider.name()));
            self.set_step(Step::ChooseFirst(decider));
        }
    }

    /// Clears what lasts only one turn: moves made, ships used, cards played, card effects.
    pub(crate) fn reset_turn(&mut self) {
        for u in &mut self.units {
            u.steps = 0;
            u.weak = false;
            u.from = ELIMINATED;
        }
        self.card_used = [false; 2];
        self.played = [None; 2];
        self.effects = [Effects::default(); 2];
        self.rough_seas = false;
        self.order_roll = None;
    }

    pub(crate) fn apply_first(&mut self, first: Side) {
        self.order = [first, first.other()];
        self.log
            .public(|| format!("The {} go first this turn.", first.name()));
        self.after_order();
    }

    pub(crate) fn after_order(&mut self) {
        self.draws_done = 0;
        self.continue_draws();
    }

    /// 6 draws one card from the top of the deck into a side's hand; with real cards (manual
    /// dice), the card the player drew, named among those still in the deck.
    pub(crate) fn draw_card(&mut self, side: Side) -> Option<crate::cards::CardId> {
        if self.deck.is_empty() {
            return None;
        }
        let left = |deck: &[crate::cards::CardId]| {
            let mut left = deck.to_vec();
            left.sort_unstable();
            left
        };
        let picked = self.dice.pick(|| {
            let names = left(&self.deck)
                .into_iter()
                .map(|c| crate::cards::deck().table_name(c))
                .collect();
            (
                format!(
                    "The {} draw a card from the deck (6.1; an Attrition card with its flag, \
                     e.g. Attrition (French))",
                    side.name()
                ),
                names,
            )
        });
        let card = match picked.and_then(|i| left(&self.deck).get(i).copied()) {
            Some(c) => {
                let at = self.deck.iter().position(|&d| d == c)?;
                self.deck.remove(at)
            }
            None => self.deck.pop()?,
        };
        self.hands[side.seat()].push(card);
        let d = deck().card(card);
        self.log
            .public(|| format!("The {} draw a card.", side.name()));
        self.log
            .private(side.seat(), || format!("You draw: {} ({})", d.name, d.id));
        Some(card)
    }

    /// 8.1.2 on odd turns each side in player order draws a card if it holds fewer than 3;
    /// 6.1 an attrition card drawn by its own side is played at once as that side's card.
    pub(crate) fn continue_draws(&mut self) {
        // two half-steps per side in player order: an attrition card of its own already in
        // hand (only from the deal) is played first, then the side draws
        while (self.draws_done as usize) < 4 {
            let side = self.order[self.draws_done as usize / 2];
            let drawing = self.draws_done % 2 == 1;
            self.draws_done += 1;
            if !drawing {
                if let Some(own) = self.own_attrition_in_hand(side) {
                    self.play_attrition(side, own);
                    return;
                }
                continue;
            }
            if self.turn % 2 == 1 && self.hands[side.seat()].len() < crate::state::HAND_LIMIT {
                if self.draw_card(side).is_some() {
                    self.bump_epoch();
                }
                if let Some(own) = self.own_attrition_in_hand(side) {
                    self.play_attrition(side, own);
                    return;
                }
            }
        }
        // 8.1.3 weather on even turns
        if self.turn.is_multiple_of(2) {
            self.dice.ask(1, 6, || {
                "Weather (8.1.3): the British roll one die, 5 or 6 is rough seas".into()
            });
            let roll = self.dice.d6();
            self.bump_epoch();
            self.rough_seas = roll >= 5;
            let what = if self.rough_seas {
                "rough seas: no British amphibious or ship move this turn"
            } else {
                "fair"
            };
            self.log
                .public(|| format!("Weather roll {roll}: {what} (8.1.3)."));
        }
        self.set_step(Step::Bombard(self.order[0]));
        self.skip_idle_steps();
    }

    fn own_attrition_in_hand(&self, side: Side) -> Option<usize> {
        self.hands[side.seat()].iter().position(|&c| {
            let d = deck().card(c);
            d.flag == side && d.when == Window::Drawn
        })
    }

    fn play_attrition(&mut self, side: Side, index: usize) {
        let card = self.hands[side.seat()].remove(index);
        self.card_used[side.seat()] = true;
        self.played[side.seat()] = Some(card);
        let d = deck().card(card);
        self.log.public(|| {
            format!(
                "The {} must play {} ({}) at once (6.1).",
                side.name(),
                d.name,
                d.id
            )
        });
        let sp = match d.effect {
            Effect::Attrition { sp } => sp,
            _ => 0,
        };
        self.discards += 1;
        self.start_hits(side, sp, Pool::Army, Then::Attrition);
    }

    /// Moves past decision steps that offer nothing but passing: a bombardment step with no
    /// target and no playable card is skipped, so play flows without empty prompts.
    pub(crate) fn skip_idle_steps(&mut self) {
        loop {
            match self.step {
                Step::Bombard(side) if !self.has_bombard_options(side) => self.after_bombard(side),
                _ => return,
            }
        }
    }

    /// 8.2 after a side's bombardment step: the other side's, then the action phases.
    pub(crate) fn after_bombard(&mut self, side: Side) {
        if side == self.order[0] {
            self.set_step(Step::Bombard(self.order[1]));
        } else {
            self.begin_action(self.order[0]);
        }
    }

    /// 8.3 a side's player action phase begins.
    pub(crate) fn begin_action(&mut self, side: Side) {
        self.active = side;
        self.road_used = [0; crate::board::MAX_ROADS];
        self.amphibious_into = 0;
        self.raid = false;
        self.reinforcement_attack = false;
        self.set_step(Step::Action(side));
    }

    /// 8.3 once the action is used, its battles are fought (9.1); then the next phase.
    pub(crate) fn end_action(&mut self) {
        let side = self.active;
        let mut pending = 0u32;
        for l in 0..PLACES as Loc {
            if l == BRITISH_BOX || l == REINFORCEMENTS || l == ELIMINATED {
                continue;
            }
            if self.occupies(side, l) && self.occupies(side.other(), l) {
                pending |= 1 << l;
            }
        }
        self.pending = pending;
        self.next_battle();
    }

    /// 8.3 after the battles of a side's action.
    pub(crate) fn after_battles(&mut self) {
        self.update_control();
        if self.active == self.order[0] {
            self.begin_action(self.order[1]);
        } else {
            self.end_turn();
        }
    }

    /// 13 how to win, checked at the end of every turn.
    fn end_turn(&mut self) {
        let sp = self.british_sp();
        let turn = self.turn as u32;
        let in_fortress = self
            .at(Side::British, LOUISBOURG)
            .any(|(i, _)| self.kind_of(i) != Kind::Ship);
        let in_harbor = self.occupies(Side::British, LOUISBOURG_HARBOR);
        let least = self.victory_sp();
        let outcome = if sp < least {
            Some((
                Ending::BelowSp,
                Outcome {
                    winner: Some(Side::French.seat()),
                    turn,
                    reason: format!("the British army fell to {sp} SP, below {least} (13)"),
                },
            ))
        } else if in_fortress || in_harbor {
            let what = if in_fortress {
                "a British army unit holds Louisbourg"
            } else {
                "a British ship holds Louisbourg Harbor"
            };
            let ending = if in_fortress {
                Ending::Fortress
            } else {
                Ending::Harbor
            };
            Some((
                ending,
                Outcome {
                    winner: Some(Side::British.seat()),
                    turn,
                    reason: format!("{what} with {sp} British army SP (13)"),
                },
            ))
        } else if self.turn >= LAST_TURN {
            Some((
                Ending::Time,
                Outcome {
                    winner: Some(Side::French.seat()),
                    turn,
                    reason: "the British have not won by the end of turn 16 (13)".into(),
                },
            ))
        } else {
            None
        };
        if let Some((ending, o)) = outcome {
            self.ending = Some(ending);
            let who = if o.winner == Some(0) {
                "British"
            } else {
                "French"
            };
            let why = o.reason.clone();
            self.log
                .public(|| format!("The {who} win on turn {turn}: {why}."));
            self.outcome = Some(o);
            self.battle = None;
            self.set_step(Step::Over);
            self.bump_epoch();
            return;
        }
        self.turn += 1;
        self.begin_turn();
    }
}
