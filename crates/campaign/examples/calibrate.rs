//! How often the attackers carry a generated fort battle between the computer generals, by the
//! chart's odds of the same attack (its DRM band), against those odds (issue 39, item 4):
//!
//! ```sh
//! cargo run --release -p fiw-campaign --example calibrate -- 200        # the data's ratios
//! cargo run --release -p fiw-campaign --example calibrate -- 200 1.4    # one ratio for all
//! cargo run --release -p fiw-campaign --example calibrate -- search 200 # each band's ratio
//! cargo run --release -p fiw-campaign --example calibrate -- 200 data 1 # the data's, other battles
//! ```
//!
//! Arguments: battles a band (200), and the attackers' foot as a multiple of the defenders'.
//! Each battle is an attack on a fort a campaign made (the heuristic player against the BOT,
//! each side in turn, every attack rolled), the first of each band in the pool.

use fiw_campaign::calibration::measure;
use fiw_campaign::rules::rules;

fn row(sixths: u8, ratio: f64, (won, drawn, n): (u32, u32, u32)) -> f64 {
    let rate = won as f64 / n as f64;
    let chart = sixths as f64 / 6.0;
    println!(
        "{sixths}/6     {ratio:5.3}   {n:7}   {:11.1} %   {:4.1} %   {:4.1} %   {:+.1}",
        100.0 * rate,
        100.0 * drawn as f64 / n as f64,
        100.0 * chart,
        100.0 * (rate - chart)
    );
    rate - chart
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let search = args.first().is_some_and(|a| a == "search");
    let args = &args[usize::from(search)..];
    let per_band: u32 = args.first().and_then(|a| a.parse().ok()).unwrap_or(200);
    // a number, or `data` for the data's ratios
    let ratio: Option<f64> = args.get(1).and_then(|a| a.parse().ok());
    // another sample of attacks than the search's (0), to check its ratios out of sample
    let sample: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(0);
    let header = "band    ratio    battles   attacker won   drawn   chart   difference";
    if search {
        // bisect each band's ratio between 0.5 and 2 until the generals carry the battle
        // within 3 points of the chart, or seven halvings
        println!("fort battles between the generals, {per_band} a band: each band's ratio sought");
        println!("{header}");
        let mut found = Vec::new();
        for sixths in 1..=5u8 {
            let (mut lo, mut hi) = (0.5, 2.0);
            let mut best = (f64::INFINITY, 1.0);
            for _ in 0..7 {
                let mid: f64 = (lo + hi) / 2.0;
                let d = match measure(sixths, per_band, mid, 0) {
                    Ok(m) => row(sixths, mid, m),
                    // too many units for the table: too big a ratio
                    Err(e) => {
                        println!("{sixths}/6     {mid:5.3}   {e}");
                        1.0
                    }
                };
                if d.abs() < best.0 {
                    best = (d.abs(), mid);
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
            found.push((best.1 * 1000.0).round() / 1000.0);
        }
        println!("ratio = {found:?}");
        return;
    }
    let label = ratio.map_or("as the data gives it".to_string(), |s| format!("x {s}"));
    println!("fort battles between the generals, attackers' foot {label}, {per_band} a band");
    println!("{header}");
    for sixths in 1..=5u8 {
        let sc = ratio.unwrap_or_else(|| rules().fort.ratio_for(sixths));
        match measure(sixths, per_band, sc, sample) {
            Ok(m) => {
                row(sixths, sc, m);
            }
            Err(e) => println!("{sixths}/6     {sc:5.3}   {e}"),
        }
    }
}
