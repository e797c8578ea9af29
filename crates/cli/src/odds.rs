//! `wodds odds`: the odds of a single roll, exact or sampled.

use std::io::{self, Write};

use anyhow::Context;
use clap::Args;
use rayon::prelude::*;
use serde::Serialize;
use wodds_dice::{CompiledRoll, D10, key_of, stream};
use wodds_rules::{DifficultyKind, IntRange, RuleSet};

use crate::output::{Cell, csv_writer, emit, tidy};
use crate::run::{Format, Provenance, RollFlags, RunArgs, binomial_se, pct};

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

/// One output row.
#[derive(Debug, Clone, Serialize)]
struct Row {
    edition: String,
    pool: i32,
    difficulty: i32,
    p_success: f64,
    p_botch: f64,
    mean: f64,
    p_ge_1: f64,
    p_ge_2: f64,
    p_ge_3: f64,
    p_ge_4: f64,
    p_ge_5: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    se_success: Option<f64>,
    /// Mass dropped by cutting re-roll chains (exact rows; not printed
    /// per row).
    #[serde(skip)]
    truncation: f64,
    options: String,
    #[serde(flatten)]
    provenance: Provenance,
}

pub fn run(args: &OddsArgs) -> anyhow::Result<()> {
    // Every edition, and every roll of each, first: bad input fails
    // before any work.
    let editions = args.run.load_all()?;
    let options = args.roll.options();
    let mut plans = Vec::new();
    for rules in &editions {
        let pools = args.pool.0.clone();
        let [dmin, dmax] = rules.dice.difficulty_range;
        let difficulties = args
            .difficulty
            .as_ref()
            .map_or(dmin..=dmax, |d| d.0.clone());
        let which = |flag: &str| {
            if editions.len() > 1 {
                format!("{flag} (under {})", rules.id)
            } else {
                flag.to_string()
            }
        };
        for p in [*pools.start(), *pools.end()] {
            rules.check_pool(p).with_context(|| which("--pool"))?;
        }
        for d in [*difficulties.start(), *difficulties.end()] {
            rules
                .check_difficulty(d)
                .with_context(|| which("--difficulty"))?;
        }
        let cells: Vec<(i32, i32)> = pools
            .flat_map(|p| difficulties.clone().map(move |d| (p, d)))
            .collect();
        let rolls = cells
            .iter()
            .map(|&(p, d)| rules.roll(p, d, &options))
            .collect::<Result<Vec<_>, _>>()?;
        plans.push((rules, cells, rolls));
    }

    let total: usize = plans.iter().map(|(_, c, _)| c.len()).sum();
    let bar = args.run.progress(total as u64, "rows");
    let option_label = args.roll.label();
    let mut rows: Vec<Vec<Row>> = Vec::new();
    for (rules, cells, rolls) in &plans {
        let provenance = Provenance::new(&args.run, rules);
        let of: Vec<Row> = cells
            .par_iter()
            .zip(rolls.par_iter())
            .map(|(&(pool, difficulty), roll)| {
                let stats = if args.run.is_mc() {
                    let key = [
                        key_of(&rules.id),
                        pool as u64,
                        difficulty as u64,
                        key_of(&option_label),
                    ];
                    Stats::sample(roll, args.run.trials, stream(args.run.seed, &key))
                } else {
                    Stats::exact(roll)
                };
                bar.inc(1);
                Row {
                    edition: rules.id.clone(),
                    pool,
                    difficulty,
                    p_success: tidy(stats.p_success),
                    p_botch: tidy(stats.p_botch),
                    mean: tidy(stats.mean),
                    p_ge_1: tidy(stats.p_ge[0]),
                    p_ge_2: tidy(stats.p_ge[1]),
                    p_ge_3: tidy(stats.p_ge[2]),
                    p_ge_4: tidy(stats.p_ge[3]),
                    p_ge_5: tidy(stats.p_ge[4]),
                    se_success: stats.se_success,
                    truncation: stats.truncation,
                    options: option_label.clone(),
                    provenance: provenance.clone(),
                }
            })
            .collect();
        rows.push(of);
    }
    bar.finish_and_clear();

    let all: Vec<&Row> = rows.iter().flatten().collect();
    emit(args.run.output.as_deref(), |out| match args.run.format {
        Format::Csv => write_csv(out, &all, args.run.is_mc()),
        Format::Json => {
            serde_json::to_writer_pretty(&mut *out, &all)?;
            writeln!(out)
        }
        // Each edition's table under its own title, side by side in
        // reading order.
        Format::Table => {
            for (i, ((rules, _, _), of)) in plans.iter().zip(&rows).enumerate() {
                if i > 0 {
                    writeln!(out)?;
                }
                write_table(out, rules, of, args)?;
            }
            Ok(())
        }
    })
}

/// The figures of one row.
struct Stats {
    p_success: f64,
    p_botch: f64,
    mean: f64,
    p_ge: [f64; 5],
    se_success: Option<f64>,
    truncation: f64,
}

impl Stats {
    fn exact(roll: &wodds_rules::CompiledRoll) -> Stats {
        let s = wodds_sim::RollStats::exact(roll);
        Stats {
            p_success: s.p_success,
            p_botch: s.p_botch,
            mean: s.mean,
            p_ge: s.p_ge,
            se_success: None,
            truncation: s.truncation,
        }
    }

    fn sample(
        roll: &wodds_rules::CompiledRoll,
        trials: u64,
        rng: wodds_dice::Xoshiro256PlusPlus,
    ) -> Stats {
        let compiled = CompiledRoll::new(&roll.spec);
        let (mut success, mut botch, mut sum) = (0u64, 0u64, 0u64);
        let mut ge = [0u64; 5];
        for (r, n) in D10::new(rng).tally(&compiled, trials) {
            let s = u32::from(r.successes);
            botch += n * u64::from(r.botch);
            success += n * u64::from(!r.botch && s >= roll.needed);
            sum += n * u64::from(s);
            for (k, g) in ge.iter_mut().enumerate() {
                *g += n * u64::from(s > k as u32);
            }
        }
        let n = trials as f64;
        let p_success = success as f64 / n;
        Stats {
            p_success,
            p_botch: botch as f64 / n,
            mean: sum as f64 / n,
            p_ge: ge.map(|g| g as f64 / n),
            se_success: Some(binomial_se(p_success, trials)),
            truncation: 0.0,
        }
    }
}

const CSV_HEAD: [&str; 11] = [
    "edition",
    "pool",
    "difficulty",
    "p_success",
    "p_botch",
    "mean",
    "p_ge_1",
    "p_ge_2",
    "p_ge_3",
    "p_ge_4",
    "p_ge_5",
];

fn write_csv(out: &mut dyn Write, rows: &[&Row], mc: bool) -> io::Result<()> {
    let mut w = csv_writer(out);
    let mut head: Vec<&str> = CSV_HEAD.to_vec();
    if mc {
        head.push("se_success");
    }
    head.push("options");
    head.extend(Provenance::CSV_HEAD);
    w.write_record(&head)?;
    for r in rows {
        let mut record = vec![
            r.edition.clone(),
            r.pool.to_string(),
            r.difficulty.to_string(),
        ];
        record.extend(
            [
                r.p_success,
                r.p_botch,
                r.mean,
                r.p_ge_1,
                r.p_ge_2,
                r.p_ge_3,
                r.p_ge_4,
                r.p_ge_5,
            ]
            .map(|x| x.cell()),
        );
        if let Some(se) = r.se_success {
            record.push(se.cell());
        }
        record.push(r.options.clone());
        record.extend(r.provenance.csv());
        w.write_record(&record)?;
    }
    w.flush()
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
