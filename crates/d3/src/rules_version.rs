//! The version of D3 Horse & Musket (Fort Oswego)'s rules this build plays, and what changed at each.
//!
//! Bump [`RULES_VERSION`] with every change that alters what an action does: whether it is
//! legal, what it rolls, what it changes (a rules fix, a new table value, a scenario's set-up).
//! Add its line to [`RULES_CHANGES`] in the same commit, in a player's words with the section.
//! Several changes made before a release may share one version. Wording of labels and logs
//! is not a rules change, and must never change an action's text: action texts are what saves
//! and stored games hold.

use fiw_engine::RulesChange;

/// The rules version of this build (1: the rules as first played online; 2: issue 38's
/// squares, charges, retirements, commander's stop and the fort's gun).
pub const RULES_VERSION: u32 = 2;

/// What each version after the first changed, oldest first.
pub const RULES_CHANGES: &[RulesChange] = &[RulesChange {
    version: 2,
    changes: &[
        "Squares: engaged infantry (an enemy within 6\", or its shooting marker) may not form square: a square is formed during a move, and engaged infantry cannot move",
        "Charges: cavalry already in contact with a unit do not charge it again without moving; a charge is cavalry moving into contact",
        "Shooting: a retirement from fire keeps the 6\" stop and the rules of disengaging: away from every enemy within 6\", never within 6\" of another enemy on the way or at its end; otherwise no retirement is offered",
        "Army Commander: the general's move stops on coming within 6\" of an enemy like every unit's, so he may not pass within 6\" of one on the way",
        "Fort Oswego: the British gun stays in the fort all battle; it may pivot and shoot there",
        "Charges: a gun unmanned by cavalry in contact can neither move nor pivot until the cavalry move away",
        "Veterans: a scenario file with more than 4 veteran infantry units in an army is refused (the text allows up to 2-4)",
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
