//! Stored games under an older rules version, on both databases: one whose entries all replay
//! goes on under the current rules and says what changed; one whose entry no longer replays is
//! shown read-only as far as it goes (never a 503), takes no change, lets each seat step
//! through its own part, and offers a rematch under the current rules.

use crate::common;

use axum::http::StatusCode;
use common::{token, Client};
use fiw_server::store::{EntryRow, Store};
use serde_json::{json, Value};

/// A Louisbourg game played `n` first actions: its id and links.
async fn played(c: &Client, n: usize) -> (String, Value) {
    let made = c.create(json!({"game": "louisbourg"})).await;
    let id = made["id"].as_str().unwrap().to_string();
    for _ in 0..n {
        let v = c.view(&id, token(&made, "british")).await;
        let seat = v["view"]["to_move"].as_str().unwrap().to_string();
        let (s, after) = c.act(&id, token(&made, &seat), &v["version"], 0).await;
        assert_eq!(s, StatusCode::OK, "{after}");
    }
    (id, made)
}

/// Appends an entry as a server of rules version 0 would have.
async fn append_under_rules_0(store: &Store, id: &str, seat: i64, text: &str) {
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
}

async fn a_game_that_no_longer_replays_is_read_only_and_offers_a_rematch(url: &str) {
    let (id, made) = {
        let c = Client::new(url).await;
        played(&c, 3).await
    };
    let store = Store::open(url).await.unwrap();
    append_under_rules_0(&store, &id, 1, "place fr-reg-1 at the old fort").await;
    // a server started again reads it
    let c = Client::new(url).await;
    let (british, french) = (token(&made, "british"), token(&made, "french"));
    let v = c.view(&id, british).await;
    let why = &v["read_only"];
    assert_eq!(why["made_under"], 0, "{v}");
    assert_eq!(why["entry"], 4);
    // the text of the French action, and the rule's words on it, are the French side's
    assert_eq!(why["seat"], "french");
    assert_eq!(why["text"], "", "{why}");
    assert_eq!(why["reason"], "");
    let theirs = c.view(&id, french).await;
    assert_eq!(
        theirs["read_only"]["text"],
        "place fr-reg-1 at the old fort"
    );
    assert!(theirs["read_only"]["reason"].as_str().unwrap().len() > 10);
    assert!(v["view"]["actions"].as_array().unwrap().is_empty());
    assert_eq!(v["view"]["can_undo"], false);
    assert_eq!(v["version"], 4);
    let spectators = made["spectator"]["token"].as_str().unwrap();
    let (s, p) = c
        .call("GET", &format!("/api/games/{id}"), Some(spectators), None)
        .await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        p["public"]["to_move"].is_null() && p["read_only"].is_object(),
        "{p}"
    );
    for (route, body) in [
        ("actions", json!({"version": 4, "index": 0})),
        ("undo", json!({"version": 4})),
        ("resign", json!({"version": 4})),
        ("check", json!({"action": "pass"})),
    ] {
        let (s, r) = c
            .post(&format!("/api/games/{id}/{route}"), Some(french), body)
            .await;
        let refused = r["error"]
            .as_str()
            .or(r["message"].as_str())
            .unwrap_or_default();
        assert!(refused.contains("read-only"), "{route}: {s} {r}");
        assert_ne!(s, StatusCode::SERVICE_UNAVAILABLE);
    }
    // each seat steps through its own part; another seat's secrets stay secret
    let (s, r) = c
        .call(
            "GET",
            &format!("/api/games/{id}/replay?step=2&seat=british"),
            Some(british),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{r}");
    assert_eq!(r["steps"], 4);
    let (s, _) = c
        .call(
            "GET",
            &format!("/api/games/{id}/replay?seat=french"),
            Some(british),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    let (s, _) = c
        .call("GET", &format!("/api/games/{id}/save"), Some(british), None)
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    // a rematch under the current rules
    let (s, r) = c
        .post(
            &format!("/api/games/{id}/rematch"),
            Some(british),
            json!({}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{r}");
    let v = c
        .view(r["id"].as_str().unwrap(), r["token"].as_str().unwrap())
        .await;
    assert!(v["read_only"].is_null() && v["rules"].is_null(), "{v}");
    // every stored game replayed (on the test's own SQLite file: the shared PostgreSQL holds
    // every other test's games too)
    if url.starts_with("sqlite:") {
        let (checked, bad) = c.games.check_stored().await.unwrap();
        assert_eq!(checked, 2);
        assert_eq!(bad.len(), 1, "{bad:?}");
        assert!(bad[0].id == id && bad[0].why.contains("entry 4"), "{bad:?}");
    }
}

async fn a_game_whose_entries_all_replay_goes_on_under_the_current_rules(url: &str) {
    let (id, made) = {
        let c = Client::new(url).await;
        played(&c, 2).await
    };
    let store = Store::open(url).await.unwrap();
    let row = store.game(&id).await.unwrap().unwrap();
    let entries = store.entries(&id).await.unwrap();
    let options: Value = serde_json::from_str(&row.options).unwrap();
    let mut g = fiw_host::hosted::rebuild("louisbourg", &options, row.seed).unwrap();
    for e in &entries {
        g.take(e.seat as usize, &e.text, true).unwrap();
    }
    let seat = g.to_move().unwrap();
    let text = g.legal_texts(seat)[0].clone();
    append_under_rules_0(&store, &id, seat as i64, &text).await;
    let c = Client::new(url).await;
    let v = c.view(&id, token(&made, "british")).await;
    assert!(v["read_only"].is_null(), "{v}");
    assert_eq!(v["rules"]["made_under"], 0, "{v}");
    // the version the server plays now, whatever it is (Louisbourg is at 2 since issue 38)
    assert_eq!(v["rules"]["version"], g.rules_version());
    let seat = v["view"]["to_move"].as_str().unwrap().to_string();
    let v = c.view(&id, token(&made, &seat)).await;
    let (s, after) = c.act(&id, token(&made, &seat), &v["version"], 0).await;
    assert_eq!(s, StatusCode::OK, "{after}");
    // once played on, the game is stored under the current rules
    assert_eq!(
        store.game(&id).await.unwrap().unwrap().rules,
        g.rules_version()
    );
}

on_both!(
    a_game_that_no_longer_replays_is_read_only_and_offers_a_rematch,
    a_game_whose_entries_all_replay_goes_on_under_the_current_rules,
);
