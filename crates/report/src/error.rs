//! Why a report could not be built.

use std::path::PathBuf;

/// Why a report could not be built. Every message is one line naming the
/// flag or the file at fault.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// A flag's value is out of its range or malformed.
    #[error("{flag}: {message}")]
    Flag {
        /// The flag, e.g. `--trials`.
        flag: &'static str,
        /// What is wrong.
        message: String,
    },
    /// An edition (from `--editions` or a scenario) could not be loaded.
    #[error("{context}: {source}")]
    Rules {
        /// Where it was named.
        context: String,
        /// Why it failed.
        source: wodds_rules::RulesError,
    },
    /// A scenario file could not be read or parsed (the error names the
    /// file, line and field).
    #[error("{0}")]
    Scenario(wodds_rules::RulesError),
    /// An output directory (a report, a shard's part, a sweep, a baseline
    /// being updated) cannot be written there.
    #[error("{flag} {}: {message}", path.display())]
    Out {
        /// The flag naming it.
        flag: &'static str,
        /// The directory.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// A shard's part is unusable, or does not go with the other parts:
    /// the file (or part directory) at fault, and why.
    #[error("{}: {message}", path.display())]
    Part {
        /// The part's file or directory.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// Reading or writing a file failed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// polars failed to build or write a table.
    #[error("{}: {message}", path.display())]
    Table {
        /// The Parquet file.
        path: PathBuf,
        /// polars' message.
        message: String,
    },
    /// plotters failed to draw a chart.
    #[error("chart {name}: {message}")]
    Chart {
        /// The chart's file name.
        name: String,
        /// What failed.
        message: String,
    },
    /// The baseline of `wodds check` cannot be used: its manifest, or a
    /// file it lists, is missing, altered or from another wodds.
    #[error("{}: {message}", path.display())]
    Baseline {
        /// The file at fault (or the baseline's directory).
        path: PathBuf,
        /// What is wrong, and what to do.
        message: String,
    },
    /// The page's template failed to render.
    #[error("index.html: {0}")]
    Page(String),
}

impl ReportError {
    /// An I/O error on `path`.
    pub(crate) fn io(path: impl Into<PathBuf>) -> impl FnOnce(std::io::Error) -> ReportError {
        let path = path.into();
        move |source| ReportError::Io { path, source }
    }
}
