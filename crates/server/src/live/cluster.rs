//! Several servers on one PostgreSQL. Each keeps the games in use in memory, and the database
//! holds the truth, so each must hear of what the others commit: every commit is announced on
//! one channel (`NOTIFY fiw_games, 'ID VERSION'`), each server listens on a connection of its
//! own and catches the games it holds up with the entries it has not seen. An announcement
//! lost (a listener reconnecting, a server killed between its commit and its announcement) is
//! made up for by the versions: every few seconds a server compares the versions of the
//! games it holds with the database's.
//!
//! The duties a game has apart from its players (its computer seats, its clocks, its
//! webhooks) are done by one server at a time: the one holding the game's advisory lock
//! (`pg_try_advisory_lock`) on a session it keeps for that. When a server dies its session
//! ends and its locks with it; the others try the locks of every unfinished game every few
//! seconds, and one of them takes the game over.

use super::Games;
use crate::store::StoreError;
use sqlx::postgres::PgListener;
use sqlx::{Connection, PgConnection, Row};
use std::collections::HashSet;
use std::sync::{Arc, Weak};
use std::time::Duration;

/// The channel every commit is announced on.
pub const CHANNEL: &str = "fiw_games";

// The advisory lock of a game is a hash of its id, in a space of fiw's own (the second
// argument of `hashtextextended`, 1759): the same in every statement below.

/// This server's part in a cluster: the session that holds its games' locks.
pub struct Cluster {
    url: String,
    session: tokio::sync::Mutex<Option<PgConnection>>,
    owned: std::sync::Mutex<HashSet<String>>,
}

impl Cluster {
    /// Joins the servers on the PostgreSQL at `url`.
    ///
    /// # Errors
    /// The database cannot be reached.
    pub(super) async fn connect(url: &str) -> Result<Cluster, StoreError> {
        let session = PgConnection::connect(url).await?;
        Ok(Cluster {
            url: url.to_string(),
            session: tokio::sync::Mutex::new(Some(session)),
            owned: std::sync::Mutex::new(HashSet::new()),
        })
    }

    /// Whether this server holds game `id`'s lock.
    pub(super) fn owns(&self, id: &str) -> bool {
        self.owned.lock().map(|o| o.contains(id)).unwrap_or(false)
    }

    fn owned(&self) -> Vec<String> {
        self.owned
            .lock()
            .map(|o| o.iter().cloned().collect())
            .unwrap_or_default()
    }

    /// The locks' session, opened again if it was lost.
    async fn session(
        &self,
    ) -> Result<tokio::sync::MutexGuard<'_, Option<PgConnection>>, StoreError> {
        let mut session = self.session.lock().await;
        if session.is_none() {
            *session = Some(PgConnection::connect(&self.url).await?);
        }
        Ok(session)
    }

    /// A statement on the session failed: the session is closed, and every lock it held is
    /// taken as lost with it (the database lets them go when the session ends).
    fn lost(&self, session: &mut Option<PgConnection>, e: sqlx::Error) -> StoreError {
        session.take();
        if let Ok(mut owned) = self.owned.lock() {
            owned.clear();
        }
        e.into()
    }

    /// Takes game `id`'s lock if no server holds it; whether this server holds it now.
    ///
    /// # Errors
    /// The database cannot be reached.
    pub(super) async fn claim(&self, id: &str) -> Result<bool, StoreError> {
        if self.owns(id) {
            return Ok(true);
        }
        let mut session = self.session().await?;
        let Some(conn) = session.as_mut() else {
            return Ok(false);
        };
        let got = sqlx::query("SELECT pg_try_advisory_lock(hashtextextended($1, 1759)) AS got")
            .bind(id)
            .fetch_one(&mut *conn)
            .await
            .and_then(|row| row.try_get::<bool, _>("got"));
        let got = got.map_err(|e| self.lost(&mut session, e))?;
        if got {
            if let Ok(mut owned) = self.owned.lock() {
                owned.insert(id.to_string());
            }
        }
        Ok(got)
    }

    /// Lets go of game `id` (it is over).
    pub(super) async fn release(&self, id: &str) {
        let held = self.owned.lock().map(|mut o| o.remove(id)).unwrap_or(false);
        if !held {
            return;
        }
        let Ok(mut session) = self.session().await else {
            return;
        };
        if let Some(conn) = session.as_mut() {
            let done = sqlx::query("SELECT pg_advisory_unlock(hashtextextended($1, 1759))")
                .bind(id)
                .execute(&mut *conn)
                .await;
            if let Err(e) = done {
                self.lost(&mut session, e);
            }
        }
    }

    /// Takes the lock of every unfinished game that no server holds; the games taken.
    ///
    /// # Errors
    /// The database cannot be reached.
    async fn claim_unfinished(&self) -> Result<Vec<String>, StoreError> {
        let mine = self.owned();
        let mut session = self.session().await?;
        let Some(conn) = session.as_mut() else {
            return Ok(Vec::new());
        };
        // the games to try are chosen first, so that no lock is taken for a game then left out
        let rows = sqlx::query(
            "WITH free AS MATERIALIZED (SELECT id FROM games \
             WHERE finished IS NULL AND NOT (id = ANY($1))) \
             SELECT id FROM free WHERE pg_try_advisory_lock(hashtextextended(id, 1759))",
        )
        .bind(mine)
        .fetch_all(&mut *conn)
        .await
        .and_then(|rows| {
            rows.iter()
                .map(|r| r.try_get::<String, _>("id"))
                .collect::<Result<Vec<_>, _>>()
        });
        let taken = rows.map_err(|e| self.lost(&mut session, e))?;
        if let Ok(mut owned) = self.owned.lock() {
            owned.extend(taken.iter().cloned());
        }
        Ok(taken)
    }

    /// The stored versions of games `ids`.
    ///
    /// # Errors
    /// The database cannot be reached.
    async fn versions(&self, ids: Vec<String>) -> Result<Vec<(String, u64)>, StoreError> {
        let mut session = self.session().await?;
        let Some(conn) = session.as_mut() else {
            return Ok(Vec::new());
        };
        let rows = sqlx::query("SELECT id, version FROM games WHERE id = ANY($1)")
            .bind(ids)
            .fetch_all(&mut *conn)
            .await
            .and_then(|rows| {
                rows.iter()
                    .map(|r| Ok((r.try_get("id")?, r.try_get::<i64, _>("version")? as u64)))
                    .collect::<Result<Vec<_>, sqlx::Error>>()
            });
        rows.map_err(|e| self.lost(&mut session, e))
    }
}

impl Games {
    /// Joins the other servers on the PostgreSQL at `url`: this server hears of their commits
    /// and announces its own, and does the duties of the games whose locks it holds. Without
    /// it (SQLite: one process) the server does every game's duties.
    ///
    /// # Errors
    /// The database cannot be reached.
    pub async fn join_cluster(self: &Arc<Self>, url: &str) -> Result<(), StoreError> {
        let cluster = Cluster::connect(url).await?;
        let mut listener = PgListener::connect(url).await?;
        listener.listen(CHANNEL).await?;
        if self.duties.cluster.set(cluster).is_err() {
            return Err(StoreError(
                "this server has joined a cluster already".into(),
            ));
        }
        tokio::spawn(listen(Arc::downgrade(self), listener));
        tokio::spawn(scan(Arc::downgrade(self), self.duties.scan));
        Ok(())
    }

    /// Whether this server does game `id`'s duties now.
    pub(super) fn owns_now(&self, id: &str) -> bool {
        self.duties.cluster.get().is_none_or(|c| c.owns(id))
    }

    /// Whether this server does game `id`'s duties, taking its lock if it is free.
    pub(super) async fn claim_duties(&self, id: &str) -> bool {
        match self.duties.cluster.get() {
            None => true,
            Some(c) => match c.claim(id).await {
                Ok(got) => got,
                Err(e) => {
                    tracing::warn!("cannot take the lock of game {id}: {e}");
                    false
                }
            },
        }
    }

    /// Lets another server have game `id`, which is over.
    pub(super) fn release(self: &Arc<Self>, id: &str) {
        if let Some(c) = self.duties.cluster.get() {
            if c.owns(id) {
                let games = self.clone();
                let id = id.to_string();
                tokio::spawn(async move {
                    if let Some(c) = games.duties.cluster.get() {
                        c.release(&id).await;
                    }
                });
            }
        }
    }

    /// Tells the other servers that game `id` is at `version`.
    pub(super) fn announce(&self, id: &str, version: u64) {
        if self.duties.cluster.get().is_some() {
            let store = self.store.clone();
            let id = id.to_string();
            tokio::spawn(async move {
                if let Err(e) = store.announce(&id, version).await {
                    tracing::warn!("cannot announce version {version} of game {id}: {e}");
                }
            });
        }
    }
}

/// Hears the other servers' commits.
async fn listen(games: Weak<Games>, mut listener: PgListener) {
    loop {
        match listener.try_recv().await {
            Ok(Some(note)) => {
                let Some(games) = games.upgrade() else { return };
                let mut words = note.payload().split(' ');
                if let (Some(id), Some(Ok(version))) =
                    (words.next(), words.next().map(str::parse::<u64>))
                {
                    let id = id.to_string();
                    tokio::spawn(async move { games.catch_up(&id, version).await });
                }
            }
            // the connection was lost and is made again: what was missed, the scan finds
            Ok(None) => {
                if games.strong_count() == 0 {
                    return;
                }
            }
            Err(e) => {
                if games.strong_count() == 0 {
                    return;
                }
                tracing::warn!("listening for other servers' commits: {e}");
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    }
}

/// Every `every`: takes over the games no server holds, and catches up the games in memory
/// whose stored version is ahead.
async fn scan(games: Weak<Games>, every: Duration) {
    loop {
        tokio::time::sleep(every).await;
        let Some(games) = games.upgrade() else { return };
        let Some(cluster) = games.duties.cluster.get() else {
            return;
        };
        match cluster.claim_unfinished().await {
            Ok(taken) => {
                for id in taken {
                    games.wake(&id);
                }
            }
            Err(e) => tracing::warn!("cannot look for games to take over: {e}"),
        }
        match cluster.versions(games.cached_ids()).await {
            Ok(versions) => {
                for (id, version) in versions {
                    games.catch_up(&id, version).await;
                }
            }
            Err(e) => tracing::warn!("cannot compare versions: {e}"),
        }
    }
}
