//! 2 Game Board: the four regions, each one route of towns from a British flag town to a French
//! flag town, loaded from `data/map.toml`.
//!
//! Markers only ever move by advancing or retreating one town along their region's route, so a
//! route is all the map a region needs: the British markers stand at one town and the French at
//! the next one towards Canada.

use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// A region, by its index in [`REGION_IDS`].
pub type Region = u8;
/// The number of regions (2 Game Board: Ohio, Mohawk, Hudson, Atlantic).
pub const REGIONS: usize = 4;
/// The longest route the fixed-size state can hold.
pub const MAX_TOWNS: usize = 8;
/// The region ids, in map order (the data must list them so).
pub const REGION_IDS: [&str; REGIONS] = ["ohio", "mohawk", "hudson", "atlantic"];
/// 3.4 the one region whose attacks need Ocean control.
pub const ATLANTIC: Region = 3;

/// 2 what a town is: plain, fortified (−1 to attacks on it) or a flag town (−2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TownKind {
    Town,
    Fortified,
    Flag,
}

impl TownKind {
    /// 8 the modifier to an attack on a town of this kind.
    pub fn drm(self) -> i8 {
        match self {
            TownKind::Town => 0,
            TownKind::Fortified => -1,
            TownKind::Flag => -2,
        }
    }

    /// The word used in the data and on the board.
    pub fn word(self) -> &'static str {
        match self {
            TownKind::Town => "town",
            TownKind::Fortified => "fortified",
            TownKind::Flag => "flag",
        }
    }
}

/// What stands in a region besides the markers (2): an Indian track or the Ocean Control marker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Track {
    Indians,
    Ocean,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TownDef {
    id: String,
    name: String,
    kind: TownKind,
    #[serde(default)]
    source: Option<String>,
    #[serde(default)]
    assumed: Option<String>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RegionDef {
    id: String,
    name: String,
    track: Track,
    british_start: String,
    french_start: String,
    route_assumed: String,
    town: Vec<TownDef>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MapFile {
    region: Vec<RegionDef>,
}

/// A town of a route.
#[derive(Clone, Debug)]
pub struct Town {
    pub id: String,
    pub name: String,
    pub kind: TownKind,
    /// Why the kind was chosen, when the text does not state it.
    pub assumed: Option<String>,
}

/// One region of the validated map.
#[derive(Clone, Debug)]
pub struct RegionInfo {
    pub id: &'static str,
    pub name: String,
    pub track: Track,
    /// The route, British flag town first.
    pub towns: Vec<Town>,
    /// 4 the town of the British militia at the start (the French stand at the next one).
    pub british_start: u8,
    /// Why the route runs as it does.
    pub route_assumed: String,
}

/// The validated map.
#[derive(Clone, Debug)]
pub struct Map {
    pub regions: Vec<RegionInfo>,
    /// Route lengths, for the hot paths.
    pub len: [u8; REGIONS],
    /// Town kinds, for the hot paths: `kind[region][town]`.
    pub kind: [[TownKind; MAX_TOWNS]; REGIONS],
}

impl Map {
    /// Reads and checks a map file: four regions in map order, each a route of 3 to
    /// [`MAX_TOWNS`] towns with a flag town at each end and none between, and the two sides'
    /// starting towns next to each other (markers move only by advancing and retreating).
    ///
    /// # Errors
    /// One line naming the file, the region or town, and the field.
    pub fn parse(text: &str, file: &str) -> Result<Map, String> {
        let raw: MapFile = toml::from_str(text)
            .map_err(|e| format!("{file}: {}", crate::one_line(&e.to_string())))?;
        if raw.region.len() != REGIONS {
            return Err(format!(
                "{file}: expected {REGIONS} [[region]] entries, found {}",
                raw.region.len()
            ));
        }
        let mut regions = Vec::with_capacity(REGIONS);
        let mut len = [0u8; REGIONS];
        let mut kind = [[TownKind::Town; MAX_TOWNS]; REGIONS];
        let mut seen: Vec<&str> = Vec::new();
        for (r, def) in raw.region.iter().enumerate() {
            let at = format!(
                "{}: region '{}'",
                crate::located(file, text, &[format!("id = \"{}\"", def.id)]),
                def.id
            );
            let town_at = |id: &str| {
                let keys = [format!("id = \"{}\"", def.id), format!("id = \"{id}\"")];
                format!(
                    "{}: region '{}' town '{id}'",
                    crate::located(file, text, &keys),
                    def.id
                )
            };
            if def.id != REGION_IDS[r] {
                return Err(format!(
                    "{file}: [[region]] number {} has id '{}', expected '{}'",
                    r + 1,
                    def.id,
                    REGION_IDS[r]
                ));
            }
            let ocean = r as Region == ATLANTIC;
            if (def.track == Track::Ocean) != ocean {
                return Err(format!("{at} field track: only the Atlantic has the Ocean Control marker, and it has no Indians"));
            }
            let n = def.town.len();
            if !(3..=MAX_TOWNS).contains(&n) {
                return Err(format!(
                    "{at} field town: a route has 3 to {MAX_TOWNS} towns, not {n}"
                ));
            }
            for (i, t) in def.town.iter().enumerate() {
                if seen.contains(&t.id.as_str()) {
                    return Err(format!("{}: the town id is used twice", town_at(&t.id)));
                }
                seen.push(&t.id);
                let end = i == 0 || i == n - 1;
                if (t.kind == TownKind::Flag) != end {
                    return Err(format!(
                        "{} field kind: a route has a flag town at each end and none between",
                        town_at(&t.id)
                    ));
                }
                if t.source.is_none() && t.assumed.is_none() {
                    return Err(format!("{}: needs `source` or `assumed`", town_at(&t.id)));
                }
                kind[r][i] = t.kind;
            }
            let find = |id: &str, field: &str| {
                def.town
                    .iter()
                    .position(|t| t.id == id)
                    .ok_or_else(|| format!("{at} field {field}: '{id}' is not a town of the route"))
            };
            let b = find(&def.british_start, "british_start")?;
            let f = find(&def.french_start, "french_start")?;
            if f != b + 1 || b == 0 || f == n - 1 {
                return Err(format!(
                    "{at} field french_start: the French must start at the town after the British one, and neither in a flag town"
                ));
            }
            len[r] = n as u8;
            regions.push(RegionInfo {
                id: REGION_IDS[r],
                name: def.name.clone(),
                track: def.track,
                towns: def
                    .town
                    .iter()
                    .map(|t| Town {
                        id: t.id.clone(),
                        name: t.name.clone(),
                        kind: t.kind,
                        assumed: t.assumed.clone(),
                    })
                    .collect(),
                british_start: b as u8,
                route_assumed: def.route_assumed.clone(),
            });
        }
        Ok(Map { regions, len, kind })
    }

    /// The region named `id`.
    pub fn region_named(&self, id: &str) -> Option<Region> {
        REGION_IDS
            .iter()
            .position(|r| *r == id)
            .map(|i| i as Region)
    }

    /// The name of a town.
    pub fn town(&self, region: Region, town: usize) -> &str {
        &self.regions[region as usize].towns[town].name
    }

    /// Whether a region has an Indian track (3.3).
    pub fn has_indians(&self, region: Region) -> bool {
        self.regions[region as usize].track == Track::Indians
    }
}

static MAP: OnceLock<Map> = OnceLock::new();

/// Puts `m` in use; refused once a map is in use.
pub(crate) fn install(m: Map) -> Result<(), String> {
    MAP.set(m)
        .map_err(|_| "the map is in use already: install data before the first game".into())
}

/// The map in use: installed by [`crate::data::install`] before the first game, else the
/// built-in one (`data/map.toml`).
pub fn map() -> &'static Map {
    MAP.get_or_init(|| {
        Map::parse(
            include_str!("../data/map.toml"),
            "crates/solitaire/data/map.toml",
        )
        .unwrap_or_else(|e| panic!("the built-in map is broken: {e}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_map_holds_what_the_text_states() {
        let m = map();
        let town = |id: &str| {
            m.regions
                .iter()
                .enumerate()
                .find_map(|(r, reg)| reg.towns.iter().position(|t| t.id == id).map(|i| (r, i)))
        };
        // 4 the militia's starting towns
        for (r, b, f) in [
            ("ohio", "cumberland", "ft-duquesne"),
            ("mohawk", "oneida", "ft-frontenac"),
            ("hudson", "ft-william-henry", "ft-carillon"),
            ("atlantic", "halifax", "louisbourg"),
        ] {
            let reg = m.region_named(r).unwrap() as usize;
            assert_eq!(
                town(b),
                Some((reg, m.regions[reg].british_start as usize)),
                "{b}"
            );
            assert_eq!(
                town(f),
                Some((reg, m.regions[reg].british_start as usize + 1)),
                "{f}"
            );
        }
        // 8 the Ohio example: Presque Isle is an Ohio town next to Ft. Duquesne, with no fort
        let (r, i) = town("presque-isle").unwrap();
        assert_eq!(r, 0);
        assert_eq!(town("ft-duquesne"), Some((0, i - 1)));
        assert_eq!(m.kind[r][i], TownKind::Town);
        // 2 New York and Boston are British flag towns
        assert_eq!(town("new-york"), Some((2, 0)));
        assert_eq!(town("boston"), Some((3, 0)));
        // four British and four French flag towns
        for r in 0..REGIONS {
            assert_eq!(m.kind[r][0], TownKind::Flag);
            assert_eq!(m.kind[r][m.len[r] as usize - 1], TownKind::Flag);
        }
        assert!(
            m.has_indians(0) && m.has_indians(1) && m.has_indians(2) && !m.has_indians(ATLANTIC)
        );
    }

    #[test]
    fn a_broken_map_names_the_field() {
        let good = include_str!("../data/map.toml");
        let bad = good.replacen(
            "french_start = \"ft-duquesne\"",
            "french_start = \"philadelphia\"",
            1,
        );
        let e = Map::parse(&bad, "map.toml").unwrap_err();
        let line = good.lines().position(|l| l == "id = \"ohio\"").unwrap() + 1;
        assert_eq!(e, format!("map.toml line {line}: region 'ohio' field french_start: the French must start at the town after the British one, and neither in a flag town"));
        let bad = good.replacen("kind = \"fortified\"", "kind = \"flag\"", 1);
        let e = Map::parse(&bad, "map.toml").unwrap_err();
        let line = good
            .lines()
            .position(|l| l.trim() == "id = \"cumberland\"")
            .unwrap()
            + 1;
        assert!(
            e.starts_with(&format!(
                "map.toml line {line}: region 'ohio' town 'cumberland' field kind"
            )),
            "{e}"
        );
        let bad = good.replacen("kind = \"town\"", "kind = \"castle\"", 1);
        let e = Map::parse(&bad, "map.toml").unwrap_err();
        assert!(
            e.starts_with("map.toml: ") && e.contains("castle") && !e.contains('\n'),
            "{e}"
        );
        let bad = good.replacen("id = \"mohawk\"", "id = \"erie\"", 1);
        assert!(Map::parse(&bad, "map.toml")
            .unwrap_err()
            .contains("expected 'mohawk'"));
    }
}
