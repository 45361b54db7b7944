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
//! - **Moving** (5): an attacking side closes to just inside musket range (5") of the enemy on
//!   its way to its objective (the nearest, unless going for it is a detour of 10" and more
//!   from the way there that another is not: the sortie goes for the guns, not the rangers off
//!   in the woods), or makes for its objective when no enemy is known (the road's end, the
//!   guns); a defending side holds and lets the enemy come, moving only to get a target within
//!   range, but a relief that comes on from an edge (the Raid's garrison) marches to fight;
//!   skirmishers and natives end in concealing ground when they can (unseen beyond 6", covered
//!   for natives); columns march, and form line when the enemy is near.
//! - **Rallying** (12.4): when three or more men lie in the holding area and no enemy is within
//!   charging reach, or when it must.
//! - **Reactions** (6.2): skirmishers fire and fall back when they can, cavalry counter-charge,
//!   formed troops stand and fire; defenders close up when they are as many as the chargers.
//! - **Asking the rules** (speed, not judgement): in an activation the general weighs every
//!   candidate order and asks the rules only about the best, then the next, until one is
//!   legal: the order it would take from the whole list, for a tenth of the checking.
//! - **Raiders** (scenario 2): each unit of a raiding side makes for the cabin not burned
//!   nearest it, a man seen inside counting as 12" more (so bands near one another fall on the
//!   same weak household together) and fires on it from 2.5" of its walls, where the whole
//!   band is within short range of the men at them; a cabin no man holds it walks into, which
//!   takes it (its women are taken, 7.5 and S2), and a band burns what it took at once (the
//!   burn is its last work: waiting to burn later, to stay in the fight, won fewer raids);
//!   raiders never fight the fires they start, settlers never start one. Settlers run to their
//!   cabin and fight from it.
//! - **Engineers** (13): a company with an engineer officer, and a tool wagon, make for the
//!   work that wins for their side (a bridge to blow, a redoubt to finish) and work at it; a
//!   bridge the enemy wins by damaging, once charges have harmed it, they go to repair first
//!   (13.2); a road cut, a crossing point or a pontoon they make only where the obstacle or
//!   the water stands on their way to that work (7.4, 13.2).
//! - **Messengers** (4.1): a unit sends a man to a relief waiting off the table as soon as the
//!   enemy is seen near, and to a neighbour waiting for word when the enemy is close; he runs.
//! - **Leaders who ride** (1.2, 3.3, 12.5): a hero, or a general who is not cautious or
//!   indecisive, rides to a unit within 12" that must rally, is shattered or has two men or
//!   more to recover and has no such leader with it, when his own unit is whole and no enemy
//!   is within 6" of it: his +1 brings men back, a rash or bold general's ±2 steadies its
//!   test. He rides on his own card before anything else, straight for it.
//! - **Guns** (9): fire on fighting men, the nearest and biggest first, never on a wagon while
//!   there are men to fire at; where guns may be spiked an attacker charges their crews.

use crate::actions::{point, Action, Shape};
use crate::game::{UnitView, View};
use crate::scenario::{Posture, Side};
use crate::state::{Reaction, Skirmish};
use crate::troops::{Personality, Role, Troop};
use fiw_engine::{Dice, Policy, Seen};
use fiw_table::{heading, Location, Point};

/// The computer general.
#[derive(Clone)]
pub struct General {
    dice: Dice,
    stance: Stance,
    /// S1 the set-up plan it rolled for, once it sets up.
    plan: Option<usize>,
}

/// How a general fights: the few numbers of its rules of thumb that a plan changes. The
/// rules of thumb above are [`Stance::STEADY`]'s; the `ai` seat plays the others out and takes
/// one for a while where it does better (a French ambush that waits in the woods, a column
/// that pushes on), as a player changes his plan and not each order.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stance {
    /// Its name, for the `ai`'s reports.
    pub name: &'static str,
    /// The distance a unit closes to from the nearest enemy, in inches (guns keep 14").
    pub want: f64,
    /// Added to the worth of every charge.
    pub charge: f64,
    /// The worth of a fire at long range (beyond 6.5") for a side that attacks.
    pub far_fire: f64,
    /// Every unit holds its ground (`Some(true)`) or closes with the enemy (`Some(false)`),
    /// whatever its side's posture; `None` keeps the posture's.
    pub hold: Option<bool>,
}

impl Stance {
    /// The rules of thumb as written: close to just inside musket range.
    pub const STEADY: Stance = Stance {
        name: "steady",
        want: 5.0,
        charge: 0.0,
        far_fire: 2.0,
        hold: None,
    };
    /// Close in and charge; defenders come out to fight.
    pub const BOLD: Stance = Stance {
        name: "bold",
        want: 2.5,
        charge: 2.5,
        far_fire: 2.0,
        hold: Some(false),
    };
    /// Keep the enemy at long range and shoot; charge only what is sure.
    pub const WARY: Stance = Stance {
        name: "wary",
        want: 9.0,
        charge: -2.5,
        far_fire: 5.0,
        hold: None,
    };
    /// Stand where it is and let the enemy come.
    pub const HOLD: Stance = Stance {
        name: "hold",
        want: 5.0,
        charge: -1.0,
        far_fire: 4.0,
        hold: Some(true),
    };
    /// The stances the `ai` plays out, [`Stance::STEADY`] first.
    pub const ALL: [Stance; 4] = [Stance::STEADY, Stance::BOLD, Stance::WARY, Stance::HOLD];
}

impl General {
    /// A general with its own dice (for choosing among hiding places, unseen).
    pub fn new(seed: u64) -> Self {
        Self::with_stance(seed, Stance::STEADY)
    }

    /// A general fighting in `stance`.
    pub fn with_stance(seed: u64, stance: Stance) -> Self {
        General {
            dice: Dice::new(seed ^ 0x06e4_e7a1),
            stance,
            plan: None,
        }
    }

    /// The same general with its set-up plan chosen (S1: the scenario's plans by number)
    /// rather than rolled for.
    pub fn with_set_up_plan(mut self, plan: usize) -> Self {
        self.plan = Some(plan);
        self
    }

    /// How it fights.
    pub fn stance(&self) -> Stance {
        self.stance
    }

    /// The same general (its dice where they are) fighting in `stance` from now on.
    pub fn set_stance(&mut self, stance: Stance) {
        self.stance = stance;
    }
}

/// What the general reads off the view once a decision.
struct Board<'a> {
    view: &'a View,
    me: Side,
    posture: Posture,
    stance: Stance,
}

impl<'a> Board<'a> {
    fn new(view: &'a View, me: Side, stance: Stance) -> Self {
        Board {
            view,
            me,
            posture: view.table.sides[me.index()].posture,
            stance,
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

    /// The scenario's set-up of a unit of this side.
    fn setup(&self, u: &UnitView) -> Option<&crate::scenario::UnitSetup> {
        let table = &self.view.table;
        let first = if u.side == Side::French {
            table.sides[0].units.len()
        } else {
            0
        };
        table.sides[u.side.index()]
            .units
            .get(u.index.checked_sub(first)?)
    }

    /// Building `i`'s floor and its middle.
    fn building(&self, i: usize) -> Option<(&fiw_table::Polygon, Point)> {
        let table = &self.view.table;
        let b = *table.buildings().get(i)?;
        let a = table.features[b].area.as_ref()?;
        let (lo, hi) = a.bounds();
        Some((a, Point::new((lo.x + hi.x) / 2.0, (lo.y + hi.y) / 2.0)))
    }

    /// The enemy men (not women, who never fight) seen inside building `i`.
    fn defenders(&self, i: usize) -> usize {
        let Some((floor, _)) = self.building(i) else {
            return 0;
        };
        self.enemies()
            .flat_map(|u| u.figures.iter())
            .filter(|f| f.on_table && f.role != Role::Woman && f.role.fights())
            .filter(|f| floor.locate(f.pose.at) != Location::Outside)
            .count()
    }

    /// Whether a unit holds its ground (a defending side's) rather than closing with the
    /// enemy: a relief that marches on from an edge (the Raid's garrison) comes to fight.
    fn holds(&self, u: &UnitView) -> bool {
        if let Some(h) = self.stance.hold {
            return h;
        }
        self.posture == Posture::Defend && !self.setup(u).is_some_and(|s| s.enters.is_some())
    }

    /// Whether this side raids (some of its units burn, loot and leave: scenario 2).
    fn raiding(&self) -> bool {
        self.view.table.sides[self.me.index()]
            .units
            .iter()
            .any(|s| s.raider)
    }

    /// A raiding side's unit's cabin, with whether no enemy man stands in it (a band then
    /// walks in and takes it, the others set it alight): a band's own once it took it or beat
    /// its household (it may burn it), else the nearest no man holds within a move or so,
    /// else the nearest, counting its defenders.
    fn raid_goal(&self, u: &UnitView) -> Option<(usize, Point, bool)> {
        if !self.raiding() || u.side != self.me {
            return None;
        }
        if let crate::state::Raid::MayBurn(b) = u.raid {
            let (_, c) = self.building(b as usize)?;
            return Some((b as usize, c, true));
        }
        if u.raid != crate::state::Raid::No {
            return None;
        }
        let here = Self::centre(u)?;
        let open = (0..self.view.buildings.len())
            .filter(|&i| !self.view.buildings[i].2 && self.defenders(i) == 0)
            .filter_map(|i| self.building(i).map(|(_, c)| (here.dist(c), i, c)))
            .filter(|(d, ..)| *d <= 16.0)
            .min_by(|a, b| a.0.total_cmp(&b.0));
        if let Some((_, i, c)) = open {
            return Some((i, c, true));
        }
        // the nearest cabin not burned, a man in it worth 12 inches of walking round it (so
        // bands near one another pick the same weak household and their fire falls together)
        let mut best: Option<(f64, usize, Point, bool)> = None;
        for (i, (_, _, burned)) in self.view.buildings.iter().enumerate() {
            if *burned {
                continue;
            }
            let Some((_, c)) = self.building(i) else {
                continue;
            };
            let men = self.defenders(i);
            let cost = here.dist(c) + 12.0 * men as f64;
            if best.is_none_or(|(b, ..)| cost < b) {
                best = Some((cost, i, c, men == 0));
            }
        }
        best.map(|(_, i, c, open)| (i, c, open))
    }

    /// 13 the site a company with an engineer officer, or a tool wagon, makes for: that of a
    /// victory of its side (a bridge to blow, a redoubt to finish) not yet done.
    fn work_site(&self, u: &UnitView) -> Option<Point> {
        if u.side != self.me
            || !(u.troop == Troop::Wagon || u.figures.iter().any(|f| f.role == Role::Engineer))
        {
            return None;
        }
        let table = &self.view.table;
        // 13.2 a bridge the enemy wins by damaging, when charges have harmed it: repaired
        let repair = table
            .victory
            .iter()
            .filter(|v| v.winner.is_some_and(|w| w != self.me))
            .flat_map(|v| v.when.iter())
            .find_map(|c| match *c {
                crate::scenario::Counter::Damaged(k)
                    if self.view.site_damage.get(k).is_some_and(|&d| d > 0)
                        && self.view.sites.get(k).is_some_and(|s| !s.2) =>
                {
                    table.sites.get(k).map(|s| s.at)
                }
                _ => None,
            });
        if repair.is_some() && u.troop != Troop::Wagon {
            return repair;
        }
        table
            .victory
            .iter()
            .filter(|v| v.winner == Some(self.me))
            .flat_map(|v| v.when.iter())
            .find_map(|c| match *c {
                crate::scenario::Counter::Destroyed(k)
                | crate::scenario::Counter::Damaged(k)
                | crate::scenario::Counter::Built(k)
                    if self.view.sites.get(k).is_some_and(|s| !s.2) =>
                {
                    table.sites.get(k).map(|s| s.at)
                }
                _ => None,
            })
    }

    /// Whether a unit with work to do (13) stands at its site (within 6", where it may work).
    fn at_work(&self, u: Option<&UnitView>) -> bool {
        let Some(u) = u else { return false };
        match (self.work_site(u), Self::centre(u)) {
            (Some(site), Some(c)) => c.dist(site) <= 6.0,
            _ => false,
        }
    }

    /// Where a unit of this side makes for when it has no enemy to close with: a raider its
    /// cabin, an engineer's company or a wagon its work, a household its own building,
    /// otherwise the enemy's expected place.
    fn objective(&self, u: &UnitView) -> Point {
        if let Some((_, c, _)) = self.raid_goal(u) {
            return c;
        }
        if let Some(site) = self.work_site(u) {
            return site;
        }
        let setup = self.setup(u);
        if let Some(b) = setup.and_then(|s| s.building) {
            if let Some(a) = &self.view.table.features[b].area {
                let (lo, hi) = a.bounds();
                return Point::new((lo.x + hi.x) / 2.0, (lo.y + hi.y) / 2.0);
            }
        }
        self.view.table.sides[self.me.index()].front
    }

    fn concealing(&self, p: Point) -> bool {
        self.view.table.layout.terrain().iter().any(|t| {
            matches!(
                t.kind,
                fiw_table::Kind::Woods | fiw_table::Kind::Brush | fiw_table::Kind::Rocks
            ) && t.polygon.locate(p) != Location::Outside
        })
    }

    /// The enemy unit an attacking unit makes for: the nearest, unless going for it is a
    /// detour (10" and more) from the way to the objective that going for another is not
    /// (then that one: the least distance from the unit to it and on to the objective).
    fn aim(&self, u: &UnitView) -> Option<usize> {
        let here = Self::centre(u)?;
        let goal = self.objective(u);
        let mut nearest: Option<(f64, f64, usize)> = None;
        let mut on_way: Option<(f64, usize)> = None;
        for e in self.enemies() {
            if e.troop == Troop::Wagon {
                continue;
            }
            let Some(c) = Self::centre(e) else { continue };
            let way = here.dist(c) + c.dist(goal);
            if nearest.is_none_or(|(d, ..)| here.dist(c) < d) {
                nearest = Some((here.dist(c), way, e.index));
            }
            if on_way.is_none_or(|(b, _)| way < b) {
                on_way = Some((way, e.index));
            }
        }
        match (nearest, on_way) {
            (Some((_, way, n)), Some((best, e))) if way > best + 10.0 => Some(e).or(Some(n)),
            (Some((.., n)), _) => Some(n),
            _ => None,
        }
    }

    /// The nearest figure of enemy unit `t` to `p`, as [`Board::nearest_enemy`] gives it.
    fn nearest_of(&self, t: usize, p: Point) -> Option<(f64, Point, usize)> {
        let u = self.unit(t)?;
        u.figures
            .iter()
            .filter(|f| f.on_table)
            .map(|f| (p.dist(f.pose.at), f.pose.at, t))
            .min_by(|a, b| a.0.total_cmp(&b.0))
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
        // 4.1 a messenger runs straight for the unit he carries word to
        if let Some(goal) = u
            .messenger_to
            .and_then(|t| self.unit(t))
            .and_then(Self::centre)
        {
            return -p.dist(goal);
        }
        // 13 sappers and their cart make for their work, whatever is in the way: within 3" of
        // the site the work may be done
        if let Some(site) = self.work_site(u) {
            return -(p.dist(site) - 3.0).max(0.0) * 0.5;
        }
        let skirmish = u.formation.contains("skirmish");
        let cover = if (skirmish || u.troop == Troop::Irregular) && self.concealing(p) {
            1.5
        } else {
            0.0
        };
        if let Some((b, goal, open)) = self.raid_goal(u) {
            // a raider walks into a cabin no man holds; one held it fires on from close by
            // (the whole band within the 6" of short range of the men at its walls: a skirmish
            // line is some 4" deep), from cover if there is some that near
            if open {
                return -p.dist(goal) * 0.5;
            }
            let walls = self
                .building(b)
                .map_or(p.dist(goal), |(f, _)| f.distance_to_point(p));
            return -(walls - 2.5).abs() * 0.3 + cover / 3.0;
        }
        let want = if u.troop == Troop::Artillery {
            14.0
        } else {
            self.stance.want
        };
        let near = self.nearest_enemy(p);
        // an attacker closes with the enemy that stands between it and its objective, not
        // with whatever is nearest (the sortie goes for the guns, not the rangers off in the
        // woods), unless an enemy is already at hand
        let aimed = if self.holds(u) || near.is_some_and(|(d, ..)| d <= 8.0) {
            near
        } else {
            self.aim(u).and_then(|t| self.nearest_of(t, p))
        };
        let mut v = match aimed.or(near) {
            Some((d, _, _)) => {
                if self.holds(u) && d > want {
                    // defenders do not go looking: staying near home is worth a little
                    -(d - want) * 0.05
                } else {
                    -(d - want).abs() * 0.3
                }
            }
            None => -p.dist(self.objective(u)) * 0.2,
        };
        // 5.3, 9.1 a defending company with no enemy at hand goes to a gun of its side short
        // of its crew close by, to lend it men (help GUN)
        if u.troop.is_infantry() && self.holds(u) && near.is_none_or(|(d, ..)| d > 8.0) {
            if let Some(g) = self.short_gun(u) {
                return -(p.dist(g) - 1.0).max(0.0) * 0.3 + cover;
            }
        }
        v += cover;
        v
    }

    /// 5.3, 9.1 whether gun section `g` is short of the hands to move it (half its full
    /// crew) or to serve it every turn (its least crew).
    fn needs_hands(&self, g: &UnitView) -> bool {
        let Some(kind) = self
            .setup(g)
            .and_then(|s| s.figures.iter().find_map(|f| f.gun))
        else {
            return false;
        };
        let full = if kind == crate::troops::GunKind::Heavy {
            6
        } else {
            4
        };
        let least = usize::from(crate::troops::charts().gun(kind).crew);
        let men = Self::men(g);
        2 * men < full || men < least
    }

    /// 5.3, 9.1 the place of a gun of this side within 12" of unit `u` that is short of the
    /// hands to move or serve it, in action.
    fn short_gun(&self, u: &UnitView) -> Option<Point> {
        let here = Self::centre(u)?;
        self.view
            .units
            .iter()
            .filter(|g| {
                g.side == self.me
                    && g.troop == Troop::Artillery
                    && g.figures.iter().any(|f| f.on_table && f.role.is_piece())
                    && self.needs_hands(g)
                    && !g.marks.iter().any(|m| {
                        matches!(
                            *m,
                            "gun lost" | "shattered" | "routed" | "destroyed" | "surrendered"
                        )
                    })
            })
            .filter_map(Self::centre)
            .filter(|c| c.dist(here) <= 12.0)
            .min_by(|a, b| a.dist(here).total_cmp(&b.dist(here)))
    }

    /// 4.1 what sending a messenger to unit `to` is worth, from a unit whose nearest enemy
    /// is `enemy_d` away: word to a relief waiting off the table (the Raid's fort) as soon as
    /// the enemy is seen near, to a neighbour when the enemy is close; never a second man to
    /// the same place, nor the last men of a small unit.
    fn messenger_worth(&self, to: usize, enemy_d: f64, lead: Option<&UnitView>) -> f64 {
        let Some(t) = self.unit(to) else {
            return -5.0;
        };
        // the word already on its way to this unit, or to its battalion
        let mates: Vec<usize> = self
            .view
            .battalions
            .iter()
            .find(|(_, c)| c.contains(&to))
            .map_or(vec![to], |(_, c)| c.clone());
        if self
            .view
            .units
            .iter()
            .any(|u| u.side == self.me && u.messenger_to.is_some_and(|t| mates.contains(&t)))
        {
            return -5.0;
        }
        if lead.is_some_and(|u| Self::men(u) <= 2) {
            return -2.0;
        }
        let off = !t.figures.iter().any(|f| f.on_table);
        match (off, enemy_d) {
            (true, d) if d <= 20.0 => 8.5,
            (false, d) if d <= 12.0 => 5.5,
            _ => -1.0,
        }
    }

    /// 1.2, 3.3, 12.5 what sending leader `fig` (with the `acting` units) to join unit `to`
    /// is worth: a hero, or a general who adds (rash) or may (bold, or not yet known), rides to
    /// a unit within a ride of him that must rally, is shattered or has men to recover, and
    /// that has no such leader with it, when his own unit is out of the enemy's reach, whole
    /// and in no need of him; a colonel stays with his battalion's colours.
    fn join_worth(&self, fig: usize, to: usize, acting: &[&UnitView], enemy_d: f64) -> f64 {
        let Some(lead) = acting.first() else {
            return -5.0;
        };
        // a leader riding alone goes on to the unit he set out for
        if lead.messenger_to.is_some() {
            return -5.0;
        }
        let Some(leader) = acting
            .iter()
            .flat_map(|u| u.figures.iter())
            .find(|f| f.index == fig)
        else {
            return -5.0;
        };
        let helps = |f: &crate::game::FigureView| {
            f.role == Role::Hero
                || f.general
                    && !matches!(
                        f.personality,
                        Some(Personality::Cautious | Personality::Indecisive)
                    )
        };
        if !helps(leader) {
            return -3.0;
        }
        let Some(t) = self.unit(to) else {
            return -5.0;
        };
        let wavering =
            t.marks.contains(&"shattered") || t.marks.contains(&"must rally") || t.holding >= 2;
        if !wavering || t.figures.iter().any(helps) {
            return -2.0;
        }
        if acting.iter().any(|u| {
            u.marks.contains(&"shattered") || u.marks.contains(&"must rally") || u.holding >= 2
        }) || enemy_d < 6.0
            || Self::men(lead) <= 3
        {
            return -2.0;
        }
        let d = t
            .figures
            .iter()
            .filter(|f| f.on_table)
            .map(|f| f.pose.at.dist(leader.pose.at))
            .fold(f64::INFINITY, f64::min);
        if d > 12.0 {
            return -1.0;
        }
        7.0 - d / 100.0
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
        let defend = lead.map_or(self.posture == Posture::Defend, |u| self.holds(u));
        match *a {
            Action::Deploy { .. } => rng,
            // S1 the set-up follows a plan (`choose`); ready is the last resort
            Action::SetUp { .. } | Action::Abatis { .. } | Action::Lift { .. } => 0.0,
            Action::Ready => -1.0,
            Action::Activate { unit } => {
                let units = self.actor(unit as usize);
                let mut best = f64::NEG_INFINITY;
                for i in units {
                    let Some(u) = self.unit(i) else { continue };
                    let mut s = 0.0;
                    // a messenger runs with his word before anything else
                    if u.messenger_to.is_some() {
                        s += 9.0;
                    }
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
            // sappers and their cart have work to do: they move to it rather than fight
            Action::Shoot { .. } | Action::Charge { .. }
                if lead.is_some_and(|u| self.work_site(u).is_some()) && !self.at_work(lead) =>
            {
                -1.0
            }
            Action::Shoot { .. } => {
                if enemy_d <= 6.5 {
                    7.5
                } else if defend {
                    4.0
                } else {
                    self.stance.far_fire
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
            Action::Move if lead.is_some_and(|u| u.messenger_to.is_some()) => 9.0,
            // sappers and their cart make for their work
            Action::Move
                if lead.is_some_and(|u| self.work_site(u).is_some()) && !self.at_work(lead) =>
            {
                6.5
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
                // where guns may be spiked, an attacker's work is to drive off their crews
                if self.view.table.spiking && t.troop == Troop::Artillery && !defend {
                    s += 5.0;
                }
                if fire && d <= 6.0 {
                    s += 0.5;
                }
                if defend {
                    s -= 1.5;
                }
                s + self.stance.charge
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
            Action::Enter { building } => {
                let Some(u) = lead else { return 0.0 };
                if self
                    .raid_goal(u)
                    .is_some_and(|(b, _, open)| open && b == building as usize)
                {
                    // a cabin no man holds is taken by walking in
                    9.0
                } else if u.troop == Troop::Household || (defend && enemy_d < 14.0) {
                    2.0
                } else {
                    -1.0
                }
            }
            // a messenger in a building must get out of it to run
            Action::Leave if lead.is_some_and(|u| u.messenger_to.is_some()) => 5.0,
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
            Action::Detach { to, .. } => self.messenger_worth(to as usize, enemy_d, lead),
            Action::Join { fig, to } => {
                self.join_worth(fig as usize, to as usize, &acting, enemy_d)
            }
            Action::Work { .. } => 6.0,
            // 13.2 a bridge the enemy wins by damaging is repaired whenever it may be
            Action::Repair { .. } => 8.0,
            // 13.2, 7.4 a cut, a crossing or a pontoon is made only on the way to the work's
            // objective, where the obstacle or the water stands across it
            Action::Make { what, x, y, x2, y2 } => {
                let (Some(u), Some(from)) = (lead, here) else {
                    return -2.0;
                };
                let to = self.objective(u);
                let place = point(x, y);
                let way = fiw_table::Segment::new(from, to);
                let across = match what {
                    // the pontoon's far end is well on the way: the objective is over the water
                    crate::actions::Make::Pontoon => {
                        point(x2, y2).dist(to) + 2.0 < place.dist(to)
                            && self.view.table.layout.crossings(from, to).iter().any(|c| {
                                self.view.table.layout.effect(c.kind).passage
                                    == fiw_table::Passage::Impassable
                            })
                    }
                    // the obstacle the place is on stands across the way, there
                    _ => self.view.table.features.iter().any(|f| {
                        f.line.as_ref().is_some_and(|l| {
                            l.distance_to_point(place) <= 1.0
                                && l.crossings(&way)
                                    .iter()
                                    .any(|c| l.at(c.s).dist(place) <= 3.0)
                        })
                    }),
                };
                if across {
                    6.5
                } else {
                    -2.0
                }
            }
            // the defenders put out the fires the raiders start, never the other way round
            Action::FightFire => {
                if defend {
                    8.0
                } else {
                    -5.0
                }
            }
            Action::PrepareArrows => {
                if enemy_d < 10.0 {
                    1.0
                } else {
                    3.5
                }
            }
            // fire is the raiders' weapon; nobody sets his own side's roof alight
            Action::Ignite { .. } => {
                if defend {
                    -5.0
                } else {
                    7.0
                }
            }
            Action::Burn => 10.0,
            Action::Spike { .. } => 10.0,
            // 13.2 the charges are fired together: one charge seldom harms a bridge, so the
            // sappers lay a second unless the enemy is on them
            Action::Blow { site } => {
                let laid = self.view.sites.get(site as usize).map_or(0, |s| s.1);
                if laid >= 2 || enemy_d < 8.0 {
                    9.0
                } else {
                    1.0
                }
            }
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
            Action::Gun { ammo, target } => {
                let base = match ammo {
                    crate::artillery::Ammo::Canister => 7.5,
                    crate::artillery::Ammo::Shot => 6.5,
                    crate::artillery::Ammo::Shell => 6.0,
                };
                // guns fire on fighting men, the nearest and biggest first, not on a cart
                let Some(t) = self.unit(target as usize) else {
                    return base;
                };
                if t.troop == Troop::Wagon {
                    return base - 6.0;
                }
                let d = here
                    .and_then(|p| {
                        t.figures
                            .iter()
                            .filter(|f| f.on_table)
                            .map(|f| p.dist(f.pose.at))
                            .reduce(f64::min)
                    })
                    .unwrap_or(0.0);
                base + 0.05 * Self::men(t) as f64 - d / 100.0
            }
            // 5.8 horsemen dismount to hold ground or fight in the woods, where a horse goes
            // at a quarter pace and the carbine reaches half as far; they mount to ride far
            Action::Mount { on } => {
                let rough = here.is_some_and(|p| self.concealing(p));
                if on {
                    if enemy_d > 16.0 && !rough && !defend {
                        2.5
                    } else {
                        -1.0
                    }
                } else if rough || (defend && enemy_d < 12.0) {
                    2.5
                } else {
                    -1.0
                }
            }
            // 5.3, 9.1 men lent to a gun short of its crew that has still to act this turn
            // (the rules offer it only where it is short)
            Action::Help { gun } => match self.unit(gun as usize) {
                Some(g) if g.done == crate::state::Done::No && enemy_d > 3.0 => 4.5,
                _ => -1.0,
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
        let board = Board::new(&view, Side::of_seat(seen.seat()), self.stance);
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
        // S1 a set-up: one of the scenario's plans, rolled for once, carried out order by order
        if legal.contains(&Action::Ready) {
            let me = Side::of_seat(seen.seat());
            if let Some(s) = view.table.sides[me.index()].set_up.as_ref() {
                if !s.plans.is_empty() {
                    let n = s.plans.len() as u32;
                    let plan = *self.plan.get_or_insert_with(|| self.dice.below(n) as usize)
                        % s.plans.len();
                    return crate::set_up_plans::next_order(&view, me, plan, legal);
                }
            }
        }
        let board = Board::new(&view, Side::of_seat(seen.seat()), self.stance);
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
