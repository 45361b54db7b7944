//! The campaign as a front end drives it: its options are Solitaire's (`--side`), its BOT seat
//! is played by the rules (the Action Chart on the map, the computer general in a battle), and
//! while a battle is under way its menus, words, references and drawing are the battle game's.

use crate::error::{HostError, HostResult};
use crate::games::{ActionRefs, HostGame, SetupFlags};
use fiw_campaign::{Action, Campaign};
use fiw_engine::{Seat, SimReport};

/// `$body` with `$g` the game battle `$b` is fought in (D3, skirmish or Louisbourg), through its
/// own `HostGame`; `$none` if it holds none (a battle always holds one).
macro_rules! on_table {
    ($b:expr, $g:ident => $body:expr, $none:expr) => {
        match ($b.d3(), $b.skirmish(), $b.louisbourg()) {
            (Some($g), _, _) => $body,
            (_, Some($g), _) => $body,
            (_, _, Some($g)) => $body,
            _ => $none,
        }
    };
}

impl HostGame for Campaign {
    /// In a battle the long menu is headed by the unit each order is for, as D3's and the
    /// skirmish's are.
    const GROUP: &'static str = "unit";
    /// The battle under way is drawn (the D3 or skirmish table); the map is not drawn yet.
    const DRAWS: bool = true;

    fn options(flags: &SetupFlags) -> HostResult<Self::Options> {
        let side = flags.map_side("campaign")?;
        // the battles' own data, if FIW_CAMPAIGN_DATA names a player's copy of battles.toml
        fiw_campaign::rules::install_from_env().map_err(HostError::usage)?;
        Ok(fiw_campaign::Options {
            side,
            two_players: flags.two_players,
        })
    }

    /// The BOT seat, played by the chart and the computer generals; with two players, a
    /// second person's.
    fn rules_seat(options: &Self::Options, seat: Seat) -> Option<&'static str> {
        (seat == fiw_solitaire::BOT && !options.two_players)
            .then_some("BOT Action Chart and the computer generals")
    }

    fn setup_facts(options: &Self::Options) -> Vec<(&'static str, String)> {
        let mut facts = vec![("side", options.side.id().to_string())];
        if options.two_players {
            facts.push(("players", "two".to_string()));
        }
        facts
    }

    /// The map's figures as Solitaire reports them, and how many battles a campaign fought.
    fn report_lines(options: &Self::Options, r: &SimReport) -> Vec<String> {
        let mean = |key: &str| r.means.get(key).copied().unwrap_or(0.0);
        if options.two_players {
            // no BOT and no chart: the figures by side, not Solitaire's BOT figures
            let (first, second) = (options.side, options.side.other());
            let pct = |x: f64| 100.0 * x;
            let sudden = mean("sudden_death");
            let first_sudden = mean("player_sudden_death");
            return vec![
                format!(
                    "two players (C11), the seat `player` the {}, `bot` the {}; the British act first each turn",
                    first.name(),
                    second.name()
                ),
                format!(
                    "games ended by sudden death: {:.1} % ({} {:.1} %, {} {:.1} %), on points after the last turn: {:.1} %",
                    pct(sudden),
                    first.name(),
                    pct(first_sudden),
                    second.name(),
                    pct(sudden - first_sudden),
                    pct(1.0 - sudden)
                ),
                format!(
                    "attacks on towns a game: {} {:.1}, {} {:.1}; restores {:.2}, resupplies {:.2} a game (a militia reduced or an army cut off only by a battle's losses, C7)",
                    first.name(),
                    mean("player_attacks"),
                    second.name(),
                    mean("bot_attacks"),
                    mean("restores"),
                    mean("resupplies")
                ),
                format!(
                    "battles a campaign: {:.2} fought by the players, {:.2} by the generals",
                    mean("battles_fought"),
                    mean("battles_by_generals")
                ),
            ];
        }
        let map = fiw_solitaire::Options {
            side: options.side,
            two_players: false,
        };
        let mut lines = <fiw_solitaire::Solitaire as HostGame>::report_lines(&map, r);
        lines.push(format!(
            "battles a campaign: {:.2} fought by the player, {:.2} by the generals",
            mean("battles_fought"),
            mean("battles_by_generals")
        ));
        lines
    }

    /// With two players each seat is called by its side (its names are Solitaire's, `player`
    /// and `bot`, and no BOT plays).
    fn seat_name(&self, seat: Seat) -> String {
        let b = self.map().board();
        if b.two_players {
            return b.side_of(seat).id().to_string();
        }
        <Campaign as fiw_engine::Game>::SEATS
            .get(seat)
            .copied()
            .unwrap_or("?")
            .to_string()
    }

    fn rematch_options(options: &Self::Options) -> (Self::Options, bool) {
        let mut swapped = options.clone();
        swapped.side = options.side.other();
        (swapped, false)
    }

    fn menu_group(&self, action: &Action) -> Option<String> {
        match (action, self.battle()) {
            (Action::Fort(a), Some(b)) => b.d3()?.menu_group(a),
            (Action::Town(a), Some(b)) => b.skirmish()?.menu_group(a),
            (Action::Siege(a), Some(b)) => b.louisbourg()?.menu_group(a),
            _ => None,
        }
    }

    fn action_words(&self, action: &Action) -> Option<String> {
        match (action, self.battle()) {
            (Action::Fort(a), Some(b)) => b.d3()?.action_words(a),
            (Action::Town(a), Some(b)) => b.skirmish()?.action_words(a),
            (Action::Siege(a), Some(b)) => b.louisbourg()?.action_words(a),
            (Action::Fight, _) => Some("fight it: command your side of the battle".into()),
            (Action::Generals, _) => Some("let the generals fight it out".into()),
            _ => None,
        }
    }

    fn action_refs(&self, action: &Action) -> ActionRefs {
        match (action, self.battle()) {
            (Action::Map(a), _) => self.map().action_refs(a),
            (Action::Fort(a), Some(b)) => b.d3().map(|g| g.action_refs(a)).unwrap_or_default(),
            (Action::Town(a), Some(b)) => {
                b.skirmish().map(|g| g.action_refs(a)).unwrap_or_default()
            }
            (Action::Siege(a), Some(b)) => {
                b.louisbourg().map(|g| g.action_refs(a)).unwrap_or_default()
            }
            (Action::Fight | Action::Generals, _) => ActionRefs {
                places: self
                    .waiting_attack()
                    .map(|w| vec![w.region_id.clone()])
                    .unwrap_or_default(),
                ..ActionRefs::default()
            },
            _ => ActionRefs::default(),
        }
    }

    fn drawing(&self, viewer: Option<Seat>, selected: Option<&str>) -> Option<String> {
        let b = self.battle()?;
        let seat = viewer.map(|s| b.seat_of(s));
        on_table!(b, g => g.drawing(seat, selected), None)
    }

    fn piece_on_board(&self, name: &str) -> Result<(), String> {
        match self.battle() {
            Some(b) => on_table!(b, g => g.piece_on_board(name), Err("no battle is drawn".into())),
            None => Err("the map is not drawn: select marks a unit in a battle".into()),
        }
    }

    const COMMANDS: &'static [(&'static str, &'static str)] = &[
        (
            "chart",
            "the BOT's Action Chart: the line each die face gives and the line used instead when it cannot be done",
        ),
        (
            "battles",
            "the battles fought so far: where, which kind, who won, the losses",
        ),
    ];

    /// `chart` reads the map's chart, `battles` the campaign's record: both public.
    fn command(&self, seat: Seat, word: &str, rest: &str) -> Option<String> {
        match word {
            "battles" => Some(self.battles_words()),
            _ => self.map().command(seat, word, rest),
        }
    }

    /// While a battle is under way, what its own game keeps from the side a seat commands
    /// there (the player's side, or the other, which the computer general plays for the BOT
    /// seat): the other side's hidden units and blocks, its hand, the cards to come. The map
    /// hides nothing.
    fn secret_words(&self, seat: Seat) -> Vec<String> {
        let Some(b) = self.battle() else {
            return Vec::new();
        };
        let side = b.seat_of(seat);
        on_table!(b, g => HostGame::secret_words(g, side), Vec::new())
    }

    fn confirm(&self, action: &Action) -> Option<String> {
        match action {
            Action::Map(a) => self.map().confirm(a),
            _ => None,
        }
    }

    /// The map's rules and each battle game's, under the names the board data gives them.
    fn inner_books() -> Vec<(&'static str, fiw_engine::RuleBook)> {
        use fiw_engine::Game;
        vec![
            ("map", fiw_solitaire::Solitaire::rulebook()),
            ("d3", fiw_d3::D3::rulebook()),
            ("skirmish", fiw_skirmish::Skirmish::rulebook()),
            ("louisbourg", fiw_louisbourg::Louisbourg::rulebook()),
        ]
    }

    /// The map's routes and armies, as Solitaire's page draws them, and the D3 and skirmish
    /// board data for a battle's table.
    fn board_data() -> serde_json::Value {
        serde_json::json!({
            "map": <fiw_solitaire::Solitaire as HostGame>::board_data(),
            "d3": <fiw_d3::D3 as HostGame>::board_data(),
            "skirmish": <fiw_skirmish::Skirmish as HostGame>::board_data(),
            "louisbourg": <fiw_louisbourg::Louisbourg as HostGame>::board_data(),
        })
    }
}
