//! The host layer: the one place every front end (the terminal, the server) drives a game
//! through, so that adding a game touches no front end.
//!
//! - [`HostGame`] is what a front end needs of a game beyond [`fiw_engine::Game`]: options from
//!   set-up choices, the seats the rules play themselves, menu groups, drawings, the game's own
//!   commands. It is generic, so the terminal keeps its typed, zero-cost loop.
//! - [`for_game!`] is the one list of the games this build knows.
//! - [`Match`] is one game being played with the record a save holds: actions taken, undo
//!   as players trust it, manual dice asked for, the save.
//! - [`hosted::Hosted`] is any game behind one object-safe interface, spoken in text and JSON,
//!   so that a server holds games of every kind in one map; [`hosted::start`] sets one up.
//! - [`seats`] says who plays a seat (human, random, heuristic, ai) and gives the policy.
//!
//! The game crates are re-exported so front ends depend on games only through this crate.
#![deny(missing_docs)]

mod campaign;
mod error;
pub mod files;
pub mod games;
pub mod hosted;
mod record;
pub mod reference;
pub mod seats;

pub use error::{one_line, HostError, HostResult};
pub use games::{HostGame, SetupFlags, KNOWN, ONLINE};
pub use record::{Match, Taken};

pub use fiw_campaign;
pub use fiw_d3;
pub use fiw_louisbourg;
pub use fiw_skirmish;
pub use fiw_solitaire;
