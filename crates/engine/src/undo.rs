use crate::Game;

/// Undo as players trust it: free within one seat's own decisions, never past a die roll, a
/// card draw or a reveal, and never into the other seat's decisions.
pub struct UndoStack<G: Game> {
    snapshots: Vec<(G, usize)>,
}

impl<G: Game> Clone for UndoStack<G> {
    fn clone(&self) -> Self {
        UndoStack {
            snapshots: self.snapshots.clone(),
        }
    }
}

impl<G: Game> Default for UndoStack<G> {
    fn default() -> Self {
        UndoStack {
            snapshots: Vec::new(),
        }
    }
}

impl<G: Game> UndoStack<G> {
    /// Remembers `state` (with the number of actions taken so far) before an action is applied.
    /// Taken by value: the caller already cloned it before the action, and a state holds its
    /// whole log, so a second clone per action made a long game's every move cost twice its
    /// length.
    pub fn push(&mut self, state: G, actions_so_far: usize) {
        self.snapshots.push((state, actions_so_far));
    }

    /// Forgets every snapshot the rules no longer allow going back to, given the state after
    /// the last action.
    pub fn settle(&mut self, now: &G) {
        let keep = |s: &G| s.chance_epoch() == now.chance_epoch() && s.to_move() == now.to_move();
        if let Some((last, _)) = self.snapshots.last() {
            if !keep(last) {
                self.snapshots.clear();
            }
        }
    }

    /// The state to go back to, with how many actions it had, or `None` if undo is closed.
    pub fn undo(&mut self) -> Option<(G, usize)> {
        self.snapshots.pop()
    }

    /// Whether any undo is possible.
    pub fn can_undo(&self) -> bool {
        !self.snapshots.is_empty()
    }
}
