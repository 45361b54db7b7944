//! The text's worked examples and each heading's rules, replayed with forced dice.

use fiw_engine::Game;
use fiw_solitaire::armies::{armies, NO_ARMY};
use fiw_solitaire::charts::{charts, BotAction, Line, Pick};
use fiw_solitaire::map::map;
use fiw_solitaire::turn_track::{turn_track, Kind};
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

/// The first turn the Turn Track allows `kind` to the British (attacks: a campaign turn;
/// influence: a winter turn).
fn turn_allowing(kind: Kind) -> u8 {
    (1..=20)
        .find(|&t| turn_track().turn(t).allows(Side::British, kind))
        .unwrap_or_else(|| panic!("no turn allows {kind:?}"))
}

/// The first die face on which the BOT, on `b`, carries out a line that `ok` accepts (its
/// action and region), following the chart's fallbacks as the game does.
fn bot_roll(b: &Board, ok: impl Fn(BotAction, u8) -> bool) -> u8 {
    (1..=6)
        .find(|&r| {
            b.bot_choice(r)
                .line
                .is_some_and(|(l, region)| ok(l.action, region))
        })
        .unwrap_or_else(|| panic!("no BOT roll does that on {b:?}"))
}

/// A die face on which the BOT, on `b`, rolls one more die and changes nothing on a 1 (an
/// attack, an influence, an Ocean Control attack): the rolls to force for a quiet BOT turn.
fn quiet_bot(b: &Board) -> [u8; 2] {
    let r = bot_roll(b, |a, _| !matches!(a, BotAction::Raid | BotAction::Supply));
    [r, 1]
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
    b.front[OHIO as usize] = 2; // British at Ft. Duquesne, French at Presque Isle
    b.army[OHIO as usize][0] = army("br-2");
    b.indians[OHIO as usize] = Indians::French;
    let mut g = game(b);
    assert_eq!(town(&g, OHIO, Side::British), "Ft. Duquesne");
    assert_eq!(town(&g, OHIO, Side::French), "Presque Isle");
    let terms = g.board().attack_terms(OHIO, Side::British);
    assert_eq!(terms.total(), 1);
    assert_eq!(
        terms.describe(),
        "+2 army, −1 Indians allied to the defender"
    );
    // the menu shows the odds beside the attack, all modifiers applied: a modified 4 or more
    // (8.1), so 3, 4, 5 or 6
    let note = g.action_note(&Action::Attack(OHIO)).unwrap();
    assert!(note.starts_with("advance 4/6 = 67 %"), "{note}");
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
    // a 3 (3 + 1 = 4) advances too; a 2 (2 + 1 = 3) does not
    let mut g = game(b);
    g.force_dice([3]);
    g.apply(Action::Attack(OHIO)).unwrap();
    assert_eq!(town(&g, OHIO, Side::British), "Presque Isle");
    let mut g = game(b);
    g.force_dice([2]);
    g.apply(Action::Attack(OHIO)).unwrap();
    assert_eq!(town(&g, OHIO, Side::British), "Ft. Duquesne");
    assert!(log_text(&g).contains("no result"));
}

/// 8, the natural-1 example: with a cumulative +3, a 2 makes 5 and advances; a 1 is not
/// modified and does not.
#[test]
fn natural_1_example_8() {
    let mut b = board(Side::British, 13, 2);
    b.front[OHIO as usize] = 2; // against Presque Isle, a plain town
                                // +4 army, −1 Indians allied to the French: +3
    b.army[OHIO as usize][0] = army("br-3");
    b.indians[OHIO as usize] = Indians::French;
    assert_eq!(b.attack_terms(OHIO, Side::British).total(), 3);
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
    b.front[OHIO as usize] = 3; // against Ft. Niagara, a flag town: −1 −2 = −3
    b.indians[OHIO as usize] = Indians::French; // −1 more
    assert_eq!(b.attack_terms(OHIO, Side::British).total(), -4);
    let mut g = game(b);
    g.force_dice([6]);
    g.apply(Action::Attack(OHIO)).unwrap();
    assert!(g.board().outside(OHIO, Side::French));
}

/// 10, the Indian influence example: the Ohio Indians are French allies; the British spend 1 AP
/// and roll a 4: the marker moves to neutral.
#[test]
fn indian_influence_example_10() {
    let winter = turn_allowing(Kind::Influence);
    let mut g = game(board(Side::British, winter, 3));
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
    let mut g = game(board(Side::French, winter, 3));
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
        let mut g = Solitaire::new(
            &Options {
                side,
                ..Default::default()
            },
            3,
        )
        .unwrap();
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
        // Ft. Carillon (fortified, Indians allied to the French) as British: +1 −1 −1 = −1, so
        // a 5 or a 6
        if side == Side::British {
            assert_eq!(
                g.action_note(&legal[2]).as_deref(),
                Some("attack there: advance 2/6 = 33 %")
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
        if turn_track().turn(1).ap[side.index()] == 0 {
            // nothing to choose: the turn passed to the BOT at once (5)
            assert!(b.turn > 1, "{b:?}");
        } else {
            assert_eq!(b.step, Step::Actions);
            assert_eq!(b.ap, turn_track().turn(1).ap[side.index()]);
        }
        // the BOT's armies, strongest first, face the player's weakest: its +2 faces the
        // player's +1, its +1 the player's +2
        let bot = side.other().index();
        let drm = |a: u8| armies().drm[a as usize];
        assert_eq!(drm(b.army[MOHAWK as usize][bot]), 2);
        assert_eq!(drm(b.army[ATLANTIC as usize][bot]), 1);
        assert_eq!(b.army[OHIO as usize][bot], NO_ARMY);
        assert_eq!(b.army[HUDSON as usize][bot], NO_ARMY);
    }
}

/// 4: exact counts: 4 × 3 = 12 ways to place the two starting armies, and then on turn 1 as
/// many choices as the Turn Track's AP allow: with none (the French in the spring of 1755),
/// none at all, the turn passing to the BOT; with some, as the British 5 (an attack in each region but the French Atlantic,
/// the ocean, the end) and as the French 5 (an attack in each region, the end), whatever the
/// placement: the spring allows no influence (5.1).
#[test]
fn the_setup_has_twelve_placements_4() {
    let legal = |g: &Solitaire| {
        let mut v = Vec::new();
        g.legal_actions(&mut v);
        v
    };
    let mut placements = 0;
    for side in [Side::British, Side::French] {
        let g = Solitaire::new(
            &Options {
                side,
                ..Default::default()
            },
            1,
        )
        .unwrap();
        for first in legal(&g) {
            let mut g1 = g.clone();
            g1.apply(first).unwrap();
            for second in legal(&g1) {
                let mut g2 = g1.clone();
                g2.apply(second).unwrap();
                if turn_track().turn(1).ap[side.index()] == 0 {
                    // no AP: nothing to choose, the turn passes to the BOT at once (5)
                    assert!(g2.board().turn > 1, "{side:?}: {:?}", g2.board());
                } else {
                    assert_eq!(g2.step(), Step::Actions);
                    assert_eq!(legal(&g2).len(), 5, "{side:?}: {:?}", legal(&g2));
                }
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
            ..Default::default()
        },
        3,
    )
    .unwrap();
    g.apply(Action::parse("place br-1 ohio").unwrap()).unwrap();
    g.apply(Action::parse("place br-2 hudson").unwrap())
        .unwrap();
    let [roll, die] = quiet_bot(g.board());
    g.force_dice([roll, die]);
    g.apply(Action::EndActions).unwrap();
    assert_eq!(g.board().turn, 2);
    // an army arriving on turn 2 is placed first (5), then come the AP
    let arriving = armies().arriving(Side::British, Side::British, 2);
    assert_eq!(g.board().to_place, arriving);
    if arriving != 0 {
        assert_eq!(g.board().step, Step::Place);
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        g.apply(legal[0]).unwrap();
    }
    assert_eq!(g.board().step, Step::Actions);
    assert_eq!(g.board().ap, turn_track().turn(2).ap[0]);
    assert_eq!(
        g.to_move(),
        Some(PLAYER),
        "the BOT never decides: its roll is chance"
    );
    let log = log_text(&g);
    assert!(
        log.contains(&format!("BOT rolls {roll} on the French BOT Action Chart")),
        "{log}"
    );
    assert!(log.contains("die 1"), "{log}");
    assert!(log.contains("— Turn 2 of 20"), "{log}");
}

/// 5: a turn whose Turn Track gives the player no AP leaves nothing to choose: it passes to the
/// BOT at once, and the game stops at the next turn with something to decide.
#[test]
fn a_turn_without_action_points_passes_to_the_bot_5() {
    let t = (1..20u8)
        .find(|&t| {
            let track = turn_track();
            track.turn(t).ap[0] > 0
                && track.turn(t + 1).ap[0] == 0
                && track.turn(t + 2).ap[0] > 0
                && !track.turn(t + 1).transfers
                && !track.turn(t + 2).transfers
                && armies()
                    .list
                    .iter()
                    .all(|a| a.arrives(Side::British) != t + 1 && a.arrives(Side::British) != t + 2)
        })
        .expect("a turn with AP, one without, one with");
    let mut b = board(Side::British, t, 0);
    b.army[OHIO as usize][0] = army("br-1");
    b.army[HUDSON as usize][0] = army("br-2");
    let mut g = game(b);
    let [roll, die] = quiet_bot(g.board());
    // two quiet BOT turns: a failed attack changes nothing, so the same faces serve twice
    g.force_dice([roll, die, roll, die]);
    g.apply(Action::EndActions).unwrap();
    let b = g.board();
    assert_eq!(b.turn, t + 2, "the turn without AP passed");
    assert_eq!(b.step, Step::Actions);
    assert_eq!(b.ap, turn_track().turn(t + 2).ap[0]);
    let log = log_text(&g);
    assert!(
        log.contains("You have no action points this turn (5): the BOT acts."),
        "{log}"
    );
    assert_eq!(log.matches("BOT rolls ").count(), 2, "{log}");
}

/// 5: an army arriving on its turn is placed by the player; the BOT's by the rule of the data,
/// facing the player's strongest army that no BOT army faces yet. The armies on the map stay.
#[test]
fn arrivals_5() {
    // the French player gets fr-3
    let arrives = armies().list[army("fr-3") as usize].arrives(Side::French);
    let mut b = board(Side::French, arrives - 1, 0);
    b.army[OHIO as usize][1] = army("fr-1");
    let mut g = game(b);
    g.force_dice(quiet_bot(g.board()));
    g.apply(Action::EndActions).unwrap();
    let b = *g.board();
    assert_eq!(b.turn, arrives);
    assert_eq!(b.step, Step::Place);
    assert_eq!(
        b.to_place,
        1 << army("fr-3"),
        "only fr-3 is placed: fr-1 stays"
    );
    assert_eq!(b.army[OHIO as usize][1], army("fr-1"));
    g.apply(Action::parse("place fr-3 hudson").unwrap())
        .unwrap();
    if g.board().step == Step::Relocate {
        g.apply(Action::Stay).unwrap();
    }
    assert_eq!(g.board().army[HUDSON as usize][1], army("fr-3"));
    assert_eq!(g.board().step, Step::Actions);
    // as the British player, the French BOT's fr-3 faces the weakest British army (br-1, +1)
    // rather than br-2; the BOT's armies on the map stay where they are
    let arrives = armies().list[army("fr-3") as usize].arrives(Side::British);
    let mut b = board(Side::British, arrives - 1, 0);
    b.army[OHIO as usize][0] = army("br-1");
    b.army[HUDSON as usize][0] = army("br-2");
    b.army[MOHAWK as usize][1] = army("fr-1");
    let mut g = game(b);
    g.force_dice(quiet_bot(g.board()));
    g.apply(Action::EndActions).unwrap();
    while g.board().step != Step::Actions {
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        let stay = legal.iter().copied().find(|a| *a == Action::Stay);
        g.apply(stay.unwrap_or(legal[0])).unwrap();
    }
    let b = g.board();
    assert_eq!(b.army[OHIO as usize][1], army("fr-3"), "{:?}", b.army);
    assert_eq!(b.army[MOHAWK as usize][1], army("fr-1"));
    let name = &armies().list[army("fr-3") as usize].name;
    assert!(
        log_text(&g).contains(&format!("BOT: the {name} takes the field in Ohio.")),
        "{}",
        log_text(&g)
    );
}

/// The first turn on which the Turn Track forbids the British the Ocean attack (winter
/// quarters: the fleets are in port).
fn turn_forbidding() -> (u8, Kind) {
    (1..=turn_track().turns.len() as u8)
        .find(|&t| !turn_track().turn(t).allows(Side::British, Kind::Ocean))
        .map(|t| (t, Kind::Ocean))
        .expect("the Turn Track forbids the Ocean on some turn")
}

/// 5.1: the Turn Track limits the actions: what a turn does not allow is refused (no Ocean
/// attack in winter quarters), what it allows is not.
#[test]
fn the_turn_track_limits_actions_5_1() {
    let (t, kind) = turn_forbidding();
    assert_eq!(
        kind,
        Kind::Ocean,
        "the built-in track forbids the Ocean in winter"
    );
    let mut g = game(board(Side::British, t, 2));
    let e = g.check(&Action::AttackOcean).unwrap_err();
    assert_eq!(e.rule, "5.1");
    assert!(
        e.message.contains("the Turn Track allows the British only"),
        "{}",
        e.message
    );
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert!(!legal.contains(&Action::AttackOcean));
    assert!(g.check(&Action::Influence(OHIO)).is_ok());
    assert!(g.check(&Action::Attack(OHIO)).is_ok());
    g.force_dice([1]);
    g.apply(Action::Attack(OHIO)).unwrap();
    // the nations are courted only in the winter councils
    let campaign = turn_allowing(Kind::Ocean);
    let g = game(board(Side::British, campaign, 1));
    assert_eq!(g.check(&Action::Influence(OHIO)).unwrap_err().rule, "5.1");
}

/// 5.1: what the Turn Track forbids the player on a turn it forbids the BOT: on a turn with no
/// Ocean attack, no roll of the BOT's chart attacks the ocean, even while the player holds it,
/// and the log says why the line cannot be done; on a turn that allows it, some roll does.
#[test]
fn the_bot_keeps_the_turn_tracks_seasons_5_1() {
    let (quiet, kind) = turn_forbidding();
    assert_eq!(kind, Kind::Ocean);
    for player in [Side::British, Side::French] {
        let mut b = board(player, quiet, 0);
        b.ocean = player; // the ocean is the player's, so an Ocean attack would be possible
        b.indians = [Indians::Neutral; 4];
        let p = player.index();
        b.army[OHIO as usize][p] = army(if player == Side::British {
            "br-1"
        } else {
            "fr-1"
        });
        for roll in 1..=6 {
            if let Some((line, _)) = b.bot_choice(roll).line {
                assert_ne!(
                    line.action,
                    BotAction::Ocean,
                    "{player:?} turn {quiet}, roll {roll}"
                );
            }
        }
        let ocean = (1..=6)
            .find(|&r| charts().line(b.bot(), r).action == BotAction::Ocean)
            .unwrap();
        let mut g = game(b);
        g.force_dice([ocean, 1, 1, 1]);
        g.apply(Action::EndActions).unwrap();
        let log = log_text(&g);
        assert!(
            log.contains(&format!("line {ocean} (attack the Ocean")) && log.contains("(5.1)"),
            "{log}"
        );
        b.turn = turn_allowing(Kind::Ocean);
        assert!(
            (1..=6).any(|r| b
                .bot_choice(r)
                .line
                .is_some_and(|(l, _)| l.action == BotAction::Ocean)),
            "in a campaign turn the BOT fights for the ocean"
        );
    }
}

/// 6: at a new year reduced militia and armies out of supply recover, and the player may move
/// armies (an army goes with its region's militia, even outside and near its flag town); the
/// BOT's armies stay where they are.
#[test]
fn new_year_relocation_and_recovery_6() {
    let new_year = (2..=20).find(|&t| turn_track().turn(t).transfers).unwrap();
    let mut b = board(Side::British, new_year - 1, 0);
    b.army[OHIO as usize][0] = army("br-1");
    b.army[HUDSON as usize][0] = army("br-2");
    b.army[OHIO as usize][1] = army("fr-1");
    b.army[HUDSON as usize][1] = army("fr-2");
    b.unsupplied[HUDSON as usize][0] = true;
    b.unsupplied[OHIO as usize][1] = true;
    b.reduced[MOHAWK as usize][0] = true;
    b.front[ATLANTIC as usize] = -1; // the British stand outside and near Boston
    let mut g = game(b);
    g.force_dice(quiet_bot(g.board()));
    g.apply(Action::EndActions).unwrap();
    let b = *g.board();
    assert_eq!(b.turn, new_year);
    assert!(!b.reduced[MOHAWK as usize][0] && !b.unsupplied.iter().flatten().any(|u| *u));
    // this year's arrivals first, in the first region offered
    while g.board().step == Step::Place {
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        g.apply(legal[0]).unwrap();
    }
    assert_eq!(g.board().step, Step::Relocate);
    assert_eq!(
        g.board().army[OHIO as usize][0],
        army("br-1"),
        "nothing is lifted"
    );
    assert!(
        log_text(&g).contains("Your armies may relocate (6): br-1 in Ohio"),
        "{}",
        log_text(&g)
    );
    // br-1 to the Atlantic (with the militia outside and near Boston); the rest stay
    g.apply(Action::parse("relocate br-1 atlantic").unwrap())
        .unwrap();
    if g.board().step == Step::Relocate {
        g.apply(Action::Stay).unwrap();
    }
    let b = *g.board();
    assert_eq!(b.army[ATLANTIC as usize][0], army("br-1"));
    assert_eq!(b.army[OHIO as usize][0], NO_ARMY);
    assert_eq!(b.army[HUDSON as usize][0], army("br-2"));
    assert!(b.outside(ATLANTIC, Side::British));
    // the BOT's armies do not follow
    assert_eq!(b.army[OHIO as usize][1], army("fr-1"));
    assert_eq!(b.army[HUDSON as usize][1], army("fr-2"));
    assert_eq!(b.step, Step::Actions);
}

/// 6: armies stay where they stand unless moved (`stay` ends the relocations at once); an army
/// moved where another of the player's stands changes places with it; each moves once a year;
/// once every army has moved the relocations end by themselves.
#[test]
fn armies_stay_unless_moved_and_swap_places_6() {
    let new_year = (2..=20)
        .filter(|&t| turn_track().turn(t).transfers)
        .find(|&t| {
            armies()
                .list
                .iter()
                .all(|a| a.side != Side::British || a.arrives(Side::British) != t)
        })
        .expect("a new year without British arrivals");
    let mut b = board(Side::British, new_year, 0);
    b.step = Step::Relocate;
    b.army[OHIO as usize][0] = army("br-1");
    b.army[HUDSON as usize][0] = army("br-2");
    // staying: one word, nothing moves
    let mut g = game(b);
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert_eq!(
        legal.len(),
        2 * 3 + 1,
        "each army to any other region, or stay: {legal:?}"
    );
    assert_eq!(legal.last(), Some(&Action::Stay));
    g.apply(Action::Stay).unwrap();
    assert_eq!(g.board().step, Step::Actions);
    let player = |b: &Board| b.army.map(|r| r[0]);
    assert_eq!(player(g.board()), player(&b));
    assert!(log_text(&g).contains("Your armies stay where they stand (6)."));
    // br-1 into Hudson: br-2 goes to Ohio in its place; br-1 cannot move again, nor stand
    // still as a move
    let mut g = game(b);
    assert_eq!(
        g.check(&Action::parse("relocate br-1 ohio").unwrap())
            .unwrap_err()
            .rule,
        "6"
    );
    g.apply(Action::parse("relocate br-1 hudson").unwrap())
        .unwrap();
    assert_eq!(g.board().army[HUDSON as usize][0], army("br-1"));
    assert_eq!(g.board().army[OHIO as usize][0], army("br-2"));
    assert!(
        log_text(&g)
            .contains("br-1 relocates from Ohio to Hudson; br-2 goes to Ohio in its place (6)."),
        "{}",
        log_text(&g)
    );
    let e = g
        .check(&Action::parse("relocate br-1 mohawk").unwrap())
        .unwrap_err();
    assert_eq!(
        (e.rule.as_str(), e.message.contains("relocated already")),
        ("6", true)
    );
    assert_eq!(g.check(&Action::EndActions).unwrap_err().rule, "6");
    // br-2 moves on to Mohawk: every army has moved, so the relocations end
    g.apply(Action::parse("relocate br-2 mohawk").unwrap())
        .unwrap();
    let b2 = *g.board();
    assert_eq!(b2.step, Step::Actions);
    assert_eq!(b2.army[MOHAWK as usize][0], army("br-2"));
    assert_eq!(b2.army[OHIO as usize][0], NO_ARMY);
    assert_eq!(b2.relocated, 0);
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
    assert_eq!(b.attack_terms(MOHAWK, Side::British).total(), -2);
    let mut g = game(b);
    assert_eq!(g.check(&Action::Restore(OHIO)).unwrap_err().rule, "7");
    assert_eq!(g.check(&Action::Resupply(OHIO)).unwrap_err().rule, "7");
    g.apply(Action::Restore(MOHAWK)).unwrap();
    g.apply(Action::Resupply(MOHAWK)).unwrap();
    assert_eq!(g.board().attack_terms(MOHAWK, Side::British).total(), 1);
    assert_eq!(g.board().ap, 1);
    assert_eq!(g.check(&Action::Resupply(MOHAWK)).unwrap_err().rule, "7");
}

/// A BOT line of the French chart (the player British) for the picking rules alone.
fn line(action: BotAction, pick: Pick, regions: &[u8]) -> Line {
    Line {
        roll: 1,
        action,
        pick,
        regions: regions.to_vec(),
        otherwise: 0,
        assumed: String::new(),
    }
}

/// 7.1: how each kind of line picks its one region, and the reason the log gives.
#[test]
fn bot_lines_and_fallbacks_7_1() {
    let all = [OHIO, MOHAWK, HUDSON, ATLANTIC];
    let campaign = turn_allowing(Kind::Attack);
    // attack, threat: where the player stands nearest the BOT's flag towns (the British at
    // Louisbourg, one advance from Quebec)
    let mut b = board(Side::British, campaign, 0);
    b.front[ATLANTIC as usize] = map().len[ATLANTIC as usize] as i8 - 2;
    let threat = line(BotAction::Attack, Pick::Threat, &all);
    assert_eq!(b.bot_region(&threat), Some(ATLANTIC));
    let why = b.bot_why_region(&threat, ATLANTIC);
    assert!(why.starts_with("you stand 1 advance from Quebec"), "{why}");
    // attack, odds: where its chance is best (the French +2 army in Mohawk)
    let mut b = board(Side::British, campaign, 0);
    b.army[MOHAWK as usize][1] = army("fr-2");
    let odds = line(BotAction::Attack, Pick::Odds, &all);
    assert_eq!(b.bot_region(&odds), Some(MOHAWK));
    assert!(b
        .bot_why_region(&odds, MOHAWK)
        .starts_with("its best chance anywhere it can attack: advance"));
    // attack, nearest: where it stands nearest the player's flag towns (the French one
    // advance from Philadelphia)
    let mut b = board(Side::British, campaign, 0);
    b.front[OHIO as usize] = 0;
    let nearest = line(BotAction::Attack, Pick::Nearest, &all);
    assert_eq!(b.bot_region(&nearest), Some(OHIO));
    let why = b.bot_why_region(&nearest, OHIO);
    assert!(
        why.starts_with("it stands 1 advance from Philadelphia"),
        "{why}"
    );
    // the log says which measure broke a tie: at the start the French stand two advances from
    // every British flag town, at the same odds; the British are nearer the French flag towns
    // outside Ohio; the first of the rest is listed first
    let b = board(Side::British, campaign, 0);
    assert_eq!(b.bot_region(&nearest), Some(MOHAWK));
    let why = b.bot_why_region(&nearest, MOHAWK);
    assert!(
        why.starts_with(
            "it stands 2 advances from Albany, as near your flag towns as anywhere it can \
             attack, and of those alike the first in its list; advance 2/6"
        ),
        "{why}"
    );
    let mut b = b;
    b.army[HUDSON as usize][1] = army("fr-1");
    assert_eq!(b.bot_region(&nearest), Some(HUDSON));
    let why = b.bot_why_region(&nearest, HUDSON);
    assert!(
        why.contains(
            "as near your flag towns as anywhere it can attack, and of those its odds are best"
        ),
        "{why}"
    );
    // ties: the other measures, then the order listed (Mohawk and Hudson alike at the start)
    let b = board(Side::British, campaign, 0);
    assert_eq!(
        b.bot_region(&line(BotAction::Attack, Pick::Threat, &[HUDSON, MOHAWK])),
        Some(HUDSON)
    );
    assert_eq!(
        b.bot_region(&line(BotAction::Attack, Pick::Threat, &[MOHAWK, HUDSON])),
        Some(MOHAWK)
    );
    // Ohio's route is longer: the British there are further from Ft. Niagara than from
    // Trois-Rivières in Hudson, so the threat is Hudson's whatever the order
    assert_eq!(
        b.bot_region(&line(BotAction::Attack, Pick::Threat, &[OHIO, HUDSON])),
        Some(HUDSON)
    );
    // raid: where the player's strongest army stands with anything left to strike (its militia
    // first, then its supply), else the first full militia
    let mut b = board(Side::British, campaign, 0);
    b.army[HUDSON as usize][0] = army("br-2");
    b.army[OHIO as usize][0] = army("br-1");
    let raid = line(BotAction::Raid, Pick::Odds, &all);
    assert_eq!(b.bot_region(&raid), Some(HUDSON));
    let mut struck = b;
    assert!(
        !struck.strike(HUDSON, true),
        "a raid reduces the militia first"
    );
    assert!(struck.reduced[HUDSON as usize][0] && !struck.unsupplied[HUDSON as usize][0]);
    b.reduced[HUDSON as usize][0] = true;
    assert_eq!(
        b.bot_region(&raid),
        Some(HUDSON),
        "then cuts the army's supply"
    );
    let mut struck = b;
    assert!(struck.strike(HUDSON, true));
    b.unsupplied[HUDSON as usize][0] = true;
    assert_eq!(b.bot_region(&raid), Some(OHIO));
    b.army = [[NO_ARMY; 2]; 4];
    assert_eq!(
        b.bot_region(&line(BotAction::Raid, Pick::Odds, &[HUDSON, MOHAWK])),
        Some(MOHAWK)
    );
    // supply: the player's strongest army in supply; none: cannot be done
    let mut b = board(Side::British, campaign, 0);
    b.army[HUDSON as usize][0] = army("br-2");
    b.army[OHIO as usize][0] = army("br-1");
    let supply = line(BotAction::Supply, Pick::Odds, &all);
    assert_eq!(b.bot_region(&supply), Some(HUDSON));
    let mut struck = b;
    assert!(
        struck.strike(HUDSON, false),
        "a blow at supply cuts the army off first"
    );
    assert!(!struck.strike(HUDSON, false), "then reduces the militia");
    b.unsupplied[HUDSON as usize][0] = true;
    b.unsupplied[OHIO as usize][0] = true;
    b.reduced = [[true; 2]; 4];
    assert_eq!(b.bot_region(&supply), None);
    // influence: the first listed whose Indians are not its allies (a winter turn)
    let mut b = board(Side::British, turn_allowing(Kind::Influence), 0);
    let influence = line(BotAction::Influence, Pick::Odds, &[OHIO, MOHAWK, HUDSON]);
    assert_eq!(
        b.bot_region(&influence),
        Some(MOHAWK),
        "the Ohio Indians are French allies"
    );
    b.indians = [Indians::French; 4];
    assert_eq!(b.bot_region(&influence), None);
    // ocean: only while the player holds it
    let mut b = board(Side::British, campaign, 0);
    let ocean = line(BotAction::Ocean, Pick::Odds, &[ATLANTIC]);
    assert_eq!(b.bot_region(&ocean), None);
    b.ocean = Side::British;
    assert_eq!(b.bot_region(&ocean), Some(ATLANTIC));
    // the British BOT's chart, as the game plays it: a blow at supply puts one French army out
    // of supply, the strongest (when the chart has such a line)
    let mut b = board(Side::French, campaign, 0);
    b.army[OHIO as usize][1] = army("fr-1");
    b.army[HUDSON as usize][1] = army("fr-2");
    if let Some(roll) = (1..=6).find(|&r| {
        b.bot_choice(r)
            .line
            .is_some_and(|(l, _)| l.action == BotAction::Supply)
    }) {
        let mut g = game(b);
        g.force_dice([roll]);
        g.apply(Action::EndActions).unwrap();
        assert!(
            g.board().unsupplied[HUDSON as usize][1] && !g.board().unsupplied[OHIO as usize][1]
        );
        assert!(
            log_text(&g).contains(&format!("BOT rolls {roll} on the British BOT Action Chart")),
            "{}",
            log_text(&g)
        );
    }
}

/// 7.1: every line of both charts, as the game plays it, acts in one region at most (one
/// attack, one die) and the log says where and why.
#[test]
fn a_bot_line_acts_in_one_region_and_says_why_7_1() {
    let reasons = [
        "nearer its flag towns",
        "nearer your flag towns",
        "its best chance",
        "as near its flag towns",
        "as near your flag towns",
        "as good a chance",
        "whose Indians are not its allies",
        "you control the Atlantic",
        "strongest army",
        "the first region it lists",
    ];
    for player in [Side::British, Side::French] {
        for turn in [turn_allowing(Kind::Attack), turn_forbidding().0] {
            let mut b = board(player, turn, 0);
            b.ocean = player;
            b.indians = [Indians::Neutral; 4];
            let p = player.index();
            b.army[OHIO as usize][p] = army(if player == Side::British {
                "br-2"
            } else {
                "fr-2"
            });
            b.army[HUDSON as usize][p] = army(if player == Side::British {
                "br-1"
            } else {
                "fr-1"
            });
            for roll in 1..=6 {
                let mut g = game(b);
                g.force_dice([roll, 6, 6, 6, 6]);
                let before = g.log().entries().len();
                g.apply(Action::EndActions).unwrap();
                let new: Vec<String> = g.log().entries()[before..]
                    .iter()
                    .map(|e| e.text.clone())
                    .collect();
                let bot = new.iter().find(|t| t.starts_with("BOT rolls")).unwrap();
                assert!(
                    reasons.iter().any(|r| bot.contains(r)) || bot.contains("its action is lost"),
                    "{bot}"
                );
                let attacks = new
                    .iter()
                    .filter(|t| t.starts_with(&format!("{} attack", b.bot().name())))
                    .count();
                let changed = (0..4)
                    .filter(|&r| {
                        let a = g.board();
                        a.front[r] != b.front[r]
                            || a.reduced[r] != b.reduced[r]
                            || a.unsupplied[r] != b.unsupplied[r]
                            || (r < 3 && a.indians[r] != b.indians[r])
                    })
                    .count();
                assert!(attacks <= 1 && changed <= 1, "roll {roll}: {new:?}");
            }
        }
    }
}

/// 8: fortified towns −1, flag towns −2.
#[test]
fn fortified_and_flag_towns_8() {
    let mut b = board(Side::British, 2, 2);
    b.indians = [Indians::Neutral; 4];
    assert_eq!(
        b.attack_terms(OHIO, Side::British).describe(),
        "−1 fortified town"
    );
    b.front[OHIO as usize] = 4;
    assert_eq!(
        b.attack_terms(OHIO, Side::British).describe(),
        "−2 flag town"
    );
    assert_eq!(b.advance_sixths(OHIO, Side::British), 1, "only a natural 6");
}

/// 8: driven off their flag town, the defenders stand outside and near it; nothing is left to
/// attack there, and they may attack to recover it.
#[test]
fn outside_and_near_and_recovery_8() {
    let mut b = board(Side::British, 2, 2);
    b.front[HUDSON as usize] = 2; // British at Ft. Carillon, French at Trois-Rivières
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
    // the French, outside and near Trois-Rivières, recover it (here played by the player): a 6
    let mut b = board(Side::French, 2, 1);
    b.front[HUDSON as usize] = 3; // the British in Trois-Rivières, the French outside
    let mut g = game(b);
    assert_eq!(town(&g, HUDSON, Side::French), "outside");
    g.force_dice([6]);
    g.apply(Action::Attack(HUDSON)).unwrap();
    assert_eq!(town(&g, HUDSON, Side::French), "Trois-Rivières");
    assert_eq!(town(&g, HUDSON, Side::British), "Ft. Carillon");
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
    // a BOT roll that takes back no flag town (its die a 1)
    let [quiet, die] = quiet_bot(&b);
    g.force_dice([quiet, die]);
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
            .any(|e| e.text.contains(&format!("BOT rolls {quiet}"))),
        "the BOT acted first"
    );
    // the BOT's recovery in time prevents it: an attack recovers a flag town on a 6
    let mut g = game(b);
    let attack = bot_roll(&b, |a, _| a == BotAction::Attack);
    g.force_dice([attack, 6]);
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
    g.force_dice(quiet_bot(&b));
    g.apply(Action::EndActions).unwrap();
    assert!(g.outcome().is_none());
}

/// 11: flags the BOT takes during its own turn win only if it still holds them at the end of
/// the player's next turn: the player has that turn to recover one.
#[test]
fn the_bots_flags_must_survive_the_players_turn_11() {
    // a fall turn, so that the next (a winter) gives the British AP and an attack
    let fall = (1..20)
        .find(|&t| turn_track().turn(t).season == "fall" && turn_track().turn(t + 1).ap[0] > 0)
        .unwrap();
    let mut b = board(Side::British, fall, 0);
    b.front[OHIO as usize] = -1; // the French hold Philadelphia
    b.front[MOHAWK as usize] = 0; // the British hold on in Albany
    let mut g = game(b);
    // a BOT attack in Mohawk (one advance from Albany), and a 6
    let roll = bot_roll(&b, |a, r| a == BotAction::Attack && r == MOHAWK);
    g.force_dice([roll, 6]);
    g.apply(Action::EndActions).unwrap();
    assert_eq!(g.board().flags_held(Side::French), 2);
    assert!(g.outcome().is_none(), "not at the end of the French turn");
    assert_eq!(g.board().turn, fall + 1);
    // the British recover Albany from outside (a natural 6) and the game goes on
    let mut recovered = g.clone();
    recovered.force_dice([6]);
    recovered.apply(Action::Attack(MOHAWK)).unwrap();
    recovered.force_dice(quiet_bot(recovered.board()));
    recovered.apply(Action::EndActions).unwrap();
    assert!(recovered.outcome().is_none());
    // ... or they do not, and the French win at the end of the British turn
    g.apply(Action::EndActions).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.winner, o.turn),
        (Some(fiw_solitaire::BOT), fall as u32 + 1)
    );
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
    g.force_dice(quiet_bot(&b));
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
    let mut checked = 0;
    for player in [Side::British, Side::French] {
        for turn in [turn_allowing(Kind::Attack), turn_forbidding().0] {
            // the BOT holds the ocean and every player militia is reduced: its Ocean, raid and
            // (in winter) attack lines cannot be done
            let mut b = board(player, turn, 0);
            b.reduced = [[true; 2]; 4];
            let bot = b.bot().index();
            b.reduced.iter_mut().for_each(|r| r[bot] = false);
            for roll in 1..=6 {
                let choice = b.bot_choice(roll);
                if choice.tried == 0 {
                    continue;
                }
                let mut g = game(b);
                g.force_dice([roll, 1, 1, 1]);
                let before = g.log().entries().len();
                g.apply(Action::EndActions).unwrap();
                let bot = g.log().entries()[before..]
                    .iter()
                    .map(|e| e.text.clone())
                    .find(|t| t.starts_with("BOT rolls"))
                    .unwrap();
                let head = format!(
                    "BOT rolls {roll} on the {} BOT Action Chart: line {roll} (",
                    b.bot().name()
                );
                assert!(bot.starts_with(&head), "{bot}");
                let tried = &choice.refused[..choice.tried];
                // each line tried is named with what it does, and each reason said once
                let reasons: Vec<String> = tried
                    .iter()
                    .map(|&n| {
                        let r = b.refusals(&[n]);
                        r.split(" cannot be done: ").nth(1).unwrap().to_string()
                    })
                    .collect();
                let mut distinct = reasons.clone();
                distinct.sort();
                distinct.dedup();
                assert_eq!(
                    bot.matches(" cannot be done: ").count(),
                    distinct.len(),
                    "{bot}"
                );
                for n in tried {
                    let l = charts().line(b.bot(), *n);
                    assert!(
                        bot.contains(&format!("{n} (")) && bot.contains(l.short()),
                        "{bot}"
                    );
                }
                match choice.line {
                    Some((l, _)) => assert!(
                        bot.contains(&format!("; line {} instead: ", l.roll)),
                        "{bot}"
                    ),
                    None => assert!(bot.ends_with("its action is lost (7)."), "{bot}"),
                }
                checked += 1;
            }
        }
    }
    assert!(
        checked >= 4,
        "lines that cannot be done were tried: {checked}"
    );
}
