//! Louisbourg 1758: the two-player block game of the 1758 siege, every rule enforced.
//!
//! Modules follow the rulebook's chapters: [`board`] (3), [`forces`] (4, 5), [`cards`] (6),
//! the state machine in [`state`] with set-up (7), the operational and bombardment phases (8.1,
//! 8.2), moves (8.3), battles and retreats (9–11), reinforcements (12) and victory (13); the
//! solitaire set-up (14); the per-seat [`view`]; and exact battle [`odds`].
pub mod board;
pub mod forces;
pub mod cards;
pub mod odds;
