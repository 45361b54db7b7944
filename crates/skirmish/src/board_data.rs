//! What a page needs to draw a skirmish table to scale beyond a seat's view: the layout as the
//! scenario's file gives it, the skirmish features, the buildings with their doors and windows,
//! the concealing ground `spot` names, the engineering sites, and the base of each kind of
//! figure in it. Keyed by the scenario's name, which the view carries. Built from a scenario's
//! set-up: nothing of a game in play, and no side's hidden units (their places are not in it).
//! The built-in scenarios' tables go out once in the game's reference, a generated battle's
//! (the campaign's) beside its view.

use crate::{Options, Skirmish, SCENARIOS};
use fiw_engine::Game;
use serde_json::{json, Value};

/// The built-in scenarios' tables.
pub fn board_data() -> Value {
    let scenarios: Vec<Value> = SCENARIOS
        .iter()
        .filter_map(|(id, _)| {
            let options = Options {
                scenario: id.to_string(),
                ..Default::default()
            };
            Skirmish::new(&options, 0).ok().map(|g| table(id, &g))
        })
        .collect();
    json!({ "scenarios": scenarios })
}

/// The table of `g`'s scenario, under `id`, as it stands at its set-up: give it a game not yet
/// played (a page must not learn from it what play has changed, nor where hidden units are).
pub fn table(id: &str, g: &Skirmish) -> Value {
    let s = g.scenario();
    // S1 the abatis a set-up may lift is drawn from each view's `abatis`, not here
    let set_up: Vec<usize> = s
        .sides
        .iter()
        .filter_map(|d| d.set_up.as_ref())
        .flat_map(|u| u.pieces.iter().copied().chain([u.laid]))
        .collect();
    let features: Vec<Value> = s
        .features
        .iter()
        .enumerate()
        .map(|(i, f)| {
            json!({
                "kind": f.kind.word(),
                "name": f.label(),
                "line": f.line.as_ref().map(|l| l.points().to_vec()),
                "area": f.area.as_ref().map(|a| a.points().to_vec()),
                "set_up": set_up.contains(&i),
            })
        })
        .collect();
    let buildings: Vec<Value> = g
        .buildings()
        .iter()
        .enumerate()
        .map(|(k, b)| {
            let gaps: Vec<Value> = (0..b.walls.gaps().len())
                .filter_map(|i| {
                    let c = b.walls.gap_centre(i)?;
                    let kind = match b.apertures.get(i) {
                        Some(crate::scenario::Aperture::Window) => "window",
                        Some(crate::scenario::Aperture::Breach) => "breach",
                        _ => "door",
                    };
                    Some(json!({ "at": c, "kind": kind }))
                })
                .collect();
            json!({
                "id": g.building_id(k),
                "name": g.building_name(k),
                "floor": s.features[b.feature as usize].area.as_ref().map(|a| a.points().to_vec()),
                "openings": gaps,
            })
        })
        .collect();
    let areas: Vec<Value> = g
        .concealing_areas()
        .iter()
        .enumerate()
        .map(|(k, a)| {
            let points = match *a {
                crate::scenario::Area::Terrain(i) => s
                    .layout
                    .terrain()
                    .get(i)
                    .map(|t| t.polygon.points().to_vec()),
                crate::scenario::Area::Feature(i) => s
                    .features
                    .get(i)
                    .and_then(|f| f.area.as_ref().map(|p| p.points().to_vec())),
            };
            json!({ "id": g.area_id(k), "points": points })
        })
        .collect();
    let sites: Vec<Value> = (0..s.sites.len())
        .map(|k| json!({ "id": g.site_id(k), "name": s.sites[k].name, "at": s.sites[k].at }))
        .collect();
    let mut bases = serde_json::Map::new();
    for (f, fig) in g.figures().iter().enumerate() {
        let troop = g.units()[fig.unit as usize].troop;
        let fp = g.footprint(f);
        bases.insert(
            format!("{}.{}", troop.word(), fig.role.word()),
            json!([fp.frontage(), fp.depth()]),
        );
    }
    json!({
        "id": id,
        "name": s.name,
        "table": serde_json::to_value(&s.layout).unwrap_or_default(),
        "features": features,
        "buildings": buildings,
        "areas": areas,
        "sites": sites,
        "bases": bases,
    })
}
