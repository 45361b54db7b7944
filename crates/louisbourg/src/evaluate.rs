//! An estimate of who will win an unfinished game, for the search AI to score playouts it cuts
//! short: random play is so poor for the British that playing every playout to turn 16 tells
//! the search little about British moves.
//!
//! A logistic model over a few features of the position that decide the game (13: the British
//! need 24 SP and Louisbourg or its harbor; 8.3.4: the harbor opens with Lighthouse Point and
//! Island Battery). The weights are fitted to games between heuristic players by
//! `cargo run --release -p fiw-louisbourg --example fit_evaluation`, which prints them.
//!
//! Status: experimental, and not used by the `ai` seat. This first fit (3,000 self-play games,
//! 45,408 positions) predicts the winner of only 63.6 % of positions, and some weights have the
//! sign a player would not expect (British SP counts slightly against the British), because in
//! heuristic self-play the features move together. `examples/ai_vs_heuristic.rs` measures a
//! search using it; so far no playout scheme beats the heuristic player.

use crate::board::*;
use crate::forces::{Kind, Side};
use crate::state::{Louisbourg, LAST_TURN, VICTORY_SP};

/// Number of features.
pub const FEATURES: usize = 11;

/// Names of the features, in order (for the fitting example's report).
pub const NAMES: [&str; FEATURES] = [
    "bias",
    "british SP over 24, tens",
    "turns left, share of 16",
    "British control Lighthouse Point",
    "British control Island Battery",
    "both (the harbor can open)",
    "French SP in Louisbourg, tens",
    "British SP next to Louisbourg, tens",
    "French ship SP in the harbor, sixes",
    "British ships in the harbor",
    "French SP in all, tens",
];

/// Fitted weights (see the module doc for the command that fits them).
pub const WEIGHTS: [f64; FEATURES] = [12.508, -0.919, 26.628, 0.545, 6.066, 5.549, 1.311, -1.365, 6.476, 0.000, -12.477];

impl Louisbourg {
    /// The features of the position, British point of view.
    pub fn features(&self) -> [f64; FEATURES] {
        let british = self.british_sp() as f64;
        let sp_at = |side: Side, loc: Loc| self.at(side, loc).map(|(_, u)| u.sp as f64).sum::<f64>();
        let lp = (self.control(LIGHTHOUSE_POINT) == Side::British) as u8 as f64;
        let ib = (self.control(ISLAND_BATTERY) == Side::British) as u8 as f64;
        let adjacent: f64 = ADJACENT_TO_LOUISBOURG.iter().map(|&l| sp_at(Side::British, l)).sum();
        let ships_in_harbor = self.at(Side::British, LOUISBOURG_HARBOR).filter(|(_, u)| u.kind == Kind::Ship).count() as f64;
        [
            1.0,
            (british - VICTORY_SP as f64) / 10.0,
            (LAST_TURN as f64 - self.turn as f64) / LAST_TURN as f64,
            lp,
            ib,
            lp * ib,
            sp_at(Side::French, LOUISBOURG) / 10.0,
            adjacent / 10.0,
            sp_at(Side::French, LOUISBOURG_HARBOR) / 6.0,
            ships_in_harbor.min(1.0),
            self.side_sp(Side::French) as f64 / 10.0,
        ]
    }

    /// The chance that `side` wins from here, by the fitted model (the outcome itself once the
    /// game is over).
    pub fn win_chance(&self, side: Side) -> f64 {
        let british = match &self.outcome {
            Some(o) => (o.winner == Some(Side::British.seat())) as u8 as f64,
            None => {
                let f = self.features();
                let z: f64 = f.iter().zip(WEIGHTS.iter()).map(|(x, w)| x * w).sum();
                1.0 / (1.0 + (-z).exp())
            }
        };
        if side == Side::British {
            british
        } else {
            1.0 - british
        }
    }
}
