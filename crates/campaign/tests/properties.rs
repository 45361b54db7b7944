//! Issue 39's property tests: random campaigns (every choice at random, battles fought at
//! random orders or by the generals) never panic, end, and replay from their saves to the same
//! digest; every battle made from any attack the map can make, at any ratio the data allows,
//! passes its own game's checks.

use crate::common;

use fiw_campaign::battles::Battles;
use fiw_campaign::{Action, Campaign, Options};
use fiw_engine::{replay, Dice, Game, SaveFile, Side};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    #[test]
    fn random_campaigns_end_and_replay(seed in any::<u64>(), french in any::<bool>()) {
        let side = if french { Side::French } else { Side::British };
        let options = Options { side, ..Default::default() };
        let mut g = Campaign::new(&options, seed).unwrap();
        let mut dice = Dice::new(seed ^ 0x9e37);
        let mut legal = Vec::new();
        let mut texts = Vec::new();
        let mut steps = 0u32;
        while g.to_move().is_some() {
            g.legal_actions(&mut legal);
            prop_assert!(!legal.is_empty());
            // at a waiting attack: roll, fight or the generals, a third each
            let a = if legal.contains(&Action::Fight) && g.battle().is_none() {
                [Action::Map(fiw_solitaire::Action::Roll), Action::Fight, Action::Generals]
                    [dice.below(3) as usize]
            } else {
                legal[dice.below(legal.len() as u32) as usize]
            };
            prop_assert!(g.check(&a).is_ok(), "listed action refused: {:?}", a);
            texts.push(g.action_text(&a));
            g.apply(a).unwrap();
            steps += 1;
            prop_assert!(steps < 400_000, "campaign too long");
        }
        // every battle asked for was made
        prop_assert!(!g.log().entries().iter().any(|e| e.text.starts_with("No battle")));
        let save = SaveFile::of(&g, &options, seed, texts);
        let back = replay::<Campaign>(&save.to_json(), false).unwrap();
        prop_assert_eq!(back.state.digest(), g.digest());
    }

    #[test]
    fn every_battle_made_passes_its_games_checks(
        variant in 0u32..16,
        pick in any::<u32>(),
        share in 0.0f64..=1.0,
        seed in any::<u64>(),
    ) {
        let attacks = common::attacks(variant);
        let s = &attacks[pick as usize % attacks.len()];
        let battles = Battles::of(s);
        let ratio = 0.25 + share * (battles.most_ratio() - 0.25);
        let g = battles.make(s, ratio, &mut Dice::new(seed)).unwrap();
        match battles {
            Battles::Fort(_) => {
                prop_assert!(fiw_d3::Scenario::parse(&g.text, &g.name).is_ok(), "{}", g.text);
            }
            Battles::Raid | Battles::Open => {
                let checked = fiw_skirmish::Scenario::parse(&g.text, &g.name);
                prop_assert!(checked.is_ok(), "{:?}", checked.err());
            }
            Battles::Siege => {
                let options = fiw_campaign::siege::options(&g).unwrap();
                prop_assert!(fiw_louisbourg::Louisbourg::new(&options, seed).is_ok());
            }
        }
    }
}
