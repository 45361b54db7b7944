//! Terrain: polygons of a kind, and the table of what each kind does to the questions the
//! geometry answers (may a unit stand on it, does it screen sight, does it give cover).
//!
//! Which *units* may enter (the D3 text lets only skirmishers into woods, only infantry and
//! skirmishers end a move in a town) is a game's rule, asked of the [`Kind`]; the table below
//! holds only what is true whoever asks.

use crate::polygon::Polygon;
use serde::{Deserialize, Serialize};

/// The kinds of terrain both rule sets name. In data they are written in lower case, with
/// `fort-wall`; `village`, `earthwork` and `cleared-field` are accepted for `town`,
/// `entrenchment` and `field`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// Woods: cover; sight reaches 6" into them (skirmish 7.7).
    Woods,
    /// A town or village: cover; hides what lies behind it.
    #[serde(alias = "village")]
    Town,
    /// Marsh: impassable in D3.
    Marsh,
    /// A lake: impassable.
    Lake,
    /// A river: impassable except at a ford or bridge.
    River,
    /// A ford: where a river may be crossed.
    Ford,
    /// A bridge: where a river may be crossed.
    Bridge,
    /// A hill: hides what lies beyond it from those not on it; artillery on it sees over units.
    Hill,
    /// A road.
    Road,
    /// An entrenchment or earthwork: cover for infantry, skirmishers and artillery (D3).
    #[serde(alias = "earthwork")]
    Entrenchment,
    /// A fort's wall (its rampart): impassable, cover for those behind it.
    FortWall,
    /// Cleared fields: open ground, drawn for the scenarios that name them.
    #[serde(alias = "cleared-field")]
    Field,
    /// Brush: broken ground, cover for native units against small arms (skirmish 10.2).
    Brush,
    /// Rocks: as brush.
    Rocks,
}

impl Kind {
    /// Every kind, in the order of [`Effects`]' table.
    pub const ALL: [Kind; 14] = [
        Kind::Woods,
        Kind::Town,
        Kind::Marsh,
        Kind::Lake,
        Kind::River,
        Kind::Ford,
        Kind::Bridge,
        Kind::Hill,
        Kind::Road,
        Kind::Entrenchment,
        Kind::FortWall,
        Kind::Field,
        Kind::Brush,
        Kind::Rocks,
    ];

    /// The word used in data files.
    pub fn word(self) -> &'static str {
        match self {
            Kind::Woods => "woods",
            Kind::Town => "town",
            Kind::Marsh => "marsh",
            Kind::Lake => "lake",
            Kind::River => "river",
            Kind::Ford => "ford",
            Kind::Bridge => "bridge",
            Kind::Hill => "hill",
            Kind::Road => "road",
            Kind::Entrenchment => "entrenchment",
            Kind::FortWall => "fort-wall",
            Kind::Field => "field",
            Kind::Brush => "brush",
            Kind::Rocks => "rocks",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// Whether units may stand on or pass over a kind of ground, as far as the ground itself goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Passage {
    /// Nothing in the ground stops a unit (a game may still bar some unit types).
    Open,
    /// No unit may stand on it or cross it, except where a crossing lies over it.
    Impassable,
    /// A ford or bridge: impassable ground beneath it may be crossed here.
    Crossing,
}

/// What a kind of ground does to a line of sight that runs through it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Screen {
    /// Sight passes.
    Clear,
    /// Sight passes through at most this many inches of it (woods: 6), all polygons of the
    /// kind along the line counted together; a line with more inside it is blocked. Exactly
    /// the depth passes.
    Beyond(f64),
    /// Sight does not pass through it, but a unit in it sees out and is seen (a town hides
    /// what stands behind it, not what stands in it).
    Opaque,
    /// A hill: blocks sight between two units neither of which is on it; a unit on it sees
    /// and is seen across it, and artillery on it sees over units.
    Hill,
}

/// What one kind of ground means for the geometry's questions.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Effect {
    /// Whether units may stand on it.
    pub passage: Passage,
    /// What it does to sight.
    pub screen: Screen,
    /// Whether a unit in it counts as in cover (who may claim it is the game's rule).
    pub cover: bool,
}

/// What each kind of ground does: a small table a game may change, one kind at a time, or a
/// layout file may override under `[effects.KIND]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Effects {
    table: [Effect; 14],
}

impl Default for Effects {
    /// The reading of the two texts (tabletop.md): woods cover and screen beyond 6"; towns
    /// cover and hide; marsh, lakes and rivers impassable, rivers crossed at fords and
    /// bridges; hills screen; entrenchments cover; a fort's walls are impassable and give
    /// cover, and do not screen (defenders shoot over them); brush and rocks give cover; roads
    /// and fields are open.
    fn default() -> Self {
        use Passage::*;
        use Screen::*;
        let e = |passage, screen, cover| Effect {
            passage,
            screen,
            cover,
        };
        let mut table = [e(Open, Clear, false); 14];
        for (kind, effect) in [
            (Kind::Woods, e(Open, Beyond(6.0), true)),
            (Kind::Town, e(Open, Opaque, true)),
            (Kind::Marsh, e(Impassable, Clear, false)),
            (Kind::Lake, e(Impassable, Clear, false)),
            (Kind::River, e(Impassable, Clear, false)),
            (Kind::Ford, e(Crossing, Clear, false)),
            (Kind::Bridge, e(Crossing, Clear, false)),
            (Kind::Hill, e(Open, Hill, false)),
            (Kind::Road, e(Open, Clear, false)),
            (Kind::Entrenchment, e(Open, Clear, true)),
            (Kind::FortWall, e(Impassable, Clear, true)),
            (Kind::Field, e(Open, Clear, false)),
            (Kind::Brush, e(Open, Clear, true)),
            (Kind::Rocks, e(Open, Clear, true)),
        ] {
            table[kind.index()] = effect;
        }
        Effects { table }
    }
}

impl Effects {
    /// What `kind` does.
    pub fn get(&self, kind: Kind) -> Effect {
        self.table[kind.index()]
    }

    /// Changes what `kind` does (a game's own reading, or a scenario's).
    pub fn set(&mut self, kind: Kind, effect: Effect) {
        self.table[kind.index()] = effect;
    }
}

/// One piece of terrain on the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Terrain {
    /// What it is.
    pub kind: Kind,
    /// Its name, if the scenario gives one ("Fort Oswego", "the south wood").
    pub name: Option<String>,
    /// Its outline.
    pub polygon: Polygon,
    /// Why it is drawn so, when the text does not say (DESIGN: every value the text does not
    /// print carries `assumed`).
    pub assumed: Option<String>,
}

impl Terrain {
    /// A nameless piece of terrain.
    pub fn new(kind: Kind, polygon: Polygon) -> Self {
        Terrain {
            kind,
            name: None,
            polygon,
            assumed: None,
        }
    }

    /// How it is called in messages: its name, or its kind.
    pub fn label(&self) -> &str {
        self.name.as_deref().unwrap_or(self.kind.word())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_its_word_and_its_place_in_the_table() {
        for (i, k) in Kind::ALL.iter().enumerate() {
            assert_eq!(k.index(), i);
            let parsed: Kind = toml::Value::String(k.word().into()).try_into().unwrap();
            assert_eq!(parsed, *k);
        }
        let village: Kind = toml::Value::String("village".into()).try_into().unwrap();
        assert_eq!(village, Kind::Town);
        let earthwork: Kind = toml::Value::String("earthwork".into()).try_into().unwrap();
        assert_eq!(earthwork, Kind::Entrenchment);
    }

    #[test]
    fn the_default_effects_read_the_texts() {
        let e = Effects::default();
        assert_eq!(e.get(Kind::Woods).screen, Screen::Beyond(6.0));
        assert!(
            e.get(Kind::Woods).cover && e.get(Kind::Town).cover && e.get(Kind::Entrenchment).cover
        );
        assert_eq!(e.get(Kind::Town).screen, Screen::Opaque);
        for k in [Kind::Marsh, Kind::Lake, Kind::River, Kind::FortWall] {
            assert_eq!(e.get(k).passage, Passage::Impassable, "{k:?}");
        }
        assert_eq!(e.get(Kind::Ford).passage, Passage::Crossing);
        assert_eq!(e.get(Kind::Bridge).passage, Passage::Crossing);
        assert_eq!(e.get(Kind::Hill).screen, Screen::Hill);
        assert_eq!(
            e.get(Kind::Road),
            Effect {
                passage: Passage::Open,
                screen: Screen::Clear,
                cover: false
            }
        );
        let mut mine = e.clone();
        mine.set(
            Kind::Brush,
            Effect {
                passage: Passage::Open,
                screen: Screen::Beyond(3.0),
                cover: true,
            },
        );
        assert_eq!(mine.get(Kind::Brush).screen, Screen::Beyond(3.0));
        assert_ne!(mine, e);
    }
}
