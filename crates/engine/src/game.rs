use crate::{Log, RuleError};
use serde::{de::DeserializeOwned, Serialize};
use std::fmt::Debug;

/// A seat at the table: an index into [`Game::SEATS`].
pub type Seat = usize;

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Outcome {
    /// The winning seat, or `None` for a draw.
    pub winner: Option<Seat>,
    /// The turn on which the game ended.
    pub turn: u32,
    /// Why, in words (the victory condition that fired).
    pub reason: String,
}

/// A game as a state machine: whose decision it is, which actions are legal, and what each does.
///
/// Big choices are split into small steps so each decision has a short list of actions. Chance
/// is inside the state (its [`crate::Dice`]), so `apply` may roll; a state with the same options,
/// seed and actions is always the same state.
pub trait Game: Clone + Send + Sync + Serialize + Sized + 'static {
    /// One step of a decision. Small and `Copy` so search can keep millions.
    type Action: Copy + Eq + Debug + Send + Sync + Serialize + DeserializeOwned;
    /// Set-up choices (scenario, variant rules, forced deck order for tests).
    type Options: Clone + Default + Debug + Send + Sync + Serialize + DeserializeOwned;
    /// What one seat may know, for front ends and AIs.
    type View: Serialize;

    /// The name on the command line (`louisbourg`).
    const NAME: &'static str;
    /// Seat names, in index order.
    const SEATS: &'static [&'static str];

    /// A new game. Errors name the option that is wrong.
    fn new(options: &Self::Options, seed: u64) -> Result<Self, RuleError>;

    /// The seat that must decide now, or `None` once the game is over.
    fn to_move(&self) -> Option<Seat>;

    /// Appends every legal action of the deciding seat to `out` (cleared first). Equivalent
    /// actions (two identical full-strength blocks) may be listed once.
    fn legal_actions(&self, out: &mut Vec<Self::Action>);

    /// Whether `action` is legal now, and if not, which rule refuses it.
    fn check(&self, action: &Self::Action) -> Result<(), RuleError>;

    /// Applies an action already known to be legal (from `legal_actions` or `check`).
    fn apply_unchecked(&mut self, action: Self::Action);

    /// Checks, then applies. On error the state is unchanged.
    fn apply(&mut self, action: Self::Action) -> Result<(), RuleError> {
        self.check(&action)?;
        self.apply_unchecked(action);
        Ok(())
    }

    /// Set once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// Everything `seat` may know, and nothing more.
    fn view(&self, seat: Seat) -> Self::View;

    /// The board as text from `seat`'s side of the table (built from the view).
    fn render(&self, seat: Seat) -> String;

    /// The stable text form of an action, as typed at the prompt and written in saves.
    fn action_text(&self, action: &Self::Action) -> String;

    /// Reads typed text as an action of the current decision (not yet checked for legality).
    fn parse_action(&self, text: &str) -> Result<Self::Action, RuleError>;

    /// The event log.
    fn log(&self) -> &Log;

    /// Turns the event log on or off (simulations run without it).
    fn set_logging(&mut self, on: bool);

    /// A counter that grows whenever chance or hidden information is resolved (a roll, a draw,
    /// a reveal). Undo never crosses a change of it.
    fn chance_epoch(&self) -> u64;

    /// The current turn number.
    fn turn(&self) -> u32;

    /// Game-specific figures for `fiw sim` to average (e.g. British SP at the end).
    fn metrics(&self) -> Vec<(&'static str, f64)> {
        Vec::new()
    }

    /// A stable fingerprint of the whole state, for proving replays.
    fn digest(&self) -> String {
        use sha2::{Digest, Sha256};
        let bytes = serde_json::to_vec(self).unwrap_or_default();
        let hash = Sha256::digest(&bytes);
        hash.iter().take(12).map(|b| format!("{b:02x}")).collect()
    }

    /// Every rule section with where it is implemented and tested, and every assumed value.
    fn rulebook() -> crate::RuleBook {
        crate::RuleBook::default()
    }

    /// The seat index for a seat name.
    fn seat_named(name: &str) -> Option<Seat> {
        Self::SEATS.iter().position(|s| *s == name)
    }
}
