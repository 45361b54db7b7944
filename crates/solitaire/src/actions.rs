//! The player's actions, as small `Copy` values, with their stable text form (typed at the
//! prompt and written in saves).

use crate::armies::{armies, ArmyId};
use crate::map::{Region, REGION_IDS};
use fiw_engine::RuleError;
use serde::{Deserialize, Serialize};

/// One step of the player's decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// 4, 5 set an army down in a region (set-up, arrival).
    Place { army: ArmyId, region: Region },
    /// 6 at a new year, move an army to another region; an army of yours standing there
    /// changes places with it.
    Relocate { army: ArmyId, region: Region },
    /// 6 end the new year's relocations: every army not moved stays where it stands.
    Stay,
    /// 7, 8 attack the enemy marker in the town next to yours in a region.
    Attack(Region),
    /// 7, 9 attack the Atlantic Ocean Control marker.
    AttackOcean,
    /// 7, 10 try to influence the Indians of a region.
    Influence(Region),
    /// 7 flip your reduced militia in a region to full strength.
    Restore(Region),
    /// 7 flip your army in a region back into supply.
    Resupply(Region),
    /// 5 end your actions: the BOT acts and the turn ends.
    EndActions,
    /// 8 settle the attack waiting in [`crate::Step::Attack`] by the Advance Result Chart's
    /// die (a game that settles its attacks outside, such as a campaign, stops there).
    Roll,
}

fn region_id(r: Region) -> &'static str {
    REGION_IDS.get(r as usize).copied().unwrap_or("?")
}

impl Action {
    /// What the action involves, for a front end that highlights them: the army it names
    /// (`pieces`) and the region (`places`; the Atlantic Ocean Control box is `ocean`).
    pub fn refs(&self) -> (Vec<&'static str>, Vec<&'static str>) {
        let id = |army: ArmyId| {
            armies()
                .list
                .get(army as usize)
                .map_or("?", |a| a.id.as_str())
        };
        match *self {
            Action::Place { army, region } | Action::Relocate { army, region } => {
                (vec![id(army)], vec![region_id(region)])
            }
            Action::Attack(r) | Action::Influence(r) | Action::Restore(r) | Action::Resupply(r) => {
                (Vec::new(), vec![region_id(r)])
            }
            Action::AttackOcean => (Vec::new(), vec!["ocean"]),
            Action::Stay | Action::EndActions | Action::Roll => (Vec::new(), Vec::new()),
        }
    }

    /// The text form: `place br-2 ohio`, `relocate br-1 hudson`, `stay`, `attack ohio`,
    /// `attack ocean`, `influence mohawk`, `restore hudson`, `resupply atlantic`, `end actions`, `roll`.
    pub fn text(&self) -> String {
        let id = |army: ArmyId| {
            armies()
                .list
                .get(army as usize)
                .map_or("?", |a| a.id.as_str())
        };
        match *self {
            Action::Place { army, region } => format!("place {} {}", id(army), region_id(region)),
            Action::Relocate { army, region } => {
                format!("relocate {} {}", id(army), region_id(region))
            }
            Action::Stay => "stay".into(),
            Action::Attack(r) => format!("attack {}", region_id(r)),
            Action::AttackOcean => "attack ocean".into(),
            Action::Influence(r) => format!("influence {}", region_id(r)),
            Action::Restore(r) => format!("restore {}", region_id(r)),
            Action::Resupply(r) => format!("resupply {}", region_id(r)),
            Action::EndActions => "end actions".into(),
            Action::Roll => "roll".into(),
        }
    }

    /// Reads the text form (case and extra spaces do not matter).
    ///
    /// # Errors
    /// A one-line input error listing the forms.
    pub fn parse(text: &str) -> Result<Action, RuleError> {
        let lower = text.trim().to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        let region = |w: &str| {
            REGION_IDS
                .iter()
                .position(|r| *r == w)
                .map(|i| i as Region)
                .ok_or_else(|| {
                    RuleError::input(format!(
                        "'{w}' is not a region (regions: {})",
                        REGION_IDS.join(", ")
                    ))
                })
        };
        let army = |w: &str| {
            armies().named(w).ok_or_else(|| {
                let ids: Vec<&str> = armies().list.iter().map(|a| a.id.as_str()).collect();
                RuleError::input(format!("'{w}' is not an army (armies: {})", ids.join(", ")))
            })
        };
        match words.as_slice() {
            ["place", a, r] => Ok(Action::Place { army: army(a)?, region: region(r)? }),
            ["relocate", a, r] => Ok(Action::Relocate { army: army(a)?, region: region(r)? }),
            ["stay"] | ["keep"] | ["done"] => Ok(Action::Stay),
            ["attack", "ocean"] => Ok(Action::AttackOcean),
            ["attack", r] => Ok(Action::Attack(region(r)?)),
            ["influence", r] => Ok(Action::Influence(region(r)?)),
            ["restore", r] => Ok(Action::Restore(region(r)?)),
            ["resupply", r] => Ok(Action::Resupply(region(r)?)),
            ["end", "actions"] | ["end"] => Ok(Action::EndActions),
            ["roll"] => Ok(Action::Roll),
            _ => Err(RuleError::input(
                "actions are: place ARMY REGION, relocate ARMY REGION, stay, attack REGION, attack ocean, \
                 influence REGION, restore REGION, resupply REGION, end actions, roll",
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_text_form_reads_back() {
        let mut all = vec![
            Action::AttackOcean,
            Action::EndActions,
            Action::Stay,
            Action::Roll,
        ];
        for r in 0..4 {
            all.extend([
                Action::Attack(r),
                Action::Influence(r),
                Action::Restore(r),
                Action::Resupply(r),
            ]);
            for a in 0..armies().list.len() as ArmyId {
                all.push(Action::Place { army: a, region: r });
                all.push(Action::Relocate { army: a, region: r });
            }
        }
        for a in all {
            assert_eq!(Action::parse(&a.text()).unwrap(), a, "{}", a.text());
        }
        assert_eq!(
            Action::parse("  Attack   OHIO ").unwrap(),
            Action::Attack(0)
        );
        assert!(Action::parse("attack erie")
            .unwrap_err()
            .message
            .contains("not a region"));
        assert!(Action::parse("place br-9 ohio")
            .unwrap_err()
            .message
            .contains("not an army"));
        assert_eq!(Action::parse("dance").unwrap_err().rule, "input");
        assert_eq!(Action::parse("done").unwrap(), Action::Stay);
        assert_eq!(Action::parse("keep").unwrap(), Action::Stay);
    }
}
