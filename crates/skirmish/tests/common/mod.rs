//! What the rulebook tests share: a small open table with units placed where a test needs them,
//! a forced deck, and helpers to act and to read the state.
#![allow(dead_code)]

use fiw_engine::Game;
use fiw_skirmish::{Action, Options, Skirmish};

/// A scenario text: a 48" × 36" table of open ground with `terrain` (table terrain entries),
/// `features` (skirmish features), and the units of each side (TOML `[[british.units]]`…).
pub fn scenario(terrain: &str, features: &str, british: &str, french: &str) -> String {
    format!(
        r#"
name = "Test"
about = "a table for a rulebook test"
rule = "T"
turns = 3
end = "fewer-lost"
spiking = true

[[victory]]
winner = "french"
british_gone = true
reason = "the British are gone"

[[victory]]
winner = "british"
french_gone = true
reason = "the French are gone"

{features}

[table]
width = 48
depth = 36
{terrain}

[british]
front = [48, 18]
edge = "west"
hide_zones = [[[0, 0], [48, 0], [48, 36], [0, 36]]]
{british}

[french]
front = [0, 18]
edge = "east"
hide_zones = [[[0, 0], [48, 0], [48, 36], [0, 36]]]
{french}
"#
    )
}

/// A unit entry: `side` british or french, then the fields after `id`.
pub fn unit(side: &str, id: &str, fields: &str) -> String {
    format!("[[{side}.units]]\nid = \"{id}\"\nname = \"{id}\"\n{fields}\n")
}

/// A company of line infantry: officer and `men` privates, in line 2 deep at `at` facing.
pub fn line(side: &str, id: &str, at: (f64, f64), facing: f64, men: u8) -> String {
    unit(
        side,
        id,
        &format!(
            "troop = \"regular\"\nfieldcraft = 1\nformation = \"line\"\nranks = 2\nat = [{}, {}]\nfacing = {facing}\nfigures = [{{ role = \"officer\" }}, {{ role = \"private\", count = {men} }}]",
            at.0, at.1
        ),
    )
}

/// A band of irregulars in skirmish order: leader and `men`.
pub fn band(side: &str, id: &str, at: (f64, f64), facing: f64, men: u8) -> String {
    unit(
        side,
        id,
        &format!(
            "troop = \"irregular\"\nfieldcraft = 3\nformation = \"skirmish\"\nat = [{}, {}]\nfacing = {facing}\nfigures = [{{ role = \"officer\" }}, {{ role = \"private\", count = {men} }}]",
            at.0, at.1
        ),
    )
}

/// The card that makes a side act first: a red (♥) for the British, a black (♠) for the French.
pub const RED: u8 = 13;
/// A black card.
pub const BLACK: u8 = 0;

/// A game of `text`, the deck's top cards `deck` at every shuffle, seed 1.
pub fn game(text: &str, deck: &[u8]) -> Skirmish {
    let options = Options {
        scenario: "test".into(),
        text: Some(text.to_string()),
        deck: deck.to_vec(),
        ..Options::default()
    };
    Skirmish::new(&options, 1).unwrap_or_else(|e| panic!("{e}"))
}

/// Plays an order typed as text, which must be legal.
pub fn play(g: &mut Skirmish, text: &str) {
    let a = g
        .parse_action(text)
        .unwrap_or_else(|e| panic!("'{text}': {e}"));
    if let Err(e) = g.apply(a) {
        panic!(
            "'{text}' refused: {e}\n{}",
            g.render(g.to_move().unwrap_or(0))
        );
    }
}

/// Why an order typed as text is refused (panics if it is legal).
pub fn refused(g: &Skirmish, text: &str) -> fiw_engine::RuleError {
    let a = g
        .parse_action(text)
        .unwrap_or_else(|e| panic!("'{text}': {e}"));
    match g.check(&a) {
        Ok(()) => panic!("'{text}' is legal"),
        Err(e) => e,
    }
}

/// Whether an order typed as text is legal.
pub fn legal(g: &Skirmish, text: &str) -> bool {
    g.parse_action(text).is_ok_and(|a| g.check(&a).is_ok())
}

/// The listed orders, as text.
pub fn menu(g: &Skirmish) -> Vec<String> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    v.iter().map(|a| g.action_text(a)).collect()
}

/// Queues dice results.
pub fn dice(g: &mut Skirmish, results: &[u8]) {
    g.dice_mut().force(results.iter().copied());
}

/// Unit `id`'s index.
pub fn u(g: &Skirmish, id: &str) -> usize {
    g.unit_named(id).unwrap_or_else(|| panic!("no unit {id}"))
}

/// The figures with unit `id`, on the table.
pub fn men(g: &Skirmish, id: &str) -> usize {
    g.table_figures(u(g, id)).count()
}

/// Casualties in unit `id`'s holding area.
pub fn held(g: &Skirmish, id: &str) -> usize {
    let i = u(g, id);
    g.units()[i]
        .figures
        .iter()
        .filter(|&&f| g.figures()[f as usize].status == fiw_skirmish::Status::Holding)
        .count()
}

/// The log lines, joined.
pub fn log(g: &Skirmish) -> String {
    g.log()
        .entries()
        .iter()
        .map(|e| e.text.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The mean x of unit `id`'s figures on the table.
pub fn x(g: &Skirmish, id: &str) -> f64 {
    g.centre(u(g, id)).x
}

/// The mean y of unit `id`'s figures on the table.
pub fn y(g: &Skirmish, id: &str) -> f64 {
    g.centre(u(g, id)).y
}

/// Whether a listed order is one of `legal`.
pub fn is_listed(g: &Skirmish, text: &str) -> bool {
    menu(g).iter().any(|m| m == text)
}

/// Unused orders silence.
pub fn _a(_: Action) {}

pub fn gun(
    side: &str,
    id: &str,
    at: (f64, f64),
    facing: f64,
    kind: &str,
    crew: u8,
    limbered: bool,
) -> String {
    unit(
        side,
        id,
        &format!(
            "troop = \"artillery\"\nfieldcraft = 1\nformation = \"battery\"\nat = [{}, {}]\nfacing = {facing}\nlimbered = {limbered}\nfigures = [{{ role = \"gun\", gun = \"{kind}\" }}, {{ role = \"officer\" }}, {{ role = \"private\", count = {crew} }}]",
            at.0, at.1
        ),
    )
}

pub fn cabin() -> &'static str {
    "[[features]]\nkind = \"building\"\nname = \"the cabin\"\npoints = [[20, 16], [24, 16], [24, 19], [20, 19]]\napertures = [{ kind = \"door\", at = [22, 16] }, { kind = \"window\", at = [20, 17.5] }]\n"
}

pub fn charge_table(french: &str) -> String {
    scenario(
        "",
        "",
        &band("british", "br-a", (10.0, 18.0), 90.0, 5),
        french,
    )
}
