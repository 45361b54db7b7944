//! The printed charts the text refers to without printing them, loaded from `data/charts.toml`:
//! the Advance Result Chart (8) and the two BOT Action Charts (7).

use crate::map::{Region, REGIONS};
use crate::side::Side;
use serde::Deserialize;
use std::sync::OnceLock;

/// 8 the Advance Result Chart: the lowest modified roll that advances, and the natural rolls
/// that modifiers never change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AdvanceChart {
    pub at_least: i8,
    pub never: u8,
    pub always: u8,
}

impl AdvanceChart {
    /// 8 whether a roll of `natural` with cumulative modifier `drm` advances: a natural 1 never
    /// does and a natural 6 always does; otherwise the modified roll is read on the chart.
    pub fn advances(&self, natural: u8, drm: i8) -> bool {
        if natural == self.never {
            false
        } else if natural == self.always {
            true
        } else {
            natural as i8 + drm >= self.at_least
        }
    }

    /// The chance (in sixths) that one die advances with modifier `drm`.
    pub fn sixths(&self, drm: i8) -> u8 {
        (1..=6).filter(|&d| self.advances(d, drm)).count() as u8
    }
}

/// 7 what one line of a BOT Action Chart does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BotAction {
    /// Attack in one region.
    Attack,
    /// Raid the player: reduce a militia, or where it is reduced already, cut the army there
    /// off from its supply.
    Raid,
    /// Cut one of the player's armies off from its supply, or where it is cut off already,
    /// reduce the militia there.
    Supply,
    /// Try to move a region's Indians one space towards the BOT.
    Influence,
    /// Attack the Ocean Control marker.
    Ocean,
}

/// 7 how a BOT attack picks its region.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Pick {
    /// Where the player stands nearest the BOT's own flag town (it defends first): a flag town
    /// the player holds is nearest of all, so the BOT attacks to recover it (8).
    Threat,
    /// Where the BOT's chance to advance is best.
    Odds,
    /// Where the BOT stands nearest one of the player's flag towns (it drives for a win).
    Nearest,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AdvanceDef {
    at_least: i8,
    never: u8,
    always: u8,
    assumed: String,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LineDef {
    side: Side,
    roll: u8,
    action: BotAction,
    #[serde(default)]
    pick: Option<Pick>,
    regions: Vec<String>,
    otherwise: u8,
    assumed: String,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BotArmiesDef {
    british: Vec<String>,
    french: Vec<String>,
    assumed: String,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ChartsFile {
    advance: AdvanceDef,
    bot: Vec<LineDef>,
    bot_armies: BotArmiesDef,
}

/// One line of a BOT Action Chart: one action in one region (the reading of 7: the BOT takes
/// "the one BOT action" a turn), with no modifier of its own.
#[derive(Clone, Debug)]
pub struct Line {
    pub roll: u8,
    pub action: BotAction,
    /// For attacks: how the region is picked.
    pub pick: Pick,
    /// The regions considered, in order of preference (the last tie-break).
    pub regions: Vec<Region>,
    /// The die face whose line is used when this one cannot be carried out; 0, or a line
    /// already tried this turn: the action is lost.
    pub otherwise: u8,
    pub assumed: String,
}

impl Line {
    /// The line in words, for the log and `fiw rules`.
    pub fn describe(&self) -> String {
        let otherwise = if self.otherwise == 0 {
            "nothing".to_string()
        } else {
            format!("line {}", self.otherwise)
        };
        format!("{}; if impossible: {otherwise}", self.action_words())
    }

    /// The line in a few words, for the log's list of lines that could not be done.
    pub fn short(&self) -> &'static str {
        match (self.action, self.pick) {
            (BotAction::Attack, Pick::Threat) => "attack where you stand nearest its flag towns",
            (BotAction::Attack, Pick::Odds) => "attack where its odds are best",
            (BotAction::Attack, Pick::Nearest) => "attack where it stands nearest your flag towns",
            (BotAction::Raid, _) => "raid your militia",
            (BotAction::Supply, _) => "cut your army's supply",
            (BotAction::Influence, _) => "court the Indians",
            (BotAction::Ocean, _) => "attack the Ocean Control marker",
        }
    }

    /// What the line does, without its fallback.
    pub fn action_words(&self) -> String {
        let regions = self
            .regions
            .iter()
            .map(|&r| crate::map::REGION_IDS[r as usize])
            .collect::<Vec<_>>()
            .join(", ");
        match self.action {
            BotAction::Attack => {
                let pick = match self.pick {
                    Pick::Threat => "where the player stands nearest the BOT's flag towns (ties: better odds)",
                    Pick::Odds => "where its odds are best (ties: the nearer threat)",
                    Pick::Nearest => "where it stands nearest the player's flag towns (ties: better odds)",
                };
                format!("attack first to recover a flag town of its own the player holds, else {pick}, in one of {regions} (ties: in that order)")
            }
            BotAction::Raid => format!(
                "raid where the player's strongest army stands: its militia is reduced, or if reduced already the army goes out of supply; with no army left to raid, reduce the first full militia of {regions}"
            ),
            BotAction::Supply => format!(
                "strike at supply where the player's strongest army stands: it goes out of supply, or if out already its militia is reduced (ties: {regions})"
            ),
            BotAction::Influence => format!(
                "influence the Indians of the first of {regions} not yet allied to the BOT"
            ),
            BotAction::Ocean => "attack the Ocean Control marker if the player holds it".to_string(),
        }
    }
}

/// The validated charts.
#[derive(Clone, Debug)]
pub struct Charts {
    pub advance: AdvanceChart,
    pub advance_assumed: String,
    /// `bot[side][roll - 1]`: the chart of the BOT playing `side`.
    pub bot: [Vec<Line>; 2],
    /// 4, 6 where the BOT playing `side` sets down armies that face no player army: all four
    /// regions, in order of preference.
    pub bot_armies: [[Region; REGIONS]; 2],
    pub bot_armies_assumed: String,
}

impl Charts {
    /// Reads and checks the charts: a natural 1 that never and a 6 that always advances, six
    /// lines per BOT in die order, regions that exist, and each `otherwise` another line (a
    /// chain may come back to a line already tried: the BOT's action is then lost).
    ///
    /// # Errors
    /// One line naming the file, the line and the field.
    pub fn parse(text: &str, file: &str) -> Result<Charts, String> {
        let raw: ChartsFile = toml::from_str(text)
            .map_err(|e| format!("{file}: {}", crate::one_line(&e.to_string())))?;
        let a = &raw.advance;
        if a.never != 1 || a.always != 6 {
            return Err(format!(
                "{file}: [advance] fields never/always: the text fixes natural 1 and 6 (8)"
            ));
        }
        if !(2..=6).contains(&a.at_least) {
            return Err(format!(
                "{file}: [advance] field at_least: {} is not 2 to 6",
                a.at_least
            ));
        }
        let mut bot: [Vec<Line>; 2] = [Vec::new(), Vec::new()];
        for side in [Side::British, Side::French] {
            let lines: Vec<&LineDef> = raw.bot.iter().filter(|l| l.side == side).collect();
            if lines.len() != 6 {
                return Err(format!(
                    "{file}: the {} BOT needs six [[bot]] lines, found {}",
                    side.id(),
                    lines.len()
                ));
            }
            for (i, l) in lines.iter().enumerate() {
                let keys = [
                    format!("side = \"{}\"", side.id()),
                    format!("roll = {}", l.roll),
                ];
                let at = format!(
                    "{}: {} BOT line {}",
                    crate::located(file, text, &keys),
                    side.id(),
                    l.roll
                );
                if l.roll as usize != i + 1 {
                    return Err(format!(
                        "{at} field roll: the lines must run 1 to 6 in order"
                    ));
                }
                if l.otherwise > 6 || l.otherwise == l.roll {
                    return Err(format!(
                        "{at} field otherwise: {} is not another die face or 0",
                        l.otherwise
                    ));
                }
                let mut regions = Vec::new();
                for id in &l.regions {
                    match crate::map::REGION_IDS.iter().position(|r| r == id) {
                        Some(r) if !regions.contains(&(r as Region)) => regions.push(r as Region),
                        _ => {
                            return Err(format!(
                                "{at} field regions: '{id}' is not a region or is listed twice"
                            ))
                        }
                    }
                }
                if regions.is_empty() || regions.len() > REGIONS {
                    return Err(format!("{at} field regions: list one to four regions"));
                }
                if (l.action == BotAction::Attack) != l.pick.is_some() {
                    return Err(format!(
                        "{at} field pick: an attack line says how it picks its region, and only an attack line"
                    ));
                }
                if l.action == BotAction::Ocean && regions != [crate::map::ATLANTIC] {
                    return Err(format!(
                        "{at} field regions: the Ocean Control marker is in the Atlantic: list [\"atlantic\"]"
                    ));
                }
                let indians = regions.iter().any(|&r| crate::map::map().has_indians(r));
                if l.action == BotAction::Influence && !indians {
                    return Err(format!(
                        "{at} field regions: an influence line lists a region with Indians"
                    ));
                }
                bot[side.index()].push(Line {
                    roll: l.roll,
                    action: l.action,
                    pick: l.pick.unwrap_or(Pick::Odds),
                    regions,
                    otherwise: l.otherwise,
                    assumed: l.assumed.clone(),
                });
            }
        }
        let mut bot_armies = [[0; REGIONS]; 2];
        for (side, list) in [
            (Side::British, &raw.bot_armies.british),
            (Side::French, &raw.bot_armies.french),
        ] {
            let mut order: Vec<Region> = Vec::new();
            for id in list {
                match crate::map::REGION_IDS.iter().position(|r| r == id) {
                    Some(r) if !order.contains(&(r as Region)) => order.push(r as Region),
                    _ => {
                        return Err(format!(
                        "{file}: [bot_armies] field {}: '{id}' is not a region or is listed twice",
                        side.id()
                    ))
                    }
                }
            }
            if order.len() != REGIONS {
                return Err(format!(
                    "{file}: [bot_armies] field {}: list all four regions",
                    side.id()
                ));
            }
            bot_armies[side.index()].copy_from_slice(&order);
        }
        let advance = AdvanceChart {
            at_least: a.at_least,
            never: a.never,
            always: a.always,
        };
        Ok(Charts {
            advance,
            advance_assumed: a.assumed.clone(),
            bot,
            bot_armies,
            bot_armies_assumed: raw.bot_armies.assumed,
        })
    }

    /// The chart of the BOT playing `side`, a line a die face (`1  what it does; if
    /// impossible: line 3`), each line begun with `indent`: for the board and `fiw rules`.
    pub fn chart_text(&self, side: Side, indent: &str) -> String {
        self.bot[side.index()]
            .iter()
            .map(|l| format!("{indent}{}  {}\n", l.roll, l.describe()))
            .collect()
    }

    /// The chart of the BOT playing `side` under its title, as the board and the prompt's
    /// `chart` show it.
    pub fn titled(&self, side: Side) -> String {
        format!(
            "{} BOT Action Chart (one die after your actions; one action in one region):\n{}",
            side.name(),
            self.chart_text(side, "  ")
        )
    }

    /// Line `roll` of the chart of the BOT playing `side`.
    pub fn line(&self, side: Side, roll: u8) -> &Line {
        &self.bot[side.index()][(roll.clamp(1, 6) - 1) as usize]
    }
}

static CHARTS: OnceLock<Charts> = OnceLock::new();

/// Puts `charts` in use; refused once charts are in use.
pub(crate) fn install(c: Charts) -> Result<(), String> {
    CHARTS
        .set(c)
        .map_err(|_| "the charts are in use already: install data before the first game".into())
}

/// The charts in use: installed by [`crate::data::install`] before the first game, else the
/// built-in ones (`data/charts.toml`).
pub fn charts() -> &'static Charts {
    CHARTS.get_or_init(|| {
        Charts::parse(
            include_str!("../data/charts.toml"),
            "crates/solitaire/data/charts.toml",
        )
        .unwrap_or_else(|e| panic!("the built-in charts are broken: {e}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn natural_1_never_and_natural_6_always() {
        let c = charts().advance;
        assert!(!c.advances(1, 6) && c.advances(6, -6));
        // a modified 4 advances: 2 + 2 does, 2 + 1 does not
        assert!(c.advances(2, 2) && !c.advances(2, 1));
        assert_eq!(c.sixths(0), 3);
        assert_eq!(c.sixths(9), 5);
        assert_eq!(c.sixths(-9), 1);
    }

    #[test]
    fn a_broken_chart_names_the_field() {
        let good = include_str!("../data/charts.toml");
        let e = Charts::parse(&good.replacen("never = 1", "never = 2", 1), "c.toml").unwrap_err();
        assert!(e.contains("[advance]"), "{e}");
        let e = Charts::parse(
            &good.replacen(
                "regions = [\"mohawk\", \"ohio\", \"hudson\", \"atlantic\"]",
                "regions = [\"erie\"]",
                1,
            ),
            "c.toml",
        )
        .unwrap_err();
        let line = good.lines().position(|l| l == "roll = 1").unwrap() + 1;
        assert!(
            e.starts_with(&format!(
                "c.toml line {line}: french BOT line 1 field regions"
            )),
            "{e}"
        );
        let e = Charts::parse(
            &good.replacen("otherwise = 3", "otherwise = 1", 1),
            "c.toml",
        )
        .unwrap_err();
        assert!(e.contains("french BOT line 1 field otherwise"), "{e}");
        let e = Charts::parse(
            &good.replacen("otherwise = 3", "otherwise = 3\ndrm = 1", 1),
            "c.toml",
        )
        .unwrap_err();
        assert!(
            e.contains("unknown field `drm`"),
            "the BOT has no DRM of its own: {e}"
        );
    }
}
