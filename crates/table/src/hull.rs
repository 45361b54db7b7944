//! The convex hull of a group of points (the ground a spread-out unit covers, for a line of fire
//! that ploughs through it) and whether a segment meets it.

use crate::geom::{Point, Segment, EPS};

/// The convex hull of `points`, anticlockwise, without repeated or collinear corners (Andrew's
/// monotone chain). Fewer than three distinct points give those points; non-finite points are
/// left out.
pub fn convex_hull(points: &[Point]) -> Vec<Point> {
    let mut pts: Vec<Point> = points.iter().copied().filter(|p| p.is_finite()).collect();
    pts.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    pts.dedup_by(|a, b| a.dist(*b) <= EPS);
    if pts.len() < 3 {
        return pts;
    }
    let turn = |o: Point, a: Point, b: Point| (a - o).cross(b - o);
    let mut lower: Vec<Point> = Vec::new();
    for &p in &pts {
        while lower.len() >= 2 && turn(lower[lower.len() - 2], lower[lower.len() - 1], p) <= EPS {
            lower.pop();
        }
        lower.push(p);
    }
    let mut upper: Vec<Point> = Vec::new();
    for &p in pts.iter().rev() {
        while upper.len() >= 2 && turn(upper[upper.len() - 2], upper[upper.len() - 1], p) <= EPS {
            upper.pop();
        }
        upper.push(p);
    }
    lower.pop();
    upper.pop();
    lower.extend(upper);
    lower
}

/// Whether `seg` meets the convex polygon `hull` (anticlockwise, as [`convex_hull`] gives it):
/// passes through it, touches it, or lies in it. A hull of one point is met when the segment
/// passes within [`EPS`] of it, of two points when it meets the segment between them.
pub fn segment_meets_hull(seg: &Segment, hull: &[Point]) -> bool {
    match hull.len() {
        0 => false,
        1 => seg.distance_to_point(hull[0]) <= EPS,
        2 => seg.distance_to_segment(&Segment::new(hull[0], hull[1])) <= EPS,
        n => {
            let inside =
                |p: Point| (0..n).all(|i| (hull[(i + 1) % n] - hull[i]).cross(p - hull[i]) >= -EPS);
            inside(seg.a)
                || inside(seg.b)
                || (0..n).any(|i| {
                    seg.distance_to_segment(&Segment::new(hull[i], hull[(i + 1) % n])) <= EPS
                })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: f64, y: f64) -> Point {
        Point::new(x, y)
    }

    #[test]
    fn the_hull_keeps_the_outer_corners_anticlockwise() {
        let h = convex_hull(&[
            p(0.0, 0.0),
            p(2.0, 1.0),
            p(4.0, 0.0),
            p(4.0, 4.0),
            p(0.0, 4.0),
            p(2.0, 2.0),
            p(2.0, 4.0), // on an edge: not a corner
        ]);
        assert_eq!(h, vec![p(0.0, 0.0), p(4.0, 0.0), p(4.0, 4.0), p(0.0, 4.0)]);
        assert_eq!(convex_hull(&[p(1.0, 1.0), p(1.0, 1.0)]), vec![p(1.0, 1.0)]);
        assert_eq!(convex_hull(&[p(f64::NAN, 1.0)]), vec![]);
    }

    #[test]
    fn a_segment_meets_a_hull_through_it_touching_it_or_inside_it() {
        let h = convex_hull(&[p(0.0, 0.0), p(4.0, 0.0), p(4.0, 4.0), p(0.0, 4.0)]);
        assert!(segment_meets_hull(
            &Segment::new(p(-2.0, 2.0), p(6.0, 2.0)),
            &h
        ));
        assert!(segment_meets_hull(
            &Segment::new(p(1.0, 1.0), p(2.0, 2.0)),
            &h
        ));
        assert!(segment_meets_hull(
            &Segment::new(p(-2.0, 4.0), p(6.0, 4.0)),
            &h
        ));
        assert!(!segment_meets_hull(
            &Segment::new(p(-2.0, 5.0), p(6.0, 5.0)),
            &h
        ));
        let two = convex_hull(&[p(0.0, 0.0), p(4.0, 0.0)]);
        assert!(segment_meets_hull(
            &Segment::new(p(2.0, -1.0), p(2.0, 1.0)),
            &two
        ));
        assert!(!segment_meets_hull(
            &Segment::new(p(5.0, -1.0), p(5.0, 1.0)),
            &two
        ));
    }
}
