//! `wodds rules`: what an edition or house rule says, setting by setting,
//! and what differs between two.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, Subcommand};
use wodds_rules::{RuleSet, Setting, SettingDiff};

use crate::output::{check, emit};
use crate::run::Format;

#[derive(Debug, Subcommand)]
pub enum RulesCommand {
    /// Every setting of an edition or house rule: its value, where it was
    /// set (file and line) and the note that cites its seed or says it is
    /// assumed.
    #[command(after_help = "Examples:\n  \
        wodds rules show fta\n  \
        wodds rules show my-house-rules.toml --format json\n  \
        wodds rules show fta --format toml > fta-flat.toml   # one file, no extends")]
    Show(ShowArgs),
    /// The settings that differ between two editions or house rules.
    #[command(after_help = "Example:\n  wodds rules diff revised fta")]
    Diff(DiffArgs),
}

/// How `rules` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum RulesFormat {
    /// Aligned, for a terminal.
    Table,
    /// A complete rule file (no `extends`), each setting with its note
    /// and source as comments.
    Toml,
    /// An array of objects with `key`, `value`, `source`, `note`.
    Json,
    /// Comma-separated, with a header.
    Csv,
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// Edition id (revised, fta, uwod, hubris) or path to a house-rule .toml file.
    edition: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = RulesFormat::Table)]
    format: RulesFormat,
    /// Write to this file (whole, or not at all) instead of stdout.
    #[arg(long, short)]
    output: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct DiffArgs {
    /// The first edition or house rule.
    a: String,
    /// The second.
    b: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
    /// Write to this file (whole, or not at all) instead of stdout.
    #[arg(long, short)]
    output: Option<PathBuf>,
}

pub fn run(cmd: &RulesCommand) -> anyhow::Result<()> {
    match cmd {
        RulesCommand::Show(a) => show(a),
        RulesCommand::Diff(a) => diff(a),
    }
}

fn show(a: &ShowArgs) -> anyhow::Result<()> {
    let rules = crate::stdin::rules(&a.edition).context("edition")?;
    check(a.output.as_deref(), rules.files())?;
    emit(a.output.as_deref(), |out| match a.format {
        RulesFormat::Json => {
            serde_json::to_writer_pretty(&mut *out, &wodds_api::rules::show(&rules))?;
            writeln!(out)
        }
        RulesFormat::Csv => out.write_all(wodds_api::rules::show_csv(rules.settings()).as_bytes()),
        RulesFormat::Toml => write_toml(out, &rules),
        RulesFormat::Table => write_table(out, &rules),
    })
}

/// The title line: the rule set, its id and hash.
fn title(rules: &RuleSet) -> String {
    format!(
        "{} ({}), rules {}, wodds {}",
        rules.name,
        rules.id,
        rules.hash(),
        env!("CARGO_PKG_VERSION")
    )
}

fn write_table(out: &mut dyn Write, rules: &RuleSet) -> io::Result<()> {
    writeln!(out, "{}", title(rules))?;
    let width = rules
        .settings()
        .iter()
        .map(|s| s.key.len())
        .max()
        .unwrap_or(0);
    for s in rules.settings() {
        writeln!(out, "{:<width$}  {}", s.key, s.value)?;
        let note = if s.note.is_empty() { "-" } else { &s.note };
        writeln!(out, "{:<width$}  {}: {note}", "", s.source)?;
    }
    writeln!(out, "{} settings", rules.settings().len())?;
    write_roll(out, rules)
}

/// One row of the face table: what a face counts, as a number.
type Column = fn(&wodds_dice::FaceRule) -> u8;

/// The roll face by face at the standard difficulty, and every
/// expression of its outcome (`*`: set by a rule file; the others are
/// what the settings above say).
fn write_roll(out: &mut dyn Write, rules: &RuleSet) -> io::Result<()> {
    use wodds_dice::DieKind;
    let difficulty = rules.dice.standard_difficulty;
    let Ok((target, table)) = rules.face_table(difficulty) else {
        return Ok(());
    };
    writeln!(out)?;
    writeln!(
        out,
        "The roll face by face at the standard difficulty {difficulty} (target face {target}):"
    )?;
    let faces: String = (1..=10).map(|f| format!("{f:>3}")).collect();
    writeln!(out, "  {:<30}{faces}", "face")?;
    let mut kinds = vec![
        ("first die", DieKind::First),
        ("die rolled again", DieKind::Rerolled),
    ];
    if rules.dice.chance_die {
        kinds.push(("chance die", DieKind::Chance));
    }
    for (name, kind) in kinds {
        let rules_of: Vec<_> = (1..=10).map(|f| table.face(target, kind, f)).collect();
        let columns: [(&str, Column); 4] = [
            ("successes", |r| r.successes),
            ("1s", |r| u8::from(r.one)),
            ("10s", |r| u8::from(r.ten)),
            ("rolled again", |r| u8::from(r.again)),
        ];
        for (column, value) in columns {
            let row: String = rules_of
                .iter()
                .map(|r| format!("{:>3}", value(r)))
                .collect();
            writeln!(out, "  {:<30}{row}", format!("{name}: {column}"))?;
        }
    }
    let any_again = [DieKind::First, DieKind::Rerolled, DieKind::Chance]
        .iter()
        .any(|&k| (1..=10).any(|f| table.face(target, k, f).again));
    if any_again {
        let depth = table.depth();
        writeln!(
            out,
            "  dice are rolled again {}",
            if depth == 0 {
                "without bound (exact odds cut each chain below 1e-19, the roll below 1e-15)"
                    .to_string()
            } else {
                format!("at most {depth} deep")
            }
        )?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "Expressions (* set by a rule file; the others are what the settings above say):"
    )?;
    let lines = rules.description().lines;
    let width = lines.iter().map(|(k, ..)| k.len()).max().unwrap_or(0);
    for (key, text, own) in lines {
        let mark = if own { "*" } else { " " };
        writeln!(out, "{mark} {key:<width$}  {text}")?;
    }
    Ok(())
}

/// The rule set as one file that needs no other: every setting under its
/// table, its note and source as comments above it.
fn write_toml(out: &mut dyn Write, rules: &RuleSet) -> io::Result<()> {
    writeln!(out, "# {}", title(rules))?;
    writeln!(
        out,
        "# Every setting resolved: `wodds rules show {} --format toml`.",
        rules.id
    )?;
    writeln!(out, "name = {}", toml::Value::String(rules.name.clone()))?;
    // Settings grouped by their table, in order of first appearance.
    let mut tables: Vec<(&str, Vec<&Setting>)> = Vec::new();
    for s in rules.settings() {
        let table = s.key.rsplit_once('.').map_or("", |(t, _)| t);
        match tables.iter_mut().find(|(t, _)| *t == table) {
            Some((_, v)) => v.push(s),
            None => tables.push((table, vec![s])),
        }
    }
    for (table, settings) in tables {
        writeln!(out)?;
        if !table.is_empty() {
            writeln!(out, "[{table}]")?;
        }
        for s in settings {
            if !s.note.is_empty() {
                writeln!(out, "# {}", s.note)?;
            }
            writeln!(out, "# ({})", s.source)?;
            let key = s.key.rsplit_once('.').map_or(s.key.as_str(), |(_, k)| k);
            writeln!(out, "{key} = {}", s.value)?;
        }
    }
    Ok(())
}

/// A setting's value as `diff` prints it.
pub use wodds_api::rules::shown;

/// `1 setting differs`, `2 settings differ`.
pub fn differ(n: usize) -> String {
    if n == 1 {
        "1 setting differs".to_string()
    } else {
        format!("{n} settings differ")
    }
}

/// The lines of a diff's table: each setting that differs, its old and new
/// value (what `wodds rules diff` and `wodds check` print).
pub fn write_changes(
    out: &mut dyn Write,
    changes: &[SettingDiff<'_>],
    indent: &str,
) -> io::Result<()> {
    let width = changes.iter().map(|c| c.key.len()).max().unwrap_or(0);
    for c in changes {
        writeln!(
            out,
            "{indent}{:<width$}  {}  ->  {}",
            c.key,
            shown(c.a),
            shown(c.b)
        )?;
    }
    Ok(())
}

fn diff(args: &DiffArgs) -> anyhow::Result<()> {
    let a = crate::stdin::rules(&args.a).context("first edition")?;
    let b = crate::stdin::rules(&args.b).context("second edition")?;
    let mut inputs = a.files().to_vec();
    inputs.extend(b.files().iter().cloned());
    check(args.output.as_deref(), &inputs)?;
    let changes = wodds_rules::diff(a.settings(), b.settings());
    emit(args.output.as_deref(), |out| match args.format {
        Format::Json => {
            serde_json::to_writer_pretty(&mut *out, &wodds_api::rules::diff(&a, &b))?;
            writeln!(out)
        }
        Format::Csv => {
            out.write_all(wodds_api::rules::diff_csv(&wodds_api::rules::diff(&a, &b)).as_bytes())
        }
        Format::Table => {
            writeln!(
                out,
                "{} ({}) against {} ({}): {}",
                a.id,
                a.hash(),
                b.id,
                b.hash(),
                differ(changes.len()),
            )?;
            write_changes(out, &changes, "")
        }
    })
}
