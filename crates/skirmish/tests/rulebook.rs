//! Each section of the skirmish rules as the project's reading states it, shown with forced
//! dice and a forced deck on small tables (shared/rules/skirmish.md; the section numbers are
//! the text's, or the reading's where the print lost them).

use crate::common;
use common::*;
use fiw_engine::Game;
use fiw_skirmish::{Control, Last, Phase, Side, Skirmish, Stage};

fn two_lines() -> String {
    scenario(
        "",
        "",
        &line("british", "br-a", (10.0, 18.0), 90.0, 9),
        &line("french", "fr-a", (38.0, 18.0), 270.0, 9),
    )
}

fn control(g: &Skirmish) -> Option<Control> {
    g.activation().and_then(|a| a.control)
}

fn left(g: &Skirmish) -> f64 {
    let a = g.activation().unwrap();
    a.allowance - a.spent.iter().copied().fold(0.0, f64::max)
}

// 1 organisation

#[test]
fn every_figure_has_its_own_base() {
    let g = game(&two_lines(), &[RED]);
    let a = u(&g, "br-a");
    assert_eq!(g.units()[a].figures.len(), 10);
    for f in g.table_figures(a) {
        assert_eq!(g.footprint(f).frontage(), 0.8);
        assert_eq!(g.footprint(f).depth(), 0.8);
    }
}

#[test]
fn a_company_breaking_the_organisation_of_1_2_is_refused() {
    let bad = |british: &str| {
        let text = scenario(
            "",
            "",
            british,
            &line("french", "fr-a", (38.0, 18.0), 270.0, 9),
        );
        fiw_skirmish::Scenario::parse(&text, "test.toml")
            .unwrap_err()
            .to_string()
    };
    let e = bad(&line("british", "br-a", (10.0, 18.0), 90.0, 13));
    assert!(
        e.contains("british.units[0].figures") && e.contains("5 to 11 men (1.2)"),
        "{e}"
    );
    let e = bad(&band("british", "br-a", (10.0, 18.0), 90.0, 9));
    assert!(e.contains("a leader and 5 to 7 men (1.2)"), "{e}");
    let leaderless = unit(
        "british",
        "br-a",
        "troop = \"militia\"\nfieldcraft = 1\nformation = \"line\"\nranks = 2\nat = [10, 18]\nfacing = 90\nfigures = [{ role = \"private\", count = 6 }]",
    );
    let e = bad(&leaderless);
    assert!(e.contains("at least one leader (1.2)"), "{e}");
    let battalion = format!(
        "{}{}[[british.battalions]]\nid = \"br-bn\"\ncompanies = [\"br-x\", \"br-y\"]\n",
        line("british", "br-x", (10.0, 12.0), 90.0, 9),
        line("british", "br-y", (10.0, 24.0), 90.0, 9)
    );
    let e = bad(&battalion);
    assert!(
        e.contains("a colonel and a colour party with a drummer (1.2)"),
        "{e}"
    );
}

// 2 sequence of play

#[test]
fn red_cards_activate_the_british_black_the_french() {
    let mut g = game(&two_lines(), &[RED, BLACK]);
    assert_eq!(g.phase(), Phase::Choose(Side::British));
    assert!(log(&g).contains("A♥: the British act"), "{}", log(&g));
    let e = refused(&g, "activate fr-a");
    assert_eq!(e.rule, "2.1");
    play(&mut g, "activate br-a");
    play(&mut g, "pass");
    // only the French have a unit left: they act without a card being drawn
    assert_eq!(g.phase(), Phase::Choose(Side::French));
    assert_eq!(g.deck().drawn().len(), 1);
    play(&mut g, "activate fr-a");
    play(&mut g, "pass");
    // nobody left to act: the turn is over, and a new one begins with a fresh shuffle
    assert_eq!(g.turn_number(), 2);
    assert_eq!(g.deck().left(), 51);
}

#[test]
fn a_unit_acts_once_a_turn_and_a_side_alone_acts_without_cards() {
    let british = format!(
        "{}{}",
        line("british", "br-a", (10.0, 10.0), 90.0, 9),
        line("british", "br-b", (10.0, 26.0), 90.0, 9)
    );
    let t = scenario(
        "",
        "",
        &british,
        &line("french", "fr-a", (38.0, 18.0), 270.0, 9),
    );
    let mut g = game(&t, &[RED, BLACK, RED]);
    play(&mut g, "activate br-a");
    play(&mut g, "pass");
    play(&mut g, "activate fr-a");
    play(&mut g, "pass");
    // the French have nothing left: the British finish without drawing
    let drawn = g.deck().drawn().len();
    assert_eq!(g.phase(), Phase::Choose(Side::British));
    assert_eq!(refused(&g, "activate br-a").rule, "2.1");
    play(&mut g, "activate br-b");
    play(&mut g, "pass");
    assert_eq!(g.turn_number(), 2);
    assert_eq!(drawn, 2);
}

fn battalion() -> String {
    let a = unit(
        "british",
        "br-x",
        "troop = \"regular\"\nfieldcraft = 1\nformation = \"line\"\nranks = 2\nat = [10, 15]\nfacing = 90\nfigures = [{ role = \"colonel\" }, { role = \"officer\" }, { role = \"private\", count = 5 }]",
    );
    let b = unit(
        "british",
        "br-y",
        "troop = \"regular\"\nfieldcraft = 1\nformation = \"line\"\nranks = 2\nat = [10, 19.4]\nfacing = 90\nfigures = [{ role = \"officer\" }, { role = \"colour\" }, { role = \"musician\" }, { role = \"private\", count = 5 }]",
    );
    format!("{a}{b}[[british.battalions]]\nid = \"br-bn\"\ncompanies = [\"br-x\", \"br-y\"]\n")
}

#[test]
fn a_battalion_formed_with_its_colonel_acts_whole() {
    let t = scenario(
        "",
        "",
        &battalion(),
        &line("french", "fr-a", (38.0, 18.0), 270.0, 9),
    );
    let mut g = game(&t, &[RED]);
    assert!(g.battalion_whole(0));
    let e = refused(&g, "activate br-x");
    assert!(
        e.rule == "2.1" && e.message.contains("acts whole (activate br-bn)"),
        "{e}"
    );
    assert!(is_listed(&g, "activate br-bn"));
    // one test, one move for both companies
    play(&mut g, "activate br-bn");
    // the control die, then the colonel's personality (rash: +1), then the move
    dice(&mut g, &[3, 6, 4]);
    play(&mut g, "test");
    assert_eq!(control(&g), Some(Control::Free));
    play(&mut g, "move");
    assert_eq!(g.activation().unwrap().units.len(), 2);
    let before = (x(&g, "br-x"), x(&g, "br-y"));
    play(&mut g, "step 3 at 90");
    assert!((x(&g, "br-x") - before.0 - 3.0).abs() < 1e-6);
    assert!((x(&g, "br-y") - before.1 - 3.0).abs() < 1e-6);
}

// 3 command control

#[test]
fn moving_needs_a_test_firing_standing_does_not() {
    let t = scenario(
        "",
        "",
        &line("british", "br-a", (10.0, 18.0), 90.0, 9),
        &line("french", "fr-a", (15.0, 18.0), 270.0, 9),
    );
    let mut g = game(&t, &[RED]);
    play(&mut g, "activate br-a");
    let e = refused(&g, "move");
    assert_eq!(e.rule, "3.1");
    assert!(legal(&g, "fire at fr-a"), "{:?}", menu(&g));
    assert!(legal(&g, "test"));
}

#[test]
fn the_control_chart_continue_free_no_advance() {
    use fiw_skirmish::command::control_of;
    assert_eq!(
        control_of(6, true, Last::Advance),
        Control::Continue(Last::Advance)
    );
    assert_eq!(
        control_of(5, true, Last::Stand),
        Control::Continue(Last::Stand)
    );
    assert_eq!(control_of(4, true, Last::Stand), Control::Free);
    assert_eq!(
        control_of(3, false, Last::Retreat),
        Control::Continue(Last::Retreat)
    );
    assert_eq!(control_of(2, true, Last::Advance), Control::NoAdvance);
    assert_eq!(
        control_of(9, true, Last::Rally),
        Control::Continue(Last::Rally)
    );
    assert_eq!(control_of(-3, true, Last::Rally), Control::NoAdvance);
    // in a game: a deployed unit continuing stands, and may not move
    let mut g = game(&two_lines(), &[RED]);
    play(&mut g, "activate br-a");
    dice(&mut g, &[6]);
    play(&mut g, "test");
    assert_eq!(control(&g), Some(Control::Continue(Last::Stand)));
    let e = refused(&g, "move");
    assert!(e.rule == "3.2" && e.message.contains("may not move"), "{e}");
    assert!(legal(&g, "stand") && legal(&g, "reserve"));
    // a 2: no advance, a fall back allowed
    let mut g = game(&two_lines(), &[RED]);
    play(&mut g, "activate br-a");
    dice(&mut g, &[2, 3]);
    play(&mut g, "test");
    assert_eq!(control(&g), Some(Control::NoAdvance));
    play(&mut g, "move");
    assert_eq!(refused(&g, "step 2 at 90").rule, "3.2");
    play(&mut g, "step 2 at 270");
}

#[test]
fn continuing_an_advance_means_half_a_move_at_least() {
    let g = game(&two_lines(), &[RED])
        .with_last("br-a", Last::Advance)
        .unwrap();
    let mut g = g;
    play(&mut g, "activate br-a");
    dice(&mut g, &[5, 4]);
    play(&mut g, "test");
    assert_eq!(control(&g), Some(Control::Continue(Last::Advance)));
    assert_eq!(refused(&g, "stand").rule, "3.2");
    play(&mut g, "move");
    // 6" + 4: at least 5" of it
    assert_eq!(g.activation().unwrap().allowance, 10.0);
    assert_eq!(refused(&g, "step 2 at 270").rule, "3.2");
    play(&mut g, "step 2 at 90");
    let e = refused(&g, "done");
    assert!(
        e.rule == "3.2" && e.message.contains("at least half its move"),
        "{e}"
    );
    play(&mut g, "step 3 at 90");
    play(&mut g, "done");
}

fn general_near() -> String {
    let mut british = line("british", "br-a", (10.0, 18.0), 90.0, 9);
    british += &unit(
        "british",
        "br-gen",
        "troop = \"light\"\nfieldcraft = 1\nformation = \"skirmish\"\nat = [4, 18]\nfacing = 90\nfigures = [{ role = \"colonel\", general = true }, { role = \"officer\" }, { role = \"private\", count = 5 }]",
    );
    scenario(
        "",
        "",
        &british,
        &line("french", "fr-a", (38.0, 18.0), 270.0, 9),
    )
}

#[test]
fn personalities_are_rolled_when_first_needed_and_bold_leaders_choose() {
    // the general 6" off: a rash general (a 6) adds 2 to a roll of 2
    let mut g = game(&general_near(), &[RED]);
    play(&mut g, "activate br-a");
    let gen = g.general(Side::British).unwrap();
    assert_eq!(
        g.figures()[gen].personality,
        None,
        "not known before it matters"
    );
    dice(&mut g, &[2, 6]);
    play(&mut g, "test");
    assert!(log(&g).contains("proves rash (3.3)"), "{}", log(&g));
    assert_eq!(control(&g), Some(Control::Free));
    // a bold one (3 or 4): the side chooses the sign after the die
    let mut g = game(&general_near(), &[RED]);
    play(&mut g, "activate br-a");
    dice(&mut g, &[5, 3]);
    play(&mut g, "test");
    assert_eq!(g.activation().unwrap().stage, Stage::Sign);
    play(&mut g, "sign -");
    assert_eq!(control(&g), Some(Control::Free), "5 - 2 = 3");
    // a cautious one takes away
    let mut g = game(&general_near(), &[RED]);
    play(&mut g, "activate br-a");
    dice(&mut g, &[4, 1]);
    play(&mut g, "test");
    assert_eq!(control(&g), Some(Control::NoAdvance), "4 - 2");
}

#[test]
fn the_odds_of_a_test_count_unknown_personalities_and_bold_choices() {
    let mut g = game(&general_near(), &[RED]);
    play(&mut g, "activate br-a");
    let units = g.activation().unwrap().units.clone();
    let [free, cont, stop] = g.test_odds(&units);
    assert!((free + cont + stop - 1.0).abs() < 1e-9);
    // without the general: 1/3 each
    let mut alone = game(&two_lines(), &[RED]);
    play(&mut alone, "activate br-a");
    let odds = alone.test_odds(&[u(&alone, "br-a") as u8]);
    for p in odds {
        assert!((p - 1.0 / 3.0).abs() < 1e-9, "{odds:?}");
    }
    assert!(
        free > 1.0 / 3.0,
        "a bold general helps more than a cautious one hurts: {free}"
    );
    let note = g.action_note(&g.parse_action("test").unwrap()).unwrap();
    assert!(note.starts_with("free choice"), "{note}");
}

// 4 formations

#[test]
fn a_formed_units_figures_move_together() {
    let mut g = game(&two_lines(), &[RED]);
    play(&mut g, "activate br-a");
    dice(&mut g, &[3, 3]);
    play(&mut g, "test");
    play(&mut g, "move");
    let e = refused(&g, "place br-a.2 at 12,18");
    assert_eq!(e.rule, "4.1");
}

#[test]
fn a_skirmish_move_that_breaks_the_chain_is_refused() {
    let t = scenario(
        "",
        "",
        &band("british", "br-a", (10.0, 18.0), 90.0, 5),
        &line("french", "fr-a", (38.0, 18.0), 270.0, 9),
    );
    let mut g = game(&t, &[RED]);
    play(&mut g, "activate br-a");
    dice(&mut g, &[3, 3, 3]);
    play(&mut g, "test");
    play(&mut g, "move");
    // the end figure 6" away from the rest: out of the chain
    let e = refused(&g, "place br-a.1 at 16,18");
    assert_eq!(e.rule, "4.2");
    // closer than an inch to its neighbour
    let f = g.units()[u(&g, "br-a")].figures[1] as usize;
    let p = g.figures()[f].pose.at;
    let e = refused(&g, &format!("place br-a.1 at {:.1},{:.1}", p.x + 0.5, p.y));
    assert!(e.rule == "4.2" || e.rule == "5.5", "{e}");
    // a step of the whole band keeps it
    play(&mut g, "step 4 at 90");
}

// 5 movement

#[test]
fn the_move_is_rolled_after_the_test() {
    let t = scenario(
        "",
        "",
        &band("british", "br-a", (10.0, 18.0), 90.0, 5),
        &line("french", "fr-a", (38.0, 18.0), 270.0, 9),
    );
    let mut g = game(&t, &[RED]);
    play(&mut g, "activate br-a");
    dice(&mut g, &[3]);
    play(&mut g, "test");
    assert_eq!(g.activation().unwrap().allowance, 0.0, "not rolled yet");
    dice(&mut g, &[2, 5]);
    play(&mut g, "move");
    // 5.2 irregulars 6" + 2D6
    assert_eq!(g.activation().unwrap().allowance, 13.0);
    assert!(
        log(&g).contains("br-a rolls 2 5 for its move: 13\""),
        "{}",
        log(&g)
    );
}

#[test]
fn broken_ground_costs_formed_troops_double_and_skirmishers_nothing() {
    let woods =
        "[[table.terrain]]\nkind = \"woods\"\npoints = [[12, 0], [30, 0], [30, 36], [12, 36]]\n";
    let british = format!(
        "{}{}",
        line("british", "br-a", (10.0, 10.0), 90.0, 9),
        band("british", "br-b", (10.0, 26.0), 90.0, 5)
    );
    let t = scenario(
        woods,
        "",
        &british,
        &line("french", "fr-a", (40.0, 18.0), 270.0, 9),
    );
    let mut g = game(&t, &[RED, RED + 1]);
    play(&mut g, "activate br-a");
    dice(&mut g, &[3, 6]);
    play(&mut g, "test");
    play(&mut g, "move");
    // the line's front edge is at x 10, its front rank's centres at 9.6: a 4" step takes them
    // 1.6" into the woods (x 12), which the whole line pays double
    play(&mut g, "step 4 at 90");
    assert!((left(&g) - (12.0 - 4.0 - 1.6)).abs() < 1e-6, "{}", left(&g));
    play(&mut g, "done");
    play(&mut g, "activate br-b");
    dice(&mut g, &[3, 1, 1]);
    play(&mut g, "test");
    play(&mut g, "move");
    play(&mut g, "step 4 at 90");
    assert!(
        (left(&g) - 4.0).abs() < 1e-6,
        "skirmishers go at full speed in woods: {}",
        left(&g)
    );
}

#[test]
fn only_a_charge_comes_within_an_inch_of_the_enemy() {
    let t = scenario(
        "",
        "",
        &band("british", "br-a", (10.0, 18.0), 90.0, 5),
        &line("french", "fr-a", (20.0, 18.0), 270.0, 9),
    );
    let mut g = game(&t, &[RED]);
    play(&mut g, "activate br-a");
    dice(&mut g, &[3, 6, 6]);
    play(&mut g, "test");
    play(&mut g, "move");
    // the band's front at x 10.4, the French front edge at x 20: 9" would bring it within 1"
    let e = refused(&g, "step 9 at 90");
    assert!(e.rule == "5.5" && e.message.contains("within 1\""), "{e}");
    play(&mut g, "step 8.5 at 90");
}

#[test]
fn backing_away_costs_double() {
    let mut g = game(&two_lines(), &[RED]);
    play(&mut g, "activate br-a");
    dice(&mut g, &[3, 4]);
    play(&mut g, "test");
    play(&mut g, "move");
    play(&mut g, "step 2 at 270");
    assert!(
        (left(&g) - 6.0).abs() < 1e-6,
        "2\" back costs 4\": {}",
        left(&g)
    );
    play(&mut g, "step 2 at 135");
    assert!(
        (left(&g) - 4.0).abs() < 1e-6,
        "45° off the front costs its length: {}",
        left(&g)
    );
}

#[test]
fn regulars_pay_half_a_move_to_form_militia_the_whole_turn() {
    let militia = unit(
        "british",
        "br-m",
        "troop = \"militia\"\nfieldcraft = 1\nformation = \"column\"\nwidth = 2\nat = [10, 28]\nfacing = 90\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 6 }]",
    );
    let british = format!(
        "{}{militia}",
        line("british", "br-a", (10.0, 10.0), 90.0, 9)
    );
    let t = scenario(
        "",
        "",
        &british,
        &line("french", "fr-a", (40.0, 18.0), 270.0, 9),
    );
    let mut g = game(&t, &[RED, RED + 1]);
    play(&mut g, "activate br-a");
    dice(&mut g, &[3, 4]);
    play(&mut g, "test");
    play(&mut g, "move");
    play(&mut g, "form column 2");
    assert!((left(&g) - 5.0).abs() < 1e-6, "{}", left(&g));
    play(&mut g, "done");
    play(&mut g, "activate br-m");
    dice(&mut g, &[3, 3, 3]);
    play(&mut g, "test");
    play(&mut g, "move");
    play(&mut g, "step 1 at 90");
    assert_eq!(refused(&g, "form line 2").rule, "5.8");
}

#[test]
fn a_gun_without_half_its_crew_cannot_move() {
    let t = scenario(
        "",
        "",
        &gun("british", "br-gun", (10.0, 18.0), 90.0, "field", 3, false),
        &line("french", "fr-a", (40.0, 18.0), 270.0, 9),
    );
    let g = game(&t, &[RED]).with_casualties("br-gun", 3).unwrap();
    let mut g = g;
    assert_eq!(g.crew(u(&g, "br-gun")), 1);
    play(&mut g, "activate br-gun");
    dice(&mut g, &[3]);
    play(&mut g, "test");
    let e = refused(&g, "move");
    assert_eq!(e.rule, "5.3");
}

#[test]
fn a_heavy_gun_spends_a_turn_to_limber_and_a_light_one_may_move_then_unlimber() {
    let british = format!(
        "{}{}",
        gun("british", "br-heavy", (10.0, 10.0), 90.0, "heavy", 5, false),
        gun("british", "br-field", (10.0, 26.0), 90.0, "field", 3, true)
    );
    let t = scenario(
        "",
        "",
        &british,
        &line("french", "fr-a", (40.0, 18.0), 270.0, 9),
    );
    let mut g = game(&t, &[RED, RED + 1]);
    play(&mut g, "activate br-heavy");
    play(&mut g, "limber");
    assert!(g.units()[u(&g, "br-heavy")].limbered);
    assert!(g.activation().is_none(), "the whole turn (5.6)");
    play(&mut g, "activate br-field");
    dice(&mut g, &[3, 5]);
    play(&mut g, "test");
    play(&mut g, "move");
    assert_eq!(
        g.activation().unwrap().allowance,
        14.0,
        "5.2 other limbered guns 9\" + 1D6"
    );
    play(&mut g, "step 5 at 90");
    play(&mut g, "unlimber");
    assert!(!g.units()[u(&g, "br-field")].limbered);
    assert!(g.activation().is_none());
}

// 6 charges

#[test]
fn a_charge_is_declared_then_rolled_and_runs_into_contact() {
    let mut g = game(
        &charge_table(&line("french", "fr-a", (20.0, 18.0), 270.0, 9)),
        &[RED],
    );
    play(&mut g, "activate br-a");
    dice(&mut g, &[3]);
    play(&mut g, "test");
    let note = g
        .action_note(&g.parse_action("charge fr-a").unwrap())
        .unwrap();
    assert!(note.contains("needs 9.6\" of 6\" + 2D6"), "{note}");
    play(&mut g, "charge fr-a");
    // 6.1 the target answers before the dice are rolled
    assert_eq!(g.phase(), Phase::Reaction);
    assert_eq!(g.activation().unwrap().allowance, 0.0);
    assert!(
        menu(&g).contains(&"react stand".to_string()),
        "{:?}",
        menu(&g)
    );
    dice(&mut g, &[4, 4]);
    play(&mut g, "react hold");
    assert_eq!(g.melees().len(), 1);
    assert!(g.touching(&[u(&g, "br-a") as u8], u(&g, "fr-a")));
    let fr = u(&g, "fr-a");
    assert_eq!(
        g.units()[fr].done,
        fiw_skirmish::Done::Reacted,
        "charged: its turn is used (2.1)"
    );
}

#[test]
fn a_charge_short_of_its_target_stops() {
    let mut g = game(
        &charge_table(&line("french", "fr-a", (20.0, 18.0), 270.0, 9)),
        &[RED],
    );
    play(&mut g, "activate br-a");
    dice(&mut g, &[3]);
    play(&mut g, "test");
    play(&mut g, "charge fr-a");
    dice(&mut g, &[1, 1]);
    play(&mut g, "react hold");
    assert!(g.melees().is_empty());
    assert!(log(&g).contains("charge falls short"));
    assert_eq!(g.tallies().short[0], 1);
}

#[test]
fn skirmishers_may_fall_back_from_a_charge() {
    let t = scenario(
        "",
        "",
        &line("british", "br-a", (10.0, 18.0), 90.0, 9),
        &band("french", "fr-a", (18.0, 18.0), 270.0, 5),
    );
    let mut g = game(&t, &[RED]);
    play(&mut g, "activate br-a");
    dice(&mut g, &[3]);
    play(&mut g, "test");
    play(&mut g, "charge fr-a");
    let reactions = menu(&g);
    assert!(
        reactions.contains(&"react retreat".to_string())
            && reactions.contains(&"react fire-retreat".to_string()),
        "{reactions:?}"
    );
    let before = x(&g, "fr-a");
    // the band's full move (6" + 2D6: 9), then the line's charge (6" + 1D6: 7)
    dice(&mut g, &[1, 2, 1]);
    play(&mut g, "react retreat");
    assert!(x(&g, "fr-a") > before + 8.0, "{} {}", before, x(&g, "fr-a"));
    assert!(g.melees().is_empty());
}

#[test]
fn reserved_fire_is_given_at_the_charger() {
    let mut g = game(
        &charge_table(&line("french", "fr-a", (20.0, 18.0), 270.0, 9)),
        &[BLACK, RED],
    );
    play(&mut g, "activate fr-a");
    dice(&mut g, &[3]);
    play(&mut g, "test");
    play(&mut g, "reserve");
    assert_eq!(g.units()[u(&g, "fr-a")].reserved, Some(false));
    play(&mut g, "activate br-a");
    dice(&mut g, &[3]);
    play(&mut g, "test");
    // no reaction: the reserved fire answers the charge (6.3). The charge's dice, then the
    // line's fire: all its figures, 10 at the charger (5 dice, short range, +1 first volley)
    dice(&mut g, &[5, 5, 6, 6, 1, 1, 1, 1]);
    play(&mut g, "charge fr-a");
    assert!(
        log(&g).contains("fr-a fires at br-a (its chargers)"),
        "{}",
        log(&g)
    );
    assert!(g.units()[u(&g, "fr-a")].reserved.is_none());
}

// 7 terrain

#[test]
fn rivers_are_crossed_only_at_fords() {
    let river = "[[table.terrain]]\nkind = \"river\"\npoints = [[14, 0], [17, 0], [17, 36], [14, 36]]\n[[table.terrain]]\nkind = \"ford\"\npoints = [[13, 20], [18, 20], [18, 26], [13, 26]]\n";
    let t = scenario(
        river,
        "",
        &band("british", "br-a", (10.0, 10.0), 90.0, 5),
        &line("french", "fr-a", (40.0, 18.0), 270.0, 9),
    );
    let mut g = game(&t, &[RED]);
    play(&mut g, "activate br-a");
    dice(&mut g, &[3, 6, 6]);
    play(&mut g, "test");
    play(&mut g, "move");
    assert_eq!(refused(&g, "step 6 at 90").rule, "7.1");
    assert!(legal(&g, "step 3 at 90"));
}

#[test]
fn difficult_ground_refuses_formed_troops() {
    let thicket =
        "[[features]]\nkind = \"thicket\"\npoints = [[12, 0], [20, 0], [20, 36], [12, 36]]\n";
    let british = format!(
        "{}{}",
        line("british", "br-a", (10.0, 10.0), 90.0, 9),
        band("british", "br-b", (9.0, 26.0), 90.0, 5)
    );
    let t = scenario(
        "",
        thicket,
        &british,
        &line("french", "fr-a", (40.0, 18.0), 270.0, 9),
    );
    let mut g = game(&t, &[RED, RED + 1]);
    play(&mut g, "activate br-a");
    dice(&mut g, &[3, 6]);
    play(&mut g, "test");
    play(&mut g, "move");
    assert_eq!(refused(&g, "step 4 at 90").rule, "7.2");
    play(&mut g, "done");
    play(&mut g, "activate br-b");
    dice(&mut g, &[3, 3, 3]);
    play(&mut g, "test");
    play(&mut g, "move");
    // the band's centres at x 9: 4" more takes them 1" into the thicket, paid double
    play(&mut g, "step 4 at 90");
    assert!((left(&g) - (12.0 - 5.0)).abs() < 1e-6, "{}", left(&g));
}

#[test]
fn crossing_a_fence_costs_half_a_move() {
    let fence = "[[features]]\nkind = \"fence\"\npoints = [[13, 0], [13, 36]]\n";
    let t = scenario(
        "",
        fence,
        &line("british", "br-a", (10.0, 18.0), 90.0, 9),
        &line("french", "fr-a", (40.0, 18.0), 270.0, 9),
    );
    let mut g = game(&t, &[RED]);
    play(&mut g, "activate br-a");
    dice(&mut g, &[3, 6]);
    play(&mut g, "test");
    play(&mut g, "move");
    play(&mut g, "step 4 at 90");
    // 4" plus half the 12" move
    assert!((left(&g) - 2.0).abs() < 1e-6, "{}", left(&g));
}

#[test]
fn figures_enter_a_building_only_by_its_doors_and_windows() {
    let t = scenario(
        "",
        cabin(),
        &band("british", "br-a", (18.0, 12.0), 0.0, 5),
        &line("french", "fr-a", (40.0, 30.0), 270.0, 9),
    );
    let mut g = game(&t, &[RED]);
    play(&mut g, "activate br-a");
    dice(&mut g, &[3, 6, 6]);
    play(&mut g, "test");
    play(&mut g, "move");
    // straight through the south wall, west of the door
    let f = g.units()[u(&g, "br-a")].figures[0] as usize;
    let p = g.figures()[f].pose.at;
    let e = refused(&g, "place br-a.1 at 21,17.5");
    assert!(e.rule == "7.5" || e.rule == "4.2", "{e} from {p:?}");
    play(&mut g, "enter the-cabin");
    assert!(g
        .table_figures(u(&g, "br-a"))
        .any(|f| g.figures()[f].pose.at.y > 16.0 && g.figures()[f].pose.at.y < 19.0));
}

#[test]
fn the_men_who_cannot_reach_a_building_stay_within_a_link_of_its_walls() {
    // a band strung out north to south beside the cabin's west window: the northern men reach
    // it with a short move, the southern ones would be left a dozen inches off
    let t = scenario(
        "",
        cabin(),
        &band("british", "br-a", (16.0, 11.0), 90.0, 7),
        &line("french", "fr-a", (44.0, 30.0), 270.0, 9),
    );
    let mut g = game(&t, &[RED]);
    play(&mut g, "activate br-a");
    dice(&mut g, &[3, 1, 1]);
    play(&mut g, "test");
    play(&mut g, "move");
    let e = refused(&g, "enter the-cabin");
    assert_eq!(e.rule, "4.2", "{e}");
    assert!(e.message.contains("from the rest of the chain"), "{e}");
    // no figure went in
    let a = u(&g, "br-a");
    assert!(!g.table_figures(a).any(|f| in_the_cabin(&g, f)));
}

/// Whether figure `f` stands inside [`cabin`].
fn in_the_cabin(g: &Skirmish, f: usize) -> bool {
    let p = g.figures()[f].pose.at;
    p.x > 20.0 && p.x < 24.0 && p.y > 16.0 && p.y < 19.0
}

#[test]
fn men_inside_a_building_and_men_at_its_walls_are_one_chain() {
    // the band beside the cabin: those who reach go in, the rest stand within 2" of its walls
    let t = scenario(
        "",
        cabin(),
        &band("british", "br-a", (18.0, 15.0), 0.0, 5),
        &line("french", "fr-a", (44.0, 30.0), 270.0, 9),
    );
    let mut g = game(&t, &[RED]);
    play(&mut g, "activate br-a");
    dice(&mut g, &[3, 6, 6]);
    play(&mut g, "test");
    play(&mut g, "move");
    play(&mut g, "enter the-cabin");
    let a = u(&g, "br-a");
    assert!(g.table_figures(a).any(|f| in_the_cabin(&g, f)));
}

#[test]
fn a_column_on_the_road_moves_farther() {
    let road =
        "[[table.terrain]]\nkind = \"road\"\npoints = [[0, 17], [48, 17], [48, 19], [0, 19]]\n";
    let column = unit(
        "british",
        "br-a",
        "troop = \"regular\"\nfieldcraft = 1\nformation = \"column\"\nwidth = 2\nat = [10, 18]\nfacing = 90\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 9 }]",
    );
    let t = scenario(
        road,
        "",
        &column,
        &line("french", "fr-a", (44.0, 30.0), 270.0, 9),
    );
    let mut g = game(&t, &[RED]);
    play(&mut g, "activate br-a");
    dice(&mut g, &[3, 6]);
    play(&mut g, "test");
    play(&mut g, "move");
    // 6" + 6 + 6" for a column = 18"; 12" along the road costs 8"
    assert_eq!(g.activation().unwrap().allowance, 18.0);
    play(&mut g, "march to 22,18");
    assert!((left(&g) - 10.0).abs() < 1e-6, "{}", left(&g));
}

#[test]
fn hidden_units_are_absent_from_the_enemys_view_until_spotted() {
    let woods = "[[table.terrain]]\nkind = \"woods\"\nname = \"the wood\"\npoints = [[20, 10], [34, 10], [34, 26], [20, 26]]\n";
    let hidden = unit(
        "french",
        "fr-h",
        "troop = \"irregular\"\nfieldcraft = 3\nformation = \"skirmish\"\nat = [27, 18]\nfacing = 270\nrows = 2\nhidden = true\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 5 }]",
    );
    let french = format!("{hidden}{}", line("french", "fr-a", (44.0, 30.0), 270.0, 9));
    let t = scenario(
        woods,
        "",
        &line("british", "br-a", (16.0, 18.0), 90.0, 9),
        &french,
    );
    let mut g = game(&t, &[RED]);
    // 7.7 the French deploy it in secret first
    assert_eq!(g.phase(), Phase::Deploy(Side::French));
    play(&mut g, "deploy fr-h at 22.5,18");
    let british = g.view(0);
    assert!(british.units.iter().all(|x| x.id != "fr-h"));
    assert_eq!(british.hidden_enemies, 1);
    assert!(g.view(1).units.iter().any(|x| x.id == "fr-h"));
    assert!(!g.log().visible_to(0).any(|e| e.text.contains("fr-h")));
    // a search: 1D6 + field craft 1, a 5 finds it
    play(&mut g, "activate br-a");
    let note = g
        .action_note(&g.parse_action("spot the-wood").unwrap())
        .unwrap();
    assert!(note.contains("33%"), "{note}");
    dice(&mut g, &[5]);
    play(&mut g, "spot the-wood");
    assert!(!g.units()[u(&g, "fr-h")].hidden);
    assert!(g.view(0).units.iter().any(|x| x.id == "fr-h"));
}

#[test]
fn a_hidden_unit_found_by_a_move_stops_it_within_three_inches() {
    let woods =
        "[[table.terrain]]\nkind = \"woods\"\npoints = [[20, 10], [34, 10], [34, 26], [20, 26]]\n";
    let hidden = unit(
        "french",
        "fr-h",
        "troop = \"irregular\"\nfieldcraft = 3\nformation = \"skirmish\"\nat = [27, 18]\nfacing = 270\nrows = 2\nhidden = true\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 5 }]",
    );
    let french = format!("{hidden}{}", line("french", "fr-a", (44.0, 30.0), 270.0, 9));
    let t = scenario(
        woods,
        "",
        &band("british", "br-a", (18.0, 18.0), 90.0, 5),
        &french,
    );
    let mut g = game(&t, &[RED]);
    play(&mut g, "deploy fr-h at 27,18");
    play(&mut g, "activate br-a");
    dice(&mut g, &[3, 6, 6]);
    play(&mut g, "test");
    play(&mut g, "move");
    // the British do not know: the step is legal as they see the table
    play(&mut g, "step 8 at 90");
    assert!(!g.units()[u(&g, "fr-h")].hidden);
    assert!(g.unit_distance(u(&g, "br-a"), u(&g, "fr-h")) >= 3.0 - 1e-6);
    assert!(left(&g) < 1e-9, "the move is over");
}
