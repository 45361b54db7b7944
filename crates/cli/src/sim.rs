//! `fiw sim`: many games between computer players, summed up.

use fiw_engine::{simulate, SimOptions, SimReport};
use fiw_host::games::{players, HostGame, RulesSeat, SetupFlags};
use fiw_host::seats::{policy_for, AiBudget, Player};
use fiw_host::{HostError, HostResult};
use std::io::{self, IsTerminal, Write};

/// `fiw sim` as typed.
#[derive(Clone, Debug, Default)]
pub struct SimArgs {
    /// `--games N`.
    pub games: u64,
    /// `--seed S`.
    pub seed: u64,
    /// `--threads T` (0 = all cores).
    pub threads: usize,
    /// `--seat SIDE=POLICY`.
    pub seats: Vec<String>,
    /// `--json`.
    pub json: bool,
    /// Set-up flags.
    pub flags: SetupFlags,
    /// The search budget of `ai` seats.
    pub budget: AiBudget,
    /// `--plot FILE.svg`.
    pub plot: Option<std::path::PathBuf>,
}

/// The most games one simulation plays: beyond what any machine plays in a day of the fastest
/// game (about 20,000 a second a core).
pub const MAX_GAMES: u64 = 100_000_000;

/// The most threads a core: more only share the cores and cost memory.
pub const THREADS_PER_CORE: usize = 4;

/// Runs `fiw sim` for game `G`: the chart's file is checked before the games are played, and
/// the results are printed even if the chart then cannot be written.
pub fn run<G: HostGame>(args: &SimArgs) -> HostResult {
    if let Some(path) = &args.plot {
        crate::files::check_writable(path, "--plot")?;
    }
    let report = report::<G>(args, io::stderr().is_terminal())?;
    let plotted = match &args.plot {
        Some(path) => crate::plot::draw(&report, G::SEATS, path),
        None => Ok(()),
    };
    let options = G::options(&args.flags)?;
    let facts = G::setup_facts(&options);
    let mut out = io::stdout().lock();
    if args.json {
        // the report, with the game's set-up facts (solitaire: the player's side) added
        let mut json = serde_json::to_value(&report)
            .map_err(|e| HostError::failure(format!("cannot write JSON: {e}")))?;
        if let Some(map) = json.as_object_mut() {
            for (k, v) in &facts {
                map.insert(k.to_string(), serde_json::Value::from(v.clone()));
            }
        }
        writeln!(out, "{json}")?;
    } else {
        write!(out, "{}", table::<G>(&report, &options, &facts))?;
    }
    plotted
}

/// Plays the games and returns the report (`progress`: draw a bar on stderr).
pub fn report<G: HostGame>(args: &SimArgs, progress: bool) -> HostResult<SimReport> {
    if args.games == 0 {
        return Err(HostError::usage("--games must be at least 1"));
    }
    if args.games > MAX_GAMES {
        return Err(HostError::usage(format!("--games is at most {MAX_GAMES}")));
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if args.threads > cores * THREADS_PER_CORE {
        return Err(HostError::usage(format!(
            "--threads is at most {} ({THREADS_PER_CORE} for each of the {cores} cores); 0 uses every core",
            cores * THREADS_PER_CORE
        )));
    }
    let options = G::options(&args.flags)?;
    let players = players::<G>(&options, &args.seats, Player::Random, false)?;
    // Fail on bad options before starting threads.
    G::new(&options, args.seed)
        .map_err(|e| HostError::usage(format!("cannot set up {}: {e}", G::NAME)))?;
    let sim = SimOptions {
        games: args.games,
        seed: args.seed,
        threads: args.threads,
        progress,
    };
    simulate::<G, _>(&options, &sim, |seed| {
        players
            .iter()
            .enumerate()
            .map(|(seat, p)| match G::rules_seat(&options, seat) {
                Some(who) => Box::new(RulesSeat(who)) as Box<dyn fiw_engine::Policy<G>>,
                None => policy_for::<G>(*p, seed, seat, args.budget),
            })
            .collect()
    })
    .map_err(HostError::failure)
}

/// The plain-text summary, with the game's set-up facts.
pub fn table<G: HostGame>(
    r: &SimReport,
    options: &G::Options,
    facts: &[(&'static str, String)],
) -> String {
    let mut s = String::new();
    let policies = G::SEATS
        .iter()
        .map(|seat| {
            format!(
                "{seat} {}",
                r.policies.get(*seat).map_or("?", String::as_str)
            )
        })
        .collect::<Vec<_>>();
    let facts = facts
        .iter()
        .map(|(k, v)| format!(", {k} {v}"))
        .collect::<String>();
    s += &format!(
        "{}: {} games, seed {}, {} threads ({}){facts}\n\n",
        r.game,
        r.games,
        r.seed,
        r.threads,
        policies.join(", ")
    );
    s += &format!(
        "{:<12} {:>8} {:>9}   {}\n",
        "result", "games", "rate", "95 % interval"
    );
    for seat in G::SEATS {
        let wins = r.wins.get(*seat).copied().unwrap_or(0);
        let [p, lo, hi] = r.win_rate.get(*seat).copied().unwrap_or([0.0, 0.0, 1.0]);
        s += &format!(
            "{:<12} {:>8} {:>8.1}%   {:.1}% – {:.1}%\n",
            format!("{seat} wins"),
            wins,
            100.0 * p,
            100.0 * lo,
            100.0 * hi
        );
    }
    let draws = r.wins.get("draw").copied().unwrap_or(0);
    s += &format!(
        "{:<12} {:>8} {:>8.1}%\n\n",
        "draw",
        draws,
        100.0 * draws as f64 / r.games.max(1) as f64
    );
    let width = r
        .means
        .keys()
        .map(|k| k.chars().count())
        .max()
        .unwrap_or(0)
        .max(16);
    s += &format!("{:<width$} {:>10.2}\n", "mean turns", r.mean_turns);
    s += &format!("{:<width$} {:>10.1}\n", "mean decisions", r.mean_actions);
    for (name, mean) in &r.means {
        s += &format!("{:<width$} {:>10.2}\n", name, mean);
    }
    for line in G::report_lines(options, r) {
        s += &format!("{line}\n");
    }
    s += "\nvictory turns (turn: games)\n";
    for (who, turns) in &r.victory_turns {
        let list = turns
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(t, n)| format!("{t}: {n}"))
            .collect::<Vec<_>>();
        if !list.is_empty() {
            s += &format!("  {:<10} {}\n", who, list.join(", "));
        }
    }
    s += &format!("\n{:.1} games/s ({:.2} s)\n", r.games_per_sec, r.seconds);
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testgame::{Race, RaceOptions};

    #[test]
    fn a_simulation_reports_every_seat_and_prints_a_table() {
        let args = SimArgs {
            games: 300,
            seed: 5,
            threads: 2,
            ..Default::default()
        };
        let r = report::<Race>(&args, false).unwrap();
        assert_eq!(r.games, 300);
        assert_eq!(r.wins.values().sum::<u64>(), 300);
        assert!(
            r.wins.contains_key("red")
                && r.wins.contains_key("blue")
                && r.wins.contains_key("draw")
        );
        let t = table::<Race>(&r, &RaceOptions::default(), &[]);
        assert!(
            t.contains("red wins") && t.contains("95 % interval") && t.contains("red_position"),
            "{t}"
        );
        assert!(t.contains("games/s"), "{t}");
    }

    #[test]
    fn the_search_ai_plays_a_simulation() {
        let args = SimArgs {
            games: 20,
            seed: 3,
            threads: 1,
            seats: vec!["red=ai".into()],
            budget: fiw_host::seats::AiBudget {
                iterations: Some(50),
                ms: None,
            },
            ..Default::default()
        };
        let r = report::<Race>(&args, false).unwrap();
        assert_eq!(r.games, 20);
        assert_eq!(r.policies["red"], "ismcts");
    }

    #[test]
    fn humans_and_zero_games_are_refused() {
        let args = SimArgs {
            games: 10,
            seats: vec!["red=human".into()],
            ..Default::default()
        };
        assert!(matches!(
            report::<Race>(&args, false),
            Err(HostError::Usage(_))
        ));
        let args = SimArgs {
            games: 0,
            ..Default::default()
        };
        assert!(matches!(
            report::<Race>(&args, false),
            Err(HostError::Usage(_))
        ));
        let args = SimArgs {
            games: 5,
            seats: vec!["red=heuristic".into()],
            ..Default::default()
        };
        let Err(HostError::Usage(m)) = report::<Race>(&args, false) else {
            panic!()
        };
        assert!(m.contains("no heuristic"), "{m}");
    }
}
