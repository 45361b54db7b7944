//! The menu a player decides from, as text: the board from the seat's side, then the legal
//! actions numbered, each with the game's note (the odds) beside it; a long menu one line a
//! group (D3: a unit), and one group's actions on asking (`moves NAME`).

use fiw_engine::Seat;
use fiw_host::games::HostGame;

/// The longest menu shown whole; a longer one whose game groups its actions (D3: by unit) is
/// shown one line a group, and `moves NAME` lists a group.
pub const FULL_MENU: usize = 40;

/// The board and the choices of `seat`.
pub fn decision<G: HostGame>(state: &G, seat: Seat, legal: &[G::Action]) -> String {
    let mut s = String::from("\n");
    s += state.render(seat).trim_end();
    s += "\n\n";
    s += &format!(
        "{} to decide, turn {}:\n",
        state.seat_name(seat),
        state.turn()
    );
    if legal.len() > FULL_MENU && legal.iter().any(|a| state.menu_group(a).is_some()) {
        s += &groups(state, legal);
        return s;
    }
    let numbered: Vec<usize> = (0..legal.len()).collect();
    s += &listed(state, legal, &numbered);
    s += "Type a number or an action ('help' for commands).\n";
    s
}

/// The actions `which` of `legal`, one a line with its number and the game's note (solitaire:
/// the odds of an attack) beside it, never in its text.
pub fn listed<G: HostGame>(state: &G, legal: &[G::Action], which: &[usize]) -> String {
    let width = which
        .iter()
        .map(|&i| state.action_text(&legal[i]).chars().count())
        .max()
        .unwrap_or(0);
    let mut s = String::new();
    for &i in which {
        let a = &legal[i];
        let text = state.action_text(a);
        match state.action_note(a) {
            Some(note) => s += &format!("  {:>3}. {text:<width$}   {note}\n", i + 1),
            None => s += &format!("  {:>3}. {text}\n", i + 1),
        }
    }
    s
}

/// One line of a long menu: a group's name, its choice numbers, and how many of each verb.
struct MenuGroup {
    name: String,
    numbers: Vec<usize>,
    verbs: Vec<(String, usize)>,
}

/// A long menu, one line a group (D3: a unit) with the numbers of its actions and what they
/// are, then the actions of no group (`pass`) in full.
fn groups<G: HostGame>(state: &G, legal: &[G::Action]) -> String {
    // groups in the order they first appear, each with its choice numbers and verbs
    let mut groups: Vec<MenuGroup> = Vec::new();
    let mut loose = Vec::new();
    for (i, a) in legal.iter().enumerate() {
        let Some(name) = state.menu_group(a) else {
            loose.push(i);
            continue;
        };
        let verb = state
            .action_text(a)
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_string();
        let at = match groups.iter().position(|g| g.name == name) {
            Some(at) => at,
            None => {
                groups.push(MenuGroup {
                    name,
                    numbers: Vec::new(),
                    verbs: Vec::new(),
                });
                groups.len() - 1
            }
        };
        let g = &mut groups[at];
        g.numbers.push(i + 1);
        match g.verbs.iter_mut().find(|(v, _)| *v == verb) {
            Some((_, n)) => *n += 1,
            None => g.verbs.push((verb, 1)),
        }
    }
    let width = groups
        .iter()
        .map(|g| g.name.chars().count())
        .max()
        .unwrap_or(0);
    let spans: Vec<String> = groups.iter().map(|g| ranges(&g.numbers)).collect();
    let span_width = spans.iter().map(|s| s.chars().count()).max().unwrap_or(0);
    let mut s = format!(
        "  {} choices, by {} ('moves NAME' lists one {}'s with their numbers):\n",
        legal.len(),
        G::GROUP,
        G::GROUP
    );
    for (g, span) in groups.iter().zip(&spans) {
        let what = g
            .verbs
            .iter()
            .map(|(v, n)| {
                if *n == 1 {
                    v.clone()
                } else {
                    format!("{v} ×{n}")
                }
            })
            .collect::<Vec<_>>()
            .join(", ");
        s += &format!("  {:<width$}  {span:<span_width$}  {what}\n", g.name);
    }
    for i in loose {
        s += &format!("  {:>3}. {}\n", i + 1, state.action_text(&legal[i]));
    }
    s += &format!(
        "Type a number, an action, 'moves NAME' for one {}'s choices, or 'help'.\n",
        G::GROUP
    );
    s
}

/// The numbers of the actions of group `name`.
pub fn group_of<G: HostGame>(state: &G, legal: &[G::Action], name: &str) -> Vec<usize> {
    (0..legal.len())
        .filter(|i| state.menu_group(&legal[*i]).as_deref() == Some(name))
        .collect()
}

/// Choice numbers as short ranges: `1-12, 15, 17-18`.
pub fn ranges(numbers: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut k = 0;
    while k < numbers.len() {
        let start = numbers[k];
        let mut end = start;
        while k + 1 < numbers.len() && numbers[k + 1] == end + 1 {
            k += 1;
            end = numbers[k];
        }
        parts.push(if end == start {
            start.to_string()
        } else {
            format!("{start}-{end}")
        });
        k += 1;
    }
    parts.join(", ")
}

/// Typed text quoted back, cut short if long.
pub fn clip(text: &str) -> String {
    const MAX: usize = 60;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        text.chars().take(MAX).collect::<String>() + "…"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choice_numbers_are_shown_as_ranges() {
        assert_eq!(ranges(&[1, 2, 3, 5, 7, 8]), "1-3, 5, 7-8");
        assert_eq!(ranges(&[4]), "4");
        assert_eq!(ranges(&[]), "");
    }

    #[test]
    fn long_text_is_clipped() {
        assert_eq!(clip("short"), "short");
        assert_eq!(clip(&"x".repeat(100)).chars().count(), 61);
    }
}
