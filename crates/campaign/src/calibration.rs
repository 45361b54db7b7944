//! The generated battles against the chart (issue 39, item 4): the attacks campaigns make,
//! their battles fought out by the generals, counted by the band of the chart's odds.
//!
//! The attacks are drawn from campaigns, not made up: attacks drawn at random from the map
//! (random fronts, random markers) were another mix than a campaign's, where most forts are
//! held by an army in supply, and a calibration on them left the campaign's own battles 3 to
//! 22 points short of the chart (docs/campaign.md).

use crate::battles::Battles;
use crate::game::{Action, Campaign, Options};
use crate::rules::band;
use crate::situation::Situation;
use fiw_engine::{Dice, Game, Seen, Side};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The pools of every attack the map can make, by (battles, sample).
type MapPools = HashMap<(Battles, u64), Arc<Vec<Situation>>>;

/// The pools made so far, by (attacks a band, sample, battles).
type Pools = HashMap<(usize, u64, Battles), Arc<Vec<Situation>>>;

/// The most campaigns played for one pool, whatever the bands still lack: a campaign makes
/// some twenty fort attacks, few of them on forts the militia holds alone, and fewer on the
/// map's one open town.
const MOST_CAMPAIGNS: u64 = 4_000;

/// The attacks of campaigns played by the heuristic player against the BOT that make
/// `battles`, each side in turn, every attack rolled on the chart (the text's game, so no
/// battle shapes the next attack), until every band holds `per_band` of them or
/// [`MOST_CAMPAIGNS`] are played. `sample` picks the campaigns: pools of two samples share
/// none.
pub fn campaign_attacks(per_band: usize, sample: u64, battles: Battles) -> Arc<Vec<Situation>> {
    static POOLS: Mutex<Option<Pools>> = Mutex::new(None);
    let key = (per_band, sample, battles);
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
        let Ok(mut g) = Campaign::new(
            &Options {
                side,
                ..Default::default()
            },
            seed,
        ) else {
            continue;
        };
        g.set_logging(false);
        let Some(mut player) = Campaign::heuristic_policy(fiw_engine::game_seed(seed, 1)) else {
            continue;
        };
        while g.to_move().is_some() {
            g.legal_actions(&mut legal);
            if let Some(w) = g.map().pending() {
                let s = Situation::of(g.map().board(), w);
                if Battles::of(&s) == battles {
                    count[band(s.sixths)] += 1;
                    pool.push(s);
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

/// Every attack the map can make that becomes `battles`, with every mix of markers (each
/// side's militia full or reduced, each army of the attacking side in supply or not, none or
/// each of the defending side's, the Indians allied to either side or neither, either side
/// controlling the ocean), shuffled by `sample`. The open towns' battles are calibrated on
/// these: campaigns of the heuristic player against the BOT attack the map's one open town,
/// Presque Isle, some twice in a hundred campaigns, always the British against an army, and
/// never raid it.
pub fn map_attacks(battles: Battles, sample: u64) -> Arc<Vec<Situation>> {
    use fiw_solitaire::armies::{armies, NO_ARMY};
    use fiw_solitaire::map::{map, REGIONS};
    use fiw_solitaire::{Board, Indians, Pending};
    static POOLS: Mutex<Option<MapPools>> = Mutex::new(None);
    if let Some(pool) = POOLS
        .lock()
        .ok()
        .and_then(|p| p.as_ref().and_then(|m| m.get(&(battles, sample)).cloned()))
    {
        return pool;
    }
    let list = &armies().list;
    let of = |side: Side| -> Vec<u8> {
        (0..list.len() as u8)
            .filter(|&a| list[a as usize].side == side)
            .collect()
    };
    let mut pool = Vec::new();
    for r in 0..REGIONS as u8 {
        let ri = r as usize;
        for front in -1..map().len[ri] as i8 - 1 {
            for side in [Side::British, Side::French] {
                let (i, o) = (side.index(), side.other().index());
                let mut b = Board::start(Side::British);
                b.front[ri] = front;
                for ocean in [Side::British, Side::French] {
                    b.ocean = ocean;
                    if !b.can_attack(r, side) {
                        continue;
                    }
                    let mut defending: Vec<Option<(u8, bool)>> = vec![None];
                    for a in of(side.other()) {
                        defending.extend([Some((a, true)), Some((a, false))]);
                    }
                    let indians: &[Indians] = if map().has_indians(r) {
                        &[Indians::British, Indians::Neutral, Indians::French]
                    } else {
                        &[Indians::Neutral]
                    };
                    for reduced in 0..4u8 {
                        b.reduced[ri] = [false; 2];
                        b.reduced[ri][i] = reduced & 1 != 0;
                        b.reduced[ri][o] = reduced & 2 != 0;
                        for a in of(side) {
                            for supplied in [true, false] {
                                b.army[ri][i] = a;
                                b.unsupplied[ri][i] = !supplied;
                                for d in &defending {
                                    b.army[ri][o] = d.map_or(NO_ARMY, |(a, _)| a);
                                    b.unsupplied[ri][o] = d.is_some_and(|(_, s)| !s);
                                    for &ind in indians {
                                        b.indians[ri] = ind;
                                        let s = Situation::of(&b, Pending { region: r, side });
                                        if Battles::of(&s) == battles {
                                            pool.push(s);
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    // the same attacks in another order for each sample (Fisher-Yates on the sample's dice)
    let mut dice = Dice::new(fiw_engine::game_seed(0x70_a115, sample));
    for k in (1..pool.len()).rev() {
        let j = dice.below(k as u32 + 1) as usize;
        pool.swap(k, j);
    }
    let pool = Arc::new(pool);
    if let Ok(mut p) = POOLS.lock() {
        p.get_or_insert_with(HashMap::new)
            .insert((battles, sample), pool.clone());
    }
    pool
}

/// The fewest attacks of a band that campaigns must make for the band to be measured on them
/// rather than on every attack the map can make.
const FEWEST_FROM_CAMPAIGNS: usize = 50;

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

/// The generals' `battles` of the band `sixths` at `ratio`: the first
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
    battles: Battles,
) -> Result<Measured, String> {
    let pool = match battles {
        Battles::Fort(_) | Battles::Siege => campaign_attacks(per_band as usize, sample, battles),
        // campaigns make too few (C9): every attack the map can make, in an order of the sample's
        Battles::Raid | Battles::Open => map_attacks(battles, sample),
    };
    let mut band: Vec<&Situation> = pool.iter().filter(|s| s.sixths == sixths).collect();
    // a band campaigns rarely make (the siege of Louisbourg below 4/6): every attack the map
    // can make of it
    let everything;
    if band.len() < FEWEST_FROM_CAMPAIGNS {
        everything = map_attacks(battles, sample);
        band = everything.iter().filter(|s| s.sixths == sixths).collect();
    }
    let (mut won, mut drawn, mut n) = (0u32, 0u32, 0u32);
    let attacks = band.len().min(per_band as usize);
    for (k, s) in band.iter().cycle().take(per_band as usize).enumerate() {
        let seed = fiw_engine::game_seed(
            1000 * sample + u64::from(sixths) + 100 * salt(battles),
            k as u64,
        );
        let g = battles.make(
            s,
            ratio,
            &mut Dice::new(fiw_engine::game_seed(seed, 0x5ca1e)),
        )?;
        let (fought, _) = battles.fight(&g, fiw_engine::game_seed(seed, u64::from(sixths)))?;
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

/// Each kind's own dice (a fort an army holds keeps those it was first measured with).
fn salt(battles: Battles) -> u64 {
    match battles {
        Battles::Fort(g) => g as u64,
        Battles::Raid => 2,
        Battles::Open => 3,
        Battles::Siege => 4,
    }
}
