//! The hand-built tables of D3's rule tests (tests/rulebook.rs, tests/audit_2026_12_04.rs): a
//! scenario file written from a list of units, and the few steps every such test takes.
//! Each test binary uses a part of it.
#![allow(dead_code)]

use fiw_d3::{Action, Options, Phase, D3};
use fiw_engine::{Dice, Game, RuleError};

/// A unit placed by a test: `(id, type, x, y, facing)`; ids starting `br-` are British, the
/// others French.
pub type Placed<'a> = (&'a str, &'a str, f64, f64, f64);

/// The scenario file of a 72" x 48" table of `turns` rounds with `terrain` (TOML
/// `[[table.terrain]]` blocks) and `units`, `first` moving first. Both armies may deploy
/// anywhere; each army's commander stands in a northern corner, out of the way, unless
/// `units` places its `br-gen` or `fr-gen`.
pub fn scenario_text(first: &str, turns: u32, terrain: &str, units: &[Placed]) -> String {
    let mut text = format!(
        "name = \"test\"\nfirst = \"{first}\"\nturns = {turns}\n[table]\nwidth = 72\ndepth = 48\n{terrain}\n"
    );
    for (army, prefix, gen_x) in [("british", "br-", 2.0), ("french", "fr-", 70.0)] {
        text += &format!(
            "[{army}]\ncommander = \"c\"\nzones = [[[0, 0], [72, 0], [72, 48], [0, 48]]]\n"
        );
        if !units.iter().any(|u| u.0 == format!("{prefix}gen")) {
            text += &format!("[[{army}.units]]\nid = \"{prefix}gen\"\ntype = \"commander\"\nat = [{gen_x}, 46]\nfacing = 0\n");
        }
        for (id, kind, x, y, f) in units.iter().filter(|u| u.0.starts_with(prefix)) {
            text += &format!("[[{army}.units]]\nid = \"{id}\"\ntype = \"{kind}\"\nat = [{x}, {y}]\nfacing = {f}\n");
        }
    }
    text
}

/// The battle [`scenario_text`] describes, rolled with `dice`.
pub fn battle(first: &str, turns: u32, terrain: &str, units: &[Placed], dice: Dice) -> D3 {
    D3::with_dice(
        &Options {
            scenario: "test.toml".into(),
            text: Some(scenario_text(first, turns, terrain, units)),
        },
        dice,
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

/// Plays the order typed `text`, which must be legal.
pub fn order(g: &mut D3, text: &str) {
    let a = g
        .parse_action(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    g.apply(a).unwrap_or_else(|e| panic!("{text}: {e}"));
}

/// Why the order typed `text`, which must be illegal, is refused.
pub fn refused(g: &D3, text: &str) -> RuleError {
    let a = g
        .parse_action(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    g.check(&a).expect_err(text)
}

/// Checks that the order typed `text` is legal, without playing it.
pub fn legal(g: &D3, text: &str) {
    let a = g
        .parse_action(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    g.check(&a).unwrap_or_else(|e| panic!("{text}: {e}"));
}

/// The unit named `id`.
pub fn unit<'a>(g: &'a D3, id: &str) -> &'a fiw_d3::Unit {
    &g.units()[g.unit_named(id).unwrap()]
}

/// Passes the rest of the active army's turn (movement, shooting, charges).
pub fn end_turn(g: &mut D3) {
    while g.phase() != Phase::Charges {
        g.apply(Action::Pass).unwrap();
    }
    g.apply(Action::Pass).unwrap();
}
