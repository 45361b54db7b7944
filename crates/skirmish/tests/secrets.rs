//! The secrecy audit (fiw_engine::audit) over random games of the three scenarios: at every
//! step, nothing either side is shown (its view, policy view, board, menu and notes, new log
//! lines) depends on what it may not know (a hidden unit's place, the undrawn cards' order),
//! no log line it may read names an enemy unit hidden from it, and no line names the seed; at
//! the end, the save replays to the same state.

use fiw_engine::audit::Audit;
use fiw_engine::{game_seed, Dice, Game, Policy, Seen};
use fiw_skirmish::{Action, Options, Skirmish};

/// Random orders, ending a move one time in three when it may and passing now and then: a
/// player that never ends its moves early walks every unit about all game, which shows nothing
/// more and costs far longer.
struct Player(Dice);

impl Policy<Skirmish> for Player {
    fn name(&self) -> &str {
        "audit"
    }
    /// In an activation, one of the candidate orders at random if the rules accept it (most
    /// are), else the list: random legal play all the same, without checking every order of
    /// every decision.
    fn propose(&mut self, seen: &Seen<Skirmish>) -> Option<Action> {
        let mut tries = Vec::new();
        seen.candidates(0, &mut tries);
        if tries.is_empty() {
            return None;
        }
        if tries.contains(&Action::Done) && self.0.below(2) == 0 && seen.is_legal(&Action::Done) {
            return Some(Action::Done);
        }
        let a = tries[self.0.below(tries.len() as u32) as usize];
        seen.is_legal(&a).then_some(a)
    }
    fn choose(&mut self, _seen: &Seen<Skirmish>, legal: &[Action]) -> usize {
        if let Some(done) = legal.iter().position(|a| *a == Action::Done) {
            if self.0.below(2) == 0 {
                return done;
            }
        }
        self.0.below(legal.len() as u32) as usize
    }
}

/// The names of the enemy units hidden from `seat`: a log line it may read must not hold one.
fn hidden_names(g: &Skirmish, seat: usize) -> Vec<String> {
    let side = fiw_skirmish::Side::of_seat(seat);
    (0..g.units().len())
        .filter(|&u| g.units()[u].side != side && g.units()[u].hidden && g.units()[u].in_play())
        .map(|u| g.id(u).to_string())
        .collect()
}

/// 2,400 games by default (800 a scenario: the audit and the invariants together about two
/// minutes of processor time in the test profile); FIW_AUDIT_GAMES=10000 plays the whole
/// property (docs/skirmish.md gives its cost: a skirmish game is some 550 decisions over a
/// table of 150 figures).
fn games() -> u64 {
    std::env::var("FIW_AUDIT_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_400)
}

fn audit(scenario: &str, master: u64, games: u64) {
    let mut audit = Audit::<Skirmish>::new(Options {
        scenario: scenario.into(),
        ..Options::default()
    });
    audit.picker = |seed, seat| Box::new(Player(Dice::new(game_seed(seed, 0x5c + seat as u64))));
    audit.forbidden = Some(hidden_names);
    // the twins every 64th step (the log at every step): a game is some 400 decisions, and
    // over 10,000 games every kind of decision is met many times (a twin check costs what
    // some fifty decisions do: two views, the board and the menu with every note's odds)
    audit.stride = 64;
    if let Err(e) = audit.play_many(master, games) {
        panic!("{scenario}: {e}");
    }
}

/// The games shared between the scenarios.
#[test]
fn random_games_keep_every_secret_and_replay() {
    let n = games();
    let scenarios = fiw_skirmish::SCENARIOS;
    for (k, (name, _)) in scenarios.iter().enumerate() {
        let share = n / scenarios.len() as u64 + u64::from((k as u64) < n % scenarios.len() as u64);
        audit(name, 0x5ec7_e75e_ed00 + k as u64, share);
    }
}

/// The first two figures on the table whose bases overlap (5.5: no base ever stands on
/// another), if any. Bases whose centres are farther apart than their half-diagonals together
/// cannot overlap and are not measured.
fn overlap(g: &Skirmish) -> Option<(usize, usize)> {
    let on: Vec<(usize, fiw_table::Point, f64)> = (0..g.figures().len())
        .filter(|&f| g.on_table(f))
        .map(|f| {
            let fp = g.footprint(f);
            (
                f,
                g.figures()[f].pose.at,
                fp.frontage().hypot(fp.depth()) / 2.0,
            )
        })
        .collect();
    for (i, &(a, pa, ra)) in on.iter().enumerate() {
        for &(b, pb, rb) in &on[i + 1..] {
            if pa.dist(pb) < ra + rb && g.base(a).overlaps(&g.base(b)) {
                return Some((a, b));
            }
        }
    }
    None
}

/// One random game of `scenario` checked after every step: no two figures overlap, and no
/// unit starts an activation twice in a turn (2.1). The number of decisions, or what broke.
fn play_checked(scenario: &str, seed: u64) -> Result<usize, String> {
    let options = Options {
        scenario: scenario.into(),
        ..Options::default()
    };
    let mut g = Skirmish::new(&options, seed).map_err(|e| format!("set-up: {e}"))?;
    g.set_logging(false);
    let mut players = [
        Player(Dice::new(game_seed(seed, 0x5c))),
        Player(Dice::new(game_seed(seed, 0x5d))),
    ];
    let mut legal = Vec::new();
    let mut acted: Vec<u8> = Vec::new();
    let mut turn = g.turn_number();
    let mut step = 0;
    loop {
        if let Some((a, b)) = overlap(&g) {
            return Err(format!(
                "seed {seed}, step {step}: figures {a} of {} and {b} of {} overlap",
                g.id(g.figures()[a].unit as usize),
                g.id(g.figures()[b].unit as usize)
            ));
        }
        let Some(seat) = g.to_move() else { break };
        let Some(action) = fiw_engine::decide(&g, seat, &mut players[seat], &mut legal) else {
            return Err(format!("seed {seed}, step {step}: no legal action"));
        };
        g.apply(action)
            .map_err(|e| format!("seed {seed}, step {step}: a listed action is refused: {e}"))?;
        if g.turn_number() != turn {
            turn = g.turn_number();
            acted.clear();
        }
        if matches!(action, Action::Activate { .. }) {
            for &u in g.activation().map(|a| &a.units[..]).unwrap_or(&[]) {
                if acted.contains(&u) {
                    return Err(format!(
                        "seed {seed}, step {step} (turn {turn}): {} acts a second time",
                        g.id(u as usize)
                    ));
                }
                acted.push(u);
            }
        }
        step += 1;
        if step > 100_000 {
            return Err(format!("seed {seed}: the game does not end"));
        }
    }
    Ok(step)
}

/// The same games as the audit's (its seeds, its players), each checked at every step for
/// figures overlapping and units acting twice in a turn.
#[test]
fn random_games_keep_figures_apart_and_units_to_one_activation_a_turn() {
    let n = games();
    let scenarios = fiw_skirmish::SCENARIOS;
    let threads = std::thread::available_parallelism().map_or(1, |t| t.get()) as u64;
    for (k, (name, _)) in scenarios.iter().enumerate() {
        let share = n / scenarios.len() as u64 + u64::from((k as u64) < n % scenarios.len() as u64);
        let master = 0x5ec7_e75e_ed00 + k as u64;
        std::thread::scope(|scope| {
            let runs: Vec<_> = (0..threads)
                .map(|t| {
                    scope.spawn(move || {
                        for i in (t..share).step_by(threads as usize) {
                            play_checked(name, game_seed(master, i))
                                .map_err(|e| format!("{name}, game {i}: {e}"))?;
                        }
                        Ok::<(), String>(())
                    })
                })
                .collect();
            for r in runs {
                if let Err(e) = r.join().unwrap_or_else(|_| Err("a thread panicked".into())) {
                    panic!("{e}");
                }
            }
        });
    }
}
