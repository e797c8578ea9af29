//! `wodds sheet`: an odds sheet for the players. For each edition or house
//! rule, in the order given, a grid with a row for each pool and a column
//! for each difficulty, whose cell is the exact chance that one roll
//! succeeds; and beside it the chance that the roll botches. Written as
//! Markdown, CSV (one row a pool, one column a difficulty) or one
//! self-contained HTML page that prints on one sheet of A4 or Letter.
//!
//! The figures are `wodds odds`'s `p_success` and `p_botch`, the same
//! numbers laid out wide.

mod grid;
mod html;
mod words;
mod write;

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use wodds_rules::IntRange;

use self::grid::{Plan, Sheet};
use crate::output::Output;
use crate::run::RollFlags;

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    wodds sheet --editions revised\n  \
    wodds sheet --editions revised,docs/examples/ten-again.toml --format html --output sheet.html\n  \
    wodds sheet --editions uwod --pool 1-8 --format csv")]
pub struct SheetArgs {
    /// Editions side by side, in the order given, comma-separated: ids
    /// (revised, fta, uwod, hubris) or house-rule .toml files.
    #[arg(long, short, value_delimiter = ',', required = true, alias = "edition")]
    editions: Vec<String>,
    /// Dice in the pool, a row each: N or A-B. Default: the edition's
    /// smallest pool to 10.
    #[arg(long, short)]
    pool: Option<IntRange>,
    /// Difficulties, a column each, in each edition's own terms (target
    /// number for revised/fta, successes needed for uwod, dice removed for
    /// hubris): N or A-B. Default: the edition's whole range.
    #[arg(long, short)]
    difficulty: Option<IntRange>,
    /// Leave out the botch grids.
    #[arg(long)]
    no_botch: bool,
    #[command(flatten)]
    roll: RollFlags,
    /// Output format: `markdown`, `csv`, or `html` (one page to print).
    #[arg(long, value_enum, default_value_t = SheetFormat::Markdown)]
    format: SheetFormat,
    /// Write to this file (whole, or not at all) instead of stdout.
    #[arg(long, short)]
    output: Option<PathBuf>,
}

/// `wodds sheet --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum SheetFormat {
    /// Markdown tables, a heading an edition.
    Markdown,
    /// Comma-separated: a row a pool, a column a difficulty.
    Csv,
    /// One self-contained page, made to print on one sheet.
    Html,
}

pub fn run(args: &SheetArgs) -> anyhow::Result<()> {
    let editions = crate::fight::load_editions(&args.editions)?;
    let inputs: Vec<PathBuf> = editions
        .iter()
        .flat_map(|r| r.files().iter().cloned())
        .collect();
    let output = Output::prepare(args.output.as_deref(), &inputs)?;
    let options = args.roll.options();
    // Every edition checked against the flags before any is computed.
    let plans = editions
        .into_iter()
        .map(|rules| {
            Plan::new(
                rules,
                args.pool.as_ref(),
                args.difficulty.as_ref(),
                &options,
            )
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let blocks = plans
        .into_iter()
        .map(Plan::compute)
        .collect::<anyhow::Result<_>>()?;
    let sheet = Sheet {
        blocks,
        botch: !args.no_botch,
        options: args.roll.label(),
    };
    output.write(|out| match args.format {
        SheetFormat::Markdown => write::markdown(out, &sheet),
        SheetFormat::Csv => write::csv(out, &sheet),
        SheetFormat::Html => html::write(out, &sheet),
    })
}
