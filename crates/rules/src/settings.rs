//! Every setting of a rule set with where it was set and why: the leaves of
//! a rule file (tables flattened into dotted keys such as
//! `combat.pools.dodge`), each with its file and line and the comment that
//! cites its seed or says it is assumed.

use serde::Serialize;
use toml::de::{DeTable, DeValue};

/// One resolved setting of a rule set.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Setting {
    /// Its dotted key, as a rule file writes it (`combat.pools.dodge`).
    pub key: String,
    /// Its value.
    pub value: toml::Value,
    /// Where it was set: `file:line` (`<built-in fta.toml>:17` for an
    /// edition built into wodds).
    pub source: String,
    /// The comment above it in that file (the seed it comes from, or
    /// "assumed"); empty if the file says nothing.
    pub note: String,
}

/// A setting whose value differs between two rule sets: what `wodds rules
/// diff` prints, and what `wodds check` says changed in a house rule.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SettingDiff<'a> {
    /// Its dotted key.
    pub key: &'a str,
    /// Its value in the first rule set (`None`: not set there).
    pub a: Option<&'a toml::Value>,
    /// Its value in the second.
    pub b: Option<&'a toml::Value>,
    /// Where the first set it (`None` when unset or not known).
    pub a_source: Option<&'a str>,
    /// Where the second set it.
    pub b_source: Option<&'a str>,
}

/// The settings whose values differ between `a` and `b`, in key order. A
/// setting's `source` left empty is not known, and shown as `None`.
pub fn diff<'a>(a: &'a [Setting], b: &'a [Setting]) -> Vec<SettingDiff<'a>> {
    let mut keys: std::collections::BTreeMap<&str, (Option<&Setting>, Option<&Setting>)> =
        std::collections::BTreeMap::new();
    for s in a {
        keys.entry(&s.key).or_default().0 = Some(s);
    }
    for s in b {
        keys.entry(&s.key).or_default().1 = Some(s);
    }
    let source = |s: &'a Setting| Some(s.source.as_str()).filter(|s| !s.is_empty());
    keys.into_iter()
        .filter(|(_, (x, y))| x.map(|s| &s.value) != y.map(|s| &s.value))
        .map(|(key, (x, y))| SettingDiff {
            key,
            a: x.map(|s| &s.value),
            b: y.map(|s| &s.value),
            a_source: x.and_then(source),
            b_source: y.and_then(source),
        })
        .collect()
}

/// A setting as one file writes it.
#[derive(Debug, Clone)]
pub(crate) struct Leaf {
    /// Its dotted key.
    pub key: String,
    /// Its value.
    pub value: toml::Value,
    /// Byte offset of its key.
    pub key_at: usize,
    /// Byte offset of its value.
    pub value_at: usize,
    /// Byte offsets of its elements, when it is an array.
    pub elements: Vec<usize>,
    /// Its 1-based line.
    pub line: usize,
    /// The comment that explains it.
    pub note: String,
}

/// The settings of TOML `text` (parsed as `table`), in file order, except
/// the top-level keys in `skip`.
pub(crate) fn leaves(text: &str, table: &toml::Table, skip: &[&str]) -> Vec<Leaf> {
    // The text parsed once more, for the spans of keys and values.
    let Ok(spanned) = DeTable::parse(text) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let lines = Lines::of(text);
    walk(&lines, spanned.get_ref(), table, "", skip, &mut out);
    out.sort_by_key(|l| l.key_at);
    out
}

/// A file's text indexed by line, once, so each setting's line and note
/// are found without scanning the file again.
struct Lines<'a> {
    text: &'a str,
    /// Byte offset of each line's start.
    starts: Vec<usize>,
    /// Each line, without its end.
    lines: Vec<&'a str>,
}

impl<'a> Lines<'a> {
    fn of(text: &'a str) -> Self {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Lines {
            text,
            starts,
            lines: text.lines().collect(),
        }
    }

    /// The 1-based line of byte `offset`.
    fn line(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset)
    }
}

fn walk(
    text: &Lines<'_>,
    de: &DeTable<'_>,
    table: &toml::Table,
    prefix: &str,
    skip: &[&str],
    out: &mut Vec<Leaf>,
) {
    for (k, v) in de {
        let name: &str = k.get_ref();
        if prefix.is_empty() && skip.contains(&name) {
            continue;
        }
        let key = if prefix.is_empty() {
            name.to_string()
        } else {
            format!("{prefix}.{name}")
        };
        let Some(value) = table.get(name) else {
            continue;
        };
        match (v.get_ref(), value) {
            (DeValue::Table(inner), toml::Value::Table(t)) => walk(text, inner, t, &key, &[], out),
            _ => {
                let key_at = k.span().start;
                let line = text.line(key_at);
                let elements = match v.get_ref() {
                    DeValue::Array(a) => a.iter().map(|e| e.span().start).collect(),
                    _ => Vec::new(),
                };
                out.push(Leaf {
                    key,
                    value: value.clone(),
                    key_at,
                    value_at: v.span().start,
                    elements,
                    line,
                    note: note(&text.lines, text.text, line, v.span().end),
                });
            }
        }
    }
}

/// The comment that explains the setting on 1-based line `line` whose
/// value ends at byte `end`: the comment after the value on its line, or
/// the block of comment lines above it. Settings written one after another
/// without a blank line share the comment above the first of them.
fn note(lines: &[&str], text: &str, line: usize, end: usize) -> String {
    let mut parts: Vec<&str> = Vec::new();
    let mut i = line.saturating_sub(1);
    while i > 0 {
        let l = lines[i - 1].trim();
        if let Some(comment) = l.strip_prefix('#') {
            // `#:schema` lines are for editors, not notes.
            if !comment.starts_with(':') {
                parts.push(comment.trim());
            }
        } else if l.is_empty() || l.starts_with('[') || !parts.is_empty() {
            break;
        }
        i -= 1;
    }
    parts.reverse();
    let after = text[end.min(text.len())..]
        .lines()
        .next()
        .unwrap_or("")
        .trim();
    if let Some(comment) = after.strip_prefix('#') {
        parts.push(comment.trim());
    }
    parts.join(" ")
}

/// `settings` as nested tables, as a rule file without `extends` would
/// hold them.
pub(crate) fn nest(settings: &[Setting]) -> toml::Table {
    let mut root = toml::Table::new();
    for s in settings {
        let mut table = &mut root;
        let mut parts = s.key.split('.').peekable();
        while let Some(part) = parts.next() {
            if parts.peek().is_none() {
                table.insert(part.to_string(), s.value.clone());
            } else {
                let entry = table
                    .entry(part.to_string())
                    .or_insert_with(|| toml::Value::Table(toml::Table::new()));
                if !entry.is_table() {
                    *entry = toml::Value::Table(toml::Table::new());
                }
                table = entry.as_table_mut().expect("a table");
            }
        }
    }
    root
}

/// Overlays `file`'s settings on `base`'s: a key already set takes the new
/// value where it stood; a new key is added in file order. A setting that
/// was a table of settings and is now one value (or the reverse) replaces
/// them all.
pub(crate) fn overlay(base: &[Setting], file: Vec<Setting>) -> Vec<Setting> {
    let mut out: Vec<Setting> = base.to_vec();
    for s in file {
        let nested = |a: &str, b: &str| a.starts_with(&format!("{b}."));
        out.retain(|o| !nested(&o.key, &s.key) && !nested(&s.key, &o.key));
        match out.iter_mut().find(|o| o.key == s.key) {
            Some(o) => *o = s,
            None => out.push(s),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_come_from_the_comment_above_or_beside() {
        let text = "# file header\n\n[dice]\n# the seed says so\n# on two lines\ntens = \"single\"\nones = \"cancel\"\n\nbotch = \"never\" # assumed\nx = 1\n";
        let table: toml::Table = toml::from_str(text).unwrap();
        let l = leaves(text, &table, &[]);
        let notes: Vec<(&str, &str)> = l
            .iter()
            .map(|l| (l.key.as_str(), l.note.as_str()))
            .collect();
        assert_eq!(
            notes,
            [
                ("dice.tens", "the seed says so on two lines"),
                ("dice.ones", "the seed says so on two lines"),
                ("dice.botch", "assumed"),
                ("dice.x", ""),
            ]
        );
        assert_eq!(l[0].line, 6);
        assert_eq!(&text[l[0].value_at..l[0].value_at + 8], "\"single\"");
    }

    #[test]
    fn overlay_replaces_in_place_and_appends_new_keys() {
        let s = |key: &str, v: i64| Setting {
            key: key.into(),
            value: toml::Value::Integer(v),
            source: String::new(),
            note: String::new(),
        };
        let out = overlay(
            &[s("a", 1), s("b.c", 2), s("d", 3)],
            vec![s("e", 5), s("a", 9), s("b", 7)],
        );
        let keys: Vec<(&str, i64)> = out
            .iter()
            .map(|s| (s.key.as_str(), s.value.as_integer().unwrap()))
            .collect();
        assert_eq!(keys, [("a", 9), ("d", 3), ("e", 5), ("b", 7)]);
        let nested = nest(&[s("x.y", 1), s("x.z", 2)]);
        assert_eq!(nested["x"]["z"].as_integer(), Some(2));
    }
}
