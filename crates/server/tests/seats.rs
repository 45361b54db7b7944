//! Seats that belong to whoever takes them (issue 31; the newcomers' report of 2026-12-04, H1),
//! on both databases: the creator holds their own seat only; each other human seat is an
//! invitation claimed once, by a click, under a race of claimants too; a spent invitation
//! grants nothing; names are checked; one browser takes one seat; a holder adds a device with
//! a one-time code; a hot seat is asked for and said to everyone.

use crate::common;

use axum::http::StatusCode;
use common::{token, Client};
use fiw_server::clock::ManualClock;
use fiw_server::live::{Duties, Games};
use fiw_server::store::Store;
use serde_json::{json, Value};
use std::sync::Arc;

/// A Louisbourg game between two people, made by the British: its answer.
async fn invited(c: &Client) -> Value {
    c.create_only(json!({ "game": "louisbourg", "name": "Amherst" }))
        .await
}

fn invitation(made: &Value, seat: &str) -> String {
    made["invitations"][seat]["token"]
        .as_str()
        .unwrap()
        .to_string()
}

async fn claim(c: &Client, id: &str, token: &str, body: Value) -> (StatusCode, Value) {
    c.post(&format!("/api/games/{id}/claim"), Some(token), body)
        .await
}

async fn the_creator_holds_only_their_own_seat(url: &str) {
    let c = Client::new(url).await;
    let made = invited(&c).await;
    let id = made["id"].as_str().unwrap();
    assert!(made["seats"]["british"]["token"].is_string(), "{made}");
    assert!(
        made["seats"]["french"].is_null(),
        "the creator holds no French credential: {made}"
    );
    let inv = invitation(&made, "french");
    assert!(made["invitations"]["french"]["link"]
        .as_str()
        .unwrap()
        .ends_with(&format!("/join/{id}#{inv}")));
    assert_eq!(made["hot_seat"], false);
    // an invitation is no credential: it shows no seat and takes no action
    for route in ["", "/hint", "/save"] {
        let (s, v) = c
            .call("GET", &format!("/api/games/{id}{route}"), Some(&inv), None)
            .await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{route}: {v}");
        assert!(v["error"].as_str().unwrap().contains("invitation"), "{v}");
    }
    let (s, _) = c
        .post(
            &format!("/api/games/{id}/actions"),
            Some(&inv),
            json!({"version": 0, "index": 0}),
        )
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    // the British credential is the British seat's, and nothing else
    let v = c.view(id, token(&made, "british")).await;
    assert_eq!(v["view"]["seat"], "british");
    assert_eq!(v["holders"][0]["name"], "Amherst");
    assert!(
        v["holders"][1]["since"].is_null(),
        "the French invitation is open: {v}"
    );
    // the invitation's page: the set-up and who holds what, before anyone takes it
    let (s, i) = c
        .call(
            "GET",
            &format!("/api/games/{id}/invitation"),
            Some(&inv),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{i}");
    assert_eq!(i["seat"], "french");
    assert_eq!(i["kind"], "invitation");
    assert!(i["taken"].is_null());
    assert!(
        !i.to_string().contains("deck"),
        "no forced deck in the set-up shown: {i}"
    );
}

async fn an_invitation_is_claimed_once_under_a_race(url: &str) {
    let c = Client::new(url).await;
    let mut won = 0;
    for round in 0..200 {
        let made = invited(&c).await;
        let id = made["id"].as_str().unwrap();
        let inv = invitation(&made, "french");
        let (a, b) = tokio::join!(
            claim(&c, id, &inv, json!({"name": "Drucour"})),
            claim(&c, id, &inv, json!({"name": "Boishebert"})),
        );
        let ok: Vec<&(StatusCode, Value)> = [&a, &b]
            .into_iter()
            .filter(|r| r.0 == StatusCode::OK)
            .collect();
        assert_eq!(
            ok.len(),
            1,
            "round {round}: exactly one claimant wins: {a:?} {b:?}"
        );
        let lost = if a.0 == StatusCode::OK { &b } else { &a };
        assert_eq!(lost.0, StatusCode::CONFLICT, "round {round}: {lost:?}");
        let by = lost.1["taken"]["by"].as_str().unwrap();
        assert!(["Drucour", "Boishebert"].contains(&by));
        assert!(lost.1["error"]
            .as_str()
            .unwrap()
            .contains(&format!("taken by {by}")));
        // the winner's credential is the French seat's, and the holder is the winner
        let t = ok[0].1["token"].as_str().unwrap();
        let v = c.view(id, t).await;
        assert_eq!(v["view"]["seat"], "french");
        assert_eq!(v["holders"][1]["name"], by);
        won += 1;
    }
    assert_eq!(won, 200);
}

async fn a_spent_invitation_grants_nothing(url: &str) {
    let c = Client::new(url).await;
    let made = invited(&c).await;
    let id = made["id"].as_str().unwrap();
    let inv = invitation(&made, "french");
    let (s, taken) = claim(&c, id, &inv, json!({"name": "Drucour"})).await;
    assert_eq!(s, StatusCode::OK, "{taken}");
    let french = taken["token"].as_str().unwrap();
    assert_ne!(french, inv, "a credential nobody else ever held");
    // opened again: taken, by whom and when; claiming again takes nothing
    let (s, i) = c
        .call(
            "GET",
            &format!("/api/games/{id}/invitation"),
            Some(&inv),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(i["taken"]["by"], "Drucour");
    assert!(i["taken"]["at"].as_i64().unwrap() > 0);
    let (s, again) = claim(&c, id, &inv, json!({"name": "Amherst"})).await;
    assert_eq!(s, StatusCode::CONFLICT, "{again}");
    assert!(again["error"]
        .as_str()
        .unwrap()
        .contains("taken by Drucour"));
    assert!(again["token"].is_null());
    let (s, _) = c
        .call("GET", &format!("/api/games/{id}"), Some(&inv), None)
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    // the British see who holds the French seat
    let v = c.view(id, token(&made, "british")).await;
    assert_eq!(v["holders"][1]["name"], "Drucour");
    assert!(v["holders"][1]["since"].as_i64().is_some());
    // a server started again knows the claim
    let again = Client::new(url).await;
    assert_eq!(again.view(id, french).await["view"]["seat"], "french");
    let (s, _) = claim(&again, id, &inv, json!({})).await;
    assert_eq!(s, StatusCode::CONFLICT);
}

async fn names_are_checked_and_one_browser_takes_one_seat(url: &str) {
    let c = Client::new(url).await;
    for bad in [
        "<script>alert(1)</script>",
        "x\u{7}y",
        &"n".repeat(41),
        "a&b",
    ] {
        let (s, v) = c
            .post(
                "/api/games",
                None,
                json!({"game": "louisbourg", "name": bad}),
            )
            .await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{bad:?}: {v}");
        let made = invited(&c).await;
        let id = made["id"].as_str().unwrap();
        let (s, v) = claim(&c, id, &invitation(&made, "french"), json!({"name": bad})).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{bad:?}: {v}");
        assert!(v["error"].as_str().unwrap().contains("name"), "{v}");
    }
    // the creator's browser holds the British seat: it may not take the French one too
    let made = invited(&c).await;
    let id = made["id"].as_str().unwrap();
    let inv = invitation(&made, "french");
    let (s, v) = claim(
        &c,
        id,
        &inv,
        json!({"name": "Amherst", "held": [token(&made, "british")]}),
    )
    .await;
    assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("holds the british seat"),
        "{v}"
    );
    // the invitation is still open for the friend
    let (s, v) = claim(&c, id, &inv, json!({"name": "  Jean  de   Drucour "})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let shown = c.view(id, token(&made, "british")).await;
    assert_eq!(shown["holders"][1]["name"], "Jean de Drucour");
}

async fn a_holder_adds_a_device_with_a_one_time_code(url: &str) {
    let clock = Arc::new(ManualClock::new(1_800_000_000_000));
    let duties = Duties {
        clock: clock.clone(),
        ..Duties::default()
    };
    let games = Games::with_duties(Store::open(url).await.unwrap(), common::limits(), duties);
    let c = Client::timed(games, fiw_server::api::REQUEST_TIMEOUT);
    let made = c.create(json!({"game": "louisbourg"})).await;
    let id = made["id"].as_str().unwrap();
    let french = token(&made, "french");
    // spectators and invitations make no codes
    let (s, _) = c
        .post(
            &format!("/api/games/{id}/device"),
            made["spectator"]["token"].as_str(),
            json!({}),
        )
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    let (s, d) = c
        .post(&format!("/api/games/{id}/device"), Some(french), json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{d}");
    let code = d["code"].as_str().unwrap();
    assert!(d["link"]
        .as_str()
        .unwrap()
        .ends_with(&format!("/join/{id}#{code}")));
    let (s, i) = c
        .call(
            "GET",
            &format!("/api/games/{id}/invitation"),
            Some(code),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(
        (i["kind"].as_str(), i["seat"].as_str()),
        (Some("device"), Some("french"))
    );
    let (s, dev) = claim(&c, id, code, json!({})).await;
    assert_eq!(s, StatusCode::OK, "{dev}");
    let second = dev["token"].as_str().unwrap();
    assert_ne!(second, french);
    assert_eq!(c.view(id, second).await["view"]["seat"], "french");
    assert_eq!(c.view(id, french).await["view"]["seat"], "french");
    // once only
    let (s, _) = claim(&c, id, code, json!({})).await;
    assert_eq!(s, StatusCode::CONFLICT);
    // and only in its time
    let (_, late) = c
        .post(&format!("/api/games/{id}/device"), Some(french), json!({}))
        .await;
    clock.set(1_800_000_000_000 + 16 * 60 * 1000);
    let (s, v) = claim(&c, id, late["code"].as_str().unwrap(), json!({})).await;
    assert_eq!(s, StatusCode::GONE, "{v}");
    assert!(v["error"].as_str().unwrap().contains("expired"));
    // the name of the seat is not changed by a device
    assert!(c.view(id, second).await["holders"][1]["since"].is_i64());
}

async fn a_hot_seat_is_asked_for_and_said_to_everyone(url: &str) {
    let c = Client::new(url).await;
    let made = c
        .create_only(json!({"game": "louisbourg", "hot_seat": true, "name": "Club night"}))
        .await;
    let id = made["id"].as_str().unwrap();
    assert_eq!(made["hot_seat"], true);
    assert_eq!(
        made["invitations"],
        json!({}),
        "a hot seat's seats cannot be claimed"
    );
    let (b, f) = (token(&made, "british"), token(&made, "french"));
    assert!(made["link"]
        .as_str()
        .unwrap()
        .ends_with(&format!("#{b}+{f}")));
    for t in [b, f, made["spectator"]["token"].as_str().unwrap()] {
        let v = c.view(id, t).await;
        assert_eq!(v["hot_seat"], true, "{v}");
    }
    // not asked for: never
    let made = invited(&c).await;
    let v = c
        .view(made["id"].as_str().unwrap(), token(&made, "british"))
        .await;
    assert!(v["hot_seat"].is_null() || v["hot_seat"] == false);
    // a hot seat needs two people
    let (s, v) = c
        .post(
            "/api/games",
            None,
            json!({"game": "louisbourg", "hot_seat": true, "players": {"french": "ai"}}),
        )
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    // a creator may take either side
    let made = c
        .create_only(json!({"game": "louisbourg", "seat": "french"}))
        .await;
    assert!(made["seats"]["french"].is_object() && made["invitations"]["british"].is_object());
}

on_both!(
    the_creator_holds_only_their_own_seat,
    an_invitation_is_claimed_once_under_a_race,
    a_spent_invitation_grants_nothing,
    names_are_checked_and_one_browser_takes_one_seat,
    a_holder_adds_a_device_with_a_one_time_code,
    a_hot_seat_is_asked_for_and_said_to_everyone,
);
