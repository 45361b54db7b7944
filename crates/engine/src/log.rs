use crate::Seat;
use serde::{Deserialize, Serialize};

/// Who may read a log entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Visibility {
    /// Both seats.
    Public,
    /// Only this seat (its own hidden blocks, cards drawn, the landing plan).
    Only(Seat),
}

/// One line of the event log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// Who may read it.
    pub to: Visibility,
    /// The line, in a player's words.
    pub text: String,
}

/// The readable record of a game. Off in simulations: entries are built by closures that are
/// only called when the log is on, so a sim pays nothing for formatting.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Log {
    on: bool,
    entries: Vec<Entry>,
}

impl Log {
    /// A log that records (`on`) or ignores everything.
    pub fn new(on: bool) -> Self {
        Log {
            on,
            entries: Vec::new(),
        }
    }

    /// Whether entries are being recorded.
    pub fn is_on(&self) -> bool {
        self.on
    }

    /// Turns recording on or off.
    pub fn set_on(&mut self, on: bool) {
        self.on = on;
    }

    /// Drops every entry, keeping whether the log records.
    pub fn clear(&mut self) {
        self.entries.clear();
    }

    /// Records a line for everyone.
    pub fn public(&mut self, text: impl FnOnce() -> String) {
        if self.on {
            self.entries.push(Entry {
                to: Visibility::Public,
                text: text(),
            });
        }
    }

    /// Records a line only `seat` may read.
    pub fn private(&mut self, seat: Seat, text: impl FnOnce() -> String) {
        if self.on {
            self.entries.push(Entry {
                to: Visibility::Only(seat),
                text: text(),
            });
        }
    }

    /// Every entry, for tests and the digest-free full record.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The entries `seat` may read, in order.
    pub fn visible_to(&self, seat: Seat) -> impl Iterator<Item = &Entry> {
        self.entries.iter().filter(move |e| match e.to {
            Visibility::Public => true,
            Visibility::Only(s) => s == seat,
        })
    }
}
