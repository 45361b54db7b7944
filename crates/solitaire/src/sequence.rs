//! 5 Sequence of Play Each Turn and 6 Beginning a New Year: arrivals and transfers, action
//! points, the player's actions, the BOT's action, and the turn marker.

use crate::armies::{armies, ArmyId, MAX_ARMIES, NO_ARMY};
use crate::map::{map, Region, REGIONS};
use crate::state::{Solitaire, Step};
use crate::turn_track::{turn_track, LAST_TURN};

impl Solitaire {
    /// 5 the start of a turn. At a new year (a transfer turn) reduced militia and armies out of
    /// supply recover (6) and the player's armies are lifted to be set down again (relocation);
    /// armies arriving this turn join them. Then the player places them, one by one; with none
    /// to place, the turn goes straight on to the action points.
    pub(crate) fn begin_turn(&mut self) {
        let t = self.board.turn;
        let track = turn_track().turn(t);
        let player = self.board.player;
        {
            let (year, season) = (track.year, &track.season);
            self.log
                .public(|| format!("— Turn {t} of {LAST_TURN}: {season} {year} —"));
        }
        if track.transfers {
            // 6 all reduced militia and armies out of supply return to full strength
            self.board.reduced = [[false; 2]; REGIONS];
            self.board.unsupplied = [[false; 2]; REGIONS];
            self.log.public(|| "New year: every reduced militia and every army out of supply is back to full strength (6).".into());
            // 6 the player's armies may relocate: each is lifted and set down again
            let before = self.board.army;
            self.log.public(|| {
                let list = armies();
                let stood: Vec<String> = (0..REGIONS)
                    .filter(|&r| before[r][player.index()] != NO_ARMY)
                    .map(|r| {
                        format!(
                            "{} from {}",
                            list.list[before[r][player.index()] as usize].id,
                            map().regions[r].name
                        )
                    })
                    .collect();
                format!(
                    "Your armies may relocate (6): {}; place each again.",
                    stood.join(", ")
                )
            });
            for r in 0..REGIONS {
                let a = self.board.army[r][player.index()];
                if a != NO_ARMY {
                    self.board.to_place |= 1 << a;
                    self.board.army[r][player.index()] = NO_ARMY;
                }
            }
        }
        let arriving = armies().arriving(player, t);
        if arriving != 0 && t > 1 {
            self.log.public(|| {
                let names: Vec<&str> = (0..MAX_ARMIES)
                    .filter(|a| arriving & (1 << a) != 0)
                    .map(|a| armies().list[a].name.as_str())
                    .collect();
                format!("Arriving for you this turn: {}.", names.join(", "))
            });
        }
        self.board.to_place |= arriving;
        if self.board.to_place != 0 {
            self.board.step = if t == 1 { Step::Setup } else { Step::Place };
        } else {
            self.end_placement();
        }
    }

    /// The next army the player sets down (the lowest id still waiting).
    pub fn next_to_place(&self) -> Option<ArmyId> {
        let m = self.board.to_place;
        (m != 0).then(|| m.trailing_zeros() as ArmyId)
    }

    /// 4, 5, 6 the player sets an army down in a region.
    pub(crate) fn place(&mut self, army: ArmyId, region: Region) {
        let b = &mut self.board;
        let side = b.player;
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
            self.end_placement();
        }
    }

    /// 5 placement is over: the BOT's armies follow (mirroring at the set-up and new years),
    /// and the player receives the turn's action points.
    fn end_placement(&mut self) {
        let t = self.board.turn;
        let track = turn_track().turn(t);
        self.bot_place(t == 1 || track.transfers);
        let ap = track.ap[self.board.player.index()];
        self.board.ap = ap;
        self.board.step = Step::Actions;
        self.log.public(|| {
            format!(
                "You have {ap} action point{} this turn (5).",
                if ap == 1 { "" } else { "s" }
            )
        });
    }

    /// 5 the player ends the actions: the end of the player's side's turn (11: the BOT's side
    /// may win now), then the BOT's action (the end of the BOT side's turn: the player's side
    /// may win now), then the turn marker advances; after turn 20 the game is decided on points.
    pub(crate) fn end_actions(&mut self) {
        let player = self.board.player;
        self.board.ap = 0;
        if self.check_sudden_death(player.other()) {
            return;
        }
        self.bot_turn();
        if self.check_sudden_death(player) {
            return;
        }
        if self.board.turn >= LAST_TURN {
            self.decide_on_points();
            return;
        }
        self.board.turn += 1;
        self.begin_turn();
    }

    /// Whether the player's side may place armies in `region` now.
    pub(crate) fn can_place_in(&self, region: Region) -> bool {
        (region as usize) < REGIONS && self.board.army_of(region, self.board.player).is_none()
    }
}
