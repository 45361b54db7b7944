//! End-to-end tests of `fiw` for French & Indian War: Solitaire at the prompt: the BOT's charts
//! on the board and in `fiw rules`, the BOT saying why it acts where it does, the question
//! before ending the actions with AP left, armies that stay (or change places) at a new year,
//! and the figures `fiw sim` reports.

use crate::common;

use common::fiw;
use serde_json::Value;

/// The six lines of a BOT Action Chart as `fiw rules solitaire 7.1` prints them under
/// `heading` (`1  what it does; if impossible: line 3`).
fn chart_lines(rules: &str, heading: &str) -> Vec<String> {
    let from = at(rules, heading);
    let lines: Vec<String> = rules[from..]
        .lines()
        .skip(2)
        .take(6)
        .map(|l| l.trim().to_string())
        .collect();
    for (i, l) in lines.iter().enumerate() {
        assert!(
            l.starts_with(&format!("{}  ", i + 1)),
            "line {}: {l}",
            i + 1
        );
    }
    lines
}

/// The turns on which British armies arrive, from `fiw rules solitaire`'s list of assumed
/// values (`3.2 army br-3 = British +4, arrives turn 7 when the British are played, …`).
fn british_arrivals() -> Vec<u8> {
    let run = fiw(&["rules", "solitaire"], "");
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    run.stdout
        .lines()
        .filter(|l| l.contains("3.2 army br-") && l.contains("arrives turn"))
        .filter_map(|l| {
            // "arrives turn 7 when the British are played, turn 2 when the French are": the
            // first turn is the British player's
            l.split("arrives turn ")
                .nth(1)?
                .split(|c: char| !c.is_ascii_digit())
                .next()?
                .parse()
                .ok()
        })
        .collect()
}

/// The British AP of each turn, from `fiw rules solitaire`'s Turn Track lines
/// (`5.1 Turn Track, turn 3 (fall 1755) = AP British 0 / French 2; …`), turn 1 first.
fn british_ap() -> Vec<u8> {
    let run = fiw(&["rules", "solitaire"], "");
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    run.stdout
        .lines()
        .filter(|l| l.contains("5.1 Turn Track, turn "))
        .filter_map(|l| {
            l.split("AP British ")
                .nth(1)?
                .split(' ')
                .next()?
                .parse()
                .ok()
        })
        .collect()
}

/// Where `want` first appears in `out`, or a failure that shows `out`.
fn at(out: &str, want: &str) -> usize {
    out.find(want)
        .unwrap_or_else(|| panic!("no '{want}' in:\n{out}"))
}

#[test]
fn the_bot_charts_show_at_the_prompt_and_in_the_rules() {
    let run = fiw(&["rules", "solitaire", "7.1"], "");
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let out = &run.stdout;
    at(out, "7.1  BOT Action Charts");
    let french = chart_lines(out, "7.1.1  French BOT Action Chart");
    let british = chart_lines(out, "7.1.2  British BOT Action Chart");
    assert!(at(out, "7.1.1") < at(out, "7.1.2"));
    assert_ne!(french, british);
    assert!(
        !out.contains("8.1  Advance"),
        "only 7.1 and its subsections: {out}"
    );
    // the board at the prompt shows the chart of the BOT the player faces
    let run = fiw(&["play", "solitaire", "--seed", "3"], "board\nquit\n");
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let shown = at(
        &run.stdout,
        "French BOT Action Chart (one die after your actions",
    );
    for line in &french {
        at(&run.stdout[shown..], &format!("  {line}"));
    }
    // `chart` at the prompt: the chart alone, listed in `help`
    let run = fiw(
        &["play", "solitaire", "--side", "french", "--seed", "3"],
        "help\nchart\nquit\n",
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let out = &run.stdout;
    let help = at(out, "the BOT's Action Chart: the line each die face gives");
    let shown = help
        + at(
            &out[help..],
            "British BOT Action Chart (one die after your actions",
        );
    for line in &british {
        at(&out[shown..], &format!("  {line}"));
    }
}

#[test]
fn ending_with_action_points_left_asks_first_and_the_bot_says_why() {
    // both armies placed; turn 1 (the spring of 1755) gives the British one AP: spent, so
    // `end` asks nothing; turn 2: `end` with the turn's two AP unspent: asked; `no` keeps the
    // turn
    let run = fiw(
        &["play", "solitaire", "--seed", "3"],
        "1\n1\n1\nend\nend\nno\nend\nyes\nquit\n",
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let out = &run.stdout;
    let asked = at(
        out,
        "You have 2 action points left, and action points are not saved (7): end your actions anyway? (yes to go on",
    );
    assert!(
        at(out, "| BOT rolls ") < asked,
        "turn 1 ended unasked: {out}"
    );
    let kept = asked + at(&out[asked..], "not done: 'end actions'");
    let rolled = kept + at(&out[kept..], "| BOT rolls ");
    // the BOT's line names its region and says why it acts there
    let line = out[rolled..].lines().next().unwrap();
    let reasons = [
        "nearer its flag towns",
        "nearer your flag towns",
        "its best chance",
        "as near its flag towns",
        "as near your flag towns",
        "as good a chance",
        "whose Indians are not its allies",
        "you control the Atlantic",
        "strongest army",
        "the first region it lists",
        "its flag town (",
        "its action is lost",
    ];
    assert!(reasons.iter().any(|r| line.contains(r)), "{line}");
    // with every AP spent (two on turn 2), `end` asks nothing
    let run = fiw(
        &["play", "solitaire", "--seed", "3"],
        "1\n1\n1\nend\n1\n1\nend\nquit\n",
    );
    assert!(
        !run.stdout.contains("end your actions anyway"),
        "{}",
        run.stdout
    );
    at(&run.stdout, "| BOT rolls ");
}

#[test]
fn armies_stay_or_change_places_at_a_new_year() {
    // the British place br-1 in Ohio and br-2 in Mohawk (the first region offered each time),
    // end four turns unspent (placing any arrival in the first free region; a turn without AP
    // passes by itself), and at the new year place that turn's arrivals the same way
    let arriving = british_arrivals();
    assert!(!arriving.is_empty(), "the British get armies later");
    let arrivals = |t: u8| arriving.iter().filter(|&&a| a == t).count();
    let ap = british_ap();
    assert_eq!(ap.len(), 20, "{ap:?}");
    let mut to_new_year = String::from("1\n1\n");
    for t in 1..=4u8 {
        if t > 1 {
            to_new_year += &"1\n".repeat(arrivals(t));
        }
        if ap[usize::from(t) - 1] > 0 {
            to_new_year += "end\nyes\n";
        }
    }
    to_new_year += &"1\n".repeat(arrivals(5));
    // staying: nothing to re-place, one word
    let run = fiw(
        &["play", "solitaire", "--seed", "3"],
        &format!("{to_new_year}stay\nboard\nquit\n"),
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let out = &run.stdout;
    let offered = at(
        out,
        "Your armies may relocate (6): br-1 in Ohio, br-2 in Mohawk",
    );
    let stayed = at(out, "Your armies stay where they stand (6).");
    assert!(offered < stayed, "{out}");
    assert!(
        !out.contains("not understood"),
        "every line typed was a move: {out}"
    );
    assert!(
        out.contains("relocate br-1 mohawk"),
        "the menu offers moves: {out}"
    );
    at(&out[stayed..], "army br-1 +1");
    // changing places: br-1 into Mohawk sends br-2 to Ohio; then stay
    let run = fiw(
        &["play", "solitaire", "--seed", "3"],
        &format!("{to_new_year}relocate br-1 mohawk\nrelocate br-1 hudson\nstay\nquit\n"),
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let out = &run.stdout;
    at(
        out,
        "br-1 relocates from Ohio to Mohawk; br-2 goes to Ohio in its place (6).",
    );
    at(
        out,
        "not allowed: rule 6: br-1 has relocated already this year",
    );
    at(
        out,
        "The relocations are done; every other army stays where it stands (6).",
    );
}

#[test]
fn sim_reports_sudden_deaths_the_atlantic_point_and_attacks() {
    let args = [
        "sim",
        "solitaire",
        "--games",
        "200",
        "--threads",
        "1",
        "--seat",
        "player=heuristic",
    ];
    let run = fiw(&args, "");
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let out = &run.stdout;
    at(out, "player's wins by sudden death: ");
    at(
        out,
        "games the single Atlantic point decided (another winner without it): ",
    );
    at(out, "attacks on towns a game: player ");
    at(
        out,
        "BOT sudden-death wins by the season of the BOT turn that won them: spring ",
    );
    at(out, "games with a militia reduced or an army cut off: ");
    at(out, "restore played in ");
    at(
        out,
        "BOT turns whose six faces lead to three or more different actions",
    );
    let mut json = args.to_vec();
    json.push("--json");
    let run = fiw(&json, "");
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let v: Value = serde_json::from_str(run.stdout.trim()).expect("one JSON object");
    for m in ["atlantic_decides", "player_attacks", "bot_attacks"] {
        let x = v["means"][m].as_f64().unwrap_or(-1.0);
        assert!(x >= 0.0, "{m}: {v}");
    }
    assert!(v["means"]["atlantic_decides"].as_f64().unwrap() <= 1.0);
    assert!(
        v["means"]["bot_attacks"].as_f64().unwrap() > 0.0,
        "the BOT attacks: {v}"
    );
}

/// Issue 11 item 29: with `--dice manual` every roll is asked for in the rule's words (an
/// attack with its modifiers, the BOT's chart die, then the die of the line it carries out); a
/// wrong face is asked again; the save keeps the answers and replays exactly.
#[test]
fn manual_dice_ask_in_the_rules_words_and_the_save_replays() {
    let save = common::temp("solitaire-manual");
    let input = [
        "1",             // br-1 to Ohio
        "1",             // br-2 to Mohawk
        "attack mohawk", // turn 1: the British player's one AP (5.1)
        "9",             // not a face: asked again
        "4",             // +2 −1 = +1: 5 advances
        "end",
        "3", // the BOT's chart die
        "1", // the die of its line: a natural 1 fails whatever it is
        "quit",
    ]
    .join("\n")
        + "\n";
    let run = fiw(
        &[
            "play",
            "solitaire",
            "--dice",
            "manual",
            "--save",
            common::path(&save),
        ],
        &input,
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let out = &run.stdout;
    let attack = at(
        out,
        "The British attack Ft. Frontenac (Mohawk) from Oneida (8): one die, +2 army, −1 \
         fortified town; a modified 4 or more advances, a natural 1 never, a natural 6 always: \
         type the die (1 to 6)",
    );
    let refused = at(out, "'9' is not a face of the die: each die shows 1 to 6");
    let advanced = at(
        out,
        "die 4, +2 army, −1 fortified town = 5: advance into Ft. Frontenac",
    );
    let chart = advanced
        + at(
            &out[advanced..],
            "BOT rolls for its action on the French BOT Action Chart (7.1): one die, line 1 to 6: \
             type the die (1 to 6)",
        );
    let rolled = chart
        + at(
            &out[chart..],
            "| BOT rolls 3 on the French BOT Action Chart",
        );
    assert!(attack < refused && refused < advanced && advanced < chart && chart < rolled);
    // the line's own die was asked for between the chart die and the log of the turn
    let second = &out[chart..rolled];
    assert_eq!(
        second.matches(": type the die (1 to 6)").count(),
        2,
        "{second}"
    );
    let text = std::fs::read_to_string(&save).expect("the game was saved");
    let saved: Value = serde_json::from_str(&text).expect("the save is JSON");
    let answers: Vec<u64> = saved["manual_dice"]
        .as_array()
        .expect("the answers are kept")
        .iter()
        .filter_map(Value::as_u64)
        .collect();
    assert_eq!(answers, [4, 3, 1]);
    let replay = fiw(&["replay", common::path(&save)], "");
    assert_eq!(replay.code, 0, "{}", replay.stderr);
    at(&replay.stdout, "replay verified");
    let _ = std::fs::remove_file(save);
}

/// A game played to its end at the prompt: every turn placements and relocations taken as
/// offered, the actions ended at once (the audit's commands, as a person types them).
fn to_the_end() -> String {
    "1\nstay\nend\nyes\n".repeat(120)
}

/// 2026-12-01 #18: at game over the board is shown as the BOT's last action left it, before the
/// outcome.
#[test]
fn f18_the_board_after_the_bots_last_action_is_shown_at_game_over() {
    let run = fiw(&["play", "solitaire", "--seed", "3"], &to_the_end());
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let out = &run.stdout;
    let over = at(out, "game over after ");
    let last_roll = out.rfind("| BOT rolls ").expect("the BOT rolled");
    let board = out[..over]
        .rfind("The game is over")
        .unwrap_or_else(|| panic!("no final board before the outcome:\n{}", &out[last_roll..]));
    assert!(last_roll < board, "{}", &out[last_roll..]);
}

/// 2026-12-01 #18: `+2` at the prompt is not choice 2 (Rust reads "+2" as the number 2).
#[test]
fn f18_plus_2_is_not_taken_as_choice_2() {
    let run = fiw(&["play", "solitaire", "--seed", "3"], "+2\nboard\nquit\n");
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert!(
        !run.stdout.contains("takes the field in"),
        "'+2' placed an army: {}",
        run.stdout
    );
}

/// 2026-12-01 #17: a save an editor wrote with a UTF-8 byte-order mark is read; a save whose
/// digest was altered is refused without printing the digest its actions reach (which would
/// let the edit be made to pass).
#[test]
fn f17_a_save_with_a_byte_order_mark_is_read_and_the_digest_error_keeps_the_true_digest() {
    let save = common::temp("solitaire-bom");
    let run = fiw(
        &[
            "play",
            "solitaire",
            "--seat",
            "player=heuristic",
            "--seed",
            "3",
            "--save",
            common::path(&save),
        ],
        "",
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let text = std::fs::read_to_string(&save).unwrap();
    std::fs::write(&save, format!("\u{feff}{text}")).unwrap();
    let replay = fiw(&["replay", common::path(&save)], "");
    assert_eq!(
        replay.code, 0,
        "a BOM is not part of the save: {}",
        replay.stderr
    );
    at(&replay.stdout, "replay verified");
    let v: Value = serde_json::from_str(&text).unwrap();
    let digest = v["digest"].as_str().unwrap().to_string();
    let forged = text.replacen(&digest, "000000000000000000000000", 1);
    std::fs::write(&save, forged).unwrap();
    let replay = fiw(&["replay", common::path(&save)], "");
    assert_ne!(replay.code, 0, "{}", replay.stderr);
    assert!(
        replay.stderr.contains("altered or truncated"),
        "{}",
        replay.stderr
    );
    assert!(
        !replay.stderr.contains(&digest) && !replay.stdout.contains(&digest),
        "the true digest is printed: {}",
        replay.stderr
    );
    let _ = std::fs::remove_file(save);
}

/// `fiw` with `FIW_SOLITAIRE_DATA` set to `dir`.
fn fiw_with_data(dir: &std::path::Path, args: &[&str]) -> common::Run {
    common::fiw_with_env(&[("FIW_SOLITAIRE_DATA", dir)], args, "")
}

/// 2026-12-01 #11: `fiw` plays corrected data files without touching code: a Turn Track of 24
/// turns (a 1759 campaign added) in the folder `FIW_SOLITAIRE_DATA` names is played to its end,
/// and a broken one is refused with one line naming the file and the field.
#[test]
fn f11_fiw_plays_the_data_files_fiw_solitaire_data_names() {
    let dir = std::env::temp_dir().join(format!("fiw-cli-test-data-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = include_str!("../../solitaire/data/turn_track.toml");
    let turns: Vec<&str> = good.split("[[turn]]").skip(1).collect();
    let mut track = good.to_string();
    for (i, t) in turns[turns.len() - 4..].iter().enumerate() {
        track += "[[turn]]";
        track += &t
            .replacen(
                &format!("turn = {}", 17 + i),
                &format!("turn = {}", 21 + i),
                1,
            )
            .replacen("year = 1759", "year = 1760", 1);
    }
    std::fs::write(dir.join("turn_track.toml"), &track).unwrap();
    let run = fiw_with_data(
        &dir,
        &[
            "sim",
            "solitaire",
            "--games",
            "20",
            "--threads",
            "1",
            "--seat",
            "player=heuristic",
        ],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    at(&run.stdout, "on points after turn 24: ");
    std::fs::write(
        dir.join("turn_track.toml"),
        track.replacen("season = \"fall\"", "season = \"autumn\"", 1),
    )
    .unwrap();
    let run = fiw_with_data(&dir, &["play", "solitaire", "--seat", "player=random"]);
    assert_eq!(run.code, 2, "{}", run.stdout);
    let line = run.stderr.trim();
    assert!(
        !line.contains('\n')
            && line.contains("turn_track.toml")
            && line.contains("turn 3 field season"),
        "{line}"
    );
    let _ = std::fs::remove_dir_all(dir);
}
