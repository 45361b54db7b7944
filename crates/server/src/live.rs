//! The games in use: each rebuilt by replay from the database when first asked for, then kept
//! in memory behind its own lock. Commit, then show: every change (an action, an undo, a
//! resignation, a clock running out, a computer seat's move) is taken on a copy of the game,
//! appended to the database in one transaction guarded by the version the client saw, and
//! only then put in place, answered and announced to the game's open pages; it runs in a task
//! of its own, which a request dropped meanwhile does not stop ([`change`]). What memory holds
//! is what the database holds at that version. A change the database does not take (another
//! server appended first) or whose outcome is unknown (the database failed during the commit)
//! drops the game from memory, so that it is rebuilt from what was committed ([`stored`]).

mod accounts;
mod change;
pub mod chat;
pub mod cluster;
mod duties;
pub mod pace;
mod rematch;
mod seats;
mod stored;
mod work;

pub use accounts::RATED;
pub use change::Change;
pub use duties::{Duties, Event, GameDuties};
pub use rematch::Rematch;
pub use seats::{Claim, DeviceCode, Holder, Invitation, Taken};
pub use stored::{ReadOnly, RulesNote, Unplayable};

use crate::store::{GameRow, HolderRow, LinkKind, LinkRow, Store, StoreError};
use crate::tokens;
use fiw_engine::Seat;
use fiw_host::hosted::{start, Ending, Hosted, Refusal, Reveal, SeatView};
use fiw_host::seats::{AiBudget, Player};
use fiw_host::SetupFlags;
use serde::Serialize;
use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::{broadcast, Mutex, OwnedMutexGuard};

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
    /// A refusal of an action given as text, which its message may quote: the answer clips
    /// the quote to a few dozen characters.
    Quoting(Refusal, String),
    /// The game had moved on from the version the client saw: the fresh view.
    Stale(Box<Shown>),
    /// The database or the server failed.
    Internal(String),
    /// An invitation or a device code used already: by whom and when.
    Taken(seats::Taken),
    /// A device code past its time.
    Gone(String),
    /// The server does as much of this as it takes already (computer-only games, hints):
    /// the reason, and when to try again.
    Busy(String),
    /// A stored game this server cannot set up at all (its options do not read, or its game
    /// is unknown to this build): kept as it is, never changed.
    Unreadable(String),
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
    /// Set when the game was last played under an older version of the rules and goes on
    /// under this one: what changed, for the page to say once.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<RulesNote>,
    /// Set when the stored game no longer replays: it is shown as far as it goes, takes no
    /// change, and offers a rematch under the current rules.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub read_only: Option<ReadOnly>,
    /// Who holds each human seat, and since when (or that its invitation is open).
    pub holders: Vec<Holder>,
    /// Whether both sides are played on one screen: said to everyone who looks at the game.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hot_seat: bool,
    /// Once the game is over (and only then), everything face up and the whole log, for
    /// every seat and spectator: the reveal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reveal: Option<Reveal>,
    /// The chat this caller may read (its room's lines from the line it asked from): in the
    /// answers to a look and in socket messages, not in an action's answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chat: Option<chat::ChatPart>,
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
    /// The turn.
    pub turn: u32,
    /// The board as someone who holds no seat sees it (the game's public view: blocks face
    /// down, hands as counts, hidden units unseen), for the spectators' page to draw.
    pub view: Box<serde_json::value::RawValue>,
    /// The public lines before [`Public::log`].
    pub log_start: usize,
    /// The public log lines from `log_start` on.
    pub log: Vec<String>,
    /// The rule sections each of those lines cites.
    pub log_cites: Vec<Vec<fiw_engine::Cite>>,
    /// How it ended.
    pub outcome: Option<Ending>,
}

/// A game in memory.
pub struct Open {
    row: GameRow,
    hosted: Box<dyn Hosted>,
    players: Vec<Player>,
    /// Every link to the game (credentials, spectators', invitations, device codes), by hash.
    links: Vec<LinkRow>,
    /// Who holds each human seat.
    holders: Vec<HolderRow>,
    /// Both sides on one screen, by the creator's choice.
    hot_seat: bool,
    version: u64,
    resigned: Option<Seat>,
    /// Whether seats may ask for a hint.
    hints: bool,
    /// Each seat's private notes.
    notes: HashMap<Seat, String>,
    /// The players' and the spectators' chat.
    chat: chat::Chat,
    /// The game this one is played again as.
    rematch: Option<String>,
    thinking: bool,
    events: broadcast::Sender<u64>,
    /// Its clocks and what its seats were told.
    duties: GameDuties,
    /// Set once this copy is dropped from the games in memory (a commit whose outcome is
    /// unknown, another server's entries it cannot follow): whoever holds it reads the game
    /// again ([`Games::locked`]). A copy not in memory's map is always gone.
    gone: bool,
    /// The rules version the stored game was last played under, when older than this build's.
    made_under: Option<u32>,
    /// Why the stored game no longer replays, if it does not.
    read_only: Option<ReadOnly>,
    /// When its last entry was made (its creation before any).
    last_at: i64,
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
                rules: hosted.rules_version(),
            },
            hosted,
            players,
            links: Vec::new(),
            holders: Vec::new(),
            hot_seat: false,
            version: 0,
            resigned: None,
            hints: false,
            notes: HashMap::new(),
            chat: chat::Chat::default(),
            rematch: None,
            thinking: false,
            events: broadcast::channel(1).0,
            duties: GameDuties::default(),
            gone: false,
            made_under: None,
            read_only: None,
            last_at: 0,
        }
    }

    /// The game, to play it in tests.
    pub fn hosted_mut(&mut self) -> &mut dyn Hosted {
        self.hosted.as_mut()
    }

    /// Refuses a change (or a check, or a hint) to a game over or read-only.
    fn open_to_change(&self) -> Result<(), Failure> {
        if let Some(r) = &self.read_only {
            return Err(Failure::Refused(refusal(format!(
                "this game is read-only: {}; a rematch plays it again under the current rules",
                r.why()
            ))));
        }
        if self.over() {
            return Err(Failure::Refused(refusal("the game is over")));
        }
        Ok(())
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
            rules: self.rules_note(),
            holders: self.holders_shown(),
            hot_seat: self.hot_seat,
            // a game read-only for not replaying may not be over: its secrets stay kept
            reveal: (self.over() && self.read_only.is_none()).then(|| self.hosted.whole_board()),
            chat: None,
            read_only: self.read_only.as_ref().map(|r| {
                r.for_seat(match caller {
                    Caller::Seat(s) => seats.get(s).copied(),
                    Caller::Spectator => None,
                })
            }),
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
                if self.read_only.is_some() {
                    v.actions.clear();
                    v.can_undo = false;
                }
                shown.view = Some(v);
            }
            Caller::Spectator => {
                let outcome = self.result();
                let (log_start, log, log_cites) = self.hosted.public_log(since);
                shown.public = Some(Public {
                    game: self.row.game.clone(),
                    to_move: match self.over() || self.read_only.is_some() {
                        true => None,
                        false => self.hosted.to_move().map(|s| seats[s].to_string()),
                    },
                    turn: self.hosted.turn(),
                    view: self.hosted.public_board(),
                    log_start,
                    log,
                    log_cites,
                    outcome,
                });
            }
        }
        shown
    }
}

impl Slot {
    fn new(open: Open, now: i64) -> Slot {
        Slot {
            writer: Arc::new(Mutex::new(())),
            open: Arc::new(Mutex::new(open)),
            used: Arc::new(std::sync::atomic::AtomicI64::new(now)),
        }
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
    /// The creator's seat (by default the first human one); every other human seat gets an
    /// invitation. With `hot_seat`, the creator holds every human seat.
    pub seat: Option<String>,
    /// Both sides on this screen: the creator holds every human seat, and none can be claimed.
    pub hot_seat: bool,
    /// The creator's name, for the seats they hold.
    pub name: Option<String>,
    /// Whether the seats may ask the AI for advice when every seat is human (a game option
    /// both see: otherwise a built-in cheat). Against the computer it is always allowed.
    pub hints: bool,
    /// The time control, if any.
    pub pace: Option<pace::Pace>,
    /// The address that asks (games with no human seat are counted by it).
    pub address: Option<std::net::IpAddr>,
    /// The account that makes it, signed in: it holds the creator's seat.
    pub account: Option<String>,
    /// Invitations addressed to accounts (by seat name, the account's id): only that account
    /// may take the seat.
    pub invite: HashMap<String, String>,
}

/// A game just made: its id, the creator's seat's token (both sides' in a hot seat), an
/// invitation for every other human seat, and the spectators' token.
#[derive(Clone, Debug, Serialize)]
pub struct Made {
    /// The id.
    pub id: String,
    /// The token of each seat the creator holds, by seat name.
    pub seats: Vec<(String, String)>,
    /// The invitation of each other human seat, by seat name: claimed once by whoever takes it.
    pub invitations: Vec<(String, String)>,
    /// The spectators' token.
    pub spectator: String,
    /// Both sides on the creator's screen.
    pub hot_seat: bool,
}

/// How long a computer seat thinks, at most, and the bounds of everything else a client can
/// make the server do.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// The `ai` seats' budget.
    pub ai: AiBudget,
    /// Connections, sockets, computer-only games, thinking, hints, games in memory.
    pub bounds: crate::bounds::Bounds,
}

/// A game in memory: its state, behind a lock held only to read it or to put a change in
/// place, and a lock its changes take in turn and hold across their commit. Pages never wait
/// on the database to be shown a game, and two changes of one game never overlap.
#[derive(Clone)]
struct Slot {
    writer: Arc<Mutex<()>>,
    open: Arc<Mutex<Open>>,
    /// When it was last asked for (the server's clock): a game idle long enough leaves memory.
    used: Arc<std::sync::atomic::AtomicI64>,
}

/// The games in use and the database.
pub struct Games {
    store: Store,
    open: std::sync::Mutex<HashMap<String, Slot>>,
    limits: Limits,
    duties: duties::Running,
    /// What an operator sees.
    metrics: Arc<crate::metrics::Metrics>,
    /// Turned true when the server shuts down (pages are told to connect again).
    stopping: tokio::sync::watch::Sender<bool>,
    /// The computer seats thinking at once, in all games: a bounded pool, so that people's
    /// requests always find a core.
    thinking: Arc<tokio::sync::Semaphore>,
    /// The work started for clients: computer-only games, hints ([`work`]).
    work: work::Work,
    /// The WebSockets open, by game, credential and address.
    sockets: Arc<crate::api::Sockets>,
    /// Where mail goes out, and the address its links are written with (`--smtp`).
    mailer: std::sync::OnceLock<(crate::mail::Mailer, String)>,
    /// This, for the tasks it starts from `&self`.
    me: std::sync::Weak<Games>,
    /// Said whenever the lobby or an account's game changes (the lobby's pages look again).
    lobby: broadcast::Sender<()>,
    /// `--test-seeds`: the seeds the next games made take, in turn, before secret ones again.
    test_seeds: std::sync::Mutex<std::collections::VecDeque<u64>>,
}

impl Games {
    /// The games kept in `store`.
    pub fn new(store: Store, limits: Limits) -> Arc<Games> {
        Games::with_duties(store, limits, Duties::default())
    }

    /// The games kept in `store`, their clocks run by `duties.clock` and their webhooks sent
    /// by `duties.webhooks`.
    pub fn with_duties(store: Store, limits: Limits, duties: Duties) -> Arc<Games> {
        let slots = limits.bounds.thinking_slots();
        Arc::new_cyclic(|me| Games {
            store,
            open: std::sync::Mutex::new(HashMap::new()),
            limits,
            duties: duties::Running::new(duties),
            metrics: Arc::new(crate::metrics::Metrics::default()),
            stopping: tokio::sync::watch::channel(false).0,
            thinking: Arc::new(tokio::sync::Semaphore::new(slots)),
            work: work::Work::default(),
            sockets: Arc::new(crate::api::Sockets::default()),
            mailer: std::sync::OnceLock::new(),
            me: me.clone(),
            lobby: broadcast::channel(16).0,
            test_seeds: std::sync::Mutex::new(std::collections::VecDeque::new()),
        })
    }

    /// The next games made take these seeds, in turn (`fiw serve --test-seeds`): a browser
    /// test reaches a chosen position by its clicks alone. Whoever knows a game's seed knows
    /// its every die to come, so no server people play on is started with them.
    pub fn set_test_seeds(&self, seeds: &[u64]) {
        let mut q = self.test_seeds.lock().unwrap_or_else(|p| p.into_inner());
        q.clear();
        q.extend(seeds.iter().copied());
    }

    /// Makes a new game.
    ///
    /// # Errors
    /// An unknown game, seat or player, set-up choices the game refuses, storage failing.
    pub async fn create(self: &Arc<Self>, new: NewGame) -> Result<Made, Failure> {
        if fiw_host::KNOWN.contains(&new.game.as_str())
            && !fiw_host::ONLINE.contains(&new.game.as_str())
        {
            return Err(Failure::Refused(refusal(format!(
                "{} is played at the terminal only (fiw play {})",
                new.game, new.game
            ))));
        }
        let test_seed = self
            .test_seeds
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .pop_front();
        let seed = test_seed.unwrap_or_else(fiw_engine::secret_seed);
        let (hosted, options) = start(&new.game, &new.setup, seed)
            .map_err(|e| Failure::Refused(refusal(e.to_string())))?;
        let seats = hosted.seats();
        for name in new
            .players
            .keys()
            .chain(new.seat.iter())
            .chain(new.invite.keys())
        {
            if !seats.contains(&name.as_str()) {
                return Err(Failure::Refused(refusal(format!(
                    "{} has no seat '{}' (seats: {})",
                    new.game,
                    clip(name),
                    seats.join(", ")
                ))));
            }
        }
        let name = match &new.name {
            Some(n) => Some(seats::check_name(n).map_err(Failure::Refused)?),
            None => None,
        };
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
        let humans: Vec<Seat> = (0..seats.len())
            .filter(|&s| players[s] == Player::Human && hosted.rules_seat(s).is_none())
            .collect();
        let mine: Vec<Seat> = match (&new.seat, new.hot_seat) {
            (_, true) if humans.len() < 2 => {
                return Err(Failure::Refused(refusal(
                    "a hot seat is two people at one screen: give the game two human sides",
                )))
            }
            (_, true) => humans.clone(),
            (Some(seat), false) => {
                let s = seats.iter().position(|n| n == seat).unwrap_or(0);
                if !humans.contains(&s) {
                    return Err(Failure::Refused(refusal(format!(
                        "your seat '{}' is not played by a person in this game",
                        clip(seat)
                    ))));
                }
                vec![s]
            }
            (None, false) => humans.iter().take(1).copied().collect(),
        };
        let now = self.now();
        let id = tokens::new_id().map_err(Failure::Internal)?;
        if humans.is_empty() {
            // played out on this server's cores from start to end: counted, and capped
            self.admit_computer_game(&id, new.address)?;
        }
        let mut links = Vec::new();
        let mut holders = Vec::new();
        let mut made = Made {
            id: id.clone(),
            seats: Vec::new(),
            invitations: Vec::new(),
            spectator: tokens::new_token().map_err(Failure::Internal)?,
            hot_seat: new.hot_seat,
        };
        for &s in &humans {
            let token = tokens::new_token().map_err(Failure::Internal)?;
            let held = mine.contains(&s);
            let kind = if held {
                LinkKind::Seat
            } else {
                LinkKind::Invitation
            };
            let mut link = LinkRow::new(tokens::hash(&token), s as i64, kind, now);
            if !held {
                link.for_account = new.invite.get(seats[s]).cloned();
            } else if new.invite.contains_key(seats[s]) {
                return Err(Failure::Refused(refusal(format!(
                    "invite.{}: that seat is yours, not an invitation",
                    seats[s]
                ))));
            }
            links.push(link);
            holders.push(HolderRow {
                seat: s as i64,
                name: if held { name.clone() } else { None },
                claimed: held.then_some(now),
                account: if held { new.account.clone() } else { None },
            });
            match held {
                true => made.seats.push((seats[s].to_string(), token)),
                false => made.invitations.push((seats[s].to_string(), token)),
            }
        }
        links.push(LinkRow::new(
            tokens::hash(&made.spectator),
            -1,
            LinkKind::Spectators,
            now,
        ));
        let row = GameRow {
            id: id.clone(),
            game: new.game.clone(),
            options: options.to_string(),
            seed,
            players: serde_json::to_string(&Seating {
                players: players.iter().map(|p| p.name().to_string()).collect(),
                hints: new.hints,
                pace: new.pace,
                hot_seat: new.hot_seat,
            })
            .unwrap_or_default(),
            version: 0,
            created: now,
            finished: None,
            rules: hosted.rules_version(),
        };
        if let Err(e) = self.store.create(&row, &holders, &links).await {
            self.computer_game_over(&id);
            return Err(e.into());
        }
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
            links,
            holders,
            hot_seat: new.hot_seat,
            version: 0,
            resigned: None,
            hints,
            notes: HashMap::new(),
            chat: chat::Chat::default(),
            rematch: None,
            thinking: false,
            events: broadcast::channel(64).0,
            duties,
            gone: false,
            made_under: None,
            read_only: None,
            last_at: now,
        };
        {
            let mut map = self
                .open
                .lock()
                .map_err(|_| Failure::Internal("lock".into()))?;
            map.insert(id.clone(), Slot::new(open, self.now()));
            self.metrics
                .games_in_memory
                .store(map.len() as i64, std::sync::atomic::Ordering::Relaxed);
        }
        self.wake(&id);
        Ok(made)
    }

    /// The game `id`, from memory or rebuilt from the database ([`stored::read`]).
    async fn game(&self, id: &str) -> Result<Slot, Failure> {
        let now = self.now();
        if let Some(g) = self.cached(id) {
            g.used.store(now, std::sync::atomic::Ordering::Relaxed);
            return Ok(g);
        }
        let open = stored::read(&self.store, id, &self.duties.clock).await?;
        let mut map = self
            .open
            .lock()
            .map_err(|_| Failure::Internal("lock".into()))?;
        let slot = map
            .entry(id.to_string())
            .or_insert_with(|| Slot::new(open, now))
            .clone();
        self.metrics
            .games_in_memory
            .store(map.len() as i64, std::sync::atomic::Ordering::Relaxed);
        Ok(slot)
    }

    /// Game `id` locked to be read, as the database has it: a copy dropped from memory while
    /// this waited for it is read again. Held briefly: never across an await of the database.
    async fn locked(&self, id: &str) -> Result<OwnedMutexGuard<Open>, Failure> {
        for _ in 0..16 {
            let g = self.game(id).await?.open.lock_owned().await;
            if !g.gone {
                return Ok(g);
            }
        }
        Err(Failure::Internal(format!(
            "game {id} was dropped from memory 16 times while a request waited for it"
        )))
    }

    /// Game `id` with its changes' turn taken: no other change of it runs until the guard
    /// goes. A copy dropped from memory while this waited is read again.
    async fn writing(&self, id: &str) -> Result<(OwnedMutexGuard<()>, Slot), Failure> {
        for _ in 0..16 {
            let slot = self.game(id).await?;
            let turn = slot.writer.clone().lock_owned().await;
            if !slot.open.lock().await.gone {
                return Ok((turn, slot));
            }
        }
        Err(Failure::Internal(format!(
            "game {id} was dropped from memory 16 times while a change waited for it"
        )))
    }

    /// This, for the tasks it starts.
    fn self_ref(&self) -> std::sync::Weak<Games> {
        self.me.clone()
    }

    fn cached(&self, id: &str) -> Option<Slot> {
        self.open.lock().ok()?.get(id).cloned()
    }

    /// Drops `g`, the copy of game `id` in memory, so that it is read again from the
    /// database: after a commit whose outcome is unknown, or entries it cannot follow. Its
    /// pages' subscriptions end, and they subscribe again to the game as read again.
    fn lose(&self, id: &str, g: &mut Open) {
        if g.gone {
            return;
        }
        g.gone = true;
        // the old sender goes with its subscribers: each sees its channel closed
        g.events = broadcast::channel(1).0;
        if let Ok(mut map) = self.open.lock() {
            map.remove(id);
            self.metrics
                .games_in_memory
                .store(map.len() as i64, std::sync::atomic::Ordering::Relaxed);
        }
    }

    /// Who `token` is in game `id`: a seat holder (on any of their devices) or a spectator.
    /// An invitation or a device code is no credential: it only takes its seat ([`Games::claim`]).
    ///
    /// # Errors
    /// No such game, or a token that is no credential of it.
    pub async fn caller(&self, id: &str, token: Option<&str>) -> Result<Caller, Failure> {
        let token = token.ok_or_else(|| {
            Failure::Forbidden(
                "this needs the game's link: its token goes in an Authorization: Bearer header"
                    .into(),
            )
        })?;
        let hash = tokens::hash(token);
        let known = self.locked(id).await?.link_of(&hash);
        // a credential another server gave out (a claim, a device) is read from the database
        let link = match known {
            Some(l) => l,
            None => match self.store.link(id, &hash).await? {
                Some(l) => {
                    let mut g = self.locked(id).await?;
                    if g.link_of(&hash).is_none() {
                        g.links.push(l.clone());
                    }
                    l
                }
                None => {
                    return Err(Failure::Forbidden(
                        "that token is no link of this game".into(),
                    ))
                }
            },
        };
        match link.kind {
            LinkKind::Spectators => Ok(Caller::Spectator),
            LinkKind::Seat => Ok(Caller::Seat(link.seat as Seat)),
            LinkKind::Invitation | LinkKind::Device => Err(Failure::Forbidden(
                "that link is an invitation to take a seat, not the seat: open it in the page and take the seat first"
                    .into(),
            )),
        }
    }

    /// What `caller` is shown of game `id`.
    ///
    /// # Errors
    /// No such game.
    pub async fn show(&self, id: &str, caller: Caller, since: usize) -> Result<Shown, Failure> {
        let g = self.locked(id).await?;
        Ok(g.shown(caller, since))
    }

    /// What `caller` is shown, with the log lines from `since` and the chat lines of its room
    /// from `chat_since` on.
    ///
    /// # Errors
    /// No such game.
    pub async fn show_with_chat(
        &self,
        id: &str,
        caller: Caller,
        since: usize,
        chat_since: usize,
    ) -> Result<Shown, Failure> {
        let g = self.locked(id).await?;
        let mut shown = g.shown(caller, since);
        shown.chat = Some(g.chat_for(caller, chat_since));
        Ok(shown)
    }

    /// The version announcements of game `id`, for a page kept up to date. The channel
    /// closes when the game is read again from the database: subscribe again then.
    ///
    /// # Errors
    /// No such game.
    pub async fn subscribe(&self, id: &str) -> Result<broadcast::Receiver<u64>, Failure> {
        let g = self.locked(id).await?;
        Ok(g.events.subscribe())
    }

    /// Checks an action of `caller` without taking it.
    ///
    /// # Errors
    /// Not a seat; the refusal of the rules.
    pub async fn check(&self, id: &str, caller: Caller, text: &str) -> Result<(), Failure> {
        let seat = seat_of(caller)?;
        let g = self.locked(id).await?;
        g.open_to_change()?;
        g.hosted
            .check(seat, text)
            .map_err(|r| Failure::Quoting(r, text.to_string()))
    }

    /// A finished game as `caller` asks to see it after `step` of its entries: the whole
    /// list of entries, and the view of `seat` (any seat, now that nothing is secret), the
    /// spectators' view, or (`seat` "all") the spectators' view with the reveal of that step. A game that no longer replays and is not over is stepped through as
    /// far as it goes, by each seat as it saw it (its secrets are still secrets).
    ///
    /// # Errors
    /// The game is not over in the database; no such step or seat.
    pub async fn replay(
        &self,
        id: &str,
        caller: Caller,
        step: Option<u64>,
        seat: Option<&str>,
    ) -> Result<Replay, Failure> {
        let read_only = self.locked(id).await?.read_only.is_some();
        // the database says whether the game is over: never a copy in memory
        let row = self.store.game(id).await?.ok_or(Failure::NotFound)?;
        let over = row.finished.is_some();
        if !over && !read_only {
            return Err(Failure::Refused(refusal(
                "the replay shows every seat's secrets: it is given out once the game is over",
            )));
        }
        let entries = self.store.entries(id).await?;
        let steps = entries.len() as u64;
        let step = step.unwrap_or(steps);
        if step > steps {
            return Err(Failure::Refused(refusal(format!(
                "step {step}: this game has {steps} entries"
            ))));
        }
        let mut open = stored::replay(row, &entries[..step as usize], &self.duties.clock)?;
        open.version = step;
        let seat_names: Vec<String> = open.hosted.seats().iter().map(|s| s.to_string()).collect();
        // `all`: every step with everything face up, the reveal stepped through
        let everything = seat == Some("all");
        if everything && !over {
            return Err(Failure::Refused(refusal(
                "this game is not over: its replay with everything shown is given out at its end",
            )));
        }
        let asked = match seat {
            None | Some("all") => Caller::Spectator,
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
        if !over && asked != Caller::Spectator && asked != caller {
            return Err(Failure::Refused(refusal(
                "this game is not over: its replay shows each seat only as that seat saw it",
            )));
        }
        let mut shown = open.shown(asked, 0);
        // a step is shown with everything or as the one asked saw it, its last step too
        shown.reveal = everything.then(|| open.hosted.whole_board());
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
                    // another seat's action of a game not over is its own secret
                    text: match over || Caller::Seat(e.seat as Seat) == caller {
                        true => e.text.clone(),
                        false => String::new(),
                    },
                    at: e.at,
                })
                .collect(),
            shown,
        })
    }

    /// The save file of a game that is over (the referee's record, seed and secrets: never
    /// given out before the end, by the database's word, not memory's).
    ///
    /// # Errors
    /// The game is not over.
    pub async fn save(&self, id: &str) -> Result<String, Failure> {
        let g = self.locked(id).await?;
        let finished = self.store.game(id).await?.and_then(|r| r.finished);
        if !g.over() || finished.is_none() || g.read_only.is_some() {
            return Err(Failure::Refused(refusal(
                "the save holds the seed and both sides' secrets: it is given out once the game is over",
            )));
        }
        Ok(g.hosted
            .save_json(g.players.iter().map(|p| p.name().to_string()).collect()))
    }

    /// Whether game `id` in memory is the game its record rebuilds: the same version, state
    /// and result, and a record that replays. Memory never runs ahead of the record nor lags
    /// it once a change has ended; the fault-injection tests ask this after every change.
    ///
    /// # Errors
    /// How the two differ, or why the record does not replay.
    pub async fn matches_record(&self, id: &str) -> Result<(), String> {
        // after any change under way, and before the record is read
        let slot = self.cached(id);
        let _turn = match &slot {
            Some(slot) => Some(slot.writer.lock().await),
            None => None,
        };
        let fresh = stored::read(&self.store, id, &self.duties.clock)
            .await
            .map_err(|e| describe(&e))?;
        if let Some(r) = &fresh.read_only {
            return Err(format!("the stored game does not replay: {}", r.why()));
        }
        let Some(slot) = &slot else {
            return Ok(());
        };
        let g = slot.open.lock().await;
        if g.gone {
            return Ok(());
        }
        let facts = |o: &Open| {
            (
                o.version,
                o.hosted.digest(),
                o.hosted.actions(),
                o.resigned,
                o.duties.timed_out,
                o.over(),
            )
        };
        let (memory, record) = (facts(&g), facts(&fresh));
        if memory != record {
            return Err(format!(
                "memory holds (version, digest, actions, resigned, timed out, over) {memory:?}; the record rebuilds {record:?}"
            ));
        }
        Ok(())
    }

    /// Every stored game replayed, for `fiw serve --check`: those that do not replay, with
    /// the entry that fails and why, and the number checked.
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn check_stored(&self) -> Result<(usize, Vec<Unplayable>), Failure> {
        stored::check_all(&self.store, &self.duties.clock).await
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
    /// Both sides on one screen.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    hot_seat: bool,
}

/// The longest notes kept for a seat.
pub const MAX_NOTES: usize = 16 << 10;

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
        cites: Vec::new(),
    }
}

/// A refusal that quotes the request's `text` with the quote cut short ([`clip`]): its
/// citations move with the words after the quote, and one inside the quote (the player's own
/// words, not the rules') is dropped.
pub fn requoted(r: Refusal, text: &str) -> Refusal {
    if text.is_empty() || !r.message.contains(text) {
        return r;
    }
    let short = clip(text);
    let units = |s: &str| s.encode_utf16().count();
    let (long, cut) = (units(text), units(&short));
    let quotes: Vec<usize> = r
        .message
        .match_indices(text)
        .map(|(i, _)| units(&r.message[..i]))
        .collect();
    let cites = r
        .cites
        .into_iter()
        .filter_map(|fiw_engine::Cite(from, to, section)| {
            let mut before = 0;
            for &q in &quotes {
                if to <= q {
                    break;
                }
                if from < q + long {
                    return None;
                }
                before += 1;
            }
            // each quote before the citation is `long - cut` units shorter now
            let less = before * (long - cut);
            Some(fiw_engine::Cite(from - less, to - less, section))
        })
        .collect();
    Refusal {
        rule: r.rule,
        message: r.message.replace(text, &short),
        cites,
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
        Failure::Refused(r) | Failure::Quoting(r, _) => r.to_string(),
        Failure::Stale(_) => "stale version".into(),
        Failure::Unreadable(m) | Failure::Gone(m) | Failure::Busy(m) => m.clone(),
        Failure::Taken(t) => t.words(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fiw_engine::Cite;

    #[test]
    fn a_clipped_quote_moves_the_citations_after_it_and_drops_those_inside() {
        let long = format!("move {} (9.2)", "x".repeat(60));
        let message = format!("'{long}' is not an action (8.3); see 13");
        // citations: one inside the quote, one after it
        let inside = message.find("9.2").unwrap();
        let after = message.find("8.3").unwrap();
        let r = Refusal {
            rule: Some("8.3".into()),
            message: message.clone(),
            cites: vec![
                Cite(inside, inside + 3, "9.2".into()),
                Cite(after, after + 3, "8.3".into()),
            ],
        };
        let q = requoted(r, &long);
        assert!(q.message.contains('…'), "{}", q.message);
        assert_eq!(q.cites.len(), 1, "{:?}", q.cites);
        let Cite(a, b, s) = &q.cites[0];
        let units: Vec<u16> = q.message.encode_utf16().collect();
        assert_eq!(String::from_utf16_lossy(&units[*a..*b]), "8.3");
        assert_eq!(s, "8.3");
    }

    #[test]
    fn a_short_quote_leaves_the_refusal_as_it_was() {
        let r = Refusal {
            rule: None,
            message: "'pass' is not yours (8.3)".into(),
            cites: vec![Cite(20, 23, "8.3".into())],
        };
        assert_eq!(requoted(r.clone(), "pass"), r);
    }
}
