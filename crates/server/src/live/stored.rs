//! A stored game read back: rebuilt by replaying its entries under this build's rules. A game
//! last played under an older rules version goes on when every entry still replays (its
//! pages say once what changed, [`RulesNote`]); one that does not replay, whatever the cause,
//! is shown read-only as far as it goes, with the entry that fails and why ([`ReadOnly`]),
//! never refused as a failure of the server. `fiw serve --check` replays them all.

use super::{Failure, GameDuties, Open, Seating};
use crate::clock::Clock;
use crate::store::{EntryRow, GameRow, Store};
use fiw_engine::Seat;
use fiw_host::hosted::rebuild;
use fiw_host::seats::Player;
use serde::Serialize;
use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::broadcast;

/// A game last played under an older rules version that goes on under this build's.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct RulesNote {
    /// The rules version the game goes on under.
    pub version: u32,
    /// The version it was last played under.
    pub made_under: u32,
    /// What changed between the two, oldest first.
    pub changes: Vec<String>,
}

/// Why a stored game is read-only: the entry that no longer replays.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ReadOnly {
    /// The rules version the game was last played under.
    pub made_under: u32,
    /// The rules version this server plays.
    pub rules: u32,
    /// The entry that does not replay (1 for the first); 0 when none was tried (the game was
    /// made under a newer version).
    pub entry: u64,
    /// That entry's kind (`action`, `undo`, …).
    pub kind: String,
    /// The seat that made it.
    pub seat: Option<String>,
    /// The action's text: shown only to the seat that made it (another seat's action may
    /// name what that seat keeps secret).
    pub text: String,
    /// Why it does not replay, the rule that refuses it: to the seat that made it only.
    pub reason: String,
}

impl ReadOnly {
    /// What `seat` (or the spectators, `None`) may be shown of it: the text of another
    /// seat's action and the rule's words about it are that seat's.
    pub fn for_seat(&self, seat: Option<&str>) -> ReadOnly {
        let mut shown = self.clone();
        if shown.seat.is_some() && shown.seat.as_deref() != seat {
            shown.text = String::new();
            shown.reason = String::new();
        }
        shown
    }

    /// In one line, for a refusal and `--check`.
    pub fn why(&self) -> String {
        let what = match self.text.is_empty() {
            true => format!("entry {} (a {})", self.entry, self.kind),
            false => format!("entry {} ('{}')", self.entry, super::clip(&self.text)),
        };
        match self.made_under.cmp(&self.rules) {
            std::cmp::Ordering::Greater => format!(
                "it was made under rules version {}, newer than this server's {}",
                self.made_under, self.rules
            ),
            std::cmp::Ordering::Less => format!(
                "it was made under rules version {}, and its {what} does not replay under version {}: {}",
                self.made_under, self.rules, self.reason
            ),
            std::cmp::Ordering::Equal => {
                format!("its {what} does not replay: {}", self.reason)
            }
        }
    }
}

/// A stored game that does not replay, as `fiw serve --check` lists it.
#[derive(Clone, Debug, Serialize)]
pub struct Unplayable {
    /// The game's id.
    pub id: String,
    /// The game's name.
    pub game: String,
    /// Why, in one line.
    pub why: String,
}

/// Game `id` read from the database and rebuilt.
///
/// # Errors
/// No such game; the database cannot be read; a game this build cannot set up at all.
pub(super) async fn read(store: &Store, id: &str, clock: &Arc<dyn Clock>) -> Result<Open, Failure> {
    let row = store.game(id).await?.ok_or(Failure::NotFound)?;
    let entries = store.entries(id).await?;
    let mut open = replay(row, &entries, clock)?;
    open.links = store.links(id).await?;
    open.holders = store.holders(id).await?;
    open.notes = store
        .notes(id)
        .await?
        .into_iter()
        .map(|(seat, text)| (seat as Seat, text))
        .collect();
    open.rematch = store.rematch_of(id).await?;
    open.chat = super::chat::Chat::stored(store.chat(id).await?, store.chat_mutes(id).await?);
    Ok(open)
}

/// Rebuilds a stored game by replaying its entries under this build's rules: read-only from
/// the first entry that does not replay (or at once, when it was made under newer rules).
///
/// # Errors
/// Options or players that do not read, or a game this build does not know: nothing can be
/// shown of it.
pub(super) fn replay(
    row: GameRow,
    entries: &[EntryRow],
    clock: &Arc<dyn Clock>,
) -> Result<Open, Failure> {
    let id = row.id.clone();
    let unreadable = |why: String| {
        Failure::Unreadable(format!(
            "stored game {id} cannot be set up by this server ({why}); it is kept as it is"
        ))
    };
    let options: serde_json::Value =
        serde_json::from_str(&row.options).map_err(|e| unreadable(e.to_string()))?;
    let hosted = rebuild(&row.game, &options, row.seed).map_err(|e| unreadable(e.to_string()))?;
    let seating: Seating =
        serde_json::from_str(&row.players).map_err(|e| unreadable(e.to_string()))?;
    let players: Vec<Player> = seating
        .players
        .iter()
        .map(|n| Player::named(n).unwrap_or(Player::Human))
        .collect();
    let hints = seating.hints || players.iter().any(|p| *p != Player::Human);
    let duties = GameDuties::new(seating.pace, &players, hosted.to_move(), row.created, clock);
    let rules = hosted.rules_version();
    let seat_names = hosted.seats();
    let made_under = row.rules;
    let version = row.version;
    let created = row.created;
    let mut open = Open {
        version: 0,
        row,
        hosted,
        players,
        links: Vec::new(),
        holders: Vec::new(),
        hot_seat: seating.hot_seat,
        resigned: None,
        hints,
        notes: HashMap::new(),
        chat: super::chat::Chat::default(),
        rematch: None,
        thinking: false,
        events: broadcast::channel(64).0,
        duties,
        gone: false,
        made_under: (made_under < rules).then_some(made_under),
        read_only: None,
        last_at: created,
    };
    let broken = |e: &EntryRow, reason: String| ReadOnly {
        made_under,
        rules,
        entry: e.version,
        kind: e.kind.clone(),
        seat: usize::try_from(e.seat)
            .ok()
            .and_then(|s| seat_names.get(s))
            .map(|s| s.to_string()),
        text: e.text.clone(),
        reason,
    };
    if made_under > rules {
        open.read_only = Some(ReadOnly {
            made_under,
            rules,
            entry: 0,
            kind: String::new(),
            seat: None,
            text: String::new(),
            reason: "this server plays older rules".into(),
        });
    } else {
        for e in entries {
            if e.version != open.version + 1 {
                open.read_only = Some(broken(e, format!("entry {} is missing", open.version + 1)));
                break;
            }
            if let Err(reason) = apply(&mut open, e) {
                open.read_only = Some(broken(e, reason));
                break;
            }
        }
    }
    if open.read_only.is_some() {
        // it takes no change: its version is the stored one, whatever replayed
        open.version = version.max(entries.last().map_or(0, |e| e.version));
        open.made_under = None;
    }
    // the version is the last entry's: the entries may have been read after a commit the
    // game's row was read before (another server's), and the copy must not claim less
    open.told_now();
    Ok(open)
}

/// Plays one stored entry on a game in memory: replay does it from the start, and a server
/// catching up with another's commits from where it was.
pub(super) fn apply(open: &mut Open, e: &EntryRow) -> Result<(), String> {
    let seat = e.seat as Seat;
    match e.kind.as_str() {
        "action" => {
            let human = open.players.get(seat) == Some(&Player::Human);
            open.hosted
                .take(seat, &e.text, human)
                .map_err(|r| r.to_string())?;
        }
        "undo" => {
            open.hosted.undo(seat).map_err(|r| r.to_string())?;
        }
        "resign" => open.resigned = Some(seat),
        "timeout" => open.duties.timed_out = Some(seat),
        other => return Err(format!("a '{other}' is no kind of entry")),
    }
    open.version = e.version;
    open.last_at = e.at;
    let decider = open.decider();
    open.duties.after(&e.kind, decider, e.at);
    Ok(())
}

/// Every stored game replayed: the number read, and those that do not replay.
///
/// # Errors
/// The database cannot be read.
pub(super) async fn check_all(
    store: &Store,
    clock: &Arc<dyn Clock>,
) -> Result<(usize, Vec<Unplayable>), Failure> {
    let ids = store.all().await?;
    let mut bad = Vec::new();
    for id in &ids {
        let Some(row) = store.game(id).await? else {
            continue;
        };
        let game = row.game.clone();
        let entries = store.entries(id).await?;
        let why = match replay(row, &entries, clock) {
            Ok(open) => open.read_only.map(|r| r.why()),
            Err(f) => Some(super::describe(&f)),
        };
        if let Some(why) = why {
            bad.push(Unplayable {
                id: id.clone(),
                game,
                why,
            });
        }
    }
    Ok((ids.len(), bad))
}

impl Open {
    /// What changed in the rules since the game was last played, when it was made under an
    /// older version.
    pub(super) fn rules_note(&self) -> Option<RulesNote> {
        let made_under = self.made_under?;
        let version = self.hosted.rules_version();
        Some(RulesNote {
            version,
            made_under,
            changes: fiw_engine::changes_between(self.hosted.rules_changes(), made_under, version)
                .iter()
                .flat_map(|c| {
                    c.changes
                        .iter()
                        .map(|s| format!("version {}: {s}", c.version))
                })
                .collect(),
        })
    }
}
