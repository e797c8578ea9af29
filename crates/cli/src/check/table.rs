//! `wodds check`'s table: what changed, then what moved, aligned for a
//! terminal, and the verdict; and the figures as every format shows them.

use std::io::{self, Write};

use wodds_report::check::Checked;
use wodds_rules::SettingDiff;

use super::say::{decimals, difference, how, number, p_value, verdict};
use super::words::{name, place};
use crate::rules::{differ, write_changes};

pub(super) fn write_table(out: &mut dyn Write, c: &Checked) -> io::Result<()> {
    writeln!(out, "baseline {}: {}", c.baseline.display(), c.command)?;
    if !c.inputs.is_empty() {
        let files: Vec<String> = c
            .inputs
            .iter()
            .map(|i| match i.change {
                "changed" => format!("{} ({})", i.path, i.kind),
                other => format!("{} ({}, {other})", i.path, i.kind),
            })
            .collect();
        writeln!(out, "changed since the baseline: {}", files.join(", "))?;
    }
    for r in &c.rules {
        writeln!(
            out,
            "{}: rules {} -> {}, {}",
            r.edition,
            r.old_hash,
            r.new_hash,
            differ(r.settings.len())
        )?;
        let diffs: Vec<SettingDiff<'_>> = r
            .settings
            .iter()
            .map(|s| SettingDiff {
                key: &s.key,
                a: s.old.as_ref(),
                b: s.new.as_ref(),
                a_source: None,
                b_source: None,
            })
            .collect();
        write_changes(out, &diffs, "  ")?;
    }
    let moved = &c.comparison.moved;
    if !moved.is_empty() {
        let header = [
            "where",
            "rule set",
            "figure",
            "old",
            "new",
            "difference",
            "p (Holm)",
            "how",
        ];
        let rows: Vec<[String; 8]> = moved
            .iter()
            .map(|m| {
                let d = decimals(m.old, m.new, m.share);
                [
                    place(m),
                    m.edition.clone(),
                    name(m),
                    number(m.old, m.share, d),
                    number(m.new, m.share, d),
                    difference(m.difference, m.share, d),
                    p_value(m.p_holm),
                    how(m),
                ]
            })
            .collect();
        let mut width = header.map(str::len);
        for r in &rows {
            for (w, cell) in width.iter_mut().zip(r) {
                *w = (*w).max(cell.chars().count());
            }
        }
        // Text columns to the left, figures to the right.
        let line = |cells: &[String]| {
            let mut s = String::new();
            for (i, (cell, w)) in cells.iter().zip(width).enumerate() {
                let pad = w - cell.chars().count();
                if i > 0 {
                    s.push_str("  ");
                }
                if (3..7).contains(&i) {
                    s.push_str(&" ".repeat(pad));
                    s.push_str(cell);
                } else {
                    s.push_str(cell);
                    if i < 7 {
                        s.push_str(&" ".repeat(pad));
                    }
                }
            }
            s
        };
        writeln!(out, "{}", line(&header.map(str::to_string)))?;
        for r in &rows {
            writeln!(out, "{}", line(r))?;
        }
    }
    writeln!(out, "verdict: {}", verdict(c))
}
