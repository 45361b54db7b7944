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
