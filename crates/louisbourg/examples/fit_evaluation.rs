//! Fits the weights of `evaluate.rs` to games between heuristic players: the features at the
//! start of every turn, labelled with who won. Logistic regression by plain gradient descent.
//! `cargo run --release -p fiw-louisbourg --example fit_evaluation -- GAMES`
use fiw_engine::{Game, Policy, Seen};
use fiw_louisbourg::evaluate::{FEATURES, NAMES};
use fiw_louisbourg::heuristic::Heuristic;
use fiw_louisbourg::{Louisbourg, Options, Side, Step};

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(3000);
    let mut rows: Vec<([f64; FEATURES], f64)> = Vec::new();
    for seed in 0..games {
        let mut g = Louisbourg::new(&Options::default(), seed).unwrap();
        g.set_logging(false);
        let mut p = [Heuristic::new(seed), Heuristic::new(seed ^ 0xabcdef)];
        let mut legal = Vec::new();
        let mut snaps = Vec::new();
        let mut last_turn = 0;
        while let Some(seat) = g.to_move() {
            if g.turn_number() != last_turn && matches!(g.step(), Step::ChooseFirst(_) | Step::Bombard(_) | Step::Action(_)) {
                last_turn = g.turn_number();
                snaps.push(g.features());
            }
            g.legal_actions(&mut legal);
            let i = if legal.len() == 1 { 0 } else { p[seat].choose(&Seen::new(&g, seat), &legal) };
            g.apply_unchecked(legal[i]);
        }
        let won = (g.outcome().and_then(|o| o.winner) == Some(Side::British.seat())) as u8 as f64;
        rows.extend(snaps.into_iter().map(|f| (f, won)));
    }
    let mut w = [0.0f64; FEATURES];
    let rate = 1.0;
    for _ in 0..20000 {
        let mut grad = [0.0f64; FEATURES];
        let mut loss = 0.0;
        for (f, y) in &rows {
            let z: f64 = f.iter().zip(&w).map(|(x, w)| x * w).sum();
            let p = 1.0 / (1.0 + (-z).exp());
            loss -= y * p.max(1e-12).ln() + (1.0 - y) * (1.0 - p).max(1e-12).ln();
            for k in 0..FEATURES {
                grad[k] += (p - y) * f[k];
            }
        }
        for k in 0..FEATURES {
            w[k] -= rate * (grad[k] / rows.len() as f64 + 1e-4 * w[k]);
        }
        let _ = loss;
    }
    let mut right = 0;
    for (f, y) in &rows {
        let z: f64 = f.iter().zip(&w).map(|(x, w)| x * w).sum();
        right += ((z > 0.0) as u8 as f64 == *y) as u32;
    }
    println!("{} positions from {games} games; accuracy {:.1} %", rows.len(), 100.0 * right as f64 / rows.len() as f64);
    for k in 0..FEATURES {
        println!("  {:<40} {:+.3}", NAMES[k], w[k]);
    }
    println!("pub const WEIGHTS: [f64; FEATURES] = [{}];", w.iter().map(|x| format!("{x:.3}")).collect::<Vec<_>>().join(", "));
}
