//! D3 behind the kernel's [`Game`] trait.

use crate::actions::Action;
use crate::scenario::{Army, Scenario};
use crate::state::{Options, Phase, D3};
use crate::units::{units, Type};
use fiw_engine::{Dice, Game, Log, Outcome, RuleError, Seat};
use fiw_table::{bearing, heading, Point, Pose};
use serde::Serialize;

/// What a seat sees: everything (the D3 table hides nothing).
#[derive(Clone, Debug, Serialize)]
pub struct View {
    /// The scenario's name.
    pub scenario: String,
    /// The round.
    pub round: u32,
    /// The army whose turn it is.
    pub active: Army,
    /// Its phase.
    pub phase: Phase,
    /// Resolve left, British then French.
    pub resolve: [u32; 2],
    /// Every unit.
    pub units: Vec<UnitView>,
    /// The log.
    pub log: Vec<String>,
    /// A unit's choice to retire from fire, when one is due: who shot, at whom, for how many
    /// hits (all rolled in the open).
    pub pending: Option<crate::state::Pending>,
    /// The table (terrain and deployment zones, public like the units), for computer players;
    /// not written out, since front ends know the scenario by name.
    #[serde(skip)]
    pub table: std::sync::Arc<Scenario>,
}

/// One unit as seen.
#[derive(Clone, Debug, Serialize)]
pub struct UnitView {
    /// Its name.
    pub id: String,
    /// Its army.
    pub army: Army,
    /// Its type.
    pub kind: Type,
    /// Its centre and facing.
    pub pose: Pose,
    /// Hits taken.
    pub hits: u8,
    /// Off the table.
    pub eliminated: bool,
    /// Moved this turn.
    pub moved: bool,
    /// Shot this turn.
    pub shot: bool,
    /// Engaged in combat.
    pub engaged: bool,
    /// In cover.
    pub in_cover: bool,
    /// In square.
    pub square: bool,
    /// Its shooting marker is down (Shooting): it shot at an enemy still on the table, and
    /// stays engaged with it.
    pub marker: bool,
    /// How far it may move now, inches: its allowance, with the commander's 6" when it is
    /// under his orders (Army Commander). For the tape measure of a page; 0 in the computer
    /// general's view, which works it out only where it needs it.
    pub reach: f64,
    /// Its field of fire is all round, as in a town (Shooting), not 45° ahead.
    pub all_round: bool,
    /// Its base on the table (worked out from the pose; not written out).
    #[serde(skip)]
    pub base: fiw_table::Rect,
}

impl Game for D3 {
    type Action = Action;
    type Options = Options;
    type View = View;

    const NAME: &'static str = "d3";
    const SEATS: &'static [&'static str] = &["british", "french"];
    const RULES_VERSION: u32 = crate::rules_version::RULES_VERSION;
    const RULES_CHANGES: &'static [fiw_engine::RulesChange] = crate::rules_version::RULES_CHANGES;

    fn with_dice(options: &Options, dice: Dice) -> Result<Self, RuleError> {
        let scenario = match &options.text {
            Some(text) => Scenario::parse(text, &options.scenario).map(std::sync::Arc::new),
            None => Scenario::shared(&options.scenario),
        }
        .map_err(|e| RuleError::new("scenario", e.to_string()))?;
        D3::from_shared_with_dice(options.clone(), scenario, dice)
    }

    fn dice_mut(&mut self) -> Option<&mut Dice> {
        Some(&mut self.dice)
    }

    fn dice(&self) -> Option<&Dice> {
        Some(&self.dice)
    }

    fn to_move(&self) -> Option<Seat> {
        if self.outcome.is_some() {
            return None;
        }
        match self.pending {
            Some(p) => Some(self.units[p.target as usize].army.seat()),
            None => Some(self.active.seat()),
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        if let Some(p) = self.pending {
            out.push(Action::Retire { unit: p.target });
            out.push(Action::Pass);
            return;
        }
        match self.phase {
            Phase::Movement => self.list_moves(out),
            Phase::Shooting => self.list_shots(out),
            Phase::Charges => {}
        }
        if self.check_action(&Action::Pass).is_ok() {
            out.push(Action::Pass);
        }
    }

    fn check(&self, action: &Action) -> Result<(), RuleError> {
        self.check_action(action)
    }

    /// A move or a shot is checked quietly (no sentence written for a refusal); the rest as
    /// `check`.
    fn is_legal(&self, action: &Action) -> bool {
        match *action {
            Action::Move { unit, x, y, facing } if self.pending.is_none() && facing < 360 => self
                .move_check(unit, Action::point(x, y), facing as f64, true)
                .is_ok(),
            Action::Shoot { unit, target } if self.pending.is_none() => {
                self.shot_check(unit, target, true).is_ok()
            }
            _ => self.check_action(action).is_ok(),
        }
    }

    /// The orders the movement phase's list tries for unit `part` (D3 hides nothing).
    fn candidates(&self, part: usize, out: &mut Vec<Action>) {
        out.clear();
        if self.outcome.is_none()
            && self.pending.is_none()
            && self.phase == Phase::Movement
            && part < self.units.len()
        {
            self.tries(part, out);
        }
    }

    fn apply_unchecked(&mut self, action: Action) {
        self.apply_action(action);
        self.refresh_moves();
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn view(&self, _seat: Seat) -> View {
        self.view_of(true)
    }

    /// The phase of the turn (3), with the section that governs it.
    fn prompt(&self, _seat: Option<Seat>) -> Option<String> {
        if self.outcome.is_some() {
            return Some("The battle is over (10)".into());
        }
        if self.pending.is_some() {
            return Some("A unit shot at may retire instead of taking a hit (5)".into());
        }
        Some(
            match self.phase {
                Phase::Movement => "Movement phase (4)",
                Phase::Shooting => "Shooting phase (5)",
                Phase::Charges => "Charges phase (6)",
            }
            .into(),
        )
    }

    /// D3 has no hidden units or written orders: everyone sees the whole table.
    fn public_view(&self) -> View {
        self.view_of(true)
    }

    fn whole_view(&self) -> View {
        self.view_of(true)
    }

    /// The view without what only people read (the log, the names of the scenario and the
    /// units, which the table carries): a computer general
    /// reads it at every decision, and names the units by their index as orders do.
    fn policy_view(&self, _seat: Seat) -> View {
        self.view_of(false)
    }

    /// The board: what [`Game::view`] holds but the log, written from the state (the view
    /// would copy the whole log first, and the board is written at every decision).
    fn render(&self, _seat: Seat) -> String {
        use crate::decimal::{push_fixed, push_int, text};
        let mut s = format!(
            "{}: round {} of {}, the {} {} phase; resolve British {}, French {}\n",
            self.scenario.name,
            self.round,
            self.scenario.turns,
            self.active.name(),
            self.phase.word(),
            self.resolve[0],
            self.resolve[1]
        )
        .into_bytes();
        if self.phase == Phase::Charges {
            // Sequence of play: charges are made in the movement phase (a charge is a move
            // into contact) and fought as this phase begins; nothing is left to order
            s.extend_from_slice(
                b"  (the charges made in the movement phase have been fought; `pass` ends the turn)\n",
            );
        }
        // a line is some 60 characters
        s.reserve(64 * self.units.len());
        for (i, u) in self.units.iter().enumerate() {
            if u.eliminated {
                continue;
            }
            // `  {id:<12} {kind:<12} at {x:>5.1},{y:>5.1} facing {facing:>3.0}  hits {hits}`
            // (the name and type, written when the battle was set up: `D3::rows`)
            let row = self.rows.get(i).map_or("", String::as_str);
            s.extend_from_slice(row.as_bytes());
            // the place as an order names it: the point of the grain nearest the centre (ties
            // away from zero, as orders round), so a place typed as shown is the same place
            let grain = |v: f64| (v * crate::actions::GRAIN).round() / crate::actions::GRAIN;
            push_fixed(&mut s, grain(u.pose.at.x), 1, 5);
            s.push(b',');
            push_fixed(&mut s, grain(u.pose.at.y), 1, 5);
            s.extend_from_slice(b" facing ");
            push_fixed(&mut s, u.pose.facing, 0, 3);
            s.extend_from_slice(b"  hits ");
            push_int(&mut s, i64::from(u.hits));
            let marks = [
                (self.engaged(i), "engaged"),
                (self.in_cover(i), "in cover"),
                (u.square, "square"),
                // only the army whose turn it is has moved or not this turn (the idle army's
                // flags are last turn's)
                (u.moved && u.army == self.active, "moved"),
            ];
            let mut first = true;
            for (_, mark) in marks.iter().filter(|(on, _)| *on) {
                s.extend_from_slice(if first { b"  (" } else { b", " });
                s.extend_from_slice(mark.as_bytes());
                first = false;
            }
            s.extend_from_slice(if first { b"\n" } else { b")\n" });
        }
        text(s)
    }

    fn action_text(&self, action: &Action) -> String {
        self.text_of(action)
    }

    /// A shot's or a charge's hits with their chances (odds.rs).
    fn action_note(&self, action: &Action) -> Option<String> {
        self.hits_note(action)
    }

    fn parse_action(&self, text: &str) -> Result<Action, RuleError> {
        self.parse(text)
    }

    fn log(&self) -> &Log {
        &self.log
    }

    fn set_logging(&mut self, on: bool) {
        self.log.set_on(on);
    }

    fn chance_epoch(&self) -> u64 {
        self.dice.rolls()
    }

    fn turn(&self) -> u32 {
        self.round
    }

    /// Each army's resolve left; whether each broke (its resolve gone: the battle ended before
    /// the last round); and, where the scenario names an objective, whether the army that moves
    /// first ever got a unit into it and whether one stands in it at the end.
    fn metrics(&self) -> Vec<(&'static str, f64)> {
        let flag = |b: bool| if b { 1.0 } else { 0.0 };
        let mut m = vec![
            ("british_resolve", self.resolve[0] as f64),
            ("french_resolve", self.resolve[1] as f64),
            ("british_broke", flag(self.resolve[0] == 0)),
            ("french_broke", flag(self.resolve[1] == 0)),
        ];
        if self.scenario.objective.is_some() {
            let first = self.scenario.first;
            let held =
                (0..self.units.len()).any(|i| self.units[i].army == first && self.in_objective(i));
            m.push(("objective_entered", flag(self.entered)));
            m.push(("objective_held", flag(held)));
        }
        m
    }

    fn reseed(&mut self, seed: u64) {
        self.dice.reseed(seed);
    }

    fn clear_log(&mut self) {
        self.log = crate::state::History::new(false);
    }

    /// The computer general of `general.rs`.
    fn heuristic_policy(seed: u64) -> Option<Box<dyn fiw_engine::Policy<Self>>> {
        Some(Box::new(crate::general::General::new(seed)))
    }

    fn search_ai(config: fiw_engine::SearchConfig) -> Box<dyn fiw_engine::Advisor<Self>> {
        crate::general::search_ai(config)
    }

    fn default_ai_limits() -> fiw_engine::SearchLimits {
        crate::general::default_limits()
    }

    fn rulebook() -> fiw_engine::RuleBook {
        crate::rulebook::rulebook()
    }

    /// The same table with other future rolls. The copy keeps none of the lists it would share
    /// with this game ([`crate::candidates`]): it works out the lists that are out of date from
    /// its own state, so that the secrecy audit, which compares the menus of the two, would see
    /// a list that depended on the rolls to come.
    fn determinize(&self, _seat: Seat, dice: &mut Dice) -> Self {
        let mut copy = self.clone();
        copy.reseed(dice.next_seed());
        copy.moves.own();
        copy
    }
}

impl D3 {
    /// Every shot the active army may take now (Shooting), in the order of shooter and target.
    pub(crate) fn shots(&self, out: &mut Vec<Action>) {
        for i in 0..self.units.len() {
            let u = &self.units[i];
            let Some(range) = units().get(u.kind).range else {
                continue;
            };
            if u.army != self.active || u.eliminated || u.moved || u.shot || u.square {
                continue;
            }
            // targets beyond the range and both half-diagonals are out of range, and not
            // worth asking the rules about
            let reach = range + units().radius(u.kind) + 0.01;
            for t in 0..self.units.len() {
                let v = &self.units[t];
                if v.army == self.active
                    || v.eliminated
                    || u.pose.at.dist(v.pose.at) > reach + units().radius(v.kind)
                {
                    continue;
                }
                if self.shot_check(i as u8, t as u8, true).is_ok() {
                    out.push(Action::Shoot {
                        unit: i as u8,
                        target: t as u8,
                    });
                }
            }
        }
    }

    /// The whole table as seen; `people` adds what only people read (the log, the names).
    fn view_of(&self, people: bool) -> View {
        View {
            scenario: if people {
                self.scenario.name.clone()
            } else {
                String::new()
            },
            round: self.round,
            active: self.active,
            phase: self.phase,
            resolve: self.resolve,
            units: (0..self.units.len())
                .map(|i| {
                    let u = &self.units[i];
                    UnitView {
                        id: if people {
                            self.id(i).to_string()
                        } else {
                            String::new()
                        },
                        army: u.army,
                        kind: u.kind,
                        pose: u.pose,
                        hits: u.hits,
                        eliminated: u.eliminated,
                        moved: u.moved,
                        shot: u.shot,
                        engaged: !u.eliminated && self.engaged(i),
                        in_cover: !u.eliminated && self.in_cover(i),
                        square: u.square,
                        marker: !u.eliminated
                            && u.engaged_with.is_some_and(|t| {
                                self.units.get(t as usize).is_some_and(|v| !v.eliminated)
                            }),
                        reach: if people && !u.eliminated {
                            self.allowance(i)
                        } else {
                            0.0
                        },
                        all_round: people
                            && !u.eliminated
                            && self.stands_in_kind(fiw_table::Kind::Town, &self.bases[i]),
                        base: self.bases[i],
                    }
                })
                .collect(),
            log: if people {
                self.log.entries().iter().map(|e| e.text.clone()).collect()
            } else {
                Vec::new()
            },
            pending: self.pending,
            table: self.scenario.clone(),
        }
    }
}

impl D3 {
    /// A sampled, finite set of sensible orders for unit `i` (menus and AIs): half and full
    /// moves ahead, full moves obliquely, to the flanks and to the rear, holding the facing;
    /// for cavalry, skirmishers and the commander a full move straight away from the nearest
    /// enemy; straight at it as far as the 6" stop allows, turning to face it; a pivot to face it; and
    /// forming square. Only orders that pass [`Game::check`] are listed; any other legal point
    /// may still be typed.
    pub(crate) fn candidate_moves(&self, i: usize, out: &mut Vec<Action>) {
        self.candidate_moves_along(i, out, None);
    }

    /// [`D3::candidate_moves`], noting in `paths` the straight line each candidate tried
    /// (listed or not) would follow, for the kept lists to tell what could change them.
    pub(crate) fn candidate_moves_along(
        &self,
        i: usize,
        out: &mut Vec<Action>,
        mut paths: Option<&mut Vec<(Point, Point)>>,
    ) {
        let mut tries = Vec::with_capacity(24);
        let Some(Tried {
            mover,
            approach,
            line,
        }) = self.tries(i, &mut tries)
        else {
            return;
        };
        let at = self.units[i].pose.at;
        if let (Some(paths), Some(line)) = (paths.as_deref_mut(), line) {
            paths.push(line);
        }
        for a in tries {
            if out.contains(&a) {
                continue;
            }
            // whether it is listed, and whether what refuses it could change with the other
            // units (then the kept list must watch its line)
            let (ok, watch) = match (a, &mover) {
                _ if approach == Some(a) => (true, true),
                (Action::Move { x, y, facing, .. }, Some((i, ctx))) => {
                    match self.check_move_from(*i, ctx, Action::point(x, y), facing as f64, true) {
                        Ok(()) => (true, true),
                        Err(crate::rules::Refused::Quiet { fixed }) => (false, !fixed),
                        Err(crate::rules::Refused::Said(_)) => (false, true),
                    }
                }
                (Action::Move { .. }, None) => (false, true),
                _ => (self.check_action(&a).is_ok(), true),
            };
            if let Some(paths) = paths.as_deref_mut() {
                match a {
                    Action::Move { x, y, .. } if watch => paths.push((at, Action::point(x, y))),
                    Action::Charge { target, .. } => {
                        paths.push((at, self.units[target as usize].pose.at))
                    }
                    _ => {}
                }
            }
            if ok {
                out.push(a);
            }
        }
    }

    /// The orders [`D3::candidate_moves`] tries for unit `i`, in its order and unchecked (the
    /// move up to the 6" stop excepted, which is found by checking), appended to `tries`; and
    /// what the listing needs to check them. `None` when the unit has nothing to try (not the
    /// active army's, off the table, or moved).
    ///
    /// The computer general weighs these before any is checked and asks the rules only about
    /// the best (see [`fiw_engine::Game::candidates`]): most of a unit's candidates are worth
    /// less than standing still, and checking a move against the table and every unit is what
    /// costs.
    pub(crate) fn tries(&self, i: usize, tries: &mut Vec<Action>) -> Option<Tried> {
        let u = &self.units[i];
        if u.army != self.active || u.eliminated || u.moved {
            return None;
        }
        let allowance = self.allowance(i);
        let at = u.pose.at;
        // the unit's own questions (may it move, is it engaged, how far) are asked once
        let mover = self.mover(i as u8).ok().map(|i| (i, self.context(i)));
        // engaged infantry and artillery may only pivot (Movement): the moves away are not
        // worth listing only to be refused
        let pivots_only = mover
            .as_ref()
            .is_some_and(|(_, ctx)| ctx.pivots_only(u.kind));
        // the move up to the 6" stop, already checked when it was found, and its line
        let mut approach: Option<Action> = None;
        let mut line = None;
        // half and whole moves ahead, whole moves obliquely, to the flanks and back (half
        // moves every way were seldom worth their cost: every candidate is checked against
        // the table and the units around it, and a unit held up by a wood is better served by
        // a whole move round it)
        for (rel, part) in [
            (0.0, 0.5),
            (0.0, 1.0),
            (-45.0, 1.0),
            (45.0, 1.0),
            (-90.0, 1.0),
            (90.0, 1.0),
            (180.0, 1.0),
        ] {
            if pivots_only {
                break;
            }
            let p = at + heading(u.pose.facing + rel) * (allowance * part);
            tries.push(Action::move_within(i, at, p, allowance, u.pose.facing));
        }
        let nearest = (0..self.units.len())
            .filter(|j| {
                let v = &self.units[*j];
                v.army != u.army && !v.eliminated && v.kind != Type::Commander
            })
            .min_by(|a, b| {
                at.dist(self.units[*a].pose.at)
                    .total_cmp(&at.dist(self.units[*b].pose.at))
            });
        if let Some(j) = nearest {
            let target = self.units[j].pose.at;
            // straight away from it, the whole move (disengaging, or a commander evading)
            let back = at + heading(bearing(target, at)) * allowance;
            let face = bearing(at, target);
            // (only for those who may have to get away: infantry and guns have the move to the
            // rear, and once engaged may not leave)
            if !pivots_only && (u.kind.may_disengage() || u.kind == Type::Commander) {
                tries.push(Action::move_within(i, at, back, allowance, u.pose.facing));
                // and 45° either side of it: straight back is often a friend's place, and
                // cavalry that charged stay in contact until they move away (Charges)
                if u.kind.may_disengage() {
                    for side in [-45.0, 45.0] {
                        let p = at + heading(bearing(target, at) + side) * allowance;
                        tries.push(Action::move_within(i, at, p, allowance, u.pose.facing));
                    }
                }
            }
            // a pivot to face it, unless it already does (to the whole degree of orders)
            let pivot = Action::move_to(i, at.x, at.y, face);
            if !matches!(pivot, Action::Move { facing, .. } if fiw_table::turn(u.pose.facing, f64::from(facing)).abs() <= fiw_table::EPS)
            {
                tries.push(pivot);
            }
            let moving = units()
                .get(u.kind)
                .footprint
                .place(Pose::new(at.x, at.y, face));
            let full = at.dist(target).min(allowance);
            let dir = heading(face);
            let stop = if pivots_only {
                Some(0.0)
            } else {
                moving.first_within(at + dir * full, self.base(j), 6.0)
            };
            line = Some((at, at + dir * full));
            match stop {
                // right up to the 6" stop, where the unit can shoot next turn: the point of the
                // grain of orders just past the stop (within the tolerance of the Movement
                // rule's `STOP_GRAIN`), or failing that the points just short of it
                Some(s) if s > 0.0 => {
                    let legal = |go: f64| {
                        let p = at + dir * go;
                        let a = Action::move_to(i, p.x, p.y, face);
                        let Action::Move { x, y, facing, .. } = a else {
                            return None;
                        };
                        let ctx = mover.as_ref()?;
                        self.check_move_from(
                            ctx.0,
                            &ctx.1,
                            Action::point(x, y),
                            facing as f64,
                            true,
                        )
                        .is_ok()
                        .then_some(a)
                    };
                    if let Some(a) = [s + 0.05, s, s - 0.1]
                        .into_iter()
                        .filter(|go| *go > 0.0)
                        .find_map(legal)
                    {
                        tries.push(a);
                        approach = Some(a);
                    }
                }
                Some(_) => {}
                None if full > 0.2 => {
                    tries.push(Action::move_within(i, at, at + dir * full, allowance, face));
                }
                None => {}
            }
        }
        if u.kind == Type::Commander {
            // a commander may have to get clear of the enemy: the whole move on twelve bearings
            // (less those the moves above already try, when he faces a multiple of 30°)
            for k in 0..12 {
                let p = at + heading(30.0 * k as f64) * allowance;
                let a = Action::move_within(i, at, p, allowance, u.pose.facing);
                if !tries.contains(&a) {
                    tries.push(a);
                }
            }
            // Army Commander: one who must move away and has no way out among these has the
            // nearest legal place of the grain of orders (checked, as the approach is)
            if self.threatened(i) {
                let legal = |a: &Action| match (*a, &mover) {
                    (Action::Move { x, y, facing, .. }, Some((m, ctx))) => self
                        .check_move_from(*m, ctx, Action::point(x, y), facing as f64, true)
                        .is_ok(),
                    _ => false,
                };
                if !tries.iter().any(legal) {
                    if let Some(a) = self.escape(i) {
                        tries.push(a);
                        approach = Some(a);
                    }
                }
            }
        }
        if u.kind.is_infantry() {
            tries.push(Action::Square { unit: i as u8 });
        }
        if u.kind.charges() {
            // a target farther than the allowance and both half-diagonals cannot be reached,
            // and is not worth asking the rules about
            let reach = allowance + units().radius(u.kind) + 0.01;
            for t in 0..self.units.len() {
                let v = &self.units[t];
                if v.army != u.army
                    && !v.eliminated
                    && at.dist(v.pose.at) <= reach + units().radius(v.kind)
                {
                    tries.push(Action::Charge {
                        unit: i as u8,
                        target: t as u8,
                    });
                }
            }
        }
        Some(Tried {
            mover,
            approach,
            line,
        })
    }
}

/// What [`D3::tries`] found out on the way, for the listing to check the orders tried.
pub(crate) struct Tried {
    /// The unit and its move context, when it may move at all.
    mover: Option<(usize, std::sync::Arc<crate::rules::MoveContext>)>,
    /// The move up to the 6" stop, checked already.
    approach: Option<Action>,
    /// The line straight at the nearest enemy, which the stop is measured along.
    line: Option<(Point, Point)>,
}
