//! What must hold of every board the rules reach: checked by `Solitaire::arranged` on boards
//! built by hand, and by the property test after every action of random games.

use crate::armies::{armies, NO_ARMY};
use crate::map::{map, REGIONS};
use crate::side::Side;
use crate::state::{Board, Step};
use crate::turn_track::last_turn;

/// Checks a board: markers on real towns of their route (or outside and near their own flag
/// town), at most one friendly army per region and each army in one place at most, armies
/// only in their own side's slots, armies waiting to be placed off the map, and the turn,
/// AP and step in range.
///
/// # Errors
/// One line naming what is wrong.
pub fn check(b: &Board) -> Result<(), String> {
    let m = map();
    let list = armies();
    let last = last_turn();
    if !(1..=last).contains(&b.turn) {
        return Err(format!("turn {} is not 1 to {last}", b.turn));
    }
    if b.ap > 6 || (!matches!(b.step, Step::Actions | Step::Attack) && b.ap != 0) {
        return Err(format!("{} AP in step {:?}", b.ap, b.step));
    }
    // 8 an attack waits exactly while the step says so, in a region where it can be made
    match b.pending {
        None if b.step == Step::Attack => return Err("step Attack with no attack waiting".into()),
        Some(p) if b.step != Step::Attack => {
            return Err(format!(
                "an attack in region {} waits in step {:?}",
                p.region, b.step
            ))
        }
        Some(p) if p.region as usize >= REGIONS || !b.can_attack(p.region, p.side) => {
            return Err(format!(
                "the {} cannot attack in region {}",
                p.side.name(),
                p.region
            ));
        }
        _ => {}
    }
    for r in 0..REGIONS {
        let len = m.len[r] as i8;
        // 8 the British stand on a town or outside their flag town (−1); the French likewise
        if !(-1..len).contains(&b.front[r]) {
            return Err(format!(
                "{}: markers off the route (front {})",
                m.regions[r].id, b.front[r]
            ));
        }
        for side in [Side::British, Side::French] {
            let a = b.army[r][side.index()];
            if a == NO_ARMY {
                if b.unsupplied[r][side.index()] {
                    return Err(format!(
                        "{}: an absent {} army is out of supply",
                        m.regions[r].id,
                        side.name()
                    ));
                }
                continue;
            }
            let Some(army) = list.list.get(a as usize) else {
                return Err(format!("{}: army {a} does not exist", m.regions[r].id));
            };
            if army.side != side {
                return Err(format!(
                    "{}: {} stands in the {} slot",
                    m.regions[r].id,
                    army.id,
                    side.name()
                ));
            }
            // each side's armies arrive on the schedule of the side being played: the
            // player's against the BOT, their own with two players
            let played = if b.two_players { side } else { b.player };
            if army.arrives(played) > b.turn {
                return Err(format!(
                    "{}: {} stands before it arrives (turn {})",
                    m.regions[r].id,
                    army.id,
                    army.arrives(played)
                ));
            }
            // 3.2 each army marker is in one region at most
            let count = (0..REGIONS)
                .filter(|&q| b.army[q][side.index()] == a)
                .count();
            if count != 1 {
                return Err(format!("{} stands in {count} regions", army.id));
            }
            if b.to_place & (1 << a) != 0 {
                return Err(format!(
                    "{} is both on the map and waiting to be placed",
                    army.id
                ));
            }
        }
        if !m.has_indians(r as u8) && b.indians[r] != crate::state::Indians::Neutral {
            return Err(format!(
                "{}: Indians where the map has none",
                m.regions[r].id
            ));
        }
    }
    if !b.two_players && b.acting() != b.player {
        return Err("against the BOT only the player's side acts".into());
    }
    let own = list.of(b.acting());
    if b.to_place & !own != 0 {
        return Err("an army waiting to be placed is not the acting side's".into());
    }
    if (b.to_place != 0) != matches!(b.step, Step::Setup | Step::Place) {
        return Err(format!(
            "step {:?} with armies to place {:#b}",
            b.step, b.to_place
        ));
    }
    // 6 armies marked as relocated are the player's, on the map, during the relocations only
    if b.relocated != 0 {
        let on_map = (0..REGIONS)
            .filter(|&r| b.army[r][b.acting().index()] != NO_ARMY)
            .fold(0u8, |m, r| m | 1 << b.army[r][b.acting().index()]);
        if b.step != Step::Relocate || b.relocated & !on_map != 0 {
            return Err(format!(
                "armies {:#b} marked relocated in step {:?}",
                b.relocated, b.step
            ));
        }
    }
    Ok(())
}
