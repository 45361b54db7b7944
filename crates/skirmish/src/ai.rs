//! The `ai` seat: the computer general of [`crate::general`], improved by playouts at the
//! decisions where its rules of thumb are roughest (the kernel's [`RolloutSearch`]).
//!
//! Which unit takes a card, what an acting unit declares (shoot, test, pass, spot, work…),
//! what its check then lets it do (move, charge, stand, reserve its fire), a bold leader's
//! sign, how a unit charged reacts and whether the defenders close up: each option is played
//! on by generals on both sides from positions the seat could believe
//! ([`fiw_engine::Game::determinize`]) with the same future dice, and the option that scores
//! best on the same samples overrules the general's choice if its lead, sample by sample, is
//! worth [`CONFIDENCE`] standard errors. A battle played to its end costs too much for a few
//! dozen playouts a decision (a Relief Column game between generals is some 50 ms), so each
//! playout is cut off a turn and a half after the first thing happens in it (a man hit, a
//! cabin burned) and the position judged: how far each side has come towards
//! its scenario's victory conditions, and what is left of each side's figures. Counted from the
//! playout's start instead, the cut-off judged a relief column still on the march by positions
//! that all looked alike, and the search overruled the general at one Relief Column decision in
//! a hundred and gained nothing. The steps of a move the general makes at once, as it does
//! playing alone.
//!
//! Once a turn the seat also chooses the general's [`Stance`] (how close its units go, how
//! readily they charge, whether they hold their ground) by playing each stance out for its
//! side ([`Ai::replan`]); its searched orders are then played on in that stance.

use crate::actions::Action;
use crate::general::{General, Stance};
use crate::scenario::{Counter, End, Side};
use crate::state::{Skirmish, Status};
use fiw_engine::{Advisor, Analysis, Game, Policy, RolloutSearch, SearchConfig, Seat, Seen};

/// The decisions a playout plays, after its first event, before its position is judged: about
/// a turn and a half of a scenario's (a turn is some 40 decisions of both sides).
pub const HORIZON: u32 = 60;

/// How many standard errors of the paired differences a lead over the general's choice must
/// be worth to overrule it. The scores of cut-off playouts differ by small amounts (a casualty
/// is about a hundredth), so the kernel's fixed margin let almost nothing overrule the general
/// (2 % of its choices of unit, 40 games of Relief Column); no margin at all let noise
/// overrule it half the time. The lead is read on a last round of fresh samples, the challenger
/// against the general's choice alone (the kernel's confirming round), so that being the best
/// of several on the samples that chose it is no lead; 1.5 overrules about one searched
/// decision in thirty in Relief Column.
pub const CONFIDENCE: f64 = 1.5;

/// Whether a decision is worth playouts: which unit takes a card (a few choices, each shaping
/// the turn), a reaction to a charge, the defenders' close-up, what an acting unit declares
/// (shoot, test, pass, spot, work…) and what its check then lets it do (move, charge, stand,
/// reserve its fire…), and a bold leader's sign. The steps of a move are the general's: they
/// carry out the order chosen, and there are dozens of them.
pub fn worth_searching(legal: &[Action]) -> bool {
    legal.len() >= 2 && legal.iter().all(is_order)
        || legal.iter().any(|a| matches!(a, Action::Charge { .. }))
}

/// An action that decides what a unit does, as against a step of its move or a deployment.
fn is_order(a: &Action) -> bool {
    !matches!(
        a,
        Action::Deploy { .. }
            | Action::SetUp { .. }
            | Action::Abatis { .. }
            | Action::Lift { .. }
            | Action::Ready
            | Action::Step { .. }
            | Action::Wheel { .. }
            | Action::March { .. }
            | Action::Place { .. }
            | Action::Face { .. }
            | Action::Form { .. }
            | Action::Enter { .. }
            | Action::Leave
            | Action::Done
    )
}

/// How far `side` has come towards a victory of its scenario, from 0 to 1: the best of its
/// conditions, each as far as its least advanced counter.
fn progress(g: &Skirmish, side: Side) -> f64 {
    let counter = |c: &Counter| -> f64 {
        let r = match *c {
            Counter::LostShare(s, x) => g.lost_share(s) / x,
            Counter::Lost(s, n) => g.companies_lost(s) as f64 / f64::from(n.max(1)),
            Counter::LostOver(s, x) => {
                let (n, lost) = g.counted_companies(s);
                lost as f64 / ((x * n as f64).floor() + 1.0)
            }
            Counter::Burned(n) => f64::from(g.tallies().burned) / f64::from(n.max(1)),
            Counter::GunsLost(s, n) => g.guns_lost(s) as f64 / f64::from(n.max(1)),
            Counter::Destroyed(k) => {
                g.sites()
                    .get(k)
                    .map_or(0.0, |s| if s.destroyed { 1.0 } else { 0.0 })
            }
            // a bridge's damage counts towards its damaging, and the charges laid for it
            Counter::Damaged(k) => g.sites().get(k).map_or(0.0, |s| {
                if s.destroyed {
                    1.0
                } else {
                    (f64::from(s.damage) + 3.5 * f64::from(s.done)) / 6.0
                }
            }),
            Counter::Built(k) => g.sites().get(k).map_or(0.0, |s| {
                f64::from(s.done) / f64::from(crate::engineering::REDOUBT_TURNS)
            }),
            Counter::Gone(s) => {
                let all = g
                    .units()
                    .iter()
                    .filter(|u| u.side == s && !u.absent)
                    .count();
                let out = g
                    .units()
                    .iter()
                    .filter(|u| u.side == s && !u.absent && u.out.is_some())
                    .count();
                out as f64 / all.max(1) as f64
            }
        };
        r.clamp(0.0, 1.0)
    };
    g.scenario()
        .victory
        .iter()
        .filter(|v| v.winner == Some(side))
        .map(|v| v.when.iter().map(counter).fold(1.0, f64::min))
        .fold(0.0, f64::max)
}

/// The share of `side`'s men still with their units (not in a holding area, lost or gone).
fn strength(g: &Skirmish, side: Side) -> f64 {
    let (mut all, mut left) = (0usize, 0usize);
    for unit in g.units() {
        if unit.side != side || unit.absent {
            continue;
        }
        for &f in &unit.figures {
            let fig = &g.figures()[f as usize];
            if fig.role.is_piece() {
                continue;
            }
            all += 1;
            if fig.status == Status::Ready && unit.in_play() {
                left += 1;
            }
        }
    }
    left as f64 / all.max(1) as f64
}

/// What has happened that [`evaluate`] reads, as a count: each side's men out of the fight
/// (hit, routed, gone) and its progress towards victory (cabins burned, guns lost, a redoubt
/// dug). A playout's cut-off counts from its first change: before the armies meet, every
/// option's position looks alike to the evaluation, and a Relief Column's column may march
/// for turns before it does.
fn events(g: &Skirmish) -> u64 {
    let mut n = 0u64;
    for side in [Side::British, Side::French] {
        n = n * 1_000_003 + (1e6 * (1.0 - strength(g, side) + progress(g, side))) as u64;
    }
    n
}

/// A position's worth to `seat`, from 0 (lost) to 1 (won): half a point and a share of the
/// difference in the two sides' progress towards victory, of what is left of their men, and,
/// where the scenario gives the field to one side at the last turn, of the time gone.
pub fn evaluate(g: &Skirmish, seat: Seat) -> f64 {
    if let Some(o) = g.outcome() {
        return match o.winner {
            Some(w) if w == seat => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
    }
    let me = Side::of_seat(seat);
    let them = me.other();
    let mut v = 0.5
        + 0.35 * (progress(g, me) - progress(g, them))
        + 0.3 * (strength(g, me) - strength(g, them));
    if let End::Side(s) = g.scenario().end {
        let gone = f64::from(g.turn_number()) / f64::from(g.scenario().turns.max(1));
        v += if s == me { 0.15 } else { -0.15 } * gone;
    }
    v.clamp(0.0, 1.0)
}

/// The `ai` seat.
pub struct Ai {
    search: RolloutSearch<Skirmish>,
    general: General,
    /// The decisions searched (the rest are the general's).
    searched: fn(&[Action]) -> bool,
    /// Whether the seat chooses its general's stance by playouts, once a turn.
    plans: bool,
    /// The turn the stance was last chosen in.
    planned: Option<u32>,
    /// A decision's time (the search's own limit, which a choice of stance shares).
    time: Option<std::time::Duration>,
}

/// The general fighting in `stance`, made from a seed as the search's base policies are.
fn in_stance(stance: Stance) -> impl Fn(u64) -> Box<dyn Policy<Skirmish>> {
    move |seed| Box::new(General::with_stance(seed, stance))
}

impl Ai {
    /// A seat searching with `config`.
    pub fn new(config: SearchConfig) -> Self {
        Self::tuned(config, HORIZON, worth_searching)
            .with_margin(0.0)
            .with_confidence(CONFIDENCE)
            .with_plans(true)
    }

    /// A seat searching with `config` the decisions `searched` accepts, its playouts cut off
    /// after `horizon` decisions (for studies of the search).
    pub fn tuned(mut config: SearchConfig, horizon: u32, searched: fn(&[Action]) -> bool) -> Self {
        config.limits.time = config.limits.time.map(within);
        let (seed, time) = (config.seed, config.limits.time);
        Ai {
            search: RolloutSearch::new(
                config,
                |seed| Box::new(General::new(seed)) as Box<dyn Policy<Skirmish>>,
                searched,
            )
            .with_evaluation(horizon, evaluate)
            .counting_from_events(events),
            general: General::new(fiw_engine::game_seed(seed, 0x9e4e)),
            searched,
            plans: false,
            planned: None,
            time,
        }
    }

    /// The same seat choosing its general's stance by playouts (`true`), or keeping the
    /// general's rules of thumb as written.
    pub fn with_plans(mut self, plans: bool) -> Self {
        self.plans = plans;
        self
    }

    /// Gives the search its whole time again, after a decision a choice of stance shared.
    fn unsqueeze(&mut self) {
        self.search.set_time_limit(self.time);
    }

    /// At the seat's first choice of a unit in a turn, plays each stance out against the
    /// enemy's general and keeps the one it fights in unless another clearly does better
    /// ([`RolloutSearch::choose_plan`]): the stance it takes, when it changes.
    ///
    /// Why stances and not more orders searched: a stance changes every order of the kind
    /// the same way for a turn (how close the units go, whether they charge, whether they hold
    /// their ground), which is how the general's rules of thumb go wrong. Between generals,
    /// the British and the French of the Raid both win some ten points more by keeping the
    /// enemy at long range (`wary`), the Siege Sortie's British some eight by closing in
    /// (`bold`), while the same stances lose in other scenarios; a search of single orders,
    /// each played on by the general as written, finds neither.
    pub fn replan(&mut self, seen: &Seen<Skirmish>, legal: &[Action]) -> Option<Stance> {
        if !self.plans
            || legal.len() < 2
            || !matches!(legal.first(), Some(Action::Activate { .. }))
            || self.planned == Some(seen.turn())
        {
            return None;
        }
        self.planned = Some(seen.turn());
        let makers = Stance::ALL.map(in_stance);
        let plans: Vec<&dyn Fn(u64) -> Box<dyn Policy<Skirmish>>> =
            makers.iter().map(|m| m as &dyn Fn(u64) -> _).collect();
        let now = Stance::ALL
            .iter()
            .position(|s| *s == self.general.stance())
            .unwrap_or(0);
        // the stance takes at most half the decision's time, the order chosen in it the rest
        let start = std::time::Instant::now();
        self.search.set_time_limit(self.time.map(|c| c / 2));
        let (k, _) = self.search.choose_plan(seen, &plans, now);
        self.search
            .set_time_limit(self.time.map(|c| c.saturating_sub(start.elapsed())));
        (k != now).then(|| {
            self.general.set_stance(Stance::ALL[k]);
            Stance::ALL[k]
        })
    }

    /// Whether the seat searches this decision (else its general makes it).
    pub fn searches(&self, legal: &[Action]) -> bool {
        legal.len() >= 2 && (self.searched)(legal)
    }
}

impl Ai {
    /// The same seat with its playouts cut off `steps` decisions after their first event
    /// (for studies of the search; [`HORIZON`] by default).
    pub fn with_horizon(mut self, steps: u32) -> Self {
        self.search = self.search.with_evaluation(steps, evaluate);
        self
    }

    /// The same seat with the search's margin set (for studies of the search).
    pub fn with_margin(mut self, margin: f64) -> Self {
        self.search = self.search.with_margin(margin);
        self
    }

    /// The same seat with its own general's dice drawn from `seed` (the general chooses by
    /// chance only among hiding places): given the seed of the general it stands in for, the
    /// seat plays that general's game exactly until the search first overrules it, so a match
    /// against the general measures what the overrules change and nothing else.
    pub fn with_general_seed(mut self, seed: u64) -> Self {
        self.general = General::new(seed);
        self
    }

    /// The same seat playing each stance on for `steps` decisions after the first event
    /// (for studies of the search; an order's [`HORIZON`] by default).
    pub fn with_plan_horizon(mut self, steps: u32) -> Self {
        self.search = self.search.with_plan_horizon(steps);
        self
    }

    /// The same seat overruling the general only for a lead of `z` standard errors (for
    /// studies of the search).
    pub fn with_confidence(mut self, z: f64) -> Self {
        self.search = self.search.with_confidence(z);
        self
    }
}

impl Policy<Skirmish> for Ai {
    fn name(&self) -> &str {
        "ai"
    }

    /// Inside an activation the general's own step, at once, while a unit moves (unless it
    /// may charge: the charge is searched); before the check and after it, what the unit does
    /// is listed and searched. Listing every step of a move to find it is not worth searching
    /// would cost what the general saves by proposing.
    fn propose(&mut self, seen: &Seen<Skirmish>) -> Option<Action> {
        // a unit moving may stop (`done`); before that, its orders are listed
        if !seen.is_legal(&Action::Done) {
            return None;
        }
        let mut tries = Vec::new();
        seen.candidates(0, &mut tries);
        if tries.is_empty() || tries.iter().any(|a| matches!(a, Action::Charge { .. })) {
            return None;
        }
        self.general.propose(seen)
    }

    /// A decision not worth searching is the seat's own general's, as is its proposal, so
    /// that the chances it takes among hiding places come from one set of dice, as a general
    /// playing alone does.
    fn choose(&mut self, seen: &Seen<Skirmish>, legal: &[Action]) -> usize {
        self.replan(seen, legal);
        if !self.searches(legal) {
            self.unsqueeze();
            return self.general.choose(seen, legal);
        }
        self.analyse(seen, legal).best().map_or(0, |b| b.index)
    }
}

impl Advisor<Skirmish> for Ai {
    /// Each order played on by the general in the seat's stance, against the general's own
    /// choice in it.
    fn analyse(&mut self, seen: &Seen<Skirmish>, legal: &[Action]) -> Analysis<Action> {
        let pick = self.general.choose(seen, legal);
        let own = in_stance(self.general.stance());
        let analysis = self.search.analyse_from(seen, legal, pick, Some(&own));
        self.unsqueeze();
        analysis
    }
}

/// The search's own time out of a decision's `time`: a tenth of it (at most 100 ms) is kept
/// back for what the clock of the search does not see, so that the decision keeps to `time`:
/// the general's choice and the stance's before the search, and a machine busy with other
/// work, which stretches the last playout begun (the search begins none it expects to end
/// past its time, from the longest so far). Without it, on the 2-core machine shared with
/// builds (load average 6-9), 3 of 1,426 decisions of a Relief Column pair took over a second,
/// the slowest 1,189 ms.
pub fn within(time: std::time::Duration) -> std::time::Duration {
    time - (time / 10).min(std::time::Duration::from_millis(100))
}

/// The `ai` seat for the kernel.
pub fn search_ai(config: SearchConfig) -> Box<dyn Advisor<Skirmish>> {
    Box::new(Ai::new(config))
}

/// The `ai` budget: 64 playouts or one second a decision, whichever comes first (a playout
/// cut off after [`HORIZON`] decisions costs some 5 ms in release; a decision's median is
/// 170 ms, its 99th percentile 780 ms in the Siege Sortie). Twice the samples tell a lead
/// from the noise of cut-off scores at a smaller size: with 32 the Siege Sortie scored 56.0 %
/// and 53.5 % against the general on two sets of 100 pairs, with 64, 63.0 % and 57.0 %.
pub fn default_limits() -> fiw_engine::SearchLimits {
    fiw_engine::SearchLimits {
        iterations: Some(64),
        time: Some(std::time::Duration::from_millis(1_000)),
    }
}

#[cfg(test)]
mod tests {
    use super::within;
    use std::time::Duration;

    #[test]
    fn the_search_keeps_a_tenth_of_a_decisions_time_back_at_most_100_ms() {
        assert_eq!(
            within(Duration::from_millis(1_000)),
            Duration::from_millis(900)
        );
        assert_eq!(
            within(Duration::from_millis(300)),
            Duration::from_millis(270)
        );
        assert_eq!(
            within(Duration::from_secs(60)),
            Duration::from_millis(59_900)
        );
        assert_eq!(within(Duration::ZERO), Duration::ZERO);
    }
}
