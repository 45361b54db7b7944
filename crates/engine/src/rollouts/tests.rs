use super::*;
use crate::toys::{Pile, PileAction, PileOptions};
use std::time::Duration;

fn legal_of<G: Game>(g: &G) -> Vec<G::Action> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    v
}

/// A poor Pile player: plays its card only when the card takes the last tokens, else takes one.
struct TakeOne;

impl Policy<Pile> for TakeOne {
    fn name(&self) -> &str {
        "take-one"
    }
    fn choose(&mut self, seen: &Seen<Pile>, legal: &[PileAction]) -> usize {
        let view = seen.view();
        let finishing = legal
            .iter()
            .position(|a| *a == PileAction::Card && view.own == Some(view.pile));
        finishing
            .or_else(|| legal.iter().position(|a| *a == PileAction::Take(1)))
            .unwrap_or(0)
    }
}

/// Asserts that the analysis puts `action` first (its options' figures shown if not).
fn assert_chooses(a: &Analysis<PileAction>, action: PileAction) {
    assert_eq!(a.best().map(|b| b.action), Some(action), "{:?}", a.actions);
}

fn search(iterations: u32, seed: u64) -> RolloutSearch<Pile> {
    RolloutSearch::new(
        SearchConfig::new(SearchLimits::iterations(iterations), seed),
        |_| Box::new(TakeOne),
        |_: &[PileAction]| true,
    )
}

fn nim(pile: u8) -> Pile {
    Pile::new(
        &PileOptions {
            start: Some(pile),
            cards: false,
            river: false,
        },
        1,
    )
    .expect("a pile")
}

#[test]
fn playouts_overrule_the_base_where_it_loses() {
    // Against a take-one opponent, whoever leaves an even pile wins. From 6, taking one (the
    // base's choice) leaves 5 and loses every playout; taking two leaves 4 and wins every one.
    let g = nim(6);
    let legal = legal_of(&g);
    let a = search(60, 1).analyse(&Seen::new(&g, 0), &legal);
    assert_chooses(&a, PileAction::Take(2));
    assert_eq!(
        a.baseline,
        Some(PileAction::Take(1)),
        "the base policy's choice is reported"
    );
    let one = a
        .actions
        .iter()
        .find(|s| s.action == PileAction::Take(1))
        .expect("listed");
    assert!(one.visits > 0 && one.value == 0.0, "{one:?}");
}

#[test]
fn the_base_choice_stands_without_a_clear_gain() {
    // From 5 the base's take-one leaves 4 and wins every playout: nothing can do better.
    let g = nim(5);
    let legal = legal_of(&g);
    let a = search(60, 1).analyse(&Seen::new(&g, 0), &legal);
    assert_chooses(&a, PileAction::Take(1));
    // and a margin above any possible gain keeps the base's choice even where it loses
    let g = nim(6);
    let mut cautious = search(60, 1).with_margin(1.5);
    assert_eq!(
        legal[cautious.choose(&Seen::new(&g, 0), &legal)],
        PileAction::Take(1)
    );
}

#[test]
fn decisions_not_worth_searching_are_the_base_policys() {
    let g = nim(6);
    let legal = legal_of(&g);
    let mut ai = RolloutSearch::new(
        SearchConfig::new(SearchLimits::iterations(60), 1),
        |_| Box::new(TakeOne),
        |_: &[PileAction]| false,
    );
    let a = ai.analyse(&Seen::new(&g, 0), &legal);
    assert_chooses(&a, PileAction::Take(1));
    assert_eq!(a.iterations, 0);
}

#[test]
fn the_playout_budget_is_kept_and_halving_focuses_it() {
    let g = Pile::new(
        &PileOptions {
            start: Some(40),
            cards: true,
            river: true,
        },
        3,
    )
    .expect("a pile");
    let legal = legal_of(&g);
    let a = search(200, 2).analyse(&Seen::new(&g, 0), &legal);
    assert!(a.iterations <= 200 + legal.len() as u32, "{}", a.iterations);
    // the option dropped first got the fewest playouts
    let visits: Vec<u32> = a.actions.iter().map(|s| s.visits).collect();
    assert!(visits.iter().max() > visits.iter().min(), "{visits:?}");
}

#[test]
fn same_seed_same_analysis() {
    let g = Pile::new(
        &PileOptions {
            start: Some(13),
            cards: true,
            river: true,
        },
        5,
    )
    .expect("a pile");
    let legal = legal_of(&g);
    let x = search(300, 9).analyse(&Seen::new(&g, 0), &legal);
    let y = search(300, 9).analyse(&Seen::new(&g, 0), &legal);
    assert_eq!(x.actions, y.actions);
}

#[test]
fn the_rollout_search_cannot_see_the_other_seats_card() {
    // Seat 0 cannot tell these apart: the other card (4 or 6) and the dice to come differ. The
    // other card decides playouts (the base plays it to finish), so a search reading the true
    // state would score them differently.
    let options = PileOptions {
        start: Some(10),
        cards: true,
        river: true,
    };
    let mut a = Pile::new(&options, 21).expect("a pile");
    a.cards = [5, 4];
    let mut b = Pile::new(&options, 22).expect("a pile");
    b.cards = [5, 6];
    assert_eq!(a.view(0), b.view(0));
    let legal = legal_of(&a);
    assert_eq!(legal, legal_of(&b));
    // the yardstick: played out from the true states themselves, the twins do score differently
    let mut peek = search(1, 0);
    let score = |peek: &mut RolloutSearch<Pile>, g: &Pile| -> f64 {
        (0..200u64)
            .map(|s| {
                let mut state = g.clone();
                state.reseed(s);
                let opening = Opening {
                    action: Some((&legal, 0)),
                    own: None,
                };
                peek.play_out(state, 0, opening, s)
            })
            .sum()
    };
    assert_ne!(score(&mut peek, &a), score(&mut peek, &b));
    for seed in 0..4 {
        let x = search(400, seed).analyse(&Seen::new(&a, 0), &legal);
        let y = search(400, seed).analyse(&Seen::new(&b, 0), &legal);
        assert_eq!(x.actions, y.actions, "seed {seed}");
    }
}

#[test]
fn a_time_limit_stops_it() {
    let g = Pile::new(
        &PileOptions {
            start: Some(250),
            cards: true,
            river: true,
        },
        3,
    )
    .expect("a pile");
    let legal = legal_of(&g);
    let limits = SearchLimits::time(Duration::from_millis(30));
    let start = Instant::now();
    let mut ai = RolloutSearch::new(
        SearchConfig::new(limits, 1),
        |_| Box::new(TakeOne),
        |_: &[PileAction]| true,
    );
    let a = ai.analyse(&Seen::new(&g, 0), &legal);
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    assert!(a.iterations > 0);
}

#[test]
fn a_sample_the_clock_cuts_short_is_dropped_whole() {
    // Every playout takes at least 20 ms (the base policy of each of the two seats takes 10 ms
    // to make), so a sample of the three options takes at least 60 ms and a second one cannot
    // end within the 90 ms allowed: the search stops inside it and keeps the first sample
    // alone, each option played once on it (it used to finish the second sample, 60 ms and
    // more over the time, however many options it held).
    let g = nim(6);
    let legal = legal_of(&g);
    let limits = SearchLimits::time(Duration::from_millis(90));
    let mut ai = RolloutSearch::new(
        SearchConfig::new(limits, 1),
        |_| {
            std::thread::sleep(Duration::from_millis(10));
            Box::new(TakeOne) as Box<dyn Policy<Pile>>
        },
        |_: &[PileAction]| true,
    );
    let a = ai.analyse(&Seen::new(&g, 0), &legal);
    assert_eq!(a.iterations, 3, "{:?}", a.actions);
    assert!(a.actions.iter().all(|s| s.visits == 1), "{:?}", a.actions);
}

#[test]
fn no_playout_is_begun_that_would_end_past_the_time() {
    // Every playout takes at least 20 ms (two base policies of 10 ms each to make), so after
    // the first sample of three (60 ms at least) a fourth playout could not end within the 70 ms
    // allowed: the search stops there, where it used to begin it and end 10 ms or more past
    // its time. Counted by the policies made, not by the clock: two a playout.
    use std::sync::atomic::{AtomicU32, Ordering};
    use std::sync::Arc;
    let g = nim(6);
    let legal = legal_of(&g);
    let made = Arc::new(AtomicU32::new(0));
    let counter = Arc::clone(&made);
    let limits = SearchLimits::time(Duration::from_millis(70));
    let mut ai = RolloutSearch::new(
        SearchConfig::new(limits, 1),
        move |_| {
            counter.fetch_add(1, Ordering::Relaxed);
            std::thread::sleep(Duration::from_millis(10));
            Box::new(TakeOne) as Box<dyn Policy<Pile>>
        },
        |_: &[PileAction]| true,
    );
    let before = made.load(Ordering::Relaxed);
    let a = ai.analyse(&Seen::new(&g, 0), &legal);
    assert_eq!(a.iterations, 3, "{:?}", a.actions);
    let begun = (made.load(Ordering::Relaxed) - before) / 2;
    assert_eq!(begun, 3, "playouts begun");
}

#[test]
fn a_cut_off_playout_is_judged_by_the_evaluation() {
    // Cut off at once, every option is judged by the evaluation alone: one that calls an even
    // pile left to the other seat won finds the winning take of two from 6 without playing on
    let g = nim(6);
    let legal = legal_of(&g);
    let a = search(60, 1)
        .with_evaluation(0, |g: &Pile, seat| {
            let mine = g.to_move != seat;
            if (g.pile % 2 == 0) == mine {
                1.0
            } else {
                0.0
            }
        })
        .analyse(&Seen::new(&g, 0), &legal);
    assert_chooses(&a, PileAction::Take(2));
    // and an evaluation that cannot tell the options apart leaves the base's choice
    let a = search(60, 1)
        .with_evaluation(0, |_: &Pile, _| 0.5)
        .analyse(&Seen::new(&g, 0), &legal);
    assert_chooses(&a, PileAction::Take(1));
}

#[test]
fn a_quiet_playout_plays_on_until_something_happens() {
    // an evaluation that tells nothing, a step on: the base's take of one stands
    let g = nim(6);
    let legal = legal_of(&g);
    let blind = |_: &Pile, _| 0.5;
    let a = search(60, 1)
        .with_evaluation(1, blind)
        .analyse(&Seen::new(&g, 0), &legal);
    assert_chooses(&a, PileAction::Take(1));
    // counted from the first event, and the only event the end: every playout is played out,
    // and the winning take of two is found as by playouts to the end
    let a = search(60, 1)
        .with_evaluation(1, blind)
        .counting_from_events(|g: &Pile| u64::from(g.pile == 0))
        .analyse(&Seen::new(&g, 0), &legal);
    assert_chooses(&a, PileAction::Take(2));
    // an event at every step counts as the plain cut-off does
    let a = search(60, 1)
        .with_evaluation(1, blind)
        .counting_from_events(|g: &Pile| u64::from(g.pile))
        .analyse(&Seen::new(&g, 0), &legal);
    assert_chooses(&a, PileAction::Take(1));
}

#[test]
fn a_paired_lead_is_read_against_its_own_noise() {
    // the same lead of 0.1 a sample: without noise it is sure, with noise of its own size less so
    let base: Vec<(u32, f64)> = (1..=8).map(|k| (k, 0.5)).collect();
    let steady: Vec<(u32, f64)> = (1..=8).map(|k| (k, 0.6)).collect();
    assert_eq!(paired_lead(&steady, &base), f64::INFINITY);
    let noisy: Vec<(u32, f64)> = (1..=8)
        .map(|k| (k, if k % 2 == 0 { 0.8 } else { 0.4 }))
        .collect();
    let z = paired_lead(&noisy, &base);
    assert!((z - 0.1 / (0.2138 / 8f64.sqrt())).abs() < 0.01, "{z}");
    // no lead, a loss, or one sample is no lead at all; only the samples both played count
    assert_eq!(paired_lead(&base, &base), 0.0);
    assert_eq!(paired_lead(&base, &steady), 0.0);
    assert_eq!(paired_lead(&steady[..1], &base), 0.0);
    assert_eq!(paired_lead(&steady[6..], &base[6..]), f64::INFINITY);
    assert_eq!(paired_lead(&steady[..4], &base[4..]), 0.0);
}

#[test]
fn a_sure_lead_overrules() {
    // from 6 the take of two wins every playout against the base's take of one: a lead
    // without noise passes any test (the noisy leads are paired_lead's test above)
    let g = nim(6);
    let legal = legal_of(&g);
    let mut sure = search(60, 1).with_margin(0.0).with_confidence(3.0);
    assert_eq!(
        legal[sure.choose(&Seen::new(&g, 0), &legal)],
        PileAction::Take(2)
    );
}

/// How many of `decisions` Pile positions a search with a confidence test of `z` overrules the
/// base at, judged by an evaluation that is noise alone: every option as good as another.
fn overrules_on_noise(decisions: u64, z: f64) -> u64 {
    let mut overruled = 0;
    for seed in 0..decisions {
        let g = Pile::new(
            &PileOptions {
                start: Some(20 + (seed % 10) as u8),
                cards: true,
                river: true,
            },
            seed,
        )
        .expect("a pile");
        let legal = legal_of(&g);
        // the noise of a cut-off position: its pile and the dice it has come to
        let noise = |g: &Pile, _| {
            let mut d = g.dice.clone();
            (game_seed(d.next_seed(), u64::from(g.pile)) % 1000) as f64 / 1000.0
        };
        let a = search(32, seed)
            .with_evaluation(0, noise)
            .with_margin(0.0)
            .with_confidence(z)
            .analyse(&Seen::new(&g, 0), &legal);
        if a.best().map(|b| b.action) != a.baseline {
            overruled += 1;
        }
    }
    overruled
}

#[test]
fn a_challenger_is_tried_again_before_it_overrules() {
    // four options, none better than another: a lead of 1.5 standard errors arises by chance
    // about one time in fifteen when only one challenger is tried on fresh samples, far more
    // often when the best of three is read on the samples that made it the best
    let overruled = overrules_on_noise(400, 1.5);
    assert!(
        overruled <= 400 / 10,
        "{overruled} of 400 overruled on noise"
    );
}

/// A good Pile player against take-one: leaves an even pile whenever it can.
struct LeaveEven;

impl Policy<Pile> for LeaveEven {
    fn name(&self) -> &str {
        "leave-even"
    }
    fn choose(&mut self, seen: &Seen<Pile>, legal: &[PileAction]) -> usize {
        let pile = seen.view().pile;
        let leaves_even = |a: &PileAction| match *a {
            PileAction::Take(n) => pile.checked_sub(n).is_some_and(|r| r % 2 == 0),
            _ => false,
        };
        legal
            .iter()
            .position(leaves_even)
            .or_else(|| legal.iter().position(|a| *a == PileAction::Take(1)))
            .unwrap_or(0)
    }
}

#[test]
fn a_plan_that_wins_where_the_current_one_loses_is_taken_up() {
    // from 10 the take-one plan leaves 9 and loses every playout; leaving even wins them all
    let g = nim(10);
    let take_one = |_: u64| Box::new(TakeOne) as Box<dyn Policy<Pile>>;
    let leave_even = |_: u64| Box::new(LeaveEven) as Box<dyn Policy<Pile>>;
    let plans: [&dyn Fn(u64) -> Box<dyn Policy<Pile>>; 2] = [&take_one, &leave_even];
    let (k, shares) = search(40, 1).choose_plan(&Seen::new(&g, 0), &plans, 0);
    assert_eq!(k, 1, "{shares:?}");
    assert!(shares[1] > shares[0], "{shares:?}");
    // the plan followed now stands against one no better (here the same player)
    let again: [&dyn Fn(u64) -> Box<dyn Policy<Pile>>; 3] = [&leave_even, &take_one, &leave_even];
    let (k, shares) = search(40, 1).choose_plan(&Seen::new(&g, 0), &again, 2);
    assert_eq!(k, 2, "{shares:?}");
    // and a confidence test among several plans keeps the current one when all play alike
    let same: [&dyn Fn(u64) -> Box<dyn Policy<Pile>>; 4] =
        [&take_one, &take_one, &take_one, &take_one];
    let (k, _) = search(40, 1)
        .with_margin(0.0)
        .with_confidence(1.5)
        .choose_plan(&Seen::new(&g, 0), &same, 3);
    assert_eq!(k, 3);
}
