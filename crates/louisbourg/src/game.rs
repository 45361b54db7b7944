//! Louisbourg 1758 behind the engine's `Game` trait.

use crate::actions::Action;
use crate::forces::Side;
use crate::state::{Ending, Louisbourg, Options};
use crate::view::View;
use fiw_engine::{Dice, Game, Log, Outcome, RuleBook, RuleError, Seat};

impl Game for Louisbourg {
    type Action = Action;
    type Options = Options;
    type View = View;

    const NAME: &'static str = "louisbourg";
    const SEATS: &'static [&'static str] = &["british", "french"];
    const RULES_VERSION: u32 = crate::rules_version::RULES_VERSION;
    const RULES_CHANGES: &'static [fiw_engine::RulesChange] = crate::rules_version::RULES_CHANGES;

    fn with_dice(options: &Options, dice: Dice) -> Result<Self, RuleError> {
        Louisbourg::with_options_and_dice(options, dice).map_err(RuleError::input)
    }

    fn dice_mut(&mut self) -> Option<&mut Dice> {
        Some(&mut self.dice)
    }

    fn dice(&self) -> Option<&Dice> {
        Some(&self.dice)
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

    fn prompt(&self, seat: Option<Seat>) -> Option<String> {
        Some(self.waiting_for(seat.map(Side::of_seat)))
    }

    fn view(&self, seat: Seat) -> View {
        self.view_of(Side::of_seat(seat))
    }

    fn public_view(&self) -> View {
        Louisbourg::public_view(self)
    }

    fn whole_view(&self) -> View {
        Louisbourg::whole_view(self)
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

    /// The text form of an action; 6.1 a card may also be named by its title (`play Thick
    /// Walls`), and a copy in the deciding side's hand is taken for a name several cards share.
    fn parse_action(&self, text: &str) -> Result<Action, RuleError> {
        let deck = crate::cards::deck();
        let hand: &[u8] = self.decider().map_or(&[], |s| self.hand(s));
        // the copy in hand of the card the player means, among the cards that answer to it
        let in_hand = |candidates: &[u8]| {
            candidates
                .iter()
                .find_map(|&c| {
                    hand.iter()
                        .copied()
                        .find(|&h| deck.first_copy[h as usize] == deck.first_copy[c as usize])
                })
                .or_else(|| candidates.first().copied())
        };
        let card_words = text
            .trim()
            .split_once(char::is_whitespace)
            .filter(|(verb, _)| matches!(*verb, "play" | "discard"));
        if let Some((verb, name)) = card_words {
            let Some(card) = in_hand(&deck.by_title(name)) else {
                return Err(RuleError::input(format!(
                    "unknown card '{}' (type its id or its title, as the board shows them)",
                    name.trim()
                )));
            };
            return Ok(if verb == "play" {
                Action::Play(card)
            } else {
                Action::Discard(card)
            });
        }
        Action::parse(text)
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

    /// The British army's SP (13), the French SP, and which condition of 13 ended the game
    /// (1 for the one that did): `fiw sim` averages them into how often each decides.
    fn metrics(&self) -> Vec<(&'static str, f64)> {
        let ended = |e: Ending| (self.ending == Some(e)) as u8 as f64;
        vec![
            ("british_sp", self.british_sp() as f64),
            ("french_sp", self.side_sp(Side::French) as f64),
            ("ended_below_24", ended(Ending::BelowSp)),
            ("ended_fortress", ended(Ending::Fortress)),
            ("ended_harbor", ended(Ending::Harbor)),
            ("ended_turn_16", ended(Ending::Time)),
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
