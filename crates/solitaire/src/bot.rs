//! 7 the BOT's action: one die on the BOT Action Chart of its side, the line carried out
//! deterministically (its tie-breaks are in the data), falling back on another line when it
//! cannot be done.

use crate::armies::armies;
use crate::charts::{charts, BotAction, Line, Pick};
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
            if self.why_not_attack(r, bot).is_err() {
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
        self.strongest_player_army(&line.regions, full).or_else(|| line.regions.iter().copied().find(|&r| full(r)))
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
        line.regions.iter().copied().find(|&r| map().has_indians(r) && self.indians[r as usize].ally() != Some(bot))
    }

    /// The region of the player's strongest army meeting `ok` (ties: the order of `regions`,
    /// then map order for regions not listed).
    fn strongest_player_army(&self, regions: &[Region], ok: impl Fn(Region) -> bool) -> Option<Region> {
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
}

impl Solitaire {
    /// 5, 7 the BOT's one action of the turn: roll on its chart and carry the line out (or the
    /// line it falls back on). Every roll is logged with the line it used.
    pub(crate) fn bot_turn(&mut self) {
        let bot = self.board.bot();
        let roll = self.dice.d6();
        self.epoch += 1;
        let mut number = roll;
        let mut first = true;
        for _ in 0..6 {
            let line = charts().line(bot, number);
            let done = self.bot_line(line, roll, first);
            if done {
                return;
            }
            first = false;
            number = line.otherwise;
            if number == 0 {
                break;
            }
        }
        self.log.public(|| "BOT: nothing it can do; its action is lost (7).".into());
    }

    /// Carries out one chart line; `false` if it cannot be done.
    fn bot_line(&mut self, line: &Line, roll: u8, first: bool) -> bool {
        let bot = self.board.bot();
        let player = self.board.player;
        let head = |what: &str| {
            if first {
                format!("BOT rolls {roll} on the {} BOT Action Chart, line {}: {what}", bot.name(), line.roll)
            } else {
                format!("BOT: that cannot be done; line {} instead: {what}", line.roll)
            }
        };
        match line.action {
            BotAction::Attack => {
                let Some(r) = self.board.bot_attack_region(line) else { return false };
                let name = &map().regions[r as usize].name;
                self.log.public(|| head(&format!("attack in {name} (7).")));
                self.resolve_attack(r, bot, line.drm);
            }
            BotAction::Raid => {
                let Some(r) = self.board.bot_raid_region(line) else { return false };
                self.board.reduced[r as usize][player.index()] = true;
                let name = &map().regions[r as usize].name;
                self.log.public(|| head(&format!("a raid in {name}: your militia there is reduced (7).")));
            }
            BotAction::Supply => {
                let Some(r) = self.board.bot_supply_region(line) else { return false };
                self.board.unsupplied[r as usize][player.index()] = true;
                let name = &map().regions[r as usize].name;
                self.log.public(|| head(&format!("your army in {name} is out of supply (7).")));
            }
            BotAction::Influence => {
                let Some(r) = self.board.bot_influence_region(line) else { return false };
                let name = &map().regions[r as usize].name;
                self.log.public(|| head(&format!("court the {name} Indians (7).")));
                self.resolve_influence(r, bot);
            }
            BotAction::Ocean => {
                if self.board.controls_ocean(bot) {
                    return false;
                }
                self.log.public(|| head("attack the Ocean Control marker (7)."));
                self.resolve_ocean(bot);
            }
        }
        true
    }
}
