//! D3 Horse & Musket on a digital table: the D3 variant of the One-Hour Wargames horse and
//! musket rules, played on `fiw-table`'s geometry, with the Fort Oswego scenario of the French
//! & Indian War campaign and an open-field meeting engagement for learning the rules.
//!
//! The rules are read in ../shared/rules/tabletop.md; every rule named in a doc comment or a
//! [`fiw_engine::RuleError`] (Movement, Shooting, Eliminating Units…) is a heading of the D3
//! text, and [`rulebook::rulebook`] lists them with their code and tests.
//!
//! # Design
//! - Data: [`units::Units`] (`data/units.toml`: moves, ranges, dice, bases) and
//!   [`Scenario`] (`data/scenarios/*.toml`: the table as a `fiw_table::Layout`, deployment
//!   zones, keep-off distances, units), both checked on load with one-line errors naming the
//!   field ([`DataError`]).
//! - State: [`D3`] holds every [`Unit`] (pose, hits, moved/shot flags, the shooting marker,
//!   square, a charge to resolve), the active army and [`Phase`], the round, each army's
//!   resolve and whether its commander has given orders, a pending choice to retire from fire,
//!   the kernel's dice and log. The scenario is shared (`Arc`) and not serialised: the options
//!   name it.
//! - Orders: [`Action`] is `Copy`: unit numbers as bytes, places in tenths of an inch, facings
//!   in whole degrees. `check` accepts any legal point; `legal_actions` lists a sampled set.
//! - Speed: the movement phase's candidate orders, the shots of a shooting phase and each
//!   unit's engagement are kept from one decision to the next and worked out again only where
//!   a change could reach (`candidates.rs`; the property tests hold them to fresh answers);
//!   the lists are rebuilt when asked for, and the computer general does not ask for them in
//!   the movement phase: it weighs a unit's candidates (`Game::candidates`) and asks the rules
//!   only about the best (`Game::is_legal`, which refuses without writing a sentence).
//! - The computer general: [`general`] (the `heuristic` seat; the `ai` seat adds playouts at
//!   its shooting and retiring decisions).
//! - Sequence: movement (move, square, charge) → `pass` → shooting (shoot; a shot cavalry or
//!   skirmish unit's army may answer `retire`) → `pass` (charges resolve) → `pass`
//!   (elimination, army resolve, the other army's turn).
#![deny(missing_docs)]

pub mod actions;
pub mod army;
pub mod board_data;
mod candidates;
mod decimal;
pub mod dice;
mod game;
pub mod general;
mod odds;
pub mod rulebook;
mod rules;
pub mod rules_version;
pub mod scenario;
pub mod state;
pub mod svg;
pub mod units;
mod words;

pub use actions::Action;
pub use fiw_table::DataError;
pub use game::{UnitView, View};
pub use rules::STOP_GRAIN;
pub use scenario::{Army, Scenario, SCENARIOS};
pub use state::{Charge, Options, Phase, Unit, D3};
pub use units::{units, Stats, Type, Units};
