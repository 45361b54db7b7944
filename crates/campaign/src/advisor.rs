//! The campaign's search AI (`--seat player=ai`, `hint`): each decision goes to the search of
//! the game it belongs to, seeing that game only as the seat may ([`fiw_engine::Seen::inner`]):
//! Solitaire's on the map, D3's, the skirmish's or Louisbourg's in a battle the seat commands. A waiting attack is
//! settled by the odds the player is shown: the generals when the measured battle favours the
//! seat's side more than the chart's die does, the die otherwise. A search through whole
//! campaigns, battles included, would spend its second on a few playouts and learn nothing.

use crate::game::{Action, Campaign};
use fiw_engine::{ActionStats, Advisor, Analysis, Game, Policy, SearchConfig, SearchLimits, Seen};
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
        let odds = w.battle_odds? / 100.0;
        let chart = f64::from(w.chart_sixths) / 6.0;
        let player = view.map.board.player;
        let mine = |attacker_wins: f64| {
            if w.attacker == player {
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
        if let Some(battle) = seen.inner::<fiw_d3::D3>() {
            let (at, orders) = crate::heuristic::inner_actions(legal, |a| match a {
                Action::Fort(o) => Some(*o),
                _ => None,
            });
            if !orders.is_empty() {
                let mut a = lift(
                    self.battle.analyse(&battle, &orders),
                    &at,
                    legal,
                    Action::Fort,
                );
                a.seat = outer;
                return a;
            }
        }
        if let Some(battle) = seen.inner::<fiw_skirmish::Skirmish>() {
            let (at, orders) = crate::heuristic::inner_actions(legal, |a| match a {
                Action::Town(o) => Some(*o),
                _ => None,
            });
            if !orders.is_empty() {
                let mut a = lift(
                    self.skirmish.analyse(&battle, &orders),
                    &at,
                    legal,
                    Action::Town,
                );
                a.seat = outer;
                return a;
            }
        }
        if let Some(battle) = seen.inner::<fiw_louisbourg::Louisbourg>() {
            let (at, orders) = crate::heuristic::inner_actions(legal, |a| match a {
                Action::Siege(o) => Some(*o),
                _ => None,
            });
            if !orders.is_empty() {
                let mut a = lift(
                    self.siege.analyse(&battle, &orders),
                    &at,
                    legal,
                    Action::Siege,
                );
                a.seat = outer;
                return a;
            }
        }
        if let Some(a) = Search::settle(seen, legal) {
            return a;
        }
        let (at, moves) = crate::heuristic::inner_actions(legal, |a| match a {
            Action::Map(m) => Some(*m),
            _ => None,
        });
        match seen.inner::<Solitaire>() {
            Some(map) if !moves.is_empty() => {
                let mut a = lift(self.map.analyse(&map, &moves), &at, legal, Action::Map);
                a.seat = outer;
                a
            }
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
