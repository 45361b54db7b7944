use crate::{Dice, Game, Seat};

/// What a policy is shown of a game: its own seat's view, never the true state.
///
/// The wrapped state is private to the kernel; a policy can only ask for the seat's view (and,
/// through the kernel, for information-set sampling in search). That keeps AIs honest by
/// construction.
pub struct Seen<'a, G: Game> {
    state: &'a G,
    seat: Seat,
}

impl<'a, G: Game> Seen<'a, G> {
    /// Wraps `state` as seen from `seat`.
    pub fn new(state: &'a G, seat: Seat) -> Self {
        Seen { state, seat }
    }

    /// The true state, for the kernel's search only: it hands it straight to
    /// [`Game::determinize`] (or, for open-information games, clones it with fresh dice) and
    /// reads nothing from it. Games and front ends cannot reach it.
    pub(crate) fn true_state(&self) -> &'a G {
        self.state
    }

    /// The deciding seat.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// What the seat may know ([`Game::policy_view`]: the seat's view, less what only people
    /// read).
    pub fn view(&self) -> G::View {
        self.state.policy_view(self.seat)
    }

    /// The current turn (public in every game).
    pub fn turn(&self) -> u32 {
        self.state.turn()
    }

    /// The text form of an action, for explanations.
    pub fn action_text(&self, action: &G::Action) -> String {
        self.state.action_text(action)
    }
}

/// Something that picks one of the legal actions for a seat.
pub trait Policy<G: Game>: Send {
    /// The policy's name, as given on the command line.
    fn name(&self) -> &str;
    /// The index in `legal` of the chosen action (`legal` is never empty).
    fn choose(&mut self, seen: &Seen<G>, legal: &[G::Action]) -> usize;
}

/// Uniformly random legal play: the baseline, and the fuzzer of every property test.
pub struct RandomPolicy {
    dice: Dice,
}

impl RandomPolicy {
    /// A random player with its own seeded generator (never the game's dice).
    pub fn new(seed: u64) -> Self {
        RandomPolicy {
            dice: Dice::new(seed ^ 0x9e37_79b9_7f4a_7c15),
        }
    }
}

impl<G: Game> Policy<G> for RandomPolicy {
    fn name(&self) -> &str {
        "random"
    }
    fn choose(&mut self, _seen: &Seen<G>, legal: &[G::Action]) -> usize {
        self.dice.below(legal.len() as u32) as usize
    }
}
