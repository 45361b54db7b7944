//! One game at the terminal, generic over every game: each human seat shown only its own
//! view, the rules explaining themselves (`why`), computer seats playing through the same
//! kernel, and nothing lost: bad input is answered in one line and the question asked again,
//! the game is saved after every action people watch, and the end of the input, Ctrl-C and
//! `quit` all leave it saved and say where.

use crate::input::{Line, Lines, MAX_LINE};
use crate::menu::{clip, decision, group_of, listed};
use fiw_engine::{decide, Ask, Game, Need, Policy, SaveFile, Seat, Seen};
use fiw_engine::{Outcome, Visibility};
use fiw_host::games::HostGame;
use fiw_host::seats::{policy_for, AiBudget, Player};
use fiw_host::{HostError, HostResult};
use fiw_host::{Match, Taken};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The decisions a game may take when nobody is watching, before it is declared stuck.
const MAX_ACTIONS: usize = 1_000_000;

/// What a save is, said whenever one is written or kept.
pub const SAVE_NOTE: &str = "a save is the referee's record of the whole game: the seed and both sides' secrets; to share a game without them, `fiw replay FILE --seat SIDE` shows it as one side saw it";

/// A choice number as typed: digits only. Rust's own reading of a number takes `+2` as 2, and
/// a player who types `+2` (a modifier, a side's strength) meant no menu choice (audit of
/// 2026-12-01, Solitaire #18).
fn choice_number(text: &str) -> Option<usize> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// The outcome in one line: `british wins on turn 8: Louisbourg taken`.
pub fn outcome_line<G: Game>(outcome: &Outcome) -> String {
    let who = match outcome.winner {
        Some(seat) => format!("{} wins", G::SEATS.get(seat).copied().unwrap_or("?")),
        None => "draw".to_string(),
    };
    format!("{who} on turn {}: {}", outcome.turn, outcome.reason)
}

/// How a human's line was taken.
enum Step<A> {
    /// Ask again (the line was answered).
    Continue,
    /// Take this action.
    Take(A),
    /// The player quit.
    Quit,
}

/// Why play stopped before the end.
pub enum Stop {
    /// The input ended (Ctrl-D, a closed pipe).
    End,
    /// Ctrl-C at a prompt.
    Interrupted,
    /// `quit`.
    Quit,
}

/// One game at the terminal.
pub struct Session<G: HostGame> {
    /// The game and its record (actions, undo, save).
    game: Match<G>,
    players: Vec<Player>,
    policies: Vec<Box<dyn Policy<G>>>,
    /// The search budget for `hint`.
    budget: AiBudget,
    /// `--save FILE`.
    save: Option<PathBuf>,
    /// Where a game people play is kept after every action (`fiw play --resume`).
    autosave: Option<PathBuf>,
    /// A save that could not be written has been said once on stderr.
    warned: bool,
    /// Clear the terminal with ANSI codes when the screen passes between two human seats.
    ansi_clear: bool,
    /// Log entries already shown.
    log_shown: usize,
    /// The human seat that last had the screen.
    screen: Option<Seat>,
    /// The computer seat whose "plays:" heading is the last thing shown.
    announced: Option<Seat>,
    /// Whether the board and choices must be shown before the next prompt.
    show_board: bool,
    /// `--svg FILE`: where the drawing of the game is kept.
    svg: Option<PathBuf>,
    /// The piece marked in the drawing: the last one an action named, or `select NAME`.
    selected: Option<String>,
    /// An action waiting for the player's `yes` ([`HostGame::confirm`]).
    pending: Option<G::Action>,
    /// `quit` typed with nothing to save the game to, waiting for `yes`.
    quitting: bool,
    /// The choice numbers `moves NAME` listed one by one, with the action each named then:
    /// the numbers change with every action, and a number read from an older list must not
    /// silently play another unit's order (issue 38, the audit of 2026-12-04's L3).
    listed_numbers: std::collections::HashMap<usize, String>,
}

impl<G: HostGame> Session<G> {
    /// A session on `state`, reached from `options` and `seed` by `actions`.
    pub fn new(
        state: G,
        options: G::Options,
        seed: u64,
        actions: Vec<String>,
        players: Vec<Player>,
        budget: AiBudget,
    ) -> Self {
        let policies = players
            .iter()
            .enumerate()
            .map(|(seat, p)| policy_for::<G>(*p, seed, seat, budget))
            .collect();
        let log_shown = state.log().entries().len();
        Session {
            game: Match::new(state, options, seed, actions),
            players,
            policies,
            budget,
            save: None,
            autosave: None,
            warned: false,
            ansi_clear: false,
            log_shown,
            screen: None,
            announced: None,
            show_board: true,
            svg: None,
            selected: None,
            pending: None,
            quitting: false,
            listed_numbers: std::collections::HashMap::new(),
        }
    }

    /// Keeps a drawing of the game in `path` (`--svg`), written now and after every action.
    ///
    /// # Errors
    /// Exit 2 for a game fiw does not draw, or a file that cannot be written.
    pub fn drawing_to(mut self, path: Option<PathBuf>) -> HostResult<Self> {
        let Some(path) = path else { return Ok(self) };
        if !G::DRAWS {
            return Err(crate::play::no_drawing::<G>());
        }
        self.svg = Some(path);
        self.redraw().map_err(HostError::usage)?;
        Ok(self)
    }

    /// Writes the game to `path` (`--save`): now, so that a path that cannot be written is
    /// found before play (exit 2), and again after every action people watch, and at the end.
    ///
    /// # Errors
    /// Exit 2 when the file cannot be written.
    pub fn saving_to(mut self, path: Option<PathBuf>) -> HostResult<Self> {
        if let Some(p) = &path {
            self.write_save(p)
                .map_err(|e| HostError::usage(format!("--save: {e}")))?;
        }
        self.save = path;
        Ok(self)
    }

    /// Keeps the game in `path` after every action (the autosave of a game people play).
    pub fn autosaving_to(mut self, path: Option<PathBuf>) -> Self {
        self.autosave = path;
        if let Some(p) = &self.autosave {
            if let Err(e) = self.write_save(p) {
                eprintln!("fiw: {e}; this game is not autosaved");
                self.autosave = None;
            }
        }
        self
    }

    /// The autosave file, if the game has one.
    pub fn autosave(&self) -> Option<&Path> {
        self.autosave.as_deref()
    }

    /// Clears the screen with ANSI codes (for a real terminal) between hot-seat players.
    pub fn clearing(mut self, ansi: bool) -> Self {
        self.ansi_clear = ansi;
        self
    }

    /// `british: human, french: random` (a seat the rules play: by what, `bot: BOT Action Chart`).
    pub fn seating(&self) -> String {
        G::SEATS
            .iter()
            .zip(&self.players)
            .enumerate()
            .map(|(seat, (s, p))| {
                format!(
                    "{s}: {}",
                    G::rules_seat(self.game.options(), seat).unwrap_or(p.name())
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The game as it stands.
    pub fn state(&self) -> &G {
        self.game.state()
    }

    /// Every action so far, as text.
    #[cfg(test)]
    pub fn actions(&self) -> &[String] {
        self.game.actions()
    }

    fn humans(&self) -> Vec<Seat> {
        (0..self.players.len())
            .filter(|&s| self.players[s] == Player::Human)
            .collect()
    }

    /// Whether people watch this game (a human seat, or dice that people roll): such a game is
    /// saved after every action.
    fn watched(&self) -> bool {
        !self.humans().is_empty() || self.state().dice().is_some_and(|d| d.is_manual())
    }

    /// The save of the game as it stands, with who plays each seat.
    pub fn save_file(&self) -> SaveFile<G::Options> {
        self.game
            .save_file()
            .seated(self.players.iter().map(|p| p.name().to_string()).collect())
    }

    fn write_save(&self, path: &Path) -> Result<(), String> {
        crate::files::write_whole(path, &(self.save_file().to_json() + "\n"))
    }

    /// The files the game is kept in, for messages: `game.json and ~/.local/state/fiw/…`.
    fn kept_in(&self) -> Option<String> {
        let files: Vec<String> = [&self.save, &self.autosave]
            .into_iter()
            .flatten()
            .map(|p| p.display().to_string())
            .collect();
        (!files.is_empty()).then(|| files.join(" and "))
    }

    /// After an action people watch: the save files are brought up to date (one that cannot
    /// be written is said once on stderr; the game goes on).
    fn persist(&mut self) {
        for path in [self.save.clone(), self.autosave.clone()]
            .into_iter()
            .flatten()
        {
            if let Err(e) = self.write_save(&path) {
                if !self.warned {
                    eprintln!("fiw: {e} (the game goes on)");
                    self.warned = true;
                }
            }
        }
    }

    /// Rewrites the drawing, if one is kept.
    fn redraw(&self) -> Result<(), String> {
        // drawn for the seat at the screen: its own hidden units are on it, the enemy's never
        let drawn = self.state().drawing(self.screen, self.selected.as_deref());
        let (Some(path), Some(text)) = (&self.svg, drawn) else {
            return Ok(());
        };
        std::fs::write(path, text)
            .map_err(|e| format!("cannot write the drawing to {}: {e}", path.display()))
    }

    /// Plays to the end, to `quit`, or to the end of the input.
    pub fn run(&mut self, input: &mut dyn Lines, out: &mut dyn Write) -> HostResult {
        let mut legal = Vec::with_capacity(64);
        let mut unattended = 0usize;
        while let Some(seat) = self.state().to_move() {
            let turn = self.state().turn();
            let no_action = || {
                HostError::failure(format!(
                    "{} offers no legal action to {} on turn {turn} (a bug in the game)",
                    G::NAME,
                    G::SEATS[seat],
                ))
            };
            let action = match self.players.get(seat).copied().unwrap_or(Player::Random) {
                Player::Random | Player::Heuristic | Player::Ai => {
                    if !self.watched() {
                        unattended += 1;
                        if unattended > MAX_ACTIONS {
                            return Err(HostError::failure(format!(
                                "the game did not end within {MAX_ACTIONS} decisions (a bug in the game)"
                            )));
                        }
                    }
                    decide(
                        self.game.state(),
                        seat,
                        self.policies[seat].as_mut(),
                        &mut legal,
                    )
                    .ok_or_else(no_action)?
                }
                Player::Human => {
                    self.state().legal_actions(&mut legal);
                    if legal.is_empty() {
                        return Err(no_action());
                    }
                    if let Some(previous) = self.screen {
                        if previous != seat && !G::open(self.game.options()) {
                            if let Some(stop) = self.pass_screen(seat, input, out)? {
                                return self.stopped(stop, out);
                            }
                            self.show_board = true;
                        }
                    }
                    if self.screen.replace(seat) != Some(seat) {
                        // the drawing is now this seat's
                        if let Err(e) = self.redraw() {
                            eprintln!("fiw: {e}");
                        }
                    }
                    self.announced = None;
                    if self.show_board {
                        write!(out, "{}", decision(self.state(), seat, &legal))?;
                        self.show_board = false;
                    }
                    let line = input.line(&format!("{}> ", self.state().seat_name(seat)), out)?;
                    let text = match line {
                        Line::Text(t) => t,
                        Line::TooLong(n) => {
                            writeln!(
                                out,
                                "that line is {n} characters long: no command or action is longer than {MAX_LINE}; nothing was taken"
                            )?;
                            continue;
                        }
                        Line::End => {
                            writeln!(out)?;
                            return self.stopped(Stop::End, out);
                        }
                        Line::Interrupted => return self.stopped(Stop::Interrupted, out),
                    };
                    match self.human_line(seat, text.trim(), &legal, out)? {
                        Step::Continue => continue,
                        Step::Quit => return self.stopped(Stop::Quit, out),
                        Step::Take(action) => action,
                    }
                }
            };
            if let Some(stop) = self.take(seat, action, input, out)? {
                return self.stopped(stop, out);
            }
        }
        self.finish(out)
    }

    /// Applies `action` for `seat`, asking people for the dice and cards it needs when they
    /// roll them. `Some` when the input stopped while asking (the action is then not taken).
    fn take(
        &mut self,
        seat: Seat,
        action: G::Action,
        input: &mut dyn Lines,
        out: &mut dyn Write,
    ) -> HostResult<Option<Stop>> {
        let human = self.players.get(seat) == Some(&Player::Human);
        let text = self.state().action_text(&action);
        loop {
            match self.game.take(action, human) {
                Ok(Taken::Done) => break,
                Ok(Taken::Ask(need)) => match ask_people(&need, input, out)? {
                    Ok(answer) => self.game.answer(answer),
                    Err(stop) => return Ok(Some(stop)),
                },
                Err(e) if human => {
                    // nothing has changed; say why and ask again
                    writeln!(out, "not allowed: {e}")?;
                    return Ok(None);
                }
                Err(e) => {
                    return Err(HostError::failure(format!(
                        "{} chose '{text}', which the rules refuse: {e} (a bug)",
                        G::SEATS[seat]
                    )))
                }
            }
        }
        if let Some(name) = self.state().menu_group(&action) {
            self.selected = Some(name);
        }
        if let Err(e) = self.redraw() {
            eprintln!("fiw: {e}");
        }
        if self.watched() {
            self.persist();
            // The action's text may name hidden blocks or cards, so a human is shown what the
            // game's log lets them read of it (a computer's actions under one heading a run).
            self.show_new_log(seat, out)?;
            self.show_board = true;
        }
        Ok(None)
    }

    /// The game is over: the board as it ends (for the person at the screen: the last actions,
    /// the BOT's or the other side's, changed it after it was last shown; audit of 2026-12-01,
    /// Solitaire #18), the outcome, and the save if one was asked for.
    fn finish(&mut self, out: &mut dyn Write) -> HostResult {
        if let Some(seat) = self.screen.filter(|_| !self.humans().is_empty()) {
            write!(out, "{}", self.state().render(seat))?;
            writeln!(out)?;
        }
        let line = match self.state().outcome() {
            Some(outcome) => outcome_line::<G>(&outcome),
            None => format!(
                "the game stopped on turn {} with no outcome",
                self.state().turn()
            ),
        };
        writeln!(
            out,
            "game over after {} actions: {line}",
            self.game.actions().len()
        )?;
        if let Some(path) = &self.save {
            self.write_save(path).map_err(HostError::failure)?;
            writeln!(out, "game saved to {} ({SAVE_NOTE})", path.display())?;
        }
        if self.autosave.is_some() {
            self.persist();
        }
        Ok(())
    }

    /// Play stopped before the end: the game is saved (it was after every action; once more
    /// now) and the player told where and how to go on.
    fn stopped(&mut self, stop: Stop, out: &mut dyn Write) -> HostResult {
        let turn = self.state().turn();
        let why = match stop {
            Stop::End => format!("end of input on turn {turn}"),
            Stop::Interrupted => format!("interrupted on turn {turn}"),
            Stop::Quit => format!("quit on turn {turn}"),
        };
        self.persist();
        match self.kept_in() {
            Some(files) => {
                let resume = match (&self.autosave, &self.save) {
                    (Some(_), _) => format!("fiw play {} --resume", G::NAME),
                    (None, Some(p)) => format!("fiw play {} --load {}", G::NAME, p.display()),
                    (None, None) => unreachable!("kept_in names a file"),
                };
                writeln!(
                    out,
                    "{why}: the game is saved in {files} (go on with: {resume})"
                )?
            }
            None => writeln!(out, "{why}: game left unfinished, nothing saved")?,
        }
        Ok(())
    }

    /// Hides the last player's screen and waits for the next one; `Some` if the input stops.
    fn pass_screen(
        &mut self,
        seat: Seat,
        input: &mut dyn Lines,
        out: &mut dyn Write,
    ) -> HostResult<Option<Stop>> {
        self.clear_screen(out)?;
        let prompt = format!(
            "Pass the screen to the {} player and press Enter. ",
            self.game.state().seat_name(seat)
        );
        let stop = match input.line(&prompt, out)? {
            Line::End => Some(Stop::End),
            Line::Interrupted => Some(Stop::Interrupted),
            Line::Text(_) | Line::TooLong(_) => None,
        };
        self.clear_screen(out)?;
        Ok(stop)
    }

    fn clear_screen(&self, out: &mut dyn Write) -> HostResult {
        if self.ansi_clear {
            // Clear the screen and the scrollback, then home the cursor.
            write!(out, "\x1b[2J\x1b[3J\x1b[H")?;
        } else {
            writeln!(out, "\n---------------- screen cleared ----------------\n")?;
        }
        Ok(())
    }

    /// `moves NAME`: the actions of one group of the menu, with their numbers; the piece is
    /// selected in the drawing.
    fn moves(&mut self, name: &str, legal: &[G::Action], out: &mut dyn Write) -> HostResult {
        if name.is_empty() {
            writeln!(
                out,
                "moves needs a name: moves NAME (e.g. a unit of the menu)"
            )?;
            return Ok(());
        }
        let mine = group_of(self.state(), legal, name);
        if mine.is_empty() {
            if legal.iter().all(|a| self.state().menu_group(a).is_none()) {
                writeln!(
                    out,
                    "every choice is listed on the board ('board' shows them)"
                )?;
            } else {
                match self.state().piece_on_board(&clip(name)) {
                    Ok(()) => writeln!(out, "{} has no choices now", clip(name))?,
                    Err(why) => writeln!(out, "{why}")?,
                }
            }
            return Ok(());
        }
        write!(out, "{}", listed(self.state(), legal, &mine))?;
        for &i in &mine {
            let text = self.state().action_text(&legal[i]);
            self.listed_numbers.insert(i + 1, text);
        }
        if self.svg.is_some() {
            self.selected = Some(name.to_string());
            if let Err(e) = self.redraw() {
                writeln!(out, "{e}")?;
            }
        }
        Ok(())
    }

    /// `select NAME`: marks a piece in the drawing (D3: its field of fire and 6" zone).
    fn select(&mut self, name: &str, out: &mut dyn Write) -> HostResult {
        if self.svg.is_none() {
            writeln!(
                out,
                "nothing is drawn: start the game with --svg FILE to keep a drawing"
            )?;
        } else if name.is_empty() {
            writeln!(out, "select needs a name: select NAME")?;
        } else if let Err(why) = self.state().piece_on_board(&clip(name)) {
            writeln!(out, "{why}")?;
        } else {
            self.selected = Some(name.to_string());
            match self.redraw() {
                Ok(()) => writeln!(out, "{name} selected in the drawing")?,
                Err(e) => writeln!(out, "{e}")?,
            }
        }
        Ok(())
    }

    /// Log entries added since the last call that the screen's reader may see.
    fn show_new_log(&mut self, acting: Seat, out: &mut dyn Write) -> HostResult {
        let entries = self.game.state().log().entries();
        let start = self.log_shown.min(entries.len());
        // A human's own action is shown to that human; a computer's to the one human watching.
        let humans = self.humans();
        let human = self.players.get(acting) == Some(&Player::Human);
        let reader = if human {
            Some(acting)
        } else if humans.len() == 1 {
            Some(humans[0])
        } else {
            None
        };
        let open = G::open(self.game.options());
        for e in &entries[start..] {
            let visible = match e.to {
                Visibility::Public => true,
                Visibility::Only(s) => open || Some(s) == reader,
            };
            if visible {
                if !human && self.announced != Some(acting) {
                    writeln!(out, "{} plays:", G::SEATS[acting])?;
                    self.announced = Some(acting);
                }
                writeln!(out, "  | {}", e.text)?;
            }
        }
        self.log_shown = entries.len();
        Ok(())
    }

    /// A human's line: an action to take, or a command answered here.
    fn human_line(
        &mut self,
        seat: Seat,
        line: &str,
        legal: &[G::Action],
        out: &mut dyn Write,
    ) -> HostResult<Step<G::Action>> {
        if line.is_empty() {
            return Ok(Step::Continue);
        }
        if std::mem::take(&mut self.quitting) {
            if matches!(line, "yes" | "y") {
                return Ok(Step::Quit);
            }
            writeln!(out, "not quitting")?;
            if matches!(line, "no" | "n") {
                return Ok(Step::Continue);
            }
        }
        if let Some(action) = self.pending.take() {
            if matches!(line, "yes" | "y") {
                return Ok(Step::Take(action));
            }
            writeln!(out, "not done: '{}'", self.state().action_text(&action))?;
            if matches!(line, "no" | "n") {
                return Ok(Step::Continue);
            }
        }
        if let Some(n) = choice_number(line) {
            if (1..=legal.len()).contains(&n) {
                let now = self.state().action_text(&legal[n - 1]);
                if let Some(then) = self.listed_numbers.get(&n).filter(|t| **t != now) {
                    writeln!(
                        out,
                        "choice {n} was '{then}' when listed; the choices have changed since (it is now '{now}'): type the order, or list them again"
                    )?;
                    self.listed_numbers.remove(&n);
                    return Ok(Step::Continue);
                }
                return self.confirmed(legal[n - 1], out);
            }
            writeln!(
                out,
                "there is no choice {n}: type a number from 1 to {}",
                legal.len()
            )?;
            return Ok(Step::Continue);
        }
        if let Some(action) = legal.iter().find(|a| self.state().action_text(a) == line) {
            return self.confirmed(*action, out);
        }
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (line, ""),
        };
        match word {
            "why" => self.why(rest, legal, out)?,
            "log" if rest.is_empty() => {
                let mut any = false;
                for e in self.state().log().visible_to(seat) {
                    writeln!(out, "  | {}", e.text)?;
                    any = true;
                }
                if !any {
                    writeln!(out, "the log is empty")?;
                }
            }
            "undo" if rest.is_empty() => match self.game.undo() {
                Some(n) => {
                    self.log_shown = self.state().log().entries().len();
                    self.show_board = true;
                    if let Err(e) = self.redraw() {
                        eprintln!("fiw: {e}");
                    }
                    self.persist();
                    writeln!(out, "undone: back to before action {}", n + 1)?;
                }
                None => writeln!(
                    out,
                    "nothing to undo: undo never goes back past a die roll, a card draw, a reveal or the other side's decisions"
                )?,
            },
            "save" => {
                if rest.is_empty() {
                    writeln!(out, "save needs a file name: save FILE")?;
                } else {
                    match self.write_save(Path::new(rest)) {
                        Ok(()) => writeln!(
                            out,
                            "saved {} actions to {rest} (resume with: fiw play {} --load {rest}); {SAVE_NOTE}",
                            self.game.actions().len(),
                            G::NAME
                        )?,
                        Err(e) => writeln!(out, "{}", clip(&e))?,
                    }
                }
            }
            "hint" if rest.is_empty() => self.hint(seat, legal, out)?,
            "show" if rest.is_empty() => writeln!(out, "{}", self.state().render(seat).trim_end())?,
            "moves" => self.moves(rest, legal, out)?,
            "select" => self.select(rest, out)?,
            "rules" => {
                let section = (!rest.is_empty()).then_some(rest);
                match crate::rules::render(G::NAME, &G::rulebook(), section) {
                    Ok(text) => write!(out, "{text}")?,
                    Err(e) => writeln!(out, "{}", clip_long(&e.to_string()))?,
                }
            }
            "help" | "?" if rest.is_empty() => self.help(legal, out)?,
            "board" | "list" if rest.is_empty() => {
                write!(out, "{}", decision(self.state(), seat, legal))?
            }
            "quit" | "exit" if rest.is_empty() => {
                if self.kept_in().is_some() {
                    return Ok(Step::Quit);
                }
                writeln!(
                    out,
                    "nothing is saved (no --save file, and no autosave): quit and lose the game? (yes to quit)"
                )?;
                self.quitting = true;
            }
            _ if G::COMMANDS
                .iter()
                .any(|(usage, _)| usage.split_whitespace().next() == Some(word)) =>
            {
                match self.state().command(seat, word, rest) {
                    Some(answer) => writeln!(out, "{}", answer.trim_end())?,
                    None => writeln!(out, "{word}: nothing to show")?,
                }
            }
            _ => match self.state().parse_action(line) {
                Ok(action) => match self.state().check(&action) {
                    Ok(()) => return self.confirmed(action, out),
                    Err(e) => writeln!(out, "not allowed: {}", clip_long(&e.to_string()))?,
                },
                Err(e) => writeln!(
                    out,
                    "not understood: '{}' ({}); type a number from 1 to {}, an action, or 'help'",
                    clip(line),
                    clip_long(&e.to_string()),
                    legal.len()
                )?,
            },
        }
        Ok(Step::Continue)
    }

    /// A chosen action, taken now, or held for the player's `yes` when the game asks
    /// ([`HostGame::confirm`]).
    fn confirmed(&mut self, action: G::Action, out: &mut dyn Write) -> HostResult<Step<G::Action>> {
        match self.state().confirm(&action) {
            Some(question) => {
                writeln!(
                    out,
                    "{question} (yes to go on, anything else to choose again)"
                )?;
                self.pending = Some(action);
                Ok(Step::Continue)
            }
            None => Ok(Step::Take(action)),
        }
    }

    fn why(&self, text: &str, legal: &[G::Action], out: &mut dyn Write) -> HostResult {
        if text.is_empty() {
            writeln!(out, "why needs an action: why TEXT (or a choice number)")?;
            return Ok(());
        }
        if let Some(n) = choice_number(text) {
            match legal.get(n.wrapping_sub(1)) {
                Some(a) => writeln!(
                    out,
                    "legal: choice {n} is '{}'",
                    self.state().action_text(a)
                )?,
                None => writeln!(
                    out,
                    "there is no choice {n}: the choices run from 1 to {}",
                    legal.len()
                )?,
            }
            return Ok(());
        }
        match self.state().parse_action(text) {
            Ok(action) => match self.state().check(&action) {
                Ok(()) => writeln!(out, "legal")?,
                Err(e) => writeln!(out, "illegal: {}", clip_long(&e.to_string()))?,
            },
            Err(e) => writeln!(
                out,
                "'{}' is not an action: {}",
                clip(text),
                clip_long(&e.to_string())
            )?,
        }
        Ok(())
    }

    /// What the search AI would play here, from this seat's view only, and why: its top
    /// choices with how often it tried each and the share of those playouts the seat won.
    fn hint(&self, seat: Seat, legal: &[G::Action], out: &mut dyn Write) -> HostResult {
        let mut ai = fiw_host::seats::ai::<G>(
            fiw_engine::game_seed(self.game.seed(), 0x4817 + self.game.actions().len() as u64),
            self.budget,
        );
        let analysis = ai.analyse(&Seen::new(self.state(), seat), legal);
        if analysis.iterations == 0 {
            if let Some(best) = analysis.best() {
                let choice = legal
                    .iter()
                    .position(|l| *l == best.action)
                    .map_or(0, |i| i + 1);
                writeln!(
                    out,
                    "hint ({}): choice {choice}: {} (a small step the AI leaves to its heuristic, without playouts)",
                    ai.name(),
                    self.state().action_text(&best.action)
                )?;
            }
            return Ok(());
        }
        writeln!(
            out,
            "hint ({} search, {} playouts in {:.2} s): value = share of playouts won from here",
            ai.name(),
            analysis.iterations,
            analysis.seconds
        )?;
        for (rank, a) in analysis.actions.iter().take(5).enumerate() {
            let choice = legal
                .iter()
                .position(|l| *l == a.action)
                .map_or(0, |i| i + 1);
            let base = if analysis.baseline == Some(a.action) {
                "  the heuristic's choice"
            } else {
                ""
            };
            writeln!(
                out,
                "  {}. choice {choice}: {:<44} value {:.2}  ({} playouts){base}",
                rank + 1,
                self.state().action_text(&a.action),
                a.value,
                a.visits
            )?;
        }
        Ok(())
    }

    fn help(&self, legal: &[G::Action], out: &mut dyn Write) -> HostResult {
        let range = format!("1..{}", legal.len());
        let mut extra = String::new();
        if legal.iter().any(|a| self.state().menu_group(a).is_some()) {
            extra += "\n  moves NAME    list one unit's choices, with their numbers";
        }
        if self.svg.is_some() {
            extra +=
                "\n  select NAME   mark a unit in the drawing (its field of fire and 6\" zone)";
        }
        for (usage, what) in G::COMMANDS {
            extra += &format!("\n  {usage:<13} {what}");
        }
        let saved = match self.kept_in() {
            Some(files) => format!(" (the game is saved in {files} after every action)"),
            None => " (nothing is saved)".to_string(),
        };
        writeln!(
            out,
            "Commands:\n\
             \x20 {range:<13} take that choice\n\
             \x20 ACTION        take an action by its text, as listed (or any legal one typed)\n\
             \x20 why ACTION    say whether an action is legal now, and which rule refuses it\n\
             \x20 show          the situation, without the choices\n\
             \x20 log           the game's log, as far as you may read it\n\
             \x20 undo          take back your last action (never past a roll, a draw or a reveal)\n\
             \x20 hint          what the AI would play here: its top choices and their values\n\
             \x20 board         show the board and the choices again{extra}\n\
             \x20 rules [SEC]   the rules as fiw plays them: every section, or one (e.g. rules {})\n\
             \x20 save FILE     save the game (resume with: fiw play {} --load FILE)\n\
             \x20 help          this list\n\
             \x20 quit          stop playing{saved}",
            G::rulebook()
                .sections
                .first()
                .map_or("1", |s| s.section.as_str()),
            G::NAME,
        )?;
        Ok(())
    }
}

/// Asks the players for a roll or a card their dice must give (manual dice), until the answer
/// is one the need accepts. `Err` when the input stops or they quit.
///
/// # Errors
/// The input or the output fails.
pub fn ask_people(
    need: &Need,
    input: &mut dyn Lines,
    out: &mut dyn Write,
) -> HostResult<Result<Vec<u8>, Stop>> {
    let what = match &need.ask {
        Ask::Dice { count: 1, sides } => format!("type the die (1 to {sides})"),
        Ask::Dice { count, sides } => format!("type the {count} dice (1 to {sides} each)"),
        Ask::Card { .. } => "type the card drawn, by its name".to_string(),
    };
    writeln!(out, "{}: {what}", need.label)?;
    loop {
        let text = match input.line("dice> ", out)? {
            Line::Text(t) => t,
            Line::TooLong(n) => {
                writeln!(out, "that line is {n} characters long; {what}")?;
                continue;
            }
            Line::End => {
                writeln!(out)?;
                return Ok(Err(Stop::End));
            }
            Line::Interrupted => return Ok(Err(Stop::Interrupted)),
        };
        match text.trim() {
            "quit" | "exit" => return Ok(Err(Stop::Quit)),
            "" => continue,
            t => match need.read(t) {
                Ok(answer) => return Ok(Ok(answer)),
                Err(e) => writeln!(out, "{e}")?,
            },
        }
    }
}

/// A message built from typed text (a rule's refusal may quote it), cut short if very long.
fn clip_long(text: &str) -> String {
    const MAX: usize = 300;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        text.chars().take(MAX).collect::<String>() + "…"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::Reader;
    use crate::testgame::{Race, RaceOptions};
    use std::io::Cursor;

    fn session(players: &[Player], seed: u64) -> Session<Race> {
        session_with(players, seed, RaceOptions::default())
    }

    fn session_with(players: &[Player], seed: u64, options: RaceOptions) -> Session<Race> {
        let mut state = Race::new(&options, seed).unwrap();
        state.set_logging(true);
        Session::new(
            state,
            options,
            seed,
            Vec::new(),
            players.to_vec(),
            fiw_host::seats::DEFAULT_AI,
        )
    }

    fn play(s: &mut Session<Race>, input: &str) -> String {
        let mut out = Vec::new();
        s.run(
            &mut Reader(Cursor::new(input.as_bytes().to_vec())),
            &mut out,
        )
        .unwrap();
        String::from_utf8(out).unwrap()
    }

    fn temp(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("fiw-session-{}-{name}.json", std::process::id()))
    }

    #[test]
    fn illegal_text_cites_the_rule_and_the_decision_is_asked_again() {
        let mut s = session(&[Player::Human, Player::Human], 1);
        let out = play(
            &mut s,
            "step 3\nwhy step 3\nwhy step 1\nwhy frobnicate\nfrobnicate\n99\nquit\nyes\n",
        );
        assert!(out.contains("not allowed: rule 2.1"), "{out}");
        assert!(out.contains("illegal: rule 2.1"), "{out}");
        assert!(out.contains("> legal\n"), "{out}");
        assert!(out.contains("'frobnicate' is not an action"), "{out}");
        assert!(out.contains("not understood: 'frobnicate'"), "{out}");
        assert!(out.contains("there is no choice 99"), "{out}");
        assert!(out.contains("quit and lose the game?"), "{out}");
        assert!(
            out.contains("quit on turn 1: game left unfinished, nothing saved"),
            "{out}"
        );
        assert!(s.actions().is_empty());
    }

    #[test]
    fn quit_with_nothing_saved_asks_first() {
        let mut s = session(&[Player::Human, Player::Random], 1);
        let out = play(&mut s, "quit\nno\nstep 1\nquit\nyes\n");
        assert!(out.contains("not quitting"), "{out}");
        assert_eq!(s.actions(), &["step 1".to_string()]);
        assert!(out.contains("nothing saved"), "{out}");
    }

    #[test]
    fn undo_goes_back_within_a_seat_but_never_past_a_roll() {
        let mut s = session(&[Player::Human, Player::Human], 1);
        let out = play(
            &mut s,
            "step 1\nundo\nundo\nstep 1\nroll\nundo\nquit\nyes\n",
        );
        assert!(out.contains("undone: back to before action 1"), "{out}");
        assert!(out.matches("nothing to undo").count() == 2, "{out}");
        assert_eq!(s.actions(), &["step 1".to_string(), "roll".to_string()]);
    }

    #[test]
    fn hot_seat_passes_the_screen_and_hides_private_log_lines() {
        let mut s = session(&[Player::Human, Player::Human], 1);
        let out = play(&mut s, "end\n\nlog\nquit\nyes\n");
        assert!(out.contains("Pass the screen to the blue player"), "{out}");
        assert!(out.contains("screen cleared"), "{out}");
        // red's private note went to red's screen before the pass, never to blue's log.
        let after_pass = out.split("Pass the screen").nth(1).unwrap();
        assert!(!after_pass.contains("red's private note"), "{out}");
        assert!(
            out.split("Pass the screen")
                .next()
                .unwrap()
                .contains("red's private note"),
            "{out}"
        );
    }

    #[test]
    fn a_random_opponent_is_shown_only_through_the_log() {
        let mut s = session(&[Player::Human, Player::Random], 2);
        let out = play(&mut s, "end\nquit\nyes\n");
        assert!(out.contains("blue plays:\n  | blue "), "{out}");
        // Only what the log lets red read: never blue's private lines.
        assert!(!out.contains("blue's private note"), "{out}");
        assert!(!out.contains("Pass the screen"), "{out}");
    }

    #[test]
    fn the_end_of_input_saves_the_game_where_it_stands() {
        let path = temp("eof");
        let mut s = session(&[Player::Human, Player::Random], 2)
            .saving_to(Some(path.clone()))
            .unwrap();
        let out = play(&mut s, "step 1\n");
        assert!(
            out.contains("end of input on turn 1: the game is saved in"),
            "{out}"
        );
        let saved = std::fs::read_to_string(&path).unwrap();
        let replayed = fiw_engine::replay::<Race>(&saved, true).unwrap();
        assert_eq!(replayed.save.actions, vec!["step 1".to_string()]);
        assert_eq!(
            replayed.save.seats,
            vec!["human".to_string(), "random".to_string()]
        );
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn every_action_people_watch_is_saved_at_once() {
        let (save, auto) = (temp("each-save"), temp("each-auto"));
        let mut s = session(&[Player::Human, Player::Human], 2)
            .saving_to(Some(save.clone()))
            .unwrap()
            .autosaving_to(Some(auto.clone()));
        // the files hold the game after each action, before anything else is typed
        let mut out = Vec::new();
        let mut lines = Reader(Cursor::new(b"step 1\nstep 1\n".to_vec()));
        s.run(&mut lines, &mut out).unwrap();
        for p in [&save, &auto] {
            let saved = std::fs::read_to_string(p).unwrap();
            let r = fiw_engine::replay::<Race>(&saved, true).unwrap();
            assert_eq!(r.save.actions.len(), 2, "{}", p.display());
            let _ = std::fs::remove_file(p);
        }
    }

    #[test]
    fn an_unwritable_save_is_refused_before_play() {
        let bad = std::env::temp_dir().join("fiw-no-such-dir/x/game.json");
        let e = session(&[Player::Human, Player::Random], 2)
            .saving_to(Some(bad))
            .err()
            .unwrap();
        assert_eq!(e.exit_code(), Some(2));
        assert!(e.to_string().starts_with("--save: cannot write"), "{e}");
    }

    #[test]
    fn unattended_games_end_and_their_saves_replay() {
        let mut s = session(&[Player::Random, Player::Random], 7);
        let out = play(&mut s, "");
        assert!(out.contains("game over after"), "{out}");
        let json = s.save_file().to_json();
        let replayed = fiw_engine::replay::<Race>(&json, false).unwrap();
        assert_eq!(replayed.state.digest(), s.state().digest());
    }

    #[test]
    fn garbage_bytes_and_huge_lines_get_an_answer() {
        let mut s = session(&[Player::Human, Player::Random], 2);
        let mut input = b"\xff\xfe\x00\n".to_vec();
        input.extend(std::iter::repeat_n(b'z', 100_000));
        input.extend_from_slice(b"\nquit\nyes\n");
        let mut out = Vec::new();
        s.run(&mut Reader(Cursor::new(input)), &mut out).unwrap();
        let out = String::from_utf8_lossy(&out);
        assert!(out.contains("not understood"), "{out}");
        assert!(out.contains("that line is 100000 characters long"), "{out}");
        assert!(!out.contains("zzzzzzzzzz"), "the long line is not echoed");
    }

    #[test]
    fn manual_dice_are_asked_for_checked_and_recorded() {
        let options = RaceOptions::default();
        let mut state = Race::with_dice(&options, fiw_engine::Dice::manual(5, &[])).unwrap();
        state.set_logging(true);
        let mut s = Session::new(
            state,
            options,
            5,
            Vec::new(),
            vec![Player::Human, Player::Random],
            fiw_host::seats::DEFAULT_AI,
        );
        let out = play(&mut s, "roll\n9\n4 5\n4\nquit\n");
        assert!(
            out.contains("red rolls a die to move (2.2): type the die (1 to 6)"),
            "{out}"
        );
        assert!(out.contains("'9' is not a face of the die"), "{out}");
        assert!(out.contains("type 1 die"), "{out}");
        assert!(out.contains("red rolls 4"), "{out}");
        let save = s.save_file();
        assert_eq!(save.actions, vec!["roll".to_string()]);
        assert_eq!(save.manual_dice.as_deref(), Some(&[4u8][..]));
        let replayed = fiw_engine::replay::<Race>(&save.to_json(), true).unwrap();
        assert_eq!(replayed.state.digest(), s.state().digest());
    }

    #[test]
    fn a_confirmation_holds_the_action_until_yes() {
        let options = RaceOptions {
            confirm_end: true,
            ..Default::default()
        };
        let mut s = session_with(&[Player::Human, Player::Human], 3, options);
        // the race asks before 'end' with steps left (its HostGame::confirm)
        let out = play(&mut s, "end\nno\nend\nyes\nquit\nyes\n");
        assert!(out.contains("end with steps left?"), "{out}");
        assert!(out.contains("not done: 'end'"), "{out}");
        assert_eq!(s.actions(), &["end".to_string()]);
    }
}
