use fiw_engine::{play_out, Game, Policy, RandomPolicy};
use fiw_louisbourg::{Louisbourg, Options};

#[test]
fn random_games_finish() {
    for seed in 0..300u64 {
        let mut g = Louisbourg::new(&Options::default(), seed).unwrap();
        g.set_logging(seed < 3);
        let mut p: Vec<Box<dyn Policy<Louisbourg>>> = vec![Box::new(RandomPolicy::new(seed)), Box::new(RandomPolicy::new(seed + 1000))];
        let n = play_out(&mut g, &mut p, 100_000).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{}", g.render(0)));
        assert!(g.outcome().is_some());
        if seed == 0 {
            for e in g.log().entries().iter().take(200) { println!("{:?} {}", e.to, e.text); }
            println!("{n} actions, {:?}", g.outcome());
        }
    }
}
