//! `fiw replay FILE`: proves a save file by replaying it from its set-up and seed; with
//! `--seat SIDE`, shows the game as that side saw it.
//!
//! A save is the referee's record of the whole game (the seed, both sides' secrets), so it is
//! not something to hand an opponent. `--seat` replays it and prints only what that seat was
//! shown: the log lines it could read and its view at the end, never the other side's blocks,
//! cards or plans, nor the seed or the actions as typed (which may name hidden blocks).

use crate::play::read_save;
use crate::session::outcome_line;
use fiw_engine::{game_of, Game, Outcome, Visibility};
use fiw_host::for_game;
use fiw_host::games::seat_named;
use fiw_host::{HostError, HostResult};
use serde::Serialize;
use std::io::{self, Write};
use std::path::Path;

/// What `fiw replay --json` prints.
#[derive(Debug, Serialize)]
pub struct Verified {
    /// The game's name.
    pub game: String,
    /// Number of actions replayed.
    pub actions: usize,
    /// The dice seed.
    pub seed: u64,
    /// Fingerprint of the state the actions reach (equal to the file's).
    pub digest: String,
    /// How the game ended, if it did.
    pub outcome: Option<Outcome>,
    /// Always true: a save that does not verify is an error (exit 2).
    pub verified: bool,
}

/// What `fiw replay --seat SIDE --json` prints: the game as one seat saw it.
#[derive(Debug, Serialize)]
pub struct SeatReplay<V> {
    /// The game's name.
    pub game: String,
    /// The seat it is seen from.
    pub seat: String,
    /// Every log line the seat could read, in order.
    pub log: Vec<String>,
    /// The seat's view of the game as it stands at the end of the file.
    pub view: V,
    /// How the game ended, if it did.
    pub outcome: Option<Outcome>,
}

/// Runs `fiw replay`.
pub fn run(path: &Path, seat: Option<&str>, json: bool) -> HostResult {
    let text = read_save(path)?;
    let named = |e: HostError| match e {
        HostError::Usage(m) => HostError::usage(format!("{}: {m}", path.display())),
        other => other,
    };
    if let Some(seat) = seat {
        let game = game_of(&text).map_err(|e| named(HostError::usage(e.to_string())))?;
        return for_game!(game.as_str(), G => as_seat::<G>(&text, seat, json).map_err(named));
    }
    let (verified, line) = verify(&text).map_err(named)?;
    let mut out = io::stdout().lock();
    if json {
        let json = serde_json::to_string(&verified)
            .map_err(|e| HostError::failure(format!("cannot write JSON: {e}")))?;
        writeln!(out, "{json}")?;
    } else {
        writeln!(
            out,
            "{}, seed {}: {} actions",
            verified.game, verified.seed, verified.actions
        )?;
        writeln!(out, "outcome: {line}")?;
        writeln!(out, "digest {}", verified.digest)?;
        writeln!(out, "replay verified")?;
    }
    Ok(())
}

/// Replays a save's text; the report and the outcome in words.
pub fn verify(text: &str) -> HostResult<(Verified, String)> {
    let game = game_of(text).map_err(|e| HostError::usage(e.to_string()))?;
    for_game!(game.as_str(), G => verify_as::<G>(text))
}

fn verify_as<G: Game>(text: &str) -> HostResult<(Verified, String)> {
    let replayed =
        fiw_engine::replay::<G>(text, false).map_err(|e| HostError::usage(e.to_string()))?;
    let outcome = replayed.state.outcome();
    let line = match &outcome {
        Some(o) => outcome_line::<G>(o),
        None => format!("unfinished, turn {}", replayed.state.turn()),
    };
    let verified = Verified {
        game: G::NAME.to_string(),
        actions: replayed.save.actions.len(),
        seed: replayed.save.seed,
        digest: replayed.state.digest(),
        outcome,
        verified: true,
    };
    Ok((verified, line))
}

/// The game as `seat` saw it: the log it could read, then its board at the end.
fn as_seat<G: Game>(text: &str, seat: &str, json: bool) -> HostResult {
    let s = seat_named::<G>(seat)?;
    let replayed =
        fiw_engine::replay::<G>(text, true).map_err(|e| HostError::usage(e.to_string()))?;
    let state = replayed.state;
    let log: Vec<String> = state
        .log()
        .entries()
        .iter()
        .filter(|e| match e.to {
            Visibility::Public => true,
            Visibility::Only(only) => only == s,
        })
        .map(|e| e.text.clone())
        .collect();
    let outcome = state.outcome();
    let mut out = io::stdout().lock();
    if json {
        let shown = SeatReplay {
            game: G::NAME.to_string(),
            seat: G::SEATS[s].to_string(),
            log,
            view: state.view(s),
            outcome,
        };
        let json = serde_json::to_string(&shown)
            .map_err(|e| HostError::failure(format!("cannot write JSON: {e}")))?;
        writeln!(out, "{json}")?;
        return Ok(());
    }
    writeln!(
        out,
        "{}, as the {} side saw it ({} log lines):",
        G::NAME,
        G::SEATS[s],
        log.len()
    )?;
    for line in &log {
        writeln!(out, "  | {line}")?;
    }
    writeln!(out)?;
    writeln!(out, "{}", state.render(s).trim_end())?;
    match &outcome {
        Some(o) => writeln!(out, "outcome: {}", outcome_line::<G>(o))?,
        None => writeln!(out, "unfinished, turn {}", state.turn())?,
    }
    Ok(())
}
