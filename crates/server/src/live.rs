//! The games in use: each rebuilt by replay from the database when first asked for, then kept
//! in memory behind its own lock. Every change (an action, an undo, a resignation) is taken on
//! the game in memory, appended to the database in one transaction guarded by the version the
//! client saw, and only then answered and announced to the game's open pages. A change the
//! database does not take (another server appended first, the database failed) drops the
//! game from memory, so it is rebuilt from what was committed.

pub mod cluster;
mod duties;
pub mod pace;

pub use duties::{Duties, Event, GameDuties};

use crate::store::{Appended, EntryRow, GameRow, SeatRow, Store, StoreError};
use crate::tokens;
use fiw_engine::Seat;
use fiw_host::hosted::{rebuild, start, Ending, Hint, Hosted, Refusal, SeatView};
use fiw_host::seats::{AiBudget, Player};
use fiw_host::SetupFlags;
use serde::Serialize;
use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::{broadcast, Mutex};

/// Who is asking: a seat's link, or the spectators' link.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Caller {
    /// A human seat.
    Seat(Seat),
    /// Someone watching.
    Spectator,
}

/// Why a request was not done, as the API answers it.
#[derive(Debug)]
pub enum Failure {
    /// No such game.
    NotFound,
    /// No token, or one that is no link of this game.
    Forbidden(String),
    /// The request is wrong (a refusal of the rules carries its rule).
    Refused(Refusal),
    /// The game had moved on from the version the client saw: the fresh view.
    Stale(Box<Shown>),
    /// The database or the server failed.
    Internal(String),
}

impl From<StoreError> for Failure {
    fn from(e: StoreError) -> Self {
        Failure::Internal(e.to_string())
    }
}

/// What a caller is shown: the version and the seat's view (or the spectators' one).
#[derive(Clone, Debug, Serialize)]
pub struct Shown {
    /// The number of entries so far: send it back with the next change.
    pub version: u64,
    /// The game's id.
    pub id: String,
    /// Who plays each seat (`human`, `ai`, …), by seat name.
    pub players: Vec<(String, String)>,
    /// A seat's view, for a seat's link.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub view: Option<SeatView>,
    /// What spectators are shown: the public log and the state of play.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub public: Option<Public>,
    /// Each seat's clock, in a game with a time control.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<pace::Clocks>,
    /// This seat's private notes, for a seat's link only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
    /// The id of the game this one is played again as, once a seat asked for a rematch.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rematch: Option<String>,
}

impl Shown {
    /// The log lines this message brings the page to (what to ask `since` next time).
    pub fn log_end(&self) -> usize {
        match (&self.view, &self.public) {
            (Some(v), _) => v.log_start + v.log.len(),
            (None, Some(p)) => p.log_start + p.log.len(),
            (None, None) => 0,
        }
    }
}

/// The spectators' view: what no seat's secret is in.
#[derive(Clone, Debug, Serialize)]
pub struct Public {
    /// The game's name.
    pub game: String,
    /// The seat to decide.
    pub to_move: Option<String>,
    /// The public lines before [`Public::log`].
    pub log_start: usize,
    /// The public log lines from `log_start` on.
    pub log: Vec<String>,
    /// How it ended.
    pub outcome: Option<Ending>,
}

/// A game in memory.
pub struct Open {
    row: GameRow,
    hosted: Box<dyn Hosted>,
    players: Vec<Player>,
    seats: Vec<SeatRow>,
    version: u64,
    resigned: Option<Seat>,
    /// Whether seats may ask for a hint.
    hints: bool,
    /// Each seat's private notes.
    notes: HashMap<Seat, String>,
    /// The game this one is played again as.
    rematch: Option<String>,
    thinking: bool,
    events: broadcast::Sender<u64>,
    /// Its clocks and what its seats were told.
    duties: GameDuties,
}

impl Open {
    /// A game not stored anywhere, for tests of what each caller is shown.
    pub fn unstored(hosted: Box<dyn Hosted>, players: Vec<Player>) -> Open {
        Open {
            row: GameRow {
                id: "test".into(),
                game: hosted.game().to_string(),
                options: String::new(),
                seed: 0,
                players: String::new(),
                version: 0,
                created: 0,
                finished: None,
            },
            hosted,
            players,
            seats: Vec::new(),
            version: 0,
            resigned: None,
            hints: false,
            notes: HashMap::new(),
            rematch: None,
            thinking: false,
            events: broadcast::channel(1).0,
            duties: GameDuties::default(),
        }
    }

    /// The game, to play it in tests.
    pub fn hosted_mut(&mut self) -> &mut dyn Hosted {
        self.hosted.as_mut()
    }

    /// Whether the game is over (by the rules or by a resignation).
    fn over(&self) -> bool {
        self.resigned.is_some() || self.timed_out().is_some() || self.hosted.outcome().is_some()
    }

    fn ending(&self) -> Option<Ending> {
        let seats = self.hosted.seats();
        let lost = (self.resigned.map(|s| (s, "resigned")))
            .or_else(|| self.timed_out().map(|s| (s, "ran out of time")));
        if let Some((loser, why)) = lost {
            let winner = (0..seats.len()).find(|&s| s != loser);
            return Some(Ending {
                winner: winner.map(|s| seats[s].to_string()),
                turn: self.hosted.turn(),
                reason: format!("the {} side {why}", seats[loser]),
            });
        }
        None
    }

    /// How the game ended, by a resignation, a clock or the rules; None while it goes on.
    fn result(&self) -> Option<Ending> {
        let seats = self.hosted.seats();
        self.ending().or_else(|| {
            self.hosted.outcome().map(|o| Ending {
                winner: o
                    .winner
                    .map(|w| seats.get(w).copied().unwrap_or("?").to_string()),
                turn: o.turn,
                reason: o.reason,
            })
        })
    }

    /// What `caller` is shown, with the log lines from line `since` on: every message of the
    /// server to a page is one of these.
    pub fn shown(&self, caller: Caller, since: usize) -> Shown {
        let seats = self.hosted.seats();
        let players = seats
            .iter()
            .zip(&self.players)
            .enumerate()
            .map(|(s, (name, p))| {
                let who = self.hosted.rules_seat(s).unwrap_or(p.name());
                (name.to_string(), who.to_string())
            })
            .collect();
        let mut shown = Shown {
            version: self.version,
            id: self.row.id.clone(),
            players,
            view: None,
            public: None,
            clock: self.clocks(),
            notes: None,
            rematch: self.rematch.clone(),
        };
        match caller {
            Caller::Seat(seat) => {
                shown.notes = Some(self.notes.get(&seat).cloned().unwrap_or_default());
                let mut v = self.hosted.seat_view(seat, since);
                if let Some(end) = self.ending() {
                    v.outcome = Some(end);
                    v.to_move = None;
                    v.actions.clear();
                    v.can_undo = false;
                }
                shown.view = Some(v);
            }
            Caller::Spectator => {
                let outcome = self.result();
                let (log_start, log) = self.hosted.public_log(since);
                shown.public = Some(Public {
                    game: self.row.game.clone(),
                    to_move: match self.over() {
                        true => None,
                        false => self.hosted.to_move().map(|s| seats[s].to_string()),
                    },
                    log_start,
                    log,
                    outcome,
                });
            }
        }
        shown
    }
}

/// A new game as the API asks for it.
#[derive(Clone, Debug)]
pub struct NewGame {
    /// The game's name.
    pub game: String,
    /// Set-up choices.
    pub setup: SetupFlags,
    /// Who plays each seat, by seat name; a seat not named is human.
    pub players: HashMap<String, String>,
    /// Names of the players, by seat name.
    pub names: HashMap<String, String>,
    /// Whether the seats may ask the AI for advice when every seat is human (a game option
    /// both see: otherwise a built-in cheat). Against the computer it is always allowed.
    pub hints: bool,
    /// The time control, if any.
    pub pace: Option<pace::Pace>,
}

/// A game just made: its id and each human seat's token, and the spectators'.
#[derive(Clone, Debug, Serialize)]
pub struct Made {
    /// The id.
    pub id: String,
    /// Each human seat's token, by seat name.
    pub seats: Vec<(String, String)>,
    /// The spectators' token.
    pub spectator: String,
}

/// How long a computer seat thinks, at most.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The `ai` seats' budget.
    pub ai: AiBudget,
}

/// The games in use and the database.
pub struct Games {
    store: Store,
    open: std::sync::Mutex<HashMap<String, Arc<Mutex<Open>>>>,
    limits: Limits,
    duties: duties::Running,
}

impl Games {
    /// The games kept in `store`.
    pub fn new(store: Store, limits: Limits) -> Arc<Games> {
        Games::with_duties(store, limits, Duties::default())
    }

    /// The games kept in `store`, their clocks run by `duties.clock` and their webhooks sent
    /// by `duties.webhooks`.
    pub fn with_duties(store: Store, limits: Limits, duties: Duties) -> Arc<Games> {
        Arc::new(Games {
            store,
            open: std::sync::Mutex::new(HashMap::new()),
            limits,
            duties: duties::Running::new(duties),
        })
    }

    /// Makes a new game.
    ///
    /// # Errors
    /// An unknown game, seat or player, set-up choices the game refuses, storage failing.
    pub async fn create(self: &Arc<Self>, new: NewGame) -> Result<Made, Failure> {
        let seed = fiw_engine::secret_seed();
        let (hosted, options) = start(&new.game, &new.setup, seed)
            .map_err(|e| Failure::Refused(refusal(e.to_string())))?;
        let seats = hosted.seats();
        for name in new.players.keys().chain(new.names.keys()) {
            if !seats.contains(&name.as_str()) {
                return Err(Failure::Refused(refusal(format!(
                    "{} has no seat '{}' (seats: {})",
                    new.game,
                    clip(name),
                    seats.join(", ")
                ))));
            }
        }
        let mut players = Vec::new();
        for (s, name) in seats.iter().enumerate() {
            let p = match new.players.get(*name).map(String::as_str) {
                _ if hosted.rules_seat(s).is_some() => Player::Random,
                None | Some("human") => Player::Human,
                Some(other) => match Player::named(other) {
                    Some(p) => p,
                    None => {
                        return Err(Failure::Refused(refusal(format!(
                            "unknown player '{}' for {name} (human, ai, heuristic, random)",
                            clip(other)
                        ))))
                    }
                },
            };
            players.push(p);
        }
        let id = tokens::new_id().map_err(Failure::Internal)?;
        let mut rows = Vec::new();
        let mut made = Made {
            id: id.clone(),
            seats: Vec::new(),
            spectator: tokens::new_token().map_err(Failure::Internal)?,
        };
        for (s, p) in players.iter().enumerate() {
            if *p == Player::Human && hosted.rules_seat(s).is_none() {
                let token = tokens::new_token().map_err(Failure::Internal)?;
                rows.push(SeatRow {
                    seat: s as i64,
                    token_hash: tokens::hash(&token),
                    name: new.names.get(seats[s]).map(|n| clip(n)),
                });
                made.seats.push((seats[s].to_string(), token));
            }
        }
        rows.push(SeatRow {
            seat: -1,
            token_hash: tokens::hash(&made.spectator),
            name: None,
        });
        let row = GameRow {
            id: id.clone(),
            game: new.game.clone(),
            options: options.to_string(),
            seed,
            players: serde_json::to_string(&Seating {
                players: players.iter().map(|p| p.name().to_string()).collect(),
                hints: new.hints,
                pace: new.pace,
            })
            .unwrap_or_default(),
            version: 0,
            created: self.now(),
            finished: None,
        };
        self.store.create(&row, &rows).await?;
        let hints = new.hints || players.iter().any(|p| *p != Player::Human);
        let duties = GameDuties::new(
            new.pace,
            &players,
            hosted.to_move(),
            row.created,
            &self.duties.clock,
        );
        let open = Open {
            row,
            hosted,
            players,
            seats: rows,
            version: 0,
            resigned: None,
            hints,
            notes: HashMap::new(),
            rematch: None,
            thinking: false,
            events: broadcast::channel(64).0,
            duties,
        };
        self.open
            .lock()
            .map_err(|_| Failure::Internal("lock".into()))?
            .insert(id.clone(), Arc::new(Mutex::new(open)));
        self.wake(&id);
        Ok(made)
    }

    /// The game `id`, from memory or rebuilt from the database.
    async fn game(&self, id: &str) -> Result<Arc<Mutex<Open>>, Failure> {
        if let Some(g) = self.cached(id) {
            return Ok(g);
        }
        let row = self.store.game(id).await?.ok_or(Failure::NotFound)?;
        let seats = self.store.seats(id).await?;
        let entries = self.store.entries(id).await?;
        let mut open = replay(row, seats, &entries, &self.duties.clock)?;
        open.notes = self
            .store
            .notes(id)
            .await?
            .into_iter()
            .map(|(seat, text)| (seat as Seat, text))
            .collect();
        open.rematch = self.store.rematch_of(id).await?;
        let mut map = self
            .open
            .lock()
            .map_err(|_| Failure::Internal("lock".into()))?;
        Ok(map
            .entry(id.to_string())
            .or_insert_with(|| Arc::new(Mutex::new(open)))
            .clone())
    }

    fn cached(&self, id: &str) -> Option<Arc<Mutex<Open>>> {
        self.open.lock().ok()?.get(id).cloned()
    }

    fn forget(&self, id: &str) {
        if let Ok(mut map) = self.open.lock() {
            map.remove(id);
        }
    }

    /// Who `token` is in game `id`.
    ///
    /// # Errors
    /// No such game, or a token that is no link of it.
    pub async fn caller(&self, id: &str, token: Option<&str>) -> Result<Caller, Failure> {
        let game = self.game(id).await?;
        let g = game.lock().await;
        let token = token.ok_or_else(|| {
            Failure::Forbidden(
                "this needs the game's link: its token goes in an Authorization: Bearer header"
                    .into(),
            )
        })?;
        // every seat is compared, so the time taken does not say which one came close
        let mut found = None;
        for s in &g.seats {
            if tokens::matches(token, &s.token_hash) && found.is_none() {
                found = Some(s.seat);
            }
        }
        match found {
            Some(-1) => Ok(Caller::Spectator),
            Some(s) => Ok(Caller::Seat(s as Seat)),
            None => Err(Failure::Forbidden(
                "that token is no link of this game".into(),
            )),
        }
    }

    /// What `caller` is shown of game `id`.
    ///
    /// # Errors
    /// No such game.
    pub async fn show(&self, id: &str, caller: Caller, since: usize) -> Result<Shown, Failure> {
        let game = self.game(id).await?;
        let g = game.lock().await;
        Ok(g.shown(caller, since))
    }

    /// The version announcements of game `id`, for a page kept up to date.
    ///
    /// # Errors
    /// No such game.
    pub async fn subscribe(&self, id: &str) -> Result<broadcast::Receiver<u64>, Failure> {
        let game = self.game(id).await?;
        let g = game.lock().await;
        Ok(g.events.subscribe())
    }

    /// Checks an action of `caller` without taking it.
    ///
    /// # Errors
    /// Not a seat; the refusal of the rules.
    pub async fn check(&self, id: &str, caller: Caller, text: &str) -> Result<(), Failure> {
        let seat = seat_of(caller)?;
        let game = self.game(id).await?;
        let g = game.lock().await;
        if g.over() {
            return Err(Failure::Refused(refusal("the game is over")));
        }
        g.hosted.check(seat, text).map_err(Failure::Refused)
    }

    /// Takes a change of `caller` seen at `version`: an action (by text, or by its index in
    /// the seat's list), an undo, or a resignation. Answered once committed.
    ///
    /// # Errors
    /// Not a seat; a stale version (with the fresh view); the refusal of the rules; storage.
    pub async fn change(
        self: &Arc<Self>,
        id: &str,
        caller: Caller,
        version: u64,
        since: usize,
        change: Change,
    ) -> Result<Shown, Failure> {
        let seat = seat_of(caller)?;
        let game = self.game(id).await?;
        let mut g = game.lock().await;
        if g.version != version {
            return Err(Failure::Stale(Box::new(g.shown(caller, 0))));
        }
        self.ran_out(id, &mut g, caller).await?;
        if g.over() {
            return Err(Failure::Refused(refusal("the game is over")));
        }
        let (kind, text) = match change {
            Change::Action(text) => {
                let written = g.hosted.take(seat, &text, true).map_err(Failure::Refused)?;
                ("action", written)
            }
            Change::Index(i) => {
                let texts = g.hosted.legal_texts(seat);
                let Some(text) = texts.get(i).cloned() else {
                    return Err(Failure::Refused(refusal(format!(
                        "there is no action {i}: this seat has {} now",
                        texts.len()
                    ))));
                };
                let written = g.hosted.take(seat, &text, true).map_err(Failure::Refused)?;
                ("action", written)
            }
            Change::Undo => {
                g.hosted.undo(seat).map_err(Failure::Refused)?;
                ("undo", String::new())
            }
            Change::Resign => {
                g.resigned = Some(seat);
                ("resign", String::new())
            }
        };
        self.commit(id, &mut g, seat, kind, text).await?;
        let shown = g.shown(caller, since);
        drop(g);
        self.wake(id);
        Ok(shown)
    }

    /// Appends what was just taken in memory; if the database does not take it, the game is
    /// dropped from memory so that it is rebuilt from what was committed.
    async fn commit(
        self: &Arc<Self>,
        id: &str,
        g: &mut Open,
        seat: Seat,
        kind: &str,
        text: String,
    ) -> Result<(), Failure> {
        let entry = EntryRow {
            version: g.version + 1,
            seat: seat as i64,
            kind: kind.to_string(),
            text,
            at: self.now(),
        };
        let finished = g.over().then(|| self.now());
        match self.store.append(id, g.version, &entry, finished).await {
            Ok(Appended::Done(v)) => {
                g.version = v;
                let _ = g.events.send(v);
                self.committed(id, g, &entry);
                Ok(())
            }
            Ok(Appended::Stale) => {
                self.forget(id);
                let fresh = self.game(id).await?;
                let f = fresh.lock().await;
                Err(Failure::Stale(Box::new(f.shown(Caller::Seat(seat), 0))))
            }
            Err(e) => {
                self.forget(id);
                Err(e.into())
            }
        }
    }

    /// Lets the computer seats of game `id` play while it is their decision, each decision
    /// worked out on a blocking thread, off the async ones.
    pub fn wake(self: &Arc<Self>, id: &str) {
        let games = self.clone();
        let id = id.to_string();
        tokio::spawn(async move {
            if !games.take_up(&id).await {
                return;
            }
            match games.computers(&id).await {
                Ok(()) => {}
                // another server moved first; the game was read again: play on from there
                Err(Failure::Stale(_)) => games.wake(&id),
                Err(e) => eprintln!(
                    "fiw serve: the computer seats of game {id} stopped: {}",
                    describe(&e)
                ),
            }
        });
    }

    async fn computers(self: &Arc<Self>, id: &str) -> Result<(), Failure> {
        loop {
            let game = self.game(id).await?;
            let (thinking, version, seat) = {
                let mut g = game.lock().await;
                if g.thinking || g.over() {
                    return Ok(());
                }
                let Some(seat) = g.hosted.to_move() else {
                    return Ok(());
                };
                let player = g.players.get(seat).copied().unwrap_or(Player::Human);
                if player == Player::Human {
                    return Ok(());
                }
                g.thinking = true;
                let seed = fiw_engine::game_seed(g.row.seed, 0xc0de_0000 + g.version);
                (
                    g.hosted.think(seat, player, self.limits.ai, seed),
                    g.version,
                    seat,
                )
            };
            let text = tokio::task::spawn_blocking(thinking).await.ok().flatten();
            let mut g = game.lock().await;
            g.thinking = false;
            let Some(text) = text else {
                return Err(Failure::Internal(format!(
                    "the computer found no action for seat {seat}"
                )));
            };
            if g.version != version {
                continue;
            }
            let written = g
                .hosted
                .take(seat, &text, false)
                .map_err(Failure::Refused)?;
            self.commit(id, &mut g, seat, "action", written).await?;
        }
    }

    /// Wakes the computer seats of every game not over (a server starting again).
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn resume(self: &Arc<Self>) -> Result<usize, Failure> {
        let ids = self.store.unfinished().await?;
        for id in &ids {
            self.wake(id);
        }
        Ok(ids.len())
    }

    /// The AI's advice for `caller`, from its view, worked out on a blocking thread.
    ///
    /// # Errors
    /// Not a seat; hints are off in this game; not the seat's decision.
    pub async fn hint(&self, id: &str, caller: Caller) -> Result<Hint, Failure> {
        let seat = seat_of(caller)?;
        let game = self.game(id).await?;
        let advising = {
            let g = game.lock().await;
            if !g.hints {
                return Err(Failure::Refused(refusal(
                    "hints are off in this game: between two people they are a game option, chosen when it is made",
                )));
            }
            let seed = fiw_engine::game_seed(g.row.seed, 0x4817 + g.version);
            g.hosted.hint(seat, self.limits.ai, seed).ok_or_else(|| {
                Failure::Refused(refusal(
                    "a hint is for your own decision: it is not yours now",
                ))
            })?
        };
        tokio::task::spawn_blocking(advising)
            .await
            .ok()
            .flatten()
            .ok_or_else(|| Failure::Internal("the hint's search failed".into()))
    }

    /// Replaces `caller`'s private notes of game `id`: kept for that seat alone, on every
    /// device that holds its link.
    ///
    /// # Errors
    /// Not a seat; notes too long; storage.
    pub async fn set_notes(&self, id: &str, caller: Caller, text: String) -> Result<(), Failure> {
        let seat = seat_of(caller)?;
        if text.len() > MAX_NOTES {
            return Err(Failure::Refused(refusal(format!(
                "notes are kept up to {} KiB; these are {} KiB",
                MAX_NOTES >> 10,
                text.len().div_ceil(1024)
            ))));
        }
        let game = self.game(id).await?;
        let mut g = game.lock().await;
        self.store
            .set_notes(id, seat as i64, &text, self.now())
            .await?;
        g.notes.insert(seat, text);
        let _ = g.events.send(g.version);
        Ok(())
    }

    /// `caller`'s seat in the rematch of game `id` (over), with the sides swapped: the first
    /// seat to ask makes the new game, the others join it, each with a link made from its
    /// link here (`token`), so asking again gives the same link.
    ///
    /// # Errors
    /// Not a seat; the game is not over; storage.
    pub async fn rematch(
        self: &Arc<Self>,
        id: &str,
        caller: Caller,
        token: &str,
    ) -> Result<Rematch, Failure> {
        let seat = seat_of(caller)?;
        let game = self.game(id).await?;
        let (row, players, names) = {
            let g = game.lock().await;
            if !g.over() {
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
                rebuild(&row.game, &options, seed).map_err(broken)?;
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
                };
                // the caller's own seat is added below, as a seat that joins is
                let spectators = SeatRow {
                    seat: -1,
                    token_hash: tokens::hash(&spectator_token(seed, &new_id)),
                    name: None,
                };
                self.store
                    .create_rematch(id, &new_row, &[spectators])
                    .await?
            }
        };
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
        let new_game = self.game(&rematch_id).await?;
        let (seat_name, spectator) = {
            let mut g = new_game.lock().await;
            if !g.seats.iter().any(|s| s.seat == stored.seat) {
                g.seats.push(stored);
            }
            let seat_name = g
                .hosted
                .seats()
                .get(mine)
                .copied()
                .unwrap_or("?")
                .to_string();
            (seat_name, spectator_token(g.row.seed, &rematch_id))
        };
        {
            let mut g = game.lock().await;
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

    /// A finished game as `caller` asks to see it after `step` of its entries: the whole
    /// list of entries, and the view of `seat` (any seat, now that nothing is secret) or the
    /// spectators' view.
    ///
    /// # Errors
    /// The game is not over; no such step or seat.
    pub async fn replay(
        &self,
        id: &str,
        step: Option<u64>,
        seat: Option<&str>,
    ) -> Result<Replay, Failure> {
        {
            let game = self.game(id).await?;
            let g = game.lock().await;
            if !g.over() {
                return Err(Failure::Refused(refusal(
                    "the replay shows every seat's secrets: it is given out once the game is over",
                )));
            }
        }
        let row = self.store.game(id).await?.ok_or(Failure::NotFound)?;
        let seats = self.store.seats(id).await?;
        let entries = self.store.entries(id).await?;
        let steps = entries.len() as u64;
        let step = step.unwrap_or(steps);
        if step > steps {
            return Err(Failure::Refused(refusal(format!(
                "step {step}: this game has {steps} entries"
            ))));
        }
        let mut open = replay(row, seats, &entries[..step as usize], &self.duties.clock)?;
        open.version = step;
        let seat_names: Vec<String> = open.hosted.seats().iter().map(|s| s.to_string()).collect();
        let caller = match seat {
            None => Caller::Spectator,
            Some(name) => match seat_names.iter().position(|s| s == name) {
                Some(s) => Caller::Seat(s),
                None => {
                    return Err(Failure::Refused(refusal(format!(
                        "no seat '{}' (seats: {})",
                        clip(name),
                        seat_names.join(", ")
                    ))))
                }
            },
        };
        let mut shown = open.shown(caller, 0);
        // the clocks of a step long past would be read against the time now
        shown.clock = None;
        shown.notes = None;
        Ok(Replay {
            steps,
            step,
            entries: entries
                .iter()
                .map(|e| ReplayEntry {
                    version: e.version,
                    seat: seat_names.get(e.seat as usize).cloned().unwrap_or_default(),
                    kind: e.kind.clone(),
                    text: e.text.clone(),
                    at: e.at,
                })
                .collect(),
            shown,
        })
    }

    /// The save file of a game that is over (the referee's record, seed and secrets: never
    /// given out before the end).
    ///
    /// # Errors
    /// The game is not over.
    pub async fn save(&self, id: &str) -> Result<String, Failure> {
        let game = self.game(id).await?;
        let g = game.lock().await;
        if !g.over() {
            return Err(Failure::Refused(refusal(
                "the save holds the seed and both sides' secrets: it is given out once the game is over",
            )));
        }
        Ok(g.hosted
            .save_json(g.players.iter().map(|p| p.name().to_string()).collect()))
    }
}

/// Who plays each seat, and the game's options of play, as stored.
#[derive(serde::Serialize, serde::Deserialize)]
struct Seating {
    players: Vec<String>,
    #[serde(default)]
    hints: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pace: Option<pace::Pace>,
}

/// A change to a game.
#[derive(Clone, Debug)]
pub enum Change {
    /// An action by its text.
    Action(String),
    /// An action by its index in the seat's list.
    Index(usize),
    /// Undo the seat's last decision.
    Undo,
    /// Resign.
    Resign,
}

/// The longest notes kept for a seat.
pub const MAX_NOTES: usize = 16 << 10;

/// The spectators' link of a rematch, made from its secret seed so that every seat that asks
/// is given the same one.
fn spectator_token(seed: u64, id: &str) -> String {
    tokens::derived("spectator", &seed.to_string(), id)
}

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

/// A finished game stepped through.
#[derive(Clone, Debug, Serialize)]
pub struct Replay {
    /// The number of entries.
    pub steps: u64,
    /// The entries played before this view.
    pub step: u64,
    /// Every entry.
    pub entries: Vec<ReplayEntry>,
    /// The view after `step` entries.
    pub shown: Shown,
}

/// One entry of a finished game.
#[derive(Clone, Debug, Serialize)]
pub struct ReplayEntry {
    /// Its number (1 for the first).
    pub version: u64,
    /// The seat that made it.
    pub seat: String,
    /// `action`, `undo` or `resign`.
    pub kind: String,
    /// The action's text.
    pub text: String,
    /// Milliseconds since 1970.
    pub at: i64,
}

/// Rebuilds a stored game by replaying its entries.
fn replay(
    row: GameRow,
    seats: Vec<SeatRow>,
    entries: &[EntryRow],
    clock: &Arc<dyn crate::clock::Clock>,
) -> Result<Open, Failure> {
    let id = row.id.clone();
    let broken =
        |why: String| Failure::Internal(format!("stored game {id} does not replay: {why}"));
    let options: serde_json::Value =
        serde_json::from_str(&row.options).map_err(|e| broken(e.to_string()))?;
    let hosted = rebuild(&row.game, &options, row.seed).map_err(|e| broken(e.to_string()))?;
    let seating: Seating = serde_json::from_str(&row.players).map_err(|e| broken(e.to_string()))?;
    let players: Vec<Player> = seating
        .players
        .iter()
        .map(|n| Player::named(n).unwrap_or(Player::Human))
        .collect();
    let hints = seating.hints || players.iter().any(|p| *p != Player::Human);
    let duties = GameDuties::new(seating.pace, &players, hosted.to_move(), row.created, clock);
    let mut open = Open {
        version: 0,
        row,
        hosted,
        players,
        seats,
        resigned: None,
        hints,
        notes: HashMap::new(),
        rematch: None,
        thinking: false,
        events: broadcast::channel(64).0,
        duties,
    };
    for e in entries {
        apply(&mut open, e).map_err(|r| broken(format!("entry {}: {r}", e.version)))?;
    }
    // the version is the last entry's: the entries may have been read after a commit the
    // game's row was read before (another server's), and the copy must not claim less
    open.told_now();
    Ok(open)
}

/// Plays one stored entry on a game in memory: replay does it from the start, and a server
/// catching up with another's commits from where it was.
fn apply(open: &mut Open, e: &EntryRow) -> Result<(), String> {
    let seat = e.seat as Seat;
    match e.kind.as_str() {
        "action" => {
            let human = open.players.get(seat) == Some(&Player::Human);
            open.hosted
                .take(seat, &e.text, human)
                .map_err(|r| r.to_string())?;
        }
        "undo" => {
            open.hosted.undo(seat).map_err(|r| r.to_string())?;
        }
        "resign" => open.resigned = Some(seat),
        "timeout" => open.duties.timed_out = Some(seat),
        other => return Err(format!("a '{other}'")),
    }
    open.version = e.version;
    let decider = open.decider();
    open.duties.after(&e.kind, decider, e.at);
    Ok(())
}

fn seat_of(caller: Caller) -> Result<Seat, Failure> {
    match caller {
        Caller::Seat(s) => Ok(s),
        Caller::Spectator => Err(Failure::Forbidden(
            "a spectator's link watches the game; it takes no actions".into(),
        )),
    }
}

fn refusal(message: impl Into<String>) -> Refusal {
    Refusal {
        rule: None,
        message: message.into(),
    }
}

/// Text from a request quoted back, cut short.
pub fn clip(text: &str) -> String {
    if text.chars().count() <= 40 {
        text.to_string()
    } else {
        text.chars().take(40).collect::<String>() + "…"
    }
}

/// A failure in one line, for the server's own log.
pub fn describe(f: &Failure) -> String {
    match f {
        Failure::NotFound => "no such game".into(),
        Failure::Forbidden(m) | Failure::Internal(m) => m.clone(),
        Failure::Refused(r) => r.to_string(),
        Failure::Stale(_) => "stale version".into(),
    }
}
