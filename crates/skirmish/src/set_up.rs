//! S1 the defender's set-up before play (the text's scenario 1): it places its battalion and
//! grenadiers anywhere up to the farm, in their formation and any facing, and lays up to 12"
//! of abatis in straight pieces, then says it is ready. A scenario file declares which units
//! and abatis a side sets up ([`crate::scenario::SetUp`]); their places in the file are the
//! defaults, so `ready` at once plays the scenario as it was. Its hidden units keep their
//! own deployment in concealing ground (7.7), which follows.

use crate::actions::{point, tenths, Action};
use crate::formation::Formation;
use crate::scenario::{set_up::MIN_PIECE, SetUp, Side};
use crate::state::{Phase, Skirmish};
use crate::terrain::Mover;
use crate::troops::Troop;
use fiw_engine::RuleError;
use fiw_table::{inches, Barrier, Location, Point, Pose, Segment};

impl Skirmish {
    /// S1 the set-up `side` makes before play, if its scenario gives it one.
    pub fn set_up_of(&self, side: Side) -> Option<&SetUp> {
        self.scenario.sides[side.index()].set_up.as_ref()
    }

    /// Starts the first side's set-up, or the hidden units' deployment if no side sets up.
    pub(crate) fn begin_set_up(&mut self) {
        self.next_set_up(None);
    }

    /// The set-up of the first side after `done` (or the first) that sets up, or the
    /// deployment of hidden units (7.7) once none is left.
    fn next_set_up(&mut self, done: Option<Side>) {
        let after = match done {
            None => &Side::BOTH[..],
            Some(Side::British) => &Side::BOTH[1..],
            Some(Side::French) => &[],
        };
        for &side in after {
            if let Some(s) = self.set_up_of(side) {
                let (name, rule) = (side.name(), s.rule.clone());
                self.phase = Phase::SetUp(side);
                self.log.public(|| {
                    format!("the {name} set up their units and abatis ({rule}): set, abatis, lift, ready")
                });
                return;
            }
        }
        self.begin_deployment();
    }

    /// The units `side` places in its set-up, by unit index, those still in the game.
    pub fn set_up_units(&self, side: Side) -> Vec<usize> {
        let first = self.first_unit(side);
        self.set_up_of(side).map_or(Vec::new(), |s| {
            s.units
                .iter()
                .map(|&k| first + k)
                .filter(|&u| self.units[u].in_play())
                .collect()
        })
    }

    /// The pieces of abatis `side`'s set-up has laid (by index into the obstacles), in the
    /// order `lift abatis N` numbers them from 1.
    pub fn set_up_pieces(&self, side: Side) -> Vec<usize> {
        let Some(s) = self.set_up_of(side) else {
            return Vec::new();
        };
        (0..self.obstacles.len())
            .filter(|&k| {
                let f = usize::from(self.obstacles[k].feature);
                f == s.laid || s.pieces.contains(&f)
            })
            .collect()
    }

    /// Each piece of abatis the set-ups have laid, end to end (what a page draws; the abatis
    /// is on the table for both sides to see).
    pub fn set_up_abatis(&self) -> Vec<[Point; 2]> {
        Side::BOTH
            .iter()
            .flat_map(|&s| self.set_up_pieces(s))
            .filter_map(|k| {
                let pts = self.obstacles[k].line.points();
                Some([*pts.first()?, *pts.last()?])
            })
            .collect()
    }

    /// Inches of abatis `side` has laid.
    pub fn abatis_laid(&self, side: Side) -> f64 {
        self.set_up_pieces(side)
            .iter()
            .map(|&k| self.obstacles[k].line.length())
            .sum()
    }

    /// Where unit `u`'s figures stand set up with its anchor at `at` facing `facing`: a
    /// formed unit in its formation's slots; a loose one as it stands, turned and carried.
    pub(crate) fn set_up_layout(&self, u: usize, at: Point, facing: f64) -> Vec<(usize, Pose)> {
        let unit = &self.units[u];
        let anchor = Pose::new(at.x, at.y, facing);
        if let Some(slots) = self.slots_for(u, unit.formation, anchor, &[]) {
            return slots;
        }
        let turn = facing - unit.anchor.facing;
        self.present_figures(u)
            .map(|f| {
                let p = self.figures[f].pose;
                let off = p.at.rotated_about(unit.anchor.at, turn) - unit.anchor.at;
                (f, Pose::new(at.x + off.x, at.y + off.y, p.facing + turn))
            })
            .collect()
    }

    /// A figure of a hidden unit not yet deployed (7.7): it is nowhere until it is, and the
    /// set-up neither meets it nor is kept from its place.
    fn waiting_hidden(&self, f: usize) -> bool {
        let u = usize::from(self.figures[f].unit);
        self.units[u].hidden && !self.deployed.contains(&(u as u8))
    }

    /// S1 whether the set-up's order `a` is allowed.
    pub(crate) fn check_set_up(&self, side: Side, a: &Action) -> Result<(), RuleError> {
        let Some(s) = self.set_up_of(side) else {
            return Err(RuleError::new("S1", "this side has no set-up"));
        };
        let rule = s.rule.as_str();
        match *a {
            Action::SetUp { unit, x, y, facing } => {
                let u = usize::from(unit);
                if u >= self.units.len() || !self.set_up_units(side).contains(&u) {
                    let which = self
                        .set_up_units(side)
                        .iter()
                        .map(|&v| self.id(v).to_string())
                        .collect::<Vec<_>>()
                        .join(", ");
                    let id = self.units.get(u).map_or("that unit", |_| self.id(u));
                    return Err(RuleError::new(
                        rule,
                        format!("{id} is not one the {} set up; they place {which}", side.name()),
                    ));
                }
                self.check_set(s, u, point(x, y), f64::from(facing))
            }
            Action::Abatis { x, y, x2, y2 } => self.check_abatis(s, side, point(x, y), point(x2, y2)),
            Action::Lift { piece } => {
                let n = self.set_up_pieces(side).len();
                if piece == 0 || usize::from(piece) > n {
                    return Err(RuleError::new(
                        rule,
                        if n == 0 {
                            "no abatis is laid to lift".to_string()
                        } else {
                            format!("the pieces of abatis laid are numbered 1 to {n}")
                        },
                    ));
                }
                Ok(())
            }
            Action::Ready => Ok(()),
            _ => Err(RuleError::new(
                rule,
                format!(
                    "the {} set up first: set UNIT at X,Y facing DEG, abatis X,Y to X,Y, lift abatis N, ready",
                    side.name()
                ),
            )),
        }
    }

    /// S1 unit `u` set up with its anchor at `at`: every figure on the table, inside the zone,
    /// on ground its formation may stand in, on no other figure and across no obstacle.
    fn check_set(&self, s: &SetUp, u: usize, at: Point, facing: f64) -> Result<(), RuleError> {
        let rule = s.rule.as_str();
        let id = self.id(u);
        let bounds = *self.scenario.layout.bounds();
        let mover = match (self.units[u].troop, self.units[u].formation) {
            (Troop::Cavalry, _) => Mover::Horse {
                column: matches!(self.units[u].formation, Formation::Column { .. }),
            },
            (Troop::Artillery | Troop::Wagon, _) | (_, Formation::Battery) => Mover::Wheels,
            (_, Formation::Line { .. }) => Mover::Formed,
            (_, Formation::Column { .. }) => Mover::Column,
            _ => Mover::Loose,
        };
        let places = self.set_up_layout(u, at, facing);
        for &(f, p) in &places {
            let rect = self.footprint(f).place(p);
            if !bounds.holds(&rect) {
                return Err(RuleError::new(
                    rule,
                    format!("{id} would stand off the table"),
                ));
            }
            if let Some(c) = rect
                .corners()
                .into_iter()
                .find(|&c| s.zone.locate(c) == Location::Outside)
            {
                return Err(RuleError::new(
                    rule,
                    format!(
                        "{},{} is beyond where the set-up may go ({})",
                        inches(c.x),
                        inches(c.y),
                        s.zone_words
                    ),
                ));
            }
            if let Err(e) = self.ground_at(p.at, mover) {
                return Err(RuleError::new(
                    rule,
                    format!(
                        "{id} in its formation cannot stand at {},{}: {} ({})",
                        inches(p.at.x),
                        inches(p.at.y),
                        e.message,
                        e.rule
                    ),
                ));
            }
            if self.building_at(p.at).is_some() {
                return Err(RuleError::new(
                    rule,
                    format!("{id} is set up outside the buildings (7.5: men go in as individuals)"),
                ));
            }
            for g in 0..self.figures.len() {
                let gu = usize::from(self.figures[g].unit);
                if gu == u || !self.on_table(g) || self.waiting_hidden(g) {
                    continue;
                }
                if self.bases[g].overlaps(&rect) {
                    return Err(RuleError::new(
                        rule,
                        format!("{id} would stand on {}'s figures (5.5)", self.id(gu)),
                    ));
                }
            }
            for o in &self.obstacles {
                if o.line.pieces().any(|seg| rect.crossed_by(&seg).is_some()) {
                    let label = self.scenario.features[usize::from(o.feature)].label();
                    return Err(RuleError::new(
                        rule,
                        format!("{id} would stand across {label}"),
                    ));
                }
            }
        }
        Ok(())
    }

    /// S1 a straight piece of abatis from `a` to `b`: at least 2", within what is left of the
    /// side's inches, wholly in the zone, through no river, building or figure.
    fn check_abatis(&self, s: &SetUp, side: Side, a: Point, b: Point) -> Result<(), RuleError> {
        let rule = s.rule.as_str();
        let len = a.dist(b);
        if len < MIN_PIECE - 1e-9 {
            return Err(RuleError::new(
                rule,
                format!(
                    "a piece of abatis is at least {}\" long, not {}\"",
                    inches(MIN_PIECE),
                    inches(len)
                ),
            ));
        }
        let laid = self.abatis_laid(side);
        if laid + len > s.abatis + 1e-6 {
            return Err(RuleError::new(
                rule,
                format!(
                    "the {} have {}\" of abatis in all: {}\" is laid, and {}\" more is too much (lift a piece first)",
                    side.name(),
                    inches(s.abatis),
                    inches(laid),
                    inches(len)
                ),
            ));
        }
        let bounds = *self.scenario.layout.bounds();
        for p in [a, b] {
            if !bounds.contains(p) || s.zone.locate(p) == Location::Outside {
                return Err(RuleError::new(
                    rule,
                    format!(
                        "{},{} is beyond where the set-up may go ({})",
                        inches(p.x),
                        inches(p.y),
                        s.zone_words
                    ),
                ));
            }
        }
        let seg = Segment::new(a, b);
        let n = (len / 0.25).ceil().max(1.0) as usize;
        for i in 0..=n {
            let p = seg.at(i as f64 / n as f64);
            let blocked = match self.ground_at(p, Mover::Loose) {
                Err(e) => Some(e.message),
                Ok(_) if self.building_at(p).is_some() => Some("a building stands there".into()),
                Ok(_) => None,
            };
            if let Some(why) = blocked {
                return Err(RuleError::new(
                    rule,
                    format!(
                        "the abatis cannot run through {},{}: {why}",
                        inches(p.x),
                        inches(p.y)
                    ),
                ));
            }
        }
        for g in 0..self.figures.len() {
            if !self.on_table(g) || self.waiting_hidden(g) {
                continue;
            }
            if self.bases[g].crossed_by(&seg).is_some() {
                let gu = usize::from(self.figures[g].unit);
                return Err(RuleError::new(
                    rule,
                    format!("the abatis would run through {}'s figures", self.id(gu)),
                ));
            }
        }
        Ok(())
    }

    /// Carries out the set-up's order `a` (checked).
    pub(crate) fn apply_set_up(&mut self, side: Side, a: Action) {
        let Some(s) = self.set_up_of(side).cloned() else {
            return;
        };
        match a {
            Action::SetUp { unit, x, y, facing } => {
                let u = usize::from(unit);
                let (at, facing) = (point(x, y), f64::from(facing));
                for (f, p) in self.set_up_layout(u, at, facing) {
                    self.set_pose(f, p);
                }
                self.units[u].anchor = Pose::new(at.x, at.y, facing);
                self.units[u].trail.clear();
                if !self.set_units.contains(&unit) {
                    self.set_units.push(unit);
                }
                let id = self.id(u).to_string();
                let rule = s.rule.clone();
                self.log.public(|| {
                    format!(
                        "{id} sets up at {},{} facing {} ({rule})",
                        inches(at.x),
                        inches(at.y),
                        facing
                    )
                });
            }
            Action::Abatis { x, y, x2, y2 } => {
                let (a, b) = (point(x, y), point(x2, y2));
                if let Ok(line) = Barrier::open(vec![a, b]) {
                    self.obstacles.push(crate::state::ObstacleState {
                        feature: s.laid as u16,
                        line,
                    });
                }
                let (rule, laid) = (s.rule.clone(), self.abatis_laid(side));
                self.log.public(|| {
                    format!(
                        "abatis laid from {},{} to {},{}: {}\" of {}\" ({rule})",
                        inches(a.x),
                        inches(a.y),
                        inches(b.x),
                        inches(b.y),
                        inches(laid),
                        inches(s.abatis)
                    )
                });
            }
            Action::Lift { piece } => {
                if let Some(&k) = self.set_up_pieces(side).get(usize::from(piece) - 1) {
                    self.obstacles.remove(k);
                    let rule = s.rule.clone();
                    self.log
                        .public(|| format!("abatis piece {piece} lifted ({rule})"));
                }
            }
            Action::Ready => {
                let (name, rule) = (side.name(), s.rule.clone());
                self.log
                    .public(|| format!("the {name} are set up ({rule})"));
                self.next_set_up(Some(side));
            }
            _ => {}
        }
    }

    /// The set-up orders a menu lists for `side`: `ready`; each piece laid, to lift it; each
    /// unit where it stands (to turn it about), and where each of the general's plans puts
    /// it; each plan's pieces of abatis that fit what is left.
    pub(crate) fn list_set_up(&self, side: Side, out: &mut Vec<Action>) {
        let Some(s) = self.set_up_of(side) else {
            return;
        };
        out.push(Action::Ready);
        for n in 1..=self.set_up_pieces(side).len() {
            out.push(Action::Lift { piece: n as u8 });
        }
        let first = self.first_unit(side);
        let mut tries = Vec::new();
        for u in self.set_up_units(side) {
            let a = self.units[u].anchor;
            tries.push(set_order(u, a.at, a.facing));
        }
        for plan in &s.plans {
            for &(k, at, facing) in &plan.units {
                tries.push(set_order(first + k, at, facing));
            }
        }
        for plan in &s.plans {
            for &(a, b) in &plan.abatis {
                tries.push(Action::Abatis {
                    x: tenths(a.x),
                    y: tenths(a.y),
                    x2: tenths(b.x),
                    y2: tenths(b.y),
                });
            }
        }
        for a in tries {
            if !out.contains(&a) && self.check_action(&a).is_ok() {
                out.push(a);
            }
        }
    }
}

impl Skirmish {
    /// The name of the first set-up plan that puts unit `u` at `x`,`y` (tenths) facing
    /// `facing`, if one does (the scenario's own places are its first plan's).
    pub(crate) fn set_up_plan_of(&self, u: usize, x: i16, y: i16, facing: u16) -> Option<&str> {
        let side = self.units.get(u)?.side;
        let first = self.first_unit(side);
        let s = self.set_up_of(side)?;
        s.plans
            .iter()
            .find(|p| {
                p.units.iter().any(|&(k, at, f)| {
                    first + k == u
                        && set_order(u, at, f)
                            == Action::SetUp {
                                unit: u as u8,
                                x,
                                y,
                                facing,
                            }
                })
            })
            .map(|p| p.name.as_str())
    }
}

/// The order that sets unit `u` up at `at` facing `facing`.
pub(crate) fn set_order(u: usize, at: Point, facing: f64) -> Action {
    Action::SetUp {
        unit: u as u8,
        x: tenths(at.x),
        y: tenths(at.y),
        facing: fiw_table::normalize(facing.round()).round() as u16 % 360,
    }
}
