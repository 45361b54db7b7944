//! What a page needs to draw a D3 table to scale beyond a seat's view: each scenario's table as
//! its file gives it (size, grid, terrain by kind with its points, names and reasons), its
//! armies' commanders and deployment zones, and each type's move, range and base (units.toml).
//! Keyed by the scenario's name, which the view carries. Nothing of a battle in play: the
//! built-in scenarios' tables go out once in the game's reference, and a generated battle's
//! (the campaign's) beside its view.

use crate::{units, Scenario, Type, SCENARIOS};
use serde_json::{json, Value};

/// The built-in scenarios' tables and the types.
pub fn board_data() -> Value {
    let scenarios: Vec<Value> = SCENARIOS
        .iter()
        .filter_map(|(id, _)| Scenario::shared(id).ok().map(|s| table(id, &s)))
        .collect();
    let types: serde_json::Map<String, Value> = Type::ALL
        .iter()
        .map(|&t| {
            let st = units().get(t);
            (
                t.word().to_string(),
                json!({
                    "name": st.name,
                    "move": st.move_allowance,
                    "range": st.range,
                    "shoot": st.shoot,
                    "frontage": st.footprint.frontage(),
                    "depth": st.footprint.depth(),
                }),
            )
        })
        .collect();
    json!({ "scenarios": scenarios, "types": types, "zone": crate::svg::ZONE })
}

/// One scenario's table, under `id`.
pub fn table(id: &str, s: &Scenario) -> Value {
    json!({
        "id": id,
        "name": s.name,
        "table": serde_json::to_value(&s.layout).unwrap_or_default(),
        "turns": s.turns,
        "first": s.first.id(),
        "objective": s.objective,
        "armies": s.armies.iter().map(|a| json!({
            "commander": a.commander,
            "zones": a.zones,
        })).collect::<Vec<_>>(),
    })
}
