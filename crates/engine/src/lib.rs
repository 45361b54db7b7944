//! The fiw game kernel.
//!
//! Every game of fiw is a state machine behind the [`Game`] trait: the state says whose decision
//! it is, lists the legal actions, checks any proposed action against the rules and applies it.
//! Everything random comes from the state's own [`Dice`], so a game is fully described by its
//! options, its seed and its list of actions; that is what a [`SaveFile`] holds.
//!
//! Front ends (terminal, browser) and AIs see a game only through [`Game::view`], which carries
//! what one seat may know; policies get a [`Seen`], which exposes nothing else.
//!
//! The AIs are policies too: [`RandomPolicy`]; [`IsMcts`], information-set Monte Carlo tree
//! search (plain MCTS for open-information games); and [`RolloutSearch`], which improves a
//! game's own heuristic player by playing each option of a big decision out. A game picks its
//! `ai` seat with [`Game::search_ai`]. A game gives search what it needs through
//! [`Game::determinize`] (a state drawn among those a seat cannot tell from the true one) and
//! [`Game::reseed`] (fresh dice, so chance is sampled rather than foreseen).
#![deny(missing_docs)]

pub mod audit;
mod cites;
mod dice;
mod error;
mod fingerprint;
mod game;
mod log;
mod policy;
mod referee;
mod rollouts;
mod rulebook;
mod rules_version;
mod save;
mod search;
mod side;
mod sim;
#[cfg(test)]
mod toys;
mod undo;

pub use cites::{Cite, Sections};
pub use dice::{Ask, Dice, Need};
pub use error::{EngineError, RuleError};
pub use game::{Game, Outcome, Seat};
pub use log::{Entry, Log, Visibility};
pub use policy::{decide, Holds, Policy, RandomPolicy, Seen};
pub use referee::{apply_asking, secret_seed, set_up_asking};
pub use rollouts::{Advisor, DecisionFilter, Evaluation, Events, PolicyMaker, RolloutSearch};
pub use rulebook::{players_words, squash, AssumedValue, RuleBook, RuleSection, Sec};
pub use rules_version::{changes_between, check_changes, RulesChange};
pub use save::{game_of, replay, replay_stepwise, Replayed, SaveFile, MAX_SAVE_BYTES, SAVE_FORMAT};
pub use search::{
    ActionStats, Analysis, IsMcts, PolicyRollout, RandomRollout, Rollout, Sampling, SearchConfig,
    SearchLimits,
};
pub use side::Side;
pub use sim::{game_seed, play_out, simulate, wilson, GameRecord, SimOptions, SimReport};
pub use undo::UndoStack;
