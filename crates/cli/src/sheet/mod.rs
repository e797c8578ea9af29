//! `wodds sheet`: an odds sheet for the players. For each edition or house
//! rule, in the order given, a grid with a row for each pool and a column
//! for each difficulty, whose cell is the exact chance that one roll
//! succeeds; and beside it the chance that the roll botches. Written as
//! Markdown, CSV (one row a pool, one column a difficulty) or one
//! self-contained HTML page that prints on one sheet of A4 or Letter.
//!
//! The figures are `wodds odds`'s `p_success` and `p_botch`, the same
//! numbers laid out wide.

mod html;
mod words;
mod write;

use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, ValueEnum};
use rayon::prelude::*;
use wodds_rules::{IntRange, RuleSet};
use wodds_sim::RollStats;

use crate::output::{Output, tidy};
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

/// One edition's grids.
#[derive(Debug)]
struct Block {
    rules: RuleSet,
    pools: Vec<i32>,
    difficulties: Vec<i32>,
    /// `success[i][j]`: the chance the roll of `pools[i]` dice at
    /// `difficulties[j]` succeeds.
    success: Vec<Vec<f64>>,
    /// The same for a botch.
    botch: Vec<Vec<f64>>,
}

impl Block {
    /// Whether the botch grid has anything to show: the edition can botch
    /// at some pool and difficulty of the sheet.
    fn botches(&self) -> bool {
        self.botch.iter().flatten().any(|&p| p > 0.0)
    }
}

/// The whole sheet: what `write` and `html` lay out.
#[derive(Debug)]
struct Sheet {
    blocks: Vec<Block>,
    /// Whether the botch grids are wanted (not `--no-botch`).
    botch: bool,
    /// The roll options as one word (`none`, `specialty+willpower`).
    options: String,
}

pub fn run(args: &SheetArgs) -> anyhow::Result<()> {
    let editions = crate::fight::load_editions(&args.editions)?;
    let inputs: Vec<PathBuf> = editions
        .iter()
        .flat_map(|r| r.files().iter().cloned())
        .collect();
    let output = Output::prepare(args.output.as_deref(), &inputs)?;
    let options = args.roll.options();
    let mut blocks = Vec::new();
    for rules in editions {
        let [pmin, pmax] = rules.dice.pool_range;
        let pools = args
            .pool
            .as_ref()
            .map_or(pmin..=pmax.min(10).max(pmin), |p| p.0.clone());
        let [dmin, dmax] = rules.dice.difficulty_range;
        let difficulties = args
            .difficulty
            .as_ref()
            .map_or(dmin..=dmax, |d| d.0.clone());
        for p in [*pools.start(), *pools.end()] {
            rules.check_pool(p).context("--pool")?;
        }
        for d in [*difficulties.start(), *difficulties.end()] {
            rules.check_difficulty(d).context("--difficulty")?;
        }
        let (pools, difficulties): (Vec<i32>, Vec<i32>) = (pools.collect(), difficulties.collect());
        // Every roll built first, so that bad input fails before any work.
        let rolls = pools
            .iter()
            .map(|&p| {
                difficulties
                    .iter()
                    .map(|&d| rules.roll(p, d, &options))
                    .collect::<Result<Vec<_>, _>>()
            })
            .collect::<Result<Vec<_>, _>>()?;
        let stats: Vec<Vec<RollStats>> = rolls
            .par_iter()
            .map(|row| row.iter().map(RollStats::exact).collect())
            .collect();
        let grid = |f: fn(&RollStats) -> f64| -> Vec<Vec<f64>> {
            stats
                .iter()
                .map(|row| row.iter().map(|s| tidy(f(s))).collect())
                .collect()
        };
        blocks.push(Block {
            success: grid(|s| s.p_success),
            botch: grid(|s| s.p_botch),
            rules,
            pools,
            difficulties,
        });
    }
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
