//! French & Indian War: Solitaire: one player against the BOT, from 1755 to 1760, every rule
//! enforced, from either side.
//!
//! The text has no section numbers; fiw numbers its headings in order (see `fiw rules
//! solitaire`), and modules follow them: [`map`] (2 Game Board), [`armies`] (3.2), `setup` (4),
//! `sequence` (5, 6) with the [`turn_track`] (5.1), `legal` (7 Using Action Points), `bot`
//! (7, the BOT Action Charts in [`charts`]), `attack` (8, the Advance Result Chart), `ocean`
//! (9), `indians` (10), `victory` (11). [`view`] is the board as text, [`heuristic`] the
//! rule-of-thumb player, [`rulebook`] what `fiw rules solitaire` prints.
//!
//! Every value the text does not print (the routes, the Turn Track, the charts, the later
//! armies) lives in `data/*.toml`, marked `assumed = "why"`.

pub mod actions;
pub mod armies;
pub mod attack;
mod bot;
pub mod charts;
pub mod data;
pub mod figures;
mod game;
pub mod heuristic;
mod indians;
pub mod invariants;
mod legal;
pub mod map;
mod ocean;
pub mod rulebook;
pub mod rules_version;
mod sequence;
mod setup;
pub mod side;
pub mod state;
pub mod turn_track;
pub mod victory;
pub mod view;

pub use actions::Action;
pub use bot::BotChoice;
pub use game::SEASON_KEYS;
pub use side::{Side, BOT, PLAYER};
pub use state::{Board, Indians, Options, Pending, Settlement, Solitaire, Step, Tally};

/// Where an entry of a data file is, for error messages: `file line N`, N being the line of the
/// last of `keys` (whole lines such as `id = "ohio"`, each looked for after the one before), or
/// just `file` if they are not found (toml's own errors carry their line already).
pub(crate) fn located(file: &str, text: &str, keys: &[String]) -> String {
    let mut from = 0;
    let mut line = None;
    for key in keys {
        match text
            .lines()
            .enumerate()
            .skip(from)
            .find(|(_, l)| l.trim() == key.as_str())
        {
            Some((i, _)) => {
                line = Some(i + 1);
                from = i + 1;
            }
            None => return file.to_string(),
        }
    }
    line.map_or_else(|| file.to_string(), |n| format!("{file} line {n}"))
}

/// Folds a multi-line message (toml's errors) onto one line.
pub(crate) fn one_line(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}
