//! 10 casualties: hits become casualties (10.1 one for one for close-order foot in the open;
//! halved behind hard cover 10.2, for skirmishers 10.3 and cavalry 10.4; rolled for against a
//! gun 10.5), remainders make a casualty marker (10.6), every casualty goes to the holding
//! area, and every loss puts the leaders at risk (10.7).

use crate::formation::Formation;
use crate::state::{Out, Skirmish, Status};
use crate::troops::{Role, Troop};
use fiw_table::Point;

/// 10.2–10.4 what divides the hits: 2 for hard cover (or a native unit's brush, rocks or woods
/// against small arms), times 2 for skirmishers or cavalry (not both: the reading's one ×2).
pub fn divisor(cover: bool, loose: bool) -> u32 {
    (if cover { 2 } else { 1 }) * (if loose { 2 } else { 1 })
}

/// 10.1–10.6 the casualties `hits` make with `divisor`, and whether a remainder of half or
/// more leaves a marker.
pub fn casualties(hits: u32, divisor: u32) -> (u32, bool) {
    let d = divisor.max(1);
    let rem = hits % d;
    (hits / d, rem > 0 && 2 * rem >= d)
}

impl Skirmish {
    /// 10.2, 10.3, 10.4 the divisor for fire at unit `v` from `from`: cover when at least half
    /// of its figures on the table are behind hard cover (or, against small arms, a native
    /// unit's in brush, rocks or woods).
    pub fn fire_divisor(&self, v: usize, from: Point, artillery: bool) -> u32 {
        let unit = &self.units[v];
        let figs: Vec<usize> = self.table_figures(v).collect();
        let covered = figs
            .iter()
            .filter(|&&f| {
                let p = self.figures[f].pose.at;
                self.hard_cover(p, from)
                    || (!artillery && unit.traits.native && self.native_cover(p))
            })
            .count();
        let cover = !figs.is_empty() && 2 * covered >= figs.len();
        let loose = unit.formation == Formation::Skirmish || unit.troop == Troop::Cavalry;
        divisor(cover, loose)
    }

    /// 10 unit `v` takes `hits` from fire coming from `from` (`artillery` or small arms): the
    /// casualties, markers, leaders' risk and what follows (a unit shattered, 12.1).
    pub(crate) fn take_hits(&mut self, v: usize, hits: u32, from: Point, artillery: bool) -> u32 {
        if hits == 0 || !self.units[v].in_play() {
            return 0;
        }
        self.disturb(v);
        // 10.7 a leader riding alone is himself the target
        if self.is_rider(v) {
            return self.rider_hit(v, hits);
        }
        let id = self.id(v).to_string();
        let d = self.fire_divisor(v, from, artillery);
        let (mut n, marker) = casualties(hits, d);
        if self.units[v].troop == Troop::Artillery {
            return self.hits_on_gun(v, hits / d.max(1), artillery);
        }
        if marker {
            if self.units[v].marker {
                // 10.6 a second marker: both go, and a casualty with them
                self.units[v].marker = false;
                n += 1;
                self.log.public(|| {
                    format!(
                        "{} second casualty marker makes a casualty (10.6)",
                        crate::wording::of(&id)
                    )
                });
            } else {
                self.units[v].marker = true;
                self.log
                    .public(|| format!("{id} takes a casualty marker (10.6)"));
            }
        }
        let mut taken = 0;
        for _ in 0..n {
            if let Some(f) = self.casualty_figure(v, Some(from)) {
                self.send_to_holding(f);
                taken += 1;
            }
        }
        if d > 1 {
            self.log.public(|| {
                format!(
                    "{} on {id}, 1 casualty for every {d} (10.2-10.4): {taken} to the holding area",
                    crate::wording::count(hits, "hit", "hits")
                )
            });
        } else if taken > 0 {
            self.log
                .public(|| format!("{id} loses {taken} to the holding area (10.1)"));
        }
        if taken > 0 {
            self.leaders_at_risk(v);
        }
        self.after_losses(v, taken);
        taken
    }

    /// 10.5 hits on a gun section, each rolled for: 6 destroys the gun if artillery fired, 4–5
    /// bring down a draught animal (no limbered move this turn), 1–3 hit a gunner.
    fn hits_on_gun(&mut self, v: usize, hits: u32, artillery: bool) -> u32 {
        let id = self.id(v).to_string();
        let mut crew = 0;
        for _ in 0..hits {
            self.dice.ask(1, 6, || format!("a hit on {} gun (10.5: 6 the gun if artillery fired, 4-5 a horse, 1-3 a gunner)", crate::wording::of(&id)));
            match self.dice.d6() {
                6 if artillery => {
                    self.units[v].gun_lost = true;
                    self.log
                        .public(|| format!("{} gun is destroyed (10.5)", crate::wording::of(&id)));
                }
                6 => self.log.public(|| {
                    format!(
                        "a hit on {} gun does no harm (10.5)",
                        crate::wording::of(&id)
                    )
                }),
                4 | 5 => {
                    self.units[v].horse_down_turn = self.turn;
                    self.log.public(|| {
                        format!("a draught horse of {id} is hit: no limbered move this turn (10.5)")
                    });
                }
                _ => {
                    if let Some(f) = self.casualty_figure(v, None) {
                        self.send_to_holding(f);
                        crew += 1;
                        self.log
                            .public(|| format!("a gunner of {id} is hit (10.5)"));
                    }
                }
            }
        }
        if crew > 0 {
            self.leaders_at_risk(v);
        }
        self.after_losses(v, crew);
        crew
    }

    /// 10.1 reading: which figure falls: in a formed unit the last of its ranks (the rear
    /// rank's flank); in skirmish order or a building the one nearest the firer; leaders,
    /// musicians and colours only when nobody else is left (they fall by 10.7); never a gun or
    /// a woman (a woman falls when nobody else is left, 9.5).
    pub(crate) fn casualty_figure(&self, v: usize, from: Option<Point>) -> Option<usize> {
        let figs = self.formation_figures(v);
        let men: Vec<usize> = figs
            .iter()
            .copied()
            .filter(|&f| !self.figures[f].role.is_piece())
            .collect();
        let plain: Vec<usize> = men
            .iter()
            .copied()
            .filter(|&f| !self.figures[f].role.is_leader())
            .collect();
        let pool = if plain.is_empty() { men } else { plain };
        let pool: Vec<usize> = if pool.is_empty() {
            self.present_figures(v)
                .filter(|&f| !self.figures[f].role.is_piece())
                .collect()
        } else {
            pool
        };
        // 6.1 fire at the contact takes the chargers' rear ranks while any are left: the man
        // farthest back of those touching no one
        if let (Some(d), Some(p)) = (self.contact_fire, from) {
            let d = d as usize;
            if self.units[d].side != self.units[v].side {
                let theirs: Vec<usize> = self.table_figures(d).collect();
                let rear = pool
                    .iter()
                    .copied()
                    .filter(|&f| {
                        !theirs
                            .iter()
                            .any(|&g| self.touch_direct(f, g) || self.across_opening(f, g))
                    })
                    .max_by(|&a, &b| {
                        self.figures[a]
                            .pose
                            .at
                            .dist(p)
                            .total_cmp(&self.figures[b].pose.at.dist(p))
                            .then(b.cmp(&a))
                    });
                if rear.is_some() {
                    return rear;
                }
            }
        }
        match (self.units[v].formation.is_formed(), from) {
            (false, Some(p)) => pool.into_iter().min_by(|&a, &b| {
                self.figures[a]
                    .pose
                    .at
                    .dist(p)
                    .total_cmp(&self.figures[b].pose.at.dist(p))
                    .then(a.cmp(&b))
            }),
            _ => pool.last().copied(),
        }
    }

    /// 10.1 a figure goes to its unit's holding area (a colonel or general does not come back:
    /// he is killed or badly wounded, 10.7).
    pub(crate) fn send_to_holding(&mut self, f: usize) {
        let role = self.figures[f].role;
        let status = if matches!(role, Role::Colonel) || self.figures[f].general {
            Status::Lost
        } else {
            Status::Holding
        };
        self.figures[f].status = status;
        let u = self.figures[f].unit as usize;
        if status == Status::Lost {
            self.tallies.lost[self.units[u].side.index()] += 1;
        }
        if self.units[u].in_charge {
            self.units[u].melee_losses += 1;
        }
        self.leader_lost(f);
    }

    /// 10.7 what a fallen leader's loss does: a colonel's battalion acts by companies until his
    /// place is taken; a general's side waits for his successor.
    fn leader_lost(&mut self, f: usize) {
        for b in 0..self.battalions.len() {
            if self.battalions[b].colonel == Some(f as u16) {
                self.battalions[b].colonel = None;
                self.battalions[b].colonel_down = Some(self.turn);
                let bat = self.id(self.units.len() + b).to_string();
                self.log.public(|| format!("{} colonel falls: its companies act one by one until his place is taken (10.7)", crate::wording::of(&bat)));
            }
        }
        let u = self.figures[f].unit as usize;
        let s = self.units[u].side.index();
        if self.generals[s] == Some(f as u16) {
            self.generals[s] = None;
            self.general_down[s] = Some(self.turn);
            let who = self.units[u].side.name();
            self.log
                .public(|| format!("the {who} general falls (10.7)"));
        }
    }

    /// 10.7 risk to leaders: a unit that lost figures rolls a die; on a 6 one of its leaders
    /// (officers, sergeants, heroes, colonels, musicians, colours), chosen at random, falls.
    pub(crate) fn leaders_at_risk(&mut self, v: usize) {
        let leaders: Vec<usize> = self
            .table_figures(v)
            .filter(|&f| self.figures[f].role.is_leader())
            .collect();
        if leaders.is_empty() {
            return;
        }
        let id = self.id(v).to_string();
        self.dice.ask(1, 6, || {
            format!("risk to the leaders of {id} (10.7: a leader falls on 6)")
        });
        if self.dice.d6() < 6 {
            return;
        }
        let k = if leaders.len() > 1 {
            let n = leaders.len() as u8;
            self.dice.ask(1, n, || {
                format!(
                    "which of {} {n} leaders falls (10.7)",
                    crate::wording::of(&id)
                )
            });
            usize::from(self.dice.roll(n).clamp(1, n) - 1)
        } else {
            0
        };
        let f = leaders[k];
        let role = self.figures[f].role.word();
        self.log
            .public(|| format!("a 6: {} {role} falls (10.7)", crate::wording::of(&id)));
        self.send_to_holding(f);
        self.after_losses(v, 1);
    }

    /// After unit `v` lost figures: its ranks closed up; destroyed when nobody is left with it;
    /// shattered below half (12.1).
    pub(crate) fn after_losses(&mut self, v: usize, lost: u32) {
        if lost == 0 || !self.units[v].in_play() {
            return;
        }
        self.relayout(v);
        // destroyed: nobody left with it (a gun with no crew left, too; a household's women
        // alone are still a company, S2)
        if self.present_count(v) == 0
            || self
                .present_figures(v)
                .all(|f| self.figures[f].role.is_piece())
        {
            self.unit_gone(v, Out::Destroyed);
            self.check_victory();
            return;
        }
        self.test_shattered(v);
        self.check_victory();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_divisor_and_the_marker() {
        assert_eq!(divisor(false, false), 1);
        assert_eq!(divisor(true, false), 2);
        assert_eq!(divisor(false, true), 2);
        assert_eq!(divisor(true, true), 4);
        // 10.6 an odd hit against divisor 2 leaves a marker; against 4, 2 or 3 left do, 1 not
        assert_eq!(casualties(3, 1), (3, false));
        assert_eq!(casualties(3, 2), (1, true));
        assert_eq!(casualties(4, 2), (2, false));
        assert_eq!(casualties(5, 4), (1, false));
        assert_eq!(casualties(6, 4), (1, true));
        assert_eq!(casualties(7, 4), (1, true));
        assert_eq!(casualties(1, 2), (0, true));
    }
}
