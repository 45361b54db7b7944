//! The search AI on Louisbourg plays fair: it decides from the seat's view alone.

use fiw_engine::{Dice, Game, IsMcts, Policy, RandomPolicy, SearchConfig, SearchLimits, Seen};
use fiw_louisbourg::{Louisbourg, Options, Side};

/// Plays `steps` random actions from a new game.
fn position(seed: u64, steps: usize) -> Louisbourg {
    let mut g = Louisbourg::new(&Options::default(), seed).unwrap();
    g.set_logging(false);
    let mut p = RandomPolicy::new(seed);
    let mut legal = Vec::new();
    for _ in 0..steps {
        let Some(seat) = g.to_move() else { break };
        g.legal_actions(&mut legal);
        let i = Policy::<Louisbourg>::choose(&mut p, &Seen::new(&g, seat), &legal);
        g.apply_unchecked(legal[i]);
    }
    g
}

/// Two states that differ only in what the deciding seat cannot see (where the enemy's hidden
/// blocks stand, the enemy's hand and face-down discards, the dice to come) get the same
/// analysis, visit for visit, from the same seed.
#[test]
fn the_ai_cannot_see_what_its_seat_cannot() {
    let mut differing = 0;
    for (seed, steps) in [(1, 40), (2, 90), (3, 150), (4, 220), (5, 300), (6, 25)] {
        let g = position(seed, steps);
        let Some(seat) = g.to_move() else { continue };
        let twin = g.resample_hidden(Side::of_seat(seat), &mut Dice::new(seed * 31));
        // the twin really differs somewhere hidden (most of the time)
        if twin.units() != g.units()
            || twin.hand(Side::of_seat(seat).other()) != g.hand(Side::of_seat(seat).other())
        {
            differing += 1;
        }
        assert_eq!(
            g.view(seat),
            twin.view(seat),
            "the twin must look the same to the seat"
        );
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        let mut legal_twin = Vec::new();
        twin.legal_actions(&mut legal_twin);
        assert_eq!(legal, legal_twin);
        let search =
            || IsMcts::<Louisbourg>::new(SearchConfig::new(SearchLimits::iterations(300), 77));
        let a = search().analyse(&Seen::new(&g, seat), &legal);
        let b = search().analyse(&Seen::new(&twin, seat), &legal);
        let visits = |x: &fiw_engine::Analysis<fiw_louisbourg::Action>| {
            x.actions
                .iter()
                .map(|s| (s.action, s.visits))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            visits(&a),
            visits(&b),
            "seed {seed}: the analysis depends on hidden information"
        );
    }
    assert!(
        differing >= 4,
        "the twins should differ in hidden information"
    );
}

/// The same for the AI that takes a seat (`--seat SIDE=ai`): the heuristic improved by playouts.
/// Same options, same playouts, same results, same decision, whatever the hidden truth.
#[test]
fn the_seated_ai_cannot_see_what_its_seat_cannot() {
    let mut searched = 0;
    for (seed, steps) in [
        (1, 0),
        (2, 40),
        (3, 90),
        (4, 150),
        (5, 220),
        (7, 2),
        (8, 60),
    ] {
        // on from the random position to the next decision the AI searches
        let mut g = position(seed, steps);
        let mut legal = Vec::new();
        let mut p = RandomPolicy::new(seed);
        while let Some(seat) = g.to_move() {
            g.legal_actions(&mut legal);
            if legal.len() > 1 && fiw_louisbourg::ai::worth_searching(&legal) {
                break;
            }
            let i = Policy::<Louisbourg>::choose(&mut p, &Seen::new(&g, seat), &legal);
            g.apply_unchecked(legal[i]);
        }
        let Some(seat) = g.to_move() else { continue };
        let twin = g.resample_hidden(Side::of_seat(seat), &mut Dice::new(seed * 31));
        assert_eq!(g.view(seat), twin.view(seat));
        let ai = || Louisbourg::search_ai(SearchConfig::new(SearchLimits::iterations(40), 77));
        let a = ai().analyse(&Seen::new(&g, seat), &legal);
        let b = ai().analyse(&Seen::new(&twin, seat), &legal);
        assert_eq!(
            a.actions, b.actions,
            "seed {seed}: the AI's analysis depends on hidden information"
        );
        searched += (a.iterations > 0) as u32;
    }
    assert!(
        searched >= 3,
        "the test must meet decisions the AI searches ({searched})"
    );
}

/// The omniscient search (plain MCTS, which reads the true state) does tell the twins apart,
/// so the test above would catch a search that peeks.
#[test]
fn a_peeking_search_would_be_caught() {
    let mut caught = 0;
    for (seed, steps) in [(1, 40), (2, 90), (3, 150), (4, 220), (5, 300)] {
        let g = position(seed, steps);
        let Some(seat) = g.to_move() else { continue };
        let twin = g.resample_hidden(Side::of_seat(seat), &mut Dice::new(seed * 31));
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        if legal.len() < 2 {
            continue;
        }
        let search =
            || IsMcts::<Louisbourg>::open(SearchConfig::new(SearchLimits::iterations(300), 77));
        let a = search().analyse(&Seen::new(&g, seat), &legal);
        let b = search().analyse(&Seen::new(&twin, seat), &legal);
        let visits = |x: &fiw_engine::Analysis<fiw_louisbourg::Action>| {
            x.actions.iter().map(|s| s.visits).collect::<Vec<_>>()
        };
        caught += (visits(&a) != visits(&b)) as u32;
    }
    assert!(
        caught >= 1,
        "the open search should see the hidden difference at least once"
    );
}

/// 7: until the British land, their plan is secret, so resampling for the French redraws it;
/// once carried out it is public and stays as it was.
#[test]
fn the_landing_plan_is_resampled_only_while_secret() {
    use fiw_louisbourg::{Action, Step};
    let deck = [
        "hot-shot",
        "sortie",
        "wolfe-march",
        "heavy-seas",
        "bog-roads",
        "thick-walls",
    ];
    let options = Options {
        deck: deck.iter().map(|s| s.to_string()).collect(),
        ..Default::default()
    };
    let mut g = Louisbourg::new(&options, 9).unwrap();
    g.apply(Action::Plan {
        kc: 0,
        fp: 4,
        wp: 2,
    })
    .unwrap();
    assert_eq!(g.step(), Step::FrenchSetup);
    let mut dice = Dice::new(5);
    let plans: std::collections::HashSet<_> = (0..20)
        .map(|_| {
            g.resample_hidden(Side::French, &mut dice)
                .view(Side::British.seat())
                .landing_plan
        })
        .collect();
    assert!(
        plans.len() > 1,
        "the French resample the secret plan: {plans:?}"
    );
    g.apply(Action::SolitaireSetup).unwrap();
    while let fiw_louisbourg::Step::Bombard(_) = g.step() {
        g.apply(Action::Pass).unwrap();
    }
    g.apply(Action::Land).unwrap();
    for _ in 0..20 {
        let twin = g.resample_hidden(Side::French, &mut dice);
        assert_eq!(
            twin.view(Side::British.seat()).landing_plan,
            Some([0, 4, 2])
        );
    }
}

fn unit(id: &str) -> u8 {
    fiw_louisbourg::forces::forces()
        .units
        .iter()
        .position(|u| u.id == id)
        .unwrap_or_else(|| panic!("no block {id}")) as u8
}

/// Two positions the British cannot tell apart: they bombarded Louisbourg for 1 SP, and the
/// French took it on their 4 SP regular in one and on their 2 SP militia in the other. The
/// British decide next.
fn damaged_twins() -> (Louisbourg, Louisbourg) {
    use fiw_louisbourg::board::LOUISBOURG;
    use fiw_louisbourg::Action;
    let twin = |victim: &str| {
        let mut g = Louisbourg::arranged_bombardment(
            5,
            Side::British,
            &[
                ("br-reg-1", "green-hills", 4),
                ("br-reg-2", "green-hills", 4),
                ("br-light-1", "black-rock", 3),
                ("fr-reg-1", "louisbourg", 4),
                ("fr-mil-1", "louisbourg", 2),
                ("fr-reg3-1", "barachois", 3),
            ],
        )
        .unwrap();
        g.dice_mut().force([4]); // 4, +1 from two places: 1 SP
        g.apply(Action::Bombard(LOUISBOURG)).unwrap();
        g.apply(Action::Hit(unit(victim))).unwrap();
        g.apply(Action::Pass).unwrap(); // the French do not bombard back
        assert_eq!(g.to_move(), Some(Side::British.seat()));
        g
    };
    (twin("fr-reg-1"), twin("fr-mil-1"))
}

/// 5: the seat knows how many SP the blocks at a place lost in its sight, not which block lost
/// them, so two positions that differ only in that are imagined alike: the same draws from the
/// same dice, the same analysis.
#[test]
fn damaged_blocks_are_drawn_from_what_the_seat_saw() {
    let (a, b) = damaged_twins();
    let seat = Side::British.seat();
    assert_eq!(a.view(seat), b.view(seat), "the twins look alike");
    assert_ne!(a.units(), b.units(), "the twins differ in hidden SP");
    for s in 0..20 {
        let da = a.determinize(seat, &mut Dice::new(s));
        let db = b.determinize(seat, &mut Dice::new(s));
        assert_eq!(
            da.digest(),
            db.digest(),
            "draw {s}: the imagined positions depend on which block took the hit"
        );
    }
    let mut legal = Vec::new();
    a.legal_actions(&mut legal);
    let ai = || Louisbourg::search_ai(SearchConfig::new(SearchLimits::iterations(40), 77));
    let x = ai().analyse(&Seen::new(&a, seat), &legal);
    let y = ai().analyse(&Seen::new(&b, seat), &legal);
    assert!(x.iterations > 0, "the AI searches this decision");
    assert_eq!(x.actions, y.actions);
}
