//! Rollout search: a game's own rule-of-thumb player, improved by playing each of its options out.
//!
//! # Why a second search
//! Tree search with random playouts learns little in a game where random play always loses for
//! one side (Louisbourg's British win 11 % of random games): from any British position almost
//! every playout ends in a French win, so every British option looks alike. Guided by a good
//! heuristic, a few hundred playouts are worth more than thousands of random ones, but spread
//! over a tree of dozens of options per step they are still too few. The rollout algorithm
//! (Tesauro and Galperin's "on-line policy improvement", 1996; Bertsekas' "rollout") spends them
//! where they count: at a decision, every option is played out to the end by the heuristic for
//! both sides, and the option that wins most is taken. In expectation that is never worse than
//! the heuristic itself and usually better, because it corrects the heuristic exactly where its
//! rules of thumb misjudge the position at hand.
//!
//! # How it samples
//! - Honest: every playout starts from [`Game::determinize`] of the deciding seat, as in
//!   [`crate::IsMcts`]; the true state is only ever handed to it.
//! - Paired: within a round, every option is played from the same determinization with the same
//!   future dice (common random numbers), so two options are compared on the same luck, and a
//!   difference between them is a difference of the options, not of the dice.
//! - Sequential halving (Karnin, Koren and Somekh, 2013): the budget is split into rounds; after
//!   each, the worse half of the options drops out, so the last few get most of the playouts.
//! - Conservative: the heuristic's own choice stays in to the end and is only overruled by an
//!   option that won clearly more often on the very same samples ([`RolloutSearch::margin`]).
//!   Without the margin, the luckiest of many options would often look best by chance alone.
//!   With a test of confidence instead ([`RolloutSearch::with_confidence`]), the lead is
//!   read only on samples drawn after the challenger was chosen, in a last round of its own.
//! - Small steps (which block goes next in a move the heuristic has planned, which block takes a
//!   hit) are left to the heuristic: the game says which decisions are worth searching.

use crate::{
    game_seed, play_out, ActionStats, Analysis, Dice, Game, Policy, SearchConfig, SearchLimits,
    Seat, Seen,
};
use std::time::{Duration, Instant};

/// Makes a fresh base policy from a seed (one per seat in every playout, so a policy's memory of
/// its own plans never leaks from one playout to another or from one seat to the other).
pub type PolicyMaker<G> = Box<dyn Fn(u64) -> Box<dyn Policy<G>> + Send>;

/// Says whether the decision with these legal actions is worth playouts.
pub type DecisionFilter<G> = Box<dyn Fn(&[<G as Game>::Action]) -> bool + Send>;

/// A policy that can also say why: the search AIs, for `hint` and for studies.
pub trait Advisor<G: Game>: Policy<G> {
    /// Searches the decision of `seen`'s seat among `legal` and reports every option it weighed,
    /// the one it would play first.
    fn analyse(&mut self, seen: &Seen<G>, legal: &[G::Action]) -> Analysis<G::Action>;
}

/// The share of its playouts option `i` won (0 before any).
fn share_won(wins: &[f64], plays: &[u32], i: usize) -> f64 {
    if plays[i] > 0 {
        wins[i] / plays[i] as f64
    } else {
        0.0
    }
}

/// How many standard errors of their paired differences `a`'s results lead `b`'s by, over the
/// samples both were played on (each list in the order of its samples): infinite for a lead
/// without noise, 0 for none or fewer than two samples.
fn paired_lead(a: &[(u32, f64)], b: &[(u32, f64)]) -> f64 {
    let mut d = Vec::with_capacity(a.len());
    let mut j = 0;
    for &(k, x) in a {
        while j < b.len() && b[j].0 < k {
            j += 1;
        }
        if j < b.len() && b[j].0 == k {
            d.push(x - b[j].1);
        }
    }
    if d.len() < 2 {
        return 0.0;
    }
    let n = d.len() as f64;
    let mean = d.iter().sum::<f64>() / n;
    if mean <= 0.0 {
        return 0.0;
    }
    let var = d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    if var <= 0.0 {
        return f64::INFINITY;
    }
    mean / (var / n).sqrt()
}

/// After this many samples in which every option did alike, the search stops.
const SAME_RESULTS: u32 = 4;

/// The rollout search AI. See the module documentation.
pub struct RolloutSearch<G: Game> {
    config: SearchConfig,
    base: PolicyMaker<G>,
    /// The base policy as it plays this seat in the real game (it keeps its plans from one
    /// decision to the next, as it would playing alone).
    decider: Box<dyn Policy<G>>,
    worth_searching: DecisionFilter<G>,
    margin: f64,
    /// How many standard errors of the paired differences another option's lead over the
    /// heuristic's choice must be worth to overrule it (none: the margin alone).
    confidence: Option<f64>,
    /// Playouts cut off after this many steps, the position scored by the evaluation.
    evaluation: Option<(u32, Evaluation<G>)>,
    /// What has happened in a game that its evaluation reads (losses, objectives), counted:
    /// the cut-off's steps are counted from its first change in a playout.
    events: Option<Events<G>>,
    /// A plan's playouts cut off after this many steps instead (none: as an order's).
    plan_horizon: Option<u32>,
}

/// A game's count of what has happened in it that its evaluation reads (see
/// [`RolloutSearch::counting_from_events`]).
pub type Events<G> = Box<dyn Fn(&G) -> u64 + Send>;

/// A game's estimate of an unfinished position for a seat, from 0 (lost) to 1 (won).
pub type Evaluation<G> = Box<dyn Fn(&G, Seat) -> f64 + Send>;

/// What an evaluation says of `state` for `seat`, within 0 to 1 (a game's estimate outside is
/// clamped, NaN is a draw): one reading for both searches that cut their playouts off.
pub(crate) fn judged<G>(evaluate: &Evaluation<G>, state: &G, seat: Seat) -> f64 {
    let v = evaluate(state, seat);
    if v.is_nan() {
        0.5
    } else {
        v.clamp(0.0, 1.0)
    }
}

impl<G: Game> RolloutSearch<G> {
    /// The margin by default: the share of paired playouts by which another option must beat
    /// the heuristic's choice to overrule it.
    pub const DEFAULT_MARGIN: f64 = 0.05;

    /// A rollout search over the base policy made by `base`, searching only the decisions
    /// `worth_searching` accepts. `config.limits.iterations` counts playouts.
    pub fn new(
        config: SearchConfig,
        base: impl Fn(u64) -> Box<dyn Policy<G>> + Send + 'static,
        worth_searching: impl Fn(&[G::Action]) -> bool + Send + 'static,
    ) -> Self {
        let decider = base(game_seed(config.seed, 0xdec1de));
        RolloutSearch {
            config,
            base: Box::new(base),
            decider,
            worth_searching: Box::new(worth_searching),
            margin: Self::DEFAULT_MARGIN,
            confidence: None,
            evaluation: None,
            events: None,
            plan_horizon: None,
        }
    }

    /// Cuts playouts off after `after_steps` steps and scores the position with `evaluate`
    /// (from 0, lost, to 1, won, for the seat asked; values outside are clamped, NaN is ½), as
    /// [`crate::IsMcts::with_evaluation`] does: for games whose playouts to the end cost too
    /// much to make several at every decision within its time.
    pub fn with_evaluation(
        mut self,
        after_steps: u32,
        evaluate: impl Fn(&G, Seat) -> f64 + Send + 'static,
    ) -> Self {
        self.evaluation = Some((after_steps, Box::new(evaluate)));
        self
    }

    /// Counts a cut-off playout's steps from the first step that changes `events` (a game's
    /// count of what its evaluation reads: losses, objectives): a position in which nothing has
    /// happened yet tells an evaluation of losses and objectives nothing, so a playout from
    /// before the armies meet plays on until they do, and is judged as many steps after.
    /// A playout still counts no more than the configuration's `max_rollout` steps in all.
    pub fn counting_from_events(mut self, events: impl Fn(&G) -> u64 + Send + 'static) -> Self {
        self.events = Some(Box::new(events));
        self
    }

    /// Sets the margin (0 takes the best-scoring option however slight its lead).
    pub fn with_margin(mut self, margin: f64) -> Self {
        self.margin = margin;
        self
    }

    /// Overrules the heuristic's choice only for an option whose lead over it, sample by
    /// sample on the same determinizations and dice, is at least `z` standard errors of those
    /// differences (besides the margin). An evaluation's scores differ between options by
    /// amounts no fixed margin fits (a casualty is a hundredth of a skirmish's score, a game won
    /// is all of it); a paired test reads each lead against the noise of its own samples.
    pub fn with_confidence(mut self, z: f64) -> Self {
        self.confidence = Some(z);
        self
    }

    /// Cuts a plan's playouts ([`RolloutSearch::choose_plan`]) off after `steps` instead of an
    /// order's cut-off (`u32::MAX`: played to the end, or the configuration's `max_rollout`):
    /// a plan's worth shows later than an order's.
    pub fn with_plan_horizon(mut self, steps: u32) -> Self {
        self.plan_horizon = Some(steps);
        self
    }

    /// The margin in use.
    pub fn margin(&self) -> f64 {
        self.margin
    }

    /// Sets the wall-clock time a decision's playouts may take (none: the playout count alone):
    /// a seat that makes two searches at one decision (a plan, then the order) shares its time
    /// between them.
    pub fn set_time_limit(&mut self, time: Option<std::time::Duration>) {
        self.config.limits.time = time;
    }

    /// Plays one option out from `state` (a determinization, its dice already set) and returns
    /// the result for `seat`: 1 a win, 0 a loss, ½ a draw or a game cut off.
    fn play_out(&mut self, mut state: G, seat: Seat, opening: Opening<'_, G>, seed: u64) -> f64 {
        let mut policies: Vec<Box<dyn Policy<G>>> = (0..G::SEATS.len())
            .map(|s| (self.base)(game_seed(seed, s as u64)))
            .collect();
        if let Some(own) = opening.own {
            policies[seat] = own(game_seed(seed, seat as u64));
        }
        if let Some((root_legal, option)) = opening.action {
            // The seat's policy first meets the root as the real one did, so that the plans it
            // makes there (a move's later steps) are in place when the option is its own choice.
            let _ = policies[seat].choose(&Seen::new(&state, seat), root_legal);
            state.apply_unchecked(root_legal[option]);
        }
        let plan = opening.action.is_none();
        if let Some((after, evaluate)) = &self.evaluation {
            let after = match self.plan_horizon {
                Some(h) if plan => h,
                _ => *after,
            };
            // played on to the cut-off, then judged (a game over sooner is its result)
            let mut legal = Vec::new();
            let events = self.events.as_ref().map(|e| e(&state));
            // steps since the first event (all of them without a count of events)
            let (mut counted, mut steps) = (0u32, 0u32);
            while counted < after && steps < self.config.max_rollout {
                let Some(s) = state.to_move() else { break };
                let Some(a) = crate::decide(&state, s, policies[s].as_mut(), &mut legal) else {
                    return 0.5;
                };
                state.apply_unchecked(a);
                steps += 1;
                if counted > 0
                    || events.is_none()
                    || self.events.as_ref().map(|e| e(&state)) != events
                {
                    counted += 1;
                }
            }
            if state.outcome().is_none() {
                return judged(evaluate, &state, seat);
            }
        } else if play_out(
            // the kernel's own playout loop; a game that stalls or runs past the cap counts as
            // a draw
            &mut state,
            &mut policies,
            u64::from(self.config.max_rollout),
        )
        .is_err()
        {
            return 0.5;
        }
        match state.outcome().and_then(|o| o.winner) {
            Some(w) if w == seat => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }

    fn report(
        seat: Seat,
        legal: &[G::Action],
        chosen: usize,
        pick: usize,
        wins: &[f64],
        plays: &[u32],
        start: Instant,
    ) -> Analysis<G::Action> {
        let mut actions: Vec<ActionStats<G::Action>> = legal
            .iter()
            .enumerate()
            .map(|(index, &action)| ActionStats {
                index,
                action,
                visits: plays[index],
                value: share_won(wins, plays, index),
            })
            .collect();
        actions.sort_by(|a, b| {
            (b.index == chosen)
                .cmp(&(a.index == chosen))
                .then(b.visits.cmp(&a.visits))
                .then(b.value.total_cmp(&a.value))
                .then(a.index.cmp(&b.index))
        });
        Analysis {
            seat,
            iterations: plays.iter().sum(),
            nodes: 0,
            seconds: start.elapsed().as_secs_f64(),
            actions,
            baseline: legal.get(pick).copied(),
        }
    }
}

impl<G: Game> Advisor<G> for RolloutSearch<G> {
    fn analyse(&mut self, seen: &Seen<G>, legal: &[G::Action]) -> Analysis<G::Action> {
        let start = Instant::now();
        let n = legal.len();
        if n == 0 {
            return Self::report(seen.seat(), legal, 0, 0, &[], &[], start);
        }
        let pick = self.decider.choose(seen, legal).min(n - 1);
        self.analyse_from(seen, legal, pick, None)
    }
}

/// How an option of a trial begins its playouts: an action of the deciding seat now, and the
/// policy that plays the seat from then on (the base policy's, without one).
struct Opening<'a, G: Game> {
    action: Option<(&'a [G::Action], usize)>,
    own: Option<&'a dyn Fn(u64) -> Box<dyn Policy<G>>>,
}

/// What a trial of options found: the option chosen, and each option's results.
struct Trial {
    chosen: usize,
    wins: Vec<f64>,
    plays: Vec<u32>,
}

impl<G: Game> RolloutSearch<G> {
    /// [`Advisor::analyse`] with the heuristic's choice given (`pick`, the yardstick an option
    /// must beat) and the seat played on by `own` instead of the base policy: for a seat that
    /// follows one of several plans ([`RolloutSearch::choose_plan`]), each option is played
    /// on as the plan it follows would play it.
    pub fn analyse_from(
        &mut self,
        seen: &Seen<G>,
        legal: &[G::Action],
        pick: usize,
        own: Option<&dyn Fn(u64) -> Box<dyn Policy<G>>>,
    ) -> Analysis<G::Action> {
        let start = Instant::now();
        let n = legal.len();
        let pick = pick.min(n.saturating_sub(1));
        if n <= 1 || !(self.worth_searching)(legal) {
            let (wins, plays) = (vec![0.0; n], vec![0; n]);
            return Self::report(seen.seat(), legal, pick, pick, &wins, &plays, start);
        }
        let budget = self.budget();
        let t = self.trial(seen, n, pick, budget, start, &|option| Opening {
            action: Some((legal, option)),
            own,
        });
        Self::report(seen.seat(), legal, t.chosen, pick, &t.wins, &t.plays, start)
    }

    /// Which of `plans` the seat follows from here (policies for the seat, each made from a
    /// seed as [`RolloutSearch::new`]'s base is): each is played out for the seat against the
    /// base policy for the others, on the same samples, and the one it follows now (`current`)
    /// gives way only to a plan that leads it as an option must lead the heuristic's choice.
    /// A plan changes many decisions the same way (where the units stand, when they charge),
    /// which a search of single decisions, each played on by the base policy, cannot find.
    /// Plans are chosen seldom, so a choice has twice the budget of an action's. Returns the
    /// plan, and each plan's share of its playouts won.
    pub fn choose_plan(
        &mut self,
        seen: &Seen<G>,
        plans: &[&dyn Fn(u64) -> Box<dyn Policy<G>>],
        current: usize,
    ) -> (usize, Vec<f64>) {
        let start = Instant::now();
        let n = plans.len();
        let current = current.min(n.saturating_sub(1));
        if n <= 1 {
            return (current, vec![0.0; n]);
        }
        let budget = self.budget().saturating_mul(2);
        let t = self.trial(seen, n, current, budget, start, &|option| Opening {
            action: None,
            own: Some(plans[option]),
        });
        let shares = (0..n).map(|i| share_won(&t.wins, &t.plays, i)).collect();
        (t.chosen, shares)
    }

    /// The playouts a decision may have.
    fn budget(&self) -> u32 {
        match self.config.limits {
            SearchLimits {
                iterations: None,
                time: None,
            } => SearchLimits::DEFAULT_ITERATIONS,
            SearchLimits { iterations, .. } => iterations.unwrap_or(u32::MAX),
        }
    }

    /// Plays `n` options out (each begun by `opening`) on shared samples, by sequential
    /// halving with `pick` kept to the end, and chooses `pick` unless another clearly beats it.
    fn trial<'o>(
        &mut self,
        seen: &Seen<G>,
        n: usize,
        pick: usize,
        budget: u32,
        start: Instant,
        opening: &dyn Fn(usize) -> Opening<'o, G>,
    ) -> Trial {
        let seat = seen.seat();
        let mut wins = vec![0.0; n];
        let mut plays = vec![0u32; n];
        // each option's results by sample, for the paired test
        let mut results: Vec<Vec<(u32, f64)>> = vec![Vec::new(); n];
        let mut samples_drawn = 0u32;
        // a private copy without the game's history; like `seen`'s state it is only determinized
        let mut root = seen.true_state().clone();
        root.clear_log();
        let mut dice = Dice::new(game_seed(self.config.seed, seen.turn() as u64));
        let limits = self.config.limits;
        let rounds = (usize::BITS - (n - 1).leading_zeros()).max(1);
        // With a confidence test among more than two options, the last round (the challenger
        // and the heuristic's choice alone: halving leaves two) is a fresh trial with half the
        // budget, and only its samples are read by the test. On the samples that made it the
        // best of many, the challenger's lead is flattered by its selection (the winner's
        // curse): with eight options each as good as the heuristic's, one of them leads it by
        // 1.5 standard errors on those samples far more often than one time in fifteen.
        let confirming = self.confidence.is_some() && rounds > 1;
        let per_round = if confirming {
            (budget / 2 / (rounds - 1)).max(1)
        } else {
            (budget / rounds).max(1)
        };
        // the samples drawn before the confirming round (none read by its test)
        let mut chosen_by = 0u32;
        let mut alive: Vec<usize> = (0..n).collect();
        let mut spent = 0u32;
        // whether any sample so far told two options apart
        let mut told_apart = false;
        // The clock: no playout is begun that, as long as the longest so far, would end past
        // the time, so a decision keeps to its time unless a playout runs longer than any
        // before it (stopping once the time had gone, decisions ran past it by a playout: the
        // skirmish ai's slowest took 1,037 ms of its second). The first sample is always
        // played, or there would be nothing to choose by.
        let mut longest = Duration::ZERO;
        let out_of_time = |spent: u32, longest: Duration| {
            spent > 0 && limits.time.is_some_and(|t| start.elapsed() + longest >= t)
        };
        'rounds: for round in 0..rounds {
            let round_budget = if confirming && round + 1 == rounds {
                chosen_by = samples_drawn;
                budget - budget / 2
            } else {
                per_round
            };
            let samples = (round_budget / alive.len() as u32).max(1);
            for sample in 0..samples {
                if round == 0 && sample == SAME_RESULTS && !told_apart {
                    // every option won (or lost) every sample alike: the position is decided
                    // whatever this choice, and the heuristic's choice is as good as any
                    break 'rounds;
                }
                if spent >= budget || out_of_time(spent, longest) {
                    break 'rounds;
                }
                let sample_seed = dice.next_seed();
                let future = dice.next_seed();
                let det = root.determinize(seat, &mut Dice::new(sample_seed));
                if det.to_move() != Some(seat) {
                    // a broken determinization: playing it would apply actions never offered
                    break 'rounds;
                }
                // the sample's results, kept only once every option living has one: a sample
                // the clock cuts short is dropped whole, so that the options stay paired
                let mut sample_results = Vec::with_capacity(alive.len());
                for &option in &alive {
                    if out_of_time(spent, longest) {
                        break 'rounds;
                    }
                    let mut state = det.clone();
                    state.reseed(future);
                    let began = Instant::now();
                    let r = self.play_out(state, seat, opening(option), sample_seed);
                    longest = longest.max(began.elapsed());
                    sample_results.push((option, r));
                }
                let mut first = None;
                samples_drawn += 1;
                for (option, r) in sample_results {
                    wins[option] += r;
                    plays[option] += 1;
                    results[option].push((samples_drawn, r));
                    spent += 1;
                    match first {
                        None => first = Some(r),
                        Some(f) if f != r => told_apart = true,
                        _ => {}
                    }
                }
            }
            if !told_apart {
                break;
            }
            if round + 1 < rounds && alive.len() > 2 {
                let mean = |i: usize| share_won(&wins, &plays, i);
                alive.sort_by(|&a, &b| {
                    mean(b)
                        .total_cmp(&mean(a))
                        .then((b == pick).cmp(&(a == pick)))
                        .then(a.cmp(&b))
                });
                alive.truncate(alive.len().div_ceil(2));
                if !alive.contains(&pick) {
                    // the heuristic's choice is the yardstick to the end
                    if let Some(last) = alive.last_mut() {
                        *last = pick;
                    }
                }
            }
        }
        // the best survivor, against the heuristic's choice on the same samples
        let mean = |i: usize| share_won(&wins, &plays, i);
        let best = alive
            .iter()
            .copied()
            .filter(|&i| plays[i] == plays[pick])
            .max_by(|&a, &b| {
                mean(a)
                    .total_cmp(&mean(b))
                    .then((a == pick).cmp(&(b == pick)))
                    .then(b.cmp(&a))
            })
            .unwrap_or(pick);
        let sure = |z: f64| {
            let fresh = |i: usize| -> Vec<(u32, f64)> {
                results[i]
                    .iter()
                    .copied()
                    .filter(|&(k, _)| k > chosen_by)
                    .collect()
            };
            let (a, b) = (fresh(best), fresh(pick));
            let lead = |r: &[(u32, f64)]| r.iter().map(|x| x.1).sum::<f64>();
            !a.is_empty()
                && (lead(&a) - lead(&b)) / a.len() as f64 >= self.margin
                && paired_lead(&a, &b) >= z
        };
        let chosen = if best != pick
            && mean(best) >= mean(pick) + self.margin
            && self.confidence.is_none_or(sure)
        {
            best
        } else {
            pick
        };
        Trial {
            chosen,
            wins,
            plays,
        }
    }
}

impl<G: Game> Advisor<G> for crate::IsMcts<G> {
    fn analyse(&mut self, seen: &Seen<G>, legal: &[G::Action]) -> Analysis<G::Action> {
        crate::IsMcts::analyse(self, seen, legal)
    }
}

impl<G: Game> Policy<G> for RolloutSearch<G> {
    fn name(&self) -> &str {
        "rollout"
    }

    /// The option the analysis puts first. The heuristic is asked even at a forced move, so its
    /// plans stay in step with the game.
    fn choose(&mut self, seen: &Seen<G>, legal: &[G::Action]) -> usize {
        self.analyse(seen, legal).best().map_or(0, |b| b.index)
    }
}

#[cfg(test)]
mod tests;
