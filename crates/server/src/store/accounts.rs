//! Accounts and what hangs on them: sessions, single-use links mailed to them, the public
//! lobby's open games, and ratings.

use super::{Store, StoreError};
use sqlx::Row;

/// An account as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct AccountRow {
    /// Its id (random; in no link).
    pub id: String,
    /// The name as given.
    pub name: String,
    /// The argon2id hash of its password (PHC string).
    pub password: String,
    /// Its e-mail address, if given (never shown to anyone else).
    pub email: Option<String>,
    /// When the address was verified.
    pub email_verified: Option<i64>,
    /// `turn`, `digest` or `off`.
    pub notices: String,
    /// The hour (UTC, 0-23) of the daily digest.
    pub digest_hour: i64,
    /// When the last digest was sent.
    pub last_digest: Option<i64>,
    /// The key of its mails' unsubscribe links.
    pub unsubscribe: String,
    /// Milliseconds since 1970.
    pub created: i64,
    /// When the operator suspended it.
    pub suspended: Option<i64>,
    /// The operator's reason, if one was given.
    pub suspended_reason: Option<String>,
    /// When it was deleted (its games stay, under "deleted").
    pub deleted: Option<i64>,
}

/// A game posted to the public lobby.
#[derive(Clone, Debug, PartialEq)]
pub struct LobbyRow {
    /// The game.
    pub game_id: String,
    /// The account that posted it.
    pub account_id: String,
    /// The seat open to take.
    pub seat: i64,
    /// Whether it counts for the ratings.
    pub rated: bool,
    /// When it was posted.
    pub posted: i64,
}

/// A Glicko-2 rating as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    /// The kind of game.
    pub game: String,
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
    /// Rated games played.
    pub games: i64,
}

/// An account's columns, selected from `accounts` (a static string, as sqlx wants its SQL).
macro_rules! accounts_where {
    ($tail:literal) => {
        concat!(
            "SELECT accounts.id, accounts.name, accounts.password, accounts.email, ",
            "accounts.email_verified, accounts.notices, accounts.digest_hour, accounts.last_digest, ",
            "accounts.unsubscribe, accounts.created, accounts.suspended, accounts.suspended_reason, ",
            "accounts.deleted FROM ",
            $tail
        )
    };
}

fn account(r: &sqlx::any::AnyRow) -> Result<AccountRow, StoreError> {
    Ok(AccountRow {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        password: r.try_get("password")?,
        email: r.try_get("email")?,
        email_verified: r.try_get("email_verified")?,
        notices: r.try_get("notices")?,
        digest_hour: r.try_get("digest_hour")?,
        last_digest: r.try_get("last_digest")?,
        unsubscribe: r.try_get("unsubscribe")?,
        created: r.try_get("created")?,
        suspended: r.try_get("suspended")?,
        suspended_reason: r.try_get("suspended_reason")?,
        deleted: r.try_get("deleted")?,
    })
}

/// The key a name is looked up and kept unique by.
pub fn name_key(name: &str) -> String {
    name.trim().to_lowercase()
}

impl Store {
    /// Stores a new account, unless its name is taken (then `false`).
    ///
    /// # Errors
    /// The database refused it.
    pub async fn create_account(&self, a: &AccountRow) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "INSERT INTO accounts (id, name, name_key, password, email, email_verified, notices, \
             digest_hour, last_digest, unsubscribe, created, suspended, deleted, suspended_reason) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) \
             ON CONFLICT (name_key) DO NOTHING",
        )
        .bind(&a.id)
        .bind(&a.name)
        .bind(name_key(&a.name))
        .bind(&a.password)
        .bind(&a.email)
        .bind(a.email_verified)
        .bind(&a.notices)
        .bind(a.digest_hour)
        .bind(a.last_digest)
        .bind(&a.unsubscribe)
        .bind(a.created)
        .bind(a.suspended)
        .bind(a.deleted)
        .bind(&a.suspended_reason)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The account named `name` (any case), if there is one.
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn account_named(&self, name: &str) -> Result<Option<AccountRow>, StoreError> {
        let row = sqlx::query(accounts_where!("accounts WHERE name_key = $1"))
            .bind(name_key(name))
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(account).transpose()
    }

    /// The account `id`, if there is one.
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn account(&self, id: &str) -> Result<Option<AccountRow>, StoreError> {
        let row = sqlx::query(accounts_where!("accounts WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(account).transpose()
    }

    /// The account whose unsubscribe key is `key`.
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn account_by_unsubscribe(
        &self,
        key: &str,
    ) -> Result<Option<AccountRow>, StoreError> {
        let row = sqlx::query(accounts_where!("accounts WHERE unsubscribe = $1"))
            .bind(key)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(account).transpose()
    }

    /// Every account, by name (the operator's list).
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn accounts(&self) -> Result<Vec<AccountRow>, StoreError> {
        let rows = sqlx::query(accounts_where!("accounts ORDER BY name_key"))
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(account).collect()
    }

    /// Writes back the fields an account's owner changes (password, e-mail, notices, the
    /// digest's time and last sending), never its name, suspension or deletion: those are the
    /// operator's and the deletion's own, and a row read before one of them must not undo it.
    /// A deleted account takes nothing back (its address stays forgotten).
    ///
    /// # Errors
    /// The database refused it.
    pub async fn update_account(&self, a: &AccountRow) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE accounts SET password = $2, email = $3, email_verified = $4, notices = $5, \
             digest_hour = $6, last_digest = $7 WHERE id = $1 AND deleted IS NULL",
        )
        .bind(&a.id)
        .bind(&a.password)
        .bind(&a.email)
        .bind(a.email_verified)
        .bind(&a.notices)
        .bind(a.digest_hour)
        .bind(a.last_digest)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Renames account `id` to `name` (checked by the caller), and the seats it holds with
    /// it, unless another account has that name in any case (then `false`).
    ///
    /// # Errors
    /// The database refused it.
    pub async fn rename_account(&self, id: &str, name: &str) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        let taken = sqlx::query("SELECT id FROM accounts WHERE name_key = $1 AND id <> $2")
            .bind(name_key(name))
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
        if taken.is_some() {
            tx.rollback().await?;
            return Ok(false);
        }
        // the name's key is unique: of two renames to one name at once, the second fails here
        let renamed = sqlx::query(
            "UPDATE accounts SET name = $2, name_key = $3 WHERE id = $1 AND deleted IS NULL",
        )
        .bind(id)
        .bind(name)
        .bind(name_key(name))
        .execute(&mut *tx)
        .await?;
        if renamed.rows_affected() != 1 {
            tx.rollback().await?;
            return Err(StoreError("that account is gone or deleted".into()));
        }
        sqlx::query("UPDATE holders SET name = $2 WHERE account_id = $1")
            .bind(id)
            .bind(name)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Suspends account `id` at `now` (with the operator's `reason`), and ends its sessions;
    /// or, with `now` None, lifts its suspension (it signs in again). `false` when it is no
    /// account, or a deleted one.
    ///
    /// # Errors
    /// The database refused it.
    pub async fn suspend_account(
        &self,
        id: &str,
        now: Option<i64>,
        reason: Option<&str>,
    ) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query(
            "UPDATE accounts SET suspended = $2, suspended_reason = $3 \
             WHERE id = $1 AND deleted IS NULL",
        )
        .bind(id)
        .bind(now)
        .bind(reason.filter(|_| now.is_some()))
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        if now.is_some() {
            // every browser signed in is out at once, and stays out once the suspension is
            // lifted: it signs in again
            sqlx::query("DELETE FROM sessions WHERE account_id = $1")
                .bind(id)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Stores a session of `account` (its token's hash) until `expires`.
    ///
    /// # Errors
    /// The database refused it.
    pub async fn create_session(
        &self,
        token_hash: &str,
        account: &str,
        now: i64,
        expires: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO sessions (token_hash, account_id, created, expires) VALUES ($1, $2, $3, $4)",
        )
        .bind(token_hash)
        .bind(account)
        .bind(now)
        .bind(expires)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The account of the session `token_hash`, if it has not expired at `now` and the account
    /// is neither suspended nor deleted.
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn session(
        &self,
        token_hash: &str,
        now: i64,
    ) -> Result<Option<AccountRow>, StoreError> {
        let row = sqlx::query(accounts_where!(
            "sessions JOIN accounts ON accounts.id = sessions.account_id \
             WHERE sessions.token_hash = $1 AND sessions.expires > $2 \
             AND accounts.suspended IS NULL AND accounts.deleted IS NULL"
        ))
        .bind(token_hash)
        .bind(now)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(account).transpose()
    }

    /// Ends one session, or (with `account`) every session of an account.
    ///
    /// # Errors
    /// The database refused it.
    pub async fn end_sessions(
        &self,
        token_hash: Option<&str>,
        account: Option<&str>,
    ) -> Result<(), StoreError> {
        if let Some(t) = token_hash {
            sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
                .bind(t)
                .execute(&self.pool)
                .await?;
        }
        if let Some(a) = account {
            sqlx::query("DELETE FROM sessions WHERE account_id = $1")
                .bind(a)
                .execute(&self.pool)
                .await?;
        }
        Ok(())
    }

    /// Stores a single-use link of `kind` (`verify`, `reset`) for an account.
    ///
    /// # Errors
    /// The database refused it.
    pub async fn create_account_link(
        &self,
        token_hash: &str,
        account: &str,
        kind: &str,
        email: Option<&str>,
        now: i64,
        expires: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO account_links (token_hash, account_id, kind, email, created, expires) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(token_hash)
        .bind(account)
        .bind(kind)
        .bind(email)
        .bind(now)
        .bind(expires)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Spends the link `token_hash` of `kind` once, if it has not expired at `now`: its
    /// account and the address it was for.
    ///
    /// # Errors
    /// The database refused it.
    pub async fn spend_account_link(
        &self,
        token_hash: &str,
        kind: &str,
        now: i64,
    ) -> Result<Option<(String, Option<String>)>, StoreError> {
        let mut tx = self.pool.begin().await?;
        let spent = sqlx::query(
            "UPDATE account_links SET spent = $3 WHERE token_hash = $1 AND kind = $2 \
             AND spent IS NULL AND expires > $3",
        )
        .bind(token_hash)
        .bind(kind)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if spent.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(None);
        }
        let row = sqlx::query("SELECT account_id, email FROM account_links WHERE token_hash = $1")
            .bind(token_hash)
            .fetch_one(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(Some((row.try_get("account_id")?, row.try_get("email")?)))
    }

    /// Spends every link of `kind` of `account` not spent yet (a password reset done: the
    /// other reset links mailed before it work no more).
    ///
    /// # Errors
    /// The database refused it.
    pub async fn spend_account_links(
        &self,
        account: &str,
        kind: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE account_links SET spent = $3 WHERE account_id = $1 AND kind = $2 AND spent IS NULL",
        )
        .bind(account)
        .bind(kind)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Takes account `id`'s daily digest as sent at `now`, unless one was sent since `since`
    /// (the day's start): of several servers on one database, one sends it.
    ///
    /// # Errors
    /// The database refused it.
    pub async fn claim_digest(&self, id: &str, now: i64, since: i64) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE accounts SET last_digest = $2 WHERE id = $1 AND deleted IS NULL \
             AND (last_digest IS NULL OR last_digest < $3)",
        )
        .bind(id)
        .bind(now)
        .bind(since)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Posts game `game_id` to the lobby.
    ///
    /// # Errors
    /// The database refused it.
    pub async fn post_open_game(&self, l: &LobbyRow) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO lobby (game_id, account_id, seat, rated, posted) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&l.game_id)
        .bind(&l.account_id)
        .bind(l.seat)
        .bind(i64::from(l.rated))
        .bind(l.posted)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The games open in the lobby, oldest first.
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn open_games(&self) -> Result<Vec<LobbyRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT game_id, account_id, seat, rated, posted FROM lobby WHERE taken IS NULL ORDER BY posted, game_id",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(LobbyRow {
                    game_id: r.try_get("game_id")?,
                    account_id: r.try_get("account_id")?,
                    seat: r.try_get("seat")?,
                    rated: r.try_get::<i64, _>("rated")? != 0,
                    posted: r.try_get("posted")?,
                })
            })
            .collect()
    }

    /// The lobby's entry of game `id`, taken or not.
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn lobby_entry(&self, id: &str) -> Result<Option<LobbyRow>, StoreError> {
        let row = sqlx::query(
            "SELECT game_id, account_id, seat, rated, posted FROM lobby WHERE game_id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| -> Result<LobbyRow, StoreError> {
            Ok(LobbyRow {
                game_id: r.try_get("game_id")?,
                account_id: r.try_get("account_id")?,
                seat: r.try_get("seat")?,
                rated: r.try_get::<i64, _>("rated")? != 0,
                posted: r.try_get("posted")?,
            })
        })
        .transpose()
    }

    /// Takes game `id`'s open seat for `account`, once (of two racing, one wins): in one
    /// transaction the lobby entry is closed, the account holds the seat, and `credential`
    /// (a link of the seat) is stored.
    ///
    /// # Errors
    /// The database refused it.
    pub async fn take_open_game(
        &self,
        id: &str,
        account: &str,
        name: &str,
        credential: &str,
        now: i64,
    ) -> Result<Option<i64>, StoreError> {
        let mut tx = self.pool.begin().await?;
        let taken = sqlx::query(
            "UPDATE lobby SET taken = $2 WHERE game_id = $1 AND taken IS NULL AND account_id <> $3",
        )
        .bind(id)
        .bind(now)
        .bind(account)
        .execute(&mut *tx)
        .await?;
        if taken.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(None);
        }
        let seat: i64 = sqlx::query("SELECT seat FROM lobby WHERE game_id = $1")
            .bind(id)
            .fetch_one(&mut *tx)
            .await?
            .try_get("seat")?;
        sqlx::query(
            "UPDATE holders SET name = $3, claimed = $4, account_id = $5 WHERE game_id = $1 AND seat = $2",
        )
        .bind(id)
        .bind(seat)
        .bind(name)
        .bind(now)
        .bind(account)
        .execute(&mut *tx)
        .await?;
        // the seat's invitation is spent: the seat is the account's
        sqlx::query(
            "UPDATE links SET spent = $3, spent_by = $4 WHERE game_id = $1 AND seat = $2 AND kind = 'invitation' AND spent IS NULL",
        )
        .bind(id)
        .bind(seat)
        .bind(now)
        .bind(name)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "INSERT INTO links (token_hash, game_id, seat, kind, created) VALUES ($1, $2, $3, 'seat', $4)",
        )
        .bind(credential)
        .bind(id)
        .bind(seat)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Some(seat))
    }

    /// Closes game `id`'s lobby entry (the operator's `close-game`, or its poster's).
    ///
    /// # Errors
    /// The database refused it.
    pub async fn close_open_game(&self, id: &str, now: i64) -> Result<bool, StoreError> {
        let done = sqlx::query("UPDATE lobby SET taken = $2 WHERE game_id = $1 AND taken IS NULL")
            .bind(id)
            .bind(now)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The games whose seats `account` holds, newest first: (game id, seat).
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn games_of(&self, account: &str) -> Result<Vec<(String, i64)>, StoreError> {
        let rows = sqlx::query(
            "SELECT holders.game_id, holders.seat FROM holders JOIN games ON games.id = holders.game_id \
             WHERE holders.account_id = $1 ORDER BY games.created DESC, holders.game_id",
        )
        .bind(account)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get("game_id")?, r.try_get("seat")?)))
            .collect()
    }

    /// An account's ratings, by kind of game.
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn ratings(&self, account: &str) -> Result<Vec<RatingRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT game, rating, deviation, volatility, games FROM ratings WHERE account_id = $1 ORDER BY game",
        )
        .bind(account)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(RatingRow {
                    game: r.try_get("game")?,
                    rating: r.try_get("rating")?,
                    deviation: r.try_get("deviation")?,
                    volatility: r.try_get("volatility")?,
                    games: r.try_get("games")?,
                })
            })
            .collect()
    }

    /// Applies a rated game's result once: both players' new ratings, written with the mark
    /// that the game was applied, in one transaction. `false` when it was applied already.
    ///
    /// # Errors
    /// The database refused it.
    pub async fn apply_rating(
        &self,
        game_id: &str,
        now: i64,
        updates: &[(String, RatingRow)],
    ) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        let marked = sqlx::query(
            "INSERT INTO rated (game_id, applied) VALUES ($1, $2) ON CONFLICT (game_id) DO NOTHING",
        )
        .bind(game_id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if marked.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        for (account, r) in updates {
            sqlx::query(
                "INSERT INTO ratings (account_id, game, rating, deviation, volatility, games) \
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (account_id, game) DO UPDATE SET \
                 rating = excluded.rating, deviation = excluded.deviation, \
                 volatility = excluded.volatility, games = excluded.games",
            )
            .bind(account)
            .bind(&r.game)
            .bind(r.rating)
            .bind(r.deviation)
            .bind(r.volatility)
            .bind(r.games)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Deletes account `id` at `now`: its seats are shown under "deleted", its sessions end,
    /// its address is forgotten and its name is free again; its games stay.
    ///
    /// # Errors
    /// The database refused it.
    pub async fn delete_account(&self, id: &str, now: i64) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("UPDATE holders SET name = 'deleted' WHERE account_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        let freed = format!("deleted-{id}");
        sqlx::query(
            "UPDATE accounts SET deleted = $2, name = $3, name_key = $3, email = NULL, \
             email_verified = NULL, notices = 'off' WHERE id = $1",
        )
        .bind(id)
        .bind(now)
        .bind(&freed)
        .execute(&mut *tx)
        .await?;
        sqlx::query("DELETE FROM sessions WHERE account_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("UPDATE lobby SET taken = $2 WHERE account_id = $1 AND taken IS NULL")
            .bind(id)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }
}
