//! Lines over a numeric x axis: the single roll's chances by pool, a
//! conflict's rounds.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::palette::Look;
use super::render::Draw;
use super::style::{AXIS, FONT, GRID, legend, markers, text, title_size};

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
}

impl Draw for Lines {
    fn size(&self) -> (u32, u32) {
        (960, 540)
    }

    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        root.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(root)
            .caption(&self.title, (FONT, title_size(root, &self.title)))
            .margin(16)
            .x_label_area_size(56)
            .y_label_area_size(78)
            .build_cartesian_2d(self.x.0..self.x.1, self.y.0..self.y.1)?;
        let percent = self.percent;
        let fmt_y = move |v: &f64| {
            if percent {
                format!("{v:.0}%")
            } else {
                format!("{v:.2}")
            }
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
