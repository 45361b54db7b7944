//! Every cited rule one click away (issue 34, item 6), on both databases: the server marks
//! the rule sections its prompts, log lines and menu notes cite, against the game's rulebook,
//! as `[from, to, section]` in UTF-16 units, so that a page makes links of them without
//! looking for numbers itself. A seat, a spectator and the reveal each get the marks of the
//! lines they are sent, line by line.

use crate::common;

use axum::http::StatusCode;
use common::{token, Client};
use serde_json::{json, Value};

/// The text each citation of `cites` covers in `text`, with its section.
fn marked(text: &str, cites: &Value) -> Vec<(String, String)> {
    let units: Vec<u16> = text.encode_utf16().collect();
    cites
        .as_array()
        .unwrap_or_else(|| panic!("no citations for {text}: {cites}"))
        .iter()
        .map(|c| {
            let (a, b) = (
                c[0].as_u64().unwrap() as usize,
                c[1].as_u64().unwrap() as usize,
            );
            assert!(a < b && b <= units.len(), "{c} lies outside '{text}'");
            (
                String::from_utf16_lossy(&units[a..b]),
                c[2].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// The log lines of `part` (`view` or `public`) with their citations, checking there is one
/// list of them per line.
fn cited_lines(part: &Value) -> Vec<(String, Vec<(String, String)>)> {
    let log = part["log"].as_array().unwrap();
    let cites = part["log_cites"].as_array().unwrap();
    assert_eq!(
        log.len(),
        cites.len(),
        "one list of citations a line: {part}"
    );
    log.iter()
        .zip(cites)
        .map(|(l, c)| {
            (
                l.as_str().unwrap().to_string(),
                marked(l.as_str().unwrap(), c),
            )
        })
        .collect()
}

fn pair(a: &str, b: &str) -> (String, String) {
    (a.to_string(), b.to_string())
}

async fn prompts_log_lines_and_notes_carry_their_citations(url: &str) {
    let c = Client::new(url).await;
    let made = c.create(json!({ "game": "louisbourg" })).await;
    let id = made["id"].as_str().unwrap();
    let (b, f) = (token(&made, "british"), token(&made, "french"));
    let spectator = made["spectator"]["token"].as_str().unwrap();
    // the prompt: the game's words, its section marked
    let v = c.view(id, b).await;
    assert_eq!(
        v["view"]["prompt"], "You choose the landing plan (7)",
        "{v}"
    );
    assert_eq!(
        marked(
            v["view"]["prompt"].as_str().unwrap(),
            &v["view"]["prompt_cites"]
        ),
        vec![pair("7", "7")]
    );
    // the other seat is told the same step in its own words
    let waiting = c.view(id, f).await;
    assert_eq!(
        waiting["view"]["prompt"],
        "The British choose the landing plan (7)"
    );
    c.plan_the_landing(id, b).await;
    // every log line with a section in parentheses has it marked, and only it
    let french = c.view(id, f).await;
    let lines = cited_lines(&french["view"]);
    let with7: Vec<_> = lines.iter().filter(|(l, _)| l.ends_with("(7).")).collect();
    assert!(!with7.is_empty(), "{lines:?}");
    for (l, cites) in &with7 {
        assert_eq!(cites, &vec![pair("7", "7")], "{l}");
    }
    // the spectator's public lines, marked the same way
    let watched = c.view(id, spectator).await;
    let public = cited_lines(&watched["public"]);
    assert!(
        public.iter().any(|(_, c)| c == &vec![pair("7", "7")]),
        "{public:?}"
    );
    // the French set up, then the game goes on to a decision of the first turn: the prompts
    // name 8.1.1, 8.2 or 8.3, each marked
    let mut seen = Vec::new();
    for _ in 0..40 {
        let v = c.view(id, f).await;
        let mover = match v["view"]["to_move"].as_str() {
            Some("french") => f,
            Some(_) => b,
            None => break,
        };
        let v = c.view(id, mover).await;
        let prompt = v["view"]["prompt"].as_str().unwrap().to_string();
        let marks = marked(&prompt, &v["view"]["prompt_cites"]);
        assert!(!marks.is_empty(), "the prompt '{prompt}' cites a section");
        seen.extend(marks.into_iter().map(|(_, s)| s));
        // a menu note citing the rules is marked too
        for a in v["view"]["actions"].as_array().unwrap() {
            if let Some(n) = a["note"].as_str() {
                if !a["note_cites"].is_null() {
                    assert!(!marked(n, &a["note_cites"]).is_empty(), "{a}");
                }
            }
        }
        let (s, after) = c.act(id, mover, &v["version"], 0).await;
        assert_eq!(s, StatusCode::OK, "{after}");
        if seen.iter().any(|s| s.starts_with('8')) {
            break;
        }
    }
    assert!(seen.iter().any(|s| s.starts_with('8')), "{seen:?}");
    // the reveal's whole log, marked line by line
    let v = c.view(id, f).await;
    let (s, _) = c
        .post(
            &format!("/api/games/{id}/resign"),
            Some(f),
            json!({ "version": v["version"] }),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let over = c.view(id, spectator).await;
    let whole = cited_lines(&over["reveal"]);
    assert!(whole.iter().any(|(_, c)| !c.is_empty()), "{whole:?}");
    // a line that cites nothing is marked with nothing
    assert!(whole.iter().any(|(_, c)| c.is_empty()), "{whole:?}");
}

/// A game whose page words its own prompts is still sent the game's step and its section.
async fn a_d3_seat_is_sent_the_phase_and_its_section(url: &str) {
    let c = Client::new(url).await;
    let made = c.create(json!({ "game": "d3" })).await;
    let id = made["id"].as_str().unwrap();
    let v = c.view(id, token(&made, "british")).await;
    let seat = if v["view"]["to_move"] == "british" {
        "british"
    } else {
        "french"
    };
    let v = c.view(id, token(&made, seat)).await;
    assert_eq!(v["view"]["prompt"], "Movement phase (4)", "{v}");
    assert_eq!(
        marked("Movement phase (4)", &v["view"]["prompt_cites"]),
        vec![pair("4", "4")]
    );
}

on_both!(
    prompts_log_lines_and_notes_carry_their_citations,
    a_d3_seat_is_sent_the_phase_and_its_section,
);
