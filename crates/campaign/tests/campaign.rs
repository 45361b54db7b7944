//! Issue 39: the campaign as a game. Random campaigns (every choice at random: the map's
//! actions, roll, fight or the generals at each attack that can be a battle, and the battle's
//! orders) never panic, end, and replay from their saves to the same digest; a fought battle
//! goes back to the map; a campaign that always rolls is the text's Solitaire game.

use fiw_campaign::game::How;
use fiw_campaign::{Action, Campaign, Options};
use fiw_engine::{replay, Dice, Game, SaveFile, Side};

/// Plays `seed`'s campaign with `pick` choosing among the legal actions; returns the game and
/// its actions' texts.
fn play(
    seed: u64,
    side: Side,
    mut pick: impl FnMut(&Campaign, &[Action]) -> usize,
) -> (Campaign, Vec<String>) {
    let options = Options { side };
    let mut g = Campaign::new(&options, seed).unwrap();
    let mut legal = Vec::new();
    let mut texts = Vec::new();
    let mut steps = 0u32;
    while g.to_move().is_some() {
        g.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "no legal action");
        let a = legal[pick(&g, &legal).min(legal.len() - 1)];
        assert!(g.check(&a).is_ok(), "listed action refused: {a:?}");
        let text = g.action_text(&a);
        assert_eq!(g.parse_action(&text).unwrap(), a, "{text}");
        texts.push(text);
        g.apply(a).unwrap();
        steps += 1;
        assert!(steps < 200_000, "campaign too long");
    }
    (g, texts)
}

#[test]
fn random_campaigns_end_and_replay_from_their_saves() {
    let mut fought = 0;
    let mut by_generals = 0;
    for seed in 0..6 {
        let side = [Side::British, Side::French][seed as usize % 2];
        let mut dice = Dice::new(seed ^ 0xca3b);
        let (g, texts) = play(seed, side, |g, legal| {
            // at a waiting attack: roll, fight or the generals, a third each
            if legal.contains(&Action::Fight) && g.battle().is_none() {
                return match dice.below(3) {
                    0 => legal.iter().position(|a| *a == Action::Fight).unwrap(),
                    1 => legal.iter().position(|a| *a == Action::Generals).unwrap(),
                    _ => 0,
                };
            }
            dice.below(legal.len() as u32) as usize
        });
        assert!(g.outcome().is_some());
        fought += g.battles().iter().filter(|r| r.how == How::Fought).count();
        by_generals += g
            .battles()
            .iter()
            .filter(|r| r.how == How::Generals)
            .count();
        let save = SaveFile::of(&g, &Options { side }, seed, texts);
        let back = replay::<Campaign>(&save.to_json(), false).unwrap();
        assert_eq!(back.state.digest(), g.digest(), "seed {seed}");
        assert_eq!(back.state.outcome(), g.outcome());
    }
    assert!(
        fought > 0 && by_generals > 0,
        "fought {fought}, by the generals {by_generals}"
    );
}

#[test]
fn a_campaign_that_always_rolls_is_the_texts_game() {
    for seed in 0..10 {
        let mut a = Dice::new(seed);
        let (g, _) = play(seed, Side::British, |_, legal| {
            // never fight: the choices the map offers, in the same order as Solitaire's
            let map: Vec<usize> = (0..legal.len())
                .filter(|&i| matches!(legal[i], Action::Map(_)))
                .collect();
            // a stop to roll is the campaign's alone: no choice drawn for it
            if legal[map[0]] == Action::Map(fiw_solitaire::Action::Roll) {
                return map[0];
            }
            map[a.below(map.len() as u32) as usize]
        });
        let mut text = fiw_solitaire::Solitaire::new(
            &fiw_solitaire::Options {
                side: Side::British,
            },
            seed,
        )
        .unwrap();
        let mut b = Dice::new(seed);
        let mut legal = Vec::new();
        while text.to_move().is_some() {
            text.legal_actions(&mut legal);
            let pick = legal[b.below(legal.len() as u32) as usize];
            text.apply(pick).unwrap();
        }
        assert_eq!(g.map().board().front, text.board().front, "seed {seed}");
        assert_eq!(g.outcome(), text.outcome(), "seed {seed}");
        assert!(g.battles().is_empty());
    }
}

#[test]
fn the_heuristic_plays_the_map_and_commands_its_battles() {
    for seed in 0..3 {
        let mut h = Campaign::heuristic_policy(seed).unwrap();
        let (g, _) = play(seed, Side::British, |g, legal| {
            // fight every battle it can, so the heuristic commands them
            if let Some(k) = legal.iter().position(|a| *a == Action::Fight) {
                return k;
            }
            h.choose(&fiw_engine::Seen::new(g, 0), legal)
        });
        assert!(g.outcome().is_some());
        assert!(g.battles().iter().all(|r| r.how == How::Fought));
        assert!(!g.battles().is_empty(), "seed {seed}: no battle");
    }
    // left to itself it lets the generals fight
    let mut h = Campaign::heuristic_policy(7).unwrap();
    let (g, _) = play(7, Side::French, |g, legal| {
        h.choose(&fiw_engine::Seen::new(g, 0), legal)
    });
    assert!(g.battles().iter().all(|r| r.how == How::Generals));
}
