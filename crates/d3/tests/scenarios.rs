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

    // British: not within 4 squares (24") of either end, where the French arrive: only in
    // the middle 24" of the table's length; one gun, in the fort, which stands in that strip
    let br = &s.armies[Army::British.seat()];
    for u in &br.units {
        let r = rect(u);
        assert!(
            b.rect_from_edge(&r, Edge::West) >= 24.0 && b.rect_from_edge(&r, Edge::East) >= 24.0,
            "{} stands within 24\" of an end",
            u.id
        );
        assert!(r.corners().iter().all(|p| (24.0..=48.0).contains(&p.x)));
    }
    assert_eq!(br.keep_off, vec![(Edge::East, 24.0), (Edge::West, 24.0)]);
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
    let (lo, hi) = fort.polygon.bounds();
    assert!(lo.x >= 24.0 && hi.x <= 48.0, "the fort stands in the strip");
    // the fort and its two prepared earthworks, all in the strip
    let works: Vec<_> = s
        .layout
        .terrain()
        .iter()
        .filter(|t| t.kind == Kind::Entrenchment)
        .collect();
    assert_eq!(works.len(), 3);
    for w in &works {
        let (lo, hi) = w.polygon.bounds();
        assert!(lo.x >= 24.0 && hi.x <= 48.0, "{}", w.label());
    }

    // French: split evenly between the two short ends (the west and east edges, opposite
    // each other), one gun, two units a regiment
    let fr = &s.armies[Army::French.seat()];
    let table_units: Vec<_> = fr
        .units
        .iter()
        .filter(|u| u.kind != Type::Commander)
        .collect();
    // zone 0 runs along the west end, zone 1 along the east end
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
            fiw_table::Point::new(66.0, 0.0),
            fiw_table::Point::new(72.0, 43.0)
        )
    );
    let west = table_units.iter().filter(|u| wholly(0, u)).count();
    let east = table_units.iter().filter(|u| wholly(1, u)).count();
    assert_eq!((west, east), (7, 7));
    assert_eq!(west + east, table_units.len());
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
    let text = OSWEGO.replacen("at = [28, 24]", "at = [28, 44]", 1);
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
        .replacen("at = [69, 10]", "at = [56, 10]", 1)
        .replacen(
            "[[66, 0], [72, 0], [72, 43], [66, 43]]",
            "[[50, 0], [72, 0], [72, 43], [50, 43]]",
            1,
        );
    assert_eq!(refuse(&text), "s.toml: french.units[7].at: fr-reg-3a stands in the south-east woods: only skirmishers may enter woods (Terrain Effects)");
}

#[test]
fn a_british_unit_too_near_a_flank_is_refused() {
    // the zone is widened so that only the keep-off rule of the scenario catches it
    let text = OSWEGO
        .replacen(
            "[[24, 0], [48, 0], [48, 43], [24, 43]]",
            "[[12, 0], [60, 0], [60, 43], [12, 43]]",
            1,
        )
        .replacen("at = [28, 24]", "at = [20, 30]", 1);
    assert_eq!(refuse(&text), "s.toml: british.units[5].at: br-reg-1b is 19.2\" from the west edge; the british deploy no closer than 24\"");
    let text = OSWEGO
        .replacen(
            "[[24, 0], [48, 0], [48, 43], [24, 43]]",
            "[[12, 0], [60, 0], [60, 43], [12, 43]]",
            1,
        )
        .replacen("at = [46, 39]", "at = [48, 39]", 1);
    assert_eq!(refuse(&text), "s.toml: british.units[13].at: br-rng-b is 23.2\" from the east edge; the british deploy no closer than 24\"");
}

#[test]
fn a_unit_outside_its_zones_is_refused() {
    let text = OSWEGO.replacen("at = [3, 28]", "at = [12, 28]", 1);
    assert_eq!(refuse(&text), "s.toml: french.units[2].at: fr-reg-2a is not wholly inside a deployment zone of the french");
}

#[test]
fn the_gun_must_be_in_the_fort() {
    let text = OSWEGO.replacen("at = [36, 34]", "at = [36, 28]", 1);
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
        "points = [[30, 30], [42, 30]",
        "points = [[30, 30], [80, 30]",
        1,
    );
    assert_eq!(
        refuse(&text),
        "s.toml: table.terrain[1].points[1]: (80, 30) lies off the 72 × 48 table"
    );
    let text = OSWEGO.replacen("turns = 15", "turns = 0", 1);
    assert_eq!(
        refuse(&text),
        "s.toml: turns: a battle lasts at least 1 turn and at most 100, not 0"
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

/// Nothing a hostile scenario file asks for can make a battle too big to load, draw or play:
/// each bound is refused at once, naming the field (fiw rules d3 lists the limits).
#[test]
fn a_scenario_too_big_to_play_is_refused_naming_the_field() {
    // a table a billion inches wide (it used to load, and its drawing never finished)
    let wide = OSWEGO
        .replacen("width = 72", "width = 1.2e9", 1)
        .replacen("grid = 6\n", "", 1);
    assert_eq!(
        refuse(&wide),
        "s.toml: table.width: a table is at most 1000 inches a side, not 1200000000"
    );
    // a hill of 50,000 corners (it used to take minutes to check)
    let ring: Vec<String> = (0..50_000)
        .map(|k| {
            let a = std::f64::consts::TAU * k as f64 / 50_000.0;
            format!("[{:.2},{:.2}]", 36.0 + 5.0 * a.cos(), 18.0 + 3.0 * a.sin())
        })
        .collect();
    let hill = OSWEGO.replacen(
        "[[table.terrain]]\nkind = \"lake\"",
        &format!(
            "[[table.terrain]]\nkind = \"hill\"\npoints = [{}]\n\n[[table.terrain]]\nkind = \"lake\"",
            ring.join(", ")
        ),
        1,
    );
    assert_eq!(
        refuse(&hill),
        "s.toml: table.terrain[0].points: a polygon has at most 1000 points, not 50000"
    );
    let zone = format!("zones = [[{}]]", ring.join(", "));
    let zones = OSWEGO.replacen("zones = [[[24, 0], [48, 0], [48, 43], [24, 43]]]", &zone, 1);
    assert_eq!(
        refuse(&zones),
        "s.toml: british.zones[0]: a polygon has at most 1000 points, not 50000"
    );
    let many = format!(
        "zones = [{}]",
        vec!["[[24, 0], [48, 0], [48, 43], [24, 43]]"; 17].join(", ")
    );
    let many = OSWEGO.replacen("zones = [[[24, 0], [48, 0], [48, 43], [24, 43]]]", &many, 1);
    assert_eq!(
        refuse(&many),
        "s.toml: british.zones: an army has at most 16 deployment zones, not 17"
    );
    // a battle that would never end
    let long = OSWEGO.replacen("turns = 15", "turns = 4000000000", 1);
    assert_eq!(
        refuse(&long),
        "s.toml: turns: a battle lasts at least 1 turn and at most 100, not 4000000000"
    );
    let name = OSWEGO.replacen(
        "id = \"br-art\"",
        &format!("id = \"{}\"", "b".repeat(33)),
        1,
    );
    assert_eq!(
        refuse(&name),
        "s.toml: british.units[0].id: a unit name is at most 32 characters, not 33"
    );
    let huge = format!("{OSWEGO}\n#{}\n", "x".repeat(1 << 20));
    assert!(
        refuse(&huge).starts_with("s.toml: a scenario file is at most 1048576 bytes"),
        "{}",
        refuse(&huge)
    );
}

/// A facing that is not a number is refused, naming it (it used to be read as 0).
#[test]
fn a_facing_that_is_not_a_number_is_refused() {
    for bad in ["nan", "inf", "-inf"] {
        let text = OSWEGO.replacen("facing = 180", &format!("facing = {bad}"), 1);
        let e = refuse(&text);
        assert!(
            e.starts_with("s.toml: british.units[0].facing: ")
                && e.contains("is not a finite number of degrees"),
            "{e}"
        );
    }
}

/// A save carries its scenario's text, so the same bounds hold when one is replayed: a save
/// whose scenario asks for a billion-inch table is refused as it is read.
#[test]
fn a_save_of_a_scenario_too_big_to_play_is_refused() {
    use fiw_engine::Game;
    let options = fiw_d3::Options {
        scenario: "wide.toml".into(),
        text: Some(OSWEGO.to_string()),
    };
    let g = fiw_d3::D3::new(&options, 1).unwrap();
    let save = fiw_engine::SaveFile::of(&g, &options, 1, Vec::new()).to_json();
    assert!(fiw_engine::replay::<fiw_d3::D3>(&save, false).is_ok());
    let wide = save
        .replacen("width = 72", "width = 1.2e9", 1)
        .replacen("grid = 6\\n", "", 1);
    assert_ne!(wide, save);
    let e = fiw_engine::replay::<fiw_d3::D3>(&wide, false)
        .err()
        .expect("refused")
        .to_string();
    assert!(
        e.contains("table.width: a table is at most 1000 inches a side"),
        "{e}"
    );
}
