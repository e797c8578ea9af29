//! `wodds action contest`: an extended and resisted action, each round's
//! winner scoring the margin, first to the target winning (separate
//! tallies or one running difference).

use clap::{Args, ValueEnum};
use wodds_rules::TallyRule;

use super::flags::BotchArg;
use super::timeline::timeline;
use crate::run::RunArgs;
use wodds_api::action::side::SideSpec;

#[derive(Debug, Args)]
pub struct ContestArgs {
    #[command(flatten)]
    run: RunArgs,
    /// Side A: POOL or POOL@DIFFICULTY per round, comma-separated, the last
    /// repeating (5@5,5@5,6@4); group members joined by +.
    #[arg(long)]
    a: SideSpec,
    /// Side B, the same way.
    #[arg(long)]
    b: SideSpec,
    /// Score that wins (1..=200).
    #[arg(long, short)]
    target: u32,
    /// Stop after this many rounds; default: until it ends (up to 100000).
    #[arg(long)]
    max_rounds: Option<usize>,
    /// Separate tallies or one running difference (default: the edition's rule).
    #[arg(long, value_enum)]
    tally: Option<TallyArg>,
    /// What a botch does to the botching side (default: the edition's rule).
    #[arg(long, value_enum)]
    botch: Option<BotchArg>,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum TallyArg {
    Separate,
    Difference,
}

pub(super) fn run(a: &ContestArgs) -> anyhow::Result<()> {
    let rules = a.run.load()?;
    let tally = a.tally.map(|t| match t {
        TallyArg::Separate => TallyRule::Separate,
        TallyArg::Difference => TallyRule::Difference,
    });
    let (action, what) = wodds_api::action::contest(
        &rules,
        &a.a,
        &a.b,
        a.target,
        tally,
        a.botch.map(Into::into),
        ["--a", "--b", "--target"],
    )?;
    timeline(&a.run, &rules, &what, "round", &action, a.max_rounds)
}
