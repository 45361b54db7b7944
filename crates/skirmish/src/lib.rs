//! The figure-scale French & Indian War skirmish rules on a digital table: every figure
//! individually placed and measured, card activation from a 52-card deck, control checks,
//! leaders' personalities, charges with reactions and reserved fire, small arms and artillery,
//! casualties with their holding area, charge resolution by pairs, morale, concealment and
//! spotting, fires, breaching and engineering; with the text's two scenarios (Relief Column,
//! Raid) and the project's own Siege Sortie.
//!
//! The rules are read in ../shared/rules/skirmish.md; every section number in a doc comment,
//! a `// 6.2` or a [`fiw_engine::RuleError`] is the text's (or the reading's, where the print
//! lost it), and [`rulebook::rulebook`] lists them with their code and tests.
//!
//! # Design
//! - Data: [`troops::Charts`] (`data/charts.toml`: the movement chart, weapons, guns, bases)
//!   and [`Scenario`] (`data/scenarios/*.toml`: the table as a `fiw_table::Layout` with the
//!   skirmish rules' own features, the victory conditions, every unit figure by figure),
//!   checked on load with one-line errors naming the field ([`DataError`]) and bounded.
//! - State: [`Skirmish`] holds every [`Figure`] (the truth for every measure), every [`Unit`]
//!   with its formation as the engine keeps it ([`formation`]), the battalions, the deck, the
//!   activation under way, the buildings, obstacles and works, the dice and the log.
//! - Orders: [`Action`] is `Copy`: units and figures as numbers, places and distances in
//!   tenths of an inch, angles in whole degrees.
//! - Hidden information (7.7): a hidden unit is absent from the other side's view and log;
//!   the undrawn cards' order is secret; `determinize` puts hidden units where the side could
//!   believe them and reshuffles the undrawn cards.
//! - The computer general: [`general`] (`heuristic`; the `ai` seat adds playouts).
#![deny(missing_docs)]

pub mod actions;
mod activation;
pub mod ai;
pub mod artillery;
pub mod board_data;
mod buildings;
pub mod casualties;
mod charge;
pub mod command;
mod concealment;
pub mod deck;
mod engineering;
mod entering;
pub mod fire;
pub mod formation;
mod game;
pub mod general;
mod horses;
pub mod leaders;
mod melee;
mod menu;
mod messenger;
mod morale;
mod movement;
pub mod odds;
pub mod order_words;
mod render;
mod retreats;
pub mod rulebook;
mod rules;
pub mod rules_version;
pub mod scenario;
mod set_up;
mod set_up_plans;
mod sight;
pub mod state;
pub mod svg;
mod terrain;
pub mod troops;
mod victory;
mod wording;
mod works;

pub use actions::{Action, Shape};
pub use concealment::slug;
pub use fiw_table::DataError;
pub use game::{FigureView, UnitView, View};
pub use horses::Help;
pub use melee::Pair;
pub use scenario::{Scenario, Side, SCENARIOS};
pub use state::{
    Activation, Actor, Control, Done, Figure, Last, Messenger, Options, Out, Phase, Reaction,
    Skirmish, Stage, Status, Unit,
};
pub use terrain::Mover;
