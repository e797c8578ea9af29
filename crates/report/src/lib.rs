//! Reports of wodds results: tidy Parquet tables (polars), charts
//! (plotters, SVG and PNG) and one HTML page comparing the editions.
//!
//! A report is a pipeline of five stages, each a module, the data flowing
//! one way; [`build`] calls them in order:
//!
//! 1. [`compute`]: the inputs read and checked ([`Options`] applied to
//!    every scenario file and edition); the exact single-roll and
//!    extended-action tables ([`compute::single`]); each scenario's fights,
//!    chases or grapples played (or their tallies added up from shards'
//!    parts) and summarized as a [`Section`] ([`compute::fights`]): tidy
//!    [`Metric`] rows, exact or estimated with a 95% interval, [`Bucket`]s
//!    of its distributions and the [`ChartSpec`]s to draw, as
//!    [`compute::section`] says a scenario of its kind reports; and what a
//!    dot is worth ([`compute::dots`]). Every row a later stage reads is
//!    made here ([`compute::rows`]) and handed on as a
//!    [`compute::Computed`].
//! 2. [`tables`]: the rows as polars DataFrames, held to their schemas
//!    (docs/report.md documents them, and a test holds the files to
//!    them), written as zstd Parquet.
//! 3. [`charts`]: which charts the report draws, with their captions
//!    ([`charts::plan`]), drawn with plotters as SVG and PNG, one file per
//!    kind of chart, each edition in its own colour ([`charts::palette`]).
//! 4. [`page`]: `index.html`, built from the computed results and the
//!    charts drawn, rendered with minijinja.
//! 5. [`publish`]: `manifest.json` ([`manifest`]: versions, seeds, rule
//!    hashes, every input and output file with its sha256) and the
//!    directory, built beside `--out`, put in place whole, replacing only
//!    what wodds wrote.
//!
//! Beside the pipeline: [`build_part`] stops after a shard's share of the
//! conflicts and writes their integer tallies as a part ([`part`]);
//! [`merge`] reads the parts back ([`read_parts`] checks they belong
//! together) and runs the pipeline with their tallies in place of
//! playing, so that the merged report is [`build`]'s, byte for byte.
//! [`check`] makes a report again from a baseline's manifest and
//! [`compare`]s the two ([`stats`] has the tests); [`sweep`] writes a
//! sweep's table and charts with the same stages. [`files`] reads with a
//! bound and writes what a stage makes.
//!
//! polars and plotters are used here only, so the other crates build and
//! test without them.
//!
//! ```
//! use wodds_report::{Options, build};
//!
//! let dir = tempfile::tempdir().unwrap();
//! let opts = Options {
//!     scenarios: vec!["../../scenarios/brawl.toml".into()],
//!     out: dir.path().join("report"),
//!     trials: Some(2_000),
//!     seed: None,
//!     editions: vec!["revised".to_string()],
//!     against: None,
//!     force: false,
//!     tables_only: false,
//! };
//! let written = build(&opts, &()).unwrap();
//! // Every file the stages wrote, listed with its sha256: the exact
//! // tables, the fight's summary and distributions, the charts, the page.
//! let files: Vec<&str> = (written.manifest.files.iter())
//!     .map(|f| f.path.as_str())
//!     .collect();
//! for file in [
//!     "odds.parquet",
//!     "brawl/summary.parquet",
//!     "charts/success-vs-pool.svg",
//!     "brawl/win-rates.png",
//!     "index.html",
//! ] {
//!     assert!(files.contains(&file), "{file}");
//! }
//! assert!(written.index.exists());
//! ```

// Without its files (the library API's build, for the browser) the
// computations only the report pipeline calls go unused.
#![cfg_attr(not(feature = "files"), allow(dead_code))]

#[cfg(feature = "files")]
pub mod charts;
#[cfg(feature = "files")]
pub mod check;
#[cfg(feature = "files")]
pub mod compare;
pub mod compute;
mod error;
pub mod files;
pub mod manifest;
#[cfg(feature = "files")]
pub mod page;
#[cfg(feature = "files")]
pub mod part;
#[cfg(feature = "files")]
mod pipeline;
mod progress;
#[cfg(feature = "files")]
pub mod publish;
pub mod stats;
#[cfg(feature = "files")]
pub mod sweep;
#[cfg(feature = "files")]
pub mod tables;

pub use compute::rows::{Bucket, Metric};
pub use compute::section::{ChartSpec, Section};
pub use compute::{MAX_TRIALS, Options};
pub use error::ReportError;
pub use manifest::Manifest;
#[cfg(feature = "files")]
pub use part::{Parts, read_parts};
#[cfg(feature = "files")]
pub use pipeline::shard::{PartWritten, build_part};
#[cfg(feature = "files")]
pub use pipeline::{Timings, Written, build, merge};
/// polars, as the tables are built and read with it.
#[cfg(feature = "files")]
pub use polars;
pub use progress::Progress;
