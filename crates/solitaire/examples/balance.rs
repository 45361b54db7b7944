//! The balance table of docs/solitaire.md: the player's results against the BOT from each side,
//! for the random and the heuristic player, as a Markdown table.
//!
//! `cargo run --release -p fiw-solitaire --example balance -- [GAMES] [SEED]` (default 20,000
//! games a row, seed 1); each row is the same as
//! `fiw sim solitaire --side SIDE --seat player=POLICY --games GAMES --seed SEED`.
use fiw_engine::{simulate, wilson, Game, Policy, RandomPolicy, SimOptions};
use fiw_solitaire::{Options, Side, Solitaire};

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    println!("| side | player | games | player wins | 95 % interval | mean VP player | mean VP BOT | sudden death (player, BOT) | games/s |");
    println!("|---|---|---|---|---|---|---|---|---|");
    for side in [Side::British, Side::French] {
        for policy in ["random", "heuristic"] {
            let sim = SimOptions {
                games,
                seed,
                threads: 0,
                progress: false,
            };
            let r = simulate::<Solitaire, _>(&Options { side }, &sim, |s| {
                // the same seeding as `fiw sim` (crates/cli/src/seats.rs: policy_for)
                let ps = fiw_engine::game_seed(s, 0x5eed_0000);
                let player: Box<dyn Policy<Solitaire>> = match policy {
                    "random" => Box::new(RandomPolicy::new(ps)),
                    _ => Solitaire::heuristic_policy(ps).expect("solitaire has a heuristic"),
                };
                vec![player, Box::new(RandomPolicy::new(0))]
            })
            .expect("the games run");
            let wins = r.wins["player"];
            let [p, lo, hi] = wilson(wins, r.games);
            println!(
                "| {} | {policy} | {} | {:.1} % | {:.1}–{:.1} % | {:.2} | {:.2} | {:.1} % ({:.1} %, {:.1} %) | {:.0} |",
                side.id(),
                r.games,
                100.0 * p,
                100.0 * lo,
                100.0 * hi,
                r.means["player_vp"],
                r.means["bot_vp"],
                100.0 * r.means["sudden_death"],
                100.0 * r.means["player_sudden_death"],
                100.0 * (r.means["sudden_death"] - r.means["player_sudden_death"]),
                r.games_per_sec
            );
        }
    }
}
