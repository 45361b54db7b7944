//! What an operator sees of a running server: counters and gauges in Prometheus's text format
//! (`GET /metrics`, readable only from a configured address or with a configured token), and
//! `GET /healthz` (the database reachable and writable). Written by hand: a dozen counters need
//! no registry crate, and the format is a few lines of text.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::Mutex;

/// The upper bounds of the commit latency histogram's buckets, in milliseconds.
const COMMIT_BUCKETS_MS: [f64; 10] = [
    1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 250.0, 1000.0, 5000.0,
];

/// The server's counts. One per server, shared by every part that counts.
#[derive(Default)]
pub struct Metrics {
    /// Requests answered, by route (its template, never its values) and status.
    requests: Mutex<BTreeMap<(String, u16), u64>>,
    /// Connections open now.
    pub connections: AtomicI64,
    /// Connections refused at once by a cap.
    pub connections_refused: AtomicU64,
    /// WebSockets open now.
    pub sockets: AtomicI64,
    /// WebSockets closed by a cap, the frame rate or the idle timeout.
    pub sockets_refused: AtomicU64,
    /// Views built for WebSockets (each a page's message).
    pub socket_views: AtomicU64,
    /// Games in memory now.
    pub games_in_memory: AtomicI64,
    /// Games let go of memory after their idle time.
    pub games_evicted: AtomicU64,
    /// Computer seats thinking now.
    pub thinking: AtomicI64,
    /// Hint searches run (a hint answered from the kept one counts nothing).
    pub hint_searches: AtomicU64,
    /// Commits, and their latency.
    commits: Mutex<Histogram>,
}

#[derive(Default)]
struct Histogram {
    buckets: [u64; COMMIT_BUCKETS_MS.len()],
    count: u64,
    sum_ms: f64,
}

impl Metrics {
    /// A request to `route` answered `status`.
    pub fn request(&self, route: &str, status: u16) {
        if let Ok(mut r) = self.requests.lock() {
            *r.entry((route.to_string(), status)).or_default() += 1;
        }
    }

    /// A commit that took `ms`.
    pub fn commit(&self, ms: f64) {
        if let Ok(mut h) = self.commits.lock() {
            for (i, bound) in COMMIT_BUCKETS_MS.iter().enumerate() {
                if ms <= *bound {
                    h.buckets[i] += 1;
                }
            }
            h.count += 1;
            h.sum_ms += ms;
        }
    }

    /// The number of requests answered so far to `route` with `status`.
    pub fn requests_to(&self, route: &str, status: u16) -> u64 {
        self.requests
            .lock()
            .map(|r| r.get(&(route.to_string(), status)).copied().unwrap_or(0))
            .unwrap_or(0)
    }

    /// Everything, in Prometheus's text exposition format.
    pub fn render(&self) -> String {
        let mut s = String::new();
        let gauge = |s: &mut String, name: &str, help: &str, v: i64| {
            s.push_str(&format!(
                "# HELP {name} {help}\n# TYPE {name} gauge\n{name} {v}\n"
            ));
        };
        let counter = |s: &mut String, name: &str, help: &str, v: u64| {
            s.push_str(&format!(
                "# HELP {name} {help}\n# TYPE {name} counter\n{name} {v}\n"
            ));
        };
        s.push_str("# HELP fiw_requests_total Requests answered, by route and status.\n");
        s.push_str("# TYPE fiw_requests_total counter\n");
        if let Ok(r) = self.requests.lock() {
            for ((route, status), n) in r.iter() {
                s.push_str(&format!(
                    "fiw_requests_total{{route=\"{}\",status=\"{status}\"}} {n}\n",
                    route.replace('\\', "\\\\").replace('"', "\\\"")
                ));
            }
        }
        let load = |a: &AtomicI64| a.load(Ordering::Relaxed);
        let count = |a: &AtomicU64| a.load(Ordering::Relaxed);
        gauge(
            &mut s,
            "fiw_connections_open",
            "HTTP connections open now.",
            load(&self.connections),
        );
        counter(
            &mut s,
            "fiw_connections_refused_total",
            "Connections refused at once by a cap.",
            count(&self.connections_refused),
        );
        gauge(
            &mut s,
            "fiw_sockets_open",
            "WebSockets open now.",
            load(&self.sockets),
        );
        counter(
            &mut s,
            "fiw_sockets_refused_total",
            "WebSockets closed by a cap, the frame rate or the idle timeout.",
            count(&self.sockets_refused),
        );
        counter(
            &mut s,
            "fiw_socket_views_total",
            "Views built for WebSocket messages.",
            count(&self.socket_views),
        );
        gauge(
            &mut s,
            "fiw_games_in_memory",
            "Games held in memory now.",
            load(&self.games_in_memory),
        );
        counter(
            &mut s,
            "fiw_games_evicted_total",
            "Games let go of memory after their idle time.",
            count(&self.games_evicted),
        );
        gauge(
            &mut s,
            "fiw_computer_seats_thinking",
            "Computer seats thinking now.",
            load(&self.thinking),
        );
        counter(
            &mut s,
            "fiw_hint_searches_total",
            "Hint searches run.",
            count(&self.hint_searches),
        );
        s.push_str("# HELP fiw_commit_ms Time a change's commit to the database took.\n");
        s.push_str("# TYPE fiw_commit_ms histogram\n");
        if let Ok(h) = self.commits.lock() {
            for (i, bound) in COMMIT_BUCKETS_MS.iter().enumerate() {
                s.push_str(&format!(
                    "fiw_commit_ms_bucket{{le=\"{bound}\"}} {}\n",
                    h.buckets[i]
                ));
            }
            s.push_str(&format!(
                "fiw_commit_ms_bucket{{le=\"+Inf\"}} {}\n",
                h.count
            ));
            s.push_str(&format!("fiw_commit_ms_sum {}\n", h.sum_ms));
            s.push_str(&format!("fiw_commit_ms_count {}\n", h.count));
        }
        s
    }
}

/// Counts one of something for as long as the guard lives (an open connection, a socket, a
/// computer seat thinking).
pub struct Held<'a>(&'a AtomicI64);

impl<'a> Held<'a> {
    /// Counts one more in `gauge` until dropped.
    pub fn new(gauge: &'a AtomicI64) -> Held<'a> {
        gauge.fetch_add(1, Ordering::Relaxed);
        Held(gauge)
    }
}

impl Drop for Held<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_format_has_every_series_and_the_histogram_adds_up() {
        let m = Metrics::default();
        m.request("/api/games/{id}", 200);
        m.request("/api/games/{id}", 200);
        m.commit(3.0);
        m.commit(700.0);
        {
            let _open = Held::new(&m.sockets);
            assert!(m.render().contains("fiw_sockets_open 1\n"));
        }
        let text = m.render();
        assert!(text.contains("fiw_requests_total{route=\"/api/games/{id}\",status=\"200\"} 2\n"));
        assert!(text.contains("fiw_sockets_open 0\n"));
        assert!(text.contains("fiw_commit_ms_bucket{le=\"5\"} 1\n"));
        assert!(text.contains("fiw_commit_ms_bucket{le=\"1000\"} 2\n"));
        assert!(text.contains("fiw_commit_ms_count 2\n"));
        assert_eq!(m.requests_to("/api/games/{id}", 200), 2);
    }
}
