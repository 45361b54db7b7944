//! End-to-end tests of `fiw` for French & Indian War: Solitaire at the prompt: the BOT's charts
//! on the board and in `fiw rules`, the BOT saying why it acts where it does, the question
//! before ending the actions with AP left, armies that stay (or change places) at a new year,
//! and the figures `fiw sim` reports.

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Runs `fiw` with `args`, feeding `input` on stdin.
fn fiw(args: &[&str], input: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fiw"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the fiw binary starts");
    {
        let mut stdin = child.stdin.take().expect("stdin is piped");
        // The program may exit before reading everything (bad usage); that is not a failure.
        let _ = stdin.write_all(input.as_bytes());
    }
    let out = child.wait_with_output().expect("fiw runs to the end");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Where `want` first appears in `out`, or a failure that shows `out`.
fn at(out: &str, want: &str) -> usize {
    out.find(want)
        .unwrap_or_else(|| panic!("no '{want}' in:\n{out}"))
}

#[test]
fn the_bot_charts_show_at_the_prompt_and_in_the_rules() {
    let charts = fiw_solitaire::charts::charts();
    let run = fiw(&["rules", "solitaire", "7.1"], "");
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let out = &run.stdout;
    at(out, "7.1  BOT Action Charts");
    let french = at(out, "7.1.1  French BOT Action Chart");
    let british = at(out, "7.1.2  British BOT Action Chart");
    assert!(french < british);
    for side in [fiw_solitaire::Side::French, fiw_solitaire::Side::British] {
        for roll in 1..=6 {
            let line = charts.line(side, roll);
            at(out, &format!("    {roll}  {}", line.describe()));
        }
    }
    assert!(
        !out.contains("8.1  Advance"),
        "only 7.1 and its subsections: {out}"
    );
    // the board at the prompt shows the chart of the BOT the player faces
    let run = fiw(&["play", "solitaire", "--seed", "3"], "board\nquit\n");
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let out = &run.stdout;
    at(out, "French BOT Action Chart (one die after your actions");
    for roll in 1..=6 {
        let line = charts.line(fiw_solitaire::Side::French, roll);
        at(out, &format!("  {roll}  {}", line.describe()));
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
    for roll in 1..=6 {
        let line = charts.line(fiw_solitaire::Side::British, roll);
        at(&out[shown..], &format!("  {roll}  {}", line.describe()));
    }
}

#[test]
fn ending_with_action_points_left_asks_first_and_the_bot_says_why() {
    // both armies placed, then `end` with the turn's AP unspent: asked; `no` keeps the turn
    let run = fiw(
        &["play", "solitaire", "--seed", "3"],
        "1\n1\nend\nno\nend\nyes\nquit\n",
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let out = &run.stdout;
    let asked = at(
        out,
        "You have 1 action point left, and action points are not saved (7): end your actions anyway? (yes to go on",
    );
    let kept = at(out, "not done: 'end actions'");
    let rolled = at(out, "| BOT rolls ");
    assert!(asked < kept && kept < rolled, "{out}");
    // the BOT's line names its region and says why it acts there
    let line = out[rolled..].lines().next().unwrap();
    let reasons = [
        "nearer its flag towns",
        "nearer your flag towns",
        "its best chance",
        "whose Indians are not its allies",
        "you control the Atlantic",
        "strongest army",
        "the first region it lists",
        "its action is lost",
    ];
    assert!(reasons.iter().any(|r| line.contains(r)), "{line}");
    // with every AP spent, `end` asks nothing
    let run = fiw(
        &["play", "solitaire", "--seed", "3"],
        "1\n1\n1\nend\nquit\n",
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
    use fiw_solitaire::armies::armies;
    // the British place br-1 in Ohio and br-2 in Mohawk (the first region offered each time),
    // end four turns unspent (placing any arrival in the first free region), and at the new
    // year place that turn's arrivals the same way
    let arrivals = |t: u8| {
        armies()
            .list
            .iter()
            .filter(|a| a.side == fiw_solitaire::Side::British && a.arrives == t)
            .count()
    };
    let mut to_new_year = String::from("1\n1\n");
    for t in 1..=4u8 {
        if t > 1 {
            to_new_year += &"1\n".repeat(arrivals(t));
        }
        to_new_year += "end\nyes\n";
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
