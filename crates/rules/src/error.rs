//! Errors of loading and using rule sets.

use std::fmt;
use std::path::PathBuf;

/// What a file given to wodds holds, for error messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    /// An edition or house-rule file.
    Rules,
    /// A scenario file.
    Scenario,
}

impl fmt::Display for FileKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FileKind::Rules => "rule file",
            FileKind::Scenario => "scenario file",
        })
    }
}

/// Why a rule set could not be loaded or a roll could not be built.
#[derive(Debug, thiserror::Error)]
pub enum RulesError {
    /// Neither a built-in id nor a path to a `.toml` file.
    #[error(
        "unknown edition `{name}`: known editions are {} (or give the path of a house-rule .toml file)",
        known.join(", ")
    )]
    UnknownEdition {
        /// What was asked for.
        name: String,
        /// The built-in ids.
        known: Vec<String>,
    },
    /// A file could not be read. (The I/O error is part of the message,
    /// not a separate cause, so that it is said once.)
    #[error("{kind} {}: cannot read it: {error}", path.display())]
    Read {
        /// What the file holds.
        kind: FileKind,
        /// The file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// A file is malformed or a setting in it is invalid.
    #[error("{kind} {file}:{line}:{column}: field `{field}`: {message}")]
    File {
        /// What the file holds.
        kind: FileKind,
        /// The file (or `<built-in id.toml>`).
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// Dotted field name, e.g. `dice.tens`.
        field: String,
        /// What is wrong.
        message: String,
    },
    /// A pool or difficulty outside the edition's range.
    #[error("{what} {value} is outside {edition}'s range {min}..={max}")]
    OutOfRange {
        /// Edition id.
        edition: String,
        /// `pool` or `difficulty`.
        what: &'static str,
        /// The value given.
        value: i32,
        /// Lowest allowed.
        min: i32,
        /// Highest allowed.
        max: i32,
    },
    /// `--specialty` on an edition without a specialty rule.
    #[error("edition {edition} has no specialty rule (its rule file says `specialty = \"none\"`)")]
    NoSpecialty {
        /// Edition id.
        edition: String,
    },
    /// An option the edition has no rule for.
    #[error("edition {edition} has no {rule} rule (its rule file says `{setting}`)")]
    NoRule {
        /// Edition id.
        edition: String,
        /// The rule asked for.
        rule: &'static str,
        /// The setting that turns it off.
        setting: &'static str,
    },
    /// The options made a roll the dice engine refuses.
    #[error("{edition}: {message}")]
    Spec {
        /// Edition id.
        edition: String,
        /// The dice engine's reason.
        message: String,
    },
}
