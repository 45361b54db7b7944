//! The JSON API on both databases: every test runs on a fresh SQLite file and on the
//! PostgreSQL named by FIW_TEST_POSTGRES (which `scripts/test` starts); without one the
//! PostgreSQL tests fail, saying how to have one: they never skip.

use crate::common;

use axum::http::StatusCode;
use common::{token, Client};
use serde_json::{json, Value};
use std::time::Duration;

async fn a_game_against_the_computer_is_played_to_its_end(url: &str) {
    let c = Client::new(url).await;
    for (game, me, other) in [
        ("louisbourg", "british", "french"),
        ("solitaire", "player", ""),
        ("d3", "french", "british"),
    ] {
        let mut players = json!({});
        if !other.is_empty() {
            players[other] = json!("random");
        }
        let made = c.create(json!({ "game": game, "players": players })).await;
        let id = made["id"].as_str().unwrap();
        let t = token(&made, me);
        assert!(made["seats"][me]["link"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/play/{id}#{t}")));
        let mut moves = 0;
        loop {
            let v = c.my_turn(id, t).await;
            if !v["view"]["outcome"].is_null() {
                break;
            }
            // each action names the pieces and places its text names, for a page to light up
            for a in v["view"]["actions"].as_array().unwrap() {
                let text = a["text"].as_str().unwrap();
                for name in a["pieces"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .chain(a["places"].as_array().unwrap())
                {
                    let name = name.as_str().unwrap();
                    assert!(
                        text.contains(name)
                            || (name == "ocean" && text == "attack ocean")
                            || text.starts_with("plan "),
                        "{game}: '{text}' names {name}"
                    );
                }
                if game == "d3" && text.starts_with("move ") {
                    assert!(a["to"]["x"].is_f64() && a["to"]["facing"].is_f64(), "{a}");
                }
            }
            let (s, after) = c
                .post(
                    &format!("/api/games/{id}/actions"),
                    Some(t),
                    json!({ "version": v["version"], "index": 0 }),
                )
                .await;
            assert_eq!(s, StatusCode::OK, "{game}: {after}");
            assert!(after["version"].as_u64() > v["version"].as_u64());
            moves += 1;
            assert!(moves < 20_000, "{game} did not end");
        }
        // the referee's record is given out once the game is over, and replays
        let (s, save) = c
            .call("GET", &format!("/api/games/{id}/save"), Some(t), None)
            .await;
        assert_eq!(s, StatusCode::OK, "{save}");
        assert_eq!(save["game"], game);
        let text = save.to_string();
        match game {
            "louisbourg" => {
                fiw_engine::replay::<fiw_host::fiw_louisbourg::Louisbourg>(&text, false).map(|_| ())
            }
            "solitaire" => {
                fiw_engine::replay::<fiw_host::fiw_solitaire::Solitaire>(&text, false).map(|_| ())
            }
            _ => fiw_engine::replay::<fiw_host::fiw_d3::D3>(&text, false).map(|_| ()),
        }
        .unwrap_or_else(|e| panic!("{game}: {e}"));
    }
}

async fn a_stale_version_is_refused_and_exactly_one_racer_wins(url: &str) {
    let c = Client::new(url).await;
    let made = c.create(json!({ "game": "louisbourg" })).await;
    let id = made["id"].as_str().unwrap().to_string();
    let t = token(&made, "british").to_string();
    let path = format!("/api/games/{id}/actions");
    let (a, b) = tokio::join!(
        c.post(&path, Some(&t), json!({ "version": 0, "index": 0 })),
        c.post(&path, Some(&t), json!({ "version": 0, "index": 1 })),
    );
    let mut statuses = [a.0, b.0];
    statuses.sort();
    assert_eq!(
        statuses,
        [StatusCode::OK, StatusCode::CONFLICT],
        "{} {}",
        a.1,
        b.1
    );
    let conflict = if a.0 == StatusCode::CONFLICT {
        a.1
    } else {
        b.1
    };
    assert_eq!(conflict["fresh"]["version"], 1);
    assert!(c.view(&id, &t).await["version"] == 1);
}

async fn a_game_is_rebuilt_from_the_database(url: &str) {
    let c = Client::new(url).await;
    let made = c
        .create(json!({ "game": "louisbourg", "players": { "french": "heuristic" } }))
        .await;
    let id = made["id"].as_str().unwrap();
    let t = token(&made, "british");
    for _ in 0..6 {
        let v = c.my_turn(id, t).await;
        let (s, _) = c
            .post(
                &format!("/api/games/{id}/actions"),
                Some(t),
                json!({ "version": v["version"], "index": 0 }),
            )
            .await;
        assert_eq!(s, StatusCode::OK);
    }
    let before = c.my_turn(id, t).await;
    drop(c);
    // a server started again on the same database: the game is replayed from its entries
    let again = Client::new(url).await;
    let after = again.view(id, t).await;
    assert_eq!(after["version"], before["version"]);
    assert_eq!(after["view"]["board"], before["view"]["board"]);
    assert_eq!(after["view"]["actions"], before["view"]["actions"]);
    let _ = again.games.resume().await.unwrap();
}

async fn bad_requests_get_a_reason_and_change_nothing(url: &str) {
    let c = Client::new(url).await;
    let made = c.create(json!({ "game": "louisbourg" })).await;
    let id = made["id"].as_str().unwrap();
    let (b, f, spectator) = (
        token(&made, "british"),
        token(&made, "french"),
        made["spectator"]["token"].as_str().unwrap(),
    );
    let other = c.create(json!({ "game": "louisbourg" })).await;
    let path = format!("/api/games/{id}/actions");
    let cases: Vec<(StatusCode, (StatusCode, Value))> = vec![
        (
            StatusCode::BAD_REQUEST,
            c.raw("POST", &path, Some(b), Some("{\"version\":".into()))
                .await,
        ),
        (
            StatusCode::BAD_REQUEST,
            c.post(&path, Some(b), json!({ "version": "zero", "index": 0 }))
                .await,
        ),
        (
            StatusCode::BAD_REQUEST,
            c.post(&path, Some(b), json!({ "version": 0 })).await,
        ),
        (
            StatusCode::BAD_REQUEST,
            c.post(
                &path,
                Some(b),
                json!({ "version": 0, "index": 0, "evil": 1 }),
            )
            .await,
        ),
        (
            StatusCode::FORBIDDEN,
            c.post(&path, None, json!({ "version": 0, "index": 0 }))
                .await,
        ),
        (
            StatusCode::FORBIDDEN,
            c.post(&path, Some("0000"), json!({ "version": 0, "index": 0 }))
                .await,
        ),
        (
            StatusCode::FORBIDDEN,
            c.post(
                &path,
                Some(token(&other, "british")),
                json!({ "version": 0, "index": 0 }),
            )
            .await,
        ),
        (
            StatusCode::FORBIDDEN,
            c.post(&path, Some(spectator), json!({ "version": 0, "index": 0 }))
                .await,
        ),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            c.post(&path, Some(f), json!({ "version": 0, "index": 0 }))
                .await,
        ),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            c.post(
                &path,
                Some(b),
                json!({ "version": 0, "action": "march on Quebec" }),
            )
            .await,
        ),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            c.post(&path, Some(b), json!({ "version": 0, "index": 100000 }))
                .await,
        ),
        (
            StatusCode::NOT_FOUND,
            c.call("GET", "/api/games/nope", Some(b), None).await,
        ),
        (
            StatusCode::NOT_FOUND,
            c.call("GET", "/api/games/..%2F..%2Fetc%2Fpasswd", Some(b), None)
                .await,
        ),
        (
            StatusCode::NOT_FOUND,
            c.call("GET", "/etc/passwd", None, None).await,
        ),
        (
            StatusCode::PAYLOAD_TOO_LARGE,
            c.raw(
                "POST",
                &path,
                Some(b),
                Some(format!(
                    "{{\"version\":0,\"action\":\"{}\"}}",
                    "x".repeat(100_000)
                )),
            )
            .await,
        ),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            c.post("/api/games", None, json!({ "game": "chess" })).await,
        ),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            c.post(
                "/api/games",
                None,
                json!({ "game": "campaign", "setup": { "side": "dutch" } }),
            )
            .await,
        ),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            c.post(
                "/api/games",
                None,
                json!({ "game": "d3", "setup": { "scenario": "../../etc/passwd" } }),
            )
            .await,
        ),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            c.post(
                "/api/games",
                None,
                json!({ "game": "louisbourg", "setup": { "two_players": true } }),
            )
            .await,
        ),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            c.post(
                "/api/games",
                None,
                json!({ "game": "louisbourg", "players": { "dutch": "ai" } }),
            )
            .await,
        ),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            c.post(
                "/api/games",
                None,
                json!({ "game": "louisbourg", "players": { "french": "skynet" } }),
            )
            .await,
        ),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            c.call("GET", &format!("/api/games/{id}/save"), Some(b), None)
                .await,
        ),
    ];
    for (i, (want, (got, body))) in cases.into_iter().enumerate() {
        assert_eq!(got, want, "case {i}: {body}");
        let e = body["error"]
            .as_str()
            .unwrap_or_else(|| panic!("case {i}: no error: {body}"));
        assert!(!e.contains('\n') && !e.is_empty(), "case {i}: {e}");
    }
    // the rules' refusal names the rule
    let (_, refused) = c
        .post(
            &path,
            Some(b),
            json!({ "version": 0, "action": "march on Quebec" }),
        )
        .await;
    assert_eq!(refused["rule"], "input");
    assert_eq!(c.view(id, b).await["version"], 0);
}

async fn a_seat_sees_its_own_secrets_only(url: &str) {
    let c = Client::new(url).await;
    let made = c.create(json!({ "game": "louisbourg" })).await;
    let id = made["id"].as_str().unwrap();
    let (b, f) = (token(&made, "british"), token(&made, "french"));
    c.plan_the_landing(id, b).await;
    // the landing plan is the British secret: in the British view, not in the French one
    // nor the spectators'
    let british = c.view(id, b).await;
    assert!(
        british["view"]["view"]["landing_plan"].is_array(),
        "{british}"
    );
    assert!(british["view"]["board"]
        .as_str()
        .unwrap()
        .contains("Your landing plan"));
    let french = c.view(id, f).await;
    assert!(french["view"]["view"]["landing_plan"].is_null(), "{french}");
    assert!(!french.to_string().contains("landing plan:"), "{french}");
    let spectator = c
        .view(id, made["spectator"]["token"].as_str().unwrap())
        .await;
    assert!(spectator["view"].is_null());
    assert!(!spectator.to_string().contains("landing plan:"));
    // nor is the seed anywhere a seat is shown
    assert!(!french.to_string().contains("seed"));
}

/// The routes on a real socket on 127.0.0.1, for WebSocket clients.
async fn listening(c: &Client) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = c.app.clone();
    tokio::spawn(async move { axum::serve(listener, app).await });
    format!("ws://{addr}")
}

async fn next_json(
    ws: &mut tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
) -> Value {
    use futures_util::StreamExt;
    let msg = tokio::time::timeout(Duration::from_secs(10), ws.next())
        .await
        .expect("a message within 10 s")
        .unwrap()
        .unwrap();
    serde_json::from_str(msg.to_text().unwrap()).unwrap()
}

async fn a_page_is_kept_up_to_date_and_catches_up_on_reconnect(url: &str) {
    use futures_util::SinkExt;
    use tokio_tungstenite::tungstenite::Message;
    let c = Client::new(url).await;
    let base = listening(&c).await;
    let made = c.create(json!({ "game": "louisbourg" })).await;
    let id = made["id"].as_str().unwrap();
    let (b, f) = (token(&made, "british"), token(&made, "french"));
    let socket = format!("{base}/api/games/{id}/ws");
    let (mut ws, _) = tokio_tungstenite::connect_async(&socket).await.unwrap();
    ws.send(Message::text(json!({ "token": f }).to_string()))
        .await
        .unwrap();
    let first = next_json(&mut ws).await;
    assert_eq!(first["version"], 0);
    assert_eq!(first["view"]["seat"], "french");
    // the British plan: the French page hears of a new version, and not of the plan
    let (s, _) = c
        .post(
            &format!("/api/games/{id}/actions"),
            Some(b),
            json!({ "version": 0, "index": 7 }),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let moved = next_json(&mut ws).await;
    assert_eq!(moved["version"], 1);
    assert!(moved["view"]["view"]["landing_plan"].is_null());
    drop(ws);
    // a page that saw version 0 reconnects: it is sent the fresh view at once
    let (mut ws, _) = tokio_tungstenite::connect_async(&socket).await.unwrap();
    ws.send(Message::text(
        json!({ "token": f, "version": 0 }).to_string(),
    ))
    .await
    .unwrap();
    assert_eq!(next_json(&mut ws).await["version"], 1);
    // a wrong token is told so, and the socket closes
    let (mut ws, _) = tokio_tungstenite::connect_async(&socket).await.unwrap();
    ws.send(Message::text(json!({ "token": "nope" }).to_string()))
        .await
        .unwrap();
    assert!(next_json(&mut ws).await["error"]
        .as_str()
        .unwrap()
        .contains("token"));
}

async fn hints_are_a_game_option_between_people(url: &str) {
    let c = Client::new(url).await;
    let people = c.create(json!({ "game": "louisbourg" })).await;
    let id = people["id"].as_str().unwrap();
    let (s, v) = c
        .call(
            "GET",
            &format!("/api/games/{id}/hint"),
            Some(token(&people, "british")),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"].as_str().unwrap().contains("option"));
    let hinted = c
        .create(json!({ "game": "louisbourg", "hints": true }))
        .await;
    let id = hinted["id"].as_str().unwrap();
    let (s, v) = c
        .call(
            "GET",
            &format!("/api/games/{id}/hint"),
            Some(token(&hinted, "french")),
            None,
        )
        .await;
    assert_eq!(
        s,
        StatusCode::UNPROCESSABLE_ENTITY,
        "not the French decision: {v}"
    );
    let (s, v) = c
        .call(
            "GET",
            &format!("/api/games/{id}/hint"),
            Some(token(&hinted, "british")),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let first = &v["choices"][0];
    let view = c.view(id, token(&hinted, "british")).await;
    assert_eq!(
        view["view"]["actions"][first["index"].as_u64().unwrap() as usize]["text"],
        first["text"]
    );
}

async fn notes_are_the_seats_own(url: &str) {
    let c = Client::new(url).await;
    let made = c.create(json!({ "game": "louisbourg" })).await;
    let id = made["id"].as_str().unwrap();
    let (b, f) = (token(&made, "british"), token(&made, "french"));
    let spectator = made["spectator"]["token"].as_str().unwrap();
    let path = format!("/api/games/{id}/notes");
    let (s, v) = c
        .call(
            "PUT",
            &path,
            Some(b),
            Some(json!({ "text": "land at Flat Point, feint at White Point" })),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(
        c.view(id, b).await["notes"],
        "land at Flat Point, feint at White Point"
    );
    assert_eq!(c.view(id, f).await["notes"], "");
    for other in [f, spectator] {
        assert!(!c.view(id, other).await.to_string().contains("feint"));
    }
    let (s, v) = c
        .call("PUT", &path, Some(spectator), Some(json!({ "text": "x" })))
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
    let long = "x".repeat(fiw_server::live::MAX_NOTES + 1);
    let (s, v) = c
        .call("PUT", &path, Some(f), Some(json!({ "text": long })))
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"].as_str().unwrap().contains("KiB"));
    // kept in the database: a server started again shows them
    drop(c);
    let again = Client::new(url).await;
    assert_eq!(
        again.view(id, b).await["notes"],
        "land at Flat Point, feint at White Point"
    );
    // and never in the replay of the game once over
    let (s, _) = again
        .post(
            &format!("/api/games/{id}/resign"),
            Some(f),
            json!({ "version": 0 }),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let (s, r) = again
        .call(
            "GET",
            &format!("/api/games/{id}/replay?seat=british"),
            Some(f),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{r}");
    assert!(!r.to_string().contains("feint"));
}

async fn a_finished_game_is_replayed_and_played_again_sides_swapped(url: &str) {
    let c = Client::new(url).await;
    let made = c
        .create_only(json!({ "game": "louisbourg", "name": "Amherst" }))
        .await;
    let id = made["id"].as_str().unwrap();
    let (s, taken) = c
        .post(
            &format!("/api/games/{id}/claim"),
            made["invitations"]["french"]["token"].as_str(),
            json!({ "name": "Drucour" }),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{taken}");
    let (b, f) = (token(&made, "british"), taken["token"].as_str().unwrap());
    let spectator = made["spectator"]["token"].as_str().unwrap();
    let rematch = format!("/api/games/{id}/rematch");
    let replay = format!("/api/games/{id}/replay");
    // neither before the game is over
    let (s, v) = c.post(&rematch, Some(b), json!({})).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    let (s, v) = c.call("GET", &replay, Some(b), None).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"].as_str().unwrap().contains("over"));
    // a few decisions, then the French resign
    let v = c.view(id, b).await;
    let plan = v["view"]["actions"][3]["text"]
        .as_str()
        .unwrap()
        .to_string();
    let (s, _) = c
        .post(
            &format!("/api/games/{id}/actions"),
            Some(b),
            json!({ "version": 0, "action": plan }),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let (s, _) = c
        .post(
            &format!("/api/games/{id}/actions"),
            Some(f),
            json!({ "version": 1, "index": 0 }),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let (s, _) = c
        .post(
            &format!("/api/games/{id}/resign"),
            Some(f),
            json!({ "version": 2 }),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    // the replay, step by step, from any link, as any seat
    let (s, r) = c
        .call(
            "GET",
            &format!("{replay}?step=0&seat=french"),
            Some(spectator),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{r}");
    assert_eq!(r["steps"], 3);
    assert_eq!(r["entries"][0]["text"], plan.as_str());
    assert_eq!(r["entries"][0]["seat"], "british");
    assert_eq!(r["entries"][2]["kind"], "resign");
    assert_eq!(r["shown"]["view"]["seat"], "french");
    assert!(
        r["shown"]["view"]["actions"].as_array().unwrap().is_empty(),
        "the British decide first"
    );
    let (s, r1) = c
        .call(
            "GET",
            &format!("{replay}?step=1&seat=french"),
            Some(b),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        !r1["shown"]["view"]["actions"]
            .as_array()
            .unwrap()
            .is_empty(),
        "then the French"
    );
    let (_, end) = c.call("GET", &replay, Some(b), None).await;
    assert_eq!(end["step"], 3);
    assert!(end["shown"]["public"]["outcome"]["reason"]
        .as_str()
        .unwrap()
        .contains("resigned"));
    for bad in ["?step=4", "?seat=dutch", "?step=-1", "?frob=1"] {
        let (s, v) = c
            .call("GET", &format!("{replay}{bad}"), Some(b), None)
            .await;
        assert!(s.is_client_error(), "{bad}: {s} {v}");
        assert!(v["error"].is_string(), "{bad}");
    }
    // the rematch: the British ask first and play the French; asking again (another device of
    // theirs) gives another credential of the same seat of the same game
    let (s, mine) = c.post(&rematch, Some(b), json!({})).await;
    assert_eq!(s, StatusCode::OK, "{mine}");
    assert_eq!(mine["seat"], "french");
    let (_, again) = c.post(&rematch, Some(b), json!({})).await;
    assert_ne!(again["token"], mine["token"]);
    assert_eq!(again["id"], mine["id"]);
    assert_eq!(again["seat"], "french");
    // the other seat sees it offered, and joining meets in the same new game
    assert_eq!(c.view(id, f).await["rematch"], mine["id"]);
    let (s, theirs) = c.post(&rematch, Some(f), json!({})).await;
    assert_eq!(s, StatusCode::OK, "{theirs}");
    assert_eq!(theirs["id"], mine["id"]);
    assert_eq!(theirs["seat"], "british");
    assert_ne!(theirs["token"], mine["token"]);
    assert_eq!(theirs["spectator"]["token"], mine["spectator"]["token"]);
    let new = mine["id"].as_str().unwrap();
    let as_french = c.view(new, mine["token"].as_str().unwrap()).await;
    assert_eq!(as_french["view"]["seat"], "french");
    assert_eq!(as_french["version"], 0);
    assert_eq!(
        c.view(new, again["token"].as_str().unwrap()).await["view"]["seat"],
        "french"
    );
    // the seats follow their holders, sides swapped, with no invitation
    let holders = &as_french["holders"];
    assert_eq!(holders[0]["seat"], "british");
    assert_eq!(holders[0]["name"], "Drucour");
    assert_eq!(holders[1]["name"], "Amherst");
    assert!(!holders[0]["since"].is_null() && !holders[1]["since"].is_null());
    assert_eq!(mine["invitations"], json!({}));
    let as_british = c.view(new, theirs["token"].as_str().unwrap()).await;
    assert_eq!(as_british["view"]["seat"], "british");
    assert!(!as_british["view"]["actions"].as_array().unwrap().is_empty());
    let watcher = c
        .view(new, theirs["spectator"]["token"].as_str().unwrap())
        .await;
    assert!(watcher["public"].is_object());
    // the old links are no links of the new game
    let (s, _) = c
        .call("GET", &format!("/api/games/{new}"), Some(b), None)
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    // against the computer the computer changes sides too, and moves first when it should
    let made = c
        .create(json!({ "game": "louisbourg", "players": { "french": "random" } }))
        .await;
    let id = made["id"].as_str().unwrap();
    let b = token(&made, "british");
    let (s, _) = c
        .post(
            &format!("/api/games/{id}/resign"),
            Some(b),
            json!({ "version": 0 }),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let (s, mine) = c
        .post(&format!("/api/games/{id}/rematch"), Some(b), json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{mine}");
    assert_eq!(mine["seat"], "french");
    let v = c
        .my_turn(
            mine["id"].as_str().unwrap(),
            mine["token"].as_str().unwrap(),
        )
        .await;
    assert_eq!(v["players"][0], json!(["british", "random"]));
    assert!(
        v["version"].as_u64().unwrap() >= 1,
        "the computer British planned their landing: {v}"
    );
}

/// The two-player campaign (C11): both seats are people's, the British (here the second
/// seat, `bot`) decide first, each seat's turn passes to the other, and a battle fought is
/// fought between them, each seat given its own side.
async fn a_two_player_campaign_is_played_between_two_people(url: &str) {
    let c = Client::new(url).await;
    let made = c
        .create(json!({
            "game": "campaign",
            "setup": { "side": "french", "two_players": true },
            "players": { "player": "human", "bot": "human" },
        }))
        .await;
    let id = made["id"].as_str().unwrap();
    let (french, british) = (token(&made, "player"), token(&made, "bot"));
    let v = c.view(id, french).await;
    assert_eq!(v["view"]["to_move"], "bot", "{v}");
    assert!(v["view"]["actions"].as_array().unwrap().is_empty());
    assert_eq!(v["view"]["view"]["map"]["acting"], "british", "{v}");
    // the French may not act in the British's place
    let (s, refused) = c.act(id, french, &v["version"], 0).await;
    assert_ne!(s, StatusCode::OK, "{refused}");
    // the British place their armies, then the decision passes to the French
    let after = c.hand_on(id, british).await;
    assert_eq!(after["view"]["to_move"], "player", "{after}");
    let v = c.view(id, french).await;
    assert_eq!(v["view"]["view"]["map"]["acting"], "french", "{v}");
    assert!(v["view"]["actions"][0]["text"]
        .as_str()
        .unwrap()
        .starts_with("place fr-"));
    // the French place theirs; on to the British actions, where an attack may be fought
    c.hand_on(id, french).await;
    let mut fought = false;
    for _ in 0..40 {
        let v = c.view(id, british).await;
        let actions = v["view"]["actions"].as_array().unwrap().clone();
        if let Some(k) = actions.iter().position(|a| a["text"] == "fight") {
            let (s, after) = c.act(id, british, &v["version"], k).await;
            assert_eq!(s, StatusCode::OK, "{after}");
            fought = true;
            break;
        }
        match actions.iter().position(|a| {
            a["text"].as_str().unwrap().starts_with("attack ") && a["text"] != "attack ocean"
        }) {
            Some(k) => {
                let (s, after) = c.act(id, british, &v["version"], k).await;
                assert_eq!(s, StatusCode::OK, "{after}");
            }
            None => break,
        }
    }
    assert!(fought, "no attack to fight on the British first turn");
    // each seat is shown the battle as the side it commands
    let (b, f) = (c.view(id, british).await, c.view(id, french).await);
    assert_eq!(b["view"]["view"]["battle"]["side"], "british", "{b}");
    assert_eq!(f["view"]["view"]["battle"]["side"], "french", "{f}");
    // and whichever decides first in the battle, the other seat decides in its turn
    let first = b["view"]["to_move"].as_str().unwrap().to_string();
    let (t1, t2) = if first == "bot" {
        (british, french)
    } else {
        (french, british)
    };
    c.hand_on(id, t1).await;
    let v = c.view(id, t2).await;
    assert!(
        !v["view"]["actions"].as_array().unwrap().is_empty()
            || !v["view"]["outcome"].is_null()
            || v["view"]["view"]["battle"].is_null(),
        "the other seat was never given the battle: {v}"
    );
}

on_both!(
    a_two_player_campaign_is_played_between_two_people,
    a_game_against_the_computer_is_played_to_its_end,
    a_stale_version_is_refused_and_exactly_one_racer_wins,
    a_game_is_rebuilt_from_the_database,
    bad_requests_get_a_reason_and_change_nothing,
    a_seat_sees_its_own_secrets_only,
    a_page_is_kept_up_to_date_and_catches_up_on_reconnect,
    hints_are_a_game_option_between_people,
    notes_are_the_seats_own,
    a_finished_game_is_replayed_and_played_again_sides_swapped,
);
