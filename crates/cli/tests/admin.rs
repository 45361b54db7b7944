//! `fiw admin` (issue 33): the operator on the server's database, beside a running server
//! (which keeps SQLite's lock): accounts listed without their addresses unless asked, renamed
//! (the server's own name check, a name taken in any case refused), suspended (the account's
//! session is refused at once, and its sign-in, with the reason) and unsuspended, deleted (its
//! session ends, its name is free, its seat shows "deleted"), an open game closed in the lobby;
//! every refusal one line with exit 2. On SQLite and on PostgreSQL.

use crate::common;

use common::serve::{call, start, Server};
use common::{assert_bad_input, fiw, Run};
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// A request as a browser sends it, signed in with `session` (its cookie, and this site's
/// `Origin`): the status, the JSON answer and the session a `Set-Cookie` gives.
fn browse(
    addr: &str,
    method: &str,
    path: &str,
    session: Option<&str>,
    body: Option<Value>,
) -> (u16, Value, Option<String>) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let cookie = session
        .map(|t| format!("cookie: fiw_session={t}\r\n"))
        .unwrap_or_default();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nhost: {addr}\r\norigin: http://{addr}\r\nconnection: close\r\n{cookie}content-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    let text = String::from_utf8_lossy(&raw).to_string();
    let status = text.split(' ').nth(1).unwrap().parse().unwrap();
    let (head, rest) = text.split_once("\r\n\r\n").unwrap();
    let session = head
        .lines()
        .filter_map(|l| l.split_once(':'))
        .filter(|(k, _)| k.eq_ignore_ascii_case("set-cookie"))
        .filter_map(|(_, v)| v.trim().strip_prefix("fiw_session="))
        .map(|v| v.split(';').next().unwrap_or("").to_string())
        .next();
    let json = rest
        .find('{')
        .and_then(|a| rest.rfind('}').map(|b| &rest[a..=b]))
        .unwrap_or_else(|| panic!("{method} {path}: no JSON in {text}"));
    (status, serde_json::from_str(json).unwrap(), session)
}

fn sign_up(addr: &str, name: &str, email: Option<&str>) -> String {
    let (s, v, session) = browse(
        addr,
        "POST",
        "/api/account",
        None,
        Some(json!({"name": name, "password": "correct horse", "email": email})),
    );
    assert_eq!(s, 201, "{v}");
    session.expect("a session cookie")
}

fn sign_in(addr: &str, name: &str) -> (u16, Value, Option<String>) {
    browse(
        addr,
        "POST",
        "/api/account/session",
        None,
        Some(json!({"name": name, "password": "correct horse"})),
    )
}

fn admin(db: &str, args: &[&str]) -> Run {
    let mut all = vec!["admin", "--db", db];
    all.extend_from_slice(args);
    fiw(&all, "")
}

/// `fiw admin` that must succeed: its stdout.
fn admin_ok(db: &str, args: &[&str]) -> String {
    let run = admin(db, args);
    assert_eq!(run.code, 0, "fiw admin {args:?}: {}", run.stderr);
    assert!(run.stderr.is_empty(), "{}", run.stderr);
    run.stdout
}

/// `fiw admin` that must be refused in one line naming `what`.
fn admin_refused(db: &str, args: &[&str], what: &str) {
    let run = admin(db, args);
    assert_bad_input(&run, &format!("fiw admin {args:?}"));
    assert!(
        run.stderr.contains(what),
        "fiw admin {args:?}: {}",
        run.stderr
    );
}

fn listed(db: &str, filter: &str, extra: &[&str]) -> Vec<Value> {
    let mut args = vec!["accounts", "--json", "--name", filter];
    args.extend_from_slice(extra);
    let out = admin_ok(db, &args);
    assert_eq!(out.lines().count(), 1, "one JSON object: {out}");
    let v: Value = serde_json::from_str(&out).unwrap();
    v["accounts"].as_array().unwrap().clone()
}

/// A game posted to the lobby by `session` (British), open for the French seat.
fn posted(addr: &str, session: &str) -> String {
    let (s, v, _) = browse(
        addr,
        "POST",
        "/api/lobby",
        Some(session),
        Some(json!({"game": "louisbourg", "side": "british"})),
    );
    assert_eq!(s, 201, "{v}");
    v["id"].as_str().unwrap().to_string()
}

fn open_ids(addr: &str) -> Vec<String> {
    let (s, v, _) = browse(addr, "GET", "/api/lobby", None, None);
    assert_eq!(s, 200, "{v}");
    v["open"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap().to_string())
        .collect()
}

fn holder(addr: &str, id: &str, session: &str, seat: &str) -> Value {
    let (s, v, _) = browse(
        addr,
        "GET",
        &format!("/api/games/{id}"),
        Some(session),
        None,
    );
    assert_eq!(s, 200, "{v}");
    v["holders"]
        .as_array()
        .unwrap()
        .iter()
        .find(|h| h["seat"] == seat)
        .unwrap()["name"]
        .clone()
}

/// The operator's work on the database `db`, with a server running on it throughout (and
/// `restart` starting it again, as the seats of a game held in memory are read once).
fn the_operator_moderates(db: &str, restart: impl Fn(Server) -> Server) {
    let server = start(db, &["--rate-per-address", "0", "--rate-per-link", "0"]);
    let addr = server.addr.clone();
    let a = sign_up(&addr, "Montcalm", Some("montcalm@example.org"));
    let b = sign_up(&addr, "Wolfe", None);
    let x = sign_up(&addr, "Spammer", None);

    // the list: every account, the address only when asked for, in a column of its own
    let all = admin_ok(db, &["accounts"]);
    for name in [
        "Montcalm",
        "Wolfe",
        "Spammer",
        "NAME",
        "EMAIL",
        "3 account(s)",
    ] {
        assert!(all.contains(name), "{all}");
    }
    assert!(!all.contains("montcalm@example.org"), "{all}");
    let shown = admin_ok(db, &["accounts", "--show-email", "--name", "MONT"]);
    assert!(shown.contains("ADDRESS"), "{shown}");
    assert!(shown.contains("montcalm@example.org"), "{shown}");
    assert!(!shown.contains("Wolfe"), "{shown}");
    let m = listed(db, "montcalm", &[]);
    assert_eq!(m.len(), 1, "{m:?}");
    assert_eq!(
        (
            m[0]["name"].as_str(),
            m[0]["state"].as_str(),
            m[0]["email"].as_str()
        ),
        (Some("Montcalm"), Some("active"), Some("unverified"))
    );
    assert!(m[0].get("address").is_none(), "{m:?}");
    assert!(!m[0].to_string().contains("example.org"));
    let m = listed(db, "montcalm", &["--show-email"]);
    assert_eq!(m[0]["address"], "montcalm@example.org");

    // a game posted to the lobby and taken: its seats held by name
    let taken = posted(&addr, &a);
    let (s, v, _) = browse(
        &addr,
        "POST",
        &format!("/api/lobby/{taken}/take"),
        Some(&b),
        None,
    );
    assert_eq!(s, 200, "{v}");
    assert_eq!(holder(&addr, &taken, &a, "french"), "Wolfe");

    // a rename: the server's own check, a name taken in any case refused, unknown names
    admin_refused(db, &["rename", "Montcalm", "wolfe"], "taken");
    admin_refused(db, &["rename", "Montcalm", "x"], "3 to 24 characters");
    admin_refused(
        db,
        &["rename", "Montcalm", "<b>bold</b>"],
        "letters, digits",
    );
    admin_refused(
        db,
        &["rename", "Nobody", "Somebody"],
        "no account is named 'Nobody'",
    );
    let out = admin_ok(db, &["rename", "montcalm", "Marquis"]);
    assert!(out.contains("renamed 'Montcalm' to 'Marquis'"), "{out}");
    let (s, me, _) = browse(&addr, "GET", "/api/account", Some(&a), None);
    assert_eq!((s, me["name"].as_str()), (200, Some("Marquis")), "{me}");
    let (s, _, _) = sign_in(&addr, "Montcalm");
    assert_eq!(s, 403, "the old name signs in no more");
    let (s, _, _) = sign_in(&addr, "marquis");
    assert_eq!(s, 200);
    // a change of case alone is no other account's name
    admin_ok(db, &["rename", "marquis", "MARQUIS"]);
    admin_ok(db, &["rename", "MARQUIS", "Marquis"]);

    // a suspension: the session is refused at once, the sign-in too with the reason
    admin_refused(
        db,
        &["suspend", "Spammer", "--reason", &"x".repeat(201)],
        "200 characters",
    );
    let out = admin_ok(db, &["suspend", "spammer", "--reason", "adverts in chat"]);
    assert!(out.contains("suspended 'Spammer'"), "{out}");
    let (s, v, _) = browse(&addr, "GET", "/api/account", Some(&x), None);
    assert_eq!(s, 401, "{v}");
    let (s, v, session) = sign_in(&addr, "Spammer");
    assert_eq!(s, 403, "{v}");
    assert!(session.is_none());
    assert!(
        v["error"].as_str().unwrap().contains("adverts in chat"),
        "{v}"
    );
    admin_refused(db, &["suspend", "Spammer"], "suspended already");
    let l = listed(db, "spammer", &[]);
    assert_eq!(
        (l[0]["state"].as_str(), l[0]["reason"].as_str()),
        (Some("suspended"), Some("adverts in chat"))
    );
    assert!(admin_ok(db, &["accounts"]).contains("adverts in chat"));
    // lifted: it signs in again, its old session stays ended
    admin_ok(db, &["unsuspend", "Spammer"]);
    admin_refused(db, &["unsuspend", "Spammer"], "not suspended");
    let (s, _, _) = browse(&addr, "GET", "/api/account", Some(&x), None);
    assert_eq!(s, 401, "a suspension ends the sessions for good");
    let (s, v, x2) = sign_in(&addr, "Spammer");
    assert_eq!(s, 200, "{v}");
    let (s, _, _) = browse(&addr, "GET", "/api/account", x2.as_deref(), None);
    assert_eq!(s, 200);

    // an open game closed: gone from the lobby, nobody takes it; a second close, a private
    // game, an unknown or malformed id are refused
    let open = posted(&addr, &a);
    assert!(open_ids(&addr).contains(&open));
    let out = admin_ok(db, &["close", &open]);
    assert!(out.contains(&format!("closed game {open}")), "{out}");
    assert!(!open_ids(&addr).contains(&open));
    let (s, v, _) = browse(
        &addr,
        "POST",
        &format!("/api/lobby/{open}/take"),
        x2.as_deref(),
        None,
    );
    assert_eq!(s, 422, "{v}");
    admin_refused(db, &["close", &open], "not open in the lobby any more");
    admin_refused(db, &["close", &taken], "not open in the lobby any more");
    let (s, private) = call(
        &addr,
        "POST",
        "/api/games",
        None,
        Some(&json!({"game": "louisbourg"})),
    )
    .unwrap();
    assert_eq!(s, 201, "{private}");
    admin_refused(
        db,
        &["close", private["id"].as_str().unwrap()],
        "never posted to the lobby",
    );
    admin_refused(
        db,
        &["close", "0123456789abcdef01234567"],
        "no game has the id",
    );
    admin_refused(db, &["close", "../etc/passwd"], "no game has the id");

    // a reported chat line: listed with its words, its writer and the reason
    assert!(admin_ok(db, &["reports"]).contains("no chat line has been reported"));
    let (s, made) = call(
        &addr,
        "POST",
        "/api/games",
        None,
        Some(&json!({ "game": "louisbourg", "hot_seat": true })),
    )
    .unwrap();
    assert_eq!(s, 201, "{made}");
    let chat_game = made["id"].as_str().unwrap().to_string();
    let (bt, ft) = (
        made["seats"]["british"]["token"]
            .as_str()
            .unwrap()
            .to_string(),
        made["seats"]["french"]["token"]
            .as_str()
            .unwrap()
            .to_string(),
    );
    let (s, said) = call(
        &addr,
        "POST",
        &format!("/api/games/{chat_game}/chat"),
        Some(&ft),
        Some(&json!({ "text": "you will never take the island" })),
    )
    .unwrap();
    assert_eq!(s, 200, "{said}");
    let (s, v) = call(
        &addr,
        "POST",
        &format!("/api/games/{chat_game}/chat/report"),
        Some(&bt),
        Some(&json!({ "n": said["said"]["n"], "why": "taunting" })),
    )
    .unwrap();
    assert_eq!(s, 200, "{v}");
    let out = admin_ok(db, &["reports"]);
    assert!(out.contains(&chat_game), "{out}");
    assert!(out.contains("you will never take the island"), "{out}");
    assert!(out.contains("taunting"), "{out}");
    let reports: Value = serde_json::from_str(&admin_ok(db, &["reports", "--json"])).unwrap();
    assert_eq!(reports["reports"][0]["why"], "taunting", "{reports}");

    // a deletion: the session ends at once, the name is free, the games stay
    admin_refused(db, &["delete", "Nobody"], "no account is named");
    let out = admin_ok(db, &["delete", "wolfe"]);
    assert!(out.contains("deleted 'Wolfe'"), "{out}");
    assert!(out.contains("1 game(s) stay"), "{out}");
    let (s, _, _) = browse(&addr, "GET", "/api/account", Some(&b), None);
    assert_eq!(s, 401);
    let (s, _, _) = sign_in(&addr, "Wolfe");
    assert_eq!(s, 403);
    admin_refused(db, &["delete", "Wolfe"], "no account is named");
    let l = listed(db, "", &[]);
    assert_eq!(
        l.iter().filter(|a| a["state"] == "deleted").count(),
        1,
        "{l:?}"
    );
    assert!(l.iter().all(|a| a["name"] != "Wolfe"), "{l:?}");
    let _b_again = sign_up(&addr, "wolfe", None);
    // the seat the deleted account held shows "deleted" once the game is read again
    let server = restart(server);
    let addr = server.addr.clone();
    assert_eq!(holder(&addr, &taken, &a, "french"), "deleted");
    assert_eq!(holder(&addr, &taken, &a, "british"), "Marquis");
    drop(server);
}

fn sqlite_db(name: &str) -> String {
    let dir = common::temp(name);
    std::fs::create_dir_all(&dir).unwrap();
    format!("sqlite://{}", dir.join("fiw.db").display())
}

#[test]
fn the_operator_moderates_accounts_and_the_lobby_on_sqlite() {
    let db = sqlite_db("admin");
    let again = db.clone();
    the_operator_moderates(&db, move |s| {
        drop(s);
        start(&again, &["--rate-per-address", "0", "--rate-per-link", "0"])
    });
}

/// A database of this test's own on the PostgreSQL scripts/test started (the accounts'
/// names are then this test's alone).
fn own_postgres() -> String {
    let url = std::env::var("FIW_TEST_POSTGRES").unwrap_or_else(|_| {
        panic!("FIW_TEST_POSTGRES is not set: run scripts/test, which installs and starts a PostgreSQL")
    });
    let name = format!(
        "fiw_admin_{}_{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .subsec_nanos()
    );
    tokio::runtime::Runtime::new().unwrap().block_on(async {
        use sqlx::Connection;
        let mut conn = sqlx::PgConnection::connect(&url).await.unwrap();
        sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
            .execute(&mut conn)
            .await
            .unwrap();
    });
    let (base, _) = url.rsplit_once('/').unwrap();
    format!("{base}/{name}")
}

#[test]
fn the_operator_moderates_accounts_and_the_lobby_on_postgres() {
    let db = own_postgres();
    let again = db.clone();
    the_operator_moderates(&db, move |s| {
        drop(s);
        start(&again, &["--rate-per-address", "0", "--rate-per-link", "0"])
    });
}

#[test]
fn a_broken_database_or_usage_is_refused_in_one_line() {
    let missing = sqlite_db("admin-missing");
    admin_refused(&missing, &["accounts"], "there is no database at");
    // nothing was made where the operator mistyped
    let path = missing.trim_start_matches("sqlite://");
    assert!(!std::path::Path::new(path).exists());
    admin_refused(
        "mysql://root@localhost/x",
        &["accounts"],
        "give sqlite://FILE or postgres://",
    );
    admin_refused(
        "sqlite://",
        &["accounts"],
        "name the server's database file",
    );
    // a file that is no database
    let dir = common::temp("admin-garbage");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("fiw.db");
    std::fs::write(&file, "this is no database, only words ".repeat(100)).unwrap();
    admin_refused(
        &format!("sqlite://{}", file.display()),
        &["accounts"],
        "cannot open the database",
    );
    let run = fiw(
        &["admin", "--db", &sqlite_db("x"), "rename", "only-one"],
        "",
    );
    assert_bad_input(&run, "a missing argument");
    let run = fiw(&["admin", "frobnicate"], "");
    assert_bad_input(&run, "an unknown subcommand");
}
