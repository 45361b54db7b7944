//! 5 the Turn Track, loaded from `data/turn_track.toml`: for each turn the player's action
//! points and allowed actions (by the side played), and whether armies may transfer between
//! regions. The text does not print the track, so its length and its first year are data too
//! (the built-in track has twenty turns from 1755); the game ends after its last turn (11).

use crate::side::Side;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// The most turns a track may have (the turn is kept in a byte, and no printed track of a
/// five-year war comes near it).
pub const MAX_TURNS: usize = 200;

/// 11 the game ends after the last turn of the track in use (victory points).
pub fn last_turn() -> u8 {
    turn_track().turns.len() as u8
}

/// 5.1 the four turns of a year, in order.
pub const SEASONS: [&str; 4] = ["spring", "summer", "fall", "winter"];

/// 7 the kinds of player action, as the Turn Track allows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Attack an adjacent enemy marker in a town.
    Attack,
    /// Attack the Atlantic Ocean Control marker.
    Ocean,
    /// Try to influence the Indians of a region.
    Influence,
    /// Flip a reduced militia to full strength.
    Restore,
    /// Flip an army out of supply back into supply.
    Resupply,
}

impl Kind {
    /// Every kind, in the order the text lists them.
    pub const ALL: [Kind; 5] = [
        Kind::Attack,
        Kind::Ocean,
        Kind::Influence,
        Kind::Restore,
        Kind::Resupply,
    ];

    /// The word used in the data.
    pub fn word(self) -> &'static str {
        match self {
            Kind::Attack => "attack",
            Kind::Ocean => "ocean",
            Kind::Influence => "influence",
            Kind::Restore => "restore",
            Kind::Resupply => "resupply",
        }
    }

    fn bit(self) -> u8 {
        1 << self as u8
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PerSide<T> {
    british: T,
    french: T,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TurnDef {
    turn: u8,
    year: u16,
    season: String,
    ap: PerSide<u8>,
    actions: PerSide<Vec<Kind>>,
    transfers: bool,
    assumed: String,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TrackFile {
    turn: Vec<TurnDef>,
}

/// One space of the Turn Track.
#[derive(Clone, Debug)]
pub struct Turn {
    pub year: u16,
    pub season: String,
    /// 7 action points of the player, by side.
    pub ap: [u8; 2],
    /// Allowed actions by side, as a bit mask of [`Kind`]s.
    allowed: [u8; 2],
    /// 6 armies may relocate: only on the first turn of a year.
    pub transfers: bool,
    /// Why.
    pub assumed: String,
}

impl Turn {
    /// Whether `side` may take actions of `kind` on this turn.
    pub fn allows(&self, side: Side, kind: Kind) -> bool {
        self.allowed[side.index()] & kind.bit() != 0
    }

    /// The kinds `side` may take, in the text's order.
    pub fn allowed(&self, side: Side) -> impl Iterator<Item = Kind> + '_ {
        Kind::ALL.into_iter().filter(move |k| self.allows(side, *k))
    }
}

/// The validated track: `turns[t - 1]` is turn `t`.
#[derive(Clone, Debug)]
pub struct TurnTrack {
    pub turns: Vec<Turn>,
}

impl TurnTrack {
    /// Reads and checks the track: turns numbered from 1 in order (1 to [`MAX_TURNS`] of them),
    /// four a year (spring, summer, fall, winter) from the year of the first, AP 0 to 6 (the AP
    /// track has a zero space, where the set-up puts the marker), and transfers only on the
    /// first turn of a year after the first (6).
    ///
    /// # Errors
    /// One line naming the file, the turn and the field.
    pub fn parse(text: &str, file: &str) -> Result<TurnTrack, String> {
        let raw: TrackFile = toml::from_str(text)
            .map_err(|e| format!("{file}: {}", crate::one_line(&e.to_string())))?;
        if raw.turn.is_empty() || raw.turn.len() > MAX_TURNS {
            return Err(format!(
                "{file}: expected 1 to {MAX_TURNS} [[turn]] entries, found {}",
                raw.turn.len()
            ));
        }
        let first_year = raw.turn[0].year;
        let mut turns = Vec::with_capacity(raw.turn.len());
        for (i, t) in raw.turn.iter().enumerate() {
            let at = format!(
                "{}: turn {}",
                crate::located(file, text, &[format!("turn = {}", t.turn)]),
                t.turn
            );
            if t.turn as usize != i + 1 {
                return Err(format!(
                    "{file}: [[turn]] number {} has turn = {}",
                    i + 1,
                    t.turn
                ));
            }
            if t.year != first_year + (i / 4) as u16 {
                return Err(format!(
                    "{at} field year: turn {} falls in {} (four turns a year from {first_year})",
                    t.turn,
                    first_year as usize + i / 4
                ));
            }
            if t.season != SEASONS[i % 4] {
                return Err(format!(
                    "{at} field season: turn {} is the {} of its year ({})",
                    t.turn,
                    SEASONS[i % 4],
                    SEASONS.join(", ")
                ));
            }
            for (side, ap) in [("british", t.ap.british), ("french", t.ap.french)] {
                if !(0..=6).contains(&ap) {
                    return Err(format!("{at} field ap.{side}: {ap} is not 0 to 6"));
                }
            }
            let first_of_year = i % 4 == 0;
            if t.transfers && (!first_of_year || i == 0) {
                return Err(format!(
                    "{at} field transfers: armies leave their region only at the start of a new year (6), and turn 1 is the set-up"
                ));
            }
            let mask = |v: &[Kind]| v.iter().fold(0u8, |m, k| m | k.bit());
            turns.push(Turn {
                year: t.year,
                season: t.season.clone(),
                ap: [t.ap.british, t.ap.french],
                allowed: [mask(&t.actions.british), mask(&t.actions.french)],
                transfers: t.transfers,
                assumed: t.assumed.clone(),
            });
        }
        Ok(TurnTrack { turns })
    }

    /// Turn `t` (1 to the last).
    pub fn turn(&self, t: u8) -> &Turn {
        let last = self.turns.len() as u8;
        &self.turns[(t.clamp(1, last) - 1) as usize]
    }

    /// 6 how many turns after turn `t` come before the next new year's recovery (or the end of
    /// the game): how long a militia reduced or an army cut off now stays so, unless repaired.
    pub fn turns_before_recovery(&self, t: u8) -> u8 {
        ((t as usize + 1)..=self.turns.len())
            .take_while(|&u| !self.turns[u - 1].transfers)
            .count() as u8
    }

    /// The last turn: the game is decided on points after it (11).
    pub fn last(&self) -> u8 {
        self.turns.len() as u8
    }
}

static TRACK: OnceLock<TurnTrack> = OnceLock::new();

/// The track in use: one installed by [`crate::data::install`] before the first game, else
/// the built-in one (`data/turn_track.toml`).
pub fn turn_track() -> &'static TurnTrack {
    TRACK.get_or_init(|| {
        TurnTrack::parse(
            include_str!("../data/turn_track.toml"),
            "crates/solitaire/data/turn_track.toml",
        )
        .unwrap_or_else(|e| panic!("the built-in Turn Track is broken: {e}"))
    })
}

/// Puts `track` in use; refused once a track is in use.
pub(crate) fn install(track: TurnTrack) -> Result<(), String> {
    TRACK
        .set(track)
        .map_err(|_| "the Turn Track is in use already: install data before the first game".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twenty_turns_four_a_year_transfers_at_new_years() {
        let t = turn_track();
        assert_eq!(t.turns.len(), 20);
        assert_eq!(t.turn(1).year, 1755);
        assert_eq!(t.turn(20).year, 1759);
        for n in 1..=20u8 {
            assert_eq!(t.turn(n).transfers, n > 1 && (n - 1) % 4 == 0, "turn {n}");
        }
    }

    #[test]
    fn a_broken_track_names_the_field() {
        let good = include_str!("../data/turn_track.toml");
        let e = TurnTrack::parse(
            &good.replacen("ap = { british = 1,", "ap = { british = 7,", 1),
            "t.toml",
        )
        .unwrap_err();
        assert!(
            e.contains("turn 1 field ap.british: 7 is not 0 to 6"),
            "{e}"
        );
        let e = TurnTrack::parse(
            &good.replacen("season = \"fall\"", "season = \"autumn\"", 1),
            "t.toml",
        )
        .unwrap_err();
        assert!(e.contains("turn 3 field season"), "{e}");
        let e = TurnTrack::parse(
            &good.replacen("transfers = false", "transfers = true", 2),
            "t.toml",
        )
        .unwrap_err();
        assert!(e.contains("field transfers"), "{e}");
        let e = TurnTrack::parse(&good.replacen("\"resupply\"]", "\"dance\"]", 1), "t.toml")
            .unwrap_err();
        assert!(e.starts_with("t.toml: ") && e.contains("dance"), "{e}");
    }
}
