//! The low findings of the 2026-12-04 audit (issue 35): what the log, the board, the menus and
//! the prompt say. Each test is named after its finding and cites the section it speaks of.

use crate::common;
use common::*;
use fiw_engine::Game;

/// Rangers (+1) 4" from a line of regulars.
fn rangers_and_line(gap: f64) -> String {
    let rangers = unit(
        "british",
        "br-rng",
        "troop = \"irregular\"\nmarksmen = true\nfieldcraft = 3\nformation = \"skirmish\"\nat = [10, 18]\nfacing = 90\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 5 }]",
    );
    scenario(
        "",
        "",
        &rangers,
        &line("french", "fr-a", (10.0 + gap, 18.0), 270.0, 7),
    )
}

// 8.3 the fire's odds write the modifier once: "3d at 4+ (+1 each)", not "3d at 4++1".
#[test]
fn l1_fire_odds_write_the_modifier_once() {
    let mut g = game(&rangers_and_line(4.0), &[RED]);
    play(&mut g, "activate br-rng");
    let a = g.parse_action("fire at fr-a").unwrap();
    let note = g.action_note(&a).unwrap();
    assert!(!note.contains("++"), "{note}");
    assert!(note.contains("at 4+ (+1 each)"), "{note}");
}

// The log reads as English: one die, one figure, one hit; a unit whose name ends in s is
// spoken of in the possessive as such; a unit that is not the card's side's is told so.
#[test]
fn l2_the_log_reads_as_english() {
    let lone = unit(
        "british",
        "br-rangers",
        "troop = \"irregular\"\nmarksmen = true\nfieldcraft = 3\nformation = \"skirmish\"\nat = [10, 18]\nfacing = 90\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 5 }]",
    );
    let t = scenario(
        "",
        "",
        &lone,
        &line("french", "fr-a", (14.0, 18.0), 270.0, 7),
    );
    let mut g = game(&t, &[RED]).with_casualties("br-rangers", 4).unwrap();
    let e = refused(&g, "activate fr-a");
    assert!(e.message.contains("fr-a is not a British unit"), "{e}");
    play(&mut g, "activate br-rangers");
    // two figures left: one die, a 6 hits; a 6 on the leaders' risk: the officer falls
    dice(&mut g, &[6, 6, 1]);
    play(&mut g, "fire at fr-a");
    let l = log(&g);
    assert!(l.contains("(2 figures: 1 at 4+"), "{l}");
    assert!(l.contains(": 6: 1 hit"), "{l}");
    assert!(!l.contains("1 dice") && !l.contains("1 hits"), "{l}");
}

// 2.1 a battalion acting whole rolls its move once, in its own name.
#[test]
fn l3_a_battalion_rolls_its_move_in_its_own_name() {
    let a = unit(
        "british",
        "br-x",
        "troop = \"regular\"\nfieldcraft = 1\nformation = \"line\"\nranks = 2\nat = [10, 15]\nfacing = 90\nfigures = [{ role = \"colonel\", personality = \"indecisive\" }, { role = \"officer\" }, { role = \"private\", count = 5 }]",
    );
    let b = unit(
        "british",
        "br-y",
        "troop = \"regular\"\nfieldcraft = 1\nformation = \"line\"\nranks = 2\nat = [10, 19.4]\nfacing = 90\nfigures = [{ role = \"officer\" }, { role = \"colour\" }, { role = \"musician\" }, { role = \"private\", count = 5 }]",
    );
    let british =
        format!("{a}{b}[[british.battalions]]\nid = \"br-bn\"\ncompanies = [\"br-x\", \"br-y\"]\n");
    let t = scenario(
        "",
        "",
        &british,
        &line("french", "fr-a", (38.0, 18.0), 270.0, 9),
    );
    let mut g = game(&t, &[RED]);
    play(&mut g, "activate br-bn");
    dice(&mut g, &[3, 4]);
    play(&mut g, "test");
    play(&mut g, "move");
    assert!(
        log(&g).contains("br-bn rolls 4 for its move"),
        "{}",
        log(&g)
    );
}

// 12.1, S2 the board counts a unit's men: a household's women are shown apart, and a gun or
// a wagon is no man.
#[test]
fn l4_the_board_counts_men_apart_from_women_and_guns() {
    let features = "[[features]]\nkind = \"building\"\nname = \"the cabin\"\npoints = [[22, 20.5], [26, 20.5], [26, 23.5], [22, 23.5]]\napertures = [{ kind = \"door\", at = [24, 20.5] }]\n";
    let home = unit(
        "british",
        "br-home",
        "troop = \"household\"\nfieldcraft = 3\nformation = \"skirmish\"\nat = [24, 16]\nfacing = 0\nbuilding = \"the cabin\"\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 2 }, { role = \"woman\", count = 2 }]",
    );
    let gun = unit(
        "british",
        "br-gun",
        "troop = \"artillery\"\nfieldcraft = 1\nformation = \"battery\"\nat = [6, 6]\nfacing = 90\nfigures = [{ role = \"gun\", gun = \"field\" }, { role = \"officer\" }, { role = \"private\", count = 3 }]",
    );
    let t = scenario(
        "",
        features,
        &format!("{home}{gun}"),
        &line("french", "fr-a", (40.0, 30.0), 270.0, 7),
    );
    let g = game(&t, &[RED]);
    let board = g.render(0);
    assert!(board.contains("3/3 men, 2 women in the cabin"), "{board}");
    assert!(board.contains("4/4 men and the gun"), "{board}");
}

// S2 the board's count of companies lost is the one the victory counts (with the option
// field-companies, those in the field).
#[test]
fn l5_the_board_counts_the_companies_the_victory_counts() {
    let waiting = unit(
        "british",
        "br-fort",
        "troop = \"militia\"\nfieldcraft = 1\nformation = \"column\"\nwidth = 2\nat = [20, -0.6]\nfacing = 0\nenters = \"south\"\nalert = { smoke = true }\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 6 }]",
    );
    let british = format!(
        "{}{}{waiting}",
        band("british", "br-a", (10.0, 20.0), 0.0, 5),
        band("british", "br-b", (30.0, 20.0), 0.0, 5)
    );
    let t = scenario(
        "",
        "",
        &british,
        &line("french", "fr-a", (40.0, 30.0), 270.0, 7),
    )
    .replacen(
        "[[victory]]\nwinner = \"french\"\nbritish_gone = true",
        "[[options]]\nname = \"field-companies\"\nreason = \"a test\"\non = true\n\n[[victory]]\nwinner = \"french\"\nbritish_lost_over = 0.5",
        1,
    );
    let g = game(&t, &[RED]);
    assert_eq!(g.view(0).lost[0], (0, 2), "the two companies in the field");
}

// 7.7 a search that succeeds says what it found, and one that finds no one says so: no "it
// looks hard" for a success.
#[test]
fn l6_a_good_search_says_what_it_found() {
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
    play(&mut g, "deploy fr-h at 22.5,18");
    play(&mut g, "activate br-a");
    dice(&mut g, &[5]);
    play(&mut g, "spot the-wood");
    let l = log(&g);
    assert!(l.contains("it finds 1 enemy unit"), "{l}");
    assert!(!l.contains("looks hard"), "{l}");
}

// 3.3 a bold leader's sign says which leader, by how much, and what the score comes to.
#[test]
fn l7_a_bold_leaders_sign_says_who_and_what_it_makes() {
    let hero = unit(
        "british",
        "br-a",
        "troop = \"irregular\"\nfieldcraft = 3\nformation = \"skirmish\"\nat = [10, 18]\nfacing = 90\nfigures = [{ role = \"officer\" }, { role = \"hero\" }, { role = \"private\", count = 5 }]",
    );
    let t = scenario(
        "",
        "",
        &hero,
        &line("french", "fr-a", (40.0, 18.0), 270.0, 7),
    );
    let mut g = game(&t, &[RED]);
    play(&mut g, "activate br-a");
    dice(&mut g, &[3]);
    play(&mut g, "test");
    let plus = g.parse_action("sign +").unwrap();
    let note = g.action_note(&plus).unwrap_or_default();
    assert!(note.contains("hero with br-a adds 1"), "{note}");
    assert!(note.contains("make 4: act as the player wishes"), "{note}");
}

// 8.3, 6.1 the log says the fire's range band, the score needed and the modifier; a charge
// that falls short says why.
#[test]
fn l8_the_log_says_how_a_fire_hits_and_why_a_charge_falls_short() {
    let mut g = game(&rangers_and_line(4.0), &[RED]);
    play(&mut g, "activate br-rng");
    dice(&mut g, &[1, 1, 1]);
    play(&mut g, "fire at fr-a");
    let l = log(&g);
    assert!(l.contains("3 at 4+ (short range) with +1"), "{l}");
    // a charge of 6" + 2D6 at a line 16" off: 8" rolled falls short
    let mut g = game(&rangers_and_line(16.0), &[RED]);
    play(&mut g, "activate br-rng");
    dice(&mut g, &[4]);
    play(&mut g, "test");
    play(&mut g, "charge fr-a");
    dice(&mut g, &[1, 1]);
    play(&mut g, "react hold");
    let l = log(&g);
    assert!(
        l.contains("br-rng's charge falls short (6.1): 8\" of move, fr-a still"),
        "{l}"
    );
}

// 10.5 the odds of fire at a gun section speak of its gunners: each hit is rolled for.
#[test]
fn l9_fire_odds_at_a_gun_count_its_gunners() {
    let gun = unit(
        "french",
        "fr-gun",
        "troop = \"artillery\"\nfieldcraft = 1\nformation = \"battery\"\nat = [16, 18]\nfacing = 270\nfigures = [{ role = \"gun\", gun = \"field\" }, { role = \"officer\" }, { role = \"private\", count = 3 }]",
    );
    let t = scenario(
        "",
        "",
        &line("british", "br-a", (10.0, 18.0), 90.0, 9),
        &gun,
    );
    let mut g = game(&t, &[RED]);
    play(&mut g, "activate br-a");
    let a = g.parse_action("fire at fr-gun").unwrap();
    let note = g.action_note(&a).unwrap();
    assert!(note.contains("gunners hit"), "{note}");
}

// 5.1, 6.3, 7.7 no pointless orders: a unit still off the table neither reserves its fire (no
// one can charge it) nor steps farther off it, and a wagon does not scout.
#[test]
fn l11_no_pointless_orders_off_the_table_or_for_a_wagon() {
    let woods = "[[table.terrain]]\nkind = \"woods\"\nname = \"the wood\"\npoints = [[2, 24], [12, 24], [12, 34], [2, 34]]\n";
    let coming = unit(
        "british",
        "br-band",
        "troop = \"irregular\"\nfieldcraft = 3\nformation = \"skirmish\"\nat = [-3, 10]\nfacing = 90\nenters = \"west\"\nstart = \"advance\"\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 5 }]",
    );
    let cart = unit(
        "british",
        "br-cart",
        "troop = \"wagon\"\nfieldcraft = 1\nformation = \"battery\"\nat = [8, 22]\nfacing = 90\nfigures = [{ role = \"wagon\" }, { role = \"sergeant\" }]",
    );
    let t = scenario(
        woods,
        "",
        &format!("{coming}{cart}"),
        &line("french", "fr-a", (40.0, 18.0), 270.0, 7),
    );
    let mut g = game(&t, &[RED, RED + 1]);
    play(&mut g, "activate br-band");
    dice(&mut g, &[4]);
    play(&mut g, "test");
    assert_eq!(refused(&g, "reserve").rule, "6.3");
    dice(&mut g, &[3, 3]);
    play(&mut g, "move");
    assert_eq!(refused(&g, "step 3 at 270").rule, "5.1");
    assert!(legal(&g, "step 3 at 90"));
    assert!(
        !menu(&g).iter().any(|m| m.ends_with(" at 270")),
        "{:?}",
        menu(&g)
    );
    play(&mut g, "step 3 at 90");
    play(&mut g, "done");
    let m = menu(&g);
    if m.iter().any(|x| x == "activate br-cart") {
        play(&mut g, "activate br-cart");
    } else {
        play(&mut g, "activate fr-a");
        play(&mut g, "pass");
        play(&mut g, "activate br-cart");
    }
    assert_eq!(refused(&g, "spot the-wood").rule, "7.7");
}

// The prompt: an order not understood lists every order word within a line; a known word
// given wrongly is shown its form.
#[test]
fn l13_an_order_not_understood_lists_the_orders() {
    let g = game(&rangers_and_line(10.0), &[RED]);
    let e = g.parse_action("detach br-rng.2").unwrap_err();
    assert!(e.message.len() < 300, "{}", e.message.len());
    for word in ["react", "send", "charge", "breach", "work"] {
        assert!(e.message.contains(word), "{word}: {e}");
    }
    let e = g.parse_action("charge").unwrap_err();
    assert!(e.message.contains("charge UNIT [firing]"), "{e}");
}
