//! 13.2 and 7.4 engineering at places the players name, not only at the sites a scenario lists:
//! a road cut through a hedge or wall (1 turn), a crossing point over a very high wall or deep
//! ditch (1 turn; columns then cross there as over a minor obstacle), a pontoon bridge laid an
//! inch a turn where the side has the materials, and the repair of a damaged bridge (1D6
//! points a turn). 13.1 holds for all of them, as at a scenario's sites (`engineering.rs`).
//!
//! A work begun at a new place becomes a site of the game, numbered after the scenario's
//! (`cut-1`, `crossing-1`, `pontoon-1`), kept in the state so that a save replays it.

use crate::actions::{tenths, Action, Make};
use crate::scenario::{FeatureKind, Site, Task};
use crate::state::{Done, Last, SiteState, Skirmish};
use crate::terrain::Mover;
use fiw_engine::RuleError;
use fiw_table::{Location, Passage, Point, Polygon, Segment};
use serde::Serialize;

/// 13.2 the longest pontoon a tool wagon's boats and timbers make (assumed: a foot, twice the
/// widest river of the scenarios).
pub const PONTOON_LONGEST: f64 = 12.0;

/// 13.2 a pontoon's deck, in inches across (assumed: a column of two files).
pub const PONTOON_WIDTH: f64 = 2.0;

/// 13.2, 7.4 how near a typed place must be to an obstacle's line to be on it (assumed).
pub const ON_THE_LINE: f64 = 1.0;

/// 13.2 half the width of a road cut (assumed: 2", as a scenario's cut).
pub const CUT_HALF: f64 = 1.0;

/// 7.4 half the width of a crossing point (assumed: 3", a column of two with room).
pub const CROSSING_HALF: f64 = 1.5;

/// The works begun at places the players named, and what the works have made.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Works {
    /// Sites begun at named places, numbered after the scenario's sites.
    pub extra_sites: Vec<Site>,
    /// 13.2 the companies repairing a bridge this turn.
    pub repairing: Vec<u8>,
    /// 7.4 the crossing points made: the obstacle's feature and the stretch of its line.
    pub crossings: Vec<(u16, f64, f64)>,
    /// 13.2 the pontoons that span: their decks, bridges from then on.
    pub decks: Vec<Polygon>,
}

impl Make {
    /// The word typed after `work`.
    pub fn word(self) -> &'static str {
        match self {
            Make::Cut => "cut",
            Make::Crossing => "crossing",
            Make::Pontoon => "pontoon",
        }
    }
}

/// 13.2 the deck of a pontoon from `a` to `b`.
fn deck(a: Point, b: Point) -> Option<Polygon> {
    let v = b - a;
    let len = v.len();
    if len <= 1e-9 {
        return None;
    }
    let n = Point::new(-v.y, v.x) * (PONTOON_WIDTH / 2.0 / len);
    Polygon::new(vec![a + n, b + n, b - n, a - n]).ok()
}

impl Skirmish {
    /// Site `k`: the scenario's, then those begun at named places.
    pub fn site(&self, k: usize) -> Option<&Site> {
        let n = self.scenario.sites.len();
        if k < n {
            self.scenario.sites.get(k)
        } else {
            self.works.extra_sites.get(k - n)
        }
    }

    /// How many sites there are (the scenario's and those begun since).
    pub fn site_count(&self) -> usize {
        self.scenario.sites.len() + self.works.extra_sites.len()
    }

    /// The obstacle (its index among the state's) a cut or a crossing at `p` goes through,
    /// and the place on its line.
    fn obstacle_at(&self, what: Make, p: Point) -> Result<(usize, f64), RuleError> {
        let (rule, fits, wanted): (&str, fn(FeatureKind) -> bool, &str) = match what {
            Make::Cut => (
                "13.2",
                |k| {
                    matches!(
                        k,
                        FeatureKind::Hedge | FeatureKind::LowWall | FeatureKind::Fence
                    )
                },
                "a road is cut through a hedge or wall",
            ),
            _ => (
                "7.4",
                FeatureKind::needs_crossing,
                "a crossing point is made over a very high wall or deep ditch",
            ),
        };
        let best = self
            .obstacles
            .iter()
            .enumerate()
            .filter(|(k, _)| fits(self.obstacle_kind(*k)))
            .map(|(k, o)| (k, o.line.nearest(p)))
            .filter(|(_, (_, d))| *d <= ON_THE_LINE)
            .min_by(|a, b| a.1 .1.total_cmp(&b.1 .1));
        let Some((k, (s, _))) = best else {
            return Err(RuleError::new(
                rule,
                format!(
                    "{wanted}: {:.1},{:.1} is on none (within {ON_THE_LINE}\")",
                    p.x, p.y
                ),
            ));
        };
        Ok((k, s))
    }

    /// 13.1, 13.2, 7.4 whether the activation's company may begin (or go on with) `what` at
    /// `a` (a pontoon: from `a` to `b`).
    pub(crate) fn check_make(
        &self,
        units: &[u8],
        what: Make,
        a: Point,
        b: Point,
    ) -> Result<(), RuleError> {
        let side = self.units[units[0] as usize].side;
        let name = match what {
            Make::Cut | Make::Crossing => {
                let (k, s) = self.obstacle_at(what, a)?;
                let label = self.scenario.features[self.obstacles[k].feature as usize].label();
                if what == Make::Cut && self.obstacles[k].line.gap_at(s).is_some() {
                    return Err(RuleError::new(
                        "13.2",
                        format!("{label} has a gap there already"),
                    ));
                }
                let feature = self.obstacles[k].feature;
                if what == Make::Crossing
                    && self
                        .works
                        .crossings
                        .iter()
                        .any(|&(f, s0, s1)| f == feature && (s0..=s1).contains(&s))
                {
                    return Err(RuleError::new(
                        "7.4",
                        format!("a crossing over {label} is made there already"),
                    ));
                }
                format!("the {} in {label}", what.word())
            }
            Make::Pontoon => {
                if !self.scenario.pontoons[side.index()] {
                    return Err(RuleError::new(
                        "13.2",
                        "a pontoon is built only if materials are at hand, and this side's tool wagon carries none",
                    ));
                }
                let len = a.dist(b);
                if !(1.0..=PONTOON_LONGEST).contains(&len) {
                    return Err(RuleError::new(
                        "13.2",
                        format!("a pontoon is 1 to {PONTOON_LONGEST}\" long, not {len:.1}\""),
                    ));
                }
                for end in [a, b] {
                    if self.ground_at(end, Mover::Formed).is_err() {
                        return Err(RuleError::new(
                            "13.2",
                            format!(
                                "a pontoon's ends stand on open banks, and {:.1},{:.1} is not",
                                end.x, end.y
                            ),
                        ));
                    }
                }
                if !self.water_between(a, b) {
                    return Err(RuleError::new(
                        "13.2",
                        "a pontoon is laid across a river or stream, and there is none between those places",
                    ));
                }
                "the pontoon".to_string()
            }
        };
        if let Some(k) = self.site_of(what, a, b) {
            return self.check_work(units, k);
        }
        self.check_workers(units, a, &name)
    }

    /// Whether the straight way from `a` to `b` crosses water closed to troops or a stream.
    fn water_between(&self, a: Point, b: Point) -> bool {
        let layout = &self.scenario.layout;
        let river = layout
            .crossings(a, b)
            .iter()
            .any(|c| layout.effect(c.kind).passage == Passage::Impassable);
        let seg = Segment::new(a, b);
        river
            || self
                .obstacles
                .iter()
                .enumerate()
                .any(|(k, o)| self.obstacle_kind(k) == FeatureKind::Stream && o.line.blocks(&seg))
    }

    /// The site already begun for `what` at `a` (a pontoon: to `b`), if any.
    fn site_of(&self, what: Make, a: Point, b: Point) -> Option<usize> {
        let n = self.scenario.sites.len();
        let at = match what {
            Make::Pontoon => a,
            _ => {
                let (k, s) = self.obstacle_at(what, a).ok()?;
                self.obstacles[k].line.at(s)
            }
        };
        self.works
            .extra_sites
            .iter()
            .position(|site| {
                site.at.dist(at) <= 0.5
                    && match (what, site.task) {
                        (Make::Cut, Task::Cut { .. }) => true,
                        (Make::Crossing, Task::Crossing { .. }) => true,
                        (Make::Pontoon, Task::Pontoon { to }) => to.dist(b) <= 0.5,
                        _ => false,
                    }
            })
            .map(|k| k + n)
    }

    /// 13.1 the activation's company begins (or goes on with) `what` at `a` (to `b`): a new
    /// site if none is begun there. A hidden company is seen at work (assumed: the work at a
    /// new place is in the open, and a new site must not tell where a hidden unit stands).
    pub(crate) fn make(&mut self, what: Make, a: Point, b: Point) {
        let Some(act) = self.act.as_ref() else { return };
        let u = act.units[0] as usize;
        let k = match self.site_of(what, a, b) {
            Some(k) => k,
            None => {
                let (task, at, over) = match what {
                    Make::Pontoon => {
                        let over = self
                            .scenario
                            .layout
                            .crossings(a, b)
                            .iter()
                            .find(|c| {
                                self.scenario.layout.effect(c.kind).passage == Passage::Impassable
                            })
                            .map(|c| {
                                self.scenario.layout.terrain()[c.terrain]
                                    .label()
                                    .to_string()
                            })
                            .unwrap_or_else(|| "the stream".into());
                        (Task::Pontoon { to: b }, a, over)
                    }
                    _ => {
                        let Ok((o, s)) = self.obstacle_at(what, a) else {
                            return;
                        };
                        let feature = self.obstacles[o].feature as usize;
                        let task = if what == Make::Cut {
                            Task::Cut { feature }
                        } else {
                            Task::Crossing { feature }
                        };
                        let label = self.scenario.features[feature].label();
                        (task, self.obstacles[o].line.at(s), label)
                    }
                };
                let number = 1 + self
                    .works
                    .extra_sites
                    .iter()
                    .filter(|s| std::mem::discriminant(&s.task) == std::mem::discriminant(&task))
                    .count();
                let joint = match what {
                    Make::Cut => "through",
                    _ => "over",
                };
                self.works.extra_sites.push(Site {
                    name: format!("{} {number} {joint} {over}", what.word()),
                    task,
                    at,
                    done: 0,
                    assumed: None,
                });
                self.sites.push(SiteState {
                    done: 0,
                    finished: false,
                    damage: 0,
                    destroyed: false,
                    unseen: Vec::new(),
                });
                self.site_count() - 1
            }
        };
        if self.units[u].hidden {
            self.reveal(u, "starts work in the open (7.7)");
        }
        self.work(k);
    }

    /// 13.2 whether the activation's company may repair the bridge of site `k`: a damaged
    /// bridge (one that took charges' points), not a destroyed one; 13.1 as for any work.
    pub(crate) fn check_repair(&self, units: &[u8], k: usize) -> Result<(), RuleError> {
        let Some(site) = self.site(k) else {
            return Err(RuleError::input("there is no such site"));
        };
        if !matches!(site.task, Task::Demolish { .. }) {
            return Err(RuleError::new(
                "13.2",
                format!(
                    "{} is no bridge: only a damaged bridge is repaired",
                    site.name
                ),
            ));
        }
        if self.sites[k].destroyed {
            return Err(RuleError::new(
                "13.2",
                format!(
                    "{} is destroyed: only a damaged bridge is repaired",
                    site.name
                ),
            ));
        }
        if self.sites[k].damage == 0 {
            return Err(RuleError::new(
                "13.2",
                format!("{} has no damage to repair", site.name),
            ));
        }
        self.check_workers(units, site.at, &site.name)
    }

    /// 13.2 the activation's company sets to repairing site `k`'s bridge this turn (in the
    /// open, as any work begun at a new task: see [`Skirmish::make`]).
    pub(crate) fn repair(&mut self, k: usize) {
        let Some(act) = self.act.as_ref() else { return };
        let u = act.units[0] as usize;
        if self.units[u].hidden {
            self.reveal(u, "starts work in the open (7.7)");
        }
        self.units[u].working = Some(k as u8);
        self.works.repairing.push(u as u8);
        let name = self.site(k).map(|s| s.name.clone()).unwrap_or_default();
        let who = self.id(u).to_string();
        self.log.public(|| format!("{who} repairs {name} (13.2)"));
        self.end_activation(Last::Stand, Done::Acted);
    }

    /// 13.2 a period of repair by unit `u` at site `k`: 1D6 points of the damage undone; a
    /// bridge brought back under the damage that harms it is whole again.
    pub(crate) fn repair_period(&mut self, u: usize, k: usize) {
        let Some(Site {
            name,
            task: Task::Demolish { material, .. },
            ..
        }) = self.site(k).cloned()
        else {
            return;
        };
        let who = self.id(u).to_string();
        self.dice.ask(1, 6, || {
            format!("{who} repairs {name}: 1 die, the points undone (13.2)")
        });
        let points = u32::from(self.dice.d6());
        let was = crate::engineering::bridge_thresholds(material).0 <= self.sites[k].damage;
        self.sites[k].damage = self.sites[k].damage.saturating_sub(points);
        let left = self.sites[k].damage;
        let whole = left < crate::engineering::bridge_thresholds(material).0;
        self.log.public(|| {
            format!(
                "{who} repairs {name} by {points}: {left} points of damage left{} (13.2)",
                if was && whole {
                    ", and it is whole again"
                } else if whole {
                    ""
                } else {
                    ", still damaged"
                }
            )
        });
    }

    /// 7.4 the crossing point of site `k` over `feature` is made.
    pub(crate) fn crossing_made(&mut self, k: usize, feature: usize) {
        let Some(site) = self.site(k).cloned() else {
            return;
        };
        self.sites[k].finished = true;
        if let Some(o) = self
            .obstacles
            .iter()
            .find(|o| o.feature as usize == feature)
        {
            let (s, _) = o.line.nearest(site.at);
            self.works
                .crossings
                .push((feature as u16, s - CROSSING_HALF, s + CROSSING_HALF));
        }
        let label = self.scenario.features[feature].label();
        self.log.public(|| {
            format!("a crossing point is made over {label}: columns may cross there (7.4)")
        });
    }

    /// 13.2 unit `u` lays an inch more of site `k`'s pontoon; once it spans, it is a bridge
    /// (and any stream it crosses is bridged there).
    pub(crate) fn pontoon_laid(&mut self, u: usize, k: usize, to: Point) {
        let Some(site) = self.site(k).cloned() else {
            return;
        };
        let len = site.at.dist(to);
        let needed = (len - 1e-9).ceil().max(1.0) as u32;
        let done = self.sites[k].done.min(needed);
        let name = site.name.clone();
        if done < needed {
            self.note(u, || {
                format!("{done} of {needed} inches of {name} are laid (13.2)")
            });
            return;
        }
        self.sites[k].finished = true;
        if let Some(d) = deck(site.at, to) {
            self.works.decks.push(d);
        }
        let seg = Segment::new(site.at, to);
        for o in 0..self.obstacles.len() {
            if self.obstacle_kind(o) != FeatureKind::Stream {
                continue;
            }
            let cuts: Vec<f64> = self.obstacles[o]
                .line
                .crossings(&seg)
                .iter()
                .map(|c| c.s)
                .collect();
            for s in cuts {
                self.obstacles[o]
                    .line
                    .add_gap(s - PONTOON_WIDTH / 2.0, s + PONTOON_WIDTH / 2.0);
            }
        }
        self.log
            .public(|| format!("{name} spans: it is a bridge (13.2)"));
    }

    /// 13.2 whether `p` is on a pontoon that spans.
    pub(crate) fn on_deck(&self, p: Point) -> bool {
        self.works
            .decks
            .iter()
            .any(|d| d.locate(p) != Location::Outside)
    }

    /// 7.4 whether `seg` crosses obstacle `k` (a very high wall or deep ditch) only at
    /// crossing points made on it.
    pub(crate) fn at_crossing(&self, k: usize, seg: &Segment) -> bool {
        let feature = self.obstacles[k].feature;
        let spans: Vec<(f64, f64)> = self
            .works
            .crossings
            .iter()
            .filter(|c| c.0 == feature)
            .map(|c| (c.1, c.2))
            .collect();
        !spans.is_empty()
            && self.obstacles[k]
                .line
                .crossings(seg)
                .iter()
                .filter(|c| c.gap.is_none())
                .all(|c| spans.iter().any(|&(s0, s1)| (s0..=s1).contains(&c.s)))
    }

    /// 13.2, 7.4 the work orders to list for the activation's company: the road cut or the
    /// crossing point at the nearest place of each obstacle within its reach, a pontoon
    /// straight across the nearest water within reach, the repair of each bridge (the menu
    /// keeps those the rules accept; any other place may be typed).
    pub(crate) fn work_tries(&self, units: &[u8], out: &mut Vec<Action>) {
        let u = units[0] as usize;
        if units.len() > 1
            || !matches!(
                self.units[u].troop,
                crate::troops::Troop::Regular
                    | crate::troops::Troop::Light
                    | crate::troops::Troop::Militia
            )
        {
            return;
        }
        let side = self.units[u].side;
        // 13.1 no engineer officer of the side, no work (a quick test before the places)
        if !(0..self.figures.len()).any(|f| {
            self.figures[f].role == crate::troops::Role::Engineer
                && self.units[self.figures[f].unit as usize].side == side
                && self.on_table(f)
        }) {
            return;
        }
        for k in 0..self.site_count() {
            out.push(Action::Repair { site: k as u8 });
        }
        for (k, o) in self.obstacles.iter().enumerate() {
            let kind = self.obstacle_kind(k);
            let what = if kind.needs_crossing() {
                Make::Crossing
            } else if matches!(
                kind,
                FeatureKind::Hedge | FeatureKind::LowWall | FeatureKind::Fence
            ) {
                Make::Cut
            } else {
                continue;
            };
            // the place on the line nearest the company's nearest figure
            let Some((s, d)) = self
                .table_figures(u)
                .map(|f| o.line.nearest(self.figures[f].pose.at))
                .min_by(|a, b| a.1.total_cmp(&b.1))
            else {
                continue;
            };
            if d > 6.0 + ON_THE_LINE {
                continue;
            }
            let p = o.line.at(s);
            out.push(Action::Make {
                what,
                x: tenths(p.x),
                y: tenths(p.y),
                x2: 0,
                y2: 0,
            });
        }
        if self.scenario.pontoons[side.index()] {
            let layout = &self.scenario.layout;
            for t in layout.terrain() {
                if layout.effect(t.kind).passage != Passage::Impassable {
                    continue;
                }
                // straight across from the company's figure nearest the water
                let Some((c, d)) = self
                    .table_figures(u)
                    .map(|f| {
                        let at = self.figures[f].pose.at;
                        (at, t.polygon.distance_to_point(at))
                    })
                    .min_by(|a, b| a.1.total_cmp(&b.1))
                else {
                    continue;
                };
                if d > 6.0 {
                    continue;
                }
                let q = t.polygon.nearest_point(c);
                let v = q - c;
                if v.len() <= 1e-9 {
                    continue;
                }
                let dir = v * (1.0 / v.len());
                let a = q - dir * 0.5;
                let far = (1..=2 * PONTOON_LONGEST as usize)
                    .map(|k| q + dir * (0.5 * k as f64))
                    .find(|&p| self.ground_at(p, Mover::Formed).is_ok());
                if let Some(b) = far.map(|b| b + dir * 0.5) {
                    out.push(Action::Make {
                        what: Make::Pontoon,
                        x: tenths(a.x),
                        y: tenths(a.y),
                        x2: tenths(b.x),
                        y2: tenths(b.y),
                    });
                }
            }
        }
    }

    /// 13.2, 7.4 the works the table allows beyond the scenario's sites, for the status: a
    /// road cut through each hedge or wall, a crossing over each very high wall or deep ditch,
    /// a pontoon over the water for a side with the materials; none where no side has an
    /// engineer officer.
    pub(crate) fn works_open(&self) -> Vec<String> {
        let engineers: Vec<crate::scenario::Side> = (0..self.figures.len())
            .filter(|&f| self.figures[f].role == crate::troops::Role::Engineer)
            .map(|f| self.units[self.figures[f].unit as usize].side)
            .collect();
        if engineers.is_empty() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for k in 0..self.obstacles.len() {
            let kind = self.obstacle_kind(k);
            let label = self.scenario.features[self.obstacles[k].feature as usize].label();
            if kind.needs_crossing() {
                out.push(format!(
                    "a crossing over {label} (work crossing at X,Y; 7.4)"
                ));
            } else if matches!(
                kind,
                FeatureKind::Hedge | FeatureKind::LowWall | FeatureKind::Fence
            ) {
                out.push(format!(
                    "a road cut through {label} (work cut at X,Y; 13.2)"
                ));
            }
        }
        let layout = &self.scenario.layout;
        for side in crate::scenario::Side::BOTH {
            if !self.scenario.pontoons[side.index()] || !engineers.contains(&side) {
                continue;
            }
            for t in layout.terrain() {
                if layout.effect(t.kind).passage == Passage::Impassable {
                    out.push(format!(
                        "a pontoon over {} for the {} (work pontoon at X,Y to X,Y; 13.2)",
                        t.label(),
                        side.id()
                    ));
                }
            }
        }
        for k in 0..self.site_count() {
            if let Some(site) = self.site(k) {
                if matches!(site.task, Task::Demolish { .. })
                    && self.sites[k].damage > 0
                    && !self.sites[k].destroyed
                {
                    out.push(format!(
                        "the repair of {} (repair {}; 13.2)",
                        site.name,
                        self.site_id(k)
                    ));
                }
            }
        }
        out
    }
}
