//! Seats that belong to whoever takes them. The creator of a game holds their own seat (both,
//! in a hot seat they asked for); every other human seat has an invitation, claimed once by a
//! click on its page, which gives that browser a credential nobody else ever held. A holder adds
//! a device of their own with a one-time code shown only on their page. Nothing gives one
//! browser two seats of a game but the hot seat, which every page of the game names.

use super::change::detached;
use super::{refusal, seat_of, Caller, Failure, Games, Open};
use crate::store::AccountRow;
use crate::store::{Claimed, LinkKind, LinkRow};
use crate::tokens;
use fiw_host::hosted::Refusal;
use serde::Serialize;
use std::sync::Arc;

/// The longest name a seat is taken under, in characters.
pub const MAX_NAME: usize = 40;

/// How long a device code works, in milliseconds.
pub const DEVICE_CODE_MS: i64 = 15 * 60 * 1000;

/// Who holds a human seat, as every page of the game shows it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Holder {
    /// The seat.
    pub seat: String,
    /// The name it was taken under; `None`: anonymous.
    pub name: Option<String>,
    /// Since when (milliseconds since 1970); `None` while its invitation is open.
    pub since: Option<i64>,
}

/// An invitation (or a device code) as its page shows it, before the seat is taken.
#[derive(Clone, Debug, Serialize)]
pub struct Invitation {
    /// The game's id.
    pub id: String,
    /// The game's name.
    pub game: String,
    /// The seat it takes.
    pub seat: String,
    /// `invitation` (takes the seat) or `device` (adds a device of its holder's).
    pub kind: &'static str,
    /// The set-up as chosen when the game was made (scenario, side, variants).
    pub setup: serde_json::Map<String, serde_json::Value>,
    /// Who plays each seat (`human`, `ai`, …).
    pub players: Vec<(String, String)>,
    /// Who holds each human seat.
    pub holders: Vec<Holder>,
    /// Whether seats may ask the AI for hints.
    pub hints: bool,
    /// The time control, if any.
    pub pace: Option<super::pace::Pace>,
    /// Set once it is used: by whom and when.
    pub taken: Option<Taken>,
    /// When a device code stops working.
    pub expires: Option<i64>,
    /// The number of entries so far (a game may be under way when the friend arrives).
    pub version: u64,
    /// The account an invitation is addressed to (its name): only it may take the seat.
    pub for_account: Option<String>,
}

/// Who used an invitation, and when.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Taken {
    /// The name the seat was taken under (`None`: anonymous).
    pub by: Option<String>,
    /// When (milliseconds since 1970).
    pub at: i64,
}

impl Taken {
    /// In one line, for a refusal.
    pub fn words(&self) -> String {
        let at = chrono_free(self.at);
        match &self.by {
            Some(by) => format!("this seat was taken by {by} on {at}"),
            None => format!("this seat was taken, anonymously, on {at}"),
        }
    }
}

/// A time as UTC `YYYY-MM-DD HH:MM`, written out without a calendar crate (days since 1970 to
/// a civil date, after Howard Hinnant's algorithm).
fn chrono_free(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02} UTC",
        rest / 3600,
        rest % 3600 / 60
    )
}

/// A seat taken (or a device added): the browser's own credential.
#[derive(Clone, Debug, Serialize)]
pub struct Claim {
    /// The game's id.
    pub id: String,
    /// The seat.
    pub seat: String,
    /// The new credential: nobody else ever held it.
    pub token: String,
}

/// A one-time code adding a device of a seat's holder.
#[derive(Clone, Debug, Serialize)]
pub struct DeviceCode {
    /// The code (it goes after `#` in the link).
    pub code: String,
    /// When it stops working.
    pub expires: i64,
}

/// A name as a seat is taken under: trimmed, 1 to [`MAX_NAME`] letters, digits, spaces and
/// `. ' - _`. Pages write it as text, never as markup; the check keeps out what could pass for
/// another seat's words (control characters, brackets, quotes of markup).
///
/// # Errors
/// What is wrong with it, in one line.
pub fn check_name(name: &str) -> Result<String, Refusal> {
    let name = name.trim();
    let n = name.chars().count();
    if n == 0 || n > MAX_NAME {
        return Err(refusal(format!(
            "a name is 1 to {MAX_NAME} characters; this one has {n}"
        )));
    }
    if let Some(c) = name
        .chars()
        .find(|c| !(c.is_alphanumeric() || matches!(c, ' ' | '.' | '\'' | '-' | '_')))
    {
        return Err(refusal(format!(
            "a name is letters, digits, spaces and . ' - _ only: not '{}'",
            c.escape_default()
        )));
    }
    // one space between words, as a page shows them
    Ok(name.split_whitespace().collect::<Vec<_>>().join(" "))
}

impl Open {
    /// The link whose token hashes to `hash`.
    pub(super) fn link_of(&self, hash: &str) -> Option<LinkRow> {
        self.links
            .iter()
            .find(|l| tokens::matches_hash(hash, &l.token_hash))
            .cloned()
    }

    /// Who holds each human seat, as pages show it.
    pub(super) fn holders_shown(&self) -> Vec<Holder> {
        let seats = self.hosted.seats();
        self.holders
            .iter()
            .filter_map(|h| {
                Some(Holder {
                    seat: seats.get(usize::try_from(h.seat).ok()?)?.to_string(),
                    name: h.name.clone().filter(|n| !n.is_empty()),
                    since: h.claimed,
                })
            })
            .collect()
    }

    fn seat_name(&self, seat: i64) -> String {
        usize::try_from(seat)
            .ok()
            .and_then(|s| self.hosted.seats().get(s))
            .copied()
            .unwrap_or("?")
            .to_string()
    }
}

impl Games {
    /// The invitation (or device code) `token` of game `id`, as its page shows it.
    ///
    /// # Errors
    /// No such game; a token that is no invitation or device code of it.
    pub async fn invitation(&self, id: &str, token: &str) -> Result<Invitation, Failure> {
        let hash = tokens::hash(token);
        let link = self.link(id, &hash).await?;
        let g = self.locked(id).await?;
        let kind = match link.kind {
            LinkKind::Invitation => "invitation",
            LinkKind::Device => "device",
            LinkKind::Seat => {
                return Err(Failure::Forbidden(
                    "that link is a seat's own: open it as /play/ID#TOKEN".into(),
                ))
            }
            LinkKind::Spectators => {
                return Err(Failure::Forbidden(
                    "that link is the spectators': open it as /play/ID#TOKEN".into(),
                ))
            }
        };
        let seats = g.hosted.seats();
        let options: serde_json::Value =
            serde_json::from_str(&g.row.options).unwrap_or(serde_json::Value::Null);
        // what a player chose, never a test's forced deck or a scenario file's text
        let setup = ["scenario", "side", "solitaire_setup", "open", "two_players"]
            .iter()
            .filter_map(|k| Some((k.to_string(), options.get(*k)?.clone())))
            .filter(|(_, v)| v.is_string() || v.is_boolean())
            .collect();
        let seating: super::Seating =
            serde_json::from_str(&g.row.players).map_err(|e| Failure::Internal(e.to_string()))?;
        Ok(Invitation {
            id: id.to_string(),
            game: g.row.game.clone(),
            seat: g.seat_name(link.seat),
            kind,
            setup,
            players: seats
                .iter()
                .zip(&g.players)
                .enumerate()
                .map(|(s, (n, p))| {
                    (
                        n.to_string(),
                        g.hosted.rules_seat(s).unwrap_or(p.name()).to_string(),
                    )
                })
                .collect(),
            holders: g.holders_shown(),
            hints: g.hints,
            pace: seating.pace,
            taken: link.spent.map(|at| Taken {
                by: link.spent_by.clone().filter(|n| !n.is_empty()),
                at,
            }),
            expires: link.expires,
            version: g.version,
            for_account: match &link.for_account {
                Some(a) => Some(match self.store.account(a).await? {
                    Some(a) if a.deleted.is_none() => a.name,
                    _ => "deleted".into(),
                }),
                None => None,
            },
        })
    }

    /// The link of game `id` hashing to `hash`, from memory or the database.
    async fn link(&self, id: &str, hash: &str) -> Result<LinkRow, Failure> {
        if let Some(l) = self.locked(id).await?.link_of(hash) {
            return Ok(l);
        }
        self.store
            .link(id, hash)
            .await?
            .ok_or_else(|| Failure::Forbidden("that token is no link of this game".into()))
    }

    /// Takes the seat of invitation `token` (under `name`), or adds a device with the code
    /// `token`: once, for the first to ask. `held` are the credentials of this game the
    /// browser holds already: a browser holding another seat is refused (one browser, one
    /// seat). Runs in a task a dropped request does not stop.
    ///
    /// # Errors
    /// A spent invitation or code (by whom and when), an expired code, a name refused, a
    /// browser holding another seat, storage.
    pub async fn claim(
        self: &Arc<Self>,
        id: &str,
        token: &str,
        name: Option<String>,
        held: Vec<String>,
        account: Option<AccountRow>,
    ) -> Result<Claim, Failure> {
        let name = match name.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(n) => Some(check_name(n).map_err(Failure::Refused)?),
        };
        let games = self.clone();
        let (id, token) = (id.to_string(), token.to_string());
        detached(async move { games.claim_now(&id, &token, name, held, account).await }).await
    }

    async fn claim_now(
        self: &Arc<Self>,
        id: &str,
        token: &str,
        name: Option<String>,
        held: Vec<String>,
        account: Option<AccountRow>,
    ) -> Result<Claim, Failure> {
        let hash = tokens::hash(token);
        let link = self.link(id, &hash).await?;
        if !matches!(link.kind, LinkKind::Invitation | LinkKind::Device) {
            return Err(Failure::Refused(refusal(
                "that link is no invitation: it takes nothing",
            )));
        }
        // an invitation addressed to an account: that account only, signed in
        if let Some(wanted) = &link.for_account {
            if link.spent.is_none() && account.as_ref().map(|a| &a.id) != Some(wanted) {
                return Err(Failure::Forbidden(self.not_yours(wanted).await));
            }
        }
        // taken as an account (a device code adds a device to whoever holds the seat)
        let account = account.filter(|_| link.kind == LinkKind::Invitation);
        if let Some(a) = &account {
            let g = self.locked(id).await?;
            if g.holders
                .iter()
                .any(|h| h.account.as_deref() == Some(&a.id))
            {
                return Err(Failure::Forbidden(
                    "your account holds a seat of this game already: one account, one seat of a game with hidden information".into(),
                ));
            }
        }
        // an account plays under its own name
        let name = account.as_ref().map(|a| a.name.clone()).or(name);
        for other in held.iter().take(16) {
            if let Ok(Caller::Seat(s)) = self.caller(id, Some(other)).await {
                if link.kind == LinkKind::Invitation || s as i64 != link.seat {
                    let g = self.locked(id).await?;
                    return Err(Failure::Forbidden(format!(
                        "this browser holds the {} seat of this game: one browser takes one seat of a game with hidden information",
                        g.seat_name(s as i64)
                    )));
                }
            }
        }
        let (_turn, slot) = self.writing(id).await?;
        let holder_name = {
            let g = slot.open.lock().await;
            match link.kind {
                LinkKind::Device => g
                    .holders
                    .iter()
                    .find(|h| h.seat == link.seat)
                    .and_then(|h| h.name.clone()),
                _ => name,
            }
        };
        let credential = tokens::new_token().map_err(Failure::Internal)?;
        let now = self.now();
        let claimed = self
            .store
            .claim(
                id,
                &hash,
                &tokens::hash(&credential),
                holder_name.as_deref().unwrap_or(""),
                account.as_ref().map(|a| a.id.as_str()),
                now,
            )
            .await;
        let mut g = slot.open.lock().await;
        let claimed = match claimed {
            Ok(c) => c,
            Err(e) => {
                // whether the claim was stored is not known: the game is read again
                self.lose(id, &mut g);
                return Err(e.into());
            }
        };
        match claimed {
            Claimed::Done { seat, kind } => {
                if let Some(l) = g.links.iter_mut().find(|l| l.token_hash == hash) {
                    l.spent = Some(now);
                    l.spent_by = holder_name.clone();
                }
                g.links.push(LinkRow::new(
                    tokens::hash(&credential),
                    seat,
                    LinkKind::Seat,
                    now,
                ));
                if kind == LinkKind::Invitation {
                    if let Some(h) = g.holders.iter_mut().find(|h| h.seat == seat) {
                        h.name = holder_name;
                        h.claimed = Some(now);
                        h.account = account.map(|a| a.id);
                    }
                    // every page shows who holds the seat now
                    let _ = g.events.send(g.version);
                }
                Ok(Claim {
                    id: id.to_string(),
                    seat: g.seat_name(seat),
                    token: credential,
                })
            }
            Claimed::Spent { by, at } => Err(Failure::Taken(Taken {
                by: by.filter(|n| !n.is_empty()),
                at,
            })),
            Claimed::NotYours => Err(Failure::Forbidden(match &link.for_account {
                Some(wanted) => self.not_yours(wanted).await,
                None => "this invitation is addressed to another account".into(),
            })),
            Claimed::Expired => Err(Failure::Gone(
                "this device code has expired: make a new one on your seat's page".into(),
            )),
            Claimed::Unknown => Err(Failure::Forbidden(
                "that token is no invitation of this game".into(),
            )),
        }
    }

    /// Why an invitation addressed to account `wanted` is refused to whoever else asks.
    async fn not_yours(&self, wanted: &str) -> String {
        match self.store.account(wanted).await {
            Ok(Some(a)) if a.deleted.is_none() => format!(
                "this invitation is for the account '{}': sign in as it to take the seat",
                a.name
            ),
            _ => "this invitation was for an account that is gone".into(),
        }
    }

    /// A one-time code for `caller`'s seat of game `id`: opened on another device of the
    /// holder's within [`DEVICE_CODE_MS`], it gives that device a credential of its own.
    ///
    /// # Errors
    /// Not a seat; storage.
    pub async fn device_code(
        self: &Arc<Self>,
        id: &str,
        caller: Caller,
    ) -> Result<DeviceCode, Failure> {
        let seat = seat_of(caller)?;
        let games = self.clone();
        let id = id.to_string();
        detached(async move {
            let (_turn, slot) = games.writing(&id).await?;
            let code = tokens::new_token().map_err(Failure::Internal)?;
            let now = games.now();
            let mut link = LinkRow::new(tokens::hash(&code), seat as i64, LinkKind::Device, now);
            link.expires = Some(now + DEVICE_CODE_MS);
            let added = games.store.add_link(&id, &link).await;
            let mut g = slot.open.lock().await;
            if let Err(e) = added {
                games.lose(&id, &mut g);
                return Err(e.into());
            }
            g.links.push(link);
            Ok(DeviceCode {
                code,
                expires: now + DEVICE_CODE_MS,
            })
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked_for_length_and_characters() {
        assert_eq!(check_name("  Amherst  ").unwrap(), "Amherst");
        assert_eq!(
            check_name("Jean-Baptiste  de Lévis").unwrap(),
            "Jean-Baptiste de Lévis"
        );
        assert_eq!(check_name("O'Neil_2").unwrap(), "O'Neil_2");
        for bad in [
            "",
            "   ",
            "<b>Montcalm</b>",
            "a\u{0}b",
            "x\ny",
            "\"quoted\"",
            "a&b",
        ] {
            assert!(check_name(bad).is_err(), "{bad:?}");
        }
        assert!(check_name(&"x".repeat(MAX_NAME)).is_ok());
        assert_eq!(chrono_free(0), "1970-01-01 00:00 UTC");
        assert_eq!(chrono_free(1_796_474_400_000), "2026-12-05 12:40 UTC");
        assert!(check_name(&"x".repeat(MAX_NAME + 1)).is_err());
    }
}
