//! Who holds each seat and every link to a game: seat holders' credentials (one per device),
//! the spectators' link, invitations claimed once, and one-time device codes.

use super::{Store, StoreError};
use sqlx::Row;

/// What a link grants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkKind {
    /// A seat holder's credential, on one of the holder's devices.
    Seat,
    /// The spectators' link.
    Spectators,
    /// An invitation: claims its seat once, for whoever opens it first and asks.
    Invitation,
    /// A one-time code of a seat holder's, adding another device before it expires.
    Device,
}

impl LinkKind {
    /// The kind as stored.
    pub fn name(self) -> &'static str {
        match self {
            LinkKind::Seat => "seat",
            LinkKind::Spectators => "spectators",
            LinkKind::Invitation => "invitation",
            LinkKind::Device => "device",
        }
    }

    fn named(name: &str) -> Option<LinkKind> {
        [
            LinkKind::Seat,
            LinkKind::Spectators,
            LinkKind::Invitation,
            LinkKind::Device,
        ]
        .into_iter()
        .find(|k| k.name() == name)
    }
}

/// A link to a game, by its token's hash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkRow {
    /// SHA-256 of the token, hex.
    pub token_hash: String,
    /// The seat it is of (-1: the spectators).
    pub seat: i64,
    /// What it grants.
    pub kind: LinkKind,
    /// Milliseconds since 1970.
    pub created: i64,
    /// When a device code stops working.
    pub expires: Option<i64>,
    /// When an invitation or a device code was used.
    pub spent: Option<i64>,
    /// Who used it (the name the seat was taken under).
    pub spent_by: Option<String>,
    /// The account an invitation is addressed to: only it may take the seat.
    pub for_account: Option<String>,
}

impl LinkRow {
    /// A new link of `kind` to `seat`.
    pub fn new(token_hash: String, seat: i64, kind: LinkKind, created: i64) -> LinkRow {
        LinkRow {
            token_hash,
            seat,
            kind,
            created,
            expires: None,
            spent: None,
            spent_by: None,
            for_account: None,
        }
    }
}

/// Who holds a human seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HolderRow {
    /// The seat.
    pub seat: i64,
    /// The name they gave, if any.
    pub name: Option<String>,
    /// Since when they hold it; `None` while its invitation is open.
    pub claimed: Option<i64>,
    /// The account holding it, if it was taken as one.
    pub account: Option<String>,
}

/// What a claim met.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claimed {
    /// The seat (or the device) is the claimant's: the credential was stored.
    Done {
        /// The seat taken.
        seat: i64,
        /// Whether it was an invitation (the holder's name and time were set) or a device code.
        kind: LinkKind,
    },
    /// Spent already, by `by` at `at`.
    Spent {
        /// The name it was used under.
        by: Option<String>,
        /// When.
        at: i64,
    },
    /// A device code past its time.
    Expired,
    /// An invitation addressed to another account.
    NotYours,
    /// No invitation or device code of this game.
    Unknown,
}

fn link(r: &sqlx::any::AnyRow) -> Result<LinkRow, StoreError> {
    let kind: String = r.try_get("kind")?;
    Ok(LinkRow {
        token_hash: r.try_get("token_hash")?,
        seat: r.try_get("seat")?,
        kind: LinkKind::named(&kind)
            .ok_or_else(|| StoreError(format!("a link of no known kind '{kind}'")))?,
        created: r.try_get("created")?,
        expires: r.try_get("expires")?,
        spent: r.try_get("spent")?,
        spent_by: r.try_get("spent_by")?,
        for_account: r.try_get("for_account")?,
    })
}

impl Store {
    pub(super) async fn insert_links(
        tx: &mut sqlx::Transaction<'_, sqlx::Any>,
        id: &str,
        links: &[LinkRow],
    ) -> Result<(), StoreError> {
        for l in links {
            sqlx::query(
                "INSERT INTO links (token_hash, game_id, seat, kind, created, expires, spent, spent_by, for_account) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            )
            .bind(&l.token_hash)
            .bind(id)
            .bind(l.seat)
            .bind(l.kind.name())
            .bind(l.created)
            .bind(l.expires)
            .bind(l.spent)
            .bind(&l.spent_by)
            .bind(&l.for_account)
            .execute(&mut **tx)
            .await?;
        }
        Ok(())
    }

    pub(super) async fn insert_holders(
        tx: &mut sqlx::Transaction<'_, sqlx::Any>,
        id: &str,
        holders: &[HolderRow],
    ) -> Result<(), StoreError> {
        for h in holders {
            sqlx::query(
                "INSERT INTO holders (game_id, seat, name, claimed, account_id) VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(id)
            .bind(h.seat)
            .bind(&h.name)
            .bind(h.claimed)
            .bind(&h.account)
            .execute(&mut **tx)
            .await?;
        }
        Ok(())
    }

    /// Every link of game `id`.
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn links(&self, id: &str) -> Result<Vec<LinkRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT token_hash, seat, kind, created, expires, spent, spent_by, for_account FROM links \
             WHERE game_id = $1 ORDER BY created, token_hash",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(link).collect()
    }

    /// The link of game `id` whose token hashes to `token_hash`, if there is one.
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn link(&self, id: &str, token_hash: &str) -> Result<Option<LinkRow>, StoreError> {
        let row = sqlx::query(
            "SELECT token_hash, seat, kind, created, expires, spent, spent_by, for_account FROM links \
             WHERE game_id = $1 AND token_hash = $2",
        )
        .bind(id)
        .bind(token_hash)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(link).transpose()
    }

    /// Who holds each human seat of game `id`.
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn holders(&self, id: &str) -> Result<Vec<HolderRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT seat, name, claimed, account_id FROM holders WHERE game_id = $1 ORDER BY seat",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|r| {
                Ok(HolderRow {
                    seat: r.try_get("seat")?,
                    name: r.try_get("name")?,
                    claimed: r.try_get("claimed")?,
                    account: r.try_get("account_id")?,
                })
            })
            .collect()
    }

    /// Adds a link to game `id` (a device's credential, a device code, a rematch's seat).
    ///
    /// # Errors
    /// The database refused it.
    pub async fn add_link(&self, id: &str, l: &LinkRow) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        Self::insert_links(&mut tx, id, std::slice::from_ref(l)).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Uses the invitation or device code `token_hash` of game `id` once, at `now`: in one
    /// transaction it is spent (only if it was not, and has not expired), the claimant's new
    /// credential `credential` is stored for its seat, and an invitation makes `name` the
    /// seat's holder from `now`. Of two claimants racing, exactly one wins.
    ///
    /// # Errors
    /// The database refused the transaction.
    pub async fn claim(
        &self,
        id: &str,
        token_hash: &str,
        credential: &str,
        name: &str,
        account: Option<&str>,
        now: i64,
    ) -> Result<Claimed, StoreError> {
        let mut tx = self.pool.begin().await?;
        // an invitation addressed to an account is taken by that account only
        let spent = sqlx::query(
            "UPDATE links SET spent = $3, spent_by = $4 WHERE game_id = $1 AND token_hash = $2 \
             AND kind IN ('invitation', 'device') AND spent IS NULL \
             AND (expires IS NULL OR expires > $3) \
             AND (for_account IS NULL OR for_account = $5)",
        )
        .bind(id)
        .bind(token_hash)
        .bind(now)
        .bind(name)
        .bind(account.unwrap_or(""))
        .execute(&mut *tx)
        .await?;
        if spent.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(match self.link(id, token_hash).await? {
                Some(l) if l.kind == LinkKind::Invitation || l.kind == LinkKind::Device => {
                    match (l.spent, l.for_account) {
                        (Some(at), _) => Claimed::Spent { by: l.spent_by, at },
                        (None, Some(_)) if l.expires.is_none() => Claimed::NotYours,
                        (None, _) => Claimed::Expired,
                    }
                }
                _ => Claimed::Unknown,
            });
        }
        let row =
            sqlx::query("SELECT seat, kind FROM links WHERE game_id = $1 AND token_hash = $2")
                .bind(id)
                .bind(token_hash)
                .fetch_one(&mut *tx)
                .await?;
        let seat: i64 = row.try_get("seat")?;
        let kind: String = row.try_get("kind")?;
        let kind = LinkKind::named(&kind).unwrap_or(LinkKind::Invitation);
        Self::insert_links(
            &mut tx,
            id,
            &[LinkRow::new(
                credential.to_string(),
                seat,
                LinkKind::Seat,
                now,
            )],
        )
        .await?;
        if kind == LinkKind::Invitation {
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
        }
        tx.commit().await?;
        Ok(Claimed::Done { seat, kind })
    }
}
