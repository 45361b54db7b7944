//! The generated battles against the chart (issue 39, item 4): the attacks campaigns make,
//! their battles fought out by the generals, counted by the band of the chart's odds.
//!
//! The attacks are drawn from campaigns, not made up: attacks drawn at random from the map
//! (random fronts, random markers) were another mix than a campaign's, where most forts are
//! held by an army in supply, and a calibration on them left the campaign's own battles 3 to
//! 22 points short of the chart (docs/campaign.md).

use crate::fight::d3_by_generals;
use crate::fort::fort_battle;
use crate::game::{Action, Campaign, Options};
use crate::kind::BattleKind;
use crate::rules::{rules, Garrison};
use crate::situation::Situation;
use fiw_engine::{Dice, Game, Seen, Side};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The pools made so far, by (attacks a band, sample, garrison).
type Pools = HashMap<(usize, u64, Garrison), Arc<Vec<Situation>>>;

/// The most campaigns played for one pool, whatever the bands still lack: a campaign makes
/// some twenty fort attacks, few of them on forts the militia holds alone.
const MOST_CAMPAIGNS: u64 = 4_000;

/// The attacks on forts held by `garrison` of campaigns played by the heuristic player against
/// the BOT, each side in turn, every attack rolled on the chart (the text's game, so no battle
/// shapes the next attack), until every band holds `per_band` of them or
/// [`MOST_CAMPAIGNS`] are played. `sample` picks the campaigns: pools of two samples share
/// none.
pub fn campaign_attacks(per_band: usize, sample: u64, garrison: Garrison) -> Arc<Vec<Situation>> {
    static POOLS: Mutex<Option<Pools>> = Mutex::new(None);
    let key = (per_band, sample, garrison);
    if let Some(pool) = POOLS
        .lock()
        .ok()
        .and_then(|p| p.as_ref().and_then(|m| m.get(&key).cloned()))
    {
        return pool;
    }
    let mut pool = Vec::new();
    let mut count = [0usize; 5];
    let mut legal = Vec::new();
    for k in 0..MOST_CAMPAIGNS {
        if count.iter().all(|&c| c >= per_band) {
            break;
        }
        let side = [Side::British, Side::French][(k % 2) as usize];
        let seed = fiw_engine::game_seed(0xca11_b8a7 + sample, k);
        let Ok(mut g) = Campaign::new(&Options { side }, seed) else {
            continue;
        };
        g.set_logging(false);
        let Some(mut player) = Campaign::heuristic_policy(fiw_engine::game_seed(seed, 1)) else {
            continue;
        };
        while g.to_move().is_some() {
            g.legal_actions(&mut legal);
            if legal.contains(&Action::Fight) {
                if let Some(w) = g.map().pending() {
                    let s = Situation::of(g.map().board(), w);
                    if BattleKind::of(&s) == BattleKind::Fort && Garrison::of(&s) == garrison {
                        count[usize::from(s.sixths.clamp(1, 5)) - 1] += 1;
                        pool.push(s);
                    }
                }
                let roll = Action::Map(fiw_solitaire::Action::Roll);
                if g.apply(roll).is_err() {
                    break;
                }
                continue;
            }
            let i = player.choose(&Seen::new(&g, 0), &legal);
            if g.apply(legal[i.min(legal.len() - 1)]).is_err() {
                break;
            }
        }
    }
    let pool = Arc::new(pool);
    if let Ok(mut p) = POOLS.lock() {
        p.get_or_insert_with(HashMap::new).insert(key, pool.clone());
    }
    pool
}

/// What [`measure`] found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Measured {
    /// Battles the attackers carried.
    pub won: u32,
    pub drawn: u32,
    /// Battles fought.
    pub battles: u32,
    /// The different attacks they were fought for: fewer than the battles where campaigns
    /// rarely make such an attack, each then fought again with other dice.
    pub attacks: u32,
}

/// The generals' battles of the band `sixths` against `garrison` at `ratio`: the first
/// `per_band` attacks of the band in the pool of `sample` (each fought again with other dice,
/// in turn, where the pool holds fewer), with the same dice at every ratio, so that ratios are
/// compared on the same battles; another `sample`, other battles. No battle where campaigns
/// never made such an attack.
///
/// # Errors
/// A generated battle refused (a side too big for the table at this ratio).
pub fn measure(
    sixths: u8,
    per_band: u32,
    ratio: f64,
    sample: u64,
    garrison: Garrison,
) -> Result<Measured, String> {
    let pool = campaign_attacks(per_band as usize, sample, garrison);
    let band: Vec<&Situation> = pool.iter().filter(|s| s.sixths == sixths).collect();
    let (mut won, mut drawn, mut n) = (0u32, 0u32, 0u32);
    let attacks = band.len().min(per_band as usize);
    for (k, s) in band.iter().cycle().take(per_band as usize).enumerate() {
        let seed = fiw_engine::game_seed(
            1000 * sample + u64::from(sixths) + 100 * (garrison as u64),
            k as u64,
        );
        let g = fort_battle(
            s,
            rules(),
            ratio,
            &mut Dice::new(fiw_engine::game_seed(seed, 0x5ca1e)),
        )?;
        let (_, fought) = d3_by_generals(&g, fiw_engine::game_seed(seed, u64::from(sixths)))?;
        n += 1;
        match fought.winner {
            Some(w) if w == s.attacker.side => won += 1,
            None => drawn += 1,
            _ => {}
        }
    }
    Ok(Measured {
        won,
        drawn,
        battles: n,
        attacks: attacks as u32,
    })
}
