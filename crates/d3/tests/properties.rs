//! Random-order games as a property: 2,000 of each scenario on every test run. Nothing panics;
//! every listed order is legal; no unit ever ends a move off the table, on impassable ground
//! or overlapping another unit; hits stay within what the rules let a unit carry; each army's
//! resolve is its starting resolve less its losses; the kept lists of candidate moves and shots
//! are what a fresh listing gives, and the kept engagement of every unit what the table says
//! (every other game); and the save of a game replays through the kernel to the same state
//! (every tenth game).
//!
//! The random player passes a phase with one chance in four whenever it may, and otherwise
//! picks uniformly among the listed orders: a player that almost never passes shuffles every
//! unit every phase for fifteen rounds, which tests nothing more and costs three times as long.
//! The seeds are fixed (the kernel's `game_seed`), so a failure names a game that can be
//! played again.

use fiw_d3::{Action, Army, Options, Phase, Type, D3};
use fiw_engine::{game_seed, replay, Dice, Game, SaveFile};

const GAMES: u64 = 2_000;

/// The invariants of a table after any order; `moved` are the units whose base changed.
fn sound(g: &D3, moved: &[usize], label: &str) {
    let layout = &g.scenario().layout;
    let units = g.units();
    for &i in moved {
        if units[i].eliminated {
            continue;
        }
        let r = g.rect(i);
        assert!(
            layout.bounds().holds(&r),
            "{label}: {} off the table",
            g.id(i)
        );
        assert_eq!(
            layout.impassable_under(&r),
            None,
            "{label}: {} on impassable ground",
            g.id(i)
        );
        for j in (0..units.len()).filter(|j| *j != i && !units[*j].eliminated) {
            assert!(
                !r.overlaps(&g.rect(j)),
                "{label}: {} overlaps {}",
                g.id(i),
                g.id(j)
            );
        }
    }
    for army in Army::BOTH {
        let lost: u32 = units
            .iter()
            .filter(|u| u.army == army && u.eliminated)
            .map(|u| u.kind.resolve_loss())
            .sum();
        assert_eq!(
            g.resolve(army),
            g.start_resolve(army).saturating_sub(lost),
            "{label}: resolve"
        );
        assert!(
            units
                .iter()
                .filter(|u| u.army == army && u.kind == Type::Commander)
                .all(|u| !u.eliminated),
            "{label}: a commander was eliminated"
        );
    }
    // after the elimination that closes every turn, no unit stands past its limit
    if g.phase() == Phase::Movement && g.outcome().is_none() {
        for (i, u) in units.iter().enumerate().filter(|(_, u)| !u.eliminated) {
            let limit = if g.in_cover(i) { 12 } else { 6 };
            assert!(
                u.hits <= limit,
                "{label}: {} stands with {} hits",
                g.id(i),
                u.hits
            );
        }
    }
}

/// The board as the view gives it, every number as the standard library writes it.
fn board_of(v: &fiw_d3::View, turns: u32) -> String {
    let mut s = format!(
        "{}: round {} of {turns}, the {} {} phase; resolve British {}, French {}\n",
        v.scenario,
        v.round,
        v.active.name(),
        v.phase.word(),
        v.resolve[0],
        v.resolve[1]
    );
    if v.phase == fiw_d3::Phase::Charges {
        s += "  (the charges made in the movement phase have been fought; `pass` ends the turn)\n";
    }
    // places as orders name them: to the tenth of an inch, ties away from zero
    let grain = |x: f64| (x * 10.0).round() / 10.0;
    for u in v.units.iter().filter(|u| !u.eliminated) {
        let marks: Vec<&str> = [
            (u.engaged, "engaged"),
            (u.in_cover, "in cover"),
            (u.square, "square"),
            (u.moved && u.army == v.active, "moved"),
        ]
        .into_iter()
        .filter_map(|(on, m)| on.then_some(m))
        .collect();
        let marks = if marks.is_empty() {
            String::new()
        } else {
            format!("  ({})", marks.join(", "))
        };
        s += &format!(
            "  {:<12} {:<12} at {:>5.1},{:>5.1} facing {:>3.0}  hits {}{marks}\n",
            u.id,
            u.kind.word(),
            grain(u.pose.at.x),
            grain(u.pose.at.y),
            u.pose.facing,
            u.hits
        );
    }
    s
}

fn play(scenario: &str, k: u64) {
    let seed = game_seed(0xd3, k);
    let label = format!("{scenario} game {k} (seed {seed})");
    let options = Options {
        scenario: scenario.into(),
        text: None,
    };
    let mut g = D3::new(&options, seed).unwrap_or_else(|e| panic!("{label}: {e}"));
    g.set_logging(false);
    let mut pick = Dice::new(seed ^ 0x5eed);
    let (mut list, mut afresh) = (Vec::new(), Vec::new());
    let mut played = Vec::new();
    // the kept lists are held to fresh ones in every other game, the save replayed in every
    // tenth (each check costs about as much as the game)
    let checked = k.is_multiple_of(2);
    let replayed = k.is_multiple_of(10);
    let mut step = 0u64;
    while g.to_move().is_some() {
        step += 1;
        // a copy shares the kept lists until either changes: made before the lists are
        // brought up to date, it must list what a fresh listing gives once the game it was
        // copied from has listed and moved on
        let copy = (checked && step.is_multiple_of(3)).then(|| g.clone());
        g.legal_actions(&mut list);
        assert!(!list.is_empty(), "{label}: nothing to do");
        if checked && g.pending().is_none() {
            g.listed_afresh(&mut afresh);
            let kept: Vec<Action> = list
                .iter()
                .copied()
                .filter(|a| *a != Action::Pass)
                .collect();
            assert_eq!(
                kept, afresh,
                "{label}: the kept candidate lists differ from a fresh listing"
            );
        }
        if checked && step.is_multiple_of(7) {
            let seat = g.to_move().unwrap_or(0);
            assert_eq!(
                g.render(seat),
                board_of(&g.view(seat), g.scenario().turns),
                "{label}: the board is not what the view says"
            );
        }
        let may_pass = list.contains(&Action::Pass);
        let a = if may_pass && pick.below(4) == 0 {
            Action::Pass
        } else {
            list[pick.below(list.len() as u32) as usize]
        };
        let before: Vec<_> = g.units().iter().map(|u| u.pose).collect();
        if replayed {
            played.push(g.action_text(&a));
        }
        g.apply(a)
            .unwrap_or_else(|e| panic!("{label}: listed order {} refused: {e}", g.action_text(&a)));
        if let Some(copy) = copy {
            let mut listed = Vec::new();
            copy.legal_actions(&mut listed);
            assert_eq!(
                listed, list,
                "{label}: a copy of the game lists other orders once the game moved on"
            );
        }
        let moved: Vec<usize> = (0..before.len())
            .filter(|i| g.units()[*i].pose != before[*i])
            .collect();
        if checked {
            for i in (0..g.units().len()).filter(|i| !g.units()[*i].eliminated) {
                assert_eq!(
                    g.engaged(i),
                    g.engaged_afresh(i),
                    "{label}: the kept engagement of {} is wrong",
                    g.id(i)
                );
            }
        }
        sound(&g, &moved, &label);
        assert!(
            g.round() <= g.scenario().turns,
            "{label}: past the last round"
        );
    }
    assert!(
        g.outcome().is_some_and(|o| o.turn <= g.scenario().turns),
        "{label}: no outcome"
    );
    if replayed {
        let save = SaveFile::of(&g, &options, seed, played).to_json();
        let back = replay::<D3>(&save, false)
            .unwrap_or_else(|e| panic!("{label}: the save does not replay: {e}"));
        assert_eq!(
            back.state.digest(),
            g.digest(),
            "{label}: the replay differs"
        );
        assert_eq!(back.state.units(), g.units(), "{label}: the replay differs");
    }
}

#[test]
fn random_fort_oswego_games_are_sound_and_replay() {
    for k in 0..GAMES {
        play("fort-oswego", k);
    }
}

#[test]
fn random_meeting_games_are_sound_and_replay() {
    for k in 0..GAMES {
        play("meeting", k);
    }
}
