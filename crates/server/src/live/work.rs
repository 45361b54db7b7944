//! The work one client's requests start, bounded: games with no human seat (played out on the
//! server's cores) so many at once, per address and in all; hints searched once per seat and
//! version and no oftener than the seat's limit; games let go of memory once idle.

use super::{refusal, seat_of, Caller, Failure, Games};
use crate::metrics::Held;
use fiw_engine::Seat;
use fiw_host::hosted::Hint;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// What is running for clients now.
#[derive(Default)]
pub(super) struct Work {
    /// The games with no human seat being played, with the address that made each (`None`: a
    /// game taken up again after a restart).
    computer: Mutex<HashMap<String, Option<IpAddr>>>,
    /// Each seat's last hint, by game and seat.
    hints: Mutex<HashMap<(String, Seat), Hinted>>,
}

/// A seat's hints: the last one, kept for its version, and when the last search began.
struct Hinted {
    version: u64,
    answer: Option<Hint>,
    searching: bool,
    began: Instant,
}

impl Games {
    /// The bounds this server runs under.
    pub fn bounds(&self) -> &crate::bounds::Bounds {
        &self.limits.bounds
    }

    /// What an operator sees.
    pub fn metrics(&self) -> Arc<crate::metrics::Metrics> {
        self.metrics.clone()
    }

    /// Turns true when the server shuts down.
    pub fn stopping(&self) -> tokio::sync::watch::Receiver<bool> {
        self.stopping.subscribe()
    }

    /// Tells every page and task that the server is shutting down.
    pub fn stop(&self) {
        let _ = self.stopping.send(true);
    }

    /// Counts a new game with no human seat made from `address`, unless the server plays as
    /// many as it takes already (in all, or from that address).
    ///
    /// # Errors
    /// The cap reached, with the reason.
    pub(super) fn admit_computer_game(
        &self,
        id: &str,
        address: Option<IpAddr>,
    ) -> Result<(), Failure> {
        let b = &self.limits.bounds;
        let mut games = self
            .work
            .computer
            .lock()
            .map_err(|_| Failure::Internal("lock".into()))?;
        if games.len() >= b.computer_games {
            return Err(Failure::Busy(format!(
                "this server plays {} games with no human seat at once, and has them: watch one, or try again once one ends",
                b.computer_games
            )));
        }
        if let Some(a) = address {
            let mine = games.values().filter(|g| **g == Some(a)).count();
            if mine >= b.computer_games_per_address {
                return Err(Failure::Busy(format!(
                    "your address has {mine} games with no human seat being played (at most {}): let one end first",
                    b.computer_games_per_address
                )));
            }
        }
        games.insert(id.to_string(), address);
        Ok(())
    }

    /// A game with no human seat taken up again (a restart), counted with the others.
    pub(super) fn computer_game_running(&self, id: &str) {
        if let Ok(mut games) = self.work.computer.lock() {
            games.entry(id.to_string()).or_insert(None);
        }
    }

    /// A game with no human seat that ended: it no longer counts.
    pub(super) fn computer_game_over(&self, id: &str) {
        if let Ok(mut games) = self.work.computer.lock() {
            games.remove(id);
        }
    }

    /// The AI's advice for `caller`, from its view: searched once per seat and version, on
    /// the computer seats' pool, and no oftener than [`crate::bounds::Bounds::hint_every`]
    /// a seat; a hint of a version already searched is the one kept.
    ///
    /// # Errors
    /// Not a seat; hints are off in this game; not the seat's decision; a search under way
    /// or too soon after the last.
    pub async fn hint(&self, id: &str, caller: Caller) -> Result<Hint, Failure> {
        let seat = seat_of(caller)?;
        let key = (id.to_string(), seat);
        let (advising, version) = {
            let g = self.locked(id).await?;
            if !g.hints {
                return Err(Failure::Refused(refusal(
                    "hints are off in this game: between two people they are a game option, chosen when it is made",
                )));
            }
            g.open_to_change()?;
            let version = g.version;
            {
                let mut hints = self
                    .work
                    .hints
                    .lock()
                    .map_err(|_| Failure::Internal("lock".into()))?;
                if let Some(h) = hints.get(&key) {
                    if h.version == version {
                        if let Some(answer) = &h.answer {
                            return Ok(answer.clone());
                        }
                    }
                    if h.searching {
                        return Err(Failure::Busy(
                            "a hint is being worked out for this seat: ask again in a moment"
                                .into(),
                        ));
                    }
                    let wait = self
                        .limits
                        .bounds
                        .hint_every
                        .saturating_sub(h.began.elapsed());
                    if !wait.is_zero() {
                        return Err(Failure::Busy(format!(
                            "one hint search every {} s a seat: ask again in {} s",
                            self.limits.bounds.hint_every.as_secs(),
                            wait.as_secs() + 1
                        )));
                    }
                }
                let seed = fiw_engine::game_seed(g.row.seed, 0x4817 + version);
                let advising = g.hosted.hint(seat, self.limits.ai, seed).ok_or_else(|| {
                    Failure::Refused(refusal(
                        "a hint is for your own decision: it is not yours now",
                    ))
                })?;
                hints.insert(
                    key.clone(),
                    Hinted {
                        version,
                        answer: None,
                        searching: true,
                        began: Instant::now(),
                    },
                );
                (advising, version)
            }
        };
        self.metrics.hint_searches.fetch_add(1, Ordering::Relaxed);
        let permit = self.thinking.clone().acquire_owned().await;
        let found = {
            let _thinking = Held::new(&self.metrics.thinking);
            tokio::task::spawn_blocking(advising).await.ok().flatten()
        };
        drop(permit);
        if let Ok(mut hints) = self.work.hints.lock() {
            if let Some(h) = hints.get_mut(&key) {
                if h.version == version {
                    h.searching = false;
                    h.answer = found.clone();
                }
            }
        }
        found.ok_or_else(|| Failure::Internal("the hint's search failed".into()))
    }

    /// Lets go of the games nobody has asked for in their idle time: never one a page is
    /// open on, whose computer seat thinks, whose clock runs, or whose cluster lock this
    /// server holds. The number let go.
    pub async fn evict_idle(&self) -> usize {
        let now = self.now();
        let idle_ms = self.limits.bounds.game_idle.as_millis() as i64;
        let candidates: Vec<(String, super::Slot)> = self
            .open
            .lock()
            .map(|m| {
                m.iter()
                    .filter(|(_, s)| now - s.used.load(Ordering::Relaxed) >= idle_ms)
                    .map(|(id, s)| (id.clone(), s.clone()))
                    .collect()
            })
            .unwrap_or_default();
        let mut evicted = 0;
        for (id, slot) in candidates {
            let Ok(_turn) = slot.writer.try_lock() else {
                continue;
            };
            let mut g = slot.open.lock().await;
            let clocked = self.has_deadline(&id);
            let held = self.duties.cluster.get().is_some_and(|c| c.owns(&id));
            if g.gone
                || g.thinking
                || g.events.receiver_count() > 0
                || clocked
                || held
                || now - slot.used.load(Ordering::Relaxed) < idle_ms
            {
                continue;
            }
            self.lose(&id, &mut g);
            if let Ok(mut hints) = self.work.hints.lock() {
                hints.retain(|(game, _), _| *game != id);
            }
            self.metrics.games_evicted.fetch_add(1, Ordering::Relaxed);
            evicted += 1;
        }
        evicted
    }

    /// Whether the database answers and takes a write (`GET /healthz`).
    ///
    /// # Errors
    /// Why it does not.
    pub async fn healthy(&self) -> Result<(), crate::store::StoreError> {
        self.store.probe(self.now()).await
    }

    /// The database, for the accounts' service.
    pub fn store(&self) -> &crate::store::Store {
        &self.store
    }

    /// The games in memory now.
    pub fn in_memory(&self) -> usize {
        self.open.lock().map(|m| m.len()).unwrap_or(0)
    }
}
