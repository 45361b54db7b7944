//! 7.5 going into a building and out of it: every figure that can reach an opening goes in
//! to a place by a wall (the unit's formation lost, 7.5), and comes out by the nearest
//! opening with the move left.

use crate::movement::Plan;
use crate::state::Skirmish;
use crate::terrain::Mover;
use crate::troops::charts;
use fiw_engine::RuleError;
use fiw_table::{bearing, Point, Pose, Rect, EPS};

impl Skirmish {
    /// 7.5 every figure of the moving unit that can reach one goes into `b` through its nearest
    /// opening, to a place by a wall.
    pub(crate) fn plan_enter(&self, b: usize) -> Result<Plan, RuleError> {
        let act = self.moving()?;
        let u0 = act.units[0] as usize;
        if !self.units[u0].troop.is_infantry() {
            return Err(RuleError::new("7.5", "only infantry may enter a village"));
        }
        let Some(state) = self.buildings.get(b) else {
            return Err(RuleError::input("there is no such building"));
        };
        if state.burned {
            return Err(RuleError::new("9.5", "the building has burned down"));
        }
        let feature = &self.scenario.features[state.feature as usize];
        let foot = charts().footprint(crate::troops::Base::Foot);
        let taken: Vec<Rect> = (0..self.figures.len())
            .filter(|&f| self.on_table(f) && self.building_at(self.figures[f].pose.at) == Some(b))
            .map(|f| self.bases[f])
            .collect();
        // 5.5 the free places inside: none on a figure already there, none on another (a
        // small building lists its middle again for every place it lacks)
        let mut stations: Vec<Pose> = Vec::new();
        for p in crate::scenario::building_stations(feature, 40, foot) {
            let r = foot.place(p);
            if !taken.iter().any(|t| t.overlaps(&r))
                && !stations.iter().any(|q| foot.place(*q).overlaps(&r))
            {
                stations.push(p);
            }
        }
        let mut plan = Plan {
            straight: false,
            cost: vec![0.0; act.figs.len()],
            ..Plan::default()
        };
        let mut used = vec![false; stations.len()];
        let walls = &state.walls;
        for (k, &f) in act.figs.iter().enumerate() {
            let f = f as usize;
            let p = self.figures[f].pose.at;
            if self.building_at(p) == Some(b) {
                continue;
            }
            // the nearest opening, and the nearest free place inside from it
            let Some(gap) = (0..walls.gaps().len()).min_by(|&a, &c| {
                let da = walls.gap_centre(a).map_or(f64::INFINITY, |q| q.dist(p));
                let dc = walls.gap_centre(c).map_or(f64::INFINITY, |q| q.dist(p));
                da.total_cmp(&dc)
            }) else {
                continue;
            };
            let Some(door) = walls.gap_centre(gap) else {
                continue;
            };
            let (s, _) = walls.nearest(door);
            let out = walls.normal_at(s);
            let outside = door + out * 0.6;
            let inside = door - out * 0.6;
            let Some(st) = (0..stations.len()).filter(|&i| !used[i]).min_by(|&a, &c| {
                stations[a]
                    .at
                    .dist(inside)
                    .total_cmp(&stations[c].at.dist(inside))
            }) else {
                break;
            };
            let legs = [
                (p, outside, Mover::Loose),
                (outside, inside, Mover::Inside),
                (inside, stations[st].at, Mover::Inside),
            ];
            let mut cost = 0.0;
            let mut ok = true;
            for (a, c, m) in legs {
                if a.dist(c) <= EPS {
                    continue;
                }
                if self.crossed(a, c).is_err() {
                    ok = false;
                    break;
                }
                match self.path_cost(a, c, m) {
                    Ok(x) => cost += x,
                    Err(_) => {
                        ok = false;
                        break;
                    }
                }
            }
            if !ok || act.spent[k] + cost > act.allowance + EPS {
                continue;
            }
            used[st] = true;
            plan.cost[k] = cost;
            plan.poses.push((f, stations[st]));
        }
        if plan.poses.is_empty() {
            return Err(RuleError::new(
                "7.5",
                format!(
                    "no figure of {} can reach {} with the move left",
                    self.id(u0),
                    feature.label()
                ),
            ));
        }
        self.loose_formation(u0, &mut plan);
        Ok(plan)
    }

    /// 7.5 every figure in a building goes out through its nearest opening to stand an inch
    /// outside it, facing out.
    pub(crate) fn plan_leave(&self) -> Result<Plan, RuleError> {
        let act = self.moving()?;
        let mut plan = Plan {
            straight: false,
            cost: vec![0.0; act.figs.len()],
            ..Plan::default()
        };
        let mut placed: Vec<Rect> = Vec::new();
        for (k, &f) in act.figs.iter().enumerate() {
            let f = f as usize;
            let p = self.figures[f].pose.at;
            let Some(b) = self.building_at(p) else {
                continue;
            };
            let walls = &self.buildings[b].walls;
            let mut best: Option<(f64, Pose)> = None;
            for g in 0..walls.gaps().len() {
                let Some(door) = walls.gap_centre(g) else {
                    continue;
                };
                let (s, _) = walls.nearest(door);
                let out = walls.normal_at(s);
                let side = Pose::new(0.0, 0.0, bearing(Point::default(), out)).right();
                for step in 0..6 {
                    let lateral = [0.0, 1.2, -1.2, 2.4, -2.4, 3.6][step];
                    let to = door + out * 1.2 + side * lateral;
                    let rect = self
                        .footprint(f)
                        .place(Pose::new(to.x, to.y, bearing(door, to)));
                    if placed.iter().any(|r| r.distance(&rect) < 0.2) {
                        continue;
                    }
                    let inside = door - out * 0.6;
                    let cost = self
                        .path_cost(p, inside, Mover::Inside)
                        .ok()
                        .and_then(|a| self.path_cost(inside, to, Mover::Loose).ok().map(|c| a + c));
                    if let Some(c) = cost {
                        if best.is_none_or(|(bc, _)| c < bc) {
                            best = Some((c, Pose::new(to.x, to.y, bearing(door, to))));
                        }
                        break;
                    }
                }
            }
            let Some((cost, pose)) = best else { continue };
            if act.spent[k] + cost > act.allowance + EPS {
                continue;
            }
            placed.push(self.footprint(f).place(pose));
            plan.cost[k] = cost;
            plan.poses.push((f, pose));
        }
        if plan.poses.is_empty() {
            return Err(RuleError::new(
                "7.5",
                "no figure in a building can get out with the move left",
            ));
        }
        let u0 = act.units[0] as usize;
        self.loose_formation(u0, &mut plan);
        Ok(plan)
    }
}
