//! `fiw sim --plot FILE.svg`: the win rate of each seat with its 95 % interval, and the turn on
//! which each seat's victories came, drawn with plotters (SVG needs no fonts on the machine).

use fiw_engine::SimReport;
use fiw_host::{HostError, HostResult};
use plotters::prelude::*;
use std::path::Path;

const COLOURS: [RGBColor; 4] = [
    RGBColor(178, 34, 34),
    RGBColor(30, 70, 160),
    RGBColor(90, 140, 60),
    RGBColor(120, 120, 120),
];

/// Draws the report into an SVG file.
pub fn draw(report: &SimReport, seats: &[&str], path: &Path) -> HostResult {
    let failed = |e: String| HostError::failure(format!("cannot draw {}: {e}", path.display()));
    let root = SVGBackend::new(path, (960, 420)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| failed(e.to_string()))?;
    let title = format!(
        "{}: {} games ({})",
        report.game,
        report.games,
        seats
            .iter()
            .map(|s| format!(
                "{s} {}",
                report.policies.get(*s).map_or("?", String::as_str)
            ))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let root = root
        .titled(&title, ("sans-serif", 22))
        .map_err(|e| failed(e.to_string()))?;
    let (left, right) = root.split_horizontally(360);

    // win rates with their intervals
    let mut chart = ChartBuilder::on(&left)
        .caption("win rate (95 % interval)", ("sans-serif", 16))
        .margin(12)
        .x_label_area_size(30)
        .y_label_area_size(45)
        .build_cartesian_2d(0f64..seats.len() as f64, 0f64..1f64)
        .map_err(|e| failed(e.to_string()))?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(seats.len() * 2 + 1)
        .x_label_formatter(&|x| {
            let i = (x - 0.5).round();
            if (x - 0.5 - i).abs() < 1e-6 && i >= 0.0 {
                seats
                    .get(i as usize)
                    .map_or(String::new(), |s| s.to_string())
            } else {
                String::new()
            }
        })
        .y_label_formatter(&|y| format!("{:.0} %", y * 100.0))
        .draw()
        .map_err(|e| failed(e.to_string()))?;
    for (i, seat) in seats.iter().enumerate() {
        let [rate, low, high] = report.win_rate.get(*seat).copied().unwrap_or([0.0; 3]);
        let colour = COLOURS[i % COLOURS.len()];
        let x = i as f64;
        chart
            .draw_series(std::iter::once(Rectangle::new(
                [(x + 0.2, 0.0), (x + 0.8, rate)],
                colour.mix(0.7).filled(),
            )))
            .map_err(|e| failed(e.to_string()))?;
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(x + 0.5, low), (x + 0.5, high)],
                BLACK.stroke_width(2),
            )))
            .map_err(|e| failed(e.to_string()))?;
        for y in [low, high] {
            chart
                .draw_series(std::iter::once(PathElement::new(
                    vec![(x + 0.4, y), (x + 0.6, y)],
                    BLACK.stroke_width(2),
                )))
                .map_err(|e| failed(e.to_string()))?;
        }
    }

    // turn of victory, one bar per seat and turn
    let turns = report
        .victory_turns
        .values()
        .map(|v| v.len())
        .max()
        .unwrap_or(1)
        .max(2);
    let most = report
        .victory_turns
        .values()
        .flat_map(|v| v.iter().copied())
        .max()
        .unwrap_or(1)
        .max(1);
    let mut chart = ChartBuilder::on(&right)
        .caption("turn of victory", ("sans-serif", 16))
        .margin(12)
        .x_label_area_size(35)
        .y_label_area_size(55)
        .build_cartesian_2d(0f64..turns as f64, 0u64..most + most / 10 + 1)
        .map_err(|e| failed(e.to_string()))?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc("turn")
        .y_desc("games")
        .x_label_formatter(&|x| format!("{x:.0}"))
        .draw()
        .map_err(|e| failed(e.to_string()))?;
    let width = 0.8 / seats.len() as f64;
    for (k, seat) in seats.iter().enumerate() {
        let colour = COLOURS[k % COLOURS.len()];
        let Some(counts) = report.victory_turns.get(*seat) else {
            continue;
        };
        chart
            .draw_series(
                counts
                    .iter()
                    .enumerate()
                    .filter(|(_, n)| **n > 0)
                    .map(|(turn, n)| {
                        let x0 = turn as f64 - 0.4 + width * k as f64;
                        Rectangle::new([(x0, 0), (x0 + width, *n)], colour.mix(0.8).filled())
                    }),
            )
            .map_err(|e| failed(e.to_string()))?
            .label(format!("{seat} wins"))
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 10, y + 5)], colour.filled()));
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .position(SeriesLabelPosition::UpperLeft)
        .draw()
        .map_err(|e| failed(e.to_string()))?;
    root.present().map_err(|e| failed(e.to_string()))?;
    Ok(())
}
