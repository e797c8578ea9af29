//! Charts, drawn with plotters once as SVG (inlined in the page) and once
//! as PNG (text set in DejaVu Sans, embedded, so no system font is looked
//! up and the pixels are the same on every machine).

use std::sync::Once;

use plotters::chart::{ChartContext, SeriesAnno};
use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::error::ReportError;
use crate::palette::{Look, Marker, dark, viridis};

/// The font family every chart names.
const FONT: &str = "sans-serif";

/// A chart drawn: its SVG text and PNG bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    /// The SVG document.
    pub svg: String,
    /// The PNG image.
    pub png: Vec<u8>,
}

/// Something that draws itself on any plotters backend.
pub trait Draw {
    /// Its size in pixels.
    fn size(&self) -> (u32, u32);
    /// Draws it on `root`.
    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>>;
}

/// Registers the embedded font with plotters, once.
fn fonts() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The bytes are DejaVu's own TTF files: they parse.
        let _ = plotters::style::register_font(FONT, FontStyle::Normal, dejavu::sans::regular());
        let _ = plotters::style::register_font(FONT, FontStyle::Bold, dejavu::sans::bold());
    });
}

/// Draws `chart` as SVG and as PNG; `name` names it in errors.
pub fn render(name: &str, chart: &impl Draw) -> Result<Rendered, ReportError> {
    fonts();
    let fail = |message: String| ReportError::Chart {
        name: name.to_string(),
        message,
    };
    let (w, h) = chart.size();
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (w, h)).into_drawing_area();
        chart.draw(&root).map_err(|e| fail(e.to_string()))?;
        root.present().map_err(|e| fail(e.to_string()))?;
    }
    let mut pixels = vec![0u8; w as usize * h as usize * 3];
    {
        let root = BitMapBackend::with_buffer(&mut pixels, (w, h)).into_drawing_area();
        chart.draw(&root).map_err(|e| fail(e.to_string()))?;
        root.present().map_err(|e| fail(e.to_string()))?;
    }
    let mut png = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut png, w, h);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let mut writer = enc.write_header().map_err(|e| fail(e.to_string()))?;
        writer
            .write_image_data(&pixels)
            .map_err(|e| fail(e.to_string()))?;
        writer.finish().map_err(|e| fail(e.to_string()))?;
    }
    Ok(Rendered { svg, png })
}

fn text(size: u32) -> TextStyle<'static> {
    (FONT, size).into_font().color(&BLACK)
}

fn centred(size: u32) -> TextStyle<'static> {
    text(size).pos(Pos::new(HPos::Center, VPos::Center))
}

const GRID: RGBColor = RGBColor(225, 225, 225);
const AXIS: RGBColor = RGBColor(90, 90, 90);

/// Draws `look`'s marker at each point.
fn markers<'a, DB: DrawingBackend + 'a>(
    chart: &mut ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>,
    points: &[(f64, f64)],
    look: Look,
    size: i32,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let fill = look.color.filled();
    let pts = points.iter().copied();
    match look.marker {
        Marker::Circle => chart.draw_series(pts.map(|p| Circle::new(p, size, fill)))?,
        Marker::Triangle => {
            chart.draw_series(pts.map(|p| TriangleMarker::new(p, size + 1, fill)))?
        }
        Marker::Square => {
            chart.draw_series(pts.map(|p| {
                EmptyElement::at(p) + Rectangle::new([(-size, -size), (size, size)], fill)
            }))?
        }
        Marker::Cross => {
            chart.draw_series(pts.map(|p| Cross::new(p, size, look.color.stroke_width(2))))?
        }
    };
    Ok(())
}

/// Gives a series its legend entry: `look`'s marker, on a short line of
/// its colour when `line`.
fn legend<'a, DB: DrawingBackend + 'a>(
    anno: &mut SeriesAnno<'a, DB>,
    look: Look,
    size: i32,
    line: bool,
) {
    let fill = look.color.filled();
    let stroke = look.color.stroke_width(2);
    let path = move || {
        if line {
            vec![(-2, 0), (22, 0)]
        } else {
            Vec::new()
        }
    };
    match look.marker {
        Marker::Circle => anno.legend(move |(x, y)| {
            EmptyElement::at((x, y))
                + PathElement::new(path(), stroke)
                + Circle::new((10, 0), size, fill)
        }),
        Marker::Triangle => anno.legend(move |(x, y)| {
            EmptyElement::at((x, y))
                + PathElement::new(path(), stroke)
                + TriangleMarker::new((10, 0), size + 1, fill)
        }),
        Marker::Square => anno.legend(move |(x, y)| {
            EmptyElement::at((x, y))
                + PathElement::new(path(), stroke)
                + Rectangle::new([(10 - size, -size), (10 + size, size)], fill)
        }),
        Marker::Cross => anno.legend(move |(x, y)| {
            EmptyElement::at((x, y))
                + PathElement::new(path(), stroke)
                + Cross::new((10, 0), size, stroke)
        }),
    };
}

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
            .caption(&self.title, (FONT, 24))
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
        let fmt_x = |v: &f64| format!("{v:.0}");
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

/// A grid of probabilities: pools across, difficulties up, each cell
/// coloured by viridis and labelled with its percentage.
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
    /// `z[j][i]`: the probability at `ys[j]`, `xs[i]`.
    pub z: Vec<Vec<f64>>,
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
            .caption(&self.title, (FONT, 24))
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
            let c = viridis(p);
            chart.draw_series(std::iter::once(Rectangle::new(
                [(x - 0.5, y - 0.5), (x + 0.5, y + 0.5)],
                c.filled(),
            )))?;
            let label = format!("{:.0}", 100.0 * p);
            let ink = if dark(c) { WHITE } else { BLACK };
            chart.draw_series(std::iter::once(Text::new(
                label,
                (x, y),
                centred(13).color(&ink),
            )))?;
        }
        // The colour bar.
        let mut scale = ChartBuilder::on(&bar)
            .margin_top(56)
            .margin_bottom(72)
            .margin_right(8)
            .y_label_area_size(52)
            .build_cartesian_2d(0.0..1.0, 0.0..100.0)?;
        let pct = |v: &f64| format!("{v:.0}%");
        scale
            .configure_mesh()
            .disable_mesh()
            .disable_x_axis()
            .axis_style(AXIS)
            .y_labels(6)
            .y_label_formatter(&pct)
            .label_style(text(14))
            .draw()?;
        scale.draw_series((0..100).map(|k| {
            let t = f64::from(k);
            Rectangle::new([(0.0, t), (1.0, t + 1.0)], viridis(t / 100.0).filled())
        }))?;
        bar.draw(&Text::new(self.z_desc.clone(), (8, 24), text(15)))?;
        Ok(())
    }
}

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
const SIDE_MARKERS: [Marker; 4] = [
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
        let mut chart = ChartBuilder::on(root)
            .caption(&self.title, (FONT, 24))
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
                markers(&mut chart, &[(x, v)], shape, 6)?;
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
            }
        }
        // The legend: sides by shape (in grey), and the exact mark.
        let grey = RGBColor(110, 110, 110);
        for (k, side) in self.sides.iter().enumerate() {
            let look = Look {
                color: grey,
                marker: SIDE_MARKERS[k % SIDE_MARKERS.len()],
            };
            let anno = chart
                .draw_series(std::iter::empty::<Circle<(f64, f64), i32>>())?
                .label(side.as_str());
            legend(anno, look, 6, false);
        }
        if self
            .groups
            .iter()
            .any(|g| g.2.iter().any(|p| p.exact.is_some()))
        {
            chart
                .draw_series(std::iter::empty::<Circle<(f64, f64), i32>>())?
                .label("exact value (round chain)")
                .legend(|(x, y)| {
                    PathElement::new(vec![(x, y), (x + 18, y)], BLACK.stroke_width(2))
                });
        }
        chart
            .draw_series(std::iter::empty::<Circle<(f64, f64), i32>>())?
            .label("estimate, 95% interval")
            .legend(move |(x, y)| {
                PathElement::new(vec![(x + 8, y - 8), (x + 8, y + 8)], grey.stroke_width(2))
            });
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .margin(10)
            .legend_area_size(30)
            .label_font(text(15))
            .background_style(WHITE.mix(0.9))
            .border_style(AXIS)
            .draw()?;
        Ok(())
    }
}
