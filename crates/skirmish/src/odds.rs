//! 7 (item 7 of the project's issue) exact odds where a player decides, shown beside the menu:
//! the chance a charge reaches, the casualties a fire should cause with every modifier and
//! halving, the chance a control check allows what the player wants, the chance a search finds
//! what is there. Computed from what the deciding side knows: its own units and the enemy it
//! can see, never a hidden unit.

use crate::casualties;
use crate::fire::{FireMode, Shot};
use crate::state::Skirmish;
use crate::terrain::Mover;
use crate::troops::charts;

/// The distribution of the sum of `n` six-sided dice: `p[s]` is the chance of `s`.
pub fn dice_sum(n: u32) -> Vec<f64> {
    let mut p = vec![1.0];
    for _ in 0..n {
        let mut next = vec![0.0; p.len() + 6];
        for (s, q) in p.iter().enumerate() {
            for face in 1..=6 {
                next[s + face] += q / 6.0;
            }
        }
        p = next;
    }
    p
}

/// The distribution of hits of a fire: groups of dice, each hitting with its own chance.
pub fn hits(shot: &Shot) -> Vec<f64> {
    let mut p = vec![1.0];
    for g in &shot.groups {
        let c = g.chance();
        for _ in 0..g.dice {
            let mut next = vec![0.0; p.len() + 1];
            for (h, q) in p.iter().enumerate() {
                next[h] += q * (1.0 - c);
                next[h + 1] += q * c;
            }
            p = next;
        }
    }
    p
}

/// The distribution of casualties from the hits `p` with `divisor`, the target holding a
/// casualty marker or not (10.6).
pub fn casualties_of(p: &[f64], divisor: u32, marker: bool) -> Vec<f64> {
    let mut out = vec![0.0; p.len() + 1];
    for (h, q) in p.iter().enumerate() {
        let (mut n, m) = casualties::casualties(h as u32, divisor);
        if m && marker {
            n += 1;
        }
        out[n as usize] += q;
    }
    while out.len() > 1 && out.last() == Some(&0.0) {
        out.pop();
    }
    out
}

/// 10.5 the distribution of gunners hit by small-arms hits `p` on a gun section with
/// `divisor`: each hit that counts rolls a die, a gunner falling on 1-3.
pub fn gunners_of(p: &[f64], divisor: u32) -> Vec<f64> {
    let mut out = vec![0.0; p.len() + 1];
    for (h, q) in p.iter().enumerate() {
        let n = h / divisor.max(1) as usize;
        // a binomial of n hits at one half each
        let mut b = vec![1.0];
        for _ in 0..n {
            let mut next = vec![0.0; b.len() + 1];
            for (k, x) in b.iter().enumerate() {
                next[k] += x / 2.0;
                next[k + 1] += x / 2.0;
            }
            b = next;
        }
        for (k, x) in b.iter().enumerate() {
            out[k] += q * x;
        }
    }
    while out.len() > 1 && out.last() == Some(&0.0) {
        out.pop();
    }
    out
}

/// A distribution in words: `0: 44%, 1: 41%, 2: 15%` (the tail past three joined).
pub fn words(p: &[f64]) -> String {
    let mut parts = Vec::new();
    for (k, q) in p.iter().enumerate() {
        if k == 3 {
            let rest: f64 = p[3..].iter().sum();
            if rest > 0.0005 {
                parts.push(format!("3+: {:.0}%", 100.0 * rest));
            }
            break;
        }
        if *q > 0.0005 || k == 0 {
            parts.push(format!("{k}: {:.0}%", 100.0 * q));
        }
    }
    parts.join(", ")
}

impl Skirmish {
    /// 7 the casualties fire at unit `v` by `units` in `mode` should cause, in words.
    pub fn fire_note(&self, units: &[u8], v: usize, mode: FireMode, halted: bool) -> String {
        let shot = self.shot(units, v, mode, halted);
        let dice: u32 = shot.groups.iter().map(|g| g.dice).sum();
        let from = self.centre(units[0] as usize);
        let d = self.fire_divisor(v, from, false);
        let groups: Vec<String> = shot
            .groups
            .iter()
            .map(|g| {
                format!(
                    "{}d at {}+{}",
                    g.dice,
                    g.need(),
                    if g.plus != 0 {
                        format!(" ({:+} each)", g.plus)
                    } else {
                        String::new()
                    }
                )
            })
            .collect();
        let halving = if d > 1 {
            format!(", 1 in {d} hits counts")
        } else {
            String::new()
        };
        let head = format!(
            "{} ({}){halving}",
            crate::wording::count(dice, "die", "dice"),
            groups.join(", ")
        );
        if self.units[v].troop == crate::troops::Troop::Artillery {
            // 10.5 each hit on a gun section is rolled for: a gunner on 1-3, a draught horse on
            // 4-5, nothing from small arms on 6
            let p = gunners_of(&hits(&shot), d);
            return format!(
                "{head}; gunners hit (1-3 on each hit's die, 10.5) {}",
                words(&p)
            );
        }
        let p = casualties_of(&hits(&shot), d, self.units[v].marker);
        format!("{head}; casualties {}", words(&p))
    }

    /// 7 the chance the rolled move of `units` charging `target` reaches it (the nearest pair
    /// of figures, the ground between as the charger pays for it), halved if they fire first.
    pub fn charge_note(&self, units: &[u8], target: usize, fire: bool) -> String {
        let u0 = units[0] as usize;
        // (edge distance, the way's cost, whether it crosses an obstacle or a ford)
        let mut best: Option<(f64, f64, bool)> = None;
        for &u in units {
            for f in self.table_figures(u as usize) {
                for g in self.table_figures(target) {
                    let d = self.bases[f].distance(&self.bases[g]);
                    if best.is_none_or(|(b, _, _)| d < b) {
                        let p = self.figures[f].pose.at;
                        let q = self.figures[g].pose.at;
                        let t = if p.dist(q) > 1e-9 { d / p.dist(q) } else { 0.0 };
                        let to = p + (q - p) * t;
                        let mover = match self.mover_of(f) {
                            Mover::Column => Mover::Formed,
                            m => m,
                        };
                        let cost = self.path_cost(p, to, mover).unwrap_or(f64::INFINITY);
                        // 7.4 an obstacle or a ford on the way takes half the move besides
                        let crossing = match self.first_crossing(p, to) {
                            Some(c) => c.is_some(),
                            None => true,
                        };
                        best = Some((d, cost, crossing));
                    }
                }
            }
        }
        let Some((_, need, crossing)) = best else {
            return String::new();
        };
        let (rate, bonus) = self.rate(u0);
        let m = charts().movement(rate);
        let extra = if self.charge_bonus(u0) {
            charts().cavalry_charging
        } else {
            0.0
        };
        let n = u32::from(m.dice.unsigned_abs());
        let p = dice_sum(n);
        let mut chance = 0.0;
        for (s, q) in p.iter().enumerate() {
            let roll = if m.dice < 0 { -(s as f64) } else { s as f64 };
            let mut allowance = (m.inches + roll + bonus + extra).max(0.0);
            if fire {
                allowance /= 2.0;
            }
            // across an obstacle, half the move goes on crossing it
            let usable = if crossing { allowance / 2.0 } else { allowance };
            if usable + 1e-9 >= need {
                chance += q;
            }
        }
        let sign = if m.dice < 0 { "-" } else { "+" };
        format!(
            "needs {need:.1}\"{} of {}\" {sign} {n}D6{}{}: {:.0}% to reach",
            if crossing {
                " and half the move to cross on the way"
            } else {
                ""
            },
            m.inches,
            if bonus + extra > 0.0 {
                format!(" + {}\"", bonus + extra)
            } else {
                String::new()
            },
            if fire { ", halved" } else { "" },
            100.0 * chance
        )
    }

    /// 3.3 what a bold leader's sign makes of the control check: which leader, by how much,
    /// and the score and result it gives.
    pub fn sign_note(&self, plus: bool) -> Option<String> {
        let act = self.act.as_ref()?;
        let &(f, by) = act.bold.first()?;
        let f = f as usize;
        let later: i8 = act.bold.iter().skip(1).map(|b| b.1).sum();
        let score = act.roll as i8 + act.modifier + if plus { by } else { -by };
        let last = self.units[act.units[0] as usize].last;
        let control = crate::command::control_of(score, self.officer_present(&act.units), last);
        Some(format!(
            "the bold {} with {} {} {by}: the die {} and {:+} so far make {score}{}: {}",
            self.figures[f].role.word(),
            self.id(self.figures[f].unit as usize),
            if plus { "adds" } else { "takes away" },
            act.roll,
            act.modifier,
            if later > 0 {
                format!(" (another bold leader's {later} to come)")
            } else {
                String::new()
            },
            control.word()
        ))
    }

    /// 7 the control check's odds for `units`, in words.
    pub fn test_note(&self, units: &[u8]) -> String {
        let [free, cont, stop] = self.test_odds(units);
        let last = self.units[units[0] as usize].last;
        format!(
            "free choice {:.0}%, continue ({}) {:.0}%, no advance {:.0}%",
            100.0 * free,
            last.word(),
            100.0 * cont,
            100.0 * stop
        )
    }

    /// 7 the chance a search by `units` finds what is there (7.7: 1D6 + field craft, 6+).
    pub fn spot_note(&self, units: &[u8]) -> String {
        let craft = units
            .iter()
            .map(|&u| self.units[u as usize].fieldcraft)
            .max()
            .unwrap_or(1);
        let p = f64::from((1..=6).filter(|r| r + craft >= 6).count() as u8) / 6.0;
        format!(
            "finds anyone there on 6 with {craft} for field craft: {:.0}%",
            100.0 * p
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fire::Group;

    #[test]
    fn sums_of_dice_and_hits_are_exact() {
        let two = dice_sum(2);
        assert!((two[7] - 6.0 / 36.0).abs() < 1e-12);
        assert!((two.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        // 2 dice hitting on 4+ (1/2 each): 0, 1, 2 hits 1/4, 1/2, 1/4
        let shot = Shot {
            target: 0,
            firers: 4,
            groups: vec![Group {
                figures: 4,
                dice: 2,
                short: true,
                plus: 0,
            }],
        };
        let h = hits(&shot);
        assert_eq!(h.len(), 3);
        assert!((h[0] - 0.25).abs() < 1e-12 && (h[1] - 0.5).abs() < 1e-12);
        // against skirmishers (1 in 2): 0 casualties 3/4 without a marker; with one already,
        // the odd hit makes the second marker and a casualty
        let c = casualties_of(&h, 2, false);
        assert!((c[0] - 0.75).abs() < 1e-12 && (c[1] - 0.25).abs() < 1e-12);
        let c = casualties_of(&h, 2, true);
        assert!(
            (c[0] - 0.25).abs() < 1e-12 && (c[1] - 0.75).abs() < 1e-12,
            "{c:?}"
        );
        assert_eq!(words(&[0.25, 0.5, 0.25]), "0: 25%, 1: 50%, 2: 25%");
    }
}
