//! Time controls, as Rally the Troops' paces: none (the default), or a bank of days per seat
//! that runs while the seat decides, gains an increment each time the decision passes from it,
//! and never holds more than a cap. A seat whose bank runs out loses the game.
//!
//! The form `{"days": D, "increment": I, "cap": C}` and its defaults are the project's own
//! choice (RTT's paces are a promise of speed, not a clock): `{"days": 3}` alone means three
//! days for every move (the increment and the cap are the days), and `{"days": 3,
//! "increment": 1, "cap": 7}` starts each seat with three days, adds one each time it hands
//! the decision on, and keeps at most seven. Computer seats have no clock.
//!
//! A bank is worked out from the stored entries' times alone, so the game rebuilt by replay
//! has the same clocks as the game in memory, and the entry that ends a game on time
//! (`timeout`) replays to the same end.

use crate::clock::Clock;
use fiw_engine::Seat;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

const DAY_MS: f64 = 86_400_000.0;
/// The shortest bank (one minute) and the longest (a year), in days.
const SHORTEST: f64 = 1.0 / 1440.0;
const LONGEST: f64 = 365.0;

/// A game's time control.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "Asked")]
pub struct Pace {
    /// Each seat's bank at the start, in days.
    pub days: f64,
    /// Added to a seat's bank each time the decision passes from it, in days.
    pub increment: f64,
    /// The most a bank holds, in days.
    pub cap: f64,
}

/// A pace as a client writes it: the increment and the cap may be left out.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Asked {
    days: f64,
    increment: Option<f64>,
    cap: Option<f64>,
}

impl TryFrom<Asked> for Pace {
    type Error = String;

    fn try_from(a: Asked) -> Result<Pace, String> {
        let in_range = |v: f64, lo: f64| v.is_finite() && v >= lo && v <= LONGEST;
        if !in_range(a.days, SHORTEST) {
            return Err(format!(
                "pace: \"days\" is a seat's starting bank, from one minute (0.0007) to {LONGEST} days"
            ));
        }
        let increment = a.increment.unwrap_or(a.days);
        if !in_range(increment, 0.0) {
            return Err(format!("pace: \"increment\" is from 0 to {LONGEST} days"));
        }
        let cap = a.cap.unwrap_or(a.days.max(increment));
        if !in_range(cap, a.days) {
            return Err(format!(
                "pace: \"cap\" is at least \"days\" and at most {LONGEST} days"
            ));
        }
        Ok(Pace {
            days: a.days,
            increment,
            cap,
        })
    }
}

fn ms(days: f64) -> i64 {
    (days * DAY_MS).round() as i64
}

/// Each seat's bank in a game with a time control.
pub struct Banks {
    pace: Pace,
    /// Milliseconds left, for each seat with a clock (`None`: a computer seat).
    left: Vec<Option<i64>>,
    /// The seat deciding, and since when.
    running: Option<(Seat, i64)>,
    clock: Arc<dyn Clock>,
}

/// A seat's clock as the views show it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct SeatClock {
    /// The seat.
    pub seat: String,
    /// Milliseconds left now.
    pub left_ms: i64,
    /// Whether it is running (the seat decides).
    pub running: bool,
    /// When it runs out, if it runs (milliseconds since 1970).
    pub deadline: Option<i64>,
}

/// The clocks of a game, as every view shows them (they are no secret).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Clocks {
    /// The time control.
    pub pace: Pace,
    /// The seats that have a clock.
    pub seats: Vec<SeatClock>,
}

impl Banks {
    /// Full banks for the seats with a clock, the first decider's running from `start`.
    pub fn new(
        pace: Pace,
        clocked: &[bool],
        decider: Option<Seat>,
        start: i64,
        clock: Arc<dyn Clock>,
    ) -> Banks {
        Banks {
            pace,
            left: clocked.iter().map(|&c| c.then(|| ms(pace.days))).collect(),
            running: decider.map(|s| (s, start)),
            clock,
        }
    }

    /// Brings the banks past an entry made at `at`, after which `decider` decides (`None`:
    /// the game is over). The seat that was deciding is charged the time since it began; if
    /// the entry was an action and the decision has passed from it, it gains the increment.
    pub fn after(&mut self, action: bool, decider: Option<Seat>, at: i64) {
        if let Some((s, since)) = self.running {
            if let Some(Some(left)) = self.left.get_mut(s) {
                *left = (*left - (at - since).max(0)).max(0);
                if action && decider != Some(s) {
                    *left = (*left + ms(self.pace.increment)).min(ms(self.pace.cap));
                }
            }
        }
        self.running = decider.map(|d| (d, at));
    }

    /// The seat whose clock runs, and when it runs out.
    pub fn deadline(&self) -> Option<(Seat, i64)> {
        let (s, since) = self.running?;
        let left = (*self.left.get(s)?)?;
        Some((s, since + left))
    }

    /// The seat whose clock has run out by now, if one has.
    pub fn ran_out(&self) -> Option<Seat> {
        self.deadline()
            .filter(|&(_, at)| at <= self.clock.now_ms())
            .map(|(s, _)| s)
    }

    /// The clocks now, for the views.
    pub fn shown(&self, seats: &[&str]) -> Clocks {
        let now = self.clock.now_ms();
        let deadline = self.deadline();
        Clocks {
            pace: self.pace,
            seats: self
                .left
                .iter()
                .enumerate()
                .filter_map(|(s, left)| {
                    let left = (*left)?;
                    let running = deadline.filter(|&(d, _)| d == s).map(|(_, at)| at);
                    Some(SeatClock {
                        seat: seats.get(s).copied().unwrap_or("?").to_string(),
                        left_ms: running.map_or(left, |at| (at - now).max(0)),
                        running: running.is_some(),
                        deadline: running,
                    })
                })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ManualClock;

    fn pace(v: serde_json::Value) -> Result<Pace, String> {
        serde_json::from_value(v).map_err(|e| e.to_string())
    }

    #[test]
    fn days_alone_are_days_for_every_move_and_bad_paces_are_refused() {
        let p = pace(serde_json::json!({ "days": 3 })).unwrap();
        assert_eq!((p.days, p.increment, p.cap), (3.0, 3.0, 3.0));
        let p = pace(serde_json::json!({ "days": 3, "increment": 1, "cap": 7 })).unwrap();
        assert_eq!((p.days, p.increment, p.cap), (3.0, 1.0, 7.0));
        for bad in [
            serde_json::json!({ "days": 0 }),
            serde_json::json!({ "days": -1 }),
            serde_json::json!({ "days": 1000 }),
            serde_json::json!({ "days": 3, "cap": 2 }),
            serde_json::json!({ "days": 3, "increment": -1 }),
            serde_json::json!({ "days": 3, "hours": 1 }),
            serde_json::json!({ "days": "three" }),
        ] {
            assert!(pace(bad.clone()).is_err(), "{bad}");
        }
        // what is stored reads back the same
        let p = pace(serde_json::json!({ "days": 0.5, "increment": 0.25, "cap": 2 })).unwrap();
        assert_eq!(
            pace(serde_json::to_value(p).unwrap()).unwrap(),
            p,
            "a stored pace reads back"
        );
    }

    #[test]
    fn a_bank_runs_while_its_seat_decides_and_gains_the_increment_up_to_the_cap() {
        let day = DAY_MS as i64;
        let q = day / 4;
        let clock = Arc::new(ManualClock::new(0));
        let p = Pace {
            days: 3.0,
            increment: 1.0,
            cap: 3.5,
        };
        let mut b = Banks::new(p, &[true, true], Some(0), 0, clock.clone());
        assert_eq!(b.deadline(), Some((0, 3 * day)));
        // seat 0 takes two steps of its decision: no increment until it hands it on
        b.after(true, Some(0), day);
        assert_eq!(b.deadline(), Some((0, 3 * day)));
        b.after(true, Some(1), 2 * day);
        // 3 - 2 + 1 = 2 days left for seat 0; seat 1 runs from day 2
        assert_eq!(b.deadline(), Some((1, 5 * day)));
        clock.set(2 * day + q);
        let shown = b.shown(&["a", "b"]);
        assert_eq!(shown.seats[0].left_ms, 2 * day);
        assert!(!shown.seats[0].running);
        assert_eq!(shown.seats[1].left_ms, 3 * day - q);
        assert!(shown.seats[1].running);
        assert_eq!(shown.seats[1].deadline, Some(5 * day));
        // seat 1 answers after a quarter of a day: 3 - 1/4 + 1 is more than the cap
        b.after(true, Some(0), 2 * day + q);
        assert_eq!(b.shown(&["a", "b"]).seats[1].left_ms, 3 * day + 2 * q);
        // an undo hands the decision back with no increment
        b.after(false, Some(1), 2 * day + q);
        assert_eq!(b.shown(&["a", "b"]).seats[0].left_ms, 2 * day);
        assert_eq!(b.deadline(), Some((1, 5 * day + 3 * q)));
        assert_eq!(b.ran_out(), None);
        clock.set(5 * day + 3 * q);
        assert_eq!(b.ran_out(), Some(1));
        // the game over: no clock runs
        b.after(false, None, 5 * day + 3 * q);
        assert_eq!(b.deadline(), None);
        // a computer seat has no clock
        let b = Banks::new(p, &[true, false], Some(1), 0, clock);
        assert_eq!(b.deadline(), None);
        assert_eq!(b.shown(&["a", "b"]).seats.len(), 1);
    }
}
