//! 9 army battles (9.1 order, 9.2 rounds and hits, 9.3 location effects), 10 retreats, and
//! 11 ship battles.

use crate::actions::{Action, UnitId};
use crate::board::*;
use crate::fire::{hit_on, BattleKind};
use crate::forces::{forces, Kind, Side};
use crate::legal::Why;
use crate::state::{blocks, Battle, Louisbourg, Pool, Step, Then};

fn bit(l: Loc) -> u32 {
    1 << l
}

impl Louisbourg {
    /// 9.1 the next battle: the attacker picks the order when there are several.
    pub(crate) fn next_battle(&mut self) {
        match self.pending.count_ones() {
            0 => self.after_battles(),
            1 => self.start_battle(self.pending.trailing_zeros() as Loc),
            _ => self.set_step(Step::ChooseBattle(self.active)),
        }
    }

    pub(crate) fn why_not_battle(&self, loc: Loc) -> Result<(), Why> {
        if (loc as usize) < 32 && self.pending & bit(loc) != 0 {
            Ok(())
        } else {
            Err(Why::new("9.1", "there is no battle waiting there"))
        }
    }

    pub(crate) fn battle_candidates(&self, out: &mut Vec<Action>) {
        for l in 0..PLACES as Loc {
            if self.pending & bit(l) != 0 {
                out.push(Action::Battle(l));
            }
        }
    }

    /// 9.2 both sides reveal their blocks, and the rounds begin.
    pub(crate) fn start_battle(&mut self, loc: Loc) {
        self.pending &= !bit(loc);
        let kind = if !is_land(loc) {
            BattleKind::Ship
        } else if self.raid {
            BattleKind::Raid
        } else if self.amphibious_into & bit(loc) != 0 {
            BattleKind::Amphibious
        } else {
            BattleKind::Land
        };
        let attacker = self.active;
        let attack_from = self
            .at(attacker, loc)
            .filter(|(_, u)| (u.from as usize) < 32)
            .fold(0, |m, (_, u)| m | bit(u.from));
        self.battle = Some(Battle {
            loc,
            kind,
            attacker,
            round: 1,
            attack_from,
        });
        for u in self.units.iter_mut() {
            if u.loc == loc {
                u.revealed = true;
            }
        }
        self.bump_epoch();
        if self.log.is_on() {
            let list = |s: Side| {
                // 8.3.3, 11 a ship used for an amphibious move this turn is named as such: it
                // defends at 1 SP
                self.at(s, loc)
                    .map(|(i, u)| {
                        let used = if kind == BattleKind::Ship && u.weak {
                            " (used: defends at 1)"
                        } else {
                            ""
                        };
                        format!("{} {}{used}", self.kind_of(i).id(), u.sp)
                    })
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let (a, d) = (list(attacker), list(attacker.other()));
            let what = match kind {
                BattleKind::Ship => "Ship battle",
                BattleKind::Raid => "Raid",
                BattleKind::Amphibious => "Amphibious attack",
                _ => "Battle",
            };
            self.log.public(|| {
                format!(
                    "{what} at {}: the {} attack with {a}; the {} defend with {d}.",
                    board().name(loc),
                    attacker.name(),
                    attacker.other().name()
                )
            });
        }
        self.defender_turn();
    }

    fn current(&self) -> Battle {
        self.battle.unwrap_or(Battle {
            loc: ELIMINATED,
            kind: BattleKind::Land,
            attacker: self.active,
            round: 1,
            attack_from: 0,
        })
    }

    /// 10 from the second round a side may retreat instead of firing; the defender decides
    /// first.
    fn defender_turn(&mut self) {
        let b = self.current();
        let d = b.attacker.other();
        if b.round >= 2 && b.kind != BattleKind::Raid && self.can_retreat(d) {
            self.set_step(Step::Stay(d));
        } else {
            self.defender_fire();
        }
    }

    fn defender_fire(&mut self) {
        let b = self.current();
        let hits = self.fire(b.attacker.other());
        self.start_hits(b.attacker, hits, Pool::At(b.loc), Then::DefenderFired);
    }

    fn attacker_turn(&mut self) {
        let b = self.current();
        if b.round >= 2 && b.kind != BattleKind::Raid && self.can_retreat(b.attacker) {
            self.set_step(Step::Stay(b.attacker));
        } else {
            self.attacker_fire();
        }
    }

    fn attacker_fire(&mut self) {
        let b = self.current();
        let hits = self.fire(b.attacker);
        self.start_hits(
            b.attacker.other(),
            hits,
            Pool::At(b.loc),
            Then::AttackerFired,
        );
    }

    /// 9.2 one block's battle fire: its dice (its SP; a weak ship 1, 11) and the lowest face
    /// that hits (9.3, 8.3.2, 8.3.3, and any card in force).
    fn block_fire(&self, b: &Battle, side: Side, i: usize) -> (u32, u8) {
        let defending = side != b.attacker;
        let e = self.effects[side.seat()];
        let amphibious_defence = !self.effects[b.attacker.seat()].no_amphibious_defence;
        let u = self.units[i];
        let mut t = hit_on(
            u.kind,
            defending,
            b.loc,
            b.kind,
            b.round,
            amphibious_defence,
        );
        let card = if defending {
            e.defend_fire
                .filter(|&(_, _, at)| at.is_none_or(|l| l == b.loc))
                .map(|(h, r, _)| (h, r))
        } else {
            e.attack_fire
        };
        if let Some((h, rounds)) = card {
            if rounds == crate::cards::Rounds::All || b.round == 1 {
                t = t.min(h);
            }
        }
        let n = if u.weak && defending && b.kind == BattleKind::Ship {
            1
        } else {
            u.sp as u32
        };
        (n, t)
    }

    /// 9.2 what a side's fire rolls, in the rule's words, for players rolling real dice: "the
    /// French fire 4 dice at Green Hills, hitting on 6", the dice in the order they are read
    /// when blocks hit on different faces.
    fn fire_words(&self, side: Side) -> (u32, String) {
        let b = self.current();
        let mut groups: Vec<(u32, u8)> = Vec::new();
        for i in blocks(self.mask(side, b.loc)) {
            let (n, t) = self.block_fire(&b, side, i);
            match groups.last_mut() {
                Some((m, last)) if *last == t => *m += n,
                _ if n > 0 => groups.push((n, t)),
                _ => {}
            }
        }
        let total: u32 = groups.iter().map(|g| g.0).sum();
        let dice = |n: u32| format!("{n} {}", if n == 1 { "die" } else { "dice" });
        let mut text = format!(
            "The {} fire {} at {} (round {}, 9.2)",
            side.name(),
            dice(total),
            board().name(b.loc),
            b.round
        );
        if let [(_, t)] = groups[..] {
            text += &format!(", hitting on {}", crate::fire::faces_from(t));
        } else {
            for (k, (n, t)) in groups.iter().enumerate() {
                text += if k == 0 { ": " } else { ", then " };
                text += &format!("{} hitting on {}", dice(*n), crate::fire::faces_from(*t));
            }
        }
        (total, text)
    }

    /// 9.2 battle fire: each unit rolls its SP in dice (a weak ship 1, 11) and hits on its rate
    /// (9.3, 8.3.2, 8.3.3, and any card in force).
    fn fire(&mut self, side: Side) -> u8 {
        let b = self.current();
        if self.dice.is_manual() {
            let (n, words) = self.fire_words(side);
            self.dice.ask(n, 6, || words);
        }
        let logging = self.log.is_on();
        // the dice by the face they hit on, in the order rolled (blocks hitting on one face
        // together), so the log shows which die hit on what
        let mut groups: Vec<(u8, Vec<u8>)> = Vec::new();
        let (mut hits, mut dice) = (0u32, 0u32);
        for i in blocks(self.mask(side, b.loc)) {
            let (n, t) = self.block_fire(&b, side, i);
            dice += n;
            if logging {
                if n > 0 && groups.last().is_none_or(|g| g.0 != t) {
                    groups.push((t, Vec::new()));
                }
                for _ in 0..n {
                    let f = self.dice.d6();
                    if let Some(g) = groups.last_mut() {
                        g.1.push(f);
                    }
                    hits += (f >= t) as u32;
                }
            } else {
                hits += self.dice.count_d6_at_least(n, t);
            }
        }
        self.bump_epoch();
        if logging {
            let round = b.round;
            let s =
                |n: u32, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
            let faces = |f: &[u8]| {
                f.iter()
                    .map(|f| f.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            let rolled = match &groups[..] {
                [(t, f)] => format!("hitting on {t}+: {}", faces(f)),
                _ => groups
                    .iter()
                    .map(|(t, f)| {
                        format!(
                            "{} hitting on {t}+: {}",
                            s(f.len() as u32, "die", "dice"),
                            faces(f)
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("; "),
            };
            self.log.public(|| {
                format!(
                    "Round {round}: the {} fire {}, {rolled}: {}.",
                    side.name(),
                    s(dice, "die", "dice"),
                    s(hits, "hit", "hits")
                )
            });
        }
        hits.min(255) as u8
    }

    /// The blocks a run of hits can fall on.
    fn hit_targets(&self, owner: Side, pool: Pool) -> impl Iterator<Item = usize> + '_ {
        let bits = match pool {
            Pool::At(l) => self.mask(owner, l),
            Pool::Army => {
                let mut m = self.mask(owner, BRITISH_BOX) | self.mask(owner, REINFORCEMENTS);
                for l in 0..LAND as Loc {
                    m |= self.mask(owner, l);
                }
                m
            }
        };
        blocks(bits)
    }

    /// 9.2 which blocks are alike for a hit: same type, SP and (in a ship battle) weakness, and,
    /// for the attacker of the battle being fought, the same road in. An attacker retreats to
    /// where it came from (10), so the block the owner keeps decides where the survivor goes:
    /// blocks that came by different roads are never alike, and the owner chooses.
    fn hit_class(&self, i: usize, pool: Pool) -> (Kind, u8, bool, Loc) {
        let u = self.units[i];
        let road_in = match self.battle {
            Some(b) if pool == Pool::At(b.loc) && u.side == b.attacker => u.from,
            _ => ELIMINATED,
        };
        (self.kind_of(i), u.sp, u.weak, road_in)
    }

    /// 9.2 applying hits: the owner chooses; the choice is skipped when it cannot matter (all
    /// blocks alike, or every block is lost anyway).
    pub(crate) fn start_hits(&mut self, owner: Side, hits: u8, pool: Pool, then: Then) {
        self.set_step(Step::Hits {
            owner,
            left: hits,
            pool,
            then,
        });
        self.settle_hits();
    }

    fn settle_hits(&mut self) {
        loop {
            let Step::Hits {
                owner,
                left,
                pool,
                then,
            } = self.step
            else {
                return;
            };
            let first = self.hit_targets(owner, pool).next();
            let Some(first) = first.filter(|_| left > 0) else {
                self.after_hits(then);
                return;
            };
            let in_ship_battle = self
                .battle
                .is_some_and(|b| b.kind == BattleKind::Ship && pool == Pool::At(b.loc));
            let hp: u32 = self
                .hit_targets(owner, pool)
                .map(|i| {
                    if in_ship_battle && self.units[i].weak {
                        1
                    } else {
                        self.units[i].sp as u32
                    }
                })
                .sum();
            if left as u32 >= hp {
                let all: Vec<usize> = self.hit_targets(owner, pool).collect();
                for i in all {
                    while self.units[i].loc != ELIMINATED {
                        self.reduce(i);
                    }
                }
                self.after_hits(then);
                return;
            }
            let class = self.hit_class(first, pool);
            if self
                .hit_targets(owner, pool)
                .all(|i| self.hit_class(i, pool) == class)
            {
                self.reduce(first);
                self.set_step(Step::Hits {
                    owner,
                    left: left - 1,
                    pool,
                    then,
                });
                continue;
            }
            return;
        }
    }

    pub(crate) fn why_not_hit(&self, unit: UnitId) -> Result<(), Why> {
        match self.step {
            Step::Hits { owner, pool, .. }
                if self.hit_targets(owner, pool).any(|i| i == unit as usize) =>
            {
                Ok(())
            }
            Step::Hits { .. } => Err(Why::new(
                "9.2",
                "hits go on your own units in that location",
            )),
            _ => Err(Why::new("9.2", "there are no hits to apply now")),
        }
    }

    pub(crate) fn hit_candidates(&self, out: &mut Vec<Action>) {
        if let Step::Hits { owner, pool, .. } = self.step {
            let mut seen: Vec<(Kind, u8, bool, Loc)> = Vec::new();
            for i in self.hit_targets(owner, pool) {
                let c = self.hit_class(i, pool);
                if !seen.contains(&c) {
                    seen.push(c);
                    out.push(Action::Hit(i as UnitId));
                }
            }
        }
    }

    pub(crate) fn apply_hit(&mut self, unit: UnitId) {
        if let Step::Hits {
            owner,
            left,
            pool,
            then,
        } = self.step
        {
            let id = &forces().units[unit as usize].id;
            self.log
                .private(owner.seat(), || format!("{id} takes a hit"));
            self.reduce(unit as usize);
            self.set_step(Step::Hits {
                owner,
                left: left.saturating_sub(1),
                pool,
                then,
            });
            self.settle_hits();
        }
    }

    fn after_hits(&mut self, then: Then) {
        match then {
            Then::DefenderFired => {
                let b = self.current();
                if self.occupies(b.attacker, b.loc) {
                    self.attacker_turn();
                } else {
                    self.end_battle();
                }
            }
            Then::AttackerFired => {
                let b = self.current();
                if !self.occupies(b.attacker.other(), b.loc) {
                    self.raiders_return();
                    self.end_battle();
                } else if b.kind == BattleKind::Raid {
                    // 8.3.2 one round, then the raiders must go back
                    self.raiders_return();
                    self.end_battle();
                } else {
                    self.battle = Some(Battle {
                        round: b.round + 1,
                        ..b
                    });
                    self.defender_turn();
                }
            }
            Then::Bombarded(side) => {
                self.after_bombard(side);
                self.skip_idle_steps();
            }
            Then::BackToBombard(side) => self.back_to_bombard(side),
            Then::Attrition => self.continue_draws(),
        }
    }

    /// 8.3.2 raiders return to the location they came from.
    fn raiders_return(&mut self) {
        let b = self.current();
        if b.kind != BattleKind::Raid {
            return;
        }
        let mut home = ELIMINATED;
        for i in 0..self.units.len() {
            if self.units[i].loc == b.loc && self.side_of(i) == b.attacker {
                home = self.units[i].from;
                self.set_loc(i, home);
                self.units[i].revealed = false;
            }
        }
        if home != ELIMINATED {
            self.log
                .public(|| format!("The raiders return to {}.", board().name(home)));
        }
    }

    fn end_battle(&mut self) {
        let b = self.current();
        // 5 what both sides saw of the blocks left there is their count of its losses; then
        // the blocks stand up again, hidden (the log keeps what was seen)
        for side in [Side::British, Side::French] {
            self.count_losses_seen(side, b.loc);
        }
        for u in self.units.iter_mut() {
            u.revealed = false;
        }
        self.battle = None;
        self.update_control();
        let winner =
            if self.occupies(b.attacker, b.loc) && !self.occupies(b.attacker.other(), b.loc) {
                b.attacker.name()
            } else if self.occupies(b.attacker.other(), b.loc) {
                b.attacker.other().name()
            } else {
                "nobody"
            };
        self.log.public(|| {
            format!(
                "The battle at {} is over: {winner} hold it.",
                board().name(b.loc)
            )
        });
        self.next_battle();
    }

    /// Whether `side` may go to `loc` in a retreat: not held by the enemy, not a battle still
    /// to be fought (10).
    fn open_for(&self, side: Side, loc: Loc) -> bool {
        if loc == ELIMINATED || (loc as usize) < 32 && self.pending & bit(loc) != 0 {
            return false;
        }
        !self.occupies(side.other(), loc)
    }

    /// 10 where one retreating block may go by rule 10 alone: attackers back where they came
    /// from, defenders to any open location no unit of the attack came from.
    fn open_retreats(&self, i: usize) -> impl Iterator<Item = Loc> + '_ {
        let b = self.current();
        let side = self.side_of(i);
        let u = self.units[i];
        let attacking = side == b.attacker;
        // 10 closed to defenders: wherever any unit of the attack came from, alive or not
        let attacker_from = b.attack_from;
        let candidates: &[Loc] = if attacking || !is_land(b.loc) {
            &[]
        } else {
            &board().neighbours[b.loc as usize]
        };
        let back = attacking.then_some(u.from);
        back.into_iter()
            .chain(
                candidates
                    .iter()
                    .copied()
                    .filter(move |&l| attacker_from & bit(l) == 0),
            )
            .filter(move |&l| self.open_for(side, l))
    }

    /// 10 where one retreating block may go: the open locations of rule 10, but never
    /// Louisbourg for an Indian (5.2: it may not end a turn there).
    fn retreat_dests(&self, i: usize) -> impl Iterator<Item = Loc> + '_ {
        let indian = self.kind_of(i) == Kind::Indian;
        self.open_retreats(i)
            .filter(move |&l| !(indian && l == LOUISBOURG))
    }

    /// 5.2, 10 an Indian whose only open way back is Louisbourg. Rule 10 blocks a retreat only
    /// where enemies stand or a battle waits, so such an Indian does not hold its group in the
    /// battle; it cannot go where the group goes, and no unit stays behind in a retreat, so it
    /// is lost when its side retreats (the French choose between fighting on and losing it).
    fn lost_in_retreat(&self, i: usize) -> bool {
        self.retreat_dests(i).next().is_none() && self.open_retreats(i).next().is_some()
    }

    /// 10 a side may retreat only if every one of its blocks has somewhere to go (an Indian
    /// barred only from Louisbourg aside, see [`Self::lost_in_retreat`]) and one block at
    /// least gets away; 11 defending ships never retreat.
    pub(crate) fn can_retreat(&self, side: Side) -> bool {
        let b = self.current();
        if b.kind == BattleKind::Ship && side != b.attacker {
            return false;
        }
        let mut any = false;
        for (i, _) in self.at(side, b.loc) {
            if self.retreat_dests(i).next().is_some() {
                any = true;
            } else if !self.lost_in_retreat(i) {
                return false;
            }
        }
        any
    }

    /// The blocks a retreat by `side` now would cost (5.2, 10).
    pub(crate) fn lost_if_retreating(&self, side: Side) -> Vec<usize> {
        let b = self.current();
        self.at(side, b.loc)
            .map(|(i, _)| i)
            .filter(|&i| self.lost_in_retreat(i))
            .collect()
    }

    pub(crate) fn why_not_stay(&self, a: &Action) -> Result<(), Why> {
        match (self.step, a) {
            (Step::Stay(_), Action::Fire) => Ok(()),
            (Step::Stay(s), Action::Retreat) if self.can_retreat(s) => Ok(()),
            (Step::Stay(_), Action::Retreat) => Err(Why::new(
                "10",
                "every retreat route is blocked: the battle goes on",
            )),
            _ => Err(Why::new(
                "10",
                "there is no battle round waiting for that choice",
            )),
        }
    }

    pub(crate) fn apply_stay(&mut self, a: Action) {
        let Step::Stay(side) = self.step else { return };
        let b = self.current();
        match a {
            Action::Fire if side == b.attacker => self.attacker_fire(),
            Action::Fire => self.defender_fire(),
            _ => {
                self.log.public(|| {
                    format!(
                        "The {} retreat from {} (10).",
                        side.name(),
                        board().name(b.loc)
                    )
                });
                for i in self.lost_if_retreating(side) {
                    self.log.public(|| {
                        "The Indian may not go into Louisbourg (5.2) and is lost with the retreat (10)."
                            .into()
                    });
                    while self.units[i].loc != ELIMINATED {
                        self.reduce(i);
                    }
                }
                self.retreat_used = [0; MAX_ROADS];
                self.set_step(Step::Retreat(side));
                self.settle_retreat();
            }
        }
    }

    pub(crate) fn why_not_retreat(&self, unit: UnitId, to: Loc) -> Result<(), Why> {
        let Step::Retreat(side) = self.step else {
            return Err(Why::new("10", "no retreat is under way"));
        };
        let i = unit as usize;
        let b = self.current();
        if self.side_of(i) != side || self.units[i].loc != b.loc {
            return Err(Why::new(
                "10",
                "retreat your units from the battle location",
            ));
        }
        if !self.retreat_dests(i).any(|l| l == to) {
            return Err(Why::new(
                "10",
                "attackers go back where they came from; defenders to an open location the attackers did not come from",
            ));
        }
        Ok(())
    }

    /// Retreats the rest automatically when every block has one way out and no road limit
    /// can be exceeded, so the owner is asked only when a choice matters.
    fn settle_retreat(&mut self) {
        let Step::Retreat(side) = self.step else {
            return;
        };
        let b = self.current();
        let left: Vec<usize> = self.at(side, b.loc).map(|(i, _)| i).collect();
        if left.is_empty() {
            self.end_battle();
            return;
        }
        let mut load = self.retreat_used;
        for &i in &left {
            let mut d = self.retreat_dests(i);
            let (Some(to), None) = (d.next(), d.next()) else {
                return;
            };
            if let Some(k) = board().road(b.loc, to) {
                let r = Self::road_index(b.loc, to);
                load[r] += 1;
                if load[r] > k.limit() && !self.effects[side.seat()].no_retreat_loss {
                    return;
                }
            }
        }
        for i in left {
            let to = self.retreat_dests(i).next();
            if let Some(to) = to {
                self.move_retreating(i, to);
            }
        }
        self.end_battle();
    }

    pub(crate) fn apply_retreat_go(&mut self, i: usize, to: Loc) {
        self.move_retreating(i, to);
        self.settle_retreat();
    }

    /// 10 a retreating block moves one location; over the road's limit it loses 1 SP.
    fn move_retreating(&mut self, i: usize, to: Loc) {
        let b = self.current();
        let side = self.side_of(i);
        self.set_loc(i, to);
        self.log
            .public(|| format!("A {} block retreats to {}.", side.name(), board().name(to)));
        if let Some(k) = board().road(b.loc, to) {
            let r = Self::road_index(b.loc, to);
            self.retreat_used[r] += 1;
            if self.retreat_used[r] > k.limit() && !self.effects[side.seat()].no_retreat_loss {
                self.log
                    .public(|| "It is over the road limit and loses 1 SP (10).".into());
                // still face up from the battle: the enemy sees which block loses it
                self.reduce(i);
            }
        }
        self.units[i].revealed = false;
    }
}
