//! The text's worked examples and each heading's rules, replayed with forced dice.

use fiw_engine::Game;
use fiw_solitaire::armies::{armies, NO_ARMY};
use fiw_solitaire::map::map;
use fiw_solitaire::turn_track::turn_track;
use fiw_solitaire::{Action, Board, Indians, Options, Side, Solitaire, Step, PLAYER};

const OHIO: u8 = 0;
const MOHAWK: u8 = 1;
const HUDSON: u8 = 2;
const ATLANTIC: u8 = 3;

fn army(id: &str) -> u8 {
    armies().named(id).unwrap_or_else(|| panic!("no army {id}"))
}

/// A board in the action step of `turn`, with `ap` action points, no armies on the map.
fn board(player: Side, turn: u8, ap: u8) -> Board {
    let mut b = Board::start(player);
    b.turn = turn;
    b.step = Step::Actions;
    b.ap = ap;
    b
}

fn game(b: Board) -> Solitaire {
    Solitaire::arranged(b, 1).unwrap()
}

fn town(g: &Solitaire, region: u8, side: Side) -> String {
    let t = g.board().town_of(region, side);
    if g.board().outside(region, side) {
        "outside".into()
    } else {
        map().town(region, t as usize).to_string()
    }
}

fn log_text(g: &Solitaire) -> String {
    g.log()
        .entries()
        .iter()
        .map(|e| e.text.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

/// 8, the Ohio example: the French are allied with the Ohio Indians and stand in Presque Isle;
/// the British attack it from Ft. Duquesne with a full militia and a +2 army: +2 for the army,
/// −1 for the Indians. A 4 (4 + 1 = 5) advances.
#[test]
fn ohio_attack_example_8() {
    let mut b = board(Side::British, 2, 3);
    b.front[OHIO as usize] = 3; // British at Ft. Duquesne, French at Presque Isle
    b.army[OHIO as usize][0] = army("br-2");
    b.indians[OHIO as usize] = Indians::French;
    let mut g = game(b);
    assert_eq!(town(&g, OHIO, Side::British), "Ft. Duquesne");
    assert_eq!(town(&g, OHIO, Side::French), "Presque Isle");
    let terms = g.board().attack_terms(OHIO, Side::British, 0);
    assert_eq!(terms.total(), 1);
    assert_eq!(
        terms.describe(),
        "+2 army, −1 Indians allied to the defender"
    );
    // the menu shows the odds beside the attack, all modifiers applied: 4, 5 or 6
    let note = g.action_note(&Action::Attack(OHIO)).unwrap();
    assert!(note.starts_with("advance 3/6 = 50 %"), "{note}");
    assert_eq!(
        g.action_text(&Action::Attack(OHIO)),
        "attack ohio",
        "the odds stay out of the save text"
    );
    g.force_dice([4]);
    g.apply(Action::Attack(OHIO)).unwrap();
    assert_eq!(town(&g, OHIO, Side::British), "Presque Isle");
    assert_eq!(town(&g, OHIO, Side::French), "Ft. Niagara");
    assert_eq!(g.board().ap, 2);
    assert!(
        log_text(&g).contains(
            "die 4, +2 army, −1 Indians allied to the defender = 5: advance into Presque Isle"
        ),
        "{}",
        log_text(&g)
    );
    // a 3 (3 + 1 = 4) would not have advanced
    let mut g = game(b);
    g.force_dice([3]);
    g.apply(Action::Attack(OHIO)).unwrap();
    assert_eq!(town(&g, OHIO, Side::British), "Ft. Duquesne");
    assert!(log_text(&g).contains("no result"));
}

/// 8, the natural-1 example: with a cumulative +3, a 2 makes 5 and advances; a 1 is not
/// modified and does not.
#[test]
fn natural_1_example_8() {
    let mut b = board(Side::British, 13, 2);
    b.front[OHIO as usize] = 3; // against Presque Isle, a plain town
    b.army[OHIO as usize][0] = army("br-4"); // +3, arrived on turn 13
    b.indians[OHIO as usize] = Indians::Neutral;
    assert_eq!(b.attack_terms(OHIO, Side::British, 0).total(), 3);
    let mut g = game(b);
    g.force_dice([2]);
    g.apply(Action::Attack(OHIO)).unwrap();
    assert_eq!(
        town(&g, OHIO, Side::British),
        "Presque Isle",
        "2 + 3 = 5 advances"
    );
    let mut g = game(b);
    g.force_dice([1]);
    g.apply(Action::Attack(OHIO)).unwrap();
    assert_eq!(
        town(&g, OHIO, Side::British),
        "Ft. Duquesne",
        "a natural 1 never advances"
    );
    assert!(
        log_text(&g).contains("die 1, natural 1, not modified: no result"),
        "{}",
        log_text(&g)
    );
    // and a natural 6 always does, whatever the modifiers
    b.army[OHIO as usize][0] = NO_ARMY;
    b.reduced[OHIO as usize][0] = true;
    b.front[OHIO as usize] = 4; // against Ft. Niagara, a flag town: −1 −2 = −3
    b.indians[OHIO as usize] = Indians::French; // −1 more
    assert_eq!(b.attack_terms(OHIO, Side::British, 0).total(), -4);
    let mut g = game(b);
    g.force_dice([6]);
    g.apply(Action::Attack(OHIO)).unwrap();
    assert!(g.board().outside(OHIO, Side::French));
}

/// 10, the Indian influence example: the Ohio Indians are French allies; the British spend 1 AP
/// and roll a 4: the marker moves to neutral.
#[test]
fn indian_influence_example_10() {
    let mut g = game(board(Side::British, 2, 3));
    assert_eq!(g.board().indians[OHIO as usize], Indians::French);
    assert_eq!(
        g.action_note(&Action::Influence(OHIO)).as_deref(),
        Some("success 3/6 = 50 %")
    );
    g.force_dice([4]);
    g.apply(Action::Influence(OHIO)).unwrap();
    assert_eq!(g.board().indians[OHIO as usize], Indians::Neutral);
    assert_eq!(g.board().ap, 2);
    // 1 to 3 fails
    g.force_dice([3]);
    g.apply(Action::Influence(OHIO)).unwrap();
    assert_eq!(g.board().indians[OHIO as usize], Indians::Neutral);
    g.force_dice([6]);
    g.apply(Action::Influence(OHIO)).unwrap();
    assert_eq!(g.board().indians[OHIO as usize], Indians::British);
    assert_eq!(g.board().ap, 0);
    // allies already: refused; and the Atlantic has no Indians
    let mut g = game(board(Side::French, 2, 3));
    assert_eq!(g.check(&Action::Influence(OHIO)).unwrap_err().rule, "10");
    assert_eq!(
        g.check(&Action::Influence(ATLANTIC)).unwrap_err().rule,
        "3.3"
    );
    g.force_dice([5]);
    g.apply(Action::Influence(MOHAWK)).unwrap();
    assert_eq!(g.board().indians[MOHAWK as usize], Indians::French);
}

/// 4: the start of the game, the player's two armies and the BOT's in the same regions.
#[test]
fn setup_4() {
    for side in [Side::British, Side::French] {
        let mut g = Solitaire::new(&Options { side }, 3).unwrap();
        let b = *g.board();
        assert_eq!(b.step, Step::Setup);
        assert_eq!(b.ocean, Side::French);
        assert_eq!(
            b.indians[..3],
            [Indians::French, Indians::Neutral, Indians::French]
        );
        let starts = [
            ("Cumberland", "Ft. Duquesne"),
            ("Oneida", "Ft. Frontenac"),
            ("Ft. William Henry", "Ft. Carillon"),
            ("Halifax", "Louisbourg"),
        ];
        for (r, (british, french)) in starts.iter().enumerate() {
            assert_eq!(town(&g, r as u8, Side::British), *british);
            assert_eq!(town(&g, r as u8, Side::French), *french);
        }
        // any of the four regions for the first army; then any other for the second
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        assert_eq!(legal.len(), 4);
        // the menu tells the attack each placement would give: the +1 army against
        // Ft. Carillon (fortified, Indians allied to the French) as British: +1 −1 −1 = −1
        if side == Side::British {
            assert_eq!(
                g.action_note(&legal[2]).as_deref(),
                Some("attack there: advance 1/6 = 17 %")
            );
            assert_eq!(
                g.action_note(&legal[3])
                    .as_deref()
                    .map(|n| n.starts_with("no attack there now")),
                Some(true)
            );
        }
        let (one, two) = if side == Side::British {
            ("br-1", "br-2")
        } else {
            ("fr-1", "fr-2")
        };
        g.apply(Action::parse(&format!("place {one} mohawk")).unwrap())
            .unwrap();
        g.legal_actions(&mut legal);
        assert_eq!(legal.len(), 3);
        assert_eq!(
            g.check(&Action::parse(&format!("place {two} mohawk")).unwrap())
                .unwrap_err()
                .rule,
            "3.2"
        );
        assert_eq!(g.check(&Action::Attack(OHIO)).unwrap_err().rule, "4");
        g.apply(Action::parse(&format!("place {two} atlantic")).unwrap())
            .unwrap();
        let b = g.board();
        assert_eq!(b.step, Step::Actions);
        assert_eq!(b.ap, turn_track().turn(1).ap[side.index()]);
        // the BOT's +1 faces the player's +1, its +2 the player's +2
        let bot = side.other().index();
        let drm = |a: u8| armies().drm[a as usize];
        assert_eq!(drm(b.army[MOHAWK as usize][bot]), 1);
        assert_eq!(drm(b.army[ATLANTIC as usize][bot]), 2);
        assert_eq!(b.army[OHIO as usize][bot], NO_ARMY);
        assert_eq!(b.army[HUDSON as usize][bot], NO_ARMY);
    }
}

/// 4: exact counts: 4 × 3 = 12 ways to place the two starting armies, and then, as the
/// British, 8 choices on turn 1 (an attack in each region but the French Atlantic, the ocean,
/// the three Indian tracks, the end of actions) and as the French 6 (an attack in each region,
/// the Mohawk Indians, the end), whatever the placement.
#[test]
fn the_setup_has_twelve_placements_4() {
    let legal = |g: &Solitaire| {
        let mut v = Vec::new();
        g.legal_actions(&mut v);
        v
    };
    let mut placements = 0;
    for side in [Side::British, Side::French] {
        let g = Solitaire::new(&Options { side }, 1).unwrap();
        for first in legal(&g) {
            let mut g1 = g.clone();
            g1.apply(first).unwrap();
            for second in legal(&g1) {
                let mut g2 = g1.clone();
                g2.apply(second).unwrap();
                assert_eq!(g2.step(), Step::Actions);
                let want = if side == Side::British { 8 } else { 6 };
                assert_eq!(legal(&g2).len(), want, "{side:?}: {:?}", legal(&g2));
                placements += 1;
            }
        }
    }
    assert_eq!(placements, 2 * 12);
}

/// 5: actions, end of actions, the BOT's roll, the next turn with fresh AP.
#[test]
fn a_turn_runs_in_order_5() {
    let mut g = Solitaire::new(
        &Options {
            side: Side::British,
        },
        3,
    )
    .unwrap();
    g.apply(Action::parse("place br-1 ohio").unwrap()).unwrap();
    g.apply(Action::parse("place br-2 hudson").unwrap())
        .unwrap();
    g.force_dice([1, 2]); // French BOT line 1: influence in each region (only Mohawk's are not allies), a 2 fails
    g.apply(Action::EndActions).unwrap();
    assert_eq!(g.board().turn, 2);
    assert_eq!(g.board().step, Step::Actions);
    assert_eq!(g.board().ap, turn_track().turn(2).ap[0]);
    assert_eq!(
        g.to_move(),
        Some(PLAYER),
        "the BOT never decides: its roll is chance"
    );
    let log = log_text(&g);
    assert!(log.contains("BOT rolls 1 on the French BOT Action Chart, line 1: it courts the Indians of each region"), "{log}");
    assert!(
        log.contains("The French try to influence the Mohawk Indians: die 2"),
        "{log}"
    );
    assert!(log.contains("— Turn 2 of 20"), "{log}");
}

/// 5: an army arriving on its turn is placed by the player; the BOT's by the rule of the data.
#[test]
fn arrivals_5() {
    // the French get fr-3 on turn 5
    let arrives = armies().list[army("fr-3") as usize].arrives;
    let mut b = board(Side::French, arrives - 1, 0);
    b.army[OHIO as usize][1] = army("fr-1");
    let mut g = game(b);
    g.force_dice([6]); // British BOT line 6: every French army out of supply (fr-1 in Ohio)
    g.apply(Action::EndActions).unwrap();
    let b = *g.board();
    assert_eq!(b.turn, arrives);
    assert_eq!(b.step, Step::Place);
    assert_eq!(
        b.to_place,
        1 << army("fr-1") | 1 << army("fr-3"),
        "fr-1 relocates at the new year, fr-3 arrives"
    );
    assert!(
        !b.unsupplied[OHIO as usize][1],
        "supply recovers at the new year (6)"
    );
    // as the British player, the French BOT's fr-3 faces the player's army
    let mut b = board(Side::British, arrives - 1, 0);
    b.army[HUDSON as usize][0] = army("br-2");
    let mut g = game(b);
    g.force_dice([1, 1]);
    g.apply(Action::EndActions).unwrap();
    g.apply(Action::parse("place br-2 ohio").unwrap()).unwrap();
    let b = g.board();
    assert_eq!(
        b.army[OHIO as usize][1],
        army("fr-3"),
        "the BOT's strongest new-year army faces br-2"
    );
}

/// 5.1: the Turn Track limits the actions: no attacks in winter.
#[test]
fn the_turn_track_limits_actions_5_1() {
    let winter = (1..=20)
        .find(|&t| {
            !turn_track()
                .turn(t)
                .allows(Side::British, fiw_solitaire::turn_track::Kind::Attack)
        })
        .unwrap();
    let g = game(board(Side::British, winter, 1));
    assert_eq!(g.check(&Action::Attack(OHIO)).unwrap_err().rule, "5.1");
    assert!(g.check(&Action::Influence(OHIO)).is_ok());
}

/// 6: at a new year every army may relocate; reduced militia and armies out of supply recover.
#[test]
fn new_year_relocation_and_recovery_6() {
    let mut b = board(Side::British, 4, 0);
    b.army[OHIO as usize][0] = army("br-1");
    b.army[HUDSON as usize][0] = army("br-2");
    b.army[OHIO as usize][1] = army("fr-1");
    b.army[HUDSON as usize][1] = army("fr-2");
    b.unsupplied[HUDSON as usize][0] = true;
    b.reduced[MOHAWK as usize][0] = true;
    b.front[ATLANTIC as usize] = -1; // the British stand outside and near Boston
    b.ocean = Side::British; // so the French BOT's roll 6 (ocean) can be made
    let mut g = game(b);
    g.force_dice([6, 1]); // the ocean attack fails
    g.apply(Action::EndActions).unwrap();
    let b = *g.board();
    assert_eq!(b.turn, 5);
    assert_eq!(b.step, Step::Place);
    assert!(!b.reduced[MOHAWK as usize][0] && !b.unsupplied.iter().flatten().any(|u| *u));
    assert_eq!(b.army[OHIO as usize][0], NO_ARMY, "lifted to relocate");
    assert!(
        log_text(&g).contains("Your armies may relocate (6): br-1 from Ohio, br-2 from Hudson"),
        "{}",
        log_text(&g)
    );
    // br-1 to the Atlantic (with the militia outside and near Boston), br-2 stays in Hudson
    g.apply(Action::parse("place br-1 atlantic").unwrap())
        .unwrap();
    assert_eq!(
        g.check(&Action::parse("place br-2 atlantic").unwrap())
            .unwrap_err()
            .rule,
        "3.2"
    );
    g.apply(Action::parse("place br-2 hudson").unwrap())
        .unwrap();
    let b = *g.board();
    assert_eq!(b.army[ATLANTIC as usize][0], army("br-1"));
    assert!(b.outside(ATLANTIC, Side::British));
    // the BOT's armies mirror: +2 (with fr-3 arriving) against br-2, the next against br-1
    assert_eq!(armies().drm[b.army[HUDSON as usize][1] as usize], 2);
    assert_ne!(b.army[ATLANTIC as usize][1], NO_ARMY);
    assert_eq!(b.step, Step::Actions);
}

/// 3.2: during the year the player's armies stay where they are.
#[test]
fn armies_stay_in_their_region_during_a_year_3_2() {
    let mut b = board(Side::British, 2, 2);
    b.army[OHIO as usize][0] = army("br-1");
    let g = game(b);
    let e = g
        .check(&Action::Place {
            army: army("br-1"),
            region: MOHAWK,
        })
        .unwrap_err();
    assert_eq!(e.rule, "3.2");
}

/// 7: each action costs 1 AP; with none left only the end of actions remains.
#[test]
fn action_points_7() {
    let mut g = game(board(Side::British, 2, 1));
    g.force_dice([2]);
    g.apply(Action::Attack(OHIO)).unwrap();
    assert_eq!(g.board().ap, 0);
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert_eq!(legal, [Action::EndActions]);
    assert_eq!(g.check(&Action::Attack(OHIO)).unwrap_err().rule, "7");
}

/// 7, 12: a reduced militia attacks at −1, an army out of supply adds nothing; 1 AP restores
/// or resupplies.
#[test]
fn restore_and_resupply_7() {
    let mut b = board(Side::British, 2, 3);
    b.army[MOHAWK as usize][0] = army("br-2");
    b.reduced[MOHAWK as usize][0] = true;
    b.unsupplied[MOHAWK as usize][0] = true;
    // against Ft. Frontenac (fortified), Mohawk Indians neutral
    assert_eq!(b.attack_terms(MOHAWK, Side::British, 0).total(), -2);
    let mut g = game(b);
    assert_eq!(g.check(&Action::Restore(OHIO)).unwrap_err().rule, "7");
    assert_eq!(g.check(&Action::Resupply(OHIO)).unwrap_err().rule, "7");
    g.apply(Action::Restore(MOHAWK)).unwrap();
    g.apply(Action::Resupply(MOHAWK)).unwrap();
    assert_eq!(g.board().attack_terms(MOHAWK, Side::British, 0).total(), 1);
    assert_eq!(g.board().ap, 1);
    assert_eq!(g.check(&Action::Resupply(MOHAWK)).unwrap_err().rule, "7");
}

/// 7.1: the BOT's roll picks a line, logged with it; a line that cannot be done falls back.
#[test]
fn bot_lines_and_fallbacks_7_1() {
    // French BOT line 2: a raid where the player's strongest army stands
    let mut b = board(Side::British, 2, 0);
    b.army[HUDSON as usize][0] = army("br-2");
    b.army[OHIO as usize][0] = army("br-1");
    let mut g = game(b);
    g.force_dice([2]);
    g.apply(Action::EndActions).unwrap();
    assert!(g.board().reduced[HUDSON as usize][0]);
    assert!(
        log_text(&g)
            .contains("BOT rolls 2 on the French BOT Action Chart, line 2: a raid in Hudson"),
        "{}",
        log_text(&g)
    );
    // line 6 (ocean) cannot be done while the French hold the ocean: line 2 instead, and the
    // log gives the roll, the line rolled, why not, and the line used
    let mut g = game(b);
    g.force_dice([6]);
    g.apply(Action::EndActions).unwrap();
    assert!(
        log_text(&g).contains(
            "BOT rolls 6 on the French BOT Action Chart: line 6 (attack the Ocean Control marker \
             if the player holds it) cannot be done: the French control the Atlantic already; \
             line 2 instead: a raid in Hudson (7)."
        ),
        "{}",
        log_text(&g)
    );
    // line 3: an attack in every region it can, the Atlantic only with the ocean
    let mut g = game(b);
    g.force_dice([3, 6, 1, 1]);
    g.apply(Action::EndActions).unwrap();
    let log = log_text(&g);
    assert_eq!(log.matches("French attack").count(), 4, "{log}");
    assert_eq!(
        town(&g, HUDSON, Side::French),
        "Ft. William Henry",
        "the BOT advances into the town the player left"
    );
    assert_eq!(town(&g, HUDSON, Side::British), "Saratoga");
    // line 5 attacks where its odds are best
    let mut b = board(Side::British, 2, 0);
    b.army[MOHAWK as usize][1] = army("fr-2");
    let mut g = game(b);
    g.force_dice([5, 6]);
    g.apply(Action::EndActions).unwrap();
    assert!(
        log_text(&g).contains("line 5: attack in Mohawk"),
        "{}",
        log_text(&g)
    );
    // line 4 (threat) attacks where the player stands nearest the French flag town
    let mut b = board(Side::British, 2, 0);
    b.front[ATLANTIC as usize] = 3; // British at Louisbourg, one town from Quebec
    let mut g = game(b);
    g.force_dice([4, 2]);
    g.apply(Action::EndActions).unwrap();
    assert!(
        log_text(&g).contains("line 4: attack in Atlantic"),
        "{}",
        log_text(&g)
    );
    // the British BOT's line 6 puts every French army out of supply
    let mut b = board(Side::French, 2, 0);
    b.army[OHIO as usize][1] = army("fr-1");
    b.army[HUDSON as usize][1] = army("fr-2");
    let mut g = game(b);
    g.force_dice([6]);
    g.apply(Action::EndActions).unwrap();
    assert!(g.board().unsupplied[OHIO as usize][1] && g.board().unsupplied[HUDSON as usize][1]);
    assert!(
        log_text(&g).contains("BOT rolls 6 on the British BOT Action Chart, line 6"),
        "{}",
        log_text(&g)
    );
}

/// 8: fortified towns −1, flag towns −2.
#[test]
fn fortified_and_flag_towns_8() {
    let mut b = board(Side::British, 2, 2);
    b.indians = [Indians::Neutral; 4];
    assert_eq!(
        b.attack_terms(OHIO, Side::British, 0).describe(),
        "−1 fortified town"
    );
    b.front[OHIO as usize] = 4;
    assert_eq!(
        b.attack_terms(OHIO, Side::British, 0).describe(),
        "−2 flag town"
    );
    assert_eq!(
        b.advance_sixths(OHIO, Side::British, 0),
        1,
        "only a natural 6"
    );
}

/// 8: driven off their flag town, the defenders stand outside and near it; nothing is left to
/// attack there, and they may attack to recover it.
#[test]
fn outside_and_near_and_recovery_8() {
    let mut b = board(Side::British, 2, 2);
    b.front[HUDSON as usize] = 4; // British at Ft. St. Frédéric, French at Trois-Rivières
    let mut g = game(b);
    g.force_dice([6]);
    g.apply(Action::Attack(HUDSON)).unwrap();
    assert_eq!(town(&g, HUDSON, Side::British), "Trois-Rivières");
    assert_eq!(town(&g, HUDSON, Side::French), "outside");
    assert!(
        log_text(&g).contains("the French fall back outside and near Trois-Rivières"),
        "{}",
        log_text(&g)
    );
    assert_eq!(g.check(&Action::Attack(HUDSON)).unwrap_err().rule, "8");
    assert_eq!(g.board().flags_held(Side::British), 1);
    // the French BOT recovers it: line 4 (threat) picks Hudson, a 6 advances
    g.force_dice([4, 6]);
    g.apply(Action::EndActions).unwrap();
    assert_eq!(town(&g, HUDSON, Side::French), "Trois-Rivières");
    assert_eq!(town(&g, HUDSON, Side::British), "Ft. St. Frédéric");
}

/// 3.4: no attack in the Atlantic region without control of the ocean.
#[test]
fn atlantic_attacks_need_ocean_control_3_4() {
    let mut g = game(board(Side::British, 2, 3));
    assert_eq!(g.check(&Action::Attack(ATLANTIC)).unwrap_err().rule, "3.4");
    g.force_dice([4]);
    g.apply(Action::AttackOcean).unwrap();
    assert!(g.check(&Action::Attack(ATLANTIC)).is_ok());
}

/// 9: 4–6 takes control of the Atlantic, 1–3 leaves it; no attack on one's own control.
#[test]
fn ocean_control_9() {
    let mut g = game(board(Side::British, 2, 3));
    g.force_dice([3]);
    g.apply(Action::AttackOcean).unwrap();
    assert_eq!(g.board().ocean, Side::French);
    g.force_dice([4]);
    g.apply(Action::AttackOcean).unwrap();
    assert_eq!(g.board().ocean, Side::British);
    assert_eq!(g.check(&Action::AttackOcean).unwrap_err().rule, "9");
    assert!(log_text(&g).contains("die 4: the British take control of the Atlantic"));
}

/// 11: a side wins by sudden death at the end of the other side's turn.
#[test]
fn sudden_death_at_the_end_of_the_other_sides_turn_11() {
    // the British player holds three French flag towns at the end of the British turn: the
    // win waits for the end of the French (BOT) turn
    let mut b = board(Side::British, 6, 0);
    for r in [OHIO, MOHAWK, HUDSON] {
        b.front[r as usize] = map().len[r as usize] as i8 - 1;
    }
    b.indians = [
        Indians::British,
        Indians::British,
        Indians::British,
        Indians::Neutral,
    ];
    b.ocean = Side::British;
    let mut g = game(b);
    // French BOT line 2, a raid: nothing changes on the fronts
    g.force_dice([2]);
    g.apply(Action::EndActions).unwrap();
    let o = g
        .outcome()
        .expect("the British win at the end of the French turn");
    assert_eq!(o.winner, Some(PLAYER));
    assert_eq!(o.turn, 6);
    assert!(o.reason.starts_with("sudden death"), "{}", o.reason);
    assert!(g.sudden_death());
    assert!(
        g.log()
            .entries()
            .iter()
            .any(|e| e.text.contains("BOT rolls 2")),
        "the BOT acted first"
    );
    // the BOT's recovery in time prevents it: line 4 recovers Hudson's flag town on a 6
    let mut g = game(b);
    g.force_dice([4, 6]);
    g.apply(Action::EndActions).unwrap();
    assert!(g.outcome().is_none());
    // the French BOT holding two British flag towns wins at the end of the British turn,
    // before it rolls
    let mut b = board(Side::British, 6, 1);
    b.front[OHIO as usize] = -1;
    b.front[MOHAWK as usize] = -1;
    let mut g = game(b);
    let rolls = g.log().entries().len();
    g.apply(Action::EndActions).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o.winner, Some(fiw_solitaire::BOT));
    assert!(
        !g.log().entries()[rolls..]
            .iter()
            .any(|e| e.text.contains("BOT rolls")),
        "{}",
        log_text(&g)
    );
    // ... but not while the British hold one of the French flag towns
    b.front[ATLANTIC as usize] = map().len[ATLANTIC as usize] as i8 - 1;
    let mut g = game(b);
    g.force_dice([1, 1]);
    g.apply(Action::EndActions).unwrap();
    assert!(g.outcome().is_none());
}

/// 11: flags the BOT takes during its own turn win only if it still holds them at the end of
/// the player's next turn: the player has that turn to recover one.
#[test]
fn the_bots_flags_must_survive_the_players_turn_11() {
    let mut b = board(Side::British, 6, 0);
    b.front[OHIO as usize] = -1; // the French hold Philadelphia
    b.front[MOHAWK as usize] = 0; // the British hold on in Albany
    let mut g = game(b);
    // French line 3, a general offensive: Hudson 1, (Ohio: nothing left to attack), Mohawk 6,
    // Atlantic 1
    g.force_dice([3, 1, 6, 1]);
    g.apply(Action::EndActions).unwrap();
    assert_eq!(g.board().flags_held(Side::French), 2);
    assert!(g.outcome().is_none(), "not at the end of the French turn");
    assert_eq!(g.board().turn, 7);
    // the British recover Albany from outside (a natural 6) and the game goes on
    let mut recovered = g.clone();
    recovered.force_dice([6]);
    recovered.apply(Action::Attack(MOHAWK)).unwrap();
    recovered.force_dice([2]); // French line 2, a raid
    recovered.apply(Action::EndActions).unwrap();
    assert!(recovered.outcome().is_none());
    // ... or they do not, and the French win at the end of the British turn
    g.apply(Action::EndActions).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!((o.winner, o.turn), (Some(fiw_solitaire::BOT), 7));
}

/// 11: after turn 20 the game goes to the side with more victory points.
#[test]
fn points_after_turn_20_11() {
    let mut b = board(Side::French, 20, 0);
    b.front[OHIO as usize] = map().len[0] as i8 - 1; // the British hold Ft. Niagara: 4 VP
    b.indians = [
        Indians::French,
        Indians::British,
        Indians::French,
        Indians::Neutral,
    ];
    b.ocean = Side::French;
    // British 4 + 2 = 6, French 2 + 2 + 1 = 5
    let mut g = game(b);
    g.force_dice([1, 1, 1]); // British BOT line 1: influence Ohio and Hudson (Mohawk is allied already), both fail
    g.apply(Action::EndActions).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o.winner, Some(fiw_solitaire::BOT));
    assert_eq!(o.turn, 20);
    assert_eq!(
        o.reason,
        "victory points after turn 20: British 6, French 5"
    );
    assert!(!g.sudden_death());
    assert_eq!(g.to_move(), None);
    assert_eq!(g.check(&Action::EndActions).unwrap_err().rule, "11");
}

/// 7.1: when the line rolled cannot be done, the log says so with the roll, the line rolled and
/// why not, every fallback that cannot be done either, and the line carried out in the end.
#[test]
fn a_line_that_cannot_be_done_is_logged_with_the_roll_and_both_lines_7_1() {
    let mut b = board(Side::British, 2, 0);
    b.reduced = [[true, false]; 4]; // every British militia reduced: no raid (French line 2)
    let mut g = game(b);
    g.force_dice([6, 1, 1, 1, 1]); // line 6 (ocean): the French hold it
    let before = g.log().entries().len();
    g.apply(Action::EndActions).unwrap();
    let bot: Vec<String> = g.log().entries()[before..]
        .iter()
        .map(|e| e.text.clone())
        .filter(|t| t.starts_with("BOT"))
        .collect();
    assert_eq!(
        bot.first().map(String::as_str),
        Some(
            "BOT rolls 6 on the French BOT Action Chart: line 6 (attack the Ocean Control marker \
             if the player holds it) cannot be done: the French control the Atlantic already; \
             line 2 (reduce the player's militia with its strongest army, else the first full one \
             of ohio, mohawk, hudson, atlantic) cannot be done: every militia of yours is reduced \
             already; line 3 instead: an attack in each region it can (7)."
        ),
        "{bot:?}"
    );
}
