//! 7.7 concealment and spotting, 7.8 field craft, and what each side may believe of what it
//! cannot see.
//!
//! fiw is the umpire the text asks for (the settled reading 17.4): a hidden unit is not on the
//! other side's table at all, with no marker. It stays hidden while it moves, as long as every
//! figure keeps to concealing ground (woods, brush, rocks) or dead ground; it is revealed, for
//! the rest of the game, when it fires, charges, is spotted, comes within 3" of an enemy, or
//! ends a move with a figure out of concealment in sight of an enemy. Before the first turn
//! each side deploys its hidden units in secret, anywhere in concealing ground of its hiding
//! zones.
//!
//! Scenario 2's alarms are here too: shots heard, smoke seen, an enemy in sight.

use crate::formation::{self, Formation, SKIRMISH_SPACING};
use crate::scenario::{Area, Side};
use crate::state::{Phase, Skirmish};
use crate::troops::Role;
use fiw_engine::{Dice, RuleError};
use fiw_table::{Kind, Location, Point, Pose, Rect};

impl Skirmish {
    /// A log line about unit `u`: public, or only for its own side while it is hidden (the
    /// other side reads that a hidden unit did something, never which or where).
    pub(crate) fn note(&mut self, u: usize, text: impl FnOnce() -> String) {
        let side = self.units[u].side;
        if self.units[u].hidden {
            self.log.private(side.seat(), text);
        } else {
            self.log.public(text);
        }
    }

    /// 7.7 unit `u` is revealed to the enemy for the rest of the game.
    pub(crate) fn reveal(&mut self, u: usize, why: &str) {
        if !self.units[u].hidden {
            return;
        }
        self.units[u].hidden = false;
        self.reveals += 1;
        // 7.7 the work it did unseen is seen now
        for site in &mut self.sites {
            site.unseen.retain(|(w, _)| *w as usize != u);
        }
        let id = self.id(u).to_string();
        let c = self.centre(u);
        self.log
            .public(|| format!("{id} is revealed at {:.0},{:.0}: it {why}", c.x, c.y));
    }

    /// 14.7 words `seat` must never be shown now (the secrecy scans look for them in all it is
    /// sent): the id of every enemy unit hidden from it, where each of that unit's figures
    /// stands (as a view writes a place), and the order of the next cards to come (as the view
    /// and the board write a run of cards: the drawn and the undrawn never share a card, so no
    /// honest message holds them).
    pub fn secret_words(&self, seat: Side) -> Vec<String> {
        let mut out = Vec::new();
        for v in 0..self.units.len() {
            let unit = &self.units[v];
            if unit.side == seat || !unit.hidden || !unit.in_play() {
                continue;
            }
            out.push(self.id(v).to_string());
            // its first figure as a view writes one (number, role), and where it stands
            if let Some(f) = self.table_figures(v).next() {
                let (at, role) = (self.figures[f].pose.at, self.figures[f].role);
                if let (Ok(x), Ok(y), Ok(role)) = (
                    serde_json::to_string(&at.x),
                    serde_json::to_string(&at.y),
                    serde_json::to_string(&role),
                ) {
                    out.push(format!("[{f},{role},"));
                    out.push(format!("{role},{x},{y},"));
                }
            }
        }
        let next: Vec<String> = self
            .deck
            .to_come(3)
            .into_iter()
            .map(crate::deck::card_name)
            .collect();
        if next.len() >= 2 {
            out.push(next.join(" "));
            out.push(
                next.iter()
                    .map(|c| format!("\"{c}\""))
                    .collect::<Vec<_>>()
                    .join(","),
            );
        }
        out
    }

    /// 7.7 units within 3" always see each other: every hidden unit with an enemy figure
    /// that close is revealed, however they came together (a move, a retreat, a rally back).
    /// Taken after every order, so no rule ever meets a hidden unit within 3" of its enemy
    /// (one in contact would forbid fire, 8.4, by something the firer cannot see).
    pub(crate) fn reveal_the_close(&mut self) {
        if !self.units.iter().any(|u| u.hidden && u.in_play()) {
            return;
        }
        // every unit's box once (revealing moves nobody): this runs after every order
        let boxes: Vec<Option<crate::sight::Bbox>> =
            (0..self.units.len()).map(|u| self.unit_box(u)).collect();
        for v in 0..self.units.len() {
            if !self.units[v].hidden || !self.units[v].in_play() {
                continue;
            }
            let Some(mut area) = boxes[v] else {
                continue;
            };
            area.add(area.lo, 3.5);
            area.add(area.hi, 3.5);
            let side = self.units[v].side;
            let near = (0..self.units.len()).any(|u| {
                self.units[u].side != side
                    && self.units[u].in_play()
                    && boxes[u].is_some_and(|b| b.meets(&area))
            });
            if near && self.enemy_within(v, 3.0) {
                self.reveal(v, "comes within 3\" of the enemy (7.7)");
            }
        }
    }

    /// 7.7 a hidden unit that ended its move with a figure out of concealing ground, in sight
    /// of an enemy figure, is revealed.
    pub(crate) fn reveal_if_seen(&mut self, u: usize) {
        if !self.units[u].hidden {
            return;
        }
        let side = self.units[u].side;
        let exposed: Vec<usize> = self
            .table_figures(u)
            .filter(|&f| !self.concealing(self.figures[f].pose.at))
            .collect();
        if exposed.is_empty() {
            return;
        }
        let seen = (0..self.figures.len()).any(|g| {
            self.on_table(g)
                && self.units[self.figures[g].unit as usize].side != side
                && exposed.iter().any(|&f| self.fig_sees(g, f))
        });
        if seen {
            self.reveal(u, "is seen in the open (7.7)");
        } else if self.enemy_within(u, 3.0) {
            self.reveal(u, "comes within 3\" of the enemy (7.7)");
        }
    }

    /// 7.7 the areas of concealing ground a side may search: woods, brush and rocks of the
    /// layout, then dead ground, in the order of the file (the numbers `spot` gives).
    pub fn concealing_areas(&self) -> Vec<Area> {
        let mut out: Vec<Area> = (0..self.scenario.layout.terrain().len())
            .filter(|&i| {
                matches!(
                    self.scenario.layout.terrain()[i].kind,
                    Kind::Woods | Kind::Brush | Kind::Rocks
                )
            })
            .map(Area::Terrain)
            .collect();
        out.extend(
            (0..self.scenario.features.len())
                .filter(|&i| {
                    self.scenario.features[i].kind == crate::scenario::FeatureKind::DeadGround
                })
                .map(Area::Feature),
        );
        out
    }

    /// Concealing area `k`'s name as the scenario writes it, or, for a nameless one, the
    /// word for its kind ("woods", "dead ground"); `None` past the last area.
    fn area_naming(&self, k: usize) -> Option<(Option<&str>, &'static str)> {
        Some(match *self.concealing_areas().get(k)? {
            Area::Terrain(i) => {
                let t = &self.scenario.layout.terrain()[i];
                (t.name.as_deref(), t.kind.word())
            }
            Area::Feature(i) => (self.scenario.features[i].name.as_deref(), "dead ground"),
        })
    }

    /// The name `spot` gives area `k`: its name as an id, or its kind and number.
    pub fn area_id(&self, k: usize) -> String {
        match self.area_naming(k) {
            Some((Some(n), _)) => slug(n),
            Some((None, kind)) => format!("{}-{}", kind.replace(' ', "-"), k + 1),
            None => "?".into(),
        }
    }

    /// The name of concealing area `k` as the scenario writes it, for words a player reads;
    /// [`Skirmish::area_id`] is what an order is typed with.
    pub fn area_name(&self, k: usize) -> String {
        match self.area_naming(k) {
            Some((Some(n), _)) => n.to_string(),
            Some((None, kind)) => format!("the {kind} ({})", k + 1),
            None => "?".into(),
        }
    }

    /// 7.7 the areas unit `units` may search now: concealing ground with some part within 6"
    /// of one of their figures.
    pub fn spot_areas(&self, units: &[u8]) -> Vec<usize> {
        let areas = self.concealing_areas();
        let figs: Vec<usize> = units
            .iter()
            .flat_map(|&u| self.table_figures(u as usize).collect::<Vec<_>>())
            .collect();
        (0..areas.len())
            .filter(|&k| {
                let Some(poly) = self.scenario.area_polygon(areas[k]) else {
                    return false;
                };
                figs.iter()
                    .any(|&f| poly.distance_to_point(self.figures[f].pose.at) <= 6.0 + 0.4)
            })
            .collect()
    }

    /// 7.7, 7.8 the activation's unit searches area `k`: 1D6 plus its field craft, 6 or more
    /// finds every hidden enemy unit with a figure in that area within 6" of the searchers.
    pub(crate) fn spot(&mut self, k: usize) {
        let Some(act) = self.act.as_mut() else { return };
        act.spotted = true;
        let units = act.units.clone();
        let side = act.side;
        let craft = units
            .iter()
            .map(|&u| self.units[u as usize].fieldcraft)
            .max()
            .unwrap_or(1);
        let areas = self.concealing_areas();
        let Some(&area) = areas.get(k) else { return };
        let (who, name) = (self.id(units[0] as usize).to_string(), self.area_id(k));
        self.dice.ask(1, 6, || {
            format!(
                "{who} searches {name}: one die, adding its field craft {craft}, finds on 6 (7.7)"
            )
        });
        let roll = self.dice.d6();
        let found = u32::from(roll) + u32::from(craft) >= 6;
        if !found {
            self.note(units[0] as usize, || {
                format!("{who} searches {name}: {roll} + {craft}: it finds nothing (7.7)")
            });
            return;
        }
        let before = self.reveals;
        let mine: Vec<usize> = units
            .iter()
            .flat_map(|&u| self.table_figures(u as usize).collect::<Vec<_>>())
            .collect();
        for v in 0..self.units.len() {
            if self.units[v].side == side || !self.units[v].hidden || !self.units[v].in_play() {
                continue;
            }
            let there = self.table_figures(v).any(|g| {
                self.in_area(area, self.figures[g].pose.at)
                    && mine
                        .iter()
                        .any(|&f| self.bases[f].is_within(&self.bases[g], 6.0))
            });
            if there {
                self.reveal(v, "is spotted (7.7)");
            }
        }
        let found = self.reveals - before;
        self.note(units[0] as usize, || {
            format!(
                "{who} searches {name}: {roll} + {craft}: {}",
                if found == 0 {
                    "a good search, and no one is there within 6\" (7.7)".to_string()
                } else {
                    format!(
                        "it finds {} (7.7)",
                        crate::wording::count(found, "enemy unit", "enemy units")
                    )
                }
            )
        });
    }

    /// 7.7 the places of unit `u`'s figures deployed hidden with their middle at `at`: a row
    /// of skirmishers across its facing.
    pub(crate) fn hidden_layout(&self, u: usize, at: Point) -> Vec<(usize, Pose)> {
        let figs = self.formation_figures(u);
        let Some(&first) = figs.first() else {
            return Vec::new();
        };
        let facing = self.units[u].anchor.facing;
        let base = self.footprint(first);
        let side = self.units[u].side;
        let rows = self.scenario.sides[side.index()]
            .units
            .get(u - self.first_unit(side))
            .map_or(1, |s| s.rows);
        let slots = formation::skirmish_rows(
            figs.len(),
            rows,
            Pose::new(at.x, at.y, facing),
            base,
            SKIRMISH_SPACING,
        );
        figs.into_iter().zip(slots).collect()
    }

    /// 7.7 whether unit `u` may be deployed hidden with its middle at `at`: every figure on the
    /// table, in concealing ground (or dead ground) of one of its side's hiding zones, on no
    /// figure its side knows of, more than 3" from every enemy figure its side can see.
    pub(crate) fn check_deploy(&self, u: usize, at: Point) -> Result<(), RuleError> {
        let side = self.units[u].side;
        let zones = &self.scenario.sides[side.index()].hide_zones;
        let places = self.hidden_layout(u, at);
        self.fits_hidden(u, &places, side, zones, &|_| true)
    }

    /// Whether `places` for unit `u` are a hidden deployment: on the table, in concealment,
    /// each figure inside one of `zones` (when `zoned` says so), on nobody known to `knower`,
    /// more than 3" from every figure of the other side known to `knower`.
    fn fits_hidden(
        &self,
        u: usize,
        places: &[(usize, Pose)],
        knower: Side,
        zones: &[fiw_table::Polygon],
        zoned: &dyn Fn(Point) -> bool,
    ) -> Result<(), RuleError> {
        let bounds = self.scenario.layout.bounds();
        let side = self.units[u].side;
        // the cheap questions first: on the table, in concealment, in a zone
        for (f, p) in places {
            let rect = self.footprint(*f).place(*p);
            if !bounds.holds(&rect) || !self.concealing(p.at) {
                return Err(RuleError::new("7.7", format!("{:.1},{:.1} is not concealing ground on the table: hidden units deploy in woods, brush, rocks or dead ground", p.at.x, p.at.y)));
            }
        }
        for (f, p) in places {
            let rect = self.footprint(*f).place(*p);
            if !bounds.holds(&rect) {
                return Err(RuleError::new(
                    "7.7",
                    "the hidden unit would stand off the table",
                ));
            }
            if !self.concealing(p.at) {
                return Err(RuleError::new(
                    "7.7",
                    format!("{:.1},{:.1} is not concealing ground: hidden units deploy in woods, brush, rocks or dead ground", p.at.x, p.at.y),
                ));
            }
            if !zones.iter().any(|z| z.locate(p.at) != Location::Outside) && zoned(p.at) {
                return Err(RuleError::new(
                    "7.7",
                    format!(
                        "{:.1},{:.1} is outside the {}' hiding zones",
                        p.at.x,
                        p.at.y,
                        side.name()
                    ),
                ));
            }
            if self.ground_at(p.at, crate::terrain::Mover::Loose).is_err() {
                return Err(RuleError::new("7.7", "the hidden unit cannot stand there"));
            }
            for g in 0..self.figures.len() {
                let gu = self.figures[g].unit as usize;
                if gu == u || !self.on_table(g) || !self.known_to(knower, gu) {
                    continue;
                }
                // no base reaches 3" farther than 3" and both half-diagonals
                if self.figures[g].pose.at.dist(p.at) > NEAR {
                    continue;
                }
                let other: &Rect = &self.bases[g];
                if other.overlaps(&rect) {
                    return Err(RuleError::new(
                        "5.5",
                        "the hidden unit would stand on another figure",
                    ));
                }
                if self.units[gu].side != side && rect.is_within(other, 3.0) {
                    return Err(RuleError::new(
                        "7.7",
                        "within 3\" of the enemy a unit is always seen",
                    ));
                }
            }
        }
        Ok(())
    }

    /// 7.7 deploys unit `u` hidden with its middle at `at` (checked); the side's next hidden
    /// unit, the other side's deployment, or the first turn follows.
    pub(crate) fn deploy(&mut self, u: usize, at: Point) {
        for (f, p) in self.hidden_layout(u, at) {
            self.set_pose(f, p);
        }
        let facing = self.units[u].anchor.facing;
        self.units[u].anchor = Pose::new(at.x, at.y, facing);
        // 7.7 troops other than skirmishers hide in dead ground too; a wagon or gun keeps its order
        if !matches!(self.units[u].formation, Formation::Battery) {
            self.units[u].formation = Formation::Skirmish;
        }
        self.deployed.push(u as u8);
        let side = self.units[u].side;
        let id = self.id(u).to_string();
        self.log.private(side.seat(), || {
            format!("{id} deploys hidden at {:.1},{:.1} (7.7)", at.x, at.y)
        });
        if self.to_deploy(side).is_empty() {
            let other = side.other();
            if side == Side::British && !self.to_deploy(other).is_empty() {
                self.phase = Phase::Deploy(other);
                let name = other.name();
                self.log
                    .public(|| format!("the {name} deploy their hidden units (7.7)"));
            } else {
                self.start_turn();
            }
        }
    }

    /// Scenario 2's alarm: shots fired by `firers` or at `target` alert every waiting unit that
    /// hears shots where one of their figures stands.
    pub(crate) fn shots_heard(&mut self, firers: &[u8], target: usize) {
        let points: Vec<Point> = firers
            .iter()
            .map(|&u| u as usize)
            .chain(std::iter::once(target))
            .flat_map(|u| {
                self.table_figures(u)
                    .map(|f| self.figures[f].pose.at)
                    .collect::<Vec<_>>()
            })
            .collect();
        for w in 0..self.units.len() {
            if self.units[w].alerted || !self.units[w].in_play() {
                continue;
            }
            let Some(alert) = self.alert_of(w) else {
                continue;
            };
            if alert
                .shots
                .iter()
                .any(|&a| points.iter().any(|&p| self.in_area(a, p)))
            {
                self.alert(w, "hears the shots");
            }
        }
    }

    /// Scenario 2's alarm: smoke from a burning building alerts the units that watch for it.
    pub(crate) fn smoke_seen(&mut self) {
        for w in 0..self.units.len() {
            if self.units[w].alerted || !self.units[w].in_play() {
                continue;
            }
            if self.alert_of(w).is_some_and(|a| a.smoke) {
                self.alert(w, "sees smoke over the woods");
            }
        }
    }

    /// Scenario 2's alarm: an enemy seen within the distance a waiting unit watches.
    pub(crate) fn enemy_seen(&mut self) {
        for w in 0..self.units.len() {
            if self.units[w].alerted || !self.units[w].in_play() || !self.on_the_table(w) {
                continue;
            }
            let Some(d) = self.alert_of(w).and_then(|a| a.seen) else {
                continue;
            };
            let side = self.units[w].side;
            let spotted = (0..self.units.len()).any(|v| {
                self.units[v].side != side
                    && self.known_to(side, v)
                    && self.table_figures(w).any(|f| {
                        self.table_figures(v).any(|g| {
                            self.bases[f].is_within(&self.bases[g], d) && self.fig_sees(f, g)
                        })
                    })
            });
            if spotted {
                self.alert(w, "sees the enemy");
            }
        }
    }

    fn alert_of(&self, w: usize) -> Option<crate::scenario::Alert> {
        let side = self.units[w].side;
        let k = w - self.first_unit(side);
        self.scenario.sides[side.index()]
            .units
            .get(k)?
            .alert
            .clone()
    }

    fn alert(&mut self, w: usize, why: &str) {
        self.units[w].alerted = true;
        let id = self.id(w).to_string();
        let rule = self.scenario.rule.clone();
        self.log
            .public(|| format!("{id} {why} and is alerted ({rule})"));
    }

    /// 14.7 what `seat` may believe: every enemy unit hidden from it is put somewhere it could
    /// be, drawn with `dice` from what the seat knows (its hiding zones, how often it has moved
    /// since, the concealing ground, where the seat's own figures are), never from where it is.
    pub(crate) fn imagine_hidden(&mut self, seat: Side, dice: &mut Dice) {
        let hidden: Vec<usize> = (0..self.units.len())
            .filter(|&v| {
                self.units[v].side != seat && self.units[v].in_play() && self.units[v].hidden
            })
            .collect();
        if hidden.is_empty() {
            return;
        }
        // first off the table, so that no imagined place depends on a true one
        let far = Point::new(-1.0e4, -1.0e4);
        for &v in &hidden {
            for f in self.units[v].figures.clone() {
                let p = self.figures[f as usize].pose;
                self.set_pose(
                    f as usize,
                    Pose::new(far.x + f64::from(f) * 3.0, far.y, p.facing),
                );
            }
        }
        let bounds = *self.scenario.layout.bounds();
        for &v in &hidden {
            let side = self.units[v].side;
            let zones = self.scenario.sides[side.index()].hide_zones.clone();
            let moved = f64::from(self.units[v].hidden_moves);
            let reach = moved * self.greatest_move(v, false);
            let (mut lo, mut hi) = (
                Point::new(f64::INFINITY, f64::INFINITY),
                Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
            );
            for z in &zones {
                let (a, b) = z.bounds();
                lo = Point::new(lo.x.min(a.x - reach), lo.y.min(a.y - reach));
                hi = Point::new(hi.x.max(b.x + reach), hi.y.max(b.y + reach));
            }
            lo = Point::new(lo.x.max(0.0), lo.y.max(0.0));
            hi = Point::new(hi.x.min(bounds.width()), hi.y.min(bounds.depth()));
            let zoned = |p: Point| -> bool {
                // a unit that has not moved is in its zones; one that has, within its reach of them
                reach <= 0.0 || !zones.iter().any(|z| z.distance_to_point(p) <= reach)
            };
            let mut placed = None;
            // the scenario's hiding places first (public), in an order drawn at random
            let k = v - self.first_unit(side);
            let mut listed = self.scenario.sides[side.index()].units[k].hiding.clone();
            dice.shuffle(&mut listed);
            for at in listed {
                let places = self.hidden_layout(v, at);
                if self.fits_hidden(v, &places, side, &zones, &zoned).is_ok()
                    && self.clear_of(v, &places, seat)
                {
                    placed = Some(places);
                    break;
                }
            }
            // a unit that has moved may be farther afield; and a listed place may be in sight
            if (placed.is_none() || moved > 0.0 && dice.below(2) == 0) && lo.x < hi.x && lo.y < hi.y
            {
                for _ in 0..60 {
                    let x = lo.x + (hi.x - lo.x) * f64::from(dice.below(10_000)) / 10_000.0;
                    let y = lo.y + (hi.y - lo.y) * f64::from(dice.below(10_000)) / 10_000.0;
                    let at = Point::new(x, y);
                    let places = self.hidden_layout(v, at);
                    if self.fits_hidden(v, &places, side, &zones, &zoned).is_ok()
                        && self.clear_of(v, &places, seat)
                    {
                        placed = Some(places);
                        break;
                    }
                }
            }
            let places = placed.unwrap_or_else(|| {
                let k = v - self.first_unit(side);
                let at = self.scenario.sides[side.index()].units[k]
                    .hiding
                    .first()
                    .copied()
                    .unwrap_or(self.scenario.sides[side.index()].units[k].anchor.at);
                self.hidden_layout(v, at)
            });
            for (f, p) in places {
                self.set_pose(f, p);
            }
            let c = self.centre(v);
            let a = self.units[v].anchor;
            self.units[v].anchor = Pose::new(c.x, c.y, a.facing);
        }
    }

    /// Whether `places` for unit `v` keep clear of every figure now on the table (those of the
    /// seat's side and any already imagined) and out of sight of the seat's figures where they
    /// are not concealed.
    fn clear_of(&self, v: usize, places: &[(usize, Pose)], seat: Side) -> bool {
        for (f, p) in places {
            let rect = self.footprint(*f).place(*p);
            for g in 0..self.figures.len() {
                if self.figures[g].unit as usize == v || !self.on_table(g) {
                    continue;
                }
                if self.figures[g].pose.at.dist(p.at) > NEAR {
                    continue;
                }
                if self.bases[g].overlaps(&rect) {
                    return false;
                }
                if self.units[self.figures[g].unit as usize].side == seat
                    && self.bases[g].is_within(&rect, 3.0)
                {
                    return false;
                }
            }
        }
        true
    }

    /// The women of a household stay in their building (scenario 2): the figures of `u` that
    /// never move.
    #[doc(hidden)]
    pub fn women(&self, u: usize) -> usize {
        self.present_figures(u)
            .filter(|&f| self.figures[f].role == Role::Woman)
            .count()
    }
}

/// Centres farther apart than this cannot have bases within 3" of each other: 3" and the
/// half-diagonals of the two largest bases (a boat is 1.6" by 4").
const NEAR: f64 = 3.0 + 2.0 * 2.2;

/// A name as typed: lower case, words joined by '-'.
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    for w in name
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        if !out.is_empty() {
            out.push('-');
        }
        out.push_str(&w.to_lowercase());
    }
    out
}
