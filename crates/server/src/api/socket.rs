//! A page kept up to date by its WebSocket, within bounds: so many sockets per game, per seat
//! credential and per address (past a cap the socket is closed with a code the page shows
//! instead of connecting again in a loop); a ping from the server every so often and a close
//! when the page has sent nothing for longer; frames over a rate close the socket. A view is
//! built only when the game moves on or the page asks for a resync (a message of its own,
//! rate-limited): a page's other frames cost nothing.
//!
//! Close codes (docs/api.md): 1001 the server is going away (connect again); 4000 the page sent
//! nothing for too long (connect again); 4001 too many open pages for this game, 4002 for this
//! seat, 4003 from this address, 1008 too many messages or, for a page open as an account, its
//! session ended (signed out, suspended, deleted; looked at with each ping) (each shown, no
//! reconnecting).

use super::{check_id, ApiError, App, Peer};
use crate::live::{describe, Shown};
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::net::IpAddr;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The close codes a page reads.
pub mod codes {
    /// The page sent nothing, not even a pong, for too long: it may connect again.
    pub const IDLE: u16 = 4000;
    /// Too many open pages for this game.
    pub const GAME: u16 = 4001;
    /// Too many open pages for this seat.
    pub const SEAT: u16 = 4002;
    /// Too many open pages from this address.
    pub const ADDRESS: u16 = 4003;
    /// Too many messages (the standard policy violation); the account's session ended.
    pub const FRAMES: u16 = 1008;
    /// A page open as an account whose session has ended: the same code, a page does not
    /// connect again (it signs in).
    pub const SIGNED_OUT: u16 = 1008;
    /// The server is going away.
    pub const AWAY: u16 = 1001;
}

/// The sockets open now, by game, by credential and by address.
#[derive(Default)]
pub struct Sockets {
    counts: Mutex<(
        HashMap<String, usize>,
        HashMap<String, usize>,
        HashMap<IpAddr, usize>,
    )>,
}

/// One socket counted for as long as it lives.
pub struct Counted {
    sockets: Arc<Sockets>,
    game: String,
    credential: String,
    address: Option<IpAddr>,
}

impl Drop for Counted {
    fn drop(&mut self) {
        if let Ok(mut c) = self.sockets.counts.lock() {
            let (games, creds, addrs) = &mut *c;
            fn down<K: Eq + Hash>(m: &mut HashMap<K, usize>, k: &K) {
                if let Some(n) = m.get_mut(k) {
                    *n -= 1;
                    if *n == 0 {
                        m.remove(k);
                    }
                }
            }
            down(games, &self.game);
            down(creds, &self.credential);
            if let Some(a) = &self.address {
                down(addrs, a);
            }
        }
    }
}

impl Sockets {
    /// The sockets open with `credential` (for an account's pages, `GAME/account:ID`).
    pub fn open_on(&self, credential: &str) -> usize {
        self.counts
            .lock()
            .map(|c| c.1.get(credential).copied().unwrap_or(0))
            .unwrap_or(0)
    }

    /// Counts a socket of `game` with `credential` (its hash) from `address`, unless a cap is
    /// reached: then the close code and the words.
    fn admit(
        self: &Arc<Self>,
        game: &str,
        credential: &str,
        address: Option<IpAddr>,
        bounds: &crate::bounds::Bounds,
    ) -> Result<Counted, (u16, String)> {
        let mut c = self
            .counts
            .lock()
            .map_err(|_| (codes::GAME, "the server cannot count sockets".to_string()))?;
        let (games, creds, addrs) = &mut *c;
        if games.get(game).copied().unwrap_or(0) >= bounds.sockets_per_game {
            return Err((
                codes::GAME,
                format!(
                    "too many open pages for this game ({})",
                    bounds.sockets_per_game
                ),
            ));
        }
        if creds.get(credential).copied().unwrap_or(0) >= bounds.sockets_per_credential {
            return Err((
                codes::SEAT,
                format!(
                    "too many open pages for this seat ({}): close some of its tabs",
                    bounds.sockets_per_credential
                ),
            ));
        }
        if let Some(a) = address {
            if addrs.get(&a).copied().unwrap_or(0) >= bounds.sockets_per_address {
                return Err((
                    codes::ADDRESS,
                    format!(
                        "too many open pages from your address ({})",
                        bounds.sockets_per_address
                    ),
                ));
            }
            *addrs.entry(a).or_default() += 1;
        }
        *games.entry(game.to_string()).or_default() += 1;
        *creds.entry(credential.to_string()).or_default() += 1;
        Ok(Counted {
            sockets: self.clone(),
            game: game.to_string(),
            credential: credential.to_string(),
            address,
        })
    }
}

/// A page kept up to date: the client's first message is `{"token": …, "version": N}` (the
/// token is not put in the URL, which logs keep); the server answers with the fresh view when
/// N is behind, then sends `{version, …view}` whenever the game moves on, and again on a
/// `{"resync": N}` from a page that thinks it missed something.
pub async fn socket(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Peer(peer): Peer,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    check_id(&id)?;
    let address = app.client_address(&headers, peer);
    // a seat held by an account: the session the upgrade carries is its credential
    let account = super::account::signed_in(&app, &headers)
        .await?
        .map(|a| a.id);
    let session = super::account::session_token(&headers).map(str::to_string);
    Ok(ws
        .max_message_size(4 << 10)
        .max_frame_size(4 << 10)
        .read_buffer_size(4 << 10)
        .write_buffer_size(0)
        .on_upgrade(move |socket| watch(app, id, address, account, session, socket)))
}

#[derive(Deserialize)]
struct Hello {
    /// A seat's or the spectators' link; none for a seat held by the account signed in.
    #[serde(default)]
    token: Option<String>,
    #[serde(default)]
    version: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Resync {
    resync: Option<u64>,
}

async fn close(socket: &mut WebSocket, code: u16, words: &str) {
    let _ = socket
        .send(Message::Close(Some(CloseFrame {
            code,
            reason: Utf8Bytes::from(words.chars().take(100).collect::<String>()),
        })))
        .await;
}

async fn watch(
    app: App,
    id: String,
    address: Option<IpAddr>,
    account: Option<String>,
    session: Option<String>,
    mut socket: WebSocket,
) {
    let bounds = app.games.bounds().clone();
    let metrics = app.games.metrics();
    let hello = match tokio::time::timeout(Duration::from_secs(10), socket.recv()).await {
        Ok(Some(Ok(Message::Text(t)))) => serde_json::from_str::<Hello>(&t).ok(),
        _ => None,
    };
    let Some(hello) = hello else {
        let _ = socket
            .send(Message::Text(
                json!({"error": "the first message must be {\"token\": …, \"version\": N}"})
                    .to_string()
                    .into(),
            ))
            .await;
        return;
    };
    let token = hello.token.filter(|t| !t.is_empty());
    let found = match (&token, &account) {
        (None, Some(a)) => app.games.caller_account(&id, a).await,
        _ => app.games.caller(&id, token.as_deref()).await,
    };
    let who = match found {
        Ok(w) => w,
        Err(f) => {
            let _ = socket
                .send(Message::Text(
                    json!({ "error": describe(&f) }).to_string().into(),
                ))
                .await;
            return;
        }
    };
    // a page open as the account holds its session: looked at again with each ping
    let session = match (&token, &account) {
        (None, Some(_)) => session,
        _ => None,
    };
    // pages are counted by the credential they hold: a link, or an account on this game
    let credential = match (&token, &account) {
        (Some(t), _) => crate::tokens::hash(t),
        (None, Some(a)) => format!("{id}/account:{a}"),
        (None, None) => String::new(),
    };
    let sockets = app.games.sockets();
    let _counted = match sockets.admit(&id, &credential, address, &bounds) {
        Ok(c) => c,
        Err((code, words)) => {
            metrics.sockets_refused.fetch_add(1, Ordering::Relaxed);
            close(&mut socket, code, &words).await;
            return;
        }
    };
    let _open = crate::metrics::Held::new(&metrics.sockets);
    let Ok(mut events) = app.games.subscribe(&id).await else {
        return;
    };
    let mut stop = app.games.stopping();
    let mut seen = hello.version;
    // the log lines the page has; a page that connects has none from this socket
    let mut lines = 0;
    // the chat lines of its room it has, and the room (which opens to all at the end)
    let mut chat_lines = 0;
    let mut chat_room: Option<&'static str> = None;
    // what the page was last sent, besides the log, as a hash: notes and a rematch change
    // no version, and a socket keeps no copy of a view
    let mut last: Option<u64> = None;
    let mut show = true;
    let mut heard = Instant::now();
    let mut last_resync = Instant::now() - bounds.resync_every;
    let mut bucket = Bucket::new(bounds.frames_per_second);
    let mut ping = tokio::time::interval(bounds.socket_ping);
    ping.tick().await;
    loop {
        if show {
            show = false;
            let Ok(mut shown) = app.games.show_with_chat(&id, who, lines, chat_lines).await else {
                return;
            };
            let room = shown.chat.as_ref().map(|c| c.room);
            if chat_room.is_some() && room != chat_room {
                // the game is over: every room is open, numbered afresh
                let Ok(again) = app.games.show_with_chat(&id, who, lines, 0).await else {
                    return;
                };
                shown = again;
            }
            metrics.socket_views.fetch_add(1, Ordering::Relaxed);
            let h = fingerprint(&shown);
            let chat_new = shown.chat.as_ref().is_some_and(|c| !c.lines.is_empty());
            if Some(shown.version) != seen || last != Some(h) || chat_new {
                seen = Some(shown.version);
                lines = shown.log_end();
                if let Some(c) = &shown.chat {
                    chat_room = Some(c.room);
                    chat_lines = c.start + c.lines.len();
                }
                last = Some(h);
                let text = serde_json::to_string(&shown).unwrap_or_default();
                if socket.send(Message::Text(text.into())).await.is_err() {
                    return;
                }
            }
        }
        tokio::select! {
            ev = events.recv() => match ev {
                Ok(_) | Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => show = true,
                // the game was read again from the database: follow the copy read, and show
                // the page what it holds
                Err(tokio::sync::broadcast::error::RecvError::Closed) => {
                    match app.games.subscribe(&id).await {
                        Ok(e) => events = e,
                        Err(_) => return,
                    }
                    last = None;
                    show = true;
                }
            },
            msg = socket.recv() => {
                let Some(Ok(msg)) = msg else { return };
                heard = Instant::now();
                if !bucket.take() {
                    metrics.sockets_refused.fetch_add(1, Ordering::Relaxed);
                    close(&mut socket, codes::FRAMES, "too many messages: the page is closed").await;
                    return;
                }
                match msg {
                    Message::Close(_) => return,
                    Message::Text(t) => {
                        // a resync, no sooner than its time: a page that thinks it missed
                        // a version is sent the fresh view
                        if let Ok(Resync { resync: Some(v) }) = serde_json::from_str::<Resync>(&t) {
                            if last_resync.elapsed() >= bounds.resync_every {
                                last_resync = Instant::now();
                                seen = Some(v);
                                last = None;
                                show = true;
                            }
                        }
                    }
                    // pongs, pings (answered by the library) and binary frames cost nothing
                    _ => {}
                }
            },
            _ = ping.tick() => {
                if heard.elapsed() >= bounds.socket_idle {
                    metrics.sockets_refused.fetch_add(1, Ordering::Relaxed);
                    close(&mut socket, codes::IDLE, "the page sent nothing for too long").await;
                    return;
                }
                if let Some(s) = &session {
                    // signed out, suspended or deleted since: the page is closed (a database
                    // that does not answer closes nothing)
                    if let Ok(None) = app.accounts.signed_in(s, app.games.clock_ms()).await {
                        close(&mut socket, codes::SIGNED_OUT, "your session has ended: sign in again").await;
                        return;
                    }
                }
                if socket.send(Message::Ping(Default::default())).await.is_err() {
                    return;
                }
            },
            _ = crate::connections::stopped(&mut stop) => {
                close(&mut socket, codes::AWAY, "the server is going away: connect again").await;
                return;
            },
        }
    }
}

/// A hash of what a message shows besides its log (which is sent once per line).
fn fingerprint(shown: &Shown) -> u64 {
    let mut v = serde_json::to_value(shown).unwrap_or(Value::Null);
    for part in ["view", "public"] {
        if let Some(p) = v.get_mut(part).and_then(Value::as_object_mut) {
            p.remove("log");
            p.remove("log_start");
            p.remove("log_cites");
        }
    }
    // new chat lines are sent for themselves; the mutes are part of what is shown
    if let Some(c) = v.get_mut("chat").and_then(Value::as_object_mut) {
        c.remove("lines");
        c.remove("start");
    }
    let mut h = std::collections::hash_map::DefaultHasher::new();
    v.to_string().hash(&mut h);
    h.finish()
}

/// Frames a socket may send: a bucket of ten seconds' worth, refilled at the rate.
struct Bucket {
    rate: f64,
    cap: f64,
    level: f64,
    at: Instant,
}

impl Bucket {
    fn new(per_second: u32) -> Bucket {
        let rate = f64::from(per_second.max(1));
        Bucket {
            rate,
            cap: rate * 10.0,
            level: rate * 10.0,
            at: Instant::now(),
        }
    }

    fn take(&mut self) -> bool {
        let now = Instant::now();
        self.level =
            (self.level + now.duration_since(self.at).as_secs_f64() * self.rate).min(self.cap);
        self.at = now;
        if self.level >= 1.0 {
            self.level -= 1.0;
            true
        } else {
            false
        }
    }
}
