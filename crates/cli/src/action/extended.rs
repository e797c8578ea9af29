//! `wodds action extended`: roll again and again until the successes add
//! up to a target (a botch as the edition or `--botch` says).

use clap::Args;
use wodds_sim::{Extended, Schedule};

use super::flags::{BotchArg, botch_words, check_count, with};
use super::side::throw_of;
use super::timeline::timeline;
use crate::run::{RollFlags, RunArgs};

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
    let throw = throw_of(
        &rules,
        &[(a.pool, a.difficulty)],
        &a.roll.options(),
        "--pool/--difficulty",
        false,
    )?;
    let botch = a.botch.map_or(rules.actions.extended_botch, Into::into);
    let action = Extended {
        schedule: Schedule::new(vec![vec![throw]]),
        target: check_count("--target", a.target)?,
        botch,
        free_botches: u32::from(a.free_botch),
    };
    let what = format!(
        "extended: {} dice at difficulty {}{}, target {}, a botch {}{}",
        a.pool,
        a.difficulty.unwrap_or(rules.dice.standard_difficulty),
        with(&a.roll),
        a.target,
        botch_words(botch),
        if a.free_botch {
            " (the first is free)"
        } else {
            ""
        }
    );
    timeline(&a.run, &rules, &what, "roll", &action, a.max_rolls)
}
