//! `wodds check`: the regression gate. Makes a baseline report again from
//! its manifest and prints what moved: a table (or JSON), the input files
//! and settings that changed, and a one-line verdict. Exit 0 when nothing
//! moved, 1 when something did, 2 on bad input.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use serde::Serialize;
use wodds_report::check::{CheckOptions, Checked, check};
use wodds_report::compare::{Change, Thresholds};
use wodds_rules::SettingDiff;

use crate::report::{Bar, progress_bar};
use crate::rules::{differ, write_changes};

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    wodds check --baseline reports/baseline\n  \
    wodds check --baseline reports/baseline scenarios/brawl.toml --format json\n  \
    wodds check --baseline reports/baseline --update   # accept what moved\n\n\
    Exit codes: 0 nothing moved, 1 something moved, 2 bad input.")]
pub struct CheckArgs {
    /// The baseline: a report directory made by `wodds report`, made again
    /// from its manifest.json (run from the directory it was made in).
    #[arg(long)]
    baseline: PathBuf,
    /// The baseline's scenarios to check, by file or name (default: all).
    scenarios: Vec<String>,
    /// Level of the tests of estimates, after Holm's correction over all of them, in (0, 1).
    #[arg(long, default_value_t = 0.001)]
    alpha: f64,
    /// Smallest change of an estimate reported, in the metric's unit (a probability for a share).
    #[arg(long, default_value_t = 0.005)]
    min_effect: f64,
    /// Replace the baseline with the new report: built beside it and swapped in whole; only the files its manifest lists are replaced, anything else in its folder stays.
    #[arg(long)]
    update: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = CheckFormat::Table)]
    format: CheckFormat,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
    #[command(flatten)]
    pub(crate) chain: crate::chain::ChainArgs,
}

/// How `check` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum CheckFormat {
    /// Aligned, for a terminal or a job summary.
    Table,
    /// JSON.
    Json,
}

pub fn run(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    let opts = CheckOptions {
        baseline: args.baseline.clone(),
        scenarios: args.scenarios.clone(),
        thresholds: Thresholds {
            alpha: args.alpha,
            min_effect: args.min_effect,
        },
        update: args.update,
    };
    let bar = progress_bar("check", args.quiet);
    let checked = check(&opts, &Bar(bar.clone()))?;
    bar.finish_and_clear();
    crate::report::print_notes(&checked.notes);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let written = match args.format {
        CheckFormat::Table => write_table(&mut out, &checked),
        CheckFormat::Json => write_json(&mut out, &checked),
    }
    .and_then(|()| out.flush());
    match written {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => return Err(e.into()),
        _ => {}
    }
    Ok(if checked.moved() && !checked.updated {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// `1 figure`, `2 figures`.
fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The one-line verdict (the table prints it after `verdict: `).
fn verdict(c: &Checked) -> String {
    let cmp = &c.comparison;
    let t = &cmp.thresholds;
    let level = format!(
        "alpha {} with Holm's correction, min effect {}",
        t.alpha, t.min_effect
    );
    let mut v = if cmp.is_clean() {
        format!(
            "nothing moved: {} equal, {} within noise ({level})",
            plural(cmp.exact, "exact figure", "exact figures"),
            plural(cmp.tested, "estimate", "estimates"),
        )
    } else {
        let exact = cmp.moved.iter().filter(|m| m.is_exact()).count();
        let estimated = cmp.moved.len() - exact;
        format!(
            "{} moved ({exact} exact, {estimated} estimated) of {} and {} tested ({level})",
            plural(cmp.moved.len(), "metric", "metrics"),
            plural(cmp.exact, "exact figure", "exact figures"),
            plural(cmp.tested, "estimate", "estimates"),
        )
    };
    if c.identical == Some(true) {
        v.push_str("; the new report is byte for byte the baseline");
    }
    if c.updated {
        v.push_str(&format!("; baseline {} updated", c.baseline.display()));
    }
    v
}

/// A figure as shown: a share in percent.
fn shown(x: f64, share: bool) -> f64 {
    if share { 100.0 * x } else { x }
}

/// Decimals enough to tell the shown `a` from `b` (2 at least, 12 at most).
fn decimals(a: Option<f64>, b: Option<f64>, share: bool) -> usize {
    let (Some(a), Some(b)) = (a, b) else {
        return 2;
    };
    let (a, b) = (shown(a, share), shown(b, share));
    (2..=12)
        .find(|&d| format!("{a:.d$}") != format!("{b:.d$}"))
        .unwrap_or(12)
}

/// `x` with `d` decimals, never `-0`.
fn fixed(x: f64, d: usize) -> String {
    let s = format!("{:.d$}", x + 0.0);
    match s.strip_prefix('-') {
        Some(rest) if rest.chars().all(|c| c == '0' || c == '.') => rest.to_string(),
        _ => s,
    }
}

fn number(v: Option<f64>, share: bool, d: usize) -> String {
    match v {
        None => "-".to_string(),
        Some(x) if share => format!("{}%", fixed(shown(x, true), d)),
        Some(x) => fixed(x, d),
    }
}

/// A difference with at least `d` decimals, and more where it would show
/// as 0 (two figures that round apart by less than a unit of the last
/// decimal shown); signed.
fn difference(v: Option<f64>, share: bool, d: usize) -> String {
    let Some(x) = v else {
        return "-".to_string();
    };
    let x = shown(x, share);
    let nonzero = |d: usize| {
        format!("{:.d$}", x.abs())
            .bytes()
            .any(|c| (b'1'..=b'9').contains(&c))
    };
    let d = if x == 0.0 {
        d
    } else {
        (d..=12).find(|&d| nonzero(d)).unwrap_or(12)
    };
    let s = fixed(x, d);
    let signed = if s.starts_with('-') || s.bytes().all(|c| c == b'0' || c == b'.') {
        s
    } else {
        format!("+{s}")
    };
    if share {
        format!("{signed} pts")
    } else {
        signed
    }
}

fn p_value(p: Option<f64>) -> String {
    match p {
        None => "-".to_string(),
        Some(p) if p < 1e-16 => "<1e-16".to_string(),
        Some(p) => format!("{p:.1e}"),
    }
}

/// A change's metric in words: the metric, its side, where in it, and
/// how many more of its figures moved.
fn label(c: &Change) -> String {
    let mut s = c.metric.clone();
    if let Some(side) = &c.side {
        s.push(' ');
        s.push_str(side);
    }
    if let Some(at) = &c.at {
        s.push_str(if c.table == "summary" { ", " } else { ": " });
        s.push_str(at);
    }
    if c.more > 0 {
        s.push_str(&format!(" (+{} more)", c.more));
    }
    s
}

fn how(c: &Change) -> String {
    match c.test {
        "exact" | "added" | "removed" => c.test.to_string(),
        t => format!("estimate ({t})"),
    }
}

fn write_table(out: &mut dyn Write, c: &Checked) -> io::Result<()> {
    writeln!(out, "baseline {}: {}", c.baseline.display(), c.command)?;
    if !c.inputs.is_empty() {
        let files: Vec<String> = c
            .inputs
            .iter()
            .map(|i| match i.change {
                "changed" => format!("{} ({})", i.path, i.kind),
                other => format!("{} ({}, {other})", i.path, i.kind),
            })
            .collect();
        writeln!(out, "changed since the baseline: {}", files.join(", "))?;
    }
    for r in &c.rules {
        writeln!(
            out,
            "{}: rules {} -> {}, {}",
            r.edition,
            r.old_hash,
            r.new_hash,
            differ(r.settings.len())
        )?;
        let diffs: Vec<SettingDiff<'_>> = r
            .settings
            .iter()
            .map(|s| SettingDiff {
                key: &s.key,
                a: s.old.as_ref(),
                b: s.new.as_ref(),
                a_source: None,
                b_source: None,
            })
            .collect();
        write_changes(out, &diffs, "  ")?;
    }
    let moved = &c.comparison.moved;
    if !moved.is_empty() {
        let header = [
            "scenario",
            "edition",
            "metric",
            "old",
            "new",
            "difference",
            "p (Holm)",
            "how",
        ];
        let rows: Vec<[String; 8]> = moved
            .iter()
            .map(|m| {
                let d = decimals(m.old, m.new, m.share);
                [
                    m.scenario.clone().unwrap_or_else(|| m.table.to_string()),
                    m.edition.clone(),
                    label(m),
                    number(m.old, m.share, d),
                    number(m.new, m.share, d),
                    difference(m.difference, m.share, d),
                    p_value(m.p_holm),
                    how(m),
                ]
            })
            .collect();
        let mut width = header.map(str::len);
        for r in &rows {
            for (w, cell) in width.iter_mut().zip(r) {
                *w = (*w).max(cell.chars().count());
            }
        }
        // Text columns to the left, figures to the right.
        let line = |cells: &[String]| {
            let mut s = String::new();
            for (i, (cell, w)) in cells.iter().zip(width).enumerate() {
                let pad = w - cell.chars().count();
                if i > 0 {
                    s.push_str("  ");
                }
                if (3..7).contains(&i) {
                    s.push_str(&" ".repeat(pad));
                    s.push_str(cell);
                } else {
                    s.push_str(cell);
                    if i < 7 {
                        s.push_str(&" ".repeat(pad));
                    }
                }
            }
            s
        };
        writeln!(out, "{}", line(&header.map(str::to_string)))?;
        for r in &rows {
            writeln!(out, "{}", line(r))?;
        }
    }
    writeln!(out, "verdict: {}", verdict(c))
}

/// The JSON `check` prints: the verdict and whether something moved,
/// then everything it found.
#[derive(Serialize)]
struct Json<'a> {
    verdict: String,
    moved: bool,
    #[serde(flatten)]
    checked: &'a Checked,
}

fn write_json(out: &mut dyn Write, c: &Checked) -> io::Result<()> {
    let json = Json {
        verdict: verdict(c),
        moved: c.moved(),
        checked: c,
    };
    serde_json::to_writer_pretty(&mut *out, &json)?;
    writeln!(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Figures show as many decimals as tell them apart, in percent for a
    /// share; a difference never reads 0 or -0 when the figures differ.
    #[test]
    fn figures_show_what_moved_and_never_minus_zero() {
        let (a, b) = (Some(0.499_34), Some(0.499_53));
        let d = decimals(a, b, true);
        assert_eq!(d, 2);
        assert_eq!(
            (number(a, true, d), number(b, true, d)),
            ("49.93%".to_string(), "49.95%".to_string())
        );
        assert_eq!(difference(Some(0.000_19), true, d), "+0.02 pts");
        // 0.12344999 and 0.12345001 part at the fourth decimal, but their
        // difference is 2e-8.
        let d = decimals(Some(0.123_449_99), Some(0.123_450_01), false);
        assert_eq!(d, 4);
        assert_eq!(difference(Some(-2e-8), false, d), "-0.00000002");
        assert_eq!(difference(Some(2e-8), false, d), "+0.00000002");
        assert_eq!(number(Some(-0.0), false, 2), "0.00");
        assert_eq!(number(Some(-1e-9), false, 2), "0.00");
        assert_eq!(difference(Some(0.0), false, 2), "0.00");
        assert_eq!(difference(Some(-1.31), false, 2), "-1.31");
        assert_eq!(difference(None, false, 2), "-");
        assert_eq!(p_value(Some(2.3e-5)), "2.3e-5");
        assert_eq!(p_value(Some(1e-300)), "<1e-16");
    }
}
