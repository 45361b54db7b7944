//! 6 the operational cards, loaded from `data/cards.toml`.
//!
//! Only one card text is printed in the rulebook (Island Battery – Bombardment); the attrition
//! cards' effect and the other 24 cards are house cards written from the history of 15.3. Each
//! card's effect is one value of the small typed vocabulary [`Effect`], so a house card can be
//! corrected in the data file without touching code.

use crate::board::{is_land, loc_named, Loc};
use crate::forces::Side;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// Index of a card in the deck list.
pub type CardId = u8;

/// When a card may be played (6.1: only while its side is active, or when the card says).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Window {
    /// In the side's own bombardment step (8.2).
    Bombardment,
    /// At the start of the side's own player action phase, before its action (8.3).
    Action,
    /// When drawn (the attrition cards, 6.1 exception).
    Drawn,
}

/// Which battle rounds a fire bonus covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rounds {
    First,
    All,
}

/// What a card does. Effects that modify play last until the end of the turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Effect {
    /// The playing side loses `sp` strength points, its choice of units (attrition cards).
    Attrition { sp: u8 },
    /// If the side occupies `from`, one extra bombardment of `target` (one die on the
    /// Bombardment Table, plus `drm`), in addition to any other.
    ExtraBombardment { from: String, target: String, #[serde(default)] drm: i8 },
    /// The side's own bombardments this turn add `drm`.
    BombardDrm { drm: i8 },
    /// The enemy's bombardments this turn add `drm` (usually negative).
    EnemyBombardDrm { drm: i8 },
    /// One die per enemy ship in Louisbourg Harbor; each roll of `hit_on` or more is a hit.
    ShipStrike { hit_on: u8 },
    /// The side's attacking units hit on `hit_on` or more (if better than their usual).
    AttackFire { hit_on: u8, rounds: Rounds },
    /// The side's defending units hit on `hit_on` or more (if better), optionally only at `at`.
    DefendFire { hit_on: u8, rounds: Rounds, #[serde(default)] at: Option<String> },
    /// Enemy defenders get no amphibious triple fire against the side's landings this turn.
    NoAmphibiousDefence,
    /// The enemy may make no amphibious move and no ship move this turn.
    ForbidSeaMoves,
    /// The side's road limits are raised by `extra` this turn.
    RoadBonus { extra: u8 },
    /// The side's regulars move 2 locations this turn.
    RegularsMarch,
    /// The side's units retreating over a road limit lose nothing this turn.
    NoRetreatLoss,
    /// Restore up to `sp` strength points to the side's army units, never above their printed
    /// SP, its choice of units; only units at `at` if given.
    Restore { sp: u8, #[serde(default)] at: Option<String> },
}

/// One card as the data gives it.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardDef {
    pub id: String,
    pub name: String,
    pub flag: Side,
    pub when: Window,
    pub effect: Effect,
    /// The project's own words for what happened in 1758.
    pub history: String,
    /// `printed` (text in the rulebook), `attrition` (card named but effect assumed), or `house`.
    pub origin: Origin,
    #[serde(default = "one")]
    pub count: u8,
}

fn one() -> u8 {
    1
}

/// Where a card's text comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Origin {
    Printed,
    Attrition,
    House,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardsFile {
    card: Vec<CardDef>,
}

/// The validated deck: one entry per physical card.
#[derive(Clone, Debug)]
pub struct Deck {
    pub cards: Vec<CardDef>,
}

/// 6: the deck has 28 cards.
pub const DECK_SIZE: usize = 28;

impl Deck {
    /// Parses and validates a cards file.
    pub fn parse(text: &str, file: &str) -> Result<Deck, String> {
        let raw: CardsFile = toml::from_str(text).map_err(|e| format!("{file}: {e}"))?;
        let mut cards = Vec::new();
        for (n, c) in raw.card.iter().enumerate() {
            let at = |msg: &str| format!("{file}: [[card]] number {} ({}): {msg}", n + 1, c.id);
            let land = |field: &str, s: &str| match loc_named(s) {
                Some(l) if is_land(l) => Ok(l),
                _ => Err(at(&format!("field {field}: '{s}' is not a land location"))),
            };
            match &c.effect {
                Effect::ExtraBombardment { from, target, .. } => {
                    land("effect.from", from)?;
                    land("effect.target", target)?;
                }
                Effect::DefendFire { at: Some(l), hit_on, .. } => {
                    land("effect.at", l)?;
                    if !(2..=6).contains(hit_on) {
                        return Err(at("field effect.hit_on must be 2 to 6"));
                    }
                }
                Effect::Restore { at: Some(l), .. } => {
                    land("effect.at", l)?;
                }
                Effect::AttackFire { hit_on, .. } | Effect::DefendFire { hit_on, .. } | Effect::ShipStrike { hit_on }
                    if !(2..=6).contains(hit_on) =>
                {
                    return Err(at("field effect.hit_on must be 2 to 6"));
                }
                _ => {}
            }
            let attrition = matches!(c.effect, Effect::Attrition { .. });
            if attrition != (c.when == Window::Drawn) {
                return Err(at("field when: attrition cards, and only they, are played when drawn"));
            }
            if c.count == 0 {
                return Err(at("field count must be at least 1"));
            }
            for _ in 0..c.count {
                cards.push(c.clone());
            }
        }
        if cards.len() != DECK_SIZE {
            return Err(format!("{file}: the deck must hold {DECK_SIZE} cards (6), found {}", cards.len()));
        }
        Ok(Deck { cards })
    }

    /// A card by its index.
    pub fn card(&self, id: CardId) -> &CardDef {
        &self.cards[id as usize]
    }

    /// The first card index with this id, for parsing typed text.
    pub fn named(&self, id: &str) -> Option<CardId> {
        self.cards.iter().position(|c| c.id == id).map(|i| i as CardId)
    }
}

/// A land location named in a card's effect (validated at load).
pub fn effect_loc(s: &str) -> Loc {
    loc_named(s).unwrap_or(crate::board::ELIMINATED)
}

/// The deck of `data/cards.toml`, parsed once.
pub fn deck() -> &'static Deck {
    static DECK: OnceLock<Deck> = OnceLock::new();
    DECK.get_or_init(|| {
        Deck::parse(include_str!("../data/cards.toml"), "crates/louisbourg/data/cards.toml")
            .unwrap_or_else(|e| panic!("built-in card data is broken: {e}"))
    })
}
