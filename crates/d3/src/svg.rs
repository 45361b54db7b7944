//! A drawing of the table as SVG: terrain, every unit on the table as its base turned to its
//! facing, and for a selected unit its field of fire at its range and its 6" zone.
//!
//! The SVG is written as text rather than through a charting library: every shape here is a
//! polygon, a line or a circular arc whose exact table coordinates we already have, and writing
//! them directly keeps the drawing exact (a rotated base is its four corners, a field of fire is
//! two straight sides and two arcs of the range) and the bytes the same for the same state, with
//! numbers printed to a tenth of a pixel. The table's `y` grows north; SVG's grows down, so every
//! point is flipped on the way out.

use crate::scenario::Army;
use crate::state::D3;
use crate::units::{units, Type};
use fiw_engine::{Game, Outcome};
use fiw_table::{Kind, Point, Rect};
use std::fmt::Write;

/// Pixels to the inch.
const SCALE: f64 = 10.0;
/// Margin west of the table (and east of it), pixels: room for the inch marks.
const LEFT: f64 = 40.0;
/// Margin north of the table, pixels: the title.
const TOP: f64 = 44.0;
/// Room under the table for the inch marks, before the legend.
const UNDER: f64 = 28.0;
/// The 6" zone round a unit (Movement, Disengaging): where an enemy stops a move and engages.
pub const ZONE: f64 = 6.0;

/// The table's flip: inches to pixels.
struct Frame {
    depth: f64,
}

impl Frame {
    fn x(&self, x: f64) -> String {
        num(LEFT + x * SCALE)
    }

    fn y(&self, y: f64) -> String {
        num(TOP + (self.depth - y) * SCALE)
    }

    fn xy(&self, p: Point) -> String {
        format!("{},{}", self.x(p.x), self.y(p.y))
    }

    fn points(&self, pts: &[Point]) -> String {
        pts.iter()
            .map(|p| self.xy(*p))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// A number to a tenth, never `-0`.
fn num(v: f64) -> String {
    let r = (v * 10.0).round() / 10.0;
    let r = if r == 0.0 { 0.0 } else { r };
    let s = format!("{r:.1}");
    s.strip_suffix(".0").map(str::to_string).unwrap_or(s)
}

/// Text made safe for an XML element (names from a scenario file: the only attribute built
/// from data is a unit's id, which the scenario checks holds letters, digits and '-').
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    out
}

/// How a kind of ground is painted: fill, outline, and the pattern laid over it, if any.
fn paint(kind: Kind) -> (&'static str, &'static str, Option<&'static str>) {
    match kind {
        Kind::Woods => ("#7fae6a", "#3f6b32", Some("url(#trees)")),
        Kind::Town => ("#c9a27e", "#7a5636", None),
        Kind::Marsh => ("#a9c7a4", "#5d7f58", Some("url(#reeds)")),
        Kind::Lake => ("#9cc8e8", "#4f86b3", None),
        Kind::River => ("#8dbde2", "#4f86b3", None),
        Kind::Ford => ("#cfe6f4", "#4f86b3", None),
        Kind::Bridge => ("#a88b68", "#5e4a33", None),
        Kind::Hill => ("#e0cf9a", "#a89257", None),
        Kind::Road => ("#d9c9a6", "#a8946a", None),
        Kind::Entrenchment => ("#b59a72", "#5b4327", Some("url(#earth)")),
        Kind::FortWall => ("#6b5a48", "#3a2e22", None),
        Kind::Field => ("#eee6b8", "#c4b97a", None),
        Kind::Brush => ("#b4c07e", "#6f7a3e", None),
        Kind::Rocks => ("#b3b0a8", "#6d6a63", None),
    }
}

/// An army's colours: the base's fill and its outline.
fn army_paint(army: Army) -> (&'static str, &'static str) {
    match army {
        Army::British => ("#c8312a", "#6e1511"),
        Army::French => ("#2f5fae", "#12305e"),
    }
}

/// The ground within `d` inches of a base (edge to edge): the base grown by `d`, its corners
/// rounded, as an SVG path going clockwise on the page.
fn grown(f: &Frame, r: &Rect, d: f64) -> String {
    let [fl, fr, rr, rl] = r.corners();
    let (a, s) = (r.pose().ahead(), r.pose().right());
    let rad = num(d * SCALE);
    let arc = |to: Point| format!(" A{rad},{rad} 0 0 1 {}", f.xy(to));
    let mut p = format!("M{}", f.xy(fl + a * d));
    p += &format!(" L{}", f.xy(fr + a * d));
    p += &arc(fr + s * d);
    p += &format!(" L{}", f.xy(rr + s * d));
    p += &arc(rr - a * d);
    p += &format!(" L{}", f.xy(rl - a * d));
    p += &arc(rl - s * d);
    p += &format!(" L{}", f.xy(fl - s * d));
    p += &arc(fl + a * d);
    p + " Z"
}

/// The 45° field of fire out to `range` inches from the front edge (Shooting): the ground in
/// the arc within range of the base, which is the strip straight ahead of the front edge and a
/// 45° sector of the range round each front corner.
fn field_of_fire(f: &Frame, r: &Rect, range: f64) -> String {
    let [fl, fr, _, _] = r.corners();
    let (a, s) = (r.pose().ahead(), r.pose().right());
    let c = std::f64::consts::FRAC_1_SQRT_2;
    let (left, right) = ((a - s) * c, (a + s) * c);
    let rad = num(range * SCALE);
    format!(
        "M{} L{} A{rad},{rad} 0 0 1 {} L{} A{rad},{rad} 0 0 1 {} L{} Z",
        f.xy(fl),
        f.xy(fl + left * range),
        f.xy(fl + a * range),
        f.xy(fr + a * range),
        f.xy(fr + right * range),
        f.xy(fr)
    )
}

/// The table extent of some points: west, east, south and north.
fn extent(pts: &[Point]) -> (f64, f64, f64, f64) {
    pts.iter().fold(
        (
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ),
        |(x0, x1, lo, hi), p| (x0.min(p.x), x1.max(p.x), lo.min(p.y), hi.max(p.y)),
    )
}

/// Screen boxes `[x0, y0, x1, y1]` of unit `i`: its base, and its name under it (the name's
/// centre and baseline are the box's middle and bottom, less [`NAME_DESCENT`]). The name is
/// centred under the base but kept on the table: a unit standing at the west or east edge
/// would otherwise have half its name drawn past the edge of the table.
fn unit_boxes(game: &D3, i: usize, depth: f64, width: f64) -> ([f64; 4], [f64; 4]) {
    let (x0, x1, lo, hi) = extent(&game.rect(i).corners());
    let sx = |x: f64| LEFT + x * SCALE;
    let sy = |y: f64| TOP + (depth - y) * SCALE;
    let bbox = [sx(x0), sy(hi), sx(x1), sy(lo)];
    let u = &game.units()[i];
    let chars = game.id(i).chars().count() + if u.hits > 0 { 7 } else { 0 };
    let half = chars as f64 * UNIT_CHAR / 2.0;
    let centre = (bbox[0] + bbox[2]) / 2.0;
    // (a name wider than the table stays centred)
    let mid = if 2.0 * half <= width * SCALE {
        centre.clamp(sx(0.0) + half, sx(width) - half)
    } else {
        centre
    };
    // the name goes on the side of the base away from its front, where the shooting marker
    // is drawn: under a base that faces up the page, over one that faces down it; on the
    // other side if another unit's base stands where it would go and not there
    let r = game.rect(i);
    let faces_down = r.front_centre().y < r.centre().y - 1e-9;
    let label = |above: bool| {
        let base = if above {
            bbox[1] - 2.0 - NAME_DESCENT
        } else {
            bbox[3] + 8.5
        };
        [mid - half, base - 7.0, mid + half, base + NAME_DESCENT]
    };
    let blocked = |b: &[f64; 4]| {
        (0..game.units().len()).any(|j| {
            if j == i || game.units()[j].eliminated {
                return false;
            }
            let (a0, a1, l, h) = extent(&game.rect(j).corners());
            overlap(b, &[sx(a0), sy(h), sx(a1), sy(l)])
        })
    };
    // failing both, beside the base, west then east, on the table
    let baseline = (bbox[1] + bbox[3]) / 2.0 + 3.0;
    let beside = |left: bool| {
        let (x0, x1) = if left {
            (bbox[0] - 2.0 - 2.0 * half, bbox[0] - 2.0)
        } else {
            (bbox[2] + 2.0, bbox[2] + 2.0 + 2.0 * half)
        };
        [x0, baseline - 7.0, x1, baseline + NAME_DESCENT]
    };
    let on_table = |b: &[f64; 4]| b[0] >= sx(0.0) && b[2] <= sx(width);
    let first = label(faces_down);
    let name = [label(!faces_down), beside(true), beside(false)]
        .into_iter()
        .find(|b| blocked(&first) && !blocked(b) && on_table(b))
        .unwrap_or(first);
    (bbox, name)
}

/// How far a unit's name box reaches below the baseline, pixels.
const NAME_DESCENT: f64 = 1.5;

/// Width of a character of a unit's name, pixels (7.5 px type), for keeping names apart.
const UNIT_CHAR: f64 = 4.3;
/// Width of a character of a terrain's name (9 px italic type).
const TERRAIN_CHAR: f64 = 4.9;

fn overlap(a: &[f64; 4], b: &[f64; 4]) -> bool {
    a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
}

/// Where a piece of terrain's name goes, as (x, baseline, text-anchor): the first of above
/// it, just inside its top, below it, to its west, to its east, and a line further below or
/// above, that stays on the table
/// and clear of every box in `taken` (the units, their names, the names already placed), or
/// above it if none is. The box it takes is added to `taken`.
fn place_name(
    pts: &[Point],
    name: &str,
    depth: f64,
    width: f64,
    taken: &mut Vec<[f64; 4]>,
) -> (f64, f64, &'static str) {
    let (x0, x1, lo, hi) = extent(pts);
    let sx = |x: f64| LEFT + x * SCALE;
    let sy = |y: f64| TOP + (depth - y) * SCALE;
    let w = name.chars().count() as f64 * TERRAIN_CHAR;
    let mid = sx((x0 + x1) / 2.0);
    let middle = sy((lo + hi) / 2.0) + 3.0;
    let candidates = [
        (mid, sy(hi) - 3.0, "middle"),
        (mid, sy(hi) + 12.0, "middle"),
        (mid, sy(lo) + 11.0, "middle"),
        (sx(x0) - 4.0, middle, "end"),
        (sx(x1) + 4.0, middle, "start"),
        // a line further out, past the names of the units at its edge
        (mid, sy(lo) + 21.0, "middle"),
        (mid, sy(hi) - 12.0, "middle"),
    ];
    let boxed = |(x, y, anchor): (f64, f64, &str)| {
        let left = match anchor {
            "end" => x - w,
            "start" => x,
            _ => x - w / 2.0,
        };
        [left, y - 8.0, left + w, y + 2.0]
    };
    let table = [sx(0.0), sy(depth), sx(width), sy(0.0)];
    let fits =
        |b: &[f64; 4]| b[0] >= table[0] && b[2] <= table[2] && b[1] >= table[1] && b[3] <= table[3];
    let chosen = candidates
        .iter()
        .copied()
        .find(|c| {
            let b = boxed(*c);
            fits(&b) && !taken.iter().any(|t| overlap(t, &b))
        })
        .unwrap_or(if fits(&boxed(candidates[0])) {
            candidates[0]
        } else {
            candidates[1]
        });
    taken.push(boxed(chosen));
    chosen
}

/// The SVG drawing of the battle as it stands, with `selected` (a unit number, as in
/// [`D3::units`]) showing its field of fire at its range (all round in a town) and its 6"
/// zone. Eliminated units are left off. The same state and selection give the same bytes.
pub fn svg(game: &D3, selected: Option<usize>) -> String {
    let scenario = game.scenario();
    let layout = &scenario.layout;
    let (width, depth) = (layout.bounds().width(), layout.bounds().depth());
    let f = Frame { depth };
    let table_w = width * SCALE;
    let table_h = depth * SCALE;
    let page_w = LEFT * 2.0 + table_w;
    let mut kinds: Vec<Kind> = layout.terrain().iter().map(|t| t.kind).collect();
    kinds.sort();
    kinds.dedup();
    let selected = selected.filter(|i| game.units().get(*i).is_some_and(|u| !u.eliminated));
    // the legend: terrain kinds on this table, the armies, the marks, four to a row
    let mut items: Vec<String> = Vec::new();
    let swatch = |fill: &str, stroke: &str, pattern: Option<&str>| {
        let mut g = format!(r#"<rect width="18" height="11" fill="{fill}" stroke="{stroke}"/>"#);
        if let Some(p) = pattern {
            g += &format!(r#"<rect width="18" height="11" fill="{p}"/>"#);
        }
        g
    };
    for k in &kinds {
        let (fill, stroke, pattern) = paint(*k);
        let word = match k {
            Kind::Entrenchment => "entrenchment (fort, earthworks)",
            other => other.word(),
        };
        items.push(format!(
            r#"{}<text x="24" y="9">{}</text>"#,
            swatch(fill, stroke, pattern),
            escape(word)
        ));
    }
    for army in Army::BOTH {
        let (fill, stroke) = army_paint(army);
        let who = &scenario.armies[army.seat()].commander;
        items.push(format!(
            r#"{}<text x="24" y="9">{} ({})</text>"#,
            swatch(fill, stroke, None),
            capital(army.id()),
            escape(who)
        ));
    }
    items.push(r##"<rect width="18" height="11" fill="#999"/><line x1="0" y1="0" x2="18" y2="0" stroke="#111" stroke-width="2.6"/><text x="24" y="9">front edge</text>"##.into());
    items.push(r##"<rect width="18" height="11" fill="#999" stroke="#ffe04a" stroke-width="3"/><text x="24" y="9">in cover</text>"##.into());
    items.push(r##"<circle cx="9" cy="5.5" r="4" fill="#fff" stroke="#888"/><text x="24" y="9">shooting marker</text>"##.into());
    items.push(r##"<rect width="18" height="11" fill="#999"/><rect x="3" y="-2" width="12" height="15" fill="none" stroke="#111" stroke-width="1.4" stroke-dasharray="3,2"/><text x="24" y="9">in square</text>"##.into());
    match selected {
        Some(i) => {
            let u = &game.units()[i];
            let reach = match units().get(u.kind).range {
                Some(range) => format!("{}: field of fire to {}\", 6\" zone dashed", game.id(i), num(range)),
                None => format!("{}: 6\" zone dashed (does not shoot)", game.id(i)),
            };
            items.push(format!(r##"<rect width="18" height="11" fill="#f2c14e" fill-opacity="0.4" stroke="#c9951c"/><text x="24" y="9">{}</text>"##, escape(&reach)));
        }
        None => items.push(r##"<rect width="18" height="11" fill="none" stroke="#333" stroke-dasharray="4,2"/><text x="24" y="9">no unit selected</text>"##.into()),
    }
    let legend_top = TOP + table_h + UNDER;
    let page_h = legend_top + items.len().div_ceil(4) as f64 * 20.0 + 6.0;

    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" viewBox="0 0 {} {}" font-family="DejaVu Sans, Verdana, sans-serif">"#,
        num(page_w),
        num(page_h),
        num(page_w),
        num(page_h)
    );
    s += "<defs>\n";
    s += r##"<pattern id="trees" width="12" height="12" patternUnits="userSpaceOnUse"><circle cx="4" cy="4" r="2.6" fill="#4f8440"/><circle cx="10" cy="10" r="2.2" fill="#4f8440"/></pattern>"##;
    s += "\n";
    s += r##"<pattern id="reeds" width="10" height="8" patternUnits="userSpaceOnUse"><path d="M2 7 V3 M5 7 V2 M8 7 V4" stroke="#5d7f58" stroke-width="0.8"/></pattern>"##;
    s += "\n";
    s += r##"<pattern id="earth" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><path d="M0 0 V6" stroke="#7d623f" stroke-width="1.6"/></pattern>"##;
    s += "\n";
    let _ = writeln!(
        s,
        r#"<clipPath id="table"><rect x="{}" y="{}" width="{}" height="{}"/></clipPath>"#,
        num(LEFT),
        num(TOP),
        num(table_w),
        num(table_h)
    );
    s += "</defs>\n";
    let _ = writeln!(
        s,
        r##"<rect width="{}" height="{}" fill="#ffffff"/>"##,
        num(page_w),
        num(page_h)
    );

    // the title: where the battle stands
    let title = match game.outcome() {
        Some(end) => format!("{}: {}", scenario.name, crate::svg::ending(&end)),
        None => format!(
            "{}: round {} of {}, {} {} phase",
            scenario.name,
            game.round(),
            scenario.turns,
            capital(game.active().id()),
            game.phase().word()
        ),
    };
    let _ = writeln!(
        s,
        r##"<text x="{}" y="18" font-size="14" font-weight="bold" fill="#222">{}</text>"##,
        num(LEFT),
        escape(&title)
    );
    let _ = writeln!(
        s,
        r##"<text x="{}" y="34" font-size="11" fill="#444">resolve: British {} of {}, French {} of {}</text>"##,
        num(LEFT),
        game.resolve(Army::British),
        game.start_resolve(Army::British),
        game.resolve(Army::French),
        game.start_resolve(Army::French)
    );

    // the table, its squares and the inch marks along the south and west edges
    let _ = writeln!(
        s,
        r##"<rect x="{}" y="{}" width="{}" height="{}" fill="#eef1dd"/>"##,
        num(LEFT),
        num(TOP),
        num(table_w),
        num(table_h)
    );
    let step = layout.grid().map_or(6.0, |g| g.cell());
    if let Some(g) = layout.grid() {
        s += r##"<g stroke="#c9ccb6" stroke-width="0.6">"##;
        for c in 1..g.cols() {
            let x = f.x(c as f64 * g.cell());
            let _ = write!(
                s,
                r#"<line x1="{x}" y1="{}" x2="{x}" y2="{}"/>"#,
                f.y(depth),
                f.y(0.0)
            );
        }
        for r in 1..g.rows() {
            let y = f.y(r as f64 * g.cell());
            let _ = write!(
                s,
                r#"<line x1="{}" y1="{y}" x2="{}" y2="{y}"/>"#,
                f.x(0.0),
                f.x(width)
            );
        }
        s += "</g>\n";
    }
    s += r##"<g font-size="9" fill="#666" text-anchor="middle">"##;
    let marks = |length: f64| {
        (0..)
            .map(move |k| k as f64 * step)
            .take_while(move |v| *v <= length + 1e-9)
    };
    for x in marks(width) {
        let _ = write!(
            s,
            r#"<text x="{}" y="{}">{}</text>"#,
            f.x(x),
            num(TOP + table_h + 12.0),
            num(x)
        );
    }
    for y in marks(depth) {
        let _ = write!(
            s,
            r#"<text x="{}" y="{}" text-anchor="end">{}</text>"#,
            num(LEFT - 4.0),
            num(TOP + (depth - y) * SCALE + 3.0),
            num(y)
        );
    }
    let _ = write!(
        s,
        r#"<text x="{}" y="{}">inches</text>"#,
        f.x(width / 2.0),
        num(TOP + table_h + 24.0)
    );
    s += "</g>\n";
    // north is up
    let (nx, ny) = (LEFT + table_w + 20.0, TOP + 14.0);
    let _ = writeln!(
        s,
        r##"<g fill="#333"><path d="M{} {} L{} {} L{} {} Z"/><text x="{}" y="{}" font-size="11" font-weight="bold" text-anchor="middle">N</text></g>"##,
        num(nx),
        num(ny - 12.0),
        num(nx - 5.0),
        num(ny + 2.0),
        num(nx + 5.0),
        num(ny + 2.0),
        num(nx),
        num(ny + 14.0)
    );

    // terrain, in the order of the file, then its names
    s += r#"<g clip-path="url(#table)">"#;
    s += "\n";
    for t in layout.terrain() {
        let (fill, stroke, pattern) = paint(t.kind);
        let pts = f.points(t.polygon.points());
        let width = if t.kind == Kind::Entrenchment || t.kind == Kind::FortWall {
            "2.2"
        } else {
            "1"
        };
        let _ = write!(
            s,
            r#"<polygon points="{pts}" fill="{fill}" stroke="{stroke}" stroke-width="{width}" stroke-linejoin="round"/>"#
        );
        if let Some(p) = pattern {
            let _ = write!(s, r#"<polygon points="{pts}" fill="{p}" stroke="none"/>"#);
        }
        s += "\n";
    }
    s += "</g>\n";
    // names of terrain, placed clear of the units and their names where one of a few places is
    let mut taken: Vec<[f64; 4]> = Vec::new();
    for (i, u) in game.units().iter().enumerate() {
        if !u.eliminated {
            let (bbox, label) = unit_boxes(game, i, depth, width);
            taken.push(bbox);
            taken.push(label);
        }
    }
    s += r##"<g font-size="9" font-style="italic" fill="#3b3326">"##;
    for t in layout.terrain().iter().filter(|t| t.name.is_some()) {
        let (x, y, anchor) = place_name(t.polygon.points(), t.label(), depth, width, &mut taken);
        let weight = if t.kind == Kind::Entrenchment && t.polygon.area() >= 60.0 {
            r#" font-weight="bold""#
        } else {
            ""
        };
        let _ = write!(
            s,
            r#"<text x="{}" y="{}" text-anchor="{anchor}"{weight}>{}</text>"#,
            num(x),
            num(y),
            escape(t.label())
        );
    }
    s += "</g>\n";

    // the selected unit's field of fire at its range and its 6" zone, under the bases
    if let Some(i) = selected {
        let u = &game.units()[i];
        let r = game.rect(i);
        s += r#"<g clip-path="url(#table)">"#;
        if let Some(range) = units().get(u.kind).range {
            let in_town = game.stands_in_kind(Kind::Town, &r);
            let d = if in_town {
                grown(&f, &r, range)
            } else {
                field_of_fire(&f, &r, range)
            };
            let _ = write!(
                s,
                r##"<path d="{d}" fill="#f2c14e" fill-opacity="0.28" stroke="#c9951c" stroke-width="1.2"/>"##
            );
        }
        let _ = write!(
            s,
            r##"<path d="{}" fill="none" stroke="#333" stroke-width="1" stroke-dasharray="5,3"/>"##,
            grown(&f, &r, ZONE)
        );
        s += "</g>\n";
    }

    // the units: base, marks and facing; then their names and hits
    let mut names = String::new();
    for (i, u) in game.units().iter().enumerate() {
        if u.eliminated {
            continue;
        }
        let r = game.rect(i);
        let (fill, stroke) = army_paint(u.army);
        let corners = r.corners();
        let pts = f.points(&corners);
        let id = escape(game.id(i));
        let _ = write!(s, r#"<g id="unit-{id}">"#);
        if game.in_cover(i) {
            let _ = write!(
                s,
                r##"<polygon points="{pts}" fill="none" stroke="#ffe04a" stroke-width="5" stroke-linejoin="round"/>"##
            );
        }
        if Some(i) == selected {
            let _ = write!(
                s,
                r##"<polygon points="{pts}" fill="none" stroke="#ff8c00" stroke-width="7" stroke-linejoin="round" stroke-opacity="0.8"/>"##
            );
        }
        let _ = write!(
            s,
            r#"<polygon points="{pts}" fill="{fill}" stroke="{stroke}" stroke-width="1"/>"#
        );
        s += &symbol(&f, &r, u.kind);
        // the front edge, drawn thick
        let [fl, fr, _, _] = corners;
        let _ = write!(
            s,
            r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#111" stroke-width="2.6" stroke-linecap="round"/>"##,
            f.x(fl.x),
            f.y(fl.y),
            f.x(fr.x),
            f.y(fr.y)
        );
        if u.square {
            // a square drawn round the centre, its side the frontage
            let half = r.footprint().frontage() / 2.0;
            let c = r.centre();
            let (a, rt) = (r.pose().ahead(), r.pose().right());
            let sq = [
                c + (a - rt) * half,
                c + (a + rt) * half,
                c - (a - rt) * half,
                c - (a + rt) * half,
            ];
            let _ = write!(
                s,
                r##"<polygon points="{}" fill="none" stroke="#111" stroke-width="1.4" stroke-dasharray="3,2"/>"##,
                f.points(&sq)
            );
        }
        if u.engaged_with
            .is_some_and(|t| game.units().get(t as usize).is_some_and(|v| !v.eliminated))
        {
            // the shooting marker: a puff of smoke at the front
            let p = r.front_centre() + r.pose().ahead() * 0.6;
            let _ = write!(
                s,
                r##"<circle cx="{}" cy="{}" r="4" fill="#ffffff" stroke="#888" stroke-width="0.8"/>"##,
                f.x(p.x),
                f.y(p.y)
            );
        }
        s += "</g>\n";
        // the name under the base, its hits after it: drawn once every base is down, so that
        // no base hides a name
        let (_, label) = unit_boxes(game, i, depth, width);
        let (x, y) = ((label[0] + label[2]) / 2.0, label[3] - NAME_DESCENT);
        let hits = if u.hits > 0 {
            format!(
                r##"<tspan dx="3" fill="#b00000" font-weight="bold">{}</tspan>"##,
                crate::words::hits(u.hits)
            )
        } else {
            String::new()
        };
        let _ = writeln!(
            names,
            r#"<text id="name-{id}" x="{}" y="{}">{id}{hits}</text>"#,
            num(x),
            num(y)
        );
    }
    s += r##"<g font-size="7.5" text-anchor="middle" fill="#111" stroke="#ffffff" stroke-width="2" stroke-opacity="0.75" paint-order="stroke">"##;
    s += "\n";
    s += &names;
    s += "</g>\n";

    let col_w = table_w / 4.0;
    s += r##"<g font-size="10" fill="#222">"##;
    s += "\n";
    for (k, item) in items.iter().enumerate() {
        let (row, col) = (k / 4, k % 4);
        let _ = writeln!(
            s,
            r#"<g transform="translate({},{})">{item}</g>"#,
            num(LEFT + col as f64 * col_w),
            num(legend_top + row as f64 * 20.0)
        );
    }
    s += "</g>\n";
    s += "</svg>\n";
    s
}

/// The unit shown selected in the drawing of the Fort Oswego set-up.
pub const SETUP_SELECTED: &str = "br-art";

/// The drawing of the Fort Oswego set-up checked in as docs/fort-oswego.svg (the fort's gun
/// selected, to show a field of fire): the example `fort_oswego_svg` writes it, and a test
/// keeps the file equal to it.
pub fn fort_oswego_setup() -> String {
    match D3::new(&crate::Options::default(), 1) {
        Ok(g) => svg(&g, g.unit_named(SETUP_SELECTED)),
        Err(e) => format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\"><text>{}</text></svg>\n",
            escape(&e.to_string())
        ),
    }
}

/// The map symbol inside a base, turned with it: crossed diagonals for foot (doubled for
/// veterans, dashed for skirmishers), one diagonal for horse, a gun's dot, a commander's star.
fn symbol(f: &Frame, r: &Rect, kind: Type) -> String {
    let [fl, fr, rr, rl] = r.corners();
    let line = |a: Point, b: Point, extra: &str| {
        format!(
            r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#ffffff" stroke-width="0.9"{extra}/>"##,
            f.x(a.x),
            f.y(a.y),
            f.x(b.x),
            f.y(b.y)
        )
    };
    let c = r.centre();
    match kind {
        Type::Line => line(fl, rr, "") + &line(fr, rl, ""),
        Type::Veteran => {
            let inset = |p: Point| c + (p - c) * 0.72;
            let [a, b, cc, d] = [fl, fr, rr, rl].map(inset);
            line(fl, rr, "")
                + &line(fr, rl, "")
                + &format!(
                    r##"<polygon points="{}" fill="none" stroke="#ffffff" stroke-width="0.9"/>"##,
                    f.points(&[a, b, cc, d])
                )
        }
        Type::Skirmishers => {
            line(fl, rr, r#" stroke-dasharray="2,1.5""#)
                + &line(fr, rl, r#" stroke-dasharray="2,1.5""#)
        }
        Type::Cavalry => line(rl, fr, ""),
        Type::Artillery => format!(
            r##"<circle cx="{}" cy="{}" r="5" fill="#ffffff"/>"##,
            f.x(c.x),
            f.y(c.y)
        ),
        Type::Commander => format!(
            r##"<circle cx="{}" cy="{}" r="3.5" fill="#ffd84a" stroke="#111" stroke-width="0.6"/>"##,
            f.x(c.x),
            f.y(c.y)
        ),
    }
}

/// The end of the battle in words: who won, on which round, and why.
fn ending(o: &Outcome) -> String {
    let who = match o.winner {
        Some(0) => "British victory",
        Some(_) => "French victory",
        None => "a draw",
    };
    format!("{who} on round {}: {}", o.turn, o.reason)
}

fn capital(word: &str) -> String {
    let mut c = word.chars();
    match c.next() {
        Some(first) => first.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_printed_to_a_tenth_and_never_as_minus_zero() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(12.345), "12.3");
        assert_eq!(num(-0.01), "0");
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; \"c\"");
    }

    /// 2026-12-01 #19 (the drawing): at the Fort Oswego set-up no unit's name is written over
    /// another unit's base (fr-reg-3b's ran into fr-gen's).
    #[test]
    fn n19_no_name_lies_on_another_units_base_at_the_set_up() {
        let game = D3::new(&crate::Options::default(), 1).unwrap();
        let (depth, width) = {
            let b = game.scenario().layout.bounds();
            (b.depth(), b.width())
        };
        let n = game.units().len();
        for i in 0..n {
            let (_, label) = unit_boxes(&game, i, depth, width);
            for j in (0..n).filter(|&j| j != i) {
                let (bbox, _) = unit_boxes(&game, j, depth, width);
                assert!(
                    !overlap(&label, &bbox),
                    "{}'s name lies on {}'s base",
                    game.id(i),
                    game.id(j)
                );
            }
        }
    }
}
