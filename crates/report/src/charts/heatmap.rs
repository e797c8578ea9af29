//! A heatmap of probabilities, or of changes in them: the single roll by
//! pool and difficulty, and what a rule changes in it.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::palette::{dark, diverging, viridis};
use super::render::Draw;
use super::style::{AXIS, FONT, centred, percent_tick, text, title_size};

/// A grid of probabilities: pools across, difficulties up, each cell
/// coloured by viridis and labelled with its percentage; or, when
/// `change`, of changes in a probability, coloured on a diverging scale
/// centred on zero and as wide as the largest change either way, each
/// cell labelled in signed percentage points.
#[derive(Debug, Clone, PartialEq)]
pub struct Heatmap {
    /// The title.
    pub title: String,
    /// The x axis' label.
    pub x_desc: String,
    /// The y axis' label.
    pub y_desc: String,
    /// The colour bar's label.
    pub z_desc: String,
    /// The x values (pools).
    pub xs: Vec<i32>,
    /// The y values (difficulties).
    pub ys: Vec<i32>,
    /// `z[j][i]`: the probability at `ys[j]`, `xs[i]` (its change, when
    /// `change`).
    pub z: Vec<Vec<f64>>,
    /// Whether `z` holds changes (-1..=1) rather than probabilities.
    pub change: bool,
}

impl Heatmap {
    /// The colour scale's half width in percentage points when `change`:
    /// the largest change either way, at least 0.01 points.
    fn reach(&self) -> f64 {
        let m = self.z.iter().flatten().fold(0.0f64, |m, v| m.max(v.abs()));
        (100.0 * m).max(0.01)
    }

    /// A cell's colour.
    fn color(&self, p: f64) -> RGBColor {
        if self.change {
            diverging(100.0 * p / self.reach())
        } else {
            viridis(p)
        }
    }

    /// A cell's label: its percentage, or its change in signed points
    /// (one decimal, two below a point; `0` when none).
    fn label(&self, p: f64) -> String {
        if !self.change {
            return format!("{:.0}", 100.0 * p);
        }
        let v = 100.0 * p;
        let decimals = if self.reach() >= 1.0 { 1 } else { 2 };
        let r = format!("{v:+.decimals$}");
        if r.trim_start_matches(['+', '-'])
            .chars()
            .all(|c| c == '0' || c == '.')
        {
            "0".to_string()
        } else {
            r
        }
    }
}

impl Draw for Heatmap {
    fn size(&self) -> (u32, u32) {
        (960, 560)
    }

    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        root.fill(&WHITE)?;
        let (w, _) = self.size();
        let (main, bar) = root.split_horizontally(w - 120);
        let (x0, x1) = (
            *self.xs.first().unwrap_or(&0),
            *self.xs.last().unwrap_or(&0),
        );
        let (y0, y1) = (
            *self.ys.first().unwrap_or(&0),
            *self.ys.last().unwrap_or(&0),
        );
        let mut chart = ChartBuilder::on(&main)
            .caption(&self.title, (FONT, title_size(&main, &self.title)))
            .margin(16)
            .x_label_area_size(56)
            .y_label_area_size(78)
            .build_cartesian_2d(
                f64::from(x0) - 0.5..f64::from(x1) + 0.5,
                f64::from(y0) - 0.5..f64::from(y1) + 0.5,
            )?;
        let fmt = |v: &f64| {
            if (v - v.round()).abs() < 1e-9 {
                format!("{v:.0}")
            } else {
                String::new()
            }
        };
        chart
            .configure_mesh()
            .disable_mesh()
            .axis_style(AXIS)
            .x_labels((x1 - x0 + 1) as usize)
            .y_labels((y1 - y0 + 1) as usize)
            .x_label_formatter(&fmt)
            .y_label_formatter(&fmt)
            .x_desc(&self.x_desc)
            .y_desc(&self.y_desc)
            .axis_desc_style(text(18))
            .label_style(text(15))
            .draw()?;
        let cells = self
            .ys
            .iter()
            .zip(&self.z)
            .flat_map(|(&y, row)| self.xs.iter().zip(row).map(move |(&x, &p)| (x, y, p)));
        for (x, y, p) in cells {
            let (x, y) = (f64::from(x), f64::from(y));
            let c = self.color(p);
            chart.draw_series(std::iter::once(Rectangle::new(
                [(x - 0.5, y - 0.5), (x + 0.5, y + 0.5)],
                c.filled(),
            )))?;
            let label = self.label(p);
            let ink = if dark(c) { WHITE } else { BLACK };
            chart.draw_series(std::iter::once(Text::new(
                label,
                (x, y),
                centred(13).color(&ink),
            )))?;
        }
        // The colour bar: 0-100%, or -reach..+reach points.
        let (lo, hi) = if self.change {
            (-self.reach(), self.reach())
        } else {
            (0.0, 100.0)
        };
        let mut scale = ChartBuilder::on(&bar)
            .margin_top(56)
            .margin_bottom(72)
            .margin_right(8)
            .y_label_area_size(52)
            .build_cartesian_2d(0.0..1.0, lo..hi)?;
        let change = self.change;
        let tick = percent_tick(hi - lo, change);
        scale
            .configure_mesh()
            .disable_mesh()
            .disable_x_axis()
            .axis_style(AXIS)
            .y_labels(if change { 5 } else { 6 })
            .y_label_formatter(&tick)
            .label_style(text(14))
            .draw()?;
        let step = (hi - lo) / 100.0;
        scale.draw_series((0..100).map(|k| {
            let t = lo + step * f64::from(k);
            let c = if change {
                diverging((t + step / 2.0) / hi)
            } else {
                viridis(t / 100.0)
            };
            Rectangle::new([(0.0, t), (1.0, t + step)], c.filled())
        }))?;
        bar.draw(&Text::new(self.z_desc.clone(), (8, 24), text(15)))?;
        Ok(())
    }
}
