//! The computer general (`--seat SIDE=heuristic`, and the base of the `ai` seat): rules of
//! thumb a wargamer of the period would recognise, for either side of any scenario, reading
//! only the side's [`View`] (hidden enemies are not in it) and choosing among the listed
//! orders.
//!
//! The rules of thumb, and why:
//! - **Which unit takes the card**: a unit that must rally first (a rally owed blocks its
//!   fire); then a unit with an enemy within short range (its fire is worth most now); then a
//!   unit that can reach an enemy or its objective; nearest the enemy first. A battalion is
//!   taken whole when it may.
//! - **Searching** (7.7): a unit searches the nearest concealing ground when the enemy has
//!   hidden units and none is in sight nearby: it costs nothing but the roll.
//! - **Fire** (8): a unit with a target within short range fires standing with every figure
//!   (one die for every two, and 4+ to hit rather than 6); regulars in close order keep their
//!   first volley (+1) for short range; skirmishers fire at long range only with rifles or when
//!   defending.
//! - **Charges** (6, 11): worth it when the rolled move reaches with a good chance, the
//!   chargers outnumber the figures they meet or have grenadiers, or the target is militia,
//!   shattered or owes a rally; regulars fire their volley first at short range; a building is
//!   charged only by a band raiding it (scenario 2).
//! - **Moving** (5): an attacking side closes to just inside musket range of the nearest enemy
//!   (5"), or makes for its objective when no enemy is known (the road's end, the cabins, the
//!   guns); a defending side holds and lets the enemy come, moving only to get a target within
//!   range; skirmishers and natives end in concealing ground when they can (unseen beyond 6",
//!   covered for natives); columns march, and form line when the enemy is near.
//! - **Rallying** (12.4): when three or more men lie in the holding area and no enemy is within
//!   charging reach, or when it must.
//! - **Reactions** (6.2): skirmishers fire and fall back when they can, cavalry counter-charge,
//!   formed troops stand and fire; defenders close up when they are as many as the chargers.
//! - **Asking the rules** (speed, not judgement): in an activation the general weighs every
//!   candidate order and asks the rules only about the best, then the next, until one is
//!   legal: the order it would take from the whole list, for a tenth of the checking.
//! - **Raiders** (scenario 2): make for the nearest cabin not yet burned, fire it with arrows
//!   or by contact, burn what they take; settlers run to their cabin and fight from it; the
//!   garrison marches on the nearest cabin in danger.

use crate::actions::{point, Action, Shape};
use crate::game::{UnitView, View};
use crate::scenario::{Posture, Side};
use crate::state::{Reaction, Skirmish};
use crate::troops::{Role, Troop};
use fiw_engine::{Dice, Policy, Seen};
use fiw_table::{heading, Location, Point};

/// The computer general.
#[derive(Clone)]
pub struct General {
    dice: Dice,
}

impl General {
    /// A general with its own dice (for choosing among hiding places, unseen).
    pub fn new(seed: u64) -> Self {
        General {
            dice: Dice::new(seed ^ 0x06e4_e7a1),
        }
    }
}

/// What the general reads off the view once a decision.
struct Board<'a> {
    view: &'a View,
    me: Side,
    posture: Posture,
}

impl<'a> Board<'a> {
    fn new(view: &'a View, me: Side) -> Self {
        Board {
            view,
            me,
            posture: view.table.sides[me.index()].posture,
        }
    }

    fn unit(&self, i: usize) -> Option<&UnitView> {
        self.view.units.iter().find(|u| u.index == i)
    }

    /// The units an activation number names (a battalion's companies).
    fn actor(&self, n: usize) -> Vec<usize> {
        match self.view.battalions.iter().find(|(b, _)| *b == n) {
            Some((_, c)) => c.clone(),
            None => vec![n],
        }
    }

    fn centre(u: &UnitView) -> Option<Point> {
        let on: Vec<Point> = u
            .figures
            .iter()
            .filter(|f| f.on_table)
            .map(|f| f.pose.at)
            .collect();
        let all: Vec<Point> = u.figures.iter().map(|f| f.pose.at).collect();
        let pts = if on.is_empty() { all } else { on };
        if pts.is_empty() {
            return None;
        }
        let n = pts.len() as f64;
        Some(pts.iter().fold(Point::default(), |c, p| c + *p * (1.0 / n)))
    }

    fn enemies(&self) -> impl Iterator<Item = &UnitView> {
        self.view
            .units
            .iter()
            .filter(move |u| u.side != self.me && u.figures.iter().any(|f| f.on_table))
    }

    /// The nearest enemy figure to `p`, and how far (centre to centre).
    fn nearest_enemy(&self, p: Point) -> Option<(f64, Point, usize)> {
        let mut best: Option<(f64, Point, usize)> = None;
        for u in self.enemies() {
            for f in u.figures.iter().filter(|f| f.on_table) {
                let d = p.dist(f.pose.at);
                if best.is_none_or(|(b, _, _)| d < b) {
                    best = Some((d, f.pose.at, u.index));
                }
            }
        }
        best
    }

    /// Where a unit of this side makes for when it has no enemy to close with: a raider the
    /// nearest building not burned, a household its own building, otherwise the enemy's
    /// expected place.
    fn objective(&self, u: &UnitView, game_table: &crate::scenario::Scenario) -> Point {
        let side = self.me;
        let k = u.index.saturating_sub(if side == Side::French {
            game_table.sides[0].units.len()
        } else {
            0
        });
        let setup = game_table.sides[side.index()].units.get(k);
        let c = Self::centre(u).unwrap_or_default();
        if setup.is_some_and(|s| s.raider) {
            let mut best = None::<(f64, Point)>;
            for (i, (_, _, burned)) in self.view.buildings.iter().enumerate() {
                if *burned {
                    continue;
                }
                let b = game_table.buildings()[i];
                if let Some(a) = &game_table.features[b].area {
                    let (lo, hi) = a.bounds();
                    let p = Point::new((lo.x + hi.x) / 2.0, (lo.y + hi.y) / 2.0);
                    if best.is_none_or(|(d, _)| c.dist(p) < d) {
                        best = Some((c.dist(p), p));
                    }
                }
            }
            if let Some((_, p)) = best {
                return p;
            }
        }
        if let Some(b) = setup.and_then(|s| s.building) {
            if let Some(a) = &game_table.features[b].area {
                let (lo, hi) = a.bounds();
                return Point::new((lo.x + hi.x) / 2.0, (lo.y + hi.y) / 2.0);
            }
        }
        game_table.sides[side.index()].front
    }

    fn concealing(&self, p: Point) -> bool {
        self.view.table.layout.terrain().iter().any(|t| {
            matches!(
                t.kind,
                fiw_table::Kind::Woods | fiw_table::Kind::Brush | fiw_table::Kind::Rocks
            ) && t.polygon.locate(p) != Location::Outside
        })
    }

    fn men(u: &UnitView) -> usize {
        u.figures
            .iter()
            .filter(|f| f.on_table && f.role != Role::Woman && !f.role.is_piece())
            .count()
    }

    /// How much a unit at `p` is worth standing there: near the distance it wants from the
    /// nearest enemy, in concealing ground if it skirmishes.
    fn place_value(&self, u: &UnitView, p: Point) -> f64 {
        let skirmish = u.formation.contains("skirmish");
        let want = if u.troop == Troop::Artillery {
            14.0
        } else {
            5.0
        };
        let mut v = match self.nearest_enemy(p) {
            Some((d, _, _)) => {
                let defend = self.posture == Posture::Defend;
                if defend && d > want {
                    // defenders do not go looking: staying near home is worth a little
                    -(d - want) * 0.05
                } else {
                    -(d - want).abs() * 0.3
                }
            }
            None => {
                let goal = self.objective(u, &self.view.table);
                -p.dist(goal) * 0.2
            }
        };
        if (skirmish || u.troop == Troop::Irregular) && self.concealing(p) {
            v += 1.5;
        }
        v
    }

    fn score(&self, a: &Action, rng: f64) -> f64 {
        let acting: Vec<&UnitView> = self
            .view
            .acting_units
            .iter()
            .filter_map(|&i| self.unit(i))
            .collect();
        let lead = acting.first().copied();
        let here = lead.and_then(Self::centre);
        let near = here.and_then(|p| self.nearest_enemy(p));
        let enemy_d = near.map_or(f64::INFINITY, |n| n.0);
        let holding: usize = acting.iter().map(|u| u.holding).sum();
        let defend = self.posture == Posture::Defend;
        match *a {
            Action::Deploy { .. } => rng,
            Action::Activate { unit } => {
                let units = self.actor(unit as usize);
                let mut best = f64::NEG_INFINITY;
                for i in units {
                    let Some(u) = self.unit(i) else { continue };
                    let mut s = 0.0;
                    if u.marks.contains(&"must rally") || u.marks.contains(&"shattered") {
                        s += 10.0;
                    }
                    if let Some(p) = Self::centre(u) {
                        match self.nearest_enemy(p) {
                            Some((d, _, _)) => {
                                if d <= 7.0 {
                                    s += 8.0;
                                } else if d <= 14.0 {
                                    s += 5.0;
                                }
                                s -= d / 100.0;
                            }
                            None => s += 1.0,
                        }
                    }
                    best = best.max(s);
                }
                best
            }
            Action::Spot { .. } => {
                if self.view.hidden_enemies > 0 && enemy_d > 6.0 {
                    4.5
                } else {
                    -1.0
                }
            }
            Action::Shoot { .. } => {
                if enemy_d <= 6.5 {
                    7.5
                } else if defend {
                    4.0
                } else {
                    2.0
                }
            }
            Action::Test => {
                if holding >= 3 && enemy_d > 10.0 {
                    6.0
                } else if defend && enemy_d > 8.0 {
                    3.0
                } else {
                    5.0
                }
            }
            Action::Pass => 1.0,
            Action::Sign { plus } => {
                let Some((roll, m, bolds)) = &self.view.test else {
                    return 0.0;
                };
                let by = bolds.first().copied().unwrap_or(1);
                let s = *roll as i8 + m + if plus { by } else { -by };
                // 3–4 is the free choice; 5–6 continues (good for a unit advancing well)
                match s {
                    3 | 4 => 5.0,
                    5.. => 3.0,
                    _ => 0.0,
                }
            }
            Action::Stand => 1.0,
            Action::FireMove { volley, .. } => {
                if enemy_d <= 6.5 {
                    if volley {
                        6.0
                    } else {
                        5.0
                    }
                } else {
                    2.5
                }
            }
            Action::Move => {
                if defend && enemy_d < 14.0 {
                    1.5
                } else {
                    4.5
                }
            }
            Action::Charge { target, fire } => {
                let Some(t) = self.unit(target as usize) else {
                    return 0.0;
                };
                let ours: usize = acting.iter().map(|u| Self::men(u)).sum();
                let theirs = Self::men(t);
                let mut s = 3.0;
                let d = t
                    .figures
                    .iter()
                    .filter(|f| f.on_table)
                    .filter_map(|f| here.map(|p| p.dist(f.pose.at)))
                    .fold(f64::INFINITY, f64::min);
                let reach = if lead.is_some_and(|u| u.troop == Troop::Irregular) {
                    11.0
                } else if lead.is_some_and(|u| u.troop == Troop::Cavalry) {
                    25.0
                } else {
                    8.5
                };
                if d > reach {
                    s -= 3.0;
                }
                if ours > theirs {
                    s += 2.0;
                }
                if ours * 2 < theirs {
                    s -= 3.0;
                }
                if t.troop == Troop::Militia
                    || t.marks.contains(&"shattered")
                    || t.marks.contains(&"must rally")
                {
                    s += 2.0;
                }
                if t.formation.contains("building") {
                    s -= 2.0;
                }
                if fire && d <= 6.0 {
                    s += 0.5;
                }
                if defend {
                    s -= 1.5;
                }
                s
            }
            Action::Rally { back } => {
                let mut s = if holding >= 2 && enemy_d > 9.0 {
                    6.0
                } else {
                    2.0
                };
                if back && enemy_d < 8.0 {
                    s += 0.5;
                }
                s
            }
            Action::Reserve => {
                if defend && enemy_d < 12.0 {
                    4.0
                } else {
                    0.5
                }
            }
            Action::Step { bearing, tenths } => {
                let (Some(u), Some(p)) = (lead, here) else {
                    return 0.0;
                };
                let to = p + heading(f64::from(bearing)) * (f64::from(tenths) / 10.0);
                self.place_value(u, to) - self.place_value(u, p) - 0.05
            }
            Action::March { x, y } => {
                let (Some(u), Some(p)) = (lead, here) else {
                    return 0.0;
                };
                let head = point(x, y);
                let to = p + (head - p) * 1.0;
                self.place_value(u, to) - self.place_value(u, p) - 0.05
            }
            Action::Wheel { .. } => {
                if enemy_d < 14.0 {
                    0.6
                } else {
                    -0.5
                }
            }
            Action::Form { to, .. } => {
                let Some(u) = lead else { return 0.0 };
                match to {
                    Shape::Line(_) if u.formation.contains("column") && enemy_d < 16.0 => 1.5,
                    Shape::Skirmish if u.formation.contains("disorder") => 1.0,
                    Shape::Line(_) if u.formation.contains("disorder") => 1.2,
                    _ => -1.0,
                }
            }
            Action::Face { .. } => -0.3,
            Action::Place { .. } => -0.5,
            Action::Enter { .. } => {
                let Some(u) = lead else { return 0.0 };
                if u.troop == Troop::Household || (defend && enemy_d < 14.0) {
                    2.0
                } else {
                    -1.0
                }
            }
            Action::Leave => -0.5,
            Action::Done => 0.0,
            Action::React { how } => match how {
                Reaction::Counter => 7.0,
                Reaction::FireRetreat => 6.0,
                Reaction::Stand => 5.0,
                Reaction::Retreat => 3.0,
                Reaction::Hold => 2.0,
            },
            Action::CloseUp { yes } => {
                if yes {
                    3.0
                } else {
                    2.5
                }
            }
            Action::Call { .. } => 6.0,
            Action::Work { .. } => 6.0,
            Action::FightFire => 8.0,
            Action::PrepareArrows => {
                if enemy_d < 10.0 {
                    1.0
                } else {
                    3.5
                }
            }
            Action::Ignite { .. } => 7.0,
            Action::Burn => 10.0,
            Action::Spike { .. } => 10.0,
            Action::Blow { .. } => 9.0,
            Action::Limber { on } => {
                if on {
                    if enemy_d > 30.0 {
                        2.0
                    } else {
                        -1.0
                    }
                } else if enemy_d < 40.0 {
                    3.0
                } else {
                    -1.0
                }
            }
            Action::Gun { ammo, .. } => match ammo {
                crate::artillery::Ammo::Canister => 7.5,
                crate::artillery::Ammo::Shot => 6.5,
                crate::artillery::Ammo::Shell => 6.0,
            },
            Action::Breach { .. } => 3.0,
        }
    }
}

/// The orders that move figures: one of these that gains nothing over stopping is not made.
fn is_move(a: &Action) -> bool {
    matches!(
        a,
        Action::Step { .. }
            | Action::March { .. }
            | Action::Wheel { .. }
            | Action::Form { .. }
            | Action::Face { .. }
            | Action::Place { .. }
    )
}

/// A move's value at or below this is not worth making (the unit stops instead).
const WORTH_MOVING: f64 = 0.05;

impl Policy<Skirmish> for General {
    fn name(&self) -> &str {
        "heuristic"
    }

    /// The order [`Policy::choose`] takes from the list, found by weighing the activation's
    /// candidates first and asking the rules only about the best, best first (the listed
    /// orders are the candidates the rules accept, in the same order, and of equal values
    /// the first listed is taken either way). Outside an activation (deployment, the card,
    /// reactions) the list is short and the general chooses from it.
    fn propose(&mut self, seen: &Seen<Skirmish>) -> Option<Action> {
        let mut tries = Vec::new();
        seen.candidates(0, &mut tries);
        if tries.is_empty() {
            return None;
        }
        let view = seen.view();
        let board = Board::new(&view, Side::of_seat(seen.seat()));
        let mut ranked: Vec<(f64, usize)> = tries
            .iter()
            .enumerate()
            .map(|(k, a)| {
                // as `choose` weighs them: a value that is not a number never wins
                let v = board.score(a, 0.0);
                (if v.is_nan() { f64::NEG_INFINITY } else { v }, k)
            })
            .collect();
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        let &(value, k) = ranked.iter().find(|(_, k)| seen.is_legal(&tries[*k]))?;
        let best = tries[k];
        if is_move(&best) && value <= WORTH_MOVING && seen.is_legal(&Action::Done) {
            return Some(Action::Done);
        }
        Some(best)
    }

    fn choose(&mut self, seen: &Seen<Skirmish>, legal: &[Action]) -> usize {
        let view = seen.view();
        let board = Board::new(&view, Side::of_seat(seen.seat()));
        let mut best = (f64::NEG_INFINITY, 0);
        for (i, a) in legal.iter().enumerate() {
            // chance only among hiding places (unseen): everything else is weighed
            let rng = if matches!(a, Action::Deploy { .. }) {
                f64::from(self.dice.below(1000)) / 1000.0
            } else {
                0.0
            };
            let s = board.score(a, rng);
            if s > best.0 {
                best = (s, i);
            }
        }
        // a move that gains nothing over stopping is not made
        if is_move(&legal[best.1]) && best.0 <= WORTH_MOVING {
            if let Some(k) = legal.iter().position(|a| *a == Action::Done) {
                return k;
            }
        }
        best.1
    }
}

/// Whether a decision is worth playouts for the `ai` seat: which unit takes a card (a few
/// choices, each shaping the turn), a reaction to a charge, whether to charge, shoot or move
/// after a test. Movement steps are the heuristic's.
pub fn worth_searching(legal: &[Action]) -> bool {
    legal.len() >= 2
        && legal.iter().all(|a| {
            matches!(
                a,
                Action::Activate { .. } | Action::React { .. } | Action::CloseUp { .. }
            )
        })
        || legal.iter().any(|a| matches!(a, Action::Charge { .. }))
}

/// The `ai` seat: the general, improved by playouts at its bigger decisions.
pub fn search_ai(config: fiw_engine::SearchConfig) -> Box<dyn fiw_engine::Advisor<Skirmish>> {
    Box::new(fiw_engine::RolloutSearch::new(
        config,
        |seed| Box::new(General::new(seed)) as Box<dyn Policy<Skirmish>>,
        worth_searching,
    ))
}

/// The `ai` budget: 24 playouts or one second a decision, whichever comes first.
pub fn default_limits() -> fiw_engine::SearchLimits {
    fiw_engine::SearchLimits {
        iterations: Some(24),
        time: Some(std::time::Duration::from_millis(1_000)),
    }
}
