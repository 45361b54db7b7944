//! Issue 11 item 29: fiw as the referee of a game on a real table. With manual dice every roll
//! is asked for in the rule's words before it is rolled (the BOT's chart die, each attack with
//! its modifiers named, the Ocean Control marker, the Indians), the answers are used as rolled,
//! and the dice keep them so that the game replays exactly. Solitaire draws no cards.

use fiw_engine::{apply_asking, Ask, Dice, Game, Need};
use fiw_solitaire::{Action, Board, Indians, Options, Side, Solitaire, Step};

/// Applies `action` as the table's referee does: while it needs a roll, the next of `answers`
/// is read against the need and queued. Returns what was asked, in order.
fn referee(g: &mut Solitaire, action: Action, answers: &mut Vec<&str>) -> Vec<Need> {
    let mut asked = Vec::new();
    while let Some(need) = apply_asking(g, action).unwrap_or_else(|e| panic!("{action:?}: {e}")) {
        assert!(!answers.is_empty(), "nothing left to answer {need:?}");
        let typed = answers.remove(0);
        let values = need
            .read(typed)
            .unwrap_or_else(|e| panic!("'{typed}' for {}: {e}", need.label));
        g.dice_mut().expect("solitaire rolls dice").force(values);
        asked.push(need);
    }
    asked
}

fn labels(asked: &[Need]) -> Vec<&str> {
    asked.iter().map(|n| n.label.as_str()).collect()
}

/// A manual-dice game of the British after the set-up (br-1 in Ohio, br-2 in Hudson), on a
/// turn the Turn Track gives `turn`, with `ap` action points.
fn manual_game(turn: u8, ap: u8) -> Solitaire {
    let mut g = Solitaire::with_dice(
        &Options {
            side: Side::British,
            ..Default::default()
        },
        Dice::manual(5, &[]),
    )
    .unwrap();
    for place in ["place br-1 ohio", "place br-2 hudson"] {
        assert!(referee(&mut g, Action::parse(place).unwrap(), &mut vec![]).is_empty());
    }
    let mut b: Board = *g.board();
    b.turn = turn;
    b.step = Step::Actions;
    b.ap = ap;
    let mut a = Solitaire::arranged(b, 5).unwrap();
    *a.dice_mut().unwrap() = Dice::manual(5, &[]);
    a
}

/// 7.1, 8, 9: an attack names its town, its modifiers and the chart; the Ocean attack its
/// numbers; ending the actions asks for the BOT's chart die, then the die of the line it
/// carries out. Each answer is used as rolled.
#[test]
fn every_roll_is_asked_for_in_the_rules_words_7_1_8_9_10() {
    // turn 1, so that the next turn has AP and the BOT rolls once (a turn without AP would
    // end at once and the BOT roll again)
    let mut g = manual_game(1, 2);
    // the +2 army against Ft. Carillon (fortified), the Hudson Indians allied to the French:
    // +2 −1 −1 = 0, so a 4 advances
    let asked = referee(&mut g, Action::Attack(2), &mut vec!["4"]);
    assert_eq!(
        labels(&asked),
        ["The British attack Ft. Carillon (Hudson) from Ft. William Henry (8): one die, +2 army, \
          −1 fortified town, −1 Indians allied to the defender; a modified 4 or more advances, a \
          natural 1 never, a natural 6 always"]
    );
    assert_eq!(asked[0].ask, Ask::Dice { count: 1, sides: 6 });
    assert_eq!(
        g.board().front[2],
        2,
        "the 4 was used: the British advanced"
    );
    let asked = referee(&mut g, Action::AttackOcean, &mut vec!["3"]);
    assert_eq!(
        labels(&asked),
        ["The British attack the Ocean Control marker (9): one die, 4 to 6 takes control of the \
          Atlantic"]
    );
    assert_eq!(g.board().ocean, Side::French, "a 3 fails");
    // the BOT's die first, then the die of the line the typed face gives (a bad entry is
    // refused by the need itself)
    let chart = Need {
        label: String::new(),
        ask: Ask::Dice { count: 1, sides: 6 },
    };
    assert!(chart.read("7").is_err() && chart.read("1 2").is_err());
    let before = *g.board();
    let roll = (1..=6u8)
        .find(|&r| {
            before
                .bot_choice(r)
                .line
                .is_some_and(|(l, _)| l.action == fiw_solitaire::charts::BotAction::Attack)
        })
        .expect("a campaign turn has a BOT attack");
    let typed = roll.to_string();
    let asked = referee(&mut g, Action::EndActions, &mut vec![&typed, "1"]);
    let l = labels(&asked);
    assert_eq!(l.len(), 2, "{l:?}");
    assert_eq!(
        l[0],
        "BOT rolls for its action on the French BOT Action Chart (7.1): one die, line 1 to 6"
    );
    assert!(l[1].starts_with("The French attack "), "{}", l[1]);
    assert!(l[1].contains("(8): one die, "), "{}", l[1]);
    let log: Vec<String> = g.log().entries().iter().map(|e| e.text.clone()).collect();
    assert!(
        log.iter()
            .any(|t| t.starts_with(&format!("BOT rolls {roll} on the French BOT Action Chart"))),
        "{log:?}"
    );
    // the dice kept every answer, in order
    assert_eq!(g.dice().unwrap().answers(), [4, 3, roll, 1]);
}

/// 10: an influence attempt names the Indians and the numbers; the answers replay the game.
#[test]
fn influence_is_asked_for_and_the_answers_replay_10() {
    let winter = (1..=20u8)
        .find(|&t| {
            fiw_solitaire::turn_track::turn_track()
                .turn(t)
                .allows(Side::British, fiw_solitaire::turn_track::Kind::Influence)
        })
        .unwrap();
    let mut g = manual_game(winter, 1);
    let asked = referee(&mut g, Action::Influence(0), &mut vec!["5"]);
    assert_eq!(
        labels(&asked),
        [
            "The British try to influence the Ohio Indians (10): one die, 4 to 6 moves them one \
          space toward the British"
        ]
    );
    assert_eq!(g.board().indians[0], Indians::Neutral);
    // the same answers on ordinary forced dice give the same game
    let answers = g.dice().unwrap().answers().to_vec();
    let mut again = manual_game(winter, 1);
    again.dice_mut().unwrap().force(answers);
    again.apply(Action::Influence(0)).unwrap();
    assert_eq!(again.board(), g.board());
}
