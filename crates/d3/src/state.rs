//! The state of a battle: every unit's place, hits and markers, whose turn and phase it is,
//! the armies' resolve, the dice and the log.

use crate::army::{self, eliminated, pinned};
use crate::scenario::{Army, Scenario};
use crate::units::{units, Type};
use fiw_engine::{Dice, Log, Outcome, RuleError};
use fiw_table::{Kind, Pose, Rect};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Set-up choices: a built-in scenario by name, or a scenario file's text (which goes through
/// the same checks).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Options {
    /// The built-in scenario (`fort-oswego`, `meeting`), or the name given to `text`.
    pub scenario: String,
    /// A scenario file's text, when not a built-in one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options { scenario: "fort-oswego".into(), text: None }
    }
}

/// The phases of an army's turn (Sequence of play); elimination and army resolve close the
/// turn when the charges phase is passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// 1. Movement.
    Movement,
    /// 2. Shooting.
    Shooting,
    /// 3. Charges.
    Charges,
}

impl Phase {
    /// The word in messages.
    pub fn word(self) -> &'static str {
        match self {
            Phase::Movement => "movement",
            Phase::Shooting => "shooting",
            Phase::Charges => "charges",
        }
    }
}

/// One unit on the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    /// Its army.
    pub army: Army,
    /// Its type.
    pub kind: Type,
    /// Where it stands.
    pub pose: Pose,
    /// Hits taken.
    pub hits: u8,
    /// Removed from the table.
    pub eliminated: bool,
    /// It moved (or pivoted, or formed square) this turn, so it may not shoot.
    pub moved: bool,
    /// It shot this turn.
    pub shot: bool,
    /// The shooting marker: the enemy it shot at, which holds it in combat until removed.
    pub engaged_with: Option<u8>,
    /// Formed in square.
    pub square: bool,
    /// The enemy this cavalry charged into contact with this turn, resolved in the charges
    /// phase.
    #[serde(default)]
    pub charging: Option<u8>,
}

/// A decision inside the shooting phase: the cavalry or skirmish unit `target` was shot at by
/// `shooter` for `hits` hits, and its army chooses whether it retires (Shooting).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    /// The unit that shot.
    pub shooter: u8,
    /// The unit shot at.
    pub target: u8,
    /// The hits rolled (at least 1).
    pub hits: u8,
}

/// A battle of D3 Horse & Musket.
#[derive(Clone, Debug, Serialize)]
pub struct D3 {
    pub(crate) options: Options,
    #[serde(skip)]
    pub(crate) scenario: Arc<Scenario>,
    #[serde(skip)]
    pub(crate) ids: Arc<Vec<String>>,
    pub(crate) units: Vec<Unit>,
    pub(crate) active: Army,
    pub(crate) phase: Phase,
    pub(crate) round: u32,
    pub(crate) resolve: [u32; 2],
    /// Whether each army's commander has given move orders this turn (a unit moved beyond its
    /// own allowance), which holds the commander still.
    pub(crate) orders_given: [bool; 2],
    /// A target's choice to retire, when one is due.
    pub(crate) pending: Option<Pending>,
    pub(crate) start_resolve: [u32; 2],
    pub(crate) dice: Dice,
    /// The readable log: not part of the state a digest proves (a game played with the log
    /// on and replayed with it off is the same game).
    #[serde(skip)]
    pub(crate) log: Log,
    pub(crate) outcome: Option<Outcome>,
    /// Every unit's base as it stands (kept with the poses, so that the many questions of a
    /// phase do not each turn a footprint into a rectangle again).
    #[serde(skip)]
    pub(crate) bases: Vec<Rect>,
    /// Whether each unit is in cover where it stands (kept with the poses: cover is asked of
    /// every unit at every decision).
    #[serde(skip)]
    pub(crate) cover: Vec<bool>,
    /// The candidate moves of each unit in the movement phase, worked out once and again only
    /// when a move could have changed them ([`crate::candidates`]).
    #[serde(skip)]
    pub(crate) moves: crate::candidates::MoveCache,
}

/// Whether two bases are within `limit` inches edge to edge, when their circles settle it:
/// `Some(false)` when their centres are farther apart than the limit and both circumscribed
/// radii, `Some(true)` when their inscribed circles are within it, `None` otherwise.
fn within_by_circles(a: &Rect, b: &Rect, limit: f64) -> Option<bool> {
    let d = a.centre().dist(b.centre());
    let (fa, fb) = (a.footprint(), b.footprint());
    let outer = (fa.frontage() * fa.frontage() + fa.depth() * fa.depth()).sqrt() / 2.0 + (fb.frontage() * fb.frontage() + fb.depth() * fb.depth()).sqrt() / 2.0;
    if d > limit + outer + 1e-3 {
        return Some(false);
    }
    let inner = fa.frontage().min(fa.depth()) / 2.0 + fb.frontage().min(fb.depth()) / 2.0;
    (d - inner <= limit - 1e-9).then_some(true)
}

/// Whether two bases are within `limit` inches, edge to edge: the same answer as
/// [`Rect::is_within`], settled first by circles where it can be (bases whose centres are far
/// apart are not within; bases whose inscribed circles are within are), since a phase asks this
/// thousands of times and most answers are plain.
pub fn bases_within(a: &Rect, b: &Rect, limit: f64) -> bool {
    if let Some(plain) = within_by_circles(a, b, limit) {
        return plain;
    }
    // the gap is no more than the distance: bases apart by more than it are not within
    if gap(a, b) > limit + fiw_table::EPS {
        return false;
    }
    fiw_table::within(bases_distance(a, b), limit)
}

/// Whether two bases overlap (share more than a touch): the same answer as [`Rect::overlaps`],
/// by the separating-axis test on the two directions of each base's edges (its opposite edges
/// give the same gap, so asking them again, as the general test of two polygons does, is
/// wasted).
pub fn bases_overlap(a: &Rect, b: &Rect) -> bool {
    gap(a, b) < -fiw_table::EPS
}

/// The separating-axis gap of two bases on the directions of their edges: positive when they
/// are apart (no more than the distance between them), negative when they overlap. Each base's
/// opposite edges give the same gap, so two directions a base are asked, not four.
fn gap(a: &Rect, b: &Rect) -> f64 {
    let (pa, pb) = (*a.polygon(), *b.polygon());
    let mut best = f64::NEG_INFINITY;
    for poly in [&pa, &pb] {
        for k in 0..2 {
            let d = poly[k + 1] - poly[k];
            let l = d.len();
            if l == 0.0 {
                continue;
            }
            let axis = fiw_table::Point::new(d.y / l, -d.x / l);
            let span = |ps: &[fiw_table::Point; 4]| ps.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| (lo.min(p.dot(axis)), hi.max(p.dot(axis))));
            let ((amin, amax), (bmin, bmax)) = (span(&pa), span(&pb));
            best = best.max((bmin - amax).max(amin - bmax));
        }
    }
    best
}

/// Whether base `a`, moving straight to `to` holding its facing, passes through base `b`
/// (the ground it sweeps overlaps `b` by more than a touch): the same answer as asking the
/// table's swept ground ([`fiw_table::sweep`]) whether it overlaps `b`. The swept ground is
/// the base stretched along the move, so its edges run along the base's own two directions
/// and along the move: the separating-axis test on those and `b`'s, with the base's extent
/// on each stretched by the move, needs no hull.
pub fn sweeps_through(a: &Rect, to: fiw_table::Point, b: &Rect) -> bool {
    use fiw_table::Point;
    let (pa, pb) = (*a.polygon(), *b.polygon());
    let m = to - a.centre();
    let mut axes: [Option<Point>; 5] = [None; 5];
    for (k, poly) in [&pa, &pb].into_iter().enumerate() {
        for e in 0..2 {
            let d = poly[e + 1] - poly[e];
            let l = d.len();
            if l > 0.0 {
                axes[k * 2 + e] = Some(Point::new(d.y / l, -d.x / l));
            }
        }
    }
    let l = m.len();
    if l > fiw_table::EPS {
        axes[4] = Some(Point::new(m.y / l, -m.x / l));
    }
    let mut best = f64::NEG_INFINITY;
    for axis in axes.into_iter().flatten() {
        let span = |ps: &[Point; 4]| ps.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| (lo.min(p.dot(axis)), hi.max(p.dot(axis))));
        let ((amin, amax), (bmin, bmax)) = (span(&pa), span(&pb));
        let shift = m.dot(axis);
        let (amin, amax) = (amin + shift.min(0.0), amax + shift.max(0.0));
        best = best.max((bmin - amax).max(amin - bmax));
    }
    best < -fiw_table::EPS
}

/// The distance between two bases, edge to edge: the same answer as [`Rect::distance`] (0 when
/// they touch or overlap, gaps of [`fiw_table::EPS`] counting as touching).
pub fn bases_distance(a: &Rect, b: &Rect) -> f64 {
    if gap(a, b) <= 0.0 {
        return 0.0;
    }
    // apart: the nearest points include a corner of one of them
    let (pa, pb) = (a.polygon(), b.polygon());
    let mut d2 = f64::INFINITY;
    for (p, q) in [(pa, pb), (pb, pa)] {
        for v in p {
            for k in 0..4 {
                let (e0, e1) = (q[k], q[(k + 1) % 4]);
                let e = e1 - e0;
                let t = ((*v - e0).dot(e) / e.dot(e)).clamp(0.0, 1.0);
                let w = *v - (e0 + e * t);
                d2 = d2.min(w.dot(w));
            }
        }
    }
    let d = d2.sqrt();
    if d <= fiw_table::EPS {
        0.0
    } else {
        d
    }
}

/// The distance from the straight line `from`–`to` to a base (0 if the line runs into it): a
/// move whose centre follows that line keeps its own base at least this far, less its
/// half-diagonal, from the other one, which settles most questions of a move without the exact
/// geometry of the moving base.
pub fn path_to_base(from: fiw_table::Point, to: fiw_table::Point, b: &Rect) -> f64 {
    use fiw_table::Point;
    let [fl, rl, _, fr] = *b.polygon();
    let fp = b.footprint();
    let (hd, hw) = (fp.depth() / 2.0, fp.frontage() / 2.0);
    let ahead = (fl - rl) * (1.0 / fp.depth());
    let right = (fr - fl) * (1.0 / fp.frontage());
    let c = b.centre();
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
    let to_box = |v: Point| Point::new((v.x.abs() - hd).max(0.0), (v.y.abs() - hw).max(0.0)).len();
    let seg = fiw_table::Segment::new(p, q);
    [Point::new(hd, hw), Point::new(hd, -hw), Point::new(-hd, hw), Point::new(-hd, -hw)]
        .into_iter()
        .map(|k| seg.distance_to_point(k))
        .fold(to_box(p).min(to_box(q)), f64::min)
}

/// How far `a` can move straight towards `to` before it comes within `limit` of `b`, edge to
/// edge: the same answer as [`Rect::first_within`], for two bases.
///
/// Moving `a` by `s` along the path puts it within `limit` of `b` when the point `s·v` lies in
/// the set of differences `b − a` grown by `limit`. The edges of that set are edges of one base
/// shifted by a corner of the other, and its corners are differences of corners, so the path
/// is met first on one of these: each edge of `b` shifted by the corners of `a` lowest along its
/// outward normal, each edge of `a` (reversed) shifted by the corners of `b` highest along its
/// outward normal, pushed out by `limit`, and the rounded corners at their ends. Every such
/// point lies within `limit` of the set, and its boundary is among them, so the nearest hit is
/// the answer; no hull is built (the general question of two polygons sorts sixteen points).
pub fn first_within(a: &Rect, to: fiw_table::Point, b: &Rect, limit: f64) -> Option<f64> {
    use fiw_table::{Point, EPS};
    let limit = if limit.is_finite() { limit.max(0.0) } else { return None };
    if within_exactly(a, b, limit) {
        return Some(0.0);
    }
    let path = to - a.centre();
    let length = path.len();
    if length <= EPS {
        return None;
    }
    let v = path * (1.0 / length);
    let (pa, pb) = (*a.polygon(), *b.polygon());
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
    // `sign` 1: edges of b, shifted by the corners of a lowest along the normal (minus them);
    // `sign` -1: edges of a reversed, shifted by the corners of b highest along the normal
    for (own, other, sign) in [(&pb, &pa, 1.0), (&pa, &pb, -1.0)] {
        for k in 0..4 {
            let (p, q) = (own[k] * sign, own[(k + 1) % 4] * sign);
            let d = q - p;
            let l = d.len();
            if l == 0.0 {
                continue;
            }
            let n = Point::new(d.y / l, -d.x / l);
            let reach = |c: &Point| n.dot(*c * -sign);
            let best = other.iter().map(reach).fold(f64::NEG_INFINITY, f64::max);
            for c in other.iter().filter(|c| reach(c) >= best - 1e-9) {
                let shift = *c * -sign;
                edge(p + shift, q + shift, n);
            }
        }
    }
    (first <= length + EPS).then_some(first.min(length))
}

/// Whether two bases are within `limit`, edge to edge, measured as [`Rect::first_within`]
/// measures the start of a move (the distance, gaps of [`fiw_table::EPS`] counting as touching).
fn within_exactly(a: &Rect, b: &Rect, limit: f64) -> bool {
    within_by_circles(a, b, limit).unwrap_or_else(|| bases_distance(a, b) <= limit)
}

/// The most units a battle may hold (unit numbers are one byte in actions).
pub const MAX_UNITS: usize = 250;

impl D3 {
    /// A battle of a checked scenario, with seeded dice.
    ///
    /// # Errors
    /// A scenario file that fails its checks or holds more than [`MAX_UNITS`] units.
    pub fn from_scenario(options: Options, scenario: Scenario, seed: u64) -> Result<D3, RuleError> {
        D3::from_shared(options, Arc::new(scenario), seed)
    }

    /// [`D3::from_scenario`] with a scenario already shared (a built-in one, read once).
    ///
    /// # Errors
    /// As [`D3::from_scenario`].
    pub fn from_shared(options: Options, scenario: Arc<Scenario>, seed: u64) -> Result<D3, RuleError> {
        let mut units_out = Vec::new();
        let mut ids = Vec::new();
        for army in Army::BOTH {
            for p in &scenario.armies[army.seat()].units {
                ids.push(p.id.clone());
                units_out.push(Unit {
                    army,
                    kind: p.kind,
                    pose: p.pose,
                    hits: 0,
                    eliminated: false,
                    moved: false,
                    shot: false,
                    engaged_with: None,
                    square: false,
                    charging: None,
                });
            }
        }
        if units_out.len() > MAX_UNITS {
            return Err(RuleError::new("scenario", format!("{} units on the table; fiw plays at most {MAX_UNITS}", units_out.len())));
        }
        let start = |a: Army| {
            let types: Vec<Type> = scenario.armies[a.seat()].units.iter().map(|u| u.kind).collect();
            army::starting_resolve(&types)
        };
        let start_resolve = [start(Army::British), start(Army::French)];
        let mut g = D3 {
            options,
            active: scenario.first,
            scenario,
            ids: Arc::new(ids),
            units: units_out,
            phase: Phase::Movement,
            round: 1,
            resolve: start_resolve,
            orders_given: [false; 2],
            pending: None,
            start_resolve,
            dice: Dice::new(seed),
            log: Log::new(true),
            outcome: None,
            bases: Vec::new(),
            cover: Vec::new(),
            moves: Default::default(),
        };
        g.bases = (0..g.units.len()).map(|i| units().get(g.units[i].kind).footprint.place(g.units[i].pose)).collect();
        g.cover = (0..g.units.len()).map(|i| g.in_cover_at(g.units[i].kind, &g.bases[i])).collect();
        g.refresh_moves();
        let (name, first) = (g.scenario.name.clone(), g.active.id());
        g.log.public(|| format!("{name}: the {first} move first"));
        Ok(g)
    }

    /// The same battle with unit `id` carrying `hits`: a position part-way through a battle,
    /// for worked examples and tests.
    ///
    /// # Errors
    /// No unit of that name.
    pub fn with_hits(mut self, id: &str, hits: u8) -> Result<D3, RuleError> {
        let i = self.unit_named(id).ok_or_else(|| RuleError::input(format!("no unit is called '{id}'")))?;
        self.units[i].hits = hits;
        self.moves.stale_all();
        self.refresh_moves();
        Ok(self)
    }

    /// The scenario being played.
    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// Every unit, British first, in the order of the scenario file.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// The name of unit `i` on the table.
    pub fn id(&self, i: usize) -> &str {
        self.ids.get(i).map(String::as_str).unwrap_or("?")
    }

    /// The unit named `id`.
    pub fn unit_named(&self, id: &str) -> Option<usize> {
        self.ids.iter().position(|u| u == id)
    }

    /// The choice to retire from fire that is due, if one is.
    pub fn pending(&self) -> Option<Pending> {
        self.pending
    }

    /// The army whose turn it is.
    pub fn active(&self) -> Army {
        self.active
    }

    /// The phase of its turn.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The round (each army has one turn a round).
    pub fn round(&self) -> u32 {
        self.round
    }

    /// An army's resolve left.
    pub fn resolve(&self, army: Army) -> u32 {
        self.resolve[army.seat()]
    }

    /// An army's resolve at the start.
    pub fn start_resolve(&self, army: Army) -> u32 {
        self.start_resolve[army.seat()]
    }

    /// The dice, for tests that force results.
    pub fn dice_mut(&mut self) -> &mut Dice {
        &mut self.dice
    }

    /// The base of unit `i` as it stands.
    pub fn rect(&self, i: usize) -> Rect {
        self.bases[i]
    }

    /// The base of unit `i`, borrowed.
    pub(crate) fn base(&self, i: usize) -> &Rect {
        &self.bases[i]
    }

    /// Puts unit `i` at `pose`, its base with it.
    pub(crate) fn set_pose(&mut self, i: usize, pose: Pose) {
        self.units[i].pose = pose;
        self.bases[i] = units().get(self.units[i].kind).footprint.place(pose);
        self.cover[i] = self.in_cover_at(self.units[i].kind, &self.bases[i]);
    }

    /// Eliminating Units: whether a base of `kind` at `rect` is in cover. Woods and towns
    /// cover whoever is in them; entrenchments cover infantry, skirmishers and artillery.
    pub fn in_cover_at(&self, kind: Type, rect: &Rect) -> bool {
        let layout = &self.scenario.layout;
        // the same answer as asking `Layout::under`, without clipping terrain that gives no cover
        layout.terrain().iter().any(|t| {
            layout.effect(t.kind).cover
                && (t.kind != Kind::Entrenchment || kind.covered_by_entrenchment())
                && t.polygon.holds(rect) != fiw_table::Containment::Outside
        })
    }

    /// Whether unit `i` is in cover where it stands.
    pub fn in_cover(&self, i: usize) -> bool {
        self.cover[i]
    }

    /// Whether unit `i` is held in place by its hits in cover (Eliminating Units).
    pub fn pinned(&self, i: usize) -> bool {
        pinned(self.units[i].hits, self.in_cover(i))
    }

    /// The living enemy units that can engage (every type but the commander: commanders
    /// cannot be engaged in combat, Army Commander), within `limit` inches of `rect`.
    pub(crate) fn enemies_within(&self, army: Army, rect: &Rect, limit: f64) -> Vec<usize> {
        self.enemies_near(army, rect, limit).collect()
    }

    /// [`D3::enemies_within`] without gathering them: the first, or whether there is any, is
    /// usually all that is asked.
    pub(crate) fn enemies_near<'a>(&'a self, army: Army, rect: &'a Rect, limit: f64) -> impl Iterator<Item = usize> + 'a {
        let centre = rect.centre();
        let reach = limit + rect.footprint().frontage().hypot(rect.footprint().depth()) / 2.0 + 1e-3;
        (0..self.units.len()).filter(move |j| {
            let v = &self.units[*j];
            v.army != army
                && !v.eliminated
                && v.kind != Type::Commander
                && centre.dist(v.pose.at) <= reach + units().radius(v.kind)
                && bases_within(rect, &self.bases[*j], limit)
        })
    }

    /// Disengaging: whether unit `i` is engaged in combat: an enemy within 6", or its shooting
    /// marker on an enemy still on the table.
    pub fn engaged(&self, i: usize) -> bool {
        match self.moves.engaged(i) {
            Some(e) => e,
            None => self.engaged_afresh(i),
        }
    }

    /// [`D3::engaged`] worked out from the table, not from what is kept: for keeping it, and
    /// for the tests that hold the kept answer to it.
    #[doc(hidden)]
    pub fn engaged_afresh(&self, i: usize) -> bool {
        let u = &self.units[i];
        if u.kind == Type::Commander {
            return false;
        }
        let marked = u.engaged_with.is_some_and(|t| self.units.get(t as usize).is_some_and(|v| !v.eliminated));
        marked || self.enemies_near(u.army, self.base(i), 6.0).next().is_some()
    }

    /// Takes unit `i` off the table, `why` in the log, and its loss off its army's resolve.
    pub(crate) fn remove(&mut self, i: usize, why: &str) {
        let (army, kind) = (self.units[i].army, self.units[i].kind);
        self.units[i].eliminated = true;
        self.units[i].charging = None;
        let s = army.seat();
        self.resolve[s] = self.resolve[s].saturating_sub(kind.resolve_loss());
        for u in &mut self.units {
            if u.engaged_with == Some(i as u8) {
                u.engaged_with = None;
            }
            if u.charging == Some(i as u8) {
                u.charging = None;
            }
        }
        let (id, left) = (self.id(i).to_string(), self.resolve[s]);
        self.log.public(|| format!("{id} is eliminated {why}; {} resolve {left}", army.id()));
    }

    /// Elimination and Army Resolve: removes every unit past its limit of hits, takes its
    /// loss off its army's resolve, and ends the battle when an army's resolve is gone.
    pub(crate) fn eliminate(&mut self) {
        for i in 0..self.units.len() {
            if self.units[i].eliminated || !eliminated(self.units[i].hits, self.in_cover(i)) {
                continue;
            }
            let hits = self.units[i].hits;
            self.remove(i, &format!("with {hits} hits"));
        }
        for army in [self.active.other(), self.active] {
            if self.resolve[army.seat()] == 0 && self.outcome.is_none() {
                self.outcome = Some(Outcome {
                    winner: Some(army.other().seat()),
                    turn: self.round,
                    reason: format!("the {} army's resolve is gone and it retires from the field", army.id()),
                });
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Fort Oswego as set up, seed 1.
    pub(crate) fn oswego() -> D3 {
        let s = Scenario::named("fort-oswego").unwrap();
        D3::from_scenario(Options::default(), s, 1).unwrap()
    }

    /// The fast measure of the 6" stop gives the table's answer, on bases of every size turned
    /// every way and moves in every direction.
    #[test]
    fn first_within_agrees_with_the_table() {
        use fiw_table::{Footprint, Point};
        let mut dice = fiw_engine::Dice::new(7);
        let mut r = |lo: f64, hi: f64| lo + (hi - lo) * dice.below(1_000_000) as f64 / 1_000_000.0;
        let mut hits = 0;
        for _ in 0..20_000 {
            let fa = Footprint::new(r(1.0, 4.0), r(1.0, 4.0)).unwrap();
            let fb = Footprint::new(r(1.0, 4.0), r(1.0, 4.0)).unwrap();
            // now and then square to each other, where edges line up exactly
            let (ta, tb) = if r(0.0, 1.0) < 0.2 { (90.0, 270.0) } else { (r(0.0, 360.0), r(0.0, 360.0)) };
            let a = fa.place(Pose::new(r(0.0, 20.0), r(0.0, 20.0), ta));
            let b = fb.place(Pose::new(r(0.0, 20.0), r(0.0, 20.0), tb));
            let to = Point::new(r(-10.0, 30.0), r(-10.0, 30.0));
            let limit = [0.0, 6.0, r(0.0, 8.0)][(r(0.0, 2.999)) as usize];
            let (mine, table) = (first_within(&a, to, &b, limit), a.first_within(to, &b, limit));
            match (mine, table) {
                (Some(x), Some(y)) => {
                    assert!((x - y).abs() < 1e-7, "{a:?} {b:?} {to:?} {limit}: {x} against {y}");
                    hits += 1;
                }
                (None, None) => {}
                _ => panic!("{a:?} {b:?} {to:?} {limit}: {mine:?} against {table:?}"),
            }
        }
        assert!(hits > 2_000, "{hits}");
    }

    /// The quick measures of two bases give the table's answers.
    #[test]
    fn distances_agree_with_the_table() {
        use fiw_table::Footprint;
        let mut dice = fiw_engine::Dice::new(9);
        let mut r = |lo: f64, hi: f64| lo + (hi - lo) * dice.below(1_000_000) as f64 / 1_000_000.0;
        for _ in 0..20_000 {
            let fa = Footprint::new(r(1.0, 4.0), r(1.0, 4.0)).unwrap();
            let fb = Footprint::new(r(1.0, 4.0), r(1.0, 4.0)).unwrap();
            let (ta, tb) = if r(0.0, 1.0) < 0.2 { (0.0, 90.0) } else { (r(0.0, 360.0), r(0.0, 360.0)) };
            let a = fa.place(Pose::new(r(0.0, 12.0), r(0.0, 12.0), ta));
            let b = fb.place(Pose::new(r(0.0, 12.0), r(0.0, 12.0), tb));
            let limit = r(0.0, 7.0);
            assert!((bases_distance(&a, &b) - a.distance(&b)).abs() < 1e-9, "{a:?} {b:?}");
            assert_eq!(bases_within(&a, &b, limit), a.is_within(&b, limit), "{a:?} {b:?} {limit}");
            assert_eq!(bases_overlap(&a, &b), a.overlaps(&b), "{a:?} {b:?}");
            let to = fiw_table::Point::new(r(-6.0, 18.0), r(-6.0, 18.0));
            use fiw_table::Shape;
            let swept = fiw_table::sweep(fa, a.centre(), to, ta);
            assert_eq!(sweeps_through(&a, to, &b), swept.overlaps_shape(&b), "{a:?} {b:?} {to:?}");
        }
    }

    #[test]
    fn fort_oswego_starts_with_the_french_to_move_and_full_resolve() {
        let g = oswego();
        assert_eq!((g.active(), g.phase(), g.round()), (Army::French, Phase::Movement, 1));
        // British: 13 units and the general, 7 + 1; French: 14 units and the general, 7 + 1
        assert_eq!((g.resolve(Army::British), g.resolve(Army::French)), (8, 8));
        assert!(g.units().iter().all(|u| u.hits == 0 && !u.eliminated));
        let art = g.unit_named("br-art").unwrap();
        assert!(g.in_cover(art), "the fort's gun is in cover");
        let gren = g.unit_named("br-reg-1a").unwrap();
        assert!(g.in_cover(gren), "the west earthwork covers its infantry");
        assert!(!g.in_cover(g.unit_named("fr-reg-1a").unwrap()));
    }
}
