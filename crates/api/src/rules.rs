//! A rule set's settings, and the settings two rule sets differ in: what
//! `wodds rules show` and `wodds rules diff` print.

use serde::Serialize;
use wodds_rules::{RuleSet, Setting};

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
