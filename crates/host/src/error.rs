//! How a command fails, and which exit code that gives (DESIGN: 2 bad usage or input, 1 other).

use std::fmt;
use std::io;

/// A failed command. Every variant prints as one line on stderr.
#[derive(Debug)]
pub enum HostError {
    /// Bad usage or bad input (a flag, a file, a unit list): exit 2.
    Usage(String),
    /// Anything else (a bug, a game that cannot continue, a write that failed): exit 1.
    Failure(String),
    /// Writing to stdout failed; a closed pipe (`fiw rules louisbourg | head`) is not an error.
    Io(io::Error),
}

impl HostError {
    /// Bad usage or input.
    pub fn usage(message: impl Into<String>) -> Self {
        HostError::Usage(message.into())
    }

    /// Anything that is not the user's fault.
    pub fn failure(message: impl Into<String>) -> Self {
        HostError::Failure(message.into())
    }

    /// The process exit code for this error, or `None` to exit 0 quietly (closed pipe).
    pub fn exit_code(&self) -> Option<i32> {
        match self {
            HostError::Usage(_) => Some(2),
            HostError::Failure(_) => Some(1),
            HostError::Io(e) if e.kind() == io::ErrorKind::BrokenPipe => None,
            HostError::Io(_) => Some(1),
        }
    }
}

impl fmt::Display for HostError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // One line, always: a message with a newline in it is folded.
        let text = match self {
            HostError::Usage(m) | HostError::Failure(m) => m.clone(),
            HostError::Io(e) => format!("cannot write the output: {e}"),
        };
        write!(f, "{}", one_line(&text))
    }
}

impl From<io::Error> for HostError {
    fn from(e: io::Error) -> Self {
        HostError::Io(e)
    }
}

/// Folds a message onto one line (serde and clap messages can span several).
pub fn one_line(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The result of a command.
pub type HostResult<T = ()> = Result<T, HostError>;
