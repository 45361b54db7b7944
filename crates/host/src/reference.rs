//! What a page shows beside a game that is the same for everyone who plays that game: the
//! rules as fiw implements them (sections, summaries, assumed values: what `fiw rules GAME`
//! prints) and the data a board is drawn from ([`HostGame::board_data`]). Nothing of any
//! game in play is here, so no seat's secret can be.

use crate::games::HostGame;
use crate::{for_game, HostResult};
use fiw_engine::Game;

/// The reference of `game` as JSON: `{"game", "seats", "rules_seats", "rules": {"sections",
/// "assumed"}, "board"}`, where `rules_seats` names the seats the rules play themselves
/// (solitaire's BOT), which no one chooses a player for.
///
/// # Errors
/// An unknown game.
pub fn reference(game: &str) -> HostResult<serde_json::Value> {
    for_game!(game, G => Ok(serde_json::json!({
        "game": <G as Game>::NAME,
        "seats": <G as Game>::SEATS,
        "rules_seats": (0..<G as Game>::SEATS.len())
            .filter_map(|s| <G as HostGame>::rules_seat(s).map(|who| (<G as Game>::SEATS[s], who)))
            .collect::<std::collections::BTreeMap<_, _>>(),
        "rules": <G as Game>::rulebook(),
        "board": <G as HostGame>::board_data(),
    })))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_its_rules_and_louisbourg_its_map_and_cards() {
        for game in crate::KNOWN {
            let r = reference(game).unwrap();
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
        let s = reference("solitaire").unwrap();
        assert!(s["rules_seats"]["bot"].is_string(), "{}", s["rules_seats"]);
        assert_eq!(l["rules_seats"], serde_json::json!({}));
    }
}
