//! 8 Resolving Attacks in Regions: the cumulative modifiers, the Advance Result Chart, and the
//! advance and retreat (off the flag town, the defenders stand outside and near it).

use crate::charts::charts;
use crate::map::{map, Region, ATLANTIC};
use crate::side::Side;
use crate::state::{Board, Pending, Settlement, Solitaire, Step};
use fiw_engine::RuleError;

/// One term of an attack's cumulative modifier, for the log and the odds shown in menus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Term {
    pub drm: i8,
    pub why: &'static str,
}

/// Every modifier of an attack, in the order the text gives them (at most four).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Terms {
    terms: [Option<Term>; 4],
}

impl Terms {
    fn push(&mut self, drm: i8, why: &'static str) {
        if drm == 0 {
            return;
        }
        if let Some(slot) = self.terms.iter_mut().find(|t| t.is_none()) {
            *slot = Some(Term { drm, why });
        }
    }

    /// 8 the cumulative modifier.
    pub fn total(&self) -> i8 {
        self.terms.iter().flatten().map(|t| t.drm).sum()
    }

    /// `+2 army, −1 Indians allied to the defender`, or `no modifier`.
    pub fn describe(&self) -> String {
        let parts: Vec<String> = self
            .terms
            .iter()
            .flatten()
            .map(|t| {
                format!(
                    "{}{} {}",
                    if t.drm < 0 { "−" } else { "+" },
                    t.drm.unsigned_abs(),
                    t.why
                )
            })
            .collect();
        if parts.is_empty() {
            "no modifier".into()
        } else {
            parts.join(", ")
        }
    }
}

impl Board {
    /// 8, 3.4 whether `side` may attack in `region`: there must be an enemy marker in a town
    /// next to its own (none when the enemy stands outside its flag town), and in the Atlantic
    /// `side` must control the ocean. The fast check for legal lists, the BOT and the
    /// heuristic; [`Board::why_not_attack`] says why not.
    pub fn can_attack(&self, region: Region, side: Side) -> bool {
        !self.outside(region, side.other()) && (region != ATLANTIC || self.controls_ocean(side))
    }

    /// [`Board::can_attack`], with the rule that refuses the attack.
    ///
    /// # Errors
    /// The rule that refuses the attack.
    pub fn why_not_attack(&self, region: Region, side: Side) -> Result<(), RuleError> {
        if self.can_attack(region, side) {
            return Ok(());
        }
        let name = &map().regions[region as usize].name;
        if self.outside(region, side.other()) {
            return Err(RuleError::new(
                "8",
                format!("the {} stand outside their flag town in {name}: there is no town of theirs to attack", side.other().name()),
            ));
        }
        Err(RuleError::new(
            "3.4",
            "no attack in the Atlantic region without control of the Atlantic Ocean",
        ))
    }

    /// The town `side` attacks in `region`: the one the enemy holds next to it.
    pub fn target(&self, region: Region, side: Side) -> usize {
        self.town_of(region, side.other())
            .clamp(0, map().len[region as usize] as i8 - 1) as usize
    }

    /// 8 the modifiers of an attack by `side` in `region`: the army in supply, a reduced
    /// militia, a fortified or flag town, Indians allied to the defender. The BOT's attacks
    /// have these and no others (7.1: its chart lines carry no modifier).
    pub fn attack_terms(&self, region: Region, side: Side) -> Terms {
        let mut t = Terms::default();
        t.push(self.army_drm(region, side), "army");
        if self.reduced[region as usize][side.index()] {
            t.push(-1, "reduced militia");
        }
        let kind = map().kind[region as usize][self.target(region, side)];
        t.push(
            kind.drm(),
            if kind == crate::map::TownKind::Flag {
                "flag town"
            } else {
                "fortified town"
            },
        );
        if self.indians[region as usize].ally() == Some(side.other()) && map().has_indians(region) {
            t.push(-1, "Indians allied to the defender");
        }
        t
    }

    /// 8 where `side`'s markers in `region` attack from: their town, or `outside Quebec` when
    /// they stand outside and near the flag town they lost.
    pub fn from_words(&self, region: Region, side: Side) -> String {
        let reg = &map().regions[region as usize];
        let from = self.town_of(region, side);
        if self.outside(region, side) {
            format!("outside {}", reg.towns[self.target(region, side)].name)
        } else {
            reg.towns[from as usize].name.clone()
        }
    }

    /// 8 the chance, in sixths, that an attack by `side` in `region` advances.
    pub fn advance_sixths(&self, region: Region, side: Side) -> u8 {
        charts()
            .advance
            .sixths(self.attack_terms(region, side).total())
    }

    /// 8 `side` advances in `region`: its markers move into the town attacked and the
    /// defenders retreat one town (off their flag town: outside and near it).
    pub fn advance(&mut self, region: Region, side: Side) {
        self.front[region as usize] += crate::side::sign(side);
    }

    /// 8 where the defenders `side` went after losing `target` in `region`: "the French
    /// retreat to Venango", or "fall back outside and near" it off their flag town.
    fn retreat_words(&self, region: Region, side: Side, target: usize) -> String {
        let reg = &map().regions[region as usize];
        if self.outside(region, side) {
            format!(
                "the {} fall back outside and near {}",
                side.name(),
                reg.towns[target].name
            )
        } else {
            format!(
                "the {} retreat to {}",
                side.name(),
                reg.towns[self.town_of(region, side) as usize].name
            )
        }
    }
}

impl Solitaire {
    /// The same game with its attacks settled outside: each waits in [`Step::Attack`] for
    /// [`Solitaire::settle`] (a campaign's battle) or `roll` (the chart's die), instead of
    /// being rolled for at once. Nothing else of the rules changes.
    pub fn settling_outside(mut self) -> Self {
        self.outside = true;
        self
    }

    /// 8 the attack waiting to be settled, if any.
    pub fn pending(&self) -> Option<Pending> {
        self.board.pending
    }

    /// 8 an attack by `side` in `region` is made: rolled for at once, or, in a game that
    /// settles its attacks outside, left waiting in [`Step::Attack`]. Whether it advanced;
    /// `None` while it waits.
    pub(crate) fn resolve_attack(&mut self, region: Region, side: Side) -> Option<bool> {
        let seat = self.board.seat_of(side);
        self.attacks[seat] = self.attacks[seat].saturating_add(1);
        if self.outside {
            self.board.pending = Some(Pending { region, side });
            self.board.step = Step::Attack;
            let b = self.board;
            self.log.public(|| {
                let reg = &map().regions[region as usize];
                format!(
                    "The {} attack {} ({}) from {}: {}; the chart would advance {}/6. To be settled (8).",
                    side.name(),
                    reg.towns[b.target(region, side)].name,
                    reg.name,
                    b.from_words(region, side),
                    b.attack_terms(region, side).describe(),
                    b.advance_sixths(region, side)
                )
            });
            return None;
        }
        Some(self.roll_attack(region, side))
    }

    /// 8 settles the waiting attack by the Advance Result Chart's die (`roll`).
    pub(crate) fn roll_pending(&mut self) {
        let Some(p) = self.board.pending else { return };
        let recovering = self.board.outside(p.region, p.side);
        let advanced = self.roll_attack(p.region, p.side);
        self.after_settled(p, advanced, recovering);
    }

    /// 8 settles the waiting attack as a battle fought for it went (`how`, for the log: "the
    /// generals fought it as a D3 battle at Fort Carillon: the French held"): the attackers
    /// advance or not, and the markers that lost heavily are reduced or cut off.
    ///
    /// # Errors
    /// Rule 8 when no attack is waiting.
    pub fn settle(&mut self, s: Settlement, how: &str) -> Result<(), RuleError> {
        let Some(p) = self.board.pending else {
            return Err(RuleError::new("8", "no attack is waiting to be settled"));
        };
        let recovering = self.board.outside(p.region, p.side);
        let before = self.board;
        self.epoch += 1;
        if s.advanced {
            self.board.advance(p.region, p.side);
        }
        let r = p.region as usize;
        for side in [Side::British, Side::French] {
            let i = side.index();
            if s.reduce[i] {
                self.board.reduced[r][i] = true;
            }
            if s.cut[i] && self.board.army_of(p.region, side).is_some() {
                self.board.unsupplied[r][i] = true;
            }
        }
        let after = self.board;
        self.log.public(|| {
            let reg = &map().regions[r];
            let target = before.target(p.region, p.side);
            let mut words = if s.advanced {
                format!(
                    "the {} advance into {}; {}",
                    p.side.name(),
                    reg.towns[target].name,
                    after.retreat_words(p.region, p.side.other(), target)
                )
            } else {
                "no result".to_string()
            };
            for side in [Side::British, Side::French] {
                let i = side.index();
                if s.reduce[i] && !before.reduced[r][i] {
                    words += &format!("; the {} militia is reduced", side.name());
                }
                if s.cut[i] && after.unsupplied[r][i] && !before.unsupplied[r][i] {
                    words += &format!("; the {} army is out of supply", side.name());
                }
            }
            format!("{how}: {words} (8).")
        });
        self.after_settled(p, s.advanced, recovering);
        Ok(())
    }

    /// The turn goes on after an attack is settled: the player's actions, or, after the
    /// BOT's, the end of the turn.
    fn after_settled(&mut self, p: Pending, advanced: bool, recovering: bool) {
        self.board.pending = None;
        self.board.step = Step::Actions;
        if !self.board.two_players && p.side == self.board.bot() {
            self.count_recovery(recovering, advanced);
            self.board.ap = 0;
            self.after_bot_turn();
        }
    }

    /// 8 a BOT attack settled: counted for `fiw sim` when it was one to take back its own flag
    /// town (`recovering`), with whether it did.
    pub(crate) fn count_recovery(&mut self, recovering: bool, advanced: bool) {
        if recovering {
            let t = &mut self.tally;
            t.recovery_attacks = t.recovery_attacks.saturating_add(1);
            t.recoveries = t.recoveries.saturating_add(advanced as u16);
        }
    }

    /// 8 one die on the Advance Result Chart with the cumulative modifiers (a natural 1 or 6
    /// unmodified). Whether the attack advanced.
    fn roll_attack(&mut self, region: Region, side: Side) -> bool {
        let terms = self.board.attack_terms(region, side);
        let target = self.board.target(region, side);
        let chart = charts().advance;
        let b = self.board;
        self.dice.ask(1, 6, || {
            format!(
                "The {} attack {} ({}) from {} (8): one die, {}; a modified {} or more advances, a \
                 natural {} never, a natural {} always",
                side.name(),
                map().regions[region as usize].towns[target].name,
                map().regions[region as usize].name,
                b.from_words(region, side),
                terms.describe(),
                chart.at_least,
                chart.never,
                chart.always
            )
        });
        let die = self.dice.d6();
        self.epoch += 1;
        let drm = terms.total();
        let advanced = chart.advances(die, drm);
        if advanced {
            self.board.advance(region, side);
        }
        let before = b;
        let b = self.board;
        self.log.public(|| {
            let m = map();
            let reg = &m.regions[region as usize];
            let from = before.from_words(region, side);
            let total = if die == chart.never || die == chart.always {
                format!("natural {die}, not modified")
            } else {
                format!("{} = {}", terms.describe(), die as i8 + drm)
            };
            let result = if advanced {
                format!(
                    "advance into {}; {}",
                    reg.towns[target].name,
                    b.retreat_words(region, side.other(), target)
                )
            } else {
                "no result".into()
            };
            format!(
                "{} attack {} ({}) from {from}: die {die}, {total}: {result} (8).",
                side.name(),
                reg.towns[target].name,
                reg.name
            )
        });
        advanced
    }
}
