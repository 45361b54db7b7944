//! The Louisbourg AI (`--seat SIDE=ai`): the heuristic player of `heuristic.rs`, improved at
//! every big decision by playing each option out (the kernel's [`RolloutSearch`]).
//!
//! Why not the kernel's tree search with random playouts: random play loses almost every game
//! for the British (11 % wins), so from any British position nearly every random playout ends
//! the same way and all British options look alike; and a tree over the ~100 small steps of a
//! turn spreads a few hundred playouts too thin (docs/ai.md has the measurements). Played out
//! by the heuristic for both sides, a playout is a plausible game, and the search spends its
//! budget only on the decisions that shape one.

use crate::heuristic::Heuristic;
use crate::{Action, Louisbourg};
use fiw_engine::{Advisor, Policy, RolloutSearch, SearchConfig, SearchLimits};
use std::time::Duration;

/// Whether a decision is worth playouts: the landing plan, the choice of action or card, who
/// goes first, bombardment, battle order, fire or retreat. The steps that carry a choice out
/// (which block goes next, which block takes a hit, where a set-up block or a reinforcement
/// stands, which block recovers) are the heuristic's: they follow from the big decision, and
/// searching them would spread the budget over a hundred small choices a turn.
pub fn worth_searching(legal: &[Action]) -> bool {
    !legal.iter().all(|a| {
        matches!(
            a,
            Action::Go { .. }
                | Action::Done
                | Action::Hit(_)
                | Action::Place { .. }
                | Action::SolitaireSetup
                | Action::Restore(_)
                | Action::Reinforce { .. }
        )
    })
}

/// The AI with `config`'s budget (counted in playouts, each a whole game to its end).
pub fn rollout_ai(config: SearchConfig) -> RolloutSearch<Louisbourg> {
    RolloutSearch::new(
        config,
        |seed| Box::new(Heuristic::new(seed)) as Box<dyn Policy<Louisbourg>>,
        worth_searching,
    )
}

/// As a boxed advisor, for [`fiw_engine::Game::search_ai`].
pub fn search_ai(config: SearchConfig) -> Box<dyn Advisor<Louisbourg>> {
    Box::new(rollout_ai(config))
}

/// The default budget: 200 playouts or one second, whichever comes first. A heuristic playout
/// of a whole game costs about 3 ms on one core of the reference machine.
pub fn default_limits() -> SearchLimits {
    SearchLimits {
        iterations: Some(200),
        time: Some(Duration::from_millis(1_000)),
    }
}
