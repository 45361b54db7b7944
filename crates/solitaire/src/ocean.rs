//! 9 Attacks on the Atlantic Ocean Control Marker: a 4, 5 or 6 takes control from the enemy.

use crate::side::Side;
use crate::state::Solitaire;

/// 9 the lowest roll that takes control of the Atlantic.
pub const OCEAN_AT_LEAST: u8 = 4;

impl Solitaire {
    /// 9 `side` attacks the Ocean Control marker (held by the enemy). Returns whether it flipped.
    pub(crate) fn resolve_ocean(&mut self, side: Side) -> bool {
        self.dice.ask(1, 6, || {
            format!(
                "The {} attack the Ocean Control marker (9): one die, {OCEAN_AT_LEAST} to 6 takes control of the Atlantic",
                side.name()
            )
        });
        let die = self.dice.d6();
        self.epoch += 1;
        let won = die >= OCEAN_AT_LEAST;
        if won {
            self.board.ocean = side;
        }
        self.log.public(|| {
            let result = if won {
                format!("the {} take control of the Atlantic", side.name())
            } else {
                format!("the {} keep control of the Atlantic", side.other().name())
            };
            format!(
                "{} attack the Ocean Control marker: die {die}: {result} (9).",
                side.name()
            )
        });
        won
    }
}
