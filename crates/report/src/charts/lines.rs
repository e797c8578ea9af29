//! Lines over a numeric x axis: the single roll's chances by pool, a
//! conflict's rounds.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::palette::Look;
use super::render::Draw;
use super::style::{
    AXIS, FONT, GRID, change_axis, legend, markers, percent_tick, text, title_size,
};

/// One line of a [`Lines`] chart.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    /// Its name in the legend.
    pub name: String,
    /// Its colour and marker.
    pub look: Look,
    /// Its points.
    pub points: Vec<(f64, f64)>,
}

/// Where a legend goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Corner {
    /// Top left of the plot.
    UpperLeft,
    /// Top right of the plot.
    UpperRight,
    /// Bottom right of the plot.
    LowerRight,
}

/// Lines over a numeric x axis, one per series, with markers.
#[derive(Debug, Clone, PartialEq)]
pub struct Lines {
    /// The title.
    pub title: String,
    /// The x axis' label (with its unit).
    pub x_desc: String,
    /// The y axis' label (with its unit).
    pub y_desc: String,
    /// The lines.
    pub series: Vec<Series>,
    /// The x range.
    pub x: (f64, f64),
    /// The y range.
    pub y: (f64, f64),
    /// Whether y is a percentage (labels end in `%`).
    pub percent: bool,
    /// Where the legend goes.
    pub legend: Corner,
    /// A panel below of each line's change from one of them, when the
    /// chart compares rule sets.
    pub delta: Option<Delta>,
}

/// A panel under a [`Lines`] chart: each line less the base's, in
/// percentage points, on an axis scaled to the changes (0 always on it),
/// so that lines that lie close above stand apart.
#[derive(Debug, Clone, PartialEq)]
pub struct Delta {
    /// Its y axis' label (`change from revised (points)`).
    pub y_desc: String,
    /// Each line's change from the base, the base's own at 0.
    pub series: Vec<Series>,
}

/// The height in pixels of a [`Delta`] panel.
const DELTA_PX: u32 = 300;

impl Draw for Lines {
    fn size(&self) -> (u32, u32) {
        (960, 540 + self.delta.as_ref().map_or(0, |_| DELTA_PX))
    }

    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        root.fill(&WHITE)?;
        let (root, below) = root.split_vertically(540);
        if let Some(d) = &self.delta {
            self.draw_delta(&below, d)?;
        }
        let mut chart = ChartBuilder::on(&root)
            .caption(&self.title, (FONT, title_size(&root, &self.title)))
            .margin(16)
            .x_label_area_size(56)
            .y_label_area_size(78)
            .build_cartesian_2d(self.x.0..self.x.1, self.y.0..self.y.1)?;
        let percent = self.percent;
        let tick = percent_tick(self.y.1 - self.y.0, false);
        let fmt_y = move |v: &f64| {
            if percent { tick(v) } else { format!("{v:.2}") }
        };
        // Whole numbers only: a short axis would repeat a rounded label.
        let fmt_x = |v: &f64| {
            if (v - v.round()).abs() < 1e-9 {
                format!("{v:.0}")
            } else {
                String::new()
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
            .x_label_formatter(&fmt_x)
            .y_label_formatter(&fmt_y)
            .draw()?;
        for s in &self.series {
            let look = s.look;
            let anno = chart
                .draw_series(LineSeries::new(
                    s.points.iter().copied(),
                    look.color.stroke_width(2),
                ))?
                .label(&s.name);
            legend(anno, look, 4, true);
            markers(&mut chart, &s.points, look, 4)?;
        }
        chart
            .configure_series_labels()
            .position(match self.legend {
                Corner::UpperLeft => SeriesLabelPosition::UpperLeft,
                Corner::UpperRight => SeriesLabelPosition::UpperRight,
                Corner::LowerRight => SeriesLabelPosition::LowerRight,
            })
            .margin(12)
            .legend_area_size(34)
            .label_font(text(16))
            .background_style(WHITE.mix(0.9))
            .border_style(AXIS)
            .draw()?;
        Ok(())
    }
}

impl Lines {
    /// Draws the panel of changes `d` on `area`: a zero line, each
    /// series' change in its colour and marker.
    fn draw_delta<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        d: &Delta,
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        let (y0, y1) = change_axis(d.series.iter().flat_map(|s| s.points.iter().map(|p| p.1)));
        let mut chart = ChartBuilder::on(area)
            .margin(16)
            .x_label_area_size(56)
            .y_label_area_size(78)
            .build_cartesian_2d(self.x.0..self.x.1, y0..y1)?;
        let fmt_x = |v: &f64| {
            if (v - v.round()).abs() < 1e-9 {
                format!("{v:.0}")
            } else {
                String::new()
            }
        };
        let fmt_y = percent_tick(y1 - y0, true);
        chart
            .configure_mesh()
            .light_line_style(WHITE)
            .bold_line_style(GRID)
            .axis_style(AXIS)
            .x_desc(&self.x_desc)
            .y_desc(&d.y_desc)
            .axis_desc_style(text(18))
            .label_style(text(15))
            .x_label_formatter(&fmt_x)
            .y_label_formatter(&fmt_y)
            .draw()?;
        chart.draw_series(std::iter::once(PathElement::new(
            vec![(self.x.0, 0.0), (self.x.1, 0.0)],
            AXIS.stroke_width(1),
        )))?;
        for s in &d.series {
            chart.draw_series(LineSeries::new(
                s.points.iter().copied(),
                s.look.color.stroke_width(2),
            ))?;
            markers(&mut chart, &s.points, s.look, 4)?;
        }
        Ok(())
    }
}
