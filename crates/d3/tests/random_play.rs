//! A few random-order games of each scenario (the 2,000-game property test is still to
//! come): nothing panics, every listed order is legal, no unit stands off the table, on
//! impassable ground or on another, hits stay in bounds and resolve matches the losses.

use fiw_d3::{Army, Options, Type, D3};
use fiw_engine::{Dice, Game};

fn invariants(g: &D3) {
    let layout = &g.scenario().layout;
    let alive: Vec<usize> = (0..g.units().len()).filter(|i| !g.units()[*i].eliminated).collect();
    for &i in &alive {
        let r = g.rect(i);
        assert!(layout.bounds().holds(&r), "{} off the table", g.id(i));
        assert_eq!(layout.impassable_under(&r), None, "{} on impassable ground", g.id(i));
        for &j in alive.iter().filter(|j| **j > i) {
            assert!(!r.overlaps(&g.rect(j)), "{} overlaps {}", g.id(i), g.id(j));
        }
    }
    for army in Army::BOTH {
        let lost: u32 = g.units().iter().filter(|u| u.army == army && u.eliminated).map(|u| u.kind.resolve_loss()).sum();
        assert_eq!(g.resolve(army), g.start_resolve(army).saturating_sub(lost));
        assert!(g.units().iter().filter(|u| u.army == army).all(|u| u.kind != Type::Commander || !u.eliminated));
    }
}

#[test]
fn random_games_keep_the_table_sound() {
    for scenario in ["fort-oswego", "meeting"] {
        for seed in 0..2u64 {
            let mut g = D3::new(&Options { scenario: scenario.into(), text: None }, seed).unwrap();
            g.set_logging(false);
            let mut pick = Dice::new(seed + 100);
            let mut list = Vec::new();
            let mut steps = 0;
            while g.to_move().is_some() {
                g.legal_actions(&mut list);
                assert!(!list.is_empty());
                // pass seldom, so that units move and shoot
                let a = if list.len() > 1 && pick.below(8) != 0 { list[pick.below(list.len() as u32 - 1) as usize] } else { *list.last().unwrap() };
                g.apply(a).unwrap_or_else(|e| panic!("{scenario} seed {seed}: listed {} refused: {e}", g.action_text(&a)));
                invariants(&g);
                steps += 1;
                assert!(steps < 20_000, "{scenario} seed {seed} does not end");
            }
            let out = g.outcome().unwrap();
            assert!(out.turn <= g.scenario().turns);
        }
    }
}

#[test]
fn a_game_replays_to_the_same_state_from_its_seed_and_orders() {
    let mut g = D3::new(&Options::default(), 11).unwrap();
    let mut pick = Dice::new(5);
    let mut list = Vec::new();
    let mut played = Vec::new();
    for _ in 0..300 {
        if g.to_move().is_none() {
            break;
        }
        g.legal_actions(&mut list);
        let a = list[pick.below(list.len() as u32) as usize];
        played.push(g.action_text(&a));
        g.apply(a).unwrap();
    }
    let mut again = D3::new(&Options::default(), 11).unwrap();
    for text in &played {
        let a = again.parse_action(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        again.apply(a).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    assert_eq!(g.digest(), again.digest());
    assert_eq!(g.units(), again.units());
}
