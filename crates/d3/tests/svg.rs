//! The drawing of the table (`fiw_d3::svg`): the checked-in drawing of the Fort Oswego set-up
//! is what the code draws, the SVG is well formed and the same for the same state, and it
//! shows what the rules care about (every unit on the table and its hits, the selected unit's
//! field of fire, all round in a town, and none for a unit that does not shoot).

use fiw_d3::svg::{fort_oswego_setup, svg};
use fiw_d3::{Options, Scenario, D3};
use fiw_engine::{Dice, Game};

/// The tags of `text` open and close in order (a small check that the SVG is well formed:
/// every element closed, nothing closed that was not opened, attribute quotes balanced).
fn well_formed(text: &str) -> Result<(), String> {
    let mut open: Vec<String> = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find('<') {
        let after = &rest[start + 1..];
        let end = after.find('>').ok_or("a tag is never closed with '>'")?;
        let tag = &after[..end];
        if !tag.matches('"').count().is_multiple_of(2) {
            return Err(format!("unbalanced quotes in <{tag}>"));
        }
        if let Some(name) = tag.strip_prefix('/') {
            match open.pop() {
                Some(o) if o == name => {}
                other => return Err(format!("</{name}> closes {other:?}")),
            }
        } else if !tag.ends_with('/') {
            let name = tag.split_whitespace().next().unwrap_or("").to_string();
            open.push(name);
        }
        rest = &after[end + 1..];
    }
    if open.is_empty() {
        Ok(())
    } else {
        Err(format!("never closed: {open:?}"))
    }
}

fn game(scenario: &str) -> D3 {
    D3::new(
        &Options {
            scenario: scenario.into(),
            text: None,
        },
        1,
    )
    .unwrap()
}

#[test]
fn the_checked_in_drawing_of_fort_oswego_is_what_the_code_draws() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/fort-oswego.svg");
    let file = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        file == fort_oswego_setup(),
        "docs/fort-oswego.svg is stale: regenerate it with `cargo run -p fiw-d3 --example fort_oswego_svg` and look at it before committing"
    );
}

#[test]
fn the_drawing_is_well_formed_and_the_same_for_the_same_state() {
    for scenario in ["fort-oswego", "meeting"] {
        let g = game(scenario);
        for selected in [None, Some(0), Some(5), Some(999)] {
            let a = svg(&g, selected);
            assert!(
                a.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
                "{scenario}"
            );
            assert!(a.ends_with("</svg>\n"), "{scenario}");
            well_formed(&a).unwrap_or_else(|e| panic!("{scenario} {selected:?}: {e}"));
            assert_eq!(
                a,
                svg(&g.clone(), selected),
                "{scenario}: the same state draws the same bytes"
            );
            assert!(!a.contains("NaN") && !a.contains("inf"), "{scenario}");
        }
    }
}

#[test]
fn fort_oswego_shows_the_fort_its_earthworks_the_grid_and_every_unit() {
    let g = game("fort-oswego");
    let s = svg(&g, None);
    for name in [
        "Fort Oswego",
        "the west earthwork",
        "the east earthwork",
        "Lake Ontario",
        "Amherst",
        "Contrecoeur",
    ] {
        assert!(s.contains(name), "{name}");
    }
    for i in 0..g.units().len() {
        assert!(
            s.contains(&format!("<g id=\"unit-{}\">", g.id(i))),
            "{}",
            g.id(i)
        );
    }
    // the 6" squares: 11 lines across the 72" width and 7 up the 48" depth
    let grid = s
        .split("<g stroke=\"#c9ccb6\"")
        .nth(1)
        .and_then(|g| g.split("</g>").next())
        .unwrap();
    assert_eq!(grid.matches("<line").count(), 11 + 7);
    // no field of fire without a selected unit
    assert!(!s.contains("field of fire to"));
}

/// Every unit's name lies on the table, even for a unit at its edge (the French general's
/// base touches the east edge at Fort Oswego, and half his name was drawn past it): the name,
/// 7.5 px type at about 4.3 px a character, centred on its `x`, between the table's west edge
/// (40 px in) and its east edge (40 px and 10 px an inch further).
#[test]
fn every_name_stays_on_the_table() {
    for scenario in ["fort-oswego", "meeting"] {
        let g = game(scenario);
        let east = 40.0 + g.scenario().layout.bounds().width() * 10.0;
        let s = svg(&g, None);
        for i in 0..g.units().len() {
            let id = g.id(i);
            let tag = format!("<text id=\"name-{id}\" x=\"");
            let at = s.find(&tag).unwrap_or_else(|| panic!("{id} has no name"));
            let x: f64 = s[at + tag.len()..]
                .split('"')
                .next()
                .and_then(|x| x.parse().ok())
                .unwrap();
            let half = id.chars().count() as f64 * 4.3 / 2.0;
            assert!(
                x - half >= 40.0 - 0.05 && x + half <= east + 0.05,
                "{scenario}: {id}'s name runs off the table ({x} px)"
            );
        }
    }
}

#[test]
fn the_selected_unit_shows_its_field_of_fire_at_its_range() {
    let g = game("fort-oswego");
    let gun = g.unit_named("br-art").unwrap();
    let s = svg(&g, Some(gun));
    assert!(
        s.contains("br-art: field of fire to 24\""),
        "the gun reaches 24\""
    );
    // two straight sides and two arcs of 240 px (24" at 10 px to the inch), then the 6" zone
    assert!(
        s.contains("A240,240 0 0 1"),
        "the arc's radius is the range"
    );
    assert!(s.contains("A60,60 0 0 1"), "the 6\" zone");
    let line = g.unit_named("fr-reg-1a").unwrap();
    assert!(
        svg(&g, Some(line)).contains("A60,60 0 0 1")
            && svg(&g, Some(line)).contains("field of fire to 6\"")
    );
    let horse = g.unit_named("fr-cav").unwrap();
    let s = svg(&g, Some(horse));
    assert!(
        s.contains("fr-cav: 6\" zone dashed (does not shoot)"),
        "cavalry has no field of fire"
    );
    assert!(!s.contains("fill=\"#f2c14e\" fill-opacity=\"0.28\""));
}

#[test]
fn a_unit_in_a_town_shoots_all_round() {
    // the meeting engagement with a British regiment put in the village
    let text = fiw_d3::SCENARIOS
        .iter()
        .find(|(n, _)| *n == "meeting")
        .unwrap()
        .1;
    let text = text
        .replacen(
            "zones = [[[0, 0], [72, 0], [72, 8], [0, 8]]]",
            "zones = [[[0, 0], [72, 0], [72, 30], [0, 30]]]",
            1,
        )
        .replacen("at = [16, 3]", "at = [36, 24]", 1);
    let scenario = Scenario::parse(&text, "town.toml").unwrap();
    let g = D3::from_scenario(
        Options {
            scenario: "town.toml".into(),
            text: Some(text),
        },
        scenario,
        1,
    )
    .unwrap();
    let i = g.unit_named("br-reg-1a").unwrap();
    let s = svg(&g, Some(i));
    let fire = s.split("fill-opacity=\"0.28\"").next().unwrap();
    let path = &fire[fire.rfind("<path d=\"").unwrap()..];
    assert_eq!(
        path.matches("A60,60").count(),
        4,
        "all round: the base grown by 6\" on every side: {path}"
    );
}

#[test]
fn hits_are_shown_and_eliminated_units_left_off() {
    // random orders until a unit is eliminated (a random battle may end without one: then
    // the next seed)
    let mut g = game("fort-oswego");
    let mut list = Vec::new();
    for seed in 7..40 {
        g = game("fort-oswego");
        g.set_logging(false);
        let mut pick = Dice::new(seed);
        while g.to_move().is_some() && !g.units().iter().any(|u| u.eliminated) {
            g.legal_actions(&mut list);
            let a = if list.len() > 1 && pick.below(8) != 0 {
                list[pick.below(list.len() as u32 - 1) as usize]
            } else {
                *list.last().unwrap()
            };
            g.apply(a).unwrap();
        }
        if g.units().iter().any(|u| u.eliminated) {
            break;
        }
    }
    let gone: Vec<usize> = (0..g.units().len())
        .filter(|i| g.units()[*i].eliminated)
        .collect();
    assert!(!gone.is_empty(), "no random battle of 33 eliminated a unit");
    let s = svg(&g, Some(gone[0]));
    well_formed(&s).unwrap();
    for i in 0..g.units().len() {
        let drawn = s.contains(&format!("<g id=\"unit-{}\">", g.id(i)));
        assert_eq!(drawn, !g.units()[i].eliminated, "{}", g.id(i));
        assert_eq!(
            s.contains(&format!("<text id=\"name-{}\"", g.id(i))),
            drawn,
            "{}",
            g.id(i)
        );
    }
    assert!(
        s.contains("no unit selected"),
        "an eliminated unit cannot be selected"
    );
    let hit = (0..g.units().len()).find(|i| !g.units()[*i].eliminated && g.units()[*i].hits > 0);
    if let Some(i) = hit {
        let h = g.units()[i].hits;
        let name = s
            .split(&format!("<text id=\"name-{}\"", g.id(i)))
            .nth(1)
            .unwrap()
            .split("</text>")
            .next()
            .unwrap();
        assert!(name.contains(&format!(">{h} hit")), "{name}");
    }
}

#[test]
fn a_move_changes_the_drawing() {
    let mut g = game("fort-oswego");
    let before = svg(&g, None);
    let order = g.parse_action("move fr-reg-1a to 9,10 face 90").unwrap();
    g.apply(order).unwrap();
    assert_ne!(before, svg(&g, None));
}
