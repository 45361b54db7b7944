//! A unit's figures at set-up: their organisation as 1.2 gives it, and their places in the
//! unit's formation round its anchor.

use super::*;

/// 1.2 a company's organisation: its own figures (its officer or leader, sergeant and men;
/// the battalion's colonel, colour party, heroes and generals attached to it are not counted).
pub(super) fn check_organisation(
    _at: &str,
    troop: Troop,
    figures: &[FigureSetup],
) -> Result<(), String> {
    let count = |r: Role| figures.iter().filter(|f| f.role == r).count();
    let (officers, sergeants, privates) = (
        count(Role::Officer),
        count(Role::Sergeant),
        count(Role::Private),
    );
    if sergeants > 1 {
        return Err("a company swaps at most one man for a sergeant (1.2)".into());
    }
    let leaders =
        officers + sergeants + count(Role::Hero) + count(Role::Colonel) + count(Role::Major);
    if leaders == 0 && troop != Troop::Wagon {
        return Err("a company has at least one leader (1.2)".into());
    }
    let own = officers + sergeants + privates;
    let men = sergeants + privates;
    let range = |lo: usize, hi: usize, what: &str| {
        if (lo..=hi).contains(&men) && officers == 1 {
            Ok(())
        } else {
            Err(format!(
                "{what} (1.2), not {officers} officer(s) and {men} men"
            ))
        }
    };
    match troop {
        Troop::Regular | Troop::Light => range(
            5,
            11,
            "a company of regulars has an officer and 5 to 11 men",
        ),
        Troop::Irregular => range(
            5,
            7,
            "a company or band of irregulars has a leader and 5 to 7 men",
        ),
        Troop::Militia => range(5, 7, "a company of militia has an officer and 5 to 7 men"),
        Troop::Cavalry => range(
            5,
            7,
            "a troop of cavalry has an officer and 5 to 7 troopers",
        ),
        Troop::Artillery => {
            let guns = count(Role::Gun);
            let crew = men;
            let heavy = figures.iter().any(|f| f.gun == Some(GunKind::Heavy));
            let want = if heavy { 5 } else { 3 };
            if guns != 1 || officers != 1 || crew != want {
                Err(format!("a gun section is a gun, an officer or NCO and {want} crew (1.2), not {guns} gun(s), {officers} officer(s) and {crew} crew"))
            } else {
                Ok(())
            }
        }
        Troop::Household => {
            let women = count(Role::Woman);
            if !(2..=3).contains(&women) || !(3..=5).contains(&own) {
                Err(format!(
                    "a household is 2 or 3 women and 3 to 5 men (S2), not {women} and {own}"
                ))
            } else {
                Ok(())
            }
        }
        Troop::Wagon => {
            if count(Role::Wagon) != 1 || own > 1 {
                Err("a wagon unit is one wagon and at most its driver".into())
            } else {
                Ok(())
            }
        }
    }
}

/// Places the figures of a unit at the start, in its formation round `anchor`.
pub(super) fn lay_out(
    figures: &mut [FigureSetup],
    troop: Troop,
    formation: Formation,
    anchor: Pose,
    path: &[Point],
    rows: u8,
    building: Option<&Feature>,
) {
    let foot = charts().footprint(Base::Foot);
    // women stand in their building; the rest in the formation
    let (inside, outside): (Vec<usize>, Vec<usize>) = (0..figures.len()).partition(|&i| {
        figures[i].role == Role::Woman || matches!(formation, Formation::Building(_))
    });
    if let Some(b) = building {
        let stations = building_stations(b, inside.len(), foot);
        for (k, &i) in inside.iter().enumerate() {
            figures[i].pose = stations[k.min(stations.len().saturating_sub(1))];
        }
    }
    let n = outside.len();
    let base = charts().footprint(base_of(Role::Private, troop));
    let slots = match formation {
        Formation::Line { ranks } => formation::line_slots(n, ranks, anchor, base),
        Formation::Column { width } => {
            let trail = if path.is_empty() {
                vec![anchor.at - anchor.ahead()]
            } else {
                path.to_vec()
            };
            formation::column_slots(n, width, anchor, &trail, base)
        }
        Formation::Battery => {
            let gun = charts().footprint(Base::Gun);
            let wagon = charts().footprint(Base::Wagon);
            let piece = outside
                .iter()
                .find(|&&i| figures[i].role.is_piece())
                .map(|&i| figures[i].role);
            let piece_base = if piece == Some(Role::Wagon) {
                wagon
            } else {
                gun
            };
            formation::battery_slots(n.saturating_sub(1), anchor, piece_base, foot)
        }
        _ => formation::skirmish_rows(n, rows, anchor, base, SKIRMISH_SPACING),
    };
    // pieces first (a battery's first slot), then leaders, then the rest
    let mut order = outside.clone();
    order.sort_by_key(|&i| {
        (
            !figures[i].role.is_piece(),
            !figures[i].role.is_officer(),
            i,
        )
    });
    for (k, i) in order.into_iter().enumerate() {
        if let Some(p) = slots.get(k) {
            figures[i].pose = *p;
        }
    }
}
