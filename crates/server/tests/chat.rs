//! A game's chat on both databases (issue 34, item 1): the players' room and the spectators'
//! apart until the end and open to all after it; lines delivered on the WebSocket; refused
//! with their reason when empty, too long, holding control characters or too fast; a seat's
//! mutes and reports; kept in the database, never in the save or the replay.

use crate::common;

use axum::http::StatusCode;
use common::{token, Client};
use serde_json::{json, Value};
use std::time::Duration;

async fn say(c: &Client, id: &str, who: &str, text: &str) -> (StatusCode, Value) {
    c.post(
        &format!("/api/games/{id}/chat"),
        Some(who),
        json!({ "text": text }),
    )
    .await
}

/// The chat lines `who` reads now, as `name: text`.
async fn read(c: &Client, id: &str, who: &str) -> (String, Vec<String>, Value) {
    let v = c.view(id, who).await;
    let chat = v["chat"].clone();
    let lines = chat["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            format!(
                "{}: {}",
                l["name"].as_str().unwrap(),
                l["text"].as_str().unwrap()
            )
        })
        .collect();
    (chat["room"].as_str().unwrap().to_string(), lines, chat)
}

async fn the_rooms_are_apart_until_the_end_and_kept(url: &str) {
    let c = Client::new(url).await;
    let made = c
        .create_only(json!({ "game": "louisbourg", "name": "Amherst" }))
        .await;
    let id = made["id"].as_str().unwrap().to_string();
    let (s, taken) = c
        .post(
            &format!("/api/games/{id}/claim"),
            made["invitations"]["french"]["token"].as_str(),
            json!({ "name": "Drucour" }),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{taken}");
    let b = token(&made, "british").to_string();
    let f = taken["token"].as_str().unwrap().to_string();
    let spectator = made["spectator"]["token"].as_str().unwrap().to_string();
    let (s, v) = say(&c, &id, &b, "Good luck, <b>Drucour</b>").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["said"]["name"], "Amherst");
    let (s, v) = say(&c, &id, &spectator, "the French will hold the island").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["said"]["name"], "a spectator");
    // the answer is the line as its room reads it, though the other room has lines too
    assert_eq!(v["said"]["room"], "spectators", "{v}");
    // the players read theirs, the spectators theirs
    let (room, lines, _) = read(&c, &id, &f).await;
    assert_eq!(room, "players");
    assert_eq!(lines, ["Amherst: Good luck, <b>Drucour</b>"]);
    let (room, lines, _) = read(&c, &id, &spectator).await;
    assert_eq!(room, "spectators");
    assert_eq!(lines, ["a spectator: the French will hold the island"]);
    assert!(!c
        .view(&id, &f)
        .await
        .to_string()
        .contains("hold the island"));
    assert!(!c
        .view(&id, &spectator)
        .await
        .to_string()
        .contains("Good luck"));
    // lines refused, each with its reason, and nothing kept of them
    let refused = [
        ("   ", "empty"),
        (&"x".repeat(501) as &str, "at most 500"),
        ("two\nlines", "control"),
    ];
    for (text, why) in refused {
        let (s, v) = say(&c, &id, &f, text).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
        assert!(v["error"].as_str().unwrap().contains(why), "{v}");
    }
    // a burst of five, then too fast
    for i in 0..5 {
        let (s, v) = say(&c, &id, &f, &format!("line {i}")).await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    let (s, v) = say(&c, &id, &f, "one too many").await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"].as_str().unwrap().contains("wait"), "{v}");
    let (_, lines, chat) = read(&c, &id, &b).await;
    assert_eq!(lines.len(), 6, "{lines:?}");
    assert!(!lines.iter().any(|l| l.contains("too many")));
    // the British mute the French: the mark is theirs, on every device; the lines still come
    let mute = format!("/api/games/{id}/chat/mute");
    let (s, v) = c
        .call(
            "PUT",
            &mute,
            Some(&b),
            Some(json!({ "seat": "french", "mute": true })),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (_, _, chat_now) = read(&c, &id, &b).await;
    assert_eq!(chat_now["muted"], json!(["french"]));
    assert!(read(&c, &id, &f).await.2["muted"].is_null());
    for (who, body) in [
        (&b, json!({ "seat": "british", "mute": true })),
        (&b, json!({ "seat": "nobody", "mute": true })),
        (&spectator, json!({ "seat": "french", "mute": true })),
    ] {
        let (s, v) = c.call("PUT", &mute, Some(who), Some(body)).await;
        assert!(s.is_client_error(), "{s} {v}");
    }
    // a report of a line the seat reads; not of one it does not, not by a spectator
    let report = format!("/api/games/{id}/chat/report");
    let french_line = chat["lines"][1]["n"].as_i64().unwrap();
    let (s, v) = c
        .post(
            &report,
            Some(&b),
            json!({ "n": french_line, "why": "rude" }),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let spectators_line = 2;
    let (s, v) = c
        .post(&report, Some(&b), json!({ "n": spectators_line }))
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    let (s, v) = c
        .post(&report, Some(&spectator), json!({ "n": french_line }))
        .await;
    assert!(s.is_client_error(), "{s} {v}");
    // kept in the database: a server started again shows the lines and the mute
    drop(c);
    let c = Client::new(url).await;
    let (_, lines, chat_again) = read(&c, &id, &b).await;
    assert_eq!(lines.len(), 6);
    assert_eq!(chat_again["muted"], json!(["french"]));
    // the end: every room open to every seat and spectator
    let v = c.view(&id, &f).await;
    let (s, _) = c
        .post(
            &format!("/api/games/{id}/resign"),
            Some(&f),
            json!({ "version": v["version"] }),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    for who in [&b, &f, &spectator] {
        let (room, lines, _) = read(&c, &id, who).await;
        assert_eq!(room, "all");
        assert_eq!(lines.len(), 7, "{lines:?}");
    }
    // never in the referee's record
    for path in ["save", "replay"] {
        let (s, v) = c
            .call("GET", &format!("/api/games/{id}/{path}"), Some(&b), None)
            .await;
        assert_eq!(s, StatusCode::OK);
        assert!(!v.to_string().contains("Good luck"), "{path}: {v}");
        assert!(!v.to_string().contains("hold the island"), "{path}: {v}");
    }
}

async fn lines_reach_the_pages_of_their_room(url: &str) {
    use futures_util::SinkExt;
    use tokio_tungstenite::tungstenite::Message;
    let c = Client::new(url).await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = c.app.clone();
    tokio::spawn(async move { axum::serve(listener, app).await });
    let made = c.create(json!({ "game": "louisbourg" })).await;
    let id = made["id"].as_str().unwrap();
    let (b, f) = (token(&made, "british"), token(&made, "french"));
    let spectator = made["spectator"]["token"].as_str().unwrap();
    let open = |t: &str| {
        let t = t.to_string();
        let url = format!("ws://{addr}/api/games/{id}/ws");
        async move {
            let (mut ws, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
            ws.send(Message::text(json!({ "token": t }).to_string()))
                .await
                .unwrap();
            ws
        }
    };
    let mut french = open(f).await;
    let mut watching = open(spectator).await;
    let first = next_json(&mut french).await;
    assert_eq!(first["chat"]["room"], "players");
    next_json(&mut watching).await;
    let (s, _) = say(&c, id, b, "to Louisbourg").await;
    assert_eq!(s, StatusCode::OK);
    let heard = next_json(&mut french).await;
    assert_eq!(
        heard["chat"]["lines"][0]["text"], "to Louisbourg",
        "{heard}"
    );
    assert_eq!(heard["chat"]["start"], 0);
    // the spectators' page hears nothing of it (its next message is its own room's line)
    let (s, _) = say(&c, id, spectator, "watching").await;
    assert_eq!(s, StatusCode::OK);
    let seen = next_json(&mut watching).await;
    assert!(!seen.to_string().contains("to Louisbourg"), "{seen}");
    assert_eq!(seen["chat"]["lines"][0]["text"], "watching", "{seen}");
    // a second line of the players: only it is sent, numbered after the first
    let (s, _) = say(&c, id, b, "and the island").await;
    assert_eq!(s, StatusCode::OK);
    let heard = next_json(&mut french).await;
    assert_eq!(heard["chat"]["start"], 1, "{heard}");
    assert_eq!(heard["chat"]["lines"].as_array().unwrap().len(), 1);
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn next_json(ws: &mut Socket) -> Value {
    use futures_util::StreamExt;
    let m = tokio::time::timeout(Duration::from_secs(10), ws.next())
        .await
        .expect("a message within 10 s")
        .unwrap()
        .unwrap();
    serde_json::from_str(m.to_text().unwrap()).unwrap()
}

on_both!(
    the_rooms_are_apart_until_the_end_and_kept,
    lines_reach_the_pages_of_their_room,
);
