//! 2.1 the sequence of play: cards drawn one at a time, each letting its colour's side act
//! with one battalion or company; a battalion in close order with its colonel acts whole;
//! when no unit is left to act, the charges in contact are fought and the turn ends (the
//! reading's §0.4 and its upkeep order).
//!
//! Before the first turn each side deploys its hidden units (7.7), in secret.

use crate::deck::{card_name, colour};
use crate::formation::Formation;
use crate::scenario::Side;
use crate::state::{Activation, Actor, Done, Last, Out, Phase, Raid, Skirmish, Stage, Status};
use crate::troops::Role;

impl Skirmish {
    /// 7.7 the hidden units of `side` not yet deployed, in order.
    pub(crate) fn to_deploy(&self, side: Side) -> Vec<usize> {
        (0..self.units.len())
            .filter(|&u| {
                let unit = &self.units[u];
                unit.side == side
                    && unit.in_play()
                    && unit.hidden
                    && !self.deployed.contains(&(u as u8))
            })
            .collect()
    }

    /// Starts the deployment of hidden units, side by side, or the first turn if there are
    /// none.
    pub(crate) fn begin_deployment(&mut self) {
        for side in Side::BOTH {
            if !self.to_deploy(side).is_empty() {
                self.phase = Phase::Deploy(side);
                let name = side.name();
                self.log
                    .public(|| format!("the {name} deploy their hidden units (7.7)"));
                return;
            }
        }
        self.start_turn();
    }

    /// 2.1 a new turn: every card back in the deck and shuffled, every unit ready to act.
    pub(crate) fn start_turn(&mut self) {
        let top = self.options.deck.clone();
        self.deck.shuffle(&mut self.dice, &top);
        for u in &mut self.units {
            u.done = Done::No;
            u.charged = false;
            u.reserved = None;
            u.melee_losses = 0;
            u.in_charge = false;
            u.working = None;
        }
        self.melees.clear();
        self.next_card();
    }

    /// The units and battalions `side` may activate now (2.1): battalions acting whole in
    /// place of their companies.
    pub fn eligible(&self, side: Side) -> Vec<Actor> {
        let mut out = Vec::new();
        let whole: Vec<bool> = (0..self.battalions.len())
            .map(|b| self.battalions[b].side == side && self.battalion_whole(b))
            .collect();
        for (b, w) in whole.iter().enumerate() {
            if *w
                && self.battalions[b]
                    .companies
                    .iter()
                    .all(|&c| self.may_act(c as usize))
            {
                out.push(Actor::Battalion(b as u8));
            }
        }
        for u in 0..self.units.len() {
            let unit = &self.units[u];
            if unit.side != side || !self.may_act(u) {
                continue;
            }
            if let Some(b) = unit.battalion {
                if whole[b as usize] {
                    continue;
                }
            }
            out.push(Actor::Unit(u as u8));
        }
        out
    }

    /// Whether unit `u` may take a card now: in play, not yet acted, passed or charged this
    /// turn, and (waiting off the table or bound to its ground) alerted if it must be.
    pub(crate) fn may_act(&self, u: usize) -> bool {
        let unit = &self.units[u];
        if !unit.in_play() || unit.done != Done::No || unit.charged {
            return false;
        }
        if self.present_count(u) == 0 {
            return false;
        }
        // off the table, waiting for the alarm (scenario 2's garrison)
        if !unit.alerted && !self.on_the_table(u) {
            return false;
        }
        true
    }

    /// 2.1 whether battalion `b` acts as one unit: every company still in play in close order
    /// (lines with one facing, or columns), the companies one block (each within 1" of
    /// another), the colonel with it.
    pub fn battalion_whole(&self, b: usize) -> bool {
        let bat = &self.battalions[b];
        // the colonel with one of its companies (not riding off alone, 1.2)
        if self
            .colonel(b)
            .is_none_or(|f| !bat.companies.contains(&self.figures[f].unit))
        {
            return false;
        }
        let live: Vec<usize> = bat
            .companies
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| self.units[c].in_play() && self.present_count(c) > 0)
            .collect();
        if live.len() < 2 {
            return false;
        }
        let form = self.units[live[0]].formation;
        let facing = self.units[live[0]].anchor.facing;
        for &c in &live {
            let f = self.units[c].formation;
            match (form, f) {
                (Formation::Line { .. }, Formation::Line { .. }) => {
                    if fiw_table::turn(facing, self.units[c].anchor.facing).abs() > 1.0 {
                        return false;
                    }
                }
                (Formation::Column { .. }, Formation::Column { .. }) => {}
                _ => return false,
            }
        }
        // one block: every company within 1" (edge to edge) of another, all linked
        let figs: Vec<Vec<usize>> = live
            .iter()
            .map(|&c| self.present_figures(c).collect())
            .collect();
        let boxes: Vec<crate::sight::Bbox> = figs
            .iter()
            .map(|fs| {
                let mut b = crate::sight::Bbox::empty();
                for &f in fs {
                    b.add(self.figures[f].pose.at, 1.5);
                }
                b
            })
            .collect();
        let near = |i: usize, j: usize| -> bool {
            boxes[i].meets(&boxes[j])
                && figs[i].iter().any(|&x| {
                    figs[j].iter().any(|&y| {
                        self.figures[x].pose.at.dist(self.figures[y].pose.at) < 3.0
                            && self.bases[x].is_within(&self.bases[y], 1.0)
                    })
                })
        };
        let mut reached = vec![false; live.len()];
        reached[0] = true;
        let mut stack = vec![0];
        while let Some(i) = stack.pop() {
            for (j, r) in reached.iter_mut().enumerate() {
                if !*r && near(i, j) {
                    *r = true;
                    stack.push(j);
                }
            }
        }
        reached.iter().all(|r| *r)
    }

    /// The units an actor moves.
    pub(crate) fn actor_units(&self, actor: Actor) -> Vec<u8> {
        match actor {
            Actor::Unit(u) => vec![u],
            Actor::Battalion(b) => self.battalions[b as usize]
                .companies
                .iter()
                .copied()
                .filter(|&c| self.units[c as usize].in_play() && self.present_count(c as usize) > 0)
                .collect(),
        }
    }

    /// The name of an actor.
    pub(crate) fn actor_id(&self, actor: Actor) -> String {
        match actor {
            Actor::Unit(u) => self.id(u as usize).to_string(),
            Actor::Battalion(b) => self.id(self.units.len() + b as usize).to_string(),
        }
    }

    /// The actor an `Activate` number names: units first, then battalions.
    pub(crate) fn actor_of(&self, n: u8) -> Option<Actor> {
        let n = n as usize;
        if n < self.units.len() {
            Some(Actor::Unit(n as u8))
        } else if n - self.units.len() < self.battalions.len() {
            Some(Actor::Battalion((n - self.units.len()) as u8))
        } else {
            None
        }
    }

    /// The number an `Activate` order gives an actor.
    pub(crate) fn actor_number(&self, actor: Actor) -> u8 {
        match actor {
            Actor::Unit(u) => u,
            Actor::Battalion(b) => (self.units.len() + b as usize) as u8,
        }
    }

    /// 2.1 the next card: drawn when both sides have units to act, its colour's side to choose;
    /// when only one side has, it acts without cards (the reading: the same result, fewer
    /// draws); when neither has, the turn ends.
    pub(crate) fn next_card(&mut self) {
        if self.outcome.is_some() {
            self.phase = Phase::Over;
            return;
        }
        let ready = [
            !self.eligible(Side::British).is_empty(),
            !self.eligible(Side::French).is_empty(),
        ];
        self.commands_left = 0;
        match ready {
            [false, false] => self.end_turn(),
            [true, false] | [false, true] => {
                let side = if ready[0] {
                    Side::British
                } else {
                    Side::French
                };
                self.phase = Phase::Choose(side);
            }
            [true, true] => {
                let turn = self.turn;
                let card = self.deck.draw(&mut self.dice, &format!("turn {turn}"));
                let side = colour(card);
                let (name, who) = (card_name(card), side.name());
                self.log.public(|| format!("{name}: the {who} act"));
                self.phase = Phase::Choose(side);
                self.commanders_on_card();
            }
        }
    }

    /// Begins the activation of `actor` (checked).
    pub(crate) fn activate(&mut self, actor: Actor) {
        let units = self.actor_units(actor);
        let side = self.units[units[0] as usize].side;
        let must_rally = units.iter().any(|&u| {
            let unit = &self.units[u as usize];
            unit.needs_rally || unit.shattered
        });
        // 4.1 a messenger is judged by the way to the unit he carries word to
        let start_distance = match self.messenger_goal(units[0] as usize) {
            Some(goal) => self.messenger_distance(units[0] as usize, goal, None),
            None => self.known_enemy_distance(&units),
        };
        self.act = Some(Activation {
            side,
            actor,
            units: units.clone(),
            stage: Stage::Begin,
            spotted: false,
            called: false,
            roll: 0,
            modifier: 0,
            bold: Vec::new(),
            control: None,
            intent: None,
            allowance: 0.0,
            figs: Vec::new(),
            spent: Vec::new(),
            moved: false,
            crossed: false,
            formed: false,
            start_distance,
            must_rally,
            limbered_now: false,
            sent: false,
            form_spent: 0.0,
        });
        self.phase = Phase::Act;
        let id = self.actor_id(actor);
        let hidden = units.iter().all(|&u| self.units[u as usize].hidden);
        let who = side.name();
        if hidden {
            self.log
                .private(side.seat(), || format!("{id} acts (hidden)"));
            self.log
                .public(|| format!("the {who} act with a hidden unit"));
        } else {
            self.log.public(|| format!("{id} acts"));
        }
        // 4.1 a messenger who has come within reach of his unit gives his word now
        self.deliver_messages();
        if self.act.is_none() {
            return;
        }
        // compulsory activations that need no decision
        let u0 = units[0] as usize;
        match self.units[u0].raid {
            Raid::Looting => {
                // S2: the band spends this activation looting
                self.units[u0].raid = Raid::Leaving;
                self.log.public(|| format!("{id} loots and takes scalps"));
                self.end_activation(Last::Stand, Done::Acted);
            }
            Raid::Leaving => {
                self.leave_for_edge(u0);
                if self.act.is_some() {
                    self.end_activation(Last::Retreat, Done::Acted);
                }
            }
            _ => {
                // 12.2 a surrounded unit with a way out must take it (no test)
                if self.units[u0].surrounded && !must_rally && !self.is_surrounded(u0) {
                    self.units[u0].surrounded = false;
                    let away = self.nearest_known_enemy_point(&units);
                    for &u in &units {
                        let budget =
                            self.roll_allowance(u as usize, "retire now a way is open (12.2)");
                        self.retreat(u as usize, budget, away, false);
                    }
                    self.log
                        .public(|| format!("{id} retires now a way is open (12.2)"));
                    self.end_activation(Last::Retreat, Done::Acted);
                }
            }
        }
    }

    /// Ends the activation under way: the unit's last action is `last` (3.2), its turn used
    /// (`done`); a hidden unit that ended its move in sight is revealed (7.7); then the next
    /// card.
    pub(crate) fn end_activation(&mut self, last: Last, done: Done) {
        let Some(act) = self.act.take() else {
            self.next_card();
            return;
        };
        for &u in &act.units {
            let unit = &mut self.units[u as usize];
            unit.last = last;
            if unit.done == Done::No {
                unit.done = done;
            }
        }
        if act.moved {
            for &u in &act.units {
                if self.units[u as usize].hidden {
                    self.units[u as usize].hidden_moves =
                        self.units[u as usize].hidden_moves.saturating_add(1);
                    self.reveal_if_seen(u as usize);
                }
            }
        }
        self.check_victory();
        self.phase = Phase::Choose(act.side);
        // 2.1 the option two-commanders: the card's side acts with another unit on it
        if self.commands_left > 0 && self.outcome.is_none() {
            self.commands_left -= 1;
            if !self.eligible(act.side).is_empty() {
                let who = act.side.name();
                self.log.public(|| {
                    format!("a second commander of the {who} acts on the same card (2.1)")
                });
                return;
            }
        }
        self.next_card();
    }

    /// The last action a move made: an advance unless the unit ended farther from the
    /// nearest known enemy than it began (3.2, 14.5).
    pub(crate) fn move_class(&self, act: &Activation) -> Last {
        if !act.moved {
            return Last::Stand;
        }
        let now = self.known_enemy_distance(&act.units);
        if now > act.start_distance + 0.1 {
            Last::Retreat
        } else {
            Last::Advance
        }
    }

    /// 14.5 the least distance from the units' figures to the nearest enemy figure their side
    /// knows of; with none known, to the place the scenario expects the enemy.
    pub(crate) fn known_enemy_distance(&self, units: &[u8]) -> f64 {
        let side = self.units[units[0] as usize].side;
        let mut best = f64::INFINITY;
        let mine: Vec<usize> = units
            .iter()
            .flat_map(|&u| self.present_figures(u as usize).collect::<Vec<_>>())
            .collect();
        for v in 0..self.units.len() {
            if self.units[v].side == side || !self.known_to(side, v) {
                continue;
            }
            for b in self.table_figures(v) {
                for &a in &mine {
                    best = best.min(self.figures[a].pose.at.dist(self.figures[b].pose.at));
                }
            }
        }
        if best.is_finite() {
            return best;
        }
        let front = self.scenario.sides[side.index()].front;
        mine.iter()
            .map(|&a| self.figures[a].pose.at.dist(front))
            .fold(f64::INFINITY, f64::min)
    }

    /// [`Skirmish::known_enemy_distance`] with a plan's figures where the plan puts them.
    pub(crate) fn distance_after(&self, plan: &crate::movement::Plan, units: &[u8]) -> f64 {
        let side = self.units[units[0] as usize].side;
        let mine: Vec<fiw_table::Point> = units
            .iter()
            .flat_map(|&u| self.present_figures(u as usize).collect::<Vec<_>>())
            .map(|f| {
                plan.poses
                    .iter()
                    .find(|(g, _)| *g == f)
                    .map_or(self.figures[f].pose.at, |(_, p)| p.at)
            })
            .collect();
        let mut best = f64::INFINITY;
        for v in 0..self.units.len() {
            if self.units[v].side == side || !self.known_to(side, v) {
                continue;
            }
            for b in self.table_figures(v) {
                for a in &mine {
                    best = best.min(a.dist(self.figures[b].pose.at));
                }
            }
        }
        if best.is_finite() {
            return best;
        }
        let front = self.scenario.sides[side.index()].front;
        mine.iter()
            .map(|a| a.dist(front))
            .fold(f64::INFINITY, f64::min)
    }

    /// The place of the nearest enemy figure the units' side knows of (or the expected enemy).
    pub(crate) fn nearest_known_enemy_point(&self, units: &[u8]) -> fiw_table::Point {
        let side = self.units[units[0] as usize].side;
        let centre = self.centre(units[0] as usize);
        let mut best = (f64::INFINITY, self.scenario.sides[side.index()].front);
        for v in 0..self.units.len() {
            if self.units[v].side == side || !self.known_to(side, v) {
                continue;
            }
            for b in self.table_figures(v) {
                let p = self.figures[b].pose.at;
                let d = centre.dist(p);
                if d < best.0 {
                    best = (d, p);
                }
            }
        }
        best.1
    }

    /// 2.1 the end of the turn, in the reading's upkeep order: the melees (11) and their
    /// consequences (12), fires grow (9.5), undisturbed work is done (13.1), delays run out
    /// (10.7); then the last turn's verdict or the next turn.
    pub(crate) fn end_turn(&mut self) {
        self.act = None;
        self.charge = None;
        self.resolve_melees();
        if self.outcome.is_some() {
            self.phase = Phase::Over;
            return;
        }
        self.grow_fires();
        self.finish_work();
        self.run_delays();
        self.check_victory();
        if self.outcome.is_some() {
            self.phase = Phase::Over;
            return;
        }
        if self.turn >= self.scenario.turns {
            self.last_turn_verdict();
            self.phase = Phase::Over;
            return;
        }
        self.turn += 1;
        let turn = self.turn;
        self.log.public(|| format!("turn {turn}"));
        self.start_turn();
    }

    /// 10.7 the delays: a colonel's place is taken a turn after he fell; a general's the
    /// second turn after (the messenger's ride).
    fn run_delays(&mut self) {
        let next = self.turn + 1;
        for b in 0..self.battalions.len() {
            if let Some(t) = self.battalions[b].colonel_down {
                if next > t + 1 {
                    let successor = self.battalions[b].companies.iter().find_map(|&c| {
                        self.present_figures(c as usize)
                            .find(|&f| self.figures[f].role == Role::Officer)
                    });
                    self.battalions[b].colonel_down = None;
                    self.battalions[b].colonel = successor.map(|f| f as u16);
                    if let Some(f) = successor {
                        let (bat, unit) = (
                            self.id(self.units.len() + b).to_string(),
                            self.id(self.figures[f].unit as usize).to_string(),
                        );
                        self.log.public(|| {
                            format!(
                                "{} officer takes command of {bat} (10.7)",
                                crate::wording::of(&unit)
                            )
                        });
                    }
                }
            }
        }
        for side in Side::BOTH {
            let s = side.index();
            if let Some(t) = self.general_down[s] {
                if next > t + 2 {
                    self.general_down[s] = None;
                    let successor = self.successor(side);
                    self.generals[s] = successor.map(|f| f as u16);
                    if let Some(f) = successor {
                        self.figures[f].general = true;
                        let u = self.figures[f].unit as usize;
                        let unit = self.id(u).to_string();
                        let who = side.name();
                        // a successor with a hidden unit is named to his own side only (7.7)
                        self.note(u, || {
                            format!("the {who} general's place is taken by the senior officer with {unit} (10.7)")
                        });
                    }
                }
            }
        }
    }

    /// 10.7 the next senior officer of `side`: a colonel, then a major, a hero, then the first
    /// company officer.
    fn successor(&self, side: Side) -> Option<usize> {
        for role in [Role::Colonel, Role::Major, Role::Hero, Role::Officer] {
            if let Some(f) = (0..self.figures.len()).find(|&f| {
                self.figures[f].role == role
                    && self.present(f)
                    && self.units[self.figures[f].unit as usize].side == side
                    && self.units[self.figures[f].unit as usize].in_play()
            }) {
                return Some(f);
            }
        }
        None
    }

    /// A figure (or a unit's whole figures) taken out of play: its unit is out when nobody is
    /// left with it.
    pub(crate) fn unit_gone(&mut self, u: usize, why: Out) {
        if self.units[u].out.is_some() {
            return;
        }
        self.units[u].out = Some(why);
        let lost_holding = matches!(why, Out::Routed | Out::Destroyed | Out::Surrendered);
        for f in self.units[u].figures.clone() {
            let fig = &mut self.figures[f as usize];
            match fig.status {
                Status::Ready => {
                    fig.status = if why == Out::Surrendered {
                        Status::Captured
                    } else {
                        Status::Gone
                    }
                }
                Status::Holding if lost_holding => {
                    fig.status = if why == Out::Surrendered {
                        Status::Captured
                    } else {
                        Status::Lost
                    }
                }
                _ => {}
            }
        }
        if self.generals[self.units[u].side.index()]
            .is_some_and(|g| self.figures[g as usize].unit as usize == u)
        {
            let s = self.units[u].side.index();
            self.generals[s] = None;
            self.general_down[s] = Some(self.turn);
        }
        let id = self.id(u).to_string();
        let word = match why {
            Out::Routed => "routs from the field (12.1)",
            Out::Destroyed => "is destroyed",
            Out::Surrendered => "surrenders (12.2)",
            Out::Departed => "leaves the table",
        };
        self.log.public(|| format!("{id} {word}"));
    }
}
