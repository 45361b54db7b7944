//! How long the search AI takes per decision at its default budget (2000 iterations, capped
//! at one second), over whole games on one core: `cargo run --release -p fiw-louisbourg
//! --example ai_timing -- GAMES`. Prints the median and the 99th percentile.
use fiw_engine::{Game, IsMcts, Policy, RandomPolicy, SearchConfig, SearchLimits, Seen};
use fiw_louisbourg::{Louisbourg, Options};
use std::time::{Duration, Instant};

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(2);
    let mut times: Vec<f64> = Vec::new();
    for seed in 0..games {
        for ai_seat in 0..2 {
            let mut g = Louisbourg::new(&Options::default(), seed).unwrap();
            g.set_logging(false);
            let limits = SearchLimits { iterations: Some(2_000), time: Some(Duration::from_secs(1)) };
            let mut ai = IsMcts::<Louisbourg>::new(SearchConfig::new(limits, seed));
            let mut other = RandomPolicy::new(seed);
            let mut legal = Vec::new();
            while let Some(seat) = g.to_move() {
                g.legal_actions(&mut legal);
                let seen = Seen::new(&g, seat);
                let i = if seat == ai_seat && legal.len() > 1 {
                    let t = Instant::now();
                    let i = ai.choose(&seen, &legal);
                    times.push(t.elapsed().as_secs_f64());
                    i
                } else {
                    Policy::<Louisbourg>::choose(&mut other, &seen, &legal)
                };
                g.apply_unchecked(legal[i]);
            }
        }
    }
    times.sort_by(f64::total_cmp);
    let q = |p: f64| times[((times.len() - 1) as f64 * p).round() as usize];
    println!(
        "{} AI decisions: median {:.1} ms, 99th percentile {:.1} ms, max {:.1} ms",
        times.len(),
        q(0.5) * 1e3,
        q(0.99) * 1e3,
        times.last().copied().unwrap_or(0.0) * 1e3
    );
}
