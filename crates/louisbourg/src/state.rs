//! The state of a game of Louisbourg 1758 and the decision it waits for.

use crate::actions::UnitId;
use crate::board::{board, is_land, Loc, ELIMINATED, LAND, MAX_ROADS, PLACES};
use crate::cards::{CardId, Rounds};
use crate::fire::BattleKind;
use crate::forces::{forces, Kind, Side, Start};
use fiw_engine::{Dice, Log, Outcome};
use serde::{Deserialize, Serialize};

/// The blocks whose bits are set in a block mask, lowest first.
pub(crate) fn blocks(mut bits: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let i = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        Some(i)
    })
}

/// A French block not yet placed by the set-up (7).
pub const UNPLACED: Loc = PLACES as Loc;
/// Places the block masks track: every place, and the French blocks still to set up.
const TRACKED: usize = PLACES + 1;

/// 8 the game lasts 16 turns.
pub const LAST_TURN: u8 = 16;
/// 13 the British need at least this many SP.
pub const VICTORY_SP: u32 = 24;
/// 6 the most cards a hand may hold when drawing.
pub const HAND_LIMIT: usize = 3;
/// 12 the first turn French reinforcements may enter.
pub const REINFORCEMENT_TURN: u8 = 8;

/// Set-up choices.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// 14: set the French up by the solitaire table (with its die roll) instead of by choice.
    pub solitaire_setup: bool,
    /// The deck from the top, by card id, for tests and puzzles; empty means shuffled. Cards
    /// not named follow in shuffled order.
    pub deck: Vec<String>,
    /// 14 open play: one person plays both sides with every block's type and SP facing them,
    /// so every view shows every block (independent of `solitaire_setup`).
    pub open: bool,
    /// Each side's army at a share of the text's: the campaign sizes the siege from the map's
    /// markers (issue 39). `None` plays the text's forces.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forces: Option<Shares>,
}

/// Each side's army blocks (ships aside, the fleets are not on the campaign's map) at a share
/// of their printed strength, in percent: each block starts with its SP times the share,
/// rounded up or down at random in proportion and at least 1; the British fall below the
/// same share of 24 SP to lose (13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shares {
    pub british: u8,
    pub french: u8,
}

/// One block on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Unit {
    /// Whose block it is (copied from the order of battle so the hot paths need no lookup).
    pub side: Side,
    /// Its type.
    pub kind: Kind,
    /// Where it is.
    pub loc: Loc,
    /// Current strength points (0 once eliminated).
    pub sp: u8,
    /// Locations moved this turn; 2 means it may move no further (8.3.1, 8.3.3).
    pub steps: u8,
    /// Where it entered its current location from this turn (retreat path, 10).
    pub from: Loc,
    /// A ship used for an amphibious move this turn: defends at 1 SP against ships (8.3.3, 11).
    pub weak: bool,
    /// Face up in the battle being fought (9.2); it stands up again, hidden, when the battle
    /// ends (5).
    pub revealed: bool,
}

/// 13 which victory condition ended the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Ending {
    /// The French win at once: the British army fell below 24 SP.
    BelowSp,
    /// The British win: an army unit in Louisbourg.
    Fortress,
    /// The British win: a ship in Louisbourg Harbor.
    Harbor,
    /// The French win: the British had not won by the end of turn 16.
    Time,
}

/// Which blocks a run of hits falls on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Pool {
    /// The owner's blocks at this place.
    At(Loc),
    /// The owner's army blocks anywhere (attrition).
    Army,
}

/// What follows once hits are taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Then {
    DefenderFired,
    AttackerFired,
    /// A bombardment by this side is over (8.2).
    Bombarded(Side),
    /// A card's bombardment or strike is over: back to this side's bombardment step.
    BackToBombard(Side),
    /// An attrition card is resolved: go on with the card draws (6.1).
    Attrition,
}

/// The decision the game waits for, or the phase it is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Step {
    /// 7 the British choose the landing plan in secret.
    LandingPlan,
    /// 7 the French place their blocks one by one.
    FrenchSetup,
    /// 8.1.1 the winner of the order roll picks who goes first.
    ChooseFirst(Side),
    /// 8.2 this side may bombard (or play a bombardment card).
    Bombard(Side),
    /// 8.3 this side picks its one action (or a card, or a reinforcement).
    Action(Side),
    /// 7 the British carry out the landing plan, block by block.
    Landing,
    /// 8.3.1 a land move from `from` is under way.
    LandMove {
        side: Side,
        from: Loc,
        must_continue: Option<UnitId>,
    },
    /// 8.3.2 raiders are being chosen.
    Raid { side: Side, from: Loc, to: Loc },
    /// 8.3.3 an amphibious move is under way.
    Amphibious {
        side: Side,
        sea: Loc,
        from: Loc,
        ships_left: u8,
    },
    /// 8.3.4 ships are being chosen.
    ShipMove { side: Side, from: Loc, to: Loc },
    /// 12 reinforcements entering a British-held location as the French action.
    ReinforceAttack(Side),
    /// 9.1 the attacker picks the next battle.
    ChooseBattle(Side),
    /// 10 this side stays and fires, or retreats.
    Stay(Side),
    /// 10 this side's blocks retreat one by one.
    Retreat(Side),
    /// 9.2 / 8.2 the owner picks which block takes the next hit.
    Hits {
        owner: Side,
        left: u8,
        pool: Pool,
        then: Then,
    },
    /// A card restores SP to this side's blocks.
    Restore {
        side: Side,
        left: u8,
        at: Option<Loc>,
    },
    /// The game is over.
    Over,
}

/// The battle being fought.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Battle {
    pub loc: Loc,
    pub kind: BattleKind,
    pub attacker: Side,
    pub round: u8,
    /// 10 every place a unit of the attack came from (bit per place), fixed when the battle
    /// begins: defenders may not retreat into any of them, even once that unit is gone.
    pub attack_from: u32,
}

/// Card effects in force for one side this turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Effects {
    pub bombard_drm: i8,
    /// Added to the other side's bombardments.
    pub enemy_bombard_drm: i8,
    pub attack_fire: Option<(u8, Rounds)>,
    pub defend_fire: Option<(u8, Rounds, Option<Loc>)>,
    pub no_amphibious_defence: bool,
    /// The other side may make no amphibious or ship move.
    pub forbid_sea_moves: bool,
    pub road_bonus: u8,
    pub regulars_march: bool,
    pub no_retreat_loss: bool,
}

/// A game of Louisbourg 1758.
#[derive(Clone, Debug, Serialize)]
pub struct Louisbourg {
    pub(crate) options: Options,
    pub(crate) dice: Dice,
    pub(crate) turn: u8,
    /// 8.1.1 player order this turn.
    pub(crate) order: [Side; 2],
    pub(crate) step: Step,
    pub(crate) units: Vec<Unit>,
    /// The blocks at each place, one bit per block, kept in step with `units` by `set_loc`:
    /// the simulator asks "who is where" millions of times a second.
    pub(crate) members: [u64; TRACKED],
    /// The blocks of each side, one bit per block.
    pub(crate) side_mask: [u64; 2],
    /// The Indian blocks (5.2 keeps them out of Louisbourg), one bit per block.
    pub(crate) indian_mask: u64,
    /// 3 who controls each land location.
    pub(crate) control: [Side; LAND],
    pub(crate) deck: Vec<CardId>,
    pub(crate) hands: [Vec<CardId>; 2],
    /// Cards out of the game (played or discarded), a public count.
    pub(crate) discards: u8,
    /// 6.1 the cards each side discarded face down: known only to that side.
    pub(crate) face_down: [Vec<CardId>; 2],
    /// 6.1 the card each side played face up this turn.
    pub(crate) played: [Option<CardId>; 2],
    /// 6.1 one card played or discarded per turn.
    pub(crate) card_used: [bool; 2],
    pub(crate) effects: [Effects; 2],
    /// 7 the landing plan (Kennington Cove, Flat Point, White Point), secret to the British.
    pub(crate) plan: [u8; 3],
    pub(crate) landing_left: [u8; 3],
    /// 7 the plan is carried out, so the French know it.
    pub(crate) plan_public: bool,
    /// 8.1.3 no British amphibious or ship move this turn.
    pub(crate) rough_seas: bool,
    /// 8.1.1 the order roll of this turn (British, French), public.
    pub(crate) order_roll: Option<(u8, u8)>,
    /// 8.3.1 units moved along each road in the current action.
    pub(crate) road_used: [u8; MAX_ROADS],
    /// 10 units retreated along each road in the current retreat.
    pub(crate) retreat_used: [u8; MAX_ROADS],
    /// The side whose player action phase it is.
    pub(crate) active: Side,
    /// 8.3.3 locations entered by amphibious move in this action (bit per place).
    pub(crate) amphibious_into: u32,
    /// Whether the current action was a raid.
    pub(crate) raid: bool,
    /// Whether the current action was a reinforcement entry into a British location.
    pub(crate) reinforcement_attack: bool,
    /// 9.1 battles waiting to be fought (bit per place).
    pub(crate) pending: u32,
    /// 5 what each side's enemy has counted of its losses: for each owner (by seat) and place,
    /// the SP the owner's blocks there are known to have lost below their printed SP. Kept from
    /// what the enemy sees (hits it inflicted, a battle's blocks face up) and carried along
    /// when blocks move, share by share; see `record_move`. Public: both views may show it.
    pub(crate) loss_seen: [[u8; TRACKED]; 2],
    /// 5 the blocks whose elimination was seen by type (face up in battle, or ships): the
    /// enemy knows they are gone; the others' type it does not know.
    pub(crate) named_dead: u64,
    pub(crate) battle: Option<Battle>,
    /// 6.1 how far the card draws of this turn have gone: two half-steps per side in player
    /// order (an attrition card already in hand, then the draw).
    pub(crate) draws_done: u8,
    pub(crate) epoch: u64,
    pub(crate) outcome: Option<Outcome>,
    /// 13 the condition that ended the game.
    pub(crate) ending: Option<Ending>,
    #[serde(skip)]
    pub(crate) log: Log,
}

impl Louisbourg {
    /// A new game: British set-up and landing plan first (7).
    pub fn with_options(options: &Options, seed: u64) -> Result<Self, String> {
        Louisbourg::with_options_and_dice(options, Dice::new(seed))
    }

    /// [`Louisbourg::with_options`] rolling `dice` (manual dice, for a game on a real table).
    pub fn with_options_and_dice(options: &Options, mut dice: Dice) -> Result<Self, String> {
        let f = forces();
        let mut units: Vec<Unit> = f
            .units
            .iter()
            .map(|d| Unit {
                side: d.side,
                kind: d.kind,
                loc: match d.start {
                    Start::At(l) => l,
                    Start::FrenchSetup => UNPLACED,
                },
                sp: d.max_sp,
                steps: 0,
                from: ELIMINATED,
                weak: false,
                revealed: false,
            })
            .collect();
        if let Some(f) = options.forces {
            for (side, pct) in [(Side::British, f.british), (Side::French, f.french)] {
                if !(1..=100).contains(&pct) {
                    return Err(format!(
                        "option forces: the {} army's share is 1 to 100 percent, not {pct}",
                        side.name()
                    ));
                }
            }
            for u in units.iter_mut().filter(|u| u.kind != Kind::Ship) {
                let pct = match u.side {
                    Side::British => f.british,
                    Side::French => f.french,
                };
                let x = u32::from(u.sp) * u32::from(pct);
                let (whole, part) = (x / 100, x % 100);
                let up = u32::from(part > 0 && dice.below(100) < part);
                u.sp = (whole + up).clamp(1, u32::from(u.sp)) as u8;
            }
        }
        let deck = crate::cards::deck();
        let mut order: Vec<CardId> = Vec::with_capacity(deck.cards.len());
        let mut rest: Vec<CardId> = (0..deck.cards.len() as CardId).collect();
        for name in &options.deck {
            let pos = rest
                .iter()
                .position(|&c| deck.cards[c as usize].id == *name)
                .ok_or_else(|| format!("option deck: no card '{name}' left in the deck"))?;
            order.push(rest.remove(pos));
        }
        dice.shuffle(&mut rest);
        order.extend(rest);
        order.reverse(); // the top of the deck is the end of the vector
        let mut game = Louisbourg {
            options: options.clone(),
            dice,
            turn: 1,
            order: [Side::British, Side::French],
            step: Step::LandingPlan,
            units,
            members: [0; TRACKED],
            side_mask: [0; 2],
            indian_mask: 0,
            control: [Side::French; LAND],
            deck: order,
            hands: [Vec::new(), Vec::new()],
            discards: 0,
            face_down: [Vec::new(), Vec::new()],
            played: [None; 2],
            card_used: [false; 2],
            effects: [Effects::default(); 2],
            plan: [0; 3],
            landing_left: [0; 3],
            plan_public: false,
            rough_seas: false,
            order_roll: None,
            road_used: [0; MAX_ROADS],
            retreat_used: [0; MAX_ROADS],
            active: Side::British,
            amphibious_into: 0,
            raid: false,
            reinforcement_attack: false,
            pending: 0,
            loss_seen: [[0; TRACKED]; 2],
            named_dead: 0,
            battle: None,
            draws_done: 0,
            epoch: 0,
            outcome: None,
            ending: None,
            log: Log::new(true),
        };
        game.recount();
        game.log.public(|| {
            "Louisbourg 1758. The British choose their landing plan in secret (7).".into()
        });
        Ok(game)
    }

    /// The dice, for tests that force rolls.
    pub fn dice_mut(&mut self) -> &mut Dice {
        &mut self.dice
    }

    /// The options the game was set up with.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The decision the game waits for.
    pub fn step(&self) -> Step {
        self.step
    }

    /// All blocks, indexed like `forces().units`.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// Who controls a land location.
    pub fn control(&self, loc: Loc) -> Side {
        self.control[loc as usize]
    }

    /// The turn number.
    pub fn turn_number(&self) -> u8 {
        self.turn
    }

    /// The battle being fought, if any.
    pub fn battle(&self) -> Option<Battle> {
        self.battle
    }

    /// A side's hand (the true state: front ends use the view).
    pub fn hand(&self, side: Side) -> &[CardId] {
        &self.hands[side.seat()]
    }

    /// 13 the British strength point total that wins or loses the game: the British army's
    /// SP (blocks on land and in the British Forces box), ships not counted (assumed: counting
    /// the six 4 SP ships, the army could never fall below 24 while they float).
    /// 13 the British army SP below which the French win: 24, or its share of 24 when the
    /// armies are sized by [`Options::forces`].
    pub fn victory_sp(&self) -> u32 {
        match self.options.forces {
            None => VICTORY_SP,
            Some(f) => ((VICTORY_SP * u32::from(f.british) + 50) / 100).max(1),
        }
    }

    pub fn british_sp(&self) -> u32 {
        self.army_sp(Side::British)
    }

    /// Strength points of a side's army blocks still in the game (ships not counted).
    pub fn army_sp(&self, side: Side) -> u32 {
        self.iter_side(side)
            .filter(|(_, u)| u.kind != Kind::Ship)
            .map(|(_, u)| u.sp as u32)
            .sum()
    }

    /// Strength points of all of a side's blocks still in the game.
    pub fn side_sp(&self, side: Side) -> u32 {
        self.iter_side(side).map(|(_, u)| u.sp as u32).sum()
    }

    pub(crate) fn side_of(&self, u: usize) -> Side {
        self.units[u].side
    }

    pub(crate) fn kind_of(&self, u: usize) -> Kind {
        self.units[u].kind
    }

    /// Recomputes `counts` from the blocks.
    pub(crate) fn recount(&mut self) {
        self.members = [0; TRACKED];
        self.side_mask = [0; 2];
        self.indian_mask = 0;
        for (i, u) in self.units.iter().enumerate() {
            self.side_mask[u.side.seat()] |= 1 << i;
            if u.kind == Kind::Indian {
                self.indian_mask |= 1 << i;
            }
            if (u.loc as usize) < TRACKED {
                self.members[u.loc as usize] |= 1 << i;
            }
        }
    }

    /// Moves a block, keeping the counts and what the enemy has counted of its losses.
    pub(crate) fn set_loc(&mut self, i: usize, to: Loc) {
        self.record_move(i, to);
        let u = &mut self.units[i];
        if (u.loc as usize) < TRACKED {
            self.members[u.loc as usize] &= !(1 << i);
        }
        u.loc = to;
        if (to as usize) < TRACKED {
            self.members[to as usize] |= 1 << i;
        }
    }

    /// 5 the losses a moving block takes with it in the enemy's count: a block face up takes
    /// exactly its own; a hidden one, which the enemy cannot tell from the others there, its
    /// share of the place's count (rounded down; one eliminated takes at least the hit that
    /// ended it, rounded up). Only what the enemy sees goes in: counts, places, faces up.
    fn record_move(&mut self, i: usize, to: Loc) {
        let u = self.units[i];
        let (from, owner) = (u.loc as usize, u.side.seat());
        if u.kind == Kind::Ship || from >= TRACKED {
            return;
        }
        let count = self.loss_seen[owner][from];
        let share = if u.revealed {
            Self::max_sp(i) - u.sp
        } else if count == 0 {
            0
        } else {
            let n = (self.members[from] & self.side_mask[owner])
                .count_ones()
                .max(1) as u8;
            if to == ELIMINATED {
                count.div_ceil(n)
            } else {
                count / n
            }
        };
        self.loss_seen[owner][from] = count.saturating_sub(share);
        if (to as usize) < TRACKED && to != ELIMINATED {
            let c = &mut self.loss_seen[owner][to as usize];
            *c = c.saturating_add(share);
        }
    }

    /// 5 the enemy's count of a side's losses at a place, set from what it sees there now
    /// (the blocks of a battle, face up): the sum of their SP below printed.
    pub(crate) fn count_losses_seen(&mut self, side: Side, loc: Loc) {
        let lost: u32 = self
            .at(side, loc)
            .filter(|(_, u)| u.kind != Kind::Ship)
            .map(|(i, u)| (Self::max_sp(i) - u.sp) as u32)
            .sum();
        self.loss_seen[side.seat()][loc as usize] = lost.min(u8::MAX as u32) as u8;
    }

    /// Whether every block is face up to both sides (14 open play).
    pub fn open(&self) -> bool {
        self.options.open
    }

    pub(crate) fn max_sp(u: usize) -> u8 {
        forces().units[u].max_sp
    }

    /// A side's blocks still in the game, with their index.
    pub(crate) fn iter_side(&self, side: Side) -> impl Iterator<Item = (usize, &Unit)> {
        self.units
            .iter()
            .enumerate()
            .filter(move |(_, u)| u.loc != ELIMINATED && u.side == side)
    }

    /// A side's blocks at a place.
    pub(crate) fn at(&self, side: Side, loc: Loc) -> impl Iterator<Item = (usize, &Unit)> {
        blocks(self.mask(side, loc)).map(move |i| (i, &self.units[i]))
    }

    /// The blocks of a side at a place, one bit per block.
    pub(crate) fn mask(&self, side: Side, loc: Loc) -> u64 {
        if (loc as usize) < TRACKED {
            self.members[loc as usize] & self.side_mask[side.seat()]
        } else {
            0
        }
    }

    /// Whether a side has any block at a place.
    pub(crate) fn occupies(&self, side: Side, loc: Loc) -> bool {
        self.mask(side, loc) != 0
    }

    /// Number of a side's blocks at a place.
    pub(crate) fn count(&self, side: Side, loc: Loc) -> usize {
        self.mask(side, loc).count_ones() as usize
    }

    pub(crate) fn set_step(&mut self, step: Step) {
        self.step = step;
    }

    /// Something hidden or random was resolved: undo may not cross this point.
    pub(crate) fn bump_epoch(&mut self) {
        self.epoch += 1;
    }

    /// 3 the last side to occupy a land location controls it.
    pub(crate) fn update_control(&mut self) {
        for l in 0..LAND as Loc {
            match (
                self.occupies(Side::British, l),
                self.occupies(Side::French, l),
            ) {
                (true, false) => self.control[l as usize] = Side::British,
                (false, true) => self.control[l as usize] = Side::French,
                _ => {}
            }
        }
    }

    /// Takes one SP from a block; 5 a block reduced below 1 SP is eliminated. A weak ship
    /// (8.3.3) is sunk by any hit.
    pub(crate) fn reduce(&mut self, u: usize) {
        let in_battle = self.battle.is_some_and(|b| b.loc == self.units[u].loc);
        let (side, at, kind) = (self.units[u].side, self.units[u].loc, self.units[u].kind);
        if !in_battle && kind != Kind::Ship && (at as usize) < TRACKED {
            // 5 a loss the enemy counts at the place (bombardment, attrition, a retreat over a
            // road limit), though a hidden block's enemy cannot tell which block took it; in
            // the battle the blocks are face up, and the count is set when it ends
            let c = &mut self.loss_seen[side.seat()][at as usize];
            *c = c.saturating_add(1);
        }
        let unit = &mut self.units[u];
        if unit.weak && in_battle {
            unit.sp = 0;
        } else {
            unit.sp = unit.sp.saturating_sub(1);
        }
        if unit.sp == 0 {
            // 5 the enemy learns the type of a block it sees go: one face up in the battle, or
            // a ship; a hidden block lost to bombardment or attrition goes unnamed
            let face_up = unit.revealed || unit.kind == Kind::Ship || self.options.open;
            self.set_loc(u, ELIMINATED);
            self.units[u].revealed = false;
            if face_up {
                self.named_dead |= 1 << u;
            }
            let id = &forces().units[u].id;
            let (side, kind) = (self.side_of(u), self.kind_of(u));
            if face_up {
                self.log
                    .public(|| format!("{} {} eliminated", side.name(), kind.id()));
            } else {
                self.log
                    .public(|| format!("A hidden {} block is eliminated.", side.name()));
            }
            self.log
                .private(side.seat(), || format!("({id}, {}, is gone)", kind.id()));
        }
    }

    /// 8.3.1 whether one more of `side`'s units may use the road from `a` to `b` in this
    /// action (its limit plus any card's bonus); `None` where no road joins them.
    pub(crate) fn road_open(&self, side: Side, a: Loc, b: Loc) -> Option<bool> {
        let (road, kind) = board().road_between(a, b)?;
        Some(self.road_used[road] < kind.limit() + self.effects[side.seat()].road_bonus)
    }

    pub(crate) fn road_index(a: Loc, b: Loc) -> usize {
        board().road_index[a as usize][b as usize] as usize
    }
}

impl Louisbourg {
    /// A position for examples, puzzles and tests: turn `turn`, `active` first in player order
    /// and about to choose its action; every block not listed is out of the game, listed blocks
    /// stand at the given place with the given SP. Errors name the bad block or place.
    pub fn arranged(
        turn: u8,
        active: Side,
        placements: &[(&str, &str, u8)],
    ) -> Result<Louisbourg, String> {
        let mut g = Louisbourg::with_options(&Options::default(), 0)?;
        for u in &mut g.units {
            u.loc = ELIMINATED;
            u.sp = 0;
        }
        g.recount();
        for &(id, at, sp) in placements {
            let i = forces()
                .units
                .iter()
                .position(|d| d.id == id)
                .ok_or_else(|| format!("unknown block '{id}'"))?;
            let loc = crate::board::loc_named(at).ok_or_else(|| format!("unknown place '{at}'"))?;
            if sp == 0 || sp > forces().units[i].max_sp {
                return Err(format!("block '{id}': SP {sp} is out of range"));
            }
            g.units[i].sp = sp;
            g.set_loc(i, loc);
        }
        // what an arranged position shows of losses is known to both sides
        for side in [Side::British, Side::French] {
            for l in 0..PLACES as Loc {
                g.count_losses_seen(side, l);
            }
        }
        g.turn = turn.clamp(1, LAST_TURN);
        g.plan_public = true;
        g.hands = [Vec::new(), Vec::new()];
        g.update_control();
        g.order = [active, active.other()];
        g.begin_action(active);
        Ok(g)
    }

    /// Starts the arranged position's turn from its operational phase (8.1) instead of at the
    /// action, with `first` first in player order: card draws, weather and bombardment follow.
    pub fn from_turn_start(mut self, first: Side) -> Louisbourg {
        self.reset_turn();
        self.order = [first, first.other()];
        self.after_order();
        self
    }

    /// Puts a card (by id) from the deck into a side's hand (for arranged positions).
    pub fn give_card(&mut self, side: Side, id: &str) -> Result<(), String> {
        let deck = crate::cards::deck();
        let pos = self
            .deck
            .iter()
            .position(|&c| deck.card(c).id == id)
            .ok_or_else(|| format!("no card '{id}' left in the deck"))?;
        let c = self.deck.remove(pos);
        self.hands[side.seat()].push(c);
        Ok(())
    }

    /// Puts a card (by id) on top of the deck, to be drawn next (for arranged positions).
    pub fn stack_card(&mut self, id: &str) -> Result<(), String> {
        let deck = crate::cards::deck();
        let pos = self
            .deck
            .iter()
            .position(|&c| deck.card(c).id == id)
            .ok_or_else(|| format!("no card '{id}' left in the deck"))?;
        let c = self.deck.remove(pos);
        self.deck.push(c);
        Ok(())
    }

    /// Sets who controls a land location (for arranged positions).
    pub fn set_control(&mut self, loc: Loc, side: Side) {
        if is_land(loc) {
            self.control[loc as usize] = side;
        }
    }
}

impl Louisbourg {
    /// Like [`Louisbourg::arranged`], but at `active`'s bombardment step (8.2).
    pub fn arranged_bombardment(
        turn: u8,
        active: Side,
        placements: &[(&str, &str, u8)],
    ) -> Result<Louisbourg, String> {
        let mut g = Self::arranged(turn, active, placements)?;
        g.set_step(Step::Bombard(active));
        Ok(g)
    }
}

impl Louisbourg {
    /// Whether the per-place block index agrees with the blocks (each block in exactly one
    /// place): an invariant the property tests check after every action.
    pub fn places_consistent(&self) -> bool {
        let mut again = self.clone();
        again.recount();
        again.members == self.members && again.side_mask == self.side_mask
    }
}
