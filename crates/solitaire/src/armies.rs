//! 3.2 Army markers, loaded from `data/armies.toml`: each side's armies, their DRM and the turn
//! they enter.

use crate::side::Side;
use serde::Deserialize;
use std::sync::OnceLock;

/// The most armies the data may hold: at most one friendly army stands in each of the four
/// regions, so four a side.
pub const MAX_ARMIES: usize = 8;
/// An army index, or [`NO_ARMY`].
pub type ArmyId = u8;
/// No army in a region.
pub const NO_ARMY: ArmyId = u8::MAX;

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ArmyDef {
    id: String,
    side: Side,
    name: String,
    drm: i8,
    arrives: toml::Value,
    #[serde(default)]
    source: Option<String>,
    #[serde(default)]
    assumed: Option<String>,
}

/// `arrives = 5`, or `arrives = { british = 9, french = 2 }`: the turn by the side being played.
/// The Turn Track shows each side's AP and actions for the side being played (5), so it may
/// show the arrivals the same way: the BOT and the player need their armies at different times
/// for the game to stay open from either side (docs/solitaire.md, Sudden death). Read from the
/// TOML value by hand, so that a wrong form is refused in words naming the field.
fn arrivals(v: &toml::Value, at: &str) -> Result<[u8; 2], String> {
    let turn = |v: &toml::Value| v.as_integer().and_then(|t| u8::try_from(t).ok());
    let wrong = || {
        format!("{at} field arrives: a turn (arrives = 5) or one by the side played (arrives = {{ british = 9, french = 2 }})")
    };
    match v {
        toml::Value::Table(t) => {
            if t.len() != 2 {
                return Err(wrong());
            }
            let b = t.get("british").and_then(turn).ok_or_else(wrong)?;
            let f = t.get("french").and_then(turn).ok_or_else(wrong)?;
            Ok([b, f])
        }
        v => turn(v).map(|t| [t, t]).ok_or_else(wrong),
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ArmiesFile {
    army: Vec<ArmyDef>,
}

/// One army marker.
#[derive(Clone, Debug)]
pub struct Army {
    pub id: String,
    pub side: Side,
    pub name: String,
    /// 3.2 the DRM printed on its front (used only while in supply).
    pub drm: i8,
    /// The turn it enters (1: at the set-up), by the side being played ([`Side::index`]):
    /// read through [`Army::arrives`].
    arrives: [u8; 2],
    /// Why, when the text does not print it.
    pub assumed: Option<String>,
}

impl Army {
    /// The turn it enters when `played` is the side being played.
    pub fn arrives(&self, played: Side) -> u8 {
        self.arrives[played.index()]
    }

    /// Its arrival as the Turn Track shows it: one turn, or one by the side being played.
    pub fn arrival_words(&self) -> String {
        let [b, f] = self.arrives;
        if b == f {
            format!("arrives turn {b}")
        } else {
            format!("arrives turn {b} when the British are played, turn {f} when the French are")
        }
    }
}

/// Every army of both sides, in data order (the order a side places them in).
#[derive(Clone, Debug)]
pub struct Armies {
    pub list: Vec<Army>,
    /// DRMs, for the hot paths.
    pub drm: [i8; MAX_ARMIES],
}

impl Armies {
    /// Reads and checks the armies: ids unique, DRMs 0 to 6 (the text says an army's DRM
    /// varies and prints none but the starting +1 and +2; beyond +6 no die could tell the
    /// difference), arrivals on turns 1 to `last_turn`, at most four a side, and each side's +1
    /// and +2 at the set-up (4).
    ///
    /// # Errors
    /// One line naming the file, the army and the field.
    pub fn parse(text: &str, file: &str, last_turn: u8) -> Result<Armies, String> {
        let raw: ArmiesFile = toml::from_str(text)
            .map_err(|e| format!("{file}: {}", crate::one_line(&e.to_string())))?;
        if raw.army.len() > MAX_ARMIES {
            return Err(format!("{file}: at most {MAX_ARMIES} armies"));
        }
        let mut drm = [0i8; MAX_ARMIES];
        let mut arrives = [[0u8; 2]; MAX_ARMIES];
        for (i, a) in raw.army.iter().enumerate() {
            let at = format!(
                "{}: army '{}'",
                crate::located(file, text, &[format!("id = \"{}\"", a.id)]),
                a.id
            );
            if raw.army[..i].iter().any(|b| b.id == a.id) {
                return Err(format!("{at}: the id is used twice"));
            }
            if !(0..=6).contains(&a.drm) {
                return Err(format!("{at} field drm: {} is not 0 to 6", a.drm));
            }
            arrives[i] = arrivals(&a.arrives, &at)?;
            for t in arrives[i] {
                if !(1..=last_turn).contains(&t) {
                    return Err(format!(
                        "{at} field arrives: turn {t} is not on the Turn Track (1 to {last_turn})"
                    ));
                }
            }
            if a.source.is_none() && a.assumed.is_none() {
                return Err(format!("{at}: needs `source` or `assumed`"));
            }
            drm[i] = a.drm;
        }
        for side in [Side::British, Side::French] {
            let of: Vec<usize> = (0..raw.army.len())
                .filter(|&i| raw.army[i].side == side)
                .collect();
            if of.len() > 4 {
                return Err(format!(
                    "{file}: the {} have {} armies; one a region allows four",
                    side.name(),
                    of.len()
                ));
            }
            for played in [Side::British, Side::French] {
                let mut start: Vec<i8> = of
                    .iter()
                    .filter(|&&i| arrives[i][played.index()] == 1)
                    .map(|&i| raw.army[i].drm)
                    .collect();
                start.sort();
                if start != [1, 2] {
                    return Err(format!(
                        "{file}: the {} must start with a +1 and a +2 army (4), found {start:?} when the {} are played",
                        side.name(),
                        played.name()
                    ));
                }
            }
        }
        let list = raw
            .army
            .into_iter()
            .zip(arrives)
            .map(|(a, arrives)| Army {
                id: a.id,
                side: a.side,
                name: a.name,
                drm: a.drm,
                arrives,
                assumed: a.assumed,
            })
            .collect();
        Ok(Armies { list, drm })
    }

    /// The army with this id.
    pub fn named(&self, id: &str) -> Option<ArmyId> {
        self.list
            .iter()
            .position(|a| a.id == id)
            .map(|i| i as ArmyId)
    }

    /// The armies of `side` entering on `turn` when `played` is the side being played, as a
    /// bit mask.
    pub fn arriving(&self, played: Side, side: Side, turn: u8) -> u8 {
        self.list
            .iter()
            .enumerate()
            .filter(|(_, a)| a.side == side && a.arrives(played) == turn)
            .fold(0, |m, (i, _)| m | 1 << i)
    }

    /// The armies of `side` as a bit mask.
    pub fn of(&self, side: Side) -> u8 {
        self.list
            .iter()
            .enumerate()
            .filter(|(_, a)| a.side == side)
            .fold(0, |m, (i, _)| m | 1 << i)
    }
}

static ARMIES: OnceLock<Armies> = OnceLock::new();

/// Puts `list` in use; refused once armies are in use.
pub(crate) fn install(list: Armies) -> Result<(), String> {
    ARMIES
        .set(list)
        .map_err(|_| "the armies are in use already: install data before the first game".into())
}

/// The armies in use: installed by [`crate::data::install`] before the first game, else the
/// built-in ones (`data/armies.toml`).
pub fn armies() -> &'static Armies {
    ARMIES.get_or_init(|| {
        Armies::parse(
            include_str!("../data/armies.toml"),
            "crates/solitaire/data/armies.toml",
            crate::turn_track::last_turn(),
        )
        .unwrap_or_else(|e| panic!("the built-in armies are broken: {e}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_side_starts_with_a_plus_1_and_a_plus_2_army() {
        let a = armies();
        for side in [Side::British, Side::French] {
            for played in [Side::British, Side::French] {
                let mut start: Vec<i8> = a
                    .list
                    .iter()
                    .filter(|x| x.side == side && x.arrives(played) == 1)
                    .map(|x| x.drm)
                    .collect();
                start.sort();
                assert_eq!(start, [1, 2]);
                assert!(a
                    .list
                    .iter()
                    .filter(|x| x.side == side && x.arrives(played) > 1)
                    .all(|x| x.assumed.is_some()));
            }
        }
    }

    #[test]
    fn a_broken_army_file_names_the_field() {
        let good = include_str!("../data/armies.toml");
        let e =
            Armies::parse(&good.replacen("drm = 4", "drm = 7", 1), "armies.toml", 20).unwrap_err();
        assert!(e.contains("field drm: 7 is not 0 to 6"), "{e}");
        assert!(e.contains("army 'br-3' field drm"), "{e}");
        let e = Armies::parse(
            &good.replacen("arrives = 17", "arrives = 40", 1),
            "armies.toml",
            20,
        )
        .unwrap_err();
        assert!(e.contains("field arrives"), "{e}");
        // one turn by the side played: each checked, and no other form
        let e = Armies::parse(
            &good.replacen(
                "arrives = { british = 7, french = 2 }",
                "arrives = { british = 7, french = 40 }",
                1,
            ),
            "armies.toml",
            20,
        )
        .unwrap_err();
        assert!(
            e.contains("army 'br-3' field arrives: turn 40 is not on the Turn Track"),
            "{e}"
        );
        for wrong in ["{ british = 7, dutch = 2 }", "{ british = 7 }", "\"soon\""] {
            let e = Armies::parse(
                &good.replacen(
                    "arrives = { british = 7, french = 2 }",
                    &format!("arrives = {wrong}"),
                    1,
                ),
                "armies.toml",
                20,
            )
            .unwrap_err();
            assert!(e.contains("army 'br-3' field arrives: a turn"), "{e}");
            assert!(!e.contains('\n'), "{e}");
        }
        // the +1 and +2 at the set-up whichever side is played
        let e = Armies::parse(
            &good.replacen(
                "arrives = { british = 5, french = 2 }",
                "arrives = { british = 1, french = 2 }",
                1,
            ),
            "armies.toml",
            20,
        )
        .unwrap_err();
        assert!(e.contains("when the British are played"), "{e}");
        let e = Armies::parse(
            &good.replacen("side = \"french\"", "side = \"dutch\"", 1),
            "armies.toml",
            20,
        )
        .unwrap_err();
        assert!(e.starts_with("armies.toml: ") && e.contains("dutch"), "{e}");
    }
}
