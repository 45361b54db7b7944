//! What `fiw serve` does on its own, as processes: it calls a seat's webhook (loopback only
//! with `--allow-loopback-webhooks`), and two servers on one PostgreSQL (the one scripts/test
//! starts, in a database of this test's own) share games: an action taken through one reaches
//! a WebSocket open on the other, and a game with an `ai` seat keeps moving when the server
//! doing its duties is killed with `kill -9`, with no acknowledged action lost. The client is
//! a few lines of HTTP/1.1 over a socket on 127.0.0.1.

use crate::common;

use common::serve::{call, create, Server};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::time::Duration;

fn start(db: &str) -> Server {
    start_with(db, &[])
}

fn start_with(db: &str, flags: &[&str]) -> Server {
    let every: Vec<&str> = [
        // the tests look often, and from one address
        &["--rate-per-address", "0", "--rate-per-link", "0"][..],
        flags,
        // the computer thinks for most of a second: long enough to be killed while it does
        &["--ai-iterations", "1000000", "--ai-ms", "700"],
    ]
    .concat();
    common::serve::start(db, &every)
}

fn get(addr: &str, path: &str, token: &str) -> Value {
    let (s, v) = call(addr, "GET", path, Some(token), None).expect("an answer");
    assert_eq!(s, 200, "{v}");
    v
}

/// A database of this test's own on the PostgreSQL scripts/test started, so that the two
/// servers take up no other test's games.
fn own_database() -> String {
    let url = std::env::var("FIW_TEST_POSTGRES").unwrap_or_else(|_| {
        panic!("FIW_TEST_POSTGRES is not set: run scripts/test, which installs and starts a PostgreSQL")
    });
    let name = format!(
        "fiw_cluster_{}_{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .subsec_nanos()
    );
    tokio::runtime::Runtime::new().unwrap().block_on(async {
        use sqlx::Connection;
        let mut conn = sqlx::PgConnection::connect(&url).await.unwrap();
        sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
            .execute(&mut conn)
            .await
            .unwrap();
    });
    let (base, _) = url.rsplit_once('/').unwrap();
    format!("{base}/{name}")
}

/// The view of `token` once `ready` holds (the other server's duties, a computer seat's
/// move, take time; a count of looks bounds the wait, and each look is a request).
fn until(addr: &str, id: &str, token: &str, ready: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..3000 {
        let v = get(addr, &format!("/api/games/{id}"), token);
        if ready(&v) {
            return v;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!(
        "it never happened: {}",
        get(addr, &format!("/api/games/{id}"), token)
    );
}

fn decides(v: &Value) -> bool {
    v["view"]["actions"]
        .as_array()
        .is_some_and(|a| !a.is_empty())
}

/// `me` plays its first action through `server` until the decision is the computer's; each
/// answer acknowledged is kept in `acked`.
fn hand_on(server: &str, id: &str, me: &str, acked: &mut Vec<Value>) {
    loop {
        let v = until(server, id, me, |v| {
            decides(v) || !v["view"]["outcome"].is_null()
        });
        assert!(v["view"]["outcome"].is_null(), "the game ended: {v}");
        let (s, after) = call(
            server,
            "POST",
            &format!("/api/games/{id}/actions"),
            Some(me),
            Some(&json!({ "version": v["version"], "index": 0 })),
        )
        .unwrap();
        assert_eq!(s, 200, "{after}");
        let handed = !decides(&after);
        acked.push(after);
        if handed {
            return;
        }
    }
}

/// A webhook receiver on 127.0.0.1: each request's body, as it comes.
fn receiver() -> (String, std::sync::mpsc::Receiver<Value>) {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/hook", listener.local_addr().unwrap());
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { return };
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut length = 0;
            loop {
                let mut line = String::new();
                if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
                    break;
                }
                if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                    length = v.trim().parse().unwrap_or(0);
                }
            }
            let mut body = vec![0; length];
            let _ = reader.read_exact(&mut body);
            let _ = stream
                .write_all(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\nconnection: close\r\n\r\n");
            if tx
                .send(serde_json::from_slice(&body).unwrap_or(Value::Null))
                .is_err()
            {
                return;
            }
        }
    });
    (url, rx)
}

#[test]
fn a_webhook_is_called_and_loopback_only_with_the_tests_flag() {
    let dir = std::env::temp_dir().join(format!("fiw-serve-hooks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = format!("sqlite://{}", dir.join("hooks.db").display());
    let (url, told) = receiver();
    for (flags, allowed) in [(&[][..], false), (&["--allow-loopback-webhooks"][..], true)] {
        let server = start_with(&db, flags);
        let made = create(&server.addr, json!({ "game": "louisbourg" }));
        let id = made["id"].as_str().unwrap();
        let (british, french) = (
            made["seats"]["british"]["token"].as_str().unwrap(),
            made["seats"]["french"]["token"].as_str().unwrap(),
        );
        let (s, v) = call(
            &server.addr,
            "PUT",
            &format!("/api/games/{id}/webhook"),
            Some(french),
            Some(&json!({ "url": url })),
        )
        .unwrap();
        if !allowed {
            assert_eq!(s, 422, "{v}");
            assert!(v["error"].as_str().unwrap().contains("loopback"), "{v}");
            continue;
        }
        assert_eq!(s, 200, "{v}");
        let mut acked = Vec::new();
        hand_on(&server.addr, id, british, &mut acked);
        let turn = told
            .recv_timeout(Duration::from_secs(20))
            .expect("the French webhook is called");
        assert_eq!(turn["event"], "your_turn", "{turn}");
        assert_eq!(turn["seat"], "french");
        assert_eq!(turn["link"], format!("/play/{id}"));
        assert!(!turn.to_string().contains(french) && !turn.to_string().contains(british));
    }
}

#[test]
fn two_servers_on_one_postgres_share_games_and_one_takes_over_when_the_other_dies() {
    let db = own_database();
    let a = start(&db);
    let b = start(&db);

    // an action through A reaches a page open on B
    let made = create(&a.addr, json!({ "game": "louisbourg" }));
    let id = made["id"].as_str().unwrap();
    let (british, french) = (
        made["seats"]["british"]["token"].as_str().unwrap(),
        made["seats"]["french"]["token"].as_str().unwrap(),
    );
    let (mut page, _) =
        tungstenite::connect(format!("ws://{}/api/games/{id}/ws", b.addr)).expect("B's socket");
    if let tungstenite::stream::MaybeTlsStream::Plain(s) = page.get_mut() {
        s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    }
    page.send(tungstenite::Message::text(
        json!({ "token": french }).to_string(),
    ))
    .unwrap();
    let next = |page: &mut tungstenite::WebSocket<_>| -> Value {
        let msg = page.read().expect("a message from B within 20 s");
        serde_json::from_str(msg.to_text().unwrap()).unwrap()
    };
    assert_eq!(next(&mut page)["version"], 0);
    let (s, acted) = call(
        &a.addr,
        "POST",
        &format!("/api/games/{id}/actions"),
        Some(british),
        Some(&json!({ "version": 0, "index": 0 })),
    )
    .unwrap();
    assert_eq!(s, 200, "{acted}");
    let heard = next(&mut page);
    assert_eq!(heard["version"], 1, "{heard}");
    assert_eq!(heard["view"]["seat"], "french");
    // and B, asked, is as fresh: its next write at version 1 is taken
    let v = until(&b.addr, id, british, |v| v["version"] == 1);
    if decides(&v) {
        let (s, e) = call(
            &b.addr,
            "POST",
            &format!("/api/games/{id}/actions"),
            Some(british),
            Some(&json!({ "version": 1, "index": 0 })),
        )
        .unwrap();
        assert_eq!(s, 200, "{e}");
        assert_eq!(next(&mut page)["version"], 2);
    }

    // a game against the `ai`, made through A (which takes up its duties) and played through B
    let made = create(
        &a.addr,
        json!({ "game": "louisbourg", "players": { "french": "ai" } }),
    );
    let id = made["id"].as_str().unwrap();
    let me = made["seats"]["british"]["token"].as_str().unwrap();
    let path = format!("/api/games/{id}");
    // the British play through B, and A answers for the computer
    let mut acked: Vec<Value> = Vec::new();
    hand_on(&b.addr, id, me, &mut acked);
    until(&b.addr, id, me, decides);
    // the British hand the decision to the computer, and A, which does the game's duties,
    // dies while the computer thinks: B takes them over and the computer answers
    hand_on(&b.addr, id, me, &mut acked);
    let mut a = a;
    a.child.kill().unwrap();
    let _ = a.child.wait();
    until(&b.addr, id, me, decides);
    hand_on(&b.addr, id, me, &mut acked);
    until(&b.addr, id, me, decides);
    // every acknowledged action is there, in order
    let last = get(&b.addr, &path, me);
    let log = last["view"]["log"].as_array().unwrap();
    for after in &acked {
        assert!(last["version"].as_u64() >= after["version"].as_u64());
        let seen = after["view"]["log"].as_array().unwrap();
        assert_eq!(
            &log[..seen.len()],
            &seen[..],
            "an acknowledged action is lost"
        );
    }
}
