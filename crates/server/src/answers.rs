//! What every answer of the application is: JSON with a one-line reason when it refuses (the
//! answers of the layers below the routes too: 405, 408, 413, a path that is no UTF-8), never
//! cached when it may hold a seat's view, and one log line and one count per request.
//!
//! The application's own limits on a request's line and headers sit below the HTTP library's
//! (hyper: about 400 KiB of buffer and 100 headers), so that a request over them is refused
//! here in JSON; only what hyper itself refuses past its own limits stays a bare answer.

use crate::metrics::Metrics;
use axum::body::Body;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;
use http_body_util::BodyExt;
use serde_json::json;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The longest request target taken (path and query).
pub const MAX_URI: usize = 2048;
/// The most headers a request may have.
pub const MAX_HEADERS: usize = 64;
/// The most bytes a request's headers may hold in all.
pub const MAX_HEADER_BYTES: usize = 16 << 10;

/// What the middleware needs.
#[derive(Clone)]
pub struct Answers {
    /// Where requests are counted.
    pub metrics: Arc<Metrics>,
    /// The request timeout, for the words of a 408.
    pub timeout: Duration,
}

fn refusal(status: StatusCode, message: impl Into<String>) -> Response {
    (status, Json(json!({ "error": message.into() }))).into_response()
}

/// The game a request is about, if its path names one (ids are no secret: they are in links).
fn game_of(path: &str) -> Option<&str> {
    let rest = path
        .strip_prefix("/api/games/")
        .or_else(|| path.strip_prefix("/play/"))
        .or_else(|| path.strip_prefix("/join/"))?;
    let id = rest.split('/').next()?;
    (!id.is_empty() && id.len() <= 64 && id.bytes().all(|b| b.is_ascii_alphanumeric()))
        .then_some(id)
}

/// The middleware: limits, JSON refusals, no-store, the request's log line and count.
pub async fn answers(State(a): State<Answers>, req: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = req.method().clone();
    let route = req
        .extensions()
        .get::<MatchedPath>()
        .map(|m| m.as_str().to_string())
        .unwrap_or_else(|| "other".into());
    let path = req.uri().path().to_string();
    let game = game_of(&path).map(str::to_string);
    let target = req.uri().path_and_query().map_or(0, |p| p.as_str().len());
    let header_bytes: usize = req
        .headers()
        .iter()
        .map(|(k, v)| k.as_str().len() + v.len())
        .sum();
    let mut resp = if target > MAX_URI {
        refusal(
            StatusCode::URI_TOO_LONG,
            format!("the request's path and query are {target} bytes; at most {MAX_URI} are taken"),
        )
    } else if req.headers().len() > MAX_HEADERS || header_bytes > MAX_HEADER_BYTES {
        refusal(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            format!(
                "the request has {} headers of {header_bytes} bytes; at most {MAX_HEADERS} of {MAX_HEADER_BYTES} bytes are taken",
                req.headers().len()
            ),
        )
    } else {
        next.run(req).await
    };
    let status = resp.status();
    if status.as_u16() >= 400 && !is_json(&resp) {
        resp = jsonify(resp, &method, &a).await;
    }
    if path.starts_with("/api/") {
        resp.headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    a.metrics.request(&route, status.as_u16());
    tracing::info!(
        target: "fiw::request",
        method = %method,
        route = %route,
        status = status.as_u16(),
        game = %game.as_deref().unwrap_or("-"),
        ms = format_args!("{ms:.1}"),
    );
    resp
}

fn is_json(resp: &Response) -> bool {
    resp.headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"))
}

/// A refusal made below the routes, as JSON: its own words when it had some (one line,
/// clipped), the status's otherwise.
async fn jsonify(resp: Response, method: &axum::http::Method, a: &Answers) -> Response {
    let (mut parts, body) = resp.into_parts();
    let said = match tokio::time::timeout(Duration::from_secs(1), body.collect()).await {
        Ok(Ok(b)) => String::from_utf8_lossy(&b.to_bytes()).to_string(),
        _ => String::new(),
    };
    let said = fiw_host::one_line(&said);
    let said: String = said.chars().take(200).collect();
    let words = match parts.status {
        StatusCode::METHOD_NOT_ALLOWED => {
            format!("this route takes no {method} (docs/api.md lists the routes)")
        }
        StatusCode::REQUEST_TIMEOUT => format!(
            "the request took longer than {} s; a change it started is finished and shown all the same: ask for the game again",
            a.timeout.as_secs_f64()
        ),
        StatusCode::PAYLOAD_TOO_LARGE => format!(
            "the request's body is over {} KiB",
            crate::api::MAX_BODY >> 10
        ),
        _ if !said.is_empty() => said,
        s => s
            .canonical_reason()
            .unwrap_or("the request was refused")
            .to_lowercase(),
    };
    let body = json!({ "error": words }).to_string();
    parts.headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(body))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_game_of_a_path_is_its_id_only() {
        assert_eq!(game_of("/api/games/abc123/actions"), Some("abc123"));
        assert_eq!(game_of("/play/abc123"), Some("abc123"));
        assert_eq!(game_of("/api/games"), None);
        assert_eq!(game_of("/api/games/a%2e/x"), None);
        assert_eq!(game_of("/static/js/game.js"), None);
    }
}
