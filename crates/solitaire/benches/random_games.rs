//! Throughput of whole random games from each side (the figure `fiw sim solitaire` reports).
use criterion::{criterion_group, criterion_main, Criterion};
use fiw_engine::{play_out, Game, Policy, RandomPolicy};
use fiw_solitaire::{Options, Side, Solitaire};
use std::hint::black_box;

fn random_games(c: &mut Criterion) {
    for side in [Side::British, Side::French] {
        let mut seed = 0u64;
        c.bench_function(&format!("solitaire random game ({})", side.id()), |b| {
            b.iter(|| {
                seed += 1;
                let mut g = Solitaire::new(
                    &Options {
                        side,
                        ..Default::default()
                    },
                    seed,
                )
                .unwrap();
                g.set_logging(false);
                let mut p: Vec<Box<dyn Policy<Solitaire>>> = vec![
                    Box::new(RandomPolicy::new(seed)),
                    Box::new(RandomPolicy::new(!seed)),
                ];
                black_box(play_out(&mut g, &mut p, 1_000_000).unwrap())
            })
        });
    }
}

criterion_group!(benches, random_games);
criterion_main!(benches);
