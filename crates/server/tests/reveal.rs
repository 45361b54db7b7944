//! A board for spectators and the reveal at the end (issue 34, items 2 and 3), on both
//! databases: a spectator is sent the game's public view (the blocks face down, the hands as
//! counts, no landing plan before it is carried out); nobody is sent the whole view before the
//! game is over, by any route; once it is over every seat and spectator is sent it, with every
//! log line, and the replay steps through it with everything shown.

use crate::common;

use axum::http::StatusCode;
use common::{token, Client};
use serde_json::{json, Value};

/// The block names a Louisbourg message shows (`"id":"br-…"`, `"id":"fr-…"`): the public view
/// names none, the whole view every one on the map.
fn named_blocks(v: &Value, side: &str) -> usize {
    v.to_string().matches(&format!("\"id\":\"{side}-")).count()
}

async fn spectators_see_the_board_and_all_see_everything_once_it_is_over(url: &str) {
    let c = Client::new(url).await;
    let made = c.create(json!({ "game": "louisbourg" })).await;
    let id = made["id"].as_str().unwrap();
    let (b, f) = (token(&made, "british"), token(&made, "french"));
    let spectator = made["spectator"]["token"].as_str().unwrap();
    // the British plan, then the French set up a few blocks (each placement the French own)
    c.plan_the_landing(id, b).await;
    for _ in 0..4 {
        let v = c.view(id, f).await;
        let (s, after) = c.act(id, f, &v["version"], 0).await;
        assert_eq!(s, StatusCode::OK, "{after}");
    }
    let french = c.view(id, f).await;
    assert!(named_blocks(&french, "fr") > 0, "{french}");
    let placed = french["view"]["log"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .find(|l| l.contains(" set up at "))
        .expect("a French set-up line")
        .to_string();
    // the spectators' board: the public view, drawn like a seat's, with no block named, no
    // landing plan, the hands as counts
    let watched = c.view(id, spectator).await;
    let public = &watched["public"]["view"];
    assert_eq!(public["sight"], "public", "{watched}");
    assert!(public["places"].as_array().unwrap().len() > 10, "{public}");
    assert_eq!(named_blocks(&watched, "br"), 0, "{watched}");
    assert_eq!(named_blocks(&watched, "fr"), 0, "{watched}");
    assert!(public["landing_plan"].is_null(), "{public}");
    assert!(public["hand"].as_array().unwrap().is_empty(), "{public}");
    assert!(public["own_sp"].is_null(), "{public}");
    assert!(!watched.to_string().contains(&placed), "{watched}");
    // the British blocks stand face down for the spectator as they do for the French
    let hidden: u64 = public["places"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["own_hidden"].as_u64().unwrap_or(0))
        .sum();
    assert!(hidden > 0, "{public}");
    // no reveal before the end: not in any caller's message, not by the replay
    for t in [b, f, spectator] {
        let v = c.view(id, t).await;
        assert!(v["reveal"].is_null(), "{v}");
        let (s, r) = c
            .call(
                "GET",
                &format!("/api/games/{id}/replay?seat=all"),
                Some(t),
                None,
            )
            .await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{r}");
        assert!(r["error"].as_str().unwrap().contains("over"), "{r}");
    }
    let v = c.view(id, f).await;
    let (s, _) = c
        .post(
            &format!("/api/games/{id}/resign"),
            Some(b),
            json!({ "version": v["version"] }),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    // over: each seat and the spectators are sent everything, the other side's blocks named,
    // the plan, and every line of the log (the French set-up line too)
    for t in [b, f, spectator] {
        let v = c.view(id, t).await;
        let whole = &v["reveal"]["view"];
        assert_eq!(whole["sight"], "whole", "{v}");
        assert!(named_blocks(whole, "fr") > 0, "{whole}");
        assert!(named_blocks(whole, "br") > 0, "{whole}");
        assert!(whole["landing_plan"].is_array(), "{whole}");
        let log: Vec<&str> = v["reveal"]["log"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(Value::as_str)
            .collect();
        assert!(log.contains(&placed.as_str()), "{log:?}");
    }
    // the replay with everything shown, at its first step: the plan is there at once
    let (s, r) = c
        .call(
            "GET",
            &format!("/api/games/{id}/replay?step=1&seat=all"),
            Some(spectator),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{r}");
    assert_eq!(r["shown"]["reveal"]["view"]["sight"], "whole", "{r}");
    assert!(
        r["shown"]["reveal"]["view"]["landing_plan"].is_array(),
        "{r}"
    );
    // and as one side saw it, without the reveal
    let (s, r) = c
        .call(
            "GET",
            &format!("/api/games/{id}/replay?step=1&seat=french"),
            Some(b),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{r}");
    assert!(r["shown"]["reveal"].is_null(), "{r}");
    assert!(r["shown"]["view"]["view"]["landing_plan"].is_null(), "{r}");
}

/// A skirmish game's spectators see no hidden unit of either side; the reveal shows them.
async fn a_skirmish_spectator_sees_no_hidden_unit(url: &str) {
    let c = Client::new(url).await;
    let made = c
        .create(json!({ "game": "skirmish", "setup": { "scenario": "raid" } }))
        .await;
    let id = made["id"].as_str().unwrap();
    let spectator = made["spectator"]["token"].as_str().unwrap();
    let watched = c.view(id, spectator).await;
    let public = &watched["public"]["view"];
    assert_eq!(public["sight"], "public", "{watched}");
    let units = |v: &Value| -> Vec<String> {
        v["units"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| u["id"].as_str().unwrap().to_string())
            .collect()
    };
    // every unit either seat sees is one the other side may see too, or the seat's own
    let seen = units(public);
    for seat in ["british", "french"] {
        let own = c.view(id, token(&made, seat)).await;
        let theirs = units(&own["view"]["view"]);
        assert!(
            seen.iter().all(|u| theirs.contains(u)),
            "the spectators see a unit the {seat} do not: {seen:?} {theirs:?}"
        );
    }
    let hidden =
        public["hidden_enemies"].as_u64().unwrap() + public["hidden_own"].as_u64().unwrap_or(0);
    assert!(hidden > 0, "the Raid's raiders start hidden: {public}");
    let v = c.view(id, token(&made, "french")).await;
    let (s, _) = c
        .post(
            &format!("/api/games/{id}/resign"),
            Some(token(&made, "french")),
            json!({ "version": v["version"] }),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let v = c.view(id, spectator).await;
    let whole = units(&v["reveal"]["view"]);
    assert_eq!(whole.len(), seen.len() + hidden as usize, "{v}");
}

on_both!(
    spectators_see_the_board_and_all_see_everything_once_it_is_over,
    a_skirmish_spectator_sees_no_hidden_unit,
);
