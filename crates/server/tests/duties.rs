//! What the server does on its own, on both databases: clocks that run out (with a clock the
//! test sets, never the wall's), "your turn" webhooks with their retries and last error, and
//! (on PostgreSQL) two servers sharing one database: each hears the other's commits, and one
//! at a time does a game's duties.

use crate::common;

use axum::http::StatusCode;
use common::{token, Client};
use fiw_server::clock::ManualClock;
use fiw_server::live::Duties;
use fiw_server::store::Store;
use fiw_server::webhook::Policy;
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};
use std::time::Duration;

const DAY: i64 = 86_400_000;
/// The time the tests' clocks start at (some day in 2026).
const START: i64 = 1_780_000_000_000;

fn duties(clock: &Arc<ManualClock>, allow_loopback: bool) -> Duties {
    Duties {
        clock: clock.clone(),
        webhooks: Policy {
            allow_loopback,
            timeout: Duration::from_secs(5),
            tries: 3,
            backoff: Duration::from_millis(5),
        },
        scan: Duration::from_millis(200),
    }
}

fn clock_of<'a>(v: &'a Value, seat: &str) -> &'a Value {
    v["clock"]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["seat"] == seat)
        .unwrap_or_else(|| panic!("no clock for {seat}: {v}"))
}

async fn a_clock_that_runs_out_ends_the_game_and_replays_to_that_end(url: &str) {
    let clock = Arc::new(ManualClock::new(START));
    let c = Client::with_duties(url, duties(&clock, false)).await;
    let made = c
        .create(
            json!({ "game": "louisbourg", "pace": { "days": 1, "increment": 0.5, "cap": 1.25 } }),
        )
        .await;
    let id = made["id"].as_str().unwrap();
    let (b, f) = (token(&made, "british"), token(&made, "french"));
    let v = c.view(id, b).await;
    assert_eq!(
        v["clock"]["pace"],
        json!({ "days": 1.0, "increment": 0.5, "cap": 1.25 })
    );
    assert_eq!(clock_of(&v, "british")["left_ms"], DAY);
    assert_eq!(clock_of(&v, "british")["running"], true);
    assert_eq!(clock_of(&v, "french")["running"], false);
    // the British take a quarter of a day over their decision and hand it on: 1 - 1/4 + 1/2
    // days, the cap
    clock.advance(DAY / 4);
    let handed = c.hand_on(id, b).await;
    let british = clock_of(&handed, "british");
    assert_eq!(british["left_ms"], DAY + DAY / 4, "{handed}");
    assert_eq!(british["running"], false);
    assert_eq!(
        clock_of(&handed, "french")["deadline"],
        START + DAY / 4 + DAY
    );
    // the spectators see the clocks too
    let watching = c
        .view(id, made["spectator"]["token"].as_str().unwrap())
        .await;
    assert_eq!(watching["clock"], handed["clock"]);
    // just before the French deadline nothing has happened
    clock.advance(DAY - 1);
    let v = c.view(id, f).await;
    assert_eq!(clock_of(&v, "french")["left_ms"], 1);
    assert!(v["view"]["outcome"].is_null());
    let version = v["version"].clone();
    // past it the French lose on time, with no request made
    clock.advance(1);
    let over = c.until(id, b, |v| !v["view"]["outcome"].is_null()).await;
    let outcome = &over["view"]["outcome"];
    assert_eq!(outcome["winner"], "british", "{over}");
    assert_eq!(outcome["reason"], "the french side ran out of time");
    assert_eq!(over["version"], version.as_u64().unwrap() + 1);
    assert_eq!(clock_of(&over, "french")["left_ms"], 0);
    let (s, e) = c.act(id, f, &version, 0).await;
    assert!(s.is_client_error(), "{e}");
    // the end is an entry of its own: a server started again replays to it
    let stored = Store::open(url).await.unwrap().entries(id).await.unwrap();
    let last = stored.last().unwrap();
    assert_eq!((last.kind.as_str(), last.seat), ("timeout", 1));
    let again = Client::with_duties(url, duties(&clock, false)).await;
    let replayed = again.view(id, f).await;
    assert_eq!(replayed["view"]["outcome"], *outcome);
    assert_eq!(replayed["clock"], over["clock"]);
    let (s, _) = again
        .call("GET", &format!("/api/games/{id}/save"), Some(f), None)
        .await;
    assert_eq!(s, StatusCode::OK, "a game lost on time is over");
}

async fn a_move_after_the_deadline_is_refused_and_a_server_started_late_ends_the_game(url: &str) {
    let clock = Arc::new(ManualClock::new(START));
    let made = {
        let c = Client::with_duties(url, duties(&clock, false)).await;
        c.create(json!({ "game": "louisbourg", "pace": { "days": 2 } }))
            .await
    };
    let id = made["id"].as_str().unwrap();
    let b = token(&made, "british");
    // the server was down while the British clock ran out; a server started later ends the
    // game on its own, and a move sent meanwhile is not taken
    clock.advance(2 * DAY + 1);
    let c = Client::with_duties(url, duties(&clock, false)).await;
    let (s, e) = c.act(id, b, &json!(0), 0).await;
    assert!(
        s == StatusCode::UNPROCESSABLE_ENTITY || s == StatusCode::CONFLICT,
        "{s}: {e}"
    );
    let over = c.view(id, b).await;
    assert_eq!(
        over["view"]["outcome"]["reason"], "the british side ran out of time",
        "{over}"
    );
    assert_eq!(over["version"], 1, "the end only: the move was not taken");
    c.games.resume().await.unwrap();
    // a pace the server does not know is refused with its reason
    for bad in [
        json!({ "days": 0 }),
        json!({ "days": 3, "cap": 1 }),
        json!({ "days": "soon" }),
        json!({ "days": 1, "moves": 40 }),
    ] {
        let (s, e) = c
            .call(
                "POST",
                "/api/games",
                None,
                Some(json!({ "game": "louisbourg", "pace": bad })),
            )
            .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{bad}: {e}");
        let reason = e["error"].as_str().unwrap();
        assert!(
            reason.contains("pace") && !reason.contains('\n'),
            "{reason}"
        );
    }
    // a game without a time control shows no clock
    let plain = c.create(json!({ "game": "louisbourg" })).await;
    let v = c
        .view(plain["id"].as_str().unwrap(), token(&plain, "british"))
        .await;
    assert!(v.get("clock").is_none(), "{v}");
}

/// A webhook receiver on 127.0.0.1: what it was sent, by path; `/fail` answers 500.
struct Receiver {
    base: String,
    got: Arc<Mutex<Vec<(String, Value)>>>,
}

async fn receiver() -> Receiver {
    use axum::routing::post;
    let got: Arc<Mutex<Vec<(String, Value)>>> = Arc::default();
    let keep = got.clone();
    let app = axum::Router::new().route(
        "/{path}",
        post(
            move |axum::extract::Path(path): axum::extract::Path<String>, body: String| {
                let keep = keep.clone();
                async move {
                    let v = serde_json::from_str(&body).unwrap_or(Value::String(body));
                    keep.lock().unwrap().push((path.clone(), v));
                    if path == "fail" {
                        StatusCode::INTERNAL_SERVER_ERROR
                    } else {
                        StatusCode::OK
                    }
                }
            },
        ),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    Receiver { base, got }
}

impl Receiver {
    /// What `path` has been sent once it has `n` messages (a count of looks bounds the wait).
    async fn wait(&self, path: &str, n: usize) -> Vec<Value> {
        for _ in 0..4000 {
            let got: Vec<Value> = self
                .got
                .lock()
                .unwrap()
                .iter()
                .filter(|(p, _)| p == path)
                .map(|(_, v)| v.clone())
                .collect();
            if got.len() >= n {
                return got;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        panic!(
            "{path} was not sent {n} webhooks: {:?}",
            self.got.lock().unwrap()
        );
    }
}

async fn webhooks_say_your_turn_and_the_end_and_keep_their_last_error(url: &str) {
    let clock = Arc::new(ManualClock::new(START));
    let hooks = receiver().await;
    let c = Client::with_duties(url, duties(&clock, true)).await;
    let made = c.create(json!({ "game": "louisbourg" })).await;
    let id = made["id"].as_str().unwrap();
    let (b, f) = (token(&made, "british"), token(&made, "french"));
    let spectator = made["spectator"]["token"].as_str().unwrap();
    let path = format!("/api/games/{id}/webhook");
    let (s, v) = c.call("GET", &path, Some(f), None).await;
    assert_eq!((s, &v["url"]), (StatusCode::OK, &Value::Null), "{v}");
    let french = format!("{}/french", hooks.base);
    let (s, v) = c
        .call("PUT", &path, Some(f), Some(json!({ "url": french })))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["url"], french);
    let failing = format!("{}/fail", hooks.base);
    let (s, _) = c
        .call("PUT", &path, Some(b), Some(json!({ "url": failing })))
        .await;
    assert_eq!(s, StatusCode::OK);
    // each seat sees its own webhook only; spectators and strangers none
    assert_eq!(c.call("GET", &path, Some(f), None).await.1["url"], french);
    assert_eq!(c.call("GET", &path, Some(b), None).await.1["url"], failing);
    for (who, body) in [
        (Some(spectator), None),
        (None, None),
        (Some(spectator), Some(json!({ "url": french }))),
    ] {
        let method = if body.is_some() { "PUT" } else { "GET" };
        let (s, e) = c.call(method, &path, who, body).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{e}");
    }
    // the British hand the decision on: the French hook hears it is their turn
    let handed = c.hand_on(id, b).await;
    let sent = hooks.wait("french", 1).await;
    let turn = &sent[0];
    assert_eq!(turn["event"], "your_turn", "{turn}");
    assert_eq!(turn["seat"], "french");
    assert_eq!(turn["game_id"], id);
    assert_eq!(turn["game"], "louisbourg");
    assert_eq!(turn["link"], format!("/play/{id}"));
    assert_eq!(turn["version"], handed["version"]);
    for secret in [b, f, spectator] {
        assert!(!turn.to_string().contains(secret), "a token in {turn}");
    }
    assert!(!turn.to_string().contains("landing"), "{turn}");
    // the British were not told of their own moves
    assert!(hooks.got.lock().unwrap().iter().all(|(p, _)| p != "fail"));
    // the French resign: the British hook is told, fails each of its tries, and the British
    // see why (the French do not)
    let v = c.view(id, f).await;
    let (s, _) = c
        .call(
            "POST",
            &format!("/api/games/{id}/resign"),
            Some(f),
            Some(json!({ "version": v["version"] })),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let tries = hooks.wait("fail", 3).await;
    assert!(tries.iter().all(|t| t["event"] == "resign"), "{tries:?}");
    let mut shown = Value::Null;
    for _ in 0..4000 {
        shown = c.call("GET", &path, Some(b), None).await.1;
        if !shown["last_error"].is_null() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert!(
        shown["last_error"].as_str().unwrap().contains("500"),
        "{shown}"
    );
    assert_eq!(shown["last_error_at"], START);
    assert!(c.call("GET", &path, Some(f), None).await.1["last_error"].is_null());
    // the French are not told of their own resignation
    assert_eq!(hooks.wait("french", 1).await.len(), 1);
    // the British ask for a rematch: the French hear of it, once however often it is asked
    for who in [b, b, f] {
        let (s, v) = c
            .call("POST", &format!("/api/games/{id}/rematch"), Some(who), None)
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    let told = hooks.wait("french", 2).await;
    assert_eq!(told[1]["event"], "rematch", "{told:?}");
    assert!(told[1]["text"].as_str().unwrap().contains("rematch"));
    assert_eq!(hooks.wait("french", 2).await.len(), 2);
    // removed, it is gone
    let (s, v) = c.call("DELETE", &path, Some(b), None).await;
    assert_eq!((s, &v["removed"]), (StatusCode::OK, &json!(true)), "{v}");
    assert_eq!(
        c.call("GET", &path, Some(b), None).await.1["url"],
        Value::Null
    );
}

async fn a_webhook_into_the_servers_own_network_is_refused(url: &str) {
    let clock = Arc::new(ManualClock::new(START));
    let c = Client::with_duties(url, duties(&clock, false)).await;
    let made = c.create(json!({ "game": "louisbourg" })).await;
    let id = made["id"].as_str().unwrap();
    let b = token(&made, "british");
    let path = format!("/api/games/{id}/webhook");
    for (url, why) in [
        ("http://127.0.0.1:8080/hook", "loopback"),
        ("http://localhost/hook", "loopback"),
        ("http://[::1]/hook", "loopback"),
        ("http://[::ffff:127.0.0.1]/hook", "loopback"),
        ("http://10.0.0.7/hook", "private"),
        ("http://192.168.1.1/hook", "private"),
        ("http://169.254.169.254/latest", "link-local"),
        ("http://100.64.1.1/", "CGNAT"),
        ("http://[fd00::1]/", "private"),
        ("http://0.0.0.0/", "unspecified"),
        ("http://224.0.0.1/", "multicast"),
        ("gopher://example.org/", "only http"),
        ("javascript:alert(1)", "only http"),
    ] {
        let (s, e) = c
            .call("PUT", &path, Some(b), Some(json!({ "url": url })))
            .await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{url}: {e}");
        let reason = e["error"].as_str().unwrap();
        assert!(
            reason.contains(why) && !reason.contains('\n'),
            "{url}: {reason}"
        );
    }
    for body in [
        json!({}),
        json!({ "url": 7 }),
        json!({ "url": "http://x", "token": b }),
    ] {
        let (s, e) = c.call("PUT", &path, Some(b), Some(body)).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{e}");
    }
    assert_eq!(
        c.call("GET", &path, Some(b), None).await.1["url"],
        Value::Null
    );
}

async fn a_webhook_in_discords_format_is_sent_discords_json(url: &str) {
    let clock = Arc::new(ManualClock::new(START));
    let hooks = receiver().await;
    let c = Client::with_duties(url, duties(&clock, true)).await;
    c.games.set_public_url("https://fiw.example.org".into());
    let made = c.create(json!({ "game": "louisbourg" })).await;
    let id = made["id"].as_str().unwrap();
    let (b, f) = (token(&made, "british"), token(&made, "french"));
    let path = format!("/api/games/{id}/webhook");
    // a format named: Discord's; none: fiw's own for an address that is not Discord's
    let discord = format!("{}/discord", hooks.base);
    let (s, v) = c
        .call(
            "PUT",
            &path,
            Some(f),
            Some(json!({ "url": discord, "format": "discord" })),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(
        (v["url"].as_str(), v["format"].as_str()),
        (Some(discord.as_str()), Some("discord"))
    );
    let plain = format!("{}/plain", hooks.base);
    let (s, v) = c
        .call("PUT", &path, Some(b), Some(json!({ "url": plain })))
        .await;
    assert_eq!(
        (s, v["format"].as_str()),
        (StatusCode::OK, Some("fiw")),
        "{v}"
    );
    // shown as stored
    assert_eq!(
        c.call("GET", &path, Some(f), None).await.1["format"],
        "discord"
    );
    assert_eq!(c.call("GET", &path, Some(b), None).await.1["format"], "fiw");
    // a format that is neither is refused in one line naming it, and changes nothing
    for bad in [json!("slack"), json!(""), json!(7)] {
        let (s, e) = c
            .call(
                "PUT",
                &path,
                Some(f),
                Some(json!({ "url": plain, "format": bad })),
            )
            .await;
        assert!(
            s == StatusCode::UNPROCESSABLE_ENTITY || s == StatusCode::BAD_REQUEST,
            "{bad}: {s} {e}"
        );
        assert!(e["error"].as_str().unwrap().contains("format"), "{e}");
    }
    assert_eq!(c.call("GET", &path, Some(f), None).await.1["url"], discord);
    // the British hand on: the French channel is told in Discord's words, with a whole link
    let handed = c.hand_on(id, b).await;
    assert!(!handed["version"].is_null());
    let sent = hooks.wait("discord", 1).await;
    assert_eq!(
        sent[0],
        json!({
            "content": format!("Your turn in Louisbourg 1758 (french): https://fiw.example.org/play/{id}"),
            "allowed_mentions": { "parse": [] },
        })
    );
    // the French resign: the British hook, fiw's own format, hears it as before
    let v = c.view(id, f).await;
    let (s, _) = c
        .call(
            "POST",
            &format!("/api/games/{id}/resign"),
            Some(f),
            Some(json!({ "version": v["version"] })),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let told = hooks.wait("plain", 1).await;
    assert_eq!(told[0]["event"], "resign", "{told:?}");
    assert_eq!(told[0]["link"], format!("/play/{id}"));
    assert!(told[0].get("content").is_none());
}

async fn an_end_on_time_that_comes_too_late_answers_with_the_callers_own_view(url: &str) {
    let clock = Arc::new(ManualClock::new(START));
    let a = Client::with_duties(url, duties(&clock, false)).await;
    let made = a
        .create(json!({ "game": "louisbourg", "pace": { "days": 1 } }))
        .await;
    let id = made["id"].as_str().unwrap();
    let b = token(&made, "british");
    let f = token(&made, "french");
    // the British hand on; a second server (not sharing duties: a copy that falls behind)
    // reads the game while the French decide
    a.hand_on(id, b).await;
    let other = Client::with_duties(url, duties(&clock, false)).await;
    let v = other.view(id, f).await;
    // the French clock runs out and the first server ends the game; the second, behind, is
    // asked to move for the British: it finds the clock out too, and is too late to say so
    clock.advance(DAY + 1);
    a.until(id, b, |v| !v["view"]["outcome"].is_null()).await;
    let (s, e) = other.act(id, b, &v["version"], 0).await;
    assert_eq!(s, StatusCode::CONFLICT, "{e}");
    assert_eq!(e["fresh"]["view"]["seat"], "british", "{e}");
    assert!(e["fresh"]["view"]["view"]["landing_plan"].is_array(), "{e}");
    assert_eq!(
        e["fresh"]["view"]["outcome"]["reason"],
        "the french side ran out of time"
    );
}

on_both!(
    a_clock_that_runs_out_ends_the_game_and_replays_to_that_end,
    a_move_after_the_deadline_is_refused_and_a_server_started_late_ends_the_game,
    webhooks_say_your_turn_and_the_end_and_keep_their_last_error,
    a_webhook_into_the_servers_own_network_is_refused,
    a_webhook_in_discords_format_is_sent_discords_json,
    an_end_on_time_that_comes_too_late_answers_with_the_callers_own_view,
);

/// A database of this test's own on the test PostgreSQL, so that the servers sharing it take
/// up no other test's games.
async fn own_database() -> String {
    use sqlx::Connection;
    let url = common::postgres_url();
    let name = format!("fiw_duties_{}", fiw_server::tokens::new_id().unwrap());
    let mut conn = sqlx::PgConnection::connect(&url).await.unwrap();
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .execute(&mut conn)
        .await
        .unwrap();
    let (base, _) = url.rsplit_once('/').unwrap();
    format!("{base}/{name}")
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn next_json(ws: &mut Socket) -> Value {
    use futures_util::StreamExt;
    let msg = tokio::time::timeout(Duration::from_secs(10), ws.next())
        .await
        .expect("a message within 10 s")
        .unwrap()
        .unwrap();
    serde_json::from_str(msg.to_text().unwrap()).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_on_one_postgres_hear_each_other_and_one_does_a_games_duties() {
    use futures_util::SinkExt;
    let url = own_database().await;
    let clock = Arc::new(ManualClock::new(START));
    // no scan in this test (a process's first wake takes up the games it makes): what one
    // server hears of the other's commits, it hears by their announcements
    let shared = Duties {
        scan: Duration::from_secs(3600),
        ..duties(&clock, true)
    };
    let a = Client::with_duties(&url, shared.clone()).await;
    a.games.join_cluster(&url).await.unwrap();
    let b = Client::with_duties(&url, shared).await;
    b.games.join_cluster(&url).await.unwrap();
    let hooks = receiver().await;
    let made = a
        .create(json!({ "game": "louisbourg", "pace": { "days": 1 } }))
        .await;
    let id = made["id"].as_str().unwrap();
    let (british, french) = (token(&made, "british"), token(&made, "french"));
    let (s, _) = b
        .call(
            "PUT",
            &format!("/api/games/{id}/webhook"),
            Some(french),
            Some(json!({ "url": format!("{}/french", hooks.base) })),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    // a French page open on B
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = b.app.clone();
    tokio::spawn(async move { axum::serve(listener, app).await });
    let (mut page, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws"))
        .await
        .unwrap();
    page.send(tokio_tungstenite::tungstenite::Message::text(
        json!({ "token": french }).to_string(),
    ))
    .await
    .unwrap();
    assert_eq!(next_json(&mut page).await["version"], 0);
    // the British play through A: the page on B hears each version, B's own copy is fresh
    let handed = a.hand_on(id, british).await;
    let mut heard = next_json(&mut page).await;
    while heard["version"] != handed["version"] {
        heard = next_json(&mut page).await;
    }
    assert!(
        !heard["view"]["actions"].as_array().unwrap().is_empty(),
        "{heard}"
    );
    assert_eq!(b.view(id, french).await["version"], handed["version"]);
    // the French play through B and A hears it
    let v = b.view(id, french).await;
    let (s, acted) = b.act(id, french, &v["version"], 0).await;
    assert_eq!(s, StatusCode::OK, "{acted}");
    a.until(id, british, |v| v["version"] == acted["version"])
        .await;
    // one server tells the French it is their turn, not both
    assert_eq!(hooks.wait("french", 1).await[0]["event"], "your_turn");
    // the clock runs out while the French decide (or the British: whoever it is now): the
    // game ends once, by the server doing its duties, and both servers show it
    clock.advance(DAY + 1);
    let over = b
        .until(id, french, |v| !v["view"]["outcome"].is_null())
        .await;
    assert!(
        over["view"]["outcome"]["reason"]
            .as_str()
            .unwrap()
            .contains("ran out of time"),
        "{over}"
    );
    a.until(id, british, |v| v["version"] == over["version"])
        .await;
    let entries = Store::open(&url).await.unwrap().entries(id).await.unwrap();
    assert_eq!(
        entries.iter().filter(|e| e.kind == "timeout").count(),
        1,
        "{entries:?}"
    );
    let told = hooks.wait("french", 2).await;
    assert_eq!(told[1]["event"], "game_over", "{told:?}");
    assert_eq!(
        told.iter().filter(|t| t["event"] == "your_turn").count(),
        1,
        "{told:?}"
    );
}
