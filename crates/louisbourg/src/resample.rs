//! A state drawn at random from those `seat` cannot tell apart from the true one: the hook
//! that information-set search needs, the source of the odds in the menu notes, and the tool
//! the tests use to prove that a view hides what it must (two such states must give the same
//! view).
//!
//! What a seat knows of the enemy's army blocks (5): where each stands and how it moved this
//! turn (the blocks are on the table), the blocks face up in the battle being fought, which
//! blocks it saw eliminated face up, the reinforcement box's two militia, and the losses it has
//! counted at each place (`loss_seen`). Not which block is which: blocks stand up again, hidden,
//! after a battle. A draw therefore deals the enemy's order of battle over the places its
//! blocks stand, then takes the counted losses off the blocks drawn for each place. It reads
//! nothing else of the true blocks, and lays out its draw in an order that depends on nothing
//! else either, so two states a seat cannot tell apart give the same draw from the same dice.

use crate::actions::UnitId;
use crate::board::{Loc, ELIMINATED, LOUISBOURG, REINFORCEMENTS};
use crate::forces::{forces, Kind, Side};
use crate::state::{Louisbourg, Step, Unit, UNPLACED};
use fiw_engine::{Dice, Log, Visibility};

/// What the enemy can tell of a block it sees face up: its type and printed SP. Blocks of one
/// class are interchangeable in every rule.
type Class = (Kind, u8);

fn class(i: usize) -> Class {
    let d = &forces().units[i];
    (d.kind, d.max_sp)
}

/// How many class deals are tried before the best is taken: a deal whose places cannot carry
/// the losses counted there is tried again.
const TRIES: usize = 32;

/// One enemy army block as the seat knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Slot {
    loc: Loc,
    steps: u8,
    from: Loc,
    /// Face up in the battle being fought: its SP.
    face_up: Option<u8>,
    /// Its class, when the seat knows it.
    known: Option<Class>,
}

/// The enemy's army drawn for `seat`: the new blocks (indexed like `forces().units`), the
/// enemy blocks seen eliminated by type, and the block a move under way must carry on.
pub(crate) struct Drawn {
    pub units: Vec<Unit>,
    pub named_dead: u64,
    pub must_continue: Option<UnitId>,
}

impl Louisbourg {
    /// The enemy's army blocks as `seat` may imagine them; everything else as it is.
    pub(crate) fn draw_enemy_army(&self, seat: Side, dice: &mut Dice) -> Drawn {
        let enemy = seat.other();
        let must = match self.step {
            Step::LandMove { must_continue, .. } => must_continue,
            _ => None,
        };
        let mut out = Drawn {
            units: self.units.clone(),
            named_dead: self.named_dead,
            must_continue: must,
        };
        if self.options.open {
            return out; // 14 open play: nothing about the blocks is hidden
        }
        let battle = self.battle.map(|b| b.loc);
        // 7 while the French set up, out of sight, the British know only that they will
        let setting_up = self.step == Step::FrenchSetup && seat == Side::British;
        let army: Vec<usize> = (0..self.units.len())
            .filter(|&i| self.units[i].side == enemy && self.units[i].kind != Kind::Ship)
            .collect();
        let slots: Vec<Slot> = army
            .iter()
            .map(|&i| {
                let u = self.units[i];
                let face_up = (u.revealed && battle == Some(u.loc)).then_some(u.sp);
                let known = face_up.is_some()
                    || (u.loc == ELIMINATED && self.named_dead & (1 << i) != 0)
                    || u.loc == REINFORCEMENTS
                    || must == Some(i as UnitId);
                let hidden_setup = setting_up && u.loc != REINFORCEMENTS;
                Slot {
                    loc: if hidden_setup { UNPLACED } else { u.loc },
                    steps: if hidden_setup { 0 } else { u.steps },
                    from: if hidden_setup { ELIMINATED } else { u.from },
                    face_up,
                    known: known.then(|| class(i)),
                }
            })
            .collect();
        // the classes no slot is known to hold, dealt over the slots that are not known
        let mut free: Vec<Class> = army.iter().map(|&i| class(i)).collect();
        free.sort_unstable();
        for s in &slots {
            if let Some(c) = s.known {
                if let Some(k) = free.iter().position(|&f| f == c) {
                    free.remove(k);
                }
            }
        }
        let mut open: Vec<usize> = (0..slots.len())
            .filter(|&k| slots[k].known.is_none())
            .collect();
        open.sort_unstable_by_key(|&k| slots[k]);
        let lost = &self.loss_seen[enemy.seat()];
        let deal = self.deal_classes(&slots, &open, &free, lost, dice);
        let class_of = |k: usize| slots[k].known.unwrap_or_else(|| deal[k]);
        // SP: printed, less the losses counted at each place, block by block at random
        let mut sp: Vec<u8> = (0..slots.len())
            .map(|k| match slots[k] {
                Slot {
                    face_up: Some(s), ..
                } => s,
                Slot {
                    loc: ELIMINATED, ..
                } => 0,
                _ => class_of(k).1,
            })
            .collect();
        let hidden = |k: usize| slots[k].face_up.is_none() && slots[k].loc != ELIMINATED;
        let mut places: Vec<Loc> = slots.iter().map(|s| s.loc).collect();
        places.sort_unstable();
        places.dedup();
        for &l in &places {
            let mut need = lost.get(l as usize).copied().unwrap_or(0);
            let mut at: Vec<usize> = (0..slots.len())
                .filter(|&k| hidden(k) && slots[k].loc == l)
                .collect();
            at.sort_unstable_by_key(|&k| (slots[k], class_of(k)));
            while need > 0 {
                let can: Vec<usize> = at.iter().copied().filter(|&k| sp[k] > 1).collect();
                if can.is_empty() {
                    break;
                }
                sp[can[dice.below(can.len() as u32) as usize]] -= 1;
                need -= 1;
            }
        }
        // blocks of one class in a fixed order: the lowest names to the first slots
        let mut order: Vec<usize> = (0..slots.len()).collect();
        order.sort_unstable_by_key(|&k| (class_of(k), slots[k], sp[k]));
        let mut names: Vec<usize> = army.clone();
        names.sort_unstable_by_key(|&i| (class(i), i));
        out.named_dead &= !army.iter().fold(0u64, |m, &i| m | 1 << i);
        for (&k, &i) in order.iter().zip(&names) {
            let s = slots[k];
            out.units[i] = Unit {
                side: enemy,
                kind: class(i).0,
                loc: s.loc,
                sp: sp[k],
                steps: s.steps,
                from: s.from,
                weak: false,
                revealed: s.face_up.is_some(),
            };
            if s.loc == ELIMINATED && s.known.is_some() {
                out.named_dead |= 1 << i;
            }
            if must.is_some_and(|m| army[k] == m as usize) {
                out.must_continue = Some(i as UnitId);
            }
        }
        out
    }

    /// Deals `free` over the `open` slots at random: never an Indian in Louisbourg (5.2), and
    /// if it can be done, with every place able to carry the losses counted there (a block
    /// loses at most its printed SP less one and stays).
    fn deal_classes(
        &self,
        slots: &[Slot],
        open: &[usize],
        free: &[Class],
        lost: &[u8],
        dice: &mut Dice,
    ) -> Vec<Class> {
        let mut best: Option<(u32, Vec<Class>)> = None;
        let mut deal = vec![(Kind::Ship, 0); slots.len()];
        for _ in 0..TRIES {
            let mut classes = free.to_vec();
            dice.shuffle(&mut classes);
            for (&k, &c) in open.iter().zip(&classes) {
                deal[k] = c;
            }
            let class_of = |k: usize| slots[k].known.unwrap_or(deal[k]);
            if open
                .iter()
                .any(|&k| slots[k].loc == LOUISBOURG && deal[k].0 == Kind::Indian)
            {
                continue;
            }
            let mut room = [0u32; 32];
            for (k, s) in slots.iter().enumerate() {
                if s.face_up.is_none() && (s.loc as usize) < room.len() {
                    room[s.loc as usize] += class_of(k).1.saturating_sub(1) as u32;
                }
            }
            let over: u32 = (0..lost.len().min(room.len()))
                .filter(|&l| l != ELIMINATED as usize)
                .map(|l| (lost[l] as u32).saturating_sub(room[l]))
                .sum();
            if best.as_ref().is_none_or(|(b, _)| over < *b) {
                best = Some((over, deal.clone()));
            }
            if over == 0 {
                break;
            }
        }
        if let Some((_, d)) = best {
            return d;
        }
        // every deal put an Indian in Louisbourg: swap each such Indian with a block elsewhere
        for &k in open {
            if slots[k].loc == LOUISBOURG && deal[k].0 == Kind::Indian {
                if let Some(&o) = open
                    .iter()
                    .find(|&&o| slots[o].loc != LOUISBOURG && deal[o].0 != Kind::Indian)
                {
                    deal.swap(k, o);
                }
            }
        }
        deal
    }

    /// Redeals what `seat` cannot see: the enemy's army blocks are drawn again over the places
    /// they stand (`draw_enemy_army`), the enemy's hand and face-down discards and the deck are
    /// redealt from the cards `seat` has not seen, the dice get a fresh seed, the British
    /// landing plan is redrawn while it is secret, and the log keeps only the lines `seat` may
    /// read (the enemy's own lines name blocks the draw has moved).
    pub fn resample_hidden(&self, seat: Side, dice: &mut Dice) -> Louisbourg {
        let mut g = self.clone();
        let enemy = seat.other();
        let drawn = self.draw_enemy_army(seat, dice);
        g.units = drawn.units;
        g.named_dead = drawn.named_dead;
        if let Step::LandMove {
            side,
            from,
            must_continue: Some(_),
        } = g.step
        {
            g.step = Step::LandMove {
                side,
                from,
                must_continue: drawn.must_continue,
            };
        }
        g.recount();
        // the cards `seat` has not seen: the deck, the enemy hand and the enemy's face-down
        // discards; they are dealt again into the same three places, same sizes
        let mut pool: Vec<u8> = g
            .deck
            .iter()
            .chain(g.hands[enemy.seat()].iter())
            .chain(g.face_down[enemy.seat()].iter())
            .copied()
            .collect();
        pool.sort_unstable();
        dice.shuffle(&mut pool);
        let n = g.hands[enemy.seat()].len();
        let m = g.face_down[enemy.seat()].len();
        g.hands[enemy.seat()] = pool[..n].to_vec();
        g.face_down[enemy.seat()] = pool[n..n + m].to_vec();
        g.deck = pool[n + m..].to_vec();
        if seat == Side::French && !self.plan_public && self.step != Step::LandingPlan {
            let mut plans = Vec::new();
            g.plan_candidates(&mut plans);
            if let Some(crate::actions::Action::Plan { kc, fp, wp }) =
                plans.get(dice.below(plans.len().max(1) as u32) as usize)
            {
                g.plan = [*kc, *fp, *wp];
                g.landing_left = g.plan;
            }
        }
        g.dice.reseed(dice.next_seed());
        if g.log.is_on() {
            let mut log = Log::new(true);
            for e in self.log.visible_to(seat.seat()) {
                match e.to {
                    Visibility::Public => log.public(|| e.text.clone()),
                    Visibility::Only(s) => log.private(s, || e.text.clone()),
                }
            }
            g.log = log;
        }
        g
    }
}
