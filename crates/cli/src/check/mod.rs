//! `wodds check`: the regression gate. Makes a baseline report again from
//! its manifest and prints what moved: a table (or JSON), the input files
//! and settings that changed, and a one-line verdict. Exit 0 when nothing
//! moved, 1 when something did, 2 on bad input.

mod github;
mod junit;
mod markdown;
mod say;
mod table;
mod words;

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use serde::Serialize;
use wodds_report::check::{CheckOptions, Checked, check, project};
use wodds_report::compare::Thresholds;

use crate::output::Output;
use crate::progress::Bar;

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    wodds check --baseline reports/baseline\n  \
    wodds check --baseline reports/baseline scenarios/brawl.toml --format json\n  \
    wodds check --baseline baseline --format github --summary summary.md   # in a GitHub workflow\n  \
    wodds check --baseline baseline --format junit -o wodds-check.xml     # GitLab and other CI\n  \
    wodds check --baseline reports/baseline --update   # accept what moved\n\n\
    Exit codes: 0 nothing moved, 1 something moved, 2 bad input.")]
pub struct CheckArgs {
    /// The baseline: a report directory made by `wodds report`, made again
    /// from its manifest.json; its paths are read from the directory the
    /// report was made from, wherever check runs.
    #[arg(long, value_name = "DIR")]
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
    /// Write the output to FILE (whole or not at all) instead of stdout.
    #[arg(long, short, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Also write a Markdown summary to FILE (whole or not at all), for a
    /// pull request's job summary: append it to $GITHUB_STEP_SUMMARY.
    #[arg(long, value_name = "FILE")]
    summary: Option<PathBuf>,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
    #[command(flatten)]
    pub(crate) chain: crate::chain::ChainArgs,
}

/// How `check` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum CheckFormat {
    /// Aligned, for a terminal or a job log.
    Table,
    /// JSON: everything found, every estimate's p-value.
    Json,
    /// Markdown, for a reviewer: what changed, what moved, the verdict.
    Markdown,
    /// GitHub Actions: an annotation on each house-rule line whose
    /// setting moved a figure (`::error file=...,line=...::`), then the
    /// table.
    Github,
    /// JUnit XML: a test case for each scenario and rule set (and the
    /// single-roll and action tables), failed where a figure moved.
    Junit,
}

pub fn run(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    // The baseline's paths start at the directory it was made from (its
    // manifest records where that is): check runs from there, so that it
    // works from any directory; what the user typed is read from here.
    let baseline = std::path::absolute(&args.baseline)
        .with_context(|| format!("--baseline {}", args.baseline.display()))?;
    let scenarios: Vec<String> = (args.scenarios.iter())
        .map(|s| match std::path::absolute(s) {
            Ok(p) if p.is_file() => p.display().to_string(),
            _ => s.clone(),
        })
        .collect();
    let project = project(&args.baseline)?;
    // The outputs, checked before any work: none may be a file the check
    // reads.
    let reads: Vec<PathBuf> = (project.reads.iter())
        .map(|p| std::path::absolute(p).unwrap_or_else(|_| p.clone()))
        .collect();
    let output = Output::prepare(args.output.as_deref(), &reads)?;
    let summary = match &args.summary {
        Some(path) => Some(Output::prepare_as("--summary", Some(path), &reads)?),
        None => None,
    };
    // From the project's root, the baseline is named as from there
    // (`ci/baseline`), as its errors and notes then say it.
    let baseline = match &project.root {
        Some(root) => {
            std::env::set_current_dir(root).with_context(|| {
                format!(
                    "--baseline {}: the directory it was made from, {}",
                    args.baseline.display(),
                    root.display()
                )
            })?;
            match (baseline.canonicalize(), std::env::current_dir()) {
                (Ok(b), Ok(here)) => match pathdiff::diff_paths(&b, &here) {
                    Some(rel) if rel.as_os_str().is_empty() => PathBuf::from("."),
                    Some(rel) => rel,
                    None => b,
                },
                _ => baseline,
            }
        }
        None => args.baseline.clone(),
    };
    let opts = CheckOptions {
        baseline,
        scenarios,
        thresholds: Thresholds {
            alpha: args.alpha,
            min_effect: args.min_effect,
        },
        update: args.update,
    };
    let bar = Bar::new("check", args.quiet);
    let mut checked = check(&opts, &bar)?;
    checked.baseline = args.baseline.clone();
    bar.finish_and_clear();
    crate::report::print_notes(&checked.notes);
    if let Some(summary) = summary {
        summary.write(|out| markdown::write(out, &checked))?;
    }
    let format = args.format;
    let written = output.write(|out| match format {
        CheckFormat::Table => table::write_table(out, &checked),
        CheckFormat::Json => write_json(out, &checked),
        CheckFormat::Markdown => markdown::write(out, &checked),
        CheckFormat::Github => {
            github::write(out, &checked)?;
            table::write_table(out, &checked)
        }
        CheckFormat::Junit => junit::write(out, &checked),
    });
    match written {
        Err(e) if !crate::output::is_broken_pipe(&e) => return Err(e),
        _ => {}
    }
    Ok(if checked.moved() && !checked.updated {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
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
        verdict: say::verdict(c),
        moved: c.moved(),
        checked: c,
    };
    serde_json::to_writer_pretty(&mut *out, &json)?;
    writeln!(out)
}
