//! The version of the skirmish rules's rules this build plays, and what changed at each.
//!
//! Bump [`RULES_VERSION`] with every change that alters what an action does: whether it is
//! legal, what it rolls, what it changes (a rules fix, a new table value, a scenario's set-up).
//! Add its line to [`RULES_CHANGES`] in the same commit, in a player's words with the section.
//! Several changes made before a release may share one version. Wording of labels and logs
//! is not a rules change, and must never change an action's text: action texts are what saves
//! and stored games hold.

use fiw_engine::RulesChange;

/// The rules version of this build (1: the rules as first played online).
pub const RULES_VERSION: u32 = 4;

/// What each version after the first changed, oldest first.
pub const RULES_CHANGES: &[RulesChange] = &[RulesChange {
    version: 2,
    changes: &[
        "12.2: men in a building fall back by its doors and windows, so a household in its cabin is surrounded only when every way out closes on an enemy; a way out that runs at any enemy within 12\" is no way out, not only one toward the nearest",
        "6.2, 6.3, 9.1: a charged gun may stand and fire canister (else round shot) at its charger when it comes in, and a gun that reserved its fire gives it then; before, a gun could only hold and its reserved fire was lost",
        "6.1: the defender's fire at a charge's contact takes the chargers' rear ranks first, while any man stands clear of the enemy, so the pairs in contact are not broken by it",
        "7.5, 11.2: one figure a side fights at a door or window, with no two against one there, and no one fights through a wall; regulars charging men in a building or behind an earthwork get no +1 for charging",
        "4.1, S2: a unit may send a man off as a messenger to a unit waiting for word (send UNIT.N to UNIT); he runs on his own cards and alerts it on arrival; the Raid's households are no longer alerted by merely seeing raiders within 12\", only by gunfire at their own or the nearest cabin or by a messenger",
        "S3 (Siege Sortie): the French powder cart has a driver, a sergeant of the sappers, and is on the move with the sortie, so a test may let it go where the sappers need it; before, every test read 'continue: it stood' and the bridge could never be blown",
        "S2 (Raid): the French win by breaking more than half of all five English companies, the garrison's counted whether it came or not; counting only those in the field is the scenario option field-companies, off unless switched on",
        "10.2: native units claim cover against small arms in brush or rocks only, not in woods; woods too is the scenario option native-woods-cover, off unless switched on",
        "5.2: heavy guns and mortars may be manhandled by their crews at 1D6, as other artillery",
        "7.6: a road over a steep hill gives no road bonus: troops on it move at normal speed",
        "4.3: a line is at least 3 files wide: a scenario's narrower line is refused, so is forming one, and a line thinned below 3 files brings up its rear rank",
        "8.3: a unit that moved and then reserved its fire gives it without the first volley's +1",
        "12.2: Indians (and militia holding Indians) kill their prisoners only if the control check right after they took them repeats their last action",
        "12.1, S2: a household's strength is its men; its women no longer count, so it shatters when half its men are down",
        "8.1: a fire rolls one die for every two figures however they stand: the odd men of each range band are pooled two to a die at the worse band, where each band rounded up; a hero's +1 goes on the die he fires in",
        "8.1, 9.3: sight and fire do not pass between the files of a unit in close order; a shell passes over troops, obstacles and buildings only 6\" clear of both the gun and its target (3\" for coehorns and mortars)",
        "12.4: light infantry and militia (any troops that may form a line) end a rally in line or column, not in skirmish order",
        "6.1, 7.4: a charger pays half its move for an obstacle when he comes to it, so one who cannot reach it runs up to it instead of stopping at half his roll; the charge's odds count that half move",
        "3.2: a unit continuing its advance must advance: a change of formation spends its move but is no advance, and after one it must go on with all it has left",
        "5.4: a battalion's column that came on from off the table marches along its road without a false refusal that two of its figures would stand on each other",
        "7.7: a wagon or gun a scenario hides in dead ground keeps its order when it deploys, not skirmish order, which is for men",
        "5.1, 6.3, 7.7: a unit still wholly off the table may not reserve its fire (no one can charge it) or step farther off the table, and a wagon does not scout",
    ],
}, RulesChange {
    version: 3,
    changes: &[
        "8.3, S2 (Raid): the raiders' 3 coureurs des bois fire with +1 to hit, figure by figure; the Compagnies Franches and militia of the same company do not (a scenario may mark a figure marksman = true)",
        "13.2: pioneers may cut a road through a hedge, wall or fence at any place on it within their reach (work cut at X,Y), one turn's work, leaving a gap any column, gun or wagon passes freely",
        "7.4: pioneers may make a crossing point over a very high wall or deep ditch in one turn (work crossing at X,Y); troops in column then cross there as over a minor obstacle; Siege Sortie's magazine wall is crossable once one is made",
        "13.2: a side whose tool wagon carries the materials (Siege Sortie: the British) may lay a pontoon bridge across a river or stream, an inch a turn (work pontoon at X,Y to X,Y); once it spans it is a bridge",
        "13.2: a bridge damaged by charges may be repaired, 1D6 points a turn (repair SITE); brought back under the damage that harms it, it is whole again",
        "13.1, 7.7: a hidden company that starts work at a new place or a repair is revealed",
        "1.2, 3.3: the general may ride to any unit of his side, a hero to any unit, a colonel among his battalion's companies (join UNIT.N to UNIT): he joins at once within 1\", else rides alone on his own card and joins when he reaches it; joined, he is with that unit for its tests, strength and risks",
        "12.5: a hero, or a bold or rash general, who joined a unit adds +1 to its casualty recovery rolls when it rallies",
        "10.7: a leader riding alone is a target: fire that hits him rolls a die, and on a 6 he falls",
        "2.1: a battalion whose colonel has ridden off alone acts by companies",
        "S1 (Relief Column): before play the British set up: each company of the battalion and the grenadiers may be set anywhere up to the farm in any facing (set UNIT at X,Y facing DEG), and up to 12\" of abatis laid in straight pieces (abatis X,Y to X,Y, lift abatis N); ready keeps the scenario's places. A game now begins with the British set-up, before the hidden units deploy",
        "5.8: cavalry (and infantry a scenario gives horses) mount or dismount in a move for half of it (mount, dismount); on foot they move and fight as infantry, light unless the scenario says which, their carbines as muskets",
        "5.3: a gun with less than half its crew may be moved when a company with a man within 1\" of it has spent its activation lending its men to it this turn (help GUN)",
        "9.1: a gun short of its least crew fires every turn while infantry lent to it make up the crew and at least half of it are gunners; and such a gun may fire in the first turn (before, it could not until the second)",
        "12.1: a shattered gun section whose limber has civilian drivers (the Siege Sortie's heavy gun, field gun and howitzer) loses the limber: the drivers take it off the table, and the gun never limbers again",
        "2.1: the scenario option two-commanders, offered by every scenario and off unless switched on: a card lets its side act with two units, one after the other",
        "9.2: the scenario option double-range, offered by every scenario and off unless switched on: guns fire out to twice their stated range, hitting only on 6 beyond it",
    ],
}, RulesChange {
    version: 4,
    changes: &[
        "7.4: a charge stops short of a very high wall or deep ditch (a crossing point serves only troops in column), and a mounted charge short of abatis; nor do the charged close up over one. Before, chargers crossed them as a low wall, paying half their move",
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
