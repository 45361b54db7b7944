//! One game being played, as every front end keeps it: the state and the referee's record
//! that rebuilds it (options, seed, actions, the answers of manual dice), with undo as players
//! trust it. The terminal keeps one in its session, the server one per open game; both take
//! actions, undo and save through here, so those rules are written once.

use crate::games::HostGame;
use fiw_engine::{apply_asking, Need, RuleError, SaveFile, UndoStack};

/// One game being played, with the record a save holds.
///
/// A server takes a change on a copy and puts the copy in place once the database has it, so
/// a `Match` clones whole: the state, the record and the undo stack.
pub struct Match<G: HostGame> {
    state: G,
    options: G::Options,
    seed: u64,
    /// Every action taken and not undone, as text: what a save holds.
    actions: Vec<String>,
    undo: UndoStack<G>,
}

/// What became of an action given to [`Match::take`].
#[derive(Debug)]
pub enum Taken {
    /// The action was taken.
    Done,
    /// Manual dice lack a result: nothing has changed; ask a person for `Need`, give the
    /// answer with [`Match::answer`] and take the action again.
    Ask(Need),
}

impl<G: HostGame> Clone for Match<G> {
    fn clone(&self) -> Self {
        Match {
            state: self.state.clone(),
            options: self.options.clone(),
            seed: self.seed,
            actions: self.actions.clone(),
            undo: self.undo.clone(),
        }
    }
}

impl<G: HostGame> Match<G> {
    /// A game at `state`, reached from `options` and `seed` by `actions`.
    pub fn new(state: G, options: G::Options, seed: u64, actions: Vec<String>) -> Self {
        Match {
            state,
            options,
            seed,
            actions,
            undo: UndoStack::default(),
        }
    }

    /// The game as it stands.
    pub fn state(&self) -> &G {
        &self.state
    }

    /// The set-up options.
    pub fn options(&self) -> &G::Options {
        &self.options
    }

    /// The dice seed: the referee's secret in a game with hidden information.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Every action taken and not undone, as text.
    pub fn actions(&self) -> &[String] {
        &self.actions
    }

    /// Takes `action` (already chosen from the legal actions, or checked), keeping the state
    /// before it for undo when `undoable` (a person's decision: a computer's is never undone
    /// by itself). With manual dice a roll or a draw may be needed first: then nothing changes
    /// and [`Taken::Ask`] says what to ask.
    ///
    /// # Errors
    /// The rule that refuses the action; nothing has changed.
    pub fn take(&mut self, action: G::Action, undoable: bool) -> Result<Taken, RuleError> {
        // the text as the state before the action reads it: saves replay by it
        let text = self.state.action_text(&action);
        let before = undoable.then(|| self.state.clone());
        if let Some(need) = apply_asking(&mut self.state, action)? {
            return Ok(Taken::Ask(need));
        }
        if let Some(before) = before {
            self.undo.push(before, self.actions.len());
        }
        self.actions.push(text);
        self.undo.settle(&self.state);
        Ok(Taken::Done)
    }

    /// Queues a person's answer to a [`Need`] (the dice typed, the card drawn) for the next
    /// [`Match::take`].
    pub fn answer(&mut self, answer: Vec<u8>) {
        if let Some(dice) = self.state.dice_mut() {
            dice.force(answer);
        }
    }

    /// Goes back to before the last undoable action, if the rules allow (never past a die
    /// roll, a card draw, a reveal or the other side's decisions): the number of actions
    /// kept, or `None`.
    pub fn undo(&mut self) -> Option<usize> {
        let (state, n) = self.undo.undo()?;
        self.state = state;
        self.actions.truncate(n);
        Some(n)
    }

    /// Whether [`Match::undo`] would go back.
    pub fn can_undo(&self) -> bool {
        self.undo.can_undo()
    }

    /// The save of the game as it stands (the referee's record: seed and secrets included).
    pub fn save_file(&self) -> SaveFile<G::Options> {
        SaveFile::of(&self.state, &self.options, self.seed, self.actions.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fiw_engine::Game;

    type L = fiw_louisbourg::Louisbourg;

    fn first_action(g: &L) -> <L as Game>::Action {
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        legal[0]
    }

    #[test]
    fn taking_records_the_action_and_undo_forgets_it() {
        let options = fiw_louisbourg::Options::default();
        let state = L::new(&options, 5).unwrap();
        let mut m = Match::new(state, options, 5, Vec::new());
        let before = m.state().digest();
        let a = first_action(m.state());
        assert!(matches!(m.take(a, true), Ok(Taken::Done)));
        assert_eq!(m.actions().len(), 1);
        if m.can_undo() {
            assert_eq!(m.undo(), Some(0));
            assert_eq!(m.state().digest(), before);
            assert!(m.actions().is_empty());
        }
        let save = m.save_file();
        assert_eq!(save.seed, 5);
        assert_eq!(save.actions, m.actions());
    }

    #[test]
    fn a_computer_action_is_not_undone() {
        let options = fiw_louisbourg::Options::default();
        let state = L::new(&options, 5).unwrap();
        let mut m = Match::new(state, options, 5, Vec::new());
        let a = first_action(m.state());
        m.take(a, false).unwrap();
        assert!(!m.can_undo());
        assert_eq!(m.undo(), None);
        assert_eq!(m.actions().len(), 1);
    }
}
