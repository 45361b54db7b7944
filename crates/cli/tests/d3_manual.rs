//! End-to-end: D3 refereed for players at a real table (`fiw play d3 --dice manual`). A
//! shot says what it rolls in the rule's words and asks for a D3 as its result, 1 to 3; a
//! wrong entry is asked again, the typed result is the shot's, and the save replays it.

use crate::common;
use common::*;
use serde_json::Value;

/// One British veteran regiment 6" from a French line, facing it: the first shot of the game.
const ONE_SHOT: &str = r#"name = "one shot"
first = "british"
turns = 3
[table]
width = 72
depth = 48
[british]
commander = "c"
zones = [[[0, 0], [72, 0], [72, 48], [0, 48]]]
[[british.units]]
id = "br-gen"
type = "commander"
at = [2, 46]
facing = 0
[[british.units]]
id = "br-vet"
type = "veteran"
at = [10, 10]
facing = 0
[french]
commander = "c"
zones = [[[0, 0], [72, 0], [72, 48], [0, 48]]]
[[french.units]]
id = "fr-gen"
type = "commander"
at = [70, 46]
facing = 0
[[french.units]]
id = "fr-b"
type = "line"
at = [10, 16]
facing = 180
"#;

#[test]
fn a_shot_asks_for_a_d3_of_one_to_three_and_the_save_replays_it() {
    let scenario = temp("one-shot").with_extension("toml");
    std::fs::write(&scenario, ONE_SHOT).unwrap();
    let save = temp("d3-manual");
    let run = fiw(
        &[
            "play",
            "d3",
            "--scenario",
            path(&scenario),
            "--dice",
            "manual",
            "--save",
            path(&save),
        ],
        "pass\nshoot br-vet at fr-b\n4\n3\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains(
            "br-vet shoots at fr-b: roll a D3 for the hits (D3+1 for veteran): type the die (1 to 3)"
        ),
        "{}",
        run.stdout
    );
    // a d6 face is not a D3: refused and asked again
    assert!(
        run.stdout
            .contains("'4' is not a face of the die: each die shows 1 to 3"),
        "{}",
        run.stdout
    );
    // the typed 3 is the D3: 3 + 1 for veterans
    assert!(
        run.stdout.contains("br-vet shoots at fr-b: D3 3+1: 4 hits"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("fr-b         line         at  10.0, 16.0 facing 180  hits 4"),
        "{}",
        run.stdout
    );
    let text = std::fs::read_to_string(&save).unwrap();
    let saved: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(saved["manual_dice"], serde_json::json!([3]), "{saved}");
    let replay = fiw(&["replay", path(&save)], "");
    assert_eq!(replay.code, 0, "{}", replay.stderr);
    assert!(
        replay.stdout.contains("replay verified"),
        "{}",
        replay.stdout
    );
    // the typed result is what the replay rolls: another one does not reach the same game
    let mut altered = saved.clone();
    altered["manual_dice"] = serde_json::json!([2]);
    let other = temp("d3-manual-altered");
    std::fs::write(&other, altered.to_string()).unwrap();
    let replay = fiw(&["replay", path(&other)], "");
    assert_eq!(replay.code, 2, "{}", replay.stdout);
    assert!(replay.stderr.contains("was altered"), "{}", replay.stderr);
    for f in [scenario, save, other] {
        let _ = std::fs::remove_file(f);
    }
}
