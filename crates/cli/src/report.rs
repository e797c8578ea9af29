//! `wodds report`: the whole report, tables, charts and page.

use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;
use wodds_sim::conflict::Shard;

use crate::progress::Bar;

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    wodds report\n  \
    wodds report scenarios/brawl.toml --trials 1000000 --out reports/brawl\n  \
    wodds report --editions revised,my-house-rules.toml\n  \
    wodds report --editions revised,my-house-rules.toml --against revised\n  \
    wodds report scenarios/brawl.toml --shard 0/2 --out parts/0   (then 1/2, then wodds merge)")]
pub struct ReportArgs {
    /// Scenario files (default: every scenarios/*.toml).
    scenarios: Vec<PathBuf>,
    /// The report's directory, built beside it and renamed into place whole
    /// [default: reports/latest]; with --shard, the part's directory.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Fights, chases or grapples an edition for every scenario (default: each scenario's), 1..=1000000000.
    #[arg(long)]
    trials: Option<u64>,
    /// Seed of every scenario (default: each scenario's).
    #[arg(long)]
    seed: Option<u64>,
    /// Editions instead of the scenarios', comma-separated (ids or house-rule paths).
    #[arg(long, short, value_delimiter = ',')]
    editions: Vec<String>,
    /// One of the report's editions to measure the others against: the
    /// page then opens with "What your rule changes" (as `wodds compare`)
    /// and the report holds changes.parquet.
    #[arg(long, value_name = "EDITION")]
    against: Option<String>,
    /// Write into --out even if it is not a wodds report directory (or its
    /// manifest is damaged): wodds still removes only the files it wrote,
    /// and keeps any other file where it puts one of its own as NAME.~1~.
    #[arg(long)]
    force: bool,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
    /// Print the time each part took on stderr.
    #[arg(long)]
    timings: bool,
    /// What to print once the report is written: a line (table) or JSON
    /// (its directory, page, scenarios and every file with its size and
    /// sha256, as the manifest lists them).
    #[arg(long, value_enum, default_value_t = ReportFormat::Table)]
    format: ReportFormat,
    /// Only the tables (Parquet and CSV) and the manifest: no charts and no
    /// page. A lean baseline for `wodds check`, small enough to review in
    /// a pull request's diff.
    #[arg(long)]
    tables_only: bool,
    /// Play only shard I of N's share of the batches (I from 0) and write its
    /// tallies to --out as a part, for `wodds merge`.
    #[arg(long, value_name = "I/N", allow_hyphen_values = true, value_parser = parse_shard)]
    shard: Option<Shard>,
    #[command(flatten)]
    pub(crate) chain: crate::chain::ChainArgs,
}

/// What `wodds report` prints when it is done.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ReportFormat {
    /// One line: what was written, and where.
    Table,
    /// JSON, for scripts.
    Json,
}

/// `--shard`: `i/n`, `i` from 0 to `n - 1`.
pub fn parse_shard(s: &str) -> Result<Shard, String> {
    s.parse()
}

/// The scenario files of `dir`, sorted: every `*.toml` but hidden ones
/// (`.hidden.toml`, an editor's `.#brawl.toml`); one that is not a regular
/// file (a FIFO would block the run) is refused.
fn every_scenario(dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let entries = std::fs::read_dir(dir)
        .with_context(|| format!("no scenarios given and {} cannot be read", dir.display()))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .filter(|p| {
            !p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .collect();
    files.sort();
    for f in &files {
        if !std::fs::metadata(f).is_ok_and(|m| m.is_file()) {
            anyhow::bail!(
                "{}: not a regular file; a scenario must be a file (give the scenarios to report by name)",
                f.display()
            );
        }
    }
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
    let out = match (&args.out, args.shard) {
        (Some(out), _) => out.clone(),
        (None, None) => PathBuf::from("reports/latest"),
        (None, Some(_)) => {
            anyhow::bail!("--shard: give --out DIR, the directory of the shard's part")
        }
    };
    let opts = wodds_report::Options {
        scenarios,
        out,
        trials: args.trials,
        seed: args.seed,
        editions: args.editions.clone(),
        against: args.against.clone(),
        force: args.force,
        tables_only: args.tables_only,
    };
    let bar = Bar::new("report", args.quiet);
    if let Some(shard) = args.shard {
        let written = wodds_report::build_part(&opts, shard, &bar)?;
        bar.finish_and_clear();
        print_notes(&written.notes);
        if args.timings {
            let t = written.timings;
            eprintln!(
                "total {:.2} s: setup and round chains {:.2} s, fights {:.2} s, the part {:.2} s",
                t.total.as_secs_f64(),
                t.setup.as_secs_f64(),
                t.fights.as_secs_f64(),
                t.parquet.as_secs_f64()
            );
        }
        print_part(&written.out, &written.manifest);
        return Ok(());
    }
    let written = wodds_report::build(&opts, &bar)?;
    bar.finish_and_clear();
    if args.format == ReportFormat::Json {
        print_notes(&written.notes);
        let m = &written.manifest;
        let json = serde_json::json!({
            "out": written.out,
            "index": (!opts.tables_only).then_some(&written.index),
            "command": m.command,
            "scenarios": m.scenarios.iter().map(|s| &s.name).collect::<Vec<_>>(),
            "editions": (m.editions.iter())
                .map(|e| serde_json::json!({"id": e.id, "rules_hash": e.rules_hash}))
                .collect::<Vec<_>>(),
            "files": m.files,
        });
        return crate::output::emit(None, |out| {
            serde_json::to_writer_pretty(&mut *out, &json)?;
            writeln!(out)
        });
    }
    print_written(&written, args.timings);
    Ok(())
}

/// What wodds says besides its output, on stderr: the user's files it
/// kept, leftovers of stopped runs it removed.
pub fn print_notes(notes: &[String]) {
    for n in notes {
        eprintln!("note: {n}");
    }
}

/// What a shard prints when its part is written.
pub fn print_part(out: &Path, m: &wodds_report::part::PartManifest) {
    let runs: usize = m.scenarios.iter().map(|s| s.editions.len()).sum();
    let counts = m.files.iter().filter_map(|f| f.rows).sum::<u64>();
    println!(
        "part {}/{} written to {}: {} scenario{}, {runs} scenario-edition{}, {counts} counts; \
         merge it with the other parts by wodds merge",
        m.shard.index,
        m.shard.count,
        out.display(),
        m.scenarios.len(),
        if m.scenarios.len() == 1 { "" } else { "s" },
        if runs == 1 { "" } else { "s" },
    );
}

/// What `wodds report` (and `wodds merge` of its parts) prints when the
/// report is written, and with `timings` the time each part took on
/// stderr.
pub fn print_written(written: &wodds_report::Written, timings: bool) {
    print_notes(&written.notes);
    if timings {
        let t = written.timings;
        let s = |d: std::time::Duration| d.as_secs_f64();
        let total = s(t.total).max(1e-9);
        eprintln!(
            "total {:.2} s: setup and round chains {:.2} s, exact tables {:.2} s, fights {:.2} s, \
             what a dot is worth {:.2} s, what the rules change {:.2} s, Parquet {:.2} s ({:.1}%), \
             charts {:.2} s ({:.1}%), page {:.2} s",
            s(t.total),
            s(t.setup),
            s(t.exact),
            s(t.fights),
            s(t.dots),
            s(t.changes),
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
        .filter(|f| f.path.ends_with(".parquet"))
        .count();
    let charts = written
        .manifest
        .files
        .iter()
        .filter(|f| f.path.ends_with(".svg"))
        .count();
    let n = written.manifest.scenarios.len();
    let lean = written
        .manifest
        .overrides
        .as_ref()
        .is_some_and(|o| o.tables_only);
    let what = if lean {
        "no charts, no page (--tables-only)".to_string()
    } else {
        format!(
            "{charts} charts (SVG and PNG); open {}",
            written.index.display()
        )
    };
    println!(
        "report written to {}: {n} scenario{}, {tables} tables (Parquet and CSV), {what}",
        written.out.display(),
        if n == 1 { "" } else { "s" },
    );
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
            .map(|p| wodds_sim::conflict::Scenario::load(p).unwrap().kind)
            .collect();
        use wodds_sim::conflict::ConflictKind as K;
        for k in [K::Combat, K::Chase, K::Grapple] {
            assert!(kinds.contains(&k), "no {k:?} among {found:?}");
        }
    }
}
