//! Commit, then show, under fault injection (audit server-security.md, findings 1 and 2): a
//! change is driven through a storage that pauses or fails at each point where the request
//! waits (before the commit, inside it, after it returns, before the answer is written), and
//! the request is dropped there, by its client going away or by its time running out. After
//! each: the game in memory is the game its record rebuilds, every acknowledged change is
//! stored, the record replays, and no save or replay is given out of a game the database does
//! not hold as over.

use crate::common;

use axum::http::StatusCode;
use common::{token, Client};
use fiw_server::live::{Duties, Games};
use fiw_server::store::{FaultPoint, Faults, Store, StoreError};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{oneshot, Notify};

/// The time a request may take in these tests before it is answered 408.
const TIMEOUT: Duration = Duration::from_millis(100);

/// What the storage does at the armed point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Fault {
    /// Waits there until the test lets it go (having dropped the request meanwhile).
    Pause,
    /// Fails there, as a database that went away would.
    Fail,
}

/// How the request is dropped while the storage waits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Drop {
    /// The client goes away: the request's future is dropped.
    Close,
    /// The request's time runs out: answered 408, its future dropped.
    Timeout,
    /// Not dropped: the storage fails instead, or (with a pause) lets the change go on at
    /// once and the client waits for its answer.
    None,
}

struct Armed {
    point: FaultPoint,
    game: String,
    fault: Fault,
    reached: Option<oneshot::Sender<()>>,
    release: Arc<Notify>,
}

/// A storage that pauses or fails once, at one point of one game's change.
#[derive(Default)]
struct Script {
    armed: Mutex<Option<Armed>>,
}

impl Faults for Script {
    fn at(
        &self,
        point: FaultPoint,
        id: &str,
    ) -> Pin<Box<dyn Future<Output = Result<(), StoreError>> + Send + 'static>> {
        let mut armed = self.armed.lock().unwrap();
        let hit = armed
            .as_ref()
            .is_some_and(|a| a.point == point && a.game == id);
        if !hit {
            return Box::pin(async { Ok(()) });
        }
        let mut a = armed.take().unwrap();
        if let Some(r) = a.reached.take() {
            let _ = r.send(());
        }
        match a.fault {
            Fault::Fail => {
                Box::pin(async move { Err(StoreError(format!("made to fail at {point:?}"))) })
            }
            Fault::Pause => {
                let release = a.release.clone();
                Box::pin(async move {
                    release.notified().await;
                    Ok(())
                })
            }
        }
    }
}

impl Script {
    fn disarm(&self) {
        *self.armed.lock().unwrap() = None;
    }

    fn arm(
        &self,
        point: FaultPoint,
        game: &str,
        fault: Fault,
    ) -> (oneshot::Receiver<()>, Arc<Notify>) {
        let (tx, rx) = oneshot::channel();
        let release = Arc::new(Notify::new());
        *self.armed.lock().unwrap() = Some(Armed {
            point,
            game: game.to_string(),
            fault,
            reached: Some(tx),
            release: release.clone(),
        });
        (rx, release)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Action,
    Undo,
    Resign,
}

/// A Louisbourg game made ready for a change of `kind` (`n` varies how far it is played): the
/// game's id, the deciding seat's token, and the request's route and body.
async fn ready(c: &Client, kind: Kind, n: usize) -> (Value, String, String, Value) {
    let made = c.create(json!({"game": "louisbourg"})).await;
    let id = made["id"].as_str().unwrap().to_string();
    let seat_token = |v: &Value| token(&made, v["view"]["to_move"].as_str().unwrap()).to_string();
    let mut v = c.view(&id, token(&made, "british")).await;
    // the British landing plan, then the French set-up, one block at a time
    let steps = match kind {
        Kind::Undo => 2,
        _ => n % 3,
    };
    for _ in 0..steps {
        let t = seat_token(&v);
        let (s, after) = c.act(&id, &t, &v["version"], n % 2).await;
        assert_eq!(s, StatusCode::OK, "{after}");
        v = c.view(&id, &t).await;
        if v["view"]["to_move"].is_null() {
            panic!("the game ended in its set-up");
        }
        v = c.view(&id, &seat_token(&v)).await;
    }
    let t = seat_token(&v);
    let (path, body) = match kind {
        Kind::Action => (
            format!("/api/games/{id}/actions"),
            json!({"version": v["version"], "index": n % 2}),
        ),
        Kind::Undo => {
            assert_eq!(
                v["view"]["can_undo"], true,
                "no undo to take: {}",
                v["view"]["log"]
            );
            (
                format!("/api/games/{id}/undo"),
                json!({"version": v["version"]}),
            )
        }
        Kind::Resign => (
            format!("/api/games/{id}/resign"),
            json!({"version": v["version"]}),
        ),
    };
    (made, t, path, body)
}

/// What one dropped or failed change left, checked: the counts it adds to.
#[derive(Default, Debug)]
struct Tally {
    runs: usize,
    stored: usize,
    not_stored: usize,
    acknowledged: usize,
}

async fn stored_version(store: &Store, id: &str) -> (u64, Option<i64>, Vec<String>) {
    let row = store.game(id).await.unwrap().unwrap();
    let kinds = store
        .entries(id)
        .await
        .unwrap()
        .into_iter()
        .map(|e| e.kind)
        .collect();
    (row.version, row.finished, kinds)
}

/// One change of `kind` driven through `fault` at `point` and dropped by `drop`, then checked.
#[allow(clippy::too_many_arguments)]
async fn one(
    url: &str,
    c: &Client,
    dropped: &Client,
    store: &Store,
    script: &Script,
    kind: Kind,
    point: FaultPoint,
    fault: Fault,
    drop: Drop,
    n: usize,
    tally: &mut Tally,
) -> bool {
    let (made, t, path, body) = ready(c, kind, n).await;
    let id = made["id"].as_str().unwrap();
    let (before, _, _) = stored_version(store, id).await;
    let (reached, release) = script.arm(point, id, fault);
    // only the run dropped by its time has the short one
    let client = if drop == Drop::Timeout { dropped } else { c };
    let request = client.send(Client::request("POST", &path, Some(&t), Some(body)));
    let answer = match (fault, drop) {
        (Fault::Pause, Drop::Close) => {
            tokio::time::timeout(Duration::from_secs(10), reached)
                .await
                .expect("the change never reached its point")
                .unwrap();
            request.abort();
            let _ = request.await;
            release.notify_one();
            None
        }
        (Fault::Pause, Drop::Timeout) => {
            // on a loaded machine the time may run out before the change begins: then nothing
            // began (or what began goes through, the pause let go), and the run is done again
            let mut request = request;
            let first = tokio::select! {
                r = reached => Ok(r),
                answer = &mut request => Err(answer),
            };
            let early = match first {
                Ok(r) => {
                    r.unwrap();
                    false
                }
                Err(_) => true,
            };
            if early {
                release.notify_one();
                script.disarm();
                c.games
                    .matches_record(id)
                    .await
                    .unwrap_or_else(|e| panic!("{kind:?} at {point:?}, timed out early: {e}"));
                return false;
            }
            let (status, answer) = request.await.unwrap();
            assert_eq!(
                status,
                StatusCode::REQUEST_TIMEOUT,
                "{kind:?} at {point:?}: {answer}"
            );
            release.notify_one();
            None
        }
        (Fault::Fail, _) => {
            let (status, answer) = request.await.unwrap();
            Some((status, answer))
        }
        (Fault::Pause, Drop::None) => {
            tokio::time::timeout(Duration::from_secs(10), reached)
                .await
                .expect("the change never reached its point")
                .unwrap();
            release.notify_one();
            let (status, answer) = request.await.unwrap();
            assert_ne!(
                status,
                StatusCode::REQUEST_TIMEOUT,
                "{kind:?} at {point:?}: the test's client waits"
            );
            Some((status, answer))
        }
    };
    // the change runs on in its own task: the game's lock is free once it has ended
    for seat in ["british", "french"] {
        let (s, v) = c
            .call(
                "GET",
                &format!("/api/games/{id}"),
                Some(token(&made, seat)),
                None,
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    let context = format!("{kind:?} at {point:?}, {fault:?}, dropped by {drop:?} (run {n})");
    c.games
        .matches_record(id)
        .await
        .unwrap_or_else(|e| panic!("{context}: {e}"));
    let (after, finished, kinds) = stored_version(store, id).await;
    if let Some((status, answer)) = &answer {
        if *status == StatusCode::OK {
            tally.acknowledged += 1;
            let v = answer["version"].as_u64().unwrap();
            assert!(after >= v, "{context}: acknowledged {v}, stored {after}");
        }
    }
    if after > before {
        tally.stored += 1;
        let want = match kind {
            Kind::Action => "action",
            Kind::Undo => "undo",
            Kind::Resign => "resign",
        };
        assert_eq!(kinds.last().map(String::as_str), Some(want), "{context}");
    } else {
        tally.not_stored += 1;
    }
    // the page that asks again is shown the version the database has
    let v = c.view(id, token(&made, "british")).await;
    assert_eq!(v["version"].as_u64(), Some(after), "{context}");
    // the referee's record only of a game the database holds as over
    for seat in ["british", "french"] {
        for route in ["save", "replay"] {
            let (s, answer) = c
                .call(
                    "GET",
                    &format!("/api/games/{id}/{route}"),
                    Some(token(&made, seat)),
                    None,
                )
                .await;
            match finished {
                Some(_) => assert_eq!(s, StatusCode::OK, "{context}: {route} {answer}"),
                None => assert_eq!(
                    s,
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "{context}: {route} given out of a game not over in the database"
                ),
            }
        }
    }
    // now and then, a server started again over the same database reads the game
    if n % 10 == 0 {
        let again = Games::new(Store::open(url).await.unwrap(), common::limits());
        let v = again.show(id, fiw_server::live::Caller::Seat(0), 0).await;
        let v = v.unwrap_or_else(|e| panic!("{context}: {}", fiw_server::live::describe(&e)));
        assert_eq!(v.version, after, "{context}");
        assert!(v.read_only.is_none(), "{context}: {:?}", v.read_only);
    }
    tally.runs += 1;
    true
}

/// Each kind of change, dropped at each point by each way, and failed at each point of the
/// storage; `RUNS` of each kind at each point, half dropped by the client going, half by the
/// time running out.
async fn faults_at_every_point(url: &str) {
    const RUNS: usize = 100;
    const FAILS: usize = 34;
    const KEPT: usize = 20;
    let script = Arc::new(Script::default());
    let store = Store::open(url).await.unwrap().with_faults(script.clone());
    let games = Games::with_duties(store.clone(), common::limits(), Duties::default());
    // the requests that set up and check each run have all the time they need; the one
    // dropped has TIMEOUT
    let c = Client::timed(games.clone(), fiw_server::api::REQUEST_TIMEOUT);
    let dropped = Client::timed(games, TIMEOUT);
    let mut counts: BTreeMap<(String, Kind, Fault, Drop), Tally> = BTreeMap::new();
    for kind in [Kind::Action, Kind::Undo, Kind::Resign] {
        for point in FaultPoint::ALL {
            let mut n = 0;
            let mut early = 0;
            while n < RUNS {
                let drop = if n % 2 == 0 {
                    Drop::Close
                } else {
                    Drop::Timeout
                };
                let tally = counts
                    .entry((format!("{point:?}"), kind, Fault::Pause, drop))
                    .or_default();
                let counted = one(
                    url,
                    &c,
                    &dropped,
                    &store,
                    &script,
                    kind,
                    point,
                    Fault::Pause,
                    drop,
                    n,
                    tally,
                )
                .await;
                if counted {
                    n += 1;
                } else {
                    early += 1;
                    assert!(
                        early < 10 * RUNS,
                        "the requests time out before their changes begin"
                    );
                }
            }
            for n in 0..KEPT {
                let tally = counts
                    .entry((format!("{point:?}"), kind, Fault::Pause, Drop::None))
                    .or_default();
                one(
                    url,
                    &c,
                    &dropped,
                    &store,
                    &script,
                    kind,
                    point,
                    Fault::Pause,
                    Drop::None,
                    n,
                    tally,
                )
                .await;
            }
            for n in 0..FAILS {
                let tally = counts
                    .entry((format!("{point:?}"), kind, Fault::Fail, Drop::None))
                    .or_default();
                one(
                    url,
                    &c,
                    &dropped,
                    &store,
                    &script,
                    kind,
                    point,
                    Fault::Fail,
                    Drop::None,
                    n,
                    tally,
                )
                .await;
            }
        }
    }
    // written past the test harness's capture, so that every run's log shows the counts
    let mut table = format!(
        "faults_at_every_point ({}):\n{:<14} {:<7} {:<6} {:<8} {:>5} {:>7} {:>11} {:>13}\n",
        url.split(':').next().unwrap_or(url),
        "point",
        "change",
        "fault",
        "dropped",
        "runs",
        "stored",
        "not stored",
        "acknowledged"
    );
    for ((point, kind, fault, drop), t) in &counts {
        table += &format!(
            "{point:<14} {:<7} {:<6} {:<8} {:>5} {:>7} {:>11} {:>13}\n",
            format!("{kind:?}"),
            format!("{fault:?}"),
            format!("{drop:?}"),
            t.runs,
            t.stored,
            t.not_stored,
            t.acknowledged
        );
    }
    use std::io::Write;
    let _ = std::io::stderr().write_all(table.as_bytes());
    let dropped: usize = counts
        .iter()
        .filter(|(k, _)| k.2 == Fault::Pause && k.3 != Drop::None)
        .map(|(_, t)| t.runs)
        .sum();
    assert_eq!(dropped, 3 * 4 * RUNS);
    let acknowledged: usize = counts.values().map(|t| t.acknowledged).sum();
    assert_eq!(
        acknowledged,
        3 * 4 * KEPT,
        "every change not dropped is acknowledged"
    );
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn next_json(ws: &mut Socket) -> Value {
    use futures_util::StreamExt;
    let m = tokio::time::timeout(Duration::from_secs(10), ws.next())
        .await
        .expect("a message within 10 s")
        .unwrap()
        .unwrap();
    serde_json::from_str(m.to_text().unwrap()).unwrap()
}

/// A commit whose outcome is unknown (the database failed after committing) drops the game
/// from memory; a page open on it is still shown the change, from the game read again.
async fn an_open_page_is_shown_a_change_whose_commit_went_unanswered(url: &str) {
    use futures_util::SinkExt;
    use tokio_tungstenite::tungstenite::Message;
    let script = Arc::new(Script::default());
    let store = Store::open(url).await.unwrap().with_faults(script.clone());
    let games = Games::with_duties(store, common::limits(), Duties::default());
    let c = Client::timed(games, fiw_server::api::REQUEST_TIMEOUT);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = c.app.clone();
    tokio::spawn(async move { axum::serve(listener, app).await });
    let made = c.create(json!({"game": "louisbourg"})).await;
    let id = made["id"].as_str().unwrap();
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws"))
        .await
        .unwrap();
    ws.send(Message::text(
        json!({"token": token(&made, "french")}).to_string(),
    ))
    .await
    .unwrap();
    assert_eq!(next_json(&mut ws).await["version"], 0);
    let _ = script.arm(FaultPoint::AfterCommit, id, Fault::Fail);
    let (s, answer) = c
        .post(
            &format!("/api/games/{id}/actions"),
            Some(token(&made, "british")),
            json!({"version": 0, "index": 0}),
        )
        .await;
    assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE, "{answer}");
    let shown = next_json(&mut ws).await;
    assert_eq!(shown["version"], 1, "the page follows the game read again");
    assert_eq!(shown["view"]["to_move"], "french");
    c.games.matches_record(id).await.unwrap();
}

on_both!(
    faults_at_every_point,
    an_open_page_is_shown_a_change_whose_commit_went_unanswered
);
