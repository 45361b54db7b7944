//! The balance table of docs/solitaire.md: the player's results against the BOT from each side,
//! for the random and the heuristic player, as a Markdown table with the figures issue 37 asks
//! for (win rate; sudden death for the player and for the BOT, as shares of all games; games
//! with a militia reduced or an army cut off; games where restore and resupply were played; BOT
//! turns whose die chooses among three or more different actions; the Atlantic point).
//!
//! `cargo run --release -p fiw-solitaire --example balance -- [GAMES] [SEED] [POLICIES] [SIDES]`
//! (default 20,000 games a row, seed 1, `random,heuristic`, `british,french`; one thread); each
//! row is the same as `fiw sim solitaire --side SIDE --seat player=POLICY --games GAMES --seed
//! SEED --threads 1`. With `FIW_SOLITAIRE_DATA=FOLDER` it plays the data files found there
//! (fiw_solitaire::data), as a corrected or trial table would play.
use fiw_engine::{simulate, wilson, Game, Policy, RandomPolicy, SimOptions};
use fiw_solitaire::{Options, Side, Solitaire};

fn main() {
    if let Err(e) = fiw_solitaire::data::install_from_env() {
        eprintln!("balance: {e}");
        std::process::exit(2);
    }
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let policies = args.next().unwrap_or_else(|| "random,heuristic".into());
    let sides = args.next().unwrap_or_else(|| "british,french".into());
    println!("| side | player | games | player wins | 95 % interval | player by sudden death | BOT by sudden death | player's wins by sudden death | militia reduced or army cut off | restore played | resupply played | BOT turns of 3+ actions | player turns of 2+ actions | BOT recovery attacks a game | Atlantic point decides | attacks a game (player, BOT) |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
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
            let r = simulate::<Solitaire, _>(
                &Options {
                    side,
                    ..Default::default()
                },
                &sim,
                |s| {
                    // the same seeding as `fiw sim` (crates/host/src/seats.rs: policy_for)
                    let ps = fiw_engine::game_seed(s, 0x5eed_0000);
                    let player: Box<dyn Policy<Solitaire>> = match policy {
                        "random" => Box::new(RandomPolicy::new(ps)),
                        _ => Solitaire::heuristic_policy(ps).expect("solitaire has a heuristic"),
                    };
                    vec![player, Box::new(RandomPolicy::new(0))]
                },
            )
            .expect("the games run");
            let wins = r.wins["player"];
            let [p, lo, hi] = wilson(wins, r.games);
            let m = |k: &str| r.means.get(k).copied().unwrap_or(0.0);
            let share = |a: f64, b: f64| if b > 0.0 { a / b } else { 0.0 };
            let pct = |x: f64| 100.0 * x;
            println!(
                "| {} | {policy} | {} | {:.1} % | {:.1}–{:.1} % | {:.1} % | {:.1} % | {:.1} % | {:.1} % | {:.1} % | {:.1} % | {:.1} % | {:.1} % | {:.2} | {:.1} % | {:.1}, {:.1} |",
                side.id(),
                r.games,
                pct(p),
                pct(lo),
                pct(hi),
                pct(m("player_sudden_death")),
                pct(m("sudden_death") - m("player_sudden_death")),
                pct(share(m("player_sudden_death"), p)),
                pct(m("reduced_or_cut")),
                pct(m("restore_played")),
                pct(m("resupply_played")),
                pct(share(m("varied_bot_turns"), m("bot_turns"))),
                pct(share(m("turns_of_several_actions"), m("turns_with_ap"))),
                m("bot_recovery_attacks"),
                pct(m("atlantic_decides")),
                m("player_attacks"),
                m("bot_attacks"),
            );
        }
    }
}
