//! The campaign's balance (issue 39, item 4): the heuristic player against the BOT from each
//! side, every attack fought out by the generals, against the same player in the text's
//! Solitaire (named apart from Solitaire's own `balance` example: cargo puts every example of
//! the workspace in one folder):
//!
//! ```sh
//! cargo run --release -p fiw-campaign --example campaign_balance -- 200
//! ```
use fiw_campaign::{Campaign, Options};
use fiw_engine::{simulate, wilson, Game, Policy, RandomPolicy, Side, SimOptions};
use fiw_solitaire::Solitaire;

fn main() {
    if let Err(e) = fiw_campaign::rules::install_from_env() {
        eprintln!("{e}");
        std::process::exit(2);
    }
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    if std::env::args().nth(2).as_deref() == Some("bands") {
        return bands(games);
    }
    let sim = SimOptions {
        games,
        seed: 1,
        threads: 1,
        progress: false,
    };
    println!("| player's side | game | games | player wins | 95 % interval | battles a game (by the generals) |");
    println!("|---|---|---|---|---|---|");
    for side in [Side::British, Side::French] {
        let r = simulate::<Campaign, _>(
            &Options {
                side,
                ..Default::default()
            },
            &sim,
            |s| {
                let ps = fiw_engine::game_seed(s, 0x5eed_0000);
                let player = Campaign::heuristic_policy(ps).expect("the campaign has a heuristic");
                vec![
                    player,
                    Box::new(RandomPolicy::new(0)) as Box<dyn Policy<Campaign>>,
                ]
            },
        )
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
        let t = simulate::<Solitaire, _>(
            &fiw_solitaire::Options {
                side,
                ..Default::default()
            },
            &sim,
            |s| {
                let ps = fiw_engine::game_seed(s, 0x5eed_0000);
                vec![
                    Solitaire::heuristic_policy(ps).expect("solitaire has a heuristic"),
                    Box::new(RandomPolicy::new(0)),
                ]
            },
        )
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

/// The battles of `games` campaigns a side (the heuristic player, the generals fighting): how
/// often the attackers carried them, by the attacking side and the chart's band, against the
/// chart's odds. The calibration draws its attacks at random; this is the campaign's own mix.
fn bands(games: u64) {
    use fiw_campaign::game::How;
    // (attacker, kind, defender's army: none, in supply, out of supply, band) = (won, battles)
    let mut t = std::collections::BTreeMap::<(usize, &str, usize, usize), (u32, u32)>::new();
    for side in [Side::British, Side::French] {
        for k in 0..games {
            let seed = fiw_engine::game_seed(1, k);
            let mut g = Campaign::new(
                &Options {
                    side,
                    ..Default::default()
                },
                seed,
            )
            .expect("a campaign");
            g.set_logging(false);
            let mut p = Campaign::heuristic_policy(fiw_engine::game_seed(seed, 0x5eed_0000))
                .expect("the campaign has a heuristic");
            let mut legal = Vec::new();
            while g.to_move().is_some() {
                g.legal_actions(&mut legal);
                let i = p.choose(&fiw_engine::Seen::new(&g, 0), &legal);
                g.apply(legal[i.min(legal.len() - 1)])
                    .expect("a legal action");
            }
            for r in g.battles().iter().filter(|r| r.how == How::Generals) {
                let s = &r.situation;
                let army = match s.defender.army {
                    None => 0,
                    Some(a) if a.supplied => 1,
                    Some(_) => 2,
                };
                let band = fiw_campaign::rules::band(s.sixths);
                let cell = t
                    .entry((r.attacker.index(), r.kind.word(), army, band))
                    .or_default();
                cell.1 += 1;
                if r.winner == Some(r.attacker) {
                    cell.0 += 1;
                }
            }
        }
    }
    println!("| attacker | battle | defender's army | band | battles | attackers won | chart |");
    println!("|---|---|---|---|---|---|---|");
    for ((side, kind, army, band), (won, n)) in t {
        println!(
            "| {} | {kind} | {} | {}/6 | {n} | {:.1} % | {:.1} % |",
            [Side::British, Side::French][side].id(),
            ["none", "in supply", "out of supply"][army],
            band + 1,
            100.0 * f64::from(won) / f64::from(n),
            100.0 * (band as f64 + 1.0) / 6.0
        );
    }
}
