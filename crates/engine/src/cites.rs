//! Where a text a player reads (a prompt, a log line, a menu note, a refusal) names a section
//! of the game's rules, found against that game's [`RuleBook`] so that a front end can make each
//! one a link to the section without guessing at numbers in the text.
//!
//! The games write their citations in two ways, and only these are read: a parenthesis that
//! holds nothing but section numbers (`(8.1.1)`, `(10.2-10.4)`, `(7.7, 12.4)`), and a number
//! after the word rule, rules, section or `§` (`rule 7`). A number in a parenthesis with other
//! words (`(2 in all)`), or one the book does not have, is not a citation.

use crate::RuleBook;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

/// One citation: from and to (exclusive) in UTF-16 code units, which is how a browser indexes a
/// string, and the section of the book it names. Written as `[from, to, "8.1.1"]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cite(pub usize, pub usize, pub String);

/// The section numbers of one rulebook, ready to find citations with.
#[derive(Clone, Debug, Default)]
pub struct Sections {
    ids: HashSet<String>,
}

impl Sections {
    /// The sections of `book`.
    pub fn of(book: &RuleBook) -> Sections {
        Sections {
            ids: book.sections.iter().map(|s| s.section.clone()).collect(),
        }
    }

    /// The section `id` names: itself when the book has it, else the nearest enclosing section
    /// it has (a text citing `8.3.2.1` where the book stops at `8.3.2`), else none.
    pub fn section(&self, id: &str) -> Option<String> {
        let mut id = id.trim_end_matches('.');
        loop {
            if self.ids.contains(id) {
                return Some(id.to_string());
            }
            id = &id[..id.rfind('.')?];
        }
    }

    /// Every citation in `text`, in order.
    pub fn cites(&self, text: &str) -> Vec<Cite> {
        if self.ids.is_empty() || !text.bytes().any(|b| b.is_ascii_digit()) {
            return Vec::new();
        }
        let mut found: Vec<(usize, usize, String)> = Vec::new();
        // a parenthesis holding only section numbers
        let mut from = 0;
        while let Some(open) = text[from..].find('(').map(|i| from + i) {
            let Some(close) = text[open..].find(')').map(|i| open + i) else {
                break;
            };
            if let Some(ids) = self.only_sections(&text[open + 1..close], open + 1) {
                found.extend(ids);
            }
            from = open + 1;
        }
        // a number after rule, rules, section or § (the text lowered once for all the words)
        let lower = text.to_ascii_lowercase();
        for word in ["rule ", "rules ", "section ", "sections ", "§"] {
            let mut from = 0;
            while let Some(at) = find_word(&lower, word, from) {
                let start = at + word.len();
                let start = start + text[start..].len() - text[start..].trim_start().len();
                let len = id_len(&text[start..]);
                if len > 0 {
                    if let Some(s) = self.section(&text[start..start + len]) {
                        found.push((start, start + len, s));
                    }
                }
                from = start.max(at + 1);
            }
        }
        found.sort_by_key(|f| f.0);
        found.dedup_by_key(|f| f.0);
        found
            .into_iter()
            .map(|(a, b, s)| Cite(utf16_at(text, a), utf16_at(text, b), s))
            .collect()
    }

    /// The sections in `inner` (the inside of a parenthesis starting at byte `base` of the
    /// text) when it holds nothing else: numbers joined by `-`, `–`, `,`, `;` or "and".
    fn only_sections(&self, inner: &str, base: usize) -> Option<Vec<(usize, usize, String)>> {
        let mut out = Vec::new();
        let mut at = 0;
        while at < inner.len() {
            let rest = &inner[at..];
            let len = id_len(rest);
            if len > 0 {
                let s = self.section(&rest[..len])?;
                out.push((base + at, base + at + len, s));
                at += len;
                continue;
            }
            let joiner = [" and ", "–", "-", ",", ";", " "]
                .iter()
                .find(|j| rest.starts_with(**j))?;
            at += joiner.len();
        }
        (!out.is_empty()).then_some(out)
    }
}

/// The length of the section number `s` starts with (`8.3.1`, `12`, `S2`), 0 for none. A
/// number runs on through dots followed by digits; a trailing dot ends the sentence.
fn id_len(s: &str) -> usize {
    let b = s.as_bytes();
    let mut i = 0;
    if b.first() == Some(&b'S') && b.get(1).is_some_and(u8::is_ascii_digit) {
        i = 1;
    }
    let digits = |i: &mut usize| {
        let start = *i;
        while b.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i > start
    };
    if !digits(&mut i) {
        return 0;
    }
    while b.get(i) == Some(&b'.') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
        i += 1;
        digits(&mut i);
    }
    // a number glued to letters ("3d6", "2nd") is not a section
    if b.get(i).is_some_and(|c| c.is_ascii_alphabetic()) {
        return 0;
    }
    i
}

/// Where `word` stands in `lower` (a text in lower case: the match ignores case) from byte
/// `from` on as a word of its own (not the end of another word: "overrule 3" cites nothing).
fn find_word(lower: &str, word: &str, from: usize) -> Option<usize> {
    let mut at = from;
    while let Some(i) = lower.get(at..)?.find(word).map(|i| at + i) {
        let before = lower[..i].chars().next_back();
        if word == "§" || !before.is_some_and(char::is_alphanumeric) {
            return Some(i);
        }
        at = i + word.len();
    }
    None
}

/// The UTF-16 offset of byte `at` of `text`.
fn utf16_at(text: &str, at: usize) -> usize {
    text[..at].encode_utf16().count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Sec;
    use proptest::prelude::*;

    fn book() -> Sections {
        const SECS: &[Sec] = &[
            Sec {
                section: "7",
                title: "",
                summary: "",
                code: &[],
                tests: &[],
            },
            Sec {
                section: "8.1.1",
                title: "",
                summary: "",
                code: &[],
                tests: &[],
            },
            Sec {
                section: "8.3",
                title: "",
                summary: "",
                code: &[],
                tests: &[],
            },
            Sec {
                section: "10.2",
                title: "",
                summary: "",
                code: &[],
                tests: &[],
            },
            Sec {
                section: "10.4",
                title: "",
                summary: "",
                code: &[],
                tests: &[],
            },
            Sec {
                section: "13",
                title: "",
                summary: "",
                code: &[],
                tests: &[],
            },
        ];
        Sections::of(&RuleBook::new(SECS, vec![]))
    }

    fn cited(text: &str) -> Vec<(String, String)> {
        let u: Vec<u16> = text.encode_utf16().collect();
        book()
            .cites(text)
            .into_iter()
            .map(|Cite(a, b, s)| (String::from_utf16_lossy(&u[a..b]), s))
            .collect()
    }

    fn pair(a: &str, b: &str) -> (String, String) {
        (a.to_string(), b.to_string())
    }

    #[test]
    fn a_parenthesis_of_section_numbers_cites_each() {
        assert_eq!(
            cited("The British land as planned (7)."),
            vec![pair("7", "7")]
        );
        assert_eq!(
            cited("hits are taken (10.2-10.4), then (8.1.1, 13)"),
            vec![
                pair("10.2", "10.2"),
                pair("10.4", "10.4"),
                pair("8.1.1", "8.1.1"),
                pair("13", "13")
            ]
        );
    }

    #[test]
    fn numbers_among_other_words_or_missing_from_the_book_cite_nothing() {
        assert!(cited("4 units (2 in all) roll 3d6 (5) (9.9) (7a)").is_empty());
        assert!(cited("no parenthesis 8.1.1 here").is_empty());
    }

    #[test]
    fn rule_and_section_words_cite_the_number_after_them() {
        assert_eq!(
            cited("See rule 7. Rules 13 and §8.3"),
            vec![pair("7", "7"), pair("13", "13"), pair("8.3", "8.3")]
        );
        assert!(cited("overrule 7").is_empty());
    }

    #[test]
    fn a_subsection_the_book_lacks_cites_its_nearest_section() {
        assert_eq!(cited("a road (8.3.2)"), vec![pair("8.3.2", "8.3")]);
    }

    #[test]
    fn offsets_count_utf16_units_as_a_browser_does() {
        // "—" and "é" are one unit each, "𝄞" two
        let text = "é — 𝄞 (13)";
        let c = book().cites(text);
        assert_eq!(c, vec![Cite(8, 10, "13".into())]);
    }

    proptest! {
        /// Whatever the text, the citations lie inside it, in order, apart, and name sections
        /// the book has; nothing panics on any text.
        #[test]
        fn citations_lie_in_the_text_and_name_the_books_sections(text in "[ -~é—()§0-9.,;-]{0,80}") {
            let b = book();
            let n = text.encode_utf16().count();
            let mut last = 0;
            for Cite(a, z, s) in b.cites(&text) {
                prop_assert!(a >= last && a < z && z <= n);
                prop_assert!(b.ids.contains(&s));
                last = z;
            }
        }
    }
}
