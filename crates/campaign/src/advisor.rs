//! The campaign's search AI (`--seat player=ai`, `hint`): each decision goes to the search of
//! the game it belongs to, seeing that game only as the seat may ([`fiw_engine::Seen::inner`]):
//! Solitaire's on the map, D3's, the skirmish's or Louisbourg's in a battle the seat commands. A waiting attack is
//! settled by the odds the player is shown: the generals when the measured battle favours the
//! seat's side more than the chart's die does, the die otherwise. A search through whole
//! campaigns, battles included, would spend its second on a few playouts and learn nothing.

use crate::game::{Action, Campaign};
use crate::heuristic::Orders;
use fiw_engine::{
    ActionStats, Advisor, Analysis, Game, Holds, Policy, SearchConfig, SearchLimits, Seen,
};
use fiw_solitaire::Solitaire;

/// The campaign's search AI.
pub struct Search {
    map: Box<dyn Advisor<Solitaire>>,
    battle: Box<dyn Advisor<fiw_d3::D3>>,
    skirmish: Box<dyn Advisor<fiw_skirmish::Skirmish>>,
    siege: Box<dyn Advisor<fiw_louisbourg::Louisbourg>>,
}

impl Search {
    /// The AI with `config`; at the campaign's default budget each inner search takes its own
    /// game's default.
    pub fn new(config: SearchConfig) -> Search {
        let own = |limits: SearchLimits| {
            let mut c = config.clone();
            if config.limits == Campaign::default_ai_limits() {
                c.limits = limits;
            }
            c
        };
        Search {
            map: Solitaire::search_ai(own(Solitaire::default_ai_limits())),
            battle: fiw_d3::D3::search_ai(own(fiw_d3::D3::default_ai_limits())),
            skirmish: fiw_skirmish::Skirmish::search_ai(own(
                fiw_skirmish::Skirmish::default_ai_limits(),
            )),
            siege: fiw_louisbourg::Louisbourg::search_ai(own(
                fiw_louisbourg::Louisbourg::default_ai_limits(),
            )),
        }
    }

    /// The settling of a waiting attack: each way with the chance it gives the seat's side.
    fn settle(seen: &Seen<Campaign>, legal: &[Action]) -> Option<Analysis<Action>> {
        let view = seen.view();
        let w = view.waiting?;
        let odds = w.battle_odds / 100.0;
        let chart = f64::from(w.chart_sixths) / 6.0;
        // the seat's side: the player's, or the other for the second player (C11)
        let side = view.map.board.side_of(seen.seat());
        let mine = |attacker_wins: f64| {
            if w.attacker == side {
                attacker_wins
            } else {
                1.0 - attacker_wins
            }
        };
        let value = |a: &Action| match a {
            Action::Map(fiw_solitaire::Action::Roll) => Some(mine(chart)),
            Action::Generals => Some(mine(odds)),
            _ => None,
        };
        let mut actions: Vec<ActionStats<Action>> = legal
            .iter()
            .enumerate()
            .filter_map(|(index, a)| {
                value(a).map(|value| ActionStats {
                    index,
                    action: *a,
                    visits: 0,
                    value,
                })
            })
            .collect();
        // the better chance first; on a tie the die, the text's own rule
        actions.sort_by(|a, b| {
            b.value
                .total_cmp(&a.value)
                .then((a.action == Action::Generals).cmp(&(b.action == Action::Generals)))
        });
        (actions.len() == 2).then(|| Analysis {
            seat: seen.seat(),
            iterations: 0,
            nodes: 1,
            seconds: 0.0,
            baseline: actions.first().map(|s| s.action),
            actions,
        })
    }
}

/// The analysis `advisor` makes of the orders of the inner game `G`, as the campaign's, if the
/// seat plays in one now and it has orders there.
fn analyse_in<G: Orders>(
    seen: &Seen<Campaign>,
    legal: &[Action],
    advisor: &mut dyn Advisor<G>,
) -> Option<Analysis<Action>>
where
    Campaign: Holds<G>,
{
    let inner = seen.inner::<G>()?;
    let (at, orders) = crate::heuristic::inner_actions(legal, G::order);
    if orders.is_empty() {
        return None;
    }
    let mut a = lift(advisor.analyse(&inner, &orders), &at, legal, G::wrap);
    a.seat = seen.seat();
    Some(a)
}

/// An inner game's analysis as the campaign's: its actions wrapped and indexed in `legal`.
fn lift<A: Copy>(
    inner: Analysis<A>,
    at: &[usize],
    legal: &[Action],
    wrap: impl Fn(A) -> Action,
) -> Analysis<Action> {
    Analysis {
        seat: inner.seat,
        iterations: inner.iterations,
        nodes: inner.nodes,
        seconds: inner.seconds,
        actions: inner
            .actions
            .into_iter()
            .map(|s| ActionStats {
                index: at[s.index],
                action: legal[at[s.index]],
                visits: s.visits,
                value: s.value,
            })
            .collect(),
        baseline: inner.baseline.map(wrap),
    }
}

impl Policy<Campaign> for Search {
    fn name(&self) -> &str {
        "ai"
    }

    fn choose(&mut self, seen: &Seen<Campaign>, legal: &[Action]) -> usize {
        self.analyse(seen, legal).best().map_or(0, |s| s.index)
    }
}

impl Advisor<Campaign> for Search {
    fn analyse(&mut self, seen: &Seen<Campaign>, legal: &[Action]) -> Analysis<Action> {
        let outer = seen.seat();
        let battle = analyse_in(seen, legal, &mut *self.battle)
            .or_else(|| analyse_in(seen, legal, &mut *self.skirmish))
            .or_else(|| analyse_in(seen, legal, &mut *self.siege));
        if let Some(a) = battle {
            return a;
        }
        if let Some(a) = Search::settle(seen, legal) {
            return a;
        }
        match analyse_in(seen, legal, &mut *self.map) {
            Some(a) => a,
            _ => Analysis {
                seat: outer,
                iterations: 0,
                nodes: 1,
                seconds: 0.0,
                actions: legal
                    .iter()
                    .enumerate()
                    .map(|(index, a)| ActionStats {
                        index,
                        action: *a,
                        visits: 0,
                        value: 0.5,
                    })
                    .collect(),
                baseline: None,
            },
        }
    }
}
