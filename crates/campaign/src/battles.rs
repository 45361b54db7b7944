//! The battles fiw makes from data, each sized by a table of its own (C5, C9): the fort an
//! army holds, the fort its militia holds alone, the raid on an open town and the open fight
//! for one. One place says how each is made, sized, fought by the generals and how its odds
//! are shown, so the campaign, the calibration and the examples agree.

use crate::fight::{d3_by_generals, louisbourg_by_generals, skirmish_by_generals, Fought};
use crate::fort::{fort_battle, Generated};
use crate::kind::BattleKind;
use crate::rules::{band, rules, BattleRules, Garrison};
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

    /// The battles the attack `s` is made into.
    pub fn of(s: &Situation) -> Battles {
        match BattleKind::of(s) {
            BattleKind::Fort => Battles::Fort(Garrison::of(s)),
            BattleKind::Raid => Battles::Raid,
            BattleKind::Open => Battles::Open,
            BattleKind::Louisbourg => Battles::Siege,
        }
    }

    /// The kind of battle, as the campaign's record and view name it.
    pub fn kind(self) -> BattleKind {
        match self {
            Battles::Fort(_) => BattleKind::Fort,
            Battles::Raid => BattleKind::Raid,
            Battles::Open => BattleKind::Open,
            Battles::Siege => BattleKind::Louisbourg,
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

    /// The largest ratio the data may give it (the data's check): a fort's table places the
    /// largest defenders (a full militia, a +4 army, Indians: 15 foot) against twice their
    /// number, and a militia with Indians (7 foot) against four times theirs; an open town's
    /// sides past the skirmish rules' 26 companies are made smaller alike and the siege's
    /// armies past the text's (C9, C10), so there only the odds set a bound.
    pub fn most_ratio(self) -> f64 {
        match self {
            Battles::Fort(Garrison::Army) => 2.0,
            Battles::Fort(Garrison::Militia) | Battles::Raid | Battles::Open | Battles::Siege => {
                4.0
            }
        }
    }

    /// Its ratios in `r` (the attackers' foot as a multiple of the defenders', by band) and
    /// their field in the data.
    pub fn ratios(self, r: &BattleRules) -> (&[f64; 5], &'static str) {
        match self {
            Battles::Fort(Garrison::Army) => (&r.fort.ratio, "fort.ratio"),
            Battles::Fort(Garrison::Militia) => (&r.fort.militia_ratio, "fort.militia_ratio"),
            Battles::Raid => (&r.town.raid_ratio, "town.raid_ratio"),
            Battles::Open => (&r.town.open_ratio, "town.open_ratio"),
            Battles::Siege => (&r.louisbourg.ratio, "louisbourg.ratio"),
        }
    }

    /// Its measured odds in `r` (the attackers' wins between the generals, percent, by band)
    /// and their field in the data.
    pub fn odds_table(self, r: &BattleRules) -> (&[f64; 5], &'static str) {
        match self {
            Battles::Fort(Garrison::Army) => (&r.fort.odds, "fort.odds"),
            Battles::Fort(Garrison::Militia) => (&r.fort.militia_odds, "fort.militia_odds"),
            Battles::Raid => (&r.town.raid_odds, "town.raid_odds"),
            Battles::Open => (&r.town.open_odds, "town.open_odds"),
            Battles::Siege => (&r.louisbourg.odds, "louisbourg.odds"),
        }
    }

    /// The attackers' foot as a multiple of the defenders' for an attack of band `sixths`.
    pub fn ratio(self, sixths: u8) -> f64 {
        self.ratios(rules()).0[band(sixths)]
    }

    /// The attackers' measured chance (percent) to carry it between the generals.
    pub fn odds(self, sixths: u8) -> f64 {
        self.odds_table(rules()).0[band(sixths)]
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
