//! Properties of the table's geometry on random bases and terrain: distances are symmetric,
//! never negative, 0 exactly when bases touch or overlap, and agree with an independent
//! measure (edge against edge); distances, overlaps, arcs, lines of sight and crossings do not
//! change when the whole table is moved and turned (a rigid motion).

use fiw_table::{
    heading, normalize, sweep, Arc, Blocked, Bounds, Effects, Footprint, Kind, Layout, Location,
    Point, Polygon, Pose, Rect, Segment, Side, Terrain,
};
use proptest::prelude::*;

/// The bases and terrain are drawn round this point of a large table, so that any turn about
/// it and any shift of up to 100" keeps everything on the table.
const MIDDLE: Point = Point::new(500.0, 500.0);

fn a_base() -> impl Strategy<Value = Rect> {
    (
        -30.0..30.0f64,
        -30.0..30.0f64,
        0.0..360.0f64,
        0.5..8.0f64,
        0.5..4.0f64,
    )
        .prop_map(|(x, y, f, w, d)| {
            Footprint::new(w, d)
                .unwrap()
                .place(Pose::new(MIDDLE.x + x, MIDDLE.y + y, f))
        })
}

/// A rigid motion: a turn about the middle, then a shift.
#[derive(Clone, Copy, Debug)]
struct Motion {
    turn: f64,
    shift: Point,
}

fn a_motion() -> impl Strategy<Value = Motion> {
    (0.0..360.0f64, -100.0..100.0f64, -100.0..100.0f64).prop_map(|(turn, x, y)| Motion {
        turn,
        shift: Point::new(x, y),
    })
}

impl Motion {
    fn point(&self, p: Point) -> Point {
        p.rotated_about(MIDDLE, self.turn) + self.shift
    }

    fn rect(&self, r: &Rect) -> Rect {
        r.footprint().place(Pose {
            at: self.point(r.centre()),
            facing: normalize(r.pose().facing + self.turn),
        })
    }

    fn polygon(&self, p: &Polygon) -> Polygon {
        Polygon::new(p.points().iter().map(|q| self.point(*q)).collect()).unwrap()
    }

    fn layout(&self, l: &Layout) -> Layout {
        let terrain = l
            .terrain()
            .iter()
            .map(|t| Terrain::new(t.kind, self.polygon(&t.polygon)))
            .collect();
        Layout::new(*l.bounds(), None, terrain, l.effects.clone()).unwrap()
    }
}

/// A convex or non-convex piece of terrain: a quadrilateral, or an L cut from one.
fn a_terrain() -> impl Strategy<Value = Terrain> {
    let kinds = prop_oneof![
        Just(Kind::Woods),
        Just(Kind::Town),
        Just(Kind::Hill),
        Just(Kind::River),
        Just(Kind::Field)
    ];
    (
        kinds,
        -30.0..20.0f64,
        -30.0..20.0f64,
        3.0..24.0f64,
        3.0..24.0f64,
        0.0..90.0f64,
        any::<bool>(),
    )
        .prop_map(|(kind, x, y, w, h, turn, ell)| {
            let c = Point::new(MIDDLE.x + x, MIDDLE.y + y);
            let mut pts = vec![
                Point::new(0.0, 0.0),
                Point::new(w, 0.0),
                Point::new(w, h),
                Point::new(0.0, h),
            ];
            if ell {
                // cut the north-east quarter out
                pts = vec![
                    Point::new(0.0, 0.0),
                    Point::new(w, 0.0),
                    Point::new(w, h / 2.0),
                    Point::new(w / 2.0, h / 2.0),
                    Point::new(w / 2.0, h),
                    Point::new(0.0, h),
                ];
            }
            let pts = pts
                .into_iter()
                .map(|p| (c + p).rotated_about(c, turn))
                .collect();
            Terrain::new(kind, Polygon::new(pts).unwrap())
        })
}

fn a_layout() -> impl Strategy<Value = Layout> {
    prop::collection::vec(a_terrain(), 1..7).prop_map(|terrain| {
        Layout::new(
            Bounds::new(1000.0, 1000.0).unwrap(),
            None,
            terrain,
            Effects::default(),
        )
        .unwrap()
    })
}

/// The distance between two bases measured another way: the nearest pair of edges, unless one
/// base holds a corner of the other or their edges cross.
fn edge_distance(a: &Rect, b: &Rect) -> f64 {
    let sides = [Side::Front, Side::Right, Side::Rear, Side::Left];
    let mut d = f64::INFINITY;
    for s in sides {
        for t in sides {
            d = d.min(a.edge(s).distance_to_segment(&b.edge(t)));
        }
    }
    let inside = |x: &Rect, y: &Rect| {
        y.corners()
            .iter()
            .any(|p| x.locate(*p) != Location::Outside)
    };
    if inside(a, b) || inside(b, a) {
        0.0
    } else {
        d
    }
}

/// A star-shaped polygon: its centre and corners in angular order round it, no two corners
/// more than 180° apart as seen from the centre, so that it is the union of the fan of
/// triangles (centre, corner, next corner) whose insides do not overlap. Convex or not.
fn a_star() -> impl Strategy<Value = (Point, Vec<Point>)> {
    (3usize..12)
        .prop_flat_map(|k| {
            (
                prop::collection::vec(1.0..1.9f64, k),
                prop::collection::vec(2.0..15.0f64, k),
                -20.0..20.0f64,
                -20.0..20.0f64,
                0.0..360.0f64,
            )
        })
        .prop_map(|(gaps, radii, x, y, start)| {
            let c = Point::new(MIDDLE.x + x, MIDDLE.y + y);
            let total: f64 = gaps.iter().sum();
            let mut angle = start;
            let mut pts = Vec::new();
            for (g, r) in gaps.iter().zip(&radii) {
                pts.push(c + heading(angle) * *r);
                angle += 360.0 * g / total;
            }
            (c, pts)
        })
}

/// How long a segment runs inside a triangle (Cyrus–Beck, no tolerance): the independent
/// measure the polygon's own is checked against.
fn length_in_triangle(seg: &Segment, tri: [Point; 3]) -> f64 {
    // make it anticlockwise
    let tri = if (tri[1] - tri[0]).cross(tri[2] - tri[0]) < 0.0 {
        [tri[0], tri[2], tri[1]]
    } else {
        tri
    };
    let d = seg.b - seg.a;
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for i in 0..3 {
        let (a, b) = (tri[i], tri[(i + 1) % 3]);
        let e = b - a;
        let start = e.cross(seg.a - a);
        let rate = e.cross(d);
        if rate == 0.0 {
            if start < 0.0 {
                return 0.0;
            }
        } else if rate > 0.0 {
            t0 = t0.max(-start / rate);
        } else {
            t1 = t1.min(-start / rate);
        }
    }
    if t1 > t0 {
        (t1 - t0) * seg.len()
    } else {
        0.0
    }
}

fn in_triangle(p: Point, tri: [Point; 3]) -> bool {
    let s = |a: Point, b: Point| (b - a).cross(p - a);
    let (x, y, z) = (s(tri[0], tri[1]), s(tri[1], tri[2]), s(tri[2], tri[0]));
    (x >= 0.0 && y >= 0.0 && z >= 0.0) || (x <= 0.0 && y <= 0.0 && z <= 0.0)
}

/// What a line-of-sight answer says, without the exact line (which may differ by rounding).
fn verdict(r: Result<Segment, Blocked>) -> String {
    match r {
        Ok(_) => "clear".into(),
        Err(Blocked::Through { kind, .. }) => format!("through {kind:?}"),
        Err(b) => format!("{b:?}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    #[test]
    fn distance_is_symmetric_non_negative_and_0_only_when_touching_or_overlapping(a in a_base(), b in a_base()) {
        let d = a.distance(&b);
        prop_assert!(d >= 0.0);
        prop_assert_eq!(d, b.distance(&a));
        prop_assert_eq!(a.overlaps(&b), b.overlaps(&a));
        prop_assert_eq!(d == 0.0, a.overlaps(&b) || a.touches(&b));
        prop_assert!(!(a.overlaps(&b) && a.touches(&b)));
        // another way of measuring agrees
        let e = edge_distance(&a, &b);
        prop_assert!((d - e).abs() <= 1e-6, "{} vs {}", d, e);
        for limit in [0.0, 1.0, 6.0, 12.0, d] {
            prop_assert_eq!(a.is_within(&b, limit), fiw_table::within(d, limit));
        }
        prop_assert_eq!(a.distance(&a), 0.0);
        prop_assert!(a.overlaps(&a));
    }

    #[test]
    fn bases_placed_flank_to_flank_touch_and_do_not_overlap(
        a in a_base(), w in 0.5..8.0f64, d in 0.5..4.0f64, slide in -1.0..1.0f64,
    ) {
        // b stands to a's right, facing the same way, its left flank on a's right flank line,
        // slid forward or back by up to the overlap of their depths
        let p = a.pose();
        let reach = (a.footprint().depth() + d) / 2.0;
        let at = p.at + p.right() * ((a.footprint().frontage() + w) / 2.0) + p.ahead() * (slide * reach);
        let b = Footprint::new(w, d).unwrap().place(Pose { at, facing: p.facing });
        prop_assert_eq!(a.distance(&b), 0.0);
        prop_assert!(a.touches(&b) && !a.overlaps(&b));
        // nudged a tenth of an inch apart: 0.1 away (when they face each other flank to flank)
        let apart = Footprint::new(w, d).unwrap().place(Pose { at: at + p.right() * 0.1, facing: p.facing });
        prop_assert!((a.distance(&apart) - 0.1).abs() < 1e-9);
    }

    #[test]
    fn a_rigid_motion_of_the_table_changes_no_distance_overlap_or_arc(a in a_base(), b in a_base(), m in a_motion()) {
        let (ma, mb) = (m.rect(&a), m.rect(&b));
        prop_assert!((a.distance(&b) - ma.distance(&mb)).abs() < 1e-9);
        prop_assert_eq!(a.overlaps(&b), ma.overlaps(&mb));
        prop_assert_eq!(a.in_arc(&b, Arc::FRONT_45), ma.in_arc(&mb, Arc::FRONT_45));
        prop_assert_eq!(a.arc_contains(b.centre(), Arc::FRONT_45), ma.arc_contains(mb.centre(), Arc::FRONT_45));
        prop_assert_eq!(a.side_towards(b.centre()), ma.side_towards(mb.centre()));
        prop_assert!(ma.in_arc(&mb, Arc::ALL_ROUND));
        // a base with any point in the arc is in the arc (points sampled over the base)
        let [fl, fr, _, rl] = b.corners();
        let some_point_in = (0..=8).flat_map(|i| (0..=8).map(move |j| (i as f64 / 8.0, j as f64 / 8.0))).any(|(u, v)| {
            let p = fl + (fr - fl) * u + (rl - fl) * v;
            a.arc_contains(p, Arc::FRONT_45)
        });
        prop_assert!(!some_point_in || a.in_arc(&b, Arc::FRONT_45));
        // bases that overlap share area, and bases that do not share none to speak of
        let pa = Polygon::new(a.corners().to_vec()).unwrap();
        let shared = pa.shared_area(&b);
        prop_assert!(a.overlaps(&b) || shared < 1e-4, "{}", shared);
        prop_assert!(!a.overlaps(&b) || shared > 0.0);
    }

    #[test]
    fn a_move_stops_where_the_distance_first_reaches_the_limit(
        a in a_base(), b in a_base(), to in a_base(), limit in 0.0..8.0f64,
    ) {
        let to = to.centre();
        let path = to - a.centre();
        let length = path.len();
        prop_assume!(length > 0.1);
        let at = |s: f64| a.footprint().place(Pose { at: a.centre() + path * (s / length), facing: a.pose().facing });
        match a.first_within(to, &b, limit) {
            Some(s) => {
                prop_assert!((0.0..=length).contains(&s));
                prop_assert!(at(s).distance(&b) <= limit + 1e-6, "{} at {}", at(s).distance(&b), s);
                if s > 0.0 {
                    prop_assert!(a.distance(&b) > limit);
                    for k in 1..=20 {
                        let earlier = s * (k as f64 - 1.0) / 20.0;
                        prop_assert!(at(earlier).distance(&b) > limit - 1e-6);
                    }
                }
            }
            None => {
                for k in 0..=20 {
                    prop_assert!(at(length * k as f64 / 20.0).distance(&b) > limit - 1e-6);
                }
            }
        }
    }

    #[test]
    fn a_rigid_motion_of_the_table_changes_no_line_of_sight(
        l in a_layout(), obs in a_base(), tgt in a_base(), others in prop::collection::vec(a_base(), 0..6),
        artillery in any::<bool>(), m in a_motion(),
    ) {
        let ml = m.layout(&l);
        let (mo, mt) = (m.rect(&obs), m.rect(&tgt));
        let mothers: Vec<Rect> = others.iter().map(|r| m.rect(r)).collect();
        prop_assert_eq!(
            verdict(l.line_of_sight(&obs, &tgt, &others, artillery)),
            verdict(ml.line_of_sight(&mo, &mt, &mothers, artillery))
        );
        prop_assert_eq!(l.in_cover(&obs), ml.in_cover(&mo));
        prop_assert_eq!(l.impassable_under(&obs), ml.impassable_under(&mo));
    }

    #[test]
    fn a_move_crosses_the_same_terrain_for_the_same_lengths_after_a_rigid_motion(
        l in a_layout(), from in a_base(), to in a_base(), m in a_motion(),
    ) {
        let ml = m.layout(&l);
        let c = l.crossings(from.centre(), to.centre());
        let mc = ml.crossings(m.point(from.centre()), m.point(to.centre()));
        prop_assert_eq!(c.len(), mc.len());
        let len = from.centre().dist(to.centre());
        for (x, y) in c.iter().zip(&mc) {
            prop_assert_eq!(x.terrain, y.terrain);
            prop_assert!((x.enter - y.enter).abs() < 1e-6 && (x.leave - y.leave).abs() < 1e-6);
            prop_assert!(x.enter >= 0.0 && x.leave <= len + 1e-9 && x.length() > 0.0);
        }
        let fp = from.footprint();
        let s = sweep(fp, from.centre(), to.centre(), from.pose().facing);
        let ms = sweep(fp, m.point(from.centre()), m.point(to.centre()), normalize(from.pose().facing + m.turn));
        let (u, mu) = (l.under(&s), ml.under(&ms));
        prop_assert_eq!(u.len(), mu.len());
        for (x, y) in u.iter().zip(&mu) {
            prop_assert_eq!((x.terrain, x.containment), (y.terrain, y.containment));
            prop_assert!((x.area - y.area).abs() < 1e-6);
        }
    }

    #[test]
    fn the_length_inside_a_polygon_adds_up_along_a_line(t in a_terrain(), a in a_base(), b in a_base(), k in 0.0..1.0f64) {
        let whole = Segment::new(a.centre(), b.centre());
        let mid = whole.at(k);
        let inside = t.polygon.length_inside(&whole);
        let parts = t.polygon.length_inside(&Segment::new(whole.a, mid)) + t.polygon.length_inside(&Segment::new(mid, whole.b));
        prop_assert!((inside - parts).abs() < 1e-5, "{} vs {}", inside, parts);
        prop_assert!(inside >= 0.0 && inside <= whole.len() + 1e-9);
        // reversed, the same length
        prop_assert!((inside - t.polygon.length_inside(&Segment::new(whole.b, whole.a))).abs() < 1e-9);
    }

    #[test]
    fn no_question_panics_on_any_number(
        x in prop::num::f64::ANY, y in prop::num::f64::ANY, f in prop::num::f64::ANY, limit in prop::num::f64::ANY,
        l in a_layout(), b in a_base(),
    ) {
        let fp = Footprint::new(4.0, 2.0).unwrap();
        let odd = fp.place(Pose::new(x, y, f));
        let p = Point::new(x, y);
        let _ = (odd.distance(&b), b.distance(&odd), odd.overlaps(&b), odd.touches(&b), odd.side_towards(p), b.side_towards(p));
        let _ = (odd.in_arc(&b, Arc::FRONT_45), b.in_arc(&odd, Arc::FRONT_45), b.arc_contains(p, Arc::FRONT_45));
        let _ = (odd.first_within(b.centre(), &b, limit), b.first_within(p, &odd, 6.0), b.first_within(b.centre(), &b, limit));
        let line = Segment::new(b.centre(), p);
        let _ = (b.crossed_by(&line), odd.crossed_by(&line), l.crossings(b.centre(), p), l.crossings(p, p));
        let _ = (l.line_of_sight(&odd, &b, &[b], true), l.line_of_sight(&b, &odd, &[odd], false));
        let _ = (l.under(&odd), l.impassable_under(&odd), l.in_cover(&odd));
        let _ = l.under(&sweep(fp, b.centre(), p, f));
        let _ = Pose::new(x, y, f).checked();
        let _ = (Footprint::new(x, y), fiw_table::Arc::front(f));
        let _ = Polygon::new(vec![p, Point::new(y, x), Point::new(f, limit), b.centre()]);
        let bounds = Bounds::new(72.0, 48.0).unwrap();
        let grid = fiw_table::Grid::new(6.0, &bounds).unwrap();
        prop_assert!(grid.cell_of(p).is_none() || bounds.contains(p));
        let _ = (bounds.holds(&odd), bounds.rect_from_edge(&odd, fiw_table::Edge::West));
        let _ = fiw_table::Grid::new(x, &bounds);
        prop_assert!((0.0..360.0).contains(&normalize(f)));
    }

    #[test]
    fn a_star_polygon_measures_as_its_fan_of_triangles((c, pts) in a_star(), a in a_base(), b in a_base(), q in a_base()) {
        let poly = Polygon::new(pts.clone());
        prop_assume!(poly.is_ok());
        let poly = poly.unwrap();
        let fan: Vec<[Point; 3]> = (0..pts.len()).map(|i| [c, pts[i], pts[(i + 1) % pts.len()]]).collect();
        // the length inside of a line drawn round the polygon's centre
        let seg = Segment::new(c + (a.centre() - MIDDLE) * 0.5, c + (b.centre() - MIDDLE) * 0.5);
        let by_fan: f64 = fan.iter().map(|t| length_in_triangle(&seg, *t)).sum();
        prop_assert!((poly.length_inside(&seg) - by_fan).abs() < 1e-4, "{} vs {}", poly.length_inside(&seg), by_fan);
        // the area
        let fan_area: f64 = fan.iter().map(|t| (t[1] - t[0]).cross(t[2] - t[0]).abs() / 2.0).sum();
        prop_assert!((poly.area() - fan_area).abs() < 1e-6);
        // where a point lies, away from the edges
        let p = c + (q.centre() - MIDDLE) * 0.5;
        let near_edge = poly.edges().any(|e| e.distance_to_point(p) < 1e-5);
        if !near_edge {
            let inside = fan.iter().any(|t| in_triangle(p, *t));
            prop_assert_eq!(poly.locate(p), if inside { Location::Inside } else { Location::Outside });
        }
    }
}
