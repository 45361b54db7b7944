//! The campaign's computer player: the Solitaire heuristic on the map, the D3, skirmish or
//! Louisbourg general in a battle it commands, and at each attack that can be a battle, the generals (so that a
//! simulated campaign fights every battle it can, item 4's balance).

use crate::game::{Action, Campaign};
use fiw_engine::{Game, Policy, Seen};
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
        if let Some(battle) = seen.inner::<fiw_d3::D3>() {
            let (at, orders) = inner_actions(legal, |a| match a {
                Action::Fort(o) => Some(*o),
                _ => None,
            });
            if !orders.is_empty() {
                let pick = self.battle.choose(&battle, &orders).min(orders.len() - 1);
                return at[pick];
            }
        }
        if let Some(battle) = seen.inner::<fiw_skirmish::Skirmish>() {
            let (at, orders) = inner_actions(legal, |a| match a {
                Action::Town(o) => Some(*o),
                _ => None,
            });
            if !orders.is_empty() {
                let pick = self.skirmish.choose(&battle, &orders).min(orders.len() - 1);
                return at[pick];
            }
        }
        if let Some(battle) = seen.inner::<fiw_louisbourg::Louisbourg>() {
            let (at, orders) = inner_actions(legal, |a| match a {
                Action::Siege(o) => Some(*o),
                _ => None,
            });
            if !orders.is_empty() {
                let pick = self.siege.choose(&battle, &orders).min(orders.len() - 1);
                return at[pick];
            }
        }
        let (at, moves) = inner_actions(legal, |a| match a {
            Action::Map(m) => Some(*m),
            _ => None,
        });
        match (seen.inner::<Solitaire>(), moves.is_empty()) {
            (Some(map), false) => {
                let pick = self.map.choose(&map, &moves).min(moves.len() - 1);
                at[pick]
            }
            _ => 0,
        }
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
