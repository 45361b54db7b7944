//! The small words of the log and the menus: a count with its noun in the right number, a
//! unit's name in the possessive, a verb agreeing with one unit or several.

/// `n` and its noun: "1 die", "3 dice".
pub(crate) fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A name in the possessive: "br-a's", "fr-sappers'".
pub(crate) fn of(name: &str) -> String {
    if name.ends_with('s') {
        format!("{name}'")
    } else {
        format!("{name}'s")
    }
}

/// A verb for `n` units: "fires" for one, "fire" for several.
pub(crate) fn verb(n: usize, one: &str, many: &str) -> String {
    if n == 1 { one } else { many }.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_possessives_read_as_english() {
        assert_eq!(count(1u32, "die", "dice"), "1 die");
        assert_eq!(count(4u32, "die", "dice"), "4 dice");
        assert_eq!(of("br-a"), "br-a's");
        assert_eq!(of("fr-sappers"), "fr-sappers'");
        assert_eq!(verb(1, "fires", "fire"), "fires");
    }
}
