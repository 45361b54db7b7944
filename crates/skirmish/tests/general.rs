//! The computer general: what it proposes from the activation's candidates, asking the rules
//! only about the best, is what it would have chosen from the whole legal list, so a game
//! played either way is the same game.

use fiw_engine::{Game, Policy, Seen};
use fiw_skirmish::general::General;
use fiw_skirmish::{Options, Skirmish, SCENARIOS};

#[test]
fn the_general_proposes_what_it_would_choose_from_the_list() {
    let mut compared = 0;
    for (name, _) in SCENARIOS {
        for seed in 0..2u64 {
            let options = Options {
                scenario: (*name).into(),
                ..Options::default()
            };
            let mut g = Skirmish::new(&options, seed).unwrap();
            g.set_logging(false);
            let mut generals = [General::new(seed), General::new(seed + 1)];
            let mut legal = Vec::new();
            let mut steps = 0;
            while let Some(seat) = g.to_move() {
                let seen = Seen::new(&g, seat);
                g.legal_actions(&mut legal);
                assert!(!legal.is_empty(), "{name} {seed}: no legal action");
                let mut twin = generals[seat].clone();
                let chosen = legal[twin.choose(&seen, &legal)];
                let action = match generals[seat].propose(&seen) {
                    Some(a) => {
                        assert_eq!(
                            a,
                            chosen,
                            "{name} seed {seed} step {steps}: proposed {} but would choose {}",
                            g.action_text(&a),
                            g.action_text(&chosen)
                        );
                        compared += 1;
                        a
                    }
                    None => legal[generals[seat].choose(&seen, &legal)],
                };
                g.apply(action).unwrap();
                steps += 1;
                assert!(steps < 20_000, "{name} {seed}: the game does not end");
            }
        }
    }
    assert!(compared > 1_000, "{compared}");
}
