//! 2026-12-01 #11: the data files are correctable without touching code. This test binary puts
//! in use (fiw_solitaire::data, as `FIW_SOLITAIRE_DATA` does) a Turn Track of 24 turns from 1754
//! and armies with a +6 and a +0, and plays games to their end: the game ends after the track's
//! last turn, and nothing breaks.

use fiw_engine::{Dice, Game, Seen};
use fiw_solitaire::{invariants, Options, Side, Solitaire, PLAYER};

/// A folder with the changed files: every year one earlier and a 1759 campaign added (24
/// turns), a British +4 made a +6 and the French +3 a +0.
fn corrected() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("fiw-solitaire-data-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = include_str!("../data/turn_track.toml");
    let mut track = String::new();
    for line in good.lines() {
        match line.strip_prefix("year = ") {
            Some(y) => track += &format!("year = {}\n", y.parse::<u16>().unwrap() - 1),
            None => {
                track += line;
                track += "\n";
            }
        }
    }
    let turns: Vec<&str> = good.split("[[turn]]").skip(1).collect();
    for (i, t) in turns[turns.len() - 4..].iter().enumerate() {
        let t = t.replacen(
            &format!("turn = {}", 17 + i),
            &format!("turn = {}", 21 + i),
            1,
        );
        track += "[[turn]]";
        track += &t;
    }
    // a byte-order mark, as some editors write, is read as nothing
    std::fs::write(dir.join("turn_track.toml"), format!("\u{feff}{track}")).unwrap();
    let armies = include_str!("../data/armies.toml")
        .replacen("drm = 4", "drm = 6", 1)
        .replacen("drm = 4\narrives = {", "drm = 0\narrives = {", 1);
    std::fs::write(dir.join("armies.toml"), armies).unwrap();
    dir
}

#[test]
fn f11_another_track_and_army_drms_play_to_the_end() {
    let dir = corrected();
    fiw_solitaire::data::install(&dir).unwrap_or_else(|e| panic!("{e}"));
    let track = fiw_solitaire::turn_track::turn_track();
    assert_eq!(track.turns.len(), 24);
    assert_eq!((track.turn(1).year, track.turn(24).year), (1754, 1759));
    let list = &fiw_solitaire::armies::armies().list;
    assert!(list.iter().any(|a| a.drm == 6) && list.iter().any(|a| a.drm == 0));
    // installed once: a second install is refused with a line that says so
    let e = fiw_solitaire::data::install(&dir).unwrap_err();
    assert!(e.contains("in use already"), "{e}");
    let mut ended_on_24 = 0;
    for side in [Side::British, Side::French] {
        for seed in 0..200u64 {
            let mut g = Solitaire::new(
                &Options {
                    side,
                    ..Default::default()
                },
                seed,
            )
            .unwrap();
            g.set_logging(seed == 0);
            let mut heuristic = Solitaire::heuristic_policy(seed).unwrap();
            let mut pick = Dice::new(seed);
            let mut legal = Vec::new();
            while g.to_move().is_some() {
                g.legal_actions(&mut legal);
                let a = if seed % 2 == 0 {
                    legal[heuristic.choose(&Seen::new(&g, PLAYER), &legal)]
                } else {
                    legal[pick.below(legal.len() as u32) as usize]
                };
                g.apply(a).unwrap();
                invariants::check(g.board()).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            }
            let o = g.outcome().unwrap();
            assert!(o.turn <= 24);
            if !g.sudden_death() {
                assert_eq!(o.turn, 24, "{}", o.reason);
                assert!(o.reason.contains("after turn 24"), "{}", o.reason);
                ended_on_24 += 1;
            }
            if seed == 0 {
                let log: Vec<String> = g.log().entries().iter().map(|e| e.text.clone()).collect();
                let log = log.join("\n");
                assert!(log.contains("Solitaire, 1754:"), "{log}");
                assert!(log.contains("— Turn 24 of 24") || g.sudden_death(), "{log}");
            }
        }
    }
    assert!(ended_on_24 > 0);
    let _ = std::fs::remove_dir_all(dir);
}
