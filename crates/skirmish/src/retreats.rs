//! 5.5 the moves the engine makes for a unit: a retreat straight away from the enemy
//! (11.3 after a lost melee, 12.1 shattered, 6.2 falling back from a charge, 12.2 a way out),
//! bent round what is in the way; out of a building by its openings first; and the Raid's
//! bands making for their own edge with their loot.

use crate::formation::Formation;
use crate::state::Skirmish;
use crate::troops::Role;
use fiw_table::{bearing, heading, Edge, Point, Pose, EPS};

impl Skirmish {
    /// 5.5 the engine's retreat of unit `u`: as far as `budget` allows (in the unit's own move
    /// costs), straight away from `away`, keeping its formation and facing (11.3 facing the
    /// enemy) or turned about; bent up to 60° to either side round what is in the way; stopped
    /// by impassable ground, walls, other figures and the table's edge. How far it went.
    pub(crate) fn retreat(&mut self, u: usize, budget: f64, away: Point, _turn_about: bool) -> f64 {
        let figs: Vec<usize> = self
            .table_figures(u)
            .filter(|&f| self.figures[f].role != Role::Woman)
            .collect();
        if figs.is_empty() || budget <= EPS {
            return 0.0;
        }
        if figs
            .iter()
            .any(|&f| self.building_at(self.figures[f].pose.at).is_some())
        {
            return self.retreat_from_building(u, budget, away);
        }
        let c = self.centre(u);
        let straight = bearing(away, c);
        let mut best: Option<(f64, Point)> = None;
        for db in [0.0, 20.0, -20.0, 40.0, -40.0, 60.0, -60.0] {
            let dir = heading(straight + db);
            // the farthest tenth of an inch that is legal and affordable
            let (mut lo, mut hi) = (0.0, budget);
            if self.retreat_ok(u, &figs, dir * hi, budget) {
                lo = hi;
            } else {
                for _ in 0..12 {
                    let mid = (lo + hi) / 2.0;
                    if self.retreat_ok(u, &figs, dir * mid, budget) {
                        lo = mid;
                    } else {
                        hi = mid;
                    }
                }
            }
            // straight away is preferred unless bending gains a good deal
            let gain = lo * (1.0 - db.abs() / 300.0);
            if lo > 0.05 && best.is_none_or(|(g, _)| gain > g + 1e-9) {
                best = Some((gain, dir * lo));
            }
            if lo >= budget - 1e-6 && db == 0.0 {
                break;
            }
        }
        let Some((_, v)) = best else { return 0.0 };
        self.disturb(u);
        for &f in &figs {
            let p = self.figures[f].pose;
            self.set_pose(f, Pose::new(p.at.x + v.x, p.at.y + v.y, p.facing));
        }
        let unit = &mut self.units[u];
        unit.anchor = Pose::new(
            unit.anchor.at.x + v.x,
            unit.anchor.at.y + v.y,
            unit.anchor.facing,
        );
        unit.trail = unit.trail.iter().map(|p| *p + v).collect();
        self.relayout(u);
        v.len()
    }

    /// Whether unit `u`'s figures `figs` may all move by `v` in a retreat worth `budget`.
    fn retreat_ok(&self, u: usize, figs: &[usize], v: Point, budget: f64) -> bool {
        let bounds = self.scenario.layout.bounds();
        let len = v.len();
        let formed = self.units[u].formation.is_formed();
        let mut stretches = Vec::new();
        let mut worst_loose = 0.0f64;
        for &f in figs {
            let from = self.figures[f].pose;
            let to = from.at + v;
            let rect = self.footprint(f).place(Pose::new(to.x, to.y, from.facing));
            if !bounds.holds(&rect) {
                return false;
            }
            let mover = self.mover_of(f);
            match self.stretches(from.at, to, mover) {
                Ok(s) => {
                    if formed {
                        stretches.push(s);
                    } else {
                        worst_loose =
                            worst_loose.max(s.iter().map(|x| (x.t1 - x.t0) * len * x.mult).sum());
                    }
                }
                Err(_) => return false,
            }
            match self.crossed(from.at, to) {
                Ok(c)
                    if c.obstacles
                        .iter()
                        .all(|&k| !self.obstacle_kind(k).needs_crossing()) => {}
                _ => return false,
            }
            for g in 0..self.figures.len() {
                // the figures moving together keep their places to each other; the unit's
                // others (a household's women, who stay) are in the way like anyone
                if !self.on_table(g) || figs.contains(&g) {
                    continue;
                }
                let other = &self.bases[g];
                if other.centre().dist(to) > 4.0 && other.centre().dist(from.at) > len + 4.0 {
                    continue;
                }
                if rect.overlaps(other) || self.bases[f].sweeps_through(to, other) {
                    return false;
                }
            }
        }
        let cost = if formed {
            self.block_cost(len, &stretches)
        } else {
            worst_loose
        };
        cost <= budget + 1e-6
    }

    /// 7.5 a unit in a building falls back through the opening with no enemy at it, if there
    /// is one: each figure goes out an inch beyond it, then the unit falls back as usual.
    fn retreat_from_building(&mut self, u: usize, budget: f64, away: Point) -> f64 {
        let figs: Vec<usize> = self
            .table_figures(u)
            .filter(|&f| self.figures[f].role != Role::Woman)
            .collect();
        let Some(b) = figs
            .iter()
            .find_map(|&f| self.building_at(self.figures[f].pose.at))
        else {
            return 0.0;
        };
        let side = self.units[u].side;
        let walls = self.buildings[b].walls.clone();
        // the opening farthest from the enemy with no enemy figure within 1" of it
        let free = (0..walls.gaps().len())
            .filter_map(|g| walls.gap_centre(g).map(|p| (g, p)))
            .filter(|(_, p)| {
                !(0..self.figures.len()).any(|e| {
                    self.on_table(e)
                        && self.units[self.figures[e].unit as usize].side != side
                        && self.bases[e].distance_to_point(*p) <= 1.0
                })
            })
            .max_by(|a, c| a.1.dist(away).total_cmp(&c.1.dist(away)));
        let Some((_, door)) = free else { return 0.0 };
        // each out through it to a free place beyond (5.5: on no other base); one that finds
        // none stays inside
        let mut k = 0;
        for &f in &figs {
            if self.building_at(self.figures[f].pose.at).is_none() {
                continue;
            }
            if let Some(pose) = self.free_place_outside(f, &walls, door, k) {
                self.set_pose(f, pose);
            }
            k += 1;
        }
        let unit = &mut self.units[u];
        unit.formation = if unit.troop.skirmishes() {
            Formation::Skirmish
        } else {
            Formation::Disordered
        };
        1.5 + self.retreat(u, (budget - 1.5).max(0.0), away, false)
    }

    /// Scenario 2: a band that has looted makes a full move for its own edge and leaves the
    /// table on reaching it (departed, not routed).
    pub(crate) fn leave_for_edge(&mut self, u: usize) {
        let side = self.units[u].side;
        let edge = self.scenario.sides[side.index()].edge;
        let budget = self.roll_allowance(u, "making for its edge with the loot (scenario)");
        let bounds = *self.scenario.layout.bounds();
        let c = self.centre(u);
        let target = match edge {
            Edge::North => Point::new(c.x, bounds.depth() + 10.0),
            Edge::South => Point::new(c.x, -10.0),
            Edge::East => Point::new(bounds.width() + 10.0, c.y),
            Edge::West => Point::new(-10.0, c.y),
        };
        let to_edge = bounds.from_edge(c, edge);
        if to_edge <= budget {
            self.unit_gone(u, crate::state::Out::Departed);
            return;
        }
        let away = c + (c - target);
        self.retreat(u, budget, away, false);
        if self
            .scenario
            .layout
            .bounds()
            .from_edge(self.centre(u), edge)
            <= 2.0
        {
            self.unit_gone(u, crate::state::Out::Departed);
        }
    }
}
