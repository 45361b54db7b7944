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
    ExtraBombardment {
        from: String,
        target: String,
        #[serde(default)]
        drm: i8,
    },
    /// The side's own bombardments this turn add `drm`.
    BombardDrm { drm: i8 },
    /// The enemy's bombardments this turn add `drm` (usually negative).
    EnemyBombardDrm { drm: i8 },
    /// One die per enemy ship in Louisbourg Harbor; each roll of `hit_on` or more is a hit.
    ShipStrike { hit_on: u8 },
    /// The side's attacking units hit on `hit_on` or more (if better than their usual).
    AttackFire { hit_on: u8, rounds: Rounds },
    /// The side's defending units hit on `hit_on` or more (if better), optionally only at `at`.
    DefendFire {
        hit_on: u8,
        rounds: Rounds,
        #[serde(default)]
        at: Option<String>,
    },
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
    Restore {
        sp: u8,
        #[serde(default)]
        at: Option<String>,
    },
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
    /// For each card, the index of the first copy with the same id: identical copies are one
    /// choice in a menu, compared without string work.
    pub first_copy: Vec<CardId>,
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
                Effect::DefendFire {
                    at: Some(l),
                    hit_on,
                    ..
                } => {
                    land("effect.at", l)?;
                    if !(2..=6).contains(hit_on) {
                        return Err(at("field effect.hit_on must be 2 to 6"));
                    }
                }
                Effect::Restore { at: Some(l), .. } => {
                    land("effect.at", l)?;
                }
                Effect::AttackFire { hit_on, .. }
                | Effect::DefendFire { hit_on, .. }
                | Effect::ShipStrike { hit_on }
                    if !(2..=6).contains(hit_on) =>
                {
                    return Err(at("field effect.hit_on must be 2 to 6"));
                }
                _ => {}
            }
            let attrition = matches!(c.effect, Effect::Attrition { .. });
            if attrition != (c.when == Window::Drawn) {
                return Err(at(
                    "field when: attrition cards, and only they, are played when drawn",
                ));
            }
            if c.count == 0 {
                return Err(at("field count must be at least 1"));
            }
            for _ in 0..c.count {
                cards.push(c.clone());
            }
        }
        if cards.len() != DECK_SIZE {
            return Err(format!(
                "{file}: the deck must hold {DECK_SIZE} cards (6), found {}",
                cards.len()
            ));
        }
        let first_copy = cards
            .iter()
            .map(|c| cards.iter().position(|o| o.id == c.id).unwrap_or(0) as CardId)
            .collect();
        Ok(Deck { cards, first_copy })
    }

    /// A card by its index.
    pub fn card(&self, id: CardId) -> &CardDef {
        &self.cards[id as usize]
    }

    /// A card's name as players at a table tell it: its title, and its flag when another card
    /// has the same title under the other flag ("Attrition (French)").
    pub fn table_name(&self, id: CardId) -> String {
        let c = self.card(id);
        let shared = self
            .cards
            .iter()
            .any(|o| o.name == c.name && o.flag != c.flag);
        if shared {
            format!("{} ({})", c.name, c.flag.name())
        } else {
            c.name.clone()
        }
    }

    /// The first card index with this id, for parsing typed text.
    pub fn named(&self, id: &str) -> Option<CardId> {
        self.cards
            .iter()
            .position(|c| c.id == id)
            .map(|i| i as CardId)
    }

    /// The cards (first copies) a player may mean by `text`: its id, or its title typed in any
    /// case, with or without its punctuation and accents (`play thick walls`, `play Island
    /// Battery - Bombardment`). Two cards share the title "Attrition", one per flag.
    pub fn by_title(&self, text: &str) -> Vec<CardId> {
        let want = title_key(text);
        let mut out: Vec<CardId> = Vec::new();
        for (i, c) in self.cards.iter().enumerate() {
            let first = self.first_copy[i];
            if (title_key(&c.name) == want || c.id == want) && !out.contains(&first) {
                out.push(first);
            }
        }
        out
    }
}

/// A title folded for matching: lower case, accents and apostrophes dropped, every other
/// run of non-letters one hyphen (`Hot Shot on the King's Bastion` → `hot-shot-on-the-kings-bastion`).
pub fn title_key(text: &str) -> String {
    let mut words: Vec<String> = Vec::new();
    let mut word = String::new();
    for ch in text.chars().flat_map(char::to_lowercase) {
        let ch = match ch {
            'à' | 'â' | 'ä' | 'á' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'î' | 'ï' | 'í' => 'i',
            'ô' | 'ö' | 'ó' => 'o',
            'û' | 'ü' | 'ú' => 'u',
            'ç' => 'c',
            other => other,
        };
        if ch == '\'' || ch == '’' {
            continue;
        }
        if ch.is_alphanumeric() {
            word.push(ch);
        } else if !word.is_empty() {
            words.push(std::mem::take(&mut word));
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words.join("-")
}

impl CardDef {
    /// When the card is played and what it does, in words (`fiw rules`, `card NAME`).
    pub fn effect_text(&self) -> String {
        card_text(self)
    }

    /// The whole card as the `card NAME` command shows it: title, id, flag, when and what it
    /// does, where its text comes from (a house card is marked), its history and copies.
    pub fn sheet(&self) -> String {
        let origin = match self.origin {
            Origin::Printed => "printed in the rulebook (6.1)".to_string(),
            Origin::Attrition => {
                "named by the rulebook (6.1); its effect is assumed by this project".to_string()
            }
            Origin::House => {
                "HOUSE CARD: written by this project from the history of 15.3, not a published card"
                    .to_string()
            }
        };
        let copies = deck().cards.iter().filter(|c| c.id == self.id).count();
        let flag_rule = "only its own side may play it; the other side may only discard it (6.1)";
        format!(
            "{} ({})\n  flag: {} — {flag_rule}\n  effect: {}\n  text: {origin}\n  copies in the deck: {copies}\n  history: {}",
            self.name,
            self.id,
            self.flag.name(),
            self.effect_text(),
            self.history
        )
    }
}

/// `card NAME`: the sheet of every card answering to `name` (its id or title), or, with no
/// name, the list of all cards; an unknown name is answered in words.
pub fn card_sheets(name: &str) -> String {
    let d = deck();
    if name.trim().is_empty() {
        let mut seen: Vec<&str> = Vec::new();
        let mut lines = vec!["The 28 cards (card NAME shows one in full):".to_string()];
        for c in &d.cards {
            if seen.contains(&c.id.as_str()) {
                continue;
            }
            seen.push(&c.id);
            let house = if c.origin == Origin::House {
                ", house card"
            } else {
                ""
            };
            lines.push(format!(
                "  {:<28} {} [{}{house}]",
                c.id,
                c.name,
                c.flag.id()
            ));
        }
        return lines.join("\n");
    }
    let found = d.by_title(name);
    if found.is_empty() {
        return format!(
            "no card is called '{}' (card alone lists them all)",
            name.trim().chars().take(60).collect::<String>()
        );
    }
    found
        .iter()
        .map(|&c| d.card(c).sheet())
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// A die modifier as printed: `+1`, `−1` (with a minus sign, as in the summaries).
fn signed(d: i8) -> String {
    if d < 0 {
        format!("−{}", d.unsigned_abs())
    } else {
        format!("+{d}")
    }
}

fn place(s: &str) -> String {
    crate::board::board().name(effect_loc(s)).to_string()
}

/// One card's window and effect in words.
fn card_text(c: &CardDef) -> String {
    let when = match c.when {
        Window::Bombardment => "in the side's bombardment step",
        Window::Action => "before the side's action",
        Window::Drawn => "when drawn",
    };
    let rounds = |r: Rounds| match r {
        Rounds::First => "in the first round",
        Rounds::All => "in every round",
    };
    let effect = match &c.effect {
        Effect::Attrition { sp } => {
            format!("the side loses {sp} SP, its choice among its army units")
        }
        Effect::ExtraBombardment { from, target, drm } => {
            let drm = if *drm == 0 {
                String::new()
            } else {
                format!(", {} DRM", signed(*drm))
            };
            format!(
                "if it holds {}, one extra bombardment of {} (1d6 on the Bombardment Table{drm})",
                place(from),
                place(target)
            )
        }
        Effect::BombardDrm { drm } => format!("its bombardments this turn at {} DRM", signed(*drm)),
        Effect::EnemyBombardDrm { drm } => {
            format!("enemy bombardments this turn at {} DRM", signed(*drm))
        }
        Effect::ShipStrike { hit_on } => {
            format!("one die per enemy ship in Louisbourg Harbor, each {hit_on}–6 a hit")
        }
        Effect::AttackFire { hit_on, rounds: r } => {
            format!("its attackers hit on {hit_on}–6 {} this turn", rounds(*r))
        }
        Effect::DefendFire {
            hit_on,
            rounds: r,
            at,
        } => {
            let at = at
                .as_deref()
                .map(|l| format!(" at {}", place(l)))
                .unwrap_or_default();
            format!(
                "its defenders{at} hit on {hit_on}–6 {} this turn",
                rounds(*r)
            )
        }
        Effect::NoAmphibiousDefence => {
            "no amphibious 4–6 fire against its landings this turn".into()
        }
        Effect::ForbidSeaMoves => {
            "the enemy may make no amphibious move and no ship move this turn".into()
        }
        Effect::RoadBonus { extra } => format!("its road limits +{extra} this turn"),
        Effect::RegularsMarch => "its regulars move 2 locations this turn".into(),
        Effect::NoRetreatLoss => {
            "its units retreating over a road limit lose no SP this turn".into()
        }
        Effect::Restore { sp, at } => {
            let at = at
                .as_deref()
                .map(|l| format!(" at {}", place(l)))
                .unwrap_or_default();
            format!("restore up to {sp} SP to its damaged army units{at}, never above printed SP")
        }
    };
    format!("{when}: {effect}")
}

/// A land location named in a card's effect (validated at load).
pub fn effect_loc(s: &str) -> Loc {
    loc_named(s).unwrap_or(crate::board::ELIMINATED)
}

/// The deck of `data/cards.toml`, parsed once.
pub fn deck() -> &'static Deck {
    static DECK: OnceLock<Deck> = OnceLock::new();
    DECK.get_or_init(|| {
        Deck::parse(
            include_str!("../data/cards.toml"),
            "crates/louisbourg/data/cards.toml",
        )
        .unwrap_or_else(|e| panic!("built-in card data is broken: {e}"))
    })
}

/// A card as a browser shows it: its title, flag, window and whole effect in the project's
/// words, where its text comes from (house cards marked), its history and copies. The deck is
/// known to both sides; which card is where is not, and is not here.
#[derive(Clone, Debug, Serialize)]
pub struct CardFace {
    pub id: String,
    pub name: String,
    pub flag: Side,
    pub when: Window,
    pub effect: String,
    pub origin: Origin,
    pub house: bool,
    pub history: String,
    pub copies: usize,
}

/// Every card of the deck once ([`CardFace`]), in deck order.
pub fn card_faces() -> Vec<CardFace> {
    let d = deck();
    let mut out: Vec<CardFace> = Vec::new();
    for c in &d.cards {
        if out.iter().any(|f| f.id == c.id) {
            continue;
        }
        out.push(CardFace {
            id: c.id.clone(),
            name: c.name.clone(),
            flag: c.flag,
            when: c.when,
            effect: c.effect_text(),
            origin: c.origin,
            house: c.origin == Origin::House,
            history: c.history.clone(),
            copies: d.cards.iter().filter(|o| o.id == c.id).count(),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    const TEXT: &str = include_str!("../data/cards.toml");
    const FILE: &str = "cards.toml";

    fn count(d: &Deck, f: impl Fn(&CardDef) -> bool) -> usize {
        d.cards.iter().filter(|c| f(c)).count()
    }

    #[test]
    fn built_in_deck_parses_with_28_cards() {
        let d = deck();
        assert_eq!(d.cards.len(), DECK_SIZE);
        assert_eq!(DECK_SIZE, 28);
    }

    #[test]
    fn one_printed_card_island_battery_bombardment() {
        let d = deck();
        let printed: Vec<&CardDef> = d
            .cards
            .iter()
            .filter(|c| c.origin == Origin::Printed)
            .collect();
        assert_eq!(printed.len(), 1);
        let c = printed[0];
        assert_eq!(c.id, "island-battery-bombardment");
        assert_eq!(c.name, "Island Battery – Bombardment");
        assert_eq!(c.flag, Side::British);
        assert_eq!(c.when, Window::Bombardment);
        assert_eq!(
            c.effect,
            Effect::ExtraBombardment {
                from: "lighthouse-point".into(),
                target: "island-battery".into(),
                drm: 0
            }
        );
        assert_eq!(
            d.named("island-battery-bombardment").map(|i| &d.card(i).id),
            Some(&c.id)
        );
    }

    #[test]
    fn three_attrition_cards_two_french_one_british() {
        let d = deck();
        assert_eq!(count(d, |c| c.origin == Origin::Attrition), 3);
        assert_eq!(
            count(d, |c| c.origin == Origin::Attrition
                && c.flag == Side::French),
            2
        );
        assert_eq!(
            count(d, |c| c.origin == Origin::Attrition
                && c.flag == Side::British),
            1
        );
        for c in d.cards.iter().filter(|c| c.origin == Origin::Attrition) {
            assert_eq!(c.when, Window::Drawn, "{}", c.id);
            assert_eq!(c.effect, Effect::Attrition { sp: 2 }, "{}", c.id);
        }
        // Attrition effects come only from attrition cards.
        assert_eq!(
            count(d, |c| matches!(c.effect, Effect::Attrition { .. })),
            3
        );
    }

    #[test]
    fn twenty_four_house_cards_split_evenly() {
        let d = deck();
        assert_eq!(count(d, |c| c.origin == Origin::House), 24);
        assert_eq!(
            count(d, |c| c.origin == Origin::House && c.flag == Side::British),
            12
        );
        assert_eq!(
            count(d, |c| c.origin == Origin::House && c.flag == Side::French),
            12
        );
    }

    #[test]
    fn entry_ids_unique_kebab_case_and_every_card_has_history() {
        let raw: CardsFile = toml::from_str(TEXT).unwrap();
        let mut seen = HashSet::new();
        for c in &raw.card {
            assert!(seen.insert(c.id.clone()), "duplicate card id {}", c.id);
            assert!(
                !c.id.is_empty()
                    && c.id
                        .chars()
                        .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '-')
                    && !c.id.starts_with('-')
                    && !c.id.ends_with('-'),
                "id not kebab-case: {}",
                c.id
            );
            assert!(!c.name.trim().is_empty(), "{}: empty name", c.id);
            assert!(!c.history.trim().is_empty(), "{}: empty history", c.id);
        }
        // Every id resolves to its own entry.
        let d = deck();
        for c in &raw.card {
            let i = d.named(&c.id).unwrap();
            assert_eq!(d.card(i).id, c.id);
        }
    }

    #[test]
    fn bombardment_effects_are_played_in_bombardment_the_rest_in_action() {
        for c in &deck().cards {
            let want = match c.effect {
                Effect::Attrition { .. } => Window::Drawn,
                Effect::ExtraBombardment { .. }
                | Effect::BombardDrm { .. }
                | Effect::EnemyBombardDrm { .. }
                | Effect::ShipStrike { .. } => Window::Bombardment,
                _ => Window::Action,
            };
            assert_eq!(c.when, want, "{}", c.id);
        }
    }

    #[test]
    fn house_effects_stay_modest() {
        for c in deck().cards.iter().filter(|c| c.origin == Origin::House) {
            match &c.effect {
                Effect::BombardDrm { drm } => assert!((1..=2).contains(drm), "{}", c.id),
                Effect::EnemyBombardDrm { drm } => assert!((-2..=-1).contains(drm), "{}", c.id),
                Effect::ExtraBombardment { drm, .. } => assert!((0..=1).contains(drm), "{}", c.id),
                Effect::ShipStrike { hit_on } => assert!((4..=6).contains(hit_on), "{}", c.id),
                Effect::AttackFire { hit_on, .. } => assert!((5..=6).contains(hit_on), "{}", c.id),
                Effect::DefendFire { hit_on, at, .. } => {
                    assert!((4..=5).contains(hit_on), "{}", c.id);
                    assert!(
                        at.is_some(),
                        "{}: defend-fire should name one location",
                        c.id
                    );
                }
                Effect::RoadBonus { extra } => assert!((2..=4).contains(extra), "{}", c.id),
                Effect::Restore { sp, .. } => assert!((1..=2).contains(sp), "{}", c.id),
                Effect::Attrition { .. } => panic!("{}: house card with attrition effect", c.id),
                _ => {}
            }
        }
    }

    #[test]
    fn each_side_gets_a_mix_of_effects() {
        for side in [Side::British, Side::French] {
            let kinds: HashSet<std::mem::Discriminant<Effect>> = deck()
                .cards
                .iter()
                .filter(|c| c.origin == Origin::House && c.flag == side)
                .map(|c| std::mem::discriminant(&c.effect))
                .collect();
            assert!(
                kinds.len() >= 8,
                "{side:?} house cards use only {} effect kinds",
                kinds.len()
            );
        }
    }

    #[test]
    fn effect_locations_resolve() {
        for c in &deck().cards {
            match &c.effect {
                Effect::ExtraBombardment { from, target, .. } => {
                    assert!(
                        is_land(effect_loc(from)) && is_land(effect_loc(target)),
                        "{}",
                        c.id
                    );
                }
                Effect::DefendFire { at: Some(l), .. } | Effect::Restore { at: Some(l), .. } => {
                    assert!(is_land(effect_loc(l)), "{}", c.id);
                }
                _ => {}
            }
        }
    }

    #[test]
    fn unknown_location_is_named_in_the_error() {
        let bad = TEXT.replacen("from = \"lighthouse-point\"", "from = \"atlantis\"", 1);
        assert_ne!(bad, TEXT);
        let e = Deck::parse(&bad, FILE).unwrap_err();
        assert!(e.contains("atlantis"), "{e}");
        assert!(e.contains("effect.from"), "{e}");
        assert!(e.contains(FILE), "{e}");

        let bad = TEXT.replacen("at = \"louisbourg\"", "at = \"atlantis\"", 1);
        assert_ne!(bad, TEXT);
        let e = Deck::parse(&bad, FILE).unwrap_err();
        assert!(e.contains("atlantis") && e.contains("effect.at"), "{e}");

        // A sea area is not a land location.
        let bad = TEXT.replacen(
            "target = \"louisbourg\"",
            "target = \"louisbourg-harbor\"",
            1,
        );
        assert_ne!(bad, TEXT);
        let e = Deck::parse(&bad, FILE).unwrap_err();
        assert!(
            e.contains("louisbourg-harbor") && e.contains("effect.target"),
            "{e}"
        );
    }

    #[test]
    fn wrong_deck_size_mentions_28() {
        let short = TEXT.replacen("count = 2", "count = 1", 1);
        assert_ne!(short, TEXT);
        let e = Deck::parse(&short, FILE).unwrap_err();
        assert!(e.contains("28") && e.contains("27"), "{e}");

        let long = TEXT.replacen("count = 2", "count = 3", 1);
        let e = Deck::parse(&long, FILE).unwrap_err();
        assert!(e.contains("28") && e.contains("29"), "{e}");

        let none = TEXT.replacen("count = 2", "count = 0", 1);
        let e = Deck::parse(&none, FILE).unwrap_err();
        assert!(e.contains("count"), "{e}");
    }

    #[test]
    fn other_broken_fields_are_named() {
        // Unknown field inside an effect.
        let bad = TEXT.replacen("hit_on = 4 }", "hit_at = 4 }", 1);
        assert_ne!(bad, TEXT);
        let e = Deck::parse(&bad, FILE).unwrap_err();
        assert!(e.contains("hit_at"), "{e}");

        // Unknown effect type.
        let bad = TEXT.replacen("type = \"road-bonus\"", "type = \"teleport\"", 1);
        let e = Deck::parse(&bad, FILE).unwrap_err();
        assert!(e.contains("teleport"), "{e}");

        // Out-of-range die target.
        let bad = TEXT.replacen("hit_on = 4 }", "hit_on = 7 }", 1);
        let e = Deck::parse(&bad, FILE).unwrap_err();
        assert!(e.contains("hit_on"), "{e}");

        // An attrition card must be played when drawn, and only it.
        let bad = TEXT.replacen("when = \"drawn\"", "when = \"action\"", 1);
        let e = Deck::parse(&bad, FILE).unwrap_err();
        assert!(e.contains("when"), "{e}");

        // Unknown flag.
        let bad = TEXT.replacen("flag = \"french\"", "flag = \"spanish\"", 1);
        let e = Deck::parse(&bad, FILE).unwrap_err();
        assert!(e.contains("spanish"), "{e}");
    }
}
