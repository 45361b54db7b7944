//! Mail through a real SMTP server on 127.0.0.1 (issue 33: scripts/test starts Debian's
//! aiosmtpd, which keeps every mail in a maildir), on both databases: the verification link
//! verifies an address once and expires; "your turn" comes when the opponent moves, its link
//! opens the game for the account's session, and none comes while the player has the game
//! open (as the account, or with the seat's link); the daily digest comes at its hour, once a
//! day; the one-click unsubscribe (the List-Unsubscribe header's address) stops every mail;
//! the password reset link works once, spends the links mailed before it, and expires. Each
//! run's names and addresses are its own (the shared PostgreSQL keeps earlier runs' accounts,
//! the maildir their mails); the tokens mailed are stored hashed.

use crate::common;

use axum::http::StatusCode;
use common::Client;
use fiw_server::clock::ManualClock;
use fiw_server::live::{Duties, Games};
use fiw_server::store::Store;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

/// `base` made this run's own (names are taken once, and the maildir keeps every run's mail).
fn n(base: &str) -> String {
    static TAG: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let tag = TAG.get_or_init(|| {
        let id = fiw_server::tokens::new_id().unwrap();
        id.chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .take(8)
            .collect()
    });
    format!("{base}_{tag}")
}

/// An address of this run's own for `base`, different on each database.
fn address(base: &str, url: &str) -> String {
    let db = if url.starts_with("postgres") {
        "pg"
    } else {
        "lite"
    };
    format!("{}.{db}@example.org", n(base).to_lowercase())
}

/// The SMTP server scripts/test starts; without it the test fails, saying how to have one.
fn smtp() -> String {
    std::env::var("FIW_TEST_SMTP").unwrap_or_else(|_| {
        panic!("FIW_TEST_SMTP is not set: the mail tests need a real SMTP server; run scripts/test, which installs and starts one (Debian's python3-aiosmtpd)")
    })
}

fn maildir() -> PathBuf {
    PathBuf::from(std::env::var("FIW_TEST_MAILDIR").unwrap_or_else(|_| {
        panic!("FIW_TEST_MAILDIR is not set: run scripts/test, which starts an SMTP server keeping its mails there")
    }))
}

/// A server with the mailer, its clock the test's, listening on 127.0.0.1 (the mails' links
/// and the pages' sockets), and called in-process too.
struct Site {
    c: Client,
    games: Arc<Games>,
    addr: SocketAddr,
    public: String,
    clock: Arc<ManualClock>,
}

async fn site(url: &str) -> Site {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    let clock = Arc::new(ManualClock::new(now));
    let duties = Duties {
        clock: clock.clone(),
        ..Duties::default()
    };
    let games = Games::with_duties(Store::open(url).await.unwrap(), common::limits(), duties);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let public = format!("http://{addr}");
    games.set_mailer(
        fiw_server::mail::Mailer::new(&smtp(), "fiw tests <fiw@localhost>").unwrap(),
        public.clone(),
    );
    let app = fiw_server::app_with(
        games.clone(),
        public.clone(),
        fiw_server::rate::Limiter::new(fiw_server::rate::RateLimits::none()),
        fiw_server::api::REQUEST_TIMEOUT,
        fiw_server::api::MetricsAccess::default(),
    );
    let bounds = games.bounds().clone();
    let metrics = games.metrics();
    let stop = games.stopping();
    tokio::spawn(async move {
        fiw_server::connections::serve(
            listener,
            app,
            bounds,
            10_000,
            metrics,
            stop,
            Duration::from_secs(1),
        )
        .await
    });
    Site {
        c: Client::timed(games.clone(), fiw_server::api::REQUEST_TIMEOUT),
        games,
        addr,
        public,
        clock,
    }
}

/// One mail as the SMTP server kept it.
#[derive(Clone, Debug)]
struct Mailed {
    /// Its headers, unfolded, with their names lower-cased.
    headers: Vec<(String, String)>,
    /// Its text, decoded.
    body: String,
}

impl Mailed {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    fn subject(&self) -> &str {
        self.header("subject").unwrap_or("")
    }

    /// The first link of the text that begins with `prefix`.
    fn link(&self, prefix: &str) -> String {
        let at = self
            .body
            .find(prefix)
            .unwrap_or_else(|| panic!("no link {prefix} in: {}", self.body));
        self.body[at..]
            .split_whitespace()
            .next()
            .unwrap()
            .to_string()
    }
}

fn quoted_printable(text: &str) -> String {
    let bytes = text.replace("=\r\n", "").replace("=\n", "").into_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'=' && i + 2 < bytes.len() {
            if let Ok(b) = u8::from_str_radix(&String::from_utf8_lossy(&bytes[i + 1..i + 3]), 16) {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).to_string()
}

fn base64(text: &str) -> String {
    const ABC: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = Vec::new();
    let (mut acc, mut bits) = (0u32, 0);
    for c in text.bytes() {
        let Some(v) = ABC.iter().position(|&a| a == c) else {
            continue;
        };
        acc = (acc << 6) | v as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    String::from_utf8_lossy(&out).to_string()
}

fn parse(raw: &str) -> Mailed {
    let raw = raw.replace("\r\n", "\n");
    let (head, body) = raw.split_once("\n\n").unwrap_or((raw.as_str(), ""));
    let mut headers: Vec<(String, String)> = Vec::new();
    for line in head.lines() {
        if line.starts_with([' ', '\t']) {
            if let Some(last) = headers.last_mut() {
                last.1.push(' ');
                last.1.push_str(line.trim());
            }
        } else if let Some((k, v)) = line.split_once(':') {
            headers.push((k.trim().to_lowercase(), v.trim().to_string()));
        }
    }
    let encoding = headers
        .iter()
        .find(|(k, _)| k == "content-transfer-encoding")
        .map(|(_, v)| v.to_lowercase())
        .unwrap_or_default();
    let body = match encoding.as_str() {
        "quoted-printable" => quoted_printable(body),
        "base64" => base64(body),
        _ => body.to_string(),
    };
    Mailed { headers, body }
}

/// Where a maildir file's name puts it in time: Python's `mailbox` names a file
/// `SECONDS.MMICROSECONDSPPIDQCOUNT.HOST`.
fn taken_at(f: &std::path::Path) -> (u64, u64, u64) {
    let name = f.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let num = |tag: char| -> u64 {
        name.split('.')
            .nth(1)
            .and_then(|part| part.split(tag).nth(1))
            .map(|rest| {
                rest.chars()
                    .take_while(char::is_ascii_digit)
                    .collect::<String>()
            })
            .and_then(|d| d.parse().ok())
            .unwrap_or(0)
    };
    let secs = name
        .split('.')
        .next()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (secs, num('M'), num('Q'))
}

/// Every mail the SMTP server took for `to`, in the order it took them.
fn mails_to(to: &str) -> Vec<Mailed> {
    let mut out = Vec::new();
    let mut files: Vec<PathBuf> = Vec::new();
    for sub in ["new", "cur"] {
        if let Ok(dir) = std::fs::read_dir(maildir().join(sub)) {
            files.extend(dir.filter_map(|e| e.ok()).map(|e| e.path()));
        }
    }
    files.sort_by_key(|f| taken_at(f));
    {
        for f in files {
            let Ok(raw) = std::fs::read_to_string(&f) else {
                continue;
            };
            let m = parse(&raw);
            let rcpt = m.header("x-rcptto").unwrap_or("").to_lowercase();
            if rcpt.split(',').any(|r| r.trim() == to.to_lowercase()) {
                out.push(m);
            }
        }
    }
    out
}

/// The mails to `to` whose subject has `subject` in it, once there are `count` of them: a
/// number of looks bounds the wait, not a time.
async fn mailed(to: &str, subject: &str, count: usize) -> Vec<Mailed> {
    for _ in 0..3000 {
        let found: Vec<Mailed> = mails_to(to)
            .into_iter()
            .filter(|m| m.subject().contains(subject))
            .collect();
        if found.len() >= count {
            return found;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!(
        "no {count} mail(s) '{subject}' came to {to}; it has: {:?}",
        mails_to(to)
            .iter()
            .map(|m| m.subject().to_string())
            .collect::<Vec<_>>()
    );
}

/// Signs up `name` with `email` and verifies the address by the link mailed: its session.
async fn verified(s: &Site, name: &str, email: &str) -> String {
    let session = s.c.sign_up(name, Some(email)).await;
    let m = &mailed(email, "your e-mail address", 1).await[0];
    let link = m.link(&format!("{}/account#verify=", s.public));
    let token = link.rsplit('=').next().unwrap();
    let (st, v, _) =
        s.c.browse(
            "POST",
            "/api/account/verify",
            None,
            Some(json!({ "token": token })),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{v}");
    session
}

async fn view(s: &Site, id: &str, session: &str) -> Value {
    let (st, v, _) =
        s.c.browse("GET", &format!("/api/games/{id}"), Some(session), None)
            .await;
    assert_eq!(st, StatusCode::OK, "{v}");
    v
}

/// The seat `session` holds plays its first action while it decides.
async fn play_on(s: &Site, id: &str, session: &str) {
    for _ in 0..300 {
        let v = view(s, id, session).await;
        if v["view"]["actions"].as_array().unwrap().is_empty() {
            return;
        }
        let (st, after, _) =
            s.c.browse(
                "POST",
                &format!("/api/games/{id}/actions"),
                Some(session),
                Some(json!({"version": v["version"], "index": 0})),
            )
            .await;
        assert_eq!(st, StatusCode::OK, "{after}");
    }
    panic!("the decision never passed on");
}

/// Makes it `to`'s decision in game `id` by a move of `from`'s (what sends "your turn").
async fn pass_to(s: &Site, id: &str, from: &str, to: &str) {
    play_on(s, id, to).await;
    play_on(s, id, from).await;
    let v = view(s, id, to).await;
    assert!(
        !v["view"]["actions"].as_array().unwrap().is_empty(),
        "{}",
        v["view"]
    );
}

/// A game posted by `poster` (British) and taken by `taker`: its id and the taker's seat link.
async fn taken(s: &Site, poster: &str, taker: &str) -> (String, String) {
    let (st, v, _) =
        s.c.browse(
            "POST",
            "/api/lobby",
            Some(poster),
            Some(json!({"game": "louisbourg", "side": "british"})),
        )
        .await;
    assert_eq!(st, StatusCode::CREATED, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let (st, t, _) =
        s.c.browse("POST", &format!("/api/lobby/{id}/take"), Some(taker), None)
            .await;
    assert_eq!(st, StatusCode::OK, "{t}");
    (id, t["token"].as_str().unwrap().to_string())
}

type Page =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A page open on game `id`, as the account of `session` or with the seat's link `token`;
/// once the server has shown it the game (it is counted open then).
async fn open_page(s: &Site, id: &str, session: Option<&str>, token: Option<&str>) -> Page {
    let mut req = format!("ws://{}/api/games/{id}/ws", s.addr)
        .into_client_request()
        .unwrap();
    if let Some(session) = session {
        req.headers_mut()
            .insert("cookie", format!("fiw_session={session}").parse().unwrap());
    }
    let (mut ws, _) = tokio_tungstenite::connect_async(req).await.unwrap();
    ws.send(Message::text(json!({ "token": token }).to_string()))
        .await
        .unwrap();
    let first = ws.next().await.unwrap().unwrap();
    let v: Value = serde_json::from_str(first.to_text().unwrap()).unwrap();
    assert!(v.get("version").is_some(), "{v}");
    ws
}

/// Closes `page` and waits until the server counts it closed (`credential` as it counts it).
async fn close_page(s: &Site, mut page: Page, credential: &str) {
    page.close(None).await.unwrap();
    drop(page);
    for _ in 0..2000 {
        if s.games.sockets().open_on(credential) == 0 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    panic!("the server never saw the page go");
}

/// An HTTP GET of `url` on the site's listener, signed in with `session`: the status.
async fn get(s: &Site, url: &str, session: &str) -> u16 {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let path = url.strip_prefix(&s.public).expect("a link of this site");
    let mut conn = tokio::net::TcpStream::connect(s.addr).await.unwrap();
    let req = format!(
        "GET {path} HTTP/1.1\r\nhost: {}\r\ncookie: fiw_session={session}\r\nconnection: close\r\n\r\n",
        s.addr
    );
    conn.write_all(req.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    conn.read_to_end(&mut raw).await.unwrap();
    String::from_utf8_lossy(&raw)
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0)
}

async fn a_verification_link_works_once_and_expires(url: &str) {
    let s = site(url).await;
    let email = address("Verifier", url);
    let a = s.c.sign_up(&n("Verifier"), Some(&email)).await;
    let m = &mailed(&email, "your e-mail address", 1).await[0];
    assert!(m.body.contains(&n("Verifier")), "{}", m.body);
    assert!(m.header("list-unsubscribe").is_none(), "no notice: {m:?}");
    assert!(
        m.header("message-id")
            .is_some_and(|id| id.ends_with("@localhost>")),
        "{m:?}"
    );
    assert_eq!(m.header("auto-submitted"), Some("auto-generated"));
    let link = m.link(&format!("{}/account#verify=", s.public));
    let token = link.rsplit('=').next().unwrap().to_string();
    assert_eq!(token.len(), 64, "{link}");
    if let Some(file) = url.strip_prefix("sqlite://") {
        // kept as its hash: the token itself is in no byte the database wrote
        let mut bytes = std::fs::read(file).unwrap();
        bytes.extend(std::fs::read(format!("{file}-wal")).unwrap_or_default());
        let has = |w: &str| bytes.windows(w.len()).any(|x| x == w.as_bytes());
        assert!(!has(&token), "the token is stored as it was mailed");
        assert!(has(&fiw_server::tokens::hash(&token)));
    }
    let verify = |t: String| {
        let c = &s.c;
        async move {
            c.browse(
                "POST",
                "/api/account/verify",
                None,
                Some(json!({ "token": t })),
            )
            .await
        }
    };
    let (st, v, _) = verify(token.clone()).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(v["verified"], email.as_str());
    let (_, me, _) = s.c.browse("GET", "/api/account", Some(&a), None).await;
    assert_eq!(me["email_verified"], true, "{me}");
    // once only
    let (st, v, _) = verify(token).await;
    assert_eq!(st, StatusCode::GONE, "{v}");
    // a new address: its link works within the hour only
    let other = address("Verifier2", url);
    let (st, v, _) =
        s.c.browse(
            "PUT",
            "/api/account",
            Some(&a),
            Some(json!({"password": "correct horse", "email": other})),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(v["email_verified"], false);
    let m = &mailed(&other, "your e-mail address", 1).await[0];
    let link = m.link(&format!("{}/account#verify=", s.public));
    s.clock.advance(fiw_server::accounts::LINK_MS + 1);
    let (st, v, _) = verify(link.rsplit('=').next().unwrap().to_string()).await;
    assert_eq!(st, StatusCode::GONE, "{v}");
    let (_, me, _) = s.c.browse("GET", "/api/account", Some(&a), None).await;
    assert_eq!(me["email_verified"], false, "{me}");
}

async fn your_turn_comes_by_mail_and_never_while_the_game_is_open(url: &str) {
    let s = site(url).await;
    let a = s.c.sign_up(&n("Poster"), None).await;
    let email = address("Taker", url);
    let b = verified(&s, &n("Taker"), &email).await;
    let b_id = s
        .games
        .store()
        .account_named(&n("Taker"))
        .await
        .unwrap()
        .unwrap()
        .id;
    let (open_as_account, _) = taken(&s, &a, &b).await;
    let (open_by_link, link) = taken(&s, &a, &b).await;
    let (closed, _) = taken(&s, &a, &b).await;
    // the first two games open in B's pages, the third not: B's turn in each, in this order
    let account_page = open_page(&s, &open_as_account, Some(&b), None).await;
    let link_page = open_page(&s, &open_by_link, None, Some(&link)).await;
    pass_to(&s, &open_as_account, &a, &b).await;
    pass_to(&s, &open_by_link, &a, &b).await;
    pass_to(&s, &closed, &a, &b).await;
    let m = mailed(&email, "your turn", 1).await;
    let play = format!("{}/play/", s.public);
    assert_eq!(m[0].link(&play), format!("{play}{closed}"), "{}", m[0].body);
    assert!(m[0].subject().contains("Louisbourg 1758"), "{m:?}");
    // RFC 8058's one-click unsubscribe, to the API
    let unsubscribe = m[0].header("list-unsubscribe").expect("List-Unsubscribe");
    assert!(
        unsubscribe.starts_with(&format!("<{}/api/unsubscribe?key=", s.public)),
        "{unsubscribe}"
    );
    assert_eq!(
        m[0].header("list-unsubscribe-post"),
        Some("List-Unsubscribe=One-Click")
    );
    // the link opens the game for B's session, on B's seat, B to decide
    assert_eq!(get(&s, &m[0].link(&play), &b).await, 200);
    let v = view(&s, &closed, &b).await;
    assert_eq!(v["view"]["seat"], "french", "{}", v["view"]);
    assert!(!v["view"]["actions"].as_array().unwrap().is_empty());
    // nothing came for the games open in B's pages (they were B's turn before the third): a
    // mail to another address, sent after the third's came, has come too
    let later = address("Sentinel", url);
    s.c.sign_up(&n("Sentinel"), Some(&later)).await;
    mailed(&later, "your e-mail address", 1).await;
    let turns: Vec<String> = mails_to(&email)
        .iter()
        .filter(|m| m.subject().contains("your turn"))
        .map(|m| m.link(&play))
        .collect();
    assert_eq!(turns, [format!("{play}{closed}")]);
    // pages closed, B's next turn in each is mailed
    close_page(
        &s,
        account_page,
        &format!("{open_as_account}/account:{b_id}"),
    )
    .await;
    close_page(&s, link_page, &fiw_server::tokens::hash(&link)).await;
    pass_to(&s, &open_as_account, &b, &a).await;
    pass_to(&s, &open_as_account, &a, &b).await;
    pass_to(&s, &open_by_link, &b, &a).await;
    pass_to(&s, &open_by_link, &a, &b).await;
    let m = mailed(&email, "your turn", 3).await;
    let mut games: Vec<String> = m
        .iter()
        .map(|m| m.link(&play).trim_start_matches(&play).to_string())
        .collect();
    games.sort();
    let mut want = vec![closed, open_as_account, open_by_link];
    want.sort();
    assert_eq!(games, want);
}

async fn the_digest_comes_at_its_hour_once_a_day_and_unsubscribing_stops_every_mail(url: &str) {
    let s = site(url).await;
    // ten past ten tomorrow (UTC), so that the minutes the test moves on stay in the hour
    let day = 86_400_000;
    s.clock
        .set((s.clock_ms() / day + 1) * day + 10 * 3_600_000 + 10 * 60_000);
    let a = s.c.sign_up(&n("Digester"), None).await;
    let email = address("Digested", url);
    let b = verified(&s, &n("Digested"), &email).await;
    let (id, _) = taken(&s, &a, &b).await;
    pass_to(&s, &id, &a, &b).await;
    mailed(&email, "your turn", 1).await;
    // a digest at this hour of the server's clock
    let hour = (s.clock_ms() / 3_600_000).rem_euclid(24);
    let (st, v, _) =
        s.c.browse(
            "PUT",
            "/api/account",
            Some(&b),
            Some(json!({"notices": "digest", "digest_hour": (hour + 1) % 24})),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{v}");
    // not its hour: nothing
    s.games.send_digests().await;
    let (st, v, _) =
        s.c.browse(
            "PUT",
            "/api/account",
            Some(&b),
            Some(json!({"digest_hour": hour})),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{v}");
    s.games.send_digests().await;
    let m = mailed(&email, "awaits your decision", 1).await;
    assert!(
        m[0].body.contains(&format!("{}/play/{id}", s.public)),
        "{}",
        m[0].body
    );
    assert!(
        m[0].body.contains(&n("Digester")),
        "the opponent: {}",
        m[0].body
    );
    // once a day: the next look within the day sends none
    s.clock.advance(60_000);
    s.games.send_digests().await;
    // the one-click unsubscribe of the header, without a session
    let header = m[0].header("list-unsubscribe").unwrap().to_string();
    let target = header
        .trim_start_matches('<')
        .trim_end_matches('>')
        .strip_prefix(&s.public)
        .unwrap()
        .to_string();
    let (st, v, _) =
        s.c.browse("POST", "/api/unsubscribe?key=nokey", None, None)
            .await;
    assert_eq!(st, StatusCode::NOT_FOUND, "{v}");
    let (st, v, _) = s.c.browse("POST", &target, None, None).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    let (_, me, _) = s.c.browse("GET", "/api/account", Some(&b), None).await;
    assert_eq!(me["notices"], "off");
    // no mail after it: not the next day's digest, not a turn
    s.clock.advance(24 * 3_600_000);
    s.games.send_digests().await;
    pass_to(&s, &id, &b, &a).await;
    pass_to(&s, &id, &a, &b).await;
    // a mail to another address, sent after all of those, has come: so would theirs have
    let later = address("Later", url);
    s.c.sign_up(&n("Later"), Some(&later)).await;
    mailed(&later, "your e-mail address", 1).await;
    let subjects: Vec<String> = mails_to(&email)
        .iter()
        .map(|m| m.subject().to_string())
        .collect();
    assert_eq!(subjects.len(), 3, "{subjects:?}");
    assert_eq!(
        subjects
            .iter()
            .filter(|s| s.contains("awaits your decision"))
            .count(),
        1,
        "{subjects:?}"
    );
}

async fn a_password_reset_link_works_once_and_expires(url: &str) {
    let s = site(url).await;
    let email = address("Forgetful", url);
    let name = n("Forgetful");
    let old_session = verified(&s, &name, &email).await;
    let ask = || {
        let c = &s.c;
        let name = name.clone();
        async move {
            let (st, v, _) = c
                .browse(
                    "POST",
                    "/api/account/reset",
                    None,
                    Some(json!({ "name": name })),
                )
                .await;
            assert_eq!(st, StatusCode::OK, "{v}");
        }
    };
    let confirm = |token: String, password: &'static str| {
        let c = &s.c;
        async move {
            c.browse(
                "POST",
                "/api/account/reset/confirm",
                None,
                Some(json!({"token": token, "password": password})),
            )
            .await
        }
    };
    let token_of = |m: &Mailed| {
        m.link(&format!("{}/account#reset=", s.public))
            .rsplit('=')
            .next()
            .unwrap()
            .to_string()
    };
    ask().await;
    let m = mailed(&email, "a new password", 1).await;
    let first = token_of(&m[0]);
    let (st, v, _) = confirm(first.clone(), "a brand new one").await;
    assert_eq!(st, StatusCode::OK, "{v}");
    let (st, v, _) = confirm(first, "yet another one").await;
    assert_eq!(st, StatusCode::GONE, "once only: {v}");
    let (st, _, _) =
        s.c.browse("GET", "/api/account", Some(&old_session), None)
            .await;
    assert_eq!(st, StatusCode::UNAUTHORIZED, "the sessions of before end");
    let (st, v, _) =
        s.c.browse(
            "POST",
            "/api/account/session",
            None,
            Some(json!({"name": name, "password": "a brand new one"})),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{v}");
    // two links asked for: the one used spends the other
    ask().await;
    ask().await;
    let m = mailed(&email, "a new password", 3).await;
    let (second, third) = (token_of(&m[1]), token_of(&m[2]));
    assert_ne!(second, third);
    let (st, v, _) = confirm(third, "the third password").await;
    assert_eq!(st, StatusCode::OK, "{v}");
    let (st, v, _) = confirm(second, "the second password").await;
    assert_eq!(st, StatusCode::GONE, "{v}");
    // within the hour only
    ask().await;
    let m = mailed(&email, "a new password", 4).await;
    s.clock.advance(fiw_server::accounts::LINK_MS + 1);
    let (st, v, _) = confirm(token_of(&m[3]), "too late for this").await;
    assert_eq!(st, StatusCode::GONE, "{v}");
}

impl Site {
    fn clock_ms(&self) -> i64 {
        self.games.clock_ms()
    }
}

on_both!(
    a_verification_link_works_once_and_expires,
    your_turn_comes_by_mail_and_never_while_the_game_is_open,
    the_digest_comes_at_its_hour_once_a_day_and_unsubscribing_stops_every_mail,
    a_password_reset_link_works_once_and_expires,
);
