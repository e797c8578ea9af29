//! `wodds odds`: the odds of a single roll, exact or sampled.

use std::io::{self, Write};

use clap::Args;
use wodds_api::odds::{self, Row};
use wodds_rules::{DifficultyKind, IntRange, RuleSet};

use crate::output::emit;
use crate::run::{Format, RollFlags, RunArgs, pct};

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    wodds odds --editions revised --pool 6 --difficulty 6\n  \
    wodds odds -e revised,fta,my-house-rules.toml --pool 3-8 --difficulty 6\n  \
    wodds odds --editions hubris --pool 1-10 --again 9 --format csv\n  \
    wodds odds --editions my-house-rules.toml --pool 5 --method mc --trials 1000000")]
pub struct OddsArgs {
    #[command(flatten)]
    run: RunArgs,
    /// Dice in the pool: N or a range A-B.
    #[arg(long, short)]
    pool: IntRange,
    /// Difficulty in the edition's own terms (target number for revised/fta,
    /// successes needed for uwod, dice removed for hubris): N or A-B.
    /// Default: the edition's whole range.
    #[arg(long, short)]
    difficulty: Option<IntRange>,
    #[command(flatten)]
    roll: RollFlags,
}

pub fn run(args: &OddsArgs) -> anyhow::Result<()> {
    // Every edition, and every roll of each, first: bad input fails
    // before any work.
    let editions = args.run.load_all()?;
    let request = odds::Request {
        pools: (*args.pool.0.start(), *args.pool.0.end()),
        difficulties: args.difficulty.as_ref().map(|d| (*d.0.start(), *d.0.end())),
        options: args.roll.options(),
        method: args.run.method(),
        trials: args.run.trials,
        seed: args.run.seed,
    };
    let names = odds::Names {
        pool: "--pool",
        difficulty: "--difficulty",
    };
    // The bar appears once every roll is checked (the rows are counted
    // first, as before).
    let bar = args.run.progress(odds::rows(&editions, &request), "rows");
    let rows =
        odds::odds(&editions, &request, names, &|n| bar.inc(n), &|| false)?.expect("never stopped");
    bar.finish_and_clear();

    let all: Vec<&Row> = rows.iter().flatten().collect();
    emit(args.run.output.as_deref(), |out| match args.run.format {
        Format::Csv => odds::write_csv(out, &all, args.run.is_mc()),
        Format::Json => {
            serde_json::to_writer_pretty(&mut *out, &all)?;
            writeln!(out)
        }
        // Each edition's table under its own title, side by side in
        // reading order.
        Format::Table => {
            for (i, (rules, of)) in editions.iter().zip(&rows).enumerate() {
                if i > 0 {
                    writeln!(out)?;
                }
                write_table(out, rules, of, args)?;
            }
            Ok(())
        }
    })
}

fn write_table(
    out: &mut dyn Write,
    rules: &RuleSet,
    rows: &[Row],
    args: &OddsArgs,
) -> io::Result<()> {
    writeln!(out, "{}", args.run.title(rules, "rolls a row"))?;
    let mc = args.run.is_mc();
    write!(
        out,
        "{:>4} {:>4} {:>8}{} {:>7} {:>5}",
        "pool",
        "diff",
        "success",
        if mc {
            format!(" {:>6}", "±se")
        } else {
            String::new()
        },
        "botch",
        "mean"
    )?;
    for k in 1..=5 {
        write!(out, " {:>7}", format!(">={k}"))?;
    }
    writeln!(out)?;
    for r in rows {
        write!(
            out,
            "{:>4} {:>4} {:>8}",
            r.pool,
            r.difficulty,
            pct(r.p_success)
        )?;
        if let Some(se) = r.se_success {
            write!(out, " {:>6}", format!("{:.2}", 100.0 * se))?;
        }
        write!(out, " {:>7} {:>5.2}", pct(r.p_botch), r.mean)?;
        for p in [r.p_ge_1, r.p_ge_2, r.p_ge_3, r.p_ge_4, r.p_ge_5] {
            write!(out, " {:>7}", pct(p))?;
        }
        writeln!(out)?;
    }
    let own_success = rules
        .description()
        .lines
        .into_iter()
        .find(|(key, _, own)| *own && *key == "dice.outcome.success")
        .map(|(_, text, _)| format!("success: {text} (the house rule's)"));
    let meaning = match rules.dice.difficulty {
        DifficultyKind::TargetNumber => {
            "success: at least 1 success net of 1s; diff is the target number"
        }
        DifficultyKind::SuccessesNeeded => "success: at least diff successes (diff 0: no botch)",
        DifficultyKind::DiceRemoved => "success: at least 1 success; diff is the dice removed",
    };
    writeln!(out, "{}", own_success.as_deref().unwrap_or(meaning))?;
    let cut = rows.iter().map(|r| r.truncation).fold(0.0, f64::max);
    if cut > 0.0 {
        // Within 80 columns, as the table.
        writeln!(
            out,
            "re-roll chains cut: at most {cut:.1e} of probability dropped in any row"
        )?;
    }
    if let Some(r) = rows.first() {
        writeln!(out, "{}", r.provenance.footer())?;
    }
    Ok(())
}
