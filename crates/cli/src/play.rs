//! `fiw play`: the terminal game loop, generic over every game.
//!
//! The loop reads lines (so it works interactively, piped, and in tests), shows each human seat
//! only its own view, lets the rules explain themselves (`why`), and never loses the decision on
//! bad input: anything it cannot use is answered with one line and the same question again.

use crate::error::{CliError, CliResult};
use crate::games::{CliGame, SetupFlags};
use crate::seats::{policy_for, AiBudget, Player};
use fiw_engine::{decide, Game, Outcome, Policy, SaveFile, Seat, Seen, UndoStack, Visibility};
use std::io::{self, BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};

/// The decisions a game may take when nobody is watching, before it is declared stuck.
const MAX_ACTIONS: usize = 1_000_000;

/// The longest menu shown whole; a longer one whose game groups its actions (D3: by unit) is
/// shown one line a group, and `moves NAME` lists a group.
const FULL_MENU: usize = 40;

/// `fiw play` as typed.
#[derive(Clone, Debug, Default)]
pub struct PlayArgs {
    /// `--seat SIDE=POLICY`, as typed.
    pub seats: Vec<String>,
    /// `--seed N`.
    pub seed: Option<u64>,
    /// `--load FILE`.
    pub load: Option<PathBuf>,
    /// `--save FILE`.
    pub save: Option<PathBuf>,
    /// `--svg FILE`: a drawing of the game kept up to date.
    pub svg: Option<PathBuf>,
    /// Set-up flags.
    pub flags: SetupFlags,
    /// The search budget of `ai` seats (and of `hint`).
    pub budget: AiBudget,
}

/// Runs `fiw play` for game `G` on the process's stdin and stdout.
pub fn run<G: CliGame>(args: &PlayArgs) -> CliResult {
    let players = crate::games::players::<G>(&args.seats, Player::Human, true)?;
    if args.svg.is_some() && !G::DRAWS {
        return Err(no_drawing::<G>());
    }
    let mut out = io::stdout().lock();
    let session = if let Some(path) = &args.load {
        let json = read_save(path)?;
        let replayed = fiw_engine::replay::<G>(&json, true)
            .map_err(|e| CliError::usage(format!("cannot load {}: {e}", path.display())))?;
        writeln!(
            out,
            "{}: resumed {} after {} actions (seed {})",
            G::NAME,
            path.display(),
            replayed.save.actions.len(),
            replayed.save.seed
        )?;
        Session::new(
            replayed.state,
            replayed.save.options,
            replayed.save.seed,
            replayed.save.actions,
            players,
            args.budget,
        )
    } else {
        let options = G::options(&args.flags)?;
        let seed = args.seed.unwrap_or_else(clock_seed);
        let mut state = G::new(&options, seed)
            .map_err(|e| CliError::usage(format!("cannot set up {}: {e}", G::NAME)))?;
        state.set_logging(true);
        writeln!(out, "{}: new game, seed {seed}", G::NAME)?;
        Session::new(state, options, seed, Vec::new(), players, args.budget)
    };
    let mut session = session
        .saving_to(args.save.clone())
        .clearing(io::stdout().is_terminal())
        .drawing_to(args.svg.clone())?;
    writeln!(out, "{}", session.seating())?;
    if let Some(path) = &args.svg {
        writeln!(
            out,
            "drawing the table in {} after every action",
            path.display()
        )?;
    }
    session.run(io::stdin().lock(), &mut out)
}

/// The refusal of `--svg` for a game fiw does not draw.
fn no_drawing<G: CliGame>() -> CliError {
    CliError::usage(format!(
        "--svg is for d3 only: fiw does not draw the {} board",
        G::NAME
    ))
}

/// Reads a save file, with a one-line reason when it cannot be read.
pub fn read_save(path: &Path) -> CliResult<String> {
    std::fs::read_to_string(path)
        .map_err(|e| CliError::usage(format!("cannot read {}: {e}", path.display())))
}

/// A seed from the clock, for games started without `--seed` (printed so they can be replayed).
fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    fiw_engine::game_seed(nanos, std::process::id() as u64) % 1_000_000_000
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
enum Step {
    /// Ask again (an action was applied, or the line was answered).
    Continue,
    /// The player quit.
    Quit,
}

/// One game at the terminal.
pub struct Session<G: Game> {
    state: G,
    options: G::Options,
    seed: u64,
    /// Every action so far, as text (what a save holds).
    actions: Vec<String>,
    players: Vec<Player>,
    policies: Vec<Box<dyn Policy<G>>>,
    /// The search budget for `hint`.
    budget: AiBudget,
    undo: UndoStack<G>,
    save: Option<PathBuf>,
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
    /// An action waiting for the player's `yes` ([`CliGame::confirm`]).
    pending: Option<G::Action>,
}

impl<G: CliGame> Session<G> {
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
            state,
            options,
            seed,
            actions,
            players,
            policies,
            budget,
            undo: UndoStack::default(),
            save: None,
            ansi_clear: false,
            log_shown,
            screen: None,
            announced: None,
            show_board: true,
            svg: None,
            selected: None,
            pending: None,
        }
    }

    /// Keeps a drawing of the game in `path` (`--svg`), written now and after every action.
    ///
    /// # Errors
    /// Exit 2 for a game fiw does not draw, or a file that cannot be written.
    pub fn drawing_to(mut self, path: Option<PathBuf>) -> CliResult<Self> {
        let Some(path) = path else { return Ok(self) };
        if !G::DRAWS {
            return Err(no_drawing::<G>());
        }
        self.svg = Some(path);
        self.redraw().map_err(CliError::usage)?;
        Ok(self)
    }

    /// Rewrites the drawing, if one is kept.
    fn redraw(&self) -> Result<(), String> {
        let (Some(path), Some(text)) = (&self.svg, self.state.drawing(self.selected.as_deref()))
        else {
            return Ok(());
        };
        std::fs::write(path, text)
            .map_err(|e| format!("cannot write the drawing to {}: {e}", path.display()))
    }

    /// After an action: the piece it named becomes the selected one, and the drawing is redrawn
    /// (a drawing that cannot be written is said on stderr; the game goes on).
    fn after_action(&mut self, action: &G::Action) {
        if let Some(name) = self.state.menu_group(action) {
            self.selected = Some(name);
        }
        if let Err(e) = self.redraw() {
            eprintln!("fiw: {e}");
        }
    }

    /// Writes the game to `path` when it ends or the players quit.
    pub fn saving_to(mut self, path: Option<PathBuf>) -> Self {
        self.save = path;
        self
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
            .map(|(seat, (s, p))| format!("{s}: {}", G::rules_seat(seat).unwrap_or(p.name())))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The game as it stands.
    #[cfg(test)]
    pub fn state(&self) -> &G {
        &self.state
    }

    /// Every action so far, as text.
    #[cfg(test)]
    pub fn actions(&self) -> &[String] {
        &self.actions
    }

    fn humans(&self) -> Vec<Seat> {
        (0..self.players.len())
            .filter(|&s| self.players[s] == Player::Human)
            .collect()
    }

    fn save_file(&self) -> SaveFile<G::Options> {
        SaveFile::of(&self.state, &self.options, self.seed, self.actions.clone())
    }

    fn write_save(&self, path: &Path) -> Result<(), String> {
        std::fs::write(path, self.save_file().to_json() + "\n")
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }

    /// Plays to the end, to `quit`, or to the end of the input.
    pub fn run<R: BufRead, W: Write>(&mut self, mut input: R, out: &mut W) -> CliResult {
        let mut legal = Vec::with_capacity(64);
        let mut unattended = 0usize;
        while let Some(seat) = self.state.to_move() {
            let no_action = || {
                CliError::failure(format!(
                    "{} offers no legal action to {} on turn {} (a bug in the game)",
                    G::NAME,
                    G::SEATS[seat],
                    self.state.turn()
                ))
            };
            match self.players.get(seat).copied().unwrap_or(Player::Random) {
                Player::Random | Player::Heuristic | Player::Ai => {
                    let action =
                        decide(&self.state, seat, self.policies[seat].as_mut(), &mut legal)
                            .ok_or_else(no_action)?;
                    let text = self.state.action_text(&action);
                    self.state.apply(action).map_err(|e| {
                        CliError::failure(format!(
                            "{} chose '{text}', which the rules refuse: {e} (a bug)",
                            G::SEATS[seat]
                        ))
                    })?;
                    self.actions.push(text.clone());
                    self.undo.settle(&self.state);
                    self.after_action(&action);
                    if !self.humans().is_empty() {
                        // The action's text may name hidden blocks or cards, so the human is
                        // shown what the game's log lets them read of it, under one heading
                        // per run of computer actions.
                        self.show_new_log(seat, out)?;
                        self.show_board = true;
                    } else {
                        unattended += 1;
                        if unattended > MAX_ACTIONS {
                            return Err(CliError::failure(format!(
                                "the game did not end within {MAX_ACTIONS} decisions (a bug in the game)"
                            )));
                        }
                    }
                }
                Player::Human => {
                    self.state.legal_actions(&mut legal);
                    if legal.is_empty() {
                        return Err(no_action());
                    }
                    if let Some(previous) = self.screen {
                        if previous != seat && !G::open(&self.options) {
                            if !self.pass_screen(seat, &mut input, out)? {
                                return self.end_of_input(out);
                            }
                            self.show_board = true;
                        }
                    }
                    self.screen = Some(seat);
                    self.announced = None;
                    if self.show_board {
                        self.show_decision(seat, &legal, out)?;
                        self.show_board = false;
                    }
                    write!(out, "{}> ", G::SEATS[seat])?;
                    out.flush()?;
                    let Some(line) = read_line(&mut input)? else {
                        writeln!(out)?;
                        return self.end_of_input(out);
                    };
                    if let Step::Quit = self.human_line(seat, line.trim(), &legal, out)? {
                        return self.quit(out);
                    }
                }
            }
        }
        self.finish(out)
    }

    /// The game is over: the outcome, and the save if one was asked for.
    fn finish<W: Write>(&mut self, out: &mut W) -> CliResult {
        let line = match self.state.outcome() {
            Some(outcome) => outcome_line::<G>(&outcome),
            None => format!(
                "the game stopped on turn {} with no outcome",
                self.state.turn()
            ),
        };
        writeln!(
            out,
            "game over after {} actions: {line}",
            self.actions.len()
        )?;
        if let Some(path) = &self.save {
            self.write_save(path).map_err(CliError::failure)?;
            writeln!(out, "game saved to {}", path.display())?;
        }
        Ok(())
    }

    fn quit<W: Write>(&mut self, out: &mut W) -> CliResult {
        match &self.save {
            Some(path) => {
                self.write_save(path).map_err(CliError::failure)?;
                writeln!(
                    out,
                    "quit on turn {}; game saved to {} (resume with: fiw play {} --load {})",
                    self.state.turn(),
                    path.display(),
                    G::NAME,
                    path.display()
                )?;
            }
            None => writeln!(out, "quit on turn {}; nothing saved", self.state.turn())?,
        }
        Ok(())
    }

    fn end_of_input<W: Write>(&mut self, out: &mut W) -> CliResult {
        writeln!(
            out,
            "end of input on turn {}: game left unfinished, nothing saved",
            self.state.turn()
        )?;
        Ok(())
    }

    /// Hides the last player's screen and waits for the next one. `false` at the end of input.
    fn pass_screen<R: BufRead, W: Write>(
        &mut self,
        seat: Seat,
        input: &mut R,
        out: &mut W,
    ) -> CliResult<bool> {
        self.clear_screen(out)?;
        write!(
            out,
            "Pass the screen to the {} player and press Enter. ",
            G::SEATS[seat]
        )?;
        out.flush()?;
        let more = read_line(input)?.is_some();
        self.clear_screen(out)?;
        Ok(more)
    }

    fn clear_screen<W: Write>(&self, out: &mut W) -> CliResult {
        if self.ansi_clear {
            // Clear the screen and the scrollback, then home the cursor.
            write!(out, "\x1b[2J\x1b[3J\x1b[H")?;
        } else {
            writeln!(out, "\n---------------- screen cleared ----------------\n")?;
        }
        Ok(())
    }

    fn show_decision<W: Write>(&self, seat: Seat, legal: &[G::Action], out: &mut W) -> CliResult {
        writeln!(out)?;
        writeln!(out, "{}", self.state.render(seat).trim_end())?;
        writeln!(out)?;
        writeln!(
            out,
            "{} to decide, turn {}:",
            G::SEATS[seat],
            self.state.turn()
        )?;
        if legal.len() > FULL_MENU && legal.iter().any(|a| self.state.menu_group(a).is_some()) {
            return self.show_groups(legal, out);
        }
        // the game's note (solitaire: the odds of an attack) beside the action, never in its text
        let width = legal
            .iter()
            .map(|a| self.state.action_text(a).chars().count())
            .max()
            .unwrap_or(0);
        for (i, a) in legal.iter().enumerate() {
            let text = self.state.action_text(a);
            match self.state.action_note(a) {
                Some(note) => writeln!(out, "  {:>3}. {text:<width$}   {note}", i + 1)?,
                None => writeln!(out, "  {:>3}. {text}", i + 1)?,
            }
        }
        writeln!(out, "Type a number or an action ('help' for commands).")?;
        Ok(())
    }

    /// A long menu, one line a group (D3: a unit) with the numbers of its actions and what
    /// they are, then the actions of no group (`pass`) in full.
    fn show_groups<W: Write>(&self, legal: &[G::Action], out: &mut W) -> CliResult {
        // groups in the order they first appear, each with its choice numbers and verbs
        let mut groups: Vec<MenuGroup> = Vec::new();
        let mut loose = Vec::new();
        for (i, a) in legal.iter().enumerate() {
            let Some(name) = self.state.menu_group(a) else {
                loose.push(i);
                continue;
            };
            let verb = self
                .state
                .action_text(a)
                .split_whitespace()
                .next()
                .unwrap_or("")
                .to_string();
            let at = match groups.iter().position(|g| g.name == name) {
                Some(at) => at,
                None => {
                    groups.push(MenuGroup {
                        name,
                        numbers: Vec::new(),
                        verbs: Vec::new(),
                    });
                    groups.len() - 1
                }
            };
            let g = &mut groups[at];
            g.numbers.push(i + 1);
            match g.verbs.iter_mut().find(|(v, _)| *v == verb) {
                Some((_, n)) => *n += 1,
                None => g.verbs.push((verb, 1)),
            }
        }
        let width = groups
            .iter()
            .map(|g| g.name.chars().count())
            .max()
            .unwrap_or(0);
        let spans: Vec<String> = groups.iter().map(|g| ranges(&g.numbers)).collect();
        let span_width = spans.iter().map(|s| s.chars().count()).max().unwrap_or(0);
        writeln!(
            out,
            "  {} choices, by {} ('moves NAME' lists one {}'s with their numbers):",
            legal.len(),
            G::GROUP,
            G::GROUP
        )?;
        for (g, span) in groups.iter().zip(&spans) {
            let what = g
                .verbs
                .iter()
                .map(|(v, n)| {
                    if *n == 1 {
                        v.clone()
                    } else {
                        format!("{v} ×{n}")
                    }
                })
                .collect::<Vec<_>>()
                .join(", ");
            writeln!(out, "  {:<width$}  {span:<span_width$}  {what}", g.name)?;
        }
        for i in loose {
            writeln!(out, "  {:>3}. {}", i + 1, self.state.action_text(&legal[i]))?;
        }
        writeln!(
            out,
            "Type a number, an order, 'moves NAME' for one unit's choices, or 'help'."
        )?;
        Ok(())
    }

    /// `moves NAME`: the actions of one group of the menu, with their numbers; the piece is
    /// selected in the drawing.
    fn moves<W: Write>(&mut self, name: &str, legal: &[G::Action], out: &mut W) -> CliResult {
        if name.is_empty() {
            writeln!(
                out,
                "moves needs a name: moves NAME (e.g. a unit of the menu)"
            )?;
            return Ok(());
        }
        let mine: Vec<usize> = (0..legal.len())
            .filter(|i| self.state.menu_group(&legal[*i]).as_deref() == Some(name))
            .collect();
        if mine.is_empty() {
            if legal.iter().all(|a| self.state.menu_group(a).is_none()) {
                writeln!(
                    out,
                    "every choice is listed on the board ('board' shows them)"
                )?;
            } else {
                match self.state.piece_on_board(&clip(name)) {
                    Ok(()) => writeln!(out, "{} has no choices now", clip(name))?,
                    Err(why) => writeln!(out, "{why}")?,
                }
            }
            return Ok(());
        }
        for i in mine {
            let a = &legal[i];
            match self.state.action_note(a) {
                Some(note) => writeln!(
                    out,
                    "  {:>3}. {}   {note}",
                    i + 1,
                    self.state.action_text(a)
                )?,
                None => writeln!(out, "  {:>3}. {}", i + 1, self.state.action_text(a))?,
            }
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
    fn select<W: Write>(&mut self, name: &str, out: &mut W) -> CliResult {
        if self.svg.is_none() {
            writeln!(
                out,
                "nothing is drawn: start the game with --svg FILE to keep a drawing"
            )?;
        } else if name.is_empty() {
            writeln!(out, "select needs a name: select NAME")?;
        } else if let Err(why) = self.state.piece_on_board(&clip(name)) {
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
    fn show_new_log<W: Write>(&mut self, acting: Seat, out: &mut W) -> CliResult {
        let entries = self.state.log().entries();
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
        for e in &entries[start..] {
            let visible = match e.to {
                Visibility::Public => true,
                Visibility::Only(s) => Some(s) == reader,
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

    /// A human's chosen action: asked to confirm first if the game wants it
    /// ([`CliGame::confirm`]), else applied.
    fn take<W: Write>(&mut self, seat: Seat, action: G::Action, out: &mut W) -> CliResult {
        match self.state.confirm(&action) {
            Some(question) => {
                writeln!(
                    out,
                    "{question} (yes to go on, anything else to choose again)"
                )?;
                self.pending = Some(action);
                Ok(())
            }
            None => self.apply_human(seat, action, out),
        }
    }

    /// Applies an action a human chose (known legal or just checked).
    fn apply_human<W: Write>(&mut self, seat: Seat, action: G::Action, out: &mut W) -> CliResult {
        if let Err(e) = self.state.check(&action) {
            // Nothing has changed; say why and ask again.
            writeln!(out, "not allowed: {e}")?;
            return Ok(());
        }
        let text = self.state.action_text(&action);
        self.undo.push(&self.state, self.actions.len());
        self.state.apply_unchecked(action);
        self.actions.push(text);
        self.undo.settle(&self.state);
        self.after_action(&action);
        self.show_new_log(seat, out)?;
        self.show_board = true;
        Ok(())
    }

    fn human_line<W: Write>(
        &mut self,
        seat: Seat,
        line: &str,
        legal: &[G::Action],
        out: &mut W,
    ) -> CliResult<Step> {
        if line.is_empty() {
            return Ok(Step::Continue);
        }
        if let Some(action) = self.pending.take() {
            if matches!(line, "yes" | "y") {
                self.apply_human(seat, action, out)?;
                return Ok(Step::Continue);
            }
            writeln!(out, "not done: '{}'", self.state.action_text(&action))?;
            if matches!(line, "no" | "n") {
                return Ok(Step::Continue);
            }
        }
        if let Ok(n) = line.parse::<usize>() {
            if (1..=legal.len()).contains(&n) {
                self.take(seat, legal[n - 1], out)?;
            } else {
                writeln!(
                    out,
                    "there is no choice {n}: type a number from 1 to {}",
                    legal.len()
                )?;
            }
            return Ok(Step::Continue);
        }
        if let Some(action) = legal.iter().find(|a| self.state.action_text(a) == line) {
            self.take(seat, *action, out)?;
            return Ok(Step::Continue);
        }
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (line, ""),
        };
        match word {
            "why" => self.why(rest, legal, out)?,
            "log" if rest.is_empty() => {
                let mut any = false;
                for e in self.state.log().visible_to(seat) {
                    writeln!(out, "  | {}", e.text)?;
                    any = true;
                }
                if !any {
                    writeln!(out, "the log is empty")?;
                }
            }
            "undo" if rest.is_empty() => match self.undo.undo() {
                Some((state, n)) => {
                    self.state = state;
                    self.actions.truncate(n);
                    self.log_shown = self.state.log().entries().len();
                    self.show_board = true;
                    if let Err(e) = self.redraw() {
                        eprintln!("fiw: {e}");
                    }
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
                            "saved {} actions to {rest} (resume with: fiw play {} --load {rest})",
                            self.actions.len(),
                            G::NAME
                        )?,
                        Err(e) => writeln!(out, "{e}")?,
                    }
                }
            }
            "hint" if rest.is_empty() => self.hint(seat, legal, out)?,
            "show" if rest.is_empty() => writeln!(out, "{}", self.state.render(seat).trim_end())?,
            "moves" => self.moves(rest, legal, out)?,
            "select" => self.select(rest, out)?,
            "help" | "?" if rest.is_empty() => self.help(legal, out)?,
            "board" | "list" if rest.is_empty() => self.show_decision(seat, legal, out)?,
            "quit" | "exit" if rest.is_empty() => return Ok(Step::Quit),
            _ if G::COMMANDS.iter().any(|(usage, _)| {
                usage.split_whitespace().next() == Some(word)
            }) =>
            {
                match self.state.command(seat, word, rest) {
                    Some(answer) => writeln!(out, "{}", answer.trim_end())?,
                    None => writeln!(out, "{word}: nothing to show")?,
                }
            }
            _ => match self.state.parse_action(line) {
                Ok(action) => match self.state.check(&action) {
                    Ok(()) => self.take(seat, action, out)?,
                    Err(e) => writeln!(out, "not allowed: {e}")?,
                },
                Err(e) => writeln!(
                    out,
                    "not understood: '{}' ({e}); type a number from 1 to {}, an action, or 'help'",
                    clip(line),
                    legal.len()
                )?,
            },
        }
        Ok(Step::Continue)
    }

    fn why<W: Write>(&self, text: &str, legal: &[G::Action], out: &mut W) -> CliResult {
        if text.is_empty() {
            writeln!(out, "why needs an action: why TEXT (or a choice number)")?;
            return Ok(());
        }
        if let Ok(n) = text.parse::<usize>() {
            match legal.get(n.wrapping_sub(1)) {
                Some(a) => writeln!(out, "legal: choice {n} is '{}'", self.state.action_text(a))?,
                None => writeln!(
                    out,
                    "there is no choice {n}: the choices run from 1 to {}",
                    legal.len()
                )?,
            }
            return Ok(());
        }
        match self.state.parse_action(text) {
            Ok(action) => match self.state.check(&action) {
                Ok(()) => writeln!(out, "legal")?,
                Err(e) => writeln!(out, "illegal: {e}")?,
            },
            Err(e) => writeln!(out, "'{}' is not an action: {e}", clip(text))?,
        }
        Ok(())
    }

    /// What the search AI would play here, from this seat's view only, and why: its top
    /// choices with how often it tried each and the share of those playouts the seat won.
    fn hint<W: Write>(&self, seat: Seat, legal: &[G::Action], out: &mut W) -> CliResult {
        let mut ai = crate::seats::ai::<G>(
            fiw_engine::game_seed(self.seed, 0x4817 + self.actions.len() as u64),
            self.budget,
        );
        let analysis = ai.analyse(&Seen::new(&self.state, seat), legal);
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
                    self.state.action_text(&best.action)
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
                self.state.action_text(&a.action),
                a.value,
                a.visits
            )?;
        }
        Ok(())
    }

    fn help<W: Write>(&self, legal: &[G::Action], out: &mut W) -> CliResult {
        let range = format!("1..{}", legal.len());
        let mut extra = String::new();
        if legal.iter().any(|a| self.state.menu_group(a).is_some()) {
            extra += "\n  moves NAME    list one unit's choices, with their numbers";
        }
        if self.svg.is_some() {
            extra +=
                "\n  select NAME   mark a unit in the drawing (its field of fire and 6\" zone)";
        }
        for (usage, what) in G::COMMANDS {
            extra += &format!("\n  {usage:<13} {what}");
        }
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
             \x20 save FILE     save the game (resume with: fiw play {} --load FILE)\n\
             \x20 help          this list\n\
             \x20 quit          stop playing{}",
            G::NAME,
            if self.save.is_some() { " (the game is saved to the --save file)" } else { " (nothing is saved)" }
        )?;
        Ok(())
    }
}

/// A line of input without its line ending, or `None` at the end of input. Bytes that are not
/// UTF-8, and control characters, are replaced, so any input gets an answer rather than an error.
fn read_line<R: BufRead>(input: &mut R) -> CliResult<Option<String>> {
    let mut buf = Vec::new();
    let n = input
        .read_until(b'\n', &mut buf)
        .map_err(|e| CliError::failure(format!("cannot read the input: {e}")))?;
    if n == 0 {
        return Ok(None);
    }
    let text = String::from_utf8_lossy(&buf);
    let text = text.trim_end_matches(['\n', '\r']);
    // Control characters would be echoed back to the terminal in error messages: blank them.
    Ok(Some(
        text.chars()
            .map(|c| {
                if c.is_control() && c != '\t' {
                    '\u{fffd}'
                } else {
                    c
                }
            })
            .collect(),
    ))
}

/// One line of a long menu: a group's name, its choice numbers, and how many of each verb.
struct MenuGroup {
    name: String,
    numbers: Vec<usize>,
    verbs: Vec<(String, usize)>,
}

/// Choice numbers as short ranges: `1-12, 15, 17-18`.
fn ranges(numbers: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut k = 0;
    while k < numbers.len() {
        let start = numbers[k];
        let mut end = start;
        while k + 1 < numbers.len() && numbers[k + 1] == end + 1 {
            k += 1;
            end = numbers[k];
        }
        parts.push(if end == start {
            start.to_string()
        } else {
            format!("{start}-{end}")
        });
        k += 1;
    }
    parts.join(", ")
}

/// Typed text quoted back, cut short if long.
fn clip(text: &str) -> String {
    const MAX: usize = 60;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        text.chars().take(MAX).collect::<String>() + "…"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testgame::{Race, RaceOptions};
    use std::io::Cursor;

    fn session(players: &[Player], seed: u64) -> Session<Race> {
        let options = RaceOptions::default();
        let mut state = Race::new(&options, seed).unwrap();
        state.set_logging(true);
        Session::new(
            state,
            options,
            seed,
            Vec::new(),
            players.to_vec(),
            crate::seats::DEFAULT_AI,
        )
    }

    fn play(s: &mut Session<Race>, input: &str) -> String {
        let mut out = Vec::new();
        s.run(Cursor::new(input.as_bytes().to_vec()), &mut out)
            .unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn illegal_text_cites_the_rule_and_the_decision_is_asked_again() {
        let mut s = session(&[Player::Human, Player::Human], 1);
        let out = play(
            &mut s,
            "step 3\nwhy step 3\nwhy step 1\nwhy frobnicate\nfrobnicate\n99\nquit\n",
        );
        assert!(out.contains("not allowed: rule 2.1"), "{out}");
        assert!(out.contains("illegal: rule 2.1"), "{out}");
        assert!(out.contains("> legal\n"), "{out}");
        assert!(out.contains("'frobnicate' is not an action"), "{out}");
        assert!(out.contains("not understood: 'frobnicate'"), "{out}");
        assert!(out.contains("there is no choice 99"), "{out}");
        assert!(out.contains("quit on turn 1; nothing saved"), "{out}");
        assert!(s.actions().is_empty());
    }

    #[test]
    fn undo_goes_back_within_a_seat_but_never_past_a_roll() {
        let mut s = session(&[Player::Human, Player::Human], 1);
        let out = play(&mut s, "step 1\nundo\nundo\nstep 1\nroll\nundo\nquit\n");
        assert!(out.contains("undone: back to before action 1"), "{out}");
        assert!(out.matches("nothing to undo").count() == 2, "{out}");
        assert_eq!(s.actions(), &["step 1".to_string(), "roll".to_string()]);
    }

    #[test]
    fn hot_seat_passes_the_screen_and_hides_private_log_lines() {
        let mut s = session(&[Player::Human, Player::Human], 1);
        let out = play(&mut s, "end\n\nlog\nquit\n");
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
        let out = play(&mut s, "end\nquit\n");
        assert!(out.contains("blue plays:\n  | blue "), "{out}");
        // Only what the log lets red read: never blue's private lines.
        assert!(!out.contains("blue's private note"), "{out}");
        assert!(!out.contains("Pass the screen"), "{out}");
    }

    #[test]
    fn end_of_input_leaves_the_game_unsaved() {
        let mut s = session(&[Player::Human, Player::Random], 2);
        let out = play(&mut s, "step 1\n");
        assert!(out.contains("end of input"), "{out}");
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
    fn choice_numbers_are_shown_as_ranges() {
        assert_eq!(ranges(&[1, 2, 3, 5, 7, 8]), "1-3, 5, 7-8");
        assert_eq!(ranges(&[4]), "4");
        assert_eq!(ranges(&[]), "");
    }

    #[test]
    fn garbage_bytes_get_an_answer() {
        let mut s = session(&[Player::Human, Player::Random], 2);
        let mut out = Vec::new();
        s.run(Cursor::new(b"\xff\xfe\x00\nquit\n".to_vec()), &mut out)
            .unwrap();
        let out = String::from_utf8_lossy(&out);
        assert!(out.contains("not understood"), "{out}");
    }
}
