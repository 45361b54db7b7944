//! A side's set-up before play as a scenario file gives it (the text's scenario 1: the
//! defender places its battalion and grenadiers anywhere up to the farm and lays up to 12" of
//! abatis, S1): the zone, the units placed, the abatis allowed and laid by default, and the
//! plans the computer general chooses among. A scenario without it keeps its set-up fixed.

use super::*;

/// The most plans a set-up may offer the computer general.
pub const MAX_PLANS: usize = 8;

/// The shortest piece of abatis, inches (the reading's S1: straight pieces of at least 2").
pub const MIN_PIECE: f64 = 2.0;

/// One side's set-up before play.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SetUp {
    /// The scenario rule that grants it (`S1`).
    pub rule: String,
    /// Where the side's units and abatis may go.
    pub zone: Polygon,
    /// The zone in words, for refusals ("x 20 and east, up to the farm").
    pub zone_words: String,
    /// The units it places, by index in the side.
    pub units: Vec<usize>,
    /// Inches of abatis it may lay.
    pub abatis: f64,
    /// The abatis features laid by default (by index in the features): they may be lifted.
    pub pieces: Vec<usize>,
    /// The feature a piece laid at set-up is (by index): an abatis with no line of its own.
    pub laid: usize,
    /// The computer general's plans.
    pub plans: Vec<Plan>,
}

/// A plan for the set-up: where each unit stands, and the abatis laid.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Plan {
    /// Its name.
    pub name: String,
    /// Each unit (by index in the side) with its anchor and facing.
    pub units: Vec<(usize, Point, f64)>,
    /// The pieces of abatis, end to end.
    pub abatis: Vec<(Point, Point)>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SetUpDef {
    zone: Vec<Point>,
    zone_words: String,
    zone_assumed: Option<String>,
    units: Vec<String>,
    abatis: f64,
    #[serde(default)]
    pieces: Vec<String>,
    abatis_assumed: Option<String>,
    #[serde(default)]
    plans: Vec<PlanDef>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlanDef {
    name: String,
    #[serde(default)]
    units: Vec<PlanUnitDef>,
    #[serde(default)]
    abatis: Vec<[Point; 2]>,
    assumed: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlanUnitDef {
    id: String,
    at: Point,
    facing: f64,
}

/// Checks a side's set-up against the scenario read so far (its units and features), adding
/// the feature a piece laid at set-up is.
pub(super) fn check(
    file: &str,
    side: Side,
    d: SetUpDef,
    scenario: &mut Scenario,
    note: &mut impl FnMut(String, &Option<String>),
) -> Result<SetUp, DataError> {
    let s = side.id();
    let at = format!("{s}.set_up");
    let err = |field: String, reason: String| DataError::new(file, field, reason);
    let bounds = *scenario.layout.bounds();
    if d.zone.len() > MAX_CORNERS {
        return Err(err(
            format!("{at}.zone"),
            format!("at most {MAX_CORNERS} points"),
        ));
    }
    for (j, p) in d.zone.iter().enumerate() {
        if !p.is_finite() || !bounds.contains(*p) {
            return Err(err(format!("{at}.zone[{j}]"), "lies off the table".into()));
        }
    }
    let zone = Polygon::new(d.zone).map_err(|e| err(format!("{at}.zone"), e.to_string()))?;
    note(
        format!("{s} set-up zone ({})", d.zone_words),
        &d.zone_assumed,
    );
    let units_of_side = &scenario.sides[side.index()].units;
    let unit_index = |id: &str, field: String| -> Result<usize, DataError> {
        units_of_side
            .iter()
            .position(|u| u.id == id)
            .ok_or_else(|| err(field, format!("no {s} unit is called '{id}'")))
    };
    let mut units = Vec::new();
    for (k, id) in d.units.iter().enumerate() {
        let u = unit_index(id, format!("{at}.units[{k}]"))?;
        let setup = &units_of_side[u];
        if setup.enters.is_some() || !setup.hiding.is_empty() || setup.building.is_some() {
            return Err(err(
                format!("{at}.units[{k}]"),
                format!(
                    "{id} comes on later, hides or holds a building: the set-up does not place it"
                ),
            ));
        }
        if !units.contains(&u) {
            units.push(u);
        }
    }
    if !(0.0..=MAX_TABLE).contains(&d.abatis) || !d.abatis.is_finite() {
        return Err(err(
            format!("{at}.abatis"),
            format!("inches of abatis, 0 to {MAX_TABLE}"),
        ));
    }
    note(
        format!("{s} set-up abatis ({}\")", fiw_table::inches(d.abatis)),
        &d.abatis_assumed,
    );
    let mut pieces = Vec::new();
    let mut total = 0.0;
    for (k, name) in d.pieces.iter().enumerate() {
        let f = scenario
            .features
            .iter()
            .position(|f| f.kind == FeatureKind::Abatis && f.name.as_deref() == Some(name))
            .ok_or_else(|| {
                err(
                    format!("{at}.pieces[{k}]"),
                    format!("no abatis is called '{name}'"),
                )
            })?;
        total += scenario.features[f]
            .line
            .as_ref()
            .map_or(0.0, |l| l.length());
        pieces.push(f);
    }
    if total > d.abatis + 1e-6 {
        return Err(err(
            format!("{at}.pieces"),
            format!(
                "{}\" of abatis laid by default, more than the {}\" allowed",
                fiw_table::inches(total),
                fiw_table::inches(d.abatis)
            ),
        ));
    }
    if d.plans.len() > MAX_PLANS {
        return Err(err(
            format!("{at}.plans"),
            format!("at most {MAX_PLANS} plans"),
        ));
    }
    let mut plans = Vec::new();
    for (k, p) in d.plans.into_iter().enumerate() {
        let pat = format!("{at}.plans[{k}]");
        let mut placed = Vec::new();
        for (j, pu) in p.units.iter().enumerate() {
            let u = unit_index(&pu.id, format!("{pat}.units[{j}]"))?;
            if !units.contains(&u) {
                return Err(err(
                    format!("{pat}.units[{j}]"),
                    format!("{} is not a unit the set-up places", pu.id),
                ));
            }
            if !pu.at.is_finite() || !bounds.contains(pu.at) || !pu.facing.is_finite() {
                return Err(err(
                    format!("{pat}.units[{j}]"),
                    "a place on the table and a finite facing".into(),
                ));
            }
            placed.push((u, pu.at, pu.facing));
        }
        let mut abatis = Vec::new();
        for (j, [a, b]) in p.abatis.into_iter().enumerate() {
            if !bounds.contains(a) || !bounds.contains(b) || !a.is_finite() || !b.is_finite() {
                return Err(err(
                    format!("{pat}.abatis[{j}]"),
                    "lies off the table".into(),
                ));
            }
            abatis.push((a, b));
        }
        note(format!("{s} set-up plan '{}'", p.name), &p.assumed);
        plans.push(Plan {
            name: p.name,
            units: placed,
            abatis,
        });
    }
    // the abatis a piece laid at set-up is: no line of its own (each piece's line is the
    // state's), so nothing draws or counts it but the pieces laid
    if scenario.features.len() >= MAX_FEATURES {
        return Err(err(
            "features".into(),
            format!("a table has at most {MAX_FEATURES} features"),
        ));
    }
    let laid = scenario.features.len();
    scenario.features.push(Feature {
        kind: FeatureKind::Abatis,
        name: Some(format!("the {} abatis laid at set-up", side.name())),
        line: None,
        area: None,
        apertures: Vec::new(),
        material: None,
        assumed: None,
    });
    Ok(SetUp {
        rule: scenario.rule.clone(),
        zone,
        zone_words: d.zone_words,
        units,
        abatis: d.abatis,
        pieces,
        laid,
        plans,
    })
}
