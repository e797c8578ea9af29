//! `wodds check --format junit`: JUnit XML, as GitLab, Jenkins and most CI
//! read test reports. A test suite for each scenario (and the single-roll
//! and action tables), a test case for each rule set in it, failed when a
//! figure of it moved: the failure lists what moved, and the settings of
//! that rule set that changed.

use std::io::{self, Write};

use wodds_report::check::Checked;
use wodds_report::compare::Change;

use super::say::{decimals, difference, number, plural, verdict};
use super::words::{name, place, table};
use crate::rules::shown as value;

/// `s` escaped for XML text and attributes.
fn xml(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' | '\t' => out.push(ch),
            // XML 1.0 has no other control characters.
            c if (c as u32) < 0x20 => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// A moved figure, one line.
fn line(m: &Change) -> String {
    let d = decimals(m.old, m.new, m.share);
    format!(
        "{}: {} -> {} ({})",
        name(m),
        number(m.old, m.share, d),
        number(m.new, m.share, d),
        difference(m.difference, m.share, d)
    )
}

pub(super) fn write(out: &mut dyn Write, c: &Checked) -> io::Result<()> {
    let moved = &c.comparison.moved;
    let failed = |suite: &str, edition: &str| -> Vec<&Change> {
        (moved.iter())
            .filter(|m| place(m) == suite && m.edition == edition)
            .collect()
    };
    let suites: Vec<(String, &Vec<String>)> = (c.compared.iter())
        .map(|(s, eds)| (table(s), eds))
        .collect();
    let tests: usize = suites.iter().map(|(_, e)| e.len()).sum();
    let failures: usize = (suites.iter())
        .map(|(s, eds)| eds.iter().filter(|e| !failed(s, e).is_empty()).count())
        .sum();
    writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#)?;
    writeln!(
        out,
        r#"<testsuites name="wodds check" tests="{tests}" failures="{failures}">"#
    )?;
    for (suite, editions) in &suites {
        let fails = editions
            .iter()
            .filter(|e| !failed(suite, e).is_empty())
            .count();
        writeln!(
            out,
            r#"  <testsuite name="{}" tests="{}" failures="{fails}">"#,
            xml(suite),
            editions.len()
        )?;
        for e in editions.iter() {
            let f = failed(suite, e);
            let case = format!(
                r#"    <testcase classname="wodds.{}" name="{}""#,
                xml(suite),
                xml(e)
            );
            if f.is_empty() {
                writeln!(out, "{case}/>")?;
                continue;
            }
            writeln!(out, "{case}>")?;
            let mut text: Vec<String> = f.iter().map(|m| line(m)).collect();
            for r in c.rules.iter().filter(|r| &r.edition == e) {
                for s in &r.settings {
                    text.push(format!(
                        "setting {} {} -> {}{}",
                        s.key,
                        value(s.old.as_ref()),
                        value(s.new.as_ref()),
                        s.source
                            .as_deref()
                            .map_or(String::new(), |s| format!(" (set at {s})"))
                    ));
                }
            }
            writeln!(
                out,
                r#"      <failure type="moved" message="{}">{}</failure>"#,
                xml(&format!("{} moved", plural(f.len(), "metric", "metrics"))),
                xml(&text.join("\n"))
            )?;
            writeln!(out, "    </testcase>")?;
        }
        writeln!(out, "  </testsuite>")?;
    }
    writeln!(out, "  <system-out>{}</system-out>", xml(&verdict(c)))?;
    writeln!(out, "</testsuites>")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xml_is_escaped() {
        assert_eq!(
            xml(r#"a<b & "c" 'd'>"#),
            "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;"
        );
        assert_eq!(xml("x\u{1}y"), "x y");
    }
}
