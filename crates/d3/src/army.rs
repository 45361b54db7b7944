//! Hits and elimination (Eliminating Units), and army resolve (Army Resolve; Veterans).

use crate::units::Type;

/// Eliminating Units: a unit in the open is eliminated once it has more hits than this.
pub const OPEN_LIMIT: u8 = 6;
/// Eliminating Units: a unit in cover is eliminated once it has more hits than this.
pub const COVER_LIMIT: u8 = 12;
/// Eliminating Units: a unit in cover with this many hits or more may not move.
pub const COVER_PINNED: u8 = 6;

/// Whether a unit with `hits` is eliminated, in cover or not.
pub fn eliminated(hits: u8, in_cover: bool) -> bool {
    hits > if in_cover { COVER_LIMIT } else { OPEN_LIMIT }
}

/// Whether a unit with `hits` in cover is held there (it may not move).
pub fn pinned(hits: u8, in_cover: bool) -> bool {
    in_cover && hits >= COVER_PINNED
}

/// Army Resolve: half the units (the commander not counted among them), rounded up, plus 1
/// for the general. `types` lists every unit of the army at the start, the commander included.
pub fn starting_resolve(types: &[Type]) -> u32 {
    let units = types.iter().filter(|t| **t != Type::Commander).count() as u32;
    let general = u32::from(types.contains(&Type::Commander));
    units.div_ceil(2) + general
}

/// Army Resolve: the resolve left after losing the units of `lost` (1 each, 2 for a veteran),
/// never below 0.
pub fn resolve_after(start: u32, lost: impl IntoIterator<Item = Type>) -> u32 {
    let loss: u32 = lost.into_iter().map(Type::resolve_loss).sum();
    start.saturating_sub(loss)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Type::*;

    #[test]
    fn a_unit_in_the_open_goes_at_seven_hits() {
        assert!(!eliminated(6, false));
        assert!(eliminated(7, false));
        assert!(
            !pinned(6, false),
            "only units in cover are held by their hits"
        );
    }

    #[test]
    fn a_unit_in_cover_goes_at_thirteen_hits_and_is_held_from_six() {
        assert!(!eliminated(7, true));
        assert!(!eliminated(12, true));
        assert!(eliminated(13, true));
        assert!(!pinned(5, true));
        assert!(pinned(6, true));
    }

    #[test]
    fn resolve_is_half_the_units_rounded_up_plus_one_for_the_general() {
        // 12 units and a general: 6 + 1
        let mut army = vec![Line; 12];
        army.push(Commander);
        assert_eq!(starting_resolve(&army), 7);
        // 13 units: 6.5 rounds up to 7, + 1
        army.push(Cavalry);
        assert_eq!(starting_resolve(&army), 8);
        // no general, no extra point
        assert_eq!(starting_resolve(&[Line, Line, Line]), 2);
    }

    #[test]
    fn veterans_cost_two_and_resolve_stops_at_zero() {
        assert_eq!(resolve_after(7, [Line, Veteran]), 4);
        assert_eq!(resolve_after(2, [Veteran, Veteran]), 0);
        assert_eq!(resolve_after(7, []), 7);
    }
}
