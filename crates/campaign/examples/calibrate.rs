//! How often the attackers carry a generated fort battle between the computer generals, by the
//! chart's odds of the same attack (its DRM band), against those odds (issue 39, item 4):
//!
//! ```sh
//! cargo run --release -p fiw-campaign --example calibrate -- 200 1.0
//! ```
//!
//! Arguments: battles a band (200), and the scale of the attackers' foot (1.0). Each battle is
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

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let per_band: u32 = args.first().and_then(|a| a.parse().ok()).unwrap_or(200);
    let scale: f64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1.0);
    let mut dice = Dice::new(1);
    println!("fort battles between the generals, attackers' foot x {scale}, {per_band} a band");
    println!("band (chart)   battles   attacker won   drawn   chart   difference");
    for sixths in 1..=5u8 {
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
            let g = fort_battle(&s, rules(), scale).unwrap_or_else(|e| panic!("{e}"));
            let (_, fought) =
                d3_by_generals(&g, fiw_engine::game_seed(seed, sixths as u64)).unwrap();
            n += 1;
            match fought.winner {
                Some(w) if w == s.attacker.side => won += 1,
                None => drawn += 1,
                _ => {}
            }
        }
        let rate = won as f64 / n as f64;
        let chart = sixths as f64 / 6.0;
        println!(
            "{sixths}/6          {n:7}   {:11.1} %   {:4.1} %   {:4.1} %   {:+.1}",
            100.0 * rate,
            100.0 * drawn as f64 / n as f64,
            100.0 * chart,
            100.0 * (rate - chart)
        );
    }
}
