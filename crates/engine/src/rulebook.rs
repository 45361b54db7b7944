//! What `fiw rules <game>` lists, and the one way every game writes it down, prints it as
//! Markdown and keeps its references honest.
//!
//! Each game writes its sections as a `const` table of [`Sec`] (plain `&'static str`s, so the
//! table costs nothing until asked for) and its assumed values from its data files and code.
//! Tests in each game call [`RuleBook::unresolved_references`] (every code path and item, and
//! every test named, exists) and [`RuleBook::check_doc`] (the checked-in Markdown is current),
//! so a renamed function or test cannot leave the rulebook pointing at nothing.

use serde::{Deserialize, Serialize};
use std::path::Path;

/// One section of a rulebook as fiw implements it, for `fiw rules`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RuleSection {
    /// Section number as printed (`"8.3.1"`).
    pub section: String,
    /// Section title.
    pub title: String,
    /// What the rule does, in the project's own words.
    pub summary: String,
    /// Where it lives in the code (`crates/louisbourg/src/moves.rs`).
    pub code: Vec<String>,
    /// Tests that show it (`tests/rulebook.rs::road_limits_8_3_1`).
    pub tests: Vec<String>,
}

/// A value the rule text does not print, chosen by the project.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AssumedValue {
    /// What it is (`road white-point – black-rock`).
    pub name: String,
    /// The value chosen.
    pub value: String,
    /// Why it was chosen.
    pub reason: String,
}

/// Everything `fiw rules <game>` lists.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct RuleBook {
    /// The sections, in rulebook order.
    pub sections: Vec<RuleSection>,
    /// Every assumed value, with its reason.
    pub assumed: Vec<AssumedValue>,
}

/// A section as a game writes it in its source.
#[derive(Clone, Copy, Debug)]
pub struct Sec {
    /// Section number or heading as the text gives it.
    pub section: &'static str,
    /// Title (the heading again when the text has no numbers).
    pub title: &'static str,
    /// The project's own words; may be wrapped over lines, runs of white space become one.
    pub summary: &'static str,
    /// `path` or `path: item, item` (functions, constants, statics or types defined in that
    /// file), relative to the workspace root.
    pub code: &'static [&'static str],
    /// `path::test` or `path::module::test`.
    pub tests: &'static [&'static str],
}

impl From<&Sec> for RuleSection {
    fn from(s: &Sec) -> RuleSection {
        RuleSection {
            section: s.section.into(),
            title: s.title.into(),
            summary: squash(s.summary),
            code: s.code.iter().map(|c| c.to_string()).collect(),
            tests: s.tests.iter().map(|t| t.to_string()).collect(),
        }
    }
}

/// Runs of white space (a summary wrapped in the source) become one space.
pub fn squash(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

impl RuleBook {
    /// The book of these sections and assumed values.
    pub fn new(sections: &[Sec], assumed: Vec<AssumedValue>) -> RuleBook {
        RuleBook {
            sections: sections.iter().map(RuleSection::from).collect(),
            assumed,
        }
    }

    /// The book as Markdown, the text of a game's `docs/rules/<game>.md`: `heading`, the
    /// `preamble` paragraphs, the table of sections (`untested` stands in a section's tests
    /// cell when it lists none), then the assumed values.
    pub fn markdown(&self, heading: &str, preamble: &str, untested: &str) -> String {
        let cell = |s: &str| s.replace('|', "\\|");
        let list = |v: &[String]| {
            if v.is_empty() {
                "—".to_string()
            } else {
                v.iter()
                    .map(|x| format!("`{}`", cell(x)))
                    .collect::<Vec<_>>()
                    .join("<br>")
            }
        };
        let mut s = format!("# {heading}\n\n{preamble}");
        s += &format!("## Sections ({})\n\n", self.sections.len());
        s += "| section | summary | code | tests |\n|---|---|---|---|\n";
        for r in &self.sections {
            s += &format!(
                "| {} {} | {} | {} | {} |\n",
                r.section,
                cell(&r.title),
                cell(&r.summary),
                list(&r.code),
                if r.tests.is_empty() {
                    untested.to_string()
                } else {
                    list(&r.tests)
                }
            );
        }
        s += &format!(
            "\n## Assumed values ({})\n\nValues the rule text does not print, and readings of rules it leaves open.\n\n",
            self.assumed.len()
        );
        s += "| name | value | reason |\n|---|---|---|\n";
        for a in &self.assumed {
            s += &format!(
                "| {} | {} | {} |\n",
                cell(&a.name),
                cell(&a.value),
                cell(&a.reason)
            );
        }
        s
    }

    /// Every reference of the book that points at nothing under the workspace `root`: a code
    /// path that is not there, an item not defined in its file, a test (or its module) not in
    /// its file, or a test name that is not marked as a test. Empty when all hold.
    pub fn unresolved_references(&self, root: &Path) -> Vec<String> {
        let mut bad = Vec::new();
        for s in &self.sections {
            for c in &s.code {
                let (path, items) = c.split_once(": ").unwrap_or((c.as_str(), ""));
                if items.is_empty() {
                    if !root.join(path).exists() {
                        bad.push(format!("{}: no file {path}", s.section));
                    }
                    continue;
                }
                let Ok(text) = std::fs::read_to_string(root.join(path)) else {
                    bad.push(format!("{}: no file {path}", s.section));
                    continue;
                };
                for item in items.split(", ").map(str::trim) {
                    let item = item.rsplit("::").next().unwrap_or(item);
                    if !defines(&text, item) {
                        bad.push(format!("{}: {path} defines no `{item}`", s.section));
                    }
                }
            }
            for t in &s.tests {
                let Some((path, rest)) = t.split_once("::") else {
                    bad.push(format!("{}: '{t}' is not path::test", s.section));
                    continue;
                };
                let Ok(text) = std::fs::read_to_string(root.join(path)) else {
                    bad.push(format!("{}: no file {path}", s.section));
                    continue;
                };
                let mut parts: Vec<&str> = rest.split("::").collect();
                let name = parts.pop().unwrap_or_default();
                for m in parts {
                    if !text.contains(&format!("mod {m} ")) {
                        bad.push(format!("{}: {path} has no module {m}", s.section));
                    }
                }
                match text.find(&format!("fn {name}(")) {
                    None => bad.push(format!("{}: {path} has no test {name}", s.section)),
                    Some(at) => {
                        // a test, not a helper: `#[test]` just above, or in a proptest block above
                        let before = &text[..at];
                        let attr = before
                            .rfind("#[test]")
                            .is_some_and(|i| before[i..].lines().count() <= 3);
                        if !attr && !before.contains(concat!("proptest", "! {")) {
                            bad.push(format!(
                                "{}: {path}::{name} is not marked as a test",
                                s.section
                            ));
                        }
                    }
                }
            }
        }
        bad
    }

    /// Whether `doc` (relative to `root`) holds exactly `want`. With `FIW_BLESS` set in the
    /// environment it is written first, so `FIW_BLESS=1 cargo test …` regenerates it.
    ///
    /// # Errors
    /// A message naming the file and `regenerate` (the command that rewrites it).
    pub fn check_doc(root: &Path, doc: &str, want: &str, regenerate: &str) -> Result<(), String> {
        let path = root.join(doc);
        if std::env::var_os("FIW_BLESS").is_some() {
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir).map_err(|e| format!("{doc}: {e}"))?;
            }
            std::fs::write(&path, want).map_err(|e| format!("{doc}: {e}"))?;
        }
        let have = std::fs::read_to_string(&path).unwrap_or_default();
        if have == want {
            Ok(())
        } else {
            Err(format!("{doc} is out of date with its rulebook or data files: run `{regenerate}` and commit the result"))
        }
    }
}

/// A reason as a player reads it: without the source files and functions that carry it out
/// (`…; battle.rs: start_battle, end_battle`, `(rules.rs: check_move)`), which stay in the
/// terminal's `fiw rules` for those who read the code.
pub fn players_words(reason: &str) -> String {
    let is_code = |part: &str| {
        let head = part.trim().split(": ").next().unwrap_or("").trim();
        !head.contains(' ')
            && (head.ends_with(".rs")
                || head.ends_with(".toml")
                || head.ends_with(".json")
                || head.contains("crates/"))
    };
    // parentheses holding only code references go, with the space before them
    let mut out = String::new();
    let mut rest = reason;
    while let Some(open) = rest.find('(') {
        let Some(close) = rest[open..].find(')').map(|i| open + i) else {
            break;
        };
        let inner = &rest[open + 1..close];
        if !inner.is_empty() && inner.split("; ").all(is_code) {
            out.push_str(rest[..open].trim_end());
        } else {
            out.push_str(&rest[..=close]);
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    // then the parts after a semicolon that are code references
    let kept: Vec<&str> = out.split("; ").filter(|p| !is_code(p)).collect();
    squash(&kept.join("; "))
}

/// Whether `text` defines `item` as a function, constant, static or type.
fn defines(text: &str, item: &str) -> bool {
    !item.is_empty()
        && [
            format!("fn {item}("),
            format!("fn {item}<"),
            format!("const {item}:"),
            format!("static {item}:"),
            format!("enum {item} "),
            format!("struct {item} "),
            format!("trait {item} "),
        ]
        .iter()
        .any(|p| text.contains(p.as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECTIONS: &[Sec] = &[Sec {
        section: "1",
        title: "Dice",
        summary: "Rolled   with\n   the kernel's dice | always.",
        code: &[
            "crates/engine/src/dice.rs: below, Dice",
            "crates/engine/src",
        ],
        tests: &["crates/engine/src/rulebook.rs::tests::a_book_with_real_references_is_clean"],
    }];

    fn root() -> &'static Path {
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../"))
    }

    #[test]
    fn a_book_with_real_references_is_clean() {
        let book = RuleBook::new(SECTIONS, vec![]);
        assert_eq!(
            book.sections[0].summary,
            "Rolled with the kernel's dice | always."
        );
        assert_eq!(book.unresolved_references(root()), Vec::<String>::new());
    }

    #[test]
    fn every_broken_reference_is_named() {
        let broken = [Sec {
            section: "9",
            title: "Broken",
            summary: "x",
            code: &[
                "crates/engine/src/nowhere.rs",
                "crates/engine/src/dice.rs: no_such_fn",
            ],
            tests: &[
                "crates/engine/src/rulebook.rs::tests::no_such_test",
                "crates/engine/src/rulebook.rs::nomod::defines",
                "crates/engine/src/rulebook.rs::defines",
                "no-path",
            ],
        }];
        let bad = RuleBook::new(&broken, vec![]).unresolved_references(root());
        let want = [
            "no file crates/engine/src/nowhere.rs",
            "defines no `no_such_fn`",
            "has no test no_such_test",
            "has no module nomod",
            "defines is not marked as a test",
            "'no-path' is not path::test",
        ];
        for w in want {
            assert!(
                bad.iter().any(|b| b.contains(w)),
                "{w} not reported in {bad:?}"
            );
        }
        // the module check and the not-a-test check both fire for the nomod line
        assert_eq!(bad.len(), want.len() + 1, "{bad:?}");
    }

    #[test]
    fn a_players_reason_leaves_the_code_out() {
        assert_eq!(
            players_words(
                "read as the mirror of the French condition; victory.rs: sudden_death_win"
            ),
            "read as the mirror of the French condition"
        );
        assert_eq!(
            players_words("so he is not one of the units (army.rs: starting_resolve); and more"),
            "so he is not one of the units; and more"
        );
        assert_eq!(
            players_words("a; battle.rs: a, b; state.rs: c; crates/x/data/y.toml"),
            "a"
        );
        // a parenthesis of words stays
        assert_eq!(players_words("six (the text's 5)"), "six (the text's 5)");
    }

    #[test]
    fn markdown_escapes_cells_and_counts_rows() {
        let book = RuleBook::new(
            SECTIONS,
            vec![AssumedValue {
                name: "a|b".into(),
                value: "1".into(),
                reason: "why".into(),
            }],
        );
        let md = book.markdown("Title", "Preamble.\n\n", "none yet");
        assert!(
            md.starts_with("# Title\n\nPreamble.\n\n## Sections (1)\n"),
            "{md}"
        );
        assert!(md.contains("| 1 Dice | Rolled with the kernel's dice \\| always. | `crates/engine/src/dice.rs: below, Dice`<br>`crates/engine/src` |"), "{md}");
        assert!(
            md.contains("## Assumed values (1)") && md.contains("| a\\|b | 1 | why |"),
            "{md}"
        );
    }
}
