//! Louisbourg 1758 behind the engine's `Game` trait.

use crate::actions::Action;
use crate::forces::Side;
use crate::state::{Louisbourg, Options};
use crate::view::View;
use fiw_engine::{Dice, Game, Log, Outcome, RuleBook, RuleError, Seat};

impl Game for Louisbourg {
    type Action = Action;
    type Options = Options;
    type View = View;

    const NAME: &'static str = "louisbourg";
    const SEATS: &'static [&'static str] = &["british", "french"];

    fn new(options: &Options, seed: u64) -> Result<Self, RuleError> {
        Louisbourg::with_options(options, seed).map_err(RuleError::input)
    }

    fn to_move(&self) -> Option<Seat> {
        self.decider().map(Side::seat)
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.candidates(out);
    }

    fn check(&self, action: &Action) -> Result<(), RuleError> {
        self.why_not(action)
            .map_err(|w| RuleError::new(w.rule, w.msg))
    }

    fn apply_unchecked(&mut self, action: Action) {
        self.apply_action(action);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn view(&self, seat: Seat) -> View {
        self.view_of(Side::of_seat(seat))
    }

    fn policy_view(&self, seat: Seat) -> View {
        self.policy_view_of(Side::of_seat(seat))
    }

    fn render(&self, seat: Seat) -> String {
        self.render_for(Side::of_seat(seat))
    }

    fn action_text(&self, action: &Action) -> String {
        action.text()
    }

    /// The odds of the battle an action starts or goes on with, and a bombardment's expected
    /// losses, from the deciding seat's knowledge only (`notes.rs`).
    fn action_note(&self, action: &Action) -> Option<String> {
        self.note(action)
    }

    fn parse_action(&self, text: &str) -> Result<Action, RuleError> {
        let a = Action::parse(text)?;
        // identical copies of a card share a name: take the copy in the deciding side's hand
        let in_hand = |c: u8| {
            let id = &crate::cards::deck().card(c).id;
            self.decider()
                .and_then(|s| {
                    self.hand(s)
                        .iter()
                        .copied()
                        .find(|&h| crate::cards::deck().card(h).id == *id)
                })
                .unwrap_or(c)
        };
        Ok(match a {
            Action::Play(c) => Action::Play(in_hand(c)),
            Action::Discard(c) => Action::Discard(in_hand(c)),
            other => other,
        })
    }

    fn log(&self) -> &Log {
        &self.log
    }

    fn set_logging(&mut self, on: bool) {
        self.log.set_on(on);
    }

    fn chance_epoch(&self) -> u64 {
        self.epoch
    }

    fn turn(&self) -> u32 {
        self.turn as u32
    }

    fn metrics(&self) -> Vec<(&'static str, f64)> {
        vec![
            ("british_sp", self.british_sp() as f64),
            ("french_sp", self.side_sp(Side::French) as f64),
        ]
    }

    /// Search samples what the seat cannot see (enemy blocks, hands, the plan) and the dice.
    fn determinize(&self, seat: Seat, dice: &mut Dice) -> Self {
        self.resample_hidden(Side::of_seat(seat), dice)
    }

    fn reseed(&mut self, seed: u64) {
        self.dice.reseed(seed);
    }

    fn clear_log(&mut self) {
        self.log = Log::new(false);
    }

    /// The rule-of-thumb player of `heuristic.rs` (15.1, 15.2 strategy), reading only its view.
    fn heuristic_policy(seed: u64) -> Option<Box<dyn fiw_engine::Policy<Self>>> {
        Some(Box::new(crate::heuristic::Heuristic::new(seed)))
    }

    /// The heuristic improved by playouts at its big decisions (`ai.rs`).
    fn search_ai(config: fiw_engine::SearchConfig) -> Box<dyn fiw_engine::Advisor<Self>> {
        crate::ai::search_ai(config)
    }

    fn default_ai_limits() -> fiw_engine::SearchLimits {
        crate::ai::default_limits()
    }

    fn rulebook() -> RuleBook {
        crate::rulebook::rulebook()
    }
}
