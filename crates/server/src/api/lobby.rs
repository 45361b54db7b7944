//! The public lobby: a signed-in player posts a game as open (the game, its scenario, a side
//! or a random one, the pace, rated or not); everyone sees the open games live and takes one
//! with a click. Games made by invitation stay unlisted. A signed-in player's "My games" comes
//! with the lobby, live too, on every device.

use super::account::signed_in;
use super::{body, ApiError, App};
use crate::live::{Failure, NewGame};
use axum::extract::rejection::JsonRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::Json;
use fiw_host::SetupFlags;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::time::Duration;

/// What the lobby shows `account` (or anyone): the open games, and its own.
async fn lobby_for(
    app: &App,
    account: Option<&crate::store::AccountRow>,
) -> Result<Value, ApiError> {
    let open = app.games.open_games().await?;
    let mine = match account {
        Some(a) => Some(app.games.games_of_account(&a.id).await?),
        None => None,
    };
    Ok(json!({
        "open": open,
        "me": account.map(|a| a.name.clone()),
        "games": mine,
    }))
}

/// `GET /api/lobby`: the open games, and the signed-in player's games.
pub async fn list(State(app): State<App>, headers: HeaderMap) -> Result<Json<Value>, ApiError> {
    let a = signed_in(&app, &headers).await?;
    Ok(Json(lobby_for(&app, a.as_ref()).await?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Post {
    game: String,
    #[serde(default)]
    scenario: Option<String>,
    /// `british`, `french` or `random`.
    #[serde(default)]
    side: Option<String>,
    #[serde(default)]
    pace: Option<crate::live::pace::Pace>,
    #[serde(default)]
    rated: bool,
    #[serde(default)]
    hints: bool,
}

/// `POST /api/lobby`: a signed-in player's new game, open for anyone to take.
pub async fn post(
    State(app): State<App>,
    headers: HeaderMap,
    b: Result<Json<Post>, JsonRejection>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let p = body(b)?;
    let Some(a) = signed_in(&app, &headers).await? else {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "posting a game needs you signed in",
        ));
    };
    if !crate::live::RATED.contains(&p.game.as_str()) {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!(
                "the lobby is for games two people play: {} (solitaire is played against its BOT; a campaign posted here is the two-player campaign)",
                crate::live::RATED.join(", ")
            ),
        ));
    }
    // the campaign in the lobby is the two-player campaign (C11): the poster's seat `player`
    // commands the side chosen, the open seat `bot` the other
    let campaign = p.game == "campaign";
    if let Some(s) = &p.scenario {
        if s.contains('/') || s.contains('\\') || s.contains('.') {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "name a scenario the server knows",
            ));
        }
    }
    let side = match p.side.as_deref() {
        None | Some("random") => {
            let mut b = [0u8; 1];
            getrandom::fill(&mut b).map_err(|e| Failure::Internal(e.to_string()))?;
            if b[0] & 1 == 0 { "british" } else { "french" }.to_string()
        }
        Some(s @ ("british" | "french")) => s.to_string(),
        Some(other) => {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!(
                    "side '{}': british, french or random",
                    crate::live::clip(other)
                ),
            ))
        }
    };
    let setup = SetupFlags {
        scenario: p.scenario.clone(),
        side: campaign.then(|| side.clone()),
        two_players: campaign,
        ..SetupFlags::default()
    };
    let seat = if campaign { "player" } else { side.as_str() }.to_string();
    let new = NewGame {
        game: p.game.clone(),
        setup,
        players: HashMap::new(),
        seat: Some(seat.clone()),
        hot_seat: false,
        name: Some(a.name.clone()),
        hints: p.hints,
        pace: p.pace,
        address: None,
        account: Some(a.id.clone()),
        invite: HashMap::new(),
    };
    let made = app.games.create(new).await?;
    let open = made
        .invitations
        .first()
        .map(|(seat, _)| seat.clone())
        .ok_or_else(|| Failure::Internal("a lobby game with no seat to take".into()))?;
    let open_seat = fiw_host::hosted::seats(&p.game)
        .ok()
        .and_then(|seats| seats.iter().position(|s| *s == open))
        .ok_or_else(|| Failure::Internal(format!("a lobby game with no seat {open}")))?;
    app.games
        .post_open(&made.id, &a.id, open_seat, p.rated)
        .await?;
    app.games.lobby_changed();
    Ok((
        StatusCode::CREATED,
        Json(json!({
            "id": made.id,
            "seat": seat,
            "side": side,
            "open": open,
            "link": format!("{}/play/{}", app.public_url, made.id),
        })),
    ))
}

/// `POST /api/lobby/ID/take`: takes an open game's seat, for the signed-in player.
pub async fn take(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    super::check_id(&id)?;
    let Some(a) = signed_in(&app, &headers).await? else {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "taking a game needs you signed in",
        ));
    };
    let (seat, token) = app.games.take_open(&id, &a).await?;
    app.games.lobby_changed();
    Ok(Json(json!({
        "id": id,
        "seat": seat,
        "token": token,
        "link": format!("{}/play/{id}", app.public_url),
    })))
}

/// `GET /api/lobby/ws`: the lobby kept up to date (the open games; the signed-in player's own
/// too), sent again whenever it changes, at most twice a second.
pub async fn socket(
    State(app): State<App>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let account = signed_in(&app, &headers).await?;
    Ok(ws
        .max_message_size(1 << 10)
        .read_buffer_size(4 << 10)
        .write_buffer_size(0)
        .on_upgrade(move |socket| watch(app, account, socket)))
}

async fn watch(app: App, account: Option<crate::store::AccountRow>, mut socket: WebSocket) {
    let mut changes = app.games.lobby_changes();
    let mut stop = app.games.stopping();
    let metrics = app.games.metrics();
    let _open = crate::metrics::Held::new(&metrics.sockets);
    let mut last = String::new();
    loop {
        let Ok(lobby) = lobby_for(&app, account.as_ref()).await else {
            return;
        };
        let text = lobby.to_string();
        if text != last {
            if socket
                .send(Message::Text(text.clone().into()))
                .await
                .is_err()
            {
                return;
            }
            last = text;
        }
        // the clocks of "My games" move without a change: a look every half minute; what the
        // page sends costs nothing
        let wake = tokio::time::sleep(Duration::from_secs(30));
        tokio::pin!(wake);
        loop {
            tokio::select! {
                c = changes.recv() => {
                    if matches!(c, Err(tokio::sync::broadcast::error::RecvError::Closed)) {
                        return;
                    }
                    tokio::time::sleep(Duration::from_millis(500)).await;
                    while changes.try_recv().is_ok() {}
                    break;
                }
                m = socket.recv() => match m {
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    _ => continue,
                },
                _ = &mut wake => break,
                _ = crate::connections::stopped(&mut stop) => return,
            }
        }
    }
}
