//! 5 movement: the move a unit rolls (5.1, 5.2), the steps it makes with it and what each
//! costs (5.4, 5.7, 5.8, 7.2–7.6), and what it may not do (5.5). Going into buildings is in
//! `entering`, the moves the engine makes for a unit (retreats) in `retreats`.
//!
//! A move is rolled when the unit commits to it, after its control check (the reading: the
//! player then sees what is possible; a charge is declared first, 6.1). The side then gives
//! steps, each checked against every figure's allowance, and `done`. Every figure's path is
//! measured: a formed unit moves as a block and pays, at each moment, the worst ground under
//! any of its figures; skirmishers pay each for their own.

use crate::formation::{self, Formation, SKIRMISH_SPACING};
use crate::state::{Activation, Done, Intent, Last, Skirmish, Stage};
use crate::terrain::Mover;
use crate::troops::{charts, GunKind, Rate, Troop};
use fiw_engine::RuleError;
use fiw_table::{bearing, heading, turn, Point, Pose, Rect, EPS};

/// A step's effect, worked out before it is taken.
#[derive(Clone, Debug, Default)]
pub(crate) struct Plan {
    /// Figures and where they end.
    pub poses: Vec<(usize, Pose)>,
    /// Units and their new anchor, trail and formation.
    pub units: Vec<(usize, Pose, Vec<Point>, Formation)>,
    /// What each of the activation's moving figures spends (indexed as `Activation::figs`).
    pub cost: Vec<f64>,
    /// A formed unit pays its obstacle now.
    pub crossed: bool,
    /// A change of formation.
    pub formed: bool,
    /// The move ends with this step.
    pub ends: bool,
    /// Each figure moves straight from where it stands (what sweeps and discovery measure).
    pub straight: bool,
    /// Units turned about (5.7): their new state.
    pub faced: Vec<(usize, bool)>,
    /// Gaps cut in obstacles: (obstacle, from, to).
    pub gaps: Vec<(usize, f64, f64)>,
}

impl Skirmish {
    /// 5.2 the row of the movement chart unit `u` moves by, and what is added (5.2: any
    /// column 6").
    pub(crate) fn rate(&self, u: usize) -> (Rate, f64) {
        let unit = &self.units[u];
        let column = matches!(unit.formation, Formation::Column { .. });
        let bonus = if column { charts().column } else { 0.0 };
        let gun = self.present_figures(u).find_map(|f| self.figures[f].gun);
        match unit.troop {
            Troop::Irregular | Troop::Household => (Rate::Irregular, bonus),
            Troop::Regular | Troop::Light => (Rate::Regular, bonus),
            Troop::Militia => (Rate::Militia, bonus),
            Troop::Cavalry => (Rate::Cavalry, bonus),
            Troop::Wagon => (Rate::Wagon, 0.0),
            Troop::Artillery => match (unit.limbered, gun) {
                (true, Some(GunKind::Heavy)) => (Rate::HeavyLimbered, 0.0),
                (true, _) => (Rate::Limbered, 0.0),
                (false, Some(GunKind::Battalion | GunKind::Swivel)) => (Rate::BattalionGun, 0.0),
                (false, _) => (Rate::OtherGun, 0.0),
            },
        }
    }

    /// 5.1, 5.2 rolls unit `u`'s move (`extra` inches added: a cavalry charge's 6").
    pub(crate) fn roll_allowance_with(&mut self, u: usize, extra: f64, why: &str) -> f64 {
        let (rate, bonus) = self.rate(u);
        let m = charts().movement(rate);
        let n = m.dice.unsigned_abs() as u32;
        // a battalion acting whole rolls once, in its own name
        let id = self
            .act
            .as_ref()
            .filter(|a| a.units.len() > 1 && a.units.contains(&(u as u8)))
            .map_or_else(|| self.id(u).to_string(), |a| self.actor_id(a.actor));
        let word = rate.word();
        self.dice.ask(n, 6, || {
            format!(
                "{id}'s move, {why} (5.2 {word}: {}\" {} {n}D6)",
                m.inches,
                if m.dice < 0 { "-" } else { "+" }
            )
        });
        let mut total = m.inches;
        let mut rolls = Vec::new();
        for _ in 0..n {
            let r = self.dice.d6();
            rolls.push(r.to_string());
            total += if m.dice < 0 {
                -f64::from(r)
            } else {
                f64::from(r)
            };
        }
        let total = (total + bonus + extra).max(0.0);
        let hidden = self.units[u].hidden;
        let side = self.units[u].side;
        let line = format!("{id} rolls {} for its move: {total}\"", rolls.join(" "));
        if hidden {
            self.log.private(side.seat(), || line.clone());
        } else {
            self.log.public(|| line.clone());
        }
        total
    }

    /// [`Skirmish::roll_allowance_with`] with nothing added.
    pub(crate) fn roll_allowance(&mut self, u: usize, why: &str) -> f64 {
        self.roll_allowance_with(u, 0.0, why)
    }

    /// The figures of `units` that move with them (their formations' figures; women stay).
    pub(crate) fn moving_figures(&self, units: &[u8]) -> Vec<u16> {
        units
            .iter()
            .flat_map(|&u| self.formation_figures(u as usize))
            .map(|f| f as u16)
            .collect()
    }

    /// 5.1 begins the move of the activation under way with `allowance` inches.
    pub(crate) fn start_moving(&mut self, allowance: f64, intent: Intent) {
        let Some(act) = self.act.as_ref() else { return };
        let figs = self.moving_figures(&act.units);
        if let Some(act) = self.act.as_mut() {
            act.spent = vec![0.0; figs.len()];
            act.figs = figs;
            act.allowance = allowance;
            act.intent = Some(intent);
            act.stage = Stage::Moving;
        }
    }

    /// How figure `f` moves, for the costs of 7.
    pub(crate) fn mover_of(&self, f: usize) -> Mover {
        let unit = &self.units[self.figures[f].unit as usize];
        if self.building_at(self.figures[f].pose.at).is_some() {
            return Mover::Inside;
        }
        match (unit.troop, unit.formation) {
            (Troop::Cavalry, Formation::Column { .. }) => Mover::Horse { column: true },
            (Troop::Cavalry, _) => Mover::Horse { column: false },
            (Troop::Artillery | Troop::Wagon, _) => Mover::Wheels,
            (_, Formation::Line { .. }) => Mover::Formed,
            (_, Formation::Column { .. }) => Mover::Column,
            (_, Formation::Battery) => Mover::Wheels,
            _ => Mover::Loose,
        }
    }

    /// The activation under way, moving.
    pub(crate) fn moving(&self) -> Result<&Activation, RuleError> {
        let act = self.move_under_way()?;
        // a step of no figure would cost nothing and could be made for ever
        if act.figs.is_empty() {
            return Err(RuleError::new(
                "5.1",
                "the moving unit has no figure left that may move: it is done",
            ));
        }
        Ok(act)
    }

    /// The activation whose move is under way, figures or none.
    fn move_under_way(&self) -> Result<&Activation, RuleError> {
        match self.act.as_ref() {
            Some(a) if a.stage == Stage::Moving && self.charge.is_none() => Ok(a),
            _ => Err(RuleError::new("5.1", "no unit is moving now")),
        }
    }

    /// Whether every unit of the activation is formed (moves as a block).
    fn formed(&self, act: &Activation) -> bool {
        act.units
            .iter()
            .all(|&u| self.units[u as usize].formation.is_formed())
    }

    /// The allowance left to figure index `k` of the activation.
    fn left(act: &Activation, k: usize) -> f64 {
        act.allowance - act.spent[k]
    }

    /// 5.4 a step of the whole activation straight along `bearing` for `d` inches, every
    /// figure keeping its facing.
    pub(crate) fn plan_step(&self, bearing_deg: f64, d: f64) -> Result<Plan, RuleError> {
        let act = self.moving()?;
        if act
            .figs
            .iter()
            .any(|&f| self.building_at(self.figures[f as usize].pose.at).is_some())
        {
            return Err(RuleError::new(
                "7.5",
                "figures in a building move one by one (place FIGURE at X,Y, or leave)",
            ));
        }
        let v = heading(bearing_deg) * d;
        let mut plan = Plan {
            straight: true,
            cost: vec![0.0; act.figs.len()],
            ..Plan::default()
        };
        let formed = self.formed(act);
        let mut stretches = Vec::with_capacity(act.figs.len());
        let mut crosses = false;
        for (k, &f) in act.figs.iter().enumerate() {
            let f = f as usize;
            let from = self.figures[f].pose;
            let to = Pose::new(from.at.x + v.x, from.at.y + v.y, from.facing);
            plan.poses.push((f, to));
            let mover = self.mover_of(f);
            let through = self.scenario.layout.crossings(from.at, to.at);
            let c = self.crossed_by(from.at, to.at, &through)?;
            self.obstacles_allowed(f, &c)?;
            let hits = !c.obstacles.is_empty() || c.ford;
            if formed {
                stretches.push(self.stretches_by(from.at, to.at, mover, &through)?);
                crosses |= hits;
            } else {
                let mut cost = self.path_cost_by(from.at, to.at, mover, &through)?;
                if hits {
                    cost += act.allowance / 2.0;
                }
                plan.cost[k] = cost;
            }
        }
        if formed {
            let mut cost = self.block_cost(d, &stretches);
            // 5.7 backing off or sideways, still facing the enemy: half speed
            let facing = self.units[act.units[0] as usize].anchor.facing;
            if turn(facing, bearing_deg).abs() > 45.0 + 1e-9 {
                cost *= 2.0;
            }
            if crosses && !act.crossed {
                cost += act.allowance / 2.0;
                plan.crossed = true;
            }
            plan.cost = vec![cost; act.figs.len()];
            for &u in &act.units {
                let unit = &self.units[u as usize];
                let a = unit.anchor;
                let anchor = Pose::new(a.at.x + v.x, a.at.y + v.y, a.facing);
                let trail = unit.trail.iter().map(|p| *p + v).collect();
                plan.units.push((u as usize, anchor, trail, unit.formation));
            }
        }
        self.guns_over_obstacles(act, &mut plan)?;
        Ok(plan)
    }

    /// 7.4 obstacles a figure may not cross: abatis for horses and wheels, very high walls and
    /// deep ditches for all (until a crossing is made).
    fn obstacles_allowed(&self, f: usize, c: &crate::terrain::Crossed) -> Result<(), RuleError> {
        let mover = self.mover_of(f);
        for &k in &c.obstacles {
            let kind = self.obstacle_kind(k);
            let label = self.scenario.features[self.obstacles[k].feature as usize].label();
            if kind.needs_crossing() {
                // 7.4 troops in column cross at a crossing point made, as over a minor obstacle
                if c.at_crossing.contains(&k) {
                    if matches!(mover, Mover::Column | Mover::Horse { column: true }) {
                        continue;
                    }
                    return Err(RuleError::new(
                        "7.4",
                        format!("only troops in column cross {label} at its crossing point"),
                    ));
                }
                return Err(RuleError::new(
                    "7.4",
                    format!("{label} can be crossed only where pioneers have made a crossing"),
                ));
            }
            if mover.barred_by(kind) {
                return Err(RuleError::new(
                    "7.4",
                    format!("horses, guns and wagons cannot cross {label}"),
                ));
            }
        }
        Ok(())
    }

    /// 7.4 guns and wagons spend a whole turn crossing an obstacle, from touching it, and cut
    /// a gap in a wall, fence or hedge as wide as they are.
    fn guns_over_obstacles(&self, act: &Activation, plan: &mut Plan) -> Result<(), RuleError> {
        let wheels = act
            .figs
            .iter()
            .any(|&f| self.mover_of(f as usize) == Mover::Wheels);
        if !wheels {
            return Ok(());
        }
        let mut crossing = false;
        for (f, to) in &plan.poses {
            let c = self.crossed(self.figures[*f].pose.at, to.at)?;
            if c.obstacles.is_empty() && !c.ford {
                continue;
            }
            crossing = true;
            for &k in &c.obstacles {
                if self.obstacle_kind(k).leaves_gap() {
                    let seg = fiw_table::Segment::new(self.figures[*f].pose.at, to.at);
                    for x in self.obstacles[k].line.crossings(&seg) {
                        let half = self.footprint(*f).frontage() / 2.0 + 0.2;
                        plan.gaps.push((k, x.s - half, x.s + half));
                    }
                }
            }
        }
        if crossing {
            if act.spent.iter().any(|s| *s > EPS) {
                return Err(RuleError::new(
                    "7.4",
                    "guns and wagons take a whole turn to cross an obstacle: they must start the move at it",
                ));
            }
            plan.cost = vec![act.allowance; act.figs.len()];
            plan.ends = true;
        }
        Ok(())
    }

    /// 5.4 a formed unit (line, battery, a battalion in line) wheels `degrees` on the front
    /// corner on the side it turns to; the cost is the arc the other front corner travels.
    pub(crate) fn plan_wheel(&self, right: bool, degrees: f64) -> Result<Plan, RuleError> {
        let act = self.moving()?;
        if !act.units.iter().all(|&u| {
            matches!(
                self.units[u as usize].formation,
                Formation::Line { .. } | Formation::Battery
            )
        }) {
            return Err(RuleError::new(
                "5.4",
                "only a line or a gun wheels; a column turns by marching its head (march to X,Y), skirmishers face where they like",
            ));
        }
        if !(degrees > 0.0 && degrees <= 90.0) {
            return Err(RuleError::input("a wheel is 1 to 90 degrees"));
        }
        // the front corners of the whole front, as the first unit faces
        let facing = self.units[act.units[0] as usize].anchor.facing;
        let frame = Pose::new(0.0, 0.0, facing);
        let (ahead, rightv) = (frame.ahead(), frame.right());
        let mut lo = (f64::INFINITY, Point::default());
        let mut hi = (f64::NEG_INFINITY, Point::default());
        for &f in &act.figs {
            for c in self.bases[f as usize].corners() {
                let across = c.dot(rightv);
                let along = c.dot(ahead);
                // the front corners: the most ahead at each end
                if across < lo.0 - 1e-6 || (across < lo.0 + 1e-6 && along > lo.1.dot(ahead)) {
                    lo = (across, c);
                }
                if across > hi.0 + 1e-6 || (across > hi.0 - 1e-6 && along > hi.1.dot(ahead)) {
                    hi = (across, c);
                }
            }
        }
        let frontage = hi.0 - lo.0;
        let pivot = if right { hi.1 } else { lo.1 };
        let turn_by = if right { degrees } else { -degrees };
        let mut plan = Plan {
            straight: false,
            ..Plan::default()
        };
        let mut worst = 1.0f64;
        for &f in &act.figs {
            let f = f as usize;
            let p = self.figures[f].pose;
            let at = p.at.rotated_about(pivot, turn_by);
            let mid = p.at.rotated_about(pivot, turn_by / 2.0);
            for q in [mid, at] {
                worst = worst.max(self.ground_at(q, self.mover_of(f))?);
            }
            let c = self.crossed(p.at, at)?;
            self.obstacles_allowed(f, &c)?;
            plan.poses
                .push((f, Pose::new(at.x, at.y, p.facing + turn_by)));
        }
        for &u in &act.units {
            let unit = &self.units[u as usize];
            let a = unit.anchor;
            let at = a.at.rotated_about(pivot, turn_by);
            plan.units.push((
                u as usize,
                Pose::new(at.x, at.y, a.facing + turn_by),
                Vec::new(),
                unit.formation,
            ));
        }
        let cost = frontage * degrees.to_radians() * worst;
        plan.cost = vec![cost; act.figs.len()];
        Ok(plan)
    }

    /// 5.4 a column's head marches straight to `to` and every rank follows its trail; a
    /// battalion in column follows its leading company nose to tail.
    pub(crate) fn plan_march(&self, to: Point) -> Result<Plan, RuleError> {
        let act = self.moving()?;
        if !act
            .units
            .iter()
            .all(|&u| matches!(self.units[u as usize].formation, Formation::Column { .. }))
        {
            return Err(RuleError::new(
                "5.4",
                "only a column marches to a point; a line steps or wheels",
            ));
        }
        let lead = act.units[0] as usize;
        let head = self.units[lead].anchor;
        let d = head.at.dist(to);
        if d <= EPS {
            return Err(RuleError::input("the column's head is already there"));
        }
        let facing = bearing(head.at, to);
        // the head's path: its cost is the column's (5.4)
        let Some(&lead_fig) = self.formation_figures(lead).first() else {
            return Err(RuleError::new(
                "5.1",
                "no figure of the column is left to march",
            ));
        };
        let mover = self.mover_of(lead_fig);
        let through = self.scenario.layout.crossings(head.at, to);
        let c = self.crossed_by(head.at, to, &through)?;
        self.obstacles_allowed(lead_fig, &c)?;
        let mut cost = self.path_cost_by(head.at, to, mover, &through)?;
        let mut plan = Plan {
            straight: false,
            ..Plan::default()
        };
        if (!c.obstacles.is_empty() || c.ford) && !act.crossed {
            cost += act.allowance / 2.0;
            plan.crossed = true;
        }
        // the whole path the column now stands on: the old head and its trail, then what each
        // following company's trail adds behind it (a point already on the path adds nothing:
        // a following company's head and the first of its trail lie on the leader's trail, and
        // taking them again folded the path back on itself, so that a company's ranks were laid
        // over each other round the fold, 5.5)
        let mut path: Vec<Point> = vec![head.at];
        for &u in &act.units {
            for &q in &self.units[u as usize].trail {
                let on = path
                    .windows(2)
                    .any(|w| fiw_table::Segment::new(w[0], w[1]).distance_to_point(q) <= 0.05)
                    || path.last().is_some_and(|l| l.dist(q) <= 0.05);
                if !on {
                    path.push(q);
                }
            }
        }
        let mut offset = 0.0;
        let new_head = Pose::new(to.x, to.y, facing);
        for &u in &act.units {
            let u = u as usize;
            let figs = self.formation_figures(u);
            let Some(&first) = figs.first() else { continue };
            let base = self.footprint(first);
            let Formation::Column { width } = self.units[u].formation else {
                continue;
            };
            let length = formation::column_length(figs.len(), width, base);
            let head_u = formation::along_trail(new_head.at, facing, &path, offset);
            let head_u = if offset == 0.0 {
                new_head
            } else {
                Pose::new(head_u.at.x, head_u.at.y, head_u.facing)
            };
            // the trail behind this company's head, far enough for its ranks
            let trail = trail_behind(new_head.at, facing, &path, offset, length + 1.0);
            let slots = formation::column_slots(figs.len(), width, head_u, &trail, base);
            for (k, f) in figs.into_iter().enumerate() {
                plan.poses.push((f, slots[k]));
            }
            plan.units.push((u, head_u, trail, self.units[u].formation));
            offset += length + formation::CLOSE_GAP;
        }
        plan.cost = vec![cost; act.figs.len()];
        Ok(plan)
    }

    /// 5.4 one figure of a loose unit (skirmishers, a unit in disorder or in a building) goes
    /// straight to `to`.
    pub(crate) fn plan_place(&self, f: usize, to: Point) -> Result<Plan, RuleError> {
        let act = self.moving()?;
        let Some(k) = act.figs.iter().position(|&x| x as usize == f) else {
            return Err(RuleError::new(
                "4.1",
                "that figure is not one of the moving unit's",
            ));
        };
        let u = self.figures[f].unit as usize;
        if self.units[u].formation.is_formed() {
            return Err(RuleError::new(
                "4.1",
                format!(
                    "{}'s figures keep their {}: they move together (step, wheel, march)",
                    self.id(u),
                    self.units[u].formation.word()
                ),
            ));
        }
        let from = self.figures[f].pose;
        let through = self.scenario.layout.crossings(from.at, to);
        let c = self.crossed_by(from.at, to, &through)?;
        self.obstacles_allowed(f, &c)?;
        let mut mover = self.mover_of(f);
        if self.building_at(to).is_some() {
            mover = Mover::Inside;
            if !self.units[u].troop.is_infantry() {
                return Err(RuleError::new("7.5", "only infantry may enter a village"));
            }
        }
        let mut cost = self.path_cost_by(from.at, to, mover, &through)?;
        if !c.obstacles.is_empty() || c.ford {
            cost += act.allowance / 2.0;
        }
        let mut plan = Plan {
            straight: true,
            cost: vec![0.0; act.figs.len()],
            ..Plan::default()
        };
        plan.cost[k] = cost;
        plan.poses
            .push((f, Pose::new(to.x, to.y, bearing(from.at, to))));
        self.loose_formation(u, &mut plan);
        Ok(plan)
    }

    /// A loose unit's formation once some of its figures stand in a building or come out of
    /// one: in the building when all are in it; skirmish order for those who may skirmish,
    /// else disorder (7.5).
    pub(crate) fn loose_formation(&self, u: usize, plan: &mut Plan) {
        let figs = self.formation_figures(u);
        let at = |f: usize| {
            plan.poses
                .iter()
                .find(|(g, _)| *g == f)
                .map_or(self.figures[f].pose.at, |(_, p)| p.at)
        };
        let inside: Vec<Option<usize>> = figs.iter().map(|&f| self.building_at(at(f))).collect();
        let unit = &self.units[u];
        let formation = match inside.first().copied().flatten() {
            Some(b) if inside.iter().all(|x| *x == Some(b)) => Formation::Building(b as u8),
            _ if unit.troop.skirmishes() || unit.traits.may_skirmish => Formation::Skirmish,
            _ => Formation::Disordered,
        };
        if formation != unit.formation {
            plan.units.push((u, unit.anchor, Vec::new(), formation));
        }
    }

    /// 5.7, 5.4 turning: skirmishers and figures on their own face where they like; a formed
    /// unit turns only about (to march away at full speed), and turning back to face the enemy
    /// takes its whole move.
    pub(crate) fn plan_face(&self, facing: f64) -> Result<Plan, RuleError> {
        let act = self.moving()?;
        let mut plan = Plan {
            straight: false,
            cost: vec![0.0; act.figs.len()],
            ..Plan::default()
        };
        if self.formed(act) {
            let current = self.units[act.units[0] as usize].anchor.facing;
            if (turn(current, facing).abs() - 180.0).abs() > 0.5 {
                return Err(RuleError::new(
                    "5.7",
                    "a formed unit turns by wheeling, or turns about (face the way opposite its own)",
                ));
            }
            let back = self.units[act.units[0] as usize].faced_about;
            if back {
                if act.spent.iter().any(|s| *s > EPS) {
                    return Err(RuleError::new(
                        "5.7",
                        "facing the enemy again and dressing the ranks takes the whole move: do it first",
                    ));
                }
                plan.cost = vec![act.allowance; act.figs.len()];
                plan.ends = true;
            }
            // the unit turns in place about its centre (the anchor moves to the other edge)
            for &u in &act.units {
                let u = u as usize;
                let unit = &self.units[u];
                let c = self.centre(u);
                let a = unit.anchor.at.rotated_about(c, 180.0);
                let trail = unit
                    .trail
                    .iter()
                    .map(|p| p.rotated_about(c, 180.0))
                    .collect();
                plan.units
                    .push((u, Pose::new(a.x, a.y, facing), trail, unit.formation));
                plan.faced.push((u, !back));
            }
            // the figures turn where they stand
            for &f in &act.figs {
                let p = self.figures[f as usize].pose;
                plan.poses
                    .push((f as usize, Pose::new(p.at.x, p.at.y, facing)));
            }
            return Ok(plan);
        }
        if act
            .figs
            .iter()
            .all(|&f| turn(self.figures[f as usize].pose.facing, facing).abs() < 0.5)
        {
            return Err(RuleError::input(format!(
                "{} faces that way already",
                self.actor_id(act.actor)
            )));
        }
        for &f in &act.figs {
            let p = self.figures[f as usize].pose;
            plan.poses
                .push((f as usize, Pose::new(p.at.x, p.at.y, facing)));
        }
        for &u in &act.units {
            let unit = &self.units[u as usize];
            let a = unit.anchor;
            plan.units.push((
                u as usize,
                Pose::new(a.at.x, a.at.y, facing),
                unit.trail.clone(),
                unit.formation,
            ));
        }
        Ok(plan)
    }

    /// 5.8 a change of formation, laid out round the unit's centre, facing as it faces or
    /// turned a quarter (`quarter` −1 left, +1 right): half a move for regulars and cavalry,
    /// the whole turn for militia (before moving), free for irregulars (skirmish ↔ column).
    pub(crate) fn plan_form(&self, to: Formation, quarter: i8) -> Result<Plan, RuleError> {
        let act = self.moving()?;
        let u0 = act.units[0] as usize;
        let unit = &self.units[u0];
        let troop = unit.troop;
        let allowed = match to {
            Formation::Skirmish => troop.skirmishes() || unit.traits.may_skirmish,
            Formation::Line { ranks } => troop.forms_line() && (1..=3).contains(&ranks),
            Formation::Column { width } => {
                troop != Troop::Artillery && troop != Troop::Wagon && (1..=2).contains(&width)
            }
            _ => false,
        };
        if !allowed {
            return Err(RuleError::new(
                "5.8",
                format!("{} may not form {}", troop.word(), to.word()),
            ));
        }
        if act
            .figs
            .iter()
            .any(|&f| self.building_at(self.figures[f as usize].pose.at).is_some())
        {
            return Err(RuleError::new(
                "7.5",
                "figures in a building have lost their formation: leave it first",
            ));
        }
        // 4.3 a line is at least 3 files wide
        if let Formation::Line { ranks } = to {
            for &u in &act.units {
                let n = self.formation_figures(u as usize).len();
                let files = crate::formation::files(n, ranks);
                if files < 3 {
                    return Err(RuleError::new(
                        "4.3",
                        format!(
                            "a line is at least 3 files wide: {} has {n} men, {ranks} deep they make {files}",
                            self.id(u as usize)
                        ),
                    ));
                }
            }
        }
        let same = act
            .units
            .iter()
            .all(|&u| self.units[u as usize].formation == to);
        if same && quarter == 0 {
            return Err(RuleError::input(format!(
                "{} is already in {}",
                self.id(u0),
                to.word()
            )));
        }
        let mut plan = Plan {
            straight: false,
            formed: true,
            ..Plan::default()
        };
        let half = act.allowance / 2.0;
        let cost = if troop == Troop::Militia {
            if act.moved || act.spent.iter().any(|s| *s > EPS) {
                return Err(RuleError::new(
                    "5.8",
                    "militia take a whole turn to change formation: they may not move as well",
                ));
            }
            plan.ends = true;
            act.allowance
        } else if troop.pays_to_form() {
            if act.spent.iter().any(|s| *s > half + EPS) {
                return Err(RuleError::new(
                    "5.8",
                    "changing formation takes half a move, and less than half is left",
                ));
            }
            half
        } else {
            0.0
        };
        plan.cost = vec![cost; act.figs.len()];
        let facing = self.units[u0].anchor.facing + 90.0 * f64::from(quarter);
        // every unit of the activation forms round the middle of them all: a battalion's
        // companies side by side (line) or nose to tail (column)
        let all: Vec<usize> = act.figs.iter().map(|&f| f as usize).collect();
        let n = all.len() as f64;
        let centre = all.iter().fold(Point::default(), |c, &f| {
            c + self.figures[f].pose.at * (1.0 / n)
        });
        let frame = Pose::new(centre.x, centre.y, facing);
        let Some(&first) = all.first() else {
            return Err(RuleError::new(
                "5.8",
                "no figure of the unit is left to form",
            ));
        };
        let base = self.footprint(first);
        let sizes: Vec<usize> = act
            .units
            .iter()
            .map(|&u| self.formation_figures(u as usize).len())
            .collect();
        match to {
            Formation::Line { ranks } => {
                let widths: Vec<f64> = sizes
                    .iter()
                    .map(|&s| formation::line_frontage(s, ranks, base))
                    .collect();
                let total: f64 =
                    widths.iter().sum::<f64>() + formation::CLOSE_GAP * (widths.len() as f64 - 1.0);
                let depth = f64::from(ranks) * (base.depth() + formation::CLOSE_GAP);
                let mut across = -total / 2.0;
                for (k, &u) in act.units.iter().enumerate() {
                    let mid = across + widths[k] / 2.0;
                    let at = frame.at + frame.right() * mid + frame.ahead() * (depth / 2.0);
                    let anchor = Pose::new(at.x, at.y, facing);
                    let figs = self.formation_figures(u as usize);
                    let slots = formation::line_slots(figs.len(), ranks, anchor, base);
                    for (i, f) in figs.into_iter().enumerate() {
                        plan.poses.push((f, slots[i]));
                    }
                    plan.units.push((u as usize, anchor, Vec::new(), to));
                    across += widths[k] + formation::CLOSE_GAP;
                }
            }
            Formation::Column { width } => {
                let lengths: Vec<f64> = sizes
                    .iter()
                    .map(|&s| formation::column_length(s, width, base))
                    .collect();
                let total: f64 = lengths.iter().sum::<f64>()
                    + formation::CLOSE_GAP * (lengths.len() as f64 - 1.0);
                let mut back = -total / 2.0;
                for (k, &u) in act.units.iter().enumerate() {
                    let at = frame.at - frame.ahead() * back;
                    let anchor = Pose::new(at.x, at.y, facing);
                    let tail = at - frame.ahead() * (lengths[k] + 1.0);
                    let trail = vec![tail];
                    let figs = self.formation_figures(u as usize);
                    let slots = formation::column_slots(figs.len(), width, anchor, &trail, base);
                    for (i, f) in figs.into_iter().enumerate() {
                        plan.poses.push((f, slots[i]));
                    }
                    plan.units.push((u as usize, anchor, trail, to));
                    back += lengths[k] + formation::CLOSE_GAP;
                }
            }
            Formation::Skirmish => {
                let rows = formation::skirmish_rows(all.len(), 1, frame, base, SKIRMISH_SPACING);
                let mut k = 0;
                for &u in &act.units {
                    for f in self.formation_figures(u as usize) {
                        plan.poses.push((f, rows[k]));
                        k += 1;
                    }
                    plan.units.push((u as usize, frame, Vec::new(), to));
                }
            }
            _ => {}
        }
        // the new places must be ground the unit may stand on
        for (f, p) in &plan.poses {
            let mut mover = self.mover_of(*f);
            mover = match (to, mover) {
                (Formation::Line { .. }, Mover::Loose) => Mover::Formed,
                (Formation::Column { .. }, Mover::Loose | Mover::Formed) => Mover::Column,
                (Formation::Skirmish, Mover::Formed | Mover::Column) => Mover::Loose,
                (_, m) => m,
            };
            self.ground_at(p.at, mover)?;
        }
        Ok(plan)
    }

    /// 5.1, 5.5 checks a plan against the allowance, the table's edge and every figure the
    /// moving side knows of.
    pub(crate) fn check_plan(&self, plan: &Plan, charging: bool) -> Result<(), RuleError> {
        let act = self
            .act
            .as_ref()
            .ok_or_else(|| RuleError::new("5.1", "no unit is moving"))?;
        for (k, c) in plan.cost.iter().enumerate() {
            if act.spent.get(k).copied().unwrap_or(0.0) + c > act.allowance + 1e-6 {
                let f = act.figs[k] as usize;
                let left = Self::left(act, k);
                return Err(RuleError::new(
                    "5.1",
                    format!(
                        "that takes {:.1}\" of {}'s move, and {:.1}\" is left",
                        c,
                        self.id(self.figures[f].unit as usize),
                        left.max(0.0)
                    ),
                ));
            }
        }
        self.check_places(plan, act.side, charging)
    }

    /// 5.5 where a plan's figures end: on the table (or still beyond the edge they come on
    /// by), on ground they may stand on, on no other figure, not through an enemy or a formed
    /// unit (a formed mover), not within 1" of an enemy unless charging, inside the area a
    /// waiting unit is bound to.
    pub(crate) fn check_places(
        &self,
        plan: &Plan,
        side: crate::scenario::Side,
        charging: bool,
    ) -> Result<(), RuleError> {
        let bounds = self.scenario.layout.bounds();
        let poses = self.settled(plan);
        let moved: Vec<usize> = poses.iter().map(|(f, _)| *f).collect();
        let mut lo = Point::new(f64::INFINITY, f64::INFINITY);
        let mut hi = Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY);
        let mut rects: Vec<(usize, Rect, bool, bool)> = Vec::with_capacity(poses.len());
        for (f, p) in &poses {
            let rect = self.footprint(*f).place(*p);
            let was_on = self.on_table(*f);
            let now_on = bounds.holds(&rect);
            let u = self.figures[*f].unit as usize;
            if !now_on {
                let edge = self.scenario.sides[self.units[u].side.index()]
                    .units
                    .get(u - self.first_unit(self.units[u].side))
                    .and_then(|s| s.enters);
                let beyond = edge.is_some_and(|e| {
                    bounds.from_edge(p.at, e) < 0.0
                        || !bounds.holds(&rect) && bounds.from_edge(p.at, e) < 1.0
                });
                if was_on || !beyond {
                    return Err(RuleError::new(
                        "5.5",
                        format!("a figure of {} would leave the table", self.id(u)),
                    ));
                }
            }
            if now_on {
                let mut mover = self.mover_of(*f);
                if let Some((_, _, _, form)) = plan.units.iter().find(|(x, ..)| *x == u) {
                    if matches!(form, Formation::Building(_)) {
                        mover = Mover::Inside;
                    }
                }
                if self.building_at(p.at).is_some() {
                    mover = Mover::Inside;
                }
                self.ground_at(p.at, mover)?;
                let c = rect.centre();
                lo = Point::new(lo.x.min(c.x - 3.0), lo.y.min(c.y - 3.0));
                hi = Point::new(hi.x.max(c.x + 3.0), hi.y.max(c.y + 3.0));
                // the figures of one plan may not stand on each other
                let radius = |r: &Rect| r.footprint().frontage().hypot(r.footprint().depth()) / 2.0;
                if rects.iter().any(|(_, r, _, on)| {
                    *on && r.centre().dist(rect.centre()) < radius(r) + radius(&rect)
                        && r.overlaps(&rect)
                }) {
                    return Err(RuleError::new(
                        "5.5",
                        format!("two figures of {} would stand on each other", self.id(u)),
                    ));
                }
                // 5.5 a unit waiting for the alarm keeps to its ground (scenario)
                if !self.units[u].alerted {
                    if let Some(area) = self.bound_area(u) {
                        if !self.in_area(area, p.at) {
                            return Err(RuleError::new(
                                self.scenario.rule.clone(),
                                format!(
                                    "{} may not leave {} until it is alerted",
                                    self.id(u),
                                    self.scenario.area_label(area)
                                ),
                            ));
                        }
                    }
                }
            }
            rects.push((*f, rect, was_on, now_on));
        }
        let mover_formed = poses.first().is_some_and(|(f, _)| {
            self.units[self.figures[*f].unit as usize]
                .formation
                .is_formed()
        });
        // everything the plan may touch: each figure's end and, for a straight move, its path
        let mut reach = crate::sight::Bbox::empty();
        for (f, rect, was_on, _) in &rects {
            reach.add(rect.centre(), 3.0);
            if plan.straight && *was_on {
                reach.add(self.bases[*f].centre(), 3.0);
            }
        }
        let _ = (lo, hi);
        for v in 0..self.units.len() {
            if !self.known_to(side, v) {
                continue;
            }
            match self.unit_box(v) {
                Some(b) if b.meets(&reach) => {}
                _ => continue,
            }
            let enemy = self.units[v].side != side;
            let formed_v = self.units[v].formation.is_formed();
            for g in self.table_figures(v) {
                if moved.contains(&g) {
                    continue;
                }
                let other = self.bases[g];
                let c = other.centre();
                for (f, rect, was_on, now_on) in &rects {
                    if !now_on {
                        continue;
                    }
                    let end_near = rect.centre().dist(c) < 3.6;
                    let swept = plan.straight
                        && *was_on
                        && (enemy || (mover_formed && formed_v))
                        && fiw_table::Segment::new(self.bases[*f].centre(), rect.centre())
                            .distance_to_point(c)
                            < 2.5;
                    if end_near && rect.overlaps(&other) {
                        return Err(RuleError::new(
                            "5.5",
                            format!(
                                "a figure of {} would stand on a figure of {}",
                                self.id(self.figures[*f].unit as usize),
                                self.id(v)
                            ),
                        ));
                    }
                    // women and the pieces (guns, wagons) never fight nor fire: walking up to
                    // them skips no reaction or fire (their crews' 1" still holds), and walking
                    // in on the women is how a band takes a cabin (S2), up to a gun left by its
                    // crew how it is spiked
                    let fighter = self.figures[g].role.fights();
                    if end_near
                        && enemy
                        && !charging
                        && fighter
                        && rect.is_within(&other, 1.0 - 1e-6)
                    {
                        return Err(RuleError::new(
                            "5.5",
                            format!(
                                "only a charge may bring {} within 1\" of the enemy ({})",
                                self.id(self.figures[*f].unit as usize),
                                self.id(v)
                            ),
                        ));
                    }
                    if swept && self.bases[*f].sweeps_through(rect.centre(), &other) {
                        return Err(RuleError::new(
                            "5.5",
                            format!(
                                "{} may not pass through {} ({})",
                                self.id(self.figures[*f].unit as usize),
                                self.id(v),
                                if enemy {
                                    "an enemy"
                                } else {
                                    "both in close order"
                                }
                            ),
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// Where a plan leaves its figures: its poses, but that the figures of a formed unit then
    /// take their places in its formation about its new anchor ([`Skirmish::take_plan`] lays
    /// them out again), so that every place a move ends on is checked.
    pub(crate) fn settled(&self, plan: &Plan) -> Vec<(usize, Pose)> {
        let mut poses = plan.poses.clone();
        for (u, anchor, trail, formation) in &plan.units {
            let Some(slots) = self.slots_for(*u, *formation, *anchor, trail) else {
                continue;
            };
            for (f, p) in slots {
                match poses.iter_mut().find(|(g, _)| *g == f) {
                    Some(x) => x.1 = p,
                    None => poses.push((f, p)),
                }
            }
        }
        poses
    }

    /// The area unit `u` is bound to until alerted, if any.
    pub(crate) fn bound_area(&self, u: usize) -> Option<crate::scenario::Area> {
        let side = self.units[u].side;
        let k = u - self.first_unit(side);
        self.scenario.sides[side.index()]
            .units
            .get(k)
            .and_then(|s| s.bound)
    }

    /// Takes a checked plan: the figures move (interrupted where one comes within 3" of a
    /// hidden enemy, who is then revealed, 7.7), the allowance is spent.
    pub(crate) fn take_plan(&mut self, plan: Plan) {
        let side = self
            .act
            .as_ref()
            .map_or(crate::scenario::Side::British, |a| a.side);
        // 7.7 discovery: the first place any moving figure comes within 3" of a figure of a
        // unit hidden from this side
        let hidden: Vec<usize> = (0..self.units.len())
            .filter(|&v| {
                self.units[v].side != side && self.units[v].in_play() && self.units[v].hidden
            })
            .collect();
        let mut first: Option<(f64, usize)> = None;
        for &v in &hidden {
            for g in self.table_figures(v).collect::<Vec<_>>() {
                for (f, p) in &plan.poses {
                    if !self.on_table(*f)
                        && !self
                            .scenario
                            .layout
                            .bounds()
                            .holds(&self.footprint(*f).place(*p))
                    {
                        continue;
                    }
                    let from = self.bases[*f];
                    let t = if plan.straight {
                        let len = from.centre().dist(p.at);
                        from.first_within(p.at, &self.bases[g], 3.0).map(|s| {
                            if len > EPS {
                                s / len
                            } else {
                                0.0
                            }
                        })
                    } else {
                        self.footprint(*f)
                            .place(*p)
                            .is_within(&self.bases[g], 3.0)
                            .then_some(0.0)
                    };
                    if let Some(t) = t {
                        if first.is_none_or(|(b, _)| t < b) {
                            first = Some((t, v));
                        }
                    }
                }
            }
        }
        let fraction = first.map_or(1.0, |(t, _)| t);
        let starts: Vec<Pose> = plan
            .poses
            .iter()
            .map(|(f, _)| self.figures[*f].pose)
            .collect();
        let place = |g: &mut Self, k: usize, t: f64| {
            let (f, p) = plan.poses[k];
            let from = starts[k];
            let at = from.at + (p.at - from.at) * t;
            let facing = if t >= 1.0 { p.facing } else { from.facing };
            g.set_pose(f, Pose::new(at.x, at.y, facing));
        };
        for k in 0..plan.poses.len() {
            place(self, k, fraction);
        }
        if fraction < 1.0 {
            // 5.5 a move stopped part-way leaves no base on another: a figure that would stand
            // on one (skirmishers pass through friends) stops short of it, back to where it
            // began if need be (where it stood before the move, the whole move undone at last)
            let mut t = vec![fraction; plan.poses.len()];
            for round in 0..=10 {
                let on: Vec<usize> = plan
                    .poses
                    .iter()
                    .enumerate()
                    .filter(|&(k, (f, _))| {
                        t[k] > 0.0
                            && (0..self.figures.len()).any(|h| {
                                h != *f
                                    && self.on_table(h)
                                    && self.bases[h].overlaps(&self.bases[*f])
                            })
                    })
                    .map(|(k, _)| k)
                    .collect();
                if on.is_empty() {
                    break;
                }
                for k in on {
                    t[k] = if round == 10 {
                        0.0
                    } else {
                        (t[k] - fraction / 5.0).max(0.0)
                    };
                    place(self, k, t[k]);
                }
                if round == 10 {
                    for k in 0..plan.poses.len() {
                        place(self, k, 0.0);
                    }
                }
            }
        }
        if fraction >= 1.0 {
            for (u, anchor, trail, formation) in &plan.units {
                let unit = &mut self.units[*u];
                unit.anchor = *anchor;
                unit.trail = trail.clone();
                unit.formation = *formation;
            }
        } else {
            // interrupted: the formed units' anchors follow their figures
            for (u, anchor, trail, formation) in &plan.units {
                let unit = &mut self.units[*u];
                if formation.is_formed() && plan.straight {
                    let d = (anchor.at - unit.anchor.at) * fraction;
                    unit.anchor = Pose::new(
                        unit.anchor.at.x + d.x,
                        unit.anchor.at.y + d.y,
                        unit.anchor.facing,
                    );
                    unit.trail = unit.trail.iter().map(|p| *p + d).collect();
                    let _ = trail;
                } else if !formation.is_formed() {
                    unit.formation = *formation;
                }
            }
        }
        for (u, back) in &plan.faced {
            self.units[*u].faced_about = *back;
        }
        for (k, from, to) in &plan.gaps {
            if let Some(o) = self.obstacles.get_mut(*k) {
                o.line.add_gap(*from, *to);
            }
        }
        let units: Vec<usize> = plan.units.iter().map(|(u, ..)| *u).collect();
        for u in units {
            self.relayout(u);
        }
        if let Some(act) = self.act.as_mut() {
            for (k, c) in plan.cost.iter().enumerate() {
                if let Some(s) = act.spent.get_mut(k) {
                    *s += c * fraction.max(if fraction < 1.0 { 1.0 } else { 0.0 });
                }
            }
            if plan
                .poses
                .iter()
                .any(|(f, p)| self.figures[*f].pose.at.dist(p.at) > EPS || fraction < 1.0)
                || !plan.poses.is_empty()
            {
                act.moved = true;
            }
            act.crossed |= plan.crossed;
            act.formed |= plan.formed;
            if plan.formed {
                act.form_spent += plan.cost.iter().copied().fold(0.0, f64::max);
            }
            if plan.ends || fraction < 1.0 {
                act.spent.iter_mut().for_each(|s| *s = act.allowance);
            }
        }
        if let Some((_, v)) = first {
            self.reveal(v, "comes within 3\" of the enemy (7.7)");
        }
        // the mover itself, if hidden, is seen by any enemy within 3" (7.7)
        let movers: Vec<usize> = self.act.as_ref().map_or(Vec::new(), |a| {
            a.units.iter().map(|&u| u as usize).collect()
        });
        for u in movers {
            if self.units[u].hidden && self.enemy_within(u, 3.0) {
                self.reveal(u, "comes within 3\" of the enemy (7.7)");
            }
        }
    }

    /// Whether an enemy figure on the table stands within `d` of a figure of unit `u`.
    pub(crate) fn enemy_within(&self, u: usize, d: f64) -> bool {
        let side = self.units[u].side;
        let mine: Vec<usize> = self.table_figures(u).collect();
        (0..self.units.len()).any(|v| {
            self.units[v].side != side
                && self.units[v].in_play()
                && self.table_figures(v).any(|g| {
                    mine.iter()
                        .any(|&f| self.bases[f].is_within(&self.bases[g], d))
                })
        })
    }

    /// 3.2 checks the move just ended against the control check's result: continuing an
    /// advance or a retreat, a unit goes at least half its move unless it cannot (each step's
    /// direction is checked as it is made).
    pub(crate) fn check_done(&self) -> Result<(), RuleError> {
        let act = self.move_under_way()?;
        // a unit with no figure left to move (its men all down, a household's women who stay
        // in their cabin) has nothing to go on with: its steps move nobody and cost nothing
        if act.figs.is_empty() {
            return Ok(());
        }
        let Some(want) = Self::must_go(act) else {
            return Ok(());
        };
        let (gone, need) = Self::go_on(act);
        if gone + EPS < need && self.way_on(act, want).is_some() {
            let word = if want == Last::Advance {
                "advance"
            } else {
                "retreat"
            };
            return Err(RuleError::new(
                "3.2",
                format!(
                    "continuing its last action, {} must {word} at least half its move, or all it has left after changing formation ({need:.1}\"); it has gone {gone:.1}\"",
                    self.actor_id(act.actor)
                ),
            ));
        }
        Ok(())
    }

    /// 3.2 a unit continuing an advance or a retreat: the inches it has gone (a change of
    /// formation is no advance, 5.8), and what it must go: half its move, or all that is left
    /// after changing formation.
    pub(crate) fn go_on(act: &Activation) -> (f64, f64) {
        let spent = act.spent.iter().copied().fold(0.0, f64::max);
        let gone = (spent - act.form_spent).max(0.0);
        let need = (act.allowance / 2.0).min(act.allowance - act.form_spent);
        (gone, need)
    }

    /// 3.2 the way a unit continuing its last action must go (at least half its move), if
    /// its control check made it continue an advance or a retreat.
    pub(crate) fn must_go(act: &Activation) -> Option<Last> {
        match (act.control, act.intent) {
            (_, Some(Intent::RallyBack)) => None,
            (Some(crate::state::Control::Continue(Last::Advance | Last::ChargeWon)), _) => {
                Some(Last::Advance)
            }
            (Some(crate::state::Control::Continue(Last::Retreat | Last::ChargeLost)), _) => {
                Some(Last::Retreat)
            }
            _ => None,
        }
    }

    /// A step that takes the moving unit on the way its control check makes it (the rest of
    /// half a move, or half of that, straight at or straight away from the nearest known enemy,
    /// or 30° either side; a column marching), or `None` when it can go no farther: "as far as
    /// it can".
    pub(crate) fn way_on(&self, act: &Activation, want: Last) -> Option<crate::actions::Action> {
        use crate::actions::{tenths, Action};
        let (gone, must) = Self::go_on(act);
        let need = must - gone;
        if need <= 0.1 {
            return None;
        }
        let enemy = self.nearest_known_enemy_point(&act.units);
        let c = self.centre(act.units[0] as usize);
        let b = if want == Last::Advance {
            bearing(c, enemy)
        } else {
            bearing(enemy, c)
        };
        let column = matches!(
            self.units[act.units[0] as usize].formation,
            Formation::Column { .. }
        );
        for d in [need, need * 0.5] {
            for db in [0.0, 30.0, -30.0] {
                let bb = fiw_table::normalize((b + db).round());
                let a = if column {
                    let head = self.units[act.units[0] as usize].anchor.at;
                    let to = head + heading(bb) * d;
                    Action::March {
                        x: tenths(to.x),
                        y: tenths(to.y),
                    }
                } else {
                    Action::Step {
                        bearing: bb as u16 % 360,
                        tenths: (d * 10.0).round().max(1.0) as u16,
                    }
                };
                if self.check_action(&a).is_ok() {
                    return Some(a);
                }
            }
        }
        None
    }

    /// Ends a move: the rally of a unit falling back, or the activation.
    pub(crate) fn finish_move(&mut self) {
        let Some(act) = self.act.as_ref() else { return };
        let class = self.move_class(act);
        match act.intent {
            Some(Intent::RallyBack) => self.rally(),
            _ => self.end_activation(class, Done::Acted),
        }
    }
}

/// The trail behind a point `offset` inches back along `path` from `head` (facing `facing`):
/// the points of the path beyond that place, running on straight to at least `length` more.
fn trail_behind(head: Point, facing: f64, path: &[Point], offset: f64, length: f64) -> Vec<Point> {
    let mut out = Vec::new();
    let mut from = head;
    let mut walked = 0.0;
    let mut dir = -heading(facing);
    for &p in path {
        let d = from.dist(p);
        if d <= EPS {
            continue;
        }
        dir = (p - from) * (1.0 / d);
        if walked + d > offset + EPS {
            out.push(p);
        }
        walked += d;
        from = p;
        if walked >= offset + length {
            break;
        }
    }
    if walked < offset + length {
        out.push(from + dir * (offset + length - walked + 1.0));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trail_behind_a_place_keeps_the_path_beyond_it() {
        let path = [Point::new(10.0, 0.0), Point::new(10.0, -10.0)];
        let t = trail_behind(Point::new(20.0, 0.0), 90.0, &path, 5.0, 3.0);
        assert_eq!(t[0], Point::new(10.0, 0.0));
        let t = trail_behind(Point::new(20.0, 0.0), 90.0, &path, 12.0, 3.0);
        assert_eq!(t, vec![Point::new(10.0, -10.0)]);
    }
}
