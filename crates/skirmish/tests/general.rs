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

/// Plays a game of `scenario` with these seats to its end; its digest.
fn played(scenario: &str, seed: u64, seats: &mut [Box<dyn Policy<Skirmish>>; 2]) -> String {
    let options = Options {
        scenario: scenario.into(),
        ..Options::default()
    };
    let mut g = Skirmish::new(&options, seed).unwrap();
    g.set_logging(false);
    let mut legal = Vec::new();
    let mut steps = 0;
    while let Some(seat) = g.to_move() {
        let a = fiw_engine::decide(&g, seat, seats[seat].as_mut(), &mut legal).unwrap();
        g.apply(a).unwrap();
        steps += 1;
        assert!(steps < 20_000, "{scenario} {seed}: the game does not end");
    }
    g.digest()
}

#[test]
fn an_ai_that_never_overrules_plays_its_generals_game() {
    // what ai_match's pairs rest on: the `ai` given the dice of the general it stands in for
    // plays that general's game exactly until its search overrules it (here never), in the
    // Raid above all, whose raiders choose their hiding places by chance
    use fiw_engine::{SearchConfig, SearchLimits};
    use fiw_skirmish::ai::{self, Ai};
    for (name, _) in SCENARIOS {
        let seed = 7;
        let generals = || -> [Box<dyn Policy<Skirmish>>; 2] {
            [Box::new(General::new(11)), Box::new(General::new(12))]
        };
        let alone = played(name, seed, &mut generals());
        let config = SearchConfig::new(SearchLimits::iterations(2), 3);
        let never = |_: &[fiw_skirmish::Action]| false;
        let mut seats = generals();
        seats[1] = Box::new(Ai::tuned(config.clone(), ai::HORIZON, never).with_general_seed(12));
        assert_eq!(played(name, seed, &mut seats), alone, "{name}");
        if *name == "raid" {
            // and with other dice, another game: the hiding places are the general's chance
            let mut seats = generals();
            seats[1] = Box::new(Ai::tuned(config, ai::HORIZON, never).with_general_seed(99));
            let mut other = generals();
            other[0] = Box::new(General::new(98));
            assert!(
                played(name, seed, &mut seats) != alone || played(name, seed, &mut other) != alone,
                "the general's dice change nothing in the Raid"
            );
        }
    }
}

/// Every stance the `ai` may take plays every scenario to its end, from either side. A bold
/// household's last moves once found a hole in 5.1: its men all down, its move went on with
/// no figure in it, each step free, and the general stepped for ever (the Raid of
/// `game_seed(1, 66)`, turn 12); a move of nobody is now refused.
#[test]
fn every_stance_plays_every_scenario_to_its_end() {
    use fiw_skirmish::general::Stance;
    let mut games = vec![("raid", 690_534_760_664_260_851u64, 0usize, Stance::BOLD)];
    for (name, _) in SCENARIOS {
        for (k, stance) in Stance::ALL.into_iter().enumerate().skip(1) {
            games.push((name, 40 + k as u64, k % 2, stance));
        }
    }
    for (name, seed, side, stance) in games {
        // the generals' seeds as ai_match draws them
        let dice = |s: u64| fiw_engine::game_seed(seed, 0x4e + s);
        let mut seats: [Box<dyn Policy<Skirmish>>; 2] = [
            Box::new(General::new(dice(0))),
            Box::new(General::new(dice(1))),
        ];
        seats[side] = Box::new(General::with_stance(dice(side as u64), stance));
        played(name, seed, &mut seats);
    }
}
