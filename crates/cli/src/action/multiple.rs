//! `wodds action multiple`: several actions in one turn, each pool losing
//! dice for the others; each action's odds and how many succeed.

use clap::Args;
use serde::Serialize;

use super::flags::with;
use crate::output::{emit, tidy};
use crate::run::{Format, Provenance, RollFlags, RunArgs, pct};
use wodds_api::action::once::MultipleRow;

#[derive(Debug, Args)]
pub struct MultipleArgs {
    #[command(flatten)]
    run: RunArgs,
    #[command(flatten)]
    roll: RollFlags,
    /// Each action's pool before the penalty, in the order taken (7,6,6).
    #[arg(long, value_delimiter = ',', required = true)]
    pools: Vec<i32>,
    /// Difficulty of each action (one for all, or one per action).
    #[arg(long, short, value_delimiter = ',')]
    difficulty: Vec<i32>,
}

pub(super) fn run(a: &MultipleArgs) -> anyhow::Result<()> {
    let rules = a.run.load()?;
    let how = (a.run.method(), a.run.trials, a.run.seed);
    let m = wodds_api::action::once::multiple(
        &rules,
        &a.pools,
        &a.difficulty,
        &a.roll.options(),
        how,
        ["--pools", "--difficulty"],
    )?;
    let (rows, count, n) = (&m.rows, &m.count, m.rows.len());
    let provenance = a.run.provenance(&rules);
    emit(a.run.output.as_deref(), |out| match a.run.format {
        Format::Json => {
            #[derive(Serialize)]
            struct Doc<'a> {
                actions: &'a [MultipleRow],
                p_all: f64,
                p_succeeding: Vec<f64>,
                #[serde(flatten)]
                provenance: &'a Provenance,
            }
            let doc = Doc {
                actions: rows,
                p_all: tidy(count[n]),
                p_succeeding: count.iter().map(|&p| tidy(p)).collect(),
                provenance: &provenance,
            };
            serde_json::to_writer_pretty(&mut *out, &doc)?;
            writeln!(out)
        }
        Format::Csv => wodds_api::action::once::multiple_csv(out, &m, &provenance),
        Format::Table => {
            writeln!(out, "{}", a.run.title(&rules, "rolls an action"))?;
            writeln!(out, "multiple actions: {n} in one turn{}", with(&a.roll))?;
            writeln!(
                out,
                "{:>6} {:>5} {:>6} {:>5} {:>9} {:>9}",
                "action", "pool", "rolls", "diff", "success", "botch"
            )?;
            for r in rows {
                writeln!(
                    out,
                    "{:>6} {:>5} {:>6} {:>5} {:>9} {:>9}",
                    r.action,
                    r.pool,
                    r.pool - r.penalty,
                    r.difficulty,
                    pct(r.p_success),
                    pct(r.p_botch)
                )?;
            }
            let dist: Vec<String> = count
                .iter()
                .enumerate()
                .map(|(k, &p)| format!("{k}: {}", pct(p)))
                .collect();
            writeln!(
                out,
                "all succeed {}; actions that succeed {}",
                pct(count[n]),
                dist.join(", ")
            )?;
            writeln!(out, "{}", provenance.footer())
        }
    })
}
