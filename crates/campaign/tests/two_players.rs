//! The campaign for two players (C11): both seats take the player's procedure on the map, the
//! attacker settles each attack, and a battle fought is fought between the two seats.

use fiw_campaign::game::How;
use fiw_campaign::{Action, Campaign, Options};
use fiw_engine::{decide, replay, Dice, Game, Holds, Policy, SaveFile, Seat, Side};
use fiw_solitaire::{BOT, PLAYER};

fn two(side: Side) -> Options {
    Options {
        side,
        two_players: true,
    }
}

/// The side of the battle's game `seat` commands, as the campaign gives it to that seat's
/// player (the inner game it plays and the seat there).
fn commanded(g: &Campaign, seat: Seat) -> Option<Seat> {
    let b = g.battle()?;
    let inner = match (b.d3(), b.skirmish(), b.louisbourg()) {
        (Some(_), _, _) => <Campaign as Holds<fiw_d3::D3>>::inner(g, seat).map(|(_, s)| s),
        (_, Some(_), _) => {
            <Campaign as Holds<fiw_skirmish::Skirmish>>::inner(g, seat).map(|(_, s)| s)
        }
        _ => <Campaign as Holds<fiw_louisbourg::Louisbourg>>::inner(g, seat).map(|(_, s)| s),
    };
    inner
}

#[test]
fn a_battle_is_fought_between_the_two_seats() {
    let mut fought = 0;
    for seed in 0..6u64 {
        let side = if seed % 2 == 0 {
            Side::British
        } else {
            Side::French
        };
        let options = two(side);
        let mut g = Campaign::new(&options, seed).unwrap();
        let mut heuristic: Vec<Box<dyn Policy<Campaign>>> = vec![
            Campaign::heuristic_policy(seed).unwrap(),
            Campaign::heuristic_policy(seed + 1).unwrap(),
        ];
        let mut legal = Vec::new();
        let mut moved = [0u32; 2];
        let mut in_battle = false;
        let mut steps = 0;
        while let Some(seat) = g.to_move() {
            steps += 1;
            assert!(steps < 200_000, "seed {seed}: too long");
            if g.battle().is_none() && g.map().pending().is_some() {
                // the attacker settles its attack (C11), and here fights it
                let attacker = g.map().pending().unwrap().side;
                assert_eq!(seat, g.map().board().seat_of(attacker), "seed {seed}");
                if fought < 4 {
                    g.apply(Action::Fight).unwrap();
                    in_battle = g.battle().is_some();
                    continue;
                }
            }
            if let Some(b) = g.battle() {
                // the seat that decides commands the side to move in the battle's game, and
                // each seat is given its own side
                let player = b.player;
                let inner = commanded(&g, seat).expect("the deciding seat commands a side");
                assert_eq!(
                    Side::of_seat(inner),
                    if seat == PLAYER {
                        player
                    } else {
                        player.other()
                    },
                    "seed {seed}"
                );
                let other = 1 - seat;
                assert_eq!(
                    commanded(&g, other).map(Side::of_seat),
                    Some(if other == PLAYER {
                        player
                    } else {
                        player.other()
                    })
                );
                moved[seat] += 1;
            }
            let a = decide(&g, seat, &mut *heuristic[seat], &mut legal).unwrap();
            g.apply(a).unwrap();
            if in_battle && g.battle().is_none() {
                in_battle = false;
                fought += 1;
                let r = g.battles().last().unwrap();
                assert_eq!(r.how, How::Fought);
            }
        }
        assert!(g.outcome().is_some());
        if moved[PLAYER] > 0 {
            assert!(
                moved[BOT] > 0,
                "seed {seed}: the second seat gave no order: {moved:?}"
            );
        }
    }
    assert!(fought >= 2, "only {fought} battles fought");
}

#[test]
fn random_two_player_campaigns_end_and_replay() {
    for seed in [11u64, 12] {
        let side = if seed % 2 == 0 {
            Side::British
        } else {
            Side::French
        };
        let options = two(side);
        let mut g = Campaign::new(&options, seed).unwrap();
        let mut dice = Dice::new(seed ^ 0x9e37);
        let mut legal = Vec::new();
        let mut texts = Vec::new();
        let mut seats = [0u32; 2];
        while let Some(seat) = g.to_move() {
            seats[seat] += 1;
            g.legal_actions(&mut legal);
            assert!(!legal.is_empty());
            // roll, fight or the generals, a third each; random orders in a battle
            let a = if legal.contains(&Action::Fight) && g.battle().is_none() {
                [
                    Action::Map(fiw_solitaire::Action::Roll),
                    Action::Fight,
                    Action::Generals,
                ][dice.below(3) as usize]
            } else {
                legal[dice.below(legal.len() as u32) as usize]
            };
            assert!(g.check(&a).is_ok(), "listed action refused: {a:?}");
            texts.push(g.action_text(&a));
            g.apply(a).unwrap();
            assert!(texts.len() < 400_000, "campaign too long");
        }
        assert!(seats[PLAYER] > 0 && seats[BOT] > 0, "{seats:?}");
        let save = SaveFile::of(&g, &options, seed, texts);
        let back = replay::<Campaign>(&save.to_json(), false).unwrap();
        assert_eq!(back.state.digest(), g.digest());
    }
}
