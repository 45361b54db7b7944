//! The skirmish battle for an open town (C9), made from an attack on a town that is neither
//! fortified nor a flag town: the figure-scale skirmish rules on a 6' x 4' table, the town's
//! three houses in their clearing in the middle of the north half, the road in from the south
//! edge, woods on both flanks. The attackers march in from the south edge; the defenders hold
//! the town. Each unit of the markers (`forces.rs`) is one company: the militia's line as
//! militia companies, the army's regiments as companies of regulars, its veterans as
//! grenadiers, the skirmishers as rangers or coureurs des bois, and the allied Indians as
//! bands. Guns stay with the siege trains: no open town was shelled.
//!
//! Two kinds: a **raid** where the militia holds the town alone, after the text's Raid (the
//! attackers' irregulars and Indians raid: they take a house no man holds and burn it, and
//! burning two of the three lays the town waste); an **open fight** where an army stands with
//! the militia, after the text's Relief Column (the side that loses half its companies gives
//! way). In both the attackers also win by breaking half the defenders' companies, and the
//! defenders by breaking half the attackers' or holding the town to the last turn. The
//! scenario is a skirmish scenario file's text: it passes the skirmish rules' own checks and
//! can be saved and played alone (`fiw play skirmish --scenario FILE`).

use crate::forces::{sized, Units};
use crate::fort::{force_words, prefix, rect, Generated, Pt, Terrain};
use crate::kind::BattleKind;
use crate::rules::BattleRules;
use crate::situation::{Force, Situation};
use fiw_solitaire::Side;
use serde::Serialize;

/// The table: the skirmish text's 6' x 4'.
const WIDTH: f64 = 72.0;
const DEPTH: f64 = 48.0;
/// Where the attackers stand: rows of companies along the south edge.
const ATTACKER_ROWS: [f64; 4] = [3.0, 9.0, 15.0, 21.0];
/// Where the defenders stand: rows of companies in front of the town and among its houses.
const DEFENDER_ROWS: [f64; 2] = [30.0, 36.0];
/// The most companies a side may have: each acts on a card of its colour (the skirmish rules'
/// 26).
pub const MOST_COMPANIES: usize = 26;
/// The companies' places along a row, 7" apart.
const ROW_XS: [f64; 9] = [8.0, 15.0, 22.0, 29.0, 36.0, 43.0, 50.0, 57.0, 64.0];

#[derive(Serialize)]
struct File {
    name: String,
    about: String,
    rule: &'static str,
    turns: u32,
    turns_assumed: String,
    end: &'static str,
    end_assumed: String,
    victory_assumed: String,
    victory: Vec<Victory>,
    features: Vec<Feature>,
    table: Table,
    british: SideFile,
    french: SideFile,
}

#[derive(Serialize)]
struct Victory {
    winner: &'static str,
    reason: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    british_lost_share: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    french_lost_share: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    burned: Option<u32>,
}

#[derive(Serialize)]
struct Feature {
    kind: &'static str,
    name: String,
    points: Vec<Pt>,
    material: &'static str,
    apertures: Vec<Aperture>,
    assumed: String,
}

#[derive(Serialize)]
struct Aperture {
    kind: &'static str,
    at: Pt,
}

#[derive(Serialize)]
struct Table {
    width: f64,
    depth: f64,
    terrain: Vec<Terrain>,
}

#[derive(Serialize)]
struct SideFile {
    front: Pt,
    edge: &'static str,
    posture: &'static str,
    posture_assumed: String,
    forces_assumed: String,
    setup_assumed: String,
    units: Vec<UnitFile>,
}

#[derive(Serialize)]
struct UnitFile {
    id: String,
    name: String,
    troop: &'static str,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    grenadier: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    marksmen: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    native: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    indian: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    raider: bool,
    fieldcraft: u8,
    formation: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    ranks: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rows: Option<u8>,
    at: Pt,
    facing: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    start: Option<&'static str>,
    figures: Vec<FigureFile>,
}

#[derive(Serialize)]
struct FigureFile {
    role: &'static str,
    #[serde(skip_serializing_if = "is_one")]
    count: u8,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    general: bool,
}

fn is_one(n: &u8) -> bool {
    *n == 1
}

fn figure(role: &'static str, count: u8) -> FigureFile {
    FigureFile {
        role,
        count,
        general: false,
    }
}

/// The kinds of company a force brings, in the order they are placed (the line first, so the
/// general's company leads).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Company {
    Regulars,
    Grenadiers,
    Militia,
    Rangers,
    Indians,
}

impl Company {
    fn tag(self) -> &'static str {
        match self {
            Company::Regulars => "reg",
            Company::Grenadiers => "gren",
            Company::Militia => "mil",
            Company::Rangers => "rng",
            Company::Indians => "ind",
        }
    }

    fn words(self, side: Side) -> &'static str {
        match (self, side) {
            (Company::Regulars, _) => "company of regulars",
            (Company::Grenadiers, _) => "grenadier company",
            (Company::Militia, Side::British) => "company of provincials",
            (Company::Militia, Side::French) => "company of Canadian militia",
            (Company::Rangers, Side::British) => "company of rangers",
            (Company::Rangers, Side::French) => "company of coureurs des bois",
            (Company::Indians, _) => "band of Indians",
        }
    }
}

/// The companies of a force: its militia's line units as militia (at most as many as the
/// militia has), the rest of its line as regulars, its veterans as grenadiers, its skirmishers
/// as rangers and its Indians as bands.
fn companies(f: &Force, u: &Units, rules: &BattleRules) -> Vec<Company> {
    let militia = if f.reduced {
        rules.forces.reduced_militia.line
    } else {
        rules.forces.militia.line
    };
    let mil = u.line.min(militia);
    let mut out = Vec::new();
    let mut add = |n: u32, c: Company| out.extend((0..n).map(|_| c));
    add(u.line - mil, Company::Regulars);
    add(u.veterans, Company::Grenadiers);
    add(mil, Company::Militia);
    add(u.skirmishers - u.indians, Company::Rangers);
    add(u.indians, Company::Indians);
    out
}

/// `u` with no more than `most` foot, its Indians and then its other skirmishers and its line
/// given up first where rounding up left one too many.
fn fit(mut u: Units, most: u32) -> Units {
    while u.foot() > most {
        if u.indians > 0 {
            u.indians -= 1;
            u.skirmishers -= 1;
        } else if u.skirmishers > 0 {
            u.skirmishers -= 1;
        } else if u.line > 1 {
            u.line -= 1;
        } else {
            u.veterans = u.veterans.saturating_sub(1);
        }
    }
    u
}

/// The skirmish battle for the attack `s` on an open town, a raid or an open fight by `kind`,
/// the attackers' foot `ratio` times the defenders', its counts rounded by `dice`.
///
/// # Errors
/// A side with more companies than the table places (18 defending: the most the markers
/// make is 15), or an attack that is not on an open town: one line saying which.
pub fn town_battle(
    s: &Situation,
    rules: &BattleRules,
    ratio: f64,
    dice: &mut fiw_engine::Dice,
) -> Result<Generated, String> {
    let kind = BattleKind::of(s);
    if !matches!(kind, BattleKind::Raid | BattleKind::Open) {
        return Err(format!(
            "{} is not an open town: its battle is a {} battle",
            s.town_name(),
            kind.word()
        ));
    }
    let raid = kind == BattleKind::Raid;
    let town = &rules.town;
    // guns stay with the siege trains
    let (mut def, mut att) = sized(s, rules, ratio, dice);
    def.guns = 0;
    att.guns = 0;
    // beyond the cards' 26 companies a side, each company stands for more men: both sides
    // made smaller alike, so that the ratio holds
    let most = MOST_COMPANIES as u32;
    if att.foot() > most || def.foot() > most {
        let shrink = f64::from(most) / f64::from(att.foot().max(def.foot()));
        def = fit(def.scaled(shrink, dice), most);
        att = fit(att.scaled(shrink, dice), most);
    }
    let attacker = s.attacker.side;
    let defender = attacker.other();
    let name = format!("{} ({})", s.town_name(), s.region_name());
    let houses = houses(s.town_name(), &town.houses_assumed);
    let att_file = side_file(
        &s.attacker,
        &companies(&s.attacker, &att, rules),
        &att,
        true,
        raid,
    )?;
    let def_file = side_file(
        &s.defender,
        &companies(&s.defender, &def, rules),
        &def,
        false,
        raid,
    )?;
    let (british, french) = match attacker {
        Side::British => (att_file, def_file),
        Side::French => (def_file, att_file),
    };
    let lost = |side: Side, winner: Side, reason: String| Victory {
        winner: winner.id(),
        reason,
        british_lost_share: (side == Side::British).then_some(town.broken_at),
        french_lost_share: (side == Side::French).then_some(town.broken_at),
        burned: None,
    };
    let mut victory = vec![
        lost(
            defender,
            attacker,
            format!(
                "half the defenders' companies are routed or destroyed: the {} take {} (C9)",
                attacker.name(),
                s.town_name()
            ),
        ),
        lost(
            attacker,
            defender,
            format!(
                "half the attackers' companies are routed or destroyed: the {} give up the attack (C9)",
                attacker.name()
            ),
        ),
    ];
    if raid {
        victory.push(Victory {
            winner: attacker.id(),
            reason: format!(
                "the raiders have burned {} of the town's three houses: {} is laid waste (C9)",
                town.burned,
                s.town_name()
            ),
            british_lost_share: None,
            french_lost_share: None,
            burned: Some(town.burned),
        });
    }
    let file = File {
        name: name.clone(),
        about: format!(
            "the campaign's {} at {}: the {} attack an open town the {} hold",
            if raid { "raid" } else { "fight" },
            name,
            attacker.name(),
            defender.name()
        ),
        rule: "C9",
        turns: town.turns,
        turns_assumed: town.turns_assumed.clone(),
        end: defender.id(),
        end_assumed:
            "the defenders who still hold the town at the last turn have beaten the attack off"
                .into(),
        victory_assumed: town.broken_at_assumed.clone(),
        victory,
        features: houses,
        table: Table {
            width: WIDTH,
            depth: DEPTH,
            terrain: ground(),
        },
        british,
        french,
    };
    let text = toml::to_string(&file).map_err(|e| format!("the generated battle: {e}"))?;
    Ok(Generated { name, text })
}

/// The town's three log houses, doors to the south, in their clearing.
fn houses(town: &str, why: &str) -> Vec<Feature> {
    [(28.0, 39.0), (36.0, 42.0), (44.0, 39.0)]
        .iter()
        .zip(["west", "middle", "east"])
        .map(|(&(x, y), which)| Feature {
            kind: "building",
            name: format!("the {which} house of {town}"),
            points: rect(x - 2.0, y - 1.5, x + 2.0, y + 1.5),
            material: "wood",
            apertures: vec![
                Aperture {
                    kind: "door",
                    at: [x, y - 1.5],
                },
                Aperture {
                    kind: "window",
                    at: [x - 2.0, y],
                },
                Aperture {
                    kind: "window",
                    at: [x + 2.0, y],
                },
            ],
            assumed: why.into(),
        })
        .collect()
}

/// The clearing, the road in and the woods on both flanks.
fn ground() -> Vec<Terrain> {
    let t = |kind: &'static str, name: &str, points: Vec<Pt>, why: &str| Terrain {
        kind,
        name: name.into(),
        points,
        assumed: why.into(),
    };
    vec![
        t(
            "field",
            "the town's clearing",
            rect(20.0, 26.0, 52.0, 46.0),
            "the town's fields round its houses, open ground",
        ),
        t(
            "road",
            "the road in",
            rect(35.0, 0.0, 37.0, 37.5),
            "the road from the town the attackers come from, the middle of the south edge to the middle house",
        ),
        t(
            "woods",
            "the west woods",
            rect(0.0, 18.0, 14.0, 44.0),
            "the forest round every settlement of the frontier: a wood on the west flank of the clearing",
        ),
        t(
            "woods",
            "the east woods",
            rect(58.0, 18.0, 72.0, 44.0),
            "and one on the east flank, so either side may close or hold under cover",
        ),
        t(
            "brush",
            "the brush by the road",
            rect(24.0, 18.0, 30.0, 22.0),
            "cut-over ground where the road leaves the forest",
        ),
    ]
}

/// A side's file: its companies in rows (the attackers along the south edge, advancing; the
/// defenders in front of the town and among its houses, standing), the first company with the
/// side's colonel, its general.
fn side_file(
    f: &Force,
    companies: &[Company],
    u: &Units,
    attacking: bool,
    raid: bool,
) -> Result<SideFile, String> {
    let rows: &[f64] = if attacking {
        &ATTACKER_ROWS
    } else {
        &DEFENDER_ROWS
    };
    let places: Vec<Pt> = rows
        .iter()
        .flat_map(|&y| {
            let mut xs = ROW_XS.to_vec();
            // from the middle out, so a small force gathers on the road
            xs.sort_by(|a, b| (a - 36.0).abs().total_cmp(&(b - 36.0).abs()));
            xs.into_iter().map(move |x| [x, y])
        })
        .collect();
    if companies.len() > places.len().min(MOST_COMPANIES) {
        return Err(format!(
            "the {} {} with {} companies: a generated battle places at most {}",
            f.side.name(),
            if attacking { "attack" } else { "defend" },
            companies.len(),
            places.len().min(MOST_COMPANIES)
        ));
    }
    let mut count = std::collections::HashMap::new();
    let units = companies
        .iter()
        .zip(places)
        .enumerate()
        .map(|(k, (&c, at))| {
            let n = count.entry(c.tag()).or_insert(0u32);
            *n += 1;
            company(f.side, c, k == 0, *n, at, attacking, raid)
        })
        .collect();
    let posture = if attacking { "attack" } else { "defend" };
    Ok(SideFile {
        front: if attacking { [36.0, 38.0] } else { [36.0, 6.0] },
        edge: if attacking { "south" } else { "north" },
        posture,
        posture_assumed: if attacking {
            "the attackers came to take the town".into()
        } else {
            "the defenders hold their town and let the attackers come".into()
        },
        forces_assumed: format!(
            "{}; one company for each unit of the D3 battle the same markers make, guns left with the siege trains",
            force_words(f, u)
        ),
        setup_assumed: if attacking {
            "marching in by the road: in rows along the south edge, advancing".into()
        } else {
            "in front of the town and among its houses, facing the road in".into()
        },
        units,
    })
}

fn company(
    side: Side,
    c: Company,
    general: bool,
    n: u32,
    at: Pt,
    attacking: bool,
    raid: bool,
) -> UnitFile {
    let mut figures = Vec::new();
    if general {
        figures.push(FigureFile {
            role: "colonel",
            count: 1,
            general: true,
        });
    }
    figures.push(figure("officer", 1));
    let (troop, formation, ranks, rows, fieldcraft) = match c {
        Company::Regulars | Company::Grenadiers => ("regular", "line", Some(2), None, 1),
        Company::Militia => ("militia", "line", Some(2), None, 1),
        Company::Rangers => ("irregular", "skirmish", None, Some(2), 3),
        Company::Indians => ("irregular", "skirmish", None, Some(2), 3),
    };
    match c {
        Company::Regulars | Company::Grenadiers => figures.push(figure("private", 7)),
        Company::Militia | Company::Indians => figures.push(figure("private", 6)),
        Company::Rangers => {
            figures.push(figure("sergeant", 1));
            figures.push(figure("private", 5));
        }
    }
    let irregular = matches!(c, Company::Rangers | Company::Indians);
    UnitFile {
        id: format!("{}-{}-{n:02}", prefix(side), c.tag()),
        name: format!("{} {} {n}", side.name(), c.words(side)),
        troop,
        grenadier: c == Company::Grenadiers,
        marksmen: c == Company::Rangers,
        native: c == Company::Indians,
        indian: c == Company::Indians,
        raider: raid && attacking && irregular,
        fieldcraft,
        formation,
        ranks,
        rows,
        at,
        facing: if attacking { 0.0 } else { 180.0 },
        start: attacking.then_some("advance"),
        figures,
    }
}
