//! The server's messages keep every secret: random games of each game, and at every step the
//! message each seat and a spectator would be sent (the same `Open::shown` the routes and the
//! WebSocket send) is scanned for the words that seat may not see now (the other side's hidden
//! block names, the cards of the other hand, the landing plan: `HostGame::secret_words`), and
//! for the seed. A spectator's message holds the game's public view, scanned for every seat's
//! words; the reveal (the whole view) is in no message before the end, and in every one after
//! it. FIW_SERVER_SECRET_GAMES overrides the number of games (1,000 a game); of the skirmish's,
//! whose games are long, the first 50 are scanned at every step, the rest at a stride.

use fiw_engine::{Dice, Seat};
use fiw_host::hosted::start;
use fiw_host::seats::Player;
use fiw_host::SetupFlags;
use fiw_server::live::{Caller, Open};

fn games() -> u64 {
    std::env::var("FIW_SERVER_SECRET_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000)
}

/// The games played of `game`: a campaign is dozens of map turns and every battle it fights
/// a whole game of D3, skirmish or Louisbourg, so it plays one in 10 (100 by default, a quarter
/// of them for two players), each with its battles fought one time in three (whose secrets are the battle games' own, each
/// scanned in its own thousand games above).
fn games_of(game: &str) -> u64 {
    match game {
        "campaign" => games().div_ceil(10),
        _ => games(),
    }
}

/// What one caller may not be shown (the words and the seed) and a searcher for them, built
/// again only when the words change: building it costs more than the search itself.
struct Scanner {
    who: String,
    words: Vec<String>,
    seed: String,
    finder: aho_corasick::AhoCorasick,
}

impl Scanner {
    fn new(who: String, seed: u64) -> Self {
        let mut s = Scanner {
            who,
            words: Vec::new(),
            seed: seed.to_string(),
            finder: aho_corasick::AhoCorasick::new([""; 0]).unwrap(),
        };
        s.build();
        s
    }

    fn build(&mut self) {
        let patterns = self
            .words
            .iter()
            .map(String::as_str)
            .chain([self.seed.as_str()]);
        // a contiguous NFA: quick to build and to search with a few dozen words
        self.finder = aho_corasick::AhoCorasick::builder()
            .kind(Some(aho_corasick::AhoCorasickKind::ContiguousNFA))
            .match_kind(aho_corasick::MatchKind::LeftmostFirst)
            .build(patterns)
            .expect("the words make a searcher");
    }

    /// Scans `text`, shown now, for the caller's `words` and the seed, in one pass.
    fn scan(&mut self, text: &str, words: &[String], game: &str, step: usize) {
        if self.words != words {
            self.words = words.to_vec();
            self.build();
        }
        if let Some(m) = self.finder.find(text) {
            let w = &text[m.start()..m.end()];
            let what = if w == self.seed {
                "the seed".to_string()
            } else {
                format!("'{w}'")
            };
            panic!(
                "{game}, step {step}: {} is shown {what}, which it may not know:\n{text}",
                self.who
            );
        }
    }
}

/// Random legal play as each game's own audit plays it: a skirmish move ended ("done") one
/// time in two and a D3 phase passed one time in four when the list offers it, every other
/// choice uniform. A player that almost never ends a move walks every unit all game long,
/// which shows no more messages of other kinds and costs twice as long.
fn pick<'a>(game: &str, legal: &'a [String], dice: &mut Dice) -> &'a str {
    let early = match game {
        "skirmish" => Some(("done", 2)),
        "d3" => Some(("pass", 4)),
        // the campaign's battles, whichever game they are
        "campaign" if legal.iter().any(|t| t == "done") => Some(("done", 2)),
        "campaign" => Some(("pass", 4)),
        _ => None,
    };
    if let Some((text, one_in)) = early {
        if legal.iter().any(|t| t == text) && dice.below(one_in) == 0 {
            return text;
        }
    }
    &legal[dice.below(legal.len() as u32) as usize]
}

/// Of the skirmish's games, the first this many have every step's messages scanned (every
/// step of every other game's are: they cost little).
const EVERY_STEP: u64 = 50;

/// The rest have them scanned every this many steps (from a step drawn from the game's seed)
/// and at the end. The log lines of the steps between are scanned all the same, in the next
/// message (each brings every line since the last one the caller was sent), though against
/// the words secret then; what goes unscanned is the views of those steps. The skirmish's own
/// audit (crates/skirmish/tests/secrets.rs) checks its log against the hidden names at every
/// step, and its views against a twin at every step of its first games and at a stride in the
/// rest: this test is for what the server wraps around them. A skirmish game of random orders lasts
/// some 2,300 steps, each three messages of the whole board: scanning every one made this the
/// suite's longest test (some 420 s in CI).
const STRIDE: usize = 8;

/// The battle tables a campaign's public view can hold, and those the scanned campaigns
/// reached: every one must be (a campaign whose battles were never fought scans only a map).
const TABLES: [&str; 3] = [
    "\"view\":{\"d3\":",
    "\"view\":{\"skirmish\":",
    "\"view\":{\"louisbourg\":",
];
static TABLES_SEEN: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);

fn play(game: &str, index: u64) -> usize {
    let seed = 0x5e_c2e7 + index;
    // one campaign in four is the two-player one (C11): its second seat commands a side of
    // each battle fought, and must be kept from the first's secrets as the first from its
    let flags = SetupFlags {
        two_players: game == "campaign" && index % 4 == 1,
        ..SetupFlags::default()
    };
    let (hosted, _) = start(game, &flags, seed).unwrap();
    let seats = hosted.seats().len();
    let mut open = Open::unstored(hosted, vec![Player::Human; seats]);
    let mut step = 0;
    // the log lines each caller has been sent: each message brings only the new ones, as the
    // WebSocket sends them
    let mut since = vec![0usize; seats + 1];
    let seed = open.hosted_mut().seed();
    let mut dice = Dice::new(seed ^ 0x5ca2);
    let offset = if game != "skirmish" || index < EVERY_STEP {
        None
    } else {
        Some(dice.below(STRIDE as u32) as usize)
    };
    let mut scanners: Vec<Scanner> = (0..seats)
        .map(|s| Scanner::new(format!("seat {s}"), seed))
        .chain([Scanner::new("a spectator".into(), seed)])
        .collect();
    loop {
        let g = open.hosted_mut();
        // once the game is over nothing is secret (the reveal shows it all) but the seed
        let over = g.to_move().is_none();
        let scanned = over || offset.is_none_or(|o| (step + o) % STRIDE == 0);
        if scanned {
            let words: Vec<Vec<String>> = (0..seats)
                .map(|s| if over { Vec::new() } else { g.secret_words(s) })
                .collect();
            for (s, w) in words.iter().enumerate() {
                let shown = open.shown(Caller::Seat(s as Seat), since[s]);
                // the whole view is sent at the end and never before
                assert_eq!(
                    shown.reveal.is_some(),
                    over,
                    "{game}, step {step}: the reveal"
                );
                since[s] = shown.log_end();
                let text = serde_json::to_string(&shown).unwrap();
                scanners[s].scan(&text, w, game, step);
            }
            let all: Vec<String> = words.concat();
            let shown = open.shown(Caller::Spectator, since[seats]);
            assert_eq!(
                shown.reveal.is_some(),
                over,
                "{game}, step {step}: the reveal"
            );
            since[seats] = shown.log_end();
            let text = serde_json::to_string(&shown).unwrap();
            scanners[seats].scan(&text, &all, game, step);
            for (i, kind) in TABLES.iter().enumerate() {
                if text.contains(kind) {
                    TABLES_SEEN.fetch_or(1 << i, std::sync::atomic::Ordering::Relaxed);
                }
            }
        }
        let g = open.hosted_mut();
        let Some(seat) = g.to_move() else { break };
        let legal = g.legal_texts(seat);
        assert!(!legal.is_empty(), "{game}: no action");
        let text = pick(game, &legal, &mut dice);
        g.take(seat, text, true).unwrap();
        step += 1;
        assert!(step < 100_000, "{game}: the game did not end");
    }
    step
}

#[test]
fn every_message_of_every_game_keeps_the_other_seats_secrets() {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()) as u64;
    // the games a server offers
    for game in fiw_host::ONLINE {
        let began = std::time::Instant::now();
        // the games shared out among the cores, each thread its own share
        let steps: usize = std::thread::scope(|s| {
            let shares: Vec<_> = (0..threads)
                .map(|t| {
                    s.spawn(move || {
                        (0..games_of(game))
                            .filter(|i| i % threads == t)
                            .map(|i| play(game, i))
                            .sum::<usize>()
                    })
                })
                .collect();
            shares.into_iter().map(|h| h.join().unwrap()).sum()
        });
        assert!(steps > 0, "{game}");
        if *game == "campaign" {
            let seen = TABLES_SEEN.load(std::sync::atomic::Ordering::Relaxed);
            for (i, kind) in TABLES.iter().enumerate() {
                assert!(seen & (1 << i) != 0, "no campaign scanned fought on {kind}");
            }
        }
        // for whoever times the suite (never asserted)
        eprintln!(
            "{game}: {} games, {steps} steps, {:.1} s",
            games_of(game),
            began.elapsed().as_secs_f64()
        );
    }
}
