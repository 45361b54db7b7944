//! A game's chat: a room for its players and one for its spectators. During the game neither
//! reads the other's (a spectator could otherwise tell a player what the board shows it, or
//! players talk past their opponent to an audience); once it is over both are open to every
//! seat and spectator. Lines are sent by request, limited in length and rate, stored like any
//! change (commit, then show), delivered on the WebSocket, never in the game's save or replay
//! and never shown to a computer seat (which reads only its view). A seat may mute another
//! seat's lines (on every device, as a mark the page honours) and report a line to the
//! operator (`fiw admin reports`).

use super::change::detached;
use super::{refusal, seat_of, Caller, Failure, Games, Open};
use crate::store::ChatRow;
use fiw_engine::Seat;
use serde::Serialize;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Instant;

/// The longest line, in characters.
pub const MAX_CHARS: usize = 500;
/// The most lines a game's chat keeps: past it, the chat is full (a game is long, but not a
/// forum).
pub const MAX_LINES: usize = 2_000;
/// Lines one writer may send: a burst of this many, then one every [`EVERY_MS`].
const BURST: f64 = 5.0;
const EVERY_MS: f64 = 2_000.0;

/// The players' room and the spectators'.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Room {
    /// Every human seat's.
    Players,
    /// Everyone's with the spectators' link.
    Spectators,
}

impl Room {
    fn name(self) -> &'static str {
        match self {
            Room::Players => "players",
            Room::Spectators => "spectators",
        }
    }
}

/// One line as a page shows it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ChatLine {
    /// Its number in the game (for a report).
    pub n: i64,
    /// The room it was said in.
    pub room: Room,
    /// The writer's seat, in the players' room.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<String>,
    /// The name beside it: the seat holder's (or the account's), or "a spectator".
    pub name: String,
    /// The words, as written: a page shows them as text, never as markup.
    pub text: String,
    /// When, in ms since 1970.
    pub at: i64,
}

/// What a message brings of the chat a caller may read.
#[derive(Clone, Debug, Serialize)]
pub struct ChatPart {
    /// Whose lines these are: `players`, `spectators` or, once the game is over, `all`. The
    /// numbering of `start` is that room's: a page that sees the room change starts again.
    pub room: &'static str,
    /// The lines before [`ChatPart::lines`] the caller has been sent.
    pub start: usize,
    /// The lines from `start` on.
    pub lines: Vec<ChatLine>,
    /// The seats this seat has muted (their lines are sent, marked, for the page to hide).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub muted: Vec<String>,
}

/// A game's chat in memory.
#[derive(Default)]
pub struct Chat {
    lines: Vec<ChatRow>,
    /// (seat, muted seat).
    mutes: HashSet<(Seat, Seat)>,
    /// Each writer's bucket: its level and when it was last filled.
    buckets: HashMap<String, (f64, Instant)>,
}

impl Chat {
    /// The chat as stored.
    pub fn stored(lines: Vec<ChatRow>, mutes: Vec<(i64, i64)>) -> Chat {
        Chat {
            lines,
            mutes: mutes
                .into_iter()
                .filter_map(|(s, m)| Some((Seat::try_from(s).ok()?, Seat::try_from(m).ok()?)))
                .collect(),
            buckets: HashMap::new(),
        }
    }

    /// Whether `writer` may send a line now, counting it if so.
    fn take(&mut self, writer: &str) -> bool {
        let now = Instant::now();
        let (level, at) = self
            .buckets
            .entry(writer.to_string())
            .or_insert((BURST, now));
        *level = (*level + now.duration_since(*at).as_secs_f64() * 1000.0 / EVERY_MS).min(BURST);
        *at = now;
        if *level >= 1.0 {
            *level -= 1.0;
            true
        } else {
            false
        }
    }
}

impl Open {
    /// The chat `caller` may read, from line `since` of its room on.
    pub(super) fn chat_for(&self, caller: Caller, since: usize) -> ChatPart {
        let seats = self.hosted.seats();
        let over = self.over();
        let (room, wanted) = match (over, caller) {
            (true, _) => ("all", None),
            (false, Caller::Seat(_)) => ("players", Some("players")),
            (false, Caller::Spectator) => ("spectators", Some("spectators")),
        };
        let readable: Vec<&ChatRow> = self
            .chat
            .lines
            .iter()
            .filter(|l| wanted.is_none_or(|w| l.room == w))
            .collect();
        let start = since.min(readable.len());
        ChatPart {
            room,
            start,
            lines: readable[start..]
                .iter()
                .map(|r| self.chat_line(r))
                .collect(),
            muted: match caller {
                Caller::Seat(s) => self
                    .chat
                    .mutes
                    .iter()
                    .filter(|(by, _)| *by == s)
                    .filter_map(|(_, m)| seats.get(*m).map(|x| x.to_string()))
                    .collect(),
                Caller::Spectator => Vec::new(),
            },
        }
    }

    /// A stored line as pages are sent it.
    fn chat_line(&self, r: &ChatRow) -> ChatLine {
        ChatLine {
            n: r.n,
            room: if r.room == Room::Players.name() {
                Room::Players
            } else {
                Room::Spectators
            },
            seat: r
                .seat
                .and_then(|s| usize::try_from(s).ok())
                .and_then(|s| self.hosted.seats().get(s))
                .map(|s| s.to_string()),
            name: r.name.clone(),
            text: r.text.clone(),
            at: r.at,
        }
    }

    /// The name a seat's lines are signed with: its holder's, or its side's.
    fn speaker(&self, seat: Seat) -> String {
        self.holders
            .iter()
            .find(|h| h.seat == seat as i64)
            .and_then(|h| h.name.clone())
            .filter(|n| !n.trim().is_empty())
            .unwrap_or_else(|| {
                format!(
                    "the {} side",
                    self.hosted.seats().get(seat).copied().unwrap_or("?")
                )
            })
    }
}

/// The words of a line, or why they are refused.
fn words(text: &str) -> Result<String, Failure> {
    let text = text.trim();
    if text.is_empty() {
        return Err(Failure::Refused(refusal("chat: the line is empty")));
    }
    if text.chars().count() > MAX_CHARS {
        return Err(Failure::Refused(refusal(format!(
            "chat: a line is at most {MAX_CHARS} characters; this one is {}",
            text.chars().count()
        ))));
    }
    if text.chars().any(|c| c.is_control()) {
        return Err(Failure::Refused(refusal(
            "chat: a line holds no control characters (one line, no tabs)",
        )));
    }
    Ok(text.to_string())
}

impl Games {
    /// Adds `caller`'s line to game `id`'s chat: a seat's to the players' room, a spectator's
    /// to the spectators'. `writer` counts the rate (a seat, or a spectator's address: the
    /// spectators share one link); `account` signs a spectator's line with the account's
    /// name. Stored, then shown, in a task a dropped request does not stop.
    ///
    /// # Errors
    /// A line refused (empty, too long, too fast, the chat full); storage.
    pub async fn say(
        self: &Arc<Self>,
        id: &str,
        caller: Caller,
        writer: String,
        account: Option<(String, String)>,
        text: &str,
    ) -> Result<ChatLine, Failure> {
        let text = words(text)?;
        let games = self.clone();
        let id = id.to_string();
        detached(async move {
            let (_turn, slot) = games.writing(&id).await?;
            let row = {
                let mut g = slot.open.lock().await;
                if g.chat.lines.len() >= MAX_LINES {
                    return Err(Failure::Refused(refusal(format!(
                        "chat: this game's chat is full ({MAX_LINES} lines)"
                    ))));
                }
                if !g.chat.take(&writer) {
                    return Err(Failure::Refused(refusal(format!(
                        "chat: at most {} lines at once, then one every {} s; wait a moment",
                        BURST as u32,
                        (EVERY_MS / 1000.0) as u32
                    ))));
                }
                let (room, seat, name) = match caller {
                    Caller::Seat(s) => (Room::Players, Some(s as i64), g.speaker(s)),
                    Caller::Spectator => (
                        Room::Spectators,
                        None,
                        account
                            .as_ref()
                            .map(|(_, n)| n.clone())
                            .unwrap_or_else(|| "a spectator".into()),
                    ),
                };
                ChatRow {
                    n: g.chat.lines.last().map_or(0, |l| l.n) + 1,
                    room: room.name().to_string(),
                    seat,
                    account_id: account.map(|(a, _)| a),
                    name,
                    text,
                    at: games.now(),
                }
            };
            // the database first; the lock on the game's turn keeps the number ours
            let stored = games.store.add_chat(&id, &row).await;
            let mut g = slot.open.lock().await;
            if let Err(e) = stored {
                games.lose(&id, &mut g);
                return Err(e.into());
            }
            let said = g.chat_line(&row);
            g.chat.lines.push(row);
            let _ = g.events.send(g.version);
            Ok(said)
        })
        .await
    }

    /// Mutes (or unmutes) seat `other`'s lines for `caller`'s seat.
    ///
    /// # Errors
    /// Not a seat; no such seat, or the caller's own; storage.
    pub async fn mute(
        self: &Arc<Self>,
        id: &str,
        caller: Caller,
        other: &str,
        on: bool,
    ) -> Result<(), Failure> {
        let seat = seat_of(caller)?;
        let games = self.clone();
        let id = id.to_string();
        let other = other.to_string();
        detached(async move {
            let (_turn, slot) = games.writing(&id).await?;
            let muted = {
                let g = slot.open.lock().await;
                let seats = g.hosted.seats();
                let m = seats.iter().position(|s| *s == other).ok_or_else(|| {
                    Failure::Refused(refusal(format!(
                        "mute: no seat '{}' (seats: {})",
                        super::clip(&other),
                        seats.join(", ")
                    )))
                })?;
                if m == seat {
                    return Err(Failure::Refused(refusal("mute: that is your own seat")));
                }
                m
            };
            let stored = games
                .store
                .set_mute(&id, seat as i64, muted as i64, on)
                .await;
            let mut g = slot.open.lock().await;
            if let Err(e) = stored {
                games.lose(&id, &mut g);
                return Err(e.into());
            }
            if on {
                g.chat.mutes.insert((seat, muted));
            } else {
                g.chat.mutes.remove(&(seat, muted));
            }
            let _ = g.events.send(g.version);
            Ok(())
        })
        .await
    }

    /// Reports line `n`, which `caller`'s seat may read, to the operator.
    ///
    /// # Errors
    /// Not a seat; no such line for this seat; the reason too long; storage.
    pub async fn report(
        self: &Arc<Self>,
        id: &str,
        caller: Caller,
        n: i64,
        why: &str,
    ) -> Result<(), Failure> {
        let seat = seat_of(caller)?;
        let why = why.trim().chars().take(MAX_CHARS).collect::<String>();
        let readable = {
            let g = self.locked(id).await?;
            g.chat_for(caller, 0).lines.iter().any(|l| l.n == n)
        };
        if !readable {
            return Err(Failure::Refused(refusal(format!(
                "report: no line {n} in the chat you read"
            ))));
        }
        let games = self.clone();
        let id = id.to_string();
        detached(async move {
            games
                .store
                .report_chat(&id, n, seat as i64, &why, games.now())
                .await
                .map_err(Failure::from)
        })
        .await
    }
}
