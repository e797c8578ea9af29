//! `wodds action multiple`: several actions in one turn, each pool losing
//! dice for the others; each action's odds and how many succeed.

use anyhow::{Context, bail};
use clap::Args;
use serde::Serialize;

use super::flags::with;
use crate::output::{Cell, csv_writer, emit, tidy};
use crate::run::{Format, Provenance, RollFlags, RunArgs, binomial_se, pct};

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

/// One of several actions in a turn.
#[derive(Debug, Serialize)]
struct ActionRow {
    edition: String,
    action: usize,
    pool: i32,
    penalty: i32,
    difficulty: i32,
    p_success: f64,
    p_botch: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    se_success: Option<f64>,
}

pub(super) fn run(a: &MultipleArgs) -> anyhow::Result<()> {
    let rules = a.run.load()?;
    if !rules.actions.multiple_actions {
        bail!(
            "edition {} has no multiple-actions rule (its rule file says `multiple-actions = false`)",
            rules.id
        );
    }
    let n = a.pools.len();
    let difficulty = |i: usize| match a.difficulty.as_slice() {
        [] => Ok(rules.dice.standard_difficulty),
        [d] => Ok(*d),
        ds if ds.len() == n => Ok(ds[i]),
        ds => Err(anyhow::anyhow!(
            "--difficulty: give one difficulty or one per action ({n}), not {}",
            ds.len()
        )),
    };
    let mut rows = Vec::with_capacity(n);
    for (i, &pool) in a.pools.iter().enumerate() {
        rules.check_pool(pool).context("--pools")?;
        let penalty = (n + i) as i32;
        let d = difficulty(i)?;
        if pool - penalty < 1 {
            bail!(
                "--pools: action {} has {pool} dice less {penalty} for taking {n} actions: at 0 or below it cannot be attempted",
                i + 1
            );
        }
        let roll = rules
            .roll(pool - penalty, d, &a.roll.options())
            .context("--difficulty")?;
        let (p_success, p_botch, se_success) = if a.run.is_mc() {
            let mut dice = wodds_dice::D10::new(wodds_dice::stream(a.run.seed, &[i as u64]));
            let compiled = wodds_dice::CompiledRoll::new(&roll.spec);
            let (mut ok, mut botch) = (0u64, 0u64);
            for _ in 0..a.run.trials {
                let r = dice.roll(&compiled);
                ok += u64::from(!r.botch && u32::from(r.successes) >= roll.needed);
                botch += u64::from(r.botch);
            }
            let t = a.run.trials as f64;
            let p = ok as f64 / t;
            (p, botch as f64 / t, Some(binomial_se(p, a.run.trials)))
        } else {
            let d = wodds_dice::exact(&roll.spec);
            (tidy(d.p_at_least(roll.needed)), tidy(d.p_botch()), None)
        };
        rows.push(ActionRow {
            edition: rules.id.clone(),
            action: i + 1,
            pool,
            penalty,
            difficulty: d,
            p_success,
            p_botch,
            se_success,
        });
    }
    // The actions are independent rolls: the number that succeed.
    let mut count = vec![1.0];
    for row in &rows {
        let mut next = vec![0.0; count.len() + 1];
        for (k, &p) in count.iter().enumerate() {
            next[k] += p * (1.0 - row.p_success);
            next[k + 1] += p * row.p_success;
        }
        count = next;
    }
    let provenance = a.run.provenance(&rules);
    emit(a.run.output.as_deref(), |out| match a.run.format {
        Format::Json => {
            #[derive(Serialize)]
            struct Doc<'a> {
                actions: &'a [ActionRow],
                p_all: f64,
                p_succeeding: Vec<f64>,
                #[serde(flatten)]
                provenance: &'a Provenance,
            }
            let doc = Doc {
                actions: &rows,
                p_all: tidy(count[n]),
                p_succeeding: count.iter().map(|&p| tidy(p)).collect(),
                provenance: &provenance,
            };
            serde_json::to_writer_pretty(&mut *out, &doc)?;
            writeln!(out)
        }
        Format::Csv => {
            let mut w = csv_writer(out);
            let mut head = vec![
                "edition",
                "action",
                "pool",
                "penalty",
                "difficulty",
                "p_success",
                "p_botch",
            ];
            head.extend(Provenance::CSV_HEAD);
            w.write_record(&head)?;
            for r in &rows {
                let mut record = vec![
                    r.edition.clone(),
                    r.action.to_string(),
                    r.pool.to_string(),
                    r.penalty.to_string(),
                    r.difficulty.to_string(),
                    r.p_success.cell(),
                    r.p_botch.cell(),
                ];
                record.extend(provenance.csv());
                w.write_record(&record)?;
            }
            w.flush()
        }
        Format::Table => {
            writeln!(out, "{}", a.run.title(&rules, "rolls an action"))?;
            writeln!(out, "multiple actions: {n} in one turn{}", with(&a.roll))?;
            writeln!(
                out,
                "{:>6} {:>5} {:>6} {:>5} {:>9} {:>9}",
                "action", "pool", "rolls", "diff", "success", "botch"
            )?;
            for r in &rows {
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
