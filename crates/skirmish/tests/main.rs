//! The tests of fiw-skirmish, one test binary: each file beside this one is a module of it (`cargo
//! test -p fiw-skirmish --test skirmish audit_high::` runs one file's tests). A binary for each
//! file compiled and linked the crate's generic code again for each; one does it once.

// the long audits and properties build views, texts and menus at every step of thousands of
// games: about a quarter faster on mimalloc than on glibc's malloc (the workspace's Cargo.toml)
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod common;

mod audit_high;
mod audit_low;
mod audit_medium;
mod engineering;
mod general;
mod horses_and_guns;
mod leaders;
mod rulebook;
mod rulebook_fire;
mod scenarios;
mod secrets;
mod set_up;
