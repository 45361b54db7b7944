//! French & Indian War: Solitaire behind the engine's `Game` trait.
//!
//! Seats are `player` and `bot`. Only the player decides: the BOT's chart roll is chance,
//! resolved inside the engine when the player ends the actions, so `to_move` is the player
//! until the game is over.

use crate::actions::Action;
use crate::side::PLAYER;
use crate::state::{Options, Solitaire, Step};
use crate::view::View;
use fiw_engine::{Dice, Game, Log, Outcome, RuleBook, RuleError, Seat};

/// `advance 2/6 = 33 %`.
fn odds(what: &str, sixths: u8) -> String {
    format!("{what} {sixths}/6 = {:.0} %", 100.0 * sixths as f64 / 6.0)
}

impl Game for Solitaire {
    type Action = Action;
    type Options = Options;
    type View = View;

    const NAME: &'static str = "solitaire";
    const SEATS: &'static [&'static str] = &["player", "bot"];
    const RULES_VERSION: u32 = crate::rules_version::RULES_VERSION;
    const RULES_CHANGES: &'static [fiw_engine::RulesChange] = crate::rules_version::RULES_CHANGES;

    fn with_dice(options: &Options, dice: Dice) -> Result<Self, RuleError> {
        Ok(Solitaire::with_options_and_dice(options, dice))
    }

    fn dice_mut(&mut self) -> Option<&mut Dice> {
        Some(&mut self.dice)
    }

    fn dice(&self) -> Option<&Dice> {
        Some(&self.dice)
    }

    /// Against the BOT, the player (the BOT's chart is rolled inside); with two players, the
    /// seat of the side whose procedure runs.
    fn to_move(&self) -> Option<Seat> {
        let b = &self.board;
        if b.step == Step::Over {
            return None;
        }
        Some(if b.two_players {
            b.seat_of(b.acting())
        } else {
            PLAYER
        })
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.candidates(out);
    }

    fn check(&self, action: &Action) -> Result<(), RuleError> {
        self.why_not(action)
    }

    fn apply_unchecked(&mut self, action: Action) {
        self.apply_action(action);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn view(&self, _seat: Seat) -> View {
        View::of(&self.board)
    }

    /// The step of the turn, with the section that governs it.
    fn prompt(&self, seat: Option<Seat>) -> Option<String> {
        let b = &self.board;
        if b.two_players && b.step != Step::Over && seat.is_some() && self.to_move() != seat {
            return Some(format!("The {} decide (5)", b.acting().name()));
        }
        Some(match b.step {
            Step::Setup => "Place your starting armies (4)".into(),
            Step::Place => "Place your arriving armies (5)".into(),
            Step::Relocate => "A new year: relocate your armies, or let them stay (6)".into(),
            Step::Actions => format!("Spend your action points: {} left (7)", b.ap),
            Step::Attack => "An attack waits to be settled: roll for it (8)".into(),
            Step::Over => "The game is over (11)".into(),
        })
    }

    /// Nothing in Solitaire is hidden from anyone but the future: the deck of chart rolls is
    /// the dice's, which no view holds.
    fn public_view(&self) -> View {
        View::of(&self.board)
    }

    fn whole_view(&self) -> View {
        View::of(&self.board)
    }

    fn render(&self, _seat: Seat) -> String {
        self.render_board()
    }

    fn action_text(&self, action: &Action) -> String {
        action.text()
    }

    fn parse_action(&self, text: &str) -> Result<Action, RuleError> {
        Action::parse(text)
    }

    /// 8 the chance to advance with every modifier applied, beside each attack in the menus
    /// (and beside each placement, the attack the army would give there).
    fn action_note(&self, action: &Action) -> Option<String> {
        let b = &self.board;
        match *action {
            Action::Attack(r) if b.can_attack(r, b.acting()) => {
                let terms = b.attack_terms(r, b.acting());
                let sixths = b.advance_sixths(r, b.acting());
                Some(format!(
                    "{} ({})",
                    odds("advance", sixths),
                    terms.describe()
                ))
            }
            // the attack this army would make possible there
            Action::Place { army, region } if self.why_not(action).is_ok() => {
                let mut with = *b;
                with.army[region as usize][b.acting().index()] = army;
                with.unsupplied[region as usize][b.acting().index()] = false;
                match with.why_not_attack(region, b.acting()) {
                    Ok(()) => Some(format!(
                        "attack there: {}",
                        odds("advance", with.advance_sixths(region, b.acting()))
                    )),
                    Err(e) => Some(format!("no attack there now: {}", e.message)),
                }
            }
            Action::AttackOcean => Some(odds("control", 7 - crate::ocean::OCEAN_AT_LEAST)),
            Action::Influence(_) => Some(odds("success", 7 - crate::indians::INFLUENCE_AT_LEAST)),
            _ => None,
        }
    }

    fn log(&self) -> &Log {
        &self.log
    }

    fn set_logging(&mut self, on: bool) {
        self.log.set_on(on);
    }

    fn chance_epoch(&self) -> u64 {
        self.epoch
    }

    fn turn(&self) -> u32 {
        self.board.turn as u32
    }

    /// Victory points of both sides and of the player; whether the game ended by sudden
    /// death, and by the player's; whether the single Atlantic point decided it (on points, the
    /// other side would have won without it); the attacks on towns each seat made; and for a
    /// BOT sudden-death win, the season of the BOT turn that met the condition (the win itself
    /// is declared at the end of the player's next turn, 11). Their means are the shares of
    /// such games and the mean attacks a game.
    fn metrics(&self) -> Vec<(&'static str, f64)> {
        use crate::side::{Side, BOT};
        let b = &self.board;
        let winner = self.outcome.as_ref().and_then(|o| o.winner);
        let flag = |yes: bool| if yes { 1.0 } else { 0.0 };
        let on_points = self.outcome.is_some() && !self.sudden_death;
        let mut m = vec![
            ("player_vp", b.victory_points(b.player) as f64),
            ("bot_vp", b.victory_points(b.bot()) as f64),
            ("british_vp", b.victory_points(Side::British) as f64),
            ("french_vp", b.victory_points(Side::French) as f64),
            ("sudden_death", flag(self.sudden_death)),
            (
                "player_sudden_death",
                flag(self.sudden_death && winner == Some(PLAYER)),
            ),
            ("atlantic_decides", flag(on_points && b.atlantic_decides())),
            ("player_attacks", self.attacks[PLAYER] as f64),
            ("bot_attacks", self.attacks[BOT] as f64),
        ];
        // whether each rule the filled-in tables feed came into play in this game, and how
        // often (issue 37's measures)
        let t = &self.tally;
        let [_, _, _, restores, resupplies] = t.actions;
        m.extend([
            ("reduced_or_cut", flag(t.raids + t.cuts > 0)),
            ("militia_reduced", flag(t.raids > 0)),
            ("army_cut_off", flag(t.cuts > 0)),
            ("restore_played", flag(restores > 0)),
            ("resupply_played", flag(resupplies > 0)),
            ("restores", restores as f64),
            ("resupplies", resupplies as f64),
            ("raids", t.raids as f64),
            ("cuts", t.cuts as f64),
            ("bot_recovery_attacks", t.recovery_attacks as f64),
            ("bot_recoveries", t.recoveries as f64),
            ("bot_turns", t.bot_turns as f64),
            ("varied_bot_turns", t.varied_bot_turns as f64),
            ("turns_with_ap", t.turns_with_ap as f64),
            (
                "turns_of_several_actions",
                t.turns_of_several_actions as f64,
            ),
            ("player_actions", t.actions.iter().map(|&n| n as f64).sum()),
        ]);
        let bot_sudden = self.sudden_death && winner == Some(BOT);
        let met = self.board.turn.saturating_sub(1).max(1);
        let season = (met as usize - 1) % 4;
        for (i, key) in SEASON_KEYS.iter().enumerate() {
            m.push((key, flag(bot_sudden && season == i)));
        }
        m
    }

    fn reseed(&mut self, seed: u64) {
        self.dice.reseed(seed);
    }

    fn clear_log(&mut self) {
        self.log = Log::new(false);
    }

    /// The kernel's plain MCTS: nothing is hidden, and the BOT's chart roll is chance, which
    /// each iteration samples afresh with reseeded dice.
    fn search_ai(config: fiw_engine::SearchConfig) -> Box<dyn fiw_engine::Advisor<Self>> {
        Box::new(fiw_engine::IsMcts::open(config))
    }

    fn heuristic_policy(seed: u64) -> Option<Box<dyn fiw_engine::Policy<Self>>> {
        Some(Box::new(crate::heuristic::Heuristic::new(seed)))
    }

    fn rulebook() -> RuleBook {
        crate::rulebook::rulebook()
    }
}

/// The metrics of BOT sudden-death wins by the season of the BOT turn that met the condition,
/// in the order of the year (5.1: four turns a year, spring first).
pub const SEASON_KEYS: [&str; 4] = [
    "bot_sudden_death_spring",
    "bot_sudden_death_summer",
    "bot_sudden_death_fall",
    "bot_sudden_death_winter",
];
