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

mod figures;
mod file;
pub mod set_up;

pub use set_up::{Plan, SetUp};

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
    /// 8.3 a marksman though his unit is not (a mixed company's coureurs des bois, S2).
    pub marksman: bool,
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
    /// S1 its set-up before play (the units and abatis it places), if the scenario gives one.
    pub set_up: Option<SetUp>,
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
    /// Site `0` (a bridge) damaged or destroyed (13.2: a damaged bridge carries only infantry,
    /// at half speed).
    Damaged(usize),
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
    /// 7.4 a crossing point over a very high wall or deep ditch: 1 turn; troops in column then
    /// cross there as over a minor obstacle.
    Crossing {
        /// The obstacle, by index in the features.
        feature: usize,
    },
    /// 13.2 a pontoon bridge from the site's place to `to`, 1" laid a period.
    Pontoon {
        /// The far end.
        to: Point,
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
    /// 13.2 whether each side (British first) has a pontoon's materials at hand: boats and
    /// timbers in its tool wagon.
    pub pontoons: [bool; 2],
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
    (
        "fewer-lost",
        "after the last turn the side with the smaller share of its companies broken wins, equal shares a draw",
    ),
    (
        "two-commanders",
        "the text's optional rule for large games (2.1): a card lets its side act with two units, one after the other, one for each of two commanders",
    ),
    (
        "double-range",
        "the text's optional rule (9.2): a gun may fire out to twice its stated range, needing a 6 to hit beyond it",
    ),
];

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

/// The word for an edge.
pub fn edge_word(e: Edge) -> &'static str {
    match e {
        Edge::North => "north",
        Edge::East => "east",
        Edge::South => "south",
        Edge::West => "west",
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
