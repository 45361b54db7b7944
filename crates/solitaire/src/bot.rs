//! 7 the BOT's action: one die on the BOT Action Chart of its side, the line carried out
//! deterministically (its tie-breaks are in the data), falling back on another line when it
//! cannot be done. Each line is one action in one region, with no modifier of its own, and
//! only what the Turn Track allows the player this turn (5.1).

use crate::armies::armies;
use crate::charts::{charts, BotAction, Line, Pick};
use crate::map::{map, Region, ATLANTIC, REGIONS};
use crate::side::Side;
use crate::state::{Board, Solitaire};
use crate::turn_track::{turn_track, Kind};

impl BotAction {
    /// 5.1 the kind of player action the Turn Track must allow for the BOT to take this one: a
    /// raid and a blow at supply are campaigning, so they go with attacks.
    pub fn kind(self) -> Kind {
        match self {
            BotAction::Attack | BotAction::Raid | BotAction::Supply => Kind::Attack,
            BotAction::Influence => Kind::Influence,
            BotAction::Ocean => Kind::Ocean,
        }
    }
}

/// 7 what the BOT does on a roll: the line carried out and its region (`None`: nothing can be
/// done), and the lines tried before it that could not be done.
#[derive(Clone, Copy, Debug)]
pub struct BotChoice {
    pub line: Option<(&'static Line, Region)>,
    /// The die faces of the lines that could not be done, in the order tried.
    pub refused: [u8; 6],
    pub tried: usize,
}

impl Board {
    /// 7 the line the BOT carries out on `roll`, following `otherwise` from each line that
    /// cannot be done; each line is tried at most once (0, or a line tried already, ends it).
    pub fn bot_choice(&self, roll: u8) -> BotChoice {
        let bot = self.bot();
        let mut choice = BotChoice {
            line: None,
            refused: [0; 6],
            tried: 0,
        };
        let mut number = roll;
        while choice.tried < choice.refused.len() {
            let line = charts().line(bot, number);
            if let Some(r) = self.bot_region(line) {
                choice.line = Some((line, r));
                break;
            }
            choice.refused[choice.tried] = number;
            choice.tried += 1;
            number = line.otherwise;
            if number == 0 || choice.refused[..choice.tried].contains(&number) {
                break;
            }
        }
        choice
    }

    /// 7 how many different actions the six faces of the BOT's die lead to on this board,
    /// fallbacks followed: an action is a kind (attack, raid, blow at supply, influence, Ocean
    /// attack) in a region, as each line is "one action in one region" (an attack in Hudson and
    /// an attack in Ohio are two; a face whose action is lost leads to none). The measure of
    /// whether the die chooses (the audit's M1).
    pub fn bot_actions_over_the_faces(&self) -> u32 {
        // bit (kind × 4 + region)
        let mut seen = 0u32;
        for roll in 1..=6 {
            if let Some((line, r)) = self.bot_choice(roll).line {
                seen |= 1 << (line.action as u32 * REGIONS as u32 + r as u32);
            }
        }
        seen.count_ones()
    }

    /// 7 whether a raid in `r` still has something to strike: the player's militia at full
    /// strength, or (once it is reduced) the player's army there in supply.
    pub fn raid_open(&self, r: Region) -> bool {
        let p = self.player.index();
        !self.reduced[r as usize][p]
            || (self.army_of(r, self.player).is_some() && !self.unsupplied[r as usize][p])
    }

    /// 7 a raid (`militia_first`) or a blow at supply in `r`: a raid reduces the player's
    /// militia there, or if it is reduced already, cuts the player's army there off from its
    /// supply; a blow at supply cuts the army off, or if it is cut off already (or there is no
    /// army), reduces the militia. So each always strikes while something is left to strike.
    /// Returns whether it cut supply.
    pub fn strike(&mut self, r: Region, militia_first: bool) -> bool {
        let p = self.player.index();
        let ri = r as usize;
        let can_cut = self.army_of(r, self.player).is_some() && !self.unsupplied[ri][p];
        let cut = if militia_first {
            self.reduced[ri][p] && can_cut
        } else {
            can_cut || self.reduced[ri][p]
        };
        if cut {
            self.unsupplied[ri][p] = true;
        } else {
            self.reduced[ri][p] = true;
        }
        cut
    }

    /// How many advances `side` still needs to occupy the enemy's flag town in `region` (0:
    /// it holds it). The BOT's "threat" is this count for the player, smaller being nearer.
    pub fn advances_to_flag(&self, region: Region, side: Side) -> i8 {
        let len = map().len[region as usize] as i8;
        match side {
            Side::British => len - 1 - self.front[region as usize],
            Side::French => self.front[region as usize] + 1,
        }
    }

    /// 5.1 whether the Turn Track lets the BOT take `action` this turn: only what it allows the
    /// player's side and the BOT's side alike (no BOT attacks in winter quarters).
    pub fn bot_season_allows(&self, action: BotAction) -> bool {
        let turn = turn_track().turn(self.turn);
        let kind = action.kind();
        turn.allows(self.player, kind) && turn.allows(self.bot(), kind)
    }

    /// 7 the region `line` acts in now, or `None` if the line cannot be carried out.
    pub fn bot_region(&self, line: &Line) -> Option<Region> {
        if !self.bot_season_allows(line.action) {
            return None;
        }
        let p = self.player.index();
        match line.action {
            BotAction::Attack => self.bot_attack_region(line),
            // where the player's strongest army stands with something left to raid (a full
            // militia, or an army in supply), else the first region listed with a full militia
            BotAction::Raid => {
                let full = |r: Region| !self.reduced[r as usize][p];
                self.strongest_player_army(&line.regions, |r| self.raid_open(r))
                    .or_else(|| line.regions.iter().copied().find(|&r| full(r)))
            }
            // the player's strongest army with something left to strike (in supply, or its
            // militia full)
            BotAction::Supply => self.strongest_player_army(&line.regions, |r| self.raid_open(r)),
            BotAction::Influence => line.regions.iter().copied().find(|&r| {
                map().has_indians(r) && self.indians[r as usize].ally() != Some(self.bot())
            }),
            BotAction::Ocean => (!self.controls_ocean(self.bot())).then_some(ATLANTIC),
        }
    }

    /// 7 the region a BOT attack line picks among those listed where the BOT can attack: first
    /// where it stands outside and near a flag town of its own the player took, to recover it
    /// (8: those markers "may attack and attempt to recover the town"; the audit's M2), then by
    /// the line's pick, then the other measures, then the order listed.
    pub fn bot_attack_region(&self, line: &Line) -> Option<Region> {
        let bot = self.bot();
        let mut best: Option<(Region, (bool, (i8, i8, i8)))> = None;
        for (r, key) in self.attack_keys(line) {
            let key = (self.outside(r, bot), key);
            if best.is_none_or(|(_, k)| key > k) {
                best = Some((r, key));
            }
        }
        best.map(|(r, _)| r)
    }

    /// 7 each listed region where the BOT can attack, with its measures in the order `line`'s
    /// pick weighs them (bigger is better): where the player threatens the BOT's flag towns,
    /// the BOT's odds, where the BOT stands nearest the player's flag towns.
    fn attack_keys<'a>(
        &'a self,
        line: &'a Line,
    ) -> impl Iterator<Item = (Region, (i8, i8, i8))> + 'a {
        let bot = self.bot();
        let pick = line.pick;
        line.regions
            .iter()
            .copied()
            .filter(move |&r| self.can_attack(r, bot))
            .map(move |r| {
                let threat = -self.advances_to_flag(r, self.player);
                let odds = self.advance_sixths(r, bot) as i8;
                let near = -self.advances_to_flag(r, bot);
                let key = match pick {
                    Pick::Threat => (threat, odds, near),
                    Pick::Odds => (odds, threat, near),
                    Pick::Nearest => (near, odds, threat),
                };
                (r, key)
            })
    }

    /// Why an attack `line` picked `r` over the other regions it could attack in: its first
    /// measure, and when others are alike in it, the measure that broke the tie.
    fn attack_why(&self, line: &Line, r: Region) -> String {
        let keys: Vec<(Region, (i8, i8, i8))> = self.attack_keys(line).collect();
        let Some(&(_, k)) = keys.iter().find(|(q, _)| *q == r) else {
            return String::new();
        };
        let alike1 = keys.iter().filter(|(_, q)| q.0 == k.0).count();
        let alike2 = keys
            .iter()
            .filter(|(_, q)| (q.0, q.1) == (k.0, k.1))
            .count();
        let alike3 = keys.iter().filter(|(_, q)| *q == k).count();
        let threat = "you stand nearest its flag towns";
        let near = "it stands nearest your flag towns";
        let odds = "its odds are best";
        let (first, tied, second, third) = match line.pick {
            Pick::Threat => (
                "nearer its flag towns than anywhere else it can attack",
                "as near its flag towns as anywhere it can attack",
                odds,
                near,
            ),
            Pick::Odds => (
                "its best chance anywhere it can attack",
                "as good a chance as anywhere it can attack",
                threat,
                near,
            ),
            Pick::Nearest => (
                "nearer your flag towns than anywhere else it can attack",
                "as near your flag towns as anywhere it can attack",
                odds,
                threat,
            ),
        };
        if alike1 == 1 {
            first.to_string()
        } else if alike2 == 1 {
            format!("{tied}, and of those {second}")
        } else if alike3 == 1 {
            format!("{tied}, and of those {third}")
        } else {
            format!("{tied}, and of those alike the first in its list")
        }
    }

    /// The region of the player's strongest army meeting `ok` (ties: the order of `regions`,
    /// then map order for regions not listed).
    fn strongest_player_army(
        &self,
        regions: &[Region],
        ok: impl Fn(Region) -> bool,
    ) -> Option<Region> {
        let mut best: Option<(Region, i8)> = None;
        let listed = regions.iter().copied();
        let rest = (0..REGIONS as Region).filter(|r| !regions.contains(r));
        for r in listed.chain(rest) {
            if let Some(a) = self.army_of(r, self.player) {
                let drm = armies().drm[a as usize];
                if ok(r) && best.is_none_or(|(_, d)| drm > d) {
                    best = Some((r, drm));
                }
            }
        }
        best.map(|(r, _)| r)
    }

    /// Why the BOT cannot carry out `line` (known impossible), in a player's words.
    fn bot_why_not(&self, line: &Line) -> String {
        let bot = self.bot();
        if !self.bot_season_allows(line.action) {
            let t = turn_track().turn(self.turn);
            return format!(
                "the Turn Track allows no {} in {} {} (5.1)",
                match line.action.kind() {
                    Kind::Attack => "campaigning",
                    Kind::Ocean => "naval campaign",
                    _ => "diplomacy",
                },
                t.season,
                t.year
            );
        }
        match line.action {
            BotAction::Attack => {
                "there is no town of yours it can attack in the regions it lists".into()
            }
            BotAction::Raid => {
                "every militia of yours is reduced already, and no army of yours with one is in supply".into()
            }
            BotAction::Supply => {
                "no army of yours is left in supply or with a full militia".into()
            }
            BotAction::Influence => "the Indians it courts are its allies already".into(),
            BotAction::Ocean => format!("the {} control the Atlantic already", bot.name()),
        }
    }

    /// Why `line` picked `region`, in a player's words, for the log.
    pub fn bot_why_region(&self, line: &Line, r: Region) -> String {
        let m = map();
        let bot = self.bot();
        let p = self.player;
        let reg = &m.regions[r as usize];
        let advances = |n: i8| format!("{n} advance{}", if n == 1 { "" } else { "s" });
        match line.action {
            BotAction::Attack if self.outside(r, bot) => {
                let odds = self.advance_sixths(r, bot);
                let terms = self.attack_terms(r, bot).describe();
                let flag = &reg.towns[flag_town(r, bot)].name;
                format!(
                    "you hold {flag}, its flag town: it attacks to recover it before anything else; advance {odds}/6 ({terms})"
                )
            }
            BotAction::Attack => {
                let odds = self.advance_sixths(r, bot);
                let terms = self.attack_terms(r, bot).describe();
                let chance = format!("advance {odds}/6 ({terms})");
                let why = self.attack_why(line, r);
                match line.pick {
                    Pick::Threat => {
                        let n = self.advances_to_flag(r, p);
                        let flag = &reg.towns[flag_town(r, bot)].name;
                        if n == 0 {
                            format!("you hold {flag}, its flag town ({why}); {chance}")
                        } else {
                            format!("you stand {} from {flag}, {why}; {chance}", advances(n))
                        }
                    }
                    Pick::Odds => format!("{why}: {chance}"),
                    Pick::Nearest => {
                        let n = self.advances_to_flag(r, bot);
                        let flag = &reg.towns[flag_town(r, p)].name;
                        format!("it stands {} from {flag}, {why}; {chance}", advances(n))
                    }
                }
            }
            BotAction::Raid | BotAction::Supply => {
                let army = |a: u8| {
                    let army = &armies().list[a as usize];
                    format!("{} {:+}", army.id, army.drm)
                };
                let mut after = *self;
                let cut = after.strike(r, line.action == BotAction::Raid);
                let what = if cut {
                    "its supply is cut"
                } else {
                    "its militia is reduced"
                };
                match self.army_of(r, p) {
                    Some(a)
                        if self.strongest_player_army(&line.regions, |q| self.raid_open(q))
                            == Some(r) =>
                    {
                        format!("your strongest army with anything left to strike stands there ({}): {what}", army(a))
                    }
                    _ => format!("no army of yours is left to strike; the first region it lists with a full militia: {what}"),
                }
            }
            BotAction::Influence => {
                let listed: Vec<&str> = line
                    .regions
                    .iter()
                    .map(|&q| m.regions[q as usize].name.as_str())
                    .collect();
                format!(
                    "the first of {} whose Indians are not its allies ({} now)",
                    listed.join(", "),
                    self.indians[r as usize].words()
                )
            }
            BotAction::Ocean => "you control the Atlantic; 4–6 takes it back".into(),
        }
    }

    /// `line 6 (what it does) cannot be done: why; lines 1 and 2 (…) cannot be done: why`:
    /// each reason said once, with every line it stops (the newcomers' L14: the same reason
    /// line after line buried the line that was carried out).
    pub fn refusals(&self, lines: &[u8]) -> String {
        let bot = self.bot();
        // (reason, [(line, what it does)]) in the order first met
        let mut groups: Vec<(String, Vec<(u8, &'static str)>)> = Vec::new();
        for &n in lines {
            let l = charts().line(bot, n);
            let why = self.bot_why_not(l);
            match groups.iter_mut().find(|(w, _)| *w == why) {
                Some((_, v)) => v.push((n, l.short())),
                None => groups.push((why, vec![(n, l.short())])),
            }
        }
        groups
            .iter()
            .map(|(why, v)| {
                let lines = if v.iter().all(|(_, s)| *s == v[0].1) {
                    let numbers: Vec<String> = v.iter().map(|(n, _)| n.to_string()).collect();
                    format!(
                        "{} {} ({})",
                        if v.len() == 1 { "line" } else { "lines" },
                        and_list(&numbers),
                        v[0].1
                    )
                } else {
                    let each: Vec<String> =
                        v.iter().map(|(n, s)| format!("line {n} ({s})")).collect();
                    and_list(&each)
                };
                format!("{lines} cannot be done: {why}")
            })
            .collect::<Vec<_>>()
            .join("; ")
    }
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The index of `side`'s flag town on `region`'s route.
fn flag_town(region: Region, side: Side) -> usize {
    match side {
        Side::British => 0,
        Side::French => map().len[region as usize] as usize - 1,
    }
}

impl Solitaire {
    /// 5, 7 the BOT's one action of the turn: roll on its chart and carry the line out (or the
    /// line it falls back on). The log gives the roll, the line rolled, where it acts and why
    /// there, and when the line rolled cannot be done, why not and the line used instead.
    pub(crate) fn bot_turn(&mut self) {
        let bot = self.board.bot();
        self.dice.ask(1, 6, || {
            format!(
                "BOT rolls for its action on the {} BOT Action Chart (7.1): one die, line 1 to 6",
                bot.name()
            )
        });
        let roll = self.dice.d6();
        self.epoch += 1;
        let board = self.board;
        let t = &mut self.tally;
        t.bot_turns = t.bot_turns.saturating_add(1);
        if board.bot_actions_over_the_faces() >= 3 {
            t.varied_bot_turns = t.varied_bot_turns.saturating_add(1);
        }
        let choice = board.bot_choice(roll);
        let refused = &choice.refused[..choice.tried];
        let Some((line, r)) = choice.line else {
            self.log.public(|| {
                format!(
                    "BOT rolls {roll} on the {} BOT Action Chart: {}; its action is lost (7).",
                    bot.name(),
                    board.refusals(refused)
                )
            });
            return;
        };
        self.log.public(|| {
            let chart = format!("BOT rolls {roll} on the {} BOT Action Chart", bot.name());
            let name = &map().regions[r as usize].name;
            let what = match line.action {
                BotAction::Attack => format!("attack in {name}"),
                BotAction::Raid => format!("a raid in {name}"),
                BotAction::Supply => format!("a blow at your supply in {name}"),
                BotAction::Influence => format!("court the {name} Indians"),
                BotAction::Ocean => "attack the Ocean Control marker".into(),
            };
            let why = board.bot_why_region(line, r);
            if refused.is_empty() {
                format!("{chart}, line {}: {what}: {why} (7).", line.roll)
            } else {
                format!(
                    "{chart}: {}; line {} instead: {what}: {why} (7).",
                    board.refusals(refused),
                    line.roll
                )
            }
        });
        self.bot_act(line.action, r);
    }

    /// Carries out `action` in `region` (known possible).
    fn bot_act(&mut self, action: BotAction, r: Region) {
        let bot = self.board.bot();
        let name = &map().regions[r as usize].name;
        match action {
            BotAction::Attack => {
                let recovering = self.board.outside(r, bot);
                // waiting to be settled outside: the tally is kept when it is
                let Some(took) = self.resolve_attack(r, bot) else {
                    return;
                };
                self.count_recovery(recovering, took);
            }
            BotAction::Raid | BotAction::Supply => {
                if self.board.strike(r, action == BotAction::Raid) {
                    self.tally.cuts = self.tally.cuts.saturating_add(1);
                    self.log
                        .public(|| format!("BOT: your army in {name} is out of supply (7)."));
                } else {
                    self.tally.raids = self.tally.raids.saturating_add(1);
                    self.log
                        .public(|| format!("BOT raid: your militia in {name} is reduced (7)."));
                }
            }
            BotAction::Influence => {
                self.resolve_influence(r, bot);
            }
            BotAction::Ocean => {
                self.resolve_ocean(bot);
            }
        }
    }
}
