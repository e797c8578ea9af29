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

/// The least a chance axis spans, in percentage points: two figures that
/// differ by less than a tenth of a point stay together on it, so noise
/// is not drawn as a change.
pub(super) const MIN_CHANCE_SPAN: f64 = 2.0;

/// The least a change axis spans, in percentage points.
pub(super) const MIN_CHANGE_SPAN: f64 = 1.0;

/// A chance axis (in percent) scaled to what a chart shows, never 0–100%
/// when the figures lie closer: from the lowest to the highest of
/// `values` (figures, interval ends, exact values), padded by a tenth of
/// that span on each side, at least [`MIN_CHANCE_SPAN`] points in all,
/// within 0–100%. A chart that compares rule sets draws on it, so that a
/// change of half a point between two editions is a fifth of its height
/// or more when the figures lie within two points.
pub(super) fn chance_axis(values: impl IntoIterator<Item = f64>) -> (f64, f64) {
    let (lo, hi) = values
        .into_iter()
        .filter(|v| v.is_finite())
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), v| {
            (l.min(v), h.max(v))
        });
    if !lo.is_finite() {
        return (0.0, 100.0);
    }
    let (lo, hi) = (lo.clamp(0.0, 100.0), hi.clamp(0.0, 100.0));
    let span = hi - lo;
    let pad = (span * 0.1).max((MIN_CHANCE_SPAN - span) / 2.0);
    let (mut a, mut b) = (lo - pad, hi + pad);
    // Held within 0–100%, the room lost at one end given to the other.
    if a < 0.0 {
        b = (b - a).min(100.0);
        a = 0.0;
    }
    if b > 100.0 {
        a = (a - (b - 100.0)).max(0.0);
        b = 100.0;
    }
    (a, b)
}

/// A change axis (in percentage points) scaled to the changes `values`
/// a chart shows, always with 0 on it: padded by a tenth of the span on
/// each side, at least [`MIN_CHANGE_SPAN`] points in all.
pub(super) fn change_axis(values: impl IntoIterator<Item = f64>) -> (f64, f64) {
    let (lo, hi) = values
        .into_iter()
        .filter(|v| v.is_finite())
        .fold((0.0f64, 0.0f64), |(l, h), v| (l.min(v), h.max(v)));
    let span = hi - lo;
    let pad = (span * 0.1).max((MIN_CHANGE_SPAN - span) / 2.0);
    (lo - pad, hi + pad)
}

/// Formats a tick of an axis spanning `span`, in percent (`%`) or
/// percentage points (`points`: signed, no `%`), with as many decimals
/// as the span needs to tell its ticks apart.
pub(super) fn percent_tick(span: f64, points: bool) -> impl Fn(&f64) -> String {
    let decimals = if span >= 10.0 {
        0
    } else if span >= 1.0 {
        1
    } else {
        2
    };
    move |v: &f64| {
        // Rounded first: a tick at -1e-15 is 0, not -0.
        let r = (v * 100.0).round() / 100.0 + 0.0;
        if points {
            if r == 0.0 {
                "0".to_string()
            } else {
                format!("{r:+.decimals$}")
            }
        } else if !(0.0..=100.0).contains(&r) {
            // Room left for a label past the last chance is no chance:
            // its tick is left unlabelled.
            String::new()
        } else {
            format!("{r:.decimals$}%")
        }
    }
}

/// An edition's id as a chart's axis names it: a house rule's path by
/// its file name (the legend and the page give the whole path).
pub(super) fn short_id(id: &str) -> &str {
    id.rsplit(['/', '\\']).next().unwrap_or(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two editions' figures half a point apart near 50%: the axis spans
    /// the minimum two points, so the change is a quarter of its height.
    #[test]
    fn half_a_point_is_a_quarter_of_a_tight_axis() {
        let (a, b) = chance_axis([50.0, 50.5]);
        assert!((b - a - MIN_CHANCE_SPAN).abs() < 1e-12, "{a}..{b}");
        assert!(a < 50.0 && b > 50.5);
        assert!(0.5 / (b - a) >= 0.2);
    }

    /// Figures spread from 3% to 97% take the whole 0–100% axis, padded
    /// by a tenth and held within it; near 0, the room goes above.
    #[test]
    fn a_wide_spread_stays_within_0_and_100() {
        assert_eq!(chance_axis([3.0, 97.0]), (0.0, 100.0));
        let (a, b) = chance_axis([0.0, 0.4]);
        assert_eq!(a, 0.0);
        assert!((b - MIN_CHANCE_SPAN).abs() < 1e-12, "{b}");
        assert_eq!(chance_axis([20.0, 30.0]), (19.0, 31.0));
        assert_eq!(chance_axis(std::iter::empty()), (0.0, 100.0));
    }

    /// A change axis always shows 0, however the changes lie.
    #[test]
    fn a_change_axis_holds_zero() {
        let (a, b) = change_axis([2.0, 3.0]);
        assert!(a < 0.0 && b > 3.0, "{a}..{b}");
        let (a, b) = change_axis([0.0]);
        assert_eq!((a, b), (-0.5, 0.5));
    }

    #[test]
    fn ticks_say_percent_or_signed_points() {
        assert_eq!(percent_tick(40.0, false)(&25.0), "25%");
        assert_eq!(percent_tick(2.0, false)(&49.5), "49.5%");
        // No chance lies past 100% or below 0%.
        assert_eq!(percent_tick(40.0, false)(&110.0), "");
        assert_eq!(percent_tick(40.0, false)(&100.0), "100%");
        assert_eq!(percent_tick(4.0, true)(&1.5), "+1.5");
        assert_eq!(percent_tick(4.0, true)(&-1e-15), "0");
        assert_eq!(percent_tick(0.5, true)(&-0.25), "-0.25");
    }

    #[test]
    fn a_house_rule_is_named_by_its_file() {
        assert_eq!(
            short_id("docs/examples/our-table-next.toml"),
            "our-table-next.toml"
        );
        assert_eq!(short_id("revised"), "revised");
    }
}
