//! Playing with people's dice: applying actions and setting up games when the players roll
//! real dice and draw real cards ([`Dice::manual`]), and the secret seed of a game people play.

use crate::{Dice, Game, Need, RuleError};

/// Applies `action` to `state` if the rules allow it and nothing is missing: `Ok(None)` once
/// applied, `Ok(Some(need))` when manual dice need a roll or a card first (the state is then
/// unchanged: queue the answer with [`Dice::force`] on `state.dice_mut()` and apply again).
///
/// # Errors
/// The rules refuse the action; the state is unchanged.
pub fn apply_asking<G: Game>(state: &mut G, action: G::Action) -> Result<Option<Need>, RuleError> {
    state.check(&action)?;
    if !state.dice().is_some_and(Dice::is_manual) {
        state.apply_unchecked(action);
        return Ok(None);
    }
    // the rules roll as they always do; a roll that found nothing queued leaves its need on a
    // copy that is thrown away, so the true state never holds a stand-in result
    let mut trial = state.clone();
    trial.apply_unchecked(action);
    if let Some(need) = trial.dice_mut().and_then(Dice::take_need) {
        return Ok(Some(need));
    }
    *state = trial;
    Ok(None)
}

/// Sets a game up with manual dice holding `answers` (a set-up that deals cards asks for
/// them): the game, or what it still needs (append the answer to `answers` and call again).
///
/// # Errors
/// The options are wrong.
pub fn set_up_asking<G: Game>(
    options: &G::Options,
    seed: u64,
    answers: &[u8],
) -> Result<Result<G, Need>, RuleError> {
    let mut state = G::with_dice(options, Dice::manual(seed, answers))?;
    match state.dice_mut().and_then(Dice::take_need) {
        Some(need) => Ok(Err(need)),
        None => Ok(Ok(state)),
    }
}

/// A seed nobody can guess or repeat, from the operating system: a game people play must not
/// have its deck order and its future rolls given away by a seed another player could run.
pub fn secret_seed() -> u64 {
    let mut bytes = [0u8; 8];
    if getrandom::fill(&mut bytes).is_ok() {
        return u64::from_le_bytes(bytes);
    }
    // no source of randomness (never seen): the clock's nanoseconds mixed with the process
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    crate::game_seed(nanos, std::process::id() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toys::{Pile, PileAction, PileOptions};

    #[test]
    fn a_roll_people_must_make_leaves_the_state_as_it_was_until_it_is_given() {
        let options = PileOptions {
            start: Some(9),
            cards: false,
            river: true,
        };
        // the set-up rolls nothing with a start given; the river rolls after each take
        let mut g = match set_up_asking::<Pile>(&options, 1, &[]).unwrap() {
            Ok(g) => g,
            Err(need) => panic!("nothing to ask at set-up: {need:?}"),
        };
        let before = g.digest();
        let need = apply_asking(&mut g, PileAction::Take(2))
            .unwrap()
            .expect("the river's die is asked for");
        assert_eq!(
            g.digest(),
            before,
            "the state is untouched while a die is missing"
        );
        g.dice_mut().unwrap().force(need.read("6").unwrap());
        assert_eq!(apply_asking(&mut g, PileAction::Take(2)).unwrap(), None);
        assert_eq!(g.pile, 8, "9 - 2 + 1 for the 6");
        assert_eq!(g.dice().unwrap().answers(), &[6]);
        // a refused action is refused before anything is asked
        assert!(apply_asking(&mut g, PileAction::Take(7)).is_err());
    }

    #[test]
    fn a_set_up_that_rolls_asks_first() {
        let options = PileOptions {
            start: None, // 15 + a die tokens
            cards: false,
            river: false,
        };
        let need = set_up_asking::<Pile>(&options, 1, &[])
            .unwrap()
            .err()
            .unwrap();
        assert_eq!(need.read("3").unwrap(), vec![3]);
        let g = set_up_asking::<Pile>(&options, 1, &[3]).unwrap().unwrap();
        assert_eq!(g.pile, 18);
    }

    #[test]
    fn secret_seeds_differ() {
        assert_ne!(secret_seed(), secret_seed());
    }
}
