//! 7 terrain, as the skirmish rules read the table: what ground costs each kind of mover
//! (7.2 difficult, 7.3 broken, 7.5 buildings, 7.6 roads), what a path crosses (7.4
//! obstacles, 7.5 walls), what conceals (7.7) and what covers (10.2).
//!
//! A figure is in a piece of ground when the centre of its base is (assumed: one rule for
//! every question, the D3 table's own reading of cover). A move's cost is measured along the
//! path of the centre of each figure's base: the length of each stretch times the ground's
//! multiplier there; a formed unit pays, at each moment, the worst multiplier any of its
//! figures meets (5.4 reading: it keeps order at the pace of its slowest part).

use crate::scenario::FeatureKind;
use crate::state::Skirmish;
use fiw_engine::RuleError;
use fiw_table::{Kind, Location, Passage, Point, Segment};

/// How a figure moves, for the costs of 7.2–7.6.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mover {
    /// Skirmishers, figures on their own, figures in disorder: full speed in broken ground,
    /// half in difficult.
    Loose,
    /// Infantry in line: half speed in broken ground, never in difficult.
    Formed,
    /// Infantry in column: half speed in broken ground, difficult only on a trail; the road's
    /// bonus.
    Column,
    /// Cavalry: a quarter in broken ground, never in difficult; in column, the road's bonus.
    Horse {
        /// In column (the road helps).
        column: bool,
    },
    /// Guns and wagons: a quarter in broken ground, never in difficult; the road's bonus.
    Wheels,
    /// Figures inside a building: half speed (7.5).
    Inside,
}

impl Mover {
    fn road(self) -> bool {
        matches!(
            self,
            Mover::Column | Mover::Wheels | Mover::Horse { column: true }
        )
    }

    /// 7.4 whether an obstacle of `kind` stops this mover where no crossing point serves it:
    /// a very high wall or a deep ditch stops everyone, abatis horses, guns and wagons.
    pub(crate) fn barred_by(self, kind: FeatureKind) -> bool {
        kind.needs_crossing()
            || (kind == FeatureKind::Abatis && matches!(self, Mover::Horse { .. } | Mover::Wheels))
    }
}

/// One stretch of a path: from `t0` to `t1` (fractions of it) at `mult` times its length.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stretch {
    /// Where it starts.
    pub t0: f64,
    /// Where it ends.
    pub t1: f64,
    /// The ground's multiplier.
    pub mult: f64,
}

/// What a straight path crosses of the obstacles and walls (7.4, 7.5).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Crossed {
    /// Obstacles crossed outside a gap, by index into the state's obstacles.
    pub obstacles: Vec<usize>,
    /// A ford entered.
    pub ford: bool,
    /// 7.4 the very high walls and deep ditches of `obstacles` crossed only at crossing points
    /// made on them (columns cross there as over a minor obstacle).
    pub at_crossing: Vec<usize>,
}

impl Skirmish {
    /// The ground's multiplier at `p` for `mover`, or the rule that keeps it out.
    pub(crate) fn ground_at(&self, p: Point, mover: Mover) -> Result<f64, RuleError> {
        let layout = &self.scenario.layout;
        // 7.5 buildings: only infantry, only as individuals inside, and never a burned one
        for (k, b) in self.buildings.iter().enumerate() {
            let f = &self.scenario.features[b.feature as usize];
            if f.area
                .as_ref()
                .is_some_and(|a| a.locate(p) == Location::Inside)
            {
                if b.burned {
                    return Err(RuleError::new(
                        "9.5",
                        format!("{} has burned down: nobody may go in", f.label()),
                    ));
                }
                return match mover {
                    Mover::Inside | Mover::Loose => Ok(2.0),
                    _ => Err(RuleError::new(
                        "7.5",
                        format!(
                            "only infantry enter {}, and then as individuals (building {k})",
                            f.label()
                        ),
                    )),
                };
            }
        }
        let mut on_road = None::<f64>;
        let mut worst = 1.0f64;
        let mut impassable: Option<String> = None;
        let mut crossing = false;
        let mut difficult = false;
        let mut steep = false;
        for t in layout.terrain() {
            if t.polygon.locate(p) == Location::Outside {
                continue;
            }
            match layout.effect(t.kind).passage {
                Passage::Impassable => impassable = Some(t.label().to_string()),
                Passage::Crossing => {
                    if t.kind == Kind::Bridge {
                        match self.bridge_state(t) {
                            Some(true) => continue,
                            Some(false) => {
                                // 13.2 a damaged bridge: infantry only, at half speed
                                if matches!(mover, Mover::Horse { .. } | Mover::Wheels) {
                                    return Err(RuleError::new(
                                        "13.2",
                                        format!(
                                            "{} is damaged: only infantry may cross it",
                                            t.label()
                                        ),
                                    ));
                                }
                                worst = worst.max(2.0);
                            }
                            None => {}
                        }
                    }
                    crossing = true;
                }
                Passage::Open => {}
            }
            match t.kind {
                Kind::Road => on_road = Some(on_road.map_or(2.0 / 3.0, |r| r.min(2.0 / 3.0))),
                Kind::Woods | Kind::Brush | Kind::Rocks => worst = worst.max(broken(mover)),
                _ => {}
            }
        }
        for f in &self.scenario.features {
            let Some(area) = &f.area else { continue };
            if f.kind == FeatureKind::Building || area.locate(p) == Location::Outside {
                continue;
            }
            match f.kind {
                FeatureKind::Highway => on_road = Some(0.5),
                FeatureKind::Thicket => difficult = true,
                FeatureKind::SteepRocky => {
                    difficult = true;
                    steep = true;
                }
                FeatureKind::Steep => {
                    steep = true;
                    worst = worst.max(broken(mover));
                }
                FeatureKind::Sand => worst = worst.max(broken(mover)),
                _ => {}
            }
        }
        // 13.2 a pontoon that spans is a bridge
        if impassable.is_some() && !crossing && self.on_deck(p) {
            crossing = true;
        }
        if let Some(name) = impassable {
            if !crossing {
                return Err(RuleError::new(
                    "7.1",
                    format!("no figure may cross {name} except at a ford or bridge"),
                ));
            }
        }
        if let (Some(r), true) = (on_road, mover.road()) {
            // 7.6 troops on a road ignore the ground beside it; where it crosses a steep hill
            // they move at their normal speed (no bonus, no slope)
            return Ok(if steep { 1.0 } else { r });
        }
        if on_road.is_some() {
            // a road is open ground to those it does not speed
            return Ok(1.0);
        }
        if difficult {
            return match mover {
                Mover::Loose | Mover::Inside => Ok(2.0),
                Mover::Column if self.on_trail(p) => Ok(2.0),
                Mover::Column => Err(RuleError::new(
                    "7.2",
                    "a column crosses difficult ground only along a trail",
                )),
                _ => Err(RuleError::new(
                    "7.2",
                    "difficult ground is closed to horses, wheels and close order (skirmishers cross it at half speed)",
                )),
            };
        }
        Ok(worst)
    }

    /// 13.2 the bridge terrain `t`: `Some(true)` destroyed, `Some(false)` damaged, `None`
    /// whole.
    fn bridge_state(&self, t: &fiw_table::Terrain) -> Option<bool> {
        let layout = &self.scenario.layout;
        let index = layout.terrain().iter().position(|x| std::ptr::eq(x, t))?;
        let k = self.scenario.sites.iter().position(
            |s| matches!(s.task, crate::scenario::Task::Demolish { bridge, .. } if bridge == index),
        )?;
        if self.sites.get(k).is_some_and(|x| x.destroyed) {
            Some(true)
        } else if self.bridge_damaged(k) {
            Some(false)
        } else {
            None
        }
    }

    /// Whether `p` lies on a trail (within half an inch of its line).
    pub(crate) fn on_trail(&self, p: Point) -> bool {
        self.scenario.features.iter().any(|f| {
            f.kind == FeatureKind::Trail
                && f.line
                    .as_ref()
                    .is_some_and(|l| l.distance_to_point(p) <= 0.5)
        })
    }

    /// The stretches of a straight path from `a` to `b` and what each costs `mover`, or the
    /// rule that refuses some part of it.
    pub(crate) fn stretches(
        &self,
        a: Point,
        b: Point,
        mover: Mover,
    ) -> Result<Vec<Stretch>, RuleError> {
        self.stretches_by(a, b, mover, &self.scenario.layout.crossings(a, b))
    }

    /// [`Skirmish::stretches`] with the terrain the path runs through given (a move asks
    /// what it crosses and what it costs of the same path).
    pub(crate) fn stretches_by(
        &self,
        a: Point,
        b: Point,
        mover: Mover,
        crossings: &[fiw_table::Crossing],
    ) -> Result<Vec<Stretch>, RuleError> {
        let seg = Segment::new(a, b);
        let len = seg.len();
        if len <= 1e-9 {
            return Ok(Vec::new());
        }
        let mut cuts = vec![0.0, 1.0];
        for c in crossings {
            cuts.push(c.enter / len);
            cuts.push(c.leave / len);
        }
        for f in &self.scenario.features {
            if let Some(area) = &f.area {
                for (t0, t1) in area.stretches(&seg) {
                    cuts.push(t0);
                    cuts.push(t1);
                }
            }
            if f.kind == FeatureKind::Trail {
                // a trail's edges are found by sampling: only a column in difficult ground
                // asks, and then for every half inch
                if let Some(line) = &f.line {
                    if line.distance_to_point(a).min(line.distance_to_point(b)) < len + 1.0 {
                        let n = (len / 0.5).ceil() as usize;
                        for k in 1..n {
                            cuts.push(k as f64 / n as f64);
                        }
                    }
                }
            }
        }
        for d in &self.works.decks {
            for (t0, t1) in d.stretches(&seg) {
                cuts.push(t0);
                cuts.push(t1);
            }
        }
        cuts.sort_by(f64::total_cmp);
        cuts.dedup_by(|x, y| (*x - *y).abs() < 1e-9);
        let mut out: Vec<Stretch> = Vec::with_capacity(cuts.len());
        for w in cuts.windows(2) {
            let (t0, t1) = (w[0].clamp(0.0, 1.0), w[1].clamp(0.0, 1.0));
            if t1 - t0 <= 1e-12 {
                continue;
            }
            let mult = self.ground_at(seg.at((t0 + t1) / 2.0), mover)?;
            match out.last_mut() {
                Some(s) if (s.mult - mult).abs() < 1e-12 => s.t1 = t1,
                _ => out.push(Stretch { t0, t1, mult }),
            }
        }
        // the end itself must be ground the mover may stand on
        self.ground_at(b, mover)?;
        Ok(out)
    }

    /// [`Skirmish::stretches`] that, instead of refusing, ends the path with a stretch the
    /// mover cannot pay for (an infinite multiplier) where it meets ground closed to it: how
    /// far a charger can run before it.
    pub(crate) fn stretches_lenient(
        &self,
        a: Point,
        b: Point,
        mover: Mover,
    ) -> Result<Vec<Stretch>, RuleError> {
        let seg = Segment::new(a, b);
        let len = seg.len();
        if len <= 1e-9 {
            return Ok(Vec::new());
        }
        let mut cuts = vec![0.0, 1.0];
        for c in self.scenario.layout.crossings(a, b) {
            cuts.push(c.enter / len);
            cuts.push(c.leave / len);
        }
        for f in &self.scenario.features {
            if let Some(area) = &f.area {
                for (t0, t1) in area.stretches(&seg) {
                    cuts.push(t0);
                    cuts.push(t1);
                }
            }
        }
        for d in &self.works.decks {
            for (t0, t1) in d.stretches(&seg) {
                cuts.push(t0);
                cuts.push(t1);
            }
        }
        cuts.sort_by(f64::total_cmp);
        cuts.dedup_by(|x, y| (*x - *y).abs() < 1e-9);
        let mut out: Vec<Stretch> = Vec::with_capacity(cuts.len());
        for w in cuts.windows(2) {
            let (t0, t1) = (w[0].clamp(0.0, 1.0), w[1].clamp(0.0, 1.0));
            if t1 - t0 <= 1e-12 {
                continue;
            }
            match self.ground_at(seg.at((t0 + t1) / 2.0), mover) {
                Ok(mult) => out.push(Stretch { t0, t1, mult }),
                Err(_) => {
                    out.push(Stretch {
                        t0,
                        t1,
                        mult: f64::INFINITY,
                    });
                    break;
                }
            }
        }
        Ok(out)
    }

    /// The cost in inches of a straight path for `mover` (5.4, 7.2–7.6).
    pub(crate) fn path_cost(&self, a: Point, b: Point, mover: Mover) -> Result<f64, RuleError> {
        self.path_cost_by(a, b, mover, &self.scenario.layout.crossings(a, b))
    }

    /// [`Skirmish::path_cost`] with the terrain the path runs through given.
    pub(crate) fn path_cost_by(
        &self,
        a: Point,
        b: Point,
        mover: Mover,
        crossings: &[fiw_table::Crossing],
    ) -> Result<f64, RuleError> {
        let len = a.dist(b);
        Ok(self
            .stretches_by(a, b, mover, crossings)?
            .iter()
            .map(|s| (s.t1 - s.t0) * len * s.mult)
            .sum())
    }

    /// The cost of moving several figures along parallel paths of the same length together
    /// (a formed unit): at each moment the worst multiplier any of them meets.
    pub(crate) fn block_cost(&self, len: f64, stretches: &[Vec<Stretch>]) -> f64 {
        let mut cuts: Vec<f64> = vec![0.0, 1.0];
        for s in stretches {
            for x in s {
                cuts.push(x.t0);
                cuts.push(x.t1);
            }
        }
        cuts.sort_by(f64::total_cmp);
        cuts.dedup_by(|x, y| (*x - *y).abs() < 1e-12);
        let mut cost = 0.0;
        for w in cuts.windows(2) {
            let mid = (w[0] + w[1]) / 2.0;
            let worst = stretches
                .iter()
                .filter_map(|s| {
                    s.iter()
                        .find(|x| x.t0 <= mid && mid <= x.t1)
                        .map(|x| x.mult)
                })
                .fold(1.0f64, f64::max);
            cost += (w[1] - w[0]) * len * worst;
        }
        cost
    }

    /// 7.4, 7.5 what a straight path crosses: obstacles outside their gaps, a ford entered;
    /// or the rule a wall sets (no figure passes through a building's wall but by a door, a
    /// window or a breach).
    pub(crate) fn crossed(&self, a: Point, b: Point) -> Result<Crossed, RuleError> {
        self.crossed_by(a, b, &self.scenario.layout.crossings(a, b))
    }

    /// [`Skirmish::crossed`] with the terrain the path runs through given.
    pub(crate) fn crossed_by(
        &self,
        a: Point,
        b: Point,
        crossings: &[fiw_table::Crossing],
    ) -> Result<Crossed, RuleError> {
        let seg = Segment::new(a, b);
        let mut out = Crossed::default();
        for b in &self.buildings {
            if b.walls.blocks(&seg) {
                let f = &self.scenario.features[b.feature as usize];
                return Err(RuleError::new(
                    "7.5",
                    format!(
                        "no figure passes through the walls of {}, only by its doors and windows",
                        f.label()
                    ),
                ));
            }
        }
        for (k, o) in self.obstacles.iter().enumerate() {
            if o.line.blocks(&seg) {
                out.obstacles.push(k);
                if self.obstacle_kind(k).needs_crossing() && self.at_crossing(k, &seg) {
                    out.at_crossing.push(k);
                }
            }
        }
        for c in crossings {
            if c.kind == Kind::Ford && c.enter > 1e-9 {
                out.ford = true;
            }
        }
        Ok(out)
    }

    /// The kind of obstacle `k` of the state's obstacles.
    pub(crate) fn obstacle_kind(&self, k: usize) -> FeatureKind {
        self.scenario.features[self.obstacles[k].feature as usize].kind
    }

    /// 4.2 how far a base stands from building `b`'s walls, edge to edge (0 touching or
    /// inside): for two convex shapes apart, the least of each one's corners from the other.
    pub(crate) fn wall_distance(&self, b: usize, base: &fiw_table::Rect) -> f64 {
        let Some(area) = self.scenario.features[self.buildings[b].feature as usize]
            .area
            .as_ref()
        else {
            return f64::INFINITY;
        };
        let to_walls = base
            .corners()
            .iter()
            .map(|&c| area.distance_to_point(c))
            .fold(f64::INFINITY, f64::min);
        area.points()
            .iter()
            .map(|&p| base.distance_to_point(p))
            .fold(to_walls, f64::min)
    }

    /// The building (its index among the buildings) whose floor holds `p`.
    pub(crate) fn building_at(&self, p: Point) -> Option<usize> {
        self.buildings.iter().position(|b| {
            self.scenario.features[b.feature as usize]
                .area
                .as_ref()
                .is_some_and(|a| a.locate(p) == Location::Inside)
        })
    }

    /// 7.7 concealing ground at `p`: woods, brush, rocks, or dead ground.
    pub(crate) fn concealing(&self, p: Point) -> bool {
        let layout = &self.scenario.layout;
        layout.terrain().iter().any(|t| {
            matches!(t.kind, Kind::Woods | Kind::Brush | Kind::Rocks)
                && t.polygon.locate(p) != Location::Outside
        }) || self.dead_ground(p)
    }

    /// 7.7 dead ground at `p`.
    pub(crate) fn dead_ground(&self, p: Point) -> bool {
        self.scenario.features.iter().any(|f| {
            f.kind == FeatureKind::DeadGround
                && f.area
                    .as_ref()
                    .is_some_and(|a| a.locate(p) != Location::Outside)
        })
    }

    /// Whether `p` is in woods (7.7: sight reaches 6" into them).
    pub(crate) fn in_woods(&self, p: Point) -> bool {
        self.scenario
            .layout
            .terrain()
            .iter()
            .any(|t| t.kind == Kind::Woods && t.polygon.locate(p) != Location::Outside)
    }

    /// 10.2 whether a figure at `p` fired on from `from` is behind hard cover: inside a
    /// building, in a fort's walls or an entrenchment, or with a low wall, high wall or
    /// earthwork across the line of fire within 1" of it.
    pub(crate) fn hard_cover(&self, p: Point, from: Point) -> bool {
        if self.building_at(p).is_some() {
            return true;
        }
        let layout = &self.scenario.layout;
        if layout.terrain().iter().any(|t| {
            matches!(t.kind, Kind::FortWall | Kind::Entrenchment)
                && t.polygon.locate(p) != Location::Outside
        }) {
            return true;
        }
        let seg = Segment::new(from, p);
        let len = seg.len();
        self.obstacles.iter().any(|o| {
            let kind = self.scenario.features[o.feature as usize].kind;
            kind.is_hard_cover()
                && o.line
                    .crossings(&seg)
                    .iter()
                    .any(|c| c.gap.is_none() && (1.0 - c.t) * len <= 1.0 + 1e-9)
        })
    }

    /// 10.2 brush or rocks at `p`: cover for native units against small arms (and woods
    /// with the scenario option `native-woods-cover`, the reading 17.6 the text's list does
    /// not bear out).
    pub(crate) fn native_cover(&self, p: Point) -> bool {
        let woods = self.scenario.option("native-woods-cover");
        self.scenario.layout.terrain().iter().any(|t| {
            (matches!(t.kind, Kind::Brush | Kind::Rocks) || woods && t.kind == Kind::Woods)
                && t.polygon.locate(p) != Location::Outside
        })
    }

    /// Broken or difficult ground, or a building or obstacle, at `p` (11.2 "in the open").
    pub(crate) fn open_ground(&self, p: Point) -> bool {
        if self.building_at(p).is_some() {
            return false;
        }
        matches!(self.ground_at(p, Mover::Formed), Ok(m) if m <= 1.0)
            && matches!(self.ground_at(p, Mover::Loose), Ok(m) if m <= 1.0)
    }
}

/// 7.3 the multiplier of broken ground.
fn broken(mover: Mover) -> f64 {
    match mover {
        Mover::Loose | Mover::Inside => 1.0,
        Mover::Formed | Mover::Column => 2.0,
        Mover::Horse { .. } | Mover::Wheels => 4.0,
    }
}
