//! The D3: a six-sided die whose faces read 1, 1, 2, 2, 3, 3, so a roll is below average,
//! average or above average with one chance in three each.
//!
//! It is rolled with the kernel's [`Dice`] as a six-sided die and read through [`FACES`], so a
//! forced result in a test is the face that lands up (1–6), as on a real table; [`face`] gives
//! a face that reads a wanted D3 result.

use fiw_engine::Dice;

/// What each face of the die reads, face 1 first.
pub const FACES: [u8; 6] = [1, 1, 2, 2, 3, 3];

/// One D3.
pub fn d3(dice: &mut Dice) -> u8 {
    // a forced face outside 1..=6 is read as the nearest face rather than trusted blindly
    let f = dice.roll(6).clamp(1, 6);
    FACES[f as usize - 1]
}

/// Two D3, keeping the higher (a shooter behind an entrenchment).
pub fn best_of_two(dice: &mut Dice) -> u8 {
    let a = d3(dice);
    let b = d3(dice);
    a.max(b)
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
    fn the_faces_read_one_one_two_two_three_three() {
        let mut d = Dice::new(1);
        d.force([1, 2, 3, 4, 5, 6]);
        let read: Vec<u8> = (0..6).map(|_| d3(&mut d)).collect();
        assert_eq!(read, [1, 1, 2, 2, 3, 3]);
        d.force([face(1), face(2), face(3)]);
        assert_eq!([d3(&mut d), d3(&mut d), d3(&mut d)], [1, 2, 3]);
    }

    #[test]
    fn each_result_comes_up_a_third_of_the_time() {
        let mut d = Dice::new(5);
        let mut counts = [0u32; 4];
        for _ in 0..30_000 {
            counts[d3(&mut d) as usize] += 1;
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
        assert_eq!(best_of_two(&mut d), 3);
        assert_eq!(best_of_two(&mut d), 2);
        assert_eq!(best_of_two(&mut d), 1);
        assert_eq!(d.forced_left(), 0);
    }

    #[test]
    fn forced_faces_off_the_die_do_not_panic() {
        let mut d = Dice::new(1);
        d.force([0, 9]);
        assert_eq!([d3(&mut d), d3(&mut d)], [1, 3]);
    }
}
