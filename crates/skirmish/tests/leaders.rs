//! Leaders who move (1.2, 3.3, 10.7, 12.5; the audit's M12): the general rides to any unit of
//! his side, a hero joins a unit to rally it, a colonel stays among his battalion's companies,
//! and a leader riding alone is a target.

use crate::common;

use common::*;
use fiw_engine::Game;
use fiw_skirmish::{Side, Skirmish};

/// The British headquarters: a light company in skirmish order at `at` whose colonel is the
/// side's general, of personality `p` (br-hq.1).
fn hq(at: (f64, f64), p: &str) -> String {
    unit(
        "british",
        "br-hq",
        &format!(
            "troop = \"light\"\nfieldcraft = 1\nformation = \"skirmish\"\nat = [{}, {}]\nfacing = 90\nfigures = [{{ role = \"colonel\", general = true, personality = \"{p}\" }}, {{ role = \"officer\" }}, {{ role = \"private\", count = 5 }}]",
            at.0, at.1
        ),
    )
}

/// Figure `id` (as typed, `br-hq.1`).
fn fig(g: &Skirmish, id: &str) -> usize {
    let a = g.parse_action(&format!("place {id} at 1,1")).unwrap();
    match a {
        fiw_skirmish::Action::Place { fig, .. } => fig as usize,
        _ => unreachable!(),
    }
}

/// The step order that takes figure `f` to within reach (1") of unit `to`'s nearest figure.
fn ride_to(g: &Skirmish, f: usize, to: &str) -> String {
    let p = g.figures()[f].pose.at;
    let q = g
        .present_figures(u(g, to))
        .map(|h| g.figures()[h].pose.at)
        .min_by(|a, b| p.dist(*a).total_cmp(&p.dist(*b)))
        .unwrap();
    let d = p.dist(q);
    let bearing = (q.x - p.x).atan2(q.y - p.y).to_degrees().rem_euclid(360.0);
    format!("step {:.1} at {:.0}", d - 1.4, bearing)
}

fn far_table(extra_french: &str) -> String {
    let british = format!(
        "{}{}",
        hq((6.0, 24.0), "rash"),
        line("british", "br-far", (19.0, 29.0), 90.0, 9)
    );
    let french = format!(
        "{}{extra_french}",
        band("french", "fr-z", (40.0, 30.0), 270.0, 5)
    );
    scenario("", "", &british, &french)
}

// 1.2, 3.3: the general rides to a distant company (no longer fixed to his own) and joins it;
// its next control check gets his +2 (rash), which it never had with him 6" and more away.
#[test]
fn m12_the_general_rides_to_a_distant_unit_and_adds_to_its_test_1_2_3_3() {
    let mut g = game(&far_table(""), &[13, 14, 15]);
    play(&mut g, "activate br-hq");
    assert!(
        is_listed(&g, "join br-hq.1 to br-far"),
        "the menu offers the ride: {:?}",
        menu(&g)
    );
    let general = g.general(Side::British).unwrap();
    // out of the 6" of 3.3 where he starts
    let far = u(&g, "br-far");
    assert!(g
        .present_figures(far)
        .all(|h| !g.base(general).is_within(&g.base(h), 6.0)));
    play(&mut g, "join br-hq.1 to br-far");
    assert!(log(&g).contains("the colonel of br-hq rides off alone: british-rider-a (1.2)"));
    assert_eq!(g.figures()[general].unit as usize, u(&g, "british-rider-a"));
    play(&mut g, "pass");
    // his own card: a lone figure at his kind's rate (light infantry 6" + 1D6)
    play(&mut g, "activate british-rider-a");
    dice(&mut g, &[6]);
    play(&mut g, "move");
    let step = ride_to(&g, general, "br-far");
    play(&mut g, &step);
    assert_eq!(g.figures()[general].unit as usize, far, "{}", log(&g));
    assert!(log(&g).contains("the colonel joins br-far (1.2)"));
    // br-far's card: 3 + 2 = 5, continue (it stood)
    play(&mut g, "activate br-far");
    dice(&mut g, &[3]);
    play(&mut g, "test");
    assert!(
        log(&g).contains("br-far tests control: rolls 3, leaders +2"),
        "{}",
        log(&g)
    );
    assert!(log(&g).contains("br-far scores 5"));
    // he counts in the strength of the unit he joined, and no longer in his own
    assert_eq!(g.units()[far].strength, 11);
    assert_eq!(g.units()[u(&g, "br-hq")].strength, 6);
}

// 1.2, 3.3: a colonel goes only among the companies of his own battalion.
#[test]
fn m12_a_colonel_may_not_join_another_battalions_company_1_2_3_3() {
    let company = |id: &str, at: (f64, f64), first: &str| {
        unit(
            "british",
            id,
            &format!(
                "troop = \"regular\"\nfieldcraft = 1\nformation = \"line\"\nranks = 2\nat = [{}, {}]\nfacing = 90\nfigures = [{first}{{ role = \"officer\" }}, {{ role = \"private\", count = 5 }}]",
                at.0, at.1
            ),
        )
    };
    let colours = "{ role = \"colour\" }, { role = \"musician\" }, ";
    let british = format!(
        "{}{}{}{}[[british.battalions]]\nid = \"br-1st\"\ncompanies = [\"br-x\", \"br-y\"]\n[[british.battalions]]\nid = \"br-2nd\"\ncompanies = [\"br-z\", \"br-w\"]\n",
        company("br-x", (10.0, 15.0), "{ role = \"colonel\" }, "),
        company("br-y", (10.0, 19.4), colours),
        company("br-z", (10.0, 26.0), "{ role = \"colonel\" }, "),
        company("br-w", (10.0, 30.4), colours),
    );
    let t = scenario(
        "",
        "",
        &british,
        &line("french", "fr-a", (40.0, 18.0), 270.0, 9),
    );
    let mut g = game(&t, &[RED]);
    play(&mut g, "activate br-1st");
    let e = refused(&g, "join br-x.1 to br-z");
    assert_eq!(e.rule, "1.2");
    assert!(
        e.message.contains("colonel of br-1st") && e.message.contains("3.3"),
        "{e}"
    );
    assert!(!is_listed(&g, "join br-x.1 to br-z"));
    assert!(legal(&g, "join br-x.1 to br-y"));
    assert!(is_listed(&g, "join br-x.1 to br-y"));
    // a company officer is no leader who rides
    assert_eq!(refused(&g, "join br-x.2 to br-y").rule, "1.2");
}

// 12.5: a hero who joined a unit to rally it adds +1 to each recovery roll: two 5s come back.
#[test]
fn m12_a_hero_joined_to_a_unit_adds_to_its_recovery_12_5() {
    let hero = unit(
        "british",
        "br-h",
        "troop = \"irregular\"\nfieldcraft = 3\nformation = \"skirmish\"\nat = [6, 24]\nfacing = 90\nfigures = [{ role = \"officer\" }, { role = \"hero\" }, { role = \"private\", count = 5 }]",
    );
    let british = format!("{hero}{}", line("british", "br-b", (6.0, 10.0), 90.0, 9));
    let t = scenario(
        "",
        "",
        &british,
        &band("french", "fr-z", (40.0, 30.0), 270.0, 5),
    );
    let mut g = game(&t, &[13, 14, 15]).with_casualties("br-b", 2).unwrap();
    let b = u(&g, "br-b");
    assert_eq!(g.recovery_modifier(b), 0, "an officer, no hero");
    play(&mut g, "activate br-h");
    let h = fig(&g, "br-h.2");
    play(&mut g, "join br-h.2 to br-b");
    play(&mut g, "pass");
    play(&mut g, "activate british-rider-a");
    dice(&mut g, &[6, 6]);
    play(&mut g, "move");
    let step = ride_to(&g, h, "br-b");
    play(&mut g, &step);
    assert_eq!(g.figures()[h].unit as usize, b, "{}", log(&g));
    assert_eq!(g.recovery_modifier(b), 1, "the hero joined it");
    play(&mut g, "activate br-b");
    dice(&mut g, &[3]);
    play(&mut g, "test");
    dice(&mut g, &[5, 5]);
    play(&mut g, "rally");
    assert!(
        log(&g).contains("br-b recalls 2 of 2 casualties (12.5)"),
        "{}",
        log(&g)
    );
    assert_eq!(held(&g, "br-b"), 0);
}

// 10.7: a leader riding alone is himself a target: fire that hits him rolls a die, and on a
// 6 he falls (the general's place then waits for his successor).
#[test]
fn m12_a_leader_riding_alone_is_a_target_10_7() {
    let british = format!(
        "{}{}",
        hq((6.0, 18.0), "rash"),
        line("british", "br-far", (40.0, 18.0), 270.0, 9)
    );
    let french = band("french", "fr-a", (17.0, 23.0), 270.0, 5);
    let t = scenario("", "", &british, &french);
    let mut g = game(&t, &[13, 14, 0]);
    play(&mut g, "activate br-hq");
    play(&mut g, "join br-hq.1 to br-far");
    play(&mut g, "pass");
    play(&mut g, "activate british-rider-a");
    dice(&mut g, &[6]);
    play(&mut g, "move");
    let general = g.general(Side::British).unwrap();
    let x = g.figures()[general].pose.at.x;
    play(&mut g, &format!("step {:.1} at 90", 15.0 - x));
    play(&mut g, "done");
    play(&mut g, "activate fr-a");
    assert!(legal(&g, "fire at british-rider-a"), "{:?}", menu(&g));
    dice(&mut g, &[6, 6, 6, 6, 6, 6, 6, 6]);
    play(&mut g, "fire at british-rider-a");
    let text = log(&g);
    assert!(
        text.contains("british-rider-a, the colonel riding alone, falls (10.7)"),
        "{text}"
    );
    assert_eq!(g.general(Side::British), None);
    assert!(text.contains("the British general falls (10.7)"), "{text}");
}

// 10.7: and a 5 leaves him riding on.
#[test]
fn m12_a_leader_riding_alone_survives_a_5_10_7() {
    let british = format!(
        "{}{}",
        hq((6.0, 18.0), "rash"),
        line("british", "br-far", (40.0, 18.0), 270.0, 9)
    );
    let t = scenario(
        "",
        "",
        &british,
        &band("french", "fr-a", (17.0, 23.0), 270.0, 5),
    );
    let mut g = game(&t, &[13, 14, 0]);
    play(&mut g, "activate br-hq");
    play(&mut g, "join br-hq.1 to br-far");
    play(&mut g, "pass");
    play(&mut g, "activate british-rider-a");
    dice(&mut g, &[6]);
    play(&mut g, "move");
    let general = g.general(Side::British).unwrap();
    let x = g.figures()[general].pose.at.x;
    play(&mut g, &format!("step {:.1} at 90", 15.0 - x));
    play(&mut g, "done");
    play(&mut g, "activate fr-a");
    dice(&mut g, &[6, 6, 6, 5]);
    play(&mut g, "fire at british-rider-a");
    assert!(
        log(&g).contains("is a target: not hit (10.7)"),
        "{}",
        log(&g)
    );
    assert_eq!(g.general(Side::British), Some(general));
    assert!(g.present(general));
}

// Saves are action lists: a game with join orders in it replays to the same state.
#[test]
fn m12_a_save_with_join_orders_replays_1_2() {
    use fiw_engine::{replay, SaveFile};
    let text = far_table("");
    let options = fiw_skirmish::Options {
        scenario: "test".into(),
        text: Some(text),
        deck: vec![13, 14, 15],
        ..fiw_skirmish::Options::default()
    };
    let mut g = Skirmish::new(&options, 5).unwrap();
    let mut texts = Vec::new();
    for t in [
        "activate br-hq",
        "join br-hq.1 to br-far",
        "pass",
        "activate british-rider-a",
        "move",
        "done",
    ] {
        play(&mut g, t);
        texts.push(t.to_string());
    }
    let general = g.general(Side::British).unwrap();
    assert_eq!(g.figures()[general].unit as usize, u(&g, "british-rider-a"));
    let save = SaveFile::of(&g, &options, 5, texts);
    let replayed = replay::<Skirmish>(&save.to_json(), false).unwrap();
    assert_eq!(replayed.state.digest(), g.digest());
    assert_eq!(
        replayed.state.figures()[general].unit as usize,
        u(&g, "british-rider-a")
    );
}

// 1.2, 12.5: the computer general sends a hero to a company with men to recover, out of the
// enemy's reach, when the card falls to the hero's own band; then rides him there.
#[test]
fn m12_the_computer_general_sends_a_hero_to_rally_a_wavering_unit_12_5() {
    use fiw_engine::{Policy, Seen};
    use fiw_skirmish::general::General;
    let hero = unit(
        "british",
        "br-h",
        "troop = \"irregular\"\nfieldcraft = 3\nformation = \"skirmish\"\nat = [6, 24]\nfacing = 90\nfigures = [{ role = \"officer\" }, { role = \"hero\" }, { role = \"private\", count = 5 }]",
    );
    let british = format!("{hero}{}", line("british", "br-b", (15.0, 24.0), 90.0, 9));
    let t = scenario(
        "",
        "",
        &british,
        &band("french", "fr-z", (40.0, 30.0), 270.0, 5),
    );
    let mut g = game(&t, &[13, 14, 15]).with_casualties("br-b", 3).unwrap();
    play(&mut g, "activate br-h");
    let mut general = General::new(1);
    let a = general.propose(&Seen::new(&g, 0)).unwrap();
    assert_eq!(g.action_text(&a), "join br-h.2 to br-b");
    // a unit with nobody to recover is left alone
    let mut calm = game(&t, &[13, 14, 15]);
    play(&mut calm, "activate br-h");
    let a = general.propose(&Seen::new(&calm, 0)).unwrap();
    assert!(
        !g.action_text(&a).starts_with("join"),
        "{}",
        g.action_text(&a)
    );
}
