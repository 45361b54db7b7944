//! The same game again with the sides swapped, once one is over (or no longer replays under
//! the current rules). The first seat to ask makes the new game; the others join it.

use super::change::detached;
use super::{refusal, seat_of, Caller, Event, Failure, Games, Seating};
use crate::store::{GameRow, SeatRow};
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
    /// Its token.
    pub token: String,
    /// The spectators' token.
    pub spectator: String,
}

impl Games {
    /// `caller`'s seat in the rematch of game `id` (over, or read-only), with the sides
    /// swapped: the first seat to ask makes the new game, the others join it, each with a
    /// link made from its link here (`token`), so asking again gives the same link. The
    /// spectators' link is random and kept with the rematch. Runs in a task a dropped request
    /// does not stop.
    ///
    /// # Errors
    /// Not a seat; the game is not over; storage.
    pub async fn rematch(
        self: &Arc<Self>,
        id: &str,
        caller: Caller,
        token: &str,
    ) -> Result<Rematch, Failure> {
        let games = self.clone();
        let (id, token) = (id.to_string(), token.to_string());
        detached(async move { games.rematch_now(&id, caller, &token).await }).await
    }

    async fn rematch_now(
        self: &Arc<Self>,
        id: &str,
        caller: Caller,
        token: &str,
    ) -> Result<Rematch, Failure> {
        let seat = seat_of(caller)?;
        let (row, players, names) = {
            let g = self.locked(id).await?;
            if !g.over() && g.read_only.is_none() {
                return Err(Failure::Refused(refusal(
                    "a rematch is for a game that is over",
                )));
            }
            let names: HashMap<Seat, String> = g
                .seats
                .iter()
                .filter_map(|s| Some((s.seat as Seat, s.name.clone()?)))
                .collect();
            (g.row.clone(), g.players.clone(), names)
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
                    })
                    .unwrap_or_default(),
                    version: 0,
                    created: self.now(),
                    finished: None,
                    rules: hosted.rules_version(),
                };
                // random, as every game's: a link made from the seed would let whoever holds
                // it test guesses of the seed
                let spectator = tokens::new_token().map_err(Failure::Internal)?;
                // the caller's own seat is added below, as a seat that joins is
                let spectators = SeatRow {
                    seat: -1,
                    token_hash: tokens::hash(&spectator),
                    name: None,
                };
                self.store
                    .create_rematch(id, &new_row, &[spectators], &spectator)
                    .await?
            }
        };
        let spectator =
            self.store.rematch_spectator(id).await?.ok_or_else(|| {
                Failure::Internal("the rematch's spectators' link is missing".into())
            })?;
        let mine_token = tokens::derived("rematch", token, &rematch_id);
        let stored = self
            .store
            .add_seat(
                &rematch_id,
                &SeatRow {
                    seat: mine as i64,
                    token_hash: tokens::hash(&mine_token),
                    name: names.get(&seat).cloned(),
                },
            )
            .await?;
        if !tokens::matches(&mine_token, &stored.token_hash) {
            return Err(Failure::Forbidden(
                "that seat of the rematch has another link already".into(),
            ));
        }
        let seat_name = {
            let mut g = self.locked(&rematch_id).await?;
            if !g.seats.iter().any(|s| s.seat == stored.seat) {
                g.seats.push(stored);
            }
            g.hosted
                .seats()
                .get(mine)
                .copied()
                .unwrap_or("?")
                .to_string()
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
            token: mine_token,
            spectator,
        })
    }
}
