//! How long the AI (`--seat SIDE=ai`) takes per decision at its default budget, over whole
//! games against the heuristic on one core: `cargo run --release -p fiw-louisbourg --example
//! ai_timing -- GAMES`. Prints the median, the 99th percentile and the maximum, over every
//! decision with a choice and over the big decisions it searches.
use fiw_engine::{Game, Policy, SearchConfig, Seen};
use fiw_louisbourg::heuristic::Heuristic;
use fiw_louisbourg::{Louisbourg, Options};
use std::time::Instant;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2);
    let mut all: Vec<f64> = Vec::new();
    let mut searched: Vec<f64> = Vec::new();
    for seed in 0..games {
        for ai_seat in 0..2 {
            let mut g = Louisbourg::new(&Options::default(), seed).unwrap();
            g.set_logging(false);
            let mut ai =
                Louisbourg::search_ai(SearchConfig::new(Louisbourg::default_ai_limits(), seed));
            let mut other = Heuristic::new(seed ^ 0x07e5);
            let mut legal = Vec::new();
            while let Some(seat) = g.to_move() {
                g.legal_actions(&mut legal);
                let seen = Seen::new(&g, seat);
                let i = if seat == ai_seat && legal.len() > 1 {
                    let t = Instant::now();
                    let a = ai.analyse(&seen, &legal);
                    let took = t.elapsed().as_secs_f64();
                    all.push(took);
                    if a.iterations > 0 {
                        searched.push(took);
                    }
                    a.best().map_or(0, |b| b.index)
                } else if seat == ai_seat {
                    0
                } else {
                    Policy::<Louisbourg>::choose(&mut other, &seen, &legal)
                };
                g.apply_unchecked(legal[i]);
            }
        }
    }
    for (what, times) in [
        ("AI decisions with a choice", &mut all),
        ("of them searched", &mut searched),
    ] {
        if times.is_empty() {
            continue;
        }
        times.sort_by(f64::total_cmp);
        let q = |p: f64| times[((times.len() - 1) as f64 * p).round() as usize];
        println!(
            "{} {what}: median {:.1} ms, 99th percentile {:.1} ms, max {:.1} ms",
            times.len(),
            q(0.5) * 1e3,
            q(0.99) * 1e3,
            times.last().copied().unwrap_or(0.0) * 1e3
        );
    }
}
