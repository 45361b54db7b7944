//! A tiny two-seat race game for testing the generic front end without any real game.
//!
//! Each turn a seat may step 1 or 2 squares (at most 2 in all, rule 2.1), roll a die once
//! (rule 2.2), and ends its turn with `end`; first to the target wins (rule 3), and the game is
//! drawn after turn 50. Ending a turn writes a private note only that seat may read.

use fiw_engine::{Dice, Game, Log, Outcome, RuleError, Seat};
use fiw_host::games::{HostGame, SetupFlags};
use fiw_host::{HostError, HostResult};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Act {
    Step(u8),
    Roll,
    End,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RaceOptions {
    pub target: u8,
    /// Ask before `end` while steps are left (to test [`HostGame::confirm`]).
    #[serde(default)]
    pub confirm_end: bool,
}

impl Default for RaceOptions {
    fn default() -> Self {
        RaceOptions {
            target: 12,
            confirm_end: false,
        }
    }
}

impl HostGame for Race {
    fn options(flags: &SetupFlags) -> HostResult<RaceOptions> {
        if flags.solitaire_setup {
            return Err(HostError::usage("--solitaire-setup is for louisbourg only"));
        }
        Ok(RaceOptions::default())
    }

    fn confirm(&self, action: &Act) -> Option<String> {
        (self.confirm_end && *action == Act::End && self.steps_left > 0)
            .then(|| "end with steps left?".to_string())
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct Race {
    target: u8,
    confirm_end: bool,
    pos: [u8; 2],
    to_move: Seat,
    steps_left: u8,
    rolled: bool,
    turn: u32,
    dice: Dice,
    epoch: u64,
    winner: Option<Outcome>,
    #[serde(skip)]
    log: Log,
}

impl Game for Race {
    type Action = Act;
    type Options = RaceOptions;
    type View = [u8; 2];
    const NAME: &'static str = "race";
    const SEATS: &'static [&'static str] = &["red", "blue"];
    const RULES_VERSION: u32 = 1;
    const RULES_CHANGES: &'static [fiw_engine::RulesChange] = &[];

    fn dice_mut(&mut self) -> Option<&mut Dice> {
        Some(&mut self.dice)
    }

    fn dice(&self) -> Option<&Dice> {
        Some(&self.dice)
    }

    fn with_dice(options: &RaceOptions, dice: Dice) -> Result<Self, RuleError> {
        if options.target == 0 {
            return Err(RuleError::new("1", "the target must be at least 1"));
        }
        Ok(Race {
            target: options.target,
            confirm_end: options.confirm_end,
            pos: [0, 0],
            to_move: 0,
            steps_left: 2,
            rolled: false,
            turn: 1,
            dice,
            epoch: 0,
            winner: None,
            log: Log::new(false),
        })
    }

    fn to_move(&self) -> Option<Seat> {
        self.winner.is_none().then_some(self.to_move)
    }

    fn legal_actions(&self, out: &mut Vec<Act>) {
        out.clear();
        if self.winner.is_some() {
            return;
        }
        for n in 1..=self.steps_left {
            out.push(Act::Step(n));
        }
        if !self.rolled {
            out.push(Act::Roll);
        }
        out.push(Act::End);
    }

    fn check(&self, action: &Act) -> Result<(), RuleError> {
        if self.winner.is_some() {
            return Err(RuleError::new("3", "the game is over"));
        }
        match *action {
            Act::Step(n) if n == 0 || n > self.steps_left => Err(RuleError::new(
                "2.1",
                format!("you may step {} more this turn, not {n}", self.steps_left),
            )),
            Act::Roll if self.rolled => {
                Err(RuleError::new("2.2", "you have rolled this turn already"))
            }
            _ => Ok(()),
        }
    }

    fn apply_unchecked(&mut self, action: Act) {
        let seat = self.to_move;
        let name = Self::SEATS[seat];
        match action {
            Act::Step(n) => {
                self.steps_left -= n;
                self.pos[seat] = self.pos[seat].saturating_add(n);
                let at = self.pos[seat];
                self.log.public(|| format!("{name} steps {n} to {at}"));
            }
            Act::Roll => {
                self.dice
                    .ask(1, 6, || format!("{name} rolls a die to move (2.2)"));
                let r = self.dice.roll(6);
                self.rolled = true;
                self.epoch += 1;
                self.pos[seat] = self.pos[seat].saturating_add(r);
                self.log.public(|| format!("{name} rolls {r}"));
            }
            Act::End => {
                let at = self.pos[seat];
                self.log
                    .private(seat, || format!("{name}'s private note: ended at {at}"));
                self.to_move = 1 - seat;
                self.steps_left = 2;
                self.rolled = false;
                if seat == 1 {
                    self.turn += 1;
                }
            }
        }
        if self.pos[seat] >= self.target {
            self.winner = Some(Outcome {
                winner: Some(seat),
                turn: self.turn,
                reason: "reached the target".into(),
            });
        } else if self.turn > 50 {
            self.winner = Some(Outcome {
                winner: None,
                turn: 50,
                reason: "time ran out".into(),
            });
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.winner.clone()
    }

    fn view(&self, _seat: Seat) -> [u8; 2] {
        self.pos
    }

    fn public_view(&self) -> [u8; 2] {
        self.pos
    }

    fn whole_view(&self) -> [u8; 2] {
        self.pos
    }

    fn render(&self, seat: Seat) -> String {
        format!(
            "red at {}, blue at {} (you are {})",
            self.pos[0],
            self.pos[1],
            Self::SEATS[seat]
        )
    }

    fn action_text(&self, action: &Act) -> String {
        match action {
            Act::Step(n) => format!("step {n}"),
            Act::Roll => "roll".into(),
            Act::End => "end".into(),
        }
    }

    fn parse_action(&self, text: &str) -> Result<Act, RuleError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            ["step", n] => n
                .parse()
                .map(Act::Step)
                .map_err(|_| RuleError::input(format!("'{n}' is not a number"))),
            ["roll"] => Ok(Act::Roll),
            ["end"] => Ok(Act::End),
            _ => Err(RuleError::input("actions are: step N, roll, end")),
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
        self.turn
    }

    fn metrics(&self) -> Vec<(&'static str, f64)> {
        vec![("red_position", self.pos[0] as f64)]
    }
}
