//! 4 formations as the engine keeps them (the reading's §0.2): the figures are the truth for
//! every measure, and a formed unit's figures stand in the slots of its formation, which the
//! engine lays out again after every move and every loss (the front refilled from the rear).
//!
//! - **Line** (4.3): ranks facing one way, files a base's width plus 0.2" apart (so at most an
//!   inch a file for a foot base, as 4.3 asks), ranks a base's depth plus 0.2" apart; the
//!   anchor is the middle of the front edge; a short rear rank is centred.
//! - **Column** (4.4): ranks of one or two along a path: the head (the anchor) leads and every
//!   rank follows the trail it left, so a column turns where its head turned and needs no
//!   wheel (the reading's "snake").
//! - **Skirmish order** (4.2): figures stand where they are put; the order holds when they make
//!   one chain in which each figure is within 2" of another (edge to edge) and no two are
//!   closer than 1".
//! - **Battery**: a gun with its crew in a row behind it, moved as one.
//! - **Disordered** (after a shattered retreat or a charge, 12.1, 6.1) and **in a building**
//!   (7.5): figures stand where they are, each on its own.

use fiw_table::{bearing, heading, Footprint, Point, Pose, Rect, EPS};
use serde::{Deserialize, Serialize};

/// 4.2 the least gap between skirmishers, edge to edge.
pub const SKIRMISH_GAP_MIN: f64 = 1.0;
/// 4.2 the most gap between a skirmisher and the next, edge to edge.
pub const SKIRMISH_GAP_MAX: f64 = 2.0;
/// The gap between files and between ranks of a formed unit, edge to edge (assumed: with a
/// 0.8" base it makes the inch a file of 4.3).
pub const CLOSE_GAP: f64 = 0.2;
/// The gap set-up and formation changes leave between skirmishers (the least 4.2 allows, so
/// a band stays as compact as the rule lets it).
pub const SKIRMISH_SPACING: f64 = 1.0;

/// A unit's formation, as the engine maintains it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Formation {
    /// 4.2 skirmish order.
    Skirmish,
    /// 4.3 line, 1 to 3 ranks.
    Line {
        /// Ranks deep.
        ranks: u8,
    },
    /// 4.4 column of 1 or 2 files.
    Column {
        /// Files wide.
        width: u8,
    },
    /// A gun and its crew.
    Battery,
    /// Broken by a charge or a shattered retreat: figures as they stand, until a rally.
    Disordered,
    /// 7.5 inside building `0` (its index among the scenario's buildings).
    Building(u8),
}

impl Formation {
    /// Line and column: close order (14.4).
    pub fn is_close_order(self) -> bool {
        matches!(self, Formation::Line { .. } | Formation::Column { .. })
    }

    /// Whether the engine lays the figures out in slots (line, column, battery).
    pub fn is_formed(self) -> bool {
        matches!(
            self,
            Formation::Line { .. } | Formation::Column { .. } | Formation::Battery
        )
    }

    /// The word in messages and data.
    pub fn word(self) -> String {
        match self {
            Formation::Skirmish => "skirmish order".into(),
            Formation::Line { ranks } => format!("line {ranks} deep"),
            Formation::Column { width } => format!("column of {width}"),
            Formation::Battery => "battery".into(),
            Formation::Disordered => "disorder".into(),
            Formation::Building(_) => "a building".into(),
        }
    }
}

/// The slots of a line of `n` figures `ranks` deep, front rank first, left to right as the
/// line faces; `anchor` is the middle of the front edge and the line's facing.
pub fn line_slots(n: usize, ranks: u8, anchor: Pose, base: Footprint) -> Vec<Pose> {
    let ranks = usize::from(ranks.max(1));
    let files = n.div_ceil(ranks).max(1);
    let (fp, rp) = (base.frontage() + CLOSE_GAP, base.depth() + CLOSE_GAP);
    let (ahead, right) = (anchor.ahead(), anchor.right());
    let mut out = Vec::with_capacity(n);
    for r in 0..ranks {
        let in_rank = files.min(n.saturating_sub(r * files));
        if in_rank == 0 {
            break;
        }
        let back = base.depth() / 2.0 + r as f64 * rp;
        for f in 0..in_rank {
            let across = (f as f64 - (in_rank as f64 - 1.0) / 2.0) * fp;
            let at = anchor.at - ahead * back + right * across;
            out.push(Pose::new(at.x, at.y, anchor.facing));
        }
    }
    out
}

/// How many files a line of `n` figures `ranks` deep has.
pub fn files(n: usize, ranks: u8) -> usize {
    n.div_ceil(usize::from(ranks.max(1))).max(1)
}

/// The frontage of a line of `n` figures `ranks` deep on bases of `base`, edge to edge.
pub fn line_frontage(n: usize, ranks: u8, base: Footprint) -> f64 {
    let f = files(n, ranks) as f64;
    f * base.frontage() + (f - 1.0) * CLOSE_GAP
}

/// The point `s` inches back along the path that starts at `head` and runs through `trail`,
/// and the facing there (towards the head); beyond the trail's end the path runs on straight,
/// in the direction of its last piece (or behind `facing` if the trail is empty).
pub fn along_trail(head: Point, facing: f64, trail: &[Point], s: f64) -> Pose {
    let mut from = head;
    let mut left = s;
    let mut dir = -heading(facing);
    for &p in trail {
        let d = from.dist(p);
        if d <= EPS {
            continue;
        }
        let v = (p - from) * (1.0 / d);
        dir = v;
        if left <= d {
            let at = from + v * left;
            return Pose::new(at.x, at.y, bearing(p, from));
        }
        left -= d;
        from = p;
    }
    let at = from + dir * left;
    Pose::new(at.x, at.y, bearing(at, at - dir))
}

/// The slots of a column of `n` figures `width` wide whose head (the middle of its front edge)
/// is `head`, following `trail` (points behind the head, nearest first).
pub fn column_slots(
    n: usize,
    width: u8,
    head: Pose,
    trail: &[Point],
    base: Footprint,
) -> Vec<Pose> {
    let width = usize::from(width.clamp(1, 2));
    let (fp, rp) = (base.frontage() + CLOSE_GAP, base.depth() + CLOSE_GAP);
    let mut out = Vec::with_capacity(n);
    let ranks = n.div_ceil(width);
    for r in 0..ranks {
        let centre = along_trail(
            head.at,
            head.facing,
            trail,
            base.depth() / 2.0 + r as f64 * rp,
        );
        let in_rank = width.min(n - r * width);
        let right = Pose::new(0.0, 0.0, centre.facing).right();
        for f in 0..in_rank {
            let across = (f as f64 - (in_rank as f64 - 1.0) / 2.0) * fp;
            let at = centre.at + right * across;
            out.push(Pose::new(at.x, at.y, centre.facing));
        }
    }
    out
}

/// How far back along its trail a column of `n` figures `width` wide reaches from its head.
pub fn column_length(n: usize, width: u8, base: Footprint) -> f64 {
    let ranks = n.div_ceil(usize::from(width.clamp(1, 2))).max(1) as f64;
    ranks * base.depth() + (ranks - 1.0) * CLOSE_GAP
}

/// Skirmishers set out in `rows` rows across `centre`'s facing, `gap` apart edge to edge,
/// centred on `centre`, the front row first.
pub fn skirmish_rows(n: usize, rows: u8, centre: Pose, base: Footprint, gap: f64) -> Vec<Pose> {
    let rows = usize::from(rows.max(1));
    let per = n.div_ceil(rows).max(1);
    let (fp, rp) = (base.frontage() + gap, base.depth() + gap);
    let (ahead, right) = (centre.ahead(), centre.right());
    let used = n.div_ceil(per);
    let mut out = Vec::with_capacity(n);
    for r in 0..used {
        let in_row = per.min(n - r * per);
        let back = (r as f64 - (used as f64 - 1.0) / 2.0) * rp;
        for f in 0..in_row {
            let across = (f as f64 - (in_row as f64 - 1.0) / 2.0) * fp;
            let at = centre.at - ahead * back + right * across;
            out.push(Pose::new(at.x, at.y, centre.facing));
        }
    }
    out
}

/// A gun at `anchor` (its centre) and its crew in a row behind it.
pub fn battery_slots(crew: usize, anchor: Pose, gun: Footprint, foot: Footprint) -> Vec<Pose> {
    let mut out = vec![anchor];
    let back = gun.depth() / 2.0 + CLOSE_GAP + foot.depth() / 2.0;
    let behind = Pose::new(
        anchor.at.x - anchor.ahead().x * back,
        anchor.at.y - anchor.ahead().y * back,
        anchor.facing,
    );
    out.extend(line_slots(
        crew,
        1,
        Pose::new(
            behind.at.x + anchor.ahead().x * foot.depth() / 2.0,
            behind.at.y + anchor.ahead().y * foot.depth() / 2.0,
            anchor.facing,
        ),
        foot,
    ));
    out
}

/// 4.2 whether figures on `bases` stand in skirmish order: no two closer than 1", and all one
/// chain in which each is within 2" of another (edge to edge). `None` when they do, or the
/// first fault in words.
pub fn skirmish_fault(bases: &[Rect]) -> Option<String> {
    let n = bases.len();
    for i in 0..n {
        for j in i + 1..n {
            if bases[i].distance(&bases[j]) < SKIRMISH_GAP_MIN - 1e-6 {
                return Some(format!(
                    "two figures stand {:.1}\" apart, closer than the 1\" of skirmish order",
                    bases[i].distance(&bases[j])
                ));
            }
        }
    }
    chain_fault(n, |i, j| bases[i].is_within(&bases[j], SKIRMISH_GAP_MAX))
}

/// 4.2 the one chain of skirmish order among `n` figures, `linked` saying which two are within
/// a link of each other: `None` when every figure is reached from the first, else how many
/// stand apart, in words. Written once for the figures in the open ([`skirmish_fault`]) and
/// for a unit some of whose men are inside a building (7.5), whose links run through its
/// walls.
pub fn chain_fault(n: usize, linked: impl Fn(usize, usize) -> bool) -> Option<String> {
    if n <= 1 {
        return None;
    }
    let mut reached = vec![false; n];
    reached[0] = true;
    let mut stack = vec![0];
    while let Some(i) = stack.pop() {
        for j in 0..n {
            if !reached[j] && linked(i, j) {
                reached[j] = true;
                stack.push(j);
            }
        }
    }
    let apart = reached.iter().filter(|r| !**r).count();
    (apart > 0).then(|| {
        format!(
            "{apart} figure{} more than 2\" from the rest of the chain of skirmish order",
            if apart == 1 { " stands" } else { "s stand" }
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn foot() -> Footprint {
        Footprint::new(0.8, 0.8).unwrap()
    }

    fn close(a: Point, b: Point) -> bool {
        a.dist(b) < 1e-9
    }

    #[test]
    fn a_line_stands_an_inch_a_file_and_refills_its_front() {
        // ten figures two deep facing north, the front edge's middle at (10, 10)
        let s = line_slots(10, 2, Pose::new(10.0, 10.0, 0.0), foot());
        assert_eq!(s.len(), 10);
        assert!(close(s[0].at, Point::new(8.0, 9.6)), "{:?}", s[0]);
        assert!(close(s[4].at, Point::new(12.0, 9.6)));
        assert!(
            close(s[5].at, Point::new(8.0, 8.6)),
            "the rear rank 1\" behind"
        );
        assert_eq!(files(10, 2), 5);
        assert!((line_frontage(10, 2, foot()) - 4.8).abs() < 1e-9);
        // nine figures: five in front, four centred behind
        let s = line_slots(9, 2, Pose::new(10.0, 10.0, 0.0), foot());
        assert!(close(s[5].at, Point::new(8.5, 8.6)), "{:?}", s[5]);
        // facing east, the first file is at the north end
        let s = line_slots(3, 1, Pose::new(10.0, 10.0, 90.0), foot());
        assert!(close(s[0].at, Point::new(9.6, 11.0)), "{:?}", s[0]);
    }

    #[test]
    fn a_column_follows_its_heads_trail() {
        // a column of 2 marching east whose head turned at (10, 10) from marching north
        let head = Pose::new(14.0, 10.0, 90.0);
        let trail = [Point::new(10.0, 10.0), Point::new(10.0, 0.0)];
        let s = column_slots(12, 2, head, &trail, foot());
        assert_eq!(s.len(), 12);
        // the first rank 0.4" behind the head, facing east
        assert!(close(s[0].at, Point::new(13.6, 10.5)), "{:?}", s[0]);
        assert!((s[0].facing - 90.0).abs() < 1e-9);
        // the sixth rank (5.4" back) has turned the corner: 1.4" down the north-south piece
        let r5 = along_trail(head.at, head.facing, &trail, 0.4 + 5.0);
        assert!(close(r5.at, Point::new(10.0, 8.6)), "{r5:?}");
        assert!(r5.facing.abs() < 1e-9, "facing north there");
        // past the trail's end it runs on straight
        let far = along_trail(head.at, head.facing, &trail, 100.0);
        assert!(close(far.at, Point::new(10.0, -86.0)), "{far:?}");
        assert!((column_length(12, 2, foot()) - 5.8).abs() < 1e-9);
    }

    #[test]
    fn skirmish_order_is_a_chain_an_inch_to_two_apart() {
        let rect = |x: f64, y: f64| foot().place(Pose::new(x, y, 0.0));
        let row = |gap: f64| -> Vec<Rect> {
            skirmish_rows(5, 1, Pose::new(10.0, 10.0, 0.0), foot(), gap)
                .into_iter()
                .map(|p| foot().place(p))
                .collect()
        };
        assert_eq!(skirmish_fault(&row(1.0)), None);
        assert_eq!(skirmish_fault(&row(2.0)), None);
        assert!(skirmish_fault(&row(0.9))
            .unwrap()
            .contains("closer than the 1\""));
        assert!(skirmish_fault(&row(2.1))
            .unwrap()
            .contains("4 figures stand more than 2\""));
        // a chain may bend; one figure off on its own breaks it
        let bent = [
            rect(0.0, 0.0),
            rect(2.0, 0.0),
            rect(2.0, 2.5),
            rect(2.0, 5.0),
        ];
        assert_eq!(skirmish_fault(&bent), None);
        let apart = [rect(0.0, 0.0), rect(2.0, 0.0), rect(9.0, 0.0)];
        assert!(skirmish_fault(&apart)
            .unwrap()
            .starts_with("1 figure stands"));
        assert_eq!(skirmish_fault(&[rect(0.0, 0.0)]), None);
    }

    #[test]
    fn a_battery_stands_its_crew_behind_the_gun() {
        let gun = Footprint::new(1.2, 2.0).unwrap();
        let s = battery_slots(3, Pose::new(10.0, 10.0, 0.0), gun, foot());
        assert_eq!(s.len(), 4);
        assert!(close(s[0].at, Point::new(10.0, 10.0)));
        // the crew's centres 1 + 0.2 + 0.4 behind the gun's centre
        assert!(close(s[2].at, Point::new(10.0, 8.4)), "{:?}", s[2]);
        assert!(close(s[1].at, Point::new(9.0, 8.4)));
    }
}
