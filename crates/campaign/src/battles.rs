//! The battles fiw makes from data, each sized by a table of its own (C5, C9): the fort an
//! army holds, the fort its militia holds alone, the raid on an open town and the open fight
//! for one. One place says how each is made, sized, fought by the generals and how its odds
//! are shown, so the campaign, the calibration and the examples agree.

use crate::fight::{d3_by_generals, louisbourg_by_generals, skirmish_by_generals, Fought};
use crate::fort::{fort_battle, Generated};
use crate::kind::BattleKind;
use crate::rules::{rules, Garrison, TOWN_MOST};
use crate::situation::Situation;
use crate::town::town_battle;

/// A kind of battle made from data, with its own ratios and odds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Battles {
    /// A D3 battle for a fort, by who holds it.
    Fort(Garrison),
    /// A skirmish raid on an open town the militia holds alone.
    Raid,
    /// A skirmish fight for an open town where an army stands with the militia.
    Open,
    /// The British siege of Louisbourg: the Louisbourg game.
    Siege,
}

impl Battles {
    pub const ALL: [Battles; 5] = [
        Battles::Fort(Garrison::Army),
        Battles::Fort(Garrison::Militia),
        Battles::Raid,
        Battles::Open,
        Battles::Siege,
    ];

    /// The battles the attack `s` is made into (every attack is one, the `Option` kept for
    /// kinds to come).
    pub fn of(s: &Situation) -> Option<Battles> {
        match BattleKind::of(s) {
            BattleKind::Fort => Some(Battles::Fort(Garrison::of(s))),
            BattleKind::Raid => Some(Battles::Raid),
            BattleKind::Open => Some(Battles::Open),
            BattleKind::Louisbourg => Some(Battles::Siege),
        }
    }

    /// Its word on the command line (`fort`, `fort-militia`, `raid`, `open`).
    pub fn word(self) -> &'static str {
        match self {
            Battles::Fort(Garrison::Army) => "fort",
            Battles::Fort(Garrison::Militia) => "fort-militia",
            Battles::Raid => "raid",
            Battles::Open => "open",
            Battles::Siege => "louisbourg",
        }
    }

    /// The battles named `word`.
    pub fn parse(word: &str) -> Option<Battles> {
        Battles::ALL.into_iter().find(|b| b.word() == word)
    }

    /// In a player's words.
    pub fn words(self) -> &'static str {
        match self {
            Battles::Fort(Garrison::Army) => "fort battles held by an army with the militia",
            Battles::Fort(Garrison::Militia) => "fort battles held by the militia alone",
            Battles::Raid => "raids on open towns held by the militia alone",
            Battles::Open => "fights for open towns held by an army with the militia",
            Battles::Siege => "British sieges of Louisbourg",
        }
    }

    /// The largest ratio the data may give it: the most units its table places.
    pub fn most_ratio(self) -> f64 {
        match self {
            Battles::Fort(Garrison::Army) => 2.0,
            Battles::Fort(Garrison::Militia) => 4.0,
            Battles::Raid | Battles::Open => TOWN_MOST,
            Battles::Siege => 4.0,
        }
    }

    /// The attackers' foot as a multiple of the defenders' for an attack of band `sixths`.
    pub fn ratio(self, sixths: u8) -> f64 {
        match self {
            Battles::Fort(g) => rules().fort.ratio_of(g, sixths),
            Battles::Raid => rules().town.ratio_of(BattleKind::Raid, sixths),
            Battles::Open => rules().town.ratio_of(BattleKind::Open, sixths),
            Battles::Siege => rules().louisbourg.ratio[usize::from(sixths.clamp(1, 5)) - 1],
        }
    }

    /// The attackers' measured chance (percent) to carry it between the generals.
    pub fn odds(self, sixths: u8) -> f64 {
        match self {
            Battles::Fort(g) => rules().fort.odds_of(g, sixths),
            Battles::Raid => rules().town.odds_of(BattleKind::Raid, sixths),
            Battles::Open => rules().town.odds_of(BattleKind::Open, sixths),
            Battles::Siege => rules().louisbourg.odds[usize::from(sixths.clamp(1, 5)) - 1],
        }
    }

    /// The battle's scenario for the attack `s` at `ratio`, its counts rounded by `dice`.
    ///
    /// # Errors
    /// A side too big for its table, or an attack of another kind: one line.
    pub fn make(
        self,
        s: &Situation,
        ratio: f64,
        dice: &mut fiw_engine::Dice,
    ) -> Result<Generated, String> {
        match self {
            Battles::Fort(_) => fort_battle(s, rules(), ratio, dice),
            Battles::Raid | Battles::Open => town_battle(s, rules(), ratio, dice),
            Battles::Siege => crate::siege::siege(s, rules(), ratio),
        }
    }

    /// The battle `g` fought out by the generals, its dice from `seed`: how it ended and the
    /// chance events it drew.
    ///
    /// # Errors
    /// The scenario refused by its game's checks (a bug in the generator).
    pub fn fight(self, g: &Generated, seed: u64) -> Result<(Fought, u64), String> {
        use fiw_engine::Game;
        match self {
            Battles::Fort(_) => d3_by_generals(g, seed).map(|(g, f)| (f, g.chance_epoch())),
            Battles::Raid | Battles::Open => {
                skirmish_by_generals(g, seed).map(|(g, f)| (f, g.chance_epoch()))
            }
            Battles::Siege => louisbourg_by_generals(g, seed).map(|(g, f)| (f, g.chance_epoch())),
        }
    }
}
