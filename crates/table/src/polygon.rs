//! Simple polygons (convex or not) for terrain, validated when built.

use crate::error::TableError;
use crate::geom::{clip_convex, edges, signed_area2, Point, Segment, EPS};
use crate::rect::Shape;
use serde::{Deserialize, Serialize};

/// Where a point lies with respect to a polygon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Location {
    /// Strictly inside, more than [`EPS`] from every edge.
    Inside,
    /// On an edge or a corner, within [`EPS`].
    Boundary,
    /// Outside, more than [`EPS`] away.
    Outside,
}

/// How much of a shape (a unit's base, the area a move sweeps) lies in a polygon, by area with
/// a tolerance of [`EPS`] times the shape's perimeter (a sliver no wider than `EPS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Containment {
    /// No area in common: apart, or touching along an edge or at a corner.
    Outside,
    /// Some of the shape is in the polygon and some is not: the unit straddles its edge.
    Partly,
    /// All of it is in the polygon (edges may lie on the polygon's edges).
    Wholly,
}

/// The most corners a polygon may have: checking that its edges never cross takes time that
/// grows with the square of their number (a thousand corners take a few milliseconds; fifty
/// thousand, from a hostile file, would take minutes).
pub const MAX_POINTS: usize = 1_000;

/// A simple polygon: at least three corners, finite, with an area, and no edge crossing or
/// touching another except its two neighbours at their shared corner. Its points are kept
/// anticlockwise whatever order they were given in.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "Vec<Point>", into = "Vec<Point>")]
pub struct Polygon {
    points: Vec<Point>,
    area: f64,
    convex: bool,
    lo: Point,
    hi: Point,
}

impl TryFrom<Vec<Point>> for Polygon {
    type Error = TableError;
    fn try_from(points: Vec<Point>) -> Result<Self, TableError> {
        Polygon::new(points)
    }
}

impl From<Polygon> for Vec<Point> {
    fn from(p: Polygon) -> Self {
        p.points
    }
}

impl Polygon {
    /// Checks and builds a polygon from its corners in order (either way round). A last point
    /// equal to the first closes the ring and is dropped.
    ///
    /// # Errors
    /// [`TableError::Field`] naming `points` (or `[i]`, the point at fault): fewer than 3
    /// points or more than [`MAX_POINTS`], a coordinate that is not finite, a point repeating the one before it, no area
    /// (all in a line), or edges that cross or touch each other.
    pub fn new(mut points: Vec<Point>) -> Result<Polygon, TableError> {
        if points.len() > MAX_POINTS {
            return Err(TableError::field(
                "",
                format!(
                    "a polygon has at most {MAX_POINTS} points, not {}",
                    points.len()
                ),
            ));
        }
        for (i, p) in points.iter().enumerate() {
            for (v, name) in [(p.x, "x"), (p.y, "y")] {
                if !v.is_finite() {
                    return Err(TableError::field(
                        format!("[{i}]"),
                        format!("{name} = {v} is not a finite number of inches"),
                    ));
                }
            }
        }
        if points.len() > 3 && points.first() == points.last() {
            points.pop();
        }
        let n = points.len();
        if n < 3 {
            return Err(TableError::field(
                "",
                format!("a polygon needs at least 3 points, not {n}"),
            ));
        }
        for i in 0..n {
            let j = (i + 1) % n;
            if points[i].dist(points[j]) <= EPS {
                return Err(TableError::field(
                    format!("[{j}]"),
                    format!(
                        "repeats the point before it ({}, {})",
                        points[j].x, points[j].y
                    ),
                ));
            }
        }
        let area2 = signed_area2(&points);
        let perimeter: f64 = edges(&points).map(|e| e.len()).sum();
        if area2.abs() / 2.0 <= EPS * perimeter {
            return Err(TableError::field(
                "",
                "the polygon has no area (its points lie in a line)",
            ));
        }
        let segs: Vec<Segment> = edges(&points).collect();
        for i in 0..n {
            for j in i + 1..n {
                let adjacent = j == i + 1 || (i == 0 && j == n - 1);
                if adjacent {
                    // neighbours share a corner; they must not fold back along each other
                    let (shared, other_i, other_j) = if j == i + 1 {
                        (segs[i].b, segs[i].a, segs[j].b)
                    } else {
                        (segs[i].a, segs[i].b, segs[j].a)
                    };
                    let (u, v) = (other_i - shared, other_j - shared);
                    if u.cross(v).abs() <= EPS * u.len().max(v.len()) && u.dot(v) > 0.0 {
                        return Err(TableError::field(
                            "",
                            format!(
                                "edges {i} and {j} fold back along each other at ({}, {})",
                                shared.x, shared.y
                            ),
                        ));
                    }
                } else if segs[i].distance_to_segment(&segs[j]) <= EPS {
                    return Err(TableError::field(
                        "",
                        format!(
                            "edges {i} and {j} cross or touch: a polygon must not cross itself"
                        ),
                    ));
                }
            }
        }
        if area2 < 0.0 {
            points.reverse();
        }
        let convex = (0..n).all(|i| {
            let (a, b, c) = (points[i], points[(i + 1) % n], points[(i + 2) % n]);
            (b - a).cross(c - b) >= -EPS * (b - a).len().max((c - b).len())
        });
        let lo = points
            .iter()
            .fold(Point::new(f64::INFINITY, f64::INFINITY), |m, p| {
                Point::new(m.x.min(p.x), m.y.min(p.y))
            });
        let hi = points
            .iter()
            .fold(Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY), |m, p| {
                Point::new(m.x.max(p.x), m.y.max(p.y))
            });
        Ok(Polygon {
            points,
            area: area2.abs() / 2.0,
            convex,
            lo,
            hi,
        })
    }

    /// The axis-aligned rectangle from `(x0, y0)` to `(x1, y1)`.
    ///
    /// # Errors
    /// As [`Polygon::new`].
    pub fn rectangle(x0: f64, y0: f64, x1: f64, y1: f64) -> Result<Polygon, TableError> {
        Polygon::new(vec![
            Point::new(x0, y0),
            Point::new(x1, y0),
            Point::new(x1, y1),
            Point::new(x0, y1),
        ])
    }

    /// The corners, anticlockwise.
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// The edges, anticlockwise, the last from the last corner back to the first.
    pub fn edges(&self) -> impl Iterator<Item = Segment> + '_ {
        edges(&self.points)
    }

    /// The area in square inches.
    pub fn area(&self) -> f64 {
        self.area
    }

    /// Whether no corner turns inwards.
    pub fn is_convex(&self) -> bool {
        self.convex
    }

    /// The south-west and north-east corners of the smallest upright box holding it.
    pub fn bounds(&self) -> (Point, Point) {
        (self.lo, self.hi)
    }

    /// Where `p` lies: on an edge (within [`EPS`]), inside or outside.
    pub fn locate(&self, p: Point) -> Location {
        if p.x < self.lo.x - EPS
            || p.x > self.hi.x + EPS
            || p.y < self.lo.y - EPS
            || p.y > self.hi.y + EPS
        {
            return Location::Outside;
        }
        if self.edges().any(|e| e.distance_to_point(p) <= EPS) {
            return Location::Boundary;
        }
        // crossing number of a ray towards +x; points within EPS of an edge were settled above
        let mut inside = false;
        for e in self.edges() {
            let (a, b) = (e.a, e.b);
            if (a.y > p.y) != (b.y > p.y) {
                let x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y);
                if p.x < x {
                    inside = !inside;
                }
            }
        }
        if inside {
            Location::Inside
        } else {
            Location::Outside
        }
    }

    /// The distance from `p` to the polygon: 0 inside or on it.
    pub fn distance_to_point(&self, p: Point) -> f64 {
        if self.locate(p) != Location::Outside {
            return 0.0;
        }
        self.edges()
            .map(|e| e.distance_to_point(p))
            .fold(f64::INFINITY, f64::min)
    }

    /// The polygon's point nearest `p`: `p` itself inside or on it, else the nearest point of
    /// its nearest edge.
    pub fn nearest_point(&self, p: Point) -> Point {
        if self.locate(p) != Location::Outside {
            return p;
        }
        self.edges()
            .map(|e| e.at(e.project(p)))
            .min_by(|a, b| a.dist(p).total_cmp(&b.dist(p)))
            .unwrap_or(p)
    }

    /// The stretches of `seg` inside the polygon, as fractions `(t0, t1)` of its length, in
    /// order along it. Running along an edge or touching a corner is not inside (grazing), so
    /// a segment that only grazes has none; a stretch is kept only if it is longer than
    /// [`EPS`].
    pub fn stretches(&self, seg: &Segment) -> Vec<(f64, f64)> {
        let len = seg.len();
        if len <= EPS {
            return Vec::new();
        }
        let (slo, shi) = (
            Point::new(seg.a.x.min(seg.b.x), seg.a.y.min(seg.b.y)),
            Point::new(seg.a.x.max(seg.b.x), seg.a.y.max(seg.b.y)),
        );
        if shi.x < self.lo.x - EPS
            || slo.x > self.hi.x + EPS
            || shi.y < self.lo.y - EPS
            || slo.y > self.hi.y + EPS
        {
            return Vec::new();
        }
        // Every place where the segment may pass between inside and outside is a cut: where it
        // crosses an edge, and next to every corner it passes within EPS of (which also covers
        // the ends of a stretch run along an edge). Extra cuts do no harm: each piece between
        // two cuts is judged by its middle point.
        let d = seg.b - seg.a;
        let mut cuts = vec![0.0, 1.0];
        for v in &self.points {
            if seg.distance_to_point(*v) <= EPS {
                cuts.push(seg.project(*v));
            }
        }
        for e in self.edges() {
            let ed = e.b - e.a;
            let den = d.cross(ed);
            if den.abs() <= 1e-12 * len * ed.len() {
                continue;
            }
            let w = e.a - seg.a;
            let t = w.cross(ed) / den;
            let u = w.cross(d) / den;
            if (-1e-9..=1.0 + 1e-9).contains(&u) && (0.0..=1.0).contains(&t) {
                cuts.push(t);
            }
        }
        cuts.sort_by(f64::total_cmp);
        cuts.dedup();
        let mut out: Vec<(f64, f64)> = Vec::new();
        for w in cuts.windows(2) {
            let (t0, t1) = (w[0], w[1]);
            if t1 <= t0 || self.locate(seg.at((t0 + t1) / 2.0)) != Location::Inside {
                continue;
            }
            match out.last_mut() {
                Some(last) if last.1 == t0 => last.1 = t1,
                _ => out.push((t0, t1)),
            }
        }
        out.retain(|(t0, t1)| (t1 - t0) * len > EPS);
        out
    }

    /// How long a stretch of `seg` lies inside the polygon (grazing counts nothing).
    pub fn length_inside(&self, seg: &Segment) -> f64 {
        let len = seg.len();
        self.stretches(seg)
            .iter()
            .map(|(t0, t1)| (t1 - t0) * len)
            .sum()
    }

    /// How much of a base (or a swept move) lies in the polygon: a deployment zone must hold
    /// its units [`Containment::Wholly`]; a unit straddling a wood's edge is
    /// [`Containment::Partly`] in it.
    pub fn holds(&self, shape: &impl Shape) -> Containment {
        self.containment(shape.convex()).0
    }

    /// The area a base (or a swept move) shares with the polygon, in square inches.
    pub fn shared_area(&self, shape: &impl Shape) -> f64 {
        self.overlap_area(shape.convex())
    }

    /// The area shared with an anticlockwise convex shape (a base, a swept move).
    pub(crate) fn overlap_area(&self, convex: &[Point]) -> f64 {
        let (lo, hi) = convex.iter().fold(
            (
                Point::new(f64::INFINITY, f64::INFINITY),
                Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
            ),
            |(lo, hi), p| {
                (
                    Point::new(lo.x.min(p.x), lo.y.min(p.y)),
                    Point::new(hi.x.max(p.x), hi.y.max(p.y)),
                )
            },
        );
        if hi.x < self.lo.x || lo.x > self.hi.x || hi.y < self.lo.y || lo.y > self.hi.y {
            return 0.0;
        }
        (signed_area2(&clip_convex(&self.points, convex)) / 2.0).abs()
    }

    /// How much of an anticlockwise convex shape lies in the polygon (see [`Containment`]),
    /// and the area in common.
    pub(crate) fn containment(&self, convex: &[Point]) -> (Containment, f64) {
        let shared = self.overlap_area(convex);
        let own = (signed_area2(convex) / 2.0).abs();
        let tol = EPS * edges(convex).map(|e| e.len()).sum::<f64>();
        let c = if shared <= tol {
            Containment::Outside
        } else if shared >= own - tol {
            Containment::Wholly
        } else {
            Containment::Partly
        };
        (c, shared)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: f64, y: f64) -> Point {
        Point::new(x, y)
    }

    /// An L: the 6×6 square from (0,0) without its north-east 3×3 quarter (area 27).
    fn ell() -> Polygon {
        Polygon::new(vec![
            p(0.0, 0.0),
            p(6.0, 0.0),
            p(6.0, 3.0),
            p(3.0, 3.0),
            p(3.0, 6.0),
            p(0.0, 6.0),
        ])
        .unwrap()
    }

    #[test]
    fn polygons_are_kept_anticlockwise_with_their_area() {
        let cw = Polygon::new(vec![p(0.0, 0.0), p(0.0, 4.0), p(4.0, 4.0), p(4.0, 0.0)]).unwrap();
        assert!(signed_area2(cw.points()) > 0.0);
        assert_eq!(cw.area(), 16.0);
        assert!(cw.is_convex());
        let l = ell();
        assert_eq!(l.area(), 27.0);
        assert!(!l.is_convex());
        // a closing point equal to the first is dropped
        let closed =
            Polygon::new(vec![p(0.0, 0.0), p(4.0, 0.0), p(4.0, 4.0), p(0.0, 0.0)]).unwrap();
        assert_eq!(closed.points().len(), 3);
    }

    #[test]
    fn degenerate_polygons_are_refused_naming_the_point() {
        let e = Polygon::new(vec![p(0.0, 0.0), p(1.0, 1.0)])
            .unwrap_err()
            .within("terrain[3].points");
        assert_eq!(
            e.to_string(),
            "terrain[3].points: a polygon needs at least 3 points, not 2"
        );
        let e = Polygon::new(vec![p(0.0, 0.0), p(f64::NAN, 1.0), p(1.0, 0.0)])
            .unwrap_err()
            .within("points");
        assert_eq!(
            e.to_string(),
            "points[1]: x = NaN is not a finite number of inches"
        );
        let e = Polygon::new(vec![p(0.0, 0.0), p(1.0, 1.0), p(2.0, f64::INFINITY)])
            .unwrap_err()
            .within("points");
        assert_eq!(
            e.to_string(),
            "points[2]: y = inf is not a finite number of inches"
        );
        let e = Polygon::new(vec![p(0.0, 0.0), p(1.0, 1.0), p(2.0, 2.0)])
            .unwrap_err()
            .within("points");
        assert!(e.to_string().contains("no area"), "{e}");
        let e = Polygon::new(vec![p(0.0, 0.0), p(4.0, 0.0), p(4.0, 0.0), p(0.0, 4.0)])
            .unwrap_err()
            .within("points");
        assert_eq!(
            e.to_string(),
            "points[2]: repeats the point before it (4, 0)"
        );
        // a bow tie crosses itself
        let e = Polygon::new(vec![p(0.0, 0.0), p(4.0, 4.0), p(4.0, 0.0), p(0.0, 6.0)]).unwrap_err();
        assert!(e.to_string().contains("cross"), "{e}");
        // a spike that doubles back along its own edge
        let e = Polygon::new(vec![
            p(0.0, 0.0),
            p(4.0, 0.0),
            p(4.0, 4.0),
            p(4.0, 2.0),
            p(0.0, 4.0),
        ])
        .unwrap_err();
        assert!(
            e.to_string().contains("fold back") || e.to_string().contains("cross"),
            "{e}"
        );
        // two corners touching (a figure eight pinched at one point)
        let e = Polygon::new(vec![
            p(0.0, 0.0),
            p(2.0, 2.0),
            p(4.0, 0.0),
            p(4.0, 4.0),
            p(2.0, 2.0),
            p(0.0, 4.0),
        ]);
        assert!(e.is_err());
    }

    #[test]
    fn points_on_edges_and_corners_are_on_the_boundary() {
        let l = ell();
        assert_eq!(l.locate(p(1.0, 1.0)), Location::Inside);
        assert_eq!(
            l.locate(p(4.5, 4.5)),
            Location::Outside,
            "the missing quarter"
        );
        assert_eq!(
            l.locate(p(3.0, 4.5)),
            Location::Boundary,
            "the notch's edge"
        );
        assert_eq!(
            l.locate(p(3.0, 3.0)),
            Location::Boundary,
            "the inner corner"
        );
        assert_eq!(l.locate(p(6.0, 0.0)), Location::Boundary);
        assert_eq!(
            l.locate(p(6.0 + 0.5 * EPS, 1.0)),
            Location::Boundary,
            "within the tolerance"
        );
        assert_eq!(l.locate(p(6.0 + 2.0 * EPS, 1.0)), Location::Outside);
        assert_eq!(l.distance_to_point(p(9.0, 7.0)), 5.0);
        assert_eq!(l.distance_to_point(p(2.0, 2.0)), 0.0);
    }

    #[test]
    fn a_line_through_a_non_convex_polygon_has_one_stretch_per_arm() {
        let l = ell();
        // y = 4.5 runs through the west arm only: 3 inches
        let s = Segment::new(p(-2.0, 4.5), p(10.0, 4.5));
        assert!((l.length_inside(&s) - 3.0).abs() < 1e-9);
        // x + y = 7.5 from (−1, 8.5) to (8.5, −1): enters the north arm, leaves it across the
        // notch, re-enters the east arm. North arm: from y=6 (x=1.5) to x=3 (y=4.5): 1.5√2;
        // east arm: from y=3 (x=4.5) to x=6 (y=1.5): 1.5√2
        let s = Segment::new(p(-1.0, 8.5), p(8.5, -1.0));
        let st = l.stretches(&s);
        assert_eq!(st.len(), 2, "{st:?}");
        assert!((l.length_inside(&s) - 3.0 * 2f64.sqrt()).abs() < 1e-9);
        // along the bottom edge: grazing, nothing inside
        assert_eq!(
            l.length_inside(&Segment::new(p(-1.0, 0.0), p(8.0, 0.0))),
            0.0
        );
        // through the inner corner (3,3) diagonally from outside the notch: (9,9)→(3,3)→(−3,−3)
        // runs inside from (3,3) to (0,0): 3√2
        let s = Segment::new(p(9.0, 9.0), p(-3.0, -3.0));
        assert!((l.length_inside(&s) - 3.0 * 2f64.sqrt()).abs() < 1e-9);
        // a segment wholly inside
        assert!((l.length_inside(&Segment::new(p(1.0, 1.0), p(2.0, 1.0))) - 1.0).abs() < 1e-12);
        // a point is no stretch
        assert!(l
            .stretches(&Segment::new(p(1.0, 1.0), p(1.0, 1.0)))
            .is_empty());
    }

    #[test]
    fn a_square_straddling_an_edge_is_partly_inside() {
        let l = ell();
        let sq = |x: f64, y: f64| vec![p(x, y), p(x + 2.0, y), p(x + 2.0, y + 2.0), p(x, y + 2.0)];
        assert_eq!(l.containment(&sq(1.0, 1.0)).0, Containment::Wholly);
        assert_eq!(
            l.containment(&sq(0.0, 0.0)).0,
            Containment::Wholly,
            "edges on the polygon's edges"
        );
        let (c, a) = l.containment(&sq(5.0, 1.0));
        assert_eq!(c, Containment::Partly);
        assert!((a - 2.0).abs() < 1e-9);
        assert_eq!(
            l.containment(&sq(6.0, 1.0)).0,
            Containment::Outside,
            "touching the east edge"
        );
        assert_eq!(
            l.containment(&sq(4.0, 4.0)).0,
            Containment::Outside,
            "in the notch"
        );
        // across the notch's corner: three of its four unit squares are in the L
        let (c, a) = l.containment(&sq(2.0, 2.0));
        assert_eq!(c, Containment::Partly);
        assert!((a - 3.0).abs() < 1e-9);
        // the same asked with bases: a 2" square base centred at (3, 3), turned any way, is
        // three quarters in the L (the L is three of the four quadrants about (3, 3))
        let fp = crate::rect::Footprint::new(2.0, 2.0).unwrap();
        for facing in [0.0, 30.0, 90.0, 200.0] {
            let b = fp.place(crate::rect::Pose::new(3.0, 3.0, facing));
            assert_eq!(l.holds(&b), Containment::Partly);
            assert!(
                (l.shared_area(&b) - 3.0).abs() < 1e-9,
                "{facing}: {}",
                l.shared_area(&b)
            );
        }
        assert_eq!(
            l.holds(&fp.place(crate::rect::Pose::new(1.5, 1.5, 45.0))),
            Containment::Wholly
        );
    }
}
