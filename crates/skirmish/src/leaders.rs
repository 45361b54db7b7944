//! 1.2, 3.3, 10.7, 12.5 leaders who move: the side's general rides to any unit of his side
//! (units heed a general outside their line of command once he has attached himself to
//! them, 1.2), a hero to any unit (to lend his +1 to a company in skirmish order, 3.3, and
//! to rally it, 12.5), a colonel among the companies of his own battalion.
//!
//! `join UNIT.N to UNIT` is given while the unit he is with takes its card. Already within
//! reach of the unit he joins (1" edge to edge, the reading's attachment) he joins it at once;
//! else he leaves and rides alone: a unit of one of his own from then on, like a messenger
//! (4.1), taking a card of his own, moving as a lone figure at the rate of the unit he left,
//! never farther from the unit he rides to, and joining it when he comes within reach. Alone he
//! is a target (10.7): fire that scores a hit on him rolls a die, and a 6 brings him down.
//!
//! Assumed, as the text is silent (listed by `fiw rules skirmish`): the ride takes a card of
//! his own (2.1 gives cards to units, and a lone leader is the nearest thing to one: the
//! reading's messenger); once joined he is a figure of that unit: in its strength (leaders
//! count for morale, 1.2) and not in the one he left, so no unit counts him twice; a leader
//! does not leave a hidden unit nor ride to one (he would give its place away, 7.7).

use crate::scenario::{base_of, Side};
use crate::state::{Done, Last, Messenger, Out, Skirmish, Unit};
use crate::troops::{charts, Role, Troop};
use fiw_engine::RuleError;

/// 1.2 how near a leader comes to a unit to join it, edge to edge (the reading's
/// attachment: within 1").
pub const JOIN_REACH: f64 = 1.0;

/// 1.2 what kind of leader may leave his company to join another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rider {
    /// The side's general: any unit of his side.
    General,
    /// A hero: any unit of his side.
    Hero,
    /// A battalion's colonel (or major): only its companies.
    Colonel(u8),
}

impl Skirmish {
    /// 1.2 adds each side's places for leaders riding alone at set-up (after every other
    /// unit, so the scenario's units keep their numbers): one for each general, hero and
    /// colonel of the side and one more for a successor, each empty and out of the game until
    /// a leader rides.
    pub(crate) fn add_rider_places(&mut self, ids: &mut Vec<String>, names: &mut Vec<String>) {
        for side in Side::BOTH {
            let first = self.first_unit(side);
            let leaders = (0..self.figures.len())
                .filter(|&f| {
                    let fig = &self.figures[f];
                    self.units[fig.unit as usize].side == side
                        && (fig.general
                            || matches!(fig.role, Role::Hero | Role::Colonel | Role::Major))
                })
                .count();
            if leaders == 0 {
                continue;
            }
            let word = side.name().to_lowercase();
            for k in 0..=leaders {
                let letter = char::from(b'a' + (k % 26) as u8);
                let place = Unit::lone_place(
                    &self.units[first],
                    Messenger {
                        parent: first as u8,
                        to: None,
                        leader: true,
                    },
                );
                let suffix = if k < 26 {
                    letter.to_string()
                } else {
                    format!("{letter}{}", k / 26)
                };
                ids.push(format!("{word}-rider-{suffix}"));
                names.push(format!("a {} leader riding alone", side.name()));
                self.units.push(place);
            }
        }
    }

    /// Whether unit `u` is the place of a leader riding alone (1.2).
    pub fn is_rider(&self, u: usize) -> bool {
        self.units
            .get(u)
            .and_then(|x| x.messenger)
            .is_some_and(|m| m.leader)
    }

    /// 1.2 what kind of leader figure `f` is for joining another unit, if any.
    pub fn rider_kind(&self, f: usize) -> Option<Rider> {
        let fig = self.figures.get(f)?;
        let side = self.units[fig.unit as usize].side;
        if self.general(side) == Some(f) {
            return Some(Rider::General);
        }
        if fig.role == Role::Hero {
            return Some(Rider::Hero);
        }
        (0..self.battalions.len())
            .find(|&b| self.battalions[b].colonel == Some(f as u16))
            .map(|b| Rider::Colonel(b as u8))
    }

    /// 1.2 whether figure `f` stands within reach of unit `to` to join it.
    pub(crate) fn within_reach(&self, f: usize, to: usize) -> bool {
        self.on_table(f)
            && self
                .table_figures(to)
                .any(|g| self.bases[f].is_within(&self.bases[g], JOIN_REACH))
    }

    /// 1.2 whether leader `f` may join unit `to` where he stands: within reach of it, and on
    /// the base he has with it (mounted with cavalry, on foot with foot) on no other figure's
    /// base and on the table (5.5).
    pub(crate) fn can_attach(&self, f: usize, to: usize) -> bool {
        if !self.within_reach(f, to) {
            return false;
        }
        let pose = self.figures[f].pose;
        let rect = charts()
            .footprint(base_of(self.figures[f].role, self.units[to].troop))
            .place(pose);
        self.scenario.layout.bounds().holds(&rect)
            && (0..self.figures.len())
                .all(|g| g == f || !self.on_table(g) || !self.bases[g].overlaps(&rect))
    }

    /// 1.2, 3.3 whether leader `fig`, with one of the acting `units`, may join unit `to`.
    pub(crate) fn check_join(&self, units: &[u8], fig: usize, to: usize) -> Result<(), RuleError> {
        let no = |m: String| RuleError::new("1.2", m);
        let Some(figure) = self.figures.get(fig) else {
            return Err(RuleError::input("there is no such figure"));
        };
        let Some(target) = self.units.get(to) else {
            return Err(RuleError::input("there is no such unit"));
        };
        let u = figure.unit as usize;
        let who = || self.figure_id(fig);
        if !units.contains(&(u as u8)) {
            return Err(no(format!(
                "{} is not with the unit acting: a leader rides off when the unit he is with takes its card",
                who()
            )));
        }
        if !self.on_table(fig) {
            return Err(no(format!("{} is not on the table", who())));
        }
        let kind = self.rider_kind(fig).ok_or_else(|| {
            no(format!(
                "{} is no general, hero or colonel: only they leave their company to join another (1.2, 3.3)",
                who()
            ))
        })?;
        let riding = self.is_rider(u);
        if to == u {
            return Err(no(format!("{} joins another unit of his side", who())));
        }
        if target.side != self.units[u].side
            || !target.in_play()
            || target.absent
            || target.messenger.is_some()
            || target.troop == Troop::Wagon
            || !self.on_the_table(to)
        {
            return Err(no(format!(
                "{} is no unit of his side on the table that a leader could join",
                self.id(to)
            )));
        }
        if let Rider::Colonel(b) = kind {
            if target.battalion != Some(b) {
                let bat = self.id(self.units.len() + b as usize).to_string();
                return Err(no(format!(
                    "{} is the colonel of {bat}: he goes only among its companies (1.2, 3.3)",
                    who()
                )));
            }
        }
        if self.units[u].hidden || target.hidden {
            return Err(RuleError::new(
                "7.7",
                format!(
                    "a leader riding from or to a hidden unit would give its place away ({} to {})",
                    who(),
                    self.id(to)
                ),
            ));
        }
        if riding {
            if self.messenger_goal(u) == Some(to) {
                return Err(no(format!(
                    "{} rides for {} already (move)",
                    who(),
                    self.id(to)
                )));
            }
            return Ok(());
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
                who(),
                self.id(u)
            )));
        }
        if !self.can_attach(fig, to) && self.free_rider_place(self.units[u].side).is_none() {
            return Err(no(
                "no more leaders of this side may ride alone at once".into()
            ));
        }
        Ok(())
    }

    /// A place for a leader riding alone on `side` not in use.
    fn free_rider_place(&self, side: Side) -> Option<usize> {
        (0..self.units.len())
            .find(|&m| self.is_rider(m) && self.units[m].side == side && !self.units[m].in_play())
    }

    /// 1.2 leader `fig` joins unit `to` (checked): at once when within reach, else he rides
    /// off alone for it (or, riding already, turns for it).
    pub(crate) fn join(&mut self, fig: usize, to: usize) {
        let u = self.figures[fig].unit as usize;
        if self.can_attach(fig, to) {
            self.attach(fig, to);
            return;
        }
        let side = self.units[u].side;
        let (who, dest) = (self.figure_id(fig), self.id(to).to_string());
        if self.is_rider(u) {
            if let Some(m) = self.units[u].messenger.as_mut() {
                m.to = Some(to as u8);
            }
            self.log.private(side.seat(), || {
                format!("{who} turns to ride for {dest} (1.2)")
            });
            self.cache.forget();
            return;
        }
        let Some(m) = self.free_rider_place(side) else {
            return;
        };
        let pose = self.figures[fig].pose;
        self.set_out_alone(fig, m, to, true);
        // a place another rider left keeps nothing of his state
        let place = &mut self.units[m];
        place.shattered = false;
        place.needs_rally = false;
        place.rally_debt = 0;
        place.marker = false;
        self.set_pose(fig, pose);
        let (role, from, rider) = (
            self.figures[fig].role.word(),
            self.id(u).to_string(),
            self.id(m).to_string(),
        );
        // that he rides is seen; where to is his side's to know
        self.log
            .public(|| format!("the {role} of {from} rides off alone: {rider} (1.2)"));
        self.log.private(side.seat(), || {
            format!("{rider} rides to join {dest} (1.2)")
        });
        self.cache.forget();
    }

    /// 1.2 leader `fig` becomes a figure of unit `to`: he counts in its strength and no longer
    /// in that of the unit (or the lone place) he leaves.
    pub(crate) fn attach(&mut self, fig: usize, to: usize) {
        let u = self.figures[fig].unit as usize;
        self.units[u].figures.retain(|&g| g as usize != fig);
        if self.is_rider(u) {
            self.units[u].figures.clear();
            self.units[u].out = Some(Out::Departed);
            self.units[u].absent = true;
        } else {
            self.units[u].strength = self.units[u].strength.saturating_sub(1);
            self.relayout(u);
        }
        self.figures[fig].unit = to as u8;
        self.units[to].figures.push(fig as u16);
        self.units[to].strength = self.units[to].strength.saturating_add(1);
        let pose = self.figures[fig].pose;
        self.set_pose(fig, pose);
        self.relayout(to);
        let (role, dest) = (self.figures[fig].role.word(), self.id(to).to_string());
        self.log.public(|| format!("the {role} joins {dest} (1.2)"));
        self.cache.forget();
    }

    /// 1.2 the leader riding alone in place `m`, acting, within reach of the unit he rides
    /// for, joins it; his activation is over.
    pub(crate) fn rider_arrives(&mut self, m: usize) {
        let Some(goal) = self.messenger_goal(m) else {
            return;
        };
        let Some(f) = self.table_figures(m).next() else {
            return;
        };
        if !self.can_attach(f, goal) {
            return;
        }
        self.attach(f, goal);
        self.end_activation(Last::Advance, Done::Acted);
    }

    /// 10.7 a leader riding alone is the target of fire that scores `hits` on him: one die,
    /// and on a 6 he falls (no ordinary casualty: a leader falls only by 10.7). The figures
    /// he lost.
    pub(crate) fn rider_hit(&mut self, m: usize, hits: u32) -> u32 {
        if hits == 0 {
            return 0;
        }
        let Some(f) = self.present_figures(m).next() else {
            return 0;
        };
        let id = self.id(m).to_string();
        let role = self.figures[f].role.word();
        self.dice.ask(1, 6, || {
            format!("risk to {id}, a leader alone under fire (10.7: he falls on 6)")
        });
        if self.dice.d6() < 6 {
            self.log
                .public(|| format!("{id}, the {role} riding alone, is a target: not hit (10.7)"));
            return 0;
        }
        self.log
            .public(|| format!("a 6: {id}, the {role} riding alone, falls (10.7)"));
        self.send_to_holding(f);
        self.after_losses(m, 1);
        1
    }
}
