//! The table as an SVG drawing (`fiw play skirmish --svg FILE`): terrain, fences and walls,
//! buildings with their doors and windows and their smoke, every figure on its base (British
//! red, French blue, leaders marked), a selected unit's field of fire.
//!
//! The drawing is for one side's screen: its own hidden units are drawn, dashed and faint, the
//! enemy's never; drawn for nobody (`viewer` None) it shows what both sides may see.

use crate::formation::Formation;
use crate::scenario::{FeatureKind, Side};
use crate::state::Skirmish;
use crate::troops::Role;
use fiw_table::{Arc, Kind, Point};

const SCALE: f64 = 12.0;

fn fill(kind: Kind) -> &'static str {
    match kind {
        Kind::Woods => "#7fa86a",
        Kind::Brush => "#b7c98f",
        Kind::Rocks => "#a9a39a",
        Kind::River | Kind::Lake => "#7fb0d8",
        Kind::Ford => "#a8cbe4",
        Kind::Bridge => "#9b7b55",
        Kind::Road => "#d8c8a0",
        Kind::Field => "#efe6b8",
        Kind::Hill => "#d9c9a8",
        Kind::Marsh => "#9fbfa8",
        Kind::FortWall => "#8a8075",
        Kind::Entrenchment => "#b59b74",
        Kind::Town => "#c9a98a",
    }
}

impl Skirmish {
    fn pts(&self, pts: &[Point]) -> String {
        let depth = self.scenario.layout.bounds().depth();
        pts.iter()
            .map(|p| format!("{:.1},{:.1}", p.x * SCALE, (depth - p.y) * SCALE))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The drawing, with unit `selected` (if any) marked and its field of fire shaded.
pub fn svg(g: &Skirmish, viewer: Option<Side>, selected: Option<usize>) -> String {
    let b = g.scenario.layout.bounds();
    let (w, h) = (b.width() * SCALE, b.depth() * SCALE);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{h:.0}\" viewBox=\"0 0 {w:.0} {h:.0}\" font-family=\"sans-serif\">\n<title>{} — turn {}</title>\n<rect width=\"{w:.0}\" height=\"{h:.0}\" fill=\"#e9efd2\"/>\n",
        esc(&g.scenario.name),
        g.turn
    );
    for t in g.scenario.layout.terrain() {
        s += &format!(
            "<polygon points=\"{}\" fill=\"{}\" stroke=\"#5a5a4a\" stroke-width=\"0.5\"><title>{}</title></polygon>\n",
            g.pts(t.polygon.points()),
            fill(t.kind),
            esc(t.label())
        );
    }
    for f in &g.scenario.features {
        if let (Some(a), false) = (&f.area, f.kind == FeatureKind::Building) {
            let color = match f.kind {
                FeatureKind::DeadGround => "#c8c0a0",
                FeatureKind::Thicket | FeatureKind::SteepRocky => "#5d7d4a",
                FeatureKind::Highway => "#d0bb88",
                _ => "#cdbf96",
            };
            s += &format!(
                "<polygon points=\"{}\" fill=\"{color}\" fill-opacity=\"0.7\" stroke=\"#5a5a4a\" stroke-width=\"0.5\"><title>{}</title></polygon>\n",
                g.pts(a.points()),
                esc(&f.label())
            );
        }
    }
    for o in &g.obstacles {
        let f = &g.scenario.features[o.feature as usize];
        let (color, width, dash) = match f.kind {
            FeatureKind::Fence => ("#6b4f2a", 1.5, "4,2"),
            FeatureKind::Hedge => ("#3f6b2a", 3.0, ""),
            FeatureKind::LowWall | FeatureKind::HighWall => ("#777", 3.0, ""),
            FeatureKind::Stream => ("#4f8fc8", 3.0, ""),
            FeatureKind::Abatis => ("#5b3d1d", 4.0, "2,2"),
            FeatureKind::Earthwork => ("#8b6d44", 5.0, ""),
            _ => ("#555", 2.0, "6,3"),
        };
        s += &format!(
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{color}\" stroke-width=\"{width}\" stroke-dasharray=\"{dash}\"><title>{}</title></polyline>\n",
            g.pts(o.line.points()),
            esc(&f.label())
        );
    }
    // 13.2 pontoons that span, 7.4 crossing points made
    for d in &g.works.decks {
        s += &format!(
            "<polygon points=\"{}\" fill=\"#a07a4a\" stroke=\"#5a3a1a\" stroke-width=\"1\"><title>a pontoon bridge</title></polygon>\n",
            g.pts(d.points())
        );
    }
    for &(feature, s0, s1) in &g.works.crossings {
        if let Some(o) = g.obstacles.iter().find(|o| o.feature == feature) {
            s += &format!(
                "<polyline points=\"{}\" fill=\"none\" stroke=\"#d8c8a0\" stroke-width=\"4\"><title>a crossing point</title></polyline>\n",
                g.pts(&[o.line.at(s0), o.line.at(s1)])
            );
        }
    }
    for f in &g.scenario.features {
        if f.kind == FeatureKind::Trail {
            if let Some(l) = &f.line {
                s += &format!(
                    "<polyline points=\"{}\" fill=\"none\" stroke=\"#b09a70\" stroke-width=\"3\" stroke-dasharray=\"2,3\"/>\n",
                    g.pts(l.points())
                );
            }
        }
    }
    for (k, st) in g.buildings.iter().enumerate() {
        let f = &g.scenario.features[st.feature as usize];
        let Some(floor) = &f.area else { continue };
        let color = if st.burned { "#3a3030" } else { "#b98a5a" };
        s += &format!(
            "<polygon points=\"{}\" fill=\"{color}\" stroke=\"#3a2a1a\" stroke-width=\"2\"><title>{}{}</title></polygon>\n",
            g.pts(floor.points()),
            esc(&g.building_name(k)),
            if st.burned { " (burned)".to_string() } else if st.puffs > 0 { format!(" ({} puffs)", st.puffs) } else { String::new() }
        );
        for gap in 0..st.walls.gaps().len() {
            if let Some(c) = st.walls.gap_centre(gap) {
                let p = g.pts(&[c]);
                let (x, y) = p.split_once(',').unwrap_or(("0", "0"));
                s += &format!(
                    "<circle cx=\"{x}\" cy=\"{y}\" r=\"3\" fill=\"#f2e6c8\" stroke=\"#3a2a1a\"/>\n"
                );
            }
        }
        for p in 0..st.puffs.min(4) {
            let (lo, hi) = floor.bounds();
            let c = Point::new((lo.x + hi.x) / 2.0, (lo.y + hi.y) / 2.0)
                + fiw_table::heading(g.scenario.wind) * (1.5 * f64::from(p + 1));
            let q = g.pts(&[c]);
            let (x, y) = q.split_once(',').unwrap_or(("0", "0"));
            s += &format!(
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"9\" fill=\"#888\" fill-opacity=\"0.5\"/>\n"
            );
        }
    }
    let seen = |u: usize| !g.units[u].hidden || viewer == Some(g.units[u].side);
    if let Some(u) = selected.filter(|&u| u < g.units.len() && seen(u)) {
        for f in g.table_figures(u) {
            if g.units[u].formation.is_formed() {
                let area = g.bases[f].arc_area(Arc::FRONT_45, b);
                if area.len() >= 3 {
                    s += &format!(
                        "<polygon points=\"{}\" fill=\"#ffee88\" fill-opacity=\"0.08\"/>\n",
                        g.pts(&area)
                    );
                }
            }
        }
    }
    for u in 0..g.units.len() {
        let unit = &g.units[u];
        if !seen(u) || !unit.in_play() {
            continue;
        }
        // one's own concealed unit: dashed and faint, as the enemy cannot see it
        let concealed = if unit.hidden {
            " stroke-dasharray=\"2 1.5\" fill-opacity=\"0.45\""
        } else {
            ""
        };
        let color = match unit.side {
            Side::British => "#c0392b",
            Side::French => "#2e5fa8",
        };
        let mark = selected == Some(u);
        for f in g.table_figures(u) {
            let rect = g.bases[f];
            let role = g.figures[f].role;
            let inner = match role {
                Role::Gun => "#222",
                Role::Wagon => "#6b4f2a",
                Role::Woman => "#e8a0c0",
                _ if role.is_leader() => "#f4d03f",
                _ => color,
            };
            s += &format!(
                "<polygon points=\"{}\" fill=\"{inner}\" stroke=\"{}\" stroke-width=\"{}\"{concealed}><title>{} ({}{})</title></polygon>\n",
                g.pts(&rect.corners()),
                if mark { "#000" } else { color },
                if mark { 1.5 } else { 0.8 },
                esc(&g.figure_id(f)),
                role.word(),
                if unit.hidden { ", hidden from the enemy" } else { "" }
            );
        }
        let figs: Vec<usize> = g.table_figures(u).collect();
        if let Some(&f) = figs.first() {
            let at = g.figures[f].pose.at + Point::new(0.0, 1.0);
            let q = g.pts(&[at]);
            let (x, y) = q.split_once(',').unwrap_or(("0", "0"));
            let label = match unit.formation {
                Formation::Building(_) => format!("{} (in)", g.id(u)),
                _ => g.id(u).to_string(),
            };
            s += &format!(
                "<text x=\"{x}\" y=\"{y}\" font-size=\"9\" fill=\"#111\">{}</text>\n",
                esc(&label)
            );
        }
    }
    s += "</svg>\n";
    s
}

fn esc(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Options;
    use fiw_engine::Game;

    /// A side's own concealed unit is on its drawing; the enemy's drawing and the drawing for
    /// nobody never show it, nor let it be selected.
    #[test]
    fn a_hidden_unit_is_drawn_for_its_own_side_only() {
        for scenario in ["relief-column", "raid", "siege-sortie"] {
            let options = Options {
                scenario: scenario.into(),
                ..Options::default()
            };
            let g = Skirmish::new(&options, 7).unwrap();
            let Some(u) = (0..g.units.len()).find(|&u| g.units[u].hidden && g.units[u].in_play())
            else {
                continue;
            };
            let own = g.units[u].side;
            let enemy = match own {
                Side::British => Side::French,
                Side::French => Side::British,
            };
            let f = g
                .table_figures(u)
                .next()
                .expect("a hidden unit has figures");
            let id = format!("<title>{} (", esc(&g.figure_id(f)));
            let mine = svg(&g, Some(own), Some(u));
            assert!(
                mine.contains(&id),
                "{scenario}: its own side does not see it"
            );
            assert!(mine.contains("hidden from the enemy"), "{scenario}");
            for drawing in [svg(&g, Some(enemy), Some(u)), svg(&g, None, Some(u))] {
                assert!(!drawing.contains(&id), "{scenario}: the enemy sees it");
                assert!(!drawing.contains("hidden from the enemy"), "{scenario}");
            }
            return;
        }
        panic!("no scenario has a hidden unit at set-up");
    }
}
