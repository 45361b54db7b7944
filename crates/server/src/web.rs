//! The browser client (web/ in the repository), built into the binary: `cargo install` then
//! `fiw serve` gives the whole client with no JavaScript tool chain. The files are a fixed
//! table made with `include_bytes!` rather than a crate such as rust-embed: a dozen files need
//! no directory walk, no proc macro and no new dependency, and a path is served only when it
//! is a key of the table, so no request can name a file outside it (`..`, `%2e`, `//`, a
//! backslash: each is simply not a key).
//!
//! For work on the client, `FIW_WEB_DIR=web fiw serve` reads the same files (the table's
//! paths only) from that directory at each request instead, so a change shows on reload.
//!
//! Beside the files, one read-only JSON route: `GET /api/reference/GAME`, what a page shows
//! beside every game of a kind (the rules as fiw implements them, the board's drawing data),
//! the same for everyone and free of any game's secrets.

use crate::api::App;
use axum::extract::Path;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::json;
use sha2::{Digest, Sha256};
use std::sync::OnceLock;

/// One file of the client: its path under `/static/`, its content type, its bytes.
type File = (&'static str, &'static str, &'static [u8]);

macro_rules! files {
    ($($path:literal => $kind:literal),* $(,)?) => {
        &[$(($path, $kind, include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/", $path)) as &[u8])),*]
    };
}

const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const HTML: &str = "text/html; charset=utf-8";

/// Every file the client is made of.
pub const FILES: &[File] = files![
    "index.html" => "text/html; charset=utf-8",
    "game.html" => "text/html; charset=utf-8",
    "join.html" => "text/html; charset=utf-8",
    "account.html" => "text/html; charset=utf-8",
    "fiw.css" => "text/css; charset=utf-8",
    "js/api.js" => "text/javascript; charset=utf-8",
    "js/dom.js" => "text/javascript; charset=utf-8",
    "js/lobby.js" => "text/javascript; charset=utf-8",
    "js/join.js" => "text/javascript; charset=utf-8",
    "js/account.js" => "text/javascript; charset=utf-8",
    "js/game.js" => "text/javascript; charset=utf-8",
    "js/live.js" => "text/javascript; charset=utf-8",
    "js/actions.js" => "text/javascript; charset=utf-8",
    "js/log.js" => "text/javascript; charset=utf-8",
    "js/chat.js" => "text/javascript; charset=utf-8",
    "js/rules.js" => "text/javascript; charset=utf-8",
    "js/cite.js" => "text/javascript; charset=utf-8",
    "js/zoom.js" => "text/javascript; charset=utf-8",
    "js/louisbourg.js" => "text/javascript; charset=utf-8",
    "js/solitaire.js" => "text/javascript; charset=utf-8",
    "js/textboard.js" => "text/javascript; charset=utf-8",
    "js/table.js" => "text/javascript; charset=utf-8",
    "js/d3.js" => "text/javascript; charset=utf-8",
    "js/skirmish.js" => "text/javascript; charset=utf-8",
    "js/campaign.js" => "text/javascript; charset=utf-8",
    "favicon.svg" => "image/svg+xml",
];

/// The pages and files of the client, and the reference route.
pub fn routes() -> Router<App> {
    Router::new()
        .route(
            "/",
            get(|h: HeaderMap| async move { page("index.html", &h) }),
        )
        .route("/play/{id}", get(game_page))
        .route("/game/{id}", get(game_page))
        .route("/join/{id}", get(join_page))
        // an account's own page; a mailed link's page (#verify=…, #reset=…) and the
        // unsubscribe page, which acts only when the page runs (never on a mere GET)
        .route(
            "/account",
            get(|h: HeaderMap| async move { page("account.html", &h) }),
        )
        .route(
            "/unsubscribe",
            get(|h: HeaderMap| async move { page("account.html", &h) }),
        )
        .route(
            "/favicon.ico",
            get(|h: HeaderMap| async move { page("favicon.svg", &h) }),
        )
        .route("/static/{*path}", get(asset))
        .route("/api/reference/{game}", get(reference))
}

/// The file at `path`, if it is one of the client's.
pub fn file(path: &str) -> Option<&'static File> {
    FILES.iter().find(|(p, _, _)| *p == path)
}

/// The entity tag of each file (a short hash of its bytes), worked out once.
fn etag(path: &str) -> Option<&'static str> {
    static TAGS: OnceLock<Vec<String>> = OnceLock::new();
    let tags = TAGS.get_or_init(|| {
        FILES
            .iter()
            .map(|(_, _, bytes)| format!("\"{}\"", hex8(bytes)))
            .collect()
    });
    FILES
        .iter()
        .position(|(p, _, _)| *p == path)
        .map(|i| tags[i].as_str())
}

/// The first 8 bytes of the SHA-256 of `bytes`, in hex.
fn hex8(bytes: &[u8]) -> String {
    Sha256::digest(bytes)[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A file of the client with its type, checked for change by its tag on every use (so a new
/// build's client is taken at once) and never sniffed; a page may only load what this server
/// serves.
fn page(path: &str, headers: &HeaderMap) -> Response {
    let (Some(&(_, kind, built_in)), Some(tag)) = (file(path), etag(path)) else {
        return not_found();
    };
    let mut bytes = std::borrow::Cow::Borrowed(built_in);
    let mut tag = tag.to_string();
    if let Some(dir) = std::env::var_os("FIW_WEB_DIR") {
        // the table's path only, so nothing outside the client's files can be read
        match std::fs::read(std::path::Path::new(&dir).join(path)) {
            Ok(b) => {
                tag = format!("\"dev-{}\"", hex8(&b));
                bytes = std::borrow::Cow::Owned(b);
            }
            Err(_) => return not_found(),
        }
    }
    let tag = tag.as_str();
    let mut h = HeaderMap::new();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    if let Ok(t) = HeaderValue::from_str(tag) {
        h.insert(header::ETAG, t);
    }
    if kind == HTML {
        h.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(
                "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'; \
                 script-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
            ),
        );
    }
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == tag));
    if fresh {
        return (StatusCode::NOT_MODIFIED, h).into_response();
    }
    let body = match bytes {
        std::borrow::Cow::Borrowed(b) => axum::body::Body::from(b),
        std::borrow::Cow::Owned(v) => axum::body::Body::from(v),
    };
    (StatusCode::OK, h, body).into_response()
}

async fn game_page(Path(id): Path<String>, headers: HeaderMap) -> Response {
    if id.is_empty() || id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return (
            StatusCode::NOT_FOUND,
            Json(json!({ "error": "no such game" })),
        )
            .into_response();
    }
    page("game.html", &headers)
}

/// The page of an invitation (or a device code): the seat is taken by a click on it, never
/// by opening it.
async fn join_page(Path(id): Path<String>, headers: HeaderMap) -> Response {
    if id.is_empty() || id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return (
            StatusCode::NOT_FOUND,
            Json(json!({ "error": "no such game" })),
        )
            .into_response();
    }
    page("join.html", &headers)
}

async fn asset(Path(path): Path<String>, headers: HeaderMap) -> Response {
    match file(&path) {
        Some(&(p, kind, _)) if kind == JS || kind == CSS || p.ends_with(".svg") => {
            page(p, &headers)
        }
        _ => not_found(),
    }
}

fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        Json(json!({ "error": "no such file of the client" })),
    )
        .into_response()
}

async fn reference(Path(game): Path<String>) -> Response {
    static CACHE: OnceLock<Vec<(String, String)>> = OnceLock::new();
    let all = CACHE.get_or_init(|| {
        fiw_host::ONLINE
            .iter()
            .filter_map(|g| {
                let v = fiw_host::reference::reference(g).ok()?;
                Some((g.to_string(), v.to_string()))
            })
            .collect()
    });
    match all.iter().find(|(g, _)| *g == game) {
        Some((_, text)) => (
            [
                (header::CONTENT_TYPE, "application/json"),
                (header::CACHE_CONTROL, "public, max-age=3600"),
            ],
            text.clone(),
        )
            .into_response(),
        None => (
            StatusCode::NOT_FOUND,
            Json(json!({
                "error": format!("no game '{}' (games: {})", crate::live::clip(&game), fiw_host::ONLINE.join(", "))
            })),
        )
            .into_response(),
    }
}
