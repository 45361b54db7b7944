//! The state machine (the reading's §0.4): at each decision, which orders the rules accept
//! (each refusal naming its section) and what each does.

use crate::actions::{point, Action};
use crate::artillery::Ammo;
use crate::fire::FireMode;
use crate::formation::Formation;
use crate::state::{Control, Done, Intent, Last, Phase, Skirmish, Stage};
use crate::troops::{charts, GunKind, Role, Troop, Weapon};
use fiw_engine::RuleError;

fn no(rule: &str, message: impl Into<String>) -> RuleError {
    RuleError::new(rule, message)
}

impl Skirmish {
    /// Checks an order.
    pub(crate) fn check_action(&self, a: &Action) -> Result<(), RuleError> {
        // the menu, the orders it derives from others (the longest step the ground allows)
        // and the computer general ask about the same orders in one state: each is checked once
        if !self.cache.on {
            return self.check_fresh(a);
        }
        if let Ok(known) = self.cache.checks.lock() {
            if let Some((_, answer)) = known.iter().find(|(b, _)| b == a) {
                return answer.clone();
            }
        }
        let answer = self.check_fresh(a);
        if let Ok(mut known) = self.cache.checks.lock() {
            known.push((*a, answer.clone()));
        }
        answer
    }

    /// [`Skirmish::check_action`], worked out.
    fn check_fresh(&self, a: &Action) -> Result<(), RuleError> {
        if self.outcome.is_some() {
            return Err(no("2.1", "the game is over"));
        }
        match self.phase {
            Phase::Over => Err(no("2.1", "the game is over")),
            Phase::SetUp(side) => self.check_set_up(side, a),
            Phase::Deploy(side) => match *a {
                Action::Deploy { unit, x, y } => {
                    let u = unit as usize;
                    if !self.to_deploy(side).contains(&u) {
                        return Err(no(
                            "7.7",
                            format!(
                                "{} is not a hidden unit of the {} still to deploy",
                                self.id(u),
                                side.name()
                            ),
                        ));
                    }
                    self.check_deploy(u, point(x, y))
                }
                _ => Err(no(
                    "7.7",
                    format!(
                        "the {} deploy their hidden units first (deploy UNIT at X,Y)",
                        side.name()
                    ),
                )),
            },
            Phase::Choose(side) => match *a {
                Action::Activate { unit } => {
                    let Some(actor) = self.actor_of(unit) else {
                        return Err(RuleError::input("there is no such unit"));
                    };
                    if self.eligible(side).contains(&actor) {
                        return Ok(());
                    }
                    let units = self.actor_units(actor);
                    let id = self.actor_id(actor);
                    if units
                        .first()
                        .is_none_or(|&u| self.units[u as usize].side != side)
                    {
                        return Err(no(
                            "2.1",
                            format!(
                                "{id} is not a {} unit: the card lets the {} act",
                                side.name(),
                                side.name()
                            ),
                        ));
                    }
                    if let crate::state::Actor::Unit(u) = actor {
                        if let Some(b) = self.units[u as usize].battalion {
                            if self.battalion_whole(b as usize) {
                                return Err(no("2.1", format!("{id}'s battalion is formed with its colonel: it acts whole (activate {})", self.id(self.units.len() + b as usize))));
                            }
                        }
                    }
                    if let crate::state::Actor::Battalion(b) = actor {
                        if !self.battalion_whole(b as usize) {
                            return Err(no("2.1", format!("{id} is not formed with its colonel: its companies act one by one")));
                        }
                    }
                    Err(no(
                        "2.1",
                        format!("{id} has acted, passed or been charged this turn, or cannot act"),
                    ))
                }
                _ => Err(no(
                    "2.1",
                    format!(
                        "a card of the {}: choose a unit to act (activate UNIT)",
                        side.name()
                    ),
                )),
            },
            Phase::Reaction => match *a {
                Action::React { how } => {
                    let c = self.charge.as_ref().ok_or_else(|| no("6.2", "no charge"))?;
                    if self.reactions(c.target as usize, &c.units).contains(&how) {
                        Ok(())
                    } else {
                        Err(no(
                            "6.2",
                            format!("{} may not react so", self.id(c.target as usize)),
                        ))
                    }
                }
                _ => Err(no(
                    "6.2",
                    "the unit charged chooses its reaction first (react …)",
                )),
            },
            Phase::CloseUp => match *a {
                Action::CloseUp { .. } => Ok(()),
                _ => Err(no(
                    "6.1",
                    "the defenders choose whether to close up (close up, or stay)",
                )),
            },
            Phase::Act => {
                let act = self
                    .act
                    .as_ref()
                    .ok_or_else(|| no("2.1", "no unit is acting"))?;
                match act.stage {
                    Stage::Begin => self.check_begin(a),
                    Stage::Sign => match a {
                        Action::Sign { .. } => Ok(()),
                        _ => Err(no("3.3", "a bold leader chooses first whether he adds or takes away (sign + or sign -)")),
                    },
                    Stage::Tested => self.check_tested(a),
                    Stage::Moving => self.check_moving(a),
                }
            }
        }
    }

    fn check_begin(&self, a: &Action) -> Result<(), RuleError> {
        let act = self
            .act
            .as_ref()
            .ok_or_else(|| no("2.1", "no unit is acting"))?;
        let units = &act.units;
        let u0 = units[0] as usize;
        let id = self.actor_id(act.actor);
        if self.is_messenger(u0) {
            return self.check_messenger_order(u0, a);
        }
        if act.must_rally
            && !matches!(
                a,
                Action::Test | Action::Spot { .. } | Action::Detach { .. } | Action::Join { .. }
            )
        {
            let rule = if self.units[u0].shattered {
                "12.1"
            } else {
                "11.3"
            };
            return Err(no(
                rule,
                format!("{id} must rally this turn: it takes its control check first (test)"),
            ));
        }
        let artillery = self.units[u0].troop == Troop::Artillery;
        match *a {
            Action::Spot { area } => {
                if units
                    .iter()
                    .all(|&u| self.units[u as usize].troop == Troop::Wagon)
                {
                    return Err(no("7.7", "a wagon's driver does not scout"));
                }
                if act.spotted {
                    return Err(no("7.7", "a unit searches one area, once, before anything else"));
                }
                if self.spot_areas(units).contains(&(area as usize)) {
                    Ok(())
                } else {
                    Err(no("7.7", "a unit searches only concealing ground within 6\" of it"))
                }
            }
            Action::Call { target } => {
                let t = target as usize;
                if act.called {
                    return Err(no("12.2", "one call to surrender an activation"));
                }
                let Some(v) = self.units.get(t) else { return Err(RuleError::input("there is no such unit")) };
                if v.side == act.side || !self.known_to(act.side, t) {
                    return Err(no("12.2", "only a surrounded enemy unit is called on to surrender"));
                }
                if v.called_turn == self.turn {
                    return Err(no("12.2", format!("{} has been called on once this turn", self.id(t))));
                }
                let near = units.iter().any(|&u| {
                    self.table_figures(u as usize).any(|f| {
                        self.table_figures(t).any(|g| self.bases[f].is_within(&self.bases[g], 6.0) && self.fig_sees(f, g))
                    })
                });
                if !near {
                    return Err(no("12.2", "the caller must be within 6\" and in sight"));
                }
                if !self.surrounded_as_seen(t, act.side) {
                    return Err(no("12.2", format!("{} is not surrounded", self.id(t))));
                }
                Ok(())
            }
            Action::Pass => Ok(()),
            Action::Test => Ok(()),
            Action::Detach { fig, to } => self.check_detach(units, fig as usize, to as usize),
            Action::Join { fig, to } => self.check_join(units, fig as usize, to as usize),
            Action::Shoot { target } => {
                if artillery {
                    return Err(no("9.1", "a gun fires canister, shot or shell (canister at UNIT)"));
                }
                self.may_fire(units, FireMode::All)?;
                self.forced_target(units, target as usize)
            }
            Action::Work { site } => self.check_work(units, site as usize),
            Action::Make { what, x, y, x2, y2 } => {
                self.check_make(units, what, crate::actions::point(x, y), crate::actions::point(x2, y2))
            }
            Action::Repair { site } => self.check_repair(units, site as usize),
            Action::FightFire => self.check_fight_fire(units).map(|_| ()),
            Action::PrepareArrows => {
                if !units.iter().any(|&u| self.table_figures(u as usize).any(|f| self.figures[f].weapon == Weapon::Bow)) {
                    return Err(no("9.5", "only archers prepare fire arrows"));
                }
                if units.iter().all(|&u| self.units[u as usize].arrows) {
                    return Err(no("9.5", "the arrows are ready already"));
                }
                Ok(())
            }
            Action::Ignite { building } => self.check_ignite(units, building as usize).map(|_| ()),
            Action::Burn => self.check_burn(units).map(|_| ()),
            Action::Spike { gun } => self.check_spike(units, gun as usize),
            Action::Blow { site } => self.check_blow(units, site as usize),
            Action::Limber { on } => self.check_limber(on, false),
            Action::Help { gun } => {
                if units.len() > 1 {
                    return Err(no("5.3", "a company helps a gun, not a battalion acting whole"));
                }
                self.check_help(u0, gun as usize)
            }
            Action::Gun { ammo, target } => {
                if !artillery {
                    return Err(no("9.1", "only a gun section fires a gun"));
                }
                if self.units[u0].needs_rally || self.units[u0].shattered {
                    return Err(no("11.3", "a gun that fought must rally before it fires"));
                }
                if act.moved {
                    return Err(no("9.1", "artillery may not fire then move, nor move then fire"));
                }
                self.salvo(u0, ammo, target as usize).map(|_| ())
            }
            Action::Breach { building, x, y } => {
                if !artillery {
                    return Err(no("9.4", "only round shot breaches"));
                }
                self.check_breach(u0, building as usize, point(x, y)).map(|_| ())
            }
            _ => Err(no("3.1", format!("{id} must first test its control to move, charge, rally or hold its fire (test), or act without a test (fire at UNIT, pass…)"))),
        }
    }

    /// 12.2 whether unit `t` is surrounded as `viewer` knows the table (only what it can see
    /// counts, so the test gives nothing away).
    pub(crate) fn surrounded_as_seen(&self, t: usize, viewer: crate::scenario::Side) -> bool {
        self.surrounded_for(t, Some(viewer))
    }

    /// 8.1 the target a unit must fire at: its charger when charged, else the nearest eligible
    /// (its side chooses among those tied).
    fn forced_target(&self, units: &[u8], target: usize) -> Result<(), RuleError> {
        let nearest = self.nearest_targets(units);
        if nearest.contains(&target) {
            return Ok(());
        }
        if nearest.is_empty() {
            return Err(no(
                "8.1",
                "no enemy unit is in range, in the arc and in sight",
            ));
        }
        Err(no(
            "8.1",
            format!(
                "a unit fires at the nearest enemy it can: {}",
                nearest
                    .iter()
                    .map(|&v| self.id(v).to_string())
                    .collect::<Vec<_>>()
                    .join(" or ")
            ),
        ))
    }

    /// 5.6 limbering and unlimbering: a heavy gun spends a whole turn on either; other guns
    /// may limber and move, move and unlimber, or unlimber and fire (never limber, move and
    /// unlimber again).
    fn check_limber(&self, on: bool, moving: bool) -> Result<(), RuleError> {
        let act = self
            .act
            .as_ref()
            .ok_or_else(|| no("5.6", "no unit is acting"))?;
        let u = act.units[0] as usize;
        if self.units[u].troop != Troop::Artillery || act.units.len() > 1 {
            return Err(no("5.6", "only a gun section limbers"));
        }
        if self.units[u].limbered == on {
            return Err(no(
                "5.6",
                format!(
                    "{} is {} already",
                    self.id(u),
                    if on { "limbered" } else { "unlimbered" }
                ),
            ));
        }
        if on && self.units[u].limber_gone {
            return Err(no(
                "12.1",
                format!(
                    "{}'s limber left the table with its civilian drivers",
                    self.id(u)
                ),
            ));
        }
        let heavy = self.gun_kind(u) == Some(GunKind::Heavy);
        if act.limbered_now {
            return Err(no("5.6", "a gun limbers or unlimbers once an activation"));
        }
        if moving {
            if on || heavy {
                return Err(no("5.6", "a gun may unlimber at the end of its move (not a heavy gun, which takes a whole turn)"));
            }
        } else if heavy && act.moved {
            return Err(no(
                "5.6",
                "a heavy gun takes a whole turn to limber or unlimber",
            ));
        }
        Ok(())
    }

    fn check_tested(&self, a: &Action) -> Result<(), RuleError> {
        let act = self
            .act
            .as_ref()
            .ok_or_else(|| no("2.1", "no unit is acting"))?;
        let units = &act.units;
        let u0 = units[0] as usize;
        let id = self.actor_id(act.actor);
        let control = act.control.unwrap_or(Control::Free);
        let shattered = units.iter().any(|&u| self.units[u as usize].shattered);
        // 3.2 what "continue last action" and "no advance" allow
        let refuse = |what: &str| -> RuleError {
            no(
                "3.2",
                format!("{id} must {}: it may not {what}", control.word()),
            )
        };
        let pursue = control == Control::Continue(Last::ChargeWon) && !shattered;
        if act.must_rally && !pursue {
            return match *a {
                Action::Rally { back } => match control {
                    Control::Continue(Last::Stand) if back => {
                        Err(refuse("fall back (it rallies on the spot)"))
                    }
                    Control::Continue(Last::Retreat | Last::ChargeLost) if !back => {
                        Err(refuse("rally on the spot (it rallies falling back)"))
                    }
                    _ => Ok(()),
                },
                _ => Err(no(
                    if shattered { "12.1" } else { "11.3" },
                    format!("{id} must rally (rally, or rally back)"),
                )),
            };
        }
        let artillery = self.units[u0].troop == Troop::Artillery;
        match *a {
            Action::Stand => match control {
                Control::Free | Control::Continue(Last::Stand) | Control::NoAdvance => Ok(()),
                Control::Continue(Last::Rally) => Err(refuse("stand (it rallies again)")),
                // "as far as it can": a unit that cannot move at all stands
                _ if self.may_move(units).is_err() => Ok(()),
                _ => Err(refuse("stand (it must move, or charge)")),
            },
            Action::Shoot { target } => {
                match control {
                    Control::Free | Control::Continue(Last::Stand) | Control::NoAdvance => {}
                    _ => return Err(refuse("stand and fire")),
                }
                if artillery {
                    return Err(no("9.1", "a gun fires canister, shot or shell"));
                }
                self.may_fire(units, FireMode::All)?;
                self.forced_target(units, target as usize)
            }
            Action::FireMove { volley, target } => {
                match control {
                    Control::Free
                    | Control::NoAdvance
                    | Control::Continue(Last::Advance | Last::Retreat | Last::ChargeLost) => {}
                    _ => return Err(refuse("fire and move")),
                }
                if artillery {
                    return Err(no("9.1", "artillery may not fire then move"));
                }
                let mode = if volley { FireMode::Volley } else { FireMode::Half };
                self.may_fire(units, mode)?;
                self.forced_target(units, target as usize)?;
                self.may_move(units)
            }
            Action::Move => {
                if control == Control::Continue(Last::Stand) {
                    return Err(refuse("move"));
                }
                if control == Control::Continue(Last::Rally) {
                    return Err(refuse("move (it rallies again)"));
                }
                if pursue && self.pursuit_target(units).is_some() {
                    return Err(no("3.2", format!("{id} must charge again the enemy it beat, or the nearest it can reach")));
                }
                self.may_move(units)
            }
            Action::Charge { target, fire } => {
                match control {
                    Control::Free | Control::Continue(Last::Advance | Last::ChargeWon) => {}
                    _ => return Err(refuse("charge")),
                }
                if pursue {
                    if let Some(t) = self.pursuit_target(units) {
                        if t != target as usize {
                            return Err(no("3.2", format!("{id} must charge again {}, the enemy it beat or the nearest it can reach", self.id(t))));
                        }
                    }
                }
                self.check_charge(units, target as usize, fire).map(|_| ())
            }
            Action::Rally { .. } => match control {
                Control::Free | Control::NoAdvance | Control::Continue(Last::Rally) => Ok(()),
                _ => Err(refuse("rally")),
            },
            Action::Reserve => {
                match control {
                    Control::Free | Control::Continue(Last::Stand) | Control::NoAdvance => {}
                    _ => return Err(refuse("hold its fire")),
                }
                self.may_reserve(units)
            }
            _ => Err(no("3.2", format!("{id} has tested: it may stand, fire, move, charge, rally or reserve fire, as its result allows"))),
        }
    }

    /// 6.3 whether `units` may reserve their fire: infantry or a gun, with their fire not
    /// spent (smoke, a rally owed).
    fn may_reserve(&self, units: &[u8]) -> Result<(), RuleError> {
        if !units.iter().any(|&u| self.on_the_table(u as usize)) {
            return Err(no(
                "6.3",
                "a unit still off the table cannot be charged: it has no fire to hold for one",
            ));
        }
        for &u in units {
            let unit = &self.units[u as usize];
            if !(unit.troop.is_infantry() || unit.troop == Troop::Artillery) {
                return Err(no("6.3", "only infantry and guns reserve fire"));
            }
            if unit.smoke || unit.needs_rally || unit.shattered {
                return Err(no(
                    "6.3",
                    format!("{} has no fire to hold", self.id(u as usize)),
                ));
            }
        }
        Ok(())
    }

    /// 5.1, 5.3, 10.5 whether `units` may move at all: a unit with no figure to move (a
    /// household whose men are all down: its women stay in their cabin) may not, for a move
    /// of nobody would cost nothing and never end; a gun short of half its crew may not be
    /// moved unless infantry help it this turn (`help GUN`), nor limbered with a horse just
    /// hit. Any gun its crew may manhandle, heavy guns and mortars too (5.2's "other
    /// artillery", 1D6).
    fn may_move(&self, units: &[u8]) -> Result<(), RuleError> {
        if let (Some(&u0), true) = (units.first(), self.moving_figures(units).is_empty()) {
            return Err(no(
                "5.1",
                format!("{} has no figure left that may move", self.id(u0 as usize)),
            ));
        }
        for &u in units {
            let u = u as usize;
            let unit = &self.units[u];
            if unit.troop == Troop::Artillery {
                if !self.may_be_moved(u) {
                    return Err(no(
                        "5.3",
                        format!(
                            "{} has less than half its crew and cannot be moved unless infantry help it (help {})",
                            self.id(u),
                            self.id(u)
                        ),
                    ));
                }
                if unit.limbered && unit.horse_down_turn == self.turn {
                    return Err(no(
                        "10.5",
                        format!(
                            "{}'s draught horse is down: no limbered move this turn",
                            self.id(u)
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    /// 3.2 a unit that charged and won, continuing: the enemy it beat if it can still charge
    /// it, else the nearest it can charge.
    pub(crate) fn pursuit_target(&self, units: &[u8]) -> Option<usize> {
        let side = self.units[units[0] as usize].side;
        let mut best: Option<(f64, usize)> = None;
        for v in 0..self.units.len() {
            if self.units[v].side == side || !self.known_to(side, v) || !self.on_the_table(v) {
                continue;
            }
            if self.check_charge(units, v, false).is_err() {
                continue;
            }
            let d = units
                .iter()
                .map(|&u| self.unit_distance(u as usize, v))
                .fold(f64::INFINITY, f64::min);
            if best.is_none_or(|(b, _)| d < b) {
                best = Some((d, v));
            }
        }
        best.map(|(_, v)| v)
    }

    fn check_moving(&self, a: &Action) -> Result<(), RuleError> {
        let act = self
            .act
            .as_ref()
            .ok_or_else(|| no("5.1", "no unit is moving"))?;
        let rally_back = act.intent == Some(Intent::RallyBack);
        if self.is_messenger(act.units[0] as usize)
            && !matches!(
                a,
                Action::Step { .. }
                    | Action::Place { .. }
                    | Action::Face { .. }
                    | Action::Leave
                    | Action::Done
            )
        {
            return Err(no(
                "4.1",
                "a messenger moves as a lone figure (step, place, face, leave a building) and is done",
            ));
        }
        if rally_back && !matches!(a, Action::Step { .. } | Action::Done) {
            return Err(no(
                "12.4",
                "a unit rallying falls back (step D at BEARING) and is done",
            ));
        }
        match *a {
            Action::Step { bearing, tenths } => {
                let plan = self.plan_step(f64::from(bearing), f64::from(tenths) / crate::actions::GRAIN)?;
                self.check_plan(&plan, false)?;
                self.check_coming_on(&plan)?;
                self.check_direction(&plan)
            }
            Action::Wheel { right, degrees } => {
                let plan = self.plan_wheel(right, f64::from(degrees))?;
                self.check_plan(&plan, false)?;
                self.check_direction(&plan)
            }
            Action::March { x, y } => {
                let plan = self.plan_march(point(x, y))?;
                self.check_plan(&plan, false)?;
                self.check_coming_on(&plan)?;
                self.check_direction(&plan)
            }
            Action::Place { fig, x, y } => {
                if self.figures.get(fig as usize).is_none() {
                    return Err(RuleError::input("there is no such figure"));
                }
                if self.figures[fig as usize].role == Role::Woman {
                    return Err(no(self.scenario.rule.as_str(), "the women do not leave their cabin"));
                }
                let plan = self.plan_place(fig as usize, point(x, y))?;
                self.check_plan(&plan, false)?;
                self.check_direction(&plan)?;
                self.check_chain(&plan)
            }
            Action::Face { facing } => {
                let plan = self.plan_face(f64::from(facing))?;
                self.check_plan(&plan, false)
            }
            Action::Form { to, quarter } => {
                if act.formed {
                    return Err(no("5.8", "one change of formation a move"));
                }
                let plan = self.plan_form(to.formation(), quarter)?;
                self.check_plan(&plan, false)
            }
            Action::Enter { building } => {
                let plan = self.plan_enter(building as usize)?;
                self.check_plan(&plan, false)?;
                // 4.2 those who cannot reach the openings stay outside, within a link of it
                self.check_chain(&plan)
            }
            Action::Leave => {
                let plan = self.plan_leave()?;
                self.check_plan(&plan, false)
            }
            Action::Done => self.check_done(),
            Action::Reserve => {
                if act.intent != Some(Intent::Move) {
                    return Err(no("6.3", "fire is reserved after a move of at most half, not after firing or in a rally"));
                }
                let spent = act.spent.iter().copied().fold(0.0, f64::max);
                if spent > act.allowance / 2.0 + 1e-6 {
                    return Err(no("6.3", "a unit that moved more than half a move may not reserve its fire"));
                }
                if !act.units.iter().all(|&u| self.units[u as usize].troop.is_infantry()) {
                    return Err(no("6.3", "a gun that moved may not reserve its fire"));
                }
                self.may_reserve(&act.units)?;
                self.check_done()
            }
            Action::Limber { on } => self.check_limber(on, true),
            Action::Mount { on } => self.check_mount(on),
            _ => Err(no("5.1", "the unit is moving: give steps (step, wheel, march, place, face, form, mount, dismount, enter, leave) and done")),
        }
    }

    /// 3.2, 12.4 each step of a unit that must advance keeps it no farther from the nearest
    /// enemy it knows of than it began; each step of a unit that may only fall back (no
    /// advance, continuing a retreat, rallying back) takes it farther.
    fn check_direction(&self, plan: &crate::movement::Plan) -> Result<(), RuleError> {
        let act = self
            .act
            .as_ref()
            .ok_or_else(|| no("5.1", "no unit is moving"))?;
        // 4.1 a messenger never goes farther from the unit he carries word to
        let m = act.units[0] as usize;
        if let Some(goal) = self.messenger_goal(m) {
            let at = plan
                .poses
                .iter()
                .find(|(f, _)| self.figures[*f].unit as usize == m)
                .map(|(_, p)| p.at);
            let d = self.messenger_distance(m, goal, at);
            if d > act.start_distance + 0.1 {
                return Err(no(
                    "4.1",
                    format!(
                        "{} carries word to {}: he never goes farther from it",
                        self.id(m),
                        self.id(goal)
                    ),
                ));
            }
            return Ok(());
        }
        let retreat = act.intent == Some(Intent::RallyBack)
            || matches!(
                act.control,
                Some(Control::NoAdvance | Control::Continue(Last::Retreat | Last::ChargeLost))
            );
        let advance = matches!(
            act.control,
            Some(Control::Continue(Last::Advance | Last::ChargeWon))
        ) && act.intent != Some(Intent::RallyBack);
        if !retreat && !advance {
            return Ok(());
        }
        let d = self.distance_after(plan, &act.units);
        let id = self.actor_id(act.actor);
        if retreat && d <= act.start_distance + 0.1 {
            let why = if act.intent == Some(Intent::RallyBack) {
                "12.4"
            } else {
                "3.2"
            };
            return Err(no(
                why,
                format!("{id} may only fall back: each step must take it farther from the enemy"),
            ));
        }
        if advance && d > act.start_distance + 0.1 {
            return Err(no(
                "3.2",
                format!("{id} continues its advance: it may not move away from the enemy"),
            ));
        }
        Ok(())
    }

    /// 5.1 a unit still wholly off the table comes on: each of its steps brings it nearer the
    /// table (a step farther off it is no move at all).
    fn check_coming_on(&self, plan: &crate::movement::Plan) -> Result<(), RuleError> {
        let act = self
            .act
            .as_ref()
            .ok_or_else(|| no("5.1", "no unit is moving"))?;
        if act.units.iter().any(|&u| self.on_the_table(u as usize)) {
            return Ok(());
        }
        let bounds = *self.scenario.layout.bounds();
        let off = |p: fiw_table::Point| {
            let dx = (-p.x).max(p.x - bounds.width()).max(0.0);
            let dy = (-p.y).max(p.y - bounds.depth()).max(0.0);
            dx.hypot(dy)
        };
        let figs: Vec<usize> = act.figs.iter().map(|&f| f as usize).collect();
        let now = figs
            .iter()
            .map(|&f| off(self.figures[f].pose.at))
            .fold(f64::INFINITY, f64::min);
        let after = figs
            .iter()
            .map(|&f| {
                off(plan
                    .poses
                    .iter()
                    .find(|(g, _)| *g == f)
                    .map_or(self.figures[f].pose.at, |(_, p)| p.at))
            })
            .fold(f64::INFINITY, f64::min);
        if after + 1e-6 >= now && now > 0.0 {
            return Err(no(
                "5.1",
                format!(
                    "{} is still off the table: it comes on, each step nearer the table",
                    self.actor_id(act.actor)
                ),
            ));
        }
        Ok(())
    }

    /// 4.2 a skirmisher moved on his own keeps his unit in skirmish order (when it was in it).
    /// Men inside a building (7.5: formation gone, one room) stay in the chain: all of them
    /// linked to each other, and to the men outside within 2" of its walls. Leaving them out
    /// let a band's leader run into a cabin a dozen inches from his men, the unit split in two.
    fn check_chain(&self, plan: &crate::movement::Plan) -> Result<(), RuleError> {
        let Some(&(f, _)) = plan.poses.first() else {
            return Ok(());
        };
        let u = self.figures[f].unit as usize;
        if self.units[u].formation != Formation::Skirmish {
            return Ok(());
        }
        // each figure's base, and the building it stands in
        let placed = |moved: bool| -> Vec<(fiw_table::Rect, Option<usize>)> {
            self.formation_figures(u)
                .into_iter()
                .map(|g| {
                    let pose = match plan.poses.iter().find(|(h, _)| *h == g) {
                        Some((_, p)) if moved => *p,
                        _ => self.figures[g].pose,
                    };
                    (self.footprint(g).place(pose), self.building_at(pose.at))
                })
                .collect()
        };
        let fault = |figs: &[(fiw_table::Rect, Option<usize>)]| -> Option<String> {
            let open: Vec<fiw_table::Rect> = figs
                .iter()
                .filter(|(_, b)| b.is_none())
                .map(|(r, _)| *r)
                .collect();
            if let Some(gap) = crate::formation::skirmish_fault(&open) {
                return Some(gap);
            }
            crate::formation::chain_fault(figs.len(), |i, j| match (figs[i], figs[j]) {
                ((a, None), (b, None)) => a.is_within(&b, crate::formation::SKIRMISH_GAP_MAX),
                ((_, Some(a)), (_, Some(b))) => a == b,
                ((r, None), (_, Some(b))) | ((_, Some(b)), (r, None)) => fiw_table::within(
                    self.wall_distance(b, &r),
                    crate::formation::SKIRMISH_GAP_MAX,
                ),
            })
        };
        if fault(&placed(false)).is_some() {
            // already out of order (casualties): any move is allowed to mend it
            return Ok(());
        }
        match fault(&placed(true)) {
            Some(fault) => Err(no("4.2", format!("{}: {fault}", self.id(u)))),
            None => Ok(()),
        }
    }

    /// Applies an order already checked.
    pub(crate) fn apply_action(&mut self, a: Action) {
        match self.phase {
            Phase::SetUp(side) => self.apply_set_up(side, a),
            Phase::Deploy(_) => {
                if let Action::Deploy { unit, x, y } = a {
                    self.deploy(unit as usize, point(x, y));
                }
            }
            Phase::Choose(_) => {
                if let Action::Activate { unit } = a {
                    if let Some(actor) = self.actor_of(unit) {
                        self.activate(actor);
                    }
                }
            }
            Phase::Reaction => {
                if let Action::React { how } = a {
                    self.react(how);
                }
            }
            Phase::CloseUp => {
                if let Action::CloseUp { yes } = a {
                    self.close_up(yes);
                }
            }
            Phase::Act => self.apply_act(a),
            Phase::Over => {}
        }
        self.after_action();
    }

    fn apply_act(&mut self, a: Action) {
        let Some(act) = self.act.as_ref() else { return };
        let units = act.units.clone();
        let u0 = units[0] as usize;
        match a {
            Action::Spot { area } => self.spot(area as usize),
            Action::Detach { fig, to } => self.detach(fig as usize, to as usize),
            Action::Join { fig, to } => self.join(fig as usize, to as usize),
            Action::Call { target } => {
                if let Some(act) = self.act.as_mut() {
                    act.called = true;
                }
                for &u in &units {
                    self.reveal(u as usize, "calls on the enemy to surrender (12.2)");
                }
                self.call_surrender(u0, target as usize);
            }
            Action::Pass => {
                let id = self.actor_id(act.actor);
                let hidden = units.iter().all(|&u| self.units[u as usize].hidden);
                if !hidden {
                    self.log.public(|| format!("{id} passes"));
                }
                self.end_activation(self.units[u0].last.min_stand(), Done::Passed);
            }
            Action::Shoot { target } => {
                self.fire(&units, target as usize, FireMode::All, "", !act.moved);
                self.end_activation(Last::Stand, Done::Acted);
            }
            Action::Test => self.take_test(),
            Action::Sign { plus } => self.choose_sign(plus),
            Action::Stand => self.end_activation(Last::Stand, Done::Acted),
            Action::FireMove { volley, target } => {
                let mode = if volley {
                    FireMode::Volley
                } else {
                    FireMode::Half
                };
                self.fire(&units, target as usize, mode, "", false);
                if self.act.is_none() || !self.units[u0].in_play() {
                    return;
                }
                let allowance = self.roll_allowance(u0, "after firing: half a move (8.2)") / 2.0;
                self.start_moving(allowance, Intent::FireMove);
            }
            Action::Move => {
                let allowance = self.roll_allowance(u0, "moving (5.1)");
                self.start_moving(allowance, Intent::Move);
                self.lose_arrows(&units);
            }
            Action::Charge { target, fire } => {
                let mode = self
                    .check_charge(&units, target as usize, fire)
                    .ok()
                    .flatten();
                self.lose_arrows(&units);
                self.declare_charge(target as usize, mode);
            }
            Action::Rally { back } => {
                if back {
                    let allowance = self.roll_allowance(u0, "rallying, falling back (12.4)") / 2.0;
                    self.start_moving(allowance, Intent::RallyBack);
                } else {
                    self.rally();
                }
            }
            Action::Reserve => {
                let moved = act.stage == Stage::Moving && act.moved;
                for &u in &units {
                    self.units[u as usize].reserved = Some(moved);
                }
                let id = self.actor_id(act.actor);
                let hidden = units.iter().all(|&u| self.units[u as usize].hidden);
                if hidden {
                    let side = act.side;
                    self.log
                        .private(side.seat(), || format!("{id} reserves its fire (6.3)"));
                } else {
                    self.log.public(|| format!("{id} reserves its fire (6.3)"));
                }
                let class = if moved {
                    self.move_class(self.act.as_ref().expect("acting"))
                } else {
                    Last::Stand
                };
                self.end_activation(class, Done::Acted);
            }
            Action::Step { bearing, tenths } => {
                if let Ok(plan) = self.plan_step(
                    f64::from(bearing),
                    f64::from(tenths) / crate::actions::GRAIN,
                ) {
                    self.take_step(plan);
                }
            }
            Action::Wheel { right, degrees } => {
                if let Ok(plan) = self.plan_wheel(right, f64::from(degrees)) {
                    self.take_step(plan);
                }
            }
            Action::March { x, y } => {
                if let Ok(plan) = self.plan_march(point(x, y)) {
                    self.take_step(plan);
                }
            }
            Action::Place { fig, x, y } => {
                if let Ok(plan) = self.plan_place(fig as usize, point(x, y)) {
                    self.take_step(plan);
                }
            }
            Action::Face { facing } => {
                if let Ok(plan) = self.plan_face(f64::from(facing)) {
                    self.take_step(plan);
                }
            }
            Action::Form { to, quarter } => {
                if let Ok(plan) = self.plan_form(to.formation(), quarter) {
                    self.take_step(plan);
                }
            }
            Action::Enter { building } => {
                if let Ok(plan) = self.plan_enter(building as usize) {
                    self.take_step(plan);
                }
            }
            Action::Leave => {
                if let Ok(plan) = self.plan_leave() {
                    self.take_step(plan);
                }
            }
            Action::Done => self.finish_move(),
            Action::React { .. }
            | Action::CloseUp { .. }
            | Action::Deploy { .. }
            | Action::SetUp { .. }
            | Action::Abatis { .. }
            | Action::Lift { .. }
            | Action::Ready
            | Action::Activate { .. } => {}
            Action::Work { site } => self.work(site as usize),
            Action::Make { what, x, y, x2, y2 } => self.make(
                what,
                crate::actions::point(x, y),
                crate::actions::point(x2, y2),
            ),
            Action::Repair { site } => self.repair(site as usize),
            Action::FightFire => self.fight_fire(),
            Action::PrepareArrows => {
                for &u in &units {
                    self.units[u as usize].arrows = true;
                }
                let id = self.actor_id(act.actor);
                self.note(u0, || format!("{id} prepares fire arrows (9.5)"));
                self.end_activation(Last::Stand, Done::Acted);
            }
            Action::Ignite { building } => self.ignite(building as usize),
            Action::Burn => self.burn(),
            Action::Spike { gun } => self.spike(gun as usize),
            Action::Blow { site } => self.blow(site as usize),
            Action::Limber { on } => {
                let heavy = self.gun_kind(u0) == Some(GunKind::Heavy);
                let moving = act.stage == Stage::Moving;
                self.units[u0].limbered = on;
                if let Some(act) = self.act.as_mut() {
                    act.limbered_now = true;
                }
                let id = self.id(u0).to_string();
                self.log.public(|| {
                    format!("{id} {} (5.6)", if on { "limbers up" } else { "unlimbers" })
                });
                if heavy || moving {
                    let class = if moving {
                        self.move_class(self.act.as_ref().expect("acting"))
                    } else {
                        Last::Stand
                    };
                    self.end_activation(class, Done::Acted);
                }
            }
            Action::Gun { ammo, target } => {
                self.gun_fire(u0, ammo, target as usize);
                if self.act.is_some() {
                    self.end_activation(Last::Stand, Done::Acted);
                }
            }
            Action::Mount { on } => self.mount(on),
            Action::Help { gun } => self.help(u0, gun as usize),
            Action::Breach { building, x, y } => {
                self.breach(u0, building as usize, point(x, y));
                if self.act.is_some() {
                    self.end_activation(Last::Stand, Done::Acted);
                }
            }
        }
    }

    /// A step taken: the move made, fire arrows lost (9.5), work disturbed (13.1).
    fn take_step(&mut self, plan: crate::movement::Plan) {
        let units: Vec<u8> = self.act.as_ref().map_or(Vec::new(), |a| a.units.clone());
        let moved = plan
            .poses
            .iter()
            .any(|(f, p)| self.figures[*f].pose.at.dist(p.at) > 1e-9);
        self.take_plan(plan);
        if moved {
            self.lose_arrows(&units);
            if let Some(act) = self.act.as_mut() {
                act.moved = true;
            }
        }
    }

    /// 9.5 fire arrows are lost when the archers move.
    fn lose_arrows(&mut self, units: &[u8]) {
        for &u in units {
            self.units[u as usize].arrows = false;
        }
    }

    /// 12.2 Indians who took prisoners (and militia who took Indians) kill them if their
    /// next control check reads "continue last action"; a later check spares them.
    pub(crate) fn slaughter(&mut self) {
        let Some(act) = self.act.as_ref() else { return };
        let continuing = matches!(act.control, Some(Control::Continue(_)));
        for &u in &act.units.clone() {
            let fresh = std::mem::take(&mut self.units[u as usize].fresh_prisoners);
            if !fresh || !continuing {
                continue;
            }
            let unit = &self.units[u as usize];
            let killers = if unit.traits.indian {
                unit.prisoners
            } else if unit.troop == Troop::Militia {
                unit.indian_prisoners
            } else {
                0
            };
            if killers > 0 {
                let id = self.id(u as usize).to_string();
                self.log.public(|| {
                    format!(
                        "{id} kills its {} (12.2)",
                        crate::wording::count(killers, "prisoner", "prisoners")
                    )
                });
                let unit = &mut self.units[u as usize];
                unit.prisoners -= killers;
                unit.indian_prisoners = unit.indian_prisoners.saturating_sub(killers);
            }
        }
    }

    /// After every order: scenario alarms at the sight of the enemy, cabins taken, victory.
    fn after_action(&mut self) {
        if self.outcome.is_some() {
            self.phase = Phase::Over;
            return;
        }
        self.deliver_messages();
        self.enemy_seen();
        self.cabins_taken();
        self.check_victory();
        if self.outcome.is_some() {
            self.phase = Phase::Over;
        }
    }

    /// Whether artillery of kind `k` fires `ammo` at all (9.2).
    pub(crate) fn fires_ammo(k: GunKind, ammo: Ammo) -> bool {
        let s = charts().gun(k);
        match ammo {
            Ammo::Canister => s.canister.is_some(),
            Ammo::Shot => s.shot.is_some(),
            Ammo::Shell => s.shell.is_some(),
        }
    }

    /// Whether unit `u` stands in a building (7.5).
    pub fn in_building(&self, u: usize) -> bool {
        matches!(self.units[u].formation, Formation::Building(_))
    }
}

impl Last {
    /// What passing leaves as the last action: it stood (a unit arriving on the march keeps
    /// advancing only when it moves).
    fn min_stand(self) -> Last {
        Last::Stand
    }
}
