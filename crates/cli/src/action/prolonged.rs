//! `wodds action prolonged` (hubris): contests until one side has lost as
//! many as its Resistance, a tie as the edition or `--tie` says.

use clap::{Args, ValueEnum};
use wodds_rules::TieRule;

use super::timeline::timeline;
use crate::run::RunArgs;
use wodds_api::action::side::SideSpec;

#[derive(Debug, Args)]
pub struct ProlongedArgs {
    #[command(flatten)]
    run: RunArgs,
    /// Side A: POOL or POOL@DIFFICULTY per contest, comma-separated, the last repeating.
    #[arg(long)]
    a: SideSpec,
    /// Side B, the same way.
    #[arg(long)]
    b: SideSpec,
    /// Contests A can lose before giving up (its Resistance attribute, 1..=200).
    #[arg(long)]
    a_resistance: u32,
    /// Contests B can lose before giving up (1..=200).
    #[arg(long)]
    b_resistance: u32,
    /// Stop after this many contests; default: until it ends (up to 100000).
    #[arg(long)]
    max_rounds: Option<usize>,
    /// Who wins a tied contest (default: the edition's rule).
    #[arg(long, value_enum)]
    tie: Option<TieArg>,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum TieArg {
    /// Nobody wins a tie.
    Nothing,
    /// B wins a tie.
    Defender,
    /// A (the acting side) wins a tie in which it rolled a success.
    Acting,
    /// The tied roll-off is played again.
    #[value(name = "re-roll")]
    ReRoll,
}

pub(super) fn run(a: &ProlongedArgs) -> anyhow::Result<()> {
    let rules = a.run.load()?;
    let tie = a.tie.map(|t| match t {
        TieArg::Nothing => TieRule::Nothing,
        TieArg::Defender => TieRule::Defender,
        TieArg::Acting => TieRule::Acting,
        TieArg::ReRoll => TieRule::Reroll,
    });
    let (action, what) = wodds_api::action::prolonged(
        &rules,
        &a.a,
        &a.b,
        [a.a_resistance, a.b_resistance],
        tie,
        ["--a", "--b", "--a-resistance", "--b-resistance"],
    )?;
    timeline(&a.run, &rules, &what, "contest", &action, a.max_rounds)
}
