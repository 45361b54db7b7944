//! The findings of the audit of 2026-12-04 (issue 38), each replayed with forced dice in the
//! position its reproduction reaches, and checked against the text's result.

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
        .unwrap_or_else(|e| panic!("go {id} {}: {e}", fiw_louisbourg::board::id(to)));
}

fn sp(g: &Louisbourg, id: &str) -> u8 {
    g.units()[unit(id) as usize].sp
}

fn loc(g: &Louisbourg, id: &str) -> Loc {
    g.units()[unit(id) as usize].loc
}

fn legal(g: &Louisbourg) -> Vec<Action> {
    let mut out = Vec::new();
    g.legal_actions(&mut out);
    out
}

/// H2 (9.2, 10): two light infantry attack Lighthouse Point, br-light-1 straight from Royal
/// Battery and br-light-2 by way of Northern Settlements. Alike in type and SP, they are not
/// alike for hits: each retreats to where it came from, so the owner chooses which is hit. The
/// British put the hit on br-light-2; in round 2 they retreat, and each block goes its own way.
#[test]
fn h2_blocks_from_different_roads_are_not_alike_for_hits_9_2() {
    let mut g = Louisbourg::arranged(
        4,
        Side::British,
        &[
            ("br-light-1", "royal-battery", 3),
            ("br-light-2", "royal-battery", 3),
            ("fr-reg-1", "lighthouse-point", 4),
        ],
    )
    .unwrap();
    g.apply(Action::LandMove(ROYAL_BATTERY)).unwrap();
    go(&mut g, "br-light-1", LIGHTHOUSE_POINT);
    go(&mut g, "br-light-2", NORTHERN_SETTLEMENTS);
    go(&mut g, "br-light-2", LIGHTHOUSE_POINT);
    // round 1: the French roll 4 dice, one six; the British, 5 dice after the hit, miss;
    // round 2: the French stay and miss with 4 dice
    g.dice_mut().force([6, 1, 1, 1]);
    g.dice_mut().force([1; 5]);
    g.dice_mut().force([1; 4]);
    g.apply(Action::Done).unwrap();
    assert!(
        matches!(
            g.step(),
            Step::Hits {
                owner: Side::British,
                left: 1,
                ..
            }
        ),
        "the owner is asked: {:?}",
        g.step()
    );
    let menu = legal(&g);
    assert!(menu.contains(&Action::Hit(unit("br-light-1"))), "{menu:?}");
    assert!(menu.contains(&Action::Hit(unit("br-light-2"))), "{menu:?}");
    g.apply(Action::Hit(unit("br-light-2"))).unwrap();
    assert_eq!((sp(&g, "br-light-1"), sp(&g, "br-light-2")), (3, 2));
    assert_eq!(g.step(), Step::Stay(Side::French), "{:?}", g.step());
    g.apply(Action::Fire).unwrap();
    assert_eq!(g.dice_mut().forced_left(), 0);
    assert_eq!(g.step(), Step::Stay(Side::British), "{:?}", g.step());
    g.apply(Action::Retreat).unwrap();
    assert_eq!(loc(&g, "br-light-1"), ROYAL_BATTERY);
    assert_eq!(loc(&g, "br-light-2"), NORTHERN_SETTLEMENTS);
}

/// M4 (5.2, 10): three 3 SP regulars and an Indian hold Green Hills; four British regulars
/// attack from Flat Point. Louisbourg is open (rule 10 blocks only enemies and battles), so
/// the French are asked to stay or retreat in round 2; the regulars go into Louisbourg and
/// the Indian, which may not end a turn there, is lost.
#[test]
fn m4_one_indian_does_not_pin_its_group_5_2_10() {
    let mut g = Louisbourg::arranged(
        4,
        Side::British,
        &[
            ("br-reg-1", "flat-point", 4),
            ("br-reg-2", "flat-point", 4),
            ("br-reg-3", "flat-point", 4),
            ("br-reg-4", "flat-point", 4),
            ("fr-reg3-1", "green-hills", 3),
            ("fr-reg3-2", "green-hills", 3),
            ("fr-reg3-3", "green-hills", 3),
            ("fr-indian-1", "green-hills", 2),
        ],
    )
    .unwrap();
    g.apply(Action::LandMove(FLAT_POINT)).unwrap();
    for i in 1..=4 {
        go(&mut g, &format!("br-reg-{i}"), GREEN_HILLS);
    }
    // round 1: both sides miss (11 French dice, 16 British)
    g.dice_mut().force([1; 11]);
    g.dice_mut().force([1; 16]);
    g.apply(Action::Done).unwrap();
    assert_eq!(g.step(), Step::Stay(Side::French), "{:?}", g.step());
    assert!(legal(&g).contains(&Action::Retreat));
    let note = g.note(&Action::Retreat).unwrap_or_default();
    assert!(note.contains("Louisbourg (5.2)"), "{note}");
    g.apply(Action::Retreat).unwrap();
    for i in 1..=3 {
        assert_eq!(loc(&g, &format!("fr-reg3-{i}")), LOUISBOURG);
    }
    assert_eq!(loc(&g, "fr-indian-1"), ELIMINATED);
    assert_eq!(g.control(GREEN_HILLS), Side::British);
}

/// M4 (10): an Indian alone, with Louisbourg its only way back, is not offered a retreat that
/// would only lose it: the battle goes on.
#[test]
fn m4_an_indian_alone_fights_on_10() {
    let mut g = Louisbourg::arranged(
        4,
        Side::British,
        &[
            ("br-reg-1", "flat-point", 4),
            ("fr-indian-1", "green-hills", 2),
        ],
    )
    .unwrap();
    g.apply(Action::LandMove(FLAT_POINT)).unwrap();
    go(&mut g, "br-reg-1", GREEN_HILLS);
    g.dice_mut().force([1, 1]);
    g.dice_mut().force([1, 1, 1, 1]);
    g.dice_mut().force([1, 1]);
    g.apply(Action::Done).unwrap();
    assert_ne!(g.step(), Step::Stay(Side::French), "{:?}", g.step());
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

/// L2 (8.2): on turn 1 the British hold a bombardment card, so they are asked; once they pass,
/// the French, with nothing to bombard and no card for it, are not asked to pass as well.
#[test]
fn l2_no_prompt_whose_only_choice_is_pass_8_2() {
    let mut g = solitaire_start(&[
        "counter-battery",
        "sortie",
        "wolfe-march",
        "heavy-seas",
        "bog-roads",
        "interior-lines",
    ]);
    assert_eq!(g.step(), Step::Bombard(Side::British), "{:?}", g.step());
    g.apply(Action::Pass).unwrap();
    assert_eq!(g.step(), Step::Action(Side::British), "{:?}", g.step());
}

/// L3 (6.1, 8.2): losses from an attrition card are asked for as the card's, not as a battle's.
#[test]
fn l3_attrition_losses_name_the_card_6_1() {
    let g = solitaire_start(&[
        "attrition-british",
        "hot-shot",
        "sortie",
        "heavy-seas",
        "wolfe-march",
        "thick-walls",
    ]);
    let w = g.view(Side::British.seat()).waiting_for;
    assert_eq!(w, "You apply 2 hit(s) from Attrition (6.1)");
}

/// L3 (8.2): losses from a bombardment are asked for as the bombardment's.
#[test]
fn l3_bombardment_losses_name_the_bombardment_8_2() {
    let mut g = Louisbourg::arranged_bombardment(
        5,
        Side::French,
        &[
            ("br-reg-1", "green-hills", 4),
            ("br-light-1", "green-hills", 3),
            ("fr-reg-1", "louisbourg", 4),
            ("fr-ship-1", "louisbourg-harbor", 3),
            ("fr-ship-2", "louisbourg-harbor", 3),
        ],
    )
    .unwrap();
    // a 6 on the Bombardment Table: 2 SP lost, on two unlike blocks
    g.dice_mut().force([6]);
    g.apply(Action::Bombard(GREEN_HILLS)).unwrap();
    let w = g.view(Side::British.seat()).waiting_for;
    assert_eq!(w, "You apply 2 hit(s) from the French bombardment (8.2)");
}

/// 2026-12-01 #15 (8.3.1): light infantry that entered a French-held location is told it must
/// stop there, not that it used its movement.
#[test]
fn n15_must_stop_comes_before_used_its_movement_8_3_1() {
    let mut g = Louisbourg::arranged(
        4,
        Side::British,
        &[
            ("br-light-1", "kennington-cove", 3),
            ("fr-mil-1", "western-settlements", 2),
        ],
    )
    .unwrap();
    g.apply(Action::LandMove(KENNINGTON_COVE)).unwrap();
    go(&mut g, "br-light-1", WESTERN_SETTLEMENTS);
    let err = g
        .check(&Action::Go {
            unit: unit("br-light-1"),
            to: BARACHOIS,
        })
        .unwrap_err();
    assert!(err.to_string().contains("must stop"), "{err}");
}

/// 2026-12-01 #22 (8.3.4): `ships to gabarus-bay` with no British ship in the harbor says so
/// first, not that Lighthouse Point and Island Battery are not held.
#[test]
fn n22_no_unused_ships_comes_first_8_3_4() {
    let g = Louisbourg::arranged(
        4,
        Side::British,
        &[
            ("br-reg-1", "kennington-cove", 4),
            ("br-ship-1", "gabarus-bay", 4),
            ("fr-reg-1", "island-battery", 4),
        ],
    )
    .unwrap();
    let err = g.check(&Action::ShipMove(GABARUS_BAY)).unwrap_err();
    assert!(err.to_string().contains("no unused ships"), "{err}");
}

fn log_lines(g: &Louisbourg) -> Vec<String> {
    g.log().entries().iter().map(|e| e.text.clone()).collect()
}

/// 2026-12-01 #19 (9.2, 8.3.2, the log): when blocks hit on different faces the log splits
/// the dice by the face they hit on: in 8.3.2's example the British regular's die hits on 6,
/// the ranger's two dice on 5 or 6 in a raid.
#[test]
fn n19_mixed_hit_numbers_are_split_in_the_log_9_2() {
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
    g.dice_mut().force([6, 2, 5]);
    g.dice_mut()
        .force([6, 6, 6, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1]);
    g.apply(Action::Done).unwrap();
    let lines = log_lines(&g);
    assert!(
        lines.iter().any(|l| l
            == "Round 1: the British fire 3 dice, 1 die hitting on 6+: 6; 2 dice hitting on 5+: 2 5: 2 hits."),
        "{lines:#?}"
    );
}

/// 2026-12-01 #14 (8.3.3, 11): a ship battle's log names the ships used for an amphibious move
/// this turn, which defend at 1 SP: the British land one unit from the box, then two French
/// ships sail into Gabarus Bay.
#[test]
fn n14_used_ships_are_named_in_the_ship_battle_log_11() {
    let mut g = Louisbourg::arranged(
        4,
        Side::British,
        &[
            ("br-reg-1", "british-box", 4),
            ("br-ship-1", "gabarus-bay", 4),
            ("br-ship-2", "gabarus-bay", 4),
            ("fr-ship-1", "louisbourg-harbor", 3),
            ("fr-reg-1", "island-battery", 4),
            ("fr-reg-2", "lighthouse-point", 4),
        ],
    )
    .unwrap();
    g.apply(Action::Amphibious(BRITISH_BOX)).unwrap();
    go(&mut g, "br-reg-1", KENNINGTON_COVE);
    g.apply(Action::Done).unwrap();
    assert_eq!(g.step(), Step::Action(Side::French), "{:?}", g.step());
    g.apply(Action::ShipMove(GABARUS_BAY)).unwrap();
    go(&mut g, "fr-ship-1", GABARUS_BAY);
    g.dice_mut().force([1; 3]);
    g.dice_mut().force([1; 5]);
    g.apply(Action::Done).unwrap();
    let lines = log_lines(&g);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Ship battle at Gabarus Bay")
                && l.contains("ship 4 (used: defends at 1), ship 4")),
        "{lines:#?}"
    );
}

/// 2026-12-01 #17 (7): a typed plan names every site, with numbers in digits: `=+4` and a plan
/// that leaves a site out are refused, not read loosely for the British.
#[test]
fn n17_loose_and_partial_plans_are_refused_7() {
    let g = Louisbourg::new(&fiw_louisbourg::Options::default(), 4).unwrap();
    let e = g
        .parse_action("plan kennington-cove=+4 flat-point=0 white-point=0")
        .unwrap_err();
    assert!(e.to_string().contains("'+4' is not a number"), "{e}");
    let e = g.parse_action("plan flat-point=4").unwrap_err();
    assert!(e.to_string().contains("kennington-cove is missing"), "{e}");
    assert_eq!(
        g.parse_action("plan white-point=2 flat-point=4 kennington-cove=0")
            .unwrap(),
        Action::Plan {
            kc: 0,
            fp: 4,
            wp: 2
        }
    );
}

/// 2026-12-01 #20 (7): the British board shows the French reinforcement box as section 7 makes
/// it, two militia, not as two blocks they know nothing of.
#[test]
fn n20_the_reinforcement_box_shows_its_militia_7() {
    let g = solitaire_start(&[]);
    let board = g.render(Side::British.seat());
    let row = board
        .lines()
        .find(|l| l.contains("reinforcement"))
        .unwrap_or_else(|| panic!("{board}"));
    assert!(row.contains("2 militia (7)"), "{row}");
    assert!(!row.contains("hidden"), "{row}");
}

/// L4 (7): during the turn-1 landing each unit's odds note covers the units landed at that
/// site so far, and says so: the first unit's note is not the landing's odds.
#[test]
fn l4_the_landing_note_counts_the_units_landed_so_far_7() {
    let options = fiw_louisbourg::Options {
        deck: [
            "sortie",
            "wolfe-march",
            "heavy-seas",
            "bog-roads",
            "interior-lines",
            "thick-walls",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect(),
        ..Default::default()
    };
    let mut g = Louisbourg::new(&options, 4).unwrap();
    g.apply(Action::Plan {
        kc: 6,
        fp: 0,
        wp: 0,
    })
    .unwrap();
    g.dice_mut().force([6]);
    g.apply(Action::SolitaireSetup).unwrap();
    while let Step::Bombard(_) = g.step() {
        g.apply(Action::Pass).unwrap();
    }
    g.apply(Action::Land).unwrap();
    assert_eq!(g.step(), Step::Landing, "{:?}", g.step());
    let first = Action::Go {
        unit: unit("br-reg-1"),
        to: KENNINGTON_COVE,
    };
    let note = g.note(&first).unwrap_or_default();
    assert!(
        note.starts_with("with the 1 unit landed there so far: "),
        "{note}"
    );
    go(&mut g, "br-reg-1", KENNINGTON_COVE);
    let note = g
        .note(&Action::Go {
            unit: unit("br-reg-2"),
            to: KENNINGTON_COVE,
        })
        .unwrap_or_default();
    assert!(
        note.starts_with("with the 2 units landed there so far: "),
        "{note}"
    );
}

/// M3 (13): the docs and `fiw rules louisbourg` say the 24 SP condition ends about 5 % of
/// heuristic games but changes the result of about 1 %, and no longer call the endings
/// decisions.
#[test]
fn m3_the_docs_say_how_often_the_24_sp_changes_a_game_13() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let doc = std::fs::read_to_string(root.join("docs/louisbourg.md")).unwrap();
    assert!(
        doc.contains("changes about **1 % of games**"),
        "docs/louisbourg.md"
    );
    assert!(!doc.contains("below 24 SP decides"), "docs/louisbourg.md");
    let rules = std::fs::read_to_string(root.join("docs/rules/louisbourg.md")).unwrap();
    assert!(
        rules.contains("it changes the result of about 1 %"),
        "docs/rules"
    );
}
