//! "Your turn" webhooks: a JSON POST to the address a seat registered. A webhook is a request
//! the server makes on a stranger's behalf, so it may not reach the server's own network:
//! every address its host resolves to is checked (loopback, private, link-local, unspecified,
//! multicast, shared, reserved, and those written inside IPv6), the connection goes to the
//! addresses checked and no others (the resolver that checks is the one the client connects
//! with, so a second lookup cannot answer differently), redirects are not followed and no
//! proxy is used. `--allow-loopback-webhooks` lets loopback through, for tests.
//!
//! A webhook is sent in one of two formats: fiw's own JSON ([`Payload`]), or Discord's
//! execute-webhook JSON (`{"content": …}`, mentions off), where wargame clubs talk: an address
//! of Discord's own webhooks is sent that by default.

use reqwest::Url;
use serde::Serialize;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// The longest webhook address taken.
pub const MAX_URL: usize = 2048;

/// How webhooks are sent.
#[derive(Clone, Copy, Debug)]
pub struct Policy {
    /// Whether loopback addresses (127.0.0.0/8, ::1) may be called: for tests only.
    pub allow_loopback: bool,
    /// How long one try may take, connection included.
    pub timeout: Duration,
    /// How many times a delivery is tried in all.
    pub tries: u32,
    /// The wait before the second try; each later wait is four times the one before.
    pub backoff: Duration,
}

impl Default for Policy {
    fn default() -> Self {
        Policy {
            allow_loopback: false,
            timeout: Duration::from_secs(5),
            tries: 4,
            backoff: Duration::from_secs(1),
        }
    }
}

/// What a webhook is sent: where to look, never a token or a seat's secret.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Payload {
    /// The game's id.
    pub game_id: String,
    /// The game's name (`louisbourg`).
    pub game: String,
    /// `your_turn`, `game_over`, `resign` or `note`.
    pub event: String,
    /// The seat told.
    pub seat: String,
    /// The game's version when it was sent.
    pub version: u64,
    /// The game's page, without the token (the seat's link has it after `#`).
    pub link: String,
    /// What happened, in words anyone in the game may read.
    pub text: String,
}

/// The body a webhook is sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// fiw's own JSON, the [`Payload`].
    Fiw,
    /// Discord's execute-webhook JSON: `{"content": "…", "allowed_mentions": {"parse": []}}`.
    Discord,
}

impl Format {
    /// The format named `name` (`fiw`, `discord`).
    ///
    /// # Errors
    /// Another name: the reason, naming the field.
    pub fn named(name: &str) -> Result<Format, String> {
        match name {
            "fiw" => Ok(Format::Fiw),
            "discord" => Ok(Format::Discord),
            other => Err(format!(
                "format '{}': 'fiw' (fiw's own JSON) or 'discord' (Discord's execute-webhook JSON)",
                other.chars().take(40).collect::<String>()
            )),
        }
    }

    /// Its name, as stored and shown.
    pub fn name(self) -> &'static str {
        match self {
            Format::Fiw => "fiw",
            Format::Discord => "discord",
        }
    }

    /// The format an address is sent when the seat names none: Discord's for Discord's own
    /// webhook addresses (`https://discord.com/api/webhooks/…`), fiw's otherwise.
    pub fn default_for(url: &Url) -> Format {
        let discord = matches!(
            url.host_str(),
            Some("discord.com" | "discordapp.com" | "ptb.discord.com" | "canary.discord.com")
        ) && url.path().starts_with("/api/webhooks/");
        if discord {
            Format::Discord
        } else {
            Format::Fiw
        }
    }

    /// What `payload` is sent as: `title` the game's name as people know it, `base` the
    /// address the server's pages are reached at (the link is made whole with it).
    pub fn body(self, payload: &Payload, title: &str, base: &str) -> String {
        match self {
            Format::Fiw => serde_json::to_string(payload).unwrap_or_default(),
            Format::Discord => {
                let link = format!("{}{}", base.trim_end_matches('/'), payload.link);
                let said = match payload.event.as_str() {
                    "your_turn" => format!("Your turn in {title} ({})", payload.seat),
                    "game_over" => format!(
                        "{title} is over ({}): {}",
                        payload.seat,
                        tail(&payload.text)
                    ),
                    "resign" => format!("{title} ({}): {}", payload.seat, tail(&payload.text)),
                    "rematch" => format!(
                        "{title} ({}): the other side asks for a rematch, sides swapped",
                        payload.seat
                    ),
                    _ => format!("{title} ({}): {}", payload.seat, tail(&payload.text)),
                };
                // no one is pinged by what a game's words hold
                serde_json::json!({
                    "content": format!("{said}: {link}"),
                    "allowed_mentions": { "parse": [] },
                })
                .to_string()
            }
        }
    }
}

/// A payload's text without the game's short name it begins with (`louisbourg: …`).
fn tail(text: &str) -> &str {
    text.split_once(": ").map_or(text, |(_, rest)| rest)
}

/// Why `ip` may not be called, if it may not.
pub fn forbidden(ip: IpAddr, allow_loopback: bool) -> Option<&'static str> {
    match ip {
        IpAddr::V4(v4) => forbidden_v4(v4, allow_loopback),
        IpAddr::V6(v6) => forbidden_v6(v6, allow_loopback),
    }
}

fn forbidden_v4(ip: Ipv4Addr, allow_loopback: bool) -> Option<&'static str> {
    let [a, b, ..] = ip.octets();
    if ip.is_loopback() {
        return (!allow_loopback).then_some("a loopback address");
    }
    if ip.is_unspecified() || a == 0 {
        Some("an unspecified address")
    } else if ip.is_private() {
        Some("a private address")
    } else if ip.is_link_local() {
        Some("a link-local address")
    } else if a == 100 && (b & 0xc0) == 64 {
        Some("a shared (CGNAT) address")
    } else if ip.is_multicast() {
        Some("a multicast address")
    } else if ip.is_broadcast() || a >= 240 {
        Some("a reserved address")
    } else if a == 192 && b == 0 && ip.octets()[2] == 0 {
        Some("an IETF protocol address")
    } else if a == 198 && (b & 0xfe) == 18 {
        Some("a benchmarking (reserved) address")
    } else {
        None
    }
}

fn forbidden_v6(ip: Ipv6Addr, allow_loopback: bool) -> Option<&'static str> {
    let s = ip.segments();
    // an IPv4 address written as IPv6: mapped (::ffff:a.b.c.d), translated
    // (::ffff:0:a.b.c.d), compatible (::a.b.c.d), NAT64 (64:ff9b::a.b.c.d, and the local
    // 64:ff9b:1::/48) or 6to4 (2002:AABB:CCDD::)
    let embedded = |hi: u16, lo: u16| Ipv4Addr::from((u32::from(hi) << 16) | u32::from(lo));
    if ip.is_loopback() {
        return (!allow_loopback).then_some("a loopback address");
    }
    if ip.is_unspecified() {
        return Some("an unspecified address");
    }
    if let Some(v4) = ip.to_ipv4_mapped() {
        return forbidden_v4(v4, allow_loopback);
    }
    if s[..6] == [0; 6] {
        return forbidden_v4(embedded(s[6], s[7]), allow_loopback).or(Some("a reserved address"));
    }
    if s[..4] == [0; 4] && s[4] == 0xffff && s[5] == 0 {
        return forbidden_v4(embedded(s[6], s[7]), allow_loopback);
    }
    if s[0] == 0x64 && s[1] == 0xff9b && (s[2..6] == [0; 4] || s[2] == 1) {
        if let Some(why) = forbidden_v4(embedded(s[6], s[7]), allow_loopback) {
            return Some(why);
        }
        if s[2] == 1 {
            return Some("a local NAT64 address");
        }
    }
    if s[0] == 0x2002 {
        if let Some(why) = forbidden_v4(embedded(s[1], s[2]), false) {
            return Some(why);
        }
    }
    if (s[0] & 0xfe00) == 0xfc00 {
        Some("a unique local (private) address")
    } else if (s[0] & 0xffc0) == 0xfe80 || (s[0] & 0xffc0) == 0xfec0 {
        Some("a link-local address")
    } else if (s[0] & 0xff00) == 0xff00 {
        Some("a multicast address")
    } else {
        None
    }
}

/// Checks a webhook address as a seat gives it: http or https, a host, no more than
/// [`MAX_URL`] bytes, and every address the host resolves to allowed.
///
/// # Errors
/// The reason, in one line.
pub async fn check(url: &str, allow_loopback: bool) -> Result<Url, String> {
    if url.len() > MAX_URL {
        return Err(format!("a webhook address is at most {MAX_URL} bytes"));
    }
    let parsed = Url::parse(url).map_err(|e| format!("webhook: not an address ({e})"))?;
    if !matches!(parsed.scheme(), "http" | "https") {
        return Err("webhook: only http:// and https:// addresses are called".into());
    }
    resolve(&parsed, allow_loopback).await?;
    Ok(parsed)
}

/// The addresses `url`'s host stands for, each checked.
async fn resolve(url: &Url, allow_loopback: bool) -> Result<Vec<SocketAddr>, String> {
    let port = url.port_or_known_default().unwrap_or(80);
    let addrs: Vec<SocketAddr> = match url.host() {
        None => return Err("webhook: the address names no host".into()),
        Some(url::Host::Ipv4(ip)) => vec![SocketAddr::new(ip.into(), port)],
        Some(url::Host::Ipv6(ip)) => vec![SocketAddr::new(ip.into(), port)],
        Some(url::Host::Domain(name)) => lookup(name, port).await?,
    };
    checked(addrs, allow_loopback)
}

async fn lookup(name: &str, port: u16) -> Result<Vec<SocketAddr>, String> {
    let found = tokio::time::timeout(
        Duration::from_secs(5),
        tokio::net::lookup_host((name, port)),
    )
    .await
    .map_err(|_| format!("webhook: looking up {name} took too long"))?
    .map_err(|e| format!("webhook: {name} cannot be looked up ({e})"))?;
    Ok(found.collect())
}

/// The addresses, if every one may be called (one that may not is a sign the name is meant to
/// reach inside).
fn checked(addrs: Vec<SocketAddr>, allow_loopback: bool) -> Result<Vec<SocketAddr>, String> {
    if addrs.is_empty() {
        return Err("webhook: the host has no address".into());
    }
    for a in &addrs {
        if let Some(why) = forbidden(a.ip(), allow_loopback) {
            return Err(format!(
                "webhook: {} is {why}, which a webhook may not call",
                a.ip()
            ));
        }
    }
    Ok(addrs)
}

/// The resolver the webhook client connects with: it resolves and checks in one step.
struct Guarded {
    allow_loopback: bool,
}

impl reqwest::dns::Resolve for Guarded {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let allow = self.allow_loopback;
        let name = name.as_str().to_string();
        Box::pin(async move {
            let addrs = checked(lookup(&name, 0).await?, allow)?;
            Ok(Box::new(addrs.into_iter()) as reqwest::dns::Addrs)
        })
    }
}

/// Makes ring the process's TLS cryptography (Cargo.toml says why not reqwest's default),
/// which every reqwest client of the process needs before it is built; a provider installed
/// already is kept. The load harness and the tests' own clients call it too.
pub fn install_tls() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}

/// Sends webhooks.
pub struct Sender {
    policy: Policy,
    client: OnceLock<Result<reqwest::Client, String>>,
}

impl Sender {
    /// A sender by `policy` (the HTTP client is built when first needed).
    pub fn new(policy: Policy) -> Sender {
        Sender {
            policy,
            client: OnceLock::new(),
        }
    }

    /// How webhooks are sent.
    pub fn policy(&self) -> Policy {
        self.policy
    }

    fn client(&self) -> Result<&reqwest::Client, String> {
        self.client
            .get_or_init(|| {
                install_tls();
                reqwest::Client::builder()
                    .redirect(reqwest::redirect::Policy::none())
                    .no_proxy()
                    .timeout(self.policy.timeout)
                    .connect_timeout(self.policy.timeout)
                    .user_agent("fiw-serve webhook")
                    .dns_resolver(Arc::new(Guarded {
                        allow_loopback: self.policy.allow_loopback,
                    }))
                    .build()
                    .map_err(|e| format!("webhook: no HTTP client: {}", chain(&e)))
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    /// One try of fiw's own JSON: the POST, answered with a 2xx.
    ///
    /// # Errors
    /// Why it failed, in one line.
    pub async fn send(&self, url: &str, payload: &Payload) -> Result<(), String> {
        self.send_body(url, serde_json::to_string(payload).unwrap_or_default())
            .await
    }

    /// One try of `body` (JSON, as [`Format::body`] makes it): the POST, answered with a 2xx.
    ///
    /// # Errors
    /// Why it failed, in one line.
    pub async fn send_body(&self, url: &str, body: String) -> Result<(), String> {
        let parsed = Url::parse(url).map_err(|e| format!("webhook: not an address ({e})"))?;
        // a host written as an address is not resolved, so it is checked here; a name is
        // checked by the client's own resolver as it connects
        if let Some(ip) = match parsed.host() {
            Some(url::Host::Ipv4(ip)) => Some(IpAddr::V4(ip)),
            Some(url::Host::Ipv6(ip)) => Some(IpAddr::V6(ip)),
            _ => None,
        } {
            if let Some(why) = forbidden(ip, self.policy.allow_loopback) {
                return Err(format!(
                    "webhook: {ip} is {why}, which a webhook may not call"
                ));
            }
        }
        let answer = self
            .client()?
            .post(parsed)
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .map_err(|e| clip(&chain(&e)))?;
        let status = answer.status();
        if status.is_success() {
            Ok(())
        } else if status.is_redirection() {
            Err(format!(
                "the webhook answered {status}: redirects are not followed"
            ))
        } else {
            Err(format!("the webhook answered {status}"))
        }
    }
}

/// An error and its causes in one line.
fn chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        let more = s.to_string();
        if !text.contains(&more) {
            text = format!("{text}: {more}");
        }
        source = s.source();
    }
    text.replace('\n', " ")
}

fn clip(text: &str) -> String {
    if text.chars().count() <= 300 {
        text.to_string()
    } else {
        text.chars().take(300).collect::<String>() + "…"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(ip: &str) -> bool {
        forbidden(ip.parse().unwrap(), false).is_some()
    }

    #[test]
    fn the_servers_own_network_is_refused_in_every_spelling() {
        for ip in [
            "127.0.0.1",
            "127.8.9.10",
            "0.0.0.0",
            "0.1.2.3",
            "10.0.0.1",
            "172.16.0.1",
            "172.31.255.255",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "100.127.255.255",
            "224.0.0.1",
            "239.255.255.250",
            "255.255.255.255",
            "240.0.0.1",
            "192.0.0.8",
            "::1",
            "::",
            "fc00::1",
            "fd12:3456::1",
            "fe80::1",
            "ff02::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "::ffff:169.254.169.254",
            "::ffff:100.64.0.1",
            "::127.0.0.1",
            "64:ff9b::10.0.0.1",
            "2002:c0a8:0101::1",
            "2002:7f00:0001::1",
            "::ffff:0:127.0.0.1",
            "::ffff:0:10.1.1.1",
            "64:ff9b:1::8.8.8.8",
            "198.18.0.1",
        ] {
            assert!(refused(ip), "{ip} is allowed");
        }
        for ip in [
            "93.184.216.34",
            "8.8.8.8",
            "100.63.255.255",
            "100.128.0.1",
            "172.32.0.1",
            "2606:4700::1111",
            "64:ff9b::8.8.8.8",
        ] {
            assert!(!refused(ip), "{ip} is refused");
        }
        // the tests' flag lets loopback through, and nothing else
        for ip in ["127.0.0.1", "::1", "::ffff:127.0.0.1"] {
            assert_eq!(forbidden(ip.parse().unwrap(), true), None, "{ip}");
        }
        for ip in ["10.0.0.1", "::ffff:192.168.0.1", "fd00::1", "0.0.0.0"] {
            assert!(forbidden(ip.parse().unwrap(), true).is_some(), "{ip}");
        }
    }

    /// A payload as the duties send one.
    fn payload() -> Payload {
        Payload {
            game_id: "g".into(),
            game: "louisbourg".into(),
            event: "your_turn".into(),
            seat: "british".into(),
            version: 1,
            link: "/play/g".into(),
            text: String::new(),
        }
    }

    #[test]
    fn discords_addresses_are_sent_discords_json_and_it_says_whose_turn() {
        let url = |u: &str| Url::parse(u).unwrap();
        for u in [
            "https://discord.com/api/webhooks/123/abc",
            "https://discordapp.com/api/webhooks/1/x",
            "https://canary.discord.com/api/webhooks/1/x?thread_id=2",
        ] {
            assert_eq!(Format::default_for(&url(u)), Format::Discord, "{u}");
        }
        for u in [
            "https://discord.com/channels/1/2",
            "https://discord.com.example.org/api/webhooks/1/x",
            "https://example.org/api/webhooks/1/x",
            "http://127.0.0.1:9/hook",
        ] {
            assert_eq!(Format::default_for(&url(u)), Format::Fiw, "{u}");
        }
        assert!(Format::named("slack")
            .unwrap_err()
            .contains("format 'slack'"));
        let p = payload();
        let body: serde_json::Value = serde_json::from_str(&Format::Discord.body(
            &p,
            "Louisbourg 1758",
            "https://fiw.example.org/",
        ))
        .unwrap();
        assert_eq!(
            body,
            serde_json::json!({
                "content": "Your turn in Louisbourg 1758 (british): https://fiw.example.org/play/g",
                "allowed_mentions": { "parse": [] },
            })
        );
        let fiw: serde_json::Value =
            serde_json::from_str(&Format::Fiw.body(&p, "Louisbourg 1758", "")).unwrap();
        assert_eq!(fiw, serde_json::to_value(&p).unwrap());
    }

    #[tokio::test]
    async fn addresses_are_checked_before_anything_is_called() {
        for (url, why) in [
            ("ftp://example.org/x", "only http"),
            ("file:///etc/passwd", "only http"),
            ("not a url", "not an address"),
            ("http://127.0.0.1:9/x", "loopback"),
            ("http://localhost:9/x", "loopback"),
            ("http://[::1]:9/", "loopback"),
            ("http://[::ffff:7f00:1]/", "loopback"),
            ("http://0x7f.1/", "loopback"),
            ("http://2130706433/", "loopback"),
            ("http://10.1.2.3/", "private"),
            ("https://169.254.169.254/latest/meta-data", "link-local"),
            ("http://[fd00::1]/", "private"),
            ("http://100.100.100.100/", "CGNAT"),
        ] {
            let e = check(url, false).await.unwrap_err();
            assert!(e.contains(why), "{url}: {e}");
            assert!(!e.contains('\n'));
        }
        assert!(check("http://127.0.0.1:9/x", true).await.is_ok());
        assert!(check(&format!("http://a/{}", "x".repeat(MAX_URL)), true)
            .await
            .is_err());
        // the sender checks again, whatever was registered
        let sender = Sender::new(Policy::default());
        let payload = payload();
        for url in [
            "http://127.0.0.1:9/",
            "http://10.0.0.1/",
            "http://localhost:9/",
        ] {
            let e = sender.send(url, &payload).await.unwrap_err();
            assert!(e.contains("may not call"), "{url}: {e}");
        }
    }

    #[tokio::test]
    async fn a_redirect_is_a_failure_and_is_not_followed() {
        use std::sync::atomic::{AtomicBool, Ordering};
        let landed = Arc::new(AtomicBool::new(false));
        let seen = landed.clone();
        let app = axum::Router::new()
            .route(
                "/moved",
                axum::routing::post(|| async {
                    (axum::http::StatusCode::FOUND, [("location", "/landed")])
                }),
            )
            .route(
                "/landed",
                axum::routing::any(move || {
                    seen.store(true, Ordering::SeqCst);
                    async { "here" }
                }),
            )
            .route("/ok", axum::routing::post(|| async { "thanks" }));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await });
        let sender = Sender::new(Policy {
            allow_loopback: true,
            ..Policy::default()
        });
        let payload = payload();
        let e = sender
            .send(&format!("http://{addr}/moved"), &payload)
            .await
            .unwrap_err();
        assert!(e.contains("redirects are not followed"), "{e}");
        assert!(!landed.load(Ordering::SeqCst));
        sender
            .send(&format!("http://{addr}/ok"), &payload)
            .await
            .unwrap();
        // and by a name, through the resolver that checks
        sender
            .send(&format!("http://localhost:{}/ok", addr.port()), &payload)
            .await
            .unwrap();
    }
}
