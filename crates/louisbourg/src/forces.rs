//! 4, 5 the blocks of both sides, loaded from `data/forces.toml`.

use crate::board::{loc_named, Loc, BRITISH_BOX, GABARUS_BAY, LOUISBOURG_HARBOR, REINFORCEMENTS};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// The two sides (the kernel's); also the seat index (British 0, French 1).
pub use fiw_engine::Side;

/// 5.1, 5.2 unit types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Regular,
    Light,
    Ranger,
    Militia,
    Indian,
    Ship,
}

impl Kind {
    /// 5.1, 5.2 movement rate: regulars 1, everything light 2 (ships move by 8.3.4).
    pub fn movement(self) -> u8 {
        match self {
            Kind::Regular => 1,
            Kind::Light | Kind::Ranger | Kind::Militia | Kind::Indian => 2,
            Kind::Ship => 0,
        }
    }
    /// 8.3.2 British rangers and French Indians fire double in raids.
    pub fn raid_double_fire(self) -> bool {
        matches!(self, Kind::Ranger | Kind::Indian)
    }
    /// The word used on the command line (`regular`, `ship`…).
    pub fn id(self) -> &'static str {
        match self {
            Kind::Regular => "regular",
            Kind::Light => "light",
            Kind::Ranger => "ranger",
            Kind::Militia => "militia",
            Kind::Indian => "indian",
            Kind::Ship => "ship",
        }
    }
    /// Reads a kind word.
    pub fn named(s: &str) -> Option<Kind> {
        Some(match s {
            "regular" => Kind::Regular,
            "light" => Kind::Light,
            "ranger" => Kind::Ranger,
            "militia" => Kind::Militia,
            "indian" => Kind::Indian,
            "ship" => Kind::Ship,
            _ => return None,
        })
    }
}

/// Where a block starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Start {
    /// On the board at this place.
    At(Loc),
    /// Placed by the French set-up after the landing plan (7).
    FrenchSetup,
}

/// One block as the data gives it.
#[derive(Clone, Debug, Serialize)]
pub struct UnitDef {
    pub id: String,
    pub side: Side,
    pub kind: Kind,
    pub max_sp: u8,
    pub start: Start,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Line {
    prefix: String,
    side: Side,
    kind: Kind,
    sp: u8,
    count: u8,
    start: String,
    #[serde(default)]
    source: Option<String>,
    #[serde(default)]
    assumed: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ForcesFile {
    unit: Vec<Line>,
}

/// Both orders of battle; British blocks first, then French.
#[derive(Clone, Debug)]
pub struct Forces {
    pub units: Vec<UnitDef>,
    /// `(line description, reason)` of every assumed line, for `fiw rules`.
    pub assumed: Vec<(String, String)>,
}

/// Most blocks the state can hold (fixed arrays keep the simulator fast).
pub const MAX_UNITS: usize = 64;

impl Forces {
    /// The printed SP of `side`'s army blocks, ships not counted (13).
    pub fn army_sp(&self, side: Side) -> u32 {
        self.units
            .iter()
            .filter(|d| d.side == side && d.kind != Kind::Ship)
            .map(|d| u32::from(d.max_sp))
            .sum()
    }

    /// Parses and validates a forces file.
    pub fn parse(text: &str, file: &str) -> Result<Forces, String> {
        let raw: ForcesFile = toml::from_str(text).map_err(|e| format!("{file}: {e}"))?;
        let mut units = Vec::new();
        let mut assumed = Vec::new();
        for side in [Side::British, Side::French] {
            for (n, l) in raw.unit.iter().enumerate().filter(|(_, l)| l.side == side) {
                let at =
                    |msg: &str| format!("{file}: [[unit]] number {} ({}): {msg}", n + 1, l.prefix);
                if !(1..=4).contains(&l.sp) {
                    return Err(at("field sp must be 1 to 4"));
                }
                let start = match (l.start.as_str(), loc_named(&l.start)) {
                    ("french-setup", _) if side == Side::French => Start::FrenchSetup,
                    (
                        _,
                        Some(
                            loc @ (BRITISH_BOX | GABARUS_BAY | LOUISBOURG_HARBOR | REINFORCEMENTS),
                        ),
                    ) => Start::At(loc),
                    _ => {
                        return Err(at(&format!(
                            "field start: '{}' is not a starting box",
                            l.start
                        )))
                    }
                };
                if (l.kind == Kind::Ship)
                    != matches!(start, Start::At(GABARUS_BAY | LOUISBOURG_HARBOR))
                {
                    return Err(at(
                        "field start: ships start in a sea area, army units on land or in a box",
                    ));
                }
                let allowed: &[Kind] = match side {
                    Side::British => &[Kind::Regular, Kind::Light, Kind::Ranger, Kind::Ship],
                    Side::French => &[Kind::Regular, Kind::Militia, Kind::Indian, Kind::Ship],
                };
                if !allowed.contains(&l.kind) {
                    return Err(at(&format!(
                        "field kind: the {} have no {} units (5)",
                        side.name(),
                        l.kind.id()
                    )));
                }
                match (&l.source, &l.assumed) {
                    (_, Some(why)) => assumed.push((
                        format!(
                            "{} {} {} SP x{} ({})",
                            side.name(),
                            l.kind.id(),
                            l.sp,
                            l.count,
                            l.prefix
                        ),
                        why.clone(),
                    )),
                    (Some(_), None) => {}
                    (None, None) => return Err(at("needs `source` or `assumed`")),
                }
                for i in 1..=l.count {
                    units.push(UnitDef {
                        id: format!("{}-{}", l.prefix, i),
                        side,
                        kind: l.kind,
                        max_sp: l.sp,
                        start,
                    });
                }
            }
        }
        if units.len() > MAX_UNITS {
            return Err(format!("{file}: at most {MAX_UNITS} blocks in all"));
        }
        let mut ids: Vec<&str> = units.iter().map(|u| u.id.as_str()).collect();
        ids.sort();
        if let Some(w) = ids.windows(2).find(|w| w[0] == w[1]) {
            return Err(format!("{file}: two blocks are named '{}'", w[0]));
        }
        Ok(Forces { units, assumed })
    }
}

/// The forces of `data/forces.toml`, parsed once.
pub fn forces() -> &'static Forces {
    static FORCES: OnceLock<Forces> = OnceLock::new();
    FORCES.get_or_init(|| {
        Forces::parse(
            include_str!("../data/forces.toml"),
            "crates/louisbourg/data/forces.toml",
        )
        .unwrap_or_else(|e| panic!("built-in forces data is broken: {e}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_forces_match_the_rulebook() {
        let f = forces();
        let count = |side, kind| {
            f.units
                .iter()
                .filter(|u| u.side == side && u.kind == kind)
                .count()
        };
        // 4: 21 blue blocks = 18 army + 2 ships + the turn marker
        let french_army = f
            .units
            .iter()
            .filter(|u| u.side == Side::French && u.kind != Kind::Ship)
            .count();
        assert_eq!(french_army, 18);
        assert_eq!(count(Side::French, Kind::Ship), 2);
        assert_eq!(count(Side::British, Kind::Ship), 6);
        // 14: the solitaire set-up uses exactly these French blocks
        let sp = |side, kind, sp| {
            f.units
                .iter()
                .filter(|u| u.side == side && u.kind == kind && u.max_sp == sp)
                .count()
        };
        assert_eq!(sp(Side::French, Kind::Regular, 4), 4);
        assert_eq!(sp(Side::French, Kind::Regular, 3), 3);
        assert_eq!(sp(Side::French, Kind::Militia, 2), 5);
        assert_eq!(sp(Side::French, Kind::Militia, 1), 4);
        assert_eq!(sp(Side::French, Kind::Indian, 2), 2);
        // British blocks fit in 31 red blocks (with the 6 landing blocks)
        assert!(f.units.iter().filter(|u| u.side == Side::British).count() + 6 <= 31);
    }

    #[test]
    fn a_broken_forces_file_names_the_field() {
        let text = include_str!("../data/forces.toml").replacen("sp = 4", "sp = 9", 1);
        let err = Forces::parse(&text, "forces.toml").unwrap_err();
        assert!(err.contains("field sp"), "{err}");
        let text = include_str!("../data/forces.toml").replacen(
            "kind = \"light\"",
            "kind = \"indian\"",
            1,
        );
        let err = Forces::parse(&text, "forces.toml").unwrap_err();
        assert!(err.contains("no indian"), "{err}");
    }
}
