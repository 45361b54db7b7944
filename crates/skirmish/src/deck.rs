//! 2.1 the deck: 52 cards, no jokers; red cards (hearts, diamonds) activate the
//! British-controlled side, black (spades, clubs) the other. Only the colour matters; the log
//! names the card for flavour. The whole deck is shuffled at the start of every turn (assumed),
//! and the order of the undrawn cards is secret from both sides.

use crate::scenario::Side;
use fiw_engine::Dice;
use serde::{Deserialize, Serialize};

/// Cards are numbered 0–51: spades 0–12, hearts 13–25, diamonds 26–38, clubs 39–51, each suit
/// ace first.
pub type Card = u8;

/// The suits' signs, in card order.
const SUITS: [&str; 4] = ["♠", "♥", "♦", "♣"];
/// The ranks, ace first.
const RANKS: [&str; 13] = [
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
];

/// The name of a card (`7♥`).
pub fn card_name(card: Card) -> String {
    let c = usize::from(card % 52);
    format!("{}{}", RANKS[c % 13], SUITS[c / 13])
}

/// The name of a card as typed at a real table (`7H`: the rank, then S, H, D or C).
pub fn card_code(card: Card) -> String {
    let c = usize::from(card % 52);
    format!("{}{}", RANKS[c % 13], ["S", "H", "D", "C"][c / 13])
}

/// 2.1 the side a card activates: red the British, black the French.
pub fn colour(card: Card) -> Side {
    match card % 52 / 13 {
        1 | 2 => Side::British,
        _ => Side::French,
    }
}

/// The deck: the cards still to come (secret order, the top last) and those drawn this turn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Deck {
    undrawn: Vec<Card>,
    drawn: Vec<Card>,
}

impl Default for Deck {
    fn default() -> Self {
        Deck::new()
    }
}

impl Deck {
    /// All 52 cards, undrawn, in card order.
    pub fn new() -> Self {
        Deck {
            undrawn: (0..52).rev().collect(),
            drawn: Vec::new(),
        }
    }

    /// Gathers every card and shuffles them (the turn's new deck). `top` comes first, in that
    /// order (a forced deck for tests); the rest follow in shuffled order.
    pub fn shuffle(&mut self, dice: &mut Dice, top: &[Card]) {
        let mut all: Vec<Card> = (0..52).collect();
        dice.shuffle(&mut all);
        let mut first: Vec<Card> = Vec::new();
        for &c in top {
            if c < 52 && !first.contains(&c) {
                first.push(c);
            }
        }
        all.retain(|c| !first.contains(c));
        // the top is the last card of `undrawn`
        self.undrawn = all.into_iter().rev().collect();
        self.undrawn.extend(first.into_iter().rev());
        self.drawn.clear();
    }

    /// Reshuffles the undrawn cards only, keeping those drawn (what a seat that cannot see the
    /// deck may imagine).
    pub fn reshuffle_undrawn(&mut self, dice: &mut Dice) {
        dice.shuffle(&mut self.undrawn);
    }

    /// Draws the top card, or with manual dice the card the person drew; when the deck has
    /// run out, the drawn cards are shuffled back first (assumed: with at most 26 units a side
    /// it cannot happen within a turn).
    pub fn draw(&mut self, dice: &mut Dice, why: &str) -> Card {
        if self.undrawn.is_empty() {
            self.undrawn = std::mem::take(&mut self.drawn);
            dice.shuffle(&mut self.undrawn);
        }
        let mut sorted: Vec<Card> = self.undrawn.clone();
        sorted.sort_unstable();
        let picked = dice.pick(|| {
            (
                format!("draw a card ({why}, 2.1)"),
                sorted.iter().map(|c| card_code(*c)).collect(),
            )
        });
        let card = match picked {
            Some(k) => {
                let c = sorted[k.min(sorted.len() - 1)];
                self.undrawn.retain(|x| *x != c);
                c
            }
            None => self.undrawn.pop().unwrap_or(0),
        };
        self.drawn.push(card);
        card
    }

    /// The cards drawn this turn, in order (public).
    pub fn drawn(&self) -> &[Card] {
        &self.drawn
    }

    /// The next `n` cards to come, in the order they will be drawn (secret: for the secrecy
    /// scans' words, never for a view).
    pub fn to_come(&self, n: usize) -> Vec<Card> {
        self.undrawn.iter().rev().take(n).copied().collect()
    }

    /// How many cards are still to come.
    pub fn left(&self) -> usize {
        self.undrawn.len()
    }

    /// How many red and black cards are still to come (public: every card drawn is seen).
    pub fn left_by_colour(&self) -> [usize; 2] {
        let red = self
            .undrawn
            .iter()
            .filter(|c| colour(**c) == Side::British)
            .count();
        [red, self.undrawn.len() - red]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twenty_six_red_cards_and_twenty_six_black() {
        let reds = (0..52).filter(|c| colour(*c) == Side::British).count();
        assert_eq!(reds, 26);
        assert_eq!(card_name(0), "A♠");
        assert_eq!(card_name(19), "7♥");
        assert_eq!(colour(19), Side::British);
        assert_eq!(card_name(51), "K♣");
        assert_eq!(colour(51), Side::French);
    }

    #[test]
    fn a_shuffle_holds_every_card_once_and_a_forced_top_comes_first() {
        let mut d = Deck::new();
        let mut dice = Dice::new(3);
        d.shuffle(&mut dice, &[19, 0, 19]);
        assert_eq!(d.left(), 52);
        assert_eq!(d.draw(&mut dice, "test"), 19);
        assert_eq!(d.draw(&mut dice, "test"), 0);
        let mut rest: Vec<Card> = (0..50).map(|_| d.draw(&mut dice, "test")).collect();
        rest.sort_unstable();
        let want: Vec<Card> = (1..52).filter(|c| *c != 19).collect();
        assert_eq!(rest, want);
        assert_eq!(d.drawn().len(), 52);
        // the deck runs out: the drawn cards come round again
        let c = d.draw(&mut dice, "test");
        assert!(c < 52);
        assert_eq!(d.left(), 51);
    }

    #[test]
    fn with_manual_dice_the_person_names_the_card() {
        let mut dice = Dice::manual(1, &[]);
        let mut d = Deck::new();
        d.draw(&mut dice, "test");
        let need = dice.take_need().expect("the card is asked for");
        assert!(need.label.contains("draw a card"));
        assert!(need.read("7S").is_ok() && need.read("7s") == need.read("7S"));
        let answer = need.read("7H").unwrap();
        let mut dice = Dice::manual(1, &answer);
        let mut d = Deck::new();
        assert_eq!(d.draw(&mut dice, "test"), 19);
        assert_eq!(d.left(), 51);
        assert_eq!(dice.take_need(), None);
    }
}
