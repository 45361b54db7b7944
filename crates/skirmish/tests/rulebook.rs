//! Each section of the skirmish rules as the project's reading states it, shown with forced
//! dice and a forced deck on small tables (shared/rules/skirmish.md; the section numbers are
//! the text's, or the reading's where the print lost them).

mod common;
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

fn gun(
    side: &str,
    id: &str,
    at: (f64, f64),
    facing: f64,
    kind: &str,
    crew: u8,
    limbered: bool,
) -> String {
    unit(
        side,
        id,
        &format!(
            "troop = \"artillery\"\nfieldcraft = 1\nformation = \"battery\"\nat = [{}, {}]\nfacing = {facing}\nlimbered = {limbered}\nfigures = [{{ role = \"gun\", gun = \"{kind}\" }}, {{ role = \"officer\" }}, {{ role = \"private\", count = {crew} }}]",
            at.0, at.1
        ),
    )
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

fn charge_table(french: &str) -> String {
    scenario(
        "",
        "",
        &band("british", "br-a", (10.0, 18.0), 90.0, 5),
        french,
    )
}

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

fn cabin() -> &'static str {
    "[[features]]\nkind = \"building\"\nname = \"the cabin\"\npoints = [[20, 16], [24, 16], [24, 19], [20, 19]]\napertures = [{ kind = \"door\", at = [22, 16] }, { kind = \"window\", at = [20, 17.5] }]\n"
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

// 8 small arms

#[test]
fn one_die_for_two_figures_and_the_nearest_target() {
    let french = format!(
        "{}{}",
        line("french", "fr-a", (15.0, 18.0), 270.0, 9),
        line("french", "fr-b", (16.0, 30.0), 270.0, 9)
    );
    let t = scenario(
        "",
        "",
        &line("british", "br-a", (10.0, 18.0), 90.0, 9),
        &french,
    );
    let mut g = game(&t, &[RED]);
    play(&mut g, "activate br-a");
    // 8.1 the nearest eligible enemy, not another
    assert_eq!(refused(&g, "fire at fr-b").rule, "8.1");
    let units = [u(&g, "br-a") as u8];
    let shot = g.shot(
        &units,
        u(&g, "fr-a"),
        fiw_skirmish::fire::FireMode::All,
        true,
    );
    // 10 figures, two ranks: 5 dice at short range, +1 for a first volley halted
    assert_eq!(shot.groups.iter().map(|x| x.dice).sum::<u32>(), 5);
    assert!(shot.groups.iter().all(|x| x.short && x.plus == 1));
    // the half of 8.2 b: a die for every four
    let half = g.shot(
        &units,
        u(&g, "fr-a"),
        fiw_skirmish::fire::FireMode::Half,
        false,
    );
    assert_eq!(half.groups.iter().map(|x| x.dice).sum::<u32>(), 3);
    dice(&mut g, &[3, 3, 3, 1, 2, 1]);
    play(&mut g, "fire at fr-a");
    assert_eq!(held(&g, "fr-a"), 3);
}

#[test]
fn a_volley_leaves_smoke_until_a_rally() {
    let t = scenario(
        "",
        "",
        &line("british", "br-a", (10.0, 18.0), 90.0, 9),
        &line("french", "fr-a", (15.0, 18.0), 270.0, 9),
    );
    let mut g = game(&t, &[RED, BLACK, RED]);
    play(&mut g, "activate br-a");
    dice(&mut g, &[3]);
    play(&mut g, "test");
    dice(&mut g, &[1, 1, 1, 1, 1, 3]);
    play(&mut g, "volley at fr-a then move");
    assert!(g.units()[u(&g, "br-a")].smoke);
    assert_eq!(
        g.activation().unwrap().allowance,
        4.5,
        "half of 6\" + 3 (8.2 c)"
    );
    play(&mut g, "done");
    play(&mut g, "activate fr-a");
    play(&mut g, "pass");
    // next turn: no fire until it rallies
    play(&mut g, "activate br-a");
    assert_eq!(refused(&g, "fire at fr-a").rule, "8.2");
}

#[test]
fn hits_at_short_and_long_range_with_modifiers() {
    use fiw_skirmish::fire::Group;
    let short = Group {
        figures: 2,
        dice: 1,
        short: true,
        plus: 0,
    };
    let long = Group {
        figures: 2,
        dice: 1,
        short: false,
        plus: 0,
    };
    assert_eq!((short.need(), long.need()), (4, 6));
    assert!((short.chance() - 0.5).abs() < 1e-12);
    assert!((long.chance() - 1.0 / 6.0).abs() < 1e-12);
    let marksmen = Group { plus: 1, ..long };
    assert!(
        (marksmen.chance() - 2.0 / 6.0).abs() < 1e-12,
        "+1 at long range hits on 5-6"
    );
    let both = Group { plus: 2, ..short };
    assert!((both.chance() - 5.0 / 6.0).abs() < 1e-12);
}

#[test]
fn no_fire_into_a_melee() {
    let british = format!(
        "{}{}",
        band("british", "br-a", (10.0, 18.0), 90.0, 5),
        line("british", "br-b", (10.0, 30.0), 90.0, 9)
    );
    let t = scenario(
        "",
        "",
        &british,
        &line("french", "fr-a", (20.0, 18.0), 270.0, 9),
    );
    let mut g = game(&t, &[RED, RED + 1]);
    play(&mut g, "activate br-a");
    dice(&mut g, &[3]);
    play(&mut g, "test");
    play(&mut g, "charge fr-a");
    dice(&mut g, &[6, 6]);
    play(&mut g, "react hold");
    if g.phase() == Phase::CloseUp {
        play(&mut g, "stay");
    }
    assert!(g.in_contact(u(&g, "fr-a")));
    assert!(g.fire_targets(&[u(&g, "br-b") as u8]).is_empty(), "8.4");
}

fn troop(side: &str, id: &str, at: (f64, f64), facing: f64) -> String {
    unit(
        side,
        id,
        &format!(
            "troop = \"cavalry\"\nfieldcraft = 1\nformation = \"line\"\nranks = 1\nat = [{}, {}]\nfacing = {facing}\nweapon = \"carbine\"\nfigures = [{{ role = \"officer\" }}, {{ role = \"private\", count = 5 }}]",
            at.0, at.1
        ),
    )
}

#[test]
fn cavalry_fire_once_standing_or_twice_by_halves_then_rally() {
    let t = scenario(
        "",
        "",
        &troop("british", "br-cav", (10.0, 18.0), 90.0),
        &line("french", "fr-a", (15.0, 18.0), 270.0, 9),
    );
    let mut g = game(&t, &[RED, BLACK, RED]);
    play(&mut g, "activate br-cav");
    // 6 carbines at 5": 3 dice at short range
    dice(&mut g, &[1, 1, 1]);
    play(&mut g, "fire at fr-a");
    play(&mut g, "activate fr-a");
    play(&mut g, "pass");
    play(&mut g, "activate br-cav");
    assert_eq!(refused(&g, "fire at fr-a").rule, "8.5");
    // and cavalry that fired lose their charge bonus this turn
    assert!(g.greatest_move_for_tests(u(&g, "br-cav")) < 24.0 + 6.0 + 1e-9);
}

// 9 artillery

#[test]
fn a_gun_fires_within_its_arc_at_a_target_in_range() {
    let french = format!(
        "{}{}",
        line("french", "fr-a", (30.0, 18.0), 270.0, 9),
        line("french", "fr-b", (12.0, 33.0), 180.0, 9)
    );
    let t = scenario(
        "",
        "",
        &gun("british", "br-gun", (10.0, 18.0), 90.0, "field", 3, false),
        &french,
    );
    let mut g = game(&t, &[RED]);
    play(&mut g, "activate br-gun");
    assert_eq!(refused(&g, "shot at fr-b").rule, "9.1", "behind its flank");
    assert_eq!(
        refused(&g, "canister at fr-a").rule,
        "9.2",
        "beyond the 18\" of canister"
    );
    assert!(legal(&g, "shot at fr-a"));
}

#[test]
fn round_shot_strikes_every_unit_along_its_line_losing_the_ones() {
    let french = format!(
        "{}{}",
        line("french", "fr-a", (20.0, 18.0), 270.0, 9),
        line("french", "fr-b", (28.0, 18.0), 270.0, 9)
    );
    let t = scenario(
        "",
        "",
        &gun("british", "br-gun", (10.0, 18.0), 90.0, "field", 3, false),
        &french,
    );
    let mut g = game(&t, &[RED]);
    play(&mut g, "activate br-gun");
    // a field gun's shot: 2 dice. At fr-a: a 4 hits, a 1 drops out; at fr-b the one left (a 5)
    dice(&mut g, &[4, 1, 1, 5, 1]);
    play(&mut g, "shot at fr-a");
    assert_eq!(held(&g, "fr-a"), 1, "{}", log(&g));
    assert_eq!(held(&g, "fr-b"), 1);
    assert!(
        log(&g).contains("br-gun fires shot at fr-b: 5: 1 hit"),
        "{}",
        log(&g)
    );
}

#[test]
fn shell_needs_its_least_range() {
    let t = scenario(
        "",
        "",
        &gun(
            "british",
            "br-how",
            (10.0, 18.0),
            90.0,
            "howitzer",
            3,
            false,
        ),
        &line("french", "fr-a", (22.0, 18.0), 270.0, 9),
    );
    let mut g = game(&t, &[RED]);
    play(&mut g, "activate br-how");
    let e = refused(&g, "shell at fr-a");
    assert!(e.rule == "9.2" && e.message.contains("18\" to 36\""), "{e}");
    assert!(legal(&g, "shot at fr-a"));
}

#[test]
fn round_shot_breaches_a_wall() {
    let t = scenario(
        "",
        cabin(),
        &gun("british", "br-gun", (22.0, 6.0), 0.0, "heavy", 5, false),
        &line("french", "fr-a", (40.0, 30.0), 270.0, 9),
    );
    let mut g = game(&t, &[RED, BLACK, RED]);
    play(&mut g, "activate br-gun");
    // 2 dice hit on 4+; each hit rolls +1 (heavy): a 6 + 1 against wood's 4 takes 3 off, then 5 + 1
    // takes the last
    dice(&mut g, &[5, 6, 6, 5]);
    play(&mut g, "breach the-cabin at 21,16");
    let b = &g.buildings()[0];
    assert_eq!(b.apertures.len(), 3, "{:?}", b.defence);
    assert!(
        log(&g).contains("a breach opens in the cabin (9.4)"),
        "{}",
        log(&g)
    );
}

#[test]
fn a_fire_grows_a_puff_a_turn_and_burns_the_building_down() {
    let t = scenario(
        "",
        cabin(),
        &band("british", "br-a", (22.0, 15.5), 0.0, 5),
        &line("french", "fr-a", (40.0, 30.0), 270.0, 9),
    );
    let mut g = game(&t, &[RED]);
    play(&mut g, "activate br-a");
    let n = g
        .table_figures(u(&g, "br-a"))
        .filter(|&f| {
            g.buildings()[0]
                .walls
                .distance_to_point(g.figures()[f].pose.at)
                < 0.6
        })
        .count();
    assert!(n > 0);
    dice(&mut g, &vec![6; n]);
    play(&mut g, "ignite the-cabin");
    assert_eq!(g.buildings()[0].puffs, 1);
    play(&mut g, "activate fr-a");
    play(&mut g, "pass");
    assert_eq!(
        g.buildings()[0].puffs,
        2,
        "a puff more at the turn's end (9.5)"
    );
    for _ in 0..2 {
        play(&mut g, "activate br-a");
        play(&mut g, "pass");
        play(&mut g, "activate fr-a");
        play(&mut g, "pass");
    }
    assert!(g.buildings()[0].burned);
    assert_eq!(g.tallies().burned, 1);
}

// 10 casualties

#[test]
fn hard_cover_and_skirmish_order_halve_the_hits_and_remainders_leave_a_marker() {
    let wall = "[[features]]\nkind = \"low-wall\"\npoints = [[17.5, 0], [17.5, 36]]\n";
    let french = format!(
        "{}{}",
        line("french", "fr-a", (17.5, 18.0), 90.0, 9),
        band("french", "fr-b", (16.0, 30.0), 270.0, 5)
    );
    let t = scenario(
        "",
        wall,
        &line("british", "br-a", (12.0, 18.0), 90.0, 9),
        &french,
    );
    let g = game(&t, &[RED]);
    let from = g.centre(u(&g, "br-a"));
    // behind the wall, seen from the other side of it
    assert_eq!(
        g.fire_divisor(u(&g, "fr-a"), from, false),
        1,
        "the wall is behind them from here"
    );
    assert_eq!(
        g.fire_divisor(u(&g, "fr-b"), from, false),
        2,
        "10.3 skirmishers"
    );
    let t = scenario(
        "",
        wall,
        &line("british", "br-a", (12.0, 18.0), 90.0, 9),
        &line("french", "fr-a", (18.0, 18.0), 270.0, 9),
    );
    let mut g = game(&t, &[RED]);
    let from = g.centre(u(&g, "br-a"));
    assert_eq!(
        g.fire_divisor(u(&g, "fr-a"), from, false),
        2,
        "10.2 behind hard cover"
    );
    play(&mut g, "activate br-a");
    // 5 dice +1: three hits, halved: 1 and a marker
    dice(&mut g, &[6, 6, 6, 1, 1, 1]);
    play(&mut g, "fire at fr-a");
    assert_eq!(held(&g, "fr-a"), 1);
    assert!(g.units()[u(&g, "fr-a")].marker);
}

#[test]
fn hits_on_a_gun_are_rolled_for() {
    let t = scenario(
        "",
        "",
        &line("british", "br-a", (10.0, 18.0), 90.0, 9),
        &gun("french", "fr-gun", (15.0, 18.0), 270.0, "field", 3, false),
    );
    let mut g = game(&t, &[RED]);
    play(&mut g, "activate br-a");
    // three hits; each rolled: a 6 from small arms does nothing, a 4 a horse, a 2 a gunner;
    // then the risk to its officer
    dice(&mut g, &[6, 6, 6, 1, 1, 6, 4, 2, 1]);
    play(&mut g, "fire at fr-gun");
    assert_eq!(held(&g, "fr-gun"), 1);
    assert!(!g.units()[u(&g, "fr-gun")].gun_lost);
    assert_eq!(g.units()[u(&g, "fr-gun")].horse_down_turn, 1);
}

#[test]
fn a_six_fells_a_leader() {
    let t = scenario(
        "",
        "",
        &line("british", "br-a", (10.0, 18.0), 90.0, 9),
        &line("french", "fr-a", (15.0, 18.0), 270.0, 9),
    );
    let mut g = game(&t, &[RED]);
    play(&mut g, "activate br-a");
    dice(&mut g, &[6, 1, 1, 1, 1, 6]);
    play(&mut g, "fire at fr-a");
    assert_eq!(held(&g, "fr-a"), 2, "the casualty and its officer");
    let fr = u(&g, "fr-a");
    assert!(!g
        .present_figures(fr)
        .any(|f| g.figures()[f].role == fiw_skirmish::troops::Role::Officer));
    assert!(log(&g).contains("officer falls (10.7)"));
}

// 11 charge resolution

fn melee_after_charge(dice_melee: &[u8]) -> Skirmish {
    let french = format!(
        "{}{}",
        band("french", "fr-a", (18.0, 18.0), 270.0, 5),
        band("french", "fr-z", (44.0, 28.0), 270.0, 5)
    );
    let mut g = game(&charge_table(&french), &[RED]);
    play(&mut g, "activate br-a");
    dice(&mut g, &[3]);
    play(&mut g, "test");
    play(&mut g, "charge fr-a");
    dice(&mut g, &[6, 6]);
    play(&mut g, "react hold");
    if g.phase() == Phase::CloseUp {
        play(&mut g, "stay");
    }
    dice(&mut g, dice_melee);
    g
}

#[test]
fn pairs_roll_and_a_two_point_win_knocks_a_figure_out() {
    use fiw_skirmish::Pair;
    let p = Pair {
        charger: 0,
        defender: 1,
        charger_double: false,
        defender_double: false,
        charger_plus: 0,
        defender_plus: 0,
    };
    assert_eq!(p.result(4, 2), Some(true));
    assert_eq!(p.result(4, 3), None);
    assert_eq!(p.result(1, 3), Some(false));
    let cav = Pair {
        charger_double: true,
        ..p
    };
    assert_eq!(cav.result(2, 3), None, "4 against 3");
    assert_eq!(cav.result(3, 3), Some(true), "6 against 3");
    let (w, l) = p.odds();
    assert!((w - 10.0 / 36.0).abs() < 1e-12 && (l - 10.0 / 36.0).abs() < 1e-12);
}

#[test]
fn the_side_with_more_casualties_falls_back_and_both_must_rally() {
    let mut g = melee_after_charge(&[]);
    let m = g.melees()[0].clone();
    let pairs = g.pairs(&m);
    assert!(!pairs.is_empty());
    // every charger wins its pair, by 6 against 1; then the loser's half move back
    let mut d = Vec::new();
    for _ in 0..pairs.len() {
        d.extend([6, 1]);
    }
    d.extend([1, 1, 1, 1, 1, 1, 1, 1]);
    dice(&mut g, &d);
    let before = x(&g, "fr-a");
    play(&mut g, "activate fr-z");
    play(&mut g, "pass");
    // the turn ends: the melee is fought
    let fr = u(&g, "fr-a");
    assert_eq!(g.present_count(fr), 6 - pairs.len(), "{}", log(&g));
    assert!(log(&g).contains("wins the melee"), "{}", log(&g));
    assert!(x(&g, "fr-a") > before || !g.units()[u(&g, "fr-a")].in_play());
    assert!(g.units()[u(&g, "br-a")].needs_rally);
    assert_eq!(g.units()[u(&g, "br-a")].last, Last::ChargeWon);
}

#[test]
fn melee_modifiers_grenadiers_militia_and_two_against_one() {
    let gren = unit(
        "british",
        "br-g",
        "troop = \"regular\"\ngrenadier = true\nfieldcraft = 1\nformation = \"line\"\nranks = 1\nat = [10, 18]\nfacing = 90\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 5 }]",
    );
    let militia = band("french", "fr-z", (44.0, 28.0), 270.0, 5) + &unit(
        "french",
        "fr-m",
        "troop = \"militia\"\nfieldcraft = 1\nformation = \"line\"\nranks = 1\nat = [16, 18]\nfacing = 270\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 5 }]",
    );
    let mut g = game(&scenario("", "", &gren, &militia), &[RED]);
    play(&mut g, "activate br-g");
    dice(&mut g, &[3]);
    play(&mut g, "test");
    play(&mut g, "charge fr-m");
    dice(&mut g, &[6]);
    play(&mut g, "react hold");
    if g.phase() == Phase::CloseUp {
        play(&mut g, "stay");
    }
    assert!(!g.melees().is_empty(), "{}", log(&g));
    let pairs = g.pairs(&g.melees()[0]);
    assert!(!pairs.is_empty());
    for p in &pairs {
        // grenadiers +1, against militia +1, regulars charging +1 (and +1 for any friend touching)
        assert!(p.charger_plus >= 3, "{p:?}");
        // the militia have no plus of their own (+1 against militia is their enemy's)
        assert!(p.defender_plus <= 1, "{p:?}");
    }
}

// 12 morale

#[test]
fn below_half_strength_a_unit_shatters_and_retires() {
    let t = scenario(
        "",
        "",
        &line("british", "br-a", (10.0, 18.0), 90.0, 9),
        &band("french", "fr-a", (15.0, 18.0), 270.0, 5),
    );
    let g = game(&t, &[RED]).with_casualties("fr-a", 2).unwrap();
    let mut g = g;
    // 4 left of 6; one more casualty leaves 3, half: not below; two leave 2
    play(&mut g, "activate br-a");
    // 5 dice at short +1; 4 hits halved (skirmishers) = 2; no leader falls; the retire's move
    dice(&mut g, &[6, 6, 6, 6, 1, 1, 3, 3]);
    let before = x(&g, "fr-a");
    play(&mut g, "fire at fr-a");
    let fr = u(&g, "fr-a");
    assert!(g.units()[fr].shattered, "{}", log(&g));
    assert!(x(&g, "fr-a") > before + 5.0, "12.1 it retires a full move");
    assert_eq!(
        g.units()[fr].formation,
        fiw_skirmish::formation::Formation::Skirmish
    );
}

#[test]
fn a_shattered_unit_must_rally_and_routs_if_still_below_half() {
    let t = scenario(
        "",
        "",
        &line("british", "br-a", (10.0, 18.0), 90.0, 9),
        &band("french", "fr-a", (15.0, 18.0), 270.0, 5),
    );
    let mut g = game(&t, &[RED]).with_casualties("fr-a", 2).unwrap();
    play(&mut g, "activate br-a");
    dice(&mut g, &[6, 6, 6, 6, 1, 1, 3, 3]);
    play(&mut g, "fire at fr-a");
    play(&mut g, "activate fr-a");
    let e = refused(&g, "pass");
    assert_eq!(e.rule, "12.1");
    dice(&mut g, &[3]);
    play(&mut g, "test");
    assert_eq!(refused(&g, "move").rule, "12.1");
    // its four casualties each roll: a 6 is needed and none comes
    dice(&mut g, &[1, 1, 1, 1]);
    play(&mut g, "rally");
    assert_eq!(
        g.units()[u(&g, "fr-a")].out,
        Some(fiw_skirmish::Out::Routed)
    );
}

#[test]
fn rallying_recovers_casualties_on_six() {
    let t = scenario(
        "",
        "",
        &line("british", "br-a", (10.0, 18.0), 90.0, 9),
        &line("french", "fr-a", (40.0, 18.0), 270.0, 9),
    );
    let mut g = game(&t, &[RED]).with_casualties("br-a", 2).unwrap();
    play(&mut g, "activate br-a");
    dice(&mut g, &[3]);
    play(&mut g, "test");
    let m = g.recovery_modifier(u(&g, "br-a"));
    assert_eq!(m, 0, "an officer present, no colours or drummer");
    dice(&mut g, &[6, 5]);
    play(&mut g, "rally");
    assert_eq!(held(&g, "br-a"), 0);
    assert_eq!(men(&g, "br-a"), 9);
    assert_eq!(g.tallies().recovered[0], 1);
    assert_eq!(g.tallies().lost[0], 1);
}

#[test]
fn a_surrounded_unit_may_be_called_to_surrender() {
    let french = format!(
        "{}{}",
        line("french", "fr-a", (9.0, 4.0), 270.0, 5),
        line("french", "fr-b", (4.0, 9.0), 180.0, 5)
    );
    let corner = unit(
        "british",
        "br-c",
        "troop = \"irregular\"\nfieldcraft = 1\nformation = \"skirmish\"\nrows = 2\nat = [3, 2.2]\nfacing = 0\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 5 }]",
    );
    let t = scenario("", "", &corner, &french);
    let mut g = game(&t, &[BLACK]);
    assert!(g.is_surrounded(u(&g, "br-c")));
    play(&mut g, "activate fr-a");
    dice(&mut g, &[6, 1]);
    play(&mut g, "call br-c");
    assert_eq!(
        g.units()[u(&g, "br-c")].out,
        Some(fiw_skirmish::Out::Surrendered)
    );
    assert_eq!(g.units()[u(&g, "fr-a")].prisoners, 6);
}

// 13 engineering

fn works() -> String {
    let features = "[[features]]\nkind = \"earthwork\"\nname = \"the redoubt\"\npoints = [[18, 14], [18, 22]]\n\n[[sites]]\nname = \"the redoubt\"\ntask = \"redoubt\"\nat = [17, 18]\nfeature = \"the redoubt\"\n\n[[sites]]\nname = \"the bridge\"\ntask = \"demolish\"\nat = [30, 30]\nbridge = \"the bridge\"\nmaterial = \"wood\"\n";
    let terrain = "[[table.terrain]]\nkind = \"river\"\npoints = [[0, 31], [48, 31], [48, 34], [0, 34]]\n[[table.terrain]]\nkind = \"bridge\"\nname = \"the bridge\"\npoints = [[28, 30], [32, 30], [32, 35], [28, 35]]\n";
    let pioneers = unit(
        "british",
        "br-pio",
        "troop = \"regular\"\nfieldcraft = 1\nformation = \"line\"\nranks = 2\nat = [15, 18]\nfacing = 90\nfigures = [{ role = \"engineer\" }, { role = \"officer\" }, { role = \"private\", count = 7 }]",
    );
    let sappers = unit(
        "british",
        "br-sap",
        "troop = \"regular\"\nfieldcraft = 1\nformation = \"line\"\nranks = 2\nat = [30, 27]\nfacing = 0\nfigures = [{ role = \"engineer\" }, { role = \"officer\" }, { role = \"private\", count = 7 }]",
    );
    let wagon = unit(
        "british",
        "br-wagon",
        "troop = \"wagon\"\nfieldcraft = 1\nformation = \"battery\"\nat = [13, 23]\nfacing = 90\nfigures = [{ role = \"wagon\" }]",
    );
    let wagon2 = unit(
        "british",
        "br-cart",
        "troop = \"wagon\"\nfieldcraft = 1\nformation = \"battery\"\nat = [36, 26]\nfacing = 90\nfigures = [{ role = \"wagon\" }]",
    );
    scenario(
        terrain,
        features,
        &format!("{pioneers}{sappers}{wagon}{wagon2}"),
        &line("french", "fr-a", (44.0, 8.0), 270.0, 9),
    )
    .replace("turns = 3", "turns = 9")
}

#[test]
fn a_redoubt_takes_six_undisturbed_turns() {
    let mut g = game(&works(), &[RED, RED + 1, RED + 2, RED + 3]);
    let site = g.parse_action("work the-redoubt").unwrap();
    for turn in 1..=6 {
        play(&mut g, "activate br-pio");
        assert!(g.check(&site).is_ok(), "turn {turn}: {:?}", g.check(&site));
        play(&mut g, "work the-redoubt");
        while let Some(s) = g.to_move() {
            let _ = s;
            if g.turn_number() > turn {
                break;
            }
            let m = menu(&g);
            let pick = m
                .iter()
                .find(|t| t.starts_with("activate"))
                .cloned()
                .unwrap_or_else(|| "pass".into());
            play(&mut g, &pick);
            if pick.starts_with("activate") {
                play(&mut g, "pass");
            }
        }
        assert_eq!(g.sites()[0].done, turn, "{}", log(&g));
    }
    assert!(g.sites()[0].finished);
    assert!(log(&g).contains("the redoubt is finished (13.2)"));
}

#[test]
fn work_needs_an_engineer_and_the_tools() {
    let t = works().replace("{ role = \"engineer\" }, ", "");
    let mut g = game(&t, &[RED]);
    play(&mut g, "activate br-pio");
    let e = refused(&g, "work the-redoubt");
    assert!(e.rule == "13.1" && e.message.contains("engineer"), "{e}");
}

#[test]
fn charges_laid_on_a_bridge_destroy_it_when_fired() {
    let mut g = game(&works(), &[RED, RED + 1, RED + 2, RED + 3]);
    for _ in 0..2 {
        play(&mut g, "activate br-sap");
        play(&mut g, "work the-bridge");
        let turn = g.turn_number();
        while g.turn_number() == turn {
            let m = menu(&g);
            let pick = m
                .iter()
                .find(|t| t.starts_with("activate"))
                .cloned()
                .unwrap();
            play(&mut g, &pick);
            play(&mut g, "pass");
        }
    }
    assert_eq!(g.sites()[1].done, 2, "two charges laid, a turn each");
    play(&mut g, "activate br-sap");
    // two dice: 6 + 6 = 12 destroys a wooden bridge (13.2)
    dice(&mut g, &[6, 6]);
    play(&mut g, "blow the-bridge");
    assert!(g.sites()[1].destroyed);
    assert!(log(&g).contains("the bridge is destroyed"));
}

// the scenarios' own rules

/// A household of 3 men (the householder and 2) and 2 women, its women in `the cabin` and its
/// men at `at`.
fn household(at: (f64, f64)) -> String {
    unit(
        "british",
        "br-home",
        &format!(
            "troop = \"household\"\nmarksmen = true\nfieldcraft = 3\nformation = \"skirmish\"\nat = [{}, {}]\nfacing = 0\nbuilding = \"the cabin\"\nfigures = [{{ role = \"officer\" }}, {{ role = \"private\", count = 2 }}, {{ role = \"woman\", count = 2 }}]",
            at.0, at.1
        ),
    )
}

#[test]
fn a_band_walks_into_a_cabin_held_by_women_and_takes_it() {
    let raiders = unit(
        "french",
        "fr-band",
        "troop = \"irregular\"\nnative = true\nindian = true\nraider = true\nfieldcraft = 3\nformation = \"skirmish\"\nat = [22, 21]\nfacing = 180\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 5 }]",
    );
    let t = scenario("", cabin(), &household((10.0, 6.0)), &raiders);
    let mut g = game(&t, &[BLACK]);
    play(&mut g, "activate fr-band");
    dice(&mut g, &[3, 6, 6]);
    play(&mut g, "test");
    play(&mut g, "move");
    // women neither fight nor fire: coming within an inch of them skips no reaction (5.5),
    // and walking in where no settler man stands takes the cabin, its women with it (S2)
    play(&mut g, "enter the-cabin");
    assert!(
        log(&g).contains("fr-band takes the cabin and 2 prisoners"),
        "{}",
        log(&g)
    );
    assert_eq!(
        g.units()[u(&g, "fr-band")].raid,
        fiw_skirmish::state::Raid::MayBurn(0)
    );
}

#[test]
fn a_charge_that_beats_a_guns_crew_spikes_the_gun() {
    let french = format!(
        "{}{}",
        gun("french", "fr-gun", (18.0, 18.0), 270.0, "field", 3, false),
        band("french", "fr-z", (44.0, 30.0), 270.0, 5)
    );
    let mut g = game(&charge_table(&french), &[RED]);
    play(&mut g, "activate br-a");
    dice(&mut g, &[3]);
    play(&mut g, "test");
    play(&mut g, "charge fr-gun");
    dice(&mut g, &[6, 6]);
    play(&mut g, "react hold");
    if g.phase() == Phase::CloseUp {
        play(&mut g, "stay");
    }
    let pairs = g.pairs(&g.melees()[0]);
    assert!(!pairs.is_empty(), "{}", log(&g));
    // every charger wins its pair, 6 against 1; then the crew's dice to fall back
    let mut d = Vec::new();
    for _ in 0..pairs.len() {
        d.extend([6, 1]);
    }
    d.extend([1; 8]);
    dice(&mut g, &d);
    play(&mut g, "activate fr-z");
    play(&mut g, "pass");
    assert!(
        log(&g).contains("wins the melee against fr-gun"),
        "{}",
        log(&g)
    );
    assert!(g.units()[u(&g, "fr-gun")].gun_lost, "{}", log(&g));
    assert!(
        log(&g).contains("br-a spikes fr-gun's gun (T)"),
        "{}",
        log(&g)
    );
}

/// 11.3 a melee whose defenders are all put out of play in the first round (here the last
/// private falls and his officer with him) while the chargers lose as many (a man and their
/// officer): the round's count is even, but there is no one left to hold, so the chargers win
/// (the second round had no one to fight, and the result was once read from nobody: a panic).
#[test]
fn a_side_with_no_one_left_loses_the_melee() {
    let french = format!(
        "{}{}",
        band("french", "fr-a", (18.0, 18.0), 270.0, 5),
        band("french", "fr-z", (44.0, 28.0), 270.0, 5)
    );
    let mut g = game(&charge_table(&french), &[RED])
        .with_casualties("fr-a", 4)
        .unwrap();
    play(&mut g, "activate br-a");
    dice(&mut g, &[3]);
    play(&mut g, "test");
    play(&mut g, "charge fr-a");
    dice(&mut g, &[6, 6]);
    play(&mut g, "react hold");
    if g.phase() == Phase::CloseUp {
        play(&mut g, "stay");
    }
    let pairs = g.pairs(&g.melees()[0]);
    assert_eq!(pairs.len(), 2, "{pairs:?}");
    // the first pair to fr-a's officer, the second to br-a against fr-a's last private; both
    // officers at risk fall
    dice(&mut g, &[1, 6, 6, 1, 6, 6, 1, 1, 1, 1, 1, 1]);
    play(&mut g, "activate fr-z");
    play(&mut g, "pass");
    let text = log(&g);
    assert!(text.contains("melee round 1"), "{text}");
    assert!(!g.units()[u(&g, "fr-a")].in_play(), "{text}");
    assert!(text.contains("br-a wins the melee against fr-a"), "{text}");
    assert_eq!(g.units()[u(&g, "br-a")].last, Last::ChargeWon);
}
