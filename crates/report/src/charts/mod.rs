//! Charts, drawn with plotters once as SVG (inlined in the page) and once
//! as PNG (text set in DejaVu Sans, embedded, so no system font is looked
//! up and the pixels are the same on every machine).

pub mod palette;

use std::sync::Once;

use plotters::chart::{ChartContext, SeriesAnno};
use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::charts::palette::{Look, Marker, dark, viridis};
use crate::error::ReportError;

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

/// The largest title size, 24 pixels down to 13, at which `title` fits
/// across `area` with a margin (a long scenario name would be cut off at
/// both ends otherwise).
fn title_size<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, title: &str) -> u32 {
    let room = area.dim_in_pixel().0.saturating_sub(32);
    (13..=24)
        .rev()
        .find(|&size| {
            area.estimate_text_size(title, &text(size))
                .is_ok_and(|(w, _)| w <= room)
        })
        .unwrap_or(13)
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
        // The legend, beside the plot: sides by shape (in grey), the exact
        // mark, the whisker.
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
        side_legend(&side, 30, &entries)
    }
}

/// What an entry of a side legend shows beside its words.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Swatch {
    /// A line of the look's colour with its marker.
    Line(Look),
    /// A filled box.
    Box(RGBColor),
    /// A pale box with a black whisker across: an estimate and its
    /// interval.
    Whisker(RGBColor),
    /// The look's marker alone.
    Marker(Look),
    /// A short thick horizontal line.
    Dash(RGBColor),
    /// An upright line: a whisker.
    Upright(RGBColor),
    /// Words only.
    None,
    /// Words only, lined up with the words of entries that have a
    /// swatch (an entry's second line).
    Indent,
}

/// Width in pixels of a side legend holding `labels`.
fn legend_width<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, labels: &[&str]) -> u32 {
    let widest = labels
        .iter()
        .map(|l| root.estimate_text_size(l, &text(15)).map_or(0, |(w, _)| w))
        .max()
        .unwrap_or(0);
    (widest + 60).clamp(150, 420)
}

/// Draws a legend down `area` (beside a chart, so it never covers one).
fn side_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    top: i32,
    entries: &[(Swatch, String)],
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let mut y = top;
    for (swatch, label) in entries {
        let x = 6;
        match *swatch {
            Swatch::Line(look) => {
                area.draw(&PathElement::new(
                    vec![(x, y), (x + 26, y)],
                    look.color.stroke_width(2),
                ))?;
                let (c, f) = ((x + 13, y), look.color.filled());
                match look.marker {
                    Marker::Circle => area.draw(&Circle::new(c, 4, f))?,
                    Marker::Triangle => area.draw(&TriangleMarker::new(c, 5, f))?,
                    Marker::Square => {
                        area.draw(&Rectangle::new([(c.0 - 4, y - 4), (c.0 + 4, y + 4)], f))?
                    }
                    Marker::Cross => area.draw(&Cross::new(c, 4, look.color.stroke_width(2)))?,
                }
            }
            Swatch::Box(color) => {
                area.draw(&Rectangle::new(
                    [(x, y - 7), (x + 26, y + 7)],
                    color.filled(),
                ))?;
            }
            Swatch::Whisker(color) => {
                area.draw(&Rectangle::new(
                    [(x, y - 7), (x + 18, y + 7)],
                    color.mix(0.45).filled(),
                ))?;
                area.draw(&PathElement::new(
                    vec![(x + 10, y), (x + 26, y)],
                    BLACK.stroke_width(1),
                ))?;
                area.draw(&PathElement::new(
                    vec![(x + 26, y - 4), (x + 26, y + 4)],
                    BLACK.stroke_width(1),
                ))?;
            }
            Swatch::Marker(look) => {
                let (c, f) = ((x + 13, y), look.color.filled());
                match look.marker {
                    Marker::Circle => area.draw(&Circle::new(c, 6, f))?,
                    Marker::Triangle => area.draw(&TriangleMarker::new(c, 7, f))?,
                    Marker::Square => {
                        area.draw(&Rectangle::new([(c.0 - 6, y - 6), (c.0 + 6, y + 6)], f))?
                    }
                    Marker::Cross => area.draw(&Cross::new(c, 6, look.color.stroke_width(2)))?,
                }
            }
            Swatch::Dash(color) => {
                area.draw(&PathElement::new(
                    vec![(x + 2, y), (x + 24, y)],
                    color.stroke_width(2),
                ))?;
            }
            Swatch::Upright(color) => {
                area.draw(&PathElement::new(
                    vec![(x + 13, y - 9), (x + 13, y + 9)],
                    color.stroke_width(2),
                ))?;
            }
            Swatch::None | Swatch::Indent => {}
        }
        let tx = if *swatch == Swatch::None { x } else { x + 36 };
        area.draw(&Text::new(
            label.clone(),
            (tx, y),
            text(15).pos(Pos::new(HPos::Left, VPos::Center)),
        ))?;
        y += 26;
    }
    Ok(())
}

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
    /// The y axis' range, when fixed (a chance: 0 to 1); else every band
    /// and line inside, padded.
    pub y_range: Option<(f64, f64)>,
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
        let pad = ((hi - lo) * 0.08).max(0.5);
        let y = self.y_range.unwrap_or((lo - pad, hi + pad));
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
        let fmt_y = |v: &f64| format!("{:.1}", v + 0.0);
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
}

/// Pixels a bar of a [`Bars`] chart takes, and the gap between outcomes.
const BAR_PX: u32 = 20;
const GROUP_GAP_PX: u32 = 22;

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
        // below 0, a change for the worse).
        let x1 = (100.0 * top * 1.22).max(100.0 * top + 14.0);
        let x0 = if bottom < 0.0 {
            (100.0 * bottom * 1.22).min(100.0 * bottom - 14.0)
        } else {
            0.0
        };
        let mut chart = ChartBuilder::on(&main)
            .margin(16)
            .x_label_area_size(56)
            .y_label_area_size(130)
            .build_cartesian_2d(x0..x1, -0.5..g as f64 - 0.5)?;
        let fmt_x = |v: &f64| {
            if (-100.0 - 1e-9..=100.0 + 1e-9).contains(v) {
                format!("{v:.0}%")
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
        let slot = 0.8 / n as f64;
        let half = slot * 0.4;
        for (k, (_, look, bars)) in self.editions.iter().enumerate() {
            for (j, bar) in bars.iter().enumerate().take(g) {
                let Some(b) = bar else { continue };
                let y = (g - 1 - j) as f64 + 0.4 - (k as f64 + 0.5) * slot;
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
                let mut end = v;
                if let (false, Some((l, h))) = (b.exact, b.interval) {
                    let (l, h) = (100.0 * l, 100.0 * h);
                    let w = BLACK.stroke_width(1);
                    chart.draw_series([
                        PathElement::new(vec![(l, y), (h, y)], w),
                        PathElement::new(vec![(l, y - half * 0.6), (l, y + half * 0.6)], w),
                        PathElement::new(vec![(h, y - half * 0.6), (h, y + half * 0.6)], w),
                    ])?;
                    end = end.max(h);
                }
                let label = if v < 10.0 {
                    format!("{:.2}%", v + 0.0)
                } else {
                    format!("{v:.1}%")
                };
                chart.draw_series(std::iter::once(
                    EmptyElement::at((end, y))
                        + Text::new(
                            label,
                            (5, 0),
                            text(13).pos(Pos::new(HPos::Left, VPos::Center)),
                        ),
                ))?;
            }
        }
        side_legend(&side, 30, &entries)
    }
}
