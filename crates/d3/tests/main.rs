//! The tests of fiw-d3, one test binary: each file beside this one is a module of it (`cargo test
//! -p fiw-d3 --test d3 audit_2026_12_04::` runs one file's tests). A binary for each file compiled
//! and linked the crate's generic code again for each; one does it once.

// the long audits and properties build views, texts and menus at every step of thousands of
// games: about a quarter faster on mimalloc than on glibc's malloc (the workspace's Cargo.toml)
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod common;

mod audit_2026_12_04;
mod properties;
mod rulebook;
mod scenarios;
mod secrets;
mod svg;
