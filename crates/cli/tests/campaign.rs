//! End-to-end tests of `fiw` for the campaign (issue 39): a battle fought at the prompt opens
//! in place and the campaign resumes after it, with the odds shown before choosing; the save
//! replays; `fiw sim campaign --json` fights every battle by the generals; `fiw rules campaign`
//! lists the campaign's rules and every value of its battles' data.

use crate::common;

use common::{fiw, path, temp};
use serde_json::Value;

fn at(out: &str, want: &str) -> usize {
    out.find(want)
        .unwrap_or_else(|| panic!("'{want}' not in the output:\n{out}"))
}

/// Seed 3: the British player places both armies, attacks Ft. Duquesne (its first menu line),
/// and fights the attack; in the battle it passes each phase, or takes the first order the menu
/// offers where a rule forbids passing, and lists the battles fought (`battles`, which takes
/// no action); after it, the map goes on (rolling each attack) to the end.
#[test]
fn a_battle_fought_at_the_prompt_goes_back_to_the_map_and_the_save_replays() {
    let save = temp("campaign-save");
    let svg =
        std::env::temp_dir().join(format!("fiw-cli-test-{}-campaign.svg", std::process::id()));
    let mut input = String::from("1\n1\n1\nend\nfight\n");
    for _ in 0..300 {
        input += "pass\n1\nbattles\n";
    }
    input += "quit\n";
    let run = fiw(
        &[
            "play",
            "campaign",
            "--seed",
            "3",
            "--save",
            path(&save),
            "--svg",
            svg.to_str().unwrap(),
        ],
        &input,
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let out = &run.stdout;
    // the attack waits, with both odds beside the three ways to settle it
    at(out, "No battle has been fought yet.");
    let waits = at(
        out,
        "    1. roll       the chart: the British advance on 2 in 6 (33 %)",
    );
    let fight = waits
        + at(
            &out[waits..],
            "    2. fight      a d3 battle at Ft. Duquesne: the British carry ",
        );
    // only the three ways are allowed while it waits
    at(&out[waits..], "an attack waits to be settled first: roll for it on the Advance Result Chart (roll), fight it (fight) or let the generals fight it (generals)");
    let began = fight
        + at(
            &out[fight..],
            "You fight the battle at Ft. Duquesne in command of the British.",
        );
    let table = began
        + at(
            &out[began..],
            "Battle at Ft. Duquesne (Ohio), you command the British",
        );
    // the computer's side moves, told in the campaign's log
    let french = table + at(&out[table..], "| Round 1: the French turn");
    let ended = french
        + at(
            &out[french..],
            "| Fought as a battle at Ft. Duquesne (Ohio), d3: ",
        );
    // back on the map, the campaign counts it
    at(
        &out[ended..],
        "Campaign: 1 battle fought so far ('battles' lists them)",
    );
    at(
        &out[ended..],
        "1. turn 1: d3 at Ft. Duquesne (Ohio), the British attacking, fought by you: ",
    );
    // the drawing was of the battle's table
    let drawn = std::fs::read_to_string(&svg).expect("the drawing is written");
    assert!(
        drawn.contains("<svg") && drawn.contains("br-reg-1"),
        "{}",
        &drawn[..200.min(drawn.len())]
    );
    // the save replays to the state it records, the battle's orders included
    let replayed = fiw(&["replay", path(&save)], "");
    assert_eq!(
        replayed.code, 0,
        "stdout: {}\nstderr: {}",
        replayed.stdout, replayed.stderr
    );
    let _ = std::fs::remove_file(&save);
    let _ = std::fs::remove_file(&svg);
}

#[test]
fn sim_campaign_fights_every_battle_by_the_generals() {
    let run = fiw(
        &[
            "sim",
            "campaign",
            "--games",
            "3",
            "--threads",
            "1",
            "--seat",
            "player=heuristic",
            "--json",
        ],
        "",
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let v: Value = serde_json::from_str(run.stdout.trim()).expect("one JSON object");
    assert_eq!(v["games"], 3, "{v}");
    let generals = v["means"]["battles_by_generals"].as_f64().unwrap();
    assert!(generals >= 5.0, "battles a campaign: {v}");
    assert_eq!(v["means"]["battles_fought"].as_f64(), Some(0.0), "{v}");
    let plain = fiw(
        &[
            "sim",
            "campaign",
            "--games",
            "2",
            "--threads",
            "1",
            "--seat",
            "player=heuristic",
        ],
        "",
    );
    assert_eq!(plain.code, 0, "stderr: {}", plain.stderr);
    at(
        &plain.stdout,
        "battles a campaign: 0.00 fought by the player, ",
    );
}

#[test]
fn rules_campaign_lists_its_sections_and_every_value_of_its_data() {
    let run = fiw(&["rules", "campaign"], "");
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let out = &run.stdout;
    for s in ["C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8"] {
        at(out, &format!("\n{s}  "));
    }
    for value in [
        "militia = 3 line, 2 skirmishers",
        "fort battle's attacking foot for each defending (an army defends) = 1/6: 1.25",
        "fort battle's odds between the generals (%, an army defends) = 1/6: ",
        "fort battle's attacking foot for each defending (militia alone) = 1/6: 1.703",
        "fort battle's odds between the generals (%, militia alone) = 1/6: ",
        "losses that reduce the militia = 0.5 of a side's units",
    ] {
        at(out, value);
    }
    // a flag of another game is refused in one line
    let bad = fiw(&["play", "campaign", "--scenario", "raid"], "");
    common::assert_bad_input(&bad, "--scenario");
    assert!(
        bad.stderr.contains("campaign has one set-up"),
        "{}",
        bad.stderr
    );
}

/// `fiw` with `FIW_CAMPAIGN_DATA` set to `file`.
fn fiw_with_battles(file: &std::path::Path, args: &[&str], input: &str) -> common::Run {
    common::fiw_with_env(&[("FIW_CAMPAIGN_DATA", file)], args, input)
}

/// The battles are data a player can change: a copy of `battles.toml` that `FIW_CAMPAIGN_DATA`
/// names makes the battles (a militia of four line units, so the defenders of Ft. Duquesne
/// field one more regiment), and a broken one is refused in one line naming the file and the
/// field.
#[test]
fn a_players_own_battles_file_makes_the_battles_and_a_broken_one_is_refused() {
    let built_in = include_str!("../../campaign/data/battles.toml");
    let file = temp("battles");
    let mine = built_in.replace(
        "militia = { line = 3, skirmishers = 2 }",
        "militia = { line = 4, skirmishers = 2 }",
    );
    assert_ne!(mine, built_in);
    std::fs::write(&file, mine).unwrap();
    let input = "1\n1\n1\nfight\nquit\n";
    let run = fiw_with_battles(&file, &["play", "campaign", "--seed", "3"], input);
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let theirs = run.stdout.matches("  fr-reg-").count();
    let plain = fiw(&["play", "campaign", "--seed", "3"], input);
    let before = plain.stdout.matches("  fr-reg-").count();
    assert!(before > 0 && theirs > before, "{theirs} against {before}");

    std::fs::write(&file, built_in.replace("reduce_at = 0.5", "reduce_at = 7")).unwrap();
    let bad = fiw_with_battles(&file, &["play", "campaign"], "");
    common::assert_bad_input(&bad, "a share of 7");
    assert!(
        bad.stderr.contains("results.reduce_at") && bad.stderr.contains(path(&file)),
        "{}",
        bad.stderr
    );
    std::fs::write(&file, built_in.replace("[fort]", "[fortress]")).unwrap();
    let bad = fiw_with_battles(&file, &["play", "campaign"], "");
    common::assert_bad_input(&bad, "an unknown table");
    assert!(bad.stderr.contains(" line "), "{}", bad.stderr);
    let _ = std::fs::remove_file(&file);
}

/// C10: a siege the campaign makes plays alone: `fiw play louisbourg --scenario FILE.toml`
/// with the armies' shares, the British losing below their share of 24 SP; shares out of
/// range are refused in one line naming the option.
#[test]
fn a_generated_siege_plays_alone_from_its_file() {
    let file = temp("siege");
    std::fs::write(&file, "[forces]\nbritish = 50\nfrench = 60\n").unwrap();
    let run = fiw(
        &[
            "play",
            "louisbourg",
            "--scenario",
            path(&file),
            "--seed",
            "2",
        ],
        "quit\n",
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    at(&run.stdout, "(below 12 you lose, 13)");
    std::fs::write(&file, "[forces]\nbritish = 0\nfrench = 60\n").unwrap();
    let bad = fiw(&["play", "louisbourg", "--scenario", path(&file)], "");
    common::assert_bad_input(&bad, "option forces");
    assert!(
        bad.stderr
            .contains("option forces: the British army's share is 1 to 100 percent, not 0"),
        "{}",
        bad.stderr
    );
    std::fs::write(&file, "[forces]\nbritish = 50\nfrench = 60\nships = 3\n").unwrap();
    let bad = fiw(&["play", "louisbourg", "--scenario", path(&file)], "");
    common::assert_bad_input(&bad, "ships");
    assert!(bad.stderr.contains("ships"), "{}", bad.stderr);
    let _ = std::fs::remove_file(file);
}

/// C11 at the terminal: `--two-players` gives the BOT's seat to a second person; the hot seat
/// passes the screen between the British and the French player, each placing their own
/// armies; the BOT's chart is never rolled. Refused for a game without the variant.
#[test]
fn two_players_pass_the_screen_between_the_british_and_the_french() {
    let input =
        "place br-1 ohio\nplace br-2 mohawk\n\nplace fr-1 ohio\nplace fr-2 hudson\n\nquit\n";
    let run = fiw(&["play", "campaign", "--two-players", "--seed", "5"], input);
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let out = &run.stdout;
    let british = at(out, "british to decide, turn 1:");
    let pass = british + at(&out[british..], "Pass the screen to the french player");
    let french = pass + at(&out[pass..], "french to decide, turn 1:");
    at(&out[french..], "place fr-1");
    at(&out[french..], "Pass the screen to the british player");
    at(out, "The French army +2 takes the field in Hudson.");
    assert!(!out.contains("BOT rolls"), "{out}");
    let refused = fiw(&["play", "louisbourg", "--two-players"], "");
    assert_eq!(refused.code, 2);
    assert!(
        refused
            .stderr
            .contains("--two-players is for campaign only"),
        "{}",
        refused.stderr
    );
    let sim = fiw(
        &[
            "sim",
            "campaign",
            "--two-players",
            "--games",
            "2",
            "--seat",
            "bot=heuristic",
            "--seat",
            "player=heuristic",
        ],
        "",
    );
    assert_eq!(sim.code, 0, "stderr: {}", sim.stderr);
    at(
        &sim.stdout,
        "two players (C11), the seat `player` the British, `bot` the French",
    );
}
