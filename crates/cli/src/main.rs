//! `wodds`: a probability lab for Storyteller dice systems.
//!
//! Exit codes: 0 success, 1 a check failed (regression gate), 2 bad input or
//! usage. Errors are one line on stderr.

mod action;
mod chain;
mod check;
mod compare;
mod fight;
mod merge;
mod odds;
mod output;
mod report;
mod rules;
mod run;
mod sheet;
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
    /// An odds sheet for the players: pool by difficulty grids of success
    /// and botch, editions side by side (Markdown, CSV, printable HTML).
    Sheet(sheet::SheetArgs),
    /// Play a scenario's fights, many times, under each of its editions.
    Run(fight::RunScenarioArgs),
    /// Multi-roll actions: extended, teamwork, retry, multiple, resisted, contest, prolonged.
    #[command(subcommand)]
    Action(action::ActionCommand),
    /// What an edition or house rule says, setting by setting (`show`), and
    /// how two differ (`diff`).
    #[command(subcommand)]
    Rules(rules::RulesCommand),
    /// What a rule changes against a base: settings, single roll, actions
    /// and scenarios, largest first, with a verdict a scenario.
    Compare(compare::CompareArgs),
    /// The whole report: tables (Parquet and CSV), charts and one HTML page comparing the editions.
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
    // Ctrl-C or SIGTERM: wodds's temporary directories go before it exits
    // (128 + the signal's number, as a shell reports it).
    let _ = ctrlc::set_handler(|| {
        for dir in wodds_report::publish::interrupted() {
            eprintln!("\nremoved {} (interrupted)", dir.display());
        }
        std::process::exit(130);
    });
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
    let chain = match &cli.command {
        Command::Run(a) => Some(&a.chain),
        Command::Compare(a) => Some(&a.chain),
        Command::Report(a) => Some(&a.chain),
        Command::Check(a) => Some(&a.chain),
        Command::Sweep(a) => Some(&a.chain),
        Command::Balance(a) => Some(&a.chain),
        _ => None,
    };
    if let Some(c) = chain {
        c.apply();
    }
    let done = |r: anyhow::Result<()>| r.map(|()| ExitCode::SUCCESS);
    let result = match cli.command {
        Command::Odds(args) => done(odds::run(&args)),
        Command::Sheet(args) => done(sheet::run(&args)),
        Command::Action(cmd) => done(action::run(&cmd)),
        Command::Run(args) => done(fight::run(&args)),
        Command::Rules(cmd) => done(rules::run(&cmd)),
        Command::Compare(args) => done(compare::run(&args)),
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

/// The error and its causes on one line, each said once (an error whose
/// message already ends with its cause's is not followed by it again).
fn one_line(e: &anyhow::Error) -> String {
    let mut line = String::new();
    for c in e.chain() {
        let text = c.to_string().replace('\n', " ");
        if !line.contains(&text) {
            if !line.is_empty() {
                line.push_str(": ");
            }
            line.push_str(&text);
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An OS error inside a report error was printed twice
    /// (`Device or resource busy (os error 16): Device or resource busy
    /// (os error 16)`, issue 22, item 9): the report error's message holds
    /// its cause already.
    #[test]
    fn an_os_error_is_said_once() {
        let os = std::io::Error::from_raw_os_error(16);
        let text = os.to_string();
        let e = anyhow::Error::new(wodds_report::ReportError::Io {
            path: "reports/latest".into(),
            source: os,
        });
        let line = one_line(&e);
        assert_eq!(line.matches(&text).count(), 1, "{line}");
        assert_eq!(line, format!("reports/latest: {text}"));
        // A context that adds words keeps its cause after it.
        let e = anyhow::anyhow!("disk full").context("--output x.csv");
        assert_eq!(one_line(&e), "--output x.csv: disk full");
    }
}
