//! The `ai` seat against the heuristic general, paired: each seed is played twice, the `ai`
//! as the British and then as the French, the general on the other side, so that whatever a
//! scenario gives one side counts for and against the `ai` alike (between two generals the
//! pairs score exactly half). Prints the `ai`'s score (a draw is half a game) with its 95 %
//! Wilson interval, each side's, how often the search overruled the general and at which kind
//! of decision, and the time of its decisions (release build):
//!
//! ```sh
//! cargo run --release -p fiw-skirmish --example ai_match -- relief-column 100
//! cargo run --release -p fiw-skirmish --example ai_match -- siege-sortie 100 100  # pairs 100..199
//! ```
//!
//! The `ai` is the seat `fiw play` and `fiw sim` give (`Game::search_ai` at
//! `Game::default_ai_limits`); each game's seed is `game_seed(1, pair)`, the pairs counted
//! from the third argument (0 by default: a run from 100 is a sample of its own), the
//! general's seed and the search's drawn from it. For studies of the search, `FIW_AI_PLAYOUTS`,
//! `FIW_AI_HORIZON`, `FIW_AI_MARGIN` and `FIW_AI_Z` change its budget, its cut-off, its margin
//! and the standard errors a lead must be worth, `FIW_AI_PLANS=0` turns off its choice of
//! stance (`Ai::replan`), `FIW_AI_PLAN_HORIZON` cuts the playouts of a stance off after that
//! many decisions (an order's cut-off by default), `FIW_STANCE=NAME` puts the general in that
//! stance in the `ai`'s seat instead of the `ai` (no search), and `FIW_THREADS` the games
//! played at once (2 by default; a decision's one-second cap is wall-clock time, so more
//! threads than idle cores make the search weaker).

use fiw_engine::{game_seed, wilson, Advisor, Game, Policy, SearchConfig, SearchLimits, Seen};
use fiw_skirmish::ai::Ai;
use fiw_skirmish::general::{General, Stance};
use fiw_skirmish::{Action, Options, Skirmish};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

fn knob<T: std::str::FromStr>(name: &str) -> Option<T> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

/// The kind of a decision, by its first legal action's name.
fn kind(legal: &[Action]) -> &'static str {
    if legal.iter().any(|a| matches!(a, Action::Charge { .. })) {
        return "may charge";
    }
    match legal.first() {
        Some(Action::Activate { .. }) => "activate",
        Some(Action::React { .. }) => "react",
        Some(Action::CloseUp { .. }) => "close up",
        Some(Action::Sign { .. }) => "sign",
        _ if legal
            .iter()
            .any(|a| matches!(a, Action::Test | Action::Pass)) =>
        {
            "declare"
        }
        _ if legal
            .iter()
            .any(|a| matches!(a, Action::Move | Action::Stand | Action::Rally { .. })) =>
        {
            "after the check"
        }
        _ => "other",
    }
}

/// What the search did over a match.
#[derive(Default)]
struct Tally {
    points: [f64; 2],
    /// pairs by the `ai`'s points in them, in half points: 0, ½, … 2
    pairs: [u32; 5],
    times: Vec<Duration>,
    /// per kind of decision: searched, overruled
    kinds: BTreeMap<&'static str, (u32, u32)>,
    /// per side of the `ai` (British, French): searched, overruled, stances taken up
    sides: [(u32, u32, u32); 2],
    /// how often the `ai` took up each stance
    stances: BTreeMap<&'static str, u32>,
}

/// The `ai` seat, counting its searched decisions and its overrules.
struct Counted<'a> {
    ai: Ai,
    seat: usize,
    tally: &'a Mutex<Tally>,
}

impl Policy<Skirmish> for Counted<'_> {
    fn name(&self) -> &str {
        "ai"
    }
    fn propose(&mut self, seen: &Seen<Skirmish>) -> Option<Action> {
        self.ai.propose(seen)
    }
    fn choose(&mut self, seen: &Seen<Skirmish>, legal: &[Action]) -> usize {
        if let Some(stance) = self.ai.replan(seen, legal) {
            let mut t = self.tally.lock().expect("no thread panics holding it");
            *t.stances.entry(stance.name).or_default() += 1;
            t.sides[self.seat].2 += 1;
        }
        if !self.ai.searches(legal) {
            return self.ai.choose(seen, legal);
        }
        let analysis = self.ai.analyse(seen, legal);
        let best = analysis.best().map_or(0, |b| b.index);
        if analysis.iterations > 0 {
            let mut t = self.tally.lock().expect("no thread panics holding it");
            let e = t.kinds.entry(kind(legal)).or_default();
            e.0 += 1;
            let overruled = analysis.baseline != Some(legal[best]);
            if overruled {
                e.1 += 1;
            }
            t.sides[self.seat].0 += 1;
            t.sides[self.seat].1 += u32::from(overruled);
        }
        best
    }
}

/// Plays one game of `pair`, the `ai` in `ai_seat`; returns its points.
fn play(options: &Options, pair: u64, ai_seat: usize, tally: &Mutex<Tally>) -> f64 {
    let seed = game_seed(1, pair);
    let Ok(mut g) = Skirmish::new(options, seed) else {
        eprintln!("{}: no such scenario", options.scenario);
        std::process::exit(2);
    };
    g.set_logging(false);
    let defaults = Skirmish::default_ai_limits();
    let limits = SearchLimits {
        iterations: knob("FIW_AI_PLAYOUTS").or(defaults.iterations),
        ..defaults
    };
    let config = SearchConfig::new(limits, game_seed(seed, 0xa1 + ai_seat as u64));
    let general_seed = |s: usize| game_seed(seed, 0x4e + s as u64);
    // the seat `fiw play` gives (its margin, its confidence test, its stances), the knobs of a
    // study over it; its own general has the dice of the general it stands in for, so that a
    // pair differs only where the search overruled the general
    let mut searcher = Some(
        Ai::new(config)
            .with_general_seed(general_seed(ai_seat))
            .with_plans(knob("FIW_AI_PLANS").unwrap_or(1u8) == 1),
    );
    if let Some(h) = knob("FIW_AI_HORIZON") {
        searcher = searcher.map(|a| a.with_horizon(h));
    }
    if let Some(m) = knob("FIW_AI_MARGIN") {
        searcher = searcher.map(|a| a.with_margin(m));
    }
    if let Some(h) = knob("FIW_AI_PLAN_HORIZON") {
        searcher = searcher.map(|a| a.with_plan_horizon(h));
    }
    if let Some(z) = knob("FIW_AI_Z") {
        searcher = searcher.map(|a| a.with_confidence(z));
    }
    let mut seats: Vec<Box<dyn Policy<Skirmish> + '_>> = Vec::new();
    // a general in another stance in the `ai`'s seat, no search (for studies of the stances)
    let stance = std::env::var("FIW_STANCE")
        .ok()
        .and_then(|n| Stance::ALL.into_iter().find(|s| s.name == n));
    for s in 0..2 {
        if let (true, Some(stance)) = (s == ai_seat, stance) {
            seats.push(Box::new(General::with_stance(general_seed(s), stance)));
        } else if let Some(ai) = searcher.take_if(|_| s == ai_seat) {
            seats.push(Box::new(Counted { ai, seat: s, tally }));
        } else {
            let Some(p) = Skirmish::heuristic_policy(general_seed(s)) else {
                eprintln!("no heuristic");
                std::process::exit(1);
            };
            seats.push(p);
        }
    }
    let mut legal = Vec::new();
    let mut times = Vec::new();
    while let Some(seat) = g.to_move() {
        let t = Instant::now();
        let Some(a) = fiw_engine::decide(&g, seat, seats[seat].as_mut(), &mut legal) else {
            eprintln!("seed {seed}: no legal action");
            std::process::exit(1);
        };
        if seat == ai_seat {
            times.push(t.elapsed());
        }
        if let Err(e) = g.apply(a) {
            eprintln!("seed {seed}: {e}");
            std::process::exit(1);
        }
    }
    let points = match g.outcome().and_then(|o| o.winner) {
        Some(w) if w == ai_seat => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    let mut t = tally.lock().expect("no thread panics holding it");
    t.points[ai_seat] += points;
    t.times.extend(times);
    points
}

fn main() {
    let mut args = std::env::args().skip(1);
    let scenario = args.next().unwrap_or_else(|| "relief-column".into());
    let pairs: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(10);
    let first: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(0);
    let threads: u64 = knob("FIW_THREADS").unwrap_or(2).max(1);
    let options = Options {
        scenario: scenario.clone(),
        ..Options::default()
    };
    let tally = Mutex::new(Tally::default());
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let pair = next.fetch_add(1, Ordering::Relaxed);
                if pair >= pairs {
                    break;
                }
                let points: f64 = (0..2)
                    .map(|s| play(&options, first + pair, s, &tally))
                    .sum();
                let halves = ((2.0 * points).round() as usize).min(4);
                tally.lock().expect("no thread panics holding it").pairs[halves] += 1;
                let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                eprint!("\r{d}/{pairs} pairs");
            });
        }
    });
    eprintln!();
    let mut t = tally.into_inner().expect("no thread panics holding it");
    let games = 2 * pairs;
    let score = t.points[0] + t.points[1];
    // the interval of a rate of whole games (draws, half a point each, rounded to the nearest)
    let rate = score / games as f64;
    let [_, lo, hi] = wilson(score.round() as u64, games);
    println!("{scenario}: ai against the heuristic, {pairs} pairs ({games} games), seeds game_seed(1, {first}..{})", first + pairs);
    println!(
        "  ai score {:.1}% (95% interval {:.1}% - {:.1}%); as british {:.1}%, as french {:.1}%",
        100.0 * rate,
        100.0 * lo,
        100.0 * hi,
        100.0 * t.points[0] / pairs as f64,
        100.0 * t.points[1] / pairs as f64
    );
    let kinds: Vec<String> = t
        .kinds
        .iter()
        .map(|(k, (n, o))| format!("{k} {n} ({o} overruled)"))
        .collect();
    println!("  searched: {}", kinds.join(", "));
    let stances: Vec<String> = t.stances.iter().map(|(k, n)| format!("{k} {n}")).collect();
    println!("  stances taken up: {}", stances.join(", "));
    for (side, (searched, overruled, stances)) in ["british", "french"].iter().zip(t.sides) {
        println!(
            "  as {side}: {searched} decisions searched, {overruled} overruled, {stances} stances taken up"
        );
    }
    println!(
        "  pairs: {} won both, {} split evenly, {} lost both, {} with a draw (between two generals every pair splits evenly)",
        t.pairs[4],
        t.pairs[2],
        t.pairs[0],
        t.pairs[1] + t.pairs[3]
    );
    t.times.sort();
    if !t.times.is_empty() {
        let at = |q: f64| t.times[((t.times.len() as f64 * q) as usize).min(t.times.len() - 1)];
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let over = t.times.iter().filter(|d| d.as_secs_f64() > 1.0).count();
        println!(
            "  ai decisions {}: median {:.1} ms, 99th percentile {:.0} ms, slowest {:.0} ms, {over} over 1 s; {:.1} s a game on {threads} threads",
            t.times.len(),
            ms(at(0.5)),
            ms(at(0.99)),
            ms(t.times[t.times.len() - 1]),
            start.elapsed().as_secs_f64() * threads as f64 / games as f64
        );
    }
}
