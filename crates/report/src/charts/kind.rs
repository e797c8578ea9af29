//! A chart of any kind, as the planner hands it to be drawn.

use super::bands::Bands;
use super::bars::Bars;
use super::heatmap::Heatmap;
use super::intervals::Intervals;
use super::lines::Lines;
use super::render::{Rendered, render};
use crate::error::ReportError;

/// A chart to draw, of any kind.
pub(super) enum Chart {
    /// Lines over a numeric axis.
    Lines(Lines),
    /// A heatmap.
    Heatmap(Heatmap),
    /// Estimates with intervals.
    Intervals(Intervals),
    /// A figure by round with its band.
    Bands(Bands),
    /// Horizontal bars.
    Bars(Bars),
}

impl Chart {
    /// Draws it as SVG and PNG; `name` names it in errors.
    pub(super) fn render(&self, name: &str) -> Result<Rendered, ReportError> {
        match self {
            Chart::Lines(c) => render(name, c),
            Chart::Heatmap(c) => render(name, c),
            Chart::Intervals(c) => render(name, c),
            Chart::Bands(c) => render(name, c),
            Chart::Bars(c) => render(name, c),
        }
    }
}
