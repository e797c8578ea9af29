//! The one error every call of the API returns: a designer's sentence, and
//! where it is, when it is in a file (the file, line, column and field).

use serde::Serialize;
use wodds_rules::RulesError;

/// Why a call failed: the sentence the CLI prints, and, for a mistake in a
/// rule or scenario file, where it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Error {
    /// The whole message, as `wodds` prints it after `error: `.
    pub message: String,
    /// The file (or the name a text was given under) the mistake is in.
    pub file: Option<String>,
    /// Its 1-based line.
    pub line: Option<usize>,
    /// Its 1-based column.
    pub column: Option<usize>,
    /// The dotted field (`dice.again`).
    pub field: Option<String>,
}

impl Error {
    /// An error that is not in a file: a request's value out of range.
    pub fn new(message: impl Into<String>) -> Error {
        Error {
            message: message.into(),
            file: None,
            line: None,
            column: None,
            field: None,
        }
    }

    /// The same error, its message led by `what` (`--pool: `), as the CLI
    /// names the flag a value came from.
    pub fn context(mut self, what: &str) -> Error {
        self.message = format!("{what}: {}", self.message);
        self
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

impl From<RulesError> for Error {
    fn from(e: RulesError) -> Error {
        let message = e.to_string();
        match e {
            RulesError::File {
                file,
                line,
                column,
                field,
                ..
            } => Error {
                message,
                file: Some(file),
                line: Some(line),
                column: Some(column),
                field: Some(field),
            },
            _ => Error::new(message),
        }
    }
}

/// A result of the API.
pub type Result<T> = std::result::Result<T, Error>;
