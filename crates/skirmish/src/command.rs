//! 3 command control: the control check a unit takes to move, rally or hold its fire (3.1),
//! read on the chart of 3.2 after the leaders' modifiers of 3.3, with their personalities
//! rolled the first time they matter.

use crate::formation::Formation;
use crate::state::{Control, Last, Skirmish, Stage};
use crate::troops::{Personality, Role};

/// A leader who may modify a test: his figure and by how much (1 or 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Influence {
    /// The leader's figure.
    pub figure: usize,
    /// How much he adds or takes away.
    pub by: i8,
}

impl Skirmish {
    /// 3.3 the leaders who may modify a test of `units`: heroes (±1) for a company in skirmish
    /// order, the battalion's colonel (±1), the side's general (±2), each within 6" and in
    /// sight of the unit (a leader with the unit always is). A colonel who is his side's
    /// general modifies as a general (the reading: ±2, not ±3).
    pub fn influences(&self, units: &[u8]) -> Vec<Influence> {
        let Some(&first) = units.first() else {
            return Vec::new();
        };
        let side = self.units[first as usize].side;
        let mut out: Vec<Influence> = Vec::new();
        let general = self.general(side);
        let battalion = self.units[first as usize].battalion;
        for f in 0..self.figures.len() {
            let fig = &self.figures[f];
            if !self.on_table(f) && !units.contains(&fig.unit) {
                continue;
            }
            if !self.present(f) || self.units[fig.unit as usize].side != side {
                continue;
            }
            let by = if general == Some(f) {
                2
            } else if fig.role == Role::Colonel || fig.role == Role::Major {
                let his = battalion.is_some_and(|b| self.colonel(b as usize) == Some(f));
                if !his {
                    continue;
                }
                1
            } else if fig.role == Role::Hero {
                if !units
                    .iter()
                    .all(|&u| self.units[u as usize].formation == Formation::Skirmish)
                {
                    continue;
                }
                1
            } else {
                continue;
            };
            if self.leader_reaches(f, units) {
                out.push(Influence { figure: f, by });
            }
        }
        out
    }

    /// 3.3 whether leader `f` is within 6" of `units` and in sight of one of their figures
    /// (always, when he is with one of them).
    pub(crate) fn leader_reaches(&self, f: usize, units: &[u8]) -> bool {
        if units.contains(&self.figures[f].unit) {
            return true;
        }
        units.iter().any(|&u| {
            self.table_figures(u as usize)
                .any(|g| self.bases[f].is_within(&self.bases[g], 6.0) && self.fig_sees(f, g))
        })
    }

    /// 3.3 a leader's personality, rolled now if this is the first time it matters.
    pub(crate) fn personality(&mut self, f: usize) -> Personality {
        if let Some(p) = self.figures[f].personality {
            return p;
        }
        let u = self.figures[f].unit as usize;
        let unit = self.id(u).to_string();
        let role = self.figures[f].role.word();
        self.dice.ask(1, 6, || {
            format!("personality of the {role} with {unit} (3.3: 6 rash, 5 indecisive, 3-4 bold, 1-2 cautious)")
        });
        let p = Personality::of_roll(self.dice.d6());
        self.figures[f].personality = Some(p);
        let word = p.word();
        // public, unless his unit is still hidden from the enemy (7.7)
        self.note(u, || format!("the {role} with {unit} proves {word} (3.3)"));
        p
    }

    /// 3.2 whether `units` have an officer with them for "act as the player desires".
    pub fn officer_present(&self, units: &[u8]) -> bool {
        units.iter().any(|&u| {
            self.present_figures(u as usize)
                .any(|f| self.figures[f].role.is_officer())
        })
    }

    /// 3.1, 3.2 the control check of the activation under way: the die, the leaders'
    /// modifiers (personalities rolled as needed); a bold leader's sign is chosen by the
    /// testing side after seeing the die.
    pub(crate) fn take_test(&mut self) {
        let Some(act) = self.act.as_ref() else { return };
        let units = act.units.clone();
        let id = self.actor_id(act.actor);
        self.dice
            .ask(1, 6, || format!("control check of {id} (3.2: 5-6 continue, 3-4 free with an officer, 1-2 no advance)"));
        let roll = self.dice.d6();
        let mut modifier = 0i8;
        let mut bold = Vec::new();
        for inf in self.influences(&units) {
            match self.personality(inf.figure) {
                Personality::Rash => modifier += inf.by,
                Personality::Cautious => modifier -= inf.by,
                Personality::Indecisive => {}
                Personality::Bold => bold.push((inf.figure as u16, inf.by)),
            }
        }
        let hidden = units.iter().all(|&u| self.units[u as usize].hidden);
        let side = self.units[units[0] as usize].side;
        let line = format!("{id} tests control: rolls {roll}, leaders {modifier:+}");
        if hidden {
            self.log.private(side.seat(), || line.clone());
            let who = side.name();
            self.log
                .public(|| format!("a hidden {who} unit tests control"));
        } else {
            self.log.public(|| line.clone());
        }
        if let Some(act) = self.act.as_mut() {
            act.roll = roll;
            act.modifier = modifier;
            act.bold = bold;
        }
        self.after_sign();
    }

    /// 3.3 a bold leader's sign chosen: the next bold leader, or the result.
    pub(crate) fn choose_sign(&mut self, plus: bool) {
        if let Some(act) = self.act.as_mut() {
            if !act.bold.is_empty() {
                let (_, by) = act.bold.remove(0);
                act.modifier += if plus { by } else { -by };
            }
        }
        self.after_sign();
    }

    fn after_sign(&mut self) {
        let Some(act) = self.act.as_ref() else { return };
        if !act.bold.is_empty() {
            if let Some(act) = self.act.as_mut() {
                act.stage = Stage::Sign;
            }
            return;
        }
        let units = act.units.clone();
        let score = act.roll as i8 + act.modifier;
        let last = self.units[units[0] as usize].last;
        let control = control_of(score, self.officer_present(&units), last);
        let id = self.actor_id(act.actor);
        let word = control.word();
        let hidden = units.iter().all(|&u| self.units[u as usize].hidden);
        let side = self.units[units[0] as usize].side;
        if hidden {
            self.log.private(side.seat(), || {
                format!("{id} scores {score}: it must {word} (3.2)")
            });
        } else {
            self.log
                .public(|| format!("{id} scores {score}: it must {word} (3.2)"));
        }
        if let Some(act) = self.act.as_mut() {
            act.control = Some(control);
            act.stage = Stage::Tested;
        }
        // 12.2 the check that follows a taking of prisoners decides their fate
        self.slaughter();
        // 11.3 a unit made to pursue owes a rally for the turn
        if control == Control::Continue(Last::ChargeWon) {
            for &u in &units {
                self.units[u as usize].rally_debt =
                    self.units[u as usize].rally_debt.saturating_add(1);
            }
        }
    }

    /// 7 the chance that a test of `units` now gives each result (free choice, continue the
    /// last action, no advance), from what the testing side knows: leaders whose personality
    /// is not yet known count by the chances of 3.3's chart, and every bold leader chooses his
    /// sign after the die for the best result (free, then continue, then no advance).
    pub fn test_odds(&self, units: &[u8]) -> [f64; 3] {
        let officer = self.officer_present(units);
        let last = self.units[units[0] as usize].last;
        // each case: a fixed modifier, the bold leaders' reach, its chance
        let mut cases: Vec<(i8, Vec<i8>, f64)> = vec![(0, Vec::new(), 1.0)];
        for inf in self.influences(units) {
            let by = inf.by;
            let options: Vec<(Option<i8>, f64)> = match self.figures[inf.figure].personality {
                Some(Personality::Rash) => vec![(Some(by), 1.0)],
                Some(Personality::Cautious) => vec![(Some(-by), 1.0)],
                Some(Personality::Indecisive) => vec![(Some(0), 1.0)],
                Some(Personality::Bold) => vec![(None, 1.0)],
                None => vec![
                    (Some(by), 1.0 / 6.0),
                    (Some(0), 1.0 / 6.0),
                    (None, 2.0 / 6.0),
                    (Some(-by), 2.0 / 6.0),
                ],
            };
            let mut next = Vec::with_capacity(cases.len() * options.len());
            for (m, bolds, p) in &cases {
                for (o, q) in &options {
                    let mut b = bolds.clone();
                    let m = match o {
                        Some(x) => m + x,
                        None => {
                            b.push(by);
                            *m
                        }
                    };
                    next.push((m, b, p * q));
                }
            }
            cases = next;
        }
        let rank = |c: Control| match c {
            Control::Free => 0,
            Control::Continue(_) => 1,
            Control::NoAdvance => 2,
        };
        let mut odds = [0.0; 3];
        for (m, bolds, p) in &cases {
            for roll in 1..=6i8 {
                let mut best = 2;
                for signs in 0..(1u32 << bolds.len()) {
                    let s: i8 = bolds
                        .iter()
                        .enumerate()
                        .map(|(i, b)| if signs >> i & 1 == 1 { *b } else { -*b })
                        .sum();
                    best = best.min(rank(control_of(roll + m + s, officer, last)));
                }
                odds[best] += p / 6.0;
            }
        }
        odds
    }
}

/// 3.2 the chart: 5–6 continue the last action; 3–4 as the player desires if an officer is
/// present, else continue; 1–2 no advance. Scores past the ends read as the ends.
pub fn control_of(score: i8, officer: bool, last: Last) -> Control {
    match score {
        5.. => Control::Continue(last),
        3 | 4 if officer => Control::Free,
        3 | 4 => Control::Continue(last),
        _ => Control::NoAdvance,
    }
}
