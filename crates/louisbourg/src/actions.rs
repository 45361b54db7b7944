//! The steps of every decision, with their stable text form (typed at the prompt, written in
//! saves).

use crate::board::{self, loc_named, Loc};
use crate::cards::{deck, CardId};
use crate::forces::{forces, Side};
use fiw_engine::RuleError;
use serde::{Deserialize, Serialize};

/// Index of a block in the order of battle (`forces().units`).
pub type UnitId = u8;

/// One step of a decision. Group moves are split into one `Go` per block, then `Done`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// 7 the secret turn-1 landing plan: units for Kennington Cove, Flat Point, White Point.
    Plan { kc: u8, fp: u8, wp: u8 },
    /// 7 French set-up: place this block.
    Place { unit: UnitId, to: Loc },
    /// 14 set up the French by the solitaire table instead.
    SolitaireSetup,
    /// 8.1.1 the winner of the order roll names the side that goes first.
    First(Side),
    /// 6.1 play a card of one's own flag.
    Play(CardId),
    /// 6.1 discard a card face down.
    Discard(CardId),
    /// 8.2 bombard this target (a land location, or the harbor for the French ships).
    Bombard(Loc),
    /// Decline the current option (no bombardment, no action, no card).
    Pass,
    /// 8.3.1 begin a land move from this location.
    LandMove(Loc),
    /// 8.3.2 begin a raid.
    Raid { from: Loc, to: Loc },
    /// 8.3.3 begin an amphibious move from this location (or the British Forces box).
    Amphibious(Loc),
    /// 8.3.4 begin a ship move into this sea area.
    ShipMove(Loc),
    /// 7 carry out the turn-1 landing plan.
    Land,
    /// 12 bring a reinforcement in.
    Reinforce { unit: UnitId, to: Loc },
    /// Move (or land, raid with, retreat) this block to this place.
    Go { unit: UnitId, to: Loc },
    /// End the current group move.
    Done,
    /// 9.1 fight the battle here next.
    Battle(Loc),
    /// 10 stay and fire this round.
    Fire,
    /// 10 retreat instead of firing.
    Retreat,
    /// 9.2 take a hit on this block.
    Hit(UnitId),
    /// Card effect: restore 1 SP to this block.
    Restore(UnitId),
}

fn unit_id(u: UnitId) -> &'static str {
    forces()
        .units
        .get(u as usize)
        .map(|d| d.id.as_str())
        .unwrap_or("?")
}

fn card_id(c: CardId) -> &'static str {
    deck()
        .cards
        .get(c as usize)
        .map(|d| d.id.as_str())
        .unwrap_or("?")
}

/// 7 a typed landing plan: `kennington-cove=N flat-point=N white-point=N` in any order, or the
/// three numbers in that order (`plan 0 4 2`). Every site is named (the plan places two
/// landing blocks on each of the three sites, 0 included), and a number is digits only: a
/// plan is a secret the British commit to, so nothing is filled in or read loosely for them.
fn plan(sites: &[&str]) -> Result<Action, RuleError> {
    const NAMES: [&str; 3] = ["kennington-cove", "flat-point", "white-point"];
    let number = |v: &str| {
        v.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| v.parse::<u8>().ok())
            .flatten()
            .ok_or_else(|| RuleError::input(format!("'{v}' is not a number of units (7)")))
    };
    let mut n = [0u8; 3];
    if sites.len() == 3 && sites.iter().all(|w| !w.contains('=')) {
        for (k, w) in sites.iter().enumerate() {
            n[k] = number(w)?;
        }
    } else {
        let mut given = [false; 3];
        for w in sites {
            let (site, v) = w.split_once('=').ok_or_else(|| {
                RuleError::input(format!(
                    "expected SITE=N (kennington-cove, flat-point, white-point), found '{w}'"
                ))
            })?;
            let k = NAMES.iter().position(|s| *s == site).ok_or_else(|| {
                RuleError::input(format!(
                    "'{site}' is not a landing site (7: kennington-cove, flat-point, white-point)"
                ))
            })?;
            if std::mem::replace(&mut given[k], true) {
                return Err(RuleError::input(format!("{site} is named twice")));
            }
            n[k] = number(v)?;
        }
        if let Some(k) = given.iter().position(|g| !g) {
            return Err(RuleError::input(format!(
                "the plan names every site, 0 included (7): {} is missing",
                NAMES[k]
            )));
        }
    }
    Ok(Action::Plan {
        kc: n[0],
        fp: n[1],
        wp: n[2],
    })
}

impl Action {
    /// The stable text form.
    pub fn text(&self) -> String {
        use board::id;
        match *self {
            Action::Plan { kc, fp, wp } => {
                format!("plan kennington-cove={kc} flat-point={fp} white-point={wp}")
            }
            Action::Place { unit, to } => format!("place {} {}", unit_id(unit), id(to)),
            Action::SolitaireSetup => "solitaire-setup".into(),
            Action::First(s) => format!("first {}", s.id()),
            Action::Play(c) => format!("play {}", card_id(c)),
            Action::Discard(c) => format!("discard {}", card_id(c)),
            Action::Bombard(l) => format!("bombard {}", id(l)),
            Action::Pass => "pass".into(),
            Action::LandMove(l) => format!("move from {}", id(l)),
            Action::Raid { from, to } => format!("raid {} from {}", id(to), id(from)),
            Action::Amphibious(l) => format!("amphibious from {}", id(l)),
            Action::ShipMove(l) => format!("ships to {}", id(l)),
            Action::Land => "land".into(),
            Action::Reinforce { unit, to } => format!("reinforce {} {}", unit_id(unit), id(to)),
            Action::Go { unit, to } => format!("go {} {}", unit_id(unit), id(to)),
            Action::Done => "done".into(),
            Action::Battle(l) => format!("battle {}", id(l)),
            Action::Fire => "fire".into(),
            Action::Retreat => "retreat".into(),
            Action::Hit(u) => format!("hit {}", unit_id(u)),
            Action::Restore(u) => format!("restore {}", unit_id(u)),
        }
    }

    /// What the action involves, for a front end that highlights them: the blocks and cards it
    /// names (`pieces`), and the locations and sea areas (`places`). Only what the text itself
    /// names, so nothing is told that the deciding seat's menu does not already say.
    pub fn refs(&self) -> (Vec<&'static str>, Vec<&'static str>) {
        use board::id;
        match *self {
            Action::Plan { .. } => (
                Vec::new(),
                vec!["kennington-cove", "flat-point", "white-point"],
            ),
            Action::Place { unit, to }
            | Action::Reinforce { unit, to }
            | Action::Go { unit, to } => (vec![unit_id(unit)], vec![id(to)]),
            Action::Play(c) | Action::Discard(c) => (vec![card_id(c)], Vec::new()),
            Action::Bombard(l)
            | Action::LandMove(l)
            | Action::Amphibious(l)
            | Action::ShipMove(l)
            | Action::Battle(l) => (Vec::new(), vec![id(l)]),
            Action::Raid { from, to } => (Vec::new(), vec![id(from), id(to)]),
            Action::Hit(u) | Action::Restore(u) => (vec![unit_id(u)], Vec::new()),
            Action::SolitaireSetup
            | Action::First(_)
            | Action::Pass
            | Action::Land
            | Action::Done
            | Action::Fire
            | Action::Retreat => (Vec::new(), Vec::new()),
        }
    }

    /// Reads the text form. Unknown words are refused with the word named.
    pub fn parse(text: &str) -> Result<Action, RuleError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let loc = |w: &str| {
            loc_named(w).ok_or_else(|| {
                RuleError::input(format!(
                    "unknown location '{w}' (try `fiw rules louisbourg 3`)"
                ))
            })
        };
        let unit = |w: &str| {
            forces()
                .units
                .iter()
                .position(|u| u.id == w)
                .map(|i| i as UnitId)
                .ok_or_else(|| RuleError::input(format!("unknown block '{w}'")))
        };
        let card = |w: &str| {
            deck()
                .named(w)
                .ok_or_else(|| RuleError::input(format!("unknown card '{w}'")))
        };
        let side = |w: &str| match w {
            "british" => Ok(Side::British),
            "french" => Ok(Side::French),
            _ => Err(RuleError::input(format!(
                "unknown side '{w}' (british or french)"
            ))),
        };
        Ok(match words.as_slice() {
            ["plan", sites @ ..] => plan(sites)?,
            ["place", u, l] => Action::Place { unit: unit(u)?, to: loc(l)? },
            ["solitaire-setup"] => Action::SolitaireSetup,
            ["first", s] => Action::First(side(s)?),
            ["play", c] => Action::Play(card(c)?),
            ["discard", c] => Action::Discard(card(c)?),
            ["bombard", l] => Action::Bombard(loc(l)?),
            ["pass"] => Action::Pass,
            ["move", "from", l] => Action::LandMove(loc(l)?),
            ["raid", to, "from", from] => Action::Raid { from: loc(from)?, to: loc(to)? },
            ["amphibious", "from", l] => Action::Amphibious(loc(l)?),
            ["ships", "to", l] => Action::ShipMove(loc(l)?),
            ["land"] => Action::Land,
            ["reinforce", u, l] => Action::Reinforce { unit: unit(u)?, to: loc(l)? },
            ["go", u, l] => Action::Go { unit: unit(u)?, to: loc(l)? },
            ["done"] => Action::Done,
            ["battle", l] => Action::Battle(loc(l)?),
            ["fire"] => Action::Fire,
            ["retreat"] => Action::Retreat,
            ["hit", u] => Action::Hit(unit(u)?),
            ["restore", u] => Action::Restore(unit(u)?),
            [] => return Err(RuleError::input("empty action")),
            [w, ..] => {
                return Err(RuleError::input(format!(
                    "cannot read '{}' as an action (first word '{w}'); type a number or an action as listed",
                    text.trim()
                )))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_parse_round_trip() {
        let samples = [
            Action::Plan {
                kc: 0,
                fp: 4,
                wp: 2,
            },
            Action::Place { unit: 20, to: 3 },
            Action::SolitaireSetup,
            Action::First(Side::French),
            Action::Play(0),
            Action::Discard(5),
            Action::Bombard(board::LOUISBOURG_HARBOR),
            Action::Pass,
            Action::LandMove(board::WHITE_POINT),
            Action::Raid {
                from: board::ISLAND_BATTERY,
                to: board::LIGHTHOUSE_POINT,
            },
            Action::Amphibious(board::BRITISH_BOX),
            Action::ShipMove(board::LOUISBOURG_HARBOR),
            Action::Land,
            Action::Reinforce {
                unit: 30,
                to: board::KENNINGTON_COVE,
            },
            Action::Go {
                unit: 1,
                to: board::FLAT_POINT,
            },
            Action::Done,
            Action::Battle(board::GREEN_HILLS),
            Action::Fire,
            Action::Retreat,
            Action::Hit(2),
            Action::Restore(3),
        ];
        for a in samples {
            assert_eq!(Action::parse(&a.text()).unwrap(), a, "{}", a.text());
        }
    }

    #[test]
    fn bad_text_names_the_bad_word() {
        assert!(Action::parse("go br-reg-99 flat-point")
            .unwrap_err()
            .message
            .contains("br-reg-99"));
        assert!(Action::parse("bombard atlantis")
            .unwrap_err()
            .message
            .contains("atlantis"));
        assert!(Action::parse("dance")
            .unwrap_err()
            .message
            .contains("dance"));
        assert!(Action::parse("plan kennington-cove=x flat-point=1 white-point=3").is_err());
        assert!(Action::parse("plan louisbourg=4").is_err());
        assert!(Action::parse("plan flat-point=2 flat-point=2").is_err());
    }

    /// 7 a plan may be typed short: sites in any order, or three numbers; every site is named
    /// (a plan leaving one out is refused, issue 38).
    #[test]
    fn a_plan_may_be_typed_short() {
        let want = Action::Plan {
            kc: 0,
            fp: 4,
            wp: 2,
        };
        for text in [
            "plan kennington-cove=0 flat-point=4 white-point=2",
            "plan white-point=2 kennington-cove=0 flat-point=4",
            "plan 0 4 2",
        ] {
            assert_eq!(Action::parse(text).unwrap(), want, "{text}");
        }
        assert!(Action::parse("plan white-point=2 flat-point=4").is_err());
    }
}
