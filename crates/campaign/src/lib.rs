//! The French & Indian War as one campaign (issue 39; docs/campaign.md): French & Indian War:
//! Solitaire's map is the strategy, and an attack on a town may be fought as a battle of
//! another of fiw's games, made from the situation on the map, whose result goes back to it.
//!
//! Built so far: the Solitaire hook (an attack waits to be settled outside), the situation an
//! attack is read into, the kind of battle it becomes, the markers as units, the D3 battle for
//! a fort and the skirmish battle for an open town made from them, each calibrated to the
//! chart, the Louisbourg game for the British siege of Louisbourg with its armies sized from
//! the markers, and the battle's end read back as the map's result.

pub mod advisor;
pub mod battle;
pub mod battles;
pub mod calibration;
pub mod fight;
pub mod forces;
pub mod fort;
pub mod game;
pub mod heuristic;
pub mod kind;
pub mod rulebook;
pub mod rules;
pub mod siege;
pub mod situation;
pub mod town;

pub use game::{Action, Campaign, Options};
pub use kind::BattleKind;
pub use situation::Situation;
