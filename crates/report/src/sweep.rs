//! A sweep's files (`wodds sweep --out DIR`): `sweep.parquet`, tidy (one
//! row per point, edition and side), and its charts: the first side's win
//! rate against the varied value, one line per edition (a band where
//! estimated), or for a grid of two values a heatmap per edition, and a
//! `manifest.json` listing them. The folder is built beside `DIR` and put
//! in place whole, replacing only the files a sweep wrote there.

use std::path::{Path, PathBuf};

use polars::prelude::{DataFrame, PolarsResult};

use crate::ReportError;
use crate::charts::palette::Palette;
use crate::charts::{self, BandPoint, BandSeries, Bands, Heatmap, Intervals, Panel, Point};
use crate::compute::rows::{prob, tidy};
use crate::manifest::FileEntry;
use crate::manifest::VERSION;
use crate::publish::{self, Dest, Kind, Staged};
use crate::tables::{self, Col, ColType, Frame};

/// One row of `sweep.parquet` (and of `wodds sweep`'s output).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Row {
    /// Edition id.
    pub edition: String,
    /// The value of each varied path.
    pub values: Vec<String>,
    /// The side.
    pub side: String,
    /// Its chance to win, and its 95% interval (the value when exact).
    pub win_rate: f64,
    /// See `win_rate`.
    pub win_low: f64,
    /// See `win_rate`.
    pub win_high: f64,
    /// The chance of a draw.
    pub draws: f64,
    /// Mean rounds.
    pub mean_rounds: Option<f64>,
    /// Exact (from the round chain) or estimated.
    pub exact: bool,
    /// Fights behind an estimate.
    pub trials: Option<u64>,
    /// The scenario's seed.
    pub seed: u64,
    /// The rules hash at the point (a varied setting included).
    pub rules_hash: String,
}

/// A sweep's rows and what they are of.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    /// The scenario's title.
    pub scenario: String,
    /// The varied paths (one or two).
    pub paths: Vec<String>,
    /// Whether each path's values are integers.
    pub numeric: Vec<bool>,
    /// The editions swept, in order.
    pub editions: Vec<String>,
    /// The sides, in order.
    pub sides: Vec<String>,
    /// Its rows: by point, then edition, then side.
    pub rows: Vec<Row>,
}

/// The columns of `sweep.parquet` (docs/report.md): `value_1` (and
/// `value_2` for a grid) hold the varied values as text.
pub fn schema(paths: usize) -> Vec<Col> {
    let mut cols = vec![
        Col::new("edition", ColType::Str, false),
        Col::new("path_1", ColType::Str, false),
        Col::new("value_1", ColType::Str, false),
    ];
    if paths > 1 {
        cols.push(Col::new("path_2", ColType::Str, false));
        cols.push(Col::new("value_2", ColType::Str, false));
    }
    cols.extend([
        Col::new("side", ColType::Str, false),
        Col::new("win_rate", ColType::F64, false),
        Col::new("ci_low", ColType::F64, false),
        Col::new("ci_high", ColType::F64, false),
        Col::new("draws", ColType::F64, false),
        Col::new("mean_rounds", ColType::F64, true),
        Col::new("exact", ColType::Bool, false),
        Col::new("trials", ColType::U64, true),
        Col::new("seed", ColType::U64, false),
        Col::new("rules_hash", ColType::Str, false),
        Col::new("wodds_version", ColType::Str, false),
    ]);
    cols
}

/// The rows as a DataFrame.
pub fn frame(t: &Table) -> PolarsResult<DataFrame> {
    let rows = &t.rows;
    let mut f = Frame::new()
        .str("edition", rows.iter().map(|r| r.edition.as_str()))
        .str("path_1", rows.iter().map(|_| t.paths[0].as_str()))
        .str("value_1", rows.iter().map(|r| r.values[0].as_str()));
    if t.paths.len() > 1 {
        f = f
            .str("path_2", rows.iter().map(|_| t.paths[1].as_str()))
            .str("value_2", rows.iter().map(|r| r.values[1].as_str()));
    }
    f.str("side", rows.iter().map(|r| r.side.as_str()))
        .f64("win_rate", rows.iter().map(|r| prob(r.win_rate)))
        .f64("ci_low", rows.iter().map(|r| prob(r.win_low)))
        .f64("ci_high", rows.iter().map(|r| prob(r.win_high)))
        .f64("draws", rows.iter().map(|r| prob(r.draws)))
        .opt_f64("mean_rounds", rows.iter().map(|r| r.mean_rounds.map(tidy)))
        .bool("exact", rows.iter().map(|r| r.exact))
        .opt_u64("trials", rows.iter().map(|r| r.trials))
        .u64("seed", rows.iter().map(|r| r.seed))
        .str("rules_hash", rows.iter().map(|r| r.rules_hash.as_str()))
        .str("wodds_version", rows.iter().map(|_| VERSION))
        .finish(rows.len())
}

/// The `format` of a sweep's `manifest.json`.
pub const FORMAT: &str = crate::manifest::SWEEP_FORMAT;

/// A sweep's `manifest.json`: what wrote it and every file it holds (so
/// that a later sweep replaces exactly those).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SweepManifest {
    /// Always [`FORMAT`].
    pub format: String,
    /// The layout's version (1).
    pub format_version: u32,
    /// The wodds version that made it.
    pub wodds_version: String,
    /// Every file of the sweep but this one.
    pub files: Vec<FileEntry>,
}

/// The sweep's table.
const TABLE: &str = "sweep.parquet";

/// Where a sweep's files go: checked before any work, built beside it and
/// put in place whole ([`crate::publish`]).
#[derive(Debug)]
pub struct Target {
    staged: Staged,
}

impl Target {
    /// Checks `out` before any work: a new or empty folder, or one a sweep
    /// wrote (its files are replaced, anything else in it kept); with
    /// `force`, any folder (nothing but wodds's own files is ever
    /// removed). An `out` that is, holds or lies inside one of `inputs` is
    /// refused.
    pub fn prepare(out: &Path, force: bool, inputs: &[PathBuf]) -> Result<Target, ReportError> {
        let planned = [TABLE.to_string(), "manifest.json".to_string()];
        Ok(Target {
            staged: Target::stage(out, force, inputs, &planned)?,
        })
    }

    fn stage(
        out: &Path,
        force: bool,
        inputs: &[PathBuf],
        planned: &[String],
    ) -> Result<Staged, ReportError> {
        publish::Target::prepare(&Dest {
            out,
            kind: Kind::Sweep,
            flag: "--out",
            force,
            inputs,
            planned,
        })
    }

    /// Writes `t`'s table, charts and manifest and puts the folder in
    /// place. Returns what to tell the user (the user's files kept).
    pub fn write(self, t: &Table) -> Result<Vec<String>, ReportError> {
        let dir = self.staged.path().to_path_buf();
        let mut df = frame(t).map_err(|e| ReportError::Table {
            path: dir.join(TABLE),
            message: e.to_string(),
        })?;
        let bytes = tables::write_parquet(&mut df, &dir.join(TABLE))?;
        let mut files = vec![FileEntry::of(TABLE, &bytes, Some(df.height() as u64))];
        for (name, drawn) in charts(t)? {
            for (ext, bytes) in [("svg", drawn.svg.as_bytes()), ("png", drawn.png.as_slice())] {
                let rel = format!("{name}.{ext}");
                crate::files::write(&dir.join(&rel), bytes)?;
                files.push(FileEntry::of(rel, bytes, None));
            }
        }
        files.sort_by(|a, b| a.path.cmp(&b.path));
        let manifest = SweepManifest {
            format: FORMAT.to_string(),
            format_version: 1,
            wodds_version: VERSION.to_string(),
            files,
        };
        let mut json = serde_json::to_string_pretty(&manifest).expect("a manifest serializes");
        json.push('\n');
        crate::files::write(&dir.join("manifest.json"), json.as_bytes())?;
        let mut notes = self.staged.notes.clone();
        notes.extend(self.staged.publish(&manifest.files)?.notes);
        Ok(notes)
    }
}

/// The charts of a sweep, by file stem.
pub fn charts(t: &Table) -> Result<Vec<(String, charts::Rendered)>, ReportError> {
    let palette = Palette::new(t.editions.iter().map(String::as_str));
    if t.paths.len() == 1 {
        let rendered = if t.numeric[0] {
            charts::render("win-rate", &line(t, &palette))?
        } else {
            charts::render("win-rate", &intervals(t, &palette))?
        };
        return Ok(vec![("win-rate".to_string(), rendered)]);
    }
    heatmaps(t)
}

/// The rows of the first side under edition `e`.
fn first_side<'a>(t: &'a Table, e: &str) -> Vec<&'a Row> {
    t.rows
        .iter()
        .filter(|r| r.edition == e && r.side == t.sides[0])
        .collect()
}

/// The title and value axis of a sweep of one path.
fn titled(t: &Table) -> (String, String) {
    let y_desc = format!("chance {} wins", t.sides[0]);
    let title = format!("{}: {} against {}", t.scenario, y_desc, t.paths[0]);
    (title, y_desc)
}

/// A sweep of one numeric path: the first side's chance to win against
/// the value, a line per edition (a band where estimated).
fn line(t: &Table, palette: &Palette) -> Bands {
    let (title, y_desc) = titled(t);
    let series = t
        .editions
        .iter()
        .map(|e| BandSeries {
            name: e.clone(),
            look: palette.look(e),
            points: first_side(t, e)
                .iter()
                .map(|r| BandPoint {
                    x: r.values[0].parse().unwrap_or(0.0),
                    estimate: (!r.exact).then_some((
                        100.0 * r.win_rate,
                        100.0 * r.win_low,
                        100.0 * r.win_high,
                    )),
                    exact: r.exact.then_some(100.0 * r.win_rate),
                })
                .collect(),
        })
        .collect();
    Bands {
        title,
        x_desc: t.paths[0].clone(),
        y_desc: format!("{y_desc} (%)"),
        series,
        percent: true,
        line_of: "chance".to_string(),
    }
}

/// A sweep of one path of words: the first side's chance to win at each
/// value, with its interval, a panel per value and a row per edition, on
/// one axis scaled to every figure.
fn intervals(t: &Table, palette: &Palette) -> Intervals {
    let (title, x_desc) = titled(t);
    let mut values: Vec<&str> = Vec::new();
    for r in &t.rows {
        if !values.contains(&r.values[0].as_str()) {
            values.push(&r.values[0]);
        }
    }
    let panels = values
        .iter()
        .map(|v| Panel {
            title: format!("{} = {v}", t.paths[0]),
            rows: t
                .editions
                .iter()
                .filter_map(|e| {
                    let r = first_side(t, e).into_iter().find(|r| r.values[0] == *v)?;
                    let point = Point {
                        value: r.win_rate,
                        low: r.win_low,
                        high: r.win_high,
                        exact: r.exact.then_some(r.win_rate),
                    };
                    Some((e.clone(), palette.look(e), point))
                })
                .collect(),
        })
        .collect();
    Intervals {
        title,
        x_desc: format!("{x_desc} (%)"),
        panels,
        shared_axis: true,
    }
}

/// A grid: a heatmap per edition, the first path across, the second up
/// (text values numbered, the numbers named in the axis' label).
fn heatmaps(t: &Table) -> Result<Vec<(String, charts::Rendered)>, ReportError> {
    let first = &t.sides[0];
    let axis = |k: usize| -> (Vec<String>, Vec<i32>, String) {
        let mut values: Vec<String> = Vec::new();
        for r in &t.rows {
            if !values.contains(&r.values[k]) {
                values.push(r.values[k].clone());
            }
        }
        if t.numeric[k] {
            let xs = values.iter().map(|v| v.parse().unwrap_or(0)).collect();
            (values, xs, t.paths[k].clone())
        } else {
            let named: Vec<String> = (values.iter().enumerate())
                .map(|(i, v)| format!("{} {v}", i + 1))
                .collect();
            let xs = (1..=values.len() as i32).collect();
            let desc = format!("{} ({})", t.paths[k], named.join(", "));
            (values, xs, desc)
        }
    };
    let (xv, xs, x_desc) = axis(0);
    let (yv, ys, y_axis) = axis(1);
    let mut out = Vec::new();
    for e in &t.editions {
        let rows = first_side(t, e);
        let z = yv
            .iter()
            .map(|y| {
                xv.iter()
                    .map(|x| {
                        rows.iter()
                            .find(|r| r.values[0] == *x && r.values[1] == *y)
                            .map_or(0.0, |r| r.win_rate)
                    })
                    .collect()
            })
            .collect();
        let estimated = rows.iter().any(|r| !r.exact);
        let chart = Heatmap {
            title: format!(
                "{}: chance {first} wins under {e}{}",
                t.scenario,
                if estimated { " (some estimated)" } else { "" }
            ),
            x_desc: x_desc.clone(),
            y_desc: y_axis.clone(),
            z_desc: "wins".to_string(),
            xs: xs.clone(),
            ys: ys.clone(),
            z,
            change: false,
        };
        let name = format!("heatmap-{}", file_safe(e));
        out.push((name.clone(), charts::render(&name, &chart)?));
    }
    Ok(out)
}

/// An edition id as a file name (a house-rule path's separators and dots
/// replaced).
fn file_safe(id: &str) -> String {
    id.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '-'
            }
        })
        .collect()
}
