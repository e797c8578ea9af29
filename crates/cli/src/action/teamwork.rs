//! `wodds action teamwork`: several characters work together until a
//! target, under the edition's teamwork rule (separate rolls added, or
//! the first character's roll with the others' help as an Edge).

use clap::Args;

use super::flags::BotchArg;
use super::timeline::timeline;
use crate::run::{RollFlags, RunArgs};

#[derive(Debug, Args)]
pub struct TeamworkArgs {
    #[command(flatten)]
    run: RunArgs,
    #[command(flatten)]
    roll: RollFlags,
    /// Each character's dice, comma-separated (4,5,3).
    #[arg(long, value_delimiter = ',', required = true)]
    pools: Vec<i32>,
    /// Difficulty in the edition's terms (default: its standard task).
    #[arg(long, short)]
    difficulty: Option<i32>,
    /// Successes the team needs (1..=200).
    #[arg(long, short)]
    target: u32,
    /// Stop after this many rolls; default: until it ends (up to 100000).
    #[arg(long)]
    max_rolls: Option<usize>,
    /// What a botch of the team's roll does (default: the edition's rule).
    #[arg(long, value_enum)]
    botch: Option<BotchArg>,
}

pub(super) fn run(a: &TeamworkArgs) -> anyhow::Result<()> {
    let rules = a.run.load()?;
    let (action, what) = wodds_api::action::teamwork(
        &rules,
        &a.pools,
        a.difficulty,
        a.target,
        a.botch.map(Into::into),
        &a.roll.options(),
        ["--pools/--difficulty", "--target"],
    )?;
    timeline(&a.run, &rules, &what, "roll", &action, a.max_rolls)
}
