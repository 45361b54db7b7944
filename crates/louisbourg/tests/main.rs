//! The tests of fiw-louisbourg, one test binary: each file beside this one is a module of it
//! (`cargo test -p fiw-louisbourg --test louisbourg ai::` runs one file's tests). A binary for each
//! file compiled and linked the crate's generic code again for each; one does it once.

// the long audits and properties build views, texts and menus at every step of thousands of
// games: about a quarter faster on mimalloc than on glibc's malloc (the workspace's Cargo.toml)
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod ai;
mod audit_2026_12_04;
mod forces;
mod heuristic;
mod manual_dice;
mod notes;
mod odds_vs_battles;
mod properties;
mod rulebook;
mod secrets;
