//! End-to-end tests of `fiw play louisbourg` at the prompt: the grouped landing-plan menu and
//! typed plans, `map` and `card NAME`, ships used for a landing, open play (`--open`), and
//! manual dice (a real table's dice and cards, refereed by fiw).

use std::io::Write;
use std::process::{Command, Stdio};

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Runs `fiw` with `args`, feeding `input` on stdin; games people play are autosaved in a
/// directory of this test run, never the user's own.
fn fiw(args: &[&str], input: &str) -> Run {
    let state = std::env::temp_dir().join(format!("fiw-louisbourg-test-{}", std::process::id()));
    let mut child = Command::new(env!("CARGO_BIN_EXE_fiw"))
        .args(args)
        .env("FIW_STATE_DIR", state)
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

/// The British against a random French, with `input` typed at the British prompt.
fn british(input: &str) -> Run {
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
    assert!(!run.stdout.contains("panicked"), "{}", run.stdout);
    run
}

/// 7: the 64 landing plans are shown one line per number landing at Kennington Cove, so the
/// board stays on the screen; `moves` lists one line's plans, and a plan may be typed, every
/// site named (a partial plan is refused: issue 38).
#[test]
fn the_landing_plan_menu_is_grouped_and_a_plan_may_be_typed() {
    let run = british(
        "moves kennington-cove=6\nplan flat-point=4\nplan flat-point=4 white-point=2 kennington-cove=0\nquit\n",
    );
    let out = &run.stdout;
    assert!(out.contains("64 choices, by group"), "{out}");
    let first_menu = &out[..out.find("moves kennington-cove=6").unwrap_or(out.len())];
    assert!(
        first_menu.matches("plan kennington-cove=").count() <= 2,
        "the menu lists every plan: {first_menu}"
    );
    assert!(out.contains("kennington-cove=3"), "{out}");
    // moves lists the one plan landing all six at Kennington Cove, with its number
    assert!(
        out.contains(". plan kennington-cove=6 flat-point=0 white-point=0"),
        "{out}"
    );
    assert!(
        out.contains("the plan names every site, 0 included (7): kennington-cove is missing"),
        "a partial plan is refused: {out}"
    );
    assert!(
        out.contains("Your landing plan: Kennington Cove 0, Flat Point 4, White Point 2"),
        "the typed plan was taken: {out}"
    );
}

/// `map` prints every location's roads with their kind and limit; `card NAME` a card in full.
#[test]
fn map_and_card_answer_at_the_prompt() {
    let run = british(
        "help\nmap\ncard thick walls\ncard Island Battery – Bombardment\ncard fog of war\nquit\n",
    );
    let out = &run.stdout;
    assert!(
        out.contains("map ") && out.contains("card NAME"),
        "help lists them: {out}"
    );
    assert!(
        out.contains("White Point (white-point), on Gabarus Bay"),
        "{out}"
    );
    assert!(
        out.contains("dotted road  to Black Rock") && out.contains("4 units a move"),
        "{out}"
    );
    assert!(out.contains("solid  road  to Flat Point"), "{out}");
    assert!(out.contains("road* to"), "assumed roads are marked: {out}");
    assert!(out.contains("Thick Walls (thick-walls)"), "{out}");
    assert!(out.contains("HOUSE CARD"), "{out}");
    assert!(
        out.contains("enemy bombardments this turn at −1 DRM"),
        "the whole effect: {out}"
    );
    assert!(out.contains("printed in the rulebook (6.1)"), "{out}");
    assert!(out.contains("no card is called 'fog of war'"), "{out}");
}

/// 8.3.3: after the turn-1 landing the ships that carried the troops show as used, defending
/// at 1 SP against ships for the rest of the turn.
#[test]
fn ships_used_for_the_landing_show_as_used() {
    // with seed 3 the British hold a bombardment card on turn 1, so they pass a bombardment
    // prompt first; `show` comes while the landing is under way
    let run =
        british("plan kennington-cove=0 flat-point=4 white-point=0\npass\nland\n1\nshow\nquit\n");
    let out = &run.stdout;
    assert!(
        out.contains("br-ship-1…4 4/4 used (defends at 1)"),
        "four ships used: {out}"
    );
    assert!(out.contains("br-ship-5…6 4/4"), "{out}");
}

/// 14 open play: one person plays both sides with every block face up, so the screen is
/// never passed and the British see the French blocks' type and SP.
#[test]
fn open_play_shows_every_block_and_passes_no_screen() {
    let run = fiw(
        &["play", "louisbourg", "--seed", "4", "--open"],
        "plan kennington-cove=0 flat-point=4 white-point=2\nsolitaire-setup\nshow\nquit\n",
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let out = &run.stdout;
    assert!(!out.contains("Pass the screen"), "{out}");
    assert!(out.contains("french to decide"), "{out}");
    assert!(
        out.contains("regular 4") && !out.contains("hidden block"),
        "the British see the French regulars: {out}"
    );
    // without --open the French set-up is hidden
    let run = fiw(
        &[
            "play",
            "louisbourg",
            "--seed",
            "4",
            "--seat",
            "french=random",
        ],
        "plan kennington-cove=0 flat-point=4 white-point=2\nshow\nquit\n",
    );
    assert!(!run.stdout.contains("regular 4"), "{}", run.stdout);
}

/// Issue 11 item 29: with `--dice manual` every roll is asked for in the rule's words and every
/// card drawn is typed by its title (the cards left in the deck are checked, never listed); a
/// wrong entry is asked again, and the save keeps the answers so that it replays exactly.
#[test]
fn manual_dice_ask_in_the_rules_words_and_the_save_replays() {
    let file =
        std::env::temp_dir().join(format!("fiw-louisbourg-manual-{}.json", std::process::id()));
    let save = file.to_str().expect("temp paths are UTF-8");
    let input = [
        "plan kennington-cove=4 flat-point=0 white-point=0",
        "6", // the solitaire set-up die: no adjustment (14)
        // the deal, two each, then the turn-1 draws; a card already drawn is refused
        "Roads Across the Bog",
        "Heavy Seas",
        "Roads Across the Bog",
        "Drilled at Halifax",
        "Sortie from the Gates",
        "Wolfe's March Round the Harbor",
        "interior lines",
        "land",
        "1",
        "1",
        "1",
        "1",
        "6 6", // nine dice are wanted
        "1 1 1 1 1 1 1 1 1",
        "1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1",
        "quit",
    ]
    .join("\n")
        + "\n";
    let run = fiw(
        &[
            "play",
            "louisbourg",
            "--dice",
            "manual",
            "--solitaire-setup",
            "--seat",
            "french=random",
            // the random French seat's choices follow the seed: without one it could play a card
            // of its hand (then shown, as played) and the check of the hand below would fail
            "--seed",
            "1",
            "--save",
            save,
        ],
        &input,
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let out = &run.stdout;
    for asked in [
        "The solitaire set-up (14): one die for the adjustment of the French set-up: type the \
         die (1 to 6)",
        "The British draw a card from the deck (6.1; an Attrition card with its flag, e.g. \
         Attrition (French)): type the card drawn, by its name",
        "The French draw a card from the deck (6.1;",
        "'Roads Across the Bog' is not a card still in the deck",
        "The French fire 9 dice at Kennington Cove (round 1, 9.2), hitting on 4, 5 or 6: type \
         the 9 dice (1 to 6 each)",
        "type 9 dice (1 to 6), got 2",
        "The British fire 16 dice at Kennington Cove (round 1, 9.2), hitting on 6: type the 16 \
         dice",
        "You draw: Drilled at Halifax (drilled-at-halifax)",
        "You draw: Wolfe's March Round the Harbor (wolfe-march)",
    ] {
        assert!(out.contains(asked), "missing '{asked}' in: {out}");
    }
    // the British screen never shows the French hand, nor the cards still in the deck
    for hidden in [
        "Heavy Seas",
        "Sortie from the Gates",
        "Interior Lines",
        "Hot Shot",
    ] {
        assert!(!out.contains(hidden), "'{hidden}' shown: {out}");
    }
    let text = std::fs::read_to_string(&file).expect("the game was saved");
    let saved: serde_json::Value = serde_json::from_str(&text).expect("the save is JSON");
    let answers: Vec<u64> = saved["manual_dice"]
        .as_array()
        .expect("the answers are kept")
        .iter()
        .filter_map(|v| v.as_u64())
        .collect();
    // the die, six cards, nine and sixteen dice
    assert_eq!(answers.len(), 1 + 6 + 9 + 16, "{answers:?}");
    assert_eq!(answers[0], 6);
    let replay = fiw(&["replay", save], "");
    assert_eq!(replay.code, 0, "{}", replay.stderr);
    assert!(
        replay.stdout.contains("replay verified"),
        "{}",
        replay.stdout
    );
    let _ = std::fs::remove_file(file);
}
