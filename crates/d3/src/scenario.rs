//! Scenarios as data (`data/scenarios/*.toml`): the table, who moves first, the last turn, and
//! each army's commander, deployment zones and units, checked on load so that a file breaking a
//! rule (a unit in a lake, a zone off the table, two bases on top of each other) is refused with
//! one line naming the field.

use crate::units::{units, Type};
use crate::DataError;
use fiw_table::{
    Containment, Edge, Kind, Layout, Point, Polygon, Pose, Rect, Shape, TableError, EPS,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The two armies: the kernel's sides, by the name the D3 rules give them. The index is the
/// seat.
pub use fiw_engine::Side as Army;

/// One unit as the scenario places it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Placement {
    /// The name on the table (`fr-reg-3a`).
    pub id: String,
    /// Its type.
    pub kind: Type,
    /// Where it starts.
    pub pose: Pose,
    /// The terrain (its index in the layout) it may never leave: a scenario's unit that "must
    /// be located" there, as Fort Oswego's gun in the fort. It may still pivot and shoot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stays_in: Option<usize>,
}

/// One army of a scenario.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ArmySetup {
    /// The commander's name.
    pub commander: String,
    /// Where its units may start (each unit wholly inside one zone).
    pub zones: Vec<Polygon>,
    /// How close to each named edge its units may start, inches.
    pub keep_off: Vec<(Edge, f64)>,
    /// Its units, in the order of the file.
    pub units: Vec<Placement>,
}

/// A checked scenario, ready to play.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Scenario {
    /// The name in messages.
    pub name: String,
    /// The table.
    #[serde(skip)]
    pub layout: Layout,
    /// The army that moves first.
    pub first: Army,
    /// The last round (each army has one turn a round).
    pub turns: u32,
    /// The two armies, in seat order.
    pub armies: [ArmySetup; 2],
    /// The piece of terrain (its index in the layout) the army that moves first came to take,
    /// if the scenario names one: not a rule (the text's only victory is army resolve), but
    /// what the computer generals fight over and the simulation's report counts.
    pub objective: Option<usize>,
    /// Every value the text does not give: (what, why).
    pub assumed: Vec<(String, String)>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioDef {
    name: String,
    first: Army,
    first_assumed: Option<String>,
    turns: u32,
    turns_assumed: Option<String>,
    objective: Option<String>,
    objective_assumed: Option<String>,
    table: toml::Value,
    british: ArmyDef,
    french: ArmyDef,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ArmyDef {
    commander: String,
    zones: Vec<Vec<Point>>,
    zones_assumed: Option<String>,
    #[serde(default)]
    keep_off: KeepOffDef,
    forces_assumed: Option<String>,
    units: Vec<UnitDef>,
}

#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct KeepOffDef {
    north: Option<f64>,
    east: Option<f64>,
    south: Option<f64>,
    west: Option<f64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UnitDef {
    id: String,
    #[serde(rename = "type")]
    kind: Type,
    at: Point,
    facing: f64,
    #[serde(rename = "in")]
    inside: Option<String>,
    /// It stays in the terrain `in` names for the whole battle, not only at the start.
    #[serde(default)]
    stays: bool,
}

/// Veterans: the most veteran infantry units an army may have ("up to 2-4").
pub const MAX_VETERANS: usize = 4;

/// The scenarios built into fiw, by the name used on the command line.
pub const SCENARIOS: &[(&str, &str)] = &[
    (
        "fort-oswego",
        include_str!("../data/scenarios/fort-oswego.toml"),
    ),
    ("meeting", include_str!("../data/scenarios/meeting.toml")),
];

fn table_error(file: &str, e: TableError) -> DataError {
    match e.within("table") {
        TableError::Field { field, reason } => DataError::new(file, field, reason),
        other => DataError::new(file, "table", other.to_string()),
    }
}

/// The most units a battle may have: an order names its unit by a number in a byte.
pub const MAX_UNITS: usize = 256;

/// The most deployment zones an army may have (each unit is checked against every one).
pub const MAX_ZONES: usize = 16;

/// The last round a scenario may set: a battle of the text lasts an afternoon, and a file
/// asking for four thousand million rounds would never end in a simulation.
pub const MAX_TURNS: u32 = 100;

/// The longest unit name: every order and most lines of the log carry one.
pub const MAX_ID: usize = 32;

/// The longest scenario file, bytes (the built-in ones are under 10 kB): a save carries the
/// file's text, and a text this size is read and checked at once.
pub const MAX_TEXT: usize = 1 << 20;

impl Scenario {
    /// A built-in scenario by name (`fort-oswego`, `meeting`).
    ///
    /// # Errors
    /// An unknown name, listing the known ones; a built-in file that fails its checks.
    pub fn named(name: &str) -> Result<Scenario, DataError> {
        match SCENARIOS.iter().find(|(n, _)| *n == name) {
            Some((n, text)) => Scenario::parse(text, &format!("crates/d3/data/scenarios/{n}.toml")),
            None => {
                let known: Vec<&str> = SCENARIOS.iter().map(|(n, _)| *n).collect();
                Err(DataError::new(
                    "scenario",
                    "",
                    format!("no scenario '{name}' (known: {})", known.join(", ")),
                ))
            }
        }
    }

    /// A built-in scenario by name, read once and shared: a simulation starts thousands of
    /// battles, and reading the file each time cost as much as a tenth of a game.
    ///
    /// # Errors
    /// As [`Scenario::named`].
    pub fn shared(name: &str) -> Result<std::sync::Arc<Scenario>, DataError> {
        static BUILT_IN: std::sync::OnceLock<Vec<Option<std::sync::Arc<Scenario>>>> =
            std::sync::OnceLock::new();
        let all = BUILT_IN.get_or_init(|| {
            SCENARIOS
                .iter()
                .map(|(n, _)| Scenario::named(n).ok().map(std::sync::Arc::new))
                .collect()
        });
        match SCENARIOS
            .iter()
            .position(|(n, _)| *n == name)
            .and_then(|k| all[k].clone())
        {
            Some(s) => Ok(s),
            None => Scenario::named(name).map(std::sync::Arc::new),
        }
    }

    /// Reads and checks a scenario file.
    ///
    /// # Errors
    /// One line naming `file` and the field: `french.units[3].at: fr-reg-2a stands in Lake
    /// Ontario, where no unit may stand`.
    pub fn parse(text: &str, file: &str) -> Result<Scenario, DataError> {
        if text.len() > MAX_TEXT {
            return Err(DataError::new(
                file,
                "",
                format!(
                    "a scenario file is at most {MAX_TEXT} bytes, not {}",
                    text.len()
                ),
            ));
        }
        let def: ScenarioDef = toml::from_str(text).map_err(|e| DataError::toml(file, &e))?;
        let layout = Layout::from_value(def.table).map_err(|e| table_error(file, e))?;
        if def.turns == 0 || def.turns > MAX_TURNS {
            return Err(DataError::new(
                file,
                "turns",
                format!(
                    "a battle lasts at least 1 turn and at most {MAX_TURNS}, not {}",
                    def.turns
                ),
            ));
        }
        let mut assumed = Vec::new();
        let mut note = |what: String, why: &Option<String>| {
            if let Some(why) = why {
                assumed.push((what, why.clone()));
            }
        };
        note(
            format!("{}: first = {}", def.name, def.first.id()),
            &def.first_assumed,
        );
        note(
            format!("{}: turns = {}", def.name, def.turns),
            &def.turns_assumed,
        );
        let objective = match &def.objective {
            None => None,
            Some(name) => {
                let k = layout
                    .terrain()
                    .iter()
                    .position(|t| t.name.as_deref() == Some(name.as_str()))
                    .ok_or_else(|| {
                        DataError::new(file, "objective", format!("no terrain is named '{name}'"))
                    })?;
                note(
                    format!("{}: objective = {name}", def.name),
                    &def.objective_assumed,
                );
                Some(k)
            }
        };
        for t in layout.terrain() {
            note(
                format!("{}: {} ({})", def.name, t.label(), t.kind.word()),
                &t.assumed,
            );
        }
        for (army, a) in [(Army::British, &def.british), (Army::French, &def.french)] {
            note(
                format!("{}: {} deployment zones", def.name, army.id()),
                &a.zones_assumed,
            );
            // the general apart, as the texts and the reasons count an army: "13 units" and
            // the general
            let listed: Vec<String> = a
                .units
                .iter()
                .filter(|u| u.kind != Type::Commander)
                .map(|u| u.id.clone())
                .collect();
            let generals: Vec<String> = a
                .units
                .iter()
                .filter(|u| u.kind == Type::Commander)
                .map(|u| u.id.clone())
                .collect();
            note(
                format!(
                    "{}: {} forces ({}; the general {})",
                    def.name,
                    army.id(),
                    listed.join(", "),
                    generals.join(", ")
                ),
                &a.forces_assumed,
            );
        }
        // orders carry a unit's number in a byte
        let count = def.british.units.len() + def.french.units.len();
        if count > MAX_UNITS {
            let field = if def.british.units.len() > MAX_UNITS {
                "british.units"
            } else {
                "french.units"
            };
            return Err(DataError::new(
                file,
                field,
                format!("a battle has at most {MAX_UNITS} units (orders number them in a byte), not {count}"),
            ));
        }
        let mut armies = Vec::with_capacity(2);
        let mut placed: Vec<(String, Rect)> = Vec::new();
        let mut towns: BTreeMap<usize, String> = BTreeMap::new();
        for (army, a) in [(Army::British, def.british), (Army::French, def.french)] {
            armies.push(check_army(file, army, a, &layout, &mut placed, &mut towns)?);
        }
        let [british, french]: [ArmySetup; 2] = armies
            .try_into()
            .map_err(|_| DataError::new(file, "", "two armies"))?;
        Ok(Scenario {
            name: def.name,
            layout,
            first: def.first,
            turns: def.turns,
            armies: [british, french],
            objective,
            assumed,
        })
    }
}

fn check_army(
    file: &str,
    army: Army,
    a: ArmyDef,
    layout: &Layout,
    placed: &mut Vec<(String, Rect)>,
    towns: &mut BTreeMap<usize, String>,
) -> Result<ArmySetup, DataError> {
    let side = army.id();
    let bounds = layout.bounds();
    let err = |field: String, reason: String| DataError::new(file, field, reason);
    if a.zones.len() > MAX_ZONES {
        return Err(err(
            format!("{side}.zones"),
            format!(
                "an army has at most {MAX_ZONES} deployment zones, not {}",
                a.zones.len()
            ),
        ));
    }
    let mut zones = Vec::with_capacity(a.zones.len());
    for (z, pts) in a.zones.into_iter().enumerate() {
        // (counted before the points are looked at: a zone is a polygon like any other)
        if pts.len() > fiw_table::MAX_POINTS {
            return Err(err(
                format!("{side}.zones[{z}]"),
                format!(
                    "a polygon has at most {} points, not {}",
                    fiw_table::MAX_POINTS,
                    pts.len()
                ),
            ));
        }
        let at = format!("{side}.zones[{z}]");
        for (j, p) in pts.iter().enumerate() {
            if !p.is_finite() || !bounds.contains(*p) {
                return Err(err(
                    format!("{at}[{j}]"),
                    format!(
                        "({}, {}) lies off the {} × {} table",
                        p.x,
                        p.y,
                        bounds.width(),
                        bounds.depth()
                    ),
                ));
            }
        }
        zones.push(Polygon::new(pts).map_err(|e| match e.within(&at) {
            TableError::Field { field, reason } => err(field, reason),
            other => err(at.clone(), other.to_string()),
        })?);
    }
    if zones.is_empty() {
        return Err(err(
            format!("{side}.zones"),
            "an army needs at least one deployment zone".into(),
        ));
    }
    let mut keep_off = Vec::new();
    let k = &a.keep_off;
    for (edge, inches) in [
        (Edge::North, k.north),
        (Edge::East, k.east),
        (Edge::South, k.south),
        (Edge::West, k.west),
    ] {
        let Some(inches) = inches else { continue };
        if !(inches.is_finite() && inches >= 0.0) {
            return Err(err(
                format!("{side}.keep_off.{}", edge_word(edge)),
                format!("a distance is a finite number of inches, 0 or more, not {inches}"),
            ));
        }
        keep_off.push((edge, inches));
    }
    // Veterans: "up to 2-4 veteran infantry units" an army; read as a most of 4 (the
    // text's upper figure), none at all being allowed by "up to"
    let veterans = a.units.iter().filter(|u| u.kind == Type::Veteran).count();
    if veterans > MAX_VETERANS {
        return Err(err(
            format!("{side}.units"),
            format!("an army has at most {MAX_VETERANS} veteran infantry units (Veterans), not {veterans}"),
        ));
    }
    let commanders = a.units.iter().filter(|u| u.kind == Type::Commander).count();
    if commanders != 1 {
        return Err(err(
            format!("{side}.units"),
            format!("an army has exactly one commander (Army Commander), not {commanders}"),
        ));
    }
    if a.units.len() < 2 {
        return Err(err(
            format!("{side}.units"),
            "an army needs units besides its commander".into(),
        ));
    }
    let mut out = Vec::with_capacity(a.units.len());
    for (i, u) in a.units.into_iter().enumerate() {
        let at = format!("{side}.units[{i}]");
        let id = u.id.as_str();
        if id.len() > MAX_ID {
            return Err(err(
                format!("{at}.id"),
                format!(
                    "a unit name is at most {MAX_ID} characters, not {}",
                    id.len()
                ),
            ));
        }
        if id.is_empty()
            || !id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            return Err(err(
                format!("{at}.id"),
                format!("'{id}' is not a unit name (lower-case letters, digits and '-')"),
            ));
        }
        if placed.iter().any(|(other, _)| other == id) {
            return Err(err(
                format!("{at}.id"),
                format!("{id} is already the name of another unit"),
            ));
        }
        let pose = Pose::try_new(u.at.x, u.at.y, u.facing).map_err(|e| match e.within(&at) {
            TableError::Field { field, reason } => err(field, reason),
            other => err(at.clone(), other.to_string()),
        })?;
        let rect = units().get(u.kind).footprint.place(pose);
        let field = format!("{at}.at");
        if !bounds.holds(&rect) {
            return Err(err(
                field,
                format!(
                    "{id}'s base reaches off the {} × {} table",
                    bounds.width(),
                    bounds.depth()
                ),
            ));
        }
        if let Some(t) = layout.impassable_under(&rect) {
            return Err(err(
                field,
                format!(
                    "{id} stands in {}, where no unit may stand (Terrain Effects)",
                    layout.terrain()[t].label()
                ),
            ));
        }
        for under in layout.under(&rect) {
            let t = &layout.terrain()[under.terrain];
            if t.kind == Kind::Woods && !u.kind.may_enter_woods() {
                return Err(err(
                    field,
                    format!(
                        "{id} stands in {}: only skirmishers may enter woods (Terrain Effects)",
                        t.label()
                    ),
                ));
            }
            if t.kind == Kind::Town {
                if !u.kind.may_end_in_town() {
                    return Err(err(field, format!("{id} stands in {}: only infantry and skirmishers may be in a town (Terrain Effects)", t.label())));
                }
                if let Some(other) = towns.insert(under.terrain, id.to_string()) {
                    return Err(err(
                        field,
                        format!(
                            "{id} and {other} are both in {}: one unit to a town (Terrain Effects)",
                            t.label()
                        ),
                    ));
                }
            }
        }
        if !zones.iter().any(|z| z.holds(&rect) == Containment::Wholly) {
            return Err(err(
                field,
                format!("{id} is not wholly inside a deployment zone of the {side}"),
            ));
        }
        for (edge, inches) in &keep_off {
            let gap = bounds.rect_from_edge(&rect, *edge);
            if gap < inches - EPS {
                return Err(err(field, format!("{id} is {gap:.1}\" from the {} edge; the {side} deploy no closer than {inches}\"", edge_word(*edge))));
            }
        }
        if let Some((other, _)) = placed.iter().find(|(_, r)| r.overlaps_shape(&rect)) {
            return Err(err(field, format!("{id}'s base overlaps {other}'s")));
        }
        let mut stays_in = None;
        if let Some(name) = &u.inside {
            let terrain = layout
                .terrain()
                .iter()
                .position(|t| t.name.as_deref() == Some(name.as_str()));
            match terrain {
                None => {
                    return Err(err(
                        format!("{at}.in"),
                        format!("no terrain is named '{name}'"),
                    ))
                }
                Some(k) if layout.terrain()[k].polygon.holds(&rect) != Containment::Wholly => {
                    return Err(err(
                        format!("{at}.in"),
                        format!("{id} is not wholly inside {name}"),
                    ))
                }
                Some(k) => stays_in = u.stays.then_some(k),
            }
        } else if u.stays {
            return Err(err(
                format!("{at}.stays"),
                format!("{id} stays where `in` says, and it says nowhere"),
            ));
        }
        placed.push((id.to_string(), rect));
        out.push(Placement {
            id: u.id,
            kind: u.kind,
            pose,
            stays_in,
        });
    }
    Ok(ArmySetup {
        commander: a.commander,
        zones,
        keep_off,
        units: out,
    })
}

fn edge_word(e: Edge) -> &'static str {
    match e {
        Edge::North => "north",
        Edge::East => "east",
        Edge::South => "south",
        Edge::West => "west",
    }
}
