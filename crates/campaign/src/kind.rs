//! Which game an attack is fought in (issue 39's reading, `fiw rules campaign`): the British
//! attack on Louisbourg is the Louisbourg 1758 game; an attack on any other fortified or flag
//! town, and a French attack to take Louisbourg back, is a D3 battle at a fort; an attack on an
//! open town is a skirmish, a raid when the town's defenders are its militia alone and an open
//! fight when an army stands with them.

use crate::situation::Situation;
use fiw_solitaire::map::TownKind;
use fiw_solitaire::Side;
use serde::Serialize;

/// The kinds of battle an attack can become.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BattleKind {
    /// The British siege of Louisbourg: the Louisbourg 1758 game.
    Louisbourg,
    /// A D3 battle for a fort (a fortified or flag town).
    Fort,
    /// A skirmish raid on an open town held by militia alone.
    Raid,
    /// A skirmish fight for an open town where an army stands with the militia.
    Open,
}

impl BattleKind {
    pub const ALL: [BattleKind; 4] = [
        BattleKind::Louisbourg,
        BattleKind::Fort,
        BattleKind::Raid,
        BattleKind::Open,
    ];

    /// The word used on the command line and in data (`fort`).
    pub fn word(self) -> &'static str {
        match self {
            BattleKind::Louisbourg => "louisbourg",
            BattleKind::Fort => "fort",
            BattleKind::Raid => "raid",
            BattleKind::Open => "open",
        }
    }

    /// The game the battle is played in.
    pub fn game(self) -> &'static str {
        match self {
            BattleKind::Louisbourg => "louisbourg",
            BattleKind::Fort => "d3",
            BattleKind::Raid | BattleKind::Open => "skirmish",
        }
    }

    /// The kind of battle `s` is fought as.
    pub fn of(s: &Situation) -> BattleKind {
        match s.kind {
            _ if s.town_id() == "louisbourg" && s.attacker.side == Side::British => {
                BattleKind::Louisbourg
            }
            TownKind::Fortified | TownKind::Flag => BattleKind::Fort,
            TownKind::Town if s.defender.army.is_none() => BattleKind::Raid,
            TownKind::Town => BattleKind::Open,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::situation::{ArmyMarker, Force};
    use fiw_solitaire::map::{map, REGIONS};

    fn force(side: Side, army: bool) -> Force {
        Force {
            side,
            reduced: false,
            army: army.then_some(ArmyMarker {
                drm: 2,
                supplied: true,
            }),
            indians: false,
        }
    }

    /// Every town of the map, attacked by either side with or without an army defending it,
    /// becomes the battle the campaign's rules say (C3).
    #[test]
    fn each_attack_becomes_its_kind_of_battle() {
        let mut seen = std::collections::BTreeSet::new();
        for r in 0..REGIONS as u8 {
            for t in 0..map().regions[r as usize].towns.len() {
                for side in [Side::British, Side::French] {
                    for army in [false, true] {
                        let s = Situation {
                            region: r,
                            town: t,
                            kind: map().kind[r as usize][t],
                            attacker: force(side, true),
                            defender: force(side.other(), army),
                            drm: 0,
                            sixths: 3,
                        };
                        let kind = BattleKind::of(&s);
                        let want = match s.kind {
                            _ if s.town_id() == "louisbourg" && side == Side::British => {
                                BattleKind::Louisbourg
                            }
                            TownKind::Fortified | TownKind::Flag => BattleKind::Fort,
                            TownKind::Town if army => BattleKind::Open,
                            TownKind::Town => BattleKind::Raid,
                        };
                        assert_eq!(kind, want, "{} {side:?} {army}", s.town_name());
                        seen.insert(kind);
                    }
                }
            }
        }
        // the map as fiw fills it holds every kind
        assert_eq!(seen.len(), BattleKind::ALL.len(), "{seen:?}");
    }
}
