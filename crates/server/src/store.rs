//! Where games are kept: one interface over SQLite (embedded, the default: a file, WAL) and
//! PostgreSQL (`--db postgres://…`), through sqlx's Any driver, so the same SQL and the same
//! code serve both. The database holds the truth; the server holds the games in use.
//!
//! An entry is appended only where the game's version is still the one the client saw, in one
//! transaction with the version's bump: two clients racing on one version, exactly one wins.

use sqlx::any::{install_default_drivers, AnyPoolOptions};
use sqlx::migrate::{Migration, MigrationType, Migrator};
use sqlx::{AnyPool, Row, SqlStr};
use std::borrow::Cow;
use std::time::Duration;

/// The schema, in order. Kept in the repository (migrations/) and built into the binary.
const MIGRATIONS: &[(i64, &str, &str)] = &[
    (1, "games", include_str!("../migrations/0001_games.sql")),
    (
        2,
        "notes rematches",
        include_str!("../migrations/0002_notes_rematches.sql"),
    ),
    (3, "duties", include_str!("../migrations/0003_duties.sql")),
    (
        4,
        "rules versions",
        include_str!("../migrations/0004_rules_versions.sql"),
    ),
    (
        5,
        "invitations",
        include_str!("../migrations/0005_invitations.sql"),
    ),
    (6, "health", include_str!("../migrations/0006_health.sql")),
    (
        7,
        "accounts",
        include_str!("../migrations/0007_accounts.sql"),
    ),
    (
        8,
        "moderation",
        include_str!("../migrations/0008_moderation.sql"),
    ),
    (
        9,
        "webhook format",
        include_str!("../migrations/0009_webhook_format.sql"),
    ),
    (10, "chat", include_str!("../migrations/0010_chat.sql")),
];

mod accounts;
mod chat;
mod duties;
mod faults;
mod seats;
pub use accounts::{name_key, AccountRow, LobbyRow, RatingRow};
pub use chat::{ChatRow, ReportRow};
pub use duties::WebhookRow;
pub use faults::{FaultPoint, Faults};
pub use seats::{Claimed, HolderRow, LinkKind, LinkRow};

/// A storage failure: the database cannot be reached or refused a statement.
#[derive(Debug)]
pub struct StoreError(pub String);

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "storage: {}", self.0)
    }
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> Self {
        StoreError(e.to_string())
    }
}

impl From<sqlx::migrate::MigrateError> for StoreError {
    fn from(e: sqlx::migrate::MigrateError) -> Self {
        StoreError(e.to_string())
    }
}

/// Holds the SQLite file of `url` for this process's life: a lock on a file beside it
/// (`FILE.lock`), which the operating system lets go when the process ends, however it ends
/// (`kill -9` included). `None` for PostgreSQL, which several servers share.
///
/// # Errors
/// Another process holds it (one line, naming the file and the way to run several servers).
pub fn sqlite_lock(url: &str) -> Result<Option<std::fs::File>, String> {
    let Some(rest) = url.strip_prefix("sqlite:") else {
        return Ok(None);
    };
    let path = rest.trim_start_matches("//");
    let path = path.split('?').next().unwrap_or(path);
    if path.is_empty() || path.starts_with(":memory:") {
        return Ok(None);
    }
    let lock = format!("{path}.lock");
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock)
        .map_err(|e| format!("cannot open {lock} to hold the database for this server: {e}"))?;
    match file.try_lock() {
        Ok(()) => Ok(Some(file)),
        Err(std::fs::TryLockError::WouldBlock) => Err(format!(
            "another fiw serve holds the database {path} (its lock {lock}): one server per SQLite file; several servers share a PostgreSQL (--db postgres://…)"
        )),
        Err(std::fs::TryLockError::Error(e)) => {
            Err(format!("cannot lock {lock} for this server: {e}"))
        }
    }
}

/// A stored game's head.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    /// Its id (random, in links).
    pub id: String,
    /// The game's name (`louisbourg`).
    pub game: String,
    /// The engine's options, as JSON.
    pub options: String,
    /// The secret seed.
    pub seed: u64,
    /// Who plays each seat (`human`, `ai`, …), as a JSON list.
    pub players: String,
    /// The number of entries.
    pub version: u64,
    /// Milliseconds since 1970.
    pub created: i64,
    /// When it ended, if it has.
    pub finished: Option<i64>,
    /// The rules version it was last played under.
    pub rules: u32,
}

/// One entry of a game's list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryRow {
    /// Its place: the game's version once it is appended (1 for the first).
    pub version: u64,
    /// The seat that made it.
    pub seat: i64,
    /// `action`, `undo`, `resign` or `timeout`.
    pub kind: String,
    /// The action's text (empty for the others).
    pub text: String,
    /// Milliseconds since 1970.
    pub at: i64,
}

/// What an append met.
#[derive(Debug, PartialEq, Eq)]
pub enum Appended {
    /// Committed: the game's new version.
    Done(u64),
    /// The game had moved on: nothing was written.
    Stale,
}

/// The database.
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    /// Where a test makes the storage pause or fail ([`Faults`]); `None` in a server.
    faults: Option<std::sync::Arc<dyn Faults>>,
}

impl Store {
    /// Opens the database at `url` (`sqlite://FILE` or `postgres://…`), creating a SQLite
    /// file and the schema on first start.
    ///
    /// # Errors
    /// The database cannot be reached, or the schema cannot be brought up to date.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        install_default_drivers();
        let sqlite = url.starts_with("sqlite:");
        let url = if sqlite && !url.contains("mode=") {
            let sep = if url.contains('?') { '&' } else { '?' };
            format!("{url}{sep}mode=rwc")
        } else {
            url.to_string()
        };
        let mut options = AnyPoolOptions::new()
            .max_connections(if sqlite { 4 } else { 8 })
            .acquire_timeout(Duration::from_secs(10));
        if sqlite {
            options = options.after_connect(|conn, _| {
                Box::pin(async move {
                    use sqlx::Executor;
                    // one writer at a time: wait for the lock rather than fail at once
                    conn.execute("PRAGMA busy_timeout = 5000").await?;
                    conn.execute("PRAGMA foreign_keys = ON").await?;
                    // in WAL mode a commit is in the log once written, which outlives the
                    // process (kill -9 loses nothing acknowledged); only a power cut before
                    // the operating system writes it could, and that costs no fsync a commit
                    conn.execute("PRAGMA synchronous = NORMAL").await?;
                    Ok(())
                })
            });
        }
        let pool = options.connect(&url).await?;
        if sqlite {
            // readers do not block the writer, and a commit is one append to the log
            sqlx::query("PRAGMA journal_mode = WAL")
                .execute(&pool)
                .await?;
        }
        let store = Store { pool, faults: None };
        store.migrate().await?;
        Ok(store)
    }

    /// The same database, pausing or failing where `faults` says: for tests of what a request
    /// dropped or a database failing at each point of a commit leaves behind.
    pub fn with_faults(mut self, faults: std::sync::Arc<dyn Faults>) -> Store {
        self.faults = Some(faults);
        self
    }

    /// Waits at `point` of a change to game `id`, or fails there, as the test's faults say.
    ///
    /// # Errors
    /// The fault made to happen there.
    pub async fn fault(&self, point: FaultPoint, id: &str) -> Result<(), StoreError> {
        match &self.faults {
            None => Ok(()),
            Some(f) => f.at(point, id).await,
        }
    }

    async fn migrate(&self) -> Result<(), StoreError> {
        let migrations = MIGRATIONS
            .iter()
            .map(|(v, name, sql)| {
                Migration::new(
                    *v,
                    Cow::Borrowed(*name),
                    MigrationType::Simple,
                    SqlStr::from_static(sql),
                    false,
                )
            })
            .collect();
        Migrator::with_migrations(migrations)
            .run(&self.pool)
            .await?;
        Ok(())
    }

    /// Stores a new game with who holds its seats and its links.
    ///
    /// # Errors
    /// The database refused it.
    pub async fn create(
        &self,
        game: &GameRow,
        holders: &[HolderRow],
        links: &[LinkRow],
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        Self::insert_game(&mut tx, game, holders, links).await?;
        tx.commit().await?;
        Ok(())
    }

    async fn insert_game(
        tx: &mut sqlx::Transaction<'_, sqlx::Any>,
        game: &GameRow,
        holders: &[HolderRow],
        links: &[LinkRow],
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO games (id, game, options, seed, players, version, created, finished, rules) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(&game.id)
        .bind(&game.game)
        .bind(&game.options)
        .bind(game.seed as i64)
        .bind(&game.players)
        .bind(game.version as i64)
        .bind(game.created)
        .bind(game.finished)
        .bind(game.rules as i64)
        .execute(&mut **tx)
        .await?;
        Self::insert_holders(tx, &game.id, holders).await?;
        Self::insert_links(tx, &game.id, links).await?;
        Ok(())
    }

    /// A game's head, if it exists.
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        let row = sqlx::query(
            "SELECT id, game, options, seed, players, version, created, finished, rules FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| -> Result<GameRow, StoreError> {
            Ok(GameRow {
                id: r.try_get("id")?,
                game: r.try_get("game")?,
                options: r.try_get("options")?,
                seed: r.try_get::<i64, _>("seed")? as u64,
                players: r.try_get("players")?,
                version: r.try_get::<i64, _>("version")? as u64,
                created: r.try_get("created")?,
                finished: r.try_get("finished")?,
                rules: u32::try_from(r.try_get::<i64, _>("rules")?).unwrap_or(u32::MAX),
            })
        })
        .transpose()
    }

    /// A game's entries, in order.
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn entries(&self, id: &str) -> Result<Vec<EntryRow>, StoreError> {
        // every entry is past version 0 (the first append makes version 1)
        self.entries_after(id, 0).await
    }

    /// Appends `entry` to game `id` if its version is still `seen`, in one transaction with
    /// the version's bump, the rules version it is played under now (`rules`) and the end of
    /// the game, when `finished`.
    ///
    /// # Errors
    /// The database refused the transaction, or its outcome is unknown (the connection failed
    /// during the commit): the caller must then read the game again.
    pub async fn append(
        &self,
        id: &str,
        seen: u64,
        entry: &EntryRow,
        finished: Option<i64>,
        rules: u32,
    ) -> Result<Appended, StoreError> {
        self.fault(FaultPoint::BeforeCommit, id).await?;
        let mut tx = self.pool.begin().await?;
        let bumped = sqlx::query(
            "UPDATE games SET version = version + 1, finished = $3, rules = $4 \
             WHERE id = $1 AND version = $2",
        )
        .bind(id)
        .bind(seen as i64)
        .bind(finished)
        .bind(rules as i64)
        .execute(&mut *tx)
        .await?;
        if bumped.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(Appended::Stale);
        }
        let version = seen + 1;
        sqlx::query(
            "INSERT INTO entries (game_id, version, seat, kind, text, at) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(id)
        .bind(version as i64)
        .bind(entry.seat)
        .bind(&entry.kind)
        .bind(&entry.text)
        .bind(entry.at)
        .execute(&mut *tx)
        .await?;
        self.fault(FaultPoint::InCommit, id).await?;
        tx.commit().await?;
        self.fault(FaultPoint::AfterCommit, id).await?;
        Ok(Appended::Done(version))
    }

    /// Every seat's notes of game `id`, by seat.
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn notes(&self, id: &str) -> Result<Vec<(i64, String)>, StoreError> {
        let rows = sqlx::query("SELECT seat, text FROM notes WHERE game_id = $1")
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
        rows.into_iter()
            .map(|r| Ok((r.try_get("seat")?, r.try_get("text")?)))
            .collect()
    }

    /// Replaces a seat's notes.
    ///
    /// # Errors
    /// The database refused it.
    pub async fn set_notes(
        &self,
        id: &str,
        seat: i64,
        text: &str,
        at: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO notes (game_id, seat, text, updated) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (game_id, seat) DO UPDATE SET text = excluded.text, updated = excluded.updated",
        )
        .bind(id)
        .bind(seat)
        .bind(text)
        .bind(at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The spectators' token of the rematch of game `id`, if one was made with one kept.
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn rematch_spectator(&self, id: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT spectator FROM rematches WHERE game_id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row
            .map(|r| r.try_get::<Option<String>, _>("spectator"))
            .transpose()?
            .flatten())
    }

    /// Writes the health row: the database answers and takes a write.
    ///
    /// # Errors
    /// It does not (read-only, locked, gone).
    pub async fn probe(&self, now: i64) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO health (id, at) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET at = excluded.at",
        )
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The ids of every stored game, oldest first (`fiw serve --check`).
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn all(&self) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT id FROM games ORDER BY created, id")
            .fetch_all(&self.pool)
            .await?;
        rows.into_iter()
            .map(|r| Ok(r.try_get::<String, _>("id")?))
            .collect()
    }

    /// The rematch of game `id`, if one was made.
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn rematch_of(&self, id: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT rematch_id FROM rematches WHERE game_id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.try_get("rematch_id")).transpose()?)
    }

    /// Stores `game` as the rematch of game `of`, with its holders, its first links and the
    /// spectators' token `spectator` (kept, so that every seat asking is given it), unless
    /// `of` has one already (the rematches table's key decides, so two seats asking at once
    /// make one): then nothing is written and that one's id is the answer.
    ///
    /// # Errors
    /// The database refused it.
    pub async fn create_rematch(
        &self,
        of: &str,
        game: &GameRow,
        holders: &[HolderRow],
        links: &[LinkRow],
        spectator: &str,
    ) -> Result<String, StoreError> {
        let mut tx = self.pool.begin().await?;
        Self::insert_game(&mut tx, game, holders, links).await?;
        let claimed = sqlx::query(
            "INSERT INTO rematches (game_id, rematch_id, spectator) VALUES ($1, $2, $3) \
             ON CONFLICT (game_id) DO NOTHING",
        )
        .bind(of)
        .bind(&game.id)
        .bind(spectator)
        .execute(&mut *tx)
        .await?;
        if claimed.rows_affected() != 1 {
            // the other seat made it first: theirs is the rematch
            tx.rollback().await?;
            return self
                .rematch_of(of)
                .await?
                .ok_or_else(|| StoreError("the rematch went missing".into()));
        }
        tx.commit().await?;
        Ok(game.id.clone())
    }

    /// The ids of the games not over, for a server that starts again and has computer seats
    /// to wake.
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn unfinished(&self) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT id FROM games WHERE finished IS NULL")
            .fetch_all(&self.pool)
            .await?;
        rows.into_iter()
            .map(|r| Ok(r.try_get::<String, _>("id")?))
            .collect()
    }
}
