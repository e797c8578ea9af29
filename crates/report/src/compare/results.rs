//! A report's results read back for a comparison: its summary rows,
//! its distributions and the cells of its exact tables, each table held
//! to its schema; or a report's sections made in memory, as their tables
//! would hold them.

use std::path::Path;

use polars::prelude::{DataFrame, DataType};

use crate::compute::rows::{Bucket, Metric, prob, tidy};
use crate::compute::section::Section;
use crate::error::ReportError;
use crate::manifest::Manifest;
use crate::tables;

/// One cell of an exact table (`odds.parquet`, `actions.parquet`).
#[derive(Debug, Clone, PartialEq)]
pub struct Cell {
    /// `odds` or `actions`.
    pub table: &'static str,
    /// Edition id.
    pub edition: String,
    /// Its row, in words (`pool 3, difficulty 6, none`).
    pub at: String,
    /// Its column (`p_success`).
    pub column: String,
    /// Its value (`None` for a null).
    pub value: Option<f64>,
}

/// A report's results, as they are compared.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Results {
    /// Every scenario's summary rows.
    pub metrics: Vec<Metric>,
    /// Every scenario's distribution buckets.
    pub buckets: Vec<Bucket>,
    /// The cells of the exact single-roll and action tables.
    pub cells: Vec<Cell>,
}

/// The key columns and compared columns of the exact tables.
const ODDS_KEYS: [&str; 3] = ["pool", "difficulty", "options"];
const ACTIONS_KEYS: [&str; 3] = ["pool", "difficulty", "target"];

fn table_error(path: &Path) -> impl Fn(polars::prelude::PolarsError) -> ReportError + '_ {
    move |e| ReportError::Table {
        path: path.to_path_buf(),
        message: e.to_string(),
    }
}

/// A table's column, each value as a string (`None` for a null).
fn strings(df: &DataFrame, name: &str, path: &Path) -> Result<Vec<Option<String>>, ReportError> {
    let col = df
        .column(name)
        .and_then(|c| c.cast(&DataType::String))
        .map_err(table_error(path))?;
    let ca = col.str().map_err(table_error(path))?;
    Ok(ca.iter().map(|s| s.map(str::to_string)).collect())
}

/// A table's column, each value as an f64 (`None` for a null).
fn floats(df: &DataFrame, name: &str, path: &Path) -> Result<Vec<Option<f64>>, ReportError> {
    let col = df
        .column(name)
        .and_then(|c| c.cast(&DataType::Float64))
        .map_err(table_error(path))?;
    Ok(col.f64().map_err(table_error(path))?.iter().collect())
}

/// A non-null column.
fn required<T>(v: Vec<Option<T>>, name: &str, path: &Path) -> Result<Vec<T>, ReportError> {
    v.into_iter()
        .collect::<Option<Vec<T>>>()
        .ok_or_else(|| ReportError::Table {
            path: path.to_path_buf(),
            message: format!("column {name} holds a null"),
        })
}

/// Reads `path` and holds it to `schema`.
fn read_checked(path: &Path, schema: &[tables::Col]) -> Result<DataFrame, ReportError> {
    let df = tables::read_parquet(path)?;
    tables::check_schema(&df, schema).map_err(|message| ReportError::Table {
        path: path.to_path_buf(),
        message: format!("not a wodds report table: {message}"),
    })?;
    Ok(df)
}

impl Results {
    /// The results of the report in `dir`, whose manifest is `manifest`:
    /// every table it lists, each held to its schema.
    pub fn read(dir: &Path, manifest: &Manifest) -> Result<Results, ReportError> {
        let mut out = Results::default();
        for f in &manifest.files {
            let path = dir.join(&f.path);
            if f.path == "odds.parquet" || f.path == "actions.parquet" {
                let (name, schema, keys) = if f.path == "odds.parquet" {
                    ("odds", tables::ODDS, &ODDS_KEYS)
                } else {
                    ("actions", tables::ACTIONS, &ACTIONS_KEYS)
                };
                let df = read_checked(&path, schema)?;
                out.cells.extend(cells(&df, name, keys, schema, &path)?);
            } else if f.path.ends_with("/summary.parquet") {
                let df = read_checked(&path, tables::SUMMARY)?;
                out.metrics.extend(metrics(&df, &path)?);
            } else if f.path.ends_with("/distributions.parquet") {
                let df = read_checked(&path, tables::DISTRIBUTIONS)?;
                out.buckets.extend(buckets(&df, &path)?);
            }
        }
        Ok(out)
    }

    /// The results of sections made in memory, as their tables would hold
    /// them (figures rounded as written); no exact tables.
    pub fn of_sections(sections: &[Section]) -> Results {
        let metrics = sections
            .iter()
            .flat_map(|s| &s.metrics)
            .map(|m| Metric {
                value: tidy(m.value),
                ci_low: tidy(m.ci_low),
                ci_high: tidy(m.ci_high),
                ..m.clone()
            })
            .collect();
        let buckets = sections
            .iter()
            .flat_map(|s| &s.buckets)
            .map(|b| Bucket {
                probability: prob(b.probability),
                ..b.clone()
            })
            .collect();
        Results {
            metrics,
            buckets,
            cells: Vec::new(),
        }
    }
}

/// The compared cells of an exact table.
fn cells(
    df: &DataFrame,
    name: &'static str,
    keys: &[&str],
    schema: &[tables::Col],
    path: &Path,
) -> Result<Vec<Cell>, ReportError> {
    let edition = required(strings(df, "edition", path)?, "edition", path)?;
    let key_cols = keys
        .iter()
        .map(|k| strings(df, k, path))
        .collect::<Result<Vec<_>, _>>()?;
    let at: Vec<String> = (0..df.height())
        .map(|i| {
            keys.iter()
                .zip(&key_cols)
                .map(|(k, c)| match k {
                    &"options" => c[i].clone().unwrap_or_default(),
                    _ => format!("{k} {}", c[i].as_deref().unwrap_or("-")),
                })
                .collect::<Vec<_>>()
                .join(", ")
        })
        .collect();
    let mut out = Vec::new();
    let value_cols = schema.iter().filter(|c| {
        !keys.contains(&c.name)
            && matches!(
                c.ty,
                tables::ColType::F64 | tables::ColType::U32 | tables::ColType::I32
            )
    });
    for c in value_cols {
        let values = floats(df, c.name, path)?;
        for (i, v) in values.into_iter().enumerate() {
            out.push(Cell {
                table: name,
                edition: edition[i].clone(),
                at: at[i].clone(),
                column: c.name.to_string(),
                value: v,
            });
        }
    }
    Ok(out)
}

/// The rows of a `summary.parquet`.
fn metrics(df: &DataFrame, path: &Path) -> Result<Vec<Metric>, ReportError> {
    let s = |n: &str| strings(df, n, path);
    let req = |n: &str| -> Result<Vec<String>, ReportError> { required(s(n)?, n, path) };
    let f = |n: &str| -> Result<Vec<f64>, ReportError> { required(floats(df, n, path)?, n, path) };
    let whole = |n: &str| -> Result<Vec<Option<u64>>, ReportError> {
        Ok(floats(df, n, path)?
            .into_iter()
            .map(|v| v.map(|x| x as u64))
            .collect())
    };
    let (scenario, kind, edition, side, metric) = (
        req("scenario")?,
        req("kind")?,
        req("edition")?,
        s("side")?,
        req("metric")?,
    );
    let round = whole("round")?;
    let (value, ci_low, ci_high) = (f("value")?, f("ci_low")?, f("ci_high")?);
    let exact = flags(df, "exact", path)?;
    let (trials, seed) = (whole("trials")?, whole("seed")?);
    let (sampler, rules_hash) = (req("sampler")?, req("rules_hash")?);
    Ok((0..df.height())
        .map(|i| Metric {
            scenario: scenario[i].clone(),
            kind: kind[i].clone(),
            edition: edition[i].clone(),
            side: side[i].clone(),
            metric: metric[i].clone(),
            round: round[i].map(|r| r as u32),
            value: value[i],
            ci_low: ci_low[i],
            ci_high: ci_high[i],
            exact: exact[i],
            trials: trials[i],
            seed: seed[i],
            sampler: sampler[i].clone(),
            rules_hash: rules_hash[i].clone(),
        })
        .collect())
}

/// A Boolean column with no nulls.
fn flags(df: &DataFrame, name: &str, path: &Path) -> Result<Vec<bool>, ReportError> {
    let column = df
        .column(name)
        .and_then(|c| c.bool().cloned())
        .map_err(table_error(path))?;
    required(column.iter().collect(), name, path)
}

/// The rows of a `distributions.parquet`.
fn buckets(df: &DataFrame, path: &Path) -> Result<Vec<Bucket>, ReportError> {
    let req =
        |n: &str| -> Result<Vec<String>, ReportError> { required(strings(df, n, path)?, n, path) };
    let (scenario, edition, metric) = (req("scenario")?, req("edition")?, req("metric")?);
    let bucket = required(floats(df, "bucket", path)?, "bucket", path)?;
    let track = floats(df, "track", path)?;
    let probability = required(floats(df, "probability", path)?, "probability", path)?;
    let exact = flags(df, "exact", path)?;
    Ok((0..df.height())
        .map(|i| Bucket {
            scenario: scenario[i].clone(),
            edition: edition[i].clone(),
            metric: metric[i].clone(),
            bucket: bucket[i] as u32,
            track: track[i].map(|t| t as i32),
            probability: probability[i],
            exact: exact[i],
        })
        .collect())
}
