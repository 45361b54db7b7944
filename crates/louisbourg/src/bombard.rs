//! 8.2 the bombardment phase: 8.2.1 bombarding Louisbourg and from Louisbourg, 8.2.2
//! bombarding in Louisbourg Harbor.

use crate::actions::Action;
use crate::board::*;
use crate::fire::bombardment_losses;
use crate::forces::{Kind, Side};
use crate::legal::Why;
use crate::state::{Louisbourg, Pool, Step, Then};

/// 8.2.2 the land locations bordering the harbor that the British can bombard ships from.
const HARBOR_SHORE: [Loc; 3] = [ROYAL_BATTERY, LIGHTHOUSE_POINT, ISLAND_BATTERY];

impl Louisbourg {
    /// 8.2 a location can bombard if a side has a unit there; rangers alone cannot.
    pub(crate) fn can_bombard_from(&self, side: Side, loc: Loc) -> bool {
        self.at(side, loc)
            .any(|(i, _)| !matches!(self.kind_of(i), Kind::Ranger | Kind::Ship))
    }

    fn french_ships_in_harbor(&self) -> usize {
        self.count(Side::French, LOUISBOURG_HARBOR)
    }

    /// 6.1 what the cards in force add to a bombardment by `side`: its own "bombardments at
    /// +N" and the enemy's "enemy bombardments at −N". Every bombardment of the side meets
    /// them, a card's extra bombardment included.
    pub(crate) fn card_bombard_drm(&self, side: Side) -> i8 {
        self.effects[side.seat()].bombard_drm + self.effects[side.other().seat()].enemy_bombard_drm
    }

    /// The die modifier of a bombardment of `target` by `side`, or why it is not allowed.
    pub(crate) fn bombard_drm(&self, side: Side, target: Loc) -> Result<i8, Why> {
        let card = self.card_bombard_drm(side);
        match side {
            Side::British => {
                if target == LOUISBOURG {
                    // 8.2.1 from occupied adjacent locations: +1 from two, +2 from three or more
                    if !self.occupies(Side::French, LOUISBOURG) {
                        return Err(Why::new(
                            "8.2.1",
                            "there are no French units in Louisbourg to bombard",
                        ));
                    }
                    let n = ADJACENT_TO_LOUISBOURG
                        .iter()
                        .filter(|&&l| self.can_bombard_from(side, l))
                        .count();
                    if n == 0 {
                        return Err(Why::new("8.2.1", "the British need a unit (not rangers alone) in a location adjacent to Louisbourg"));
                    }
                    Ok(match n {
                        1 => 0,
                        2 => 1,
                        _ => 2,
                    } + card)
                } else if target == LOUISBOURG_HARBOR {
                    // 8.2.2 the French ships, from occupied locations bordering the harbor
                    if self.french_ships_in_harbor() == 0 {
                        return Err(Why::new("8.2.2", "there are no French ships in the harbor"));
                    }
                    let n = HARBOR_SHORE
                        .iter()
                        .filter(|&&l| self.can_bombard_from(side, l))
                        .count();
                    if n == 0 {
                        return Err(Why::new("8.2.2", "the British need a unit (not rangers alone) in a location bordering the harbor"));
                    }
                    Ok(if n > 1 { 1 } else { 0 } + card)
                } else {
                    Err(Why::new(
                        "8.2",
                        "the British bombard Louisbourg or the French ships in the harbor",
                    ))
                }
            }
            Side::French => {
                if !is_land(target) || !self.occupies(Side::British, target) {
                    return Err(Why::new(
                        "8.2",
                        "the French bombard one British-occupied land location",
                    ));
                }
                let mut best: Option<i8> = None;
                // 8.2.1 from Louisbourg at an adjacent location; -1 with fewer than two ships
                if ADJACENT_TO_LOUISBOURG.contains(&target)
                    && self.can_bombard_from(side, LOUISBOURG)
                {
                    best = Some(if self.french_ships_in_harbor() < 2 {
                        -1
                    } else {
                        0
                    });
                }
                // 8.2.2 with the ships at a location bordering the harbor; -1 with only one ship
                let ships = self.french_ships_in_harbor();
                if HARBOR_SHORE.contains(&target) && ships > 0 {
                    let drm = if ships == 1 { -1 } else { 0 };
                    best = Some(best.map_or(drm, |b| b.max(drm)));
                }
                best.map(|d| d + card).ok_or(Why::new(
                    "8.2",
                    "the French bombard from Louisbourg at a location adjacent to it, or with their ships at a location bordering the harbor",
                ))
            }
        }
    }

    pub(crate) fn bombard_targets(&self, side: Side) -> impl Iterator<Item = Loc> + '_ {
        let targets: &[Loc] = match side {
            Side::British => &[LOUISBOURG, LOUISBOURG_HARBOR],
            Side::French => &[
                BLACK_ROCK,
                GREEN_HILLS,
                BARACHOIS,
                ISLAND_BATTERY,
                ROYAL_BATTERY,
                LIGHTHOUSE_POINT,
            ],
        };
        // a target needs enemy units in it: checked first, as it rules most targets out cheaply
        targets
            .iter()
            .copied()
            .filter(move |&t| self.occupies(side.other(), t) && self.bombard_drm(side, t).is_ok())
    }

    pub(crate) fn has_bombard_options(&self, side: Side) -> bool {
        self.bombard_targets(side).next().is_some() || self.playable_cards(side).next().is_some()
    }

    pub(crate) fn bombard_candidates(&self, side: Side, out: &mut Vec<Action>) {
        out.extend(self.bombard_targets(side).map(Action::Bombard));
        out.push(Action::Pass);
        self.card_candidates(side, out);
    }

    /// Rolls one die on the Bombardment Table and applies the losses, owner's choice (8.2).
    pub(crate) fn bombard(&mut self, side: Side, target: Loc, drm: i8, then: Then) {
        self.dice.ask(1, 6, || {
            format!(
                "The {} bombard {} (8.2): one die on the Bombardment Table, DRM {drm:+}",
                side.name(),
                board().name(target)
            )
        });
        let roll = self.dice.d6();
        self.bump_epoch();
        let losses = bombardment_losses(roll as i8 + drm);
        let name = board().name(target).to_string();
        self.log.public(|| {
            format!(
                "The {} bombard {name}: die {roll}, DRM {drm:+}: {losses} SP lost (8.2).",
                side.name()
            )
        });
        self.start_hits(side.other(), losses, Pool::At(target), then);
    }

    pub(crate) fn apply_bombard(&mut self, side: Side, target: Loc) {
        let drm = self.bombard_drm(side, target).unwrap_or(0);
        self.bombard(side, target, drm, Then::Bombarded(side));
    }

    pub(crate) fn apply_pass_bombard(&mut self, side: Side) {
        self.log
            .public(|| format!("The {} do not bombard.", side.name()));
        self.after_bombard(side);
        // 8.2 the other side is not asked when it has nothing to bombard with and no card
        self.skip_idle_steps();
    }

    /// Returns to the bombardment step of `side` after a card's bombardment or strike.
    pub(crate) fn back_to_bombard(&mut self, side: Side) {
        self.set_step(Step::Bombard(side));
        self.skip_idle_steps();
    }
}
