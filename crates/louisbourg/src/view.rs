//! What one seat may know (5: enemy army blocks are seen as blocks, not their type or SP,
//! until revealed in battle; ships are open; cards in hand and the landing plan are private),
//! and the text board built from it.

use crate::board::*;
use crate::cards::deck;
use crate::forces::{forces, Kind, Side};
use crate::state::{Louisbourg, Step, UNPLACED};
use fiw_engine::{Game, Outcome};
use serde::Serialize;

/// A block as a seat sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BlockView {
    /// The block's name: only for the seat's own blocks (the name tells the type).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    pub kind: Kind,
    pub sp: u8,
    pub max_sp: u8,
    /// 8.3.3 a ship used for an amphibious move this turn: it defends at 1 SP against ships.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub used: bool,
}

/// One place as a seat sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlaceView {
    pub id: &'static str,
    pub name: String,
    /// 3 control, for land locations.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub control: Option<Side>,
    pub own: Vec<BlockView>,
    /// The chair's own blocks standing hidden, in a view of someone who holds no seat (a
    /// spectator's, 5): only their number is known. Always 0 in a seat's view.
    #[serde(skip_serializing_if = "is_zero_usize")]
    pub own_hidden: usize,
    /// What has been seen the chair's hidden blocks here lose (a spectator's view only).
    #[serde(skip_serializing_if = "is_zero")]
    pub own_loss_seen: u8,
    /// Enemy blocks the seat can see: ships, and the blocks face up in the battle being
    /// fought (every block in open play, 14).
    pub enemy_seen: Vec<BlockView>,
    /// Enemy blocks standing hidden: only their number is known.
    pub enemy_hidden: usize,
    /// The SP the seat has counted the enemy's blocks here to have lost (hits it saw them
    /// take, a battle's blocks face up), though not which of them lost it.
    #[serde(skip_serializing_if = "is_zero")]
    pub enemy_loss_seen: u8,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

fn is_zero_usize(n: &usize) -> bool {
    *n == 0
}

/// Who a view is for: the side whose chair it is drawn from, and whose secrets it shows. A
/// seat sees its own; a spectator neither side's (drawn from the British chair); the reveal at
/// the end both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Onlooker {
    chair: Side,
    /// The seat itself, when a seat looks: it is "you" in the words, and its actions listed.
    seat: Option<Side>,
    own: bool,
    enemy: bool,
    /// The view's `sight`.
    sight: &'static str,
}

impl Onlooker {
    /// A seat: its own secrets, and in open play (14) the enemy's too.
    fn seat(seat: Side, open: bool) -> Self {
        Onlooker {
            chair: seat,
            seat: Some(seat),
            own: true,
            enemy: open,
            sight: "seat",
        }
    }

    fn sees(&self, side: Side) -> bool {
        if side == self.chair {
            self.own
        } else {
            self.enemy
        }
    }
}

/// A card as its holder sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CardView {
    pub id: String,
    pub name: String,
    pub flag: Side,
    pub when: crate::cards::Window,
    pub house: bool,
}

/// The battle being fought, as both sides see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BattleView {
    pub at: &'static str,
    pub kind: crate::fire::BattleKind,
    pub attacker: Side,
    pub round: u8,
}

/// Everything a seat may know (or a spectator, or everyone at the end: `sight`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    /// The side whose chair the view is drawn from: the seat's, or the British for a
    /// spectator and for the reveal.
    pub seat: Side,
    /// `seat`, `public` (a spectator's: no side's secrets) or `whole` (everything, at the end).
    pub sight: &'static str,
    pub turn: u8,
    pub to_move: Option<Side>,
    /// What the game waits for, in words.
    pub waiting_for: String,
    pub order: [Side; 2],
    pub order_roll: Option<(u8, u8)>,
    pub rough_seas: bool,
    pub places: Vec<PlaceView>,
    pub hand: Vec<CardView>,
    /// The chair's cards in hand not shown (a spectator's view: only their number).
    #[serde(skip_serializing_if = "is_zero_usize")]
    pub hand_hidden: usize,
    pub enemy_hand: usize,
    /// The enemy's hand, face up: only in the reveal.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub enemy_cards: Vec<CardView>,
    pub deck_left: usize,
    pub discards: u8,
    /// 6.1 cards played face up this turn.
    pub played: Vec<(Side, CardView)>,
    /// 7 the landing plan, to the British only.
    pub landing_plan: Option<[u8; 3]>,
    pub battle: Option<BattleView>,
    /// The SP of the seat's army blocks, ships not counted (13: the British lose below 24);
    /// `None` for a spectator, to whom the blocks' SP are hidden.
    pub own_sp: Option<u32>,
    /// 13 the British army SP below which the French win (24 unless the armies are sized).
    pub victory_sp: u32,
    pub outcome: Option<Outcome>,
    /// The legal actions, when this seat decides.
    pub legal: Vec<String>,
    /// The log lines this seat may read.
    pub log: Vec<String>,
}

fn card_view(c: u8) -> CardView {
    let d = deck().card(c);
    CardView {
        id: d.id.clone(),
        name: d.name.clone(),
        flag: d.flag,
        when: d.when,
        house: d.origin == crate::cards::Origin::House,
    }
}

impl Louisbourg {
    /// The view of one side.
    pub fn view_of(&self, seat: Side) -> View {
        self.view_for(Onlooker::seat(seat, self.options.open), true)
    }

    /// What someone who holds no seat may know: both sides' blocks as the other side sees
    /// them (5), the hands as counts, the landing plan once carried out (7). Everything in open
    /// play (14), which hides nothing.
    pub fn public_view(&self) -> View {
        let open = self.options.open;
        self.view_for(
            Onlooker {
                chair: Side::British,
                seat: None,
                own: open,
                enemy: open,
                sight: "public",
            },
            // the log is sent beside the view (the public lines, or at the reveal every one)
            false,
        )
    }

    /// Everything face up: the reveal once the game is over.
    pub fn whole_view(&self) -> View {
        self.view_for(
            Onlooker {
                chair: Side::British,
                seat: None,
                own: true,
                enemy: true,
                sight: "whole",
            },
            // the log is sent beside the view (the public lines, or at the reveal every one)
            false,
        )
    }

    /// The view a policy is shown: the same, without what only people read (the legal actions
    /// as text, the log), which cost more to spell out than a heuristic decision takes.
    pub fn policy_view_of(&self, seat: Side) -> View {
        self.view_for(Onlooker::seat(seat, self.options.open), false)
    }

    /// The words no log line `seat` may read can hold, for the secrecy audit: the enemy's
    /// block names (its own lines name them to it alone, 5); a block's type where the log
    /// names an enemy block by the neutral "A French block"; the type of a kind of block the
    /// seat only ever saw go out of sight ("French militia eliminated", 5); the cards of the
    /// other hand, its face-down discards and the deck, by title and id (6.1: titles several
    /// cards share excepted); and the landing plan before it is carried out (7). Empty in
    /// open play (14), where one person sees everything.
    pub fn secret_words(&self, seat: Side) -> Vec<String> {
        if self.options.open {
            return Vec::new();
        }
        let enemy = seat.other();
        let mut out = Vec::new();
        let mut named_kinds = Vec::new();
        let mut unnamed_kinds = Vec::new();
        for (i, u) in self.units.iter().enumerate() {
            let d = &forces().units[i];
            if d.side != enemy {
                continue;
            }
            out.push(d.id.clone());
            if d.kind == Kind::Ship || u.loc != ELIMINATED {
                continue;
            }
            if self.named_dead & (1 << i) != 0 {
                named_kinds.push(d.kind);
            } else if u.sp == 0 {
                unnamed_kinds.push(d.kind);
            }
        }
        for kind in [
            Kind::Regular,
            Kind::Light,
            Kind::Ranger,
            Kind::Militia,
            Kind::Indian,
        ] {
            out.push(format!("A {} {}", enemy.name(), kind.id()));
            if unnamed_kinds.contains(&kind) && !named_kinds.contains(&kind) {
                out.push(format!("{} {} eliminated", enemy.name(), kind.id()));
            }
        }
        let d = deck();
        let hidden_cards = self.hands[enemy.seat()]
            .iter()
            .chain(&self.face_down[enemy.seat()])
            .chain(&self.deck);
        for &c in hidden_cards {
            let card = d.card(c);
            let copies = d.cards.iter().filter(|o| o.name == card.name).count();
            if copies == 1 {
                out.push(card.name.clone());
                out.push(format!("({})", card.id));
            }
        }
        if seat == Side::French && !self.plan_public {
            let [kc, fp, wp] = self.plan;
            out.push(format!(
                "Kennington Cove {kc}, Flat Point {fp}, White Point {wp}"
            ));
        }
        out
    }

    fn view_for(&self, who: Onlooker, words: bool) -> View {
        let chair = who.chair;
        let enemy = chair.other();
        let battle_loc = self.battle.map(|b| b.loc);
        // 7 the French set up after the British plan, out of the sight of all but themselves
        let unseen_setup = self.step == Step::FrenchSetup && !who.sees(Side::French);
        let mut places = Vec::new();
        for loc in 0..ELIMINATED {
            let mut own = Vec::new();
            let mut own_hidden = 0;
            let mut enemy_seen = Vec::new();
            let mut enemy_hidden = 0;
            for (i, u) in self.units.iter().enumerate() {
                if u.loc != loc || u.loc == UNPLACED {
                    continue;
                }
                let d = &forces().units[i];
                let block = |id| BlockView {
                    id,
                    kind: d.kind,
                    sp: u.sp,
                    max_sp: d.max_sp,
                    used: u.weak,
                };
                // a block's name is its owner's to read, and everyone's at the reveal (in open
                // play, 14, the other side's blocks are face up but shown by type, as ever)
                let named = who.sight == "whole" || who.seat == Some(d.side);
                // 5 ships are open, and blocks face up in the battle being fought
                let face_up = who.sees(d.side)
                    || d.kind == Kind::Ship
                    || (u.revealed && battle_loc == Some(loc));
                let counted = !(unseen_setup && d.side == Side::French && is_land(loc));
                match (d.side == chair, face_up, counted) {
                    (_, _, false) => {}
                    (true, true, _) => own.push(block(named.then(|| d.id.clone()))),
                    (true, false, _) => own_hidden += 1,
                    (false, true, _) => enemy_seen.push(block(named.then(|| d.id.clone()))),
                    (false, false, _) => enemy_hidden += 1,
                }
            }
            // blocks seen but not named, in an order that tells nothing of which is which
            let by_look = |b: &BlockView| (b.id.is_some(), b.kind, b.max_sp, b.sp, b.used);
            if !who.own {
                own.sort_by_key(by_look);
            }
            enemy_seen.sort_by_key(by_look);
            let enemy_loss_seen = if enemy_hidden > 0 {
                self.loss_seen[enemy.seat()][loc as usize]
            } else {
                0
            };
            let own_loss_seen = if own_hidden > 0 {
                self.loss_seen[chair.seat()][loc as usize]
            } else {
                0
            };
            places.push(PlaceView {
                id: id(loc),
                name: board().name(loc).to_string(),
                control: is_land(loc).then(|| self.control[loc as usize]),
                own,
                own_hidden,
                own_loss_seen,
                enemy_seen,
                enemy_hidden,
                enemy_loss_seen,
            });
        }
        let to_move = self.decider();
        let legal = match who.seat {
            Some(seat) if words && to_move == Some(seat) => {
                let mut v = Vec::new();
                self.candidates(&mut v);
                v.iter().map(|a| a.text()).collect()
            }
            _ => Vec::new(),
        };
        let cards = |side: Side| -> Vec<CardView> {
            self.hands[side.seat()]
                .iter()
                .map(|&c| card_view(c))
                .collect()
        };
        // 7 the plan is the British player's; a spectator is told it once it is carried out
        // (a seat's view is as it always was: the French read the landing in the log)
        let plan_known = match who.seat {
            Some(seat) => seat == Side::British,
            None => self.plan_public || who.sees(Side::British),
        };
        View {
            seat: chair,
            sight: who.sight,
            turn: self.turn,
            to_move,
            waiting_for: self.waiting_for(who.seat),
            order: self.order,
            order_roll: self.order_roll,
            rough_seas: self.rough_seas,
            places,
            hand: if who.own { cards(chair) } else { Vec::new() },
            hand_hidden: if who.own {
                0
            } else {
                self.hands[chair.seat()].len()
            },
            enemy_hand: self.hands[enemy.seat()].len(),
            enemy_cards: if who.enemy && who.seat.is_none() {
                cards(enemy)
            } else {
                Vec::new()
            },
            deck_left: self.deck.len(),
            discards: self.discards,
            played: [Side::British, Side::French]
                .iter()
                .filter_map(|&s| self.played[s.seat()].map(|c| (s, card_view(c))))
                .collect(),
            landing_plan: (plan_known && self.step != Step::LandingPlan).then_some(self.plan),
            battle: self.battle.map(|b| BattleView {
                at: id(b.loc),
                kind: b.kind,
                attacker: b.attacker,
                round: b.round,
            }),
            own_sp: who.own.then(|| self.army_sp(chair)),
            victory_sp: self.victory_sp(),
            outcome: self.outcome.clone(),
            legal,
            log: match who.seat {
                Some(seat) if words => self
                    .log
                    .visible_to(seat.seat())
                    .map(|e| e.text.clone())
                    .collect(),
                _ => Vec::new(),
            },
        }
    }

    /// What the game waits for, in words, for `seat` (or for someone who holds none).
    pub(crate) fn waiting_for(&self, seat: Option<Side>) -> String {
        let who = |s: Side| {
            if Some(s) == seat {
                "You".to_string()
            } else {
                format!("The {}", s.name())
            }
        };
        match self.step {
            Step::LandingPlan => format!("{} choose the landing plan (7)", who(Side::British)),
            Step::FrenchSetup => match self.next_to_place() {
                Some(u) if seat == Some(Side::French) => {
                    format!("You set up: place {} (7)", forces().units[u].id)
                }
                _ => "The French set up (7)".into(),
            },
            Step::ChooseFirst(s) => format!(
                "{} won the order roll and choose who goes first (8.1.1)",
                who(s)
            ),
            Step::Bombard(s) => format!("{} may bombard (8.2)", who(s)),
            Step::Action(s) => format!("{} choose an action (8.3)", who(s)),
            Step::Landing => format!("{} land the planned units (7)", who(Side::British)),
            Step::LandMove { side, from, .. } => format!(
                "{} move units from {} (8.3.1)",
                who(side),
                board().name(from)
            ),
            Step::Raid { side, to, .. } => format!(
                "{} choose raiders against {} (8.3.2)",
                who(side),
                board().name(to)
            ),
            Step::Amphibious { side, from, .. } => format!(
                "{} choose units to carry from {} (8.3.3)",
                who(side),
                board().name(from)
            ),
            Step::ShipMove { side, to, .. } => format!(
                "{} choose ships to sail to {} (8.3.4)",
                who(side),
                board().name(to)
            ),
            Step::ReinforceAttack(s) => format!("{} bring in reinforcements (12)", who(s)),
            Step::ChooseBattle(s) => format!("{} choose the next battle (9.1)", who(s)),
            Step::Stay(s) => format!("{} stay and fire, or retreat (10)", who(s)),
            Step::Retreat(s) => format!("{} retreat unit by unit (10)", who(s)),
            Step::Hits {
                owner, left, then, ..
            } => format!(
                "{} apply {left} hit(s) {}",
                who(owner),
                self.hits_from(owner, then)
            ),
            Step::Restore { side, left, .. } => {
                format!("{} restore up to {left} SP (card)", who(side))
            }
            Step::Over => "The game is over".into(),
        }
    }

    /// Where the hits being applied come from, with the rule that has the owner apply them: a
    /// battle's fire (9.2), a bombardment (8.2), or a card (6.1), named.
    fn hits_from(&self, owner: Side, then: crate::state::Then) -> String {
        use crate::state::Then;
        let card = |s: Side| {
            self.played[s.seat()]
                .map(|c| deck().card(c).name.clone())
                .unwrap_or_else(|| "the card".into())
        };
        match then {
            Then::DefenderFired | Then::AttackerFired => "from the battle (9.2)".into(),
            Then::Bombarded(s) => format!("from the {} bombardment (8.2)", s.name()),
            Then::Attrition => format!("from {} (6.1)", card(owner)),
            Then::BackToBombard(s) => format!("from {} (6.1)", card(s)),
        }
    }

    /// The text board for `seat`.
    pub fn render_for(&self, seat: Side) -> String {
        let v = self.view_of(seat);
        let mut s = String::new();
        let order = format!("{} then {}", v.order[0].name(), v.order[1].name());
        s += &format!(
            "Louisbourg 1758 — turn {} of 16 — you are the {} — order: {order}{}\n",
            v.turn,
            seat.name(),
            if v.rough_seas { " — rough seas" } else { "" }
        );
        let blocks = |b: &[BlockView]| compact(b);
        s += &format!(
            "{:<22} {:<4} {:<44} {}\n",
            "location", "ctrl", "yours", "enemy"
        );
        for p in &v.places {
            let own = if p.own.is_empty() {
                "-".to_string()
            } else {
                blocks(&p.own)
            };
            let mut enemy = blocks(&p.enemy_seen);
            if p.enemy_hidden > 0 {
                if !enemy.is_empty() {
                    enemy += ", ";
                }
                // 7 the reinforcement box holds the two militia the set-up puts there (12: and
                // any of them that retreated back), which the British know: named as militia
                let what = if p.id == id(REINFORCEMENTS) {
                    "militia"
                } else {
                    "hidden block"
                };
                enemy += &format!(
                    "{} {what}{}",
                    p.enemy_hidden,
                    match (p.enemy_hidden, what) {
                        (_, "militia") => " (7)",
                        (1, _) => "",
                        _ => "s",
                    }
                );
                if p.enemy_loss_seen > 0 {
                    enemy += &format!(" (seen to lose {} SP)", p.enemy_loss_seen);
                }
            }
            if enemy.is_empty() {
                enemy = "-".into();
            }
            let ctrl = match p.control {
                Some(Side::British) => "Br",
                Some(Side::French) => "Fr",
                None => "",
            };
            if p.own.is_empty()
                && p.enemy_seen.is_empty()
                && p.enemy_hidden == 0
                && p.control.is_none()
            {
                continue;
            }
            s += &format!("{:<22} {:<4} {:<44} {}\n", p.name, ctrl, own, enemy);
        }
        let below = if seat == Side::British {
            format!(" (below {} you lose, 13)", v.victory_sp)
        } else {
            String::new()
        };
        s += &format!(
            "Your army SP: {}{below}   Your hand: {}   Enemy hand: {} card(s)   Deck: {}\n",
            v.own_sp.unwrap_or(0),
            if v.hand.is_empty() {
                "none".to_string()
            } else {
                v.hand
                    .iter()
                    .map(|c| {
                        format!(
                            "{} [{}{}]",
                            c.id,
                            c.flag.id(),
                            if c.house { ", house card" } else { "" }
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("; ")
            },
            v.enemy_hand,
            v.deck_left
        );
        for (side, c) in &v.played {
            s += &format!(
                "Played this turn by the {}: {}{}\n",
                side.name(),
                c.name,
                if c.house { " [house card]" } else { "" }
            );
        }
        if let Some(p) = v.landing_plan {
            if v.turn == 1 {
                s += &format!(
                    "Your landing plan: Kennington Cove {}, Flat Point {}, White Point {}\n",
                    p[0], p[1], p[2]
                );
            }
        }
        if let Some(b) = &v.battle {
            s += &format!(
                "Battle at {} — round {} — the {} attack\n",
                b.at,
                b.round,
                b.attacker.name()
            );
        }
        if let Some(o) = &v.outcome {
            s += &format!("Game over on turn {}: {}\n", o.turn, o.reason);
        }
        s += &format!("{}\n", v.waiting_for);
        s
    }
}

/// Writes a list of blocks short: runs of alike own blocks with consecutive names become one
/// entry (`br-reg-1…12 4/4`), alike enemy blocks a count (`2× ship 3`).
fn compact(blocks: &[BlockView]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut k = 0;
    while k < blocks.len() {
        let b = &blocks[k];
        let split = |id: &str| {
            id.rsplit_once('-')
                .map(|(p, n)| (p.to_string(), n.parse::<u32>().unwrap_or(0)))
        };
        let mut end = k + 1;
        // 8.3.3 a ship that carried troops this turn defends at 1 SP
        let used = if b.used { " used (defends at 1)" } else { "" };
        match &b.id {
            Some(id) => {
                let (prefix, first) = split(id).unwrap_or((id.clone(), 0));
                let mut last = first;
                while end < blocks.len() {
                    let n = &blocks[end];
                    match n.id.as_deref().and_then(split) {
                        Some((p, x))
                            if p == prefix
                                && x == last + 1
                                && n.sp == b.sp
                                && n.max_sp == b.max_sp
                                && n.used == b.used =>
                        {
                            last = x;
                            end += 1;
                        }
                        _ => break,
                    }
                }
                if last > first {
                    parts.push(format!(
                        "{prefix}-{first}…{last} {}/{}{used}",
                        b.sp, b.max_sp
                    ));
                } else {
                    parts.push(format!("{id} {}/{}{used}", b.sp, b.max_sp));
                }
            }
            None => {
                while end < blocks.len() && blocks[end] == *b {
                    end += 1;
                }
                let n = end - k;
                parts.push(if n > 1 {
                    format!("{n}× {} {}{used}", b.kind.id(), b.sp)
                } else {
                    format!("{} {}{used}", b.kind.id(), b.sp)
                });
            }
        }
        k = end;
    }
    parts.join(", ")
}

/// Whether the view of `seat` is all it may be: used by tests.
pub fn seat_name(seat: usize) -> &'static str {
    Louisbourg::SEATS.get(seat).copied().unwrap_or("?")
}
