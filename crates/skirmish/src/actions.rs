//! Orders as typed and saved: `activate br-gren`, `test`, `move`, `step 4.5 at 270`,
//! `charge fr-cdb firing`, `done`. Places and distances are held in tenths of an inch, angles in
//! whole degrees, units and figures as numbers, so an action is small and `Copy`.

use crate::artillery::Ammo;
use crate::formation::Formation;
use crate::state::{Phase, Reaction, Skirmish};
use fiw_engine::RuleError;
use fiw_table::{inches, Point};
use serde::{Deserialize, Serialize};

/// Tenths of an inch: the grain of a typed place or distance.
pub const GRAIN: f64 = 10.0;

/// 5.8 the formations a unit may form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Shape {
    /// A line this many ranks deep.
    Line(u8),
    /// A column this many files wide.
    Column(u8),
    /// Skirmish order.
    Skirmish,
}

impl Shape {
    /// The formation it makes.
    pub fn formation(self) -> Formation {
        match self {
            Shape::Line(r) => Formation::Line { ranks: r },
            Shape::Column(w) => Formation::Column { width: w },
            Shape::Skirmish => Formation::Skirmish,
        }
    }
}

/// 13.2, 7.4 a work at a place the player names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Make {
    /// 13.2 a road cut through a hedge or wall.
    Cut,
    /// 7.4 a crossing point over a very high wall or deep ditch.
    Crossing,
    /// 13.2 a pontoon bridge.
    Pontoon,
}

/// One order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// 7.7 deploy a hidden unit with its middle at a place (tenths of an inch).
    Deploy {
        /// The unit.
        unit: u8,
        /// Tenths of an inch east.
        x: i16,
        /// Tenths of an inch north.
        y: i16,
    },
    /// S1 set a unit up before play with its anchor at a place (tenths of an inch), facing a
    /// bearing (whole degrees).
    SetUp {
        /// The unit.
        unit: u8,
        /// Tenths of an inch east.
        x: i16,
        /// Tenths of an inch north.
        y: i16,
        /// Compass degrees.
        facing: u16,
    },
    /// S1 lay a straight piece of abatis from one place to another (tenths of an inch).
    Abatis {
        /// Tenths of an inch east, at one end.
        x: i16,
        /// Tenths of an inch north, at one end.
        y: i16,
        /// Tenths of an inch east, at the other end.
        x2: i16,
        /// Tenths of an inch north, at the other end.
        y2: i16,
    },
    /// S1 take up a piece of abatis laid at set-up (numbered from 1).
    Lift {
        /// The piece.
        piece: u8,
    },
    /// S1 the set-up is done.
    Ready,
    /// 2.1 the unit (or battalion, numbered after the units) that takes the card.
    Activate {
        /// The unit or battalion.
        unit: u8,
    },
    /// 7.7 search an area of concealing ground (its number among them).
    Spot {
        /// The area.
        area: u8,
    },
    /// 4.1 detach a single figure as a messenger to another unit of the side.
    Detach {
        /// The figure sent.
        fig: u16,
        /// The unit he carries word to.
        to: u8,
    },
    /// 1.2 a general, hero or colonel leaves the unit he is with to join another (riding
    /// alone until he reaches it).
    Join {
        /// The leader.
        fig: u16,
        /// The unit he joins.
        to: u8,
    },
    /// 12.2 call on a surrounded enemy unit to surrender.
    Call {
        /// The surrounded unit.
        target: u8,
    },
    /// Do nothing this turn (2.1); a unit that passed may still react to a charge (6.2).
    Pass,
    /// 8.2 a: stand and fire with every figure at the nearest eligible enemy.
    Shoot {
        /// The target.
        target: u8,
    },
    /// 3.1 take the control check (to move, charge, rally or reserve fire).
    Test,
    /// 3.3 a bold leader adds (+) or takes away (−).
    Sign {
        /// Adds.
        plus: bool,
    },
    /// After the check: stand (3.2).
    Stand,
    /// 8.2 b, c: fire (half the unit, or the regulars' volley), then move half.
    FireMove {
        /// The volley of 8.2 c.
        volley: bool,
        /// The target.
        target: u8,
    },
    /// 5.1 roll the move and make it.
    Move,
    /// 6.1 charge an enemy unit, firing first or not.
    Charge {
        /// The target.
        target: u8,
        /// Fire first (8.2 b or c).
        fire: bool,
    },
    /// 12.4 rally, on the spot or falling back half a move.
    Rally {
        /// Fall back half a move.
        back: bool,
    },
    /// 6.3 reserve fire for a charge.
    Reserve,
    /// 5.4 the whole unit steps straight for a distance along a bearing, keeping its facing.
    Step {
        /// Compass degrees.
        bearing: u16,
        /// Tenths of an inch.
        tenths: u16,
    },
    /// 5.4 a line or gun wheels on its front corner.
    Wheel {
        /// Clockwise.
        right: bool,
        /// Degrees, 1–90.
        degrees: u8,
    },
    /// 5.4 a column's head marches to a place; its ranks follow.
    March {
        /// Tenths of an inch east.
        x: i16,
        /// Tenths of an inch north.
        y: i16,
    },
    /// 5.4 one figure of a loose unit moves to a place.
    Place {
        /// The figure.
        fig: u16,
        /// Tenths of an inch east.
        x: i16,
        /// Tenths of an inch north.
        y: i16,
    },
    /// 5.7 face a direction (skirmishers); a formed unit turns about.
    Face {
        /// Compass degrees.
        facing: u16,
    },
    /// 5.8 change formation, turning a quarter left (−1) or right (+1), or not (0).
    Form {
        /// The new formation.
        to: Shape,
        /// A quarter turn.
        quarter: i8,
    },
    /// 7.5 go into a building through its nearest openings.
    Enter {
        /// The building.
        building: u8,
    },
    /// 7.5 come out of a building.
    Leave,
    /// End the move.
    Done,
    /// 6.2 the charge's target reacts.
    React {
        /// How.
        how: Reaction,
    },
    /// 6.1 the defenders step up to contact (or stay).
    CloseUp {
        /// Step up.
        yes: bool,
    },
    /// 13.1 work at a site.
    Work {
        /// The site.
        site: u8,
    },
    /// 13.2, 7.4 work at a place the player names (tenths of an inch): a road cut or a
    /// crossing point at `x`,`y`, a pontoon from there to `x2`,`y2`.
    Make {
        /// What is made.
        what: Make,
        /// Tenths of an inch east.
        x: i16,
        /// Tenths of an inch north.
        y: i16,
        /// A pontoon's far end, east (0 for the others).
        x2: i16,
        /// A pontoon's far end, north (0 for the others).
        y2: i16,
    },
    /// 13.2 repair the damaged bridge of a site.
    Repair {
        /// The site.
        site: u8,
    },
    /// 9.5 fight a fire.
    FightFire,
    /// 9.5 ready fire arrows.
    PrepareArrows,
    /// 9.5 try to set a building alight.
    Ignite {
        /// The building.
        building: u8,
    },
    /// Scenario 2: burn the cabin taken.
    Burn,
    /// The scenario's spiking of an enemy gun.
    Spike {
        /// The gun's unit.
        gun: u8,
    },
    /// 13.2 fire the charges laid at a site.
    Blow {
        /// The site.
        site: u8,
    },
    /// 5.6 limber (`on`) or unlimber the gun.
    Limber {
        /// Limber up.
        on: bool,
    },
    /// 9 fire the gun.
    Gun {
        /// What it fires.
        ammo: Ammo,
        /// The target.
        target: u8,
    },
    /// 5.8 mount (`on`) or dismount, in a move: half of it.
    Mount {
        /// Mount.
        on: bool,
    },
    /// 5.3, 9.1 infantry lend their men to a gun short of its crew, for the turn.
    Help {
        /// The gun section.
        gun: u8,
    },
    /// 9.4 round shot at a building's wall.
    Breach {
        /// The building.
        building: u8,
        /// Tenths of an inch east.
        x: i16,
        /// Tenths of an inch north.
        y: i16,
    },
}

/// Tenths of an inch from inches.
pub fn tenths(v: f64) -> i16 {
    (v * GRAIN)
        .round()
        .clamp(f64::from(i16::MIN), f64::from(i16::MAX)) as i16
}

/// A place in inches from tenths.
pub fn point(x: i16, y: i16) -> Point {
    Point::new(f64::from(x) / GRAIN, f64::from(y) / GRAIN)
}

fn place(x: i16, y: i16) -> String {
    format!(
        "{},{}",
        inches(f64::from(x) / GRAIN),
        inches(f64::from(y) / GRAIN)
    )
}

impl Skirmish {
    /// The name of figure `f` as typed: its unit's name and its number in it (`br-gren.3`).
    pub fn figure_id(&self, f: usize) -> String {
        let u = self.figures[f].unit as usize;
        let k = self.units[u]
            .figures
            .iter()
            .position(|&g| g as usize == f)
            .unwrap_or(0);
        format!("{}.{}", self.id(u), k + 1)
    }

    /// The id `work` and `blow` type for site `k`.
    pub fn site_id(&self, k: usize) -> String {
        match self.site(k) {
            // a site begun at a named place: its work and number (`crossing-1`)
            Some(s) if k >= self.scenario.sites.len() => {
                crate::concealment::slug(&s.name.split(' ').take(2).collect::<Vec<_>>().join(" "))
            }
            Some(s) => crate::concealment::slug(&s.name),
            None => String::new(),
        }
    }

    /// The stable text of an action.
    pub fn text_of(&self, a: &Action) -> String {
        let unit = |u: u8| self.id(u as usize).to_string();
        match *a {
            Action::Deploy { unit: u, x, y } => format!("deploy {} at {}", unit(u), place(x, y)),
            Action::SetUp {
                unit: u,
                x,
                y,
                facing,
            } => format!("set {} at {} facing {facing}", unit(u), place(x, y)),
            Action::Abatis { x, y, x2, y2 } => {
                format!("abatis {} to {}", place(x, y), place(x2, y2))
            }
            Action::Lift { piece } => format!("lift abatis {piece}"),
            Action::Ready => "ready".into(),
            Action::Activate { unit: u } => format!("activate {}", unit(u)),
            Action::Spot { area } => format!("spot {}", self.area_id(area as usize)),
            Action::Call { target } => format!("call {}", unit(target)),
            Action::Detach { fig, to } => {
                format!("send {} to {}", self.figure_id(fig as usize), unit(to))
            }
            Action::Join { fig, to } => {
                format!("join {} to {}", self.figure_id(fig as usize), unit(to))
            }
            Action::Pass => "pass".into(),
            Action::Shoot { target } => format!("fire at {}", unit(target)),
            Action::Test => "test".into(),
            Action::Sign { plus } => format!("sign {}", if plus { "+" } else { "-" }),
            Action::Stand => "stand".into(),
            Action::FireMove { volley, target } => {
                if volley {
                    format!("volley at {} then move", unit(target))
                } else {
                    format!("fire half at {} then move", unit(target))
                }
            }
            Action::Move => "move".into(),
            Action::Charge { target, fire } => {
                format!(
                    "charge {}{}",
                    unit(target),
                    if fire { " firing" } else { "" }
                )
            }
            Action::Rally { back } => if back { "rally back" } else { "rally" }.into(),
            Action::Reserve => "reserve".into(),
            Action::Step { bearing, tenths } => {
                format!("step {} at {bearing}", inches(f64::from(tenths) / GRAIN))
            }
            Action::Wheel { right, degrees } => {
                format!("wheel {} {degrees}", if right { "right" } else { "left" })
            }
            Action::March { x, y } => format!("march to {}", place(x, y)),
            Action::Place { fig, x, y } => {
                format!("place {} at {}", self.figure_id(fig as usize), place(x, y))
            }
            Action::Face { facing } => format!("face {facing}"),
            Action::Form { to, quarter } => {
                let turn = match quarter {
                    -1 => " left",
                    1 => " right",
                    _ => "",
                };
                match to {
                    Shape::Line(r) => format!("form line {r}{turn}"),
                    Shape::Column(w) => format!("form column {w}{turn}"),
                    Shape::Skirmish => format!("form skirmish{turn}"),
                }
            }
            Action::Enter { building } => format!("enter {}", self.building_id(building as usize)),
            Action::Leave => "leave".into(),
            Action::Done => "done".into(),
            Action::React { how } => format!("react {}", how.word()),
            Action::CloseUp { yes } => if yes { "close up" } else { "stay" }.into(),
            Action::Work { site } => format!("work {}", self.site_id(site as usize)),
            Action::Make { what, x, y, x2, y2 } => match what {
                Make::Pontoon => format!("work pontoon at {} to {}", place(x, y), place(x2, y2)),
                _ => format!("work {} at {}", what.word(), place(x, y)),
            },
            Action::Repair { site } => format!("repair {}", self.site_id(site as usize)),
            Action::FightFire => "fight fire".into(),
            Action::PrepareArrows => "prepare arrows".into(),
            Action::Ignite { building } => {
                format!("ignite {}", self.building_id(building as usize))
            }
            Action::Burn => "burn".into(),
            Action::Spike { gun } => format!("spike {}", unit(gun)),
            Action::Blow { site } => format!("blow {}", self.site_id(site as usize)),
            Action::Limber { on } => if on { "limber" } else { "unlimber" }.into(),
            Action::Gun { ammo, target } => format!("{} at {}", ammo.word(), unit(target)),
            Action::Mount { on } => if on { "mount" } else { "dismount" }.into(),
            Action::Help { gun } => format!("help {}", unit(gun)),
            Action::Breach { building, x, y } => {
                format!(
                    "breach {} at {}",
                    self.building_id(building as usize),
                    place(x, y)
                )
            }
        }
    }

    /// The figure typed as `UNIT.N`.
    fn figure_word(&self, f: &str) -> Result<u16, RuleError> {
        let (u, n) = f
            .rsplit_once('.')
            .ok_or_else(|| RuleError::input("a figure is UNIT.N, e.g. fr-cdb.3"))?;
        let u = self
            .unit_named(u)
            .ok_or_else(|| RuleError::input(format!("no unit is called '{}'", clip(u))))?;
        let n: usize = n
            .parse()
            .map_err(|_| RuleError::input(format!("'{}' is not a figure's number", clip(n))))?;
        self.units[u]
            .figures
            .get(n.wrapping_sub(1))
            .copied()
            .ok_or_else(|| RuleError::input(format!("{} has no figure {n}", self.id(u))))
    }

    fn unit_word(&self, w: &str) -> Result<u8, RuleError> {
        self.named(w)
            .map(|i| i as u8)
            .ok_or_else(|| RuleError::input(format!("no unit is called '{}'", clip(w))))
    }

    /// Reads an order (not yet checked against the rules).
    ///
    /// # Errors
    /// `RuleError { rule: "input" }` for text that is not an order.
    pub fn parse(&self, text: &str) -> Result<Action, RuleError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        // a known order word gets its own form; anything else, the list of order words (short
        // enough for a prompt's one line)
        let usage = match words
            .first()
            .and_then(|w| ORDERS.iter().find(|(word, _, _)| word == w))
        {
            Some((_, form, _)) => format!("write it so: {form}"),
            // the set-up's words while it lasts, and only then (S1)
            None => format!(
                "orders: {}; see the menu",
                ORDERS
                    .iter()
                    .filter(|(_, _, what)| {
                        what.starts_with("S1") == matches!(self.phase, Phase::SetUp(_))
                    })
                    .map(|(w, _, _)| *w)
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
        };
        let num = |s: &str, what: &str| -> Result<f64, RuleError> {
            s.trim()
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && v.abs() < 3000.0)
                .ok_or_else(|| RuleError::input(format!("'{}' is not a number of {what}", clip(s))))
        };
        let at = |s: &str| -> Result<(i16, i16), RuleError> {
            let (xs, ys) = s.split_once(',').ok_or_else(|| {
                RuleError::input(format!(
                    "'{}' is not a place: write X,Y in inches, e.g. 30,12",
                    clip(s)
                ))
            })?;
            Ok((tenths(num(xs, "inches")?), tenths(num(ys, "inches")?)))
        };
        let degrees = |s: &str| -> Result<u16, RuleError> {
            let d = num(s, "degrees")?;
            Ok(fiw_table::normalize(d.round()).round() as u16 % 360)
        };
        let building = |w: &str| -> Result<u8, RuleError> {
            (0..self.buildings.len())
                .find(|&b| self.building_id(b) == w)
                .map(|b| b as u8)
                .ok_or_else(|| RuleError::input(format!("no building is called '{}'", clip(w))))
        };
        let site = |w: &str| -> Result<u8, RuleError> {
            (0..self.site_count())
                .find(|&k| self.site_id(k) == w)
                .map(|k| k as u8)
                .ok_or_else(|| RuleError::input(format!("no site is called '{}'", clip(w))))
        };
        Ok(match words.as_slice() {
            ["deploy", u, "at", p] => {
                let (x, y) = at(p)?;
                Action::Deploy {
                    unit: self.unit_word(u)?,
                    x,
                    y,
                }
            }
            ["set", u, "at", p, rest @ ..] => {
                let unit = self.unit_word(u)?;
                let (x, y) = at(p)?;
                let facing = match rest {
                    [] => {
                        let f = self.units[usize::from(unit)].anchor.facing;
                        fiw_table::normalize(f.round()).round() as u16 % 360
                    }
                    ["facing", d] => degrees(d)?,
                    _ => return Err(RuleError::input(usage)),
                };
                Action::SetUp { unit, x, y, facing }
            }
            ["abatis", p, "to", q] => {
                let (x, y) = at(p)?;
                let (x2, y2) = at(q)?;
                Action::Abatis { x, y, x2, y2 }
            }
            ["lift", "abatis", n] => Action::Lift {
                piece: n
                    .parse()
                    .map_err(|_| RuleError::input("lift abatis N: the piece's number, from 1"))?,
            },
            ["ready"] => Action::Ready,
            ["activate", u] => Action::Activate {
                unit: self.unit_word(u)?,
            },
            ["spot", a] => {
                let areas = self.concealing_areas();
                let k = (0..areas.len())
                    .find(|&k| self.area_id(k) == *a)
                    .ok_or_else(|| {
                        RuleError::input(format!("no concealing ground is called '{}'", clip(a)))
                    })?;
                Action::Spot { area: k as u8 }
            }
            ["call", u] => Action::Call {
                target: self.unit_word(u)?,
            },
            ["pass"] => Action::Pass,
            ["fire", "at", u] => Action::Shoot {
                target: self.unit_word(u)?,
            },
            ["test"] => Action::Test,
            ["sign", s] => match *s {
                "+" | "plus" => Action::Sign { plus: true },
                "-" | "minus" => Action::Sign { plus: false },
                _ => return Err(RuleError::input("sign + or sign -")),
            },
            ["stand"] => Action::Stand,
            ["fire", "half", "at", u, "then", "move"] => Action::FireMove {
                volley: false,
                target: self.unit_word(u)?,
            },
            ["volley", "at", u, "then", "move"] => Action::FireMove {
                volley: true,
                target: self.unit_word(u)?,
            },
            ["move"] => Action::Move,
            ["charge", u] => Action::Charge {
                target: self.unit_word(u)?,
                fire: false,
            },
            ["charge", u, "firing"] => Action::Charge {
                target: self.unit_word(u)?,
                fire: true,
            },
            ["rally"] => Action::Rally { back: false },
            ["rally", "back"] => Action::Rally { back: true },
            ["reserve"] => Action::Reserve,
            ["step", d, "at", b] => {
                let d = num(d, "inches")?;
                if !(0.0..=600.0).contains(&d) || d * GRAIN < 0.5 {
                    return Err(RuleError::input("a step is more than 0 inches"));
                }
                Action::Step {
                    bearing: degrees(b)?,
                    tenths: (d * GRAIN).round() as u16,
                }
            }
            ["wheel", side, deg] => {
                let right = match *side {
                    "right" => true,
                    "left" => false,
                    _ => return Err(RuleError::input("wheel left DEG or wheel right DEG")),
                };
                let d = num(deg, "degrees")?.round();
                if !(1.0..=90.0).contains(&d) {
                    return Err(RuleError::input("a wheel is 1 to 90 degrees"));
                }
                Action::Wheel {
                    right,
                    degrees: d as u8,
                }
            }
            ["march", "to", p] => {
                let (x, y) = at(p)?;
                Action::March { x, y }
            }
            ["place", f, "at", p] => {
                let fig = self.figure_word(f)?;
                let (x, y) = at(p)?;
                Action::Place { fig, x, y }
            }
            ["send", f, "to", u] => Action::Detach {
                fig: self.figure_word(f)?,
                to: self.unit_word(u)?,
            },
            ["join", f, "to", u] => Action::Join {
                fig: self.figure_word(f)?,
                to: self.unit_word(u)?,
            },
            ["face", d] => Action::Face {
                facing: degrees(d)?,
            },
            ["form", rest @ ..] => {
                let (shape, turn) = match rest {
                    ["line", r, t @ ..] => (
                        Shape::Line(
                            r.parse()
                                .map_err(|_| RuleError::input("form line 1, 2 or 3"))?,
                        ),
                        t,
                    ),
                    ["column", w, t @ ..] => (
                        Shape::Column(
                            w.parse()
                                .map_err(|_| RuleError::input("form column 1 or 2"))?,
                        ),
                        t,
                    ),
                    ["skirmish", t @ ..] => (Shape::Skirmish, t),
                    _ => return Err(RuleError::input(
                        "form line R, form column W or form skirmish, then left or right to turn",
                    )),
                };
                let quarter = match turn {
                    [] => 0,
                    ["left"] => -1,
                    ["right"] => 1,
                    _ => return Err(RuleError::input("turn left or right, or not at all")),
                };
                Action::Form { to: shape, quarter }
            }
            ["enter", b] => Action::Enter {
                building: building(b)?,
            },
            ["leave"] => Action::Leave,
            ["done"] => Action::Done,
            ["react", h] => {
                let how = [
                    Reaction::Stand,
                    Reaction::Hold,
                    Reaction::FireRetreat,
                    Reaction::Retreat,
                    Reaction::Counter,
                ]
                .into_iter()
                .find(|r| r.word() == *h)
                .ok_or_else(|| {
                    RuleError::input("react stand, hold, fire-retreat, retreat or counter")
                })?;
                Action::React { how }
            }
            ["close", "up"] => Action::CloseUp { yes: true },
            ["stay"] => Action::CloseUp { yes: false },
            ["work", w @ ("cut" | "crossing"), "at", p] => {
                let (x, y) = at(p)?;
                let what = if *w == "cut" {
                    Make::Cut
                } else {
                    Make::Crossing
                };
                Action::Make {
                    what,
                    x,
                    y,
                    x2: 0,
                    y2: 0,
                }
            }
            ["work", "pontoon", "at", p, "to", q] => {
                let (x, y) = at(p)?;
                let (x2, y2) = at(q)?;
                Action::Make {
                    what: Make::Pontoon,
                    x,
                    y,
                    x2,
                    y2,
                }
            }
            ["work", s] => Action::Work { site: site(s)? },
            ["repair", s] => Action::Repair { site: site(s)? },
            ["fight", "fire"] => Action::FightFire,
            ["prepare", "arrows"] => Action::PrepareArrows,
            ["ignite", b] => Action::Ignite {
                building: building(b)?,
            },
            ["burn"] => Action::Burn,
            ["spike", u] => Action::Spike {
                gun: self.unit_word(u)?,
            },
            ["blow", s] => Action::Blow { site: site(s)? },
            ["mount"] => Action::Mount { on: true },
            ["dismount"] => Action::Mount { on: false },
            ["help", u] => Action::Help {
                gun: self.unit_word(u)?,
            },
            ["limber"] => Action::Limber { on: true },
            ["unlimber"] => Action::Limber { on: false },
            [a @ ("canister" | "shot" | "shell"), "at", u] => {
                let ammo = match *a {
                    "canister" => Ammo::Canister,
                    "shot" => Ammo::Shot,
                    _ => Ammo::Shell,
                };
                Action::Gun {
                    ammo,
                    target: self.unit_word(u)?,
                }
            }
            ["breach", b, "at", p] => {
                let (x, y) = at(p)?;
                Action::Breach {
                    building: building(b)?,
                    x,
                    y,
                }
            }
            _ => return Err(RuleError::input(usage)),
        })
    }
}

/// Each order's first word, its form as typed, and what it does (with its rule).
const ORDERS: &[(&str, &str, &str)] = &[
    ("set", "set UNIT at X,Y [facing BEARING]", "S1 before play, the defender sets a unit up (its formation's anchor at X,Y)"),
    ("abatis", "abatis X,Y to X,Y", "S1 before play, the defender lays a straight piece of abatis (12\" in all)"),
    ("lift", "lift abatis N", "S1 before play, the defender takes up piece N of its abatis"),
    ("ready", "ready", "S1 the defender's set-up is done"),
    ("activate", "activate UNIT", "2.1 a unit (or a battalion) takes the card"),
    ("deploy", "deploy UNIT at X,Y", "7.7 a hidden unit is set on the table, its middle at X,Y"),
    ("spot", "spot AREA", "7.7 search an area of concealing ground"),
    ("call", "call UNIT", "12.2 call on a surrounded enemy unit to surrender"),
    ("send", "send UNIT.N to UNIT", "4.1 a figure goes as a messenger to another unit"),
    ("join", "join UNIT.N to UNIT", "1.2 a general, hero or colonel rides to join another unit"),
    ("pass", "pass", "2.1 the unit does nothing this turn (it may still react to a charge)"),
    ("test", "test", "3.1 the control check, to move, charge, rally or reserve fire"),
    ("sign", "sign + | sign -", "3.3 a bold leader adds to the check's roll or takes from it"),
    ("stand", "stand", "3.2 the unit stands after its check"),
    (
        "fire",
        "fire at UNIT | fire half at UNIT then move",
        "8.2 fire with every figure; or half of them, then half a move",
    ),
    ("volley", "volley at UNIT then move", "8.2 the regulars' volley, then half a move"),
    ("move", "move", "5.1 roll the move; then step, wheel, march, place, face, form, done"),
    ("charge", "charge UNIT [firing]", "6.1 charge an enemy unit, firing first or not"),
    ("rally", "rally [back]", "12.4 rally where it stands, or falling back half a move"),
    ("reserve", "reserve", "6.3 keep the unit's fire for a charge at it"),
    (
        "step",
        "step INCHES at BEARING",
        "5.4 the whole unit goes straight, keeping its facing (0 north, 90 east)",
    ),
    ("wheel", "wheel left|right DEGREES", "5.4 a line or a gun wheels on its front corner"),
    ("march", "march to X,Y", "5.4 a column's head goes to X,Y, its ranks following"),
    ("place", "place UNIT.N at X,Y", "5.4 one figure of a loose unit goes to X,Y"),
    ("face", "face BEARING", "5.7 skirmishers face a bearing; a formed unit turns about"),
    (
        "form",
        "form line RANKS | form column WIDTH | form skirmish, then left|right to turn",
        "5.8 change formation, turning a quarter left or right or not",
    ),
    ("enter", "enter BUILDING", "7.5 go into a building by its nearest openings"),
    ("leave", "leave", "7.5 come out of the building"),
    ("done", "done", "end the move"),
    (
        "react",
        "react stand|hold|fire-retreat|retreat|counter",
        "6.2 a charged unit stands (firing), holds, fires and falls back, falls back, countercharges",
    ),
    ("close", "close up", "6.1 the defenders step up to the chargers"),
    ("stay", "stay", "6.1 the defenders stay where they are"),
    (
        "work",
        "work SITE | work cut at X,Y | work crossing at X,Y | work pontoon at X,Y to X,Y",
        "13.1 work at a site; 13.2, 7.4 cut a road through a hedge or wall, make a crossing over a very high wall or deep ditch, lay a pontoon, at the place named",
    ),
    ("repair", "repair SITE", "13.2 repair a damaged bridge, 1D6 points a turn"),
    ("blow", "blow SITE", "13.2 fire the charges laid at a site"),
    ("fight", "fight fire", "9.5 fight a fire in the building"),
    ("prepare", "prepare arrows", "9.5 make fire arrows ready"),
    ("ignite", "ignite BUILDING", "9.5 try to set a building alight"),
    ("burn", "burn", "the Raid: burn the cabin taken"),
    ("spike", "spike UNIT", "the scenario's spiking of an enemy gun"),
    ("mount", "mount", "5.8 in a move, mount the horses: half the move"),
    ("dismount", "dismount", "5.8 in a move, dismount to fight on foot: half the move"),
    ("help", "help UNIT", "5.3, 9.1 infantry by a gun short of crew help move or serve it"),
    ("limber", "limber", "5.6 limber the gun"),
    ("unlimber", "unlimber", "5.6 unlimber the gun"),
    ("canister", "canister at UNIT", "9.2 the gun fires canister"),
    ("shot", "shot at UNIT", "9.2 the gun fires round shot"),
    ("shell", "shell at UNIT", "9.3 the gun fires shells"),
    ("breach", "breach BUILDING at X,Y", "9.4 round shot at a building's wall"),
];

/// Every order as typed at the prompt, with what it does and its rule, one or two lines each
/// (the terminal's `orders`): UNIT, BUILDING, SITE and AREA are names as the board and the
/// menus give them, X,Y a place in inches, BEARING compass degrees.
pub fn orders_help() -> String {
    let mut out = String::from(
        "Orders (the menu lists those open now; `why ORDER` says which rule refuses one).\n\
         UNIT, BUILDING, SITE, AREA: names as the board shows them; UNIT.N: a unit's figure N;\n\
         X,Y: a place in inches (x east, y north); BEARING: compass degrees (0 north, 90 east).\n",
    );
    for (_, form, what) in ORDERS {
        if form.chars().count() <= 26 {
            out += &format!("  {form:<26} {what}\n");
        } else {
            out += &format!("  {form}\n  {:<26} {what}\n", "");
        }
    }
    out
}

/// Typed text quoted back, cut short if long.
fn clip(text: &str) -> String {
    if text.chars().count() <= 24 {
        text.to_string()
    } else {
        text.chars().take(24).collect::<String>() + "…"
    }
}
