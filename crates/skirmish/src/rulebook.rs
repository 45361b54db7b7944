//! `fiw rules skirmish`: every numbered section of the text (and those the reading numbers
//! where the print lost them), what fiw does for it in the project's own words, where it lives
//! and the tests that show it; and every assumed value: the charts' bases and the scenarios'
//! values (read from the data files, so they cannot drift) and the readings made in code.

use crate::scenario::{Scenario, SCENARIOS};
use crate::troops::charts;
use fiw_engine::{AssumedValue, RuleBook, Sec};

include!("rulebook_sections.rs");

/// Every section, where it lives and its tests, and every assumed value.
pub fn rulebook() -> RuleBook {
    let mut assumed = Vec::new();
    for (base, fp, why) in charts().bases() {
        assumed.push(AssumedValue {
            name: format!("{} base", base.word()),
            value: format!("{}\" x {}\"", fp.frontage(), fp.depth()),
            reason: why.to_string(),
        });
    }
    for (name, _) in SCENARIOS {
        if let Ok(s) = Scenario::named(name) {
            for (what, why) in &s.assumed {
                let (name, value) = match what.split_once(" = ") {
                    Some((n, v)) => (n.to_string(), v.to_string()),
                    None => (what.clone(), "as in the scenario file".to_string()),
                };
                assumed.push(AssumedValue {
                    name,
                    value,
                    reason: why.clone(),
                });
            }
        }
    }
    for (name, value, reason) in READINGS {
        assumed.push(AssumedValue {
            name: name.to_string(),
            value: value.to_string(),
            reason: reason.to_string(),
        });
    }
    RuleBook::new(SECTIONS, assumed)
}

/// The rule book as Markdown: the text of `docs/rules/skirmish.md`.
pub fn markdown(book: &RuleBook) -> String {
    book.markdown(
        "The skirmish rules: as fiw implements them",
        "Generated from `crates/skirmish/src/rulebook.rs`, `rulebook_sections.rs` and the data \
         files (the same text `fiw rules skirmish` prints); do not edit by hand. Regenerate with\n\
         `FIW_BLESS=1 cargo test -p fiw-skirmish rulebook`.\n\n\
         Section numbers are the text's; where the print lost one, the project's reading \
         (shared/rules/skirmish.md §0.3) assigns it: 5.2 the movement chart, 5.3 manhandling, 5.4 \
         measuring and wheeling, 5.5 friends, enemies and retreats, 7.2 difficult ground (printed \
         as a second 7.3), 8.3 the to-hit table, 8.4 buildings and melees, 11.2 the melee \
         modifiers. S1, S2 and S3 are the scenarios' own rules. Summaries are the project's own \
         words; code paths are relative to the workspace root.\n\n",
        "none",
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn root() -> &'static Path {
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../"))
    }

    /// Every code path and item, and every test, the book names exists; every section has a
    /// test; every assumed value has a value and a reason.
    #[test]
    fn every_reference_exists() {
        let book = rulebook();
        for s in &book.sections {
            assert!(!s.tests.is_empty(), "section {} has no test", s.section);
        }
        let bad = book.unresolved_references(root());
        assert!(bad.is_empty(), "{}", bad.join("\n"));
        assert!(book.assumed.len() > 60, "{}", book.assumed.len());
        for a in &book.assumed {
            assert!(
                !a.value.trim().is_empty() && !a.reason.trim().is_empty(),
                "{}",
                a.name
            );
        }
        for scenario in ["Relief Column", "Raid", "Siege Sortie"] {
            assert!(
                book.assumed.iter().any(|a| a.name.starts_with(scenario)),
                "{scenario}"
            );
        }
        // every numbered section of the text, 1.1 to 13.2
        for want in [
            "1.1", "1.2", "2.1", "3.1", "3.2", "3.3", "4.1", "4.2", "4.3", "4.4", "5.1", "5.2",
            "5.3", "5.4", "5.5", "5.6", "5.7", "5.8", "6.1", "6.2", "6.3", "7.1", "7.2", "7.3",
            "7.4", "7.5", "7.6", "7.7", "7.8", "8.1", "8.2", "8.3", "8.4", "8.5", "9.1", "9.2",
            "9.3", "9.4", "9.5", "10.1", "10.2", "10.3", "10.4", "10.5", "10.6", "10.7", "11.1",
            "11.2", "11.3", "12.1", "12.2", "12.3", "12.4", "12.5", "13.1", "13.2", "S1", "S2",
            "S3",
        ] {
            assert!(
                book.sections.iter().any(|s| s.section == want),
                "section {want} missing"
            );
        }
    }

    /// `docs/rules/skirmish.md` is `markdown(&rulebook())`; `FIW_BLESS=1` rewrites it.
    #[test]
    fn the_docs_match_the_rulebook() {
        let regenerate = "FIW_BLESS=1 cargo test -p fiw-skirmish rulebook";
        RuleBook::check_doc(
            root(),
            "docs/rules/skirmish.md",
            &markdown(&rulebook()),
            regenerate,
        )
        .unwrap_or_else(|e| panic!("{e}"));
    }
}
