//! Reports of wodds results: tidy Parquet tables (polars), charts
//! (plotters, SVG and PNG) and one HTML page comparing the editions.
//!
//! - [`build`] makes a whole report from [`Options`]: the exact odds of a
//!   single roll and the standard extended-action table for every edition,
//!   then each scenario's fights, chases or grapples, written as Parquet,
//!   charts, `index.html` and `manifest.json` into a temporary directory
//!   beside `--out`, renamed into place whole.
//! - A scenario's results become a [`Section`]: tidy [`Metric`] rows (one
//!   per metric, exact or estimated with a 95% interval, by round for a
//!   chase's Lead or a grapple's Control), [`Bucket`]s of its
//!   distributions, and the [`ChartSpec`]s drawn from them. [`compute::fights`]
//!   builds it for every kind of conflict, reading from the scenario what
//!   it reports (its ways of ending, its figures, its track, its charts);
//!   the tables, charts and page take a `Section` as it is.
//! - [`build_part`] plays only a shard's share of the batches and writes
//!   its integer tallies as a part ([`part`]: Parquet and a manifest);
//!   [`merge`] adds the parts up ([`read_parts`] checks they belong
//!   together) and writes the report [`build`] writes in one go, byte for
//!   byte.
//! - [`tables`] holds every table's schema (docs/report.md documents it, and
//!   a test holds the files to it); [`charts`] draws; [`page`] renders the
//!   page with minijinja; [`charts::palette`] gives each edition its colour.
//!
//! polars and plotters are used here only, so the other crates build and
//! test without them.
//!
//! ```no_run
//! use wodds_report::{Options, build};
//! let opts = Options {
//!     scenarios: vec!["scenarios/brawl.toml".into()],
//!     out: "reports/latest".into(),
//!     trials: Some(10_000),
//!     seed: None,
//!     editions: Vec::new(),
//!     force: false,
//! };
//! let written = build(&opts, &()).unwrap();
//! println!("{}", written.index.display());
//! ```

pub mod charts;
pub mod check;
pub mod compare;
pub mod compute;
mod error;
pub mod files;
pub mod manifest;
pub mod page;
pub mod part;
mod pipeline;
mod progress;
pub mod publish;
pub mod stats;
pub mod sweep;
pub mod tables;

pub use compute::rows::{Bucket, Metric};
pub use compute::section::{ChartSpec, Section};
pub use compute::{MAX_TRIALS, Options};
pub use error::ReportError;
pub use manifest::Manifest;
pub use part::{Parts, read_parts};
pub use pipeline::shard::{PartWritten, build_part};
pub use pipeline::{Timings, Written, build, merge};
/// polars, as the tables are built and read with it.
pub use polars;
pub use progress::Progress;
