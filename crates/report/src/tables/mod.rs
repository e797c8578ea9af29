//! The report's tables: their rows, their schemas (documented in
//! docs/report.md and checked against it), and Parquet files written whole
//! or not at all.

use std::path::Path;

use polars::prelude::*;

use crate::error::ReportError;

/// A column's type, as polars (and so Python polars) reads it back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColType {
    /// UTF-8 text.
    Str,
    /// A signed 32-bit integer.
    I32,
    /// An unsigned 32-bit integer.
    U32,
    /// An unsigned 64-bit integer.
    U64,
    /// A 64-bit float.
    F64,
    /// A boolean.
    Bool,
}

impl ColType {
    /// Its polars type.
    pub fn dtype(self) -> DataType {
        match self {
            ColType::Str => DataType::String,
            ColType::I32 => DataType::Int32,
            ColType::U32 => DataType::UInt32,
            ColType::U64 => DataType::UInt64,
            ColType::F64 => DataType::Float64,
            ColType::Bool => DataType::Boolean,
        }
    }

    /// Its name in docs/report.md (polars' own).
    pub fn name(self) -> &'static str {
        match self {
            ColType::Str => "String",
            ColType::I32 => "Int32",
            ColType::U32 => "UInt32",
            ColType::U64 => "UInt64",
            ColType::F64 => "Float64",
            ColType::Bool => "Boolean",
        }
    }
}

/// A column of a table's schema.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Col {
    /// Its name.
    pub name: &'static str,
    /// Its type.
    pub ty: ColType,
    /// Whether it may hold nulls.
    pub nullable: bool,
}

impl Col {
    /// A column named `name` of type `ty`, nullable or not.
    pub const fn new(name: &'static str, ty: ColType, nullable: bool) -> Col {
        Col { name, ty, nullable }
    }
}

const fn col(name: &'static str, ty: ColType) -> Col {
    Col {
        name,
        ty,
        nullable: false,
    }
}

const fn null(name: &'static str, ty: ColType) -> Col {
    Col {
        name,
        ty,
        nullable: true,
    }
}

use ColType::{Bool, F64, I32, Str, U32, U64};

/// `odds.parquet`: the columns of `wodds odds --format csv` (exact).
pub const ODDS: &[Col] = &[
    col("edition", Str),
    col("pool", I32),
    col("difficulty", I32),
    col("p_success", F64),
    col("p_botch", F64),
    col("mean", F64),
    col("p_ge_1", F64),
    col("p_ge_2", F64),
    col("p_ge_3", F64),
    col("p_ge_4", F64),
    col("p_ge_5", F64),
    col("options", Str),
    col("method", Str),
    null("trials", U64),
    null("seed", U64),
    col("rules_hash", Str),
    col("wodds_version", Str),
];

/// The rolls within which `actions.parquet` gives the chance of success.
pub const WITHIN: [usize; 10] = [1, 2, 3, 4, 5, 6, 8, 10, 15, 20];

/// `actions.parquet`: the standard extended-action table.
pub const ACTIONS: &[Col] = &[
    col("edition", Str),
    col("pool", I32),
    col("difficulty", I32),
    col("target", U32),
    col("botch", Str),
    col("p_success", F64),
    null("mean_rolls", F64),
    null("median_rolls", U32),
    null("p90_rolls", U32),
    col("p_within_1", F64),
    col("p_within_2", F64),
    col("p_within_3", F64),
    col("p_within_4", F64),
    col("p_within_5", F64),
    col("p_within_6", F64),
    col("p_within_8", F64),
    col("p_within_10", F64),
    col("p_within_15", F64),
    col("p_within_20", F64),
    col("method", Str),
    col("rules_hash", Str),
    col("wodds_version", Str),
];

/// `<scenario>/summary.parquet`: one row per metric.
pub const SUMMARY: &[Col] = &[
    col("scenario", Str),
    col("kind", Str),
    col("edition", Str),
    null("side", Str),
    col("metric", Str),
    null("round", U32),
    col("value", F64),
    col("ci_low", F64),
    col("ci_high", F64),
    col("exact", Bool),
    null("trials", U64),
    null("seed", U64),
    col("sampler", Str),
    col("rules_hash", Str),
    col("wodds_version", Str),
];

/// `<scenario>/distributions.parquet`: one row per bucket.
pub const DISTRIBUTIONS: &[Col] = &[
    col("scenario", Str),
    col("edition", Str),
    col("metric", Str),
    col("bucket", U32),
    null("track", I32),
    col("probability", F64),
    col("exact", Bool),
];

/// Every table: its file name (`<scenario>/` for per-scenario tables) and
/// schema.
pub const TABLES: [(&str, &[Col]); 5] = [
    ("odds.parquet", ODDS),
    ("actions.parquet", ACTIONS),
    ("dots.parquet", crate::compute::dots::SCHEMA),
    ("<scenario>/summary.parquet", SUMMARY),
    ("<scenario>/distributions.parquet", DISTRIBUTIONS),
];

/// One row of `odds.parquet`.
#[derive(Debug, Clone, PartialEq)]
pub struct OddsRow {
    /// Edition id.
    pub edition: String,
    /// Dice.
    pub pool: i32,
    /// Difficulty, in the edition's terms.
    pub difficulty: i32,
    /// The roll's figures.
    pub stats: wodds_sim::RollStats,
    /// The options: `none`, `specialty`, `willpower`, `9-again`, `8-again`
    /// or `rote`.
    pub options: String,
    /// The edition's rules hash.
    pub rules_hash: String,
}

/// One row of `actions.parquet`.
#[derive(Debug, Clone, PartialEq)]
pub struct ActionRow {
    /// Edition id.
    pub edition: String,
    /// Dice a roll.
    pub pool: i32,
    /// The edition's standard difficulty.
    pub difficulty: i32,
    /// Successes to reach.
    pub target: u32,
    /// What a botch does (`wipe`, `fail`, `ignore`).
    pub botch: String,
    /// The chance it is ever reached.
    pub p_success: f64,
    /// Mean rolls to the end (success or failure).
    pub mean_rolls: Option<f64>,
    /// Median rolls to the end.
    pub median_rolls: Option<u32>,
    /// 90th percentile of the rolls to the end.
    pub p90_rolls: Option<u32>,
    /// The chance of success within each of [`WITHIN`] rolls.
    pub p_within: [f64; WITHIN.len()],
    /// The edition's rules hash.
    pub rules_hash: String,
}

/// One row of a summary: a metric of a scenario under an edition.
#[derive(Debug, Clone, PartialEq)]
pub struct Metric {
    /// The scenario's name (its file's stem).
    pub scenario: String,
    /// Its kind (`combat`, `chase`, `grapple`).
    pub kind: String,
    /// Edition id.
    pub edition: String,
    /// The side it is about, if any.
    pub side: Option<String>,
    /// What it measures (`win_rate`, `draws`, `rounds_mean`, ...).
    pub metric: String,
    /// The round it is about, for a figure by round (`going`,
    /// `lead_mean`, `control_mean`); `None` for a whole conflict's.
    pub round: Option<u32>,
    /// The figure.
    pub value: f64,
    /// Its 95% interval (the figure itself when exact).
    pub ci_low: f64,
    /// See `ci_low`.
    pub ci_high: f64,
    /// Whether it is exact (from the round chain) or estimated.
    pub exact: bool,
    /// Trials behind an estimate.
    pub trials: Option<u64>,
    /// Seed of an estimate.
    pub seed: Option<u64>,
    /// How the estimate's fights were drawn, or `exact`.
    pub sampler: String,
    /// The edition's rules hash.
    pub rules_hash: String,
}

/// One bucket of a distribution.
#[derive(Debug, Clone, PartialEq)]
pub struct Bucket {
    /// The scenario's name.
    pub scenario: String,
    /// Edition id.
    pub edition: String,
    /// The distribution (`rounds`, `winner_damage`, `lead_by_round`,
    /// `control_by_round`).
    pub metric: String,
    /// The value (rounds, health levels), or the round of a track's
    /// distribution by round.
    pub bucket: u32,
    /// The track's value (a Lead, a Control: signed) in a distribution by
    /// round; `None` in the others.
    pub track: Option<i32>,
    /// Its probability.
    pub probability: f64,
    /// Whether exact (from the round chain) or estimated from the fights.
    pub exact: bool,
}

/// The wodds version every row carries.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// `x` rounded to 12 significant digits (as `wodds odds` prints it), and
/// never a negative zero.
pub fn tidy(x: f64) -> f64 {
    format!("{x:.11e}").parse::<f64>().unwrap_or(x) + 0.0
}

/// A probability, tidied and held to 0..=1.
pub fn prob(x: f64) -> f64 {
    tidy(x).clamp(0.0, 1.0) + 0.0
}

/// Builds a DataFrame column by column, in a schema's order.
pub(crate) struct Frame {
    cols: Vec<Column>,
}

impl Frame {
    pub(crate) fn new() -> Self {
        Frame { cols: Vec::new() }
    }
    pub(crate) fn str<'a>(mut self, name: &str, v: impl Iterator<Item = &'a str>) -> Self {
        self.cols
            .push(Column::new(name.into(), v.collect::<Vec<&str>>()));
        self
    }
    pub(crate) fn opt_str<'a>(
        mut self,
        name: &str,
        v: impl Iterator<Item = Option<&'a str>>,
    ) -> Self {
        self.cols
            .push(Column::new(name.into(), v.collect::<Vec<Option<&str>>>()));
        self
    }
    pub(crate) fn i32(mut self, name: &str, v: impl Iterator<Item = i32>) -> Self {
        self.cols
            .push(Column::new(name.into(), v.collect::<Vec<i32>>()));
        self
    }
    pub(crate) fn opt_i32(mut self, name: &str, v: impl Iterator<Item = Option<i32>>) -> Self {
        self.cols
            .push(Column::new(name.into(), v.collect::<Vec<Option<i32>>>()));
        self
    }
    pub(crate) fn u32(mut self, name: &str, v: impl Iterator<Item = u32>) -> Self {
        self.cols
            .push(Column::new(name.into(), v.collect::<Vec<u32>>()));
        self
    }
    pub(crate) fn opt_u32(mut self, name: &str, v: impl Iterator<Item = Option<u32>>) -> Self {
        self.cols
            .push(Column::new(name.into(), v.collect::<Vec<Option<u32>>>()));
        self
    }
    pub(crate) fn u64(mut self, name: &str, v: impl Iterator<Item = u64>) -> Self {
        self.cols
            .push(Column::new(name.into(), v.collect::<Vec<u64>>()));
        self
    }
    pub(crate) fn opt_u64(mut self, name: &str, v: impl Iterator<Item = Option<u64>>) -> Self {
        self.cols
            .push(Column::new(name.into(), v.collect::<Vec<Option<u64>>>()));
        self
    }
    pub(crate) fn f64(mut self, name: &str, v: impl Iterator<Item = f64>) -> Self {
        self.cols
            .push(Column::new(name.into(), v.collect::<Vec<f64>>()));
        self
    }
    pub(crate) fn opt_f64(mut self, name: &str, v: impl Iterator<Item = Option<f64>>) -> Self {
        self.cols
            .push(Column::new(name.into(), v.collect::<Vec<Option<f64>>>()));
        self
    }
    pub(crate) fn bool(mut self, name: &str, v: impl Iterator<Item = bool>) -> Self {
        self.cols
            .push(Column::new(name.into(), v.collect::<Vec<bool>>()));
        self
    }
    pub(crate) fn finish(self, height: usize) -> PolarsResult<DataFrame> {
        DataFrame::new(height, self.cols)
    }
}

/// The odds rows as a DataFrame.
pub fn odds_frame(rows: &[OddsRow]) -> PolarsResult<DataFrame> {
    let p = |f: fn(&OddsRow) -> f64| rows.iter().map(move |r| prob(f(r)));
    Frame::new()
        .str("edition", rows.iter().map(|r| r.edition.as_str()))
        .i32("pool", rows.iter().map(|r| r.pool))
        .i32("difficulty", rows.iter().map(|r| r.difficulty))
        .f64("p_success", p(|r| r.stats.p_success))
        .f64("p_botch", p(|r| r.stats.p_botch))
        .f64("mean", rows.iter().map(|r| tidy(r.stats.mean)))
        .f64("p_ge_1", p(|r| r.stats.p_ge[0]))
        .f64("p_ge_2", p(|r| r.stats.p_ge[1]))
        .f64("p_ge_3", p(|r| r.stats.p_ge[2]))
        .f64("p_ge_4", p(|r| r.stats.p_ge[3]))
        .f64("p_ge_5", p(|r| r.stats.p_ge[4]))
        .str("options", rows.iter().map(|r| r.options.as_str()))
        .str("method", rows.iter().map(|_| "exact"))
        .opt_u64("trials", rows.iter().map(|_| None))
        .opt_u64("seed", rows.iter().map(|_| None))
        .str("rules_hash", rows.iter().map(|r| r.rules_hash.as_str()))
        .str("wodds_version", rows.iter().map(|_| VERSION))
        .finish(rows.len())
}

/// The extended-action rows as a DataFrame.
pub fn actions_frame(rows: &[ActionRow]) -> PolarsResult<DataFrame> {
    let mut f = Frame::new()
        .str("edition", rows.iter().map(|r| r.edition.as_str()))
        .i32("pool", rows.iter().map(|r| r.pool))
        .i32("difficulty", rows.iter().map(|r| r.difficulty))
        .u32("target", rows.iter().map(|r| r.target))
        .str("botch", rows.iter().map(|r| r.botch.as_str()))
        .f64("p_success", rows.iter().map(|r| prob(r.p_success)))
        .opt_f64("mean_rolls", rows.iter().map(|r| r.mean_rolls.map(tidy)))
        .opt_u32("median_rolls", rows.iter().map(|r| r.median_rolls))
        .opt_u32("p90_rolls", rows.iter().map(|r| r.p90_rolls));
    for (i, k) in WITHIN.iter().enumerate() {
        f = f.f64(
            &format!("p_within_{k}"),
            rows.iter().map(move |r| prob(r.p_within[i])),
        );
    }
    f.str("method", rows.iter().map(|_| "exact"))
        .str("rules_hash", rows.iter().map(|r| r.rules_hash.as_str()))
        .str("wodds_version", rows.iter().map(|_| VERSION))
        .finish(rows.len())
}

/// The summary rows as a DataFrame.
pub fn summary_frame(rows: &[Metric]) -> PolarsResult<DataFrame> {
    Frame::new()
        .str("scenario", rows.iter().map(|r| r.scenario.as_str()))
        .str("kind", rows.iter().map(|r| r.kind.as_str()))
        .str("edition", rows.iter().map(|r| r.edition.as_str()))
        .opt_str("side", rows.iter().map(|r| r.side.as_deref()))
        .str("metric", rows.iter().map(|r| r.metric.as_str()))
        .opt_u32("round", rows.iter().map(|r| r.round))
        .f64("value", rows.iter().map(|r| tidy(r.value)))
        .f64("ci_low", rows.iter().map(|r| tidy(r.ci_low)))
        .f64("ci_high", rows.iter().map(|r| tidy(r.ci_high)))
        .bool("exact", rows.iter().map(|r| r.exact))
        .opt_u64("trials", rows.iter().map(|r| r.trials))
        .opt_u64("seed", rows.iter().map(|r| r.seed))
        .str("sampler", rows.iter().map(|r| r.sampler.as_str()))
        .str("rules_hash", rows.iter().map(|r| r.rules_hash.as_str()))
        .str("wodds_version", rows.iter().map(|_| VERSION))
        .finish(rows.len())
}

/// The distribution rows as a DataFrame.
pub fn distributions_frame(rows: &[Bucket]) -> PolarsResult<DataFrame> {
    Frame::new()
        .str("scenario", rows.iter().map(|r| r.scenario.as_str()))
        .str("edition", rows.iter().map(|r| r.edition.as_str()))
        .str("metric", rows.iter().map(|r| r.metric.as_str()))
        .u32("bucket", rows.iter().map(|r| r.bucket))
        .opt_i32("track", rows.iter().map(|r| r.track))
        .f64("probability", rows.iter().map(|r| prob(r.probability)))
        .bool("exact", rows.iter().map(|r| r.exact))
        .finish(rows.len())
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
    write_file(path, &bytes)?;
    Ok(bytes)
}

/// Writes `bytes` to a new file at `path`, in a directory being built
/// (a report, part or sweep's staging directory, which is put in place
/// whole): the mode a plain `File::create` gives, 0666 less the umask.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), ReportError> {
    std::fs::write(path, bytes).map_err(ReportError::io(path))
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

/// Checks `df`'s columns against `schema`: names, order and types, and
/// nulls only where allowed. Returns what differs, if anything.
pub fn check_schema(df: &DataFrame, schema: &[Col]) -> Result<(), String> {
    let names: Vec<&str> = df.get_column_names().iter().map(|n| n.as_str()).collect();
    let want: Vec<&str> = schema.iter().map(|c| c.name).collect();
    if names != want {
        return Err(format!("columns {names:?}, expected {want:?}"));
    }
    for (c, col) in schema.iter().zip(df.columns()) {
        if col.dtype() != &c.ty.dtype() {
            return Err(format!(
                "column {}: {:?}, expected {}",
                c.name,
                col.dtype(),
                c.ty.name()
            ));
        }
        if !c.nullable && col.null_count() > 0 {
            return Err(format!("column {}: {} nulls", c.name, col.null_count()));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tidy_drops_float_noise_and_negative_zero() {
        assert_eq!(tidy(0.1 + 0.2), 0.3);
        assert!(tidy(-0.0).is_sign_positive());
        assert_eq!(prob(1.0 + 1e-15), 1.0);
        assert!(prob(-1e-17).is_sign_positive() && prob(-1e-17) == 0.0);
    }

    #[test]
    fn each_frame_matches_its_schema() {
        let metric = Metric {
            scenario: "s".into(),
            kind: "combat".into(),
            edition: "revised".into(),
            side: None,
            metric: "draws".into(),
            round: None,
            value: 0.5,
            ci_low: 0.4,
            ci_high: 0.6,
            exact: false,
            trials: Some(10),
            seed: Some(1),
            sampler: "outcome".into(),
            rules_hash: "abc".into(),
        };
        let df = summary_frame(&[metric.clone(), metric]).unwrap();
        check_schema(&df, SUMMARY).unwrap();
        assert_eq!(df.height(), 2);
        let b = Bucket {
            scenario: "s".into(),
            edition: "revised".into(),
            metric: "rounds".into(),
            bucket: 3,
            track: None,
            probability: 0.25,
            exact: true,
        };
        check_schema(&distributions_frame(&[b]).unwrap(), DISTRIBUTIONS).unwrap();
        check_schema(&odds_frame(&[]).unwrap(), ODDS).unwrap();
        check_schema(&actions_frame(&[]).unwrap(), ACTIONS).unwrap();
    }
}
