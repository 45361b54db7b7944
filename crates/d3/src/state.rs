//! The state of a battle: every unit's place, hits and markers, whose turn and phase it is,
//! the armies' resolve, the dice and the log.

use crate::army::{self, eliminated, pinned};
use crate::scenario::{Army, Scenario, MAX_UNITS};
use crate::units::{units, Type};
use fiw_engine::{Dice, Log, Outcome, RuleError};
use fiw_table::{Kind, Pose, Rect};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Set-up choices: a built-in scenario by name, or a scenario file's text (which goes through
/// the same checks).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// The built-in scenario (`fort-oswego`, `meeting`), or the name given to `text`.
    pub scenario: String,
    /// A scenario file's text, when not a built-in one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            scenario: "fort-oswego".into(),
            text: None,
        }
    }
}

/// The phases of an army's turn (Sequence of play); elimination and army resolve close the
/// turn when the charges phase is passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// 1. Movement.
    Movement,
    /// 2. Shooting.
    Shooting,
    /// 3. Charges.
    Charges,
}

impl Phase {
    /// The word in messages.
    pub fn word(self) -> &'static str {
        match self {
            Phase::Movement => "movement",
            Phase::Shooting => "shooting",
            Phase::Charges => "charges",
        }
    }
}

/// One unit on the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    /// Its army.
    pub army: Army,
    /// Its type.
    pub kind: Type,
    /// Where it stands.
    pub pose: Pose,
    /// Hits taken.
    pub hits: u8,
    /// Removed from the table.
    pub eliminated: bool,
    /// It moved (or pivoted, or formed square) this turn, so it may not shoot.
    pub moved: bool,
    /// It shot this turn.
    pub shot: bool,
    /// The shooting marker: the enemy it shot at, which holds it in combat until removed.
    pub engaged_with: Option<u8>,
    /// Formed in square.
    pub square: bool,
    /// The charge this cavalry made into contact this turn, fought in the charges phase.
    #[serde(default)]
    pub charging: Option<Charge>,
}

/// A charge made in the movement phase, to be fought in the charges phase (Charges).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Charge {
    /// The enemy charged.
    pub target: u8,
    /// Whether the cavalry came into contact on the target's flank or rear, judged where they
    /// made contact (the hits are doubled).
    pub flank: bool,
}

/// A decision inside the shooting phase: the cavalry or skirmish unit `target` was shot at by
/// `shooter` for `hits` hits, and its army chooses whether it retires (Shooting).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    /// The unit that shot.
    pub shooter: u8,
    /// The unit shot at.
    pub target: u8,
    /// The hits rolled (at least 1).
    pub hits: u8,
}

/// A battle of D3 Horse & Musket.
#[derive(Clone, Debug, Serialize)]
pub struct D3 {
    pub(crate) options: Options,
    #[serde(skip)]
    pub(crate) scenario: Arc<Scenario>,
    #[serde(skip)]
    pub(crate) ids: Arc<Vec<String>>,
    /// How each unit's row of the board begins (its name and type, padded), which never
    /// changes: written once rather than at every decision.
    #[serde(skip)]
    pub(crate) rows: Arc<Vec<String>>,
    pub(crate) units: Vec<Unit>,
    pub(crate) active: Army,
    pub(crate) phase: Phase,
    pub(crate) round: u32,
    pub(crate) resolve: [u32; 2],
    /// Whether each army's commander has given move orders this turn (a unit moved beyond its
    /// own allowance), which holds the commander still.
    pub(crate) orders_given: [bool; 2],
    /// A target's choice to retire, when one is due.
    pub(crate) pending: Option<Pending>,
    pub(crate) start_resolve: [u32; 2],
    /// Whether a unit of the army that moves first has stood in the scenario's objective (the
    /// fort it came to take), for the simulation's report.
    #[serde(default)]
    pub(crate) entered: bool,
    pub(crate) dice: Dice,
    /// The readable log: not part of the state a digest proves (a game played with the log
    /// on and replayed with it off is the same game).
    #[serde(skip)]
    pub(crate) log: History,
    pub(crate) outcome: Option<Outcome>,
    /// Every unit's base as it stands (kept with the poses, so that the many questions of a
    /// phase do not each turn a footprint into a rectangle again).
    #[serde(skip)]
    pub(crate) bases: Vec<Rect>,
    /// Whether each unit is in cover where it stands (kept with the poses: cover is asked of
    /// every unit at every decision).
    #[serde(skip)]
    pub(crate) cover: Vec<bool>,
    /// The candidate moves of each unit in the movement phase, worked out once and again only
    /// when a move could have changed them ([`crate::candidates`]).
    #[serde(skip)]
    pub(crate) moves: crate::candidates::MoveCache,
}

/// The log, shared by a game and its copies until one of them writes to it: the secrecy audit
/// copies the state at every decision, and copying every line of a long battle each time was
/// a twentieth of its time.
#[derive(Clone, Debug, Default)]
pub(crate) struct History(Arc<Log>);

impl History {
    /// A log that records (`on`) or ignores everything.
    pub(crate) fn new(on: bool) -> Self {
        History(Arc::new(Log::new(on)))
    }

    /// Records a line for everyone (the line is written only when the log is on).
    pub(crate) fn public(&mut self, text: impl FnOnce() -> String) {
        if self.0.is_on() {
            Arc::make_mut(&mut self.0).public(text);
        }
    }

    /// Turns recording on or off.
    pub(crate) fn set_on(&mut self, on: bool) {
        if self.0.is_on() != on {
            Arc::make_mut(&mut self.0).set_on(on);
        }
    }
}

impl std::ops::Deref for History {
    type Target = Log;

    fn deref(&self) -> &Log {
        &self.0
    }
}

impl D3 {
    /// A battle of a checked scenario, with seeded dice.
    ///
    /// # Errors
    /// A scenario file that fails its checks or holds more than [`MAX_UNITS`] units.
    pub fn from_scenario(options: Options, scenario: Scenario, seed: u64) -> Result<D3, RuleError> {
        D3::from_shared(options, Arc::new(scenario), seed)
    }

    /// [`D3::from_scenario`] with a scenario already shared (a built-in one, read once).
    ///
    /// # Errors
    /// As [`D3::from_scenario`].
    pub fn from_shared(
        options: Options,
        scenario: Arc<Scenario>,
        seed: u64,
    ) -> Result<D3, RuleError> {
        D3::from_shared_with_dice(options, scenario, Dice::new(seed))
    }

    /// [`D3::from_shared`] rolling `dice` (manual dice, for a battle on a real table).
    ///
    /// # Errors
    /// As [`D3::from_scenario`].
    pub fn from_shared_with_dice(
        options: Options,
        scenario: Arc<Scenario>,
        dice: Dice,
    ) -> Result<D3, RuleError> {
        let mut units_out = Vec::new();
        let mut ids = Vec::new();
        for army in Army::BOTH {
            for p in &scenario.armies[army.seat()].units {
                ids.push(p.id.clone());
                units_out.push(Unit {
                    army,
                    kind: p.kind,
                    pose: p.pose,
                    hits: 0,
                    eliminated: false,
                    moved: false,
                    shot: false,
                    engaged_with: None,
                    square: false,
                    charging: None,
                });
            }
        }
        if units_out.len() > MAX_UNITS {
            return Err(RuleError::new(
                "scenario",
                format!(
                    "{} units on the table; fiw plays at most {MAX_UNITS}",
                    units_out.len()
                ),
            ));
        }
        let start = |a: Army| {
            let types: Vec<Type> = scenario.armies[a.seat()]
                .units
                .iter()
                .map(|u| u.kind)
                .collect();
            army::starting_resolve(&types)
        };
        let start_resolve = [start(Army::British), start(Army::French)];
        let rows = ids
            .iter()
            .zip(&units_out)
            .map(|(id, u)| format!("  {id:<12} {:<12} at ", u.kind.word()))
            .collect();
        let mut g = D3 {
            options,
            active: scenario.first,
            scenario,
            ids: Arc::new(ids),
            rows: Arc::new(rows),
            units: units_out,
            phase: Phase::Movement,
            round: 1,
            resolve: start_resolve,
            orders_given: [false; 2],
            pending: None,
            start_resolve,
            entered: false,
            dice,
            log: History::new(true),
            outcome: None,
            bases: Vec::new(),
            cover: Vec::new(),
            moves: Default::default(),
        };
        g.bases = (0..g.units.len())
            .map(|i| {
                units()
                    .get(g.units[i].kind)
                    .footprint
                    .place(g.units[i].pose)
            })
            .collect();
        g.cover = (0..g.units.len())
            .map(|i| g.in_cover_at(g.units[i].kind, &g.bases[i]))
            .collect();
        g.refresh_moves();
        let (name, first) = (g.scenario.name.clone(), g.active.name());
        g.log.public(|| format!("{name}: the {first} move first"));
        Ok(g)
    }

    /// The same battle with unit `id` carrying `hits`: a position part-way through a battle,
    /// for worked examples and tests.
    ///
    /// # Errors
    /// No unit of that name.
    pub fn with_hits(mut self, id: &str, hits: u8) -> Result<D3, RuleError> {
        let i = self
            .unit_named(id)
            .ok_or_else(|| RuleError::input(format!("no unit is called '{id}'")))?;
        self.units[i].hits = hits;
        self.moves.stale_all();
        self.refresh_moves();
        Ok(self)
    }

    /// The scenario being played.
    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// Every unit, British first, in the order of the scenario file.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// The name of unit `i` on the table.
    pub fn id(&self, i: usize) -> &str {
        self.ids.get(i).map(String::as_str).unwrap_or("?")
    }

    /// The unit named `id`.
    pub fn unit_named(&self, id: &str) -> Option<usize> {
        self.ids.iter().position(|u| u == id)
    }

    /// The choice to retire from fire that is due, if one is.
    pub fn pending(&self) -> Option<Pending> {
        self.pending
    }

    /// The army whose turn it is.
    pub fn active(&self) -> Army {
        self.active
    }

    /// The phase of its turn.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The round (each army has one turn a round).
    pub fn round(&self) -> u32 {
        self.round
    }

    /// An army's resolve left.
    pub fn resolve(&self, army: Army) -> u32 {
        self.resolve[army.seat()]
    }

    /// An army's resolve at the start.
    pub fn start_resolve(&self, army: Army) -> u32 {
        self.start_resolve[army.seat()]
    }

    /// The dice, for tests that force results.
    pub fn dice_mut(&mut self) -> &mut Dice {
        &mut self.dice
    }

    /// The base of unit `i` as it stands.
    pub fn rect(&self, i: usize) -> Rect {
        self.bases[i]
    }

    /// The base of unit `i`, borrowed.
    pub(crate) fn base(&self, i: usize) -> &Rect {
        &self.bases[i]
    }

    /// Puts unit `i` at `pose`, its base with it.
    pub(crate) fn set_pose(&mut self, i: usize, pose: Pose) {
        self.units[i].pose = pose;
        self.bases[i] = units().get(self.units[i].kind).footprint.place(pose);
        self.cover[i] = self.in_cover_at(self.units[i].kind, &self.bases[i]);
        if !self.entered && self.units[i].army == self.scenario.first && self.in_objective(i) {
            self.entered = true;
            let (id, name) = (self.id(i).to_string(), self.objective_name());
            self.log.public(|| format!("{id} enters {name}"));
        }
    }

    /// Whether unit `i` stands in the scenario's objective (its centre inside, as for cover).
    pub fn in_objective(&self, i: usize) -> bool {
        let layout = &self.scenario.layout;
        self.scenario
            .objective
            .and_then(|k| layout.terrain().get(k))
            .is_some_and(|t| !self.units[i].eliminated && stands_in(t, &self.bases[i]))
    }

    /// The objective's name (empty when the scenario has none).
    fn objective_name(&self) -> String {
        self.scenario
            .objective
            .and_then(|k| self.scenario.layout.terrain().get(k))
            .map(|t| t.label().to_string())
            .unwrap_or_default()
    }

    /// Whether a unit of the army that moves first has stood in the scenario's objective.
    pub fn objective_entered(&self) -> bool {
        self.entered
    }

    /// Eliminating Units: whether a base of `kind` at `rect` is in cover: its centre in woods
    /// or a town (which cover whoever is in them) or an entrenchment (which covers infantry,
    /// skirmishers and artillery). One reading for every rule that asks: cavalry may not
    /// charge it, it lasts to 12 hits, is held in place from 6.
    pub fn in_cover_at(&self, kind: Type, rect: &Rect) -> bool {
        let layout = &self.scenario.layout;
        layout.terrain().iter().any(|t| {
            layout.effect(t.kind).cover
                && (t.kind != Kind::Entrenchment || kind.covered_by_entrenchment())
                && stands_in(t, rect)
        })
    }

    /// Whether a base stands in terrain of `kind` for the rules that give it something there
    /// (an entrenchment's best of 2D3, a town's all-round fire, a hill against a charge): the
    /// reading of [`stands_in`], as for cover.
    pub fn stands_in_kind(&self, kind: Kind, rect: &Rect) -> bool {
        self.scenario
            .layout
            .terrain()
            .iter()
            .any(|t| t.kind == kind && stands_in(t, rect))
    }

    /// Whether unit `i` is in cover where it stands.
    pub fn in_cover(&self, i: usize) -> bool {
        self.cover[i]
    }

    /// Whether unit `i` is held in place by its hits in cover (Eliminating Units).
    pub fn pinned(&self, i: usize) -> bool {
        pinned(self.units[i].hits, self.in_cover(i))
    }

    /// The living enemy units that can engage (every type but the commander: commanders
    /// cannot be engaged in combat, Army Commander), within `limit` inches of `rect`.
    pub(crate) fn enemies_near<'a>(
        &'a self,
        army: Army,
        rect: &'a Rect,
        limit: f64,
    ) -> impl Iterator<Item = usize> + 'a {
        let centre = rect.centre();
        let reach =
            limit + rect.footprint().frontage().hypot(rect.footprint().depth()) / 2.0 + 1e-3;
        (0..self.units.len()).filter(move |j| {
            let v = &self.units[*j];
            v.army != army
                && !v.eliminated
                && v.kind != Type::Commander
                && centre.dist(v.pose.at) <= reach + units().radius(v.kind)
                && rect.is_within(&self.bases[*j], limit)
        })
    }

    /// Disengaging: whether unit `i` is engaged in combat: an enemy within 6", or its shooting
    /// marker on an enemy still on the table.
    pub fn engaged(&self, i: usize) -> bool {
        match self.moves.engaged(i) {
            Some(e) => e,
            None => self.engaged_afresh(i),
        }
    }

    /// The terrain unit `i` may never leave (the scenario's `stays`), if any: units are
    /// numbered British first, then French, in the scenario's order.
    pub(crate) fn stays_in(&self, i: usize) -> Option<usize> {
        let british = &self.scenario.armies[Army::British.seat()].units;
        let p = match i.checked_sub(british.len()) {
            None => british.get(i),
            Some(k) => self.scenario.armies[Army::French.seat()].units.get(k),
        };
        p.and_then(|p| p.stays_in)
    }

    /// [`D3::engaged`] worked out from the table, not from what is kept: for keeping it, and
    /// for the tests that hold the kept answer to it.
    #[doc(hidden)]
    pub fn engaged_afresh(&self, i: usize) -> bool {
        let u = &self.units[i];
        if u.kind == Type::Commander {
            return false;
        }
        let marked = u
            .engaged_with
            .is_some_and(|t| self.units.get(t as usize).is_some_and(|v| !v.eliminated));
        marked
            || self
                .enemies_near(u.army, self.base(i), 6.0)
                .next()
                .is_some()
    }

    /// Takes unit `i` off the table, `why` in the log, and its loss off its army's resolve.
    pub(crate) fn remove(&mut self, i: usize, why: &str) {
        let (army, kind) = (self.units[i].army, self.units[i].kind);
        self.units[i].eliminated = true;
        self.units[i].charging = None;
        let s = army.seat();
        self.resolve[s] = self.resolve[s].saturating_sub(kind.resolve_loss());
        for u in &mut self.units {
            if u.engaged_with == Some(i as u8) {
                u.engaged_with = None;
            }
            if u.charging.is_some_and(|c| c.target == i as u8) {
                u.charging = None;
            }
        }
        let (id, left) = (self.id(i).to_string(), self.resolve[s]);
        self.log
            .public(|| format!("{id} is eliminated {why}; {} resolve {left}", army.name()));
    }

    /// Elimination and Army Resolve: removes every unit past its limit of hits, takes its
    /// loss off its army's resolve, and ends the battle when an army's resolve is gone.
    pub(crate) fn eliminate(&mut self) {
        for i in 0..self.units.len() {
            if self.units[i].eliminated || !eliminated(self.units[i].hits, self.in_cover(i)) {
                continue;
            }
            let hits = self.units[i].hits;
            self.remove(i, &format!("with {}", crate::words::hits(hits)));
        }
        for army in [self.active.other(), self.active] {
            if self.resolve[army.seat()] == 0 && self.outcome.is_none() {
                self.outcome = Some(Outcome {
                    winner: Some(army.other().seat()),
                    turn: self.round,
                    reason: format!(
                        "the {} army's resolve is gone and it retires from the field",
                        army.id()
                    ),
                });
            }
        }
    }
}

/// Whether a base stands in a piece of terrain for what the terrain gives it (cover, an
/// entrenchment's dice, a town's all-round fire, a hill): the centre of the base inside the
/// terrain or on its edge. A sliver of base over the edge is not enough: the text's "in
/// cover" is a unit in the wood or behind the works, and a hundredth of an inch of base in
/// them gave 12 hits, immunity to charges and the best of two dice.
pub fn stands_in(t: &fiw_table::Terrain, rect: &Rect) -> bool {
    t.polygon.locate(rect.centre()) != fiw_table::Location::Outside
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Fort Oswego as set up, seed 1.
    pub(crate) fn oswego() -> D3 {
        let s = Scenario::named("fort-oswego").unwrap();
        D3::from_scenario(Options::default(), s, 1).unwrap()
    }

    #[test]
    fn fort_oswego_starts_with_the_french_to_move_and_full_resolve() {
        let g = oswego();
        assert_eq!(
            (g.active(), g.phase(), g.round()),
            (Army::French, Phase::Movement, 1)
        );
        // British: 13 units and the general, 7 + 1; French: 14 units and the general, 7 + 1
        assert_eq!((g.resolve(Army::British), g.resolve(Army::French)), (8, 8));
        assert!(g.units().iter().all(|u| u.hits == 0 && !u.eliminated));
        let art = g.unit_named("br-art").unwrap();
        assert!(g.in_cover(art), "the fort's gun is in cover");
        let gren = g.unit_named("br-reg-1a").unwrap();
        assert!(g.in_cover(gren), "the west earthwork covers its infantry");
        assert!(!g.in_cover(g.unit_named("fr-reg-1a").unwrap()));
    }
}
