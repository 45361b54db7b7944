//! The end-to-end tests of the `fiw` binary, one test binary: each file beside this one is a
//! module of it (`cargo test -p fiw-cli --test cli play::` runs one file's tests). Twelve
//! binaries each compiled and linked `common` again (62 s of compile units in a clean build);
//! one does it once (26 s).

mod common;

mod admin;
mod campaign;
mod cli;
mod d3_manual;
mod duties;
mod louisbourg;
mod operate;
mod play;
mod rules_versions;
mod serve;
mod skirmish;
mod solitaire;
