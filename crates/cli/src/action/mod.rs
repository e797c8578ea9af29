//! `wodds action`: multi-roll actions, exact or sampled. One file per
//! subcommand, each with its flags and what it runs: `extended.rs`,
//! `retry.rs`, `multiple.rs`, `teamwork.rs`, `resisted.rs`,
//! `contest.rs`, `prolonged.rs`; beside what they share: `flags.rs` (a
//! botch's flag and words, a count's range, the roll options in words),
//! the library's `wodds_api::action::side` (the `--a`/`--b` sides and the
//! throws of their pools) and `timeline.rs` (an action followed roll by roll or round by round,
//! solved or sampled, and written as a table, CSV or JSON).

mod contest;
mod extended;
mod flags;
mod multiple;
mod prolonged;
mod resisted;
mod retry;
mod teamwork;
mod timeline;

use clap::Subcommand;

use contest::ContestArgs;
use extended::ExtendedArgs;
use multiple::MultipleArgs;
use prolonged::ProlongedArgs;
use resisted::ResistedArgs;
use retry::RetryArgs;
use teamwork::TeamworkArgs;

#[derive(Debug, Subcommand)]
pub enum ActionCommand {
    /// Roll again and again until the successes add up to a target.
    #[command(
        after_help = "Example (Veronica's Wits + Finance, a roll a night):\n  \
        wodds action extended --editions revised --pool 7 --difficulty 7 --target 18 --max-rolls 10"
    )]
    Extended(ExtendedArgs),
    /// Try again after failing, the difficulty rising with each failure.
    #[command(
        after_help = "Example (Winters's Wits + Etiquette, 5 dice at 6, three tries):\n  \
        wodds action retry --editions revised --pool 5 --difficulty 6 --tries 3"
    )]
    Retry(RetryArgs),
    /// Several actions in one turn: each pool loses dice for the others.
    #[command(after_help = "Example (Hall's punch and two dodges):\n  \
        wodds action multiple --editions revised --pools 7,6,6 --difficulty 6")]
    Multiple(MultipleArgs),
    /// Several characters work together until a target: separate rolls added, or
    /// (hubris) the first character's roll with the others' help as an Edge.
    #[command(after_help = "Example:\n  \
        wodds action teamwork --editions revised --pools 4,5,3 --difficulty 6 --target 10")]
    Teamwork(TeamworkArgs),
    /// One roll against another: only the margin counts.
    #[command(after_help = "Example (Veronica against Giselle):\n  \
        wodds action resisted --editions revised --a 6@7 --b 7@6")]
    Resisted(ResistedArgs),
    /// Extended and resisted: each round's winner scores the margin; first to the target wins.
    #[command(after_help = "Examples:\n  \
        wodds action contest --editions revised --a 5@6 --b 5@6 --target 5\n  \
        wodds action contest --editions revised --a 5@5,5@5,5@5,6@4 --b 5@5,5@5,5@5,6@4 --target 5   # the debate")]
    Contest(ContestArgs),
    /// Contests until one side has lost as many as its Resistance (hubris).
    #[command(after_help = "Example:\n  \
        wodds action prolonged --editions hubris --a 5 --b 6 --a-resistance 2 --b-resistance 3")]
    Prolonged(ProlongedArgs),
}

pub fn run(cmd: &ActionCommand) -> anyhow::Result<()> {
    match cmd {
        ActionCommand::Extended(a) => extended::run(a),
        ActionCommand::Teamwork(a) => teamwork::run(a),
        ActionCommand::Contest(a) => contest::run(a),
        ActionCommand::Prolonged(a) => prolonged::run(a),
        ActionCommand::Retry(a) => retry::run(a),
        ActionCommand::Multiple(a) => multiple::run(a),
        ActionCommand::Resisted(a) => resisted::run(a),
    }
}
