//! Sections 8 to 13 of the skirmish rules as the project's reading states them (small arms,
//! artillery, casualties, charge resolution, morale, engineering), shown with forced dice and
//! a forced deck on small tables; sections 1 to 7 are in `rulebook.rs`.

use crate::common;
use common::*;
use fiw_engine::Game;
use fiw_skirmish::{Last, Phase, Skirmish};

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

/// A mixed company (the Raid's irregulars, S2): the coureurs des bois among them are marksmen
/// figure by figure (8.3 +1), the others not.
fn mixed_company() -> String {
    unit(
        "french",
        "fr-mix",
        "troop = \"irregular\"\nfieldcraft = 2\nformation = \"skirmish\"\nat = [15, 18]\nfacing = 270\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 3, marksman = true }, { role = \"private\", count = 4 }]",
    )
}

/// 8.3 and S2: in a mixed company only the coureurs des bois fire with +1; the fire's dice pair
/// the figures alike first, so their pair rolls at +1 and the rest at +0, the odd ones pooled
/// at the lower modifier.
#[test]
fn m15_the_coureurs_des_bois_of_a_mixed_company_hit_with_plus_one_8_3_s2() {
    let t = scenario(
        "",
        "",
        &line("british", "br-a", (10.0, 18.0), 90.0, 9),
        &mixed_company(),
    );
    let mut g = game(&t, &[BLACK]);
    play(&mut g, "activate fr-mix");
    let units = [u(&g, "fr-mix") as u8];
    let shot = g.shot(
        &units,
        u(&g, "br-a"),
        fiw_skirmish::fire::FireMode::All,
        true,
    );
    // 3 marksmen and 5 others: a pair at +1, two pairs at +0, the two odd ones pooled at +0
    let at = |plus: i8| {
        shot.groups
            .iter()
            .filter(|x| x.plus == plus)
            .map(|x| x.dice)
            .sum::<u32>()
    };
    assert_eq!((at(1), at(0)), (1, 3), "{:?}", shot.groups);
    // forced dice: the marksmen's 3 hits at short range (3 + 1 = 4), the others' 3s miss
    dice(&mut g, &[3, 3, 3, 3, 1, 1, 1, 1]);
    play(&mut g, "fire at br-a");
    assert_eq!(held(&g, "br-a"), 1, "{}", log(&g));
}

/// S2: the Raid's company of irregulars has its 3 coureurs des bois as marksmen, and no one
/// else; a marksman who does not fire is refused by the file's checks, naming the field.
#[test]
fn m15_the_raids_irregulars_carry_the_coureurs_plus_one_s2() {
    let raid = fiw_skirmish::SCENARIOS
        .iter()
        .find(|(n, _)| *n == "raid")
        .unwrap()
        .1;
    let options = fiw_skirmish::Options {
        scenario: "raid".into(),
        ..fiw_skirmish::Options::default()
    };
    let g = Skirmish::new(&options, 1).unwrap();
    let party = u(&g, "fr-party");
    let marks = g.units()[party]
        .figures
        .iter()
        .filter(|&&f| g.figures()[f as usize].marksman)
        .count();
    assert_eq!(marks, 3);
    assert!(!g.units()[party].traits.marksmen);
    let bad = raid.replacen(
        "{ role = \"officer\", general = true }",
        "{ role = \"officer\", general = true, marksman = \"yes\" }",
        1,
    );
    let e = fiw_skirmish::Scenario::parse(&bad, "raid.toml")
        .unwrap_err()
        .to_string();
    assert!(e.contains("marksman"), "{e}");
    let t = scenario(
        "",
        "",
        &line("british", "br-a", (10.0, 18.0), 90.0, 9),
        &mixed_company().replace(
            "{ role = \"officer\" }",
            "{ role = \"wagon\", marksman = true }",
        ),
    );
    let e = fiw_skirmish::Scenario::parse(&t, "t.toml")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("french.units[0].figures[0].marksman") && e.contains("8.3"),
        "{e}"
    );
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

/// 13.2 a damaged bridge carries only infantry, at half speed: a scenario may make its damage
/// a victory (Siege Sortie's: no gun or wagon crosses to the battery), the charges' points
/// adding up over firings.
#[test]
fn a_scenario_may_win_by_a_damaged_bridge() {
    let t = works().replacen(
        "[[victory]]",
        "[[victory]]\nwinner = \"british\"\ndamaged = \"the bridge\"\nreason = \"the bridge is blown\"\n\n[[victory]]",
        1,
    );
    let mut g = game(&t, &[RED, RED + 1, RED + 2, RED + 3]);
    for fired in [2u8, 4] {
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
        play(&mut g, "activate br-sap");
        dice(&mut g, &[fired]);
        play(&mut g, "blow the-bridge");
        if fired == 2 {
            // 2 of the 6 points: not harmed, the game goes on
            assert!(g.outcome().is_none(), "{}", log(&g));
            let turn = g.turn_number();
            while g.turn_number() == turn {
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
        }
    }
    // 2 + 4 = 6: damaged, not destroyed, and the scenario's victory
    assert!(!g.sites()[1].destroyed);
    assert!(log(&g).contains("the bridge is damaged"), "{}", log(&g));
    assert_eq!(g.outcome().and_then(|o| o.winner), Some(0));
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
