//! The secrecy audit (fiw_engine::audit) over random games: at every step, nothing either seat
//! is shown (its view, policy view, board, menu and notes, new log lines) depends on what it
//! may not know, and no log line names the seed; at the end, the save replays to the same
//! state.

use fiw_d3::{Action, D3};
use fiw_engine::audit::Audit;
use fiw_engine::{game_seed, Dice, Policy, Seen};

/// Random orders, passing a phase one time in four when it may: a player that almost never
/// passes moves every unit every phase for the whole battle, which shows nothing more and
/// costs three times as long (as in the property tests).
struct Passer(Dice);

impl Policy<D3> for Passer {
    fn name(&self) -> &str {
        "passer"
    }
    fn choose(&mut self, _seen: &Seen<D3>, legal: &[Action]) -> usize {
        match legal.iter().position(|a| *a == Action::Pass) {
            Some(pass) if self.0.below(4) == 0 => pass,
            _ => self.0.below(legal.len() as u32) as usize,
        }
    }
}

fn games() -> u64 {
    std::env::var("FIW_AUDIT_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000)
}

#[test]
fn random_games_keep_every_secret_and_replay() {
    let mut audit = Audit::<D3>::new(fiw_d3::Options::default());
    audit.picker = |seed, seat| Box::new(Passer(Dice::new(game_seed(seed, 0xd3 + seat as u64))));
    if let Err(e) = audit.play_many(0x5ec7_e75e_ed00, games()) {
        panic!("{e}");
    }
}
