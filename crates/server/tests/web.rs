//! The browser client as the server gives it out: the pages and files built into the binary
//! with their content types, path tricks refused with a 4xx, and the reference route.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use fiw_server::live::{Games, Limits};
use fiw_server::store::Store;
use http_body_util::BodyExt;
use std::sync::Arc;
use tower::ServiceExt;

async fn app() -> (axum::Router, Arc<Games>) {
    let dir = std::env::temp_dir().join(format!(
        "fiw-web-{}-{}",
        std::process::id(),
        fiw_server::tokens::new_id().unwrap()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let store = Store::open(&format!("sqlite://{}", dir.join("fiw.db").display()))
        .await
        .unwrap();
    let games = Games::new(store, Limits::default());
    let app = fiw_server::app(
        games.clone(),
        "http://127.0.0.1:1".into(),
        fiw_server::rate::Limiter::new(fiw_server::rate::RateLimits::none()),
    );
    (app, games)
}

async fn get(app: &axum::Router, path: &str) -> (StatusCode, String, Vec<u8>) {
    let req = Request::builder().uri(path).body(Body::empty()).unwrap();
    let resp = app.clone().oneshot(req).await.unwrap();
    let status = resp.status();
    let kind = resp
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let bytes = resp
        .into_body()
        .collect()
        .await
        .unwrap()
        .to_bytes()
        .to_vec();
    (status, kind, bytes)
}

#[tokio::test]
async fn the_pages_and_files_are_served_with_their_types() {
    let (app, _) = app().await;
    let (s, kind, body) = get(&app, "/").await;
    assert_eq!(s, StatusCode::OK);
    assert!(kind.starts_with("text/html"), "{kind}");
    assert!(String::from_utf8(body)
        .unwrap()
        .contains("/static/js/lobby.js"));
    for page in ["/play/abc123", "/game/abc123"] {
        let (s, kind, body) = get(&app, page).await;
        assert_eq!(s, StatusCode::OK, "{page}");
        assert!(kind.starts_with("text/html"));
        assert!(String::from_utf8(body)
            .unwrap()
            .contains("/static/js/game.js"));
    }
    for (file, _, bytes) in fiw_server::web::FILES {
        if file.ends_with(".html") {
            continue;
        }
        let (s, kind, body) = get(&app, &format!("/static/{file}")).await;
        assert_eq!(s, StatusCode::OK, "{file}");
        let want = match file.rsplit('.').next().unwrap() {
            "js" => "text/javascript",
            "css" => "text/css",
            "svg" => "image/svg+xml",
            other => panic!("a file of an unknown kind: {other}"),
        };
        assert!(kind.starts_with(want), "{file}: {kind}");
        assert_eq!(&body, bytes);
    }
}

/// Every module the pages import is one the server has, so no page asks for a file that is
/// not built in.
#[test]
fn every_import_of_the_client_is_built_in() {
    let have: Vec<&str> = fiw_server::web::FILES.iter().map(|f| f.0).collect();
    for (file, _, bytes) in fiw_server::web::FILES {
        let text = std::str::from_utf8(bytes).unwrap();
        for part in text.split("from \"./").skip(1) {
            let name = part.split('"').next().unwrap();
            let path = format!("js/{name}");
            assert!(
                have.contains(&path.as_str()),
                "{file} imports {path}, which is not built in"
            );
        }
        for part in text.split("/static/").skip(1) {
            let name = part.split('"').next().unwrap();
            assert!(
                have.contains(&name),
                "{file} links /static/{name}, which is not built in"
            );
        }
    }
    let size: usize = fiw_server::web::FILES
        .iter()
        .filter(|f| f.0.ends_with(".js") || f.0.ends_with(".css"))
        .map(|f| f.2.len())
        .sum();
    assert!(
        size <= 300 << 10,
        "the client's JavaScript and CSS are {size} bytes, over 300 KB"
    );
}

#[tokio::test]
async fn path_tricks_and_unknown_files_are_refused() {
    let (app, _) = app().await;
    for path in [
        "/static/../Cargo.toml",
        "/static/..%2f..%2fCargo.toml",
        "/static/%2e%2e/%2e%2e/Cargo.toml",
        "/static/js/../../crates/server/src/web.rs",
        "/static//etc/passwd",
        "/static/js%5cgame.js",
        "/static/js/game.js%00",
        "/static/index.html",
        "/static/",
        "/static/nothing.js",
        "/play/..%2f..%2fetc",
        "/play/a.b",
        "/game/",
        "/etc/passwd",
        "/web/js/game.js",
    ] {
        let req = Request::builder().uri(path).body(Body::empty()).unwrap();
        let resp = app.clone().oneshot(req).await.unwrap();
        let status = resp.status();
        assert!(status.is_client_error(), "{path}: {status}");
        let bytes = resp.into_body().collect().await.unwrap().to_bytes();
        let v: serde_json::Value = serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| panic!("{path}: not JSON: {}", String::from_utf8_lossy(&bytes)));
        assert!(v["error"].is_string(), "{path}: {v}");
    }
}

#[tokio::test]
async fn a_file_not_changed_is_not_sent_again() {
    let (app, _) = app().await;
    let req = Request::builder()
        .uri("/static/js/game.js")
        .body(Body::empty())
        .unwrap();
    let resp = app.clone().oneshot(req).await.unwrap();
    let tag = resp.headers().get("etag").unwrap().clone();
    let req = Request::builder()
        .uri("/static/js/game.js")
        .header("if-none-match", tag)
        .body(Body::empty())
        .unwrap();
    let resp = app.clone().oneshot(req).await.unwrap();
    assert_eq!(resp.status(), StatusCode::NOT_MODIFIED);
}

#[tokio::test]
async fn the_reference_of_each_game_and_none_of_an_unknown_one() {
    let (app, _) = app().await;
    for game in fiw_host::ONLINE {
        let (s, kind, body) = get(&app, &format!("/api/reference/{game}")).await;
        assert_eq!(s, StatusCode::OK, "{game}");
        assert!(kind.starts_with("application/json"));
        let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(v["game"], *game);
        assert!(v["rules"]["sections"].as_array().unwrap().len() > 3);
    }
    let (s, _, body) = get(&app, "/api/reference/chess").await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert!(v["error"].as_str().unwrap().contains("louisbourg"), "{v}");
}
