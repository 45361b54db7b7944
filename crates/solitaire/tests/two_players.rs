//! The two-player variant the campaign plays (C11 of `fiw rules campaign`): each side takes the
//! player's procedure, the British first, with no BOT chart.

use fiw_engine::{decide, Game, Policy, RandomPolicy};
use fiw_solitaire::armies::armies;
use fiw_solitaire::turn_track::turn_track;
use fiw_solitaire::{Action, Options, Side, Solitaire, Step, BOT, PLAYER};

/// The phase of a turn a decision belongs to, in the order C11 gives them.
fn phase(step: Step, acting: Side) -> u8 {
    let placing = matches!(step, Step::Setup | Step::Place | Step::Relocate);
    match (placing, acting) {
        (true, Side::British) => 0,
        (true, Side::French) => 1,
        (false, Side::British) => 2,
        (false, Side::French) => 3,
    }
}

#[test]
fn each_side_takes_the_players_procedure_british_first() {
    let mut decided = [0u32; 2];
    let mut placed = [0u32; 2];
    let mut ap_turns = [0u32; 2];
    for seed in 0..40u64 {
        let side = if seed % 2 == 0 {
            Side::British
        } else {
            Side::French
        };
        let mut g = Solitaire::new(
            &Options {
                side,
                two_players: true,
            },
            seed,
        )
        .unwrap();
        // the set-up is the British's first, whichever seat holds them
        assert_eq!(g.board().acting(), Side::British);
        assert_eq!(g.step(), Step::Setup);
        assert_eq!(g.to_move(), Some(g.board().seat_of(Side::British)));
        let mut policies: Vec<RandomPolicy> =
            vec![RandomPolicy::new(seed), RandomPolicy::new(seed + 1000)];
        let mut legal = Vec::new();
        let mut last = (1u8, 0u8);
        while let Some(seat) = g.to_move() {
            let b = *g.board();
            // the seat that decides is the acting side's, and only it is offered actions
            assert_eq!(seat, b.seat_of(b.acting()), "seed {seed}");
            let at = (b.turn, phase(b.step, b.acting()));
            assert!(
                at >= last,
                "seed {seed}: {:?} of the {:?} after {:?}",
                b.step,
                b.acting(),
                last
            );
            last = at;
            decided[seat] += 1;
            let policy: &mut dyn Policy<Solitaire> = &mut policies[seat];
            let a = decide(&g, seat, policy, &mut legal).unwrap();
            if let Action::Place { army, .. } = a {
                // each side's armies arrive on the turns given for the side being played
                let list = armies();
                let army = &list.list[army as usize];
                assert_eq!(army.side, b.acting());
                assert_eq!(army.arrives(b.acting()), b.turn, "{}", army.id);
                placed[b.acting().index()] += 1;
            }
            g.apply(a).unwrap();
            let n = *g.board();
            let begins =
                n.step == Step::Actions && (b.step != Step::Actions || n.acting() != b.acting());
            if begins {
                // a side's AP are the Turn Track's for that side
                assert_eq!(n.ap, turn_track().turn(n.turn).ap[n.acting().index()]);
                ap_turns[n.acting().index()] += 1;
            }
        }
        assert!(g.outcome().is_some());
        // no chart was rolled: the BOT never acted
        assert_eq!(g.tally().bot_turns, 0, "seed {seed}");
        assert_eq!(g.tally().raids + g.tally().cuts, 0, "seed {seed}");
        let log: Vec<String> = g.log().entries().iter().map(|e| e.text.clone()).collect();
        assert!(
            !log.iter()
                .any(|l| l.contains("BOT") || l.starts_with("You ")),
            "seed {seed}: a line of the log speaks of the BOT or to one side: {:?}",
            log.iter()
                .find(|l| l.contains("BOT") || l.starts_with("You "))
        );
    }
    assert!(decided[PLAYER] > 0 && decided[BOT] > 0, "{decided:?}");
    assert!(placed[0] > 0 && placed[1] > 0, "{placed:?}");
    assert!(ap_turns[0] > 0 && ap_turns[1] > 0, "{ap_turns:?}");
}

/// Against the BOT nothing changes: the BOT's seat never decides.
#[test]
fn against_the_bot_only_the_player_decides() {
    let mut g = Solitaire::new(&Options::default(), 3).unwrap();
    let mut p = RandomPolicy::new(3);
    let mut legal = Vec::new();
    while let Some(seat) = g.to_move() {
        assert_eq!(seat, PLAYER);
        assert_eq!(g.board().acting(), g.board().player);
        let a = decide(&g, seat, &mut p, &mut legal).unwrap();
        g.apply(a).unwrap();
    }
}
