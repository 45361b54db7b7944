//! How a game is won: the scenario's conditions, read as data (a share of a side's companies
//! lost, cabins burned, guns lost, a bridge destroyed, a redoubt built, a side gone), checked
//! after every casualty, rout and activation; and the verdict after the last turn. The rules
//! never know which scenario they play: they only count.

use crate::scenario::{Counter, End, Side};
use crate::state::{Out, Skirmish};
use crate::troops::Troop;
use fiw_engine::Outcome;

/// The names `fiw sim` gives the scenario's victory conditions, in the order of its file.
const VICTORY_METRICS: [&str; 16] = [
    "victory_1",
    "victory_2",
    "victory_3",
    "victory_4",
    "victory_5",
    "victory_6",
    "victory_7",
    "victory_8",
    "victory_9",
    "victory_10",
    "victory_11",
    "victory_12",
    "victory_13",
    "victory_14",
    "victory_15",
    "victory_16",
];

impl Skirmish {
    /// The companies (units) of `side` in the game: every unit the set-up called up.
    pub fn companies(&self, side: Side) -> usize {
        self.units
            .iter()
            .filter(|u| {
                u.side == side && !u.absent && u.troop != Troop::Wagon && u.messenger.is_none()
            })
            .count()
    }

    /// The companies of `side` routed (12.1), surrendered (12.2) or destroyed.
    pub fn companies_lost(&self, side: Side) -> usize {
        self.units
            .iter()
            .filter(|u| {
                u.side == side
                    && !u.absent
                    && u.troop != Troop::Wagon
                    && u.messenger.is_none()
                    && matches!(u.out, Some(Out::Routed | Out::Surrendered | Out::Destroyed))
            })
            .count()
    }

    /// The share of `side`'s companies lost.
    pub fn lost_share(&self, side: Side) -> f64 {
        let n = self.companies(side);
        if n == 0 {
            0.0
        } else {
            self.companies_lost(side) as f64 / n as f64
        }
    }

    /// Whether unit `u` has taken the field: it began on the table, or has come onto it (or
    /// left the game, which only a unit in the field does).
    pub fn in_field(&self, u: usize) -> bool {
        let unit = &self.units[u];
        let side = unit.side;
        let enters = self.scenario.sides[side.index()]
            .units
            .get(u - self.first_unit(side))
            .is_some_and(|s| s.enters.is_some());
        !enters || unit.out.is_some() || self.table_figures(u).next().is_some()
    }

    /// The companies of `side` that have taken the field, and of them those lost.
    pub fn field_companies(&self, side: Side) -> (usize, usize) {
        let mut n = (0, 0);
        for (u, unit) in self.units.iter().enumerate() {
            if unit.side == side
                && !unit.absent
                && unit.troop != Troop::Wagon
                && unit.messenger.is_none()
                && self.in_field(u)
            {
                n.0 += 1;
                if matches!(
                    unit.out,
                    Some(Out::Routed | Out::Surrendered | Out::Destroyed)
                ) {
                    n.1 += 1;
                }
            }
        }
        n
    }

    /// The companies of `side` a victory's share of companies broken counts, and of them those
    /// lost: every company (the text), or with the scenario option `field-companies` those that
    /// have taken the field.
    pub fn counted_companies(&self, side: Side) -> (usize, usize) {
        if self.scenario.option("field-companies") {
            self.field_companies(side)
        } else {
            (self.companies(side), self.companies_lost(side))
        }
    }

    /// The guns of `side` destroyed or spiked (or whose section is gone from the game).
    pub fn guns_lost(&self, side: Side) -> usize {
        self.units
            .iter()
            .filter(|u| {
                u.side == side
                    && u.troop == Troop::Artillery
                    && !u.absent
                    && (u.gun_lost
                        || matches!(u.out, Some(Out::Routed | Out::Surrendered | Out::Destroyed)))
            })
            .count()
    }

    /// Whether every unit of `side` has left the game.
    pub fn gone(&self, side: Side) -> bool {
        self.units
            .iter()
            .filter(|u| {
                u.side == side && !u.absent && u.troop != Troop::Wagon && u.messenger.is_none()
            })
            .all(|u| u.out.is_some())
    }

    fn holds(&self, c: &Counter) -> bool {
        match *c {
            Counter::LostShare(s, x) => self.lost_share(s) >= x - 1e-9,
            Counter::Lost(s, n) => self.companies_lost(s) >= n as usize,
            Counter::LostOver(s, x) => {
                let (n, lost) = self.counted_companies(s);
                n > 0 && lost as f64 > x * n as f64 + 1e-9
            }
            Counter::Burned(n) => self.tallies.burned >= n,
            Counter::GunsLost(s, n) => self.guns_lost(s) >= n as usize,
            Counter::Destroyed(k) => self.sites.get(k).is_some_and(|s| s.destroyed),
            Counter::Damaged(k) => {
                self.sites.get(k).is_some_and(|s| s.destroyed) || self.bridge_damaged(k)
            }
            Counter::Built(k) => self.sites.get(k).is_some_and(|s| s.finished),
            Counter::Gone(s) => self.gone(s),
        }
    }

    /// The scenario's conditions: the first that holds ends the game.
    pub(crate) fn check_victory(&mut self) {
        if self.outcome.is_some() {
            return;
        }
        let scenario = self.scenario.clone();
        for (k, v) in scenario.victory.iter().enumerate() {
            if v.when.iter().all(|c| self.holds(c)) {
                self.ended_by = Some(k);
                let turn = self.turn;
                self.outcome = Some(Outcome {
                    winner: v.winner.map(Side::seat),
                    turn,
                    reason: v.reason.clone(),
                });
                let reason = v.reason.clone();
                self.log.public(|| format!("the game is over: {reason}"));
                self.phase = crate::state::Phase::Over;
                self.act = None;
                self.charge = None;
                return;
            }
        }
    }

    /// How the game ended, as `fiw sim` counts it: 1 for the scenario's victory condition
    /// that ended it (its place among the conditions, from 1) or for the last turn's verdict
    /// (`turn_limit`), 0 for the others.
    pub(crate) fn ending_metrics(&self) -> Vec<(&'static str, f64)> {
        let over = self.outcome.is_some();
        let mut out: Vec<(&'static str, f64)> = VICTORY_METRICS
            .iter()
            .take(self.scenario.victory.len())
            .enumerate()
            .map(|(k, name)| (*name, f64::from(u8::from(self.ended_by == Some(k)))))
            .collect();
        out.push((
            "turn_limit",
            f64::from(u8::from(over && self.ended_by.is_none())),
        ));
        out
    }

    /// The verdict after the last turn.
    pub(crate) fn last_turn_verdict(&mut self) {
        if self.outcome.is_some() {
            return;
        }
        let turn = self.turn;
        // the option `fewer-lost` judges the last turn by the share lost (the reading 17.9)
        let end = if self.scenario.option("fewer-lost") {
            End::FewerLost
        } else {
            self.scenario.end.clone()
        };
        let (winner, reason) = match end {
            End::Side(s) => (
                Some(s),
                format!("turn {turn} is over: the {} hold the field", s.name()),
            ),
            End::FewerLost => {
                let (b, f) = (
                    self.lost_share(Side::British),
                    self.lost_share(Side::French),
                );
                let lost = format!(
                    "British lost {} of {} companies, French {} of {}",
                    self.companies_lost(Side::British),
                    self.companies(Side::British),
                    self.companies_lost(Side::French),
                    self.companies(Side::French)
                );
                if (b - f).abs() < 1e-9 {
                    (None, format!("turn {turn} is over, a draw: {lost}"))
                } else if b < f {
                    (Some(Side::British), format!("turn {turn} is over: {lost}"))
                } else {
                    (Some(Side::French), format!("turn {turn} is over: {lost}"))
                }
            }
        };
        self.outcome = Some(Outcome {
            winner: winner.map(Side::seat),
            turn,
            reason: reason.clone(),
        });
        self.log.public(|| format!("the game is over: {reason}"));
    }
}
