//! Every table's columns, in order, with their types and whether they
//! may hold nulls: docs/report.md documents them, and a test holds the
//! files written to them.

use polars::prelude::{DataFrame, DataType};

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

/// `dots.parquet`: what a dot is worth, one row per fight, edition and
/// trait.
pub const DOTS: &[Col] = &[
    col("scenario", Str),
    col("edition", Str),
    col("side", Str),
    col("trait", Str),
    col("win_rate", F64),
    col("raised_win_rate", F64),
    col("change", F64),
    col("rules_hash", Str),
    col("wodds_version", Str),
];

/// `changes.parquet` (`--against`): what each rule changes against the
/// base, one row per figure ([`rows`](fn@crate::compute::delta::rows::rows)).
pub const CHANGES: &[Col] = &[
    col("base", Str),
    col("rule", Str),
    col("section", Str),
    null("scenario", Str),
    null("item", Str),
    col("metric", Str),
    col("base_value", F64),
    col("rule_value", F64),
    col("change", F64),
    col("ci_low", F64),
    col("ci_high", F64),
    col("exact", Bool),
    col("base_hash", Str),
    col("rule_hash", Str),
    col("wodds_version", Str),
];

/// Every table: its file name (`<scenario>/` for per-scenario tables) and
/// schema.
pub const TABLES: [(&str, &[Col]); 6] = [
    ("odds.parquet", ODDS),
    ("actions.parquet", ACTIONS),
    ("dots.parquet", DOTS),
    ("changes.parquet", CHANGES),
    ("<scenario>/summary.parquet", SUMMARY),
    ("<scenario>/distributions.parquet", DISTRIBUTIONS),
];

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
