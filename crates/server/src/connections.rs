//! The server's own accept loop, where every connection is bounded: counted per address and
//! in all (refused at once past a cap, with a one-line JSON answer), given a time to send its
//! request's headers that also closes it once idle between requests (hyper starts that timer
//! again after each answer), and shut down gracefully: on SIGTERM or Ctrl-C the server stops
//! accepting, lets the requests in flight end, and closes its WebSockets with "going away" so
//! that pages connect again to the next server.

use crate::bounds::Bounds;
use crate::metrics::Metrics;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tower::ServiceExt;

/// The connections open now, by address and in all.
#[derive(Default)]
pub struct Open {
    by_address: Mutex<HashMap<IpAddr, usize>>,
    total: AtomicUsize,
}

/// A connection counted for as long as it lives.
pub struct Counted {
    open: Arc<Open>,
    address: Option<IpAddr>,
}

impl Drop for Counted {
    fn drop(&mut self) {
        self.open.total.fetch_sub(1, Ordering::SeqCst);
        if let Some(a) = self.address {
            if let Ok(mut m) = self.open.by_address.lock() {
                if let Some(n) = m.get_mut(&a) {
                    *n -= 1;
                    if *n == 0 {
                        m.remove(&a);
                    }
                }
            }
        }
    }
}

/// Why a connection was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// The address has its cap's worth open.
    Address(usize),
    /// The server has its cap's worth open.
    Total(usize),
}

impl Refused {
    fn words(&self) -> String {
        match self {
            Refused::Address(n) => format!(
                "too many connections from your address ({n} open): close some pages and try again"
            ),
            Refused::Total(n) => {
                format!("the server has all the connections it takes ({n}): try again soon")
            }
        }
    }
}

impl Open {
    /// Counts a connection from `address` (`None`: not counted by address, as behind a proxy),
    /// unless a cap is reached.
    ///
    /// # Errors
    /// The cap reached.
    pub fn admit(
        self: &Arc<Self>,
        address: Option<IpAddr>,
        bounds: &Bounds,
        total_cap: usize,
    ) -> Result<Counted, Refused> {
        let mut by = self.by_address.lock().map_err(|_| Refused::Total(0))?;
        if self.total.load(Ordering::SeqCst) >= total_cap {
            return Err(Refused::Total(total_cap));
        }
        if let Some(a) = address {
            let n = by.entry(a).or_default();
            if *n >= bounds.connections_per_address {
                return Err(Refused::Address(*n));
            }
            *n += 1;
        }
        self.total.fetch_add(1, Ordering::SeqCst);
        Ok(Counted {
            open: self.clone(),
            address,
        })
    }

    /// Connections open now.
    pub fn total(&self) -> usize {
        self.total.load(Ordering::SeqCst)
    }
}

/// Serves `app` on `listener` until `stop` turns true, then waits (at most `grace`) for the
/// connections in flight to end.
pub async fn serve(
    listener: TcpListener,
    app: axum::Router,
    bounds: Bounds,
    total_cap: usize,
    metrics: Arc<Metrics>,
    mut stop: watch::Receiver<bool>,
    grace: Duration,
) -> std::io::Result<()> {
    let open = Arc::new(Open::default());
    let mut tasks = tokio::task::JoinSet::new();
    loop {
        let accepted = tokio::select! {
            a = listener.accept() => a,
            _ = stopped(&mut stop) => break,
        };
        let (stream, peer) = match accepted {
            Ok(a) => a,
            // out of files or a connection reset before it was accepted: go on accepting,
            // after a breath when the process is out of files
            Err(e) => {
                tracing::warn!(error = %e, "accepting a connection failed");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        // reap the connections ended, so the set does not grow with the server's life
        while tasks.try_join_next().is_some() {}
        let address = (!bounds.behind_proxy).then_some(peer.ip());
        let counted = match open.admit(address, &bounds, total_cap) {
            Ok(c) => c,
            Err(why) => {
                metrics.connections_refused.fetch_add(1, Ordering::Relaxed);
                tasks.spawn(refuse(stream, why));
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        let (metrics, stop, header_read) = (metrics.clone(), stop.clone(), bounds.header_read);
        tasks.spawn(async move {
            let _counted = counted;
            let _open = crate::metrics::Held::new(&metrics.connections);
            connection(stream, peer, app, header_read, stop).await;
        });
    }
    drop(listener);
    // the requests in flight end, and the pages' sockets (whose tasks left hyper's connection
    // when they were upgraded) send their close frame; then whatever is left is dropped
    let _ = tokio::time::timeout(grace, async {
        while tasks.join_next().await.is_some() {}
        while metrics.sockets.load(Ordering::SeqCst) > 0 {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await;
    Ok(())
}

/// One connection, served until it ends, its headers or idleness time out, or the server
/// shuts down (gracefully: the request in flight is answered first).
async fn connection(
    stream: TcpStream,
    peer: SocketAddr,
    app: axum::Router,
    header_read: Duration,
    mut stop: watch::Receiver<bool>,
) {
    let service = app.map_request(move |mut req: axum::http::Request<Incoming>| {
        req.extensions_mut().insert(ConnectInfo(peer));
        req
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(header_read)
        .keep_alive(true);
    let conn = builder
        .serve_connection(TokioIo::new(stream), TowerToHyperService::new(service))
        .with_upgrades();
    tokio::pin!(conn);
    tokio::select! {
        _ = conn.as_mut() => {}
        _ = stopped(&mut stop) => {
            conn.as_mut().graceful_shutdown();
            let _ = conn.await;
        }
    }
}

/// Resolves once `stop` is true (never, if its sender is gone without saying so).
pub async fn stopped(stop: &mut watch::Receiver<bool>) {
    loop {
        if *stop.borrow_and_update() {
            return;
        }
        if stop.changed().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

/// Answers a refused connection with one line of JSON, and closes it.
async fn refuse(mut stream: TcpStream, why: Refused) {
    let body = serde_json::json!({ "error": why.words() }).to_string();
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 5\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(2), async {
        let _ = stream.write_all(answer.as_bytes()).await;
        let _ = stream.shutdown().await;
    })
    .await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connections_are_counted_by_address_and_in_all() {
        let open = Arc::new(Open::default());
        let bounds = Bounds {
            connections_per_address: 2,
            ..Bounds::default()
        };
        let a: IpAddr = "127.0.0.1".parse().unwrap();
        let b: IpAddr = "127.0.0.2".parse().unwrap();
        let one = open.admit(Some(a), &bounds, 3).unwrap();
        let two = open.admit(Some(a), &bounds, 3).unwrap();
        assert_eq!(
            open.admit(Some(a), &bounds, 3).err(),
            Some(Refused::Address(2))
        );
        let three = open.admit(Some(b), &bounds, 3).unwrap();
        assert_eq!(
            open.admit(Some(b), &bounds, 3).err(),
            Some(Refused::Total(3))
        );
        drop(one);
        assert!(open.admit(Some(a), &bounds, 3).is_ok());
        drop((two, three));
        assert_eq!(open.total(), 0);
        assert!(open.by_address.lock().unwrap().is_empty());
    }
}
