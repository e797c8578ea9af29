//! What every chart shares: the font and text sizes, the grid and axis
//! colours, the editions' markers and the legends.

use plotters::chart::{ChartContext, SeriesAnno};
use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::palette::{Look, Marker};

/// The font family every chart names.
pub(super) const FONT: &str = "sans-serif";

/// The largest title size, 24 pixels down to 13, at which `title` fits
/// across `area` with a margin (a long scenario name would be cut off at
/// both ends otherwise).
pub(super) fn title_size<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, title: &str) -> u32 {
    let room = area.dim_in_pixel().0.saturating_sub(32);
    (13..=24)
        .rev()
        .find(|&size| {
            area.estimate_text_size(title, &text(size))
                .is_ok_and(|(w, _)| w <= room)
        })
        .unwrap_or(13)
}

pub(super) fn text(size: u32) -> TextStyle<'static> {
    (FONT, size).into_font().color(&BLACK)
}

pub(super) fn centred(size: u32) -> TextStyle<'static> {
    text(size).pos(Pos::new(HPos::Center, VPos::Center))
}

pub(super) const GRID: RGBColor = RGBColor(225, 225, 225);
pub(super) const AXIS: RGBColor = RGBColor(90, 90, 90);

/// Draws `look`'s marker at each point.
pub(super) fn markers<'a, DB: DrawingBackend + 'a>(
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
pub(super) fn legend<'a, DB: DrawingBackend + 'a>(
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

/// What an entry of a side legend shows beside its words.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Swatch {
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
pub(super) fn legend_width<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    labels: &[&str],
) -> u32 {
    let widest = labels
        .iter()
        .map(|l| root.estimate_text_size(l, &text(15)).map_or(0, |(w, _)| w))
        .max()
        .unwrap_or(0);
    (widest + 60).clamp(150, 420)
}

/// Draws a legend down `area` (beside a chart, so it never covers one).
pub(super) fn side_legend<DB: DrawingBackend>(
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
