//! An order as a club player reads it on a button ("take the control check (3.1): to move,
//! charge, rally or keep fire for a charge" for `test`, "step 4.1" toward the north-north-east
//! (bearing 14)" for `step 4.1 at 14`): the typed text stays what plays the order and what a
//! save holds; these words are only shown. The newcomers could not tell from `test`, `spot
//! the-woods-south-of-b` or `face 14` what they would do (audit 2026-12-04, M9).

use crate::actions::{point, Action, GRAIN};
use crate::state::Skirmish;
use fiw_table::{compass, inches, Whereabouts};

impl Skirmish {
    /// A typed place (tenths of an inch) by the table's named terrain.
    fn place_words(&self, x: i16, y: i16) -> Whereabouts {
        self.scenario.layout.whereabouts(point(x, y))
    }

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
            Action::Join { fig, to } => format!(
                "{} rides to join {} (1.2)",
                self.figure_id(fig as usize),
                unit(to)
            ),
            Action::Move => "roll its move (5.1), then step, wheel, march or form".into(),
            Action::Deploy { unit: u, x, y } => format!(
                "deploy {} with its middle {} (7.7)",
                unit(u),
                self.place_words(x, y).at()
            ),
            Action::SetUp {
                unit: u,
                x,
                y,
                facing,
            } => {
                // the computer general's plan that puts it there, if one does: the listed
                // places are told apart by it
                let plan = self.set_up_plan_of(u as usize, x, y, facing);
                format!(
                    "set {} up at {},{} ({}), facing the {} ({facing}){} (S1)",
                    unit(u),
                    inches(f64::from(x) / GRAIN),
                    inches(f64::from(y) / GRAIN),
                    self.place_words(x, y).at(),
                    compass(f64::from(facing)),
                    plan.map_or(String::new(), |p| format!(": the plan '{p}'"))
                )
            }
            Action::Abatis { x, y, x2, y2 } => format!(
                "lay abatis from {} {} ({}\") (S1)",
                self.place_words(x, y).at(),
                self.place_words(x2, y2).to(),
                inches(point(x, y).dist(point(x2, y2)))
            ),
            Action::Lift { piece } => format!("take up piece {piece} of the abatis (S1)"),
            Action::Ready => "the set-up is done: play begins (S1)".into(),
            Action::March { x, y } => {
                format!(
                    "march the head of the column {} (5.4)",
                    self.place_words(x, y).to()
                )
            }
            Action::Place { fig, x, y } => format!(
                "move {} {} (5.4)",
                self.figure_id(fig as usize),
                self.place_words(x, y).to()
            ),
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
                compass(f64::from(bearing))
            ),
            Action::Wheel { right, degrees } => format!(
                "wheel {degrees}° {} on its front corner (5.4)",
                if right { "clockwise" } else { "anticlockwise" }
            ),
            Action::Face { facing } => {
                format!(
                    "face the {} (bearing {facing}) (5.7)",
                    compass(f64::from(facing))
                )
            }
            Action::Done => "end the move".into(),
            Action::Mount { on } => if on {
                "mount the horses: half the move, then on as cavalry (5.8)"
            } else {
                "dismount: half the move, then on foot as infantry (5.8)"
            }
            .into(),
            Action::Help { gun } => format!(
                "lend men to {} for the turn, to move or serve it (5.3, 9.1)",
                unit(gun)
            ),
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
        // a place by the table's landmarks, not its coordinates alone (newcomers L3)
        let w = words(Action::March { x: 250, y: 180 });
        assert!(
            w.starts_with("march the head of the column ") && w.ends_with(" (5.4)"),
            "{w}"
        );
        assert!(!w.contains("25,18") || w.contains(" of the table"), "{w}");
        // a concealing area is searched by its name as the scenario writes it
        if !g.concealing_areas().is_empty() {
            let w = words(Action::Spot { area: 0 });
            assert!(
                w.starts_with("search ") && w.contains(&g.area_name(0)),
                "{w}"
            );
        }
    }
}
