//! The balance table of docs/solitaire.md: the player's results against the BOT from each side,
//! for the random and the heuristic player, as a Markdown table with the figures the reading
//! asks for (win rate, sudden death as a share of the player's wins, games the Atlantic point
//! decides, attacks a game).
//!
//! `cargo run --release -p fiw-solitaire --example balance -- [GAMES] [SEED] [POLICIES] [SIDES]`
//! (default 20,000 games a row, seed 1, `random,heuristic`, `british,french`; one thread); each row is the same
//! as `fiw sim solitaire --side SIDE --seat player=POLICY --games GAMES --seed SEED --threads 1`.
use fiw_engine::{simulate, wilson, Game, Policy, RandomPolicy, SimOptions};
use fiw_solitaire::{Options, Side, Solitaire};

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let policies = args.next().unwrap_or_else(|| "random,heuristic".into());
    let sides = args.next().unwrap_or_else(|| "british,french".into());
    println!("| side | player | games | player wins | 95 % interval | player's wins by sudden death | BOT sudden deaths (of all games) | Atlantic point decides | attacks a game (player, BOT) | mean VP (player, BOT) | BOT sudden deaths by season (spring, summer, fall, winter) |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for side in [Side::British, Side::French] {
        if !sides.split(',').any(|s| s == side.id()) {
            continue;
        }
        for policy in policies.split(',') {
            let sim = SimOptions {
                games,
                seed,
                threads: 1,
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
            let m = |k: &str| r.means[k];
            let share = if p > 0.0 {
                m("player_sudden_death") / p
            } else {
                0.0
            };
            let bot_sudden = m("sudden_death") - m("player_sudden_death");
            let seasons: Vec<String> = fiw_solitaire::SEASON_KEYS
                .iter()
                .map(|k| {
                    let share = if bot_sudden > 0.0 {
                        m(k) / bot_sudden
                    } else {
                        0.0
                    };
                    format!("{:.0} %", 100.0 * share)
                })
                .collect();
            println!(
                "| {} | {policy} | {} | {:.1} % | {:.1}–{:.1} % | {:.1} % | {:.1} % | {:.1} % | {:.1}, {:.1} | {:.2}, {:.2} | {} |",
                side.id(),
                r.games,
                100.0 * p,
                100.0 * lo,
                100.0 * hi,
                100.0 * share,
                100.0 * bot_sudden,
                100.0 * m("atlantic_decides"),
                m("player_attacks"),
                m("bot_attacks"),
                m("player_vp"),
                m("bot_vp"),
                seasons.join(", "),
            );
        }
    }
}
