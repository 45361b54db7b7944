//! 8 Resolving Attacks in Regions: the cumulative modifiers, the Advance Result Chart, and the
//! advance and retreat (off the flag town, the defenders stand outside and near it).

use crate::charts::charts;
use crate::map::{map, Region, ATLANTIC};
use crate::side::{Side, BOT, PLAYER};
use crate::state::{Board, Solitaire};
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
}

impl Solitaire {
    /// 8 resolves an attack by `side` in `region`: one die on the Advance Result Chart with the
    /// cumulative modifiers (a natural 1 or 6 unmodified). Returns whether it advanced.
    pub(crate) fn resolve_attack(&mut self, region: Region, side: Side) -> bool {
        let seat = if side == self.board.player {
            PLAYER
        } else {
            BOT
        };
        self.attacks[seat] = self.attacks[seat].saturating_add(1);
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
                let back = if b.outside(region, side.other()) {
                    format!(
                        "the {} fall back outside and near {}",
                        side.other().name(),
                        reg.towns[target].name
                    )
                } else {
                    format!(
                        "the {} retreat to {}",
                        side.other().name(),
                        reg.towns[b.town_of(region, side.other()) as usize].name
                    )
                };
                format!("advance into {}; {back}", reg.towns[target].name)
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
