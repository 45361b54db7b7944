//! The notes beside a menu's actions are written from the deciding seat's knowledge alone: two
//! positions the seat cannot tell apart get the same notes.

use fiw_engine::{Dice, Game};
use fiw_louisbourg::board::*;
use fiw_louisbourg::forces::forces;
use fiw_louisbourg::odds::{odds, Fighter, OddsQuery};
use fiw_louisbourg::{Action, Louisbourg, Options, Side, Step};

fn unit(id: &str) -> u8 {
    forces()
        .units
        .iter()
        .position(|u| u.id == id)
        .unwrap_or_else(|| panic!("no block {id}")) as u8
}

fn notes(g: &Louisbourg) -> Vec<(Action, Option<String>)> {
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    legal.into_iter().map(|a| (a, g.action_note(&a))).collect()
}

/// Random games: at every decision, the deciding seat's twin (its hidden enemy blocks, their
/// SP, the enemy hand, the dice drawn again) shows the same notes.
#[test]
fn twins_get_the_same_notes() {
    let mut hidden_notes = 0;
    for seed in 0..24u64 {
        let mut g = Louisbourg::new(&Options::default(), seed).unwrap();
        g.set_logging(false);
        let mut pick = Dice::new(seed ^ 0xfeed);
        let mut legal = Vec::new();
        while let Some(seat) = g.to_move() {
            g.legal_actions(&mut legal);
            let n = notes(&g);
            if n.iter().any(|(_, t)| t.is_some()) {
                let side = Side::of_seat(seat);
                let twin = g.resample_hidden(side, &mut Dice::new(seed * 7 + 1));
                assert_eq!(g.view(seat), twin.view(seat));
                assert_eq!(
                    n,
                    notes(&twin),
                    "seed {seed}: a note depends on hidden information"
                );
                hidden_notes += n
                    .iter()
                    .filter(|(_, t)| t.as_deref().is_some_and(|t| t.contains("hidden")))
                    .count();
            }
            let a = legal[pick.below(legal.len() as u32) as usize];
            g.apply_unchecked(a);
        }
    }
    assert!(
        hidden_notes >= 20,
        "only {hidden_notes} notes on hidden blocks"
    );
}

/// Two positions the British cannot tell apart: they bombarded Louisbourg for 1 SP, and the
/// French took it on their 4 SP regular in one and on their 2 SP militia in the other; then the
/// militia marched to Barachois. The note for a British attack on Barachois is the same in both,
/// though the true odds (against a 2 SP or a 1 SP militia) are not.
#[test]
fn a_note_does_not_know_which_block_was_hit() {
    let twin = |victim: &str| {
        let mut g = Louisbourg::arranged_bombardment(
            5,
            Side::French,
            &[
                ("br-reg-1", "green-hills", 4),
                ("br-reg-2", "western-settlements", 4),
                ("fr-reg-1", "louisbourg", 4),
                ("fr-mil-1", "louisbourg", 2),
            ],
        )
        .unwrap();
        g.apply(Action::Pass).unwrap(); // the French do not bombard
        g.dice_mut().force([4]); // the British roll 4 on the Bombardment Table: 1 SP
        g.apply(Action::Bombard(LOUISBOURG)).unwrap();
        g.apply(Action::Hit(unit(victim))).unwrap();
        g.apply(Action::LandMove(LOUISBOURG)).unwrap();
        g.apply(Action::Go {
            unit: unit("fr-mil-1"),
            to: BARACHOIS,
        })
        .unwrap();
        g.apply(Action::Done).unwrap();
        g.apply(Action::LandMove(WESTERN_SETTLEMENTS)).unwrap();
        g
    };
    let (a, b) = (twin("fr-reg-1"), twin("fr-mil-1"));
    let british = Side::British.seat();
    assert_eq!(a.view(british), b.view(british), "the twins look alike");
    let attack = Action::Go {
        unit: unit("br-reg-2"),
        to: BARACHOIS,
    };
    let note = a.action_note(&attack).unwrap();
    assert!(note.contains("hidden"), "{note}");
    assert_eq!(Some(note), b.action_note(&attack));
    let truth = |g: &Louisbourg| {
        let sp = g.units()[unit("fr-mil-1") as usize].sp;
        odds(&OddsQuery {
            attacker: vec![Fighter {
                kind: fiw_louisbourg::forces::Kind::Regular,
                sp: 4,
            }],
            defender: vec![Fighter {
                kind: fiw_louisbourg::forces::Kind::Militia,
                sp,
            }],
            at: Some(BARACHOIS),
            ..Default::default()
        })
        .unwrap()
        .attacker_wins
    };
    assert_ne!(
        truth(&a),
        truth(&b),
        "a note from the true blocks would tell them apart"
    );
}

/// With every block face up the note is the exact odds. The battle of 9.3's example: after
/// round 1 the British have light infantry of 1, 1 and 3 SP against French regulars of 3 and
/// 4 SP in Island Battery; the French decide first in round 2, and fighting on is the battle
/// from their fire.
#[test]
fn the_note_to_fight_on_is_the_exact_odds() {
    let mut g = Louisbourg::arranged(
        5,
        Side::British,
        &[
            ("br-light-1", "lighthouse-point", 3),
            ("br-light-2", "lighthouse-point", 3),
            ("br-light-3", "lighthouse-point", 3),
            ("fr-reg-1", "island-battery", 4),
            ("fr-reg-2", "island-battery", 4),
        ],
    )
    .unwrap();
    g.apply(Action::LandMove(LIGHTHOUSE_POINT)).unwrap();
    for i in 1..=3 {
        g.apply(Action::Go {
            unit: unit(&format!("br-light-{i}")),
            to: ISLAND_BATTERY,
        })
        .unwrap();
    }
    // 9.3 example: the French roll 5 5 6 6 and four misses; the British one six of 5 dice
    g.dice_mut().force([5, 5, 6, 6, 1, 2, 3, 4]);
    g.dice_mut().force([6, 1, 2, 3, 4]);
    g.apply(Action::Done).unwrap();
    while let Step::Hits { owner, .. } = g.step() {
        let id = if owner == Side::British {
            if g.units()[unit("br-light-1") as usize].sp > 1 {
                "br-light-1"
            } else {
                "br-light-2"
            }
        } else {
            "fr-reg-1"
        };
        g.apply(Action::Hit(unit(id))).unwrap();
    }
    assert_eq!(g.step(), Step::Stay(Side::French));
    let note = g.action_note(&Action::Fire).unwrap();
    let mine = |ids: &[&str]| -> Vec<Fighter> {
        ids.iter()
            .map(|id| {
                let u = g.units()[unit(id) as usize];
                Fighter {
                    kind: u.kind,
                    sp: u.sp,
                }
            })
            .filter(|f| f.sp > 0)
            .collect()
    };
    let o = odds(&OddsQuery {
        attacker: mine(&["br-light-1", "br-light-2", "br-light-3"]),
        defender: mine(&["fr-reg-1", "fr-reg-2"]),
        at: Some(ISLAND_BATTERY),
        ..Default::default()
    })
    .unwrap();
    let want = format!(
        "fight on to the end: you win {:.0} %, lose {:.0} %; {:.1} SP of yours left",
        100.0 * o.defender_wins,
        100.0 * o.attacker_wins,
        o.defender_sp_left_mean
    );
    assert_eq!(note, want);
}

/// The attacker's note comes after the defender has fired in the round: its own volley first,
/// then the battle from the defender's fire. One 1 SP regular against another in the open: the
/// attacker wins at once on a 6 (1/6), else a fresh battle the defender opens, which the
/// attacker wins 5/11 of the time: 1/6 + 5/6 × 5/11 = 36/66.
#[test]
fn the_attackers_note_starts_with_its_own_volley() {
    let mut g = Louisbourg::arranged(
        5,
        Side::British,
        &[
            ("br-reg-1", "flat-point", 1),
            ("fr-reg-1", "green-hills", 1),
        ],
    )
    .unwrap();
    g.apply(Action::LandMove(FLAT_POINT)).unwrap();
    g.apply(Action::Go {
        unit: unit("br-reg-1"),
        to: GREEN_HILLS,
    })
    .unwrap();
    g.dice_mut().force([1, 1, 1]); // round 1 both miss; round 2 the French miss
    g.apply(Action::Done).unwrap();
    assert_eq!(g.step(), Step::Stay(Side::French));
    g.apply(Action::Fire).unwrap();
    assert_eq!(g.step(), Step::Stay(Side::British));
    assert_eq!(
        g.action_note(&Action::Fire).as_deref(),
        Some("fight on to the end: you win 55 %, lose 45 %; 0.5 SP of yours left")
    );
    assert_eq!(g.action_note(&Action::Retreat), None);
}
