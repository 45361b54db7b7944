use crate::{decide, Game, Policy, Seat};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::BTreeMap;
use std::time::Instant;

/// How many games to play and how.
#[derive(Clone, Debug)]
pub struct SimOptions {
    /// Number of games.
    pub games: u64,
    /// Master seed: game `i` uses a seed derived from it, so any game can be re-run alone.
    pub seed: u64,
    /// Worker threads (0 = all cores).
    pub threads: usize,
    /// Draw a progress bar on stderr.
    pub progress: bool,
}

/// One finished game, as the simulation runner keeps it.
#[derive(Clone, Debug, Serialize)]
pub struct GameRecord {
    /// Winning seat, `None` for a draw.
    pub winner: Option<Seat>,
    /// Turn the game ended on.
    pub turn: u32,
    /// Number of decisions taken.
    pub actions: u64,
    /// The game's own end-of-game figures.
    pub metrics: Vec<(&'static str, f64)>,
}

/// What `fiw sim` reports.
#[derive(Clone, Debug, Serialize)]
pub struct SimReport {
    /// Game name.
    pub game: String,
    /// Games played.
    pub games: u64,
    /// Master seed.
    pub seed: u64,
    /// Threads used.
    pub threads: usize,
    /// Policy of each seat.
    pub policies: BTreeMap<String, String>,
    /// Wins per seat (every seat present) and `draw`.
    pub wins: BTreeMap<String, u64>,
    /// Win rate per seat with a 95 % Wilson interval: `[rate, low, high]`.
    pub win_rate: BTreeMap<String, [f64; 3]>,
    /// Mean turn at which games ended.
    pub mean_turns: f64,
    /// For each seat, how many of its wins came on each turn (index = turn).
    pub victory_turns: BTreeMap<String, Vec<u64>>,
    /// Mean decisions per game.
    pub mean_actions: f64,
    /// The game's own figures, averaged over all games.
    pub means: BTreeMap<String, f64>,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Throughput.
    pub games_per_sec: f64,
}

/// The 95 % Wilson score interval for `wins` out of `n`.
pub fn wilson(wins: u64, n: u64) -> [f64; 3] {
    if n == 0 {
        return [0.0, 0.0, 1.0];
    }
    let (n, p) = (n as f64, wins as f64 / n as f64);
    let z = 1.959_964f64;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / denom;
    [p, (centre - half).max(0.0), (centre + half).min(1.0)]
}

/// The seed of game `index` under master seed `seed` (splitmix64), so one game can be replayed.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed.wrapping_add(index.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Plays `state` to the end with one policy per seat. Returns the number of decisions, or an
/// error if the game offers no legal action while not over, or runs past `max_actions`.
pub fn play_out<G: Game>(
    state: &mut G,
    policies: &mut [Box<dyn Policy<G>>],
    max_actions: u64,
) -> Result<u64, String> {
    let mut legal = Vec::with_capacity(64);
    let mut n = 0u64;
    while let Some(seat) = state.to_move() {
        let Some(action) = decide(state, seat, policies[seat].as_mut(), &mut legal) else {
            return Err(format!(
                "no legal action for seat {} on turn {}",
                G::SEATS[seat],
                state.turn()
            ));
        };
        state.apply_unchecked(action);
        n += 1;
        if n > max_actions {
            return Err(format!("game did not end within {max_actions} decisions"));
        }
    }
    Ok(n)
}

/// Plays many games on a pool of threads and sums them up.
///
/// `make_policies` builds one policy per seat for a game from that game's seed.
pub fn simulate<G, F>(
    options: &G::Options,
    sim: &SimOptions,
    make_policies: F,
) -> Result<SimReport, String>
where
    G: Game,
    F: Fn(u64) -> Vec<Box<dyn Policy<G>>> + Sync,
{
    let threads = if sim.threads == 0 {
        rayon::current_num_threads().max(1)
    } else {
        sim.threads
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
    let bar = if sim.progress {
        let bar = ProgressBar::new(sim.games);
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} games {per_sec} eta {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    let policy_names: BTreeMap<String, String> = make_policies(sim.seed)
        .iter()
        .enumerate()
        .map(|(s, p)| (G::SEATS[s].to_string(), p.name().to_string()))
        .collect();
    let start = Instant::now();
    // Games go to the threads in chunks: big enough that a thread rarely asks for work when
    // games take microseconds, small enough that no thread is left alone with a long chunk at
    // the end when they take seconds (an AI game): at least eight chunks a thread.
    let chunk = (sim.games / (threads as u64 * 8)).clamp(1, 256);
    let chunks = sim.games.div_ceil(chunk);
    // Each chunk folds its games into a tally and the tallies are added up, so a simulation
    // holds a few numbers per seat and per turn however many games it plays.
    let tally: Result<Tally, String> = pool.install(|| {
        (0..chunks)
            .into_par_iter()
            .map(|c| {
                let mut tally = Tally::default();
                let games = c * chunk..((c + 1) * chunk).min(sim.games);
                let n = games.end - games.start;
                for i in games {
                    let seed = game_seed(sim.seed, i);
                    let mut state = G::new(options, seed).map_err(|e| e.to_string())?;
                    state.set_logging(false);
                    let mut policies = make_policies(seed);
                    let actions = play_out(&mut state, &mut policies, 1_000_000)
                        .map_err(|e| format!("game {i} (seed {seed}): {e}"))?;
                    let outcome = state.outcome();
                    tally.add(GameRecord {
                        winner: outcome.as_ref().and_then(|o| o.winner),
                        turn: outcome.map(|o| o.turn).unwrap_or_else(|| state.turn()),
                        actions,
                        metrics: state.metrics(),
                    });
                }
                bar.inc(n);
                Ok(tally)
            })
            .try_reduce(Tally::default, |a, b| Ok(a.merge(b)))
    });
    let tally = tally?;
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    Ok(tally.report::<G>(sim, threads, policy_names, seconds))
}

/// The sums a simulation keeps: wins by seat (index `SEATS.len()` for draws), the turns of
/// victory, and the totals of turns, decisions and each metric.
#[derive(Default)]
struct Tally {
    games: u64,
    turns: u64,
    actions: u64,
    /// `[seat or draw][turn]`: how many games ended so.
    ends: Vec<Vec<u64>>,
    sums: BTreeMap<&'static str, f64>,
}

impl Tally {
    fn add(&mut self, r: GameRecord) {
        self.games += 1;
        self.turns += r.turn as u64;
        self.actions += r.actions;
        let who = r.winner.map_or(0, |s| s + 1);
        if self.ends.len() <= who {
            self.ends.resize(who + 1, Vec::new());
        }
        let v = &mut self.ends[who];
        if v.len() <= r.turn as usize {
            v.resize(r.turn as usize + 1, 0);
        }
        v[r.turn as usize] += 1;
        for (k, x) in r.metrics {
            *self.sums.entry(k).or_default() += x;
        }
    }

    fn merge(mut self, other: Tally) -> Tally {
        self.games += other.games;
        self.turns += other.turns;
        self.actions += other.actions;
        if self.ends.len() < other.ends.len() {
            self.ends.resize(other.ends.len(), Vec::new());
        }
        for (mine, theirs) in self.ends.iter_mut().zip(other.ends) {
            if mine.len() < theirs.len() {
                mine.resize(theirs.len(), 0);
            }
            for (a, b) in mine.iter_mut().zip(theirs) {
                *a += b;
            }
        }
        for (k, x) in other.sums {
            *self.sums.entry(k).or_default() += x;
        }
        self
    }

    fn report<G: Game>(
        self,
        sim: &SimOptions,
        threads: usize,
        policies: BTreeMap<String, String>,
        seconds: f64,
    ) -> SimReport {
        // index 0 is the draws, seat s is index s + 1
        let name = |who: usize| match who {
            0 => "draw".to_string(),
            s => G::SEATS.get(s - 1).copied().unwrap_or("?").to_string(),
        };
        let mut wins: BTreeMap<String, u64> = G::SEATS.iter().map(|s| (s.to_string(), 0)).collect();
        wins.insert("draw".into(), 0);
        let mut victory_turns: BTreeMap<String, Vec<u64>> = BTreeMap::new();
        for (who, turns) in self.ends.into_iter().enumerate() {
            let total: u64 = turns.iter().sum();
            if total == 0 {
                continue;
            }
            *wins.entry(name(who)).or_default() += total;
            victory_turns.insert(name(who), turns);
        }
        let games = self.games;
        let n = games.max(1) as f64;
        let win_rate = G::SEATS
            .iter()
            .map(|s| (s.to_string(), wilson(wins[*s], games)))
            .collect();
        SimReport {
            game: G::NAME.to_string(),
            games,
            seed: sim.seed,
            threads,
            policies,
            wins,
            win_rate,
            mean_turns: self.turns as f64 / n,
            victory_turns,
            mean_actions: self.actions as f64 / n,
            means: self
                .sums
                .into_iter()
                .map(|(k, v)| (k.to_string(), v / n))
                .collect(),
            seconds,
            games_per_sec: games as f64 / seconds.max(1e-9),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_brackets_the_rate() {
        let [p, lo, hi] = wilson(50, 100);
        assert!((p - 0.5).abs() < 1e-12);
        assert!(
            (lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3,
            "{lo} {hi}"
        );
        assert_eq!(wilson(0, 0), [0.0, 0.0, 1.0]);
    }

    #[test]
    fn the_tally_is_the_same_on_one_thread_or_three() {
        use crate::toys::{Pile, PileOptions};
        use crate::RandomPolicy;
        let run = |threads| {
            let sim = SimOptions {
                games: 301,
                seed: 9,
                threads,
                progress: false,
            };
            simulate::<Pile, _>(&PileOptions::default(), &sim, |seed| {
                vec![
                    Box::new(RandomPolicy::new(seed)) as Box<dyn Policy<Pile>>,
                    Box::new(RandomPolicy::new(seed ^ 1)),
                ]
            })
            .unwrap()
        };
        let (one, three) = (run(1), run(3));
        assert_eq!(one.games, 301);
        assert_eq!(one.wins, three.wins);
        assert_eq!(one.victory_turns, three.victory_turns);
        assert_eq!(one.mean_turns, three.mean_turns);
        assert_eq!(one.wins.values().sum::<u64>(), 301);
        for (who, turns) in &one.victory_turns {
            assert_eq!(turns.iter().sum::<u64>(), one.wins[who], "{who}");
        }
    }

    #[test]
    fn game_seeds_differ_per_game() {
        let seeds: std::collections::HashSet<u64> = (0..1000).map(|i| game_seed(1, i)).collect();
        assert_eq!(seeds.len(), 1000);
    }
}
