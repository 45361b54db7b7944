//! The questions asked of the table with units on it: line of sight, what a straight move
//! crosses, what terrain lies under a base or a swept move, and whether it is impassable.

use crate::geom::{clip_convex, edges, segment_in_convex, signed_area2, Point, Segment, EPS};
use crate::layout::Layout;
use crate::polygon::Containment;
use crate::rect::{Rect, Shape, Side};
use crate::terrain::{Kind, Passage, Screen};

/// Stretches of a line, as fractions of its length.
type Stretches = Vec<(f64, f64)>;

/// A stretch of a straight line inside one piece of terrain.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Crossing {
    /// Which terrain (its index in [`Layout::terrain`]).
    pub terrain: usize,
    /// Its kind.
    pub kind: Kind,
    /// Inches from the start of the line to where it enters.
    pub enter: f64,
    /// Inches from the start to where it leaves.
    pub leave: f64,
}

impl Crossing {
    /// How far the line runs inside.
    pub fn length(&self) -> f64 {
        self.leave - self.enter
    }
}

/// A piece of terrain under a base or a swept move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Under {
    /// Which terrain (its index in [`Layout::terrain`]).
    pub terrain: usize,
    /// Its kind.
    pub kind: Kind,
    /// Partly or wholly (terrain the shape only touches is not listed).
    pub containment: Containment,
    /// The area in common, square inches.
    pub area: f64,
}

/// Why a line of sight is blocked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Blocked {
    /// Another unit's base stands across it (its index in the `others` given).
    Unit(usize),
    /// It runs through more of a screening kind (woods) than the kind lets sight through.
    Through {
        /// The kind.
        kind: Kind,
        /// How far the line runs inside it, all its polygons together.
        inches: f64,
    },
    /// A town or hill (its index in [`Layout::terrain`]) stands between, and neither end is in
    /// or on it.
    Terrain(usize),
}

impl Layout {
    /// What a straight line from `from` to `to` (a move's path, followed by the base's
    /// centre) runs through: each stretch inside each piece of terrain, in order along the
    /// line (ties by terrain index). Running along an edge or touching a corner is no stretch.
    pub fn crossings(&self, from: Point, to: Point) -> Vec<Crossing> {
        let seg = Segment::new(from, to);
        let len = seg.len();
        let mut out = Vec::new();
        for (i, t) in self.terrain.iter().enumerate() {
            for (t0, t1) in t.polygon.stretches(&seg) {
                out.push(Crossing {
                    terrain: i,
                    kind: t.kind,
                    enter: t0 * len,
                    leave: t1 * len,
                });
            }
        }
        out.sort_by(|a, b| a.enter.total_cmp(&b.enter).then(a.terrain.cmp(&b.terrain)));
        out
    }

    /// The terrain a base (or a swept move) lies in, partly or wholly, in the order of the
    /// file.
    pub fn under(&self, shape: &impl Shape) -> Vec<Under> {
        let pts = shape.convex();
        self.terrain
            .iter()
            .enumerate()
            .filter_map(|(i, t)| {
                let (containment, area) = t.polygon.containment(pts);
                (containment != Containment::Outside).then_some(Under {
                    terrain: i,
                    kind: t.kind,
                    containment,
                    area,
                })
            })
            .collect()
    }

    /// The first impassable terrain that a base (or a swept move) covers any part of, beyond
    /// what fords and bridges over it open up; `None` if the ground is passable. A base that
    /// only touches a lake's shore stands on passable ground.
    pub fn impassable_under(&self, shape: &impl Shape) -> Option<usize> {
        let pts = shape.convex();
        let tol = EPS * edges(pts).map(|e| e.len()).sum::<f64>();
        let crossings: Vec<&[Point]> = self
            .terrain
            .iter()
            .filter(|t| self.effects.get(t.kind).passage == Passage::Crossing)
            .map(|t| t.polygon.points())
            .collect();
        self.terrain.iter().enumerate().find_map(|(i, t)| {
            if self.effects.get(t.kind).passage != Passage::Impassable {
                return None;
            }
            let shared = t.polygon.overlap_area(pts);
            if shared <= tol {
                return None;
            }
            // crossings are convex and do not overlap one another (checked on loading), so
            // the ground they open up is the sum of their own pieces
            let piece = clip_convex(t.polygon.points(), pts);
            let opened: f64 = crossings
                .iter()
                .map(|c| (signed_area2(&clip_convex(&piece, c)) / 2.0).abs())
                .sum();
            (shared - opened > tol).then_some(i)
        })
    }

    /// The terrain a point lies in or on the edge of, in the order of the file (what a player
    /// asking "what is at 30,12?" is told).
    pub fn terrain_at(&self, p: Point) -> Vec<usize> {
        (0..self.terrain.len())
            .filter(|i| self.terrain[*i].polygon.locate(p) != crate::polygon::Location::Outside)
            .collect()
    }

    /// Whether any part of a base lies in terrain of a kind whose effect gives cover.
    pub fn in_cover(&self, rect: &Rect) -> bool {
        self.under(rect)
            .iter()
            .any(|u| self.effects.get(u.kind).cover)
    }

    /// Whether one sight line is clear: not across another unit's base (unless `artillery` and
    /// the observer is on a hill), not through more woods than they let sight through, not
    /// through a town or hill that neither the observer nor the target is in or on.
    ///
    /// `others` are the bases of every unit but the observer and the target. "In or on" a
    /// piece of terrain means some part of the base lies in it. Grazing never blocks: a line
    /// touching a base's or a polygon's corner, or running along its edge, passes.
    ///
    /// # Errors
    /// [`Blocked`], the first thing found across the line: units, then towns and hills, then
    /// depth of woods.
    pub fn sight_line(
        &self,
        line: &Segment,
        observer: &Rect,
        target: &Rect,
        others: &[Rect],
        artillery: bool,
    ) -> Result<(), Blocked> {
        let over_units = artillery && self.on_screen(observer, Screen::Hill);
        if !over_units {
            // a base whose box (its centre, give or take half its frontage and depth, which
            // holds it at any facing) misses the line's box cannot be crossed by the line
            let (lo, hi) = (
                Point::new(line.a.x.min(line.b.x), line.a.y.min(line.b.y)),
                Point::new(line.a.x.max(line.b.x), line.a.y.max(line.b.y)),
            );
            let may_cross = |r: &Rect| {
                let (c, f) = (r.centre(), r.footprint());
                let m = (f.frontage() + f.depth()) / 2.0 + EPS;
                c.x + m >= lo.x && c.x - m <= hi.x && c.y + m >= lo.y && c.y - m <= hi.y
            };
            if let Some(i) = others
                .iter()
                .position(|r| may_cross(r) && segment_in_convex(line, r.polygon()).is_some())
            {
                return Err(Blocked::Unit(i));
            }
        }
        let len = line.len();
        // per screening kind: the depth it lets sight through, and the line's stretches in it
        let mut deep: Vec<(Kind, f64, Stretches)> = Vec::new();
        for (i, t) in self.terrain.iter().enumerate() {
            match self.effects.get(t.kind).screen {
                Screen::Clear => {}
                Screen::Opaque | Screen::Hill => {
                    let is_in =
                        |r: &Rect| t.polygon.containment(r.polygon()).0 != Containment::Outside;
                    if !t.polygon.stretches(line).is_empty() && !is_in(observer) && !is_in(target) {
                        return Err(Blocked::Terrain(i));
                    }
                }
                Screen::Beyond(depth) => {
                    let stretches = t.polygon.stretches(line);
                    match deep.iter_mut().find(|(k, _, _)| *k == t.kind) {
                        Some((_, _, all)) => all.extend(stretches),
                        None => deep.push((t.kind, depth, stretches)),
                    }
                }
            }
        }
        for (kind, depth, mut stretches) in deep {
            // polygons of one kind may touch or overlap: count the line's length inside once
            stretches.sort_by(|a, b| a.0.total_cmp(&b.0));
            let mut inches = 0.0;
            let mut reach = f64::NEG_INFINITY;
            for (t0, t1) in stretches {
                let start = t0.max(reach);
                if t1 > start {
                    inches += (t1 - start) * len;
                }
                reach = reach.max(t1);
            }
            if inches > depth + EPS {
                return Err(Blocked::Through { kind, inches });
            }
        }
        Ok(())
    }

    /// Whether `observer` can see `target`: a clear sight line from the middle of the
    /// observer's front edge to some point of the target: its centre, then its corners, then
    /// the middles of its sides (the first clear one is returned). The arc is a separate
    /// question ([`Rect::in_arc`]).
    ///
    /// # Errors
    /// When every line is blocked, why the line to the target's centre is.
    pub fn line_of_sight(
        &self,
        observer: &Rect,
        target: &Rect,
        others: &[Rect],
        artillery: bool,
    ) -> Result<Segment, Blocked> {
        let eye = observer.front_centre();
        let centre = Segment::new(eye, target.centre());
        let why = match self.sight_line(&centre, observer, target, others, artillery) {
            Ok(()) => return Ok(centre),
            Err(why) => why,
        };
        let sides =
            [Side::Front, Side::Right, Side::Rear, Side::Left].map(|s| target.edge(s).at(0.5));
        target
            .corners()
            .into_iter()
            .chain(sides)
            .map(|p| Segment::new(eye, p))
            .find(|line| {
                self.sight_line(line, observer, target, others, artillery)
                    .is_ok()
            })
            .ok_or(why)
    }

    /// Whether some part of a base lies on terrain whose screen is `screen`.
    fn on_screen(&self, rect: &Rect, screen: Screen) -> bool {
        self.terrain.iter().any(|t| {
            self.effects.get(t.kind).screen == screen
                && t.polygon.containment(rect.polygon()).0 != Containment::Outside
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Bounds;
    use crate::polygon::Polygon;
    use crate::rect::{sweep, Footprint, Pose};
    use crate::terrain::{Effects, Terrain};

    fn table(terrain: Vec<(Kind, Polygon)>) -> Layout {
        let terrain = terrain
            .into_iter()
            .map(|(k, p)| Terrain::new(k, p))
            .collect();
        Layout::new(
            Bounds::new(72.0, 48.0).unwrap(),
            Some(6.0),
            terrain,
            Effects::default(),
        )
        .unwrap()
    }

    fn rect(x0: f64, y0: f64, x1: f64, y1: f64) -> Polygon {
        Polygon::rectangle(x0, y0, x1, y1).unwrap()
    }

    fn base(x: f64, y: f64, facing: f64) -> Rect {
        Footprint::new(4.0, 2.0)
            .unwrap()
            .place(Pose::new(x, y, facing))
    }

    fn small(x: f64, y: f64, facing: f64) -> Rect {
        Footprint::new(1.0, 1.0)
            .unwrap()
            .place(Pose::new(x, y, facing))
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn a_move_across_a_river_then_a_wood_reports_each_stretch() {
        // a river from y = 10 to 13 (3" wide) with a ford, then a wood from y = 20 to 28
        let l = table(vec![
            (Kind::Woods, rect(0.0, 20.0, 40.0, 28.0)),
            (Kind::River, rect(0.0, 10.0, 72.0, 13.0)),
            (Kind::Ford, rect(8.0, 9.0, 12.0, 14.0)),
        ]);
        // north from (10, 5) to (10, 30): the ford from 4 to 9, the river from 5 to 8, the wood
        // from 15 to 23
        let c = l.crossings(Point::new(10.0, 5.0), Point::new(10.0, 30.0));
        assert_eq!(c.len(), 3, "{c:?}");
        assert_eq!(
            (c[0].kind, c[1].kind, c[2].kind),
            (Kind::Ford, Kind::River, Kind::Woods)
        );
        assert!(close(c[0].enter, 4.0) && close(c[0].leave, 9.0));
        assert!(close(c[1].enter, 5.0) && close(c[1].length(), 3.0));
        assert!(close(c[2].enter, 15.0) && close(c[2].length(), 8.0));
        // slanted, 3-4-5: from (20, 4) to (32, 20) crosses the river (y 10..13) over 3/0.8 =
        // 3.75" and the wood (y 20) not at all: it ends on its edge
        let c = l.crossings(Point::new(20.0, 4.0), Point::new(32.0, 20.0));
        assert_eq!(c.len(), 1, "{c:?}");
        assert!(close(c[0].enter, 7.5) && close(c[0].length(), 3.75));
        // along the river bank: nothing
        assert!(l
            .crossings(Point::new(20.0, 13.0), Point::new(40.0, 13.0))
            .is_empty());
    }

    #[test]
    fn a_unit_straddling_a_wood_edge_is_partly_in_it_and_in_cover() {
        let l = table(vec![
            (Kind::Woods, rect(10.0, 10.0, 30.0, 20.0)),
            (Kind::Hill, rect(40.0, 0.0, 60.0, 20.0)),
        ]);
        // a 4 × 2 base centred on the wood's west edge: half in
        let r = base(10.0, 15.0, 0.0);
        let u = l.under(&r);
        assert_eq!(u.len(), 1);
        assert_eq!(u[0].containment, Containment::Partly);
        assert!(close(u[0].area, 4.0));
        assert!(l.in_cover(&r));
        // wholly in, and touching from outside
        assert_eq!(
            l.under(&base(20.0, 15.0, 0.0))[0].containment,
            Containment::Wholly
        );
        assert!(
            l.under(&base(8.0, 15.0, 0.0)).is_empty(),
            "its east edge lies on the wood's west edge"
        );
        assert!(!l.in_cover(&base(8.0, 15.0, 0.0)));
        // centred on the wood's corner (10, 10) facing north-east: the wood is the 90° wedge
        // either side of straight ahead, which cuts from the base (1" deep ahead of its
        // centre) the triangle whose width at a inches ahead is 2a: area 1
        let r = base(10.0, 10.0, 45.0);
        let u = l.under(&r);
        assert_eq!(u[0].containment, Containment::Partly);
        assert!(close(u[0].area, 1.0), "{u:?}");
        // a hill gives no cover
        assert!(!l.in_cover(&base(50.0, 10.0, 0.0)));
        assert_eq!(l.terrain_at(Point::new(20.0, 15.0)), vec![0]);
        assert_eq!(
            l.terrain_at(Point::new(40.0, 20.0)),
            vec![1],
            "the hill's corner"
        );
        assert!(l.terrain_at(Point::new(35.0, 15.0)).is_empty());
    }

    #[test]
    fn impassable_ground_is_refused_except_at_a_crossing() {
        let l = table(vec![
            (Kind::River, rect(0.0, 10.0, 72.0, 13.0)),
            (Kind::Bridge, rect(30.0, 9.0, 35.0, 14.0)),
            (Kind::Lake, rect(50.0, 30.0, 60.0, 40.0)),
        ]);
        let fp = Footprint::new(4.0, 2.0).unwrap();
        // a base standing in the river
        assert_eq!(l.impassable_under(&base(10.0, 11.5, 0.0)), Some(0));
        // the same on the bridge (x 30.5..34.5 within 30..35)
        assert_eq!(l.impassable_under(&base(32.5, 11.5, 0.0)), None);
        // half on the bridge, half in the river
        assert_eq!(l.impassable_under(&base(35.0, 11.5, 0.0)), Some(0));
        // a move straight across the river: refused off the bridge, allowed over it
        assert_eq!(
            l.impassable_under(&sweep(
                fp,
                Point::new(10.0, 5.0),
                Point::new(10.0, 20.0),
                0.0
            )),
            Some(0)
        );
        assert_eq!(
            l.impassable_under(&sweep(
                fp,
                Point::new(32.5, 5.0),
                Point::new(32.5, 20.0),
                0.0
            )),
            None
        );
        // on the lake shore (touching) is fine, a tenth of an inch in is not
        assert_eq!(l.impassable_under(&base(48.0, 35.0, 0.0)), None);
        assert_eq!(l.impassable_under(&base(48.1, 35.0, 0.0)), Some(2));
        // a river bank: touching
        assert_eq!(l.impassable_under(&base(10.0, 14.0, 0.0)), None);
    }

    #[test]
    fn woods_let_sight_through_6_inches_and_no_more() {
        // a wood from x = 20 to x = 26.1 and another test wood 5.9 deep
        let deep = table(vec![(Kind::Woods, rect(20.0, 0.0, 26.1, 20.0))]);
        let thin = table(vec![(Kind::Woods, rect(20.0, 0.0, 25.9, 20.0))]);
        let exact = table(vec![(Kind::Woods, rect(20.0, 0.0, 26.0, 20.0))]);
        let shooter = base(10.0, 10.0, 90.0); // front edge at x = 11
        let target = base(40.0, 10.0, 270.0);
        assert_eq!(
            thin.line_of_sight(&shooter, &target, &[], false),
            Ok(Segment::new(Point::new(11.0, 10.0), Point::new(40.0, 10.0)))
        );
        match deep.line_of_sight(&shooter, &target, &[], false) {
            Err(Blocked::Through {
                kind: Kind::Woods,
                inches,
            }) => assert!((inches - 6.1).abs() < 1e-9),
            other => panic!("{other:?}"),
        }
        assert!(
            exact.line_of_sight(&shooter, &target, &[], false).is_ok(),
            "exactly 6\" passes"
        );
        // two woods of 3.5" each along the line: 7" of woods in all
        let two = table(vec![
            (Kind::Woods, rect(20.0, 0.0, 23.5, 20.0)),
            (Kind::Woods, rect(30.0, 0.0, 33.5, 20.0)),
        ]);
        assert!(matches!(
            two.line_of_sight(&shooter, &target, &[], false),
            Err(Blocked::Through { .. })
        ));
        // two woods overlapping, 4" + 4" sharing 2": 6" of woods, counted once
        let overlapping = table(vec![
            (Kind::Woods, rect(20.0, 0.0, 24.0, 20.0)),
            (Kind::Woods, rect(22.0, 0.0, 26.0, 20.0)),
        ]);
        assert!(overlapping
            .line_of_sight(&shooter, &target, &[], false)
            .is_ok());
        // a unit inside a deep wood, 5" from its edge, sees out
        let forest = table(vec![(Kind::Woods, rect(0.0, 0.0, 30.0, 30.0))]);
        let skirmisher = small(25.0, 10.0, 90.0); // front edge at x = 25.5: 4.5" of wood ahead
        assert!(forest
            .line_of_sight(&skirmisher, &small(40.0, 10.0, 270.0), &[], false)
            .is_ok());
        let deeper = small(20.0, 10.0, 90.0); // 9.5" of wood ahead
        assert!(forest
            .line_of_sight(&deeper, &small(40.0, 10.0, 270.0), &[], false)
            .is_err());
    }

    #[test]
    fn a_sight_line_grazing_a_woods_corner_is_not_blocked() {
        // a deep wood (12" square) whose south-west corner is at (20, 12)
        let l = table(vec![(Kind::Woods, rect(20.0, 12.0, 32.0, 24.0))]);
        // the line x + y = 32 from (14, 18) through the corner (20, 12) to (26, 6): the wood
        // lies north-east of the corner and the line runs north-west to south-east, so it
        // touches the wood at that one point
        let line = Segment::new(Point::new(14.0, 18.0), Point::new(26.0, 6.0));
        let obs = small(13.5, 18.5, 135.0);
        let tgt = small(26.5, 5.5, 315.0);
        assert_eq!(l.sight_line(&line, &obs, &tgt, &[], false), Ok(()));
        assert!(
            l.crossings(line.a, line.b).is_empty(),
            "no length inside the wood"
        );
        // moved a tenth of an inch north-east, it cuts the corner: 0.2√2" inside
        let cut = Segment::new(Point::new(14.1, 18.1), Point::new(26.1, 6.1));
        let c = l.crossings(cut.a, cut.b);
        assert_eq!(c.len(), 1);
        assert!(close(c[0].length(), 0.2 * 2f64.sqrt()), "{c:?}");
        // a wood that lets no sight through at all (depth 0) is still not blocked by a graze
        let mut dense = l.clone();
        dense.effects.set(
            Kind::Woods,
            crate::Effect {
                passage: Passage::Open,
                screen: Screen::Beyond(0.0),
                cover: true,
            },
        );
        assert_eq!(dense.sight_line(&line, &obs, &tgt, &[], false), Ok(()));
        assert!(matches!(
            dense.sight_line(&cut, &obs, &tgt, &[], false),
            Err(Blocked::Through {
                kind: Kind::Woods,
                ..
            })
        ));
        // grazing a town's corner passes too; the same line moved a tenth of an inch
        // north-east cuts the corner (0.2√2" inside) and the town blocks it
        let town = table(vec![(Kind::Town, rect(20.0, 12.0, 32.0, 24.0))]);
        assert_eq!(
            town.sight_line(&line, &obs, &tgt, &[], false),
            Ok(()),
            "grazing a town's corner"
        );
        assert_eq!(
            town.sight_line(&cut, &obs, &tgt, &[], false),
            Err(Blocked::Terrain(0))
        );
        // along the wood's south edge
        let along = Segment::new(Point::new(10.0, 12.0), Point::new(40.0, 12.0));
        assert_eq!(l.sight_line(&along, &obs, &tgt, &[], false), Ok(()));
        assert_eq!(town.sight_line(&along, &obs, &tgt, &[], false), Ok(()));
    }

    #[test]
    fn units_block_sight_but_grazing_their_corner_does_not() {
        let l = table(vec![]);
        let shooter = base(10.0, 10.0, 90.0); // eye at (11, 10)
        let target = base(30.0, 10.0, 270.0); // spans x 29..31, y 8..12
                                              // a unit across every line from the eye to the target
        let wall = Footprint::new(12.0, 1.0)
            .unwrap()
            .place(Pose::new(20.0, 10.0, 90.0));
        assert_eq!(
            l.line_of_sight(&shooter, &target, &[wall], false),
            Err(Blocked::Unit(0))
        );
        // a small unit across the centre line only: the line to a corner passes
        let blocker = small(20.0, 10.0, 0.0);
        let seen = l
            .line_of_sight(&shooter, &target, &[blocker], false)
            .unwrap();
        assert_ne!(seen.b, target.centre());
        // the centre line y = 10 runs along the top edge of a 1" square spanning x 20..21,
        // y 9..10: grazing, clear; the square moved up a tenth of an inch blocks it
        let grazed = small(20.5, 9.5, 0.0);
        let centre_line = Segment::new(shooter.front_centre(), target.centre());
        assert_eq!(
            l.sight_line(&centre_line, &shooter, &target, &[grazed], false),
            Ok(())
        );
        let cut = small(20.5, 9.6, 0.0);
        assert_eq!(
            l.sight_line(&centre_line, &shooter, &target, &[cut], false),
            Err(Blocked::Unit(0))
        );
    }

    #[test]
    fn towns_hide_what_is_behind_them_not_what_is_in_them() {
        let l = table(vec![(Kind::Town, rect(18.0, 5.0, 24.0, 15.0))]);
        let shooter = base(10.0, 10.0, 90.0);
        let behind = base(30.0, 10.0, 270.0);
        assert_eq!(
            l.line_of_sight(&shooter, &behind, &[], false),
            Err(Blocked::Terrain(0))
        );
        let inside = base(21.0, 10.0, 270.0);
        assert!(l.line_of_sight(&shooter, &inside, &[], false).is_ok());
        // and the unit in the town sees out of it, all round
        assert!(l
            .line_of_sight(&base(21.0, 10.0, 90.0), &behind, &[], false)
            .is_ok());
    }

    #[test]
    fn hills_hide_what_is_beyond_and_let_artillery_see_over_units() {
        let l = table(vec![
            (Kind::Hill, rect(18.0, 0.0, 24.0, 20.0)),
            (Kind::Hill, rect(0.0, 30.0, 12.0, 40.0)),
        ]);
        let below = base(10.0, 10.0, 90.0);
        let beyond = base(30.0, 10.0, 270.0);
        assert_eq!(
            l.line_of_sight(&below, &beyond, &[], false),
            Err(Blocked::Terrain(0))
        );
        // from on the hill, the hill does not hide
        let on = base(21.0, 10.0, 90.0);
        assert!(l.line_of_sight(&on, &beyond, &[], false).is_ok());
        // a unit between: blocks infantry on the hill, not artillery on the hill
        let between = base(27.0, 10.0, 0.0);
        assert_eq!(
            l.line_of_sight(&on, &beyond, &[between], false),
            Err(Blocked::Unit(0))
        );
        assert!(l.line_of_sight(&on, &beyond, &[between], true).is_ok());
        // artillery off any hill does not see over units
        let gun = base(30.0, 35.0, 90.0);
        let screened = base(50.0, 35.0, 270.0);
        let infantry = Footprint::new(10.0, 1.0)
            .unwrap()
            .place(Pose::new(40.0, 35.0, 90.0)); // y 30..40
        assert_eq!(
            l.line_of_sight(&gun, &screened, &[infantry], true),
            Err(Blocked::Unit(0))
        );
        // artillery on the other hill, far from the first, sees over the same screen
        let high_gun = base(10.0, 35.0, 90.0);
        let low_target = base(50.0, 35.0, 270.0);
        assert!(l
            .line_of_sight(&high_gun, &low_target, &[infantry], true)
            .is_ok());
        assert!(l
            .line_of_sight(&high_gun, &low_target, &[infantry], false)
            .is_err());
    }

    #[test]
    fn a_screen_setting_from_the_file_changes_the_answer() {
        let mut l = table(vec![(Kind::Brush, rect(20.0, 0.0, 24.0, 20.0))]);
        let shooter = base(10.0, 10.0, 90.0);
        let target = base(30.0, 10.0, 270.0);
        assert!(l.line_of_sight(&shooter, &target, &[], false).is_ok());
        let mut e = l.effect(Kind::Brush);
        e.screen = Screen::Beyond(3.0);
        l.effects.set(Kind::Brush, e);
        assert!(matches!(
            l.line_of_sight(&shooter, &target, &[], false),
            Err(Blocked::Through {
                kind: Kind::Brush,
                ..
            })
        ));
    }
}
