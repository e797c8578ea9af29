//! Chances side by side as horizontal bars: how a conflict ends, what a
//! dot is worth.

use plotters::chart::ChartContext;
use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::palette::Look;
use super::render::Draw;
use super::style::{
    AXIS, FONT, GRID, Swatch, legend_width, percent_tick, side_legend, text, title_size,
};

/// One bar of a [`Bars`] chart: a chance, exact or estimated.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bar {
    /// The chance, 0..=1: exact where known, else the estimate.
    pub value: f64,
    /// The estimate's 95% interval, drawn as a whisker when the value is
    /// not exact.
    pub interval: Option<(f64, f64)>,
    /// Whether `value` is exact.
    pub exact: bool,
}

/// Chances of a few outcomes (one row each) side by side per edition:
/// horizontal bars, labelled with their value; an estimated bar paler,
/// with its 95% interval as a whisker; the legend beside the plot.
#[derive(Debug, Clone, PartialEq)]
pub struct Bars {
    /// The title.
    pub title: String,
    /// The value axis' label.
    pub x_desc: String,
    /// The outcomes, top to bottom.
    pub groups: Vec<String>,
    /// Per edition: its id, look, and a bar per outcome (`None`: no
    /// figure).
    pub editions: Vec<(String, Look, Vec<Option<Bar>>)>,
    /// Whether the bars are changes in percentage points (ticks and
    /// labels signed, without `%`) rather than chances in percent.
    pub points: bool,
}

/// Pixels a bar of a [`Bars`] chart takes, and the gap between outcomes.
pub(super) const BAR_PX: u32 = 20;
pub(super) const GROUP_GAP_PX: u32 = 22;

impl Draw for Bars {
    fn size(&self) -> (u32, u32) {
        let n = self.editions.len().max(1) as u32;
        let g = self.groups.len().max(1) as u32;
        (960, (140 + g * (n * BAR_PX + GROUP_GAP_PX)).max(320))
    }

    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        root.fill(&WHITE)?;
        let entries = self.legend_entries();
        let all = || self.editions.iter().flat_map(|e| e.2.iter().flatten());
        let labels: Vec<&str> = entries.iter().map(|e| e.1.as_str()).collect();
        let (w, _) = self.size();
        let body = root
            .margin(10, 0, 0, 0)
            .titled(&self.title, (FONT, title_size(root, &self.title)))?;
        let (main, side) = body.split_horizontally(w - legend_width(root, &labels));
        let g = self.groups.len().max(1);
        let n = self.editions.len().max(1);
        let top = all()
            .map(|b| b.interval.map_or(b.value, |i| i.1.max(b.value)))
            .fold(0.0f64, f64::max);
        let bottom = all()
            .map(|b| b.interval.map_or(b.value, |i| i.0.min(b.value)))
            .fold(0.0f64, f64::min);
        // Room right of the longest bar for its label (and left of a bar
        // below 0, a change for the worse): for chances, at least 14
        // points; for changes, a quarter of the span, so that the axis
        // is as wide as the changes, however small.
        let (x0, x1) = if self.points {
            let span = (100.0 * (top - bottom)).max(0.01);
            let x0 = if bottom < 0.0 {
                100.0 * bottom - span / 4.0
            } else {
                0.0
            };
            (x0, 100.0 * top + span / 4.0)
        } else {
            (
                (0.0f64).min(100.0 * bottom),
                (100.0 * top * 1.22).max(100.0 * top + 14.0),
            )
        };
        // Room left of the axis for the widest outcome's name.
        let names = (self.groups.iter())
            .map(|n| root.estimate_text_size(n, &text(16)).map_or(0, |(w, _)| w))
            .max()
            .unwrap_or(0);
        let mut chart = ChartBuilder::on(&main)
            .margin(16)
            .x_label_area_size(56)
            .y_label_area_size((names + 20).clamp(130, 400))
            .build_cartesian_2d(x0..x1, -0.5..g as f64 - 0.5)?;
        let tick = percent_tick(x1 - x0, self.points);
        let fmt_x = |v: &f64| {
            if (-100.0 - 1e-9..=100.0 + 1e-9).contains(v) {
                tick(v)
            } else {
                String::new()
            }
        };
        chart
            .configure_mesh()
            .disable_y_mesh()
            .light_line_style(WHITE)
            .bold_line_style(GRID)
            .axis_style(AXIS)
            .x_desc(&self.x_desc)
            .axis_desc_style(text(18))
            .label_style(text(16))
            .x_label_formatter(&fmt_x)
            .y_labels(0)
            .draw()?;
        // The outcomes' names, left of the axis (plotters' own ticks on
        // a float axis would not land on every row).
        for (j, name) in self.groups.iter().enumerate() {
            let (px, py) = chart.backend_coord(&(x0, (g - 1 - j) as f64));
            root.draw(&Text::new(
                name.clone(),
                (px - 10, py),
                text(16).pos(Pos::new(HPos::Right, VPos::Center)),
            ))?;
        }
        if self.points {
            // The zero line: no change.
            chart.draw_series(std::iter::once(PathElement::new(
                vec![(0.0, -0.5), (0.0, g as f64 - 0.5)],
                AXIS.stroke_width(2),
            )))?;
        }
        let slot = 0.8 / n as f64;
        let half = slot * 0.4;
        for (k, (_, look, bars)) in self.editions.iter().enumerate() {
            for (j, bar) in bars.iter().enumerate().take(g) {
                let Some(b) = bar else { continue };
                let y = (g - 1 - j) as f64 + 0.4 - (k as f64 + 0.5) * slot;
                draw_bar(&mut chart, *look, b, y, half, self.points)?;
            }
        }
        side_legend(&side, 30, &entries)
    }
}

impl Bars {
    /// The side legend: each edition's colour, and what solid and pale
    /// bars mean when the chart has them.
    fn legend_entries(&self) -> Vec<(Swatch, String)> {
        let mut entries: Vec<(Swatch, String)> = self
            .editions
            .iter()
            .map(|(name, look, _)| (Swatch::Box(look.color), name.clone()))
            .collect();
        let all = || self.editions.iter().flat_map(|e| e.2.iter().flatten());
        if all().any(|b| b.exact) {
            entries.push((Swatch::None, String::new()));
            entries.push((Swatch::None, "solid: exact".to_string()));
        }
        if all().any(|b| !b.exact) {
            entries.push((
                Swatch::Whisker(RGBColor(110, 110, 110)),
                "estimate,".to_string(),
            ));
            entries.push((Swatch::Indent, "95% interval".to_string()));
        }
        entries
    }
}

/// Draws bar `b` of an edition drawn as `look`, centred at `y`, `half`
/// its half height: solid when exact, else pale with its interval's
/// whisker; its value written past its end (signed points when
/// `points`, else percent).
fn draw_bar<'a, DB: DrawingBackend + 'a>(
    chart: &mut ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>,
    look: Look,
    b: &Bar,
    y: f64,
    half: f64,
    points: bool,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let v = 100.0 * b.value;
    let fill = if b.exact {
        look.color.filled()
    } else {
        look.color.mix(0.45).filled()
    };
    chart.draw_series(std::iter::once(Rectangle::new(
        [(0.0, y - half), (v, y + half)],
        fill,
    )))?;
    let (mut start, mut end) = (v, v);
    if let (false, Some((l, h))) = (b.exact, b.interval) {
        let (l, h) = (100.0 * l, 100.0 * h);
        let w = BLACK.stroke_width(1);
        chart.draw_series([
            PathElement::new(vec![(l, y), (h, y)], w),
            PathElement::new(vec![(l, y - half * 0.6), (l, y + half * 0.6)], w),
            PathElement::new(vec![(h, y - half * 0.6), (h, y + half * 0.6)], w),
        ])?;
        end = end.max(h);
        start = start.min(l);
    }
    // Rounded first: a change of -1e-16 is +0.00.
    let r = (v * 100.0).round() / 100.0 + 0.0;
    let label = if points {
        format!("{r:+.2}")
    } else if v < 10.0 {
        format!("{r:.2}%")
    } else {
        format!("{v:.1}%")
    };
    // Past the bar's end: right of a bar for the better, left of one
    // for the worse.
    let (dx, anchor) = if v < 0.0 {
        (-5, HPos::Right)
    } else {
        (5, HPos::Left)
    };
    let at = if v < 0.0 { start } else { end };
    chart.draw_series(std::iter::once(
        EmptyElement::at((at, y))
            + Text::new(label, (dx, 0), text(13).pos(Pos::new(anchor, VPos::Center))),
    ))?;
    Ok(())
}
