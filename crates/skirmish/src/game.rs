//! The skirmish rules behind the kernel's [`Game`]: whose decision it is, the view each side
//! is shown (hidden units left out, 14.7), the board as text, the odds beside the menu, and
//! what a side may believe of what it cannot see (`determinize`).

use crate::actions::Action;
use crate::deck::card_name;
use crate::scenario::{Scenario, Side};
use crate::state::{Done, Last, Options, Phase, Skirmish, Stage, Status};
use crate::troops::{Personality, Role, Troop};
use fiw_engine::{Dice, Game, Log, Outcome, RuleError, Seat};
use fiw_table::Pose;
use serde::Serialize;
use std::sync::Arc;

/// What a side sees (the log apart: [`Game::log`]).
#[derive(Clone, Debug, Serialize)]
pub struct View {
    /// The scenario's name.
    pub scenario: String,
    /// The side it is seen from (a spectator's and the reveal's: the British).
    pub seat: Side,
    /// `seat`, `public` (a spectator's: no side's hidden units) or `whole` (everything, at the
    /// end).
    pub sight: &'static str,
    /// The turn, and the last.
    pub turn: u32,
    /// The last turn.
    pub turns: u32,
    /// Whose decision it is, in words.
    pub phase: String,
    /// The side deciding.
    pub deciding: Option<Side>,
    /// The cards drawn this turn.
    pub cards: Vec<String>,
    /// Red and black cards still to come this turn.
    pub cards_left: [usize; 2],
    /// The unit acting, as the seat knows it ("a hidden unit" when it is hidden from it).
    pub acting: Option<String>,
    /// Where its activation is.
    pub stage: Option<String>,
    /// The units acting (when the seat may know them).
    pub acting_units: Vec<usize>,
    /// Its control check so far: the die and the leaders' modifier, and the bold leaders'
    /// reach still to choose (when the seat may know them).
    pub test: Option<(u8, i8, Vec<i8>)>,
    /// What its control check allowed.
    pub control: Option<String>,
    /// The same, as the rules hold it.
    #[serde(skip)]
    pub control_class: Option<crate::state::Control>,
    /// Its move: the allowance and the most any figure has spent (when the seat may know).
    pub moving: Option<(f64, f64)>,
    /// Each moving figure's inches left of the rolled move, as (figure, inches), for a page's
    /// tape measure (when the seat may know, as `moving`).
    pub figures_left: Vec<(usize, f64)>,
    /// The charge under way.
    pub charge: Option<String>,
    /// Every unit the seat knows of.
    pub units: Vec<UnitView>,
    /// How many enemy units are hidden from the seat.
    pub hidden_enemies: usize,
    /// How many of the chair's own units are hidden (a spectator's view only: 7.7, both sides
    /// know how many the other has hidden, never where).
    #[serde(skip_serializing_if = "is_zero")]
    pub hidden_own: usize,
    /// The battalions, by the numbers `activate` gives them, with their companies.
    pub battalions: Vec<(usize, Vec<usize>)>,
    /// The buildings: name, smoke puffs, burned.
    pub buildings: Vec<(String, u8, bool)>,
    /// The engineering sites: name, work done, finished or destroyed.
    pub sites: Vec<(String, u32, bool)>,
    /// 13.2 each site's damage points from charges fired (the firing is public), for computer
    /// players.
    #[serde(skip)]
    pub site_damage: Vec<u32>,
    /// Companies lost and in the game, British then French.
    pub lost: [(usize, usize); 2],
    /// Buildings burned.
    pub burned: u32,
    /// S1 the pieces of abatis the set-ups laid, `[x, y, x2, y2]` in inches, numbered from 1
    /// as `lift abatis N` names them (on the table: both sides see them).
    pub abatis: Vec<[f64; 4]>,
    /// The table, for computer players; not written out.
    #[serde(skip)]
    pub table: Arc<Scenario>,
}

/// One unit as seen.
#[derive(Clone, Debug, Serialize)]
pub struct UnitView {
    /// Its name.
    pub id: String,
    /// Its index (what orders carry).
    pub index: usize,
    /// Its side.
    pub side: Side,
    /// Its type.
    pub troop: Troop,
    /// Its formation, in words.
    pub formation: String,
    /// The way it faces.
    pub facing: f64,
    /// Where its formation stands (a line's front middle, a column's head, skirmishers'
    /// middle), as `set` places it (S1).
    pub anchor: [f64; 2],
    /// Its figures with it (on the table or coming on).
    pub figures: Vec<FigureView>,
    /// Casualties in its holding area.
    pub holding: usize,
    /// Figures lost for good, taken, gone.
    pub lost: usize,
    /// Its strength at the start.
    pub strength: u8,
    /// Its men with it (on the table or coming on): not women, guns or wagons.
    pub men: usize,
    /// Its men at the start.
    pub men_at_start: usize,
    /// A household's women with it (in their cabin).
    pub women: usize,
    /// What it has done this turn.
    pub done: Done,
    /// Its last action (3.2).
    pub last: Last,
    /// Its markers and states.
    pub marks: Vec<&'static str>,
    /// Scenario 2's burn, loot, leave (public: the log tells it), for computer players.
    #[serde(skip)]
    pub raid: crate::state::Raid,
    /// 4.1 a messenger of the seat's side: the unit he carries word to (his side's to know).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub messenger_to: Option<usize>,
}

/// One figure as seen. Written out short, as `[index, role, x, y, facing]` with `"off"` after
/// them for a figure still off the table and its personality once rolled: a view holds every
/// figure on the table, and the server writes a view for each seat at every step.
#[derive(Clone, Debug)]
pub struct FigureView {
    /// Its number (what `place` orders carry).
    pub index: usize,
    /// Its role.
    pub role: Role,
    /// Where it stands.
    pub pose: Pose,
    /// On the table (or waiting beyond an edge).
    pub on_table: bool,
    /// Its personality, once rolled (3.3).
    pub personality: Option<Personality>,
    /// The side's general (public: his ±2 is seen in every test he modifies; not written
    /// out, for computer players).
    pub general: bool,
}

impl Serialize for FigureView {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let extra = usize::from(!self.on_table) + usize::from(self.personality.is_some());
        let mut seq = s.serialize_seq(Some(5 + extra))?;
        seq.serialize_element(&self.index)?;
        seq.serialize_element(&self.role)?;
        seq.serialize_element(&self.pose.at.x)?;
        seq.serialize_element(&self.pose.at.y)?;
        seq.serialize_element(&self.pose.facing)?;
        if !self.on_table {
            seq.serialize_element("off")?;
        }
        if let Some(p) = self.personality {
            seq.serialize_element(&p)?;
        }
        seq.end()
    }
}

/// Who a view is for: the side whose chair it is drawn from, and whose hidden units it shows
/// (by side: British, French).
#[derive(Clone, Copy, Debug)]
struct Onlooker {
    chair: Side,
    sees: [bool; 2],
    sight: &'static str,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl Game for Skirmish {
    type Action = Action;
    type Options = Options;
    type View = View;

    const NAME: &'static str = "skirmish";
    const SEATS: &'static [&'static str] = &["british", "french"];
    const RULES_VERSION: u32 = crate::rules_version::RULES_VERSION;
    const RULES_CHANGES: &'static [fiw_engine::RulesChange] = crate::rules_version::RULES_CHANGES;

    fn with_dice(options: &Options, dice: Dice) -> Result<Self, RuleError> {
        let scenario = match &options.text {
            Some(text) => Scenario::parse(text, &options.scenario).map(Arc::new),
            None => Scenario::shared(&options.scenario),
        }
        .map_err(|e| RuleError::new("scenario", e.to_string()))?;
        let scenario = if options.switches.is_empty() {
            scenario
        } else {
            Arc::new(
                scenario
                    .with_options(&options.switches)
                    .map_err(|e| RuleError::new("scenario", e))?,
            )
        };
        if options.deck.iter().any(|c| *c >= 52) {
            return Err(RuleError::new("deck", "cards are numbered 0 to 51"));
        }
        Skirmish::from_shared_with_dice(options.clone(), scenario, dice)
    }

    fn dice_mut(&mut self) -> Option<&mut Dice> {
        Some(&mut self.dice)
    }

    fn dice(&self) -> Option<&Dice> {
        Some(&self.dice)
    }

    fn to_move(&self) -> Option<Seat> {
        if self.outcome.is_some() {
            return None;
        }
        self.deciding().map(Side::seat)
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.list(out);
    }

    fn check(&self, action: &Action) -> Result<(), RuleError> {
        self.check_action(action)
    }

    /// The orders the menu tries for the activation under way (part 0; there is one acting
    /// unit or battalion at a time), unchecked: what the computer general weighs before
    /// asking the rules about the best of them. They are the acting side's own orders, drawn
    /// from what it knows.
    fn candidates(&self, part: usize, out: &mut Vec<Action>) {
        out.clear();
        if part == 0 {
            self.act_tries(out);
        }
    }

    fn apply_unchecked(&mut self, action: Action) {
        // nothing is kept while the order changes the state
        self.cache = crate::state::Cache::off();
        self.apply_action(action);
        self.reveal_the_close();
        self.cache = crate::state::Cache::default();
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    /// The table as `seat` knows it. The log is not in it: it is the kernel's
    /// ([`Game::log`], each line to whom it may be shown), and a front end sends the lines
    /// since the last it sent, not the whole history with every view.
    fn view(&self, seat: Seat) -> View {
        self.view_of(Side::of_seat(seat))
    }

    /// The step of play, with the section that governs it.
    fn prompt(&self, _seat: Option<Seat>) -> Option<String> {
        Some(match self.phase {
            Phase::Over => "The game is over".to_string(),
            Phase::SetUp(s) => format!(
                "The {} set up their units and up to {}\" of abatis before play ({})",
                s.name(),
                self.set_up_of(s).map_or(0.0, |x| x.abatis),
                self.scenario.rule
            ),
            Phase::Deploy(s) => format!("The {} deploy their hidden units (7.7)", s.name()),
            Phase::Choose(s) => format!(
                "A card of the {} came up: they choose a unit to act (2.1)",
                s.name()
            ),
            Phase::Act => "A unit acts: it moves, fires, charges or works (2.1)".to_string(),
            Phase::Reaction => "The unit charged chooses its reaction (6.2)".to_string(),
            Phase::CloseUp => "The defenders may step up to contact (6.1)".to_string(),
        })
    }

    /// 7.7 a spectator sees no side's hidden units.
    fn public_view(&self) -> View {
        self.view_as(Onlooker {
            chair: Side::British,
            sees: [false, false],
            sight: "public",
        })
    }

    fn whole_view(&self) -> View {
        self.view_as(Onlooker {
            chair: Side::British,
            sees: [true, true],
            sight: "whole",
        })
    }

    fn render(&self, seat: Seat) -> String {
        crate::render::render(&self.view(seat), self)
    }

    fn action_text(&self, action: &Action) -> String {
        self.text_of(action)
    }

    fn action_note(&self, action: &Action) -> Option<String> {
        let act = self.act.as_ref()?;
        let units = &act.units;
        match *action {
            Action::Test => Some(self.test_note(units)),
            Action::Spot { .. } => Some(self.spot_note(units)),
            Action::Shoot { target } => Some(self.fire_note(
                units,
                target as usize,
                crate::fire::FireMode::All,
                !act.moved,
            )),
            Action::FireMove { volley, target } => Some(self.fire_note(
                units,
                target as usize,
                if volley {
                    crate::fire::FireMode::Volley
                } else {
                    crate::fire::FireMode::Half
                },
                false,
            )),
            Action::Charge { target, fire } => Some(self.charge_note(units, target as usize, fire)),
            Action::Sign { plus } => self.sign_note(plus),
            _ => None,
        }
    }

    fn parse_action(&self, text: &str) -> Result<Action, RuleError> {
        self.parse(text)
    }

    fn log(&self) -> &Log {
        &self.log
    }

    fn set_logging(&mut self, on: bool) {
        self.log.set_on(on);
    }

    fn chance_epoch(&self) -> u64 {
        self.dice.rolls() + self.reveals
    }

    fn turn(&self) -> u32 {
        self.turn
    }

    fn metrics(&self) -> Vec<(&'static str, f64)> {
        vec![
            ("british_lost", self.companies_lost(Side::British) as f64),
            ("french_lost", self.companies_lost(Side::French) as f64),
            ("burned", f64::from(self.tallies.burned)),
            (
                "charges",
                f64::from(self.tallies.charges[0] + self.tallies.charges[1]),
            ),
            (
                "charges_short",
                f64::from(self.tallies.short[0] + self.tallies.short[1]),
            ),
            (
                "recovered",
                f64::from(self.tallies.recovered[0] + self.tallies.recovered[1]),
            ),
            (
                "lost_for_good",
                f64::from(self.tallies.lost[0] + self.tallies.lost[1]),
            ),
        ]
        .into_iter()
        .chain(self.ending_metrics())
        .collect()
    }

    fn reseed(&mut self, seed: u64) {
        self.dice.reseed(seed);
    }

    fn clear_log(&mut self) {
        self.log = Log::new(false);
    }

    fn rulebook() -> fiw_engine::RuleBook {
        crate::rulebook::rulebook()
    }

    fn heuristic_policy(seed: u64) -> Option<Box<dyn fiw_engine::Policy<Self>>> {
        Some(Box::new(crate::general::General::new(seed)))
    }

    fn search_ai(config: fiw_engine::SearchConfig) -> Box<dyn fiw_engine::Advisor<Self>> {
        crate::ai::search_ai(config)
    }

    fn default_ai_limits() -> fiw_engine::SearchLimits {
        crate::ai::default_limits()
    }

    /// 14.7 the undrawn cards reshuffled, every enemy unit hidden from the seat placed where
    /// it could be, the dice reseeded; personalities not yet rolled stay unrolled.
    fn determinize(&self, seat: Seat, dice: &mut Dice) -> Self {
        let mut copy = self.clone();
        copy.cache = crate::state::Cache::off();
        copy.reseed(dice.next_seed());
        copy.deck.reshuffle_undrawn(dice);
        copy.imagine_hidden(Side::of_seat(seat), dice);
        // 7.7 work hidden enemies did unseen is work the seat cannot know of
        let side = Side::of_seat(seat);
        for k in 0..copy.sites.len() {
            let seen = copy.sites[k].done_as_seen(side, &copy.units);
            copy.sites[k].done = seen;
            let units = copy.units.clone();
            copy.sites[k]
                .unseen
                .retain(|(w, _)| units.get(*w as usize).is_some_and(|x| x.side == side));
        }
        copy.cache = crate::state::Cache::default();
        copy
    }
}

impl Skirmish {
    /// The side deciding now.
    pub fn deciding(&self) -> Option<Side> {
        match self.phase {
            Phase::Over => None,
            Phase::SetUp(s) | Phase::Deploy(s) | Phase::Choose(s) => Some(s),
            Phase::Act => self.act.as_ref().map(|a| a.side),
            Phase::Reaction | Phase::CloseUp => self
                .charge
                .as_ref()
                .map(|c| self.units[c.target as usize].side),
        }
    }

    /// What `seat` sees.
    fn view_of(&self, seat: Side) -> View {
        self.view_as(Onlooker {
            chair: seat,
            sees: [seat == Side::British, seat == Side::French],
            sight: "seat",
        })
    }

    /// What `who` sees: a side its own hidden units only (7.7).
    fn view_as(&self, who: Onlooker) -> View {
        let seat = who.chair;
        let sees = |side: Side| who.sees[side.seat()];
        let visible = |u: usize| {
            let unit = &self.units[u];
            unit.in_play() && (sees(unit.side) || !unit.hidden) && !unit.absent
        };
        let hidden_actor = self
            .act
            .as_ref()
            .is_some_and(|a| a.units.iter().any(|&u| !visible(u as usize)));
        let phase = match self.phase {
            Phase::Over => "the game is over".to_string(),
            Phase::SetUp(s) => format!("the {} set up", s.name()),
            Phase::Deploy(s) => format!("the {} deploy their hidden units", s.name()),
            Phase::Choose(s) => format!("the {} choose a unit to act", s.name()),
            Phase::Act => "a unit acts".to_string(),
            Phase::Reaction => "the unit charged reacts".to_string(),
            Phase::CloseUp => "the defenders may close up".to_string(),
        };
        let units = (0..self.units.len())
            .filter(|&u| visible(u))
            .map(|u| self.unit_view(u, sees(self.units[u].side)))
            .collect();
        let hidden_of = |side: Side| {
            (0..self.units.len())
                .filter(|&u| {
                    let unit = &self.units[u];
                    unit.side == side && unit.in_play() && unit.hidden && !sees(side)
                })
                .count()
        };
        View {
            scenario: self.scenario.name.clone(),
            seat,
            sight: who.sight,
            turn: self.turn,
            turns: self.scenario.turns,
            phase,
            deciding: self.deciding(),
            cards: self.deck.drawn().iter().map(|c| card_name(*c)).collect(),
            cards_left: self.deck.left_by_colour(),
            acting: self.act.as_ref().map(|a| {
                if hidden_actor {
                    format!("a hidden {} unit", a.side.name())
                } else {
                    self.actor_id(a.actor)
                }
            }),
            // a hidden unit's stage would tell the other side that a bold leader is near it
            // (a personality its side alone knows, 7.7)
            stage: self.act.as_ref().map(|a| {
                match a.stage {
                    _ if hidden_actor => "acts",
                    Stage::Begin => "begins",
                    Stage::Sign => "a bold leader chooses",
                    Stage::Tested => "has tested",
                    Stage::Moving => "moves",
                }
                .to_string()
            }),
            acting_units: self
                .act
                .as_ref()
                .filter(|_| !hidden_actor)
                .map_or(Vec::new(), |a| {
                    a.units.iter().map(|&u| u as usize).collect()
                }),
            test: self
                .act
                .as_ref()
                .filter(|a| !hidden_actor && a.roll > 0)
                .map(|a| (a.roll, a.modifier, a.bold.iter().map(|b| b.1).collect())),
            control: self
                .act
                .as_ref()
                .filter(|_| !hidden_actor)
                .and_then(|a| a.control.map(|c| c.word())),
            control_class: self
                .act
                .as_ref()
                .filter(|_| !hidden_actor)
                .and_then(|a| a.control),
            moving: self
                .act
                .as_ref()
                .filter(|a| !hidden_actor && a.stage == Stage::Moving)
                .map(|a| (a.allowance, a.spent.iter().copied().fold(0.0, f64::max))),
            figures_left: self
                .act
                .as_ref()
                .filter(|a| !hidden_actor && a.stage == Stage::Moving)
                .map_or(Vec::new(), |a| {
                    a.figs
                        .iter()
                        .zip(&a.spent)
                        .map(|(&f, s)| (f as usize, (a.allowance - s).max(0.0)))
                        .collect()
                }),
            charge: self.charge.as_ref().map(|c| {
                format!(
                    "{} charge {}",
                    c.units
                        .iter()
                        .map(|&u| self.id(u as usize).to_string())
                        .collect::<Vec<_>>()
                        .join(", "),
                    self.id(c.target as usize)
                )
            }),
            units,
            hidden_enemies: hidden_of(seat.other()),
            hidden_own: hidden_of(seat),
            battalions: (0..self.battalions.len())
                .map(|b| {
                    (
                        self.units.len() + b,
                        self.battalions[b]
                            .companies
                            .iter()
                            .map(|&c| c as usize)
                            .collect(),
                    )
                })
                .collect(),
            buildings: (0..self.buildings.len())
                .map(|b| {
                    (
                        self.building_name(b),
                        self.buildings[b].puffs,
                        self.buildings[b].burned,
                    )
                })
                .collect(),
            sites: (0..self.sites.len())
                .map(|k| {
                    (
                        self.site(k).map(|s| s.name.clone()).unwrap_or_default(),
                        self.sites[k].done_seen(sees, &self.units),
                        self.sites[k].finished || self.sites[k].destroyed,
                    )
                })
                .collect(),
            site_damage: self.sites.iter().map(|s| s.damage).collect(),
            // the companies the victory counts (all, or with the option those in the field)
            lost: [Side::British, Side::French].map(|s| {
                let (n, lost) = self.counted_companies(s);
                (lost, n)
            }),
            burned: self.tallies.burned,
            abatis: self
                .set_up_abatis()
                .iter()
                .map(|[a, b]| [a.x, a.y, b.x, b.y])
                .collect(),
            table: self.scenario.clone(),
        }
    }

    /// Unit `u` as shown to someone who sees its side's secrets (`own`: where its messenger
    /// goes) or not.
    fn unit_view(&self, u: usize, own: bool) -> UnitView {
        let unit = &self.units[u];
        let mut marks = Vec::new();
        if unit.hidden {
            marks.push("hidden");
        }
        if unit.shattered {
            marks.push("shattered");
        }
        if unit.needs_rally {
            marks.push("must rally");
        }
        if unit.smoke {
            marks.push("smoke");
        }
        if unit.marker {
            marks.push("casualty marker");
        }
        if unit.reserved.is_some() {
            marks.push("fire reserved");
        }
        if unit.faced_about {
            marks.push("faced about");
        }
        if unit.limbered {
            marks.push("limbered");
        }
        if unit.gun_lost {
            marks.push("gun lost");
        }
        // 5.8, 12.1, 5.3 horses and limbers
        if unit.traits.horses.is_some() && !self.mounted(u) {
            marks.push("dismounted");
        }
        if unit.limber_gone {
            marks.push("limber gone");
        }
        if unit.troop == crate::troops::Troop::Artillery && self.helpers(u) > 0 {
            marks.push("infantry helping");
        }
        if unit.arrows {
            marks.push("fire arrows ready");
        }
        if !unit.alerted {
            marks.push("not alerted");
        }
        if unit.surrounded {
            marks.push("surrounded");
        }
        match unit.messenger {
            Some(m) if m.leader => marks.push("leader riding alone"),
            Some(_) => marks.push("messenger"),
            None => {}
        }
        if let Some(out) = unit.out {
            marks.push(match out {
                crate::state::Out::Routed => "routed",
                crate::state::Out::Destroyed => "destroyed",
                crate::state::Out::Surrendered => "surrendered",
                crate::state::Out::Departed => "departed",
            });
        }
        let messenger_to = unit.messenger.filter(|_| own).and(self.messenger_goal(u));
        UnitView {
            id: self.id(u).to_string(),
            index: u,
            side: unit.side,
            troop: unit.troop,
            formation: unit.formation.word(),
            facing: unit.anchor.facing,
            anchor: [unit.anchor.at.x, unit.anchor.at.y],
            figures: unit
                .figures
                .iter()
                .map(|&f| f as usize)
                .filter(|&f| self.present(f))
                .map(|f| FigureView {
                    index: f,
                    role: self.figures[f].role,
                    pose: self.figures[f].pose,
                    on_table: self.on_table(f),
                    personality: self.figures[f].personality,
                    general: self.general(unit.side) == Some(f),
                })
                .collect(),
            holding: unit
                .figures
                .iter()
                .filter(|&&f| self.figures[f as usize].status == Status::Holding)
                .count(),
            lost: unit
                .figures
                .iter()
                .filter(|&&f| {
                    matches!(
                        self.figures[f as usize].status,
                        Status::Lost | Status::Captured | Status::Gone
                    )
                })
                .count(),
            strength: unit.strength,
            men: unit
                .figures
                .iter()
                .map(|&f| f as usize)
                .filter(|&f| {
                    self.present(f)
                        && self.figures[f].role != Role::Woman
                        && !self.figures[f].role.is_piece()
                })
                .count(),
            men_at_start: usize::from(unit.strength).saturating_sub(
                unit.figures
                    .iter()
                    .filter(|&&f| self.figures[f as usize].role.is_piece())
                    .count(),
            ),
            women: unit
                .figures
                .iter()
                .filter(|&&f| {
                    self.present(f as usize) && self.figures[f as usize].role == Role::Woman
                })
                .count(),
            done: unit.done,
            last: unit.last,
            marks,
            raid: unit.raid,
            messenger_to,
        }
    }
}
