//! The campaign behind the engine's `Game` trait: the Solitaire map, settling its attacks
//! outside, with each attack the player may roll for (the text's rule), fight (commanding their
//! side of the battle, the computer the other) or let the generals fight. Seats are Solitaire's,
//! `player` and `bot`: the BOT's map actions are its chart's, and its side of a battle is played
//! inside `apply` by the battle game's computer general, as the chart is played inside
//! Solitaire. Battles: the D3 battle for a fort, the skirmish for an open town and the
//! Louisbourg game for the British siege of Louisbourg (docs/campaign.md).

use crate::battle::{Battle, TableView};
use crate::battles::Battles;
use crate::fight::Fought;
use crate::fort::Generated;
use crate::kind::BattleKind;
use crate::rules::rules;
use crate::situation::Situation;
use fiw_engine::{Dice, Game, Holds, Log, Outcome, RuleError, Seat, Side, Visibility};
use fiw_solitaire::{Solitaire, Step, BOT, PLAYER};
use serde::{Deserialize, Serialize};

/// Set-up choices.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// The side the player takes on the map and in every battle; the BOT takes the other.
    pub side: Side,
    /// The two-player campaign (C11): a second player takes the other side, on the map by the
    /// player's procedure and in every battle fought, in place of the BOT and the computer's
    /// general. Written only when set.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub two_players: bool,
}

/// One step of the campaign.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// An action on the map (Solitaire's; `roll` settles a waiting attack by the chart).
    Map(fiw_solitaire::Action),
    /// Fight the waiting attack as a battle, commanding your side.
    Fight,
    /// Let the computer generals fight the waiting attack out.
    Generals,
    /// An order in the D3 battle for a fort under way.
    Fort(fiw_d3::Action),
    /// An order in the skirmish battle for an open town under way.
    Town(fiw_skirmish::Action),
    /// An order in the siege of Louisbourg under way.
    Siege(fiw_louisbourg::Action),
}

/// How an attack was settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum How {
    /// Fought by the player against the computer, or by the two players.
    Fought,
    /// Fought by the generals.
    Generals,
}

/// A battle fought, for the campaign's record and log.
#[derive(Clone, Debug, Serialize)]
pub struct Record {
    /// The map's turn it was fought on.
    pub turn: u32,
    /// The attack as the map gave it: both sides' markers and the chart's odds.
    pub situation: Situation,
    pub kind: BattleKind,
    pub town: String,
    pub region: String,
    pub attacker: Side,
    pub how: How,
    pub winner: Option<Side>,
    pub lost: [f64; 2],
    pub rounds: u32,
}

/// A campaign.
#[derive(Clone, Serialize)]
pub struct Campaign {
    map: Solitaire,
    battle: Option<Box<Battle>>,
    battles: Vec<Record>,
    /// Grows with each battle's chance events, on top of the map's.
    battle_epochs: u64,
    #[serde(skip)]
    log: Log,
    /// The map's log entries copied into the campaign's so far.
    #[serde(skip)]
    copied: usize,
}

/// What the player sees.
#[derive(Serialize)]
pub struct View {
    pub map: fiw_solitaire::view::View,
    /// The attack waiting to be settled, with the odds of each way to settle it.
    pub waiting: Option<Waiting>,
    pub battle: Option<BattleView>,
    pub battles: Vec<Record>,
}

/// An attack waiting to be settled, as the player weighs it.
#[derive(Clone, Debug, Serialize)]
pub struct Waiting {
    pub town: String,
    pub region: String,
    /// The region's id in the map file (`ohio`), as the map's actions name it.
    pub region_id: String,
    pub attacker: Side,
    /// 8 the chart's chance to advance, in sixths.
    pub chart_sixths: u8,
    /// The battle it would be.
    pub battle: BattleKind,
    /// The attackers' chance (percent) to carry the battle between the generals, from the
    /// table measured ahead of time for its kind and the chart's band (`fiw rules campaign`).
    pub battle_odds: f64,
}

impl Waiting {
    /// The choice in a player's words: what each way gives the attackers.
    pub fn words(&self) -> String {
        let chart = format!(
            "An attack of the {} on {} ({}) waits: roll for it (8: advances on {} in 6, {:.0} %)",
            self.attacker.name(),
            self.town,
            self.region,
            self.chart_sixths,
            100.0 * f64::from(self.chart_sixths) / 6.0
        );
        format!(
            "{chart}, fight it or let the generals fight it (a {} battle: the attackers carry {:.0} % between the generals)",
            self.battle.game(),
            self.battle_odds
        )
    }
}

/// A battle under way as the player sees it.
#[derive(Serialize)]
pub struct BattleView {
    pub kind: BattleKind,
    pub town: String,
    /// The side the seat shown commands (the player's to anyone who holds no seat).
    pub side: Side,
    pub view: TableView,
    /// The generated table as a page draws it ([`Battle::table_data`]).
    pub table: Option<serde_json::Value>,
}

impl Campaign {
    /// The map.
    pub fn map(&self) -> &Solitaire {
        &self.map
    }

    /// The battle under way, if any.
    pub fn battle(&self) -> Option<&Battle> {
        self.battle.as_deref()
    }

    /// The battles fought so far.
    pub fn battles(&self) -> &[Record] {
        &self.battles
    }

    /// The battles fought so far in a player's words, one a line (`battles` at the prompt).
    pub fn battles_words(&self) -> String {
        if self.battles.is_empty() {
            return "No battle has been fought yet.".into();
        }
        let mut s = String::new();
        for (k, r) in self.battles.iter().enumerate() {
            s += &format!(
                "{}. turn {}: {} at {} ({}), the {} attacking, {}: {}; losses {:.0} % british, {:.0} % french\n",
                k + 1,
                r.turn,
                r.kind.game(),
                r.town,
                r.region,
                r.attacker.name(),
                match (r.how, self.map.board().two_players) {
                    (How::Fought, false) => "fought by you",
                    (How::Fought, true) => "fought by the players",
                    (How::Generals, _) => "by the generals",
                },
                match r.winner {
                    Some(w) if w == r.attacker => format!("the {} carried it", w.name()),
                    Some(w) => format!("the {} held", w.name()),
                    None => "drawn".into(),
                },
                100.0 * r.lost[0],
                100.0 * r.lost[1],
            );
        }
        s
    }

    /// The waiting attack read from the board, and the battle fiw makes of it.
    fn waiting(&self) -> Option<(Situation, Battles)> {
        let s = Situation::of(self.map.board(), self.map.pending()?);
        let battles = Battles::of(&s);
        Some((s, battles))
    }

    /// The waiting attack as the player weighs it.
    pub fn waiting_attack(&self) -> Option<Waiting> {
        let (s, battles) = self.waiting()?;
        Some(Waiting {
            town: s.town_name().to_string(),
            region: s.region_name().to_string(),
            region_id: fiw_solitaire::map::REGION_IDS[s.region as usize].to_string(),
            attacker: s.attacker.side,
            chart_sixths: s.sixths,
            battle: battles.kind(),
            battle_odds: battles.odds(s.sixths),
        })
    }

    fn copy_map_log(&mut self) {
        let entries = self.map.log().entries();
        for e in &entries[self.copied.min(entries.len())..] {
            let text = e.text.clone();
            self.log.public(|| text);
        }
        self.copied = entries.len();
    }

    /// The battle's new log lines into the campaign's, each to the seat that plays the side
    /// it was written for (a skirmish's hidden units are told to their own side only).
    fn copy_battle_log(&mut self) {
        let Some(b) = self.battle.as_deref_mut() else {
            return;
        };
        let entries = b.log().entries();
        for e in &entries[b.copied.min(entries.len())..] {
            let text = e.text.clone();
            match e.to {
                Visibility::Public => self.log.public(|| text),
                Visibility::Only(seat) => {
                    let to = if Side::of_seat(seat) == b.player {
                        PLAYER
                    } else {
                        BOT
                    };
                    self.log.private(to, || text);
                }
            }
        }
        b.copied = entries.len();
    }

    /// The scenario of `battles` for the attack `s`, and the seed it was made from (drawn
    /// from the map's dice; a battle the player fights is played with it).
    fn scenario_for(
        &mut self,
        s: &Situation,
        battles: Battles,
    ) -> Result<(Generated, u64), RuleError> {
        let seed = self.map.dice_mut().map_or(0, fiw_engine::Dice::next_seed);
        let mut sizing = Dice::new(fiw_engine::game_seed(seed, 0x5ca1e));
        let scenario = battles
            .make(s, battles.ratio(s.sixths), &mut sizing)
            .map_err(|e| RuleError::new("campaign", e))?;
        Ok((scenario, seed))
    }

    /// Makes the battle for the waiting attack, its seed from the map's dice.
    fn open_battle(&mut self, s: Situation, battles: Battles) -> Result<Battle, RuleError> {
        let (scenario, seed) = self.scenario_for(&s, battles)?;
        let (player, two) = (self.map.board().player, self.map.board().two_players);
        Battle::open(
            battles.kind(),
            s,
            scenario,
            seed,
            player,
            two,
            self.log.is_on(),
        )
    }

    /// A battle over: its result to the map, its record to the campaign.
    fn close_battle(&mut self, kind: BattleKind, s: &Situation, fought: Fought, how: How) {
        let attacker = s.attacker.side;
        let words = format!(
            "{} at {} ({}), {}: {}",
            match how {
                How::Fought => "Fought as a battle",
                How::Generals => "Fought out by the generals",
            },
            s.town_name(),
            s.region_name(),
            kind.game(),
            match fought.winner {
                Some(w) if w == attacker => format!("the {} carry it", attacker.name()),
                Some(w) => format!("the {} hold", w.name()),
                None => "drawn".to_string(),
            }
        );
        let settlement = fought.settlement(attacker, rules());
        // the attack is waiting (the battle was made of it), so this cannot fail
        let _ = self.map.settle(settlement, &words);
        self.battles.push(Record {
            turn: self.map.turn(),
            situation: s.clone(),
            kind,
            town: s.town_name().to_string(),
            region: s.region_name().to_string(),
            attacker,
            how,
            winner: fought.winner,
            lost: fought.lost,
            rounds: fought.rounds,
        });
        self.copy_map_log();
    }
}

impl Game for Campaign {
    type Action = Action;
    type Options = Options;
    type View = View;

    const NAME: &'static str = "campaign";
    const SEATS: &'static [&'static str] = &["player", "bot"];
    const RULES_VERSION: u32 = 5;
    const RULES_CHANGES: &'static [fiw_engine::RulesChange] = &[
        fiw_engine::RulesChange {
            version: 2,
            changes: &[
                "C5: the attackers of a fort are sized against the defenders on the table, a ratio for each band of the chart's odds calibrated on the attacks campaigns make, no longer by a scale of their own markers",
                "C5: the attackers' allied Indians come as they are, never scaled",
                "C2: the odds shown before an attack are measured again for the new sizing",
            ],
        },
        fiw_engine::RulesChange {
            version: 3,
            changes: &[
                "C5: a fort its militia holds alone has its own ratios (militia_ratio): sized as the forts armies hold, its attackers carried 0 to 21 % where the chart gives 17 to 67 %",
                "C5: the ratios where an army holds the fort found again on 400 attacks a band of such forts alone",
                "C2: the odds shown before an attack are measured again, for each garrison",
            ],
        },
        fiw_engine::RulesChange {
            version: 4,
            changes: &[
                "C9: an attack on an open town may be fought as a skirmish (a raid where the militia holds it alone, an open fight where an army stands with it), no longer only rolled for",
                "C6: a battle's orders are its game's, D3's, the skirmish's or Louisbourg's",
                "C10: the British attack on Louisbourg may be fought as the Louisbourg game, its armies sized from the markers, no longer only rolled for",
            ],
        },
        fiw_engine::RulesChange {
            version: 5,
            changes: &[
                "C7, C10: a siege's losses are each army's strength points lost against those it began with (each block's share rounded at random), no longer against the printed strength times the share",
            ],
        },
    ];

    fn with_dice(options: &Options, dice: Dice) -> Result<Self, RuleError> {
        if dice.is_manual() {
            return Err(RuleError::input(
                "a campaign rolls fiw's dice: its battles are fought on the screen, not at a table",
            ));
        }
        let map = Solitaire::with_dice(
            &fiw_solitaire::Options {
                side: options.side,
                two_players: options.two_players,
            },
            dice,
        )?
        .settling_outside();
        let mut c = Campaign {
            map,
            battle: None,
            battles: Vec::new(),
            battle_epochs: 0,
            log: Log::new(true),
            copied: 0,
        };
        c.copy_map_log();
        Ok(c)
    }

    fn dice_mut(&mut self) -> Option<&mut Dice> {
        self.map.dice_mut()
    }

    fn dice(&self) -> Option<&Dice> {
        self.map.dice()
    }

    /// The map's seat (the player's against the BOT; with two players the acting side's, and
    /// at an attack the attacker's), or in a battle the seat commanding the side to move.
    fn to_move(&self) -> Option<Seat> {
        if self.map.outcome().is_some() {
            return None;
        }
        match &self.battle {
            Some(b) => b.to_move().or(Some(PLAYER)),
            None => self.map.to_move(),
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if let Some(b) = &self.battle {
            b.legal_actions(out);
            return;
        }
        let mut map = Vec::new();
        self.map.legal_actions(&mut map);
        out.extend(map.into_iter().map(Action::Map));
        if self.waiting().is_some() {
            out.extend([Action::Fight, Action::Generals]);
        }
    }

    fn check(&self, action: &Action) -> Result<(), RuleError> {
        match (&self.battle, action) {
            (Some(b), a) => b.check(a),
            (None, Action::Fort(_) | Action::Town(_) | Action::Siege(_)) => {
                Err(RuleError::new("campaign", "no battle is under way"))
            }
            (None, Action::Map(a)) => match self.map.check(a) {
                Err(_)
                    if self.map.step() == Step::Attack
                        && *a != fiw_solitaire::Action::Roll
                        && self.waiting().is_some() =>
                {
                    Err(RuleError::new(
                        "8",
                        "an attack waits to be settled first: roll for it on the Advance Result Chart (roll), fight it (fight) or let the generals fight it (generals)",
                    ))
                }
                other => other,
            },
            (None, Action::Fight | Action::Generals) => {
                if self.map.step() != Step::Attack || self.waiting().is_none() {
                    return Err(RuleError::new("8", "no attack is waiting to be settled"));
                }
                Ok(())
            }
        }
    }

    fn apply_unchecked(&mut self, action: Action) {
        match action {
            Action::Map(a) => {
                self.map.apply_unchecked(a);
                self.copy_map_log();
            }
            Action::Fight => {
                let Some((s, battles)) = self.waiting() else {
                    return;
                };
                match self.open_battle(s, battles) {
                    Ok(b) => {
                        let (town, side) = (b.situation.town_name().to_string(), b.player);
                        let two = b.two_players;
                        self.log.public(|| {
                            if two {
                                format!("The battle at {town} is fought, each player commanding their side.")
                            } else {
                                format!(
                                    "You fight the battle at {town} in command of the {}.",
                                    side.name()
                                )
                            }
                        });
                        self.battle = Some(Box::new(b));
                        self.end_battle_if_over();
                    }
                    Err(e) => self.log.public(|| format!("No battle: {}", e.message)),
                }
            }
            Action::Generals => {
                let Some((s, battles)) = self.waiting() else {
                    return;
                };
                let Ok((scenario, _)) = self.scenario_for(&s, battles) else {
                    return;
                };
                let seed = self.map.dice_mut().map_or(0, Dice::next_seed);
                if let Ok((fought, epochs)) = battles.fight(&scenario, seed) {
                    self.battle_epochs += epochs + 1;
                    self.close_battle(battles.kind(), &s, fought, How::Generals);
                }
            }
            Action::Fort(_) | Action::Town(_) | Action::Siege(_) => {
                if let Some(b) = self.battle.as_deref_mut() {
                    b.apply(action);
                }
                self.end_battle_if_over();
            }
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.map.outcome()
    }

    fn view(&self, seat: Seat) -> View {
        self.view_with(
            self.map.view(seat),
            |b| Side::of_seat(b.seat_of(seat)),
            |b| b.view(Some(b.seat_of(seat))),
        )
    }

    fn public_view(&self) -> View {
        self.view_with(self.map.public_view(), |b| b.player, |b| b.view(None))
    }

    /// The map and the battle under way with nothing hidden (the reveal, the replay with
    /// everything shown): a siege's blocks face up, a skirmish's hidden units in place.
    fn whole_view(&self) -> View {
        self.view_with(self.map.whole_view(), |b| b.player, |b| b.whole_view())
    }

    fn render(&self, seat: Seat) -> String {
        match &self.battle {
            Some(b) => {
                let side = b.seat_of(seat);
                format!(
                    "Battle at {} ({}), you command the {}\n{}",
                    b.situation.town_name(),
                    b.situation.region_name(),
                    Side::of_seat(side).name(),
                    b.render(side)
                )
            }
            None => {
                let fought = self.battles.len();
                format!(
                    "Campaign: {} battle{} fought so far{}\n{}",
                    fought,
                    if fought == 1 { "" } else { "s" },
                    if fought > 0 {
                        " ('battles' lists them)"
                    } else {
                        ""
                    },
                    self.map.render(seat)
                )
            }
        }
    }

    fn action_text(&self, action: &Action) -> String {
        match action {
            Action::Map(a) => a.text(),
            Action::Fight => "fight".into(),
            Action::Generals => "generals".into(),
            Action::Fort(_) | Action::Town(_) | Action::Siege(_) => match &self.battle {
                Some(b) => b.action_text(action),
                None => format!("{action:?}"),
            },
        }
    }

    /// The map's and the battle's own notes; beside `fight` and `generals`, the battle's odds
    /// from the table measured ahead of time.
    fn action_note(&self, action: &Action) -> Option<String> {
        match action {
            Action::Map(fiw_solitaire::Action::Roll) => {
                let w = self.waiting_attack()?;
                Some(format!(
                    "the chart: the {} advance on {} in 6 ({:.0} %)",
                    w.attacker.name(),
                    w.chart_sixths,
                    100.0 * f64::from(w.chart_sixths) / 6.0
                ))
            }
            Action::Map(a) => self.map.action_note(a),
            Action::Fort(_) | Action::Town(_) | Action::Siege(_) => {
                self.battle.as_ref()?.action_note(action)
            }
            Action::Fight | Action::Generals => {
                let w = self.waiting_attack()?;
                Some(format!(
                    "a {} battle at {}: the {} carry {:.0} % between the generals",
                    w.battle.game(),
                    w.town,
                    w.attacker.name(),
                    w.battle_odds
                ))
            }
        }
    }

    fn parse_action(&self, text: &str) -> Result<Action, RuleError> {
        if let Some(b) = &self.battle {
            return b.parse_action(text);
        }
        match text.trim().to_ascii_lowercase().as_str() {
            "fight" => Ok(Action::Fight),
            "generals" => Ok(Action::Generals),
            _ => self.map.parse_action(text).map(Action::Map),
        }
    }

    fn prompt(&self, seat: Option<Seat>) -> Option<String> {
        match &self.battle {
            Some(b) => b.prompt(seat.unwrap_or(PLAYER)),
            None if self.map.step() == Step::Attack => self.waiting_attack().map(|w| w.words()),
            None => self.map.prompt(seat),
        }
    }

    fn log(&self) -> &Log {
        &self.log
    }

    fn set_logging(&mut self, on: bool) {
        self.log.set_on(on);
        self.map.set_logging(on);
        if let Some(b) = self.battle.as_deref_mut() {
            b.set_logging(on);
        }
    }

    fn chance_epoch(&self) -> u64 {
        self.map.chance_epoch()
            + self.battle_epochs
            + self.battle.as_ref().map_or(0, |b| b.chance_epoch())
    }

    fn turn(&self) -> u32 {
        self.map.turn()
    }

    /// The map's rolls to come, the battle's and its general's choices: a search must not plan
    /// with any of them.
    fn reseed(&mut self, seed: u64) {
        self.map.reseed(seed);
        if let Some(b) = self.battle.as_deref_mut() {
            b.reseed(seed);
        }
    }

    fn clear_log(&mut self) {
        self.log = Log::new(false);
        self.copied = 0;
        self.map.clear_log();
        if let Some(b) = self.battle.as_deref_mut() {
            b.clear_log();
        }
    }

    fn search_ai(config: fiw_engine::SearchConfig) -> Box<dyn fiw_engine::Advisor<Self>> {
        Box::new(crate::advisor::Search::new(config))
    }

    fn rulebook() -> fiw_engine::RuleBook {
        crate::rulebook::rulebook()
    }

    fn heuristic_policy(seed: u64) -> Option<Box<dyn fiw_engine::Policy<Self>>> {
        Some(Box::new(crate::heuristic::Heuristic::new(seed)))
    }

    fn metrics(&self) -> Vec<(&'static str, f64)> {
        let mut m = self.map.metrics();
        let count = |how: How| self.battles.iter().filter(|r| r.how == how).count() as f64;
        m.push(("battles_fought", count(How::Fought)));
        m.push(("battles_by_generals", count(How::Generals)));
        m
    }
}

impl Campaign {
    /// The campaign seen as `map` shows the map and `battle` the battle under way.
    fn view_with(
        &self,
        map: fiw_solitaire::view::View,
        side: impl Fn(&Battle) -> Side,
        battle: impl Fn(&Battle) -> TableView,
    ) -> View {
        View {
            map,
            waiting: self.waiting_attack(),
            battle: self.battle.as_deref().map(|b| BattleView {
                kind: b.kind,
                town: b.situation.town_name().to_string(),
                side: side(b),
                view: battle(b),
                table: b.table_data().cloned(),
            }),
            battles: self.battles.clone(),
        }
    }

    /// Whether campaign seat `seat` commands a side, on the map and in a battle: the player's
    /// always, the other seat only with two players (else the chart and the computer's
    /// general do).
    fn commands(&self, seat: Seat) -> bool {
        seat == PLAYER || (seat == BOT && self.map.board().two_players)
    }

    /// The battle under way is over: its result goes to the map.
    fn end_battle_if_over(&mut self) {
        self.copy_battle_log();
        let over = self.battle.as_ref().is_some_and(|b| b.is_over());
        if !over {
            return;
        }
        let Some(b) = self.battle.take() else { return };
        self.battle_epochs += b.chance_epoch() + 1;
        let fought = b.fought();
        self.close_battle(b.kind, &b.situation, fought, How::Fought);
    }
}

impl Holds<Solitaire> for Campaign {
    /// The map, to a seat that commands a side (the player's; with two players either),
    /// while no battle is under way.
    fn inner(&self, seat: Seat) -> Option<(&Solitaire, Seat)> {
        (self.battle.is_none() && self.commands(seat)).then_some((&self.map, seat))
    }
}

impl Holds<fiw_d3::D3> for Campaign {
    /// The D3 battle under way, to the player's seat, as the side the player commands.
    fn inner(&self, seat: Seat) -> Option<(&fiw_d3::D3, Seat)> {
        let b = self.battle.as_deref()?;
        self.commands(seat).then_some((b.d3()?, b.seat_of(seat)))
    }
}

impl Holds<fiw_louisbourg::Louisbourg> for Campaign {
    /// The siege of Louisbourg under way, to the player's seat, as the side the player
    /// commands.
    fn inner(&self, seat: Seat) -> Option<(&fiw_louisbourg::Louisbourg, Seat)> {
        let b = self.battle.as_deref()?;
        self.commands(seat)
            .then_some((b.louisbourg()?, b.seat_of(seat)))
    }
}

impl Holds<fiw_skirmish::Skirmish> for Campaign {
    /// The skirmish battle under way, to the player's seat, as the side the player commands.
    fn inner(&self, seat: Seat) -> Option<(&fiw_skirmish::Skirmish, Seat)> {
        let b = self.battle.as_deref()?;
        self.commands(seat)
            .then_some((b.skirmish()?, b.seat_of(seat)))
    }
}
