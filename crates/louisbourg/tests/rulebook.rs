//! The rulebook's worked examples, replayed with forced dice.

use fiw_engine::Game;
use fiw_louisbourg::board::*;
use fiw_louisbourg::forces::forces;
use fiw_louisbourg::{Action, Louisbourg, Side, Step};

fn unit(id: &str) -> u8 {
    forces()
        .units
        .iter()
        .position(|u| u.id == id)
        .unwrap_or_else(|| panic!("no block {id}")) as u8
}

fn go(g: &mut Louisbourg, id: &str, to: Loc) {
    g.apply(Action::Go { unit: unit(id), to })
        .unwrap_or_else(|e| panic!("go {id} {}: {e}", board::id(to)));
}

fn sp(g: &Louisbourg, id: &str) -> u8 {
    g.units()[unit(id) as usize].sp
}

fn loc(g: &Louisbourg, id: &str) -> Loc {
    g.units()[unit(id) as usize].loc
}

use fiw_louisbourg::board;

/// 8.3.1: ten units at White Point; 8 may go to Flat Point (solid road) and 2 to Black Rock;
/// or 5 to Flat Point, 4 to Black Rock (dotted road) and 1 stays.
#[test]
fn road_limits_8_3_1() {
    let ids: Vec<String> = (1..=10).map(|i| format!("br-reg-{i}")).collect();
    let placements: Vec<(&str, &str, u8)> =
        ids.iter().map(|i| (i.as_str(), "white-point", 4)).collect();

    let mut g = Louisbourg::arranged(3, Side::British, &placements).unwrap();
    g.apply(Action::LandMove(WHITE_POINT)).unwrap();
    for id in &ids[..8] {
        go(&mut g, id, FLAT_POINT);
    }
    let err = g
        .check(&Action::Go {
            unit: unit(&ids[8]),
            to: FLAT_POINT,
        })
        .unwrap_err();
    assert_eq!(err.rule, "8.3.1", "{err}");
    go(&mut g, &ids[8], BLACK_ROCK);
    go(&mut g, &ids[9], BLACK_ROCK);
    g.apply(Action::Done).unwrap();
    assert_eq!(ids.iter().filter(|i| loc(&g, i) == FLAT_POINT).count(), 8);
    assert_eq!(ids.iter().filter(|i| loc(&g, i) == BLACK_ROCK).count(), 2);

    let mut g = Louisbourg::arranged(3, Side::British, &placements).unwrap();
    g.apply(Action::LandMove(WHITE_POINT)).unwrap();
    for id in &ids[..5] {
        go(&mut g, id, FLAT_POINT);
    }
    for id in &ids[5..9] {
        go(&mut g, id, BLACK_ROCK);
    }
    let err = g
        .check(&Action::Go {
            unit: unit(&ids[9]),
            to: BLACK_ROCK,
        })
        .unwrap_err();
    assert_eq!(err.rule, "8.3.1");
    g.apply(Action::Done).unwrap();
    assert_eq!(loc(&g, &ids[9]), WHITE_POINT);
    // no unit moves twice (8.3.1): regulars have a movement rate of 1
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert!(!matches!(g.step(), Step::LandMove { .. }));
}

/// 8.3.2 example 2: four 4 SP French units raid Lighthouse Point from Island Battery against a
/// 2 SP ranger and a 1 SP regular. The British fire first: the ranger rolls 2 and 5 (one hit at
/// double fire), the regular a 6. The French take 2 hits, fire 14 dice with three sixes, and
/// destroy both British units, then go back to Island Battery.
#[test]
fn raid_example_8_3_2() {
    let mut g = Louisbourg::arranged(
        5,
        Side::French,
        &[
            ("fr-reg-1", "island-battery", 4),
            ("fr-reg-2", "island-battery", 4),
            ("fr-reg-3", "island-battery", 4),
            ("fr-reg-4", "island-battery", 4),
            ("br-ranger-1", "lighthouse-point", 2),
            ("br-reg-1", "lighthouse-point", 1),
        ],
    )
    .unwrap();
    g.apply(Action::Raid {
        from: ISLAND_BATTERY,
        to: LIGHTHOUSE_POINT,
    })
    .unwrap();
    for i in 1..=4 {
        go(&mut g, &format!("fr-reg-{i}"), LIGHTHOUSE_POINT);
    }
    // a fifth raider is refused: 1 to 4 units
    // British fire in block order: the regular's one die, then the ranger's two.
    g.dice_mut().force([6, 2, 5]);
    // then the French fire 14 dice with three sixes
    g.dice_mut()
        .force([6, 6, 6, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1]);
    g.apply(Action::Done).unwrap();
    // two hits on four identical blocks: the first goes on by itself, the second is the
    // French player's choice
    assert!(
        matches!(
            g.step(),
            Step::Hits {
                owner: Side::French,
                left: 1,
                ..
            }
        ),
        "{:?}",
        g.step()
    );
    g.apply(Action::Hit(unit("fr-reg-1"))).unwrap();
    assert_eq!(
        g.dice_mut().forced_left(),
        0,
        "the French fired exactly 14 dice"
    );
    assert_eq!(loc(&g, "br-ranger-1"), ELIMINATED);
    assert_eq!(loc(&g, "br-reg-1"), ELIMINATED);
    // destroyed face up in the battle: named by type to both sides (5)
    let french_log = g.view(Side::French.seat()).log;
    assert!(
        french_log.iter().any(|l| l == "British ranger eliminated"),
        "{french_log:#?}"
    );
    let total: u8 = (1..=4).map(|i| sp(&g, &format!("fr-reg-{i}"))).sum();
    assert_eq!(total, 14);
    for i in 1..=4 {
        assert_eq!(
            loc(&g, &format!("fr-reg-{i}")),
            ISLAND_BATTERY,
            "raiders return"
        );
    }
}

/// 9.2: four 4 SP British units move from Flat Point to Green Hills against three 4 SP French.
/// The French roll 12 dice, two sixes; the British put both hits on one unit. The British roll
/// 14 dice, three sixes; the French spread them. In round two the French retreat to Louisbourg.
#[test]
fn battle_rounds_9_2() {
    let mut g = Louisbourg::arranged(
        4,
        Side::British,
        &[
            ("br-reg-1", "flat-point", 4),
            ("br-reg-2", "flat-point", 4),
            ("br-reg-3", "flat-point", 4),
            ("br-reg-4", "flat-point", 4),
            ("fr-reg-1", "green-hills", 4),
            ("fr-reg-2", "green-hills", 4),
            ("fr-reg-3", "green-hills", 4),
        ],
    )
    .unwrap();
    g.apply(Action::LandMove(FLAT_POINT)).unwrap();
    for i in 1..=4 {
        go(&mut g, &format!("br-reg-{i}"), GREEN_HILLS);
    }
    g.dice_mut().force([6, 6, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5]);
    g.dice_mut()
        .force([6, 6, 6, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1]);
    g.apply(Action::Done).unwrap();
    // the first hit falls on a block by itself (all alike); the second is a choice
    assert!(
        matches!(
            g.step(),
            Step::Hits {
                owner: Side::British,
                left: 1,
                ..
            }
        ),
        "{:?}",
        g.step()
    );
    let hit_first = (1..=4)
        .map(|i| format!("br-reg-{i}"))
        .find(|id| sp(&g, id) == 3)
        .unwrap();
    g.apply(Action::Hit(unit(&hit_first))).unwrap();
    assert_eq!(sp(&g, &hit_first), 2);
    assert_eq!(
        g.dice_mut().forced_left(),
        0,
        "the British fired exactly 14 dice"
    );
    // three hits on the French: 1 each (choices after the first)
    while let Step::Hits {
        owner: Side::French,
        ..
    } = g.step()
    {
        let fresh = (1..=3)
            .map(|i| format!("fr-reg-{i}"))
            .find(|id| sp(&g, id) == 4)
            .unwrap();
        g.apply(Action::Hit(unit(&fresh))).unwrap();
    }
    for i in 1..=3 {
        assert_eq!(sp(&g, &format!("fr-reg-{i}")), 3);
    }
    // round two: the defender decides first and retreats
    assert_eq!(g.step(), Step::Stay(Side::French));
    g.apply(Action::Retreat).unwrap();
    for i in 1..=3 {
        assert_eq!(loc(&g, &format!("fr-reg-{i}")), LOUISBOURG);
    }
    assert_eq!(g.control(GREEN_HILLS), Side::British);
}

/// 9.3: three 3 SP British units move from Lighthouse Point to Island Battery against two
/// 4 SP French. The French hit on 5–6: 8 dice, two fives and two sixes, 4 hits. The British fire
/// 5 dice, one six. Round two: the French stay, 7 dice, a five and a six: 2 hits; the British
/// then retreat to Lighthouse Point.
#[test]
fn location_effects_9_3() {
    let mut g = Louisbourg::arranged(
        6,
        Side::British,
        &[
            ("br-light-1", "lighthouse-point", 3),
            ("br-light-2", "lighthouse-point", 3),
            ("br-light-3", "lighthouse-point", 3),
            ("fr-reg-1", "island-battery", 4),
            ("fr-reg-2", "island-battery", 4),
        ],
    )
    .unwrap();
    g.apply(Action::LandMove(LIGHTHOUSE_POINT)).unwrap();
    for i in 1..=3 {
        go(&mut g, &format!("br-light-{i}"), ISLAND_BATTERY);
    }
    g.dice_mut().force([5, 5, 6, 6, 1, 2, 3, 4]);
    // the British then fire their 5 remaining SP at single fire: one six
    g.dice_mut().force([6, 1, 2, 3, 4]);
    g.apply(Action::Done).unwrap();
    // four hits: two units from 3 to 1 SP
    let lights: Vec<String> = (1..=3).map(|i| format!("br-light-{i}")).collect();
    while let Step::Hits {
        owner: Side::British,
        ..
    } = g.step()
    {
        let target = lights
            .iter()
            .find(|id| sp(&g, id) == 2)
            .or_else(|| lights.iter().find(|id| sp(&g, id) == 3))
            .unwrap()
            .clone();
        g.apply(Action::Hit(unit(&target))).unwrap();
        if sp(&g, &target) == 1 {
            continue;
        }
    }
    let mut sps: Vec<u8> = lights.iter().map(|id| sp(&g, id)).collect();
    sps.sort();
    assert_eq!(sps, vec![1, 1, 3]);
    while let Step::Hits {
        owner: Side::French,
        ..
    } = g.step()
    {
        g.apply(Action::Hit(unit("fr-reg-1"))).unwrap();
    }
    let _ = g.step();
    assert_eq!(sp(&g, "fr-reg-1") + sp(&g, "fr-reg-2"), 7);
    // round two: the French stay and fire 7 dice: a five and a six
    assert_eq!(g.step(), Step::Stay(Side::French));
    g.dice_mut().force([5, 6, 1, 2, 3, 4, 1]);
    g.apply(Action::Fire).unwrap();
    while let Step::Hits {
        owner: Side::British,
        ..
    } = g.step()
    {
        let strongest = lights
            .iter()
            .filter(|id| loc(&g, id) == ISLAND_BATTERY)
            .max_by_key(|id| sp(&g, id))
            .unwrap()
            .clone();
        g.apply(Action::Hit(unit(&strongest))).unwrap();
    }
    assert_eq!(
        g.dice_mut().forced_left(),
        0,
        "the French fired exactly 7 dice"
    );
    let mut sps: Vec<u8> = lights.iter().map(|id| sp(&g, id)).collect();
    sps.sort();
    assert_eq!(sps, vec![1, 1, 1]);
    assert_eq!(g.step(), Step::Stay(Side::British));
    g.apply(Action::Retreat).unwrap();
    for id in &lights {
        assert_eq!(loc(&g, id), LIGHTHOUSE_POINT);
    }
    assert_eq!(g.control(ISLAND_BATTERY), Side::French);
}

/// 10: six units retreat from Green Hills to Flat Point along a dotted road: four go free and
/// two lose 1 SP each.
#[test]
fn retreat_road_limit_10() {
    let mut placements: Vec<(String, &str, u8)> = (1..=6)
        .map(|i| (format!("br-reg-{i}"), "green-hills", 4))
        .collect();
    placements.push(("fr-reg-1".into(), "louisbourg", 4));
    placements.push(("fr-reg-2".into(), "louisbourg", 4));
    placements.push(("fr-reg-3".into(), "louisbourg", 4));
    placements.push(("fr-reg-4".into(), "louisbourg", 4));
    let p: Vec<(&str, &str, u8)> = placements
        .iter()
        .map(|(a, b, c)| (a.as_str(), *b, *c))
        .collect();
    // The French attack Green Hills from Louisbourg; the British defenders retreat in round 2.
    let mut g = Louisbourg::arranged(7, Side::French, &p).unwrap();
    // Black Rock and Barachois are not reachable from Green Hills; Flat Point is the only way
    g.apply(Action::LandMove(LOUISBOURG)).unwrap();
    for i in 1..=4 {
        go(&mut g, &format!("fr-reg-{i}"), GREEN_HILLS);
    }
    // round 1: no hits either way (24 British dice, 16 French dice)
    g.dice_mut().force(std::iter::repeat_n(1, 24 + 16));
    g.apply(Action::Done).unwrap();
    assert_eq!(g.step(), Step::Stay(Side::British));
    g.apply(Action::Retreat).unwrap();
    // the British choose the order; the fifth and sixth over the dotted road lose 1 SP
    for i in 1..=6 {
        if matches!(g.step(), Step::Retreat(_)) {
            go(&mut g, &format!("br-reg-{i}"), FLAT_POINT);
        }
    }
    let sps: Vec<u8> = (1..=6).map(|i| sp(&g, &format!("br-reg-{i}"))).collect();
    assert_eq!(sps, vec![4, 4, 4, 4, 3, 3]);
    assert!((1..=6).all(|i| loc(&g, &format!("br-reg-{i}")) == FLAT_POINT));
    assert_eq!(g.control(GREEN_HILLS), Side::French);
}

/// 11: the British hold Island Battery and Lighthouse Point and sail one 4 SP ship into the
/// harbor against two French ships of 1 SP. Round 1: the French roll 2 dice, one six; the
/// British roll 3, one six. Round 2: the French roll 1 die, a hit; the British roll 2, one hit.
/// The British ship holds the harbor and the British win at the end of the turn.
#[test]
fn ship_battle_11() {
    let mut p: Vec<(String, &str, u8)> = vec![
        ("br-ship-1".into(), "gabarus-bay", 4),
        ("br-light-1".into(), "island-battery", 3),
        ("br-light-2".into(), "lighthouse-point", 3),
        ("fr-ship-1".into(), "louisbourg-harbor", 1),
        ("fr-ship-2".into(), "louisbourg-harbor", 1),
        ("fr-reg-1".into(), "louisbourg", 4),
    ];
    // enough British SP for 13
    for i in 1..=6 {
        p.push((format!("br-reg-{i}"), "white-point", 4));
    }
    let p: Vec<(&str, &str, u8)> = p.iter().map(|(a, b, c)| (a.as_str(), *b, *c)).collect();
    let mut g = Louisbourg::arranged(9, Side::British, &p).unwrap();
    assert_eq!(g.control(ISLAND_BATTERY), Side::British);
    g.apply(Action::ShipMove(LOUISBOURG_HARBOR)).unwrap();
    go(&mut g, "br-ship-1", LOUISBOURG_HARBOR);
    g.dice_mut().force([6, 1]); // French: 2 dice
    g.dice_mut().force([6, 1, 1]); // British: 3 dice
    g.dice_mut().force([6]); // round 2: the last French ship fires first
    g.apply(Action::Done).unwrap();
    assert_eq!(sp(&g, "br-ship-1"), 2);
    assert_eq!(loc(&g, "fr-ship-1"), ELIMINATED);
    // round 2: the attacker may retreat but fires; defending ships cannot retreat (11)
    assert_eq!(g.step(), Step::Stay(Side::British));
    g.dice_mut().force([6, 1]); // the British ship's 2 dice
    g.apply(Action::Fire).unwrap();
    assert_eq!(sp(&g, "br-ship-1"), 2);
    assert_eq!(loc(&g, "fr-ship-2"), ELIMINATED);
    assert_eq!(loc(&g, "br-ship-1"), LOUISBOURG_HARBOR);
    // the French pass; the turn ends and the British win (13)
    g.apply(Action::Pass).unwrap();
    let o = g.outcome().expect("the game is over");
    assert_eq!(o.winner, Some(Side::British.seat()));
    assert!(o.reason.contains("Harbor"), "{}", o.reason);
}

/// 7 example: no landing at Kennington Cove, 4 at Flat Point, 2 at White Point: all six ships.
#[test]
fn landing_plan_7() {
    let mut g = Louisbourg::new(&Default::default(), 1).unwrap();
    let err = g
        .check(&Action::Plan {
            kc: 1,
            fp: 1,
            wp: 1,
        })
        .unwrap_err();
    assert_eq!(err.rule, "7");
    g.apply(Action::Plan {
        kc: 0,
        fp: 4,
        wp: 2,
    })
    .unwrap();
    assert_eq!(g.step(), Step::FrenchSetup);
    // the French must leave a unit each in Louisbourg, Island Battery and Lighthouse Point
    g.apply(Action::SolitaireSetup).unwrap();
    // turn 1: the British go first; nothing to bombard; the action is the landing
    while let Step::Bombard(_) = g.step() {
        g.apply(Action::Pass).unwrap();
    }
    assert_eq!(g.step(), Step::Action(Side::British));
    assert_eq!(g.check(&Action::Pass).unwrap_err().rule, "7");
    g.apply(Action::Land).unwrap();
    let ships_used = g
        .units()
        .iter()
        .enumerate()
        .filter(|(i, u)| forces().units[*i].id.starts_with("br-ship") && u.weak)
        .count();
    assert_eq!(ships_used, 6);
    assert_eq!(
        g.check(&Action::Go {
            unit: unit("br-reg-1"),
            to: KENNINGTON_COVE
        })
        .unwrap_err()
        .rule,
        "7"
    );
}

/// 14: the solitaire set-up and each of the six adjustments.
#[test]
fn solitaire_setup_14() {
    let expect: [(u8, [usize; 3]); 6] = [
        // die: (Kennington Cove, Flat Point, White Point) French block counts
        (1, [6, 3, 4]),
        (2, [5, 3, 5]),
        (3, [2, 7, 4]),
        (4, [2, 4, 7]),
        (5, [6, 4, 3]),
        (6, [5, 4, 4]),
    ];
    for (die, counts) in expect {
        let mut g = Louisbourg::new(&Default::default(), 1).unwrap();
        g.apply(Action::Plan {
            kc: 2,
            fp: 2,
            wp: 2,
        })
        .unwrap();
        g.dice_mut().force([die]);
        g.apply(Action::SolitaireSetup).unwrap();
        let n = |l: Loc| {
            g.units()
                .iter()
                .enumerate()
                .filter(|(i, u)| u.loc == l && forces().units[*i].side == Side::French)
                .count()
        };
        assert_eq!(
            [n(KENNINGTON_COVE), n(FLAT_POINT), n(WHITE_POINT)],
            counts,
            "die {die}"
        );
        for l in [LOUISBOURG, ISLAND_BATTERY, LIGHTHOUSE_POINT] {
            assert_eq!(n(l), 1);
        }
        assert_eq!(n(REINFORCEMENTS), 2);
    }
}

/// 8.2.1 example: the British in Green Hills, Barachois and Black Rock bombard Louisbourg at +2;
/// the French choose one of the three to bombard back, at -1 with fewer than two ships.
#[test]
fn bombardment_8_2_1() {
    let mut p = vec![
        ("fr-reg-1", "louisbourg", 4),
        ("fr-reg-2", "louisbourg", 4),
        ("fr-ship-1", "louisbourg-harbor", 3),
    ];
    p.extend([
        ("br-reg-1", "green-hills", 4),
        ("br-reg-2", "barachois", 4),
        ("br-reg-3", "black-rock", 4),
    ]);
    let g = Louisbourg::arranged(5, Side::British, &p).unwrap();
    // the bombardment step comes before the action: rebuild the position at that step
    let mut g2 = g.clone();
    let _ = &mut g2;
    let view = g.view(Side::British.seat());
    assert!(view.legal.iter().any(|a| a == "move from green-hills"));
    // the DRMs, through the rules' own check
    let mut b = fiw_louisbourg::Louisbourg::arranged_bombardment(5, Side::British, &p).unwrap();
    let mut legal = Vec::new();
    b.legal_actions(&mut legal);
    assert!(legal.contains(&Action::Bombard(LOUISBOURG)));
    // a roll of 6 with +2 is 8: three SP lost
    b.dice_mut().force([6]);
    b.apply(Action::Bombard(LOUISBOURG)).unwrap();
    while let Step::Hits {
        owner: Side::French,
        ..
    } = b.step()
    {
        b.apply(Action::Hit(unit("fr-reg-1"))).unwrap();
    }
    assert_eq!(sp(&b, "fr-reg-1") + sp(&b, "fr-reg-2"), 5);
    // the French bombard one adjacent location: 4 - 1 = 3 is one SP
    assert_eq!(b.step(), Step::Bombard(Side::French));
    b.dice_mut().force([4]);
    b.apply(Action::Bombard(BARACHOIS)).unwrap();
    assert_eq!(sp(&b, "br-reg-2"), 3);
    // rangers alone cannot bombard (8.2)
    let r = fiw_louisbourg::Louisbourg::arranged_bombardment(
        5,
        Side::British,
        &[
            ("fr-reg-1", "louisbourg", 4),
            ("br-ranger-1", "green-hills", 2),
        ],
    )
    .unwrap();
    assert_eq!(
        r.check(&Action::Bombard(LOUISBOURG)).unwrap_err().rule,
        "8.2.1"
    );
}

/// 7: the French set-up can always be finished. Placing every block as far from Louisbourg as
/// the rules allow leaves the two Indians for last; they may not stand in Louisbourg (5.2), so
/// the set-up must have kept a place there for a block that may.
#[test]
fn french_setup_always_completes_7() {
    let mut g = Louisbourg::new(&Default::default(), 2).unwrap();
    g.apply(Action::Plan {
        kc: 2,
        fp: 2,
        wp: 2,
    })
    .unwrap();
    let mut legal = Vec::new();
    while g.step() == Step::FrenchSetup {
        g.legal_actions(&mut legal);
        let pick = legal
            .iter()
            .rev()
            .find(|a| matches!(a, Action::Place { to, .. } if *to != LOUISBOURG))
            .or_else(|| legal.iter().find(|a| matches!(a, Action::Place { .. })))
            .copied()
            .expect("a legal placement");
        g.apply(pick).unwrap();
    }
    let french_at = |l: Loc| {
        g.units()
            .iter()
            .any(|u| u.loc == l && u.side == Side::French)
    };
    assert!(french_at(LOUISBOURG) && french_at(ISLAND_BATTERY) && french_at(LIGHTHOUSE_POINT));
    assert!(!g
        .units()
        .iter()
        .any(|u| u.loc == LOUISBOURG && u.kind == fiw_louisbourg::forces::Kind::Indian));
}

fn solitaire_start(deck: &[&str]) -> Louisbourg {
    let options = fiw_louisbourg::Options {
        deck: deck.iter().map(|s| s.to_string()).collect(),
        ..Default::default()
    };
    let mut g = Louisbourg::new(&options, 4).unwrap();
    g.apply(Action::Plan {
        kc: 2,
        fp: 2,
        wp: 2,
    })
    .unwrap();
    g.dice_mut().force([6]);
    g.apply(Action::SolitaireSetup).unwrap();
    g
}

fn hand_ids(g: &Louisbourg, side: Side) -> Vec<String> {
    g.hand(side)
        .iter()
        .map(|&c| fiw_louisbourg::cards::deck().card(c).id.clone())
        .collect()
}

/// 6.1, 8.1.2: two cards are dealt to each side, and each draws one more on turn 1; an
/// attrition card of one's own, even from the deal, is played at once as that side's card for
/// the turn (2 SP, owner's choice) and the side still draws.
#[test]
fn card_draw_and_attrition_8_1_2() {
    let mut g = solitaire_start(&[
        "attrition-british",
        "hot-shot",
        "sortie",
        "heavy-seas",
        "wolfe-march",
        "thick-walls",
    ]);
    // the British must take the attrition losses now, on their army, their choice
    assert!(
        matches!(
            g.step(),
            Step::Hits {
                owner: Side::British,
                left: 2,
                ..
            }
        ),
        "{:?}",
        g.step()
    );
    let before = g.british_sp();
    g.apply(Action::Hit(unit("br-reg-1"))).unwrap();
    g.apply(Action::Hit(unit("br-reg-1"))).unwrap();
    assert_eq!(g.british_sp(), before - 2);
    assert_eq!(sp(&g, "br-reg-1"), 2);
    assert_eq!(hand_ids(&g, Side::British), vec!["sortie", "wolfe-march"]);
    assert_eq!(
        hand_ids(&g, Side::French),
        vec!["hot-shot", "heavy-seas", "thick-walls"]
    );
    // the attrition card was the British card for turn 1: no other play or discard
    while let Step::Bombard(_) = g.step() {
        g.apply(Action::Pass).unwrap();
    }
    assert_eq!(g.step(), Step::Action(Side::British));
    assert_eq!(
        g.check(&Action::Discard(g.hand(Side::British)[0]))
            .unwrap_err()
            .rule,
        "6.1"
    );
}

/// 8.1.2: a side holding 3 cards draws nothing; draws come on odd turns only.
#[test]
fn hand_limit_and_odd_turns_8_1_2() {
    let p = [
        ("br-reg-1", "green-hills", 4),
        ("fr-reg-1", "louisbourg", 4),
    ];
    let mut g = Louisbourg::arranged(3, Side::British, &p).unwrap();
    for id in ["hot-shot", "wolfe-march", "bog-roads"] {
        g.give_card(Side::British, id).unwrap();
    }
    g.give_card(Side::French, "sortie").unwrap();
    let g3 = g.clone().from_turn_start(Side::British);
    assert_eq!(g3.hand(Side::British).len(), 3, "a hand of 3 draws nothing");
    assert_eq!(g3.hand(Side::French).len(), 2, "a hand under 3 draws one");
    let mut even = Louisbourg::arranged(4, Side::British, &p).unwrap();
    even.give_card(Side::French, "sortie").unwrap();
    even.dice_mut().force([1]); // the weather roll
    let even = even.from_turn_start(Side::British);
    assert_eq!(even.hand(Side::French).len(), 1, "no draw on an even turn");
}

/// 8.1.3: on even turns the British roll for weather; on 5 or 6 they make no amphibious or
/// ship move that turn.
#[test]
fn weather_8_1_3() {
    let p = [
        ("br-reg-1", "british-box", 4),
        ("br-ship-1", "gabarus-bay", 4),
        ("fr-reg-1", "louisbourg", 4),
    ];
    for (roll, allowed) in [(5, false), (6, false), (4, true), (1, true)] {
        let mut g = Louisbourg::arranged(6, Side::British, &p).unwrap();
        g.dice_mut().force([roll]);
        let mut g = g.from_turn_start(Side::British);
        while let Step::Bombard(_) = g.step() {
            g.apply(Action::Pass).unwrap();
        }
        assert_eq!(g.step(), Step::Action(Side::British));
        let r = g.check(&Action::Amphibious(BRITISH_BOX));
        assert_eq!(r.is_ok(), allowed, "roll {roll}: {r:?}");
        if !allowed {
            assert_eq!(r.unwrap_err().rule, "8.1.3");
        }
    }
    // odd turns have no weather roll: the forced die stays unused
    let mut g = Louisbourg::arranged(5, Side::British, &p).unwrap();
    g.dice_mut().force([6]);
    let g = g.from_turn_start(Side::British);
    assert!(
        g.check(&Action::Amphibious(BRITISH_BOX)).is_ok() || !matches!(g.step(), Step::Action(_))
    );
}

/// 8.2.2: British units on the harbor's shore bombard the French ships, +1 from more than one
/// location; the French ships bombard one British location on the shore, -1 with one ship.
#[test]
fn harbor_bombardment_8_2_2() {
    let p = [
        ("br-reg-1", "royal-battery", 4),
        ("br-reg-2", "lighthouse-point", 4),
        ("fr-ship-1", "louisbourg-harbor", 3),
        ("fr-ship-2", "louisbourg-harbor", 3),
    ];
    let mut g = Louisbourg::arranged_bombardment(5, Side::British, &p).unwrap();
    // 5 + 1 = 6: two SP off the ships, the French choose where
    g.dice_mut().force([5]);
    g.apply(Action::Bombard(LOUISBOURG_HARBOR)).unwrap();
    while let Step::Hits {
        owner: Side::French,
        ..
    } = g.step()
    {
        g.apply(Action::Hit(unit("fr-ship-1"))).unwrap();
    }
    assert_eq!(sp(&g, "fr-ship-1") + sp(&g, "fr-ship-2"), 4);
    // the French ships answer at Royal Battery: 3 + 0 = one SP
    assert_eq!(g.step(), Step::Bombard(Side::French));
    g.dice_mut().force([3]);
    g.apply(Action::Bombard(ROYAL_BATTERY)).unwrap();
    assert_eq!(sp(&g, "br-reg-1"), 3);
    // with one ship the French roll at -1: 3 - 1 = 2, no effect
    let p1 = [
        ("br-reg-1", "royal-battery", 4),
        ("fr-ship-1", "louisbourg-harbor", 3),
    ];
    let mut g = Louisbourg::arranged_bombardment(5, Side::French, &p1).unwrap();
    g.dice_mut().force([3]);
    g.apply(Action::Bombard(ROYAL_BATTERY)).unwrap();
    assert_eq!(sp(&g, "br-reg-1"), 4);
    // the French cannot bombard a shore location with no ships and no one in Louisbourg
    let p2 = [
        ("br-reg-1", "royal-battery", 4),
        ("fr-reg-1", "island-battery", 4),
    ];
    let g = Louisbourg::arranged_bombardment(5, Side::French, &p2).unwrap();
    assert_eq!(
        g.check(&Action::Bombard(ROYAL_BATTERY)).unwrap_err().rule,
        "8.2"
    );
}

/// 12: the two militia arrive from turn 8 at Kennington Cove, Western Settlements or Northern
/// Settlements; into a British-held entry location they come as the French action, and fight.
#[test]
fn reinforcements_12() {
    let p = [
        ("fr-mil-r-1", "reinforcements", 2),
        ("fr-mil-r-2", "reinforcements", 2),
        ("fr-reg-1", "louisbourg", 4),
        ("br-ranger-1", "kennington-cove", 2),
    ];
    let g = Louisbourg::arranged(7, Side::French, &p).unwrap();
    assert_eq!(
        g.check(&Action::Reinforce {
            unit: unit("fr-mil-r-1"),
            to: WESTERN_SETTLEMENTS
        })
        .unwrap_err()
        .rule,
        "12"
    );
    let mut g = Louisbourg::arranged(8, Side::French, &p).unwrap();
    assert_eq!(
        g.check(&Action::Reinforce {
            unit: unit("fr-mil-r-1"),
            to: LOUISBOURG
        })
        .unwrap_err()
        .rule,
        "12"
    );
    // free entry into an empty entry location; the French still have their action
    g.apply(Action::Reinforce {
        unit: unit("fr-mil-r-1"),
        to: WESTERN_SETTLEMENTS,
    })
    .unwrap();
    assert_eq!(g.step(), Step::Action(Side::French));
    assert_eq!(g.control(WESTERN_SETTLEMENTS), Side::French);
    // entering the British-held cove is the action, and a battle follows
    g.apply(Action::Reinforce {
        unit: unit("fr-mil-r-2"),
        to: KENNINGTON_COVE,
    })
    .unwrap();
    assert_eq!(g.step(), Step::ReinforceAttack(Side::French));
    assert_eq!(
        g.check(&Action::LandMove(LOUISBOURG)).unwrap_err().rule,
        "12"
    );
    g.dice_mut().force([6, 6, 6, 6]); // the ranger hits twice, the militia (now 1 SP)... and so on
    g.apply(Action::Done).unwrap();
    assert!(g.battle().is_none());
    assert_eq!(
        loc(&g, "fr-mil-r-2"),
        ELIMINATED,
        "two sixes from the ranger destroy the 2 SP militia"
    );
    assert_eq!(g.control(KENNINGTON_COVE), Side::British);
}

/// 6.1: one card a turn, played or discarded, while active; only one's own flag is played;
/// a card's effect lasts the turn (here: regulars march 2 locations).
#[test]
fn card_play_6_1() {
    let p = [
        ("br-reg-1", "white-point", 4),
        ("fr-reg-1", "louisbourg", 4),
    ];
    let mut g = Louisbourg::arranged(5, Side::British, &p).unwrap();
    for id in ["wolfe-march", "bog-roads", "sortie"] {
        g.give_card(Side::British, id).unwrap();
    }
    let card = |g: &Louisbourg, id: &str| {
        g.hand(Side::British)
            .iter()
            .copied()
            .find(|&c| fiw_louisbourg::cards::deck().card(c).id == id)
            .unwrap()
    };
    let sortie = card(&g, "sortie");
    assert_eq!(g.check(&Action::Play(sortie)).unwrap_err().rule, "6.1");
    let march = card(&g, "wolfe-march");
    g.apply(Action::Play(march)).unwrap();
    let roads = card(&g, "bog-roads");
    assert_eq!(g.check(&Action::Play(roads)).unwrap_err().rule, "6.1");
    assert_eq!(g.check(&Action::Discard(sortie)).unwrap_err().rule, "6.1");
    // the regular now marches two locations: White Point → Flat Point → Kennington Cove
    g.apply(Action::LandMove(WHITE_POINT)).unwrap();
    go(&mut g, "br-reg-1", FLAT_POINT);
    go(&mut g, "br-reg-1", KENNINGTON_COVE);
    assert_eq!(loc(&g, "br-reg-1"), KENNINGTON_COVE);
    // the card is face up in both views
    let v = g.view(Side::French.seat());
    assert!(v
        .played
        .iter()
        .any(|(s, c)| *s == Side::British && c.id == "wolfe-march"));
}

/// 10: defenders may not retreat into any location a unit of the attack came from, even once
/// that unit is gone. Two light infantry attack Lighthouse Point from Northern Settlements, one
/// straight and one by way of Royal Battery; the one from Royal Battery is destroyed in round 1.
/// In round 2 the French regular retreats: Northern Settlements and Royal Battery are both
/// closed, so it can only go to Island Battery.
#[test]
fn retreat_closed_where_a_dead_attacker_came_from_10() {
    let mut g = Louisbourg::arranged(
        5,
        Side::British,
        &[
            ("br-light-1", "northern-settlements", 3),
            ("br-light-2", "northern-settlements", 3),
            ("fr-reg-1", "lighthouse-point", 4),
        ],
    )
    .unwrap();
    g.apply(Action::LandMove(NORTHERN_SETTLEMENTS)).unwrap();
    go(&mut g, "br-light-1", ROYAL_BATTERY);
    go(&mut g, "br-light-1", LIGHTHOUSE_POINT);
    go(&mut g, "br-light-2", LIGHTHOUSE_POINT);
    // round 1: the French roll 4 dice, three sixes; the British roll 3 dice and miss
    g.dice_mut().force([6, 6, 6, 1]);
    g.dice_mut().force([1, 2, 3]);
    g.apply(Action::Done).unwrap();
    // the two blocks came by different roads, so each hit is the owner's choice (9.2): the
    // British put all three on br-light-1
    g.apply(Action::Hit(unit("br-light-1"))).unwrap();
    g.apply(Action::Hit(unit("br-light-1"))).unwrap();
    g.apply(Action::Hit(unit("br-light-1"))).unwrap();
    assert_eq!(loc(&g, "br-light-1"), ELIMINATED);
    assert_eq!(g.dice_mut().forced_left(), 0);
    assert_eq!(g.step(), Step::Stay(Side::French));
    assert!(g
        .check(&Action::Go {
            unit: unit("fr-reg-1"),
            to: ROYAL_BATTERY
        })
        .is_err());
    g.apply(Action::Retreat).unwrap();
    // one way out only, so the block goes by itself
    assert_eq!(loc(&g, "fr-reg-1"), ISLAND_BATTERY);
    assert!(!matches!(g.step(), Step::Retreat(_)), "{:?}", g.step());
}

/// 6.1, 8.2: a card's extra bombardment is a bombardment like any other, so the enemy's card
/// in force against bombardments applies to it. The French play Thick Walls (enemy
/// bombardments at −1) in their bombardment step; the British then play Island Battery –
/// Bombardment from Lighthouse Point and roll a 3: 3 − 1 = 2, no effect.
#[test]
fn extra_bombardment_meets_the_enemy_card_6_1() {
    let mut g = Louisbourg::arranged_bombardment(
        5,
        Side::French,
        &[
            ("br-reg-1", "lighthouse-point", 4),
            ("fr-reg-1", "island-battery", 4),
            ("fr-reg-2", "louisbourg", 4),
        ],
    )
    .unwrap();
    g.give_card(Side::French, "thick-walls").unwrap();
    g.give_card(Side::British, "island-battery-bombardment")
        .unwrap();
    let card = |g: &Louisbourg, side: Side| g.hand(side)[0];
    g.apply(Action::Play(card(&g, Side::French))).unwrap();
    g.apply(Action::Pass).unwrap();
    assert_eq!(g.step(), Step::Bombard(Side::British));
    g.dice_mut().force([3]);
    g.apply(Action::Play(card(&g, Side::British))).unwrap();
    assert_eq!(g.dice_mut().forced_left(), 0);
    assert_eq!(sp(&g, "fr-reg-1"), 4, "3 − 1 is no effect");
    let log: Vec<String> = g.log().entries().iter().map(|e| e.text.clone()).collect();
    assert!(
        log.iter().any(|l| l.contains("die 3, DRM -1: 0 SP lost")),
        "{log:#?}"
    );
}

/// 5, 8.2: a hidden block lost to bombardment is announced by side only; its owner is told
/// which it was. The British bombard Louisbourg from Green Hills and roll a 5 (1 SP); the
/// French take it on their 1 SP militia, which is eliminated. (A block destroyed face up in a
/// battle is named by type: raid_example_8_3_2.)
#[test]
fn a_block_lost_out_of_sight_is_not_named_5() {
    let mut g = Louisbourg::arranged_bombardment(
        5,
        Side::British,
        &[
            ("br-reg-1", "green-hills", 4),
            ("fr-mil1-1", "louisbourg", 1),
            ("fr-reg-1", "louisbourg", 4),
        ],
    )
    .unwrap();
    g.dice_mut().force([5]);
    g.apply(Action::Bombard(LOUISBOURG)).unwrap();
    g.apply(Action::Hit(unit("fr-mil1-1"))).unwrap();
    assert_eq!(loc(&g, "fr-mil1-1"), ELIMINATED);
    let seen = |side: Side| -> Vec<String> { g.view(side.seat()).log.into_iter().collect() };
    let british = seen(Side::British);
    assert!(
        british
            .iter()
            .any(|l| l.contains("A hidden French block is eliminated")),
        "{british:#?}"
    );
    assert!(
        !british.iter().any(|l| l.contains("militia")),
        "the British learn the type: {british:#?}"
    );
    assert!(
        seen(Side::French)
            .iter()
            .any(|l| l.contains("fr-mil1-1, militia, is gone")),
        "the owner is told"
    );
}

/// 5, 9.2: the blocks of a battle are face up while it is fought and stand up again, hidden,
/// when it ends; the log keeps what was seen, and the losses the enemy counted stay beside the
/// hidden blocks. A British regular attacks two French regulars at Green Hills, hits one of
/// them once and is destroyed; afterwards the British see two hidden blocks that lost 1 SP.
#[test]
fn blocks_stand_up_again_after_a_battle_5() {
    let mut g = Louisbourg::arranged(
        5,
        Side::British,
        &[
            ("br-reg-1", "flat-point", 2),
            ("fr-reg-1", "green-hills", 4),
            ("fr-reg-2", "green-hills", 4),
        ],
    )
    .unwrap();
    g.apply(Action::LandMove(FLAT_POINT)).unwrap();
    go(&mut g, "br-reg-1", GREEN_HILLS);
    // the French fire 8 dice: one six; the British fire 1 die: a six; then the French again
    g.dice_mut().force([6, 1, 1, 1, 1, 1, 1, 1]);
    g.dice_mut().force([6]);
    g.dice_mut().force([6, 1, 1, 1, 1, 1, 1]);
    g.apply(Action::Done).unwrap();
    // the French took the British hit (both regulars alike, so it fell by itself); in round
    // 2 they stay, and the British see them face up while the battle lasts
    let british = Side::British.seat();
    assert_eq!(g.step(), Step::Stay(Side::French));
    let during = &g.view(british).places[GREEN_HILLS as usize];
    assert_eq!((during.enemy_seen.len(), during.enemy_hidden), (2, 0));
    g.apply(Action::Fire).unwrap();
    assert_eq!(loc(&g, "br-reg-1"), ELIMINATED);
    assert!(g.battle().is_none(), "{:?}", g.step());
    let v = g.view(british);
    let hills = &v.places[GREEN_HILLS as usize];
    assert!(hills.enemy_seen.is_empty(), "{hills:?}");
    assert_eq!(hills.enemy_hidden, 2);
    assert_eq!(hills.enemy_loss_seen, 1);
    assert!(
        v.log
            .iter()
            .any(|l| l.contains("the French defend with regular 4, regular 4")),
        "{:#?}",
        v.log
    );
    assert!(g
        .render(british)
        .contains("2 hidden blocks (seen to lose 1 SP)"));
}

/// 13: the 24 SP are the British army's, ships not counted. With 23 SP ashore and six 4 SP
/// ships afloat the French win at the end of the turn; with 24 SP and a unit in Louisbourg
/// the British win.
#[test]
fn the_24_sp_are_the_armys_13() {
    let ships: Vec<String> = (1..=6).map(|i| format!("br-ship-{i}")).collect();
    let end_of_turn = |army: &[(&str, &str, u8)]| {
        let mut p: Vec<(&str, &str, u8)> = army.to_vec();
        p.extend(ships.iter().map(|s| (s.as_str(), "gabarus-bay", 4)));
        p.push(("fr-reg-1", "island-battery", 4));
        let mut g = Louisbourg::arranged(5, Side::British, &p).unwrap();
        g.apply(Action::Pass).unwrap();
        g.apply(Action::Pass).unwrap();
        g
    };
    let below = end_of_turn(&[
        ("br-reg-1", "green-hills", 4),
        ("br-reg-2", "green-hills", 4),
        ("br-reg-3", "green-hills", 4),
        ("br-reg-4", "green-hills", 4),
        ("br-reg-5", "green-hills", 4),
        ("br-light-1", "green-hills", 3),
    ]);
    assert_eq!(below.british_sp(), 23);
    let o = below.outcome().expect("the French win at once");
    assert_eq!(o.winner, Some(Side::French.seat()));
    assert!(o.reason.contains("army fell to 23 SP"), "{}", o.reason);
    let held = end_of_turn(&[
        ("br-reg-1", "louisbourg", 4),
        ("br-reg-2", "green-hills", 4),
        ("br-reg-3", "green-hills", 4),
        ("br-reg-4", "green-hills", 4),
        ("br-reg-5", "green-hills", 4),
        ("br-reg-6", "green-hills", 4),
    ]);
    let o = held.outcome().expect("the British win");
    assert_eq!(o.winner, Some(Side::British.seat()));
}

/// 6.1: a card may be typed by its title as well as its id, and is announced with both.
#[test]
fn cards_are_typed_by_title_6_1() {
    let p = [
        ("br-reg-1", "white-point", 4),
        ("fr-reg-1", "louisbourg", 4),
    ];
    let mut g = Louisbourg::arranged(5, Side::British, &p).unwrap();
    g.give_card(Side::British, "wolfe-march").unwrap();
    g.give_card(Side::British, "attrition-french").unwrap();
    let march = g.hand(Side::British)[0];
    for text in [
        "play wolfe-march",
        "play Wolfe's March Round the Harbor",
        "play  wolfes march round the harbor ",
    ] {
        assert_eq!(g.parse_action(text).unwrap(), Action::Play(march), "{text}");
    }
    // "Attrition" is the title of one card per flag: the one in hand is meant
    let attrition = g.hand(Side::British)[1];
    assert_eq!(
        g.parse_action("discard Attrition").unwrap(),
        Action::Discard(attrition)
    );
    let err = g.parse_action("play Fog of War").unwrap_err();
    assert!(err.message.contains("Fog of War"), "{err}");
    g.apply(
        g.parse_action("play Wolfe's March Round the Harbor")
            .unwrap(),
    )
    .unwrap();
    let log = g.view(Side::French.seat()).log;
    assert!(
        log.iter()
            .any(|l| l
                == "The British play Wolfe's March Round the Harbor (wolfe-march) [house card]."),
        "{log:#?}"
    );
}

/// 6.1, 8.2: the printed Island Battery – Bombardment card asks only that the British occupy
/// Lighthouse Point, and cards override the rules: a ranger alone there (which could not
/// bombard by 8.2) is enough.
#[test]
fn island_battery_bombardment_needs_only_a_unit_at_lighthouse_point_6_1() {
    let mut g = Louisbourg::arranged_bombardment(
        5,
        Side::British,
        &[
            ("br-ranger-1", "lighthouse-point", 2),
            ("fr-reg-1", "island-battery", 4),
        ],
    )
    .unwrap();
    g.give_card(Side::British, "island-battery-bombardment")
        .unwrap();
    let card = g.hand(Side::British)[0];
    g.dice_mut().force([4]);
    g.apply(Action::Play(card)).unwrap();
    assert_eq!(sp(&g, "fr-reg-1"), 3, "4 on the Bombardment Table: 1 SP");
}

/// 10, 12: reinforcements that attack and retreat go back where they came from, the
/// reinforcement box, and may enter again on a later turn.
#[test]
fn reinforcements_that_retreat_go_back_to_the_box_10_12() {
    let p = [
        ("fr-mil-r-1", "reinforcements", 2),
        ("fr-mil-r-2", "reinforcements", 2),
        ("fr-reg-1", "louisbourg", 4),
        ("br-ranger-1", "kennington-cove", 2),
        ("br-reg-1", "green-hills", 4),
        ("br-reg-2", "green-hills", 4),
        ("br-reg-3", "green-hills", 4),
        ("br-reg-4", "green-hills", 4),
        ("br-reg-5", "green-hills", 4),
        ("br-reg-6", "green-hills", 4),
    ];
    let mut g = Louisbourg::arranged(8, Side::French, &p).unwrap();
    for id in ["fr-mil-r-1", "fr-mil-r-2"] {
        g.apply(Action::Reinforce {
            unit: unit(id),
            to: KENNINGTON_COVE,
        })
        .unwrap();
    }
    // round 1: the ranger and the militia all miss; round 2 the British stay and miss again
    g.dice_mut().force([1, 1, 1, 1, 1, 1, 1, 1]);
    g.apply(Action::Done).unwrap();
    assert_eq!(g.step(), Step::Stay(Side::British));
    g.apply(Action::Fire).unwrap();
    assert_eq!(g.step(), Step::Stay(Side::French));
    g.apply(Action::Retreat).unwrap();
    assert_eq!(loc(&g, "fr-mil-r-1"), REINFORCEMENTS);
    assert_eq!(loc(&g, "fr-mil-r-2"), REINFORCEMENTS);
    // on to the French action of turn 9
    g.stack_card("sortie").unwrap();
    g.stack_card("hot-shot").unwrap();
    let mut legal = Vec::new();
    for _ in 0..100 {
        if g.step() == Step::Action(Side::French) && g.turn_number() == 9 {
            break;
        }
        g.legal_actions(&mut legal);
        let a = if legal.contains(&Action::Pass) {
            Action::Pass
        } else if legal.contains(&Action::First(Side::French)) {
            Action::First(Side::French)
        } else {
            legal[0]
        };
        g.apply(a).unwrap();
    }
    assert_eq!((g.step(), g.turn_number()), (Step::Action(Side::French), 9));
    assert!(g
        .check(&Action::Reinforce {
            unit: unit("fr-mil-r-1"),
            to: WESTERN_SETTLEMENTS
        })
        .is_ok());
}
