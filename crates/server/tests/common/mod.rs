//! What the server's API tests share: the two databases every test runs on, and a client that
//! calls a server's routes in-process. A test file takes it with `mod common;` and uses what
//! it needs of it.
#![allow(dead_code)]

use axum::body::Body;
use axum::http::{Request, StatusCode};
use fiw_server::live::{Duties, Games, Limits};
use fiw_server::store::Store;
use http_body_util::BodyExt;
use serde_json::Value;
use std::sync::Arc;
use std::time::Duration;
use tower::ServiceExt;

/// A fresh SQLite file in a directory of its own under the system's temporary directory.
pub fn sqlite_url() -> String {
    let dir = std::env::temp_dir().join(format!(
        "fiw-test-{}-{}",
        std::process::id(),
        fiw_server::tokens::new_id().unwrap()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    format!("sqlite://{}", dir.join("fiw.db").display())
}

/// The PostgreSQL `scripts/test` starts; without it the test fails, saying how to have one:
/// it never skips.
pub fn postgres_url() -> String {
    std::env::var("FIW_TEST_POSTGRES").unwrap_or_else(|_| {
        panic!(
            "FIW_TEST_POSTGRES is not set: the storage tests need a PostgreSQL; run scripts/test, which installs and starts one"
        )
    })
}

/// Each named `async fn NAME(url: &str)` as two tests, one on each database.
#[macro_export]
macro_rules! on_both {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $name() { super::$name(&$crate::common::sqlite_url()).await })*
        }
        mod postgres {
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $name() { super::$name(&$crate::common::postgres_url()).await })*
        }
    };
}

/// The computer seats' budget in the tests: small, so that their games go fast.
pub fn limits() -> Limits {
    Limits {
        bounds: fiw_server::bounds::Bounds {
            // the tests make games against the computer at a pace no person does
            computer_games: 64,
            computer_games_per_address: 64,
            hint_every: Duration::ZERO,
            ..fiw_server::bounds::Bounds::default()
        },
        ai: fiw_host::seats::AiBudget {
            iterations: Some(20),
            ms: Some(200),
        },
    }
}

/// A server's routes over a database, called in-process, with no rate limits.
pub struct Client {
    pub app: axum::Router,
    pub games: Arc<Games>,
}

impl Client {
    /// A server over `url` doing the duties of a default server (the wall clock, webhooks
    /// that may not call loopback).
    pub async fn new(url: &str) -> Client {
        let games = Games::new(Store::open(url).await.unwrap(), limits());
        Client::over(games)
    }

    /// A server over `url` doing `duties` (a test's clock, webhooks allowed on loopback).
    pub async fn with_duties(url: &str, duties: Duties) -> Client {
        let games = Games::with_duties(Store::open(url).await.unwrap(), limits(), duties);
        Client::over(games)
    }

    fn over(games: Arc<Games>) -> Client {
        Client::timed(games, fiw_server::api::REQUEST_TIMEOUT)
    }

    /// A server's routes over `games`, answering 408 to requests that take over `timeout`.
    pub fn timed(games: Arc<Games>, timeout: Duration) -> Client {
        Client {
            app: fiw_server::app_timed(
                games.clone(),
                "http://127.0.0.1:1".into(),
                fiw_server::rate::Limiter::new(fiw_server::rate::RateLimits::none()),
                timeout,
            ),
            games,
        }
    }

    /// The request as the router takes it, to send from a task of the test's own (and drop).
    pub fn request(
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> Request<Body> {
        let mut req = Request::builder().method(method).uri(path);
        if let Some(t) = token {
            req = req.header("authorization", format!("Bearer {t}"));
        }
        if body.is_some() {
            req = req.header("content-type", "application/json");
        }
        req.body(body.map_or_else(Body::empty, |b| Body::from(b.to_string())))
            .unwrap()
    }

    /// Sends `req` on a task of its own: the task's handle, whose abort drops the request as
    /// a client that goes away does; it gives the status and the JSON answer.
    pub fn send(&self, req: Request<Body>) -> tokio::task::JoinHandle<(StatusCode, Value)> {
        let app = self.app.clone();
        tokio::spawn(async move {
            let resp = app.oneshot(req).await.unwrap();
            let status = resp.status();
            let bytes = resp.into_body().collect().await.unwrap().to_bytes();
            (
                status,
                serde_json::from_slice(&bytes).unwrap_or(Value::Null),
            )
        })
    }

    /// A request with a JSON body (or none): the status and the JSON answer (every answer of
    /// the API is JSON, its errors too: anything else fails the test).
    pub async fn call(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        self.raw(method, path, token, body.map(|b| b.to_string()))
            .await
    }

    /// A request with a body as given, well-formed or not.
    pub async fn raw(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<String>,
    ) -> (StatusCode, Value) {
        let mut req = Request::builder().method(method).uri(path);
        if let Some(t) = token {
            req = req.header("authorization", format!("Bearer {t}"));
        }
        if body.is_some() {
            req = req.header("content-type", "application/json");
        }
        let req = req.body(body.map_or_else(Body::empty, Body::from)).unwrap();
        let resp = self.app.clone().oneshot(req).await.unwrap();
        let status = resp.status();
        let bytes = resp.into_body().collect().await.unwrap().to_bytes();
        let value = serde_json::from_slice(&bytes).unwrap_or_else(|_| {
            panic!(
                "{method} {path}: not JSON ({status}): {}",
                String::from_utf8_lossy(&bytes)
            )
        });
        (status, value)
    }

    /// A request as a browser signed in with `session` sends it (its cookie, and this site's
    /// `Origin`): the status, the JSON answer, and the session a `Set-Cookie` gives (`Some("")`
    /// when it clears it).
    pub async fn browse(
        &self,
        method: &str,
        path: &str,
        session: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value, Option<String>) {
        self.browse_with(method, path, session, None, body).await
    }

    /// As [`Client::browse`], with a link's token besides (an invitation taken signed in).
    pub async fn browse_with(
        &self,
        method: &str,
        path: &str,
        session: Option<&str>,
        bearer: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value, Option<String>) {
        let mut req = Request::builder()
            .method(method)
            .uri(path)
            .header("host", "127.0.0.1:1")
            .header("origin", "http://127.0.0.1:1");
        if let Some(s) = session {
            req = req.header("cookie", format!("fiw_session={s}"));
        }
        if let Some(t) = bearer {
            req = req.header("authorization", format!("Bearer {t}"));
        }
        if body.is_some() {
            req = req.header("content-type", "application/json");
        }
        let req = req
            .body(body.map_or_else(Body::empty, |b| Body::from(b.to_string())))
            .unwrap();
        let resp = self.app.clone().oneshot(req).await.unwrap();
        let status = resp.status();
        let cookie = resp
            .headers()
            .get("set-cookie")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("fiw_session="))
            .map(|v| v.split(';').next().unwrap_or("").to_string());
        let bytes = resp.into_body().collect().await.unwrap().to_bytes();
        let value = serde_json::from_slice(&bytes).unwrap_or_else(|_| {
            panic!(
                "{method} {path}: not JSON ({status}): {}",
                String::from_utf8_lossy(&bytes)
            )
        });
        (status, value, cookie)
    }

    /// Signs up `name` (with an address, if given): its session.
    pub async fn sign_up(&self, name: &str, email: Option<&str>) -> String {
        let (s, v, cookie) = self
            .browse(
                "POST",
                "/api/account",
                None,
                Some(serde_json::json!({ "name": name, "password": "correct horse", "email": email })),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        cookie.expect("a session cookie")
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (StatusCode, Value) {
        self.call("POST", path, token, Some(body)).await
    }

    /// `token`'s view of game `id`, which must be given.
    pub async fn view(&self, id: &str, token: &str) -> Value {
        let (s, v) = self
            .call("GET", &format!("/api/games/{id}"), Some(token), None)
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        v
    }

    /// Plays action `index` of `token`'s list at `version`.
    pub async fn act(
        &self,
        id: &str,
        token: &str,
        version: &Value,
        index: usize,
    ) -> (StatusCode, Value) {
        self.post(
            &format!("/api/games/{id}/actions"),
            Some(token),
            serde_json::json!({ "version": version, "index": index }),
        )
        .await
    }

    /// The British seat `token` of a new Louisbourg game `id` chooses a landing plan (the
    /// sixth of its first actions, a plan of several places): the step every test of a
    /// Louisbourg game past its set-up begins with.
    pub async fn plan_the_landing(&self, id: &str, token: &str) {
        let v = self.view(id, token).await;
        let plan = v["view"]["actions"][5]["text"]
            .as_str()
            .expect("a landing plan to choose")
            .to_string();
        let (s, after) = self
            .post(
                &format!("/api/games/{id}/actions"),
                Some(token),
                serde_json::json!({ "version": 0, "action": plan }),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{after}");
    }

    /// Plays `token`'s first action while it decides, until another seat decides; the view
    /// then.
    pub async fn hand_on(&self, id: &str, token: &str) -> Value {
        for _ in 0..200 {
            let v = self.view(id, token).await;
            if v["view"]["actions"].as_array().unwrap().is_empty() {
                return v;
            }
            let (s, after) = self.act(id, token, &v["version"], 0).await;
            assert_eq!(s, StatusCode::OK, "{after}");
        }
        panic!("the decision never passed on");
    }

    /// The view once `ready` holds of it, waiting for what the server does on its own
    /// (computer seats, clocks, webhooks): a count of looks, not a time, bounds the wait.
    pub async fn until(&self, id: &str, token: &str, ready: impl Fn(&Value) -> bool) -> Value {
        for _ in 0..4000 {
            let v = self.view(id, token).await;
            if ready(&v) {
                return v;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        panic!("the server never did it: {}", self.view(id, token).await);
    }

    /// The view once it is `token`'s decision or the game is over.
    pub async fn my_turn(&self, id: &str, token: &str) -> Value {
        self.until(id, token, |v| {
            !v["view"]["actions"].as_array().unwrap().is_empty() || !v["view"]["outcome"].is_null()
        })
        .await
    }

    /// Creates a game from `body` and has every invitation taken (as the friends it was sent
    /// to would, each in a browser of their own): what the server answered, with each taken
    /// seat's credential added under `seats`, as the tests play every human seat.
    pub async fn create(&self, body: Value) -> Value {
        let (s, mut made) = self.post("/api/games", None, body).await;
        assert_eq!(s, StatusCode::CREATED, "{made}");
        let id = made["id"].as_str().unwrap().to_string();
        let invitations = made["invitations"].as_object().cloned().unwrap_or_default();
        for (seat, inv) in invitations {
            let (s, taken) = self
                .post(
                    &format!("/api/games/{id}/claim"),
                    inv["token"].as_str(),
                    serde_json::json!({}),
                )
                .await;
            assert_eq!(s, StatusCode::OK, "{taken}");
            made["seats"][&seat] =
                serde_json::json!({ "token": taken["token"], "link": taken["link"] });
        }
        made
    }

    /// Creates a game from `body` as its creator alone: the invitations untaken.
    pub async fn create_only(&self, body: Value) -> Value {
        let (s, made) = self.post("/api/games", None, body).await;
        assert_eq!(s, StatusCode::CREATED, "{made}");
        made
    }
}

/// The link token of `seat` in a created game.
pub fn token<'a>(made: &'a Value, seat: &str) -> &'a str {
    made["seats"][seat]["token"].as_str().unwrap()
}
