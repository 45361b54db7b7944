//! The board as text, from one side's view: the turn and the cards, the unit acting, and every
//! unit the side knows of with its place, formation, strength and markers.

use crate::game::View;
use crate::state::Skirmish;

/// The board as `view`'s side sees it.
pub fn render(view: &View, game: &Skirmish) -> String {
    let mut s = format!(
        "{}: turn {} of {}; {}\n",
        view.scenario, view.turn, view.turns, view.phase
    );
    if !view.cards.is_empty() {
        s += &format!(
            "  cards this turn: {} ({} red and {} black to come)\n",
            view.cards.join(" "),
            view.cards_left[0],
            view.cards_left[1]
        );
    }
    if let Some(a) = &view.acting {
        s += &format!("  acting: {a}");
        if let Some(st) = &view.stage {
            s += &format!(" ({st})");
        }
        if let Some(c) = &view.control {
            s += &format!("; its check: it may {c}");
        }
        if let Some((allow, spent)) = view.moving {
            s += &format!(
                "; move {allow:.1}\", {:.1}\" left",
                (allow - spent).max(0.0)
            );
        }
        s += "\n";
    }
    if let Some(c) = &view.charge {
        s += &format!("  charge: {c}\n");
    }
    s += &format!(
        "  companies lost: British {} of {}, French {} of {}{}\n",
        view.lost[0].0,
        view.lost[0].1,
        view.lost[1].0,
        view.lost[1].1,
        if view.burned > 0 {
            format!("; buildings burned {}", view.burned)
        } else {
            String::new()
        }
    );
    for side in fiw_engine::Side::BOTH {
        s += &format!("  {}:\n", side.name());
        for u in view.units.iter().filter(|u| u.side == side) {
            let on: Vec<_> = u.figures.iter().filter(|f| f.on_table).collect();
            let at = if on.is_empty() {
                if u.figures.is_empty() {
                    "-".to_string()
                } else {
                    "off the table".to_string()
                }
            } else {
                let n = on.len() as f64;
                let (x, y) = on
                    .iter()
                    .fold((0.0, 0.0), |(x, y), f| (x + f.pose.at.x, y + f.pose.at.y));
                format!("{:>5.1},{:>5.1}", x / n, y / n)
            };
            let leaders: Vec<String> = u
                .figures
                .iter()
                .filter_map(|f| {
                    f.personality
                        .map(|p| format!("{} {}", f.role.word(), p.word()))
                })
                .collect();
            s += &format!(
                "    {:<14} {:<10} {:<15} at {} facing {:>3.0}  {}/{} men{}{}, {} held{}{}\n",
                u.id,
                u.troop.word(),
                u.formation,
                at,
                u.facing,
                u.men,
                u.men_at_start,
                if u.women > 0 {
                    format!(
                        ", {} in the cabin",
                        crate::wording::count(u.women as u64, "woman", "women")
                    )
                } else {
                    String::new()
                },
                match u.troop {
                    crate::troops::Troop::Artillery => " and the gun",
                    crate::troops::Troop::Wagon => " and the wagon",
                    _ => "",
                },
                u.holding,
                if u.marks.is_empty() {
                    String::new()
                } else {
                    format!("  ({})", u.marks.join(", "))
                },
                if leaders.is_empty() {
                    String::new()
                } else {
                    format!("  [{}]", leaders.join(", "))
                }
            );
        }
    }
    if view.hidden_enemies > 0 {
        s += &format!(
            "  and {} enemy units hidden from you\n",
            view.hidden_enemies
        );
    }
    for (name, puffs, burned) in &view.buildings {
        if *puffs > 0 || *burned {
            s += &format!(
                "  {name}: {}\n",
                if *burned {
                    "burned down".to_string()
                } else {
                    format!("on fire, {puffs} puffs")
                }
            );
        }
    }
    for (name, done, over) in &view.sites {
        s += &format!(
            "  {name}: {done} periods of work{}\n",
            if *over { ", done" } else { "" }
        );
    }
    // 13.2, 7.4 the works the table allows beyond the sites
    for w in game.works_open() {
        s += &format!("  may be made: {w}\n");
    }
    s
}
