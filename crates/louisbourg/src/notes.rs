//! The notes beside the actions of a menu: the exact odds of the battle an action starts or
//! goes on with, and what a bombardment is expected to take.
//!
//! A note is written from the deciding seat's knowledge alone (what its view holds). Enemy
//! blocks face up in a battle, and ships, are counted as they are; hidden blocks as the seat may
//! imagine them: the note averages the exact odds over draws of the enemy's army from what the
//! seat has seen (`draw_enemy_army`), from a fixed seed, so it is the same every time it is
//! shown and the same in any two positions the seat cannot tell apart.

use crate::actions::Action;
use crate::board::*;
use crate::fire::{bombardment_losses, hit_on, BattleKind};
use crate::forces::{Kind, Side};
use crate::odds::{hit_chance, odds, Fighter, Odds, OddsQuery};
use crate::state::{Louisbourg, Step};
use fiw_engine::Dice;
use std::cell::RefCell;
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

/// Draws of the hidden enemy blocks a note averages over.
const DRAWS: u32 = 32;
/// The seed of those draws: fixed, so a note does not change from one showing to the next.
const NOTE_SEED: u64 = 0x6e6f_7465;

/// A battle the note weighs: the seat's side against what stands at `loc`.
struct Fight {
    loc: Loc,
    kind: BattleKind,
    /// The seat's own blocks in it (for a move: those already there and the one moving).
    own: Vec<Fighter>,
    /// Whether the seat attacks.
    attacking: bool,
}

/// The exact odds of a battle, kept per thread: outside a raid they depend only on the two SP
/// totals, where it is fought and whether it is an amphibious attack or a ship battle
/// (odds.rs), and a menu asks the same battles many times.
fn battle_odds(q: &OddsQuery) -> Option<Odds> {
    type Key = (u32, u32, Option<Loc>, bool, bool);
    thread_local! {
        static KEPT: RefCell<HashMap<Key, Option<Odds>>> = RefCell::new(HashMap::new());
    }
    if q.raid {
        return odds(q).ok();
    }
    let total = |side: &[Fighter]| side.iter().map(|f| f.sp as u32).sum::<u32>();
    let ships = q.attacker.iter().any(|f| f.kind == Kind::Ship);
    let key = (
        total(&q.attacker),
        total(&q.defender),
        q.at,
        q.amphibious,
        ships,
    );
    if let Some(o) = KEPT.with(|k| k.borrow().get(&key).cloned()) {
        return o;
    }
    let o = odds(q).ok();
    KEPT.with(|k| {
        let mut k = k.borrow_mut();
        if k.len() >= 4096 {
            k.clear();
        }
        k.insert(key, o.clone());
    });
    o
}

impl Louisbourg {
    /// The note for `a` in the current menu, from the deciding seat's knowledge, or `None`.
    pub fn note(&self, a: &Action) -> Option<String> {
        let seat = self.decider()?;
        self.why_not(a).ok()?;
        match (self.step, *a) {
            (Step::Bombard(_), Action::Bombard(t)) => {
                let drm = self.bombard_drm(seat, t).ok()?;
                let mean: f64 = (1..=6)
                    .map(|r| bombardment_losses(r + drm) as f64 / 6.0)
                    .sum();
                Some(format!("DRM {drm:+}: {mean:.1} SP lost on average"))
            }
            (
                Step::LandMove { .. }
                | Step::Amphibious { .. }
                | Step::Landing
                | Step::Raid { .. }
                | Step::ShipMove { .. },
                Action::Go { unit, to },
            ) if self.occupies(seat.other(), to) => {
                let u = self.units[unit as usize];
                let kind = if matches!(self.step, Step::Raid { .. }) {
                    BattleKind::Raid
                } else if !is_land(to) {
                    BattleKind::Ship
                } else if matches!(self.step, Step::Amphibious { .. } | Step::Landing)
                    || self.amphibious_into & (1 << to) != 0
                {
                    BattleKind::Amphibious
                } else {
                    BattleKind::Land
                };
                let mut own = self.own_fighters(seat, to);
                own.push(Fighter {
                    kind: u.kind,
                    sp: u.sp,
                });
                let landed = own.len();
                let note = self.fight_note(
                    seat,
                    &Fight {
                        loc: to,
                        kind,
                        own,
                        attacking: true,
                    },
                );
                // 7 the landing's units go ashore one by one: the odds are those of the units
                // there so far, which the first unit's note would otherwise pass off as the
                // landing's
                if self.step == Step::Landing {
                    let units = if landed == 1 { "unit" } else { "units" };
                    note.map(|n| format!("with the {landed} {units} landed there so far: {n}"))
                } else {
                    note
                }
            }
            (Step::Raid { to, .. }, Action::Done) => self.fight_note(
                seat,
                &Fight {
                    loc: to,
                    kind: BattleKind::Raid,
                    own: self.own_fighters(seat, to),
                    attacking: true,
                },
            ),
            (Step::ChooseBattle(_), Action::Battle(l)) => {
                let kind = if !is_land(l) {
                    BattleKind::Ship
                } else if self.raid {
                    BattleKind::Raid
                } else if self.amphibious_into & (1 << l) != 0 {
                    BattleKind::Amphibious
                } else {
                    BattleKind::Land
                };
                self.fight_note(
                    seat,
                    &Fight {
                        loc: l,
                        kind,
                        own: self.own_fighters(seat, l),
                        attacking: true,
                    },
                )
            }
            (Step::Stay(_), Action::Fire) => self.fire_on_note(seat),
            (Step::Stay(side), Action::Retreat) => {
                // 5.2, 10 an Indian with no way back but Louisbourg is lost in the retreat
                let lost = self.lost_if_retreating(side).len();
                (lost > 0).then(|| {
                    format!(
                        "{} may not go into Louisbourg (5.2) and {} lost",
                        if lost == 1 {
                            "the Indian"
                        } else {
                            "the Indians"
                        },
                        if lost == 1 { "is" } else { "are" }
                    )
                })
            }
            _ => None,
        }
    }

    /// The seat's blocks at `loc` as fighters (a ship used for an amphibious move defends at 1).
    fn own_fighters(&self, seat: Side, loc: Loc) -> Vec<Fighter> {
        self.at(seat, loc)
            .map(|(_, u)| Fighter {
                kind: u.kind,
                sp: u.sp,
            })
            .collect()
    }

    /// The enemy's blocks at `loc` in each of the note's imagined positions. A menu asks the
    /// same of every move into one place, so the draws are kept, per thread, for the inputs
    /// they are drawn from (and a little more: the true blocks' state, which only makes the
    /// key finer; the draws themselves read only what the seat knows).
    fn imagined_at(&self, seat: Side, loc: Loc, defending: bool) -> Rc<Vec<Vec<Fighter>>> {
        thread_local! {
            static KEPT: RefCell<HashMap<u64, Rc<Vec<Vec<Fighter>>>>> = RefCell::new(HashMap::new());
        }
        let enemy = seat.other();
        let mut h = DefaultHasher::new();
        (
            seat.seat(),
            loc,
            defending,
            self.named_dead,
            self.options.open,
        )
            .hash(&mut h);
        self.loss_seen[enemy.seat()].hash(&mut h);
        if let Step::LandMove { must_continue, .. } = self.step {
            must_continue.hash(&mut h);
        }
        (self.step == Step::FrenchSetup, self.battle.map(|b| b.loc)).hash(&mut h);
        for u in self.units.iter().filter(|u| u.side == enemy) {
            (u.loc, u.sp, u.steps, u.from, u.revealed, u.weak).hash(&mut h);
        }
        let key = h.finish();
        if let Some(kept) = KEPT.with(|k| k.borrow().get(&key).cloned()) {
            return kept;
        }
        let mut dice = Dice::new(NOTE_SEED);
        let drawn: Vec<Vec<Fighter>> = (0..DRAWS)
            .map(|_| {
                let units = self.draw_enemy_army(seat, &mut dice).units;
                Self::enemy_fighters(&units, enemy, loc, defending)
            })
            .collect();
        let drawn = Rc::new(drawn);
        KEPT.with(|k| {
            let mut k = k.borrow_mut();
            if k.len() >= 64 {
                k.clear();
            }
            k.insert(key, drawn.clone());
        });
        drawn
    }

    /// The enemy's blocks at `loc` in one imagined position, as fighters.
    fn enemy_fighters(
        units: &[crate::state::Unit],
        enemy: Side,
        loc: Loc,
        defending: bool,
    ) -> Vec<Fighter> {
        units
            .iter()
            .filter(|u| u.side == enemy && u.loc == loc && u.sp > 0)
            .map(|u| Fighter {
                kind: u.kind,
                // 11 a ship that carried troops this turn defends at 1 SP
                sp: if u.weak && defending { 1 } else { u.sp },
            })
            .collect()
    }

    /// The odds of a battle fought to the end (a raid: its one round), averaged over what the
    /// hidden enemy blocks could be.
    fn fight_note(&self, seat: Side, f: &Fight) -> Option<String> {
        let enemy = seat.other();
        let mut cache: HashMap<Vec<(Kind, u8)>, Option<Odds>> = HashMap::new();
        let (mut win, mut lose, mut keep, mut left, mut before, mut n) =
            (0.0, 0.0, 0.0, 0.0, 0.0, 0u32);
        let hidden = self.mask(enemy, f.loc) != 0
            && self
                .at(enemy, f.loc)
                .any(|(_, u)| u.kind != Kind::Ship && !u.revealed && !self.options.open);
        let sides = if hidden {
            self.imagined_at(seat, f.loc, f.attacking)
        } else {
            Rc::new(vec![Self::enemy_fighters(
                &self.units,
                enemy,
                f.loc,
                f.attacking,
            )])
        };
        for theirs in sides.iter() {
            let their_sp: u8 = theirs.iter().map(|x| x.sp).sum();
            before += their_sp as f64;
            // outside a raid the odds depend only on the two SP totals (odds.rs)
            let mut key: Vec<(Kind, u8)> = if f.kind == BattleKind::Raid {
                theirs.iter().map(|x| (x.kind, x.sp)).collect()
            } else {
                vec![(Kind::Regular, their_sp)]
            };
            key.sort_unstable();
            let o = cache
                .entry(key)
                .or_insert_with(|| {
                    let (attacker, defender) = if f.attacking {
                        (f.own.clone(), theirs.clone())
                    } else {
                        (theirs.clone(), f.own.clone())
                    };
                    battle_odds(&OddsQuery {
                        attacker,
                        defender,
                        at: (f.kind != BattleKind::Ship).then_some(f.loc),
                        amphibious: f.kind == BattleKind::Amphibious,
                        raid: f.kind == BattleKind::Raid,
                        ..Default::default()
                    })
                })
                .clone()?;
            let (w, l, k, e) = if f.attacking {
                (
                    o.attacker_wins,
                    o.defender_wins,
                    o.attacker_sp_left_mean,
                    o.defender_sp_left_mean,
                )
            } else {
                (
                    o.defender_wins,
                    o.attacker_wins,
                    o.defender_sp_left_mean,
                    o.attacker_sp_left_mean,
                )
            };
            win += w;
            lose += l;
            keep += k;
            left += e;
            n += 1;
        }
        let n = n as f64;
        let own_sp: u32 = f.own.iter().map(|x| x.sp as u32).sum();
        let text = if f.kind == BattleKind::Raid {
            format!(
                "one round: you deal {:.1} SP, take {:.1} SP",
                (before - left) / n,
                own_sp as f64 - keep / n
            )
        } else {
            format!(
                "to the end: you win {:.0} %, lose {:.0} %; {:.1} SP of yours left",
                100.0 * win / n,
                100.0 * lose / n,
                keep / n
            )
        };
        let text = if hidden {
            format!("{text} (over what the hidden blocks could be)")
        } else {
            text
        };
        Some(self.with_cards(text))
    }

    /// A note made while a card's fire bonus is in force says the odds leave it out.
    fn with_cards(&self, text: String) -> String {
        let fire_card = self
            .effects
            .iter()
            .any(|e| e.attack_fire.is_some() || e.defend_fire.is_some());
        if fire_card {
            format!("{text}; not counting the fire card in force")
        } else {
            text
        }
    }

    /// 10 fighting on in the battle being fought (every block in it is face up): to the end,
    /// from this side's fire if the defender has already fired this round.
    fn fire_on_note(&self, seat: Side) -> Option<String> {
        let b = self.battle?;
        let (att, def) = (b.attacker, b.attacker.other());
        let fighters = |s: Side| Self::enemy_fighters(&self.units, s, b.loc, s == def);
        let query = |attacker: Vec<Fighter>, defender: Vec<Fighter>| OddsQuery {
            attacker,
            defender,
            at: (b.kind != BattleKind::Ship).then_some(b.loc),
            ..Default::default()
        };
        let (a_sp, d_sp) = (
            fighters(att).iter().map(|f| f.sp as u32).sum::<u32>(),
            fighters(def).iter().map(|f| f.sp as u32).sum::<u32>(),
        );
        let (mut a_wins, mut d_wins, mut mine) = (0.0, 0.0, 0.0);
        if seat == def {
            // the defender decides first in the round: the rest of the battle is a battle
            // from here with the round's defender fire first
            let o = battle_odds(&query(fighters(att), fighters(def)))?;
            (a_wins, d_wins, mine) = (o.attacker_wins, o.defender_wins, o.defender_sp_left_mean);
        } else {
            // the attacker fires now, then the rounds go on with the defender first
            let t = hit_on(Kind::Regular, false, b.loc, b.kind, b.round, true);
            let p = hit_chance(t);
            let mut pk = vec![1.0f64];
            for _ in 0..a_sp {
                let mut next = vec![0.0; pk.len() + 1];
                for (k, &q) in pk.iter().enumerate() {
                    next[k] += q * (1.0 - p);
                    next[k + 1] += q * p;
                }
                pk = next;
            }
            for (k, &q) in pk.iter().enumerate() {
                if k as u32 >= d_sp {
                    a_wins += q;
                    mine += q * a_sp as f64;
                    continue;
                }
                // the defenders' remaining SP, as one fighter each of what is left
                let defender = vec![
                    Fighter {
                        kind: Kind::Regular,
                        sp: 1
                    };
                    (d_sp - k as u32) as usize
                ];
                let mut defender = defender;
                if let Some(f) = fighters(def).first() {
                    if f.kind == Kind::Ship {
                        defender.iter_mut().for_each(|d| d.kind = Kind::Ship);
                    }
                }
                let o = battle_odds(&query(fighters(att), defender))?;
                a_wins += q * o.attacker_wins;
                d_wins += q * o.defender_wins;
                mine += q * o.attacker_sp_left_mean;
            }
        }
        let (win, lose) = if seat == att {
            (a_wins, d_wins)
        } else {
            (d_wins, a_wins)
        };
        Some(self.with_cards(format!(
            "fight on to the end: you win {:.0} %, lose {:.0} %; {mine:.1} SP of yours left",
            100.0 * win,
            100.0 * lose
        )))
    }
}
