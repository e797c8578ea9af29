//! `wodds action contest`: an extended and resisted action, each round's
//! winner scoring the margin, first to the target winning (separate
//! tallies or one running difference).

use clap::{Args, ValueEnum};
use wodds_rules::{BotchEffect, TallyRule};
use wodds_sim::Contest;

use super::flags::{BotchArg, check_count};
use super::side::{SideSpec, two_sides};
use super::timeline::timeline;
use crate::run::RunArgs;

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
    let botch = a.botch.map_or(rules.actions.contest_botch, Into::into);
    let tally = match a.tally {
        Some(TallyArg::Separate) => TallyRule::Separate,
        Some(TallyArg::Difference) => TallyRule::Difference,
        None => rules.actions.contest_tally,
    };
    let action = Contest {
        schedule: two_sides(&rules, &a.a, &a.b)?,
        target: check_count("--target", a.target)?,
        tally,
        botch,
    };
    let what = format!(
        "contest: A {} against B {}, first to {} ({}), a botch {}",
        a.a.describe(),
        a.b.describe(),
        a.target,
        match tally {
            TallyRule::Separate => "separate tallies",
            TallyRule::Difference => "running difference",
        },
        contest_botch_words(botch)
    );
    timeline(&a.run, &rules, &what, "round", &action, a.max_rounds)
}

fn contest_botch_words(b: BotchEffect) -> &'static str {
    match b {
        BotchEffect::Wipe => "wipes that side's tally",
        BotchEffect::Fail => "loses the contest",
        BotchEffect::Ignore => "counts as no successes",
    }
}
