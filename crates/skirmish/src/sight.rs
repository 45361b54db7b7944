//! 14.1 sight, figure to figure: what "visible" and "in sight" mean everywhere in the rules.
//!
//! A figure sees another when a sight line from the centre of its base to the other's centre
//! (or failing that to one of its corners) is clear: no other figure's base across it (its own
//! unit's figures never block it; a unit in close order blocks as a solid block, its files
//! base to base, 1.2), no more than 6" of woods along it (the table crate's rule),
//! no hill or town between, no building's wall but through a door, window or breach. A figure
//! in woods is seen from outside those woods only within 6" (edge to edge), and two figures in
//! woods see each other only within 6" (7.7, the settled reading 17.3). Figures within 3" of
//! each other always see each other (7.7), except through walls. A figure inside a building
//! looks out, and is seen, through the building's openings.
//!
//! Sight is always asked for one side: the figures of enemy units hidden from that side are
//! not on its table at all (7.7), and neither block its sight nor are seen.

use crate::scenario::Side;
use crate::state::Skirmish;
use fiw_table::{Point, Rect, Segment, EPS};

/// An upright box: its south-west and north-east corners.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bbox {
    pub(crate) lo: Point,
    pub(crate) hi: Point,
}

impl Bbox {
    pub(crate) fn empty() -> Self {
        Bbox {
            lo: Point::new(f64::INFINITY, f64::INFINITY),
            hi: Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
        }
    }

    pub(crate) fn add(&mut self, p: Point, r: f64) {
        self.lo = Point::new(self.lo.x.min(p.x - r), self.lo.y.min(p.y - r));
        self.hi = Point::new(self.hi.x.max(p.x + r), self.hi.y.max(p.y + r));
    }

    pub(crate) fn meets(&self, o: &Bbox) -> bool {
        self.lo.x <= o.hi.x && o.lo.x <= self.hi.x && self.lo.y <= o.hi.y && o.lo.y <= self.hi.y
    }
}

impl Skirmish {
    /// Whether `viewer` knows unit `u` is on the table: its own, or an enemy not hidden (7.7).
    pub fn known_to(&self, viewer: Side, u: usize) -> bool {
        let unit = &self.units[u];
        unit.in_play() && (unit.side == viewer || !unit.hidden)
    }

    /// The box round unit `u`'s figures on the table, or `None` when it has none there.
    pub(crate) fn unit_box(&self, u: usize) -> Option<Bbox> {
        if !self.cache.on {
            return self.unit_box_afresh(u);
        }
        let boxes = self.cache.boxes.get_or_init(|| {
            (0..self.units.len())
                .map(|v| self.unit_box_afresh(v))
                .collect()
        });
        boxes.get(u).copied().flatten()
    }

    fn unit_box_afresh(&self, u: usize) -> Option<Bbox> {
        let mut b = Bbox::empty();
        let mut any = false;
        for f in self.table_figures(u) {
            let fp = self.footprint(f);
            b.add(self.figures[f].pose.at, (fp.frontage() + fp.depth()) / 2.0);
            any = true;
        }
        any.then_some(b)
    }

    /// The bases that may block the sight of `viewer`'s figures within the box `within`:
    /// every figure on the table of a unit `viewer` knows, but those of the units `skip` (a
    /// unit's own figures never block its sight or its fire).
    pub(crate) fn blockers(
        &self,
        viewer: Side,
        skip: &[usize],
        within: &Bbox,
    ) -> Vec<(usize, Rect)> {
        let mut out = Vec::new();
        for u in 0..self.units.len() {
            if skip.contains(&u) || !self.known_to(viewer, u) {
                continue;
            }
            match self.unit_box(u) {
                Some(b) if b.meets(within) => {}
                _ => continue,
            }
            for f in self.table_figures(u) {
                out.push((f, self.solid_base(f)));
            }
        }
        out
    }

    /// Figure `f`'s base as it blocks sight and fire: in close order (line or column) grown
    /// by the gap between files and ranks, so that the men of a formed unit, shoulder to
    /// shoulder (1.2: base to base), let no sight line through between them.
    pub(crate) fn solid_base(&self, f: usize) -> Rect {
        let u = self.figures[f].unit as usize;
        if !self.units[u].formation.is_close_order() {
            return self.bases[f];
        }
        let fp = self.footprint(f);
        let grow = crate::formation::CLOSE_GAP + 0.02;
        match fiw_table::Footprint::new(fp.frontage() + grow, fp.depth() + grow) {
            Ok(solid) => solid.place(self.figures[f].pose),
            Err(_) => self.bases[f],
        }
    }

    /// The box round units `units` and `other` together.
    pub(crate) fn box_of(&self, units: &[usize]) -> Option<Bbox> {
        let mut b = Bbox::empty();
        let mut any = false;
        for &u in units {
            if let Some(x) = self.unit_box(u) {
                b.add(x.lo, 0.0);
                b.add(x.hi, 0.0);
                any = true;
            }
        }
        any.then_some(b)
    }

    /// The points a figure looks from (or is seen at): its centre, or, inside a building, the
    /// middles of the building's openings.
    fn eyes(&self, f: usize) -> (Vec<Point>, Option<usize>) {
        let p = self.figures[f].pose.at;
        match self.building_at(p) {
            Some(b) => {
                let walls = &self.buildings[b].walls;
                let eyes = (0..walls.gaps().len())
                    .filter_map(|g| walls.gap_centre(g))
                    .collect();
                (eyes, Some(b))
            }
            None => (vec![p], None),
        }
    }

    /// Whether a sight line crosses a building's wall other than by an opening.
    pub(crate) fn walls_block(&self, line: &Segment) -> bool {
        self.buildings.iter().any(|b| b.walls.blocks(line))
    }

    /// Whether figure `a` sees figure `b` (14.1), as `a`'s side knows the table.
    pub fn fig_sees(&self, a: usize, b: usize) -> bool {
        if !self.on_table(a) || !self.on_table(b) {
            return false;
        }
        let viewer = self.units[self.figures[a].unit as usize].side;
        let mut area = Bbox::empty();
        area.add(self.figures[a].pose.at, 2.0);
        area.add(self.figures[b].pose.at, 2.0);
        let blockers = self.blockers(viewer, &[self.figures[a].unit as usize], &area);
        self.fig_sees_among(a, b, &blockers)
    }

    /// [`Skirmish::fig_sees`] with the blocking bases given.
    pub(crate) fn fig_sees_among(&self, a: usize, b: usize, blockers: &[(usize, Rect)]) -> bool {
        let (ra, rb) = (self.bases[a], self.bases[b]);
        let (eyes_a, in_a) = self.eyes(a);
        let (eyes_b, in_b) = self.eyes(b);
        if in_a.is_some() && in_a == in_b {
            return true;
        }
        let distance = ra.distance(&rb);
        // 7.7 woods: looking in reaches 6", and within woods too
        let (pa, pb) = (self.figures[a].pose.at, self.figures[b].pose.at);
        let woods_b = self.in_woods(pb);
        if woods_b && distance > 6.0 + EPS && distance > 3.0 + EPS {
            return false;
        }
        let close = distance <= 3.0 + EPS;
        let others: Vec<Rect> = blockers
            .iter()
            .filter(|(f, _)| *f != b && *f != a)
            .map(|(_, r)| *r)
            .collect();
        let targets: Vec<Point> = match in_b {
            Some(_) => eyes_b,
            None => {
                let mut t = vec![pb];
                t.extend(rb.corners());
                t
            }
        };
        let _ = pa;
        for eye in &eyes_a {
            for tgt in &targets {
                let line = Segment::new(*eye, *tgt);
                if self.walls_block(&line) {
                    continue;
                }
                if close {
                    return true;
                }
                if self
                    .scenario
                    .layout
                    .sight_line(&line, &ra, &rb, &others, false)
                    .is_ok()
                {
                    return true;
                }
            }
        }
        false
    }

    /// Whether some figure of unit `u` sees some figure of unit `v` (14.1), as `u`'s side
    /// knows the table: never a unit hidden from it.
    pub fn unit_sees(&self, u: usize, v: usize) -> bool {
        let viewer = self.units[u].side;
        if !self.known_to(viewer, v) {
            return false;
        }
        let Some(area) = self.box_of(&[u, v]) else {
            return false;
        };
        let blockers = self.blockers(viewer, &[u], &area);
        let theirs: Vec<usize> = self.table_figures(v).collect();
        self.table_figures(u)
            .any(|a| theirs.iter().any(|&b| self.fig_sees_among(a, b, &blockers)))
    }

    /// The least distance, edge to edge, between the figures on the table of units `u` and
    /// `v` (14.2), infinite when either has none there.
    pub fn unit_distance(&self, u: usize, v: usize) -> f64 {
        if !self.cache.on {
            return self.unit_distance_afresh(u, v);
        }
        let (a, b) = (u as u8, v as u8);
        if let Ok(known) = self.cache.distances.lock() {
            if let Some(&(_, _, d)) = known.iter().find(|(x, y, _)| *x == a && *y == b) {
                return d;
            }
        }
        let d = self.unit_distance_afresh(u, v);
        if let Ok(mut known) = self.cache.distances.lock() {
            known.push((a, b, d));
        }
        d
    }

    fn unit_distance_afresh(&self, u: usize, v: usize) -> f64 {
        let mine: Vec<usize> = self.table_figures(u).collect();
        let theirs: Vec<usize> = self.table_figures(v).collect();
        // the nearest centres first: no pair of bases can be nearer than their centres less
        // both half-diagonals, so only the pairs near the nearest centres are measured
        let radius = |f: usize| {
            let fp = self.footprint(f);
            fp.frontage().hypot(fp.depth()) / 2.0
        };
        let mut near = f64::INFINITY;
        let mut widest = 0.0f64;
        for &a in &mine {
            widest = widest.max(radius(a));
            for &b in &theirs {
                near = near.min(self.figures[a].pose.at.dist(self.figures[b].pose.at));
            }
        }
        for &b in &theirs {
            widest = widest.max(radius(b));
        }
        let limit = near + 2.0 * widest;
        let mut best = f64::INFINITY;
        for &a in &mine {
            for &b in &theirs {
                let c = self.figures[a].pose.at.dist(self.figures[b].pose.at);
                if c > limit || c - 2.0 * widest > best {
                    continue;
                }
                best = best.min(self.bases[a].distance(&self.bases[b]));
            }
        }
        best
    }
}
