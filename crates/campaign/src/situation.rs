//! An attack on the map as a battle needs it: where (the region, the town and its kind), who
//! attacks and who defends with what (each side's militia at full strength or reduced, its
//! army and that army's DRM, in supply or not, the Indians allied to it), and the odds the
//! Advance Result Chart gives the same attack.

use fiw_solitaire::armies::armies;
use fiw_solitaire::map::{map, Region, TownKind};
use fiw_solitaire::{Board, Pending, Side};
use serde::Serialize;

/// One side's markers in the region of an attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Force {
    pub side: Side,
    /// 3.1 its militia is on the reduced side.
    pub reduced: bool,
    /// 3.2 the army standing with the militia, if any.
    pub army: Option<ArmyMarker>,
    /// 3.3 the region's Indians are its allies.
    pub indians: bool,
}

/// An army marker as the battle reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ArmyMarker {
    /// Its DRM, printed on the marker (+1, +2, +4).
    pub drm: i8,
    /// 3.2 on its supplied side (an army out of supply adds no DRM on the map).
    pub supplied: bool,
}

/// An attack waiting to be settled, read from the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Situation {
    pub region: Region,
    /// The town attacked, by its index on the region's route.
    pub town: usize,
    pub kind: TownKind,
    pub attacker: Force,
    pub defender: Force,
    /// 8 the cumulative modifier of the attack on the chart.
    pub drm: i8,
    /// 8 the chart's chance to advance, in sixths (1 to 5: a natural 1 never advances, a
    /// natural 6 always does).
    pub sixths: u8,
}

fn force(board: &Board, region: Region, side: Side) -> Force {
    let r = region as usize;
    let i = side.index();
    Force {
        side,
        reduced: board.reduced[r][i],
        army: board.army_of(region, side).map(|a| ArmyMarker {
            drm: armies().drm[a as usize],
            supplied: !board.unsupplied[r][i],
        }),
        indians: map().has_indians(region) && board.indians[r].ally() == Some(side),
    }
}

impl Situation {
    /// The attack `pending` on `board`.
    pub fn of(board: &Board, pending: Pending) -> Situation {
        let Pending { region, side } = pending;
        let town = board.target(region, side);
        Situation {
            region,
            town,
            kind: map().kind[region as usize][town],
            attacker: force(board, region, side),
            defender: force(board, region, side.other()),
            drm: board.attack_terms(region, side).total(),
            sixths: board.advance_sixths(region, side),
        }
    }

    /// The town's name (`Ft. Carillon`).
    pub fn town_name(&self) -> &str {
        map().town(self.region, self.town)
    }

    /// The town's id in the map file (`ft-carillon`).
    pub fn town_id(&self) -> &str {
        &map().regions[self.region as usize].towns[self.town].id
    }

    /// The region's name (`Hudson`).
    pub fn region_name(&self) -> &str {
        &map().regions[self.region as usize].name
    }
}
