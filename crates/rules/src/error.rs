//! Errors of loading and using rule sets.

use std::path::PathBuf;

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
    /// A house-rule file could not be read.
    #[error("{}: cannot read the rule file: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A rule file is malformed or a setting in it is invalid.
    #[error("{file}:{line}:{column}: field `{field}`: {message}")]
    File {
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
