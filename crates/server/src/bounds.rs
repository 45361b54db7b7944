//! Every bound on the work one client can make the server do: its connections, its sockets,
//! the computer-only games it starts, the hints it asks for, the games kept in memory. Each has
//! a default and a `fiw serve` flag (docs/api.md, "Running a server").

use std::time::Duration;

/// The bounds a server runs under.
#[derive(Clone, Debug)]
pub struct Bounds {
    /// Connections open at once, in all (refused at once past it). `0`: sized from the
    /// process's open-file limit at start.
    pub connections: usize,
    /// Connections open at once from one address (the forwarded one behind a proxy is counted
    /// by requests and sockets instead: see [`Bounds::behind_proxy`]). A club behind one NAT
    /// shares an address: a browser tab holds a socket and a few connections.
    pub connections_per_address: usize,
    /// How long a connection may take to send a request's headers, and stay open idle
    /// between requests.
    pub header_read: Duration,
    /// WebSockets open on one game.
    pub sockets_per_game: usize,
    /// WebSockets open with one seat's credential (one person's tabs and devices).
    pub sockets_per_credential: usize,
    /// WebSockets open from one address.
    pub sockets_per_address: usize,
    /// How often the server pings a page's socket.
    pub socket_ping: Duration,
    /// A socket that sends nothing (not even the answer to a ping) for this long is closed.
    pub socket_idle: Duration,
    /// Frames a page may send a second (a burst of ten times as many), past which the socket
    /// is closed.
    pub frames_per_second: u32,
    /// The least time between two resyncs (a fresh view asked for) of one socket.
    pub resync_every: Duration,
    /// Games with no human seat playing at once, in all.
    pub computer_games: usize,
    /// Games with no human seat playing at once, started from one address.
    pub computer_games_per_address: usize,
    /// Computer seats thinking at once, in all games (0: half the cores, at least one).
    pub thinking: usize,
    /// The least time between two hint searches of one seat (a hint of the same version is
    /// answered from the one kept, at any time).
    pub hint_every: Duration,
    /// A game nobody has asked for in this long leaves memory (never while a page is open on
    /// it, a computer seat thinks, its clock runs or this server holds its cluster lock).
    pub game_idle: Duration,
    /// Whether the server is behind a reverse proxy: clients are then told apart by the last
    /// address of `X-Forwarded-For`, and the per-address connection cap (every connection
    /// comes from the proxy) is left to the proxy.
    pub behind_proxy: bool,
}

impl Default for Bounds {
    fn default() -> Self {
        Bounds {
            connections: 0,
            connections_per_address: 256,
            header_read: Duration::from_secs(20),
            sockets_per_game: 64,
            sockets_per_credential: 8,
            sockets_per_address: 64,
            socket_ping: Duration::from_secs(25),
            socket_idle: Duration::from_secs(90),
            frames_per_second: 5,
            resync_every: Duration::from_millis(500),
            computer_games: 4,
            computer_games_per_address: 1,
            thinking: 0,
            hint_every: Duration::from_secs(5),
            game_idle: Duration::from_secs(600),
            behind_proxy: false,
        }
    }
}

impl Bounds {
    /// Computer seats thinking at once: the configured number, or half the cores.
    pub fn thinking_slots(&self) -> usize {
        match self.thinking {
            0 => std::thread::available_parallelism()
                .map(|n| n.get() / 2)
                .unwrap_or(1)
                .max(1),
            n => n,
        }
    }
}

/// Raises the process's open-file soft limit to its hard limit, and gives the total
/// connection cap it allows: the limit less a reserve for the database, the listener and the
/// files the server opens, never below 64.
pub fn open_files() -> (u64, usize) {
    let limit = raise_nofile().unwrap_or(1024);
    let reserve = 96;
    let cap = limit.saturating_sub(reserve).max(64).min(1 << 20) as usize;
    (limit, cap)
}

#[cfg(unix)]
fn raise_nofile() -> Option<u64> {
    rlimit::increase_nofile_limit(u64::MAX).ok()
}

#[cfg(not(unix))]
fn raise_nofile() -> Option<u64> {
    None
}
