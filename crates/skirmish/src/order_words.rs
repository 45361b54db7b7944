//! An order as a club player reads it on a button ("take the control check (3.1): to move,
//! charge, rally or keep fire for a charge" for `test`, "step 4.1" toward the north-north-east
//! (bearing 14)" for `step 4.1 at 14`): the typed text stays what plays the order and what a
//! save holds; these words are only shown. The newcomers could not tell from `test`, `spot
//! the-woods-south-of-b` or `face 14` what they would do (audit 2026-12-04, M9).

use crate::actions::{inches, Action, GRAIN};
use crate::state::Skirmish;

/// The sixteen points of the compass, from north clockwise.
const POINTS: [&str; 16] = [
    "north",
    "north-north-east",
    "north-east",
    "east-north-east",
    "east",
    "east-south-east",
    "south-east",
    "south-south-east",
    "south",
    "south-south-west",
    "south-west",
    "west-south-west",
    "west",
    "west-north-west",
    "north-west",
    "north-north-west",
];

/// The compass point nearest `bearing` degrees (0 north, 90 east).
pub fn compass(bearing: u16) -> &'static str {
    let b = f64::from(bearing % 360);
    POINTS[((b / 22.5).round() as usize) % 16]
}

impl Skirmish {
    /// The words a button shows for `a`, or `None` where its text says it plainly already
    /// (`fire at fr-a`, `charge br-b`).
    pub fn order_words(&self, a: &Action) -> Option<String> {
        let unit = |u: u8| self.id(u as usize).to_string();
        Some(match *a {
            Action::Test => {
                "take the control check (3.1): to move, charge, rally or keep fire for a charge"
                    .into()
            }
            Action::Sign { plus } => format!(
                "the bold leader {} 1 on the check's roll (3.3)",
                if plus { "adds" } else { "takes" }
            ),
            Action::Stand => "stand where it is after the check (3.2)".into(),
            Action::Spot { area } => format!(
                "search {} for hidden enemies (7.7)",
                self.area_name(area as usize)
            ),
            Action::Call { target } => {
                format!(
                    "call on the surrounded {} to surrender (12.2)",
                    unit(target)
                )
            }
            Action::Detach { fig, to } => format!(
                "send {} as a messenger to {} (4.1)",
                self.figure_id(fig as usize),
                unit(to)
            ),
            Action::Move => "roll its move (5.1), then step, wheel, march or form".into(),
            Action::Reserve => "keep its fire for a charge at it (6.3)".into(),
            Action::Rally { back } => {
                if back {
                    "rally, falling back half a move (12.4)".into()
                } else {
                    "rally where it stands (12.4)".into()
                }
            }
            Action::Step { bearing, tenths } => format!(
                "step {}\" toward the {} (bearing {bearing}), keeping its facing (5.4)",
                inches(f64::from(tenths) / GRAIN),
                compass(bearing)
            ),
            Action::Wheel { right, degrees } => format!(
                "wheel {degrees}° {} on its front corner (5.4)",
                if right { "clockwise" } else { "anticlockwise" }
            ),
            Action::Face { facing } => {
                format!("face the {} (bearing {facing}) (5.7)", compass(facing))
            }
            Action::Done => "end the move".into(),
            Action::Pass => "do nothing this turn (2.1)".into(),
            Action::CloseUp { yes } => {
                if yes {
                    "step the defenders up to the chargers (6.1)".into()
                } else {
                    "stay where they stand (6.1)".into()
                }
            }
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Options;
    use fiw_engine::Game;

    /// M9: the orders the newcomers could not read say what they do, with their rule; an
    /// order whose text is plain has no words of its own; the typed text is unchanged.
    #[test]
    fn m9_terse_orders_are_worded_with_their_rule_and_the_typed_text_stays() {
        let options = Options {
            scenario: "raid".into(),
            ..Options::default()
        };
        let g = Skirmish::new(&options, 7).unwrap();
        let words = |a: Action| g.order_words(&a).unwrap_or_default();
        assert!(words(Action::Test).contains("control check (3.1)"));
        assert_eq!(
            words(Action::Step {
                bearing: 14,
                tenths: 41
            }),
            "step 4.1\" toward the north-north-east (bearing 14), keeping its facing (5.4)"
        );
        assert_eq!(
            words(Action::Face { facing: 270 }),
            "face the west (bearing 270) (5.7)"
        );
        assert_eq!(
            g.action_text(&Action::Step {
                bearing: 14,
                tenths: 41
            }),
            "step 4.1 at 14"
        );
        assert!(g.order_words(&Action::Shoot { target: 0 }).is_none());
        // a concealing area is searched by its name as the scenario writes it
        if !g.concealing_areas().is_empty() {
            let w = words(Action::Spot { area: 0 });
            assert!(
                w.starts_with("search ") && w.contains(&g.area_name(0)),
                "{w}"
            );
        }
    }

    #[test]
    fn bearings_read_as_points_of_the_compass() {
        assert_eq!(compass(0), "north");
        assert_eq!(compass(14), "north-north-east");
        assert_eq!(compass(90), "east");
        assert_eq!(compass(191), "south");
        assert_eq!(compass(350), "north");
        assert_eq!(compass(720), "north");
    }
}
