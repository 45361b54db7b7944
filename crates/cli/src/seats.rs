//! `--seat SIDE=POLICY`: who plays each side.

use crate::error::{CliError, CliResult};
use crate::games::seat_named;
use fiw_engine::{game_seed, Game, Policy, RandomPolicy, Seat};

/// Who decides for a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person at the terminal.
    Human,
    /// Uniformly random legal play.
    Random,
}

impl Player {
    /// The policy's name, as typed.
    pub fn name(self) -> &'static str {
        match self {
            Player::Human => "human",
            Player::Random => "random",
        }
    }
}

/// Reads the `--seat` flags: one player per seat of `G`, `default` where none is given.
///
/// # Errors
/// Exit-2 errors for a malformed flag, an unknown side or policy, a side given twice, a policy
/// that is not available yet (`ai`, `heuristic`) or not allowed here (`human` in `sim`).
pub fn parse_seats<G: Game>(specs: &[String], default: Player, allow_human: bool) -> CliResult<Vec<Player>> {
    let mut players = vec![default; G::SEATS.len()];
    let mut given = vec![false; G::SEATS.len()];
    for spec in specs {
        let Some((side, policy)) = spec.split_once('=') else {
            return Err(CliError::usage(format!(
                "--seat wants SIDE=POLICY (e.g. {}=random), not '{spec}'",
                G::SEATS[0]
            )));
        };
        let seat = seat_named::<G>(side.trim())?;
        if given[seat] {
            return Err(CliError::usage(format!("--seat {side} is given twice")));
        }
        given[seat] = true;
        players[seat] = match policy.trim() {
            "human" if allow_human => Player::Human,
            "human" => {
                return Err(CliError::usage(
                    "a simulation has no human seats: use --seat SIDE=random".to_string(),
                ))
            }
            "random" => Player::Random,
            p @ ("ai" | "heuristic") => {
                return Err(CliError::usage(format!(
                    "policy '{p}' is not available yet (the AI comes in a later version); use {}",
                    if allow_human { "human or random" } else { "random" }
                )))
            }
            other => {
                return Err(CliError::usage(format!(
                    "unknown policy '{other}' for {side} (policies: {}random; ai and heuristic come later)",
                    if allow_human { "human, " } else { "" }
                )))
            }
        };
    }
    Ok(players)
}

/// The computer policy for `seat` in a game with `seed`: seeded from both, so a game with the
/// same seed and seats plays the same way again.
pub fn policy_for<G: Game>(player: Player, seed: u64, seat: Seat) -> Box<dyn Policy<G>> {
    match player {
        // A human seat never asks its policy; random stands in so the types line up.
        Player::Human | Player::Random => {
            Box::new(RandomPolicy::new(game_seed(seed, 0x5eed_0000 + seat as u64)))
        }
    }
}
