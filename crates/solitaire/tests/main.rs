//! The tests of fiw-solitaire, one test binary: each file beside this one is a module of it (`cargo
//! test -p fiw-solitaire --test solitaire findings::` runs one file's tests). A binary for each
//! file compiled and linked the crate's generic code again for each; one does it once.
//!
//! Two files stay binaries of their own, for what they do to the whole process: allocations.rs
//! counts its allocations with an allocator of its own, and other_data.rs puts other data files
//! in use (the Turn Track and the armies are read once a process, as `FIW_SOLITAIRE_DATA` does).

mod findings;
mod heuristic;
mod manual_dice;
mod properties;
mod rulebook;
mod secrets;
mod settling;
mod two_players;
