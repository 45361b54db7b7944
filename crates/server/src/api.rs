//! The JSON API (docs/api.md): every answer is JSON, every refusal a 4xx with a one-line
//! reason (and the rule, for an action the rules refuse), and nothing a client sends can make
//! the server panic or answer 500 for its own fault.

pub mod account;
mod chat;
mod lobby;
mod socket;
mod webhook;

pub use socket::{codes, Sockets};

use crate::live::{clip, requoted, Caller, Change, Failure, Games, NewGame};
use crate::store::FaultPoint;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use fiw_host::SetupFlags;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

/// The largest request body taken.
pub const MAX_BODY: usize = 64 << 10;

/// The longest action text taken: every game's actions are a few dozen characters.
pub const MAX_ACTION: usize = 200;

/// An action text over [`MAX_ACTION`], quoted clipped.
fn too_long(text: &str) -> ApiError {
    ApiError(
        StatusCode::UNPROCESSABLE_ENTITY,
        json!({
            "error": format!("an action is at most {MAX_ACTION} characters; '{}' has {}", clip(text), text.chars().count()),
            "rule": "input",
            "message": format!("an action is at most {MAX_ACTION} characters"),
        }),
    )
}

/// The longest a request may take (a computer seat thinks on its own time, not a request's).
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// The server's shared state.
#[derive(Clone)]
pub struct App {
    /// The games.
    pub games: Arc<Games>,
    /// The address links are written with (`http://127.0.0.1:8080`).
    pub public_url: String,
    /// Accounts: hashing, sessions, the limits on signing in.
    pub accounts: Arc<crate::accounts::Accounts>,
    /// Who may read `/metrics`.
    pub metrics_access: MetricsAccess,
}

/// The connection's address, when the server was started with it (the tests that call the
/// routes in-process have none).
pub struct Peer(pub Option<std::net::SocketAddr>);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for Peer {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<Self, Self::Rejection> {
        Ok(Peer(
            parts
                .extensions
                .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
                .map(|c| c.0),
        ))
    }
}

/// Who may read `GET /metrics`: requests from these addresses, or with this bearer token.
#[derive(Clone, Debug, Default)]
pub struct MetricsAccess {
    /// Addresses allowed (e.g. 127.0.0.1 for a Prometheus on the same machine).
    pub from: Vec<std::net::IpAddr>,
    /// A token allowed from anywhere (`Authorization: Bearer …`).
    pub token: Option<String>,
}

impl App {
    /// The client's address: the connection's, or behind a proxy the last address of
    /// `X-Forwarded-For`.
    pub fn client_address(
        &self,
        headers: &HeaderMap,
        peer: Option<std::net::SocketAddr>,
    ) -> Option<std::net::IpAddr> {
        if self.games.bounds().behind_proxy {
            let forwarded = headers.get("x-forwarded-for")?.to_str().ok()?;
            return forwarded.rsplit(',').next()?.trim().parse().ok();
        }
        peer.map(|p| p.ip())
    }
}

/// The API's routes.
pub fn routes(app: App) -> Router {
    Router::new()
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(view))
        .route("/api/games/{id}/actions", post(act))
        .route("/api/games/{id}/check", post(check))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/save", get(save))
        .route("/api/games/{id}/hint", get(hint))
        .route("/api/games/{id}/notes", axum::routing::put(notes))
        .route("/api/games/{id}/chat", post(chat::say))
        .route("/api/games/{id}/chat/mute", axum::routing::put(chat::mute))
        .route("/api/games/{id}/chat/report", post(chat::report))
        .route("/api/games/{id}/rematch", post(rematch))
        .route("/api/games/{id}/invitation", get(invitation))
        .route("/api/games/{id}/claim", post(claim))
        .route("/api/games/{id}/device", post(device))
        .route("/api/games/{id}/replay", get(replay))
        .route("/api/games/{id}/ws", get(socket::socket))
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics))
        .route(
            "/api/account",
            get(account::show)
                .post(account::sign_up)
                .put(account::change)
                .delete(account::delete),
        )
        .route(
            "/api/account/session",
            get(account::session_state)
                .post(account::sign_in)
                .delete(account::sign_out),
        )
        .route("/api/account/verify", post(account::verify))
        .route("/api/account/reset", post(account::forgotten))
        .route("/api/account/reset/confirm", post(account::reset))
        .route("/api/unsubscribe", post(account::unsubscribe))
        .route("/api/lobby", get(lobby::list).post(lobby::post))
        .route("/api/lobby/{id}/take", post(lobby::take))
        .route("/api/lobby/ws", get(lobby::socket))
        .route(
            "/api/games/{id}/webhook",
            get(webhook::show).put(webhook::set).delete(webhook::remove),
        )
        .merge(crate::web::routes())
        .fallback(unknown)
        .route_layer(axum::middleware::from_fn_with_state(
            app.clone(),
            account::csrf,
        ))
        .with_state(app)
}

/// A refusal as the API sends it.
pub struct ApiError(StatusCode, Value);

impl ApiError {
    fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError(status, json!({ "error": message.into() }))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(self.1)).into_response()
    }
}

/// A refusal as the API answers it: the rule, the sentence, the sections the sentence cites
/// (`[from, to, section]` in UTF-16 units, for a page to link), and `error` (the two in one line).
fn refused(r: &fiw_host::hosted::Refusal) -> serde_json::Value {
    json!({ "error": r.to_string(), "rule": r.rule, "message": r.message, "cites": r.cites })
}

/// A refusal as `…/check` answers it: with `"legal": false`.
fn checked(mut refusal: serde_json::Value) -> serde_json::Value {
    refusal["legal"] = json!(false);
    refusal
}

impl From<Failure> for ApiError {
    fn from(f: Failure) -> Self {
        match f {
            Failure::NotFound => ApiError::new(StatusCode::NOT_FOUND, "no such game"),
            Failure::Forbidden(m) => ApiError::new(StatusCode::FORBIDDEN, m),
            Failure::Refused(r) => ApiError(StatusCode::UNPROCESSABLE_ENTITY, refused(&r)),
            Failure::Quoting(r, text) => {
                // the refusal quotes the action a few dozen characters long, never whole
                ApiError(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    refused(&requoted(r, &text)),
                )
            }
            Failure::Stale(shown) => ApiError(
                StatusCode::CONFLICT,
                json!({
                    "error": format!("the game has moved on to version {}: here is the fresh view", shown.version),
                    "fresh": *shown,
                }),
            ),
            Failure::Unreadable(m) => ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, m),
            Failure::Taken(t) => ApiError(
                StatusCode::CONFLICT,
                json!({ "error": t.words(), "taken": t }),
            ),
            Failure::Gone(m) => ApiError::new(StatusCode::GONE, m),
            Failure::Busy(m) => ApiError::new(StatusCode::TOO_MANY_REQUESTS, m),
            Failure::Internal(m) => {
                tracing::error!("{m}");
                ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "the server could not do that now; nothing was changed",
                )
            }
        }
    }
}

/// A JSON body, or the reason it is not one, in one line.
fn body<T>(b: Result<Json<T>, JsonRejection>) -> Result<T, ApiError> {
    b.map(|Json(t)| t).map_err(|e| {
        let status = match e.status() {
            s if s.is_client_error() && s != StatusCode::UNPROCESSABLE_ENTITY => s,
            // a body of the wrong shape is a bad request; 422 is kept for what the rules refuse
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError::new(status, fiw_host::one_line(&e.body_text()))
    })
}

/// Query parameters, or the reason they are not, in one line.
fn query<T>(q: Result<Query<T>, QueryRejection>) -> Result<T, ApiError> {
    q.map(|Query(t)| t)
        .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, fiw_host::one_line(&e.body_text())))
}

/// The link of a seat (or the spectators) of game `id`: the token after `#`, which no request
/// carries to a server.
fn link(app: &App, id: &str, token: &str) -> String {
    format!("{}/play/{id}#{token}", app.public_url)
}

/// The link of an invitation (or a device code) of game `id`: a page that takes the seat on a
/// click, never on opening (link previews and mail scanners open links).
fn join_link(app: &App, id: &str, token: &str) -> String {
    format!("{}/join/{id}#{token}", app.public_url)
}

/// `{SEAT: {"token", "link"}}` of `(seat, token)` pairs, with links made by `make`.
fn linked(
    pairs: &[(String, String)],
    make: impl Fn(&str) -> String,
) -> serde_json::Map<String, Value> {
    pairs
        .iter()
        .map(|(seat, token)| (seat.clone(), json!({ "token": token, "link": make(token) })))
        .collect()
}

/// The bearer token of a request, if any (the rate limits count by it too).
pub(crate) fn token(headers: &HeaderMap) -> Option<&str> {
    headers
        .get("authorization")?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
        .map(str::trim)
}

async fn caller(app: &App, id: &str, headers: &HeaderMap) -> Result<Caller, ApiError> {
    check_id(id)?;
    if token(headers).is_none() {
        // a seat held by an account: its session is the credential, on any device
        if let Some(a) = account::signed_in(app, headers).await? {
            return Ok(app.games.caller_account(id, &a.id).await?);
        }
    }
    Ok(app.games.caller(id, token(headers)).await?)
}

fn check_id(id: &str) -> Result<(), ApiError> {
    if id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(ApiError::new(StatusCode::NOT_FOUND, "no such game"));
    }
    Ok(())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Create {
    game: String,
    #[serde(default)]
    setup: Setup,
    #[serde(default)]
    players: HashMap<String, String>,
    /// The creator's seat (by default the first one a person plays).
    #[serde(default)]
    seat: Option<String>,
    /// Both sides on the creator's screen.
    #[serde(default)]
    hot_seat: bool,
    /// The creator's name.
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    hints: bool,
    /// The time control: `{"days": D, "increment": I, "cap": C}` (live::pace).
    #[serde(default)]
    pace: Option<crate::live::pace::Pace>,
    /// Invitations addressed to accounts, by seat: only the account named takes the seat.
    #[serde(default)]
    invite: HashMap<String, String>,
}

/// The set-up choices a client may give: a D3 scenario by name only (the server reads no
/// files for a client).
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Setup {
    #[serde(default)]
    solitaire_setup: bool,
    side: Option<String>,
    scenario: Option<String>,
    #[serde(default)]
    open: bool,
    /// The campaign for two players (C11).
    #[serde(default)]
    two_players: bool,
}

async fn create(
    State(app): State<App>,
    headers: HeaderMap,
    Peer(peer): Peer,
    b: Result<Json<Create>, JsonRejection>,
) -> Result<impl IntoResponse, ApiError> {
    let c = body(b)?;
    if let Some(s) = &c.setup.scenario {
        if s.contains('/') || s.contains('\\') || s.contains('.') {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!("scenario '{}': name a scenario the server knows", clip(s)),
            ));
        }
    }
    let new = NewGame {
        game: c.game,
        setup: SetupFlags {
            solitaire_setup: c.setup.solitaire_setup,
            side: c.setup.side,
            scenario: c.setup.scenario,
            open: c.setup.open,
            two_players: c.setup.two_players,
        },
        players: c.players,
        seat: c.seat,
        hot_seat: c.hot_seat,
        name: c.name,
        hints: c.hints,
        pace: c.pace,
        address: app.client_address(&headers, peer),
        account: None,
        invite: HashMap::new(),
    };
    let mut new = new;
    for (seat, name) in c.invite.iter().take(8) {
        let found = app
            .accounts
            .store()
            .account_named(name.trim())
            .await
            .map_err(Failure::from)?
            .filter(|a| a.deleted.is_none());
        let Some(a) = found else {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!(
                    "invite.{}: no account is named '{}'",
                    clip(seat),
                    clip(name)
                ),
            ));
        };
        new.invite.insert(seat.clone(), a.id);
    }
    if let Some(a) = account::signed_in(&app, &headers).await? {
        new.name = new.name.or(Some(a.name.clone()));
        new.account = Some(a.id);
    }
    let made = app.games.create(new).await?;
    let seats = linked(&made.seats, |t| link(&app, &made.id, t));
    let invitations = linked(&made.invitations, |t| join_link(&app, &made.id, t));
    // the creator's page: their seat, or every seat in a hot seat (tokens joined by '+')
    let mine: Vec<&str> = made.seats.iter().map(|(_, t)| t.as_str()).collect();
    let page = (!mine.is_empty()).then(|| link(&app, &made.id, &mine.join("+")));
    Ok((
        StatusCode::CREATED,
        Json(json!({
            "id": made.id,
            "seats": seats,
            "invitations": invitations,
            "hot_seat": made.hot_seat,
            "link": page,
            "spectator": { "token": made.spectator, "link": link(&app, &made.id, &made.spectator) },
        })),
    ))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Since {
    #[serde(default)]
    since: usize,
    /// The chat lines of its room the page has.
    #[serde(default)]
    chat_since: usize,
}

async fn view(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    q: Result<Query<Since>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let q = query(q)?;
    let who = caller(&app, &id, &headers).await?;
    let shown = app
        .games
        .show_with_chat(&id, who, q.since, q.chat_since)
        .await?;
    Ok(Json(serde_json::to_value(shown).unwrap_or(Value::Null)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Act {
    version: u64,
    /// The log lines the page has: the answer brings only the later ones.
    #[serde(default)]
    since: usize,
    action: Option<String>,
    index: Option<usize>,
}

async fn act(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    b: Result<Json<Act>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let a = body(b)?;
    let who = caller(&app, &id, &headers).await?;
    if let Some(text) = &a.action {
        if text.chars().count() > MAX_ACTION {
            return Err(too_long(text));
        }
    }
    let change =
        match (a.action, a.index) {
            (Some(text), None) => Change::Action(text),
            (None, Some(i)) => Change::Index(i),
            _ => return Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                "give the action as \"action\" (its text) or \"index\" (its number), one of them",
            )),
        };
    let shown = app
        .games
        .change(&id, who, a.version, a.since, change)
        .await?;
    app.games.fault(FaultPoint::Answer, &id).await?;
    Ok(Json(serde_json::to_value(shown).unwrap_or(Value::Null)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Check {
    action: String,
}

async fn check(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    b: Result<Json<Check>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let c = body(b)?;
    let who = caller(&app, &id, &headers).await?;
    if c.action.chars().count() > MAX_ACTION {
        return Err(too_long(&c.action));
    }
    match app.games.check(&id, who, &c.action).await {
        Ok(()) => Ok(Json(json!({ "legal": true }))),
        Err(Failure::Refused(r)) => Ok(Json(checked(refused(&r)))),
        Err(Failure::Quoting(r, text)) => Ok(Json(checked(refused(&requoted(r, &text))))),
        Err(f) => Err(f.into()),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Versioned {
    version: u64,
    #[serde(default)]
    since: usize,
}

async fn undo(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    b: Result<Json<Versioned>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    versioned(&app, &id, &headers, b, Change::Undo).await
}

async fn resign(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    b: Result<Json<Versioned>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    versioned(&app, &id, &headers, b, Change::Resign).await
}

/// A change that carries nothing but the version it was decided at (undo, resign): made by
/// the caller's seat, answered with its view.
async fn versioned(
    app: &App,
    id: &str,
    headers: &HeaderMap,
    b: Result<Json<Versioned>, JsonRejection>,
    change: Change,
) -> Result<Json<Value>, ApiError> {
    let v = body(b)?;
    let who = caller(app, id, headers).await?;
    let shown = app
        .games
        .change(id, who, v.version, v.since, change)
        .await?;
    app.games.fault(FaultPoint::Answer, id).await?;
    Ok(Json(serde_json::to_value(shown).unwrap_or(Value::Null)))
}

async fn hint(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let who = caller(&app, &id, &headers).await?;
    let hint = app.games.hint(&id, who).await?;
    Ok(Json(serde_json::to_value(hint).unwrap_or(Value::Null)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Notes {
    text: String,
}

async fn notes(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    b: Result<Json<Notes>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let n = body(b)?;
    let who = caller(&app, &id, &headers).await?;
    app.games.set_notes(&id, who, n.text).await?;
    Ok(Json(json!({ "saved": true })))
}

async fn rematch(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let who = caller(&app, &id, &headers).await?;
    let r = app.games.rematch(&id, who).await?;
    let page = match r.seats.is_empty() {
        true => link(&app, &r.id, &r.token),
        false => {
            let all: Vec<&str> = r.seats.iter().map(|(_, t)| t.as_str()).collect();
            link(&app, &r.id, &all.join("+"))
        }
    };
    Ok(Json(json!({
        "id": r.id,
        "seat": r.seat,
        "token": r.token,
        "link": page,
        "seats": linked(&r.seats, |t| link(&app, &r.id, t)),
        "invitations": linked(&r.invitations, |t| join_link(&app, &r.id, t)),
        "spectator": { "token": r.spectator, "link": link(&app, &r.id, &r.spectator) },
    })))
}

/// An invitation (or a device code) as its page shows it: the game's set-up, who holds
/// each seat, and whether it was taken (by whom, when).
async fn invitation(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    check_id(&id)?;
    let t = token(&headers).ok_or_else(|| {
        ApiError::new(
            StatusCode::FORBIDDEN,
            "this needs the invitation's token in an Authorization: Bearer header",
        )
    })?;
    let i = app.games.invitation(&id, t).await?;
    Ok(Json(serde_json::to_value(i).unwrap_or(Value::Null)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Claiming {
    /// The name the seat is taken under (none: anonymous).
    #[serde(default)]
    name: Option<String>,
    /// The links of this game the browser holds already (one browser takes one seat).
    #[serde(default)]
    held: Vec<String>,
}

/// Takes the invitation's seat (or adds a device with its code): once, on a click.
async fn claim(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    b: Result<Json<Claiming>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let c = body(b)?;
    check_id(&id)?;
    let t = token(&headers).ok_or_else(|| {
        ApiError::new(
            StatusCode::FORBIDDEN,
            "this needs the invitation's token in an Authorization: Bearer header",
        )
    })?;
    // a signed-in player takes the seat as their account (a device code adds a device only)
    let account = account::signed_in(&app, &headers).await?;
    let claim = app.games.claim(&id, t, c.name, c.held, account).await?;
    Ok(Json(json!({
        "id": claim.id,
        "seat": claim.seat,
        "token": claim.token,
        "link": link(&app, &claim.id, &claim.token),
    })))
}

/// A one-time code adding another device of the seat's holder, shown on their page only.
async fn device(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let who = caller(&app, &id, &headers).await?;
    let code = app.games.device_code(&id, who).await?;
    Ok(Json(json!({
        "code": code.code,
        "expires": code.expires,
        "link": join_link(&app, &id, &code.code),
    })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Step {
    step: Option<u64>,
    seat: Option<String>,
}

async fn replay(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    q: Result<Query<Step>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let q = query(q)?;
    let who = caller(&app, &id, &headers).await?;
    let r = app
        .games
        .replay(&id, who, q.step, q.seat.as_deref())
        .await?;
    Ok(Json(serde_json::to_value(r).unwrap_or(Value::Null)))
}

async fn save(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    caller(&app, &id, &headers).await?;
    let text = app.games.save(&id).await?;
    Ok(([("content-type", "application/json")], text).into_response())
}

/// `GET /healthz`: 200 when the database answers and takes a write, 503 (with the reason)
/// when it does not.
async fn healthz(State(app): State<App>) -> Response {
    match app.games.healthy().await {
        Ok(()) => Json(json!({ "ok": true })).into_response(),
        Err(e) => {
            tracing::error!("health check: {e}");
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!("the database cannot be written: {e}"),
            )
            .into_response()
        }
    }
}

/// `GET /metrics`: the server's counts in Prometheus's text format, for the addresses and
/// the token the operator configured only.
async fn metrics(State(app): State<App>, headers: HeaderMap, Peer(peer): Peer) -> Response {
    let access = &app.metrics_access;
    let by_address = peer.is_some_and(|p| access.from.contains(&p.ip()));
    let by_token = match (&access.token, token(&headers)) {
        (Some(want), Some(given)) => crate::tokens::matches(given, &crate::tokens::hash(want)),
        _ => false,
    };
    if !(by_address || by_token) {
        return ApiError::new(
            StatusCode::FORBIDDEN,
            "the metrics are for the server's operator: from the addresses of --metrics-from, or with the token of --metrics-token",
        )
        .into_response();
    }
    (
        [("content-type", "text/plain; version=0.0.4")],
        app.games.metrics().render(),
    )
        .into_response()
}

async fn unknown() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "no such route (the API is under /api/games)",
    )
}
