//! The heuristic policy against random play and against itself (15.1, 15.2).

use fiw_engine::{play_out, Game, Policy, RandomPolicy, Seen};
use fiw_louisbourg::heuristic::Heuristic;
use fiw_louisbourg::{Action, Louisbourg, Options};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// The heuristic, timed: adds the nanoseconds spent choosing and the number of choices.
struct Timed {
    inner: Heuristic,
    nanos: Arc<AtomicU64>,
    calls: Arc<AtomicU64>,
}

impl Policy<Louisbourg> for Timed {
    fn name(&self) -> &str {
        self.inner.name()
    }
    fn choose(&mut self, seen: &Seen<Louisbourg>, legal: &[Action]) -> usize {
        let t = Instant::now();
        let i = self.inner.choose(seen, legal);
        self.nanos
            .fetch_add(t.elapsed().as_nanos() as u64, Ordering::Relaxed);
        self.calls.fetch_add(1, Ordering::Relaxed);
        assert!(
            i < legal.len(),
            "index {i} out of {} legal actions",
            legal.len()
        );
        i
    }
}

/// What a batch of games gives.
struct Batch {
    british_wins: u64,
    games: u64,
    /// Mean microseconds per heuristic decision.
    micros: f64,
    decisions: u64,
}

/// Plays games `0..games` (seeds) with the heuristic or random play on each side.
fn run(games: u64, british_heuristic: bool, french_heuristic: bool) -> Batch {
    let nanos = Arc::new(AtomicU64::new(0));
    let calls = Arc::new(AtomicU64::new(0));
    let mut british_wins = 0;
    for seed in 0..games {
        let mut g = Louisbourg::new(&Options::default(), seed).unwrap();
        g.set_logging(false);
        let make = |heuristic: bool, s: u64| -> Box<dyn Policy<Louisbourg>> {
            if heuristic {
                Box::new(Timed {
                    inner: Heuristic::new(s),
                    nanos: nanos.clone(),
                    calls: calls.clone(),
                })
            } else {
                Box::new(RandomPolicy::new(s))
            }
        };
        let mut p = vec![
            make(british_heuristic, seed),
            make(french_heuristic, seed + 7_000),
        ];
        play_out(&mut g, &mut p, 100_000).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let o = g.outcome().expect("the game ends");
        if o.winner == Some(0) {
            british_wins += 1;
        }
    }
    let n = calls.load(Ordering::Relaxed);
    Batch {
        british_wins,
        games,
        micros: nanos.load(Ordering::Relaxed) as f64 / 1e3 / n.max(1) as f64,
        decisions: n,
    }
}

#[test]
fn heuristic_british_beat_random_french() {
    let b = run(200, true, false);
    println!(
        "heuristic British vs random French: British win {}/{} ({} decisions, {:.1} µs each)",
        b.british_wins, b.games, b.decisions, b.micros
    );
    assert!(
        b.british_wins >= 180,
        "the heuristic British won only {} of 200",
        b.british_wins
    );
}

#[test]
fn heuristic_french_beat_random_british() {
    let b = run(200, false, true);
    let french = b.games - b.british_wins;
    println!(
        "random British vs heuristic French: French win {french}/{} ({} decisions, {:.1} µs each)",
        b.games, b.decisions, b.micros
    );
    assert!(
        french >= 180,
        "the heuristic French won only {french} of 200"
    );
}

#[test]
fn heuristic_against_itself() {
    let b = run(200, true, true);
    println!(
        "heuristic vs heuristic: British win {:.1} % ({}/{}; {} decisions, {:.1} µs each)",
        100.0 * b.british_wins as f64 / b.games as f64,
        b.british_wins,
        b.games,
        b.decisions,
        b.micros
    );
    assert!(b.micros < 500.0, "{:.1} µs per decision", b.micros);
}

/// As a rollout policy the heuristic is asked about positions it did not reach itself (the
/// middle of a group move, a battle, the set-up), by one instance reused across many of them:
/// it must play every one of them to the end.
#[test]
fn the_heuristic_plays_on_from_any_position() {
    // one pair of instances for every position, as a search would reuse them
    let mut players: Vec<Box<dyn Policy<Louisbourg>>> =
        vec![Box::new(Heuristic::new(1)), Box::new(Heuristic::new(2))];
    let mut starts = 0;
    for seed in 0..20u64 {
        let mut g = Louisbourg::new(&Options::default(), 1_000 + seed).unwrap();
        g.set_logging(false);
        let mut random = [RandomPolicy::new(seed), RandomPolicy::new(seed + 50)];
        let mut legal = Vec::new();
        let mut n = 0;
        while let Some(seat) = g.to_move() {
            if n % 7 == 0 {
                let mut copy = g.clone();
                play_out(&mut copy, &mut players, 20_000)
                    .unwrap_or_else(|e| panic!("seed {seed}, decision {n}: {e}"));
                assert!(copy.outcome().is_some());
                starts += 1;
            }
            g.legal_actions(&mut legal);
            let i = if legal.len() == 1 {
                0
            } else {
                Policy::<Louisbourg>::choose(&mut random[seat], &Seen::new(&g, seat), &legal)
            };
            g.apply_unchecked(legal[i]);
            n += 1;
        }
    }
    assert!(starts > 200, "{starts}");
}

/// The same seeds give the same game, whatever was played before on the thread (the shared
/// odds cache holds exact values only).
#[test]
fn the_heuristic_is_deterministic_for_a_seed() {
    let game = |seed: u64| {
        let mut g = Louisbourg::new(&Options::default(), seed).unwrap();
        g.set_logging(false);
        let mut p: Vec<Box<dyn Policy<Louisbourg>>> = vec![
            Box::new(Heuristic::new(seed)),
            Box::new(Heuristic::new(seed + 1)),
        ];
        play_out(&mut g, &mut p, 100_000).unwrap();
        g.digest()
    };
    let first: Vec<String> = (0..5).map(game).collect();
    let again: Vec<String> = (0..5).rev().map(game).rev().collect();
    assert_eq!(first, again);
}

/// Prints one heuristic-vs-heuristic game (`FIW_SEED=n cargo test -p fiw-louisbourg --test louisbourg heuristic::show_game -- --ignored --nocapture`).
#[test]
#[ignore]
fn show_game() {
    let seed: u64 = std::env::var("FIW_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let french_random = std::env::var("FIW_FRENCH_RANDOM").is_ok();
    let british_random = std::env::var("FIW_BRITISH_RANDOM").is_ok();
    let mut g = Louisbourg::new(&Options::default(), seed).unwrap();
    g.set_logging(true);
    let b: Box<dyn Policy<Louisbourg>> = if british_random {
        Box::new(RandomPolicy::new(seed))
    } else {
        Box::new(Heuristic::new(seed))
    };
    let f: Box<dyn Policy<Louisbourg>> = if french_random {
        Box::new(RandomPolicy::new(seed + 7_000))
    } else {
        Box::new(Heuristic::new(seed + 7_000))
    };
    let mut p = vec![b, f];
    play_out(&mut g, &mut p, 100_000).unwrap();
    for e in g.log().entries() {
        println!("{:?} {}", e.to, e.text);
    }
    println!("{}", g.render(0));
    println!("{}", g.render(1));
}

/// Sums up heuristic-vs-heuristic games by how they ended (`cargo test -p fiw-louisbourg --test louisbourg heuristic::survey -- --ignored --nocapture`).
#[test]
#[ignore]
fn survey() {
    use fiw_louisbourg::board::{
        ADJACENT_TO_LOUISBOURG, ISLAND_BATTERY, LIGHTHOUSE_POINT, LOUISBOURG,
    };
    use fiw_louisbourg::forces::{Kind, Side};
    let games: u64 = std::env::var("FIW_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(400);
    let mut reasons: std::collections::BTreeMap<String, u64> = Default::default();
    let mut turns = [0u64; 17];
    let (mut bsp, mut fsp) = (0.0, 0.0);
    let mut sites = [0.0f64; 17];
    let mut l_sp = [0.0f64; 17];
    let mut lp = [0.0f64; 17];
    let mut ib = [0.0f64; 17];
    let mut seen = [0.0f64; 17];
    for seed in 0..games {
        let mut g = Louisbourg::new(&Options::default(), seed).unwrap();
        g.set_logging(false);
        let mut p: Vec<Box<dyn Policy<Louisbourg>>> = vec![
            Box::new(Heuristic::new(seed)),
            Box::new(Heuristic::new(seed + 7_000)),
        ];
        let mut legal = Vec::new();
        let mut last_turn = 0;
        while let Some(seat) = g.to_move() {
            let t = g.turn() as usize;
            if t != last_turn {
                last_turn = t;
                let u = g.units();
                let n = ADJACENT_TO_LOUISBOURG
                    .iter()
                    .filter(|&&l| {
                        u.iter().any(|x| {
                            x.loc == l && x.side == Side::British && x.kind != Kind::Ranger
                        })
                    })
                    .count();
                sites[t] += n as f64;
                l_sp[t] += u
                    .iter()
                    .filter(|x| x.loc == LOUISBOURG && x.side == Side::French)
                    .map(|x| x.sp as f64)
                    .sum::<f64>();
                lp[t] += (g.control(LIGHTHOUSE_POINT) == Side::British) as u8 as f64;
                ib[t] += (g.control(ISLAND_BATTERY) == Side::British) as u8 as f64;
                seen[t] += 1.0;
            }
            g.legal_actions(&mut legal);
            let i = if legal.len() == 1 {
                0
            } else {
                p[seat].choose(&Seen::new(&g, seat), &legal)
            };
            if let Action::ShipMove(to) = legal[i] {
                *reasons
                    .entry(format!(
                        "(ship move by {} to {})",
                        seat,
                        fiw_louisbourg::board::id(to)
                    ))
                    .or_default() += 1;
            }
            if let Action::LandMove(LOUISBOURG) = legal[i] {
                if seat == 0 {
                    *reasons.entry("(british assaults)".to_string()).or_default() += 1;
                }
            }
            if legal[i] == Action::Pass && legal.iter().any(|a| matches!(a, Action::LandMove(_))) {
                *reasons
                    .entry(format!("(action passes by {seat})"))
                    .or_default() += 1;
            }
            if let Action::Raid { .. } = legal[i] {
                *reasons.entry(format!("(raids by {seat})")).or_default() += 1;
            }
            g.apply_unchecked(legal[i]);
        }
        let o = g.outcome().unwrap();
        let r = o.reason.split(" with ").next().unwrap_or("").to_string();
        let r = if r.starts_with("the British fell") {
            "british fell below 24".into()
        } else {
            r
        };
        *reasons
            .entry(format!(
                "{} {}",
                if o.winner == Some(0) { "B" } else { "F" },
                r
            ))
            .or_default() += 1;
        turns[o.turn as usize] += 1;
        for (k, v) in g.metrics() {
            match k {
                "british_sp" => bsp += v,
                "french_sp" => fsp += v,
                _ => {}
            }
        }
    }
    for (r, n) in &reasons {
        println!("{n:5} {r}");
    }
    println!("turns {:?}", &turns[1..]);
    println!(
        "mean end SP: british {:.1} french {:.1}",
        bsp / games as f64,
        fsp / games as f64
    );
    for t in 1..17 {
        let n = seen[t].max(1.0);
        println!("turn {t:2}: British bombard sites {:.2}, French SP in Louisbourg {:5.1}, British hold LP {:.2} IB {:.2}", sites[t] / n, l_sp[t] / n, lp[t] / n, ib[t] / n);
    }
}
