//! `wodds`: a probability lab for Storyteller dice systems.
//!
//! Exit codes: 0 success, 1 a check failed (regression gate), 2 bad input or
//! usage. Errors are one line on stderr.

mod action;
mod check;
mod fight;
mod merge;
mod odds;
mod output;
mod report;
mod rules;
mod run;
mod sweep;
mod usage;

use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

/// Exact odds and simulations for Storyteller (World of Darkness) dice.
#[derive(Debug, Parser)]
#[command(name = "wodds", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Odds of a single roll: one row per (pool, difficulty).
    Odds(odds::OddsArgs),
    /// Play a scenario's fights, many times, under each of its editions.
    Run(fight::RunScenarioArgs),
    /// Multi-roll actions: extended, teamwork, retry, multiple, resisted, contest, prolonged.
    #[command(subcommand)]
    Action(action::ActionCommand),
    /// What an edition or house rule says, setting by setting (`show`), and
    /// how two differ (`diff`).
    #[command(subcommand)]
    Rules(rules::RulesCommand),
    /// The whole report: Parquet tables, charts and one HTML page comparing the editions.
    Report(report::ReportArgs),
    /// The regression gate: make a baseline report again and say which odds moved (exit 1 if any did).
    Check(check::CheckArgs),
    /// Add up shards' parts (`wodds report --shard`, `wodds run --shard`) into
    /// what the command writes in one go, byte for byte.
    Merge(merge::MergeArgs),
    /// What a dot, a weapon or a rule setting is worth: a scenario with one
    /// or two values varied, point by point, under each edition.
    Sweep(sweep::SweepArgs),
    /// Which value of a trait or setting evens a fight, under each edition.
    Balance(sweep::BalanceArgs),
}

fn main() -> ExitCode {
    let parsed = negative_numbers(Cli::command())
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) => match e.kind() {
            ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => e.exit(),
            _ => {
                eprintln!("error: {}", usage::one_line(&e));
                return ExitCode::from(2);
            }
        },
    };
    let done = |r: anyhow::Result<()>| r.map(|()| ExitCode::SUCCESS);
    let result = match cli.command {
        Command::Odds(args) => done(odds::run(&args)),
        Command::Action(cmd) => done(action::run(&cmd)),
        Command::Run(args) => done(fight::run(&args)),
        Command::Rules(cmd) => done(rules::run(&cmd)),
        Command::Report(args) => done(report::run(&args)),
        Command::Check(args) => check::run(&args),
        Command::Merge(args) => done(merge::run(&args)),
        Command::Sweep(args) => done(sweep::sweep(&args)),
        Command::Balance(args) => done(sweep::balance(&args)),
    };
    match result {
        Ok(code) => code,
        Err(e) if output::is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            // Every error wodds reports is about its input: one line, code 2.
            eprintln!("error: {}", one_line(&e));
            ExitCode::from(2)
        }
    }
}

/// `cmd` and every subcommand taking `-3` as a value (then refused by its
/// range check, with the allowed range), not as an unknown flag.
fn negative_numbers(cmd: clap::Command) -> clap::Command {
    cmd.allow_negative_numbers(true)
        .mut_subcommands(negative_numbers)
}

/// The error and its causes on one line.
fn one_line(e: &anyhow::Error) -> String {
    e.chain()
        .map(|c| c.to_string().replace('\n', " "))
        .collect::<Vec<_>>()
        .join(": ")
}
