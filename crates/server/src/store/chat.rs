//! A game's chat, its mutes and the lines reported to the operator: kept with the game, never
//! in its save or replay (which are the referee's record of play).

use super::{Store, StoreError};
use sqlx::Row;

/// One line of a game's chat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatRow {
    /// Its number in the game, from 1.
    pub n: i64,
    /// `players` or `spectators`.
    pub room: String,
    /// The writer's seat, for the players' room.
    pub seat: Option<i64>,
    /// The writer's account, when signed in.
    pub account_id: Option<String>,
    /// The name shown beside it.
    pub name: String,
    /// The words, as written.
    pub text: String,
    /// When, in ms since the epoch.
    pub at: i64,
}

/// A reported line, for the operator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportRow {
    /// The game.
    pub game_id: String,
    /// The line's number in it.
    pub n: i64,
    /// The reporting seat.
    pub by_seat: i64,
    /// Its reason.
    pub why: String,
    /// When it was reported.
    pub at: i64,
    /// Who wrote the line.
    pub name: String,
    /// The line's words.
    pub text: String,
}

impl Store {
    /// Every line of game `id`'s chat, in order.
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn chat(&self, id: &str) -> Result<Vec<ChatRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT n, room, seat, account_id, name, text, at FROM chat WHERE game_id = $1 ORDER BY n",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|r| {
                Ok(ChatRow {
                    n: r.try_get("n")?,
                    room: r.try_get("room")?,
                    seat: r.try_get("seat")?,
                    account_id: r.try_get("account_id")?,
                    name: r.try_get("name")?,
                    text: r.try_get("text")?,
                    at: r.try_get("at")?,
                })
            })
            .collect()
    }

    /// Adds a line (its number given by the caller, under the game's writer lock).
    ///
    /// # Errors
    /// The database refused it (a number taken already, by another server).
    pub async fn add_chat(&self, id: &str, line: &ChatRow) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO chat (game_id, n, room, seat, account_id, name, text, at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(id)
        .bind(line.n)
        .bind(&line.room)
        .bind(line.seat)
        .bind(&line.account_id)
        .bind(&line.name)
        .bind(&line.text)
        .bind(line.at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The seats each seat of game `id` has muted: (seat, muted).
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn chat_mutes(&self, id: &str) -> Result<Vec<(i64, i64)>, StoreError> {
        let rows = sqlx::query("SELECT seat, muted FROM chat_mutes WHERE game_id = $1")
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
        rows.into_iter()
            .map(|r| Ok((r.try_get("seat")?, r.try_get("muted")?)))
            .collect()
    }

    /// Mutes (or, `on` false, unmutes) seat `muted`'s lines for seat `seat`.
    ///
    /// # Errors
    /// The database refused it.
    pub async fn set_mute(
        &self,
        id: &str,
        seat: i64,
        muted: i64,
        on: bool,
    ) -> Result<(), StoreError> {
        let sql = if on {
            "INSERT INTO chat_mutes (game_id, seat, muted) VALUES ($1, $2, $3) \
             ON CONFLICT (game_id, seat, muted) DO NOTHING"
        } else {
            "DELETE FROM chat_mutes WHERE game_id = $1 AND seat = $2 AND muted = $3"
        };
        sqlx::query(sql)
            .bind(id)
            .bind(seat)
            .bind(muted)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Records seat `by_seat`'s report of line `n` (once a line and seat: a second report
    /// replaces the reason).
    ///
    /// # Errors
    /// The database refused it.
    pub async fn report_chat(
        &self,
        id: &str,
        n: i64,
        by_seat: i64,
        why: &str,
        at: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO chat_reports (game_id, n, by_seat, why, at) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (game_id, n, by_seat) DO UPDATE SET why = excluded.why, at = excluded.at",
        )
        .bind(id)
        .bind(n)
        .bind(by_seat)
        .bind(why)
        .bind(at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Every reported line, the newest first, with the line's words: for `fiw admin reports`.
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn chat_reports(&self) -> Result<Vec<ReportRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT r.game_id, r.n, r.by_seat, r.why, r.at, c.name, c.text FROM chat_reports r \
             JOIN chat c ON c.game_id = r.game_id AND c.n = r.n ORDER BY r.at DESC, r.game_id, r.n",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|r| {
                Ok(ReportRow {
                    game_id: r.try_get("game_id")?,
                    n: r.try_get("n")?,
                    by_seat: r.try_get("by_seat")?,
                    why: r.try_get("why")?,
                    at: r.try_get("at")?,
                    name: r.try_get("name")?,
                    text: r.try_get("text")?,
                })
            })
            .collect()
    }
}
