//! A `fiw serve` process for the end-to-end tests, and a few lines of HTTP/1.1 to talk to it
//! over a socket on 127.0.0.1.

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running `fiw serve` and the address it said it listens on.
pub struct Server {
    pub child: Child,
    pub addr: String,
}

/// Starts `fiw serve` on `db` at a free port of 127.0.0.1, with `flags` added; its log says
/// what goes wrong only (a test that reads the log uses [`start_logged`]).
pub fn start(db: &str, flags: &[&str]) -> Server {
    start_with(db, flags, Stdio::inherit(), Kind::Inherit)
}

enum Kind {
    Inherit,
    File,
}

/// [`start`] with the server's log (its stderr) written to `log`.
pub fn start_logged(db: &str, flags: &[&str], log: &std::path::Path) -> Server {
    let file = std::fs::File::create(log).expect("the log file can be made");
    start_with(db, flags, Stdio::from(file), Kind::File)
}

fn start_with(db: &str, flags: &[&str], stderr: Stdio, stderr_kind: Kind) -> Server {
    let quiet = matches!(stderr_kind, Kind::Inherit);
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_fiw"));
    cmd.args(["serve", "--db", db, "--addr", "127.0.0.1:0"]);
    if quiet {
        cmd.env("FIW_LOG", "warn");
    }
    let mut child = cmd
        .args(flags)
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("fiw serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    // "fiw serve: listening on 127.0.0.1:PORT, games kept in …"
    let addr = line
        .split("listening on ")
        .nth(1)
        .and_then(|r| r.split(',').next())
        .unwrap_or_else(|| panic!("no address in: {line}"))
        .to_string();
    Server { child, addr }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One request: the status and the JSON answer (`None` when the connection broke).
pub fn call(
    addr: &str,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> Option<(u16, Value)> {
    let mut s = TcpStream::connect(addr).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(20))).ok()?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let auth = token
        .map(|t| format!("authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nhost: {addr}\r\nconnection: close\r\n{auth}content-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).ok()?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).ok()?;
    let text = String::from_utf8_lossy(&raw);
    let status = text.split(' ').nth(1)?.parse().ok()?;
    let (_, rest) = text.split_once("\r\n\r\n")?;
    // a chunked body: the JSON is between the first chunk size line and the end
    let json = rest
        .find('{')
        .and_then(|a| rest.rfind('}').map(|b| &rest[a..=b]))?;
    Some((status, serde_json::from_str(json).ok()?))
}

/// Creates a game on the server at `addr` from `body` and has every invitation taken (as
/// the friends it was sent to would): what it answered, with each taken seat's credential
/// added under `seats`, as the tests play every human seat.
pub fn create(addr: &str, body: Value) -> Value {
    let (s, mut made) =
        call(addr, "POST", "/api/games", None, Some(&body)).expect("the server answers a new game");
    assert_eq!(s, 201, "{made}");
    let id = made["id"].as_str().unwrap().to_string();
    let invitations = made["invitations"].as_object().cloned().unwrap_or_default();
    for (seat, inv) in invitations {
        let (s, taken) = call(
            addr,
            "POST",
            &format!("/api/games/{id}/claim"),
            inv["token"].as_str(),
            Some(&serde_json::json!({})),
        )
        .expect("the server answers a claim");
        assert_eq!(s, 200, "{taken}");
        made["seats"][&seat] =
            serde_json::json!({ "token": taken["token"], "link": taken["link"] });
    }
    made
}
