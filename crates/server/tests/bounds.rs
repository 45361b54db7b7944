//! No one client takes the server down (issue 32; the server audit of 2026-12-04, findings
//! 3-8): every bound checked by counting, never by timing. A server runs on 127.0.0.1 with its
//! own accept loop; a second client address is 127.0.0.2.

use crate::common;

use axum::http::StatusCode;
use common::{token, Client};
use fiw_server::bounds::Bounds;
use fiw_server::clock::ManualClock;
use fiw_server::live::{Duties, Games, Limits};
use fiw_server::store::Store;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;

/// A server on 127.0.0.1 under `bounds`, with its accept loop: its address and the games.
async fn serving(
    bounds: Bounds,
    clock: Option<Arc<ManualClock>>,
) -> (SocketAddr, Arc<Games>, Client) {
    let mut duties = Duties::default();
    if let Some(c) = clock {
        duties.clock = c;
    }
    let limits = Limits {
        bounds: bounds.clone(),
        ..common::limits()
    };
    let games = Games::with_duties(
        Store::open(&common::sqlite_url()).await.unwrap(),
        limits,
        duties,
    );
    let c = Client::timed(games.clone(), fiw_server::api::REQUEST_TIMEOUT);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = fiw_server::app_with(
        games.clone(),
        "http://127.0.0.1:1".into(),
        fiw_server::rate::Limiter::new(fiw_server::rate::RateLimits::none()),
        fiw_server::api::REQUEST_TIMEOUT,
        fiw_server::api::MetricsAccess {
            from: vec![IpAddr::from([127, 0, 0, 2])],
            token: Some("operator-token".into()),
        },
    );
    let metrics = games.metrics();
    let stop = games.stopping();
    tokio::spawn(async move {
        fiw_server::connections::serve(
            listener,
            app,
            bounds,
            10_000,
            metrics,
            stop,
            Duration::from_secs(1),
        )
        .await
    });
    (addr, games, c)
}

/// A connection to `addr` from the loopback address `from`.
async fn connect_from(from: &str, addr: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket
        .bind(SocketAddr::new(from.parse().unwrap(), 0))
        .unwrap();
    socket.connect(addr).await.unwrap()
}

/// One request on a fresh connection from `from`: the status and the body.
async fn request_from(
    from: &str,
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> (u16, String) {
    let mut s = connect_from(from, addr).await;
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nhost: x\r\nconnection: close\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(20), s.read_to_end(&mut raw)).await;
    let text = String::from_utf8_lossy(&raw).to_string();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

/// Whether the server closes `s` (EOF or a reset) before `limit`: a bound on the wait, not a
/// measure of it.
async fn closed(s: &mut TcpStream, limit: Duration) -> bool {
    let mut buf = [0u8; 1024];
    let end = tokio::time::Instant::now() + limit;
    loop {
        match tokio::time::timeout_at(end, s.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            Ok(Ok(_)) => continue,
            Err(_) => return false,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_and_slow_connections_from_one_address_leave_room_for_others() {
    let bounds = Bounds {
        connections_per_address: 8,
        header_read: Duration::from_secs(30),
        ..Bounds::default()
    };
    let (addr, games, _c) = serving(bounds, None).await;
    // twice the cap of idle connections from one address, then twice the cap of connections
    // that send half a request's headers and stop
    let mut held = Vec::new();
    for _ in 0..16 {
        held.push(connect_from("127.0.0.1", addr).await);
    }
    for _ in 0..16 {
        let mut s = connect_from("127.0.0.1", addr).await;
        let _ = s.write_all(b"GET /healthz HTTP/1.1\r\nhost: x\r\n").await;
        held.push(s);
    }
    // past the cap, each was answered 503 in JSON and closed
    let mut refused = 0;
    for s in held.iter_mut().skip(8) {
        let mut raw = Vec::new();
        let _ = tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut raw)).await;
        let text = String::from_utf8_lossy(&raw);
        assert!(text.starts_with("HTTP/1.1 503"), "{text}");
        assert!(
            text.contains("too many connections from your address"),
            "{text}"
        );
        refused += 1;
    }
    assert_eq!(refused, 24);
    assert_eq!(
        games.metrics().connections_refused.load(Ordering::Relaxed),
        24
    );
    // another address is answered at once
    let (status, body) = request_from("127.0.0.2", addr, "GET", "/healthz", None).await;
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"ok\":true"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_connections_are_closed_by_the_timeout() {
    let bounds = Bounds {
        header_read: Duration::from_millis(300),
        ..Bounds::default()
    };
    let (addr, _games, _c) = serving(bounds, None).await;
    // one that never sends a byte
    let mut silent = connect_from("127.0.0.1", addr).await;
    assert!(
        closed(&mut silent, Duration::from_secs(20)).await,
        "an idle connection is closed"
    );
    // one that sends half its headers
    let mut slow = connect_from("127.0.0.1", addr).await;
    slow.write_all(b"GET /healthz HTTP/1.1\r\nhost")
        .await
        .unwrap();
    assert!(
        closed(&mut slow, Duration::from_secs(20)).await,
        "a slow one is closed"
    );
    // one kept alive after an answer, then idle
    let mut kept = connect_from("127.0.0.1", addr).await;
    kept.write_all(b"GET /healthz HTTP/1.1\r\nhost: x\r\n\r\n")
        .await
        .unwrap();
    let mut buf = [0u8; 4096];
    let n = kept.read(&mut buf).await.unwrap();
    assert!(String::from_utf8_lossy(&buf[..n]).starts_with("HTTP/1.1 200"));
    assert!(
        closed(&mut kept, Duration::from_secs(20)).await,
        "an idle kept-alive connection is closed"
    );
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn open_socket(addr: SocketAddr, id: &str, t: &str) -> Socket {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws"))
        .await
        .unwrap();
    ws.send(Message::text(json!({ "token": t }).to_string()))
        .await
        .unwrap();
    ws
}

/// The next message, skipping pings: a text's JSON, or a close's code and reason.
async fn next(ws: &mut Socket) -> Result<Value, (u16, String)> {
    loop {
        let m = tokio::time::timeout(Duration::from_secs(20), ws.next())
            .await
            .expect("a message within 20 s");
        match m {
            Some(Ok(Message::Text(t))) => return Ok(serde_json::from_str(&t).unwrap()),
            Some(Ok(Message::Close(Some(f)))) => return Err((f.code.into(), f.reason.to_string())),
            Some(Ok(Message::Close(None))) | None => return Err((0, String::new())),
            Some(Ok(_)) => continue,
            Some(Err(e)) => return Err((0, e.to_string())),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn frames_over_the_rate_close_the_socket_and_build_no_view() {
    let bounds = Bounds {
        frames_per_second: 2,
        resync_every: Duration::from_secs(3600),
        ..Bounds::default()
    };
    let (addr, games, c) = serving(bounds, None).await;
    let made = c.create(json!({"game": "louisbourg"})).await;
    let id = made["id"].as_str().unwrap();
    let mut ws = open_socket(addr, id, token(&made, "british")).await;
    assert_eq!(next(&mut ws).await.unwrap()["version"], 0);
    let views = || games.metrics().socket_views.load(Ordering::Relaxed);
    assert_eq!(views(), 1);
    // resyncs: the first is answered; the rest of the hour's are not
    for _ in 0..5 {
        ws.send(Message::text(json!({"resync": 0}).to_string()))
            .await
            .unwrap();
    }
    assert_eq!(next(&mut ws).await.unwrap()["version"], 0);
    // any other frame costs no view; past the burst (10 s at 2 a second) the socket closes
    let mut sent = 0;
    for _ in 0..200 {
        if ws.send(Message::text("{\"x\": 1}")).await.is_err() {
            break;
        }
        sent += 1;
    }
    assert!(sent > 10);
    let closed = loop {
        match next(&mut ws).await {
            Ok(_) => continue,
            Err(c) => break c,
        }
    };
    assert_eq!(closed.0, fiw_server::api::codes::FRAMES, "{closed:?}");
    assert_eq!(
        views(),
        2,
        "one view at the hello, one for the first resync; none for the other frames"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sockets_over_each_cap_are_closed_with_its_code() {
    let bounds = Bounds {
        sockets_per_game: 3,
        sockets_per_credential: 2,
        sockets_per_address: 5,
        ..Bounds::default()
    };
    let (addr, games, c) = serving(bounds, None).await;
    let codes = fiw_server::api::codes::GAME;
    let made = c.create(json!({"game": "louisbourg"})).await;
    let id = made["id"].as_str().unwrap();
    let (b, f) = (token(&made, "british"), token(&made, "french"));
    let mut open = Vec::new();
    for t in [b, b] {
        let mut ws = open_socket(addr, id, t).await;
        next(&mut ws).await.unwrap();
        open.push(ws);
    }
    // a third page of the British seat
    let mut third = open_socket(addr, id, b).await;
    assert_eq!(
        next(&mut third).await.unwrap_err().0,
        fiw_server::api::codes::SEAT
    );
    let mut ws = open_socket(addr, id, f).await;
    next(&mut ws).await.unwrap();
    open.push(ws);
    // a fourth page of the game
    let mut fourth = open_socket(addr, id, made["spectator"]["token"].as_str().unwrap()).await;
    assert_eq!(next(&mut fourth).await.unwrap_err().0, codes);
    // a sixth page from the address, on another game
    let other = c.create(json!({"game": "louisbourg"})).await;
    let oid = other["id"].as_str().unwrap();
    for t in [token(&other, "british"), token(&other, "french")] {
        let mut ws = open_socket(addr, oid, t).await;
        next(&mut ws).await.unwrap();
        open.push(ws);
    }
    let mut sixth = open_socket(addr, oid, other["spectator"]["token"].as_str().unwrap()).await;
    assert_eq!(
        next(&mut sixth).await.unwrap_err().0,
        fiw_server::api::codes::ADDRESS
    );
    assert_eq!(games.metrics().sockets_refused.load(Ordering::Relaxed), 3);
    assert_eq!(games.metrics().sockets.load(Ordering::Relaxed), 5);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computer_only_games_over_the_cap_are_refused() {
    let bounds = Bounds {
        computer_games: 2,
        computer_games_per_address: 1,
        ..Bounds::default()
    };
    let (addr, _games, _c) = serving(bounds, None).await;
    // slow computers, so that the games go on while the test makes more
    let nobody = json!({"game": "skirmish", "players": {"british": "ai", "french": "ai"}});
    let (s, v) = request_from(
        "127.0.0.1",
        addr,
        "POST",
        "/api/games",
        Some(nobody.clone()),
    )
    .await;
    assert_eq!(s, 201, "{v}");
    let (s, v) = request_from(
        "127.0.0.1",
        addr,
        "POST",
        "/api/games",
        Some(nobody.clone()),
    )
    .await;
    assert_eq!(s, 429, "{v}");
    assert!(v.contains("your address"), "{v}");
    let (s, v) = request_from(
        "127.0.0.2",
        addr,
        "POST",
        "/api/games",
        Some(nobody.clone()),
    )
    .await;
    assert_eq!(s, 201, "{v}");
    let (s, v) = request_from("127.0.0.3", addr, "POST", "/api/games", Some(nobody)).await;
    assert_eq!(s, 429, "{v}");
    assert!(v.contains("this server plays 2 games"), "{v}");
    // a game with a person in it is no computer game
    let (s, v) = request_from(
        "127.0.0.1",
        addr,
        "POST",
        "/api/games",
        Some(json!({"game": "louisbourg", "players": {"french": "ai"}})),
    )
    .await;
    assert_eq!(s, 201, "{v}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_is_searched_once_per_seat_and_version() {
    let bounds = Bounds {
        hint_every: Duration::from_secs(3600),
        ..Bounds::default()
    };
    let (_addr, games, c) = serving(bounds, None).await;
    let made = c
        .create(json!({"game": "louisbourg", "players": {"french": "ai"}}))
        .await;
    let id = made["id"].as_str().unwrap();
    let b = token(&made, "british");
    let searches = || games.metrics().hint_searches.load(Ordering::Relaxed);
    let path = format!("/api/games/{id}/hint");
    let asks =
        futures_util::future::join_all((0..6).map(|_| c.call("GET", &path, Some(b), None))).await;
    let answered: Vec<&Value> = asks
        .iter()
        .filter(|(s, _)| *s == StatusCode::OK)
        .map(|(_, v)| v)
        .collect();
    assert!(!answered.is_empty());
    for (s, v) in &asks {
        assert!(
            *s == StatusCode::OK || *s == StatusCode::TOO_MANY_REQUESTS,
            "{s} {v}"
        );
    }
    assert_eq!(searches(), 1, "six asks at once, one search");
    for _ in 0..4 {
        let (s, v) = c.call("GET", &path, Some(b), None).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v, *answered[0], "the hint kept for the version");
    }
    assert_eq!(searches(), 1);
    // a new version, but the seat's limit: refused with the wait
    let v = c.view(id, b).await;
    let (s, _) = c.act(id, b, &v["version"], 0).await;
    assert_eq!(s, StatusCode::OK);
    let v = c.my_turn(id, b).await;
    if v["view"]["outcome"].is_null() {
        let (s, r) = c.call("GET", &path, Some(b), None).await;
        assert_eq!(s, StatusCode::TOO_MANY_REQUESTS, "{r}");
        assert!(r["error"].as_str().unwrap().contains("ask again in"));
        assert_eq!(searches(), 1);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_games_leave_memory_but_never_while_a_page_is_open() {
    let clock = Arc::new(ManualClock::new(1_800_000_000_000));
    let bounds = Bounds {
        game_idle: Duration::from_secs(600),
        ..Bounds::default()
    };
    let (addr, games, c) = serving(bounds, Some(clock.clone())).await;
    let made = c.create(json!({"game": "louisbourg"})).await;
    let id = made["id"].as_str().unwrap();
    let b = token(&made, "british");
    let v = c.view(id, b).await;
    let (s, _) = c.act(id, b, &v["version"], 0).await;
    assert_eq!(s, StatusCode::OK);
    let quiet = c.create(json!({"game": "louisbourg"})).await;
    let mut ws = open_socket(addr, id, b).await;
    next(&mut ws).await.unwrap();
    assert_eq!(games.in_memory(), 2);
    // ten minutes and more: the quiet game goes, the watched one stays
    clock.advance(11 * 60 * 1000);
    assert_eq!(games.evict_idle().await, 1);
    assert_eq!(games.in_memory(), 1);
    // not yet idle again: nothing goes
    assert_eq!(games.evict_idle().await, 0);
    // the page closes: the game goes once idle
    ws.close(None).await.unwrap();
    drop(ws);
    for _ in 0..200 {
        if games.metrics().sockets.load(Ordering::Relaxed) == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    clock.advance(11 * 60 * 1000);
    assert_eq!(games.evict_idle().await, 1);
    assert_eq!(games.in_memory(), 0);
    // both are read again when asked for, as they were
    let again = c.view(id, b).await;
    assert_eq!(again["version"], 1);
    assert_eq!(
        c.view(quiet["id"].as_str().unwrap(), token(&quiet, "british"))
            .await["version"],
        0
    );
    assert_eq!(games.in_memory(), 2);
    assert_eq!(games.metrics().games_evicted.load(Ordering::Relaxed), 2);
}

/// The addresses' part in a refusal: a page told why, in JSON.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_refusal_below_the_routes_is_json_and_views_are_not_cached() {
    let (addr, _games, c) = serving(Bounds::default(), None).await;
    let made = c.create(json!({"game": "louisbourg"})).await;
    let id = made["id"].as_str().unwrap();
    let b = token(&made, "british");
    let json_error = |status: u16, body: &str, want: u16| {
        assert_eq!(status, want, "{body}");
        let v: Value =
            serde_json::from_str(body).unwrap_or_else(|_| panic!("not JSON ({status}): {body}"));
        assert!(
            v["error"]
                .as_str()
                .is_some_and(|e| !e.is_empty() && !e.contains('\n')),
            "{v}"
        );
    };
    // a method a route does not take
    let (s, body) = request_from(
        "127.0.0.1",
        addr,
        "DELETE",
        &format!("/api/games/{id}/actions"),
        None,
    )
    .await;
    json_error(s, &body, 405);
    // a body over the limit
    let big = json!({"version": 0, "action": "x".repeat(100 << 10)});
    let (s, body) = request_from(
        "127.0.0.1",
        addr,
        "POST",
        &format!("/api/games/{id}/actions"),
        Some(big),
    )
    .await;
    json_error(s, &body, 413);
    // a path that is no UTF-8
    let (s, body) = request_from("127.0.0.1", addr, "GET", "/api/games/%FF%FE", None).await;
    assert!((400..500).contains(&s), "{s} {body}");
    json_error(s, &body, s);
    // a request line over the application's limit (below the library's)
    let (s, body) = request_from(
        "127.0.0.1",
        addr,
        "GET",
        &format!("/api/games/{id}?since={}", "9".repeat(3000)),
        None,
    )
    .await;
    json_error(s, &body, 414);
    // too many headers
    let mut conn = connect_from("127.0.0.1", addr).await;
    let headers: String = (0..80).map(|i| format!("x-h{i}: v\r\n")).collect();
    conn.write_all(
        format!("GET /healthz HTTP/1.1\r\nhost: x\r\nconnection: close\r\n{headers}\r\n")
            .as_bytes(),
    )
    .await
    .unwrap();
    let mut raw = Vec::new();
    conn.read_to_end(&mut raw).await.unwrap();
    let text = String::from_utf8_lossy(&raw);
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    json_error(head.split(' ').nth(1).unwrap().parse().unwrap(), body, 431);
    // a refusal quotes a long action clipped
    let long = format!("land at {}", "Kennington ".repeat(15));
    let (s, v) = c
        .post(
            &format!("/api/games/{id}/actions"),
            Some(b),
            json!({"version": 0, "action": long}),
        )
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(
        !v.to_string().contains(&long),
        "the whole action quoted back: {v}"
    );
    assert!(v.to_string().len() < 600, "{v}");
    // an answer holding a seat's view is never cached
    let mut conn = connect_from("127.0.0.1", addr).await;
    conn.write_all(format!("GET /api/games/{id} HTTP/1.1\r\nhost: x\r\nconnection: close\r\nauthorization: Bearer {b}\r\n\r\n").as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    conn.read_to_end(&mut raw).await.unwrap();
    let text = String::from_utf8_lossy(&raw).to_lowercase();
    assert!(text.starts_with("http/1.1 200"), "{text}");
    assert!(
        text.contains("cache-control: no-store"),
        "{}",
        &text[..400.min(text.len())]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_metrics_are_the_operators_only() {
    let (addr, _games, c) = serving(Bounds::default(), None).await;
    let made = c.create(json!({"game": "louisbourg"})).await;
    let (id, b) = (made["id"].as_str().unwrap(), token(&made, "british"));
    let v = c.view(id, b).await;
    assert_eq!(c.act(id, b, &v["version"], 0).await.0, StatusCode::OK);
    let (s, body) = request_from("127.0.0.1", addr, "GET", "/metrics", None).await;
    assert_eq!(s, 403, "{body}");
    assert!(body.contains("operator"));
    let (s, body) = request_from("127.0.0.2", addr, "GET", "/metrics", None).await;
    assert_eq!(s, 200, "{body}");
    for series in [
        "fiw_connections_open 1",
        "fiw_games_in_memory 1",
        "fiw_requests_total{route=\"/metrics\",status=\"403\"} 1",
        "fiw_commit_ms_count",
        "fiw_sockets_open 0",
    ] {
        assert!(body.contains(series), "{series} in {body}");
    }
    let mut conn = connect_from("127.0.0.1", addr).await;
    conn.write_all(b"GET /metrics HTTP/1.1\r\nhost: x\r\nconnection: close\r\nauthorization: Bearer operator-token\r\n\r\n").await.unwrap();
    let mut raw = Vec::new();
    conn.read_to_end(&mut raw).await.unwrap();
    assert!(String::from_utf8_lossy(&raw).starts_with("HTTP/1.1 200"));
}
