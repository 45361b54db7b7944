//! A Louisbourg game played to its end over the API by two separate clients on real sockets,
//! each holding only its own link, and the same against the `ai`. Afterwards the referee's
//! record (the save, given out once the game is over) is replayed here, and every message
//! each client was sent is checked against what that seat had to be kept from at that
//! version: the other side's hidden blocks, cards in hand and landing plan, and the seed.

use crate::common;

use fiw_server::live::Games;
use fiw_server::store::Store;
use serde_json::{json, Value};
use std::time::Duration;

/// An HTTP client of the tests' own (the process's TLS cryptography installed first, as the
/// server does for its webhooks).
fn http() -> reqwest::Client {
    fiw_server::webhook::install_tls();
    reqwest::Client::new()
}

async fn serve(db: &str) -> String {
    let store = Store::open(db).await.unwrap();
    let games = Games::new(store, common::limits());
    let app = fiw_server::app(
        games,
        "http://127.0.0.1".into(),
        fiw_server::rate::Limiter::new(fiw_server::rate::RateLimits::none()),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    base
}

/// One player: its own HTTP client and link, acting at random whenever it is its decision,
/// keeping every message it was sent with the version it came with.
async fn player(base: String, id: String, token: String, salt: u64) -> Vec<(u64, String)> {
    let http = http();
    let mut seen = Vec::new();
    let mut pick = salt | 1;
    let mut lines = 0u64;
    for _ in 0..200_000 {
        let text = http
            .get(format!("{base}/api/games/{id}?since={lines}"))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        let v: Value = serde_json::from_str(&text).unwrap();
        let version = v["version"].as_u64().unwrap();
        lines = v["view"]["log_start"].as_u64().unwrap()
            + v["view"]["log"].as_array().unwrap().len() as u64;
        seen.push((version, text));
        if !v["view"]["outcome"].is_null() {
            return seen;
        }
        let n = v["view"]["actions"].as_array().unwrap().len();
        if n == 0 {
            tokio::time::sleep(Duration::from_millis(2)).await;
            continue;
        }
        pick ^= pick << 13;
        pick ^= pick >> 7;
        pick ^= pick << 17;
        let resp = http
            .post(format!("{base}/api/games/{id}/actions"))
            .bearer_auth(&token)
            .json(&json!({ "version": version, "index": pick % n as u64, "since": lines }))
            .send()
            .await
            .unwrap();
        assert!(resp.status().is_success(), "{}", resp.text().await.unwrap());
        let text = resp.text().await.unwrap();
        let v: Value = serde_json::from_str(&text).unwrap();
        lines = v["view"]["log_start"].as_u64().unwrap()
            + v["view"]["log"].as_array().unwrap().len() as u64;
        seen.push((v["version"].as_u64().unwrap(), text));
    }
    panic!("the game did not end");
}

/// Replays the finished game from its record and checks each seat's messages against the
/// secrets of that version.
async fn referee(base: &str, id: &str, token: &str, messages: &[(usize, Vec<(u64, String)>)]) {
    let http = http();
    let get = |path: String| {
        let http = http.clone();
        let token = token.to_string();
        async move {
            let resp = http.get(path).bearer_auth(token).send().await.unwrap();
            assert!(resp.status().is_success());
            resp.json::<Value>().await.unwrap()
        }
    };
    let save = get(format!("{base}/api/games/{id}/save")).await;
    let replay = get(format!("{base}/api/games/{id}/replay")).await;
    let seed = save["seed"].as_u64().unwrap();
    let players: Vec<String> = save["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().to_string())
        .collect();
    let mut game = fiw_host::hosted::rebuild("louisbourg", &save["options"], seed).unwrap();
    // the words each seat must not see, after each version
    let mut words: Vec<Vec<Vec<String>>> = vec![(0..2).map(|s| game.secret_words(s)).collect()];
    for e in replay["entries"].as_array().unwrap() {
        let seat = game
            .seats()
            .iter()
            .position(|s| *s == e["seat"].as_str().unwrap())
            .unwrap();
        assert_eq!(e["kind"], "action", "the clients only act");
        game.take(seat, e["text"].as_str().unwrap(), players[seat] == "human")
            .unwrap();
        words.push((0..2).map(|s| game.secret_words(s)).collect());
    }
    assert_eq!(
        game.digest(),
        save["digest"],
        "the record replays to the same game"
    );
    assert!(game.outcome().is_some());
    // at the last version the game is over, and every page is sent the reveal: nothing is
    // secret then but the seed
    if let Some(last) = words.last_mut() {
        last.iter_mut().for_each(Vec::clear);
    }
    let mut checked = 0;
    for (seat, seen) in messages {
        assert!(seen.len() > 10, "seat {seat} took part");
        for (version, text) in seen {
            assert!(
                !text.contains(&seed.to_string()),
                "the seed reached seat {seat}"
            );
            for w in &words[*version as usize][*seat] {
                assert!(
                    !text.contains(w.as_str()),
                    "seat {seat} was shown '{w}' at version {version}: {text}"
                );
                checked += 1;
            }
        }
    }
    assert!(
        checked > 100,
        "there were secrets to keep: {checked} checks"
    );
}

async fn two_people_play_to_the_end(db: String) {
    let base = serve(&db).await;
    let http = http();
    let made: Value = http
        .post(format!("{base}/api/games"))
        .json(&json!({ "game": "louisbourg" }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = made["id"].as_str().unwrap().to_string();
    let british = made["seats"]["british"]["token"]
        .as_str()
        .unwrap()
        .to_string();
    // the French seat is the friend's: taken from the invitation, on a client of its own
    let taken: Value = http
        .post(format!("{base}/api/games/{id}/claim"))
        .bearer_auth(made["invitations"]["french"]["token"].as_str().unwrap())
        .json(&json!({ "name": "Drucour" }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let french = taken["token"].as_str().unwrap().to_string();
    let b = tokio::spawn(player(base.clone(), id.clone(), british.clone(), 7));
    let f = tokio::spawn(player(base.clone(), id.clone(), french, 11));
    let (b, f) = (b.await.unwrap(), f.await.unwrap());
    referee(&base, &id, &british, &[(0, b), (1, f)]).await;
}

async fn one_person_plays_the_ai_to_the_end(db: String) {
    let base = serve(&db).await;
    let http = http();
    let made: Value = http
        .post(format!("{base}/api/games"))
        .json(&json!({ "game": "louisbourg", "players": { "british": "ai" } }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = made["id"].as_str().unwrap().to_string();
    let french = made["seats"]["french"]["token"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        made["seats"]["british"].is_null(),
        "the ai's seat has no link"
    );
    let f = player(base.clone(), id.clone(), french.clone(), 5).await;
    referee(&base, &id, &french, &[(1, f)]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_play_to_the_end_sqlite() {
    two_people_play_to_the_end(common::sqlite_url()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_play_to_the_end_postgres() {
    two_people_play_to_the_end(common::postgres_url()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_person_plays_the_ai_to_the_end_sqlite() {
    one_person_plays_the_ai_to_the_end(common::sqlite_url()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_person_plays_the_ai_to_the_end_postgres() {
    one_person_plays_the_ai_to_the_end(common::postgres_url()).await;
}
