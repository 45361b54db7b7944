//! Numbers written for people (the board's positions and facings, the places of orders),
//! without the formatting machinery.
//!
//! The board and the menu are written at every decision of the secrecy audit, and every
//! order's text in every menu: formatting their numbers was half the audit's time. The
//! standard library writes `{:.1}` from the exact binary value of the number, with
//! arbitrary-precision arithmetic whenever its fast path gives up; [`push_fixed`] writes the
//! same text by rounding the scaled number to an integer, looking at the exact product only
//! when the scaled number is exactly half way between two results; numbers too large or not
//! finite are left to the standard library.

/// Appends `value` with `places` decimals (at most 3), right-aligned in `width` characters:
/// the text `{:>width$.places$}` writes. Texts are built as bytes (see [`text`]).
pub(crate) fn push_fixed(out: &mut Vec<u8>, value: f64, places: usize, width: usize) {
    let places = places.min(3);
    let scale = [1.0, 10.0, 100.0, 1000.0][places];
    let magnitude = value.abs();
    let scaled = magnitude * scale;
    // (NaN, infinities and huge values are written by the formatter)
    if scaled.partial_cmp(&1e9) != Some(std::cmp::Ordering::Less) {
        out.extend_from_slice(format!("{value:>width$.places$}").as_bytes());
        return;
    }
    // below 1e9 the conversions truncate exactly, and the part below the point is exact
    let whole = scaled as u64;
    let part = scaled - whole as f64;
    let up = if part != 0.5 {
        // the scaling is off the exact product by at most half a unit of its last place, and
        // a part other than one half is at least a whole unit from it: the side is the same
        part > 0.5
    } else {
        // exactly one half as scaled: the exact product (the error of a product is itself a
        // number, which a fused multiply-add gives) says which side, or that it is a tie,
        // which goes to the even neighbour as the standard library's does
        let error = magnitude.mul_add(scale, -scaled);
        error > 0.0 || (error == 0.0 && whole % 2 == 1)
    };
    let n = whole + u64::from(up);
    let unit = [1, 10, 100, 1000][places];
    // a sign, at most ten digits, a point and three decimals, written from the right
    let mut buf = [0u8; 16];
    let mut end = buf.len();
    let mut put = |b: u8| {
        end -= 1;
        buf[end] = b;
    };
    let (mut whole, mut part) = (n / unit, n % unit);
    for _ in 0..places {
        put(b'0' + (part % 10) as u8);
        part /= 10;
    }
    if places > 0 {
        put(b'.');
    }
    loop {
        put(b'0' + (whole % 10) as u8);
        whole /= 10;
        if whole == 0 {
            break;
        }
    }
    if value.is_sign_negative() {
        put(b'-');
    }
    pad(out, width.saturating_sub(buf.len() - end));
    out.extend_from_slice(&buf[end..]);
}

/// Appends `n` spaces.
fn pad(out: &mut Vec<u8>, n: usize) {
    out.resize(out.len() + n, b' ');
}

/// Appends an integer, as `{}` writes it.
pub(crate) fn push_int(out: &mut Vec<u8>, v: i64) {
    let mut buf = [0u8; 20];
    let mut end = buf.len();
    let mut n = v.unsigned_abs();
    loop {
        end -= 1;
        buf[end] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    if v < 0 {
        out.push(b'-');
    }
    out.extend_from_slice(&buf[end..]);
}

/// The text built as bytes: pushing bytes costs less than pushing characters into a `String`
/// one at a time, and only text (`&str`, ASCII digits and signs) is ever pushed, so the bytes
/// are always UTF-8 (were they not, the text would show the replacement character).
pub(crate) fn text(out: Vec<u8>) -> String {
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text is the standard library's, for every kind of number: the grain of orders,
    /// off-grid centres, exact and near ties, negatives and negative zero, huge and not finite.
    #[test]
    fn numbers_are_written_as_the_standard_library_writes_them() {
        let mut values = vec![
            0.0,
            -0.0,
            -0.04,
            0.05,
            0.25,
            0.35,
            2.5,
            3.5,
            43.25,
            -43.25,
            25.75,
            0.1 + 0.2,
            359.5,
            999_999_999.95,
            1e20,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::MIN_POSITIVE,
        ];
        for k in -30_000..30_000 {
            values.push(k as f64 / 10.0);
            values.push(k as f64 / 100.0);
            values.push(k as f64 / 1000.0);
            values.push(k as f64 * 0.0125);
        }
        let mut dice = fiw_engine::Dice::new(7);
        for _ in 0..100_000 {
            let v = dice.next_seed() as f64 / u64::MAX as f64;
            values.push(v * 800.0 - 100.0);
        }
        for v in values {
            for places in 0..=3 {
                for width in [0, 3, 5, 12] {
                    let mut s = b"x".to_vec();
                    push_fixed(&mut s, v, places, width);
                    assert_eq!(text(s), format!("x{v:>width$.places$}"), "{v:e}");
                }
            }
        }
    }

    #[test]
    fn integers_are_written_as_the_standard_library_writes_them() {
        for v in [0, 1, -1, 9, 10, -10, 359, i64::MAX, i64::MIN, 1 << 40] {
            let mut s = Vec::new();
            push_int(&mut s, v);
            assert_eq!(text(s), v.to_string());
        }
    }
}
