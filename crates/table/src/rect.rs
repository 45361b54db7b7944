//! Units' bases: a pose (where and which way), a footprint (how big), and the rectangle the
//! two make, with the questions asked of bases: distance, overlap, arcs, which side faces a
//! point.

use crate::error::{finite, positive, TableError};
use crate::geom::{
    convex_distance, convex_hull, convex_point_distance, cut_by_half_planes, heading,
    meets_half_planes, normalize, sat_gap, segment_in_convex, Point, Segment, EPS,
};
use crate::layout::Bounds;
use crate::polygon::Location;
use serde::{Deserialize, Serialize};

/// Where a base stands and which way it faces: its centre (the point it pivots on, as the D3
/// text has units pivot "on the centre") and its compass facing in degrees.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pose {
    /// The centre of the base.
    pub at: Point,
    /// Compass degrees, 0 = north, clockwise.
    pub facing: f64,
}

impl Pose {
    /// A pose at `(x, y)` facing `facing` degrees (brought into `[0, 360)`).
    pub fn new(x: f64, y: f64, facing: f64) -> Self {
        Pose {
            at: Point::new(x, y),
            facing: normalize(facing),
        }
    }

    /// A pose read from data or typed by a player, checked before the facing is brought into
    /// `[0, 360)` ([`Pose::new`] reads a facing that is not a number as 0, and then it could
    /// no longer be told from one that was 0).
    ///
    /// # Errors
    /// [`TableError::Field`] naming `at` or `facing` for a value that is not finite.
    pub fn try_new(x: f64, y: f64, facing: f64) -> Result<Pose, TableError> {
        finite(x, "at")?;
        finite(y, "at")?;
        if !facing.is_finite() {
            return Err(TableError::field(
                "facing",
                format!("{facing} is not a finite number of degrees"),
            ));
        }
        Ok(Pose::new(x, y, facing))
    }

    /// Checks a pose's place: finite numbers only (its facing was made finite when it was
    /// built; [`Pose::try_new`] checks the facing as given).
    ///
    /// # Errors
    /// [`TableError::Field`] naming `at` or `facing`.
    pub fn checked(self) -> Result<Pose, TableError> {
        finite(self.at.x, "at")?;
        finite(self.at.y, "at")?;
        finite(self.facing, "facing")?;
        Ok(Pose {
            at: self.at,
            facing: normalize(self.facing),
        })
    }

    /// The unit vector straight ahead.
    pub fn ahead(&self) -> Point {
        heading(self.facing)
    }

    /// The unit vector to the right (90° clockwise of ahead).
    pub fn right(&self) -> Point {
        heading(self.facing + 90.0)
    }

    /// The same pose moved `inches` straight ahead (backwards if negative).
    pub fn advanced(&self, inches: f64) -> Pose {
        Pose {
            at: self.at + self.ahead() * inches,
            facing: self.facing,
        }
    }

    /// The same place, facing `facing`.
    pub fn facing(&self, facing: f64) -> Pose {
        Pose {
            at: self.at,
            facing: normalize(facing),
        }
    }
}

/// The size of a base: frontage (side to side) by depth (front to back), in inches.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "FootprintDef", into = "FootprintDef")]
pub struct Footprint {
    frontage: f64,
    depth: f64,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct FootprintDef {
    frontage: f64,
    depth: f64,
}

impl TryFrom<FootprintDef> for Footprint {
    type Error = TableError;
    fn try_from(d: FootprintDef) -> Result<Self, TableError> {
        Footprint::new(d.frontage, d.depth)
    }
}

impl From<Footprint> for FootprintDef {
    fn from(f: Footprint) -> Self {
        FootprintDef {
            frontage: f.frontage,
            depth: f.depth,
        }
    }
}

impl Footprint {
    /// A base `frontage` wide and `depth` deep.
    ///
    /// # Errors
    /// [`TableError::Field`] naming `frontage` or `depth` unless each is finite and above 0.
    pub fn new(frontage: f64, depth: f64) -> Result<Footprint, TableError> {
        Ok(Footprint {
            frontage: positive(frontage, "frontage")?,
            depth: positive(depth, "depth")?,
        })
    }

    /// Side to side, in inches.
    #[inline]
    pub fn frontage(&self) -> f64 {
        self.frontage
    }

    /// Front to back, in inches.
    #[inline]
    pub fn depth(&self) -> f64 {
        self.depth
    }

    /// The base standing at `pose`.
    #[inline]
    pub fn place(&self, pose: Pose) -> Rect {
        Rect::new(*self, pose)
    }

    /// Half the diagonal: how far a corner sweeps from the centre when the base pivots.
    pub fn pivot_radius(&self) -> f64 {
        self.frontage.hypot(self.depth) / 2.0
    }
}

/// A side of a base.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The front edge, which the facing points out of.
    Front,
    /// The right flank (as the unit sees it).
    Right,
    /// The rear edge.
    Rear,
    /// The left flank.
    Left,
}

/// A field of fire: the region ahead of a base's front edge bounded by lines leaving its two
/// front corners at a half-angle either side of straight ahead, or all round.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Arc {
    half_angle: Option<f64>,
}

impl Arc {
    /// The D3 field of fire: 45° either side of straight ahead (the skirmish rules' 8.1 and 9.1
    /// use the same).
    pub const FRONT_45: Arc = Arc {
        half_angle: Some(45.0),
    };
    /// All round: a D3 unit in a town.
    pub const ALL_ROUND: Arc = Arc { half_angle: None };

    /// An arc of `half_angle` degrees either side of straight ahead from the front edge.
    ///
    /// # Errors
    /// [`TableError::Field`] naming `half_angle` unless it is above 0 and at most 90 (wider
    /// fields would reach behind the front edge: use [`Arc::ALL_ROUND`]).
    pub fn front(half_angle: f64) -> Result<Arc, TableError> {
        if half_angle.is_finite() && half_angle > 0.0 && half_angle <= 90.0 {
            Ok(Arc {
                half_angle: Some(half_angle),
            })
        } else {
            Err(TableError::field(
                "half_angle",
                format!("an arc is above 0° and at most 90° either side, not {half_angle}"),
            ))
        }
    }

    /// The half-angle in degrees, `None` all round.
    pub fn half_angle(&self) -> Option<f64> {
        self.half_angle
    }
}

/// A footprint placed on the table: a rectangle that may be turned to any facing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pose: Pose,
    footprint: Footprint,
    /// Anticlockwise: front-left, rear-left, rear-right, front-right.
    ccw: [Point; 4],
}

impl Rect {
    /// The footprint standing at `pose`.
    pub fn new(footprint: Footprint, pose: Pose) -> Rect {
        let f = pose.ahead() * (footprint.depth / 2.0);
        let r = pose.right() * (footprint.frontage / 2.0);
        let c = pose.at;
        Rect {
            pose,
            footprint,
            ccw: [c + f - r, c - f - r, c - f + r, c + f + r],
        }
    }

    /// Where it stands and faces.
    #[inline]
    pub fn pose(&self) -> Pose {
        self.pose
    }

    /// Its size.
    #[inline]
    pub fn footprint(&self) -> Footprint {
        self.footprint
    }

    /// The centre.
    #[inline]
    pub fn centre(&self) -> Point {
        self.pose.at
    }

    /// The middle of the front edge: where its sight lines start.
    pub fn front_centre(&self) -> Point {
        self.pose.at + self.pose.ahead() * (self.footprint.depth / 2.0)
    }

    /// The corners going clockwise as seen from above: front-left, front-right, rear-right,
    /// rear-left.
    #[inline]
    pub fn corners(&self) -> [Point; 4] {
        let [fl, rl, rr, fr] = self.ccw;
        [fl, fr, rr, rl]
    }

    /// The corners anticlockwise (front-left, rear-left, rear-right, front-right): the form
    /// the polygon routines take.
    #[inline]
    pub fn polygon(&self) -> &[Point; 4] {
        &self.ccw
    }

    /// A side as a segment, running clockwise round the base (the front from front-left to
    /// front-right).
    pub fn edge(&self, side: Side) -> Segment {
        let [fl, fr, rr, rl] = self.corners();
        match side {
            Side::Front => Segment::new(fl, fr),
            Side::Right => Segment::new(fr, rr),
            Side::Rear => Segment::new(rr, rl),
            Side::Left => Segment::new(rl, fl),
        }
    }

    /// The area in square inches.
    pub fn area(&self) -> f64 {
        self.footprint.frontage * self.footprint.depth
    }

    /// Where `p` is in the base's own frame: (inches ahead of the centre, inches to its right).
    pub fn local(&self, p: Point) -> (f64, f64) {
        let v = p - self.pose.at;
        (v.dot(self.pose.ahead()), v.dot(self.pose.right()))
    }

    /// Where `p` lies: inside, on the edge (within [`EPS`]) or outside.
    pub fn locate(&self, p: Point) -> Location {
        let (a, r) = self.local(p);
        let (hd, hf) = (self.footprint.depth / 2.0, self.footprint.frontage / 2.0);
        let out = (a.abs() - hd).max(r.abs() - hf);
        if out > EPS {
            Location::Outside
        } else if out >= -EPS {
            Location::Boundary
        } else {
            Location::Inside
        }
    }

    /// The distance edge to edge to another base: 0 when they touch or overlap (gaps of
    /// [`EPS`] counting as touching).
    ///
    /// Two rectangles apart have their nearest points at a corner of one of them, so the
    /// corners are measured to the other's edges; the general measure of two convex polygons
    /// would ask their edges of each other too. A game asks this thousands of times a turn.
    pub fn distance(&self, other: &Rect) -> f64 {
        if self.gap(other) <= 0.0 {
            return 0.0;
        }
        Rect::apart(self.closest2(other, 0.0))
    }

    /// The distance from the least squared corner-to-edge distance (0 within [`EPS`]).
    fn apart(d2: f64) -> f64 {
        let d = d2.sqrt();
        if d <= EPS {
            0.0
        } else {
            d
        }
    }

    /// Whether `distance(other) <= limit` (no tolerance), stopping at the first corner
    /// plainly that near an edge of the other.
    fn no_farther_than(&self, other: &Rect, limit: f64) -> bool {
        let gap = self.gap(other);
        // the gap is no more than the distance: bases apart by more than it are not within
        if gap > limit {
            return false;
        }
        if gap <= 0.0 {
            return 0.0 <= limit;
        }
        // a corner plainly within the limit of an edge settles it; else the distance as
        // `distance` measures it
        let plainly = if limit >= 0.0 {
            limit * limit * (1.0 - 1e-12)
        } else {
            0.0
        };
        let d2 = self.closest2(other, plainly);
        d2 < plainly || Rect::apart(d2) <= limit
    }

    /// The least squared distance from a corner of either base to an edge of the other (the
    /// distance of two bases that do not overlap), or the first found below `enough`.
    fn closest2(&self, other: &Rect, enough: f64) -> f64 {
        let (pa, pb) = (&self.ccw, &other.ccw);
        let mut d2 = f64::INFINITY;
        for (p, q) in [(pa, pb), (pb, pa)] {
            let edges: [(Point, Point, f64); 4] = std::array::from_fn(|k| {
                let (e0, e1) = (q[k], q[(k + 1) % 4]);
                let e = e1 - e0;
                (e0, e, e.dot(e))
            });
            for v in p {
                for &(e0, e, ee) in &edges {
                    let t = ((*v - e0).dot(e) / ee).clamp(0.0, 1.0);
                    let w = *v - (e0 + e * t);
                    d2 = d2.min(w.dot(w));
                    if d2 < enough {
                        return d2;
                    }
                }
            }
        }
        d2
    }

    /// Whether another base is within `limit` inches, edge to edge, boundary included
    /// ([`within`](crate::within)): the same answer as measuring the distance, settled first
    /// by circles and the separating-axis gap where they can (most answers are plain).
    pub fn is_within(&self, other: &Rect, limit: f64) -> bool {
        if let Some(plain) = self.within_by_circles(other, limit) {
            return plain;
        }
        // `within` is the distance no farther than the limit and its tolerance
        self.no_farther_than(other, limit + EPS)
    }

    /// Whether another base is within `limit` inches edge to edge, when circles settle it:
    /// `Some(false)` when the centres are farther apart than the limit and both circumscribed
    /// radii, `Some(true)` when the inscribed circles are within it, `None` otherwise.
    fn within_by_circles(&self, other: &Rect, limit: f64) -> Option<bool> {
        let d = self.centre().dist(other.centre());
        let (fa, fb) = (self.footprint, other.footprint);
        let outer = (fa.frontage() * fa.frontage() + fa.depth() * fa.depth()).sqrt() / 2.0
            + (fb.frontage() * fb.frontage() + fb.depth() * fb.depth()).sqrt() / 2.0;
        if d > limit + outer + 1e-3 {
            return Some(false);
        }
        let inner = fa.frontage().min(fa.depth()) / 2.0 + fb.frontage().min(fb.depth()) / 2.0;
        (d - inner <= limit - 1e-9).then_some(true)
    }

    /// The separating-axis gap of two bases on the directions of their edges: positive when
    /// they are apart (no more than the distance between them), negative when they overlap.
    /// A rectangle's opposite edges give the same gap, so two directions a base are asked,
    /// not four as for a general polygon.
    fn gap(&self, other: &Rect) -> f64 {
        // a rectangle's shadow on a direction is its centre's, give or take its half depth and
        // half frontage each weighted by how far the direction turns from its own
        let (a, b) = (self.frame(), other.frame());
        let dc = other.centre() - self.centre();
        let shadow = |(ahead, right, hd, hw): (Point, Point, f64, f64), n: Point| {
            hd * ahead.dot(n).abs() + hw * right.dot(n).abs()
        };
        [a.0, a.1, b.0, b.1]
            .into_iter()
            .map(|n| dc.dot(n).abs() - shadow(a, n) - shadow(b, n))
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// The unit vectors ahead and to the right, and the half depth and half frontage, from
    /// the corners (no sine or cosine again).
    fn frame(&self) -> (Point, Point, f64, f64) {
        let [fl, rl, _, fr] = self.ccw;
        let fp = self.footprint;
        (
            (fl - rl) * (1.0 / fp.depth()),
            (fr - fl) * (1.0 / fp.frontage()),
            fp.depth() / 2.0,
            fp.frontage() / 2.0,
        )
    }

    /// The distance from the straight line `from`–`to` to this base (0 if the line runs into
    /// it): a base whose centre follows that line stays at least this far, less its
    /// half-diagonal, from this one, which settles most questions of a move without the exact
    /// geometry of the moving base.
    pub fn distance_to_path(&self, from: Point, to: Point) -> f64 {
        let [fl, rl, _, fr] = self.ccw;
        let fp = self.footprint;
        let (hd, hw) = (fp.depth() / 2.0, fp.frontage() / 2.0);
        let ahead = (fl - rl) * (1.0 / fp.depth());
        let right = (fr - fl) * (1.0 / fp.frontage());
        let c = self.centre();
        let local = |p: Point| {
            let v = p - c;
            Point::new(v.dot(ahead), v.dot(right))
        };
        let (p, q) = (local(from), local(to));
        // does the line enter the box [-hd, hd] x [-hw, hw]? (Liang-Barsky)
        let d = q - p;
        let (mut t0, mut t1) = (0.0f64, 1.0f64);
        let mut inside = true;
        for (dp, lo, hi, x) in [(d.x, -hd, hd, p.x), (d.y, -hw, hw, p.y)] {
            if dp.abs() < 1e-12 {
                if x < lo || x > hi {
                    inside = false;
                }
            } else {
                let (a, b) = ((lo - x) / dp, (hi - x) / dp);
                let (a, b) = if a < b { (a, b) } else { (b, a) };
                t0 = t0.max(a);
                t1 = t1.min(b);
            }
        }
        if inside && t0 <= t1 {
            return 0.0;
        }
        let to_box =
            |v: Point| Point::new((v.x.abs() - hd).max(0.0), (v.y.abs() - hw).max(0.0)).len();
        let seg = Segment::new(p, q);
        [
            Point::new(hd, hw),
            Point::new(hd, -hw),
            Point::new(-hd, hw),
            Point::new(-hd, -hw),
        ]
        .into_iter()
        .map(|k| seg.distance_to_point(k))
        .fold(to_box(p).min(to_box(q)), f64::min)
    }

    /// Whether this base, moving straight to `to` holding its facing, passes through `other`
    /// (the ground it sweeps overlaps `other` by more than a touch): the same answer as
    /// [`sweep`] and [`Shape::overlaps_shape`]. The swept ground is the base stretched along
    /// the move, so its edges run along the base's own two directions and along the move: the
    /// separating-axis test on those and `other`'s, with this base's extent on each stretched
    /// by the move, needs no hull.
    pub fn sweeps_through(&self, to: Point, other: &Rect) -> bool {
        let (pa, pb) = (&self.ccw, &other.ccw);
        let m = to - self.centre();
        let mut axes: [Option<Point>; 5] = [None; 5];
        for (k, poly) in [pa, pb].into_iter().enumerate() {
            for e in 0..2 {
                let d = poly[e + 1] - poly[e];
                let l = d.len();
                if l > 0.0 {
                    axes[k * 2 + e] = Some(Point::new(d.y / l, -d.x / l));
                }
            }
        }
        let l = m.len();
        if l > EPS {
            axes[4] = Some(Point::new(m.y / l, -m.x / l));
        }
        let mut best = f64::NEG_INFINITY;
        for axis in axes.into_iter().flatten() {
            let span = |ps: &[Point; 4]| {
                ps.iter()
                    .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| {
                        (lo.min(p.dot(axis)), hi.max(p.dot(axis)))
                    })
            };
            let ((amin, amax), (bmin, bmax)) = (span(pa), span(pb));
            let shift = m.dot(axis);
            let (amin, amax) = (amin + shift.min(0.0), amax + shift.max(0.0));
            best = best.max((bmin - amax).max(amin - bmax));
        }
        best < -EPS
    }

    /// The distance from the nearest point of the base to `p` (0 inside or on it).
    pub fn distance_to_point(&self, p: Point) -> f64 {
        convex_point_distance(&self.ccw, p)
    }

    /// Where a straight line runs through the base's interior, as inches from the line's start
    /// `(enter, leave)`, measured against the base shrunk by [`EPS`]; `None` if it misses or
    /// only grazes (runs along an edge or touches a corner). A round shot's line of fire meets
    /// the bases it passes through in the order of `enter`.
    pub fn crossed_by(&self, line: &Segment) -> Option<(f64, f64)> {
        let len = line.len();
        segment_in_convex(line, &self.ccw).map(|(t0, t1)| (t0 * len, t1 * len))
    }

    /// Whether two bases share more than a touch: one reaches more than [`EPS`] into the
    /// other. Bases touching edge to edge or corner to corner do not overlap.
    pub fn overlaps(&self, other: &Rect) -> bool {
        self.gap(other) < -EPS
    }

    /// Whether two bases touch: distance 0 without overlapping.
    pub fn touches(&self, other: &Rect) -> bool {
        !self.overlaps(other) && self.distance(other) == 0.0
    }

    /// Which side of this base faces `p`: the four zones are cut by the base's diagonals,
    /// extended. A point exactly on a diagonal counts as in front if the diagonal is a front
    /// one, else on the flank, never the rear: a charge must be clearly behind to be on the
    /// rear, clearly beside to be on the flank.
    pub fn side_towards(&self, p: Point) -> Side {
        let (a, r) = self.local(p);
        // scaled so that the diagonals become the lines |u| = |v|
        let u = a / (self.footprint.depth / 2.0);
        let v = r / (self.footprint.frontage / 2.0);
        let tol = 1e-9 * (1.0 + u.abs().max(v.abs()));
        if u >= v.abs() - tol {
            Side::Front
        } else if v.abs() >= -u - tol {
            if v > 0.0 {
                Side::Right
            } else {
                Side::Left
            }
        } else {
            Side::Rear
        }
    }

    /// The boundary lines of this base's arc, each as (a point, a direction) with the arc to
    /// its left; none all round.
    fn arc_lines(&self, arc: Arc) -> Option<[(Point, Point); 3]> {
        let half = arc.half_angle?;
        let [fl, fr, _, _] = self.corners();
        let (ahead, right) = (self.pose.ahead(), self.pose.right());
        let (s, c) = crate::geom::sin_cos_degrees(half);
        let right_ray = ahead * c + right * s;
        let left_ray = ahead * c - right * s;
        // the region is what lies to the left of each line: the front edge's line run
        // left-to-right, the right ray out of the front-right corner, and the left ray out of
        // the front-left corner run backwards
        Some([(fl, right), (fr, right_ray), (fl, -left_ray)])
    }

    /// Whether `p` lies in this base's arc, the boundary lines included (within [`EPS`]).
    pub fn arc_contains(&self, p: Point, arc: Arc) -> bool {
        match self.arc_lines(arc) {
            None => true,
            Some(lines) => lines.iter().all(|(a, dir)| dir.cross(p - *a) >= -EPS),
        }
    }

    /// The part of the table inside this base's arc, as an anticlockwise polygon (empty if
    /// none of it is): what a drawing shades for the selected unit, and where an AI looks for
    /// targets.
    pub fn arc_area(&self, arc: Arc, bounds: &Bounds) -> Vec<Point> {
        let (w, d) = (bounds.width(), bounds.depth());
        let table = [
            Point::new(0.0, 0.0),
            Point::new(w, 0.0),
            Point::new(w, d),
            Point::new(0.0, d),
        ];
        match self.arc_lines(arc) {
            None => table.to_vec(),
            Some(lines) => cut_by_half_planes(&table, &lines),
        }
    }

    /// Whether any part of `other` lies in this base's arc, the boundary lines included: a
    /// target whose corner sits exactly on the 45° line is in the arc.
    pub fn in_arc(&self, other: &Rect, arc: Arc) -> bool {
        match self.arc_lines(arc) {
            None => true,
            Some(lines) => meets_half_planes(&other.ccw, &lines),
        }
    }

    /// How far this base can move straight towards `to`, without turning, before it comes
    /// within `limit` inches of `other` (edge to edge): 0 if it already is, `None` if it never
    /// is before reaching `to`. With `limit` 0 this is where it makes contact; with 6, where a
    /// D3 move must stop near an enemy.
    ///
    /// Exact: the moving base is within `limit` of `other` when its offset `s·v` lies within
    /// `limit` of the convex set of differences `other − self`, so the answer is where the path
    /// first meets that set grown by `limit` (its edges pushed out, its corners rounded). The
    /// edges of that set are edges of one base shifted by a corner of the other, and its corners
    /// are differences of corners, so the path is met first on one of these: each edge of
    /// `other` shifted by the corners of `self` lowest along its outward normal, each edge of
    /// `self` (reversed) shifted by the corners of `other` highest along its outward normal,
    /// pushed out by `limit`, with the rounded corners at their ends. Every such point lies
    /// within `limit` of the set and its boundary is among them, so the nearest hit is the
    /// answer; no hull of the sixteen differences is built.
    pub fn first_within(&self, to: Point, other: &Rect, limit: f64) -> Option<f64> {
        let limit = if limit.is_finite() {
            limit.max(0.0)
        } else {
            return None;
        };
        if self
            .within_by_circles(other, limit)
            .unwrap_or_else(|| self.no_farther_than(other, limit))
        {
            return Some(0.0);
        }
        let path = to - self.centre();
        let length = path.len();
        if length <= EPS {
            return None;
        }
        let v = path * (1.0 / length);
        let (pa, pb) = (self.ccw, other.ccw);
        let mut first = f64::INFINITY;
        let mut edge = |p: Point, q: Point, n: Point| {
            let out = n * limit;
            let (e0, e1) = (p + out, q + out);
            let d = e1 - e0;
            let den = v.cross(d);
            if den.abs() > 1e-15 {
                let s = e0.cross(d) / den;
                let u = e0.cross(v) / den;
                if s >= 0.0 && (0.0..=1.0).contains(&u) {
                    first = first.min(s);
                }
            }
            // the rounded corners at its ends: |s v − c| = limit
            if limit > 0.0 {
                for c in [p, q] {
                    let bq = v.dot(c);
                    let disc = bq * bq - (c.dot(c) - limit * limit);
                    if disc >= 0.0 {
                        let s = bq - disc.sqrt();
                        if s >= 0.0 {
                            first = first.min(s);
                        }
                    }
                }
            }
        };
        // `sign` 1: edges of `other`, shifted by the corners of `self` lowest along the normal
        // (minus them); `sign` -1: edges of `self` reversed, shifted by the corners of `other`
        // highest along the normal
        for (own, them, sign) in [(&pb, &pa, 1.0), (&pa, &pb, -1.0)] {
            for k in 0..4 {
                let (p, q) = (own[k] * sign, own[(k + 1) % 4] * sign);
                let d = q - p;
                let l = d.len();
                if l == 0.0 {
                    continue;
                }
                let n = Point::new(d.y / l, -d.x / l);
                let reach = |c: &Point| n.dot(*c * -sign);
                let best = them.iter().map(reach).fold(f64::NEG_INFINITY, f64::max);
                for c in them.iter().filter(|c| reach(c) >= best - 1e-9) {
                    let shift = *c * -sign;
                    edge(p + shift, q + shift, n);
                }
            }
        }
        (first <= length + EPS).then_some(first.min(length))
    }
}

mod sealed {
    /// Only this crate's shapes, whose points are convex and anticlockwise by construction.
    pub trait Sealed {}
    impl Sealed for super::Rect {}
    impl Sealed for super::Sweep {}
}

/// A convex shape the terrain questions take: a base ([`Rect`]) or the ground a move sweeps
/// ([`Sweep`]). Its points run anticlockwise. Sealed: the routines rely on that shape, so
/// only this crate's types have it.
pub trait Shape: sealed::Sealed {
    /// The corners, anticlockwise, convex.
    fn convex(&self) -> &[Point];

    /// Whether two shapes share more than a touch (one reaches more than [`EPS`] into the
    /// other): a move whose swept ground overlaps a base passes through it.
    fn overlaps_shape<S: Shape + ?Sized>(&self, other: &S) -> bool {
        let (a, b) = (self.convex(), other.convex());
        a.len() >= 3 && b.len() >= 3 && sat_gap(a, b) < -EPS
    }

    /// The distance between two shapes, edge to edge: 0 when they touch or overlap.
    fn distance_to_shape<S: Shape + ?Sized>(&self, other: &S) -> f64 {
        convex_distance(self.convex(), other.convex())
    }
}

impl Shape for Rect {
    fn convex(&self) -> &[Point] {
        &self.ccw
    }
}

/// The ground a base covers while it moves straight from one point to another holding one
/// facing: the hull of the base at both ends.
#[derive(Clone, Debug, PartialEq)]
pub struct Sweep {
    hull: Vec<Point>,
}

impl Shape for Sweep {
    fn convex(&self) -> &[Point] {
        &self.hull
    }
}

impl Sweep {
    /// The corners of the swept ground, anticlockwise.
    pub fn points(&self) -> &[Point] {
        &self.hull
    }
}

/// The ground a base covers while it moves straight from `from` to `to` holding `facing`. The
/// D3 text's pivots happen in place at the start and end; a game that wants them checked adds
/// a circle of [`Footprint::pivot_radius`].
pub fn sweep(footprint: Footprint, from: Point, to: Point, facing: f64) -> Sweep {
    let a = footprint.place(Pose { at: from, facing });
    let b = footprint.place(Pose { at: to, facing });
    let mut pts = a.ccw.to_vec();
    pts.extend_from_slice(&b.ccw);
    Sweep {
        hull: convex_hull(&pts),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{edges, signed_area2};

    /// The general answer of [`Rect::first_within`]: where the path meets the hull of the
    /// sixteen differences of corners, grown by `limit`. The rectangle-specific measure is
    /// held to it.
    fn first_within_by_hull(a: &Rect, to: Point, other: &Rect, limit: f64) -> Option<f64> {
        let limit = if limit.is_finite() {
            limit.max(0.0)
        } else {
            return None;
        };
        if convex_distance(&a.ccw, &other.ccw) <= limit {
            return Some(0.0);
        }
        let path = to - a.pose.at;
        let length = path.len();
        if length <= EPS {
            return None;
        }
        let v = path * (1.0 / length);
        let mut diffs = Vec::with_capacity(16);
        for b in other.ccw {
            for c in a.ccw {
                diffs.push(b - c);
            }
        }
        let m = convex_hull(&diffs);
        let mut first = f64::INFINITY;
        for e in edges(&m) {
            let d = e.b - e.a;
            let l = d.len();
            if l == 0.0 {
                continue;
            }
            // the edge pushed out by `limit` along its outward normal (right of an
            // anticlockwise edge)
            let out = Point::new(d.y / l, -d.x / l) * limit;
            let (a, b) = (e.a + out, e.b + out);
            let den = v.cross(b - a);
            if den.abs() > 1e-15 {
                let s = a.cross(b - a) / den;
                let u = a.cross(v) / den;
                if s >= 0.0 && (0.0..=1.0).contains(&u) {
                    first = first.min(s);
                }
            }
            // the rounded corner at the edge's start: |s v − a| = limit
            if limit > 0.0 {
                let bq = v.dot(e.a);
                let disc = bq * bq - (e.a.dot(e.a) - limit * limit);
                if disc >= 0.0 {
                    let s = bq - disc.sqrt();
                    if s >= 0.0 {
                        first = first.min(s);
                    }
                }
            }
        }
        (first <= length + EPS).then_some(first.min(length))
    }

    fn random_pair(
        r: &mut impl FnMut(f64, f64) -> f64,
        square: (f64, f64),
        room: f64,
    ) -> (Rect, Rect) {
        let fa = Footprint::new(r(1.0, 4.0), r(1.0, 4.0)).unwrap();
        let fb = Footprint::new(r(1.0, 4.0), r(1.0, 4.0)).unwrap();
        // now and then square to each other, where edges line up exactly
        let (ta, tb) = if r(0.0, 1.0) < 0.2 {
            square
        } else {
            (r(0.0, 360.0), r(0.0, 360.0))
        };
        (
            fa.place(Pose::new(r(0.0, room), r(0.0, room), ta)),
            fb.place(Pose::new(r(0.0, room), r(0.0, room), tb)),
        )
    }

    fn uniform(seed: u64) -> impl FnMut(f64, f64) -> f64 {
        let mut state = seed;
        move |lo: f64, hi: f64| {
            // splitmix64: the table crate has no dice of its own
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^= z >> 31;
            lo + (hi - lo) * (z % 1_000_000) as f64 / 1_000_000.0
        }
    }

    /// The 6" stop measured without a hull gives the hull's answer, on bases of every size
    /// turned every way and moves in every direction.
    #[test]
    fn first_within_agrees_with_the_hull_of_differences() {
        let mut r = uniform(7);
        let mut hits = 0;
        for _ in 0..20_000 {
            let (a, b) = random_pair(&mut r, (90.0, 270.0), 20.0);
            let to = Point::new(r(-10.0, 30.0), r(-10.0, 30.0));
            let limit = [0.0, 6.0, r(0.0, 8.0)][(r(0.0, 2.999)) as usize];
            let (mine, hull) = (
                a.first_within(to, &b, limit),
                first_within_by_hull(&a, to, &b, limit),
            );
            match (mine, hull) {
                (Some(x), Some(y)) => {
                    assert!(
                        (x - y).abs() < 1e-7,
                        "{a:?} {b:?} {to:?} {limit}: {x} against {y}"
                    );
                    hits += 1;
                }
                (None, None) => {}
                _ => panic!("{a:?} {b:?} {to:?} {limit}: {mine:?} against {hull:?}"),
            }
        }
        assert!(hits > 2_000, "{hits}");
    }

    /// The rectangle-specific measures of two bases give the general answers for convex
    /// polygons (distance, separating-axis overlap, the swept hull, a segment's distance).
    #[test]
    fn rectangle_measures_agree_with_the_polygon_ones() {
        let mut r = uniform(9);
        for _ in 0..20_000 {
            let (a, b) = random_pair(&mut r, (0.0, 90.0), 12.0);
            let limit = r(0.0, 7.0);
            let general = convex_distance(&a.ccw, &b.ccw);
            assert!((a.distance(&b) - general).abs() < 1e-9, "{a:?} {b:?}");
            assert_eq!(
                a.is_within(&b, limit),
                crate::geom::within(general, limit),
                "{a:?} {b:?} {limit}"
            );
            assert_eq!(
                a.overlaps(&b),
                sat_gap(&a.ccw, &b.ccw) < -EPS,
                "{a:?} {b:?}"
            );
            let to = Point::new(r(-6.0, 18.0), r(-6.0, 18.0));
            let swept = sweep(a.footprint(), a.centre(), to, a.pose().facing);
            assert_eq!(
                a.sweeps_through(to, &b),
                swept.overlaps_shape(&b),
                "{a:?} {b:?} {to:?}"
            );
            let line = Segment::new(a.centre(), to);
            let along = edges(&b.ccw)
                .map(|e| line.distance_to_segment(&e))
                .fold(convex_point_distance(&b.ccw, a.centre()), f64::min);
            assert!(
                (b.distance_to_path(a.centre(), to) - along).abs() < 1e-9,
                "{a:?} {b:?} {to:?}"
            );
        }
    }

    fn base(x: f64, y: f64, facing: f64) -> Rect {
        // a D3-sized unit: 4" frontage, 2" deep (the size the game crate will choose is its own)
        Footprint::new(4.0, 2.0)
            .unwrap()
            .place(Pose::new(x, y, facing))
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn corners_follow_the_facing() {
        let north = base(10.0, 10.0, 0.0);
        let [fl, fr, rr, rl] = north.corners();
        assert_eq!(
            (fl, fr, rr, rl),
            (
                Point::new(8.0, 11.0),
                Point::new(12.0, 11.0),
                Point::new(12.0, 9.0),
                Point::new(8.0, 9.0)
            )
        );
        assert_eq!(north.front_centre(), Point::new(10.0, 11.0));
        // facing east: the front is the east edge, the left flank is the north side
        let east = base(10.0, 10.0, 90.0);
        let [fl, fr, rr, rl] = east.corners();
        assert!(close(fl.x, 11.0) && close(fl.y, 12.0), "{fl:?}");
        assert!(close(fr.x, 11.0) && close(fr.y, 8.0), "{fr:?}");
        assert!(close(rr.x, 9.0) && close(rr.y, 8.0), "{rr:?}");
        assert!(close(rl.x, 9.0) && close(rl.y, 12.0), "{rl:?}");
        let front = east.edge(Side::Front);
        assert!(close(front.len(), 4.0) && close(east.edge(Side::Left).len(), 2.0));
        assert!(signed_area2(east.polygon()) > 0.0, "anticlockwise");
        assert!(close(east.area(), 8.0));
    }

    #[test]
    fn bases_that_touch_are_at_distance_0_and_do_not_overlap() {
        let a = base(10.0, 10.0, 0.0);
        // side by side, flank to flank: centres 4" apart
        let b = base(14.0, 10.0, 0.0);
        assert_eq!(a.distance(&b), 0.0);
        assert!(!a.overlaps(&b) && a.touches(&b));
        // front to front, facing each other: centres 2" apart
        let c = base(10.0, 12.0, 180.0);
        assert_eq!(a.distance(&c), 0.0);
        assert!(a.touches(&c));
        // corner to corner only
        let d = base(14.0, 12.0, 0.0);
        assert_eq!(a.distance(&d), 0.0);
        assert!(a.touches(&d));
        // a gap within the tolerance still touches; a hair more than it does not
        assert!(a.touches(&base(14.0 + 0.5 * EPS, 10.0, 0.0)));
        assert!(!a.touches(&base(14.0 + 3.0 * EPS, 10.0, 0.0)));
        // pushed in by a tenth of an inch: overlap
        let e = base(13.9, 10.0, 0.0);
        assert!(a.overlaps(&e) && !a.touches(&e));
        assert_eq!(a.distance(&e), 0.0);
    }

    #[test]
    fn distances_between_turned_bases_are_edge_to_edge() {
        let a = base(10.0, 10.0, 0.0);
        // straight ahead, 6" between front edge (y=11) and the other's rear edge (y=17)
        assert!(close(a.distance(&base(10.0, 18.0, 0.0)), 6.0));
        // a base turned 45° whose nearest corner points at a's front edge: its centre at
        // (10, 11 + 3 + h) where h is half its diagonal-ish reach along y. A 4×2 base turned
        // 45°: the corner reaching furthest south is the rear-right one at (±2, −1) turned,
        // i.e. y offset −(2 sin45 + 1 cos45) = −3/√2. So the gap is 3.
        let h = 3.0 / 2f64.sqrt();
        let b = base(10.0, 11.0 + 3.0 + h, 45.0);
        assert!(close(a.distance(&b), 3.0), "{}", a.distance(&b));
        assert!(close(b.distance(&a), 3.0));
        // corner to corner on the diagonal: a's front-right (12, 11) to the other's rear-left
        // corner 3 east and 4 north: 5
        let c = base(12.0 + 3.0 + 2.0, 11.0 + 4.0 + 1.0, 0.0);
        assert!(close(a.distance(&c), 5.0));
        // both turned by 90°: the far flank of one to the other's front, 2.5" apart
        let d = base(0.0, 0.0, 90.0); // spans x −1..1, y −2..2
        let e = base(4.5, 0.0, 270.0); // spans x 3.5..5.5
        assert!(close(d.distance(&e), 2.5));
        assert!(
            close(d.distance_to_point(Point::new(4.0, 6.0)), 5.0),
            "(1,2) to (4,6)"
        );
    }

    #[test]
    fn the_arc_runs_45_degrees_out_from_the_front_corners() {
        let a = base(10.0, 10.0, 0.0); // front edge y = 11 from x = 8 to 12
        let small = Footprint::new(1.0, 1.0).unwrap();
        // straight ahead
        assert!(a.in_arc(&base(10.0, 20.0, 180.0), Arc::FRONT_45));
        // the right boundary runs from (12, 11) at 45°: the points (12 + k, 11 + k)
        assert!(
            a.arc_contains(Point::new(17.0, 16.0), Arc::FRONT_45),
            "exactly on the boundary"
        );
        assert!(!a.arc_contains(Point::new(17.001, 16.0), Arc::FRONT_45));
        assert!(
            a.arc_contains(Point::new(3.0, 16.0), Arc::FRONT_45),
            "on the left boundary"
        );
        assert!(!a.arc_contains(Point::new(2.999, 16.0), Arc::FRONT_45));
        // a 1" square whose south-west corner is exactly on the right boundary, and the rest
        // outside it: in the arc (the boundary counts)
        // the square spans x 17..18, y 15..16
        let on = small.place(Pose::new(17.5, 15.5, 0.0));
        // (17, 15) is below the line y = x − 1 (which passes through (17, 16)): outside, but
        // its north-west corner (17, 16) lies on it
        assert!(a.in_arc(&on, Arc::FRONT_45));
        let off = small.place(Pose::new(17.5 + 0.01, 15.5, 0.0));
        assert!(!a.in_arc(&off, Arc::FRONT_45));
        // behind the front edge is never in a front arc, even when close
        assert!(!a.in_arc(&base(10.0, 5.0, 0.0), Arc::FRONT_45));
        assert!(a.in_arc(&base(10.0, 5.0, 0.0), Arc::ALL_ROUND));
        // touching the front edge counts
        assert!(a.in_arc(&base(10.0, 12.0, 180.0), Arc::FRONT_45));
        // a 90° half-angle arc is everything ahead of the front edge's line
        let wide = Arc::front(90.0).unwrap();
        assert!(a.arc_contains(Point::new(100.0, 11.0), wide));
        assert!(!a.arc_contains(Point::new(100.0, 10.9), wide));
        assert!(
            Arc::front(0.0).is_err() && Arc::front(91.0).is_err() && Arc::front(f64::NAN).is_err()
        );
    }

    #[test]
    fn the_arc_on_the_table_is_a_trapezium_cut_by_its_edges() {
        let bounds = Bounds::new(72.0, 48.0).unwrap();
        // front edge y = 11 from x = 8 to 12; the 45° lines reach the north edge (y = 48) at
        // x = 8 − 37 = −29 (beyond the west edge, which cuts them at y = 19) and x = 12 + 37 =
        // 49. The area: the band 11..48 between x = 0 and the right line, less the triangle
        // left of the left line (0, 11)–(8, 11)–(0, 19).
        let a = base(10.0, 10.0, 0.0);
        let area = signed_area2(&a.arc_area(Arc::FRONT_45, &bounds)) / 2.0;
        let band = (12.0 + 49.0) / 2.0 * 37.0; // the trapezium x = 0 .. right line
        assert!(close(area, band - 32.0), "{area}");
        assert!(close(
            signed_area2(&a.arc_area(Arc::ALL_ROUND, &bounds)) / 2.0,
            72.0 * 48.0
        ));
        // a base at the north edge facing north has no table in its arc beyond the edge line
        let edge = base(10.0, 47.0, 0.0);
        assert!(signed_area2(&edge.arc_area(Arc::FRONT_45, &bounds)).abs() < 1e-9);
    }

    #[test]
    fn the_arc_turns_with_the_base() {
        // facing east: front edge x = 11 from y = 8 to 12; the right boundary goes south-east
        let a = base(10.0, 10.0, 90.0);
        assert!(
            a.arc_contains(Point::new(16.0, 3.0), Arc::FRONT_45),
            "(11+5, 8−5) on the line"
        );
        assert!(!a.arc_contains(Point::new(16.0, 2.99), Arc::FRONT_45));
        assert!(!a.arc_contains(Point::new(10.0, 10.0), Arc::FRONT_45));
    }

    #[test]
    fn the_side_facing_a_point_is_cut_by_the_diagonals() {
        let a = base(10.0, 10.0, 0.0); // diagonals through (±2, ±1) from the centre
        assert_eq!(a.side_towards(Point::new(10.0, 20.0)), Side::Front);
        assert_eq!(a.side_towards(Point::new(30.0, 10.0)), Side::Right);
        assert_eq!(a.side_towards(Point::new(-5.0, 11.0)), Side::Left);
        assert_eq!(a.side_towards(Point::new(10.0, 0.0)), Side::Rear);
        // exactly on the front-right diagonal: front; on the rear-right one: flank
        assert_eq!(a.side_towards(Point::new(14.0, 12.0)), Side::Front);
        assert_eq!(a.side_towards(Point::new(14.0, 8.0)), Side::Right);
        assert_eq!(a.side_towards(Point::new(14.0, 8.1)), Side::Right);
        assert_eq!(a.side_towards(Point::new(14.0, 7.9)), Side::Rear);
    }

    #[test]
    fn a_move_stops_where_it_first_comes_within_reach() {
        let a = base(10.0, 10.0, 0.0); // front edge y = 11, x 8..12
        let ahead = base(10.0, 30.0, 0.0); // rear edge y = 29: 18" away
        let to = Point::new(10.0, 40.0);
        assert!(close(a.first_within(to, &ahead, 6.0).unwrap(), 12.0));
        assert!(
            close(a.first_within(to, &ahead, 0.0).unwrap(), 18.0),
            "contact"
        );
        assert_eq!(
            a.first_within(Point::new(10.0, 20.0), &ahead, 6.0)
                .map(|s| close(s, 10.0)),
            None,
            "stops short"
        );
        assert_eq!(
            a.first_within(to, &base(10.0, 14.0, 0.0), 6.0),
            Some(0.0),
            "already within"
        );
        // beside the path: x 18..22, 6" east of the moving base's flank. It is exactly 6" away
        // once the bases are level (18" along); within 7" when the corner-to-corner distance
        // √(6² + g²) reaches 7, g = √13 short of level
        let side = base(20.0, 30.0, 0.0);
        assert!(close(a.first_within(to, &side, 6.0).unwrap(), 18.0));
        assert!(close(
            a.first_within(to, &side, 7.0).unwrap(),
            18.0 - 13f64.sqrt()
        ));
        assert_eq!(a.first_within(to, &side, 5.9), None);
        // the moving base turned, the other turned: the answer is where the distance reaches
        // the limit, checked by measuring there
        let turned = base(30.0, 30.0, 30.0);
        let mover = base(5.0, 5.0, 70.0);
        let s = mover
            .first_within(Point::new(40.0, 40.0), &turned, 3.0)
            .unwrap();
        let dir = (Point::new(40.0, 40.0) - mover.centre()) * (1.0 / Point::new(35.0, 35.0).len());
        let there = Footprint::new(4.0, 2.0).unwrap().place(Pose {
            at: mover.centre() + dir * s,
            facing: 70.0,
        });
        assert!(
            (there.distance(&turned) - 3.0).abs() < 1e-9,
            "{}",
            there.distance(&turned)
        );
        let before = Footprint::new(4.0, 2.0).unwrap().place(Pose {
            at: mover.centre() + dir * (s - 0.01),
            facing: 70.0,
        });
        assert!(before.distance(&turned) > 3.0);
        assert_eq!(a.first_within(to, &ahead, f64::NAN), None);
    }

    #[test]
    fn a_move_passes_through_the_bases_its_sweep_overlaps() {
        let fp = Footprint::new(4.0, 2.0).unwrap();
        // north 20" from (10, 10): the sweep spans x 8..12, y 9..31
        let s = sweep(fp, Point::new(10.0, 10.0), Point::new(10.0, 30.0), 0.0);
        assert!(
            s.overlaps_shape(&base(10.0, 20.0, 90.0)),
            "standing in the path"
        );
        assert!(
            s.overlaps_shape(&base(13.9, 20.0, 0.0)),
            "a tenth of an inch into the path"
        );
        assert!(
            !s.overlaps_shape(&base(14.0, 20.0, 0.0)),
            "beside the path, touching"
        );
        assert_eq!(s.distance_to_shape(&base(14.0, 20.0, 0.0)), 0.0);
        assert!(close(s.distance_to_shape(&base(17.0, 20.0, 0.0)), 3.0));
        assert!(
            !s.overlaps_shape(&base(10.0, 33.0, 0.0)),
            "just beyond the end: rear edge y = 32"
        );
        assert!(close(
            base(10.0, 10.0, 0.0).distance_to_shape(&base(10.0, 20.0, 0.0)),
            8.0
        ));
        // within 8" edge to edge: exactly 8 is within, 8.01 is not, also when the bases are
        // turned so that the separating-axis gap falls short of the distance
        assert!(base(10.0, 10.0, 0.0).is_within(&base(10.0, 20.0, 0.0), 8.0));
        assert!(!base(10.0, 10.0, 0.0).is_within(&base(10.0, 20.01, 0.0), 8.0));
        let (a, b) = (base(0.0, 0.0, 0.0), base(10.0, 10.0, 45.0));
        assert!(a.is_within(&b, a.distance(&b)));
        assert!(!a.is_within(&b, a.distance(&b) - 0.01));
    }

    #[test]
    fn a_line_of_fire_meets_the_bases_it_passes_through() {
        let line = Segment::new(Point::new(0.0, 10.0), Point::new(40.0, 10.0));
        let (enter, leave) = base(20.0, 10.0, 0.0).crossed_by(&line).unwrap();
        assert!((enter - 18.0).abs() < 1e-5 && (leave - 22.0).abs() < 1e-5);
        // turned 90°: 2" deep along the line
        let (enter, leave) = base(30.0, 10.0, 90.0).crossed_by(&line).unwrap();
        assert!((enter - 29.0).abs() < 1e-5 && (leave - 31.0).abs() < 1e-5);
        assert_eq!(
            base(20.0, 11.0, 0.0).crossed_by(&line),
            None,
            "along its rear edge"
        );
        assert_eq!(base(20.0, 12.0, 0.0).crossed_by(&line), None);
    }

    #[test]
    fn a_sweep_covers_the_base_at_both_ends() {
        let fp = Footprint::new(4.0, 2.0).unwrap();
        let s = sweep(fp, Point::new(10.0, 10.0), Point::new(10.0, 16.0), 0.0);
        let s = s.points();
        // straight ahead 6": a 4 × 8 rectangle
        assert_eq!(s.len(), 4);
        assert!(close(signed_area2(s) / 2.0, 32.0));
        let still = sweep(fp, Point::new(10.0, 10.0), Point::new(10.0, 10.0), 30.0);
        assert!(close(signed_area2(still.points()) / 2.0, 8.0));
        assert_eq!(still.convex().len(), 4);
        assert!(close(fp.pivot_radius(), 5f64.sqrt()));
    }

    #[test]
    fn sizes_and_poses_from_data_must_be_finite() {
        assert_eq!(
            Footprint::new(0.0, 2.0).unwrap_err().to_string(),
            "frontage: must be above 0 inches, not 0"
        );
        assert!(Footprint::new(4.0, f64::NAN)
            .unwrap_err()
            .to_string()
            .starts_with("depth:"));
        assert!(Pose {
            at: Point::new(f64::INFINITY, 0.0),
            facing: 0.0
        }
        .checked()
        .is_err());
        assert_eq!(
            Pose {
                at: Point::new(1.0, 2.0),
                facing: -90.0
            }
            .checked()
            .unwrap()
            .facing,
            270.0
        );
        // a facing that is not a number is refused as given, not read as 0
        for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            assert_eq!(
                Pose::try_new(1.0, 2.0, bad).unwrap_err().to_string(),
                format!("facing: {bad} is not a finite number of degrees")
            );
        }
        assert!(Pose::try_new(f64::NAN, 2.0, 0.0)
            .unwrap_err()
            .to_string()
            .starts_with("at:"));
        assert_eq!(Pose::try_new(1.0, 2.0, -90.0).unwrap().facing, 270.0);
        let e = toml::from_str::<Footprint>("frontage = 4\ndepth = -1").unwrap_err();
        assert!(
            e.to_string()
                .contains("depth: must be above 0 inches, not -1"),
            "{e}"
        );
        let fp: Footprint = toml::from_str("frontage = 4\ndepth = 2").unwrap();
        assert_eq!((fp.frontage(), fp.depth()), (4.0, 2.0));
    }
}
