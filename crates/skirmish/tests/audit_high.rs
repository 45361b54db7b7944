//! The high findings of the 2026-12-04 audit (issue 35), each shown on the rulebook's own
//! situation with forced dice: every test is named after its finding and cites its section.

mod common;
use common::*;

/// The audit's cabin (4" x 3", door on the south side, windows on the other three), a
/// company in it, and `french` round it.
fn cabin(french: &str) -> String {
    let features = "[[features]]\nkind = \"building\"\nname = \"the cabin\"\npoints = [[22, 20.5], [26, 20.5], [26, 23.5], [22, 23.5]]\napertures = [{ kind = \"door\", at = [24, 20.5] }, { kind = \"window\", at = [22, 22] }, { kind = \"window\", at = [26, 22] }, { kind = \"window\", at = [24, 23.5] }]\n";
    let inside = unit(
        "british",
        "br-a",
        "troop = \"irregular\"\nfieldcraft = 3\nformation = \"building\"\nbuilding = \"the cabin\"\nat = [24, 22]\nfacing = 0\nfigures = [{ role = \"officer\" }, { role = \"private\", count = 5 }]",
    );
    scenario("", features, &inside, french)
}

// 12.2: a unit is surrounded when it cannot fall back without closing on some enemy. Men in a
// building leave it by its openings: one band to the north-east, the door on the far side, is
// no ring round them.
#[test]
fn h1_a_unit_in_a_cabin_with_a_way_out_is_not_surrounded() {
    let t = cabin(&band("french", "fr-a", (28.0, 29.0), 180.0, 6));
    let mut g = game(&t, &[BLACK]);
    assert!(!g.is_surrounded(u(&g, "br-a")));
    play(&mut g, "activate fr-a");
    let e = refused(&g, "call br-a");
    assert_eq!(e.rule, "12.2", "{e}");
    assert!(e.message.contains("not surrounded"), "{e}");
}

// 12.2: with an enemy before every opening, every way out closes on one of them: surrounded.
#[test]
fn a_unit_in_a_cabin_with_the_enemy_at_every_opening_is_surrounded() {
    let french = format!(
        "{}{}{}{}",
        band("french", "fr-n", (24.0, 29.0), 180.0, 5),
        band("french", "fr-s", (24.0, 14.0), 0.0, 5),
        band("french", "fr-e", (32.5, 22.0), 270.0, 5),
        band("french", "fr-w", (15.5, 22.0), 90.0, 5),
    );
    let g = game(&cabin(&french), &[BLACK]);
    assert!(g.is_surrounded(u(&g, "br-a")));
}

// 12.2 in the open: a unit with a friendless side to run to is not surrounded, one ringed on
// every side is, whichever of the enemies is the nearest.
#[test]
fn in_the_open_a_ring_surrounds_and_a_gap_does_not() {
    let ring = |gap: bool| {
        let mut french = format!(
            "{}{}{}",
            band("french", "fr-n", (24.0, 26.0), 180.0, 5),
            band("french", "fr-e", (33.0, 18.0), 270.0, 5),
            band("french", "fr-s", (24.0, 10.0), 0.0, 5),
        );
        if !gap {
            french.push_str(&band("french", "fr-w", (15.0, 18.0), 90.0, 5));
        }
        let t = scenario(
            "",
            "",
            &band("british", "br-a", (24.0, 18.0), 0.0, 5),
            &french,
        );
        let g = game(&t, &[BLACK]);
        g.is_surrounded(u(&g, "br-a"))
    };
    assert!(!ring(true));
    assert!(ring(false));
}
