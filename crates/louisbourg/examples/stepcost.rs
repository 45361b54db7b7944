//! Where random games spend their time, by kind of decision (for tuning).
use fiw_engine::{Dice, Game};
use fiw_louisbourg::{Louisbourg, Options};
use std::collections::BTreeMap;
use std::time::Instant;

fn main() {
    let mut cost: BTreeMap<String, (u64, f64, u64)> = BTreeMap::new();
    let mut d = Dice::new(9);
    let mut legal = Vec::new();
    for seed in 0..3000u64 {
        let mut g = Louisbourg::new(&Options::default(), seed).unwrap();
        g.set_logging(false);
        while g.to_move().is_some() {
            let name = format!("{:?}", g.step());
            let name = name.split([' ', '(', '{']).next().unwrap_or("").to_string();
            let t = Instant::now();
            g.legal_actions(&mut legal);
            let a = legal[d.below(legal.len() as u32) as usize];
            g.apply_unchecked(a);
            let e = cost.entry(name).or_default();
            e.0 += 1;
            e.1 += t.elapsed().as_secs_f64();
            e.2 += legal.len() as u64;
        }
    }
    for (k, (n, s, l)) in cost {
        println!(
            "{k:<16} {:>8.1}/game {:>8.0} ns each {:>6.1} actions  {:>6.1} us/game",
            n as f64 / 3000.0,
            s / n as f64 * 1e9,
            l as f64 / n as f64,
            s / 3000.0 * 1e6
        );
    }
}
