//! `--seat SIDE=POLICY`: who plays each side.

use crate::error::{CliError, CliResult};
use crate::games::seat_named;
use fiw_engine::{
    game_seed, Advisor, Game, Policy, RandomPolicy, SearchConfig, SearchLimits, Seat,
};
use std::time::Duration;

/// Who decides for a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person at the terminal.
    Human,
    /// Uniformly random legal play.
    Random,
    /// The game's rule-of-thumb player.
    Heuristic,
    /// The game's search AI ([`Game::search_ai`]): information-set Monte Carlo tree search by
    /// default, a rollout search over the heuristic where the game supplies one.
    Ai,
}

/// The search budget of `ai` seats (`--ai-iterations`, `--ai-ms`); neither given means the
/// game's own default ([`Game::default_ai_limits`]), since one search's iteration is a cheap
/// random playout and another's a whole game played by a heuristic.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AiBudget {
    /// Iterations (playouts) per decision.
    pub iterations: Option<u32>,
    /// Milliseconds per decision.
    pub ms: Option<u64>,
}

/// The game's default budget.
pub const DEFAULT_AI: AiBudget = AiBudget {
    iterations: None,
    ms: None,
};

impl AiBudget {
    /// The budget from the flags: a flag given replaces the game's default limits.
    pub fn from_flags(iterations: Option<u32>, ms: Option<u64>) -> CliResult<AiBudget> {
        if iterations == Some(0) || ms == Some(0) {
            return Err(CliError::usage(
                "--ai-iterations and --ai-ms must be at least 1".to_string(),
            ));
        }
        Ok(AiBudget { iterations, ms })
    }

    /// As the kernel's search limits for game `G`.
    pub fn limits<G: Game>(self) -> SearchLimits {
        if self == DEFAULT_AI {
            return G::default_ai_limits();
        }
        SearchLimits {
            iterations: self.iterations,
            time: self.ms.map(Duration::from_millis),
        }
    }
}

impl Player {
    /// The policy's name, as typed.
    pub fn name(self) -> &'static str {
        match self {
            Player::Human => "human",
            Player::Random => "random",
            Player::Heuristic => "heuristic",
            Player::Ai => "ai",
        }
    }
}

/// Reads the `--seat` flags: one player per seat of `G`, `default` where none is given.
///
/// # Errors
/// Exit-2 errors for a malformed flag, an unknown side or policy, a side given twice, a policy
/// the game does not have (`heuristic`) or not allowed here (`human` in `sim`).
pub fn parse_seats<G: Game>(
    specs: &[String],
    default: Player,
    allow_human: bool,
) -> CliResult<Vec<Player>> {
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
            "ai" => Player::Ai,
            "heuristic" if G::heuristic_policy(0).is_some() => Player::Heuristic,
            "heuristic" => {
                return Err(CliError::usage(format!(
                    "{} has no heuristic player; use random or ai",
                    G::NAME
                )));
            }
            other => {
                return Err(CliError::usage(format!(
                    "unknown policy '{other}' for {side} (policies: {}random, heuristic, ai)",
                    if allow_human { "human, " } else { "" }
                )))
            }
        };
    }
    Ok(players)
}

/// The computer policy for `seat` in a game with `seed`: seeded from both, so a game with the
/// same seed and seats plays the same way again.
pub fn policy_for<G: Game>(
    player: Player,
    seed: u64,
    seat: Seat,
    budget: AiBudget,
) -> Box<dyn Policy<G>> {
    let seed = game_seed(seed, 0x5eed_0000 + seat as u64);
    match player {
        // A human seat never asks its policy; random stands in so the types line up.
        Player::Human | Player::Random => Box::new(RandomPolicy::new(seed)),
        Player::Heuristic => {
            G::heuristic_policy(seed).unwrap_or_else(|| Box::new(RandomPolicy::new(seed)))
        }
        Player::Ai => ai::<G>(seed, budget),
    }
}

/// The game's search AI with its budget.
pub fn ai<G: Game>(seed: u64, budget: AiBudget) -> Box<dyn Advisor<G>> {
    G::search_ai(SearchConfig::new(budget.limits::<G>(), seed))
}
