//! The server under load: many live games between people taking actions at once, over real
//! sockets on 127.0.0.1, timing each action's round trip (the request sent to the answer,
//! committed, read back). Every seat is human, so no computer's thinking is timed.
//!
//! Each player waits between its actions, a random time of up to twice `--pace-ms` (as people
//! do; 0 is flat out, which measures throughput instead).
//!
//! ```sh
//! cargo run --release -p fiw-server --example load -- --games 500 --actions 20 --pace-ms 1000
//! cargo run --release -p fiw-server --example load -- --db postgres://postgres@127.0.0.1:5432/postgres
//! ```
//!
//! It stops after `--actions` per game or `--seconds`, whichever comes first, and listens on
//! loopback only. crates/server/tests/load.rs runs it small on both databases, to keep it
//! working; the figures are in docs/api.md.

use fiw_server::live::{Games, Limits};
use fiw_server::store::Store;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// What a run measured.
#[derive(Debug)]
pub struct Report {
    /// Games played.
    pub games: usize,
    /// Actions acknowledged.
    pub actions: usize,
    /// Each action's round trip, sorted.
    pub trips: Vec<Duration>,
    /// The whole run.
    pub wall: Duration,
    /// Actions refused by a version race or the rules (none are expected).
    pub refused: usize,
}

impl Report {
    /// The round trip at quantile `q` (0–1).
    pub fn quantile(&self, q: f64) -> Duration {
        if self.trips.is_empty() {
            return Duration::ZERO;
        }
        let i = ((self.trips.len() as f64 - 1.0) * q).round() as usize;
        self.trips[i]
    }
}

/// Serves `db` on 127.0.0.1 and plays `games` games (Louisbourg, solitaire and D3 in turn,
/// every seat human) at once, each to `actions` actions or its end, for at most `limit`.
pub async fn run(db: &str, games: usize, actions: usize, limit: Duration) -> Report {
    run_games(
        db,
        &["louisbourg", "solitaire", "d3"],
        games,
        actions,
        0,
        limit,
    )
    .await
}

/// As [`run`], with only the games named.
pub async fn run_games(
    db: &str,
    kinds: &[&str],
    games: usize,
    actions: usize,
    pace_ms: u64,
    limit: Duration,
) -> Report {
    let store = Store::open(db).await.expect("the database opens");
    let live = Games::new(
        store,
        Limits {
            ai: fiw_host::seats::AiBudget {
                iterations: Some(1),
                ms: Some(1),
            },
            // a thousand players, all from this machine's one address
            bounds: fiw_server::bounds::Bounds {
                connections_per_address: 1 << 16,
                ..fiw_server::bounds::Bounds::default()
            },
        },
    );
    let unlimited = fiw_server::rate::Limiter::new(fiw_server::rate::RateLimits::none());
    let app = fiw_server::app(live.clone(), "http://127.0.0.1".into(), unlimited);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    // the server's own accept loop, as `fiw serve` runs it
    let (bounds, metrics, stop) = (live.bounds().clone(), live.metrics(), live.stopping());
    tokio::spawn(async move {
        fiw_server::connections::serve(
            listener,
            app,
            bounds,
            1 << 16,
            metrics,
            stop,
            Duration::from_secs(1),
        )
        .await
    });
    fiw_server::webhook::install_tls();
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(games.max(1))
        .build()
        .unwrap();
    let start = Instant::now();
    let deadline = start + limit;
    let mut made = Vec::new();
    for g in 0..games {
        let game = kinds[g % kinds.len()];
        let resp = client
            .post(format!("{base}/api/games"))
            .json(&json!({ "game": game }))
            .send()
            .await
            .expect("create");
        let mut v: Value = resp.json().await.expect("created");
        // the friends invited take their seats, each a client of its own
        let id = v["id"].as_str().unwrap_or_default().to_string();
        let invitations = v["invitations"].as_object().cloned().unwrap_or_default();
        for (seat, inv) in invitations {
            let taken: Value = client
                .post(format!("{base}/api/games/{id}/claim"))
                .bearer_auth(inv["token"].as_str().unwrap_or_default())
                .json(&json!({}))
                .send()
                .await
                .expect("claim")
                .json()
                .await
                .expect("claimed");
            v["seats"][&seat] = json!({ "token": taken["token"] });
        }
        made.push(v);
    }
    let mut tasks = Vec::new();
    for (g, m) in made.into_iter().enumerate() {
        let client = client.clone();
        let base = base.clone();
        tasks.push(tokio::spawn(async move {
            play(&client, &base, &m, actions, pace_ms, deadline, g as u64).await
        }));
    }
    let mut report = Report {
        games,
        actions: 0,
        trips: Vec::new(),
        wall: Duration::ZERO,
        refused: 0,
    };
    for t in tasks {
        let (trips, refused) = t.await.expect("a game's client");
        report.actions += trips.len();
        report.trips.extend(trips);
        report.refused += refused;
    }
    report.wall = start.elapsed();
    report.trips.sort();
    report
}

/// One game's two players (one for solitaire), each acting when the view says it is their
/// decision, choosing among the legal actions by a fixed sequence.
async fn play(
    client: &reqwest::Client,
    base: &str,
    made: &Value,
    actions: usize,
    pace_ms: u64,
    deadline: Instant,
    salt: u64,
) -> (Vec<Duration>, usize) {
    let id = made["id"].as_str().unwrap();
    let seats: Vec<(String, String)> = made["seats"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(s, t)| (s.clone(), t["token"].as_str().unwrap().to_string()))
        .collect();
    let token_of = |seat: &str| {
        seats
            .iter()
            .find(|(s, _)| s == seat)
            .map(|(_, t)| t.clone())
    };
    let first = &seats[0].1;
    let mut view: Value = client
        .get(format!("{base}/api/games/{id}"))
        .bearer_auth(first)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let mut trips = Vec::new();
    let mut refused = 0;
    let mut pick = salt.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    while trips.len() < actions && Instant::now() < deadline {
        let Some(seat) = view["view"]["to_move"].as_str().map(str::to_string) else {
            break;
        };
        let Some(token) = token_of(&seat) else { break };
        if view["view"]["seat"] != seat.as_str() {
            view = client
                .get(format!("{base}/api/games/{id}"))
                .bearer_auth(&token)
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
        }
        let n = view["view"]["actions"].as_array().map_or(0, Vec::len);
        if n == 0 {
            break;
        }
        pick ^= pick << 13;
        pick ^= pick >> 7;
        pick ^= pick << 17;
        let index = (pick % n as u64) as usize;
        if pace_ms > 0 {
            tokio::time::sleep(Duration::from_millis((pick >> 20) % (2 * pace_ms))).await;
        }
        let sent = Instant::now();
        let resp = client
            .post(format!("{base}/api/games/{id}/actions"))
            .bearer_auth(&token)
            .json(&json!({ "version": view["version"], "index": index, "since": 1 << 30 }))
            .send()
            .await
            .unwrap();
        let ok = resp.status().is_success();
        let answer: Value = resp.json().await.unwrap();
        let trip = sent.elapsed();
        if ok {
            trips.push(trip);
            view = answer;
        } else {
            refused += 1;
            view = answer.get("fresh").cloned().unwrap_or(view);
            if refused > 10 {
                break;
            }
        }
    }
    (trips, refused)
}

/// The load harness's options.
#[allow(dead_code)]
#[derive(clap::Parser)]
#[command(about = "Times action round trips of many live games on one fiw server (loopback only)")]
struct Args {
    /// The database (SQLite in a temporary directory when not given).
    #[arg(long)]
    db: Option<String>,
    /// Live games at once.
    #[arg(long, default_value_t = 500)]
    games: usize,
    /// Actions a game takes.
    #[arg(long, default_value_t = 20)]
    actions: usize,
    /// Stops after this many seconds, whatever is left.
    #[arg(long, default_value_t = 300)]
    seconds: u64,
    /// Each player's mean wait between actions, in milliseconds (0: flat out).
    #[arg(long, default_value_t = 1000)]
    pace_ms: u64,
    /// One game only (louisbourg, solitaire, d3); all three in turn otherwise.
    #[arg(long, value_parser = ["louisbourg", "solitaire", "d3"])]
    game: Option<String>,
}

#[allow(dead_code)]
fn main() {
    let Args {
        db,
        games,
        actions,
        seconds,
        pace_ms,
        game,
    } = <Args as clap::Parser>::parse();
    let kinds = match game {
        Some(g) => vec![g],
        None => vec!["louisbourg".to_string(), "solitaire".into(), "d3".into()],
    };
    let dir = std::env::temp_dir().join(format!("fiw-load-{}", std::process::id()));
    let db = db.unwrap_or_else(|| {
        std::fs::create_dir_all(&dir).unwrap();
        format!("sqlite://{}", dir.join("load.db").display())
    });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let kinds: Vec<&str> = kinds.iter().map(String::as_str).collect();
    let r = runtime.block_on(run_games(
        &db,
        &kinds,
        games,
        actions,
        pace_ms,
        Duration::from_secs(seconds),
    ));
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{} games, {} actions in {:.1} s ({:.0} actions/s), {} refused; round trip p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({})",
        r.games,
        r.actions,
        r.wall.as_secs_f64(),
        r.actions as f64 / r.wall.as_secs_f64(),
        r.refused,
        ms(r.quantile(0.5)),
        ms(r.quantile(0.9)),
        ms(r.quantile(0.99)),
        ms(r.quantile(1.0)),
        fiw_server::redact(&db),
    );
    let _ = std::fs::remove_dir_all(&dir);
}
