//! The exact odds of `fiw odds` against a Monte Carlo run of the game's own battle code: the
//! same battles fought many times through the rules engine, with the hits placed as the odds
//! assume (on the worst-firing block first), must agree within four standard errors.

use fiw_engine::Game;
use fiw_louisbourg::board::*;
use fiw_louisbourg::forces::{forces, Kind};
use fiw_louisbourg::odds::{odds, Fighter, OddsQuery};
use fiw_louisbourg::{Action, Louisbourg, Side, Step};

struct Case {
    name: &'static str,
    placements: Vec<(&'static str, &'static str, u8)>,
    begin: Action,
    movers: Vec<&'static str>,
    to: Loc,
    query: OddsQuery,
}

fn fighter(id: &str, sp: u8) -> Fighter {
    let d = forces().units.iter().find(|u| u.id == id).unwrap();
    Fighter { kind: d.kind, sp }
}

fn index(id: &str) -> u8 {
    forces().units.iter().position(|u| u.id == id).unwrap() as u8
}

/// Fights the case once with the engine; returns (attacker SP left, defender SP left).
fn fight(case: &Case, seed: u64) -> (u32, u32) {
    let attacker = Side::British;
    let mut g = Louisbourg::arranged(5, attacker, &case.placements).unwrap();
    g.dice_mut().reseed(seed);
    g.apply(case.begin).unwrap();
    for m in &case.movers {
        g.apply(Action::Go {
            unit: index(m),
            to: case.to,
        })
        .unwrap();
    }
    if matches!(
        g.step(),
        Step::LandMove { .. } | Step::Raid { .. } | Step::Amphibious { .. }
    ) {
        g.apply(Action::Done).unwrap();
    }
    let mut legal = Vec::new();
    loop {
        match g.step() {
            Step::Hits { .. } => {
                g.legal_actions(&mut legal);
                // hits on the worst-firing block first, then the largest (the odds' policy)
                let pick = legal
                    .iter()
                    .max_by_key(|a| match a {
                        Action::Hit(u) => {
                            let unit = g.units()[*u as usize];
                            let double = matches!(unit.kind, Kind::Ranger | Kind::Indian);
                            ((!double) as u8, unit.sp)
                        }
                        _ => (0, 0),
                    })
                    .copied()
                    .unwrap();
                g.apply(pick).unwrap();
            }
            Step::Stay(_) => g.apply(Action::Fire).unwrap(),
            _ => break,
        }
    }
    let sum = |side: Side| -> u32 {
        case.placements
            .iter()
            .filter(|(id, _, _)| {
                let d = &forces().units[index(id) as usize];
                d.side == side && d.kind != Kind::Ship
            })
            .map(|(id, _, _)| g.units()[index(id) as usize].sp as u32)
            .sum()
    };
    (sum(attacker), sum(attacker.other()))
}

fn check(case: &Case, games: u64) {
    let exact = odds(&case.query).unwrap();
    let (mut a_win, mut d_win, mut a_sp, mut d_sp) = (0.0, 0.0, 0.0, 0.0);
    for seed in 0..games {
        let (a, d) = fight(case, seed * 7919 + 11);
        a_win += (d == 0) as u32 as f64;
        d_win += (a == 0) as u32 as f64;
        a_sp += a as f64;
        d_sp += d as f64;
    }
    let n = games as f64;
    let close = |what: &str, p: f64, sampled: f64| {
        let se = (p * (1.0 - p) / n).sqrt().max(1e-3);
        assert!(
            (p - sampled).abs() <= 4.0 * se,
            "{}: {what}: exact {p:.4}, engine {sampled:.4}",
            case.name
        );
    };
    close("attacker wins", exact.attacker_wins, a_win / n);
    close("defender wins", exact.defender_wins, d_win / n);
    let mean_close = |what: &str, exact: f64, sampled: f64, scale: f64| {
        assert!(
            (exact - sampled).abs() <= 4.0 * scale / n.sqrt() + 1e-9,
            "{}: {what}: exact {exact:.3}, engine {sampled:.3}",
            case.name
        );
    };
    mean_close(
        "attacker SP left",
        exact.attacker_sp_left_mean,
        a_sp / n,
        8.0,
    );
    mean_close(
        "defender SP left",
        exact.defender_sp_left_mean,
        d_sp / n,
        8.0,
    );
}

#[test]
fn open_field_battle_matches_the_odds() {
    let placements = vec![
        ("br-reg-1", "flat-point", 4),
        ("br-reg-2", "flat-point", 4),
        ("br-light-1", "flat-point", 3),
        ("fr-reg-1", "green-hills", 4),
        ("fr-mil-1", "green-hills", 2),
    ];
    let query = OddsQuery {
        attacker: vec![
            fighter("br-reg-1", 4),
            fighter("br-reg-2", 4),
            fighter("br-light-1", 3),
        ],
        defender: vec![fighter("fr-reg-1", 4), fighter("fr-mil-1", 2)],
        at: Some(GREEN_HILLS),
        amphibious: false,
        raid: false,
        attacker_retreat_at: None,
        defender_retreat_at: None,
    };
    let case = Case {
        name: "open field",
        placements,
        begin: Action::LandMove(FLAT_POINT),
        movers: vec!["br-reg-1", "br-reg-2", "br-light-1"],
        to: GREEN_HILLS,
        query,
    };
    check(&case, 6000);
}

#[test]
fn assault_on_louisbourg_matches_the_odds() {
    let placements = vec![
        ("br-reg-1", "green-hills", 4),
        ("br-reg-2", "green-hills", 4),
        ("br-reg-3", "green-hills", 4),
        ("br-reg-4", "green-hills", 4),
        ("fr-reg3-1", "louisbourg", 3),
        ("fr-mil1-1", "louisbourg", 1),
    ];
    let query = OddsQuery {
        attacker: (1..=4)
            .map(|_| Fighter {
                kind: Kind::Regular,
                sp: 4,
            })
            .collect(),
        defender: vec![fighter("fr-reg3-1", 3), fighter("fr-mil1-1", 1)],
        at: Some(LOUISBOURG),
        amphibious: false,
        raid: false,
        attacker_retreat_at: None,
        defender_retreat_at: None,
    };
    let case = Case {
        name: "Louisbourg",
        placements,
        begin: Action::LandMove(GREEN_HILLS),
        movers: vec!["br-reg-1", "br-reg-2", "br-reg-3", "br-reg-4"],
        to: LOUISBOURG,
        query,
    };
    check(&case, 6000);
}

#[test]
fn amphibious_landing_matches_the_odds() {
    let mut placements = vec![
        ("br-reg-1", "british-box", 4),
        ("br-reg-2", "british-box", 4),
        ("br-reg-3", "british-box", 4),
        ("fr-reg-1", "flat-point", 4),
        ("fr-mil-1", "flat-point", 2),
    ];
    for s in ["br-ship-1", "br-ship-2", "br-ship-3"] {
        placements.push((s, "gabarus-bay", 4));
    }
    let query = OddsQuery {
        attacker: (1..=3)
            .map(|_| Fighter {
                kind: Kind::Regular,
                sp: 4,
            })
            .collect(),
        defender: vec![fighter("fr-reg-1", 4), fighter("fr-mil-1", 2)],
        at: Some(FLAT_POINT),
        amphibious: true,
        raid: false,
        attacker_retreat_at: None,
        defender_retreat_at: None,
    };
    let case = Case {
        name: "amphibious",
        placements,
        begin: Action::Amphibious(BRITISH_BOX),
        movers: vec!["br-reg-1", "br-reg-2", "br-reg-3"],
        to: FLAT_POINT,
        query,
    };
    check(&case, 6000);
}

#[test]
fn raid_with_rangers_matches_the_odds() {
    let placements = vec![
        ("br-ranger-1", "lighthouse-point", 2),
        ("br-ranger-2", "lighthouse-point", 2),
        ("br-reg-1", "lighthouse-point", 4),
        ("fr-reg-1", "island-battery", 4),
        ("fr-mil1-1", "island-battery", 1),
    ];
    let query = OddsQuery {
        attacker: vec![
            fighter("br-ranger-1", 2),
            fighter("br-ranger-2", 2),
            fighter("br-reg-1", 4),
        ],
        defender: vec![fighter("fr-reg-1", 4), fighter("fr-mil1-1", 1)],
        at: Some(ISLAND_BATTERY),
        amphibious: false,
        raid: true,
        attacker_retreat_at: None,
        defender_retreat_at: None,
    };
    let case = Case {
        name: "raid",
        placements,
        begin: Action::Raid {
            from: LIGHTHOUSE_POINT,
            to: ISLAND_BATTERY,
        },
        movers: vec!["br-ranger-1", "br-ranger-2", "br-reg-1"],
        to: ISLAND_BATTERY,
        query,
    };
    check(&case, 8000);
}
