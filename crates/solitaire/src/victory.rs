//! 11 How to Win: sudden death at the end of the other side's turn, otherwise victory points
//! after the last turn of the Turn Track, ties to France.

use crate::map::{map, REGIONS};
use crate::side::Side;
use crate::state::{Board, Solitaire, Step};
use crate::turn_track::last_turn;
use fiw_engine::Outcome;

/// 11 how many enemy flag towns a side must hold for a sudden-death win.
pub fn flags_needed(side: Side) -> u8 {
    match side {
        Side::British => 3,
        Side::French => 2,
    }
}

/// 11 victory points: per enemy flag town held.
pub const VP_FLAG: u8 = 4;
/// 11 victory points: per region whose Indians are the side's allies.
pub const VP_INDIANS: u8 = 2;
/// 11 victory points: for controlling the Atlantic.
pub const VP_OCEAN: u8 = 1;

impl Board {
    /// 11 how many of the enemy's flag towns `side`'s markers occupy.
    pub fn flags_held(&self, side: Side) -> u8 {
        let m = map();
        (0..REGIONS)
            .filter(|&r| match side {
                Side::British => self.front[r] == m.len[r] as i8 - 1,
                Side::French => self.front[r] == -1,
            })
            .count() as u8
    }

    /// 11 whether `side` meets its sudden-death condition: enough enemy flag towns held, and
    /// none of its own held by the enemy. (The text's British condition says "none of their
    /// flag locations under British control"; fiw reads it as the mirror of the French one:
    /// none of the British flag towns under French control.)
    pub fn sudden_death_win(&self, side: Side) -> bool {
        self.flags_held(side) >= flags_needed(side) && self.flags_held(side.other()) == 0
    }

    /// 11 `side`'s victory points as the board stands.
    pub fn victory_points(&self, side: Side) -> u8 {
        let m = map();
        let indians = (0..REGIONS)
            .filter(|&r| m.has_indians(r as u8) && self.indians[r].ally() == Some(side))
            .count() as u8;
        let ocean = if self.ocean == side { VP_OCEAN } else { 0 };
        VP_FLAG * self.flags_held(side) + VP_INDIANS * indians + ocean
    }

    /// 11 the side that wins on points: more points, ties to France.
    pub fn points_winner(&self) -> Side {
        if self.victory_points(Side::British) > self.victory_points(Side::French) {
            Side::British
        } else {
            Side::French
        }
    }

    /// 11 whether the single Atlantic point decides a game on points: without it the other
    /// side would win (with these values, only when the rest ties and the British hold the
    /// ocean). The reading asks that fewer than a tenth of games turn on it.
    pub fn atlantic_decides(&self) -> bool {
        let without = |side: Side| {
            let ocean = if self.ocean == side { VP_OCEAN } else { 0 };
            self.victory_points(side) - ocean
        };
        let winner = if without(Side::British) > without(Side::French) {
            Side::British
        } else {
            Side::French
        };
        winner != self.points_winner()
    }
}

impl Solitaire {
    fn seat_of(&self, side: Side) -> usize {
        self.board.seat_of(side)
    }

    /// 11 at the end of the other side's turn: does `side` win by sudden death? Ends the game
    /// if so.
    pub(crate) fn check_sudden_death(&mut self, side: Side) -> bool {
        if !self.board.sudden_death_win(side) {
            return false;
        }
        let held = self.board.flags_held(side);
        let reason = format!(
            "sudden death: the {} hold {held} {} flag towns and have lost none of their own",
            side.name(),
            side.other().name()
        );
        self.log.public(|| {
            format!(
                "The {} win: they hold {held} {} flag towns and none of theirs is lost (11).",
                side.name(),
                side.other().name()
            )
        });
        self.finish(side, reason, true);
        true
    }

    /// 11 after the last turn: the winner on victory points, ties to France.
    pub(crate) fn decide_on_points(&mut self) {
        let (b, f) = (
            self.board.victory_points(Side::British),
            self.board.victory_points(Side::French),
        );
        let winner = self.board.points_winner();
        let tie = if b == f { ", a tie goes to France" } else { "" };
        let last = last_turn();
        let reason = format!("victory points after turn {last}: British {b}, French {f}{tie}");
        self.log.public(|| format!("The game ends after turn {last}: British {b} VP, French {f} VP{tie}. The {} win (11).", winner.name()));
        self.finish(winner, reason, false);
    }

    fn finish(&mut self, side: Side, reason: String, sudden: bool) {
        self.board.step = Step::Over;
        self.board.ap = 0;
        self.board.to_place = 0;
        self.sudden_death = sudden;
        self.outcome = Some(Outcome {
            winner: Some(self.seat_of(side)),
            turn: self.board.turn as u32,
            reason,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_worth_five_points_to_france() {
        let b = Board::start(Side::British);
        assert_eq!(b.victory_points(Side::French), 2 * VP_INDIANS + VP_OCEAN);
        assert_eq!(b.victory_points(Side::British), 0);
        assert_eq!(b.points_winner(), Side::French);
    }

    #[test]
    fn sudden_death_needs_the_flags_and_no_flag_lost() {
        let mut b = Board::start(Side::French);
        b.front[0] = -1;
        assert!(!b.sudden_death_win(Side::French));
        b.front[2] = -1;
        assert!(b.sudden_death_win(Side::French));
        // the British hold a French flag town: no French sudden death
        b.front[3] = map().len[3] as i8 - 1;
        assert!(!b.sudden_death_win(Side::French));
        assert!(!b.sudden_death_win(Side::British));
    }

    /// Every VP total is 1 point of Atlantic control away from an even number, so the two
    /// sides never tie with the printed values; the tie rule (to France) stays for data that
    /// could. Enumerates every board of flags, Indians and ocean.
    #[test]
    fn points_decide_and_never_tie_with_the_printed_values() {
        use crate::state::Indians;
        let tracks = [Indians::French, Indians::Neutral, Indians::British];
        let mut boards = 0;
        for fronts in 0..3u32.pow(4) {
            for ind in 0..27u32 {
                for ocean in [Side::British, Side::French] {
                    let mut b = Board::start(Side::British);
                    for r in 0..REGIONS {
                        // each region: French hold the British flag, the start, or the reverse
                        let len = map().len[r] as i8;
                        b.front[r] = match (fronts / 3u32.pow(r as u32)) % 3 {
                            0 => -1,
                            1 => 2,
                            _ => len - 1,
                        };
                    }
                    for r in 0..3 {
                        b.indians[r] = tracks[((ind / 3u32.pow(r as u32)) % 3) as usize];
                    }
                    b.ocean = ocean;
                    let (vb, vf) = (
                        b.victory_points(Side::British),
                        b.victory_points(Side::French),
                    );
                    assert_ne!(vb, vf);
                    assert_eq!(
                        b.points_winner(),
                        if vb > vf { Side::British } else { Side::French }
                    );
                    boards += 1;
                }
            }
        }
        assert_eq!(boards, 81 * 27 * 2);
    }

    /// The Atlantic point decides exactly when the rest ties and the British hold the ocean
    /// (a tie without it goes to France).
    #[test]
    fn the_atlantic_point_decides_only_a_tie_held_by_the_british() {
        use crate::state::Indians;
        let mut b = Board::start(Side::British);
        b.indians = [
            Indians::British,
            Indians::Neutral,
            Indians::French,
            Indians::Neutral,
        ];
        b.ocean = Side::British;
        assert!(b.atlantic_decides(), "2 + 1 against 2");
        b.ocean = Side::French;
        assert!(!b.atlantic_decides(), "France wins either way");
        b.indians[1] = Indians::British;
        b.ocean = Side::British;
        assert!(
            !b.atlantic_decides(),
            "4 + 1 against 2: the British win either way"
        );
    }
}
