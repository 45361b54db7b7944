//! The findings of the audit of 2026-12-04 (issue 38), each on the audit's own table (its
//! appendix's scenario files, built here by [`table`]), checked against the text's result.

use fiw_d3::{Action, Options, Phase, D3};
use fiw_engine::{Dice, Game};

use crate::common;
use common::{battle, end_turn, legal, order, refused, Placed};

/// A table of 5 rounds with `units` (see [`common::scenario_text`]), rolled with seed 5.
fn table(first: &str, units: &[Placed]) -> D3 {
    battle(first, 5, "", units, Dice::new(5))
}

/// The scenario file [`table`] plays, the French first.
fn scenario_text(units: &[Placed]) -> String {
    common::scenario_text("french", 5, "", units)
}

fn id(g: &D3, name: &str) -> usize {
    g.unit_named(name).unwrap()
}

/// M1 (Squares, Movement): infantry with an enemy 6" off cannot move, only pivot to face it;
/// a square is formed during a move, so it cannot form square either (the audit's m1.toml).
#[test]
fn m1_engaged_infantry_may_not_form_square_squares() {
    let g = table(
        "british",
        &[
            ("br-a", "line", 20.0, 20.0, 0.0),
            ("fr-a", "line", 20.0, 26.0, 180.0),
            ("fr-cav", "cavalry", 40.0, 24.0, 270.0),
        ],
    );
    let e = refused(&g, "square br-a");
    assert_eq!(e.rule, "Squares", "{e}");
    assert!(e.to_string().contains("engaged"), "{e}");
    // a line with no enemy within 6" still forms square
    let g = table(
        "british",
        &[
            ("br-a", "line", 20.0, 10.0, 0.0),
            ("fr-cav", "cavalry", 40.0, 24.0, 270.0),
        ],
    );
    legal(&g, "square br-a");
}

/// M2 (Charges): a charge occurs when cavalry move into contact; cavalry still touching the
/// line they charged last turn do not charge it again where they stand (the audit's m2.toml).
#[test]
fn m2_cavalry_in_contact_do_not_charge_again_without_moving_charges() {
    let mut g = table(
        "french",
        &[
            ("br-l", "line", 20.0, 20.0, 180.0),
            ("br-z", "line", 60.0, 40.0, 0.0),
            ("fr-cav", "cavalry", 20.0, 8.0, 0.0),
        ],
    );
    order(&mut g, "charge fr-cav at br-l");
    end_turn(&mut g);
    end_turn(&mut g);
    let (cav, line) = (id(&g, "fr-cav"), id(&g, "br-l"));
    assert!(!g.units()[line].eliminated);
    assert!(
        g.rect(cav).distance(&g.rect(line)) < 1e-6,
        "still in contact"
    );
    let e = refused(&g, "charge fr-cav at br-l");
    assert_eq!(e.rule, "Charges", "{e}");
    assert!(e.to_string().contains("already in contact"), "{e}");
}

/// M3 (Shooting, Disengaging): a skirmisher shot by a line 5" off may retire its full move
/// only if the move keeps the rules of moves; straight back it would end 1" from a second
/// French line, so no retirement is offered (the audit's m3.toml).
#[test]
fn m3_a_retirement_keeps_the_6_inch_stop_shooting() {
    let g = table(
        "french",
        &[
            ("br-sk", "skirmishers", 20.0, 20.0, 180.0),
            ("br-z", "line", 60.0, 40.0, 0.0),
            ("fr-l", "line", 20.0, 15.0, 0.0),
            ("fr-m", "line", 20.0, 31.5, 180.0),
        ],
    );
    let (sk, l) = (id(&g, "br-sk"), id(&g, "fr-l"));
    assert_eq!(g.retire_to(sk, l), None);
    // with no second line behind it, the same skirmisher retires its full 9"
    let g = table(
        "french",
        &[
            ("br-sk", "skirmishers", 20.0, 20.0, 180.0),
            ("br-z", "line", 60.0, 40.0, 0.0),
            ("fr-l", "line", 20.0, 15.0, 0.0),
        ],
    );
    let (sk, l) = (id(&g, "br-sk"), id(&g, "fr-l"));
    let end = g.retire_to(sk, l).expect("a free retirement");
    assert!((end.at.y - 29.0).abs() < 1e-6, "{end:?}");
}

/// M3 (Disengaging): nor may the retirement pass within 6" of another enemy on the way, even
/// when it would end beyond 6" of it.
#[test]
fn m3_a_retirement_does_not_pass_within_6_inches_of_another_enemy_disengaging() {
    let g = table(
        "french",
        &[
            ("br-sk", "skirmishers", 20.0, 20.0, 180.0),
            ("br-z", "line", 60.0, 40.0, 0.0),
            ("fr-l", "line", 20.0, 15.0, 0.0),
            // beside the path, 4" to its side halfway along, 7" from where it ends
            ("fr-m", "line", 25.0, 25.0, 180.0),
        ],
    );
    let (sk, l) = (id(&g, "br-sk"), id(&g, "fr-l"));
    assert_eq!(g.retire_to(sk, l), None);
}

/// 2026-12-01 #13 (Movement, Army Commander): the general's move, like every unit's, ceases
/// on coming within 6" of an enemy; he may not pass 5.95" from one to end beyond (the audit's
/// e13.toml, where the same path for a skirmisher was refused and the general's allowed).
#[test]
fn n13_a_commander_obeys_the_6_inch_stop_movement() {
    let g = table(
        "british",
        &[
            ("br-gen", "commander", 10.0, 20.3, 0.0),
            ("br-sk", "skirmishers", 40.3, 19.3, 90.0),
            ("fr-a", "line", 14.0, 28.0, 180.0),
            ("fr-c", "line", 44.0, 28.0, 180.0),
        ],
    );
    let e = refused(&g, "move br-gen to 18.5,20.3");
    assert_eq!(e.rule, "Movement", "{e}");
    assert!(e.to_string().contains("must stop"), "{e}");
    let e = refused(&g, "move br-sk to 48.8,19.3");
    assert!(e.to_string().contains("must stop"), "{e}");
    // a way round, away from fr-a, is open
    legal(&g, "move br-gen to 10,14");
}

/// 2026-12-01 #14 (Fort Oswego): the British gun "must be located in the fort" for the whole
/// battle: it may not leave, but may pivot and shoot.
#[test]
fn n14_the_forts_gun_stays_in_the_fort_fort_oswego() {
    let mut g = D3::with_dice(&Options::default(), Dice::new(5)).unwrap();
    end_turn(&mut g);
    assert_eq!(g.active(), fiw_d3::Army::British);
    let e = refused(&g, "move br-art to 36,28.5 face 180");
    assert_eq!(e.rule, "Fort Oswego", "{e}");
    legal(&g, "move br-art to 36,34 face 200");
    legal(&g, "move br-art to 36,33 face 180");
}

/// L4 (Charges, the log): a charge with no modifier is written "D3 2+1: 3 hits", with no
/// space before the colon.
#[test]
fn l4_a_charge_without_modifiers_is_logged_without_a_stray_space_charges() {
    let mut g = table(
        "french",
        &[
            ("br-l", "line", 20.0, 20.0, 180.0),
            ("br-z", "line", 60.0, 40.0, 0.0),
            ("fr-cav", "cavalry", 20.0, 8.0, 0.0),
        ],
    );
    order(&mut g, "charge fr-cav at br-l");
    end_turn(&mut g);
    let lines: Vec<String> = g.log().entries().iter().map(|e| e.text.clone()).collect();
    let fought = lines
        .iter()
        .find(|l| l.starts_with("fr-cav charges br-l: D3 "))
        .unwrap_or_else(|| panic!("{lines:?}"));
    assert!(!fought.contains(" :"), "{fought}");
    assert!(fought.contains("+1: "), "{fought}");
}

/// L6 (Veterans): an army has "up to 2-4" veteran infantry units: a scenario file with five
/// is refused, naming the field; one with none loads.
#[test]
fn l6_veterans_are_at_most_four_an_army_veterans() {
    let vets: Vec<(String, f64)> = (0..5)
        .map(|k| (format!("fr-v{k}"), 10.0 + 6.0 * k as f64))
        .collect();
    let mut units: Vec<(&str, &str, f64, f64, f64)> = vec![("br-l", "line", 20.0, 40.0, 180.0)];
    units.extend(
        vets.iter()
            .map(|(id, x)| (id.as_str(), "veteran", *x, 5.0, 0.0)),
    );
    let text = scenario_text(&units);
    let e = D3::with_dice(
        &Options {
            scenario: "five.toml".into(),
            text: Some(text),
        },
        Dice::new(1),
    )
    .unwrap_err();
    assert!(e.to_string().contains("french.units"), "{e}");
    assert!(e.to_string().contains("at most 4 veteran"), "{e}");
    units.pop();
    let text = scenario_text(&units);
    assert!(D3::with_dice(
        &Options {
            scenario: "four.toml".into(),
            text: Some(text),
        },
        Dice::new(1),
    )
    .is_ok());
}

/// 2026-12-01 #20 (saves): set-up options with a key D3 does not know are refused, not
/// silently dropped (a save "verified" with an extra key in its options).
#[test]
fn n20_unknown_option_keys_are_refused() {
    let bad: Result<Options, _> =
        serde_json::from_str(r#"{"scenario": "fort-oswego", "turns": 99}"#);
    assert!(bad.is_err());
    let good: Result<Options, _> = serde_json::from_str(r#"{"scenario": "fort-oswego"}"#);
    assert!(good.is_ok());
}

/// L1 (Shooting, the menu's note): the note says a target may retire only when a retirement
/// is open to it: not for the skirmisher of m3 whose way back passes a second line.
#[test]
fn l1_the_retire_note_only_when_a_retirement_is_possible_shooting() {
    let units = [
        ("br-sk", "skirmishers", 20.0, 20.0, 180.0),
        ("br-z", "line", 60.0, 40.0, 0.0),
        ("fr-l", "line", 20.0, 15.0, 0.0),
        ("fr-m", "line", 20.0, 31.5, 180.0),
    ];
    let mut g = table("french", &units);
    g.apply(Action::Pass).unwrap();
    let shot = g.parse_action("shoot fr-l at br-sk").unwrap();
    let note = g.action_note(&shot).unwrap_or_default();
    assert!(!note.contains("may retire"), "{note}");
    // with the way back clear the note says it
    let mut g = table("french", &units[..3]);
    g.apply(Action::Pass).unwrap();
    let shot = g.parse_action("shoot fr-l at br-sk").unwrap();
    let note = g.action_note(&shot).unwrap_or_default();
    assert!(
        note.contains("br-sk may retire for one hit fewer"),
        "{note}"
    );
}

/// L2 (Charges): a gun charged with infantry within 3" is unmanned "until the cavalry move
/// away": it may not pivot out of contact and shoot them (the audit's l2.toml).
#[test]
fn l2_an_unmanned_gun_cannot_pivot_charges() {
    let mut g = table(
        "french",
        &[
            ("br-art", "artillery", 20.0, 20.0, 150.0),
            ("br-l", "line", 25.0, 20.0, 180.0),
            ("br-z", "line", 60.0, 40.0, 0.0),
            ("fr-cav", "cavalry", 20.0, 6.0, 0.0),
        ],
    );
    order(&mut g, "charge fr-cav at br-art");
    end_turn(&mut g);
    let art = id(&g, "br-art");
    assert!(g.unmanned(art));
    let e = refused(&g, "move br-art to 20,20 face 180");
    assert_eq!(e.rule, "Charges", "{e}");
}

/// L7 (Sequence of play): the charges phase says what it is: the charges, made in the
/// movement phase, have been fought; a charge typed there is told where charges are made.
#[test]
fn l7_the_charges_phase_explained_sequence_of_play() {
    let mut g = table(
        "french",
        &[
            ("br-l", "line", 20.0, 20.0, 180.0),
            ("fr-cav", "cavalry", 20.0, 8.0, 0.0),
        ],
    );
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    assert_eq!(g.phase(), Phase::Charges);
    let e = refused(&g, "charge fr-cav at br-l");
    assert!(
        e.to_string()
            .contains("cavalry charge in the movement phase"),
        "{e}"
    );
    let board = g.render(fiw_d3::Army::French.seat());
    assert!(
        board.contains("the charges made in the movement phase have been fought"),
        "{board}"
    );
}

/// 2026-12-01 #3 (the board): places are printed as orders round them, so a place typed as
/// shown is the unit's own place: br-a at 20.25 shows "20.3", and the pivot typed from the
/// board is legal (the audit's e3.toml).
#[test]
fn n3_the_board_prints_places_as_orders_round_them() {
    let g = table(
        "british",
        &[
            ("br-a", "line", 20.0, 20.25, 0.0),
            ("fr-a", "line", 20.0, 26.0, 180.0),
        ],
    );
    let board = g.render(fiw_d3::Army::British.seat());
    let row = board
        .lines()
        .find(|l| l.trim_start().starts_with("br-a "))
        .unwrap_or_else(|| panic!("{board}"));
    assert!(row.contains("20.0, 20.3"), "{row}");
    legal(&g, "move br-a to 20,20.3 face 10");
}

/// 2026-12-01 #18 (the board): the idle army's units are not shown "(moved)" from their
/// last turn (the audit's l4.toml).
#[test]
fn n18_the_idle_army_is_not_shown_moved() {
    let mut g = table(
        "british",
        &[
            ("br-z", "line", 60.0, 40.0, 0.0),
            ("fr-a", "line", 20.0, 6.0, 0.0),
        ],
    );
    order(&mut g, "move br-z to 60,36");
    end_turn(&mut g);
    let board = g.render(fiw_d3::Army::French.seat());
    let row = board
        .lines()
        .find(|l| l.trim_start().starts_with("br-z "))
        .unwrap_or_else(|| panic!("{board}"));
    assert!(!row.contains("moved"), "{row}");
}

/// 2026-12-01 #18 (orders): a facing is read the same way at every size: `face 3600` is
/// facing 0 as `face 1000` is facing 280, not "not a number of degrees".
#[test]
fn n18_facings_over_360_read_the_same_way_at_every_size() {
    let g = table(
        "british",
        &[
            ("br-z", "line", 60.0, 40.0, 0.0),
            ("fr-a", "line", 20.0, 6.0, 0.0),
        ],
    );
    let big = g.parse_action("move br-z to 60,30 face 3600").unwrap();
    let small = g.parse_action("move br-z to 60,30 face 0").unwrap();
    assert_eq!(big, small);
    let a = g.parse_action("move br-z to 60,30 face 1000").unwrap();
    let b = g.parse_action("move br-z to 60,30 face 280").unwrap();
    assert_eq!(a, b);
    assert!(g.parse_action("move br-z to 60,30 face inf").is_err());
}

/// 2026-12-01 #18 (Shooting, the retire prompt): the choice of a unit just hit says the hits
/// and where a retirement would end, not only "retire br-sk" and "pass".
#[test]
fn n18_the_retire_prompt_gives_the_hits_and_the_destination_shooting() {
    let mut g = table(
        "french",
        &[
            ("br-sk", "skirmishers", 20.0, 20.0, 180.0),
            ("br-z", "line", 60.0, 40.0, 0.0),
            ("fr-l", "line", 20.0, 15.0, 0.0),
        ],
    );
    g.apply(Action::Pass).unwrap();
    g.dice_mut().force([fiw_d3::dice::face(2)]);
    order(&mut g, "shoot fr-l at br-sk");
    assert!(g.pending().is_some());
    let retire = g.parse_action("retire br-sk").unwrap();
    assert_eq!(
        g.action_note(&retire).as_deref(),
        Some("to 20.0,29.0, taking 1 hit instead of 2")
    );
    assert_eq!(
        g.action_note(&Action::Pass).as_deref(),
        Some("stand and take 2 hits")
    );
}

/// 2026-12-01 #19 (the drawing): the shooting marker of a unit facing down the page is not
/// drawn under its name: the name goes on the side away from the front (the audit's l5.toml,
/// where the marker's circle sat at the name's place).
#[test]
fn n19_the_shooting_marker_is_clear_of_the_name_svg() {
    let mut g = table(
        "british",
        &[
            ("br-l", "line", 20.0, 20.0, 180.0),
            ("br-z", "line", 60.0, 30.0, 0.0),
            ("fr-a", "line", 20.0, 14.5, 0.0),
        ],
    );
    g.apply(Action::Pass).unwrap();
    order(&mut g, "shoot br-l at fr-a");
    let drawing = fiw_d3::svg::svg(&g, None);
    let number = |tag: &str, key: &str| -> f64 {
        let at = tag.find(&format!("{key}=\"")).unwrap() + key.len() + 2;
        tag[at..].split('"').next().unwrap().parse().unwrap()
    };
    let marker = drawing
        .lines()
        .flat_map(|l| l.split("<circle").skip(1))
        .find(|c| c.contains(r##"r="4" fill="#ffffff""##))
        .expect("a shooting marker");
    let name = drawing
        .lines()
        .find(|l| l.contains(r#"id="name-br-l""#))
        .expect("br-l's name");
    let (mx, my) = (number(marker, "cx"), number(marker, "cy"));
    let (nx, ny) = (number(name, "x"), number(name, "y"));
    // the name's text runs from about 8 px above its baseline to 2 below, 20 px wide
    assert!(
        (mx - nx).abs() > 12.0 || my < ny - 12.0 || my > ny + 6.0,
        "marker at {mx},{my}, name at {nx},{ny}"
    );
}
