//! The armies at a share of the text's (`Options::forces`, the campaign's hook, issue 39):
//! each army block starts at its share of its printed SP, ships as printed; the British lose
//! below the same share of 24 SP (13); without the option the game is the text's, die for die.

use fiw_engine::Game;
use fiw_louisbourg::forces::{forces, Kind, Side};
use fiw_louisbourg::{Louisbourg, Options, Shares};

fn army(g: &Louisbourg, side: Side) -> u32 {
    g.units()
        .iter()
        .filter(|u| u.side == side && u.kind != Kind::Ship)
        .map(|u| u32::from(u.sp))
        .sum()
}

fn printed(side: Side) -> u32 {
    forces().army_sp(side)
}

#[test]
fn each_army_starts_at_its_share_and_the_british_need_their_share_of_24() {
    let whole = Louisbourg::new(&Options::default(), 5).unwrap();
    assert_eq!(army(&whole, Side::British), printed(Side::British));
    assert_eq!(whole.victory_sp(), 24);
    let mut seen = Vec::new();
    for seed in 0..40 {
        let options = Options {
            forces: Some(Shares {
                british: 50,
                french: 75,
            }),
            ..Options::default()
        };
        let g = Louisbourg::new(&options, seed).unwrap();
        assert_eq!(g.victory_sp(), 12);
        assert!(g.view(0).victory_sp == 12);
        for u in g.units() {
            assert!(u.sp >= 1);
        }
        // ships as printed
        let ships = |g: &Louisbourg| -> u32 {
            g.units()
                .iter()
                .filter(|u| u.kind == Kind::Ship)
                .map(|u| u32::from(u.sp))
                .sum()
        };
        assert_eq!(ships(&g), ships(&whole));
        seen.push((army(&g, Side::British), army(&g, Side::French)));
    }
    // rounded at random in proportion: on average the share, within a few SP
    let n = seen.len() as f64;
    let b = seen.iter().map(|s| f64::from(s.0)).sum::<f64>() / n;
    let f = seen.iter().map(|s| f64::from(s.1)).sum::<f64>() / n;
    let (pb, pf) = (
        f64::from(printed(Side::British)),
        f64::from(printed(Side::French)),
    );
    assert!((b - 0.5 * pb).abs() < 2.0, "{b} of {pb}");
    assert!((f - 0.75 * pf).abs() < 2.0, "{f} of {pf}");
}

#[test]
fn a_share_out_of_range_is_refused_by_name() {
    for (british, french) in [(0, 50), (50, 101)] {
        let options = Options {
            forces: Some(Shares { british, french }),
            ..Options::default()
        };
        let e = Louisbourg::new(&options, 1).err().unwrap();
        assert!(e.message.contains("option forces"), "{}", e.message);
    }
}

#[test]
fn without_the_option_the_game_is_the_texts() {
    let a = Louisbourg::new(&Options::default(), 9).unwrap();
    let full = Options {
        forces: Some(Shares {
            british: 100,
            french: 100,
        }),
        ..Options::default()
    };
    let b = Louisbourg::new(&full, 9).unwrap();
    // at 100 % no block changes and no die is rolled for them
    assert_eq!(a.units(), b.units());
    assert_eq!(
        serde_json::to_string(&a.view(0)).unwrap(),
        serde_json::to_string(&b.view(0)).unwrap()
    );
}
