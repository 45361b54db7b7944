//! 4 Set Up, and where the BOT's armies stand (4, 6).

use crate::armies::{armies, ArmyId, NO_ARMY};
use crate::charts::charts;
use crate::map::{map, Region, REGIONS};
use crate::side::Side;
use crate::state::{Board, Options, Solitaire};
use fiw_engine::{Dice, Log};

impl Board {
    /// L5 of the audit of 2026-12-04: the BOT's armies arriving this turn, and when and where
    /// they will stand, for the log and the relocation prompt (a player who relocates an army
    /// draws the new BOT army after it). `None` if none arrives.
    pub fn bot_arrivals_words(&self) -> Option<String> {
        if self.two_players {
            return None;
        }
        let list = armies();
        let pending = list.arriving(self.player, self.bot(), self.turn);
        if pending == 0 {
            return None;
        }
        let names: Vec<String> = (0..list.list.len())
            .filter(|a| pending & (1 << a) != 0)
            .map(|a| format!("{} {:+}", list.list[a].id, list.list[a].drm))
            .collect();
        Some(format!(
            "Arriving for the BOT this turn: {}. It takes the field once your armies are placed{}: \
             strongest first, each faces your weakest army that no BOT army faces yet (4, 6).",
            names.join(", "),
            if crate::turn_track::turn_track().turn(self.turn).transfers {
                " and relocated"
            } else {
                ""
            }
        ))
    }

    /// 4, 5 sets down the BOT's armies arriving this turn (at the set-up, its +1 and +2): each,
    /// strongest first, faces the player's weakest army that no BOT army faces yet (ties: map
    /// order), so the set-up puts them in the player's two regions; an army with no such player
    /// army goes to the first free region of the BOT's placement order (data). BOT armies on the
    /// map stay where they are: the new-year relocation is the player's (6).
    pub fn place_bot_arrivals(&mut self) {
        let bot = self.bot();
        let list = armies();
        let pending = list.arriving(self.player, bot, self.turn);
        if pending == 0 {
            return;
        }
        // the BOT's armies, strongest first (ties: data order)
        let mut order = [NO_ARMY; 4];
        let mut n = 0;
        for a in 0..list.list.len() as ArmyId {
            if pending & (1 << a) != 0 && n < 4 {
                order[n] = a;
                n += 1;
            }
        }
        order[..n].sort_by_key(|&a| (-list.drm[a as usize], a));
        // the player's armies, weakest first (ties: map order): the BOT's reinforcements go
        // where the player's line is thinnest
        let player = self.player;
        let mut facing = [0 as Region; REGIONS];
        let mut m = 0;
        for r in 0..REGIONS {
            if self.army[r][player.index()] != NO_ARMY {
                facing[m] = r as Region;
                m += 1;
            }
        }
        facing[..m].sort_by_key(|&r| (list.drm[self.army[r as usize][player.index()] as usize], r));
        let prefer = charts().bot_armies[bot.index()];
        for &a in &order[..n] {
            let free = |b: &Board, r: Region| b.army[r as usize][bot.index()] == NO_ARMY;
            let target = facing[..m]
                .iter()
                .copied()
                .find(|&r| free(self, r))
                .or_else(|| prefer.iter().copied().find(|&r| free(self, r)));
            if let Some(r) = target {
                self.army[r as usize][bot.index()] = a;
            }
        }
    }
}

impl Solitaire {
    /// 4 a new game: the markers as the set-up places them, and the player about to place the
    /// starting +1 and +2 armies.
    pub fn with_options(options: &Options, seed: u64) -> Solitaire {
        Solitaire::with_options_and_dice(options, Dice::new(seed))
    }

    /// [`Solitaire::with_options`] rolling `dice` (manual dice, for a game on a real table).
    pub fn with_options_and_dice(options: &Options, dice: Dice) -> Solitaire {
        let mut g = Solitaire {
            board: Board {
                two_players: options.two_players,
                ..Board::start(options.side)
            },
            dice,
            epoch: 0,
            outcome: None,
            sudden_death: false,
            attacks: [0; 2],
            tally: crate::state::Tally::default(),
            taken: 0,
            outside: false,
            log: Log::new(true),
        };
        let side = options.side;
        let two = options.two_players;
        g.log.public(|| {
            if two {
                return format!(
                    "French & Indian War, for two players, {}: the British and the French each take the player's procedure, the British first each turn (C11). The Atlantic is French; \
                     the Mohawk Indians are neutral, the Ohio and Hudson Indians French allies (4).",
                    crate::turn_track::turn_track().turn(1).year,
                );
            }
            format!(
                "French & Indian War: Solitaire, {}: you play the {}, the BOT the {}. The Atlantic is French; \
                 the Mohawk Indians are neutral, the Ohio and Hudson Indians French allies (4).",
                crate::turn_track::turn_track().turn(1).year,
                side.name(),
                side.other().name()
            )
        });
        g.begin_turn();
        g
    }

    /// 4, 5 sets down the BOT's armies arriving this turn (see [`Board::place_bot_arrivals`])
    /// and logs where each takes the field.
    pub(crate) fn bot_place(&mut self) {
        let bot = self.board.bot().index();
        let before = self.board.army;
        self.board.place_bot_arrivals();
        for (r, was) in before.iter().enumerate() {
            let a = self.board.army[r][bot];
            if a != was[bot] {
                let (name, region) = (&armies().list[a as usize].name, &map().regions[r].name);
                self.log
                    .public(|| format!("BOT: the {name} takes the field in {region}."));
            }
        }
    }

    /// The regions where the player may set down an army now: those without a friendly army
    /// (3.2: one a region).
    pub fn free_regions(&self, side: Side) -> impl Iterator<Item = Region> + '_ {
        (0..REGIONS as Region).filter(move |&r| self.board.army_of(r, side).is_none())
    }
}
