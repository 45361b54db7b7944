//! The computer general (`--seat SIDE=heuristic`, and the `ai` seat): rules of thumb a
//! wargamer would recognise, for either army, reading only the seat's [`View`] (D3 hides
//! nothing, but the general still goes through the view like every other player) and choosing
//! among the listed orders. In the movement and shooting phases it does not ask for the list:
//! it weighs each unit's candidate orders (each shot in reach) unchecked and asks the rules
//! only about those worth more than standing still, best first ([`Policy::propose`]), which
//! picks the order it would pick from the list at a fraction of the cost (a test holds the two
//! together).
//!
//! How it decides, phase by phase:
//! - **Movement**: units are taken one at a time: the commander first (his staying still is
//!   what gives the others their extra 6"), then the cavalry (a charge is best made before
//!   friends block the way), then the rest, nearest the enemy first. Each unit's listed orders
//!   are scored against staying where it is (`Board::place_value_above`); the unit moves only
//!   when a move is clearly better, else it holds, and when no unit wants to move the phase
//!   ends with `pass` rather than shuffling units about.
//!
//!   A place is worth: cover (a unit there lasts to 13 hits, not 7); the best shot it gives
//!   next turn (a target within range, 6" for muskets, and in the 45° arc, all round in a
//!   town); less the danger it stands in (the shots of enemies that already have it in range
//!   and arc, since they shoot without moving, and a charge by enemy cavalry within reach,
//!   doubled on a flank or against skirmishers, unless in cover or in square: so infantry
//!   under such a threat with nothing to shoot form square); closing to just inside its reach
//!   (6.5" for foot, 18" for guns, 9" for horse) when its army must win ground and units
//!   (behind on resolve, level and the attacker, or the army that came to take the scenario's
//!   objective), with a detour counted for woods or water on the straight line, and each inch
//!   worth more as the last round nears (a battle left undecided is a draw, or a loss on
//!   resolve); the objective (Fort Oswego): for the army that came to take it, being in it and
//!   near it, for the army holding it, keeping a garrison there; and a friend or two close by
//!   (a line holds together). Moves stop
//!   at the 6" line exactly, where the unit can shoot next turn. Staying adds the shot the
//!   unit can take this turn (only units that did not move shoot). Charges are worth the hits
//!   they should do (D3+1, less hill or cavalry, doubled on a flank and against skirmishers; a
//!   gun with no infantry near is taken) on the target's worth, less the fire the cavalry will
//!   stand in. The commander wants as many units within 6" as he can (his orders), to keep up
//!   with the army, and to stay well beyond 6" of the enemy. Line of sight is left to the
//!   rules, which list only shots that have it.
//! - **Shooting**: the shot with the most expected hits on the most valuable target: units
//!   already hurt (concentrate fire, since only elimination costs the enemy resolve),
//!   veterans (they cost 2 resolve), targets in the open (who go at 7 hits, not 13) and, for
//!   the army that came to take the objective, its garrison (the fort is entered only once it
//!   is empty: infantry within 6" of an enemy may not move, and cavalry may not charge cover).
//! - **Retiring from fire**: cavalry and skirmishers in the open retire (a hit saved, and they
//!   move fast enough to come back); in cover they stand unless the hits would finish them.
//! - **Charges phase**: nothing to choose.

use crate::actions::Action;
use crate::army::{COVER_LIMIT, OPEN_LIMIT};
use crate::game::{UnitView, View};
use crate::scenario::Army;
use crate::state::{stands_in, Phase, D3};
use crate::units::{units, Type};
use fiw_engine::{Policy, Seen};
use fiw_table::{Arc, Kind, Layout, Point, Pose, Rect, Side};

/// A move must beat staying by this much to be made: small gains are not worth giving up a
/// shot or the commander's orders, and a general who only moves for a reason ends his phase
/// sooner.
const WORTH_MOVING: f64 = 0.15;

/// The computer general. It remembers, within one movement phase, which units it has decided
/// to hold, so each unit is weighed once a phase.
#[derive(Clone)]
pub struct General {
    /// (round, army) of the movement phase the memory below belongs to.
    phase: Option<(u32, Army)>,
    held: Vec<bool>,
    /// The enemy as read at the phase's first proposal, and the order the general's units are
    /// weighed in: the enemy stands still while the general moves, and a unit's place in the
    /// order hangs only on where it and the enemy stand, so neither changes within the phase
    /// for the units still to move.
    read: Option<(Vec<Foe>, Vec<usize>)>,
    /// The shots the rules refused in the shooting phase under way (range, arc and sight
    /// hang only on where the units stand), and that phase and table ([`table_key`]): the
    /// general proposes a shot at each decision, and asking again about those it was refused
    /// cost as much as the rest of the phase.
    refused: (Option<(u32, Army, u64)>, Vec<Action>),
}

/// Where every unit stands, folded into a number: shots refused for range, arc or sight stay
/// refused while it is the same.
fn table_key(view: &View) -> u64 {
    view.units.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, u| {
        let h = (h ^ u.pose.at.x.to_bits()).wrapping_mul(0x100_0000_01b3);
        let h = (h ^ u.pose.at.y.to_bits()).wrapping_mul(0x100_0000_01b3);
        let h = (h ^ u.pose.facing.to_bits()).wrapping_mul(0x100_0000_01b3);
        (h ^ u64::from(u.eliminated)).wrapping_mul(0x100_0000_01b3)
    })
}

impl General {
    /// A general. The seed is unused: the general is deterministic (the dice are the game's).
    pub fn new(_seed: u64) -> Self {
        General {
            phase: None,
            held: Vec::new(),
            read: None,
            refused: (None, Vec::new()),
        }
    }
}

impl Policy<D3> for General {
    fn name(&self) -> &str {
        "heuristic"
    }

    /// The movement phase's order, weighing each unit's candidates before asking the rules
    /// about any: the order [`Policy::choose`] takes from the list (a unit's listed orders are
    /// its candidates the rules accept, in the same order), found by checking only the
    /// candidates worth more than standing still, best first. Shooting and retiring choose
    /// from the list, which is short.
    fn propose(&mut self, seen: &Seen<D3>) -> Option<Action> {
        let view = seen.view();
        if view.pending.is_none() && view.phase == Phase::Shooting {
            let key = Some((view.round, view.active, table_key(&view)));
            if self.refused.0 != key {
                self.refused = (key, Vec::new());
            }
            let board = Board::new(&view, army_of(seen));
            return Some(board.propose_shot(seen, &mut self.refused.1));
        }
        if view.pending.is_some() || view.phase != Phase::Movement {
            return None;
        }
        self.new_phase(&view);
        let board = Board::with_foes(&view, army_of(seen), self.read.as_ref().map(|r| &r.0[..]));
        let read = self
            .read
            .get_or_insert_with(|| (board.foes.clone(), board.weighing_order()));
        let order: Vec<usize> = read
            .1
            .iter()
            .copied()
            .filter(|&u| !view.units[u].moved && !view.units[u].eliminated)
            .collect();
        let may_pass = seen.is_legal(&Action::Pass);
        let mut tries = Vec::with_capacity(32);
        let mut ranked: Vec<(f64, usize)> = Vec::with_capacity(32);
        for u in order {
            // a commander with an enemy within 6" must go: `pass` is not legal until he has
            if self.held[u] && may_pass {
                continue;
            }
            seen.candidates(u, &mut tries);
            let bar = board.stay_value(u) + WORTH_MOVING;
            ranked.clear();
            // (an order whose value cannot beat the bar is not worth weighing exactly, unless
            // the unit must move whatever it is worth)
            let floor = if may_pass { bar } else { f64::NEG_INFINITY };
            ranked.extend(
                tries
                    .iter()
                    .enumerate()
                    .filter_map(|(k, a)| Some((board.order_value_above(u, a, floor)?, k))),
            );
            // best first; of equals, the first tried (the first listed)
            ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
            if let Some(&(_, k)) = ranked.iter().find(|(_, k)| seen.is_legal(&tries[*k])) {
                return Some(tries[k]);
            }
            self.held[u] = true;
        }
        may_pass.then_some(Action::Pass)
    }

    fn choose(&mut self, seen: &Seen<D3>, legal: &[Action]) -> usize {
        let view = seen.view();
        let board = Board::new(&view, army_of(seen));
        let pick = if view.pending.is_some() {
            board.retire_or_stand(legal)
        } else {
            match view.phase {
                Phase::Movement => self.movement(&board, &view, legal),
                Phase::Shooting => board.best_shot(legal),
                Phase::Charges => None,
            }
        };
        pick.or_else(|| legal.iter().position(|a| *a == Action::Pass))
            .unwrap_or(0)
    }
}

impl General {
    /// Forgets the units held in the last movement phase when a new one has begun.
    fn new_phase(&mut self, view: &View) {
        let key = (view.round, view.active);
        if self.phase != Some(key) {
            self.phase = Some(key);
            self.held = vec![false; view.units.len()];
            self.read = None;
        }
    }

    fn movement(&mut self, board: &Board, view: &View, legal: &[Action]) -> Option<usize> {
        self.new_phase(view);
        let may_pass = legal.contains(&Action::Pass);
        for u in board.weighing_order() {
            // a commander with an enemy within 6" must go: `pass` is not listed until he has
            if self.held[u] && may_pass {
                continue;
            }
            let bar = board.stay_value(u) + WORTH_MOVING;
            let best = (0..legal.len())
                .filter(|k| unit_of(&legal[*k]) == Some(u))
                .map(|k| (k, board.order_value(u, &legal[k])))
                .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)));
            match best {
                Some((k, value)) if value > bar || !may_pass => return Some(k),
                // weighed, and left where it stands for the rest of the phase
                _ => self.held[u] = true,
            }
        }
        None
    }
}

/// The army a policy plays.
fn army_of(seen: &Seen<D3>) -> Army {
    if seen.seat() == 0 {
        Army::British
    } else {
        Army::French
    }
}

/// How much of the straight line `a`–`b` runs inside a piece of ground, taken as convex (the
/// line clipped by each edge in turn): the table's own measure gathers every stretch in a
/// vector, and the general asks this of every candidate; for ground that is not convex this
/// is the stretch inside its outline's hull, near enough for a rule of thumb.
fn length_inside(poly: &fiw_table::Polygon, a: Point, b: Point) -> f64 {
    let d = b - a;
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    let pts = poly.points();
    // the side of each edge the polygon lies on, whichever way its points run
    let turn = if signed_area(pts) >= 0.0 { 1.0 } else { -1.0 };
    for k in 0..pts.len() {
        let (p, q) = (pts[k], pts[(k + 1) % pts.len()]);
        let e = q - p;
        // inside where turn * e x (x - p) >= 0
        let num = turn * e.cross(a - p);
        let den = turn * e.cross(d);
        if den.abs() < 1e-12 {
            if num < 0.0 {
                return 0.0;
            }
            continue;
        }
        let t = -num / den;
        if den > 0.0 {
            t0 = t0.max(t);
        } else {
            t1 = t1.min(t);
        }
        if t0 >= t1 {
            return 0.0;
        }
    }
    (t1 - t0) * d.len()
}

/// How far `p` is from a piece of ground: 0 inside or on its edge, else the distance to its
/// nearest edge.
fn distance_to(poly: &fiw_table::Polygon, p: Point) -> f64 {
    if poly.locate(p) != fiw_table::Location::Outside {
        return 0.0;
    }
    let pts = poly.points();
    (0..pts.len())
        .map(|k| fiw_table::Segment::new(pts[k], pts[(k + 1) % pts.len()]).distance_to_point(p))
        .fold(f64::INFINITY, f64::min)
}

/// Twice the signed area of a ring of points (positive anticlockwise).
fn signed_area(pts: &[Point]) -> f64 {
    (0..pts.len())
        .map(|k| pts[k].cross(pts[(k + 1) % pts.len()]))
        .sum()
}

/// Whether `target` lies in `shooter`'s 45° arc, as far as the general needs to know: the
/// bearing from the middle of its front to the target's centre, allowing for the target's
/// size. The rules test every corner against both edges of the arc; a rule of thumb weighing
/// hundreds of places a decision settles for the bearing.
fn roughly_in_arc(shooter: &Rect, target: &Rect) -> bool {
    let eye = shooter.front_centre();
    let to = target.centre() - eye;
    let d2 = to.dot(to);
    if d2 < 1e-18 {
        return true;
    }
    // the bearing is off the facing by at most 45° and the slack atan(r / d): compared by
    // cosines (cos(45° + slack) = (d - r) / (√2 √(d² + r²))), without an angle worked out
    let f = target.footprint();
    let r = f.frontage().hypot(f.depth()) / 2.0;
    let d = d2.sqrt();
    let cos_off = shooter.pose().ahead().dot(to) / d;
    cos_off >= (d - r) / (std::f64::consts::SQRT_2 * (d2 + r * r).sqrt())
}

/// An enemy unit that fights, as the general reads it.
#[derive(Clone, Copy)]
struct Foe {
    /// Its centre.
    at: Point,
    base: Rect,
    kind: Type,
    square: bool,
    /// The hits it would do shooting from where it stands.
    shot: f64,
    /// What hitting it once is worth ([`Board::target_worth`]).
    worth: f64,
    /// Its base's half-diagonal, and its range if it shoots (read once a decision, not for
    /// every place weighed against it).
    radius: f64,
    range: Option<f64>,
    /// Its number on the table.
    index: usize,
}

/// What the general asks of the ground under a base.
#[derive(Clone, Copy, Default)]
struct Ground {
    /// Cover for this unit (an entrenchment covers only some types).
    cover: bool,
    /// A town: shots all round.
    town: bool,
    /// An entrenchment: the best of two dice for those it covers.
    entrenchment: bool,
}

/// The unit an order is for.
fn unit_of(a: &Action) -> Option<usize> {
    match *a {
        Action::Move { unit, .. }
        | Action::Square { unit }
        | Action::Charge { unit, .. }
        | Action::Shoot { unit, .. } => Some(unit as usize),
        Action::Retire { .. } | Action::Pass => None,
    }
}

/// The table as the general reads it for one decision.
struct Board<'a> {
    view: &'a View,
    layout: &'a Layout,
    me: Army,
    /// The enemy units that fight, read once a decision (once a movement phase: the enemy
    /// stands still while the general moves), not for every candidate weighed.
    foes: Vec<Foe>,
    /// The general's own units that fight (commanders aside), on the table, and where.
    friend_list: Vec<(usize, Point)>,
    /// Whether the general's army must win ground and units, and advances: behind on resolve;
    /// level, when it moved first (the attacker); and always, when it is the army that came to
    /// take the scenario's objective. Otherwise it holds what it has.
    must_attack: bool,
    /// The scenario's objective (the fort the army that moves first came to take), and
    /// whether this general's army is the one that came to take it.
    objective: Option<(&'a fiw_table::Terrain, bool)>,
    /// How much an inch nearer the enemy is worth to an army that must attack.
    eager: f64,
}

impl<'a> Board<'a> {
    fn new(view: &'a View, me: Army) -> Board<'a> {
        Board::with_foes(view, me, None)
    }

    /// The board, with the enemy as read earlier in the same phase, if it was.
    fn with_foes(view: &'a View, me: Army, foes: Option<&[Foe]>) -> Board<'a> {
        let (mine, theirs) = (view.resolve[me.seat()], view.resolve[me.other().seat()]);
        let attacker = view.table.first == me;
        let objective = view
            .table
            .objective
            .and_then(|k| view.table.layout.terrain().get(k))
            .map(|t| (t, attacker));
        let fights = |v: &UnitView| !v.eliminated && v.kind != Type::Commander;
        let mut board = Board {
            view,
            layout: &view.table.layout,
            me,
            foes: Vec::new(),
            friend_list: Vec::with_capacity(view.units.len()),
            must_attack: mine < theirs
                || (mine == theirs && attacker)
                || (attacker && objective.is_some()),
            objective,
            // the nearer the last round, the more an inch is worth: a battle left undecided
            // at the end is a draw or a loss on resolve for the army that must attack
            eager: 0.2 + 0.3 * f64::from(view.round) / f64::from(view.table.turns.max(1)),
        };
        board.friend_list.extend(
            (0..view.units.len())
                .filter(|&j| view.units[j].army == me && fights(&view.units[j]))
                .map(|j| (j, view.units[j].pose.at)),
        );
        board.foes = match foes {
            Some(foes) => foes.to_vec(),
            None => (0..view.units.len())
                .filter(|&j| view.units[j].army != me && fights(&view.units[j]))
                .map(|j| {
                    let v = &view.units[j];
                    let base = view.units[j].base;
                    Foe {
                        at: v.pose.at,
                        base,
                        kind: v.kind,
                        square: v.square,
                        shot: board.shot_hits(v.kind, &base),
                        worth: board.target_worth(j),
                        radius: units().radius(v.kind),
                        range: units().get(v.kind).range,
                        index: j,
                    }
                })
                .collect(),
        };
        board
    }

    fn unit(&self, i: usize) -> &UnitView {
        &self.view.units[i]
    }

    /// The general's own units that fight, on the table.
    fn friends(&self) -> impl Iterator<Item = usize> + '_ {
        self.friend_list.iter().map(|&(j, _)| j)
    }

    /// The general's units that may still move this phase (on the table, not yet moved), in
    /// the order they are weighed: commander, cavalry, then the rest nearest the enemy first
    /// (they have the most to gain or lose).
    fn weighing_order(&self) -> Vec<usize> {
        let mut order: Vec<(f64, usize)> = (0..self.view.units.len())
            .filter(|&u| {
                let v = self.unit(u);
                v.army == self.me && !v.eliminated && !v.moved
            })
            .map(|u| (self.priority(u), u))
            .collect();
        order.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        order.into_iter().map(|(_, u)| u).collect()
    }

    fn priority(&self, i: usize) -> f64 {
        let u = self.unit(i);
        match u.kind {
            Type::Commander => -2000.0,
            Type::Cavalry => -1000.0 + self.nearest_enemy(u.pose.at),
            _ => self.nearest_enemy(u.pose.at),
        }
    }

    fn nearest_enemy(&self, at: Point) -> f64 {
        self.foes
            .iter()
            .map(|f| at.dist(f.at))
            .fold(f64::INFINITY, f64::min)
    }

    /// The ground a base of `kind` stands on, as the general reads it, in one pass over the
    /// terrain (every candidate place is asked all three).
    fn ground(&self, kind: Type, rect: &Rect) -> Ground {
        let mut g = Ground::default();
        for t in self.layout.terrain() {
            let cover = self.layout.effect(t.kind).cover
                && (t.kind != Kind::Entrenchment || kind.covered_by_entrenchment());
            let asked = cover || t.kind == Kind::Town || t.kind == Kind::Entrenchment;
            if asked && stands_in(t, rect) {
                g.cover |= cover;
                g.town |= t.kind == Kind::Town;
                g.entrenchment |= t.kind == Kind::Entrenchment;
            }
        }
        g
    }

    fn in_kind(&self, kind: Kind, rect: &Rect) -> bool {
        self.layout
            .terrain()
            .iter()
            .any(|t| t.kind == kind && stands_in(t, rect))
    }

    /// What a target is worth hitting once: only eliminations cost the enemy resolve, so a
    /// unit near its limit is worth most (concentrate fire), a veteran twice a line unit, and
    /// hits on a unit in cover (which lasts to 12) half as much; for the army that came to take
    /// the objective, its garrison half as much again (the fort is taken only once it is empty).
    fn target_worth(&self, t: usize) -> f64 {
        let v = self.unit(t);
        let limit = if v.in_cover { COVER_LIMIT } else { OPEN_LIMIT } as f64 + 1.0;
        let left = (limit - v.hits as f64).max(1.0);
        let loss = v.kind.resolve_loss() as f64;
        let gun = if v.kind == Type::Artillery { 1.3 } else { 1.0 };
        let garrison = match self.objective {
            Some((o, true)) if stands_in(o, &v.base) => 1.5,
            _ => 1.0,
        };
        loss * gun * garrison * (1.0 / left + 0.15)
    }

    /// What the objective adds to a place centred on `at` (a base `rect`, once placed): for the
    /// army that came to take it, being in it (1.0) and being near it (0.04 an inch away); for
    /// the army holding it, being in it (0.5: a garrison stays). `rect` `None` gives the most
    /// the place could add, before the base is placed.
    fn objective_value(&self, at: Point, rect: Option<&Rect>) -> f64 {
        let Some((o, attacker)) = self.objective else {
            return 0.0;
        };
        let inside = match rect {
            Some(r) => stands_in(o, r),
            None => o.polygon.locate(at) != fiw_table::Location::Outside,
        };
        match (attacker, inside) {
            (true, true) => 1.0,
            (true, false) => -0.04 * distance_to(&o.polygon, at),
            (false, true) => 0.5,
            (false, false) => 0.0,
        }
    }

    /// Expected hits of one shot by a unit of `kind` from `rect` (the best of two dice from
    /// an entrenchment).
    fn shot_hits(&self, kind: Type, rect: &Rect) -> f64 {
        let entrenchment = kind.covered_by_entrenchment() && self.in_kind(Kind::Entrenchment, rect);
        self.hits_on(
            kind,
            Ground {
                entrenchment,
                ..Ground::default()
            },
        )
    }

    fn hits_on(&self, kind: Type, ground: Ground) -> f64 {
        let entrenched = kind.covered_by_entrenchment() && ground.entrenchment;
        let roll = if entrenched { 22.0 / 9.0 } else { 2.0 };
        (roll + units().get(kind).shoot as f64).max(0.0)
    }

    /// The best shot a unit of `kind` at `rect` could take next (range and arc; sight is
    /// left to the rules, which list only shots with a clear line).
    fn fire_value(&self, kind: Type, rect: &Rect, ground: Ground) -> f64 {
        let Some(range) = units().get(kind).range else {
            return 0.0;
        };
        let arc = if ground.town {
            Arc::ALL_ROUND
        } else {
            Arc::FRONT_45
        };
        let hits = self.hits_on(kind, ground);
        let reach = range + units().radius(kind) + 0.01;
        let centre = rect.centre();
        self.foes
            .iter()
            .filter(|f| {
                centre.dist(f.at) <= reach + f.radius
                    && rect.is_within(&f.base, range)
                    && (arc == Arc::ALL_ROUND || roughly_in_arc(rect, &f.base))
            })
            .map(|f| hits * f.worth)
            .fold(0.0, f64::max)
    }

    /// At least [`Board::fire_value`] from a place centred on `at`, without measuring (the
    /// most valuable target within reach by centres, for the unit's best roll; 0 when `none`
    /// is asked), and the distance to the nearest enemy's centre: one pass over the enemy.
    fn fire_bound_and_nearest(&self, kind: Type, at: Point, none: bool) -> (f64, f64) {
        let shooting = units().get(kind).range.filter(|_| !none).map(|range| {
            // the best roll it can have: from an entrenchment, if one covers it
            let best = Ground {
                entrenchment: true,
                ..Ground::default()
            };
            // (a hair wider than the shot's own test, which takes square roots)
            (
                self.hits_on(kind, best),
                range + units().radius(kind) + 0.01 + 1e-9,
            )
        });
        let (mut best, mut near2) = (0.0f64, f64::INFINITY);
        for f in &self.foes {
            let d = f.at - at;
            let d2 = d.dot(d);
            near2 = near2.min(d2);
            if let Some((hits, reach)) = shooting {
                let r = reach + f.radius;
                if d2 <= r * r {
                    best = best.max(hits * f.worth);
                }
            }
        }
        (best, near2.sqrt())
    }

    /// What a unit of `kind` at `rect` stands to lose next enemy turn: the shots of enemies
    /// that already have it in range and arc (they shoot without moving), and a charge by
    /// enemy cavalry that can reach it. Hits weigh more on a unit already hurt, and half in
    /// cover, where a unit lasts twice as long.
    fn danger(&self, i: usize, kind: Type, rect: &Rect, square: bool, cover: bool) -> f64 {
        let mut hits = 0.0;
        let radius = units().radius(kind);
        let centre = rect.centre();
        for e in &self.foes {
            let b = &e.base;
            let d = centre.dist(e.at);
            if let Some(range) = e.range {
                if !e.square
                    && d <= range + radius + e.radius + 0.01
                    && b.is_within(rect, range)
                    && roughly_in_arc(b, rect)
                {
                    hits += e.shot * 0.7;
                }
            }
            if e.kind == Type::Cavalry && !cover && !square && kind != Type::Commander && d <= 14.0
            {
                let mut charge: f64 = 3.0;
                if kind == Type::Cavalry {
                    charge -= 1.0;
                }
                if rect.side_towards(e.at) != Side::Front {
                    charge *= 2.0;
                }
                if kind == Type::Skirmishers {
                    charge *= 2.0;
                }
                if kind == Type::Artillery {
                    charge = 6.0;
                }
                hits += charge * 0.6;
            }
        }
        let u = self.unit(i);
        let limit = if cover { COVER_LIMIT } else { OPEN_LIMIT } as f64 + 1.0;
        let left = (limit - u.hits as f64).max(1.0);
        hits * u.kind.resolve_loss() as f64 * (1.0 / left + 0.1)
    }

    /// How much a unit of `kind` at `pose` is worth to its army, apart from shooting now:
    /// cover, the next shot it can take, getting to grips with the enemy when the army must
    /// attack, friends close by (a line that holds together), less the danger it stands in;
    /// if that is more than `bar`, else `None`, found with as little measuring as the bar
    /// allows: the cheap terms first, then the shot (bounded by the best target in reach
    /// before it is measured), and the danger (never less than nothing) last.
    fn place_value_above(&self, i: usize, pose: Pose, square: bool, bar: f64) -> Option<f64> {
        self.place_worth(i, pose, square, bar).map(|(v, _)| v)
    }

    /// [`Board::place_value_above`], and the best shot from the place (0 when not measured:
    /// a commander, a square).
    fn place_worth(&self, i: usize, pose: Pose, square: bool, bar: f64) -> Option<(f64, f64)> {
        let u = self.unit(i);
        let kind = u.kind;
        if kind == Type::Commander {
            return Some((self.commander_value(pose.at), 0.0)).filter(|(v, _)| *v > bar);
        }
        // a line holds together: a friend or two close by
        let friends = self
            .friend_list
            .iter()
            .filter(|&&(j, at)| j != i && at.dist(pose.at) <= 9.0)
            .count();
        let together = 0.05 * friends.min(3) as f64;
        // closing with the enemy: the wanted distance is just inside the unit's reach
        let want = match kind {
            Type::Artillery => 18.0,
            Type::Cavalry => 9.0,
            _ => 6.5,
        };
        let (best, nearest) = self.fire_bound_and_nearest(kind, pose.at, square);
        let fire_bound = 0.8 * best;
        // (a place's centre decides whether it is in the objective, before the base is placed)
        let objective = self.objective_value(pose.at, None);
        // before the base is placed on the ground: cover at best, and the straight line
        let least_eager = if self.must_attack { self.eager } else { 0.0 };
        if 0.6 + together + objective + fire_bound - least_eager * (nearest - want).max(0.0) <= bar
        {
            return None;
        }
        let rect = units().get(kind).footprint.place(pose);
        let ground = self.ground(kind, &rect);
        let mut v = objective;
        if ground.cover {
            // cover doubles what a unit can take and holds it in place with a field of fire
            v += 0.6;
        }
        v += together;
        let eager = if self.must_attack {
            self.eager
        } else if ground.cover {
            0.0
        } else {
            0.02
        };
        // the way round is never shorter than the straight line
        if v + fire_bound - eager * (nearest - want).max(0.0) <= bar {
            return None;
        }
        let mut fire = 0.0;
        let near = self.way_to_target(kind, pose.at);
        v -= eager * (near - want).max(0.0);
        if !square {
            if v + fire_bound <= bar {
                return None;
            }
            fire = self.fire_value(kind, &rect, ground);
            v += 0.8 * fire;
        }
        if v <= bar {
            return None;
        }
        v -= self.danger(i, kind, &rect, square, ground.cover);
        Some((v, fire)).filter(|(v, _)| *v > bar)
    }

    /// How far a unit of `kind` at `at` has to go to the nearest enemy: the straight line, and
    /// a detour's worth more for every piece of ground on that line it may not cross (woods
    /// for all but skirmishers, lakes and marshes for all), so that a unit behind a wood goes
    /// round it instead of waiting for the wood to go away.
    fn way_to_target(&self, kind: Type, at: Point) -> f64 {
        let Some(to) = self
            .foes
            .iter()
            .map(|f| f.at)
            .min_by(|a, b| at.dist(*a).total_cmp(&at.dist(*b)))
        else {
            return 0.0;
        };
        let (x0, x1, y0, y1) = (
            at.x.min(to.x),
            at.x.max(to.x),
            at.y.min(to.y),
            at.y.max(to.y),
        );
        let mut way = at.dist(to);
        for t in self.layout.terrain() {
            let barred = self.layout.effect(t.kind).passage == fiw_table::Passage::Impassable
                || (t.kind == Kind::Woods && !kind.may_enter_woods());
            if !barred {
                continue;
            }
            let (lo, hi) = t.polygon.bounds();
            if x1 < lo.x || x0 > hi.x || y1 < lo.y || y0 > hi.y {
                continue;
            }
            let inside = length_inside(&t.polygon, at, to);
            if inside > 0.0 {
                way += 6.0 + inside;
            }
        }
        way
    }

    /// A commander wants as many of his units within 6" as he can (to give them orders),
    /// and never to be within reach of the enemy (he must keep beyond 6", with a margin for
    /// the enemy's next move).
    fn commander_value(&self, at: Point) -> f64 {
        let fp = units().get(Type::Commander).footprint;
        let rect = fp.place(Pose::new(at.x, at.y, 0.0));
        let under = self
            .friends()
            .filter(|&j| self.view.units[j].base.is_within(&rect, 6.0))
            .count() as f64;
        let enemy = self.nearest_enemy(at);
        let risk = if enemy < 14.0 {
            (14.0 - enemy) * 0.15
        } else {
            0.0
        };
        // and to keep up with his army, so that next turn he can order more of it
        let (n, sum) = self
            .friend_list
            .iter()
            .fold((0.0, Point::new(0.0, 0.0)), |(n, s), &(_, at)| {
                (n + 1.0, s + at)
            });
        let behind = if n > 0.0 {
            at.dist(sum * (1.0 / n))
        } else {
            0.0
        };
        0.3 * under.min(6.0) - risk - 0.03 * behind
    }

    /// Staying put: the place as it is, and the shot the unit can take this turn (only a unit
    /// that does not move shoots).
    fn stay_value(&self, i: usize) -> f64 {
        let u = self.unit(i);
        match self.place_worth(i, u.pose, u.square, f64::NEG_INFINITY) {
            // the shot from where it stands, which it takes this turn if it stays
            Some((v, fire)) => v + 1.2 * fire,
            None => f64::NEG_INFINITY,
        }
    }

    /// The worth of an order for unit `i`.
    fn order_value(&self, i: usize, a: &Action) -> f64 {
        self.order_value_above(i, a, f64::NEG_INFINITY)
            .unwrap_or(f64::NEG_INFINITY)
    }

    /// [`Board::order_value`] if it is more than `bar`, else `None` (most candidates are worth
    /// less than standing still, and are told without measuring all they would be worth).
    fn order_value_above(&self, i: usize, a: &Action, bar: f64) -> Option<f64> {
        let u = self.unit(i);
        let value = match *a {
            Action::Move { x, y, facing, .. } => {
                let p = Action::destination(Action::point(x, y), u.pose.at);
                return self.place_value_above(i, Pose::new(p.x, p.y, facing as f64), false, bar);
            }
            Action::Square { .. } => return self.place_value_above(i, u.pose, true, bar),
            Action::Charge { target, .. } => self.charge_value(i, target as usize),
            _ => f64::NEG_INFINITY,
        };
        Some(value).filter(|v| *v > bar)
    }

    /// A charge: the hits it should do (D3+1, less a hill or cavalry, doubled on a flank or
    /// rear and against skirmishers; a gun with no infantry near is taken outright), on what
    /// the target is worth, less the fire the cavalry will stand in, in contact, afterwards.
    fn charge_value(&self, i: usize, t: usize) -> f64 {
        let u = self.unit(i);
        let v = self.unit(t);
        let them = &self.view.units[t].base;
        let hits = if v.kind == Type::Artillery {
            let guarded = self.view.units.iter().enumerate().any(|(j, w)| {
                w.army == v.army
                    && !w.eliminated
                    && w.kind.is_infantry()
                    && self.view.units[j].base.is_within(them, 3.0)
            });
            if guarded {
                0.0
            } else {
                8.0
            }
        } else {
            let mut h: f64 = 3.0;
            if self.in_kind(Kind::Hill, them) {
                h -= 1.0;
            }
            if v.kind == Type::Cavalry {
                h -= 1.0;
            }
            if them.side_towards(u.pose.at) != Side::Front {
                h *= 2.0;
            }
            if v.kind == Type::Skirmishers {
                h *= 2.0;
            }
            h
        };
        // where the charge ends: in contact, straight at the target
        let face = fiw_table::bearing(u.pose.at, v.pose.at);
        let gap = u.pose.at.dist(v.pose.at) - 1.0 - units().get(v.kind).footprint.depth() / 2.0;
        let end = u.pose.at + fiw_table::heading(face) * gap.max(0.0);
        let rect = units()
            .get(u.kind)
            .footprint
            .place(Pose::new(end.x, end.y, face));
        hits * self.target_worth(t) - 0.6 * self.danger(i, u.kind, &rect, false, false) - 0.3
    }

    /// The shot with the most expected hits on the most valuable target.
    fn best_shot(&self, legal: &[Action]) -> Option<usize> {
        legal
            .iter()
            .enumerate()
            .filter_map(|(k, a)| match *a {
                Action::Shoot { unit, target } => {
                    let (i, t) = (unit as usize, target as usize);
                    Some((
                        k,
                        self.shot_hits(self.unit(i).kind, &self.view.units[i].base)
                            * self.target_worth(t),
                    ))
                }
                _ => None,
            })
            .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)))
            .map(|(k, _)| k)
    }

    /// The shot [`Board::best_shot`] would take from the list of legal shots, found without
    /// the list: every shot within reach by centres, weighed, then asked of the rules best
    /// first (of equals, the first listed: shooter, then target, in the order of the table),
    /// passing over those refused earlier in the phase with the units where they stand;
    /// `pass` when none is legal, as the general always shoots when it may.
    fn propose_shot(&self, seen: &Seen<D3>, refused: &mut Vec<Action>) -> Action {
        let units = &self.view.units;
        let mut shots: Vec<(f64, Action)> = Vec::new();
        for (i, u) in units.iter().enumerate() {
            let Some(range) = crate::units::units().get(u.kind).range else {
                continue;
            };
            if u.army != self.me || u.eliminated || u.moved || u.shot || u.square {
                continue;
            }
            let hits = self.shot_hits(u.kind, &u.base);
            let reach = range + crate::units::units().radius(u.kind) + 0.01;
            for f in &self.foes {
                if u.pose.at.dist(f.at) <= reach + f.radius {
                    shots.push((
                        hits * f.worth,
                        Action::Shoot {
                            unit: i as u8,
                            target: f.index as u8,
                        },
                    ));
                }
            }
        }
        // (the foes are in the order of the table, so the list is in the order of the rules')
        shots.sort_by(|a, b| b.0.total_cmp(&a.0));
        for (_, a) in shots {
            if refused.contains(&a) {
                continue;
            }
            if seen.is_legal(&a) {
                return a;
            }
            refused.push(a);
        }
        Action::Pass
    }

    /// Retire or stand when shot: in the open a cavalry or skirmish unit retires (one hit
    /// fewer, and it is quick enough to come back); in cover it stands, keeping its place,
    /// unless the hits would finish it.
    fn retire_or_stand(&self, legal: &[Action]) -> Option<usize> {
        let p = self.view.pending?;
        let u = self.unit(p.target as usize);
        let limit = if u.in_cover { COVER_LIMIT } else { OPEN_LIMIT };
        // retiring from cover leaves it, and the unit then lasts only to the open limit
        let fatal = u.hits.saturating_add(p.hits) > limit;
        let survives_retiring = u.hits.saturating_add(p.hits - 1) <= OPEN_LIMIT;
        let retire = !u.in_cover || (fatal && survives_retiring);
        legal.iter().position(|a| {
            if retire {
                matches!(a, Action::Retire { .. })
            } else {
                *a == Action::Pass
            }
        })
    }
}

/// Whether a decision is worth playouts for the `ai` seat: which target to shoot (or whether
/// to shoot at all), and whether a unit shot at retires. Both have few options, each played
/// out cheaply, and both are where the rules of thumb are rough (concentrating fire against
/// spreading it; giving up ground against taking a hit). The movement phase lists a hundred
/// orders and more, too many to play each out in a second; it is the heuristic's.
pub fn worth_searching(legal: &[Action]) -> bool {
    legal.iter().any(|a| matches!(a, Action::Retire { .. }))
        || (legal.len() >= 2
            && legal
                .iter()
                .all(|a| matches!(a, Action::Shoot { .. } | Action::Pass)))
}

/// The `ai` seat: the general, improved by playouts at its shooting and retiring decisions
/// (the kernel's [`fiw_engine::RolloutSearch`]).
pub fn search_ai(config: fiw_engine::SearchConfig) -> Box<dyn fiw_engine::Advisor<D3>> {
    Box::new(fiw_engine::RolloutSearch::new(
        config,
        |seed| Box::new(General::new(seed)) as Box<dyn Policy<D3>>,
        worth_searching,
    ))
}

/// The `ai` budget: 60 playouts or one second a decision, whichever comes first (a playout
/// of a whole battle between generals takes 3 to 5 ms on one core, so the playouts are what
/// stop it; a whole `ai` battle takes about 2 seconds).
pub fn default_limits() -> fiw_engine::SearchLimits {
    fiw_engine::SearchLimits {
        iterations: Some(60),
        time: Some(std::time::Duration::from_millis(1_000)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Proposing an order (candidates weighed, then checked best first) gives the order the
    /// general chooses from the whole list, and leaves it holding the same units: the kernel
    /// plays a general either way, and a battle must not depend on which. Whole battles between
    /// generals of both scenarios, compared at every decision; and every candidate's quiet
    /// legality (`is_legal`) agrees with the rules' `check`.
    #[test]
    fn proposing_gives_the_order_chosen_from_the_list() {
        use fiw_engine::Game;
        let mut proposals = 0;
        for scenario in ["fort-oswego", "meeting"] {
            for seed in 0..12 {
                let options = crate::Options {
                    scenario: scenario.into(),
                    text: None,
                };
                let mut g = D3::new(&options, seed).unwrap();
                g.set_logging(false);
                let mut generals = [General::new(0), General::new(0)];
                let mut legal = Vec::new();
                let mut tries = Vec::new();
                while let Some(seat) = g.to_move() {
                    // the quiet legality the general asks agrees with the rules' check
                    for u in 0..g.units().len() {
                        g.candidates(u, &mut tries);
                        // and every shot, listed or not
                        tries.extend((0..g.units().len()).map(|t| Action::Shoot {
                            unit: u as u8,
                            target: t as u8,
                        }));
                        for a in &tries {
                            assert_eq!(
                                g.is_legal(a),
                                g.check(a).is_ok(),
                                "{scenario} seed {seed}: {}",
                                g.text_of(a)
                            );
                        }
                    }
                    let seen = Seen::new(&g, seat);
                    let mut from_list = generals[seat].clone();
                    let proposed = generals[seat].propose(&seen);
                    g.legal_actions(&mut legal);
                    let action = match proposed {
                        Some(p) => {
                            let chosen = if legal.len() == 1 {
                                legal[0]
                            } else {
                                legal[from_list.choose(&seen, &legal)]
                            };
                            assert_eq!(
                                p,
                                chosen,
                                "{scenario} seed {seed} round {}: proposed {} but chose {}",
                                g.turn(),
                                g.text_of(&p),
                                g.text_of(&chosen)
                            );
                            assert_eq!(
                                generals[seat].held,
                                from_list.held,
                                "{scenario} seed {seed} round {}: units held",
                                g.turn()
                            );
                            proposals += 1;
                            p
                        }
                        None => legal[generals[seat].choose(&seen, &legal)],
                    };
                    g.apply(action).unwrap();
                }
            }
        }
        assert!(proposals > 1_000, "only {proposals} orders proposed");
    }

    /// The arc by cosines agrees with the arc by angles (off the facing by at most 45° and
    /// the target's slack), but for places on its very edge.
    #[test]
    fn the_arc_by_cosines_is_the_arc_by_angles() {
        let fp = fiw_table::Footprint::new(4.0, 2.0).unwrap();
        let mut dice = fiw_engine::Dice::new(11);
        let mut r = |lo: f64, hi: f64| lo + (hi - lo) * dice.below(1_000_000) as f64 / 1_000_000.0;
        let mut inside = 0;
        for _ in 0..20_000 {
            let a = fp.place(Pose::new(r(0.0, 72.0), r(0.0, 48.0), r(0.0, 360.0).floor()));
            let b = fp.place(Pose::new(r(0.0, 72.0), r(0.0, 48.0), r(0.0, 360.0).floor()));
            let eye = a.front_centre();
            let d = eye.dist(b.centre());
            let off = fiw_table::turn(a.pose().facing, fiw_table::bearing(eye, b.centre())).abs();
            let slack = ((4.0f64.hypot(2.0) / 2.0) / d).atan().to_degrees();
            if (off - 45.0 - slack).abs() < 1e-6 {
                continue;
            }
            assert_eq!(roughly_in_arc(&a, &b), off <= 45.0 + slack, "{a:?} {b:?}");
            inside += usize::from(off <= 45.0 + slack);
        }
        assert!(inside > 2_000, "{inside} of 20,000 in the arc");
    }

    /// The general's measure of a line through ground is the table's, for convex ground.
    #[test]
    fn length_inside_agrees_with_the_table_on_convex_ground() {
        let s = crate::Scenario::named("fort-oswego").unwrap();
        let mut dice = fiw_engine::Dice::new(3);
        let mut r = |lo: f64, hi: f64| lo + (hi - lo) * dice.below(1_000_000) as f64 / 1_000_000.0;
        for t in s.layout.terrain().iter().filter(|t| t.polygon.is_convex()) {
            for _ in 0..2_000 {
                let (a, b) = (
                    Point::new(r(0.0, 72.0), r(0.0, 48.0)),
                    Point::new(r(0.0, 72.0), r(0.0, 48.0)),
                );
                let table = t.polygon.length_inside(&fiw_table::Segment::new(a, b));
                assert!(
                    (length_inside(&t.polygon, a, b) - table).abs() < 1e-6,
                    "{} {a:?} {b:?}",
                    t.label()
                );
            }
        }
    }
}
