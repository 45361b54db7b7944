//! `fiw play`: a new, loaded or resumed game, set up and handed to a [`Session`] on the
//! process's terminal.
//!
//! A game with a human seat draws its seed from the operating system and never shows it (the
//! deck order and every roll follow from the seed, so a seed shown is a hand shown); `--seed N`
//! stays for tests and scripts, and such a game says it keeps no secrets. Games people play are
//! saved after every action, to `--save FILE` and to an autosave in the platform's state
//! directory, so that the end of the input, Ctrl-C or a closed terminal loses nothing and
//! `fiw play --resume` goes on with the last one.

use crate::input::{Editor, Lines, Reader};
use crate::session::{ask_people, Session, SAVE_NOTE};
use fiw_engine::{set_up_asking, Game, MAX_SAVE_BYTES};
use fiw_host::games::{HostGame, SetupFlags};
use fiw_host::seats::{AiBudget, Player};
use fiw_host::{HostError, HostResult};
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};

/// `fiw play` as typed.
#[derive(Clone, Debug, Default)]
pub struct PlayArgs {
    /// `--seat SIDE=POLICY`, as typed.
    pub seats: Vec<String>,
    /// `--seed N`.
    pub seed: Option<u64>,
    /// `--load FILE`, with the file's text (read before the game is known).
    pub load: Option<(PathBuf, String)>,
    /// `--resume`: the autosave to go on with, and its text.
    pub resume: Option<(PathBuf, String)>,
    /// `--save FILE`.
    pub save: Option<PathBuf>,
    /// `--svg FILE`: a drawing of the game kept up to date.
    pub svg: Option<PathBuf>,
    /// `--dice manual`: the players roll real dice and draw real cards, and type them in.
    pub manual_dice: bool,
    /// Set-up flags.
    pub flags: SetupFlags,
    /// The search budget of `ai` seats (and of `hint`).
    pub budget: AiBudget,
}

/// A game ready to play, and how it came to be.
struct Begun<G: Game> {
    state: G,
    options: G::Options,
    seed: u64,
    actions: Vec<String>,
    players: Vec<Player>,
    /// The autosave to keep writing (a resumed game's own).
    autosave: Option<PathBuf>,
    /// The first line: what game, and what is known of its seed.
    intro: String,
}

/// Runs `fiw play` for game `G` on the process's terminal.
pub fn run<G: HostGame>(args: &PlayArgs) -> HostResult {
    if args.svg.is_some() && !G::DRAWS {
        return Err(no_drawing::<G>());
    }
    let mut out = io::stdout().lock();
    let terminal = io::stdin().is_terminal() && io::stdout().is_terminal();
    let mut editor = if terminal { Editor::new() } else { None };
    let mut reader = Reader(io::stdin().lock());
    let input: &mut dyn Lines = match editor.as_mut() {
        Some(e) => e,
        None => &mut reader,
    };
    let begun = match (&args.resume, &args.load) {
        (Some((path, text)), _) => loaded::<G>(args, path, text, true)?,
        (None, Some((path, text))) => loaded::<G>(args, path, text, false)?,
        (None, None) => match new_game::<G>(args, input, &mut out)? {
            Some(b) => b,
            None => return Ok(()),
        },
    };
    let intro = begun.intro.clone();
    let watched =
        begun.players.contains(&Player::Human) || begun.state.dice().is_some_and(|d| d.is_manual());
    let autosave = if watched {
        begun.autosave.clone().or_else(|| {
            crate::files::autosave_dir().map(|d| crate::files::new_autosave(&d, G::NAME))
        })
    } else {
        None
    };
    let session = Session::new(
        begun.state,
        begun.options,
        begun.seed,
        begun.actions,
        begun.players,
        args.budget,
    );
    let mut session = session
        .saving_to(args.save.clone())?
        .autosaving_to(autosave)
        .clearing(io::stdout().is_terminal())
        .drawing_to(args.svg.clone())?;
    writeln!(out, "{intro}")?;
    writeln!(out, "{}", session.seating())?;
    match session.autosave() {
        Some(path) => writeln!(
            out,
            "saved after every action to {} (fiw play --resume goes on with it); {SAVE_NOTE}",
            path.display()
        )?,
        None if watched => writeln!(
            out,
            "this game has no autosave (no state directory could be written{})",
            if args.save.is_some() {
                "; it is saved to the --save file after every action"
            } else {
                ": give --save FILE to keep it"
            }
        )?,
        None => {}
    }
    if let Some(path) = &args.svg {
        writeln!(
            out,
            "drawing the table in {} after every action",
            path.display()
        )?;
    }
    session.run(input, &mut out)
}

/// A game from a save (`--load`) or an autosave (`--resume`): replayed and checked, seated as
/// it was unless `--seat` says otherwise.
fn loaded<G: HostGame>(
    args: &PlayArgs,
    path: &Path,
    text: &str,
    resumed: bool,
) -> HostResult<Begun<G>> {
    let replayed = fiw_engine::replay::<G>(text, true)
        .map_err(|e| HostError::usage(format!("cannot load {}: {e}", path.display())))?;
    let save = replayed.save;
    let brought = match replayed.brought_from {
        Some(from) => {
            let changes: Vec<String> =
                fiw_engine::changes_between(G::RULES_CHANGES, from, G::RULES_VERSION)
                    .iter()
                    .flat_map(|c| {
                        c.changes
                            .iter()
                            .map(|s| format!("version {}: {s}", c.version))
                    })
                    .collect();
            format!(
                "\nthis save was made under {} rules version {from}; it goes on under version {}, every action replaying under it. What changed: {}",
                G::NAME,
                G::RULES_VERSION,
                changes.join("; ")
            )
        }
        None => String::new(),
    };
    let players = if args.seats.is_empty() && save.seats.len() == G::SEATS.len() {
        save.seats
            .iter()
            .map(|name| Player::named(name).unwrap_or(Player::Human))
            .collect()
    } else {
        fiw_host::games::players::<G>(&save.options, &args.seats, Player::Human, true)?
    };
    let intro = format!(
        "{}: {} {} after {} actions{}",
        G::NAME,
        if resumed {
            "resumed the last game,"
        } else {
            "resumed"
        },
        path.display(),
        save.actions.len(),
        if replayed.state.outcome().is_some() {
            " (the game is over)"
        } else {
            ""
        }
    ) + &brought;
    Ok(Begun {
        state: replayed.state,
        options: save.options,
        seed: save.seed,
        actions: save.actions,
        players,
        autosave: resumed.then(|| path.to_path_buf()),
        intro,
    })
}

/// A new game from the flags: its seed secret when people play it; with manual dice, the
/// set-up's own rolls and cards asked of the players. `None` when the input ends during the
/// set-up (nothing to save yet).
fn new_game<G: HostGame>(
    args: &PlayArgs,
    input: &mut dyn Lines,
    out: &mut dyn Write,
) -> HostResult<Option<Begun<G>>> {
    let options = G::options(&args.flags)?;
    let players = fiw_host::games::players::<G>(&options, &args.seats, Player::Human, true)?;
    let people = players.contains(&Player::Human) || args.manual_dice;
    let seed = args.seed.unwrap_or_else(fiw_engine::secret_seed);
    let intro = match (people, args.seed) {
        (true, None) => format!("{}: new game", G::NAME),
        (true, Some(seed)) => format!(
            "{}: new game, seed {seed} (set with --seed: whoever knows the seed can foresee the deck and every roll, so this game keeps no secrets)",
            G::NAME
        ),
        (false, _) => format!("{}: new game, seed {seed}", G::NAME),
    };
    let setup = |e| HostError::usage(format!("cannot set up {}: {e}", G::NAME));
    let mut state = if args.manual_dice {
        let mut answers = Vec::new();
        loop {
            match set_up_asking::<G>(&options, seed, &answers).map_err(setup)? {
                Ok(state) => break state,
                Err(need) => match ask_people(&need, input, out)? {
                    Ok(more) => answers.extend(more),
                    Err(_) => {
                        writeln!(out, "the set-up was not finished: nothing saved")?;
                        return Ok(None);
                    }
                },
            }
        }
    } else {
        G::new(&options, seed).map_err(setup)?
    };
    state.set_logging(true);
    Ok(Some(Begun {
        state,
        options,
        seed,
        actions: Vec::new(),
        players,
        autosave: None,
        intro,
    }))
}

/// The refusal of `--svg` for a game fiw does not draw.
pub fn no_drawing<G: HostGame>() -> HostError {
    HostError::usage(format!(
        "--svg is for the miniatures games (d3, skirmish): fiw does not draw the {} board",
        G::NAME
    ))
}

/// Reads a save file, with a one-line reason when it cannot be read (or is far larger than any
/// save). A UTF-8 byte-order mark, which some editors write at the start of a file they save,
/// is not part of the save (audit of 2026-12-01, Solitaire #17).
pub fn read_save(path: &Path) -> HostResult<String> {
    let text = fiw_host::files::read_capped(path, MAX_SAVE_BYTES, "save file")?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}
