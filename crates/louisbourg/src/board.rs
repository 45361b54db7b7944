//! 3 the game board: land locations, the two sea areas, the boxes, and the roads between
//! locations, loaded from `data/board.toml`.

use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// A place a block can be: a land location, a sea area, a box, or out of the game.
pub type Loc = u8;

pub const LOUISBOURG: Loc = 0;
pub const ISLAND_BATTERY: Loc = 1;
pub const LIGHTHOUSE_POINT: Loc = 2;
pub const ROYAL_BATTERY: Loc = 3;
pub const BARACHOIS: Loc = 4;
pub const GREEN_HILLS: Loc = 5;
pub const BLACK_ROCK: Loc = 6;
pub const WHITE_POINT: Loc = 7;
pub const FLAT_POINT: Loc = 8;
pub const KENNINGTON_COVE: Loc = 9;
pub const WESTERN_SETTLEMENTS: Loc = 10;
pub const NORTHERN_SETTLEMENTS: Loc = 11;
/// Number of land locations; land ids are `0..LAND`.
pub const LAND: usize = 12;
pub const GABARUS_BAY: Loc = 12;
pub const LOUISBOURG_HARBOR: Loc = 13;
/// The British Forces box in Gabarus Bay (7).
pub const BRITISH_BOX: Loc = 14;
/// The French reinforcement box (12).
pub const REINFORCEMENTS: Loc = 15;
/// Eliminated blocks.
pub const ELIMINATED: Loc = 16;
/// Every place, for arrays indexed by `Loc`.
pub const PLACES: usize = 17;

/// The ids used on the command line and in the data files, indexed by `Loc`.
pub const IDS: [&str; PLACES] = [
    "louisbourg",
    "island-battery",
    "lighthouse-point",
    "royal-battery",
    "barachois",
    "green-hills",
    "black-rock",
    "white-point",
    "flat-point",
    "kennington-cove",
    "western-settlements",
    "northern-settlements",
    "gabarus-bay",
    "louisbourg-harbor",
    "british-box",
    "reinforcements",
    "eliminated",
];

/// 8.2.1 the locations adjacent to Louisbourg.
pub const ADJACENT_TO_LOUISBOURG: [Loc; 4] = [BLACK_ROCK, GREEN_HILLS, BARACHOIS, ISLAND_BATTERY];

/// 8.3.1 the two kinds of road and how many units each carries per move action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RoadKind {
    Solid,
    Dotted,
}

impl RoadKind {
    /// 8.3.1 road limits.
    pub fn limit(self) -> u8 {
        match self {
            RoadKind::Solid => 8,
            RoadKind::Dotted => 4,
        }
    }
}

/// A road as the data file gives it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoadDef {
    pub between: [String; 2],
    pub kind: RoadKind,
    #[serde(default)]
    pub source: Option<String>,
    #[serde(default)]
    pub assumed: Option<String>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LandDef {
    id: String,
    name: String,
    #[serde(default)]
    borders: Option<String>,
    #[serde(default)]
    reinforcement_entry: bool,
    /// Where the browser draws it ([`Drawing`]).
    x: f64,
    y: f64,
}

/// A sea area's or a box's place in the drawing.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DrawnPlace {
    id: String,
    x: f64,
    y: f64,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DrawingDef {
    width: f64,
    height: f64,
    assumed: String,
    place: Vec<DrawnPlace>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardFile {
    land: Vec<LandDef>,
    road: Vec<RoadDef>,
    drawing: DrawingDef,
}

/// The schematic map a browser draws (assumed: the published board is not reproduced): every
/// place but `eliminated` at a point of a `width` by `height` drawing, x east and y south.
#[derive(Clone, Debug, Serialize)]
pub struct Drawing {
    pub width: f64,
    pub height: f64,
    /// Why the places are where they are.
    pub assumed: String,
    /// Each place's point, indexed by `Loc` (`eliminated` has none).
    pub at: Vec<(f64, f64)>,
}

/// The validated board.
#[derive(Clone, Debug)]
pub struct Board {
    /// Display names, indexed by `Loc`.
    pub names: [String; PLACES],
    /// `road[a][b]`: the road between two land locations, if any.
    pub road: [[Option<RoadKind>; LAND]; LAND],
    /// Road index (for per-action road counters) between two land locations.
    pub road_index: [[u8; LAND]; LAND],
    /// Neighbours of each land location by road.
    pub neighbours: [Vec<Loc>; LAND],
    /// The sea area a land location borders, if any (3).
    pub borders: [Option<Loc>; LAND],
    /// 12 reinforcement entry locations.
    pub entry: [bool; LAND],
    /// The roads as written, for `fiw rules`.
    pub roads: Vec<RoadDef>,
    /// 3 the land locations on each sea area: `[Gabarus Bay, Louisbourg Harbor]`.
    pub shore: [Vec<Loc>; 2],
    /// Where an amphibious move on each sea area may land: its shore, and for Gabarus Bay the
    /// British Forces box (8.3.3).
    pub landing: [Vec<Loc>; 2],
    /// Where a browser draws each place.
    pub drawing: Drawing,
}

/// The drawing's points: one for every land location (its `x`, `y`) and for each sea area
/// and box (`[drawing] place`), each inside the drawing.
fn drawing(raw: &BoardFile, file: &str) -> Result<Drawing, String> {
    let d = &raw.drawing;
    let mut at: Vec<Option<(f64, f64)>> = vec![None; ELIMINATED as usize];
    for (i, l) in raw.land.iter().enumerate() {
        at[i] = Some((l.x, l.y));
    }
    for p in &d.place {
        match loc_named(&p.id) {
            Some(l) if !is_land(l) && l != ELIMINATED && at[l as usize].is_none() => {
                at[l as usize] = Some((p.x, p.y))
            }
            _ => {
                return Err(format!(
                    "{file}: [drawing] place '{}' is not a sea area or box, or is given twice",
                    p.id
                ))
            }
        }
    }
    let mut points = Vec::new();
    for (l, p) in at.into_iter().enumerate() {
        let Some((x, y)) = p else {
            return Err(format!("{file}: [drawing] has no point for '{}'", IDS[l]));
        };
        if !(0.0..=d.width).contains(&x) || !(0.0..=d.height).contains(&y) {
            return Err(format!(
                "{file}: '{}' is drawn at {x}, {y}, outside the {} by {} drawing",
                IDS[l], d.width, d.height
            ));
        }
        points.push((x, y));
    }
    Ok(Drawing {
        width: d.width,
        height: d.height,
        assumed: d.assumed.clone(),
        at: points,
    })
}

/// Number of roads allowed on the board (for fixed-size counters).
pub const MAX_ROADS: usize = 32;

/// Looks up a place by its id.
pub fn loc_named(id: &str) -> Option<Loc> {
    IDS.iter().position(|s| *s == id).map(|i| i as Loc)
}

/// The id of a place.
pub fn id(loc: Loc) -> &'static str {
    IDS.get(loc as usize).copied().unwrap_or("?")
}

/// Whether a place is a land location.
pub fn is_land(loc: Loc) -> bool {
    (loc as usize) < LAND
}

impl Board {
    /// Parses and validates a board file; errors name the file, the line and the field.
    pub fn parse(text: &str, file: &str) -> Result<Board, String> {
        let raw: BoardFile = toml::from_str(text).map_err(|e| format!("{file}: {e}"))?;
        let mut names: [String; PLACES] = std::array::from_fn(|i| IDS[i].to_string());
        names[GABARUS_BAY as usize] = "Gabarus Bay".into();
        names[LOUISBOURG_HARBOR as usize] = "Louisbourg Harbor".into();
        names[BRITISH_BOX as usize] = "British Forces box".into();
        names[REINFORCEMENTS as usize] = "French reinforcements".into();
        names[ELIMINATED as usize] = "eliminated".into();
        if raw.land.len() != LAND {
            return Err(format!(
                "{file}: expected {LAND} [[land]] entries, found {}",
                raw.land.len()
            ));
        }
        let mut borders = [None; LAND];
        let mut entry = [false; LAND];
        for (i, l) in raw.land.iter().enumerate() {
            if l.id != IDS[i] {
                return Err(format!(
                    "{file}: [[land]] number {} has id '{}', expected '{}'",
                    i + 1,
                    l.id,
                    IDS[i]
                ));
            }
            names[i] = l.name.clone();
            if let Some(sea) = &l.borders {
                match loc_named(sea) {
                    Some(s @ (GABARUS_BAY | LOUISBOURG_HARBOR)) => borders[i] = Some(s),
                    _ => {
                        return Err(format!(
                            "{file}: land '{}' field borders: '{sea}' is not a sea area",
                            l.id
                        ))
                    }
                }
            }
            entry[i] = l.reinforcement_entry;
        }
        let drawing = drawing(&raw, file)?;
        let mut road = [[None; LAND]; LAND];
        let mut road_index = [[u8::MAX; LAND]; LAND];
        let mut neighbours: [Vec<Loc>; LAND] = Default::default();
        if raw.road.len() > MAX_ROADS {
            return Err(format!("{file}: at most {MAX_ROADS} roads"));
        }
        for (n, r) in raw.road.iter().enumerate() {
            let end = |s: &str| match loc_named(s) {
                Some(l) if is_land(l) => Ok(l as usize),
                _ => Err(format!(
                    "{file}: road {} field between: '{s}' is not a land location",
                    n + 1
                )),
            };
            let (a, b) = (end(&r.between[0])?, end(&r.between[1])?);
            if a == b || road[a][b].is_some() {
                return Err(format!(
                    "{file}: road {} ({} – {}) is a loop or a duplicate",
                    n + 1,
                    IDS[a],
                    IDS[b]
                ));
            }
            if r.source.is_none() && r.assumed.is_none() {
                return Err(format!(
                    "{file}: road {} needs `source` or `assumed`",
                    n + 1
                ));
            }
            road[a][b] = Some(r.kind);
            road[b][a] = Some(r.kind);
            road_index[a][b] = n as u8;
            road_index[b][a] = n as u8;
            neighbours[a].push(b as Loc);
            neighbours[b].push(a as Loc);
        }
        let shore_of = |sea: Loc| {
            (0..LAND as Loc)
                .filter(|&l| borders[l as usize] == Some(sea))
                .collect::<Vec<_>>()
        };
        let shore = [shore_of(GABARUS_BAY), shore_of(LOUISBOURG_HARBOR)];
        let mut landing = shore.clone();
        landing[0].push(BRITISH_BOX);
        Ok(Board {
            names,
            road,
            road_index,
            neighbours,
            borders,
            entry,
            roads: raw.road,
            shore,
            landing,
            drawing,
        })
    }

    /// The road between two places, if both are land and joined.
    pub fn road(&self, a: Loc, b: Loc) -> Option<RoadKind> {
        if is_land(a) && is_land(b) {
            self.road[a as usize][b as usize]
        } else {
            None
        }
    }

    /// Whether a land location borders a sea area (3), counting the British Forces box as part
    /// of Gabarus Bay (8.3.3).
    pub fn on_sea(&self, loc: Loc, sea: Loc) -> bool {
        if loc == BRITISH_BOX {
            return sea == GABARUS_BAY;
        }
        is_land(loc) && self.borders[loc as usize] == Some(sea)
    }

    /// The land locations on a sea area (3).
    pub fn shore(&self, sea: Loc) -> &[Loc] {
        &self.shore[(sea == LOUISBOURG_HARBOR) as usize]
    }

    /// The road between two land locations as (index for per-action counters, kind).
    pub fn road_between(&self, a: Loc, b: Loc) -> Option<(usize, RoadKind)> {
        if is_land(a) && is_land(b) {
            self.road[a as usize][b as usize]
                .map(|k| (self.road_index[a as usize][b as usize] as usize, k))
        } else {
            None
        }
    }

    /// The display name of a place.
    pub fn name(&self, loc: Loc) -> &str {
        &self.names[loc as usize]
    }
}

/// `map` at the prompt: every land location with its sea area and its roads, each solid
/// (8 units per road per move action) or dotted (4), assumed ones marked; then the sea
/// areas, the locations next to Louisbourg, and the reinforcement entries. So a player never
/// needs the data file.
pub fn map_text() -> String {
    let b = board();
    let mut out = vec![
        "The map (3). Roads: solid carries 8 units per move action, dotted 4 (8.3.1); * = assumed \
         by this project (fiw rules louisbourg says why)."
            .to_string(),
    ];
    let mut any_assumed = false;
    for l in 0..LAND as Loc {
        let mut head = format!("{} ({})", b.name(l), id(l));
        if let Some(sea) = b.borders[l as usize] {
            head += &format!(", on {}", b.name(sea));
        }
        if b.entry[l as usize] {
            head += ", reinforcement entry (12)";
        }
        out.push(head);
        for &n in &b.neighbours[l as usize] {
            let r = b.roads.iter().find(|r| {
                let ends = [loc_named(&r.between[0]), loc_named(&r.between[1])];
                ends == [Some(l), Some(n)] || ends == [Some(n), Some(l)]
            });
            let (kind, star) = match r {
                Some(r) => (r.kind, if r.assumed.is_some() { "*" } else { "" }),
                None => continue,
            };
            any_assumed |= !star.is_empty();
            let kind_word = match kind {
                RoadKind::Solid => "solid ",
                RoadKind::Dotted => "dotted",
            };
            out.push(format!(
                "  {kind_word} road{star:<1} to {:<22} {} units a move",
                b.name(n),
                kind.limit()
            ));
        }
    }
    let shore = |sea: Loc| {
        b.shore(sea)
            .iter()
            .map(|&l| b.name(l).to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    out.push(format!(
        "Sea areas (3): {} ({}, and the British Forces box); {} ({}). Ships sail between them \
         only for a side holding Lighthouse Point and Island Battery (8.3.4).",
        b.name(GABARUS_BAY),
        shore(GABARUS_BAY),
        b.name(LOUISBOURG_HARBOR),
        shore(LOUISBOURG_HARBOR)
    ));
    out.push(format!(
        "Next to Louisbourg (8.2.1): {}.",
        ADJACENT_TO_LOUISBOURG
            .iter()
            .map(|&l| b.name(l).to_string())
            .collect::<Vec<_>>()
            .join(", ")
    ));
    if !any_assumed {
        out[0] = out[0].replace(
            "; * = assumed by this project (fiw rules louisbourg says why)",
            "",
        );
    }
    out.join("\n")
}

/// The board of `data/board.toml`, parsed once.
pub fn board() -> &'static Board {
    static BOARD: OnceLock<Board> = OnceLock::new();
    BOARD.get_or_init(|| {
        Board::parse(
            include_str!("../data/board.toml"),
            "crates/louisbourg/data/board.toml",
        )
        .unwrap_or_else(|e| panic!("built-in board data is broken: {e}"))
    })
}

/// One place of the map a browser draws.
#[derive(Clone, Debug, Serialize)]
pub struct MapPlace {
    pub id: &'static str,
    pub name: String,
    /// `land`, `sea` or `box`.
    pub kind: &'static str,
    pub x: f64,
    pub y: f64,
    /// 3 the sea area a land location borders.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub borders: Option<&'static str>,
    /// 12 a reinforcement entry location.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub entry: bool,
}

/// One road of the map a browser draws.
#[derive(Clone, Debug, Serialize)]
pub struct MapRoad {
    pub between: [String; 2],
    pub kind: RoadKind,
    /// 8.3.1 units a road carries per move action.
    pub limit: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub assumed: Option<String>,
}

/// The board as a browser draws it: what both sides know (the places, the roads with their
/// limits, the sea areas and boxes), each place at its assumed point of the drawing.
#[derive(Clone, Debug, Serialize)]
pub struct MapDrawing {
    pub width: f64,
    pub height: f64,
    pub assumed: String,
    pub places: Vec<MapPlace>,
    pub roads: Vec<MapRoad>,
}

/// The map of [`MapDrawing`].
pub fn map_drawing() -> MapDrawing {
    let b = board();
    let places = (0..ELIMINATED)
        .map(|l| {
            let (x, y) = b.drawing.at[l as usize];
            MapPlace {
                id: id(l),
                name: b.name(l).to_string(),
                kind: match l {
                    l if is_land(l) => "land",
                    GABARUS_BAY | LOUISBOURG_HARBOR => "sea",
                    _ => "box",
                },
                x,
                y,
                borders: is_land(l).then(|| b.borders[l as usize].map(id)).flatten(),
                entry: is_land(l) && b.entry[l as usize],
            }
        })
        .collect();
    let roads = b
        .roads
        .iter()
        .map(|r| MapRoad {
            between: r.between.clone(),
            kind: r.kind,
            limit: r.kind.limit(),
            assumed: r.assumed.clone(),
        })
        .collect();
    MapDrawing {
        width: b.drawing.width,
        height: b.drawing.height,
        assumed: b.drawing.assumed.clone(),
        places,
        roads,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every place but `eliminated` has a point inside the drawing, and no two land locations
    /// are drawn closer than a location's blocks need (so labels do not overlap).
    #[test]
    fn every_place_is_drawn_inside_the_map_and_apart() {
        let m = map_drawing();
        assert_eq!(m.places.len(), ELIMINATED as usize);
        let land: Vec<_> = m.places.iter().filter(|p| p.kind == "land").collect();
        assert_eq!(land.len(), LAND);
        for a in &land {
            for b in &land {
                if a.id < b.id {
                    let d = ((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt();
                    assert!(d >= 120.0, "{} and {} are {d:.0} apart", a.id, b.id);
                }
            }
        }
        let text = include_str!("../data/board.toml").replace("x = 640", "x = 6400");
        let err = Board::parse(&text, "board.toml").unwrap_err();
        assert!(
            err.contains("louisbourg") && err.contains("outside"),
            "{err}"
        );
    }

    #[test]
    fn the_board_matches_the_rulebook() {
        let b = board();
        // 8.2.1: the four locations adjacent to Louisbourg
        let mut adj = b.neighbours[LOUISBOURG as usize].clone();
        adj.sort();
        let mut want = ADJACENT_TO_LOUISBOURG.to_vec();
        want.sort();
        assert_eq!(adj, want);
        // 15.2: they are not adjacent to one another
        for &x in &ADJACENT_TO_LOUISBOURG {
            for &y in &ADJACENT_TO_LOUISBOURG {
                assert!(b.road(x, y).is_none(), "{} – {}", id(x), id(y));
            }
        }
        // 3: the sea borders
        let harbor: Vec<_> = (0..LAND as Loc)
            .filter(|&l| b.on_sea(l, LOUISBOURG_HARBOR))
            .collect();
        assert_eq!(
            harbor,
            vec![LOUISBOURG, ISLAND_BATTERY, LIGHTHOUSE_POINT, ROYAL_BATTERY]
        );
        let bay: Vec<_> = (0..LAND as Loc)
            .filter(|&l| b.on_sea(l, GABARUS_BAY))
            .collect();
        assert_eq!(bay, vec![WHITE_POINT, FLAT_POINT, KENNINGTON_COVE]);
        // 8.3.1 example roads
        assert_eq!(
            b.road(WHITE_POINT, FLAT_POINT).map(RoadKind::limit),
            Some(8)
        );
        assert_eq!(
            b.road(WHITE_POINT, BLACK_ROCK).map(RoadKind::limit),
            Some(4)
        );
        assert_eq!(
            b.road(FLAT_POINT, GREEN_HILLS).map(RoadKind::limit),
            Some(4)
        );
        // every land location is reachable by road
        let mut seen = [false; LAND];
        let mut stack = vec![LOUISBOURG];
        while let Some(l) = stack.pop() {
            if !std::mem::replace(&mut seen[l as usize], true) {
                stack.extend(b.neighbours[l as usize].iter().copied());
            }
        }
        assert!(seen.iter().all(|s| *s));
    }

    /// `map` shows every road from both of its ends, with its kind and limit, and marks the
    /// assumed ones.
    #[test]
    fn the_map_lists_every_road_from_both_ends() {
        let text = map_text();
        let roads: Vec<&str> = text.lines().filter(|l| l.contains(" road")).collect();
        assert_eq!(roads.len(), 2 * board().roads.len(), "{text}");
        let assumed = board().roads.iter().filter(|r| r.assumed.is_some()).count();
        assert_eq!(
            roads.iter().filter(|l| l.contains("road*")).count(),
            2 * assumed
        );
        assert!(text.contains("dotted road  to Black Rock"), "{text}");
        assert!(roads
            .iter()
            .all(|l| l.ends_with("8 units a move") || l.ends_with("4 units a move")));
    }

    #[test]
    fn a_broken_board_file_names_the_field() {
        let text = include_str!("../data/board.toml").replace(
            "between = [\"white-point\", \"flat-point\"]",
            "between = [\"white-point\", \"atlantis\"]",
        );
        let err = Board::parse(&text, "board.toml").unwrap_err();
        assert!(err.contains("atlantis") && err.contains("between"), "{err}");
        let err = Board::parse("land = 3", "board.toml").unwrap_err();
        assert!(err.contains("board.toml") && err.contains("line"), "{err}");
    }
}
