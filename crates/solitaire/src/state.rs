//! The state of a game: the board (everything on the table, small and `Copy`), the dice and the
//! log, and the decision the game waits for.

use crate::armies::{armies, ArmyId, NO_ARMY};
use crate::map::{map, Region, REGIONS};
use crate::side::Side;
use fiw_engine::{Dice, Log, Outcome};
use serde::{Deserialize, Serialize};

/// Set-up choices.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// 1 the side the player takes; the BOT takes the other.
    pub side: Side,
    /// The two-player variant (the campaign's, `fiw rules campaign`): a second player takes
    /// the other side by the player's own procedure (its arrivals, relocations and the Turn
    /// Track's AP for that side) in place of the BOT and its chart. Written only when set.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub two_players: bool,
}

/// 3.3 where a region's Indian marker stands on its track.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Indians {
    /// French allies.
    French,
    Neutral,
    /// British allies.
    British,
}

impl Indians {
    /// The side the Indians are allied with, if any.
    pub fn ally(self) -> Option<Side> {
        match self {
            Indians::French => Some(Side::French),
            Indians::Neutral => None,
            Indians::British => Some(Side::British),
        }
    }

    /// 10 one space along the track towards becoming `side`'s allies.
    pub fn toward(self, side: Side) -> Indians {
        match (self, side) {
            (Indians::French, Side::British) => Indians::Neutral,
            (Indians::Neutral, Side::British) | (Indians::British, Side::British) => {
                Indians::British
            }
            (Indians::British, Side::French) => Indians::Neutral,
            (Indians::Neutral, Side::French) | (Indians::French, Side::French) => Indians::French,
        }
    }

    /// As shown on the board.
    pub fn words(self) -> &'static str {
        match self {
            Indians::French => "French allies",
            Indians::Neutral => "neutral",
            Indians::British => "British allies",
        }
    }
}

/// The decision the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// 4 the player places the starting armies, one by one.
    Setup,
    /// 5 the player places arriving armies, one by one.
    Place,
    /// 6 at a new year the player relocates armies one at a time (two armies may change
    /// places) or lets the rest stay where they stand.
    Relocate,
    /// 7 the player spends action points (or ends the actions).
    Actions,
    /// 8 an attack has been made and waits to be settled: by the Advance Result Chart's die
    /// (`roll`), or, in a campaign, by a battle fought out elsewhere ([`Solitaire::settle`]).
    /// Only a game that settles its attacks outside ([`Solitaire::settling_outside`]) stops
    /// here; the text's game rolls at once.
    Attack,
    /// 11 the game is over.
    Over,
}

/// Everything on the table: small and `Copy`, so the heuristic and search copy it freely.
///
/// Each region's markers stand on its route (British flag town at index 0): the British at
/// town `front` and the French at `front + 1`, since markers only ever advance into the town
/// the enemy leaves. `front = -1` puts the British "outside and near" their own flag town (the
/// French hold it); `front = len - 1` puts the French outside theirs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// 1 the player's side.
    pub player: Side,
    /// 5 the turn, 1 to the Turn Track's last.
    pub turn: u8,
    pub step: Step,
    /// 7 the player's action points left this turn.
    pub ap: u8,
    /// Where the markers stand in each region (see above).
    pub front: [i8; REGIONS],
    /// 3.1 `reduced[region][side]`: the militia is on its reduced side.
    pub reduced: [[bool; 2]; REGIONS],
    /// 3.2 `army[region][side]`: the army standing with the militia, or [`NO_ARMY`].
    pub army: [[ArmyId; 2]; REGIONS],
    /// 3.2 `unsupplied[region][side]`: the army there is on its no-supply side.
    pub unsupplied: [[bool; 2]; REGIONS],
    /// 3.3 the Indian tracks (the Atlantic's entry is unused).
    pub indians: [Indians; REGIONS],
    /// 3.4 who controls the Atlantic Ocean.
    pub ocean: Side,
    /// 4, 5 the player's armies still to be placed (bit mask of army ids), placed lowest first.
    pub to_place: u8,
    /// 6 the player's armies relocated this new year (bit mask of army ids): each moves once.
    #[serde(default)]
    pub relocated: u8,
    /// 8 the attack waiting to be settled in [`Step::Attack`].
    #[serde(default)]
    pub pending: Option<Pending>,
    /// The two-player variant ([`Options::two_players`]): the BOT's side is a second
    /// player's. Written only when set, as is `second_acts`, so that a game against the BOT
    /// is the same state, digest for digest, as before the variant was added.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub two_players: bool,
    /// 5 whether the side whose procedure runs now (placing, relocating, spending AP) is the
    /// second player's: never against the BOT ([`Board::acting`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub second_acts: bool,
}

/// 8 an attack made and not yet settled: where, and by which side (the player's or the
/// BOT's, which may be either side).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    pub region: Region,
    pub side: Side,
}

/// How a battle fought for an attack went, as the map takes it (a campaign's reading of its
/// result): the attackers carried the town or not, and which side's markers lost so heavily
/// that its militia is reduced or its army cut off from supply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settlement {
    /// The attackers advance (the chart's advance); otherwise no result.
    pub advanced: bool,
    /// `reduce[side]`: that side's militia in the region turns to its reduced side.
    pub reduce: [bool; 2],
    /// `cut[side]`: that side's army in the region, if any, goes out of supply.
    pub cut: [bool; 2],
}

impl Board {
    /// 4 the board at the start: militia on their starting towns, Mohawk Indians neutral, Ohio
    /// and Hudson Indians French allies, the Atlantic French; turn 1, no AP yet.
    pub fn start(player: Side) -> Board {
        let m = map();
        let mut front = [0i8; REGIONS];
        for (r, f) in front.iter_mut().enumerate() {
            *f = m.regions[r].british_start as i8;
        }
        Board {
            player,
            turn: 1,
            step: Step::Setup,
            ap: 0,
            front,
            reduced: [[false; 2]; REGIONS],
            army: [[NO_ARMY; 2]; REGIONS],
            unsupplied: [[false; 2]; REGIONS],
            indians: [
                Indians::French,
                Indians::Neutral,
                Indians::French,
                Indians::Neutral,
            ],
            ocean: Side::French,
            to_place: 0,
            relocated: 0,
            pending: None,
            two_players: false,
            second_acts: false,
        }
    }

    /// 5 the side whose procedure runs now: always the player's against the BOT; either side
    /// in the two-player variant.
    pub fn acting(&self) -> Side {
        if self.second_acts {
            self.player.other()
        } else {
            self.player
        }
    }

    /// 5 `side`'s procedure runs now.
    pub(crate) fn set_acting(&mut self, side: Side) {
        self.second_acts = side != self.player;
    }

    /// The BOT's side (in the two-player variant, the second player's).
    pub fn bot(&self) -> Side {
        self.player.other()
    }

    /// The seat that plays `side`: the player's seat for the player's side, the other seat
    /// (the BOT's, or the second player's) for the other.
    pub fn seat_of(&self, side: Side) -> usize {
        crate::side::seat_of(self.player, side)
    }

    /// The side `seat` plays: the inverse of [`Board::seat_of`].
    pub fn side_of(&self, seat: usize) -> Side {
        crate::side::side_of(self.player, seat)
    }

    /// The board as the acting side's own player would see it: the acting side in the
    /// player's place (the heuristic judges every board for "the player").
    pub fn as_acting(&self) -> Board {
        Board {
            player: self.acting(),
            second_acts: false,
            ..*self
        }
    }

    /// Who a log line names for `side`'s procedure: "you" against the BOT, the side's name
    /// with two players (the log is read by both seats). `capital` for the start of a line.
    /// Written only when the line is (no allocation while the log is off).
    pub fn who(&self, side: Side, capital: bool) -> Who {
        Who {
            side,
            two: self.two_players,
            capital,
            possessive: false,
        }
    }

    /// The possessive of [`Board::who`]: "your", "the British".
    pub fn whose(&self, side: Side, capital: bool) -> Who {
        Who {
            possessive: true,
            ..self.who(side, capital)
        }
    }

    /// The town index where `side`'s markers stand in `region`: −1 or the route's length when
    /// they are outside and near their own flag town.
    pub fn town_of(&self, region: Region, side: Side) -> i8 {
        match side {
            Side::British => self.front[region as usize],
            Side::French => self.front[region as usize] + 1,
        }
    }

    /// 8 whether `side`'s markers stand outside and near their own flag town.
    pub fn outside(&self, region: Region, side: Side) -> bool {
        let t = self.town_of(region, side);
        t < 0 || t >= map().len[region as usize] as i8
    }

    /// The army of `side` in `region`, if any.
    pub fn army_of(&self, region: Region, side: Side) -> Option<ArmyId> {
        let a = self.army[region as usize][side.index()];
        (a != NO_ARMY).then_some(a)
    }

    /// 3.2 the army DRM `side` adds in `region`: the army's, if it has one in supply.
    pub fn army_drm(&self, region: Region, side: Side) -> i8 {
        match self.army_of(region, side) {
            Some(a) if !self.unsupplied[region as usize][side.index()] => armies().drm[a as usize],
            _ => 0,
        }
    }

    /// 3.4 whether `side` controls the Atlantic.
    pub fn controls_ocean(&self, side: Side) -> bool {
        self.ocean == side
    }
}

/// A side as a log line names it ([`Board::who`]).
#[derive(Clone, Copy, Debug)]
pub struct Who {
    side: Side,
    two: bool,
    capital: bool,
    possessive: bool,
}

impl std::fmt::Display for Who {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.two, self.capital, self.possessive) {
            (false, true, false) => f.write_str("You"),
            (false, false, false) => f.write_str("you"),
            (false, true, true) => f.write_str("Your"),
            (false, false, true) => f.write_str("your"),
            (true, true, _) => write!(f, "The {}", self.side.name()),
            (true, false, _) => write!(f, "the {}", self.side.name()),
        }
    }
}

/// What happened in a game, for `fiw sim`'s figures: whether every rule the filled-in tables
/// feed comes into play (the raid and the restore, the blow at supply and the resupply, the
/// BOT's recovery of its flag towns, a die that chooses).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// 7 the player's actions taken, by [`crate::turn_track::Kind`] (attack, ocean,
    /// influence, restore, resupply).
    pub actions: [u16; 5],
    /// 7 the BOT's raids (a player militia reduced) and blows at supply (an army cut off).
    pub raids: u16,
    pub cuts: u16,
    /// 8 the BOT's attacks on a flag town of its own the player holds, and those that took it
    /// back.
    pub recovery_attacks: u16,
    pub recoveries: u16,
    /// 7 the BOT's turns, and those whose six faces led to three or more different actions (a
    /// kind of action in a region).
    pub bot_turns: u16,
    pub varied_bot_turns: u16,
    /// 5 the player's turns with action points, and those in which it took two or more
    /// actions.
    pub turns_with_ap: u16,
    pub turns_of_several_actions: u16,
}

/// A game of French & Indian War: Solitaire.
#[derive(Clone, Debug, Serialize)]
pub struct Solitaire {
    pub(crate) board: Board,
    pub(crate) dice: Dice,
    /// Grows with every roll (undo never crosses it).
    pub(crate) epoch: u64,
    pub(crate) outcome: Option<Outcome>,
    /// 11 whether the game ended by a sudden-death win rather than on points.
    pub(crate) sudden_death: bool,
    /// 8 attacks on towns made so far, by seat (player, BOT), for `fiw sim`'s figures.
    pub(crate) attacks: [u16; 2],
    /// The figures of [`Tally`].
    pub(crate) tally: Tally,
    /// 7 the actions the player has taken this turn.
    pub(crate) taken: u8,
    /// 8 whether attacks wait in [`Step::Attack`] to be settled (a campaign's battles) rather
    /// than rolled for at once.
    pub(crate) outside: bool,
    #[serde(skip)]
    pub(crate) log: Log,
}

impl Solitaire {
    /// The board as it stands.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The decision the game waits for.
    pub fn step(&self) -> Step {
        self.board.step
    }

    /// What happened so far, for `fiw sim`'s figures.
    pub fn tally(&self) -> &Tally {
        &self.tally
    }

    /// Whether the game ended by sudden death (11).
    pub fn sudden_death(&self) -> bool {
        self.sudden_death
    }

    /// Queues die results to be rolled next, in order (for the rulebook's worked examples).
    pub fn force_dice(&mut self, results: impl IntoIterator<Item = u8>) {
        self.dice.force(results);
    }

    /// A game from an arranged board (tests and puzzles): the board must be one the rules can
    /// reach (markers on real towns, at most one army a side per region, each army once).
    ///
    /// # Errors
    /// One line saying what is wrong with the board.
    pub fn arranged(board: Board, seed: u64) -> Result<Solitaire, String> {
        crate::invariants::check(&board)?;
        Ok(Solitaire {
            board,
            dice: Dice::new(seed),
            epoch: 0,
            outcome: None,
            sudden_death: false,
            attacks: [0; 2],
            tally: Tally::default(),
            taken: 0,
            outside: false,
            log: Log::new(true),
        })
    }
}
