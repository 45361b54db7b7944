//! Louisbourg 1758: the two-player block game of the 1758 siege, every rule enforced.
//!
//! Modules follow the rulebook's chapters: [`board`] (3), [`forces`] (4, 5), [`cards`] and
//! `play` (6), `setup` (7, 14), `sequence` (8, 8.1, 13), `bombard` (8.2), `moves` (8.3, 12),
//! `battle` (9, 10, 11) with the dice arithmetic in [`fire`]; [`view`] is what one seat may
//! know; [`odds`] computes exact battle odds, and `notes` the odds a menu shows beside an
//! action, from the deciding seat's knowledge.
pub mod actions;
pub mod ai;
mod battle;
pub mod board;
mod bombard;
pub mod cards;
pub mod fire;
pub mod forces;
mod game;
pub mod heuristic;
mod legal;
mod moves;
mod notes;
pub mod odds;
mod play;
mod resample;
pub mod rulebook;
pub mod rules_version;
mod sequence;
mod setup;
pub mod state;
pub mod view;

pub use actions::Action;
pub use forces::Side;
pub use state::{Louisbourg, Options, Shares, Step};
