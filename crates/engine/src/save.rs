use crate::{Dice, EngineError, Game, Outcome};
use serde::{Deserialize, Serialize};

/// The save file format version this build writes and reads.
pub const SAVE_FORMAT: u32 = 1;

/// The largest save file fiw reads: a whole game of the longest game fiw plays is a few
/// hundred kilobytes, so anything bigger is not a save, and reading it would only fill memory.
pub const MAX_SAVE_BYTES: u64 = 16 << 20;

/// A saved game: the set-up, the seed and the actions, which together are the whole game.
///
/// Actions are kept in their typed text form so a save can be read (and reviewed) by a person.
/// `digest` fingerprints the state the actions reach; replay refuses a file whose actions do
/// not reach it, or whose outcome is not the one they reach, which catches edits and
/// truncation.
///
/// A save is the referee's record of the whole game: the seed (so every future roll and the
/// order of the deck) and both sides' secrets. A local save is its owner's file and keeps no
/// secret from its owner; to share a game without them, show it as one seat saw it
/// (`fiw replay FILE --seat SIDE`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SaveFile<O> {
    /// Always [`SAVE_FORMAT`] when written by this build.
    pub format: u32,
    /// The game's command-line name.
    pub game: String,
    /// Set-up options.
    pub options: O,
    /// The dice seed.
    pub seed: u64,
    /// Every action, in order, as typed.
    pub actions: Vec<String>,
    /// Fingerprint of the state after the last action.
    pub digest: String,
    /// How the game ended, if it did.
    pub outcome: Option<Outcome>,
    /// With manual dice (players rolling real dice): every result they typed, in order, so
    /// the game replays exactly. Absent for seeded dice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub manual_dice: Option<Vec<u8>>,
    /// Who played each seat (`human`, `ai`, …), in seat order, so that a resumed game seats
    /// them again. Empty in saves written before it was kept.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seats: Vec<String>,
}

impl<O: Serialize + for<'de> Deserialize<'de>> SaveFile<O> {
    /// A save of `state`, reached from `options` and `seed` by `actions`.
    pub fn of<G: Game<Options = O>>(state: &G, options: &O, seed: u64, actions: Vec<String>) -> Self
    where
        O: Clone,
    {
        let manual_dice = state
            .dice()
            .filter(|d| d.is_manual())
            .map(|d| d.answers().to_vec());
        SaveFile {
            format: SAVE_FORMAT,
            game: G::NAME.to_string(),
            options: options.clone(),
            seed,
            actions,
            digest: state.digest(),
            outcome: state.outcome(),
            manual_dice,
            seats: Vec::new(),
        }
    }

    /// The same save, noting who played each seat.
    pub fn seated(mut self, seats: Vec<String>) -> Self {
        self.seats = seats;
        self
    }

    /// The file as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The dice the game was set up with: seeded, or manual with the recorded answers queued.
    pub fn dice(&self) -> Dice {
        match &self.manual_dice {
            Some(answers) => Dice::manual(self.seed, answers),
            None => Dice::new(self.seed),
        }
    }
}

/// Reads just the game name of a save, to pick the game before parsing the rest.
pub fn game_of(json: &str) -> Result<String, EngineError> {
    #[derive(Deserialize)]
    struct Head {
        format: u32,
        game: String,
    }
    let head: Head =
        serde_json::from_str(json).map_err(|e| EngineError::Malformed(e.to_string()))?;
    if head.format != SAVE_FORMAT {
        return Err(EngineError::Format {
            found: head.format,
            expected: SAVE_FORMAT,
        });
    }
    Ok(head.game)
}

/// A save replayed from scratch.
pub struct Replayed<G: Game> {
    /// The state the actions reach.
    pub state: G,
    /// The file as read.
    pub save: SaveFile<G::Options>,
}

/// Replays a save file from its set-up and seed, checking every action, the final digest and
/// the recorded outcome.
pub fn replay<G: Game>(json: &str, logging: bool) -> Result<Replayed<G>, EngineError> {
    replay_stepwise::<G>(json, logging, |_, _| {})
}

/// [`replay`], calling `each(index, state)` after the set-up (index 0) and after every action
/// (index = actions so far): how a game is shown as one seat saw it, step by step.
pub fn replay_stepwise<G: Game>(
    json: &str,
    logging: bool,
    mut each: impl FnMut(usize, &G),
) -> Result<Replayed<G>, EngineError> {
    let name = game_of(json)?;
    if name != G::NAME {
        return Err(EngineError::WrongGame {
            found: name,
            expected: G::NAME.to_string(),
        });
    }
    let save: SaveFile<G::Options> =
        serde_json::from_str(json).map_err(|e| EngineError::Malformed(e.to_string()))?;
    let short = |state: &mut G, index: usize, text: &str| -> Result<(), EngineError> {
        match state.dice_mut().and_then(Dice::take_need) {
            Some(need) => Err(EngineError::Illegal {
                index,
                text: text.to_string(),
                error: crate::RuleError::input(format!(
                    "the save's manual dice run out: it needs '{}'",
                    need.label
                )),
            }),
            None => Ok(()),
        }
    };
    let mut state =
        G::with_dice(&save.options, save.dice()).map_err(|error| EngineError::Illegal {
            index: 0,
            text: "(set-up options)".into(),
            error,
        })?;
    short(&mut state, 0, "(set-up)")?;
    state.set_logging(logging);
    each(0, &state);
    for (index, text) in save.actions.iter().enumerate() {
        let illegal = |error| EngineError::Illegal {
            index,
            text: text.clone(),
            error,
        };
        if state.to_move().is_none() {
            return Err(illegal(crate::RuleError::input(
                "the game is already over before this action",
            )));
        }
        let action = state.parse_action(text).map_err(illegal)?;
        state.apply(action).map_err(illegal)?;
        short(&mut state, index, text)?;
        each(index + 1, &state);
    }
    let found = state.digest();
    if found != save.digest {
        return Err(EngineError::Digest {
            recorded: save.digest.clone(),
            found,
        });
    }
    if state.outcome() != save.outcome {
        return Err(EngineError::Outcome {
            recorded: describe(&save.outcome),
            found: describe(&state.outcome()),
        });
    }
    Ok(Replayed { state, save })
}

fn describe(outcome: &Option<Outcome>) -> String {
    match outcome {
        None => "no outcome (the game goes on)".into(),
        Some(o) => format!(
            "{} on turn {} ({})",
            match o.winner {
                Some(seat) => format!("seat {seat} wins"),
                None => "a draw".into(),
            },
            o.turn,
            o.reason
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toys::{Pile, PileOptions};
    use crate::{Policy, RandomPolicy};

    fn finished_pile(seed: u64) -> (Pile, Vec<String>) {
        let options = PileOptions::default();
        let mut g = Pile::new(&options, seed).unwrap();
        let mut policies: Vec<Box<dyn Policy<Pile>>> = vec![
            Box::new(RandomPolicy::new(1)),
            Box::new(RandomPolicy::new(2)),
        ];
        let mut texts = Vec::new();
        let mut legal = Vec::new();
        while let Some(seat) = g.to_move() {
            let a = crate::decide(&g, seat, policies[seat].as_mut(), &mut legal).unwrap();
            texts.push(g.action_text(&a));
            g.apply(a).unwrap();
        }
        (g, texts)
    }

    #[test]
    fn an_edited_outcome_is_refused_though_the_digest_matches() {
        let (g, texts) = finished_pile(4);
        let save = SaveFile::of(&g, &PileOptions::default(), 4, texts);
        assert!(replay::<Pile>(&save.to_json(), true).is_ok());
        let mut edited = save.clone();
        let mut o = edited.outcome.clone().unwrap();
        o.winner = o.winner.map(|w| 1 - w);
        edited.outcome = Some(o);
        let e = replay::<Pile>(&edited.to_json(), true).err().unwrap();
        assert!(matches!(e, EngineError::Outcome { .. }), "{e}");
        let mut erased = save.clone();
        erased.outcome = None;
        assert!(matches!(
            replay::<Pile>(&erased.to_json(), true).err().unwrap(),
            EngineError::Outcome { .. }
        ));
    }

    #[test]
    fn actions_after_the_end_are_refused() {
        let (g, mut texts) = finished_pile(5);
        let last = texts.last().cloned().unwrap();
        texts.push(last);
        let save = SaveFile::of(&g, &PileOptions::default(), 5, texts);
        let e = replay::<Pile>(&save.to_json(), true).err().unwrap();
        assert!(e.to_string().contains("already over"), "{e}");
    }
}
