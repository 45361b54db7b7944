//! 9 artillery: a gun fires at a target it sees within 45° of its front (9.1); canister and
//! round shot strike every enemy unit along the line of fire, the dice showing 1 dropping out
//! as it goes, doubled against a column, stopped by dead ground and by 6" of cover (9.2);
//! shell strikes one target, over troops well clear of both ends (9.3); round shot breaches
//! walls (9.4); shells fire buildings (9.5). And limbering (5.6).

use crate::formation::Formation;
use crate::scenario::FeatureKind;
use crate::state::Skirmish;
use crate::troops::{charts, GunKind, Role};
use fiw_engine::RuleError;
use fiw_table::{Arc, Kind, Point, Segment, EPS};
use serde::{Deserialize, Serialize};

/// 9.2 what a gun fires.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ammo {
    /// Canister: short range, many dice.
    Canister,
    /// Round shot.
    Shot,
    /// Shell (howitzers, coehorns, mortars).
    Shell,
}

impl Ammo {
    /// The word typed.
    pub fn word(self) -> &'static str {
        match self {
            Ammo::Canister => "canister",
            Ammo::Shot => "shot",
            Ammo::Shell => "shell",
        }
    }
}

/// A gun's fire worked out: its dice, what they need, and the units along its line (in order)
/// or its one target.
#[derive(Clone, Debug, PartialEq)]
pub struct Salvo {
    /// The dice.
    pub dice: u8,
    /// The score each needs (4 for shot and canister, 5 for shell).
    pub need: u8,
    /// The units struck, in order.
    pub targets: Vec<usize>,
    /// Whether each is a column (the dice doubled).
    pub doubled: Vec<bool>,
}

impl Skirmish {
    /// The gun figure of unit `u`.
    pub(crate) fn gun_figure(&self, u: usize) -> Option<usize> {
        self.present_figures(u)
            .find(|&f| self.figures[f].role == Role::Gun)
    }

    /// The gun of unit `u`.
    pub fn gun_kind(&self, u: usize) -> Option<GunKind> {
        self.gun_figure(u).and_then(|f| self.figures[f].gun)
    }

    /// The crew with unit `u`'s gun.
    pub fn crew(&self, u: usize) -> usize {
        self.present_figures(u)
            .filter(|&f| !self.figures[f].role.is_piece())
            .count()
    }

    /// 9.1, 9.2, 9.3 whether gun section `u` may fire `ammo` at `target` now, and how.
    pub(crate) fn salvo(&self, u: usize, ammo: Ammo, target: usize) -> Result<Salvo, RuleError> {
        let unit = &self.units[u];
        let id = self.id(u);
        let (Some(gun), Some(kind)) = (self.gun_figure(u), self.gun_kind(u)) else {
            return Err(RuleError::new("9.1", format!("{id} has no gun")));
        };
        if unit.gun_lost {
            return Err(RuleError::new(
                "10.5",
                format!("{} gun is out of action", crate::wording::of(id)),
            ));
        }
        if unit.limbered {
            return Err(RuleError::new(
                "5.6",
                format!("{id} is limbered: it must unlimber to fire"),
            ));
        }
        let stats = charts().gun(kind);
        if !self.served(u) && self.fired_last_turn(u) {
            return Err(RuleError::new(
                "9.1",
                format!("{id} is short of its {} crew and fired last turn: it fires only every other turn (infantry may make up the crew while at least half of it are gunners: help {id})", stats.crew),
            ));
        }
        let side = unit.side;
        if self.units.get(target).is_none_or(|t| t.side == side) || !self.known_to(side, target) {
            return Err(RuleError::new(
                "9.1",
                "a gun fires at an enemy unit it can see",
            ));
        }
        let g = &self.bases[gun];
        let theirs: Vec<usize> = self.table_figures(target).collect();
        let in_arc: Vec<usize> = theirs
            .iter()
            .copied()
            .filter(|&t| g.in_arc(&self.bases[t], Arc::FRONT_45))
            .collect();
        if in_arc.is_empty() {
            return Err(RuleError::new(
                "9.1",
                format!(
                    "{} is not within 45° of {} front",
                    self.id(target),
                    crate::wording::of(id)
                ),
            ));
        }
        // the range first (a sum), the sight lines after (the costly part)
        let range = in_arc
            .iter()
            .map(|&t| g.distance(&self.bases[t]))
            .fold(f64::INFINITY, f64::min);
        // 9.2 the option double-range: out to twice the stated range
        let beyond = match ammo {
            Ammo::Canister => stats
                .canister
                .is_some_and(|(reach, _)| range > self.gun_reach(reach) + EPS),
            Ammo::Shot => stats
                .shot
                .is_some_and(|(reach, _)| range > self.gun_reach(reach) + EPS),
            Ammo::Shell => stats
                .shell
                .is_some_and(|(_, hi, _)| range > self.gun_reach(hi) + EPS),
        };
        if beyond {
            return Err(RuleError::new(
                "9.2",
                format!(
                    "{} is {range:.1}\" away, beyond the reach of {}",
                    self.id(target),
                    ammo.word()
                ),
            ));
        }
        let crew: Vec<usize> = self.present_figures(u).collect();
        // 9.3 a shell goes over the heads of troops between: the crew looks past them (the
        // gap they must leave is asked below)
        let sees = |c: usize, t: usize| {
            if ammo == Ammo::Shell {
                self.fig_sees_among(c, t, &[])
            } else {
                self.fig_sees(c, t)
            }
        };
        let seen: Vec<usize> = in_arc
            .iter()
            .copied()
            .filter(|&t| crew.iter().any(|&c| sees(c, t)))
            .collect();
        let coehorn = matches!(kind, GunKind::Coehorn | GunKind::Mortar);
        let spotters = seen.is_empty() && ammo == Ammo::Shell && coehorn && {
            // the reading of 9.2's "*": coehorns and mortars fire on what any friend within 6"
            // of them sees
            (0..self.figures.len()).any(|f| {
                self.on_table(f)
                    && self.units[self.figures[f].unit as usize].side == side
                    && self.bases[f].is_within(g, 6.0)
                    && in_arc.iter().any(|&t| self.fig_sees(f, t))
            })
        };
        if seen.is_empty() && !spotters {
            return Err(RuleError::new(
                "9.1",
                format!("{id} cannot see {}", self.id(target)),
            ));
        }
        // the line of fire runs through the nearest figure of the target the gun sees
        let nearest = |list: &[usize]| {
            list.iter().copied().min_by(|&a, &b| {
                g.distance(&self.bases[a])
                    .total_cmp(&g.distance(&self.bases[b]))
                    .then(a.cmp(&b))
            })
        };
        let aim = nearest(&seen)
            .or_else(|| nearest(&in_arc))
            .unwrap_or(in_arc[0]);
        match ammo {
            Ammo::Canister | Ammo::Shot => {
                let band = if ammo == Ammo::Canister {
                    stats.canister
                } else {
                    stats.shot
                };
                let Some((reach, dice)) = band else {
                    return Err(RuleError::new(
                        "9.2",
                        format!("a {} gun fires no {}", kind.word(), ammo.word()),
                    ));
                };
                let stated = reach;
                let reach = self.gun_reach(stated);
                if range > reach + EPS {
                    return Err(RuleError::new(
                        "9.2",
                        format!(
                            "{} is {range:.1}\" away, beyond the {reach}\" of {}",
                            self.id(target),
                            ammo.word()
                        ),
                    ));
                }
                let (targets, doubled) = self.line_of_fire(u, gun, aim, reach);
                if !targets.contains(&target) {
                    return Err(RuleError::new(
                        "9.2",
                        format!(
                            "the line of fire is stopped before it reaches {}",
                            self.id(target)
                        ),
                    ));
                }
                Ok(Salvo {
                    dice,
                    // 9.2 the option double-range: a 6 beyond the stated range (assumed: the
                    // whole line of fire, aimed at a target beyond it)
                    need: if range > stated + EPS { 6 } else { 4 },
                    targets,
                    doubled,
                })
            }
            Ammo::Shell => {
                let Some((lo, hi, dice)) = stats.shell else {
                    return Err(RuleError::new(
                        "9.2",
                        format!("a {} gun fires no shell", kind.word()),
                    ));
                };
                let stated = hi;
                let hi = self.gun_reach(stated);
                if range < lo - EPS || range > hi + EPS {
                    return Err(RuleError::new(
                        "9.2",
                        format!(
                            "{} is {range:.1}\" away: shell reaches {lo}\" to {hi}\"",
                            self.id(target)
                        ),
                    ));
                }
                // 9.3 over troops and obstacles only where they stand 6" clear of both ends
                // (3" for coehorns and mortars)
                let gap = if coehorn { 3.0 } else { 6.0 };
                if let Some(why) = self.shell_gap(u, gun, aim, target, gap) {
                    return Err(RuleError::new(
                        "9.3",
                        format!(
                            "a shell passes over {why} only {gap}\" clear of both {id} and {}",
                            self.id(target)
                        ),
                    ));
                }
                let doubled =
                    !coehorn && matches!(self.units[target].formation, Formation::Column { .. });
                Ok(Salvo {
                    dice,
                    need: if range > stated + EPS { 6 } else { 5 },
                    targets: vec![target],
                    doubled: vec![doubled],
                })
            }
        }
    }

    /// 9.3 what, along the shell's line from gun figure `gun` (of section `u`) to figure
    /// `aim` of unit `target`, stands nearer than `gap` to either end: a figure not of the
    /// gun's section or the target (of a unit the gunners know of), an obstacle, a building's
    /// wall (not the target's own); `None` when the way over is clear.
    fn shell_gap(
        &self,
        u: usize,
        gun: usize,
        aim: usize,
        target: usize,
        gap: f64,
    ) -> Option<&'static str> {
        let from = self.bases[gun].front_centre();
        let to = self.figures[aim].pose.at;
        let line = Segment::new(from, to);
        let len = line.len();
        let near = |enter: f64, leave: f64| enter < gap || len - leave < gap;
        let side = self.units[u].side;
        for f in 0..self.figures.len() {
            let fu = self.figures[f].unit as usize;
            // (a unit hidden from the gunners is not on their table, 7.7)
            if fu == u || fu == target || !self.on_table(f) || !self.known_to(side, fu) {
                continue;
            }
            if let Some((enter, leave)) = self.solid_base(f).crossed_by(&line) {
                if near(enter, leave) {
                    return Some("troops");
                }
            }
        }
        for o in &self.obstacles {
            if o.line
                .crossings(&line)
                .iter()
                .any(|c| near(c.t * len, c.t * len))
            {
                return Some("an obstacle");
            }
        }
        let home = self.building_at(to);
        for (b, state) in self.buildings.iter().enumerate() {
            if Some(b) == home {
                continue;
            }
            if state
                .walls
                .crossings(&line)
                .iter()
                .any(|c| c.gap.is_none() && near(c.t * len, c.t * len))
            {
                return Some("a building");
            }
        }
        None
    }

    /// 6.2, 9.1 whether gun section `u` could fire at one of `chargers` as they come in: its
    /// gun in action, unlimbered and served (a gun short of crew fires every other turn), its
    /// crew free of a melee's rally, a piece that fires shot or canister (shell's least range
    /// is never met at the contact), and a charger's figure within 45° of its front in sight.
    pub(crate) fn gun_may_meet(&self, u: usize, chargers: &[u8]) -> bool {
        let unit = &self.units[u];
        let (Some(gun), Some(kind)) = (self.gun_figure(u), self.gun_kind(u)) else {
            return false;
        };
        let stats = charts().gun(kind);
        if unit.gun_lost
            || unit.limbered
            || unit.needs_rally
            || unit.shattered
            || (stats.canister.is_none() && stats.shot.is_none())
            || (!self.served(u) && self.fired_last_turn(u))
        {
            return false;
        }
        let crew: Vec<usize> = self.present_figures(u).collect();
        chargers.iter().any(|&c| {
            self.table_figures(c as usize).any(|t| {
                self.bases[gun].in_arc(&self.bases[t], Arc::FRONT_45)
                    && crew.iter().any(|&w| self.fig_sees(w, t))
            })
        })
    }

    /// 9.1 what gun section `u` fires at `charger` at the contact: canister, else round shot,
    /// else shell, the first it may fire now; `None` when it may fire none.
    pub(crate) fn contact_ammo(&self, u: usize, charger: usize) -> Option<Ammo> {
        [Ammo::Canister, Ammo::Shot, Ammo::Shell]
            .into_iter()
            .find(|&a| self.salvo(u, a, charger).is_ok())
    }

    /// 9.2 the enemy units along a gun's line of fire, from the gun's front through `aim` to
    /// `reach`, in order, and whether each is a column; the line stops at a friendly figure, a
    /// wall, dead ground, or once it has gone 6" through cover.
    fn line_of_fire(
        &self,
        u: usize,
        gun: usize,
        aim: usize,
        reach: f64,
    ) -> (Vec<usize>, Vec<bool>) {
        let from = self.bases[gun].front_centre();
        let towards = self.figures[aim].pose.at;
        let dir = (towards - from) * (1.0 / from.dist(towards).max(EPS));
        let mut end = reach + self.bases[gun].footprint().depth() / 2.0;
        let line = Segment::new(from, from + dir * end);
        let side = self.units[u].side;
        // where the line stops
        for f in 0..self.figures.len() {
            let fu = self.figures[f].unit as usize;
            if fu == u || !self.on_table(f) || self.units[fu].side != side {
                continue;
            }
            if let Some((enter, _)) = self.solid_base(f).crossed_by(&line) {
                end = end.min(enter);
            }
        }
        for b in &self.buildings {
            for c in b.walls.crossings(&line) {
                if c.gap.is_none() {
                    end = end.min(c.t * line.len());
                }
            }
        }
        for feat in &self.scenario.features {
            if feat.kind == FeatureKind::DeadGround {
                if let Some(a) = &feat.area {
                    if let Some((t0, _)) = a.stretches(&line).first() {
                        end = end.min(t0 * line.len());
                    }
                }
            }
        }
        // 6" of cover
        let mut cover: Vec<(f64, f64)> = Vec::new();
        for t in self.scenario.layout.terrain() {
            if matches!(
                t.kind,
                Kind::Woods | Kind::Brush | Kind::Rocks | Kind::FortWall
            ) {
                cover.extend(
                    t.polygon
                        .stretches(&line)
                        .into_iter()
                        .map(|(a, b)| (a * line.len(), b * line.len())),
                );
            }
        }
        for b in &self.buildings {
            if let Some(floor) = &self.scenario.features[b.feature as usize].area {
                cover.extend(
                    floor
                        .stretches(&line)
                        .into_iter()
                        .map(|(a, c)| (a * line.len(), c * line.len())),
                );
            }
        }
        cover.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut through = 0.0;
        let mut reach_to = f64::NEG_INFINITY;
        for (a, b) in cover {
            let start = a.max(reach_to);
            if b > start {
                if through + (b - start) >= 6.0 {
                    end = end.min(start + (6.0 - through));
                    break;
                }
                through += b - start;
            }
            reach_to = reach_to.max(b);
        }
        let cut = Segment::new(from, from + dir * end);
        let mut hit: Vec<(f64, usize)> = Vec::new();
        for v in 0..self.units.len() {
            if self.units[v].side == side || !self.known_to(side, v) {
                continue;
            }
            let enter = self
                .table_figures(v)
                .filter_map(|f| self.bases[f].crossed_by(&cut).map(|(e, _)| e))
                .fold(f64::INFINITY, f64::min);
            let enter = if enter.is_finite() {
                enter
            } else {
                let pts: Vec<Point> = self
                    .table_figures(v)
                    .map(|f| self.figures[f].pose.at)
                    .collect();
                let hull = fiw_table::convex_hull(&pts);
                if pts.len() >= 2 && fiw_table::segment_meets_hull(&cut, &hull) {
                    pts.iter()
                        .map(|p| cut.project(*p) * cut.len())
                        .fold(f64::INFINITY, f64::min)
                } else {
                    continue;
                }
            };
            hit.push((enter, v));
        }
        hit.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let doubled = hit
            .iter()
            .map(|(_, v)| {
                matches!(self.units[*v].formation, Formation::Column { .. })
                    || self.assault_column(*v)
            })
            .collect();
        (hit.into_iter().map(|(_, v)| v).collect(), doubled)
    }

    /// 4.3 whether unit `v` is part of an assault column: a line with another company of its
    /// battalion in line straight behind it within 1", or in front of it (it counts as a column
    /// against artillery).
    pub fn assault_column(&self, v: usize) -> bool {
        let Some(b) = self.units[v].battalion else {
            return false;
        };
        if !matches!(self.units[v].formation, Formation::Line { .. }) {
            return false;
        }
        let a = self.units[v].anchor;
        self.battalions[b as usize].companies.iter().any(|&c| {
            let c = c as usize;
            c != v
                && matches!(self.units[c].formation, Formation::Line { .. })
                && fiw_table::turn(a.facing, self.units[c].anchor.facing).abs() < 1.0
                && {
                    let d = self.units[c].anchor.at - a.at;
                    let across = d.dot(a.right()).abs();
                    across < 1.0 && d.dot(a.ahead()).abs() > 0.5
                }
                && self.unit_distance(v, c) <= 1.0 + EPS
        })
    }

    /// 9 gun section `u` fires `ammo` at `target` (checked).
    pub(crate) fn gun_fire(&mut self, u: usize, ammo: Ammo, target: usize) {
        let Ok(s) = self.salvo(u, ammo, target) else {
            return;
        };
        let id = self.id(u).to_string();
        if self.units[u].hidden {
            self.reveal(u, "fires (7.7)");
        }
        let turn = self.turn;
        self.units[u].gun_fired_turn = turn;
        let from = self
            .gun_figure(u)
            .map_or(self.centre(u), |g| self.figures[g].pose.at);
        let mut pool = u32::from(s.dice);
        let kind = self.gun_kind(u);
        for (k, &v) in s.targets.iter().enumerate() {
            if pool == 0 {
                break;
            }
            let dice = if s.doubled[k] { pool * 2 } else { pool };
            let (need, target_id) = (s.need, self.id(v).to_string());
            self.dice.ask(dice, 6, || {
                format!(
                    "{id} fires {} at {target_id}: {} hitting on {need}+ (9.2)",
                    ammo.word(),
                    crate::wording::count(dice, "die", "dice")
                )
            });
            let rolls: Vec<u8> = (0..dice).map(|_| self.dice.d6()).collect();
            let hits = rolls.iter().filter(|r| **r >= s.need).count() as u32;
            let ones = rolls.iter().filter(|r| **r == 1).count() as u32;
            let faces: Vec<String> = rolls.iter().map(|r| r.to_string()).collect();
            self.log.public(|| {
                format!(
                    "{id} fires {} at {target_id}: {}: {}",
                    ammo.word(),
                    faces.join(" "),
                    crate::wording::count(hits, "hit", "hits")
                )
            });
            self.take_hits(v, hits, from, true);
            // 9.2 the dice showing 1 drop out of the line's pool
            pool = pool.saturating_sub(ones);
            if ammo == Ammo::Shell && hits > 0 && kind == Some(GunKind::Howitzer) {
                // 9.5 a shell may set the building its target holds alight
                let held = self
                    .table_figures(v)
                    .find_map(|f| self.building_at(self.figures[f].pose.at));
                if let Some(b) = held {
                    self.dice.ask(1, 6, || {
                        format!(
                            "{} shell may fire the building: a 6 lights it (9.5)",
                            crate::wording::of(&id)
                        )
                    });
                    if self.dice.d6() == 6 {
                        self.set_alight(b);
                        let name = self.building_name(b);
                        self.log.public(|| {
                            format!("{} shell sets {name} alight (9.5)", crate::wording::of(&id))
                        });
                    }
                }
            }
        }
        self.shots_heard(&[u as u8], s.targets[0]);
    }

    /// 9.4 whether gun section `u` may fire round shot at the wall of building `b` at `at`.
    pub(crate) fn check_breach(
        &self,
        u: usize,
        b: usize,
        at: Point,
    ) -> Result<(f64, u8), RuleError> {
        let id = self.id(u);
        let (Some(gun), Some(kind)) = (self.gun_figure(u), self.gun_kind(u)) else {
            return Err(RuleError::new("9.4", format!("{id} has no gun")));
        };
        if self.units[u].limbered || self.units[u].gun_lost {
            return Err(RuleError::new("9.4", format!("{id} cannot fire now")));
        }
        let Some((reach, dice)) = charts().gun(kind).shot else {
            return Err(RuleError::new("9.4", "only round shot breaches"));
        };
        let Some(state) = self.buildings.get(b) else {
            return Err(RuleError::input("there is no such building"));
        };
        let (s, d) = state.walls.nearest(at);
        if d > 0.3 {
            return Err(RuleError::new(
                "9.4",
                "aim at a point on the building's walls",
            ));
        }
        let point = state.walls.at(s);
        let g = &self.bases[gun];
        let range = g.distance_to_point(point);
        if range > reach + EPS {
            return Err(RuleError::new(
                "9.4",
                format!("the wall is {range:.1}\" away, beyond the {reach}\" of round shot"),
            ));
        }
        if !g.arc_contains(point, Arc::FRONT_45) {
            return Err(RuleError::new(
                "9.1",
                "the wall is not within 45° of the gun's front",
            ));
        }
        let line = Segment::new(
            g.front_centre(),
            point - (point - g.front_centre()) * (0.05 / g.front_centre().dist(point).max(EPS)),
        );
        if self.walls_block(&line) {
            return Err(RuleError::new("9.1", "another wall stands in the way"));
        }
        Ok((range, dice))
    }

    /// 9.4 round shot at a wall: each hit rolls a die (+1 heavy gun, −1 beyond 12"); a score
    /// above the wall's defence there takes the difference off it; at 0 a breach one figure wide
    /// opens.
    pub(crate) fn breach(&mut self, u: usize, b: usize, at: Point) {
        let Ok((range, dice)) = self.check_breach(u, b, at) else {
            return;
        };
        let id = self.id(u).to_string();
        let name = self.building_name(b);
        let turn = self.turn;
        self.units[u].gun_fired_turn = turn;
        self.dice.ask(u32::from(dice), 6, || {
            format!(
                "{id} fires round shot at {name}'s wall: {} hitting on 4+ (9.4)",
                crate::wording::count(dice, "die", "dice")
            )
        });
        let hits = (0..dice).filter(|_| self.dice.d6() >= 4).count() as u32;
        let modifier = i8::from(self.gun_kind(u) == Some(GunKind::Heavy)) - i8::from(range > 12.0);
        let (s, _) = self.buildings[b].walls.nearest(at);
        let k = (s.floor() as usize).min(self.buildings[b].defence.len().saturating_sub(1));
        for _ in 0..hits {
            let def = self.buildings[b].defence[k];
            if def == 0 {
                break;
            }
            self.dice.ask(1, 6, || {
                format!("a round shot strikes {name}'s wall (9.4: beat {def} after {modifier:+})")
            });
            let r = self.dice.d6() as i8 + modifier;
            if r > def as i8 {
                self.buildings[b].defence[k] = def.saturating_sub((r - def as i8) as u8);
            }
        }
        let left = self.buildings[b].defence[k];
        self.log.public(|| {
            format!(
                "{id} fires round shot at {name}: {}, the wall there stands at {left} (9.4)",
                crate::wording::count(hits, "hit", "hits")
            )
        });
        if left == 0 && self.buildings[b].walls.gap_at(s).is_none() {
            self.buildings[b].walls.add_gap(s - 0.5, s + 0.5);
            self.buildings[b]
                .apertures
                .push(crate::scenario::Aperture::Breach);
            self.log
                .public(|| format!("a breach opens in {name} (9.4)"));
        }
        self.shots_heard(&[u as u8], u);
    }
}
