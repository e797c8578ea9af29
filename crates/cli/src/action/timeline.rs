//! An action followed roll by roll (or round by round) to its end:
//! solved exactly or sampled, summed up (success, failure, how long it
//! takes) and written as a table, CSV or JSON. Every `wodds action`
//! subcommand but `multiple` and `resisted` ends here.

use std::io::{self, Write};

use serde::Serialize;
use wodds_api::action::{Follow, RoundRow, Summary, check_horizon, follow, write_csv};
use wodds_rules::RuleSet;
use wodds_sim::{Process, Timeline};

use crate::output::emit;
use crate::run::{Format, RunArgs, pct, progress_bar};

pub(super) fn timeline<P: Process>(
    run: &RunArgs,
    rules: &RuleSet,
    what: &str,
    unit: &str,
    action: &P,
    max: Option<usize>,
) -> anyhow::Result<()> {
    let flag = if unit == "try" {
        "--tries".to_string()
    } else {
        format!("--max-{unit}s")
    };
    let horizon = check_horizon(&flag, max)?;
    // Sampled: a bar over the runs. Exact: over the rounds solved; most
    // actions end (to within 1e-13) long before the horizon, and the bar
    // then closes at once.
    let bar = if run.is_mc() {
        run.progress(run.trials, "runs")
    } else {
        progress_bar(run.quiet, horizon as u64, &plural(unit))
    };
    let how = Follow {
        horizon,
        method: run.method(),
        trials: run.trials,
        seed: run.seed,
    };
    let f = follow(rules, what, action, how, &|n| bar.inc(n), &mut |r| {
        bar.set_position(r as u64)
    });
    bar.finish_and_clear();
    emit(run.output.as_deref(), |out| match run.format {
        Format::Json => {
            #[derive(Serialize)]
            struct Doc<'a> {
                summary: &'a Summary,
                rounds: &'a [RoundRow],
            }
            serde_json::to_writer_pretty(
                &mut *out,
                &Doc {
                    summary: &f.summary,
                    rounds: &f.rounds,
                },
            )?;
            writeln!(out)
        }
        Format::Csv => write_csv(out, unit, &f),
        Format::Table => write_timeline(out, rules, &f.summary, &f.timeline, unit, run),
    })
}

fn plural(unit: &str) -> String {
    match unit.strip_suffix('y') {
        Some(stem) => format!("{stem}ies"),
        None => format!("{unit}s"),
    }
}

fn write_timeline(
    out: &mut dyn Write,
    rules: &RuleSet,
    s: &Summary,
    t: &Timeline,
    unit: &str,
    run: &RunArgs,
) -> io::Result<()> {
    writeln!(out, "{}", run.title(rules, "runs"))?;
    writeln!(out, "{}", s.action)?;
    let se = s
        .se_win
        .map_or(String::new(), |se| format!(" ± {:.2}", 100.0 * se));
    writeln!(
        out,
        "success {}{se}   failure {}   unfinished {}",
        pct(s.p_win),
        pct(s.p_lose),
        pct(s.p_unfinished)
    )?;
    let rounds = |r: Option<usize>| r.map_or("never".to_string(), |r| r.to_string());
    writeln!(
        out,
        "{} to the end{}: mean {}, median {}, 90th percentile {}",
        plural(unit),
        if s.p_unfinished > 1e-9 {
            " (the mean of those that end)"
        } else {
            ""
        },
        s.mean_rounds.map_or("-".to_string(), |m| format!("{m:.2}")),
        rounds(s.median_rounds),
        rounds(s.p90_rounds)
    )?;
    writeln!(
        out,
        "{:>7} {:>9} {:>9} {:>9} {:>9}",
        unit, "success", "by then", "failure", "by then"
    )?;
    // Rows until 99.9% of runs have ended, or 40 rows.
    for k in 0..t.rounds().min(40) {
        let won = t.p_win_within(k + 1);
        let ended = t.p_ended_within(k + 1);
        writeln!(
            out,
            "{:>7} {:>9} {:>9} {:>9} {:>9}",
            k + 1,
            pct(t.win[k]),
            pct(won),
            pct(t.lose[k]),
            pct(ended - won)
        )?;
        if ended >= 0.999 {
            break;
        }
    }
    writeln!(out, "{}", s.provenance.footer())
}
