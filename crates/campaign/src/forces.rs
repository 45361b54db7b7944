//! A side's markers as units on a table (`data/battles.toml`, `[forces]`): the militia's line
//! and skirmishers, the army's regiments by its DRM (fewer out of supply), its gun and its
//! veterans, and the allied Indians as skirmishers.

use crate::rules::BattleRules;
use crate::situation::Force;
use serde::Serialize;

/// The units a side brings, by kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Units {
    pub line: u32,
    pub veterans: u32,
    pub skirmishers: u32,
    /// Of the skirmishers, the allied Indians.
    pub indians: u32,
    pub guns: u32,
}

impl Units {
    /// The foot: line, veterans and skirmishers (the Indians among them).
    pub fn foot(&self) -> u32 {
        self.line + self.veterans + self.skirmishers
    }

    /// Every unit, commanders aside.
    pub fn total(&self) -> u32 {
        self.line + self.veterans + self.skirmishers + self.guns
    }

    /// The same force with its own foot multiplied by `scale` (its allied Indians, a
    /// contingent of their own, as they are), at least one line unit, and veterans beyond the
    /// D3 rules' most an army may have serving as line: how the generator sizes a side to the
    /// chart's odds. Each kind's count is rounded up or down at random, in
    /// proportion (2 units x 1.2 is 3 one time in five, else 2), so that the force grows as
    /// smoothly with the scale as whole units allow on average: rounded to the nearest, a
    /// scale from 1.0 to 1.24 changed no count of a small force and the generals' results
    /// jumped by 20 points at 1.25.
    pub fn scaled(self, scale: f64, dice: &mut fiw_engine::Dice) -> Units {
        let mut s = |n: u32| {
            let x = (n as f64 * scale).max(0.0);
            let whole = x.floor();
            let part = ((x - whole) * 1000.0).round() as u32;
            whole as u32 + u32::from(part > 0 && dice.below(1000) < part)
        };
        let indians = self.indians;
        let veterans = s(self.veterans);
        let most = fiw_d3::scenario::MAX_VETERANS as u32;
        Units {
            line: (s(self.line) + veterans.saturating_sub(most)).max(1),
            veterans: veterans.min(most),
            skirmishers: s(self.skirmishers - self.indians) + indians,
            indians,
            guns: self.guns,
        }
    }
}

/// The defenders' units of the attack `s` and the attackers' sized against them: the attackers'
/// foot `ratio` times the defenders' (their mix of kinds as their markers give it, their
/// allied Indians as they are), each count rounded by `dice`. The chart's odds count the
/// attacker's army but never the defender's, while a battle fields every defending regiment:
/// sizing the attack against the defence on the table keeps the battle's odds with the chart's
/// band whatever stands in the town.
pub fn sized(
    s: &crate::situation::Situation,
    rules: &BattleRules,
    ratio: f64,
    dice: &mut fiw_engine::Dice,
) -> (Units, Units) {
    let def = units_of(&s.defender, rules);
    let marked = units_of(&s.attacker, rules);
    // the allied Indians come as they are; the rest of the foot makes up the ratio
    let own = f64::from(marked.foot() - marked.indians).max(1.0);
    let scale = (ratio * f64::from(def.foot()) - f64::from(marked.indians)).max(0.0) / own;
    (def, marked.scaled(scale, dice))
}

/// The units `force` brings to a battle.
pub fn units_of(force: &Force, rules: &BattleRules) -> Units {
    let f = &rules.forces;
    let militia = if force.reduced {
        f.reduced_militia
    } else {
        f.militia
    };
    let mut u = Units {
        line: militia.line,
        skirmishers: militia.skirmishers,
        ..Units::default()
    };
    if let Some(army) = force.army {
        let drm = army.drm.max(0) as u32;
        let regiments = if army.supplied {
            drm
        } else {
            (drm as f64 * f.unsupplied_share).floor() as u32
        };
        let mut line = regiments * f.army_per_drm;
        if army.drm >= f.army_veterans_from && regiments > 0 {
            let vets = f.army_per_drm.min(line);
            line -= vets;
            u.veterans += vets;
        }
        u.line += line;
        if army.supplied && army.drm >= f.army_gun_from {
            u.guns += 1;
        }
    }
    if force.indians {
        u.skirmishers += f.indians;
        u.indians = f.indians;
    }
    u
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::rules;
    use crate::situation::ArmyMarker;
    use fiw_solitaire::Side;

    fn force(reduced: bool, army: Option<(i8, bool)>, indians: bool) -> Force {
        Force {
            side: Side::British,
            reduced,
            army: army.map(|(drm, supplied)| ArmyMarker { drm, supplied }),
            indians,
        }
    }

    #[test]
    fn markers_become_units_as_the_data_says() {
        let r = rules();
        let militia = units_of(&force(false, None, false), r);
        assert_eq!((militia.line, militia.skirmishers, militia.guns), (3, 2, 0));
        let reduced = units_of(&force(true, None, false), r);
        assert!(reduced.total() < militia.total());
        let plus2 = units_of(&force(false, Some((2, true)), true), r);
        assert_eq!(plus2.line, 3 + 4);
        assert_eq!(plus2.guns, 1);
        assert_eq!(plus2.indians, 2);
        assert_eq!(plus2.skirmishers, 4);
        let plus4 = units_of(&force(false, Some((4, true)), false), r);
        assert_eq!((plus4.line, plus4.veterans), (3 + 6, 2));
        // out of supply: half the regiments, no gun
        let cut = units_of(&force(false, Some((4, false)), false), r);
        assert_eq!((cut.line, cut.veterans, cut.guns), (3 + 2, 2, 0));
        let cut1 = units_of(&force(false, Some((1, false)), false), r);
        assert_eq!(cut1, militia);
    }

    #[test]
    fn scaling_keeps_the_guns_the_indians_and_a_line() {
        let u = Units {
            line: 4,
            veterans: 2,
            skirmishers: 4,
            indians: 2,
            guns: 1,
        };
        let mut dice = fiw_engine::Dice::new(1);
        assert_eq!(u.scaled(1.0, &mut dice), u);
        let half = u.scaled(0.5, &mut dice);
        assert_eq!(
            (half.line, half.veterans, half.guns, half.indians),
            (2, 1, 1, 2)
        );
        // the Indians come as they are: the other skirmishers are scaled
        assert_eq!(half.skirmishers, 1 + 2);
        assert_eq!(u.scaled(0.0, &mut dice).line, 1);
        // D3's Veterans: at most 4 an army; the rest fight as line
        let big = u.scaled(2.5, &mut dice);
        assert_eq!((big.veterans, big.line), (4, 10 + 1));
        // 4 line x 1.1 = 4.4: five line units about two times in five
        let five = (0..1000)
            .filter(|_| u.scaled(1.1, &mut dice).line == 5)
            .count();
        assert!((340..460).contains(&five), "{five} in 1000");
    }
}
