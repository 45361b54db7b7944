//! 5 Sequence of Play Each Turn and 6 Beginning a New Year: arrivals and transfers, action
//! points, the player's actions, the BOT's action, and the turn marker.

use crate::armies::{armies, ArmyId, MAX_ARMIES, NO_ARMY};
use crate::map::{map, Region, REGIONS};
use crate::side::Side;
use crate::state::{Solitaire, Step};
use crate::turn_track::turn_track;

impl Solitaire {
    /// 5 the start of a turn. At a new year (a transfer turn) reduced militia and armies out of
    /// supply recover (6). The player places the armies arriving this turn, one by one, and at a
    /// new year may then relocate armies (6); with nothing to place or relocate, the turn goes
    /// straight on to the action points.
    pub(crate) fn begin_turn(&mut self) {
        let t = self.board.turn;
        let track = turn_track().turn(t);
        {
            let (year, season, last) = (track.year, &track.season, turn_track().last());
            self.log
                .public(|| format!("— Turn {t} of {last}: {season} {year} —"));
        }
        if track.transfers {
            // 6 all reduced militia and armies out of supply return to full strength
            self.board.reduced = [[false; 2]; REGIONS];
            self.board.unsupplied = [[false; 2]; REGIONS];
            self.log.public(|| "New year: every reduced militia and every army out of supply is back to full strength (6).".into());
        }
        self.begin_arrivals(self.first_side());
    }

    /// The side whose procedure comes first in a turn: the player's against the BOT (the
    /// text's order); with two players, the British (C11, `fiw rules campaign`).
    pub(crate) fn first_side(&self) -> Side {
        if self.board.two_players {
            Side::British
        } else {
            self.board.player
        }
    }

    /// 5 `side`'s armies arriving this turn wait to be placed. Against the BOT they arrive on
    /// the player's schedule for both sides (armies.toml, by the side played); with two
    /// players each side's arrive as they do for the side being played.
    fn begin_arrivals(&mut self, side: Side) {
        let t = self.board.turn;
        let player = self.board.player;
        self.board.set_acting(side);
        let played = if self.board.two_players { side } else { player };
        let arriving = armies().arriving(played, side, t);
        if arriving != 0 && t > 1 {
            let who = self.board.who(side, false);
            self.log.public(|| {
                let names: Vec<&str> = (0..MAX_ARMIES)
                    .filter(|a| arriving & (1 << a) != 0)
                    .map(|a| armies().list[a].name.as_str())
                    .collect();
                format!("Arriving for {who} this turn: {}.", names.join(", "))
            });
        }
        // L5: the BOT's arrivals are said before the player places and relocates (the words
        // are made only when the log is kept)
        if !self.board.two_players && t > 1 && armies().arriving(player, player.other(), t) != 0 {
            let board = self.board;
            self.log
                .public(|| board.bot_arrivals_words().unwrap_or_default());
        }
        self.board.to_place |= arriving;
        if self.board.to_place != 0 {
            self.board.step = if t == 1 { Step::Setup } else { Step::Place };
        } else {
            self.after_arrivals();
        }
    }

    /// 5, 6 the arrivals are placed: at a new year the acting side's armies may relocate
    /// (the arrivals too, as the text places new armies before transfers), else the turn goes
    /// on.
    fn after_arrivals(&mut self) {
        let t = self.board.turn;
        let acting = self.board.acting();
        let side = acting.index();
        let on_map = (0..REGIONS).any(|r| self.board.army[r][side] != NO_ARMY);
        if t > 1 && turn_track().turn(t).transfers && on_map {
            self.board.step = Step::Relocate;
            self.board.relocated = 0;
            let army = self.board.army;
            let whose = self.board.whose(acting, true);
            self.log.public(|| {
                let list = armies();
                let stood: Vec<String> = (0..REGIONS)
                    .filter(|&r| army[r][side] != NO_ARMY)
                    .map(|r| {
                        format!(
                            "{} in {}",
                            list.list[army[r][side] as usize].id,
                            map().regions[r].name
                        )
                    })
                    .collect();
                format!(
                    "{whose} armies may relocate (6): {}. Move one at a time (relocate ARMY REGION: an army of the same side there changes places with it), then stay.",
                    stood.join(", ")
                )
            });
        } else {
            self.end_placement();
        }
    }

    /// 6 the player moves an army to another region; an army of the player's standing there
    /// goes to the region it left, so no region ever holds two. Each army moves once a year;
    /// once none is left to move, the relocations are over.
    pub(crate) fn relocate(&mut self, army: ArmyId, region: Region) {
        let b = &mut self.board;
        let side = b.acting().index();
        let Some(from) = (0..REGIONS).find(|&r| b.army[r][side] == army) else {
            return;
        };
        let other = b.army[region as usize][side];
        b.army[region as usize][side] = army;
        b.army[from][side] = other;
        b.relocated |= 1 << army;
        let list = armies();
        let m = map();
        let (name, to, was) = (
            &list.list[army as usize].id,
            &m.regions[region as usize].name,
            &m.regions[from].name,
        );
        self.log.public(|| {
            let swap = if other == NO_ARMY {
                String::new()
            } else {
                format!(
                    "; {} goes to {was} in its place",
                    list.list[other as usize].id
                )
            };
            format!("{name} relocates from {was} to {to}{swap} (6).")
        });
        let b = &self.board;
        let left = (0..REGIONS)
            .any(|r| b.army[r][side] != NO_ARMY && b.relocated & (1 << b.army[r][side]) == 0);
        if !left {
            self.stay();
        }
    }

    /// 6 the relocations are over: every army not moved stays where it stands.
    pub(crate) fn stay(&mut self) {
        let moved = self.board.relocated != 0;
        self.board.relocated = 0;
        let whose = self.board.whose(self.board.acting(), true);
        self.log.public(|| {
            if moved {
                "The relocations are done; every other army stays where it stands (6).".into()
            } else {
                format!("{whose} armies stay where they stand (6).")
            }
        });
        self.end_placement();
    }

    /// The next army the player sets down (the lowest id still waiting).
    pub fn next_to_place(&self) -> Option<ArmyId> {
        self.board.next_to_place()
    }

    /// 4, 5, 6 the player sets an army down in a region.
    pub(crate) fn place(&mut self, army: ArmyId, region: Region) {
        let b = &mut self.board;
        let side = b.acting();
        b.army[region as usize][side.index()] = army;
        b.unsupplied[region as usize][side.index()] = false;
        b.to_place &= !(1 << army);
        let (name, where_) = (
            &armies().list[army as usize].name,
            &map().regions[region as usize].name,
        );
        self.log
            .public(|| format!("The {name} takes the field in {where_}."));
        if self.board.to_place == 0 {
            self.after_arrivals();
        }
    }

    /// 5 placement is over: the BOT's arriving armies follow, and the player receives the
    /// turn's action points. A turn without AP leaves the player nothing to choose, so it ends
    /// at once and the BOT acts (playing the French, 13 of the 20 turns give no AP: a click on
    /// "end actions" in each, with nothing else offered, was a chore, not a decision). The
    /// BOT's die is rolled at the same point as if the player had ended the actions, so a seed
    /// plays the same game either way. With two players the second side places and relocates
    /// in its turn, then the first side spends its AP (C11).
    fn end_placement(&mut self) {
        if self.board.two_players {
            if self.board.acting() == self.first_side() {
                self.begin_arrivals(self.first_side().other());
            } else {
                self.begin_actions(self.first_side());
            }
            return;
        }
        self.bot_place();
        self.begin_actions(self.board.player);
    }

    /// 5 `side` receives the turn's action points (the Turn Track's for that side); with
    /// none, its actions end at once.
    fn begin_actions(&mut self, side: Side) {
        let ap = turn_track().turn(self.board.turn).ap[side.index()];
        self.board.set_acting(side);
        self.board.ap = ap;
        self.board.step = Step::Actions;
        let who = self.board.who(side, true);
        if ap == 0 {
            let bot = if self.board.two_players {
                ""
            } else {
                ": the BOT acts"
            };
            self.log
                .public(|| format!("{who} have no action points this turn (5){bot}."));
            self.end_actions();
            return;
        }
        self.log.public(|| {
            format!(
                "{who} have {ap} action point{} this turn (5).",
                if ap == 1 { "" } else { "s" }
            )
        });
    }

    /// 5 the acting side ends its actions: the end of that side's turn (11: the other side
    /// may win now). Against the BOT its action follows (the end of the BOT side's turn: the
    /// player's side may win now), then the turn marker advances; with two players the
    /// second side's actions follow the first's. After the last turn the game is decided on
    /// points.
    pub(crate) fn end_actions(&mut self) {
        let side = self.board.acting();
        self.board.ap = 0;
        let t = &mut self.tally;
        if turn_track().turn(self.board.turn).ap[side.index()] > 0 {
            t.turns_with_ap = t.turns_with_ap.saturating_add(1);
            if self.taken >= 2 {
                t.turns_of_several_actions = t.turns_of_several_actions.saturating_add(1);
            }
        }
        self.taken = 0;
        if self.check_sudden_death(side.other()) {
            return;
        }
        if self.board.two_players {
            if side == self.first_side() {
                self.begin_actions(side.other());
            } else {
                self.next_turn();
            }
            return;
        }
        self.bot_turn();
        if self.board.step == Step::Attack {
            // the BOT's attack waits to be settled; the turn ends once it is
            return;
        }
        self.after_bot_turn();
    }

    /// 5 after the BOT's action: the end of the BOT side's turn (11: the player's side may
    /// win now), then the last turn's count of points or the next turn.
    pub(crate) fn after_bot_turn(&mut self) {
        let player = self.board.player;
        if self.check_sudden_death(player) {
            return;
        }
        self.next_turn();
    }

    /// 5 the turn marker advances; after the last turn the game is decided on points (11).
    fn next_turn(&mut self) {
        if self.board.turn >= turn_track().last() {
            self.decide_on_points();
            return;
        }
        self.board.turn += 1;
        self.begin_turn();
    }

    /// Whether the player's side may place armies in `region` now.
    pub(crate) fn can_place_in(&self, region: Region) -> bool {
        (region as usize) < REGIONS && self.board.army_of(region, self.board.acting()).is_none()
    }
}
