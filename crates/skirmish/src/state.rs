//! The state of a skirmish: every figure (the truth for all geometry), every unit and
//! battalion with its markers and flags, the deck, whose decision it is, the activation under
//! way, the buildings and works, the dice and the log.

use crate::deck::Deck;
use crate::formation::{self, Formation};
use crate::scenario::{base_of, Area, Scenario, Side, Start};
use crate::troops::{charts, GunKind, Personality, Role, Traits, Troop, Weapon};
use fiw_engine::{Dice, Log, Outcome, RuleError};
use fiw_table::{Barrier, Footprint, Point, Pose, Rect};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Set-up choices: a built-in scenario by name or a scenario file's text; and, for tests and
/// worked examples, a deck in a given order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Options {
    /// The built-in scenario (`relief-column`, `raid`, `siege-sortie`), or the name given to
    /// `text`.
    pub scenario: String,
    /// A scenario file's text, when not a built-in one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The deck's order at every shuffle, top card first (cards 0–51: ♠ 0–12, ♥ 13–25,
    /// ♦ 26–38, ♣ 39–51), for tests; the rest of a shuffle follows in the seeded order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deck: Vec<u8>,
    /// The scenario's named departures from the text to play (`fiw rules skirmish` lists
    /// those each scenario offers and why); none by default.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub switches: Vec<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            scenario: "relief-column".into(),
            text: None,
            deck: Vec::new(),
            switches: Vec::new(),
        }
    }
}

/// Where a figure is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// With its unit (on the table, or still off it waiting to come on).
    Ready,
    /// 10.1 a casualty in the holding area: a rally may bring him back.
    Holding,
    /// Killed, or a casualty who did not come back.
    Lost,
    /// Taken prisoner (12.2, 12.5).
    Captured,
    /// Left the table with his unit (routed, departed).
    Gone,
}

/// One figure.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Figure {
    /// Its unit (index into the units).
    pub unit: u8,
    /// Its role.
    pub role: Role,
    /// Its weapon.
    pub weapon: Weapon,
    /// The side's general (3.3).
    pub general: bool,
    /// 3.3 its personality, once known.
    pub personality: Option<Personality>,
    /// The gun, for a gun.
    pub gun: Option<GunKind>,
    /// Where it stands (a figure still off the table stands beyond its entry edge).
    pub pose: Pose,
    /// Where it is.
    pub status: Status,
    /// 8.2 d a rifle loaded with patched ball.
    pub rifle_loaded: bool,
    /// 8.3 a marksman in a mixed company (the Raid's coureurs des bois, S2): +1 to hit though
    /// his unit has no such trait.
    #[serde(default)]
    pub marksman: bool,
}

/// What a unit has done this turn (2.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Done {
    /// Not yet acted.
    #[default]
    No,
    /// Acted.
    Acted,
    /// Passed: it may still react to a charge (6.2).
    Passed,
    /// Charged before it acted, and reacted: its turn is used (2.1).
    Reacted,
}

/// 3.2 the last action a unit took, which "continue last action" repeats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Last {
    /// Did not move.
    Stand,
    /// Moved, and ended no farther from the nearest known enemy.
    Advance,
    /// Moved, and ended farther from the nearest known enemy (or was made to fall back).
    Retreat,
    /// Charged, and the enemy gave way.
    ChargeWon,
    /// Charged, and did not win.
    ChargeLost,
    /// Rallied.
    Rally,
}

impl Last {
    /// The word in messages.
    pub fn word(self) -> &'static str {
        match self {
            Last::Stand => "stood",
            Last::Advance => "advanced",
            Last::Retreat => "retreated",
            Last::ChargeWon => "charged and won",
            Last::ChargeLost => "charged and lost",
            Last::Rally => "rallied",
        }
    }
}

/// Why a unit has left the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Out {
    /// 12.1 still shattered after its rally: it quit the field.
    Routed,
    /// No figure left with it.
    Destroyed,
    /// 12.2 surrendered.
    Surrendered,
    /// Left the table on purpose (raiders with their loot).
    Departed,
}

/// Scenario 2's burn, loot, leave, for a raiding band.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Raid {
    /// Nothing yet.
    #[default]
    No,
    /// It took building `0` (a building index) or beat its household: it may burn it.
    MayBurn(u8),
    /// It burned a cabin: its next activation is spent looting.
    Looting,
    /// Looted: it makes for its own edge.
    Leaving,
}

/// One unit: a company, band, troop, gun section, household or wagon.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    /// Its side.
    pub side: Side,
    /// Its type.
    pub troop: Troop,
    /// Its traits.
    pub traits: Traits,
    /// 7.8 field craft.
    pub fieldcraft: u8,
    /// Its figures, by index.
    pub figures: Vec<u16>,
    /// Its formation.
    pub formation: Formation,
    /// A formed unit's anchor: a line's front middle, a column's head, a gun's centre; for
    /// other formations the way the unit faces (its place is where its figures are).
    pub anchor: Pose,
    /// A column's path behind its head.
    pub trail: Vec<Point>,
    /// Its battalion.
    pub battalion: Option<u8>,
    /// 12.1 its strength: every figure it started with but women.
    pub strength: u8,
    /// 2.1 what it did this turn.
    pub done: Done,
    /// 6.2 charged this turn.
    pub charged: bool,
    /// 3.2 its last action.
    pub last: Last,
    /// 11.3 it fought a melee and must rally before it may shoot, reserve fire or react.
    pub needs_rally: bool,
    /// 11.3 rallies owed for turns of pursuit.
    pub rally_debt: u8,
    /// 8.2 c the smoke cloud: no fire until it rallies.
    pub smoke: bool,
    /// 8.3 it has fired in this game (the first volley's +1 is gone).
    pub fired_game: bool,
    /// 8.2 c it has fired since it last rallied (no volley-and-move until it rallies).
    pub fired_since_rally: bool,
    /// 8.5 cavalry fire used since the last rally (a standing volley 2, half fire 1 each).
    pub cavalry_fire: u8,
    /// 8.5 cavalry that fired this turn lose their charge bonus.
    pub fired_turn: u32,
    /// 10.6 a casualty marker.
    pub marker: bool,
    /// 12.1 shattered.
    pub shattered: bool,
    /// Gone from the game, and why.
    pub out: Option<Out>,
    /// Not called up by the set-up roll: never in the game.
    pub absent: bool,
    /// 5.7 turned about: a whole turn to face the enemy again.
    pub faced_about: bool,
    /// 6.3 fire reserved this turn: `Some(true)` after moving up to half a move.
    pub reserved: Option<bool>,
    /// 7.7 hidden from the enemy.
    pub hidden: bool,
    /// How often it has moved while hidden (public: a move is seen to happen, not where).
    pub hidden_moves: u8,
    /// Scenario 2: alerted, so it may leave its area or come on.
    pub alerted: bool,
    /// 9.5 fire arrows ready.
    pub arrows: bool,
    /// Scenario 2: burn, loot, leave.
    pub raid: Raid,
    /// 5.6 limbered.
    pub limbered: bool,
    /// 9.1 the turn it last fired (a gun short of crew fires only every other turn).
    pub gun_fired_turn: u32,
    /// 10.5 the turn a draught animal was hit.
    pub horse_down_turn: u32,
    /// 10.5 the gun is destroyed (or spiked).
    pub gun_lost: bool,
    /// 12.2 the turn a surrender was last called on it.
    pub called_turn: u32,
    /// 12.2 prisoners it holds.
    pub prisoners: u16,
    /// 12.2 of them, Indians (militia slaughter these).
    pub indian_prisoners: u16,
    /// 12.2 prisoners taken since its last control check: its next check decides their fate.
    #[serde(default)]
    pub fresh_prisoners: bool,
    /// 11.3 casualties since a charge it took part in was declared this turn.
    pub melee_losses: u16,
    /// 11.3 in a charge this turn (counting `melee_losses`).
    pub in_charge: bool,
    /// 13.1 working this turn at site `0` (disturbed unless still set at the turn's end).
    pub working: Option<u8>,
    /// 12.2 surrounded when last judged.
    pub surrounded: bool,
    /// 4.1 a messenger's place: the unit he was detached from and the one he carries word
    /// to (`None` while the place is empty: a side has one such place for each unit that may
    /// send one, at the end of the units).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub messenger: Option<Messenger>,
    /// 12.1 its limber has left the table with its civilian drivers: it can no longer limber.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub limber_gone: bool,
    /// 5.3, 9.1 the gun its men help to move or serve this turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub helps: Option<crate::horses::Help>,
}

/// 4.1 a messenger: a single figure detached from his unit to carry word to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Messenger {
    /// The unit he was detached from (and may be sent from again once he is gone).
    pub parent: u8,
    /// The unit he carries word to, once sent.
    pub to: Option<u8>,
    /// 1.2 the place is a leader's riding alone to join unit `to` (a general, hero or
    /// colonel), not a messenger's: he joins it when he reaches it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub leader: bool,
}

impl Unit {
    /// Unit of `side` as it comes into the game: nothing done, fired, lost or marked yet, in
    /// play, seen and alerted. Every unit, the scenario's and the empty places of figures on
    /// their own, is made by it, so that a field the state gains is given its start once.
    pub(crate) fn fresh(
        side: Side,
        troop: Troop,
        traits: Traits,
        fieldcraft: u8,
        figures: Vec<u16>,
        formation: Formation,
        anchor: Pose,
    ) -> Unit {
        Unit {
            side,
            troop,
            traits,
            fieldcraft,
            figures,
            formation,
            anchor,
            trail: Vec::new(),
            battalion: None,
            strength: 0,
            done: Done::No,
            charged: false,
            last: Last::Advance,
            needs_rally: false,
            rally_debt: 0,
            smoke: false,
            fired_game: false,
            fired_since_rally: false,
            cavalry_fire: 0,
            fired_turn: 0,
            marker: false,
            shattered: false,
            out: None,
            absent: false,
            faced_about: false,
            reserved: None,
            hidden: false,
            hidden_moves: 0,
            alerted: true,
            arrows: false,
            raid: Raid::No,
            limbered: false,
            gun_fired_turn: 0,
            horse_down_turn: 0,
            gun_lost: false,
            called_turn: 0,
            prisoners: 0,
            indian_prisoners: 0,
            fresh_prisoners: false,
            melee_losses: 0,
            in_charge: false,
            working: None,
            surrounded: false,
            messenger: None,
            limber_gone: false,
            helps: None,
        }
    }

    /// Still in the game.
    pub fn in_play(&self) -> bool {
        self.out.is_none()
    }
}

/// A battalion (or squadron, battery): companies that act as one when formed with their
/// colonel (2.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Battalion {
    /// Its side.
    pub side: Side,
    /// Its companies.
    pub companies: Vec<u8>,
    /// Its colonel (or major), while he commands.
    pub colonel: Option<u16>,
    /// 10.7 the turn its colonel fell (the senior company commander takes over a turn later).
    pub colonel_down: Option<u32>,
}

/// Who an activation moves: a company, or a battalion acting whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Actor {
    /// A unit, by index.
    Unit(u8),
    /// A battalion, by index.
    Battalion(u8),
}

/// 3.2 what a control check allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Control {
    /// 3–4 with an officer: as the player wishes.
    Free,
    /// 5–6 (or 3–4 without an officer): continue the last action.
    Continue(Last),
    /// 1–2: no advance; the unit may fall back.
    NoAdvance,
}

impl Control {
    /// In words.
    pub fn word(self) -> String {
        match self {
            Control::Free => "act as the player wishes".into(),
            Control::Continue(l) => format!("continue its last action (it {})", l.word()),
            Control::NoAdvance => "not advance (it may fall back)".into(),
        }
    }
}

/// What the unit does after its control check, once chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Intent {
    /// Moves (5).
    Move,
    /// Fired, and moves half (8.2 b, c).
    FireMove,
    /// Charges (6).
    Charge,
    /// Rallies, falling back half a move (12.4).
    RallyBack,
}

/// Where an activation is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// Before anything: spot, call a surrender, pass, shoot standing, test, work…
    Begin,
    /// 3.3 a bold leader's sign is chosen.
    Sign,
    /// After the control check: what the result allows.
    Tested,
    /// Moving: steps, then `done`.
    Moving,
}

/// An activation under way.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Activation {
    /// Its side.
    pub side: Side,
    /// Who acts.
    pub actor: Actor,
    /// The units acting (a battalion's companies).
    pub units: Vec<u8>,
    /// Where it is.
    pub stage: Stage,
    /// 7.7 it has spotted (once, before anything else).
    pub spotted: bool,
    /// 12.2 it has called a surrender.
    pub called: bool,
    /// 3.2 the die rolled.
    pub roll: u8,
    /// 3.3 the leaders' modifier so far.
    pub modifier: i8,
    /// 3.3 bold leaders still to choose their sign: (figure, how much).
    pub bold: Vec<(u16, i8)>,
    /// 3.2 the result, once known.
    pub control: Option<Control>,
    /// What the unit is doing after its check.
    pub intent: Option<Intent>,
    /// 5.1 the move rolled (halved when it fired first), inches.
    pub allowance: f64,
    /// The figures moving, and what each has spent of the allowance.
    pub figs: Vec<u16>,
    /// Inches spent by each of `figs`.
    pub spent: Vec<f64>,
    /// Whether it has made any move (a step) this activation.
    pub moved: bool,
    /// 7.4 a formed unit has paid for crossing an obstacle.
    pub crossed: bool,
    /// 5.8 it changed formation this activation.
    pub formed: bool,
    /// 3.2 its distance to the nearest known enemy when the activation began.
    pub start_distance: f64,
    /// The rally is compulsory (after a melee, shattered).
    pub must_rally: bool,
    /// 5.6 the gun has limbered or unlimbered this activation.
    pub limbered_now: bool,
    /// 4.1 it has sent a messenger this activation.
    #[serde(default)]
    pub sent: bool,
    /// 5.8 the inches of its move spent changing formation (no advance, 3.2).
    #[serde(default)]
    pub form_spent: f64,
}

/// A charge under way (6.1): between the declaration and the contacts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChargeState {
    /// The charging units.
    pub units: Vec<u8>,
    /// The target.
    pub target: u8,
    /// Whether the charger fired first.
    pub fired: bool,
    /// 6.2 the target's reaction, once chosen.
    pub reaction: Option<Reaction>,
}

/// 6.2 the reactions to a charge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reaction {
    /// Stand, firing if able.
    Stand,
    /// Stand without firing.
    Hold,
    /// Skirmishers: fire (half), then fall back half a move.
    FireRetreat,
    /// Skirmishers: fall back a full move.
    Retreat,
    /// Cavalry: counter-charge.
    Counter,
}

impl Reaction {
    /// The word typed.
    pub fn word(self) -> &'static str {
        match self {
            Reaction::Stand => "stand",
            Reaction::Hold => "hold",
            Reaction::FireRetreat => "fire-retreat",
            Reaction::Retreat => "retreat",
            Reaction::Counter => "counter",
        }
    }
}

/// A contact made by a charge this turn, fought at the turn's end (11).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Melee {
    /// The units that charged (or counter-charged).
    pub chargers: Vec<u8>,
    /// The units charged.
    pub defenders: Vec<u8>,
    /// Whether the chargers are cavalry that kept their charge bonus (11.2 ×2, 11.3).
    pub shock: bool,
    /// Whether the defenders are cavalry that counter-charged with their bonus (11.2 ×2).
    pub counter: bool,
}

/// A building as it stands (7.5, 9.4, 9.5).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BuildingState {
    /// The feature it is.
    pub feature: u16,
    /// Its walls, with their doors, windows and breaches.
    pub walls: Barrier,
    /// What each gap of `walls` is.
    pub apertures: Vec<crate::scenario::Aperture>,
    /// 9.4 the defence left of each inch of wall.
    pub defence: Vec<u8>,
    /// 9.5 smoke puffs.
    pub puffs: u8,
    /// 9.5 burned (4 puffs): nobody may be in it.
    pub burned: bool,
}

/// An obstacle as it stands: gaps made in it (7.4 guns through a fence, 13.2 a cut road).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ObstacleState {
    /// The feature it is.
    pub feature: u16,
    /// Its line, with the gaps made.
    pub line: Barrier,
}

/// An engineering site as it stands (13).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SiteState {
    /// Periods of work done (or, for a demolition, charges laid).
    pub done: u32,
    /// Finished: the redoubt stands, the road is cut.
    pub finished: bool,
    /// For a bridge: damage points inflicted.
    pub damage: u32,
    /// For a bridge: destroyed.
    pub destroyed: bool,
    /// 7.7 the periods (or charges) of `done` that hidden units did, by unit: the other side
    /// has not seen them until the unit is revealed.
    #[serde(default)]
    pub unseen: Vec<(u8, u32)>,
}

impl SiteState {
    /// The work done here as `side` knows it: all but what hidden enemy units did unseen.
    pub(crate) fn done_as_seen(&self, side: Side, units: &[Unit]) -> u32 {
        self.done_seen(|s| s == side, units)
    }

    /// The work done here as known to whoever sees the hidden units of the sides `sees`
    /// names (a side its own; a spectator none; the reveal both).
    pub(crate) fn done_seen(&self, sees: impl Fn(Side) -> bool, units: &[Unit]) -> u32 {
        let unseen: u32 = self
            .unseen
            .iter()
            .filter(|(u, _)| units.get(*u as usize).is_some_and(|x| !sees(x.side)))
            .map(|(_, n)| n)
            .sum();
        self.done.saturating_sub(unseen)
    }
}

/// What a side has lost and done, for victory and for `fiw sim`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Tallies {
    /// Buildings burned.
    pub burned: u32,
    /// Charges declared, fallen short, won, per side.
    pub charges: [u32; 2],
    /// Charges that fell short.
    pub short: [u32; 2],
    /// Melees won.
    pub won: [u32; 2],
    /// Casualties recovered by rallies, per side.
    pub recovered: [u32; 2],
    /// Casualties lost for good, per side.
    pub lost: [u32; 2],
}

/// A game of the skirmish rules.
#[derive(Clone, Debug, Serialize)]
pub struct Skirmish {
    pub(crate) options: Options,
    #[serde(skip)]
    pub(crate) scenario: Arc<Scenario>,
    #[serde(skip)]
    pub(crate) ids: Arc<Vec<String>>,
    #[serde(skip)]
    pub(crate) names: Arc<Vec<String>>,
    pub(crate) figures: Vec<Figure>,
    pub(crate) units: Vec<Unit>,
    pub(crate) battalions: Vec<Battalion>,
    pub(crate) buildings: Vec<BuildingState>,
    pub(crate) obstacles: Vec<ObstacleState>,
    pub(crate) sites: Vec<SiteState>,
    /// 13.2, 7.4 the works begun at places the players named, and what they made.
    pub(crate) works: crate::works::Works,
    /// 3.3 each side's general, while he commands, and the turn he fell.
    pub(crate) generals: [Option<u16>; 2],
    pub(crate) general_down: [Option<u32>; 2],
    pub(crate) deck: Deck,
    pub(crate) turn: u32,
    pub(crate) phase: Phase,
    pub(crate) act: Option<Activation>,
    pub(crate) charge: Option<ChargeState>,
    pub(crate) melees: Vec<Melee>,
    /// 7.7 the hidden units deployed so far.
    pub(crate) deployed: Vec<u8>,
    /// S1 the units set up by order so far (the rest stand where the scenario put them).
    pub(crate) set_units: Vec<u8>,
    pub(crate) tallies: Tallies,
    /// How many units have been revealed: with the rolls, what undo may not go back past.
    pub(crate) reveals: u64,
    /// (what the state's digest records of the dice: how many were rolled and the people's
    /// answers used, not dice typed for an order not yet carried out)
    #[serde(serialize_with = "dice_as_recorded")]
    pub(crate) dice: Dice,
    #[serde(skip)]
    pub(crate) log: Log,
    pub(crate) outcome: Option<Outcome>,
    /// The scenario's victory condition that ended the game (its index), `None` for the last
    /// turn's verdict or a game still going: for `fiw sim`'s count of each condition.
    #[serde(skip)]
    pub(crate) ended_by: Option<usize>,
    /// Every figure's base as it stands (kept with the poses).
    #[serde(skip)]
    pub(crate) bases: Vec<Rect>,
    /// Whether each figure's whole base is on the table, kept with the bases (asked of every
    /// figure by nearly every rule).
    #[serde(skip)]
    pub(crate) within: Vec<bool>,
    /// Answers worked out once a decision (emptied by every order).
    #[serde(skip)]
    pub(crate) cache: Cache,
    /// 6.1 while a charged unit fires at its chargers at the contact: that unit (the
    /// chargers' casualties come from their rear ranks first). `None` at every decision.
    #[serde(skip)]
    pub(crate) contact_fire: Option<u8>,
    /// 2.1 the scenario option two-commanders: the units the side of the card drawn may
    /// still act with on it after the one acting now.
    #[serde(skip_serializing_if = "crate::horses::is_zero")]
    pub(crate) commands_left: u8,
}

/// The dice as a state's digest records them: the rolls made and the answers of manual dice
/// used. A game of people's dice stopped while one order's dice are half typed holds those
/// typed results queued, unused: the state is still the one before the order, and its save
/// (the answers used) must replay to the same digest.
fn dice_as_recorded<S: serde::Serializer>(dice: &Dice, s: S) -> Result<S::Ok, S::Error> {
    (dice.rolls(), dice.answers()).serialize(s)
}

/// Answers a decision asks many times over (the menu checks each of its orders, and the
/// computer general asks about the orders it likes best; every order asks where each unit
/// stands): worked out once in a state, and forgotten whenever the state changes. While an
/// order is carried out the cache is off (the state changes under it). A copy of the state
/// starts with an empty cache (a determinized twin moves hidden units).
#[derive(Debug)]
pub(crate) struct Cache {
    /// Whether answers are kept (off while the state changes).
    pub on: bool,
    /// 8.1 the nearest targets of the units acting, as those units.
    pub targets: std::sync::OnceLock<(Vec<u8>, Vec<usize>)>,
    /// The orders checked in this state, and the rules' answer to each.
    pub checks: std::sync::Mutex<Vec<(crate::actions::Action, Result<(), RuleError>)>>,
    /// The box round each unit's figures on the table (14.1 culls by unit).
    pub boxes: std::sync::OnceLock<Vec<Option<crate::sight::Bbox>>>,
    /// 14.2 the distances between units asked so far: from, to and the distance.
    pub distances: std::sync::Mutex<Vec<(u8, u8, f64)>>,
}

impl Default for Cache {
    fn default() -> Self {
        Cache {
            on: true,
            targets: Default::default(),
            checks: Default::default(),
            boxes: Default::default(),
            distances: Default::default(),
        }
    }
}

impl Cache {
    /// A cache that keeps nothing, for while the state changes.
    pub(crate) fn off() -> Self {
        Cache {
            on: false,
            ..Cache::default()
        }
    }

    /// Everything kept forgotten, the cache left on or off.
    pub(crate) fn forget(&mut self) {
        *self = Cache {
            on: self.on,
            ..Cache::default()
        };
    }
}

impl Clone for Cache {
    fn clone(&self) -> Self {
        Cache {
            on: self.on,
            ..Cache::default()
        }
    }
}

/// Whose decision it is, and of what kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// S1 a side sets up its units and abatis before play.
    SetUp(Side),
    /// 7.7 a side deploys its hidden units, one at a time.
    Deploy(Side),
    /// 2.1 a card of this side's colour came up (or the other side has nothing left to do):
    /// it picks one of its units.
    Choose(Side),
    /// The activation under way.
    Act,
    /// 6.2 the charge's target chooses its reaction.
    Reaction,
    /// 6.1 the defender chooses whether to step up to contact.
    CloseUp,
    /// The game is over.
    Over,
}

/// The most figures a game may have (orders number them in two bytes, and every figure is
/// measured against the others).
pub const MAX_FIGURES: usize = 2_000;

impl Skirmish {
    /// A game of a checked scenario rolling `dice`: the sides' set-up rolls are made, the
    /// hidden units wait for their sides to deploy them, and the first card is drawn.
    ///
    /// # Errors
    /// A scenario too big to play.
    pub fn from_shared_with_dice(
        options: Options,
        scenario: Arc<Scenario>,
        dice: Dice,
    ) -> Result<Skirmish, RuleError> {
        let mut g = Skirmish {
            options,
            scenario: scenario.clone(),
            ids: Arc::new(Vec::new()),
            names: Arc::new(Vec::new()),
            figures: Vec::new(),
            units: Vec::new(),
            battalions: Vec::new(),
            buildings: Vec::new(),
            obstacles: Vec::new(),
            sites: Vec::new(),
            works: crate::works::Works::default(),
            generals: [None, None],
            general_down: [None, None],
            deck: Deck::new(),
            turn: 1,
            phase: Phase::Over,
            act: None,
            charge: None,
            melees: Vec::new(),
            deployed: Vec::new(),
            set_units: Vec::new(),
            tallies: Tallies::default(),
            reveals: 0,
            dice,
            log: Log::new(true),
            outcome: None,
            ended_by: None,
            bases: Vec::new(),
            within: Vec::new(),
            cache: Cache::off(),
            contact_fire: None,
            commands_left: 0,
        };
        let mut ids = Vec::new();
        let mut names = Vec::new();
        let mut battalion_ids = Vec::new();
        for side in Side::BOTH {
            let setup = &scenario.sides[side.index()];
            let first = g.units.len();
            for u in &setup.units {
                let index = g.units.len() as u8;
                let mut figs = Vec::new();
                for f in &u.figures {
                    figs.push(g.figures.len() as u16);
                    g.figures.push(Figure {
                        unit: index,
                        role: f.role,
                        weapon: f.weapon,
                        general: f.general,
                        personality: f.personality,
                        gun: f.gun,
                        pose: f.pose,
                        status: Status::Ready,
                        rifle_loaded: f.weapon == Weapon::Rifle,
                        marksman: f.marksman,
                    });
                }
                ids.push(u.id.clone());
                names.push(u.name.clone());
                g.units.push(Unit {
                    // 12.1 the men it started with (a household's women stay in their
                    // cabin: they never fight, and do not count)
                    strength: u.figures.iter().filter(|f| f.role != Role::Woman).count() as u8,
                    trail: u.trail.clone(),
                    last: match u.start {
                        Start::Stand => Last::Stand,
                        Start::Advance => Last::Advance,
                    },
                    hidden: !u.hiding.is_empty(),
                    alerted: u.alert.is_none(),
                    limbered: u.limbered,
                    ..Unit::fresh(
                        side,
                        u.troop,
                        u.traits,
                        u.fieldcraft,
                        figs,
                        u.formation,
                        u.anchor,
                    )
                });
            }
            for b in &setup.battalions {
                let companies: Vec<u8> = b.companies.iter().map(|&k| (first + k) as u8).collect();
                let index = g.battalions.len() as u8;
                for &c in &companies {
                    g.units[c as usize].battalion = Some(index);
                }
                let colonel = companies.iter().find_map(|&c| {
                    g.units[c as usize].figures.iter().copied().find(|&f| {
                        matches!(g.figures[f as usize].role, Role::Colonel | Role::Major)
                    })
                });
                battalion_ids.push(b.id.clone());
                g.battalions.push(Battalion {
                    side,
                    companies,
                    colonel,
                    colonel_down: None,
                });
            }
            g.generals[side.index()] = g
                .figures
                .iter()
                .position(|f| f.general && g.units[f.unit as usize].side == side)
                .map(|i| i as u16);
        }
        g.add_messenger_places(&mut ids, &mut names);
        g.add_rider_places(&mut ids, &mut names);
        if g.figures.len() > MAX_FIGURES {
            return Err(RuleError::new(
                "scenario",
                format!(
                    "{} figures on the table; fiw plays at most {MAX_FIGURES}",
                    g.figures.len()
                ),
            ));
        }
        if g.units.len() + g.battalions.len() > 250 {
            return Err(RuleError::new(
                "scenario",
                "more than 250 units and battalions: orders number them in a byte",
            ));
        }
        names.extend(battalion_ids.iter().cloned());
        ids.extend(battalion_ids);
        g.ids = Arc::new(ids);
        g.names = Arc::new(names);
        for &b in &scenario.buildings() {
            let f = &scenario.features[b];
            let walls = f.line.clone().unwrap_or_else(|| {
                Barrier::open(vec![Point::new(0.0, 0.0), Point::new(1.0, 0.0)]).expect("two points")
            });
            let inches = walls.length().ceil().max(1.0) as usize;
            let defence = f.material.map_or(4, |m| m.defence());
            g.buildings.push(BuildingState {
                feature: b as u16,
                walls,
                apertures: f.apertures.clone(),
                defence: vec![defence; inches],
                puffs: 0,
                burned: false,
            });
        }
        let unbuilt: Vec<usize> = scenario
            .sites
            .iter()
            .filter_map(|s| match s.task {
                crate::scenario::Task::Redoubt { feature } => Some(feature),
                _ => None,
            })
            .collect();
        for (i, f) in scenario.features.iter().enumerate() {
            // a redoubt stands only once it is built (13.2)
            if f.kind.is_obstacle() && !unbuilt.contains(&i) {
                if let Some(line) = &f.line {
                    g.obstacles.push(ObstacleState {
                        feature: i as u16,
                        line: line.clone(),
                    });
                }
            }
        }
        g.sites = scenario
            .sites
            .iter()
            .map(|s| SiteState {
                done: s.done,
                finished: false,
                damage: 0,
                destroyed: false,
                unseen: Vec::new(),
            })
            .collect();
        g.refresh_bases();
        let name = g.scenario.name.clone();
        g.log.public(|| format!("{name}: turn 1"));
        g.set_up_rolls();
        g.relayout_all();
        g.begin_set_up();
        g.cache = Cache::default();
        Ok(g)
    }

    /// The set-up rolls of the scenario (1D6 Indian bands): the units not called up leave the
    /// game before it starts. Public: both sides see the roll.
    fn set_up_rolls(&mut self) {
        for side in Side::BOTH {
            let Some(roll) = self.scenario.sides[side.index()].roll.clone() else {
                continue;
            };
            let first = self.first_unit(side);
            let label = roll.label.clone();
            self.dice.ask(1, roll.sides, || {
                format!("{label}: roll one die of {} (set-up)", roll.sides)
            });
            let n = usize::from(self.dice.roll(roll.sides).clamp(1, roll.sides) + roll.add);
            for (k, &u) in roll.units.iter().enumerate() {
                if k >= n {
                    let u = first + u;
                    self.units[u].out = Some(Out::Departed);
                    self.units[u].absent = true;
                    for f in self.units[u].figures.clone() {
                        self.figures[f as usize].status = Status::Gone;
                    }
                }
            }
            let (side_name, label) = (side.name(), roll.label.clone());
            self.log
                .public(|| format!("{side_name}: {label}: {n} take part"));
        }
        // figures by a roll (a household's women and men): public, as the text's set-up is
        for side in Side::BOTH {
            let first = self.first_unit(side);
            for k in 0..self.scenario.sides[side.index()].units.len() {
                let u = first + k;
                if self.units[u].absent {
                    continue;
                }
                for extra in self.scenario.sides[side.index()].units[k].extras.clone() {
                    let sides = extra.table.len() as u8;
                    let label = extra.label.clone();
                    self.dice.ask(1, sides, || {
                        format!("{label}: roll one die of {sides} (set-up)")
                    });
                    let r = self.dice.roll(sides).clamp(1, sides);
                    let n = usize::from(extra.table[usize::from(r - 1)]);
                    let mut gone = 0u8;
                    for &i in &extra.figures[n.min(extra.figures.len())..] {
                        let f = self.units[u].figures[i] as usize;
                        self.figures[f].status = Status::Gone;
                        // 12.1 women are no part of a household's fighting strength
                        gone += u8::from(self.figures[f].role != Role::Woman);
                    }
                    self.units[u].strength -= gone;
                    self.log.public(|| format!("{label}: rolls {r}: {n} more"));
                }
                // removed after every roll of the unit: the rolls' figure indices stand
                let figures = &self.figures;
                self.units[u]
                    .figures
                    .retain(|&f| figures[f as usize].status != Status::Gone);
            }
        }
    }

    /// The index of the first unit of `side`.
    pub(crate) fn first_unit(&self, side: Side) -> usize {
        match side {
            Side::British => 0,
            Side::French => self.scenario.sides[0].units.len(),
        }
    }

    /// The same game with `n` of unit `id`'s figures (the last of its formation, leaders
    /// last) sent to the holding area: a position part-way through a game, for worked examples
    /// and tests.
    ///
    /// # Errors
    /// No unit of that name.
    pub fn with_casualties(mut self, id: &str, n: usize) -> Result<Skirmish, RuleError> {
        let u = self
            .unit_named(id)
            .ok_or_else(|| RuleError::input(format!("no unit is called '{id}'")))?;
        self.cache = Cache::off();
        for _ in 0..n {
            if let Some(f) = self.casualty_figure(u, None) {
                self.figures[f].status = Status::Holding;
            }
        }
        self.relayout(u);
        self.cache = Cache::default();
        Ok(self)
    }

    /// The same game with unit `id`'s last action set (3.2): a position part-way through a
    /// game, for worked examples and tests.
    ///
    /// # Errors
    /// No unit of that name.
    pub fn with_last(mut self, id: &str, last: Last) -> Result<Skirmish, RuleError> {
        let u = self
            .unit_named(id)
            .ok_or_else(|| RuleError::input(format!("no unit is called '{id}'")))?;
        self.units[u].last = last;
        self.cache.forget();
        Ok(self)
    }

    /// The scenario being played.
    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// Every figure.
    pub fn figures(&self) -> &[Figure] {
        &self.figures
    }

    /// Every unit, British first, in the order of the scenario file.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// Every battalion.
    pub fn battalions(&self) -> &[Battalion] {
        &self.battalions
    }

    /// The buildings as they stand.
    pub fn buildings(&self) -> &[BuildingState] {
        &self.buildings
    }

    /// The engineering sites as they stand.
    pub fn sites(&self) -> &[SiteState] {
        &self.sites
    }

    /// The name of unit (or battalion) `i`, as typed.
    pub fn id(&self, i: usize) -> &str {
        self.ids.get(i).map_or("?", String::as_str)
    }

    /// The full name of unit `i`.
    pub fn name(&self, i: usize) -> &str {
        self.names.get(i).map_or("?", String::as_str)
    }

    /// The unit or battalion named `id` (battalions after the units).
    pub fn named(&self, id: &str) -> Option<usize> {
        self.ids.iter().position(|u| u == id)
    }

    /// The unit named `id`.
    pub fn unit_named(&self, id: &str) -> Option<usize> {
        self.named(id).filter(|&i| i < self.units.len())
    }

    /// Whose decision it is, and of what kind.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The activation under way.
    pub fn activation(&self) -> Option<&Activation> {
        self.act.as_ref()
    }

    /// The charge under way.
    pub fn charge(&self) -> Option<&ChargeState> {
        self.charge.as_ref()
    }

    /// The contacts waiting for the turn's end.
    pub fn melees(&self) -> &[Melee] {
        &self.melees
    }

    /// The turn.
    pub fn turn_number(&self) -> u32 {
        self.turn
    }

    /// The deck.
    pub fn deck(&self) -> &Deck {
        &self.deck
    }

    /// What the sides have lost and done.
    pub fn tallies(&self) -> &Tallies {
        &self.tallies
    }

    /// The dice, for tests that force results.
    pub fn dice_mut(&mut self) -> &mut Dice {
        &mut self.dice
    }

    /// The base a figure stands on.
    pub fn footprint(&self, f: usize) -> Footprint {
        let fig = &self.figures[f];
        charts().footprint(base_of(fig.role, self.units[fig.unit as usize].troop))
    }

    /// Figure `f`'s base as it stands.
    pub fn base(&self, f: usize) -> Rect {
        self.bases[f]
    }

    /// Works every base out again from the poses.
    pub(crate) fn refresh_bases(&mut self) {
        self.bases = (0..self.figures.len())
            .map(|f| self.footprint(f).place(self.figures[f].pose))
            .collect();
        let bounds = *self.scenario.layout.bounds();
        self.within = self.bases.iter().map(|b| bounds.holds(b)).collect();
    }

    /// Puts figure `f` at `pose`, its base with it.
    pub(crate) fn set_pose(&mut self, f: usize, pose: Pose) {
        self.figures[f].pose = pose;
        self.bases[f] = self.footprint(f).place(pose);
        self.within[f] = self.scenario.layout.bounds().holds(&self.bases[f]);
    }

    /// Whether figure `f` is with its unit (not a casualty, not gone).
    pub fn present(&self, f: usize) -> bool {
        self.figures[f].status == Status::Ready
    }

    /// Whether figure `f` stands on the table (with its unit, its whole base on the table).
    pub fn on_table(&self, f: usize) -> bool {
        self.present(f) && self.within[f]
    }

    /// The figures of unit `u` with it (on the table or waiting to come on).
    pub fn present_figures(&self, u: usize) -> impl Iterator<Item = usize> + '_ {
        self.units[u]
            .figures
            .iter()
            .map(|&f| f as usize)
            .filter(move |&f| self.present(f))
    }

    /// The figures of unit `u` on the table.
    pub fn table_figures(&self, u: usize) -> impl Iterator<Item = usize> + '_ {
        self.units[u]
            .figures
            .iter()
            .map(|&f| f as usize)
            .filter(move |&f| self.on_table(f))
    }

    /// How many figures are with unit `u`.
    pub fn present_count(&self, u: usize) -> usize {
        self.present_figures(u).count()
    }

    /// Whether unit `u` has any figure on the table.
    pub fn on_the_table(&self, u: usize) -> bool {
        self.table_figures(u).next().is_some()
    }

    /// The figures of unit `u` that stand in its formation (women stay in their building and
    /// are not laid out with the men, S2).
    pub(crate) fn formation_figures(&self, u: usize) -> Vec<usize> {
        let mut figs: Vec<usize> = self
            .present_figures(u)
            .filter(|&f| self.figures[f].role != Role::Woman)
            .collect();
        // pieces first (a battery's gun), then officers, then the rest, each in file order
        figs.sort_by_key(|&f| {
            (
                !self.figures[f].role.is_piece(),
                !self.figures[f].role.is_officer(),
                f,
            )
        });
        figs
    }

    /// Lays a formed unit's figures out again in its formation's slots (after a move, a loss,
    /// a recovery): the front is refilled from the rear.
    pub(crate) fn relayout(&mut self, u: usize) {
        // 4.3 a line thinned below 3 files brings its rear ranks up (fewer ranks) while it can
        if let Formation::Line { ranks } = self.units[u].formation {
            let n = self.formation_figures(u).len();
            if ranks > 1 && formation::files(n, ranks) < 3 {
                let fewer = (1..ranks)
                    .rev()
                    .find(|&r| formation::files(n, r) >= 3)
                    .unwrap_or(1);
                self.units[u].formation = Formation::Line { ranks: fewer };
            }
        }
        let unit = &self.units[u];
        let Some(slots) = self.slots_for(u, unit.formation, unit.anchor, &unit.trail) else {
            return;
        };
        // 5.5 a unit one of whose places would be on another unit's figure (a front refilled
        // against the enemy in contact) keeps its figures where they stand
        let bounds = *self.scenario.layout.bounds();
        let r = |x: &Rect| x.footprint().frontage().hypot(x.footprint().depth()) / 2.0;
        // (its own figures outside the formation, a household's women in their cabin, are in
        // the way like anyone's)
        let laid: Vec<usize> = slots.iter().map(|&(f, _)| f).collect();
        let blocked = slots.iter().any(|&(f, p)| {
            let rect = self.footprint(f).place(p);
            bounds.holds(&rect)
                && (0..self.figures.len()).any(|g| {
                    !laid.contains(&g)
                        && self.on_table(g)
                        && self.bases[g].centre().dist(p.at) < r(&self.bases[g]) + r(&rect)
                        && self.bases[g].overlaps(&rect)
                })
        });
        // nor one whose places would stand on each other (a column's ranks round a sharp turn
        // of its trail)
        let rects: Vec<Rect> = slots
            .iter()
            .map(|&(f, p)| self.footprint(f).place(p))
            .collect();
        let crowded = rects.iter().enumerate().any(|(i, a)| {
            rects[i + 1..]
                .iter()
                .any(|b| a.centre().dist(b.centre()) < r(a) + r(b) && a.overlaps(b))
        });
        if blocked || crowded {
            return;
        }
        for (f, p) in slots {
            self.set_pose(f, p);
        }
    }

    /// Where [`Skirmish::relayout`] would put unit `u`'s figures in `formation` with its
    /// anchor at `anchor` (a column along `trail`): each figure and its place, or `None` for a
    /// formation that keeps its figures where they stand (skirmish order, a building).
    pub(crate) fn slots_for(
        &self,
        u: usize,
        formation: Formation,
        anchor: Pose,
        trail: &[Point],
    ) -> Option<Vec<(usize, Pose)>> {
        let figs = self.formation_figures(u);
        let &first = figs.first()?;
        let slots = match formation {
            Formation::Line { ranks } => {
                formation::line_slots(figs.len(), ranks, anchor, self.footprint(first))
            }
            Formation::Column { width } => {
                formation::column_slots(figs.len(), width, anchor, trail, self.footprint(first))
            }
            Formation::Battery => {
                let piece = figs
                    .iter()
                    .copied()
                    .find(|&f| self.figures[f].role.is_piece());
                let crew = figs
                    .iter()
                    .copied()
                    .find(|&f| !self.figures[f].role.is_piece());
                match (piece, crew) {
                    (Some(p), Some(c)) => formation::battery_slots(
                        figs.len() - 1,
                        anchor,
                        self.footprint(p),
                        self.footprint(c),
                    ),
                    _ => vec![anchor; figs.len()],
                }
            }
            _ => return None,
        };
        Some(figs.into_iter().zip(slots).collect())
    }

    /// [`Skirmish::relayout`] for every formed unit.
    pub(crate) fn relayout_all(&mut self) {
        for u in 0..self.units.len() {
            if self.units[u].in_play() {
                self.relayout(u);
            }
        }
    }

    /// The middle of unit `u`'s figures on the table (or with it, if none is on the table).
    pub fn centre(&self, u: usize) -> Point {
        let mut figs: Vec<usize> = self.table_figures(u).collect();
        if figs.is_empty() {
            figs = self.present_figures(u).collect();
        }
        if figs.is_empty() {
            return self.units[u].anchor.at;
        }
        let n = figs.len() as f64;
        let (x, y) = figs.iter().fold((0.0, 0.0), |(x, y), &f| {
            (x + self.figures[f].pose.at.x, y + self.figures[f].pose.at.y)
        });
        Point::new(x / n, y / n)
    }

    /// The log.
    pub fn log_entries(&self) -> &[fiw_engine::Entry] {
        self.log.entries()
    }

    /// The general's figure on `side`, while he commands.
    pub fn general(&self, side: Side) -> Option<usize> {
        self.generals[side.index()].map(usize::from)
    }

    /// The battalion's colonel, while he commands and is with it.
    pub fn colonel(&self, b: usize) -> Option<usize> {
        self.battalions[b]
            .colonel
            .map(usize::from)
            .filter(|&f| self.present(f))
    }

    /// Area `a`'s polygon contains `p`.
    pub(crate) fn in_area(&self, a: Area, p: Point) -> bool {
        self.scenario
            .area_polygon(a)
            .is_some_and(|poly| poly.locate(p) != fiw_table::Location::Outside)
    }
}
