//! Games made under an older rules version (issue 30, "rules versions"): a stored game whose
//! actions no longer replay is listed by `fiw serve --check` and shown read-only by the server,
//! never answered 503; the same game as a save is refused by `fiw play --load` in one line,
//! exit 2. A stored game or save whose actions all replay is brought to the current rules.
//!
//! No game has changed its rules yet, so the older version is made up: 0, one before the
//! first, with an action text of the kind a rules change would no longer read.

use crate::common;

use common::serve::{call, create, start};
use common::{fiw, temp};
use fiw_server::store::{EntryRow, Store};
use serde_json::{json, Value};

/// A Louisbourg game played `n` actions on the server at `addr` (the first legal action of
/// whichever seat decides): its id and seats' tokens.
fn played(addr: &str, n: usize) -> (String, Value) {
    let made = create(addr, json!({ "game": "louisbourg" }));
    let id = made["id"].as_str().unwrap().to_string();
    for _ in 0..n {
        let t = made["seats"]["british"]["token"].as_str().unwrap();
        let (_, v) = call(addr, "GET", &format!("/api/games/{id}"), Some(t), None).unwrap();
        let seat = v["view"]["to_move"].as_str().unwrap();
        let t = made["seats"][seat]["token"].as_str().unwrap();
        let body = json!({ "version": v["version"], "index": 0 });
        let (s, v) = call(
            addr,
            "POST",
            &format!("/api/games/{id}/actions"),
            Some(t),
            Some(&body),
        )
        .unwrap();
        assert_eq!(s, 200, "{v}");
    }
    (id, made)
}

/// Appends an entry to game `id` as a server of rules version 0 would have.
fn append_under_rules_0(store: &Store, id: &str, seat: i64, text: &str) {
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let row = store.game(id).await.unwrap().unwrap();
        let entry = EntryRow {
            version: row.version + 1,
            seat,
            kind: "action".into(),
            text: text.into(),
            at: row.created + 1,
        };
        store
            .append(id, row.version, &entry, None, 0)
            .await
            .unwrap();
    });
}

/// Game `id` as a save file, made under rules version 0.
fn save_of(store: &Store, id: &str) -> String {
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let row = store.game(id).await.unwrap().unwrap();
        let entries = store.entries(id).await.unwrap();
        json!({
            "format": 1,
            "game": row.game,
            "options": serde_json::from_str::<Value>(&row.options).unwrap(),
            "seed": row.seed,
            "actions": entries.iter().map(|e| e.text.clone()).collect::<Vec<_>>(),
            "digest": "reached under rules version 0",
            "outcome": null,
            "rules": 0,
        })
        .to_string()
    })
}

fn store(db: &str) -> Store {
    tokio::runtime::Runtime::new()
        .unwrap()
        .block_on(Store::open(db))
        .unwrap()
}

#[test]
fn a_game_of_older_rules_that_no_longer_replays_is_read_only_listed_and_refused_at_load() {
    let dir = temp("rules-versions");
    std::fs::create_dir_all(&dir).unwrap();
    let db = format!("sqlite://{}", dir.join("fiw.db").display());
    let (broken, broken_made, goes_on, goes_on_made) = {
        let server = start(&db, &[]);
        let (broken, broken_made) = played(&server.addr, 3);
        let (goes_on, goes_on_made) = played(&server.addr, 2);
        (broken, broken_made, goes_on, goes_on_made)
    };
    let s = store(&db);
    // the one game's fourth action is one the older rules took and these do not read
    append_under_rules_0(&s, &broken, 1, "place fr-reg-1 at the old fort");
    // the other's third is legal under both
    let third = {
        let rt = tokio::runtime::Runtime::new().unwrap();
        let row = rt.block_on(s.game(&goes_on)).unwrap().unwrap();
        let entries = rt.block_on(s.entries(&goes_on)).unwrap();
        let options: Value = serde_json::from_str(&row.options).unwrap();
        let mut g = fiw_host::hosted::rebuild("louisbourg", &options, row.seed).unwrap();
        for e in &entries {
            g.take(e.seat as usize, &e.text, true).unwrap();
        }
        let seat = g.to_move().unwrap();
        (seat as i64, g.legal_texts(seat)[0].clone())
    };
    append_under_rules_0(&s, &goes_on, third.0, &third.1);
    drop(s);

    // fiw serve --check lists the one, not the other, and exits 1
    let check = fiw(&["serve", "--check", "--db", &db], "");
    assert_eq!(check.code, 1, "{}{}", check.stdout, check.stderr);
    let listed: Vec<&str> = check.stdout.lines().collect();
    assert_eq!(listed.len(), 1, "{}", check.stdout);
    assert!(
        listed[0].contains(&broken) && listed[0].contains("rules version 0"),
        "{}",
        listed[0]
    );
    assert!(listed[0].contains("entry 4"), "{}", listed[0]);
    assert!(
        check.stderr.contains("1 of 2 stored games do not replay"),
        "{}",
        check.stderr
    );

    // the server shows it read-only, with its reason; it takes no change; a rematch is offered
    let server = start(&db, &[]);
    let t = broken_made["seats"]["british"]["token"].as_str().unwrap();
    let (status, v) = call(
        &server.addr,
        "GET",
        &format!("/api/games/{broken}"),
        Some(t),
        None,
    )
    .unwrap();
    assert_eq!(status, 200, "{v}");
    let why = &v["read_only"];
    assert_eq!(why["made_under"], 0, "{v}");
    assert_eq!(why["entry"], 4, "{why}");
    assert!(v["view"]["actions"].as_array().unwrap().is_empty());
    assert_eq!(
        v["view"]["log"].as_array().map(Vec::len).map(|n| n > 0),
        Some(true)
    );
    let body = json!({ "version": 4, "index": 0 });
    let (status, refused) = call(
        &server.addr,
        "POST",
        &format!("/api/games/{broken}/actions"),
        Some(t),
        Some(&body),
    )
    .unwrap();
    assert_eq!(status, 422, "{refused}");
    assert!(
        refused["error"].as_str().unwrap().contains("read-only"),
        "{refused}"
    );
    let (status, rematch) = call(
        &server.addr,
        "POST",
        &format!("/api/games/{broken}/rematch"),
        Some(t),
        Some(&json!({})),
    )
    .unwrap();
    assert_eq!(status, 200, "{rematch}");
    let (status, save) = call(
        &server.addr,
        "GET",
        &format!("/api/games/{broken}/save"),
        Some(t),
        None,
    )
    .unwrap();
    assert_eq!(status, 422, "the save of a game not over: {save}");

    // the other goes on under the current rules, and says what changed
    let t = goes_on_made["seats"]["british"]["token"].as_str().unwrap();
    let (status, v) = call(
        &server.addr,
        "GET",
        &format!("/api/games/{goes_on}"),
        Some(t),
        None,
    )
    .unwrap();
    assert_eq!(status, 200, "{v}");
    assert!(v["read_only"].is_null(), "{v}");
    assert_eq!(v["rules"]["made_under"], 0, "{v}");
    assert_eq!(v["version"], 3);
    drop(server);

    // the same games as saves, at the terminal
    let s = store(&db);
    let file = dir.join("broken.json");
    std::fs::write(&file, save_of(&s, &broken)).unwrap();
    let load = fiw(
        &["play", "louisbourg", "--load", file.to_str().unwrap()],
        "",
    );
    assert_eq!(load.code, 2, "{}{}", load.stdout, load.stderr);
    assert_eq!(load.stderr.trim().lines().count(), 1, "{}", load.stderr);
    assert!(
        load.stderr.contains("rules version 0") && load.stderr.contains("no longer replays"),
        "{}",
        load.stderr
    );
    assert!(load.stderr.contains("action 3"), "{}", load.stderr);
    let file = dir.join("goes-on.json");
    std::fs::write(&file, save_of(&s, &goes_on)).unwrap();
    let load = fiw(
        &["play", "louisbourg", "--load", file.to_str().unwrap()],
        "quit\n",
    );
    assert_eq!(load.code, 0, "{}{}", load.stdout, load.stderr);
    assert!(
        load.stdout
            .contains("made under louisbourg rules version 0; it goes on under version"),
        "{}",
        load.stdout
    );
}
