//! The scenario files: the two built-in ones load and hold what the text and our choices say;
//! a file breaking a rule is refused with one line naming the field.

use fiw_d3::{Army, Scenario, Type, SCENARIOS};
use fiw_table::{Edge, Kind};

const OSWEGO: &str = include_str!("../data/scenarios/fort-oswego.toml");

fn refuse(text: &str) -> String {
    let e = Scenario::parse(text, "s.toml")
        .expect_err("the file must be refused")
        .to_string();
    assert!(!e.contains('\n'), "one line: {e}");
    e
}

#[test]
fn every_built_in_scenario_loads() {
    for (name, _) in SCENARIOS {
        let s = Scenario::named(name).unwrap_or_else(|e| panic!("{e}"));
        for army in &s.armies {
            let n = army
                .units
                .iter()
                .filter(|u| u.kind != Type::Commander)
                .count();
            assert!(
                (12..=24).contains(&n),
                "{name}: {n} units; the rules suit 12 to 24 a side"
            );
            assert_eq!(
                army.units
                    .iter()
                    .filter(|u| u.kind == Type::Commander)
                    .count(),
                1
            );
        }
        assert!(!s.assumed.is_empty());
    }
    assert!(Scenario::named("quebec")
        .unwrap_err()
        .to_string()
        .contains("known: fort-oswego, meeting"));
}

#[test]
fn fort_oswego_is_set_up_as_the_text_says() {
    let s = Scenario::named("fort-oswego").unwrap();
    let b = s.layout.bounds();
    assert_eq!((b.width(), b.depth()), (72.0, 48.0), "a 6' x 4' table");
    let g = s.layout.grid().expect("gridded");
    assert_eq!((g.cell(), g.cols(), g.rows()), (6.0, 12, 8), "6\" squares");
    let uf = fiw_d3::units();
    let rect = |p: &fiw_d3::scenario::Placement| uf.get(p.kind).footprint.place(p.pose);

    // British: no closer than 4 squares (24") to the west and south flanks; one gun, in the fort
    let br = &s.armies[Army::British.seat()];
    for u in &br.units {
        assert!(
            b.rect_from_edge(&rect(u), Edge::West) >= 24.0
                && b.rect_from_edge(&rect(u), Edge::South) >= 24.0,
            "{}",
            u.id
        );
    }
    let guns: Vec<_> = br
        .units
        .iter()
        .filter(|u| u.kind == Type::Artillery)
        .collect();
    assert_eq!(guns.len(), 1);
    let fort = s
        .layout
        .terrain()
        .iter()
        .find(|t| t.name.as_deref() == Some("Fort Oswego"))
        .unwrap();
    assert_eq!(
        fort.polygon.holds(&rect(guns[0])),
        fiw_table::Containment::Wholly
    );
    // the fort and its two prepared earthworks
    let works = s
        .layout
        .terrain()
        .iter()
        .filter(|t| t.kind == Kind::Entrenchment)
        .count();
    assert_eq!(works, 3);

    // French: split evenly between the West and South edges, one gun, two units a regiment
    let fr = &s.armies[Army::French.seat()];
    let table_units: Vec<_> = fr
        .units
        .iter()
        .filter(|u| u.kind != Type::Commander)
        .collect();
    // zone 0 runs along the West edge, zone 1 along the South edge; no unit stands in both
    let wholly = |z: usize, u: &fiw_d3::scenario::Placement| {
        fr.zones[z].holds(&rect(u)) == fiw_table::Containment::Wholly
    };
    assert_eq!(
        fr.zones[0].bounds(),
        (
            fiw_table::Point::new(0.0, 0.0),
            fiw_table::Point::new(6.0, 43.0)
        )
    );
    assert_eq!(
        fr.zones[1].bounds(),
        (
            fiw_table::Point::new(0.0, 0.0),
            fiw_table::Point::new(72.0, 6.0)
        )
    );
    let west = table_units
        .iter()
        .filter(|u| wholly(0, u) && !wholly(1, u))
        .count();
    let south = table_units
        .iter()
        .filter(|u| wholly(1, u) && !wholly(0, u))
        .count();
    assert_eq!((west, south), (7, 7));
    assert_eq!(
        fr.units
            .iter()
            .filter(|u| u.kind == Type::Artillery)
            .count(),
        1
    );
    for army in &s.armies {
        for u in army.units.iter().filter(|u| {
            u.id.ends_with('a') && matches!(u.kind, Type::Line | Type::Veteran | Type::Skirmishers)
        }) {
            let twin = format!("{}b", &u.id[..u.id.len() - 1]);
            assert!(
                army.units.iter().any(|v| v.id == twin && v.kind == u.kind),
                "{} has no second unit {twin}",
                u.id
            );
        }
    }
    // the forces and the fort are chosen values, and say so
    assert!(s
        .assumed
        .iter()
        .any(|(what, _)| what.contains("british forces")));
    assert!(s
        .assumed
        .iter()
        .any(|(what, _)| what.contains("french forces")));
    assert!(s
        .assumed
        .iter()
        .any(|(what, _)| what.contains("Fort Oswego (entrenchment)")));
}

#[test]
fn a_unit_in_the_lake_is_refused() {
    let text = OSWEGO.replacen("at = [46, 39]", "at = [46, 45]", 1);
    assert_eq!(refuse(&text), "s.toml: british.units[5].at: br-reg-1b stands in Lake Ontario, where no unit may stand (Terrain Effects)");
}

#[test]
fn a_deployment_zone_off_the_table_is_refused() {
    let text = OSWEGO.replacen(
        "[[0, 0], [6, 0], [6, 43], [0, 43]]",
        "[[0, 0], [6, 0], [6, 50], [0, 43]]",
        1,
    );
    assert_eq!(
        refuse(&text),
        "s.toml: french.zones[0][2]: (6, 50) lies off the 72 × 48 table"
    );
}

#[test]
fn overlapping_units_are_refused() {
    let text = OSWEGO.replacen("at = [3, 16]", "at = [3, 12]", 1);
    assert_eq!(
        refuse(&text),
        "s.toml: french.units[1].at: fr-reg-1b's base overlaps fr-reg-1a's"
    );
}

#[test]
fn line_infantry_in_woods_is_refused() {
    let text = OSWEGO
        .replacen("at = [30, 3]", "at = [50, 10]", 1)
        .replacen(
            "[[0, 0], [72, 0], [72, 6], [0, 6]]",
            "[[0, 0], [72, 0], [72, 16], [0, 16]]",
            1,
        );
    assert_eq!(refuse(&text), "s.toml: french.units[7].at: fr-reg-3a stands in the south-east woods: only skirmishers may enter woods (Terrain Effects)");
}

#[test]
fn a_british_unit_too_near_a_flank_is_refused() {
    // the zone is widened so that only the keep-off rule of the scenario catches it
    let text = OSWEGO
        .replacen(
            "[[24, 24], [72, 24], [72, 48], [24, 48]]",
            "[[12, 24], [72, 24], [72, 48], [12, 48]]",
            1,
        )
        .replacen("at = [30, 38]", "at = [20, 38]", 1);
    assert_eq!(refuse(&text), "s.toml: british.units[12].at: br-rng-a is 19.2\" from the west edge; the british deploy no closer than 24\"");
}

#[test]
fn a_unit_outside_its_zones_is_refused() {
    let text = OSWEGO.replacen("at = [3, 28]", "at = [12, 28]", 1);
    assert_eq!(refuse(&text), "s.toml: french.units[2].at: fr-reg-2a is not wholly inside a deployment zone of the french");
}

#[test]
fn the_gun_must_be_in_the_fort() {
    let text = OSWEGO.replacen("at = [60, 35]", "at = [50, 32]", 1);
    assert_eq!(
        refuse(&text),
        "s.toml: british.units[0].in: br-art is not wholly inside Fort Oswego"
    );
    let text = OSWEGO.replacen("in = \"Fort Oswego\"", "in = \"Fort Ontario\"", 1);
    assert_eq!(
        refuse(&text),
        "s.toml: british.units[0].in: no terrain is named 'Fort Ontario'"
    );
}

#[test]
fn an_army_has_one_commander_and_units_have_distinct_names() {
    let text = OSWEGO.replacen("type = \"cavalry\"", "type = \"commander\"", 1);
    assert_eq!(
        refuse(&text),
        "s.toml: french.units: an army has exactly one commander (Army Commander), not 2"
    );
    let text = OSWEGO.replacen("id = \"fr-reg-1b\"", "id = \"fr-reg-1a\"", 1);
    assert_eq!(
        refuse(&text),
        "s.toml: french.units[1].id: fr-reg-1a is already the name of another unit"
    );
    let text = OSWEGO.replacen("id = \"fr-reg-1b\"", "id = \"Fr Reg\"", 1);
    assert_eq!(refuse(&text), "s.toml: french.units[1].id: 'Fr Reg' is not a unit name (lower-case letters, digits and '-')");
}

#[test]
fn a_broken_table_names_the_table_field() {
    let text = OSWEGO.replacen(
        "points = [[54, 30], [66, 30]",
        "points = [[54, 30], [80, 30]",
        1,
    );
    assert_eq!(
        refuse(&text),
        "s.toml: table.terrain[1].points[1]: (80, 30) lies off the 72 × 48 table"
    );
    let text = OSWEGO.replacen("turns = 15", "turns = 0", 1);
    assert_eq!(
        refuse(&text),
        "s.toml: turns: a battle lasts at least 1 turn"
    );
    let text = OSWEGO.replacen("type = \"cavalry\"", "type = \"dragoons\"", 1);
    assert!(refuse(&text).starts_with("s.toml: "));
}

#[test]
fn only_infantry_and_skirmishers_stand_in_a_town_and_one_at_a_time() {
    let meeting = SCENARIOS.iter().find(|(n, _)| *n == "meeting").unwrap().1;
    // widen the British zone over the village, then put units in it
    let wide = meeting.replacen(
        "[[0, 0], [72, 0], [72, 8], [0, 8]]",
        "[[0, 0], [72, 0], [72, 30], [0, 30]]",
        1,
    );
    let cav = wide.replacen("at = [4, 3]", "at = [36, 24]", 1);
    assert_eq!(refuse(&cav), "s.toml: british.units[10].at: br-cav stands in the village: only infantry and skirmishers may be in a town (Terrain Effects)");
    let two = wide.replacen("at = [16, 3]", "at = [35, 22]", 1).replacen(
        "at = [22, 3]",
        "at = [37, 26]",
        1,
    );
    assert_eq!(refuse(&two), "s.toml: british.units[1].at: br-reg-1b and br-reg-1a are both in the village: one unit to a town (Terrain Effects)");
    let one = wide.replacen("at = [16, 3]", "at = [35, 22]", 1);
    assert!(Scenario::parse(&one, "s.toml").is_ok());
}

#[test]
fn a_battle_of_more_units_than_orders_can_number_is_refused() {
    // 300 more French skirmishers (placed nowhere in particular: the count is asked first)
    let extra: String = (0..300)
        .map(|k| format!("\n[[french.units]]\nid = \"fr-extra-{k}\"\ntype = \"skirmishers\"\nat = [1, 1]\nfacing = 0\n"))
        .collect();
    let e = refuse(&format!("{OSWEGO}{extra}"));
    assert!(
        e.starts_with("s.toml: french.units: a battle has at most 256 units (orders number them in a byte), not 3"),
        "{e}"
    );
}
