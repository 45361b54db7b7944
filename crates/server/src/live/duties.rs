//! What the server does for a game on its own, beside its players' requests: it runs the
//! seats' clocks and ends a game whose clock runs out, and it tells each seat by its webhook
//! when the decision becomes its own, when the game ends, and when a note or a resignation
//! arrives. With several servers on one PostgreSQL only the one holding the game's lock does
//! these ([`super::cluster`]); alone, a server does them for every game.

use super::pace::{Banks, Pace};
use super::{refusal, seat_of, Caller, Failure, Games, Open};
use crate::clock::{Clock, SystemClock};
use crate::store::{EntryRow, WebhookRow};
use crate::webhook::{self, Payload};
use fiw_engine::Seat;
use fiw_host::seats::Player;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock, Weak};
use std::time::Duration;
use tokio::sync::Notify;

/// How the server does its duties.
#[derive(Clone)]
pub struct Duties {
    /// Where the time comes from (a test sets its own).
    pub clock: Arc<dyn Clock>,
    /// How webhooks are sent.
    pub webhooks: webhook::Policy,
    /// How often a server on a shared PostgreSQL looks for games no server holds and for
    /// games it holds whose stored version is ahead.
    pub scan: Duration,
}

impl Default for Duties {
    fn default() -> Self {
        Duties {
            clock: Arc::new(SystemClock),
            webhooks: webhook::Policy::default(),
            scan: Duration::from_secs(2),
        }
    }
}

/// What a seat's webhook is told of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// The decision has become the seat's.
    YourTurn,
    /// The game is over.
    GameOver,
    /// Another seat resigned (the game is over).
    Resign,
    /// Another seat asked for a rematch (the old game's page shows the new game).
    Rematch,
}

impl Event {
    /// The event's name in the payload.
    pub fn name(self) -> &'static str {
        match self {
            Event::YourTurn => "your_turn",
            Event::GameOver => "game_over",
            Event::Resign => "resign",
            Event::Rematch => "rematch",
        }
    }
}

/// The duties' state in a server.
pub(super) struct Running {
    pub(super) clock: Arc<dyn Clock>,
    pub(super) scan: Duration,
    sender: Arc<webhook::Sender>,
    /// The address the pages are reached at, which a Discord webhook's link is written with.
    public_url: OnceLock<String>,
    pub(super) cluster: OnceLock<super::cluster::Cluster>,
    /// When the clock of each game this server holds runs out.
    deadlines: std::sync::Mutex<HashMap<String, i64>>,
    /// Wakes the clocks' task when a deadline changes.
    poke: Arc<Notify>,
    ticking: AtomicBool,
}

impl Running {
    pub(super) fn new(duties: Duties) -> Running {
        Running {
            clock: duties.clock,
            scan: duties.scan,
            sender: Arc::new(webhook::Sender::new(duties.webhooks)),
            public_url: OnceLock::new(),
            cluster: OnceLock::new(),
            deadlines: std::sync::Mutex::new(HashMap::new()),
            poke: Arc::new(Notify::new()),
            ticking: AtomicBool::new(false),
        }
    }
}

/// A game's duties: its clocks, whether a seat ran out of time, and what the seats were last
/// told.
#[derive(Default)]
pub struct GameDuties {
    pub(super) banks: Option<Banks>,
    pub(super) timed_out: Option<Seat>,
    /// The seat deciding and whether the game was over, when the seats were last told.
    told: (Option<Seat>, bool),
}

impl GameDuties {
    /// A game's duties from its start: full banks, the first decider's running from `start`.
    pub(super) fn new(
        pace: Option<Pace>,
        players: &[Player],
        decider: Option<Seat>,
        start: i64,
        clock: &Arc<dyn Clock>,
    ) -> GameDuties {
        let clocked: Vec<bool> = players.iter().map(|p| *p == Player::Human).collect();
        GameDuties {
            banks: pace.map(|p| Banks::new(p, &clocked, decider, start, clock.clone())),
            timed_out: None,
            told: (decider, false),
        }
    }

    /// The clocks past an entry of `kind` made at `at`, after which `decider` decides.
    pub(super) fn after(&mut self, kind: &str, decider: Option<Seat>, at: i64) {
        if let Some(b) = self.banks.as_mut() {
            b.after(kind == "action", decider, at);
        }
    }
}

impl Open {
    /// The seat deciding now, if the game is not over.
    pub(super) fn decider(&self) -> Option<Seat> {
        match self.over() {
            true => None,
            false => self.hosted.to_move(),
        }
    }

    /// The seat that ran out of time, if one did.
    pub(super) fn timed_out(&self) -> Option<Seat> {
        self.duties.timed_out
    }

    /// The seats' clocks, for the views.
    pub(super) fn clocks(&self) -> Option<super::pace::Clocks> {
        self.duties
            .banks
            .as_ref()
            .map(|b| b.shown(self.hosted.seats()))
    }

    /// Forgets what the seats were told: the game as it stands is what they know (a game
    /// just read from the database).
    pub(super) fn told_now(&mut self) {
        self.duties.told = (self.decider(), self.over());
    }

    fn outcome_words(&self) -> String {
        match self.result() {
            Some(e) => match e.winner {
                Some(w) => format!("the game is over, won by {w}: {}", e.reason),
                None => format!("the game is over, drawn: {}", e.reason),
            },
            None => "the game is over".into(),
        }
    }

    pub(super) fn payload(&self, seat: Seat, event: Event) -> Payload {
        let seats = self.hosted.seats();
        let name = seats.get(seat).copied().unwrap_or("?");
        let text = match event {
            Event::YourTurn => format!(
                "{}: it is your decision ({})",
                self.row.game,
                self.hosted.seat_name(seat)
            ),
            Event::GameOver => format!("{}: {}", self.row.game, self.outcome_words()),
            Event::Resign => format!(
                "{}: the other side resigned; {}",
                self.row.game,
                self.outcome_words()
            ),
            Event::Rematch => format!(
                "{}: the other side asks for a rematch, sides swapped",
                self.row.game
            ),
        };
        Payload {
            game_id: self.row.id.clone(),
            game: self.row.game.clone(),
            event: event.name().to_string(),
            seat: name.to_string(),
            version: self.version,
            link: format!("/play/{}", self.row.id),
            text,
        }
    }

    pub(super) fn human(&self, seat: Seat) -> bool {
        self.players.get(seat) == Some(&Player::Human) && self.hosted.rules_seat(seat).is_none()
    }
}

impl Games {
    /// Now, by the server's clock.
    pub(super) fn now(&self) -> i64 {
        self.duties.clock.now_ms()
    }

    /// The address the server's pages are reached at (`--public-url`, or the listening
    /// address): the links of webhooks sent in Discord's format are written with it.
    pub fn set_public_url(&self, url: String) {
        let _ = self.duties.public_url.set(url);
    }

    /// Registers the webhook of `caller`'s seat in game `id` (replacing one it had), once its
    /// address is checked, sent in `format` (`fiw`, `discord`; by default Discord's for a
    /// Discord webhook's address, fiw's otherwise).
    ///
    /// # Errors
    /// Not a seat; an address or a format refused.
    pub async fn set_webhook(
        &self,
        id: &str,
        caller: Caller,
        url: &str,
        format: Option<&str>,
    ) -> Result<WebhookRow, Failure> {
        let seat = seat_of(caller)? as i64;
        self.game(id).await?;
        let format = format
            .map(webhook::Format::named)
            .transpose()
            .map_err(|e| Failure::Refused(refusal(e)))?;
        let policy = self.duties.sender.policy();
        let url = webhook::check(url, policy.allow_loopback)
            .await
            .map_err(|e| Failure::Refused(refusal(e)))?;
        let format = format.unwrap_or_else(|| webhook::Format::default_for(&url));
        self.store
            .set_webhook(id, seat, url.as_str(), format.name(), self.now())
            .await?;
        self.store
            .webhook(id, seat)
            .await?
            .ok_or_else(|| Failure::Internal("the webhook just stored is not there".into()))
    }

    /// The webhook of `caller`'s seat, and how its last delivery went.
    ///
    /// # Errors
    /// Not a seat.
    pub async fn webhook(&self, id: &str, caller: Caller) -> Result<Option<WebhookRow>, Failure> {
        let seat = seat_of(caller)? as i64;
        Ok(self.store.webhook(id, seat).await?)
    }

    /// Removes the webhook of `caller`'s seat; whether it had one.
    ///
    /// # Errors
    /// Not a seat.
    pub async fn delete_webhook(&self, id: &str, caller: Caller) -> Result<bool, Failure> {
        let seat = seat_of(caller)? as i64;
        Ok(self.store.delete_webhook(id, seat).await?)
    }

    /// Posts `payload` to the seat's webhook, trying again after a wait that grows, and keeps
    /// how it went.
    pub(super) fn deliver(&self, id: &str, seat: Seat, payload: Payload) {
        let (store, sender, clock) = (
            self.store.clone(),
            self.duties.sender.clone(),
            self.duties.clock.clone(),
        );
        let base = self.duties.public_url.get().cloned().unwrap_or_default();
        let id = id.to_string();
        tokio::spawn(async move {
            let Ok(Some(hook)) = store.webhook(&id, seat as i64).await else {
                return;
            };
            // a format this build does not know (stored by a newer one) is sent fiw's own
            let format = webhook::Format::named(&hook.format).unwrap_or(webhook::Format::Fiw);
            let body = format.body(&payload, super::accounts::game_name(&payload.game), &base);
            let policy = sender.policy();
            let mut wait = policy.backoff;
            let mut error = None;
            for attempt in 0..policy.tries.max(1) {
                if attempt > 0 {
                    tokio::time::sleep(wait).await;
                    wait = wait.saturating_mul(4);
                }
                match sender.send_body(&hook.url, body.clone()).await {
                    Ok(()) => {
                        error = None;
                        break;
                    }
                    Err(e) => error = Some(e),
                }
            }
            let went = store
                .webhook_went(
                    &id,
                    seat as i64,
                    &hook.url,
                    error.as_deref(),
                    clock.now_ms(),
                )
                .await;
            if let Err(e) = went {
                tracing::warn!("cannot keep how a webhook of game {id} went: {e}");
            }
        });
    }

    /// After a change committed here (`entry`): the clocks move on, the other servers hear
    /// of it, and if this server holds the game, the seats are told and its clock is set.
    pub(super) fn committed(self: &Arc<Self>, id: &str, g: &mut Open, entry: &EntryRow) {
        let decider = g.decider();
        g.duties.after(&entry.kind, decider, entry.at);
        if g.holders.iter().any(|h| h.account.is_some()) {
            // an account's "My games" moves on, on every device
            self.lobby_changed();
        }
        self.announce(id, g.version);
        self.moved_on(id, g, Some(entry.seat as Seat));
    }

    /// The game has moved on (by this server or another; `by` made the last change): the
    /// seats are told what they have not been, and the game's clock is set.
    pub(super) fn moved_on(self: &Arc<Self>, id: &str, g: &mut Open, by: Option<Seat>) {
        let now = (g.decider(), g.over());
        let before = std::mem::replace(&mut g.duties.told, now);
        if self.owns_now(id) {
            let humans = (0..g.hosted.seats().len()).filter(|&s| g.human(s));
            let mut events = Vec::new();
            if now.1 && !before.1 {
                self.rate(id, g);
                match g.resigned {
                    Some(r) => {
                        events.extend(humans.filter(|&s| s != r).map(|s| (s, Event::Resign)))
                    }
                    None => events.extend(humans.map(|s| (s, Event::GameOver))),
                }
            } else if let Some(s) = now.0 {
                if before.0 != Some(s) && by != Some(s) && g.human(s) {
                    events.push((s, Event::YourTurn));
                }
            }
            for (s, event) in events {
                if event == Event::YourTurn {
                    self.notice_your_turn(id, g, s);
                }
                let payload = g.payload(s, event);
                self.deliver(id, s, payload);
            }
        }
        self.arm(id, g);
    }

    /// Sets the clock of game `id` if this server holds it and a seat's clock runs; lets the
    /// game go once it is over.
    pub(super) fn arm(self: &Arc<Self>, id: &str, g: &Open) {
        if g.over() {
            self.release(id);
        }
        let deadline = match g.over() {
            true => None,
            false => g.duties.banks.as_ref().and_then(Banks::deadline),
        };
        if let Ok(mut map) = self.duties.deadlines.lock() {
            match deadline {
                Some((_, at)) if self.owns_now(id) => map.insert(id.to_string(), at),
                _ => map.remove(id),
            };
        }
        self.duties.poke.notify_one();
        if deadline.is_some() && !self.duties.ticking.swap(true, Ordering::SeqCst) {
            tokio::spawn(tick(Arc::downgrade(self)));
        }
    }

    /// Ends game `id` if the clock of the seat deciding has run out (an entry of its own, so
    /// that the game replays to the same end), for `caller`'s request; the caller holds the
    /// game's turn.
    ///
    /// # Errors
    /// Storage; a stale version (another server ended it or moved on first), with the fresh
    /// view of `caller`: never the view of the seat that ran out, which may be another.
    pub(super) async fn ran_out(
        self: &Arc<Self>,
        id: &str,
        slot: &super::Slot,
        caller: Caller,
    ) -> Result<(), Failure> {
        let taken = {
            let g = slot.open.lock().await;
            if g.over() || g.read_only.is_some() {
                return Ok(());
            }
            let Some(seat) = g.duties.banks.as_ref().and_then(Banks::ran_out) else {
                return Ok(());
            };
            g.prepared(super::change::Taken::timeout(seat))
        };
        match self.commit(id, slot, taken).await {
            Err(Failure::Stale(_)) => {
                Err(Failure::Stale(Box::new(self.show(id, caller, 0).await?)))
            }
            done => done,
        }
    }

    async fn expire(self: &Arc<Self>, id: &str) {
        let Ok((_turn, slot)) = self.writing(id).await else {
            return;
        };
        if !self.owns_now(id) {
            return;
        }
        match self.ran_out(id, &slot, Caller::Spectator).await {
            Ok(()) => self.arm(id, &*slot.open.lock().await),
            Err(Failure::Stale(_)) => {}
            Err(e) => tracing::warn!("cannot end game {id} on time: {}", super::describe(&e)),
        }
    }

    /// Takes up game `id`'s duties if this server may (alone, or holding its lock): its clock
    /// is set; whether it did.
    pub(super) async fn take_up(self: &Arc<Self>, id: &str) -> bool {
        if !self.claim_duties(id).await {
            return false;
        }
        if let Ok(g) = self.locked(id).await {
            self.arm(id, &g);
        }
        true
    }

    /// Whether game `id`'s clock is set on this server (its game stays in memory).
    pub(super) fn has_deadline(&self, id: &str) -> bool {
        self.duties
            .deadlines
            .lock()
            .map(|m| m.contains_key(id))
            .unwrap_or(true)
    }

    /// Brings game `id` in memory up to `version` with the entries another server committed;
    /// its pages hear of it, and this server does what falls to it.
    pub(super) async fn catch_up(self: &Arc<Self>, id: &str, version: u64) {
        let Some(slot) = self.cached(id) else {
            // not in memory: read when next asked for; its duties, if they are ours, go on
            if self.owns_now(id) {
                self.wake(id);
            }
            return;
        };
        // another server's entries are a change like any: in turn with this server's own
        let _turn = slot.writer.lock().await;
        let from = {
            let g = slot.open.lock().await;
            if g.gone || g.read_only.is_some() || g.version >= version {
                return;
            }
            g.version
        };
        let entries = match self.store.entries_after(id, from).await {
            Ok(e) => e,
            Err(e) => {
                tracing::warn!("cannot catch game {id} up: {e}");
                return;
            }
        };
        let mut g = slot.open.lock().await;
        if g.gone || g.version != from {
            return;
        }
        let mut by = None;
        for e in &entries {
            if e.version != g.version + 1 || super::stored::apply(&mut g, e).is_err() {
                // not what this game in memory can follow: it is read again when next asked for
                self.lose(id, &mut g);
                return;
            }
            by = Some(e.seat as Seat);
        }
        if by.is_some() {
            let v = g.version;
            let _ = g.events.send(v);
            self.moved_on(id, &mut g, by);
        }
        drop(g);
        self.wake(id);
    }

    /// The ids of the games in memory.
    pub(super) fn cached_ids(&self) -> Vec<String> {
        self.open
            .lock()
            .map(|m| m.keys().cloned().collect())
            .unwrap_or_default()
    }
}

/// Ends the games whose clocks run out, each at its time.
async fn tick(games: Weak<Games>) {
    loop {
        let Some(g) = games.upgrade() else { return };
        let next = g.duties.deadlines.lock().ok().and_then(|m| {
            m.iter()
                .min_by_key(|(_, at)| **at)
                .map(|(id, at)| (id.clone(), *at))
        });
        let (clock, poke) = (g.duties.clock.clone(), g.duties.poke.clone());
        match next {
            Some((id, at)) if at <= clock.now_ms() => {
                if let Ok(mut m) = g.duties.deadlines.lock() {
                    m.remove(&id);
                }
                g.expire(&id).await;
            }
            Some((_, at)) => {
                drop(g);
                tokio::select! {
                    _ = clock.wait_until(at) => {}
                    _ = poke.notified() => {}
                }
            }
            None => {
                drop(g);
                // looks again now and then, so that the task ends with its server
                let _ = tokio::time::timeout(Duration::from_secs(60), poke.notified()).await;
            }
        }
    }
}
