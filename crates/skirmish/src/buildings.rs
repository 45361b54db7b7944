//! 9.5 fires in buildings: started by men in contact, by fire arrows, by shells; a smoke puff
//! more every turn until put out; fought by every figure inside or in contact; at 4 puffs the
//! building is lost and everyone must get out. Scenario 2's raiders burn a cabin they took.

use crate::state::{Done, Last, Raid, Skirmish, Status};
use crate::troops::{Role, Weapon};
use fiw_engine::RuleError;
use fiw_table::{Pose, EPS};

/// 9.5 the puffs at which a building must be left: it has burned.
pub const BURNED: u8 = 4;

impl Skirmish {
    /// Whether figure `f` touches the walls of building `b` (outside them), or stands in it.
    pub(crate) fn at_building(&self, f: usize, b: usize) -> bool {
        let p = self.figures[f].pose.at;
        if self.building_at(p) == Some(b) {
            return true;
        }
        self.buildings[b].walls.distance_to_point(p) <= self.footprint(f).depth() / 2.0 + 0.15
    }

    /// The figures of units `units` touching or inside building `b`.
    pub(crate) fn figures_at(&self, units: &[u8], b: usize) -> Vec<usize> {
        units
            .iter()
            .flat_map(|&u| self.table_figures(u as usize).collect::<Vec<_>>())
            .filter(|&f| self.at_building(f, b))
            .collect()
    }

    /// 9.5 whether the activation's units may try to set building `b` alight: figures touching
    /// its walls, or archers with arrows prepared within short range and in sight of it.
    pub(crate) fn check_ignite(&self, units: &[u8], b: usize) -> Result<Vec<usize>, RuleError> {
        let Some(state) = self.buildings.get(b) else {
            return Err(RuleError::input("there is no such building"));
        };
        if state.burned {
            return Err(RuleError::new("9.5", "it has burned down already"));
        }
        let mut tries: Vec<usize> = self
            .figures_at(units, b)
            .into_iter()
            .filter(|&f| {
                self.building_at(self.figures[f].pose.at).is_none() && self.figures[f].role.fights()
            })
            .collect();
        for &u in units {
            if !self.units[u as usize].arrows {
                continue;
            }
            for f in self.table_figures(u as usize) {
                if self.figures[f].weapon != Weapon::Bow || tries.contains(&f) {
                    continue;
                }
                let (short, _) = crate::troops::charts().range(Weapon::Bow);
                let near =
                    state.walls.distance_to_point(self.figures[f].pose.at) <= short + 0.4 + EPS;
                let seen = state.walls.points().iter().any(|&q| {
                    let line = fiw_table::Segment::new(self.figures[f].pose.at, q);
                    !self.walls_block(&line) || state.walls.crossings(&line).len() <= 1
                });
                if near && seen {
                    tries.push(f);
                }
            }
        }
        if tries.is_empty() {
            return Err(RuleError::new(
                "9.5",
                "a fire is started by men touching the building, or by archers with fire arrows ready within short range",
            ));
        }
        Ok(tries)
    }

    /// 9.5 each figure trying rolls a die: on a 6 the building catches fire (a first puff).
    pub(crate) fn ignite(&mut self, b: usize) {
        let Some(act) = self.act.as_ref() else { return };
        let units = act.units.clone();
        let Ok(tries) = self.check_ignite(&units, b) else {
            return;
        };
        let n = tries.len() as u32;
        let name = self.building_name(b);
        let who = self.actor_id(act.actor);
        for &u in &units {
            self.reveal(u as usize, "sets a fire (9.5)");
        }
        self.dice.ask(n, 6, || {
            format!(
                "{who} tries to fire {name}: {}, a 6 lights it (9.5)",
                crate::wording::count(n, "die", "dice")
            )
        });
        let lit = (0..n).filter(|_| self.dice.d6() == 6).count();
        for &u in &units {
            if self.units[u as usize].arrows {
                self.units[u as usize].arrows = false;
            }
        }
        if lit > 0 {
            self.set_alight(b);
            self.log
                .public(|| format!("{who} sets {name} alight (9.5)"));
        } else {
            self.log
                .public(|| format!("{who} fails to fire {name} (9.5)"));
        }
        self.end_activation(Last::Stand, Done::Acted);
    }

    /// A building catches fire (a first puff), if it is not alight already.
    pub(crate) fn set_alight(&mut self, b: usize) {
        if self.buildings[b].puffs == 0 && !self.buildings[b].burned {
            self.buildings[b].puffs = 1;
            self.smoke_seen();
        }
    }

    /// The name of building `b`.
    pub fn building_name(&self, b: usize) -> String {
        self.scenario.features[self.buildings[b].feature as usize].label()
    }

    /// The id `enter` and `ignite` type for building `b`.
    pub fn building_id(&self, b: usize) -> String {
        crate::concealment::slug(&self.building_name(b))
    }

    /// 9.5 the activation's units fight the fire of building `b`: each figure inside or
    /// touching it rolls, and each 4–6 puts out a puff.
    pub(crate) fn check_fight_fire(&self, units: &[u8]) -> Result<usize, RuleError> {
        (0..self.buildings.len())
            .find(|&b| {
                self.buildings[b].puffs > 0
                    && !self.buildings[b].burned
                    && !self.fire_fighters(units, b).is_empty()
            })
            .ok_or_else(|| {
                RuleError::new(
                    "9.5",
                    "no burning building with this unit in it or at its walls",
                )
            })
    }

    /// The figures of `units` that may fight building `b`'s fire (women too: scenario 2).
    fn fire_fighters(&self, units: &[u8], b: usize) -> Vec<usize> {
        units
            .iter()
            .flat_map(|&u| self.present_figures(u as usize).collect::<Vec<_>>())
            .filter(|&f| {
                self.on_table(f) && !self.figures[f].role.is_piece() && self.at_building(f, b)
            })
            .collect()
    }

    /// 9.5 fighting the fire.
    pub(crate) fn fight_fire(&mut self) {
        let Some(act) = self.act.as_ref() else { return };
        let units = act.units.clone();
        let Ok(b) = self.check_fight_fire(&units) else {
            return;
        };
        let n = self.fire_fighters(&units, b).len() as u32;
        let (who, name) = (self.actor_id(act.actor), self.building_name(b));
        self.dice.ask(n, 6, || {
            format!(
                "{who} fights the fire of {name}: {}, each 4-6 puts out a puff (9.5)",
                crate::wording::count(n, "die", "dice")
            )
        });
        let out = (0..n).filter(|_| self.dice.d6() >= 4).count() as u8;
        let left = self.buildings[b].puffs.saturating_sub(out);
        self.buildings[b].puffs = left;
        self.log.public(|| {
            format!(
                "{who} fights the fire of {name}: {} put out, {left} left (9.5)",
                crate::wording::count(out, "puff", "puffs")
            )
        });
        self.end_activation(Last::Stand, Done::Acted);
    }

    /// 9.5 at the end of each turn every fire grows a puff; at 4 the building is lost.
    pub(crate) fn grow_fires(&mut self) {
        for b in 0..self.buildings.len() {
            if self.buildings[b].burned || self.buildings[b].puffs == 0 {
                continue;
            }
            self.buildings[b].puffs += 1;
            let (name, puffs) = (self.building_name(b), self.buildings[b].puffs);
            self.log
                .public(|| format!("the fire in {name} grows: {puffs} puffs (9.5)"));
            if puffs >= BURNED {
                self.burn_down(b);
            }
        }
    }

    /// 9.5 a building at 4 puffs is lost: everyone in it gets out through its openings (any who
    /// cannot are casualties, women too); nobody may go in again. It counts as burned.
    pub(crate) fn burn_down(&mut self, b: usize) {
        if self.buildings[b].burned {
            return;
        }
        self.buildings[b].burned = true;
        self.buildings[b].puffs = BURNED;
        self.tallies.burned += 1;
        let name = self.building_name(b);
        self.log.public(|| format!("{name} burns down (9.5)"));
        let inside: Vec<usize> = (0..self.figures.len())
            .filter(|&f| self.on_table(f) && self.building_at(self.figures[f].pose.at) == Some(b))
            .collect();
        let walls = self.buildings[b].walls.clone();
        let mut units: Vec<usize> = Vec::new();
        for (k, f) in inside.into_iter().enumerate() {
            let u = self.figures[f].unit as usize;
            if !units.contains(&u) {
                units.push(u);
            }
            // out through the nearest opening, an inch and more beyond it
            let p = self.figures[f].pose.at;
            let door = (0..walls.gaps().len())
                .filter_map(|g| walls.gap_centre(g))
                .min_by(|a, c| a.dist(p).total_cmp(&c.dist(p)));
            let placed = door.and_then(|d| self.free_place_outside(f, &walls, d, k));
            match placed {
                Some(pose) => self.set_pose(f, pose),
                None => {
                    self.figures[f].status = Status::Holding;
                }
            }
        }
        for u in units {
            let unit = &mut self.units[u];
            if matches!(unit.formation, crate::formation::Formation::Building(_)) {
                unit.formation = if unit.troop.skirmishes() {
                    crate::formation::Formation::Skirmish
                } else {
                    crate::formation::Formation::Disordered
                };
            }
            self.after_losses(u, 1);
        }
        self.check_victory();
    }

    /// A free place for figure `f` just outside the opening at `door` of the building with
    /// `walls` (the `k`th to come out: each a little aside of the one before): on the table, on
    /// ground it may stand on, on no other figure's base, facing away from the door (the base
    /// measured as it will stand: a turned base reaches farther). None when every place near
    /// is taken.
    pub(crate) fn free_place_outside(
        &self,
        f: usize,
        walls: &fiw_table::Barrier,
        door: fiw_table::Point,
        k: usize,
    ) -> Option<Pose> {
        let (s, _) = walls.nearest(door);
        let out = walls.normal_at(s);
        let side = Pose::new(
            0.0,
            0.0,
            fiw_table::bearing(fiw_table::Point::default(), out),
        )
        .right();
        (0..12).find_map(|j| {
            let to = door
                + out * (1.2 + 1.8 * (j / 3) as f64)
                + side * (1.8 * ((j % 3) as f64 - 1.0) + 0.3 * k as f64);
            let pose = Pose::new(to.x, to.y, fiw_table::bearing(door, to));
            let rect = self.footprint(f).place(pose);
            let free = self.scenario.layout.bounds().holds(&rect)
                && self.building_at(to).is_none()
                && (0..self.figures.len())
                    .all(|h| h == f || !self.on_table(h) || !self.bases[h].overlaps(&rect))
                && self.ground_at(to, crate::terrain::Mover::Loose).is_ok();
            free.then_some(pose)
        })
    }

    /// Scenario 2: a raiding band that took a cabin or beat its household burns it (no roll),
    /// and will spend its next activation looting.
    pub(crate) fn check_burn(&self, units: &[u8]) -> Result<usize, RuleError> {
        let u = units[0] as usize;
        let Raid::MayBurn(b) = self.units[u].raid else {
            return Err(RuleError::new(
                self.scenario.rule.clone(),
                "only a raiding band that took a cabin, or beat its household in a charge, burns it",
            ));
        };
        let b = b as usize;
        if self.buildings[b].burned {
            return Err(RuleError::new("9.5", "it has burned down already"));
        }
        if self.figures_at(units, b).is_empty() {
            return Err(RuleError::new(
                self.scenario.rule.clone(),
                format!(
                    "the band must be at {} or in it to burn it",
                    self.building_name(b)
                ),
            ));
        }
        Ok(b)
    }

    /// Scenario 2: the burning.
    pub(crate) fn burn(&mut self) {
        let Some(act) = self.act.as_ref() else { return };
        let units = act.units.clone();
        let Ok(b) = self.check_burn(&units) else {
            return;
        };
        let (who, name) = (self.actor_id(act.actor), self.building_name(b));
        self.log.public(|| format!("{who} burns {name}"));
        self.smoke_seen();
        self.burn_down(b);
        self.units[units[0] as usize].raid = Raid::Looting;
        if self.outcome.is_none() {
            self.end_activation(Last::Stand, Done::Acted);
        }
    }

    /// Scenario 2: a raiding band with a figure in a cabin where no settler man stands has
    /// taken it: the women there are its prisoners, and it may burn the cabin.
    pub(crate) fn cabins_taken(&mut self) {
        for u in 0..self.units.len() {
            if !self.units[u].in_play() || self.units[u].raid != Raid::No {
                continue;
            }
            let side = self.units[u].side;
            let raider = self.scenario.sides[side.index()]
                .units
                .get(u - self.first_unit(side))
                .is_some_and(|s| s.raider);
            if !raider {
                continue;
            }
            let Some(b) = self
                .table_figures(u)
                .find_map(|f| self.building_at(self.figures[f].pose.at))
            else {
                continue;
            };
            let defended = (0..self.figures.len()).any(|f| {
                self.on_table(f)
                    && self.units[self.figures[f].unit as usize].side != side
                    && self.figures[f].role != Role::Woman
                    && self.building_at(self.figures[f].pose.at) == Some(b)
            });
            if defended {
                continue;
            }
            let women: Vec<usize> = (0..self.figures.len())
                .filter(|&f| {
                    self.on_table(f)
                        && self.figures[f].role == Role::Woman
                        && self.building_at(self.figures[f].pose.at) == Some(b)
                })
                .collect();
            // 7.7 a band that walks in on the women is seen doing it
            self.reveal(u, "takes a cabin (S2)");
            for &f in &women {
                self.figures[f].status = Status::Captured;
                self.units[u].prisoners += 1;
                self.units[u].fresh_prisoners = true;
            }
            self.units[u].raid = Raid::MayBurn(b as u8);
            let (who, name) = (self.id(u).to_string(), self.building_name(b));
            let n = women.len();
            self.log.public(|| {
                format!(
                    "{who} takes {name}{} ({})",
                    if n > 0 {
                        format!(
                            " and {}",
                            crate::wording::count(n as u64, "prisoner", "prisoners")
                        )
                    } else {
                        String::new()
                    },
                    self.scenario.rule
                )
            });
            for h in 0..self.units.len() {
                if self.units[h].troop == crate::troops::Troop::Household
                    && self.household_building(h) == Some(b)
                {
                    let u2 = h;
                    self.after_losses(u2, n as u32);
                }
            }
        }
    }
}
