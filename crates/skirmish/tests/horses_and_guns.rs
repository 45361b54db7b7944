//! Horses and guns (audit 2026-12-04, M17): mounting and dismounting (5.8), infantry helping a
//! gun short of its crew to move (5.3) and serving it (9.1), civilian limber drivers (12.1),
//! and the text's optional rules as scenario options: two commanders (2.1), double range (9.2).

use crate::common;
use common::*;
use fiw_engine::Game;
use fiw_skirmish::troops::Troop;
use fiw_skirmish::{Options, Phase, Side, Skirmish};

fn left(g: &Skirmish) -> f64 {
    let a = g.activation().unwrap();
    a.allowance - a.spent.iter().copied().fold(0.0, f64::max)
}

/// A troop of dragoons (an officer and 5 troopers with carbines) in a line 1 deep.
fn dragoons(id: &str, at: (f64, f64), facing: f64) -> String {
    unit(
        "british",
        id,
        &format!(
            "troop = \"cavalry\"\nfieldcraft = 1\nformation = \"line\"\nranks = 1\nat = [{}, {}]\nfacing = {facing}\nweapon = \"carbine\"\nfigures = [{{ role = \"officer\" }}, {{ role = \"private\", count = 5 }}]",
            at.0, at.1
        ),
    )
}

/// A game of `text` with the scenario options `switches` on.
fn game_with(text: &str, deck: &[u8], switches: &[&str]) -> Skirmish {
    let options = Options {
        scenario: "test".into(),
        text: Some(text.to_string()),
        deck: deck.to_vec(),
        switches: switches.iter().map(|s| s.to_string()).collect(),
    };
    Skirmish::new(&options, 1).unwrap_or_else(|e| panic!("{e}"))
}

/// Every unit still to act passes, to the turn's end.
fn pass_all(g: &mut Skirmish) {
    let turn = g.turn_number();
    while g.turn_number() == turn {
        match g.phase() {
            Phase::Choose(_) => {
                let first = menu(g)
                    .into_iter()
                    .find(|m| m.starts_with("activate"))
                    .expect("a unit to act");
                play(g, &first);
                play(g, "pass");
            }
            Phase::Act => play(g, "pass"),
            p => panic!("unexpected phase {p:?}"),
        }
    }
}

#[test]
fn m17_dismounting_costs_half_a_move_and_the_troopers_then_move_as_infantry_5_8() {
    let t = scenario(
        "",
        "",
        &dragoons("br-drag", (20.0, 18.0), 90.0),
        &line("french", "fr-a", (44.0, 18.0), 270.0, 9),
    );
    let mut g = game(&t, &[RED]);
    let d = u(&g, "br-drag");
    assert_eq!(g.units()[d].troop, Troop::Cavalry);
    play(&mut g, "activate br-drag");
    dice(&mut g, &[3]);
    play(&mut g, "test");
    dice(&mut g, &[4]);
    play(&mut g, "move");
    assert_eq!(
        g.activation().unwrap().allowance,
        22.0,
        "5.2 cavalry 18\"+1D6"
    );
    assert!(is_listed(&g, "dismount"), "the menu offers it");
    play(&mut g, "dismount");
    // on foot as light infantry (assumed), half the move gone: what is left is half of the
    // move at the infantry's pace (the roll keeps its share of the chart's mean: 9.5 / 21.5)
    assert_eq!(g.units()[d].troop, Troop::Light);
    let a = g.activation().unwrap();
    let scaled = 22.0 * 9.5 / 21.5;
    assert!((a.allowance - scaled).abs() < 1e-6, "{}", a.allowance);
    assert!((left(&g) - scaled / 2.0).abs() < 1e-6, "{}", left(&g));
    // their bases are foot bases now
    let f = g.units()[d].figures[0] as usize;
    assert!((g.base(f).footprint().depth() - 0.8).abs() < 1e-9);
    // a step beyond the infantry's half is refused, one within it allowed
    assert_eq!(refused(&g, "step 5 at 90").rule, "5.1");
    play(&mut g, "step 4.5 at 90");
    // once on foot, dismounting again is refused by its section
    assert_eq!(refused(&g, "dismount").rule, "5.8");
}

#[test]
fn m17_mounting_costs_half_a_move_and_only_troops_with_horses_mount_5_8() {
    let t = scenario(
        "",
        "",
        &format!(
            "{}{}",
            dragoons("br-drag", (20.0, 10.0), 90.0),
            line("british", "br-foot", (20.0, 26.0), 90.0, 7)
        ),
        &line("french", "fr-a", (44.0, 18.0), 270.0, 9),
    );
    let mut g = game(&t, &[RED, RED + 1]);
    play(&mut g, "activate br-foot");
    dice(&mut g, &[3]);
    play(&mut g, "test");
    dice(&mut g, &[4]);
    play(&mut g, "move");
    assert_eq!(refused(&g, "mount").rule, "5.8", "no horses");
    play(&mut g, "done");
    play(&mut g, "activate br-drag");
    dice(&mut g, &[3]);
    play(&mut g, "test");
    dice(&mut g, &[2]);
    play(&mut g, "move");
    play(&mut g, "step 11 at 90");
    // more than half the move gone: no time left to dismount
    assert_eq!(refused(&g, "dismount").rule, "5.8");
    play(&mut g, "done");
    pass_all(&mut g);
    // turn 2: dismount, then mount again in the next turn
    play(&mut g, "activate br-drag");
    dice(&mut g, &[3]);
    play(&mut g, "test");
    dice(&mut g, &[2]);
    play(&mut g, "move");
    play(&mut g, "dismount");
    play(&mut g, "done");
    pass_all(&mut g);
    let d = u(&g, "br-drag");
    assert_eq!(g.units()[d].troop, Troop::Light);
    play(&mut g, "activate br-drag");
    dice(&mut g, &[3]);
    play(&mut g, "test");
    dice(&mut g, &[3]);
    play(&mut g, "move");
    assert_eq!(
        g.activation().unwrap().allowance,
        9.0,
        "5.2 light infantry 6\"+1D6"
    );
    play(&mut g, "mount");
    assert_eq!(g.units()[d].troop, Troop::Cavalry);
    let scaled = 9.0 * 21.5 / 9.5;
    assert!((left(&g) - scaled / 2.0).abs() < 1e-6, "{}", left(&g));
    let f = g.units()[d].figures[0] as usize;
    assert!((g.base(f).footprint().depth() - 1.6).abs() < 1e-9);
}

/// A field gun at (10, 18) facing east with `crew` privates and its officer, a company of
/// foot beside it, the French far off.
fn gun_and_foot(kind: &str, crew: u8) -> String {
    scenario(
        "",
        "",
        &format!(
            "{}{}",
            gun("british", "br-gun", (10.0, 18.0), 90.0, kind, crew, false),
            line("british", "br-foot", (12.5, 21.5), 90.0, 7)
        ),
        &line("french", "fr-a", (36.0, 18.0), 270.0, 9),
    )
}

#[test]
fn m17_a_gun_short_of_half_its_crew_moves_only_with_infantry_helping_5_3() {
    let t = gun_and_foot("field", 3);
    // alone: refused
    let mut g = game(&t, &[RED, RED + 1])
        .with_casualties("br-gun", 3)
        .unwrap();
    assert_eq!(g.crew(u(&g, "br-gun")), 1);
    play(&mut g, "activate br-gun");
    dice(&mut g, &[3]);
    play(&mut g, "test");
    let e = refused(&g, "move");
    assert_eq!(e.rule, "5.3");
    assert!(e.message.contains("help br-gun"), "{}", e.message);
    // with the company lending its men: it moves
    let mut g = game(&t, &[RED, RED + 1])
        .with_casualties("br-gun", 3)
        .unwrap();
    play(&mut g, "activate br-foot");
    assert!(is_listed(&g, "help br-gun"), "{:?}", menu(&g));
    play(&mut g, "help br-gun");
    assert!(g.activation().is_none(), "helping is the company's action");
    play(&mut g, "activate br-gun");
    dice(&mut g, &[3]);
    play(&mut g, "test");
    let y0 = y(&g, "br-gun");
    dice(&mut g, &[4]);
    play(&mut g, "move");
    play(&mut g, "step 1 at 180");
    play(&mut g, "done");
    assert!((y(&g, "br-gun") - (y0 - 1.0)).abs() < 1e-6, "{}", log(&g));
    assert!(log(&g).contains("br-foot lends its men to br-gun"));
    // a company too far from the gun may not help it
    let far = scenario(
        "",
        "",
        &format!(
            "{}{}",
            gun("british", "br-gun", (10.0, 18.0), 90.0, "field", 3, false),
            line("british", "br-foot", (11.0, 30.0), 90.0, 7)
        ),
        &line("french", "fr-a", (36.0, 18.0), 270.0, 9),
    );
    let mut g = game(&far, &[RED]).with_casualties("br-gun", 3).unwrap();
    play(&mut g, "activate br-foot");
    assert_eq!(refused(&g, "help br-gun").rule, "5.3");
}

#[test]
fn m17_infantry_serve_a_gun_while_half_its_least_crew_are_gunners_9_1() {
    // a field gun's least crew is 2 (9.2's table): one gunner left is half of it
    let t = gun_and_foot("field", 3);
    let fired = || {
        let mut g = game(&t, &[RED, RED + 1])
            .with_casualties("br-gun", 3)
            .unwrap();
        play(&mut g, "activate br-gun");
        dice(&mut g, &[1, 1]);
        play(&mut g, "shot at fr-a");
        pass_all(&mut g);
        g
    };
    // turn 2, alone: the gun short of crew fired last turn
    let mut g = fired();
    play(&mut g, "activate br-gun");
    assert_eq!(refused(&g, "shot at fr-a").rule, "9.1");
    // turn 2 with the company serving it too: it fires again
    let mut g = fired();
    play(&mut g, "activate br-foot");
    play(&mut g, "help br-gun");
    play(&mut g, "activate br-gun");
    dice(&mut g, &[1, 1]);
    play(&mut g, "shot at fr-a");
    assert_eq!(g.turn_number(), 2);

    // a heavy gun's least crew is 3: one gunner is less than half, and infantry cannot make
    // up the rest
    let t = gun_and_foot("heavy", 5);
    let mut g = game(&t, &[RED, RED + 1])
        .with_casualties("br-gun", 5)
        .unwrap();
    assert_eq!(g.crew(u(&g, "br-gun")), 1);
    play(&mut g, "activate br-gun");
    dice(&mut g, &[1, 1]);
    play(&mut g, "shot at fr-a");
    pass_all(&mut g);
    play(&mut g, "activate br-foot");
    play(&mut g, "help br-gun");
    play(&mut g, "activate br-gun");
    assert_eq!(refused(&g, "shot at fr-a").rule, "9.1");
}

/// A limbered field gun with its officer and 3 gunners (`drivers`: civilians drive its
/// limber), a French company 5" in front of it.
fn limbered_gun(drivers: bool) -> Skirmish {
    let british = gun("british", "br-gun", (10.0, 18.0), 90.0, "field", 3, true).replace(
        "limbered = true",
        &format!("limbered = true\ncivilian_drivers = {drivers}"),
    );
    let t = scenario(
        "",
        "",
        &british,
        &line("french", "fr-a", (17.0, 18.0), 270.0, 9),
    );
    game(&t, &[BLACK]).with_casualties("br-gun", 2).unwrap()
}

#[test]
fn m17_a_shattered_sections_limber_leaves_with_its_civilian_drivers_12_1() {
    for drivers in [true, false] {
        let mut g = limbered_gun(drivers);
        let gu = u(&g, "br-gun");
        assert!(g.units()[gu].limbered);
        play(&mut g, "activate fr-a");
        // five dice at short range: one hit; it falls on a gunner (10.5: 1-3)
        dice(&mut g, &[6, 1, 1, 1, 1, 2]);
        play(&mut g, "fire at br-gun");
        let unit = &g.units()[gu];
        assert!(unit.shattered, "{}", log(&g));
        assert_eq!(unit.limber_gone, drivers, "{}", log(&g));
        assert_eq!(unit.limbered, !drivers);
        assert_eq!(
            log(&g).contains("civilian drivers leave the table with its limber (12.1)"),
            drivers
        );
    }
}

#[test]
fn m17_with_two_commanders_a_card_lets_a_side_act_with_two_units_2_1() {
    let t = scenario(
        "",
        "",
        &format!(
            "{}{}{}",
            line("british", "br-a", (10.0, 8.0), 90.0, 7),
            line("british", "br-b", (10.0, 18.0), 90.0, 7),
            line("british", "br-c", (10.0, 28.0), 90.0, 7)
        ),
        &line("french", "fr-a", (40.0, 18.0), 270.0, 9),
    );
    for (switches, second) in [(&["two-commanders"][..], true), (&[][..], false)] {
        let mut g = game_with(&t, &[RED, BLACK, RED + 1], switches);
        play(&mut g, "activate br-a");
        play(&mut g, "pass");
        assert_eq!(
            g.phase() == Phase::Choose(Side::British),
            second,
            "{switches:?}"
        );
        if second {
            play(&mut g, "activate br-b");
            play(&mut g, "pass");
            // two units on the card, and no more: the next card is the French black one
            assert_eq!(g.phase(), Phase::Choose(Side::French));
            assert!(log(&g).contains("a second commander of the British acts"));
        } else {
            assert_eq!(g.phase(), Phase::Choose(Side::French));
        }
    }
}

#[test]
fn m17_with_double_range_a_gun_fires_to_twice_its_range_needing_a_6_9_2() {
    // a field gun's canister reaches 18" (9.2's table); the French stand about 27" off
    let t = scenario(
        "",
        "",
        &gun("british", "br-gun", (10.0, 18.0), 90.0, "field", 3, false),
        &line("french", "fr-a", (38.0, 18.0), 270.0, 9),
    );
    let g = game(&t, &[RED]);
    let mut g = g;
    play(&mut g, "activate br-gun");
    assert_eq!(refused(&g, "canister at fr-a").rule, "9.2");
    let mut g = game_with(&t, &[RED], &["double-range"]);
    play(&mut g, "activate br-gun");
    // five dice: 6, 5, 5, 4, 2 hit four times at 4+, once at 6+
    dice(&mut g, &[6, 5, 5, 4, 2]);
    play(&mut g, "canister at fr-a");
    assert!(log(&g).contains("6 5 5 4 2: 1 hit"), "{}", log(&g));
    let down = g.units()[u(&g, "fr-a")].figures.len() - men(&g, "fr-a");
    assert_eq!(down, 1, "{}", log(&g));
}

/// What the computer general proposes now for the side to move.
fn proposed(g: &Skirmish) -> String {
    use fiw_engine::{Policy, Seen};
    let seat = g.to_move().expect("a decision");
    let mut general = fiw_skirmish::general::General::new(1);
    let a = general.propose(&Seen::new(g, seat)).unwrap_or_else(|| {
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        legal[general.choose(&Seen::new(g, seat), &legal)]
    });
    g.action_text(&a)
}

#[test]
fn m17_the_general_lends_men_to_a_gun_short_of_crew_and_dismounts_to_hold_5_3_5_8() {
    // 5.3, 9.1: a defending company by a gun left with one man lends it its men
    let t = scenario(
        "",
        "",
        &format!(
            "posture = \"defend\"\n{}{}",
            gun("british", "br-gun", (10.0, 18.0), 90.0, "field", 3, false),
            line("british", "br-foot", (12.5, 21.5), 90.0, 7)
        ),
        &line("french", "fr-a", (36.0, 18.0), 270.0, 9),
    );
    let mut g = game(&t, &[RED]).with_casualties("br-gun", 3).unwrap();
    play(&mut g, "activate br-foot");
    assert_eq!(proposed(&g), "help br-gun");
    // 5.8: defending horsemen moving with the enemy close dismount to hold
    let t = scenario(
        "",
        "",
        &format!(
            "posture = \"defend\"\n{}",
            dragoons("br-drag", (20.0, 18.0), 90.0)
        ),
        &line("french", "fr-a", (30.0, 18.0), 270.0, 9),
    );
    let mut g = game(&t, &[RED]);
    play(&mut g, "activate br-drag");
    dice(&mut g, &[3]);
    play(&mut g, "test");
    dice(&mut g, &[3]);
    play(&mut g, "move");
    assert_eq!(proposed(&g), "dismount");
}
