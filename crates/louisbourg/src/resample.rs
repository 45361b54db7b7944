//! A state drawn at random from those `seat` cannot tell apart from the true one: the hook
//! that information-set search needs, and the tool the tests use to prove that a view hides
//! what it must (two such states must give the same view).

use crate::board::{ELIMINATED, GABARUS_BAY, LOUISBOURG_HARBOR, REINFORCEMENTS};
use crate::forces::{Kind, Side};
use crate::state::{Louisbourg, Step};
use fiw_engine::Dice;

impl Louisbourg {
    /// Redeals what `seat` cannot see: the enemy's hidden army blocks change places among the
    /// positions they hold (so every location keeps its count of enemy blocks), the enemy's
    /// hand is redrawn from the cards `seat` has not seen, the dice get a fresh seed, and, while
    /// it is secret, the British landing plan is redrawn.
    ///
    /// Blocks the seat saw in battle and has not lost track of stay as they are. The others are
    /// drawn uniformly over their arrangements; what they are is public (the order of battle),
    /// where they stand is not.
    pub fn resample_hidden(&self, seat: Side, dice: &mut Dice) -> Louisbourg {
        let mut g = self.clone();
        let enemy = seat.other();
        // hidden enemy army blocks: not a ship, not eliminated, not face up in a battle
        let hidden: Vec<usize> = (0..g.units.len())
            .filter(|&i| {
                let u = g.units[i];
                u.side == enemy && u.kind != Kind::Ship && u.loc != ELIMINATED && !u.revealed && !u.seen
                    && u.loc != GABARUS_BAY && u.loc != LOUISBOURG_HARBOR
                    // 7: everyone knows the reinforcement box holds the two 2 SP militia
                    && u.loc != REINFORCEMENTS
            })
            .collect();
        let mut slots: Vec<(u8, u8, u8)> = hidden
            .iter()
            .map(|&i| (g.units[i].loc, g.units[i].steps, g.units[i].from))
            .collect();
        // sorted first, so the draw depends only on what the seat knows, not on which block
        // truly stands where: two states the seat cannot tell apart resample alike
        slots.sort_unstable();
        dice.shuffle(&mut slots);
        for (k, &i) in hidden.iter().enumerate() {
            let (loc, steps, from) = slots[k];
            g.units[i].loc = loc;
            g.units[i].steps = steps;
            g.units[i].from = from;
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
        g
    }
}
