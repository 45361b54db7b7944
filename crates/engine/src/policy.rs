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

    /// Whether `action` is legal for the seat now ([`Game::is_legal`]): what its presence in the
    /// legal list would say, and no more (a seat's own legal actions are never hidden from it).
    pub fn is_legal(&self, action: &G::Action) -> bool {
        self.state.is_legal(action)
    }

    /// The unchecked candidates of one part of the seat's choice ([`Game::candidates`]).
    pub fn candidates(&self, part: usize, out: &mut Vec<G::Action>) {
        self.state.candidates(part, out);
    }

    /// The current turn (public in every game).
    pub fn turn(&self) -> u32 {
        self.state.turn()
    }

    /// The text form of an action, for explanations.
    pub fn action_text(&self, action: &G::Action) -> String {
        self.state.action_text(action)
    }

    /// The seat's sight of a game `G` holds (a campaign's map, its battle under way), so that a
    /// policy of `G` can hand a decision of the inner game to that game's own policy, which
    /// sees no more of it than the seat may. `None` when `G` holds no such game now.
    pub fn inner<H: Game>(&self) -> Option<Seen<'a, H>>
    where
        G: Holds<H>,
    {
        self.state
            .inner(self.seat)
            .map(|(state, seat)| Seen { state, seat })
    }
}

/// A game that holds another (the campaign holds the Solitaire map and the battle under way):
/// which, and the seat a seat of the outer game plays in it. The outer game decides what its
/// policies may reach, so a policy still sees only views ([`Seen::inner`]).
pub trait Holds<H: Game>: Game {
    /// The inner game `seat` plays part of now, and its seat there.
    fn inner(&self, seat: Seat) -> Option<(&H, Seat)>;
}

/// Something that picks one of the legal actions for a seat.
pub trait Policy<G: Game>: Send {
    /// The policy's name, as given on the command line.
    fn name(&self) -> &str;
    /// The index in `legal` of the chosen action (`legal` is never empty).
    fn choose(&mut self, seen: &Seen<G>, legal: &[G::Action]) -> usize;

    /// An action chosen without the legal list, or `None` to be shown the list and asked to
    /// [`Policy::choose`]. The kernel checks a proposal and falls back to `choose` if the rules
    /// refuse it.
    ///
    /// Listing every legal action costs what checking each costs; in a miniatures game that is
    /// most of a simulated battle. A policy that can weigh [`Seen::candidates`] before asking
    /// [`Seen::is_legal`] about the best of them proposes its choice here, and must propose
    /// what `choose` would have chosen from the list (the tests of such a policy hold the two
    /// together), so a game played either way is the same game.
    fn propose(&mut self, seen: &Seen<G>) -> Option<G::Action> {
        let _ = seen;
        None
    }
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

/// The action `policy` takes for `seat` in `state`: its proposal if it makes one the rules
/// accept, else its choice from the legal list (`legal` is the buffer for it). `None` when
/// the seat has no legal action.
pub fn decide<G: Game>(
    state: &G,
    seat: Seat,
    policy: &mut dyn Policy<G>,
    legal: &mut Vec<G::Action>,
) -> Option<G::Action> {
    let seen = Seen::new(state, seat);
    if let Some(a) = policy.propose(&seen) {
        if state.is_legal(&a) {
            return Some(a);
        }
    }
    state.legal_actions(legal);
    match legal.len() {
        0 => None,
        1 => Some(legal[0]),
        n => Some(legal[policy.choose(&seen, legal).min(n - 1)]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toys::TicTacToe;

    /// Proposes one cell, and when shown the list takes its last action.
    struct Proposer(u8);

    impl Policy<TicTacToe> for Proposer {
        fn name(&self) -> &str {
            "proposer"
        }
        fn choose(&mut self, _seen: &Seen<TicTacToe>, legal: &[u8]) -> usize {
            legal.len() - 1
        }
        fn propose(&mut self, seen: &Seen<TicTacToe>) -> Option<u8> {
            assert!(
                seen.is_legal(&self.0) || self.0 == 0,
                "the test proposes cell 0 only when taken"
            );
            Some(self.0)
        }
    }

    #[test]
    fn a_legal_proposal_is_taken_without_the_list() {
        let g = TicTacToe::from_rows("X..|.O.|...", 0);
        let mut legal = vec![99];
        assert_eq!(decide(&g, 0, &mut Proposer(5), &mut legal), Some(5));
        assert_eq!(legal, vec![99], "the legal list was not asked for");
    }

    #[test]
    fn a_refused_proposal_falls_back_to_choosing_from_the_list() {
        let g = TicTacToe::from_rows("X..|.O.|...", 0);
        let mut legal = Vec::new();
        // cell 0 is taken: the rules refuse it, and the policy chooses from the list instead
        assert!(!Seen::new(&g, 0).is_legal(&0));
        assert_eq!(decide(&g, 0, &mut Proposer(0), &mut legal), Some(8));
        assert_eq!(legal, vec![1, 2, 3, 5, 6, 7, 8]);
    }

    #[test]
    fn no_legal_action_is_none() {
        let g = TicTacToe::from_rows("XXX|OO.|...", 1);
        assert_eq!(
            decide(&g, 1, &mut RandomPolicy::new(1), &mut Vec::new()),
            None
        );
    }
}
