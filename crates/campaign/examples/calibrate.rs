//! How often the attackers carry a generated fort battle between the computer generals, by the
//! chart's odds of the same attack (its DRM band), against those odds (issue 39, item 4):
//!
//! ```sh
//! cargo run --release -p fiw-campaign --example calibrate -- 200        # the data's scales
//! cargo run --release -p fiw-campaign --example calibrate -- 200 1.4    # one scale for all
//! cargo run --release -p fiw-campaign --example calibrate -- search 200 # each band's scale
//! ```
//!
//! Arguments: battles a band (200), and the scale of the attackers' foot. Each battle is
//! an attack drawn at random from every fort attack of the map with markers drawn at random
//! (militia full or reduced, armies of each DRM in supply or not, Indians), kept when its band
//! is the one being filled.

use fiw_campaign::fight::d3_by_generals;
use fiw_campaign::fort::fort_battle;
use fiw_campaign::rules::rules;
use fiw_campaign::{BattleKind, Situation};
use fiw_engine::Dice;
use fiw_solitaire::armies::{armies, NO_ARMY};
use fiw_solitaire::map::{map, REGIONS};
use fiw_solitaire::{Board, Indians, Pending, Side};

/// A random attack on a fort: a region, a front, an attacking side and random markers.
fn random_attack(dice: &mut Dice) -> Option<Situation> {
    let r = dice.below(REGIONS as u32) as u8;
    let len = map().len[r as usize] as i8;
    let front = dice.below(len as u32 + 1) as i8 - 1;
    let side = [Side::British, Side::French][dice.below(2) as usize];
    let mut b = Board::start(Side::British);
    b.front[r as usize] = front.min(len - 2);
    b.ocean = side;
    if !b.can_attack(r, side) {
        return None;
    }
    let list = &armies().list;
    for s in [Side::British, Side::French] {
        let i = s.index();
        b.reduced[r as usize][i] = dice.below(3) == 0;
        let ids: Vec<u8> = (0..list.len() as u8)
            .filter(|&a| list[a as usize].side == s)
            .collect();
        // no army a third of the time, else one of the side's
        b.army[r as usize][i] = if dice.below(3) == 0 {
            NO_ARMY
        } else {
            ids[dice.below(ids.len() as u32) as usize]
        };
        b.unsupplied[r as usize][i] = b.army[r as usize][i] != NO_ARMY && dice.below(4) == 0;
    }
    if map().has_indians(r) {
        b.indians[r as usize] =
            [Indians::British, Indians::Neutral, Indians::French][dice.below(3) as usize];
    }
    let s = Situation::of(&b, Pending { region: r, side });
    (BattleKind::of(&s) == BattleKind::Fort).then_some(s)
}

/// The generals' battles of the band `sixths` at `scale`: (attacker won, drawn, battles). The
/// same attacks and dice at every scale (drawn from the band's own seed), so that scales are
/// compared on the same battles.
fn measure(sixths: u8, per_band: u32, scale: f64) -> Result<(u32, u32, u32), String> {
    let mut dice = Dice::new(u64::from(sixths));
    let (mut won, mut drawn, mut n) = (0u32, 0u32, 0u32);
    let mut seed = 0u64;
    while n < per_band {
        seed += 1;
        let Some(s) = random_attack(&mut dice) else {
            continue;
        };
        if s.sixths != sixths {
            continue;
        }
        let g = fort_battle(
            &s,
            rules(),
            scale,
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
    Ok((won, drawn, n))
}

fn row(sixths: u8, scale: f64, (won, drawn, n): (u32, u32, u32)) -> f64 {
    let rate = won as f64 / n as f64;
    let chart = sixths as f64 / 6.0;
    println!(
        "{sixths}/6     {scale:5.3}   {n:7}   {:11.1} %   {:4.1} %   {:4.1} %   {:+.1}",
        100.0 * rate,
        100.0 * drawn as f64 / n as f64,
        100.0 * chart,
        100.0 * (rate - chart)
    );
    rate - chart
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let search = args.first().is_some_and(|a| a == "search");
    let args = &args[usize::from(search)..];
    let per_band: u32 = args.first().and_then(|a| a.parse().ok()).unwrap_or(200);
    let scale: Option<f64> = args.get(1).and_then(|a| a.parse().ok());
    let header = "band    scale    battles   attacker won   drawn   chart   difference";
    if search {
        // bisect each band's scale between 0.5 and 2.5 until the generals carry the battle
        // within 3 points of the chart, or seven halvings
        println!("fort battles between the generals, {per_band} a band: each band's scale sought");
        println!("{header}");
        let mut found = Vec::new();
        for sixths in 1..=5u8 {
            let (mut lo, mut hi) = (0.5, 2.5);
            let mut best = (f64::INFINITY, 1.0);
            for _ in 0..7 {
                let mid: f64 = (lo + hi) / 2.0;
                let d = match measure(sixths, per_band, mid) {
                    Ok(m) => row(sixths, mid, m),
                    // too many units for the table: too big a scale
                    Err(e) => {
                        println!("{sixths}/6     {mid:5.3}   {e}");
                        1.0
                    }
                };
                if d.abs() < best.0 {
                    best = (d.abs(), mid);
                }
                if d.abs() <= 0.03 {
                    break;
                }
                if d < 0.0 {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            found.push((best.1 * 1000.0).round() / 1000.0);
        }
        println!("scale = {found:?}");
        return;
    }
    let label = scale.map_or("as the data gives it".to_string(), |s| format!("x {s}"));
    println!("fort battles between the generals, attackers' foot {label}, {per_band} a band");
    println!("{header}");
    for sixths in 1..=5u8 {
        let sc = scale.unwrap_or_else(|| rules().fort.scale_for(sixths));
        match measure(sixths, per_band, sc) {
            Ok(m) => {
                row(sixths, sc, m);
            }
            Err(e) => println!("{sixths}/6     {sc:5.3}   {e}"),
        }
    }
}
