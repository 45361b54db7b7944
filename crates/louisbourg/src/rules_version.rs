//! The version of Louisbourg 1758's rules this build plays, and what changed at each.
//!
//! Bump [`RULES_VERSION`] with every change that alters what an action does: whether it is
//! legal, what it rolls, what it changes (a rules fix, a new table value, a scenario's set-up).
//! Add its line to [`RULES_CHANGES`] in the same commit, in a player's words with the section.
//! Several changes made before a release may share one version. Wording of labels and logs
//! is not a rules change, and must never change an action's text: action texts are what saves
//! and stored games hold.

use fiw_engine::RulesChange;

/// The rules version of this build (1: the rules as first played online; 2: issue 38's
/// hits on blocks from different roads and the Indian's retreat).
pub const RULES_VERSION: u32 = 2;

/// What each version after the first changed, oldest first.
pub const RULES_CHANGES: &[RulesChange] = &[RulesChange {
    version: 2,
    changes: &[
        "9.2 an attacker's blocks that came to a battle by different roads are never alike for hits: you choose which one takes the hit, since each retreats where it came from (10)",
        "5.2, 10 an Indian whose only way back is Louisbourg no longer stops its whole group retreating; if the group retreats, the Indian is lost",
        "8.2 a side with nothing to bombard and no card for it is no longer asked to pass its bombardment after the other side passed",
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
