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
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Dice {
    rng: Xoshiro256PlusPlus,
    forced: VecDeque<u8>,
    rolls: u64,
}

impl Dice {
    /// Dice seeded from one number.
    pub fn new(seed: u64) -> Self {
        Dice {
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            forced: VecDeque::new(),
            rolls: 0,
        }
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
            return r;
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
    /// sample a future that the searching seat cannot know.
    pub fn reseed(&mut self, seed: u64) {
        self.rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        self.forced.clear();
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
