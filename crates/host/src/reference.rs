//! What a page shows beside a game that is the same for everyone who plays that game: the
//! rules as fiw implements them (sections, summaries, assumed values: what `fiw rules GAME`
//! prints) and the data a board is drawn from ([`HostGame::board_data`]). Nothing of any
//! game in play is here, so no seat's secret can be.

use crate::games::HostGame;
use crate::{for_game, HostResult};
use fiw_engine::Game;

/// The reference of `game` as JSON: `{"game", "seats", "rules_seats", "rules": {"sections",
/// "assumed"}, "books", "board"}`, where `rules_seats` names the seats the rules play
/// themselves (solitaire's BOT), which no one chooses a player for, and `books` the rules of
/// the games it holds (the campaign's map and battles), each as `rules` is.
///
/// # Errors
/// An unknown game.
pub fn reference(game: &str) -> HostResult<serde_json::Value> {
    for_game!(game, G => Ok(serde_json::json!({
        "game": <G as Game>::NAME,
        "seats": <G as Game>::SEATS,
        "rules_seats": (0..<G as Game>::SEATS.len())
            .filter_map(|s| <G as HostGame>::rules_seat(&Default::default(), s).map(|who| (<G as Game>::SEATS[s], who)))
            .collect::<std::collections::BTreeMap<_, _>>(),
        "rules": players_book(&<G as Game>::rulebook()),
        "books": <G as HostGame>::inner_books()
            .iter()
            .map(|(name, book)| (*name, players_book(book)))
            .collect::<std::collections::BTreeMap<_, _>>(),
        "board": <G as HostGame>::board_data(),
    })))
}

/// The rulebook as the page's rules panel shows it: each section's words (its code and tests
/// stay in the terminal's `fiw rules`), and each assumed value with its reason in a player's
/// words and the sections it bears on (the sections its name and reason cite), under which the
/// panel shows it.
fn players_book(book: &fiw_engine::RuleBook) -> serde_json::Value {
    let marks = fiw_engine::Sections::of(book);
    let sections: Vec<_> = book
        .sections
        .iter()
        .map(
            |s| serde_json::json!({ "section": s.section, "title": s.title, "summary": s.summary }),
        )
        .collect();
    let assumed: Vec<_> = book
        .assumed
        .iter()
        .map(|a| {
            let reason = fiw_engine::players_words(&a.reason);
            let mut on = leading_sections(&marks, &a.name);
            on.extend(leading_sections(&marks, &a.reason));
            on.extend(
                marks
                    .cites(&format!("{} {}", a.name, a.reason))
                    .into_iter()
                    .map(|c| c.2),
            );
            let mut seen = std::collections::HashSet::new();
            on.retain(|s| seen.insert(s.clone()));
            serde_json::json!({ "name": a.name, "value": a.value, "reason": reason, "sections": on })
        })
        .collect();
    serde_json::json!({ "sections": sections, "assumed": assumed })
}

/// The sections a name or reason begins with, as the games write their assumed values
/// (`5, 9.2 hidden blocks`, `6 and 6.1 allow one card`), the book's own only.
fn leading_sections(marks: &fiw_engine::Sections, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    loop {
        let len = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        let id = rest[..len].trim_end_matches('.');
        match marks.section(id) {
            Some(s) => out.push(s),
            None => return out,
        }
        rest = &rest[len..];
        match [", ", " and "].iter().find(|j| rest.starts_with(**j)) {
            Some(j) => rest = &rest[j.len()..],
            None => return out,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_its_rules_and_louisbourg_its_map_and_cards() {
        for game in crate::KNOWN {
            let r = reference(game).unwrap();
            // a player reads the assumed values without the code that carries them out
            for a in r["rules"]["assumed"].as_array().unwrap() {
                let reason = a["reason"].as_str().unwrap();
                assert!(
                    !reason.contains(".rs") && !reason.contains("crates/"),
                    "{game}: {reason}"
                );
            }
            assert_eq!(r["game"], *game);
            assert!(
                !r["rules"]["sections"].as_array().unwrap().is_empty(),
                "{game}"
            );
        }
        let l = reference("louisbourg").unwrap();
        let places = l["board"]["map"]["places"].as_array().unwrap();
        assert_eq!(places.len(), 16);
        assert!(places
            .iter()
            .all(|p| p["x"].is_number() && p["y"].is_number()));
        assert_eq!(l["board"]["map"]["roads"].as_array().unwrap().len(), 15);
        let cards = l["board"]["cards"].as_array().unwrap();
        assert!(cards.iter().any(|c| c["house"] == true));
        assert!(cards
            .iter()
            .all(|c| !c["effect"].as_str().unwrap().is_empty()));
        assert!(reference("chess").is_err());
        let c = reference("campaign").unwrap();
        for book in ["map", "d3", "skirmish", "louisbourg"] {
            assert!(
                c["books"][book]["sections"].as_array().unwrap().len() > 3,
                "{book}"
            );
            assert!(c["board"][book].is_object(), "{book}");
        }
        let s = reference("solitaire").unwrap();
        assert!(s["rules_seats"]["bot"].is_string(), "{}", s["rules_seats"]);
        assert_eq!(l["rules_seats"], serde_json::json!({}));
    }
}
