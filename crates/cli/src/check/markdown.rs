//! `wodds check --format markdown` (and `--summary FILE`): what a reviewer
//! reads in a pull request. The verdict first, then the files and
//! settings that changed (with where each is set), then what moved, named
//! as the page names it, and how to accept it.

use std::io::{self, Write};

use wodds_report::check::Checked;

use super::say::{decimals, difference, how, number, p_value, plural, verdict};
use super::words::{name, place};
use crate::rules::shown as value;

/// `text` safe in a Markdown table cell: no pipe, no line break.
pub(super) fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

pub(super) fn write(out: &mut dyn Write, c: &Checked) -> io::Result<()> {
    let moved = &c.comparison.moved;
    let title = if c.updated {
        "baseline updated".to_string()
    } else if moved.is_empty() {
        "nothing moved".to_string()
    } else {
        format!("{} moved", plural(moved.len(), "metric", "metrics"))
    };
    writeln!(out, "## wodds check: {title}\n")?;
    writeln!(out, "**Verdict:** {}.\n", verdict(c))?;
    writeln!(
        out,
        "Baseline `{}`, made by `{}`.\n",
        c.baseline.display(),
        c.command
    )?;
    if !c.inputs.is_empty() || !c.rules.is_empty() {
        writeln!(out, "### What changed\n")?;
        for i in &c.inputs {
            writeln!(out, "- `{}` ({}, {})", i.path, i.kind, i.change)?;
        }
        if !c.inputs.is_empty() {
            writeln!(out)?;
        }
        for r in &c.rules {
            writeln!(
                out,
                "`{}`: rules `{}` → `{}`\n",
                r.edition, r.old_hash, r.new_hash
            )?;
            if r.settings.is_empty() {
                continue;
            }
            writeln!(out, "| setting | was | now | set at |")?;
            writeln!(out, "|---|---|---|---|")?;
            for s in &r.settings {
                writeln!(
                    out,
                    "| `{}` | `{}` | `{}` | {} |",
                    cell(&s.key),
                    cell(&value(s.old.as_ref())),
                    cell(&value(s.new.as_ref())),
                    s.source
                        .as_deref()
                        .map_or("-".to_string(), |s| format!("`{s}`"))
                )?;
            }
            writeln!(out)?;
        }
    }
    if !moved.is_empty() {
        writeln!(out, "### What moved\n")?;
        writeln!(
            out,
            "| where | rule set | figure | was | now | change | p (Holm) | how |"
        )?;
        writeln!(out, "|---|---|---|--:|--:|--:|--:|---|")?;
        for m in moved {
            let d = decimals(m.old, m.new, m.share);
            writeln!(
                out,
                "| {} | `{}` | {} | {} | {} | **{}** | {} | {} |",
                cell(&place(m)),
                cell(&m.edition),
                cell(&name(m)),
                number(m.old, m.share, d),
                number(m.new, m.share, d),
                difference(m.difference, m.share, d),
                p_value(m.p_holm),
                how(m)
            )?;
        }
        writeln!(out)?;
        if !c.updated {
            writeln!(
                out,
                "If the change is intended, run `wodds check --baseline {} --update` and commit the baseline.",
                c.baseline.display()
            )?;
        }
    }
    Ok(())
}
