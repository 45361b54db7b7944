//! Scenarios as data (`data/scenarios/*.toml`): the table (the table crate's layout, plus the
//! skirmish rules' own features: fences, walls, streams, abatis, trails, thickets, dead ground,
//! buildings with doors and windows), the last turn, how the game is won, and each side's
//! units figure by figure, checked on load against the organisation of 1.2 and the ground they
//! stand on, so that a broken file is refused with one line naming the field.
//!
//! A file is bounded: the table, the number of features and their corners, the units and their
//! figures, so that a hostile file cannot make a game that hangs or exhausts the machine.

use crate::formation::{self, Formation, SKIRMISH_SPACING};
use crate::troops::{charts, Base, GunKind, Personality, Role, Traits, Troop, Weapon};
use crate::DataError;
use fiw_table::{Barrier, Edge, Kind, Layout, Point, Polygon, Pose, Rect, TableError};
use serde::{Deserialize, Serialize};

/// The two sides: red cards activate the British-controlled side, black the other (2.1).
pub use fiw_engine::Side;

/// The longest side of a table, inches.
pub const MAX_TABLE: f64 = 240.0;
/// The most pieces of terrain and features a table may have.
pub const MAX_FEATURES: usize = 200;
/// The most corners a piece of terrain or a feature may have.
pub const MAX_CORNERS: usize = 200;
/// The most units a side may have (each acts on one card of its colour, and there are 26).
pub const MAX_UNITS: usize = 26;
/// The most battalions a side may have.
pub const MAX_BATTALIONS: usize = 12;
/// The most figures a unit may have (1.2: a company has at most 12; a household or a gun
/// section with its piece is counted the same way).
pub const MAX_FIGURES: usize = 16;
/// The most hiding places a unit may list.
pub const MAX_HIDING: usize = 16;
/// The most turns a game may last.
pub const MAX_TURNS: u32 = 100;

/// The skirmish rules' own kinds of ground (7.1), beyond the table crate's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FeatureKind {
    /// 7.4 a fence (linear obstacle).
    Fence,
    /// 7.4 a hedge.
    Hedge,
    /// 7.4 a low wall (hard cover).
    LowWall,
    /// 7.4 a very high wall: impassable until pioneers make a crossing.
    HighWall,
    /// 7.4 a ditch.
    Ditch,
    /// 7.4 a deep ditch: impassable until pioneers make a crossing.
    DeepDitch,
    /// 7.4 a stream.
    Stream,
    /// 7.4 abatis (felled trees): impassable to horses, guns and wagons.
    Abatis,
    /// An earthen rampart or redoubt wall: hard cover, an obstacle in melee, breached at 6.
    Earthwork,
    /// 7.2 a trail through difficult ground (a line 1" wide).
    Trail,
    /// 7.2 dense thicket: difficult ground.
    Thicket,
    /// 7.2 steep rocky slopes: difficult ground.
    SteepRocky,
    /// 7.3 steep slopes: broken ground.
    Steep,
    /// 7.3 soft sand: broken ground.
    Sand,
    /// 7.7 dead ground: hidden deployment for any troops; stops a line of fire.
    DeadGround,
    /// 7.6 a highway: troops in column on it double their move.
    Highway,
    /// 7.5 a building: walls with doors and windows.
    Building,
}

impl FeatureKind {
    /// The word in data files.
    pub fn word(self) -> &'static str {
        match self {
            FeatureKind::Fence => "fence",
            FeatureKind::Hedge => "hedge",
            FeatureKind::LowWall => "low-wall",
            FeatureKind::HighWall => "high-wall",
            FeatureKind::Ditch => "ditch",
            FeatureKind::DeepDitch => "deep-ditch",
            FeatureKind::Stream => "stream",
            FeatureKind::Abatis => "abatis",
            FeatureKind::Earthwork => "earthwork",
            FeatureKind::Trail => "trail",
            FeatureKind::Thicket => "thicket",
            FeatureKind::SteepRocky => "steep-rocky",
            FeatureKind::Steep => "steep",
            FeatureKind::Sand => "sand",
            FeatureKind::DeadGround => "dead-ground",
            FeatureKind::Highway => "highway",
            FeatureKind::Building => "building",
        }
    }

    /// 7.4 a linear obstacle, crossed at a cost.
    pub fn is_obstacle(self) -> bool {
        matches!(
            self,
            FeatureKind::Fence
                | FeatureKind::Hedge
                | FeatureKind::LowWall
                | FeatureKind::HighWall
                | FeatureKind::Ditch
                | FeatureKind::DeepDitch
                | FeatureKind::Stream
                | FeatureKind::Abatis
                | FeatureKind::Earthwork
        )
    }

    /// Drawn as a line (obstacles and trails); the rest are areas.
    pub fn is_line(self) -> bool {
        self.is_obstacle() || self == FeatureKind::Trail
    }

    /// 10.2 hard cover for figures behind it.
    pub fn is_hard_cover(self) -> bool {
        matches!(
            self,
            FeatureKind::LowWall | FeatureKind::HighWall | FeatureKind::Earthwork
        )
    }

    /// 7.4 impassable until a crossing is made.
    pub fn needs_crossing(self) -> bool {
        matches!(self, FeatureKind::HighWall | FeatureKind::DeepDitch)
    }

    /// Walls, fences and hedges: guns and wagons crossing leave a gap (7.4).
    pub fn leaves_gap(self) -> bool {
        matches!(
            self,
            FeatureKind::Fence | FeatureKind::Hedge | FeatureKind::LowWall
        )
    }
}

/// 9.4 what a structure is built of: its defence against round shot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Material {
    /// Wood: defence 4.
    Wood,
    /// Stone: defence 5.
    Stone,
    /// An earthen rampart: defence 6.
    Earth,
}

impl Material {
    /// 9.4 the defence value.
    pub fn defence(self) -> u8 {
        match self {
            Material::Wood => 4,
            Material::Stone => 5,
            Material::Earth => 6,
        }
    }
}

/// An opening in a building's walls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Aperture {
    /// A door.
    Door,
    /// A window.
    Window,
    /// A breach made by round shot (9.4).
    Breach,
}

/// The width of a door, a window or a breach: one figure (7.5, 9.4).
pub const APERTURE_WIDTH: f64 = 1.0;

/// A feature of the table the skirmish rules need beyond the table crate's terrain.
#[derive(Clone, Debug, PartialEq)]
pub struct Feature {
    /// What it is.
    pub kind: FeatureKind,
    /// Its name, if the scenario gives one.
    pub name: Option<String>,
    /// Its line (obstacles, trails; a building's ring of walls with its apertures as gaps).
    pub line: Option<Barrier>,
    /// Its area (areas; a building's floor).
    pub area: Option<Polygon>,
    /// A building's apertures, in the order of the ring's gaps.
    pub apertures: Vec<Aperture>,
    /// What a building or wall is made of.
    pub material: Option<Material>,
    /// Why it is drawn so, when the text does not say.
    pub assumed: Option<String>,
}

impl Feature {
    /// How it is called in messages.
    pub fn label(&self) -> String {
        self.name
            .clone()
            .unwrap_or_else(|| self.kind.word().to_string())
    }
}

/// The initial last action of a unit (3.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Start {
    /// Deployed on the table: it stands.
    #[default]
    Stand,
    /// Arriving on the march: it advances.
    Advance,
}

/// One figure as the scenario gives it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FigureSetup {
    /// Its role.
    pub role: Role,
    /// Its weapon.
    pub weapon: Weapon,
    /// The side's general (3.3: modifies by 2), whatever his rank.
    pub general: bool,
    /// A personality set by the scenario (heroes are bold), else rolled when needed (3.3).
    pub personality: Option<Personality>,
    /// The gun, for a piece.
    pub gun: Option<GunKind>,
    /// Where it starts.
    pub pose: Pose,
}

/// What can alert a unit that waits (scenario 2's households and garrison).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Alert {
    /// Shots fired by or at figures in these areas (terrain or feature indices of the layout
    /// or the features, as `Area`) alert it.
    pub shots: Vec<Area>,
    /// Any building of the table burning alerts it (smoke seen over the woods).
    pub smoke: bool,
    /// An enemy figure seen within this many inches of one of its figures alerts it.
    pub seen: Option<f64>,
    /// 4.1 a messenger of its side arriving alerts it.
    pub messenger: bool,
}

/// A named area of the table: a piece of the layout's terrain, or a feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Area {
    /// `Layout::terrain()[i]`.
    Terrain(usize),
    /// `Scenario::features[i]`.
    Feature(usize),
}

/// One unit as the scenario sets it up.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UnitSetup {
    /// The name on the table (`br-gren`).
    pub id: String,
    /// What it is called in full.
    pub name: String,
    /// Its type.
    pub troop: Troop,
    /// Its traits.
    pub traits: Traits,
    /// 7.8 field craft, 1 to 3.
    pub fieldcraft: u8,
    /// Its formation at the start.
    pub formation: Formation,
    /// Where the formation stands: a line's front middle, a column's head, skirmishers'
    /// middle, a gun's centre.
    pub anchor: Pose,
    /// A column's path behind its head.
    pub trail: Vec<Point>,
    /// Its figures.
    pub figures: Vec<FigureSetup>,
    /// 7.7 deployed hidden by its side at the start, at one of these places (its middle).
    pub hiding: Vec<Point>,
    /// Off the table at the start, coming on across this edge.
    pub enters: Option<Edge>,
    /// Its battalion, by index.
    pub battalion: Option<usize>,
    /// Its last action at the start.
    pub start: Start,
    /// Bound to this area until alerted (scenario 2).
    pub bound: Option<Area>,
    /// What alerts it; `None` when it needs no alert.
    pub alert: Option<Alert>,
    /// The building its women (or its whole garrison) stand in.
    pub building: Option<usize>,
    /// Burns, loots and leaves (scenario 2's Indian bands).
    pub raider: bool,
    /// A gun section limbered at the start.
    pub limbered: bool,
    /// Skirmishers' rows, at the start and when deployed hidden.
    pub rows: u8,
    /// Figures that take part only as a set-up roll says (a household's 3-5 men).
    pub extras: Vec<Extra>,
}

/// Some of a unit's figures decided by a set-up roll of one die: `table[k]` of `figures`
/// (indices into the unit's figures, in order) take part on a roll of `k + 1`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Extra {
    /// What is rolled for, in the scenario's words.
    pub label: String,
    /// How many of the figures come for each face of the die.
    pub table: Vec<u8>,
    /// The figures that may come.
    pub figures: Vec<usize>,
}

/// A battalion (or squadron, battery).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BattalionSetup {
    /// Its name.
    pub id: String,
    /// Its companies, by unit index in the side.
    pub companies: Vec<usize>,
}

/// A roll at set-up that decides how many of some units take part (1D6 Indian bands).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Roll {
    /// Sides of the die.
    pub sides: u8,
    /// Added to the roll.
    pub add: u8,
    /// The units that may take part, the first ones first (by unit index in the side).
    pub units: Vec<usize>,
    /// What the roll is, in the scenario's words.
    pub label: String,
}

/// How the computer general plays a side (not a rule: the scenario's hint to it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Posture {
    /// It must win ground and beat the enemy.
    #[default]
    Attack,
    /// It holds its ground and lets the enemy come.
    Defend,
}

/// One side of a scenario.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideSetup {
    /// Where its enemy is expected, for "nearest known enemy" when none is seen (3.2).
    pub front: Point,
    /// How the computer general plays it.
    pub posture: Posture,
    /// Its own edge: where it may leave the table, and where raiders make for.
    pub edge: Edge,
    /// Where its hidden units may be deployed (7.7), with concealing ground.
    pub hide_zones: Vec<Polygon>,
    /// Its units, in the order of the file.
    pub units: Vec<UnitSetup>,
    /// Its battalions.
    pub battalions: Vec<BattalionSetup>,
    /// A set-up roll for some of its units.
    pub roll: Option<Roll>,
}

/// A counter a victory condition reads.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub enum Counter {
    /// At least this share of a side's companies routed, surrendered or destroyed.
    LostShare(Side, f64),
    /// At least this many of a side's companies routed, surrendered or destroyed.
    Lost(Side, u32),
    /// More than this share of a side's companies routed, surrendered or destroyed (with the
    /// option `field-companies`, of those that have taken the field: a relief that never left
    /// its fort is not counted).
    LostOver(Side, f64),
    /// At least this many buildings burned.
    Burned(u32),
    /// At least this many of a side's guns destroyed or spiked.
    GunsLost(Side, u32),
    /// Feature `0` (a bridge site, by index into the scenario's sites) destroyed.
    Destroyed(usize),
    /// Site `0` finished.
    Built(usize),
    /// Every unit of a side gone from the table (departed, routed, destroyed, surrendered).
    Gone(Side),
}

/// A victory condition: when all its counters hold, `winner` wins at once.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Victory {
    /// Who wins (`None`: a draw).
    pub winner: Option<Side>,
    /// What must hold, all together.
    pub when: Vec<Counter>,
    /// The reason, in words.
    pub reason: String,
}

/// Who wins at the end of the last turn.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum End {
    /// This side.
    Side(Side),
    /// The side with the smaller share of its companies lost; equal shares are a draw.
    FewerLost,
}

/// An engineering work the scenario sets (13.2).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Site {
    /// Its name.
    pub name: String,
    /// What the work is.
    pub task: Task,
    /// Where it is worked.
    pub at: Point,
    /// Periods of work already done at the start.
    pub done: u32,
    /// Why it is there.
    pub assumed: Option<String>,
}

/// 13.2 the engineering tasks.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub enum Task {
    /// A redoubt for a gun or a company: 6 turns; the feature it becomes once finished.
    Redoubt {
        /// The earthwork feature (by index) that stands once the work is done.
        feature: usize,
    },
    /// Demolition charges on a bridge (the layout's bridge terrain, by index) of `material`.
    Demolish {
        /// The bridge, by index in the layout's terrain.
        bridge: usize,
        /// What it is built of.
        material: Material,
    },
    /// Cut a road through an obstacle feature: 1 turn.
    Cut {
        /// The obstacle, by index in the features.
        feature: usize,
    },
}

/// A checked scenario, ready to play.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Scenario {
    /// The name in messages.
    pub name: String,
    /// Where it comes from, in a line.
    pub about: String,
    /// The id its own rules are cited by (`S1`).
    pub rule: String,
    /// The table crate's layout.
    #[serde(skip)]
    pub layout: Layout,
    /// The skirmish rules' own features.
    #[serde(skip)]
    pub features: Vec<Feature>,
    /// Engineering works.
    pub sites: Vec<Site>,
    /// The last turn.
    pub turns: u32,
    /// 9.5 the bearing the wind blows towards (smoke drifts that way).
    pub wind: f64,
    /// Whether a unit may spike an enemy gun it touches with no crew by it.
    pub spiking: bool,
    /// The two sides, British first.
    pub sides: [SideSetup; 2],
    /// Conditions that end the game at once.
    pub victory: Vec<Victory>,
    /// Who wins after the last turn.
    pub end: End,
    /// Every value the text does not give: (what, why).
    pub assumed: Vec<(String, String)>,
    /// Departures from the text kept as named options, off unless switched on.
    pub options: Vec<ScenarioOption>,
}

/// A departure from the text that a scenario offers by name, with its reason: played only
/// when switched on (by the scenario file's `on = true`, or a game's options).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScenarioOption {
    /// Its name (one of [`OPTIONS`]).
    pub name: String,
    /// Why it is offered.
    pub reason: String,
    /// Switched on.
    pub on: bool,
}

/// The departures fiw knows how to play, by name, and what each changes.
pub const OPTIONS: &[(&str, &str)] = &[
    (
        "native-woods-cover",
        "native units in woods claim cover against small arms as in brush or rocks (10.2)",
    ),
    (
        "field-companies",
        "a victory's share of companies broken counts only those that have taken the field",
    ),
];

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
    /// More figures of this kind by a roll of one die: `extra[k]` more on a roll of `k + 1`.
    extra: Option<Vec<u8>>,
    extra_label: Option<String>,
}

fn one() -> u8 {
    1
}

/// The scenarios built into fiw, by the name used on the command line.
pub const SCENARIOS: &[(&str, &str)] = &[
    (
        "relief-column",
        include_str!("../data/scenarios/relief-column.toml"),
    ),
    ("raid", include_str!("../data/scenarios/raid.toml")),
    (
        "siege-sortie",
        include_str!("../data/scenarios/siege-sortie.toml"),
    ),
];

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
    /// A built-in scenario by name (`relief-column`, `raid`, `siege-sortie`).
    ///
    /// # Errors
    /// An unknown name, listing the known ones; a built-in file that fails its checks.
    pub fn named(name: &str) -> Result<Scenario, DataError> {
        match SCENARIOS.iter().find(|(n, _)| *n == name) {
            Some((n, text)) => {
                Scenario::parse(text, &format!("crates/skirmish/data/scenarios/{n}.toml"))
            }
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

    /// A built-in scenario by name, read once and shared (a simulation starts thousands of
    /// games).
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

    /// The feature or terrain a name refers to.
    pub fn area_named(&self, name: &str) -> Option<Area> {
        self.layout
            .terrain()
            .iter()
            .position(|t| t.name.as_deref() == Some(name))
            .map(Area::Terrain)
            .or_else(|| {
                self.features
                    .iter()
                    .position(|f| f.name.as_deref() == Some(name))
                    .map(Area::Feature)
            })
    }

    /// The polygon of an area, when it has one.
    pub fn area_polygon(&self, area: Area) -> Option<&Polygon> {
        match area {
            Area::Terrain(i) => self.layout.terrain().get(i).map(|t| &t.polygon),
            Area::Feature(i) => self.features.get(i).and_then(|f| f.area.as_ref()),
        }
    }

    /// The name of an area in messages.
    pub fn area_label(&self, area: Area) -> String {
        match area {
            Area::Terrain(i) => self
                .layout
                .terrain()
                .get(i)
                .map_or("?".into(), |t| t.label().to_string()),
            Area::Feature(i) => self.features.get(i).map_or("?".into(), Feature::label),
        }
    }

    /// Whether the named departure `name` is switched on.
    pub fn option(&self, name: &str) -> bool {
        self.options.iter().any(|o| o.on && o.name == name)
    }

    /// The same scenario with the named options `names` switched on.
    ///
    /// # Errors
    /// A name the scenario does not offer.
    pub fn with_options(&self, names: &[String]) -> Result<Scenario, String> {
        let mut s = self.clone();
        for n in names {
            let Some(o) = s.options.iter_mut().find(|o| &o.name == n) else {
                let offered: Vec<&str> = self.options.iter().map(|o| o.name.as_str()).collect();
                return Err(format!(
                    "{} offers no option '{n}' (it offers: {})",
                    self.name,
                    if offered.is_empty() {
                        "none".to_string()
                    } else {
                        offered.join(", ")
                    }
                ));
            };
            o.on = true;
        }
        Ok(s)
    }

    /// 4.1 the messengers a side may send, each a place of his own: for each of its units
    /// that can spare a man (not guns or wagons), the unit's index among the side's and the
    /// messenger's name; none on a side with no unit a messenger alerts (the text gives a
    /// messenger nothing else fiw plays: 10.7's word of a fallen general is its delay).
    pub fn messenger_ids(&self, side: Side) -> Vec<(usize, String)> {
        let setup = &self.sides[side.index()];
        if !setup
            .units
            .iter()
            .any(|u| u.alert.as_ref().is_some_and(|a| a.messenger))
        {
            return Vec::new();
        }
        let word = side.name().to_lowercase();
        setup
            .units
            .iter()
            .enumerate()
            .filter(|(_, u)| !matches!(u.troop, Troop::Artillery | Troop::Wagon))
            .enumerate()
            .map(|(n, (k, _))| {
                let mut letters = String::new();
                let mut x = n;
                loop {
                    letters.insert(0, char::from(b'a' + (x % 26) as u8));
                    if x < 26 {
                        break;
                    }
                    x = x / 26 - 1;
                }
                (k, format!("{word}-messenger-{letters}"))
            })
            .collect()
    }

    /// The buildings, as indices into the features, in order (a formation `Building(k)` names
    /// the `k`th).
    pub fn buildings(&self) -> Vec<usize> {
        (0..self.features.len())
            .filter(|i| self.features[*i].kind == FeatureKind::Building)
            .collect()
    }

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
        for (side, d) in [(Side::British, def.british), (Side::French, def.french)] {
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
            for (name, built) in [(&v.destroyed, false), (&v.built, true)] {
                if let Some(n) = name {
                    let k = scenario
                        .sites
                        .iter()
                        .position(|s| &s.name == n)
                        .ok_or_else(|| {
                            err(
                                format!("{at}.{}", if built { "built" } else { "destroyed" }),
                                format!("no site is called '{n}'"),
                            )
                        })?;
                    when.push(if built {
                        Counter::Built(k)
                    } else {
                        Counter::Destroyed(k)
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
    }
}

/// The base of a figure of `role` in a unit of `troop`.
pub fn base_of(role: Role, troop: Troop) -> Base {
    match role {
        Role::Gun => Base::Gun,
        Role::Wagon => Base::Wagon,
        _ if troop == Troop::Cavalry => Base::Mounted,
        _ => Base::Foot,
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
        };
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

/// The word for an edge.
pub fn edge_word(e: Edge) -> &'static str {
    match e {
        Edge::North => "north",
        Edge::East => "east",
        Edge::South => "south",
        Edge::West => "west",
    }
}

/// 1.2 a company's organisation: its own figures (its officer or leader, sergeant and men;
/// the battalion's colonel, colour party, heroes and generals attached to it are not counted).
fn check_organisation(_at: &str, troop: Troop, figures: &[FigureSetup]) -> Result<(), String> {
    let count = |r: Role| figures.iter().filter(|f| f.role == r).count();
    let (officers, sergeants, privates) = (
        count(Role::Officer),
        count(Role::Sergeant),
        count(Role::Private),
    );
    if sergeants > 1 {
        return Err("a company swaps at most one man for a sergeant (1.2)".into());
    }
    let leaders =
        officers + sergeants + count(Role::Hero) + count(Role::Colonel) + count(Role::Major);
    if leaders == 0 && troop != Troop::Wagon {
        return Err("a company has at least one leader (1.2)".into());
    }
    let own = officers + sergeants + privates;
    let men = sergeants + privates;
    let range = |lo: usize, hi: usize, what: &str| {
        if (lo..=hi).contains(&men) && officers == 1 {
            Ok(())
        } else {
            Err(format!(
                "{what} (1.2), not {officers} officer(s) and {men} men"
            ))
        }
    };
    match troop {
        Troop::Regular | Troop::Light => range(
            5,
            11,
            "a company of regulars has an officer and 5 to 11 men",
        ),
        Troop::Irregular => range(
            5,
            7,
            "a company or band of irregulars has a leader and 5 to 7 men",
        ),
        Troop::Militia => range(5, 7, "a company of militia has an officer and 5 to 7 men"),
        Troop::Cavalry => range(
            5,
            7,
            "a troop of cavalry has an officer and 5 to 7 troopers",
        ),
        Troop::Artillery => {
            let guns = count(Role::Gun);
            let crew = men;
            let heavy = figures.iter().any(|f| f.gun == Some(GunKind::Heavy));
            let want = if heavy { 5 } else { 3 };
            if guns != 1 || officers != 1 || crew != want {
                Err(format!("a gun section is a gun, an officer or NCO and {want} crew (1.2), not {guns} gun(s), {officers} officer(s) and {crew} crew"))
            } else {
                Ok(())
            }
        }
        Troop::Household => {
            let women = count(Role::Woman);
            if !(2..=3).contains(&women) || !(3..=5).contains(&own) {
                Err(format!(
                    "a household is 2 or 3 women and 3 to 5 men (S2), not {women} and {own}"
                ))
            } else {
                Ok(())
            }
        }
        Troop::Wagon => {
            if count(Role::Wagon) != 1 || own > 1 {
                Err("a wagon unit is one wagon and at most its driver".into())
            } else {
                Ok(())
            }
        }
    }
}

/// Places the figures of a unit at the start, in its formation round `anchor`.
fn lay_out(
    figures: &mut [FigureSetup],
    troop: Troop,
    formation: Formation,
    anchor: Pose,
    path: &[Point],
    rows: u8,
    building: Option<&Feature>,
) {
    let foot = charts().footprint(Base::Foot);
    // women stand in their building; the rest in the formation
    let (inside, outside): (Vec<usize>, Vec<usize>) = (0..figures.len()).partition(|&i| {
        figures[i].role == Role::Woman || matches!(formation, Formation::Building(_))
    });
    if let Some(b) = building {
        let stations = building_stations(b, inside.len(), foot);
        for (k, &i) in inside.iter().enumerate() {
            figures[i].pose = stations[k.min(stations.len().saturating_sub(1))];
        }
    }
    let n = outside.len();
    let base = charts().footprint(base_of(Role::Private, troop));
    let slots = match formation {
        Formation::Line { ranks } => formation::line_slots(n, ranks, anchor, base),
        Formation::Column { width } => {
            let trail = if path.is_empty() {
                vec![anchor.at - anchor.ahead()]
            } else {
                path.to_vec()
            };
            formation::column_slots(n, width, anchor, &trail, base)
        }
        Formation::Battery => {
            let gun = charts().footprint(Base::Gun);
            let wagon = charts().footprint(Base::Wagon);
            let piece = outside
                .iter()
                .find(|&&i| figures[i].role.is_piece())
                .map(|&i| figures[i].role);
            let piece_base = if piece == Some(Role::Wagon) {
                wagon
            } else {
                gun
            };
            formation::battery_slots(n.saturating_sub(1), anchor, piece_base, foot)
        }
        _ => formation::skirmish_rows(n, rows, anchor, base, SKIRMISH_SPACING),
    };
    // pieces first (a battery's first slot), then leaders, then the rest
    let mut order = outside.clone();
    order.sort_by_key(|&i| {
        (
            !figures[i].role.is_piece(),
            !figures[i].role.is_officer(),
            i,
        )
    });
    for (k, i) in order.into_iter().enumerate() {
        if let Some(p) = slots.get(k) {
            figures[i].pose = *p;
        }
    }
}

/// Places inside a building for `n` figures: along its walls, 0.6" in, an inch apart, those
/// by the apertures first (7.5: the figures along a wall fire out of its openings).
pub fn building_stations(b: &Feature, n: usize, foot: fiw_table::Footprint) -> Vec<Pose> {
    let (Some(ring), Some(floor)) = (&b.line, &b.area) else {
        return vec![Pose::new(0.0, 0.0, 0.0); n];
    };
    let inset = foot.depth() / 2.0 + 0.2;
    let mut spots: Vec<(f64, Pose)> = Vec::new();
    let len = ring.length();
    let steps = (len / 1.0).floor().max(1.0) as usize;
    for k in 0..steps {
        let s = (k as f64 + 0.5) * len / steps as f64;
        let on = ring.at(s);
        let out = ring.normal_at(s);
        let p = on - out * inset;
        if floor.locate(p) != fiw_table::Location::Inside {
            continue;
        }
        let r = foot.place(Pose::new(p.x, p.y, fiw_table::bearing(p, on)));
        // wholly inside, a little way from the corners
        if floor.holds(&r) != fiw_table::Containment::Wholly {
            continue;
        }
        if spots.iter().any(|(_, q)| foot.place(*q).distance(&r) < 0.1) {
            continue;
        }
        let near_gap = ring
            .gaps()
            .iter()
            .map(|(a, b)| {
                ((a + b) / 2.0 - s)
                    .abs()
                    .min(len - ((a + b) / 2.0 - s).abs())
            })
            .fold(f64::INFINITY, f64::min);
        spots.push((near_gap, r.pose()));
    }
    spots.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut out: Vec<Pose> = spots.into_iter().map(|(_, p)| p).take(n).collect();
    // a building too small for its garrison: the rest stand in the middle (the file check
    // refuses figures that overlap)
    let (lo, hi) = floor.bounds();
    while out.len() < n {
        let c = Point::new((lo.x + hi.x) / 2.0, (lo.y + hi.y) / 2.0);
        out.push(Pose::new(c.x, c.y, 0.0));
    }
    out
}
