//! How often the attackers carry a generated fort battle between the computer generals, by the
//! chart's odds of the same attack (its DRM band), against those odds (issue 39, item 4):
//!
//! ```sh
//! cargo run --release -p fiw-campaign --example calibrate -- 200        # the data's ratios
//! cargo run --release -p fiw-campaign --example calibrate -- 200 1.4    # one ratio for all
//! cargo run --release -p fiw-campaign --example calibrate -- search 200 # each band's ratio
//! cargo run --release -p fiw-campaign --example calibrate -- 200 data 1 # the data's, other battles
//! cargo run --release -p fiw-campaign --example calibrate -- militia search 400
//! cargo run --release -p fiw-campaign --example calibrate -- raid search 200
//! ```
//!
//! Arguments: the battles (`fort`, an army holding it, unless `militia` or `fort-militia`:
//! the militia alone; `raid` or `open` for the skirmish battles of an open town),
//! battles a band (200), and the attackers' foot as a multiple of the defenders'.
//! Each battle is an attack on a fort a campaign made (the heuristic player against the BOT,
//! each side in turn, every attack rolled), the first of each band in the pool.

use fiw_campaign::battles::Battles;
use fiw_campaign::calibration::{measure, Measured};

/// Prints a band's row; its distance from the chart, `None` where no campaign made the attack.
fn row(sixths: u8, ratio: f64, m: Measured) -> Option<f64> {
    let chart = sixths as f64 / 6.0;
    if m.battles == 0 {
        println!("{sixths}/6     {ratio:5.3}   no campaign made such an attack");
        return None;
    }
    let rate = m.won as f64 / m.battles as f64;
    println!(
        "{sixths}/6     {ratio:5.3}   {:7}   {:7}   {:11.1} %   {:4.1} %   {:4.1} %   {:+.1}",
        m.battles,
        m.attacks,
        100.0 * rate,
        100.0 * m.drawn as f64 / m.battles as f64,
        100.0 * chart,
        100.0 * (rate - chart)
    );
    Some(rate - chart)
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    // the battles measured: `fort` (an army holds it) unless named
    let battles = match args
        .iter()
        .position(|a| Battles::parse(a).is_some() || a == "militia")
    {
        Some(k) => {
            let word = args.remove(k);
            Battles::parse(if word == "militia" {
                "fort-militia"
            } else {
                &word
            })
            .unwrap_or(Battles::ALL[0])
        }
        None => Battles::ALL[0],
    };
    let most = battles.most_ratio();
    let search = args.first().is_some_and(|a| a == "search");
    let args = &args[usize::from(search)..];
    let per_band: u32 = args.first().and_then(|a| a.parse().ok()).unwrap_or(200);
    // a number, or `data` for the data's ratios
    let ratio: Option<f64> = args.get(1).and_then(|a| a.parse().ok());
    // another sample of attacks than the search's (0), to check its ratios out of sample
    let sample: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(0);
    let header = "band    ratio    battles   attacks   attacker won   drawn   chart   difference";
    let held = battles.words();
    if search {
        // bisect each band's ratio between 0.5 and the most the data allows until the generals
        // carry the battle within 3 points of the chart, or seven halvings
        println!("{held} between the generals, {per_band} a band: each band's ratio sought");
        println!("{header}");
        let mut found = Vec::new();
        for sixths in 1..=5u8 {
            let (mut lo, mut hi) = (0.5, most);
            let mut best = (f64::INFINITY, None);
            for _ in 0..7 {
                let mid: f64 = (lo + hi) / 2.0;
                let d = match measure(sixths, per_band, mid, 0, battles) {
                    Ok(m) => match row(sixths, mid, m) {
                        Some(d) => d,
                        None => break,
                    },
                    // too many units for the table: too big a ratio
                    Err(e) => {
                        println!("{sixths}/6     {mid:5.3}   {e}");
                        1.0
                    }
                };
                if d.abs() < best.0 {
                    best = (d.abs(), Some(mid));
                }
                if d.abs() <= 0.03 {
                    break;
                }
                if d < 0.0 {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            found.push(best.1.map(|r| (r * 1000.0).round() / 1000.0));
        }
        // a band no campaign made keeps the data's value
        let words: Vec<String> = found
            .iter()
            .zip(1..)
            .map(|(r, k)| match r {
                Some(r) => format!("{r}"),
                None => format!("{} (none made)", battles.ratio(k)),
            })
            .collect();
        println!("ratio = [{}]", words.join(", "));
        return;
    }
    let label = ratio.map_or("as the data gives it".to_string(), |s| format!("x {s}"));
    println!("{held} between the generals, attackers' foot {label}, {per_band} a band");
    println!("{header}");
    for sixths in 1..=5u8 {
        let sc = ratio.unwrap_or_else(|| battles.ratio(sixths));
        match measure(sixths, per_band, sc, sample, battles) {
            Ok(m) => {
                row(sixths, sc, m);
            }
            Err(e) => println!("{sixths}/6     {sc:5.3}   {e}"),
        }
    }
}
