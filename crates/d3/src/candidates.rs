//! The candidate moves of the movement phase, kept from one decision to the next.
//!
//! Listing a unit's candidates checks two dozen moves against the table and every unit, and an
//! army's movement phase is a dozen decisions: worked out afresh each time, the same lists were
//! rebuilt a dozen times a phase (about 95 % of the time of a simulated game). Within the
//! movement phase only the active army's units move, so a unit's list can change only when the
//! move just made could touch it. [`MoveCache`] keeps each unit's list, [`D3::refresh_moves`]
//! marks the lists a move made stale, and [`D3::list_moves`] rebuilds those when the legal
//! actions are next asked for, which gives exactly the list a fresh listing would (the
//! property tests compare the two). The computer general never asks for them in a movement
//! phase: it weighs each unit's candidates unchecked and asks the rules only about the best
//! ([`fiw_engine::Policy::propose`]).
//!
//! The lists are kept from one turn to the next as well: in a firefight most units stand still
//! for turns on end, and their lists stay what they were. After every order the cache compares
//! each unit with what it was when the lists were made (its place and facing, hits, square,
//! elimination, shooting marker, whether it has moved) and, for every unit `j` that changed,
//! marks stale the lists that could depend on it:
//! - `j`'s own (its hits, marker and moving change nothing else, but for a commander);
//! - cavalry within charging reach of where an enemy `j` stood or stands (they try a charge at
//!   every enemy in reach);
//! - every unit one of whose candidates (listed, or refused for a reason another unit could
//!   change: not the table's edge, its allowance or ground it may not enter) runs, from where
//!   it stands, within
//!   both bases' half-diagonals of where `j` stood or stands now, plus 6" when `j` is an enemy
//!   (the stop, engagement and disengaging are measured 6" out); farther off, no candidate of
//!   the unit ends on `j`, passes through it, charges it or is stopped by it, and the
//!   candidates tried are the same (they hang on the unit's own place and allowance, its
//!   nearest enemy and whether it is engaged, all covered here);
//! - every enemy of `j` whose nearest enemy was `j` or is now nearer `j` (the candidates aim
//!   at the nearest enemy, wherever it is), and every enemy whose shooting marker is on `j`
//!   (engaged with `j`, it may pivot to face it, however far);
//! - the commander's and his army's within 6" of his base, when `j` is the commander (where
//!   he stands and whether he has moved give the units within 6" of him his orders' 6" more)
//!   or an enemy within 6" of him then or now (a commander with an enemy that near gives no
//!   orders), where he stood or stands; and every list, when `j` stood or stands in a town
//!   (one unit to a town);
//! - the commander's, when his orders were used or renewed (he may no longer, or again, move).
//!
//! Only the active army's lists are rebuilt, in its movement phase; the other army's keep their
//! stale marks until its turn.

use crate::actions::Action;
use crate::rules::MoveContext;
use crate::state::{Phase, D3};
use crate::units::{units, Type};
use fiw_table::{Containment, Kind, Point, Pose, Segment};

/// What a unit was when the lists were last brought up to date.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Sig {
    pose: Pose,
    hits: u8,
    square: bool,
    eliminated: bool,
    moved: bool,
    engaged_with: Option<u8>,
}

/// Each unit's candidate moves, which lists are out of date, and what the table was when they
/// were made.
#[derive(Clone, Debug, Default)]
struct Lists {
    /// (each list shared with the copies that keep it: a twin copies the kept lists, and
    /// copying a pointer costs less than copying the list)
    lists: Vec<std::sync::Arc<[Action]>>,
    stale: Vec<bool>,
    /// Each unit's nearest enemy (and the distance between centres) when its list was made.
    nearest: Vec<Option<(usize, f64)>>,
    /// The straight lines each unit's candidates followed (listed or refused) when its list
    /// was made: only a unit whose base comes near one of them can change the list.
    paths: Vec<std::sync::Arc<[(Point, Point)]>>,
}

impl Lists {
    /// Marks every list out of date.
    fn stale_all(&mut self) {
        self.stale.iter_mut().for_each(|s| *s = true);
    }
}

/// The lists, rebuilt when the legal actions are asked for (through `&self`), not after every
/// order: a computer general that weighs candidates before checking them
/// ([`fiw_engine::Policy::propose`]) never asks for the whole list in a movement phase, and
/// rebuilding it after each of its orders was most of the time of a simulated battle. A lock
/// rather than a cell because a game is shared between threads (`Game: Sync`).
///
/// A copy of a game shares what is kept with the game it was copied from until either
/// changes ([`Kept::get_mut`] takes a copy of its own first): a game and its copies in the
/// same position (the secrecy audit copies the state it checks before the state's player
/// decides) then list the moves once between them, not once each. Shared, what is kept is
/// true of every sharer, since they stand in the same position: every order begins by taking
/// its own copy ([`D3::changing`]), and a twin with other hidden facts
/// ([`fiw_engine::Game::determinize`]) takes one at once.
#[derive(Debug, Default)]
struct Kept<T>(std::sync::Arc<Lock<T>>);

/// The lock of what is kept; copying it copies what it holds.
#[derive(Debug, Default)]
struct Lock<T>(std::sync::Mutex<T>);

impl<T: Clone> Clone for Lock<T> {
    fn clone(&self) -> Self {
        Lock(std::sync::Mutex::new(self.lock().clone()))
    }
}

impl<T> Lock<T> {
    /// What it holds (a panic while it was held leaves it as it was: every list is whole or
    /// marked stale, and a context is whole, so it is still sound).
    fn lock(&self) -> std::sync::MutexGuard<'_, T> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl<T: Clone> Kept<T> {
    /// What is kept.
    fn lock(&self) -> std::sync::MutexGuard<'_, T> {
        self.0.lock()
    }

    /// What is kept, for this game alone: a copy of its own first if it was shared.
    fn get_mut(&mut self) -> &mut T {
        std::sync::Arc::make_mut(&mut self.0)
            .0
            .get_mut()
            .unwrap_or_else(|e| e.into_inner())
    }
}

impl<T> Clone for Kept<T> {
    fn clone(&self) -> Self {
        Kept(self.0.clone())
    }
}

/// A unit's move context ([`D3::move_context`]) and the state it was worked out in.
type Context = Option<(u64, usize, std::sync::Arc<MoveContext>)>;

/// The kept candidate lists and what they need to stay true.
#[derive(Clone, Debug, Default)]
pub(crate) struct MoveCache {
    kept: Kept<Lists>,
    /// The last move context worked out: the general checks a unit's best few candidates one
    /// after another, and the listing checks two dozen, each needing the same context.
    context: Kept<Context>,
    /// Counts the changes of the state (bumped as an order begins and once it is applied):
    /// a context worked out at another count may be out of date.
    version: u64,
    sigs: Vec<Sig>,
    orders: [bool; 2],
    /// The shots of the shooting phase under way, when worked out and up to date: within the
    /// phase a shot changes only what its shooter may do, and a retirement (a unit moving)
    /// everything. Worked out when first listed, not after every order: the computer general
    /// proposes its shot without the list ([`fiw_engine::Policy::propose`]), and listing every
    /// shot with its line of sight was a tenth of the time of a simulated battle.
    shots: Kept<Option<Vec<Action>>>,
    /// Whether each unit is engaged (Disengaging), kept up to date after every order: the
    /// view asks it of every unit at every decision.
    engaged: Vec<bool>,
}

impl MoveCache {
    /// Marks every list out of date (a change the cache cannot follow).
    pub(crate) fn stale_all(&mut self) {
        self.kept.get_mut().stale_all();
    }

    /// Takes a copy of its own of everything kept that it shares with a copy of the game,
    /// before the game changes (or to work its lists out alone, as a twin must).
    pub(crate) fn own(&mut self) {
        self.kept.get_mut();
        self.context.get_mut();
        self.shots.get_mut();
    }

    /// Whether unit `i` is engaged, once the cache has been set up.
    pub(crate) fn engaged(&self, i: usize) -> Option<bool> {
        self.engaged.get(i).copied()
    }

    /// Forgets the shots of the shooting phase (a change that may alter any of them).
    fn forget_shots(&mut self) {
        *self.shots.get_mut() = None;
    }

    /// Whether unit `i`'s list, if it is up to date, says `yes`. `None` also while the lists
    /// are being rebuilt (a check made while listing asks afresh).
    pub(crate) fn fresh_says(&self, i: usize, yes: impl Fn(&[Action]) -> bool) -> Option<bool> {
        let Ok(kept) = self.kept.0 .0.try_lock() else {
            return None;
        };
        match (kept.stale.get(i), kept.lists.get(i)) {
            (Some(false), Some(list)) => Some(yes(list)),
            _ => None,
        }
    }
}

impl D3 {
    fn sig(&self, i: usize) -> Sig {
        let u = &self.units[i];
        Sig {
            pose: u.pose,
            hits: u.hits,
            square: u.square,
            eliminated: u.eliminated,
            moved: u.moved,
            engaged_with: u.engaged_with,
        }
    }

    /// The nearest enemy that fights (by centres), as the candidates aim at it.
    pub(crate) fn nearest_enemy(&self, i: usize) -> Option<(usize, f64)> {
        let u = &self.units[i];
        let at = u.pose.at;
        (0..self.units.len())
            .filter(|j| {
                let v = &self.units[*j];
                v.army != u.army && !v.eliminated && v.kind != Type::Commander
            })
            .map(|j| (j, at.dist(self.units[j].pose.at)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
    }

    /// Marks the lists that what changed since they were made may have changed (see the
    /// module), and notes the table as it is now.
    pub(crate) fn note_changes(&mut self) {
        let mut kept = std::mem::take(self.moves.kept.get_mut());
        self.note_changes_in(&mut kept);
        *self.moves.kept.get_mut() = kept;
    }

    fn note_changes_in(&mut self, kept: &mut Lists) {
        let n = self.units.len();
        if self.moves.sigs.len() != n || kept.lists.len() != n {
            kept.lists = vec![std::sync::Arc::from([]); n];
            kept.stale = vec![true; n];
            kept.nearest = vec![None; n];
            kept.paths = vec![std::sync::Arc::from([]); n];
            self.moves.sigs = (0..n).map(|i| self.sig(i)).collect();
            self.moves.orders = self.orders_given;
            self.moves.engaged = (0..n).map(|i| self.engaged_afresh(i)).collect();
            return;
        }
        // which units' engagement to work out again: those that changed, and those within 6"
        // (and both half-diagonals) of where a changed unit stood or stands
        let mut engage = vec![false; n];
        for army in [0, 1] {
            if self.moves.orders[army] != self.orders_given[army] {
                if let Some(c) = (0..n).find(|c| {
                    self.units[*c].kind == Type::Commander && self.units[*c].army.seat() == army
                }) {
                    kept.stale[c] = true;
                }
            }
        }
        self.moves.orders = self.orders_given;
        let layout = &self.scenario.layout;
        let in_town = |r: &fiw_table::Rect| {
            layout
                .terrain()
                .iter()
                .any(|t| t.kind == Kind::Town && t.polygon.holds(r) != Containment::Outside)
        };
        for j in 0..n {
            let now = self.sig(j);
            let was = self.moves.sigs[j];
            if now == was {
                continue;
            }
            self.moves.sigs[j] = now;
            kept.stale[j] = true;
            engage[j] = true;
            // its hits, shooting marker and whether it moved matter to its own list only
            // (and a commander's moving, below, to his army's allowances)
            let shared = now.pose != was.pose
                || now.eliminated != was.eliminated
                || now.square != was.square;
            if shared {
                self.moves.forget_shots();
            }
            let kind = self.units[j].kind;
            let army = self.units[j].army;
            if kind == Type::Commander && (shared || now.moved != was.moved) {
                // his orders reach the units within 6" of his base, where he stood or stands
                self.stale_in_command(kept, j, &[was.pose.at, now.pose.at]);
            }
            if !shared {
                continue;
            }
            let rj = units().radius(kind);
            for (b, e) in engage.iter_mut().enumerate() {
                let v = &self.units[b];
                let reach = 6.0 + units().radius(v.kind) + rj + 0.05;
                if v.pose.at.dist(was.pose.at) <= reach || v.pose.at.dist(now.pose.at) <= reach {
                    *e = true;
                }
            }
            if kind != Type::Commander {
                // an enemy commander within 6" of it, then or now, must move away and gives
                // no orders: every allowance of his army may have changed
                let reach = 6.0 + units().radius(Type::Commander) + rj + 0.05;
                for c in 0..n {
                    let v = &self.units[c];
                    if v.kind == Type::Commander
                        && v.army != army
                        && (v.pose.at.dist(was.pose.at) <= reach
                            || v.pose.at.dist(now.pose.at) <= reach)
                    {
                        let at = v.pose.at;
                        self.stale_in_command(kept, c, &[at]);
                    }
                }
            }
            if kept.stale.iter().all(|s| *s) {
                // no list left to mark (a computer general never asks for them)
                continue;
            }
            let old = units().get(kind).footprint.place(was.pose);
            if in_town(&old) || in_town(self.base(j)) {
                kept.stale_all();
                continue;
            }
            for b in 0..n {
                let v = &self.units[b];
                if b == j || v.eliminated || kept.stale[b] {
                    continue;
                }
                // a friend matters only where a candidate could end on it or pass through it; an
                // enemy also 6" beyond, where it stops, engages or bars a disengagement
                let beyond = if v.army == army { 0.0 } else { 6.0 };
                let reach = beyond + units().radius(v.kind) + rj + 0.05;
                let at = v.pose.at;
                let near = |c: Point| {
                    at.dist(c) <= reach
                        || kept.paths[b]
                            .iter()
                            .any(|(p, q)| Segment::new(*p, *q).distance_to_point(c) <= reach)
                };
                if near(was.pose.at) || near(now.pose.at) {
                    kept.stale[b] = true;
                    continue;
                }
                if v.kind.charges() && v.army != army {
                    // cavalry list a charge at every enemy within its reach (its allowance with
                    // orders and both half-diagonals): an enemy coming into reach, or leaving
                    // it, changes which charges are tried
                    let charge = units().get(v.kind).move_allowance
                        + 6.0
                        + units().radius(v.kind)
                        + rj
                        + 0.05;
                    if at.dist(was.pose.at) <= charge || at.dist(now.pose.at) <= charge {
                        kept.stale[b] = true;
                        continue;
                    }
                }
                if v.engaged_with == Some(j as u8) {
                    // its marker holds it in combat with `j`, and an engaged unit may pivot to
                    // face `j` wherever `j` stands
                    kept.stale[b] = true;
                    continue;
                }
                if v.army != army {
                    if let Some((k, d)) = kept.nearest[b] {
                        if k == j || at.dist(now.pose.at) <= d + 0.01 {
                            kept.stale[b] = true;
                        }
                    }
                }
            }
        }
        for (b, again) in engage.into_iter().enumerate() {
            if again {
                self.moves.engaged[b] = self.engaged_afresh(b);
            }
        }
    }

    /// Marks stale commander `c`'s list and those of his army's units within his orders' 6"
    /// of his base standing at any of `places` (each unit's allowance depends on whether it
    /// is within 6" of a commander who has not moved and has no enemy within 6").
    fn stale_in_command(&self, kept: &mut Lists, c: usize, places: &[Point]) {
        let army = self.units[c].army;
        let rc = units().radius(self.units[c].kind);
        kept.stale[c] = true;
        for (b, v) in self.units.iter().enumerate() {
            let reach = 6.0 + units().radius(v.kind) + rc + 0.05;
            if v.army == army && places.iter().any(|p| v.pose.at.dist(*p) <= reach) {
                kept.stale[b] = true;
            }
        }
    }

    /// The candidate orders of the movement phase, or the shots of the shooting phase, worked
    /// out afresh without the kept lists: what [`fiw_engine::Game::legal_actions`] must list
    /// (less `pass`), for the tests that hold the kept lists to it.
    #[doc(hidden)]
    pub fn listed_afresh(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.outcome.is_some() || self.pending.is_some() {
            return;
        }
        match self.phase {
            Phase::Movement => (0..self.units.len()).for_each(|i| self.candidate_moves(i, out)),
            Phase::Shooting => self.shots(out),
            Phase::Charges => {}
        }
    }

    /// Unit `i`'s move context, worked out once for the state as it is.
    pub(crate) fn context(&self, i: usize) -> std::sync::Arc<MoveContext> {
        let mut slot = self.moves.context.lock();
        if let Some((version, unit, ctx)) = &*slot {
            if *version == self.moves.version && *unit == i {
                return ctx.clone();
            }
        }
        let ctx = std::sync::Arc::new(self.move_context(i));
        *slot = Some((self.moves.version, i, ctx.clone()));
        ctx
    }

    /// The state is about to change: every move context worked out so far may be out of date.
    pub(crate) fn changing(&mut self) {
        self.moves.version += 1;
        self.moves.own();
    }

    /// Brings the kept lists up to date after an order: marks the lists it made stale (they
    /// are rebuilt when next listed, [`D3::list_moves`]) and keeps the shooting phase's shots
    /// that are still to be taken.
    pub(crate) fn refresh_moves(&mut self) {
        self.changing();
        self.note_changes();
        if self.phase != Phase::Shooting || self.outcome.is_some() {
            self.moves.forget_shots();
        } else if self.pending.is_none() {
            let units = &self.units;
            if let Some(shots) = self.moves.shots.get_mut() {
                shots.retain(
                    |a| matches!(a, Action::Shoot { unit, .. } if !units[*unit as usize].shot),
                );
            }
        }
    }

    /// The shots the active army may take now, from the kept list (worked out first if it
    /// is not up to date).
    pub(crate) fn list_shots(&self, out: &mut Vec<Action>) {
        let mut kept = self.moves.shots.lock();
        if kept.is_none() {
            let mut shots = Vec::new();
            self.shots(&mut shots);
            *kept = Some(shots);
        }
        if let Some(shots) = kept.as_ref() {
            out.extend_from_slice(shots);
        }
    }

    /// The movement phase's candidate orders of the active army, unit by unit, from the kept
    /// lists: each out-of-date list is rebuilt first.
    pub(crate) fn list_moves(&self, out: &mut Vec<Action>) {
        let mut guard = self.moves.kept.lock();
        let kept = &mut *guard;
        if kept.lists.len() != self.units.len() {
            // not set up (cannot happen after `note_changes`): list afresh
            (0..self.units.len()).for_each(|i| self.candidate_moves(i, out));
            return;
        }
        for i in 0..self.units.len() {
            if self.units[i].army != self.active {
                continue;
            }
            if kept.stale[i] {
                let (mut list, mut paths) = (Vec::new(), Vec::new());
                self.candidate_moves_along(i, &mut list, Some(&mut paths));
                kept.lists[i] = list.into();
                kept.paths[i] = paths.into();
                kept.stale[i] = false;
                kept.nearest[i] = self.nearest_enemy(i);
            }
            out.extend_from_slice(&kept.lists[i]);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::state::tests::oswego;
    use fiw_engine::{Dice, Game};

    /// A copy in the same position lists with the game (the lists it shares are brought up to
    /// date once), but a twin with other hidden facts works out its own: the secrecy audit
    /// compares the twin's menu with the true one, which proves nothing if it is the same list.
    #[test]
    fn copies_share_the_lists_and_twins_work_out_their_own() {
        let g = oswego();
        let first = (0..g.units().len())
            .find(|&i| g.units()[i].army == g.active())
            .unwrap();
        let copy = g.clone();
        let twin = g.determinize(0, &mut Dice::new(3));
        assert_eq!(copy.moves.fresh_says(first, |_| true), None, "stale");
        let mut listed = Vec::new();
        copy.legal_actions(&mut listed);
        assert_eq!(g.moves.fresh_says(first, |_| true), Some(true));
        assert_eq!(
            twin.moves.fresh_says(first, |_| true),
            None,
            "the twin lists for itself"
        );
        let mut twins = Vec::new();
        twin.legal_actions(&mut twins);
        assert_eq!(twins, listed);
        // an order gives the game lists of its own: the copy's stay those of the old position
        let mut moved = g.clone();
        let a = listed[0];
        moved.apply(a).unwrap();
        let mut again = Vec::new();
        copy.legal_actions(&mut again);
        assert_eq!(again, listed);
    }
}
