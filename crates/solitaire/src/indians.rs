//! 10 Resolving Attempts to Influence Indians in a Region: a 4, 5 or 6 moves the marker one
//! space towards becoming allies of the side trying.

use crate::map::{map, Region};
use crate::side::Side;
use crate::state::Solitaire;

/// 10 the lowest roll that moves the Indian marker.
pub const INFLUENCE_AT_LEAST: u8 = 4;

impl Solitaire {
    /// 10 `side` tries to influence the Indians of `region`. Returns whether the marker moved.
    pub(crate) fn resolve_influence(&mut self, region: Region, side: Side) -> bool {
        self.dice.ask(1, 6, || {
            format!(
                "The {} try to influence the {} Indians (10): one die, {INFLUENCE_AT_LEAST} to 6 moves them one space toward the {}",
                side.name(),
                map().regions[region as usize].name,
                side.name()
            )
        });
        let die = self.dice.d6();
        self.epoch += 1;
        let moved = die >= INFLUENCE_AT_LEAST;
        let before = self.board.indians[region as usize];
        if moved {
            self.board.indians[region as usize] = before.toward(side);
        }
        let after = self.board.indians[region as usize];
        self.log.public(|| {
            let name = &map().regions[region as usize].name;
            let result = if moved {
                format!(
                    "the {name} Indians move from {} to {}",
                    before.words(),
                    after.words()
                )
            } else {
                format!("the {name} Indians stay {}", before.words())
            };
            format!(
                "The {} try to influence the {name} Indians: die {die}: {result} (10).",
                side.name()
            )
        });
        moved
    }
}
