//! `wodds action prolonged` (hubris): contests until one side has lost as
//! many as its Resistance, a tie as the edition or `--tie` says.

use clap::{Args, ValueEnum};
use wodds_rules::TieRule;
use wodds_sim::Prolonged;

use super::flags::check_count;
use super::side::{SideSpec, two_sides};
use super::timeline::timeline;
use crate::run::RunArgs;

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
    let tie = match a.tie {
        Some(TieArg::Nothing) => TieRule::Nothing,
        Some(TieArg::Defender) => TieRule::Defender,
        Some(TieArg::Acting) => TieRule::Acting,
        Some(TieArg::ReRoll) => TieRule::Reroll,
        None => rules.actions.contest_tie,
    };
    let action = Prolonged {
        schedule: two_sides(&rules, &a.a, &a.b)?,
        a_resistance: check_count("--a-resistance", a.a_resistance)?,
        b_resistance: check_count("--b-resistance", a.b_resistance)?,
        tie,
    };
    let what = format!(
        "prolonged: A {} (Resistance {}) against B {} (Resistance {}); a tie {}",
        a.a.describe(),
        a.a_resistance,
        a.b.describe(),
        a.b_resistance,
        match tie {
            TieRule::Nothing => "is won by nobody",
            TieRule::Defender => "goes to B",
            TieRule::Acting => "goes to A if it rolled a success",
            TieRule::Reroll => "is rolled again",
        }
    );
    timeline(&a.run, &rules, &what, "contest", &action, a.max_rounds)
}
