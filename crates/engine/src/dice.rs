use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// The one source of chance in a game: seeded, fast, and forceable.
///
/// The generator is named (xoshiro256++) rather than taken from a "small RNG" alias so that a
/// saved seed gives the same rolls on every machine and every version of fiw. Tests push given
/// results with [`Dice::force`]; those are used first, so a rulebook example can be replayed die
/// for die.
///
/// # Manual dice
/// Players at a real table roll real dice and draw real cards, and fiw referees
/// ([`Dice::manual`]). The rules roll as they always do; when a roll finds no result queued,
/// the dice note what they need ([`Need`], in the rule's own words when the game says them
/// with [`Dice::ask`]) and answer with a stand-in. The front end applies actions to a copy, so
/// it throws that copy away, asks the person, queues the answer with [`Dice::force`] on the
/// real state and applies the action again, until nothing is needed. The state machine stays
/// a state machine, and every answer is kept ([`Dice::answers`]) so that a save replays
/// exactly.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Dice {
    rng: Xoshiro256PlusPlus,
    forced: VecDeque<u8>,
    rolls: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    manual: Option<Box<Manual>>,
}

/// What manual dice keep: the answers used so far and the first thing asked and not answered.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct Manual {
    /// Every queued result used, in order: what a save of the game records.
    answers: Vec<u8>,
    /// The first roll or draw that found nothing queued.
    #[serde(skip)]
    need: Option<Need>,
    /// The next stand-in result (they cycle, so that a rule rolling until two dice differ
    /// cannot loop on a copy that is thrown away).
    #[serde(skip)]
    stand_in: u8,
}

/// A roll or a draw that manual dice must have from a person.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Need {
    /// What is rolled or drawn, in the rule's words ("French fire 4 dice at Green Hills,
    /// hitting on 6").
    pub label: String,
    /// What the answer is.
    pub ask: Ask,
}

/// The shape of a [`Need`]'s answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Ask {
    /// `count` dice, each showing 1..=`sides`.
    Dice {
        /// How many dice.
        count: u32,
        /// Faces of each die (6 for a d6; 3 for a D3 read as 1–3).
        sides: u8,
    },
    /// One card among `choices` (the cards still in the deck): the answer is its index.
    Card {
        /// The cards that may be drawn, by name.
        choices: Vec<String>,
    },
}

impl Need {
    /// Reads a person's answer: the dice as numbers (`6 4 1`), or a card by its name or its
    /// number in the list. The values to queue with [`Dice::force`], or why the answer is
    /// wrong, in one line.
    ///
    /// # Errors
    /// The wrong number of dice, a face the die does not have, a card not in the deck.
    pub fn read(&self, text: &str) -> Result<Vec<u8>, String> {
        match &self.ask {
            Ask::Dice { count, sides } => {
                let mut out = Vec::new();
                for word in text.split(|c: char| c.is_whitespace() || c == ',') {
                    if word.is_empty() {
                        continue;
                    }
                    let v: u8 = word
                        .parse()
                        .ok()
                        .filter(|v| (1..=*sides).contains(v))
                        .ok_or_else(|| {
                            format!(
                                "'{}' is not a face of the die: each die shows 1 to {sides}",
                                clip(word)
                            )
                        })?;
                    out.push(v);
                    if out.len() > *count as usize {
                        break;
                    }
                }
                if out.len() != *count as usize {
                    return Err(format!(
                        "type {count} {} (1 to {sides}), got {}",
                        if *count == 1 { "die" } else { "dice" },
                        out.len()
                    ));
                }
                Ok(out)
            }
            Ask::Card { choices } => {
                let t = text.trim();
                if let Ok(n) = t.parse::<usize>() {
                    if (1..=choices.len()).contains(&n) {
                        return Ok(vec![(n - 1) as u8]);
                    }
                }
                let key = |s: &str| -> String {
                    s.chars()
                        .filter(|c| c.is_alphanumeric())
                        .flat_map(char::to_lowercase)
                        .collect()
                };
                let want = key(t);
                match choices.iter().position(|c| !want.is_empty() && key(c) == want) {
                    Some(i) => Ok(vec![i as u8]),
                    None => Err(format!(
                        "'{}' is not a card still in the deck: type its name or its number, 1 to {}",
                        clip(t),
                        choices.len()
                    )),
                }
            }
        }
    }
}

/// Typed text quoted back, cut short if long.
fn clip(text: &str) -> String {
    if text.chars().count() <= 24 {
        text.to_string()
    } else {
        text.chars().take(24).collect::<String>() + "…"
    }
}

impl Dice {
    /// Dice seeded from one number.
    pub fn new(seed: u64) -> Self {
        Dice {
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            forced: VecDeque::new(),
            rolls: 0,
            manual: None,
        }
    }

    /// Dice that people roll ([the type's notes](Dice#manual-dice)), with `answers` (a save's
    /// record) queued first. The seed still drives what no person is asked (a deck that is
    /// only ever drawn from by naming cards is shuffled with it, unseen).
    pub fn manual(seed: u64, answers: &[u8]) -> Self {
        let mut d = Dice::new(seed);
        d.manual = Some(Box::default());
        d.force(answers.iter().copied());
        d
    }

    /// Whether people roll these dice.
    pub fn is_manual(&self) -> bool {
        self.manual.is_some()
    }

    /// Every queued result manual dice have used, in order (empty for ordinary dice).
    pub fn answers(&self) -> &[u8] {
        self.manual.as_ref().map_or(&[], |m| &m.answers)
    }

    /// What manual dice needed and did not have since the last call, if anything.
    pub fn take_need(&mut self) -> Option<Need> {
        self.manual.as_mut().and_then(|m| m.need.take())
    }

    /// Says what the next `count` rolls of `sides`-sided dice are, in the rule's words, so
    /// that manual dice ask for them together ("type the 4 dice"). `label` is only called for
    /// manual dice that lack the results: ordinary play pays nothing for it.
    pub fn ask(&mut self, count: u32, sides: u8, label: impl FnOnce() -> String) {
        if let Some(m) = self.manual.as_mut() {
            if m.need.is_none() && self.forced.len() < count as usize && count > 0 {
                m.need = Some(Need {
                    label: label(),
                    ask: Ask::Dice { count, sides },
                });
            }
        }
    }

    /// A card drawn from a physical deck: with manual dice, the index in `choices` (the cards
    /// still in the deck, as `label` names them) of the card the person drew; `None` with
    /// ordinary dice, where the game draws from its own shuffled deck.
    pub fn pick(&mut self, label: impl FnOnce() -> (String, Vec<String>)) -> Option<usize> {
        self.manual.as_ref()?;
        self.rolls += 1;
        if let Some(v) = self.forced.pop_front() {
            if let Some(m) = self.manual.as_mut() {
                m.answers.push(v);
            }
            return Some(v as usize);
        }
        let m = self.manual.as_mut()?;
        if m.need.is_none() {
            let (label, choices) = label();
            m.need = Some(Need {
                label,
                ask: Ask::Card { choices },
            });
        }
        Some(0)
    }

    /// Queues results to be returned, in order, by the next rolls (any die size).
    pub fn force<I: IntoIterator<Item = u8>>(&mut self, results: I) {
        self.forced.extend(results);
    }

    /// How many forced results are still queued.
    pub fn forced_left(&self) -> usize {
        self.forced.len()
    }

    /// Rolls so far: a counter that front ends use to know that chance has acted.
    pub fn rolls(&self) -> u64 {
        self.rolls
    }

    /// A uniform integer in `0..n` (n ≥ 1), without modulo bias.
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        let n = n.max(1) as u64;
        // Lemire's multiply-shift with rejection.
        loop {
            let x = self.rng.next_u64();
            let m = (x as u128) * (n as u128);
            let low = m as u64;
            if low >= n.wrapping_neg() % n {
                return (m >> 64) as u32;
            }
        }
    }

    /// One die with `sides` faces, numbered 1..=sides. A forced result is used first.
    pub fn roll(&mut self, sides: u8) -> u8 {
        self.rolls += 1;
        if let Some(r) = self.forced.pop_front() {
            if let Some(m) = self.manual.as_mut() {
                m.answers.push(r);
            }
            return r;
        }
        if let Some(m) = self.manual.as_mut() {
            // nothing queued: note what is needed and answer with a stand-in, on a copy the
            // front end throws away
            if m.need.is_none() {
                m.need = Some(Need {
                    label: format!("roll one die (1 to {sides})"),
                    ask: Ask::Dice { count: 1, sides },
                });
            }
            m.stand_in = m.stand_in % sides.max(1) + 1;
            return m.stand_in;
        }
        self.below(sides as u32) as u8 + 1
    }

    /// One six-sided die.
    pub fn d6(&mut self) -> u8 {
        self.roll(6)
    }

    /// Counts the dice among `n` six-sided dice that show `at_least` or more. Forced results
    /// are consumed one per die, as a player would read them off the table.
    pub fn count_d6_at_least(&mut self, n: u32, at_least: u8) -> u32 {
        let mut hits = 0;
        for _ in 0..n {
            if self.d6() >= at_least {
                hits += 1;
            }
        }
        hits
    }

    /// Shuffles a slice (Fisher–Yates) with this generator. Never consumes forced results.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        self.rolls += 1;
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }

    /// A fresh 64-bit seed drawn from this generator (never a forced result), to give a copy
    /// of a game dice of its own.
    pub fn next_seed(&mut self) -> u64 {
        self.rng.next_u64()
    }

    /// Replaces the generator's seed, keeping nothing of the old stream: used by search to
    /// sample a future that the searching seat cannot know. Manual dice become ordinary ones:
    /// a search imagines rolls, it does not ask for them.
    pub fn reseed(&mut self, seed: u64) {
        self.rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        self.forced.clear();
        self.manual = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forced_results_come_first_then_the_seeded_stream() {
        let mut a = Dice::new(7);
        let mut b = Dice::new(7);
        a.force([6, 6, 1]);
        assert_eq!([a.d6(), a.d6(), a.d6()], [6, 6, 1]);
        for _ in 0..100 {
            assert_eq!(a.d6(), b.d6());
        }
    }

    #[test]
    fn d6_is_uniform_enough() {
        let mut d = Dice::new(1);
        let mut counts = [0u32; 7];
        for _ in 0..60_000 {
            counts[d.d6() as usize] += 1;
        }
        assert_eq!(counts[0], 0);
        for c in &counts[1..] {
            assert!((9_000..11_000).contains(c), "{counts:?}");
        }
    }

    #[test]
    fn manual_dice_note_what_they_need_and_use_the_answers_given() {
        let mut d = Dice::manual(3, &[]);
        d.ask(3, 6, || {
            "French fire 3 dice at Green Hills, hitting on 6".into()
        });
        let stand_ins = d.count_d6_at_least(3, 6);
        assert!(stand_ins <= 3);
        let need = d.take_need().expect("the roll was asked for");
        assert_eq!(
            need.label,
            "French fire 3 dice at Green Hills, hitting on 6"
        );
        assert_eq!(need.ask, Ask::Dice { count: 3, sides: 6 });
        assert_eq!(d.take_need(), None, "asked once");
        // the person's answer, read and checked, is queued and used as the rolls
        assert!(need.read("6 6").unwrap_err().contains("type 3 dice"));
        assert!(need
            .read("6 7 1")
            .unwrap_err()
            .contains("'7' is not a face"));
        assert!(need.read("6 6 1 2").unwrap_err().contains("type 3 dice"));
        let mut d = Dice::manual(3, &[]);
        d.force(need.read("6, 6 1").unwrap());
        d.ask(3, 6, || unreachable!("queued results are not asked for"));
        assert_eq!(d.count_d6_at_least(3, 6), 2);
        assert_eq!(d.take_need(), None);
        assert_eq!(d.answers(), &[6, 6, 1]);
        // a save's answers replay the same rolls
        let mut again = Dice::manual(99, d.answers());
        assert_eq!(again.count_d6_at_least(3, 6), 2);
    }

    #[test]
    fn manual_cards_are_picked_by_name_or_number_among_those_left() {
        let deck = || {
            (
                "the British draw a card (6.1)".to_string(),
                vec!["Heavy Seas".to_string(), "Hot Shot".to_string()],
            )
        };
        assert_eq!(
            Dice::new(1).pick(deck),
            None,
            "ordinary dice draw from the deck"
        );
        let mut d = Dice::manual(1, &[]);
        assert_eq!(d.pick(deck), Some(0));
        let need = d.take_need().unwrap();
        assert_eq!(need.read("hot shot").unwrap(), vec![1]);
        assert_eq!(need.read("1").unwrap(), vec![0]);
        assert!(need
            .read("Fog")
            .unwrap_err()
            .contains("not a card still in the deck"));
        let mut d = Dice::manual(1, &[1]);
        assert_eq!(d.pick(deck), Some(1));
    }

    #[test]
    fn stand_ins_cycle_and_reseeding_ends_manual_play() {
        let mut d = Dice::manual(1, &[]);
        let rolls: Vec<u8> = (0..4).map(|_| d.roll(2)).collect();
        assert_eq!(
            rolls,
            vec![1, 2, 1, 2],
            "a roll-until-different rule cannot loop"
        );
        d.reseed(5);
        assert!(!d.is_manual());
        assert!((1..=6).contains(&d.d6()));
    }

    #[test]
    fn the_stream_is_fixed_for_a_seed() {
        // Saves depend on this: the same seed must give the same rolls in every version.
        let mut d = Dice::new(42);
        let rolls: Vec<u8> = (0..12).map(|_| d.d6()).collect();
        let mut again = Dice::new(42);
        let rolls2: Vec<u8> = (0..12).map(|_| again.d6()).collect();
        assert_eq!(rolls, rolls2);
        assert!(rolls.iter().all(|r| (1..=6).contains(r)));
    }
}
