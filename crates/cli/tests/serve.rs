//! `fiw serve` as a process: it says where it listens, and `kill -9` in the middle of a burst
//! of actions loses no acknowledged action (on SQLite, and on the PostgreSQL scripts/test
//! starts). The client is a few lines of HTTP/1.1 over a socket on 127.0.0.1.

use crate::common;

use common::serve::{call, create, Server};

use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

fn start(db: &str) -> Server {
    common::serve::start(db, &[])
}

fn kill_nine_loses_no_acknowledged_action(db: &str) {
    let server = start(db);
    let addr = server.addr.clone();
    let made = create(&addr, json!({ "game": "louisbourg" }));
    let id = made["id"].as_str().unwrap().to_string();
    let tokens: Vec<String> = ["british", "french"]
        .iter()
        .map(|s| made["seats"][s]["token"].as_str().unwrap().to_string())
        .collect();
    // a burst of actions, the first legal one each time, by whichever seat decides
    let acked = Arc::new(AtomicU64::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let burst = {
        let (acked, stop, addr, id, tokens) = (
            acked.clone(),
            stop.clone(),
            addr.clone(),
            id.clone(),
            tokens.clone(),
        );
        std::thread::spawn(move || {
            let mut last = Value::Null;
            while !stop.load(Ordering::SeqCst) {
                let mut acted = false;
                for t in &tokens {
                    let Some((200, v)) =
                        call(&addr, "GET", &format!("/api/games/{id}"), Some(t), None)
                    else {
                        return last;
                    };
                    if v["view"]["actions"]
                        .as_array()
                        .is_some_and(|a| !a.is_empty())
                    {
                        let body = json!({ "version": v["version"], "index": 0 });
                        match call(
                            &addr,
                            "POST",
                            &format!("/api/games/{id}/actions"),
                            Some(t),
                            Some(&body),
                        ) {
                            Some((200, after)) => {
                                acked.store(after["version"].as_u64().unwrap(), Ordering::SeqCst);
                                last = after;
                                acted = true;
                            }
                            _ => return last,
                        }
                    }
                }
                if !acted {
                    return last;
                }
            }
            last
        })
    };
    while acked.load(Ordering::SeqCst) < 25 {
        std::thread::sleep(Duration::from_millis(2));
    }
    // kill -9 while actions are in flight
    let mut server = server;
    server.child.kill().unwrap();
    let _ = server.child.wait();
    stop.store(true, Ordering::SeqCst);
    let last = burst.join().unwrap();
    let acked = acked.load(Ordering::SeqCst);
    drop(server);

    let again = start(db);
    let seat = last["view"]["seat"].as_str().unwrap();
    let t = &tokens[usize::from(seat == "french")];
    let (s, v) = call(
        &again.addr,
        "GET",
        &format!("/api/games/{id}"),
        Some(t),
        None,
    )
    .unwrap();
    assert_eq!(s, 200, "{v}");
    let version = v["version"].as_u64().unwrap();
    // every acknowledged action is there; at most the one in flight was committed unanswered
    assert!(
        version == acked || version == acked + 1,
        "acknowledged {acked}, stored {version}"
    );
    if version == acked {
        assert_eq!(v["view"]["board"], last["view"]["board"]);
        assert_eq!(v["view"]["log"], last["view"]["log"]);
    }
}

#[test]
fn serve_says_where_it_listens_and_refuses_a_bad_database() {
    let dir = std::env::temp_dir().join(format!("fiw-serve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = format!("sqlite://{}", dir.join("start.db").display());
    let server = start(&db);
    assert!(server.addr.starts_with("127.0.0.1:"));
    let (s, v) = call(&server.addr, "GET", "/nothing", None, None).unwrap();
    assert_eq!(s, 404, "{v}");
    drop(server);
    let run = common::fiw(
        &[
            "serve",
            "--db",
            "mysql://nobody@127.0.0.1/x",
            "--addr",
            "127.0.0.1:0",
        ],
        "",
    );
    common::assert_bad_input(&run, "an unknown database");
    let run = common::fiw(&["serve", "--addr", "nowhere"], "");
    common::assert_bad_input(&run, "a bad address");
}

#[test]
fn kill_nine_on_sqlite_loses_nothing_acknowledged() {
    let dir = std::env::temp_dir().join(format!("fiw-serve-kill-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    kill_nine_loses_no_acknowledged_action(&format!("sqlite://{}", dir.join("kill.db").display()));
}

#[test]
fn kill_nine_on_postgres_loses_nothing_acknowledged() {
    let url = std::env::var("FIW_TEST_POSTGRES").unwrap_or_else(|_| {
        panic!("FIW_TEST_POSTGRES is not set: run scripts/test, which installs and starts a PostgreSQL")
    });
    kill_nine_loses_no_acknowledged_action(&url);
}
