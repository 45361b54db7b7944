//! Barriers: lines on the table that a path or a line of sight crosses or does not: a fence, a
//! wall, a stream, a row of felled trees, the walls of a building, each with gaps in it (a door,
//! a window, a breach, a road cut through a hedge). An open barrier is a polyline; a closed one
//! is a ring (a building's walls).
//!
//! Places along a barrier are measured in inches from its first point, following its pieces in
//! order (round the ring, for a closed one). A gap is a stretch `(from, to)` of that measure.
//!
//! # Crossing
//! A straight path crosses a piece of the barrier when it leaves the piece's line for one side
//! after starting on the other side or on the line itself, at a point of the piece. So a path
//! along the line crosses nothing; a path that stops on the line has not crossed it yet, and
//! crosses it when it leaves for the far side. Grazing a corner from one side and back is no
//! crossing.

use crate::error::TableError;
use crate::geom::{Point, Segment, EPS};
use serde::{Deserialize, Serialize};

/// The most corners a barrier may have: every move and line of sight is measured against them.
pub const MAX_BARRIER_POINTS: usize = 200;

/// A fence, wall, stream or ring of walls, with gaps.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Barrier {
    points: Vec<Point>,
    closed: bool,
    /// Where each piece starts, in inches from the first point (one more entry: the length).
    starts: Vec<f64>,
    gaps: Vec<(f64, f64)>,
    lo: Point,
    hi: Point,
}

/// Where a straight path crosses a barrier.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cross {
    /// How far along the path, as a fraction of it (0 at its start, 1 at its end).
    pub t: f64,
    /// Where along the barrier, in inches from its first point.
    pub s: f64,
    /// The gap it passes through, if any (its index in [`Barrier::gaps`]).
    pub gap: Option<usize>,
}

impl Barrier {
    /// An open barrier through `points` in order (a fence, a stream, a hedge).
    ///
    /// # Errors
    /// [`TableError::Field`] naming `points` (or `[i]`): fewer than 2 points, more than
    /// [`MAX_BARRIER_POINTS`], a coordinate that is not finite, or a point repeating the one
    /// before it.
    pub fn open(points: Vec<Point>) -> Result<Barrier, TableError> {
        Barrier::build(points, false)
    }

    /// A closed ring of walls through `points` (a building): the last point joins the first.
    ///
    /// # Errors
    /// As [`Barrier::open`], and fewer than 3 points.
    pub fn ring(points: Vec<Point>) -> Result<Barrier, TableError> {
        Barrier::build(points, true)
    }

    fn build(mut points: Vec<Point>, closed: bool) -> Result<Barrier, TableError> {
        if closed && points.len() > 3 && points.first() == points.last() {
            points.pop();
        }
        let least = if closed { 3 } else { 2 };
        if points.len() < least {
            return Err(TableError::field(
                "points",
                format!(
                    "a {} needs at least {least} points, not {}",
                    if closed { "ring of walls" } else { "barrier" },
                    points.len()
                ),
            ));
        }
        if points.len() > MAX_BARRIER_POINTS {
            return Err(TableError::field(
                "points",
                format!(
                    "a barrier has at most {MAX_BARRIER_POINTS} points, not {}",
                    points.len()
                ),
            ));
        }
        for (i, p) in points.iter().enumerate() {
            if !p.is_finite() {
                return Err(TableError::field(
                    format!("points[{i}]"),
                    format!("({}, {}) is not a finite place", p.x, p.y),
                ));
            }
            if i > 0 && p.dist(points[i - 1]) <= EPS {
                return Err(TableError::field(
                    format!("points[{i}]"),
                    "repeats the point before it",
                ));
            }
        }
        if closed && points[0].dist(points[points.len() - 1]) <= EPS {
            return Err(TableError::field(
                "points",
                "the last point repeats the first",
            ));
        }
        let mut b = Barrier {
            points,
            closed,
            starts: Vec::new(),
            gaps: Vec::new(),
            lo: Point::default(),
            hi: Point::default(),
        };
        let mut s = 0.0;
        let mut starts = vec![0.0];
        for piece in b.pieces() {
            s += piece.len();
            starts.push(s);
        }
        b.starts = starts;
        b.lo = Point::new(
            b.points.iter().map(|p| p.x).fold(f64::INFINITY, f64::min),
            b.points.iter().map(|p| p.y).fold(f64::INFINITY, f64::min),
        );
        b.hi = Point::new(
            b.points
                .iter()
                .map(|p| p.x)
                .fold(f64::NEG_INFINITY, f64::max),
            b.points
                .iter()
                .map(|p| p.y)
                .fold(f64::NEG_INFINITY, f64::max),
        );
        Ok(b)
    }

    /// Its corners, in order.
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// Whether it is a ring.
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// Its length in inches (round the ring, for a closed one).
    pub fn length(&self) -> f64 {
        *self.starts.last().unwrap_or(&0.0)
    }

    /// Its pieces, in order (a ring's last piece joins its last point to its first).
    pub fn pieces(&self) -> impl Iterator<Item = Segment> + '_ {
        let n = self.points.len();
        let count = if self.closed { n } else { n - 1 };
        (0..count).map(move |i| Segment::new(self.points[i], self.points[(i + 1) % n]))
    }

    /// The piece holding place `s` (the last piece for `s` at or past the end).
    pub fn piece_at(&self, s: f64) -> usize {
        let count = self.starts.len() - 1;
        (0..count)
            .find(|&i| s < self.starts[i + 1])
            .unwrap_or(count - 1)
    }

    /// The point at `s` inches along (clamped to the barrier).
    pub fn at(&self, s: f64) -> Point {
        let s = s.clamp(0.0, self.length());
        let i = self.piece_at(s);
        let piece = self
            .pieces()
            .nth(i)
            .unwrap_or(Segment::new(self.points[0], self.points[0]));
        let len = piece.len();
        if len <= 0.0 {
            return piece.a;
        }
        piece.at((s - self.starts[i]) / len)
    }

    /// The place along the barrier nearest `p`, and how far `p` is from it.
    pub fn nearest(&self, p: Point) -> (f64, f64) {
        let mut best = (0.0, f64::INFINITY);
        for (i, piece) in self.pieces().enumerate() {
            let t = piece.project(p);
            let d = piece.at(t).dist(p);
            if d < best.1 {
                best = (self.starts[i] + t * piece.len(), d);
            }
        }
        best
    }

    /// How far `p` is from the barrier.
    pub fn distance_to_point(&self, p: Point) -> f64 {
        self.nearest(p).1
    }

    /// The gaps, as stretches `(from, to)` in inches along it, in the order they were made.
    pub fn gaps(&self) -> &[(f64, f64)] {
        &self.gaps
    }

    /// Opens a gap from `from` to `to` inches along (a door, a breach, a cut road): its index.
    /// The stretch is clamped to the barrier; a gap may overlap another.
    pub fn add_gap(&mut self, from: f64, to: f64) -> usize {
        let (a, b) = (from.min(to), from.max(to));
        let len = self.length();
        self.gaps.push((a.clamp(0.0, len), b.clamp(0.0, len)));
        self.gaps.len() - 1
    }

    /// The gap holding place `s`, if any (its ends included).
    pub fn gap_at(&self, s: f64) -> Option<usize> {
        self.gaps
            .iter()
            .position(|(a, b)| s >= a - EPS && s <= b + EPS)
    }

    /// The middle of gap `i`.
    pub fn gap_centre(&self, i: usize) -> Option<Point> {
        self.gaps.get(i).map(|(a, b)| self.at((a + b) / 2.0))
    }

    /// Every place where `seg` crosses the barrier (see the module's notes), in order along
    /// the path.
    pub fn crossings(&self, seg: &Segment) -> Vec<Cross> {
        let mut out = Vec::new();
        let (slo, shi) = (
            Point::new(seg.a.x.min(seg.b.x), seg.a.y.min(seg.b.y)),
            Point::new(seg.a.x.max(seg.b.x), seg.a.y.max(seg.b.y)),
        );
        if shi.x < self.lo.x - EPS
            || slo.x > self.hi.x + EPS
            || shi.y < self.lo.y - EPS
            || slo.y > self.hi.y + EPS
        {
            return out;
        }
        let d = seg.b - seg.a;
        let len = d.len();
        if len <= EPS {
            return out;
        }
        for (i, piece) in self.pieces().enumerate() {
            let e = piece.b - piece.a;
            let elen = e.len();
            // the sides of the path's ends, as the piece's line sees them (0 on the line)
            let side = |p: Point| {
                let c = e.cross(p - piece.a) / elen;
                if c.abs() <= EPS {
                    0.0
                } else {
                    c.signum()
                }
            };
            let (sa, sb) = (side(seg.a), side(seg.b));
            if sb == 0.0 || sa == sb {
                continue;
            }
            let den = d.cross(e);
            if den.abs() <= 1e-12 * len * elen {
                continue;
            }
            let w = piece.a - seg.a;
            let t = w.cross(e) / den;
            let u = w.cross(d) / den;
            if !(-1e-9..=1.0 + 1e-9).contains(&u) || !(-1e-9..=1.0 + 1e-9).contains(&t) {
                continue;
            }
            let s = self.starts[i] + u.clamp(0.0, 1.0) * elen;
            // through a corner the path meets two pieces at one place: it crosses once
            if out.iter().any(|c: &Cross| {
                (c.s - s).abs() <= 1e-7 || (self.closed && (c.s - s).abs() >= self.length() - 1e-7)
            }) {
                continue;
            }
            out.push(Cross {
                t: t.clamp(0.0, 1.0),
                s,
                gap: self.gap_at(s),
            });
        }
        out.sort_by(|a, b| a.t.total_cmp(&b.t));
        out
    }

    /// Whether `seg` crosses the barrier anywhere but through a gap.
    pub fn blocks(&self, seg: &Segment) -> bool {
        self.crossings(seg).iter().any(|c| c.gap.is_none())
    }

    /// The outward unit normal of the piece holding place `s` of a ring whose corners run
    /// anticlockwise or clockwise (the side away from the ring's inside); for an open barrier,
    /// the normal to the piece's left.
    pub fn normal_at(&self, s: f64) -> Point {
        let i = self.piece_at(s);
        let Some(piece) = self.pieces().nth(i) else {
            return Point::new(0.0, 1.0);
        };
        let e = piece.b - piece.a;
        let len = e.len().max(EPS);
        let left = Point::new(-e.y / len, e.x / len);
        if !self.closed {
            return left;
        }
        // for a ring, the left of an anticlockwise ring is its inside
        let area2: f64 = (0..self.points.len())
            .map(|k| self.points[k].cross(self.points[(k + 1) % self.points.len()]))
            .sum();
        if area2 > 0.0 {
            -left
        } else {
            left
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: f64, y: f64) -> Point {
        Point::new(x, y)
    }

    fn seg(ax: f64, ay: f64, bx: f64, by: f64) -> Segment {
        Segment::new(p(ax, ay), p(bx, by))
    }

    #[test]
    fn a_fence_is_crossed_where_a_path_goes_over_it_and_nowhere_else() {
        let fence = Barrier::open(vec![p(0.0, 10.0), p(20.0, 10.0), p(20.0, 20.0)]).unwrap();
        assert_eq!(fence.length(), 30.0);
        let c = fence.crossings(&seg(5.0, 5.0, 5.0, 15.0));
        assert_eq!(c.len(), 1);
        assert!((c[0].t - 0.5).abs() < 1e-12 && (c[0].s - 5.0).abs() < 1e-12);
        assert!(fence.blocks(&seg(5.0, 5.0, 5.0, 15.0)));
        // beside it, along it, short of it
        assert!(fence.crossings(&seg(25.0, 5.0, 25.0, 15.0)).is_empty());
        assert!(fence.crossings(&seg(2.0, 10.0, 8.0, 10.0)).is_empty());
        assert!(fence.crossings(&seg(5.0, 5.0, 5.0, 9.9)).is_empty());
        // a path that stops on the line has not crossed; leaving it for the far side does
        assert!(fence.crossings(&seg(5.0, 5.0, 5.0, 10.0)).is_empty());
        assert_eq!(fence.crossings(&seg(5.0, 10.0, 5.0, 12.0)).len(), 1);
        // the corner: crossed once, not twice
        assert_eq!(fence.crossings(&seg(15.0, 15.0, 25.0, 5.0)).len(), 1);
        // across the second piece, and both pieces in order
        let c = fence.crossings(&seg(10.0, 5.0, 30.0, 17.0));
        assert_eq!(c.len(), 2, "{c:?}");
        assert!(c[0].t < c[1].t && c[0].s < 20.0 && c[1].s > 20.0);
        assert_eq!(fence.at(25.0), p(20.0, 15.0));
        assert_eq!(fence.nearest(p(21.0, 15.0)), (25.0, 1.0));
    }

    #[test]
    fn a_gap_lets_a_path_through() {
        let mut wall = Barrier::open(vec![p(0.0, 0.0), p(10.0, 0.0)]).unwrap();
        let g = wall.add_gap(4.5, 5.5);
        assert_eq!(wall.gap_centre(g), Some(p(5.0, 0.0)));
        let through = seg(5.0, -2.0, 5.2, 2.0);
        assert!(!wall.blocks(&through));
        assert_eq!(wall.crossings(&through)[0].gap, Some(g));
        assert!(wall.blocks(&seg(3.0, -2.0, 3.0, 2.0)));
        // the gap's edges are in it
        assert!(!wall.blocks(&seg(5.5, -2.0, 5.5, 2.0)));
        assert!(wall.blocks(&seg(5.6, -2.0, 5.6, 2.0)));
    }

    #[test]
    fn a_ring_of_walls_has_an_outside() {
        // a cabin 4" x 3", its corners clockwise, a door in the south wall
        let mut cabin =
            Barrier::ring(vec![p(0.0, 0.0), p(0.0, 3.0), p(4.0, 3.0), p(4.0, 0.0)]).unwrap();
        assert_eq!(cabin.length(), 14.0);
        // the south wall runs from (4, 0) back to (0, 0): places 10 to 14
        let door = cabin.add_gap(11.5, 12.5);
        assert_eq!(cabin.gap_centre(door), Some(p(2.0, 0.0)));
        assert!(!cabin.blocks(&seg(2.0, -1.0, 2.0, 1.0)));
        assert!(cabin.blocks(&seg(1.0, -1.0, 1.0, 1.0)));
        assert!(cabin.blocks(&seg(-1.0, 1.5, 5.0, 1.5)), "through two walls");
        assert_eq!(cabin.crossings(&seg(-1.0, 1.5, 5.0, 1.5)).len(), 2);
        let out = cabin.normal_at(12.0);
        assert!(
            (out.x).abs() < 1e-12 && (out.y + 1.0).abs() < 1e-12,
            "{out:?}"
        );
        // the same ring given anticlockwise has the same outside
        let ccw = Barrier::ring(vec![p(0.0, 0.0), p(4.0, 0.0), p(4.0, 3.0), p(0.0, 3.0)]).unwrap();
        let n = ccw.normal_at(2.0);
        assert!((n.y + 1.0).abs() < 1e-12, "{n:?}");
    }

    #[test]
    fn a_broken_barrier_names_the_field() {
        assert_eq!(
            Barrier::open(vec![p(0.0, 0.0)]).unwrap_err().to_string(),
            "points: a barrier needs at least 2 points, not 1"
        );
        assert_eq!(
            Barrier::ring(vec![p(0.0, 0.0), p(1.0, 0.0)])
                .unwrap_err()
                .to_string(),
            "points: a ring of walls needs at least 3 points, not 2"
        );
        assert_eq!(
            Barrier::open(vec![p(0.0, 0.0), p(0.0, 0.0)])
                .unwrap_err()
                .to_string(),
            "points[1]: repeats the point before it"
        );
        assert!(Barrier::open(vec![p(0.0, 0.0), p(f64::NAN, 1.0)])
            .unwrap_err()
            .to_string()
            .starts_with("points[1]:"));
        let many: Vec<Point> = (0..=MAX_BARRIER_POINTS).map(|i| p(i as f64, 0.0)).collect();
        assert!(Barrier::open(many)
            .unwrap_err()
            .to_string()
            .contains("at most 200"));
    }
}
