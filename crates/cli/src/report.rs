//! `wodds report`: the whole report, tables, charts and page.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    wodds report\n  \
    wodds report scenarios/brawl.toml --trials 1000000 --out reports/brawl\n  \
    wodds report --editions revised,my-house-rules.toml")]
pub struct ReportArgs {
    /// Scenario files (default: every scenarios/*.toml).
    scenarios: Vec<PathBuf>,
    /// The report's directory, built beside it and renamed into place whole.
    #[arg(long, default_value = "reports/latest")]
    out: PathBuf,
    /// Fights, chases or grapples an edition for every scenario (default: each scenario's), 1..=1000000000.
    #[arg(long)]
    trials: Option<u64>,
    /// Seed of every scenario (default: each scenario's).
    #[arg(long)]
    seed: Option<u64>,
    /// Editions instead of the scenarios', comma-separated (ids or house-rule paths).
    #[arg(long, value_delimiter = ',')]
    editions: Vec<String>,
    /// Replace --out even if it is not a wodds report directory.
    #[arg(long)]
    force: bool,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
    /// Print the time each part took on stderr.
    #[arg(long)]
    timings: bool,
}

/// One bar for the whole report on stderr, its message the current
/// scenario and edition.
pub(crate) struct Bar(pub(crate) ProgressBar);

impl wodds_report::Progress for Bar {
    fn start(&self, total: u64) {
        self.0.set_length(total);
    }
    fn advance(&self, n: u64) {
        self.0.inc(n);
    }
    fn message(&self, what: &str) {
        self.0.set_message(what.to_string());
    }
}

/// The bar of a command that builds a report (`report`, `check`): hidden
/// with `quiet` or when stderr is not a terminal.
pub(crate) fn progress_bar(what: &str, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{{spinner}} {what} [{{bar:30}}] {{percent:>3}}% {{elapsed}} (eta {{eta}}) {{wide_msg}}"
        ))
        .expect("template")
        .progress_chars("=> "),
    );
    bar
}

/// The scenario files of `dir`, sorted.
fn every_scenario(dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let entries = std::fs::read_dir(dir)
        .with_context(|| format!("no scenarios given and {} cannot be read", dir.display()))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    if files.is_empty() {
        anyhow::bail!(
            "no scenarios given and {} has no .toml files",
            dir.display()
        );
    }
    Ok(files)
}

pub fn run(args: &ReportArgs) -> anyhow::Result<()> {
    let scenarios = if args.scenarios.is_empty() {
        every_scenario(Path::new("scenarios"))?
    } else {
        args.scenarios.clone()
    };
    let opts = wodds_report::Options {
        scenarios,
        out: args.out.clone(),
        trials: args.trials,
        seed: args.seed,
        editions: args.editions.clone(),
        force: args.force,
    };
    let bar = progress_bar("report", args.quiet);
    let written = wodds_report::build(&opts, &Bar(bar.clone()))?;
    bar.finish_and_clear();
    if args.timings {
        let t = written.timings;
        let s = |d: std::time::Duration| d.as_secs_f64();
        let total = s(t.total).max(1e-9);
        eprintln!(
            "total {:.2} s: setup and round chains {:.2} s, exact tables {:.2} s, fights {:.2} s, \
             Parquet {:.2} s ({:.1}%), charts {:.2} s ({:.1}%), page {:.2} s",
            s(t.total),
            s(t.setup),
            s(t.exact),
            s(t.fights),
            s(t.parquet),
            100.0 * s(t.parquet) / total,
            s(t.charts),
            100.0 * s(t.charts) / total,
            s(t.page)
        );
    }
    let tables = written
        .manifest
        .files
        .iter()
        .filter(|f| f.rows.is_some())
        .count();
    let charts = written
        .manifest
        .files
        .iter()
        .filter(|f| f.path.ends_with(".svg"))
        .count();
    println!(
        "report written to {}: {} scenarios, {tables} Parquet tables, {charts} charts (SVG and PNG); open {}",
        written.out.display(),
        written.manifest.scenarios.len(),
        written.index.display()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// With no SCENARIOS the report takes every `scenarios/*.toml`,
    /// sorted: fights, chases and grapples alike.
    #[test]
    fn every_shipped_scenario_is_reported_chases_and_grapples_too() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
        let found = every_scenario(&dir).unwrap();
        let mut toml: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        toml.sort();
        assert_eq!(found, toml);
        let kinds: Vec<_> = found
            .iter()
            .map(|p| wodds_sim::combat::Scenario::load(p).unwrap().kind)
            .collect();
        use wodds_sim::combat::ConflictKind as K;
        for k in [K::Combat, K::Chase, K::Grapple] {
            assert!(kinds.contains(&k), "no {k:?} among {found:?}");
        }
    }
}
