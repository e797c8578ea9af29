//! The charts stage: every chart of a report (and of a sweep) drawn with
//! plotters, once as SVG and once as PNG ([`render`]), one file per kind
//! of chart, each edition in its own colour and marker ([`palette`]).

mod bands;
mod bars;
mod heatmap;
mod intervals;
mod lines;
pub mod palette;
mod render;
mod style;

pub use bands::{BandPoint, BandSeries, Bands};
pub use bars::{Bar, Bars};
pub use heatmap::Heatmap;
pub use intervals::{Intervals, Point};
pub use lines::{Corner, Lines, Series};
pub use render::{Draw, Rendered, render};
