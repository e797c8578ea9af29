//! Estimates with their intervals, by side and edition: a conflict's
//! chances to win.

use plotters::chart::ChartContext;
use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::palette::{Look, Marker};
use super::render::Draw;
use super::style::{
    AXIS, FONT, GRID, Swatch, legend_width, markers, side_legend, text, title_size,
};

/// One point of an [`Intervals`] chart.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    /// The side (index into [`Intervals::sides`]).
    pub side: usize,
    /// The estimate, 0..=1.
    pub value: f64,
    /// Its 95% interval.
    pub low: f64,
    /// See `low`.
    pub high: f64,
    /// The exact value, where known.
    pub exact: Option<f64>,
}

/// Each edition's estimate of a figure per side, with 95% interval
/// whiskers and the exact value marked where known.
#[derive(Debug, Clone, PartialEq)]
pub struct Intervals {
    /// The title.
    pub title: String,
    /// The value axis' label.
    pub y_desc: String,
    /// The sides, in order.
    pub sides: Vec<String>,
    /// Per edition: its id, look and points.
    pub groups: Vec<(String, Look, Vec<Point>)>,
}

/// Side markers of an [`Intervals`] chart (edition colours stay fixed).
pub(super) const SIDE_MARKERS: [Marker; 4] = [
    Marker::Circle,
    Marker::Triangle,
    Marker::Square,
    Marker::Cross,
];

impl Draw for Intervals {
    fn size(&self) -> (u32, u32) {
        (960, 540)
    }

    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        root.fill(&WHITE)?;
        let all = self.groups.iter().flat_map(|g| &g.2);
        let lo = all
            .clone()
            .map(|p| p.low.min(p.exact.unwrap_or(p.low)))
            .fold(1.0f64, f64::min);
        let hi = all
            .map(|p| p.high.max(p.exact.unwrap_or(p.high)))
            .fold(0.0f64, f64::max);
        let pad = ((hi - lo) * 0.2).max(0.05);
        let (y0, y1) = (
            100.0 * (lo - pad).max(0.0),
            100.0 * (hi + pad * 1.6).min(1.0),
        );
        let n = self.groups.len().max(1);
        let entries = self.legend_entries();
        let labels: Vec<&str> = entries.iter().map(|e| e.1.as_str()).collect();
        let (w, _) = self.size();
        let body = root
            .margin(10, 0, 0, 0)
            .titled(&self.title, (FONT, title_size(root, &self.title)))?;
        let (main, side) = body.split_horizontally(w - legend_width(root, &labels));
        let mut chart = ChartBuilder::on(&main)
            .margin(16)
            .x_label_area_size(56)
            .y_label_area_size(78)
            .build_cartesian_2d(-0.5..n as f64 - 0.5, y0..y1)?;
        let names: Vec<&str> = self.groups.iter().map(|g| g.0.as_str()).collect();
        let fmt_x = |v: &f64| {
            let i = v.round();
            if (v - i).abs() < 1e-9 && i >= 0.0 && (i as usize) < names.len() {
                names[i as usize].to_string()
            } else {
                String::new()
            }
        };
        let fmt_y = |v: &f64| format!("{v:.0}%");
        chart
            .configure_mesh()
            .disable_x_mesh()
            .light_line_style(WHITE)
            .bold_line_style(GRID)
            .axis_style(AXIS)
            .x_labels(n)
            .x_label_formatter(&fmt_x)
            .y_label_formatter(&fmt_y)
            .x_desc("edition")
            .y_desc(&self.y_desc)
            .axis_desc_style(text(18))
            .label_style(text(16))
            .draw()?;
        let sides = self.sides.len().max(1);
        let step = 0.7 / sides as f64;
        let x_of =
            |g: usize, side: usize| g as f64 + (side as f64 - (sides - 1) as f64 / 2.0) * step;
        for (g, (_, look, points)) in self.groups.iter().enumerate() {
            for p in points {
                let x = x_of(g, p.side);
                draw_point(&mut chart, *look, p, x)?;
            }
        }
        side_legend(&side, 30, &entries)
    }
}

impl Intervals {
    /// The legend, beside the plot: sides by shape (in grey), the exact
    /// mark, the whisker.
    fn legend_entries(&self) -> Vec<(Swatch, String)> {
        let grey = RGBColor(110, 110, 110);
        let mut entries: Vec<(Swatch, String)> = self
            .sides
            .iter()
            .enumerate()
            .map(|(k, side)| {
                let look = Look {
                    color: grey,
                    marker: SIDE_MARKERS[k % SIDE_MARKERS.len()],
                };
                (Swatch::Marker(look), side.clone())
            })
            .collect();
        entries.push((Swatch::None, String::new()));
        if self
            .groups
            .iter()
            .any(|g| g.2.iter().any(|p| p.exact.is_some()))
        {
            entries.push((Swatch::Dash(BLACK), "exact value".to_string()));
            entries.push((Swatch::Indent, "(round chain)".to_string()));
        }
        entries.push((Swatch::Upright(grey), "estimate,".to_string()));
        entries.push((Swatch::Indent, "95% interval".to_string()));
        entries
    }
}

/// Draws point `p` of an edition drawn as `look` at `x`: its interval's
/// whisker, its side's marker at the estimate, the exact value's bar
/// where known, and the estimate written above.
fn draw_point<'a, DB: DrawingBackend + 'a>(
    chart: &mut ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>,
    look: Look,
    p: &Point,
    x: f64,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let (v, l, h) = (100.0 * p.value, 100.0 * p.low, 100.0 * p.high);
    let whisker = look.color.stroke_width(2);
    chart.draw_series([
        PathElement::new(vec![(x, l), (x, h)], whisker),
        PathElement::new(vec![(x - 0.04, l), (x + 0.04, l)], whisker),
        PathElement::new(vec![(x - 0.04, h), (x + 0.04, h)], whisker),
    ])?;
    let shape = Look {
        color: look.color,
        marker: SIDE_MARKERS[p.side % SIDE_MARKERS.len()],
    };
    markers(chart, &[(x, v)], shape, 6)?;
    if let Some(e) = p.exact {
        let e = 100.0 * e;
        chart.draw_series(std::iter::once(PathElement::new(
            vec![(x - 0.09, e), (x + 0.09, e)],
            BLACK.stroke_width(2),
        )))?;
    }
    let label = format!("{v:.1}%");
    chart.draw_series(std::iter::once(
        EmptyElement::at((x, h))
            + Text::new(
                label,
                (0, -14),
                text(14).pos(Pos::new(HPos::Center, VPos::Center)),
            ),
    ))?;
    Ok(())
}
