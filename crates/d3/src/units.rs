//! The unit types (Units; Movement; Shooting; Veterans), their numbers read from
//! `data/units.toml`, and the rules that hang on the type alone.

use crate::DataError;
use fiw_table::{Footprint, TableError};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// A type of unit, as the rules list them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Type {
    /// Line infantry.
    Line,
    /// Veteran infantry (guards, grenadiers): line infantry that shoots D3+1 and costs 2
    /// resolve when lost.
    Veteran,
    /// Skirmishers (light infantry).
    Skirmishers,
    /// Cavalry.
    Cavalry,
    /// Artillery.
    Artillery,
    /// The army's commander (one per army).
    Commander,
}

impl Type {
    /// Every type, in the order of the data file.
    pub const ALL: [Type; 6] = [
        Type::Line,
        Type::Veteran,
        Type::Skirmishers,
        Type::Cavalry,
        Type::Artillery,
        Type::Commander,
    ];

    /// The word used in data files and orders.
    pub fn word(self) -> &'static str {
        match self {
            Type::Line => "line",
            Type::Veteran => "veteran",
            Type::Skirmishers => "skirmishers",
            Type::Cavalry => "cavalry",
            Type::Artillery => "artillery",
            Type::Commander => "commander",
        }
    }

    /// Infantry of the line, veteran or not.
    pub fn is_infantry(self) -> bool {
        matches!(self, Type::Line | Type::Veteran)
    }

    /// Terrain Effects: only skirmishers may go into woods.
    pub fn may_enter_woods(self) -> bool {
        self == Type::Skirmishers
    }

    /// Terrain Effects: only infantry and skirmishers may end a move in a town.
    pub fn may_end_in_town(self) -> bool {
        self.is_infantry() || self == Type::Skirmishers
    }

    /// Interpenetration: skirmishers and artillery may move through other units.
    pub fn passes_through_units(self) -> bool {
        matches!(self, Type::Skirmishers | Type::Artillery)
    }

    /// Disengaging: only cavalry and skirmishers may leave an engagement.
    pub fn may_disengage(self) -> bool {
        matches!(self, Type::Cavalry | Type::Skirmishers)
    }

    /// Terrain Effects: entrenchments cover infantry, skirmishers and artillery (not cavalry).
    pub fn covered_by_entrenchment(self) -> bool {
        matches!(
            self,
            Type::Line | Type::Veteran | Type::Skirmishers | Type::Artillery
        )
    }

    /// Shooting: a cavalry or skirmish target may retire a full move to take one hit fewer.
    pub fn may_retire_from_fire(self) -> bool {
        matches!(self, Type::Cavalry | Type::Skirmishers)
    }

    /// Charges: only cavalry charge.
    pub fn charges(self) -> bool {
        self == Type::Cavalry
    }

    /// Army Resolve: what losing a unit of this type takes off the army's resolve (Veterans: 2).
    pub fn resolve_loss(self) -> u32 {
        match self {
            Type::Veteran => 2,
            _ => 1,
        }
    }
}

/// The numbers of one type, as read from the data file.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Stats {
    /// The name in messages.
    pub name: String,
    /// Movement allowance, inches.
    pub move_allowance: f64,
    /// Shooting range, inches (`None`: the type does not shoot).
    pub range: Option<f64>,
    /// What is added to the D3 for the hits it inflicts when it shoots.
    pub shoot: i8,
    /// The base.
    pub footprint: Footprint,
    /// Why the chosen values are what they are.
    pub assumed: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StatsDef {
    name: String,
    #[serde(rename = "move")]
    move_allowance: f64,
    range: Option<f64>,
    shoot: Option<i8>,
    frontage: f64,
    depth: f64,
    assumed: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UnitsDef {
    line: StatsDef,
    veteran: StatsDef,
    skirmishers: StatsDef,
    cavalry: StatsDef,
    artillery: StatsDef,
    commander: StatsDef,
}

/// The numbers of every type.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Units {
    stats: [Stats; 6],
    /// Each base's half-diagonal, the radius of the circle it turns in.
    #[serde(skip)]
    radii: [f64; 6],
}

impl Units {
    /// Reads and checks a units file: every type present, moves above 0, ranges and base sizes
    /// positive, a shooting type with both a range and a dice modifier.
    ///
    /// # Errors
    /// One line naming the file and the field: `units.toml: cavalry.move: …`.
    pub fn parse(text: &str, file: &str) -> Result<Units, DataError> {
        let def: UnitsDef = toml::from_str(text).map_err(|e| DataError::toml(file, &e))?;
        let check = |t: Type, d: StatsDef| -> Result<Stats, DataError> {
            let at = |f: &str| format!("{}.{f}", t.word());
            if !(d.move_allowance.is_finite() && d.move_allowance > 0.0) {
                return Err(DataError::new(
                    file,
                    at("move"),
                    format!("must be above 0 inches, not {}", d.move_allowance),
                ));
            }
            if let Some(r) = d.range {
                if !(r.is_finite() && r > 0.0) {
                    return Err(DataError::new(
                        file,
                        at("range"),
                        format!("must be above 0 inches, not {r}"),
                    ));
                }
            }
            if d.range.is_some() != d.shoot.is_some() {
                return Err(DataError::new(
                    file,
                    at("shoot"),
                    "a type that shoots needs both `range` and `shoot`",
                ));
            }
            let footprint =
                Footprint::new(d.frontage, d.depth).map_err(|e| match e.within(t.word()) {
                    TableError::Field { field, reason } => DataError::new(file, field, reason),
                    other => DataError::new(file, t.word(), other.to_string()),
                })?;
            Ok(Stats {
                name: d.name,
                move_allowance: d.move_allowance,
                range: d.range,
                shoot: d.shoot.unwrap_or(0),
                footprint,
                assumed: d.assumed,
            })
        };
        let stats = [
            check(Type::Line, def.line)?,
            check(Type::Veteran, def.veteran)?,
            check(Type::Skirmishers, def.skirmishers)?,
            check(Type::Cavalry, def.cavalry)?,
            check(Type::Artillery, def.artillery)?,
            check(Type::Commander, def.commander)?,
        ];
        let radii = Type::ALL.map(|t| stats[t as usize].footprint.pivot_radius());
        Ok(Units { stats, radii })
    }

    /// The numbers of `t`.
    pub fn get(&self, t: Type) -> &Stats {
        &self.stats[t as usize]
    }

    /// The half-diagonal of `t`'s base: no part of the base is farther from its centre.
    pub fn radius(&self, t: Type) -> f64 {
        self.radii[t as usize]
    }
}

/// The built-in unit types (`data/units.toml`, compiled in; the tests below parse it, so a
/// broken file fails the build's tests rather than a game).
pub fn units() -> &'static Units {
    static UNITS: OnceLock<Units> = OnceLock::new();
    UNITS.get_or_init(|| {
        Units::parse(
            include_str!("../data/units.toml"),
            "crates/d3/data/units.toml",
        )
        .unwrap_or_else(|e| panic!("built-in unit data is broken: {e}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = include_str!("../data/units.toml");

    #[test]
    fn the_unit_types_carry_the_rules_numbers() {
        let u = Units::parse(FILE, "units.toml").unwrap();
        let mv = |t| u.get(t).move_allowance;
        // Movement: cavalry 12", skirmishers and commanders 9", infantry and artillery 6"
        assert_eq!(
            [
                mv(Type::Cavalry),
                mv(Type::Skirmishers),
                mv(Type::Commander)
            ],
            [12.0, 9.0, 9.0]
        );
        assert_eq!(
            [mv(Type::Line), mv(Type::Veteran), mv(Type::Artillery)],
            [6.0, 6.0, 6.0]
        );
        // Shooting: muskets 6", artillery 24"; D3, D3+1 veterans, D3-1 skirmishers and artillery
        let r = |t| u.get(t).range;
        assert_eq!(
            [
                r(Type::Line),
                r(Type::Veteran),
                r(Type::Skirmishers),
                r(Type::Artillery)
            ],
            [Some(6.0), Some(6.0), Some(6.0), Some(24.0)]
        );
        assert_eq!([r(Type::Cavalry), r(Type::Commander)], [None, None]);
        let m = |t| u.get(t).shoot;
        assert_eq!(
            [
                m(Type::Line),
                m(Type::Veteran),
                m(Type::Skirmishers),
                m(Type::Artillery)
            ],
            [0, 1, -1, -1]
        );
        for t in Type::ALL {
            assert!(
                u.get(t).assumed.is_some(),
                "{t:?}: the base size is chosen and must say why"
            );
        }
        assert_eq!(units(), &u);
    }

    #[test]
    fn the_rules_that_hang_on_the_type() {
        use Type::*;
        assert_eq!(
            Type::ALL
                .iter()
                .filter(|t| t.may_enter_woods())
                .collect::<Vec<_>>(),
            [&Skirmishers]
        );
        assert_eq!(
            Type::ALL
                .iter()
                .filter(|t| t.may_end_in_town())
                .collect::<Vec<_>>(),
            [&Line, &Veteran, &Skirmishers]
        );
        assert_eq!(
            Type::ALL
                .iter()
                .filter(|t| t.passes_through_units())
                .collect::<Vec<_>>(),
            [&Skirmishers, &Artillery]
        );
        assert_eq!(
            Type::ALL
                .iter()
                .filter(|t| t.may_disengage())
                .collect::<Vec<_>>(),
            [&Skirmishers, &Cavalry]
        );
        assert_eq!(
            Type::ALL
                .iter()
                .filter(|t| t.may_retire_from_fire())
                .collect::<Vec<_>>(),
            [&Skirmishers, &Cavalry]
        );
        assert_eq!(
            Type::ALL.iter().filter(|t| t.charges()).collect::<Vec<_>>(),
            [&Cavalry]
        );
        assert!(
            !Cavalry.covered_by_entrenchment()
                && !Commander.covered_by_entrenchment()
                && Artillery.covered_by_entrenchment()
        );
        assert_eq!(Type::ALL.map(|t| t.resolve_loss()), [1, 2, 1, 1, 1, 1]);
    }

    #[test]
    fn a_broken_units_file_names_the_field() {
        let err = |text: String| Units::parse(&text, "units.toml").unwrap_err().to_string();
        assert_eq!(
            err(FILE.replacen("move = 12", "move = 0", 1)),
            "units.toml: cavalry.move: must be above 0 inches, not 0"
        );
        assert_eq!(
            err(FILE.replacen("range = 24", "range = -3", 1)),
            "units.toml: artillery.range: must be above 0 inches, not -3"
        );
        assert_eq!(
            err(FILE.replacen("shoot = -1\nfrontage = 3", "frontage = 3", 1)),
            "units.toml: artillery.shoot: a type that shoots needs both `range` and `shoot`"
        );
        assert_eq!(
            err(FILE.replacen("depth = 2\n", "depth = 0\n", 1)),
            "units.toml: cavalry.depth: must be above 0 inches, not 0"
        );
        let missing = err(FILE.replacen("[commander]", "[general]", 1));
        assert!(
            missing.starts_with("units.toml: ") && !missing.contains('\n'),
            "{missing}"
        );
    }
}
