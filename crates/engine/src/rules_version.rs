//! Which rules a game was played under.
//!
//! A game is stored as its options, its seed and its actions' texts, and replayed by the rules
//! of the build that reads it. A rules fix can therefore change what an old game's actions do,
//! or refuse one of them. Each game declares the version of its rules ([`crate::Game::RULES_VERSION`])
//! and what changed at each version ([`crate::Game::RULES_CHANGES`]); saves and stored games
//! record the version they were made under, so a front end can bring an old game to the current
//! rules when every action still replays (and say what changed), or keep it read-only, under
//! the version it was made under, when one no longer does.

/// What one rules version changed, in a player's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RulesChange {
    /// The version these changes brought the game to.
    pub version: u32,
    /// Each change, one short sentence a player reads, with the section it touches.
    pub changes: &'static [&'static str],
}

/// The changes made after `from` up to `to` (both rules versions), oldest first.
pub fn changes_between(
    all: &'static [RulesChange],
    from: u32,
    to: u32,
) -> Vec<&'static RulesChange> {
    all.iter()
        .filter(|c| c.version > from && c.version <= to)
        .collect()
}

/// Checks a game's change list against its version: versions 2 up to `current`, each once, in
/// order, none empty. Called by each game crate's tests, so a bump without its change (or a
/// change without its bump) fails the suite.
pub fn check_changes(current: u32, all: &[RulesChange]) -> Result<(), String> {
    if current == 0 {
        return Err("rules versions start at 1".into());
    }
    let expected: Vec<u32> = (2..=current).collect();
    let found: Vec<u32> = all.iter().map(|c| c.version).collect();
    if found != expected {
        return Err(format!(
            "the change list has versions {found:?}; rules version {current} needs exactly {expected:?}, in order"
        ));
    }
    if let Some(c) = all
        .iter()
        .find(|c| c.changes.is_empty() || c.changes.iter().any(|s| s.trim().is_empty()))
    {
        return Err(format!(
            "rules version {} lists no change (or an empty one)",
            c.version
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIST: &[RulesChange] = &[
        RulesChange {
            version: 2,
            changes: &["a"],
        },
        RulesChange {
            version: 3,
            changes: &["b", "c"],
        },
    ];

    #[test]
    fn the_changes_between_two_versions_are_those_after_the_first() {
        let v: Vec<u32> = changes_between(LIST, 1, 3)
            .iter()
            .map(|c| c.version)
            .collect();
        assert_eq!(v, [2, 3]);
        let v: Vec<u32> = changes_between(LIST, 2, 3)
            .iter()
            .map(|c| c.version)
            .collect();
        assert_eq!(v, [3]);
        assert!(changes_between(LIST, 3, 3).is_empty());
    }

    #[test]
    fn a_bump_without_its_change_is_refused() {
        assert!(check_changes(3, LIST).is_ok());
        assert!(check_changes(1, &[]).is_ok());
        assert!(check_changes(4, LIST).is_err());
        assert!(check_changes(2, LIST).is_err());
        assert!(check_changes(
            3,
            &[
                RulesChange {
                    version: 2,
                    changes: &[]
                },
                LIST[1]
            ]
        )
        .is_err());
        assert!(check_changes(0, &[]).is_err());
    }
}
