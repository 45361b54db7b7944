//! Any game behind one object-safe interface, so that a server can hold games of every kind in
//! one map and speak of them in JSON. Everything a seat is shown ([`SeatView`]) is built from
//! what that seat may know: its view, its render, the log lines it may read, and, when it
//! decides, its legal actions with their menu notes (which the games compute from the seat's
//! knowledge).

use crate::games::{ActionRefs, HostGame};
use crate::record::{Match, Taken};
use crate::seats::{policy_for, AiBudget, Player};
use crate::{for_game, HostError, HostResult, SetupFlags};
use fiw_engine::{decide, Cite, Game, Outcome, RuleError, Seat, Sections, Visibility};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// One legal action as a front end shows it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ActionInfo {
    /// Its number in the list (from 0): stable while the version does not change.
    pub index: usize,
    /// The action as typed: also what plays it.
    pub text: String,
    /// The heading it is listed under (D3: the unit it orders), if any.
    pub group: Option<String>,
    /// What the action does in words a player follows, where its text is terse: a page shows
    /// them on the button (the text still plays it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub words: Option<String>,
    /// The menu note (the odds of a battle), from the deciding seat's knowledge.
    pub note: Option<String>,
    /// The rule sections the note cites ([`Cite`]: where, and which).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub note_cites: Vec<Cite>,
    /// The pieces and places it names, and where a miniatures move ends.
    #[serde(flatten)]
    pub refs: ActionRefs,
}

/// How a game ended, in words a page shows.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Ending {
    /// The winning seat's name, or `None` for a draw.
    pub winner: Option<String>,
    /// The turn it ended on.
    pub turn: u32,
    /// The victory condition.
    pub reason: String,
}

/// What one seat is shown of a game.
#[derive(Clone, Debug, Serialize)]
pub struct SeatView {
    /// The game's name (`louisbourg`).
    pub game: &'static str,
    /// The seat shown.
    pub seat: String,
    /// The seat that decides now, if the game is not over.
    pub to_move: Option<String>,
    /// The turn.
    pub turn: u32,
    /// The board as the terminal draws it for this seat.
    pub board: String,
    /// What the game waits for, in its words (`You choose an action (8.3)`), when it says.
    pub prompt: Option<String>,
    /// The rule sections the prompt cites.
    pub prompt_cites: Vec<Cite>,
    /// The game's own view for this seat (the same the AI is given), written out once: a
    /// message embeds it as it is rather than building it again as a tree of values.
    pub view: Box<serde_json::value::RawValue>,
    /// This seat's legal actions when it decides; empty otherwise.
    pub actions: Vec<ActionInfo>,
    /// The number of log lines this seat may read that come before [`SeatView::log`] (the
    /// `since` asked for, or fewer when the log has been cut back by an undo).
    pub log_start: usize,
    /// The log lines this seat may read, from line `log_start` on.
    pub log: Vec<String>,
    /// The rule sections each line of [`SeatView::log`] cites, line by line: the server marks
    /// them against the game's rulebook so that a page links them without guessing.
    pub log_cites: Vec<Vec<Cite>>,
    /// How the game ended, once it has.
    pub outcome: Option<Ending>,
    /// Whether this seat may undo now.
    pub can_undo: bool,
}

/// A finished game with nothing hidden: what every seat and spectator may see once it is over.
#[derive(Clone, Debug, Serialize)]
pub struct Reveal {
    /// The game's whole view (the same shape as a seat's, its `sight` "whole").
    pub view: Box<serde_json::value::RawValue>,
    /// Every line of the log, each seat's own lines included.
    pub log: Vec<String>,
    /// The rule sections each line cites.
    pub log_cites: Vec<Vec<Cite>>,
}

/// A refusal: the rule and the sentence, or a plain reason (`rule` is `None`) when the request
/// is not an action of the rules at all (not this seat's decision, nothing to undo).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Refusal {
    /// The rule section, or `input` for text that names no action.
    pub rule: Option<String>,
    /// One sentence a player understands.
    pub message: String,
    /// The rule sections the message cites besides `rule`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cites: Vec<Cite>,
}

impl Refusal {
    fn plain(message: impl Into<String>) -> Self {
        Refusal {
            rule: None,
            message: message.into(),
            cites: Vec::new(),
        }
    }
}

impl From<RuleError> for Refusal {
    fn from(e: RuleError) -> Self {
        Refusal {
            rule: Some(e.rule),
            message: e.message,
            cites: Vec::new(),
        }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.rule {
            Some(r) if r != "input" => write!(f, "rule {r}: {}", self.message),
            _ => write!(f, "{}", self.message),
        }
    }
}

/// The AI's advice for a seat, from that seat's view.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Hint {
    /// The search that gave it.
    pub ai: String,
    /// Playouts run (0: a small step the AI leaves to its heuristic).
    pub iterations: u32,
    /// Seconds the search took.
    pub seconds: f64,
    /// The best actions, most tried first: at most five.
    pub choices: Vec<HintChoice>,
}

/// One action the AI weighed.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct HintChoice {
    /// Its index in the seat's actions.
    pub index: usize,
    /// Its text.
    pub text: String,
    /// The share of playouts through it the seat won.
    pub value: f64,
    /// Playouts through it.
    pub playouts: u32,
    /// Whether it is the game's heuristic player's choice.
    pub heuristic: bool,
}

/// Advice being worked out on another thread.
pub type Advising = Box<dyn FnOnce() -> Option<Hint> + Send>;

/// A computer seat's decision, worked out away from the game (on a blocking thread): the text
/// of the action it plays, or `None` when it has no legal action (a bug in the game).
pub type Thinking = Box<dyn FnOnce() -> Option<String> + Send>;

/// A game of any kind, played through text actions.
pub trait Hosted: Send {
    /// The game's name.
    fn game(&self) -> &'static str;
    /// The seats, in order.
    fn seats(&self) -> &'static [&'static str];
    /// Who the rules play at `seat` (solitaire's BOT), if anyone.
    fn rules_seat(&self, seat: Seat) -> Option<&'static str>;
    /// What people are told `seat` is ([`HostGame::seat_name`]).
    fn seat_name(&self, seat: Seat) -> String;
    /// The seat that decides now, or `None` once over.
    fn to_move(&self) -> Option<Seat>;
    /// How the game ended, once it has.
    fn outcome(&self) -> Option<Outcome>;
    /// What `seat` is shown, with the log lines it may read from line `since` on.
    fn seat_view(&self, seat: Seat, since: usize) -> SeatView;
    /// The log lines every seat may read (what spectators are shown), from line `since` on,
    /// with the number of lines before them and the rule sections each line cites.
    fn public_log(&self, since: usize) -> (usize, Vec<String>, Vec<Vec<Cite>>);
    /// The board as someone who holds no seat sees it (the game's public view), written out
    /// once: a spectator's page draws it as a seat's page draws the seat's view.
    fn public_board(&self) -> Box<serde_json::value::RawValue>;
    /// The reveal: the game's whole view (every block, hand, plan and hidden unit face up)
    /// and every line of the log. Only for a game that is over: the caller keeps that rule.
    fn whole_board(&self) -> Reveal;
    /// The turn.
    fn turn(&self) -> u32;
    /// The texts of `seat`'s legal actions (empty when it does not decide), in menu order.
    fn legal_texts(&self, seat: Seat) -> Vec<String>;
    /// Checks `text` as an action of `seat` without taking it.
    ///
    /// # Errors
    /// Not this seat's decision, text that names no action, or the rule that refuses it.
    fn check(&self, seat: Seat, text: &str) -> Result<(), Refusal>;
    /// Takes `text` as the action of `seat` (a person's, which undo may take back, when
    /// `undoable`), returning the action's text as the game writes it.
    ///
    /// # Errors
    /// As [`Hosted::check`]; nothing changes.
    fn take(&mut self, seat: Seat, text: &str, undoable: bool) -> Result<String, Refusal>;
    /// Undoes `seat`'s last decision if the rules allow; the number of actions kept.
    ///
    /// # Errors
    /// Nothing this seat may undo.
    fn undo(&mut self, seat: Seat) -> Result<usize, Refusal>;
    /// The decision of a computer seat, to be worked out on another thread.
    fn think(&self, seat: Seat, player: Player, budget: AiBudget, seed: u64) -> Thinking;
    /// The AI's advice for `seat` when it decides (from its view only), to be worked out on
    /// another thread; `None` when it does not decide.
    fn hint(&self, seat: Seat, budget: AiBudget, seed: u64) -> Option<Advising>;
    /// The save file of the game (the referee's record: only for a game that is over, or a
    /// local owner).
    fn save_json(&self, seats: Vec<String>) -> String;
    /// The fingerprint of the state.
    fn digest(&self) -> String;
    /// Actions taken and not undone.
    fn actions(&self) -> usize;
    /// The words `seat` must never be shown now ([`HostGame::secret_words`]).
    fn secret_words(&self, seat: Seat) -> Vec<String>;
    /// The dice seed.
    fn seed(&self) -> u64;
    /// A copy of the whole game (state, record, undo stack): a server takes a change on the
    /// copy and puts it in place only once the database has it.
    fn copy(&self) -> Box<dyn Hosted>;
    /// The version of the rules this build plays the game under ([`Game::RULES_VERSION`]).
    fn rules_version(&self) -> u32;
    /// What changed at each rules version ([`Game::RULES_CHANGES`]).
    fn rules_changes(&self) -> &'static [fiw_engine::RulesChange];
}

impl<G: HostGame> Hosted for Match<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn seats(&self) -> &'static [&'static str] {
        G::SEATS
    }

    fn rules_seat(&self, seat: Seat) -> Option<&'static str> {
        G::rules_seat(self.options(), seat)
    }

    fn seat_name(&self, seat: Seat) -> String {
        self.state().seat_name(seat)
    }

    fn to_move(&self) -> Option<Seat> {
        self.state().to_move()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.state().outcome()
    }

    fn seat_view(&self, seat: Seat, since: usize) -> SeatView {
        let state = self.state();
        let book = sections::<G>();
        let open = G::open(self.options());
        let deciding = state.to_move() == Some(seat);
        let mut legal = Vec::new();
        if deciding {
            state.legal_actions(&mut legal);
        }
        let actions = legal
            .iter()
            .enumerate()
            .map(|(index, a)| {
                let note = state.action_note(a);
                ActionInfo {
                    index,
                    text: state.action_text(a),
                    group: state.menu_group(a),
                    words: state.action_words(a),
                    note_cites: note.as_deref().map(|n| book.cites(n)).unwrap_or_default(),
                    note,
                    refs: state.action_refs(a),
                }
            })
            .collect();
        let (log_start, log) =
            lines_from(
                state.log().entries().iter().filter(|e| {
                    open || e.to == Visibility::Public || e.to == Visibility::Only(seat)
                }),
                since,
            );
        let prompt = state.prompt(Some(seat));
        SeatView {
            game: G::NAME,
            seat: G::SEATS.get(seat).copied().unwrap_or("?").to_string(),
            to_move: state.to_move().map(|s| G::SEATS[s].to_string()),
            turn: state.turn(),
            board: state.render(seat),
            view: raw(&state.view(seat)),
            actions,
            prompt_cites: prompt.as_deref().map(|p| book.cites(p)).unwrap_or_default(),
            prompt,
            log_start,
            log_cites: log.iter().map(|l| book.cites(l)).collect(),
            log,
            outcome: state.outcome().map(|o| ending::<G>(&o)),
            can_undo: deciding && self.can_undo(),
        }
    }

    fn public_log(&self, since: usize) -> (usize, Vec<String>, Vec<Vec<Cite>>) {
        let (start, log) = lines_from(
            self.state()
                .log()
                .entries()
                .iter()
                .filter(|e| e.to == Visibility::Public),
            since,
        );
        let book = sections::<G>();
        let cites = log.iter().map(|l| book.cites(l)).collect();
        (start, log, cites)
    }

    fn public_board(&self) -> Box<serde_json::value::RawValue> {
        raw(&self.state().public_view())
    }

    fn whole_board(&self) -> Reveal {
        let state = self.state();
        let log: Vec<String> = state
            .log()
            .entries()
            .iter()
            .map(|e| e.text.clone())
            .collect();
        let book = sections::<G>();
        Reveal {
            view: raw(&state.whole_view()),
            log_cites: log.iter().map(|l| book.cites(l)).collect(),
            log,
        }
    }

    fn turn(&self) -> u32 {
        self.state().turn()
    }

    fn legal_texts(&self, seat: Seat) -> Vec<String> {
        let state = self.state();
        if state.to_move() != Some(seat) {
            return Vec::new();
        }
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        legal.iter().map(|a| state.action_text(a)).collect()
    }

    fn check(&self, seat: Seat, text: &str) -> Result<(), Refusal> {
        self.action_of(seat, text).map(|_| ())
    }

    fn take(&mut self, seat: Seat, text: &str, undoable: bool) -> Result<String, Refusal> {
        let action = self.action_of(seat, text)?;
        let written = self.state().action_text(&action);
        match Match::take(self, action, undoable)? {
            Taken::Done => Ok(written),
            Taken::Ask(need) => Err(Refusal::plain(format!(
                "this game's dice are rolled by people, which a hosted game does not do ({})",
                need.label
            ))),
        }
    }

    fn undo(&mut self, seat: Seat) -> Result<usize, Refusal> {
        if self.state().to_move() != Some(seat) {
            return Err(Refusal::plain(
                "nothing to undo: undo takes back only your own decisions, on your turn",
            ));
        }
        Match::undo(self).ok_or_else(|| {
            Refusal::plain("nothing to undo: undo never goes back past a die roll, a card draw, a reveal or the other side's decisions")
        })
    }

    fn think(&self, seat: Seat, player: Player, budget: AiBudget, seed: u64) -> Thinking {
        let state = self.state().clone();
        Box::new(move || {
            let mut policy = policy_for::<G>(player, seed, seat, budget);
            let mut legal = Vec::new();
            decide(&state, seat, policy.as_mut(), &mut legal).map(|a| state.action_text(&a))
        })
    }

    fn hint(&self, seat: Seat, budget: AiBudget, seed: u64) -> Option<Advising> {
        if self.state().to_move() != Some(seat) {
            return None;
        }
        let state = self.state().clone();
        Some(Box::new(move || {
            let mut legal = Vec::new();
            state.legal_actions(&mut legal);
            let mut ai = crate::seats::ai::<G>(seed, budget);
            let analysis = ai.analyse(&fiw_engine::Seen::new(&state, seat), &legal);
            Some(Hint {
                ai: ai.name().to_string(),
                iterations: analysis.iterations,
                seconds: analysis.seconds,
                choices: analysis
                    .actions
                    .iter()
                    .take(5)
                    .map(|a| HintChoice {
                        index: a.index,
                        text: state.action_text(&a.action),
                        value: a.value,
                        playouts: a.visits,
                        heuristic: analysis.baseline == Some(a.action),
                    })
                    .collect(),
            })
        }))
    }

    fn save_json(&self, seats: Vec<String>) -> String {
        self.save_file().seated(seats).to_json()
    }

    fn digest(&self) -> String {
        self.state().digest()
    }

    fn actions(&self) -> usize {
        Match::actions(self).len()
    }

    fn secret_words(&self, seat: Seat) -> Vec<String> {
        self.state().secret_words(seat)
    }

    fn seed(&self) -> u64 {
        Match::seed(self)
    }

    fn copy(&self) -> Box<dyn Hosted> {
        Box::new(self.clone())
    }

    fn rules_version(&self) -> u32 {
        G::RULES_VERSION
    }

    fn rules_changes(&self) -> &'static [fiw_engine::RulesChange] {
        G::RULES_CHANGES
    }
}

impl<G: HostGame> Match<G> {
    /// The action `text` names for `seat`, if the rules allow it now.
    fn action_of(&self, seat: Seat, text: &str) -> Result<G::Action, Refusal> {
        let state = self.state();
        match state.to_move() {
            None => return Err(Refusal::plain("the game is over")),
            Some(s) if s != seat => {
                return Err(Refusal::plain(format!(
                    "it is the {} seat's decision, not the {}'s",
                    G::SEATS[s],
                    G::SEATS.get(seat).copied().unwrap_or("?")
                )))
            }
            Some(_) => {}
        }
        let cited = |e: RuleError| {
            let mut r = Refusal::from(e);
            r.cites = sections::<G>().cites(&r.message);
            r
        };
        let action = state.parse_action(text).map_err(cited)?;
        state.check(&action).map_err(cited)?;
        Ok(action)
    }
}

/// The section numbers of `G`'s rulebook, read once for each kind of game: a rulebook is built
/// with its assumed values (some read from data files), too much to build for every message.
fn sections<G: HostGame>() -> &'static Sections {
    static BOOKS: OnceLock<Mutex<HashMap<&'static str, &'static Sections>>> = OnceLock::new();
    let mut books = BOOKS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    books
        .entry(G::NAME)
        .or_insert_with(|| Box::leak(Box::new(Sections::of(&G::rulebook()))))
}

/// A view written out once (`null` for one that does not serialise, which no game's does).
fn raw<T: Serialize>(view: &T) -> Box<serde_json::value::RawValue> {
    serde_json::value::to_raw_value(view).unwrap_or_else(|_| {
        serde_json::value::RawValue::from_string("null".into()).expect("null is JSON")
    })
}

/// The lines of `entries` from line `since` on (or from the last line there is, when fewer),
/// with the number before them.
fn lines_from<'a>(
    entries: impl Iterator<Item = &'a fiw_engine::Entry>,
    since: usize,
) -> (usize, Vec<String>) {
    let all: Vec<&fiw_engine::Entry> = entries.collect();
    let start = since.min(all.len());
    (start, all[start..].iter().map(|e| e.text.clone()).collect())
}

/// The outcome with the winner named.
fn ending<G: Game>(o: &Outcome) -> Ending {
    Ending {
        winner: o
            .winner
            .map(|s| G::SEATS.get(s).copied().unwrap_or("?").to_string()),
        turn: o.turn,
        reason: o.reason.clone(),
    }
}

/// A new game of `game` set up from `setup` with dice seeded from `seed`, with its options as
/// JSON (what a server stores to rebuild it).
///
/// # Errors
/// An unknown game, or set-up choices the game refuses.
pub fn start(
    game: &str,
    setup: &SetupFlags,
    seed: u64,
) -> HostResult<(Box<dyn Hosted>, serde_json::Value)> {
    for_game!(game, G => {
        let options = <G as HostGame>::options(setup)?;
        let json = serde_json::to_value(&options)
            .map_err(|e| HostError::failure(format!("options: {e}")))?;
        Ok((fresh::<G>(options, seed)?, json))
    })
}

/// The seats of `game`, in order (a seat's number is its place here).
///
/// # Errors
/// An unknown game.
pub fn seats(game: &str) -> HostResult<&'static [&'static str]> {
    for_game!(game, G => Ok(<G as Game>::SEATS))
}

/// A game of `game` rebuilt from stored options and seed, before its actions are replayed.
///
/// # Errors
/// An unknown game, options that do not read, or that the game refuses.
pub fn rebuild(game: &str, options: &serde_json::Value, seed: u64) -> HostResult<Box<dyn Hosted>> {
    for_game!(game, G => fresh::<G>(stored_options::<G>(game, options)?, seed))
}

/// The stored options of a rematch of `game` played with `options`, sides swapped, and
/// whether the seats' players swap ([`HostGame::rematch_options`]).
///
/// # Errors
/// Options that do not read.
pub fn rematch(game: &str, options: &serde_json::Value) -> HostResult<(serde_json::Value, bool)> {
    for_game!(game, G => {
        let (swapped, seats) = G::rematch_options(&stored_options::<G>(game, options)?);
        let json = serde_json::to_value(&swapped)
            .map_err(|e| HostError::usage(format!("options of {game} do not write: {e}")))?;
        Ok((json, seats))
    })
}

/// A game's options as a server stores them.
fn stored_options<G: HostGame>(game: &str, options: &serde_json::Value) -> HostResult<G::Options> {
    serde_json::from_value(options.clone())
        .map_err(|e| HostError::usage(format!("stored options of {game} do not read: {e}")))
}

fn fresh<G: HostGame>(options: G::Options, seed: u64) -> HostResult<Box<dyn Hosted>> {
    let mut state = G::new(&options, seed).map_err(|e| HostError::usage(e.to_string()))?;
    state.set_logging(true);
    Ok(Box::new(Match::new(state, options, seed, Vec::new())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_starts_and_shows_each_seat_its_own_view() {
        for game in crate::KNOWN {
            let (g, _) = start(game, &SetupFlags::default(), 9).unwrap();
            let seat = g.to_move().unwrap();
            let v = g.seat_view(seat, 0);
            assert!(!v.actions.is_empty(), "{game}");
            for other in (0..g.seats().len()).filter(|&s| s != seat) {
                assert!(g.seat_view(other, 0).actions.is_empty(), "{game}");
            }
        }
    }

    #[test]
    fn a_rebuilt_game_replays_to_the_same_digest() {
        let (mut g, options) = start("louisbourg", &SetupFlags::default(), 4).unwrap();
        let mut played = Vec::new();
        for _ in 0..30 {
            let Some(seat) = g.to_move() else { break };
            let text = (g.think(seat, Player::Random, AiBudget::default(), 1))().unwrap();
            played.push((seat, g.take(seat, &text, false).unwrap()));
        }
        let mut again = rebuild("louisbourg", &options, 4).unwrap();
        for (seat, text) in &played {
            again.take(*seat, text, false).unwrap();
        }
        assert_eq!(again.digest(), g.digest());
    }

    #[test]
    fn a_hint_is_for_the_deciding_seat_and_names_its_actions() {
        let (g, _) = start("louisbourg", &SetupFlags::default(), 4).unwrap();
        let seat = g.to_move().unwrap();
        assert!(g.hint(1 - seat, AiBudget::default(), 1).is_none());
        let budget = AiBudget {
            iterations: Some(10),
            ms: Some(500),
        };
        let hint = (g.hint(seat, budget, 1).unwrap())().unwrap();
        let texts = g.legal_texts(seat);
        assert!(!hint.choices.is_empty());
        for c in &hint.choices {
            assert_eq!(texts[c.index], c.text);
        }
    }

    #[test]
    fn another_seats_action_and_bad_text_are_refused_and_change_nothing() {
        let (mut g, _) = start("louisbourg", &SetupFlags::default(), 4).unwrap();
        let seat = g.to_move().unwrap();
        let other = 1 - seat;
        let text = g.seat_view(seat, 0).actions[0].text.clone();
        let before = g.digest();
        let e = g.take(other, &text, true).unwrap_err();
        assert!(e.message.contains("decision"), "{e}");
        let e = g.check(seat, "fly to the moon").unwrap_err();
        assert_eq!(e.rule.as_deref(), Some("input"));
        assert_eq!(g.digest(), before);
        assert!(g.check(seat, &text).is_ok());
    }
}
