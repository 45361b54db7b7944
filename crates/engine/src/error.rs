use std::fmt;

/// An action the rules refuse: names the rule section and says why in a player's words.
///
/// The state that refused it is left untouched, so nothing is lost on bad input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError {
    /// The rulebook section, e.g. `"8.3.1"`; `"input"` for text that names no action at all.
    pub rule: String,
    /// One sentence a player understands.
    pub message: String,
}

impl RuleError {
    /// A refusal citing `rule`.
    pub fn new(rule: impl Into<String>, message: impl Into<String>) -> Self {
        RuleError {
            rule: rule.into(),
            message: message.into(),
        }
    }

    /// Text that could not be read as an action at all.
    pub fn input(message: impl Into<String>) -> Self {
        RuleError::new("input", message)
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.rule == "input" {
            write!(f, "{}", self.message)
        } else {
            write!(f, "rule {}: {}", self.rule, self.message)
        }
    }
}

impl std::error::Error for RuleError {}

/// Failures of the kernel's own machinery (save files, replays).
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// The save file is not valid JSON of the expected shape.
    #[error("save file is not readable: {0}")]
    Malformed(String),
    /// The save file was written by another format version.
    #[error("save file format {found} is not supported (this fiw reads format {expected})")]
    Format {
        /// Version in the file.
        found: u32,
        /// Version this build reads.
        expected: u32,
    },
    /// The save file belongs to another game.
    #[error("save file is for game '{found}', not '{expected}'")]
    WrongGame {
        /// Game named in the file.
        found: String,
        /// Game asked for.
        expected: String,
    },
    /// An action in the file is illegal at that point of the game.
    #[error("action {index} ('{text}') is refused: {error}")]
    Illegal {
        /// Zero-based position in the action list.
        index: usize,
        /// The action as written.
        text: String,
        /// Why the rules refuse it.
        error: RuleError,
    },
    /// Replaying the actions did not reach the state the file records.
    /// The message names neither digest: the one reached would let an edited file be made to
    /// pass (audit of 2026-12-01, Solitaire #17).
    #[error("replaying the actions does not reach the state the file records: the save was altered or truncated")]
    Digest {
        /// Digest written in the file.
        recorded: String,
        /// Digest the replay reached.
        found: String,
    },
    /// The save was made under an older rules version, and one of its actions no longer
    /// replays under this build's.
    #[error("it was made under {game} rules version {made_under}, and its action {index} ('{text}') no longer replays under version {current} ({error}); start the game again under the current rules with `fiw play {game}`")]
    OlderRules {
        /// The game's name.
        game: String,
        /// The rules version in the file.
        made_under: u32,
        /// The rules version this build plays.
        current: u32,
        /// Zero-based position in the action list.
        index: usize,
        /// The action as written.
        text: String,
        /// Why the current rules refuse it.
        error: RuleError,
    },
    /// The save was made under a newer rules version than this build plays.
    #[error("it was made under {game} rules version {made_under}, newer than this fiw's {current}: update fiw to go on with it")]
    NewerRules {
        /// The game's name.
        game: String,
        /// The rules version in the file.
        made_under: u32,
        /// The rules version this build plays.
        current: u32,
    },
    /// The actions reach the recorded state, but the file's outcome is not that state's.
    #[error("the file's outcome says {recorded}, but its actions end in {found}: the outcome was altered")]
    Outcome {
        /// The outcome written in the file.
        recorded: String,
        /// The outcome the replay reached.
        found: String,
    },
}
