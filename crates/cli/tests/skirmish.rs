//! End-to-end tests of `fiw` for the skirmish rules: every scenario played to its end by the
//! computer generals (with the drawing and a save that replays), the prompt refusing an order
//! by its rule, `fiw rules skirmish` listing every section and the assumed values of the three
//! scenarios, `fiw sim skirmish --json`, and bad set-ups refused in one line.

use crate::common;

use common::*;
use serde_json::Value;

#[test]
fn every_scenario_plays_to_its_end_with_a_drawing_and_a_save_that_replays() {
    for (k, scenario) in ["relief-column", "raid", "siege-sortie"].iter().enumerate() {
        let save = temp(&format!("skirmish-{scenario}"));
        let svg = temp(&format!("skirmish-{scenario}")).with_extension("svg");
        let seed = (7 + k).to_string();
        let run = fiw(
            &[
                "play",
                "skirmish",
                "--scenario",
                scenario,
                "--seat",
                "british=heuristic",
                "--seat",
                "french=heuristic",
                "--seed",
                &seed,
                "--save",
                path(&save),
                "--svg",
                path(&svg),
            ],
            "",
        );
        assert_eq!(run.code, 0, "{scenario}: {}", run.stderr);
        assert!(
            run.stdout.contains("game over"),
            "{scenario}: {}",
            run.stdout
        );
        let drawing = std::fs::read_to_string(&svg).unwrap();
        assert!(drawing.starts_with("<svg"), "{scenario}");
        assert!(drawing.trim_end().ends_with("</svg>"), "{scenario}");
        let replay = fiw(&["replay", path(&save)], "");
        assert_eq!(replay.code, 0, "{scenario}: {}", replay.stderr);
        assert!(replay.stdout.contains("replay verified"), "{scenario}");
        let _ = std::fs::remove_file(&save);
        let _ = std::fs::remove_file(&svg);
    }
}

#[test]
fn the_prompt_takes_orders_and_refuses_one_by_its_rule() {
    let dir = std::env::temp_dir().join(format!("fiw-skirmish-prompt-{}", std::process::id()));
    let run = fiw_in(
        &dir,
        &["play", "skirmish", "--seat", "french=heuristic"],
        "why set br-line-a at 10,16\nready\ndeploy br-rangers at 56,26\nwhy activate fr-cdb\nshow\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    // S1 the Relief Column's set-up comes first: a place beyond the farm is refused by it
    assert!(
        run.stdout
            .contains("rule S1: 10,14.1 is beyond where the set-up may go"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("br-rangers deploys hidden at 56.0,26.0 (7.7)"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("rule 7.7: the British deploy their hidden units first"),
        "{}",
        run.stdout
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_rules_list_every_section_and_the_assumed_values_of_each_scenario() {
    let run = fiw(&["rules", "skirmish"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    for section in [
        "1.1", "2.1", "3.2", "4.4", "5.8", "6.3", "7.8", "8.5", "9.5", "10.7", "11.3", "12.5",
        "13.2", "S1", "S2", "S3",
    ] {
        assert!(
            run.stdout
                .lines()
                .any(|l| l.starts_with(&format!("{section}  "))),
            "{section}"
        );
    }
    for scenario in ["Relief Column", "Raid", "Siege Sortie"] {
        assert!(
            run.stdout
                .lines()
                .any(|l| l.trim_start().starts_with(scenario)),
            "no assumed value of {scenario}"
        );
    }
    let one = fiw(&["rules", "skirmish", "9.4"], "");
    assert_eq!(one.code, 0, "{}", one.stderr);
    assert!(one.stdout.contains("Breaching"), "{}", one.stdout);
}

#[test]
fn sim_reports_every_seat_in_json() {
    let run = fiw(
        &[
            "sim",
            "skirmish",
            "--scenario",
            "siege-sortie",
            "--games",
            "2",
            "--threads",
            "1",
            "--seat",
            "british=heuristic",
            "--seat",
            "french=heuristic",
            "--json",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["games"], 2);
    assert_eq!(v["scenario"], "siege-sortie");
    let wins = &v["wins"];
    let total: u64 = ["british", "french", "draw"]
        .iter()
        .map(|k| wins[k].as_u64().expect(k))
        .sum();
    assert_eq!(total, 2);
    assert!(v["means"]["french_lost"].is_number());
}

#[test]
fn bad_set_ups_are_refused_in_one_line() {
    for (args, what) in [
        (
            vec!["play", "skirmish", "--scenario", "nowhere"],
            "unknown scenario",
        ),
        (
            vec!["sim", "skirmish", "--side", "british", "--games", "1"],
            "--side",
        ),
        (
            vec!["play", "skirmish", "--scenario", "/dev/zero"],
            "larger than",
        ),
    ] {
        let run = fiw(&args, "");
        assert_bad_input(&run, what);
        assert!(run.stderr.contains(what), "{what}: {}", run.stderr);
    }
}

/// Audit L10: `fiw play --help` (and `fiw sim --help`) name skirmish's default scenario and say
/// that `--svg` draws a skirmish table too; at the prompt `help` lists `orders`, which gives
/// every order's form, what it does and its rule, and names `--svg`. An order typed after it
/// is still taken as an order.
#[test]
fn l10_the_help_texts_name_skirmish_and_list_its_orders() {
    // clap joins and wraps the doc lines: compare with the spaces folded
    let folded = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    for command in ["play", "sim"] {
        let run = fiw(&[command, "--help"], "");
        assert_eq!(run.code, 0, "{command}: {}", run.stderr);
        let text = folded(&run.stdout);
        assert!(
            text.contains("(default: d3 fort-oswego, skirmish relief-column)"),
            "{command} --help: {text}"
        );
        assert!(
            !text.contains("(default: fort-oswego)"),
            "{command}: {text}"
        );
    }
    let text = folded(&fiw(&["play", "--help"], "").stdout);
    assert!(
        text.contains("--svg <FILE.svg> D3 and skirmish: keep an SVG drawing of the table"),
        "{text}"
    );

    let run = fiw(
        &["play", "skirmish", "--scenario", "raid", "--seed", "3"],
        "help\norders\nwhy pass\nquit\nyes\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &run.stdout;
    let help = out.find("Commands:").expect("help answers");
    assert!(
        out[help..].contains("\n  orders "),
        "help lists `orders`: {out}"
    );
    let orders = out
        .find("Orders (the menu lists")
        .expect("`orders` answers");
    let listing = &out[orders..];
    for line in [
        "  activate UNIT              2.1 ",
        "  fire at UNIT | fire half at UNIT then move\n",
        "  charge UNIT [firing]       6.1 ",
        "  step INCHES at BEARING     5.4 ",
        "  send UNIT.N to UNIT        4.1 ",
        "  react stand|hold|fire-retreat|retreat|counter\n",
        "  breach BUILDING at X,Y     9.4 ",
    ] {
        assert!(listing.contains(line), "no '{line}' in: {listing}");
    }
    assert!(
        listing.contains("fiw play skirmish --svg FILE"),
        "{listing}"
    );
    // `orders` took no order's word: `why pass` is still asked of the rules
    assert!(!out.contains("pass: nothing to show"), "{out}");
    assert!(
        !out.contains("not understood: 'why pass'"),
        "why pass is answered: {out}"
    );
}
