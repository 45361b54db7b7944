//! Issue 37: the findings of the audit of 2026-12-04 on French & Indian War: Solitaire (H1, M1,
//! M2, L5, and the newcomers' L14) and the earlier ones of 2026-12-01 still open (#7, #9,
//! #11, #20), each a test named after it. They read the game only through what the base
//! commit (3af4ca5) had too, so each can be shown failing there (docs: /work/notes/issue37.md).

use fiw_engine::{Game, Seen};
use fiw_solitaire::armies::{armies, Armies};
use fiw_solitaire::charts::{charts, BotAction};
use fiw_solitaire::map::{map, REGIONS};
use fiw_solitaire::turn_track::{turn_track, Kind, TurnTrack};
use fiw_solitaire::{Action, Board, Indians, Options, Side, Solitaire, Step, PLAYER};

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

/// The first turn of `season`.
fn turn_in(season: &str) -> u8 {
    (1..=turn_track().turns.len() as u8)
        .find(|&t| turn_track().turn(t).season == season)
        .unwrap_or_else(|| panic!("no {season} turn"))
}

/// The different actions (a kind of action in a region: the BOT's lines are "one action in
/// one region") the six faces lead to on `b`.
fn kinds(b: &Board) -> u32 {
    let mut seen: Vec<(BotAction, u8)> = Vec::new();
    for roll in 1..=6 {
        if let Some((line, r)) = b.bot_choice(roll).line {
            if !seen.contains(&(line.action, r)) {
                seen.push((line.action, r));
            }
        }
    }
    seen.len() as u32
}

/// What a run of heuristic games showed: each game's log, and for each BOT turn the number of
/// kinds of action its six faces led to.
struct Seen37 {
    logs: Vec<String>,
    bot_turn_kinds: Vec<u32>,
    /// The player's turns in which it took two or more actions.
    several: usize,
}

/// `games` heuristic games from `side`, seeds 1 to `games`, with the log on.
fn heuristic_games(side: Side, games: u64) -> Seen37 {
    let mut seen = Seen37 {
        logs: Vec::new(),
        bot_turn_kinds: Vec::new(),
        several: 0,
    };
    for seed in 1..=games {
        let mut g = Solitaire::new(
            &Options {
                side,
                ..Default::default()
            },
            seed,
        )
        .unwrap();
        let mut h = Solitaire::heuristic_policy(seed).unwrap();
        let mut legal = Vec::new();
        let mut taken = 0;
        while g.to_move().is_some() {
            g.legal_actions(&mut legal);
            let a = legal[h.choose(&Seen::new(&g, PLAYER), &legal)];
            if a == Action::EndActions {
                seen.bot_turn_kinds.push(kinds(g.board()));
                seen.several += (taken >= 2) as usize;
                taken = 0;
            } else if g.board().step == Step::Actions {
                taken += 1;
            }
            g.apply(a).unwrap();
        }
        let log: Vec<String> = g.log().entries().iter().map(|e| e.text.clone()).collect();
        seen.logs.push(log.join("\n"));
    }
    seen
}

/// H1: the BOT's charts reduce the player's militia and cut its armies' supply, so that the
/// text's reduced and out-of-supply states, the player's restore and resupply and the new-year
/// recovery are played: on a campaign turn some face raids and some cuts supply, and in
/// heuristic play a militia is reduced or an army cut off in at least half the games, and the
/// player restores and resupplies in at least a third.
#[test]
fn h1_the_bot_raids_and_cuts_supply_and_the_player_restores_and_resupplies() {
    for player in [Side::British, Side::French] {
        let mut b = board(player, turn_in("summer"), 0);
        let p = player.index();
        let (one, two) = if player == Side::British {
            ("br-1", "br-2")
        } else {
            ("fr-1", "fr-2")
        };
        b.army[HUDSON as usize][p] = army(two);
        b.army[MOHAWK as usize][p] = army(one);
        let done: Vec<BotAction> = (1..=6)
            .filter_map(|r| b.bot_choice(r).line.map(|(l, _)| l.action))
            .collect();
        assert!(
            done.contains(&BotAction::Raid) && done.contains(&BotAction::Supply),
            "{player:?}: the six faces give {done:?}"
        );
        let seen = heuristic_games(player, 400);
        let n = seen.logs.len() as f64;
        let share = |want: &[&str]| {
            seen.logs
                .iter()
                .filter(|l| want.iter().any(|w| l.contains(w)))
                .count() as f64
                / n
        };
        let hit = share(&["BOT raid: your militia", "is out of supply (7)"]);
        let restored = share(&["is restored to full strength (7)"]);
        let resupplied = share(&["is back in supply (7)"]);
        assert!(
            hit >= 0.5 && restored >= 1.0 / 3.0 && resupplied >= 1.0 / 3.0,
            "{player:?}: reduced or cut off in {hit:.2} of the games, restored in {restored:.2}, resupplied in {resupplied:.2}"
        );
    }
}

/// M1: the BOT's die chooses: in at least half of the BOT's turns of heuristic games, its six
/// faces lead to three or more different actions (an attack in Hudson, a raid in Ohio, …).
#[test]
fn m1_the_bots_die_chooses_among_three_different_actions() {
    for player in [Side::British, Side::French] {
        let seen = heuristic_games(player, 60);
        let turns = seen.bot_turn_kinds.len() as f64;
        let varied = seen.bot_turn_kinds.iter().filter(|&&k| k >= 3).count() as f64;
        assert!(
            varied / turns >= 0.5,
            "{player:?}: {varied} of {turns} BOT turns offer three or more different actions"
        );
    }
}

/// M2: the BOT attacks to recover a flag town of its own the player took: wherever the player
/// holds one (and the BOT may attack there), some face of the die attacks there, in every
/// season, and the log says so.
#[test]
fn m2_the_bot_attacks_to_recover_a_flag_town_it_lost() {
    for player in [Side::British, Side::French] {
        for season in ["spring", "summer", "fall", "winter"] {
            for r in 0..REGIONS as u8 {
                let mut b = board(player, turn_in(season), 0);
                b.ocean = player.other();
                b.indians = [Indians::Neutral; 4];
                // the player holds the BOT's flag town in r; the BOT stands outside and near it
                b.front[r as usize] = match player {
                    Side::British => map().len[r as usize] as i8 - 1,
                    Side::French => -1,
                };
                assert!(b.outside(r, player.other()));
                let face = (1..=6).find(|&f| {
                    b.bot_choice(f)
                        .line
                        .is_some_and(|(l, q)| l.action == BotAction::Attack && q == r)
                });
                let Some(face) = face else {
                    panic!("{player:?} {season}: no face of the BOT's die attacks to recover its flag town in region {r}");
                };
                let mut g = Solitaire::arranged(b, 1).unwrap();
                g.force_dice([face, 6]);
                g.apply(Action::EndActions).unwrap();
                assert!(!g.board().outside(r, player.other()), "the 6 took it back");
            }
        }
    }
}

/// 2026-12-01 #7: a flag town the BOT takes in the fall can be answered before the sudden
/// death is declared at the end of the player's next turn: the Turn Track gives the player AP
/// and an attack on that (winter) turn, and recovering the town there prevents the loss.
#[test]
fn f7_a_flag_the_bot_takes_in_the_fall_can_be_answered_before_it_wins() {
    let track = turn_track();
    for side in [Side::British, Side::French] {
        for t in 1..track.turns.len() as u8 {
            if track.turn(t).season != "fall" {
                continue;
            }
            let next = track.turn(t + 1);
            assert!(
                next.ap[side.index()] > 0 && next.allows(side, Kind::Attack),
                "{side:?}: turn {} ({} {}) gives no attack to answer turn {t}",
                t + 1,
                next.season,
                next.year
            );
        }
    }
    // the French BOT holds Philadelphia and takes Albany in the fall: two British flag towns
    let fall = turn_in("fall");
    let mut b = board(Side::British, fall, 0);
    b.front[0] = -1;
    b.front[MOHAWK as usize] = 0;
    let roll = (1..=6)
        .find(|&f| {
            b.bot_choice(f)
                .line
                .is_some_and(|(l, q)| l.action == BotAction::Attack && q == MOHAWK)
        })
        .expect("a face attacks Albany");
    let mut g = Solitaire::arranged(b, 1).unwrap();
    g.force_dice([roll, 6]);
    g.apply(Action::EndActions).unwrap();
    assert_eq!(g.board().flags_held(Side::French), 2);
    assert!(g.outcome().is_none());
    while g.board().step != Step::Actions {
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        let stay = legal.iter().copied().find(|a| *a == Action::Stay);
        g.apply(stay.unwrap_or(legal[0])).unwrap();
    }
    assert!(
        g.check(&Action::Attack(MOHAWK)).is_ok(),
        "turn {}: {:?}",
        g.board().turn,
        g.check(&Action::Attack(MOHAWK))
    );
    g.force_dice([6]);
    g.apply(Action::Attack(MOHAWK)).unwrap();
    assert_eq!(g.board().flags_held(Side::French), 1);
}

/// 2026-12-01 #9: the player spends a turn's action points on "the action or actions" of the
/// turn: at least a quarter of the turns give 2 AP or more from either side, and the heuristic
/// player takes two or more actions in some of its turns.
#[test]
fn f9_a_turn_is_a_choice_of_several_actions() {
    let track = turn_track();
    for side in [Side::British, Side::French] {
        let several = track
            .turns
            .iter()
            .filter(|t| t.ap[side.index()] >= 2)
            .count();
        assert!(
            4 * several >= track.turns.len(),
            "{side:?}: {several} of {} turns give 2 AP or more",
            track.turns.len()
        );
        let two = heuristic_games(side, 10).several;
        assert!(two > 0, "{side:?}: no turn of two actions in ten games");
    }
}

/// 2026-12-01 #11: the data is correctable: a Turn Track of another length and start year, and
/// armies whose DRM is outside 1–3, are read (tests/other_data.rs plays them to the end).
#[test]
fn f11_a_track_of_another_length_and_army_drms_outside_1_to_3_load() {
    let good = include_str!("../data/turn_track.toml");
    // four more turns (a 1760 campaign), the whole track a year earlier
    let mut text = good.to_string();
    let last: Vec<&str> = good.split("[[turn]]").skip(1).collect();
    for (i, t) in last[last.len() - 4..].iter().enumerate() {
        let n = turn_track().turns.len() + i + 1;
        let year = turn_track().turn(turn_track().turns.len() as u8).year + 1;
        let mut t = t.to_string();
        t = t.replacen(&format!("turn = {}", n - 4), &format!("turn = {n}"), 1);
        t = t.replacen(
            &format!("year = {}", year - 1),
            &format!("year = {year}"),
            1,
        );
        text += "[[turn]]";
        text += &t;
    }
    let track = TurnTrack::parse(&text, "t.toml").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(track.turns.len(), turn_track().turns.len() + 4);
    let mut earlier = String::new();
    for line in good.lines() {
        match line.strip_prefix("year = ") {
            Some(y) => earlier += &format!("year = {}\n", y.parse::<u16>().unwrap() - 1),
            None => {
                earlier += line;
                earlier += "\n";
            }
        }
    }
    let track = TurnTrack::parse(&earlier, "t.toml").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(track.turn(1).year, 1754);
    let armies_text = include_str!("../data/armies.toml");
    let strong = armies_text.replacen("drm = 3", "drm = 4", 1);
    let a = Armies::parse(&strong, "a.toml", 20).unwrap_or_else(|e| panic!("{e}"));
    assert!(a.list.iter().any(|x| x.drm == 4));
    let none = armies_text.replacen("drm = 3", "drm = 0", 1);
    Armies::parse(&none, "a.toml", 20).unwrap_or_else(|e| panic!("{e}"));
}

/// 2026-12-01 #20: map.rs's comment on the number of regions says what it counts.
#[test]
fn f20_the_map_has_no_stray_comment() {
    let text = include_str!("../src/map.rs");
    assert!(
        !text.contains("/// Number of regions (2)."),
        "the stray comment is still there"
    );
}

/// L5: at a new year when a BOT army arrives, the relocation prompt says that it takes the field
/// after the player's relocations, and against which army.
#[test]
fn l5_the_relocation_prompt_says_when_the_bots_arriving_army_is_placed() {
    for player in [Side::British, Side::French] {
        let bot = player.other();
        let Some(arrival) = armies().list.iter().find(|a| {
            a.side == bot && a.arrives(player) > 1 && turn_track().turn(a.arrives(player)).transfers
        }) else {
            continue;
        };
        let p = player.index();
        let mut b = board(player, arrival.arrives(player) - 1, 0);
        let (one, two) = if player == Side::British {
            ("br-1", "br-2")
        } else {
            ("fr-1", "fr-2")
        };
        b.army[HUDSON as usize][p] = army(two);
        b.army[ATLANTIC as usize][p] = army(one);
        let mut g = Solitaire::arranged(b, 1).unwrap();
        let quiet = (1..=6)
            .find(|&f| {
                b.bot_choice(f)
                    .line
                    .is_none_or(|(l, _)| !matches!(l.action, BotAction::Raid | BotAction::Supply))
            })
            .unwrap();
        g.force_dice([quiet, 1]);
        g.apply(Action::EndActions).unwrap();
        while g.board().step == Step::Place {
            let mut legal = Vec::new();
            g.legal_actions(&mut legal);
            g.apply(legal[0]).unwrap();
        }
        assert_eq!(g.board().step, Step::Relocate);
        let shown = g.render(PLAYER);
        let want = format!(
            "Arriving for the BOT this turn: {} {:+}",
            arrival.id, arrival.drm
        );
        assert!(shown.contains(&want), "{shown}");
        assert!(
            shown.contains("once your armies are placed and relocated")
                && shown.contains("faces your weakest army that no BOT army faces yet"),
            "{shown}"
        );
    }
}

/// The newcomers' L14: when several lines of the BOT's chart cannot be done for one reason,
/// the log gives the reason once.
#[test]
fn l14_the_bots_reason_is_said_once() {
    let mut checked = 0;
    for player in [Side::British, Side::French] {
        for t in 1..=turn_track().turns.len() as u8 {
            // every player marker outside its flag town: no BOT attack can be made
            let mut b = board(player, t, 0);
            for r in 0..REGIONS {
                b.front[r] = match player {
                    Side::British => -1,
                    Side::French => map().len[r] as i8 - 1,
                };
            }
            b.reduced = [[true; 2]; 4];
            b.indians = [Indians::Neutral; 4];
            let bot = player.other();
            let refused: Vec<u8> = (1..=6)
                .filter(|&n| b.bot_region(charts().line(bot, n)).is_none())
                .collect();
            for (i, &x) in refused.iter().enumerate() {
                for &y in &refused[i + 1..] {
                    let one = b.refusals(&[x]);
                    let why = one.split(" cannot be done: ").nth(1).unwrap().to_string();
                    let other = b.refusals(&[y]);
                    if other.split(" cannot be done: ").nth(1) != Some(why.as_str()) {
                        continue;
                    }
                    let both = b.refusals(&[x, y]);
                    assert_eq!(both.matches(why.as_str()).count(), 1, "{both}");
                    assert!(both.contains(&format!("{x}")) && both.contains(&format!("{y}")));
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 0, "no two lines share a reason on these boards");
}
