use crate::{EngineError, Game, Outcome};
use serde::{Deserialize, Serialize};

/// The save file format version this build writes and reads.
pub const SAVE_FORMAT: u32 = 1;

/// A saved game: the set-up, the seed and the actions, which together are the whole game.
///
/// Actions are kept in their typed text form so a save can be read (and reviewed) by a person.
/// `digest` fingerprints the state the actions reach; replay refuses a file whose actions do
/// not reach it, which catches edits and truncation.
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
}

impl<O: Serialize + for<'de> Deserialize<'de>> SaveFile<O> {
    /// A save of `state`, reached from `options` and `seed` by `actions`.
    pub fn of<G: Game<Options = O>>(state: &G, options: &O, seed: u64, actions: Vec<String>) -> Self
    where
        O: Clone,
    {
        SaveFile {
            format: SAVE_FORMAT,
            game: G::NAME.to_string(),
            options: options.clone(),
            seed,
            actions,
            digest: state.digest(),
            outcome: state.outcome(),
        }
    }

    /// The file as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
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

/// Replays a save file from its set-up and seed, checking every action and the final digest.
pub fn replay<G: Game>(json: &str, logging: bool) -> Result<Replayed<G>, EngineError> {
    let name = game_of(json)?;
    if name != G::NAME {
        return Err(EngineError::WrongGame {
            found: name,
            expected: G::NAME.to_string(),
        });
    }
    let save: SaveFile<G::Options> =
        serde_json::from_str(json).map_err(|e| EngineError::Malformed(e.to_string()))?;
    let mut state = G::new(&save.options, save.seed).map_err(|error| EngineError::Illegal {
        index: 0,
        text: "(set-up options)".into(),
        error,
    })?;
    state.set_logging(logging);
    for (index, text) in save.actions.iter().enumerate() {
        let illegal = |error| EngineError::Illegal {
            index,
            text: text.clone(),
            error,
        };
        let action = state.parse_action(text).map_err(illegal)?;
        state.apply(action).map_err(illegal)?;
    }
    let found = state.digest();
    if found != save.digest {
        return Err(EngineError::Digest {
            recorded: save.digest.clone(),
            found,
        });
    }
    Ok(Replayed { state, save })
}
