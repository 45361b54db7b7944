//! A battle's end read back onto the map (`data/battles.toml`, `[results]`): the attackers who
//! win the battle advance, as on the chart; a battle lost or drawn is no result; and a side that
//! lost heavily has its militia reduced, or, worse, its army cut off from supply. Also the
//! generals fighting a battle out between them.

use crate::fort::Generated;
use crate::rules::BattleRules;
use fiw_engine::{decide, Game, RuleError, Side};
use fiw_solitaire::Settlement;

/// How a battle ended, as the map reads it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fought {
    /// The side that won; `None` for a draw.
    pub winner: Option<Side>,
    /// `lost[side]`: the share of its units (commanders aside) it lost.
    pub lost: [f64; 2],
    /// The rounds (or turns) the battle lasted.
    pub rounds: u32,
}

impl Fought {
    /// The map's result for an attack by `attacker`.
    pub fn settlement(&self, attacker: Side, rules: &BattleRules) -> Settlement {
        let r = &rules.results;
        let mut s = Settlement {
            advanced: self.winner == Some(attacker),
            ..Settlement::default()
        };
        for side in [Side::British, Side::French] {
            let lost = self.lost[side.index()];
            s.reduce[side.index()] = lost >= r.reduce_at;
            s.cut[side.index()] = lost >= r.cut_at;
        }
        s
    }
}

/// How a D3 battle stands: its winner so far and each side's losses.
pub fn d3_fought(g: &fiw_d3::D3) -> Fought {
    let mut all = [0u32; 2];
    let mut gone = [0u32; 2];
    for u in g.units() {
        if u.kind == fiw_d3::Type::Commander {
            continue;
        }
        let i = u.army.index();
        all[i] += 1;
        gone[i] += u.eliminated as u32;
    }
    let share = |i: usize| {
        if all[i] == 0 {
            0.0
        } else {
            gone[i] as f64 / all[i] as f64
        }
    };
    Fought {
        winner: g.outcome().and_then(|o| o.winner).map(Side::of_seat),
        lost: [share(0), share(1)],
        rounds: g.round(),
    }
}

/// How a skirmish battle stands: its winner so far and each side's share of companies lost
/// (routed, surrendered or destroyed), the measure its victory conditions count.
pub fn skirmish_fought(g: &fiw_skirmish::Skirmish) -> Fought {
    use fiw_skirmish::Side as S;
    Fought {
        winner: g.outcome().and_then(|o| o.winner).map(Side::of_seat),
        lost: [g.lost_share(S::British), g.lost_share(S::French)],
        rounds: g.turn(),
    }
}

/// How a siege of Louisbourg stands: its winner so far and each army's share of its SP lost,
/// against `start`, the SP each began with ([`louisbourg_start`]).
pub fn louisbourg_fought(g: &fiw_louisbourg::Louisbourg, start: [u32; 2]) -> Fought {
    // C7 each army's loss against the strength points it began with: a share of the printed
    // strength is rounded block by block at random, so the printed total times the share is
    // off by up to a point a block
    let lost = |side: fiw_louisbourg::Side, began: u32| {
        (1.0 - f64::from(g.army_sp(side)) / f64::from(began.max(1))).clamp(0.0, 1.0)
    };
    Fought {
        winner: g.outcome().and_then(|o| o.winner).map(Side::of_seat),
        lost: [
            lost(fiw_louisbourg::Side::British, start[0]),
            lost(fiw_louisbourg::Side::French, start[1]),
        ],
        rounds: g.turn(),
    }
}

/// Each army's strength points (British, French) as a siege begins, its blocks sized: what
/// [`louisbourg_fought`] counts its losses against.
pub fn louisbourg_start(g: &fiw_louisbourg::Louisbourg) -> [u32; 2] {
    [
        g.army_sp(fiw_louisbourg::Side::British),
        g.army_sp(fiw_louisbourg::Side::French),
    ]
}

/// The siege of Louisbourg `battle` (its options' text) fought to its end by the computer
/// generals of both sides, their dice and the game's drawn from `seed`.
///
/// # Errors
/// Options refused by the game (a bug in the generator), in one line.
pub fn louisbourg_by_generals(
    battle: &Generated,
    seed: u64,
) -> Result<(fiw_louisbourg::Louisbourg, Fought), String> {
    let g = louisbourg_game(battle, seed).map_err(|e| e.to_string())?;
    let start = louisbourg_start(&g);
    let g = by_generals(g, seed)?;
    let fought = louisbourg_fought(&g, start);
    Ok((g, fought))
}

/// The D3 game of the generated battle `battle`, its dice from `seed`.
///
/// # Errors
/// The scenario refused by D3's checks.
pub(crate) fn d3_game(battle: &Generated, seed: u64) -> Result<fiw_d3::D3, RuleError> {
    let options = fiw_d3::Options {
        scenario: battle.name.clone(),
        text: Some(battle.text.clone()),
    };
    fiw_d3::D3::new(&options, seed)
}

/// The skirmish game of the generated battle `battle`, its dice from `seed`.
///
/// # Errors
/// The scenario refused by the skirmish rules' checks.
pub(crate) fn skirmish_game(
    battle: &Generated,
    seed: u64,
) -> Result<fiw_skirmish::Skirmish, RuleError> {
    let options = fiw_skirmish::Options {
        scenario: battle.name.clone(),
        text: Some(battle.text.clone()),
        ..fiw_skirmish::Options::default()
    };
    fiw_skirmish::Skirmish::new(&options, seed)
}

/// The Louisbourg game of the generated siege `battle` (its options' text), its dice from
/// `seed`.
///
/// # Errors
/// Options the game refuses.
pub(crate) fn louisbourg_game(
    battle: &Generated,
    seed: u64,
) -> Result<fiw_louisbourg::Louisbourg, RuleError> {
    let options = crate::siege::options(battle).map_err(RuleError::input)?;
    fiw_louisbourg::Louisbourg::new(&options, seed)
}

/// Any game fought to its end by its heuristic generals on both seats, its dice drawn from
/// `seed`, each general's from its own.
fn by_generals<G: Game>(mut g: G, seed: u64) -> Result<G, String> {
    g.set_logging(false);
    let mut generals = [
        G::heuristic_policy(fiw_engine::game_seed(seed, 1)),
        G::heuristic_policy(fiw_engine::game_seed(seed, 2)),
    ];
    let mut legal = Vec::new();
    while let Some(seat) = g.to_move() {
        let Some(general) = generals[seat].as_deref_mut() else {
            return Err(format!("{} has no computer general", G::NAME));
        };
        let Some(a) = decide(&g, seat, general, &mut legal) else {
            return Err(format!("{} has no legal action", G::SEATS[seat]));
        };
        g.apply(a).map_err(|e| e.to_string())?;
    }
    Ok(g)
}

/// The skirmish battle `battle` fought to its end by the computer generals of both sides,
/// their dice and the battle's drawn from `seed`.
///
/// # Errors
/// The generated scenario refused by the skirmish rules' checks (a bug in the generator, said
/// in one line).
pub fn skirmish_by_generals(
    battle: &Generated,
    seed: u64,
) -> Result<(fiw_skirmish::Skirmish, Fought), String> {
    let g = by_generals(
        skirmish_game(battle, seed).map_err(|e| e.to_string())?,
        seed,
    )?;
    let fought = skirmish_fought(&g);
    Ok((g, fought))
}

/// The D3 battle `battle` fought to its end by the computer generals of both sides, their
/// dice and the battle's drawn from `seed`.
///
/// # Errors
/// The generated scenario refused by D3's checks (a bug in the generator, said in one line).
pub fn d3_by_generals(battle: &Generated, seed: u64) -> Result<(fiw_d3::D3, Fought), String> {
    let g = by_generals(d3_game(battle, seed).map_err(|e| e.to_string())?, seed)?;
    let fought = d3_fought(&g);
    Ok((g, fought))
}
