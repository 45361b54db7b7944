//! The load harness (examples/load.rs) run small on both databases, so that it keeps working:
//! every action a client sends is acknowledged, none is refused, and the games move. The times
//! are reported by the example, never asserted.

use crate::common;

#[path = "../examples/load.rs"]
#[allow(dead_code)]
mod harness;

use std::time::Duration;

async fn many_games_take_actions_at_once(db: String) {
    let r = harness::run(&db, 30, 8, Duration::from_secs(120)).await;
    assert_eq!(r.refused, 0, "{r:?}");
    assert!(
        r.actions >= 30 * 4,
        "the games moved: {} actions",
        r.actions
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite() {
    many_games_take_actions_at_once(common::sqlite_url()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres() {
    many_games_take_actions_at_once(common::postgres_url()).await;
}
