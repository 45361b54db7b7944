//! The secrecy audit (fiw_engine::audit) over random games: at every step, nothing either seat
//! is shown (its view, policy view, board, menu and notes, new log lines) depends on what it
//! may not know, no log line names the seed or what the seat has not seen (an enemy block's
//! name or hidden type, a card of the other hand or the deck, the landing plan); at the end,
//! the save replays to the same state.

use fiw_engine::audit::Audit;

fn games() -> u64 {
    std::env::var("FIW_AUDIT_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000)
}

#[test]
fn random_games_keep_every_secret_and_replay() {
    let mut audit = Audit::<fiw_louisbourg::Louisbourg>::new(fiw_louisbourg::Options::default());
    // no log line a seat may read names what it has not seen (view.rs: secret_words)
    audit.forbidden = Some(|g, seat| g.secret_words(fiw_louisbourg::Side::of_seat(seat)));
    if let Err(e) = audit.play_many(0x5ec7_e75e_ed00, games()) {
        panic!("{e}");
    }
}
