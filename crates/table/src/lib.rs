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
//! - [`Point`], [`Segment`], compass helpers ([`heading`], [`bearing`], [`turn`],
//!   [`normalize`]) and [`within`] (the inclusive "within N inches").
//! - [`Pose`] (a base's centre and facing), [`Footprint`] (frontage × depth) and [`Rect`] (a
//!   footprint placed by a pose): corners, sides, [`Rect::distance`] edge to edge,
//!   [`Rect::overlaps`] / [`Rect::touches`], [`Rect::in_arc`] with an [`Arc`],
//!   [`Rect::arc_area`] (the table inside an arc, for drawings and AIs),
//!   [`Rect::is_within`], [`Rect::side_towards`] (front, flank or rear), [`Rect::first_within`] (how far a straight
//!   move goes before it comes within a distance of another base: the 6" stop, the contact of
//!   a charge), [`Rect::crossed_by`] (a line of fire through a base).
//! - [`sweep`]: the ground a base covers moving straight; with [`Rect`] it is a [`Shape`],
//!   which the terrain questions take and which can be checked against bases
//!   ([`Shape::overlaps_shape`]: interpenetration).
//! - [`Polygon`] (simple, convex or not): [`Polygon::locate`], [`Polygon::stretches`] and
//!   [`Polygon::length_inside`] of a line, [`Polygon::holds`] a base partly or wholly.
//! - [`Kind`] of terrain and the [`Effects`] table of what each does (passable, screening
//!   sight, cover), which a game or a layout file may override.
//! - [`Layout`]: the table ([`Bounds`], optional square [`Grid`], [`Terrain`], effects) read
//!   from TOML and validated; it answers [`Layout::line_of_sight`], [`Layout::crossings`] (what
//!   a straight move crosses and for how far), [`Layout::under`] (terrain under a base or a
//!   sweep), [`Layout::impassable_under`], [`Layout::in_cover`] and [`Layout::terrain_at`].
//!
//! - [`compass`] and [`Layout::whereabouts`]: directions and places in a player's words, by the
//!   table's named terrain, for the logs and buttons of both games.
//!
//! - [`Barrier`]: fences, walls, streams and a building's ring of walls, with gaps (doors,
//!   windows, breaches), and where a straight path crosses them; [`convex_hull`] of a group of
//!   points and [`segment_meets_hull`] (a line of fire through a spread-out unit).
//!
//! - [`DataError`]: a data file of either game (unit types, charts, a scenario) refused in one
//!   line naming the file and the field.
//!
//! docs/table.md keeps the decisions the rule texts leave open.
//!
//! The smallest functions (a point's arithmetic, a segment's measures, a base's accessors) are
//! `#[inline]`: the games call them millions of times a battle, and without link-time
//! optimisation (the test profile CI runs) a call across crates is not inlined otherwise.
//!
//! Nothing here panics on any input: shapes built from data refuse non-finite numbers and
//! degenerate polygons with a one-line [`TableError`] naming the field, and nothing a file
//! asks for can grow without bound: a table is at most [`MAX_SIDE`] inches a side with at most
//! [`MAX_SQUARES`] squares along it, at most [`MAX_TERRAIN`] pieces of terrain and
//! [`MAX_TABLE_POINTS`] corners in all, each polygon at most [`MAX_POINTS`].
#![deny(missing_docs)]

mod barrier;
mod data_error;
mod error;
mod geom;
mod hull;
mod layout;
mod polygon;
mod rect;
mod sight;
mod terrain;
mod words;

pub use barrier::{Barrier, Cross, MAX_BARRIER_POINTS};
pub use data_error::DataError;
pub use error::TableError;
pub use geom::{bearing, heading, normalize, turn, within, Point, Segment, EPS};
pub use hull::{convex_hull, segment_meets_hull};
pub use layout::{
    Bounds, Cell, Edge, Grid, Layout, MAX_SIDE, MAX_SQUARES, MAX_TABLE_POINTS, MAX_TERRAIN,
};
pub use polygon::{Containment, Location, Polygon, MAX_POINTS};
pub use rect::{sweep, Arc, Footprint, Pose, Rect, Shape, Side, Sweep};
pub use sight::{Blocked, Crossing, Under};
pub use terrain::{Effect, Effects, Kind, Passage, Screen, Terrain};
pub use words::{compass, inches, Whereabouts, LANDMARK_REACH};
