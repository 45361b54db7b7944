//! What the server's own duties keep: the webhooks' rows, the entries a server that is behind
//! has not seen, and the announcement that tells the other servers on one PostgreSQL of a
//! game's new version.

use super::{EntryRow, Store, StoreError};
use sqlx::Row;

/// A seat's webhook and how its last delivery went.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct WebhookRow {
    /// Where it is sent.
    pub url: String,
    /// The body it is sent: `fiw` (fiw's own JSON) or `discord` (Discord's execute-webhook
    /// JSON).
    pub format: String,
    /// When it was registered (milliseconds since 1970).
    pub created: i64,
    /// Why the last delivery that failed did, after all its tries.
    pub last_error: Option<String>,
    /// When it failed.
    pub last_error_at: Option<i64>,
    /// When a delivery last succeeded.
    pub last_ok_at: Option<i64>,
}

impl Store {
    /// Registers (or replaces) the webhook of `seat` in game `id`, sent in `format`.
    ///
    /// # Errors
    /// The database refused it.
    pub async fn set_webhook(
        &self,
        id: &str,
        seat: i64,
        url: &str,
        format: &str,
        at: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO webhooks (game_id, seat, url, created, format) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (game_id, seat) DO UPDATE SET url = excluded.url, \
             created = excluded.created, format = excluded.format, last_error = NULL, \
             last_error_at = NULL, last_ok_at = NULL",
        )
        .bind(id)
        .bind(seat)
        .bind(url)
        .bind(at)
        .bind(format)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The webhook of `seat` in game `id`, if it has one.
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn webhook(&self, id: &str, seat: i64) -> Result<Option<WebhookRow>, StoreError> {
        let row = sqlx::query(
            "SELECT url, format, created, last_error, last_error_at, last_ok_at FROM webhooks \
             WHERE game_id = $1 AND seat = $2",
        )
        .bind(id)
        .bind(seat)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| -> Result<WebhookRow, StoreError> {
            Ok(WebhookRow {
                url: r.try_get("url")?,
                format: r.try_get("format")?,
                created: r.try_get("created")?,
                last_error: r.try_get("last_error")?,
                last_error_at: r.try_get("last_error_at")?,
                last_ok_at: r.try_get("last_ok_at")?,
            })
        })
        .transpose()
    }

    /// Removes the webhook of `seat` in game `id`; whether there was one.
    ///
    /// # Errors
    /// The database refused it.
    pub async fn delete_webhook(&self, id: &str, seat: i64) -> Result<bool, StoreError> {
        let done = sqlx::query("DELETE FROM webhooks WHERE game_id = $1 AND seat = $2")
            .bind(id)
            .bind(seat)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Keeps how a delivery to `url` went (`error`: why it failed), unless the seat has
    /// registered another address since.
    ///
    /// # Errors
    /// The database refused it.
    pub async fn webhook_went(
        &self,
        id: &str,
        seat: i64,
        url: &str,
        error: Option<&str>,
        at: i64,
    ) -> Result<(), StoreError> {
        let query = match error {
            Some(e) => sqlx::query(
                "UPDATE webhooks SET last_error = $4, last_error_at = $5 \
                 WHERE game_id = $1 AND seat = $2 AND url = $3",
            )
            .bind(id)
            .bind(seat)
            .bind(url)
            .bind(e)
            .bind(at),
            None => sqlx::query(
                "UPDATE webhooks SET last_ok_at = $4 WHERE game_id = $1 AND seat = $2 AND url = $3",
            )
            .bind(id)
            .bind(seat)
            .bind(url)
            .bind(at),
        };
        query.execute(&self.pool).await?;
        Ok(())
    }

    /// A game's entries after `version`, in order (for a game in memory that is behind).
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn entries_after(&self, id: &str, version: u64) -> Result<Vec<EntryRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT version, seat, kind, text, at FROM entries WHERE game_id = $1 AND version > $2 \
             ORDER BY version",
        )
        .bind(id)
        .bind(version as i64)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|r| {
                Ok(EntryRow {
                    version: r.try_get::<i64, _>("version")? as u64,
                    seat: r.try_get("seat")?,
                    kind: r.try_get("kind")?,
                    text: r.try_get("text")?,
                    at: r.try_get("at")?,
                })
            })
            .collect()
    }

    /// Tells every server listening on this PostgreSQL that game `id` is at `version` (on
    /// SQLite, one process holds everything and there is no one to tell).
    ///
    /// # Errors
    /// The database refused it.
    pub async fn announce(&self, id: &str, version: u64) -> Result<(), StoreError> {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(crate::live::cluster::CHANNEL)
            .bind(format!("{id} {version}"))
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}
