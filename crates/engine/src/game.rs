use crate::{Dice, Log, RuleError};
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
    /// The version of the rules this build plays: bumped with every change that alters what
    /// an action does (what it is legal, what it rolls, what it changes), never for wording.
    /// Saves and stored games record it ([`crate::RulesChange`]).
    const RULES_VERSION: u32;
    /// What changed at each version after the first, oldest first
    /// ([`crate::check_changes`] holds it to [`Game::RULES_VERSION`]).
    const RULES_CHANGES: &'static [crate::RulesChange];

    /// A new game with dice seeded from `seed`. Errors name the option that is wrong.
    fn new(options: &Self::Options, seed: u64) -> Result<Self, RuleError> {
        Self::with_dice(options, Dice::new(seed))
    }

    /// A new game rolling `dice`: seeded ones, or [`Dice::manual`] ones that people roll (a
    /// set-up that deals cards asks for them). Errors name the option that is wrong.
    fn with_dice(options: &Self::Options, dice: Dice) -> Result<Self, RuleError>;

    /// The state's dice, for a front end that asks people for rolls ([`Dice::take_need`],
    /// [`Dice::force`]); `None` for a game without chance.
    fn dice_mut(&mut self) -> Option<&mut Dice> {
        None
    }

    /// The state's dice, to read (a save records the answers of manual dice); `None` for a
    /// game without chance.
    fn dice(&self) -> Option<&Dice> {
        None
    }

    /// The seat that must decide now, or `None` once the game is over.
    fn to_move(&self) -> Option<Seat>;

    /// Appends every legal action of the deciding seat to `out` (cleared first). Equivalent
    /// actions (two identical full-strength blocks) may be listed once.
    fn legal_actions(&self, out: &mut Vec<Self::Action>);

    /// Whether `action` is legal now, and if not, which rule refuses it.
    fn check(&self, action: &Self::Action) -> Result<(), RuleError>;

    /// Whether `action` is legal now: [`Game::check`] without the reason. A game may answer
    /// it without writing the sentence a refusal carries (a computer player asks it of many
    /// candidates and reads no reasons); it must always agree with `check`.
    fn is_legal(&self, action: &Self::Action) -> bool {
        self.check(action).is_ok()
    }

    /// The candidate actions of one part of the deciding seat's choice (in D3, the orders of
    /// unit `part`), in the order [`Game::legal_actions`] lists them, without checking them:
    /// the legal list is these, less those [`Game::check`] refuses.
    ///
    /// A miniatures game lists a hundred moves a decision and checks each against the table and
    /// every unit on it; a computer player that weighs a unit's candidates first can ask the
    /// rules about only the best ([`crate::Policy::propose`]), and skip the units it leaves
    /// where they are. It must hold nothing the seat may not know. The default lists nothing
    /// (the game has no such parts).
    fn candidates(&self, part: usize, out: &mut Vec<Self::Action>) {
        let _ = part;
        out.clear();
    }

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

    /// What a policy is shown through [`crate::Seen::view`]: the seat's view, or a part of it.
    ///
    /// A computer player decides hundreds of times a game, and thousands of times a second in
    /// search playouts; a game may leave out of this view what only people read (the legal
    /// actions spelled out, the log), which the policy has in other forms. It must never hold
    /// more than [`Game::view`]: the default is the whole view.
    fn policy_view(&self, seat: Seat) -> Self::View {
        self.view(seat)
    }

    /// What someone who holds no seat may know: a spectator's view. It holds no seat's
    /// secrets (blocks face down, hands as counts, hidden units unseen, plans unsaid), so it
    /// is at most what every seat knows; a front end draws it as it draws a seat's view.
    fn public_view(&self) -> Self::View;

    /// Everything, face up: every block, hand, plan and hidden unit. This is the reveal a
    /// front end shows once the game is over, and never before (the view itself does not know
    /// who asks, so the caller keeps that rule).
    fn whole_view(&self) -> Self::View;

    /// The board as text from `seat`'s side of the table (built from the view).
    fn render(&self, seat: Seat) -> String;

    /// The stable text form of an action, as typed at the prompt and written in saves.
    fn action_text(&self, action: &Self::Action) -> String;

    /// A note for menus beside an action (e.g. the chance an attack succeeds with every
    /// modifier applied), or `None`. Never part of the action's text, which is the save format.
    fn action_note(&self, action: &Self::Action) -> Option<String> {
        let _ = action;
        None
    }

    /// What the game waits for, in words, for `seat` (`None`: someone who holds no seat), with
    /// the rule section it cites in parentheses (`You choose an action (8.3)`); `None` for a
    /// game that leaves the wording to its front ends.
    fn prompt(&self, seat: Option<Seat>) -> Option<String> {
        let _ = seat;
        None
    }

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

    /// A state drawn at random among those `seat` cannot tell from this one, with fresh dice.
    ///
    /// This is the hook information-set search needs (OpenSpiel's `ResampleFromInfostate`): the
    /// AI imagines the hidden parts (the enemy's blocks, hand, secret plan) with `dice` and never
    /// reads them from the true state. Everything `seat` may know must be kept as it is, so the
    /// returned state gives `seat` the same view and the same legal actions; everything else,
    /// including the future rolls, must be drawn using only `dice` and what `seat` may know, so
    /// two states that `seat` cannot tell apart give the same result for the same `dice`.
    ///
    /// The default suits open-information games: a copy whose dice are [`Game::reseed`]ed.
    fn determinize(&self, seat: Seat, dice: &mut Dice) -> Self {
        let _ = seat;
        let mut copy = self.clone();
        copy.reseed(dice.next_seed());
        copy
    }

    /// Gives the state's own dice a new seed (and drops any forced results), so that the rolls
    /// to come are unknown rather than fixed by the true game's seed.
    ///
    /// The default does nothing, which is right only for games without chance. A game with
    /// chance MUST override it (usually `self.dice.reseed(seed)`): otherwise search replays the
    /// true game's future rolls, and an AI would plan with dice it cannot know.
    fn reseed(&mut self, seed: u64) {
        let _ = seed;
    }

    /// Empties the event log and turns it off. Search makes a copy of the state for every
    /// iteration, and a copy that drags along the whole history of the game pays for it each
    /// time.
    ///
    /// The default only turns logging off (correct, only slower for a long log); games override
    /// it with `self.log = Log::new(false)`.
    fn clear_log(&mut self) {
        self.set_logging(false);
    }

    /// The game's own rule-of-thumb player, if it has one (`--seat SIDE=heuristic`): the
    /// baseline the search AI is measured against, and a candidate rollout policy.
    fn heuristic_policy(_seed: u64) -> Option<Box<dyn crate::Policy<Self>>> {
        None
    }

    /// The search AI that takes a seat as `ai` (and answers `hint`), with this budget and seed.
    ///
    /// The default is the kernel's information-set MCTS with random playouts, honest in any game
    /// that implements [`Game::determinize`]. A game whose random playouts say little (where
    /// random play always loses for one side) supplies a search guided by its heuristic, such as
    /// [`crate::RolloutSearch`].
    fn search_ai(config: crate::SearchConfig) -> Box<dyn crate::Advisor<Self>> {
        Box::new(crate::IsMcts::new(config))
    }

    /// The budget of [`Game::search_ai`] when none is given: whichever comes first of so many
    /// iterations (playouts) and so much time per decision.
    fn default_ai_limits() -> crate::SearchLimits {
        crate::SearchLimits {
            iterations: Some(2_000),
            time: Some(std::time::Duration::from_millis(1_000)),
        }
    }

    /// The seat index for a seat name.
    fn seat_named(name: &str) -> Option<Seat> {
        Self::SEATS.iter().position(|s| *s == name)
    }
}
