//! D3 Horse & Musket on a digital table: the D3 variant of the One-Hour Wargames horse and
//! musket rules, played on `fiw-table`'s geometry, with the Fort Oswego scenario of the French
//! & Indian War campaign and an open-field meeting engagement for learning the rules.
//!
//! The rules are read in ../shared/rules/tabletop.md; every rule named in a doc comment below
//! (Movement, Shooting, Eliminating Units…) is a heading of the D3 text.
#![deny(missing_docs)]

pub mod actions;
pub mod army;
pub mod dice;
mod game;
pub mod rulebook;
mod rules;
pub mod scenario;
pub mod state;
mod error;
pub mod units;

pub use actions::Action;
pub use error::DataError;
pub use game::{UnitView, View};
pub use state::{Options, Phase, Unit, D3};
pub use scenario::{Army, Scenario, SCENARIOS};
pub use units::{units, Stats, Type, Units};
