//! `wodds check`: a report made again from its own manifest and compared
//! with it, so that a change to the rules (or to wodds) says which odds
//! moved and by how much.
//!
//! [`check`] opens the baseline ([`Baseline::open`]: its manifest is of
//! this wodds version and records what a re-run needs, and every file it
//! lists is there with its sha256), makes the report again with the same
//! scenario files, `--trials`, `--seed` and `--editions` (the files as
//! they are now), compares the two ([`compare`](crate::compare)), and says
//! which input files changed and, for each edition whose rules changed,
//! which settings ([`wodds_rules::diff`], as `wodds rules diff`). With
//! `update` the new report replaces the baseline whole (built beside it
//! and renamed into place, as `wodds report` does).

use std::path::{Path, PathBuf};

use serde::Serialize;
use wodds_rules::Setting;

use crate::compare::{Comparison, Results, Thresholds, compare};
use crate::compute::Options;
use crate::error::ReportError;
use crate::files;
use crate::manifest::{self, EditionEntry, Manifest, ScenarioEntry};
use crate::pipeline::build_as;
use crate::progress::Progress;
use crate::publish::{Scratch, inside};

/// What to check, against what.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckOptions {
    /// The baseline report's directory.
    pub baseline: PathBuf,
    /// The baseline's scenarios to check, by file or name (empty: all).
    pub scenarios: Vec<String>,
    /// When an estimate has moved.
    pub thresholds: Thresholds,
    /// Replace the baseline with the new report.
    pub update: bool,
}

/// A baseline report, checked and read.
#[derive(Debug, Clone)]
pub struct Baseline {
    /// Its directory.
    pub dir: PathBuf,
    /// Its manifest.
    pub manifest: Manifest,
    /// Its tables.
    pub results: Results,
}

impl Baseline {
    /// Opens the report in `dir` as a baseline: its manifest must be a
    /// wodds report's of this version, made by a wodds that records what
    /// `check` needs, and every file it lists must be there unaltered.
    /// Every error names the file at fault.
    pub fn open(dir: &Path) -> Result<Baseline, ReportError> {
        let manifest = read_manifest(dir)?;
        let path = dir.join("manifest.json");
        let bad = |message: String| ReportError::Baseline {
            path: path.clone(),
            message,
        };
        let again = format!("`{} --out {}`", manifest.command, dir.display());
        if manifest.overrides.is_none()
            || manifest.inputs.is_empty()
            || manifest.editions.iter().any(|e| e.settings.is_empty())
        {
            return Err(bad(format!(
                "made before `wodds check`: it does not record its inputs and settings; make it again with {again}"
            )));
        }
        check_files(dir, &manifest, &again)?;
        let results = Results::read(dir, &manifest)?;
        agrees(dir, &manifest, &results, &again)?;
        Ok(Baseline {
            dir: dir.to_path_buf(),
            manifest,
            results,
        })
    }
}

/// Where a baseline's paths start, and what it reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Project {
    /// The directory the baseline was made from, where the paths its
    /// manifest records start ([`Manifest::root`]); `None` for a report
    /// made before wodds recorded it. `wodds check` runs from there,
    /// wherever it is started.
    pub root: Option<PathBuf>,
    /// Every file a check reads: the input files (relative to `root`) and
    /// the baseline's own files. No output may be one of them.
    pub reads: Vec<PathBuf>,
}

/// The project of the baseline report in `dir` ([`Project`]).
pub fn project(dir: &Path) -> Result<Project, ReportError> {
    let manifest = read_manifest(dir)?;
    let root = manifest.root.as_ref().map(|r| dir.join(r));
    let from = root.clone().unwrap_or_default();
    let mut reads: Vec<PathBuf> = (manifest.inputs.iter())
        .map(|i| from.join(&i.path))
        .collect();
    reads.push(dir.join("manifest.json"));
    reads.extend(manifest.files.iter().map(|f| dir.join(&f.path)));
    Ok(Project { root, reads })
}

/// Reads the manifest of the report in `dir`: a directory, holding a
/// wodds report's manifest, of this version and format.
fn read_manifest(dir: &Path) -> Result<Manifest, ReportError> {
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => {}
        Ok(_) => {
            return Err(ReportError::Flag {
                flag: "--baseline",
                message: format!("{}: is a file, not a report directory", dir.display()),
            });
        }
        Err(e) => {
            return Err(ReportError::Flag {
                flag: "--baseline",
                message: format!("{}: {e}", dir.display()),
            });
        }
    }
    let path = dir.join("manifest.json");
    let bad = |message: String| ReportError::Baseline {
        path: path.clone(),
        message,
    };
    let text = match files::read_text(&path, files::MAX_MANIFEST_BYTES) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(bad(
                "missing: --baseline must be a report directory made by `wodds report`".to_string(),
            ));
        }
        Err(e) => return Err(bad(e.to_string())),
    };
    let value: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| bad(format!("not a wodds report manifest: {e}")))?;
    if value.get("format").and_then(|f| f.as_str()) != Some(manifest::FORMAT) {
        return Err(bad(format!(
            "not a wodds report manifest (its `format` is not \"{}\")",
            manifest::FORMAT
        )));
    }
    let version = value.get("wodds_version").and_then(|v| v.as_str());
    if version != Some(crate::manifest::VERSION) {
        let command = value.get("command").and_then(|c| c.as_str());
        return Err(bad(format!(
            "made by wodds {}, this is wodds {}: make the baseline again with this version{}",
            version.unwrap_or("(unknown)"),
            crate::manifest::VERSION,
            command.map_or(String::new(), |c| format!(
                " (`{c} --out {}`)",
                dir.display()
            ))
        )));
    }
    let manifest: Manifest = serde_json::from_value(value)
        .map_err(|e| bad(format!("not a wodds report manifest: {e}")))?;
    if manifest.format_version != 1 {
        return Err(bad(format!(
            "format_version {} is not 1, the one this wodds reads",
            manifest.format_version
        )));
    }
    Ok(manifest)
}

/// Holds every file `manifest` lists to its sha256: each inside the
/// report, there and unaltered (`again` is the command that makes the
/// baseline again).
fn check_files(dir: &Path, manifest: &Manifest, again: &str) -> Result<(), ReportError> {
    let path = dir.join("manifest.json");
    let bad = |message: String| ReportError::Baseline {
        path: path.clone(),
        message,
    };
    for f in &manifest.files {
        if !inside(&f.path) {
            return Err(bad(format!(
                "lists {}, which is not a path inside the report",
                f.path
            )));
        }
        let file = dir.join(&f.path);
        let sha = match files::sha256(&file, files::MAX_DATA_BYTES) {
            Ok((_, sha)) => sha,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(ReportError::Baseline {
                    path: file,
                    message: format!(
                        "missing from the baseline (manifest.json lists it): restore it, or make the baseline again with {again}"
                    ),
                });
            }
            Err(e) => return Err(ReportError::io(file)(e)),
        };
        if sha != f.sha256 {
            return Err(ReportError::Baseline {
                path: file,
                message: format!(
                    "altered since the baseline was made (its sha256 is not manifest.json's): restore it, or make the baseline again with {again}"
                ),
            });
        }
    }
    Ok(())
}

/// Holds the manifest to the tables it lists: each scenario's seed and
/// trials, and each edition's rules hash, are the ones its rows were made
/// with (a manifest edited by hand would make `check` run another report).
fn agrees(
    dir: &Path,
    manifest: &Manifest,
    results: &Results,
    again: &str,
) -> Result<(), ReportError> {
    for m in &results.metrics {
        let Some(s) = manifest.scenarios.iter().find(|s| s.name == m.scenario) else {
            continue;
        };
        let seed_differs = m.seed.is_some_and(|x| x != s.seed);
        let trials_differ = m.trials.is_some_and(|x| x != s.trials);
        let hash_differs = manifest
            .editions
            .iter()
            .find(|e| e.id == m.edition)
            .is_some_and(|e| e.rules_hash != m.rules_hash);
        if seed_differs || trials_differ || hash_differs {
            return Err(ReportError::Baseline {
                path: dir.join("manifest.json"),
                message: format!(
                    "says {} ran {} trials with seed {} under {}, but {}/summary.parquet was made with {}: the manifest was changed since the baseline was made; make it again with {again}",
                    s.name,
                    s.trials,
                    s.seed,
                    m.edition,
                    s.name,
                    match (seed_differs, trials_differ) {
                        (true, _) => format!("seed {}", m.seed.unwrap_or_default()),
                        (_, true) => format!("{} trials", m.trials.unwrap_or_default()),
                        _ => format!("rules hash {}", m.rules_hash),
                    }
                ),
            });
        }
    }
    Ok(())
}

/// An input file that changed since the baseline.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct InputChange {
    /// Its path.
    pub path: String,
    /// `scenario` or `rules`.
    pub kind: String,
    /// `changed`, `added` or `removed`.
    pub change: &'static str,
    /// Its sha256 in the baseline.
    pub old_sha256: Option<String>,
    /// Its sha256 now.
    pub new_sha256: Option<String>,
}

/// A setting whose value changed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SettingChange {
    /// Its dotted key.
    pub key: String,
    /// Its value in the baseline (`None`: unset).
    pub old: Option<toml::Value>,
    /// Its value now.
    pub new: Option<toml::Value>,
    /// Where the rules set it now, `file:line` (`ours.toml:9`), read from
    /// the rule file as it is; `None` for a built-in edition's setting or
    /// one no file sets.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

/// An edition whose rules changed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RulesChange {
    /// Its id.
    pub edition: String,
    /// Its rules hash in the baseline.
    pub old_hash: String,
    /// Its rules hash now.
    pub new_hash: String,
    /// The settings that differ, in key order.
    pub settings: Vec<SettingChange>,
}

/// What a check found.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Checked {
    /// The baseline's directory.
    pub baseline: PathBuf,
    /// The command that made it (and made the report again).
    pub command: String,
    /// The scenarios compared (their names).
    pub scenarios: Vec<String>,
    /// Each scenario compared with the editions it ran under, and then
    /// every edition (the single-roll and action tables): every figure
    /// the check compared, by where it is (`wodds check --format junit`
    /// makes a test case of each).
    #[serde(skip)]
    pub compared: Vec<(String, Vec<String>)>,
    /// The input files that changed.
    pub inputs: Vec<InputChange>,
    /// The editions whose rules changed, and how.
    pub rules: Vec<RulesChange>,
    /// The comparison.
    pub comparison: Comparison,
    /// Whether the new report is byte for byte the baseline (`None` when
    /// only some scenarios were checked).
    pub identical: Option<bool>,
    /// Whether the baseline was replaced by the new report.
    pub updated: bool,
    /// What to tell the user besides (the user's files kept in the
    /// baseline, leftovers of stopped runs removed).
    #[serde(skip)]
    pub notes: Vec<String>,
}

impl Checked {
    /// Whether something moved.
    pub fn moved(&self) -> bool {
        !self.comparison.is_clean()
    }
}

/// The baseline's scenarios `wanted` names (by file, as the manifest has
/// it or the same file by another path, or by name); all when empty.
fn choose<'a>(
    manifest: &'a Manifest,
    wanted: &[String],
) -> Result<Vec<&'a ScenarioEntry>, ReportError> {
    if wanted.is_empty() {
        return Ok(manifest.scenarios.iter().collect());
    }
    let mut out: Vec<&ScenarioEntry> = Vec::new();
    for w in wanted {
        let same_file =
            |e: &ScenarioEntry| match (std::fs::canonicalize(w), std::fs::canonicalize(&e.file)) {
                (Ok(a), Ok(b)) => a == b,
                _ => false,
            };
        let found = manifest
            .scenarios
            .iter()
            .find(|e| &e.file == w || &e.name == w)
            .or_else(|| manifest.scenarios.iter().find(|e| same_file(e)));
        match found {
            Some(e) => {
                if !out.iter().any(|o| o.name == e.name) {
                    out.push(e);
                }
            }
            None => {
                let names: Vec<&str> = manifest.scenarios.iter().map(|e| e.file.as_str()).collect();
                return Err(ReportError::Flag {
                    flag: "SCENARIOS",
                    message: format!(
                        "{w} is not a scenario of the baseline (it has {})",
                        names.join(", ")
                    ),
                });
            }
        }
    }
    Ok(out)
}

/// An edition's settings as the manifest records them.
fn settings(e: &EditionEntry) -> Vec<Setting> {
    e.settings
        .iter()
        .filter_map(|(k, v)| {
            Some(Setting {
                key: k.clone(),
                value: serde_json::from_value(v.clone()).ok()?,
                source: String::new(),
                note: String::new(),
            })
        })
        .collect()
}

/// The editions in both manifests whose rules hash differs, with the
/// settings that differ.
fn rules_changes(old: &Manifest, new: &Manifest) -> Vec<RulesChange> {
    new.editions
        .iter()
        .filter_map(|n| {
            let o = old.editions.iter().find(|o| o.id == n.id)?;
            if o.rules_hash == n.rules_hash {
                return None;
            }
            let (a, b) = (settings(o), settings(n));
            // The rule file as it is now says where each setting is set.
            let now = wodds_rules::RuleSet::load(&n.id)
                .map(|r| r.settings().to_vec())
                .unwrap_or_default();
            let source = |key: &str| {
                let s = now.iter().find(|s| s.key == key)?;
                (!s.source.is_empty() && !s.source.starts_with('<')).then(|| s.source.clone())
            };
            let settings = wodds_rules::diff(&a, &b)
                .into_iter()
                .map(|d| SettingChange {
                    key: d.key.to_string(),
                    old: d.a.cloned(),
                    new: d.b.cloned(),
                    source: source(d.key),
                })
                .collect();
            Some(RulesChange {
                edition: n.id.clone(),
                old_hash: o.rules_hash.clone(),
                new_hash: n.rules_hash.clone(),
                settings,
            })
        })
        .collect()
}

/// The input files that changed; files the new report no longer reads
/// only when `all` its scenarios were made again.
fn input_changes(old: &Manifest, new: &Manifest, all: bool) -> Vec<InputChange> {
    let mut out = Vec::new();
    for n in &new.inputs {
        match old.inputs.iter().find(|o| o.path == n.path) {
            Some(o) if o.sha256 == n.sha256 => {}
            o => out.push(InputChange {
                path: n.path.clone(),
                kind: n.kind.clone(),
                change: if o.is_some() { "changed" } else { "added" },
                old_sha256: o.map(|o| o.sha256.clone()),
                new_sha256: Some(n.sha256.clone()),
            }),
        }
    }
    if all {
        for o in &old.inputs {
            if !new.inputs.iter().any(|n| n.path == o.path) {
                out.push(InputChange {
                    path: o.path.clone(),
                    kind: o.kind.clone(),
                    change: "removed",
                    old_sha256: Some(o.sha256.clone()),
                    new_sha256: None,
                });
            }
        }
    }
    out
}

/// Checks the thresholds' ranges.
fn check_thresholds(t: &Thresholds) -> Result<(), ReportError> {
    if !(t.alpha > 0.0 && t.alpha < 1.0) {
        return Err(ReportError::Flag {
            flag: "--alpha",
            message: format!("{} is outside the allowed range (0, 1)", t.alpha),
        });
    }
    if !(t.min_effect.is_finite() && t.min_effect >= 0.0) {
        return Err(ReportError::Flag {
            flag: "--min-effect",
            message: format!("{} is not a size of 0 or more", t.min_effect),
        });
    }
    Ok(())
}

/// Makes the baseline's report again and compares it with the baseline.
/// Nothing is written unless `update` (then the baseline is replaced whole,
/// once the new report is complete); on any error the baseline is as it
/// was.
pub fn check(opts: &CheckOptions, progress: &dyn Progress) -> Result<Checked, ReportError> {
    check_thresholds(&opts.thresholds)?;
    if opts.update && !opts.scenarios.is_empty() {
        return Err(ReportError::Flag {
            flag: "--update",
            message: "rewrites the whole baseline: give it no SCENARIOS".to_string(),
        });
    }
    let base = Baseline::open(&opts.baseline)?;
    let chosen = choose(&base.manifest, &opts.scenarios)?;
    let all = opts.scenarios.is_empty();
    let overrides = base.manifest.overrides.clone().unwrap_or_default();
    // Without --update the new report goes to a scratch directory, gone
    // when this returns (or on Ctrl-C, or at the next check if killed).
    let scratch = if opts.update {
        None
    } else {
        Some(Scratch::new().map_err(ReportError::io(std::env::temp_dir()))?)
    };
    let out = match &scratch {
        Some(t) => t.path().join("report"),
        None => opts.baseline.clone(),
    };
    let run = Options {
        scenarios: chosen.iter().map(|e| PathBuf::from(&e.file)).collect(),
        out,
        trials: overrides.trials,
        seed: overrides.seed,
        editions: overrides.editions.clone(),
        against: overrides.against.clone(),
        force: false,
        tables_only: overrides.tables_only,
    };
    let written = build_as(&run, "--baseline", progress)?;
    let mut new = Results::read(&written.out, &written.manifest)?;
    let mut old = base.results;
    if !all {
        // The new report names its scenarios afresh: map them to the
        // baseline's names by file.
        let rename: Vec<(String, String)> = written
            .manifest
            .scenarios
            .iter()
            .zip(&chosen)
            .map(|(n, o)| (n.name.clone(), o.name.clone()))
            .collect();
        let renamed = |s: &mut String| {
            if let Some((_, o)) = rename.iter().find(|(n, _)| n == s) {
                *s = o.clone();
            }
        };
        new.metrics
            .iter_mut()
            .for_each(|m| renamed(&mut m.scenario));
        new.buckets
            .iter_mut()
            .for_each(|b| renamed(&mut b.scenario));
        let keep = |s: &String| chosen.iter().any(|e| &e.name == s);
        old.metrics.retain(|m| keep(&m.scenario));
        old.buckets.retain(|b| keep(&b.scenario));
        let editions: Vec<&str> = written
            .manifest
            .editions
            .iter()
            .map(|e| e.id.as_str())
            .collect();
        old.cells.retain(|c| editions.contains(&c.edition.as_str()));
        new.cells
            .retain(|c| base.manifest.editions.iter().any(|e| e.id == c.edition));
    }
    let comparison = compare(&old, &new, &opts.thresholds);
    Ok(Checked {
        baseline: opts.baseline.clone(),
        command: base.manifest.command.clone(),
        scenarios: chosen.iter().map(|e| e.name.clone()).collect(),
        compared: (chosen.iter())
            .map(|e| (e.name.clone(), e.editions.clone()))
            .chain(["odds", "actions"].map(|t| {
                let ids = base.manifest.editions.iter().map(|e| e.id.clone());
                (t.to_string(), ids.collect())
            }))
            .collect(),
        inputs: input_changes(&base.manifest, &written.manifest, all),
        rules: rules_changes(&base.manifest, &written.manifest),
        comparison,
        identical: all.then(|| written.manifest.files == base.manifest.files),
        updated: opts.update,
        notes: scratch
            .iter()
            .flat_map(|s| s.notes.iter().cloned())
            .chain(written.notes.iter().cloned())
            .collect(),
    })
}
