//! A rule set's settings, and the settings two rule sets differ in: what
//! `wodds rules show` and `wodds rules diff` print.

use serde::Serialize;
use wodds_rules::{RuleSet, Setting};

use crate::cells::{csv_text, csv_writer};

/// A setting whose value differs between two rule sets (owned).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Change {
    /// Its dotted key.
    pub key: String,
    /// Its value in the first rule set (`None`: not set there).
    pub a: Option<toml::Value>,
    /// Its value in the second.
    pub b: Option<toml::Value>,
    /// Where the first set it.
    pub a_source: Option<String>,
    /// Where the second set it.
    pub b_source: Option<String>,
}

/// Every setting of `rules`, with where it was set and its note.
pub fn show(rules: &RuleSet) -> Vec<Setting> {
    rules.settings().to_vec()
}

/// The settings whose values differ between `a` and `b`, in key order.
pub fn diff(a: &RuleSet, b: &RuleSet) -> Vec<Change> {
    wodds_rules::diff(a.settings(), b.settings())
        .into_iter()
        .map(|c| Change {
            key: c.key.to_string(),
            a: c.a.cloned(),
            b: c.b.cloned(),
            a_source: c.a_source.map(str::to_string),
            b_source: c.b_source.map(str::to_string),
        })
        .collect()
}

/// A value as `wodds rules diff` prints it: `(unset)` when not set.
pub fn shown(v: Option<&toml::Value>) -> String {
    v.map_or("(unset)".to_string(), ToString::to_string)
}

/// The settings as `wodds rules show --format csv` writes them: `key`,
/// `value` (as TOML writes it), `source`, `note`.
pub fn show_csv(settings: &[Setting]) -> String {
    csv_text(|out| {
        let mut w = csv_writer(out);
        w.write_record(["key", "value", "source", "note"])?;
        for s in settings {
            w.write_record([&s.key, &s.value.to_string(), &s.source, &s.note])?;
        }
        w.flush()
    })
}

/// The changes as `wodds rules diff --format csv` writes them: `key`, `a`,
/// `b` (`(unset)` when not set), `a_source`, `b_source`.
pub fn diff_csv(changes: &[Change]) -> String {
    csv_text(|out| {
        let mut w = csv_writer(out);
        w.write_record(["key", "a", "b", "a_source", "b_source"])?;
        for c in changes {
            w.write_record([
                c.key.clone(),
                shown(c.a.as_ref()),
                shown(c.b.as_ref()),
                c.a_source.clone().unwrap_or_default(),
                c.b_source.clone().unwrap_or_default(),
            ])?;
        }
        w.flush()
    })
}
