//! Orders and their outcomes in a club player's words: "moves 5.8" east to 3" south of the
//! west woods, facing east" where the typed order says `move fr-reg-2a to 9,28 face 90`. The
//! typed text stays what plays the order and what a save holds; these words are what the log
//! and a button show (audit 2026-12-04, newcomers L3 and L11: a log of coordinates is one our
//! club's other players would not follow).

use crate::actions::Action;
use crate::state::D3;
use fiw_table::{bearing, compass, inches, Point};

/// "1 hit", "3 hits": the log's and the drawing's count of hits (the log said "1 hits").
pub(crate) fn hits(n: impl Into<u32>) -> String {
    let n = n.into();
    format!("{n} hit{}", if n == 1 { "" } else { "s" })
}

impl D3 {
    /// A move of unit `i` to `to`, facing `facing`, said from where it stands, with `verbs`
    /// the words for a move and for a pivot in place: ("moves", "pivots") gives "moves 5.8"
    /// east to 3" south of the west woods, facing east" or "pivots in place to face east". Only
    /// the table's public facts: D3 hides nothing.
    pub(crate) fn move_words(
        &self,
        i: usize,
        to: Point,
        facing: f64,
        (moves, pivots): (&str, &str),
    ) -> String {
        let Some(u) = self.units.get(i) else {
            return String::new();
        };
        let from = u.pose.at;
        let face = compass(facing);
        if from.dist(to) < 0.05 {
            return format!("{pivots} in place to face {face}");
        }
        format!(
            "{moves} {}\" {} {}, facing {face}",
            inches(from.dist(to)),
            compass(bearing(from, to)),
            self.scenario.layout.whereabouts(to).to()
        )
    }

    /// Where a point of the table is, by its named terrain ("on the rise", "3" south of Fort
    /// Oswego").
    pub fn whereabouts(&self, p: Point) -> String {
        self.scenario.layout.whereabouts(p).at()
    }

    /// The words a button shows for `a`, or `None` where its text says it plainly already
    /// (`shoot br-reg-1a at fr-reg-2b`, `charge fr-cav at br-rng-a`).
    pub fn order_words(&self, a: &Action) -> Option<String> {
        Some(match *a {
            Action::Move { unit, x, y, facing } => {
                let i = unit as usize;
                let to = Action::destination(Action::point(x, y), self.units.get(i)?.pose.at);
                let w = self.move_words(i, to, f64::from(facing), ("move", "pivot"));
                // the degrees tell apart two ghosts that differ by a few
                format!("{w} ({facing}°)")
            }
            Action::Square { .. } => "form square: its move for the turn".into(),
            Action::Retire { .. } => {
                "retire a full move straight away from the shooter, taking one hit fewer".into()
            }
            Action::Pass => match &self.pending {
                Some(_) => "stand and take every hit".into(),
                None => format!("pass: end the {} phase", self.phase.word()),
            },
            Action::Shoot { .. } | Action::Charge { .. } => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fiw_engine::Game;

    #[test]
    fn a_move_reads_by_the_tables_landmarks() {
        let g = D3::new(&crate::Options::default(), 1).unwrap();
        let id = "fr-reg-2a";
        let i = g.ids.iter().position(|n| n == id).unwrap();
        let at = g.units[i].pose.at;
        let a = g
            .parse_action(&format!("move {id} to {},{} face 90", at.x + 4.0, at.y))
            .unwrap();
        let w = g.order_words(&a).unwrap();
        assert!(w.starts_with("move 4\" east to "), "{w}");
        assert!(w.ends_with(", facing east (90°)"), "{w}");
        // a pivot in place says so
        let a = g
            .parse_action(&format!("move {id} to {},{} face 180", at.x, at.y))
            .unwrap();
        assert_eq!(
            g.order_words(&a).unwrap(),
            "pivot in place to face south (180°)"
        );
        assert!(g
            .order_words(&Action::Shoot {
                unit: i as u8,
                target: 0
            })
            .is_none());
    }

    #[test]
    fn the_fort_and_the_rise_name_the_places_in_them() {
        let g = D3::new(&crate::Options::default(), 1).unwrap();
        assert_eq!(g.whereabouts(Point::new(36.0, 35.0)), "in Fort Oswego");
        assert_eq!(g.whereabouts(Point::new(36.0, 10.0)), "on the rise");
        assert_eq!(
            g.whereabouts(Point::new(36.0, 5.0)),
            "3\" south of the rise"
        );
        assert_eq!(
            g.whereabouts(Point::new(63.0, 28.0)),
            "at 63,28 in the east end of the table"
        );
    }

    #[test]
    fn one_hit_is_one_hit() {
        assert_eq!(hits(1u8), "1 hit");
        assert_eq!(hits(0u8), "0 hits");
        assert_eq!(hits(3u8), "3 hits");
    }
}
