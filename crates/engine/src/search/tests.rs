use super::*;
use crate::toys::{Pile, PileAction, PileOptions, TicTacToe};
use crate::{play_out, RandomPolicy};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

fn legal_of<G: Game>(g: &G) -> Vec<G::Action> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    v
}

fn decide<G: Game>(ai: &mut IsMcts<G>, g: &G) -> G::Action {
    let legal = legal_of(g);
    let seat = g.to_move().expect("a decision");
    legal[ai.choose(&Seen::new(g, seat), &legal)]
}

fn nim(pile: u8) -> Pile {
    let options = PileOptions {
        start: Some(pile),
        cards: false,
        river: false,
    };
    Pile::new(&options, 1).expect("a pile")
}

fn config(iterations: u32, seed: u64) -> SearchConfig {
    SearchConfig::new(SearchLimits::iterations(iterations), seed)
}

#[test]
fn mcts_takes_the_win_at_tic_tac_toe() {
    // X to move wins at cell 2; O threatens to win at 5.
    let g = TicTacToe::from_rows("XX.|OO.|X..", 0);
    for seed in 0..5 {
        assert_eq!(
            decide(&mut IsMcts::open(config(2000, seed)), &g),
            2,
            "seed {seed}"
        );
    }
    // O to move must block at 2, or X wins next.
    let g = TicTacToe::from_rows("XX.|.O.|...", 1);
    for seed in 0..5 {
        assert_eq!(
            decide(&mut IsMcts::open(config(2000, seed)), &g),
            2,
            "seed {seed}"
        );
    }
}

/// The exact value of a tic-tac-toe position for the seat to move: 1 won, 0 drawn, -1 lost.
fn negamax(g: &TicTacToe) -> i32 {
    if let Some(o) = g.outcome() {
        return if o.winner.is_none() { 0 } else { -1 }; // the last mover won
    }
    legal_of(g)
        .into_iter()
        .map(|a| {
            let mut next = g.clone();
            next.apply_unchecked(a);
            -negamax(&next)
        })
        .max()
        .unwrap_or(0)
}

#[test]
fn mcts_plays_the_best_tic_tac_toe_move() {
    // forced wins by a fork, a draw held only by an edge move, and the empty board (a draw)
    let positions = [
        ("XO.|...|...", 0, 1), // X wins: the centre, then a fork
        ("X..|.O.|..X", 1, 0), // O must take an edge; a corner loses to a fork
        ("X.O|.O.|X..", 0, 1), // X must win now at 3
        ("..X|.O.|X..", 1, 0), // O must take an edge again
        ("...|...|...", 0, 0),
    ];
    for (rows, to_move, value) in positions {
        let g = TicTacToe::from_rows(rows, to_move);
        assert_eq!(negamax(&g), value, "{rows}");
        for seed in 0..3 {
            let a = decide(&mut IsMcts::open(config(20_000, seed)), &g);
            let mut next = g.clone();
            next.apply_unchecked(a);
            assert_eq!(-negamax(&next), value, "{rows}: seed {seed} played {a}");
        }
    }
}

#[test]
fn mcts_finds_the_winning_nim_move() {
    // Nim taking 1 to 3: leave a multiple of 4.
    for (pile, take) in [(7, 3), (6, 2), (5, 1), (13, 1), (11, 3)] {
        for seed in 0..3 {
            let got = decide(&mut IsMcts::open(config(3000, seed)), &nim(pile));
            assert_eq!(got, PileAction::Take(take), "pile {pile}, seed {seed}");
        }
    }
}

#[test]
fn the_analysis_reports_every_root_action() {
    let g = nim(7);
    let legal = legal_of(&g);
    let a = IsMcts::new(config(500, 9)).analyse(&Seen::new(&g, 0), &legal);
    assert_eq!(a.seat, 0);
    assert_eq!(a.iterations, 500);
    assert_eq!(a.actions.len(), legal.len());
    assert_eq!(a.actions.iter().map(|s| s.visits).sum::<u32>(), 500);
    let mut seen: Vec<usize> = a.actions.iter().map(|s| s.index).collect();
    seen.sort();
    assert_eq!(seen, (0..legal.len()).collect::<Vec<_>>());
    for s in &a.actions {
        assert_eq!(legal[s.index], s.action);
        assert!((0.0..=1.0).contains(&s.value));
    }
    assert!(a.actions.windows(2).all(|w| w[0].visits >= w[1].visits));
    let best = a.best().expect("actions");
    assert_eq!(best.action, PileAction::Take(3));
    assert!(best.value > 0.9, "leaving 4 is a sure win: {}", best.value);
}

#[test]
fn ismcts_beats_random_in_nine_games_of_ten() {
    // At this seed ISMCTS wins 188 of 200; a search that reads the other card (`open`) wins
    // about 195. The rest is the die and the random player's lucky card.
    let games = 200u64;
    let mut wins = 0;
    for i in 0..games {
        let seed = crate::game_seed(77, i);
        let mut g = Pile::new(&PileOptions::default(), seed).expect("a pile");
        g.set_logging(false);
        let ai_seat = (i % 2) as usize;
        let mut policies: Vec<Box<dyn Policy<Pile>>> = vec![
            Box::new(RandomPolicy::new(seed)),
            Box::new(RandomPolicy::new(seed)),
        ];
        policies[ai_seat] = Box::new(IsMcts::new(config(1000, seed)));
        play_out(&mut g, &mut policies, 10_000).expect("the game ends");
        if g.outcome().and_then(|o| o.winner) == Some(ai_seat) {
            wins += 1;
        }
    }
    assert!(wins * 10 >= games * 9, "ISMCTS won {wins} of {games}");
}

#[test]
fn same_seed_same_search() {
    let g = Pile::new(&PileOptions::default(), 5).expect("a pile");
    let legal = legal_of(&g);
    let run = |seed| IsMcts::new(config(1500, seed)).analyse(&Seen::new(&g, 0), &legal);
    let (a, b) = (run(11), run(11));
    assert_eq!((a.actions, a.nodes), (b.actions, b.nodes));
    // and one policy asked twice in the same position answers the same (a hint is the move)
    let mut ai = IsMcts::new(config(1500, 11));
    let first = ai.analyse(&Seen::new(&g, 0), &legal);
    let again = ai.analyse(&Seen::new(&g, 0), &legal);
    assert_eq!(first.actions, again.actions);
}

/// Two positions seat 0 cannot tell apart: the other seat's card and the dice to come differ.
fn twins() -> (Pile, Pile) {
    let options = PileOptions {
        start: Some(11),
        cards: true,
        river: true,
    };
    let mut a = Pile::new(&options, 21).expect("a pile");
    a.cards = [5, 4];
    let mut b = Pile::new(&options, 22).expect("a pile");
    b.cards = [5, 6];
    assert_eq!(a.view(0), b.view(0));
    assert_ne!(a.view(1), b.view(1));
    (a, b)
}

#[test]
fn the_ai_cannot_see_the_other_seats_card() {
    let (a, b) = twins();
    let legal = legal_of(&a);
    assert_eq!(legal, legal_of(&b));
    for seed in 0..4 {
        let x = IsMcts::new(config(3000, seed)).analyse(&Seen::new(&a, 0), &legal);
        let y = IsMcts::new(config(3000, seed)).analyse(&Seen::new(&b, 0), &legal);
        // not only the same move: the same search, visit for visit
        assert_eq!(x.actions, y.actions, "seed {seed}");
        assert_eq!(x.nodes, y.nodes);
        assert_eq!(
            decide(&mut IsMcts::new(config(3000, seed)), &a),
            decide(&mut IsMcts::new(config(3000, seed)), &b)
        );
    }
}

#[test]
fn the_omniscient_search_does_see_it() {
    // The yardstick that shows the test above has teeth: the same twins tell apart to a search
    // that reads the true state.
    let (a, b) = twins();
    let legal = legal_of(&a);
    let x = IsMcts::open(config(3000, 1)).analyse(&Seen::new(&a, 0), &legal);
    let y = IsMcts::open(config(3000, 1)).analyse(&Seen::new(&b, 0), &legal);
    assert_ne!(x.actions, y.actions);
}

#[test]
fn chance_is_sampled_not_seen() {
    // With the river on, one state's dice are its future. A search that copied them would give
    // different answers for two seeds of the same position; this one must not.
    let options = PileOptions {
        start: Some(9),
        cards: false,
        river: true,
    };
    let a = Pile::new(&options, 1).expect("a pile");
    let b = Pile::new(&options, 2).expect("a pile");
    let legal = legal_of(&a);
    let x = IsMcts::open(config(2000, 4)).analyse(&Seen::new(&a, 0), &legal);
    let y = IsMcts::open(config(2000, 4)).analyse(&Seen::new(&b, 0), &legal);
    assert_eq!(x.actions, y.actions);
}

#[test]
fn a_time_limit_stops_the_search() {
    let g = Pile::new(
        &PileOptions {
            start: Some(200),
            cards: true,
            river: true,
        },
        3,
    )
    .expect("a pile");
    let legal = legal_of(&g);
    let limits = SearchLimits::time(Duration::from_millis(50));
    let start = Instant::now();
    let a = IsMcts::new(SearchConfig::new(limits, 1)).analyse(&Seen::new(&g, 0), &legal);
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "{:?}",
        start.elapsed()
    );
    assert!(a.iterations > 0);
    // with both limits, whichever comes first
    let both = SearchLimits {
        iterations: Some(100),
        time: Some(Duration::from_secs(60)),
    };
    let a = IsMcts::new(SearchConfig::new(both, 1)).analyse(&Seen::new(&g, 0), &legal);
    assert_eq!(a.iterations, 100);
    // with none, a default that ends
    let none = SearchLimits {
        iterations: None,
        time: None,
    };
    let a = IsMcts::new(SearchConfig::new(none, 1)).analyse(&Seen::new(&g, 0), &legal);
    assert_eq!(a.iterations, SearchLimits::DEFAULT_ITERATIONS);
}

#[test]
fn an_evaluation_scores_cut_off_playouts() {
    // Cut off at once and told seat 0 always wins, every unfinished line is worth 1 to seat 0;
    // only a move that ends the game is scored by the rules.
    // Three iterations: each adds one root action and scores it at once.
    let g = nim(9);
    let legal = legal_of(&g);
    let ai = IsMcts::new(config(3, 2))
        .with_evaluation(0, |_: &Pile, seat| if seat == 0 { 1.0 } else { 0.0 });
    let a = { ai }.analyse(&Seen::new(&g, 0), &legal);
    assert!(a.actions.iter().all(|s| s.value == 1.0), "{:?}", a.actions);
    // values outside 0..1 are clamped, NaN is a draw
    let mut ai = IsMcts::new(config(3, 2)).with_evaluation(0, |_: &Pile, _| f64::NAN);
    assert!(ai
        .analyse(&Seen::new(&g, 0), &legal)
        .actions
        .iter()
        .all(|s| s.value == 0.5));
    let mut ai = IsMcts::new(config(3, 2)).with_evaluation(0, |_: &Pile, _| 7.0);
    assert!(ai
        .analyse(&Seen::new(&g, 0), &legal)
        .actions
        .iter()
        .all(|s| s.value == 1.0));
}

#[test]
fn a_game_can_supply_its_rollout() {
    let calls = Arc::new(AtomicUsize::new(0));
    let counter = calls.clone();
    let greedy = move |_: &Pile, legal: &[PileAction], _: &mut Dice| {
        counter.fetch_add(1, Ordering::Relaxed);
        legal.len() - 1
    };
    let g = nim(21);
    let legal = legal_of(&g);
    let a = IsMcts::open(config(200, 1))
        .with_rollout(greedy)
        .analyse(&Seen::new(&g, 0), &legal);
    assert!(calls.load(Ordering::Relaxed) > 0);
    assert_eq!(a.iterations, 200);
    // any policy plays playouts too
    let rollout = PolicyRollout::<Pile>(Box::new(RandomPolicy::new(3)));
    let best = IsMcts::open(config(3000, 1))
        .with_rollout(rollout)
        .analyse(&Seen::new(&nim(7), 0), &legal_of(&nim(7)));
    assert_eq!(best.best().map(|b| b.action), Some(PileAction::Take(3)));
}

#[test]
fn draws_are_worth_half() {
    // Any move but a blunder draws this tic-tac-toe position; the search says about ½.
    let g = TicTacToe::from_rows("XOX|XOO|O.X", 0);
    let legal = legal_of(&g);
    assert_eq!(legal, vec![7]);
    let a = IsMcts::open(config(10, 1)).analyse(&Seen::new(&g, 0), &legal);
    assert_eq!(a.actions[0].value, 0.5);
}

#[test]
fn no_legal_action_no_search() {
    let g = nim(3);
    let mut ai = IsMcts::new(config(10, 1));
    let a = ai.analyse(&Seen::new(&g, 0), &[]);
    assert!(a.actions.is_empty() && a.best().is_none() && a.iterations == 0);
    assert_eq!(ai.choose(&Seen::new(&g, 0), &[PileAction::Take(1)]), 0);
    assert_eq!(Policy::<Pile>::name(&ai), "ismcts");
    assert_eq!(
        Policy::<Pile>::name(&IsMcts::<Pile>::open(config(1, 1))),
        "mcts"
    );
}

#[test]
fn the_default_determinization_keeps_an_open_game() {
    let g = Pile::new(
        &PileOptions {
            start: Some(9),
            cards: false,
            river: true,
        },
        1,
    )
    .expect("a pile");
    let d = TicTacToe::from_rows("X..|.O.|...", 0).determinize(0, &mut Dice::new(1));
    assert_eq!(d.cells, TicTacToe::from_rows("X..|.O.|...", 0).cells);
    let p = g.determinize(1, &mut Dice::new(1));
    assert_eq!(p.view(0), g.view(0));
    assert_eq!(p.view(1), g.view(1));
}

/// Iterations per second on the toy game: `cargo test -p fiw-engine --release -- --ignored
/// --nocapture search_speed`. Not a timed assertion: it prints.
#[test]
#[ignore]
fn search_speed() {
    for (name, options) in [
        (
            "pile 20 (cards, river)",
            PileOptions {
                start: Some(20),
                cards: true,
                river: true,
            },
        ),
        (
            "pile 60 (cards, river)",
            PileOptions {
                start: Some(60),
                cards: true,
                river: true,
            },
        ),
    ] {
        let g = Pile::new(&options, 1).expect("a pile");
        let legal = legal_of(&g);
        let n = 200_000;
        let a = IsMcts::new(config(n, 1)).analyse(&Seen::new(&g, 0), &legal);
        println!(
            "{name}: {:.0} iterations/s, {} nodes",
            n as f64 / a.seconds,
            a.nodes
        );
        // the yardstick: a determinization and a random playout, with no tree
        let (mut dice, mut buf, start) = (Dice::new(1), Vec::new(), Instant::now());
        let mut ends = 0u64;
        for _ in 0..n {
            let mut p = g.determinize(0, &mut dice);
            while p.to_move().is_some() {
                p.legal_actions(&mut buf);
                p.apply_unchecked(buf[dice.below(buf.len() as u32) as usize]);
            }
            ends += p.outcome().map_or(0, |o| o.turn as u64);
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{name}: {:.0} bare playouts/s ({ends} turns)",
            n as f64 / secs
        );
    }
    let g = TicTacToe::new(&(), 0).expect("a board");
    let legal = legal_of(&g);
    let a = IsMcts::open(config(200_000, 1)).analyse(&Seen::new(&g, 0), &legal);
    println!(
        "tic-tac-toe from the start: {:.0} iterations/s, {} nodes",
        200_000.0 / a.seconds,
        a.nodes
    );
}
