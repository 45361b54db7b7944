//! The campaign's balance (issue 39, item 4): the heuristic player against the BOT from each
//! side, every attack on a fort fought out by the generals (the others rolled, until fiw makes
//! their battles), against the same player in the text's Solitaire:
//!
//! ```sh
//! cargo run --release -p fiw-campaign --example balance -- 200
//! ```
use fiw_campaign::{Campaign, Options};
use fiw_engine::{simulate, wilson, Game, Policy, RandomPolicy, Side, SimOptions};
use fiw_solitaire::Solitaire;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let sim = SimOptions {
        games,
        seed: 1,
        threads: 1,
        progress: false,
    };
    println!("| player's side | game | games | player wins | 95 % interval | battles a game (by the generals) |");
    println!("|---|---|---|---|---|---|");
    for side in [Side::British, Side::French] {
        let r = simulate::<Campaign, _>(&Options { side }, &sim, |s| {
            let ps = fiw_engine::game_seed(s, 0x5eed_0000);
            let player = Campaign::heuristic_policy(ps).expect("the campaign has a heuristic");
            vec![
                player,
                Box::new(RandomPolicy::new(0)) as Box<dyn Policy<Campaign>>,
            ]
        })
        .expect("the campaigns run");
        let [p, lo, hi] = wilson(r.wins["player"], r.games);
        let battles = r.means.get("battles_by_generals").copied().unwrap_or(0.0);
        println!(
            "| {} | campaign | {} | {:.1} % | {:.1}–{:.1} % | {battles:.2} |",
            side.id(),
            r.games,
            100.0 * p,
            100.0 * lo,
            100.0 * hi
        );
        let t = simulate::<Solitaire, _>(&fiw_solitaire::Options { side }, &sim, |s| {
            let ps = fiw_engine::game_seed(s, 0x5eed_0000);
            vec![
                Solitaire::heuristic_policy(ps).expect("solitaire has a heuristic"),
                Box::new(RandomPolicy::new(0)),
            ]
        })
        .expect("the games run");
        let [p, lo, hi] = wilson(t.wins["player"], t.games);
        println!(
            "| {} | the text's Solitaire | {} | {:.1} % | {:.1}–{:.1} % | 0 |",
            side.id(),
            t.games,
            100.0 * p,
            100.0 * lo,
            100.0 * hi
        );
    }
}
