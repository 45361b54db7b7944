//! Running `fiw serve` as an operator does (issue 32): one server per SQLite file (a second is
//! refused at start, a killed one starts again), a database that cannot be written refused at
//! start, SIGTERM a graceful stop that tells the pages to connect again, and a log that never
//! holds a token, the seed or a word the seats keep secret.

use crate::common;

use common::serve::{call, create, start, start_logged};
use serde_json::{json, Value};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn db_in(name: &str) -> (std::path::PathBuf, String) {
    let dir = common::temp(name);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("fiw.db");
    let url = format!("sqlite://{}", file.display());
    (file, url)
}

/// `fiw serve` that is expected to refuse to start: its exit code and stderr.
fn refused(args: &[&str]) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fiw"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let end = Instant::now() + Duration::from_secs(30);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let out = child.wait_with_output().unwrap();
            return (
                status.code().unwrap_or(-1),
                String::from_utf8_lossy(&out.stderr).to_string(),
            );
        }
        if Instant::now() > end {
            let _ = child.kill();
            panic!("the second server did not stop: it serves");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_second_server_on_one_sqlite_file_is_refused_and_a_killed_one_starts_again() {
    let (file, db) = db_in("one-server");
    let first = start(&db, &[]);
    let (code, err) = refused(&["serve", "--db", &db, "--addr", "127.0.0.1:0"]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(
        err.contains("another fiw serve holds the database"),
        "{err}"
    );
    assert!(err.contains("postgres"), "{err}");
    assert!(err.contains(file.to_str().unwrap()), "{err}");
    // kill -9: the lock goes with the process
    drop(first);
    let again = start(&db, &[]);
    let (s, v) = call(&again.addr, "GET", "/healthz", None, None).unwrap();
    assert_eq!(s, 200, "{v}");
}

#[test]
fn a_database_that_cannot_be_written_is_refused_at_start() {
    let (file, db) = db_in("read-only");
    drop(start(&db, &[]));
    let read_only = format!("{db}?mode=ro");
    let (code, err) = refused(&["serve", "--db", &read_only, "--addr", "127.0.0.1:0"]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("cannot be written"), "{err}");
    assert!(err.contains(file.to_str().unwrap()), "{err}");
}

#[test]
fn sigterm_stops_the_server_and_tells_its_pages_to_come_back() {
    let (_, db) = db_in("sigterm");
    let mut server = start(&db, &[]);
    let made = create(&server.addr, json!({ "game": "louisbourg" }));
    let id = made["id"].as_str().unwrap();
    let t = made["seats"]["british"]["token"].as_str().unwrap();
    let (mut ws, _) =
        tungstenite::connect(format!("ws://{}/api/games/{id}/ws", server.addr)).unwrap();
    ws.send(tungstenite::Message::text(
        json!({ "token": t }).to_string(),
    ))
    .unwrap();
    let first = ws.read().unwrap();
    assert!(first.is_text());
    let pid = server.child.id().to_string();
    assert!(Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap()
        .success());
    let close = loop {
        match ws.read() {
            Ok(tungstenite::Message::Close(f)) => break f,
            Ok(_) => continue,
            Err(e) => panic!("the page was not told: {e}"),
        }
    };
    let close = close.expect("a close frame with its code");
    assert_eq!(u16::from(close.code), 1001, "going away: {}", close.reason);
    let end = Instant::now() + Duration::from_secs(30);
    let status = loop {
        if let Some(s) = server.child.try_wait().unwrap() {
            break s;
        }
        assert!(Instant::now() < end, "the server did not stop");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(status.code(), Some(0));
}

/// Every word a log must never hold of this game: its links, its seed, each seat's secrets at
/// every step.
fn secrets_of(save: &Value, links: &[String]) -> Vec<String> {
    let mut words: Vec<String> = links.to_vec();
    let seed = save["seed"].as_u64().unwrap();
    words.push(seed.to_string());
    words.push(format!("{seed:x}"));
    words.push((seed as i64).to_string());
    let mut g = fiw_host::hosted::rebuild("louisbourg", &save["options"], seed).unwrap();
    let mut add = |g: &dyn fiw_host::hosted::Hosted| {
        for seat in 0..g.seats().len() {
            words.extend(g.secret_words(seat));
        }
    };
    add(g.as_ref());
    for text in save["actions"].as_array().unwrap() {
        let seat = g.to_move().unwrap();
        g.take(seat, text.as_str().unwrap(), false).unwrap();
        add(g.as_ref());
    }
    words.sort();
    words.dedup();
    words
}

#[test]
fn the_log_holds_no_token_seed_or_secret() {
    let (file, db) = db_in("log-scan");
    let log = file.with_file_name("server.log");
    let server = start_logged(
        &db,
        &["--rate-per-address", "0", "--rate-per-link", "0"],
        &log,
    );
    let made = create(&server.addr, json!({ "game": "louisbourg", "hints": true }));
    let id = made["id"].as_str().unwrap().to_string();
    let mut links: Vec<String> = ["british", "french"]
        .iter()
        .map(|s| made["seats"][s]["token"].as_str().unwrap().to_string())
        .collect();
    links.push(made["spectator"]["token"].as_str().unwrap().to_string());
    for inv in made["invitations"].as_object().unwrap().values() {
        links.push(inv["token"].as_str().unwrap().to_string());
    }
    // a game played, refused, hinted, undone, and resigned
    let mut played = 0;
    for _ in 0..200 {
        let t = &links[0];
        let (_, v) = call(
            &server.addr,
            "GET",
            &format!("/api/games/{id}"),
            Some(t),
            None,
        )
        .unwrap();
        let seat = v["view"]["to_move"]
            .as_str()
            .unwrap_or("british")
            .to_string();
        let t = made["seats"][&seat]["token"].as_str().unwrap();
        let path = format!("/api/games/{id}/actions");
        let _ = call(
            &server.addr,
            "POST",
            &path,
            Some(t),
            Some(&json!({"version": v["version"], "action": "fly over the walls"})),
        );
        if played % 7 == 3 {
            let _ = call(
                &server.addr,
                "GET",
                &format!("/api/games/{id}/hint"),
                Some(t),
                None,
            );
        }
        let (s, _) = call(
            &server.addr,
            "POST",
            &path,
            Some(t),
            Some(&json!({"version": v["version"], "index": played % 3})),
        )
        .unwrap();
        if s == 422 {
            let _ = call(
                &server.addr,
                "POST",
                &path,
                Some(t),
                Some(&json!({"version": v["version"], "index": 0})),
            );
        }
        played += 1;
        if played >= 60 {
            break;
        }
    }
    let (_, v) = call(
        &server.addr,
        "GET",
        &format!("/api/games/{id}"),
        Some(&links[0]),
        None,
    )
    .unwrap();
    let (s, r) = call(
        &server.addr,
        "POST",
        &format!("/api/games/{id}/resign"),
        Some(&links[0]),
        Some(&json!({"version": v["version"]})),
    )
    .unwrap();
    assert_eq!(s, 200, "{r}");
    let (s, save) = call(
        &server.addr,
        "GET",
        &format!("/api/games/{id}/save"),
        Some(&links[0]),
        None,
    )
    .unwrap();
    assert_eq!(s, 200);
    drop(server);
    let text = std::fs::read_to_string(&log).unwrap();
    let lines = text.lines().count();
    assert!(lines > 60, "one line per request: {lines} lines");
    assert!(text.contains(&id), "the log names the game");
    let words = secrets_of(&save, &links);
    assert!(words.len() > 20, "there were secrets to keep: {words:?}");
    for w in &words {
        assert!(!text.contains(w.as_str()), "the log holds '{w}'");
    }
}
