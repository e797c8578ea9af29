//! `wodds action teamwork`: several characters work together until a
//! target, under the edition's teamwork rule (separate rolls added, or
//! the first character's roll with the others' help as an Edge).

use anyhow::Context;
use clap::Args;
use wodds_rules::{RollOptions, RuleSet, TeamworkRule};
use wodds_sim::{Extended, Schedule, Throw};

use super::flags::{BotchArg, botch_words, check_count, with};
use super::side::throw_of;
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
    let (throw, how) = teamwork(&rules, &a.pools, a.difficulty, &a.roll.options())?;
    let botch = a.botch.map_or(rules.actions.extended_botch, Into::into);
    let action = Extended {
        schedule: Schedule::new(vec![vec![throw]]),
        target: check_count("--target", a.target)?,
        botch,
        free_botches: 0,
    };
    let what = format!(
        "teamwork: pools {} at difficulty {}{}, target {}; {how}, a botched team roll {}",
        a.pools
            .iter()
            .map(i32::to_string)
            .collect::<Vec<_>>()
            .join("+"),
        a.difficulty.unwrap_or(rules.dice.standard_difficulty),
        with(&a.roll),
        a.target,
        botch_words(botch)
    );
    timeline(&a.run, &rules, &what, "roll", &action, a.max_rolls)
}

/// A team's roll under the edition's teamwork rule, and how it is made in
/// words: the first pool's roll with the others' pools as an Edge (at
/// most the edition's cap), or every pool rolled and the successes added.
fn teamwork(
    rules: &RuleSet,
    pools: &[i32],
    difficulty: Option<i32>,
    options: &RollOptions,
) -> anyhow::Result<(Throw, String)> {
    const FLAG: &str = "--pools/--difficulty";
    let (lead, helpers) = pools.split_first().context("--pools needs a pool")?;
    if let (TeamworkRule::Edge, Some(cap)) =
        (rules.actions.teamwork, rules.actions.teamwork_edge_cap)
    {
        for &p in helpers {
            rules.check_pool(p).context(FLAG)?;
        }
        let help: i32 = helpers.iter().sum::<i32>().min(cap);
        rules.check_pool(*lead).context(FLAG)?;
        let d = difficulty.unwrap_or(rules.dice.standard_difficulty);
        let spec = rules.roll(lead + help, d, options).context(FLAG)?.spec;
        let how =
            format!("the helpers add {help} dice to the first pool (an Edge of at most {cap})");
        return Ok((Throw::single(spec), how));
    }
    let members: Vec<_> = pools.iter().map(|&p| (p, difficulty)).collect();
    let throw = throw_of(rules, &members, options, FLAG, true)?;
    let spoil = if rules.actions.teamwork_botch_spoils {
        "spoils the team's roll"
    } else {
        "adds nothing"
    };
    Ok((
        throw,
        format!("each rolls and the successes add up; one botch {spoil}"),
    ))
}
