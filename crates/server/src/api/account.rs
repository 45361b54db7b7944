//! The account routes (docs/api.md, "Accounts"): sign up, sign in and out, the account's own
//! page (its address, notices, ratings, games), its password, its address verified by a
//! mailed link, a password reset by mail, deletion, and the one-click unsubscribe of mails.
//! A session is a cookie; every state-changing request that carries it must come from this
//! site (`Origin`), besides the cookie's SameSite=Lax.

use super::{body, ApiError, App, Peer};
use crate::accounts::{self, check_account_name, check_email, check_password, COOKIE};
use crate::live::Failure;
use crate::store::AccountRow;
use crate::tokens;
use axum::extract::rejection::JsonRejection;
use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

/// The session token a request's cookie carries, if any.
pub fn session_token(headers: &HeaderMap) -> Option<&str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|c| c.trim().split_once('='))
        .find(|(k, _)| *k == COOKIE)
        .map(|(_, v)| v.trim())
        .filter(|v| v.len() == 64 && v.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// Refuses a state-changing request that carries a session cookie but comes from another
/// site: its `Origin` must be this server's (the public URL's, or the host it was asked as).
pub fn same_site(app: &App, method: &Method, headers: &HeaderMap) -> Result<(), ApiError> {
    if matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
        || session_token(headers).is_none()
    {
        return Ok(());
    }
    let origin = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok());
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
    let public = app.public_url.trim_end_matches('/');
    let ok = origin.is_some_and(|o| {
        o == public
            || host.is_some_and(|h| o == format!("http://{h}") || o == format!("https://{h}"))
    });
    if ok {
        Ok(())
    } else {
        Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "a request with this site's session must come from this site's pages",
        ))
    }
}

/// The middleware, on every route: a state-changing request with a session cookie must come
/// from this site. The handlers rely on it and do not check again.
pub async fn csrf(
    State(app): State<App>,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    match same_site(&app, req.method(), req.headers()) {
        Ok(()) => next.run(req).await,
        Err(e) => e.into_response(),
    }
}

/// The account signed in on this request, if any.
///
/// # Errors
/// Storage.
pub async fn signed_in(app: &App, headers: &HeaderMap) -> Result<Option<AccountRow>, ApiError> {
    match session_token(headers) {
        None => Ok(None),
        Some(t) => Ok(app.accounts.signed_in(t, app.games.clock_ms()).await?),
    }
}

/// The account signed in, or a 401 saying so.
async fn me(app: &App, headers: &HeaderMap) -> Result<AccountRow, ApiError> {
    signed_in(app, headers).await?.ok_or_else(|| {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "this needs you signed in: POST /api/account/session",
        )
    })
}

fn cookie(app: &App, token: &str, max_age_s: i64) -> HeaderValue {
    let secure = if app.public_url.starts_with("https://") {
        "; Secure"
    } else {
        ""
    };
    HeaderValue::from_str(&format!(
        "{COOKIE}={token}; HttpOnly; SameSite=Lax; Path=/; Max-Age={max_age_s}{secure}"
    ))
    .unwrap_or_else(|_| HeaderValue::from_static(""))
}

/// What the account's owner is shown of it (its address included: to its owner only).
async fn own(app: &App, a: &AccountRow) -> Result<Value, ApiError> {
    let ratings = app
        .accounts
        .store()
        .ratings(&a.id)
        .await
        .map_err(Failure::from)?;
    let games = app.games.games_of_account(&a.id).await?;
    Ok(json!({
        "name": a.name,
        "email": a.email,
        "email_verified": a.email_verified.is_some(),
        "notices": a.notices,
        "digest_hour": a.digest_hour,
        "created": a.created,
        "ratings": ratings.iter().map(|r| json!({
            "game": r.game, "rating": r.rating.round(), "deviation": r.deviation.round(), "games": r.games,
        })).collect::<Vec<_>>(),
        "games": games,
    }))
}

/// A sign-up: name, password, and an address if any.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SignUp {
    name: String,
    password: String,
    #[serde(default)]
    email: Option<String>,
}

/// `POST /api/account`: a new account, signed in at once.
pub async fn sign_up(
    State(app): State<App>,
    headers: HeaderMap,
    Peer(peer): Peer,
    b: Result<Json<SignUp>, JsonRejection>,
) -> Result<Response, ApiError> {
    let s = body(b)?;
    let name = check_account_name(&s.name)?;
    check_password(&s.password)?;
    let email = match s.email.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(e) => Some(check_email(e)?),
    };
    app.accounts
        .limit(&name, app.client_address(&headers, peer))?;
    let now = app.games.clock_ms();
    let account = AccountRow {
        id: tokens::new_id().map_err(Failure::Internal)?,
        name: name.clone(),
        password: app.accounts.hash(&s.password).await?,
        email: email.clone(),
        email_verified: None,
        notices: "turn".into(),
        digest_hour: 18,
        last_digest: None,
        unsubscribe: tokens::new_token().map_err(Failure::Internal)?,
        created: now,
        suspended: None,
        suspended_reason: None,
        deleted: None,
    };
    if !app
        .accounts
        .store()
        .create_account(&account)
        .await
        .map_err(Failure::from)?
    {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            format!("the name '{name}' is taken: choose another"),
        ));
    }
    if let Some(e) = &email {
        app.games.send_verification(&account, e).await?;
    }
    let token = app.accounts.open_session(&account.id, now).await?;
    let mut resp = (StatusCode::CREATED, Json(own(&app, &account).await?)).into_response();
    resp.headers_mut().insert(
        header::SET_COOKIE,
        cookie(&app, &token, accounts::SESSION_MS / 1000),
    );
    Ok(resp)
}

/// A sign-in.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SignIn {
    name: String,
    password: String,
}

/// `POST /api/account/session`: signs in.
pub async fn sign_in(
    State(app): State<App>,
    headers: HeaderMap,
    Peer(peer): Peer,
    b: Result<Json<SignIn>, JsonRejection>,
) -> Result<Response, ApiError> {
    let s = body(b)?;
    app.accounts
        .limit(&s.name, app.client_address(&headers, peer))?;
    let wrong = || {
        ApiError::new(
            StatusCode::FORBIDDEN,
            "no account has that name and password",
        )
    };
    let Some(account) = app
        .accounts
        .store()
        .account_named(&s.name)
        .await
        .map_err(Failure::from)?
    else {
        // as long as a wrong password takes, so the time does not tell which names exist
        let _ = app.accounts.verify("$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", &s.password).await;
        return Err(wrong());
    };
    if !app.accounts.verify(&account.password, &s.password).await {
        return Err(wrong());
    }
    if account.deleted.is_some() {
        return Err(wrong());
    }
    if account.suspended.is_some() {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            match account.suspended_reason.as_deref().map(str::trim) {
                // one line of at most 200 characters (fiw admin suspend checks it)
                Some(r) if !r.is_empty() => {
                    format!("this account is suspended by the server's operator: {r}")
                }
                _ => "this account is suspended by the server's operator".to_string(),
            },
        ));
    }
    let token = app
        .accounts
        .open_session(&account.id, app.games.clock_ms())
        .await?;
    let mut resp = Json(own(&app, &account).await?).into_response();
    resp.headers_mut().insert(
        header::SET_COOKIE,
        cookie(&app, &token, accounts::SESSION_MS / 1000),
    );
    Ok(resp)
}

/// `DELETE /api/account/session`: signs out (this browser).
pub async fn sign_out(State(app): State<App>, headers: HeaderMap) -> Result<Response, ApiError> {
    if let Some(t) = session_token(&headers) {
        app.accounts
            .store()
            .end_sessions(Some(&tokens::hash(t)), None)
            .await
            .map_err(Failure::from)?;
    }
    let mut resp = Json(json!({ "signed_in": false })).into_response();
    resp.headers_mut()
        .insert(header::SET_COOKIE, cookie(&app, "", 0));
    Ok(resp)
}

/// `GET /api/account/session`: whether this browser is signed in, and as whom (a page asks
/// before it asks for the account, so that a visitor's page meets no 401).
pub async fn session_state(
    State(app): State<App>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(match signed_in(&app, &headers).await? {
        Some(a) => json!({ "signed_in": true, "name": a.name }),
        None => json!({ "signed_in": false }),
    }))
}

/// `GET /api/account`: the account signed in, as its owner sees it.
pub async fn show(State(app): State<App>, headers: HeaderMap) -> Result<Json<Value>, ApiError> {
    let a = me(&app, &headers).await?;
    Ok(Json(own(&app, &a).await?))
}

/// What the owner changes of an account.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Changes {
    /// The password now (needed to change the password or the address, or to delete).
    #[serde(default)]
    password: Option<String>,
    #[serde(default)]
    new_password: Option<String>,
    #[serde(default)]
    email: Option<String>,
    /// `turn`, `digest` or `off`.
    #[serde(default)]
    notices: Option<String>,
    /// 0-23, UTC.
    #[serde(default)]
    digest_hour: Option<i64>,
}

/// `PUT /api/account`: the password (with the old one), the address (with the password: a
/// verification mail goes to the new one), the notices and the digest's hour.
pub async fn change(
    State(app): State<App>,
    headers: HeaderMap,
    b: Result<Json<Changes>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let c = body(b)?;
    let mut a = me(&app, &headers).await?;
    let proven = match &c.password {
        Some(p) => app.accounts.verify(&a.password, p).await,
        None => false,
    };
    if (c.new_password.is_some() || c.email.is_some()) && !proven {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "that is not this account's password",
        ));
    }
    if let Some(p) = &c.new_password {
        check_password(p)?;
        a.password = app.accounts.hash(p).await?;
    }
    let mut verify = None;
    if let Some(e) = &c.email {
        match e.trim() {
            "" => {
                a.email = None;
                a.email_verified = None;
            }
            e => {
                let e = check_email(e)?;
                if a.email.as_deref() != Some(&e) {
                    a.email = Some(e.clone());
                    a.email_verified = None;
                    verify = Some(e);
                }
            }
        }
    }
    if let Some(n) = &c.notices {
        if !matches!(n.as_str(), "turn" | "digest" | "off") {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "notices are 'turn', 'digest' or 'off'",
            ));
        }
        a.notices = n.clone();
    }
    if let Some(h) = c.digest_hour {
        if !(0..=23).contains(&h) {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "the digest's hour is 0 to 23 (UTC)",
            ));
        }
        a.digest_hour = h;
    }
    app.accounts
        .store()
        .update_account(&a)
        .await
        .map_err(Failure::from)?;
    if let Some(e) = verify {
        app.games.send_verification(&a, &e).await?;
    }
    Ok(Json(own(&app, &a).await?))
}

/// A deletion, with the password.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deleting {
    password: String,
}

/// `DELETE /api/account`: the account is deleted (with its password); its games stay, their
/// seats under "deleted"; its sessions end and its name is free again.
pub async fn delete(
    State(app): State<App>,
    headers: HeaderMap,
    b: Result<Json<Deleting>, JsonRejection>,
) -> Result<Response, ApiError> {
    let d = body(b)?;
    let a = me(&app, &headers).await?;
    if !app.accounts.verify(&a.password, &d.password).await {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "that is not this account's password",
        ));
    }
    app.games.delete_account(&a).await?;
    let mut resp = Json(json!({ "deleted": true })).into_response();
    resp.headers_mut()
        .insert(header::SET_COOKIE, cookie(&app, "", 0));
    Ok(resp)
}

/// A mailed link's token (and, for a reset, the new password).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Token {
    token: String,
    #[serde(default)]
    password: Option<String>,
}

/// `POST /api/account/verify`: the address of a verification link is the account's.
pub async fn verify(
    State(app): State<App>,
    b: Result<Json<Token>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let t = body(b)?;
    let now = app.games.clock_ms();
    let spent = app
        .accounts
        .store()
        .spend_account_link(&tokens::hash(&t.token), "verify", now)
        .await
        .map_err(Failure::from)?;
    let Some((id, Some(email))) = spent else {
        return Err(ApiError::new(
            StatusCode::GONE,
            "this link was used already or has expired",
        ));
    };
    let Some(mut a) = app
        .accounts
        .store()
        .account(&id)
        .await
        .map_err(Failure::from)?
    else {
        return Err(ApiError::new(StatusCode::GONE, "this account is gone"));
    };
    if a.email.as_deref() == Some(email.as_str()) {
        a.email_verified = Some(now);
        app.accounts
            .store()
            .update_account(&a)
            .await
            .map_err(Failure::from)?;
    }
    Ok(Json(json!({ "verified": email })))
}

/// A forgotten password: the account's name.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Forgotten {
    name: String,
}

/// `POST /api/account/reset`: mails a reset link to the account's verified address, if it
/// has one. The answer is the same whether it has (or whether the account exists).
pub async fn forgotten(
    State(app): State<App>,
    headers: HeaderMap,
    Peer(peer): Peer,
    b: Result<Json<Forgotten>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let f = body(b)?;
    app.accounts
        .limit(&f.name, app.client_address(&headers, peer))?;
    if let Some(a) = app
        .accounts
        .store()
        .account_named(&f.name)
        .await
        .map_err(Failure::from)?
    {
        if a.email_verified.is_some() && a.deleted.is_none() && a.suspended.is_none() {
            app.games.send_reset(&a).await?;
        }
    }
    Ok(Json(json!({
        "sent": "if the account has a verified address, a link to reset its password was mailed there; it works once, within an hour"
    })))
}

/// `POST /api/account/reset/confirm`: the new password of a reset link, once.
pub async fn reset(
    State(app): State<App>,
    b: Result<Json<Token>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let t = body(b)?;
    let Some(password) = t.password else {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "give the new \"password\"",
        ));
    };
    check_password(&password)?;
    let spent = app
        .accounts
        .store()
        .spend_account_link(&tokens::hash(&t.token), "reset", app.games.clock_ms())
        .await
        .map_err(Failure::from)?;
    let Some((id, _)) = spent else {
        return Err(ApiError::new(
            StatusCode::GONE,
            "this link was used already or has expired",
        ));
    };
    let Some(mut a) = app
        .accounts
        .store()
        .account(&id)
        .await
        .map_err(Failure::from)?
    else {
        return Err(ApiError::new(StatusCode::GONE, "this account is gone"));
    };
    a.password = app.accounts.hash(&password).await?;
    app.accounts
        .store()
        .update_account(&a)
        .await
        .map_err(Failure::from)?;
    // every session that was open ends: whoever had the old password is out; the other
    // reset links mailed before this one work no more
    app.accounts
        .store()
        .end_sessions(None, Some(&a.id))
        .await
        .map_err(Failure::from)?;
    app.accounts
        .store()
        .spend_account_links(&a.id, "reset", app.games.clock_ms())
        .await
        .map_err(Failure::from)?;
    Ok(Json(json!({ "reset": true })))
}

/// The key of a mail's unsubscribe link.
#[derive(Deserialize)]
pub struct Unsubscribing {
    key: String,
}

/// `POST /api/unsubscribe?key=KEY`: a mail's one-click unsubscribe (RFC 8058): no more mail.
pub async fn unsubscribe(
    State(app): State<App>,
    q: Result<Query<Unsubscribing>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let u = super::query(q)?;
    let Some(mut a) = app
        .accounts
        .store()
        .account_by_unsubscribe(&u.key)
        .await
        .map_err(Failure::from)?
    else {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "no account has that unsubscribe link",
        ));
    };
    a.notices = "off".into();
    app.accounts
        .store()
        .update_account(&a)
        .await
        .map_err(Failure::from)?;
    Ok(Json(json!({ "notices": "off" })))
}
