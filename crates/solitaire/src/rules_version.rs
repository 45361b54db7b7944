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
/// Track and BOT Action Charts; 3: issue 37's sudden death: shorter routes, the BOT's
/// reinforcements and drives, the Turn Track, arrivals by the side played; 4: the French BOT's
/// third drive in place of its nations' line).
pub const RULES_VERSION: u32 = 4;

/// What each version after the first changed, oldest first.
pub const RULES_CHANGES: &[RulesChange] = &[RulesChange {
    version: 2,
    changes: &[
        "5.1 the Turn Track gives more action points in the campaigning season, so a turn is a choice of several actions; every season allows attacks, restores and resupplies (winter raids and marches: a flag town lost in the fall can be answered), and winter no Ocean attack",
        "7.1 the BOT Action Charts have six different lines each: a drive on your flag towns, a defence that first recovers a flag town you took, a raid that reduces your militia, a blow that cuts your army's supply, the nations, and the Ocean",
        "7.1 when several lines cannot be done for the same reason, the log says the reason once",
    ],
},
RulesChange {
    version: 3,
    changes: &[
        "2 the Mohawk, Hudson and Atlantic routes are four towns long (Schenectady, Saratoga and Annapolis Royal are gone) and Ohio five (Carlisle is gone): each side stands two advances from the other's flag town in those three regions, and the French two from Philadelphia, so sudden death is within reach of both sides",
        "4 a BOT army arriving after the set-up faces your weakest army that no BOT army faces yet, not your strongest",
        "4 the later armies arrive by the side you play, as the Turn Track shows them: playing the British, your +4s come in the fall of 1756 and the spring of 1759 and the French BOT's +1 in spring 1756; playing the French, the British BOT's +4s come in the summer of 1755 and the spring of 1756 and your +1 in the summer of 1755; Montcalm's French army is a +1 (it was a +3) and the French army of 1759 stays a +1",
        "5.1 playing the British: one AP in the spring of 1755 as well",
        "5 a turn that gives you no AP passes to the BOT at once: there is nothing to choose, so you no longer end its actions yourself",
        "5.1 playing the French: two AP in the fall of 1755 and one that winter, one in the fall of 1757, and two AP each winter; none in the other seasons; the French may court the nations in the fall",
        "7.1 the French BOT's Ocean line, while the French hold the Atlantic, is a drive on your flag towns (it was the nations' line)",
        "7.1 the British BOT's two drives strike where its odds are best (they struck where it stood nearest a French flag town), and its nations' line, outside the winter, attacks the Ocean Control marker first",
    ],
},
RulesChange {
    version: 4,
    changes: &[
        "7.1 playing the British: the French BOT's first line is a third drive on your flag towns where it stands nearest one, the Mohawk first (it was the nations' line, courting the Indians each winter): the French BOT no longer courts the nations",
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
