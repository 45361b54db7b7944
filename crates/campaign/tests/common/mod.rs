//! The attacks the tests make battles of.

use fiw_campaign::Situation;
use fiw_solitaire::armies::{armies, NO_ARMY};
use fiw_solitaire::map::{map, REGIONS};
use fiw_solitaire::{Board, Indians, Pending, Side};

/// Every attack the map can make, each with the markers `variant` picks (0 to 15): militia
/// full or reduced on either side, the weakest or strongest army attacking, none or the
/// strongest defending, in supply or not, the Indians allied to either side or neither.
pub fn attacks(variant: u32) -> Vec<Situation> {
    let mut out = Vec::new();
    for r in 0..REGIONS as u8 {
        for front in -1..map().len[r as usize] as i8 - 1 {
            for side in [Side::British, Side::French] {
                let mut b = Board::start(Side::British);
                b.front[r as usize] = front;
                b.ocean = side;
                if !b.can_attack(r, side) {
                    continue;
                }
                let i = side.index();
                let o = side.other().index();
                b.reduced[r as usize][i] = variant & 1 != 0;
                b.reduced[r as usize][o] = variant & 2 != 0;
                // the armies of each side by DRM, the strongest when `variant & 4`
                let pick = |s: Side, strong: bool| {
                    let list = &armies().list;
                    let mut ids: Vec<u8> = (0..list.len() as u8)
                        .filter(|&a| list[a as usize].side == s)
                        .collect();
                    ids.sort_by_key(|&a| armies().drm[a as usize]);
                    if strong {
                        *ids.last().unwrap()
                    } else {
                        ids[0]
                    }
                };
                b.army[r as usize][i] = pick(side, variant & 4 != 0);
                b.army[r as usize][o] = if variant & 8 != 0 {
                    pick(side.other(), true)
                } else {
                    NO_ARMY
                };
                b.unsupplied[r as usize][i] = variant.is_multiple_of(3);
                if map().has_indians(r) {
                    b.indians[r as usize] = [Indians::British, Indians::Neutral, Indians::French]
                        [(variant % 3) as usize];
                }
                out.push(Situation::of(&b, Pending { region: r, side }));
            }
        }
    }
    out
}
