//! Commit, then show. Every change to a game goes one way: it takes the game's turn (one
//! change of a game at a time), the change is taken on a copy ([`Taken`]), the entry is
//! appended to the database where the game's version is still the one the change was taken
//! at, and only once the database has it is the copy put in place, the change answered and
//! announced. Meanwhile pages are shown the game as committed: they never wait on the
//! database. The whole runs in a task of its own ([`detached`]): a request dropped while it
//! waits (its client gone, its time up) no longer stops a change between the database and
//! memory, where it used to leave memory ahead of the record or one version behind it. A
//! commit whose outcome is unknown (the database failed during it) drops the game from
//! memory, to be read again from what was committed.

use super::{refusal, seat_of, Caller, Failure, Games, Open, Shown, Slot};
use crate::store::{Appended, EntryRow, FaultPoint};
use fiw_engine::Seat;
use fiw_host::hosted::Hosted;
use fiw_host::seats::Player;
use std::future::Future;
use std::sync::Arc;

/// A change to a game.
#[derive(Clone, Debug)]
pub enum Change {
    /// An action by its text.
    Action(String),
    /// An action by its index in the seat's list.
    Index(usize),
    /// Undo the seat's last decision.
    Undo,
    /// Resign.
    Resign,
}

/// A change taken on a copy of a game, put in place only once the database has its entry.
pub(super) struct Taken {
    seat: Seat,
    kind: &'static str,
    text: String,
    /// The game after an action or an undo; `None` when only the result changes.
    hosted: Option<Box<dyn Hosted>>,
    resigned: Option<Seat>,
    timed_out: Option<Seat>,
    /// The version it was taken at, which the database must still be at.
    base: u64,
    /// Whether the game is over once it is in place.
    finished: bool,
}

impl Taken {
    /// An entry of `kind` by `seat` that changes nothing yet.
    fn of(seat: Seat, kind: &'static str) -> Taken {
        Taken {
            seat,
            kind,
            text: String::new(),
            hosted: None,
            resigned: None,
            timed_out: None,
            base: 0,
            finished: false,
        }
    }

    /// A seat resigning.
    fn resign(seat: Seat) -> Taken {
        Taken {
            resigned: Some(seat),
            ..Taken::of(seat, "resign")
        }
    }

    /// A seat's clock running out.
    pub(super) fn timeout(seat: Seat) -> Taken {
        Taken {
            timed_out: Some(seat),
            ..Taken::of(seat, "timeout")
        }
    }
}

impl Open {
    /// `t`, to be committed on this game as it stands.
    pub(super) fn prepared(&self, mut t: Taken) -> Taken {
        t.base = self.version;
        t.finished = self.over_after(&t);
        t
    }

    /// Whether the game is over once `t` is put in place.
    fn over_after(&self, t: &Taken) -> bool {
        let outcome = match &t.hosted {
            Some(h) => h.outcome().is_some(),
            None => self.hosted.outcome().is_some(),
        };
        outcome
            || t.resigned.or(self.resigned).is_some()
            || t.timed_out.or(self.duties.timed_out).is_some()
    }

    /// `t`, committed as version `version`, put in place.
    fn put(&mut self, t: Taken, version: u64) {
        if let Some(h) = t.hosted {
            self.hosted = h;
        }
        if t.resigned.is_some() {
            self.resigned = t.resigned;
        }
        if t.timed_out.is_some() {
            self.duties.timed_out = t.timed_out;
        }
        self.version = version;
    }
}

/// Runs `work` in a task of its own and waits for it: dropping the wait (a request whose
/// client went away, or whose time ran out) leaves the work to finish.
pub(super) async fn detached<T: Send + 'static>(
    work: impl Future<Output = Result<T, Failure>> + Send + 'static,
) -> Result<T, Failure> {
    tokio::spawn(work)
        .await
        .unwrap_or_else(|e| Err(Failure::Internal(format!("a change's task failed: {e}"))))
}

impl Games {
    /// Takes a change of `caller` seen at `version`: an action (by text, or by its index in
    /// the seat's list), an undo, or a resignation. Answered once committed and put in place;
    /// a request dropped meanwhile does not stop it.
    ///
    /// # Errors
    /// Not a seat; a stale version (with the fresh view); the refusal of the rules; storage.
    pub async fn change(
        self: &Arc<Self>,
        id: &str,
        caller: Caller,
        version: u64,
        since: usize,
        change: Change,
    ) -> Result<Shown, Failure> {
        let games = self.clone();
        let id = id.to_string();
        let shown =
            detached(async move { games.change_now(&id, caller, version, since, change).await })
                .await?;
        Ok(shown)
    }

    async fn change_now(
        self: &Arc<Self>,
        id: &str,
        caller: Caller,
        version: u64,
        since: usize,
        change: Change,
    ) -> Result<Shown, Failure> {
        let seat = seat_of(caller)?;
        let (_turn, slot) = self.writing(id).await?;
        {
            let g = slot.open.lock().await;
            if g.version != version {
                return Err(Failure::Stale(Box::new(g.shown(caller, 0))));
            }
        }
        self.ran_out(id, &slot, caller).await?;
        let taken = {
            let g = slot.open.lock().await;
            g.open_to_change()?;
            let taken = match change {
                Change::Action(text) => action(&g, seat, &text, true)?,
                Change::Index(i) => {
                    let texts = g.hosted.legal_texts(seat);
                    let Some(text) = texts.get(i) else {
                        return Err(Failure::Refused(refusal(format!(
                            "there is no action {i}: this seat has {} now",
                            texts.len()
                        ))));
                    };
                    action(&g, seat, text, true)?
                }
                Change::Undo => {
                    let mut copy = g.hosted.copy();
                    copy.undo(seat).map_err(Failure::Refused)?;
                    Taken {
                        hosted: Some(copy),
                        ..Taken::of(seat, "undo")
                    }
                }
                Change::Resign => Taken::resign(seat),
            };
            g.prepared(taken)
        };
        self.commit(id, &slot, taken).await?;
        let shown = slot.open.lock().await.shown(caller, since);
        self.wake(id);
        Ok(shown)
    }

    /// Appends `t`'s entry where the game is still at the version `t` was taken at, and puts
    /// `t` in place once the database has it; the caller holds the game's turn. The database
    /// having moved on (another server) or a commit whose outcome is unknown drops the game
    /// from memory, so that it is read again.
    pub(super) async fn commit(
        self: &Arc<Self>,
        id: &str,
        slot: &Slot,
        t: Taken,
    ) -> Result<(), Failure> {
        let entry = EntryRow {
            version: t.base + 1,
            seat: t.seat as i64,
            kind: t.kind.to_string(),
            text: t.text.clone(),
            at: self.now(),
        };
        let finished = t.finished.then(|| self.now());
        let rules = slot.open.lock().await.hosted.rules_version();
        let started = std::time::Instant::now();
        let appended = self.store.append(id, t.base, &entry, finished, rules).await;
        self.metrics
            .commit(started.elapsed().as_secs_f64() * 1000.0);
        let mut g = slot.open.lock().await;
        match appended {
            Ok(Appended::Done(v)) => {
                g.put(t, v);
                g.last_at = entry.at;
                let _ = g.events.send(v);
                self.committed(id, &mut g, &entry);
                Ok(())
            }
            Ok(Appended::Stale) => {
                self.lose(id, &mut g);
                drop(g);
                let fresh = self.locked(id).await?;
                Err(Failure::Stale(Box::new(
                    fresh.shown(Caller::Seat(t.seat), 0),
                )))
            }
            Err(e) => {
                self.lose(id, &mut g);
                tracing::warn!("game {id}: whether entry {} (a {}) was stored is not known ({e}); the game is read again",
                    entry.version, t.kind
                );
                Err(e.into())
            }
        }
    }

    /// Waits at `point` where a test's faults say (nothing in a server): the answer of a
    /// change about to be written.
    ///
    /// # Errors
    /// The fault made to happen there.
    pub async fn fault(&self, point: FaultPoint, id: &str) -> Result<(), Failure> {
        Ok(self.store.fault(point, id).await?)
    }

    /// Lets the computer seats of game `id` play while it is their decision, each decision
    /// worked out on a blocking thread, off the async ones.
    pub fn wake(self: &Arc<Self>, id: &str) {
        let games = self.clone();
        let id = id.to_string();
        tokio::spawn(async move {
            if !games.take_up(&id).await {
                return;
            }
            match games.computers(&id).await {
                Ok(()) => {}
                // another server moved first; the game was read again: play on from there
                Err(Failure::Stale(_)) => games.wake(&id),
                Err(e) => tracing::warn!(
                    "the computer seats of game {id} stopped: {}",
                    super::describe(&e)
                ),
            }
        });
    }

    /// Wakes the computer seats of every game not over (a server starting again).
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn resume(self: &Arc<Self>) -> Result<usize, Failure> {
        let ids = self.store.unfinished().await?;
        for id in &ids {
            self.wake(id);
        }
        Ok(ids.len())
    }

    async fn computers(self: &Arc<Self>, id: &str) -> Result<(), Failure> {
        loop {
            let (thinking, version, seat) = {
                let mut g = self.locked(id).await?;
                let no_people = !(0..g.hosted.seats().len()).any(|s| g.human(s));
                if g.over() || g.read_only.is_some() {
                    if no_people {
                        self.computer_game_over(id);
                    }
                    return Ok(());
                }
                if g.thinking {
                    return Ok(());
                }
                if no_people {
                    self.computer_game_running(id);
                }
                let Some(seat) = g.hosted.to_move() else {
                    return Ok(());
                };
                let player = g.players.get(seat).copied().unwrap_or(Player::Human);
                if player == Player::Human {
                    return Ok(());
                }
                g.thinking = true;
                let seed = fiw_engine::game_seed(g.row.seed, 0xc0de_0000 + g.version);
                (
                    g.hosted.think(seat, player, self.limits.ai, seed),
                    g.version,
                    seat,
                )
            };
            // on the bounded pool of thinking computers, so people's requests find a core
            let text = {
                let _permit = self.thinking.clone().acquire_owned().await;
                let _thinking = crate::metrics::Held::new(&self.metrics.thinking);
                tokio::task::spawn_blocking(thinking).await.ok().flatten()
            };
            let (_turn, slot) = self.writing(id).await?;
            let taken = {
                let mut g = slot.open.lock().await;
                g.thinking = false;
                let Some(text) = text else {
                    return Err(Failure::Internal(format!(
                        "the computer found no action for seat {seat}"
                    )));
                };
                if g.version != version || g.over() || g.read_only.is_some() {
                    continue;
                }
                g.prepared(action(&g, seat, &text, false)?)
            };
            self.commit(id, &slot, taken).await?;
        }
    }

    /// Replaces `caller`'s private notes of game `id`: kept for that seat alone, on every
    /// device that holds its link. Stored, then put in place, in a task a dropped request
    /// does not stop.
    ///
    /// # Errors
    /// Not a seat; notes too long; storage.
    pub async fn set_notes(
        self: &Arc<Self>,
        id: &str,
        caller: Caller,
        text: String,
    ) -> Result<(), Failure> {
        let seat = seat_of(caller)?;
        if text.len() > super::MAX_NOTES {
            return Err(Failure::Refused(refusal(format!(
                "notes are kept up to {} KiB; these are {} KiB",
                super::MAX_NOTES >> 10,
                text.len().div_ceil(1024)
            ))));
        }
        let games = self.clone();
        let id = id.to_string();
        detached(async move {
            let (_turn, slot) = games.writing(&id).await?;
            let stored = games
                .store
                .set_notes(&id, seat as i64, &text, games.now())
                .await;
            let mut g = slot.open.lock().await;
            if let Err(e) = stored {
                // whether the notes were kept is unknown: the game is read again
                games.lose(&id, &mut g);
                return Err(e.into());
            }
            g.notes.insert(seat, text);
            let _ = g.events.send(g.version);
            Ok(())
        })
        .await
    }
}

/// `seat`'s action `text` taken on a copy of `g` (a person's, which undo may take back, when
/// `undoable`).
fn action(g: &Open, seat: Seat, text: &str, undoable: bool) -> Result<Taken, Failure> {
    let mut copy = g.hosted.copy();
    let written = copy.take(seat, text, undoable).map_err(Failure::Refused)?;
    Ok(Taken {
        text: written,
        hosted: Some(copy),
        ..Taken::of(seat, "action")
    })
}
