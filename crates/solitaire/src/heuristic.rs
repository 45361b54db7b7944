//! The rule-of-thumb player (`--seat player=heuristic`), a sensible player with no search. Its
//! rules of thumb:
//!
//! 1. Spend every action point: AP are not saved (7), and a failed roll changes nothing, so no
//!    action is worse than ending early.
//! 2. Weigh each action by what it brings if it succeeds and if it fails, by their chances
//!    (with action points left after it, by the best use of the next one on each outcome, so
//!    that a restore or a resupply that makes the next attack likelier is seen), and look one
//!    BOT turn ahead: the board is judged after the BOT's chart roll (each line one
//!    chance in six, its die by its odds), so an exposed flag town or a militia the BOT's best
//!    attack would overrun counts against the action that leaves it so.
//! 3. A board is worth its victory points, its progress along each route (more the nearer a
//!    flag town it brings either side), the chances each side would have to advance in each
//!    region, and a sudden-death win in sight: the flags held towards the number needed, while
//!    none of one's own is lost. A sudden-death win or loss outweighs everything. A militia the
//!    BOT reduced or an army it cut off costs its lost chances for every turn it would stay so
//!    before the new year's recovery (so a restore or a resupply early in the year is worth an
//!    AP, one in the winter little).
//! 4. Place and relocate armies as a whole: of every arrangement of its armies in distinct
//!    regions, take the one the board is worth most with (the BOT's arriving armies set down as
//!    its rule sets them), and move one army at a time towards it.
//!
//! It reads only its view, which in this open game is the whole board; its weights were set by
//! simulation against the BOT (docs/solitaire.md).

use crate::actions::Action;
use crate::charts::BotAction;
use crate::map::{Region, REGIONS};
use crate::side::Side;
use crate::state::{Board, Step};
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

/// The weights of [`evaluate`].
#[derive(Clone, Copy, Debug)]
struct Weights {
    /// One victory point.
    vp: f64,
    /// One town of progress along a route (for either side).
    town: f64,
    /// Progress near a flag town: `near / (1 + advances still needed)`.
    near: f64,
    /// One sixth of advance chance of the player's side in a region.
    odds: f64,
    /// One sixth of advance chance of the BOT's side in a region.
    threat: f64,
    /// Flags held towards a sudden-death win (the share of those needed), none lost. At 16 (it
    /// was 3, then 8) the player presses a second and third flag town instead of settling for
    /// points, and leaves its own more exposed while it does: playing the British, its sudden
    /// deaths held at about a tenth of the games while the French BOT's rose past one in ten,
    /// its wins fell three points; playing the French, its sudden deaths rose a point, its wins
    /// were unchanged (20,000 games, docs/solitaire.md).
    flags: f64,
    /// A sudden-death win or loss.
    sudden: f64,
    /// One sixth of advance chance the player's side has lost to a reduced militia or an army
    /// out of supply, for each turn it stays so before the new year's recovery (7, 6): the
    /// odds term counts the loss once, as the board stands; the repair is worth the turns it
    /// spares.
    lasting: f64,
}

const WEIGHTS: Weights = Weights {
    vp: 1.0,
    town: 1.0,
    near: 2.0,
    odds: 0.25,
    threat: 0.25,
    flags: 16.0,
    sudden: 60.0,
    lasting: 8.0,
};

/// How good `b` is for the player as it stands (no one to move): higher is better.
pub fn evaluate(b: &Board) -> f64 {
    let w = &WEIGHTS;
    let p = b.player;
    let q = b.bot();
    let mut score = w.vp * (b.victory_points(p) as f64 - b.victory_points(q) as f64);
    for r in 0..REGIONS as Region {
        let mine = b.advances_to_flag(r, p) as f64;
        let theirs = b.advances_to_flag(r, q) as f64;
        score += w.town * (theirs - mine) / 2.0;
        score += w.near * (1.0 / (1.0 + mine) - 1.0 / (1.0 + theirs));
        if b.can_attack(r, p) {
            score += w.odds * b.advance_sixths(r, p) as f64;
        }
        if b.can_attack(r, q) {
            score -= w.threat * b.advance_sixths(r, q) as f64;
        }
        let pi = p.index();
        let ri = r as usize;
        if (b.reduced[ri][pi] || b.unsupplied[ri][pi]) && b.can_attack(r, p) {
            let mut repaired = *b;
            repaired.reduced[ri][pi] = false;
            repaired.unsupplied[ri][pi] = false;
            let lost = repaired.advance_sixths(r, p) as f64 - b.advance_sixths(r, p) as f64;
            let turns = crate::turn_track::turn_track().turns_before_recovery(b.turn) as f64;
            score -= w.lasting * lost * turns;
        }
    }
    for (side, sign) in [(p, 1.0), (q, -1.0)] {
        if b.flags_held(side.other()) == 0 {
            score += sign * w.flags * b.flags_held(side) as f64 / flags_needed(side) as f64;
        }
    }
    score
}

/// The worth of `b` at the end of a side's turn: a sudden-death win for `side` (11) if it has
/// one, else [`evaluate`].
fn settled(b: &Board, side: Side) -> f64 {
    if b.sudden_death_win(side) {
        let sign = if side == b.player { 1.0 } else { -1.0 };
        sign * WEIGHTS.sudden
    } else {
        evaluate(b)
    }
}

/// The expected worth of `b` once the player ends its actions: the BOT's side may win now, else
/// the BOT rolls on its chart (each face one chance in six, its die by its odds) and then the
/// player's side may win.
pub fn after_bot(b: &Board) -> f64 {
    let bot = b.bot();
    if b.sudden_death_win(bot) {
        return -WEIGHTS.sudden;
    }
    if b.two_players {
        // no chart: the other player's actions are not foreseen, the board judged as it stands
        return evaluate(b);
    }
    let mut total = 0.0;
    for roll in 1..=6 {
        let Some((line, r)) = b.bot_choice(roll).line else {
            total += settled(b, b.player);
            continue;
        };
        let mut done = *b;
        let chance = match line.action {
            BotAction::Attack => {
                done.advance(r, bot);
                b.advance_sixths(r, bot) as f64 / 6.0
            }
            BotAction::Raid | BotAction::Supply => {
                done.strike(r, line.action == BotAction::Raid);
                1.0
            }
            BotAction::Influence => {
                done.indians[r as usize] = done.indians[r as usize].toward(bot);
                (7 - crate::indians::INFLUENCE_AT_LEAST) as f64 / 6.0
            }
            BotAction::Ocean => {
                done.ocean = bot;
                (7 - crate::ocean::OCEAN_AT_LEAST) as f64 / 6.0
            }
        };
        total += chance * settled(&done, b.player);
        if chance < 1.0 {
            total += (1.0 - chance) * settled(b, b.player);
        }
    }
    total / 6.0
}

/// The board after the player's action `a` succeeds (for actions with a roll) or is carried
/// out, and the chance it succeeds.
fn success(b: &Board, a: Action) -> (Board, f64) {
    let mut n = *b;
    let side = b.player;
    let chance = match a {
        Action::Attack(r) => {
            n.advance(r, side);
            b.advance_sixths(r, side) as f64 / 6.0
        }
        Action::AttackOcean => {
            n.ocean = side;
            (7 - crate::ocean::OCEAN_AT_LEAST) as f64 / 6.0
        }
        Action::Influence(r) => {
            n.indians[r as usize] = n.indians[r as usize].toward(side);
            (7 - crate::indians::INFLUENCE_AT_LEAST) as f64 / 6.0
        }
        Action::Restore(r) => {
            n.reduced[r as usize][side.index()] = false;
            1.0
        }
        Action::Resupply(r) => {
            n.unsupplied[r as usize][side.index()] = false;
            1.0
        }
        Action::Place { .. }
        | Action::Relocate { .. }
        | Action::Stay
        | Action::EndActions
        | Action::Roll => 1.0,
    };
    (n, chance)
}

/// The expected worth of taking action `a` (spending an AP) on `b`, judged after the BOT's
/// turn.
pub fn worth(b: &Board, a: Action) -> f64 {
    let (won, p) = success(b, a);
    let mut v = p * after_bot(&won);
    if p < 1.0 {
        v += (1.0 - p) * after_bot(b);
    }
    v
}

/// The expected worth of `b` with the player still to act on its action points: the best of
/// ending the actions now and taking the best next action.
fn best_now(b: &Board) -> f64 {
    let mut best = after_bot(b);
    if b.ap == 0 {
        return best;
    }
    let mut legal = Vec::with_capacity(16);
    b.legal(&mut legal);
    for &a in &legal {
        if a != Action::EndActions {
            best = best.max(worth(b, a));
        }
    }
    best
}

/// [`worth`] with one more action point in hand: judged by the best use of the next one on
/// each outcome (so a restore or resupply that makes the next attack likelier counts).
pub fn worth_ahead(b: &Board, a: Action) -> f64 {
    let (mut won, p) = success(b, a);
    won.ap = won.ap.saturating_sub(1);
    let mut v = p * best_now(&won);
    if p < 1.0 {
        let mut lost = *b;
        lost.ap = lost.ap.saturating_sub(1);
        v += (1.0 - p) * best_now(&lost);
    }
    v
}

/// Where the player's armies should stand: of every arrangement in distinct regions of the
/// armies waiting to be placed (and with `movable`, of those on the map not yet relocated this
/// year), the one worth most with the BOT's arriving armies set down by their rule. `target[a]`
/// is army `a`'s region.
fn best_arrangement(b: &Board, movable: bool) -> [Option<Region>; crate::armies::MAX_ARMIES] {
    let side = b.player.index();
    let mut armies: Vec<u8> = Vec::new();
    let mut fixed = *b;
    if movable {
        for r in 0..REGIONS {
            let a = b.army[r][side];
            if a != crate::armies::NO_ARMY && b.relocated & (1 << a) == 0 {
                armies.push(b.army[r][side]);
                fixed.army[r][side] = crate::armies::NO_ARMY;
            }
        }
    }
    armies.extend((0..crate::armies::MAX_ARMIES as u8).filter(|a| b.to_place & (1 << a) != 0));
    armies.sort_unstable();
    let mut best = (f64::NEG_INFINITY, [None; crate::armies::MAX_ARMIES]);
    let mut regions = [0 as Region; REGIONS];
    // every injective map of the armies into the regions (at most 4 · 3 · 2 · 1)
    fn each(
        b: &Board,
        armies: &[u8],
        k: usize,
        regions: &mut [Region; REGIONS],
        best: &mut (f64, [Option<Region>; crate::armies::MAX_ARMIES]),
    ) {
        if k == armies.len() {
            let mut n = *b;
            let side = n.player.index();
            for (i, &a) in armies.iter().enumerate() {
                n.army[regions[i] as usize][side] = a;
            }
            n.to_place = 0;
            // the BOT's arrivals are set down after the player's arrivals and relocations
            if n.step != Step::Actions && !n.two_players {
                n.place_bot_arrivals();
            }
            let v = evaluate(&n);
            if v > best.0 {
                let mut t = [None; crate::armies::MAX_ARMIES];
                for (i, &a) in armies.iter().enumerate() {
                    t[a as usize] = Some(regions[i]);
                }
                *best = (v, t);
            }
            return;
        }
        for r in 0..REGIONS as Region {
            if regions[..k].contains(&r)
                || b.army[r as usize][b.player.index()] != crate::armies::NO_ARMY
            {
                continue;
            }
            regions[k] = r;
            each(b, armies, k + 1, regions, best);
        }
    }
    each(&fixed, &armies, 0, &mut regions, &mut best);
    best.1
}

impl Policy<Solitaire> for Heuristic {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn choose(&mut self, seen: &Seen<Solitaire>, legal: &[Action]) -> usize {
        // with two players, each side judged as "the player"
        let b = seen.view().board.as_acting();
        if matches!(b.step, Step::Setup | Step::Place) {
            let target = best_arrangement(&b, false);
            return legal
                .iter()
                .position(|&a| match a {
                    Action::Place { army, region } => target[army as usize] == Some(region),
                    _ => false,
                })
                .unwrap_or(0);
        }
        if b.step == Step::Relocate {
            // one army at a time towards the best arrangement; a swap puts the other army where
            // the first stood, and it moves on its own turn if that is not its place
            let target = best_arrangement(&b, true);
            let side = b.player.index();
            let here =
                |army: u8| (0..REGIONS as Region).find(|&r| b.army[r as usize][side] == army);
            return legal
                .iter()
                .position(|&a| match a {
                    Action::Relocate { army, region } => {
                        target[army as usize] == Some(region) && here(army) != Some(region)
                    }
                    _ => false,
                })
                .or_else(|| legal.iter().position(|&a| a == Action::Stay))
                .unwrap_or(0);
        }
        // AP are not saved (7) and a failed roll changes nothing, so it ends its actions only
        // when nothing else is left
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
            let w = if b.ap >= 2 {
                worth_ahead(&b, a)
            } else {
                worth(&b, a)
            };
            if w > best.1 {
                best = (i, w);
            }
        }
        best.0
    }
}
