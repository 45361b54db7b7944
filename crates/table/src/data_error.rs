//! Errors of the miniatures games' data files (D3's unit types and scenarios, the skirmish
//! charts and scenarios): one line naming the file and the field.

use std::fmt;

/// A data file (unit types, charts, a scenario) that cannot be played: the file, the field at
/// fault (a path such as `french.units[3].at`) and why, on one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataError {
    /// The file, as named by the caller.
    pub file: String,
    /// The field at fault (empty when the text is not TOML of the right shape).
    pub field: String,
    /// What is wrong.
    pub reason: String,
}

impl DataError {
    /// An error about `field` of `file`.
    pub fn new(file: &str, field: impl Into<String>, reason: impl Into<String>) -> Self {
        DataError {
            file: file.into(),
            field: field.into(),
            reason: reason.into(),
        }
    }

    /// toml's own message, folded onto one line.
    pub fn toml(file: &str, e: &toml::de::Error) -> Self {
        let text = e.to_string();
        let reason = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('|'))
            .collect::<Vec<_>>()
            .join(" ");
        DataError::new(file, "", reason)
    }
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            write!(f, "{}: {}", self.file, self.reason)
        } else {
            write!(f, "{}: {}: {}", self.file, self.field, self.reason)
        }
    }
}

impl std::error::Error for DataError {}
