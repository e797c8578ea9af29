//! `wodds action retry`: try again after failing, the difficulty rising
//! with each failure up to the edition's highest.

use anyhow::{Context, bail};
use clap::Args;
use wodds_sim::{Retry, Schedule, Throw};

use super::flags::{BotchArg, with};
use super::timeline::timeline;
use crate::run::{RollFlags, RunArgs};

#[derive(Debug, Args)]
pub struct RetryArgs {
    #[command(flatten)]
    run: RunArgs,
    #[command(flatten)]
    roll: RollFlags,
    /// Dice rolled each try.
    #[arg(long, short)]
    pool: i32,
    /// Difficulty of the first try, in the edition's terms (default: its standard task).
    #[arg(long, short)]
    difficulty: Option<i32>,
    /// Tries at most; default: until one succeeds (up to 100000).
    #[arg(long)]
    tries: Option<usize>,
    /// Difficulty added per earlier failure (default: the edition's rule), 0..=5.
    #[arg(long)]
    penalty: Option<i32>,
    /// A botch: `fail` ends the attempts; `ignore` (default) is a failed try.
    #[arg(long, value_enum, default_value_t = BotchArg::Ignore)]
    botch: BotchArg,
}

pub(super) fn run(a: &RetryArgs) -> anyhow::Result<()> {
    let rules = a.run.load()?;
    let penalty = a.penalty.unwrap_or(rules.actions.retry_penalty);
    if !(0..=5).contains(&penalty) {
        bail!("--penalty {penalty} is outside the allowed range 0..=5");
    }
    let first = a.difficulty.unwrap_or(rules.dice.standard_difficulty);
    rules.check_difficulty(first).context("--difficulty")?;
    let top = rules.dice.difficulty_range[1];
    // Difficulties of the tries until the cap, which then repeats.
    let mut difficulties = vec![first];
    while penalty > 0 && *difficulties.last().expect("one") < top {
        difficulties.push((difficulties.last().expect("one") + penalty).min(top));
    }
    let mut schedule = Vec::new();
    let mut needed = Vec::new();
    for &d in &difficulties {
        let roll = rules.roll(a.pool, d, &a.roll.options()).context("--pool")?;
        schedule.push(vec![Throw::single(roll.spec)]);
        needed.push(roll.needed);
    }
    let action = Retry {
        schedule: Schedule::new(schedule),
        needed,
        botch: a.botch.into(),
    };
    let what = format!(
        "retry: {} dice at difficulty {first}{}, +{penalty} a failure (up to {top}); a botch {}",
        a.pool,
        with(&a.roll),
        if a.botch == BotchArg::Fail {
            "ends the attempts"
        } else {
            "is a failed try"
        }
    );
    timeline(&a.run, &rules, &what, "try", &action, a.tries)
}
