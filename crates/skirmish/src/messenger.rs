//! 4.1 messengers: a single figure detached from his unit to carry word to another unit of his
//! side (the Raid's households and fort wait for one, S2). He is a unit of one figure of his
//! own from then on: he takes a card like any unit, moves as a lone figure at his kind's rate
//! and never farther from the unit he is sent to, may be shot at or caught in a charge like
//! any figure, and within 3" of that unit gives his message (a waiting unit is alerted) and
//! joins it, or, when it waits off the table, goes in to it.
//!
//! Assumed, as the text is silent (listed by `fiw rules skirmish`): he moves without a
//! control check (he has his orders; and a lone man has no officer, so 3.2 would never let
//! one set out that had stood); a unit sends one at a time, and only a unit not hidden (he
//! would give its place away); one who finds the unit he was sent to gone makes his way back
//! and rejoins his own.

use crate::formation::Formation;
use crate::scenario::Side;
use crate::state::{Done, Last, Messenger, Out, Skirmish, Status, Unit};
use crate::troops::Role;
use fiw_engine::RuleError;
use fiw_table::Point;

/// How near a messenger comes to the unit he carries word to, edge to edge, to give it (the
/// 3" at which units always see each other, 7.7).
pub const DELIVERY: f64 = 3.0;

impl Unit {
    /// The place of a figure on his own (a messenger, 4.1, or a leader riding alone, 1.2):
    /// one empty unit of `template`'s side and kind, out of the game until he sets out, so
    /// that the scenario's units keep their numbers and a save names him the same way.
    pub(crate) fn lone_place(template: &Unit, messenger: Messenger) -> Unit {
        Unit {
            done: Done::Acted,
            out: Some(Out::Departed),
            absent: true,
            messenger: Some(messenger),
            ..Unit::fresh(
                template.side,
                template.troop,
                template.traits,
                template.fieldcraft,
                Vec::new(),
                Formation::Skirmish,
                template.anchor,
            )
        }
    }
}

impl Skirmish {
    /// 4.1 adds each side's messengers' places at set-up (after every unit of the scenario, so
    /// that the scenario's units keep their numbers): empty and out of the game until a
    /// messenger is sent.
    pub(crate) fn add_messenger_places(&mut self, ids: &mut Vec<String>, names: &mut Vec<String>) {
        for side in Side::BOTH {
            let first = self.first_unit(side);
            for (k, id) in self.scenario.messenger_ids(side) {
                let parent = first + k;
                let place = Unit::lone_place(
                    &self.units[parent],
                    Messenger {
                        parent: parent as u8,
                        to: None,
                        leader: false,
                    },
                );
                names.push(format!("a messenger of {}", names[parent]));
                ids.push(id);
                self.units.push(place);
            }
        }
    }

    /// Whether unit `u` is a messenger's place (sent or not).
    pub fn is_messenger(&self, u: usize) -> bool {
        self.units[u].messenger.is_some()
    }

    /// 4.1 the place for a messenger of unit `parent`, free or not.
    fn messenger_place(&self, parent: usize) -> Option<usize> {
        (0..self.units.len()).find(|&m| {
            self.units[m]
                .messenger
                .is_some_and(|x| x.parent as usize == parent && !x.leader)
        })
    }

    /// 4.1 whether a messenger may be sent to unit `to`: a unit still in the game that waits
    /// for the alarm and that a messenger alerts (the scenario's word, S2).
    pub fn takes_messenger(&self, to: usize) -> bool {
        let Some(unit) = self.units.get(to) else {
            return false;
        };
        if !unit.in_play() || unit.absent || unit.alerted || unit.messenger.is_some() {
            return false;
        }
        let side = unit.side;
        self.scenario.sides[side.index()]
            .units
            .get(to - self.first_unit(side))
            .and_then(|s| s.alert.as_ref())
            .is_some_and(|a| a.messenger)
    }

    /// 4.1 whether the activation's units may send figure `fig` as a messenger to unit `to`.
    pub(crate) fn check_detach(
        &self,
        units: &[u8],
        fig: usize,
        to: usize,
    ) -> Result<(), RuleError> {
        let no = |m: String| RuleError::new("4.1", m);
        let act = self
            .act
            .as_ref()
            .ok_or_else(|| no("no unit is acting".into()))?;
        if act.sent {
            return Err(no("one messenger an activation".into()));
        }
        let Some(figure) = self.figures.get(fig) else {
            return Err(RuleError::input("there is no such figure"));
        };
        let u = figure.unit as usize;
        if !units.contains(&(u as u8)) {
            return Err(no(format!(
                "{} is not with the unit acting",
                self.figure_id(fig)
            )));
        }
        if self.is_messenger(u) {
            return Err(no("a messenger carries his own message".into()));
        }
        if !self.on_table(fig) || figure.role == Role::Woman || figure.role.is_piece() {
            return Err(no(format!(
                "{} cannot be sent: a man on the table goes (the women stay in their cabin)",
                self.figure_id(fig)
            )));
        }
        let place = self.messenger_place(u).ok_or_else(|| {
            no("no one here waits for a messenger: there is no word to carry".into())
        })?;
        if self.units[place].in_play() {
            return Err(no(format!(
                "{} has a messenger out already ({})",
                self.id(u),
                self.id(place)
            )));
        }
        if self.units[u].hidden {
            return Err(no(format!(
                "{} is hidden: a man sent off from it would give its place away",
                self.id(u)
            )));
        }
        let others = self
            .present_figures(u)
            .filter(|&g| {
                g != fig && self.figures[g].role != Role::Woman && !self.figures[g].role.is_piece()
            })
            .count();
        if others == 0 {
            return Err(no(format!(
                "{} would leave nobody with {}",
                self.figure_id(fig),
                self.id(u)
            )));
        }
        if !self
            .units
            .get(to)
            .is_some_and(|t| t.side == self.units[u].side)
            || to == u
        {
            return Err(no("a messenger goes to another unit of his side".into()));
        }
        if !self.takes_messenger(to) {
            return Err(RuleError::new(
                self.scenario.rule.clone(),
                format!(
                    "{} waits for no messenger (it is alerted, or no word alerts it)",
                    self.id(to)
                ),
            ));
        }
        Ok(())
    }

    /// 4.1 figure `fig` leaves his unit as a messenger to unit `to` (checked): a unit of his
    /// own, free to take a card this turn (unless his place's last messenger took one).
    pub(crate) fn detach(&mut self, fig: usize, to: usize) {
        let u = self.figures[fig].unit as usize;
        let Some(m) = self.messenger_place(u) else {
            return;
        };
        if let Some(act) = self.act.as_mut() {
            act.sent = true;
        }
        // (a place whose last messenger acted this turn waits for the next: a card a place)
        self.set_out_alone(fig, m, to, false);
        let (who, from, dest) = (
            self.id(m).to_string(),
            self.id(u).to_string(),
            self.id(to).to_string(),
        );
        let side = self.units[u].side;
        // where he runs is his side's to know
        self.log
            .public(|| format!("{from} sends a man off as a messenger: {who} (4.1)"));
        self.log.private(side.seat(), || {
            format!("{who} carries word to {dest} (4.1)")
        });
        self.cache.forget();
    }

    /// 4.1, 1.2 figure `fig` leaves his unit for lone place `m` (a messenger's, or a leader's
    /// riding alone) making for unit `to`: one figure in skirmish order with his unit's kind
    /// of troops, traits and fieldcraft, in the game where he stands, no longer counted in the
    /// unit he left. One way for both, so that a field either needs is set for both.
    pub(crate) fn set_out_alone(&mut self, fig: usize, m: usize, to: usize, leader: bool) {
        let u = self.figures[fig].unit as usize;
        self.units[u].figures.retain(|&g| g as usize != fig);
        self.units[u].strength = self.units[u].strength.saturating_sub(1);
        let parent = self.units[u].clone();
        let pose = self.figures[fig].pose;
        let place = &mut self.units[m];
        place.troop = parent.troop;
        place.traits = parent.traits;
        place.fieldcraft = parent.fieldcraft;
        place.figures = vec![fig as u16];
        place.formation = Formation::Skirmish;
        place.anchor = pose;
        place.strength = 1;
        place.out = None;
        place.absent = false;
        place.last = Last::Advance;
        place.messenger = Some(Messenger {
            parent: u as u8,
            to: Some(to as u8),
            leader,
        });
        self.figures[fig].unit = m as u8;
        self.relayout(u);
    }

    /// 4.1 the unit messenger `m` makes for: the one he carries word to while it is in the
    /// game, else his own unit (he goes back); `None` for a unit that is no messenger, or when
    /// neither is left.
    pub(crate) fn messenger_goal(&self, m: usize) -> Option<usize> {
        let msg = self.units.get(m)?.messenger?;
        let to = msg.to? as usize;
        [to, msg.parent as usize]
            .into_iter()
            .find(|&v| self.units[v].in_play() && self.present_count(v) > 0)
    }

    /// 4.1 how far messenger `m` stands (at `at`, or where he stands) from unit `goal`:
    /// centre to centre to its nearest figure with it (on the table or waiting off it).
    pub(crate) fn messenger_distance(&self, m: usize, goal: usize, at: Option<Point>) -> f64 {
        let Some(f) = self.present_figures(m).next() else {
            return f64::INFINITY;
        };
        let p = at.unwrap_or(self.figures[f].pose.at);
        self.present_figures(goal)
            .map(|g| p.dist(self.figures[g].pose.at))
            .fold(f64::INFINITY, f64::min)
    }

    /// 4.1 the messenger acting, within 3" of the unit he makes for, gives his word: a waiting
    /// unit is alerted; he joins it, or goes in to it when it waits off the table; his
    /// activation is over. Checked when he takes his card and after each of his steps (only
    /// in his own activation, so no unit leaves the game out of its turn).
    pub(crate) fn deliver_messages(&mut self) {
        let Some(act) = self.act.as_ref() else { return };
        let m = act.units[0] as usize;
        if !self.is_messenger(m) || !self.units[m].in_play() {
            return;
        }
        // 1.2 a leader riding alone joins the unit he rides to
        if self.is_rider(m) {
            self.rider_arrives(m);
            return;
        }
        let Some(goal) = self.messenger_goal(m) else {
            return;
        };
        let Some(f) = self.table_figures(m).next() else {
            return;
        };
        let arrived = self
            .present_figures(goal)
            .any(|g| self.bases[f].is_within(&self.bases[g], DELIVERY));
        if !arrived {
            return;
        }
        let (who, to) = (self.id(m).to_string(), self.id(goal).to_string());
        // the word reaches the whole battalion (the Raid's garrison is one, in its fort)
        let hearers: Vec<usize> = match self.units[goal].battalion {
            Some(b) => self.battalions[b as usize]
                .companies
                .iter()
                .map(|&c| c as usize)
                .collect(),
            None => vec![goal],
        };
        let waiting: Vec<usize> = hearers
            .into_iter()
            .filter(|&c| self.takes_messenger(c))
            .collect();
        let rule = self.scenario.rule.clone();
        if waiting.is_empty() {
            self.log.public(|| format!("{who} reaches {to} (4.1)"));
        }
        for c in waiting {
            self.units[c].alerted = true;
            let id = self.id(c).to_string();
            self.log.public(|| {
                format!("{who} reaches {to}: {id} is alerted by a messenger ({rule}, 4.1)")
            });
        }
        let off = !self.on_the_table(goal);
        self.units[m].figures.clear();
        self.units[m].out = Some(Out::Departed);
        self.units[m].absent = true;
        if off {
            // he goes in to the fort: out of the fight, not lost
            self.figures[f].status = Status::Gone;
        } else {
            self.figures[f].unit = goal as u8;
            self.units[goal].figures.push(f as u16);
            self.units[goal].strength = self.units[goal].strength.saturating_add(1);
            self.relayout(goal);
        }
        self.cache.forget();
        // his move is over when he arrives
        self.end_activation(Last::Advance, Done::Acted);
    }

    /// 4.1 a messenger's orders: he moves (no control check: he has his orders) or waits;
    /// nothing else.
    pub(crate) fn check_messenger_order(
        &self,
        m: usize,
        a: &crate::actions::Action,
    ) -> Result<(), RuleError> {
        use crate::actions::Action;
        match a {
            Action::Pass => Ok(()),
            Action::Move => self.messenger_may_move(m),
            // 1.2 a leader riding alone may turn for another unit
            Action::Join { fig, to } if self.is_rider(m) => {
                self.check_join(&[m as u8], *fig as usize, *to as usize)
            }
            _ => Err(RuleError::new(
                "4.1",
                format!(
                    "{} is a messenger: he moves on with his word (move) or waits (pass)",
                    self.id(m)
                ),
            )),
        }
    }

    fn messenger_may_move(&self, m: usize) -> Result<(), RuleError> {
        if self.table_figures(m).next().is_none() {
            return Err(RuleError::new("4.1", "the messenger is not on the table"));
        }
        Ok(())
    }
}
