//! The chat routes (docs/api.md "Chat"): a line said, a seat muted, a line reported. Lines
//! reach pages on their WebSocket and in the answer to a look (`GET /api/games/ID`).

use super::{body, caller, ApiError, App, Peer};
use crate::live::Caller;
use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Say {
    text: String,
}

/// `POST /api/games/ID/chat {"text"}`: a seat's line to the players' room, a spectator's to
/// the spectators'.
pub(super) async fn say(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Peer(peer): Peer,
    b: Result<Json<Say>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let s = body(b)?;
    let who = caller(&app, &id, &headers).await?;
    let account = super::account::signed_in(&app, &headers).await?;
    // a seat's rate is its own; the spectators share one link, so each address has its own
    let writer = match who {
        Caller::Seat(seat) => format!("seat:{seat}"),
        Caller::Spectator => match (&account, app.client_address(&headers, peer)) {
            (Some(a), _) => format!("account:{}", a.id),
            (None, Some(addr)) => format!("address:{addr}"),
            (None, None) => "spectator".into(),
        },
    };
    let signer = match who {
        Caller::Spectator => account.map(|a| (a.id, a.name)),
        Caller::Seat(_) => None,
    };
    let line = app.games.say(&id, who, writer, signer, &s.text).await?;
    Ok(Json(json!({ "said": line })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Mute {
    seat: String,
    mute: bool,
}

/// `PUT /api/games/ID/chat/mute {"seat", "mute"}`: a seat stops (or starts again) reading
/// another seat's lines.
pub(super) async fn mute(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    b: Result<Json<Mute>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let m = body(b)?;
    let who = caller(&app, &id, &headers).await?;
    app.games.mute(&id, who, &m.seat, m.mute).await?;
    Ok(Json(json!({ "seat": m.seat, "muted": m.mute })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Report {
    n: i64,
    #[serde(default)]
    why: String,
}

/// `POST /api/games/ID/chat/report {"n", "why"}`: a seat holder reports a line it reads to
/// the operator (`fiw admin reports`).
pub(super) async fn report(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    b: Result<Json<Report>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let r = body(b)?;
    let who = caller(&app, &id, &headers).await?;
    app.games.report(&id, who, r.n, &r.why).await?;
    Ok(Json(json!({ "reported": r.n })))
}
