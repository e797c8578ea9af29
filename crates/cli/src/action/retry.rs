//! `wodds action retry`: try again after failing, the difficulty rising
//! with each failure up to the edition's highest.

use clap::Args;

use super::flags::BotchArg;
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
    let (action, what) = wodds_api::action::retry(
        &rules,
        a.pool,
        a.difficulty,
        a.penalty,
        a.botch == BotchArg::Fail,
        &a.roll.options(),
        ["--penalty", "--difficulty", "--pool"],
    )?;
    timeline(&a.run, &rules, &what, "try", &action, a.tries)
}
