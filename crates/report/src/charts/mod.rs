//! The charts stage: which charts a report draws, with their captions
//! ([`plan`]: the single roll's, "What is a dot worth", each scenario's
//! as its section asks), and every chart (a sweep's too) drawn with
//! plotters, once as SVG and once as PNG ([`render`], [`draw`]), one file
//! per kind of chart, each edition in its own colour and marker
//! ([`palette`]).

mod bands;
mod bars;
mod changes;
mod heatmap;
mod intervals;
mod kind;
mod lines;
pub mod palette;
mod plan;
mod render;
mod scenario;
mod single;
mod style;

pub use bands::{BandPoint, BandSeries, Bands};
pub use bars::{Bar, Bars};
pub use heatmap::Heatmap;
pub use intervals::{Intervals, Panel, Point};
pub use lines::{Corner, Delta, Lines, Series};
pub use plan::{Drawn, Place, Planned, draw, plan};
pub use render::{Draw, Rendered, render};
