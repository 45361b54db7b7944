//! Plays random games in a loop, for profilers: `cargo run --release --example profile -- 2000`.
use fiw_engine::{play_out, Game, Policy, RandomPolicy};
use fiw_louisbourg::{Louisbourg, Options};

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000);
    let start = std::time::Instant::now();
    let mut actions = 0;
    for seed in 0..n {
        let mut g = Louisbourg::new(&Options::default(), seed).unwrap();
        g.set_logging(false);
        let mut p: Vec<Box<dyn Policy<Louisbourg>>> = vec![
            Box::new(RandomPolicy::new(seed)),
            Box::new(RandomPolicy::new(!seed)),
        ];
        actions += play_out(&mut g, &mut p, 1_000_000).unwrap();
    }
    let s = start.elapsed().as_secs_f64();
    println!(
        "{n} games, {:.0} games/s, {:.1} decisions/game",
        n as f64 / s,
        actions as f64 / n as f64
    );
}
