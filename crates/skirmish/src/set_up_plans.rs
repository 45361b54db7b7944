//! S1 the computer general's set-up: the scenario's plans (behind the abatis, the road held at
//! the farm, a forward screen, defence in depth for the Relief Column), one rolled for at the
//! start and carried out an order at a time from what the side's view shows: the pieces of
//! abatis the plan has no use for are lifted first (so its own fit in the 12"), then each unit
//! is set where the plan puts it, then the plan's abatis is laid, then the side is ready. An
//! order the rules refuse now is left for later, and `ready` ends it when nothing of the plan
//! is left that the rules allow, so a plan that does not fit the table cannot stall the game.

use crate::actions::{tenths, Action};
use crate::game::View;
use crate::scenario::Side;
use crate::set_up::set_order;

/// Whether two pieces of abatis are the same, either way round, to a tenth of an inch.
fn same_piece(a: [f64; 4], b: [f64; 4]) -> bool {
    let near = |x: f64, y: f64| (x - y).abs() < 0.06;
    let fwd = (0..4).all(|i| near(a[i], b[i]));
    let back = near(a[0], b[2]) && near(a[1], b[3]) && near(a[2], b[0]) && near(a[3], b[1]);
    fwd || back
}

/// The index in `legal` of the next order of plan `plan` for `me`, or of `ready`.
pub(crate) fn next_order(view: &View, me: Side, plan: usize, legal: &[Action]) -> usize {
    let ready = legal.iter().position(|a| *a == Action::Ready).unwrap_or(0);
    let Some(s) = view.table.sides[me.index()].set_up.as_ref() else {
        return ready;
    };
    let Some(p) = s.plans.get(plan) else {
        return ready;
    };
    let wanted: Vec<[f64; 4]> = p
        .abatis
        .iter()
        .map(|&(a, b)| {
            let t = |v: f64| f64::from(tenths(v)) / 10.0;
            [t(a.x), t(a.y), t(b.x), t(b.y)]
        })
        .collect();
    let pick = |a: &Action| legal.iter().position(|b| b == a);
    // the pieces the plan does not lay, lifted
    for (n, piece) in view.abatis.iter().enumerate() {
        if !wanted.iter().any(|w| same_piece(*w, *piece)) {
            if let Some(k) = pick(&Action::Lift {
                piece: (n + 1) as u8,
            }) {
                return k;
            }
        }
    }
    // each unit where the plan puts it
    // the British units come first in a game, then the French
    let first = match me {
        Side::British => 0,
        Side::French => view.table.sides[0].units.len(),
    };
    for &(k, at, facing) in &p.units {
        let order = set_order(first + k, at, facing);
        let Action::SetUp {
            x, y, facing: f, ..
        } = order
        else {
            continue;
        };
        let there = view
            .units
            .iter()
            .find(|u| u.index == first + k)
            .is_some_and(|u| {
                (u.anchor[0] - f64::from(x) / 10.0).abs() < 0.06
                    && (u.anchor[1] - f64::from(y) / 10.0).abs() < 0.06
                    && {
                        let d = fiw_table::normalize(u.facing - f64::from(f));
                        d.min(360.0 - d) < 0.5
                    }
            });
        if !there {
            if let Some(k) = pick(&order) {
                return k;
            }
        }
    }
    // the plan's abatis
    for w in &wanted {
        if !view.abatis.iter().any(|piece| same_piece(*w, *piece)) {
            let a = Action::Abatis {
                x: tenths(w[0]),
                y: tenths(w[1]),
                x2: tenths(w[2]),
                y2: tenths(w[3]),
            };
            if let Some(k) = pick(&a) {
                return k;
            }
        }
    }
    ready
}
