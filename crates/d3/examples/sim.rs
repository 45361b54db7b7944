//! Plays D3 games the way `fiw sim d3` does (the kernel's `simulate`, one thread) and prints the
//! wins, draws and games per second: the speed and balance measure until the CLI has d3.
//!
//! `cargo run --release -p fiw-d3 --example sim -- [SCENARIO] [GAMES] [BRITISH] [FRENCH] [SEED]`
//! with each seat `heuristic`, `random` or `ai` (`AI_PLAYOUTS=N` sets the ai's playouts); with `SHOW=1` in the environment it plays one
//! game and prints its log and the final table.

use fiw_d3::{Options, D3};
use fiw_engine::{simulate, Game, Policy, RandomPolicy, SearchConfig, SimOptions};

fn seat(name: &str, seed: u64) -> Box<dyn Policy<D3>> {
    match name {
        "random" => Box::new(RandomPolicy::new(seed)),
        "ai" => {
            let mut limits = D3::default_ai_limits();
            if let Some(n) = std::env::var("AI_PLAYOUTS")
                .ok()
                .and_then(|n| n.parse().ok())
            {
                limits.iterations = Some(n);
            }
            let config = SearchConfig {
                limits,
                seed,
                ..SearchConfig::default()
            };
            D3::search_ai(config)
        }
        _ => D3::heuristic_policy(seed).unwrap_or_else(|| Box::new(RandomPolicy::new(seed))),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, d: &str| args.get(i).cloned().unwrap_or_else(|| d.to_string());
    let scenario = arg(0, "fort-oswego");
    let games: u64 = arg(1, "200").parse().expect("games");
    let (b, f) = (arg(2, "heuristic"), arg(3, "heuristic"));
    let seed: u64 = arg(4, "1").parse().expect("seed");
    let options = Options {
        scenario: scenario.clone(),
        text: None,
    };
    if std::env::var("SHOW").is_ok() {
        let mut g = D3::new(&options, seed).expect("scenario");
        let mut policies = vec![seat(&b, seed), seat(&f, seed ^ 1)];
        fiw_engine::play_out(&mut g, &mut policies, 100_000).expect("game");
        for e in g.log().entries() {
            println!("{}", e.text);
        }
        print!("{}", g.render(0));
        return;
    }
    let sim = SimOptions {
        games,
        seed,
        threads: 1,
        progress: false,
    };
    let report = simulate::<D3, _>(&options, &sim, |s| vec![seat(&b, s), seat(&f, s ^ 1)])
        .expect("simulation");
    println!(
        "{scenario}: {} games, british={b} french={f}: wins {:?}, mean turns {:.1}, mean actions {:.0}, means {:?}, {:.1} games/s",
        report.games, report.wins, report.mean_turns, report.mean_actions, report.means, report.games_per_sec
    );
}
