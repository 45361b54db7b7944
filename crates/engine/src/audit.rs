//! The secrecy audit every game's property test runs: random legal play, and at every step a
//! check that nothing a seat is shown depends on what it may not know, then a check that the
//! game's save replays to the same state.
//!
//! Two states a seat cannot tell apart (the true one and [`Game::determinize`] of it for that
//! seat, which redraws everything hidden from it: the enemy's blocks, hand, plan, and the
//! future rolls) must show that seat the same view and policy view at every step, and, when it
//! decides, the same board, legal actions and menu notes. The public view (a spectator's)
//! must be the same for the twin of every seat, since it holds no seat's secrets. A view that leaked a hidden block's SP, or a note computed from the true
//! blocks, differs between the two. The log is history, which a twin shares, so each new log
//! line a seat may read is checked instead against the words the game says would give a
//! secret away ([`Audit::forbidden`]), and against the seed.

use crate::{Dice, Game, Policy, RandomPolicy, SaveFile, Seat, Visibility};

/// The words that would give away to `seat` what it may not know in this state (hidden block
/// names, the cards of the other hand), for the log check.
pub type Forbidden<G> = fn(&G, Seat) -> Vec<String>;

/// The player of an audited game's seats, from the game's seed and the seat.
pub type Picker<G> = fn(u64, Seat) -> Box<dyn Policy<G>>;

/// A game invariant checked on the audited game's state at every step (at the start and after
/// each action): the reason it is broken, in words. A fresh one is made for every game, so it
/// may remember what it saw at earlier steps (which units acted this turn).
pub type Watcher<G> = Box<dyn FnMut(&G) -> Result<(), String>>;

/// How one audited game is played and checked.
pub struct Audit<G: Game> {
    /// Set-up options.
    pub options: G::Options,
    /// Check the twins at every step (1) or only every `stride`th, from a first step drawn
    /// from the game's seed (so that, over many games, every part of a game is checked).
    pub stride: usize,
    /// The game's words for what each seat may not read.
    pub forbidden: Option<Forbidden<G>>,
    /// Give up on a game longer than this many decisions (a bug).
    pub max_actions: usize,
    /// Who plays: uniformly random legal play unless the game's test gives a player that
    /// reaches more of the game in fewer decisions (D3: one that passes a phase now and then).
    pub picker: Picker<G>,
    /// The game's own invariants, checked at every step of each audited game (a new watcher
    /// a game), so that a property test plays each game once for the secrets, the replay and
    /// its invariants together.
    pub watch: Option<fn() -> Watcher<G>>,
}

impl<G: Game> Audit<G> {
    /// An audit of games set up with `options`, checking every step.
    pub fn new(options: G::Options) -> Self {
        Audit {
            options,
            stride: 1,
            forbidden: None,
            max_actions: 100_000,
            picker: |seed, seat| {
                Box::new(RandomPolicy::new(crate::game_seed(
                    seed,
                    0xa0d1 + seat as u64,
                )))
            },
            watch: None,
        }
    }

    /// Plays the games `0..games` (seeds from `master` by [`crate::game_seed`]) on every core,
    /// auditing each: the first fault found, naming its game.
    ///
    /// # Errors
    /// As [`Audit::play`], for the first game that fails.
    pub fn play_many(&self, master: u64, games: u64) -> Result<(), String>
    where
        G::Options: Sync,
    {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
        let failed = std::sync::atomic::AtomicBool::new(false);
        std::thread::scope(|scope| {
            let runs: Vec<_> = (0..threads)
                .map(|t| {
                    let failed = &failed;
                    scope.spawn(move || {
                        for i in (t..games).step_by(threads as usize) {
                            if failed.load(std::sync::atomic::Ordering::Relaxed) {
                                break;
                            }
                            if let Err(e) = self.play(crate::game_seed(master, i)) {
                                failed.store(true, std::sync::atomic::Ordering::Relaxed);
                                return Err(format!("game {i}: {e}"));
                            }
                        }
                        Ok(())
                    })
                })
                .collect();
            runs.into_iter()
                .map(|r| {
                    r.join()
                        .unwrap_or_else(|_| Err("an audit thread panicked".into()))
                })
                .collect::<Result<(), String>>()
        })
    }

    /// Plays one game with seed `seed` by random legal actions, auditing as it goes. The number
    /// of decisions taken, or the first thing found wrong, in words.
    ///
    /// # Errors
    /// A seat shown something that depends on what it may not know, a log line it may read
    /// that names a secret or the seed, a broken invariant of [`Audit::watch`], a refused
    /// action from the legal list, or a save that does not replay to the same state.
    pub fn play(&self, seed: u64) -> Result<usize, String> {
        let mut state = G::new(&self.options, seed).map_err(|e| format!("set-up: {e}"))?;
        state.set_logging(true);
        let mut pickers: Vec<Box<dyn Policy<G>>> = (0..G::SEATS.len())
            .map(|s| (self.picker)(seed, s))
            .collect();
        let mut twins = Dice::new(crate::game_seed(seed, 0x7417));
        let mut texts = Vec::new();
        let mut legal = Vec::new();
        let mut read = vec![0usize; G::SEATS.len()];
        let seed_text = seed.to_string();
        let mut watcher = self.watch.map(|make| make());
        let stride = self.stride.max(1);
        let offset = (crate::game_seed(seed, 0x57de) % stride as u64) as usize;
        let mut step = 0usize;
        let mut checks = 0usize;
        loop {
            let turn = state.turn();
            let context = |what: String| format!("seed {seed}, step {step} (turn {turn}): {what}");
            if let Some(w) = watcher.as_mut() {
                w(&state).map_err(context)?;
            }
            if (step + offset) % stride == 0 {
                // the views are written out and searched for the seed one check in sixteen
                let scan = checks % 16 == 0;
                checks += 1;
                self.twins(&state, &mut twins, &seed_text, scan)
                    .map_err(context)?;
            }
            self.log_lines(&state, &mut read, &seed_text)
                .map_err(context)?;
            let Some(seat) = state.to_move() else { break };
            let Some(action) = crate::decide(&state, seat, pickers[seat].as_mut(), &mut legal)
            else {
                return Err(context(format!("no legal action for {}", G::SEATS[seat])));
            };
            texts.push(state.action_text(&action));
            if let Err(e) = state.apply(action) {
                return Err(context(format!("a listed action is refused: {e}")));
            }
            step += 1;
            if step > self.max_actions {
                return Err(format!("seed {seed}: the game does not end"));
            }
        }
        let save = SaveFile::of(&state, &self.options, seed, texts);
        let replayed = crate::replay::<G>(&save.to_json(), true)
            .map_err(|e| format!("seed {seed}: the save does not replay: {e}"))?;
        if replayed.state.digest() != state.digest() {
            return Err(format!("seed {seed}: the replay reaches another state"));
        }
        Ok(step)
    }

    /// The twin check for every seat: what the seat is shown of `state` and of a state it
    /// cannot tell from it must be the same.
    fn twins(&self, state: &G, dice: &mut Dice, seed: &str, scan: bool) -> Result<(), String> {
        // the log is history, which twins share, so comparing it proves nothing and costs
        // most of the check: both are compared without it (the log has its own check)
        let mut state = state.clone();
        state.clear_log();
        let state = &state;
        for seat in 0..G::SEATS.len() {
            let twin = state.determinize(seat, dice);
            let name = G::SEATS[seat];
            // what the seat is shown, each part fingerprinted (written out only to explain a
            // difference, or to look for the seed)
            let parts = |g: &G| -> Vec<(&'static str, Shown<G>)> {
                let mut out = vec![
                    ("view", Shown::View(g.view(seat))),
                    ("policy view", Shown::View(g.policy_view(seat))),
                    // a spectator knows less than any seat: the twin of every seat shows it
                    // the same (so the name below reads "british's public view" when the
                    // public view depends on what the British may not know)
                    ("public view", Shown::View(g.public_view())),
                ];
                // the board and the menu are what a seat is shown when it decides; the board
                // is drawn from the view, which is compared at every step
                if g.to_move() == Some(seat) {
                    out.push(("board", Shown::Text(g.render(seat))));
                    let mut legal = Vec::new();
                    g.legal_actions(&mut legal);
                    let mut menu = String::new();
                    for a in &legal {
                        menu += &g.action_text(a);
                        if let Some(note) = g.action_note(a) {
                            menu += " | ";
                            menu += &note;
                        }
                        menu += "\n";
                    }
                    out.push(("menu and its notes", Shown::Text(menu)));
                }
                out
            };
            let (mine, theirs) = (parts(state), parts(&twin));
            for ((what, a), (_, b)) in mine.iter().zip(&theirs) {
                if a.fingerprint() != b.fingerprint() {
                    let (a, b) = (a.text()?, b.text()?);
                    let (near_a, near_b) = first_difference(&a, &b);
                    return Err(format!(
                        "{name}'s {what} differs between two states {name} cannot tell apart: \
                         it depends on something hidden from {name}\n  true: {near_a}\n  twin: {near_b}"
                    ));
                }
                if scan && seed.len() >= 6 && a.text()?.contains(seed) {
                    return Err(format!("{name}'s {what} shows the seed"));
                }
            }
        }
        Ok(())
    }

    /// The log lines each seat may read that were written since the last step: none may name
    /// the seed or what the game says that seat may not know.
    fn log_lines(&self, state: &G, read: &mut [usize], seed: &str) -> Result<(), String> {
        let entries = state.log().entries();
        for (seat, from) in read.iter_mut().enumerate() {
            let forbidden = self.forbidden.map(|f| f(state, seat)).unwrap_or_default();
            for e in &entries[(*from).min(entries.len())..] {
                let visible = match e.to {
                    Visibility::Public => true,
                    Visibility::Only(s) => s == seat,
                };
                if !visible {
                    continue;
                }
                if seed.len() >= 6 && e.text.contains(seed) {
                    return Err(format!(
                        "a log line {} may read shows the seed",
                        G::SEATS[seat]
                    ));
                }
                if let Some(word) = forbidden.iter().find(|w| e.text.contains(w.as_str())) {
                    return Err(format!(
                        "a log line {} may read names '{word}', which is hidden from it: {}",
                        G::SEATS[seat],
                        e.text
                    ));
                }
            }
            *from = entries.len();
        }
        Ok(())
    }
}

/// One thing a seat is shown: a view (fingerprinted as serde walks it) or a text.
enum Shown<G: Game> {
    View(G::View),
    Text(String),
}

impl<G: Game> Shown<G> {
    fn fingerprint(&self) -> u64 {
        match self {
            Shown::View(v) => crate::fingerprint::fingerprint(v),
            Shown::Text(t) => crate::fingerprint::fingerprint(t.as_str()),
        }
    }

    fn text(&self) -> Result<String, String> {
        match self {
            Shown::View(v) => {
                serde_json::to_string(v).map_err(|e| format!("a view does not serialize: {e}"))
            }
            Shown::Text(t) => Ok(t.clone()),
        }
    }
}

/// The neighbourhood of the first place two texts differ, for a readable failure.
fn first_difference(a: &str, b: &str) -> (String, String) {
    let at = a
        .char_indices()
        .zip(b.chars())
        .find(|((_, x), y)| x != y)
        .map_or(a.len().min(b.len()), |((i, _), _)| i);
    let near = |s: &str| -> String {
        let start = s.floor_char_boundary(at.saturating_sub(60));
        let end = s.ceil_char_boundary((at + 100).min(s.len()));
        s[start..end].to_string()
    };
    (near(a), near(b))
}

/// The kernel's own toy with a hidden card, audited: a leak planted in a copy of it is found.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::toys::{Pile, PileOptions};

    fn options() -> PileOptions {
        PileOptions {
            start: None,
            cards: true,
            river: true,
        }
    }

    #[test]
    fn an_honest_game_passes_and_its_saves_replay() {
        let audit = Audit::<Pile>::new(options());
        for seed in 1_000_000..1_000_050 {
            audit.play(seed).unwrap();
        }
    }

    #[test]
    fn a_view_that_shows_the_hidden_card_is_caught() {
        crate::toys::LEAK.with(|l| l.set(true));
        let found = Audit::<Pile>::new(options()).play(1_000_000);
        crate::toys::LEAK.with(|l| l.set(false));
        let e = found.unwrap_err();
        assert!(e.contains("view differs between two states"), "{e}");
    }

    #[test]
    fn a_broken_invariant_is_caught_at_its_step_and_a_watcher_remembers() {
        let mut audit = Audit::<Pile>::new(options());
        // a watcher that remembers the steps it has seen and reports the third
        audit.watch = Some(|| {
            let mut seen = 0;
            Box::new(move |_| {
                seen += 1;
                if seen == 3 {
                    Err("the third step breaks the rule".into())
                } else {
                    Ok(())
                }
            })
        });
        let e = audit.play(1_000_002).unwrap_err();
        assert!(
            e.contains("step 2") && e.contains("the third step breaks the rule"),
            "{e}"
        );
        // one that holds passes, in every game (a fresh watcher each)
        audit.watch = Some(|| Box::new(|_| Ok(())));
        audit.play_many(7, 8).unwrap();
    }

    #[test]
    fn a_log_line_naming_a_secret_is_caught() {
        let mut audit = Audit::<Pile>::new(options());
        // every log line of the toy says "takes", so forbidding it must fail the audit
        audit.forbidden = Some(|_, _| vec!["takes".to_string()]);
        let e = audit.play(1_000_001).unwrap_err();
        assert!(e.contains("names 'takes'"), "{e}");
    }
}
