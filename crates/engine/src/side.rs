//! The two sides of every fiw game: each is a war between Britain and France.

use serde::{Deserialize, Serialize};

/// British or French. In the two-player games (Louisbourg, D3, skirmish) each side is a seat,
/// [`Side::seat`]; solitaire's seats are the player and the BOT instead, each taking a side.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Britain, her colonies and allies.
    #[default]
    British = 0,
    /// France, New France and her allies.
    French = 1,
}

impl Side {
    /// Both, British first (index order).
    pub const BOTH: [Side; 2] = [Side::British, Side::French];

    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::British => Side::French,
            Side::French => Side::British,
        }
    }

    /// Index for per-side arrays (British 0, French 1).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The seat of this side in a two-player game: its index.
    pub fn seat(self) -> usize {
        self as usize
    }

    /// The side at a two-player game's seat (0 British; any other French).
    pub fn of_seat(seat: usize) -> Side {
        if seat == 0 {
            Side::British
        } else {
            Side::French
        }
    }

    /// `british`, `french`: as typed, and written in data and saves.
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

    /// Reads `british` or `french` (any case, surrounding space ignored).
    pub fn parse(text: &str) -> Option<Side> {
        match text.trim().to_ascii_lowercase().as_str() {
            "british" => Some(Side::British),
            "french" => Some(Side::French),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_side_reads_back_and_has_the_other_as_enemy() {
        for s in Side::BOTH {
            assert_eq!(Side::parse(s.id()), Some(s));
            assert_eq!(Side::parse(&format!(" {} ", s.name())), Some(s));
            assert_eq!(Side::of_seat(s.seat()), s);
            assert_eq!(s.seat(), s.index());
            assert_ne!(s.other(), s);
            assert_eq!(s.other().other(), s);
            assert_eq!(
                serde_json::to_string(&s).unwrap(),
                format!("\"{}\"", s.id())
            );
        }
        assert_eq!(Side::parse("prussian"), None);
    }
}
