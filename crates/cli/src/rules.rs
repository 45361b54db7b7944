//! `fiw rules <game> [SECTION]`: every rule section, where it lives in the code, the tests that
//! show it, and every value the rule text does not print.

use fiw_engine::{Game, RuleBook, RuleSection};
use fiw_host::{HostError, HostResult};
use std::io::{self, Write};

/// Runs `fiw rules` for game `G`.
pub fn run<G: Game>(section: Option<&str>) -> HostResult {
    let mut text = render(G::NAME, &G::rulebook(), section)?;
    if section.is_none() {
        text += &versions(G::RULES_VERSION, G::RULES_CHANGES);
    }
    io::stdout().lock().write_all(text.as_bytes())?;
    Ok(())
}

/// The rules version this build plays and what changed at each: saves and stored games record
/// the version, and one of an older version is replayed under these rules.
fn versions(current: u32, changes: &[fiw_engine::RulesChange]) -> String {
    let mut s = format!("\nRules version {current} (saves and online games record it)\n");
    if changes.is_empty() {
        s += "    no change since the first\n";
    }
    for c in changes {
        for line in c.changes {
            s += &format!("  version {}: {line}\n", c.version);
        }
    }
    s
}

/// Whether `s` is `wanted` or one of its subsections (`8.3` holds `8.3.1`, not `8.30`).
fn within(s: &RuleSection, wanted: &str) -> bool {
    s.section == wanted
        || s.section
            .strip_prefix(wanted)
            .is_some_and(|rest| rest.starts_with('.'))
}

/// The section number asked for: `wanted` itself, or the number of the section titled `wanted`
/// (any case), since a refused order names its rule by title (`Shooting`).
fn number_of<'a>(book: &'a RuleBook, wanted: &'a str) -> &'a str {
    let wanted = wanted.trim().trim_end_matches('.');
    book.sections
        .iter()
        .find(|s| s.title.eq_ignore_ascii_case(wanted))
        .map_or(wanted, |s| s.section.as_str())
}

/// The rulebook as text: every section (or one and its subsections), then the assumed values.
pub fn render(game: &str, book: &RuleBook, section: Option<&str>) -> HostResult<String> {
    let sections: Vec<&RuleSection> = match section {
        None => book.sections.iter().collect(),
        Some(wanted) => {
            let number = number_of(book, wanted);
            let found: Vec<_> = book.sections.iter().filter(|s| within(s, number)).collect();
            if found.is_empty() {
                let known = book
                    .sections
                    .iter()
                    .map(|s| s.section.as_str())
                    .collect::<Vec<_>>();
                return Err(HostError::usage(if known.is_empty() {
                    format!("no section '{wanted}' in the {game} rules (none are listed yet)")
                } else {
                    format!(
                        "no section '{wanted}' in the {game} rules (sections: {})",
                        known.join(", ")
                    )
                }));
            }
            found
        }
    };
    let mut s = String::new();
    if section.is_none() {
        s += &format!(
            "{game}: {} rule sections, {} assumed values\n\n",
            book.sections.len(),
            book.assumed.len()
        );
    }
    if sections.is_empty() {
        s += "No rule sections are listed yet.\n";
    }
    for r in &sections {
        s += &format!("{}  {}\n", r.section, r.title);
        for line in r.summary.lines() {
            s += &format!("    {line}\n");
        }
        if !r.code.is_empty() {
            s += &format!("    code:  {}\n", r.code.join(", "));
        }
        s += &format!(
            "    tests: {}\n",
            if r.tests.is_empty() {
                "none yet".to_string()
            } else {
                r.tests.join(", ")
            }
        );
        s += "\n";
    }
    if section.is_none() {
        s += "Assumed values (not printed in the rule text)\n";
        if book.assumed.is_empty() {
            s += "    none\n";
        }
        for a in &book.assumed {
            s += &format!("  {} = {}\n      {}\n", a.name, a.value, a.reason);
        }
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use fiw_engine::AssumedValue;

    fn book() -> RuleBook {
        let sec = |n: &str, t: &str| RuleSection {
            section: n.into(),
            title: t.into(),
            summary: "what it does".into(),
            code: vec!["src/moves.rs".into()],
            tests: vec![],
        };
        RuleBook {
            sections: vec![
                sec("8", "Turn"),
                sec("8.3", "Moves"),
                sec("8.3.1", "Roads"),
                sec("8.30", "Odd"),
                sec("9", "Battle"),
            ],
            assumed: vec![AssumedValue {
                name: "road a–b".into(),
                value: "dotted".into(),
                reason: "swamp".into(),
            }],
        }
    }

    #[test]
    fn one_section_brings_its_subsections_and_no_others() {
        let s = render("g", &book(), Some("8.3")).unwrap();
        assert!(
            s.contains("8.3  Moves") && s.contains("8.3.1  Roads"),
            "{s}"
        );
        assert!(
            !s.contains("8.30") && !s.contains("9  Battle") && !s.contains("Assumed"),
            "{s}"
        );
    }

    #[test]
    fn the_whole_book_ends_with_the_assumed_values() {
        let s = render("g", &book(), None).unwrap();
        assert!(
            s.contains("9  Battle") && s.contains("road a–b = dotted") && s.contains("swamp"),
            "{s}"
        );
        assert!(matches!(
            render("g", &book(), Some("77")),
            Err(HostError::Usage(_))
        ));
    }

    #[test]
    fn a_section_is_found_by_its_title_too() {
        let s = render("g", &book(), Some("moves")).unwrap();
        assert!(
            s.contains("8.3  Moves") && s.contains("8.3.1  Roads") && !s.contains("8  Turn"),
            "{s}"
        );
    }
}
