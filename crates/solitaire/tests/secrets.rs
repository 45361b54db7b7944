//! The secrecy audit (fiw_engine::audit) over random games: at every step, nothing either seat
//! is shown (its view, policy view, board, menu and notes, new log lines) depends on what it
//! may not know, and no log line names the seed; at the end, the save replays to the same
//! state.

use fiw_engine::audit::Audit;

fn games() -> u64 {
    std::env::var("FIW_AUDIT_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000)
}

#[test]
fn random_games_keep_every_secret_and_replay() {
    let audit = Audit::<fiw_solitaire::Solitaire>::new(fiw_solitaire::Options::default());
    if let Err(e) = audit.play_many(0x5ec7_e75e_ed00, games()) {
        panic!("{e}");
    }
}
