//! 7 the BOT's action: one die on the BOT Action Chart of its side, the line carried out
//! deterministically (its tie-breaks are in the data), falling back on another line when it
//! cannot be done.

use crate::armies::armies;
use crate::charts::{charts, BotAction, Line, Pick, Scope};
use crate::map::{map, Region, REGIONS};
use crate::side::Side;
use crate::state::{Board, Solitaire};

impl Board {
    /// How many advances `side` still needs to occupy the enemy's flag town in `region` (0:
    /// it holds it). The BOT's "threat" is this count for the player, smaller being nearer.
    pub fn advances_to_flag(&self, region: Region, side: Side) -> i8 {
        let len = map().len[region as usize] as i8;
        match side {
            Side::British => len - 1 - self.front[region as usize],
            Side::French => self.front[region as usize] + 1,
        }
    }

    /// 7 the region a BOT attack line picks, if the BOT can attack anywhere it lists.
    pub fn bot_attack_region(&self, line: &Line) -> Option<Region> {
        let bot = self.bot();
        let mut best: Option<(Region, i8, u8)> = None;
        for &r in &line.regions {
            if !self.can_attack(r, bot) {
                continue;
            }
            let threat = self.advances_to_flag(r, self.player);
            let odds = self.advance_sixths(r, bot, line.drm);
            let better = match best {
                None => true,
                Some((_, t, o)) => match line.pick {
                    Pick::Threat => threat < t || (threat == t && odds > o),
                    Pick::Odds => odds > o || (odds == o && threat < t),
                },
            };
            if better {
                best = Some((r, threat, odds));
            }
        }
        best.map(|(r, _, _)| r)
    }

    /// 7 the region a BOT raid reduces: where the player's strongest army stands with a full
    /// militia, else the first region of the line with a full player militia.
    pub fn bot_raid_region(&self, line: &Line) -> Option<Region> {
        let p = self.player.index();
        let full = |r: Region| !self.reduced[r as usize][p];
        self.strongest_player_army(&line.regions, full)
            .or_else(|| line.regions.iter().copied().find(|&r| full(r)))
    }

    /// 7 the region whose player army a BOT supply line puts out of supply: the strongest army
    /// in supply.
    pub fn bot_supply_region(&self, line: &Line) -> Option<Region> {
        let p = self.player.index();
        self.strongest_player_army(&line.regions, |r| !self.unsupplied[r as usize][p])
    }

    /// 7 the region whose Indians a BOT influence line courts: the first not yet its allies.
    pub fn bot_influence_region(&self, line: &Line) -> Option<Region> {
        let bot = self.bot();
        line.regions
            .iter()
            .copied()
            .find(|&r| map().has_indians(r) && self.indians[r as usize].ally() != Some(bot))
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

    /// `line 6 (what it does) cannot be done: why; line 2 (…) cannot be done: why`.
    fn refusals(&self, lines: &[u8]) -> String {
        let bot = self.bot();
        lines
            .iter()
            .map(|&n| {
                let l = charts().line(bot, n);
                format!(
                    "line {n} ({}) cannot be done: {}",
                    l.action_words(),
                    self.bot_why_not(l)
                )
            })
            .collect::<Vec<_>>()
            .join("; ")
    }

    /// Whether the BOT can carry out `line` now.
    fn bot_possible(&self, line: &Line) -> bool {
        let b = self;
        match line.scope {
            Scope::Each => line.regions.iter().any(|&r| self.bot_can(line.action, r)),
            Scope::One => match line.action {
                BotAction::Attack => b.bot_attack_region(line).is_some(),
                BotAction::Raid => b.bot_raid_region(line).is_some(),
                BotAction::Supply => b.bot_supply_region(line).is_some(),
                BotAction::Influence => b.bot_influence_region(line).is_some(),
                BotAction::Ocean => !b.controls_ocean(b.bot()),
            },
        }
    }

    /// Why the BOT cannot carry out `line` (known impossible), in a player's words.
    fn bot_why_not(&self, line: &Line) -> String {
        match line.action {
            BotAction::Attack => {
                "there is no town of yours it can attack in the regions it lists".into()
            }
            BotAction::Raid => "every militia of yours is reduced already".into(),
            BotAction::Supply => "no army of yours is in supply".into(),
            BotAction::Influence => "the Indians it courts are its allies already".into(),
            BotAction::Ocean => format!("the {} control the Atlantic already", self.bot().name()),
        }
    }

    /// Whether the BOT can carry out `action` in `region`.
    pub(crate) fn bot_can(&self, action: BotAction, r: Region) -> bool {
        let b = self;
        let p = b.player.index();
        match action {
            BotAction::Attack => b.can_attack(r, b.bot()),
            BotAction::Raid => !b.reduced[r as usize][p],
            BotAction::Supply => b.army_of(r, b.player).is_some() && !b.unsupplied[r as usize][p],
            BotAction::Influence => {
                map().has_indians(r) && b.indians[r as usize].ally() != Some(b.bot())
            }
            BotAction::Ocean => !b.controls_ocean(b.bot()),
        }
    }
}

impl Solitaire {
    /// 5, 7 the BOT's one action of the turn: roll on its chart and carry the line out (or the
    /// line it falls back on). The log gives the roll, the line rolled and, when that line
    /// cannot be done, why not and the line used instead.
    pub(crate) fn bot_turn(&mut self) {
        let bot = self.board.bot();
        let roll = self.dice.d6();
        self.epoch += 1;
        let mut number = roll;
        // the lines tried that could not be done (at most six: the chains end)
        let mut refused = [0u8; 6];
        let mut n = 0;
        while n < refused.len() {
            let line = charts().line(bot, number);
            if self.board.bot_possible(line) {
                let board = self.board;
                let head = |what: &str| {
                    let chart = format!("BOT rolls {roll} on the {} BOT Action Chart", bot.name());
                    if n == 0 {
                        format!("{chart}, line {}: {what}", line.roll)
                    } else {
                        let tried = board.refusals(&refused[..n]);
                        format!("{chart}: {tried}; line {} instead: {what}", line.roll)
                    }
                };
                self.bot_line(line, &head);
                return;
            }
            refused[n] = number;
            n += 1;
            number = line.otherwise;
            if number == 0 {
                break;
            }
        }
        let board = self.board;
        self.log.public(|| {
            format!(
                "BOT rolls {roll} on the {} BOT Action Chart: {}; its action is lost (7).",
                bot.name(),
                board.refusals(&refused[..n])
            )
        });
    }

    /// Carries out one chart line known to be possible, logging `head(what it does)` first.
    fn bot_line(&mut self, line: &Line, head: &dyn Fn(&str) -> String) {
        let bot = self.board.bot();
        if line.scope == Scope::Each {
            let mut regions = [0 as Region; REGIONS];
            let mut n = 0;
            for &r in &line.regions {
                if self.board.bot_can(line.action, r) {
                    regions[n] = r;
                    n += 1;
                }
            }
            let what = match line.action {
                BotAction::Attack => "an attack in each region it can (7).",
                BotAction::Raid => "raids in each region (7).",
                BotAction::Supply => "every army of yours it can reach goes out of supply (7).",
                BotAction::Influence => "it courts the Indians of each region (7).",
                BotAction::Ocean => "",
            };
            self.log.public(|| head(what));
            for &r in &regions[..n] {
                // an earlier attack of the line may have changed what can be done here
                if self.board.bot_can(line.action, r) {
                    self.bot_act(line, r);
                }
            }
            return;
        }
        let region = match line.action {
            BotAction::Attack => self.board.bot_attack_region(line),
            BotAction::Raid => self.board.bot_raid_region(line),
            BotAction::Supply => self.board.bot_supply_region(line),
            BotAction::Influence => self.board.bot_influence_region(line),
            BotAction::Ocean => (!self.board.controls_ocean(bot)).then_some(crate::map::ATLANTIC),
        };
        let Some(r) = region else { return };
        self.log.public(|| {
            let name = &map().regions[r as usize].name;
            head(&match line.action {
                BotAction::Attack => format!("attack in {name} (7)."),
                BotAction::Raid => format!("a raid in {name} (7)."),
                BotAction::Supply => format!("a blow at your supply in {name} (7)."),
                BotAction::Influence => format!("court the {name} Indians (7)."),
                BotAction::Ocean => "attack the Ocean Control marker (7).".into(),
            })
        });
        self.bot_act(line, r);
    }

    /// Carries out `line`'s action in `region` (known possible).
    fn bot_act(&mut self, line: &Line, r: Region) {
        let bot = self.board.bot();
        let player = self.board.player;
        let name = &map().regions[r as usize].name;
        match line.action {
            BotAction::Attack => {
                self.resolve_attack(r, bot, line.drm);
            }
            BotAction::Raid => {
                self.board.reduced[r as usize][player.index()] = true;
                self.log
                    .public(|| format!("BOT raid: your militia in {name} is reduced (7)."));
            }
            BotAction::Supply => {
                self.board.unsupplied[r as usize][player.index()] = true;
                self.log
                    .public(|| format!("BOT: your army in {name} is out of supply (7)."));
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
