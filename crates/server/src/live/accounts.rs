//! What the games do for accounts: a seat held by an account (its session is the credential),
//! the games of an account for its "My games" and its history, "your turn" by mail (each turn,
//! or a daily digest; never while the player has the game open), the mails that verify an
//! address or reset a password, the public lobby, Glicko-2 ratings of rated games, and an
//! account deleted with its games kept under "deleted".

use super::{refusal, Caller, Failure, Games, Open};
use crate::mail::{Mail, Mailer};
use crate::store::{AccountRow, LinkKind, LinkRow, LobbyRow, RatingRow};
use crate::tokens;
use fiw_engine::Seat;
use serde_json::{json, Value};
use std::sync::Arc;

/// The kinds of game rated, and posted in the public lobby: those two people play against each
/// other (Solitaire is played against its BOT; the campaign is posted with two players, C11,
/// and one against its BOT is never rated: no account holds the BOT's seat).
pub const RATED: [&str; 4] = ["louisbourg", "d3", "skirmish", "campaign"];

impl Games {
    /// Now, by the server's clock.
    pub fn clock_ms(&self) -> i64 {
        self.now()
    }

    /// Sends mail through `mailer`, its links written with `public_url`.
    pub fn set_mailer(&self, mailer: Mailer, public_url: String) {
        let _ = self.mailer.set((mailer, public_url));
    }

    /// The WebSockets open, by game, credential and address.
    pub fn sockets(&self) -> Arc<crate::api::Sockets> {
        self.sockets.clone()
    }

    fn mail(&self, mail: Mail) {
        if self.mailer.get().is_none() {
            tracing::warn!("no --smtp: a mail was not sent");
            return;
        }
        let games = self.self_ref();
        tokio::spawn(async move {
            if let Some(g) = games.upgrade() {
                if let Some((mailer, _)) = g.mailer.get() {
                    if let Err(e) = mailer.send(mail).await {
                        tracing::warn!("a mail was not sent: {e}");
                    }
                }
            }
        });
    }

    fn mail_link(&self, path: &str) -> String {
        let base = self.mailer.get().map(|(_, u)| u.as_str()).unwrap_or("");
        format!("{}{path}", base.trim_end_matches('/'))
    }

    /// Mails `a` a link verifying `email` as its address (once, within an hour).
    ///
    /// # Errors
    /// Storage.
    pub async fn send_verification(&self, a: &AccountRow, email: &str) -> Result<(), Failure> {
        let token = tokens::new_token().map_err(Failure::Internal)?;
        let now = self.now();
        self.store
            .create_account_link(
                &tokens::hash(&token),
                &a.id,
                "verify",
                Some(email),
                now,
                now + crate::accounts::LINK_MS,
            )
            .await?;
        self.mail(Mail {
            to: email.to_string(),
            subject: "fiw: your e-mail address".into(),
            body: format!(
                "The fiw account {} gave this address. Open this link within an hour to confirm it (it works once):\n\n{}\n\nIf you did not, nothing follows: the address is not used until it is confirmed.\n",
                a.name,
                self.mail_link(&format!("/account#verify={token}"))
            ),
            unsubscribe: None,
        });
        Ok(())
    }

    /// Mails `a`, at its verified address, a link to reset its password (once, within an hour).
    ///
    /// # Errors
    /// Storage.
    pub async fn send_reset(&self, a: &AccountRow) -> Result<(), Failure> {
        let Some(email) = &a.email else { return Ok(()) };
        let token = tokens::new_token().map_err(Failure::Internal)?;
        let now = self.now();
        self.store
            .create_account_link(
                &tokens::hash(&token),
                &a.id,
                "reset",
                None,
                now,
                now + crate::accounts::LINK_MS,
            )
            .await?;
        self.mail(Mail {
            to: email.clone(),
            subject: "fiw: a new password".into(),
            body: format!(
                "Someone asked for a new password for the fiw account {}. Open this link within an hour to choose one (it works once):\n\n{}\n\nIf it was not you, do nothing: the password stays as it is.\n",
                a.name,
                self.mail_link(&format!("/account#reset={token}"))
            ),
            unsubscribe: None,
        });
        Ok(())
    }

    /// The seat of game `id` the account `account` holds.
    ///
    /// # Errors
    /// No such game; the account holds no seat of it.
    pub async fn caller_account(&self, id: &str, account: &str) -> Result<Caller, Failure> {
        let g = self.locked(id).await?;
        g.holders
            .iter()
            .find(|h| h.account.as_deref() == Some(account))
            .map(|h| Caller::Seat(h.seat as Seat))
            .ok_or_else(|| {
                Failure::Forbidden(
                    "your account holds no seat of this game (a link of it goes in an Authorization: Bearer header)"
                        .into(),
                )
            })
    }

    /// The games of `account`, newest first, as its "My games" and its history show them.
    ///
    /// # Errors
    /// Storage.
    pub async fn games_of_account(&self, account: &str) -> Result<Vec<Value>, Failure> {
        let mut out = Vec::new();
        for (id, seat) in self.store.games_of(account).await?.into_iter().take(200) {
            let Ok(g) = self.locked(&id).await else {
                continue;
            };
            out.push(g.summary(seat as Seat, self.now()));
        }
        Ok(out)
    }

    /// Deletes account `a`: its games stay, its seats under "deleted"; its sessions end; its
    /// name is free again.
    ///
    /// # Errors
    /// Storage.
    pub async fn delete_account(&self, a: &AccountRow) -> Result<(), Failure> {
        let games = self.store.games_of(&a.id).await?;
        self.store.delete_account(&a.id, self.now()).await?;
        for (id, _) in games {
            if let Some(slot) = self.cached(&id) {
                let _turn = slot.writer.lock().await;
                let mut g = slot.open.lock().await;
                for h in g
                    .holders
                    .iter_mut()
                    .filter(|h| h.account.as_deref() == Some(&a.id))
                {
                    h.name = Some("deleted".into());
                }
                let _ = g.events.send(g.version);
            }
        }
        Ok(())
    }

    /// Tells the holder of `seat` of game `id` by mail that it is their turn, if they hold it
    /// as an account that asked for it each turn, with a verified address, and have no page
    /// open on the game.
    pub(super) fn notice_your_turn(self: &Arc<Self>, id: &str, g: &Open, seat: Seat) {
        let Some(account) = g
            .holders
            .iter()
            .find(|h| h.seat as Seat == seat)
            .and_then(|h| h.account.clone())
        else {
            return;
        };
        if self.mailer.get().is_none() {
            return;
        }
        // a page open on the game as the account (its session) or with one of the seat's own
        // links (a page opened from an invitation or a device's link)
        let open = self.sockets.open_on(&format!("{id}/account:{account}")) > 0
            || g.links
                .iter()
                .filter(|l| l.seat == seat as i64 && l.kind == LinkKind::Seat)
                .any(|l| self.sockets.open_on(&l.token_hash) > 0);
        if open {
            return;
        }
        let games = self.clone();
        let (id, game) = (id.to_string(), g.row.game.clone());
        // the seat as its player knows it (a two-player campaign's by the side it commands)
        let seat_name = g.hosted.seat_name(seat);
        tokio::spawn(async move {
            let Ok(Some(a)) = games.store.account(&account).await else {
                return;
            };
            if a.notices != "turn"
                || a.email_verified.is_none()
                || a.deleted.is_some()
                || a.suspended.is_some()
            {
                return;
            }
            let Some(email) = a.email.clone() else { return };
            // the mail client's own button posts to the API (RFC 8058); the link in the text
            // opens a page that does, so a scanner that follows links unsubscribes nobody
            let unsubscribe = games.mail_link(&format!("/api/unsubscribe?key={}", a.unsubscribe));
            let page = games.mail_link(&format!("/unsubscribe?key={}", a.unsubscribe));
            games.mail(Mail {
                to: email,
                subject: format!("fiw: your turn in {}", game_name(&game)),
                body: format!(
                    "It is your decision ({seat_name}) in {}:\n\n{}\n\nTo stop these mails, open your account page, or this link: {}\n",
                    game_name(&game),
                    games.mail_link(&format!("/play/{id}")),
                    page
                ),
                unsubscribe: Some(unsubscribe),
            });
        });
    }

    /// Sends each account that asked for a daily digest, at its hour, the games awaiting its
    /// decision (none sent when none awaits). The number of mails sent.
    pub async fn send_digests(&self) -> usize {
        if self.mailer.get().is_none() {
            return 0;
        }
        let now = self.now();
        let hour = (now / 3_600_000).rem_euclid(24);
        let today = now / 86_400_000;
        let Ok(accounts) = self.store.accounts().await else {
            return 0;
        };
        let mut sent = 0;
        for a in accounts {
            if a.notices != "digest"
                || a.email_verified.is_none()
                || a.deleted.is_some()
                || a.suspended.is_some()
            {
                continue;
            }
            if a.digest_hour != hour || a.last_digest.is_some_and(|t| t / 86_400_000 == today) {
                continue;
            }
            let Some(email) = a.email.clone() else {
                continue;
            };
            let Ok(games) = self.games_of_account(&a.id).await else {
                continue;
            };
            let waiting: Vec<&Value> = games.iter().filter(|g| g["yours"] == true).collect();
            // today's digest is this server's to send only if no other server on the database
            // took it first (several servers share a PostgreSQL)
            match self
                .store
                .claim_digest(&a.id, now, today * 86_400_000)
                .await
            {
                Ok(true) => {}
                _ => continue,
            }
            if waiting.is_empty() {
                continue;
            }
            let lines: Vec<String> = waiting
                .iter()
                .map(|g| {
                    format!(
                        "- {} against {}: {}",
                        game_name(g["game"].as_str().unwrap_or("")),
                        g["opponent"].as_str().unwrap_or("?"),
                        self.mail_link(&format!("/play/{}", g["id"].as_str().unwrap_or("")))
                    )
                })
                .collect();
            let unsubscribe = self.mail_link(&format!("/api/unsubscribe?key={}", a.unsubscribe));
            let page = self.mail_link(&format!("/unsubscribe?key={}", a.unsubscribe));
            self.mail(Mail {
                to: email,
                subject: match waiting.len() {
                    1 => "fiw: a game awaits your decision".to_string(),
                    n => format!("fiw: {n} games await your decision"),
                },
                body: format!(
                    "These games await your decision:\n\n{}\n\nTo stop these mails, open your account page, or this link: {}\n",
                    lines.join("\n"),
                    page
                ),
                unsubscribe: Some(unsubscribe),
            });
            sent += 1;
        }
        sent
    }

    /// Applies the result of game `id`, just over, to its players' ratings, if it was posted
    /// rated in the lobby and both its seats are held by accounts (never against the computer,
    /// never a hot seat).
    pub(super) fn rate(self: &Arc<Self>, id: &str, g: &Open) {
        if !RATED.contains(&g.row.game.as_str()) || g.hot_seat {
            return;
        }
        let accounts: Vec<Option<String>> = (0..g.hosted.seats().len())
            .map(|s| {
                g.holders
                    .iter()
                    .find(|h| h.seat as Seat == s)
                    .and_then(|h| h.account.clone())
            })
            .collect();
        let [Some(first), Some(second)] = accounts.as_slice() else {
            return;
        };
        let Some(result) = g.result() else { return };
        let score = match result.winner.as_deref() {
            Some(w) if g.hosted.seats().first() == Some(&w) => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        let games = self.clone();
        let (id, kind, first, second) = (
            id.to_string(),
            g.row.game.clone(),
            first.clone(),
            second.clone(),
        );
        tokio::spawn(async move {
            let Ok(Some(lobby)) = games.store.lobby_entry(&id).await else {
                return;
            };
            if !lobby.rated {
                return;
            }
            let rating = |a: &str| {
                let (games, kind, a) = (games.clone(), kind.clone(), a.to_string());
                async move {
                    games
                        .store
                        .ratings(&a)
                        .await
                        .ok()
                        .and_then(|rs| rs.into_iter().find(|r| r.game == kind))
                        .unwrap_or(RatingRow {
                            game: kind,
                            rating: 1500.0,
                            deviation: 350.0,
                            volatility: 0.06,
                            games: 0,
                        })
                }
            };
            let (r1, r2) = (rating(&first).await, rating(&second).await);
            let (n1, n2) = glicko2(&r1, &r2, score);
            if let Err(e) = games
                .store
                .apply_rating(&id, games.now(), &[(first, n1), (second, n2)])
                .await
            {
                tracing::warn!("the ratings of game {id} were not applied: {e}");
            }
        });
    }

    /// Tells the lobby's pages to look again.
    pub fn lobby_changed(&self) {
        let _ = self.lobby.send(());
    }

    /// What the lobby's pages listen to.
    pub fn lobby_changes(&self) -> tokio::sync::broadcast::Receiver<()> {
        self.lobby.subscribe()
    }

    /// Posts a new game of `account` to the lobby, its seat `open` to take.
    ///
    /// # Errors
    /// Storage.
    pub async fn post_open(
        &self,
        id: &str,
        account: &str,
        open: Seat,
        rated: bool,
    ) -> Result<(), Failure> {
        self.store
            .post_open_game(&LobbyRow {
                game_id: id.to_string(),
                account_id: account.to_string(),
                seat: open as i64,
                rated,
                posted: self.now(),
            })
            .await?;
        Ok(())
    }

    /// The games open in the lobby, as everyone sees them (no secret: the game, its set-up,
    /// who posted it and their rating, the seat open).
    ///
    /// # Errors
    /// Storage.
    pub async fn open_games(&self) -> Result<Vec<Value>, Failure> {
        let mut out = Vec::new();
        for l in self.store.open_games().await? {
            let Ok(g) = self.locked(&l.game_id).await else {
                continue;
            };
            let poster = self.store.account(&l.account_id).await?;
            let rating = match &poster {
                Some(p) => self
                    .store
                    .ratings(&p.id)
                    .await?
                    .into_iter()
                    .find(|r| r.game == g.row.game)
                    .map(|r| r.rating.round()),
                None => None,
            };
            let seating: super::Seating =
                serde_json::from_str(&g.row.players).unwrap_or(super::Seating {
                    players: Vec::new(),
                    hints: false,
                    pace: None,
                    hot_seat: false,
                });
            let options: Value = serde_json::from_str(&g.row.options).unwrap_or(Value::Null);
            out.push(json!({
                "id": l.game_id,
                "game": g.row.game,
                "scenario": options.get("scenario"),
                "by": poster.map(|p| p.name),
                "rating": rating,
                "seat": g.hosted.seats().get(l.seat as usize),
                "side": g.hosted.seat_name(l.seat as Seat),
                "rated": l.rated,
                "pace": seating.pace,
                "posted": l.posted,
            }));
        }
        Ok(out)
    }

    /// Takes open game `id`'s seat for `a`: once, for the first; never the poster.
    ///
    /// # Errors
    /// No such open game (taken, closed); storage.
    pub async fn take_open(&self, id: &str, a: &AccountRow) -> Result<(String, String), Failure> {
        let (_turn, slot) = self.writing(id).await?;
        let credential = tokens::new_token().map_err(Failure::Internal)?;
        let now = self.now();
        let taken = self
            .store
            .take_open_game(id, &a.id, &a.name, &tokens::hash(&credential), now)
            .await;
        let mut g = slot.open.lock().await;
        let seat = match taken {
            Ok(Some(seat)) => seat,
            Ok(None) => {
                return Err(Failure::Refused(refusal(
                    "this game is no longer open (taken, or yours)",
                )))
            }
            Err(e) => {
                self.lose(id, &mut g);
                return Err(e.into());
            }
        };
        for l in g
            .links
            .iter_mut()
            .filter(|l| l.seat == seat && l.kind == LinkKind::Invitation && l.spent.is_none())
        {
            l.spent = Some(now);
            l.spent_by = Some(a.name.clone());
        }
        g.links.push(LinkRow::new(
            tokens::hash(&credential),
            seat,
            LinkKind::Seat,
            now,
        ));
        if let Some(h) = g.holders.iter_mut().find(|h| h.seat == seat) {
            h.name = Some(a.name.clone());
            h.claimed = Some(now);
            h.account = Some(a.id.clone());
        }
        let _ = g.events.send(g.version);
        let name = g
            .hosted
            .seats()
            .get(seat as usize)
            .copied()
            .unwrap_or("?")
            .to_string();
        Ok((name, credential))
    }
}

impl Open {
    /// What an account's "My games" says of this game for its seat `seat`.
    pub(super) fn summary(&self, seat: Seat, now: i64) -> Value {
        let seats = self.hosted.seats();
        let opponent = self
            .holders
            .iter()
            .find(|h| h.seat as Seat != seat)
            .map(|h| match (&h.name, h.claimed) {
                (_, None) => "(open)".to_string(),
                (Some(n), _) => n.clone(),
                (None, _) => format!("anonymous {}", self.hosted.seat_name(h.seat as Seat)),
            })
            .or_else(|| {
                (0..seats.len()).find(|&s| s != seat).map(|s| {
                    self.players
                        .get(s)
                        .map(|p| p.name().to_string())
                        .unwrap_or_default()
                })
            });
        let to_move = match self.over() || self.read_only.is_some() {
            true => None,
            false => self.hosted.to_move(),
        };
        json!({
            "id": self.row.id,
            "game": self.row.game,
            "seat": seats.get(seat),
            "side": self.hosted.seat_name(seat),
            "opponent": opponent,
            "turn": self.hosted.turn(),
            "to_move": to_move.and_then(|s| seats.get(s)),
            "to_move_side": to_move.map(|s| self.hosted.seat_name(s)),
            "yours": to_move == Some(seat),
            "since_last_move_ms": now - self.last_at,
            "clock": self.clocks(),
            "result": self.result(),
            "version": self.version,
        })
    }
}

pub(super) fn game_name(game: &str) -> &str {
    match game {
        "louisbourg" => "Louisbourg 1758",
        "solitaire" => "French & Indian War: Solitaire",
        "d3" => "D3 Horse & Musket",
        "skirmish" => "Skirmish",
        "campaign" => "The French & Indian War campaign",
        other => other,
    }
}

/// One rated game's Glicko-2 update: the first player scored `score` (1 a win, 0.5 a draw).
fn glicko2(a: &RatingRow, b: &RatingRow, score: f64) -> (RatingRow, RatingRow) {
    use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
    use skillratings::Outcomes;
    let ra = Glicko2Rating {
        rating: a.rating,
        deviation: a.deviation,
        volatility: a.volatility,
    };
    let rb = Glicko2Rating {
        rating: b.rating,
        deviation: b.deviation,
        volatility: b.volatility,
    };
    let outcome = if score > 0.75 {
        Outcomes::WIN
    } else if score < 0.25 {
        Outcomes::LOSS
    } else {
        Outcomes::DRAW
    };
    let (na, nb) = glicko2(&ra, &rb, &outcome, &Glicko2Config::new());
    let row = |r: Glicko2Rating, old: &RatingRow| RatingRow {
        game: old.game.clone(),
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
        games: old.games + 1,
    };
    (row(na, a), row(nb, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_winner_gains_what_the_loser_loses_at_first() {
        let fresh = |g: &str| RatingRow {
            game: g.into(),
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
            games: 0,
        };
        let (w, l) = glicko2(&fresh("louisbourg"), &fresh("louisbourg"), 1.0);
        assert!(w.rating > 1600.0 && l.rating < 1400.0, "{w:?} {l:?}");
        assert!((w.rating - 1500.0 - (1500.0 - l.rating)).abs() < 1.0);
        assert!(w.deviation < 350.0);
        assert_eq!((w.games, l.games), (1, 1));
        let (a, b) = glicko2(&fresh("d3"), &fresh("d3"), 0.5);
        assert!((a.rating - 1500.0).abs() < 1.0 && (b.rating - 1500.0).abs() < 1.0);
    }
}
