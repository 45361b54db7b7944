//! `fiw replay FILE`: proves a save file by replaying it from its set-up and seed.

use crate::error::{CliError, CliResult};
use crate::games::for_game;
use crate::play::{outcome_line, read_save};
use fiw_engine::{game_of, Game, Outcome};
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

/// Runs `fiw replay`.
pub fn run(path: &Path, json: bool) -> CliResult {
    let text = read_save(path)?;
    let (verified, line) = verify(&text).map_err(|e| match e {
        CliError::Usage(m) => CliError::usage(format!("{}: {m}", path.display())),
        other => other,
    })?;
    let mut out = io::stdout().lock();
    if json {
        let json = serde_json::to_string(&verified)
            .map_err(|e| CliError::failure(format!("cannot write JSON: {e}")))?;
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
pub fn verify(text: &str) -> CliResult<(Verified, String)> {
    let game = game_of(text).map_err(|e| CliError::usage(e.to_string()))?;
    for_game!(game.as_str(), G => verify_as::<G>(text))
}

fn verify_as<G: Game>(text: &str) -> CliResult<(Verified, String)> {
    let replayed =
        fiw_engine::replay::<G>(text, false).map_err(|e| CliError::usage(e.to_string()))?;
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
