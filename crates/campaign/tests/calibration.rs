//! Issue 39, item 4: with the data's ratios, between the computer generals the attackers carry
//! a generated fort battle within 10 points of the chart's chance to advance the same attack, in
//! each band of the chart's odds, over 200 battles a band that the ratios were not searched on.

use fiw_campaign::calibration::measure;
use fiw_campaign::rules::rules;

#[test]
fn the_generals_carry_forts_about_as_often_as_the_chart_advances() {
    for sixths in 1..=5u8 {
        let ratio = rules().fort.ratio_for(sixths);
        let (won, _, n) = measure(sixths, 200, ratio, 2).unwrap();
        let rate = won as f64 / n as f64;
        let chart = sixths as f64 / 6.0;
        assert!(
            (rate - chart).abs() <= 0.10,
            "band {sixths}/6 at ratio {ratio}: the attackers carried {:.1} % against the chart's {:.1} %",
            100.0 * rate,
            100.0 * chart
        );
    }
}
