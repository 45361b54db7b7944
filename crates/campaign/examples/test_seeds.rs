//! The seeds of the browser test of the campaign (web/tests/campaign.mjs): for each kind of
//! battle and side, the first campaigns in which the player who always takes the first action
//! offered on the map, and rolls every attack on the chart but the kind looked for, meets an
//! attack of that kind; and how many decisions the player then makes in the battle choosing
//! at random (as the test's clicks do), so that the test fights short ones. A rules change that
//! moves the map's dice moves these seeds: run this again and put the new ones in the test.
//!
//! ```sh
//! cargo run --release -p fiw-campaign --example test_seeds
//! ```

use fiw_campaign::{Action, BattleKind, Campaign, Options};
use fiw_engine::{Dice, Game};
use fiw_solitaire::Side;

fn main() {
    let mut legal = Vec::new();
    for kind in BattleKind::ALL {
        for side in [Side::British, Side::French] {
            let mut found = Vec::new();
            for seed in 0..400u64 {
                if found.len() == 6 {
                    break;
                }
                let mut g = Campaign::new(
                    &Options {
                        side,
                        ..Default::default()
                    },
                    seed,
                )
                .unwrap();
                let mut steps = 0;
                let met = loop {
                    if g.to_move().is_none() || steps > 300 {
                        break false;
                    }
                    g.legal_actions(&mut legal);
                    if let Some(w) = g.waiting_attack() {
                        if w.battle == kind {
                            break true;
                        }
                        g.apply(Action::Map(fiw_solitaire::Action::Roll)).unwrap();
                    } else {
                        g.apply(legal[0]).unwrap();
                    }
                    steps += 1;
                };
                if !met {
                    continue;
                }
                g.apply(Action::Fight).unwrap();
                let mut dice = Dice::new(seed);
                let mut decisions = 0;
                while g.battle().is_some() && g.to_move().is_some() {
                    g.legal_actions(&mut legal);
                    let a = legal[dice.below(legal.len() as u32) as usize];
                    g.apply(a).unwrap();
                    decisions += 1;
                }
                found.push(format!("{seed} (map {steps}, battle {decisions})"));
            }
            println!("{} as the {}: {}", kind.word(), side.id(), found.join(", "));
        }
    }
}
