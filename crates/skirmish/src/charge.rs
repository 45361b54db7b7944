//! 6 charges: declared (and whether the charger fires first) before the move is rolled
//! (6.1), answered by the target's reaction (6.2) or its reserved fire (6.3), then made by the
//! engine: every charging figure runs straight at the nearest enemy figure not yet paired, as
//! far as its own move allows (the chargers break formation or close up, 6.1); the defenders
//! fire, and may step up an inch to meet them. The contacts are fought at the turn's end (11).

use crate::fire::FireMode;
use crate::formation::Formation;
use crate::state::{ChargeState, Done, Intent, Last, Melee, Phase, Reaction, Skirmish};
use crate::terrain::Mover;
use crate::troops::{charts, Troop};
use fiw_engine::RuleError;
use fiw_table::{bearing, Arc, Point, Pose, Rect, EPS};

/// How close two bases must be to count as touching in a melee, inches.
pub const CONTACT: f64 = 0.05;

impl Skirmish {
    /// The greatest move unit `u` could roll (5.2), with a charge's bonuses.
    pub(crate) fn greatest_move(&self, u: usize, charging: bool) -> f64 {
        let (rate, bonus) = self.rate(u);
        let (_, hi) = charts().movement(rate).range();
        let cav = if charging && self.charge_bonus(u) {
            charts().cavalry_charging
        } else {
            0.0
        };
        hi + bonus + cav
    }

    /// [`Skirmish::greatest_move`] charging, for tests.
    #[doc(hidden)]
    pub fn greatest_move_for_tests(&self, u: usize) -> f64 {
        self.greatest_move(u, true)
    }

    /// 8.5 cavalry keep the charge bonus (+6" and ×2) only if they have not fired this turn.
    pub(crate) fn charge_bonus(&self, u: usize) -> bool {
        self.units[u].troop == Troop::Cavalry && self.units[u].fired_turn != self.turn
    }

    /// 6.1 whether `units` may charge `target` now, firing first or not; the fire's mode when
    /// they fire.
    pub(crate) fn check_charge(
        &self,
        units: &[u8],
        target: usize,
        fire: bool,
    ) -> Result<Option<FireMode>, RuleError> {
        let Some(&first) = units.first() else {
            return Err(RuleError::new("6.1", "nobody to charge with"));
        };
        let side = self.units[first as usize].side;
        let id = self.id(first as usize).to_string();
        for &u in units {
            let t = self.units[u as usize].troop;
            if matches!(t, Troop::Artillery | Troop::Wagon) {
                return Err(RuleError::new(
                    "6.1",
                    format!(
                        "{} cannot charge: guns and wagons never do",
                        self.id(u as usize)
                    ),
                ));
            }
            if self.units[u as usize].formation == Formation::Building(0)
                || matches!(self.units[u as usize].formation, Formation::Building(_))
            {
                return Err(RuleError::new(
                    "7.5",
                    "figures in a building leave it before they charge",
                ));
            }
        }
        let Some(tu) = self.units.get(target) else {
            return Err(RuleError::input("there is no such unit"));
        };
        if tu.side == side {
            return Err(RuleError::new(
                "6.1",
                format!("{} is a friend", self.id(target)),
            ));
        }
        if !self.known_to(side, target) || !self.on_the_table(target) {
            return Err(RuleError::new(
                "7.7",
                format!(
                    "{} is not on the table as {} see it: no charge may be made at it",
                    self.id(target),
                    side.name()
                ),
            ));
        }
        // in sight of a charging figure, within the 45° a formed charger may wheel, and within
        // the greatest move it could roll
        let sees = units.iter().any(|&u| self.unit_sees(u as usize, target));
        if !sees {
            return Err(RuleError::new(
                "6.1",
                format!("no figure of {id} can see {}", self.id(target)),
            ));
        }
        let formed = units
            .iter()
            .all(|&u| self.units[u as usize].formation.is_formed());
        if formed {
            let theirs: Vec<usize> = self.table_figures(target).collect();
            let in_front = units.iter().any(|&u| {
                self.table_figures(u as usize).any(|f| {
                    theirs
                        .iter()
                        .any(|&g| self.bases[f].in_arc(&self.bases[g], Arc::FRONT_45))
                })
            });
            if !in_front {
                return Err(RuleError::new(
                    "6.1",
                    format!(
                        "{} is not within 45° of {} front: a charger may wheel no more than that",
                        self.id(target),
                        crate::wording::of(&id)
                    ),
                ));
            }
        }
        let mut reach = units
            .iter()
            .map(|&u| self.greatest_move(u as usize, true))
            .fold(f64::INFINITY, f64::min);
        let mut mode = None;
        if fire {
            let m = if units.iter().all(|&u| {
                let unit = &self.units[u as usize];
                unit.troop.is_regular_infantry()
                    && unit.formation.is_close_order()
                    && !unit.fired_since_rally
            }) {
                FireMode::Volley
            } else {
                FireMode::Half
            };
            self.may_fire(units, m)?;
            if self.eligible_firers(units, target).is_empty() {
                return Err(RuleError::new(
                    "8.1",
                    format!("{id} cannot fire at {} first", self.id(target)),
                ));
            }
            mode = Some(m);
            reach /= 2.0;
        }
        let gap = units
            .iter()
            .map(|&u| self.unit_distance(u as usize, target))
            .fold(f64::INFINITY, f64::min);
        if gap > reach + EPS {
            return Err(RuleError::new(
                "6.1",
                format!(
                    "{} is {gap:.1}\" away, beyond the most {id} could roll ({reach:.1}\")",
                    self.id(target)
                ),
            ));
        }
        Ok(mode)
    }

    /// 6.2 whether the charge's target may react: not rallying this turn, not shattered, not
    /// having acted (a unit that passed may still react), and with no fire reserved (6.3).
    pub fn may_react(&self, target: usize) -> bool {
        let t = &self.units[target];
        !t.shattered
            && !t.needs_rally
            && !t.charged
            && t.reserved.is_none()
            && matches!(t.done, Done::No | Done::Passed)
    }

    /// 6.2 the reactions open to the charge's target.
    pub fn reactions(&self, target: usize, chargers: &[u8]) -> Vec<Reaction> {
        let t = &self.units[target];
        let mut out = Vec::new();
        // 6.2 "firing if able": small arms in range and sight, or a gun that can meet them
        // (9.1: it fires at its charger)
        let can_fire = if t.troop == Troop::Artillery {
            self.gun_may_meet(target, chargers)
        } else {
            self.may_fire(&[target as u8], FireMode::All).is_ok()
                && chargers
                    .iter()
                    .any(|&c| !self.eligible_firers(&[target as u8], c as usize).is_empty())
        };
        if can_fire {
            out.push(Reaction::Stand);
        }
        out.push(Reaction::Hold);
        if t.formation == Formation::Skirmish {
            if self.may_fire(&[target as u8], FireMode::Half).is_ok()
                && chargers
                    .iter()
                    .any(|&c| !self.eligible_firers(&[target as u8], c as usize).is_empty())
            {
                out.push(Reaction::FireRetreat);
            }
            out.push(Reaction::Retreat);
        }
        if t.troop == Troop::Cavalry && !self.in_contact(target) {
            out.push(Reaction::Counter);
        }
        out
    }

    /// 6.1 declares the charge of the activation's units at `target` (checked), the charger's
    /// fire first, and asks the target's reaction (or goes on, if it may not react).
    pub(crate) fn declare_charge(&mut self, target: usize, fire: Option<FireMode>) {
        let Some(act) = self.act.as_mut() else { return };
        act.intent = Some(Intent::Charge);
        let (units, side, actor) = (act.units.clone(), act.side, act.actor);
        self.tallies.charges[side.index()] += 1;
        let (who, at) = (self.actor_id(actor), self.id(target).to_string());
        for &u in &units {
            if self.units[u as usize].hidden {
                self.reveal(u as usize, "charges (7.7)");
            }
        }
        self.log.public(|| {
            format!(
                "{who} charges {at}{} (6.1)",
                if fire.is_some() { ", firing first" } else { "" }
            )
        });
        for &u in units.iter().chain(std::iter::once(&(target as u8))) {
            let unit = &mut self.units[u as usize];
            if !unit.in_charge {
                unit.in_charge = true;
                unit.melee_losses = 0;
            }
        }
        if let Some(mode) = fire {
            self.fire(&units, target, mode, " first, before charging", false);
        }
        self.charge = Some(ChargeState {
            units,
            target: target as u8,
            fired: fire.is_some(),
            reaction: None,
        });
        if self.units[target].in_play() && self.on_the_table(target) && self.may_react(target) {
            self.phase = Phase::Reaction;
        } else {
            self.charge_move();
        }
    }

    /// 6.2 the target's reaction, chosen.
    pub(crate) fn react(&mut self, how: Reaction) {
        let Some(c) = self.charge.as_mut() else {
            return;
        };
        c.reaction = Some(how);
        let (target, chargers) = (c.target as usize, c.units.clone());
        let id = self.id(target).to_string();
        self.log
            .public(|| format!("{id} reacts: {} (6.2)", how.word()));
        let away = self.centre(chargers[0] as usize);
        match how {
            Reaction::FireRetreat => {
                self.fire(
                    &[target as u8],
                    chargers[0] as usize,
                    FireMode::Half,
                    " as it falls back",
                    false,
                );
                let budget =
                    self.roll_allowance(target, "falling back from the charge (6.2)") / 2.0;
                self.retreat(target, budget, away, false);
                self.units[target].last = Last::Retreat;
            }
            Reaction::Retreat => {
                let budget = self.roll_allowance(target, "falling back from the charge (6.2)");
                self.retreat(target, budget, away, false);
                self.units[target].last = Last::Retreat;
            }
            Reaction::Counter => {
                // 6.1 counter-chargers move at the same moment: they cover half the gap
                let extra = if self.charge_bonus(target) {
                    charts().cavalry_charging
                } else {
                    0.0
                };
                let budget = self.roll_allowance_with(target, extra, "counter-charging (6.2)");
                let gap = chargers
                    .iter()
                    .map(|&u| self.unit_distance(u as usize, target))
                    .fold(f64::INFINITY, f64::min);
                self.run_at(
                    &[target as u8],
                    chargers[0] as usize,
                    budget.min(gap / 2.0),
                    false,
                );
            }
            Reaction::Stand | Reaction::Hold => {}
        }
        let t = &mut self.units[target];
        t.charged = true;
        if t.done == Done::No || t.done == Done::Passed {
            t.done = Done::Reacted;
        }
        self.phase = Phase::Act;
        self.charge_move();
    }

    /// 6.1 the charger rolls its move (cavalry's bonus unless it fired this turn, a column's;
    /// half when it fired first) and runs in; the defender fires; the defender may close up.
    pub(crate) fn charge_move(&mut self) {
        let Some(c) = self.charge.clone() else { return };
        let target = c.target as usize;
        let units = c.units.clone();
        let lead = units[0] as usize;
        let extra = if self.charge_bonus(lead) {
            charts().cavalry_charging
        } else {
            0.0
        };
        let mut allowance = self.roll_allowance_with(lead, extra, "charging (6.1)");
        if c.fired {
            allowance /= 2.0;
        }
        let side = self.units[lead].side;
        let id = self.id(lead).to_string();
        // the target must still be there to be reached
        let contact = self.units[target].in_play()
            && self.on_the_table(target)
            && self.run_at(&units, target, allowance, true);
        self.units[target].charged = true;
        self.disturb(target);
        if self.units[target].done == Done::No {
            self.units[target].done = Done::Reacted;
        }
        if !contact {
            self.tallies.short[side.index()] += 1;
            // why: the roll, the distance left, an obstacle on the way
            let why = if !self.units[target].in_play() || !self.on_the_table(target) {
                format!("{} is gone", self.id(target))
            } else {
                let gap = units
                    .iter()
                    .map(|&u| self.unit_distance(u as usize, target))
                    .fold(f64::INFINITY, f64::min);
                let across = units.iter().any(|&u| {
                    self.table_figures(u as usize).any(|f| {
                        self.table_figures(target).any(|g| {
                            self.first_crossing(self.figures[f].pose.at, self.figures[g].pose.at)
                                .is_none_or(|c| c.is_some())
                        })
                    })
                });
                format!(
                    "{allowance}\" of move, {} still {gap:.1}\" away{}",
                    self.id(target),
                    if across {
                        ", and half the move to cross an obstacle on the way"
                    } else {
                        ""
                    }
                )
            };
            let whose = crate::wording::of(&id);
            self.log
                .public(|| format!("{whose} charge falls short (6.1): {why}"));
            self.charge = None;
            self.end_activation(Last::Advance, Done::Acted);
            return;
        }
        for &u in &units {
            self.units[u as usize].formation = Formation::Disordered;
        }
        // the defender's fire at the contact: standing and able, or reserved (6.3)
        let reaction = c.reaction;
        let reserved = self.units[target].reserved;
        let fires = match (reaction, reserved) {
            (_, Some(moved)) => Some(if moved { FireMode::Half } else { FireMode::All }),
            (Some(Reaction::Stand), _) => Some(FireMode::All),
            _ => None,
        };
        if let Some(mode) = fires {
            // 6.3 reserved fire is spent now, whether or not there is anyone to fire
            if reserved.is_some() {
                self.units[target].reserved = None;
            }
            // 6.1 the casualties of this fire come from the chargers' rear ranks first
            self.contact_fire = Some(target as u8);
            if self.units[target].troop == Troop::Artillery {
                // 9.1 a charged gun fires at the unit charging it
                if let Some(ammo) = self.contact_ammo(target, lead) {
                    self.gun_fire(target, ammo, lead);
                }
            } else if !self.eligible_firers_at_contact(target, lead).is_empty() {
                // 8.3 the first volley's +1 only for a unit halted this turn: one that moved
                // and reserved its fire has not
                self.fire_at_contact(target, lead, mode, reserved != Some(true));
            }
            self.contact_fire = None;
        }
        let still = units
            .iter()
            .any(|&u| self.units[u as usize].in_play() && !self.units[u as usize].shattered)
            && self.touching(&units, target);
        if !still {
            self.log
                .public(|| format!("{} charge is stopped", crate::wording::of(&id)));
            self.charge = None;
            self.end_activation(Last::ChargeLost, Done::Acted);
            return;
        }
        self.melees.push(Melee {
            chargers: units.clone(),
            defenders: vec![target as u8],
            shock: units.iter().all(|&u| self.charge_bonus(u as usize)),
            counter: reaction == Some(Reaction::Counter) && self.charge_bonus(target),
        });
        if self.may_close_up(target, &units) {
            self.phase = Phase::CloseUp;
        } else {
            self.charge = None;
            self.end_activation(Last::Advance, Done::Acted);
        }
    }

    /// 6.1 defending fire at the moment of contact: every eligible figure of the defender at
    /// the charger (in contact or not; the contact rule of 8.4 is for other fire).
    fn eligible_firers_at_contact(&self, target: usize, charger: usize) -> Vec<(usize, f64)> {
        if self.units[target].smoke
            || self.units[target].needs_rally
            || self.units[target].shattered
        {
            return Vec::new();
        }
        self.eligible_firers(&[target as u8], charger)
    }

    fn fire_at_contact(&mut self, target: usize, charger: usize, mode: FireMode, halted: bool) {
        self.fire(&[target as u8], charger, mode, " at its chargers", halted);
    }

    /// Whether a figure of `units` touches a figure of `target` (or faces it across an opening
    /// of a building).
    pub fn touching(&self, units: &[u8], target: usize) -> bool {
        let theirs: Vec<usize> = self.table_figures(target).collect();
        units.iter().any(|&u| {
            self.table_figures(u as usize).any(|f| {
                theirs
                    .iter()
                    .any(|&g| self.touch_direct(f, g) || self.across_opening(f, g))
            })
        })
    }

    /// 7.5 whether figures `f` and `g` face each other across one of a building's openings: one
    /// inside by it, one outside at it.
    pub(crate) fn across_opening(&self, f: usize, g: usize) -> bool {
        self.opening_between(f, g).is_some()
    }

    /// 7.5 the opening (building, gap) figures `f` and `g` face each other across, if any.
    pub(crate) fn opening_between(&self, f: usize, g: usize) -> Option<(usize, usize)> {
        let (pf, pg) = (self.figures[f].pose.at, self.figures[g].pose.at);
        let (bf, bg) = (self.building_at(pf), self.building_at(pg));
        let (inside, outside, b) = match (bf, bg) {
            (Some(b), None) => (f, g, b),
            (None, Some(b)) => (g, f, b),
            _ => return None,
        };
        let walls = &self.buildings[b].walls;
        (0..walls.gaps().len())
            .find(|&k| {
                walls.gap_centre(k).is_some_and(|door| {
                    self.bases[outside].distance_to_point(door) <= 0.15
                        && self.bases[inside].distance_to_point(door) <= 0.9
                })
            })
            .map(|k| (b, k))
    }

    /// Whether figures `f` and `g` touch with no wall between: neither in a building, or both
    /// in the same one (a man inside meets one outside only across an opening, 7.5).
    pub(crate) fn touch_direct(&self, f: usize, g: usize) -> bool {
        self.bases[f].distance(&self.bases[g]) <= CONTACT
            && self.building_at(self.figures[f].pose.at)
                == self.building_at(self.figures[g].pose.at)
    }

    /// 6.1 the figures of `units` run at `target`'s: each, nearest first, straight at the
    /// nearest figure of the target not yet met (any, when all are), as far as `allowance`
    /// lets it (its own ground's costs), stopping on touching it; at a building, to its
    /// openings (one attacker an opening, 7.5). Whether any touched. `contact` false: a
    /// counter-charge's run, to meet halfway.
    pub(crate) fn run_at(
        &mut self,
        units: &[u8],
        target: usize,
        allowance: f64,
        contact: bool,
    ) -> bool {
        let mut theirs: Vec<usize> = self.table_figures(target).collect();
        if theirs.is_empty() {
            return false;
        }
        let mine: Vec<usize> = units
            .iter()
            .flat_map(|&u| self.formation_figures(u as usize))
            .filter(|&f| self.on_table(f) || self.present(f))
            .collect();
        // a building's defenders are met at its openings
        let building = theirs
            .iter()
            .find_map(|&g| self.building_at(self.figures[g].pose.at));
        let mut goals: Vec<(Point, Option<usize>)> = Vec::new();
        if let Some(b) = building {
            let walls = self.buildings[b].walls.clone();
            for k in 0..walls.gaps().len() {
                let Some(door) = walls.gap_centre(k) else {
                    continue;
                };
                let (s, _) = walls.nearest(door);
                let out = walls.normal_at(s);
                goals.push((door + out * 0.45, None));
            }
            theirs.clear();
        } else {
            for &g in &theirs {
                goals.push((self.figures[g].pose.at, Some(g)));
            }
        }
        let mut order: Vec<(f64, usize)> = mine
            .iter()
            .map(|&f| {
                let p = self.figures[f].pose.at;
                (
                    goals
                        .iter()
                        .map(|(q, _)| p.dist(*q))
                        .fold(f64::INFINITY, f64::min),
                    f,
                )
            })
            .collect();
        order.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let mut met = vec![false; goals.len()];
        let mut touched = false;
        let side = self.units[units[0] as usize].side;
        for (_, f) in order {
            let p = self.figures[f].pose.at;
            let pick = (0..goals.len())
                .filter(|&k| !met[k] || (building.is_none() && met.iter().all(|m| *m)))
                .min_by(|&a, &b| p.dist(goals[a].0).total_cmp(&p.dist(goals[b].0)));
            let Some(k) = pick else { continue };
            let (goal, who) = goals[k];
            let facing = bearing(p, goal);
            let fp = self.footprint(f);
            let here = fp.place(Pose::new(p.x, p.y, facing));
            // how far straight until it touches
            let full = match who {
                Some(g) => here
                    .first_within(goal, &self.bases[g], 0.0)
                    .unwrap_or(p.dist(goal)),
                None => p.dist(goal),
            };
            let want = if contact { full } else { full.min(allowance) };
            if want <= EPS {
                met[k] = true;
                touched |= contact;
                continue;
            }
            let dir = (goal - p) * (1.0 / p.dist(goal).max(EPS));
            let mover = match self.mover_of(f) {
                Mover::Formed | Mover::Column => Mover::Formed,
                m => m,
            };
            // the farthest it can afford: the path's stretches measured once, walked until the
            // allowance runs out; an obstacle costs half the allowance when the figure comes
            // to it (7.4), and one it cannot pay for stops it there
            // 7.4 an obstacle it may not cross (a very high wall, a deep ditch; abatis for
            // horses) stops it short
            let want = match self.first_barrier(p, p + dir * want, mover) {
                Some(t) => (t * want - 0.05).max(0.0),
                None => want,
            };
            if want <= EPS {
                continue;
            }
            let end = p + dir * want;
            let Ok(stretches) = self.stretches_lenient(p, end, mover) else {
                continue;
            };
            let Some(mut go) = self.affordable_run(p, end, &stretches, allowance) else {
                continue;
            };
            // no figure stood on at the end, no enemy run through on the way (shortened by tenths)
            let near: Vec<usize> = (0..self.figures.len())
                .filter(|&h| {
                    h != f
                        && self.on_table(h)
                        && fiw_table::Segment::new(p, end)
                            .distance_to_point(self.figures[h].pose.at)
                            < 2.5
                })
                .collect();
            let mut ok = false;
            while go > 0.05 {
                let to = p + dir * go;
                let rect = fp.place(Pose::new(to.x, to.y, facing));
                let free = self.scenario.layout.bounds().holds(&rect)
                    && near.iter().all(|&h| {
                        !self.bases[h].overlaps(&rect)
                            && (self.units[self.figures[h].unit as usize].side == side
                                || Some(h) == who
                                || !self.bases[f].sweeps_through(to, &self.bases[h]))
                    });
                if free {
                    ok = true;
                    break;
                }
                go -= 0.2;
            }
            if !ok {
                continue;
            }
            let to = p + dir * go;
            self.set_pose(f, Pose::new(to.x, to.y, facing));
            if contact && (go >= want - 1e-6) {
                met[k] = true;
                touched = true;
            }
        }
        for &u in units {
            // the anchor follows the figures (the formation is broken by the charge)
            let c = self.centre(u as usize);
            let a = self.units[u as usize].anchor;
            self.units[u as usize].anchor = Pose::new(c.x, c.y, a.facing);
        }
        touched && self.touching(units, target)
    }

    /// 6.1, 7.4 how far along the straight run from `p` to `end` (measured in `stretches`) a
    /// charger gets with `allowance`: each stretch at its ground's cost, and at the first
    /// obstacle or ford it comes to, half the allowance more to cross (one it cannot pay for
    /// stops it before it); `None` when the way is refused (a wall).
    pub(crate) fn affordable_run(
        &self,
        p: Point,
        end: Point,
        stretches: &[crate::terrain::Stretch],
        allowance: f64,
    ) -> Option<f64> {
        let want = p.dist(end);
        let cross = self.first_crossing(p, end)?;
        let mut budget = allowance;
        let mut go = 0.0;
        let mut toll = cross;
        'walk: for st in stretches {
            if st.mult.is_infinite() {
                break;
            }
            let mut t0 = st.t0;
            loop {
                let t1 = match toll {
                    Some(t) if t > t0 && t < st.t1 => t,
                    _ => st.t1,
                };
                let len = (t1 - t0) * want;
                if len * st.mult > budget {
                    go = t0 * want + budget / st.mult;
                    break 'walk;
                }
                budget -= len * st.mult;
                go = t1 * want;
                if let Some(t) = toll.filter(|t| *t <= t1 + 1e-12) {
                    // 7.4 at the obstacle: half a move to cross it, or it stops here
                    if budget + 1e-9 < allowance / 2.0 {
                        go = (t * want - 0.05).max(0.0);
                        break 'walk;
                    }
                    budget -= allowance / 2.0;
                    toll = None;
                }
                if t1 >= st.t1 - 1e-12 {
                    break;
                }
                t0 = t1;
            }
        }
        Some(go)
    }

    /// 7.4 where (as a share of the way) the straight path from `p` to `end` first meets an
    /// obstacle a charger moving as `mover` may not cross: a very high wall or a deep ditch
    /// (its crossing point serves only troops in column, and no charge is made in column), or
    /// abatis for horses and wheels. `None` when it meets none.
    pub(crate) fn first_barrier(&self, p: Point, end: Point, mover: Mover) -> Option<f64> {
        let crossed = self.crossed(p, end).ok()?;
        let seg = fiw_table::Segment::new(p, end);
        crossed
            .obstacles
            .iter()
            .filter(|&&k| mover.barred_by(self.obstacle_kind(k)))
            .flat_map(|&k| self.obstacles[k].line.crossings(&seg))
            .filter(|c| c.gap.is_none())
            .map(|c| c.t)
            .min_by(f64::total_cmp)
    }

    /// 7.4 where (as a share of the way) the straight path from `p` to `end` first meets an
    /// obstacle outside its gaps or enters a ford: `Some(None)` when it meets none, `None`
    /// when a wall refuses the way.
    pub(crate) fn first_crossing(&self, p: Point, end: Point) -> Option<Option<f64>> {
        let crossed = self.crossed(p, end).ok()?;
        if crossed.obstacles.is_empty() && !crossed.ford {
            return Some(None);
        }
        let seg = fiw_table::Segment::new(p, end);
        let len = seg.len().max(EPS);
        let mut first = f64::INFINITY;
        for &k in &crossed.obstacles {
            for c in self.obstacles[k].line.crossings(&seg) {
                if c.gap.is_none() {
                    first = first.min(c.t);
                }
            }
        }
        if crossed.ford {
            for c in self.scenario.layout.crossings(p, end) {
                if c.kind == fiw_table::Kind::Ford && c.enter > 1e-9 {
                    first = first.min(c.enter / len);
                }
            }
        }
        Some(first.is_finite().then_some(first.clamp(0.0, 1.0)))
    }

    /// 6.1 whether a defending figure not in contact stands within 1" of a charger (it may step
    /// up to touch).
    pub(crate) fn may_close_up(&self, target: usize, chargers: &[u8]) -> bool {
        let foes: Vec<usize> = chargers
            .iter()
            .flat_map(|&u| self.table_figures(u as usize).collect::<Vec<_>>())
            .collect();
        self.table_figures(target).any(|g| {
            let free = !foes
                .iter()
                .any(|&f| self.touch_direct(f, g) || self.across_opening(f, g));
            free && foes
                .iter()
                .any(|&f| self.bases[g].is_within(&self.bases[f], 1.0))
        })
    }

    /// 6.1 the defender's figures not in contact step up to 1" to touch a charger (nearest
    /// first), or stay.
    pub(crate) fn close_up(&mut self, yes: bool) {
        let Some(c) = self.charge.take() else { return };
        let target = c.target as usize;
        if yes {
            let foes: Vec<usize> = c
                .units
                .iter()
                .flat_map(|&u| self.table_figures(u as usize).collect::<Vec<_>>())
                .collect();
            let mine: Vec<usize> = self.table_figures(target).collect();
            for g in mine {
                if foes
                    .iter()
                    .any(|&f| self.bases[f].distance(&self.bases[g]) <= CONTACT)
                {
                    continue;
                }
                let Some(&f) = foes.iter().min_by(|&&a, &&b| {
                    self.bases[g]
                        .distance(&self.bases[a])
                        .total_cmp(&self.bases[g].distance(&self.bases[b]))
                }) else {
                    continue;
                };
                let p = self.figures[g].pose.at;
                let goal = self.figures[f].pose.at;
                let facing = bearing(p, goal);
                let here = self.footprint(g).place(Pose::new(p.x, p.y, facing));
                let Some(d) = here.first_within(goal, &self.bases[f], 0.0) else {
                    continue;
                };
                if d > 1.0 + EPS {
                    continue;
                }
                let to = p + (goal - p) * (d / p.dist(goal).max(EPS));
                let rect = self.footprint(g).place(Pose::new(to.x, to.y, facing));
                let free = (0..self.figures.len())
                    .all(|h| h == g || !self.on_table(h) || !self.bases[h].overlaps(&rect));
                // 7.4 nor over an obstacle it may not cross
                if free
                    && self.crossed(p, to).is_ok()
                    && self.first_barrier(p, to, self.mover_of(g)).is_none()
                    && self.ground_at(to, Mover::Loose).is_ok()
                {
                    self.set_pose(g, Pose::new(to.x, to.y, facing));
                }
            }
            if self.units[target].formation.is_formed() {
                self.units[target].formation = Formation::Disordered;
            }
            let id = self.id(target).to_string();
            self.log
                .public(|| format!("{id} closes up to meet the charge (6.1)"));
        }
        self.phase = Phase::Act;
        self.end_activation(Last::Advance, Done::Acted);
    }

    /// Bases within `d` of figure `f` (for the tests).
    #[doc(hidden)]
    pub fn touching_figures(&self, f: usize) -> Vec<usize> {
        let r: Rect = self.bases[f];
        (0..self.figures.len())
            .filter(|&g| g != f && self.on_table(g) && r.distance(&self.bases[g]) <= CONTACT)
            .collect()
    }
}
