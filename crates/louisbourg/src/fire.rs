//! 9.2 battle fire and 8.2 the Bombardment Table: the dice arithmetic shared by the game and
//! by the exact odds, written once.

use crate::board::{Loc, ISLAND_BATTERY, LOUISBOURG};
use crate::forces::Kind;
use serde::{Deserialize, Serialize};

/// How a battle came about; it decides which fire bonuses apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BattleKind {
    /// 9.1 a land move ended in an enemy location.
    Land,
    /// 8.3.3 an amphibious move landed in an enemy location.
    Amphibious,
    /// 8.3.2 one round, then the raiders go home.
    Raid,
    /// 11 ships against ships in a sea area.
    Ship,
}

/// The lowest die that hits for one firing unit.
///
/// 9.2 single fire hits on 6. 9.3 defenders in Louisbourg hit on 4–6 and in Island Battery on
/// 5–6 every round, and defenders against an amphibious attack on 4–6 in the first round; these
/// also apply against raiders. 8.3.2 rangers and Indians fire double (5–6) in raids, attacking
/// or defending. A unit uses the best rate that applies. `amphibious_defence` is false when a
/// card takes the amphibious bonus away.
pub fn hit_on(
    kind: Kind,
    defending: bool,
    at: Loc,
    battle: BattleKind,
    round: u8,
    amphibious_defence: bool,
) -> u8 {
    let mut t = 6;
    if battle == BattleKind::Raid && kind.raid_double_fire() {
        t = 5;
    }
    if defending && battle != BattleKind::Ship {
        if at == LOUISBOURG {
            t = t.min(4);
        } else if at == ISLAND_BATTERY {
            t = t.min(5);
        }
        if battle == BattleKind::Amphibious && round == 1 && amphibious_defence {
            t = t.min(4);
        }
    }
    t
}

/// The faces of a d6 that hit from `t` up, as the rules say them ("6", "5 or 6", "4, 5 or 6").
pub fn faces_from(t: u8) -> String {
    let faces: Vec<String> = (t.clamp(1, 6)..=6).map(|f| f.to_string()).collect();
    match faces.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => "6".into(),
    }
}

/// 8.2 the Bombardment Table: SP lost for a die roll plus DRM (read from the PDF's text layer:
/// 1–2 no effect, 3–5 one SP, 6–7 two SP, 8 or more three SP).
pub fn bombardment_losses(total: i8) -> u8 {
    match total {
        i8::MIN..=2 => 0,
        3..=5 => 1,
        6..=7 => 2,
        _ => 3,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{FLAT_POINT, GREEN_HILLS};

    #[test]
    fn location_effects_9_3() {
        assert_eq!(
            hit_on(Kind::Regular, true, GREEN_HILLS, BattleKind::Land, 1, true),
            6
        );
        assert_eq!(
            hit_on(Kind::Regular, false, LOUISBOURG, BattleKind::Land, 1, true),
            6
        );
        assert_eq!(
            hit_on(Kind::Regular, true, LOUISBOURG, BattleKind::Land, 5, true),
            4
        );
        assert_eq!(
            hit_on(
                Kind::Militia,
                true,
                ISLAND_BATTERY,
                BattleKind::Land,
                3,
                true
            ),
            5
        );
        assert_eq!(
            hit_on(
                Kind::Regular,
                true,
                FLAT_POINT,
                BattleKind::Amphibious,
                1,
                true
            ),
            4
        );
        assert_eq!(
            hit_on(
                Kind::Regular,
                true,
                FLAT_POINT,
                BattleKind::Amphibious,
                2,
                true
            ),
            6
        );
        assert_eq!(
            hit_on(
                Kind::Regular,
                true,
                FLAT_POINT,
                BattleKind::Amphibious,
                1,
                false
            ),
            6
        );
        // they apply against raiders too
        assert_eq!(
            hit_on(Kind::Regular, true, LOUISBOURG, BattleKind::Raid, 1, true),
            4
        );
    }

    #[test]
    fn raid_double_fire_8_3_2() {
        assert_eq!(
            hit_on(Kind::Ranger, true, FLAT_POINT, BattleKind::Raid, 1, true),
            5
        );
        assert_eq!(
            hit_on(Kind::Indian, false, FLAT_POINT, BattleKind::Raid, 1, true),
            5
        );
        assert_eq!(
            hit_on(Kind::Ranger, false, FLAT_POINT, BattleKind::Land, 1, true),
            6
        );
        assert_eq!(
            hit_on(
                Kind::Ranger,
                true,
                ISLAND_BATTERY,
                BattleKind::Raid,
                1,
                true
            ),
            5
        );
    }

    #[test]
    fn bombardment_table_8_2() {
        let row: Vec<u8> = (0..=9).map(bombardment_losses).collect();
        assert_eq!(row, vec![0, 0, 0, 1, 1, 1, 2, 2, 3, 3]);
        assert_eq!(bombardment_losses(-3), 0);
    }
}
