//! The medium findings of the 2026-12-04 audit (issue 35) that are bugs, each shown on the
//! rulebook's own situation with forced dice: every test is named after its finding and cites
//! its section.

use crate::common;
use common::*;
use fiw_engine::Game;

// 5.2 the movement chart manhandles other artillery at 1D6: a heavy gun or a mortar too.
#[test]
fn m6_a_heavy_gun_is_manhandled_at_one_die() {
    let heavy = unit(
        "british",
        "br-heavy",
        "troop = \"artillery\"\nfieldcraft = 1\nformation = \"battery\"\nat = [6, 6]\nfacing = 90\nfigures = [{ role = \"gun\", gun = \"heavy\" }, { role = \"officer\" }, { role = \"private\", count = 5 }]",
    );
    let t = scenario(
        "",
        "",
        &heavy,
        &line("french", "fr-a", (40.0, 18.0), 270.0, 7),
    );
    let mut g = game(&t, &[RED]);
    play(&mut g, "activate br-heavy");
    dice(&mut g, &[4]);
    play(&mut g, "test");
    assert!(legal(&g, "move"), "{}", refused(&g, "move"));
    dice(&mut g, &[5]);
    play(&mut g, "move");
    assert_eq!(g.activation().unwrap().allowance, 5.0);
}

// 7.6 where a road crosses a steep hill, road units move at their normal speed: no road bonus.
#[test]
fn m7_a_road_over_a_steep_hill_gives_no_bonus() {
    let features =
        "[[features]]\nkind = \"steep\"\nname = \"the hill\"\npoints = [[0, 10], [40, 10], [40, 26], [0, 26]]\n";
    let road = "[[table.terrain]]\nkind = \"road\"\nname = \"the road\"\npoints = [[0, 17], [48, 17], [48, 19], [0, 19]]\n";
    let column = unit(
        "british",
        "br-a",
        "troop = \"regular\"\nfieldcraft = 1\nformation = \"column\"\nwidth = 2\nat = [6, 18]\nfacing = 90\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 7 }]",
    );
    let t = scenario(
        road,
        features,
        &column,
        &line("french", "fr-a", (44.0, 30.0), 270.0, 7),
    );
    let mut g = game(&t, &[RED]);
    play(&mut g, "activate br-a");
    dice(&mut g, &[4, 1]);
    play(&mut g, "test");
    play(&mut g, "move");
    // 6" + 1 + 6" for the column: 13"; along the road over the hill, 13" of road
    assert_eq!(g.activation().unwrap().allowance, 13.0);
    assert!(!legal(&g, "march to 25,18"));
    assert!(
        legal(&g, "march to 18.5,18"),
        "{}",
        refused(&g, "march to 18.5,18")
    );
}

// 4.3 a line is at least 3 files wide: a scenario's line of 2 files is refused, and so is
// forming one.
#[test]
fn m8_a_line_under_three_files_is_refused() {
    let narrow = unit(
        "french",
        "fr-a",
        "troop = \"regular\"\nfieldcraft = 1\nformation = \"line\"\nranks = 3\nat = [40, 18]\nfacing = 270\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 5 }]",
    );
    let t = scenario(
        "",
        "",
        &line("british", "br-a", (10.0, 18.0), 90.0, 9),
        &narrow,
    );
    let e = fiw_skirmish::Scenario::parse(&t, "test.toml")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("french.units[0].ranks") && e.contains("3 files"),
        "{e}"
    );
    let small = unit(
        "british",
        "br-a",
        "troop = \"regular\"\nfieldcraft = 1\nformation = \"line\"\nranks = 1\nat = [10, 18]\nfacing = 90\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 5 }]",
    );
    let t = scenario(
        "",
        "",
        &small,
        &line("french", "fr-a", (40.0, 18.0), 270.0, 7),
    );
    let mut g = game(&t, &[RED]);
    play(&mut g, "activate br-a");
    dice(&mut g, &[4, 3]);
    play(&mut g, "test");
    play(&mut g, "move");
    assert_eq!(refused(&g, "form line 3").rule, "4.3");
    assert!(legal(&g, "form line 2"));
}

// 8.3 the first volley's +1 is for regulars halted this turn: a line that moved, then
// reserved its fire, gives it without the +1 when charged.
#[test]
fn m9_no_first_volley_bonus_after_moving_and_reserving() {
    let british = unit(
        "british",
        "br-a",
        "troop = \"regular\"\nfieldcraft = 1\nformation = \"line\"\nranks = 2\nat = [10, 18]\nfacing = 90\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 11 }]",
    );
    let french = unit(
        "french",
        "fr-a",
        "troop = \"regular\"\nfieldcraft = 1\nformation = \"line\"\nranks = 1\nat = [16, 18]\nfacing = 270\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 5 }]",
    );
    let mut g = game(&scenario("", "", &british, &french), &[BLACK, RED]);
    play(&mut g, "activate fr-a");
    dice(&mut g, &[4, 1]);
    play(&mut g, "test");
    play(&mut g, "move");
    play(&mut g, "step 1 at 270");
    play(&mut g, "reserve");
    play(&mut g, "activate br-a");
    dice(&mut g, &[4]);
    play(&mut g, "test");
    // the charge die, then the French half fire: two 3s, which hit only with a +1
    dice(&mut g, &[4, 3, 3]);
    play(&mut g, "charge fr-a");
    let l = log(&g);
    assert!(l.contains("2 at 4+ (short range)): 3 3: 0 hits"), "{l}");
}

/// An Indian band by a British company ringed in the south-west corner.
fn ringed() -> String {
    let indians = unit(
        "french",
        "fr-a",
        "troop = \"irregular\"\nnative = true\nindian = true\nfieldcraft = 3\nformation = \"skirmish\"\nat = [10, 4]\nfacing = 270\nrows = 2\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 5 }]",
    );
    let french = format!("{indians}{}", line("french", "fr-b", (4.0, 9.0), 180.0, 5));
    let corner = unit(
        "british",
        "br-c",
        "troop = \"irregular\"\nfieldcraft = 1\nformation = \"skirmish\"\nrows = 2\nat = [3, 2.2]\nfacing = 0\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 5 }]",
    );
    let far = band("british", "br-far", (30.0, 30.0), 180.0, 5);
    scenario("", "", &format!("{corner}{far}"), &french).replace("turns = 3", "turns = 6")
}

/// Plays on until unit `id` is to be activated on a French card, passing every other unit.
fn until_french_activate(g: &mut fiw_skirmish::Skirmish, id: &str) {
    while !is_listed(g, &format!("activate {id}")) {
        let m = menu(g);
        let pick = m
            .iter()
            .find(|t| t.starts_with("activate") && !t.contains(id))
            .cloned()
            .unwrap_or_else(|| "pass".into());
        play(g, &pick);
        if pick.starts_with("activate") {
            play(g, "pass");
        }
    }
}

// 12.2 Indians who take prisoners kill them if their next control check repeats their last
// action: a later one does not.
#[test]
fn m18_prisoners_are_slaughtered_only_at_the_next_check() {
    let mut g = game(&ringed(), &[BLACK]);
    play(&mut g, "activate fr-a");
    dice(&mut g, &[6, 1]);
    play(&mut g, "call br-c");
    assert_eq!(g.units()[u(&g, "fr-a")].prisoners, 6);
    play(&mut g, "pass");
    // the next check: 1, no advance; the prisoners live
    until_french_activate(&mut g, "fr-a");
    play(&mut g, "activate fr-a");
    dice(&mut g, &[1]);
    play(&mut g, "test");
    play(&mut g, "stand");
    // a later check that repeats the last action spares them too
    until_french_activate(&mut g, "fr-a");
    play(&mut g, "activate fr-a");
    dice(&mut g, &[6]);
    play(&mut g, "test");
    assert_eq!(g.units()[u(&g, "fr-a")].prisoners, 6, "{}", log(&g));
    assert!(!log(&g).contains("kills its"));
}

// 12.2 and the slaughter at the very next check, when it repeats the last action.
#[test]
fn prisoners_are_slaughtered_at_a_next_check_that_repeats() {
    let mut g = game(&ringed(), &[BLACK]);
    play(&mut g, "activate fr-a");
    dice(&mut g, &[6, 1]);
    play(&mut g, "call br-c");
    play(&mut g, "pass");
    until_french_activate(&mut g, "fr-a");
    play(&mut g, "activate fr-a");
    dice(&mut g, &[6]);
    play(&mut g, "test");
    assert!(
        log(&g).contains("fr-a kills its 6 prisoners (12.2)"),
        "{}",
        log(&g)
    );
}

// 12.1, S2 a household's strength is its men (its women never fight): 3 men and 2 women are
// below half once 2 men are down.
#[test]
fn m19_a_household_is_below_half_when_its_men_are() {
    let features = "[[features]]\nkind = \"building\"\nname = \"the cabin\"\npoints = [[22, 20.5], [26, 20.5], [26, 23.5], [22, 23.5]]\napertures = [{ kind = \"door\", at = [24, 20.5] }]\n";
    let home = unit(
        "british",
        "br-home",
        "troop = \"household\"\nfieldcraft = 3\nformation = \"skirmish\"\nat = [24, 16]\nfacing = 0\nbuilding = \"the cabin\"\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 2 }, { role = \"woman\", count = 2 }]",
    );
    let t = scenario(
        "",
        features,
        &home,
        &line("french", "fr-a", (40.0, 30.0), 270.0, 7),
    );
    let g = game(&t, &[RED]).with_casualties("br-home", 2).unwrap();
    let h = u(&g, "br-home");
    assert_eq!(g.men(h), 1);
    assert!(g.below_half(&[h]));
}

// 8.1 one die for every two eligible figures, a remainder of one counted: figures at two
// ranges pool their odd men, so 6 firers roll 3 dice however they stand (the audit's band
// rolled 4: a die rounded up for each range band).
#[test]
fn m1_one_die_for_every_two_figures_across_range_bands() {
    let british = unit(
        "british",
        "br-a",
        "troop = \"irregular\"\nfieldcraft = 1\nformation = \"skirmish\"\nat = [10, 18]\nfacing = 90\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 5 }]",
    );
    let french = unit(
        "french",
        "fr-a",
        "troop = \"regular\"\nfieldcraft = 1\nformation = \"line\"\nranks = 1\nat = [14, 26]\nfacing = 270\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 5 }]",
    );
    let g = game(&scenario("", "", &british, &french), &[RED]);
    let (a, f) = (u(&g, "br-a") as u8, u(&g, "fr-a"));
    let shot = g.shot(&[a], f, fiw_skirmish::fire::FireMode::All, true);
    let dice: u32 = shot.groups.iter().map(|x| x.dice).sum();
    assert!(shot.groups.len() >= 2, "{shot:?}: figures at two ranges");
    assert_eq!(shot.firers, 6, "{shot:?}");
    assert_eq!(dice, 3, "{shot:?}");
    // half the unit: a quarter of the figures, rounded up (the settled reading 17.5)
    let half = g.shot(&[a], f, fiw_skirmish::fire::FireMode::Half, true);
    assert_eq!(
        half.groups.iter().map(|x| x.dice).sum::<u32>(),
        2,
        "{half:?}"
    );
}

// 1.2, 8.1 a unit in close order stands base to base: no sight or fire passes between its
// files, so a line fires through no friendly line in front of it.
#[test]
fn m2_no_fire_through_a_friendly_line() {
    let british = format!(
        "{}{}",
        unit(
            "british",
            "br-a",
            "troop = \"regular\"\nfieldcraft = 1\nformation = \"line\"\nranks = 1\nat = [16, 18]\nfacing = 90\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 11 }]",
        ),
        unit(
            "british",
            "br-b",
            "troop = \"regular\"\nfieldcraft = 1\nformation = \"line\"\nranks = 1\nat = [13, 18]\nfacing = 90\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 7 }]",
        )
    );
    let french = unit(
        "french",
        "fr-a",
        "troop = \"regular\"\nfieldcraft = 1\nformation = \"line\"\nranks = 1\nat = [23, 18]\nfacing = 270\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 7 }]",
    );
    let mut g = game(&scenario("", "", &british, &french), &[RED]);
    play(&mut g, "activate br-b");
    assert_eq!(refused(&g, "fire at fr-a").rule, "8.1");
}

// 9.3 a shell passes over troops only 6" clear of both the howitzer and its target: not over
// a friendly line 3" in front of the gun.
#[test]
fn m2_a_shell_is_not_fired_over_friends_close_to_the_gun() {
    let british = format!(
        "{}{}",
        unit(
            "british",
            "br-how",
            "troop = \"artillery\"\nfieldcraft = 1\nformation = \"battery\"\nat = [4, 18]\nfacing = 90\nfigures = [{ role = \"gun\", gun = \"howitzer\" }, { role = \"officer\" }, { role = \"private\", count = 3 }]",
        ),
        unit(
            "british",
            "br-a",
            "troop = \"regular\"\nfieldcraft = 1\nformation = \"line\"\nranks = 1\nat = [7, 18]\nfacing = 90\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 11 }]",
        )
    );
    let french = unit(
        "french",
        "fr-a",
        "troop = \"regular\"\nfieldcraft = 1\nformation = \"line\"\nranks = 2\nat = [30, 18]\nfacing = 270\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 7 }]",
    );
    let mut g = game(&scenario("", "", &british, &french), &[RED]);
    play(&mut g, "activate br-how");
    let e = refused(&g, "shell at fr-a");
    assert_eq!(e.rule, "9.3", "{e}");
}

// 12.4 a rallying unit ends in line or column: light infantry and militia in skirmish order
// form a line.
#[test]
fn m3_skirmishers_who_may_form_line_rally_into_it() {
    let british = format!(
        "{}{}",
        unit(
            "british",
            "br-mil",
            "troop = \"militia\"\nfieldcraft = 1\nformation = \"skirmish\"\nat = [10, 18]\nfacing = 90\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 6 }]",
        ),
        unit(
            "british",
            "br-lt",
            "troop = \"light\"\nfieldcraft = 1\nformation = \"skirmish\"\nat = [10, 8]\nfacing = 90\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 6 }]",
        )
    );
    let mut g = game(
        &scenario(
            "",
            "",
            &british,
            &line("french", "fr-a", (40.0, 18.0), 270.0, 7),
        ),
        &[RED, RED + 1],
    );
    play(&mut g, "activate br-mil");
    dice(&mut g, &[4]);
    play(&mut g, "test");
    play(&mut g, "rally");
    assert!(
        matches!(
            g.units()[u(&g, "br-mil")].formation,
            fiw_skirmish::formation::Formation::Line { .. }
        ),
        "{}",
        log(&g)
    );
    let m = menu(&g);
    if m.iter().any(|x| x == "activate br-lt") {
        play(&mut g, "activate br-lt");
    } else {
        play(&mut g, "activate fr-a");
        play(&mut g, "pass");
        play(&mut g, "activate br-lt");
    }
    dice(&mut g, &[3]);
    play(&mut g, "test");
    play(&mut g, "rally");
    assert!(matches!(
        g.units()[u(&g, "br-lt")].formation,
        fiw_skirmish::formation::Formation::Line { .. }
    ));
}

/// An irregular column 15.6" short of a fence, the enemy 4" beyond it.
fn fence() -> String {
    let features =
        "[[features]]\nkind = \"fence\"\nname = \"the fence\"\npoints = [[26, 2], [26, 34]]\n";
    let column = unit(
        "british",
        "br-a",
        "troop = \"irregular\"\nfieldcraft = 1\nformation = \"column\"\nwidth = 2\nat = [10, 18]\nfacing = 90\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 6 }]",
    );
    scenario(
        "",
        features,
        &column,
        &line("french", "fr-a", (30.0, 18.0), 270.0, 7),
    )
}

// 6.1, 7.4 a charger runs straight at the enemy and pays half its move to cross an obstacle
// when it comes to it: one that cannot pay stops at the obstacle, not at half its roll.
#[test]
fn m4_a_charge_short_of_an_obstacle_runs_up_to_it() {
    let mut g = game(&fence(), &[RED]);
    play(&mut g, "activate br-a");
    dice(&mut g, &[4]);
    play(&mut g, "test");
    play(&mut g, "charge fr-a");
    dice(&mut g, &[3, 3]);
    play(&mut g, "react hold");
    assert!(log(&g).contains("br-a's charge falls short"), "{}", log(&g));
    // 18" rolled: the head ran the 15.6" to the fence, the rest as far as their roll
    assert!(x(&g, "br-a") > 24.0, "{}", x(&g, "br-a"));
}

// 6.1, 7.4 the charge's odds count the half move an obstacle on the way takes: 20" with a
// fence between is out of reach of 6" + 2D6 + 6".
#[test]
fn m5_the_charge_odds_count_an_obstacle_on_the_way() {
    let mut g = game(&fence(), &[RED]);
    play(&mut g, "activate br-a");
    dice(&mut g, &[4]);
    play(&mut g, "test");
    let a = g.parse_action("charge fr-a").unwrap();
    let note = g.action_note(&a).unwrap();
    assert!(note.ends_with(": 0% to reach"), "{note}");
}

// 3.2 continuing an advance, a unit advances: changing formation in place spends its move but
// is no advance, and it must still go on with what is left.
#[test]
fn m11_forming_in_place_is_no_advance() {
    let t = scenario(
        "",
        "",
        &unit(
            "french",
            "fr-a",
            "troop = \"regular\"\nfieldcraft = 2\nformation = \"column\"\nwidth = 2\nat = [10, 18]\nfacing = 90\nstart = \"advance\"\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 9 }]",
        )
        .replace("[[french.units]]", "[[british.units]]")
        .replace("id = \"fr-a\"\nname = \"fr-a\"", "id = \"br-c\"\nname = \"br-c\""),
        &line("french", "fr-a", (40.0, 18.0), 270.0, 7),
    );
    let mut g = game(&t, &[RED]);
    play(&mut g, "activate br-c");
    // 5: continue the advance; the move 6" + 6 + 6" of a column
    dice(&mut g, &[5, 6]);
    play(&mut g, "test");
    play(&mut g, "move");
    play(&mut g, "form line 2");
    let e = refused(&g, "done");
    assert_eq!(e.rule, "3.2", "{e}");
}

/// The audit's road: a battalion of three companies in column coming on from the west edge
/// along it, a British company far off.
fn road_column() -> String {
    let header = r#"
name = "Audit"
about = "an audit table"
rule = "T"
turns = 6
end = "fewer-lost"
victory = [
  { winner = "french", british_gone = true, reason = "the British are gone" },
  { winner = "british", french_gone = true, reason = "the French are gone" },
]
"#;
    let body = r#"
table = { width = 72, depth = 36, terrain = [ { kind = "road", name = "the road", points = [[0, 15], [72, 15], [72, 17], [0, 17]] } ] }
[british]
front = [72, 16]
edge = "east"
units = [
  { id = "br-a", name = "br-a", troop = "regular", fieldcraft = 1, formation = "line", ranks = 2, at = [68, 30], facing = 270, figures = [{ role = "officer" }, { role = "private", count = 7 }] },
]
[french]
front = [72, 16]
edge = "west"
battalions = [ { id = "fr-bn", companies = ["fr-cf-a", "fr-cf-b", "fr-cf-c"] } ]
units = [
  { id = "fr-cf-a", name = "fr-cf-a", troop = "regular", fieldcraft = 2, formation = "column", width = 2, at = [-5.5, 16], facing = 90, enters = "west", start = "advance", figures = [{ role = "colonel", general = true, personality = "indecisive" }, { role = "officer" }, { role = "private", count = 9 }] },
  { id = "fr-cf-b", name = "fr-cf-b", troop = "regular", fieldcraft = 2, formation = "column", width = 2, at = [-11.5, 16], facing = 90, enters = "west", start = "advance", figures = [{ role = "officer" }, { role = "colour" }, { role = "musician" }, { role = "private", count = 9 }] },
  { id = "fr-cf-c", name = "fr-cf-c", troop = "regular", fieldcraft = 2, formation = "column", width = 2, at = [-17.5, 16], facing = 90, enters = "west", start = "advance", figures = [{ role = "officer" }, { role = "private", count = 9 }] },
]
"#;
    format!("{header}{body}")
}

// 5.4, 5.5 a battalion's column marches straight along the road after coming on from off the
// table: no false "two figures would stand on each other" at any distance it can afford.
#[test]
fn m10_a_battalion_column_marches_along_the_road() {
    let mut g = game(&road_column(), &[BLACK]);
    for (roll, to) in [(6u8, "march to 16,16"), (6, "march to 25,16")] {
        play(&mut g, "activate fr-bn");
        dice(&mut g, &[3, roll]);
        play(&mut g, "test");
        play(&mut g, "move");
        play(&mut g, to);
        play(&mut g, "done");
        play(&mut g, "activate br-a");
        play(&mut g, "pass");
    }
    play(&mut g, "activate fr-bn");
    dice(&mut g, &[3, 5]);
    play(&mut g, "test");
    play(&mut g, "move");
    for x in [26, 28, 30, 32, 33] {
        let order = format!("march to {x},16");
        assert!(legal(&g, &order), "{order}: {}", refused(&g, &order));
    }
}

// The referee with the players' own dice (`--dice manual`): a game stopped while one order's
// dice are half typed is saved as it stood before that order, and its save replays (the
// typed dice waiting for the rest were counted into the save's record of the state).
#[test]
fn m20_a_manual_dice_game_stopped_mid_roll_resumes() {
    use fiw_engine::{apply_asking, replay, set_up_asking, Game, SaveFile};
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
    let british =
        format!("{a}{b}[[british.battalions]]\nid = \"br-bn\"\ncompanies = [\"br-x\", \"br-y\"]\n");
    let text = scenario(
        "",
        "",
        &british,
        &line("french", "fr-a", (38.0, 18.0), 270.0, 9),
    );
    let options = fiw_skirmish::Options {
        scenario: "test".into(),
        text: Some(text),
        ..fiw_skirmish::Options::default()
    };
    // the set-up: the first card drawn from a real deck is typed in (the first red one)
    let mut answers: Vec<u8> = Vec::new();
    let mut g: fiw_skirmish::Skirmish = loop {
        match set_up_asking::<fiw_skirmish::Skirmish>(&options, 7, &answers).unwrap() {
            Ok(g) => break g,
            Err(need) => {
                let fiw_engine::Ask::Card { choices } = &need.ask else {
                    panic!("{need:?}");
                };
                let red = choices.iter().position(|c| c.ends_with('H')).unwrap();
                answers.push(red as u8);
            }
        }
    };
    let mut texts = Vec::new();
    let mut order = |g: &mut fiw_skirmish::Skirmish, t: &str| {
        let action = g.parse_action(t).unwrap();
        texts.push(t.to_string());
        apply_asking(g, action).unwrap()
    };
    assert!(order(&mut g, "activate br-bn").is_none());
    // the control check asks its die, then the colonel's personality: the first is typed,
    // then the player stops
    let need = order(&mut g, "test").expect("the control die is asked");
    g.dice_mut().force(need.read("3").unwrap());
    let test = g.parse_action("test").unwrap();
    assert!(apply_asking(&mut g, test).unwrap().is_some());
    texts.pop();
    let save = SaveFile::of(&g, &options, 7, texts);
    let replayed = replay::<fiw_skirmish::Skirmish>(&save.to_json(), false);
    assert!(replayed.is_ok(), "{:?}", replayed.err());
}
