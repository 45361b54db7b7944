//! The same game again with the sides swapped, once one is over (or no longer replays under
//! the current rules). The first seat to ask makes the new game; the others join it. The
//! seats follow the claims: each holder of the finished game holds the swapped seat of the
//! rematch, under the same name, with no new invitation; a seat never taken gets one.

use super::change::detached;
use super::{refusal, seat_of, Caller, Event, Failure, Games, Seating};
use crate::store::{GameRow, HolderRow, LinkKind, LinkRow};
use crate::tokens;
use fiw_engine::Seat;
use fiw_host::hosted::rebuild;
use serde::Serialize;
use std::collections::HashMap;
use std::sync::Arc;

/// A seat's place in a rematch.
#[derive(Clone, Debug, Serialize)]
pub struct Rematch {
    /// The new game's id.
    pub id: String,
    /// The seat this caller plays there.
    pub seat: String,
    /// Its token: a credential of this device's own.
    pub token: String,
    /// In a hot seat, every seat's token (the caller holds them all), by seat name.
    pub seats: Vec<(String, String)>,
    /// The invitations of the seats no one had taken in the finished game, for the seat that
    /// made the rematch (as the creator had them), by seat name.
    pub invitations: Vec<(String, String)>,
    /// The spectators' token.
    pub spectator: String,
}

impl Games {
    /// `caller`'s seat in the rematch of game `id` (over, or read-only), with the sides
    /// swapped: the first seat to ask makes the new game, the others join it; each asking
    /// device is given a credential of its own for its holder's seat there. The spectators'
    /// link is random and kept with the rematch. Runs in a task a dropped request does not
    /// stop.
    ///
    /// # Errors
    /// Not a seat; the game is not over; storage.
    pub async fn rematch(self: &Arc<Self>, id: &str, caller: Caller) -> Result<Rematch, Failure> {
        let games = self.clone();
        let id = id.to_string();
        detached(async move { games.rematch_now(&id, caller).await }).await
    }

    async fn rematch_now(self: &Arc<Self>, id: &str, caller: Caller) -> Result<Rematch, Failure> {
        let seat = seat_of(caller)?;
        let (row, players, holders, hot_seat) = {
            let g = self.locked(id).await?;
            if !g.over() && g.read_only.is_none() {
                return Err(Failure::Refused(refusal(
                    "a rematch is for a game that is over",
                )));
            }
            let holders: HashMap<Seat, HolderRow> = g
                .holders
                .iter()
                .map(|h| (h.seat as Seat, h.clone()))
                .collect();
            (g.row.clone(), g.players.clone(), holders, g.hot_seat)
        };
        let broken = |e: fiw_host::HostError| Failure::Internal(e.to_string());
        let options: serde_json::Value =
            serde_json::from_str(&row.options).map_err(|e| Failure::Internal(e.to_string()))?;
        let (options, swap) = fiw_host::hosted::rematch(&row.game, &options).map_err(broken)?;
        let n = players.len();
        let new_seat = |s: Seat| if swap { n - 1 - s } else { s };
        let mut swapped = players.clone();
        for (s, p) in players.iter().enumerate() {
            swapped[new_seat(s)] = *p;
        }
        let mine = new_seat(seat);
        let now = self.now();
        let mut invitations = Vec::new();
        let rematch_id = match self.store.rematch_of(id).await? {
            Some(r) => r,
            None => {
                let new_id = tokens::new_id().map_err(Failure::Internal)?;
                let seed = fiw_engine::secret_seed();
                // the options must make a game before anything is stored
                let hosted = rebuild(&row.game, &options, seed).map_err(broken)?;
                let seating: Seating = serde_json::from_str(&row.players)
                    .map_err(|e| Failure::Internal(e.to_string()))?;
                let new_row = GameRow {
                    id: new_id.clone(),
                    game: row.game.clone(),
                    options: options.to_string(),
                    seed,
                    players: serde_json::to_string(&Seating {
                        players: swapped.iter().map(|p| p.name().to_string()).collect(),
                        hints: seating.hints,
                        pace: seating.pace,
                        hot_seat,
                    })
                    .unwrap_or_default(),
                    version: 0,
                    created: now,
                    finished: None,
                    rules: hosted.rules_version(),
                };
                // the holders follow their seats across; a seat never taken is invited anew
                let mut new_holders = Vec::new();
                let mut links = Vec::new();
                for (old, h) in &holders {
                    let s = new_seat(*old);
                    new_holders.push(HolderRow {
                        seat: s as i64,
                        name: h.name.clone(),
                        claimed: h.claimed.map(|_| now),
                        account: h.account.clone(),
                    });
                    if h.claimed.is_none() {
                        let token = tokens::new_token().map_err(Failure::Internal)?;
                        links.push(LinkRow::new(
                            tokens::hash(&token),
                            s as i64,
                            LinkKind::Invitation,
                            now,
                        ));
                        let name = hosted.seats().get(s).copied().unwrap_or("?");
                        invitations.push((name.to_string(), token));
                    }
                }
                new_holders.sort_by_key(|h| h.seat);
                // random, as every game's: a link made from the seed would let whoever holds
                // it test guesses of the seed
                let spectator = tokens::new_token().map_err(Failure::Internal)?;
                links.push(LinkRow::new(
                    tokens::hash(&spectator),
                    -1,
                    LinkKind::Spectators,
                    now,
                ));
                let made = self
                    .store
                    .create_rematch(id, &new_row, &new_holders, &links, &spectator)
                    .await?;
                if made != new_id {
                    // the other seat made it first: its invitations are its own
                    invitations.clear();
                }
                made
            }
        };
        let spectator =
            self.store.rematch_spectator(id).await?.ok_or_else(|| {
                Failure::Internal("the rematch's spectators' link is missing".into())
            })?;
        // this device's own credentials there: its seat's, or every seat's in a hot seat
        let held: Vec<Seat> = match hot_seat {
            true => holders.keys().map(|&s| new_seat(s)).collect(),
            false => vec![mine],
        };
        let mut seats = Vec::new();
        let (seat_name, token) = {
            let (_turn, slot) = self.writing(&rematch_id).await?;
            let mut token = String::new();
            for s in held {
                let credential = tokens::new_token().map_err(Failure::Internal)?;
                let link = LinkRow::new(tokens::hash(&credential), s as i64, LinkKind::Seat, now);
                let added = self.store.add_link(&rematch_id, &link).await;
                let mut g = slot.open.lock().await;
                if let Err(e) = added {
                    self.lose(&rematch_id, &mut g);
                    return Err(e.into());
                }
                g.links.push(link);
                let name = g.hosted.seats().get(s).copied().unwrap_or("?").to_string();
                if s == mine {
                    token = credential.clone();
                }
                seats.push((name, credential));
            }
            let g = slot.open.lock().await;
            let seat_name = g
                .hosted
                .seats()
                .get(mine)
                .copied()
                .unwrap_or("?")
                .to_string();
            (seat_name, token)
        };
        {
            let (_turn, slot) = self.writing(id).await?;
            let mut g = slot.open.lock().await;
            if g.rematch.is_none() {
                g.rematch = Some(rematch_id.clone());
                let _ = g.events.send(g.version);
                // the other people of the game hear of it where they asked to
                for s in (0..g.hosted.seats().len()).filter(|&s| s != seat && g.human(s)) {
                    let payload = g.payload(s, Event::Rematch);
                    self.deliver(id, s, payload);
                }
            }
        }
        self.wake(&rematch_id);
        Ok(Rematch {
            id: rematch_id,
            seat: seat_name,
            token,
            seats: if hot_seat { seats } else { Vec::new() },
            invitations,
            spectator,
        })
    }
}
