//! The D3: a six-sided die whose faces read 1, 1, 2, 2, 3, 3, so a roll is below average,
//! average or above average with one chance in three each.
//!
//! With the kernel's ordinary [`Dice`] it is rolled as a six-sided die and read through
//! [`FACES`], so a forced result in a test is the face that lands up (1–6), as on a real
//! table; [`face`] gives a face that reads a wanted D3 result. With manual dice the players
//! roll the die themselves and type what it reads, 1 to 3 (a face of 1–6 would be a second
//! reading for them to do, and a place to get it wrong): each roll says first what it is
//! for, in the rule's words, and the typed result is the D3.

use fiw_engine::Dice;

/// What each face of the die reads, face 1 first.
pub const FACES: [u8; 6] = [1, 1, 2, 2, 3, 3];

/// One D3; `label` says what it is rolled for, and is only called when people roll.
pub fn d3(dice: &mut Dice, label: impl FnOnce() -> String) -> u8 {
    if dice.is_manual() {
        dice.ask(1, 3, label);
        return read(dice);
    }
    face_read(dice)
}

/// Two D3, keeping the higher (a shooter behind an entrenchment); `label` as for [`d3`].
pub fn best_of_two(dice: &mut Dice, label: impl FnOnce() -> String) -> u8 {
    if dice.is_manual() {
        dice.ask(2, 3, label);
        let a = read(dice);
        return a.max(read(dice));
    }
    let a = face_read(dice);
    a.max(face_read(dice))
}

/// A six-sided die read as a D3 (ordinary dice: the stream saves and balance figures rest on).
fn face_read(dice: &mut Dice) -> u8 {
    // a forced face outside 1..=6 is read as the nearest face rather than trusted blindly
    let f = dice.roll(6).clamp(1, 6);
    FACES[f as usize - 1]
}

/// A D3 result typed by a person (manual dice); a queued result outside 1..=3, which no
/// checked answer is, reads as the nearest.
fn read(dice: &mut Dice) -> u8 {
    dice.roll(3).clamp(1, 3)
}

/// The chance of each result, 1 to 3, of one D3 (`best_of_two`: of the higher of two), from
/// [`FACES`]: the odds a page shows before a shot or a charge.
pub fn chances(best_of_two: bool) -> [f64; 3] {
    let at_most = |r: u8| FACES.iter().filter(|&&f| f <= r).count() as f64 / 6.0;
    let p = |r: u8| {
        if best_of_two {
            at_most(r).powi(2) - at_most(r - 1).powi(2)
        } else {
            at_most(r) - at_most(r - 1)
        }
    };
    [p(1), p(2), p(3)]
}

/// A face that reads `result` (1, 2 or 3; anything else reads as the nearest), for forcing
/// rolls in tests and worked examples.
pub fn face(result: u8) -> u8 {
    result.clamp(1, 3) * 2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chances_are_a_third_each_and_one_five_and_nine_ninths_for_the_best_of_two() {
        for (p, want) in chances(false).iter().zip([1.0 / 3.0; 3]) {
            assert!((p - want).abs() < 1e-12);
        }
        for (p, want) in chances(true).iter().zip([1.0 / 9.0, 3.0 / 9.0, 5.0 / 9.0]) {
            assert!((p - want).abs() < 1e-12);
        }
    }

    #[test]
    fn the_faces_read_one_one_two_two_three_three() {
        let mut d = Dice::new(1);
        d.force([1, 2, 3, 4, 5, 6]);
        let read: Vec<u8> = (0..6).map(|_| d3(&mut d, String::new)).collect();
        assert_eq!(read, [1, 1, 2, 2, 3, 3]);
        d.force([face(1), face(2), face(3)]);
        assert_eq!(
            [
                d3(&mut d, String::new),
                d3(&mut d, String::new),
                d3(&mut d, String::new)
            ],
            [1, 2, 3]
        );
    }

    #[test]
    fn each_result_comes_up_a_third_of_the_time() {
        let mut d = Dice::new(5);
        let mut counts = [0u32; 4];
        for _ in 0..30_000 {
            counts[d3(&mut d, String::new) as usize] += 1;
        }
        assert_eq!(counts[0], 0);
        for c in &counts[1..] {
            assert!((9_400..10_600).contains(c), "{counts:?}");
        }
    }

    #[test]
    fn two_dice_keep_the_higher() {
        let mut d = Dice::new(1);
        d.force([face(1), face(3), face(2), face(1), face(1), face(1)]);
        assert_eq!(best_of_two(&mut d, String::new), 3);
        assert_eq!(best_of_two(&mut d, String::new), 2);
        assert_eq!(best_of_two(&mut d, String::new), 1);
        assert_eq!(d.forced_left(), 0);
    }

    #[test]
    fn forced_faces_off_the_die_do_not_panic() {
        let mut d = Dice::new(1);
        d.force([0, 9]);
        assert_eq!([d3(&mut d, String::new), d3(&mut d, String::new)], [1, 3]);
    }

    #[test]
    fn ordinary_dice_keep_the_face_stream() {
        // saves and balance figures rest on it: a D3 is the reading of the next d6 face
        let (mut a, mut b) = (Dice::new(9), Dice::new(9));
        for _ in 0..1_000 {
            assert_eq!(
                d3(&mut a, || unreachable!("ordinary dice ask nothing")),
                FACES[b.d6() as usize - 1]
            );
        }
        let r = best_of_two(&mut a, || unreachable!());
        assert_eq!(
            r,
            FACES[b.d6() as usize - 1].max(FACES[b.d6() as usize - 1])
        );
    }

    #[test]
    fn people_type_a_d3_as_its_result_one_to_three() {
        let mut d = Dice::manual(1, &[]);
        d3(&mut d, || "a shot: roll a D3".into());
        let need = d.take_need().expect("asked");
        assert_eq!(need.label, "a shot: roll a D3");
        assert_eq!(need.ask, fiw_engine::Ask::Dice { count: 1, sides: 3 });
        assert!(need.read("4").unwrap_err().contains("1 to 3"));
        let mut d = Dice::manual(1, &need.read("3").unwrap());
        assert_eq!(d3(&mut d, || unreachable!("answered")), 3);
        // the entrenchment's two dice are asked for together
        let mut d = Dice::manual(1, &[]);
        best_of_two(&mut d, || "two D3".into());
        let need = d.take_need().expect("asked");
        assert_eq!(need.ask, fiw_engine::Ask::Dice { count: 2, sides: 3 });
        let mut d = Dice::manual(1, &[1, 2]);
        assert_eq!(best_of_two(&mut d, || unreachable!()), 2);
        assert_eq!(d.answers(), &[1, 2]);
    }
}
