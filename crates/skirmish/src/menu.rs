//! The orders listed at each decision, for menus and computer players: every order that is
//! a finite choice (a unit, a target, a reaction), and for movement a sampled set of sensible
//! steps (half and whole moves towards the enemy, towards the objective, away from the enemy,
//! ahead, obliquely; a column's march; a wheel to face the enemy; the changes of formation; a
//! building's door). Only orders the rules accept are listed; any other legal step may still
//! be typed.

use crate::actions::{tenths, Action, Shape};
use crate::artillery::Ammo;
use crate::formation::Formation;
use crate::state::{Phase, Skirmish, Stage};
use crate::troops::{Troop, Weapon};
use fiw_table::{bearing, heading, turn, Point};

impl Skirmish {
    /// Every order listed now, in a stable order.
    pub(crate) fn list(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        match self.phase {
            Phase::Over => {}
            Phase::SetUp(side) => self.list_set_up(side, out),
            Phase::Deploy(side) => {
                for u in self.to_deploy(side) {
                    let k = u - self.first_unit(side);
                    let setup = &self.scenario.sides[side.index()].units[k];
                    for p in setup.hiding.iter().copied() {
                        let a = Action::Deploy {
                            unit: u as u8,
                            x: tenths(p.x),
                            y: tenths(p.y),
                        };
                        if !out.contains(&a) && self.check_action(&a).is_ok() {
                            out.push(a);
                        }
                    }
                }
                if out.is_empty() {
                    // every listed hiding place taken (a scenario's places that crowd each
                    // other): any place of the side's hiding zones, an inch apart, so that a
                    // side always has one to give
                    self.deploy_anywhere(side, out);
                }
            }
            Phase::Choose(side) => {
                for actor in self.eligible(side) {
                    out.push(Action::Activate {
                        unit: self.actor_number(actor),
                    });
                }
            }
            Phase::Reaction => {
                if let Some(c) = &self.charge {
                    for r in self.reactions(c.target as usize, &c.units) {
                        out.push(Action::React { how: r });
                    }
                }
            }
            Phase::CloseUp => {
                out.push(Action::CloseUp { yes: true });
                out.push(Action::CloseUp { yes: false });
            }
            Phase::Act => {
                let mut tries = Vec::new();
                self.act_tries(&mut tries);
                out.extend(tries.into_iter().filter(|a| self.check_action(a).is_ok()));
            }
        }
    }

    /// 7.7 up to three legal places for each hidden unit of `side` still to deploy, on an
    /// inch's grid over the side's hiding zones.
    fn deploy_anywhere(&self, side: crate::scenario::Side, out: &mut Vec<Action>) {
        for u in self.to_deploy(side) {
            let mut found = 0;
            for zone in &self.scenario.sides[side.index()].hide_zones {
                let (lo, hi) = zone.bounds();
                let mut y = lo.y.ceil();
                while y <= hi.y && found < 3 {
                    let mut x = lo.x.ceil();
                    while x <= hi.x && found < 3 {
                        let a = Action::Deploy {
                            unit: u as u8,
                            x: tenths(x),
                            y: tenths(y),
                        };
                        if self.check_action(&a).is_ok() {
                            out.push(a);
                            found += 1;
                        }
                        x += 1.0;
                    }
                    y += 1.0;
                }
            }
        }
    }

    /// The orders the menu tries for the activation under way, each once, in the order it
    /// lists them, unchecked: its listed orders are these less those the rules refuse
    /// ([`fiw_engine::Game::candidates`]). Empty outside an activation.
    pub(crate) fn act_tries(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.outcome.is_some() || self.phase != Phase::Act {
            return;
        }
        let Some(act) = self.act.as_ref() else { return };
        let mut tries = Vec::new();
        match act.stage {
            Stage::Begin => self.begin_tries(&mut tries),
            Stage::Sign => {
                tries.extend([Action::Sign { plus: true }, Action::Sign { plus: false }])
            }
            Stage::Tested => self.tested_tries(&mut tries),
            Stage::Moving => self.move_tries(&mut tries),
        }
        for a in tries {
            if !out.contains(&a) {
                out.push(a);
            }
        }
    }

    /// The enemy units the acting side knows of, nearest first.
    fn known_enemies(&self, units: &[u8]) -> Vec<usize> {
        let side = self.units[units[0] as usize].side;
        let mut v: Vec<(f64, usize)> = (0..self.units.len())
            .filter(|&v| {
                self.units[v].side != side && self.known_to(side, v) && self.on_the_table(v)
            })
            .map(|v| {
                (
                    units
                        .iter()
                        .map(|&u| self.unit_distance(u as usize, v))
                        .fold(f64::INFINITY, f64::min),
                    v,
                )
            })
            .collect();
        v.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        v.into_iter().map(|(_, v)| v).collect()
    }

    fn begin_tries(&self, out: &mut Vec<Action>) {
        let Some(act) = self.act.as_ref() else { return };
        let units = act.units.clone();
        let u0 = units[0] as usize;
        if self.is_messenger(u0) {
            out.extend([Action::Move, Action::Pass]);
            if self.is_rider(u0) {
                self.join_tries(&units, out);
            }
            return;
        }
        if !act.sent {
            self.messenger_tries(&units, out);
        }
        self.join_tries(&units, out);
        if !act.spotted {
            for k in self.spot_areas(&units) {
                out.push(Action::Spot { area: k as u8 });
            }
        }
        out.push(Action::Test);
        out.push(Action::Pass);
        let artillery = self.units[u0].troop == Troop::Artillery;
        if !artillery {
            for t in self.nearest_targets(&units) {
                out.push(Action::Shoot { target: t as u8 });
            }
        }
        // 5.3, 9.1 a company by a gun short of its crew may lend it men
        if units.len() == 1 && self.units[u0].troop.is_infantry() {
            for g in 0..self.units.len() {
                if self.units[g].troop == Troop::Artillery
                    && self.units[g].side == self.units[u0].side
                    && self.units[g].in_play()
                    && self.unit_distance(u0, g) <= 1.5
                {
                    out.push(Action::Help { gun: g as u8 });
                }
            }
        }
        let enemies = self.known_enemies(&units);
        if !act.called {
            for &v in enemies.iter().take(6) {
                if self.units[v].called_turn != self.turn && self.unit_distance(u0, v) <= 6.0 {
                    out.push(Action::Call { target: v as u8 });
                }
            }
        }
        if artillery {
            for &v in enemies.iter().take(8) {
                for ammo in [Ammo::Canister, Ammo::Shot, Ammo::Shell] {
                    if self.gun_kind(u0).is_some_and(|k| Self::fires_ammo(k, ammo)) {
                        out.push(Action::Gun {
                            ammo,
                            target: v as u8,
                        });
                    }
                }
            }
            out.push(Action::Limber {
                on: !self.units[u0].limbered,
            });
            if let Some(g) = self.gun_figure(u0) {
                for b in 0..self.buildings.len() {
                    let (s, _) = self.buildings[b].walls.nearest(self.figures[g].pose.at);
                    let p = self.buildings[b].walls.at(s);
                    out.push(Action::Breach {
                        building: b as u8,
                        x: tenths(p.x),
                        y: tenths(p.y),
                    });
                }
            }
        }
        for k in 0..self.site_count() {
            out.push(Action::Work { site: k as u8 });
            out.push(Action::Blow { site: k as u8 });
        }
        self.work_tries(&units, out);
        if self.buildings.iter().any(|b| b.puffs > 0 && !b.burned) {
            out.push(Action::FightFire);
        }
        if units.iter().any(|&u| {
            self.table_figures(u as usize)
                .any(|f| self.figures[f].weapon == Weapon::Bow)
        }) {
            out.push(Action::PrepareArrows);
        }
        for b in 0..self.buildings.len() {
            if !self.buildings[b].burned && !self.figures_at(&units, b).is_empty()
                || units.iter().any(|&u| self.units[u as usize].arrows)
            {
                out.push(Action::Ignite { building: b as u8 });
            }
        }
        out.push(Action::Burn);
        if self.scenario.spiking {
            for &v in enemies.iter().take(6) {
                if self.units[v].troop == Troop::Artillery {
                    out.push(Action::Spike { gun: v as u8 });
                }
            }
        }
    }

    /// 4.1 a messenger to each unit of the side that waits for one: the man nearest it who is
    /// not a leader (a leader when no other is left).
    fn messenger_tries(&self, units: &[u8], out: &mut Vec<Action>) {
        let side = self.units[units[0] as usize].side;
        // one word to a battalion: its first company waiting for it
        let mut targets: Vec<usize> = Vec::new();
        for v in 0..self.units.len() {
            if self.units[v].side != side || !self.takes_messenger(v) {
                continue;
            }
            let b = self.units[v].battalion;
            if b.is_some() && targets.iter().any(|&t| self.units[t].battalion == b) {
                continue;
            }
            targets.push(v);
        }
        if targets.is_empty() {
            return;
        }
        for &u in units {
            let men: Vec<usize> = self
                .table_figures(u as usize)
                .filter(|&f| {
                    let r = self.figures[f].role;
                    r != crate::troops::Role::Woman && !r.is_piece()
                })
                .collect();
            for &v in &targets {
                if v == u as usize {
                    continue;
                }
                let goal = |f: usize| {
                    self.present_figures(v)
                        .map(|g| self.figures[f].pose.at.dist(self.figures[g].pose.at))
                        .fold(f64::INFINITY, f64::min)
                };
                let best = men
                    .iter()
                    .copied()
                    .filter(|&f| !self.figures[f].role.is_leader())
                    .chain(men.iter().copied())
                    .min_by(|&a, &b| {
                        (self.figures[a].role.is_leader(), goal(a))
                            .partial_cmp(&(self.figures[b].role.is_leader(), goal(b)))
                            .unwrap_or(std::cmp::Ordering::Equal)
                    });
                if let Some(f) = best {
                    out.push(Action::Detach {
                        fig: f as u16,
                        to: v as u8,
                    });
                }
            }
        }
    }

    /// 1.2 each general, hero and colonel with the acting units to each unit of his side he
    /// may join (a colonel only his battalion's companies).
    fn join_tries(&self, units: &[u8], out: &mut Vec<Action>) {
        for &u in units {
            for f in self.table_figures(u as usize) {
                let Some(kind) = self.rider_kind(f) else {
                    continue;
                };
                let side = self.units[u as usize].side;
                for v in 0..self.units.len() {
                    let unit = &self.units[v];
                    if v == u as usize
                        || unit.side != side
                        || !unit.in_play()
                        || unit.messenger.is_some()
                        || unit.hidden
                    {
                        continue;
                    }
                    if let crate::leaders::Rider::Colonel(b) = kind {
                        if unit.battalion != Some(b) {
                            continue;
                        }
                    }
                    out.push(Action::Join {
                        fig: f as u16,
                        to: v as u8,
                    });
                }
            }
        }
    }

    fn tested_tries(&self, out: &mut Vec<Action>) {
        let Some(act) = self.act.as_ref() else { return };
        let units = act.units.clone();
        out.push(Action::Move);
        for t in self.nearest_targets(&units) {
            out.push(Action::Shoot { target: t as u8 });
            out.push(Action::FireMove {
                volley: false,
                target: t as u8,
            });
            out.push(Action::FireMove {
                volley: true,
                target: t as u8,
            });
        }
        let reach = units
            .iter()
            .map(|&u| self.greatest_move(u as usize, true))
            .fold(f64::INFINITY, f64::min);
        for v in self.known_enemies(&units) {
            let d = units
                .iter()
                .map(|&u| self.unit_distance(u as usize, v))
                .fold(f64::INFINITY, f64::min);
            if d > reach {
                break;
            }
            out.push(Action::Charge {
                target: v as u8,
                fire: false,
            });
            out.push(Action::Charge {
                target: v as u8,
                fire: true,
            });
        }
        out.push(Action::Rally { back: false });
        out.push(Action::Rally { back: true });
        out.push(Action::Reserve);
        out.push(Action::Stand);
    }

    /// The steps tried for the moving unit.
    fn move_tries(&self, out: &mut Vec<Action>) {
        let Some(act) = self.act.as_ref() else { return };
        let units = act.units.clone();
        let u0 = units[0] as usize;
        out.push(Action::Done);
        out.push(Action::Reserve);
        out.push(Action::Limber { on: false });
        // 5.8 a unit with horses mounts or dismounts
        if self.units[u0].traits.horses.is_some() {
            out.push(Action::Mount {
                on: !self.mounted(u0),
            });
        }
        let spent = act.spent.iter().copied().fold(0.0, f64::max);
        let left = act.allowance - spent;
        if left < 0.1 {
            return;
        }
        // the step a unit that must go on (3.2) can take, so that one is always listed
        if let Some(a) = Self::must_go(act).and_then(|want| self.way_on(act, want)) {
            out.push(a);
        }
        let c = self.centre(u0);
        let enemy = self.nearest_known_enemy_point(&units);
        let side = act.side;
        let front = self.scenario.sides[side.index()].front;
        let facing = self.units[u0].anchor.facing;
        let formation = self.units[u0].formation;
        let in_building = self.in_building(u0);
        let mut bearings = vec![bearing(c, enemy), bearing(enemy, c)];
        // 4.1 a messenger makes for the unit he carries word to
        if let Some(goal) = self.messenger_goal(u0) {
            if let Some(p) = self
                .present_figures(goal)
                .map(|g| self.figures[g].pose.at)
                .min_by(|a, b| c.dist(*a).total_cmp(&c.dist(*b)))
            {
                bearings.insert(0, bearing(c, p));
            }
        }
        let add = |b: f64, list: &mut Vec<f64>| {
            if list.iter().all(|x| turn(*x, b).abs() > 10.0) {
                list.push(b);
            }
        };
        add(bearing(c, front), &mut bearings);
        add(facing, &mut bearings);
        if self.units[u0].troop == Troop::Household || !formation.is_formed() {
            add(facing + 90.0, &mut bearings);
            add(facing - 90.0, &mut bearings);
        }
        if matches!(formation, Formation::Column { .. }) {
            // a column marches: straight at the enemy, at the objective, and on along its way
            let head = self.units[u0].anchor.at;
            for to in [enemy, front, head + heading(facing) * left] {
                let goal = head + heading(bearing(head, to)) * c.dist(to).min(left);
                if let Some(a) = self.affordable(left, |x| {
                    let p = head + (goal - head) * x;
                    Action::March {
                        x: tenths(p.x),
                        y: tenths(p.y),
                    }
                }) {
                    out.push(a);
                }
                let half = head + (goal - head) * 0.5;
                out.push(Action::March {
                    x: tenths(half.x),
                    y: tenths(half.y),
                });
            }
        } else if !in_building {
            for b in bearings {
                let b = fiw_table::normalize(b.round());
                let full = |x: f64| Action::Step {
                    bearing: b as u16 % 360,
                    tenths: (left * x * 10.0).round().max(1.0) as u16,
                };
                if let Some(a) = self.affordable(left, full) {
                    out.push(a);
                }
                out.push(Action::Step {
                    bearing: b as u16 % 360,
                    tenths: (left * 5.0).round().max(1.0) as u16,
                });
            }
        }
        if matches!(formation, Formation::Line { .. } | Formation::Battery) {
            let want = turn(facing, bearing(c, enemy));
            if want.abs() >= 3.0 {
                let deg = want.abs().min(90.0).round() as u8;
                out.push(Action::Wheel {
                    right: want > 0.0,
                    degrees: deg,
                });
                out.push(Action::Wheel {
                    right: want > 0.0,
                    degrees: (deg / 2).max(1),
                });
            }
            out.push(Action::Face {
                facing: (fiw_table::normalize(facing + 180.0).round() as u16) % 360,
            });
        } else if !formation.is_formed() {
            out.push(Action::Face {
                facing: (bearing(c, enemy).round() as u16) % 360,
            });
        }
        let troop = self.units[u0].troop;
        match formation {
            Formation::Line { .. } => {
                out.push(Action::Form {
                    to: Shape::Column(2),
                    quarter: 0,
                });
                out.push(Action::Form {
                    to: Shape::Skirmish,
                    quarter: 0,
                });
            }
            Formation::Column { .. } => {
                out.push(Action::Form {
                    to: Shape::Line(2),
                    quarter: 0,
                });
                out.push(Action::Form {
                    to: Shape::Line(2),
                    quarter: 1,
                });
                out.push(Action::Form {
                    to: Shape::Line(2),
                    quarter: -1,
                });
                out.push(Action::Form {
                    to: Shape::Skirmish,
                    quarter: 0,
                });
            }
            Formation::Skirmish | Formation::Disordered => {
                if troop.forms_line() {
                    out.push(Action::Form {
                        to: Shape::Line(2),
                        quarter: 0,
                    });
                }
                out.push(Action::Form {
                    to: Shape::Column(2),
                    quarter: 0,
                });
                if formation == Formation::Disordered {
                    out.push(Action::Form {
                        to: Shape::Skirmish,
                        quarter: 0,
                    });
                }
            }
            _ => {}
        }
        if troop.is_infantry() {
            for b in 0..self.buildings.len() {
                let near = self.buildings[b].walls.distance_to_point(c) <= left + 4.0;
                if near && !self.buildings[b].burned {
                    out.push(Action::Enter { building: b as u8 });
                }
            }
        }
        if in_building
            || act
                .figs
                .iter()
                .any(|&f| self.building_at(self.figures[f as usize].pose.at).is_some())
        {
            out.push(Action::Leave);
        }
        let _ = Point::default();
    }

    /// The longest step `make` makes (from a share of the move left) that the rules accept:
    /// the whole, or as much as the ground lets the move pay for (the first refusal's cost
    /// tells how much), or three quarters.
    fn affordable(&self, left: f64, make: impl Fn(f64) -> Action) -> Option<Action> {
        let whole = make(1.0);
        if self.check_action(&whole).is_ok() {
            return Some(whole);
        }
        // what the whole step would cost, to scale it down to what is left
        let cost = match whole {
            Action::Step { bearing, tenths } => self
                .plan_step(f64::from(bearing), f64::from(tenths) / 10.0)
                .ok()
                .and_then(|p| p.cost.iter().copied().reduce(f64::max)),
            Action::March { x, y } => self
                .plan_march(crate::actions::point(x, y))
                .ok()
                .and_then(|p| p.cost.iter().copied().reduce(f64::max)),
            _ => None,
        };
        let spent = self
            .act
            .as_ref()
            .map_or(0.0, |a| a.spent.iter().copied().fold(0.0, f64::max));
        let share = match cost {
            Some(c) if c > left + 1e-9 => ((left / c) * 0.98).min(0.95),
            _ => 0.75,
        };
        let _ = spent;
        let a = make(share);
        self.check_action(&a).is_ok().then_some(a)
    }
}
