//! The one place that knows which games exist. Everything else in the front end is generic over
//! [`fiw_engine::Game`]; adding a game is one arm in [`for_game!`] and one [`HostGame`] impl.

use crate::error::{HostError, HostResult};
use crate::seats::{parse_seats, Player};
use fiw_engine::{Game, Policy, Seat, Seen, SimReport};

/// The games this build knows, by command-line name.
pub const KNOWN: &[&str] = &["louisbourg", "solitaire", "d3", "skirmish", "campaign"];

/// The games a server offers: those whose views a page can draw (a game known here and not
/// offered would be played at the terminal only). The campaign's page draws the map and, in a
/// battle, the battle's own table.
pub const ONLINE: &[&str] = &["louisbourg", "solitaire", "d3", "skirmish", "campaign"];

/// Set-up flags given on the command line (`play`, `sim`).
#[derive(Clone, Debug, Default)]
pub struct SetupFlags {
    /// `--solitaire-setup`: Louisbourg's section-14 fixed French set-up.
    pub solitaire_setup: bool,
    /// `--side british|french`: the player's side in solitaire.
    pub side: Option<String>,
    /// `--scenario NAME|FILE.toml`: the D3 battle to fight, or the skirmish scenario.
    pub scenario: Option<String>,
    /// `--open`: one person plays every seat with everything face up (Louisbourg 14), so no
    /// screen is passed and no view hides anything.
    pub open: bool,
    /// `--two-players`: the campaign's two-player variant (C11), a second person in the BOT's
    /// place.
    pub two_players: bool,
}

impl SetupFlags {
    /// Refuses `--scenario` for a game that has no scenarios (as `--side` is refused outside
    /// solitaire).
    fn no_scenario(&self, game: &str) -> HostResult {
        match self.scenario {
            Some(_) => Err(HostError::usage(format!(
                "--scenario is for d3 and skirmish only; {game} has one set-up"
            ))),
            None => Ok(()),
        }
    }

    /// Refuses every set-up flag but `--scenario`, for the miniatures games (d3, skirmish),
    /// whose battles are their scenarios.
    fn scenario_only(&self, game: &str) -> HostResult {
        if self.solitaire_setup {
            return Err(HostError::usage(format!(
                "--solitaire-setup is for louisbourg only; {game} takes --scenario NAME|FILE.toml"
            )));
        }
        if self.side.is_some() {
            return Err(HostError::usage(format!(
                "--side is for solitaire only; in {game} choose who plays each side with --seat british=POLICY"
            )));
        }
        self.no_open(game)
    }

    /// The player's side on Solitaire's map (`--side`, British by default), for `game`
    /// (solitaire, or the campaign played on that map), refusing the other games' flags; the
    /// map's corrected data files are put in use first, if `FIW_SOLITAIRE_DATA` names a folder
    /// of them.
    pub(crate) fn map_side(&self, game: &str) -> HostResult<fiw_solitaire::Side> {
        if self.solitaire_setup {
            return Err(HostError::usage(format!(
                "--solitaire-setup is for louisbourg only; {game} takes --side british|french"
            )));
        }
        self.no_scenario(game)?;
        self.no_open(game)?;
        fiw_solitaire::data::install_from_env().map_err(HostError::usage)?;
        match self.side.as_deref() {
            None => Ok(fiw_solitaire::Side::British),
            Some(s) => fiw_solitaire::Side::parse(s).ok_or_else(|| {
                HostError::usage(format!(
                    "unknown side '{s}' for --side (sides: british, french)"
                ))
            }),
        }
    }

    /// Refuses `--open` for a game that has no open play.
    fn no_open(&self, game: &str) -> HostResult {
        if self.open {
            return Err(HostError::usage(format!(
                "--open is for louisbourg only; {game} has no hidden blocks to turn face up"
            )));
        }
        self.no_two_players(game)
    }

    /// Refuses `--two-players` for every game but the campaign.
    fn no_two_players(&self, game: &str) -> HostResult {
        if self.two_players && game != "campaign" {
            return Err(HostError::usage(format!(
                "--two-players is for campaign only (its two-player variant, C11); {game} has its seats: choose who plays each with --seat"
            )));
        }
        Ok(())
    }
}

/// What an action involves ([`HostGame::action_refs`]).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct ActionRefs {
    /// The pieces it names, the one acting first (blocks, cards, armies, units).
    pub pieces: Vec<String>,
    /// The places it names (locations, sea areas, regions).
    pub places: Vec<String>,
    /// Where a miniatures move ends: the base's centre in inches and its facing in degrees.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<Placement>,
}

/// A base's place on a miniatures table.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Placement {
    /// Inches east of the west edge.
    pub x: f64,
    /// Inches north of the south edge.
    pub y: f64,
    /// Compass degrees.
    pub facing: f64,
}

impl ActionRefs {
    fn named(pieces: Vec<&str>, places: Vec<&str>) -> ActionRefs {
        ActionRefs {
            pieces: pieces.into_iter().map(str::to_string).collect(),
            places: places.into_iter().map(str::to_string).collect(),
            to: None,
        }
    }
}

/// What the front end needs of a game beyond [`Game`]: how the set-up flags become options, and
/// which seats the rules play by themselves.
pub trait HostGame: Game {
    /// The game's options for these flags; a flag the game has no use for is bad usage.
    fn options(flags: &SetupFlags) -> HostResult<Self::Options>;

    /// Who plays `seat` of a game set up with `options` when the rules play it (solitaire's
    /// BOT, by its Action Chart; not in the two-player campaign): no `--seat` may name it, and
    /// it is never asked for a decision. `None` for ordinary seats.
    fn rules_seat(options: &Self::Options, seat: Seat) -> Option<&'static str> {
        let _ = (options, seat);
        None
    }

    /// Set-up facts to print with a simulation's results (`side = british`), also added to
    /// `sim --json`.
    fn setup_facts(options: &Self::Options) -> Vec<(&'static str, String)> {
        let _ = options;
        Vec::new()
    }

    /// Lines the game adds to the plain `sim` table (how games ended, …), for games played
    /// with `options`.
    fn report_lines(options: &Self::Options, report: &SimReport) -> Vec<String> {
        let _ = (options, report);
        Vec::new()
    }

    /// What people are told `seat` is, at the terminal ("Pass the screen to the british
    /// player", "british to decide") and online (the lobby, "My games", a mail): its name, or
    /// where the seat's name says less than the side it plays (the two-player campaign's
    /// `player` and `bot`), the side.
    fn seat_name(&self, seat: Seat) -> String {
        Self::SEATS.get(seat).copied().unwrap_or("?").to_string()
    }

    /// What a group of the menu is called (`moves NAME` lists one): D3's are units.
    const GROUP: &'static str = "group";

    /// The heading an action is listed under when the menu is too long to show whole (D3: the
    /// unit it orders), or `None` for an action listed on its own line (`pass`). `moves NAME`
    /// lists one heading's actions.
    fn menu_group(&self, action: &Self::Action) -> Option<String> {
        let _ = action;
        None
    }

    /// The action in words a player follows, shown on its button where its typed text is
    /// terse (the skirmish's `test`, `step 4.1 at 14`), or `None` where the text says it.
    fn action_words(&self, action: &Self::Action) -> Option<String> {
        let _ = action;
        None
    }

    /// The pieces (blocks, cards, armies, units) and places an action names, and where a
    /// miniatures move ends, for a page that highlights them and draws the ghost base: only
    /// what the action's own text says, so nothing the deciding seat does not know.
    fn action_refs(&self, action: &Self::Action) -> ActionRefs {
        let _ = action;
        ActionRefs::default()
    }

    /// The options of a rematch with the sides swapped, and whether the seats' players swap
    /// too: where each side is a seat they do; solitaire, one person against the BOT, keeps
    /// its seats and gives the player the other side.
    fn rematch_options(options: &Self::Options) -> (Self::Options, bool) {
        (options.clone(), true)
    }

    /// Whether fiw draws this game ([`HostGame::drawing`]), so that `--svg` is refused before
    /// a game starts for one it does not.
    const DRAWS: bool = false;

    /// A drawing of the game as SVG text (`play --svg FILE`), with the piece named `selected`
    /// marked, or `None` for a game fiw does not draw.
    fn drawing(&self, viewer: Option<Seat>, selected: Option<&str>) -> Option<String> {
        let _ = (viewer, selected);
        None
    }

    /// Whether `name` is a piece on the board that `select NAME` may mark in the drawing, or
    /// why not, in a few words (`no unit is called 'x'`, `x has been eliminated`).
    fn piece_on_board(&self, name: &str) -> Result<(), String> {
        Err(format!("nothing is called '{name}'"))
    }

    /// The game's own prompt commands, as (usage, what it does) for `help`: Louisbourg's
    /// `map` and `card NAME`.
    const COMMANDS: &'static [(&'static str, &'static str)] = &[];

    /// The answer to one of [`HostGame::COMMANDS`] typed at `seat`'s prompt (`word` is the
    /// command, `rest` what follows it), from what `seat` may know; `None` when `word` is not
    /// one of the game's commands. A bad argument is answered in words, not as an error.
    fn command(&self, seat: Seat, word: &str, rest: &str) -> Option<String> {
        let _ = (seat, word, rest);
        None
    }

    /// A question the player must answer yes to before `action` is taken (solitaire: ending
    /// the turn with action points left), or `None` to take it at once.
    fn confirm(&self, action: &Self::Action) -> Option<String> {
        let _ = action;
        None
    }

    /// Words `seat` must never be shown while the game stands as it does (the other side's
    /// hidden block names, the cards of the other hand, a plan not yet carried out): the
    /// secrecy scans look for them in everything a seat is sent. Empty for a game without
    /// hidden information.
    fn secret_words(&self, seat: Seat) -> Vec<String> {
        let _ = seat;
        Vec::new()
    }

    /// The rulebooks of the games this one holds, by the name its view gives each (the
    /// campaign's map and battle tables): a page shows the one in play beside the game's own,
    /// so that a refusal a battle cites opens at its section. Empty for a game of one book.
    fn inner_books() -> Vec<(&'static str, fiw_engine::RuleBook)> {
        Vec::new()
    }

    /// What a browser needs to draw the board beyond a seat's view, the same for every seat
    /// and every game of this kind (Louisbourg: the map with its assumed points and the
    /// deck's card faces); `null` for a game that needs nothing more.
    fn board_data() -> serde_json::Value {
        serde_json::Value::Null
    }

    /// Whether a game set up with `options` is played open ([`SetupFlags::open`]): every seat
    /// sees everything, so the screen is never passed between seats.
    fn open(options: &Self::Options) -> bool {
        let _ = options;
        false
    }
}

impl HostGame for fiw_louisbourg::Louisbourg {
    fn options(flags: &SetupFlags) -> HostResult<Self::Options> {
        if flags.side.is_some() {
            return Err(HostError::usage(
                "--side is for solitaire only; in louisbourg choose who plays each side with --seat british=POLICY",
            ));
        }
        let mut options = match &flags.scenario {
            Some(given) => louisbourg_scenario(given)?,
            None => fiw_louisbourg::Options::default(),
        };
        options.solitaire_setup |= flags.solitaire_setup;
        options.open |= flags.open;
        flags.no_two_players("louisbourg")?;
        Ok(options)
    }

    fn action_refs(&self, action: &fiw_louisbourg::Action) -> ActionRefs {
        let (pieces, places) = action.refs();
        ActionRefs::named(pieces, places)
    }

    /// 7 the 64 landing plans, one line per number landing at Kennington Cove.
    fn menu_group(&self, action: &fiw_louisbourg::Action) -> Option<String> {
        match action {
            fiw_louisbourg::Action::Plan { kc, .. } => Some(format!("kennington-cove={kc}")),
            _ => None,
        }
    }

    const COMMANDS: &'static [(&'static str, &'static str)] = &[
        (
            "map",
            "every location's roads (solid: 8 units a move, dotted: 4) and the sea areas",
        ),
        (
            "card NAME",
            "a card's whole effect, by id or title (house cards marked); card alone lists all",
        ),
    ];

    /// `map` and `card NAME` read only the board and the deck, which both sides know.
    fn command(&self, _seat: Seat, word: &str, rest: &str) -> Option<String> {
        match word {
            "map" => Some(fiw_louisbourg::board::map_text()),
            "card" => Some(fiw_louisbourg::cards::card_sheets(rest)),
            _ => None,
        }
    }

    /// 14 open play: both sides face up, so the screen is never passed.
    fn open(options: &Self::Options) -> bool {
        options.open
    }

    /// The map (3, with each place's assumed point) and the 28 cards' faces (6.1).
    fn board_data() -> serde_json::Value {
        serde_json::json!({
            "map": fiw_louisbourg::board::map_drawing(),
            "cards": fiw_louisbourg::cards::card_faces(),
        })
    }

    /// The other side's unseen blocks by name and hidden type, the other hand, the deck, the
    /// landing plan not yet carried out (view.rs: secret_words).
    fn secret_words(&self, seat: Seat) -> Vec<String> {
        if fiw_louisbourg::Louisbourg::open(self) {
            return Vec::new();
        }
        fiw_louisbourg::Louisbourg::secret_words(self, fiw_louisbourg::Side::of_seat(seat))
    }

    /// How often each condition of 13 ended the games (the game's `ended_*` metrics).
    fn report_lines(_options: &Self::Options, r: &SimReport) -> Vec<String> {
        let pct = |k: &str| 100.0 * r.means.get(k).copied().unwrap_or(0.0);
        vec![format!(
            "games ended (13): British army below 24 SP {:.1} %, a British unit in Louisbourg {:.1} %, a British ship in the harbor {:.1} %, turn 16 {:.1} %",
            pct("ended_below_24"),
            pct("ended_fortress"),
            pct("ended_harbor"),
            pct("ended_turn_16")
        )]
    }
}

impl HostGame for fiw_solitaire::Solitaire {
    fn rematch_options(options: &Self::Options) -> (Self::Options, bool) {
        let mut swapped = options.clone();
        swapped.side = options.side.other();
        (swapped, false)
    }

    fn action_refs(&self, action: &fiw_solitaire::Action) -> ActionRefs {
        let (pieces, places) = action.refs();
        ActionRefs::named(pieces, places)
    }

    fn options(flags: &SetupFlags) -> HostResult<Self::Options> {
        Ok(fiw_solitaire::Options {
            side: flags.map_side("solitaire")?,
            ..Default::default()
        })
    }

    fn rules_seat(_options: &Self::Options, seat: Seat) -> Option<&'static str> {
        (seat == fiw_solitaire::BOT).then_some("BOT Action Chart")
    }

    fn setup_facts(options: &Self::Options) -> Vec<(&'static str, String)> {
        vec![("side", options.side.id().to_string())]
    }

    /// How games ended, how many turned on the single Atlantic point (the reading asks for
    /// fewer than a tenth), the attacks each seat made a game, the seasons of the BOT's
    /// sudden-death wins, and whether raids, blows at supply, restores, resupplies and
    /// recoveries came into play (fiw_solitaire::figures).
    fn report_lines(_options: &Self::Options, r: &SimReport) -> Vec<String> {
        let mean = |key: &str| r.means.get(key).copied().unwrap_or(0.0);
        let wins = r.wins.get("player").copied().unwrap_or(0) as f64 / r.games.max(1) as f64;
        fiw_solitaire::figures::report_lines(mean, wins)
    }

    const COMMANDS: &'static [(&'static str, &'static str)] = &[(
        "chart",
        "the BOT's Action Chart: the line each die face gives and the line used instead when it cannot be done",
    )];

    /// The four routes with their towns and kinds (2), the regions' tracks, the Turn Track
    /// (5: season, year, each side's AP and actions) and the armies (3.2), as the data gives
    /// them: the same for every game.
    fn board_data() -> serde_json::Value {
        use fiw_solitaire::{armies::armies, map::map, turn_track::turn_track, Side};
        let regions: Vec<serde_json::Value> = map()
            .regions
            .iter()
            .map(|r| {
                serde_json::json!({
                    "id": r.id,
                    "name": r.name,
                    "track": if matches!(r.track, fiw_solitaire::map::Track::Indians) { "indians" } else { "ocean" },
                    "towns": r.towns.iter().map(|t| serde_json::json!({
                        "id": t.id, "name": t.name, "kind": t.kind.word(), "drm": t.kind.drm(),
                    })).collect::<Vec<_>>(),
                })
            })
            .collect();
        let turns: Vec<serde_json::Value> = turn_track()
            .turns
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let side = |s: Side| {
                    serde_json::json!({
                        "ap": t.ap[s.index()],
                        "actions": t.allowed(s).map(|k| k.word()).collect::<Vec<_>>(),
                    })
                };
                serde_json::json!({
                    "turn": i + 1, "year": t.year, "season": t.season, "transfers": t.transfers,
                    "british": side(Side::British), "french": side(Side::French),
                })
            })
            .collect();
        let armies: Vec<serde_json::Value> = armies()
            .list
            .iter()
            .enumerate()
            .map(|(i, a)| serde_json::json!({ "index": i, "id": a.id, "name": a.name, "side": a.side.id(), "drm": a.drm, "arrives": { "british": a.arrives(fiw_solitaire::Side::British), "french": a.arrives(fiw_solitaire::Side::French) } }))
            .collect();
        serde_json::json!({ "regions": regions, "turns": turns, "armies": armies })
    }

    /// `chart`: the chart of the BOT the player faces, as the game plays it (7.1).
    fn command(&self, _seat: Seat, word: &str, _rest: &str) -> Option<String> {
        (word == "chart").then(|| fiw_solitaire::charts::charts().titled(self.board().bot()))
    }

    /// 7 ending the actions with action points left (AP are not saved) needs a yes, unless
    /// nothing else could be done with them.
    fn confirm(&self, action: &Self::Action) -> Option<String> {
        let b = self.board();
        if *action != fiw_solitaire::Action::EndActions || b.ap == 0 {
            return None;
        }
        let mut legal = Vec::new();
        self.legal_actions(&mut legal);
        if legal
            .iter()
            .all(|a| *a == fiw_solitaire::Action::EndActions)
        {
            return None;
        }
        Some(format!(
            "You have {} action point{} left, and action points are not saved (7): end your actions anyway?",
            b.ap,
            if b.ap == 1 { "" } else { "s" }
        ))
    }
}

impl HostGame for fiw_d3::D3 {
    const GROUP: &'static str = "unit";
    const DRAWS: bool = true;

    /// The D3 table hides nothing (its view is the whole table, and its log has no private
    /// line), so a hot-seat game never clears the screen between the seats (issue 38, the
    /// audit of 2026-12-04's L8).
    fn open(options: &Self::Options) -> bool {
        let _ = options;
        true
    }

    fn options(flags: &SetupFlags) -> HostResult<Self::Options> {
        flags.scenario_only("d3")?;
        d3_scenario(flags.scenario.as_deref().unwrap_or("fort-oswego"))
    }

    fn setup_facts(options: &Self::Options) -> Vec<(&'static str, String)> {
        vec![("scenario", options.scenario.clone())]
    }

    fn report_lines(options: &Self::Options, r: &SimReport) -> Vec<String> {
        let game = fiw_d3::D3::new(options, 0).ok();
        let start = |army| {
            game.as_ref()
                .map_or_else(|| "?".to_string(), |g| g.start_resolve(army).to_string())
        };
        let mean = |key: &str| r.means.get(key).copied().unwrap_or(0.0);
        let draws = r.wins.get("draw").copied().unwrap_or(0) as f64 / r.games.max(1) as f64;
        let (british, french) = (mean("british_broke"), mean("french_broke"));
        let mut lines = vec![
            format!(
                "mean resolve left at the end: british {:.2} of {}, french {:.2} of {}",
                mean("british_resolve"),
                start(fiw_d3::Army::British),
                mean("french_resolve"),
                start(fiw_d3::Army::French)
            ),
            format!(
                "how battles ended: an army's resolve gone {:.1} % (british {:.1} %, french {:.1} %), the last round {:.1} % (drawn {:.1} %)",
                100.0 * (british + french),
                100.0 * british,
                100.0 * french,
                100.0 * (1.0 - british - french),
                100.0 * draws
            ),
        ];
        if let Some(g) = game.as_ref() {
            let s = g.scenario();
            if let Some(t) = s.objective.and_then(|k| s.layout.terrain().get(k)) {
                lines.push(format!(
                    "{} entered by the {} in {:.1} % of battles, held by them at the end in {:.1} %",
                    t.label(),
                    s.first.id(),
                    100.0 * mean("objective_entered"),
                    100.0 * mean("objective_held")
                ));
            }
        }
        lines
    }

    /// A move by the table's landmarks ("move 5.8" east to 3" south of the west woods, facing
    /// east (90°)") where its text gives coordinates; the pass by the phase it ends.
    fn action_words(&self, action: &fiw_d3::Action) -> Option<String> {
        self.order_words(action)
    }

    fn action_refs(&self, action: &fiw_d3::Action) -> ActionRefs {
        let (pieces, to) = self.refs_of(action);
        ActionRefs {
            to: to.map(|(x, y, facing)| Placement { x, y, facing }),
            ..ActionRefs::named(pieces, Vec::new())
        }
    }

    fn menu_group(&self, action: &fiw_d3::Action) -> Option<String> {
        use fiw_d3::Action::*;
        match *action {
            Move { unit, .. }
            | Square { unit }
            | Shoot { unit, .. }
            | Charge { unit, .. }
            | Retire { unit } => Some(self.id(unit as usize).to_string()),
            Pass => None,
        }
    }

    /// Each scenario's table, and each type's move, range and base (fiw_d3::board_data).
    fn board_data() -> serde_json::Value {
        fiw_d3::board_data::board_data()
    }

    fn drawing(&self, _viewer: Option<Seat>, selected: Option<&str>) -> Option<String> {
        // D3 hides nothing on the table
        Some(fiw_d3::svg::svg(
            self,
            selected.and_then(|n| self.unit_named(n)),
        ))
    }

    fn piece_on_board(&self, name: &str) -> Result<(), String> {
        match self.unit_named(name) {
            None => Err(format!("no unit is called '{name}'")),
            Some(i) if self.units()[i].eliminated => Err(format!("{name} has been eliminated")),
            Some(_) => Ok(()),
        }
    }
}

impl HostGame for fiw_skirmish::Skirmish {
    /// An activation's orders are many of a few kinds (steps, wheels, figures placed): the
    /// long menu is headed by the kind.
    const GROUP: &'static str = "order";
    const DRAWS: bool = true;

    fn options(flags: &SetupFlags) -> HostResult<Self::Options> {
        flags.scenario_only("skirmish")?;
        skirmish_scenario(flags.scenario.as_deref().unwrap_or("relief-column"))
    }

    fn setup_facts(options: &Self::Options) -> Vec<(&'static str, String)> {
        vec![("scenario", options.scenario.clone())]
    }

    const COMMANDS: &'static [(&'static str, &'static str)] = &[(
        "orders",
        "every order as typed (fire at UNIT, charge UNIT, step INCHES at BEARING...), what it does, its rule",
    )];

    /// `orders` reads nothing of the game: the orders' forms are the same for both sides.
    fn command(&self, _seat: Seat, word: &str, _rest: &str) -> Option<String> {
        (word == "orders").then(|| {
            fiw_skirmish::actions::orders_help()
                + "The table is drawn in FILE, redrawn after every action, with: fiw play skirmish --svg FILE"
        })
    }

    /// Companies lost a game by side (the victory measure of every scenario), cabins burned,
    /// charges and how many fell short, casualties back from the holding area and lost.
    fn report_lines(_options: &Self::Options, r: &SimReport) -> Vec<String> {
        let mean = |key: &str| r.means.get(key).copied().unwrap_or(0.0);
        vec![
            format!(
                "companies lost a game: british {:.2}, french {:.2}; cabins burned {:.2}",
                mean("british_lost"),
                mean("french_lost"),
                mean("burned")
            ),
            format!(
                "charges a game {:.2} ({:.2} fell short); casualties recovered {:.2}, lost for good {:.2}",
                mean("charges"),
                mean("charges_short"),
                mean("recovered"),
                mean("lost_for_good")
            ),
        ]
    }

    fn menu_group(&self, action: &fiw_skirmish::Action) -> Option<String> {
        use fiw_skirmish::Action::*;
        match *action {
            Deploy { unit, .. } => Some(format!("deploy-{}", self.id(unit as usize))),
            SetUp { unit, .. } => Some(format!("set-{}", self.id(unit as usize))),
            Abatis { .. } | Lift { .. } => Some("abatis".into()),
            Step { .. } => Some("step".into()),
            Wheel { .. } => Some("wheel".into()),
            March { .. } => Some("march".into()),
            Place { .. } => Some("place".into()),
            Face { .. } => Some("face".into()),
            Form { .. } => Some("form".into()),
            _ => None,
        }
    }

    /// The table as both sides may see it (no hidden unit is drawn: the drawing is not told
    /// whose screen it is).
    fn drawing(&self, viewer: Option<Seat>, selected: Option<&str>) -> Option<String> {
        let viewer = viewer.map(fiw_skirmish::Side::of_seat);
        let selected = selected
            .and_then(|n| self.unit_named(n))
            .filter(|&u| !self.units()[u].hidden || viewer == Some(self.units()[u].side));
        Some(fiw_skirmish::svg::svg(self, viewer, selected))
    }

    /// A hidden unit is answered as one not on the table, whoever asks (the drawing shows
    /// no hidden unit).
    fn piece_on_board(&self, name: &str) -> Result<(), String> {
        match self.unit_named(name) {
            None => Err(format!("no unit is called '{name}'")),
            Some(u) if !self.units()[u].in_play() => Err(format!("{name} is out of the game")),
            Some(u) if self.units()[u].hidden || !self.on_the_table(u) => {
                Err(format!("{name} is not on the table to be seen"))
            }
            Some(_) => Ok(()),
        }
    }

    /// What an order names for a page to light up: the unit a card activates (a battalion's
    /// companies), the enemy fired at or charged, the figure placed, the building, the site;
    /// and where a move ends (a deployment's or a march's point, a figure's place, a step's
    /// end for the unit's anchor). Only what the order's own text says.
    fn action_words(&self, action: &fiw_skirmish::Action) -> Option<String> {
        self.order_words(action)
    }

    fn action_refs(&self, action: &fiw_skirmish::Action) -> ActionRefs {
        use fiw_skirmish::Action::*;
        let id = |u: u8| self.id(u as usize).to_string();
        let at = |x: i16, y: i16, facing: f64| Placement {
            x: f64::from(x) / 10.0,
            y: f64::from(y) / 10.0,
            facing,
        };
        let acting = || {
            self.activation()
                .and_then(|a| a.units.first())
                .and_then(|&u| self.units().get(u as usize))
                .map(|u| u.anchor)
        };
        let mut refs = ActionRefs::default();
        match *action {
            Deploy { unit, x, y } => {
                refs.pieces.push(id(unit));
                let facing = self
                    .units()
                    .get(unit as usize)
                    .map_or(0.0, |u| u.anchor.facing);
                refs.to = Some(at(x, y, facing));
            }
            SetUp {
                unit, x, y, facing, ..
            } => {
                refs.pieces.push(id(unit));
                refs.to = Some(at(x, y, f64::from(facing)));
            }
            Activate { unit } => match self.units().get(unit as usize) {
                Some(_) => refs.pieces.push(id(unit)),
                None => {
                    let b = unit as usize - self.units().len();
                    if let Some(bn) = self.battalions().get(b) {
                        refs.pieces.extend(bn.companies.iter().map(|&c| id(c)));
                    }
                }
            },
            Call { target }
            | Shoot { target }
            | FireMove { target, .. }
            | Charge { target, .. }
            | Gun { target, .. } => refs.pieces.push(id(target)),
            Spike { gun } => refs.pieces.push(id(gun)),
            Place { fig, x, y } => {
                refs.pieces.push(self.figure_id(fig as usize));
                let facing = self
                    .figures()
                    .get(fig as usize)
                    .map_or(0.0, |f| f.pose.facing);
                refs.to = Some(at(x, y, facing));
            }
            March { x, y } => {
                if let Some(a) = acting() {
                    // the head turns to face where it marches
                    let to = fiw_skirmish::actions::point(x, y);
                    let (dx, dy) = (to.x - a.at.x, to.y - a.at.y);
                    let facing = if dx.hypot(dy) > 1e-9 {
                        dx.atan2(dy).to_degrees().rem_euclid(360.0)
                    } else {
                        a.facing
                    };
                    refs.to = Some(at(x, y, facing));
                }
            }
            Step { bearing, tenths } => {
                // where the middle of the unit's figures on the table ends
                let unit = self
                    .activation()
                    .and_then(|a| a.units.first())
                    .map(|&u| u as usize);
                if let Some(u) = unit {
                    let figs: Vec<usize> = self.table_figures(u).collect();
                    if !figs.is_empty() {
                        let n = figs.len() as f64;
                        let (sx, sy) = figs.iter().fold((0.0, 0.0), |(x, y), &f| {
                            let p = self.figures()[f].pose.at;
                            (x + p.x, y + p.y)
                        });
                        let (b, d) = (f64::from(bearing).to_radians(), f64::from(tenths) / 10.0);
                        refs.to = Some(Placement {
                            x: sx / n + b.sin() * d,
                            y: sy / n + b.cos() * d,
                            facing: self.units()[u].anchor.facing,
                        });
                    }
                }
            }
            Enter { building } | Ignite { building } | Breach { building, .. } => {
                refs.places.push(self.building_id(building as usize))
            }
            Work { site } | Blow { site } => refs.places.push(self.site_id(site as usize)),
            Spot { area } => refs.places.push(self.area_id(area as usize)),
            _ => {}
        }
        refs
    }

    /// Each scenario's table, buildings, concealing ground, sites and bases
    /// (fiw_skirmish::board_data).
    fn board_data() -> serde_json::Value {
        fiw_skirmish::board_data::board_data()
    }

    /// 7.7, 2.1 the enemy units hidden from `seat` (ids and places) and the order of the cards
    /// to come.
    fn secret_words(&self, seat: Seat) -> Vec<String> {
        fiw_skirmish::Skirmish::secret_words(self, fiw_skirmish::Side::of_seat(seat))
    }
}

/// The skirmish options for `--scenario`: a built-in scenario by name, or a scenario file by
/// its path, read and checked now (as [`d3_scenario`]); the file's text goes into the options,
/// and so into saves.
///
/// # Errors
/// Exit 2: an unknown name (listing the scenarios), a file that cannot be read, a file that
/// fails its checks.
pub fn skirmish_scenario(given: &str) -> HostResult<fiw_skirmish::Options> {
    if fiw_skirmish::SCENARIOS
        .iter()
        .any(|(name, _)| *name == given)
    {
        return Ok(fiw_skirmish::Options {
            scenario: given.to_string(),
            ..Default::default()
        });
    }
    if !(given.ends_with(".toml")
        || given.contains('/')
        || given.contains(std::path::MAIN_SEPARATOR))
    {
        let known: Vec<&str> = fiw_skirmish::SCENARIOS.iter().map(|(n, _)| *n).collect();
        return Err(HostError::usage(format!(
            "unknown scenario '{given}' for skirmish (scenarios: {}, or a scenario file FILE.toml)",
            known.join(", ")
        )));
    }
    let text = crate::files::read_capped(
        std::path::Path::new(given),
        crate::files::MAX_SCENARIO_BYTES,
        "scenario file",
    )?;
    fiw_skirmish::Scenario::parse(&text, given).map_err(|e| HostError::usage(e.to_string()))?;
    Ok(fiw_skirmish::Options {
        scenario: given.to_string(),
        text: Some(text),
        ..Default::default()
    })
}

/// The Louisbourg options for `--scenario FILE.toml`: the game has one set-up, but a file may
/// size its armies (`[forces] british = PERCENT, french = PERCENT`, as the campaign's battle
/// example writes a siege it makes), read and checked now.
///
/// # Errors
/// Exit 2: a name rather than a file, a file that cannot be read, or options the game refuses,
/// in one line naming the field.
pub fn louisbourg_scenario(given: &str) -> HostResult<fiw_louisbourg::Options> {
    if !(given.ends_with(".toml")
        || given.contains('/')
        || given.contains(std::path::MAIN_SEPARATOR))
    {
        return Err(HostError::usage(format!(
            "--scenario is for d3 and skirmish only, or for louisbourg a file of its options (FILE.toml: [forces] british = PERCENT, french = PERCENT), not '{given}'"
        )));
    }
    let text = crate::files::read_capped(
        std::path::Path::new(given),
        crate::files::MAX_SCENARIO_BYTES,
        "scenario file",
    )?;
    let options: fiw_louisbourg::Options = toml::from_str(&text)
        .map_err(|e| HostError::usage(format!("{given}: {}", e.message().trim())))?;
    fiw_louisbourg::Louisbourg::new(&options, 0)
        .map_err(|e| HostError::usage(format!("{given}: {}", e.message)))?;
    Ok(options)
}

/// The D3 options for `--scenario`: a built-in scenario by name, or a scenario file by its
/// path (anything ending in `.toml` or holding a `/`), read and checked now so that a broken
/// file is refused before play with the scenario module's line naming the field. The file's
/// text goes into the options, and so into saves, which replay without the file.
///
/// # Errors
/// Exit 2: an unknown name (listing the scenarios), a file that cannot be read, a file that
/// fails its checks.
pub fn d3_scenario(given: &str) -> HostResult<fiw_d3::Options> {
    if fiw_d3::SCENARIOS.iter().any(|(name, _)| *name == given) {
        return Ok(fiw_d3::Options {
            scenario: given.to_string(),
            text: None,
        });
    }
    if !(given.ends_with(".toml")
        || given.contains('/')
        || given.contains(std::path::MAIN_SEPARATOR))
    {
        let known: Vec<&str> = fiw_d3::SCENARIOS.iter().map(|(n, _)| *n).collect();
        return Err(HostError::usage(format!(
            "unknown scenario '{given}' for d3 (scenarios: {}, or a scenario file FILE.toml)",
            known.join(", ")
        )));
    }
    let text = crate::files::read_capped(
        std::path::Path::new(given),
        crate::files::MAX_SCENARIO_BYTES,
        "scenario file",
    )?;
    fiw_d3::Scenario::parse(&text, given).map_err(|e| HostError::usage(e.to_string()))?;
    Ok(fiw_d3::Options {
        scenario: given.to_string(),
        text: Some(text),
    })
}

/// The `--seat` flags read for game `G`: [`parse_seats`], refusing any seat the rules play
/// themselves (which get a stand-in that is never asked).
///
/// # Errors
/// Exit-2 errors for everything [`parse_seats`] refuses, and for a `--seat` naming a seat the
/// rules play.
pub fn players<G: HostGame>(
    options: &G::Options,
    specs: &[String],
    default: Player,
    allow_human: bool,
) -> HostResult<Vec<Player>> {
    for spec in specs {
        let side = spec
            .split_once('=')
            .map_or(spec.as_str(), |(s, _)| s)
            .trim();
        if let Some(seat) = G::seat_named(side) {
            if let Some(who) = G::rules_seat(options, seat) {
                let free: Vec<&str> = (0..G::SEATS.len())
                    .filter(|&s| G::rules_seat(options, s).is_none())
                    .map(|s| G::SEATS[s])
                    .collect();
                return Err(HostError::usage(format!(
                    "the {side} seat is played by the {who}; choose the policy of {} with --seat {}=POLICY",
                    free.join(", "),
                    free.first().copied().unwrap_or("SIDE")
                )));
            }
        }
    }
    let mut players = parse_seats::<G>(specs, default, allow_human)?;
    for (seat, p) in players.iter_mut().enumerate() {
        if G::rules_seat(options, seat).is_some() {
            // never asked: the game never gives this seat a decision
            *p = Player::Random;
        }
    }
    Ok(players)
}

/// The seat the rules play, as a policy for the simulation runner, which wants one per seat: it
/// is never asked, since the game never gives that seat a decision.
pub struct RulesSeat(pub &'static str);

impl<G: Game> Policy<G> for RulesSeat {
    fn name(&self) -> &str {
        self.0
    }

    fn choose(&mut self, _seen: &Seen<G>, _legal: &[G::Action]) -> usize {
        0
    }
}

/// The error for a game name this build does not know.
pub fn unknown_game(name: &str) -> HostError {
    HostError::usage(format!(
        "unknown game '{name}' (known: {})",
        KNOWN.join(", ")
    ))
}

/// Runs `$body` with `$G` bound to the game type named by `$name`, or fails with exit 2.
///
/// `for_game!(name, G => play::run::<G>(..))`: the body must evaluate to a `HostResult`.
#[macro_export]
macro_rules! for_game {
    ($name:expr, $G:ident => $body:expr) => {
        match $name {
            "louisbourg" => {
                type $G = $crate::fiw_louisbourg::Louisbourg;
                $body
            }
            "solitaire" => {
                type $G = $crate::fiw_solitaire::Solitaire;
                $body
            }
            "d3" => {
                type $G = $crate::fiw_d3::D3;
                $body
            }
            "skirmish" => {
                type $G = $crate::fiw_skirmish::Skirmish;
                $body
            }
            "campaign" => {
                type $G = $crate::fiw_campaign::Campaign;
                $body
            }
            other => Err($crate::games::unknown_game(other)),
        }
    };
}

/// The seat index for a side name, or a one-line error listing the sides.
pub fn seat_named<G: Game>(name: &str) -> HostResult<usize> {
    G::seat_named(name).ok_or_else(|| {
        HostError::usage(format!(
            "unknown side '{name}' for {} (sides: {})",
            G::NAME,
            G::SEATS.join(", ")
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// L8 (audit of 2026-12-04): a D3 battle hides nothing, so it is played open and a
    /// hot-seat game passes no screen; Louisbourg is open only when asked.
    #[test]
    fn l8_a_d3_battle_is_played_open() {
        assert!(<fiw_d3::D3 as HostGame>::open(&fiw_d3::Options::default()));
        assert!(!<fiw_louisbourg::Louisbourg as HostGame>::open(
            &fiw_louisbourg::Options::default()
        ));
    }

    /// D3's board data holds each built-in scenario's table by the name the view carries, and
    /// every type's move and base; the skirmish's each scenario's buildings by the ids its
    /// orders name, and the base of every kind of figure in it.
    #[test]
    fn the_miniatures_board_data_is_each_scenario_by_the_name_its_view_carries() {
        let d3 = <fiw_d3::D3 as HostGame>::board_data();
        let game = fiw_d3::D3::new(&fiw_d3::Options::default(), 1).unwrap();
        let name = game.view(0).scenario;
        let sc = d3["scenarios"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == name.as_str())
            .expect("the view's scenario is in the board data");
        assert_eq!(sc["table"]["width"], 72.0);
        assert!(sc["table"]["terrain"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["kind"] == "woods" && t["points"].as_array().unwrap().len() >= 3));
        assert_eq!(d3["types"].as_object().unwrap().len(), 6);
        assert_eq!(d3["types"]["cavalry"]["move"], 12.0);
        assert_eq!(d3["zone"], 6.0);

        let sk = <fiw_skirmish::Skirmish as HostGame>::board_data();
        let all = sk["scenarios"].as_array().unwrap();
        assert_eq!(all.len(), fiw_skirmish::SCENARIOS.len());
        let raid = all.iter().find(|s| s["id"] == "raid").unwrap();
        let options = fiw_skirmish::Options {
            scenario: "raid".into(),
            ..Default::default()
        };
        let g = fiw_skirmish::Skirmish::new(&options, 1).unwrap();
        for b in raid["buildings"].as_array().unwrap() {
            let id = b["id"].as_str().unwrap();
            assert!(g.parse(&format!("enter {id}")).is_ok(), "{id}");
            assert!(!b["openings"].as_array().unwrap().is_empty(), "{id}");
        }
        for f in g.figures() {
            let key = format!(
                "{}.{}",
                g.units()[f.unit as usize].troop.word(),
                f.role.word()
            );
            assert!(raid["bases"][&key].is_array(), "{key}");
        }
    }

    /// A card's units are named by the order that activates them; a listed step ends where
    /// the middle of the unit's figures goes.
    #[test]
    fn skirmish_orders_name_their_units_and_where_a_move_ends() {
        let options = fiw_skirmish::Options {
            scenario: "raid".into(),
            ..Default::default()
        };
        let mut g = fiw_skirmish::Skirmish::new(&options, 3).unwrap();
        let mut legal = Vec::new();
        let mut stepped = 0;
        for _ in 0..400 {
            if g.outcome().is_some() {
                break;
            }
            g.legal_actions(&mut legal);
            for a in &legal {
                let refs = g.action_refs(a);
                match *a {
                    fiw_skirmish::Action::Activate { unit }
                        if (unit as usize) < g.units().len() =>
                    {
                        assert_eq!(refs.pieces, vec![g.id(unit as usize).to_string()]);
                    }
                    fiw_skirmish::Action::Step { bearing, tenths } => {
                        let u = g.activation().unwrap().units[0] as usize;
                        let figs: Vec<usize> = g.table_figures(u).collect();
                        let n = figs.len() as f64;
                        let mx = figs.iter().map(|&f| g.figures()[f].pose.at.x).sum::<f64>() / n;
                        let to = refs.to.expect("a step says where it ends");
                        let d = f64::from(tenths) / 10.0;
                        let want = mx + f64::from(bearing).to_radians().sin() * d;
                        assert!((to.x - want).abs() < 1e-9);
                        stepped += 1;
                    }
                    _ => {}
                }
            }
            let pick = legal.len() / 2;
            let a = legal[pick.min(legal.len() - 1)];
            g.apply(a).unwrap();
        }
        assert!(stepped > 0, "the game came to steps");
    }
}
