//! The tables stage: the rows computed ([`crate::compute::rows`],
//! [`crate::compute::dots`]) as polars DataFrames ([`odds_frame`] and the
//! others, a column at a time in each schema's order), held to their
//! schemas ([`TABLES`], documented in docs/report.md; [`check_schema`])
//! and written as zstd Parquet ([`write_parquet`]) and, beside it, as CSV
//! ([`csv_bytes`]).

mod csv_out;
mod frames;
mod schema;

pub use csv_out::csv_bytes;

pub(crate) use frames::Frame;
pub use frames::{
    actions_frame, changes_frame, distributions_frame, dots_frame, odds_frame, summary_frame,
};
pub use schema::{
    ACTIONS, CHANGES, Col, ColType, DISTRIBUTIONS, DOTS, ODDS, SUMMARY, TABLES, check_schema,
};

use std::path::Path;

use polars::prelude::*;

use crate::error::ReportError;

/// The CSV file written beside the Parquet file at `rel` (a path in the
/// report): `odds.parquet` -> `odds.csv`.
pub fn csv_beside(rel: &str) -> String {
    format!("{}.csv", rel.strip_suffix(".parquet").unwrap_or(rel))
}

/// Writes `df` to `path` as Parquet (zstd), through a temporary file in
/// the same folder renamed into place; returns the bytes written.
pub fn write_parquet(df: &mut DataFrame, path: &Path) -> Result<Vec<u8>, ReportError> {
    let table = |e: PolarsError| ReportError::Table {
        path: path.to_path_buf(),
        message: e.to_string(),
    };
    let mut bytes = Vec::new();
    ParquetWriter::new(&mut bytes)
        .with_compression(ParquetCompression::Zstd(None))
        .finish(df)
        .map_err(table)?;
    crate::files::write(path, &bytes)?;
    Ok(bytes)
}

/// Reads a Parquet file back (a regular file of at most
/// [`MAX_DATA_BYTES`](crate::files::MAX_DATA_BYTES)).
pub fn read_parquet(path: &Path) -> Result<DataFrame, ReportError> {
    let bytes =
        crate::files::read(path, crate::files::MAX_DATA_BYTES).map_err(ReportError::io(path))?;
    ParquetReader::new(std::io::Cursor::new(bytes))
        .finish()
        .map_err(|e| ReportError::Table {
            path: path.to_path_buf(),
            message: e.to_string(),
        })
}
