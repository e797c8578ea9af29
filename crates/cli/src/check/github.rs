//! `wodds check --format github`: GitHub Actions workflow commands. Each
//! setting that changed in a rule set whose figures moved is an `::error`
//! on the line of the house-rule file that sets it, so the pull request
//! shows it beside the line; a changed scenario file whose figures moved,
//! on that file; the verdict as a `::notice` (nothing moved) or `::error`.

use std::io::{self, Write};

use wodds_report::check::Checked;
use wodds_report::compare::Change;

use super::say::{decimals, difference, number, plural, verdict};
use super::words::{name, place};
use crate::rules::shown as value;

/// A workflow command's message, escaped as the runner reads it.
fn message(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A workflow command's property value, escaped.
fn property(s: &str) -> String {
    message(s).replace(':', "%3A").replace(',', "%2C")
}

/// A file's path as the pull request names it: relative to the
/// repository's checkout (`$GITHUB_WORKSPACE`) when the baseline's
/// project is inside one (check runs from the project, so `file` is
/// relative to it), else as the manifest has it.
fn in_repository(file: &str) -> String {
    let Some(workspace) = std::env::var_os("GITHUB_WORKSPACE") else {
        return file.to_string();
    };
    let (Ok(file_abs), Ok(ws)) = (
        std::path::absolute(file),
        std::path::Path::new(&workspace).canonicalize(),
    ) else {
        return file.to_string();
    };
    let file_abs = file_abs.canonicalize().unwrap_or(file_abs);
    match pathdiff::diff_paths(&file_abs, &ws) {
        Some(rel) if !rel.starts_with("..") => rel.to_string_lossy().replace('\\', "/"),
        _ => file.to_string(),
    }
}

/// `file:line` split, the line a number.
fn file_line(source: &str) -> Option<(&str, u32)> {
    let (file, line) = source.rsplit_once(':')?;
    Some((file, line.parse().ok()?))
}

/// The change a designer reads first of `moved`, in words: the largest
/// change in a side's chance to win, else the largest as shown (a share
/// in points): `brawl: Veronica's chance to win 49.93% → 49.95% (+0.02
/// pts)`.
fn largest(moved: &[&Change]) -> String {
    let size = |c: &Change| {
        let d = c.difference.map_or(f64::INFINITY, f64::abs);
        let first = if c.metric == "win_rate" { 1e9 } else { 0.0 };
        first + if c.share { 100.0 * d } else { d }
    };
    // The first of the largest, in the table's order.
    let m = (moved.iter().copied()).reduce(|a, b| if size(b) > size(a) { b } else { a });
    match m {
        Some(m) => {
            let d = decimals(m.old, m.new, m.share);
            format!(
                "{}: {} {} → {} ({})",
                place(m),
                name(m),
                number(m.old, m.share, d),
                number(m.new, m.share, d),
                difference(m.difference, m.share, d)
            )
        }
        None => String::new(),
    }
}

pub(super) fn write(out: &mut dyn Write, c: &Checked) -> io::Result<()> {
    let moved = &c.comparison.moved;
    let title = property("wodds check");
    for r in &c.rules {
        let of: Vec<&Change> = moved.iter().filter(|m| m.edition == r.edition).collect();
        if of.is_empty() {
            continue;
        }
        for s in &r.settings {
            let text = format!(
                "{} {} -> {} moved {} of {}; first: {}",
                s.key,
                value(s.old.as_ref()),
                value(s.new.as_ref()),
                plural(of.len(), "metric", "metrics"),
                r.edition,
                largest(&of)
            );
            let props = match s.source.as_deref().and_then(file_line) {
                Some((file, line)) => format!(
                    "file={},line={line},title={title}",
                    property(&in_repository(file))
                ),
                None => format!("title={title}"),
            };
            writeln!(out, "::error {props}::{}", message(&text))?;
        }
    }
    for i in c.inputs.iter().filter(|i| i.kind == "scenario") {
        let of: Vec<&Change> = (moved.iter())
            .filter(|m| {
                m.scenario
                    .as_deref()
                    .is_some_and(|s| i.path.ends_with(&format!("{s}.toml")))
            })
            .collect();
        if of.is_empty() {
            continue;
        }
        let text = format!(
            "{} ({}) moved {}; first: {}",
            i.path,
            i.change,
            plural(of.len(), "metric", "metrics"),
            largest(&of)
        );
        writeln!(
            out,
            "::error file={},title={title}::{}",
            property(&in_repository(&i.path)),
            message(&text)
        )?;
    }
    let level = if moved.is_empty() || c.updated {
        "notice"
    } else {
        "error"
    };
    writeln!(out, "::{level} title={title}::{}", message(&verdict(c)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The runner's escapes: `%`, CR and LF in a message; `:` and `,` too
    /// in a property.
    #[test]
    fn workflow_commands_are_escaped() {
        assert_eq!(message("50% a\nb"), "50%25 a%0Ab");
        assert_eq!(property("a:b,c"), "a%3Ab%2Cc");
        assert_eq!(file_line("rules/ours.toml:9"), Some(("rules/ours.toml", 9)));
        assert_eq!(file_line("C:/x/ours.toml:12"), Some(("C:/x/ours.toml", 12)));
        assert_eq!(file_line("ours.toml"), None);
    }
}
