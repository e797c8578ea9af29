//! `wodds action extended`: roll again and again until the successes add
//! up to a target (a botch as the edition or `--botch` says).

use super::flags::BotchArg;
use super::timeline::timeline;
use crate::run::{RollFlags, RunArgs};
use clap::Args;

#[derive(Debug, Args)]
pub struct ExtendedArgs {
    #[command(flatten)]
    run: RunArgs,
    #[command(flatten)]
    roll: RollFlags,
    /// Dice rolled each time.
    #[arg(long, short)]
    pool: i32,
    /// Difficulty in the edition's terms (default: its standard task).
    #[arg(long, short)]
    difficulty: Option<i32>,
    /// Successes needed (1..=200).
    #[arg(long, short)]
    target: u32,
    /// Stop after this many rolls; default: until it ends (up to 100000).
    #[arg(long)]
    max_rolls: Option<usize>,
    /// What a botch does (default: the edition's rule).
    #[arg(long, value_enum)]
    botch: Option<BotchArg>,
    /// The first botch does not count (the optional "free botch").
    #[arg(long)]
    free_botch: bool,
}

pub(super) fn run(a: &ExtendedArgs) -> anyhow::Result<()> {
    let rules = a.run.load()?;
    let (action, what) = wodds_api::action::extended(
        &rules,
        a.pool,
        a.difficulty,
        a.target,
        a.botch.map(Into::into),
        a.free_botch,
        &a.roll.options(),
        ["--pool/--difficulty", "--target"],
    )?;
    timeline(&a.run, &rules, &what, "roll", &action, a.max_rolls)
}
