//! Exact battle odds for Louisbourg 1758 (`fiw odds louisbourg`), computed as a Markov chain
//! over the two sides' strength-point (SP) totals, never by sampling.
//!
//! # Why SP totals are enough
//! Every unit rolls as many dice as its current SP (5) and every hit removes one SP (9.2), so a
//! side rolls exactly its SP total. Outside raids all the units of one side share one hit number
//! in a given round: the attackers always fire single (6), the defenders all get the same
//! location effect (9.3). The owner's choice of which unit takes a hit (9.2) then changes nothing
//! about the dice either side rolls, and the chain over `(attacker SP, defender SP)` is exact
//! whatever the allocation.
//!
//! Raids (8.3.2) are the one case where units of a side can fire differently (rangers and
//! Indians hit on 5–6, the others on 6), so allocation matters. A raid is a single round, and
//! [`odds`] enumerates it exactly with a fixed, documented owner's policy: *hits go first on
//! the units that fire worst (highest hit number), and among those on the largest SP first*.
//! Within one hit number the choice of unit changes no dice, so the policy only fixes the order
//! between groups of units that fire differently.
//!
//! # What the calculator leaves out
//! - A battle fought to the finish is an infinite chain in principle. Rounds are run until the
//!   probability still in play is below 1e-13 (or 10 000 rounds have been fought); that residue
//!   is counted in no outcome, so the outcome probabilities add up to 1 within 1e-13. Single
//!   states below 1e-250 are dropped into the same residue to keep the arithmetic out of
//!   subnormal numbers.
//! - Retreats (10) are the options [`OddsQuery::attacker_retreat_at`] and
//!   [`OddsQuery::defender_retreat_at`]: a side retreats at its turn to fire from round 2 on when
//!   its SP total is at or below the given value. The retreating side keeps its SP: the 1 SP a
//!   unit loses for crossing a road above its limit (8.3.1, 10) depends on the map and the
//!   number of units, which the calculator does not know, so it is ignored. Whether a retreat
//!   location is open (10) is the asker's business too.

#[cfg(test)]
use crate::board::ISLAND_BATTERY;
use crate::board::{self, Loc, GABARUS_BAY, LOUISBOURG, LOUISBOURG_HARBOR};
use crate::fire::{hit_on, BattleKind};
use crate::forces::{Kind, Side};
use serde::Serialize;

/// Largest SP total a side may bring to the calculator: well above either whole army (the
/// British army is 61 SP, the French 43) while keeping the chain well under a second.
pub const MAX_SIDE_SP: u32 = 160;

/// Most units in a raid (8.3.2).
pub const MAX_RAIDERS: usize = 4;

/// The chain stops once less than this much probability is still in play.
const IN_PLAY_EPSILON: f64 = 1e-13;

/// The chain stops after this many rounds whatever is still in play.
const MAX_ROUNDS: u32 = 10_000;

/// Single states smaller than this are dropped (counted in the residue): keeps the arithmetic
/// away from subnormal numbers, which are slow, at no visible cost.
const NEGLIGIBLE: f64 = 1e-250;

/// 9.3 single fire: hits on a 6.
const SINGLE_FIRE: u8 = 6;
/// 9.3 double fire: hits on 5–6.
#[cfg(test)]
const DOUBLE_FIRE: u8 = 5;
/// 9.3 triple fire: hits on 4–6.
#[cfg(test)]
const TRIPLE_FIRE: u8 = 4;

/// One block in a battle: its type and its current SP (1 to 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Fighter {
    pub kind: Kind,
    pub sp: u8,
}

/// A battle to evaluate. `at` is the battle location (it only matters for the location effects
/// of 9.3: Louisbourg and Island Battery); `None` is an open field. Ship battles (11) have
/// ships on both sides and no `at`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OddsQuery {
    pub attacker: Vec<Fighter>,
    pub defender: Vec<Fighter>,
    pub at: Option<Loc>,
    /// 8.3.3 the attackers landed by amphibious move: the defenders fire triple in round 1.
    pub amphibious: bool,
    /// 8.3.2 one round only, at most four raiders; rangers and Indians fire double.
    pub raid: bool,
    /// 10 the attacker retreats instead of firing, from round 2 on, when its SP total is at or
    /// below this value (after the defender's fire of that round).
    pub attacker_retreat_at: Option<u32>,
    /// 10 the defender retreats instead of firing, from round 2 on, when its SP total is at or
    /// below this value at the start of the round (it decides first).
    pub defender_retreat_at: Option<u32>,
}

/// The exact outcome of a battle. The `*_sp_left` distributions are indexed by SP (index 0 is a
/// destroyed side) and cover every way the battle ends, retreats and the end of a raid included;
/// the means are over all outcomes, counting 0 for a destroyed side.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Odds {
    /// The defenders are destroyed.
    pub attacker_wins: f64,
    /// The attackers are destroyed. After a one-round raid the two need not add up to 1.
    pub defender_wins: f64,
    /// The attacker retreated (10).
    pub attacker_retreats: f64,
    /// The defender retreated (10).
    pub defender_retreats: f64,
    pub attacker_sp_left_mean: f64,
    pub defender_sp_left_mean: f64,
    /// The mean number of the round in which the battle ends (a retreat at the start of
    /// round 2 ends the battle in round 2; a raid is always 1).
    pub mean_rounds: f64,
    pub attacker_sp_left: Vec<f64>,
    pub defender_sp_left: Vec<f64>,
}

/// The chance that one die hits when it hits on `threshold` or more: `(7 − t) / 6`. Thresholds
/// below 1 hit always, above 6 never.
pub fn hit_chance(threshold: u8) -> f64 {
    f64::from(7u8.saturating_sub(threshold.max(1))) / 6.0
}

/// Reads a comma list of units, each `SP` (a regular) or `KIND:SP`, e.g. `4,4,ranger:2`.
/// Errors are one line naming the bad item.
pub fn parse_units(text: &str) -> Result<Vec<Fighter>, String> {
    const EXAMPLE: &str = "expected a comma list of SP or KIND:SP, e.g. 4,4,ranger:2";
    if text.trim().is_empty() {
        return Err(format!("no units given ({EXAMPLE})"));
    }
    let mut units = Vec::new();
    for raw in text.split(',') {
        let item = raw.trim();
        if item.is_empty() {
            return Err(format!("empty unit in '{}' ({EXAMPLE})", text.trim()));
        }
        let (kind, sp_text) = match item.split_once(':') {
            Some((k, s)) => {
                let word = k.trim().to_ascii_lowercase();
                let kind = Kind::named(&word).ok_or_else(|| {
                    format!(
                        "unit '{item}': unknown kind '{}' (one of regular, light, ranger, \
                         militia, indian, ship)",
                        k.trim()
                    )
                })?;
                (kind, s.trim())
            }
            None => {
                if Kind::named(&item.to_ascii_lowercase()).is_some() {
                    return Err(format!("unit '{item}': give its SP too, e.g. '{item}:2'"));
                }
                (Kind::Regular, item)
            }
        };
        if sp_text.is_empty() || !sp_text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!(
                "unit '{item}': SP '{sp_text}' is not a number 1 to 4"
            ));
        }
        // 5 a block has 1 to 4 pips.
        let sp = sp_text.parse::<u8>().ok().filter(|s| (1..=4).contains(s));
        let Some(sp) = sp else {
            return Err(format!("unit '{item}': SP must be 1 to 4"));
        };
        units.push(Fighter { kind, sp });
    }
    Ok(units)
}

/// Reads a battle location for `--at`: one of the twelve land location ids.
pub fn parse_at(text: &str) -> Result<Loc, String> {
    let id = text.trim().to_ascii_lowercase();
    match board::loc_named(&id) {
        Some(loc) if board::is_land(loc) => Ok(loc),
        _ => Err(format!(
            "location '{}': not a land location (one of {})",
            text.trim(),
            board::IDS[..board::LAND].join(", ")
        )),
    }
}

/// Exact odds of a battle. Refuses (with a one-line reason) anything the rules do not allow.
pub fn odds(q: &OddsQuery) -> Result<Odds, String> {
    let ships = validate(q)?;
    let a0: u32 = q.attacker.iter().map(|f| u32::from(f.sp)).sum();
    let d0: u32 = q.defender.iter().map(|f| u32::from(f.sp)).sum();
    if q.raid {
        return Ok(raid(q, a0, d0));
    }
    // 11 ship battles are fought like army battles at sea: no location effect.
    let at = if ships { None } else { q.at };
    Ok(fight(q, at, a0, d0))
}

/// The nation a kind belongs to, when only one side has it (5.1, 5.2).
fn nation(kind: Kind) -> Option<Side> {
    match kind {
        Kind::Light | Kind::Ranger => Some(Side::British),
        Kind::Militia | Kind::Indian => Some(Side::French),
        Kind::Regular | Kind::Ship => None,
    }
}

/// Checks one side; returns whether it is made of ships and the nation its kinds show.
fn validate_side(name: &str, side: &[Fighter]) -> Result<(bool, Option<(Side, Kind)>), String> {
    if side.is_empty() {
        return Err(format!("the {name} has no units"));
    }
    for (i, f) in side.iter().enumerate() {
        if !(1..=4).contains(&f.sp) {
            return Err(format!(
                "{name} unit {} ({}:{}): SP must be 1 to 4",
                i + 1,
                f.kind.id(),
                f.sp
            ));
        }
    }
    let total: u32 = side.iter().map(|f| u32::from(f.sp)).sum();
    if total > MAX_SIDE_SP {
        return Err(format!(
            "the {name} has {total} SP; the calculator takes at most {MAX_SIDE_SP} SP a side"
        ));
    }
    let ships = side.iter().filter(|f| f.kind == Kind::Ship).count();
    if ships > 0 && ships < side.len() {
        return Err(format!(
            "the {name} mixes ships with army units: ships fight only ships (11)"
        ));
    }
    let mut seen: Option<(Side, Kind)> = None;
    for f in side {
        if let Some(n) = nation(f.kind) {
            match seen {
                Some((m, k)) if m != n => {
                    return Err(format!(
                        "the {name} mixes {} units ({}) with {} units ({})",
                        m.name(),
                        k.id(),
                        n.name(),
                        f.kind.id()
                    ))
                }
                Some(_) => {}
                None => seen = Some((n, f.kind)),
            }
        }
    }
    Ok((ships > 0, seen))
}

/// Every refusal in one place; returns whether this is a ship battle.
fn validate(q: &OddsQuery) -> Result<bool, String> {
    let (att_ships, att_nation) = validate_side("attacker", &q.attacker)?;
    let (def_ships, def_nation) = validate_side("defender", &q.defender)?;
    if let (Some((a, ak)), Some((d, dk))) = (att_nation, def_nation) {
        if a == d {
            return Err(format!(
                "both sides are {} ({} attacking, {} defending): a battle is between the \
                 British and the French",
                a.name(),
                ak.id(),
                dk.id()
            ));
        }
    }
    if att_ships != def_ships {
        return Err("ships fight only ships (11): give ships on both sides or on neither".into());
    }
    if let Some(loc) = q.at {
        if !board::is_land(loc) {
            return Err(format!(
                "'at' must be a land location, not '{}'",
                board::id(loc)
            ));
        }
    }
    let ships = att_ships;
    if ships {
        if q.at.is_some() {
            return Err(
                "a ship battle is fought in a sea area (11): leave out the location".into(),
            );
        }
        if q.amphibious {
            return Err("an amphibious attack lands army units (8.3.3), not ships".into());
        }
        if q.raid {
            return Err(
                "a raid is made by army units on a land location (8.3.2), not ships".into(),
            );
        }
        if q.defender_retreat_at.is_some() {
            return Err("defending ships cannot retreat (11)".into());
        }
    }
    if q.raid {
        if q.attacker.len() > MAX_RAIDERS {
            return Err(format!(
                "a raid is made with 1 to {MAX_RAIDERS} units (8.3.2); the attacker has {}",
                q.attacker.len()
            ));
        }
        if q.amphibious {
            return Err(
                "a raid goes overland to an adjacent location (8.3.2); it cannot also \
                        be an amphibious attack"
                    .into(),
            );
        }
        if q.attacker_retreat_at.is_some() || q.defender_retreat_at.is_some() {
            return Err(
                "a raid is a single round (8.3.2) and there is no retreat in round 1 \
                        (10): retreat options do not apply"
                    .into(),
            );
        }
    }
    if q.amphibious {
        if let Some(loc) = q.at {
            let b = board::board();
            if !b.on_sea(loc, GABARUS_BAY) && !b.on_sea(loc, LOUISBOURG_HARBOR) {
                return Err(format!(
                    "{} borders no sea area, so it cannot be attacked by amphibious move (8.3.3)",
                    b.name(loc)
                ));
            }
        }
    }
    if q.at == Some(LOUISBOURG) && q.defender.iter().any(|f| f.kind == Kind::Indian) {
        return Err(
            "Indians never end a turn in Louisbourg (5.2), so they cannot defend it".into(),
        );
    }
    Ok(ships)
}

/// The hit number of the defenders in `round` (9.3 location effects, 8.3.3 amphibious
/// triple fire): the game's own `fire::hit_on`, so the odds and the battles can never differ.
fn defender_threshold(at: Option<Loc>, amphibious: bool, round: u32) -> u8 {
    let battle = if amphibious {
        BattleKind::Amphibious
    } else {
        BattleKind::Land
    };
    hit_on(
        Kind::Regular,
        true,
        at.unwrap_or(board::ELIMINATED),
        battle,
        round.min(255) as u8,
        true,
    )
}

/// Binomial probabilities for one hit chance and every number of dice up to `n_max`: the row
/// `n` holds P(k hits of n dice), and `tail` the chance of at least k hits. Built by Pascal's
/// recurrence, which only adds positive numbers and so stays accurate to a few ulps even for
/// the ~100 dice of the largest battles (no factorials, no cancellation).
struct Binomial {
    width: usize,
    pmf: Vec<f64>,
    tail: Vec<f64>,
}

impl Binomial {
    fn new(p: f64, n_max: usize) -> Binomial {
        let width = n_max + 1;
        let q = 1.0 - p;
        let mut pmf = vec![0.0; width * width];
        pmf[0] = 1.0;
        for n in 1..width {
            for k in 0..=n {
                let stay = if k < n {
                    q * pmf[(n - 1) * width + k]
                } else {
                    0.0
                };
                let hit = if k > 0 {
                    p * pmf[(n - 1) * width + k - 1]
                } else {
                    0.0
                };
                pmf[n * width + k] = stay + hit;
            }
        }
        // Upper tails summed from the small end, so small tails keep their precision.
        let mut tail = vec![0.0; width * width];
        for n in 0..width {
            let mut acc = 0.0;
            for k in (0..=n).rev() {
                acc += pmf[n * width + k];
                tail[n * width + k] = acc;
            }
        }
        Binomial { width, pmf, tail }
    }

    /// P(k hits of n dice) for k in 0..=n.
    fn row(&self, n: usize) -> &[f64] {
        &self.pmf[n * self.width..n * self.width + n + 1]
    }

    /// P(at least k hits of n dice).
    fn at_least(&self, n: usize, k: usize) -> f64 {
        if k > n {
            0.0
        } else {
            self.tail[n * self.width + k]
        }
    }
}

/// The tally of finished battles, by how they ended and with how much SP.
struct Tally {
    attacker_wins: f64,
    defender_wins: f64,
    attacker_retreats: f64,
    defender_retreats: f64,
    attacker_sp_left: Vec<f64>,
    defender_sp_left: Vec<f64>,
    rounds: f64,
}

impl Tally {
    fn new(a0: u32, d0: u32) -> Tally {
        Tally {
            attacker_wins: 0.0,
            defender_wins: 0.0,
            attacker_retreats: 0.0,
            defender_retreats: 0.0,
            attacker_sp_left: vec![0.0; a0 as usize + 1],
            defender_sp_left: vec![0.0; d0 as usize + 1],
            rounds: 0.0,
        }
    }

    /// A battle ends in `round` with `a` and `d` SP left, with probability `p`.
    fn end(&mut self, p: f64, a: usize, d: usize, round: u32) {
        self.attacker_sp_left[a] += p;
        self.defender_sp_left[d] += p;
        self.rounds += p * f64::from(round);
    }

    fn finish(self) -> Odds {
        let mean = |v: &[f64]| {
            v.iter()
                .enumerate()
                .map(|(sp, p)| sp as f64 * p)
                .sum::<f64>()
        };
        Odds {
            attacker_wins: self.attacker_wins,
            defender_wins: self.defender_wins,
            attacker_retreats: self.attacker_retreats,
            defender_retreats: self.defender_retreats,
            attacker_sp_left_mean: mean(&self.attacker_sp_left),
            defender_sp_left_mean: mean(&self.defender_sp_left),
            mean_rounds: self.rounds,
            attacker_sp_left: self.attacker_sp_left,
            defender_sp_left: self.defender_sp_left,
        }
    }
}

/// 9.2, 10, 11 a battle fought to the finish (or to a retreat), as a chain over SP totals.
/// Each round: the defender retreats or fires (9.2, 10), its hits come off at once, then the
/// attacker, with what is left, retreats or fires.
fn fight(q: &OddsQuery, at: Option<Loc>, a0: u32, d0: u32) -> Odds {
    let (na, nd) = (a0 as usize, d0 as usize);
    let width = nd + 1;
    let n_max = na.max(nd);
    // Thresholds 4, 5 and 6 are all a battle can use; build only the ones it needs.
    let mut tables: [Option<Binomial>; 7] = Default::default();
    let mut table = |t: u8| -> usize {
        let i = usize::from(t.min(6));
        if tables[i].is_none() {
            tables[i] = Some(Binomial::new(hit_chance(t), n_max));
        }
        i
    };
    // 9.3 attackers always fire single outside raids.
    let attacker_table = table(SINGLE_FIRE);
    let first_table = table(defender_threshold(at, q.amphibious, 1));
    let later_table = table(defender_threshold(at, q.amphibious, 2));
    let tables = tables;

    let mut tally = Tally::new(a0, d0);
    let mut cur = vec![0.0; (na + 1) * width];
    let mut mid = vec![0.0; (na + 1) * width];
    cur[na * width + nd] = 1.0;

    for round in 1..=MAX_ROUNDS {
        let in_play: f64 = cur.iter().sum();
        if in_play < IN_PLAY_EPSILON {
            break;
        }
        // 10 no retreat in the first round.
        let may_retreat = round >= 2;
        let Some(def) = tables[if round == 1 { first_table } else { later_table }].as_ref() else {
            break;
        };
        let Some(att) = tables[attacker_table].as_ref() else {
            break;
        };

        // The defender's turn (9.2: the defender fires first).
        mid.fill(0.0);
        for a in 1..=na {
            for d in 1..=nd {
                let p = cur[a * width + d];
                if p < NEGLIGIBLE {
                    continue;
                }
                if may_retreat && q.defender_retreat_at.is_some_and(|x| d as u32 <= x) {
                    // 10 the defender decides first, at the start of the round.
                    tally.defender_retreats += p;
                    tally.end(p, a, d, round);
                    continue;
                }
                let row = def.row(d);
                for h in 0..a.min(d + 1) {
                    mid[(a - h) * width + d] += p * row[h];
                }
                let destroyed = p * def.at_least(d, a);
                if destroyed > 0.0 {
                    tally.defender_wins += destroyed;
                    tally.end(destroyed, 0, d, round);
                }
            }
        }

        // The attacker's turn, with its survivors (9.2 hits apply at once).
        cur.fill(0.0);
        for a in 1..=na {
            for d in 1..=nd {
                let p = mid[a * width + d];
                if p < NEGLIGIBLE {
                    continue;
                }
                if may_retreat && q.attacker_retreat_at.is_some_and(|x| a as u32 <= x) {
                    // 10 the attacker retreats instead of firing.
                    tally.attacker_retreats += p;
                    tally.end(p, a, d, round);
                    continue;
                }
                let row = att.row(a);
                let base = a * width;
                for k in 0..d.min(a + 1) {
                    cur[base + d - k] += p * row[k];
                }
                let destroyed = p * att.at_least(a, d);
                if destroyed > 0.0 {
                    tally.attacker_wins += destroyed;
                    tally.end(destroyed, a, 0, round);
                }
            }
        }
    }
    tally.finish()
}

/// The distribution of the hits scored by groups of dice, each group `(dice, threshold)`.
fn hits_pmf(groups: &[(u32, u8)]) -> Vec<f64> {
    let mut pmf = vec![1.0];
    for &(dice, t) in groups {
        if dice == 0 {
            continue;
        }
        let n = dice as usize;
        let table = Binomial::new(hit_chance(t), n);
        let row = table.row(n);
        let mut next = vec![0.0; pmf.len() + n];
        for (i, &p) in pmf.iter().enumerate() {
            for (k, &r) in row.iter().enumerate() {
                next[i + k] += p * r;
            }
        }
        pmf = next;
    }
    pmf
}

/// SP per hit number (index 4, 5, 6) of one side.
fn dice_by_threshold(side: &[Fighter], threshold: impl Fn(Kind) -> u8) -> [u32; 7] {
    let mut dice = [0u32; 7];
    for f in side {
        dice[usize::from(threshold(f.kind).clamp(1, 6))] += u32::from(f.sp);
    }
    dice
}

/// Takes `hits` SP off a side under the owner's policy of this module: the units that fire
/// worst (highest hit number) first. Within one hit number the unit chosen (the largest SP
/// first) changes no dice, so only the group totals are tracked.
fn take_hits(mut dice: [u32; 7], mut hits: u32) -> [u32; 7] {
    for t in (1..=6).rev() {
        let off = dice[t].min(hits);
        dice[t] -= off;
        hits -= off;
    }
    dice
}

fn groups(dice: &[u32; 7]) -> Vec<(u32, u8)> {
    (1..=6u8)
        .map(|t| (dice[usize::from(t)], t))
        .filter(|g| g.0 > 0)
        .collect()
}

/// 8.3.2 a raid: one round, the defender (with its location effects, 9.3) fires first, then the
/// surviving raiders, and the raid is over. Enumerated exactly over the hits of each fire.
fn raid(q: &OddsQuery, a0: u32, d0: u32) -> Odds {
    let mut tally = Tally::new(a0, d0);
    // 9.3 the location effects apply to defenders firing at raiders too.
    let at = q.at.unwrap_or(board::ELIMINATED);
    let defender_dice = dice_by_threshold(&q.defender, |k| {
        hit_on(k, true, at, BattleKind::Raid, 1, true)
    });
    let attacker_dice = dice_by_threshold(&q.attacker, |k| {
        hit_on(k, false, at, BattleKind::Raid, 1, true)
    });
    let defender_fire = hits_pmf(&groups(&defender_dice));
    for (h, &ph) in defender_fire.iter().enumerate() {
        if ph == 0.0 {
            continue;
        }
        let h = h as u32;
        if h >= a0 {
            tally.defender_wins += ph;
            tally.end(ph, 0, d0 as usize, 1);
            continue;
        }
        let left = take_hits(attacker_dice, h);
        let a = (a0 - h) as usize;
        let attacker_fire = hits_pmf(&groups(&left));
        for (k, &pk) in attacker_fire.iter().enumerate() {
            let p = ph * pk;
            let k = k as u32;
            if k >= d0 {
                tally.attacker_wins += p;
                tally.end(p, a, 0, 1);
            } else {
                // The raiders go home (8.3.2); both sides keep what they have.
                tally.end(p, a, (d0 - k) as usize, 1);
            }
        }
    }
    tally.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{loc_named, FLAT_POINT, GREEN_HILLS, LIGHTHOUSE_POINT};
    use fiw_engine::Dice;

    fn units(text: &str) -> Vec<Fighter> {
        parse_units(text).expect("test units parse")
    }

    fn query(att: &str, def: &str) -> OddsQuery {
        OddsQuery {
            attacker: units(att),
            defender: units(def),
            ..OddsQuery::default()
        }
    }

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    /// Every probability has a home, and the means agree with the distributions.
    fn check_consistent(o: &Odds, one_round: bool) {
        let ended = o.attacker_wins + o.defender_wins + o.attacker_retreats + o.defender_retreats;
        let a_sum: f64 = o.attacker_sp_left.iter().sum();
        let d_sum: f64 = o.defender_sp_left.iter().sum();
        assert!(
            close(a_sum, 1.0, 1e-12),
            "attacker distribution sums to {a_sum}"
        );
        assert!(
            close(d_sum, 1.0, 1e-12),
            "defender distribution sums to {d_sum}"
        );
        if !one_round {
            assert!(close(ended, 1.0, 1e-12), "outcomes sum to {ended}");
        }
        assert!(close(o.attacker_sp_left[0], o.defender_wins, 1e-12));
        assert!(close(o.defender_sp_left[0], o.attacker_wins, 1e-12));
        let mean = |v: &[f64]| v.iter().enumerate().map(|(i, p)| i as f64 * p).sum::<f64>();
        assert!(close(
            mean(&o.attacker_sp_left),
            o.attacker_sp_left_mean,
            1e-12
        ));
        assert!(close(
            mean(&o.defender_sp_left),
            o.defender_sp_left_mean,
            1e-12
        ));
        for p in o.attacker_sp_left.iter().chain(&o.defender_sp_left) {
            assert!(*p >= 0.0 && *p <= 1.0 + 1e-12);
        }
    }

    #[test]
    fn hit_chance_is_seven_minus_t_over_six() {
        assert_eq!(hit_chance(6), 1.0 / 6.0);
        assert_eq!(hit_chance(5), 2.0 / 6.0);
        assert_eq!(hit_chance(4), 3.0 / 6.0);
        assert_eq!(hit_chance(1), 1.0);
        assert_eq!(hit_chance(0), 1.0);
        assert_eq!(hit_chance(7), 0.0);
        assert_eq!(hit_chance(255), 0.0);
    }

    #[test]
    fn binomial_rows_are_exact_and_sum_to_one() {
        let b = Binomial::new(1.0 / 6.0, 80);
        for n in 0..=80 {
            let s: f64 = b.row(n).iter().sum();
            assert!(close(s, 1.0, 1e-13), "row {n} sums to {s}");
            assert!(close(b.at_least(n, 0), 1.0, 1e-13));
        }
        // P(2 hits of 3 dice at 1/6) = 3 · 5/216.
        assert!(close(b.row(3)[2], 15.0 / 216.0, 1e-16));
        // 80 dice all hitting: 6^-80, far below 1 yet still represented.
        let all = b.row(80)[80];
        assert!(all > 0.0 && close(all.ln(), -80.0 * 6f64.ln(), 1e-9));
    }

    #[test]
    fn parse_units_reads_sp_and_kind_sp() {
        let u = units("4, 4,ranger:2,Militia:1,ship:3");
        assert_eq!(
            u,
            vec![
                Fighter {
                    kind: Kind::Regular,
                    sp: 4
                },
                Fighter {
                    kind: Kind::Regular,
                    sp: 4
                },
                Fighter {
                    kind: Kind::Ranger,
                    sp: 2
                },
                Fighter {
                    kind: Kind::Militia,
                    sp: 1
                },
                Fighter {
                    kind: Kind::Ship,
                    sp: 3
                },
            ]
        );
    }

    #[test]
    fn parse_units_names_the_bad_item() {
        assert_eq!(
            parse_units("4,ranger:9").unwrap_err(),
            "unit 'ranger:9': SP must be 1 to 4"
        );
        assert_eq!(parse_units("0").unwrap_err(), "unit '0': SP must be 1 to 4");
        assert_eq!(
            parse_units("99999999999").unwrap_err(),
            "unit '99999999999': SP must be 1 to 4"
        );
        assert!(parse_units("dragoon:2")
            .unwrap_err()
            .starts_with("unit 'dragoon:2': unknown kind"));
        assert!(parse_units("ranger")
            .unwrap_err()
            .starts_with("unit 'ranger': give its SP"));
        assert!(parse_units("4,x")
            .unwrap_err()
            .starts_with("unit 'x': SP 'x' is not a number"));
        assert!(parse_units("ranger:-1")
            .unwrap_err()
            .starts_with("unit 'ranger:-1'"));
        assert!(parse_units("4,,4")
            .unwrap_err()
            .starts_with("empty unit in '4,,4'"));
        assert!(parse_units("4,").unwrap_err().starts_with("empty unit"));
        assert!(parse_units("  ").unwrap_err().starts_with("no units given"));
        for e in [
            parse_units("4,ranger:9"),
            parse_units("a:b:c"),
            parse_units(":"),
        ] {
            assert!(!e.unwrap_err().contains('\n'));
        }
    }

    #[test]
    fn parse_at_takes_land_locations_only() {
        assert_eq!(parse_at("island-battery"), Ok(ISLAND_BATTERY));
        assert_eq!(parse_at("Louisbourg"), Ok(LOUISBOURG));
        assert!(parse_at("gabarus-bay")
            .unwrap_err()
            .contains("not a land location"));
        assert!(parse_at("paris").is_err());
    }

    /// The hit numbers the odds feed the chain, at the places the rulebook names.
    #[test]
    fn defender_hit_numbers_follow_9_3() {
        assert_eq!(defender_threshold(None, false, 1), SINGLE_FIRE);
        assert_eq!(defender_threshold(Some(LOUISBOURG), false, 3), TRIPLE_FIRE);
        assert_eq!(
            defender_threshold(Some(ISLAND_BATTERY), false, 2),
            DOUBLE_FIRE
        );
        assert_eq!(
            defender_threshold(Some(board::FLAT_POINT), true, 1),
            TRIPLE_FIRE
        );
        assert_eq!(
            defender_threshold(Some(board::FLAT_POINT), true, 2),
            SINGLE_FIRE
        );
        assert_eq!(
            defender_threshold(Some(ISLAND_BATTERY), true, 2),
            DOUBLE_FIRE
        );
    }

    /// 1 SP against 1 SP in the open: the defender hits first with 1/6, then the attacker with
    /// 1/6; a round with no hit (25/36) starts over. attacker_wins = (5/6·1/6)/(1 − 25/36).
    #[test]
    fn one_against_one_in_the_open_matches_the_closed_form() {
        let o = odds(&query("1", "1")).unwrap();
        let again = 1.0 - 25.0 / 36.0;
        assert!(close(
            o.attacker_wins,
            (5.0 / 6.0 * 1.0 / 6.0) / again,
            1e-12
        ));
        assert!(close(o.defender_wins, (1.0 / 6.0) / again, 1e-12));
        assert!(close(o.attacker_wins, 5.0 / 11.0, 1e-12));
        // Rounds are geometric with success 11/36.
        assert!(close(o.mean_rounds, 36.0 / 11.0, 1e-11));
        assert!(close(o.attacker_sp_left_mean, 5.0 / 11.0, 1e-12));
        assert_eq!(o.attacker_retreats, 0.0);
        check_consistent(&o, false);
    }

    /// The same in Louisbourg: the defender hits on 4–6 (1/2) every round (9.3).
    #[test]
    fn one_against_one_in_louisbourg_matches_the_closed_form() {
        let mut q = query("1", "1");
        q.at = Some(LOUISBOURG);
        let o = odds(&q).unwrap();
        let again = 1.0 - 0.5 * 5.0 / 6.0;
        assert!(close(o.attacker_wins, (0.5 * 1.0 / 6.0) / again, 1e-12));
        assert!(close(o.attacker_wins, 1.0 / 7.0, 1e-12));
        assert!(close(o.defender_wins, 6.0 / 7.0, 1e-12));
        check_consistent(&o, false);
    }

    /// Island Battery: 1/3 every round, so attacker_wins = (2/3·1/6)/(1 − 2/3·5/6) = 1/4.
    #[test]
    fn one_against_one_at_island_battery_matches_the_closed_form() {
        let mut q = query("1", "1");
        q.at = Some(ISLAND_BATTERY);
        let o = odds(&q).unwrap();
        assert!(close(o.attacker_wins, 0.25, 1e-12));
        check_consistent(&o, false);
    }

    /// Amphibious attack (8.3.3): 1/2 in round 1 only, then the open-field chain:
    /// 1/2·1/6 + (1/2·5/6)·5/11 = 3/11.
    #[test]
    fn amphibious_triple_fire_is_for_the_first_round_only() {
        let mut q = query("1", "1");
        q.amphibious = true;
        q.at = Some(FLAT_POINT);
        let o = odds(&q).unwrap();
        assert!(close(o.attacker_wins, 3.0 / 11.0, 1e-12));
        // Without a location it is the same landing on an open beach.
        q.at = None;
        assert!(close(odds(&q).unwrap().attacker_wins, 3.0 / 11.0, 1e-12));
        // At Louisbourg the amphibious bonus adds nothing to triple fire.
        q.at = Some(LOUISBOURG);
        assert!(close(odds(&q).unwrap().attacker_wins, 1.0 / 7.0, 1e-12));
        check_consistent(&odds(&q).unwrap(), false);
    }

    /// 2 SP against 1 SP in the open, by hand: the attacker fires with what survives the
    /// defender's fire. With x = P(attacker wins from (2, 1)) and y = 5/11 from (1, 1):
    /// the defender misses (5/6), then 2 dice win with 11/36 or the round starts over; or it
    /// hits (1/6), then 1 die wins with 1/6 or the battle goes on from (1, 1):
    /// x = 5/6·(11/36 + 25/36·x) + 1/6·(1/6 + 5/6·y).
    #[test]
    fn two_against_one_by_hand() {
        let y = 5.0 / 11.0;
        let x = (5.0 / 6.0 * 11.0 / 36.0 + 1.0 / 6.0 * (1.0 / 6.0 + 5.0 / 6.0 * y))
            / (1.0 - 5.0 / 6.0 * 25.0 / 36.0);
        let o = odds(&query("2", "1")).unwrap();
        assert!(
            close(o.attacker_wins, x, 1e-12),
            "{} vs {x}",
            o.attacker_wins
        );
        check_consistent(&o, false);
    }

    #[test]
    fn fights_to_the_finish_account_for_all_the_probability() {
        let cases: [(&str, &str, Option<Loc>, bool); 6] = [
            ("4,4,4,4", "4,4,4", None, false),
            ("4,4,light:3", "3,militia:2", Some(ISLAND_BATTERY), false),
            ("4,4,4,4,4,4", "4,4,4,3", Some(LOUISBOURG), false),
            (
                "4,4,4,4,light:3,ranger:2",
                "4,4,militia:2",
                Some(FLAT_POINT),
                true,
            ),
            ("ship:4,ship:4", "ship:3,ship:3", None, false),
            ("1", "4,4,4,4,4,4,4,4,4,4", Some(LOUISBOURG), false),
        ];
        for (att, def, at, amphibious) in cases {
            let mut q = query(att, def);
            q.at = at;
            q.amphibious = amphibious;
            let o = odds(&q).unwrap();
            check_consistent(&o, false);
            assert_eq!(
                o.attacker_sp_left.len() as u32,
                q.attacker.iter().map(|f| u32::from(f.sp)).sum::<u32>() + 1
            );
        }
    }

    /// A big battle: the binomial rows reach 80 dice and nothing is lost.
    #[test]
    fn a_big_battle_stays_exact() {
        let o = odds(&query(&["4"; 20].join(","), &["4"; 20].join(","))).unwrap();
        check_consistent(&o, false);
        // The defender fires first, so with equal forces it is the favourite.
        assert!(o.defender_wins > o.attacker_wins);
        let o = odds(&query(&["4"; 40].join(","), &["4"; 40].join(","))).unwrap();
        check_consistent(&o, false);
    }

    /// More attacker SP never lowers attacker_wins; more defender SP never raises it.
    #[test]
    fn odds_are_monotonic_in_strength() {
        for at in [None, Some(ISLAND_BATTERY), Some(LOUISBOURG)] {
            for d in 1..=12u32 {
                let mut last = -1.0;
                for a in 1..=16u32 {
                    let q = OddsQuery {
                        attacker: vec![
                            Fighter {
                                kind: Kind::Regular,
                                sp: 1
                            };
                            a as usize
                        ],
                        defender: vec![
                            Fighter {
                                kind: Kind::Regular,
                                sp: 1
                            };
                            d as usize
                        ],
                        at,
                        ..OddsQuery::default()
                    };
                    let w = odds(&q).unwrap().attacker_wins;
                    assert!(w >= last - 1e-13, "{a} vs {d} at {at:?}: {w} < {last}");
                    last = w;
                }
            }
            let mut last = 2.0;
            for d in 1..=16 {
                let q = OddsQuery {
                    attacker: units("4,4,4"),
                    defender: vec![
                        Fighter {
                            kind: Kind::Militia,
                            sp: 1
                        };
                        d
                    ],
                    at,
                    ..OddsQuery::default()
                };
                let w = odds(&q).unwrap().attacker_wins;
                assert!(w <= last + 1e-13);
                last = w;
            }
        }
    }

    /// 8.3.2 a raider ranger hits on 5–6: ranger:1 raids a 1 SP regular in the open. The
    /// defender kills it with 1/6; otherwise the ranger kills with 1/3; otherwise both stay.
    #[test]
    fn a_raid_with_a_ranger_by_hand() {
        let mut q = query("ranger:1", "1");
        q.raid = true;
        let o = odds(&q).unwrap();
        assert!(close(o.defender_wins, 1.0 / 6.0, 1e-15));
        assert!(close(o.attacker_wins, 5.0 / 6.0 * 1.0 / 3.0, 1e-15));
        assert!(close(o.attacker_sp_left[1], 5.0 / 6.0, 1e-15));
        // The defender keeps its SP when it kills the raider or when the ranger misses.
        assert!(close(
            o.defender_sp_left[1],
            1.0 / 6.0 + 5.0 / 6.0 * 2.0 / 3.0,
            1e-15
        ));
        assert!(close(o.mean_rounds, 1.0, 1e-15));
        check_consistent(&o, true);

        // A defending Indian fires double too (8.3.2): the raider dies with 1/3.
        let mut q = query("1", "indian:1");
        q.raid = true;
        assert!(close(odds(&q).unwrap().defender_wins, 1.0 / 3.0, 1e-15));
        // In Louisbourg triple fire is better than the Indian's double: a regular raiding
        // British-held Louisbourg faces 1/2.
        let mut q = query("4", "ranger:1");
        q.raid = true;
        q.at = Some(LOUISBOURG);
        let o = odds(&q).unwrap();
        // One die at 1/2 cannot kill 4 SP; the raider kills 1 SP with 1 − P(no hit).
        assert_eq!(o.defender_wins, 0.0);
        let p_no_hit = 0.5 * (5.0f64 / 6.0).powi(4) + 0.5 * (5.0f64 / 6.0).powi(3);
        assert!(close(o.attacker_wins, 1.0 - p_no_hit, 1e-15));
    }

    /// The allocation policy: the owner loses the worse-firing regular before the ranger.
    /// ranger:2 + regular:1 raid a 1 SP regular. If hit (1/6), the ranger's 2 dice at 1/3 kill
    /// with 5/9; if not, 2 dice at 1/3 and 1 at 1/6 kill with 1 − 4/9·5/6 = 17/27.
    #[test]
    fn raid_hits_go_on_the_worst_firing_unit_first() {
        let mut q = query("ranger:2,1", "1");
        q.raid = true;
        let o = odds(&q).unwrap();
        let expected = 1.0 / 6.0 * 5.0 / 9.0 + 5.0 / 6.0 * 17.0 / 27.0;
        assert!(close(o.attacker_wins, expected, 1e-15));
        assert!(close(o.attacker_wins, 50.0 / 81.0, 1e-15));
        assert_eq!(o.defender_wins, 0.0);
        check_consistent(&o, true);
    }

    /// 8.3.2 Example 2: four 4 SP French regulars raid Lighthouse Point held by a ranger:2 and a
    /// 1 SP regular. The defenders score at most 3 hits, so the raiders always fire.
    #[test]
    fn the_rulebook_raid_example_is_one_round() {
        let mut q = query("4,4,4,4", "ranger:2,1");
        q.raid = true;
        q.at = Some(LIGHTHOUSE_POINT);
        let o = odds(&q).unwrap();
        assert_eq!(o.defender_wins, 0.0);
        assert!(o.attacker_wins > 0.0 && o.attacker_wins < 1.0);
        // The attackers lose at most 3 SP.
        assert!(o.attacker_sp_left[..13].iter().all(|&p| p == 0.0));
        check_consistent(&o, true);
    }

    /// A defender that retreats whenever it may (1 SP, retreat at 1): round 1 is fought, and
    /// everything still undecided (25/36) retreats at the start of round 2.
    #[test]
    fn a_defender_retreat_at_the_start_of_round_two() {
        let mut q = query("1", "1");
        q.defender_retreat_at = Some(1);
        let o = odds(&q).unwrap();
        assert!(close(o.defender_wins, 1.0 / 6.0, 1e-15));
        assert!(close(o.attacker_wins, 5.0 / 36.0, 1e-15));
        assert!(close(o.defender_retreats, 25.0 / 36.0, 1e-15));
        assert_eq!(o.attacker_retreats, 0.0);
        assert!(close(o.mean_rounds, 11.0 / 36.0 + 2.0 * 25.0 / 36.0, 1e-15));
        // The retreating defender keeps its SP.
        assert!(close(
            o.defender_sp_left_mean,
            25.0 / 36.0 + 1.0 / 6.0,
            1e-15
        ));
        check_consistent(&o, false);
    }

    /// An attacker that retreats whenever it may: in round 2 the defender still fires first.
    #[test]
    fn an_attacker_retreat_comes_after_the_defenders_fire() {
        let mut q = query("1", "1");
        q.attacker_retreat_at = Some(1);
        let o = odds(&q).unwrap();
        let again = 25.0 / 36.0;
        assert!(close(o.defender_wins, 1.0 / 6.0 + again / 6.0, 1e-15));
        assert!(close(o.attacker_wins, 5.0 / 36.0, 1e-15));
        assert!(close(o.attacker_retreats, again * 5.0 / 6.0, 1e-15));
        check_consistent(&o, false);

        // A retreat threshold below what is reachable changes nothing.
        let mut q = query("4,4", "3");
        let plain = odds(&q).unwrap();
        q.attacker_retreat_at = Some(0);
        q.defender_retreat_at = Some(0);
        assert_eq!(odds(&q).unwrap(), plain);
        // Attacking ships may retreat (11 only forbids the defenders).
        let mut q = query("ship:4", "ship:1,ship:1");
        q.attacker_retreat_at = Some(2);
        let o = odds(&q).unwrap();
        assert!(o.attacker_retreats > 0.0);
        check_consistent(&o, false);
    }

    /// 11 the rulebook's ship battle: a 4 SP British ship against two 1 SP French ships.
    #[test]
    fn a_ship_battle_is_fought_like_an_army_battle() {
        let ships = odds(&query("ship:4", "ship:1,ship:1")).unwrap();
        let army = odds(&query("4", "1,1")).unwrap();
        assert_eq!(ships, army);
        check_consistent(&ships, false);
    }

    #[test]
    fn odds_refuses_what_the_rules_do_not_allow() {
        let err = |q: OddsQuery| odds(&q).unwrap_err();
        assert_eq!(
            err(query("4", "1").with(|q| q.attacker.clear())),
            "the attacker has no units"
        );
        assert_eq!(
            err(query("4", "1").with(|q| q.defender.clear())),
            "the defender has no units"
        );
        assert!(err(query("4", "1").with(|q| q.attacker[0].sp = 0)).contains("SP must be 1 to 4"));
        assert!(err(query("4", "1").with(|q| q.defender[0].sp = 9)).contains("SP must be 1 to 4"));
        assert!(err(query("4,4,4,4,4", "1").with(|q| q.raid = true)).contains("1 to 4 units"));
        assert!(
            err(query("4", "1").with(|q| q.at = loc_named("gabarus-bay")))
                .contains("land location")
        );
        assert!(err(query("4", "1").with(|q| q.at = Some(200))).contains("land location"));
        assert!(err(query("ship:4,4", "1")).contains("mixes ships"));
        assert!(err(query("ship:4", "1")).contains("ships fight only ships"));
        assert!(
            err(query("ship:4", "ship:3").with(|q| q.at = Some(LOUISBOURG))).contains("sea area")
        );
        assert!(err(query("ship:4", "ship:3").with(|q| q.amphibious = true)).contains("8.3.3"));
        assert!(err(query("ship:4", "ship:3").with(|q| q.raid = true)).contains("8.3.2"));
        assert!(
            err(query("ship:4", "ship:3").with(|q| q.defender_retreat_at = Some(2)))
                .contains("defending ships cannot retreat (11)")
        );
        assert!(err(query("4", "1").with(|q| {
            q.raid = true;
            q.attacker_retreat_at = Some(1)
        }))
        .contains("retreat"));
        assert!(err(query("4", "1").with(|q| {
            q.raid = true;
            q.defender_retreat_at = Some(1)
        }))
        .contains("retreat"));
        assert!(err(query("4", "1").with(|q| {
            q.raid = true;
            q.amphibious = true
        }))
        .contains("amphibious"));
        assert!(err(query("4", "1").with(|q| {
            q.amphibious = true;
            q.at = Some(GREEN_HILLS)
        }))
        .contains("borders no sea area"));
        assert!(err(query("light:3,militia:1", "1"))
            .contains("mixes British units (light) with French units (militia)"));
        assert!(err(query("ranger:2", "light:3")).contains("both sides are British"));
        assert!(err(query("4", "indian:2").with(|q| q.at = Some(LOUISBOURG))).contains("5.2"));
        assert!(err(query("4", "1").with(|q| q.attacker = vec![
            Fighter {
                kind: Kind::Regular,
                sp: 4
            };
            41
        ]))
        .contains("at most"));
        // Every refusal is one line.
        assert!(!err(query("ship:4", "1")).contains('\n'));
    }

    fn any_kind() -> impl proptest::strategy::Strategy<Value = Kind> {
        use proptest::prelude::*;
        prop_oneof![
            12 => Just(Kind::Regular),
            1 => Just(Kind::Light),
            1 => Just(Kind::Ranger),
            1 => Just(Kind::Militia),
            1 => Just(Kind::Indian),
            1 => Just(Kind::Ship),
        ]
    }

    /// Mostly valid units, so that most cases reach the chain, with some bad SP among them
    /// (empty sides are in `odds_refuses_what_the_rules_do_not_allow`).
    fn any_side() -> impl proptest::strategy::Strategy<Value = Vec<Fighter>> {
        use proptest::prelude::*;
        let sp = prop_oneof![30 => 1u8..=4, 1 => Just(0u8), 1 => 5u8..=255];
        proptest::collection::vec(
            (any_kind(), sp).prop_map(|(kind, sp)| Fighter { kind, sp }),
            1..6,
        )
    }

    proptest::proptest! {
        /// No input panics; every accepted battle accounts for all its probability.
        #[test]
        fn odds_never_panic_and_always_add_up(
            attacker in any_side(),
            defender in any_side(),
            at in proptest::option::of(0u8..=13),
            amphibious in proptest::bool::weighted(0.2),
            raid in proptest::bool::weighted(0.3),
            attacker_retreat_at in proptest::option::weighted(0.2, 0u32..20),
            defender_retreat_at in proptest::option::weighted(0.2, 0u32..20),
        ) {
            let q = OddsQuery {
                attacker, defender, at, amphibious, raid, attacker_retreat_at, defender_retreat_at,
            };
            if let Ok(o) = odds(&q) {
                check_consistent(&o, q.raid);
                if q.raid {
                    proptest::prop_assert!(o.attacker_wins + o.defender_wins <= 1.0 + 1e-12);
                }
            }
        }

        /// Any text either parses or gives a one-line reason.
        #[test]
        fn parse_units_never_panics(text in "[a-z0-9:, ]{0,20}") {
            match parse_units(&text) {
                Ok(u) => proptest::prop_assert!(u.iter().all(|f| (1..=4).contains(&f.sp))),
                Err(e) => proptest::prop_assert!(!e.contains('\n')),
            }
        }
    }

    trait With: Sized {
        fn with(self, f: impl FnOnce(&mut Self)) -> Self;
    }
    impl With for OddsQuery {
        fn with(mut self, f: impl FnOnce(&mut Self)) -> Self {
            f(&mut self);
            self
        }
    }

    /// An independent simulation of the battle procedure, unit by unit, with the engine's
    /// dice: every unit rolls its SP at its own hit number, hits go one at a time on the
    /// worst-firing unit with the most SP (the policy of this module).
    struct Simulated {
        attacker_wins: u32,
        defender_wins: u32,
        attacker_retreats: u32,
        defender_retreats: u32,
        attacker_sp: Vec<f64>,
        defender_sp: Vec<f64>,
        rounds: Vec<f64>,
    }

    fn roll(dice: &mut Dice, side: &[(u8, u8)]) -> u32 {
        side.iter()
            .map(|&(t, sp)| dice.count_d6_at_least(u32::from(sp), t))
            .sum()
    }

    fn apply(side: &mut Vec<(u8, u8)>, hits: u32) {
        for _ in 0..hits {
            // Worst fire first, then the most SP.
            let Some(i) = (0..side.len()).max_by_key(|&i| (side[i].0, side[i].1)) else {
                return;
            };
            side[i].1 -= 1;
            if side[i].1 == 0 {
                side.remove(i);
            }
        }
    }

    fn total(side: &[(u8, u8)]) -> u32 {
        side.iter().map(|u| u32::from(u.1)).sum()
    }

    fn simulate(q: &OddsQuery, battles: u32, seed: u64) -> Simulated {
        let mut dice = Dice::new(seed);
        let mut s = Simulated {
            attacker_wins: 0,
            defender_wins: 0,
            attacker_retreats: 0,
            defender_retreats: 0,
            attacker_sp: Vec::new(),
            defender_sp: Vec::new(),
            rounds: Vec::new(),
        };
        for _ in 0..battles {
            let mut round = 0;
            let threshold = |k: Kind, base: u8| {
                if q.raid && k.raid_double_fire() {
                    base.min(5)
                } else {
                    base
                }
            };
            let mut def: Vec<(u8, u8)> = Vec::new();
            let mut att: Vec<(u8, u8)> = q
                .attacker
                .iter()
                .map(|f| (threshold(f.kind, 6), f.sp))
                .collect();
            loop {
                round += 1;
                let loc = match q.at {
                    Some(LOUISBOURG) => 4,
                    Some(ISLAND_BATTERY) => 5,
                    _ => 6,
                };
                let base = if q.amphibious && round == 1 {
                    4.min(loc)
                } else {
                    loc
                };
                def = if round == 1 {
                    q.defender
                        .iter()
                        .map(|f| (threshold(f.kind, base), f.sp))
                        .collect()
                } else {
                    def.iter().map(|&(_, sp)| (base, sp)).collect()
                };
                if round >= 2 && q.defender_retreat_at.is_some_and(|x| total(&def) <= x) {
                    s.defender_retreats += 1;
                    break;
                }
                let h = roll(&mut dice, &def);
                apply(&mut att, h);
                if att.is_empty() {
                    s.defender_wins += 1;
                    break;
                }
                if round >= 2 && q.attacker_retreat_at.is_some_and(|x| total(&att) <= x) {
                    s.attacker_retreats += 1;
                    break;
                }
                let k = roll(&mut dice, &att);
                apply(&mut def, k);
                if def.is_empty() {
                    s.attacker_wins += 1;
                    break;
                }
                if q.raid {
                    break;
                }
            }
            s.attacker_sp.push(f64::from(total(&att)));
            s.defender_sp.push(f64::from(total(&def)));
            s.rounds.push(f64::from(round));
        }
        s
    }

    /// `exact` lies within 4 standard errors of the sample mean of `xs`.
    fn within_4_se(name: &str, exact: f64, xs: &[f64]) {
        let n = xs.len() as f64;
        let mean = xs.iter().sum::<f64>() / n;
        let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0);
        let se = (var / n).sqrt().max(1e-9);
        assert!(
            (mean - exact).abs() <= 4.0 * se,
            "{name}: exact {exact}, sampled {mean} ± {se}"
        );
    }

    /// A sampled frequency lies within 4 standard errors of the exact probability `p` (the
    /// error taken from `p` itself, so that rare outcomes never sampled still pass).
    fn frequency_within_4_se(name: &str, p: f64, count: usize, n: u32) {
        let n = f64::from(n);
        let se = (p * (1.0 - p) / n).sqrt().max(1e-9);
        let f = count as f64 / n;
        assert!(
            (f - p).abs() <= 4.0 * se,
            "{name}: exact {p}, sampled {f} ± {se}"
        );
    }

    fn cross_check(q: &OddsQuery, seed: u64) {
        const N: u32 = 200_000;
        let o = odds(q).unwrap();
        let s = simulate(q, N, seed);
        frequency_within_4_se(
            "attacker_wins",
            o.attacker_wins,
            s.attacker_wins as usize,
            N,
        );
        frequency_within_4_se(
            "defender_wins",
            o.defender_wins,
            s.defender_wins as usize,
            N,
        );
        frequency_within_4_se(
            "attacker_retreats",
            o.attacker_retreats,
            s.attacker_retreats as usize,
            N,
        );
        frequency_within_4_se(
            "defender_retreats",
            o.defender_retreats,
            s.defender_retreats as usize,
            N,
        );
        within_4_se(
            "attacker_sp_left_mean",
            o.attacker_sp_left_mean,
            &s.attacker_sp,
        );
        within_4_se(
            "defender_sp_left_mean",
            o.defender_sp_left_mean,
            &s.defender_sp,
        );
        within_4_se("mean_rounds", o.mean_rounds, &s.rounds);
        // Every point of both distributions too.
        for (i, &p) in o.attacker_sp_left.iter().enumerate() {
            let count = s.attacker_sp.iter().filter(|&&x| x as usize == i).count();
            frequency_within_4_se(&format!("attacker_sp_left[{i}]"), p, count, N);
        }
        for (i, &p) in o.defender_sp_left.iter().enumerate() {
            let count = s.defender_sp.iter().filter(|&&x| x as usize == i).count();
            frequency_within_4_se(&format!("defender_sp_left[{i}]"), p, count, N);
        }
    }

    #[test]
    fn monte_carlo_agrees_with_an_amphibious_landing() {
        let mut q = query("4,4,4,light:3,ranger:2", "4,3,militia:2,militia:1");
        q.amphibious = true;
        q.at = Some(FLAT_POINT);
        cross_check(&q, 1);
    }

    #[test]
    fn monte_carlo_agrees_with_retreats_at_island_battery() {
        let mut q = query("4,4,light:3", "3,militia:2");
        q.at = Some(ISLAND_BATTERY);
        q.attacker_retreat_at = Some(5);
        q.defender_retreat_at = Some(2);
        cross_check(&q, 2);
    }

    #[test]
    fn monte_carlo_agrees_with_an_assault_on_louisbourg() {
        let mut q = query("4,4,4,4,light:3", "4,3,militia:2");
        q.at = Some(LOUISBOURG);
        q.attacker_retreat_at = Some(6);
        cross_check(&q, 3);
    }

    #[test]
    fn monte_carlo_agrees_with_a_raid_of_mixed_fire() {
        let mut q = query(
            "ranger:2,4,light:3,ranger:1",
            "indian:2,militia:1,3,indian:1",
        );
        q.raid = true;
        cross_check(&q, 4);
        let mut q = query("indian:2,militia:2,indian:1", "ranger:2,1,light:2");
        q.raid = true;
        q.at = Some(ISLAND_BATTERY);
        cross_check(&q, 5);
    }
}
