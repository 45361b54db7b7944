//! 13 engineering: a company works, with an engineer officer and a tool wagon at hand (13.1),
//! and a period of work is done if nothing disturbs it before the turn ends; the tasks and
//! their times (13.2): a redoubt in 6 turns, a road cut through an obstacle in 1, a
//! demolition charge laid in 1 and fired later (the works at places a player names, the
//! crossing points, pontoons and repairs, are in `works.rs`). And the scenario's spiking of
//! guns.

use crate::scenario::{Material, Task};
use crate::state::{Done, Last, Skirmish};
use crate::troops::{Role, Troop};
use fiw_engine::RuleError;
use fiw_table::Point;

/// 13.2 the periods a redoubt takes.
pub const REDOUBT_TURNS: u32 = 6;

/// 13.2 the damage that damages a bridge of `material`, and that destroys it (the print's
/// "stone hedge" read as a stone bridge).
pub fn bridge_thresholds(material: Material) -> (u32, u32) {
    match material {
        Material::Wood => (6, 12),
        _ => (12, 24),
    }
}

impl Skirmish {
    /// 13.1 whether the activation's units may work at site `k` now: militia or regulars, not
    /// shattered, an engineer officer within 6" of them and a tool wagon within 6" of the site,
    /// the company within 6" of it, the work not finished.
    pub(crate) fn check_work(&self, units: &[u8], k: usize) -> Result<(), RuleError> {
        let Some(site) = self.site(k) else {
            return Err(RuleError::input("there is no such site"));
        };
        if self.sites[k].finished || self.sites[k].destroyed {
            return Err(RuleError::new(
                "13.2",
                format!("the work at {} is done", site.name),
            ));
        }
        self.check_workers(units, site.at, &site.name)
    }

    /// 13.1 whether the activation's units may work at `at` (the work called `name`): one
    /// company, militia or regulars, not shattered, within 6" of the place, an engineer officer
    /// of its side within 6" of it and a tool wagon (or boat) within 6" of the place.
    pub(crate) fn check_workers(
        &self,
        units: &[u8],
        at: Point,
        name: &str,
    ) -> Result<(), RuleError> {
        let u = units[0] as usize;
        let unit = &self.units[u];
        if units.len() > 1 {
            return Err(RuleError::new("13.1", "companies work one by one"));
        }
        if !matches!(unit.troop, Troop::Regular | Troop::Light | Troop::Militia) {
            return Err(RuleError::new(
                "13.1",
                "only militia and regulars do engineering work",
            ));
        }
        if unit.shattered {
            return Err(RuleError::new("13.1", "a shattered unit does no work"));
        }
        let side = unit.side;
        let near_site = |f: usize| self.bases[f].distance_to_point(at) <= 6.0;
        if !self.table_figures(u).any(near_site) {
            return Err(RuleError::new(
                "13.1",
                format!("{} is not at {name} (within 6\")", self.id(u)),
            ));
        }
        let mine: Vec<usize> = self.table_figures(u).collect();
        let engineer = (0..self.figures.len()).any(|f| {
            self.on_table(f)
                && self.figures[f].role == Role::Engineer
                && self.units[self.figures[f].unit as usize].side == side
                && mine
                    .iter()
                    .any(|&g| self.bases[f].is_within(&self.bases[g], 6.0))
        });
        if !engineer {
            return Err(RuleError::new(
                "13.1",
                "an engineer officer must be within 6\" to direct the work",
            ));
        }
        let wagon = (0..self.figures.len()).any(|f| {
            self.on_table(f)
                && self.figures[f].role == Role::Wagon
                && self.units[self.figures[f].unit as usize].side == side
                && near_site(f)
        });
        if !wagon {
            return Err(RuleError::new(
                "13.1",
                "a tool wagon must be within 6\" of the work for its materials",
            ));
        }
        Ok(())
    }

    /// 13.1 the activation's company starts a period of work at site `k`.
    pub(crate) fn work(&mut self, k: usize) {
        let Some(act) = self.act.as_ref() else { return };
        let u = act.units[0] as usize;
        self.units[u].working = Some(k as u8);
        self.works.repairing.retain(|&w| w as usize != u);
        let name = self.site(k).map(|s| s.name.clone()).unwrap_or_default();
        let who = self.id(u).to_string();
        self.note(u, || format!("{who} works at {name} (13.1)"));
        self.end_activation(Last::Stand, Done::Acted);
    }

    /// 13.1 at the end of the turn each company still at work (not charged, hit or made to
    /// move since) completes a period.
    pub(crate) fn finish_work(&mut self) {
        for u in 0..self.units.len() {
            let Some(k) = self.units[u].working.take() else {
                continue;
            };
            let k = k as usize;
            if !self.units[u].in_play() || self.units[u].charged {
                continue;
            }
            let Some(site) = self.site(k).cloned() else {
                continue;
            };
            // 13.2 a repair rolls its points instead of counting a period
            if self.works.repairing.contains(&(u as u8)) {
                self.repair_period(u, k);
                continue;
            }
            self.sites[k].done += 1;
            // 7.7 work by a hidden unit is its own side's knowledge until it is revealed
            let hidden = self.units[u].hidden;
            if hidden {
                match self.sites[k]
                    .unseen
                    .iter_mut()
                    .find(|(w, _)| *w as usize == u)
                {
                    Some((_, n)) => *n += 1,
                    None => self.sites[k].unseen.push((u as u8, 1)),
                }
            }
            let done = self.sites[k].done;
            let name = site.name.clone();
            match site.task {
                Task::Redoubt { feature } => {
                    if done >= REDOUBT_TURNS {
                        self.sites[k].finished = true;
                        if let Some(line) = self.scenario.features[feature].line.clone() {
                            self.obstacles.push(crate::state::ObstacleState {
                                feature: feature as u16,
                                line,
                            });
                        }
                        self.log.public(|| format!("{name} is finished (13.2)"));
                    } else {
                        self.note(u, || {
                            format!("a period of work on {name}: {done} of {REDOUBT_TURNS} (13.2)")
                        });
                    }
                }
                Task::Cut { feature } => {
                    self.sites[k].finished = true;
                    if let Some(o) = self
                        .obstacles
                        .iter_mut()
                        .find(|o| o.feature as usize == feature)
                    {
                        let (s, _) = o.line.nearest(site.at);
                        o.line
                            .add_gap(s - crate::works::CUT_HALF, s + crate::works::CUT_HALF);
                    }
                    self.log
                        .public(|| format!("a road is cut at {name} (13.2)"));
                }
                Task::Demolish { .. } => {
                    self.note(u, || {
                        format!("a demolition charge is laid at {name}: {done} in all (13.2)")
                    });
                }
                Task::Crossing { feature } => self.crossing_made(k, feature),
                Task::Pontoon { to } => self.pontoon_laid(u, k, to),
            }
            self.check_victory();
        }
        self.works.repairing.clear();
    }

    /// 13.1 work is disturbed: the company was charged, hit or moved.
    pub(crate) fn disturb(&mut self, u: usize) {
        if self.units[u].working.take().is_some() {
            let id = self.id(u).to_string();
            self.note(u, || {
                format!("{} work is disturbed (13.1)", crate::wording::of(&id))
            });
        }
    }

    /// 13.2 whether the activation's units may fire the charges laid at site `k`.
    pub(crate) fn check_blow(&self, units: &[u8], k: usize) -> Result<(), RuleError> {
        let Some(site) = self.site(k) else {
            return Err(RuleError::input("there is no such site"));
        };
        let Task::Demolish { .. } = site.task else {
            return Err(RuleError::new(
                "13.2",
                format!("no charges are laid at {}", site.name),
            ));
        };
        if self.sites[k].done == 0 || self.sites[k].destroyed {
            return Err(RuleError::new(
                "13.2",
                format!("no charges are laid at {}", site.name),
            ));
        }
        let near = units.iter().any(|&u| {
            self.table_figures(u as usize)
                .any(|f| self.bases[f].distance_to_point(site.at) <= 6.0)
        });
        if !near {
            return Err(RuleError::new(
                "13.2",
                format!("the charges are fired from within 6\" of {}", site.name),
            ));
        }
        Ok(())
    }

    /// 13.2 the charges are fired: a die for each, summed, against the bridge's thresholds.
    pub(crate) fn blow(&mut self, k: usize) {
        let Some(site) = self.site(k).cloned() else {
            return;
        };
        let Task::Demolish { material, .. } = site.task else {
            return;
        };
        let n = self.sites[k].done;
        let name = site.name.clone();
        self.dice.ask(n, 6, || {
            format!(
                "the charges at {name} are fired: {}, summed (13.2)",
                crate::wording::count(n, "die", "dice")
            )
        });
        let points: u32 = (0..n).map(|_| u32::from(self.dice.d6())).sum();
        self.sites[k].done = 0;
        self.sites[k].unseen.clear();
        self.sites[k].damage += points;
        let (damage, destroy) = bridge_thresholds(material);
        let total = self.sites[k].damage;
        if total >= destroy {
            self.sites[k].destroyed = true;
            self.log.public(|| {
                format!("the charges at {name} do {points}: the bridge is destroyed (13.2)")
            });
        } else if total >= damage {
            self.log.public(|| format!("the charges at {name} do {points}: the bridge is damaged, for infantry at half speed only (13.2)"));
        } else {
            self.log.public(|| {
                format!("the charges at {name} do {points}: not enough to harm it (13.2)")
            });
        }
        self.check_victory();
        self.end_activation(Last::Stand, Done::Acted);
    }

    /// Whether the bridge of site `k` is damaged but standing (13.2).
    pub(crate) fn bridge_damaged(&self, k: usize) -> bool {
        let Some(Task::Demolish { material, .. }) = self.site(k).map(|s| s.task) else {
            return false;
        };
        !self.sites[k].destroyed && self.sites[k].damage >= bridge_thresholds(material).0
    }

    /// The scenario's rule: a unit touching an enemy gun with none of its crew within 1" may
    /// spike it.
    pub(crate) fn check_spike(&self, units: &[u8], gun: usize) -> Result<(), RuleError> {
        let rule = self.scenario.rule.clone();
        if !self.scenario.spiking {
            return Err(RuleError::new(rule, "this scenario has no spiking of guns"));
        }
        let Some(g) = self.units.get(gun) else {
            return Err(RuleError::input("there is no such unit"));
        };
        let side = self.units[units[0] as usize].side;
        if g.side == side || g.troop != Troop::Artillery || g.gun_lost || !g.in_play() {
            return Err(RuleError::new(
                rule,
                "only an enemy gun still firing may be spiked",
            ));
        }
        let Some(piece) = self
            .table_figures(gun)
            .find(|&f| self.figures[f].role == Role::Gun)
        else {
            return Err(RuleError::new(rule, "the gun is not on the table"));
        };
        let touching = units.iter().any(|&u| {
            self.table_figures(u as usize)
                .any(|f| self.bases[f].distance(&self.bases[piece]) <= 0.5)
        });
        if !touching {
            return Err(RuleError::new(
                rule,
                format!(
                    "a figure must be at {} gun to spike it",
                    crate::wording::of(self.id(gun))
                ),
            ));
        }
        let crewed = self
            .table_figures(gun)
            .any(|f| f != piece && self.bases[f].is_within(&self.bases[piece], 1.0));
        if crewed {
            return Err(RuleError::new(
                rule,
                format!(
                    "{} crew still stand by the gun",
                    crate::wording::of(self.id(gun))
                ),
            ));
        }
        Ok(())
    }

    /// Spikes the gun: the activation's unit, touching it.
    pub(crate) fn spike(&mut self, gun: usize) {
        let who = self
            .act
            .as_ref()
            .map(|a| self.actor_id(a.actor))
            .unwrap_or_default();
        self.spike_gun(gun, &who);
        if self.outcome.is_none() {
            self.end_activation(Last::Stand, Done::Acted);
        }
    }

    /// The scenario's spiking: gun section `gun`'s piece is put out of action by `who`.
    pub(crate) fn spike_gun(&mut self, gun: usize, who: &str) {
        self.units[gun].gun_lost = true;
        let (id, rule) = (self.id(gun).to_string(), self.scenario.rule.clone());
        self.log
            .public(|| format!("{who} spikes {} gun ({rule})", crate::wording::of(&id)));
        self.check_victory();
    }
}
