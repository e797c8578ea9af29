//! `wodds compare BASE RULE [SCENARIOS...]`: what a rule changes against a
//! base — the settings that differ, then what they move, largest first:
//! the single roll, the extended-action table and each scenario, with a
//! verdict a line.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::fight::SamplerArg;
use anyhow::Context;
use clap::Args;
use wodds_report::compute::delta::{self, Delta, MAX_ALONE, Play, ScenarioShift};

use crate::output::{check, emit};
use crate::rules::shown;
use crate::run::pct;

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    wodds compare revised docs/examples/our-table-next.toml scenarios/brawl.toml\n  \
    wodds compare fta docs/examples/fta-light-piling.toml scenarios/*.toml --format markdown\n  \
    wodds compare revised my-house-rules.toml --format csv --output change.csv\n  \
    wodds compare revised my-house-rules.toml scenarios/brawl.toml --out reports/my-rule")]
pub struct CompareArgs {
    /// The base: an edition id (revised, fta, uwod, hubris) or a house-rule file.
    base: String,
    /// The rule it is compared with: an edition id or a house-rule file.
    rule: String,
    /// Scenario files to play under both.
    scenarios: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = CompareFormat::Table)]
    format: CompareFormat,
    /// Conflicts a rule set where a scenario has no round chain (default:
    /// the scenario's), 1..=1000000000.
    #[arg(long, value_parser = crate::run::parse_trials)]
    trials: Option<u64>,
    /// Seed of the paired runs (default: the scenario's).
    #[arg(long, value_parser = crate::run::parse_seed, allow_hyphen_values = true)]
    seed: Option<u64>,
    /// How scenarios are played: `round` (exactly from both round chains
    /// where both have one, else as `outcome`), or both rule sets on the
    /// same random numbers drawing `outcome` (whole attacks and rolls from
    /// their exact distributions) or `die` (every die), even where the
    /// chains would give exact figures.
    #[arg(long, value_enum, default_value_t = SamplerArg::Round)]
    sampler: SamplerArg,
    /// Rows of the single-roll and actions tables shown (largest change
    /// first) in the table and markdown formats, 1..=10000; CSV and JSON
    /// list every one that moved.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    top: u32,
    /// Write to this file (whole, or not at all) instead of stdout.
    #[arg(long, short)]
    output: Option<PathBuf>,
    /// Also write the comparison as a page: the report of the scenarios
    /// under BASE and RULE that opens with "What your rule changes"
    /// (`wodds report SCENARIOS --editions BASE,RULE --against BASE --out
    /// DIR`), built beside DIR and put in place whole.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
    #[command(flatten)]
    pub(crate) chain: crate::chain::ChainArgs,
}

/// How `compare` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum CompareFormat {
    /// Aligned, for a terminal.
    Table,
    /// Markdown tables, for an issue or a pull request.
    Markdown,
    /// One row per figure that moved (and every scenario figure).
    Csv,
    /// Everything, nested.
    Json,
}

pub fn run(args: &CompareArgs) -> anyhow::Result<()> {
    let base = crate::stdin::rules(&args.base).context("BASE")?;
    let rule = crate::stdin::rules(&args.rule).context("RULE")?;
    let mut inputs: Vec<PathBuf> = base.files().to_vec();
    inputs.extend(rule.files().iter().cloned());
    let mut scenarios = Vec::new();
    for path in &args.scenarios {
        let scenario = crate::stdin::scenario(path)?;
        let stem = path.file_stem().map_or_else(
            || path.display().to_string(),
            |s| s.to_string_lossy().into(),
        );
        scenarios.push((stem, scenario));
        inputs.push(path.clone());
    }
    check(args.output.as_deref(), &inputs)?;
    let play = Play {
        trials: args.trials,
        seed: args.seed,
        sampling: args.sampler.sampling(),
    };
    let bar = crate::progress::Bar::new("compare", args.quiet);
    let d = match &args.out {
        None => wodds_api::compare::compare(&base, &rule, &scenarios, play, &bar)?,
        Some(dir) => page(args, dir, &bar)?,
    };
    bar.finish_and_clear();
    let top = args.top as usize;
    emit(args.output.as_deref(), |out| match args.format {
        CompareFormat::Json => {
            serde_json::to_writer_pretty(&mut *out, &d)?;
            writeln!(out)
        }
        CompareFormat::Csv => wodds_api::compare::write_csv(out, &d),
        CompareFormat::Table => write_text(out, &d, top, &Style::TABLE),
        CompareFormat::Markdown => write_text(out, &d, top, &Style::MARKDOWN),
    })
}

/// Builds the page of `--out` (a report made `--against` the base) and
/// returns its comparison, which is what `compare` prints.
fn page(args: &CompareArgs, dir: &Path, bar: &crate::progress::Bar) -> anyhow::Result<Delta> {
    if args.sampler != SamplerArg::Round {
        anyhow::bail!(
            "--out: the page plays as `wodds report --against` does (exact where both rule sets \
             have a round chain, else paired under the outcome sampler); drop --sampler or --out"
        );
    }
    if args.scenarios.is_empty() {
        anyhow::bail!("--out: give the scenarios the page should show (SCENARIOS)");
    }
    let opts = wodds_report::Options {
        scenarios: args.scenarios.clone(),
        out: dir.to_path_buf(),
        trials: args.trials,
        seed: args.seed,
        editions: vec![args.base.clone(), args.rule.clone()],
        against: Some(args.base.clone()),
        force: false,
        tables_only: false,
    };
    let mut written = wodds_report::build(&opts, bar)?;
    crate::report::print_notes(&written.notes);
    eprintln!("page written to {}", written.index.display());
    Ok(written.changes.remove(0))
}

/// How the text formats lay a table out.
struct Style {
    /// Before a title.
    heading: &'static str,
    /// A row's cells joined, with its start and end.
    row: fn(&[String], &[usize]) -> String,
    /// The line under a table's head.
    rule: fn(&[usize]) -> Option<String>,
}

impl Style {
    const TABLE: Style = Style {
        heading: "",
        row: |cells, widths| {
            let cells: Vec<String> = (cells.iter().zip(widths))
                .map(|(c, w)| format!("{c:<w$}"))
                .collect();
            format!("  {}", cells.join("  ").trim_end())
        },
        rule: |_| None,
    };
    const MARKDOWN: Style = Style {
        heading: "## ",
        row: |cells, _| format!("| {} |", cells.join(" | ")),
        rule: |widths| Some(format!("|{}|", vec!["---"; widths.len()].join("|"))),
    };

    /// A table: its head, then its rows, aligned.
    fn table(&self, out: &mut dyn Write, head: &[&str], rows: &[Vec<String>]) -> io::Result<()> {
        let mut widths: Vec<usize> = head.iter().map(|h| h.chars().count()).collect();
        for r in rows {
            for (w, c) in widths.iter_mut().zip(r) {
                *w = (*w).max(c.chars().count());
            }
        }
        let head: Vec<String> = head.iter().map(|h| h.to_string()).collect();
        writeln!(out, "{}", (self.row)(&head, &widths))?;
        if let Some(rule) = (self.rule)(&widths) {
            writeln!(out, "{rule}")?;
        }
        for r in rows {
            writeln!(out, "{}", (self.row)(r, &widths))?;
        }
        Ok(())
    }
}

fn write_text(out: &mut dyn Write, d: &Delta, top: usize, style: &Style) -> io::Result<()> {
    let h = style.heading;
    let markdown = !h.is_empty();
    writeln!(
        out,
        "{}{} ({}, rules {}) against {} ({}, rules {}): {}",
        if markdown { "# " } else { "" },
        d.rule.id,
        d.rule.name,
        d.rule.hash,
        d.base.id,
        d.base.name,
        d.base.hash,
        crate::rules::differ(d.settings.len())
    )?;
    if !d.settings.is_empty() {
        writeln!(out)?;
        let rows: Vec<Vec<String>> = (d.settings.iter())
            .map(|s| {
                vec![
                    s.key.clone(),
                    shown(s.base.as_ref()),
                    shown(s.rule.as_ref()),
                ]
            })
            .collect();
        style.table(out, &["setting", "base", "rule"], &rows)?;
    }
    if !d.scenarios.is_empty() {
        writeln!(out, "\n{h}What it changes, largest first")?;
        let order = delta::largest_first(&d.scenarios);
        if markdown {
            writeln!(out)?;
        }
        for s in order {
            writeln!(
                out,
                "{}{}: {}",
                if markdown { "- " } else { "  " },
                s.scenario,
                s.verdict
            )?;
        }
    }
    write_single(out, d, top, style)?;
    for s in &d.scenarios {
        write_scenario(out, s, style)?;
    }
    if d.settings.len() > MAX_ALONE && !d.scenarios.is_empty() {
        writeln!(
            out,
            "\n{}{} settings differ: each is played alone on the base only when at most {MAX_ALONE} do",
            if markdown { "" } else { "  " },
            d.settings.len()
        )?;
    }
    Ok(())
}

fn write_single(out: &mut dyn Write, d: &Delta, top: usize, style: &Style) -> io::Result<()> {
    let h = style.heading;
    let mut cells: Vec<_> = d
        .grid
        .cells
        .iter()
        .filter(|c| c.success.moved() || c.botch.moved())
        .collect();
    let size = |c: &&delta::OddsShift| c.success.change.abs().max(c.botch.change.abs());
    cells.sort_by(|a, b| size(b).total_cmp(&size(a)));
    let at = d.grid.at();
    writeln!(
        out,
        "\n{h}Single roll: {} of {} cells move (pools 1-20, {at})",
        cells.len(),
        d.grid.cells.len()
    )?;
    if !cells.is_empty() {
        let rows: Vec<Vec<String>> = (cells.iter().take(top))
            .map(|c| {
                vec![
                    c.pool.to_string(),
                    if d.grid.alike {
                        c.difficulty.to_string()
                    } else {
                        format!("{} / {}", c.difficulty, c.rule_difficulty)
                    },
                    format!("{} -> {}", pct(c.success.base), pct(c.success.rule)),
                    c.success.words(true),
                    format!("{} -> {}", pct(c.botch.base), pct(c.botch.rule)),
                    c.botch.words(true),
                ]
            })
            .collect();
        style.table(
            out,
            &["pool", "difficulty", "success", "change", "botch", "change"],
            &rows,
        )?;
    }
    let mut actions: Vec<_> = d
        .actions
        .iter()
        .filter(|a| a.p_success.moved() || a.mean_rolls.is_some_and(|m| m.moved()))
        .collect();
    let size = |a: &&delta::ActionShift| {
        a.p_success
            .change
            .abs()
            .max(a.mean_rolls.map_or(0.0, |m| m.change.abs() / 100.0))
    };
    actions.sort_by(|a, b| size(b).total_cmp(&size(a)));
    writeln!(
        out,
        "\n{h}Extended actions: {} of {} rows move (pools 3-10, targets 5-20, at the standard difficulty)",
        actions.len(),
        d.actions.len()
    )?;
    if !actions.is_empty() {
        let rows: Vec<Vec<String>> = (actions.iter().take(top))
            .map(|a| {
                let (rolls, moved) = match a.mean_rolls {
                    Some(m) => (format!("{:.2} -> {:.2}", m.base, m.rule), m.words(false)),
                    None => ("-".to_string(), "-".to_string()),
                };
                vec![
                    a.pool.to_string(),
                    a.target.to_string(),
                    format!("{} -> {}", pct(a.p_success.base), pct(a.p_success.rule)),
                    a.p_success.words(true),
                    rolls,
                    moved,
                ]
            })
            .collect();
        style.table(
            out,
            &[
                "pool",
                "target",
                "reached",
                "change",
                "mean rolls",
                "change",
            ],
            &rows,
        )?;
    }
    Ok(())
}

fn write_scenario(out: &mut dyn Write, s: &ScenarioShift, style: &Style) -> io::Result<()> {
    let h = style.heading;
    let how = s.how();
    writeln!(out, "\n{h}{}: {} ({how})", s.scenario, s.name)?;
    writeln!(
        out,
        "{}verdict: {}",
        if h.is_empty() { "  " } else { "\n" },
        s.verdict
    )?;
    if !h.is_empty() {
        writeln!(out)?;
    }
    let mut rows: Vec<Vec<String>> = Vec::new();
    let v = |x: f64, points: bool| if points { pct(x) } else { format!("{x:.2}") };
    for (label, f, points) in s.figures() {
        rows.push(vec![
            label,
            v(f.base, points),
            v(f.rule, points),
            f.words(points),
        ]);
    }
    style.table(out, &["", "base", "rule", "change"], &rows)?;
    if !s.by_setting.is_empty() {
        writeln!(
            out,
            "\n{}each setting alone on the base:",
            if h.is_empty() { "  " } else { "" }
        )?;
        if !h.is_empty() {
            writeln!(out)?;
        }
        let mut head: Vec<String> = vec!["setting".into()];
        head.extend(s.sides.iter().map(|x| format!("{} wins", x.side)));
        head.push("rounds".into());
        let rows: Vec<Vec<String>> = (s.by_setting.iter())
            .map(|e| {
                let mut r = vec![e.key.clone()];
                match (&e.alone, e.rounds) {
                    (None, Some(rounds)) => {
                        r.extend(e.wins.iter().map(|w| w.words(true)));
                        r.push(rounds.words(false));
                    }
                    (why, _) => {
                        let why = why.as_deref().unwrap_or("-");
                        r.push(format!("cannot be changed alone: {why}"));
                        r.resize(head.len(), String::new());
                    }
                }
                r
            })
            .collect();
        let head: Vec<&str> = head.iter().map(String::as_str).collect();
        style.table(out, &head, &rows)?;
    }
    Ok(())
}
