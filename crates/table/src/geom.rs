//! Points, segments, compass angles and the convex-polygon routines the rest is built on.

use serde::{Deserialize, Serialize};
use std::ops::{Add, Mul, Neg, Sub};
use std::sync::OnceLock;

/// The tolerance of every comparison of lengths, in inches (see the crate's conventions).
///
/// A millionth of an inch is far below anything a player measures, and far above the rounding
/// of `f64` arithmetic on a table a few feet across (about 1e-14 inch), so rotating or moving
/// a whole table never turns a touch into an overlap or a graze into a block.
pub const EPS: f64 = 1e-6;

/// Whether a measured `distance` is within `limit` ("within 6 inches"), with the tolerance:
/// a base exactly 6" away is within 6".
#[inline]
pub fn within(distance: f64, limit: f64) -> bool {
    distance <= limit + EPS
}

/// A point on the table, or a vector between two, in inches. In data it is written `[x, y]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(from = "[f64; 2]", into = "[f64; 2]")]
pub struct Point {
    /// Inches east of the west edge.
    pub x: f64,
    /// Inches north of the south edge.
    pub y: f64,
}

impl From<[f64; 2]> for Point {
    #[inline]
    fn from([x, y]: [f64; 2]) -> Self {
        Point { x, y }
    }
}

impl From<Point> for [f64; 2] {
    #[inline]
    fn from(p: Point) -> Self {
        [p.x, p.y]
    }
}

impl Point {
    /// The point `(x, y)`.
    #[inline]
    pub const fn new(x: f64, y: f64) -> Self {
        Point { x, y }
    }

    /// The straight-line distance to `other`.
    #[inline]
    pub fn dist(self, other: Point) -> f64 {
        (other - self).len()
    }

    /// The length of this point taken as a vector.
    #[inline]
    pub fn len(self) -> f64 {
        // not hypot: several times slower, and its guard against overflow is not needed for
        // lengths measured on a table
        self.dot(self).sqrt()
    }

    /// Dot product, as vectors.
    #[inline]
    pub fn dot(self, o: Point) -> f64 {
        self.x * o.x + self.y * o.y
    }

    /// Cross product (z of the 3-D one), as vectors: positive when `o` lies anticlockwise
    /// (to the left) of `self`.
    #[inline]
    pub fn cross(self, o: Point) -> f64 {
        self.x * o.y - self.y * o.x
    }

    /// Whether both coordinates are finite.
    #[inline]
    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }

    /// The point turned `degrees` clockwise about `centre` (the compass sense of facings).
    pub fn rotated_about(self, centre: Point, degrees: f64) -> Point {
        let (s, c) = sin_cos_degrees(degrees);
        let v = self - centre;
        // clockwise: (x, y) → (x cos + y sin, −x sin + y cos)
        centre + Point::new(v.x * c + v.y * s, -v.x * s + v.y * c)
    }
}

impl Add for Point {
    type Output = Point;
    #[inline]
    fn add(self, o: Point) -> Point {
        Point::new(self.x + o.x, self.y + o.y)
    }
}

impl Sub for Point {
    type Output = Point;
    #[inline]
    fn sub(self, o: Point) -> Point {
        Point::new(self.x - o.x, self.y - o.y)
    }
}

impl Mul<f64> for Point {
    type Output = Point;
    #[inline]
    fn mul(self, k: f64) -> Point {
        Point::new(self.x * k, self.y * k)
    }
}

impl Neg for Point {
    type Output = Point;
    #[inline]
    fn neg(self) -> Point {
        Point::new(-self.x, -self.y)
    }
}

/// A facing or bearing brought into `[0, 360)`; a non-finite angle becomes 0 rather than
/// spreading NaN through a game (data is checked for finiteness before it gets here).
pub fn normalize(degrees: f64) -> f64 {
    if !degrees.is_finite() {
        return 0.0;
    }
    // most angles are in range already (rem_euclid would return them unchanged, at the cost
    // of a division)
    if (0.0..360.0).contains(&degrees) {
        return degrees;
    }
    let d = degrees.rem_euclid(360.0);
    // rem_euclid of a tiny negative number rounds to 360.0 itself
    if d >= 360.0 {
        0.0
    } else {
        d
    }
}

/// The unit vector of a compass facing: 0° → (0, 1), 90° → (1, 0).
pub fn heading(degrees: f64) -> Point {
    let (s, c) = sin_cos_degrees(degrees);
    Point::new(s, c)
}

/// The sine and cosine of an angle in degrees. Orders carry facings in whole degrees, and
/// turning a base to its facing is among the questions a game asks most (6 % of a simulated
/// D3 battle went to `sin_cos`), so whole degrees in `[0, 360)` come from a table
/// filled once by the same expression: the answers are bit for bit those of `sin_cos`.
pub fn sin_cos_degrees(degrees: f64) -> (f64, f64) {
    static WHOLE: OnceLock<Vec<(f64, f64)>> = OnceLock::new();
    if (0.0..360.0).contains(&degrees) && degrees.fract() == 0.0 {
        let table = WHOLE.get_or_init(|| {
            (0..360)
                .map(|k| f64::from(k).to_radians().sin_cos())
                .collect()
        });
        return table[degrees as usize];
    }
    degrees.to_radians().sin_cos()
}

/// The compass bearing from `from` to `to` (0 when the two are the same point).
pub fn bearing(from: Point, to: Point) -> f64 {
    let v = to - from;
    if v.len() == 0.0 {
        return 0.0;
    }
    normalize(v.x.atan2(v.y).to_degrees())
}

/// The smallest turn from facing `from` to facing `to`, in `(-180, 180]`: positive clockwise.
pub fn turn(from: f64, to: f64) -> f64 {
    let d = normalize(to - from);
    if d > 180.0 {
        d - 360.0
    } else {
        d
    }
}

/// A straight line between two points: a sight line, a move, an edge.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Segment {
    /// Where it starts.
    pub a: Point,
    /// Where it ends.
    pub b: Point,
}

impl Segment {
    /// The segment from `a` to `b`.
    #[inline]
    pub const fn new(a: Point, b: Point) -> Self {
        Segment { a, b }
    }

    /// Its length.
    #[inline]
    pub fn len(&self) -> f64 {
        self.a.dist(self.b)
    }

    /// The point a fraction `t` of the way from `a` (0) to `b` (1).
    #[inline]
    pub fn at(&self, t: f64) -> Point {
        self.a + (self.b - self.a) * t
    }

    /// The fraction of the way along at which `p`'s foot falls, clamped to `[0, 1]`.
    #[inline]
    pub fn project(&self, p: Point) -> f64 {
        let d = self.b - self.a;
        let l2 = d.dot(d);
        if l2 == 0.0 {
            return 0.0;
        }
        ((p - self.a).dot(d) / l2).clamp(0.0, 1.0)
    }

    /// The distance from `p` to the nearest point of the segment.
    #[inline]
    pub fn distance_to_point(&self, p: Point) -> f64 {
        self.distance2_to_point(p).sqrt()
    }

    /// The square of [`Segment::distance_to_point`].
    #[inline]
    pub(crate) fn distance2_to_point(&self, p: Point) -> f64 {
        let v = self.at(self.project(p)) - p;
        v.dot(v)
    }

    /// The distance between the nearest points of two segments: 0 when they cross or touch.
    pub fn distance_to_segment(&self, o: &Segment) -> f64 {
        let d = self.b - self.a;
        let e = o.b - o.a;
        let o1 = d.cross(o.a - self.a);
        let o2 = d.cross(o.b - self.a);
        let o3 = e.cross(self.a - o.a);
        let o4 = e.cross(self.b - o.a);
        if ((o1 > 0.0 && o2 < 0.0) || (o1 < 0.0 && o2 > 0.0))
            && ((o3 > 0.0 && o4 < 0.0) || (o3 < 0.0 && o4 > 0.0))
        {
            return 0.0;
        }
        self.distance_to_point(o.a)
            .min(self.distance_to_point(o.b))
            .min(o.distance_to_point(self.a))
            .min(o.distance_to_point(self.b))
    }
}

/// Twice the signed area of a closed polygon (positive when its points run anticlockwise).
pub(crate) fn signed_area2(points: &[Point]) -> f64 {
    let n = points.len();
    (0..n).map(|i| points[i].cross(points[(i + 1) % n])).sum()
}

/// The edges of a closed polygon, last to first included.
pub(crate) fn edges(points: &[Point]) -> impl Iterator<Item = Segment> + '_ {
    let n = points.len();
    (0..n).map(move |i| Segment::new(points[i], points[(i + 1) % n]))
}

/// The largest gap between the projections of two convex polygons on the unit normals of
/// their edges (the separating-axis test): positive when they are apart (a lower bound of the
/// distance), negative when they overlap (minus the shallowest penetration), about 0 when
/// they touch.
pub(crate) fn sat_gap(a: &[Point], b: &[Point]) -> f64 {
    let mut best = f64::NEG_INFINITY;
    for poly in [a, b] {
        for e in edges(poly) {
            let d = e.b - e.a;
            let l = d.len();
            if l == 0.0 {
                continue;
            }
            let axis = Point::new(d.y / l, -d.x / l);
            let (amin, amax) = span(a, axis);
            let (bmin, bmax) = span(b, axis);
            best = best.max((bmin - amax).max(amin - bmax));
        }
    }
    best
}

fn span(points: &[Point], axis: Point) -> (f64, f64) {
    points
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| {
            let v = p.dot(axis);
            (lo.min(v), hi.max(v))
        })
}

/// The distance between two convex polygons, edge to edge: 0 when they touch or overlap
/// (gaps of at most [`EPS`] count as touching).
pub(crate) fn convex_distance(a: &[Point], b: &[Point]) -> f64 {
    if sat_gap(a, b) <= 0.0 {
        return 0.0;
    }
    // apart: the nearest points of two convex polygons include a vertex of one of them
    let mut d2 = f64::INFINITY;
    for (p, q) in [(a, b), (b, a)] {
        for v in p {
            for e in edges(q) {
                d2 = d2.min(e.distance2_to_point(*v));
            }
        }
    }
    let d = d2.sqrt();
    if d <= EPS {
        0.0
    } else {
        d
    }
}

/// The distance from a point to a convex polygon (0 inside or within [`EPS`] of it).
pub(crate) fn convex_point_distance(poly: &[Point], p: Point) -> f64 {
    if convex_contains(poly, p, EPS) {
        return 0.0;
    }
    edges(poly)
        .map(|e| e.distance_to_point(p))
        .fold(f64::INFINITY, f64::min)
}

/// Whether `p` is inside an anticlockwise convex polygon grown by `margin` inches.
pub(crate) fn convex_contains(poly: &[Point], p: Point, margin: f64) -> bool {
    edges(poly).all(|e| {
        let d = e.b - e.a;
        let l = d.len();
        l == 0.0 || d.cross(p - e.a) / l >= -margin
    })
}

/// The part of a segment (as fractions `t0 < t1` of its length) that lies inside an
/// anticlockwise convex polygon shrunk by [`EPS`]: `None` when the segment misses the interior
/// or only grazes it. Used for units blocking sight lines.
pub(crate) fn segment_in_convex(seg: &Segment, poly: &[Point]) -> Option<(f64, f64)> {
    // most bases are nowhere near a given line: a box test settles them cheaply
    let far = Point::new(f64::INFINITY, f64::INFINITY);
    let (lo, hi) = poly.iter().fold((far, -far), |(lo, hi), p| {
        (
            Point::new(lo.x.min(p.x), lo.y.min(p.y)),
            Point::new(hi.x.max(p.x), hi.y.max(p.y)),
        )
    });
    if seg.a.x.max(seg.b.x) < lo.x
        || seg.a.x.min(seg.b.x) > hi.x
        || seg.a.y.max(seg.b.y) < lo.y
        || seg.a.y.min(seg.b.y) > hi.y
    {
        return None;
    }
    let d = seg.b - seg.a;
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for e in edges(poly) {
        let ed = e.b - e.a;
        let l = ed.len();
        if l == 0.0 {
            continue;
        }
        // inside means: at least EPS to the left of the edge
        let start = ed.cross(seg.a - e.a) / l - EPS;
        let rate = ed.cross(d) / l;
        if rate == 0.0 {
            if start < 0.0 {
                return None;
            }
        } else {
            let t = -start / rate;
            if rate > 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
        }
        if t0 >= t1 {
            return None;
        }
    }
    Some((t0, t1))
}

/// The polygon left of the directed line through `a` with direction `dir` (Sutherland–Hodgman,
/// one edge), keeping points up to `margin` inches to its right.
fn clip_half_plane(poly: &[Point], a: Point, dir: Point, margin: f64) -> Vec<Point> {
    let l = dir.len();
    if l == 0.0 {
        return poly.to_vec();
    }
    let side = |p: Point| dir.cross(p - a) / l + margin;
    let mut out = Vec::with_capacity(poly.len() + 2);
    let n = poly.len();
    for i in 0..n {
        let p = poly[i];
        let q = poly[(i + 1) % n];
        let (sp, sq) = (side(p), side(q));
        if sp >= 0.0 {
            out.push(p);
        }
        if (sp >= 0.0) != (sq >= 0.0) {
            let t = sp / (sp - sq);
            out.push(p + (q - p) * t);
        }
    }
    out
}

/// The polygon `subject` (any simple polygon) cut to an anticlockwise convex polygon `clip`:
/// its area is the area of their intersection, even where a non-convex subject leaves
/// zero-width seams in the result.
pub(crate) fn clip_convex(subject: &[Point], clip: &[Point]) -> Vec<Point> {
    let mut out = subject.to_vec();
    for e in edges(clip) {
        if out.is_empty() {
            break;
        }
        out = clip_half_plane(&out, e.a, e.b - e.a, 0.0);
    }
    out
}

/// Whether an anticlockwise convex polygon meets the region left of each of the given
/// directed lines (`(point, direction)`), counting a touch within [`EPS`] as meeting.
pub(crate) fn meets_half_planes(poly: &[Point], lines: &[(Point, Point)]) -> bool {
    let mut out = poly.to_vec();
    for &(a, dir) in lines {
        out = clip_half_plane(&out, a, dir, EPS);
        if out.is_empty() {
            return false;
        }
    }
    true
}

/// An anticlockwise convex polygon cut to the region left of each of the given directed lines.
pub(crate) fn cut_by_half_planes(poly: &[Point], lines: &[(Point, Point)]) -> Vec<Point> {
    let mut out = poly.to_vec();
    for &(a, dir) in lines {
        if out.is_empty() {
            break;
        }
        out = clip_half_plane(&out, a, dir, 0.0);
    }
    out
}

/// The convex hull of some points, anticlockwise, without collinear points (Andrew's
/// monotone chain).
pub(crate) fn convex_hull(points: &[Point]) -> Vec<Point> {
    let mut pts: Vec<Point> = points.to_vec();
    pts.sort_by(|p, q| p.x.total_cmp(&q.x).then(p.y.total_cmp(&q.y)));
    pts.dedup();
    if pts.len() < 3 {
        return pts;
    }
    let mut hull: Vec<Point> = Vec::with_capacity(pts.len() * 2);
    for pass in 0..2 {
        let start = hull.len();
        let iter: Box<dyn Iterator<Item = &Point>> = if pass == 0 {
            Box::new(pts.iter())
        } else {
            Box::new(pts.iter().rev())
        };
        for &p in iter {
            while hull.len() >= start + 2 {
                let (a, b) = (hull[hull.len() - 2], hull[hull.len() - 1]);
                if (b - a).cross(p - a) <= 0.0 {
                    hull.pop();
                } else {
                    break;
                }
            }
            hull.push(p);
        }
        hull.pop();
    }
    hull
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_degrees_turn_exactly_as_sin_cos_does() {
        for k in 0..360 {
            let d = f64::from(k);
            let (s, c) = sin_cos_degrees(d);
            let (ws, wc) = d.to_radians().sin_cos();
            assert_eq!(
                (s.to_bits(), c.to_bits()),
                (ws.to_bits(), wc.to_bits()),
                "{k}°"
            );
        }
        for d in [-90.0, 360.0, 720.0, 45.5, 359.999, -0.5, f64::NAN] {
            let (s, c) = sin_cos_degrees(d);
            let (ws, wc) = f64::to_radians(d).sin_cos();
            assert!(
                s.to_bits() == ws.to_bits() && c.to_bits() == wc.to_bits(),
                "{d}"
            );
        }
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    fn square(x: f64, y: f64, s: f64) -> Vec<Point> {
        vec![
            Point::new(x, y),
            Point::new(x + s, y),
            Point::new(x + s, y + s),
            Point::new(x, y + s),
        ]
    }

    #[test]
    fn compass_angles_run_clockwise_from_north() {
        let n = heading(0.0);
        assert!(close(n.x, 0.0) && close(n.y, 1.0));
        let e = heading(90.0);
        assert!(close(e.x, 1.0) && close(e.y, 0.0));
        assert!(close(
            bearing(Point::new(0.0, 0.0), Point::new(0.0, 5.0)),
            0.0
        ));
        assert!(close(
            bearing(Point::new(0.0, 0.0), Point::new(5.0, 0.0)),
            90.0
        ));
        assert!(close(
            bearing(Point::new(0.0, 0.0), Point::new(0.0, -5.0)),
            180.0
        ));
        assert!(close(
            bearing(Point::new(0.0, 0.0), Point::new(-5.0, 0.0)),
            270.0
        ));
        assert!(close(
            bearing(Point::new(0.0, 0.0), Point::new(3.0, 3.0)),
            45.0
        ));
        let r = Point::new(0.0, 1.0).rotated_about(Point::default(), 90.0);
        assert!(close(r.x, 1.0) && close(r.y, 0.0), "{r:?}");
    }

    #[test]
    fn facings_normalize_and_turns_take_the_short_way() {
        assert_eq!(normalize(-90.0), 270.0);
        assert_eq!(normalize(720.0), 0.0);
        assert_eq!(normalize(-1e-20), 0.0);
        assert_eq!(normalize(f64::NAN), 0.0);
        assert_eq!(turn(350.0, 10.0), 20.0);
        assert_eq!(turn(10.0, 350.0), -20.0);
        assert_eq!(turn(0.0, 180.0), 180.0);
        assert_eq!(turn(90.0, 270.0), 180.0);
    }

    #[test]
    fn segments_measure_to_points_and_to_each_other() {
        let s = Segment::new(Point::new(0.0, 0.0), Point::new(10.0, 0.0));
        assert!(close(s.distance_to_point(Point::new(5.0, 3.0)), 3.0));
        assert!(close(s.distance_to_point(Point::new(13.0, 4.0)), 5.0));
        let crossing = Segment::new(Point::new(5.0, -1.0), Point::new(5.0, 1.0));
        assert_eq!(s.distance_to_segment(&crossing), 0.0);
        let t_touch = Segment::new(Point::new(5.0, 0.0), Point::new(5.0, 4.0));
        assert_eq!(s.distance_to_segment(&t_touch), 0.0);
        let apart = Segment::new(Point::new(12.0, 3.0), Point::new(20.0, 3.0));
        assert!(close(s.distance_to_segment(&apart), 13.0f64.sqrt()));
        let degenerate = Segment::new(Point::new(2.0, 2.0), Point::new(2.0, 2.0));
        assert!(close(
            degenerate.distance_to_point(Point::new(2.0, 5.0)),
            3.0
        ));
    }

    #[test]
    fn separating_axes_tell_apart_touching_and_overlapping_squares() {
        let a = square(0.0, 0.0, 2.0);
        assert!(close(sat_gap(&a, &square(3.0, 0.0, 2.0)), 1.0));
        assert!(close(sat_gap(&a, &square(2.0, 0.0, 2.0)), 0.0));
        assert!(close(sat_gap(&a, &square(1.5, 0.5, 2.0)), -0.5));
        assert_eq!(convex_distance(&a, &square(2.0, 5.0, 2.0)), 3.0);
        // diagonal: corner (2,2) to corner (5,6)
        assert!(close(convex_distance(&a, &square(5.0, 6.0, 2.0)), 5.0));
    }

    #[test]
    fn a_segment_through_a_convex_polygon_keeps_only_its_interior() {
        let sq = square(0.0, 0.0, 4.0);
        let through = Segment::new(Point::new(-2.0, 2.0), Point::new(6.0, 2.0));
        let (t0, t1) = segment_in_convex(&through, &sq).unwrap();
        assert!((t0 * 8.0 - 2.0).abs() < 1e-5 && (t1 * 8.0 - 6.0).abs() < 1e-5);
        let along_edge = Segment::new(Point::new(-2.0, 4.0), Point::new(6.0, 4.0));
        assert_eq!(segment_in_convex(&along_edge, &sq), None);
        let corner = Segment::new(Point::new(2.0, 6.0), Point::new(6.0, 2.0));
        assert_eq!(segment_in_convex(&corner, &sq), None);
    }

    #[test]
    fn clipping_a_non_convex_polygon_keeps_the_area_of_the_intersection() {
        // a U: 6 wide, 4 high, with a 2-wide notch 3 deep in the top middle (area 24 − 6 = 18)
        let u = vec![
            Point::new(0.0, 0.0),
            Point::new(6.0, 0.0),
            Point::new(6.0, 4.0),
            Point::new(4.0, 4.0),
            Point::new(4.0, 1.0),
            Point::new(2.0, 1.0),
            Point::new(2.0, 4.0),
            Point::new(0.0, 4.0),
        ];
        assert!(close(signed_area2(&u) / 2.0, 18.0));
        // the band 2 ≤ y ≤ 3 across it holds two 2×1 pieces of the arms
        let band = vec![
            Point::new(-1.0, 2.0),
            Point::new(7.0, 2.0),
            Point::new(7.0, 3.0),
            Point::new(-1.0, 3.0),
        ];
        assert!(close(signed_area2(&clip_convex(&u, &band)) / 2.0, 4.0));
    }

    #[test]
    fn the_hull_of_two_squares_is_a_hexagon() {
        let mut pts = square(0.0, 0.0, 2.0);
        pts.extend(square(4.0, 4.0, 2.0));
        let hull = convex_hull(&pts);
        assert_eq!(hull.len(), 6);
        // 36 − two corner triangles of 4×4/2 = 20
        assert!(close(signed_area2(&hull) / 2.0, 20.0));
        assert_eq!(
            convex_hull(&[Point::new(1.0, 1.0), Point::new(1.0, 1.0)]).len(),
            1
        );
    }
}
