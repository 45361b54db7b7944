//! Plays one random game by its seed with the log on and prints where it stops (debugging aid
//! for `fiw sim` failures: the runner names the seed).
use fiw_engine::{play_out, Game, Policy, RandomPolicy};
use fiw_louisbourg::{Louisbourg, Options};

fn main() {
    let seed: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let mut g = Louisbourg::new(&Options::default(), seed).unwrap();
    g.set_logging(true);
    let mut p: Vec<Box<dyn Policy<Louisbourg>>> = (0..2u64)
        .map(|s| {
            Box::new(RandomPolicy::new(fiw_engine::game_seed(
                seed,
                0x5eed_0000 + s,
            ))) as Box<dyn Policy<Louisbourg>>
        })
        .collect();
    let r = play_out(&mut g, &mut p, 1_000_000);
    for e in g.log().entries().iter().rev().take(40).rev() {
        println!("{:?} {}", e.to, e.text);
    }
    println!("{r:?} {:?}\n{}", g.step(), g.render(1));
}
