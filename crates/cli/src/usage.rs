//! Command-line mistakes in one line: the flag, what was given and what is
//! allowed, instead of clap's several lines of usage.

use clap::error::{ContextKind, ContextValue, ErrorKind};

/// The one-line message (without the leading `error: `) of a clap error
/// that is a mistake, not a request for help or the version.
pub fn one_line(e: &clap::Error) -> String {
    let text = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        Some(ContextValue::Strings(v)) => Some(v.join(", ")),
        Some(ContextValue::StyledStr(s)) => Some(s.to_string()),
        Some(ContextValue::StyledStrs(v)) => Some(
            v.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", "),
        ),
        _ => None,
    };
    let list = |kind| match e.get(kind) {
        Some(ContextValue::Strings(v)) => v.clone(),
        Some(ContextValue::StyledStrs(v)) => v.iter().map(ToString::to_string).collect(),
        _ => Vec::new(),
    };
    let arg = text(ContextKind::InvalidArg).map(|a| flag_of(&a));
    let value = text(ContextKind::InvalidValue).unwrap_or_default();
    let help = help_hint(e);
    let message = match (e.kind(), &arg) {
        (ErrorKind::InvalidValue, Some(arg)) => {
            let valid = list(ContextKind::ValidValue);
            if value.is_empty() {
                format!("{arg}: a value is needed: one of {}", or_list(&valid))
            } else {
                format!("{arg} {value}: not allowed: use {}", or_list(&valid))
            }
        }
        (ErrorKind::ValueValidation, Some(arg)) => {
            let why =
                std::error::Error::source(e).map_or_else(String::new, |s| plain(&s.to_string()));
            format!("{arg} {value}: {why}")
        }
        (ErrorKind::UnknownArgument, _) => {
            let given = text(ContextKind::InvalidArg).unwrap_or_default();
            match text(ContextKind::SuggestedArg) {
                Some(s) => format!("unknown flag {given}: did you mean {s}?{help}"),
                None => format!("unknown flag {given}{help}"),
            }
        }
        (ErrorKind::InvalidSubcommand, _) => {
            let given = text(ContextKind::InvalidSubcommand).unwrap_or_default();
            let valid = list(ContextKind::ValidSubcommand);
            match text(ContextKind::SuggestedSubcommand) {
                Some(s) => format!("unknown command `{given}`: did you mean `{s}`?{help}"),
                None if !valid.is_empty() => {
                    format!("unknown command `{given}`: use {}", or_list(&valid))
                }
                None => format!("unknown command `{given}`{help}"),
            }
        }
        (ErrorKind::MissingRequiredArgument, _) => {
            let missing: Vec<String> = list(ContextKind::InvalidArg)
                .iter()
                .map(|a| flag_of(a))
                .collect();
            format!("missing {}{help}", missing.join(" and "))
        }
        (ErrorKind::ArgumentConflict, Some(arg)) => {
            let other = text(ContextKind::PriorArg).map_or_else(String::new, |p| flag_of(&p));
            format!("{arg} cannot be used with {other}{help}")
        }
        _ => {
            // Whatever else clap says, its first line.
            let rendered = e.render().to_string();
            let first = rendered.lines().next().unwrap_or("").trim();
            let first = first.strip_prefix("error: ").unwrap_or(first).to_string();
            format!("{first}{help}")
        }
    };
    message.replace('\n', " ")
}

/// `--trials <TRIALS>` as `--trials`.
fn flag_of(arg: &str) -> String {
    arg.split_whitespace().next().unwrap_or(arg).to_string()
}

/// `a, b or c` (`nothing` for none).
pub fn or_list<S: AsRef<str>>(items: &[S]) -> String {
    match items {
        [] => "nothing".to_string(),
        [one] => one.as_ref().to_string(),
        [rest @ .., last] => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} or {}", rest.join(", "), last.as_ref())
        }
    }
}

/// A parser's message in a designer's words.
fn plain(message: &str) -> String {
    match message {
        "invalid digit found in string" | "cannot parse integer from empty string" => {
            "expected a whole number".to_string()
        }
        "number too large to fit in target type" => "the number is too large".to_string(),
        "number too small to fit in target type" => "the number is too small".to_string(),
        m => m.to_string(),
    }
}

/// `; see `wodds odds --help`` for the command the usage line names.
fn help_hint(e: &clap::Error) -> String {
    let Some(ContextValue::StyledStr(usage)) = e.get(ContextKind::Usage) else {
        return "; see `wodds --help`".to_string();
    };
    let usage = usage.to_string();
    let words: Vec<&str> = usage
        .trim()
        .trim_start_matches("Usage:")
        .split_whitespace()
        .take_while(|w| !w.starts_with(['[', '<', '-']))
        .collect();
    format!("; see `{} --help`", words.join(" "))
}
