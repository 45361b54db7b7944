//! Accounts, the public lobby and ratings (issue 33), on both databases: sign up, in and out,
//! sessions that outlive a restart, the same-site check of a session's changes, an open game
//! taken once from the lobby, a seat an account holds played with its session on any device,
//! ratings of rated games between accounts, deletion, and nothing of one account shown to
//! another, to nobody, or to a spectator.

use crate::common;

use axum::http::StatusCode;
use common::Client;
use serde_json::{json, Value};

/// `base` made this run's own: the PostgreSQL the tests share keeps the accounts of every run,
/// and a name is taken once.
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

async fn signed_up_in_and_out_with_sessions_that_outlive_a_restart(url: &str) {
    let c = Client::new(url).await;
    let a = c.sign_up(&n("Amherst"), Some("amherst@example.org")).await;
    let (s, me, _) = c.browse("GET", "/api/account", Some(&a), None).await;
    assert_eq!(s, StatusCode::OK, "{me}");
    assert_eq!(me["name"], n("Amherst"));
    assert_eq!(me["email"], "amherst@example.org");
    assert_eq!(me["email_verified"], false);
    // the name is taken, whatever its case
    let (s, v, _) = c
        .browse(
            "POST",
            "/api/account",
            None,
            Some(json!({"name": n("Amherst").to_uppercase(), "password": "another one"})),
        )
        .await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    // a wrong password, an unknown name: the same answer
    for (name, pw) in [
        (n("Amherst"), "wrong password"),
        (n("Nobody"), "correct horse"),
    ] {
        let (s, v, cookie) = c
            .browse(
                "POST",
                "/api/account/session",
                None,
                Some(json!({"name": name, "password": pw})),
            )
            .await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
        assert_eq!(v["error"], "no account has that name and password");
        assert!(cookie.is_none());
    }
    // a second device signs in; signing out ends one session only
    let (s, _, second) = c
        .browse(
            "POST",
            "/api/account/session",
            None,
            Some(json!({"name": n("Amherst").to_lowercase(), "password": "correct horse"})),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let second = second.unwrap();
    assert_ne!(second, a);
    let (s, _, cleared) = c
        .browse("DELETE", "/api/account/session", Some(&a), None)
        .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(cleared.as_deref(), Some(""));
    let (s, _, _) = c.browse("GET", "/api/account", Some(&a), None).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    // a server started again knows the other session
    let again = Client::new(url).await;
    let (s, me, _) = again
        .browse("GET", "/api/account", Some(&second), None)
        .await;
    assert_eq!(s, StatusCode::OK, "{me}");
    // the password changes only with the old one, and then signs in
    let (s, _, _) = again
        .browse(
            "PUT",
            "/api/account",
            Some(&second),
            Some(json!({"password": "nope nope", "new_password": "a new password"})),
        )
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    let (s, v, _) = again
        .browse("PUT", "/api/account", Some(&second), Some(json!({"password": "correct horse", "new_password": "a new password", "notices": "digest", "digest_hour": 7})))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(
        (v["notices"].as_str(), v["digest_hour"].as_i64()),
        (Some("digest"), Some(7))
    );
    let (s, _, _) = again
        .browse(
            "POST",
            "/api/account/session",
            None,
            Some(json!({"name": n("Amherst"), "password": "a new password"})),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
}

async fn a_sessions_changes_come_from_this_site_only(url: &str) {
    let c = Client::new(url).await;
    let a = c.sign_up(&n("Wolfe"), None).await;
    let body = json!({"notices": "off"}).to_string();
    for origin in [
        None,
        Some("https://evil.example"),
        Some("http://127.0.0.1:2"),
    ] {
        let mut req = axum::http::Request::builder()
            .method("PUT")
            .uri("/api/account")
            .header("host", "127.0.0.1:1")
            .header("cookie", format!("fiw_session={a}"))
            .header("content-type", "application/json");
        if let Some(o) = origin {
            req = req.header("origin", o);
        }
        let req = req.body(axum::body::Body::from(body.clone())).unwrap();
        let resp = tower::ServiceExt::oneshot(c.app.clone(), req)
            .await
            .unwrap();
        assert_eq!(resp.status(), StatusCode::FORBIDDEN, "{origin:?}");
    }
    let (s, v, _) = c
        .browse(
            "PUT",
            "/api/account",
            Some(&a),
            Some(json!({"notices": "off"})),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
}

/// A posts an open Louisbourg game (A British); the game's id.
async fn posted(c: &Client, session: &str, rated: bool) -> String {
    let (s, v, _) = c
        .browse(
            "POST",
            "/api/lobby",
            Some(session),
            Some(json!({"game": "louisbourg", "side": "british", "rated": rated})),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    v["id"].as_str().unwrap().to_string()
}

async fn an_open_game_is_taken_once_and_played_with_sessions(url: &str) {
    let c = Client::new(url).await;
    let a = c.sign_up(&n("Drucour"), Some("drucour@example.org")).await;
    let b = c.sign_up(&n("Boscawen"), None).await;
    let x = c.sign_up(&n("Latecomer"), None).await;
    let id = posted(&c, &a, false).await;
    // everyone sees it, signed in or not; nobody sees an address
    let (s, lobby, _) = c.browse("GET", "/api/lobby", None, None).await;
    assert_eq!(s, StatusCode::OK);
    let open = lobby["open"].as_array().unwrap();
    let it = open.iter().find(|g| g["id"] == id.as_str()).unwrap();
    assert_eq!(
        (it["by"].as_str(), it["seat"].as_str()),
        (Some(n("Drucour").as_str()), Some("french"))
    );
    assert!(!lobby.to_string().contains("drucour@example.org"));
    // the poster cannot take it; the first taker does; the next finds it gone
    let take = format!("/api/lobby/{id}/take");
    let (s, _, _) = c.browse("POST", &take, Some(&a), None).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    let (s, v, _) = c.browse("POST", &take, Some(&b), None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["seat"], "french");
    let (s, _, _) = c.browse("POST", &take, Some(&x), None).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    let (_, lobby, _) = c.browse("GET", "/api/lobby", None, None).await;
    assert!(!lobby["open"]
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["id"] == id.as_str()));
    // each account plays its seat with its session, on any device
    let (_, _, b2) = c
        .browse(
            "POST",
            "/api/account/session",
            None,
            Some(json!({"name": n("Boscawen"), "password": "correct horse"})),
        )
        .await;
    let b2 = b2.unwrap();
    let path = format!("/api/games/{id}");
    let (s, v, _) = c.browse("GET", &path, Some(&a), None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["view"]["seat"], "british");
    assert_eq!(v["holders"][1]["name"], n("Boscawen"));
    let (_, v, _) = c.browse("GET", &path, Some(&b2), None).await;
    assert_eq!(v["view"]["seat"], "french");
    let (s, _, _) = c.browse("GET", &path, Some(&x), None).await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    let mut decisions = 0;
    for _ in 0..60 {
        let (_, v, _) = c.browse("GET", &path, Some(&a), None).await;
        let who = if v["view"]["to_move"] == "british" {
            &a
        } else {
            &b2
        };
        let (s, r, _) = c
            .browse(
                "POST",
                &format!("{path}/actions"),
                Some(who),
                Some(json!({"version": v["version"], "index": 0})),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{r}");
        decisions += 1;
        if decisions >= 12 {
            break;
        }
    }
    // My games, on every device
    let (_, me, _) = c.browse("GET", "/api/account", Some(&b), None).await;
    let game = me["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == id.as_str())
        .unwrap()
        .clone();
    assert_eq!(game["opponent"], n("Drucour"));
    assert_eq!(game["seat"], "french");
    assert!(game["since_last_move_ms"].as_i64().unwrap() >= 0);
    // of two takers racing, one wins
    for round in 0..40 {
        let id = posted(&c, &a, false).await;
        let take = format!("/api/lobby/{id}/take");
        let (r1, r2) = tokio::join!(
            c.browse("POST", &take, Some(&b), None),
            c.browse("POST", &take, Some(&x), None)
        );
        let won = [&r1, &r2].iter().filter(|r| r.0 == StatusCode::OK).count();
        assert_eq!(won, 1, "round {round}: {r1:?} {r2:?}");
    }
}

/// The ratings of the account signed in with `session`, once it has some (they move just
/// after a rated game ends, in a task of their own), or after two seconds, none.
async fn ratings(c: &Client, session: &str) -> Value {
    let mut r = Value::Null;
    for _ in 0..200 {
        let (_, me, _) = c.browse("GET", "/api/account", Some(session), None).await;
        r = me["ratings"].clone();
        if r.as_array().is_some_and(|a| !a.is_empty()) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    r
}

async fn rated_games_between_accounts_move_their_ratings_once(url: &str) {
    let c = Client::new(url).await;
    let a = c.sign_up(&n("Montcalm"), None).await;
    let b = c.sign_up(&n("Abercrombie"), None).await;
    let play = |rated| {
        let (c, a, b) = (&c, a.clone(), b.clone());
        async move {
            let id = posted(c, &a, rated).await;
            let (s, _, _) = c
                .browse("POST", &format!("/api/lobby/{id}/take"), Some(&b), None)
                .await;
            assert_eq!(s, StatusCode::OK);
            // the French (Abercrombie) resign at once
            let (_, v, _) = c
                .browse("GET", &format!("/api/games/{id}"), Some(&b), None)
                .await;
            let (s, r, _) = c
                .browse(
                    "POST",
                    &format!("/api/games/{id}/resign"),
                    Some(&b),
                    Some(json!({"version": v["version"]})),
                )
                .await;
            assert_eq!(s, StatusCode::OK, "{r}");
        }
    };
    play(false).await;
    let (_, me, _) = c.browse("GET", "/api/account", Some(&a), None).await;
    assert_eq!(me["ratings"], json!([]), "an unrated game rates no one");
    play(true).await;
    let ra = ratings(&c, &a).await;
    let rb = ratings(&c, &b).await;
    assert_eq!(ra[0]["game"], "louisbourg", "{ra}");
    assert!(
        ra[0]["rating"].as_f64().unwrap() > 1500.0 && rb[0]["rating"].as_f64().unwrap() < 1500.0,
        "{ra} {rb}"
    );
    assert_eq!(
        (ra[0]["games"].as_i64(), rb[0]["games"].as_i64()),
        (Some(1), Some(1))
    );
    // a game against the computer is never rated
    let (s, v, _) = c
        .browse(
            "POST",
            "/api/games",
            Some(&a),
            Some(json!({"game": "louisbourg", "players": {"french": "ai"}})),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let (_, again, _) = c.browse("GET", "/api/account", Some(&a), None).await;
    assert_eq!(again["ratings"][0]["games"], 1);
}

async fn nothing_of_one_account_is_shown_to_another(url: &str) {
    let c = Client::new(url).await;
    let a = c
        .sign_up(&n("Secretive"), Some("secret.address@example.org"))
        .await;
    let b = c.sign_up(&n("Curious"), None).await;
    let id = posted(&c, &a, true).await;
    let (_, made, _) = c
        .browse("GET", &format!("/api/games/{id}"), Some(&a), None)
        .await;
    let _ = made;
    let (s, _, _) = c
        .browse("POST", &format!("/api/lobby/{id}/take"), Some(&b), None)
        .await;
    assert_eq!(s, StatusCode::OK);
    let secret = "secret.address@example.org";
    let routes = [
        ("GET", "/api/account".to_string()),
        ("GET", "/api/lobby".to_string()),
        ("GET", format!("/api/games/{id}")),
        ("GET", format!("/api/games/{id}/replay")),
        ("GET", format!("/api/games/{id}/save")),
    ];
    // a game A made by invitation, whose spectators' link looks too
    let (s, made, _) = c
        .browse(
            "POST",
            "/api/games",
            Some(&a),
            Some(json!({"game": "louisbourg", "seat": "british"})),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{made}");
    let spectator = made["spectator"]["token"].as_str().unwrap().to_string();
    let watched = made["id"].as_str().unwrap().to_string();
    let mut routes = routes.to_vec();
    for path in [
        format!("/api/games/{watched}"),
        format!("/api/games/{watched}/invitation"),
        "/api/account/session".to_string(),
    ] {
        routes.push(("GET", path));
    }
    // B's session, no session, the spectators' link: nothing of A's account
    let askers: [(Option<&str>, Option<&str>); 3] = [
        (Some(b.as_str()), None),
        (None, None),
        (None, Some(spectator.as_str())),
    ];
    for (who, bearer) in askers {
        for (m, path) in &routes {
            let (_, v, _) = c.browse_with(m, path, who, bearer, None).await;
            let text = v.to_string();
            assert!(
                !text.contains(secret),
                "{m} {path} as {who:?}/{bearer:?}: {text}"
            );
            assert!(!text.contains(&a), "{m} {path} shows another's session");
            // A's notices and its unsubscribe key are A's own (B's own page shows B's)
            if *path == "/api/account" && who.is_some() {
                assert_eq!(v["name"], n("Curious"), "{v}");
                continue;
            }
            for own in ["\"notices\"", "digest_hour", "unsubscribe", "email"] {
                assert!(
                    !text.contains(own),
                    "{m} {path} as {who:?}/{bearer:?} shows {own}: {text}"
                );
            }
        }
    }
    // every new route refuses bad input with a JSON 4xx
    for (m, path, body) in [
        ("POST", "/api/account", json!({"name": "x"})),
        (
            "POST",
            "/api/account",
            json!({"name": "ok name", "password": "short"}),
        ),
        (
            "POST",
            "/api/account",
            json!({"name": "<b>bad</b>", "password": "long enough"}),
        ),
        (
            "POST",
            "/api/account",
            json!({"name": "fine", "password": "long enough", "email": "nope"}),
        ),
        ("POST", "/api/account/session", json!({"name": 3})),
        ("PUT", "/api/account", json!({"notices": "sometimes"})),
        ("PUT", "/api/account", json!({"digest_hour": 25})),
        ("POST", "/api/account/verify", json!({"token": "0"})),
        (
            "POST",
            "/api/account/reset/confirm",
            json!({"token": "0", "password": "long enough"}),
        ),
        ("POST", "/api/lobby", json!({"game": "solitaire"})),
        (
            "POST",
            "/api/lobby",
            json!({"game": "louisbourg", "side": "dutch"}),
        ),
        ("POST", "/api/lobby", json!({"game": "chess"})),
        ("POST", "/api/lobby/nosuchgame/take", json!({})),
        ("POST", "/api/unsubscribe?key=nope", json!({})),
    ] {
        let (s, v, _) = c.browse(m, path, Some(&b), Some(body.clone())).await;
        assert!(s.is_client_error(), "{m} {path} {body}: {s} {v}");
        assert!(
            v["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{m} {path}: {v}"
        );
    }
    // the reset's answer is the same whether the account exists
    let (_, one, _) = c
        .browse(
            "POST",
            "/api/account/reset",
            None,
            Some(json!({"name": n("Secretive")})),
        )
        .await;
    let (_, two, _) = c
        .browse(
            "POST",
            "/api/account/reset",
            None,
            Some(json!({"name": n("Nobody-here")})),
        )
        .await;
    assert_eq!(one, two);
    // a deleted account's games stay, its seat under "deleted", its name free again
    let (s, _, _) = c
        .browse(
            "DELETE",
            "/api/account",
            Some(&a),
            Some(json!({"password": "correct horse"})),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let (_, v, _) = c
        .browse("GET", &format!("/api/games/{id}"), Some(&b), None)
        .await;
    assert_eq!(v["holders"][0]["name"], "deleted", "{v}");
    let (s, _, _) = c.browse("GET", "/api/account", Some(&a), None).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    c.sign_up(&n("Secretive"), None).await;
}

async fn an_invitation_is_taken_as_an_account_or_only_by_the_account_named(url: &str) {
    let c = Client::new(url).await;
    let a = c.sign_up(&n("Loudoun"), None).await;
    let b = c.sign_up(&n("Shirley"), None).await;
    let x = c.sign_up(&n("Intruder"), None).await;
    // an invitation for anyone, taken signed in: the seat is the account's, on any device
    let (s, made, _) = c
        .browse(
            "POST",
            "/api/games",
            Some(&a),
            Some(json!({"game": "louisbourg", "seat": "british"})),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{made}");
    let id = made["id"].as_str().unwrap();
    let invitation = made["invitations"]["french"]["token"].as_str().unwrap();
    let claim = format!("/api/games/{id}/claim");
    let (s, v, _) = c
        .browse_with(
            "POST",
            &claim,
            Some(&b),
            Some(invitation),
            Some(json!({"name": "ignored"})),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let path = format!("/api/games/{id}");
    let (s, v, _) = c.browse("GET", &path, Some(&b), None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["view"]["seat"], "french");
    assert_eq!(
        v["holders"][1]["name"],
        n("Shirley"),
        "an account plays under its name"
    );
    let (_, me, _) = c.browse("GET", "/api/account", Some(&b), None).await;
    assert!(me["games"]
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["id"] == id));
    // an invitation addressed to an account: nobody else takes it, signed in or not
    let (s, made, _) = c
        .browse(
            "POST",
            "/api/games",
            Some(&a),
            Some(json!({"game": "louisbourg", "seat": "british", "invite": {"french": n("Shirley").to_uppercase()}})),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{made}");
    let id = made["id"].as_str().unwrap();
    let invitation = made["invitations"]["french"]["token"].as_str().unwrap();
    let (_, info, _) = c
        .browse_with(
            "GET",
            &format!("/api/games/{id}/invitation"),
            None,
            Some(invitation),
            None,
        )
        .await;
    assert_eq!(info["for_account"], n("Shirley"), "{info}");
    let claim = format!("/api/games/{id}/claim");
    for who in [None, Some(x.as_str())] {
        let (s, v, _) = c
            .browse_with("POST", &claim, who, Some(invitation), Some(json!({})))
            .await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{who:?}: {v}");
        assert!(
            v["error"].as_str().unwrap().contains(&n("Shirley")),
            "the refusal names the account: {v}"
        );
    }
    let (s, v, _) = c
        .browse_with("POST", &claim, Some(&b), Some(invitation), Some(json!({})))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    // an invitation for no account is refused when the game is made
    let (s, v, _) = c
        .browse(
            "POST",
            "/api/games",
            Some(&a),
            Some(json!({"game": "louisbourg", "seat": "british", "invite": {"french": "nobody-at-all"}})),
        )
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(
        v["error"].as_str().unwrap().contains("invite.french"),
        "{v}"
    );
}

/// The next close frame of `page` (its code and words), reading past views and pings.
async fn closed_with(
    page: &mut tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
) -> Option<(u16, String)> {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    // a bound on a hung test, not a measure: the server pings every 20 ms
    let read = async {
        while let Some(m) = page.next().await {
            match m {
                Ok(Message::Close(f)) => {
                    return f.map(|f| (u16::from(f.code), f.reason.to_string()))
                }
                Ok(_) => continue,
                Err(_) => return None,
            }
        }
        None
    };
    tokio::time::timeout(std::time::Duration::from_secs(60), read)
        .await
        .expect("the page was never closed")
}

async fn a_page_open_as_an_account_is_closed_when_its_session_ends(url: &str) {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    use tokio_tungstenite::tungstenite::Message;
    // pinged often, and the pongs of so many pings not counted against the page
    let bounds = fiw_server::bounds::Bounds {
        socket_ping: std::time::Duration::from_millis(20),
        frames_per_second: 10_000,
        ..common::limits().bounds
    };
    let games = fiw_server::live::Games::new(
        fiw_server::store::Store::open(url).await.unwrap(),
        fiw_server::live::Limits {
            bounds: bounds.clone(),
            ..common::limits()
        },
    );
    let c = Client::timed(games.clone(), fiw_server::api::REQUEST_TIMEOUT);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = c.app.clone();
    let (metrics, stop) = (games.metrics(), games.stopping());
    tokio::spawn(async move {
        fiw_server::connections::serve(
            listener,
            app,
            bounds,
            10_000,
            metrics,
            stop,
            std::time::Duration::from_secs(1),
        )
        .await
    });
    let a = c.sign_up(&n("Pager"), None).await;
    let b = c.sign_up(&n("Paged"), None).await;
    let id = posted(&c, &a, false).await;
    let (s, taken, _) = c
        .browse("POST", &format!("/api/lobby/{id}/take"), Some(&b), None)
        .await;
    assert_eq!(s, StatusCode::OK, "{taken}");
    let open = |session: Option<String>, token: Option<String>| {
        let id = id.clone();
        async move {
            let mut req = format!("ws://{addr}/api/games/{id}/ws")
                .into_client_request()
                .unwrap();
            if let Some(s) = session {
                req.headers_mut()
                    .insert("cookie", format!("fiw_session={s}").parse().unwrap());
            }
            let (mut ws, _) = tokio_tungstenite::connect_async(req).await.unwrap();
            ws.send(Message::text(json!({ "token": token }).to_string()))
                .await
                .unwrap();
            let first = ws.next().await.unwrap().unwrap();
            let v: Value = serde_json::from_str(first.to_text().unwrap()).unwrap();
            assert!(v["view"].is_object(), "{v}");
            ws
        }
    };
    let mut a_page = open(Some(a.clone()), None).await;
    let mut b_page = open(Some(b.clone()), None).await;
    let mut b_link = open(None, taken["token"].as_str().map(String::from)).await;
    // A signs out in another tab: A's page is closed, not to connect again
    let (s, _, _) = c
        .browse("DELETE", "/api/account/session", Some(&a), None)
        .await;
    assert_eq!(s, StatusCode::OK);
    let ended = Some((1008, "your session has ended: sign in again".to_string()));
    assert_eq!(closed_with(&mut a_page).await, ended);
    // B is suspended by the operator: B's page as the account is closed; a page with the
    // seat's own link holds no session, and goes on
    let b_id = c
        .games
        .store()
        .account_named(&n("Paged"))
        .await
        .unwrap()
        .unwrap()
        .id;
    assert!(c
        .games
        .store()
        .suspend_account(&b_id, Some(c.games.clock_ms()), Some("test"))
        .await
        .unwrap());
    assert_eq!(closed_with(&mut b_page).await, ended);
    b_link
        .send(Message::text(json!({ "resync": 0 }).to_string()))
        .await
        .unwrap();
    loop {
        match b_link.next().await.unwrap().unwrap() {
            Message::Text(t) => {
                let v: Value = serde_json::from_str(&t).unwrap();
                assert_eq!(v["view"]["seat"], "french", "{v}");
                break;
            }
            Message::Close(f) => panic!("the link's page was closed: {f:?}"),
            _ => continue,
        }
    }
}

/// The two-player campaign (C11) in the lobby: posted with a side, its open seat named by the
/// side it commands, taken, shown by side in "My games", and rated as a campaign when it ends.
async fn a_two_player_campaign_is_posted_taken_and_rated_by_side(url: &str) {
    let c = Client::new(url).await;
    let a = c.sign_up(&n("Vaudreuil"), None).await;
    let b = c.sign_up(&n("Pitt"), None).await;
    // a campaign has no scenario to choose
    let (s, v, _) = c
        .browse(
            "POST",
            "/api/lobby",
            Some(&a),
            Some(json!({"game": "campaign", "scenario": "raid", "side": "french"})),
        )
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"].as_str().unwrap().contains("one set-up"), "{v}");
    let (s, v, _) = c
        .browse(
            "POST",
            "/api/lobby",
            Some(&a),
            Some(json!({"game": "campaign", "side": "french", "rated": true})),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!(
        (&v["seat"], &v["side"], &v["open"]),
        (&json!("player"), &json!("french"), &json!("bot"))
    );
    let id = v["id"].as_str().unwrap().to_string();
    let (_, lobby, _) = c.browse("GET", "/api/lobby", None, None).await;
    let it = lobby["open"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == id.as_str())
        .unwrap()
        .clone();
    assert_eq!(
        (&it["game"], &it["seat"], &it["side"]),
        (&json!("campaign"), &json!("bot"), &json!("british")),
        "{it}"
    );
    let (s, v, _) = c
        .browse("POST", &format!("/api/lobby/{id}/take"), Some(&b), None)
        .await;
    assert_eq!((s, &v["seat"]), (StatusCode::OK, &json!("bot")), "{v}");
    // each seat is a person commanding a side: the British place first (C11)
    let mine = |session: String| {
        let (c, id) = (&c, id.clone());
        async move {
            let (_, me, _) = c.browse("GET", "/api/account", Some(&session), None).await;
            me["games"]
                .as_array()
                .unwrap()
                .iter()
                .find(|g| g["id"] == id.as_str())
                .unwrap()
                .clone()
        }
    };
    let (ga, gb) = (mine(a.clone()).await, mine(b.clone()).await);
    assert_eq!(
        (&ga["side"], &gb["side"], &ga["to_move_side"], &gb["yours"]),
        (
            &json!("french"),
            &json!("british"),
            &json!("british"),
            &json!(true)
        ),
        "{ga} {gb}"
    );
    assert_eq!(
        (&ga["opponent"], &gb["opponent"]),
        (&json!(n("Pitt")), &json!(n("Vaudreuil")))
    );
    // the British (Pitt) resign: the French win, and the campaign's ratings move
    let (_, v, _) = c
        .browse("GET", &format!("/api/games/{id}"), Some(&b), None)
        .await;
    let (s, r, _) = c
        .browse(
            "POST",
            &format!("/api/games/{id}/resign"),
            Some(&b),
            Some(json!({"version": v["version"]})),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{r}");
    let ratings = ratings(&c, &a).await;
    assert_eq!(ratings[0]["game"], "campaign", "{ratings}");
    assert!(ratings[0]["rating"].as_f64().unwrap() > 1500.0, "{ratings}");
}

on_both!(
    a_two_player_campaign_is_posted_taken_and_rated_by_side,
    a_page_open_as_an_account_is_closed_when_its_session_ends,
    an_invitation_is_taken_as_an_account_or_only_by_the_account_named,
    signed_up_in_and_out_with_sessions_that_outlive_a_restart,
    a_sessions_changes_come_from_this_site_only,
    an_open_game_is_taken_once_and_played_with_sessions,
    rated_games_between_accounts_move_their_ratings_once,
    nothing_of_one_account_is_shown_to_another,
);
