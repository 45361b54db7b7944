//! The tabletop of the miniatures games (D3 Horse & Musket, the skirmish rules): one geometry,
//! written once, that both game crates ask the same questions of.
//!
//! # Conventions (used everywhere in this crate)
//! - **Lengths** are inches, as `f64`.
//! - **Origin** is the table's south-west corner. `x` runs east (to the right as drawn), `y`
//!   runs north (up as drawn). The table covers `0 ≤ x ≤ width`, `0 ≤ y ≤ depth`; its edges are
//!   named West (`x = 0`), East (`x = width`), South (`y = 0`) and North (`y = depth`).
//! - **Facings and bearings** are compass degrees: 0° faces north (+y), angles grow clockwise,
//!   so 90° faces east (+x), 180° south, 270° west. They are kept in `[0, 360)`.
//! - **Tolerance**: [`EPS`] (a millionth of an inch). Two lengths closer than that are the
//!   same length. Bases whose gap is at most `EPS` *touch* (distance 0) and do not *overlap*;
//!   they overlap only when one reaches more than `EPS` into the other.
//! - **Grazing does not block.** A line of sight, a move or a base that only touches a
//!   polygon's edge or corner (or runs along an edge, within `EPS`) has no length or area
//!   inside it: a sight line grazing a wood's corner passes, one grazing another unit's corner
//!   passes, and a move along a river bank does not enter the river.
//! - **Boundaries are inclusive** where a rule says "within": a target exactly on the 45° line
//!   is inside the arc; a point on a polygon's edge is [`Location::Boundary`], which the
//!   callers count as on it.
//!
//! # What is here
//! [`Point`] and [`Segment`]; [`Pose`] (a base's centre and facing), [`Footprint`] (frontage ×
//! depth) and [`Rect`] (a footprint placed by a pose, with its corners, sides, arc and the
//! distances between bases); [`Polygon`] (simple, convex or not) for terrain, with
//! [`Kind`] and the [`Effects`] table saying what each kind does (passable, screening sight,
//! cover) which a game may override; [`Layout`] (the table: bounds, optional square [`Grid`],
//! terrain) loaded from TOML and validated, which answers line of sight, what a straight move
//! crosses, and what terrain lies under a base.
//!
//! Nothing here panics on any input: shapes built from data refuse non-finite numbers and
//! degenerate polygons with a one-line [`TableError`] naming the field.
#![deny(missing_docs)]

mod error;
mod geom;
mod layout;
mod polygon;
mod rect;
mod sight;
mod terrain;

pub use error::TableError;
pub use geom::{bearing, heading, normalize, turn, within, Point, Segment, EPS};
pub use layout::{Bounds, Cell, Edge, Grid, Layout};
pub use polygon::{Containment, Location, Polygon};
pub use rect::{sweep, Arc, Footprint, Pose, Rect, Shape, Side, Sweep};
pub use sight::{Blocked, Crossing, Under};
pub use terrain::{Effect, Effects, Kind, Passage, Screen, Terrain};
