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
    let options = Options {
        side,
        ..Default::default()
    };
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
        let save = SaveFile::of(
            &g,
            &Options {
                side,
                ..Default::default()
            },
            seed,
            texts,
        );
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
                ..Default::default()
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

/// Plays `seed`'s campaign at random until an attack that can be a battle waits.
fn to_a_waiting_battle(seed: u64) -> Campaign {
    let mut g = Campaign::new(&Options::default(), seed).unwrap();
    let mut dice = Dice::new(seed);
    let mut legal = Vec::new();
    while g.to_move().is_some() {
        g.legal_actions(&mut legal);
        if legal.contains(&Action::Fight) {
            return g;
        }
        let a = legal[dice.below(legal.len() as u32) as usize];
        g.apply(a).unwrap();
    }
    panic!("seed {seed}: no attack that can be a battle");
}

/// C2: before settling an attack the player is shown the chart's odds and the battle's from
/// the table measured ahead of time, in the prompt, the view and beside `fight`.
#[test]
fn a_waiting_attack_shows_the_odds_of_each_way() {
    let g = to_a_waiting_battle(3);
    let w = g
        .view(0)
        .waiting
        .expect("the view holds the waiting attack");
    let odds = w.battle_odds;
    let s = fiw_campaign::Situation::of(g.map().board(), g.map().pending().unwrap());
    let fiw_campaign::battles::Battles::Fort(garrison) = fiw_campaign::battles::Battles::of(&s)
    else {
        panic!("a fort battle waits");
    };
    let fort = &fiw_campaign::rules::rules().fort;
    let band = fiw_campaign::rules::band(s.sixths);
    let table = match garrison {
        fiw_campaign::rules::Garrison::Army => fort.odds[band],
        fiw_campaign::rules::Garrison::Militia => fort.militia_odds[band],
    };
    assert_eq!(odds, table);
    let prompt = g.prompt(Some(0)).unwrap();
    assert!(prompt.contains(&w.town), "{prompt}");
    assert!(
        prompt.contains(&format!("advances on {} in 6", w.chart_sixths)),
        "{prompt}"
    );
    assert!(prompt.contains(&format!("{odds:.0} %")), "{prompt}");
    let note = g.action_note(&Action::Generals).unwrap();
    assert!(note.contains(&format!("{odds:.0} %")), "{note}");
    // nothing waits once it is settled
    let mut g = g;
    g.apply(Action::Generals).unwrap();
    assert!(g.view(0).waiting.is_none());
    assert!(!g.prompt(Some(0)).unwrap_or_default().contains("waits"));
}

/// C6: a battle the player fights is told in the campaign's log, line by line as its game
/// logs it, and the campaign's search cannot read the battle's dice to come.
#[test]
fn a_battle_fought_is_told_in_the_campaigns_log() {
    let mut g = to_a_waiting_battle(5);
    let before = g.log().entries().len();
    g.apply(Action::Fight).unwrap();
    let b = g.battle().expect("a battle under way");
    let battle_lines: Vec<String> = b.log().entries().iter().map(|e| e.text.clone()).collect();
    assert!(!battle_lines.is_empty());
    let campaign_lines: Vec<String> = g.log().entries()[before..]
        .iter()
        .map(|e| e.text.clone())
        .collect();
    for line in &battle_lines {
        assert!(campaign_lines.contains(line), "{line}");
    }
    // reseeded, the battle's rolls to come are other than the true game's
    let mut a = g.clone();
    let mut c = g.clone();
    a.reseed(1);
    c.reseed(2);
    assert_ne!(
        a.battle().unwrap().dice().map(|d| d.clone().next_seed()),
        c.battle().unwrap().dice().map(|d| d.clone().next_seed())
    );
}

/// The search AI (`--seat player=ai`, `hint`) hands each decision to the search of the game it
/// belongs to, and settles a waiting attack by the odds the player is shown.
#[test]
fn the_search_ai_decides_on_the_map_at_an_attack_and_in_a_battle() {
    use fiw_engine::{SearchConfig, SearchLimits, Seen};
    let config = SearchConfig {
        limits: SearchLimits {
            iterations: Some(8),
            time: Some(std::time::Duration::from_millis(300)),
        },
        seed: 1,
        ..SearchConfig::default()
    };
    let mut ai = Campaign::search_ai(config);
    let mut legal = Vec::new();
    // on the map, from the first placement
    let mut g = Campaign::new(&Options::default(), 11).unwrap();
    for _ in 0..6 {
        g.legal_actions(&mut legal);
        let a = ai.analyse(&Seen::new(&g, 0), &legal);
        let best = a.best().unwrap();
        assert_eq!(legal[best.index], best.action);
        // the map's actions, or at an attack the generals when their odds are the better
        assert!(matches!(best.action, Action::Map(_) | Action::Generals));
        g.apply(best.action).unwrap();
    }
    // at an attack: the better of the die and the generals for the player's side
    let g = to_a_waiting_battle(3);
    g.legal_actions(&mut legal);
    let a = ai.analyse(&Seen::new(&g, 0), &legal);
    let w = g.view(0).waiting.unwrap();
    let chart = f64::from(w.chart_sixths) / 6.0;
    let battle = w.battle_odds / 100.0;
    let player = g.map().board().player;
    let mine = |p: f64| if w.attacker == player { p } else { 1.0 - p };
    let want = if mine(battle) > mine(chart) {
        Action::Generals
    } else {
        Action::Map(fiw_solitaire::Action::Roll)
    };
    assert_eq!(a.best().unwrap().action, want);
    // in a battle the player fights: the D3 search's orders
    let mut g = to_a_waiting_battle(5);
    g.apply(Action::Fight).unwrap();
    for _ in 0..4 {
        if g.battle().is_none() {
            break;
        }
        g.legal_actions(&mut legal);
        let a = ai.analyse(&Seen::new(&g, 0), &legal);
        let best = a.best().unwrap();
        assert!(matches!(best.action, Action::Fort(_)), "{:?}", best.action);
        assert_eq!(legal[best.index], best.action);
        g.apply(best.action).unwrap();
    }
}

/// The first of the campaigns 0 to 399 (the player's side in turn from `sides`, the heuristic
/// playing the map, every attack rolled) to come to an attack that would be a battle `kind`
/// accepts, stopped there.
fn waiting_for(
    sides: &[Side],
    kind: impl Fn(fiw_campaign::BattleKind) -> bool,
) -> Option<Campaign> {
    let mut legal = Vec::new();
    (0..400u64).find_map(|k| {
        let side = sides[k as usize % sides.len()];
        let mut g = Campaign::new(
            &Options {
                side,
                ..Default::default()
            },
            k,
        )
        .unwrap();
        let mut h = Campaign::heuristic_policy(k).unwrap();
        while g.to_move().is_some() {
            g.legal_actions(&mut legal);
            if let Some(w) = g.waiting_attack() {
                if kind(w.battle) {
                    return Some(g);
                }
                g.apply(Action::Map(fiw_solitaire::Action::Roll)).unwrap();
                continue;
            }
            let i = h.choose(&fiw_engine::Seen::new(&g, 0), &legal);
            g.apply(legal[i]).unwrap();
        }
        None
    })
}

/// C9: an attack on an open town is fought as a skirmish: the player commands their side on
/// the skirmish table, the skirmish general the other, and the result goes back to the map.
/// Campaigns of the heuristic player attack the map's one open town, Presque Isle, in a few
/// campaigns in a hundred: the first such campaign is played to it, every attack rolled.
#[test]
fn an_open_town_is_fought_as_a_skirmish_and_goes_back_to_the_map() {
    use fiw_campaign::BattleKind;
    let mut legal = Vec::new();
    let mut g = waiting_for(&[Side::British, Side::French], |k| {
        matches!(k, BattleKind::Open | BattleKind::Raid)
    })
    .expect("a campaign that attacks an open town");
    let w = g.waiting_attack().unwrap();
    assert_eq!(w.town, "Presque Isle");
    let odds = w.battle_odds;
    assert!((1.0..=99.0).contains(&odds), "{odds}");
    g.apply(Action::Fight).unwrap();
    let b = g.battle().expect("a battle under way");
    assert!(b.skirmish().is_some() && b.d3().is_none());
    let kind = b.kind;
    let view = serde_json::to_value(g.view(0)).unwrap();
    assert!(view["battle"]["view"]["skirmish"].is_object(), "{view}");
    assert!(g.render(0).contains("Battle at Presque Isle"));
    // only the battle's orders while it lasts, each named as the skirmish names it
    g.legal_actions(&mut legal);
    assert!(legal.iter().all(|a| matches!(a, Action::Town(_))));
    let t = g.action_text(&legal[0]);
    assert_eq!(g.parse_action(&t).unwrap(), legal[0], "{t}");
    let mut h = Campaign::heuristic_policy(1).unwrap();
    let mut steps = 0;
    while g.battle().is_some() {
        g.legal_actions(&mut legal);
        let i = h.choose(&fiw_engine::Seen::new(&g, 0), &legal);
        g.apply(legal[i]).unwrap();
        steps += 1;
        assert!(steps < 20_000, "the battle does not end");
    }
    let r = g.battles().last().unwrap();
    assert_eq!((r.kind, r.how), (kind, How::Fought));
    assert!(g.log().entries().iter().any(|e| e
        .text
        .contains("Fought as a battle at Presque Isle (Ohio), skirmish")));
    // the map goes on
    assert!(g.battle().is_none() && (g.to_move().is_some() || g.outcome().is_some()));
}

/// C10: the British attack on Louisbourg is the Louisbourg game, its armies sized from the
/// markers; the player's view of it hides the French blocks as the game does, and the siege's
/// end goes back to the map.
#[test]
fn the_british_attack_on_louisbourg_is_the_louisbourg_game() {
    use fiw_campaign::BattleKind;
    let mut legal = Vec::new();
    let mut g = waiting_for(&[Side::British], |k| k == BattleKind::Louisbourg)
        .expect("a campaign that besieges Louisbourg");
    let odds = g.waiting_attack().unwrap().battle_odds;
    assert!((1.0..=99.0).contains(&odds), "{odds}");
    g.apply(Action::Fight).unwrap();
    let b = g.battle().expect("a siege under way");
    let siege = b.louisbourg().expect("the Louisbourg game");
    let shares = siege
        .options()
        .forces
        .expect("armies sized from the markers");
    assert!(shares.british >= 1 && shares.french >= 1);
    // C7 losses are counted from the strength each army began with (each block's share was
    // rounded at random): none before a shot is fired
    assert_eq!(b.fought().lost, [0.0, 0.0]);
    // the player commands the British: the French blocks are hidden in their view
    let mine = serde_json::to_string(&g.view(0)).unwrap();
    let whole = serde_json::to_string(&siege.whole_view()).unwrap();
    assert_ne!(mine, whole);
    assert!(serde_json::to_value(g.view(0)).unwrap()["battle"]["view"]["louisbourg"].is_object());
    let mut h = Campaign::heuristic_policy(2).unwrap();
    let mut steps = 0;
    while g.battle().is_some() {
        g.legal_actions(&mut legal);
        assert!(legal.iter().all(|a| matches!(a, Action::Siege(_))));
        let i = h.choose(&fiw_engine::Seen::new(&g, 0), &legal);
        g.apply(legal[i]).unwrap();
        steps += 1;
        assert!(steps < 20_000, "the siege does not end");
    }
    let r = g.battles().last().unwrap();
    assert_eq!((r.kind, r.how), (BattleKind::Louisbourg, How::Fought));
    assert!(g.battle().is_none() && (g.to_move().is_some() || g.outcome().is_some()));
}
