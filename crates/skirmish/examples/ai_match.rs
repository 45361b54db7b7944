//! The `ai` seat against the heuristic general, paired: each seed is played twice, the `ai`
//! as the British and then as the French, the general on the other side, so that whatever a
//! scenario gives one side counts for and against the `ai` alike (between two generals the
//! pairs score exactly half). Prints the `ai`'s score (a draw is half a game) with its 95 %
//! Wilson interval, each side's, and the time of its decisions (release build, one thread):
//!
//! ```sh
//! cargo run --release -p fiw-skirmish --example ai_match -- relief-column 100
//! ```
//!
//! The `ai` is the seat `fiw play` and `fiw sim` give (`Game::search_ai` at
//! `Game::default_ai_limits`); each game's seed is `game_seed(1, pair)`, the general's seed
//! and the search's drawn from it.

use fiw_engine::{game_seed, wilson, Game, Policy, SearchConfig};
use fiw_skirmish::{Options, Skirmish};
use std::time::{Duration, Instant};

fn main() {
    let mut args = std::env::args().skip(1);
    let scenario = args.next().unwrap_or_else(|| "relief-column".into());
    let pairs: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(10);
    let options = Options {
        scenario: scenario.clone(),
        ..Options::default()
    };
    // points won by the ai as each side, games played as each side
    let mut points = [0.0f64; 2];
    let mut times: Vec<Duration> = Vec::new();
    let start = Instant::now();
    for pair in 0..pairs {
        let seed = game_seed(1, pair);
        for ai_seat in 0..2 {
            let Ok(mut g) = Skirmish::new(&options, seed) else {
                eprintln!("{scenario}: no such scenario");
                std::process::exit(2);
            };
            g.set_logging(false);
            let config = SearchConfig::new(
                Skirmish::default_ai_limits(),
                game_seed(seed, 0xa1 + ai_seat as u64),
            );
            let mut seats: Vec<Box<dyn Policy<Skirmish>>> = Vec::new();
            for s in 0..2 {
                seats.push(if s == ai_seat {
                    Skirmish::search_ai(config.clone())
                } else {
                    let Some(p) = Skirmish::heuristic_policy(game_seed(seed, 0x4e + s as u64))
                    else {
                        eprintln!("no heuristic");
                        std::process::exit(1);
                    };
                    p
                });
            }
            let mut legal = Vec::new();
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
            points[ai_seat] += match g.outcome().and_then(|o| o.winner) {
                Some(w) if w == ai_seat => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
        }
        eprint!("\r{}/{pairs} pairs", pair + 1);
    }
    eprintln!();
    let games = 2 * pairs;
    let score = points[0] + points[1];
    // the interval of a rate of whole games (draws, half a point each, rounded to the nearest)
    let rate = score / games as f64;
    let [_, lo, hi] = wilson(score.round() as u64, games);
    times.sort();
    let at = |q: f64| times[((times.len() as f64 * q) as usize).min(times.len() - 1)];
    println!("{scenario}: ai against the heuristic, {pairs} pairs ({games} games), seeds game_seed(1, 0..{pairs})");
    println!(
        "  ai score {:.1}% (95% interval {:.1}% - {:.1}%); as british {:.1}%, as french {:.1}%",
        100.0 * rate,
        100.0 * lo,
        100.0 * hi,
        100.0 * points[0] / pairs as f64,
        100.0 * points[1] / pairs as f64
    );
    if !times.is_empty() {
        println!(
            "  ai decisions {}: median {:.1?}, 99th percentile {:.0?}, slowest {:.0?}; {:.1} s a game",
            times.len(),
            at(0.5),
            at(0.99),
            times[times.len() - 1],
            start.elapsed().as_secs_f64() / games as f64
        );
    }
}
