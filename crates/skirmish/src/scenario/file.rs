//! A scenario file read and checked: the file's own shape (what a TOML file may say), and the
//! checks that turn it into a [`Scenario`] or refuse it with one line naming the field (the
//! organisation of 1.2, the ground each figure stands on, the bounds that keep a hostile file
//! from hanging the machine).

use super::figures::{check_organisation, lay_out};
use super::*;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OptionDef {
    name: String,
    reason: String,
    #[serde(default)]
    on: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioDef {
    name: String,
    about: String,
    rule: String,
    turns: u32,
    turns_assumed: Option<String>,
    #[serde(default)]
    wind: Option<f64>,
    wind_assumed: Option<String>,
    #[serde(default)]
    spiking: bool,
    spiking_assumed: Option<String>,
    /// 13.2 the sides whose tool wagon carries a pontoon's boats and timbers.
    #[serde(default)]
    pontoons: Vec<String>,
    pontoons_assumed: Option<String>,
    table: toml::Value,
    #[serde(default)]
    features: Vec<FeatureDef>,
    #[serde(default)]
    sites: Vec<SiteDef>,
    victory: Vec<VictoryDef>,
    victory_assumed: Option<String>,
    end: String,
    end_assumed: Option<String>,
    #[serde(default)]
    options: Vec<OptionDef>,
    british: SideDef,
    french: SideDef,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FeatureDef {
    kind: FeatureKind,
    name: Option<String>,
    points: Vec<Point>,
    #[serde(default)]
    apertures: Vec<ApertureDef>,
    material: Option<Material>,
    assumed: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ApertureDef {
    kind: Aperture,
    at: Point,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SiteDef {
    name: String,
    task: String,
    at: Point,
    feature: Option<String>,
    bridge: Option<String>,
    material: Option<Material>,
    #[serde(default)]
    done: u32,
    assumed: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VictoryDef {
    winner: String,
    reason: String,
    british_lost_share: Option<f64>,
    french_lost_share: Option<f64>,
    british_lost: Option<u32>,
    french_lost: Option<u32>,
    british_lost_over: Option<f64>,
    french_lost_over: Option<f64>,
    burned: Option<u32>,
    british_guns_lost: Option<u32>,
    french_guns_lost: Option<u32>,
    destroyed: Option<String>,
    damaged: Option<String>,
    built: Option<String>,
    british_gone: Option<bool>,
    french_gone: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SideDef {
    front: Point,
    #[serde(default)]
    posture: Posture,
    posture_assumed: Option<String>,
    edge: Edge,
    #[serde(default)]
    hide_zones: Vec<Vec<Point>>,
    hide_zones_assumed: Option<String>,
    forces_assumed: Option<String>,
    setup_assumed: Option<String>,
    alert_assumed: Option<String>,
    #[serde(default)]
    battalions: Vec<BattalionDef>,
    roll: Option<RollDef>,
    units: Vec<UnitDef>,
    set_up: Option<super::set_up::SetUpDef>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BattalionDef {
    id: String,
    companies: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RollDef {
    sides: u8,
    #[serde(default)]
    add: u8,
    units: Vec<String>,
    label: String,
    assumed: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UnitDef {
    id: String,
    name: String,
    troop: Troop,
    #[serde(default)]
    grenadier: bool,
    #[serde(default)]
    marksmen: bool,
    #[serde(default)]
    native: bool,
    #[serde(default)]
    determined: bool,
    #[serde(default)]
    may_skirmish: bool,
    #[serde(default)]
    indian: bool,
    fieldcraft: u8,
    formation: String,
    ranks: Option<u8>,
    width: Option<u8>,
    rows: Option<u8>,
    at: Point,
    facing: f64,
    #[serde(default)]
    path: Vec<Point>,
    #[serde(default)]
    weapon: Weapon,
    figures: Vec<FigureDef>,
    #[serde(default)]
    hidden: bool,
    #[serde(default)]
    hiding: Vec<Point>,
    enters: Option<Edge>,
    #[serde(default)]
    start: Start,
    bound: Option<String>,
    alert: Option<AlertDef>,
    building: Option<String>,
    #[serde(default)]
    raider: bool,
    #[serde(default)]
    limbered: bool,
    /// 5.8 infantry with horses (mounted infantry), on foot at the start.
    #[serde(default)]
    horses: bool,
    /// 5.8 what cavalry fight as on foot (light unless given).
    dismounted: Option<Troop>,
    /// 12.1 a gun section's limber driven by hired civilians.
    #[serde(default)]
    civilian_drivers: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AlertDef {
    #[serde(default)]
    shots: Vec<String>,
    #[serde(default)]
    smoke: bool,
    seen: Option<f64>,
    #[serde(default)]
    messenger: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FigureDef {
    role: Role,
    #[serde(default = "one")]
    count: u8,
    weapon: Option<Weapon>,
    #[serde(default)]
    general: bool,
    personality: Option<Personality>,
    gun: Option<GunKind>,
    /// 8.3 this figure alone is a marksman (+1 to hit): a mixed company's coureurs des bois.
    #[serde(default)]
    marksman: bool,
    /// More figures of this kind by a roll of one die: `extra[k]` more on a roll of `k + 1`.
    extra: Option<Vec<u8>>,
    extra_label: Option<String>,
}

fn one() -> u8 {
    1
}

fn table_error(file: &str, e: TableError) -> DataError {
    match e.within("table") {
        TableError::Field { field, reason } => DataError::new(file, field, reason),
        other => DataError::new(file, "table", other.to_string()),
    }
}

/// Counts the pieces of terrain and their corners before the table crate builds them (checking
/// that a polygon is simple takes time growing with the square of its corners).
fn bound_table(file: &str, table: &toml::Value) -> Result<(), DataError> {
    let err = |field: String, reason: String| DataError::new(file, field, reason);
    for side in ["width", "depth"] {
        let v = table
            .get(side)
            .and_then(|v| v.as_float().or_else(|| v.as_integer().map(|i| i as f64)));
        if let Some(v) = v {
            if !(v > 0.0 && v <= MAX_TABLE) {
                return Err(err(
                    format!("table.{side}"),
                    format!(
                        "a table is more than 0 and at most {MAX_TABLE} inches a side, not {v}"
                    ),
                ));
            }
        }
    }
    if let Some(t) = table.get("terrain").and_then(|t| t.as_array()) {
        if t.len() > MAX_FEATURES {
            return Err(err(
                "table.terrain".into(),
                format!(
                    "a table has at most {MAX_FEATURES} pieces of terrain, not {}",
                    t.len()
                ),
            ));
        }
        for (i, piece) in t.iter().enumerate() {
            let n = piece
                .get("points")
                .and_then(|p| p.as_array())
                .map_or(0, Vec::len);
            if n > MAX_CORNERS {
                return Err(err(
                    format!("table.terrain[{i}].points"),
                    format!("a piece of terrain has at most {MAX_CORNERS} points, not {n}"),
                ));
            }
        }
    }
    Ok(())
}

impl Scenario {
    /// Reads and checks a scenario file.
    ///
    /// # Errors
    /// One line naming `file` and the field: `french.units[3].figures: a company of irregulars
    /// has a leader and 5 to 7 men (1.2), not 9`.
    pub fn parse(text: &str, file: &str) -> Result<Scenario, DataError> {
        if text.len() > 1 << 20 {
            return Err(DataError::new(file, "", "a scenario file is at most 1 MiB"));
        }
        let def: ScenarioDef = toml::from_str(text).map_err(|e| DataError::toml(file, &e))?;
        let err = |field: String, reason: String| DataError::new(file, field, reason);
        bound_table(file, &def.table)?;
        let layout = Layout::from_value(def.table).map_err(|e| table_error(file, e))?;
        if def.turns == 0 || def.turns > MAX_TURNS {
            return Err(err(
                "turns".into(),
                format!("a game lasts 1 to {MAX_TURNS} turns, not {}", def.turns),
            ));
        }
        if def.rule.is_empty() || def.rule.len() > 8 {
            return Err(err(
                "rule".into(),
                "a scenario's rule id is 1 to 8 characters".into(),
            ));
        }
        let wind = def.wind.unwrap_or(90.0);
        if !wind.is_finite() {
            return Err(err(
                "wind".into(),
                "a bearing is a finite number of degrees".into(),
            ));
        }
        let mut assumed = Vec::new();
        let name = def.name.clone();
        let mut note = |what: String, why: &Option<String>| {
            if let Some(why) = why {
                assumed.push((format!("{name}: {what}"), why.clone()));
            }
        };
        note(format!("turns = {}", def.turns), &def.turns_assumed);
        note(format!("wind towards {wind}°"), &def.wind_assumed);
        note(format!("spiking = {}", def.spiking), &def.spiking_assumed);
        for t in layout.terrain() {
            note(format!("{} ({})", t.label(), t.kind.word()), &t.assumed);
        }
        // features
        if def.features.len() > MAX_FEATURES {
            return Err(err(
                "features".into(),
                format!(
                    "a table has at most {MAX_FEATURES} features, not {}",
                    def.features.len()
                ),
            ));
        }
        let bounds = *layout.bounds();
        let mut features = Vec::with_capacity(def.features.len());
        for (i, f) in def.features.into_iter().enumerate() {
            let at = format!("features[{i}]");
            if f.points.len() > MAX_CORNERS {
                return Err(err(
                    format!("{at}.points"),
                    format!(
                        "a feature has at most {MAX_CORNERS} points, not {}",
                        f.points.len()
                    ),
                ));
            }
            for (j, p) in f.points.iter().enumerate() {
                if !p.is_finite() || !bounds.contains(*p) {
                    return Err(err(
                        format!("{at}.points[{j}]"),
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
            let within = |e: TableError| match e.within(&at) {
                TableError::Field { field, reason } => err(field, reason),
                other => err(at.clone(), other.to_string()),
            };
            let mut feature = Feature {
                kind: f.kind,
                name: f.name.clone(),
                line: None,
                area: None,
                apertures: Vec::new(),
                material: f.material,
                assumed: f.assumed.clone(),
            };
            match f.kind {
                FeatureKind::Building => {
                    let floor =
                        Polygon::new(f.points.clone()).map_err(|e| within(e.within("points")))?;
                    let mut ring = Barrier::ring(floor.points().to_vec()).map_err(within)?;
                    if f.apertures.is_empty() {
                        return Err(err(
                            format!("{at}.apertures"),
                            "a building needs a door or a window (7.5: figures enter only through them)".into(),
                        ));
                    }
                    if f.apertures.len() > 16 {
                        return Err(err(
                            format!("{at}.apertures"),
                            "at most 16 doors and windows".into(),
                        ));
                    }
                    for (k, a) in f.apertures.iter().enumerate() {
                        let (s, d) = ring.nearest(a.at);
                        if d > 0.05 {
                            return Err(err(
                                format!("{at}.apertures[{k}].at"),
                                format!("({}, {}) is not on the building's walls", a.at.x, a.at.y),
                            ));
                        }
                        ring.add_gap(s - APERTURE_WIDTH / 2.0, s + APERTURE_WIDTH / 2.0);
                        feature.apertures.push(a.kind);
                    }
                    if feature.material.is_none() {
                        feature.material = Some(Material::Wood);
                    }
                    feature.line = Some(ring);
                    feature.area = Some(floor);
                }
                k if k.is_line() => {
                    if !f.apertures.is_empty() {
                        return Err(err(
                            format!("{at}.apertures"),
                            "only buildings have doors and windows".into(),
                        ));
                    }
                    feature.line = Some(Barrier::open(f.points.clone()).map_err(within)?);
                }
                _ => {
                    if !f.apertures.is_empty() {
                        return Err(err(
                            format!("{at}.apertures"),
                            "only buildings have doors and windows".into(),
                        ));
                    }
                    feature.area = Some(
                        Polygon::new(f.points.clone()).map_err(|e| within(e.within("points")))?,
                    );
                }
            }
            note(
                format!("{} ({})", feature.label(), f.kind.word()),
                &f.assumed,
            );
            features.push(feature);
        }
        let mut scenario = Scenario {
            name: def.name.clone(),
            about: def.about,
            rule: def.rule,
            layout,
            features,
            sites: Vec::new(),
            turns: def.turns,
            wind,
            spiking: def.spiking,
            pontoons: [false; 2],
            sides: [empty_side(), empty_side()],
            victory: Vec::new(),
            end: End::FewerLost,
            assumed: Vec::new(),
            options: Vec::new(),
        };
        // sites
        for (i, s) in def.sites.into_iter().enumerate() {
            let at = format!("sites[{i}]");
            if i >= 32 {
                return Err(err("sites".into(), "at most 32 engineering sites".into()));
            }
            if !s.at.is_finite() || !bounds.contains(s.at) {
                return Err(err(format!("{at}.at"), "a site lies on the table".into()));
            }
            let feature_of = |name: &Option<String>, what: &str| -> Result<usize, DataError> {
                let n = name.as_deref().ok_or_else(|| {
                    err(
                        format!("{at}.{what}"),
                        format!("this task names its {what}"),
                    )
                })?;
                scenario
                    .features
                    .iter()
                    .position(|f| f.name.as_deref() == Some(n))
                    .ok_or_else(|| {
                        err(
                            format!("{at}.{what}"),
                            format!("no feature is called '{n}'"),
                        )
                    })
            };
            let task = match s.task.as_str() {
                "redoubt" => {
                    let feature = feature_of(&s.feature, "feature")?;
                    if scenario.features[feature].kind != FeatureKind::Earthwork {
                        return Err(err(
                            format!("{at}.feature"),
                            "a redoubt becomes an earthwork".into(),
                        ));
                    }
                    Task::Redoubt { feature }
                }
                "cut" => {
                    let feature = feature_of(&s.feature, "feature")?;
                    if !scenario.features[feature].kind.is_obstacle() {
                        return Err(err(
                            format!("{at}.feature"),
                            "a road is cut through an obstacle".into(),
                        ));
                    }
                    Task::Cut { feature }
                }
                "demolish" => {
                    let n = s.bridge.as_deref().ok_or_else(|| {
                        err(
                            format!("{at}.bridge"),
                            "a demolition names its bridge".into(),
                        )
                    })?;
                    let bridge = scenario
                        .layout
                        .terrain()
                        .iter()
                        .position(|t| t.kind == Kind::Bridge && t.name.as_deref() == Some(n))
                        .ok_or_else(|| {
                            err(format!("{at}.bridge"), format!("no bridge is called '{n}'"))
                        })?;
                    Task::Demolish {
                        bridge,
                        material: s.material.unwrap_or(Material::Wood),
                    }
                }
                other => {
                    return Err(err(
                        format!("{at}.task"),
                        format!("no task is called '{other}' (tasks: redoubt, cut, demolish)"),
                    ))
                }
            };
            if s.done > 100 {
                return Err(err(format!("{at}.done"), "at most 100 periods".into()));
            }
            if let Some(why) = &s.assumed {
                scenario
                    .assumed
                    .push((format!("{}: {}", def.name, s.name), why.clone()));
            }
            scenario.sites.push(Site {
                name: s.name,
                task,
                at: s.at,
                done: s.done,
                assumed: s.assumed,
            });
        }
        // sides
        let mut placed: Vec<(String, Rect)> = Vec::new();
        let mut ids: Vec<String> = Vec::new();
        for (side, mut d) in [(Side::British, def.british), (Side::French, def.french)] {
            let set_up = d.set_up.take();
            let setup = check_side(
                file,
                side,
                d,
                &scenario,
                &mut placed,
                &mut ids,
                &mut scenario_notes(&def.name, &mut assumed),
            )?;
            scenario.sides[side.index()] = setup;
            if let Some(set_up) = set_up {
                let checked = super::set_up::check(
                    file,
                    side,
                    set_up,
                    &mut scenario,
                    &mut scenario_notes(&def.name, &mut assumed),
                )?;
                scenario.sides[side.index()].set_up = Some(checked);
            }
        }
        // 4.1 the messengers' places take names of their own: none may be part of another's
        for side in Side::BOTH {
            for (_, id) in scenario.messenger_ids(side) {
                if let Some(o) = ids
                    .iter()
                    .find(|o| o.contains(id.as_str()) || id.contains(o.as_str()))
                {
                    return Err(err(
                        format!("{}.units", side.name().to_lowercase()),
                        format!(
                            "{o} and {id} (a messenger's): no unit's name may be part of another's"
                        ),
                    ));
                }
            }
        }
        // victory
        let side_of = |w: &str, field: String| -> Result<Option<Side>, DataError> {
            match w {
                "british" => Ok(Some(Side::British)),
                "french" => Ok(Some(Side::French)),
                "draw" => Ok(None),
                _ => Err(err(field, format!("'{w}' is not british, french or draw"))),
            }
        };
        if def.victory.len() > 16 {
            return Err(err(
                "victory".into(),
                "at most 16 victory conditions".into(),
            ));
        }
        for (i, v) in def.victory.into_iter().enumerate() {
            let at = format!("victory[{i}]");
            let winner = side_of(&v.winner, format!("{at}.winner"))?;
            let mut when = Vec::new();
            let share =
                |x: Option<f64>, s: Side, when: &mut Vec<Counter>| -> Result<(), DataError> {
                    if let Some(x) = x {
                        if !(x > 0.0 && x <= 1.0) {
                            return Err(err(
                                format!("{at}.{}_lost_share", s.id()),
                                "a share is above 0 and at most 1".into(),
                            ));
                        }
                        when.push(Counter::LostShare(s, x));
                    }
                    Ok(())
                };
            share(v.british_lost_share, Side::British, &mut when)?;
            share(v.french_lost_share, Side::French, &mut when)?;
            for (x, s) in [
                (v.british_lost_over, Side::British),
                (v.french_lost_over, Side::French),
            ] {
                if let Some(x) = x {
                    if !(0.0..1.0).contains(&x) {
                        return Err(err(
                            format!("{at}.{}_lost_over", s.id()),
                            "a share to exceed is at least 0 and below 1".into(),
                        ));
                    }
                    when.push(Counter::LostOver(s, x));
                }
            }
            if let Some(n) = v.british_lost {
                when.push(Counter::Lost(Side::British, n));
            }
            if let Some(n) = v.french_lost {
                when.push(Counter::Lost(Side::French, n));
            }
            if let Some(n) = v.burned {
                when.push(Counter::Burned(n));
            }
            if let Some(n) = v.british_guns_lost {
                when.push(Counter::GunsLost(Side::British, n));
            }
            if let Some(n) = v.french_guns_lost {
                when.push(Counter::GunsLost(Side::French, n));
            }
            for (name, field) in [
                (&v.destroyed, "destroyed"),
                (&v.damaged, "damaged"),
                (&v.built, "built"),
            ] {
                if let Some(n) = name {
                    let k = scenario
                        .sites
                        .iter()
                        .position(|s| &s.name == n)
                        .ok_or_else(|| {
                            err(format!("{at}.{field}"), format!("no site is called '{n}'"))
                        })?;
                    when.push(match field {
                        "built" => Counter::Built(k),
                        "damaged" => Counter::Damaged(k),
                        _ => Counter::Destroyed(k),
                    });
                }
            }
            if v.british_gone == Some(true) {
                when.push(Counter::Gone(Side::British));
            }
            if v.french_gone == Some(true) {
                when.push(Counter::Gone(Side::French));
            }
            if when.is_empty() {
                return Err(err(
                    at,
                    "a victory condition needs something to hold".into(),
                ));
            }
            scenario.victory.push(Victory {
                winner,
                when,
                reason: v.reason,
            });
        }
        // 13.2 pontoon materials
        for (k, w) in def.pontoons.iter().enumerate() {
            match side_of(w, format!("pontoons[{k}]"))? {
                Some(s) => scenario.pontoons[s.index()] = true,
                None => {
                    return Err(err(
                        format!("pontoons[{k}]"),
                        "pontoon materials belong to british or french (13.2)".into(),
                    ))
                }
            }
        }
        scenario.end = match def.end.as_str() {
            "fewer-lost" => End::FewerLost,
            w => match side_of(w, "end".into())? {
                Some(s) => End::Side(s),
                None => {
                    return Err(err(
                        "end".into(),
                        "the end is british, french or fewer-lost".into(),
                    ))
                }
            },
        };
        {
            let mut notes = scenario_notes(&def.name, &mut assumed);
            notes(
                format!("victory ({} conditions)", scenario.victory.len()),
                &def.victory_assumed,
            );
            notes(format!("at the end: {}", def.end), &def.end_assumed);
            notes(
                format!(
                    "pontoon materials = {}",
                    if def.pontoons.is_empty() {
                        "none".to_string()
                    } else {
                        def.pontoons.join(", ")
                    }
                ),
                &def.pontoons_assumed,
            );
        }
        for (k, o) in def.options.into_iter().enumerate() {
            let at = format!("options[{k}]");
            let Some((_, what)) = OPTIONS.iter().find(|(n, _)| *n == o.name) else {
                let known: Vec<&str> = OPTIONS.iter().map(|(n, _)| *n).collect();
                return Err(err(
                    format!("{at}.name"),
                    format!(
                        "no option is called '{}' (options: {})",
                        o.name,
                        known.join(", ")
                    ),
                ));
            };
            if o.reason.trim().is_empty() || scenario.options.iter().any(|x| x.name == o.name) {
                return Err(err(at, "an option is named once, with its reason".into()));
            }
            assumed.push((
                format!(
                    "{}: option {} = {}",
                    def.name,
                    o.name,
                    if o.on { "on" } else { "off unless switched on" }
                ),
                format!("{what}: {}", o.reason),
            ));
            scenario.options.push(ScenarioOption {
                name: o.name,
                reason: o.reason,
                on: o.on,
            });
        }
        // 2.1, 9.2 the text's own optional rules: every scenario offers them, off unless
        // switched on (a scenario file may name one itself, to give its own reason or switch it
        // on)
        for (name, reason) in crate::horses::TEXT_OPTIONS {
            if !scenario.options.iter().any(|o| o.name == *name) {
                scenario.options.push(ScenarioOption {
                    name: (*name).to_string(),
                    reason: (*reason).to_string(),
                    on: false,
                });
            }
        }
        assumed.append(&mut scenario.assumed);
        scenario.assumed = assumed;
        Ok(scenario)
    }
}

/// A note-taker for assumed values of scenario `name`.
fn scenario_notes<'a>(
    name: &'a str,
    assumed: &'a mut Vec<(String, String)>,
) -> impl FnMut(String, &Option<String>) + 'a {
    move |what: String, why: &Option<String>| {
        if let Some(why) = why {
            assumed.push((format!("{name}: {what}"), why.clone()));
        }
    }
}

fn empty_side() -> SideSetup {
    SideSetup {
        front: Point::default(),
        posture: Posture::Attack,
        edge: Edge::West,
        hide_zones: Vec::new(),
        units: Vec::new(),
        battalions: Vec::new(),
        roll: None,
        set_up: None,
    }
}

fn check_side(
    file: &str,
    side: Side,
    d: SideDef,
    scenario: &Scenario,
    placed: &mut Vec<(String, Rect)>,
    ids: &mut Vec<String>,
    note: &mut impl FnMut(String, &Option<String>),
) -> Result<SideSetup, DataError> {
    let s = side.id();
    let err = |field: String, reason: String| DataError::new(file, field, reason);
    let bounds = *scenario.layout.bounds();
    if !d.front.is_finite() || !bounds.contains(d.front) {
        return Err(err(
            format!("{s}.front"),
            "the enemy's expected place lies on the table".into(),
        ));
    }
    if d.units.is_empty() || d.units.len() > MAX_UNITS {
        return Err(err(
            format!("{s}.units"),
            format!(
                "a side has 1 to {MAX_UNITS} units (each acts on a card of its colour), not {}",
                d.units.len()
            ),
        ));
    }
    let mut hide_zones = Vec::new();
    for (z, pts) in d.hide_zones.into_iter().enumerate() {
        let at = format!("{s}.hide_zones[{z}]");
        if pts.len() > MAX_CORNERS {
            return Err(err(at, format!("at most {MAX_CORNERS} points")));
        }
        for (j, p) in pts.iter().enumerate() {
            if !p.is_finite() || !bounds.contains(*p) {
                return Err(err(format!("{at}[{j}]"), "lies off the table".into()));
            }
        }
        hide_zones.push(Polygon::new(pts).map_err(|e| match e.within(&at) {
            TableError::Field { field, reason } => err(field, reason),
            other => err(at.clone(), other.to_string()),
        })?);
    }
    if hide_zones.len() > 8 {
        return Err(err(format!("{s}.hide_zones"), "at most 8 zones".into()));
    }
    note(format!("{s} hiding zones"), &d.hide_zones_assumed);
    let listed: Vec<String> = d.units.iter().map(|u| u.id.clone()).collect();
    note(
        format!("{s} forces ({})", listed.join(", ")),
        &d.forces_assumed,
    );
    note(format!("{s} set-up"), &d.setup_assumed);
    note(format!("{s} alarms"), &d.alert_assumed);
    let buildings = scenario.buildings();
    let mut units = Vec::with_capacity(d.units.len());
    for (i, u) in d.units.into_iter().enumerate() {
        let at = format!("{s}.units[{i}]");
        let id = u.id.as_str();
        if id.is_empty()
            || id.len() > 24
            || !id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            return Err(err(
                format!("{at}.id"),
                format!(
                    "'{id}' is not a unit name (lower-case letters, digits and '-', at most 24)"
                ),
            ));
        }
        if ids.iter().any(|o| o == id) {
            return Err(err(
                format!("{at}.id"),
                format!("{id} is already the name of another unit"),
            ));
        }
        // one name never inside another, so a log line naming one never seems to name the other
        if let Some(o) = ids
            .iter()
            .find(|o| o.contains(id) || id.contains(o.as_str()))
        {
            return Err(err(
                format!("{at}.id"),
                format!("{id} and {o}: no unit's name may be part of another's"),
            ));
        }
        if u.name.is_empty() || u.name.len() > 60 {
            return Err(err(
                format!("{at}.name"),
                "a name is 1 to 60 characters".into(),
            ));
        }
        if !(1..=3).contains(&u.fieldcraft) {
            return Err(err(
                format!("{at}.fieldcraft"),
                format!("field craft is 1, 2 or 3 (7.8), not {}", u.fieldcraft),
            ));
        }
        let facing = u.facing;
        if !facing.is_finite() || !u.at.is_finite() {
            return Err(err(
                format!("{at}.at"),
                "a place and facing are finite numbers".into(),
            ));
        }
        // figures
        let mut figures = Vec::new();
        let mut extras = Vec::new();
        let mut count = 0usize;
        for (k, f) in u.figures.iter().enumerate() {
            if f.count == 0 {
                return Err(err(format!("{at}.figures[{k}].count"), "at least 1".into()));
            }
            count += usize::from(f.count);
            if count > MAX_FIGURES {
                return Err(err(
                    format!("{at}.figures"),
                    format!("a unit has at most {MAX_FIGURES} figures"),
                ));
            }
            if f.gun.is_some() != (f.role == Role::Gun) {
                return Err(err(
                    format!("{at}.figures[{k}].gun"),
                    "a gun figure names its gun, and only a gun does".into(),
                ));
            }
            if f.marksman && !f.role.fires() {
                return Err(err(
                    format!("{at}.figures[{k}].marksman"),
                    "only a figure that fires is a marksman (8.3)".into(),
                ));
            }
            let mut more = 0u8;
            if let Some(table) = &f.extra {
                if !(2..=6).contains(&table.len()) {
                    return Err(err(
                        format!("{at}.figures[{k}].extra"),
                        "one number for each face of a die of 2 to 6 sides".into(),
                    ));
                }
                more = table.iter().copied().max().unwrap_or(0);
                count += usize::from(more);
                if count > MAX_FIGURES {
                    return Err(err(
                        format!("{at}.figures"),
                        format!("a unit has at most {MAX_FIGURES} figures"),
                    ));
                }
                let label = f
                    .extra_label
                    .clone()
                    .unwrap_or_else(|| format!("{}: more {:?} figures", u.id, f.role));
                let first = figures.len() + usize::from(f.count);
                extras.push(Extra {
                    label,
                    table: table.clone(),
                    figures: (first..first + usize::from(more)).collect(),
                });
            } else if f.extra_label.is_some() {
                return Err(err(
                    format!("{at}.figures[{k}].extra_label"),
                    "a label for an extra roll, and there is none".into(),
                ));
            }
            for _ in 0..f.count + more {
                let weapon = f.weapon.unwrap_or(if f.role.fires() {
                    u.weapon
                } else {
                    Weapon::None
                });
                figures.push(FigureSetup {
                    role: f.role,
                    weapon,
                    general: f.general,
                    personality: f
                        .personality
                        .or((f.role == Role::Hero).then_some(Personality::Bold)),
                    gun: f.gun,
                    pose: Pose::new(0.0, 0.0, 0.0),
                    marksman: f.marksman,
                });
            }
        }
        check_organisation(&at, u.troop, &figures).map_err(|r| err(format!("{at}.figures"), r))?;
        let traits = Traits {
            grenadier: u.grenadier,
            marksmen: u.marksmen,
            native: u.native,
            determined: u.determined,
            may_skirmish: u.may_skirmish,
            indian: u.indian,
            horses: crate::horses::horses_of(u.troop, u.horses, u.dismounted)
                .map_err(|r| err(format!("{at}.horses"), r))?,
            civilian_drivers: u.civilian_drivers,
        };
        if u.civilian_drivers && u.troop != Troop::Artillery {
            return Err(err(
                format!("{at}.civilian_drivers"),
                "only a gun section has a limber with civilian drivers (12.1)".into(),
            ));
        }
        // formation
        let formation = match (u.formation.as_str(), u.ranks, u.width) {
            ("skirmish", None, None) => Formation::Skirmish,
            ("line", Some(r), None) if (1..=3).contains(&r) => Formation::Line { ranks: r },
            ("line", _, _) => return Err(err(format!("{at}.ranks"), "a line is 1, 2 or 3 ranks deep (4.3)".into())),
            ("column", None, Some(w)) if (1..=2).contains(&w) => Formation::Column { width: w },
            ("column", _, _) => return Err(err(format!("{at}.width"), "a column is 1 or 2 wide (4.4)".into())),
            ("battery", None, None) => Formation::Battery,
            ("building", None, None) => {
                let b = u.building.as_deref().ok_or_else(|| err(format!("{at}.building"), "which building?".into()))?;
                let k = buildings
                    .iter()
                    .position(|&f| scenario.features[f].name.as_deref() == Some(b))
                    .ok_or_else(|| err(format!("{at}.building"), format!("no building is called '{b}'")))?;
                Formation::Building(k as u8)
            }
            (other, _, _) => {
                return Err(err(format!("{at}.formation"), format!("'{other}' is not a formation (skirmish, line with ranks, column with width, battery, building), or it has a field it does not take")))
            }
        };
        // 4.3 a line is at least 3 files wide
        if let Formation::Line { ranks } = formation {
            let n: usize = u
                .figures
                .iter()
                .filter(|f| f.role != Role::Woman && !f.role.is_piece())
                .map(|f| usize::from(f.count))
                .sum();
            let files = formation::files(n, ranks);
            if files < 3 {
                return Err(err(
                    format!("{at}.ranks"),
                    format!("a line is at least 3 files wide (4.3): {n} figures {ranks} deep make {files}"),
                ));
            }
        }
        let may = |f: Formation| match f {
            Formation::Skirmish => u.troop.skirmishes() || u.may_skirmish,
            Formation::Line { .. } => u.troop.forms_line(),
            Formation::Column { .. } => u.troop != Troop::Artillery && u.troop != Troop::Wagon,
            Formation::Battery => u.troop == Troop::Artillery || u.troop == Troop::Wagon,
            Formation::Building(_) => u.troop.is_infantry(),
            Formation::Disordered => false,
        };
        if !may(formation) {
            return Err(err(
                format!("{at}.formation"),
                format!(
                    "{} may not stand in {} (4.1-4.4)",
                    u.troop.word(),
                    formation.word()
                ),
            ));
        }
        let building = match &u.building {
            None => None,
            Some(b) => Some(
                buildings
                    .iter()
                    .copied()
                    .find(|&f| scenario.features[f].name.as_deref() == Some(b.as_str()))
                    .ok_or_else(|| {
                        err(
                            format!("{at}.building"),
                            format!("no building is called '{b}'"),
                        )
                    })?,
            ),
        };
        if figures.iter().any(|f| f.role == Role::Woman) && building.is_none() {
            return Err(err(
                format!("{at}.building"),
                "women stand in their building (S2): name it".into(),
            ));
        }
        if u.path.len() > MAX_CORNERS {
            return Err(err(format!("{at}.path"), "at most 200 points".into()));
        }
        if u.path
            .iter()
            .any(|p| !p.is_finite() || p.x.abs() > 2.0 * MAX_TABLE || p.y.abs() > 2.0 * MAX_TABLE)
        {
            return Err(err(
                format!("{at}.path"),
                "a path is of finite places near the table".into(),
            ));
        }
        if !matches!(formation, Formation::Column { .. }) && !u.path.is_empty() {
            return Err(err(
                format!("{at}.path"),
                "only a column has a path behind its head".into(),
            ));
        }
        let anchor = Pose::new(u.at.x, u.at.y, facing);
        lay_out(
            &mut figures,
            u.troop,
            formation,
            anchor,
            &u.path,
            u.rows.unwrap_or(1),
            building.map(|b| &scenario.features[b]),
        );
        // where it stands
        if !u.hidden && !u.hiding.is_empty() {
            return Err(err(
                format!("{at}.hiding"),
                "hiding places are for a unit deployed hidden (hidden = true)".into(),
            ));
        }
        if u.hidden && u.enters.is_some() {
            return Err(err(
                format!("{at}.hidden"),
                "a unit coming on from off the table is not deployed hidden".into(),
            ));
        }
        if u.hiding.len() > MAX_HIDING {
            return Err(err(
                format!("{at}.hiding"),
                format!("at most {MAX_HIDING} hiding places"),
            ));
        }
        if u.hidden && formation != Formation::Skirmish && !dead_ground_near(scenario, u.at) {
            return Err(err(
                format!("{at}.hidden"),
                "only skirmishers deploy hidden in concealing ground; other troops only in dead ground (7.7)".into(),
            ));
        }
        if u.hidden && hide_zones.is_empty() {
            return Err(err(
                format!("{at}.hidden"),
                format!("the {s} have no hiding zone"),
            ));
        }
        for (k, h) in u.hiding.iter().enumerate() {
            if !h.is_finite()
                || !hide_zones
                    .iter()
                    .any(|z| z.locate(*h) != fiw_table::Location::Outside)
            {
                return Err(err(
                    format!("{at}.hiding[{k}]"),
                    "a hiding place lies in one of the side's hiding zones".into(),
                ));
            }
        }
        let field = format!("{at}.at");
        for (k, f) in figures.iter().enumerate() {
            let rect = charts().footprint(base_of(f.role, u.troop)).place(f.pose);
            let on = bounds.holds(&rect);
            match u.enters {
                None if !on => {
                    return Err(err(
                        field,
                        format!(
                            "figure {} of {id} stands off the {} × {} table",
                            k + 1,
                            bounds.width(),
                            bounds.depth()
                        ),
                    ))
                }
                Some(edge) if !on && !beyond(&bounds, f.pose.at, edge) => {
                    return Err(err(
                        field,
                        format!(
                            "figure {} of {id} is neither on the table nor beyond its {} edge",
                            k + 1,
                            edge_word(edge)
                        ),
                    ))
                }
                _ => {}
            }
            if f.pose.at.x.abs() > 2.0 * MAX_TABLE || f.pose.at.y.abs() > 2.0 * MAX_TABLE {
                return Err(err(field, format!("{id} stands too far from the table")));
            }
            if on && !u.hidden {
                if let Some(t) = scenario.layout.terrain_at(f.pose.at).into_iter().find(|t| {
                    scenario
                        .layout
                        .effect(scenario.layout.terrain()[*t].kind)
                        .passage
                        == fiw_table::Passage::Impassable
                }) {
                    let crossing = scenario.layout.terrain_at(f.pose.at).into_iter().any(|c| {
                        scenario
                            .layout
                            .effect(scenario.layout.terrain()[c].kind)
                            .passage
                            == fiw_table::Passage::Crossing
                    });
                    if !crossing {
                        return Err(err(
                            field,
                            format!(
                                "figure {} of {id} stands in {}, where no figure may stand (7.1)",
                                k + 1,
                                scenario.layout.terrain()[t].label()
                            ),
                        ));
                    }
                }
            }
            // 5.5 no base on another, hidden or not: a hidden unit stands at its place in the
            // file until its side deploys it (7.7), and its deployment is checked the same way
            if on {
                if let Some((other, _)) = placed.iter().find(|(_, r)| r.overlaps(&rect)) {
                    return Err(err(
                        field,
                        format!("a figure of {id} overlaps one of {other}"),
                    ));
                }
            }
        }
        for f in &figures {
            let rect = charts().footprint(base_of(f.role, u.troop)).place(f.pose);
            if bounds.holds(&rect) {
                placed.push((id.to_string(), rect));
            }
        }
        let bound = match &u.bound {
            None => None,
            Some(n) => Some(
                scenario
                    .area_named(n)
                    .filter(|a| scenario.area_polygon(*a).is_some())
                    .ok_or_else(|| {
                        err(format!("{at}.bound"), format!("no area is called '{n}'"))
                    })?,
            ),
        };
        let alert = match &u.alert {
            None => None,
            Some(a) => {
                let mut shots = Vec::new();
                for (k, n) in a.shots.iter().enumerate() {
                    shots.push(
                        scenario
                            .area_named(n)
                            .filter(|a| scenario.area_polygon(*a).is_some())
                            .ok_or_else(|| {
                                err(
                                    format!("{at}.alert.shots[{k}]"),
                                    format!("no area is called '{n}'"),
                                )
                            })?,
                    );
                }
                if let Some(d) = a.seen {
                    if !(d.is_finite() && d > 0.0 && d <= 48.0) {
                        return Err(err(
                            format!("{at}.alert.seen"),
                            "a distance of 0 to 48 inches".into(),
                        ));
                    }
                }
                Some(Alert {
                    shots,
                    smoke: a.smoke,
                    seen: a.seen,
                    messenger: a.messenger,
                })
            }
        };
        if u.raider && u.troop != Troop::Irregular {
            return Err(err(format!("{at}.raider"), "raiders are irregulars".into()));
        }
        let trail = if let Formation::Column { .. } = formation {
            if u.path.is_empty() {
                vec![anchor.at - anchor.ahead() * 1.0]
            } else {
                u.path.clone()
            }
        } else {
            Vec::new()
        };
        ids.push(id.to_string());
        units.push(UnitSetup {
            id: u.id,
            name: u.name,
            troop: u.troop,
            traits,
            fieldcraft: u.fieldcraft,
            formation,
            anchor,
            trail,
            figures,
            hiding: u.hiding,
            enters: u.enters,
            battalion: None,
            start: u.start,
            bound,
            alert,
            building,
            raider: u.raider,
            limbered: u.limbered,
            rows: u.rows.unwrap_or(1).clamp(1, 4),
            extras,
        });
        if u.hidden {
            if let Some(x) = units.last_mut() {
                if x.hiding.is_empty() {
                    x.hiding.push(anchor.at);
                }
            }
        }
    }
    // battalions
    if d.battalions.len() > MAX_BATTALIONS {
        return Err(err(
            format!("{s}.battalions"),
            format!("at most {MAX_BATTALIONS}"),
        ));
    }
    let mut battalions = Vec::new();
    for (b, bd) in d.battalions.into_iter().enumerate() {
        let at = format!("{s}.battalions[{b}]");
        if ids
            .iter()
            .any(|o| o.contains(&bd.id) || bd.id.contains(o.as_str()))
        {
            return Err(err(
                format!("{at}.id"),
                format!("{}: no name may be part of another's", bd.id),
            ));
        }
        let mut companies = Vec::new();
        for c in &bd.companies {
            let k = units.iter().position(|u| &u.id == c).ok_or_else(|| {
                err(
                    format!("{at}.companies"),
                    format!("no {s} unit is called '{c}'"),
                )
            })?;
            if units[k].battalion.is_some() {
                return Err(err(
                    format!("{at}.companies"),
                    format!("{c} is in two battalions"),
                ));
            }
            units[k].battalion = Some(b);
            companies.push(k);
        }
        let troops: Vec<Troop> = companies.iter().map(|&k| units[k].troop).collect();
        let figs = || companies.iter().flat_map(|&k| units[k].figures.iter());
        let colonels = figs()
            .filter(|f| f.role == Role::Colonel || f.role == Role::Major)
            .count();
        let drums = figs().filter(|f| f.role == Role::Musician).count();
        let fault = if troops.iter().all(|t| t.is_regular_infantry()) {
            if !(2..=4).contains(&companies.len()) {
                Some(format!(
                    "a battalion of regulars has 2 to 4 companies (1.2), not {}",
                    companies.len()
                ))
            } else if colonels != 1 || drums == 0 {
                Some(
                    "a battalion of regulars has a colonel and a colour party with a drummer (1.2)"
                        .to_string(),
                )
            } else {
                None
            }
        } else if troops.iter().all(|t| *t == Troop::Militia) {
            if companies.len() != 2 || colonels != 1 {
                Some("a battalion of militia has 2 companies and a colonel (1.2)".to_string())
            } else {
                None
            }
        } else if troops.iter().all(|t| *t == Troop::Cavalry) {
            (companies.len() != 2 || colonels != 1)
                .then(|| "a squadron has 2 troops and a major (1.2)".to_string())
        } else if troops.iter().all(|t| *t == Troop::Artillery) {
            (companies.len() < 2 || colonels != 1)
                .then(|| "a battery has 2 or more sections and a major (1.2)".to_string())
        } else {
            Some(
                "a battalion's companies are all regulars, all militia, all cavalry or all guns"
                    .to_string(),
            )
        };
        if let Some(f) = fault {
            return Err(err(format!("{at}.companies"), f));
        }
        ids.push(bd.id.clone());
        battalions.push(BattalionSetup {
            id: bd.id,
            companies,
        });
    }
    if units.len() + battalions.len() > 60 {
        return Err(err(
            format!("{s}.units"),
            "at most 60 units and battalions".into(),
        ));
    }
    let roll = match d.roll {
        None => None,
        Some(r) => {
            if !(2..=6).contains(&r.sides) || r.add > 6 {
                return Err(err(
                    format!("{s}.roll"),
                    "a die of 2 to 6 sides, adding 0 to 6".into(),
                ));
            }
            let mut list = Vec::new();
            for n in &r.units {
                list.push(units.iter().position(|u| &u.id == n).ok_or_else(|| {
                    err(
                        format!("{s}.roll.units"),
                        format!("no {s} unit is called '{n}'"),
                    )
                })?);
            }
            if list.len() != usize::from(r.sides + r.add) {
                return Err(err(
                    format!("{s}.roll.units"),
                    format!(
                        "the roll can call up to {} units: list that many",
                        r.sides + r.add
                    ),
                ));
            }
            note(format!("{s} roll ({})", r.label), &r.assumed);
            Some(Roll {
                sides: r.sides,
                add: r.add,
                units: list,
                label: r.label,
            })
        }
    };
    note(
        format!("{s} posture for the computer general: {:?}", d.posture),
        &d.posture_assumed,
    );
    Ok(SideSetup {
        front: d.front,
        posture: d.posture,
        edge: d.edge,
        hide_zones,
        units,
        battalions,
        roll,
        set_up: None,
    })
}

/// Whether some dead ground lies at `p`.
fn dead_ground_near(scenario: &Scenario, p: Point) -> bool {
    scenario.features.iter().any(|f| {
        f.kind == FeatureKind::DeadGround
            && f.area
                .as_ref()
                .is_some_and(|a| a.locate(p) != fiw_table::Location::Outside)
    })
}

/// Whether `p` lies beyond `edge` of the table.
fn beyond(bounds: &fiw_table::Bounds, p: Point, edge: Edge) -> bool {
    bounds.from_edge(p, edge) < 0.0
}
