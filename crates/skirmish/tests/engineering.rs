//! Engineering where the text allows it, not only at the sites a scenario lists (13.1, 13.2,
//! 7.4): a road cut through a wall at a place the player names, a crossing point over Siege
//! Sortie's magazine wall, a pontoon laid an inch a turn, a damaged bridge repaired by 1D6
//! points a turn; work disturbed is lost; a place the text does not allow is refused in a line.

use crate::common;
use common::*;
use fiw_engine::Game;
use fiw_skirmish::Skirmish;

/// The inches of the rolled move still unspent.
fn left(g: &Skirmish) -> f64 {
    let a = g.activation().unwrap();
    a.allowance - a.spent.iter().copied().fold(0.0, f64::max)
}

/// Plays out the rest of the turn: each unit still to act takes the card and passes.
fn end_turn(g: &mut Skirmish) {
    let turn = g.turn_number();
    while g.turn_number() == turn && g.outcome().is_none() {
        let m = menu(g);
        let pick = m
            .iter()
            .find(|t| t.starts_with("activate"))
            .cloned()
            .unwrap_or_else(|| "pass".into());
        play(g, &pick);
        if pick.starts_with("activate") {
            play(g, "pass");
        }
    }
}

/// A low wall no scenario site names, a column of pioneers with their engineer officer 4"
/// short of it, their tool wagon by them; the French far off (or, `near`, 8" beyond the wall).
fn walled(near: bool) -> String {
    let features =
        "[[features]]\nkind = \"low-wall\"\nname = \"the wall\"\npoints = [[26, 2], [26, 34]]\n";
    let pioneers = unit(
        "british",
        "br-pio",
        "troop = \"regular\"\nfieldcraft = 1\nformation = \"column\"\nwidth = 1\nat = [22, 18]\nfacing = 90\nfigures = [{ role = \"officer\" }, { role = \"engineer\" }, { role = \"private\", count = 5 }]",
    );
    let wagon = unit(
        "british",
        "br-wagon",
        "troop = \"wagon\"\nfieldcraft = 1\nformation = \"battery\"\nat = [21, 13]\nfacing = 90\nfigures = [{ role = \"wagon\" }]",
    );
    let french = if near {
        line("french", "fr-a", (33.0, 23.0), 270.0, 9)
    } else {
        line("french", "fr-a", (44.0, 32.0), 270.0, 9)
    };
    scenario("", features, &format!("{pioneers}{wagon}"), &french).replace("turns = 3", "turns = 9")
}

/// 13.2 a road is cut through a wall in one turn of undisturbed work, at a place no scenario
/// names; 7.4 the gap it leaves lets a column through without the half move an obstacle costs.
#[test]
fn m16_a_road_cut_through_a_wall_anywhere_lets_a_column_through_13_2_7_4() {
    let t = walled(false);
    let mut g = game(&t, &[RED, RED + 1, RED + 2]);
    // the same march with no cut: the wall takes half the move (7.4)
    let mut plain = g.clone();
    play(&mut plain, "activate br-pio");
    dice(&mut plain, &[3, 6]);
    play(&mut plain, "test");
    play(&mut plain, "move");
    play(&mut plain, "march to 30,18");
    let uncut = left(&plain);
    play(&mut g, "activate br-pio");
    assert!(is_listed(&g, "work cut at 26,18"), "{:?}", menu(&g));
    play(&mut g, "work cut at 26,18");
    end_turn(&mut g);
    assert!(
        log(&g).contains("a road is cut at cut 1 through the wall (13.2)"),
        "{}",
        log(&g)
    );
    assert!(g.sites()[0].finished);
    play(&mut g, "activate br-pio");
    dice(&mut g, &[3, 6]);
    play(&mut g, "test");
    play(&mut g, "move");
    assert_eq!(g.activation().unwrap().allowance, 18.0);
    play(&mut g, "march to 30,18");
    // 8" of open ground and no more: the half move (9") the wall took is not paid
    assert!((left(&g) - 10.0).abs() < 1e-6, "{}", left(&g));
    assert!((left(&g) - uncut - 9.0).abs() < 1e-6, "{uncut}");
}

/// 13.1 work that is disturbed before the turn ends (the company is hit) is lost: no period
/// is done, the wall stands uncut.
#[test]
fn m16_disturbed_work_is_lost_13_1() {
    let mut g = game(&walled(true), &[RED, BLACK, RED + 1]);
    play(&mut g, "activate br-pio");
    play(&mut g, "work cut at 26,18");
    play(&mut g, "activate fr-a");
    dice(&mut g, &[6; 12]);
    play(&mut g, "fire at br-pio");
    assert!(log(&g).contains("work is disturbed (13.1)"), "{}", log(&g));
    dice(&mut g, &[6; 12]);
    end_turn(&mut g);
    assert_eq!(g.sites()[0].done, 0);
    assert!(!g.sites()[0].finished);
    assert!(!log(&g).contains("a road is cut"), "{}", log(&g));
}

/// 13.2, 7.4, 13.1 places the text does not allow are refused, each in one line naming its
/// rule: a cut on open ground, a crossing over a low wall (a cut serves there), a pontoon
/// without materials or over no water, work with no engineer officer.
#[test]
fn m16_an_illegal_place_is_refused_in_one_line_13_2_7_4() {
    let mut g = game(&walled(false), &[RED]);
    play(&mut g, "activate br-pio");
    let open = refused(&g, "work cut at 20,30");
    assert_eq!(open.rule, "13.2");
    assert!(open.message.contains("on none"), "{open}");
    let low = refused(&g, "work crossing at 26,18");
    assert_eq!(low.rule, "7.4");
    let pontoon = refused(&g, "work pontoon at 24,18 to 28,18");
    assert!(
        pontoon.rule == "13.2" && pontoon.message.contains("materials"),
        "{pontoon}"
    );
    let far = refused(&g, "work cut at 26,32");
    assert!(
        far.rule == "13.1" && far.message.contains("within 6"),
        "{far}"
    );
    for e in [&open, &low, &pontoon, &far] {
        assert!(!e.to_string().contains('\n'), "{e}");
    }
    let none = walled(false).replace("{ role = \"engineer\" }, ", "");
    let mut h = game(&none, &[RED]);
    play(&mut h, "activate br-pio");
    let e = refused(&h, "work cut at 26,18");
    assert!(e.rule == "13.1" && e.message.contains("engineer"), "{e}");
}

/// Siege Sortie with the French sappers, in column, and their cart brought round to the
/// magazine wall (east of it), none hidden.
fn sortie_at_the_wall() -> String {
    let text = fiw_skirmish::SCENARIOS
        .iter()
        .find(|(n, _)| *n == "siege-sortie")
        .unwrap()
        .1;
    let sappers = "formation = \"skirmish\"\nrows = 2\nat = [8, 18]\nfacing = 180\nhidden = true\nhiding = [[8, 18], [6, 18], [10, 18]]\nstart = \"advance\"";
    let cart = "at = [4, 12]\nfacing = 180\nhidden = true\nhiding = [[4, 12], [4, 11.5], [4, 12.5]]\nstart = \"advance\"";
    assert!(text.contains(sappers) && text.contains(cart));
    text.replace(
        sappers,
        "formation = \"column\"\nwidth = 1\nat = [55, 43]\nfacing = 270",
    )
    .replace(cart, "at = [53, 38]\nfacing = 270")
}

/// 7.4 in Siege Sortie the magazine wall, a very high wall, can be crossed by no one until
/// pioneers make a crossing point there (a turn's work); then a column crosses it as over a
/// minor obstacle, paying half its move.
#[test]
fn m16_a_crossing_point_over_siege_sorties_magazine_wall_7_4() {
    let mut g = game(&sortie_at_the_wall(), &[BLACK, BLACK + 1, BLACK + 2]);
    while matches!(g.phase(), fiw_skirmish::Phase::Deploy(_)) {
        let m = menu(&g);
        play(&mut g, &m[0]);
    }
    // before: the wall is closed to the column
    let mut before = g.clone();
    play(&mut before, "activate fr-sappers");
    dice(&mut before, &[3, 6]);
    play(&mut before, "test");
    play(&mut before, "move");
    let e = refused(&before, "march to 49.2,43");
    assert!(
        e.rule == "7.4" && e.message.contains("magazine wall"),
        "{e}"
    );
    play(&mut g, "activate fr-sappers");
    assert!(
        menu(&g)
            .iter()
            .any(|m| m.starts_with("work crossing at 50,")),
        "{:?}",
        menu(&g)
    );
    play(&mut g, "work crossing at 50,43");
    end_turn(&mut g);
    assert!(
        log(&g).contains("a crossing point is made over the magazine wall"),
        "{}",
        log(&g)
    );
    play(&mut g, "activate fr-sappers");
    dice(&mut g, &[3, 6]);
    play(&mut g, "test");
    play(&mut g, "move");
    let allowance = g.activation().unwrap().allowance;
    play(&mut g, "march to 49.2,43");
    // 5.8" marched and half the move for the wall (7.4, as a minor obstacle)
    let spent = allowance - left(&g);
    assert!(
        (spent - (5.8 + allowance / 2.0)).abs() < 0.05,
        "{spent} of {allowance}"
    );
    assert!(x(&g, "fr-sappers") < 53.0);
}

/// A river 4" wide across the table; pioneers in line south of it with their engineer
/// officer and tool wagon, the side's wagon carrying a pontoon; a column waiting to cross.
fn river() -> String {
    let terrain = "[[table.terrain]]\nkind = \"river\"\nname = \"the river\"\npoints = [[0, 16], [48, 16], [48, 20], [0, 20]]\n";
    let pioneers = unit(
        "british",
        "br-pio",
        "troop = \"regular\"\nfieldcraft = 1\nformation = \"line\"\nranks = 2\nat = [31, 13]\nfacing = 0\nfigures = [{ role = \"officer\" }, { role = \"engineer\" }, { role = \"private\", count = 7 }]",
    );
    let wagon = unit(
        "british",
        "br-wagon",
        "troop = \"wagon\"\nfieldcraft = 1\nformation = \"battery\"\nat = [25.5, 13.5]\nfacing = 0\nfigures = [{ role = \"wagon\" }]",
    );
    let column = unit(
        "british",
        "br-col",
        "troop = \"regular\"\nfieldcraft = 1\nformation = \"column\"\nwidth = 1\nat = [24, 10]\nfacing = 0\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 5 }]",
    );
    scenario(
        terrain,
        "",
        &format!("{pioneers}{wagon}{column}"),
        &line("french", "fr-a", (44.0, 32.0), 270.0, 9),
    )
    .replace("turns = 3", "turns = 9\npontoons = [\"british\"]")
}

/// 13.2 a pontoon is laid an inch a turn where the materials are at hand: 5" takes 5 turns of
/// work, and then troops cross the river on it as on a bridge.
#[test]
fn m16_a_pontoon_of_five_inches_takes_five_turns_then_carries_troops_13_2() {
    let mut g = game(&river(), &[RED, RED + 1, RED + 2, RED + 3]);
    play(&mut g, "activate br-col");
    dice(&mut g, &[3, 6]);
    play(&mut g, "test");
    play(&mut g, "move");
    let e = refused(&g, "march to 24,22");
    assert_eq!(e.rule, "7.1", "{e}");
    play(&mut g, "done");
    end_turn(&mut g);
    for turn in 1..=5u32 {
        play(&mut g, "activate br-pio");
        let order = if turn == 1 {
            "work pontoon at 24,15.5 to 24,20.5"
        } else {
            "work pontoon-1"
        };
        assert!(legal(&g, order), "turn {turn}: {:?}", menu(&g));
        if turn == 1 {
            // the menu offers a pontoon straight across from the company's nearest figure
            assert!(
                menu(&g).iter().any(|m| m.starts_with("work pontoon at ")),
                "{:?}",
                menu(&g)
            );
        }
        play(&mut g, order);
        end_turn(&mut g);
        assert_eq!(g.sites()[0].done, turn, "{}", log(&g));
        assert_eq!(g.sites()[0].finished, turn == 5, "turn {turn}");
    }
    assert!(log(&g).contains("pontoon 1 over the river spans: it is a bridge (13.2)"));
    play(&mut g, "activate br-col");
    dice(&mut g, &[3, 6]);
    play(&mut g, "test");
    play(&mut g, "move");
    play(&mut g, "march to 24,22");
    assert!(y(&g, "br-col") > 15.0, "{}", y(&g, "br-col"));
}

/// A wooden bridge over a river, its demolition site, and sappers with their engineer and
/// cart by it.
fn bridge() -> String {
    let features = "[[sites]]\nname = \"the bridge\"\ntask = \"demolish\"\nat = [30, 30]\nbridge = \"the bridge\"\nmaterial = \"wood\"\n";
    let terrain = "[[table.terrain]]\nkind = \"river\"\npoints = [[0, 31], [48, 31], [48, 34], [0, 34]]\n[[table.terrain]]\nkind = \"bridge\"\nname = \"the bridge\"\npoints = [[28, 30], [32, 30], [32, 35], [28, 35]]\n";
    let sappers = unit(
        "british",
        "br-sap",
        "troop = \"regular\"\nfieldcraft = 1\nformation = \"line\"\nranks = 2\nat = [30, 27]\nfacing = 0\nfigures = [{ role = \"engineer\" }, { role = \"officer\" }, { role = \"private\", count = 7 }]",
    );
    let cart = unit(
        "british",
        "br-cart",
        "troop = \"wagon\"\nfieldcraft = 1\nformation = \"battery\"\nat = [36, 26]\nfacing = 90\nfigures = [{ role = \"wagon\" }]",
    );
    scenario(
        terrain,
        features,
        &format!("{sappers}{cart}"),
        &line("french", "fr-a", (44.0, 8.0), 270.0, 9),
    )
    .replace("turns = 3", "turns = 9")
}

/// 13.2 a damaged bridge is repaired by 1D6 points a turn of work: 6 points of charges
/// damage a wooden bridge (infantry only, at half speed); a repair of 4 brings it back under
/// that, whole again. A bridge with no damage has nothing to repair.
#[test]
fn m16_a_repair_rolls_one_die_and_restores_a_damaged_bridge_13_2() {
    let mut g = game(&bridge(), &[RED, RED + 1, RED + 2, RED + 3]);
    play(&mut g, "activate br-sap");
    let e = refused(&g, "repair the-bridge");
    assert!(e.rule == "13.2" && e.message.contains("no damage"), "{e}");
    play(&mut g, "work the-bridge");
    end_turn(&mut g);
    play(&mut g, "activate br-sap");
    dice(&mut g, &[6]);
    play(&mut g, "blow the-bridge");
    assert!(log(&g).contains("the bridge is damaged"), "{}", log(&g));
    end_turn(&mut g);
    play(&mut g, "activate br-sap");
    assert!(is_listed(&g, "repair the-bridge"), "{:?}", menu(&g));
    play(&mut g, "repair the-bridge");
    dice(&mut g, &[4]);
    end_turn(&mut g);
    assert_eq!(g.sites()[0].damage, 2, "{}", log(&g));
    assert!(
        log(&g).contains(
            "repairs the bridge by 4: 2 points of damage left, and it is whole again (13.2)"
        ),
        "{}",
        log(&g)
    );
}

/// 13.2 the computer general repairs a bridge the enemy wins by damaging, once charges have
/// harmed it (2 points of the 6 that damage it): its sappers by the bridge repair rather than
/// lay another charge or stand.
#[test]
fn m16_the_general_repairs_a_bridge_the_enemy_would_win_by_13_2() {
    use fiw_engine::{Policy, Seen};
    let t = bridge().replacen(
        "[[victory]]",
        "[[victory]]\nwinner = \"french\"\ndamaged = \"the bridge\"\nreason = \"the bridge is blown\"\n\n[[victory]]",
        1,
    );
    let mut g = game(&t, &[RED, RED + 1, RED + 2, RED + 3]);
    play(&mut g, "activate br-sap");
    play(&mut g, "work the-bridge");
    end_turn(&mut g);
    play(&mut g, "activate br-sap");
    dice(&mut g, &[2]);
    play(&mut g, "blow the-bridge");
    assert!(log(&g).contains("not enough to harm it"), "{}", log(&g));
    end_turn(&mut g);
    play(&mut g, "activate br-sap");
    let seat = g.to_move().unwrap();
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    let mut general = fiw_skirmish::general::General::new(1);
    let pick = legal[general.choose(&Seen::new(&g, seat), &legal)];
    assert_eq!(g.action_text(&pick), "repair the-bridge");
}

/// 7.7, 13.1 a hidden company that starts work at a new place is revealed: the new site would
/// otherwise tell the enemy where it stands.
#[test]
fn m16_a_hidden_company_starting_a_new_work_is_revealed_7_7_13_1() {
    let hollow = "[[features]]\nkind = \"dead-ground\"\nname = \"the hollow\"\npoints = [[12, 8], [25, 8], [25, 28], [12, 28]]\n\n[[features]]\nkind = \"low-wall\"";
    let t = walled(false)
        .replace(
            "at = [22, 18]\nfacing = 90\n",
            "at = [22, 18]\nfacing = 90\nhidden = true\nhiding = [[22, 18]]\n",
        )
        .replacen("[[features]]\nkind = \"low-wall\"", hollow, 1)
        .replace("at = [21, 13]\nfacing = 90", "at = [29, 14]\nfacing = 90");
    let mut g = game(&t, &[RED]);
    play(&mut g, "deploy br-pio at 21,20");
    assert!(g.units()[u(&g, "br-pio")].hidden);
    play(&mut g, "activate br-pio");
    play(&mut g, "work cut at 26,18");
    assert!(!g.units()[u(&g, "br-pio")].hidden);
    assert!(
        log(&g).contains("starts work in the open (7.7)"),
        "{}",
        log(&g)
    );
}

/// A British company 4" short of a very high wall (or, `low`, a low wall), a French one 1"
/// beyond it, and a band far off that keeps the turn going.
fn beyond_a_wall(kind: &str) -> String {
    let features = format!(
        "[[features]]\nkind = \"{kind}\"\nname = \"the wall\"\npoints = [[14, 8], [14, 28]]\n"
    );
    let british = unit(
        "british",
        "br-a",
        "troop = \"regular\"\nfieldcraft = 1\nformation = \"line\"\nranks = 1\nat = [10, 18]\nfacing = 90\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 5 }]",
    );
    let french = unit(
        "french",
        "fr-a",
        "troop = \"regular\"\nfieldcraft = 1\nformation = \"line\"\nranks = 1\nat = [15.5, 18]\nfacing = 270\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 5 }]",
    );
    let french = format!("{french}{}", band("french", "fr-z", (44.0, 8.0), 270.0, 5));
    scenario("", &features, &british, &french)
}

/// 7.4 a very high wall stops a charge as it stops a move: no charger crosses it (a crossing
/// point serves only troops in column, and a charge is never made in column), so the men
/// beyond are not reached; the same charge over a low wall reaches them.
#[test]
fn m16_a_charge_does_not_cross_a_very_high_wall_7_4() {
    let mut reached = Vec::new();
    for kind in ["low-wall", "high-wall"] {
        let mut g = game(&beyond_a_wall(kind), &[RED]);
        play(&mut g, "activate br-a");
        dice(&mut g, &[4]);
        play(&mut g, "test");
        if !legal(&g, "charge fr-a") {
            reached.push((kind, false, x(&g, "br-a")));
            continue;
        }
        play(&mut g, "charge fr-a");
        dice(&mut g, &[6, 1, 1, 1, 1, 1, 1, 1, 1]);
        if is_listed(&g, "react stand") {
            play(&mut g, "react stand");
        }
        reached.push((kind, !g.melees().is_empty(), x(&g, "br-a")));
    }
    assert!(
        reached[0].1,
        "over the low wall the charge reaches: {reached:?}"
    );
    assert!(!reached[1].1, "the very high wall stops it: {reached:?}");
    assert!(
        reached[1].2 < 14.0,
        "no charger stands beyond the wall: {reached:?}"
    );
}
