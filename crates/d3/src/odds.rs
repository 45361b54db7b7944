//! The odds written beside a shot or a charge in the menu (and on a page's targets): the
//! distribution of the hits it inflicts, from the same dice and modifiers the rules roll with
//! (`rules.rs`: `shot_hits`, `charge_hits`), and the chance that it takes the target past
//! the hits it can bear (Eliminating Units). D3 hides nothing, so the odds are exact.

use crate::actions::Action;
use crate::army::{eliminated, COVER_LIMIT, OPEN_LIMIT};
use crate::dice::chances;
use crate::rules::{charge_hits, shot_hits};
use crate::state::D3;
use crate::units::{units, Type};
use fiw_table::Kind;

/// A distribution of hits: (hits, chance), fewest first, each number of hits once.
type Hits = Vec<(u8, f64)>;

fn spread(best_of_two: bool, hits_of: impl Fn(u8) -> u8) -> Hits {
    let mut out: Hits = Vec::with_capacity(3);
    for (roll, p) in (1..=3).zip(chances(best_of_two)) {
        let h = hits_of(roll);
        match out.iter_mut().find(|(k, _)| *k == h) {
            Some(e) => e.1 += p,
            None => out.push((h, p)),
        }
    }
    out.sort_by_key(|e| e.0);
    out
}

fn pct(p: f64) -> String {
    format!("{:.0} %", 100.0 * p)
}

impl D3 {
    /// The note for `a`: the hits of a shot or a charge and their chances, or `None` for any
    /// other order (or one the rules refuse, which is never listed).
    pub(crate) fn hits_note(&self, a: &Action) -> Option<String> {
        match *a {
            Action::Shoot { unit, target } => Some(self.shot_note(unit as usize, target as usize)),
            Action::Charge { unit, target } => self.charge_note(unit as usize, target as usize),
            Action::Retire { .. } | Action::Pass => self.retire_note(a),
            _ => None,
        }
    }

    /// Shooting: the choice of a unit just hit, with the hits and where a retirement ends
    /// (the prompt otherwise reads only "retire UNIT" or "pass").
    fn retire_note(&self, a: &Action) -> Option<String> {
        let p = self.pending?;
        let (t, hits) = (p.target as usize, p.hits);
        let plural = |n: u8| if n == 1 { "hit" } else { "hits" };
        match a {
            Action::Retire { .. } => {
                let end = self.retire_to(t, p.shooter as usize)?;
                let fewer = hits.saturating_sub(1);
                Some(format!(
                    "to {:.1},{:.1}, taking {fewer} {} instead of {hits}",
                    end.at.x,
                    end.at.y,
                    plural(fewer)
                ))
            }
            _ => Some(format!("stand and take {hits} {}", plural(hits))),
        }
    }

    /// Shooting: D3 (the best of 2D3 from an entrenchment) plus the type's modifier.
    fn shot_note(&self, i: usize, t: usize) -> String {
        let kind = self.units[i].kind;
        let entrenched = self.shoots_entrenched(i);
        let modifier = units().get(kind).shoot;
        let hits = spread(entrenched, |roll| shot_hits(roll, modifier));
        let dice = if entrenched { "best of 2D3" } else { "D3" };
        let mut note = format!("{} ({dice}{modifier:+})", self.hits_words(&hits, t));
        // only when a retirement is open to it (a pinned unit, a held town, a lake, the edge,
        // another enemy near its way back all forbid one)
        if self.units[t].kind.may_retire_from_fire() && self.retire_to(t, i).is_some() {
            // the chance of elimination if it retires each time it is hit (one hit fewer)
            let v = &self.units[t];
            let cover = self.in_cover(t);
            let gone: f64 = hits
                .iter()
                .filter(|(h, _)| *h > 0 && eliminated(v.hits.saturating_add(*h - 1), cover))
                .fold(0.0, |sum, (_, p)| sum + p);
            note += &format!(
                "; {} may retire for one hit fewer (eliminated {} if it does)",
                self.id(t),
                pct(gone)
            );
        }
        note
    }

    /// Charges: where the charge makes contact decides flank or rear; a gun is overrun.
    fn charge_note(&self, i: usize, t: usize) -> Option<String> {
        let end = self.check_charge(i as u8, t as u8).ok()?;
        let target = self.units[t].kind;
        let name = self.id(t);
        if target == Type::Artillery {
            return Some(if self.gun_covered(t) {
                format!("{name} has infantry within 3\": the gun is unmanned while the cavalry stay, and takes no hits")
            } else {
                format!("{name} has no infantry within 3\": the gun is eliminated")
            });
        }
        let them = self.rect(t);
        let on_hill = self.stands_in_kind(Kind::Hill, &them);
        let flank = them.side_towards(end.at) != fiw_table::Side::Front;
        let hits = spread(false, |roll| charge_hits(roll, on_hill, target, flank));
        let mut why = vec!["D3+1".to_string()];
        if on_hill {
            why.push("-1 hill".into());
        }
        if target == Type::Cavalry {
            why.push("-1 cavalry".into());
        }
        if flank {
            why.push("x2 flank or rear".into());
        }
        if target == Type::Skirmishers {
            why.push("x2 skirmishers".into());
        }
        Some(format!(
            "{} ({}), fought in the charges phase if still in contact",
            self.hits_words(&hits, t),
            why.join(" ")
        ))
    }

    /// "hits 1: 33 %, 2: 33 %, 3: 33 %; br-reg-1a has 4 of 6, eliminated 33 %".
    fn hits_words(&self, hits: &Hits, t: usize) -> String {
        let v = &self.units[t];
        let cover = self.in_cover(t);
        let limit = if cover { COVER_LIMIT } else { OPEN_LIMIT };
        let gone: f64 = hits
            .iter()
            .filter(|(h, _)| eliminated(v.hits.saturating_add(*h), cover))
            .fold(0.0, |sum, (_, p)| sum + p);
        format!(
            "hits {}; {} has {} of {limit}{}, eliminated {}",
            hits.iter()
                .map(|(h, p)| format!("{h}: {}", pct(*p)))
                .collect::<Vec<_>>()
                .join(", "),
            self.id(t),
            v.hits,
            if cover { " in cover" } else { "" },
            pct(gone)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_hits_are_one_entry_and_the_chances_add_up() {
        // a skirmisher's D3-1: 0, 1 and 2 hits, a third each
        let h = spread(false, |r| shot_hits(r, -1));
        assert_eq!(h.iter().map(|e| e.0).collect::<Vec<_>>(), vec![0, 1, 2]);
        // a result that does not hang on the roll is one entry, certain
        let h = spread(true, |_| 2);
        assert_eq!(h.len(), 1);
        assert!((h[0].1 - 1.0).abs() < 1e-12);
        // a veteran behind works: 2, 3, 4 with one, three and five chances in nine
        let h = spread(true, |r| shot_hits(r, 1));
        assert_eq!(h.iter().map(|e| e.0).collect::<Vec<_>>(), vec![2, 3, 4]);
        assert!((h[2].1 - 5.0 / 9.0).abs() < 1e-12);
    }
}
