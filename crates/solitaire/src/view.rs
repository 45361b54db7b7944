//! What the player sees: everything on the table (the game has no hidden information; only the
//! dice's future is unknown), and the board as text.

use crate::armies::armies;
use crate::map::{map, TownKind, REGIONS};
use crate::side::Side;
use crate::state::{Board, Solitaire, Step};
use crate::turn_track::turn_track;
use serde::Serialize;

/// The view of either seat: the board. The dice are not in it, so no one reads the rolls to come.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    pub board: Board,
    /// 5 the side whose procedure runs now ([`Board::acting`]).
    pub acting: Side,
}

impl View {
    /// The view of `board`.
    pub fn of(board: &Board) -> View {
        View {
            board: *board,
            acting: board.acting(),
        }
    }
}

impl Solitaire {
    /// The board as text: turn, AP, the Atlantic, and each region's route with the markers on it.
    pub fn render_board(&self) -> String {
        let b = &self.board;
        let m = map();
        let list = armies();
        let track = turn_track().turn(b.turn);
        let mut s = String::new();
        let seats = if b.two_players {
            format!(
                "two players, the British first each turn: the {} decide",
                b.acting().name()
            )
        } else {
            format!(
                "you are the {}, the BOT the {}",
                b.player.name(),
                b.bot().name()
            )
        };
        s += &format!(
            "French & Indian War: Solitaire — turn {} of {}, {} {} — {seats}\n",
            b.turn,
            turn_track().last(),
            track.season,
            track.year,
        );
        let allowed: Vec<&str> = track.allowed(b.acting()).map(|k| k.word()).collect();
        match b.step {
            Step::Actions => {
                s += &format!(
                    "AP left: {} of {} (allowed this turn: {})\n",
                    b.ap,
                    track.ap[b.acting().index()],
                    allowed.join(", ")
                )
            }
            Step::Setup | Step::Place => s += "Placing armies (AP come once they are placed)\n",
            Step::Relocate => {
                s += "New year: relocate ARMY REGION (one army at a time; an army of yours there changes places with it), or stay\n";
                if let Some(words) = b.bot_arrivals_words() {
                    s += &words;
                    s += "\n";
                }
            }
            Step::Attack => {
                if let Some(p) = b.pending {
                    let reg = &crate::map::map().regions[p.region as usize];
                    s += &format!(
                        "The {} attack {} ({}): to be settled (8): advance {}/6 by the chart\n",
                        p.side.name(),
                        reg.towns[b.target(p.region, p.side)].name,
                        reg.name,
                        b.advance_sixths(p.region, p.side)
                    );
                }
            }
            Step::Over => s += "The game is over\n",
        }
        s += &format!(
            "Atlantic Ocean: {} control · victory points: British {}, French {} · flags held: British {}, French {}\n",
            b.ocean.name(),
            b.victory_points(Side::British),
            b.victory_points(Side::French),
            b.flags_held(Side::British),
            b.flags_held(Side::French)
        );
        if b.to_place != 0 {
            let waiting: Vec<String> = (0..list.list.len())
                .filter(|a| b.to_place & (1 << a) != 0)
                .map(|a| format!("{} ({})", list.list[a].id, list.list[a].name))
                .collect();
            s += &format!("Armies to place: {}\n", waiting.join(", "));
        }
        for r in 0..REGIONS {
            let reg = &m.regions[r];
            let extra = if m.has_indians(r as u8) {
                format!("Indians: {}", b.indians[r].words())
            } else {
                format!("Ocean: {} control", b.ocean.name())
            };
            s += &format!("\n{} ({extra})\n  ", reg.name);
            let (bt, ft) = (
                b.town_of(r as u8, Side::British),
                b.town_of(r as u8, Side::French),
            );
            let mut parts = Vec::new();
            if bt < 0 {
                parts.push("[British outside]".to_string());
            }
            for (i, t) in reg.towns.iter().enumerate() {
                let kind = match t.kind {
                    TownKind::Town => "",
                    TownKind::Fortified => "(fort)",
                    TownKind::Flag => "(flag)",
                };
                let mark = if i as i8 == bt {
                    " [British]"
                } else if i as i8 == ft {
                    " [French]"
                } else {
                    ""
                };
                parts.push(format!("{}{kind}{mark}", t.name));
            }
            if ft >= m.len[r] as i8 {
                parts.push("[French outside]".to_string());
            }
            s += &parts.join(" - ");
            s += "\n";
            for side in [Side::British, Side::French] {
                let at = b.town_of(r as u8, side);
                let place = if b.outside(r as u8, side) {
                    format!(
                        "outside and near {}",
                        reg.towns[b.target(r as u8, side.other())].name
                    )
                } else {
                    format!("at {}", reg.towns[at as usize].name)
                };
                let militia = if b.reduced[r][side.index()] {
                    "militia reduced"
                } else {
                    "militia full"
                };
                let army = match b.army_of(r as u8, side) {
                    Some(a) => {
                        let supply = if b.unsupplied[r][side.index()] {
                            ", out of supply"
                        } else {
                            ""
                        };
                        format!(
                            ", army {} {:+}{supply}",
                            list.list[a as usize].id, list.drm[a as usize]
                        )
                    }
                    None => String::new(),
                };
                let who = match (b.two_players, side == b.player) {
                    (true, _) => "",
                    (false, true) => " (you)",
                    (false, false) => " (BOT)",
                };
                s += &format!("  {}{who} {place}: {militia}{army}\n", side.name());
            }
        }
        if !b.two_players {
            s += "\n";
            s += &crate::charts::charts().titled(b.bot());
        }
        s
    }
}
