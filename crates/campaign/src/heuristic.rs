//! The campaign's computer player: the Solitaire heuristic on the map, the D3, skirmish or
//! Louisbourg general in a battle it commands, and at each attack that can be a battle, the generals (so that a
//! simulated campaign fights every battle it can, item 4's balance).

use crate::game::{Action, Campaign};
use fiw_engine::{Game, Holds, Policy, Seen};
use fiw_solitaire::Solitaire;

/// The campaign's heuristic player.
pub struct Heuristic {
    map: Box<dyn Policy<Solitaire>>,
    battle: fiw_d3::general::General,
    skirmish: fiw_skirmish::general::General,
    siege: fiw_louisbourg::heuristic::Heuristic,
}

impl Heuristic {
    /// The player, its map heuristic's dice from `seed`.
    pub fn new(seed: u64) -> Self {
        Heuristic {
            map: Solitaire::heuristic_policy(seed)
                .unwrap_or_else(|| Box::new(fiw_engine::RandomPolicy::new(seed))),
            battle: fiw_d3::general::General::new(seed),
            skirmish: fiw_skirmish::general::General::new(seed),
            siege: fiw_louisbourg::heuristic::Heuristic::new(seed),
        }
    }
}

impl Policy<Campaign> for Heuristic {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn choose(&mut self, seen: &Seen<Campaign>, legal: &[Action]) -> usize {
        if let Some(k) = legal.iter().position(|a| *a == Action::Generals) {
            return k;
        }
        pick(seen, legal, &mut self.battle)
            .or_else(|| pick(seen, legal, &mut self.skirmish))
            .or_else(|| pick(seen, legal, &mut self.siege))
            .or_else(|| pick(seen, legal, &mut *self.map))
            .unwrap_or(0)
    }
}

/// The index in `legal` that `policy` picks among the orders of the inner game `G`, if the
/// seat plays in one now and it has orders there.
fn pick<G: Orders>(
    seen: &Seen<Campaign>,
    legal: &[Action],
    policy: &mut dyn Policy<G>,
) -> Option<usize>
where
    Campaign: Holds<G>,
{
    let inner = seen.inner::<G>()?;
    let (at, orders) = inner_actions(legal, G::order);
    if orders.is_empty() {
        return None;
    }
    Some(at[policy.choose(&inner, &orders).min(orders.len() - 1)])
}

/// A game the campaign holds, its actions wrapped in the campaign's.
pub(crate) trait Orders: Game {
    /// The inner game's action `a` holds, if it is one.
    fn order(a: &Action) -> Option<Self::Action>;
    /// The campaign's action for the inner game's.
    fn wrap(a: Self::Action) -> Action;
}

impl Orders for Solitaire {
    fn order(a: &Action) -> Option<Self::Action> {
        match a {
            Action::Map(o) => Some(*o),
            _ => None,
        }
    }
    fn wrap(a: Self::Action) -> Action {
        Action::Map(a)
    }
}

impl Orders for fiw_d3::D3 {
    fn order(a: &Action) -> Option<Self::Action> {
        match a {
            Action::Fort(o) => Some(*o),
            _ => None,
        }
    }
    fn wrap(a: Self::Action) -> Action {
        Action::Fort(a)
    }
}

impl Orders for fiw_skirmish::Skirmish {
    fn order(a: &Action) -> Option<Self::Action> {
        match a {
            Action::Town(o) => Some(*o),
            _ => None,
        }
    }
    fn wrap(a: Self::Action) -> Action {
        Action::Town(a)
    }
}

impl Orders for fiw_louisbourg::Louisbourg {
    fn order(a: &Action) -> Option<Self::Action> {
        match a {
            Action::Siege(o) => Some(*o),
            _ => None,
        }
    }
    fn wrap(a: Self::Action) -> Action {
        Action::Siege(a)
    }
}

/// The actions of an inner game in the campaign's legal list, and where each stands in it.
pub(crate) fn inner_actions<A>(
    legal: &[Action],
    inner: impl Fn(&Action) -> Option<A>,
) -> (Vec<usize>, Vec<A>) {
    legal
        .iter()
        .enumerate()
        .filter_map(|(k, a)| inner(a).map(|x| (k, x)))
        .unzip()
}
