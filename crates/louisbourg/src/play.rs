//! 6.1 the card play procedure and the effects of the cards.

use crate::actions::{Action, UnitId};
use crate::board::*;
use crate::cards::{deck, effect_loc, CardId, Effect, Window};
use crate::forces::{Kind, Side};
use crate::legal::Why;
use crate::state::{blocks, Louisbourg, Pool, Step, Then};

impl Louisbourg {
    /// The window of the current step for `side`, if it may play cards now (6.1: only while
    /// active, bombardment cards in its bombardment step, the rest before its action).
    fn window(&self, side: Side) -> Option<Window> {
        match self.step {
            Step::Bombard(s) if s == side => Some(Window::Bombardment),
            Step::Action(s) if s == side => Some(Window::Action),
            _ => None,
        }
    }

    /// 6.1 whether `side` may play `card` now.
    pub(crate) fn why_not_play(&self, side: Side, card: CardId) -> Result<(), Why> {
        if !self.hands[side.seat()].contains(&card) {
            return Err(Why::new("6.1", "that card is not in your hand"));
        }
        let d = deck().card(card);
        if d.flag != side {
            return Err(Why::new(
                "6.1",
                "a card with the other side's flag can only be discarded",
            ));
        }
        if self.card_used[side.seat()] {
            return Err(Why::new(
                "6.1",
                "one card may be played or discarded per turn, and this turn's is used",
            ));
        }
        if self.window(side) != Some(d.when) {
            return Err(match d.when {
                Window::Bombardment => {
                    Why::new("6.1", "this card is played during your bombardment step")
                }
                Window::Action => Why::new(
                    "6.1",
                    "this card is played in your player action phase, before the action",
                ),
                Window::Drawn => Why::new("6.1", "attrition cards are played when drawn"),
            });
        }
        let enemy = side.other();
        match &d.effect {
            Effect::ExtraBombardment { from, target, .. } => {
                if !self.occupies(side, effect_loc(from)) {
                    return Err(Why::new(
                        "6.1",
                        "the card needs your units in the location it bombards from",
                    ));
                }
                if !self.occupies(enemy, effect_loc(target)) {
                    return Err(Why::new(
                        "6.1",
                        "there are no enemy units at the card's target",
                    ));
                }
            }
            Effect::BombardDrm { .. } if self.bombard_targets(side).next().is_none() => {
                return Err(Why::new("6.1", "you have nothing to bombard this turn"));
            }
            Effect::ShipStrike { .. } if !self.occupies(enemy, LOUISBOURG_HARBOR) => {
                return Err(Why::new(
                    "6.1",
                    "there are no enemy ships in Louisbourg Harbor",
                ));
            }
            Effect::Restore { at, .. } => {
                let at = at.as_deref().map(effect_loc);
                if self.restorable(side, at).next().is_none() {
                    return Err(Why::new(
                        "6.1",
                        "none of your army units can regain strength",
                    ));
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// 6.1 whether `side` may discard `card` now: any card in hand, once per turn, while active
    /// in its action phase.
    pub(crate) fn why_not_discard(&self, side: Side, card: CardId) -> Result<(), Why> {
        if !self.hands[side.seat()].contains(&card) {
            return Err(Why::new("6.1", "that card is not in your hand"));
        }
        if self.card_used[side.seat()] {
            return Err(Why::new(
                "6.1",
                "one card may be played or discarded per turn, and this turn's is used",
            ));
        }
        if self.window(side) != Some(Window::Action) {
            return Err(Why::new(
                "6.1",
                "cards are discarded in your player action phase, before the action",
            ));
        }
        Ok(())
    }

    pub(crate) fn playable_cards(&self, side: Side) -> impl Iterator<Item = CardId> + '_ {
        self.hands[side.seat()]
            .iter()
            .copied()
            .filter(move |&c| self.why_not_play(side, c).is_ok())
    }

    pub(crate) fn card_candidates(&self, side: Side, out: &mut Vec<Action>) {
        if self.card_used[side.seat()] {
            return;
        }
        let hand = &self.hands[side.seat()];
        for (i, &c) in hand.iter().enumerate() {
            // identical copies are one choice
            let copies = &deck().first_copy;
            if hand[..i]
                .iter()
                .any(|&o| copies[o as usize] == copies[c as usize])
            {
                continue;
            }
            if self.why_not_play(side, c).is_ok() {
                out.push(Action::Play(c));
            }
            if self.why_not_discard(side, c).is_ok() {
                out.push(Action::Discard(c));
            }
        }
    }

    fn take_from_hand(&mut self, side: Side, card: CardId) {
        if let Some(i) = self.hands[side.seat()].iter().position(|&c| c == card) {
            self.hands[side.seat()].remove(i);
        }
        self.card_used[side.seat()] = true;
        self.discards += 1;
    }

    pub(crate) fn apply_discard(&mut self, side: Side, card: CardId) {
        self.take_from_hand(side, card);
        self.face_down[side.seat()].push(card);
        let d = deck().card(card);
        self.log
            .public(|| format!("The {} discard a card face down (6.1).", side.name()));
        self.log.private(side.seat(), || {
            format!("(you discarded {} ({}))", d.name, d.id)
        });
    }

    /// Plays a card face up and carries out its effect (6.1: effective for this turn only).
    pub(crate) fn apply_play(&mut self, side: Side, card: CardId) {
        self.take_from_hand(side, card);
        self.played[side.seat()] = Some(card);
        self.bump_epoch();
        let d = deck().card(card);
        let house = if d.origin == crate::cards::Origin::House {
            " [house card]"
        } else {
            ""
        };
        self.log
            .public(|| format!("The {} play {} ({}){house}.", side.name(), d.name, d.id));
        let e = &mut self.effects[side.seat()];
        match &d.effect {
            Effect::Attrition { sp } => {
                let sp = *sp;
                self.start_hits(side, sp, Pool::Army, Then::BackToBombard(side));
            }
            Effect::ExtraBombardment { target, drm, .. } => {
                // 6.1, 8.2 the card's own DRM, and the cards in force against the side's fire
                let (target, drm) = (effect_loc(target), *drm + self.card_bombard_drm(side));
                self.bombard(side, target, drm, Then::BackToBombard(side));
            }
            Effect::BombardDrm { drm } => e.bombard_drm += drm,
            Effect::EnemyBombardDrm { drm } => e.enemy_bombard_drm += drm,
            Effect::ShipStrike { hit_on } => {
                let ships = self.count(side.other(), LOUISBOURG_HARBOR) as u32;
                let hit_on = *hit_on;
                self.dice.ask(ships, 6, || {
                    format!(
                        "{} (6.1): {ships} {} against the {} ships in the harbor, hitting on {}",
                        d.name,
                        if ships == 1 { "die" } else { "dice" },
                        side.other().name(),
                        crate::fire::faces_from(hit_on)
                    )
                });
                let hits = self.dice.count_d6_at_least(ships, hit_on);
                self.log.public(|| {
                    format!("{ships} dice against the ships in the harbor: {hits} hits.")
                });
                self.start_hits(
                    side.other(),
                    hits as u8,
                    Pool::At(LOUISBOURG_HARBOR),
                    Then::BackToBombard(side),
                );
            }
            Effect::AttackFire { hit_on, rounds } => e.attack_fire = Some((*hit_on, *rounds)),
            Effect::DefendFire { hit_on, rounds, at } => {
                e.defend_fire = Some((*hit_on, *rounds, at.as_deref().map(effect_loc)))
            }
            Effect::NoAmphibiousDefence => e.no_amphibious_defence = true,
            Effect::ForbidSeaMoves => e.forbid_sea_moves = true,
            Effect::RoadBonus { extra } => e.road_bonus += extra,
            Effect::RegularsMarch => e.regulars_march = true,
            Effect::NoRetreatLoss => e.no_retreat_loss = true,
            Effect::Restore { sp, at } => {
                let at = at.as_deref().map(effect_loc);
                self.set_step(Step::Restore {
                    side,
                    left: *sp,
                    at,
                });
                self.settle_restore();
            }
        }
    }

    /// Army units of `side` below their printed SP (at `at`, if given).
    pub(crate) fn restorable(
        &self,
        side: Side,
        at: Option<Loc>,
    ) -> impl Iterator<Item = usize> + '_ {
        let places = match at {
            Some(l) => self.mask(side, l),
            None => (0..LAND as Loc)
                .chain([BRITISH_BOX])
                .fold(0, |m, l| m | self.mask(side, l)),
        };
        blocks(places)
            .filter(move |&i| self.kind_of(i) != Kind::Ship && self.units[i].sp < Self::max_sp(i))
    }

    pub(crate) fn why_not_restore(&self, unit: UnitId) -> Result<(), Why> {
        match self.step {
            Step::Restore { side, at, .. }
                if self.restorable(side, at).any(|i| i == unit as usize) =>
            {
                Ok(())
            }
            _ => Err(Why::new(
                "6.1",
                "the card restores strength to your damaged army units",
            )),
        }
    }

    pub(crate) fn apply_restore(&mut self, unit: UnitId) {
        let i = unit as usize;
        self.units[i].sp += 1;
        // the enemy sees a block turned at that place, not which one
        let (side, at) = (self.units[i].side, self.units[i].loc);
        let c = &mut self.loss_seen[side.seat()][at as usize];
        *c = c.saturating_sub(1);
        let id = &crate::forces::forces().units[i].id;
        self.log.public(|| {
            format!(
                "The {} restore 1 SP to a block at {}.",
                side.name(),
                board().name(at)
            )
        });
        self.log.private(side.seat(), || format!("({id})"));
        if let Step::Restore { side, left, at } = self.step {
            self.set_step(Step::Restore {
                side,
                left: left.saturating_sub(1),
                at,
            });
        }
        self.settle_restore();
    }

    /// Ends the restore step when nothing is left to restore.
    pub(crate) fn settle_restore(&mut self) {
        if let Step::Restore { side, left, at } = self.step {
            if left == 0 || self.restorable(side, at).next().is_none() {
                self.set_step(Step::Action(side));
            }
        }
    }
}
