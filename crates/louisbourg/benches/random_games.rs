//! Throughput of whole random games (the figure `fiw sim louisbourg` reports), and of the
//! legal-action listing the AI leans on.
use criterion::{criterion_group, criterion_main, Criterion};
use fiw_engine::{play_out, Game, Policy, RandomPolicy};
use fiw_louisbourg::{Louisbourg, Options};
use std::hint::black_box;

fn random_games(c: &mut Criterion) {
    let mut seed = 0u64;
    c.bench_function("louisbourg random game", |b| {
        b.iter(|| {
            seed += 1;
            let mut g = Louisbourg::new(&Options::default(), seed).unwrap();
            g.set_logging(false);
            let mut p: Vec<Box<dyn Policy<Louisbourg>>> = vec![
                Box::new(RandomPolicy::new(seed)),
                Box::new(RandomPolicy::new(!seed)),
            ];
            black_box(play_out(&mut g, &mut p, 1_000_000).unwrap())
        })
    });
}

criterion_group!(benches, random_games);
criterion_main!(benches);
