//! How many requests one address and one link may make: enough for a page whose player drags
//! a piece (a check at each step of the drag), too few for a script to wear the server down.
//! Counted in this process, as a generic cell rate (governor): each key has a burst, refilled
//! at its rate.

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use serde_json::json;
use sha2::{Digest, Sha256};
use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Arc;

/// The limits, requests a second with a burst of three seconds' worth; 0 is no limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RateLimits {
    /// From one address (behind one NAT, several players).
    pub per_address: u32,
    /// With one link's token (one player, however many devices).
    pub per_token: u32,
    /// Whether the address is the last hop of `X-Forwarded-For`, for a server behind a
    /// reverse proxy (which every request would otherwise come from).
    pub behind_proxy: bool,
}

impl RateLimits {
    /// No limit at all: for tests and load measurements that set their own pace.
    pub fn none() -> Self {
        RateLimits {
            per_address: 0,
            per_token: 0,
            behind_proxy: false,
        }
    }
}

impl Default for RateLimits {
    fn default() -> Self {
        RateLimits {
            per_address: 60,
            per_token: 30,
            behind_proxy: false,
        }
    }
}

/// The counts.
pub struct Limiter {
    limits: RateLimits,
    // made once: making a clock measures the processor's
    clock: DefaultClock,
    addresses: Option<DefaultKeyedRateLimiter<IpAddr>>,
    tokens: Option<DefaultKeyedRateLimiter<[u8; 16]>>,
}

fn keyed<K: std::hash::Hash + Eq + Clone>(per_second: u32) -> Option<DefaultKeyedRateLimiter<K>> {
    let rate = NonZeroU32::new(per_second)?;
    let burst = NonZeroU32::new(per_second.saturating_mul(3)).unwrap_or(rate);
    Some(RateLimiter::keyed(
        Quota::per_second(rate).allow_burst(burst),
    ))
}

impl Limiter {
    /// Counts for `limits`.
    pub fn new(limits: RateLimits) -> Arc<Limiter> {
        Arc::new(Limiter {
            limits,
            clock: DefaultClock::default(),
            addresses: keyed(limits.per_address),
            tokens: keyed(limits.per_token),
        })
    }

    /// Forgets the keys whose bursts are full again, so that a stream of new addresses or
    /// made-up tokens cannot grow the counts without end (called every minute).
    pub fn forget_idle(&self) {
        if let Some(a) = &self.addresses {
            a.retain_recent();
            a.shrink_to_fit();
        }
        if let Some(t) = &self.tokens {
            t.retain_recent();
            t.shrink_to_fit();
        }
    }

    /// The number of keys counted now.
    pub fn keys(&self) -> usize {
        self.addresses.as_ref().map_or(0, |a| a.len()) + self.tokens.as_ref().map_or(0, |t| t.len())
    }

    fn address(&self, req: &Request) -> Option<IpAddr> {
        if self.limits.behind_proxy {
            let forwarded = req.headers().get("x-forwarded-for")?.to_str().ok()?;
            return forwarded.rsplit(',').next()?.trim().parse().ok();
        }
        req.extensions()
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip())
    }
}

/// A request's token, hashed short: the key it is counted by (a made-up token counts too,
/// so a script cannot pass by sending a new one each time without meeting the address's
/// limit).
fn token_key(req: &Request) -> Option<[u8; 16]> {
    let token = crate::api::token(req.headers())?;
    let digest = Sha256::digest(token.as_bytes());
    let mut key = [0u8; 16];
    key.copy_from_slice(&digest[..16]);
    Some(key)
}

fn too_many(what: &str, per_second: u32, wait_ms: u64) -> Response {
    let mut resp = (
        StatusCode::TOO_MANY_REQUESTS,
        Json(json!({
            "error": format!(
                "too many requests {what}: at most {per_second} a second; try again in {} ms",
                wait_ms.max(1)
            )
        })),
    )
        .into_response();
    let secs = wait_ms.div_ceil(1000).max(1);
    if let Ok(v) = HeaderValue::from_str(&secs.to_string()) {
        resp.headers_mut().insert("retry-after", v);
    }
    resp
}

/// The middleware: a request over either limit is answered 429 with the wait, and not run.
pub async fn limit(State(limiter): State<Arc<Limiter>>, req: Request, next: Next) -> Response {
    let clock = &limiter.clock;
    if let (Some(counts), Some(ip)) = (&limiter.addresses, limiter.address(&req)) {
        if let Err(not_until) = counts.check_key(&ip) {
            let wait = not_until.wait_time_from(clock.now()).as_millis() as u64;
            return too_many("from this address", limiter.limits.per_address, wait);
        }
    }
    if let (Some(counts), Some(key)) = (&limiter.tokens, token_key(&req)) {
        if let Err(not_until) = counts.check_key(&key) {
            let wait = not_until.wait_time_from(clock.now()).as_millis() as u64;
            return too_many("with this link", limiter.limits.per_token, wait);
        }
    }
    next.run(req).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::routing::get;
    use axum::Router;
    use tower::ServiceExt;

    fn app(limits: RateLimits) -> (Router, Arc<Limiter>) {
        let limiter = Limiter::new(limits);
        let app = Router::new()
            .route("/", get(|| async { "ok" }))
            .layer(axum::middleware::from_fn_with_state(limiter.clone(), limit));
        (app, limiter)
    }

    async fn call(
        app: &Router,
        from: [u8; 4],
        token: Option<&str>,
        forwarded: Option<&str>,
    ) -> Response {
        let mut req = axum::http::Request::builder().uri("/");
        if let Some(t) = token {
            req = req.header("authorization", format!("Bearer {t}"));
        }
        if let Some(f) = forwarded {
            req = req.header("x-forwarded-for", f);
        }
        let mut req = req.body(Body::empty()).unwrap();
        req.extensions_mut()
            .insert(ConnectInfo(SocketAddr::from((from, 4000))));
        app.clone().oneshot(req).await.unwrap()
    }

    #[tokio::test]
    async fn a_link_over_its_limit_waits_and_another_does_not() {
        let (app, _) = app(RateLimits {
            per_address: 0,
            per_token: 2,
            behind_proxy: false,
        });
        // a burst of three seconds' worth, then refused with the wait
        for _ in 0..6 {
            assert_eq!(
                call(&app, [10, 0, 0, 1], Some("a"), None).await.status(),
                StatusCode::OK
            );
        }
        let refused = call(&app, [10, 0, 0, 1], Some("a"), None).await;
        assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
        assert!(
            refused.headers()["retry-after"]
                .to_str()
                .unwrap()
                .parse::<u64>()
                .unwrap()
                >= 1
        );
        let body = axum::body::to_bytes(refused.into_body(), 1 << 10)
            .await
            .unwrap();
        let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert!(
            v["error"].as_str().unwrap().contains("at most 2 a second"),
            "{v}"
        );
        assert_eq!(
            call(&app, [10, 0, 0, 1], Some("b"), None).await.status(),
            StatusCode::OK
        );
    }

    #[tokio::test]
    async fn an_address_over_its_limit_waits_whatever_tokens_it_makes_up() {
        let (app, limiter) = app(RateLimits {
            per_address: 1,
            per_token: 100,
            behind_proxy: false,
        });
        for i in 0..3 {
            let t = format!("made-up-{i}");
            assert_eq!(
                call(&app, [10, 0, 0, 2], Some(&t), None).await.status(),
                StatusCode::OK
            );
        }
        let refused = call(&app, [10, 0, 0, 2], Some("made-up-9"), None).await;
        assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(
            call(&app, [10, 0, 0, 3], None, None).await.status(),
            StatusCode::OK
        );
        // a forged X-Forwarded-For changes nothing unless the server is behind a proxy
        assert_eq!(
            call(&app, [10, 0, 0, 2], None, Some("1.2.3.4"))
                .await
                .status(),
            StatusCode::TOO_MANY_REQUESTS
        );
        assert!(limiter.keys() >= 2);
        limiter.forget_idle();
    }

    #[tokio::test]
    async fn behind_a_proxy_the_forwarded_address_counts() {
        let (app, _) = app(RateLimits {
            per_address: 1,
            per_token: 0,
            behind_proxy: true,
        });
        for _ in 0..3 {
            let ok = call(&app, [127, 0, 0, 1], None, Some("9.9.9.9, 203.0.113.5")).await;
            assert_eq!(ok.status(), StatusCode::OK);
        }
        let refused = call(&app, [127, 0, 0, 1], None, Some("203.0.113.5")).await;
        assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
        // another client behind the same proxy is counted apart
        let other = call(&app, [127, 0, 0, 1], None, Some("203.0.113.6")).await;
        assert_eq!(other.status(), StatusCode::OK);
    }
}
