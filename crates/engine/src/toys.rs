//! Two tiny games behind the [`Game`] trait, for testing the kernel's search without any real
//! game: tic-tac-toe (open information, no chance, draws) and Pile, a take-away game with a
//! hidden card and a die.

use crate::{Dice, Game, Log, Outcome, RuleError, Seat};
use serde::{Deserialize, Serialize};

/// Tic-tac-toe: X (seat 0) moves first; an action is a cell 0..9, row by row.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TicTacToe {
    /// 0 empty, 1 X, 2 O.
    pub cells: [u8; 9],
    pub to_move: Seat,
    pub moves: u32,
    pub outcome: Option<Outcome>,
    pub log: Log,
}

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

impl TicTacToe {
    /// A position from rows like `"XX.|OO.|..."`, with `to_move` to play.
    pub fn from_rows(rows: &str, to_move: Seat) -> TicTacToe {
        let mut g = TicTacToe {
            cells: [0; 9],
            to_move,
            moves: 0,
            outcome: None,
            log: Log::new(false),
        };
        for (i, c) in rows.chars().filter(|c| *c != '|').enumerate() {
            g.cells[i] = match c {
                'X' => 1,
                'O' => 2,
                _ => 0,
            };
        }
        g.moves = g.cells.iter().filter(|c| **c != 0).count() as u32;
        g.settle();
        g
    }

    fn settle(&mut self) {
        for l in LINES {
            let v = self.cells[l[0]];
            if v != 0 && self.cells[l[1]] == v && self.cells[l[2]] == v {
                let winner = v as usize - 1;
                self.outcome = Some(Outcome {
                    winner: Some(winner),
                    turn: self.moves,
                    reason: "three in a row".into(),
                });
                return;
            }
        }
        if self.cells.iter().all(|c| *c != 0) {
            self.outcome = Some(Outcome {
                winner: None,
                turn: self.moves,
                reason: "board full".into(),
            });
        }
    }
}

impl Game for TicTacToe {
    type Action = u8;
    type Options = ();
    type View = [u8; 9];
    const NAME: &'static str = "tictactoe";
    const SEATS: &'static [&'static str] = &["x", "o"];
    const RULES_VERSION: u32 = 1;
    const RULES_CHANGES: &'static [crate::RulesChange] = &[];

    fn with_dice(_options: &(), _dice: Dice) -> Result<Self, RuleError> {
        Ok(TicTacToe::from_rows(".........", 0))
    }
    fn to_move(&self) -> Option<Seat> {
        self.outcome.is_none().then_some(self.to_move)
    }
    fn legal_actions(&self, out: &mut Vec<u8>) {
        out.clear();
        if self.outcome.is_none() {
            out.extend((0..9u8).filter(|&i| self.cells[i as usize] == 0));
        }
    }
    fn check(&self, action: &u8) -> Result<(), RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::new("end", "the game is over"));
        }
        match self.cells.get(*action as usize) {
            Some(0) => Ok(()),
            Some(_) => Err(RuleError::new("play", "that cell is taken")),
            None => Err(RuleError::input("cells are 0 to 8")),
        }
    }
    fn apply_unchecked(&mut self, action: u8) {
        if let Some(c) = self.cells.get_mut(action as usize) {
            *c = self.to_move as u8 + 1;
        }
        self.moves += 1;
        self.to_move = 1 - self.to_move;
        self.settle();
    }
    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }
    fn view(&self, _seat: Seat) -> [u8; 9] {
        self.cells
    }
    fn public_view(&self) -> [u8; 9] {
        self.cells
    }
    fn whole_view(&self) -> [u8; 9] {
        self.cells
    }
    fn render(&self, _seat: Seat) -> String {
        format!("{:?}", self.cells)
    }
    fn action_text(&self, action: &u8) -> String {
        action.to_string()
    }
    fn parse_action(&self, text: &str) -> Result<u8, RuleError> {
        text.trim()
            .parse()
            .map_err(|_| RuleError::input("a cell number"))
    }
    fn log(&self) -> &Log {
        &self.log
    }
    fn set_logging(&mut self, on: bool) {
        self.log.set_on(on);
    }
    fn chance_epoch(&self) -> u64 {
        0
    }
    fn turn(&self) -> u32 {
        self.moves + 1
    }
}

/// Set-up of [`Pile`].
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PileOptions {
    /// Tokens at the start (default 15 + a die).
    pub start: Option<u8>,
    /// Deal each seat a hidden card.
    pub cards: bool,
    /// After each move, a 6 on a die adds a token.
    pub river: bool,
}

impl Default for PileOptions {
    fn default() -> Self {
        PileOptions {
            start: None,
            cards: true,
            river: true,
        }
    }
}

/// A take-away game with hidden information and chance. Players take 1 to 3 tokens in turn;
/// whoever takes the last token wins. Each seat holds a hidden card (4, 5 or 6) that it may play
/// once, face up, to take exactly that many tokens. After each move that leaves tokens, a die is
/// rolled and a 6 adds one token. With neither cards nor die it is plain Nim (1-3).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Pile {
    pub pile: u8,
    pub cards: [u8; 2],
    /// A used card is face up; a seat without cards counts as having used it.
    pub used: [bool; 2],
    pub river: bool,
    pub to_move: Seat,
    pub turn: u32,
    pub dice: Dice,
    pub epoch: u64,
    pub outcome: Option<Outcome>,
    pub log: Log,
}

/// An action of [`Pile`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PileAction {
    /// Take 1 to 3 tokens.
    Take(u8),
    /// Play the hidden card.
    Card,
}

thread_local! {
    /// Set by a test to make the pile's view show the other seat's face-down card: the leak
    /// the secrecy audit must catch.
    pub static LEAK: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// What a seat sees of [`Pile`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PileView {
    pub pile: u8,
    pub own: Option<u8>,
    /// The other card, once played.
    pub other: Option<u8>,
    pub used: [bool; 2],
    pub to_move: Seat,
}

impl Pile {
    fn taken(&self, action: PileAction) -> u8 {
        match action {
            PileAction::Take(n) => n,
            PileAction::Card => self.cards[self.to_move],
        }
    }
}

impl Game for Pile {
    type Action = PileAction;
    type Options = PileOptions;
    type View = PileView;
    const NAME: &'static str = "pile";
    const SEATS: &'static [&'static str] = &["first", "second"];
    const RULES_VERSION: u32 = 1;
    const RULES_CHANGES: &'static [crate::RulesChange] = &[];

    fn with_dice(options: &PileOptions, mut dice: Dice) -> Result<Self, RuleError> {
        let pile = options.start.unwrap_or_else(|| 15 + dice.d6());
        if pile == 0 {
            return Err(RuleError::input("start: the pile needs a token"));
        }
        let cards = if options.cards {
            [dice.roll(3) + 3, dice.roll(3) + 3]
        } else {
            [0, 0]
        };
        Ok(Pile {
            pile,
            cards,
            used: [!options.cards; 2],
            river: options.river,
            to_move: 0,
            turn: 1,
            dice,
            epoch: 0,
            outcome: None,
            log: Log::new(true),
        })
    }
    fn to_move(&self) -> Option<Seat> {
        self.outcome.is_none().then_some(self.to_move)
    }
    fn legal_actions(&self, out: &mut Vec<PileAction>) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        out.extend((1..=self.pile.min(3)).map(PileAction::Take));
        if !self.used[self.to_move] && self.cards[self.to_move] <= self.pile {
            out.push(PileAction::Card);
        }
    }
    fn check(&self, action: &PileAction) -> Result<(), RuleError> {
        let mut legal = Vec::new();
        self.legal_actions(&mut legal);
        if legal.contains(action) {
            Ok(())
        } else {
            Err(RuleError::new("take", "not that many tokens"))
        }
    }
    fn apply_unchecked(&mut self, action: PileAction) {
        let seat = self.to_move;
        let n = self.taken(action).min(self.pile);
        if action == PileAction::Card {
            self.used[seat] = true;
            self.epoch += 1;
        }
        self.pile -= n;
        self.log
            .public(|| format!("{} takes {n}", Self::SEATS[seat]));
        if self.pile == 0 {
            self.outcome = Some(Outcome {
                winner: Some(seat),
                turn: self.turn,
                reason: "took the last token".into(),
            });
            return;
        }
        if self.river {
            self.epoch += 1;
            if self.dice.d6() == 6 {
                self.pile = self.pile.saturating_add(1);
            }
        }
        self.to_move = 1 - seat;
        self.turn += 1;
    }
    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }
    fn view(&self, seat: Seat) -> PileView {
        let other = 1 - seat;
        let shown = self.used[other] || LEAK.with(|l| l.get());
        PileView {
            pile: self.pile,
            own: (self.cards[seat] != 0).then_some(self.cards[seat]),
            other: (shown && self.cards[other] != 0).then_some(self.cards[other]),
            used: self.used,
            to_move: self.to_move,
        }
    }
    fn public_view(&self) -> PileView {
        let shown = |s: usize| self.used[s] && self.cards[s] != 0;
        PileView {
            pile: self.pile,
            own: shown(0).then_some(self.cards[0]),
            other: shown(1).then_some(self.cards[1]),
            used: self.used,
            to_move: self.to_move,
        }
    }
    fn whole_view(&self) -> PileView {
        PileView {
            pile: self.pile,
            own: (self.cards[0] != 0).then_some(self.cards[0]),
            other: (self.cards[1] != 0).then_some(self.cards[1]),
            used: self.used,
            to_move: self.to_move,
        }
    }
    fn render(&self, seat: Seat) -> String {
        format!("{:?}", self.view(seat))
    }
    fn action_text(&self, action: &PileAction) -> String {
        match action {
            PileAction::Take(n) => format!("take {n}"),
            PileAction::Card => "card".into(),
        }
    }
    fn parse_action(&self, text: &str) -> Result<PileAction, RuleError> {
        match text.trim() {
            "card" => Ok(PileAction::Card),
            t => t
                .strip_prefix("take ")
                .and_then(|n| n.parse().ok())
                .map(PileAction::Take)
                .ok_or_else(|| RuleError::input("take N or card")),
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

    /// The other seat's card, while face down, is redealt (4, 5 or 6); the dice get a new seed.
    fn determinize(&self, seat: Seat, dice: &mut Dice) -> Self {
        let mut g = self.clone();
        let other = 1 - seat.min(1);
        if !g.used[other] {
            g.cards[other] = dice.below(3) as u8 + 4;
        }
        g.reseed(dice.next_seed());
        g
    }
    fn reseed(&mut self, seed: u64) {
        self.dice.reseed(seed);
    }
    fn clear_log(&mut self) {
        self.log = Log::new(false);
    }
    fn dice_mut(&mut self) -> Option<&mut Dice> {
        Some(&mut self.dice)
    }
    fn dice(&self) -> Option<&Dice> {
        Some(&self.dice)
    }
}
