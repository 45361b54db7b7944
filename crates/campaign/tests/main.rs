//! The tests of fiw-campaign, one test binary: each file beside this one is a module of it (`cargo
//! test -p fiw-campaign --test campaign calibration::` runs one file's tests). A binary for each
//! file compiled and linked the crate's generic code again for each; one does it once.

mod common;

mod calibration;
mod campaign;
mod fort_battles;
mod properties;
mod town_battles;
mod two_players;
