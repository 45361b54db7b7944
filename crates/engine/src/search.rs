//! The kernel's search AIs: information-set Monte Carlo tree search (ISMCTS) and, for
//! open-information games, plain MCTS; generic over [`Game`].
//!
//! # How it searches
//! Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012). Every iteration starts from
//! [`Game::determinize`]: a state drawn among those the searching seat cannot tell from the true
//! one, with fresh dice. So the AI plans against hidden blocks and cards it has imagined, and
//! against rolls it has not seen; it never reads the hidden parts of the true state.
//!
//! Chance lives inside [`Game::apply_unchecked`] (the state rolls its own dice), so the tree is
//! "open loop": a node is a sequence of actions from the root, not a state. Each iteration
//! replays its actions on its own determinization, so the same node meets different rolls and
//! different hidden states, and sampling them is how the search averages over them. Because the
//! actions legal in one determinization may not be legal in another, a child is scored by UCB
//! with its *availability* count (how often it could have been chosen) instead of its parent's
//! visits.
//!
//! One iteration: determinize the root; descend, at each node choosing among the children legal
//! in this determinization; add one new child; play the game out with the rollout policy
//! (random unless the game supplies one, optionally cut off after some steps and scored by the
//! game's evaluation); then back the result up, each node scored for the seat that chose it
//! (a win 1, a loss 0, a draw ½).
//!
//! # Honesty
//! A [`Policy`] is only ever handed a [`Seen`]. The search reaches the state inside it only to
//! call `determinize` on it, so what it decides depends on nothing the seat may not know: the
//! test `the_ai_cannot_see_the_other_seats_card` shows two states differing only in hidden
//! information give the same search, visit for visit.
//!
//! # Cost
//! An iteration costs one determinization (a copy of the state) plus one playout. Nodes live in
//! one arena (a `Vec` with indices, children as linked siblings) and every buffer is reused, so
//! nothing else is allocated per node visit.

use crate::rollouts::{judged, Evaluation};
use crate::{game_seed, Dice, Game, Policy, Seat, Seen};
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// When a search stops: after so many iterations, after so much time, or at whichever comes
/// first when both are given.
///
/// Only an iteration limit makes a search reproducible: with the same seed and the same
/// position it gives the same answer on every machine. A time limit gives more iterations to a
/// faster machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchLimits {
    /// At most this many iterations.
    pub iterations: Option<u32>,
    /// At most this much wall-clock time (checked every few iterations, so a search may run
    /// over by the cost of a few playouts).
    pub time: Option<Duration>,
}

impl SearchLimits {
    /// The iteration count used when no limit at all is given, so a search always ends.
    pub const DEFAULT_ITERATIONS: u32 = 1000;

    /// A limit of `n` iterations only (reproducible).
    pub fn iterations(n: u32) -> Self {
        SearchLimits {
            iterations: Some(n),
            time: None,
        }
    }

    /// A limit of `time` only.
    pub fn time(time: Duration) -> Self {
        SearchLimits {
            iterations: None,
            time: Some(time),
        }
    }
}

impl Default for SearchLimits {
    fn default() -> Self {
        SearchLimits::iterations(SearchLimits::DEFAULT_ITERATIONS)
    }
}

/// The knobs of a search.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchConfig {
    /// When to stop.
    pub limits: SearchLimits,
    /// The seed of the search's own dice: with an iteration limit, the same seed and position
    /// give the same decision.
    pub seed: u64,
    /// The UCB exploration constant `c` in `mean + c·√(ln availability / visits)`, for results
    /// scored in 0..1. 0.7 is the value Cowling et al. use for ISMCTS.
    pub exploration: f64,
    /// The most steps a playout takes before the game is judged unfinished (scored by the
    /// evaluation if the search has one, as a draw otherwise). A guard against games that can
    /// run for very long under random play, not a tuning knob.
    pub max_rollout: u32,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            limits: SearchLimits::default(),
            seed: 0,
            exploration: 0.7,
            max_rollout: 100_000,
        }
    }
}

impl SearchConfig {
    /// The default settings with `limits` and `seed`.
    pub fn new(limits: SearchLimits, seed: u64) -> Self {
        SearchConfig {
            limits,
            seed,
            ..SearchConfig::default()
        }
    }
}

/// How each iteration gets the state it searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Sampling {
    /// [`Game::determinize`] from the searching seat's side: honest in any game.
    InformationSet,
    /// A copy of the state with fresh dice: plain MCTS. Right for open-information games; in a
    /// game with hidden information it sees what the seat may not, so use it there only as an
    /// omniscient yardstick in studies, never as an opponent.
    Open,
}

/// What the search found for one root action.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ActionStats<A> {
    /// Its index in the legal actions the search was given.
    pub index: usize,
    /// The action.
    pub action: A,
    /// How many iterations went through it.
    pub visits: u32,
    /// The mean result for the searching seat over those iterations: 1 a sure win, 0 a sure
    /// loss, ½ a draw or an even game. 0 when never visited.
    pub value: f64,
}

/// A search's report on the root: every legal action with its visits and value, most visited
/// first (what the AI would play), for `hint` in the front ends and for studies.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Analysis<A> {
    /// The seat that searched.
    pub seat: Seat,
    /// Iterations run.
    pub iterations: u32,
    /// Nodes in the tree at the end (the root included).
    pub nodes: usize,
    /// Wall-clock seconds the search took.
    pub seconds: f64,
    /// Every legal action, most visited first; ties go to the higher value, then to the
    /// earlier action in the legal list. (A rollout search puts its choice first.)
    pub actions: Vec<ActionStats<A>>,
    /// The action the search's base policy would play, where it has one (a rollout search
    /// starts from its heuristic's choice and overrules it only for a clearly better one).
    pub baseline: Option<A>,
}

impl<A> Analysis<A> {
    /// The action the search would play: the most visited (`None` only if there was no legal
    /// action).
    pub fn best(&self) -> Option<&ActionStats<A>> {
        self.actions.first()
    }
}

/// Picks the actions of a playout. The state it is shown is a determinization, never the true
/// game, so a rollout may look at anything in it.
///
/// Any `FnMut(&G, &[G::Action], &mut Dice) -> usize` closure is a rollout; [`RandomRollout`] is
/// the default and [`PolicyRollout`] plays any [`Policy`].
pub trait Rollout<G: Game>: Send {
    /// The index in `legal` (never empty, never a single action) of the action to play.
    /// `dice` is the search's own generator, for any randomness the rollout needs.
    fn choose(&mut self, state: &G, legal: &[G::Action], dice: &mut Dice) -> usize;
}

/// Uniformly random playouts: the default, needing nothing from the game.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomRollout;

impl<G: Game> Rollout<G> for RandomRollout {
    fn choose(&mut self, _state: &G, legal: &[G::Action], dice: &mut Dice) -> usize {
        dice.below(legal.len() as u32) as usize
    }
}

impl<G: Game, F> Rollout<G> for F
where
    F: FnMut(&G, &[G::Action], &mut Dice) -> usize + Send,
{
    fn choose(&mut self, state: &G, legal: &[G::Action], dice: &mut Dice) -> usize {
        self(state, legal, dice)
    }
}

/// Playouts by a [`Policy`], shown the determinization as the deciding seat sees it.
pub struct PolicyRollout<G: Game>(pub Box<dyn Policy<G>>);

impl<G: Game> Rollout<G> for PolicyRollout<G> {
    fn choose(&mut self, state: &G, legal: &[G::Action], _dice: &mut Dice) -> usize {
        let seat = state.to_move().unwrap_or(0);
        self.0.choose(&Seen::new(state, seat), legal)
    }
}

const NONE: u32 = u32::MAX;
const ROOT: u32 = 0;
/// How many iterations run between two looks at the clock (reading it costs more than a toy
/// game's iteration).
const CLOCK_EVERY: u32 = 8;

/// One node of the open-loop tree: the action sequence from the root to here.
#[derive(Clone, Debug)]
struct Node<A> {
    /// The action that leads here from the parent (`None` at the root).
    action: Option<A>,
    /// The seat that chose `action`: results are scored for it here.
    mover: u32,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    /// Iterations in which this action was legal when its parent was reached.
    avail: u32,
    /// Sum of the results for `mover`.
    total: f64,
}

/// The tree arena and the scratch buffers of a descent, kept between searches.
struct Tree<A> {
    nodes: Vec<Node<A>>,
    /// Per legal action at the current node: its child, or `NONE`.
    matched: Vec<u32>,
    /// Legal actions at the current node without a child yet.
    fresh: Vec<u32>,
}

impl<A: Copy + Eq> Tree<A> {
    fn reset(&mut self) {
        self.nodes.clear();
        self.nodes.push(Node {
            action: None,
            mover: 0,
            first_child: NONE,
            next_sibling: NONE,
            visits: 0,
            avail: 0,
            total: 0.0,
        });
    }

    /// Matches the children of `node` with `legal` (into `matched`) and counts the matched
    /// ones as available once more. An action listed twice gets two children, so repeated
    /// entries never pile up as new nodes.
    fn match_children(&mut self, node: u32, legal: &[A]) {
        self.matched.clear();
        self.matched.resize(legal.len(), NONE);
        let mut ch = self.nodes[node as usize].first_child;
        while ch != NONE {
            let child = &mut self.nodes[ch as usize];
            if let Some(a) = child.action {
                if let Some(i) =
                    (0..legal.len()).find(|&i| self.matched[i] == NONE && legal[i] == a)
                {
                    self.matched[i] = ch;
                    child.avail += 1;
                }
            }
            ch = child.next_sibling;
        }
    }

    /// One step down from `node`, where `mover` must choose among `legal` (not empty): adds a
    /// child for an untried action if there is one (returning `true`), otherwise follows the
    /// child with the best UCB score. Returns the child and the index of its action.
    fn step(
        &mut self,
        node: u32,
        mover: Seat,
        legal: &[A],
        c: f64,
        dice: &mut Dice,
    ) -> (u32, usize, bool) {
        self.match_children(node, legal);
        self.fresh.clear();
        self.fresh
            .extend((0..legal.len() as u32).filter(|&i| self.matched[i as usize] == NONE));
        if !self.fresh.is_empty() {
            let i = self.fresh[dice.below(self.fresh.len() as u32) as usize] as usize;
            let id = self.nodes.len() as u32;
            let parent = &mut self.nodes[node as usize];
            let next_sibling = parent.first_child;
            parent.first_child = id;
            self.nodes.push(Node {
                action: Some(legal[i]),
                mover: mover as u32,
                first_child: NONE,
                next_sibling,
                visits: 0,
                avail: 1,
                total: 0.0,
            });
            return (id, i, true);
        }
        let (mut best, mut best_i, mut best_score) = (NONE, 0, f64::NEG_INFINITY);
        for (i, &ch) in self.matched.iter().enumerate() {
            let n = &self.nodes[ch as usize];
            // every child has been backed up at least once: it is created by an iteration that
            // then backs up through it
            let visits = n.visits.max(1) as f64;
            let score = n.total / visits + c * ((n.avail.max(1) as f64).ln() / visits).sqrt();
            if score > best_score {
                (best, best_i, best_score) = (ch, i, score);
            }
        }
        (best, best_i, false)
    }
}

/// The search AI: information-set MCTS by default ([`IsMcts::new`]), plain MCTS for
/// open-information games ([`IsMcts::open`]). It is a [`Policy`], so it plays wherever a
/// random player does, and [`IsMcts::analyse`] reports what it found.
///
/// Each search draws its randomness from the configured seed and the (public) turn number only,
/// so asking for a hint and then letting the AI move gives the same answer, and a search does
/// not depend on what was searched before.
pub struct IsMcts<G: Game> {
    config: SearchConfig,
    sampling: Sampling,
    rollout: Box<dyn Rollout<G>>,
    /// A playout is cut off after this many steps and scored by the evaluation.
    evaluation: Option<(u32, Evaluation<G>)>,
    tree: Tree<G::Action>,
    legal: Vec<G::Action>,
    path: Vec<u32>,
    results: Vec<f64>,
}

impl<G: Game> IsMcts<G> {
    /// Information-set MCTS with random playouts: honest in any game.
    pub fn new(config: SearchConfig) -> Self {
        IsMcts {
            config,
            sampling: Sampling::InformationSet,
            rollout: Box::new(RandomRollout),
            evaluation: None,
            tree: Tree {
                nodes: Vec::new(),
                matched: Vec::new(),
                fresh: Vec::new(),
            },
            legal: Vec::with_capacity(64),
            path: Vec::with_capacity(64),
            results: vec![0.5; G::SEATS.len()],
        }
    }

    /// Plain MCTS: each iteration searches a copy of the state with fresh dice. See
    /// [`Sampling::Open`]: for open-information games only.
    pub fn open(config: SearchConfig) -> Self {
        IsMcts {
            sampling: Sampling::Open,
            ..IsMcts::new(config)
        }
    }

    /// Plays playouts with `rollout` instead of at random (a game's heuristic player).
    pub fn with_rollout(mut self, rollout: impl Rollout<G> + 'static) -> Self {
        self.rollout = Box::new(rollout);
        self
    }

    /// Cuts playouts off after `after_steps` steps and scores the position with `evaluate`
    /// (from 0, lost, to 1, won, for the seat asked; values outside are clamped, NaN is ½).
    /// Used for games too long to play out at every iteration. `after_steps = 0` scores the
    /// newly added node directly.
    pub fn with_evaluation(
        mut self,
        after_steps: u32,
        evaluate: impl Fn(&G, Seat) -> f64 + Send + 'static,
    ) -> Self {
        self.evaluation = Some((after_steps, Box::new(evaluate)));
        self
    }

    /// The settings.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// How iterations get their state.
    pub fn sampling(&self) -> Sampling {
        self.sampling
    }

    /// Searches the decision of `seen`'s seat among `legal` (the legal actions of the position,
    /// which the seat knows) and reports every action's visits and value.
    pub fn analyse(&mut self, seen: &Seen<G>, legal: &[G::Action]) -> Analysis<G::Action> {
        let start = Instant::now();
        let seat = seen.seat();
        // A private copy without the game's history, so the per-iteration copies are cheap.
        // Like `seen`'s state, it is only ever determinized, never read.
        let mut base = seen.true_state().clone();
        base.clear_log();
        let mut dice = Dice::new(game_seed(self.config.seed, seen.turn() as u64));
        self.tree.reset();
        let limits = self.config.limits;
        let cap = match limits {
            SearchLimits {
                iterations: None,
                time: None,
            } => Some(SearchLimits::DEFAULT_ITERATIONS),
            SearchLimits { iterations, .. } => iterations,
        };
        let mut done = 0u32;
        if !legal.is_empty() {
            loop {
                if cap.is_some_and(|n| done >= n) {
                    break;
                }
                if let Some(t) = limits.time {
                    if done > 0 && done.is_multiple_of(CLOCK_EVERY) && start.elapsed() >= t {
                        break;
                    }
                }
                if !self.iterate(&base, seat, legal, &mut dice) {
                    break;
                }
                done += 1;
            }
        }
        self.report(seat, legal, done, start)
    }

    /// One iteration. `false` if the determinization is not the seat's decision (a broken
    /// `determinize`): searching it would apply actions the rules never offered.
    fn iterate(&mut self, base: &G, seat: Seat, root_legal: &[G::Action], dice: &mut Dice) -> bool {
        let mut state = match self.sampling {
            Sampling::InformationSet => base.determinize(seat, dice),
            Sampling::Open => {
                let mut copy = base.clone();
                copy.reseed(dice.next_seed());
                copy
            }
        };
        if state.to_move() != Some(seat) {
            return false;
        }
        let c = self.config.exploration;
        self.path.clear();
        self.path.push(ROOT);
        let mut node = ROOT;
        // selection and expansion
        while let Some(mover) = state.to_move() {
            let added = if node == ROOT {
                // the seat's own options are known to it: the list it was given
                let (child, i, added) = self.tree.step(node, mover, root_legal, c, dice);
                state.apply_unchecked(root_legal[i]);
                node = child;
                added
            } else {
                state.legal_actions(&mut self.legal);
                if self.legal.is_empty() {
                    break;
                }
                let (child, i, added) = self.tree.step(node, mover, &self.legal, c, dice);
                state.apply_unchecked(self.legal[i]);
                node = child;
                added
            };
            self.path.push(node);
            if added {
                break;
            }
        }
        self.play_out(&mut state, dice);
        // back-up: each node scored for the seat that chose its action
        for &id in &self.path {
            let n = &mut self.tree.nodes[id as usize];
            n.visits += 1;
            n.total += self.results.get(n.mover as usize).copied().unwrap_or(0.5);
        }
        true
    }

    /// Plays `state` on to the end (or to the cut-off) and leaves each seat's result in
    /// `self.results`.
    fn play_out(&mut self, state: &mut G, dice: &mut Dice) {
        let cutoff = self
            .evaluation
            .as_ref()
            .map_or(self.config.max_rollout, |(n, _)| *n);
        let mut steps = 0u32;
        while state.to_move().is_some() {
            if steps >= cutoff.min(self.config.max_rollout) {
                return self.score_unfinished(state);
            }
            state.legal_actions(&mut self.legal);
            let i = match self.legal.len() {
                0 => return self.score_unfinished(state),
                1 => 0,
                n => self.rollout.choose(state, &self.legal, dice).min(n - 1),
            };
            state.apply_unchecked(self.legal[i]);
            steps += 1;
        }
        let winner = state.outcome().and_then(|o| o.winner);
        for (s, r) in self.results.iter_mut().enumerate() {
            *r = match winner {
                Some(w) if w == s => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
        }
    }

    /// An unfinished game: the evaluation's word for each seat, or a draw without one.
    fn score_unfinished(&mut self, state: &G) {
        for (s, r) in self.results.iter_mut().enumerate() {
            *r = match &self.evaluation {
                Some((_, eval)) => judged(eval, state, s),
                None => 0.5,
            };
        }
    }

    fn report(
        &self,
        seat: Seat,
        legal: &[G::Action],
        iterations: u32,
        start: Instant,
    ) -> Analysis<G::Action> {
        let nodes = &self.tree.nodes;
        let mut taken = vec![false; legal.len()];
        let mut actions: Vec<ActionStats<G::Action>> = legal
            .iter()
            .enumerate()
            .map(|(index, &action)| ActionStats {
                index,
                action,
                visits: 0,
                value: 0.0,
            })
            .collect();
        let mut ch = nodes.first().map_or(NONE, |r| r.first_child);
        while ch != NONE {
            let n = &nodes[ch as usize];
            if let Some(a) = n.action {
                if let Some(i) = (0..legal.len()).find(|&i| !taken[i] && legal[i] == a) {
                    taken[i] = true;
                    actions[i].visits = n.visits;
                    actions[i].value = if n.visits > 0 {
                        n.total / n.visits as f64
                    } else {
                        0.0
                    };
                }
            }
            ch = n.next_sibling;
        }
        actions.sort_by(|a, b| {
            b.visits
                .cmp(&a.visits)
                .then(b.value.total_cmp(&a.value))
                .then(a.index.cmp(&b.index))
        });
        Analysis {
            seat,
            iterations,
            nodes: nodes.len(),
            seconds: start.elapsed().as_secs_f64(),
            actions,
            baseline: None,
        }
    }
}

impl<G: Game> Policy<G> for IsMcts<G> {
    fn name(&self) -> &str {
        match self.sampling {
            Sampling::InformationSet => "ismcts",
            Sampling::Open => "mcts",
        }
    }

    /// The most visited action; a forced move is played without searching.
    fn choose(&mut self, seen: &Seen<G>, legal: &[G::Action]) -> usize {
        if legal.len() <= 1 {
            return 0;
        }
        self.analyse(seen, legal).best().map_or(0, |b| b.index)
    }
}

#[cfg(test)]
mod tests;
