//! The British siege of Louisbourg (C10): the Louisbourg 1758 game, its armies sized from the
//! map's markers. The text's siege stands for the markers named in `[louisbourg]` (Amherst's
//! great expedition against the fortress's garrison); the French army is the defenders' foot
//! as a share of the text's, and the British army that share times the band's ratio, both
//! made smaller alike when either would pass the text's (a block holds no more SP than its
//! printed strength). The fleets are the text's: the map has none.

use crate::forces::units_of;
use crate::fort::Generated;
use crate::kind::BattleKind;
use crate::rules::BattleRules;
use crate::situation::Situation;
use fiw_louisbourg::Shares;

/// Each army's share (percent) of the text's for the attack `s` at `ratio`.
pub fn shares(s: &Situation, rules: &BattleRules, ratio: f64) -> Shares {
    let l = &rules.louisbourg;
    let def = f64::from(units_of(&s.defender, rules).foot()) / l.french_foot;
    let att = ratio * def;
    let most = att.max(def).max(1.0);
    let pct = |x: f64| (100.0 * x / most).round().clamp(1.0, 100.0) as u8;
    Shares {
        british: pct(att),
        french: pct(def),
    }
}

/// The Louisbourg game for the British attack `s` on Louisbourg, at `ratio`: its options as a
/// file's text (`[forces] british, french`), which `fiw play louisbourg --scenario FILE.toml`
/// plays alone.
///
/// # Errors
/// An attack that is not the British attack on Louisbourg: one line.
pub fn siege(s: &Situation, rules: &BattleRules, ratio: f64) -> Result<Generated, String> {
    if BattleKind::of(s) != BattleKind::Louisbourg {
        return Err(format!(
            "the {} attack on {} is not the siege of Louisbourg",
            s.attacker.side.name(),
            s.town_name()
        ));
    }
    #[derive(serde::Serialize)]
    struct File {
        forces: fiw_louisbourg::Shares,
    }
    let file = File {
        forces: shares(s, rules, ratio),
    };
    let text = toml::to_string(&file).map_err(|e| format!("the generated siege: {e}"))?;
    Ok(Generated {
        name: format!("{} ({})", s.town_name(), s.region_name()),
        text,
    })
}

/// The options a generated siege's text holds.
///
/// # Errors
/// A text that is not such options (a bug in the generator).
pub fn options(g: &Generated) -> Result<fiw_louisbourg::Options, String> {
    toml::from_str(&g.text).map_err(|e| format!("{}: {}", g.name, e.message()))
}
