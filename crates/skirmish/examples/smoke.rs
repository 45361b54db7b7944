//! Plays random games and prints how each ended (a quick look while developing).
use fiw_engine::{Game, Policy, RandomPolicy, Seen};
use fiw_skirmish::{Options, Skirmish};

fn main() {
    let scenario = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "relief-column".into());
    let games: u64 = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    let heuristic = std::env::args().nth(3).is_some_and(|s| s == "h");
    let start = std::time::Instant::now();
    let mut steps_all = 0;
    let first: u64 = std::env::var("SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    for seed in first..first + games {
        // a scenario file by its path, else a built-in scenario by name
        let text = scenario
            .ends_with(".toml")
            .then(|| std::fs::read_to_string(&scenario).expect("the scenario file"));
        let options = Options {
            scenario: scenario.clone(),
            text,
            ..Options::default()
        };
        let mut g = Skirmish::new(&options, seed).unwrap();
        g.set_logging(std::env::var_os("LOG").is_some());
        let mut pol: Vec<Box<dyn Policy<Skirmish>>> = if heuristic {
            vec![
                Skirmish::heuristic_policy(seed).unwrap(),
                Skirmish::heuristic_policy(seed + 1).unwrap(),
            ]
        } else {
            vec![
                Box::new(RandomPolicy::new(seed)),
                Box::new(RandomPolicy::new(seed + 99)),
            ]
        };
        let mut legal = Vec::new();
        let mut steps = 0;
        while let Some(seat) = g.to_move() {
            g.legal_actions(&mut legal);
            if legal.is_empty() {
                println!(
                    "seed {seed}: no legal action at step {steps}:\n{}",
                    g.render(seat)
                );
                break;
            }
            let k = pol[seat].choose(&Seen::new(&g, seat), &legal);
            let a = legal[k];
            if let Err(e) = g.apply(a) {
                println!("seed {seed}: refused {}: {e}", g.action_text(&a));
                break;
            }
            steps += 1;
            if steps > 19960 {
                println!("  {} -> {}", seat, g.action_text(&a));
            }
            if steps > 20000 {
                println!("seed {seed}: too long");
                break;
            }
        }
        steps_all += steps;
        if std::env::var_os("LOG").is_some() {
            for e in g.log().entries() {
                println!("  | {}", e.text);
            }
        }
        println!(
            "seed {seed}: {steps} steps, turn {}: {:?}",
            g.turn(),
            g.outcome().map(|o| (o.winner, o.reason))
        );
    }
    println!(
        "{games} games, {steps_all} steps in {:.2?}",
        start.elapsed()
    );
}
