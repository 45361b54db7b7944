//! The rule-of-thumb player (`--seat player=heuristic`): for each legal action it weighs the
//! board after success and after failure by their chances, and takes the best; it ends its
//! actions only when its action points are spent.
//!
//! The weighing ([`evaluate`]) counts, from the player's side: the victory points as they stand,
//! how far along each route the front stands, a sudden-death win or loss in sight, and how
//! likely each side is to advance in each region (armies in supply, full militia, Indians,
//! Ocean control). It reads only the view, which in this open game is the whole board.

use crate::actions::Action;
use crate::map::REGIONS;
use crate::state::Board;
use crate::victory::flags_needed;
use crate::Solitaire;
use fiw_engine::{Policy, Seen};

/// The heuristic player.
pub struct Heuristic {
    _seed: u64,
}

impl Heuristic {
    /// A heuristic player (deterministic: the seed is kept for the policy interface only).
    pub fn new(seed: u64) -> Self {
        Heuristic { _seed: seed }
    }
}

/// Weight of one town of progress along a route.
const PER_TOWN: f64 = 1.0;
/// Weight of one sixth of advance chance (the player's, and the BOT's against the player).
const PER_SIXTH: f64 = 0.25;
/// Weight of a sudden-death condition met (the player's, or the BOT's).
const SUDDEN: f64 = 60.0;

/// How good `b` is for the player: higher is better.
pub fn evaluate(b: &Board) -> f64 {
    let p = b.player;
    let q = b.bot();
    let mut score = b.victory_points(p) as f64 - b.victory_points(q) as f64;
    // the front: towns the player needs against towns the BOT needs
    for r in 0..REGIONS as u8 {
        let mine = b.advances_to_flag(r, p) as f64;
        let theirs = b.advances_to_flag(r, q) as f64;
        score += PER_TOWN * (theirs - mine) / 2.0;
        if b.can_attack(r, p) {
            score += PER_SIXTH * b.advance_sixths(r, p, 0) as f64;
        }
        if b.can_attack(r, q) {
            score -= PER_SIXTH * b.advance_sixths(r, q, 0) as f64;
        }
    }
    // sudden death in sight: flags held towards the number needed, and none lost
    for (side, sign) in [(p, 1.0), (q, -1.0)] {
        let held = b.flags_held(side) as f64;
        let need = flags_needed(side) as f64;
        if b.sudden_death_win(side) {
            score += sign * SUDDEN;
        } else if b.flags_held(side.other()) == 0 {
            score += sign * 3.0 * held / need;
        }
    }
    score
}

/// The board after `a` succeeds (for actions with a roll) or is carried out.
fn after(b: &Board, a: Action) -> Board {
    let mut n = *b;
    let side = b.player;
    match a {
        Action::Attack(r) => n.advance(r, side),
        Action::AttackOcean => n.ocean = side,
        Action::Influence(r) => n.indians[r as usize] = n.indians[r as usize].toward(side),
        Action::Restore(r) => n.reduced[r as usize][side.index()] = false,
        Action::Resupply(r) => n.unsupplied[r as usize][side.index()] = false,
        Action::Place { army, region } => {
            n.army[region as usize][side.index()] = army;
            n.to_place &= !(1 << army);
        }
        Action::EndActions => {}
    }
    n
}

/// The chance `a` succeeds, and the board if it does.
fn chance(b: &Board, a: Action) -> f64 {
    match a {
        Action::Attack(r) => b.advance_sixths(r, b.player, 0) as f64 / 6.0,
        Action::AttackOcean | Action::Influence(_) => 0.5,
        _ => 1.0,
    }
}

/// The expected worth of taking `a` on `b`.
pub fn worth(b: &Board, a: Action) -> f64 {
    let p = chance(b, a);
    let now = evaluate(b);
    if p >= 1.0 {
        return evaluate(&after(b, a));
    }
    p * evaluate(&after(b, a)) + (1.0 - p) * now
}

impl Policy<Solitaire> for Heuristic {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn choose(&mut self, seen: &Seen<Solitaire>, legal: &[Action]) -> usize {
        let b = seen.view().board;
        // AP are not saved (7) and no action can make things worse (a failed roll changes
        // nothing), so it ends its actions only when nothing else is left
        let mut best = (
            legal
                .iter()
                .position(|&a| a == Action::EndActions)
                .unwrap_or(0),
            f64::NEG_INFINITY,
        );
        for (i, &a) in legal.iter().enumerate() {
            if a == Action::EndActions {
                continue;
            }
            let w = worth(&b, a);
            if w > best.1 {
                best = (i, w);
            }
        }
        best.0
    }
}
