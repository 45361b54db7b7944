//! 12 morale: shattered units (12.1), surrounded units and surrender (12.2), recovery
//! (12.3), rallying (12.4) and the recovery of casualties (12.5).

use crate::formation::{self, Formation, SKIRMISH_SPACING};
use crate::state::{Done, Last, Out, Skirmish, Status};
use crate::terrain::Mover;
use crate::troops::{Personality, Role, Troop};
use fiw_table::{bearing, heading, Point, Pose, Rect};

impl Skirmish {
    /// 12.1 the units judged together with unit `v`: its battalion's companies, unless it is
    /// detached (no figure within 6" of another company of its battalion).
    pub(crate) fn judged_with(&self, v: usize) -> Vec<usize> {
        let Some(b) = self.units[v].battalion else {
            return vec![v];
        };
        let others: Vec<usize> = self.battalions[b as usize]
            .companies
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| c != v && self.units[c].in_play())
            .collect();
        let near = |a: usize, c: usize| {
            let fa: Vec<usize> = self.table_figures(a).collect();
            self.table_figures(c).any(|x| {
                fa.iter()
                    .any(|&y| self.bases[x].is_within(&self.bases[y], 6.0))
            }) || (!self.on_the_table(a) && !self.on_the_table(c))
        };
        if !others.iter().any(|&c| near(v, c)) {
            return vec![v];
        }
        let mut out = vec![v];
        out.extend(others.into_iter().filter(|&c| {
            self.units[c].battalion == Some(b)
                && self.battalions[b as usize]
                    .companies
                    .iter()
                    .any(|&d| d as usize != c && near(c, d as usize))
        }));
        out
    }

    /// 12.1 whether units `units` together are below half strength.
    pub fn below_half(&self, units: &[usize]) -> bool {
        // a household's women are no part of its strength (they never fight): its men are
        let present: usize = units
            .iter()
            .map(|&u| {
                self.present_figures(u)
                    .filter(|&f| self.figures[f].role != Role::Woman)
                    .count()
            })
            .sum();
        let strength: usize = units
            .iter()
            .map(|&u| usize::from(self.units[u].strength))
            .sum();
        2 * present < strength
    }

    /// 12.1 after losses: a battalion, battery, warparty or company on its own fallen below
    /// half strength is shattered, and at once retires a full move in disorder, unless it is
    /// surrounded.
    pub(crate) fn test_shattered(&mut self, v: usize) {
        let judged = self.judged_with(v);
        if !self.below_half(&judged) {
            return;
        }
        for u in judged {
            if self.units[u].shattered || !self.units[u].in_play() {
                continue;
            }
            self.units[u].shattered = true;
            // 12.1 a gun section's civilian drivers leave with its limber
            self.drivers_leave(u);
            let id = self.id(u).to_string();
            if self.is_surrounded(u) {
                self.units[u].surrounded = true;
                self.log
                    .public(|| format!("{id} is shattered but surrounded: it stands (12.1, 12.2)"));
                continue;
            }
            let away = self.nearest_known_enemy_point(&[u as u8]);
            let budget = self.roll_allowance(u, "the shattered unit retires (12.1)");
            let went = self.retreat(u, budget, away, true);
            if self.units[u].formation.is_formed() {
                self.units[u].formation = Formation::Disordered;
            }
            self.units[u].last = Last::Retreat;
            self.log
                .public(|| format!("{id} is shattered and retires {went:.1}\" in disorder (12.1)"));
        }
    }

    /// 12.2 whether unit `u` is surrounded: it cannot fall back 2" on any of 16 bearings
    /// without closing on some enemy unit within 12" (the least distance between the two
    /// units shrinks), or without running into ground it may not enter, a wall, the table's
    /// edge or other figures. Men in a building fall back by its openings: out through one
    /// that faces the way they go, then on.
    pub fn is_surrounded(&self, u: usize) -> bool {
        self.surrounded_for(u, None)
    }

    /// [`Skirmish::is_surrounded`] as `viewer` knows the table (its figures, and the enemy's
    /// it can see), or as it stands (`None`).
    pub(crate) fn surrounded_for(&self, u: usize, viewer: Option<crate::scenario::Side>) -> bool {
        let figs: Vec<usize> = self
            .table_figures(u)
            .filter(|&f| self.figures[f].role != Role::Woman)
            .collect();
        if figs.is_empty() {
            return false;
        }
        let seen =
            |g: usize| viewer.is_none_or(|s| self.known_to(s, self.figures[g].unit as usize));
        let side = self.units[u].side;
        let enemies: Vec<usize> = (0..self.figures.len())
            .filter(|&g| {
                self.on_table(g)
                    && seen(g)
                    && self.units[self.figures[g].unit as usize].side != side
                    && figs.iter().any(|&f| {
                        self.figures[f].pose.at.dist(self.figures[g].pose.at) < 14.0
                            && self.bases[f].is_within(&self.bases[g], 12.0)
                    })
            })
            .collect();
        if enemies.is_empty() {
            return false;
        }
        // "closer to some enemy": each enemy unit near is judged on its own, not only the
        // nearest, so a way out that runs at a second enemy is no way out
        let mut foes: Vec<usize> = enemies
            .iter()
            .map(|&g| self.figures[g].unit as usize)
            .collect();
        foes.sort_unstable();
        foes.dedup();
        let least = |rects: &[Rect], foe: usize| -> f64 {
            let mut best = f64::INFINITY;
            for r in rects {
                for &g in &enemies {
                    if self.figures[g].unit as usize == foe {
                        best = best.min(r.distance(&self.bases[g]));
                    }
                }
            }
            best
        };
        let here: Vec<Rect> = figs.iter().map(|&f| self.bases[f]).collect();
        let now: Vec<f64> = foes.iter().map(|&e| least(&here, e)).collect();
        for k in 0..16 {
            let dir = heading(22.5 * f64::from(k));
            let mut moved = Vec::with_capacity(figs.len());
            for &f in &figs {
                let p = self.figures[f].pose;
                let to = match self.building_at(p.at) {
                    None => self.retreat_place(u, f, p.at, p.at + dir * 2.0, &seen),
                    Some(b) => self.way_out(u, f, b, dir, &seen),
                };
                match to {
                    Some(r) => moved.push(r),
                    None => break,
                }
            }
            if moved.len() < figs.len() {
                continue;
            }
            if foes
                .iter()
                .zip(&now)
                .all(|(&e, &d)| least(&moved, e) >= d - 1e-6)
            {
                return false;
            }
        }
        true
    }

    /// 12.2 where figure `f` of unit `u` would stand falling back straight from `from` to
    /// `to`: on the table, on ground it may enter, through no wall and on no other unit's
    /// figure (as `seen` knows them); `None` when the way is shut.
    fn retreat_place(
        &self,
        u: usize,
        f: usize,
        from: Point,
        to: Point,
        seen: &dyn Fn(usize) -> bool,
    ) -> Option<Rect> {
        let rect = self
            .footprint(f)
            .place(Pose::new(to.x, to.y, self.figures[f].pose.facing));
        let open = self.scenario.layout.bounds().holds(&rect)
            && self.ground_at(to, Mover::Loose).is_ok()
            && self.crossed(from, to).is_ok()
            && !(0..self.figures.len()).any(|g| {
                self.on_table(g)
                    && seen(g)
                    && self.figures[g].unit as usize != u
                    && self.bases[g].centre().dist(to) < 3.0
                    && rect.overlaps(&self.bases[g])
            });
        open.then_some(rect)
    }

    /// 7.5, 12.2 figure `f` of unit `u`, inside building `b`, falling back along `dir`: out by
    /// an opening that faces that way, then 2" on; where it would stand, or `None` when no
    /// opening lets it.
    fn way_out(
        &self,
        u: usize,
        f: usize,
        b: usize,
        dir: Point,
        seen: &dyn Fn(usize) -> bool,
    ) -> Option<Rect> {
        let walls = &self.buildings[b].walls;
        let step = self.footprint(f).depth() / 2.0 + 0.2;
        (0..walls.gaps().len()).find_map(|k| {
            let door = walls.gap_centre(k)?;
            let (s, _) = walls.nearest(door);
            let out = walls.normal_at(s);
            if out.dot(dir) <= 1e-6 {
                return None;
            }
            let outside = door + out * step;
            self.retreat_place(u, f, outside, outside, seen)?;
            self.retreat_place(u, f, outside, outside + dir * 2.0, seen)
        })
    }

    /// 12.2 the modifier a surrounded unit adds when called on to surrender: its attached
    /// leaders as in a control check (their personalities rolled as needed; a bold one adds),
    /// and 1 for its regimental colour.
    fn surrender_modifier(&mut self, v: usize) -> i8 {
        let mut m = 0i8;
        for inf in self.influences(&[v as u8]) {
            if !self.units[v].figures.contains(&(inf.figure as u16)) {
                continue;
            }
            m += match self.personality(inf.figure) {
                Personality::Rash | Personality::Bold => inf.by,
                Personality::Cautious => -inf.by,
                Personality::Indecisive => 0,
            };
        }
        if self
            .present_figures(v)
            .any(|f| self.figures[f].role == Role::Colour)
        {
            m += 1;
        }
        m
    }

    /// 12.2 unit `caller` calls on the surrounded unit `v` to surrender: both roll, the
    /// surrounded unit adding its modifier; ties are rolled again; if the caller wins, the unit
    /// and its holding area are taken prisoner.
    pub(crate) fn call_surrender(&mut self, caller: usize, v: usize) {
        let turn = self.turn;
        self.units[v].called_turn = turn;
        let m = self.surrender_modifier(v);
        let (a, b) = (self.id(caller).to_string(), self.id(v).to_string());
        for _ in 0..50 {
            self.dice.ask(2, 6, || {
                format!(
                    "{a} calls on {b} to surrender: {a}'s die, then {b}'s (12.2, {b} adds {m:+})"
                )
            });
            let (x, y) = (self.dice.d6(), self.dice.d6());
            let y = y as i8 + m;
            self.log
                .public(|| format!("{a} calls on {b} to surrender: {x} against {y} (12.2)"));
            if x as i8 == y {
                continue;
            }
            if x as i8 > y {
                let taken = self.units[v]
                    .figures
                    .iter()
                    .filter(|&&f| {
                        matches!(
                            self.figures[f as usize].status,
                            Status::Ready | Status::Holding
                        )
                    })
                    .count() as u16;
                self.units[caller].prisoners += taken;
                self.units[caller].fresh_prisoners = true;
                if self.units[v].traits.indian {
                    self.units[caller].indian_prisoners += taken;
                }
                self.unit_gone(v, Out::Surrendered);
                self.check_victory();
            } else {
                self.log.public(|| format!("{b} refuses to surrender"));
            }
            return;
        }
    }

    /// 12.4, 12.5 the activation's units rally: casualties are recalled from the holding area,
    /// the smoke clears, rifles and cavalry are loaded again, a rally owed is paid, the unit
    /// ends in line or column (irregulars in skirmish order); a shattered unit still below half
    /// routs.
    pub(crate) fn rally(&mut self) {
        let Some(act) = self.act.as_ref() else { return };
        let units: Vec<usize> = act.units.iter().map(|&u| u as usize).collect();
        for &u in &units {
            self.recall(u);
            let unit = &mut self.units[u];
            unit.smoke = false;
            unit.fired_since_rally = false;
            unit.cavalry_fire = 0;
            if unit.rally_debt > 0 {
                unit.rally_debt -= 1;
            }
            if unit.rally_debt == 0 {
                unit.needs_rally = false;
            }
            for f in unit.figures.clone() {
                if self.figures[f as usize].weapon == crate::troops::Weapon::Rifle {
                    self.figures[f as usize].rifle_loaded = true;
                }
            }
            self.re_form(u);
        }
        let id = self
            .act
            .as_ref()
            .map(|a| self.actor_id(a.actor))
            .unwrap_or_default();
        if let Some(&u) = units.first() {
            self.note(u, || format!("{id} rallies (12.4)"));
        }
        for &u in &units {
            if !self.units[u].shattered {
                continue;
            }
            let with = self.judged_with(u);
            if self.below_half(&with) {
                // 12.1 still shattered after rallying: it quits the field
                self.unit_gone(u, Out::Routed);
            } else {
                // 12.3 it has recovered
                self.units[u].shattered = false;
                let id = self.id(u).to_string();
                self.note(u, || format!("{id} recovers from shattering (12.3)"));
            }
        }
        self.end_activation(Last::Rally, Done::Acted);
    }

    /// 12.5 the modifier for unit `u`'s recovery rolls: −1 with no leader present, +1 for a
    /// hero or a bold or rash general with it, +1 for its regiment's colours in sight within
    /// 6", +1 for a drummer or piper of it within 6", +1 if the scenario marks it determined.
    pub fn recovery_modifier(&mut self, u: usize) -> i8 {
        // a personality rolled now changes what the rules answer
        self.cache.forget();
        let mut m = 0i8;
        let mine: Vec<usize> = self.present_figures(u).collect();
        if !mine.iter().any(|&f| self.figures[f].role.is_officer()) {
            m -= 1;
        }
        let hero = mine.iter().any(|&f| self.figures[f].role == Role::Hero);
        let general = mine
            .iter()
            .copied()
            .find(|&f| self.general(self.units[u].side) == Some(f));
        let general_helps = match general {
            Some(g) => matches!(self.personality(g), Personality::Bold | Personality::Rash),
            None => false,
        };
        if hero || general_helps {
            m += 1;
        }
        let regiment: Vec<usize> = match self.units[u].battalion {
            Some(b) => self.battalions[b as usize]
                .companies
                .iter()
                .map(|&c| c as usize)
                .collect(),
            None => vec![u],
        };
        let near = |role: Role, s: &Self| {
            regiment.iter().any(|&c| {
                s.present_figures(c).any(|f| {
                    s.figures[f].role == role
                        && (mine.contains(&f)
                            || mine.iter().any(|&g| {
                                s.bases[f].is_within(&s.bases[g], 6.0)
                                    && (role != Role::Colour || s.fig_sees(g, f))
                            }))
                })
            })
        };
        if near(Role::Colour, self) {
            m += 1;
        }
        if near(Role::Musician, self) {
            m += 1;
        }
        if self.units[u].traits.determined {
            m += 1;
        }
        m
    }

    /// 12.5 each casualty in unit `u`'s holding area rolls: a modified 6 comes back; the rest
    /// are lost for good.
    fn recall(&mut self, u: usize) {
        let holding: Vec<usize> = self.units[u]
            .figures
            .iter()
            .map(|&f| f as usize)
            .filter(|&f| self.figures[f].status == Status::Holding)
            .collect();
        if holding.is_empty() {
            return;
        }
        let m = self.recovery_modifier(u);
        let id = self.id(u).to_string();
        let n = holding.len() as u32;
        self.dice.ask(n, 6, || {
            format!(
                "{id} recalls {}: one die each, back on a 6 after {m:+} (12.5)",
                crate::wording::count(n, "casualty", "casualties")
            )
        });
        let mut back = Vec::new();
        let side = self.units[u].side.index();
        for f in holding {
            let r = self.dice.d6() as i8 + m;
            if r >= 6 {
                self.figures[f].status = Status::Ready;
                if !self.place_returned(u, f) {
                    // 5.5 no free place beside his comrades: he waits for the next rally
                    self.figures[f].status = Status::Holding;
                    continue;
                }
                back.push(f);
            } else {
                self.figures[f].status = Status::Lost;
                self.tallies.lost[side] += 1;
            }
        }
        self.relayout(u);
        // a formed unit that could not lay its figures out again (a slot on another unit's
        // figure) keeps them where they stand: a man back from the holding area is then put
        // beside a comrade, or waits for the next rally (5.5: on no other base)
        for &f in &back.clone() {
            let on_another = (0..self.figures.len())
                .any(|h| h != f && self.on_table(h) && self.bases[h].overlaps(&self.bases[f]));
            if on_another && !self.place_near_comrade(u, f) {
                self.figures[f].status = Status::Holding;
                back.retain(|&g| g != f);
            }
        }
        self.tallies.recovered[side] += back.len() as u32;
        let back = back.len();
        self.note(u, || {
            format!(
                "{id} recalls {back} of {} (12.5)",
                crate::wording::count(n, "casualty", "casualties")
            )
        });
    }

    /// A casualty back with his unit: in its formation's slots (a formed unit), beside the
    /// others in skirmish order, by a wall in a building.
    /// Whether he found a place: none on another figure (5.5), so a formed unit's slots or a
    /// free place near a comrade, farther out when the nearest are taken.
    fn place_returned(&mut self, u: usize, f: usize) -> bool {
        if self.units[u].formation.is_formed() {
            return true;
        }
        self.place_near_comrade(u, f)
    }

    /// A free place for figure `f` beside one of unit `u`'s figures: an inch from everyone if
    /// there is one (the skirmish spacing), else any on no other base, farther out when the
    /// nearest are taken. Whether it found one.
    fn place_near_comrade(&mut self, u: usize, f: usize) -> bool {
        let others: Vec<usize> = self
            .present_figures(u)
            .filter(|&g| g != f && self.on_table(g))
            .collect();
        let fp = self.footprint(f);
        // first a place an inch from everyone (the skirmish spacing), then any free place
        for (rings, gap) in [(1, true), (3, false)] {
            for ring in 1..=rings {
                for &g in &others {
                    let c = self.figures[g].pose;
                    for k in 0..8 {
                        let at = c.at
                            + heading(45.0 * f64::from(k))
                                * (f64::from(ring) * (fp.frontage() + SKIRMISH_SPACING));
                        let rect = fp.place(Pose::new(at.x, at.y, c.facing));
                        if !self.scenario.layout.bounds().holds(&rect)
                            || self.ground_at(at, Mover::Loose).is_err()
                            || self.building_at(at) != self.building_at(c.at)
                        {
                            continue;
                        }
                        let clear = (0..self.figures.len()).all(|h| {
                            h == f
                                || !self.on_table(h)
                                || if gap {
                                    self.bases[h].distance(&rect)
                                        >= if self.figures[h].unit as usize == u {
                                            1.0 - 1e-6
                                        } else {
                                            1.0
                                        }
                                } else {
                                    !self.bases[h].overlaps(&rect)
                                }
                        });
                        if clear {
                            self.set_pose(f, Pose::new(at.x, at.y, c.facing));
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    /// 12.4 a rallied unit ends in line or column: one that may form a line and stands in
    /// skirmish order or disorder forms a line (2 deep when it is 3 files wide so, 4.3, else
    /// 1 deep; a column if it is too few for 3 files, or there is no room for the line) round
    /// its middle facing the nearest enemy it knows of, if there is room; a column or a line
    /// stays as it is. Irregulars (and households), who never form a line, rally in skirmish
    /// order (assumed: 5.8 has them close up or spread out as they move, with no formation to
    /// change). Men in a building stay in it.
    fn re_form(&mut self, u: usize) {
        let unit = &self.units[u];
        if unit.formation != Formation::Disordered && unit.formation != Formation::Skirmish {
            return;
        }
        let figs: Vec<usize> = self
            .formation_figures(u)
            .into_iter()
            .filter(|&f| self.on_table(f))
            .collect();
        if figs.is_empty()
            || figs
                .iter()
                .any(|&f| self.building_at(self.figures[f].pose.at).is_some())
        {
            return;
        }
        let n = figs.len();
        let tries: Vec<Formation> = if unit.troop.forms_line() {
            let ranks = if formation::files(n, 2) >= 3 { 2 } else { 1 };
            let mut t = Vec::new();
            if formation::files(n, ranks) >= 3 {
                t.push(Formation::Line { ranks });
            }
            t.push(Formation::Column { width: 2 });
            t
        } else if unit.troop == Troop::Artillery || unit.troop == Troop::Wagon {
            return;
        } else if unit.formation == Formation::Skirmish {
            // irregulars in good order stay as they are; in a broken chain they close up
            let bases: Vec<fiw_table::Rect> = figs.iter().map(|&f| self.bases[f]).collect();
            if formation::skirmish_fault(&bases).is_none() {
                return;
            }
            vec![Formation::Skirmish]
        } else {
            vec![Formation::Skirmish]
        };
        let centre = figs.iter().fold(Point::default(), |c, &f| {
            c + self.figures[f].pose.at * (1.0 / n as f64)
        });
        let enemy = self.nearest_known_enemy_point(&[u as u8]);
        let facing = bearing(centre, enemy);
        let base = self.footprint(figs[0]);
        for to in tries {
            for back in [0.0, 1.0, 2.0, 3.0] {
                let c = centre - heading(facing) * back;
                let (slots, anchor, trail) = match to {
                    Formation::Line { ranks } => {
                        let depth = f64::from(ranks) * (base.depth() + formation::CLOSE_GAP);
                        let at = c + heading(facing) * (depth / 2.0);
                        let anchor = Pose::new(at.x, at.y, facing);
                        (
                            formation::line_slots(n, ranks, anchor, base),
                            anchor,
                            Vec::new(),
                        )
                    }
                    Formation::Column { width } => {
                        let length = (n as f64 / f64::from(width)).ceil()
                            * (base.depth() + formation::CLOSE_GAP);
                        let at = c + heading(facing) * (length / 2.0);
                        let anchor = Pose::new(at.x, at.y, facing);
                        let trail = vec![at - heading(facing) * length];
                        (
                            formation::column_slots(n, width, anchor, &trail, base),
                            anchor,
                            trail,
                        )
                    }
                    _ => {
                        let anchor = Pose::new(c.x, c.y, facing);
                        (
                            formation::skirmish_rows(n, 1, anchor, base, SKIRMISH_SPACING),
                            anchor,
                            Vec::new(),
                        )
                    }
                };
                let mover = if to == Formation::Skirmish {
                    Mover::Loose
                } else {
                    Mover::Formed
                };
                let ok = slots.len() == n
                    && slots.iter().enumerate().all(|(k, p)| {
                        let rect = self.footprint(figs[k]).place(*p);
                        self.scenario.layout.bounds().holds(&rect)
                            && self.ground_at(p.at, mover).is_ok()
                            && (0..self.figures.len()).all(|h| {
                                figs.contains(&h)
                                    || !self.on_table(h)
                                    || !self.bases[h].overlaps(&rect)
                            })
                    });
                if ok {
                    for (k, f) in figs.iter().enumerate() {
                        self.set_pose(*f, slots[k]);
                    }
                    self.units[u].formation = to;
                    self.units[u].anchor = anchor;
                    self.units[u].trail = trail;
                    let (id, word) = (self.id(u).to_string(), to.word());
                    self.note(u, || format!("{id} re-forms in {word} (12.4)"));
                    return;
                }
            }
        }
    }
}
