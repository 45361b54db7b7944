//! `--seat SIDE=POLICY`: who plays each side.

use crate::error::{HostError, HostResult};
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

/// The search budget of `ai` seats (`--ai-iterations`, `--ai-ms`). Each flag replaces only its
/// own limit of the game's default ([`Game::default_ai_limits`]: one search's iteration is a
/// cheap random playout, another's a whole game played by a heuristic), so a search always has
/// both a count and a time to stop at, and never runs on unanswered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AiBudget {
    /// Iterations (playouts) per decision.
    pub iterations: Option<u32>,
    /// Milliseconds per decision.
    pub ms: Option<u64>,
}

/// The most search iterations a decision may be given.
pub const MAX_AI_ITERATIONS: u32 = 1_000_000;

/// The most milliseconds a decision may be given.
pub const MAX_AI_MS: u64 = 600_000;

/// The game's default budget.
pub const DEFAULT_AI: AiBudget = AiBudget {
    iterations: None,
    ms: None,
};

impl AiBudget {
    /// The budget from the flags: a flag given replaces the game's default limits.
    pub fn from_flags(iterations: Option<u32>, ms: Option<u64>) -> HostResult<AiBudget> {
        if iterations == Some(0) || ms == Some(0) {
            return Err(HostError::usage(
                "--ai-iterations and --ai-ms must be at least 1".to_string(),
            ));
        }
        if iterations.is_some_and(|n| n > MAX_AI_ITERATIONS) {
            return Err(HostError::usage(format!(
                "--ai-iterations is at most {MAX_AI_ITERATIONS} (a decision that long would not be answered today)"
            )));
        }
        if ms.is_some_and(|ms| ms > MAX_AI_MS) {
            return Err(HostError::usage(format!(
                "--ai-ms is at most {MAX_AI_MS} (ten minutes a decision)"
            )));
        }
        Ok(AiBudget { iterations, ms })
    }

    /// As the kernel's search limits for game `G`: the game's default, with each limit the
    /// flags give in its place.
    pub fn limits<G: Game>(self) -> SearchLimits {
        let default = G::default_ai_limits();
        SearchLimits {
            iterations: self.iterations.or(default.iterations),
            time: self.ms.map(Duration::from_millis).or(default.time),
        }
    }
}

impl Player {
    /// The player of a name as [`Player::name`] writes it (in saves), or `None`.
    pub fn named(name: &str) -> Option<Player> {
        [Player::Human, Player::Random, Player::Heuristic, Player::Ai]
            .into_iter()
            .find(|p| p.name() == name)
    }

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
) -> HostResult<Vec<Player>> {
    let mut players = vec![default; G::SEATS.len()];
    let mut given = vec![false; G::SEATS.len()];
    for spec in specs {
        let Some((side, policy)) = spec.split_once('=') else {
            return Err(HostError::usage(format!(
                "--seat wants SIDE=POLICY (e.g. {}=random), not '{spec}'",
                G::SEATS[0]
            )));
        };
        let seat = seat_named::<G>(side.trim())?;
        if given[seat] {
            return Err(HostError::usage(format!("--seat {side} is given twice")));
        }
        given[seat] = true;
        players[seat] = match policy.trim() {
            "human" if allow_human => Player::Human,
            "human" => {
                return Err(HostError::usage(
                    "a simulation has no human seats: use --seat SIDE=random".to_string(),
                ))
            }
            "random" => Player::Random,
            "ai" => Player::Ai,
            "heuristic" if G::heuristic_policy(0).is_some() => Player::Heuristic,
            "heuristic" => {
                return Err(HostError::usage(format!(
                    "{} has no heuristic player; use random or ai",
                    G::NAME
                )));
            }
            other => {
                return Err(HostError::usage(format!(
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
