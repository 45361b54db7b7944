//! End-to-end tests of the `fiw` binary: the command-line contract of DESIGN.md (results on
//! stdout, one-line reasons on stderr, `--json` objects, exit codes 0 / 2 / 1).

use serde_json::Value;
use std::path::PathBuf;

use crate::common;
use common::*;

/// Plays an unattended random game with `seed` and saves it; returns the save file.
fn saved_random_game(seed: u64) -> PathBuf {
    let file = temp("random-game");
    let seed = seed.to_string();
    let run = fiw(
        &[
            "play",
            "louisbourg",
            "--seat",
            "british=random",
            "--seat",
            "french=random",
            "--seed",
            &seed,
            "--save",
            path(&file),
        ],
        "",
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert!(run.stdout.contains("game over after"), "{}", run.stdout);
    assert!(
        run.stdout.contains(" wins on turn ") || run.stdout.contains("draw on turn"),
        "{}",
        run.stdout
    );
    file
}

#[test]
fn unattended_play_saves_a_game_that_replays_verified() {
    let file = saved_random_game(3);
    let run = fiw(&["replay", path(&file)], "");
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert!(run.stdout.contains("replay verified"), "{}", run.stdout);
    assert!(run.stdout.contains("digest "), "{}", run.stdout);

    let run = fiw(&["replay", path(&file), "--json"], "");
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let v: Value = serde_json::from_str(run.stdout.trim()).expect("one JSON object");
    assert_eq!(v["game"], "louisbourg");
    assert_eq!(v["verified"], true);
    assert!(v["actions"].as_u64().unwrap() > 0);
    assert!(v["digest"].as_str().is_some_and(|d| !d.is_empty()));
    assert!(v["outcome"]["turn"].as_u64().is_some(), "{v}");

    // The same seed plays the same game.
    let again = saved_random_game(3);
    let a: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let b: Value = serde_json::from_str(&std::fs::read_to_string(&again).unwrap()).unwrap();
    assert_eq!(a["digest"], b["digest"]);
    let _ = std::fs::remove_file(file);
    let _ = std::fs::remove_file(again);
}

#[test]
fn tampered_or_truncated_saves_are_refused() {
    let file = saved_random_game(5);
    let text = std::fs::read_to_string(&file).unwrap();
    let save: Value = serde_json::from_str(&text).unwrap();

    let mut cases: Vec<(&str, String)> = Vec::new();
    let mut v = save.clone();
    v["digest"] = Value::from("000000000000000000000000");
    cases.push(("digest changed", v.to_string()));
    let mut v = save.clone();
    let actions = v["actions"].as_array_mut().unwrap();
    actions[0] = Value::from("pass");
    cases.push(("first action changed", v.to_string()));
    let mut v = save.clone();
    let actions = v["actions"].as_array_mut().unwrap();
    actions.truncate(actions.len() / 2);
    cases.push(("actions cut short", v.to_string()));
    let mut v = save.clone();
    v["format"] = Value::from(99);
    cases.push(("other format version", v.to_string()));
    cases.push(("truncated JSON", text[..text.len() / 2].to_string()));
    cases.push(("not JSON", "this is not a save".to_string()));

    for (what, body) in cases {
        let bad = temp("tampered");
        std::fs::write(&bad, body).unwrap();
        let run = fiw(&["replay", path(&bad)], "");
        assert_bad_input(&run, what);
        let run = fiw(&["play", "louisbourg", "--load", path(&bad)], "");
        assert_bad_input(&run, what);
        let _ = std::fs::remove_file(bad);
    }
    let _ = std::fs::remove_file(file);
}

#[test]
fn sim_json_has_the_contract_fields() {
    let run = fiw(&["sim", "louisbourg", "--games", "200", "--json"], "");
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert_eq!(
        run.stdout.trim().lines().count(),
        1,
        "one JSON object: {}",
        run.stdout
    );
    let v: Value = serde_json::from_str(run.stdout.trim()).expect("JSON");
    assert_eq!(v["games"], 200);
    let wins = v["wins"].as_object().expect("wins");
    for seat in ["british", "french", "draw"] {
        assert!(wins.contains_key(seat), "wins has {seat}: {v}");
    }
    assert_eq!(wins.values().map(|w| w.as_u64().unwrap()).sum::<u64>(), 200);
    assert!(v["mean_turns"].as_f64().unwrap() >= 1.0);
    assert!(v["games_per_sec"].as_f64().unwrap() > 0.0);
}

#[test]
fn sim_plain_output_is_a_table() {
    let run = fiw(
        &[
            "sim",
            "louisbourg",
            "--games",
            "20",
            "--seed",
            "9",
            "--threads",
            "1",
        ],
        "",
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    for want in [
        "british wins",
        "french wins",
        "95 % interval",
        "mean turns",
        "mean decisions",
        "games/s",
    ] {
        assert!(run.stdout.contains(want), "{want}: {}", run.stdout);
    }
}

#[test]
fn odds_json_is_exact_and_in_range() {
    let run = fiw(
        &[
            "odds",
            "louisbourg",
            "--attacker",
            "4,4",
            "--defender",
            "4",
            "--json",
        ],
        "",
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let v: Value = serde_json::from_str(run.stdout.trim()).expect("JSON");
    let a = v["attacker_wins"].as_f64().unwrap();
    let d = v["defender_wins"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&a) && (0.0..=1.0).contains(&d), "{v}");
    assert!(
        (a + d - 1.0).abs() < 1e-9,
        "a fight to the finish ends one way or the other: {v}"
    );
    for field in [
        "attacker_sp_left_mean",
        "defender_sp_left_mean",
        "mean_rounds",
    ] {
        assert!(v[field].as_f64().is_some(), "{field}: {v}");
    }
    assert!(
        v["attacker_sp_left"].is_array() && v["defender_sp_left"].is_array(),
        "{v}"
    );

    let run = fiw(
        &[
            "odds",
            "louisbourg",
            "--attacker",
            "4,4,ranger:2",
            "--defender",
            "4,3",
            "--raid",
        ],
        "",
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert!(
        run.stdout.contains("mean SP left") && run.stdout.contains("SP left"),
        "{}",
        run.stdout
    );
}

#[test]
fn bad_input_exits_2_with_one_line() {
    let cases: &[(&str, &[&str])] = &[
        ("unknown game", &["play", "chess"]),
        ("unknown game for sim", &["sim", "chess", "--games", "1"]),
        ("unknown game for rules", &["rules", "chess"]),
        ("bad flag", &["play", "louisbourg", "--bogus"]),
        (
            "games not a number",
            &["sim", "louisbourg", "--games", "many"],
        ),
        (
            "unknown side",
            &["play", "louisbourg", "--seat", "nobody=random"],
        ),
        (
            "unknown policy",
            &["play", "louisbourg", "--seat", "british=robot"],
        ),
        (
            "ai budget zero",
            &[
                "play",
                "louisbourg",
                "--seat",
                "british=ai",
                "--ai-iterations",
                "0",
            ],
        ),
        (
            "ai time not a number",
            &[
                "sim",
                "louisbourg",
                "--games",
                "1",
                "--seat",
                "french=ai",
                "--ai-ms",
                "soon",
            ],
        ),
        (
            "seat without policy",
            &["play", "louisbourg", "--seat", "british"],
        ),
        (
            "human in a sim",
            &[
                "sim",
                "louisbourg",
                "--games",
                "1",
                "--seat",
                "british=human",
            ],
        ),
        (
            "bad unit list",
            &["odds", "louisbourg", "--attacker", "4,x", "--defender", "4"],
        ),
        (
            "unknown location",
            &[
                "odds",
                "louisbourg",
                "--attacker",
                "4",
                "--defender",
                "4",
                "--at",
                "atlantis",
            ],
        ),
        (
            "odds for an unknown game",
            &["odds", "chess", "--attacker", "4", "--defender", "4"],
        ),
        ("unknown rule section", &["rules", "louisbourg", "99.99"]),
    ];
    for (what, args) in cases {
        assert_bad_input(&fiw(args, ""), what);
    }
    let run = fiw(&["play", "chess"], "");
    assert!(
        run.stderr.contains(
            "unknown game 'chess' (known: louisbourg, solitaire, d3, skirmish, campaign)"
        ),
        "{}",
        run.stderr
    );
}

#[test]
fn missing_and_corrupt_save_files_exit_2() {
    let missing = temp("missing");
    assert_bad_input(&fiw(&["replay", path(&missing)], ""), "missing save");
    assert_bad_input(
        &fiw(&["play", "louisbourg", "--load", path(&missing)], ""),
        "missing save to load",
    );
    let corrupt = temp("corrupt");
    std::fs::write(
        &corrupt,
        "{\"format\": 1, \"game\": \"louisbourg\", \"actions\": [",
    )
    .unwrap();
    assert_bad_input(&fiw(&["replay", path(&corrupt)], ""), "corrupt save");
    std::fs::write(&corrupt, "{\"format\": 1, \"game\": \"chess\"}").unwrap();
    assert_bad_input(
        &fiw(&["replay", path(&corrupt)], ""),
        "save of an unknown game",
    );
    let _ = std::fs::remove_file(corrupt);
}

#[test]
fn a_piped_human_session_explains_refusals_and_loses_nothing() {
    // Choose the first landing plan; then, in the bombardment phase, try a move (refused by
    // section 8), ask why, try to undo past the French set-up, type garbage, and quit.
    let input = "1\ngo br-reg-1 louisbourg\nwhy go br-reg-1 louisbourg\nwhy pass\nundo\nxyzzy plugh\n999\nhelp\nlog\nquit\n";
    let run = fiw(
        &[
            "play",
            "louisbourg",
            "--seed",
            "3",
            "--seat",
            "french=random",
        ],
        input,
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert!(
        !run.stderr.contains("panicked") && !run.stdout.contains("panicked"),
        "{}",
        run.stderr
    );
    let out = &run.stdout;
    assert!(out.contains("british to decide"), "{out}");
    assert!(
        out.contains("not allowed: rule 8"),
        "the refusal cites a rule of section 8: {out}"
    );
    assert!(out.contains("illegal: rule 8"), "why cites the rule: {out}");
    assert!(out.contains("> legal\n"), "why pass: {out}");
    assert!(out.contains("nothing to undo"), "{out}");
    assert!(out.contains("not understood: 'xyzzy plugh'"), "{out}");
    assert!(out.contains("there is no choice 999"), "{out}");
    assert!(out.contains("Commands:"), "{out}");
    assert!(
        out.contains("french plays:\n  | "),
        "the random French moves are shown: {out}"
    );
    // ... as the log tells them: the French set-up names no hidden block.
    assert!(
        !out.contains("place fr-"),
        "a hidden French block leaked: {out}"
    );
    assert!(out.contains("quit on turn"), "{out}");
}

#[test]
fn hot_seat_passes_the_screen_between_the_players() {
    let run = fiw(&["play", "louisbourg", "--seed", "4"], "1\n\nquit\n");
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert!(
        run.stdout.contains("Pass the screen to the french player"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("french to decide"), "{}", run.stdout);
}

#[test]
fn end_of_input_saves_the_game_and_exits_0() {
    let file = temp("eof");
    let run = fiw(
        &["play", "louisbourg", "--seed", "1", "--save", path(&file)],
        "1
",
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert!(
        run.stdout
            .contains("end of input on turn 1: the game is saved in"),
        "{}",
        run.stdout
    );
    let run = fiw(&["replay", path(&file), "--json"], "");
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let v: Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(
        v["actions"], 1,
        "the action taken before the end is kept: {v}"
    );
    let _ = std::fs::remove_file(file);
}

#[test]
fn a_game_saved_at_the_prompt_resumes_and_replays() {
    let file = temp("midgame");
    let input = format!("1\nsave {}\nquit\n", path(&file));
    let run = fiw(
        &[
            "play",
            "louisbourg",
            "--seed",
            "3",
            "--seat",
            "french=random",
        ],
        &input,
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert!(run.stdout.contains("saved "), "{}", run.stdout);
    let run = fiw(&["replay", path(&file), "--json"], "");
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let v: Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert!(v["outcome"].is_null(), "the game is unfinished: {v}");
    let run = fiw(
        &[
            "play",
            "louisbourg",
            "--load",
            path(&file),
            "--seat",
            "french=random",
        ],
        "quit\n",
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert!(run.stdout.contains("resumed"), "{}", run.stdout);
    assert!(run.stdout.contains("british to decide"), "{}", run.stdout);
    // Resumed unattended, it plays to the end.
    let done = temp("finished");
    let run = fiw(
        &[
            "play",
            "louisbourg",
            "--load",
            path(&file),
            "--seat",
            "british=random",
            "--seat",
            "french=random",
            "--save",
            path(&done),
        ],
        "",
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert_eq!(fiw(&["replay", path(&done)], "").code, 0);
    let _ = std::fs::remove_file(file);
    let _ = std::fs::remove_file(done);
}

#[test]
fn rules_lists_the_book() {
    let run = fiw(&["rules", "louisbourg"], "");
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert!(
        run.stdout.contains("louisbourg:") && run.stdout.contains("Assumed values"),
        "{}",
        run.stdout
    );
}

// ---- French & Indian War: Solitaire ----

/// Plays an unattended solitaire game as `side` with `policy` and saves it.
fn saved_solitaire_game(side: &str, policy: &str, seed: u64, extra: &[&str]) -> PathBuf {
    let file = temp("solitaire");
    let seed = seed.to_string();
    let seat = format!("player={policy}");
    let mut args = vec![
        "play",
        "solitaire",
        "--side",
        side,
        "--seat",
        &seat,
        "--seed",
        &seed,
        "--save",
        path(&file),
    ];
    args.extend_from_slice(extra);
    let run = fiw(&args, "");
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert!(run.stdout.contains("player: "), "{}", run.stdout);
    assert!(
        run.stdout.contains("bot: BOT Action Chart"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("game over after"), "{}", run.stdout);
    assert!(
        run.stdout.contains("player wins on turn") || run.stdout.contains("bot wins on turn"),
        "{}",
        run.stdout
    );
    file
}

#[test]
fn solitaire_plays_unattended_from_either_side_and_replays() {
    for (side, policy) in [("british", "random"), ("french", "heuristic")] {
        let file = saved_solitaire_game(side, policy, 7, &[]);
        let run = fiw(&["replay", path(&file), "--json"], "");
        assert_eq!(run.code, 0, "stderr: {}", run.stderr);
        let v: Value = serde_json::from_str(run.stdout.trim()).expect("one JSON object");
        assert_eq!(v["game"], "solitaire");
        assert_eq!(v["verified"], true);
        let save: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        assert_eq!(save["options"]["side"], side);
        let _ = std::fs::remove_file(file);
    }
    // the search AI plays a whole game (a small budget keeps the test quick)
    let file = saved_solitaire_game("british", "ai", 3, &["--ai-iterations", "30"]);
    assert_eq!(fiw(&["replay", path(&file)], "").code, 0);
    let _ = std::fs::remove_file(file);
}

#[test]
fn solitaire_sim_json_reports_the_side_points_and_sudden_deaths() {
    let run = fiw(
        &[
            "sim",
            "solitaire",
            "--games",
            "300",
            "--side",
            "french",
            "--seat",
            "player=heuristic",
            "--json",
        ],
        "",
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let v: Value = serde_json::from_str(run.stdout.trim()).expect("JSON");
    assert_eq!(v["games"], 300);
    assert_eq!(v["side"], "french");
    assert_eq!(v["policies"]["player"], "heuristic");
    assert_eq!(v["policies"]["bot"], "BOT Action Chart");
    let wins = v["wins"].as_object().unwrap();
    for seat in ["player", "bot", "draw"] {
        assert!(wins.contains_key(seat), "{v}");
    }
    assert_eq!(wins["draw"], 0);
    for m in ["player_vp", "bot_vp", "sudden_death"] {
        assert!(v["means"][m].as_f64().is_some(), "{m}: {v}");
    }
    assert!(v["games_per_sec"].as_f64().unwrap() > 0.0);
    // the ai seat is the kernel's plain MCTS
    let run = fiw(
        &[
            "sim",
            "solitaire",
            "--games",
            "4",
            "--seat",
            "player=ai",
            "--ai-iterations",
            "20",
            "--json",
        ],
        "",
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let v: Value = serde_json::from_str(run.stdout.trim()).expect("JSON");
    assert_eq!(v["policies"]["player"], "mcts");
    // the plain table says the side and how games ended; the default side is british
    let run = fiw(
        &["sim", "solitaire", "--games", "100", "--threads", "1"],
        "",
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert!(run.stdout.contains("side british"), "{}", run.stdout);
    assert!(
        run.stdout.contains("games ended by sudden death:"),
        "{}",
        run.stdout
    );
}

#[test]
fn solitaire_rules_list_the_headings_and_assumed_values() {
    let run = fiw(&["rules", "solitaire"], "");
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    for want in [
        "solitaire:",
        "8  Resolving Attacks in Regions",
        "Assumed values",
        "Advance Result Chart",
        "French BOT Action Chart, roll 1",
    ] {
        assert!(run.stdout.contains(want), "{want}: {}", run.stdout);
    }
    let run = fiw(&["rules", "solitaire", "8"], "");
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert!(
        run.stdout.contains("8.1  Advance Result Chart") && !run.stdout.contains("9  Attacks"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_piped_solitaire_session_shows_odds_refusals_and_the_bot() {
    // place both armies, try an Atlantic attack without the ocean, ask why, check the odds in
    // the menu, end the actions with an action point left (yes: the BOT rolls), look at the
    // log, quit
    // (turn 1 gives the British one AP, left unspent; turn 2's two AP are left too; turn 3
    // gives none and passes to the BOT at once, so that the game quits on turn 4)
    let input = "1\nundo\n1\n1\nhint\nattack atlantic\nwhy attack atlantic\nplace br-1 ohio\nfrobnicate\nend actions\nyes\nundo\nlog\nend\nyes\nquit\n";
    let run = fiw(
        &["play", "solitaire", "--seed", "3", "--ai-iterations", "200"],
        input,
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let out = &run.stdout;
    assert!(
        out.contains("you are the British, the BOT the French"),
        "british is the default side: {out}"
    );
    assert!(out.contains("player to decide"), "{out}");
    assert!(
        out.contains("attack ohio") && out.contains("advance 2/6 = 33 %"),
        "the odds beside each attack: {out}"
    );
    assert!(out.contains("not allowed: rule 3.4"), "{out}");
    assert!(out.contains("illegal: rule 3.4"), "{out}");
    assert!(out.contains("not allowed: rule 3.2"), "{out}");
    assert!(out.contains("not understood: 'frobnicate'"), "{out}");
    assert!(
        out.contains("| BOT rolls "),
        "the BOT's roll and its chart line: {out}"
    );
    assert!(
        out.contains("undone: back to before action 1"),
        "a placement can be taken back: {out}"
    );
    assert!(
        out.contains("hint (mcts search, 200 playouts"),
        "hint asks the plain MCTS: {out}"
    );
    assert!(
        out.contains("nothing to undo"),
        "never past the BOT's roll: {out}"
    );
    assert!(out.contains("quit on turn 4"), "{out}");
    assert!(!out.contains("panicked"));
}

#[test]
fn solitaire_bad_input_exits_2_with_one_line() {
    let bad = temp("solitaire-bad");
    std::fs::write(&bad, "{\"format\": 1, \"game\": \"solitaire\", \"options\": {\"side\": \"dutch\"}, \"seed\": 1, \"actions\": [], \"digest\": \"x\"}").unwrap();
    let illegal = temp("solitaire-illegal");
    std::fs::write(&illegal, "{\"format\": 1, \"game\": \"solitaire\", \"options\": {\"side\": \"british\"}, \"seed\": 1, \"actions\": [\"attack ohio\"], \"digest\": \"x\"}").unwrap();
    let cases: &[(&str, Vec<&str>)] = &[
        ("unknown side", vec!["play", "solitaire", "--side", "dutch"]),
        (
            "unknown side in sim",
            vec!["sim", "solitaire", "--games", "1", "--side", "spanish"],
        ),
        (
            "side for louisbourg",
            vec!["play", "louisbourg", "--side", "british"],
        ),
        (
            "side for a louisbourg sim",
            vec!["sim", "louisbourg", "--games", "1", "--side", "french"],
        ),
        (
            "the bot's seat",
            vec!["play", "solitaire", "--seat", "bot=random"],
        ),
        (
            "a louisbourg seat",
            vec!["play", "solitaire", "--seat", "british=random"],
        ),
        (
            "louisbourg's set-up flag",
            vec!["play", "solitaire", "--solitaire-setup"],
        ),
        ("unknown section", vec!["rules", "solitaire", "99"]),
        ("broken save", vec!["replay", path(&bad)]),
        (
            "broken save to load",
            vec!["play", "solitaire", "--load", path(&bad)],
        ),
        ("illegal action in a save", vec!["replay", path(&illegal)]),
        (
            "illegal action in a save to load",
            vec!["play", "solitaire", "--load", path(&illegal)],
        ),
    ];
    for (what, args) in cases {
        assert_bad_input(&fiw(args, ""), what);
    }
    let run = fiw(&["replay", path(&illegal)], "");
    assert!(
        run.stderr.contains("rule 4"),
        "the set-up comes first: {}",
        run.stderr
    );
    let run = fiw(&["play", "louisbourg", "--side", "british"], "");
    assert!(
        run.stderr.contains("--side is for solitaire only"),
        "{}",
        run.stderr
    );
    let _ = std::fs::remove_file(bad);
    let _ = std::fs::remove_file(illegal);
}

#[test]
fn a_solitaire_game_saved_at_the_prompt_resumes_on_its_side() {
    let file = temp("solitaire-midgame");
    // the French have no AP on turns 1 and 2: the two armies placed, turn 1 passes to the
    // BOT; turn 2's arriving army placed, turn 2 passes too; saved on turn 3
    let input = format!("1\n1\n1\nsave {}\nquit\n", path(&file));
    let run = fiw(
        &["play", "solitaire", "--side", "french", "--seed", "8"],
        &input,
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert!(run.stdout.contains("saved 3 actions"), "{}", run.stdout);
    let run = fiw(
        &["play", "solitaire", "--load", path(&file)],
        "board\nquit\n",
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert!(run.stdout.contains("resumed"), "{}", run.stdout);
    assert!(
        run.stdout.contains("you are the French") && run.stdout.contains("turn 3 of 20"),
        "{}",
        run.stdout
    );
    // --side cannot change a loaded game
    assert_bad_input(
        &fiw(
            &[
                "play",
                "solitaire",
                "--load",
                path(&file),
                "--side",
                "british",
            ],
            "",
        ),
        "side with load",
    );
    let _ = std::fs::remove_file(file);
}

// ---- D3 Horse & Musket ----

/// A fresh temp file name ending in `ext`.
fn temp_ext(name: &str, ext: &str) -> PathBuf {
    temp(name).with_extension(ext)
}

/// The line of `out` holding `needle` (the prompt before it included).
fn line_with<'a>(out: &'a str, needle: &str) -> &'a str {
    out.lines()
        .find(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no line with {needle:?} in: {out}"))
}

#[test]
fn a_piped_d3_session_takes_typed_orders_and_explains_refusals() {
    // the French move first at Fort Oswego; the British are played at random
    let input = "show\nmoves fr-reg-1a\nmove fr-reg-1a to 40,10 face 90\nwhy shoot fr-reg-1a at br-reg-1a\nwhy move fr-reg-1a to 8,10 face 90\nmove fr-reg-1a to 8,10 face 90\nmove fr-reg-1a to 9,10\nmoves nobody\nselect br-art\nhelp\nquit\n";
    let run = fiw(
        &[
            "play",
            "d3",
            "--scenario",
            "fort-oswego",
            "--seed",
            "1",
            "--seat",
            "british=random",
        ],
        input,
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let out = &run.stdout;
    assert!(
        !out.contains("panicked") && !run.stderr.contains("panicked"),
        "{}",
        run.stderr
    );
    assert!(out.contains("british: random, french: human"), "{out}");
    // the menu is listed a unit a line, with the numbers of its orders
    assert!(
        out.contains("choices, by unit ('moves NAME' lists one unit's"),
        "{out}"
    );
    let group = out
        .lines()
        .find(|l| l.starts_with("  fr-reg-1a  ") && !l.contains(" at "))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        group.contains("move") && group.chars().any(|c| c.is_ascii_digit()),
        "{group}"
    );
    assert!(out.contains(". pass"), "pass is listed on its own: {out}");
    // show: the situation as text
    assert!(
        out.contains("french> Fort Oswego: round 1 of 15, the French movement phase"),
        "{out}"
    );
    // moves UNIT: that unit's orders with their numbers
    let listed: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.contains(". move fr-reg-1a to "))
        .take_while(|l| !l.contains("not allowed"))
        .collect();
    assert!(
        !listed.is_empty() && listed.iter().all(|l| l.contains("fr-reg-1a")),
        "only fr-reg-1a's orders: {listed:?}"
    );
    // a refused order: one line naming the rule and the reason; nothing is lost
    let refused = line_with(out, "not allowed:");
    assert!(
        refused.contains("rule Movement: fr-reg-1a moves at most 6\""),
        "{refused}"
    );
    assert!(
        line_with(out, "illegal:").contains("rule Sequence of play"),
        "{out}"
    );
    assert!(out.contains("french> legal\n"), "why a legal order: {out}");
    // the legal order is taken, and a second move of the same unit is refused
    // (the log says it in words: how far, which way, and by which landmark)
    assert!(
        out.contains("  | fr-reg-1a moves 5\" east to ") && out.contains(", facing east\n"),
        "{out}"
    );
    assert!(
        line_with(out, "fr-reg-1a to 9,10").contains("not allowed: rule Movement")
            || out.contains("not allowed: rule Movement: fr-reg-1a has already moved"),
        "{out}"
    );
    assert!(out.contains("no unit is called 'nobody'"), "{out}");
    assert!(
        out.contains("nothing is drawn: start the game with --svg FILE"),
        "{out}"
    );
    assert!(
        out.contains("moves NAME") && out.contains("show "),
        "help lists the D3 commands: {out}"
    );
    assert!(out.contains("quit on turn 1"), "{out}");
}

#[test]
fn an_unattended_d3_battle_saves_and_replays() {
    let file = temp("d3-battle");
    let run = fiw(
        &[
            "play",
            "d3",
            "--seat",
            "british=random",
            "--seat",
            "french=random",
            "--seed",
            "5",
            "--save",
            path(&file),
        ],
        "",
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert!(run.stdout.contains("game over after"), "{}", run.stdout);
    assert!(
        run.stdout.contains(" wins on turn ") || run.stdout.contains("draw on turn"),
        "{}",
        run.stdout
    );
    let save: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(save["game"], "d3");
    assert_eq!(save["options"]["scenario"], "fort-oswego");
    let run = fiw(&["replay", path(&file), "--json"], "");
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let v: Value = serde_json::from_str(run.stdout.trim()).expect("one JSON object");
    assert_eq!(v["game"], "d3");
    assert_eq!(v["verified"], true);
    assert!(v["outcome"]["turn"].as_u64().is_some(), "{v}");
    // resumed at the prompt
    let run = fiw(&["play", "d3", "--load", path(&file)], "");
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert!(run.stdout.contains("resumed"), "{}", run.stdout);
    let _ = std::fs::remove_file(file);
}

#[test]
fn a_d3_battle_on_a_scenario_file_replays_without_the_file() {
    let text = fiw_host::fiw_d3::SCENARIOS
        .iter()
        .find(|(n, _)| *n == "meeting")
        .unwrap()
        .1
        .replacen("name = \"Meeting engagement\"", "name = \"My meeting\"", 1);
    let scenario = temp_ext("my-meeting", "toml");
    std::fs::write(&scenario, &text).unwrap();
    let file = temp("d3-custom");
    let run = fiw(
        &[
            "play",
            "d3",
            "--scenario",
            path(&scenario),
            "--seat",
            "british=random",
            "--seat",
            "french=random",
            "--seed",
            "2",
            "--save",
            path(&file),
        ],
        "",
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    std::fs::remove_file(&scenario).unwrap();
    let save: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert!(
        save["options"]["text"]
            .as_str()
            .is_some_and(|t| t.contains("My meeting")),
        "the save carries the scenario"
    );
    let run = fiw(&["replay", path(&file)], "");
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert!(run.stdout.contains("replay verified"), "{}", run.stdout);
    let _ = std::fs::remove_file(file);
}

#[test]
fn d3_sim_reports_wins_turns_and_resolve() {
    let run = fiw(
        &[
            "sim",
            "d3",
            "--scenario",
            "fort-oswego",
            "--games",
            "20",
            "--json",
        ],
        "",
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let v: Value = serde_json::from_str(run.stdout.trim()).expect("JSON");
    assert_eq!(v["games"], 20);
    assert_eq!(v["scenario"], "fort-oswego");
    let wins = v["wins"].as_object().unwrap();
    for seat in ["british", "french", "draw"] {
        assert!(wins.contains_key(seat), "{v}");
    }
    assert_eq!(wins.values().map(|w| w.as_u64().unwrap()).sum::<u64>(), 20);
    assert!(v["mean_turns"].as_f64().unwrap() >= 1.0);
    assert!(v["games_per_sec"].as_f64().unwrap() > 0.0);
    for m in ["british_resolve", "french_resolve"] {
        assert!(
            v["means"][m]
                .as_f64()
                .is_some_and(|r| (0.0..=8.0).contains(&r)),
            "{m}: {v}"
        );
    }
    let run = fiw(
        &[
            "sim",
            "d3",
            "--scenario",
            "meeting",
            "--games",
            "20",
            "--threads",
            "1",
        ],
        "",
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    for want in [
        "scenario meeting",
        "british wins",
        "french wins",
        "draw",
        "mean turns",
        "mean resolve left at the end: british",
        "games/s",
    ] {
        assert!(run.stdout.contains(want), "{want}: {}", run.stdout);
    }
}

#[test]
fn d3_bad_input_exits_2_with_one_line() {
    let broken = temp_ext("broken-scenario", "toml");
    let text = fiw_host::fiw_d3::SCENARIOS
        .iter()
        .find(|(n, _)| *n == "fort-oswego")
        .unwrap()
        .1;
    // a British unit put in Lake Ontario
    std::fs::write(&broken, text.replacen("at = [46, 39]", "at = [46, 46]", 1)).unwrap();
    let not_toml = temp_ext("not-a-scenario", "toml");
    std::fs::write(&not_toml, "this is not toml [").unwrap();
    let missing = temp_ext("missing-scenario", "toml");
    let cases: &[(&str, Vec<&str>)] = &[
        (
            "unknown scenario",
            vec!["play", "d3", "--scenario", "waterloo"],
        ),
        (
            "unknown scenario in sim",
            vec!["sim", "d3", "--games", "1", "--scenario", "waterloo"],
        ),
        (
            "broken scenario file",
            vec!["play", "d3", "--scenario", path(&broken)],
        ),
        (
            "broken scenario file in sim",
            vec!["sim", "d3", "--games", "1", "--scenario", path(&broken)],
        ),
        (
            "scenario file not TOML",
            vec!["play", "d3", "--scenario", path(&not_toml)],
        ),
        (
            "missing scenario file",
            vec!["play", "d3", "--scenario", path(&missing)],
        ),
        (
            "scenario for louisbourg",
            vec!["play", "louisbourg", "--scenario", "fort-oswego"],
        ),
        (
            "scenario for a solitaire sim",
            vec!["sim", "solitaire", "--games", "1", "--scenario", "meeting"],
        ),
        (
            "svg for louisbourg",
            vec!["play", "louisbourg", "--svg", "x.svg"],
        ),
        ("side for d3", vec!["play", "d3", "--side", "french"]),
        (
            "unknown d3 seat",
            vec!["play", "d3", "--seat", "player=random"],
        ),
        ("unknown d3 section", vec!["rules", "d3", "99"]),
    ];
    for (what, args) in cases {
        assert_bad_input(&fiw(args, ""), what);
    }
    let run = fiw(&["play", "d3", "--scenario", path(&broken)], "");
    assert!(
        run.stderr
            .contains("british.units[13].at: br-rng-b stands in Lake Ontario"),
        "the field is named: {}",
        run.stderr
    );
    let run = fiw(&["play", "d3", "--scenario", "waterloo"], "");
    assert!(
        run.stderr
            .contains("unknown scenario 'waterloo' for d3 (scenarios: fort-oswego, meeting"),
        "{}",
        run.stderr
    );
    let run = fiw(&["play", "louisbourg", "--scenario", "fort-oswego"], "");
    assert!(
        run.stderr
            .contains("--scenario is for d3 and skirmish only"),
        "{}",
        run.stderr
    );
    let _ = std::fs::remove_file(broken);
    let _ = std::fs::remove_file(not_toml);
}

/// The drawing `play d3 --svg` leaves after `input`.
fn drawing_after(input: &str) -> String {
    let svg = temp_ext("table", "svg");
    let run = fiw(
        &[
            "play",
            "d3",
            "--seed",
            "1",
            "--seat",
            "british=random",
            "--svg",
            path(&svg),
        ],
        input,
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert!(
        run.stdout.contains("drawing the table in"),
        "{}",
        run.stdout
    );
    let text = std::fs::read_to_string(&svg).expect("the drawing is written");
    let _ = std::fs::remove_file(svg);
    assert!(
        text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{}",
        &text[..text.len().min(200)]
    );
    assert!(text.trim_end().ends_with("</svg>"));
    assert_eq!(
        text.matches("<g").count(),
        text.matches("</g>").count() + text.matches("<g/>").count(),
        "groups balanced"
    );
    text
}

#[test]
fn play_d3_keeps_an_svg_drawing_of_the_table() {
    let start = drawing_after("quit\n");
    assert!(
        start.contains("Fort Oswego")
            && start.contains("unit-fr-reg-1a")
            && start.contains("no unit selected"),
        "the set-up"
    );
    let moved = drawing_after("move fr-reg-1a to 8,10 face 90\nquit\n");
    assert_ne!(start, moved, "the drawing follows the move");
    assert!(
        moved.contains("fr-reg-1a: field of fire to 6\""),
        "the unit just ordered is selected"
    );
    let selected = drawing_after("select br-art\nselect nobody\nquit\n");
    assert!(
        selected.contains("br-art: field of fire to 24\""),
        "select marks a unit"
    );
    // the same game draws the same bytes
    assert_eq!(start, drawing_after("quit\n"));
}

#[test]
fn d3_rules_list_the_headings_and_assumed_values() {
    let run = fiw(&["rules", "d3"], "");
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    for want in [
        "d3:",
        "Shooting",
        "Army Resolve",
        "Assumed values",
        "Fort Oswego",
    ] {
        assert!(run.stdout.contains(want), "{want}: {}", run.stdout);
    }
}

/// L3 (audit of 2026-12-04, the terminal): the choice numbers change with every order, and a
/// number read from an older `moves NAME` list no longer silently plays another unit's order:
/// it is refused, naming what it was and what it is now.
#[test]
fn l3_a_stale_choice_number_is_refused_not_played() {
    let text = "name = \"l3\"\nfirst = \"british\"\nturns = 3\n[table]\nwidth = 72\ndepth = 48\n\
        [british]\ncommander = \"c\"\nzones = [[[0, 0], [72, 0], [72, 48], [0, 48]]]\n\
        units = [\n  { id = \"br-gen\", type = \"commander\", at = [2, 46], facing = 0 },\n  \
        { id = \"br-a\", type = \"line\", at = [20, 20], facing = 0 },\n  \
        { id = \"br-b\", type = \"line\", at = [40, 20], facing = 0 },\n]\n\
        [french]\ncommander = \"c\"\nzones = [[[0, 0], [72, 0], [72, 48], [0, 48]]]\n\
        units = [\n  { id = \"fr-gen\", type = \"commander\", at = [70, 46], facing = 0 },\n  \
        { id = \"fr-x\", type = \"line\", at = [60, 40], facing = 180 },\n]\n";
    let scenario = temp_ext("l3", "toml");
    std::fs::write(&scenario, text).unwrap();
    let args = [
        "play",
        "d3",
        "--scenario",
        path(&scenario),
        "--seat",
        "french=random",
        "--seed",
        "3",
    ];
    let first = fiw(&args, "moves br-b\nquit\nyes\n");
    let line = first
        .stdout
        .lines()
        .find(|l| l.contains(". move br-b to "))
        .unwrap_or_else(|| panic!("{}", first.stdout))
        .to_string();
    let n: usize = line.trim().split('.').next().unwrap().parse().unwrap();
    let order = line
        .split(". ")
        .nth(1)
        .unwrap()
        .split("   ")
        .next()
        .unwrap()
        .trim();
    let run = fiw(
        &args,
        &format!("moves br-b\nmove br-a to 20,24\n{n}\nquit\nyes\n"),
    );
    std::fs::remove_file(&scenario).unwrap();
    assert!(
        run.stdout.contains(&format!(
            "choice {n} was '{order}' when listed; the choices have changed since"
        )),
        "{}",
        run.stdout
    );
}
