//! A seat's webhook: `PUT /api/games/ID/webhook {"url": …, "format": "fiw"|"discord"}`
//! registers it (the format by default Discord's for a Discord webhook's address, fiw's own
//! JSON otherwise), `GET` shows it with its format and how its last delivery went, `DELETE`
//! removes it; each with the seat's own credential, so no one else sees its address or its
//! errors.

use super::{body, caller, ApiError, App};
use crate::store::WebhookRow;
use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Hook {
    url: String,
    /// `fiw` or `discord`; none: by the address.
    #[serde(default)]
    format: Option<String>,
}

fn shown(row: Option<WebhookRow>) -> Json<Value> {
    Json(match row {
        Some(r) => serde_json::to_value(r).unwrap_or(Value::Null),
        None => json!({ "url": null }),
    })
}

pub(super) async fn set(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    b: Result<Json<Hook>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let h = body(b)?;
    let who = caller(&app, &id, &headers).await?;
    let row = app
        .games
        .set_webhook(&id, who, &h.url, h.format.as_deref())
        .await?;
    Ok(shown(Some(row)))
}

pub(super) async fn show(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let who = caller(&app, &id, &headers).await?;
    Ok(shown(app.games.webhook(&id, who).await?))
}

pub(super) async fn remove(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let who = caller(&app, &id, &headers).await?;
    let had = app.games.delete_webhook(&id, who).await?;
    Ok(Json(json!({ "url": null, "removed": had })))
}
