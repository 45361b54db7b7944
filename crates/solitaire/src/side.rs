//! The two sides, and the two seats of the solitaire table (the player and the BOT).

use serde::{Deserialize, Serialize};

/// British or French (1: the player takes either, the BOT the other).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    #[default]
    British,
    French,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::British => Side::French,
            Side::French => Side::British,
        }
    }

    /// Index for per-side arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// `british`, `french`: as typed and written in data.
    pub fn id(self) -> &'static str {
        match self {
            Side::British => "british",
            Side::French => "french",
        }
    }

    /// `British`, `French`: as written in the log.
    pub fn name(self) -> &'static str {
        match self {
            Side::British => "British",
            Side::French => "French",
        }
    }

    /// Reads `british` or `french`.
    pub fn parse(text: &str) -> Option<Side> {
        match text.trim().to_ascii_lowercase().as_str() {
            "british" => Some(Side::British),
            "french" => Some(Side::French),
            _ => None,
        }
    }

    /// +1 for the British, −1 for the French: the direction they advance along a route.
    pub fn sign(self) -> i8 {
        match self {
            Side::British => 1,
            Side::French => -1,
        }
    }
}

/// The seat of the player (DESIGN: in solitaire the seats are `player` and `bot`).
pub const PLAYER: usize = 0;
/// The seat of the BOT, which never decides: its chart roll is resolved inside the engine.
pub const BOT: usize = 1;
