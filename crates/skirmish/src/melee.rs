//! 11 charge resolution at the turn's end: every pair of opposing front-rank figures in
//! contact rolls a die each, and a side that beats the other by 2 knocks out a figure (11.1),
//! with the modifiers of 11.2; the side with the more casualties from the charge's shooting and
//! the melee together falls back half a move facing the enemy; a tie fights on once, then the
//! charger falls back; both sides must then rally (11.3).

use crate::state::{Last, Melee, Skirmish, Status};
use crate::troops::{Role, Troop};
use fiw_table::{bearing, heading, Kind, Location, Pose, Segment, EPS};

/// One pair of figures fighting, and what each adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pair {
    /// The charging side's figure.
    pub charger: usize,
    /// The defending side's figure.
    pub defender: usize,
    /// 11.2 the charger's die doubled (cavalry charging in the open).
    pub charger_double: bool,
    /// 11.2 the defender's die doubled (cavalry that counter-charged, in the open).
    pub defender_double: bool,
    /// 11.2 the charger's pluses.
    pub charger_plus: i8,
    /// 11.2 the defender's pluses.
    pub defender_plus: i8,
}

impl Pair {
    /// 11.1 the result of the two dice: `Some(true)` the defender's figure falls, `Some(false)`
    /// the charger's, `None` neither.
    pub fn result(&self, charger_die: u8, defender_die: u8) -> Option<bool> {
        let a = i32::from(charger_die) * if self.charger_double { 2 } else { 1 }
            + i32::from(self.charger_plus);
        let b = i32::from(defender_die) * if self.defender_double { 2 } else { 1 }
            + i32::from(self.defender_plus);
        if a >= b + 2 {
            Some(true)
        } else if b >= a + 2 {
            Some(false)
        } else {
            None
        }
    }

    /// The chance the defender's figure falls, and the charger's (11.1, exact).
    pub fn odds(&self) -> (f64, f64) {
        let (mut win, mut lose) = (0.0, 0.0);
        for a in 1..=6 {
            for b in 1..=6 {
                match self.result(a, b) {
                    Some(true) => win += 1.0 / 36.0,
                    Some(false) => lose += 1.0 / 36.0,
                    None => {}
                }
            }
        }
        (win, lose)
    }
}

impl Skirmish {
    /// Whether figures `f` and `g` are in contact for a melee: touching with no wall between,
    /// or facing across a building's opening (7.5).
    fn in_touch(&self, f: usize, g: usize) -> bool {
        self.touch_direct(f, g) || self.across_opening(f, g)
    }

    /// 11.1, 11.2 the pairs of a melee between `chargers` and `defenders` as they stand: one
    /// pair at each opening of a building that figures face each other across (7.5: one figure
    /// a side attacks or defends a door or window), then a maximum matching of the figures
    /// touching with no wall between (the deterministic augmenting-path matching by figure
    /// number), each pair with its modifiers.
    pub fn pairs(&self, m: &Melee) -> Vec<Pair> {
        let fighters = |units: &[u8]| -> Vec<usize> {
            units
                .iter()
                .flat_map(|&u| self.table_figures(u as usize).collect::<Vec<_>>())
                .filter(|&f| self.figures[f].role.fights())
                .collect()
        };
        let a = fighters(&m.chargers);
        let b = fighters(&m.defenders);
        // 7.5 the openings first: at each, the first figure of either side facing across it
        let mut owner: Vec<Option<usize>> = vec![None; b.len()];
        let mut at_opening = vec![false; b.len()];
        let mut openings: Vec<(usize, usize)> = Vec::new();
        for i in 0..a.len() {
            if owner.contains(&Some(i)) {
                continue;
            }
            for j in 0..b.len() {
                if owner[j].is_some() {
                    continue;
                }
                if let Some(o) = self.opening_between(a[i], b[j]) {
                    if !openings.contains(&o) {
                        openings.push(o);
                        owner[j] = Some(i);
                        at_opening[j] = true;
                        break;
                    }
                }
            }
        }
        let taken_a: Vec<bool> = (0..a.len()).map(|i| owner.contains(&Some(i))).collect();
        let edges: Vec<Vec<usize>> = a
            .iter()
            .enumerate()
            .map(|(i, &f)| {
                if taken_a[i] {
                    return Vec::new();
                }
                (0..b.len())
                    .filter(|&j| !at_opening[j] && self.touch_direct(f, b[j]))
                    .collect()
            })
            .collect();
        // Kuhn's augmenting paths
        fn augment(
            i: usize,
            edges: &[Vec<usize>],
            seen: &mut [bool],
            owner: &mut [Option<usize>],
        ) -> bool {
            for &j in &edges[i] {
                if seen[j] {
                    continue;
                }
                seen[j] = true;
                if owner[j].is_none_or(|k| augment(k, edges, seen, owner)) {
                    owner[j] = Some(i);
                    return true;
                }
            }
            false
        }
        for i in 0..a.len() {
            if taken_a[i] {
                continue;
            }
            let mut seen = at_opening.clone();
            augment(i, &edges, &mut seen, &mut owner);
        }
        let matched_a: Vec<bool> = (0..a.len()).map(|i| owner.contains(&Some(i))).collect();
        let mut out = Vec::new();
        for (j, o) in owner.iter().enumerate() {
            let Some(i) = *o else { continue };
            let (f, g) = (a[i], b[j]);
            let (uf, ug) = (self.figures[f].unit as usize, self.figures[g].unit as usize);
            let open = self.open_ground(self.figures[f].pose.at)
                && self.open_ground(self.figures[g].pose.at)
                && !self.obstacle_between(f, g);
            let mut cp = 0i8;
            let mut dp = 0i8;
            // +1 grenadiers or highlanders
            if self.units[uf].traits.grenadier {
                cp += 1;
            }
            if self.units[ug].traits.grenadier {
                dp += 1;
            }
            // +1 fighting militia
            if self.units[ug].troop == Troop::Militia {
                cp += 1;
            }
            if self.units[uf].troop == Troop::Militia {
                dp += 1;
            }
            // +1 regular infantry charging an enemy not in buildings or fortifications
            if self.units[uf].troop.is_regular_infantry() && !self.fortified(f, g) {
                cp += 1;
            }
            // +1 defending an obstacle, building etc.
            if self.building_at(self.figures[g].pose.at).is_some()
                || self.obstacle_between(f, g)
                || self.fortified(f, g)
            {
                dp += 1;
            }
            // +1 two against one: an unmatched friend also touching the enemy figure (never at
            // an opening, where one figure a side fights, 7.5)
            if !at_opening[j] {
                if (0..a.len()).any(|k| !matched_a[k] && k != i && self.touch_direct(a[k], g)) {
                    cp += 1;
                }
                if (0..b.len()).any(|k| owner[k].is_none() && k != j && self.touch_direct(b[k], f))
                {
                    dp += 1;
                }
            }
            out.push(Pair {
                charger: f,
                defender: g,
                charger_double: m.shock && self.units[uf].troop == Troop::Cavalry && open,
                defender_double: m.counter && self.units[ug].troop == Troop::Cavalry && open,
                charger_plus: cp,
                defender_plus: dp,
            });
        }
        out
    }

    /// 11.2 whether figure `g`, charged by `f`, is in a building or a fortification: inside a
    /// building, in a fort's walls or an entrenchment, or behind an earthwork (a rampart, a
    /// finished redoubt) that lies between them.
    fn fortified(&self, f: usize, g: usize) -> bool {
        let p = self.figures[g].pose.at;
        if self.building_at(p).is_some() {
            return true;
        }
        if self.scenario.layout.terrain().iter().any(|t| {
            matches!(t.kind, Kind::FortWall | Kind::Entrenchment)
                && t.polygon.locate(p) != Location::Outside
        }) {
            return true;
        }
        let seg = Segment::new(self.figures[f].pose.at, p);
        self.obstacles.iter().any(|o| {
            self.scenario.features[o.feature as usize].kind
                == crate::scenario::FeatureKind::Earthwork
                && !o.line.crossings(&seg).is_empty()
        })
    }

    /// 11.2 whether an obstacle (fence, wall, hedge, abatis, earthwork) lies between two figures.
    fn obstacle_between(&self, f: usize, g: usize) -> bool {
        let seg = Segment::new(self.figures[f].pose.at, self.figures[g].pose.at);
        self.obstacles
            .iter()
            .any(|o| !o.line.crossings(&seg).is_empty())
    }

    /// One round of a melee: every pair rolls, losers go to the holding area, each unit that
    /// lost a figure puts its leaders at risk. Figures lost per side (chargers, defenders).
    fn fight_round(&mut self, m: &Melee, round: u32) -> (u32, u32) {
        let pairs = self.pairs(m);
        if pairs.is_empty() {
            return (0, 0);
        }
        let n = pairs.len() as u32;
        let who = self.id(m.chargers[0] as usize).to_string();
        let them = self.id(m.defenders[0] as usize).to_string();
        self.dice.ask(2 * n, 6, || {
            format!("melee round {round}, {who} against {them}: {}, for each the charger's die then the defender's (11.1)", crate::wording::count(n, "pair", "pairs"))
        });
        let mut fallen = Vec::new();
        let mut faces = Vec::new();
        for p in &pairs {
            let (a, b) = (self.dice.d6(), self.dice.d6());
            faces.push(format!(
                "{a}{}:{b}{}",
                plus(p.charger_plus),
                plus(p.defender_plus)
            ));
            match p.result(a, b) {
                Some(true) => fallen.push(p.defender),
                Some(false) => fallen.push(p.charger),
                None => {}
            }
        }
        let mut lost = (0u32, 0u32);
        let mut hurt: Vec<usize> = Vec::new();
        for f in fallen {
            let u = self.figures[f].unit as usize;
            if self.figures[f].status != Status::Ready {
                continue;
            }
            self.send_to_holding(f);
            if m.chargers.contains(&(u as u8)) {
                lost.0 += 1;
            } else {
                lost.1 += 1;
            }
            if !hurt.contains(&u) {
                hurt.push(u);
            }
        }
        let line = format!(
            "melee round {round}, {who} against {them}: {}; {} and {} fall",
            faces.join(" "),
            lost.0,
            lost.1
        );
        self.log.public(|| line.clone());
        for u in hurt {
            self.leaders_at_risk(u);
            self.relayout(u);
            if self.present_count(u) == 0 {
                self.unit_gone(u, crate::state::Out::Destroyed);
            }
        }
        lost
    }

    /// 11.3 rear ranks replace casualties: every figure of a side not in contact steps up to
    /// 1.5" to touch an enemy figure of the melee.
    fn refill(&mut self, m: &Melee) {
        for (mine, theirs) in [(&m.chargers, &m.defenders), (&m.defenders, &m.chargers)] {
            let foes: Vec<usize> = theirs
                .iter()
                .flat_map(|&u| self.table_figures(u as usize).collect::<Vec<_>>())
                .collect();
            let own: Vec<usize> = mine
                .iter()
                .flat_map(|&u| self.table_figures(u as usize).collect::<Vec<_>>())
                .collect();
            for f in own {
                if foes.iter().any(|&g| self.in_touch(f, g))
                    || self.building_at(self.figures[f].pose.at).is_some()
                {
                    continue;
                }
                let p = self.figures[f].pose.at;
                let Some(&g) = foes.iter().min_by(|&&a, &&b| {
                    p.dist(self.figures[a].pose.at)
                        .total_cmp(&p.dist(self.figures[b].pose.at))
                }) else {
                    continue;
                };
                let goal = self.figures[g].pose.at;
                let facing = bearing(p, goal);
                let here = self.footprint(f).place(Pose::new(p.x, p.y, facing));
                let Some(d) = here.first_within(goal, &self.bases[g], 0.0) else {
                    continue;
                };
                if d > 1.5 + EPS {
                    continue;
                }
                let to = p + (goal - p) * (d / p.dist(goal).max(EPS));
                let rect = self.footprint(f).place(Pose::new(to.x, to.y, facing));
                if (0..self.figures.len())
                    .all(|h| h == f || !self.on_table(h) || !self.bases[h].overlaps(&rect))
                    && self.crossed(p, to).is_ok()
                {
                    self.set_pose(f, Pose::new(to.x, to.y, facing));
                }
            }
        }
    }

    /// The melees of the turn, each made of every unit linked to it through contacts, in the
    /// order their first contact was made.
    fn melee_groups(&self) -> Vec<Melee> {
        let mut groups: Vec<Melee> = Vec::new();
        for m in &self.melees {
            let joined = groups.iter().position(|g| {
                m.chargers
                    .iter()
                    .any(|u| g.chargers.contains(u) || g.defenders.contains(u))
                    || m.defenders
                        .iter()
                        .any(|u| g.chargers.contains(u) || g.defenders.contains(u))
            });
            match joined {
                Some(k) => {
                    let g = &mut groups[k];
                    for &u in &m.chargers {
                        if !g.chargers.contains(&u) && !g.defenders.contains(&u) {
                            g.chargers.push(u);
                        }
                    }
                    for &u in &m.defenders {
                        if !g.defenders.contains(&u) && !g.chargers.contains(&u) {
                            g.defenders.push(u);
                        }
                    }
                    g.shock &= m.shock;
                    g.counter |= m.counter;
                }
                None => groups.push(m.clone()),
            }
        }
        groups
    }

    /// 11 fights every melee of the turn, then the shattered tests (12.1) and the capture of a
    /// beaten and shattered unit's holding area (12.5).
    pub(crate) fn resolve_melees(&mut self) {
        let groups = self.melee_groups();
        let mut beaten: Vec<(Vec<u8>, Vec<u8>)> = Vec::new();
        for mut m in groups {
            m.chargers.retain(|&u| self.units[u as usize].in_play());
            m.defenders.retain(|&u| self.units[u as usize].in_play());
            if m.chargers.is_empty() || m.defenders.is_empty() || self.pairs(&m).is_empty() {
                continue;
            }
            self.fight_round(&m, 1);
            let losses = |s: &Self, units: &[u8]| -> u32 {
                units
                    .iter()
                    .map(|&u| u32::from(s.units[u as usize].melee_losses))
                    .sum()
            };
            let (mut a, mut b) = (losses(self, &m.chargers), losses(self, &m.defenders));
            if a == b {
                let cavalry = m.shock
                    && m.chargers
                        .iter()
                        .all(|&u| self.units[u as usize].troop == Troop::Cavalry);
                if cavalry && self.pass_through(&m) {
                    self.melee_over(&m, None);
                    continue;
                }
                self.refill(&m);
                // the second round among the units still in play; a unit the first round put
                // out of it keeps its losses in the count, and its side may still lose
                let mut fighting = m.clone();
                fighting
                    .chargers
                    .retain(|&u| self.units[u as usize].in_play());
                fighting
                    .defenders
                    .retain(|&u| self.units[u as usize].in_play());
                if !fighting.chargers.is_empty() && !fighting.defenders.is_empty() {
                    self.fight_round(&fighting, 2);
                }
                a = losses(self, &m.chargers);
                b = losses(self, &m.defenders);
                if a == b {
                    // no result after a second round: the charger falls back
                    a = b + 1;
                }
            }
            // a side with no unit left in play has lost whatever the count (11.3: there is
            // no one left to hold the ground)
            let left =
                |s: &Self, units: &[u8]| units.iter().any(|&u| s.units[u as usize].in_play());
            let chargers_won = match (left(self, &m.chargers), left(self, &m.defenders)) {
                (true, false) => true,
                (false, true) => false,
                _ => b > a,
            };
            let (winners, losers) = if chargers_won {
                (m.chargers.clone(), m.defenders.clone())
            } else {
                (m.defenders.clone(), m.chargers.clone())
            };
            self.melee_over(&m, Some(chargers_won));
            self.fall_back(&losers, &winners);
            beaten.push((losers, winners));
        }
        // 12.1 the shattered tests, once every melee is settled; 12.5 a beaten unit shattered
        // in the same turn loses its holding area to the enemy
        for (losers, winners) in beaten {
            for &u in &losers {
                let u = u as usize;
                if !self.units[u].in_play() {
                    continue;
                }
                self.test_shattered(u);
                if self.units[u].shattered {
                    let taken: Vec<usize> = self.units[u]
                        .figures
                        .iter()
                        .map(|&f| f as usize)
                        .filter(|&f| self.figures[f].status == Status::Holding)
                        .collect();
                    if !taken.is_empty() {
                        let n = taken.len();
                        for f in taken {
                            self.figures[f].status = Status::Captured;
                        }
                        if let Some(&w) = winners.first() {
                            self.units[w as usize].prisoners += n as u16;
                            self.units[w as usize].fresh_prisoners = true;
                        }
                        let id = self.id(u).to_string();
                        self.log.public(|| {
                            format!(
                                "{id} is beaten and shattered: {} taken by the enemy (12.5)",
                                crate::wording::count(
                                    n as u64,
                                    "casualty in its holding area is",
                                    "casualties in its holding area are"
                                )
                            )
                        });
                    }
                }
            }
        }
        self.melees.clear();
        self.check_victory();
    }

    /// The aftermath of a melee: both sides must rally (11.3); the chargers' last action.
    fn melee_over(&mut self, m: &Melee, chargers_won: Option<bool>) {
        for &u in m.chargers.iter().chain(m.defenders.iter()) {
            let unit = &mut self.units[u as usize];
            unit.needs_rally = true;
            unit.in_charge = false;
        }
        let won = chargers_won.unwrap_or(false);
        for &u in &m.chargers {
            self.units[u as usize].last = if won {
                Last::ChargeWon
            } else {
                Last::ChargeLost
            };
        }
        let side = self.units[m.chargers[0] as usize].side.index();
        if won {
            self.tallies.won[side] += 1;
        } else if chargers_won == Some(false) {
            self.tallies.won[1 - side] += 1;
        }
        // where guns are spiked, a charge that drives a gun's crew from it spikes the gun
        // there and then (a nail in the vent takes a moment: the scenario's rule)
        if won && self.scenario.spiking {
            for &d in &m.defenders {
                if self.units[d as usize].troop == crate::troops::Troop::Artillery
                    && !self.units[d as usize].gun_lost
                {
                    let who = self.id(m.chargers[0] as usize).to_string();
                    self.spike_gun(d as usize, &who);
                }
            }
        }
        // scenario 2: a raiding band that beats a household may burn its cabin
        if won {
            for &u in &m.chargers {
                if !self.scenario.sides[self.units[u as usize].side.index()]
                    .units
                    .get(u as usize - self.first_unit(self.units[u as usize].side))
                    .is_some_and(|s| s.raider)
                {
                    continue;
                }
                for &d in &m.defenders {
                    if let Some(b) = self.household_building(d as usize) {
                        self.units[u as usize].raid = crate::state::Raid::MayBurn(b as u8);
                    }
                }
            }
        }
        let (a, b) = (
            self.id(m.chargers[0] as usize).to_string(),
            self.id(m.defenders[0] as usize).to_string(),
        );
        let word = match chargers_won {
            Some(true) => format!("{a} wins the melee against {b} (11.3)"),
            Some(false) => format!("{b} holds against {a} (11.3)"),
            None => format!("{a} rides through {b} (11.3)"),
        };
        self.log.public(|| word.clone());
    }

    /// 11.3 the losers fall back half a move facing the enemy; one that cannot is surrounded
    /// and stays to fight on next turn.
    fn fall_back(&mut self, losers: &[u8], winners: &[u8]) {
        let away = self.centre(winners[0] as usize);
        for &u in losers {
            let u = u as usize;
            if !self.units[u].in_play() {
                continue;
            }
            let id = self.id(u).to_string();
            if self.is_surrounded(u) {
                self.units[u].surrounded = true;
                self.log
                    .public(|| format!("{id} cannot fall back: it is surrounded (12.2)"));
                // it stays in contact: the fight goes on next turn
                if let Some(&w) = winners.first() {
                    self.melees.push(Melee {
                        chargers: vec![w],
                        defenders: vec![u as u8],
                        shock: false,
                        counter: false,
                    });
                }
                continue;
            }
            let budget = self.roll_allowance(u, "falling back from the melee (11.3)") / 2.0;
            let went = self.retreat(u, budget, away, false);
            self.units[u].last = if self.units[u].last == Last::ChargeWon {
                Last::Retreat
            } else {
                self.units[u].last
            };
            self.log
                .public(|| format!("{id} falls back {went:.1}\" facing the enemy (11.3)"));
        }
    }

    /// 11.3 cavalry that charged and tied ride through the enemy with the rest of their move:
    /// placed beyond it, straight on, if there is room; whether they did.
    fn pass_through(&mut self, m: &Melee) -> bool {
        let target = m.defenders[0] as usize;
        let tc = self.centre(target);
        let mut moves = Vec::new();
        for &u in &m.chargers {
            let u = u as usize;
            let c = self.centre(u);
            let dir = heading(bearing(c, tc));
            let depth = self
                .table_figures(target)
                .map(|g| (self.figures[g].pose.at - c).dot(dir))
                .fold(0.0, f64::max);
            let v = dir * (depth + 3.0);
            for f in self.table_figures(u).collect::<Vec<_>>() {
                let p = self.figures[f].pose;
                let to = p.at + v;
                let rect = self.footprint(f).place(Pose::new(to.x, to.y, p.facing));
                if !self.scenario.layout.bounds().holds(&rect)
                    || self.ground_at(to, self.mover_of(f)).is_err()
                    || (0..self.figures.len()).any(|h| {
                        self.on_table(h)
                            && self.figures[h].unit as usize != u
                            && self.bases[h].overlaps(&rect)
                    })
                {
                    return false;
                }
                moves.push((f, Pose::new(to.x, to.y, p.facing)));
            }
        }
        for (f, p) in moves {
            self.set_pose(f, p);
        }
        true
    }

    /// The building a household's women stand in (scenario 2).
    pub(crate) fn household_building(&self, u: usize) -> Option<usize> {
        if self.units[u].troop != Troop::Household {
            return None;
        }
        let side = self.units[u].side;
        let k = u - self.first_unit(side);
        let feature = self.scenario.sides[side.index()].units.get(k)?.building?;
        self.buildings
            .iter()
            .position(|b| b.feature as usize == feature)
    }

    /// The men of a household (not its women).
    #[doc(hidden)]
    pub fn men(&self, u: usize) -> usize {
        self.present_figures(u)
            .filter(|&f| self.figures[f].role != Role::Woman)
            .count()
    }
}

fn plus(p: i8) -> String {
    if p == 0 {
        String::new()
    } else {
        format!("{p:+}")
    }
}
