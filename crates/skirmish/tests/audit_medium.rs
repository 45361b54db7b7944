//! The medium findings of the 2026-12-04 audit (issue 35) that are bugs, each shown on the
//! rulebook's own situation with forced dice: every test is named after its finding and cites
//! its section.

mod common;
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
    assert!(l.contains("2 dice): 3 3: 0 hits"), "{l}");
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
