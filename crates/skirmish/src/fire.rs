//! 8 small arms: who may fire (8.1: two ranks, the 45° arc, a target in sight and range), at
//! whom (the unit charging it, else the nearest eligible enemy), the options of 8.2 (all
//! standing, half and move half, the regulars' volley, rifles), cavalry's fire (8.5) and the
//! to-hit table (8.3); firing from buildings and into melees (8.4, assumed).

use crate::formation::{self, Formation};
use crate::scenario::Side;
use crate::sight::Bbox;
use crate::state::Skirmish;
use crate::troops::{charts, Role, Troop, Weapon};
use fiw_engine::RuleError;
use fiw_table::{Arc, Point, Rect, Segment, EPS};
use serde::{Deserialize, Serialize};

/// 8.2 how a unit fires.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FireMode {
    /// a) standing still: every eligible figure.
    All,
    /// b) half the unit, then a half move.
    Half,
    /// c) regulars in close order who have not fired since they rallied: every figure, then a
    /// half move; the smoke cloud bars fire until they rally.
    Volley,
}

impl FireMode {
    /// The word in messages (for one unit).
    pub fn word(self) -> &'static str {
        match self {
            FireMode::All => "all its figures",
            FireMode::Half => "half its figures",
            FireMode::Volley => "a volley of every figure",
        }
    }

    /// The word for several units firing together (a battalion).
    pub fn words(self) -> &'static str {
        match self {
            FireMode::All => "all their figures",
            FireMode::Half => "half their figures",
            FireMode::Volley => "a volley of every figure",
        }
    }
}

/// One group of dice: figures firing alike (the same range band and modifier).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Group {
    /// Figures in it.
    pub figures: u32,
    /// Dice rolled (8.1: one for every two figures, an odd one left by losses rolling too).
    pub dice: u32,
    /// At short range.
    pub short: bool,
    /// 8.3 the modifier added to each die.
    pub plus: i8,
}

impl Group {
    /// The group in words: "2 at 4+ (short range)", "1 at 6+ (long range) with +1".
    pub fn words(&self) -> String {
        format!(
            "{} at {}+ ({} range){}",
            self.dice,
            self.need(),
            if self.short { "short" } else { "long" },
            if self.plus != 0 {
                format!(" with {:+}", self.plus)
            } else {
                String::new()
            }
        )
    }

    /// 8.3 the score a die needs before its modifier: 4 at short range, 6 at long.
    pub fn need(&self) -> u8 {
        if self.short {
            4
        } else {
            6
        }
    }

    /// The chance one die hits.
    pub fn chance(&self) -> f64 {
        let need = i32::from(self.need()) - i32::from(self.plus);
        f64::from((7 - need.clamp(1, 7)).clamp(0, 6)) / 6.0
    }
}

/// A fire worked out: the dice groups at one target.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Shot {
    /// The target unit.
    pub target: usize,
    /// The dice, group by group.
    pub groups: Vec<Group>,
    /// Figures firing in all.
    pub firers: u32,
}

impl Skirmish {
    /// 8.1, 1.2 the figures of unit `u` that may fire now: with a weapon, of a role that
    /// fires, on the table, in the front two ranks of a line or column (all of them in skirmish
    /// order or disorder, and those at a wall of a building with an opening in it).
    pub(crate) fn firing_figures(&self, u: usize) -> Vec<usize> {
        let unit = &self.units[u];
        let figs = self.formation_figures(u);
        let mut out: Vec<usize> = match unit.formation {
            Formation::Line { ranks } => {
                let files = formation::files(figs.len(), ranks);
                figs.into_iter().take(2 * files).collect()
            }
            Formation::Column { width } => figs.into_iter().take(2 * usize::from(width)).collect(),
            Formation::Battery => Vec::new(),
            _ => figs,
        };
        out.retain(|&f| {
            let fig = &self.figures[f];
            self.on_table(f) && fig.role.fires() && fig.weapon != Weapon::None
        });
        out
    }

    /// 8.1, 8.2 d the short and long range of figure `f`'s weapon now (a rifle without its
    /// patched ball fires as a musket).
    pub(crate) fn weapon_range(&self, f: usize) -> (f64, f64) {
        let fig = &self.figures[f];
        let w = match fig.weapon {
            Weapon::Rifle if !fig.rifle_loaded => Weapon::Musket,
            // 5.8 a carbine's 3"/6" is the mounted carbine's (8.1): on foot a trooper fires his
            // as a musket (assumed)
            Weapon::Carbine if self.units[fig.unit as usize].troop != Troop::Cavalry => {
                Weapon::Musket
            }
            w => w,
        };
        charts().range(w)
    }

    /// 7.5 the openings a figure in a building fires out of: those in the wall it stands by
    /// (within 1"), with the wall's outward direction.
    fn wall_openings(&self, f: usize) -> Option<Vec<(Point, Point)>> {
        let p = self.figures[f].pose.at;
        let b = self.building_at(p)?;
        let walls = &self.buildings[b].walls;
        let (s, d) = walls.nearest(p);
        if d > 1.0 + self.footprint(f).depth() / 2.0 + EPS {
            return Some(Vec::new());
        }
        let piece = walls.piece_at(s);
        let normal = walls.normal_at(s);
        Some(
            (0..walls.gaps().len())
                .filter_map(|g| {
                    let (a, c) = walls.gaps()[g];
                    (walls.piece_at((a + c) / 2.0) == piece)
                        .then(|| walls.gap_centre(g).map(|q| (q, normal)))
                        .flatten()
                })
                .collect(),
        )
    }

    /// 8.1 whether figure `f` may fire at figure `g`: the distance it would fire at, or `None`.
    /// `blockers` are the bases that may stand in the way.
    pub(crate) fn fire_line(&self, f: usize, g: usize, blockers: &[(usize, Rect)]) -> Option<f64> {
        let (_, long) = self.weapon_range(f);
        if !self.on_table(g) {
            return None;
        }
        let target = self.bases[g];
        if let Some(openings) = self.wall_openings(f) {
            // 7.5 fire out of a building, through the openings of the firer's wall
            for (eye, normal) in openings {
                let dir = target.centre() - eye;
                let len = dir.len();
                if len <= EPS || dir.dot(normal) < len * std::f64::consts::FRAC_1_SQRT_2 - EPS {
                    continue;
                }
                let range = target.distance_to_point(eye);
                if range > long + EPS {
                    continue;
                }
                let line = Segment::new(eye, target.centre());
                if self.walls_block(&line) {
                    continue;
                }
                let others: Vec<Rect> = blockers
                    .iter()
                    .filter(|(x, _)| *x != g && *x != f)
                    .map(|(_, r)| *r)
                    .collect();
                if self
                    .scenario
                    .layout
                    .sight_line(&line, &self.bases[f], &target, &others, false)
                    .is_ok()
                {
                    return Some(range);
                }
            }
            return None;
        }
        let range = self.bases[f].distance(&target);
        if range > long + EPS {
            return None;
        }
        let unit = &self.units[self.figures[f].unit as usize];
        if unit.formation.is_formed() && !self.bases[f].in_arc(&target, Arc::FRONT_45) {
            return None;
        }
        self.fig_sees_among(f, g, blockers).then_some(range)
    }

    /// 8.4 whether any figure of unit `v` touches an enemy figure (a unit in contact, which no
    /// one fires into and which fires only at its charger, 6.1).
    pub fn in_contact(&self, v: usize) -> bool {
        let side = self.units[v].side;
        let Some(mine) = self.unit_box(v) else {
            return false;
        };
        let theirs: Vec<usize> = self.table_figures(v).collect();
        (0..self.units.len()).any(|u| {
            self.units[u].side != side
                && self.units[u].in_play()
                && self.unit_box(u).is_some_and(|b| b.meets(&mine))
                && self.table_figures(u).any(|f| {
                    theirs.iter().any(|&g| {
                        self.figures[f].pose.at.dist(self.figures[g].pose.at) < 2.5
                            && (self.touch_direct(f, g) || self.across_opening(f, g))
                    })
                })
        })
    }

    /// 8.2, 8.5, 11.3, 12.1 whether units `units` may fire now, or the rule that forbids it.
    pub(crate) fn may_fire(&self, units: &[u8], mode: FireMode) -> Result<(), RuleError> {
        for &u in units {
            let unit = &self.units[u as usize];
            let id = self.id(u as usize);
            if unit.smoke {
                return Err(RuleError::new(
                    "8.2",
                    format!("{id} fired a volley and is wreathed in smoke until it rallies"),
                ));
            }
            if unit.needs_rally {
                return Err(RuleError::new(
                    "11.3",
                    format!("{id} fought a melee and may not shoot until it rallies"),
                ));
            }
            if unit.shattered {
                return Err(RuleError::new(
                    "12.1",
                    format!("{id} is shattered and must rally"),
                ));
            }
            if unit.troop == Troop::Cavalry {
                let cost = if mode == FireMode::Half { 1 } else { 2 };
                if unit.cavalry_fire + cost > 2 {
                    return Err(RuleError::new(
                        "8.5",
                        format!(
                            "{id} has used its fire (one volley or two half fires) and must rally"
                        ),
                    ));
                }
            }
            if mode == FireMode::Volley
                && !(unit.troop.is_regular_infantry() && unit.formation.is_close_order())
            {
                return Err(RuleError::new(
                    "8.2",
                    "only regular infantry in close order fire a volley and then move (option c)",
                ));
            }
            if mode == FireMode::Volley && unit.fired_since_rally {
                // "who have not fired since they last rallied": the flag a rally clears
                return Err(RuleError::new(
                    "8.2",
                    format!("{id} has fired since it last rallied: no volley until it rallies"),
                ));
            }
            if self.in_contact(u as usize) {
                return Err(RuleError::new(
                    "8.4",
                    format!("{id} is in contact with the enemy: it fights at the turn's end"),
                ));
            }
            if self.firing_figures(u as usize).is_empty() {
                return Err(RuleError::new(
                    "8.1",
                    format!("{id} has no figure that can fire"),
                ));
            }
        }
        Ok(())
    }

    /// 8.1 the enemy units that `units` could fire at, nearest first, each with its distance
    /// (the least between their figures, edge to edge), as their side knows the table; no unit
    /// in contact with a friend (8.4).
    pub fn fire_targets(&self, units: &[u8]) -> Vec<(usize, f64)> {
        let Some(&first) = units.first() else {
            return Vec::new();
        };
        let side = self.units[first as usize].side;
        let firers: Vec<usize> = units
            .iter()
            .flat_map(|&u| self.firing_figures(u as usize))
            .collect();
        if firers.is_empty() {
            return Vec::new();
        }
        let reach = firers
            .iter()
            .map(|&f| self.weapon_range(f).1)
            .fold(0.0, f64::max);
        let mut out = Vec::new();
        for (v, d) in self.in_reach(units, side, reach) {
            if self.in_contact(v) {
                continue;
            }
            if self.eligible_firers(units, v).is_empty() {
                continue;
            }
            out.push((v, d));
        }
        out
    }

    /// The enemy units `side` knows of within `reach` of `units` (the least distance between
    /// their figures, edge to edge), nearest first: the units `units` might fire at.
    fn in_reach(&self, units: &[u8], side: Side, reach: f64) -> Vec<(usize, f64)> {
        let mine: Vec<usize> = units.iter().map(|&u| u as usize).collect();
        let mut near: Vec<(usize, f64)> = (0..self.units.len())
            .filter(|&v| self.units[v].side != side && self.known_to(side, v))
            .map(|v| {
                let d = mine
                    .iter()
                    .map(|&u| self.unit_distance(u, v))
                    .fold(f64::INFINITY, f64::min);
                (v, d)
            })
            .filter(|(_, d)| *d <= reach + EPS)
            .collect();
        near.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
        near
    }

    /// 8.1 the nearest enemy units `units` could fire at: the one a unit must fire at, or
    /// those tied for nearest (within a tenth of an inch), among which its side chooses.
    pub fn nearest_targets(&self, units: &[u8]) -> Vec<usize> {
        if !self.cache.on {
            return self.nearest_targets_afresh(units);
        }
        if let Some((who, targets)) = self.cache.targets.get() {
            if who == units {
                return targets.clone();
            }
        }
        let found = self.nearest_targets_afresh(units);
        let _ = self.cache.targets.set((units.to_vec(), found.clone()));
        found
    }

    /// [`Skirmish::fire_targets`] as far as the nearest: the units beyond a tenth of an inch
    /// past the nearest one `units` may fire at are never asked whether they may be fired at
    /// (each asks every firer's sight of every figure).
    fn nearest_targets_afresh(&self, units: &[u8]) -> Vec<usize> {
        let Some(&first) = units.first() else {
            return Vec::new();
        };
        let side = self.units[first as usize].side;
        let reach = units
            .iter()
            .flat_map(|&u| self.firing_figures(u as usize))
            .map(|f| self.weapon_range(f).1)
            .fold(f64::NEG_INFINITY, f64::max);
        if reach == f64::NEG_INFINITY {
            return Vec::new();
        }
        let mut best = None::<f64>;
        let mut out = Vec::new();
        for (v, d) in self.in_reach(units, side, reach) {
            if best.is_some_and(|b| d > b + 0.1) {
                break;
            }
            if self.in_contact(v) || self.eligible_firers(units, v).is_empty() {
                continue;
            }
            best.get_or_insert(d);
            out.push(v);
        }
        out
    }

    /// 8.1 the figures of `units` that may fire at unit `v`, each with its range to the
    /// nearest figure of `v` it may fire at.
    pub(crate) fn eligible_firers(&self, units: &[u8], v: usize) -> Vec<(usize, f64)> {
        let Some(&first) = units.first() else {
            return Vec::new();
        };
        let side = self.units[first as usize].side;
        let mine: Vec<usize> = units.iter().map(|&u| u as usize).collect();
        let mut all = mine.clone();
        all.push(v);
        let area = self.box_of(&all).unwrap_or(Bbox::empty());
        let blockers = self.blockers(side, &mine, &area);
        let theirs: Vec<usize> = self.table_figures(v).collect();
        // no two bases are nearer than their centres less both half-diagonals: each firer
        // asks about the target's figures nearest first, and stops at the first that cannot
        // be nearer than the nearest it may fire at
        let radius = |f: usize| {
            let fp = self.footprint(f);
            fp.frontage().hypot(fp.depth()) / 2.0
        };
        let their_radius: Vec<f64> = theirs.iter().map(|&g| radius(g)).collect();
        let mut order: Vec<(f64, usize)> = Vec::with_capacity(theirs.len());
        let mut out = Vec::new();
        for &u in &mine {
            for f in self.firing_figures(u) {
                let (at, rf) = (self.figures[f].pose.at, radius(f));
                // (a figure in a building fires from its wall's openings, nearer than itself)
                let inside = self.wall_openings(f).is_some();
                order.clear();
                order.extend(theirs.iter().zip(&their_radius).map(|(&g, &rg)| {
                    let least = if inside {
                        f64::NEG_INFINITY
                    } else {
                        at.dist(self.figures[g].pose.at) - rf - rg - EPS
                    };
                    (least, g)
                }));
                order.sort_by(|a, b| a.0.total_cmp(&b.0));
                let mut best = f64::INFINITY;
                for &(least, g) in &order {
                    if least > best {
                        break;
                    }
                    if let Some(range) = self.fire_line(f, g, &blockers) {
                        best = best.min(range);
                    }
                }
                if best.is_finite() {
                    out.push((f, best));
                }
            }
        }
        out
    }

    /// 8.1–8.3 the dice `units` roll firing at `v` in `mode`; `halted`: the unit has stood
    /// still this turn (8.3's first volley).
    ///
    /// 8.1 one die for every two figures, an odd one at the end rolling on its own: each
    /// figure fires at its range band with its own modifier (its unit's, or its own as a marksman); figures alike are paired
    /// first, and the odd ones of each kind are pooled, two to a die at the worse band and
    /// the lower modifier (rounding up kind by kind would give a die to a remainder the
    /// grouping made, not a loss). A hero's +1 goes on the die he fires in. Half fire (8.2 b)
    /// is the better half of the figures.
    pub fn shot(&self, units: &[u8], v: usize, mode: FireMode, halted: bool) -> Shot {
        let firers = self.eligible_firers(units, v);
        // each figure firing: (short range, modifier, hero)
        let mut men: Vec<(bool, i8, bool)> = Vec::with_capacity(firers.len() + 2);
        for &(f, range) in &firers {
            let unit = &self.units[self.figures[f].unit as usize];
            let (short_range, _) = self.weapon_range(f);
            let short = range <= short_range + EPS;
            let mut plus = 0i8;
            // 8.3 the unit's marksmen, or this figure alone in a mixed company (S2)
            if unit.traits.marksmen || self.figures[f].marksman {
                plus += 1;
            }
            if unit.troop.is_regular_infantry()
                && unit.formation.is_close_order()
                && !unit.fired_game
                && halted
            {
                plus += 1;
            }
            men.push((short, plus, self.figures[f].role == Role::Hero));
        }
        // S2 women loading at the walls: each beside a firing man at the same wall makes one
        // more firer of his kind
        for &u in units {
            let u = u as usize;
            if self.units[u].troop != Troop::Household {
                continue;
            }
            let women = self
                .present_figures(u)
                .filter(|&f| {
                    self.figures[f].role == Role::Woman
                        && self.wall_openings(f).is_some_and(|o| !o.is_empty())
                })
                .count();
            let at_walls: Vec<&(usize, f64)> = firers
                .iter()
                .filter(|(f, _)| {
                    self.figures[*f].unit as usize == u && self.wall_openings(*f).is_some()
                })
                .collect();
            if let Some(&&(f, range)) = at_walls.first() {
                let short = range <= self.weapon_range(f).0 + EPS;
                let plus = i8::from(self.units[u].traits.marksmen);
                for _ in 0..women.min(at_walls.len()) {
                    men.push((short, plus, false));
                }
            }
        }
        let firers_n = men.len() as u32;
        // the better figures first: short range, then the greater modifier, heroes
        men.sort_by(|a, b| b.cmp(a));
        if mode == FireMode::Half {
            men.truncate(men.len().div_ceil(2));
        }
        let dice = pool_dice(&men);
        let mut groups: Vec<Group> = Vec::new();
        for (short, plus, figures) in dice {
            match groups
                .iter_mut()
                .find(|g| g.short == short && g.plus == plus)
            {
                Some(g) => {
                    g.dice += 1;
                    g.figures += figures;
                }
                None => groups.push(Group {
                    figures,
                    dice: 1,
                    short,
                    plus,
                }),
            }
        }
        Shot {
            target: v,
            groups,
            firers: firers_n,
        }
    }

    /// 8 `units` fire at `v` in `mode`: the dice are rolled, the hits taken (10), the unit's
    /// markers set (8.2 smoke, 8.5 cavalry, 8.2 d rifles), a hidden firer revealed (7.7), the
    /// shots heard (scenario alerts). The casualties caused.
    pub(crate) fn fire(
        &mut self,
        units: &[u8],
        v: usize,
        mode: FireMode,
        why: &str,
        halted: bool,
    ) -> u32 {
        let shot = self.shot(units, v, mode, halted);
        let ids: Vec<String> = units
            .iter()
            .map(|&u| self.id(u as usize).to_string())
            .collect();
        let who = ids.join(" and ");
        // "fires at br-a first", "fires at br-a (its chargers)"
        let (target, why) = match why.strip_prefix(" at ") {
            Some(whom) => (format!("{} ({whom})", self.id(v)), String::new()),
            None => (self.id(v).to_string(), why.to_string()),
        };
        for &u in units {
            if self.units[u as usize].hidden {
                self.reveal(u as usize, "fires (7.7)");
            }
        }
        let mut hits = 0u32;
        let mut faces = Vec::new();
        for g in &shot.groups {
            let need = g.need();
            let plus = g.plus;
            let fires = crate::wording::verb(units.len(), "fires", "fire");
            self.dice.ask(g.dice, 6, || {
                format!(
                    "{who} {fires} at {target}{why}: {}, {} range, hitting on {}{} (8.3)",
                    crate::wording::count(g.dice, "die", "dice"),
                    if g.short { "short" } else { "long" },
                    need,
                    if plus != 0 {
                        format!(" with {plus:+} each")
                    } else {
                        String::new()
                    }
                )
            });
            for _ in 0..g.dice {
                let r = self.dice.d6();
                faces.push(r.to_string());
                if i32::from(r) + i32::from(g.plus) >= i32::from(need) {
                    hits += 1;
                }
            }
        }
        let line = format!(
            "{who} {} at {target}{why} with {} ({}: {}): {}: {}",
            crate::wording::verb(units.len(), "fires", "fire"),
            if units.len() == 1 {
                mode.word()
            } else {
                mode.words()
            },
            crate::wording::count(shot.firers, "figure", "figures"),
            shot.groups
                .iter()
                .map(|g| g.words())
                .collect::<Vec<_>>()
                .join(", "),
            if faces.is_empty() {
                "-".to_string()
            } else {
                faces.join(" ")
            },
            crate::wording::count(hits, "hit", "hits")
        );
        self.log.public(|| line.clone());
        let turn = self.turn;
        let from = self.centre(units[0] as usize);
        for &u in units {
            let unit = &mut self.units[u as usize];
            unit.fired_game = true;
            unit.fired_since_rally = true;
            unit.fired_turn = turn;
            if mode == FireMode::Volley {
                unit.smoke = true;
            }
            if unit.troop == Troop::Cavalry {
                unit.cavalry_fire += if mode == FireMode::Half { 1 } else { 2 };
            }
        }
        for &u in units {
            for f in self.firing_figures(u as usize) {
                if self.figures[f].weapon == Weapon::Rifle {
                    self.figures[f].rifle_loaded = false;
                }
            }
        }
        self.shots_heard(units, v);
        self.take_hits(v, hits, from, false)
    }
}

/// 8.1 the dice of figures `men` (each its range band, its modifier and whether a hero),
/// best first: each die as (short range, modifier, figures it stands for). Figures of a kind
/// (band and modifier) pair off; the odd one of each kind is pooled with the next kind's, a
/// pooled pair rolling at the worse band and the lower modifier; a last odd figure rolls
/// alone. A hero's +1 goes on the die he is in.
fn pool_dice(men: &[(bool, i8, bool)]) -> Vec<(bool, i8, u32)> {
    let mut out = Vec::new();
    let mut left: Vec<(bool, i8, bool)> = Vec::new();
    let mut k = 0;
    while k < men.len() {
        let kind = (men[k].0, men[k].1);
        let mut same: Vec<bool> = Vec::new();
        while k < men.len() && (men[k].0, men[k].1) == kind {
            same.push(men[k].2);
            k += 1;
        }
        // the heroes among them fire in pairs, an odd man out being a plain one if any
        let heroes = same.iter().filter(|h| **h).count();
        let pairs = same.len() / 2;
        for p in 0..pairs {
            let plus = kind.1 + i8::from(p < heroes);
            out.push((kind.0, plus, 2));
        }
        if same.len() % 2 == 1 {
            left.push((kind.0, kind.1, heroes > pairs));
        }
    }
    for two in left.chunks(2) {
        match two {
            [a, b] => out.push((a.0 && b.0, a.1.min(b.1) + i8::from(a.2 || b.2), 2)),
            [a] => out.push((a.0, a.1 + i8::from(a.2), 1)),
            _ => {}
        }
    }
    out
}
