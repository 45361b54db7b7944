//! S1 the defender's set-up in the Relief Column (audit M13): the British place their
//! battalion and grenadiers anywhere up to the farm and lay up to 12" of abatis before play;
//! `ready` at once keeps the scenario's own places; the computer general follows one of the
//! scenario's plans; a save with set-up orders replays.

use crate::common;

use common::{legal, menu, play, refused, u};
use fiw_engine::{replay, Game, Policy, SaveFile, Seen};
use fiw_skirmish::general::General;
use fiw_skirmish::{Options, Phase, Side, Skirmish};

fn relief(seed: u64) -> (Skirmish, Options) {
    let options = Options {
        scenario: "relief-column".into(),
        ..Options::default()
    };
    (Skirmish::new(&options, seed).unwrap(), options)
}

/// Unit `id`'s anchor and facing.
fn anchor(g: &Skirmish, id: &str) -> (f64, f64, f64) {
    let a = g.units()[u(g, id)].anchor;
    (a.at.x, a.at.y, a.facing)
}

#[test]
fn s1_the_defender_places_its_battalion_where_it_likes_up_to_the_farm() {
    let (mut g, _) = relief(1);
    assert_eq!(g.phase(), Phase::SetUp(Side::British));
    assert_eq!(
        g.to_move(),
        Some(0),
        "the British set up; the French wait off the table"
    );
    play(&mut g, "set br-line-a at 26,13.2 facing 270");
    play(&mut g, "set br-line-b at 26,18");
    play(&mut g, "set br-gren at 36,30 facing 0");
    assert_eq!(anchor(&g, "br-line-a"), (26.0, 13.2, 270.0));
    assert_eq!(anchor(&g, "br-line-b"), (26.0, 18.0, 270.0));
    assert_eq!(anchor(&g, "br-gren"), (36.0, 30.0, 0.0));
    for id in ["br-line-a", "br-line-b", "br-gren"] {
        for &f in &g.units()[u(&g, id)].figures {
            let p = g.figures()[f as usize].pose.at;
            assert!(p.x >= 20.0, "{id} at {p:?}");
        }
    }
    // the battalion's companies stand in line, as the scenario forms them
    assert!(g.units()[u(&g, "br-line-a")]
        .formation
        .word()
        .contains("line"));
    // the hidden units' deployment follows the set-up
    play(&mut g, "ready");
    assert_eq!(g.phase(), Phase::Deploy(Side::British));
    assert_eq!(anchor(&g, "br-line-a"), (26.0, 13.2, 270.0));
}

#[test]
fn s1_a_place_beyond_the_farm_is_refused() {
    let (g, _) = relief(1);
    let e = refused(&g, "set br-line-a at 15,16 facing 270");
    assert_eq!(e.rule, "S1", "{e}");
    assert!(e.message.contains("x 20 and east"), "{e}");
    // partly beyond: the line's rear rank would stand west of x 20
    let e = refused(&g, "set br-line-a at 19.5,16 facing 90");
    assert_eq!(e.rule, "S1", "{e}");
    // on the river, on another company, on the abatis
    assert_eq!(refused(&g, "set br-gren at 50,2 facing 270").rule, "S1");
    let e = refused(&g, "set br-gren at 44,13.2 facing 270");
    assert!(e.message.contains("br-line-a"), "{e}");
    let e = refused(&g, "set br-gren at 37.5,16 facing 270");
    assert!(e.message.contains("abatis"), "{e}");
    // a unit the set-up does not place (a hidden one deploys by 7.7)
    assert_eq!(refused(&g, "set br-light at 30,16 facing 270").rule, "S1");
    // and nothing else is open before the set-up is done
    assert_eq!(refused(&g, "deploy br-light at 30,7.5").rule, "S1");
    // the terminal's `why` names the section too: the menu lists the set-up's orders
    let listed = menu(&g);
    assert!(listed.contains(&"ready".to_string()), "{listed:?}");
    assert!(
        listed.iter().any(|m| m.starts_with("set br-line-a at ")),
        "{listed:?}"
    );
    assert!(listed.contains(&"lift abatis 1".to_string()), "{listed:?}");
}

#[test]
fn s1_abatis_over_12_inches_is_refused() {
    let (mut g, _) = relief(1);
    // the scenario's own 12" are laid: not an inch more
    let e = refused(&g, "abatis 25,11 to 25,13");
    assert_eq!(e.rule, "S1");
    assert!(e.message.contains("12"), "{e}");
    // lifted, the 2" piece may go elsewhere, but 3" may not
    play(&mut g, "lift abatis 2");
    assert!(!legal(&g, "abatis 25,11 to 25,14"));
    play(&mut g, "abatis 25,11 to 25,13");
    // a piece of 13" is too long on its own
    play(&mut g, "lift abatis 1");
    play(&mut g, "lift abatis 1");
    assert_eq!(refused(&g, "abatis 30,9 to 30,22").rule, "S1");
    play(&mut g, "abatis 30,9 to 30,21");
    assert_eq!(g.abatis_laid(Side::British), 12.0);
    // pieces shorter than 2", beyond the farm, or in the river are refused
    play(&mut g, "lift abatis 1");
    assert_eq!(refused(&g, "abatis 30,11 to 30,12.5").rule, "S1");
    assert_eq!(refused(&g, "abatis 18,11 to 22,11").rule, "S1");
    assert_eq!(refused(&g, "abatis 30,1 to 30,6").rule, "S1");
    assert_eq!(refused(&g, "lift abatis 3").rule, "S1");
}

#[test]
fn s1_ready_with_the_defaults_gives_the_scenarios_own_positions() {
    let (mut g, _) = relief(3);
    let before: Vec<_> = g.figures().iter().map(|f| f.pose).collect();
    play(&mut g, "ready");
    let after: Vec<_> = g.figures().iter().map(|f| f.pose).collect();
    assert_eq!(before, after);
    assert_eq!(anchor(&g, "br-line-a"), (44.0, 13.2, 270.0));
    assert_eq!(anchor(&g, "br-line-b"), (44.0, 18.0, 270.0));
    assert_eq!(anchor(&g, "br-gren"), (50.0, 16.0, 270.0));
    assert_eq!(
        g.set_up_abatis()
            .iter()
            .map(|[a, b]| (a.x, a.y, b.x, b.y))
            .collect::<Vec<_>>(),
        vec![(38.0, 11.0, 38.0, 21.0), (38.0, 9.0, 38.0, 11.0)]
    );
    // then the hidden units' deployment, as before
    assert_eq!(g.phase(), Phase::Deploy(Side::British));
    let listed = menu(&g);
    for id in ["br-light", "br-rangers", "br-iroq-a", "br-iroq-b"] {
        assert!(
            listed
                .iter()
                .any(|m| m.starts_with(&format!("deploy {id} "))),
            "{listed:?}"
        );
    }
}

#[test]
fn s1_the_generals_set_up_is_legal_for_every_plan() {
    let plans = fiw_skirmish::Scenario::named("relief-column")
        .unwrap()
        .sides[0]
        .set_up
        .clone()
        .unwrap()
        .plans;
    assert!(plans.len() >= 3);
    for (k, plan) in plans.iter().enumerate() {
        let (mut g, _) = relief(k as u64);
        let mut general = General::new(k as u64).with_set_up_plan(k);
        let mut legal = Vec::new();
        let mut steps = 0;
        while g.phase() == Phase::SetUp(Side::British) {
            g.legal_actions(&mut legal);
            let seen = Seen::new(&g, 0);
            let a = legal[general.choose(&seen, &legal)];
            g.apply(a).unwrap_or_else(|e| panic!("{}: {e}", plan.name));
            steps += 1;
            assert!(steps < 30, "{}: the set-up does not end", plan.name);
        }
        for &(i, at, facing) in &plan.units {
            let a = g.units()[i].anchor;
            assert!(
                a.at.dist(at) < 0.06 && a.facing == facing,
                "{}: {} at {:?}, not {at:?}",
                plan.name,
                g.id(i),
                a
            );
        }
        let laid: Vec<_> = g.set_up_abatis().iter().map(|[a, b]| (*a, *b)).collect();
        assert_eq!(laid.len(), plan.abatis.len(), "{}", plan.name);
        for piece in &plan.abatis {
            assert!(laid.contains(piece), "{}: {piece:?} not laid", plan.name);
        }
        assert!(g.abatis_laid(Side::British) <= 12.0 + 1e-9);
        // and the game goes on from it to its end
        assert_eq!(g.phase(), Phase::Deploy(Side::British), "{}", plan.name);
    }
}

#[test]
fn s1_a_save_with_set_up_orders_replays() {
    let (mut g, options) = relief(5);
    let mut texts = Vec::new();
    for t in [
        "set br-line-a at 30,13.2 facing 270",
        "lift abatis 2",
        "lift abatis 1",
        "abatis 27,10 to 27,21",
        "set br-gren at 34,16 facing 270",
        "ready",
    ] {
        play(&mut g, t);
        texts.push(t.to_string());
    }
    // the hidden units deploy, then a few cards
    for _ in 0..8 {
        let listed = menu(&g);
        let t = listed[0].clone();
        play(&mut g, &t);
        texts.push(t);
    }
    let save = SaveFile::of(&g, &options, 5, texts);
    let replayed = replay::<Skirmish>(&save.to_json(), false).unwrap();
    assert_eq!(replayed.state.digest(), g.digest());
    assert_eq!(anchor(&replayed.state, "br-line-a"), (30.0, 13.2, 270.0));
}
