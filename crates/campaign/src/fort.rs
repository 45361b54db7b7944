//! The D3 battle for a fort, made from an attack on a fortified or flag town: the text's own
//! Fort Oswego set-up carried over to any fort of the map. The attackers march in by the road
//! from the town they attack from, at the south edge of a 6' x 4' table; their allied Indians
//! come by a path of their own at the west end of it (the text's Fort Oswego splits the French
//! between two ends); the defenders hold the fort (its gun inside, for the whole battle), a flag
//! town's earthworks too, and may not stand within the keep-off distance of the attackers' edge.
//! Lakes, the sea and woods follow the region. The scenario is a D3 scenario file's text, so it
//! passes D3's own checks, and can be saved and played alone (`fiw play d3 --scenario FILE`).

use crate::forces::{sized, Units};
use crate::rules::BattleRules;
use crate::situation::{Force, Situation};
use fiw_solitaire::map::TownKind;
use fiw_solitaire::Side;
use serde::Serialize;

/// The table: the D3 text's 6' x 4' in 6" squares.
const WIDTH: f64 = 72.0;
const DEPTH: f64 = 48.0;
const GRID: f64 = 6.0;
/// How deep the attackers' ground at the south edge is: three ranks of 1.5" bases with room
/// between them.
const ATTACKERS_DEPTH: f64 = 8.5;

pub(crate) type Pt = [f64; 2];

#[derive(Serialize)]
struct File {
    name: String,
    first: &'static str,
    first_assumed: &'static str,
    turns: u32,
    turns_assumed: String,
    objective: String,
    objective_assumed: &'static str,
    table: Table,
    british: ArmyFile,
    french: ArmyFile,
}

#[derive(Serialize)]
struct Table {
    width: f64,
    depth: f64,
    grid: f64,
    terrain: Vec<Terrain>,
}

/// A piece of terrain as D3's and the skirmish rules' scenario files both write it.
#[derive(Serialize)]
pub(crate) struct Terrain {
    pub(crate) kind: &'static str,
    pub(crate) name: String,
    pub(crate) points: Vec<Pt>,
    pub(crate) assumed: String,
}

#[derive(Serialize)]
struct ArmyFile {
    commander: String,
    zones: Vec<Vec<Pt>>,
    zones_assumed: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    keep_off: Option<KeepOff>,
    forces_assumed: String,
    units: Vec<UnitFile>,
}

#[derive(Serialize)]
struct KeepOff {
    south: f64,
}

#[derive(Serialize)]
struct UnitFile {
    id: String,
    #[serde(rename = "type")]
    kind: &'static str,
    at: Pt,
    facing: f64,
    #[serde(rename = "in", skip_serializing_if = "Option::is_none")]
    inside: Option<String>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    stays: bool,
}

pub(crate) fn rect(x0: f64, y0: f64, x1: f64, y1: f64) -> Vec<Pt> {
    vec![[x0, y0], [x1, y0], [x1, y1], [x0, y1]]
}

/// A flag town's `k`th earthwork (west, then east): the terrain's name and a unit's `in`.
fn earthwork(k: usize) -> String {
    format!("the {} earthwork", ["west", "east"][k.min(1)])
}

/// The commander of each side in a generated battle.
fn commander(side: Side) -> &'static str {
    match side {
        Side::British => "the British commander",
        Side::French => "the French commander",
    }
}

pub(crate) fn prefix(side: Side) -> &'static str {
    match side {
        Side::British => "br",
        Side::French => "fr",
    }
}

/// Unit ids in the order they are placed, with their D3 type: the guns first (they take the
/// front row's or the fort's best places), then veterans, line, and skirmishers (Indians last).
fn roster(side: Side, u: &Units) -> Vec<(String, &'static str)> {
    let p = prefix(side);
    let mut out = Vec::new();
    let mut add = |n: u32, kind: &'static str, tag: &str| {
        for i in 1..=n {
            out.push((format!("{p}-{tag}-{i}"), kind));
        }
    };
    add(u.guns, "artillery", "gun");
    add(u.veterans, "veteran", "vet");
    add(u.line, "line", "reg");
    add(u.skirmishers - u.indians, "skirmishers", "rng");
    add(u.indians, "skirmishers", "ind");
    out
}

/// The places of the attackers: two rows along the south edge (guns in the first only), the
/// commander behind the middle; their Indians at the west end.
struct AttackerPlaces {
    front: Vec<Pt>,
    back: Vec<Pt>,
    flank: Vec<Pt>,
}

impl AttackerPlaces {
    /// Three rows of twelve places 6" apart (the commander's place kept in the second), in the
    /// attackers' zone, and two files of three on the flank path.
    fn new() -> Self {
        let xs = (0..12).map(|k| 3.0 + 6.0 * k as f64);
        AttackerPlaces {
            front: xs.clone().map(|x| [x, 2.0]).collect(),
            back: xs
                .clone()
                .filter(|&x| x != 33.0)
                .map(|x| [x, 4.75])
                .chain(xs.map(|x| [x, 7.5]))
                .collect(),
            flank: [2.5, 5.0]
                .iter()
                .flat_map(|&x| (0..3).map(move |k| [x, 12.0 + 5.0 * k as f64]))
                .collect(),
        }
    }
}

/// A battle's scenario: the D3 file's text and its name.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Generated {
    pub name: String,
    pub text: String,
}

/// The fort battle for the attack `s`, the attackers sized against the defenders at `ratio`
/// ([`sized`]), its counts rounded by `dice`.
///
/// # Errors
/// A side too big for the places of the table (more than 35 attacking units and 6 Indians, or 21
/// defending): one line saying which.
pub fn fort_battle(
    s: &Situation,
    rules: &BattleRules,
    ratio: f64,
    dice: &mut fiw_engine::Dice,
) -> Result<Generated, String> {
    let fort = &rules.fort;
    let (def, att) = sized(s, rules, ratio, dice);
    let town = s.town_name().to_string();
    let region = s.region_name();
    let name = format!("{town} ({region})");
    let mut terrain = vec![Terrain {
        kind: "entrenchment",
        name: town.clone(),
        points: fort.fortified.clone(),
        assumed: fort.fortified_assumed.clone(),
    }];
    let flag = s.kind == TownKind::Flag;
    if flag {
        for (k, e) in fort.earthworks.iter().enumerate() {
            terrain.push(Terrain {
                kind: "entrenchment",
                name: earthwork(k),
                points: e.clone(),
                assumed: fort.earthworks_assumed.clone(),
            });
        }
    }
    terrain.push(Terrain {
        kind: "road",
        name: "the road in".into(),
        points: rect(35.0, 0.0, 37.0, 30.0),
        assumed: "the attackers march in by the road from the town they attack from, which runs from the middle of the south edge to the fort's gate".into(),
    });
    terrain.extend(region_terrain(region));
    let attacker = s.attacker.side;
    let att_file = attackers(&s.attacker, &att)?;
    let def_file = defenders(&s.defender, &def, &town, flag, fort.keep_off)?;
    let (british, french) = match attacker {
        Side::British => (att_file, def_file),
        Side::French => (def_file, att_file),
    };
    let file = File {
        name: name.clone(),
        first: attacker.id(),
        first_assumed: "the attackers, marching in, move first",
        turns: fort.turns,
        turns_assumed: fort.turns_assumed.clone(),
        objective: town,
        objective_assumed: "the attackers came to take the fort: not a rule (the battle is won by army resolve), but what the computer generals fight over",
        table: Table {
            width: WIDTH,
            depth: DEPTH,
            grid: GRID,
            terrain,
        },
        british,
        french,
    };
    let text = toml::to_string(&file).map_err(|e| format!("the generated battle: {e}"))?;
    Ok(Generated { name, text })
}

/// Lakes, the sea and woods by region: the Great Lakes' shore in the Mohawk country, Lake
/// George and Lake Champlain on the Hudson route, the sea on the Atlantic coast, and the Ohio
/// country's forest.
fn region_terrain(region: &str) -> Vec<Terrain> {
    let woods = |name: &str, points: Vec<Pt>, why: &str| Terrain {
        kind: "woods",
        name: name.into(),
        points,
        assumed: why.into(),
    };
    let mut t = vec![
        woods(
            "the west woods",
            vec![[10.0, 11.0], [20.0, 10.0], [22.0, 20.0], [12.0, 22.0]],
            "forest covered the approaches to every fort of the war: a wood west of the road in",
        ),
        woods(
            "the east woods",
            vec![[50.0, 11.0], [62.0, 12.0], [60.0, 21.0], [52.0, 20.0]],
            "a second wood east of the road, so the attackers may close under cover on either flank",
        ),
    ];
    let water = |kind: &'static str, name: &str, why: &str| Terrain {
        kind,
        name: name.into(),
        points: vec![
            [0.0, 45.0],
            [36.0, 43.5],
            [72.0, 45.0],
            [72.0, 48.0],
            [0.0, 48.0],
        ],
        assumed: why.into(),
    };
    match region {
        "Ohio" => t.push(woods(
            "the forest behind",
            vec![[4.0, 39.0], [20.0, 38.5], [21.0, 47.0], [5.0, 47.5]],
            "the Ohio country is forest on every side: a third wood behind the fort instead of water",
        )),
        "Atlantic" => t.push(water(
            "lake",
            "the sea",
            "the Atlantic towns are ports: the sea runs along the edge behind the fort (water is a lake to the D3 rules, which no unit may enter)",
        )),
        _ => t.push(water(
            "lake",
            "the lake",
            "the forts of the Mohawk and Hudson routes stand on lakes and rivers (Lake Ontario, Lake George, Lake Champlain): water along the edge behind the fort, as at Fort Oswego",
        )),
    }
    t
}

fn unit(id: String, kind: &'static str, at: Pt, facing: f64) -> UnitFile {
    UnitFile {
        id,
        kind,
        at,
        facing,
        inside: None,
        stays: false,
    }
}

pub(crate) fn force_words(f: &Force, u: &Units) -> String {
    let militia = if f.reduced {
        "reduced militia"
    } else {
        "militia"
    };
    let army = match f.army {
        Some(a) if a.supplied => format!(", an army +{}", a.drm),
        Some(a) => format!(", an army +{} out of supply", a.drm),
        None => String::new(),
    };
    let indians = if f.indians { ", allied Indians" } else { "" };
    format!(
        "made from the map's markers ({militia}{army}{indians}; data/battles.toml): {} line, {} veteran, {} skirmisher units ({} of them Indians) and {} gun(s)",
        u.line, u.veterans, u.skirmishers, u.indians, u.guns
    )
}

fn attackers(f: &Force, u: &Units) -> Result<ArmyFile, String> {
    let mut places = AttackerPlaces::new();
    let roster = roster(f.side, u);
    let (foot, indians): (Vec<_>, Vec<_>) = roster
        .into_iter()
        .partition(|(id, _)| !id.contains("-ind-"));
    if foot.len() > places.front.len() + places.back.len() {
        return Err(format!(
            "the {} attack with {} units besides their Indians: a generated battle places at most {}",
            f.side.name(),
            foot.len(),
            places.front.len() + places.back.len()
        ));
    }
    if indians.len() > places.flank.len() {
        return Err(format!(
            "the {} attack with {} units of Indians: a generated battle places at most {}",
            f.side.name(),
            indians.len(),
            places.flank.len()
        ));
    }
    // the front row from the middle out, so a small force gathers on the road
    places
        .front
        .sort_by(|a, b| (a[0] - 33.0).abs().total_cmp(&(b[0] - 33.0).abs()));
    places
        .back
        .sort_by(|a, b| (a[0] - 33.0).abs().total_cmp(&(b[0] - 33.0).abs()));
    let mut units = vec![unit(
        format!("{}-gen", prefix(f.side)),
        "commander",
        [33.0, 4.75],
        0.0,
    )];
    let mut slots = places.front.iter().chain(places.back.iter());
    for (id, kind) in foot {
        let at = *slots.next().ok_or("no place left")?;
        units.push(unit(id, kind, at, 0.0));
    }
    for ((id, kind), at) in indians.into_iter().zip(places.flank) {
        units.push(unit(id, kind, at, 90.0));
    }
    Ok(ArmyFile {
        commander: commander(f.side).into(),
        zones: vec![rect(0.0, 0.0, WIDTH, ATTACKERS_DEPTH), rect(0.0, ATTACKERS_DEPTH, 6.0, 24.0)],
        zones_assumed: format!("marching in by the road, the attackers start within {ATTACKERS_DEPTH}\" of the south edge (three ranks of units, the column's head and its following), and their allied Indians within one square (6\") of the west end, by a path of their own through the woods"),
        keep_off: None,
        forces_assumed: force_words(f, u),
        units,
    })
}

fn defenders(
    f: &Force,
    u: &Units,
    town: &str,
    flag: bool,
    keep_off: f64,
) -> Result<ArmyFile, String> {
    // the fort holds its gun (the defenders' first, or the fort's own) and two units
    let mut roster = roster(f.side, u);
    let p = prefix(f.side);
    if u.guns == 0 {
        roster.insert(0, (format!("{p}-gun-fort"), "artillery"));
    }
    let mut units = vec![unit(format!("{p}-gen"), "commander", [36.0, 28.5], 180.0)];
    let fort_places: [Pt; 3] = [[36.0, 35.5], [32.5, 32.0], [39.5, 32.0]];
    let work_places: Vec<Pt> = if flag {
        vec![[19.0, 29.25], [53.0, 29.25]]
    } else {
        Vec::new()
    };
    let mut row: Vec<Pt> = (0..10).map(|k| [9.0 + 6.0 * k as f64, 26.0]).collect();
    row.extend([9.0, 15.0, 21.0, 51.0, 57.0, 63.0].map(|x| [x, 37.0]));
    let total = roster.len();
    let mut rest = roster.into_iter();
    // the gun and the next two into the fort; then the earthworks; then the line
    for at in fort_places {
        let Some((id, kind)) = rest.next() else { break };
        let stays = kind == "artillery";
        units.push(UnitFile {
            id,
            kind,
            at,
            facing: 180.0,
            inside: Some(town.to_string()),
            stays,
        });
    }
    for (k, at) in work_places.into_iter().enumerate() {
        let Some((id, kind)) = rest.next() else { break };
        units.push(UnitFile {
            id,
            kind,
            at,
            facing: 180.0,
            inside: Some(earthwork(k)),
            stays: false,
        });
    }
    let mut row = row.into_iter();
    for (id, kind) in rest {
        let Some(at) = row.next() else {
            return Err(format!(
                "the {} defend with {total} units: a generated battle places at most {}",
                f.side.name(),
                3 + if flag { 2 } else { 0 } + 16
            ));
        };
        units.push(unit(id, kind, at, 180.0));
    }
    let words = force_words(f, u);
    Ok(ArmyFile {
        commander: commander(f.side).into(),
        zones: vec![rect(6.0, keep_off, WIDTH - 6.0, 43.0)],
        zones_assumed: format!("the defenders stand at and around the fort, kept {keep_off}\" off the edge the attackers march in by and one square off the table's ends"),
        keep_off: Some(KeepOff { south: keep_off }),
        forces_assumed: format!("{words}; the fort's gun is theirs (the defenders' own, or the fort's when they have none), inside it for the whole battle"),
        units,
    })
}
