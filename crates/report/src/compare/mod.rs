//! Two reports' results compared metric by metric: what `wodds check`
//! reports as moved.
//!
//! - Exact figures (every cell of `odds.parquet` and `actions.parquet`,
//!   every summary row and distribution a round chain gives) must agree
//!   within [`TOLERANCE`]; any that do not have moved, whatever the size.
//! - Estimates are tested where the metric has no exact value under both
//!   reports (under a round chain the estimates are drawn from the very
//!   chain the exact rows come from, so they can move only if it does): a
//!   share (`win_rate`, `draws`, `ended_*`, `going`) by the two-proportion
//!   z test, its count the share times `trials`; a mean (`rounds_mean`,
//!   `winner_damage`, `willpower`, `botches`, a track's mean by round) by
//!   Welch's t test, its standard error the 95% interval's half width over
//!   1.96; a distribution (`rounds`, `winner_damage`, a track by round,
//!   round by round) by the chi-square test of homogeneity, sparse buckets
//!   pooled. The median and 90th percentile of the rounds are read off the
//!   rounds distribution, which is tested, and are not tested again.
//! - Holm's correction over every test of the comparison; an estimate has
//!   moved when its adjusted p-value is below alpha **and** its change is
//!   larger than the minimum effect (for a distribution, the largest
//!   change of one bucket).
//!
//! See [`crate::stats`] for the tests.

use std::collections::HashMap;
use std::path::Path;

use polars::prelude::{DataFrame, DataType};
use serde::Serialize;

use crate::compute::rows::{Bucket, Metric};
use crate::compute::section::Section;
use crate::error::ReportError;
use crate::manifest::Manifest;
use crate::stats;
use crate::tables;

/// How far apart two exact figures may be and still be equal: 1e-12, on
/// the figure's own scale past 1 (`|a - b| <= 1e-12 max(1, |a|, |b|)`).
pub const TOLERANCE: f64 = 1e-12;

/// When an estimate's change is reported.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Thresholds {
    /// The level its Holm-adjusted p-value must be below.
    pub alpha: f64,
    /// The size its change must exceed, in the metric's own unit (a
    /// probability for a share or a distribution, rounds, health levels or
    /// points for a mean).
    pub min_effect: f64,
}

impl Default for Thresholds {
    fn default() -> Self {
        Thresholds {
            alpha: 0.001,
            min_effect: 0.005,
        }
    }
}

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
                value: crate::compute::rows::tidy(m.value),
                ci_low: crate::compute::rows::tidy(m.ci_low),
                ci_high: crate::compute::rows::tidy(m.ci_high),
                ..m.clone()
            })
            .collect();
        let buckets = sections
            .iter()
            .flat_map(|s| &s.buckets)
            .map(|b| Bucket {
                probability: crate::compute::rows::prob(b.probability),
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

/// A metric that moved, or a group of exact figures of one metric that
/// moved (shown by its largest change).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Change {
    /// Where it is: `summary`, `distributions`, `odds` or `actions`.
    pub table: &'static str,
    /// The scenario (`None` for the single-roll and action tables).
    pub scenario: Option<String>,
    /// The edition.
    pub edition: String,
    /// The metric, or the column of an exact table.
    pub metric: String,
    /// The side, for a side's metric.
    pub side: Option<String>,
    /// Where in the metric: a round, a bucket, a table's row.
    pub at: Option<String>,
    /// Further figures of the same group that moved too (exact: the
    /// rounds of a metric by round, the buckets of a distribution, the
    /// cells of an edition's table); 0 for a single figure.
    pub more: usize,
    /// Its value in the baseline (`None`: absent, or null).
    pub old: Option<f64>,
    /// Its value now.
    pub new: Option<f64>,
    /// `new - old`.
    pub difference: Option<f64>,
    /// How it was compared: `exact`, `two-proportion`, `welch`,
    /// `chi-square`, or `added` / `removed` for a metric or edition only
    /// one report has.
    pub test: &'static str,
    /// The test's p-value (estimates only).
    pub p_value: Option<f64>,
    /// The p-value after Holm's correction over every test.
    pub p_holm: Option<f64>,
    /// Whether the figures are probabilities (else counts or means).
    pub share: bool,
}

impl Change {
    /// Whether it is an exact figure's change (or a structural one).
    pub fn is_exact(&self) -> bool {
        self.p_value.is_none()
    }
}

/// What two reports' comparison found.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Comparison {
    /// What moved, scenario by scenario (then the exact tables).
    pub moved: Vec<Change>,
    /// Exact figures compared.
    pub exact: usize,
    /// Estimates tested (the family Holm's correction runs over).
    pub tested: usize,
    /// Estimates not tested: order statistics, and figures one report
    /// gives exactly and the other only estimates.
    pub untested: usize,
    /// Every estimate tested, moved or not, with its p-value and its
    /// p-value after Holm's correction (the family `tested` counts).
    pub tests: Vec<Change>,
    /// The thresholds used.
    pub thresholds: Thresholds,
}

impl Comparison {
    /// Whether nothing moved.
    pub fn is_clean(&self) -> bool {
        self.moved.is_empty()
    }
}

/// Exact figures equal within [`TOLERANCE`] (two nulls alike).
pub fn same(a: Option<f64>, b: Option<f64>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(x), Some(y)) => (x - y).abs() <= TOLERANCE * 1f64.max(x.abs()).max(y.abs()),
        _ => false,
    }
}

/// How an estimate of a metric is tested.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    /// A share of the conflicts: two proportions.
    Rate,
    /// A mean: Welch.
    Mean,
    /// An order statistic: not tested (its distribution is).
    Order,
}

fn class(metric: &str) -> Class {
    match metric {
        "win_rate" | "draws" | "going" => Class::Rate,
        m if m.starts_with("ended_") => Class::Rate,
        "rounds_median" | "rounds_p90" => Class::Order,
        _ => Class::Mean,
    }
}

/// A scenario under an edition.
type Pair = (String, String);

/// A pair's information in the old and the new report, if both have it.
type BothInfo<'a> = dyn Fn(&str, &str) -> Option<(&'a PairInfo, &'a PairInfo)> + 'a;

/// The exact figures shown as one change: table, scenario, edition, side,
/// metric (empty for the exact tables, one change an edition).
type Group = (&'static str, Option<String>, String, Option<String>, String);

/// What a report says of a scenario under an edition, beside its rows.
#[derive(Debug, Default)]
struct PairInfo {
    /// Whether its figures are exact (a round chain).
    exact: bool,
    /// Conflicts played.
    trials: Option<u64>,
    /// Conflicts someone won.
    won: u64,
    /// Conflicts still going after each round.
    going: HashMap<u32, u64>,
}

fn count(share: f64, n: u64) -> u64 {
    (share * n as f64).round().max(0.0) as u64
}

fn pair_infos(r: &Results) -> (Vec<Pair>, HashMap<Pair, PairInfo>) {
    let mut order = Vec::new();
    let mut info: HashMap<Pair, PairInfo> = HashMap::new();
    for m in &r.metrics {
        let key = (m.scenario.clone(), m.edition.clone());
        let e = info.entry(key.clone()).or_insert_with(|| {
            order.push(key);
            PairInfo::default()
        });
        if m.exact {
            e.exact = true;
            continue;
        }
        let Some(n) = m.trials else { continue };
        e.trials = Some(n);
        match (m.metric.as_str(), m.round) {
            ("win_rate", None) => e.won += count(m.value, n),
            ("going", Some(r)) => {
                e.going.insert(r, count(m.value, n));
            }
            _ => {}
        }
    }
    (order, info)
}

/// The key of a summary row.
type Key = (String, String, Option<String>, String, Option<u32>);

/// A summary row's exact and estimated values in one report.
#[derive(Debug, Default, Clone, Copy)]
struct Both<'a> {
    exact: Option<&'a Metric>,
    est: Option<&'a Metric>,
}

fn index(ms: &[Metric]) -> (Vec<Key>, HashMap<Key, Both<'_>>) {
    let mut order = Vec::new();
    let mut map: HashMap<Key, Both<'_>> = HashMap::new();
    for m in ms {
        let key = (
            m.scenario.clone(),
            m.edition.clone(),
            m.side.clone(),
            m.metric.clone(),
            m.round,
        );
        let e = map.entry(key.clone()).or_insert_with(|| {
            order.push(key);
            Both::default()
        });
        if m.exact {
            e.exact = Some(m);
        } else {
            e.est = Some(m);
        }
    }
    (order, map)
}

/// Keys of both lists, `new`'s order first, each once.
fn union<K: Clone + Eq + std::hash::Hash>(new: &[K], old: &[K]) -> Vec<K> {
    let mut seen = std::collections::HashSet::new();
    new.iter()
        .chain(old)
        .filter(|k| seen.insert((*k).clone()))
        .cloned()
        .collect()
}

/// A change found, before grouping and correction.
#[derive(Debug, Clone)]
struct Found {
    /// Exact figures of one group are shown as one change.
    group: Option<Group>,
    change: Change,
    /// For a test: its p-value and the size of its change.
    test: Option<(f64, f64)>,
}

/// What a comparison gathers as it goes.
#[derive(Debug, Default)]
struct Gathered {
    found: Vec<Found>,
    exact: usize,
    tested: usize,
    untested: usize,
}

/// Where a figure is, and how it reads.
#[derive(Debug, Clone)]
struct Where<'a> {
    table: &'static str,
    scenario: Option<&'a str>,
    edition: &'a str,
    metric: &'a str,
    side: Option<&'a str>,
    at: Option<String>,
    share: bool,
}

fn change(w: &Where<'_>, old: Option<f64>, new: Option<f64>, test: &'static str) -> Change {
    Change {
        table: w.table,
        scenario: w.scenario.map(str::to_string),
        edition: w.edition.to_string(),
        metric: w.metric.to_string(),
        side: w.side.map(str::to_string),
        at: w.at.clone(),
        more: 0,
        old,
        new,
        // Tidied as the tables' figures are (no float noise, no -0).
        difference: match (old, new) {
            (Some(a), Some(b)) => Some(crate::compute::rows::tidy(b - a)),
            _ => None,
        },
        test,
        p_value: None,
        p_holm: None,
        share: w.share,
    }
}

impl Gathered {
    /// An exact figure compared: kept if it moved.
    fn exact(&mut self, c: Change) {
        self.exact += 1;
        if !same(c.old, c.new) {
            let group = Some((
                c.table,
                c.scenario.clone(),
                c.edition.clone(),
                c.side.clone(),
                if c.table == "odds" || c.table == "actions" {
                    String::new()
                } else {
                    c.metric.clone()
                },
            ));
            self.found.push(Found {
                group,
                change: c,
                test: None,
            });
        }
    }

    /// A test's result: kept for the correction.
    fn tested(&mut self, c: Change, p: Option<f64>, effect: f64) {
        match p {
            Some(p) => {
                self.tested += 1;
                self.found.push(Found {
                    group: None,
                    change: c,
                    test: Some((p, effect)),
                });
            }
            None => self.untested += 1,
        }
    }

    /// A metric or edition only one report has.
    fn structural(&mut self, c: Change) {
        self.found.push(Found {
            group: None,
            change: c,
            test: None,
        });
    }
}

/// Compares `old` (the baseline) with `new`: every exact figure, every
/// estimate tested (see the module's documentation).
pub fn compare(old: &Results, new: &Results, thresholds: &Thresholds) -> Comparison {
    let mut g = Gathered::default();
    let (old_pairs, old_info) = pair_infos(old);
    let (new_pairs, new_info) = pair_infos(new);
    let pairs = union(&new_pairs, &old_pairs);
    for (s, e) in &pairs {
        let key = (s.clone(), e.clone());
        let (o, n) = (old_info.contains_key(&key), new_info.contains_key(&key));
        if o != n {
            let w = Where {
                table: "summary",
                scenario: Some(s),
                edition: e,
                metric: "every metric",
                side: None,
                at: None,
                share: false,
            };
            g.structural(change(&w, None, None, if n { "added" } else { "removed" }));
        }
    }
    let both = |s: &str, e: &str| {
        let key = (s.to_string(), e.to_string());
        Some((old_info.get(&key)?, new_info.get(&key)?))
    };
    summary(old, new, &both, &mut g);
    distributions(old, new, &both, &mut g);
    exact_tables(old, new, &mut g);
    finish(g, &pairs, thresholds)
}

/// The summary rows compared.
fn summary<'a>(old: &Results, new: &Results, both: &BothInfo<'a>, g: &mut Gathered) {
    let (old_keys, old_rows) = index(&old.metrics);
    let (new_keys, new_rows) = index(&new.metrics);
    for key in union(&new_keys, &old_keys) {
        let (scenario, edition, side, metric, round) = &key;
        let Some((po, pn)) = both(scenario, edition) else {
            continue;
        };
        let o = old_rows.get(&key).copied().unwrap_or_default();
        let n = new_rows.get(&key).copied().unwrap_or_default();
        let kind = class(metric);
        let share = kind == Class::Rate;
        let at = round.map(|r| format!("round {r}"));
        let w = Where {
            table: "summary",
            scenario: Some(scenario),
            edition,
            metric,
            side: side.as_deref(),
            at,
            share,
        };
        let make = |old: Option<f64>, new: Option<f64>, test| change(&w, old, new, test);
        let value = |m: Option<&Metric>| m.map(|m| m.value);
        if let Some(r) = round {
            // By round: a round missing is a round nobody reached (its
            // share going 0, its mean undefined).
            let fill = |m: Option<&Metric>| value(m).or((kind == Class::Rate).then_some(0.0));
            if po.exact && pn.exact {
                if let (Some(a), Some(b)) = (fill(o.exact), fill(n.exact)) {
                    g.exact(make(Some(a), Some(b), "exact"));
                }
            } else if let (Some(t1), Some(t2)) = (po.trials, pn.trials) {
                if kind == Class::Rate {
                    let k1 = po.going.get(r).copied().unwrap_or(0);
                    let k2 = pn.going.get(r).copied().unwrap_or(0);
                    let (a, b) = (k1 as f64 / t1 as f64, k2 as f64 / t2 as f64);
                    let p = stats::two_proportion(k1, t1, k2, t2);
                    g.tested(make(Some(a), Some(b), "two-proportion"), p, (b - a).abs());
                } else if let (Some(a), Some(b)) = (o.est, n.est) {
                    let n1 = po.going.get(r).copied().unwrap_or(0);
                    let n2 = pn.going.get(r).copied().unwrap_or(0);
                    mean_test(a, n1, b, n2, g, make);
                } else {
                    // A mean of a round only one report's conflicts
                    // reached: its share going is tested instead.
                    g.untested += 1;
                }
            } else {
                g.untested += 1;
            }
            continue;
        }
        let (o_any, n_any) = (o.exact.or(o.est), n.exact.or(n.est));
        match (o.exact, n.exact, o.est, n.est) {
            _ if o_any.is_none() => g.structural(make(None, value(n_any), "added")),
            _ if n_any.is_none() => g.structural(make(value(o_any), None, "removed")),
            (Some(a), Some(b), _, _) => g.exact(make(Some(a.value), Some(b.value), "exact")),
            (_, _, Some(a), Some(b)) => match kind {
                Class::Rate => {
                    let p = match (a.trials, b.trials) {
                        (Some(n1), Some(n2)) => {
                            stats::two_proportion(count(a.value, n1), n1, count(b.value, n2), n2)
                        }
                        _ => None,
                    };
                    g.tested(
                        make(Some(a.value), Some(b.value), "two-proportion"),
                        p,
                        (b.value - a.value).abs(),
                    );
                }
                Class::Mean => {
                    let n_of = |m: &Metric, info: &PairInfo| match m.metric.as_str() {
                        "winner_damage" => info.won,
                        _ => m.trials.unwrap_or(0),
                    };
                    mean_test(a, n_of(a, po), b, n_of(b, pn), g, make);
                }
                Class::Order => g.untested += 1,
            },
            _ => g.untested += 1,
        }
    }
}

/// The standard error of an estimated mean of `n` values: its 95% normal
/// interval (`wodds_sim`'s `Figure::mean`, mean ± z sqrt(v / n) with `v`
/// the variance over `n`) read back, and `v` made the sample variance (over
/// `n - 1`), as Welch's test takes it.
fn standard_error(m: &Metric, n: u64) -> f64 {
    let half = (m.ci_high - m.ci_low).max(0.0) / 2.0;
    let se = half / wodds_sim::conflict::Z95;
    if n > 1 {
        se * (n as f64 / (n - 1) as f64).sqrt()
    } else {
        se
    }
}

/// Welch's test of two estimated means from `n1` and `n2` values.
fn mean_test(
    a: &Metric,
    n1: u64,
    b: &Metric,
    n2: u64,
    g: &mut Gathered,
    make: impl Fn(Option<f64>, Option<f64>, &'static str) -> Change,
) {
    let (se1, se2) = (standard_error(a, n1), standard_error(b, n2));
    let p = stats::welch(a.value, se1, n1, b.value, se2, n2);
    g.tested(
        make(Some(a.value), Some(b.value), "welch"),
        p,
        (b.value - a.value).abs(),
    );
}

/// A distribution's bucket, in words.
fn bucket_words(metric: &str, bucket: u32, track: Option<i32>) -> String {
    match (metric, track) {
        ("rounds", _) => format!("ended after round {bucket}"),
        ("winner_damage", _) => format!("{bucket} health levels"),
        (m, Some(t)) => format!("round {bucket}, {} {t}", m.trim_end_matches("_by_round")),
        (_, None) => format!("bucket {bucket}"),
    }
}

/// The distributions compared.
fn distributions<'a>(old: &Results, new: &Results, both: &BothInfo<'a>, g: &mut Gathered) {
    type Dist = (String, String, String);
    fn group_of(r: &Results) -> (Vec<Dist>, HashMap<Dist, Vec<&Bucket>>) {
        let mut order: Vec<Dist> = Vec::new();
        let mut map: HashMap<Dist, Vec<&Bucket>> = HashMap::new();
        for b in &r.buckets {
            let k = (b.scenario.clone(), b.edition.clone(), b.metric.clone());
            map.entry(k.clone())
                .or_insert_with(|| {
                    order.push(k);
                    Vec::new()
                })
                .push(b);
        }
        (order, map)
    }
    let (old_order, old_groups) = group_of(old);
    let (new_order, new_groups) = group_of(new);
    let empty = Vec::new();
    for key in union(&new_order, &old_order) {
        let (scenario, edition, metric) = &key;
        let Some((po, pn)) = both(scenario, edition) else {
            continue;
        };
        let ob = old_groups.get(&key).unwrap_or(&empty);
        let nb = new_groups.get(&key).unwrap_or(&empty);
        let exact = |bs: &[&Bucket], info: &PairInfo| {
            if bs.is_empty() {
                info.exact
            } else {
                bs.iter().all(|b| b.exact)
            }
        };
        let mixed = |bs: &[&Bucket]| bs.iter().any(|b| b.exact) && bs.iter().any(|b| !b.exact);
        if mixed(ob) || mixed(nb) {
            g.untested += 1;
            continue;
        }
        let (ox, nx) = (exact(ob, po), exact(nb, pn));
        // Each bucket's probability under each report, zero where absent.
        let mut cells: Vec<((u32, Option<i32>), f64, f64)> = Vec::new();
        for (bs, second) in [(ob, false), (nb, true)] {
            for b in bs.iter() {
                let at = (b.bucket, b.track);
                match cells.iter_mut().find(|c| c.0 == at) {
                    Some(c) if second => c.2 = b.probability,
                    Some(c) => c.1 = b.probability,
                    None if second => cells.push((at, 0.0, b.probability)),
                    None => cells.push((at, b.probability, 0.0)),
                }
            }
        }
        cells.sort_by_key(|c| c.0);
        let make = |at: (u32, Option<i32>), a: f64, b: f64, test| {
            let w = Where {
                table: "distributions",
                scenario: Some(scenario),
                edition,
                metric,
                side: None,
                at: Some(bucket_words(metric, at.0, at.1)),
                share: true,
            };
            change(&w, Some(a), Some(b), test)
        };
        if ox && nx {
            for &(at, a, b) in &cells {
                g.exact(make(at, a, b, "exact"));
            }
            continue;
        }
        if ox != nx {
            g.untested += 1;
            continue;
        }
        let (Some(t1), Some(t2)) = (po.trials, pn.trials) else {
            g.untested += 1;
            continue;
        };
        let (n1, n2) = match metric.as_str() {
            "winner_damage" => (po.won, pn.won),
            _ => (t1, t2),
        };
        let by_round = cells.iter().any(|c| c.0.1.is_some());
        // One test per distribution; a track's, one per round (a conflict
        // counts in every round it lasts), with the share ended by then.
        let mut rounds: Vec<Option<u32>> = if by_round {
            cells.iter().map(|c| Some(c.0.0)).collect()
        } else {
            vec![None]
        };
        rounds.dedup();
        for round in rounds {
            let part: Vec<_> = cells
                .iter()
                .filter(|c| round.is_none_or(|r| c.0.0 == r))
                .collect();
            let mut a: Vec<f64> = part.iter().map(|c| count(c.1, n1) as f64).collect();
            let mut b: Vec<f64> = part.iter().map(|c| count(c.2, n2) as f64).collect();
            if round.is_some() {
                a.push((n1 as f64 - a.iter().sum::<f64>()).max(0.0));
                b.push((n2 as f64 - b.iter().sum::<f64>()).max(0.0));
            }
            let Some(&&(at, x, y)) = part
                .iter()
                .max_by(|p, q| (p.2 - p.1).abs().total_cmp(&(q.2 - q.1).abs()))
            else {
                continue;
            };
            let p = stats::chi_square(&a, &b);
            g.tested(make(at, x, y, "chi-square"), p, (y - x).abs());
        }
    }
}

/// The cells of the exact tables compared.
fn exact_tables(old: &Results, new: &Results, g: &mut Gathered) {
    type Key = (&'static str, String, String, String);
    let index = |r: &Results| {
        let mut order: Vec<Key> = Vec::new();
        let mut map: HashMap<Key, Option<f64>> = HashMap::new();
        for c in &r.cells {
            let k = (c.table, c.edition.clone(), c.at.clone(), c.column.clone());
            if map.insert(k.clone(), c.value).is_none() {
                order.push(k);
            }
        }
        (order, map)
    };
    let (old_order, old_map) = index(old);
    let (new_order, new_map) = index(new);
    let editions = |order: &[Key]| {
        let mut v: Vec<(&'static str, String)> = Vec::new();
        for (t, e, _, _) in order {
            if !v.iter().any(|(a, b)| a == t && b == e) {
                v.push((t, e.clone()));
            }
        }
        v
    };
    let (old_eds, new_eds) = (editions(&old_order), editions(&new_order));
    for te in union(&new_eds, &old_eds) {
        let (o, n) = (old_eds.contains(&te), new_eds.contains(&te));
        if o != n {
            let w = Where {
                table: te.0,
                scenario: None,
                edition: &te.1,
                metric: "every cell",
                side: None,
                at: None,
                share: false,
            };
            g.structural(change(&w, None, None, if n { "added" } else { "removed" }));
        }
    }
    for key in union(&new_order, &old_order) {
        let te = (key.0, key.1.clone());
        if !(old_eds.contains(&te) && new_eds.contains(&te)) {
            continue;
        }
        let (a, b) = (
            old_map.get(&key).copied().flatten(),
            new_map.get(&key).copied().flatten(),
        );
        let w = Where {
            table: key.0,
            scenario: None,
            edition: &key.1,
            metric: &key.3,
            side: None,
            at: Some(key.2.clone()),
            share: key.3.starts_with("p_"),
        };
        g.exact(change(&w, a, b, "exact"));
    }
}

/// Exact changes grouped, tests corrected and filtered, all in order.
fn finish(g: Gathered, pairs: &[Pair], thresholds: &Thresholds) -> Comparison {
    let Gathered {
        found,
        exact,
        tested,
        untested,
    } = g;
    let ps: Vec<f64> = found.iter().filter_map(|f| f.test.map(|t| t.0)).collect();
    let adjusted = stats::holm(&ps);
    let mut adjusted = adjusted.into_iter();
    let mut moved: Vec<Change> = Vec::new();
    let mut tests: Vec<Change> = Vec::new();
    let mut groups: HashMap<Group, usize> = HashMap::new();
    for f in found {
        match (f.test, f.group) {
            (Some((p, effect)), _) => {
                let holm = adjusted.next().expect("one per test");
                let tested = Change {
                    p_value: Some(p),
                    p_holm: Some(holm),
                    ..f.change
                };
                if holm < thresholds.alpha && effect > thresholds.min_effect {
                    moved.push(tested.clone());
                }
                tests.push(tested);
            }
            (None, Some(group)) => match groups.get(&group) {
                Some(&i) => {
                    let shown = &mut moved[i];
                    shown.more += 1;
                    // The largest change shows, a chance's before a count's
                    // (an action's rolls move by whole rolls).
                    let size = |c: &Change| (c.share, c.difference.map_or(f64::INFINITY, f64::abs));
                    if size(&f.change) > size(shown) {
                        let more = shown.more;
                        *shown = Change { more, ..f.change };
                    }
                }
                None => {
                    groups.insert(group, moved.len());
                    moved.push(f.change);
                }
            },
            (None, None) => moved.push(f.change),
        }
    }
    // Scenario by scenario, in the reports' order; each scenario's
    // editions in order; the exact tables last.
    let rank = |c: &Change| {
        let scenario = c
            .scenario
            .as_ref()
            .and_then(|s| pairs.iter().position(|p| &p.0 == s))
            .unwrap_or(usize::MAX);
        let edition = pairs
            .iter()
            .position(|p| p.1 == c.edition)
            .unwrap_or(usize::MAX);
        (scenario, edition)
    };
    moved.sort_by_key(|c| rank(c));
    tests.sort_by_key(|c| rank(c));
    Comparison {
        moved,
        exact,
        tested,
        untested,
        tests,
        thresholds: *thresholds,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn metric(edition: &str, name: &str, value: f64, exact: bool, trials: u64) -> Metric {
        Metric {
            scenario: "s".into(),
            kind: "combat".into(),
            edition: edition.into(),
            side: None,
            metric: name.into(),
            round: None,
            value,
            ci_low: value,
            ci_high: value,
            exact,
            trials: (!exact).then_some(trials),
            seed: (!exact).then_some(1),
            sampler: if exact { "exact" } else { "outcome" }.into(),
            rules_hash: "h".into(),
        }
    }

    fn results(metrics: Vec<Metric>) -> Results {
        Results {
            metrics,
            ..Results::default()
        }
    }

    /// Equal reports: nothing moved, every figure counted.
    #[test]
    fn the_same_results_move_nothing() {
        let r = results(vec![
            metric("revised", "draws", 0.25, true, 0),
            metric("revised", "draws", 0.2501, false, 1000),
        ]);
        let c = compare(&r, &r, &Thresholds::default());
        assert!(c.is_clean(), "{c:?}");
        assert_eq!((c.exact, c.tested), (1, 0));
    }

    /// An exact figure moved by 1e-9 is reported; by 1e-13, not.
    #[test]
    fn exact_figures_agree_within_the_tolerance() {
        let old = results(vec![metric("revised", "draws", 0.25, true, 0)]);
        let near = results(vec![metric("revised", "draws", 0.25 + 1e-13, true, 0)]);
        let far = results(vec![metric("revised", "draws", 0.25 + 1e-9, true, 0)]);
        assert!(compare(&old, &near, &Thresholds::default()).is_clean());
        let c = compare(&old, &far, &Thresholds::default());
        assert_eq!(c.moved.len(), 1);
        assert_eq!(c.moved[0].test, "exact");
    }

    /// A share of 1000 moved from 30% to 40% is far past alpha and the
    /// minimum effect; to 30.4%, within noise; 30% to 40% with a minimum
    /// effect of 0.2 is too small to report.
    #[test]
    fn estimates_need_significance_and_size() {
        let old = results(vec![metric("uwod", "draws", 0.30, false, 1000)]);
        let big = results(vec![metric("uwod", "draws", 0.40, false, 1000)]);
        let noise = results(vec![metric("uwod", "draws", 0.304, false, 1000)]);
        let c = compare(&old, &big, &Thresholds::default());
        assert_eq!(c.moved.len(), 1, "{c:?}");
        assert_eq!(c.moved[0].test, "two-proportion");
        assert!(c.moved[0].p_holm.unwrap() < 1e-5);
        assert!(compare(&old, &noise, &Thresholds::default()).is_clean());
        let wide = Thresholds {
            alpha: 0.001,
            min_effect: 0.2,
        };
        assert!(compare(&old, &big, &wide).is_clean());
    }

    /// Holm's correction runs over every estimate tested: a share whose
    /// own p-value (about 0.0005, 52.45% against 50% of 10,000) is below
    /// alpha 0.001 is reported alone, but not beside nine shares that did
    /// not move, where Holm multiplies it by 10.
    #[test]
    fn holm_holds_back_a_borderline_estimate_among_many() {
        let raw = stats::two_proportion(5000, 10_000, 5245, 10_000).unwrap();
        assert!(raw > 1e-4 && raw < 1e-3, "{raw}");
        let old = vec![metric("uwod", "draws", 0.5, false, 10_000)];
        let new = vec![metric("uwod", "draws", 0.5245, false, 10_000)];
        let alone = compare(
            &results(old.clone()),
            &results(new.clone()),
            &Thresholds::default(),
        );
        assert_eq!(alone.moved.len(), 1, "{alone:?}");
        assert_eq!(alone.moved[0].p_value, Some(raw));
        assert_eq!(alone.moved[0].p_holm, Some(raw));
        let still: Vec<Metric> = (0..9)
            .map(|i| metric("uwod", &format!("ended_{i}"), 0.3, false, 10_000))
            .collect();
        let (mut old, mut new) = (old, new);
        old.extend(still.clone());
        new.extend(still);
        let (old, new) = (results(old), results(new));
        let many = compare(&old, &new, &Thresholds::default());
        assert_eq!(many.tested, 10);
        assert!(many.is_clean(), "{many:?}");
        // With alpha above 10 p it is reported, its p-value corrected.
        let loose = Thresholds {
            alpha: 0.01,
            min_effect: 0.005,
        };
        let many = compare(&old, &new, &loose);
        assert_eq!(many.moved.len(), 1);
        assert!((many.moved[0].p_holm.unwrap() - 10.0 * raw).abs() < 1e-15);
    }

    /// A mean's standard error is read back from its interval: Welch's
    /// test on the means and intervals `Figure::mean` gives two samples
    /// (200 values alternating 0 and 1 against 210 of 0, 1, 1 repeated:
    /// means 1/2 and 2/3, sample variances 0.251256 and 0.223285), as
    /// worked by hand: t = 3.4606 on 403.3 degrees of freedom, p =
    /// 0.0005966.
    #[test]
    fn welch_reads_standard_errors_off_the_intervals() {
        let interval = |xs: &[f64]| {
            let n = xs.len() as f64;
            let sum: f64 = xs.iter().sum();
            let sq: f64 = xs.iter().map(|x| x * x).sum();
            let f = wodds_sim::conflict::Figure::mean(xs.len() as u64, sum, sq).expect("values");
            (f.value, f.low, f.high, n)
        };
        let a: Vec<f64> = (0..200).map(|i| f64::from(i % 2)).collect();
        let b: Vec<f64> = (0..210).map(|i| f64::from(u8::from(i % 3 != 0))).collect();
        let m = |xs: &[f64]| {
            let (value, low, high, n) = interval(xs);
            Metric {
                value,
                ci_low: low,
                ci_high: high,
                ..metric("uwod", "botches", value, false, n as u64)
            }
        };
        let c = compare(
            &results(vec![m(&a)]),
            &results(vec![m(&b)]),
            &Thresholds {
                alpha: 0.05,
                min_effect: 0.0,
            },
        );
        assert_eq!(c.moved.len(), 1, "{c:?}");
        assert_eq!(c.moved[0].test, "welch");
        let p = c.moved[0].p_value.unwrap();
        assert!((p / 0.000_596_6 - 1.0).abs() < 2e-3, "{p}");
    }

    /// An edition only one report has is one structural change.
    #[test]
    fn an_edition_added_is_named() {
        let old = results(vec![metric("revised", "draws", 0.25, true, 0)]);
        let mut both = old.clone();
        both.metrics.push(metric("fta", "draws", 0.25, true, 0));
        let c = compare(&old, &both, &Thresholds::default());
        assert_eq!(c.moved.len(), 1);
        assert_eq!(
            (c.moved[0].test, c.moved[0].edition.as_str()),
            ("added", "fta")
        );
    }
}
