//! The version of French & Indian War: Solitaire's rules this build plays, and what changed at each.
//!
//! Bump [`RULES_VERSION`] with every change that alters what an action does: whether it is
//! legal, what it rolls, what it changes (a rules fix, a new table value, a scenario's set-up).
//! Add its line to [`RULES_CHANGES`] in the same commit, in a player's words with the section.
//! Several changes made before a release may share one version. Wording of labels and logs
//! is not a rules change, and must never change an action's text: action texts are what saves
//! and stored games hold.

use fiw_engine::RulesChange;

/// The rules version of this build (1: the rules as first played online; 2: issue 37's Turn
/// Track and BOT Action Charts).
pub const RULES_VERSION: u32 = 2;

/// What each version after the first changed, oldest first.
pub const RULES_CHANGES: &[RulesChange] = &[RulesChange {
    version: 2,
    changes: &[
        "5.1 the Turn Track gives more action points in the campaigning season, so a turn is a choice of several actions; every season allows attacks, restores and resupplies (winter raids and marches: a flag town lost in the fall can be answered), and winter no Ocean attack",
        "7.1 the BOT Action Charts have six different lines each: a drive on your flag towns, a defence that first recovers a flag town you took, a raid that reduces your militia, a blow that cuts your army's supply, the nations, and the Ocean",
        "7.1 when several lines cannot be done for the same reason, the log says the reason once",
    ],
}];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rules_version_says_what_it_changed() {
        fiw_engine::check_changes(RULES_VERSION, RULES_CHANGES).unwrap();
    }
}
