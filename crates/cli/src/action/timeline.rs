//! An action followed roll by roll (or round by round) to its end:
//! solved exactly or sampled, summed up (success, failure, how long it
//! takes) and written as a table, CSV or JSON. Every `wodds action`
//! subcommand but `multiple` and `resisted` ends here.

use std::io::{self, Write};

use anyhow::bail;
use serde::Serialize;
use wodds_rules::RuleSet;
use wodds_sim::{Process, Timeline, simulate, solve_with};

use crate::output::{Cell, csv_writer, emit, tidy};
use crate::run::{Format, Provenance, RunArgs, pct, progress_bar};

/// Longest action followed, in rolls or rounds.
const MAX_HORIZON: usize = 100_000;

/// Output row of a timeline.
#[derive(Debug, Serialize)]
struct RoundRow {
    edition: String,
    round: usize,
    p_win: f64,
    p_lose: f64,
    p_win_within: f64,
    p_lose_within: f64,
}

/// Summary of a timeline.
#[derive(Debug, Serialize)]
struct Summary<'a> {
    edition: &'a str,
    action: &'a str,
    p_win: f64,
    p_lose: f64,
    p_unfinished: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    se_win: Option<f64>,
    mean_rounds: Option<f64>,
    median_rounds: Option<usize>,
    p90_rounds: Option<usize>,
    #[serde(flatten)]
    provenance: Provenance,
}

pub(super) fn timeline<P: Process>(
    run: &RunArgs,
    rules: &RuleSet,
    what: &str,
    unit: &str,
    action: &P,
    max: Option<usize>,
) -> anyhow::Result<()> {
    if let Some(m) = max
        && !(1..=MAX_HORIZON).contains(&m)
    {
        let flag = if unit == "try" {
            "--tries".to_string()
        } else {
            format!("--max-{unit}s")
        };
        bail!("{flag} {m} is outside the allowed range 1..={MAX_HORIZON}");
    }
    let horizon = max.unwrap_or(MAX_HORIZON);
    let t = if run.is_mc() {
        let bar = run.progress(run.trials, "runs");
        // The Monte Carlo runs stop at the horizon; without --max, at
        // 10000 rounds (the exact solver goes further only for tails).
        let t = simulate(action, horizon.min(10_000), run.trials, run.seed, &|n| {
            bar.inc(n)
        });
        bar.finish_and_clear();
        t
    } else {
        // Over the rounds solved; most actions end (to within 1e-13) long
        // before the horizon, and the bar then closes at once.
        let bar = progress_bar(run.quiet, horizon as u64, &plural(unit));
        let t = solve_with(action, horizon, &mut |p| bar.set_position(p.rounds as u64));
        bar.finish_and_clear();
        t
    };
    let mc = run.is_mc();
    let summary = Summary {
        edition: &rules.id,
        action: what,
        p_win: tidy(t.p_win()),
        p_lose: tidy(t.p_lose()),
        p_unfinished: tidy(t.unfinished),
        se_win: mc.then(|| t.se(t.p_win())),
        mean_rounds: t.mean_rounds(),
        median_rounds: t.quantile_rounds(0.5),
        p90_rounds: t.quantile_rounds(0.9),
        provenance: run.provenance(rules),
    };
    // Running sums, added in the order `Timeline::p_win_within` adds them
    // (so the same figures to the bit), in one pass rather than a sum per
    // row: 100,000 rounds were 5e9 additions.
    let (mut won, mut lost) = (-0.0, -0.0);
    let rows: Vec<RoundRow> = (0..t.rounds())
        .map(|k| {
            won += t.win[k];
            lost += t.lose[k];
            RoundRow {
                edition: rules.id.clone(),
                round: k + 1,
                p_win: tidy(t.win[k]),
                p_lose: tidy(t.lose[k]),
                p_win_within: tidy(won),
                p_lose_within: tidy((won + lost) - won),
            }
        })
        .collect();
    emit(run.output.as_deref(), |out| match run.format {
        Format::Json => {
            #[derive(Serialize)]
            struct Doc<'a> {
                summary: &'a Summary<'a>,
                rounds: &'a [RoundRow],
            }
            serde_json::to_writer_pretty(
                &mut *out,
                &Doc {
                    summary: &summary,
                    rounds: &rows,
                },
            )?;
            writeln!(out)
        }
        Format::Csv => {
            let mut w = csv_writer(out);
            let mut head = vec![
                "edition",
                unit,
                "p_win",
                "p_lose",
                "p_win_within",
                "p_lose_within",
            ];
            head.extend(Provenance::CSV_HEAD);
            w.write_record(&head)?;
            for r in &rows {
                let mut record = vec![r.edition.clone(), r.round.to_string()];
                record
                    .extend([r.p_win, r.p_lose, r.p_win_within, r.p_lose_within].map(|x| x.cell()));
                record.extend(summary.provenance.csv());
                w.write_record(&record)?;
            }
            w.flush()
        }
        Format::Table => write_timeline(out, rules, &summary, &t, unit, run),
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
