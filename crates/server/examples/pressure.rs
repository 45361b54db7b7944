//! One client pushing each bound of `fiw serve` while another game is played: the other game's
//! action round trips (median and max) under each push, and the server's memory per open page.
//! The server is the `fiw` binary, started on 127.0.0.1 with its default bounds, so what is
//! measured is what a site runs; the clients are this process.
//!
//! ```sh
//! cargo build --release -p fiw-cli && cargo run --release -p fiw-server --example pressure -- \
//!     --fiw target/release/fiw [--db postgres://…] [--trips 300]
//! ```
//!
//! The pushes (docs/api.md, "Running a server"): idle connections, twice the per-address cap;
//! connections that send half a request and stop; a WebSocket writing frames flat out (closed
//! by the rate, then again); pages opened past every cap; games with no human seat asked for
//! flat out; hints asked for flat out; new games made flat out. Then 1,000 open pages, and the
//! server's resident memory before and after.

use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

#[derive(Parser)]
struct Args {
    /// The fiw binary to serve with.
    #[arg(long, default_value = "target/release/fiw")]
    fiw: String,
    /// The database (default: a fresh SQLite file).
    #[arg(long)]
    db: Option<String>,
    /// Round trips timed under each push.
    #[arg(long, default_value_t = 300)]
    trips: usize,
    /// Pages opened to measure memory per page.
    #[arg(long, default_value_t = 1000)]
    pages: usize,
}

struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(fiw: &str, db: &str, flags: &[&str]) -> Server {
    let mut child = Command::new(fiw)
        .args(["serve", "--db", db, "--addr", "127.0.0.1:0"])
        .args(flags)
        .env("FIW_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("fiw serve starts");
    let mut line = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(child.stdout.take().unwrap()),
        &mut line,
    )
    .unwrap();
    let addr = line
        .split("listening on ")
        .nth(1)
        .and_then(|r| r.split(',').next())
        .expect("the address")
        .parse()
        .unwrap();
    Server { child, addr }
}

/// The pushing client's address; the measured client is another one, as a second player
/// elsewhere is: the per-address caps bound the pusher, not everyone.
const PUSHER: &str = "127.0.0.1";
const PLAYER: &str = "127.0.0.2";

/// A connection from the loopback address `from` (Linux routes all of 127/8 to lo).
async fn connect_from(from: &str, addr: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = tokio::net::TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(from.parse().unwrap(), 0))?;
    socket.connect(addr).await
}

/// One request on a connection of its own from `from`: status and JSON.
async fn call(
    from: &str,
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> (u16, Value) {
    let Ok(mut s) = connect_from(from, addr).await else {
        return (0, Value::Null);
    };
    let body = body.map(Value::to_string).unwrap_or_default();
    let auth = token
        .map(|t| format!("authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    let req = format!("{method} {path} HTTP/1.1\r\nhost: x\r\nconnection: close\r\n{auth}content-type: application/json\r\ncontent-length: {}\r\n\r\n{body}", body.len());
    if s.write_all(req.as_bytes()).await.is_err() {
        return (0, Value::Null);
    }
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw).await;
    let text = String::from_utf8_lossy(&raw);
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let json = text
        .split_once("\r\n\r\n")
        .and_then(|(_, b)| serde_json::from_str(b).ok())
        .unwrap_or(Value::Null);
    (status, json)
}

/// Makes a Louisbourg game between two people (the invitation taken): id and both tokens.
async fn game(from: &str, addr: SocketAddr, body: Value) -> (String, Vec<(String, String)>) {
    let (status, made) = call(from, addr, "POST", "/api/games", None, Some(&body)).await;
    if status != 201 && from == PLAYER {
        eprintln!("a game from {from} not made: {status} {made}");
    }
    let id = made["id"].as_str().unwrap_or_default().to_string();
    let mut seats: Vec<(String, String)> = made["seats"]
        .as_object()
        .map(|m| {
            m.iter()
                .map(|(s, v)| {
                    (
                        s.clone(),
                        v["token"].as_str().unwrap_or_default().to_string(),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    if let Some(inv) = made["invitations"].as_object() {
        for (seat, v) in inv {
            let (_, c) = call(
                from,
                addr,
                "POST",
                &format!("/api/games/{id}/claim"),
                v["token"].as_str(),
                Some(&json!({})),
            )
            .await;
            seats.push((
                seat.clone(),
                c["token"].as_str().unwrap_or_default().to_string(),
            ));
        }
    }
    (id, seats)
}

/// `n` action round trips of a game between two people, at a player's pace (25 actions a
/// second, under the per-address and per-link rates, which bound the pusher and not him):
/// median and max, in ms.
async fn trips(addr: SocketAddr, n: usize) -> (f64, f64) {
    let mut times = Vec::new();
    let mut pace = tokio::time::interval(Duration::from_millis(40));
    let mut game_now = game(PLAYER, addr, json!({"game": "louisbourg"})).await;
    let mut v = Value::Null;
    while times.len() < n {
        pace.tick().await;
        let (id, seats) = &game_now;
        if seats.is_empty() {
            game_now = game(PLAYER, addr, json!({"game": "louisbourg"})).await;
            continue;
        }
        if v["view"]["to_move"].as_str().is_none() {
            v = call(
                PLAYER,
                addr,
                "GET",
                &format!("/api/games/{id}"),
                Some(&seats[0].1),
                None,
            )
            .await
            .1;
        }
        let Some(t) = v["view"]["to_move"]
            .as_str()
            .and_then(|seat| seats.iter().find(|(s, _)| s == seat))
            .map(|(_, t)| t.clone())
        else {
            // over (or not answered): another game
            game_now = game(PLAYER, addr, json!({"game": "louisbourg"})).await;
            v = Value::Null;
            continue;
        };
        let started = Instant::now();
        let (s, answer) = call(
            PLAYER,
            addr,
            "POST",
            &format!("/api/games/{id}/actions"),
            Some(&t),
            Some(&json!({"version": v["version"], "index": 0})),
        )
        .await;
        if s == 200 {
            times.push(started.elapsed().as_secs_f64() * 1000.0);
            v = answer;
        } else {
            eprintln!("an action refused: {s} {answer}");
            v = Value::Null;
        }
    }
    times.sort_by(f64::total_cmp);
    (times[times.len() / 2], times[times.len() - 1])
}

/// Runs `push` until told to stop.
fn pushing<F, Fut>(stop: Arc<AtomicBool>, push: F) -> tokio::task::JoinHandle<()>
where
    F: Fn() -> Fut + Send + 'static,
    Fut: std::future::Future<Output = ()> + Send,
{
    tokio::spawn(async move {
        while !stop.load(Ordering::Relaxed) {
            push().await;
        }
    })
}

fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    let dir = std::env::temp_dir().join(format!("fiw-pressure-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = args
        .db
        .clone()
        .unwrap_or_else(|| format!("sqlite://{}", dir.join("fiw.db").display()));
    let server = serve(&args.fiw, &db, &[]);
    let addr = server.addr;
    let (m, x) = trips(addr, args.trips).await;
    println!(
        "{:<44} median {m:6.2} ms   max {x:7.2} ms",
        "nothing pushed"
    );
    type Push = (
        &'static str,
        Box<dyn Fn(Arc<AtomicBool>) -> Vec<tokio::task::JoinHandle<()>>>,
    );
    let (hint_game, hint_seats) = game(
        PUSHER,
        addr,
        json!({"game": "louisbourg", "players": {"french": "ai"}}),
    )
    .await;
    let hint_token = hint_seats[0].1.clone();
    let (ws_game, ws_seats) = game(PUSHER, addr, json!({"game": "louisbourg"})).await;
    let pushes: Vec<Push> = vec![
        (
            "idle connections, 2x the address cap",
            Box::new(move |stop| {
                vec![tokio::spawn(async move {
                    let mut held = Vec::new();
                    for _ in 0..512 {
                        if let Ok(s) = connect_from(PUSHER, addr).await {
                            held.push(s);
                        }
                    }
                    while !stop.load(Ordering::Relaxed) {
                        tokio::time::sleep(Duration::from_millis(50)).await;
                    }
                })]
            }),
        ),
        (
            "half-sent requests, 2x the address cap",
            Box::new(move |stop| {
                vec![tokio::spawn(async move {
                    let mut held = Vec::new();
                    for _ in 0..512 {
                        if let Ok(mut s) = connect_from(PUSHER, addr).await {
                            let _ = s.write_all(b"GET /healthz HTTP/1.1\r\nhost: x\r\n").await;
                            held.push(s);
                        }
                    }
                    while !stop.load(Ordering::Relaxed) {
                        tokio::time::sleep(Duration::from_millis(50)).await;
                    }
                })]
            }),
        ),
        (
            "a socket writing frames flat out",
            Box::new({
                let (id, t) = (ws_game.clone(), ws_seats[0].1.clone());
                move |stop| {
                    let (id, t) = (id.clone(), t.clone());
                    vec![pushing(stop, move || {
                        let (id, t) = (id.clone(), t.clone());
                        async move {
                            let Ok((mut ws, _)) = tokio_tungstenite::connect_async(format!(
                                "ws://{addr}/api/games/{id}/ws"
                            ))
                            .await
                            else {
                                return;
                            };
                            let _ = ws
                                .send(Message::text(json!({"token": t}).to_string()))
                                .await;
                            while ws.send(Message::text("{\"resync\": 0}")).await.is_ok() {}
                        }
                    })]
                }
            }),
        ),
        (
            "pages opened past every cap",
            Box::new({
                let (id, t) = (ws_game.clone(), ws_seats[1].1.clone());
                move |stop| {
                    let (id, t) = (id.clone(), t.clone());
                    vec![pushing(stop, move || {
                        let (id, t) = (id.clone(), t.clone());
                        async move {
                            let Ok((mut ws, _)) = tokio_tungstenite::connect_async(format!(
                                "ws://{addr}/api/games/{id}/ws"
                            ))
                            .await
                            else {
                                return;
                            };
                            let _ = ws
                                .send(Message::text(json!({"token": t}).to_string()))
                                .await;
                            let _ =
                                tokio::time::timeout(Duration::from_millis(200), ws.next()).await;
                        }
                    })]
                }
            }),
        ),
        (
            "games with no human seat asked for flat out",
            Box::new(move |stop| {
                vec![pushing(stop, move || async move {
                    call(PUSHER, addr, "POST", "/api/games", None, Some(&json!({"game": "skirmish", "players": {"british": "ai", "french": "ai"}}))).await;
                })]
            }),
        ),
        (
            "hints asked for flat out",
            Box::new({
                let (id, t) = (hint_game.clone(), hint_token.clone());
                move |stop| {
                    let (id, t) = (id.clone(), t.clone());
                    vec![pushing(stop, move || {
                        let (id, t) = (id.clone(), t.clone());
                        async move {
                            call(
                                PUSHER,
                                addr,
                                "GET",
                                &format!("/api/games/{id}/hint"),
                                Some(&t),
                                None,
                            )
                            .await;
                        }
                    })]
                }
            }),
        ),
        (
            "new games made flat out",
            Box::new(move |stop| {
                vec![pushing(stop, move || async move {
                    call(
                        PUSHER,
                        addr,
                        "POST",
                        "/api/games",
                        None,
                        Some(&json!({"game": "skirmish"})),
                    )
                    .await;
                })]
            }),
        ),
    ];
    for (name, push) in pushes {
        let stop = Arc::new(AtomicBool::new(false));
        let tasks = push(stop.clone());
        tokio::time::sleep(Duration::from_millis(500)).await;
        let (m, x) = trips(addr, args.trips).await;
        stop.store(true, Ordering::Relaxed);
        for t in tasks {
            t.abort();
        }
        println!("{name:<44} median {m:6.2} ms   max {x:7.2} ms");
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    drop(server);
    // memory per open page, on a server whose address caps and rate leave room for this one
    // client's thousand pages
    let server = serve(
        &args.fiw,
        &db,
        &[
            "--rate-per-address",
            "0",
            "--sockets-per-address",
            "100000",
            "--connections-per-address",
            "100000",
        ],
    );
    let addr = server.addr;
    let pid = server.child.id();
    // the games first, each asked for once (so that it is in memory), then their pages: the
    // difference is the pages' own
    let mut games = Vec::new();
    while games.len() < args.pages.div_ceil(8) {
        let (id, seats) = game(PUSHER, addr, json!({"game": "skirmish"})).await;
        if seats.is_empty() {
            continue;
        }
        call(
            PUSHER,
            addr,
            "GET",
            &format!("/api/games/{id}"),
            Some(&seats[0].1),
            None,
        )
        .await;
        games.push((id, seats));
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let before = rss_kib(pid);
    let mut pages = Vec::new();
    for (id, seats) in &games {
        // 4 pages a seat, 8 a game: within the per-seat cap of 8 and the per-game cap of 64
        for (_, t) in seats.iter().flat_map(|s| std::iter::repeat_n(s, 4)) {
            if let Ok((mut ws, _)) =
                tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws")).await
            {
                let _ = ws
                    .send(Message::text(json!({"token": t}).to_string()))
                    .await;
                let _ = tokio::time::timeout(Duration::from_secs(5), ws.next()).await;
                pages.push(ws);
            }
        }
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let after = rss_kib(pid);
    println!(
        "{} pages on {} skirmish games already in memory: resident memory {before} -> {after} KiB, {:.1} KiB a page",
        pages.len(),
        games.len(),
        (after.saturating_sub(before)) as f64 / pages.len().max(1) as f64
    );
    drop(pages);
    let _ = std::fs::remove_dir_all(&dir);
}
