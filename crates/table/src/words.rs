//! Directions and places on the table in a player's words: "east-north-east", "3" south of
//! the west woods", "on the rise". The games keep their typed orders in inches and degrees
//! (`move fr-reg-2a to 9,28 face 90`), which is what a save holds and a parser reads; a club
//! player follows a log and a button that say where a unit went by the table's own landmarks
//! (audit 2026-12-04, newcomers L11 and M9). Written once here for both miniatures games.

use crate::geom::{bearing, Point};
use crate::layout::Layout;
use crate::polygon::Location;
use crate::terrain::Kind;

/// The sixteen points of the compass, from north clockwise.
const POINTS: [&str; 16] = [
    "north",
    "north-north-east",
    "north-east",
    "east-north-east",
    "east",
    "east-south-east",
    "south-east",
    "south-south-east",
    "south",
    "south-south-west",
    "south-west",
    "west-south-west",
    "west",
    "west-north-west",
    "north-west",
    "north-north-west",
];

/// The point of the compass nearest `degrees` (0 north, 90 east; any value, taken modulo 360).
pub fn compass(degrees: f64) -> &'static str {
    if !degrees.is_finite() {
        return POINTS[0];
    }
    let b = degrees.rem_euclid(360.0);
    POINTS[((b / 22.5).round() as usize) % 16]
}

/// How far from a named piece of terrain a place is still said by it: past this a player
/// reads the table's thirds ("the east end of the table") and the place's coordinates. About
/// one move and a half of D3's foot, a skirmish unit's march: near enough to see at a glance.
pub const LANDMARK_REACH: f64 = 8.0;

/// Where a point is on the table, in a player's words (see [`Layout::whereabouts`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Whereabouts {
    /// Inside (or on the edge of) a named piece of terrain.
    Within {
        /// The piece's name as the scenario writes it ("Fort Oswego", "the rise").
        name: String,
        /// Ground one stands on (a hill, a road, a field) rather than in.
        on: bool,
    },
    /// Near the nearest named piece, within [`LANDMARK_REACH`] of its edge.
    Near {
        /// Whole inches from its edge, as a player measures them: never 0.
        inches: i64,
        /// The point of the compass from its edge.
        toward: &'static str,
        /// Its name.
        name: String,
    },
    /// Far from every name.
    Open {
        /// Inches east of the west edge.
        x: f64,
        /// Inches north of the south edge.
        y: f64,
        /// The table's third it is in ("the east end of the table").
        part: &'static str,
    },
}

impl Whereabouts {
    /// Where something is: "in Fort Oswego", "on the rise", "3" south of the west woods",
    /// "at 63,28 in the east end of the table".
    pub fn at(&self) -> String {
        match self {
            Whereabouts::Within { name, on } => format!("{} {name}", if *on { "on" } else { "in" }),
            Whereabouts::Near {
                inches,
                toward,
                name,
            } => format!("{inches}\" {toward} of {name}"),
            Whereabouts::Open { x, y, part } => {
                format!("at {},{} in {part}", inches(*x), inches(*y))
            }
        }
    }

    /// Where something goes: "into Fort Oswego", "onto the rise", "to 3" south of the west
    /// woods", "to 63,28 in the east end of the table".
    pub fn to(&self) -> String {
        match self {
            Whereabouts::Within { name, on } => {
                format!("{} {name}", if *on { "onto" } else { "into" })
            }
            Whereabouts::Near { .. } => format!("to {}", self.at()),
            Whereabouts::Open { x, y, part } => {
                format!("to {},{} in {part}", inches(*x), inches(*y))
            }
        }
    }
}

/// The table's nine thirds, as a player names them (west to east, then south to north).
fn part_of(bounds: &crate::layout::Bounds, p: Point) -> &'static str {
    let third = |v: f64, of: f64| ((3.0 * v / of).floor().clamp(0.0, 2.0)) as usize;
    let (col, row) = (third(p.x, bounds.width()), third(p.y, bounds.depth()));
    [
        [
            "the south-west of the table",
            "the south of the table",
            "the south-east of the table",
        ],
        [
            "the west end of the table",
            "the middle of the table",
            "the east end of the table",
        ],
        [
            "the north-west of the table",
            "the north of the table",
            "the north-east of the table",
        ],
    ][row][col]
}

impl Layout {
    /// Where `p` is, by the table's named terrain: within a named piece (the smallest, when
    /// pieces overlap), else how far and which way it lies from the nearest named piece's edge
    /// when that is within [`LANDMARK_REACH`], else the table's third it is in, with its
    /// coordinates.
    pub fn whereabouts(&self, p: Point) -> Whereabouts {
        let named = || {
            self.terrain()
                .iter()
                .filter_map(|t| t.name.as_deref().map(|n| (t, n)))
        };
        let holding = named()
            .filter(|(t, _)| t.polygon.locate(p) != Location::Outside)
            .min_by(|(a, _), (b, _)| a.polygon.area().total_cmp(&b.polygon.area()));
        if let Some((t, name)) = holding {
            let on = matches!(
                t.kind,
                Kind::Hill | Kind::Road | Kind::Bridge | Kind::Ford | Kind::Field
            );
            return Whereabouts::Within {
                name: name.to_string(),
                on,
            };
        }
        let nearest = named()
            .map(|(t, n)| (t.polygon.nearest_point(p), n))
            .min_by(|(a, _), (b, _)| a.dist(p).total_cmp(&b.dist(p)));
        match nearest {
            Some((q, name)) if q.dist(p) <= LANDMARK_REACH => Whereabouts::Near {
                // whole inches as a player measures them: never "0"" (under half an inch is 1)
                inches: (q.dist(p).round() as i64).max(1),
                toward: compass(bearing(q, p)),
                name: name.to_string(),
            },
            _ => Whereabouts::Open {
                x: p.x,
                y: p.y,
                part: part_of(self.bounds(), p),
            },
        }
    }
}

/// A length to a tenth of an inch, without a trailing ".0" ("9", "60.7"), as the skirmish
/// orders are typed and saved (`step 4.1 at 14`, `march to 25,18`).
pub fn inches(v: f64) -> String {
    let s = format!("{v:.1}");
    s.strip_suffix(".0").map(str::to_string).unwrap_or(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> Layout {
        Layout::from_toml(
            r#"
width = 72
depth = 48
[[terrain]]
kind = "woods"
name = "the west woods"
points = [[10, 16], [18, 16], [18, 24], [10, 24]]
[[terrain]]
kind = "hill"
name = "the rise"
points = [[31, 8], [41, 8], [41, 15], [31, 15]]
[[terrain]]
kind = "woods"
points = [[60, 40], [70, 40], [70, 46], [60, 46]]
"#,
        )
        .unwrap()
    }

    #[test]
    fn bearings_read_as_points_of_the_compass() {
        assert_eq!(compass(0.0), "north");
        assert_eq!(compass(14.0), "north-north-east");
        assert_eq!(compass(90.0), "east");
        assert_eq!(compass(292.0), "west-north-west");
        assert_eq!(compass(191.0), "south");
        assert_eq!(compass(359.0), "north");
        assert_eq!(compass(720.0), "north");
        assert_eq!(compass(-90.0), "west");
        assert_eq!(compass(f64::NAN), "north");
    }

    #[test]
    fn a_place_is_named_by_the_terrain_holding_it_or_the_nearest() {
        let t = table();
        let at = |x, y| t.whereabouts(Point::new(x, y)).at();
        let to = |x, y| t.whereabouts(Point::new(x, y)).to();
        assert_eq!(at(36.0, 10.0), "on the rise");
        assert_eq!(to(36.0, 10.0), "onto the rise");
        assert_eq!(at(12.0, 20.0), "in the west woods");
        assert_eq!(to(12.0, 20.0), "into the west woods");
        // 3" west of the woods' west edge, level with it
        assert_eq!(at(7.0, 20.0), "3\" west of the west woods");
        assert_eq!(to(7.0, 20.0), "to 3\" west of the west woods");
        // south of the rise's south edge; the nameless wood is never a landmark
        assert_eq!(at(36.0, 2.2), "6\" south of the rise");
        // touching an edge counts as on it
        assert_eq!(at(10.0, 20.0), "in the west woods");
        // past the landmarks' reach: the table's third, and where exactly
        assert_eq!(at(65.0, 43.0), "at 65,43 in the north-east of the table");
        assert_eq!(to(36.0, 30.0), "to 36,30 in the middle of the table");
        assert_eq!(at(71.96, 0.0), "at 72,0 in the south-east of the table");
    }

    #[test]
    fn a_table_without_names_gives_coordinates() {
        let t = Layout::from_toml("width = 24\ndepth = 24\n").unwrap();
        assert_eq!(
            t.whereabouts(Point::new(5.0, 20.04)).at(),
            "at 5,20 in the north-west of the table"
        );
        assert_eq!(
            t.whereabouts(Point::new(20.66, 2.3)).to(),
            "to 20.7,2.3 in the south-east of the table"
        );
    }
}
