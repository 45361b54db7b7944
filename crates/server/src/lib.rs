//! `fiw serve`: every game online, with the rules, the AI and the secrets on the server's side.
//!
//! The model is Rally the Troops' and lichess's: one process holds the games in use
//! ([`live::Games`]), the database holds the truth ([`store::Store`]: a game is its options,
//! its secret seed and the append-only list of its entries). Seats are secret links
//! ([`tokens`]); the JSON API ([`api`]) shows each seat only its own view.
#![deny(missing_docs)]

pub mod accounts;
pub mod answers;
pub mod api;
pub mod bounds;
pub mod clock;
pub mod connections;
pub mod live;
pub mod mail;
pub mod metrics;
pub mod rate;
pub mod store;
pub mod tokens;
pub mod web;
pub mod webhook;

use std::net::SocketAddr;
use std::sync::Arc;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;

/// How the server is started.
#[derive(Clone, Debug)]
pub struct Config {
    /// The database: `sqlite://FILE` or `postgres://…`.
    pub db: String,
    /// Where to listen.
    pub addr: SocketAddr,
    /// The address links are written with; by default `http://` and the listening address.
    pub public_url: Option<String>,
    /// The `ai` seats' budget.
    pub ai: fiw_host::seats::AiBudget,
    /// Whether webhooks may call loopback addresses (for tests: otherwise a webhook could
    /// reach the server's own machine).
    pub allow_loopback_webhooks: bool,
    /// How many requests an address and a link may make.
    pub rate: rate::RateLimits,
    /// The longest a request may take before it is answered 408 (a change it started is
    /// finished all the same: see [`live`]).
    pub request_timeout: std::time::Duration,
    /// Connections, sockets, computer-only games, thinking, hints, games in memory.
    pub bounds: bounds::Bounds,
    /// Who may read `GET /metrics`.
    pub metrics: api::MetricsAccess,
    /// Where mail goes out (`smtp://host:port`, `smtps://user@host`), if anywhere.
    pub smtp: Option<String>,
    /// The mails' sender.
    pub mail_from: String,
    /// `--test-seeds`: the seeds of the first games made, for browser tests that must reach a
    /// chosen position (empty: every seed secret).
    pub test_seeds: Vec<u64>,
}

/// The application: routes over the games in `store`, with the size, time and rate limits
/// every request has.
pub fn app(
    games: Arc<live::Games>,
    public_url: String,
    limiter: Arc<rate::Limiter>,
) -> axum::Router {
    app_timed(games, public_url, limiter, api::REQUEST_TIMEOUT)
}

/// [`app`] with requests answered 408 after `timeout` instead of [`api::REQUEST_TIMEOUT`].
pub fn app_timed(
    games: Arc<live::Games>,
    public_url: String,
    limiter: Arc<rate::Limiter>,
    timeout: std::time::Duration,
) -> axum::Router {
    app_with(
        games,
        public_url,
        limiter,
        timeout,
        api::MetricsAccess::default(),
    )
}

/// The application with every layer: each request's log line, count and JSON refusals
/// outermost, then the request's time, the body's size and the rate limits.
pub fn app_with(
    games: Arc<live::Games>,
    public_url: String,
    limiter: Arc<rate::Limiter>,
    timeout: std::time::Duration,
    metrics_access: api::MetricsAccess,
) -> axum::Router {
    let answers = answers::Answers {
        metrics: games.metrics(),
        timeout,
    };
    let accounts = Arc::new(accounts::Accounts::new(games.store().clone()));
    api::routes(api::App {
        games,
        public_url,
        accounts,
        metrics_access,
    })
    .layer(axum::middleware::from_fn_with_state(limiter, rate::limit))
    .layer(RequestBodyLimitLayer::new(api::MAX_BODY))
    .layer(TimeoutLayer::with_status_code(
        axum::http::StatusCode::REQUEST_TIMEOUT,
        timeout,
    ))
    .layer(axum::middleware::from_fn_with_state(
        answers,
        answers::answers,
    ))
}

/// `fiw serve --check`: replays every game stored in the database at `db` under this build's
/// rules; the number read and those that do not replay, each with the entry that fails and why.
///
/// # Errors
/// The database cannot be opened or read (one line).
pub async fn check(db: &str) -> Result<(usize, Vec<live::Unplayable>), String> {
    let store = store::Store::open(db)
        .await
        .map_err(|e| format!("cannot open the database {}: {e}", redact(db)))?;
    let games = live::Games::new(store, live::Limits::default());
    games
        .check_stored()
        .await
        .map_err(|e| format!("cannot read the stored games: {}", live::describe(&e)))
}

/// Opens the database, wakes the computer seats of unfinished games, and serves until the
/// process is asked to stop (SIGTERM, Ctrl-C): then it stops accepting, lets the requests in
/// flight end (10 s at most), and tells its pages to connect again. `ready` is told the address
/// once listening.
///
/// # Errors
/// The database cannot be opened or written, another server holds the SQLite file, or the
/// address cannot be bound (one line each).
pub async fn serve(config: Config, ready: impl FnOnce(SocketAddr, &str)) -> Result<(), String> {
    // one server per SQLite file: a second would serve its own stale copy of every game
    let _sole = store::sqlite_lock(&config.db)?;
    let store = store::Store::open(&config.db)
        .await
        .map_err(|e| format!("cannot open the database {}: {e}", redact(&config.db)))?;
    store
        .probe(0)
        .await
        .map_err(|e| format!("the database {} cannot be written: {e}", redact(&config.db)))?;
    let duties = live::Duties {
        webhooks: webhook::Policy {
            allow_loopback: config.allow_loopback_webhooks,
            ..webhook::Policy::default()
        },
        ..live::Duties::default()
    };
    let (files, total_cap) = bounds::open_files();
    let mut bounds = config.bounds.clone();
    bounds.behind_proxy = config.rate.behind_proxy;
    let total_cap = match bounds.connections {
        0 => total_cap,
        n => n.min(total_cap),
    };
    let limits = live::Limits {
        ai: config.ai,
        bounds: bounds.clone(),
    };
    let games = live::Games::with_duties(store, limits, duties);
    let mailer = match &config.smtp {
        Some(smtp) => Some(mail::Mailer::new(smtp, &config.mail_from)?),
        None => None,
    };
    if config.db.starts_with("postgres") {
        // several servers may share this database: hear each other's commits, and share out
        // the games' duties by lock
        games.join_cluster(&config.db).await.map_err(|e| {
            format!(
                "cannot join the other servers on {}: {e}",
                redact(&config.db)
            )
        })?;
    }
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.addr))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let public_url = config
        .public_url
        .clone()
        .unwrap_or_else(|| format!("http://{addr}"));
    games.set_public_url(public_url.clone());
    if !config.test_seeds.is_empty() {
        tracing::warn!(
            seeds = config.test_seeds.len(),
            "--test-seeds: the next games made take seeds known in advance (for tests only)"
        );
        games.set_test_seeds(&config.test_seeds);
    }
    if let Some(m) = mailer {
        games.set_mailer(m, public_url.clone());
    }
    games
        .resume()
        .await
        .map_err(|e| format!("cannot read the unfinished games: {}", live::describe(&e)))?;
    tracing::info!(
        open_files = files,
        connections = total_cap,
        per_address = bounds.connections_per_address,
        "serving"
    );
    ready(addr, &public_url);
    let limiter = rate::Limiter::new(config.rate);
    let counts = limiter.clone();
    let idle = games.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(std::time::Duration::from_secs(60));
        loop {
            every.tick().await;
            counts.forget_idle();
            idle.evict_idle().await;
            idle.send_digests().await;
        }
    });
    let stopping = games.clone();
    let (stop, stopped) = tokio::sync::watch::channel(false);
    tokio::spawn(async move {
        shutdown_signal().await;
        tracing::info!("shutting down: no new connections; the requests in flight end");
        stopping.stop();
        let _ = stop.send(true);
    });
    let metrics = games.metrics();
    let app = app_with(
        games,
        public_url,
        limiter,
        config.request_timeout,
        config.metrics.clone(),
    );
    connections::serve(
        listener,
        app,
        bounds,
        total_cap,
        metrics,
        stopped,
        std::time::Duration::from_secs(10),
    )
    .await
    .map_err(|e| format!("the server stopped: {e}"))
}

/// Resolves on Ctrl-C or SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {}
        _ = term => {}
    }
}

/// A database URL without its password, for messages.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => {
            let creds = &url[s + 3..at];
            match creds.split_once(':') {
                Some((user, _)) => format!("{}{user}:…{}", &url[..s + 3], &url[at..]),
                None => url.to_string(),
            }
        }
        _ => url.to_string(),
    }
}
