//! `manifest.json`: what made a report and what it holds. Nothing in it
//! depends on the machine, the time or the thread count, so the same
//! inputs and seed give the same bytes.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The `format` a report's manifest carries: how a report directory is
/// told from any other.
pub const FORMAT: &str = "wodds-report";

/// The `format` a shard's part's manifest carries.
pub const PART_FORMAT: &str = "wodds-part";

/// The `format` of a sweep's manifest.
pub const SWEEP_FORMAT: &str = "wodds-sweep";

/// The wodds version every manifest and every table's rows carry.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// A report's manifest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// Always [`FORMAT`].
    pub format: String,
    /// The layout's version (1).
    pub format_version: u32,
    /// The wodds version that made it.
    pub wodds_version: String,
    /// The command that made it, as it would be typed (without `--out`,
    /// `--force` and `--quiet`, which change nothing in it).
    pub command: String,
    /// Every edition used, with its rules hash.
    pub editions: Vec<EditionEntry>,
    /// Every scenario, with its trials and seed.
    pub scenarios: Vec<ScenarioEntry>,
    /// Every file of the report but this one.
    pub files: Vec<FileEntry>,
    /// The flags that overrode every scenario's own (`--trials`, `--seed`,
    /// `--editions`), so that `wodds check` can make the report again;
    /// absent from reports made before `wodds check`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overrides: Option<Overrides>,
    /// Every input file read (the scenarios, the house-rule files and the
    /// files they extend), with its sha256, so that `wodds check` can say
    /// which changed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub inputs: Vec<InputEntry>,
    /// The directory the report was made from, where the relative paths
    /// of its command, scenarios and inputs start: relative to the
    /// report's own directory, `/`-separated (`..` for a report made with
    /// `--out baseline`), so that `wodds check` runs from anywhere and
    /// the report can move with its project; absent from reports made
    /// before it was recorded (then `wodds check` reads the paths from
    /// the directory it runs in).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub root: Option<String>,
}

/// The flags a report was made with that override every scenario's own.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Overrides {
    /// `--trials`, if given.
    pub trials: Option<u64>,
    /// `--seed`, if given.
    pub seed: Option<u64>,
    /// `--editions`, as given (empty: each scenario's own).
    pub editions: Vec<String>,
    /// `--against`, if given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub against: Option<String>,
    /// `--tables-only`: the report holds its tables and manifest only.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub tables_only: bool,
}

/// An input file of a report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InputEntry {
    /// Its path, as the report read it.
    pub path: String,
    /// `scenario` or `rules`.
    pub kind: String,
    /// SHA-256 of its bytes, in hex.
    pub sha256: String,
}

/// An edition in a manifest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EditionEntry {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its rules hash.
    pub rules_hash: String,
    /// Its standard difficulty (in its own terms).
    pub standard_difficulty: i32,
    /// Every setting's value by its dotted key (as `wodds rules show`
    /// lists them), so that `wodds check` can say which settings a changed
    /// rule file changed; absent from reports made before `wodds check`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub settings: BTreeMap<String, serde_json::Value>,
}

impl EditionEntry {
    /// The entry of the edition `rules`.
    pub fn of(rules: &wodds_rules::RuleSet) -> EditionEntry {
        EditionEntry {
            id: rules.id.clone(),
            name: rules.name.clone(),
            rules_hash: rules.hash().to_string(),
            standard_difficulty: rules.dice.standard_difficulty,
            settings: settings_of(rules),
        }
    }
}

/// A scenario in a manifest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScenarioEntry {
    /// Its folder and `scenario` column.
    pub name: String,
    /// The file it was read from.
    pub file: String,
    /// Its title.
    pub title: String,
    /// Its kind.
    pub kind: String,
    /// Trials an edition.
    pub trials: u64,
    /// Its seed.
    pub seed: u64,
    /// The editions it ran under.
    pub editions: Vec<String>,
}

/// A file in a manifest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileEntry {
    /// Its path in the report, `/`-separated.
    pub path: String,
    /// Rows, for a table (Parquet, or the CSV beside it).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub rows: Option<u64>,
    /// Its size in bytes (absent from manifests made before wodds listed
    /// sizes).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub size: Option<u64>,
    /// SHA-256 of its bytes, in hex.
    pub sha256: String,
}

impl FileEntry {
    /// The entry of a file at `path` (`/`-separated, in the directory)
    /// holding `bytes`, with `rows` for a table.
    pub fn of(path: impl Into<String>, bytes: &[u8], rows: Option<u64>) -> FileEntry {
        FileEntry {
            path: path.into(),
            rows,
            size: Some(bytes.len() as u64),
            sha256: sha256(bytes),
        }
    }
}

/// Where a report written to `out` was made from (the working
/// directory), relative to `out` and `/`-separated, as
/// [`Manifest::root`] records it: `..` for `--out baseline`, `../..` for
/// `--out reports/base`. `None` when either cannot be told (a working
/// directory gone, or `out` on another drive).
pub fn root_of(out: &std::path::Path) -> Option<String> {
    let cwd = std::env::current_dir().ok()?.canonicalize().ok()?;
    let out = std::path::absolute(out).ok()?;
    // `out` may not exist yet: its parent does.
    let out = match (out.parent(), out.file_name()) {
        (Some(p), Some(name)) => p.canonicalize().ok()?.join(name),
        _ => out.canonicalize().ok()?,
    };
    let rel = pathdiff::diff_paths(&cwd, &out)?;
    let parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_str().map(str::to_string))
        .collect::<Option<_>>()?;
    Some(if parts.is_empty() {
        ".".to_string()
    } else {
        parts.join("/")
    })
}

/// SHA-256 of `bytes` in hex.
pub fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Every setting of `rules` by its dotted key, as [`EditionEntry::settings`]
/// holds them.
pub fn settings_of(rules: &wodds_rules::RuleSet) -> BTreeMap<String, serde_json::Value> {
    rules
        .settings()
        .iter()
        .map(|s| {
            let v = serde_json::to_value(&s.value).expect("a TOML value is JSON");
            (s.key.clone(), v)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SHA-256 of "abc", from FIPS 180-2's example.
    #[test]
    fn sha256_of_abc() {
        assert_eq!(
            sha256(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
