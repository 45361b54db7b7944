//! 8 attacks settled outside, the hook a campaign fights its battles through: a game that stops
//! at every attack and then rolls for it plays exactly the text's game, die for die; a
//! settlement advances or not, reduces and cuts the side that lost heavily, and after the
//! BOT's attack ends its turn.

use fiw_engine::{Dice, Game};
use fiw_solitaire::turn_track::{turn_track, Kind};
use fiw_solitaire::{Action, Board, Options, Settlement, Side, Solitaire, Step, BOT, PLAYER};

const OHIO: u8 = 0;

/// Plays `seed`'s random game twice, as the text has it and settling outside with `roll` at
/// each stop: the boards, tallies and outcomes agree after every action; the stops counted.
fn twins(seed: u64, side: Side) -> (u32, u32) {
    let options = Options {
        side,
        ..Default::default()
    };
    let mut text = Solitaire::new(&options, seed).unwrap();
    let mut outside = Solitaire::new(&options, seed).unwrap().settling_outside();
    let mut pick = Dice::new(seed ^ 0xa77ac);
    let (mut legal, mut stops) = (Vec::new(), [0u32; 2]);
    while text.to_move().is_some() {
        text.legal_actions(&mut legal);
        let a = legal[pick.below(legal.len() as u32) as usize];
        text.apply(a).unwrap();
        outside.apply(a).unwrap();
        while outside.step() == Step::Attack {
            let p = outside.pending().expect("an attack waits in step Attack");
            stops[usize::from(p.side != outside.board().player)] += 1;
            outside.legal_actions(&mut legal);
            assert_eq!(legal, vec![Action::Roll], "only the roll settles it here");
            let refused = outside.check(&Action::EndActions).unwrap_err();
            assert_eq!(refused.rule, "8");
            outside.apply(Action::Roll).unwrap();
        }
        assert_eq!(
            text.board(),
            outside.board(),
            "seed {seed}, after {}",
            a.text()
        );
        assert_eq!(text.tally(), outside.tally());
    }
    assert_eq!(text.outcome(), outside.outcome());
    assert_eq!(text.metrics(), outside.metrics());
    (stops[PLAYER], stops[BOT])
}

#[test]
fn rolling_at_each_stop_plays_the_texts_game() {
    let (mut player, mut bot) = (0, 0);
    for seed in 0..60 {
        for side in [Side::British, Side::French] {
            let (p, b) = twins(seed, side);
            player += p;
            bot += b;
        }
    }
    // both the player's attacks and the BOT's stopped to be settled
    assert!(player > 50 && bot > 50, "stops: player {player}, BOT {bot}");
}

/// A board in the action step of the first turn the British may attack, with 2 AP.
fn attacking() -> Solitaire {
    let turn = (1..=20)
        .find(|&t| turn_track().turn(t).allows(Side::British, Kind::Attack))
        .unwrap();
    let mut b = Board::start(Side::British);
    b.turn = turn;
    b.step = Step::Actions;
    b.ap = 2;
    Solitaire::arranged(b, 1).unwrap().settling_outside()
}

#[test]
fn a_battle_won_advances_and_marks_the_heavy_losses_8() {
    let mut g = attacking();
    let before = *g.board();
    g.apply(Action::Attack(OHIO)).unwrap();
    assert_eq!(g.step(), Step::Attack);
    assert_eq!(g.board().ap, 1, "the attack's AP is spent when it is made");
    let won = Settlement {
        advanced: true,
        reduce: [false, true],
        cut: [false, true],
    };
    g.settle(won, "Fought as a battle").unwrap();
    let b = g.board();
    assert_eq!(b.step, Step::Actions);
    assert_eq!(b.pending, None);
    assert_eq!(
        b.front[0],
        before.front[0] + 1,
        "the British advance a town"
    );
    assert!(b.reduced[0][Side::French.index()]);
    assert!(!b.reduced[0][Side::British.index()]);
    // no French army in Ohio to cut off
    assert!(!b.unsupplied[0][Side::French.index()]);
    let last = g.log().entries().last().unwrap().text.clone();
    assert!(
        last.starts_with("Fought as a battle: the British advance into")
            && last.contains("the French militia is reduced"),
        "{last}"
    );
    assert!(fiw_solitaire::invariants::check(b).is_ok());
}

#[test]
fn a_battle_lost_is_no_result_and_nothing_waits_after_it_8() {
    let mut g = attacking();
    let before = *g.board();
    g.apply(Action::Attack(OHIO)).unwrap();
    g.settle(Settlement::default(), "Fought").unwrap();
    assert_eq!(g.board().front, before.front);
    assert!(g.log().entries().last().unwrap().text.contains("no result"));
    let none = g.settle(Settlement::default(), "again").unwrap_err();
    assert_eq!(none.rule, "8");
    assert_eq!(g.check(&Action::Roll).unwrap_err().rule, "8");
}

#[test]
fn settling_the_bots_attack_ends_its_turn_8() {
    // the first seeds whose random play lets the BOT attack
    for seed in 0..40 {
        let mut g = Solitaire::new(&Options::default(), seed)
            .unwrap()
            .settling_outside();
        let mut pick = Dice::new(seed);
        let mut legal = Vec::new();
        while g.to_move().is_some() {
            if let Some(p) = g.pending() {
                if p.side == g.board().bot() {
                    let turn = g.board().turn;
                    g.settle(Settlement::default(), "Fought").unwrap();
                    assert!(g.board().turn == turn + 1 || g.outcome().is_some());
                    assert_ne!(g.step(), Step::Attack);
                    return;
                }
                g.apply(Action::Roll).unwrap();
                continue;
            }
            g.legal_actions(&mut legal);
            g.apply(legal[pick.below(legal.len() as u32) as usize])
                .unwrap();
        }
    }
    panic!("no BOT attack in 40 games");
}
