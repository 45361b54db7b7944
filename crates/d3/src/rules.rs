//! The rules of an army's turn: Movement (with Interpenetration, Disengaging, Terrain
//! Effects), Squares and Shooting, each checked with a `RuleError` naming the rule, and
//! applied.

use crate::actions::{Action, GRAIN};
use crate::dice::{best_of_two, d3};
use crate::state::{Pending, Phase, D3};

/// What every move of one unit in a phase depends on (its allowance, whether it is engaged,
/// the enemies within 6"), worked out once when the moves of that unit are listed.
#[derive(Debug)]
pub(crate) struct MoveContext {
    allowance: f64,
    engaged: bool,
    near: Vec<usize>,
    /// The units on the table near enough to matter to some move within the allowance: their
    /// centres within the allowance, 6" and both half-diagonals of the unit's. No move of at
    /// most the allowance ends on, passes through, or comes within 6" of any other.
    around: Vec<usize>,
}

/// Every offset of the grain of orders (tenths of an inch) within `reach` inches, nearest
/// first (at one distance, west to east, then south to north); worked out once for each reach
/// asked.
fn escape_offsets(reach: f64) -> std::sync::Arc<Vec<(i16, i16)>> {
    /// The offsets kept, by the reach in tenths of an inch.
    type Kept = Vec<(u32, std::sync::Arc<Vec<(i16, i16)>>)>;
    static KEPT: std::sync::Mutex<Kept> = std::sync::Mutex::new(Vec::new());
    let tenths = (reach * GRAIN).floor().clamp(0.0, 400.0) as i32;
    let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, list)) = kept.iter().find(|(r, _)| *r == tenths as u32) {
        return list.clone();
    }
    let mut list: Vec<(i16, i16)> = (-tenths..=tenths)
        .flat_map(|dx| (-tenths..=tenths).map(move |dy| (dx, dy)))
        .filter(|&(dx, dy)| (dx, dy) != (0, 0) && dx * dx + dy * dy <= tenths * tenths)
        .map(|(dx, dy)| (dx as i16, dy as i16))
        .collect();
    list.sort_by_key(|&(x, y)| {
        (
            i32::from(x) * i32::from(x) + i32::from(y) * i32::from(y),
            x,
            y,
        )
    });
    let list = std::sync::Arc::new(list);
    kept.push((tenths as u32, list.clone()));
    list
}

impl MoveContext {
    /// Whether a unit of `kind` in this context may only pivot: engaged, and not one of the
    /// types that disengage (Movement).
    pub(crate) fn pivots_only(&self, kind: Type) -> bool {
        self.engaged && !kind.may_disengage()
    }
}
use crate::units::{units, Type};
use fiw_engine::RuleError;
use fiw_table::{sweep, turn, Arc, Blocked, Containment, Kind, Point, Pose, Shape, EPS};

fn err(rule: &str, message: String) -> RuleError {
    RuleError::new(rule, message)
}

thread_local! {
    /// The bases a line of sight is measured against, reused from one question to the next.
    static OTHERS: std::cell::RefCell<Vec<fiw_table::Rect>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// How far past the point where it first comes within 6" of an enemy a move may end (the
/// Movement stop). Places are typed to a tenth of an inch, and the exact point where a move
/// first comes within 6" is almost never on that grid: held to the exact point, a unit could
/// only ever stop short of musket range, never in it. Half the diagonal of a tenth-inch cell
/// (0.0707") lets the grid point nearest the stop be reached.
pub const STOP_GRAIN: f64 = 0.075;

/// A refusal whose sentence is written only when someone will read it: listing candidate
/// moves refuses thousands a game and needs only the yes or no (`quiet`).
fn no(quiet: bool, rule: &str, message: impl FnOnce() -> String) -> Refused {
    if quiet {
        Refused::Quiet { fixed: false }
    } else {
        Refused::Said(err(rule, message()))
    }
}

/// [`no`] for a refusal that holds whatever the other units do (the table's edge, the
/// allowance, ground the unit may not enter): the kept candidate lists need not watch the line
/// of such a move.
fn never(quiet: bool, rule: &str, message: impl FnOnce() -> String) -> Refused {
    if quiet {
        Refused::Quiet { fixed: true }
    } else {
        Refused::Said(err(rule, message()))
    }
}

/// Why a move may not end where it would (Terrain Effects: only infantry and skirmishers may
/// end a move in a town, and only one unit may occupy a town).
pub(crate) enum Town {
    /// Terrain `k` is a town this unit's type may not end a move in.
    Barred(usize),
    /// Terrain `k` is a town unit `j` already holds.
    Held(usize, usize),
}

fn town_barred(t: &fiw_table::Terrain) -> String {
    format!(
        "only infantry and skirmishers may end a move in a town ({})",
        t.label()
    )
}

fn town_held(holder: &str, t: &fiw_table::Terrain) -> String {
    format!("{holder} already holds {}: one unit to a town", t.label())
}

/// Why a move is refused: in a sentence, or quietly for a listing, saying whether the refusal
/// could change while the unit stands where it is (other units moving).
pub(crate) enum Refused {
    Said(RuleError),
    Quiet { fixed: bool },
}

impl D3 {
    /// The unit an order names, on the table and of the army whose turn it is.
    fn own(&self, unit: u8, what: &str) -> Result<usize, RuleError> {
        let i = unit as usize;
        let u = self
            .units
            .get(i)
            .ok_or_else(|| RuleError::input(format!("there is no unit number {unit}")))?;
        if u.eliminated {
            return Err(err(
                "Eliminating Units",
                format!("{} has been eliminated", self.id(i)),
            ));
        }
        if u.army != self.active {
            return Err(err(
                "Sequence of play",
                format!(
                    "{} is not yours to {what}: it is the {} turn",
                    self.id(i),
                    self.active.id()
                ),
            ));
        }
        Ok(i)
    }

    fn in_phase(&self, phase: Phase, what: &str) -> Result<(), RuleError> {
        if self.outcome.is_some() {
            return Err(err("Army Resolve", "the battle is over".into()));
        }
        if self.phase != phase && what == "charge" {
            // Sequence of play: phase 3 fights the charges, which are made as moves
            return Err(err(
                "Sequence of play",
                format!(
                    "cavalry charge in the movement phase (a charge is a move into contact) and the charges are fought as the charges phase begins; this is the {} phase (`pass` ends it)",
                    self.phase.word()
                ),
            ));
        }
        if self.phase != phase {
            return Err(err(
                "Sequence of play",
                format!(
                    "units {what} in the {} phase; this is the {} phase (`pass` ends it)",
                    phase.word(),
                    self.phase.word()
                ),
            ));
        }
        Ok(())
    }

    /// Checks an order.
    pub(crate) fn check_action(&self, a: &Action) -> Result<(), RuleError> {
        if let Some(p) = self.pending {
            let target = self.id(p.target as usize);
            return match *a {
                Action::Pass => Ok(()),
                Action::Retire { unit } if unit == p.target => Ok(()),
                _ => Err(err(
                    "Shooting",
                    format!("{target} must first retire (`retire {target}`) or stand (`pass`)"),
                )),
            };
        }
        match *a {
            Action::Retire { unit } => Err(err(
                "Shooting",
                format!(
                    "{} has not just been shot at and has nothing to retire from",
                    self.id(unit as usize)
                ),
            )),
            Action::Pass => {
                if self.outcome.is_some() {
                    return Err(err("Army Resolve", "the battle is over".into()));
                }
                if self.phase == Phase::Movement {
                    if let Some(c) = self.commander_must_evade() {
                        return Err(err(
                            "Army Commander",
                            format!("{} has an enemy within 6\" and must move away this turn before the movement phase ends", self.id(c)),
                        ));
                    }
                }
                Ok(())
            }
            Action::Move { unit, x, y, facing } => {
                if facing >= 360 {
                    return Err(RuleError::input(format!(
                        "{facing} is not a compass facing (0 to 359)"
                    )));
                }
                self.check_move(unit, Action::point(x, y), facing as f64)
            }
            Action::Square { unit } => self.check_square(unit),
            Action::Shoot { unit, target } => self.check_shoot(unit, target),
            Action::Charge { unit, target } => self.check_charge(unit, target).map(|_| ()),
        }
    }

    /// Charges: only cavalry that have not moved charge; not a unit in cover, in square, or a
    /// commander; the cavalry turns to face the target's centre and moves straight until the
    /// bases touch, within its allowance, over ground it may cross and through no other unit.
    /// The 6" stop does not apply to a charge (the rule's own exception for moving at an
    /// enemy). Returns where the cavalry ends.
    pub(crate) fn check_charge(&self, unit: u8, target: u8) -> Result<Pose, RuleError> {
        self.in_phase(Phase::Movement, "charge")?;
        let i = self.own(unit, "charge with")?;
        let u = &self.units[i];
        let name = self.id(i);
        if !u.kind.charges() {
            return Err(err(
                "Charges",
                format!(
                    "only cavalry charge, and {name} is {}",
                    units().get(u.kind).name
                ),
            ));
        }
        if u.moved {
            return Err(err(
                "Movement",
                format!("{name} has already moved this turn"),
            ));
        }
        if self.pinned(i) {
            return Err(err(
                "Eliminating Units",
                format!("{name} has taken {} hits in cover and may not move", u.hits),
            ));
        }
        let t = target as usize;
        let v = self
            .units
            .get(t)
            .ok_or_else(|| RuleError::input(format!("there is no unit number {target}")))?;
        let tname = self.id(t);
        if v.army == u.army || v.eliminated {
            return Err(err(
                "Charges",
                format!("{tname} is not an enemy on the table"),
            ));
        }
        if v.kind == Type::Commander {
            return Err(err(
                "Army Commander",
                format!("{tname} is a commander, who cannot be engaged in combat"),
            ));
        }
        if self.in_cover(t) {
            return Err(err(
                "Charges",
                format!("{tname} is in cover, and cavalry cannot engage units in cover"),
            ));
        }
        if v.square {
            return Err(err(
                "Squares",
                format!("{tname} is in square, and cavalry cannot attack a square"),
            ));
        }
        let fp = units().get(u.kind).footprint;
        let from = u.pose.at;
        let goal = v.pose.at;
        let face = fiw_table::bearing(from, goal);
        let moving = fp.place(Pose::new(from.x, from.y, face));
        let them = self.rect(t);
        let Some(s) = moving.first_within(goal, &them, 0.0) else {
            return Err(err(
                "Charges",
                format!("{name} cannot reach {tname} moving straight at it"),
            ));
        };
        // Charges: a charge "occurs whenever cavalry moves into contact"; cavalry already
        // touching the target do not charge it again without moving (they may disengage and
        // charge again in a later turn)
        if s <= EPS {
            return Err(err(
                "Charges",
                format!(
                    "{name} is already in contact with {tname}: a charge is cavalry moving into contact"
                ),
            ));
        }
        let allowance = self.allowance(i);
        if s > allowance + EPS {
            return Err(err(
                "Charges",
                format!(
                    "{tname} is {s:.1}\" away along the charge; {name} moves at most {allowance}\""
                ),
            ));
        }
        let dir = fiw_table::heading(face);
        let to = from + dir * s;
        let end = Pose::new(to.x, to.y, face);
        let layout = &self.scenario.layout;
        if !layout.bounds().holds(&fp.place(end)) {
            return Err(err(
                "Movement",
                format!("{name}'s base would leave the table"),
            ));
        }
        let path = sweep(fp, from, to, face);
        if let Some(k) = layout
            .impassable_under(&path)
            .or_else(|| layout.impassable_under(&fp.place(end)))
        {
            return Err(err(
                "Terrain Effects",
                format!(
                    "{name} cannot cross {}: it is impassable",
                    layout.terrain()[k].label()
                ),
            ));
        }
        let end_rect = fp.place(end);
        match self.town_at_end(i, to, || &end_rect) {
            Some(Town::Barred(k)) => {
                return Err(err("Terrain Effects", town_barred(&layout.terrain()[k])))
            }
            Some(Town::Held(k, j)) => {
                return Err(err(
                    "Terrain Effects",
                    town_held(self.id(j), &layout.terrain()[k]),
                ))
            }
            None => {}
        }
        // only woods are measured against the charge (the same answer as `Layout::under`)
        if let Some(w) = layout
            .terrain()
            .iter()
            .find(|x| x.kind == Kind::Woods && x.polygon.holds(&path) != Containment::Outside)
        {
            return Err(err(
                "Terrain Effects",
                format!(
                    "only skirmishers may enter woods, and {} is in {name}'s way",
                    w.label()
                ),
            ));
        }
        let radius = units().radius(u.kind);
        for j in 0..self.units.len() {
            if j == i
                || j == t
                || self.units[j].eliminated
                || self.base(j).distance_to_path(from, to) > radius + 0.01
            {
                continue;
            }
            if moving.sweeps_through(to, self.base(j)) {
                return Err(err(
                    "Interpenetration",
                    format!("{name} would pass through {} on the way", self.id(j)),
                ));
            }
        }
        Ok(end)
    }

    /// Movement: a straight move of at most the unit's allowance, pivoting on its centre at the
    /// start and the end (the base travels holding its final facing), and what stops it.
    fn check_move(&self, unit: u8, to: Point, facing: f64) -> Result<(), RuleError> {
        self.move_check(unit, to, facing, false)
            .map_err(|e| match e {
                Refused::Said(e) => e,
                Refused::Quiet { .. } => err("Movement", "this move is refused".into()),
            })
    }

    /// [`D3::check_move`], refusing quietly (no sentence) when `quiet` once the unit may move
    /// at all, as a computer player asks it of many candidates.
    pub(crate) fn move_check(
        &self,
        unit: u8,
        to: Point,
        facing: f64,
        quiet: bool,
    ) -> Result<(), Refused> {
        let i = self.mover(unit).map_err(Refused::Said)?;
        self.check_move_from(i, &self.context(i), to, facing, quiet)
    }

    /// The unit an order moves, if it may move at all this phase.
    pub(crate) fn mover(&self, unit: u8) -> Result<usize, RuleError> {
        self.in_phase(Phase::Movement, "move")?;
        let i = self.own(unit, "move")?;
        let u = &self.units[i];
        let name = self.id(i);
        if u.moved {
            return Err(err(
                "Movement",
                format!("{name} has already moved this turn"),
            ));
        }
        if u.kind == Type::Commander && self.orders_given[u.army.seat()] {
            return Err(err("Army Commander", format!("{name} has given move orders this turn, which only a commander who does not move may give")));
        }
        if self.pinned(i) {
            return Err(err(
                "Eliminating Units",
                format!("{name} has taken {} hits in cover and may not move", u.hits),
            ));
        }
        Ok(i)
    }

    /// What every move of unit `i` this phase depends on, worked out once.
    pub(crate) fn move_context(&self, i: usize) -> MoveContext {
        let u = &self.units[i];
        let allowance = self.allowance(i);
        let reach = allowance + 6.0 + units().radius(u.kind) + 0.1;
        let mut around = Vec::with_capacity(self.units.len());
        around.extend((0..self.units.len()).filter(|j| {
            let v = &self.units[*j];
            *j != i && !v.eliminated && u.pose.at.dist(v.pose.at) <= reach + units().radius(v.kind)
        }));
        // a unit that is not engaged has no enemy within 6"
        let engaged = self.engaged(i);
        let mut near = Vec::new();
        if engaged {
            near.reserve(self.units.len());
            near.extend(self.enemies_near(u.army, self.base(i), 6.0));
        }
        MoveContext {
            allowance,
            engaged,
            near,
            around,
        }
    }

    /// The rest of [`D3::check_move`], for a unit [`D3::mover`] accepted, with its context.
    pub(crate) fn check_move_from(
        &self,
        i: usize,
        ctx: &MoveContext,
        to: Point,
        facing: f64,
        quiet: bool,
    ) -> Result<(), Refused> {
        let u = &self.units[i];
        let name = self.id(i);
        let fp = units().get(u.kind).footprint;
        let from = u.pose.at;
        let to = Action::destination(to, from);
        let length = from.dist(to);
        // the base where the move ends, worked out only when a question needs it
        let end_cell = std::cell::OnceCell::new();
        let end = || end_cell.get_or_init(|| fp.place(Pose::new(to.x, to.y, facing)));
        let radius = units().radius(u.kind);
        let layout = &self.scenario.layout;
        let bounds = layout.bounds();
        // a base whose turning circle lies on the table lies on it
        let clear_of_edges = to.x - radius >= 0.0
            && to.y - radius >= 0.0
            && to.x + radius <= bounds.width()
            && to.y + radius <= bounds.depth();
        if !clear_of_edges && !bounds.holds(end()) {
            return Err(never(quiet, "Movement", || {
                format!("{name}'s base would leave the table")
            }));
        }
        let allowance = ctx.allowance;
        if length > allowance + EPS {
            return Err(never(quiet, "Movement", || {
                format!("{name} moves at most {allowance}\"; this move is {length:.1}\"")
            }));
        }
        // Charges: a gun unmanned by cavalry in contact has no crew to turn it until the
        // cavalry move away (it could otherwise pivot out of contact and shoot them)
        if self.unmanned(i) {
            return Err(no(quiet, "Charges", || {
                format!("{name} is unmanned while enemy cavalry stand in contact: it can neither move nor pivot")
            }));
        }
        // Fort Oswego: the gun "must be located in the fort" for the whole battle; it may
        // pivot and shoot, and move only within the fort
        if let Some(k) = self.stays_in(i) {
            let t = &layout.terrain()[k];
            if t.polygon.holds(end()) != Containment::Wholly {
                return Err(never(quiet, "Fort Oswego", || {
                    format!(
                        "{name} must stay in {}: it may pivot and shoot there",
                        t.label()
                    )
                }));
            }
        }
        let pivot_only = length <= EPS;
        if pivot_only && turn(u.pose.facing, facing).abs() <= EPS {
            return Err(never(quiet, "Movement", || {
                format!("{name} already stands there facing {facing}")
            }));
        }
        let engaged = ctx.engaged;
        let near = &ctx.near;
        if engaged && !u.kind.may_disengage() {
            if !pivot_only {
                return Err(no(quiet, "Movement", || {
                    format!("{name} is engaged in combat and may only pivot to face an enemy (only cavalry and skirmishers disengage)")
                }));
            }
            let mut foes = near.clone();
            if let Some(t) = u.engaged_with {
                foes.push(t as usize);
            }
            if !foes
                .iter()
                .any(|j| end().in_arc(self.base(*j), Arc::FRONT_45))
            {
                return Err(no(quiet, "Movement", || {
                    format!("{name} is engaged in combat: it may pivot only to face an enemy")
                }));
            }
        }
        // the base at the start turned to its final facing (as it stands, if it keeps it)
        let moving = if facing == u.pose.facing {
            *self.base(i)
        } else {
            fp.place(Pose::new(from.x, from.y, facing))
        };
        if u.kind == Type::Commander {
            // Army Commander: commanders cannot be engaged, so one never ends a move within 6"
            if let Some(j) = self.enemies_near(u.army, end(), 6.0).next() {
                return Err(no(quiet, "Army Commander", || {
                    format!(
                        "{name} cannot be engaged in combat: this move ends within 6\" of {}",
                        self.id(j)
                    )
                }));
            }
            // Movement: and like every unit his move ceases on coming within 6" of an enemy,
            // so he may not pass within 6" of one on the way (one already that near, whom he
            // must move away from, does not stop him)
            if !pivot_only {
                let reach = radius + 6.0;
                for j in self.enemies_around(i, ctx) {
                    if self.far_from_path(j, from, to, reach)
                        || self.base(j).distance_to_path(from, to) > reach + 0.01
                        || self.base(i).is_within(self.base(j), 6.0)
                    {
                        continue;
                    }
                    if let Some(s) = moving.first_within(to, self.base(j), 6.0) {
                        if length > s + STOP_GRAIN {
                            return Err(no(quiet, "Movement", || {
                                format!("{name} must stop on coming within 6\" of {}, {s:.2}\" along this move", self.id(j))
                            }));
                        }
                    }
                }
            }
        } else if engaged && !pivot_only {
            // Disengaging: away from the enemy, ending beyond 6" of every enemy, and not
            // coming within 6" of another on the way
            let foes = near
                .iter()
                .copied()
                .chain(u.engaged_with.map(usize::from))
                .filter(|j| !self.units[*j].eliminated);
            for j in foes {
                if !self.moves_away(&moving, to, j) {
                    return Err(no(quiet, "Disengaging", || {
                        format!(
                            "{name} must move away from {} to disengage: this move brings it nearer",
                            self.id(j)
                        )
                    }));
                }
            }
            if let Some(j) = self.enemies_near(u.army, end(), 6.0).next() {
                return Err(no(quiet, "Disengaging", || {
                    format!(
                        "{name} must move away to disengage: this move ends within 6\" of {}",
                        self.id(j)
                    )
                }));
            }
            for j in self.enemies_around(i, ctx) {
                if near.contains(&j)
                    || Some(j as u8) == u.engaged_with
                    || self.far_from_path(j, from, to, radius + 6.0)
                {
                    continue;
                }
                if let Some(s) = moving.first_within(to, self.base(j), 6.0) {
                    if s < length - EPS {
                        return Err(no(quiet, "Disengaging", || {
                            format!(
                                "{name} may not disengage past {}: the move comes within 6\" of it",
                                self.id(j)
                            )
                        }));
                    }
                }
            }
        } else if !pivot_only {
            // Movement: the move ceases on coming within 6" of an enemy
            let reach = radius + 6.0;
            for j in self.enemies_around(i, ctx) {
                // quick reject: an enemy whose base stays farther than 6" from any base the
                // path could hold cannot stop the move
                if self.far_from_path(j, from, to, reach)
                    || self.base(j).distance_to_path(from, to) > reach + 0.01
                {
                    continue;
                }
                if let Some(s) = moving.first_within(to, self.base(j), 6.0) {
                    if length > s + STOP_GRAIN {
                        return Err(no(quiet, "Movement", || {
                            format!("{name} must stop on coming within 6\" of {}, {s:.2}\" along this move", self.id(j))
                        }));
                    }
                }
            }
        }
        // the ground the move sweeps is worked out only when some terrain or unit lies near
        // enough to matter: terrain whose bounding box misses the path's cannot share any of
        // it, which is the answer the exact questions would give
        // the box round the bases at both ends (the end base is the start one moved along)
        let (lo, hi) = bounding_box(&[&moving]);
        let shift = to - from;
        let (lo, hi) = (
            Point::new(lo.x.min(lo.x + shift.x), lo.y.min(lo.y + shift.y)),
            Point::new(hi.x.max(hi.x + shift.x), hi.y.max(hi.y + shift.y)),
        );
        // nor can terrain farther from the centre's path than the base's half-diagonal (every
        // base the move holds, turned or not, lies within it of a point of the path)
        let near_path = |t: &fiw_table::Terrain| {
            let (a, b) = t.polygon.bounds();
            !(b.x < lo.x
                || a.x > hi.x
                || b.y < lo.y
                || a.y > hi.y
                || clear_of_path(&t.polygon, from, to, radius + 0.01))
        };
        let swept = std::cell::OnceCell::new();
        let path = || swept.get_or_init(|| sweep(fp, from, to, facing));
        if layout.terrain().iter().any(|t| {
            near_path(t) && layout.effect(t.kind).passage == fiw_table::Passage::Impassable
        }) {
            // the base where it ends is asked too: the table measures a shape's overlap with a
            // tolerance that grows with its outline, so a corner grazing the shore can pass
            // with the longer outline of the swept ground and still poke into the lake
            if let Some(t) = layout
                .impassable_under(path())
                .or_else(|| layout.impassable_under(end()))
            {
                return Err(never(quiet, "Terrain Effects", || {
                    format!(
                        "{name} cannot cross {}: it is impassable",
                        layout.terrain()[t].label()
                    )
                }));
            }
        }
        // only the kinds in question are measured against the move (the same answer as
        // `Layout::under`, without clipping every other piece of terrain)
        if !u.kind.may_enter_woods() {
            if let Some(t) = layout.terrain().iter().find(|t| {
                t.kind == Kind::Woods
                    && near_path(t)
                    && t.polygon.holds(path()) != Containment::Outside
            }) {
                return Err(never(quiet, "Terrain Effects", || {
                    format!(
                        "only skirmishers may enter woods, and {} is in {name}'s way",
                        t.label()
                    )
                }));
            }
        }
        match self.town_at_end(i, to, || end()) {
            Some(Town::Barred(k)) => {
                return Err(never(quiet, "Terrain Effects", || {
                    town_barred(&layout.terrain()[k])
                }))
            }
            Some(Town::Held(k, j)) => {
                return Err(no(quiet, "Terrain Effects", || {
                    town_held(self.id(j), &layout.terrain()[k])
                }))
            }
            None => {}
        }
        for &j in &ctx.around {
            if self.far_from_path(j, from, to, radius)
                || self.base(j).distance_to_path(from, to) > radius + 0.01
            {
                continue;
            }
            let other = self.base(j);
            let apart =
                to.dist(self.units[j].pose.at) > radius + units().radius(self.units[j].kind) + 0.01;
            if !apart && end().overlaps(other) {
                return Err(no(quiet, "Interpenetration", || {
                    format!("{name} would end on top of {}", self.id(j))
                }));
            }
            if !u.kind.passes_through_units() && moving.sweeps_through(to, other) {
                return Err(no(quiet, "Interpenetration", || {
                    format!("{name} would pass through {}: only skirmishers and artillery move through other units", self.id(j))
                }));
            }
        }
        Ok(())
    }

    /// Terrain Effects: whether unit `i`, ending a move (a move, a charge, a retirement from
    /// fire) centred on `to` with its base `end`, would end in a town it may not: its type may
    /// not end a move in one, or another unit holds it. Any part of a base in a town puts it
    /// there for these two rules (one base may not share a town with another at all).
    pub(crate) fn town_at_end<'a>(
        &self,
        i: usize,
        to: Point,
        end: impl Fn() -> &'a fiw_table::Rect,
    ) -> Option<Town> {
        let u = &self.units[i];
        let radius = units().radius(u.kind);
        let layout = &self.scenario.layout;
        for (k, t) in layout.terrain().iter().enumerate() {
            if t.kind != Kind::Town {
                continue;
            }
            let (a, b) = t.polygon.bounds();
            let near_end = !(b.x < to.x - radius
                || a.x > to.x + radius
                || b.y < to.y - radius
                || a.y > to.y + radius);
            if !near_end || t.polygon.holds(end()) == Containment::Outside {
                continue;
            }
            if !u.kind.may_end_in_town() {
                return Some(Town::Barred(k));
            }
            if let Some(j) = (0..self.units.len()).find(|&j| {
                j != i
                    && !self.units[j].eliminated
                    && t.polygon.holds(self.base(j)) != Containment::Outside
            }) {
                return Some(Town::Held(k, j));
            }
        }
        None
    }

    /// Movement and Army Commander: the unit's allowance, 6" more when its commander has not
    /// moved this turn and stands within 6" of it (the commander's move orders; using them
    /// holds the commander still for the rest of the turn). A commander with an enemy within
    /// 6" gives no orders: he must move away this turn, and only a commander who does not
    /// move gives them (else the orders would excuse him from moving away).
    pub fn allowance(&self, i: usize) -> f64 {
        let u = &self.units[i];
        let base = units().get(u.kind).move_allowance;
        if u.kind == Type::Commander {
            return base;
        }
        let me = self.rect(i);
        let ordered = (0..self.units.len()).any(|c| {
            let v = &self.units[c];
            v.army == u.army
                && v.kind == Type::Commander
                && !v.eliminated
                && !v.moved
                && self.rect(c).is_within(&me, 6.0)
                && !self.threatened(c)
        });
        if ordered {
            base + 6.0
        } else {
            base
        }
    }

    /// Army Commander: whether an enemy that fights stands within 6" of commander `c`, who
    /// must then move away.
    pub(crate) fn threatened(&self, c: usize) -> bool {
        self.enemies_near(self.units[c].army, self.base(c), 6.0)
            .next()
            .is_some()
    }

    /// Army Commander: the active army's commander when an enemy has come within 6" of it and
    /// it has not yet moved away this turn, provided it has somewhere to go: some legal move
    /// among his candidate orders, which look, when the usual ones have none, at every point of
    /// the grain of orders within his move (`D3::escape`).
    pub fn commander_must_evade(&self) -> Option<usize> {
        let c = (0..self.units.len()).find(|c| {
            let v = &self.units[*c];
            v.army == self.active && v.kind == Type::Commander && !v.eliminated && !v.moved
        })?;
        if !self.threatened(c) {
            return None;
        }
        let has_escape = |list: &[Action]| list.iter().any(|a| matches!(a, Action::Move { .. }));
        let escapes = match self.moves.fresh_says(c, has_escape) {
            Some(yes) => yes,
            None => {
                let mut list = Vec::new();
                self.candidate_moves(c, &mut list);
                has_escape(&list)
            }
        };
        escapes.then_some(c)
    }

    /// Army Commander: a legal move for the threatened commander `c`, looked for at every
    /// point of the grain of orders within his move, nearest first, holding his facing (the
    /// candidate orders try a few dozen places; a commander hemmed in by the table's edge, the
    /// enemy and his own units may have a way out only a short step away, and the obligation
    /// to move away must not lapse because the menu missed it).
    pub(crate) fn escape(&self, c: usize) -> Option<Action> {
        let mover = self.mover(c as u8).ok()?;
        let ctx = self.context(mover);
        let u = &self.units[c];
        let at = u.pose.at;
        let facing = u.pose.facing.round();
        let (gx, gy) = ((at.x * GRAIN).round(), (at.y * GRAIN).round());
        // a quick refusal before the whole check: a place whose centre is nearer an enemy's
        // base than 6" and half the commander's narrower side ends within 6" of it
        let fp = units().get(u.kind).footprint;
        let inner = 6.0 + fp.frontage().min(fp.depth()) / 2.0 - EPS;
        let reach = ctx.allowance + 6.0 + units().radius(u.kind) + 0.1;
        let foes: Vec<&fiw_table::Rect> = self
            .enemies_near(u.army, self.base(c), reach)
            .map(|j| self.base(j))
            .collect();
        escape_offsets(ctx.allowance).iter().find_map(|&(dx, dy)| {
            let to = Point::new((gx + dx as f64) / GRAIN, (gy + dy as f64) / GRAIN);
            if foes.iter().any(|r| r.distance_to_point(to) < inner) {
                return None;
            }
            self.check_move_from(mover, &ctx, to, facing, true)
                .is_ok()
                .then(|| Action::move_to(c, to.x, to.y, facing))
        })
    }

    /// Disengaging: whether a base `moving` (the unit at its start, turned to its final
    /// facing) going straight to `to` moves away from unit `j`: neither the distance between
    /// their centres nor the gap between their bases ever shrinks along the move. Both are
    /// convex along a straight line, so neither shrinks anywhere if neither shrinks at the
    /// start: the centres' by the direction of the move, the gap over its first hundredth of
    /// an inch (a skirmisher passing through its enemy to end 6" beyond it does not move
    /// away; one going along its front, the gap held, does).
    fn moves_away(&self, moving: &fiw_table::Rect, to: Point, j: usize) -> bool {
        let from = moving.centre();
        let length = from.dist(to);
        if length <= EPS {
            return true;
        }
        let dir = (to - from) * (1.0 / length);
        let them = self.base(j);
        if dir.dot(from - them.centre()) < -EPS {
            return false;
        }
        let step = length.min(0.01);
        let ahead = moving.footprint().place(Pose::new(
            from.x + dir.x * step,
            from.y + dir.y * step,
            moving.pose().facing,
        ));
        ahead.distance(them) >= moving.distance(them) - EPS * step
    }

    /// Whether unit `j`'s base lies more than `reach` inches (plus its own half-diagonal) from
    /// every point of the straight path `from`–`to`: then no base centred on the path within
    /// `reach` of its centre can touch it. A cheap bound that only skips exact questions whose
    /// answer it already knows.
    fn far_from_path(&self, j: usize, from: Point, to: Point, reach: f64) -> bool {
        let v = &self.units[j];
        let r = units().radius(v.kind);
        let c = v.pose.at;
        // the box around the path, grown by the reach, settles most questions without a root
        let m = reach + r + 0.01;
        if c.x < from.x.min(to.x) - m
            || c.x > from.x.max(to.x) + m
            || c.y < from.y.min(to.y) - m
            || c.y > from.y.max(to.y) + m
        {
            return true;
        }
        fiw_table::Segment::new(from, to).distance_to_point(c) > m
    }

    /// The living enemy units that engage (not commanders) among those around unit `i`.
    fn enemies_around<'a>(
        &'a self,
        i: usize,
        ctx: &'a MoveContext,
    ) -> impl Iterator<Item = usize> + 'a {
        let army = self.units[i].army;
        ctx.around.iter().copied().filter(move |j| {
            let v = &self.units[*j];
            v.army != army && v.kind != Type::Commander
        })
    }

    /// Squares: infantry form square as their move.
    fn check_square(&self, unit: u8) -> Result<(), RuleError> {
        self.in_phase(Phase::Movement, "form square")?;
        let i = self.own(unit, "form into square")?;
        let u = &self.units[i];
        if !u.kind.is_infantry() {
            return Err(err(
                "Squares",
                format!(
                    "only infantry form square, and {} is {}",
                    self.id(i),
                    units().get(u.kind).name
                ),
            ));
        }
        if u.square {
            return Err(err(
                "Squares",
                format!("{} is already in square", self.id(i)),
            ));
        }
        if self.pinned(i) {
            return Err(err(
                "Eliminating Units",
                format!(
                    "{} has taken {} hits in cover and may not move, nor form square",
                    self.id(i),
                    u.hits
                ),
            ));
        }
        if u.moved {
            return Err(err(
                "Squares",
                format!(
                    "{} has already moved this turn; a square is formed during the move",
                    self.id(i)
                ),
            ));
        }
        // Squares, Movement: a square is formed during a move, and engaged infantry cannot
        // move (they may only pivot to face an enemy), as a unit held by its hits in cover
        if self.engaged(i) {
            return Err(err(
                "Squares",
                format!(
                    "{} is engaged in combat and cannot move, so it cannot form square (a square is formed during a move)",
                    self.id(i)
                ),
            ));
        }
        Ok(())
    }

    /// Shooting: a unit that did not move, at an enemy in its 45° arc (all round in a town),
    /// within range, with a clear line of sight.
    fn check_shoot(&self, unit: u8, target: u8) -> Result<(), RuleError> {
        self.shot_check(unit, target, false).map_err(|e| match e {
            Refused::Said(e) => e,
            Refused::Quiet { .. } => err("Shooting", "this shot is refused".into()),
        })
    }

    /// [`D3::check_shoot`], refusing quietly (no sentence) when `quiet` for range, arc and
    /// sight, which listing the shots of a phase asks of every shooter and target.
    pub(crate) fn shot_check(&self, unit: u8, target: u8, quiet: bool) -> Result<(), Refused> {
        let (i, t, range) = self
            .shooter_and_target(unit, target)
            .map_err(Refused::Said)?;
        let (u, name, tname) = (&self.units[i], self.id(i), self.id(t));
        let (me, them) = (self.rect(i), self.rect(t));
        if !me.is_within(&them, range) {
            return Err(no(quiet, "Shooting", || {
                format!(
                    "{tname} is {:.1}\" away; {name} reaches {range}\"",
                    me.distance(&them)
                )
            }));
        }
        let layout = &self.scenario.layout;
        let in_town = self.stands_in_kind(Kind::Town, &me);
        let arc = if in_town {
            Arc::ALL_ROUND
        } else {
            Arc::FRONT_45
        };
        if !me.in_arc(&them, arc) {
            return Err(no(quiet, "Shooting", || {
                format!("{tname} is outside {name}'s 45° field of fire")
            }));
        }
        // the other bases, gathered in a buffer kept for the thread: listing the shots asks
        // this of every shooter and target in range, and a fresh vector each time cost more
        // than the sight line
        let sight = OTHERS.with(|buf| {
            let mut others = buf.borrow_mut();
            others.clear();
            others.extend(
                (0..self.units.len())
                    .filter(|j| self.screens(*j, i, t))
                    .map(|j| self.bases[j]),
            );
            layout.line_of_sight(&me, &them, &others, u.kind == Type::Artillery)
        });
        if let Err(why) = sight {
            if quiet {
                return Err(Refused::Quiet { fixed: false });
            }
            let index: Vec<usize> = (0..self.units.len())
                .filter(|j| self.screens(*j, i, t))
                .collect();
            let by = match why {
                Blocked::Unit(k) => index
                    .get(k)
                    .map(|j| self.id(*j).to_string())
                    .unwrap_or_else(|| "a unit".into()),
                Blocked::Terrain(k) => layout
                    .terrain()
                    .get(k)
                    .map(|x| x.label().to_string())
                    .unwrap_or_else(|| "terrain".into()),
                Blocked::Through { kind, inches } => format!("{inches:.1}\" of {}", kind.word()),
            };
            return Err(Refused::Said(err(
                "Shooting",
                format!("{name} has no clear line of sight to {tname}: blocked by {by}"),
            )));
        }
        Ok(())
    }

    /// Shooting: whether unit `j` may stand across the line of sight from `i` to `t`: any unit
    /// on the table but those two and commanders, who can be neither shot nor charged and so
    /// are no screen (Army Commander).
    fn screens(&self, j: usize, i: usize, t: usize) -> bool {
        let v = &self.units[j];
        !v.eliminated && v.kind != Type::Commander && j != i && j != t
    }

    /// The shooter and target of a shot, and the shooter's range, when both may take part at
    /// all (the questions before range, arc and sight).
    fn shooter_and_target(&self, unit: u8, target: u8) -> Result<(usize, usize, f64), RuleError> {
        self.in_phase(Phase::Shooting, "shoot")?;
        let i = self.own(unit, "shoot with")?;
        let u = &self.units[i];
        let name = self.id(i);
        let Some(range) = units().get(u.kind).range else {
            return Err(err(
                "Shooting",
                format!("{name} is {} and does not shoot", units().get(u.kind).name),
            ));
        };
        if u.moved {
            return Err(err(
                "Shooting",
                format!("{name} moved this turn: only units that did not move can shoot"),
            ));
        }
        if u.shot {
            return Err(err(
                "Shooting",
                format!("{name} has already shot this turn"),
            ));
        }
        if u.square {
            return Err(err(
                "Squares",
                format!("{name} is in square and cannot shoot"),
            ));
        }
        if self.unmanned(i) {
            return Err(err(
                "Charges",
                format!("{name} is unmanned while enemy cavalry stand in contact"),
            ));
        }
        let t = target as usize;
        let v = self
            .units
            .get(t)
            .ok_or_else(|| RuleError::input(format!("there is no unit number {target}")))?;
        let tname = self.id(t);
        if v.army == u.army {
            return Err(err("Shooting", format!("{tname} is one of your own")));
        }
        if v.eliminated {
            return Err(err(
                "Eliminating Units",
                format!("{tname} has been eliminated"),
            ));
        }
        if v.kind == Type::Commander {
            return Err(err(
                "Army Commander",
                format!("{tname} is a commander, who cannot be engaged in combat"),
            ));
        }
        Ok((i, t, range))
    }

    /// Applies an order already checked.
    pub(crate) fn apply_action(&mut self, a: Action) {
        self.changing();
        if let Some(p) = self.pending.take() {
            let t = p.target as usize;
            match a {
                Action::Retire { .. } => {
                    if let Some(end) = self.retire_to(t, p.shooter as usize) {
                        if self.log.is_on() {
                            let w = self.move_words(t, end.at, end.facing, ("retires", "retires"));
                            let text = format!("{} {w}", self.id(t));
                            self.log.public(|| text);
                        }
                        self.set_pose(t, end);
                        self.take_hits(t, p.hits - 1);
                    } else {
                        self.take_hits(t, p.hits);
                    }
                }
                _ => self.take_hits(t, p.hits),
            }
            return;
        }
        match a {
            Action::Retire { .. } => {}
            Action::Pass => self.pass(),
            Action::Move { unit, x, y, facing } => {
                let i = unit as usize;
                let to = Action::destination(Action::point(x, y), self.units[i].pose.at);
                if to.dist(self.units[i].pose.at)
                    > units().get(self.units[i].kind).move_allowance + EPS
                {
                    self.orders_given[self.units[i].army.seat()] = true;
                }
                // (the words only when the log is kept: simulations run without it)
                if self.log.is_on() {
                    let w = self.move_words(i, to, f64::from(facing), ("moves", "pivots"));
                    let text = format!("{} {w}", self.id(i));
                    self.log.public(|| text);
                }
                self.set_pose(i, Pose::new(to.x, to.y, facing as f64));
                let u = &mut self.units[i];
                u.moved = true;
                u.square = false;
            }
            Action::Square { unit } => {
                let u = &mut self.units[unit as usize];
                u.square = true;
                u.moved = true;
                let id = self.id(unit as usize).to_string();
                self.log.public(|| format!("{id} forms square"));
            }
            Action::Shoot { unit, target } => self.shoot(unit as usize, target as usize),
            Action::Charge { unit, target } => {
                if let Ok(end) = self.check_charge(unit, target) {
                    let i = unit as usize;
                    if end.at.dist(self.units[i].pose.at)
                        > units().get(self.units[i].kind).move_allowance + EPS
                    {
                        self.orders_given[self.units[i].army.seat()] = true;
                    }
                    self.set_pose(i, end);
                    // flank or rear is judged where the cavalry make contact
                    let flank =
                        self.rect(target as usize).side_towards(end.at) != fiw_table::Side::Front;
                    let u = &mut self.units[i];
                    u.moved = true;
                    u.charging = Some(crate::state::Charge { target, flank });
                    if self.log.is_on() {
                        let text = format!(
                            "{} charges {}{}, making contact {}",
                            self.id(i),
                            self.id(target as usize),
                            if flank { " in the flank or rear" } else { "" },
                            self.whereabouts(end.at)
                        );
                        self.log.public(|| text);
                    }
                }
            }
        }
    }

    /// Charges: each cavalry unit that charged this turn and still touches its target (a
    /// cavalry or skirmish target shot at since may have retired out of contact, and then the
    /// charge is not fought) rolls D3+1 hits, one fewer against a target on a hill and one
    /// fewer against cavalry, doubled against a flank or the rear (as judged at contact) and
    /// doubled against skirmishers. Charged artillery with no infantry within 3" is
    /// eliminated; with infantry that near it takes no hits but is unmanned while the cavalry
    /// stay in contact.
    fn resolve_charges(&mut self) {
        for i in 0..self.units.len() {
            let Some(charge) = self.units[i].charging.take() else {
                continue;
            };
            let t = charge.target as usize;
            if self.units[i].eliminated || self.units[t].eliminated {
                continue;
            }
            let (a, b) = (self.id(i).to_string(), self.id(t).to_string());
            if self.base(i).distance(self.base(t)) > EPS {
                self.log
                    .public(|| format!("{a}'s charge is not fought: {b} is no longer in contact"));
                continue;
            }
            let target = self.units[t].kind;
            if target == Type::Artillery {
                if self.gun_covered(t) {
                    self.log.public(|| format!("{a} overruns {b}, whose infantry stand within 3\": the gun is unmanned while {a} stays"));
                } else {
                    self.remove(t, &format!("by {a}'s charge, with no infantry within 3\""));
                }
                continue;
            }
            let them = self.rect(t);
            let on_hill = self.stands_in_kind(Kind::Hill, &them);
            let flank = charge.flank;
            // the modifiers in the order they apply, as the log and the players read them
            let why = || {
                let mut why = Vec::new();
                if on_hill {
                    why.push("-1 hill");
                }
                if target == Type::Cavalry {
                    why.push("-1 cavalry");
                }
                if flank {
                    why.push("x2 flank or rear");
                }
                if target == Type::Skirmishers {
                    why.push("x2 skirmishers");
                }
                why.join(" ")
            };
            let roll = d3(&mut self.dice, || {
                let w = why();
                let sep = if w.is_empty() { "" } else { " " };
                format!("{a} charges {b}: roll a D3 for the hits (D3+1{sep}{w})")
            });
            let hits = charge_hits(roll, on_hill, target, flank);
            let v = &mut self.units[t];
            v.hits = v.hits.saturating_add(hits);
            let total = v.hits;
            self.log.public(|| {
                // (no space before the colon when there is no modifier)
                let w = why();
                let sep = if w.is_empty() { "" } else { " " };
                format!(
                    "{a} charges {b}: D3 {roll}+1{sep}{w}: {} ({total} in all)",
                    crate::words::hits(hits)
                )
            });
        }
    }

    /// Charges: whether gun `t` has infantry of its own army within 3" (charged, it is then
    /// unmanned rather than eliminated).
    pub(crate) fn gun_covered(&self, t: usize) -> bool {
        let them = self.rect(t);
        let army = self.units[t].army;
        (0..self.units.len()).any(|j| {
            let v = &self.units[j];
            v.army == army
                && !v.eliminated
                && v.kind.is_infantry()
                && self.rect(j).is_within(&them, 3.0)
        })
    }

    /// Shooting: whether unit `i` shoots from an entrenchment (rolling the best of 2D3).
    pub(crate) fn shoots_entrenched(&self, i: usize) -> bool {
        self.units[i].kind.covered_by_entrenchment()
            && self.stands_in_kind(Kind::Entrenchment, &self.rect(i))
    }

    /// Charges: a gun in contact with enemy cavalry is unmanned (it was charged with infantry
    /// near) and cannot shoot.
    pub fn unmanned(&self, i: usize) -> bool {
        let u = &self.units[i];
        u.kind == Type::Artillery
            && (0..self.units.len()).any(|j| {
                let v = &self.units[j];
                v.army != u.army
                    && !v.eliminated
                    && v.kind == Type::Cavalry
                    && self.rect(j).distance(&self.rect(i)) <= EPS
            })
    }

    /// Shooting: D3 plus the type's modifier (D3+1 veterans, D3−1 skirmishers and artillery),
    /// the best of 2D3 from an entrenchment; the shooter is marked as engaged.
    fn shoot(&mut self, i: usize, t: usize) {
        let kind = self.units[i].kind;
        let entrenched = self.shoots_entrenched(i);
        let modifier = units().get(kind).shoot;
        let ids = &self.ids;
        // what the players roll for, said only when they roll
        let label = || {
            let (a, b) = (
                ids.get(i).map_or("?", String::as_str),
                ids.get(t).map_or("?", String::as_str),
            );
            let word = kind.word();
            if entrenched {
                format!("{a} shoots at {b} from an entrenchment: roll 2 D3 for the hits (the higher counts, {modifier:+} for {word})")
            } else {
                format!("{a} shoots at {b}: roll a D3 for the hits (D3{modifier:+} for {word})")
            }
        };
        let roll = if entrenched {
            best_of_two(&mut self.dice, label)
        } else {
            d3(&mut self.dice, label)
        };
        let hits = shot_hits(roll, modifier);
        let u = &mut self.units[i];
        u.shot = true;
        u.engaged_with = Some(t as u8);
        let (a, b) = (self.id(i).to_string(), self.id(t).to_string());
        self.log.public(|| {
            let dice = if entrenched { "best of 2D3" } else { "D3" };
            format!(
                "{a} shoots at {b}: {dice} {roll}{modifier:+}: {}",
                crate::words::hits(hits)
            )
        });
        if hits > 0 && self.units[t].kind.may_retire_from_fire() && self.retire_to(t, i).is_some() {
            // the target's army decides: retire a full move for one hit fewer, or stand
            self.pending = Some(Pending {
                shooter: i as u8,
                target: t as u8,
                hits,
            });
            return;
        }
        self.take_hits(t, hits);
    }

    fn take_hits(&mut self, t: usize, hits: u8) {
        let v = &mut self.units[t];
        v.hits = v.hits.saturating_add(hits);
        let total = v.hits;
        let b = self.id(t).to_string();
        self.log
            .public(|| format!("{b} takes {} ({total} in all)", crate::words::hits(hits)));
    }

    /// Shooting: where a cavalry or skirmish target shot at by `shooter` ends if it retires
    /// its full move straight away from the shooter, holding its facing; `None` if it is held
    /// in cover by its hits, or that move would leave the table, cross ground it may not, pass
    /// through a unit (cavalry), end on one or end in a town it may not.
    pub fn retire_to(&self, t: usize, shooter: usize) -> Option<Pose> {
        // Eliminating Units: a unit held in cover by its hits may not move, nor so retire
        if self.pinned(t) {
            return None;
        }
        let u = &self.units[t];
        let fp = units().get(u.kind).footprint;
        let from = u.pose.at;
        let dir = fiw_table::heading(fiw_table::bearing(self.units[shooter].pose.at, from));
        let to = from + dir * units().get(u.kind).move_allowance;
        let end = Pose::new(to.x, to.y, u.pose.facing);
        let layout = &self.scenario.layout;
        let rect = fp.place(end);
        if !layout.bounds().holds(&rect) {
            return None;
        }
        let path = sweep(fp, from, to, u.pose.facing);
        if layout.impassable_under(&path).is_some() || layout.impassable_under(&rect).is_some() {
            return None;
        }
        // only the kinds in question are measured (the same answer as `Layout::under`)
        let barred = (!u.kind.may_enter_woods()
            && layout
                .terrain()
                .iter()
                .any(|x| x.kind == Kind::Woods && x.polygon.holds(&path) != Containment::Outside))
            || self.town_at_end(t, to, || &rect).is_some();
        if barred {
            return None;
        }
        let radius = units().radius(u.kind);
        for j in 0..self.units.len() {
            if j == t
                || self.units[j].eliminated
                || self.base(j).distance_to_path(from, to) > radius + 0.01
            {
                continue;
            }
            let other = self.rect(j);
            if rect.overlaps(&other)
                || (!u.kind.passes_through_units() && path.overlaps_shape(&other))
            {
                return None;
            }
        }
        // Movement, Disengaging: a retirement is a move, so it keeps the 6" stop and, from an
        // enemy within 6", the rules of disengaging: away from every enemy that near, ending
        // beyond 6" of every enemy, and not coming within 6" of another on the way. A full
        // move that any of these would cut short is no retirement at all.
        let moving = self.base(t);
        let length = from.dist(to);
        if self.enemies_near(u.army, &rect, 6.0).next().is_some() {
            return None;
        }
        for j in 0..self.units.len() {
            let v = &self.units[j];
            if v.army == u.army || v.eliminated || v.kind == Type::Commander {
                continue;
            }
            if moving.is_within(self.base(j), 6.0) {
                if !self.moves_away(moving, to, j) {
                    return None;
                }
            } else if self.base(j).distance_to_path(from, to) <= radius + 6.0 + 0.01
                && moving
                    .first_within(to, self.base(j), 6.0)
                    .is_some_and(|s| s < length + EPS)
            {
                return None;
            }
        }
        Some(end)
    }

    /// Ends the phase; after charges, eliminates, checks army resolve and hands the turn over.
    fn pass(&mut self) {
        match self.phase {
            Phase::Movement => self.phase = Phase::Shooting,
            Phase::Shooting => {
                self.phase = Phase::Charges;
                self.resolve_charges();
            }
            Phase::Charges => {
                self.eliminate();
                if self.outcome.is_some() {
                    return;
                }
                self.active = self.active.other();
                self.phase = Phase::Movement;
                if self.active == self.scenario.first {
                    self.round += 1;
                    if self.round > self.scenario.turns {
                        self.round = self.scenario.turns;
                        self.end_by_resolve();
                        return;
                    }
                }
                for u in &mut self.units {
                    if u.army == self.active {
                        u.moved = false;
                        u.shot = false;
                    }
                }
                self.lapse_markers();
                self.orders_given[self.active.seat()] = false;
                let (who, round) = (self.active.name(), self.round);
                self.log.public(|| format!("Round {round}: the {who} turn"));
            }
        }
    }

    /// Shooting: at the start of each turn, a shooting marker whose target has gone beyond the
    /// shooter's range (it retired or disengaged, or a gun's target walked off) is lifted.
    /// The text holds a marked unit until its enemy is eliminated; read literally, a gun that
    /// once fired at a unit passing 20" away was frozen for the rest of the battle. Engagement
    /// is a fight the two can still carry on, and one the target has broken off is over.
    fn lapse_markers(&mut self) {
        for i in 0..self.units.len() {
            let Some(t) = self.units[i].engaged_with.map(usize::from) else {
                continue;
            };
            let range = units().get(self.units[i].kind).range.unwrap_or(0.0);
            if self.units[t].eliminated || !self.base(i).is_within(self.base(t), range) {
                self.units[i].engaged_with = None;
                let (a, b) = (self.id(i).to_string(), self.id(t).to_string());
                self.log
                    .public(|| format!("{a}'s shooting marker lapses: {b} is beyond its range"));
            }
        }
    }

    fn end_by_resolve(&mut self) {
        let [b, f] = self.resolve;
        let winner = match b.cmp(&f) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        self.outcome = Some(fiw_engine::Outcome {
            winner,
            turn: self.round,
            reason: format!("the last round is over: resolve British {b}, French {f}"),
        });
    }
}

/// Shooting: the hits a roll of the dice gives with the shooter's modifier (never fewer than
/// none).
pub(crate) fn shot_hits(roll: u8, modifier: i8) -> u8 {
    (i16::from(roll) + i16::from(modifier)).max(0) as u8
}

/// Charges: the hits a roll gives, D3+1, one fewer against a target on a hill and one fewer
/// against cavalry (never fewer than none), then doubled against a flank or the rear and
/// doubled against skirmishers.
pub(crate) fn charge_hits(roll: u8, on_hill: bool, target: Type, flank: bool) -> u8 {
    let mut hits = i16::from(roll) + 1;
    if on_hill {
        hits -= 1;
    }
    if target == Type::Cavalry {
        hits -= 1;
    }
    let mut hits = hits.max(0) as u8;
    if flank {
        hits *= 2;
    }
    if target == Type::Skirmishers {
        hits *= 2;
    }
    hits
}

/// Whether `polygon` lies more than `reach` from every point of the straight path
/// `from`–`to`: the path starts outside it and no edge comes within `reach` of the path (so it
/// never crosses one). A cheap bound that only skips exact questions whose answer it knows.
fn clear_of_path(polygon: &fiw_table::Polygon, from: Point, to: Point, reach: f64) -> bool {
    let path = fiw_table::Segment::new(from, to);
    polygon.locate(from) == fiw_table::Location::Outside
        && polygon
            .edges()
            .all(|e| e.distance_to_segment(&path) > reach)
}

/// The box around some bases: lowest and highest corner.
fn bounding_box(rects: &[&fiw_table::Rect]) -> (Point, Point) {
    let mut lo = Point::new(f64::INFINITY, f64::INFINITY);
    let mut hi = Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY);
    for r in rects {
        for p in r.corners() {
            lo = Point::new(lo.x.min(p.x), lo.y.min(p.y));
            hi = Point::new(hi.x.max(p.x), hi.y.max(p.y));
        }
    }
    (lo, hi)
}

#[cfg(test)]
mod tests {
    use super::clear_of_path;
    use fiw_table::{sweep, Footprint, Point, Polygon, Pose};

    /// The bound skips only what the exact question answers "nothing": a polygon it calls
    /// clear of a path shares no ground with the base swept along it, turned any way.
    #[test]
    fn a_polygon_clear_of_the_path_shares_no_ground_with_the_swept_base() {
        let lake = Polygon::new(vec![
            Point::new(0.0, 44.0),
            Point::new(36.0, 42.0),
            Point::new(72.0, 44.0),
            Point::new(72.0, 48.0),
            Point::new(0.0, 48.0),
        ])
        .unwrap();
        let fp = Footprint::new(4.0, 2.0).unwrap();
        let radius = 4.0f64.hypot(2.0) / 2.0;
        let mut dice = fiw_engine::Dice::new(17);
        let mut r = |lo: f64, hi: f64| lo + (hi - lo) * dice.below(1_000_000) as f64 / 1e6;
        let (mut clear, mut near) = (0, 0);
        for _ in 0..20_000 {
            let from = Point::new(r(0.0, 72.0), r(30.0, 48.0));
            let to = from + fiw_table::heading(r(0.0, 360.0)) * r(0.0, 12.0);
            let facing = r(0.0, 360.0);
            if clear_of_path(&lake, from, to, radius + 0.01) {
                clear += 1;
                let swept = sweep(fp, from, to, facing);
                assert_eq!(lake.shared_area(&swept), 0.0, "{from:?} {to:?}");
                for at in [from, to] {
                    let base = fp.place(Pose::new(at.x, at.y, facing));
                    assert_eq!(lake.shared_area(&base), 0.0, "{at:?}");
                }
            } else {
                near += 1;
            }
        }
        assert!(clear > 2_000 && near > 2_000, "{clear} clear, {near} near");
    }
}
