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
mod progress;
mod report;
mod rules;
mod run;
mod sheet;
mod shell;
mod stdin;
mod sweep;
mod usage;

use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

/// Exact odds and simulations for Storyteller (World of Darkness) dice.
#[derive(Debug, Parser)]
#[command(name = "wodds", about, long_about = None)]
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
    /// Shell completions for bash, elvish, fish, PowerShell or zsh, on stdout.
    Completions(shell::CompletionsArgs),
    /// The man page (or, with --out, a page for every subcommand).
    Man(shell::ManArgs),
}

/// `wodds -V`: the version and the commit it was built from.
fn short_version() -> String {
    format!(
        "{} (commit {})",
        env!("CARGO_PKG_VERSION"),
        env!("WODDS_COMMIT")
    )
}

/// `wodds --version`: the version, the commit, and each built-in
/// edition's rules hash (what every figure wodds prints carries), so a
/// figure can be traced to the wodds and the rules that made it.
fn long_version() -> String {
    let mut v = short_version();
    v.push_str("\nbuilt-in editions (rules hash):");
    for id in wodds_rules::edition_ids() {
        let hash = wodds_rules::RuleSet::load(id)
            .map(|r| r.hash().to_string())
            .unwrap_or_else(|e| format!("(does not load: {e})"));
        v.push_str(&format!("\n  {id:<8} {hash}"));
    }
    v
}

/// The command line, with its versions.
fn command() -> clap::Command {
    negative_numbers(
        Cli::command()
            .version(short_version())
            .long_version(long_version()),
    )
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
    let parsed = command()
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
        Command::Completions(args) => done(shell::completions(&args, command())),
        Command::Man(args) => done(shell::man(&args, command())),
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
    use std::collections::BTreeMap;

    /// Every subcommand, with its path (`wodds action extended`).
    fn every(cmd: &clap::Command, path: String, into: &mut Vec<(String, clap::Command)>) {
        for sub in cmd.get_subcommands() {
            let p = format!("{path} {}", sub.get_name());
            into.push((p.clone(), sub.clone()));
            every(sub, p, into);
        }
    }

    /// The flags every command shares have one name and one meaning
    /// (issue 27): a long flag has the same short letter wherever it has
    /// one, and a short letter the same long flag; `--output` is a file and
    /// `--out` a directory everywhere; the rule sets are `--editions`
    /// (`-e`) wherever a command takes editions by flag; a command that
    /// plays conflicts with `--trials` also takes `--seed` and
    /// `--sampler`; and a command that takes `--output` takes `--format`.
    #[test]
    fn every_shared_flag_has_one_name_and_one_meaning() {
        let mut cmd = command();
        cmd.build();
        let mut all = Vec::new();
        every(&cmd, "wodds".into(), &mut all);
        let mut short_of: BTreeMap<String, (char, String)> = BTreeMap::new();
        let mut long_of: BTreeMap<char, (String, String)> = BTreeMap::new();
        let mut problems = Vec::new();
        for (path, sub) in &all {
            let longs: Vec<String> = (sub.get_arguments())
                .filter_map(|a| a.get_long().map(str::to_string))
                .collect();
            for a in sub.get_arguments() {
                let Some(long) = a.get_long() else { continue };
                if let Some(short) = a.get_short() {
                    if let Some((s, at)) = short_of.insert(long.into(), (short, path.clone()))
                        && s != short
                    {
                        problems.push(format!(
                            "--{long} is -{s} in `{at}` but -{short} in `{path}`"
                        ));
                    }
                    if let Some((l, at)) = long_of.insert(short, (long.into(), path.clone()))
                        && l != long
                    {
                        problems.push(format!(
                            "-{short} is --{l} in `{at}` but --{long} in `{path}`"
                        ));
                    }
                }
                let value = (a.get_value_names().unwrap_or_default().iter())
                    .map(|v| v.to_string())
                    .collect::<Vec<_>>()
                    .join(" ");
                match long {
                    "output" if value != "FILE" && value != "OUTPUT" => {
                        problems.push(format!("`{path} --output` takes {value}, not a FILE"));
                    }
                    "out" if value != "DIR" && value != "OUT" => {
                        problems.push(format!("`{path} --out` takes {value}, not a DIR"));
                    }
                    "edition" => problems.push(format!("`{path}` has --edition: say --editions")),
                    _ => {}
                }
                if long == "out"
                    && a.get_help()
                        .is_some_and(|h| h.to_string().contains("file to write"))
                {
                    problems.push(format!("`{path} --out` writes a file"));
                }
            }
            if longs.iter().any(|l| l == "editions") {
                let e = sub
                    .get_arguments()
                    .find(|a| a.get_long() == Some("editions"));
                if e.and_then(|a| a.get_short()) != Some('e') {
                    problems.push(format!("`{path} --editions` has no -e"));
                }
            }
            // A report (and check, which remakes one) plays every conflict
            // from its round chain where it has one: its page's exact
            // figures, what a dot is worth and the changes are built on
            // them, so it has no --sampler.
            let plays = longs.iter().any(|l| l == "max-states")
                && !["wodds report", "wodds check"].contains(&path.as_str());
            if plays && longs.iter().any(|l| l == "trials") {
                for needed in ["seed", "sampler"] {
                    if !longs.iter().any(|l| l == needed) {
                        problems.push(format!("`{path}` has --trials but no --{needed}"));
                    }
                }
            }
            if longs.iter().any(|l| l == "output") && !longs.iter().any(|l| l == "format") {
                problems.push(format!("`{path}` has --output but no --format"));
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
        // What the issue found, now one name: -e is --editions, -o is
        // --output, -q is --quiet.
        assert_eq!(long_of[&'e'].0, "editions");
        assert_eq!(long_of[&'o'].0, "output");
        assert_eq!(long_of[&'q'].0, "quiet");
        for needed in ["run", "report", "sweep", "balance", "odds", "sheet"] {
            let (_, sub) = all
                .iter()
                .find(|(p, _)| p == &format!("wodds {needed}"))
                .unwrap();
            assert!(
                sub.get_arguments()
                    .any(|a| a.get_long() == Some("editions")),
                "wodds {needed} has no --editions"
            );
        }
    }

    /// `wodds --version` says the commit and every built-in edition's
    /// rules hash, as `wodds rules show` computes it.
    #[test]
    fn the_version_names_the_commit_and_each_editions_rules_hash() {
        let v = long_version();
        assert!(
            v.starts_with(&format!("{} (commit ", env!("CARGO_PKG_VERSION"))),
            "{v}"
        );
        for id in wodds_rules::edition_ids() {
            let hash = wodds_rules::RuleSet::load(id).unwrap().hash().to_string();
            assert!(v.contains(&format!("  {id:<8} {hash}")), "{v}");
        }
    }

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
