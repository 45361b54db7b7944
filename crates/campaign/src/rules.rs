//! The campaign's data rules (`data/battles.toml`): how markers become units, what losses mark
//! the map, and the fort battle's table. Every value is fiw's choice, carried with its reason.

use crate::battles::Battles;
use crate::situation::Situation;
use serde::Deserialize;
use std::sync::OnceLock;

/// Line and skirmisher units.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Companies {
    pub line: u32,
    pub skirmishers: u32,
}

/// How a side's markers become units.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Forces {
    pub militia: Companies,
    pub militia_assumed: String,
    pub reduced_militia: Companies,
    pub reduced_militia_assumed: String,
    pub army_per_drm: u32,
    pub army_per_drm_assumed: String,
    pub army_gun_from: i8,
    pub army_gun_from_assumed: String,
    pub army_veterans_from: i8,
    pub army_veterans_from_assumed: String,
    pub unsupplied_share: f64,
    pub unsupplied_share_assumed: String,
    pub indians: u32,
    pub indians_assumed: String,
}

/// What a battle's losses do to the map.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Results {
    pub reduce_at: f64,
    pub reduce_at_assumed: String,
    pub cut_at: f64,
    pub cut_at_assumed: String,
}

/// The D3 battle for a fort.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Fort {
    pub turns: u32,
    pub turns_assumed: String,
    pub keep_off: f64,
    pub keep_off_assumed: String,
    pub fortified: Vec<[f64; 2]>,
    pub fortified_assumed: String,
    pub earthworks: Vec<Vec<[f64; 2]>>,
    pub earthworks_assumed: String,
    /// The attackers' foot as a multiple of the defenders' where an army defends, by the
    /// chart's odds of the attack in sixths (1 to 5), so that the generals carry the battle
    /// about as often as the chart advances.
    pub ratio: [f64; 5],
    pub ratio_assumed: String,
    /// The attackers' share of wins between the generals where an army defends, in percent,
    /// by band.
    pub odds: [f64; 5],
    pub odds_assumed: String,
    /// As `ratio`, where the fort's militia defends it alone: a battle of a few units, where
    /// the ramparts weigh more than among many.
    pub militia_ratio: [f64; 5],
    pub militia_ratio_assumed: String,
    /// As `odds`, where the fort's militia defends it alone.
    pub militia_odds: [f64; 5],
    pub militia_odds_assumed: String,
}

/// Who holds a fort, as its sizing reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Garrison {
    /// An army stands in the fort with the militia (in supply or not).
    Army,
    /// The militia alone.
    Militia,
}

impl Garrison {
    /// Who holds the town attacked in `s`.
    pub fn of(s: &Situation) -> Garrison {
        if s.defender.army.is_some() {
            Garrison::Army
        } else {
            Garrison::Militia
        }
    }
}

/// The index of a band of the chart's odds (1 to 5 sixths) in the data's tables.
pub fn band(sixths: u8) -> usize {
    usize::from(sixths.clamp(1, 5)) - 1
}

/// The skirmish battle for an open town (C9).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Town {
    pub turns: u32,
    pub turns_assumed: String,
    pub houses_assumed: String,
    /// The share of a side's companies lost that breaks it.
    pub broken_at: f64,
    pub broken_at_assumed: String,
    /// The houses the raiders must burn to lay the town waste.
    pub burned: u32,
    pub burned_assumed: String,
    /// The attackers' foot as a multiple of the defenders' in a raid, by band.
    pub raid_ratio: [f64; 5],
    pub raid_ratio_assumed: String,
    /// The attackers' share of raids won between the generals, in percent, by band.
    pub raid_odds: [f64; 5],
    pub raid_odds_assumed: String,
    /// As `raid_ratio`, in an open fight.
    pub open_ratio: [f64; 5],
    pub open_ratio_assumed: String,
    /// As `raid_odds`, in an open fight.
    pub open_odds: [f64; 5],
    pub open_odds_assumed: String,
}

/// The British siege of Louisbourg: the Louisbourg 1758 game (C10).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Siege {
    /// The defenders' foot (in the fort battle's units) the text's French army stands for.
    pub french_foot: f64,
    pub french_foot_assumed: String,
    /// The British army as a multiple of the French, against the text's proportion, by band.
    pub ratio: [f64; 5],
    pub ratio_assumed: String,
    /// The British share of sieges won between the generals, in percent, by band.
    pub odds: [f64; 5],
    pub odds_assumed: String,
}

/// Everything in `data/battles.toml`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct BattleRules {
    pub forces: Forces,
    pub results: Results,
    pub fort: Fort,
    pub town: Town,
    pub louisbourg: Siege,
}

impl BattleRules {
    /// Reads and checks the file's text.
    ///
    /// # Errors
    /// One line naming the field.
    pub fn parse(text: &str) -> Result<BattleRules, String> {
        BattleRules::parse_named(text, "data/battles.toml")
    }

    /// [`BattleRules::parse`], its errors naming `file` (a player's own copy).
    ///
    /// # Errors
    /// One line naming the file, the line where TOML sees it, and the field.
    pub fn parse_named(text: &str, file: &str) -> Result<BattleRules, String> {
        let r: BattleRules = toml::from_str(text).map_err(|e| {
            let line = e
                .span()
                .map(|s| {
                    format!(
                        " line {}",
                        text[..s.start.min(text.len())].lines().count().max(1)
                    )
                })
                .unwrap_or_default();
            format!("{file}{line}: {}", e.message().trim())
        })?;
        let share = |v: f64, field: &str| {
            if (0.0..=1.0).contains(&v) {
                Ok(())
            } else {
                Err(format!("{file}: {field}: a share is 0 to 1, not {v}"))
            }
        };
        share(r.forces.unsupplied_share, "forces.unsupplied_share")?;
        share(r.results.reduce_at, "results.reduce_at")?;
        share(r.results.cut_at, "results.cut_at")?;
        share(r.town.broken_at, "town.broken_at")?;
        if !(1..=3).contains(&r.town.burned) {
            return Err(format!(
                "{file}: town.burned: an open town has 3 houses; burn 1 to 3 of them, not {}",
                r.town.burned
            ));
        }
        for (turns, field) in [(r.fort.turns, "fort.turns"), (r.town.turns, "town.turns")] {
            if !(1..=100).contains(&turns) {
                return Err(format!(
                    "{file}: {field}: a battle lasts 1 to 100 turns, not {turns}"
                ));
            }
        }
        for battles in Battles::ALL {
            let (v, field) = battles.ratios(&r);
            let most = battles.most_ratio();
            if let Some(k) = v.iter().position(|v| !(0.25..=most).contains(v)) {
                return Err(format!(
                    "{file}: {field}[{k}]: a ratio is 0.25 to {most}, not {}",
                    v[k]
                ));
            }
        }
        if !(1.0..=30.0).contains(&r.louisbourg.french_foot) {
            return Err(format!(
                "{file}: louisbourg.french_foot: 1 to 30 units, not {}",
                r.louisbourg.french_foot
            ));
        }
        for battles in Battles::ALL {
            let (v, field) = battles.odds_table(&r);
            if let Some(k) = v.iter().position(|v| !(0.0..=100.0).contains(v)) {
                return Err(format!(
                    "{file}: {field}[{k}]: a share in percent is 0 to 100, not {}",
                    v[k]
                ));
            }
        }
        Ok(r)
    }

    /// Every assumed value as (name, value, reason), for `fiw rules campaign`.
    pub fn assumed(&self) -> Vec<(String, String, String)> {
        let f = &self.forces;
        let c = |c: &Companies| format!("{} line, {} skirmishers", c.line, c.skirmishers);
        let t = &self.fort;
        let bands = |v: &[f64; 5]| {
            v.iter()
                .zip(1..)
                .map(|(x, k)| format!("{k}/6: {x}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let row =
            |name: &str, value: String, reason: &String| (name.to_string(), value, reason.clone());
        vec![
            row("militia", c(&f.militia), &f.militia_assumed),
            row(
                "reduced militia",
                c(&f.reduced_militia),
                &f.reduced_militia_assumed,
            ),
            row(
                "army",
                format!("{} line units a point of DRM", f.army_per_drm),
                &f.army_per_drm_assumed,
            ),
            row(
                "army's gun",
                format!("from +{}", f.army_gun_from),
                &f.army_gun_from_assumed,
            ),
            row(
                "army's veterans",
                format!("one regiment from +{}", f.army_veterans_from),
                &f.army_veterans_from_assumed,
            ),
            row(
                "army out of supply",
                format!("{} of its regiments, no gun", f.unsupplied_share),
                &f.unsupplied_share_assumed,
            ),
            row(
                "allied Indians",
                format!("{} skirmisher units", f.indians),
                &f.indians_assumed,
            ),
            row(
                "losses that reduce the militia",
                format!("{} of a side's units", self.results.reduce_at),
                &self.results.reduce_at_assumed,
            ),
            row(
                "losses that cut the army's supply",
                format!("{} of a side's units", self.results.cut_at),
                &self.results.cut_at_assumed,
            ),
            row(
                "fort battle's length",
                format!("{} rounds", t.turns),
                &t.turns_assumed,
            ),
            row(
                "fort battle's defenders keep off",
                format!("{}\" from the attackers' edge", t.keep_off),
                &t.keep_off_assumed,
            ),
            row(
                "the fort",
                format!("corners {:?} (inches)", t.fortified),
                &t.fortified_assumed,
            ),
            row(
                "a flag town's earthworks",
                format!("{} of them", t.earthworks.len()),
                &t.earthworks_assumed,
            ),
            row(
                "fort battle's attacking foot for each defending (an army defends)",
                bands(&t.ratio),
                &t.ratio_assumed,
            ),
            row(
                "fort battle's odds between the generals (%, an army defends)",
                bands(&t.odds),
                &t.odds_assumed,
            ),
            row(
                "fort battle's attacking foot for each defending (militia alone)",
                bands(&t.militia_ratio),
                &t.militia_ratio_assumed,
            ),
            row(
                "fort battle's odds between the generals (%, militia alone)",
                bands(&t.militia_odds),
                &t.militia_odds_assumed,
            ),
            row(
                "open town's battle length",
                format!("{} turns", self.town.turns),
                &self.town.turns_assumed,
            ),
            row(
                "open town's houses",
                "3, of wood".into(),
                &self.town.houses_assumed,
            ),
            row(
                "open town's battle: a side breaks",
                format!("at {} of its companies lost", self.town.broken_at),
                &self.town.broken_at_assumed,
            ),
            row(
                "open town's raid: houses burned to lay it waste",
                format!("{} of 3", self.town.burned),
                &self.town.burned_assumed,
            ),
            row(
                "raid's attacking foot for each defending",
                bands(&self.town.raid_ratio),
                &self.town.raid_ratio_assumed,
            ),
            row(
                "raid's odds between the generals (%)",
                bands(&self.town.raid_odds),
                &self.town.raid_odds_assumed,
            ),
            row(
                "open fight's attacking foot for each defending",
                bands(&self.town.open_ratio),
                &self.town.open_ratio_assumed,
            ),
            row(
                "open fight's odds between the generals (%)",
                bands(&self.town.open_odds),
                &self.town.open_odds_assumed,
            ),
            row(
                "the text's French army at Louisbourg",
                format!("{} defending units", self.louisbourg.french_foot),
                &self.louisbourg.french_foot_assumed,
            ),
            row(
                "siege of Louisbourg: the British army for the French",
                bands(&self.louisbourg.ratio),
                &self.louisbourg.ratio_assumed,
            ),
            row(
                "siege of Louisbourg's odds between the generals (%)",
                bands(&self.louisbourg.odds),
                &self.louisbourg.odds_assumed,
            ),
        ]
    }
}

/// The environment variable naming a player's own copy of `battles.toml`, read before the
/// first campaign: the battles are data a player can change without touching code.
pub const DATA_ENV: &str = "FIW_CAMPAIGN_DATA";

/// The largest data file read: the built-in one is some 6 kB.
const MAX_DATA_BYTES: u64 = 1 << 20;

static RULES: OnceLock<BattleRules> = OnceLock::new();

/// Puts `rules` in use instead of the built-in ones. Must come before the first campaign.
///
/// # Errors
/// Rules in use already.
pub fn install(r: BattleRules) -> Result<(), String> {
    RULES.set(r).map_err(|_| {
        format!("{DATA_ENV}: the battles' data is in use already; set it before the first campaign")
    })
}

/// [`install`] from the file `FIW_CAMPAIGN_DATA` names, if it is set: done once, on the first
/// call; later calls give the first one's answer.
///
/// # Errors
/// One line naming the file and what is wrong with it.
pub fn install_from_env() -> Result<(), String> {
    static DONE: OnceLock<Result<(), String>> = OnceLock::new();
    DONE.get_or_init(|| match std::env::var_os(DATA_ENV) {
        Some(path) if !path.is_empty() => {
            let path = std::path::Path::new(&path);
            let shown = path.display().to_string();
            let size = std::fs::metadata(path)
                .map_err(|e| format!("{DATA_ENV}: {shown}: {e}"))?
                .len();
            if size > MAX_DATA_BYTES {
                return Err(format!(
                    "{DATA_ENV}: {shown}: {size} bytes; a battles file is at most {MAX_DATA_BYTES}"
                ));
            }
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("{DATA_ENV}: {shown}: {e}"))?;
            let r = BattleRules::parse_named(text.trim_start_matches('\u{feff}'), &shown)?;
            install(r)
        }
        _ => Ok(()),
    })
    .clone()
}

/// The rules in use: a player's own file if one was installed, else the built-in ones.
pub fn rules() -> &'static BattleRules {
    RULES.get_or_init(|| {
        BattleRules::parse(include_str!("../data/battles.toml"))
            .unwrap_or_else(|e| panic!("the built-in data: {e}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A copy of the built-in data with `from` changed to `to`.
    fn changed(from: &str, to: &str) -> Result<BattleRules, String> {
        let text = include_str!("../data/battles.toml");
        assert!(text.contains(from), "{from}");
        BattleRules::parse_named(&text.replacen(from, to, 1), "mine.toml")
    }

    #[test]
    fn each_garrisons_ratios_and_odds_are_checked_by_name() {
        let r = rules();
        assert!(r
            .fort
            .militia_ratio
            .iter()
            .all(|v| (0.25..=4.0).contains(v)));
        let e = changed("militia_ratio = [1.703", "militia_ratio = [4.5").unwrap_err();
        assert_eq!(
            e,
            "mine.toml: fort.militia_ratio[0]: a ratio is 0.25 to 4, not 4.5"
        );
        let e = changed("\nratio = [1.25", "\nratio = [2.5").unwrap_err();
        assert_eq!(e, "mine.toml: fort.ratio[0]: a ratio is 0.25 to 2, not 2.5");
        let e = changed("militia_odds = [18.0", "militia_odds = [-1").unwrap_err();
        assert_eq!(
            e,
            "mine.toml: fort.militia_odds[0]: a share in percent is 0 to 100, not -1"
        );
        let e = changed("militia_odds = [18.0, ", "militia_odds = [").unwrap_err();
        assert!(e.starts_with("mine.toml line 44:"), "{e}");
        assert!(e.contains("5"), "{e}");
    }

    /// The fort's garrison picks the row: an army (in supply or not) or the militia alone.
    #[test]
    fn the_garrison_picks_the_ratio_and_the_odds() {
        use crate::situation::{ArmyMarker, Force};
        use fiw_solitaire::Side;
        let force = |side, army: Option<bool>| Force {
            side,
            reduced: false,
            army: army.map(|supplied| ArmyMarker { drm: 2, supplied }),
            indians: false,
        };
        let mut s = Situation {
            region: 0,
            town: 0,
            kind: fiw_solitaire::map::TownKind::Fortified,
            attacker: force(Side::British, Some(true)),
            defender: force(Side::French, None),
            drm: 0,
            sixths: 2,
        };
        let f = &rules().fort;
        let b = |s: &Situation| Battles::of(s);
        assert_eq!(Garrison::of(&s), Garrison::Militia);
        assert_eq!(b(&s).ratio(s.sixths), f.militia_ratio[1]);
        assert_eq!(b(&s).odds(s.sixths), f.militia_odds[1]);
        for supplied in [true, false] {
            s.defender = force(Side::French, Some(supplied));
            assert_eq!(Garrison::of(&s), Garrison::Army);
            assert_eq!(b(&s).ratio(s.sixths), f.ratio[1]);
            assert_eq!(b(&s).odds(s.sixths), f.odds[1]);
        }
        s.sixths = 9;
        assert_eq!(b(&s).ratio(s.sixths), f.ratio[4]);
    }
}
