//! Issue 11 item 29: fiw as the referee of a game on a real table. With manual dice every roll
//! is asked for in the rule's words and every card drawn is named among those still in the
//! deck; the answers, kept by the dice, replay the game exactly.

use fiw_engine::{apply_asking, Ask, Dice, Game, Need};
use fiw_louisbourg::board::*;
use fiw_louisbourg::forces::forces;
use fiw_louisbourg::{Action, Louisbourg, Options, Side, Step};

fn unit(id: &str) -> u8 {
    forces()
        .units
        .iter()
        .position(|u| u.id == id)
        .unwrap_or_else(|| panic!("no block {id}")) as u8
}

fn hand_ids(g: &Louisbourg, side: Side) -> Vec<String> {
    g.hand(side)
        .iter()
        .map(|&c| fiw_louisbourg::cards::deck().card(c).id.clone())
        .collect()
}

/// Applies `action` as the table's referee does (the kernel's `apply_asking`): while it needs
/// a roll or a card, the next of `answers` is read against the need and queued. Returns what
/// was asked, in order.
fn referee(g: &mut Louisbourg, action: Action, answers: &mut Vec<&str>) -> Vec<Need> {
    let mut asked = Vec::new();
    while let Some(need) = apply_asking(g, action).unwrap_or_else(|e| panic!("{action:?}: {e}")) {
        assert!(!answers.is_empty(), "nothing left to answer {need:?}");
        let typed = answers.remove(0);
        let values = need
            .read(typed)
            .unwrap_or_else(|e| panic!("'{typed}' for {}: {e}", need.label));
        g.dice_mut().force(values);
        asked.push(need);
    }
    asked
}

fn labels(asked: &[Need]) -> Vec<&str> {
    asked.iter().map(|n| n.label.as_str()).collect()
}

/// 7, 14, 6.1: the solitaire set-up die, the deal (two cards each) and the turn-1 draws are
/// asked for one by one; each card is named among the cards still in the deck (an Attrition
/// card with its flag), lands in the hand that drew it, and the answers replay the game.
#[test]
fn the_set_up_die_and_every_card_drawn_are_asked_for_7_6_1() {
    let options = Options::default();
    let mut g = Louisbourg::with_dice(&options, Dice::manual(3, &[])).unwrap();
    let plan = Action::Plan {
        kc: 2,
        fp: 2,
        wp: 2,
    };
    assert!(
        referee(&mut g, plan, &mut vec![]).is_empty(),
        "a plan rolls nothing"
    );
    let mut answers = vec![
        "6",
        "Hot Shot on the King's Bastion",
        "thick walls",
        "attrition (french)",
        "Sortie from the Gates",
        "Siege Guns Brought Up",
        "Heavy Seas",
    ];
    let asked = referee(&mut g, Action::SolitaireSetup, &mut answers);
    assert!(answers.is_empty());
    let draw = |side: &str| {
        format!(
            "The {side} draw a card from the deck (6.1; an Attrition card with its flag, e.g. \
             Attrition (French))"
        )
    };
    assert_eq!(
        labels(&asked),
        [
            "The solitaire set-up (14): one die for the adjustment of the French set-up".into(),
            draw("British"),
            draw("French"),
            draw("British"),
            draw("French"),
            draw("British"),
            draw("French"),
        ]
    );
    assert_eq!(asked[0].ask, Ask::Dice { count: 1, sides: 6 });
    // the choices are the cards still in the deck: one fewer at each draw, the drawn one gone
    for (k, need) in asked[1..].iter().enumerate() {
        let Ask::Card { choices } = &need.ask else {
            panic!("{need:?}")
        };
        assert_eq!(choices.len(), 28 - k);
        assert!(choices.iter().any(|c| c == "Attrition (British)"));
    }
    let second = &asked[2];
    let err = second.read("Hot Shot on the King's Bastion").unwrap_err();
    assert!(err.contains("not a card still in the deck"), "{err}");
    assert!(
        second.read("Attrition").is_err(),
        "the flag tells the two apart"
    );

    assert_eq!(
        hand_ids(&g, Side::British),
        ["hot-shot", "attrition-french", "siege-guns-up"]
    );
    assert_eq!(
        hand_ids(&g, Side::French),
        ["thick-walls", "sortie", "heavy-seas"]
    );
    // the dice kept every answer: the same actions with them ask nothing and end alike
    let kept = Game::dice(&g).unwrap().answers().to_vec();
    assert_eq!(kept.len(), 7);
    let mut again = Louisbourg::with_dice(&options, Dice::manual(99, &kept)).unwrap();
    again.apply(plan).unwrap();
    again.apply(Action::SolitaireSetup).unwrap();
    assert_eq!(again.dice_mut().take_need(), None);
    assert_eq!(hand_ids(&again, Side::British), hand_ids(&g, Side::British));
    assert_eq!(hand_ids(&again, Side::French), hand_ids(&g, Side::French));
    assert_eq!(again.units(), g.units());
}

/// 9.2, 9.3: battle fire is asked for side by side, in dice, with the faces that hit; the
/// typed dice decide the hits (the 9.2 example: 12 French dice with two sixes, then 14 British
/// dice with three).
#[test]
fn battle_fire_is_asked_in_the_rules_words_9_2() {
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
    *g.dice_mut() = Dice::manual(5, &[]);
    let none = &mut vec![];
    assert!(referee(&mut g, Action::LandMove(FLAT_POINT), none).is_empty());
    for i in 1..=4 {
        let go = Action::Go {
            unit: unit(&format!("br-reg-{i}")),
            to: GREEN_HILLS,
        };
        assert!(referee(&mut g, go, none).is_empty());
    }
    let asked = referee(&mut g, Action::Done, &mut vec!["6 6 1 2 3 4 5 1 2 3 4 5"]);
    assert_eq!(
        labels(&asked),
        ["The French fire 12 dice at Green Hills (round 1, 9.2), hitting on 6"]
    );
    assert_eq!(
        asked[0].ask,
        Ask::Dice {
            count: 12,
            sides: 6
        }
    );
    let british: u8 = (1..=4)
        .map(|i| g.units()[unit(&format!("br-reg-{i}")) as usize].sp)
        .sum();
    assert_eq!(british, 15, "the first of the two hits is taken");
    let Step::Hits { left: 1, .. } = g.step() else {
        panic!("{:?}", g.step())
    };
    let asked = referee(
        &mut g,
        Action::Hit(unit("br-reg-1")),
        &mut vec!["6 6 6 1 2 3 4 5 1 2 3 4 5 1"],
    );
    assert_eq!(
        labels(&asked),
        ["The British fire 14 dice at Green Hills (round 1, 9.2), hitting on 6"]
    );
    // three sixes: the first hit is taken at once, the French place the other two
    let french: u8 = (1..=3)
        .map(|i| g.units()[unit(&format!("fr-reg-{i}")) as usize].sp)
        .sum();
    assert_eq!(french, 11);
    assert!(
        matches!(
            g.step(),
            Step::Hits {
                owner: Side::French,
                left: 2,
                ..
            }
        ),
        "{:?}",
        g.step()
    );
}

/// 8.3.2, 9.3: in a raid the ranger fires double; the dice are asked in block order, each
/// group with the faces it hits on (the 8.3.2 example: the regular's die, the ranger's two).
#[test]
fn raid_fire_names_each_group_of_dice_8_3_2() {
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
    *g.dice_mut() = Dice::manual(5, &[]);
    let none = &mut vec![];
    let raid = Action::Raid {
        from: ISLAND_BATTERY,
        to: LIGHTHOUSE_POINT,
    };
    assert!(referee(&mut g, raid, none).is_empty());
    for i in 1..=4 {
        let go = Action::Go {
            unit: unit(&format!("fr-reg-{i}")),
            to: LIGHTHOUSE_POINT,
        };
        assert!(referee(&mut g, go, none).is_empty());
    }
    let asked = referee(&mut g, Action::Done, &mut vec!["6 2 5"]);
    assert_eq!(
        labels(&asked),
        [
            "The British fire 3 dice at Lighthouse Point (round 1, 9.2): 1 die hitting on 6, \
          then 2 dice hitting on 5 or 6"
        ]
    );
    // two hits on four alike raiders: the first is taken at once, the French place the other
    let asked = referee(
        &mut g,
        Action::Hit(unit("fr-reg-1")),
        &mut vec!["6 6 6 1 2 3 4 5 1 2 3 4 5 1"],
    );
    assert_eq!(
        labels(&asked),
        ["The French fire 14 dice at Lighthouse Point (round 1, 9.2), hitting on 6"]
    );
}

/// 8.2, 8.1.1, 8.1.3: a bombardment asks for its die with the DRM; the turn's player-order
/// dice and the even turn's weather die are asked for in turn.
#[test]
fn bombardment_order_and_weather_dice_are_asked_for_8() {
    let mut g = Louisbourg::arranged_bombardment(
        3,
        Side::British,
        &[
            ("br-reg-1", "green-hills", 4),
            ("br-reg-2", "black-rock", 4),
            // 13: an army of 24 SP or more, so that the game goes on past turn 3
            ("br-reg-3", "flat-point", 4),
            ("br-reg-4", "flat-point", 4),
            ("br-reg-5", "flat-point", 4),
            ("br-reg-6", "flat-point", 4),
            ("fr-reg-1", "louisbourg", 4),
        ],
    )
    .unwrap();
    *g.dice_mut() = Dice::manual(5, &[]);
    let asked = referee(&mut g, Action::Bombard(LOUISBOURG), &mut vec!["5"]);
    assert_eq!(
        labels(&asked),
        ["The British bombard Louisbourg (8.2): one die on the Bombardment Table, DRM +1"]
    );
    assert_eq!(
        g.units()[unit("fr-reg-1") as usize].sp,
        2,
        "5 + 1: two SP lost"
    );
    // to the end of turn 3: nothing else is rolled until the next turn's order dice
    let mut asked = Vec::new();
    let mut answers = vec!["2 5", "3"];
    while g.turn_number() == 3 || matches!(g.step(), Step::ChooseFirst(_)) {
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "{:?}", g.step());
        let pass = if legal.contains(&Action::Pass) {
            Action::Pass
        } else {
            legal[0]
        };
        asked.extend(referee(&mut g, pass, &mut answers));
    }
    assert_eq!(
        labels(&asked),
        [
            "Player order of turn 4 (8.1.1): the British die, then the French die",
            "Weather (8.1.3): the British roll one die, 5 or 6 is rough seas",
        ]
    );
    let log = g.view(Side::French.seat()).log;
    assert!(
        log.iter()
            .any(|l| l.starts_with("Player order roll: British 2, French 5")),
        "{log:#?}"
    );
    assert!(
        log.iter().any(|l| l.starts_with("Weather roll 3: fair")),
        "{log:#?}"
    );
}

/// 6.1: a card's strike on the harbor ships asks for its dice with the faces that hit.
#[test]
fn a_cards_strike_on_the_ships_is_asked_for_6_1() {
    let mut g = Louisbourg::arranged_bombardment(
        5,
        Side::British,
        &[
            ("br-reg-1", "royal-battery", 4),
            ("fr-ship-1", "louisbourg-harbor", 3),
            ("fr-ship-2", "louisbourg-harbor", 3),
        ],
    )
    .unwrap();
    g.give_card(Side::British, "fog-cutting-out").unwrap();
    *g.dice_mut() = Dice::manual(5, &[]);
    let card = g.hand(Side::British)[0];
    let asked = referee(&mut g, Action::Play(card), &mut vec!["4 1"]);
    assert_eq!(
        labels(&asked),
        [
            "Cutting-Out in the Fog (6.1): 2 dice against the French ships in the harbor, \
          hitting on 4, 5 or 6"
        ]
    );
    let ships: u8 = ["fr-ship-1", "fr-ship-2"]
        .iter()
        .map(|s| g.units()[unit(s) as usize].sp)
        .sum();
    assert_eq!(ships, 5, "one hit");
}
