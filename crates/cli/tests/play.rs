//! End-to-end tests of what keeps a game people play safe: a secret seed, saves that are the
//! referee's record, one seat's replay, the game saved after every action and at the end of
//! the input, files checked before long runs, bounded inputs, manual dice and the rules at the
//! prompt.

use crate::common;
use common::*;
use serde_json::Value;
use std::path::PathBuf;

fn state_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("fiw-play-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

#[test]
fn a_game_with_a_human_seat_never_shows_its_seed() {
    let run = fiw(&["play", "louisbourg", "--seat", "french=random"], "quit\n");
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert!(
        run.stdout.starts_with("louisbourg: new game\n"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("game, seed"), "{}", run.stdout);
    let run = fiw(
        &[
            "play",
            "louisbourg",
            "--seat",
            "french=random",
            "--seed",
            "7",
        ],
        "quit\n",
    );
    assert!(
        run.stdout.contains("seed 7 (set with --seed") && run.stdout.contains("keeps no secrets"),
        "{}",
        run.stdout
    );
    // two games begun the same way are dealt differently (the seed is the operating system's)
    let hands = |r: &Run| {
        r.stdout
            .lines()
            .filter(|l| l.contains("hand"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let a = fiw(
        &["play", "louisbourg", "--seat", "french=random"],
        "1\nquit\n",
    );
    let b = fiw(
        &["play", "louisbourg", "--seat", "french=random"],
        "1\nquit\n",
    );
    let c = fiw(
        &["play", "louisbourg", "--seat", "french=random"],
        "1\nquit\n",
    );
    assert!(
        hands(&a) != hands(&b) || hands(&b) != hands(&c),
        "three secret seeds dealt alike:\n{}",
        hands(&a)
    );
}

#[test]
fn the_end_of_input_and_the_autosave_lose_nothing_and_resume_goes_on() {
    let dir = state_dir("resume");
    let run = fiw_in(
        &dir,
        &["play", "louisbourg", "--seat", "french=random"],
        "1\n",
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert!(
        run.stdout.contains("saved after every action to "),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("referee's record"), "{}", run.stdout);
    assert!(
        run.stdout
            .contains("end of input on turn 1: the game is saved in"),
        "{}",
        run.stdout
    );
    let saves: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().collect();
    assert_eq!(saves.len(), 1, "one autosave");
    let save: Value =
        serde_json::from_str(&std::fs::read_to_string(saves[0].path()).unwrap()).unwrap();
    assert_eq!(save["seats"], serde_json::json!(["human", "random"]));
    let taken = save["actions"].as_array().unwrap().len();
    assert!(taken >= 1, "the plan and the French set-up: {save}");
    // --resume needs no game and no seats: the last unfinished game, seated as it was
    let run = fiw_in(&dir, &["play", "--resume"], "quit\n");
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert!(
        run.stdout.contains(&format!(
            "resumed the last game, {}",
            saves[0].path().display()
        )),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("british: human, french: random"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("british to decide"), "{}", run.stdout);
    // a game of another kind is not the last louisbourg game
    let run = fiw_in(&dir, &["play", "d3", "--resume"], "");
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("no unfinished d3 game to resume"),
        "{}",
        run.stderr
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Whether this process ignores SIGINT (Linux's /proc says so: bit 1 of SigIgn).
fn sigint_ignored() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("SigIgn:"))
                .and_then(|m| u64::from_str_radix(m.trim(), 16).ok())
        })
        .is_some_and(|mask| mask & (1 << 1) != 0)
}

#[test]
fn an_interrupted_game_is_saved_up_to_its_last_action() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let dir = state_dir("sigint");
    let file = temp("sigint");
    let mut child = Command::new(env!("CARGO_BIN_EXE_fiw"))
        .args(["play", "solitaire", "--save", path(&file)])
        .env("FIW_STATE_DIR", &dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"1\n").unwrap();
    stdin.flush().unwrap();
    // the placement is taken and saved, then the game waits at the prompt
    let saved_one = || {
        std::fs::read_to_string(&file)
            .ok()
            .and_then(|t| serde_json::from_str::<Value>(&t).ok())
            .is_some_and(|v| v["actions"].as_array().is_some_and(|a| a.len() == 1))
    };
    let start = std::time::Instant::now();
    while !saved_one() && start.elapsed() < std::time::Duration::from_secs(60) {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(saved_one(), "the action was saved before Ctrl-C");
    // a process started in the background by a non-interactive shell ignores SIGINT, and its
    // children inherit that: there Ctrl-C cannot reach fiw, so it is stopped by SIGKILL,
    // which shows the same (nothing is left to save when the process dies)
    let signal = if sigint_ignored() { "-KILL" } else { "-INT" };
    let killed = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(30),
            "fiw did not stop on {signal}"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    drop(stdin);
    let run = fiw(&["replay", path(&file), "--json"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(v["actions"], 1);
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_file(file);
}

#[test]
fn a_save_path_or_chart_path_that_cannot_be_written_is_refused_before_play() {
    let bad = std::env::temp_dir().join("fiw-no-such-dir/deeper/game.json");
    let run = fiw(
        &[
            "play",
            "louisbourg",
            "--seat",
            "french=random",
            "--save",
            path(&bad),
        ],
        "1\n",
    );
    assert_bad_input(&run, "--save to a missing directory");
    assert!(run.stderr.contains("--save"), "{}", run.stderr);
    let run = fiw(
        &[
            "sim",
            "louisbourg",
            "--games",
            "5",
            "--plot",
            path(&bad.with_extension("svg")),
        ],
        "",
    );
    assert_bad_input(&run, "--plot to a missing directory");
    assert!(run.stderr.contains("--plot"), "{}", run.stderr);
}

#[test]
fn huge_counts_files_and_lines_are_refused_in_one_line() {
    for (args, what) in [
        (
            vec!["sim", "louisbourg", "--games", "5", "--threads", "100000"],
            "--threads",
        ),
        (
            vec!["sim", "louisbourg", "--games", "18446744073709551615"],
            "--games",
        ),
        (
            vec![
                "play",
                "louisbourg",
                "--seat",
                "british=ai",
                "--ai-iterations",
                "4000000000",
            ],
            "--ai-iterations",
        ),
        (
            vec!["sim", "d3", "--games", "1", "--ai-ms", "99999999"],
            "--ai-ms",
        ),
        (vec!["replay", "/dev/zero"], "larger than"),
        (vec!["play", "--load", "/dev/zero"], "larger than"),
        (vec!["play", "d3", "--scenario", "/dev/zero"], "larger than"),
    ] {
        let run = fiw(&args, "");
        assert_bad_input(&run, &args.join(" "));
        assert!(
            run.stderr.contains(what),
            "{}: {}",
            args.join(" "),
            run.stderr
        );
    }
    let long = "x".repeat(100_000);
    let run = fiw(
        &["play", "louisbourg", "--seat", "french=random"],
        &format!("{long}\nquit\n"),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("that line is 100000 characters long"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.len() < 20_000, "the line is not echoed back");
}

#[test]
fn the_help_gives_each_games_own_ai_budget() {
    let run = fiw(&["play", "--help"], "");
    assert_eq!(run.code, 0);
    for needle in [
        "louisbourg 200",
        "solitaire 2000",
        "d3 60",
        "skirmish 64",
        "at most 1000000",
    ] {
        assert!(run.stdout.contains(needle), "{needle}: {}", run.stdout);
    }
}

#[test]
fn an_edited_outcome_does_not_verify() {
    let file = temp("outcome");
    let run = fiw(
        &[
            "play",
            "solitaire",
            "--seat",
            "player=random",
            "--seed",
            "4",
            "--save",
            path(&file),
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let winner = v["outcome"]["winner"].as_u64().unwrap();
    v["outcome"]["winner"] = Value::from(1 - winner);
    std::fs::write(&file, v.to_string()).unwrap();
    let run = fiw(&["replay", path(&file)], "");
    assert_bad_input(&run, "an edited outcome");
    assert!(run.stderr.contains("outcome was altered"), "{}", run.stderr);
    let _ = std::fs::remove_file(file);
}

#[test]
fn a_replay_as_one_seat_shows_its_side_and_none_of_the_others_secrets() {
    let file = temp("as-seat");
    // the British landing plan is their secret until it is carried out
    let run = fiw(
        &[
            "play",
            "louisbourg",
            "--seat",
            "british=random",
            "--seat",
            "french=random",
            "--seed",
            "987654321",
            "--save",
            path(&file),
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let save: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let plan = save["actions"][0].as_str().unwrap().to_string();
    assert!(plan.starts_with("plan "), "{plan}");
    let french = fiw(&["replay", path(&file), "--seat", "french", "--json"], "");
    assert_eq!(french.code, 0, "{}", french.stderr);
    let v: Value = serde_json::from_str(french.stdout.trim()).unwrap();
    assert_eq!(v["seat"], "french");
    assert!(v["log"].as_array().is_some_and(|l| !l.is_empty()));
    assert!(v.get("seed").is_none() && v.get("actions").is_none(), "{v}");
    assert!(
        !french.stdout.contains(&plan),
        "the plan as typed is not shown"
    );
    assert!(
        !french.stdout.contains(&save["seed"].to_string()),
        "nor the seed"
    );
    let british = fiw(&["replay", path(&file), "--seat", "british"], "");
    assert_eq!(british.code, 0, "{}", british.stderr);
    assert!(
        british.stdout.contains("as the british side saw it"),
        "{}",
        british.stdout
    );
    assert_bad_input(
        &fiw(&["replay", path(&file), "--seat", "dutch"], ""),
        "unknown seat",
    );
    let _ = std::fs::remove_file(file);
}

#[test]
fn manual_dice_are_typed_checked_and_replayed() {
    let file = temp("manual");
    // the French player's set-up; turn 1 gives the French no AP, so it passes at once and the
    // BOT's chart die is asked for (5: a raid, which rolls nothing more)
    let input = "1\n1\n7\n5\nquit\n";
    let run = fiw(
        &[
            "play",
            "solitaire",
            "--side",
            "french",
            "--dice",
            "manual",
            "--save",
            path(&file),
        ],
        input,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("type the die (1 to 6)"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("'7' is not a face of the die"),
        "{}",
        run.stdout
    );
    let save: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert!(
        save["manual_dice"]
            .as_array()
            .is_some_and(|d| d.contains(&Value::from(5))),
        "{save}"
    );
    let run = fiw(&["replay", path(&file)], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let _ = std::fs::remove_file(file);
}

#[test]
fn the_rules_are_at_the_prompt() {
    let run = fiw(
        &["play", "louisbourg", "--seat", "french=random"],
        "rules 8.3.1\nrules 99.9\nhelp\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("8.3.1  "), "{}", run.stdout);
    assert!(run.stdout.contains("no section '99.9'"), "{}", run.stdout);
    assert!(run.stdout.contains("rules [SEC]"), "{}", run.stdout);
}
