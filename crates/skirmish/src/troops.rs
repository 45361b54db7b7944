//! What a figure and a unit are (1.2): the troop types, the roles of figures (leaders, colours,
//! drummers, crews, women), their weapons (8.1), the guns (9.2), leaders' personalities (3.3);
//! and the charts of `data/charts.toml`: movement (5.2), weapon ranges (8.1), the artillery
//! table (9.2) and the bases (assumed).

use crate::DataError;
use fiw_table::Footprint;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// 1.2 the troop types, as a unit is organised and moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Troop {
    /// Regulars: close order, in line or column; only light infantry skirmish unless the
    /// scenario allows it.
    Regular,
    /// Light infantry: regulars that may also skirmish.
    Light,
    /// Irregulars: rangers, frontiersmen, Indians, coureurs des bois.
    Irregular,
    /// Militia: untrained farmers under local officers.
    Militia,
    /// Light cavalry.
    Cavalry,
    /// A gun section: the gun, an officer or NCO and its crew.
    Artillery,
    /// A settler household (scenario 2): its men count as frontiersmen, its women stay in their
    /// cabin.
    Household,
    /// A wagon (the engineers' tool wagon).
    Wagon,
}

impl Troop {
    /// The word in data files and messages.
    pub fn word(self) -> &'static str {
        match self {
            Troop::Regular => "regular",
            Troop::Light => "light",
            Troop::Irregular => "irregular",
            Troop::Militia => "militia",
            Troop::Cavalry => "cavalry",
            Troop::Artillery => "artillery",
            Troop::Household => "household",
            Troop::Wagon => "wagon",
        }
    }

    /// Foot soldiers (7.5: only infantry enter a village; 8.2 infantry reserve fire).
    pub fn is_infantry(self) -> bool {
        matches!(
            self,
            Troop::Regular | Troop::Light | Troop::Irregular | Troop::Militia | Troop::Household
        )
    }

    /// 4.2 the types that may skirmish without a scenario's leave.
    pub fn skirmishes(self) -> bool {
        matches!(
            self,
            Troop::Light | Troop::Irregular | Troop::Militia | Troop::Cavalry | Troop::Household
        )
    }

    /// 4.3 the types that may form line.
    pub fn forms_line(self) -> bool {
        matches!(
            self,
            Troop::Regular | Troop::Light | Troop::Militia | Troop::Cavalry
        )
    }

    /// 5.8 the types that pay for a change of formation (irregulars close up or spread out as
    /// they move).
    pub fn pays_to_form(self) -> bool {
        matches!(
            self,
            Troop::Regular | Troop::Light | Troop::Militia | Troop::Cavalry
        )
    }

    /// Regular infantry (8.3 first volley, 11.2 charging, 8.2 c volleys).
    pub fn is_regular_infantry(self) -> bool {
        matches!(self, Troop::Regular | Troop::Light)
    }
}

/// What a figure is in its unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    /// A private, trooper, warrior, settler or crewman without charge.
    Private,
    /// A sergeant (1.2: veterans, rangers and Compagnies Franches): an officer for 3.2, a
    /// leader for 10.7 and 12.5.
    Sergeant,
    /// The company's officer, a band's leader, a troop's officer, a gun's officer or NCO.
    Officer,
    /// A drummer, piper or trumpeter.
    Musician,
    /// A colour bearer.
    Colour,
    /// A hero (3.3: bold; +1 shooting, 8.3).
    Hero,
    /// A battalion's colonel.
    Colonel,
    /// A major of a squadron or battery.
    Major,
    /// An engineer officer (13.1).
    Engineer,
    /// A woman of a household (scenario 2).
    Woman,
    /// A gun (9): the piece itself.
    Gun,
    /// A wagon (13.1's tool wagon).
    Wagon,
}

impl Role {
    /// The word in data files and messages.
    pub fn word(self) -> &'static str {
        match self {
            Role::Private => "private",
            Role::Sergeant => "sergeant",
            Role::Officer => "officer",
            Role::Musician => "musician",
            Role::Colour => "colour",
            Role::Hero => "hero",
            Role::Colonel => "colonel",
            Role::Major => "major",
            Role::Engineer => "engineer",
            Role::Woman => "woman",
            Role::Gun => "gun",
            Role::Wagon => "wagon",
        }
    }

    /// 10.7 a leader at risk: officers of every rank, sergeants, musicians and colours.
    pub fn is_leader(self) -> bool {
        matches!(
            self,
            Role::Sergeant
                | Role::Officer
                | Role::Musician
                | Role::Colour
                | Role::Hero
                | Role::Colonel
                | Role::Major
                | Role::Engineer
        )
    }

    /// 3.2 "any officers present" (and 12.5's "leader present"): officers, sergeants (1.2
    /// reading), heroes, colonels, majors.
    pub fn is_officer(self) -> bool {
        matches!(
            self,
            Role::Sergeant | Role::Officer | Role::Hero | Role::Colonel | Role::Major
        )
    }

    /// 1.2 reading: who fires: everyone but musicians, colours, colonels, majors, engineers,
    /// women and the pieces (a gun fires by 9, not 8).
    pub fn fires(self) -> bool {
        matches!(
            self,
            Role::Private | Role::Sergeant | Role::Officer | Role::Hero
        )
    }

    /// Who fights in a melee (11.1): every figure but women and the pieces.
    pub fn fights(self) -> bool {
        !matches!(self, Role::Woman | Role::Gun | Role::Wagon)
    }

    /// A piece (gun, wagon) rather than a man.
    pub fn is_piece(self) -> bool {
        matches!(self, Role::Gun | Role::Wagon)
    }
}

/// 8.1 the weapons.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Weapon {
    /// A smoothbore musket.
    #[default]
    Musket,
    /// A rifle (8.2 d: patched ball).
    Rifle,
    /// A bow (9.5: fire arrows).
    Bow,
    /// A mounted carbine.
    Carbine,
    /// No weapon (women, drummers, pieces).
    None,
}

impl Weapon {
    /// The word in messages.
    pub fn word(self) -> &'static str {
        match self {
            Weapon::Musket => "musket",
            Weapon::Rifle => "rifle",
            Weapon::Bow => "bow",
            Weapon::Carbine => "carbine",
            Weapon::None => "none",
        }
    }
}

/// 9.2 the guns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GunKind {
    /// A swivel gun.
    Swivel,
    /// A battalion gun (light carriage: 5.2 manhandled 3" + 1D6).
    Battalion,
    /// A field gun.
    Field,
    /// A heavy gun (5.6: a whole turn to limber or unlimber; 9.4 +1 breaching).
    Heavy,
    /// A howitzer (shot, canister or shell).
    Howitzer,
    /// A coehorn mortar.
    Coehorn,
    /// A mortar.
    Mortar,
}

impl GunKind {
    /// Every gun, in the table's order.
    pub const ALL: [GunKind; 7] = [
        GunKind::Swivel,
        GunKind::Battalion,
        GunKind::Field,
        GunKind::Heavy,
        GunKind::Howitzer,
        GunKind::Coehorn,
        GunKind::Mortar,
    ];

    /// The word in data files and messages.
    pub fn word(self) -> &'static str {
        match self {
            GunKind::Swivel => "swivel",
            GunKind::Battalion => "battalion",
            GunKind::Field => "field",
            GunKind::Heavy => "heavy",
            GunKind::Howitzer => "howitzer",
            GunKind::Coehorn => "coehorn",
            GunKind::Mortar => "mortar",
        }
    }
}

/// 3.3 a leader's personality, rolled the first time it matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Personality {
    /// Always adds.
    Rash,
    /// Neither adds nor takes away.
    Indecisive,
    /// Adds or takes away, as the player chooses.
    Bold,
    /// Always takes away.
    Cautious,
}

impl Personality {
    /// 3.3 the chart: 6 rash, 5 indecisive, 3–4 bold, 1–2 cautious.
    pub fn of_roll(roll: u8) -> Personality {
        match roll {
            6.. => Personality::Rash,
            5 => Personality::Indecisive,
            3 | 4 => Personality::Bold,
            _ => Personality::Cautious,
        }
    }

    /// The word in messages.
    pub fn word(self) -> &'static str {
        match self {
            Personality::Rash => "rash",
            Personality::Indecisive => "indecisive",
            Personality::Bold => "bold",
            Personality::Cautious => "cautious",
        }
    }
}

/// A unit's traits, as the scenario gives them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Traits {
    /// 11.2 grenadiers or highlanders (+1 in melee).
    pub grenadier: bool,
    /// 8.3 rangers, light infantry, frontiersmen, coureurs des bois (+1 to hit).
    pub marksmen: bool,
    /// 10.2 a native unit: cover from small arms in brush, rocks (and woods, 17.6).
    pub native: bool,
    /// 12.5 a unit the scenario marks as particularly determined (+1 recovering casualties).
    pub determined: bool,
    /// 4.2 regulars the scenario lets skirmish.
    pub may_skirmish: bool,
    /// 12.2 militia (and Indians) slaughter prisoners of this kind: Indians.
    pub indian: bool,
    /// 5.8 a unit with horses (cavalry, mounted infantry): the troops it is on foot. Mounted
    /// it is cavalry; it mounts and dismounts for half a move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub horses: Option<Troop>,
    /// 12.1 a gun section whose limber is driven by hired civilians: they leave with it when
    /// the section is shattered.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub civilian_drivers: bool,
}

/// 5.2 the rows of the movement chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rate {
    /// Irregular infantry.
    Irregular,
    /// Regular infantry.
    Regular,
    /// Militia.
    Militia,
    /// Cavalry.
    Cavalry,
    /// Battalion guns manhandled.
    BattalionGun,
    /// Other artillery manhandled.
    OtherGun,
    /// Limbered heavy artillery.
    HeavyLimbered,
    /// Wagons.
    Wagon,
    /// Pack animals.
    Pack,
    /// Other limbered guns.
    Limbered,
    /// Boats downstream.
    BoatDownstream,
    /// Boats up or across stream.
    BoatUpstream,
}

impl Rate {
    const ALL: [Rate; 12] = [
        Rate::Irregular,
        Rate::Regular,
        Rate::Militia,
        Rate::Cavalry,
        Rate::BattalionGun,
        Rate::OtherGun,
        Rate::HeavyLimbered,
        Rate::Wagon,
        Rate::Pack,
        Rate::Limbered,
        Rate::BoatDownstream,
        Rate::BoatUpstream,
    ];

    /// The word in the charts file.
    pub fn word(self) -> &'static str {
        match self {
            Rate::Irregular => "irregular",
            Rate::Regular => "regular",
            Rate::Militia => "militia",
            Rate::Cavalry => "cavalry",
            Rate::BattalionGun => "battalion-gun",
            Rate::OtherGun => "other-gun",
            Rate::HeavyLimbered => "heavy-limbered",
            Rate::Wagon => "wagon",
            Rate::Pack => "pack",
            Rate::Limbered => "limbered",
            Rate::BoatDownstream => "boat-downstream",
            Rate::BoatUpstream => "boat-upstream",
        }
    }
}

/// One row of the movement chart: `inches` plus `dice` six-sided dice (negative: taken away).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Move {
    /// The fixed part.
    pub inches: f64,
    /// How many dice are added (taken away if negative).
    pub dice: i8,
}

impl Move {
    /// The least and greatest the move can be.
    pub fn range(&self) -> (f64, f64) {
        let d = f64::from(self.dice);
        let (a, b) = (self.inches + d, self.inches + 6.0 * d);
        (a.min(b).max(0.0), a.max(b).max(0.0))
    }
}

/// 9.2 one gun's row of the artillery table.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct GunStats {
    /// The least crew to fire every turn (9.1).
    pub crew: u8,
    /// Canister: range and dice.
    pub canister: Option<(f64, u8)>,
    /// Round shot: range and dice.
    pub shot: Option<(f64, u8)>,
    /// Shell: least range, range, dice.
    pub shell: Option<(f64, f64, u8)>,
}

/// The kinds of base (assumed sizes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Base {
    /// A man on foot.
    Foot,
    /// A horseman.
    Mounted,
    /// A gun.
    Gun,
    /// A limber.
    Limber,
    /// A wagon.
    Wagon,
    /// A boat.
    Boat,
}

impl Base {
    const ALL: [Base; 6] = [
        Base::Foot,
        Base::Mounted,
        Base::Gun,
        Base::Limber,
        Base::Wagon,
        Base::Boat,
    ];

    /// The word in the charts file.
    pub fn word(self) -> &'static str {
        match self {
            Base::Foot => "foot",
            Base::Mounted => "mounted",
            Base::Gun => "gun",
            Base::Limber => "limber",
            Base::Wagon => "wagon",
            Base::Boat => "boat",
        }
    }
}

/// The charts, read from `data/charts.toml` and checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Charts {
    movement: BTreeMap<Rate, Move>,
    /// 5.2 added to cavalry that charge.
    pub cavalry_charging: f64,
    /// 5.2 added to any column.
    pub column: f64,
    weapons: BTreeMap<&'static str, (f64, f64)>,
    guns: BTreeMap<GunKind, GunStats>,
    bases: BTreeMap<Base, (Footprint, String)>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChartsDef {
    movement: BTreeMap<String, toml::Value>,
    weapons: BTreeMap<String, [f64; 2]>,
    guns: BTreeMap<String, GunDef>,
    bases: BTreeMap<String, BaseDef>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GunDef {
    crew: u8,
    canister: Option<[f64; 2]>,
    shot: Option<[f64; 2]>,
    shell: Option<[f64; 3]>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BaseDef {
    size: [f64; 2],
    assumed: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveDef {
    inches: f64,
    dice: i8,
}

/// The charts as built into fiw.
pub const CHARTS_TOML: &str = include_str!("../data/charts.toml");

/// The built-in charts, read once.
pub fn charts() -> &'static Charts {
    static CHARTS: std::sync::OnceLock<Charts> = std::sync::OnceLock::new();
    CHARTS.get_or_init(|| {
        // the file is part of the build and its test reads it: a broken one cannot ship
        Charts::parse(CHARTS_TOML, "crates/skirmish/data/charts.toml")
            .unwrap_or_else(|e| panic!("{e}"))
    })
}

impl Charts {
    /// Reads and checks a charts file.
    ///
    /// # Errors
    /// One line naming the file and the field.
    pub fn parse(text: &str, file: &str) -> Result<Charts, DataError> {
        let def: ChartsDef = toml::from_str(text).map_err(|e| DataError::toml(file, &e))?;
        let err = |field: String, reason: String| DataError::new(file, field, reason);
        let mut movement = BTreeMap::new();
        let mut cavalry_charging = None;
        let mut column = None;
        for (k, v) in def.movement {
            let field = format!("movement.{k}");
            match k.as_str() {
                "cavalry-charging" | "column" => {
                    let n = v
                        .as_integer()
                        .map(|i| i as f64)
                        .or_else(|| v.as_float())
                        .filter(|n| n.is_finite() && (0.0..=48.0).contains(n))
                        .ok_or_else(|| {
                            err(
                                field.clone(),
                                "a bonus is a number of inches, 0 to 48".into(),
                            )
                        })?;
                    if k == "column" {
                        column = Some(n);
                    } else {
                        cavalry_charging = Some(n);
                    }
                }
                _ => {
                    let rate = Rate::ALL
                        .into_iter()
                        .find(|r| r.word() == k)
                        .ok_or_else(|| err(field.clone(), format!("no mover is called '{k}'")))?;
                    let m: MoveDef = v.try_into().map_err(|e: toml::de::Error| {
                        err(field.clone(), one_line(&e.to_string()))
                    })?;
                    if !m.inches.is_finite()
                        || !(0.0..=48.0).contains(&m.inches)
                        || !(-3..=4).contains(&m.dice)
                    {
                        return Err(err(
                            field,
                            "a move is 0 to 48 inches and -3 to 4 dice".into(),
                        ));
                    }
                    movement.insert(
                        rate,
                        Move {
                            inches: m.inches,
                            dice: m.dice,
                        },
                    );
                }
            }
        }
        for r in Rate::ALL {
            if !movement.contains_key(&r) {
                return Err(err(format!("movement.{}", r.word()), "missing".into()));
            }
        }
        let mut weapons = BTreeMap::new();
        for w in [Weapon::Musket, Weapon::Rifle, Weapon::Bow, Weapon::Carbine] {
            let field = format!("weapons.{}", w.word());
            let [s, l] = def
                .weapons
                .get(w.word())
                .copied()
                .ok_or_else(|| err(field.clone(), "missing".into()))?;
            if !(s.is_finite() && l.is_finite() && s > 0.0 && l >= s && l <= 100.0) {
                return Err(err(
                    field,
                    "short and long range: 0 < short <= long <= 100 inches".into(),
                ));
            }
            weapons.insert(w.word(), (s, l));
        }
        if let Some(k) = def
            .weapons
            .keys()
            .find(|k| !weapons.contains_key(k.as_str()))
        {
            return Err(err(
                format!("weapons.{k}"),
                format!("no weapon is called '{k}'"),
            ));
        }
        let mut guns = BTreeMap::new();
        for (k, g) in def.guns {
            let field = format!("guns.{k}");
            let kind = GunKind::ALL
                .into_iter()
                .find(|g| g.word() == k)
                .ok_or_else(|| err(field.clone(), format!("no gun is called '{k}'")))?;
            let band = |v: Option<[f64; 2]>, what: &str| -> Result<Option<(f64, u8)>, DataError> {
                match v {
                    None => Ok(None),
                    Some([r, d])
                        if r.is_finite()
                            && r > 0.0
                            && r <= 200.0
                            && (1.0..=12.0).contains(&d)
                            && d.fract() == 0.0 =>
                    {
                        Ok(Some((r, d as u8)))
                    }
                    Some(_) => Err(err(
                        format!("{field}.{what}"),
                        "[range 0 to 200 inches, 1 to 12 dice]".into(),
                    )),
                }
            };
            let shell = match g.shell {
                None => None,
                Some([lo, hi, d])
                    if lo.is_finite()
                        && hi.is_finite()
                        && lo >= 0.0
                        && hi > lo
                        && hi <= 200.0
                        && (1.0..=12.0).contains(&d)
                        && d.fract() == 0.0 =>
                {
                    Some((lo, hi, d as u8))
                }
                Some(_) => {
                    return Err(err(
                        format!("{field}.shell"),
                        "[least range, range up to 200 inches, 1 to 12 dice]".into(),
                    ))
                }
            };
            let stats = GunStats {
                crew: g.crew,
                canister: band(g.canister, "canister")?,
                shot: band(g.shot, "shot")?,
                shell,
            };
            if stats.crew == 0 || stats.crew > 12 {
                return Err(err(format!("{field}.crew"), "1 to 12 crew".into()));
            }
            if stats.canister.is_none() && stats.shot.is_none() && stats.shell.is_none() {
                return Err(err(field, "a gun fires canister, shot or shell".into()));
            }
            guns.insert(kind, stats);
        }
        for g in GunKind::ALL {
            if !guns.contains_key(&g) {
                return Err(err(format!("guns.{}", g.word()), "missing".into()));
            }
        }
        let mut bases = BTreeMap::new();
        for (k, b) in def.bases {
            let field = format!("bases.{k}");
            let base = Base::ALL
                .into_iter()
                .find(|b| b.word() == k)
                .ok_or_else(|| err(field.clone(), format!("no base is called '{k}'")))?;
            let [w, d] = b.size;
            if !(w.is_finite() && d.is_finite() && w > 0.0 && d > 0.0 && w <= 6.0 && d <= 12.0) {
                return Err(err(
                    format!("{field}.size"),
                    "a base is more than 0 and at most 6 x 12 inches".into(),
                ));
            }
            let fp =
                Footprint::new(w, d).map_err(|e| err(format!("{field}.size"), e.to_string()))?;
            bases.insert(base, (fp, b.assumed));
        }
        for b in Base::ALL {
            if !bases.contains_key(&b) {
                return Err(err(format!("bases.{}", b.word()), "missing".into()));
            }
        }
        Ok(Charts {
            movement,
            cavalry_charging: cavalry_charging
                .ok_or_else(|| err("movement.cavalry-charging".into(), "missing".into()))?,
            column: column.ok_or_else(|| err("movement.column".into(), "missing".into()))?,
            weapons,
            guns,
            bases,
        })
    }

    /// 5.2 a row of the movement chart.
    pub fn movement(&self, rate: Rate) -> Move {
        self.movement.get(&rate).copied().unwrap_or(Move {
            inches: 0.0,
            dice: 1,
        })
    }

    /// 8.1 short and long range of a weapon (0, 0 for none).
    pub fn range(&self, weapon: Weapon) -> (f64, f64) {
        self.weapons
            .get(weapon.word())
            .copied()
            .unwrap_or((0.0, 0.0))
    }

    /// 9.2 a gun's row.
    pub fn gun(&self, gun: GunKind) -> GunStats {
        self.guns.get(&gun).copied().unwrap_or(GunStats {
            crew: 1,
            canister: None,
            shot: None,
            shell: None,
        })
    }

    /// A base's size.
    pub fn footprint(&self, base: Base) -> Footprint {
        self.bases
            .get(&base)
            .map(|b| b.0)
            .unwrap_or_else(|| Footprint::new(0.8, 0.8).expect("a positive size"))
    }

    /// Every base with its size and why it was chosen.
    pub fn bases(&self) -> impl Iterator<Item = (Base, Footprint, &str)> + '_ {
        self.bases
            .iter()
            .map(|(b, (f, why))| (*b, *f, why.as_str()))
    }

    /// Every row of the movement chart.
    pub fn moves(&self) -> impl Iterator<Item = (Rate, Move)> + '_ {
        self.movement.iter().map(|(r, m)| (*r, *m))
    }
}

fn one_line(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('|'))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_charts_carry_the_texts_numbers() {
        let c = charts();
        // 5.2
        assert_eq!(
            c.movement(Rate::Irregular),
            Move {
                inches: 6.0,
                dice: 2
            }
        );
        assert_eq!(
            c.movement(Rate::Regular),
            Move {
                inches: 6.0,
                dice: 1
            }
        );
        assert_eq!(
            c.movement(Rate::Militia),
            Move {
                inches: 0.0,
                dice: 2
            }
        );
        assert_eq!(
            c.movement(Rate::Cavalry),
            Move {
                inches: 18.0,
                dice: 1
            }
        );
        assert_eq!(c.movement(Rate::BoatUpstream).range(), (6.0, 11.0));
        assert_eq!((c.cavalry_charging, c.column), (6.0, 6.0));
        // 8.1
        assert_eq!(c.range(Weapon::Musket), (6.0, 12.0));
        assert_eq!(c.range(Weapon::Rifle), (12.0, 24.0));
        assert_eq!(c.range(Weapon::Bow), (3.0, 6.0));
        assert_eq!(c.range(Weapon::None), (0.0, 0.0));
        // 9.2
        let heavy = c.gun(GunKind::Heavy);
        assert_eq!(
            (heavy.crew, heavy.canister, heavy.shot),
            (3, Some((24.0, 6)), Some((48.0, 2)))
        );
        assert_eq!(c.gun(GunKind::Mortar).shell, Some((9.0, 27.0, 4)));
        assert_eq!(c.gun(GunKind::Howitzer).shell, Some((18.0, 36.0, 3)));
        assert_eq!(c.footprint(Base::Foot).frontage(), 0.8);
        assert_eq!(c.bases().count(), 6);
    }

    #[test]
    fn the_personality_chart() {
        let p: Vec<_> = (1..=6).map(Personality::of_roll).collect();
        use Personality::*;
        assert_eq!(p, [Cautious, Cautious, Bold, Bold, Indecisive, Rash]);
    }

    #[test]
    fn a_broken_charts_file_names_the_field() {
        let bad = |from: &str, to: &str| {
            Charts::parse(&CHARTS_TOML.replace(from, to), "charts.toml")
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            bad(
                "regular = { inches = 6, dice = 1 }",
                "regular = { inches = 60, dice = 1 }"
            ),
            "charts.toml: movement.regular: a move is 0 to 48 inches and -3 to 4 dice"
        );
        assert_eq!(
            bad("musket = [6, 12]", "musket = [12, 6]"),
            "charts.toml: weapons.musket: short and long range: 0 < short <= long <= 100 inches"
        );
        assert_eq!(
            bad("size = [0.8, 0.8]", "size = [0, 0.8]"),
            "charts.toml: bases.foot.size: a base is more than 0 and at most 6 x 12 inches"
        );
        assert_eq!(
            bad("[guns.swivel]", "[guns.culverin]"),
            "charts.toml: guns.culverin: no gun is called 'culverin'"
        );
        let e = bad("[weapons]", "[weapon]");
        assert!(e.starts_with("charts.toml: ") && !e.contains('\n'), "{e}");
    }
}
