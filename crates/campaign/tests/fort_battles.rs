//! Issue 39, item 2: every attack the map can make on a fort becomes a D3 battle that passes
//! D3's own scenario checks, whatever the markers (militia full or reduced, no army or one of
//! each DRM, in supply or not, Indians allied to either side); the generals fight such battles
//! to their end; and a battle's end is read back as the map's result.

use crate::common;

use fiw_campaign::fight::{d3_by_generals, Fought};
use fiw_campaign::fort::fort_battle;
use fiw_campaign::rules::rules;
use fiw_campaign::{BattleKind, Situation};
use fiw_solitaire::Side;

/// Every attack of the map on a fort, each with the markers `variant` picks (0 to 15).
fn fort_attacks(variant: u32) -> Vec<Situation> {
    common::attacks(variant)
        .into_iter()
        .filter(|s| BattleKind::of(s) == BattleKind::Fort)
        .collect()
}

#[test]
fn every_fort_attack_makes_a_battle_d3_accepts() {
    let mut n = 0u64;
    for variant in 0..16 {
        for s in fort_attacks(variant) {
            for ratio in [0.5, 1.0, 2.0] {
                let g = fort_battle(&s, rules(), ratio, &mut fiw_engine::Dice::new(n))
                    .unwrap_or_else(|e| panic!("{e}"));
                let checked = fiw_d3::Scenario::parse(&g.text, &g.name);
                assert!(
                    checked.is_ok(),
                    "{}: {}\n{}",
                    g.name,
                    checked.unwrap_err(),
                    g.text
                );
                n += 1;
            }
        }
    }
    // each region's forts, from both sides, with every kind of force
    assert!(n > 300, "only {n} battles");
}

#[test]
fn the_generals_fight_a_fort_battle_to_its_end() {
    let attacks = fort_attacks(4);
    let mut ended = 0;
    for (k, s) in attacks.iter().enumerate().take(12) {
        let g = fort_battle(s, rules(), 1.0, &mut fiw_engine::Dice::new(1)).unwrap();
        let (battle, fought) = d3_by_generals(&g, k as u64).unwrap();
        assert!(fiw_engine::Game::outcome(&battle).is_some());
        assert!(fought.rounds >= 1);
        assert!(fought.lost.iter().all(|l| (0.0..=1.0).contains(l)));
        ended += 1;
    }
    assert_eq!(ended, 12.min(attacks.len()));
}

#[test]
fn a_battle_won_advances_and_heavy_losses_mark_the_loser() {
    let r = rules();
    let won = Fought {
        winner: Some(Side::French),
        lost: [0.8, 0.2],
        rounds: 9,
    };
    let s = won.settlement(Side::French, r);
    assert!(s.advanced);
    assert_eq!(s.reduce, [true, false]);
    assert_eq!(s.cut, [true, false]);
    let held = Fought {
        winner: Some(Side::British),
        lost: [0.5, 0.3],
        rounds: 15,
    };
    let s = held.settlement(Side::French, r);
    assert!(!s.advanced);
    assert_eq!(s.reduce, [true, false]);
    assert_eq!(s.cut, [false, false]);
    let drawn = Fought {
        winner: None,
        lost: [0.1, 0.1],
        rounds: 15,
    };
    assert!(!drawn.settlement(Side::British, r).advanced);
}
