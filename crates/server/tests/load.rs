//! The load harness (examples/load.rs) run small on both databases, so that it keeps working:
//! every action a client sends is acknowledged, none is refused, and the games move. The times
//! are reported by the example, never asserted.

#[path = "../examples/load.rs"]
#[allow(dead_code)]
mod load;

use std::time::Duration;

async fn many_games_take_actions_at_once(db: String) {
    let r = load::run(&db, 30, 8, Duration::from_secs(120)).await;
    assert_eq!(r.refused, 0, "{r:?}");
    assert!(
        r.actions >= 30 * 4,
        "the games moved: {} actions",
        r.actions
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite() {
    let dir = std::env::temp_dir().join(format!("fiw-load-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    many_games_take_actions_at_once(format!("sqlite://{}", dir.join("load.db").display())).await;
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres() {
    let url = std::env::var("FIW_TEST_POSTGRES").unwrap_or_else(|_| {
        panic!(
            "FIW_TEST_POSTGRES is not set: run scripts/test, which installs and starts PostgreSQL"
        )
    });
    many_games_take_actions_at_once(url).await;
}
