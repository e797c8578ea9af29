//! A figure by round with the band of its interval: a chase's Lead, a
//! grapple's Control.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::palette::Look;
use super::render::Draw;
use super::style::{
    AXIS, FONT, GRID, Swatch, chance_axis, legend_width, markers, percent_tick, side_legend, text,
    title_size,
};

/// One round of a [`Bands`] series.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BandPoint {
    /// The round.
    pub x: f64,
    /// The estimate and its 95% interval, where estimated.
    pub estimate: Option<(f64, f64, f64)>,
    /// The exact value, where known.
    pub exact: Option<f64>,
}

impl BandPoint {
    /// The value the line goes through: the exact one where known.
    fn line(&self) -> Option<f64> {
        self.exact.or(self.estimate.map(|e| e.0))
    }
}

/// One edition's line of a [`Bands`] chart.
#[derive(Debug, Clone, PartialEq)]
pub struct BandSeries {
    /// Its name in the legend.
    pub name: String,
    /// Its colour and marker.
    pub look: Look,
    /// Its points, by round.
    pub points: Vec<BandPoint>,
}

/// A figure by round, one line per edition through the exact value (or
/// the estimate, where there is none), over a band of the estimate's 95%
/// interval in the edition's colour; the legend beside the plot.
#[derive(Debug, Clone, PartialEq)]
pub struct Bands {
    /// The title.
    pub title: String,
    /// The x axis' label.
    pub x_desc: String,
    /// The y axis' label.
    pub y_desc: String,
    /// The lines.
    pub series: Vec<BandSeries>,
    /// Whether y is a chance in percent: its axis then scaled to the
    /// figures shown as every chance axis is (from the lowest to the
    /// highest, padded by a tenth, at least 2 points, within 0–100%), its
    /// ticks ending in `%`; else every band and line inside, padded.
    pub percent: bool,
    /// What the line is, in the legend ("mean": "line: exact mean").
    pub line_of: String,
}

impl Bands {
    /// The axes' ranges: every round shown, every band and line inside.
    fn ranges(&self) -> ((f64, f64), (f64, f64)) {
        let points = self.series.iter().flat_map(|s| &s.points);
        let x0 = points.clone().map(|p| p.x).fold(f64::INFINITY, f64::min);
        let x0 = if x0.is_finite() { x0 } else { 1.0 };
        let x1 = points.clone().map(|p| p.x).fold(1.0f64, f64::max);
        let ys = points.flat_map(|p| {
            let (a, b) = p.estimate.map_or((None, None), |e| (Some(e.1), Some(e.2)));
            [a, b, p.exact, p.line()].into_iter().flatten()
        });
        let (lo, hi) = ys.fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), y| {
            (l.min(y), h.max(y))
        });
        let (lo, hi) = if lo.is_finite() { (lo, hi) } else { (0.0, 1.0) };
        let y = if self.percent {
            chance_axis([lo, hi])
        } else {
            let pad = ((hi - lo) * 0.08).max(0.5);
            (lo - pad, hi + pad)
        };
        ((x0 - 0.5, x1 + 0.5), y)
    }
}

impl Draw for Bands {
    fn size(&self) -> (u32, u32) {
        (960, 540)
    }

    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        root.fill(&WHITE)?;
        let mut entries: Vec<(Swatch, String)> = self
            .series
            .iter()
            .map(|s| (Swatch::Line(s.look), s.name.clone()))
            .collect();
        let exact = self
            .series
            .iter()
            .any(|s| s.points.iter().any(|p| p.exact.is_some()));
        let estimated = self
            .series
            .iter()
            .any(|s| s.points.iter().any(|p| p.estimate.is_some()));
        entries.push((Swatch::None, String::new()));
        if exact {
            entries.push((Swatch::None, format!("line: exact {}", self.line_of)));
        } else {
            entries.push((Swatch::None, format!("line: estimated {}", self.line_of)));
        }
        if estimated {
            entries.push((
                Swatch::Box(RGBColor(200, 200, 200)),
                "band: 95% interval".to_string(),
            ));
            entries.push((Swatch::Indent, "of the estimate".to_string()));
        }
        let labels: Vec<&str> = entries.iter().map(|e| e.1.as_str()).collect();
        let (w, _) = self.size();
        let body = root
            .margin(10, 0, 0, 0)
            .titled(&self.title, (FONT, title_size(root, &self.title)))?;
        let (main, side) = body.split_horizontally(w - legend_width(root, &labels));
        let ((x0, x1), (y0, y1)) = self.ranges();
        let mut chart = ChartBuilder::on(&main)
            .margin(16)
            .x_label_area_size(56)
            .y_label_area_size(78)
            .build_cartesian_2d(x0..x1, y0..y1)?;
        let whole = |v: &f64| {
            if (v - v.round()).abs() < 1e-9 {
                format!("{v:.0}")
            } else {
                String::new()
            }
        };
        let percent = percent_tick(y1 - y0, false);
        let fmt_y = |v: &f64| {
            if self.percent {
                percent(v)
            } else {
                format!("{:.1}", v + 0.0)
            }
        };
        chart
            .configure_mesh()
            .light_line_style(WHITE)
            .bold_line_style(GRID)
            .axis_style(AXIS)
            .x_desc(&self.x_desc)
            .y_desc(&self.y_desc)
            .axis_desc_style(text(18))
            .label_style(text(15))
            .x_label_formatter(&whole)
            .y_label_formatter(&fmt_y)
            .draw()?;
        // Every band first, so that no band hides a line.
        for s in &self.series {
            let est: Vec<(f64, (f64, f64, f64))> = s
                .points
                .iter()
                .filter_map(|p| p.estimate.map(|e| (p.x, e)))
                .collect();
            if est.len() > 1 {
                let mut outline: Vec<(f64, f64)> = est.iter().map(|(x, e)| (*x, e.2)).collect();
                outline.extend(est.iter().rev().map(|(x, e)| (*x, e.1)));
                chart.draw_series(std::iter::once(Polygon::new(
                    outline,
                    s.look.color.mix(0.22).filled(),
                )))?;
            } else if let Some((x, e)) = est.first() {
                chart.draw_series(std::iter::once(Rectangle::new(
                    [(x - 0.15, e.1), (x + 0.15, e.2)],
                    s.look.color.mix(0.22).filled(),
                )))?;
            }
        }
        for s in &self.series {
            let line: Vec<(f64, f64)> = s
                .points
                .iter()
                .filter_map(|p| p.line().map(|y| (p.x, y)))
                .collect();
            chart.draw_series(LineSeries::new(
                line.iter().copied(),
                s.look.color.stroke_width(2),
            ))?;
            markers(&mut chart, &line, s.look, 4)?;
        }
        side_legend(&side, 30, &entries)
    }
}
