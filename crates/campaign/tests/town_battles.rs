//! Issue 39, item 2 (C9): every attack the map can make on an open town becomes a skirmish
//! battle that passes the skirmish rules' own scenario checks, whatever the markers, a raid
//! where the militia holds the town alone and an open fight where an army stands with it; the
//! generals fight such battles to their end.

use crate::common;

use fiw_campaign::fight::skirmish_by_generals;
use fiw_campaign::rules::rules;
use fiw_campaign::town::town_battle;
use fiw_campaign::{BattleKind, Situation};

fn town_attacks(variant: u32) -> Vec<Situation> {
    common::attacks(variant)
        .into_iter()
        .filter(|s| matches!(BattleKind::of(s), BattleKind::Raid | BattleKind::Open))
        .collect()
}

#[test]
fn every_town_attack_makes_a_battle_the_skirmish_rules_accept() {
    let mut n = 0u64;
    let mut kinds = std::collections::BTreeSet::new();
    for variant in 0..16 {
        for s in town_attacks(variant) {
            kinds.insert(BattleKind::of(&s));
            for ratio in [
                0.5,
                1.0,
                fiw_campaign::battles::Battles::of(&s).most_ratio(),
            ] {
                let g = town_battle(&s, rules(), ratio, &mut fiw_engine::Dice::new(n))
                    .unwrap_or_else(|e| panic!("{e}"));
                let checked = fiw_skirmish::Scenario::parse(&g.text, &g.name);
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
    assert_eq!(
        kinds.into_iter().collect::<Vec<_>>(),
        [BattleKind::Raid, BattleKind::Open]
    );
    // 32 attacks on open towns by each of the 16 variants, at three ratios
    assert!(n >= 90, "only {n} battles");
}

#[test]
fn a_fort_is_not_a_town_battle() {
    let fort = common::attacks(0)
        .into_iter()
        .find(|s| BattleKind::of(s) == BattleKind::Fort)
        .unwrap();
    let e = town_battle(&fort, rules(), 1.0, &mut fiw_engine::Dice::new(1)).unwrap_err();
    assert!(e.contains("is not an open town"), "{e}");
}

#[test]
fn the_generals_fight_a_town_battle_to_its_end() {
    for variant in [0, 8] {
        for (k, s) in town_attacks(variant).iter().enumerate().take(4) {
            let g = town_battle(s, rules(), 1.5, &mut fiw_engine::Dice::new(1)).unwrap();
            let (battle, fought) = skirmish_by_generals(&g, k as u64).unwrap();
            assert!(fiw_engine::Game::outcome(&battle).is_some());
            assert!(fought.rounds >= 1);
            assert!(fought.lost.iter().all(|l| (0.0..=1.0).contains(l)));
        }
    }
}
