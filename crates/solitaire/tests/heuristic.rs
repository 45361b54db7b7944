//! The heuristic player: it reads only its view, plays only legal actions, and beats random
//! play by a wide margin from each side (fixed seeds, so the figures are exact, not sampled
//! anew on each run).

use fiw_engine::{simulate, Game, Policy, RandomPolicy, Seen, SimOptions};
use fiw_solitaire::heuristic::{after_bot, evaluate, worth};
use fiw_solitaire::{Action, Board, Options, Side, Solitaire, Step, PLAYER};

fn win_rate(side: Side, heuristic: bool) -> f64 {
    let sim = SimOptions {
        games: 2_000,
        seed: 11,
        threads: 1,
        progress: false,
    };
    let r = simulate::<Solitaire, _>(
        &Options {
            side,
            ..Default::default()
        },
        &sim,
        |s| {
            let player: Box<dyn Policy<Solitaire>> = if heuristic {
                Solitaire::heuristic_policy(s).unwrap()
            } else {
                Box::new(RandomPolicy::new(s))
            };
            vec![player, Box::new(RandomPolicy::new(0))]
        },
    )
    .unwrap();
    r.wins["player"] as f64 / r.games as f64
}

#[test]
fn the_heuristic_beats_random_play_from_each_side() {
    for side in [Side::British, Side::French] {
        let (h, r) = (win_rate(side, true), win_rate(side, false));
        assert!(
            h > r + 0.25,
            "{}: heuristic {h:.3}, random {r:.3}",
            side.id()
        );
        assert!(
            (0.4..=0.6).contains(&h),
            "{}: the tables are balanced for the heuristic: {h:.3}",
            side.id()
        );
    }
}

#[test]
fn an_advance_is_worth_more_than_standing_and_the_heuristic_spends_its_points() {
    let mut b = Board::start(Side::British);
    b.step = Step::Actions;
    b.ap = 2;
    b.turn = 2;
    let now = evaluate(&b);
    let mut on = b;
    on.advance(0, Side::British);
    assert!(evaluate(&on) > now);
    // judged after the BOT's turn, an attack is worth more than ending the actions now
    assert!(worth(&b, Action::Attack(0)) > after_bot(&b));
    let mut g = Solitaire::arranged(b, 3).unwrap();
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    let mut h = Solitaire::heuristic_policy(1).unwrap();
    let pick = legal[h.choose(&Seen::new(&g, PLAYER), &legal)];
    assert_ne!(
        pick,
        Action::EndActions,
        "with AP left and useful actions, it acts"
    );
    g.apply(pick).unwrap();
}
