//! Orders as typed and saved: `move fr-reg-3a to 30,12 face 90`, `square br-reg-1a`,
//! `shoot fr-reg-3a at br-reg-1b`, `pass`. Places are held in tenths of an inch and facings in
//! whole degrees, so an action is small and `Copy`.

use crate::state::D3;
use fiw_engine::RuleError;
use fiw_table::Point;
use serde::{Deserialize, Serialize};

/// Tenths of an inch: the grain of a typed position.
pub const GRAIN: f64 = 10.0;

// An order carries its place in tenths of an inch in an `i16`, so it reaches 3,276.7": every
// point of the largest table the table crate loads must be within that reach (a table it
// could not address would load and never be played on).
const _: () = assert!(fiw_table::MAX_SIDE * GRAIN <= i16::MAX as f64);

/// One order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Move a unit straight to a point (its centre, in tenths of an inch), pivoting at the
    /// start and end to face `facing` (whole compass degrees). The same point is a pivot.
    Move {
        /// The unit.
        unit: u8,
        /// Tenths of an inch east of the west edge.
        x: i16,
        /// Tenths of an inch north of the south edge.
        y: i16,
        /// Compass degrees, 0–359.
        facing: u16,
    },
    /// Form square (Squares): the unit's move.
    Square {
        /// The unit.
        unit: u8,
    },
    /// Shoot at an enemy unit (Shooting).
    Shoot {
        /// The shooter.
        unit: u8,
        /// The target.
        target: u8,
    },
    /// A cavalry charge (Charges): the unit turns to face the target and moves straight at it
    /// until the bases touch; the fight is resolved in the charges phase.
    Charge {
        /// The cavalry.
        unit: u8,
        /// The enemy charged.
        target: u8,
    },
    /// A cavalry or skirmish unit just shot at retires its full move straight away from the
    /// shooter and takes one hit fewer (Shooting). `Pass` instead stands and takes them all.
    Retire {
        /// The unit shot at.
        unit: u8,
    },
    /// End the phase (after the charges phase: the turn).
    Pass,
}

impl Action {
    /// A move to `(x, y)` inches facing `facing` degrees, rounded to the grain of actions.
    pub fn move_to(unit: usize, x: f64, y: f64, facing: f64) -> Action {
        let fx = (x * GRAIN).round().clamp(i16::MIN as f64, i16::MAX as f64) as i16;
        let fy = (y * GRAIN).round().clamp(i16::MIN as f64, i16::MAX as f64) as i16;
        let f = fiw_table::normalize(facing.round()).round() as u16 % 360;
        Action::Move {
            unit: unit.min(u8::MAX as usize) as u8,
            x: fx,
            y: fy,
            facing: f,
        }
    }

    /// A move from `from` towards `to` facing `facing`, at the point of the grain of actions
    /// nearest `to` that lies no farther than `reach` from `from`. Rounding alone can add up to
    /// 0.07" to a move, and the rules refuse a whole move even that much too long: a whole
    /// move obliquely would be refused one time in two.
    pub fn move_within(unit: usize, from: Point, to: Point, reach: f64, facing: f64) -> Action {
        let nearest = Action::move_to(unit, to.x, to.y, facing);
        let Action::Move {
            x, y, facing: f, ..
        } = nearest
        else {
            return nearest;
        };
        if from.dist(Action::point(x, y)) <= reach {
            return nearest;
        }
        let (gx, gy) = ((to.x * GRAIN).floor(), (to.y * GRAIN).floor());
        [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)]
            .into_iter()
            .map(|(dx, dy)| Point::new((gx + dx) / GRAIN, (gy + dy) / GRAIN))
            .filter(|p| from.dist(*p) <= reach)
            .min_by(|a, b| a.dist(to).total_cmp(&b.dist(to)))
            .map_or(nearest, |p| Action::Move {
                unit: unit.min(u8::MAX as usize) as u8,
                x: (p.x * GRAIN).round() as i16,
                y: (p.y * GRAIN).round() as i16,
                facing: f,
            })
    }

    /// The point of a move, in inches.
    pub fn point(x: i16, y: i16) -> Point {
        Point::new(x as f64 / GRAIN, y as f64 / GRAIN)
    }

    /// Where a move to `to` (a point of the grain) takes a unit whose centre is at `from`:
    /// `from` itself when `to` is the point of the grain nearest it, else `to`. An order to
    /// the unit's own place, to the tenth of an inch, is a pivot in place: a unit off the grain
    /// (a garrison set up at 43.25", anyone after a charge or a retirement) could otherwise
    /// never pivot, since no order names its exact centre (Movement: pivots on the centre).
    pub fn destination(to: Point, from: Point) -> Point {
        let grain = |v: f64| (v * GRAIN).round();
        if grain(to.x) == grain(from.x) && grain(to.y) == grain(from.y) {
            from
        } else {
            to
        }
    }
}

/// Appends a place in tenths of an inch written in inches, the tenth only when there is one
/// (`30`, `12.5`, `-0.5`): from the integer, since every order's text is written for every
/// menu and save.
fn push_inches(out: &mut Vec<u8>, v: i16) {
    let v = i64::from(v);
    if v < 0 {
        out.push(b'-');
    }
    crate::decimal::push_int(out, v.abs() / 10);
    if v % 10 != 0 {
        out.push(b'.');
        crate::decimal::push_int(out, v.abs() % 10);
    }
}

impl D3 {
    /// The stable text of an action.
    pub fn text_of(&self, a: &Action) -> String {
        match *a {
            Action::Move { unit, x, y, facing } => {
                // `move {id} to {x},{y} face {facing}`, written out: every menu lists dozens
                let id = self.id(unit as usize);
                let mut s = Vec::with_capacity(id.len() + 28);
                s.extend_from_slice(b"move ");
                s.extend_from_slice(id.as_bytes());
                s.extend_from_slice(b" to ");
                push_inches(&mut s, x);
                s.push(b',');
                push_inches(&mut s, y);
                s.extend_from_slice(b" face ");
                crate::decimal::push_int(&mut s, i64::from(facing));
                crate::decimal::text(s)
            }
            Action::Square { unit } => format!("square {}", self.id(unit as usize)),
            Action::Shoot { unit, target } => format!(
                "shoot {} at {}",
                self.id(unit as usize),
                self.id(target as usize)
            ),
            Action::Charge { unit, target } => format!(
                "charge {} at {}",
                self.id(unit as usize),
                self.id(target as usize)
            ),
            Action::Retire { unit } => format!("retire {}", self.id(unit as usize)),
            Action::Pass => "pass".into(),
        }
    }

    /// What an order involves, for a front end that highlights them: the units it names
    /// (the one ordered first, then its target), and for a move the place it ends, as
    /// `(x, y, facing)` in inches and compass degrees: where a page draws the ghost base.
    pub fn refs_of(&self, a: &Action) -> (Vec<&str>, Option<(f64, f64, f64)>) {
        match *a {
            Action::Move { unit, x, y, facing } => (
                vec![self.id(unit as usize)],
                Some((f64::from(x) / 10.0, f64::from(y) / 10.0, f64::from(facing))),
            ),
            Action::Square { unit } | Action::Retire { unit } => {
                (vec![self.id(unit as usize)], None)
            }
            Action::Shoot { unit, target } | Action::Charge { unit, target } => {
                (vec![self.id(unit as usize), self.id(target as usize)], None)
            }
            Action::Pass => (Vec::new(), None),
        }
    }

    fn named(&self, word: Option<&str>) -> Result<usize, RuleError> {
        let word = word.ok_or_else(|| RuleError::input("which unit? (e.g. fr-reg-3a)"))?;
        self.unit_named(word)
            .ok_or_else(|| RuleError::input(format!("no unit is called '{word}'")))
    }

    /// Reads an order (not yet checked against the rules).
    ///
    /// # Errors
    /// `RuleError { rule: "input" }` for text that is not an order.
    pub fn parse(&self, text: &str) -> Result<Action, RuleError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let usage = "orders: move UNIT to X,Y [face DEG] | square UNIT | charge UNIT at UNIT | shoot UNIT at UNIT | retire UNIT | pass";
        match words.as_slice() {
            ["pass"] => Ok(Action::Pass),
            ["retire", u] => Ok(Action::Retire {
                unit: self.named(Some(u))? as u8,
            }),
            ["square", u] => Ok(Action::Square {
                unit: self.named(Some(u))? as u8,
            }),
            ["charge", u, "at", t] => Ok(Action::Charge {
                unit: self.named(Some(u))? as u8,
                target: self.named(Some(t))? as u8,
            }),
            ["shoot", u, "at", t] => Ok(Action::Shoot {
                unit: self.named(Some(u))? as u8,
                target: self.named(Some(t))? as u8,
            }),
            ["move", u, "to", rest @ ..] => {
                let unit = self.named(Some(u))?;
                let (place, facing) = match rest {
                    [p] => (*p, None),
                    [p, "face", f] => (*p, Some(*f)),
                    _ => return Err(RuleError::input(usage)),
                };
                let (xs, ys) = place.split_once(',').ok_or_else(|| {
                    RuleError::input(format!(
                        "'{place}' is not a place: write X,Y in inches, e.g. 30,12"
                    ))
                })?;
                let num = |s: &str, what: &str| -> Result<f64, RuleError> {
                    s.trim()
                        .parse::<f64>()
                        .ok()
                        .filter(|v| v.is_finite() && v.abs() <= fiw_table::MAX_SIDE)
                        .ok_or_else(|| RuleError::input(format!("'{s}' is not a number of {what}")))
                };
                let (x, y) = (num(xs, "inches")?, num(ys, "inches")?);
                // a facing is read modulo 360 whatever its size (3600 as 1000 is): only a
                // number that is not finite is refused
                let facing = match facing {
                    Some(f) => f
                        .trim()
                        .parse::<f64>()
                        .ok()
                        .filter(|v| v.is_finite())
                        .map(|v| v.rem_euclid(360.0))
                        .ok_or_else(|| {
                            RuleError::input(format!("'{f}' is not a number of degrees"))
                        })?,
                    None => self.units()[unit].pose.facing,
                };
                Ok(Action::move_to(unit, x, y, facing))
            }
            _ => Err(RuleError::input(usage)),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn orders_read_and_write_the_same() {
        let g = crate::state::tests::oswego();
        for text in [
            "move fr-reg-3a to 30,12.5 face 90",
            "square br-reg-1a",
            "shoot fr-reg-3a at br-reg-1b",
            "charge fr-cav at br-reg-2b",
            "retire fr-cav",
            "pass",
        ] {
            let a = g.parse(text).unwrap();
            assert_eq!(g.text_of(&a), text);
        }
        // the facing defaults to the unit's own; positions keep a tenth of an inch
        let a = g.parse("move fr-reg-3a to 30.04,12").unwrap();
        assert_eq!(g.text_of(&a), "move fr-reg-3a to 30,12 face 270");
        assert_eq!(
            g.parse("move fr-reg-3a to 30,12 face 450")
                .map(|a| g.text_of(&a))
                .unwrap(),
            "move fr-reg-3a to 30,12 face 90"
        );
    }

    /// A place is written as the tenths of an inch read as a decimal, without a `.0`.
    #[test]
    fn places_are_written_as_inches_to_the_tenth() {
        for v in i16::MIN..=i16::MAX {
            let s = format!("{:.1}", v as f64 / super::GRAIN);
            let was = s.strip_suffix(".0").map(str::to_string).unwrap_or(s);
            let mut s = Vec::new();
            super::push_inches(&mut s, v);
            assert_eq!(crate::decimal::text(s), was);
        }
    }

    /// Every place on the largest table the table crate loads can be ordered to.
    #[test]
    fn orders_reach_every_place_of_the_largest_table() {
        let g = crate::state::tests::oswego();
        let side = fiw_table::MAX_SIDE;
        let a = g
            .parse(&format!("move fr-reg-3a to {side},{side} face 0"))
            .unwrap();
        let crate::Action::Move { x, y, .. } = a else {
            panic!("{a:?}")
        };
        assert_eq!(
            super::Action::point(x, y),
            fiw_table::Point::new(side, side)
        );
    }

    #[test]
    fn text_that_is_not_an_order_is_refused_in_one_line() {
        let g = crate::state::tests::oswego();
        for bad in [
            "",
            "move",
            "move fr-reg-9z to 1,1",
            "move fr-reg-3a to 30",
            "move fr-reg-3a to x,1",
            "move fr-reg-3a to NaN,1",
            "shoot fr-reg-3a br-reg-1b",
            "move fr-reg-3a to 1e9,1",
            "move fr-reg-3a to 1000.1,1",
        ] {
            let e = g.parse(bad).unwrap_err();
            assert_eq!(e.rule, "input", "{bad}");
            assert!(!e.message.contains('\n'));
        }
    }
}
