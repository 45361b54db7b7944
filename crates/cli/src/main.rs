//! `fiw`: play the French & Indian War games with every rule enforced, simulate them, compute
//! battle odds, verify saves and list the rules as implemented.
//!
//! The command line is a stable contract (see the repository's DESIGN): results on stdout,
//! progress and diagnostics on stderr, `--json` prints one object, and the exit code is 0 on
//! success, 2 on bad usage or input (with a one-line reason) and 1 on anything else.

mod admin;
mod files;
mod input;
mod menu;
mod odds;
mod play;
mod plot;
mod replay;
mod rules;
mod session;
mod sim;
#[cfg(test)]
mod testgame;

use clap::{error::ErrorKind, Parser, Subcommand};
use fiw_host::{for_game, one_line, HostResult, SetupFlags};
use std::path::PathBuf;
use std::process::ExitCode;

/// Rules-enforced French & Indian War wargames: Louisbourg 1758, French & Indian War:
/// Solitaire, D3 Horse & Musket with Fort Oswego, the figure-scale skirmish rules, and the
/// campaign that joins them into one war.
#[derive(Debug, Parser)]
#[command(name = "fiw", version, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The search budget of `ai` seats, shared by `play` and `sim`.
#[derive(Debug, clap::Args)]
struct AiFlags {
    /// Search iterations (playouts) per AI decision, at most 1000000. The default is the
    /// game's own: louisbourg 200, solitaire 2000, d3 60, skirmish 64 (a campaign: its map's and
    /// its battle's); the time limit stays as it is.
    #[arg(long, value_name = "N")]
    ai_iterations: Option<u32>,
    /// Milliseconds per AI decision, at most 600000 (default 1000 in every game; the
    /// iteration limit stays as it is: the search stops at whichever comes first).
    #[arg(long, value_name = "MS")]
    ai_ms: Option<u64>,
}

/// How the dice are rolled in `play`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum DiceFlag {
    /// fiw rolls them (and shuffles the deck), from the game's seed.
    Auto,
    /// The players roll real dice and draw real cards, and type each one in; fiw referees.
    Manual,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play a game at the terminal: hot-seat, against the computer, or unattended.
    Play {
        /// The game (louisbourg, solitaire, d3, skirmish, campaign); with --load or --resume it may be left out.
        game: Option<String>,
        /// Who plays a side: SIDE=human|random|heuristic|ai (default: every side human; in
        /// solitaire and the campaign the seat is `player`, the BOT plays by its chart).
        #[arg(long = "seat", value_name = "SIDE=POLICY")]
        seats: Vec<String>,
        /// Dice seed, for tests and scripts: a game with a human seat and a seed given keeps
        /// no secrets (default: drawn from the operating system, never shown).
        #[arg(long, value_name = "N", conflicts_with_all = ["load", "resume"])]
        seed: Option<u64>,
        /// Go on with a saved game (its file; the game is read from it).
        #[arg(long, value_name = "FILE", conflicts_with = "resume")]
        load: Option<PathBuf>,
        /// Go on with the last unfinished game people played (they are saved after every
        /// action, in the state directory named when the game began).
        #[arg(long)]
        resume: bool,
        /// Keep the game in FILE: checked before play, written after every action people watch
        /// and at the end (an unattended game: at the end).
        #[arg(long, value_name = "FILE")]
        save: Option<PathBuf>,
        /// Who rolls: auto, or manual (the players roll real dice and draw real cards, and type
        /// them in when fiw asks; fiw checks each and referees).
        #[arg(long, value_enum, value_name = "auto|manual", default_value = "auto", conflicts_with_all = ["load", "resume"])]
        dice: DiceFlag,
        /// Louisbourg: the rulebook's fixed French set-up (section 14).
        #[arg(long, conflicts_with_all = ["load", "resume"])]
        solitaire_setup: bool,
        /// Solitaire and the campaign: the player's side, british or french (default:
        /// british); the BOT takes the other.
        #[arg(long, value_name = "SIDE", conflicts_with_all = ["load", "resume"])]
        side: Option<String>,
        /// D3 and skirmish: the battle, a built-in scenario (d3: fort-oswego, meeting; skirmish:
        /// relief-column, raid, siege-sortie) or a scenario file
        /// (default: d3 fort-oswego, skirmish relief-column).
        #[arg(long, value_name = "NAME|FILE.toml", conflicts_with_all = ["load", "resume"])]
        scenario: Option<String>,
        /// D3 and skirmish: keep an SVG drawing of the table in this file, rewritten after
        /// every action (open it in a browser).
        #[arg(long, value_name = "FILE.svg")]
        svg: Option<PathBuf>,
        /// Louisbourg: one person plays both sides with every block face up (section 14); the
        /// screen is never passed.
        #[arg(long, conflicts_with_all = ["load", "resume"])]
        open: bool,
        /// The campaign for two players (C11): a second person takes the other side in the
        /// BOT's place, the seat `bot`; each battle fought is fought between the two.
        #[arg(long, conflicts_with_all = ["load", "resume"])]
        two_players: bool,
        #[command(flatten)]
        ai: AiFlags,
    },
    /// Play many games between computer players and sum them up.
    Sim {
        /// The game (louisbourg, solitaire, d3, skirmish, campaign).
        game: String,
        /// Number of games (at most 100000000).
        #[arg(long, value_name = "N")]
        games: u64,
        /// Master seed (game i gets its own seed from it).
        #[arg(long, value_name = "S", default_value_t = 1)]
        seed: u64,
        /// Worker threads (0: all cores; at most four a core).
        #[arg(long, value_name = "T", default_value_t = 0)]
        threads: usize,
        /// Who plays a side: SIDE=random|heuristic|ai (default: every side random; in
        /// solitaire and the campaign the seat is `player`).
        #[arg(long = "seat", value_name = "SIDE=POLICY")]
        seats: Vec<String>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        /// Draw the win rates and the turns of victory into this SVG file.
        #[arg(long, value_name = "FILE.svg")]
        plot: Option<PathBuf>,
        /// Louisbourg: the rulebook's fixed French set-up (section 14).
        #[arg(long)]
        solitaire_setup: bool,
        /// Solitaire and the campaign: the player's side, british or french (default: british).
        #[arg(long, value_name = "SIDE")]
        side: Option<String>,
        /// D3 and skirmish: the battle, a built-in scenario (d3: fort-oswego, meeting; skirmish:
        /// relief-column, raid, siege-sortie) or a scenario file
        /// (default: d3 fort-oswego, skirmish relief-column).
        #[arg(long, value_name = "NAME|FILE.toml")]
        scenario: Option<String>,
        /// The campaign for two players (C11): both seats take the player's procedure.
        #[arg(long)]
        two_players: bool,
        #[command(flatten)]
        ai: AiFlags,
    },
    /// Exact odds of one battle.
    Odds {
        /// The game (louisbourg).
        game: String,
        /// Attacking units: a comma list of SP or KIND:SP (e.g. 4,4,ranger:2).
        #[arg(long, value_name = "UNITS", allow_hyphen_values = true)]
        attacker: String,
        /// Defending units, as for --attacker.
        #[arg(long, value_name = "UNITS", allow_hyphen_values = true)]
        defender: String,
        /// Where the battle is (a location id such as green-hills).
        #[arg(long, value_name = "LOCATION")]
        at: Option<String>,
        /// The attackers land from the sea.
        #[arg(long)]
        amphibious: bool,
        /// A raid: one round only.
        #[arg(long)]
        raid: bool,
        /// The attacker retreats once down to this many SP.
        #[arg(long, value_name = "SP")]
        attacker_retreat_at: Option<u32>,
        /// The defender retreats once down to this many SP.
        #[arg(long, value_name = "SP")]
        defender_retreat_at: Option<u32>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Replay a save file and prove it reaches the state it records; with --seat, show the
    /// game as that side saw it (its view and log, none of the other side's secrets).
    Replay {
        /// The save file (at most 16 MiB).
        file: PathBuf,
        /// Show the game as this side saw it (british, french; solitaire: player).
        #[arg(long, value_name = "SIDE")]
        seat: Option<String>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Serve every game online: create games, send each seat's secret link, play in a
    /// browser or over the JSON API; the seeds and secrets stay on the server.
    Serve {
        /// The database: sqlite://FILE (default: sqlite://fiw.db in the working directory,
        /// created on first start) or postgres://USER:PASSWORD@HOST/DB.
        #[arg(long, value_name = "URL", default_value = "sqlite://fiw.db")]
        db: String,
        /// Where to listen (default: 127.0.0.1:8080, this machine only; put a reverse proxy
        /// with TLS in front to serve others).
        #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:8080")]
        addr: std::net::SocketAddr,
        /// The address the links are written with, as players reach the server
        /// (e.g. https://fiw.example.org); default: http:// and the listening address.
        #[arg(long, value_name = "URL")]
        public_url: Option<String>,
        /// Let webhooks call loopback addresses (127.0.0.1, ::1): for tests on one machine;
        /// otherwise a seat's webhook could reach services of the server's own machine.
        #[arg(long)]
        allow_loopback_webhooks: bool,
        /// For tests only: the first games made take these seeds, in turn (N,N,…), so that a
        /// browser test reaches a chosen position by clicks; anyone who knows a game's seed
        /// knows all its dice to come.
        #[arg(long, value_name = "N,N,…", value_delimiter = ',', hide = true)]
        test_seeds: Vec<u64>,
        /// Requests a second one address may make (a burst of three seconds' worth is
        /// allowed; 0: no limit).
        #[arg(long, value_name = "N", default_value_t = 60)]
        rate_per_address: u32,
        /// Requests a second one seat's or spectator's link may make (0: no limit).
        #[arg(long, value_name = "N", default_value_t = 30)]
        rate_per_link: u32,
        /// Count requests by the last address of X-Forwarded-For, which a reverse proxy in
        /// front of the server sets (only behind one: a client could set it otherwise).
        #[arg(long)]
        behind_proxy: bool,
        /// The longest a request may take before it is answered 408, in seconds (a change
        /// it started is finished and shown all the same).
        #[arg(long, value_name = "SECONDS", default_value_t = 30.0)]
        request_timeout: f64,
        /// Replay every stored game under this build's rules, list those that do not replay
        /// (id, the entry that fails, why) and exit: 0 when all replay, 1 otherwise.
        #[arg(long)]
        check: bool,
        #[command(flatten)]
        bounds: BoundsFlags,
        /// Where mail goes out, for accounts' notices and links: smtp://HOST:PORT (plain, on
        /// one machine), smtp://USER@HOST:587?tls=required (STARTTLS) or smtps://USER@HOST
        /// (TLS); the password from the FIW_SMTP_PASSWORD environment variable.
        #[arg(long, value_name = "URL")]
        smtp: Option<String>,
        /// The mails' sender.
        #[arg(long, value_name = "ADDRESS", default_value = "fiw <fiw@localhost>")]
        mail_from: String,
        #[command(flatten)]
        ai: AiFlags,
    },
    /// The server's operator, on its database: list, rename, suspend and delete accounts;
    /// close a game open in the lobby. It runs beside a running server, which sees each
    /// change at once (the names on the seats of a game it holds in memory: once it reads
    /// the game again).
    Admin {
        /// The server's database, as given to fiw serve: sqlite://FILE (it must exist) or
        /// postgres://USER:PASSWORD@HOST/DB.
        #[arg(
            long,
            value_name = "URL",
            default_value = "sqlite://fiw.db",
            global = true
        )]
        db: String,
        #[command(subcommand)]
        command: admin::AdminCommand,
    },
    /// The rules as implemented: sections, code, tests and assumed values.
    Rules {
        /// The game (louisbourg, solitaire, d3, skirmish, campaign).
        game: String,
        /// One section (with its subsections), e.g. 8.3.
        section: Option<String>,
    },
}

fn execute(command: Command) -> HostResult {
    match command {
        Command::Play {
            game,
            seats,
            seed,
            load,
            resume,
            save,
            dice,
            solitaire_setup,
            side,
            scenario,
            svg,
            open,
            two_players,
            ai,
        } => {
            let budget = fiw_host::seats::AiBudget::from_flags(ai.ai_iterations, ai.ai_ms)?;
            // a loaded or resumed game names itself; its file is read once, here
            let from = |path: PathBuf| -> HostResult<(PathBuf, String)> {
                let text = play::read_save(&path)?;
                Ok((path, text))
            };
            let load = load.map(from).transpose()?;
            let resume = if resume {
                let dir = files::autosave_dir().ok_or_else(|| {
                    fiw_host::HostError::usage(
                        "--resume: there is no state directory where games are autosaved (set FIW_STATE_DIR)",
                    )
                })?;
                Some(files::last_unfinished(&dir, game.as_deref())?)
            } else {
                None
            };
            let named = load
                .as_ref()
                .or(resume.as_ref())
                .map(|(path, text)| {
                    fiw_engine::game_of(text).map_err(|e| {
                        fiw_host::HostError::usage(format!("cannot load {}: {e}", path.display()))
                    })
                })
                .transpose()?;
            let game = match (game, named) {
                (Some(g), Some(n)) if g != n => {
                    return Err(fiw_host::HostError::usage(format!(
                        "the save is a game of {n}, not {g}"
                    )))
                }
                (_, Some(n)) => n,
                (Some(g), None) => g,
                (None, None) => {
                    return Err(fiw_host::HostError::usage(format!(
                        "play needs a game ({}), or --load FILE, or --resume",
                        fiw_host::KNOWN.join(", ")
                    )))
                }
            };
            let args = play::PlayArgs {
                seats,
                seed,
                load,
                resume,
                save,
                svg,
                manual_dice: dice == DiceFlag::Manual,
                flags: SetupFlags {
                    solitaire_setup,
                    side,
                    scenario,
                    open,
                    two_players,
                },
                budget,
            };
            for_game!(game.as_str(), G => play::run::<G>(&args))
        }
        Command::Sim {
            game,
            games,
            seed,
            threads,
            seats,
            json,
            plot,
            solitaire_setup,
            side,
            scenario,
            two_players,
            ai,
        } => {
            let budget = fiw_host::seats::AiBudget::from_flags(ai.ai_iterations, ai.ai_ms)?;
            let args = sim::SimArgs {
                games,
                seed,
                threads,
                seats,
                json,
                plot,
                flags: SetupFlags {
                    solitaire_setup,
                    side,
                    scenario,
                    open: false,
                    two_players,
                },
                budget,
            };
            for_game!(game.as_str(), G => sim::run::<G>(&args))
        }
        Command::Odds {
            game,
            attacker,
            defender,
            at,
            amphibious,
            raid,
            attacker_retreat_at,
            defender_retreat_at,
            json,
        } => odds::run(&odds::OddsArgs {
            game,
            attacker,
            defender,
            at,
            amphibious,
            raid,
            attacker_retreat_at,
            defender_retreat_at,
            json,
        }),
        Command::Replay { file, seat, json } => replay::run(&file, seat.as_deref(), json),
        Command::Serve {
            db,
            addr,
            public_url,
            allow_loopback_webhooks,
            test_seeds,
            rate_per_address,
            rate_per_link,
            behind_proxy,
            request_timeout,
            check,
            bounds,
            smtp,
            mail_from,
            ai,
        } => {
            if check {
                return check_stored(&db);
            }
            log_to_stderr();
            if !(request_timeout.is_finite() && (0.01..=3600.0).contains(&request_timeout)) {
                return Err(fiw_host::HostError::usage(format!(
                    "--request-timeout {request_timeout}: give seconds from 0.01 to 3600"
                )));
            }
            let budget = fiw_host::seats::AiBudget::from_flags(ai.ai_iterations, ai.ai_ms)?;
            let config = fiw_server::Config {
                db,
                addr,
                public_url: public_url.map(|u| u.trim_end_matches('/').to_string()),
                ai: budget,
                allow_loopback_webhooks,
                rate: fiw_server::rate::RateLimits {
                    per_address: rate_per_address,
                    per_token: rate_per_link,
                    behind_proxy,
                },
                request_timeout: std::time::Duration::from_secs_f64(request_timeout),
                bounds: bounds.bounds(),
                metrics: fiw_server::api::MetricsAccess {
                    from: bounds.metrics_from.clone(),
                    token: std::env::var("FIW_METRICS_TOKEN")
                        .ok()
                        .filter(|t| !t.is_empty()),
                },
                smtp,
                mail_from,
                test_seeds,
            };
            let runtime = tokio::runtime::Runtime::new()
                .map_err(|e| fiw_host::HostError::failure(format!("cannot start: {e}")))?;
            runtime
                .block_on(fiw_server::serve(config.clone(), |addr, url| {
                    println!(
                        "fiw serve: listening on {addr}, games kept in {}; links are written as {url}/play/…",
                        fiw_server::redact(&config.db)
                    );
                }))
                .map_err(fiw_host::HostError::usage)
        }
        Command::Admin { db, command } => admin::run(&db, command),
        Command::Rules { game, section } => {
            for_game!(game.as_str(), G => rules::run::<G>(section.as_deref()))
        }
    }
}

/// `fiw serve --check`: every stored game replayed; those that do not, one line each.
fn check_stored(db: &str) -> HostResult {
    let runtime = tokio::runtime::Runtime::new()
        .map_err(|e| fiw_host::HostError::failure(format!("cannot start: {e}")))?;
    let (read, bad) = runtime
        .block_on(fiw_server::check(db))
        .map_err(fiw_host::HostError::usage)?;
    for u in &bad {
        println!("game {} ({}): {}", u.id, u.game, u.why);
    }
    match bad.len() {
        0 => {
            println!("fiw serve --check: all {read} stored games replay");
            Ok(())
        }
        n => Err(fiw_host::HostError::failure(format!(
            "{n} of {read} stored games do not replay under this build's rules: they are shown read-only"
        ))),
    }
}

/// The bounds of `fiw serve` (docs/api.md, "Running a server").
#[derive(clap::Args, Debug)]
struct BoundsFlags {
    /// Connections open at once in all (0: sized from the open-file limit, which the server
    /// raises to its hard limit at start).
    #[arg(long, value_name = "N", default_value_t = 0)]
    max_connections: usize,
    /// Connections open at once from one address (a club behind one NAT shares one).
    #[arg(long, value_name = "N", default_value_t = 256)]
    connections_per_address: usize,
    /// Seconds a connection has to send a request's headers, and may stay idle between
    /// requests.
    #[arg(long, value_name = "SECONDS", default_value_t = 20)]
    header_timeout: u64,
    /// Pages (WebSockets) open at once on one game.
    #[arg(long, value_name = "N", default_value_t = 64)]
    sockets_per_game: usize,
    /// Pages open at once with one seat's link.
    #[arg(long, value_name = "N", default_value_t = 8)]
    sockets_per_seat: usize,
    /// Pages open at once from one address.
    #[arg(long, value_name = "N", default_value_t = 64)]
    sockets_per_address: usize,
    /// Games with no human seat played at once, in all.
    #[arg(long, value_name = "N", default_value_t = 4)]
    computer_games: usize,
    /// Games with no human seat played at once, made from one address.
    #[arg(long, value_name = "N", default_value_t = 1)]
    computer_games_per_address: usize,
    /// Computer seats thinking at once, in all games (0: half the cores, at least one).
    #[arg(long, value_name = "N", default_value_t = 0)]
    thinking: usize,
    /// Seconds between two hint searches of one seat.
    #[arg(long, value_name = "SECONDS", default_value_t = 5)]
    hint_every: u64,
    /// Seconds a game nobody asks for stays in memory.
    #[arg(long, value_name = "SECONDS", default_value_t = 600)]
    game_idle: u64,
    /// An address that may read GET /metrics (repeat the flag for several); the token of
    /// the FIW_METRICS_TOKEN environment variable may read it from anywhere.
    #[arg(long, value_name = "ADDRESS")]
    metrics_from: Vec<std::net::IpAddr>,
}

impl BoundsFlags {
    fn bounds(&self) -> fiw_server::bounds::Bounds {
        use std::time::Duration;
        fiw_server::bounds::Bounds {
            connections: self.max_connections,
            connections_per_address: self.connections_per_address.max(1),
            header_read: Duration::from_secs(self.header_timeout.max(1)),
            sockets_per_game: self.sockets_per_game.max(1),
            sockets_per_credential: self.sockets_per_seat.max(1),
            sockets_per_address: self.sockets_per_address.max(1),
            computer_games: self.computer_games,
            computer_games_per_address: self.computer_games_per_address,
            thinking: self.thinking,
            hint_every: Duration::from_secs(self.hint_every),
            game_idle: Duration::from_secs(self.game_idle.max(1)),
            ..fiw_server::bounds::Bounds::default()
        }
    }
}

/// `fiw serve`'s log lines on stderr: one per request, and what goes wrong; FIW_LOG (e.g.
/// `warn`, `fiw::request=off`) chooses how much.
fn log_to_stderr() {
    let filter = tracing_subscriber::EnvFilter::try_from_env("FIW_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_target(true)
        .try_init();
}

/// A clap error as one line: the complaint and the usage it broke.
fn usage_line(e: &clap::Error) -> String {
    let text = e.render().to_string();
    // Everything before the usage line: the complaint, what it concerns, and clap's tip.
    let mut complaint = String::new();
    for line in text
        .lines()
        .take_while(|l| !l.trim_start().starts_with("Usage:"))
    {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if !complaint.is_empty() {
            complaint += if complaint.ends_with(':') { " " } else { "; " };
        }
        complaint += line;
    }
    let complaint = one_line(&complaint);
    let complaint = complaint.trim_start_matches("error:").trim();
    let complaint = if complaint.is_empty() {
        "bad usage"
    } else {
        complaint
    };
    match text.lines().find_map(|l| l.trim().strip_prefix("Usage:")) {
        Some(usage) => format!("{complaint} (usage: {}; see --help)", usage.trim()),
        None => complaint.to_string(),
    }
}

fn main() -> ExitCode {
    // A panic is a bug; say so in one line and exit 1 rather than printing a backtrace.
    std::panic::set_hook(Box::new(|info| {
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown".into());
        let at = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        eprintln!(
            "fiw: internal error: {}{at} (a bug in fiw; please report it)",
            one_line(&what)
        );
    }));

    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => match e.kind() {
            ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                let _ = e.print();
                return ExitCode::SUCCESS;
            }
            ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                let _ = e.print();
                return ExitCode::from(2);
            }
            _ => {
                eprintln!("fiw: {}", usage_line(&e));
                return ExitCode::from(2);
            }
        },
    };
    match std::panic::catch_unwind(|| execute(cli.command)) {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(e)) => match e.exit_code() {
            None => ExitCode::SUCCESS,
            Some(code) => {
                eprintln!("fiw: {e}");
                ExitCode::from(code as u8)
            }
        },
        Err(_) => ExitCode::from(1),
    }
}
