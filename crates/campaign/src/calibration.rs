//! The generated battles against the chart (issue 39, item 4): attacks drawn at random from the
//! map, their battles fought out by the generals, counted by the band of the chart's odds.

use crate::fight::d3_by_generals;
use crate::fort::fort_battle;
use crate::kind::BattleKind;
use crate::rules::rules;
use crate::situation::Situation;
use fiw_engine::Dice;
use fiw_solitaire::armies::{armies, NO_ARMY};
use fiw_solitaire::map::{map, REGIONS};
use fiw_solitaire::{Board, Indians, Pending, Side};

/// A random attack on a fort: a region, a front, an attacking side and random markers.
pub fn random_attack(dice: &mut Dice) -> Option<Situation> {
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
/// same attacks and dice at every scale (drawn from the band's own seed and `sample`), so that
/// scales are compared on the same battles; another `sample`, other battles.
///
/// # Errors
/// A generated battle refused (a side too big for the table at this scale).
pub fn measure(
    sixths: u8,
    per_band: u32,
    scale: f64,
    sample: u64,
) -> Result<(u32, u32, u32), String> {
    let mut dice = Dice::new(u64::from(sixths) + 1000 * sample);
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
