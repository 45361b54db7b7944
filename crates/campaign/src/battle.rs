//! A battle under way inside the campaign (C6): the game it is fought in (D3 for a fort, the
//! skirmish rules for an open town, the Louisbourg game for the British siege of Louisbourg), the side the player commands, and the computer general of
//! the other side. Everything the campaign asks of the battle goes through here, so that each
//! question is answered once for every game a battle may be.

use crate::fight::{
    d3_fought, d3_game, louisbourg_fought, louisbourg_game, louisbourg_start, skirmish_fought,
    skirmish_game, Fought,
};
use crate::fort::Generated;
use crate::game::Action;
use crate::kind::BattleKind;
use crate::situation::Situation;
use fiw_engine::{decide, Game, Log, Policy, RuleError, Seat, Side};
use serde::Serialize;

/// The game a battle is fought in, with the computer's general for the side the player does
/// not command (deterministic and `Clone`, so a copy of the campaign plays on alike).
#[derive(Clone, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Table {
    D3 {
        game: Box<fiw_d3::D3>,
        #[serde(skip)]
        general: fiw_d3::general::General,
    },
    Skirmish {
        game: Box<fiw_skirmish::Skirmish>,
        #[serde(skip)]
        general: fiw_skirmish::general::General,
    },
    Louisbourg {
        game: Box<fiw_louisbourg::Louisbourg>,
        #[serde(skip)]
        general: Box<fiw_louisbourg::heuristic::Heuristic>,
        /// Each army's strength points as the siege began (British, French): its losses are
        /// counted against them.
        start: [u32; 2],
    },
}

/// The view of a battle's table, as its own game gives it.
#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TableView {
    D3(Box<fiw_d3::View>),
    Skirmish(Box<fiw_skirmish::View>),
    Louisbourg(Box<fiw_louisbourg::view::View>),
}

/// The same expression for whichever game the table holds.
macro_rules! each {
    ($table:expr, $g:ident => $body:expr) => {
        match $table {
            Table::D3 { game: $g, .. } => $body,
            Table::Skirmish { game: $g, .. } => $body,
            Table::Louisbourg { game: $g, .. } => $body,
        }
    };
}

/// A battle under way.
#[derive(Clone, Serialize)]
pub struct Battle {
    pub kind: BattleKind,
    pub situation: Situation,
    pub scenario: Generated,
    pub table: Table,
    /// The side the player commands (with two players, the side of the campaign's first
    /// seat; the second seat commands the other).
    pub player: Side,
    /// Whether a second player commands the other side, rather than the computer's general
    /// (written only when set: a campaign against the BOT keeps its digests).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub two_players: bool,
    /// The battle's log entries copied into the campaign's so far.
    #[serde(skip)]
    pub(crate) copied: usize,
    /// Its table as a page draws it ([`Battle::table_data`]), made once.
    #[serde(skip)]
    table_data: std::sync::OnceLock<Option<serde_json::Value>>,
}

/// The computer's side of `game` moves until it is `player`'s turn or the game is over.
fn computer_moves<G: Game>(game: &mut G, general: &mut dyn Policy<G>, player: Side) {
    let mut legal = Vec::new();
    while let Some(seat) = game.to_move() {
        if Side::of_seat(seat) == player {
            return;
        }
        let Some(a) = decide(game, seat, general, &mut legal) else {
            return;
        };
        game.apply_unchecked(a);
    }
}

impl Battle {
    /// The battle of `kind` for the attack `situation`, its scenario `scenario`, its dice and
    /// its general's from `seed`, the player commanding `player`.
    ///
    /// # Errors
    /// The scenario refused by its game's checks (a bug in the generator).
    pub(crate) fn open(
        kind: BattleKind,
        situation: Situation,
        scenario: Generated,
        seed: u64,
        player: Side,
        two_players: bool,
        logging: bool,
    ) -> Result<Battle, RuleError> {
        let table = match kind {
            BattleKind::Raid | BattleKind::Open => Table::Skirmish {
                game: Box::new(skirmish_game(&scenario, seed)?),
                general: fiw_skirmish::general::General::new(seed),
            },
            BattleKind::Louisbourg => {
                let game = louisbourg_game(&scenario, seed)?;
                Table::Louisbourg {
                    start: louisbourg_start(&game),
                    game: Box::new(game),
                    general: Box::new(fiw_louisbourg::heuristic::Heuristic::new(seed)),
                }
            }
            BattleKind::Fort => Table::D3 {
                game: Box::new(d3_game(&scenario, seed)?),
                general: fiw_d3::general::General::new(seed),
            },
        };
        let mut b = Battle {
            kind,
            situation,
            scenario,
            table,
            player,
            two_players,
            copied: 0,
            table_data: std::sync::OnceLock::new(),
        };
        b.set_logging(logging);
        b.computer_moves();
        Ok(b)
    }

    /// The D3 battle, if it is one.
    pub fn d3(&self) -> Option<&fiw_d3::D3> {
        match &self.table {
            Table::D3 { game, .. } => Some(game),
            _ => None,
        }
    }

    /// The skirmish battle, if it is one.
    pub fn skirmish(&self) -> Option<&fiw_skirmish::Skirmish> {
        match &self.table {
            Table::Skirmish { game, .. } => Some(game),
            _ => None,
        }
    }

    /// The siege of Louisbourg, if it is one.
    pub fn louisbourg(&self) -> Option<&fiw_louisbourg::Louisbourg> {
        match &self.table {
            Table::Louisbourg { game, .. } => Some(game),
            _ => None,
        }
    }

    /// The campaign seat that decides now (the player's, or with two players whichever
    /// commands the side to move), or `None` once the battle is over.
    pub fn to_move(&self) -> Option<Seat> {
        let seat = each!(&self.table, g => g.to_move())?;
        Some(fiw_solitaire::side::seat_of(
            self.player,
            Side::of_seat(seat),
        ))
    }

    pub(crate) fn legal_actions(&self, out: &mut Vec<Action>) {
        match &self.table {
            Table::D3 { game, .. } => {
                let mut orders = Vec::new();
                game.legal_actions(&mut orders);
                out.extend(orders.into_iter().map(Action::Fort));
            }
            Table::Skirmish { game, .. } => {
                let mut orders = Vec::new();
                game.legal_actions(&mut orders);
                out.extend(orders.into_iter().map(Action::Town));
            }
            Table::Louisbourg { game, .. } => {
                let mut orders = Vec::new();
                game.legal_actions(&mut orders);
                out.extend(orders.into_iter().map(Action::Siege));
            }
        }
    }

    pub(crate) fn check(&self, action: &Action) -> Result<(), RuleError> {
        match (&self.table, action) {
            (Table::D3 { game, .. }, Action::Fort(a)) => game.check(a),
            (Table::Skirmish { game, .. }, Action::Town(a)) => game.check(a),
            (Table::Louisbourg { game, .. }, Action::Siege(a)) => game.check(a),
            _ => Err(RuleError::new(
                "campaign",
                format!(
                    "the battle at {} is under way: give its orders first",
                    self.situation.town_name()
                ),
            )),
        }
    }

    /// The player's order, then the computer's side until it is the player's turn again.
    pub(crate) fn apply(&mut self, action: Action) {
        match (&mut self.table, action) {
            (Table::D3 { game, .. }, Action::Fort(a)) => game.apply_unchecked(a),
            (Table::Skirmish { game, .. }, Action::Town(a)) => game.apply_unchecked(a),
            (Table::Louisbourg { game, .. }, Action::Siege(a)) => game.apply_unchecked(a),
            _ => return,
        }
        self.computer_moves();
    }

    fn computer_moves(&mut self) {
        if self.two_players {
            return;
        }
        let player = self.player;
        match &mut self.table {
            Table::D3 { game, general } => computer_moves(&mut **game, general, player),
            Table::Skirmish { game, general } => computer_moves(&mut **game, general, player),
            Table::Louisbourg { game, general, .. } => {
                computer_moves(&mut **game, &mut **general, player)
            }
        }
    }

    pub(crate) fn is_over(&self) -> bool {
        each!(&self.table, g => g.outcome().is_some())
    }

    /// How the battle stands, as the map reads it.
    pub fn fought(&self) -> Fought {
        match &self.table {
            Table::D3 { game, .. } => d3_fought(game),
            Table::Skirmish { game, .. } => skirmish_fought(game),
            Table::Louisbourg { game, start, .. } => louisbourg_fought(game, *start),
        }
    }

    /// The battle's own log.
    pub fn log(&self) -> &Log {
        each!(&self.table, g => g.log())
    }

    /// The battle's dice.
    pub fn dice(&self) -> Option<&fiw_engine::Dice> {
        each!(&self.table, g => g.dice())
    }

    pub(crate) fn chance_epoch(&self) -> u64 {
        each!(&self.table, g => g.chance_epoch())
    }

    /// The battle's rolls to come and its general's choices drawn afresh from `seed`.
    pub(crate) fn reseed(&mut self, seed: u64) {
        let (game_seed, general_seed) = (
            fiw_engine::game_seed(seed, 1),
            fiw_engine::game_seed(seed, 2),
        );
        match &mut self.table {
            Table::D3 { game, general } => {
                game.reseed(game_seed);
                *general = fiw_d3::general::General::new(general_seed);
            }
            Table::Skirmish { game, general } => {
                game.reseed(game_seed);
                *general = fiw_skirmish::general::General::new(general_seed);
            }
            Table::Louisbourg { game, general, .. } => {
                game.reseed(game_seed);
                **general = fiw_louisbourg::heuristic::Heuristic::new(general_seed);
            }
        }
    }

    pub(crate) fn clear_log(&mut self) {
        each!(&mut self.table, g => g.clear_log());
        self.copied = 0;
    }

    pub(crate) fn set_logging(&mut self, on: bool) {
        each!(&mut self.table, g => g.set_logging(on));
    }

    /// The generated table as a page draws it to scale, as its game's reference gives its
    /// built-in scenarios' (the layout, the skirmish's buildings and sites, the bases), keyed
    /// by the scenario's name: made from the scenario as it is set up, never from the game in
    /// play. `None` for the siege, whose map is Louisbourg's own.
    pub fn table_data(&self) -> Option<&serde_json::Value> {
        self.table_data
            .get_or_init(|| match &self.table {
                Table::D3 { game, .. } => Some(fiw_d3::board_data::table(
                    &self.scenario.name,
                    game.scenario(),
                )),
                Table::Skirmish { .. } => skirmish_game(&self.scenario, 0)
                    .ok()
                    .map(|g| fiw_skirmish::board_data::table(&self.scenario.name, &g)),
                Table::Louisbourg { .. } => None,
            })
            .as_ref()
    }

    /// The table as the side of the battle's game `seat` sees it, or as anyone may (`None`).
    pub fn view(&self, seat: Option<Seat>) -> TableView {
        match &self.table {
            Table::D3 { game, .. } => TableView::D3(Box::new(match seat {
                Some(s) => game.view(s),
                None => game.public_view(),
            })),
            Table::Skirmish { game, .. } => TableView::Skirmish(Box::new(match seat {
                Some(s) => game.view(s),
                None => game.public_view(),
            })),
            Table::Louisbourg { game, .. } => TableView::Louisbourg(Box::new(match seat {
                Some(s) => game.view(s),
                None => game.public_view(),
            })),
        }
    }

    /// The table with nothing hidden: the reveal at the campaign's end, and its replay with
    /// everything shown.
    pub fn whole_view(&self) -> TableView {
        match &self.table {
            Table::D3 { game, .. } => TableView::D3(Box::new(game.whole_view())),
            Table::Skirmish { game, .. } => TableView::Skirmish(Box::new(game.whole_view())),
            Table::Louisbourg { game, .. } => TableView::Louisbourg(Box::new(game.whole_view())),
        }
    }

    /// The side of the battle's game a campaign seat commands: the player's side for the
    /// player, the other for the BOT (whose computer general fights it) or the second player.
    pub fn seat_of(&self, campaign_seat: Seat) -> Seat {
        fiw_solitaire::side::side_of(self.player, campaign_seat).seat()
    }

    /// The table as text, for the side of the battle's game `seat`.
    pub fn render(&self, seat: Seat) -> String {
        each!(&self.table, g => g.render(seat))
    }

    pub fn action_text(&self, action: &Action) -> String {
        match (&self.table, action) {
            (Table::D3 { game, .. }, Action::Fort(a)) => game.action_text(a),
            (Table::Skirmish { game, .. }, Action::Town(a)) => game.action_text(a),
            (Table::Louisbourg { game, .. }, Action::Siege(a)) => game.action_text(a),
            (_, a) => format!("{a:?}"),
        }
    }

    pub fn action_note(&self, action: &Action) -> Option<String> {
        match (&self.table, action) {
            (Table::D3 { game, .. }, Action::Fort(a)) => game.action_note(a),
            (Table::Skirmish { game, .. }, Action::Town(a)) => game.action_note(a),
            (Table::Louisbourg { game, .. }, Action::Siege(a)) => game.action_note(a),
            _ => None,
        }
    }

    pub fn parse_action(&self, text: &str) -> Result<Action, RuleError> {
        match &self.table {
            Table::D3 { game, .. } => game.parse_action(text).map(Action::Fort),
            Table::Skirmish { game, .. } => game.parse_action(text).map(Action::Town),
            Table::Louisbourg { game, .. } => game.parse_action(text).map(Action::Siege),
        }
    }

    /// The battle's prompt for campaign seat `seat`.
    pub fn prompt(&self, seat: Seat) -> Option<String> {
        let seat = self.seat_of(seat);
        each!(&self.table, g => g.prompt(Some(seat)))
    }
}
