//! Experiments with the search AI's playouts against the heuristic player:
//! `cargo run --release -p fiw-louisbourg --example ai_vs_heuristic -- GAMES ITERATIONS MODE SIDE`
//! MODE: random | eval:N (random playouts cut at N steps, scored by evaluate.rs) |
//! heur:N (heuristic playouts cut at N steps); SIDE: british | french (the AI's side).
use fiw_engine::{Game, IsMcts, Policy, PolicyRollout, SearchConfig, SearchLimits, Seen};
use fiw_louisbourg::heuristic::Heuristic;
use fiw_louisbourg::{Louisbourg, Options, Side};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(10);
    let iterations: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(300);
    let mode = args.get(3).cloned().unwrap_or_else(|| "random".into());
    // "hybrid-…": the heuristic takes the small steps (blocks one by one, hits, set-up
    // placements), the search only the big decisions
    let veto = mode.starts_with("veto-");
    let hybrid = veto || mode.starts_with("hybrid-");
    let mode = mode.trim_start_matches("hybrid-").trim_start_matches("veto-").to_string();
    let minor = |legal: &[fiw_louisbourg::Action]| {
        use fiw_louisbourg::Action as A;
        legal.iter().all(|a| matches!(a, A::Go { .. } | A::Done | A::Hit(_) | A::Place { .. } | A::SolitaireSetup | A::Restore(_) | A::Reinforce { .. }))
    };
    let ai_side = if args.get(4).map(String::as_str) == Some("french") { Side::French } else { Side::British };
    let mut wins = 0;
    let start = std::time::Instant::now();
    for seed in 0..games {
        let mut g = Louisbourg::new(&Options::default(), seed).unwrap();
        g.set_logging(false);
        let config = SearchConfig::new(SearchLimits::iterations(iterations), seed);
        let eval = |g: &Louisbourg, seat: usize| g.win_chance(Side::of_seat(seat));
        let mut ai: IsMcts<Louisbourg> = match mode.split_once(':') {
            Some(("eval", n)) => IsMcts::new(config).with_evaluation(n.parse().unwrap_or(20), eval),
            Some(("heur", n)) => IsMcts::new(config)
                .with_rollout(PolicyRollout(Box::new(Heuristic::new(seed))))
                .with_evaluation(n.parse().unwrap_or(40), eval),
            _ => IsMcts::new(config),
        };
        let mut h = Heuristic::new(seed ^ 99);
        let mut helper = Heuristic::new(seed ^ 7);
        let mut legal = Vec::new();
        while let Some(seat) = g.to_move() {
            g.legal_actions(&mut legal);
            let seen = Seen::new(&g, seat);
            let i = if legal.len() == 1 {
                0
            } else if seat == ai_side.seat() && veto && !minor(&legal) {
                // the heuristic's choice stands unless the search finds another clearly better
                let pick = helper.choose(&seen, &legal);
                let a = ai.analyse(&seen, &legal);
                let of = |i: usize| a.actions.iter().find(|s| s.action == legal[i]);
                match (of(pick), a.actions.first()) {
                    (Some(h), Some(best)) if best.action != legal[pick] && best.visits >= 3 * h.visits.max(1) && best.value > h.value + 0.05 => {
                        legal.iter().position(|l| *l == best.action).unwrap_or(pick)
                    }
                    _ => pick,
                }
            } else if seat == ai_side.seat() && (!hybrid || !minor(&legal)) {
                ai.choose(&seen, &legal)
            } else if seat == ai_side.seat() {
                helper.choose(&seen, &legal)
            } else {
                h.choose(&seen, &legal)
            };
            g.apply_unchecked(legal[i]);
        }
        wins += (g.outcome().and_then(|o| o.winner) == Some(ai_side.seat())) as u32;
    }
    println!("{mode} {iterations} as {}: {wins}/{games} wins ({:.1} s)", ai_side.name(), start.elapsed().as_secs_f64());
}
