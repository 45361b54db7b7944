//! The campaign's computer player: the Solitaire heuristic on the map, the D3 general in a
//! battle it commands, and at each attack that can be a battle, the generals (so that a
//! simulated campaign fights every battle it can, item 4's balance).

use crate::game::{Action, Campaign};
use fiw_engine::{Game, Policy, Seen};
use fiw_solitaire::Solitaire;

/// The campaign's heuristic player.
pub struct Heuristic {
    map: Box<dyn Policy<Solitaire>>,
    battle: fiw_d3::general::General,
}

impl Heuristic {
    /// The player, its map heuristic's dice from `seed`.
    pub fn new(seed: u64) -> Self {
        Heuristic {
            map: Solitaire::heuristic_policy(seed)
                .unwrap_or_else(|| Box::new(fiw_engine::RandomPolicy::new(seed))),
            battle: fiw_d3::general::General::new(seed),
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
            let orders: Vec<(usize, fiw_d3::Action)> = legal
                .iter()
                .enumerate()
                .filter_map(|(k, a)| match a {
                    Action::Fort(o) => Some((k, *o)),
                    _ => None,
                })
                .collect();
            if !orders.is_empty() {
                let list: Vec<fiw_d3::Action> = orders.iter().map(|(_, o)| *o).collect();
                let pick = self.battle.choose(&battle, &list).min(list.len() - 1);
                return orders[pick].0;
            }
        }
        let moves: Vec<(usize, fiw_solitaire::Action)> = legal
            .iter()
            .enumerate()
            .filter_map(|(k, a)| match a {
                Action::Map(m) => Some((k, *m)),
                _ => None,
            })
            .collect();
        match (seen.inner::<Solitaire>(), moves.is_empty()) {
            (Some(map), false) => {
                let list: Vec<fiw_solitaire::Action> = moves.iter().map(|(_, m)| *m).collect();
                let pick = self.map.choose(&map, &list).min(list.len() - 1);
                moves[pick].0
            }
            _ => 0,
        }
    }
}
