//! The table: its size, an optional grid of squares, its terrain and what each kind does,
//! read from TOML and validated.
//!
//! ```toml
//! width = 72          # inches, west to east
//! depth = 48          # inches, south to north
//! grid = 6            # optional: squares of 6"
//!
//! [[terrain]]
//! kind = "woods"
//! name = "the south wood"               # optional
//! points = [[10, 0], [22, 0], [20, 9], [9, 7]]
//! assumed = "the text gives no map"     # optional
//!
//! [effects.brush]                       # optional: change what a kind does
//! screen = { beyond = 3 }
//! ```

use crate::error::{positive, TableError};
use crate::geom::{Point, EPS};
use crate::polygon::{Polygon, MAX_POINTS};
use crate::rect::Rect;
use crate::terrain::{Effect, Effects, Kind, Passage, Screen, Terrain};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The longest side a table may have, inches (about 83 feet). No real table comes near it;
/// the bound keeps what grows with a table (its drawing, its grid, its inch marks) small
/// whatever a hostile file asks for, and every place on it well inside the numbers a game's
/// orders can carry.
pub const MAX_SIDE: f64 = 1_000.0;

/// The most squares a grid may have along a side (a grid's lines are drawn one by one).
pub const MAX_SQUARES: u32 = 1_000;

/// The most pieces of terrain a table may have: every move and every line of sight is
/// measured against them.
pub const MAX_TERRAIN: usize = 256;

/// The most corners all the terrain of a table may have together (each piece also at most
/// [`crate::polygon::MAX_POINTS`]): what a move or a line of sight is measured against grows
/// with them.
pub const MAX_TABLE_POINTS: usize = 10_000;

/// The table's size: it covers `0 ≤ x ≤ width`, `0 ≤ y ≤ depth`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bounds {
    width: f64,
    depth: f64,
}

/// A table edge, by compass direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Edge {
    /// `y = depth`.
    North,
    /// `x = width`.
    East,
    /// `y = 0`.
    South,
    /// `x = 0`.
    West,
}

impl Bounds {
    /// A table `width` inches west to east and `depth` inches south to north.
    ///
    /// # Errors
    /// [`TableError::Field`] naming `width` or `depth` unless each is finite, above 0 and at
    /// most [`MAX_SIDE`].
    pub fn new(width: f64, depth: f64) -> Result<Bounds, TableError> {
        let side = |v: f64, field: &str| {
            positive(v, field)?;
            if v > MAX_SIDE {
                return Err(TableError::field(
                    field,
                    format!("a table is at most {MAX_SIDE} inches a side, not {v}"),
                ));
            }
            Ok(v)
        };
        Ok(Bounds {
            width: side(width, "width")?,
            depth: side(depth, "depth")?,
        })
    }

    /// West to east, in inches.
    pub fn width(&self) -> f64 {
        self.width
    }

    /// South to north, in inches.
    pub fn depth(&self) -> f64 {
        self.depth
    }

    /// Whether `p` is on the table (its edges included, within [`EPS`]).
    pub fn contains(&self, p: Point) -> bool {
        p.x >= -EPS && p.x <= self.width + EPS && p.y >= -EPS && p.y <= self.depth + EPS
    }

    /// Whether a whole base is on the table (touching an edge is on it).
    pub fn holds(&self, rect: &Rect) -> bool {
        rect.corners().iter().all(|p| self.contains(*p))
    }

    /// How far `p` is from an edge, measured inwards (negative off the table beyond it).
    pub fn from_edge(&self, p: Point, edge: Edge) -> f64 {
        match edge {
            Edge::North => self.depth - p.y,
            Edge::East => self.width - p.x,
            Edge::South => p.y,
            Edge::West => p.x,
        }
    }

    /// How far the nearest part of a base is from an edge ("no closer than 24" to either
    /// flank"); negative if it reaches beyond it.
    pub fn rect_from_edge(&self, rect: &Rect, edge: Edge) -> f64 {
        rect.corners()
            .iter()
            .map(|p| self.from_edge(*p, edge))
            .fold(f64::INFINITY, f64::min)
    }
}

/// A square of the grid: `col` counts from the west edge, `row` from the south edge, from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Cell {
    /// West to east, from 0.
    pub col: u32,
    /// South to north, from 0.
    pub row: u32,
}

/// A grid of squares laid over the table from its south-west corner, for the scenarios that
/// measure in squares (Fort Oswego: 6" squares, 12 × 8 on a 72" × 48" table).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Grid {
    cell: f64,
    cols: u32,
    rows: u32,
}

impl Grid {
    /// Squares of `cell` inches over `bounds`; the squares must fit the table exactly.
    ///
    /// # Errors
    /// [`TableError::Field`] naming `grid` unless `cell` is finite, above 0, and divides both
    /// the width and the depth into whole squares (within [`EPS`]), at most [`MAX_SQUARES`]
    /// along each.
    pub fn new(cell: f64, bounds: &Bounds) -> Result<Grid, TableError> {
        positive(cell, "grid")?;
        let count = |length: f64| {
            let n = (length / cell).round();
            ((n * cell - length).abs() <= EPS && n >= 1.0 && n <= u32::MAX as f64)
                .then_some(n as u32)
        };
        match (count(bounds.width), count(bounds.depth)) {
            (Some(cols), Some(rows)) if cols.max(rows) > MAX_SQUARES => Err(TableError::field(
                "grid",
                format!(
                    "{cell}\" squares make {} along the table; a grid has at most {MAX_SQUARES} a side",
                    cols.max(rows)
                ),
            )),
            (Some(cols), Some(rows)) => Ok(Grid { cell, cols, rows }),
            _ => Err(TableError::field(
                "grid",
                format!(
                    "{cell}\" squares do not fit the {} × {} table exactly",
                    bounds.width, bounds.depth
                ),
            )),
        }
    }

    /// The side of a square, in inches.
    pub fn cell(&self) -> f64 {
        self.cell
    }

    /// Squares west to east.
    pub fn cols(&self) -> u32 {
        self.cols
    }

    /// Squares south to north.
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// The square holding `p`, `None` off the table. A line between two squares belongs to
    /// the square east or north of it; the table's own east and north edges belong to the
    /// last squares (so every point of the table is in exactly one square). Points within
    /// [`EPS`] of a line count as on it.
    pub fn cell_of(&self, p: Point) -> Option<Cell> {
        let index = |v: f64, n: u32| -> Option<u32> {
            let length = n as f64 * self.cell;
            if !v.is_finite() || v < -EPS || v > length + EPS {
                return None;
            }
            let k = ((v + EPS) / self.cell).floor();
            Some((k.max(0.0) as u32).min(n - 1))
        };
        Some(Cell {
            col: index(p.x, self.cols)?,
            row: index(p.y, self.rows)?,
        })
    }

    /// The centre of a square (which may lie off the table if the square is not on it).
    pub fn centre(&self, cell: Cell) -> Point {
        Point::new(
            (cell.col as f64 + 0.5) * self.cell,
            (cell.row as f64 + 0.5) * self.cell,
        )
    }

    /// The square's south-west and north-east corners.
    pub fn corners(&self, cell: Cell) -> (Point, Point) {
        let lo = Point::new(cell.col as f64 * self.cell, cell.row as f64 * self.cell);
        (lo, lo + Point::new(self.cell, self.cell))
    }

    /// Every square, row by row from the south-west.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.rows).flat_map(move |row| (0..self.cols).map(move |col| Cell { col, row }))
    }
}

/// A table ready to play on: size, optional grid, terrain, and what each kind of terrain does.
///
/// It (de)serialises as the TOML of this module's documentation, checked on the way in, so a
/// game's scenario file can hold one as a field (`[table]`, `[[table.terrain]]`) and a broken
/// one is refused with the field named.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "LayoutDef", into = "LayoutDef")]
pub struct Layout {
    bounds: Bounds,
    grid: Option<Grid>,
    pub(crate) terrain: Vec<Terrain>,
    /// What each kind does (defaults, with the file's overrides). A game may change it; a
    /// kind it turns into a [`Passage::Crossing`] is measured exactly only where its polygons
    /// are convex and apart, as [`Layout::new`] checks for the crossings it is given.
    pub effects: Effects,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct LayoutDef {
    width: f64,
    depth: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    grid: Option<f64>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    terrain: Vec<TerrainDef>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    effects: BTreeMap<Kind, EffectDef>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct TerrainDef {
    kind: Kind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    points: Vec<Point>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    assumed: Option<String>,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct EffectDef {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    passage: Option<Passage>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    screen: Option<Screen>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    cover: Option<bool>,
}

impl Layout {
    /// Builds and checks a layout: every terrain polygon valid and on the table, fords and
    /// bridges convex and not overlapping one another (so that what they open up is measured
    /// exactly), the grid fitting the table.
    ///
    /// # Errors
    /// [`TableError::Field`] naming the field: `width`, `grid`, `terrain[3].points`,
    /// `terrain[2].points[1]`, `terrain` (more than [`MAX_TERRAIN`] pieces, or more than
    /// [`MAX_TABLE_POINTS`] corners in all)…
    pub fn new(
        bounds: Bounds,
        grid: Option<f64>,
        terrain: Vec<Terrain>,
        effects: Effects,
    ) -> Result<Layout, TableError> {
        let grid = grid.map(|g| Grid::new(g, &bounds)).transpose()?;
        let counts: Vec<usize> = terrain.iter().map(|t| t.polygon.points().len()).collect();
        check_terrain_size(&counts)?;
        for (i, t) in terrain.iter().enumerate() {
            let at = format!("terrain[{i}].points");
            for (j, p) in t.polygon.points().iter().enumerate() {
                if !bounds.contains(*p) {
                    return Err(TableError::field(
                        format!("{at}[{j}]"),
                        format!(
                            "({}, {}) lies off the {} × {} table",
                            p.x, p.y, bounds.width, bounds.depth
                        ),
                    ));
                }
            }
            if effects.get(t.kind).passage == Passage::Crossing {
                if !t.polygon.is_convex() {
                    return Err(TableError::field(
                        at,
                        format!("a {} must be convex", t.kind.word()),
                    ));
                }
                for (k, u) in terrain.iter().enumerate().take(i) {
                    if effects.get(u.kind).passage == Passage::Crossing {
                        let (c, _) = u.polygon.containment(t.polygon.points());
                        if c != crate::polygon::Containment::Outside {
                            return Err(TableError::field(
                                at,
                                format!("overlaps terrain[{k}], another crossing"),
                            ));
                        }
                    }
                }
            }
        }
        Ok(Layout {
            bounds,
            grid,
            terrain,
            effects,
        })
    }

    /// Reads a layout from TOML (the format in this module's documentation).
    ///
    /// # Errors
    /// One line: toml's own message for text of the wrong shape (an unknown kind, a missing
    /// `width`), or the field at fault for values that break a rule.
    pub fn from_toml(text: &str) -> Result<Layout, TableError> {
        let def: LayoutDef =
            toml::from_str(text).map_err(|e| TableError::Toml(one_line(&e.to_string())))?;
        Layout::from_def(def)
    }

    /// Reads a layout from a TOML value already parsed (a table inside a larger file).
    ///
    /// # Errors
    /// As [`Layout::from_toml`]; a caller holding the value under a key prefixes it with
    /// [`TableError::within`].
    pub fn from_value(value: toml::Value) -> Result<Layout, TableError> {
        let def: LayoutDef = value
            .try_into()
            .map_err(|e: toml::de::Error| TableError::Toml(one_line(&e.to_string())))?;
        Layout::from_def(def)
    }

    fn from_def(def: LayoutDef) -> Result<Layout, TableError> {
        let bounds = Bounds::new(def.width, def.depth)?;
        let mut effects = Effects::default();
        for (kind, over) in &def.effects {
            let mut e: Effect = effects.get(*kind);
            if let Some(p) = over.passage {
                e.passage = p;
            }
            if let Some(s) = over.screen {
                if let Screen::Beyond(d) = s {
                    if !d.is_finite() || d < 0.0 {
                        return Err(TableError::field(
                            format!("effects.{}.screen", kind.word()),
                            format!(
                                "a depth of sight is a finite number of inches, 0 or more, not {d}"
                            ),
                        ));
                    }
                }
                e.screen = s;
            }
            if let Some(c) = over.cover {
                e.cover = c;
            }
            effects.set(*kind, e);
        }
        // counted before any polygon is built: checking that one is simple takes time that
        // grows with the square of its corners
        let counts: Vec<usize> = def.terrain.iter().map(|t| t.points.len()).collect();
        check_terrain_size(&counts)?;
        let mut terrain = Vec::with_capacity(def.terrain.len());
        for (i, t) in def.terrain.into_iter().enumerate() {
            let polygon =
                Polygon::new(t.points).map_err(|e| e.within(&format!("terrain[{i}].points")))?;
            terrain.push(Terrain {
                kind: t.kind,
                name: t.name,
                polygon,
                assumed: t.assumed,
            });
        }
        Layout::new(bounds, def.grid, terrain, effects)
    }

    /// The layout as TOML that [`Layout::from_toml`] reads back to the same layout (effects
    /// written only where they differ from the defaults).
    pub fn to_toml(&self) -> String {
        // a layout holds only numbers, strings and tables of them: nothing toml cannot write
        toml::to_string(&LayoutDef::from(self.clone())).unwrap_or_default()
    }

    /// The table's size.
    pub fn bounds(&self) -> &Bounds {
        &self.bounds
    }

    /// The squares, when the scenario uses them.
    pub fn grid(&self) -> Option<&Grid> {
        self.grid.as_ref()
    }

    /// The terrain, in the order of the file (the indices other answers refer to).
    pub fn terrain(&self) -> &[Terrain] {
        &self.terrain
    }

    /// What a kind of terrain does on this table.
    pub fn effect(&self, kind: Kind) -> Effect {
        self.effects.get(kind)
    }
}

impl TryFrom<LayoutDef> for Layout {
    type Error = TableError;
    fn try_from(def: LayoutDef) -> Result<Self, TableError> {
        Layout::from_def(def)
    }
}

impl From<Layout> for LayoutDef {
    fn from(l: Layout) -> Self {
        let defaults = Effects::default();
        let effects = Kind::ALL
            .iter()
            .filter(|k| l.effects.get(**k) != defaults.get(**k))
            .map(|k| {
                let e = l.effects.get(*k);
                (
                    *k,
                    EffectDef {
                        passage: Some(e.passage),
                        screen: Some(e.screen),
                        cover: Some(e.cover),
                    },
                )
            })
            .collect();
        LayoutDef {
            width: l.bounds.width,
            depth: l.bounds.depth,
            grid: l.grid.map(|g| g.cell),
            terrain: l
                .terrain
                .into_iter()
                .map(|t| TerrainDef {
                    kind: t.kind,
                    name: t.name,
                    points: t.polygon.points().to_vec(),
                    assumed: t.assumed,
                })
                .collect(),
            effects,
        }
    }
}

/// Refuses more than [`MAX_TERRAIN`] pieces of terrain, a piece of more than
/// [`crate::polygon::MAX_POINTS`] corners, or more than [`MAX_TABLE_POINTS`] corners in all
/// (`points` holds each piece's count).
fn check_terrain_size(points: &[usize]) -> Result<(), TableError> {
    if points.len() > MAX_TERRAIN {
        return Err(TableError::field(
            "terrain",
            format!(
                "a table has at most {MAX_TERRAIN} pieces of terrain, not {}",
                points.len()
            ),
        ));
    }
    if let Some(i) = points.iter().position(|n| *n > MAX_POINTS) {
        return Err(TableError::field(
            format!("terrain[{i}].points"),
            format!(
                "a polygon has at most {MAX_POINTS} points, not {}",
                points[i]
            ),
        ));
    }
    let corners: usize = points.iter().sum();
    if corners > MAX_TABLE_POINTS {
        return Err(TableError::field(
            "terrain",
            format!(
                "the terrain of a table has at most {MAX_TABLE_POINTS} points in all, not {corners}"
            ),
        ));
    }
    Ok(())
}

/// Folds a multi-line message (toml's errors) onto one line.
fn one_line(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rect::{Footprint, Pose};

    const OSWEGO_LIKE: &str = r#"
width = 72
depth = 48
grid = 6

[[terrain]]
kind = "woods"
name = "the south wood"
points = [[10, 0], [22, 0], [20, 9], [9, 7]]
assumed = "a sketch for the tests"

[[terrain]]
kind = "river"
points = [[0, 30], [72, 30], [72, 34], [0, 34]]

[[terrain]]
kind = "ford"
points = [[40, 29], [44, 29], [44, 35], [40, 35]]

[effects.brush]
screen = { beyond = 3 }
"#;

    #[test]
    fn a_layout_reads_its_terrain_and_effects() {
        let l = Layout::from_toml(OSWEGO_LIKE).unwrap();
        assert_eq!((l.bounds().width(), l.bounds().depth()), (72.0, 48.0));
        let g = l.grid().unwrap();
        assert_eq!((g.cols(), g.rows()), (12, 8));
        assert_eq!(l.terrain().len(), 3);
        assert_eq!(l.terrain()[0].label(), "the south wood");
        assert_eq!(l.terrain()[1].label(), "river");
        // shoelace: (0 + 198 + 59 − 70) / 2
        assert_eq!(l.terrain()[0].polygon.area(), 93.5);
        assert_eq!(l.effect(Kind::Brush).screen, Screen::Beyond(3.0));
        assert!(l.effect(Kind::Brush).cover, "only the screen was changed");
        let again = Layout::from_toml(&l.to_toml()).unwrap();
        assert_eq!(again, l);
    }

    #[test]
    fn a_broken_layout_names_the_field() {
        let bad = |text: &str| Layout::from_toml(text).unwrap_err().to_string();
        assert_eq!(
            bad("width = 0\ndepth = 48"),
            "width: must be above 0 inches, not 0"
        );
        assert_eq!(
            bad("width = 72\ndepth = nan"),
            "depth: NaN is not a finite number of inches"
        );
        assert_eq!(
            bad("width = 72\ndepth = 48\ngrid = 7"),
            "grid: 7\" squares do not fit the 72 × 48 table exactly"
        );
        let base = "width = 72\ndepth = 48\n";
        assert_eq!(
            bad(&format!(
                "{base}[[terrain]]\nkind = \"woods\"\npoints = [[0, 0], [1, 1]]"
            )),
            "terrain[0].points: a polygon needs at least 3 points, not 2"
        );
        let two =
            format!("{base}[[terrain]]\nkind = \"hill\"\npoints = [[0, 0], [4, 0], [4, 4]]\n");
        assert_eq!(
            bad(&format!(
                "{two}[[terrain]]\nkind = \"lake\"\npoints = [[0, 0], [inf, 0], [4, 4]]"
            )),
            "terrain[1].points[1]: x = inf is not a finite number of inches"
        );
        assert_eq!(
            bad(&format!(
                "{two}[[terrain]]\nkind = \"lake\"\npoints = [[0, 0], [80, 3], [4, 4]]"
            )),
            "terrain[1].points[1]: (80, 3) lies off the 72 × 48 table"
        );
        assert_eq!(
            bad(&format!(
                "{two}[[terrain]]\nkind = \"marsh\"\npoints = [[0, 0], [2, 2], [5, 5]]"
            )),
            "terrain[1].points: the polygon has no area (its points lie in a line)"
        );
        let notch = "points = [[0, 0], [6, 0], [6, 6], [3, 2], [0, 6]]";
        assert_eq!(
            bad(&format!("{base}[[terrain]]\nkind = \"bridge\"\n{notch}")),
            "terrain[0].points: a bridge must be convex"
        );
        let ford = "[[terrain]]\nkind = \"ford\"\npoints = [[0, 0], [4, 0], [4, 4], [0, 4]]\n";
        let bridge = "[[terrain]]\nkind = \"bridge\"\npoints = [[3, 3], [8, 3], [8, 8], [3, 8]]\n";
        assert_eq!(
            bad(&format!("{base}{ford}{bridge}")),
            "terrain[1].points: overlaps terrain[0], another crossing"
        );
        assert_eq!(
            bad(&format!("{base}[effects.woods]\nscreen = {{ beyond = -1 }}")),
            "effects.woods.screen: a depth of sight is a finite number of inches, 0 or more, not -1"
        );
        let e = bad(&format!(
            "{base}[[terrain]]\nkind = \"forest\"\npoints = [[0, 0], [4, 0], [4, 4]]"
        ));
        assert!(
            e.starts_with("not a table layout:") && e.contains("forest") && !e.contains('\n'),
            "{e}"
        );
        let e = bad("width = 72");
        assert!(e.contains("depth"), "{e}");
    }

    /// A hostile file cannot make a table, a grid or its terrain as big as it likes: each is
    /// refused, at once, naming the field.
    #[test]
    fn a_table_too_big_to_play_is_refused_naming_the_field() {
        let bad = |text: &str| Layout::from_toml(text).unwrap_err().to_string();
        assert_eq!(
            bad("width = 1e9\ndepth = 48"),
            "width: a table is at most 1000 inches a side, not 1000000000"
        );
        assert_eq!(
            bad("width = 72\ndepth = 1000.5"),
            "depth: a table is at most 1000 inches a side, not 1000.5"
        );
        assert!(Layout::from_toml("width = 1000\ndepth = 1000\ngrid = 1").is_ok());
        assert_eq!(
            bad("width = 1000\ndepth = 48\ngrid = 0.5"),
            "grid: 0.5\" squares make 2000 along the table; a grid has at most 1000 a side"
        );
        // a polygon of 50,000 corners is refused before its edges are compared
        let ring = |n: usize| {
            (0..n)
                .map(|k| {
                    let a = std::f64::consts::TAU * k as f64 / n as f64;
                    format!("[{}, {}]", 36.0 + 10.0 * a.cos(), 24.0 + 10.0 * a.sin())
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        let base = "width = 72\ndepth = 48\n";
        let piece = |n: usize| format!("[[terrain]]\nkind = \"hill\"\npoints = [{}]\n", ring(n));
        assert_eq!(
            bad(&format!("{base}{}{}", piece(3), piece(50_000))),
            "terrain[1].points: a polygon has at most 1000 points, not 50000"
        );
        assert!(Layout::from_toml(&format!("{base}{}", piece(1_000))).is_ok());
        assert_eq!(
            bad(&format!("{base}{}", piece(1_000).repeat(11))),
            "terrain: the terrain of a table has at most 10000 points in all, not 11000"
        );
        assert_eq!(
            bad(&format!("{base}{}", piece(3).repeat(257))),
            "terrain: a table has at most 256 pieces of terrain, not 257"
        );
        let e = Polygon::new(vec![Point::new(0.0, 0.0); 1_001]).unwrap_err();
        assert_eq!(
            e.within("points").to_string(),
            "points: a polygon has at most 1000 points, not 1001"
        );
    }

    #[test]
    fn a_scenario_file_can_hold_a_layout_as_a_field() {
        #[derive(Deserialize)]
        struct Scenario {
            name: String,
            table: Layout,
        }
        let text = r#"
name = "test"
[table]
width = 72
depth = 48
[[table.terrain]]
kind = "lake"
points = [[1, 1], [5, 1], [5, 5]]
"#;
        let s: Scenario = toml::from_str(text).unwrap();
        assert_eq!((s.name.as_str(), s.table.terrain().len()), ("test", 1));
        let broken = text.replace("[5, 5]", "[100, 5]");
        let e = toml::from_str::<Scenario>(&broken)
            .err()
            .unwrap()
            .to_string();
        assert!(
            e.contains("terrain[0].points[2]: (100, 5) lies off the 72 × 48 table"),
            "{e}"
        );
        // or as a value, the field prefixed by the caller
        let v: toml::Table = toml::from_str(&broken).unwrap();
        let e = Layout::from_value(v["table"].clone())
            .unwrap_err()
            .within("table");
        assert_eq!(
            e.to_string(),
            "table.terrain[0].points[2]: (100, 5) lies off the 72 × 48 table"
        );
        assert_eq!(
            Layout::from_value(s.table.to_toml().parse::<toml::Table>().unwrap().into()).unwrap(),
            s.table
        );
    }

    #[test]
    fn grid_squares_at_their_boundaries() {
        let b = Bounds::new(72.0, 48.0).unwrap();
        let g = Grid::new(6.0, &b).unwrap();
        let cell = |x: f64, y: f64| g.cell_of(Point::new(x, y));
        assert_eq!(cell(0.0, 0.0), Some(Cell { col: 0, row: 0 }));
        assert_eq!(cell(5.999, 5.999), Some(Cell { col: 0, row: 0 }));
        // a line between squares belongs to the square east / north of it
        assert_eq!(cell(6.0, 6.0), Some(Cell { col: 1, row: 1 }));
        assert_eq!(
            cell(6.0 - 0.5 * EPS, 12.0),
            Some(Cell { col: 1, row: 2 }),
            "within the tolerance of the line"
        );
        // the far edges belong to the last squares
        assert_eq!(cell(72.0, 48.0), Some(Cell { col: 11, row: 7 }));
        assert_eq!(cell(71.0, 47.0), Some(Cell { col: 11, row: 7 }));
        assert_eq!(cell(72.1, 10.0), None);
        assert_eq!(cell(-0.1, 10.0), None);
        assert_eq!(cell(f64::NAN, 10.0), None);
        assert_eq!(g.centre(Cell { col: 0, row: 0 }), Point::new(3.0, 3.0));
        assert_eq!(g.centre(Cell { col: 11, row: 7 }), Point::new(69.0, 45.0));
        assert_eq!(
            g.corners(Cell { col: 4, row: 0 }),
            (Point::new(24.0, 0.0), Point::new(30.0, 6.0))
        );
        assert_eq!(g.cells().count(), 96);
        for c in g.cells() {
            assert_eq!(g.cell_of(g.centre(c)), Some(c));
        }
        assert!(Grid::new(0.0, &b).is_err());
        assert!(Grid::new(100.0, &b).is_err());
    }

    #[test]
    fn bases_are_measured_from_the_table_edges() {
        let b = Bounds::new(72.0, 48.0).unwrap();
        let fp = Footprint::new(4.0, 2.0).unwrap();
        // 4 squares (24") from the west flank: a base whose west edge is at x = 24
        let r = fp.place(Pose::new(26.0, 10.0, 0.0));
        assert_eq!(b.rect_from_edge(&r, Edge::West), 24.0);
        assert_eq!(b.rect_from_edge(&r, Edge::South), 9.0);
        assert_eq!(b.rect_from_edge(&r, Edge::East), 44.0);
        assert_eq!(b.rect_from_edge(&r, Edge::North), 37.0);
        assert!(b.holds(&r));
        // touching the edge is on the table; a hair beyond is not
        assert!(b.holds(&fp.place(Pose::new(2.0, 1.0, 0.0))));
        assert!(!b.holds(&fp.place(Pose::new(1.9, 1.0, 0.0))));
        assert!(b.rect_from_edge(&fp.place(Pose::new(1.9, 1.0, 0.0)), Edge::West) < 0.0);
    }
}
