//! The inputs of a report: the options, every scenario file read and
//! checked with the options applied, the editions it runs under, and the
//! list of every file read (with its sha256) for the manifest.

use std::path::{Path, PathBuf};

use wodds_rules::RuleSet;
use wodds_sim::conflict::Scenario;

use crate::error::ReportError;
use crate::manifest::{self, InputEntry};

/// The most trials a scenario may be given.
pub const MAX_TRIALS: u64 = 1_000_000_000;

/// What to report on, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// The scenario files.
    pub scenarios: Vec<PathBuf>,
    /// The report's directory.
    pub out: PathBuf,
    /// Trials an edition for every scenario (default: each scenario's).
    pub trials: Option<u64>,
    /// Seed of every scenario (default: each scenario's).
    pub seed: Option<u64>,
    /// Editions to use instead of the scenarios' (ids or house-rule paths).
    pub editions: Vec<String>,
    /// The edition the others are measured against (`--against`): the
    /// page then opens with what each other one changes ([`crate::compute::delta`]).
    pub against: Option<String>,
    /// Replace `out` even when it is not a report.
    pub force: bool,
    /// Only the tables and the manifest: no charts, no page (a lean
    /// baseline for `wodds check`, small enough to review in a diff).
    pub tables_only: bool,
}

impl Options {
    /// The command line that makes this report, for the manifest: the
    /// inputs as given, without `--out` (which changes nothing inside).
    pub fn command(&self) -> String {
        let mut c = String::from("wodds report");
        for s in &self.scenarios {
            c.push(' ');
            c.push_str(&s.display().to_string());
        }
        if let Some(t) = self.trials {
            c.push_str(&format!(" --trials {t}"));
        }
        if let Some(s) = self.seed {
            c.push_str(&format!(" --seed {s}"));
        }
        if !self.editions.is_empty() {
            c.push_str(&format!(" --editions {}", self.editions.join(",")));
        }
        if let Some(a) = &self.against {
            c.push_str(&format!(" --against {a}"));
        }
        if self.tables_only {
            c.push_str(" --tables-only");
        }
        c
    }
}

/// A file's name for an edition id (house-rule ids are paths).
pub(crate) fn slug(id: &str) -> String {
    let s: String = id
        .trim_end_matches(".toml")
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    let s = s.trim_matches('-').to_string();
    if s.is_empty() {
        "edition".to_string()
    } else {
        s
    }
}

/// Names a report gives its own files and folders: a scenario's folder
/// takes another.
const RESERVED: &[&str] = &["charts"];

/// A scenario read and checked.
pub(crate) struct Loaded {
    /// Its name in the report: its folder, the `scenario` column (the
    /// file's stem, made unique).
    pub(crate) slug: String,
    /// The file, as given.
    pub(crate) file: String,
    /// SHA-256 of the file's bytes.
    pub(crate) sha256: String,
    /// The scenario, the options applied.
    pub(crate) scenario: Scenario,
}

/// Reads every scenario and edition, applying the options.
pub(crate) fn load(opts: &Options) -> Result<(Vec<Loaded>, Vec<RuleSet>), ReportError> {
    if let Some(t) = opts.trials
        && !(1..=MAX_TRIALS).contains(&t)
    {
        return Err(ReportError::Flag {
            flag: "--trials",
            message: format!("{t} is outside the allowed range 1..={MAX_TRIALS}"),
        });
    }
    let mut overrides = opts
        .editions
        .iter()
        .map(|e| RuleSet::load(e))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|source| ReportError::Rules {
            context: "--editions".to_string(),
            source,
        })?;
    in_report_order(&mut overrides);
    for (i, e) in overrides.iter().enumerate() {
        if overrides[..i].iter().any(|o| o.id == e.id) {
            return Err(ReportError::Flag {
                flag: "--editions",
                message: format!("{} is given twice; give each edition once", e.id),
            });
        }
    }
    if opts.scenarios.is_empty() {
        return Err(ReportError::Flag {
            flag: "SCENARIOS",
            message: "no scenario files given".to_string(),
        });
    }
    let mut loaded: Vec<Loaded> = Vec::new();
    for path in &opts.scenarios {
        let mut scenario = Scenario::load(path).map_err(ReportError::Scenario)?;
        let bytes = std::fs::read(path).map_err(ReportError::io(path))?;
        if let Some(t) = opts.trials {
            scenario.trials = t;
        }
        if let Some(s) = opts.seed {
            scenario.seed = s;
        }
        if overrides.is_empty() {
            in_report_order(&mut scenario.editions);
        } else {
            scenario.editions = overrides.clone();
        }
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_default();
        let base = slug(&stem);
        let mut name = base.clone();
        let mut k = 2;
        // The report's own folder (`charts`) is never a scenario's.
        while loaded.iter().any(|l| l.slug == name) || RESERVED.contains(&name.as_str()) {
            name = format!("{base}-{k}");
            k += 1;
        }
        loaded.push(Loaded {
            slug: name,
            file: path.display().to_string(),
            sha256: manifest::sha256(&bytes),
            scenario,
        });
    }
    let editions = if overrides.is_empty() {
        let mut all: Vec<RuleSet> = Vec::new();
        for l in &loaded {
            for e in &l.scenario.editions {
                if !all.iter().any(|a| a.id == e.id) {
                    all.push(e.clone());
                }
            }
        }
        in_report_order(&mut all);
        all
    } else {
        overrides
    };
    Ok((loaded, editions))
}

/// The index in `editions` of the edition `--against` names, if given:
/// one of the report's editions, and not its only one.
pub(crate) fn against(opts: &Options, editions: &[RuleSet]) -> Result<Option<usize>, ReportError> {
    let Some(given) = &opts.against else {
        return Ok(None);
    };
    let ids: Vec<&str> = editions.iter().map(|e| e.id.as_str()).collect();
    let flag = |message: String| ReportError::Flag {
        flag: "--against",
        message,
    };
    let id = RuleSet::load(given)
        .map(|r| r.id)
        .unwrap_or_else(|_| given.clone());
    let Some(i) = ids.iter().position(|e| *e == id) else {
        return Err(flag(format!(
            "{given} is not one of the report's editions ({}); name one of them, or add it to --editions",
            ids.join(", ")
        )));
    };
    if ids.len() < 2 {
        return Err(flag(format!(
            "{given} is the report's only edition: give --editions a rule to compare with it"
        )));
    }
    Ok(Some(i))
}

/// Puts `editions` in the one order a report shows them everywhere: the
/// built-in editions as wodds lists them (revised, fta, uwod, hubris),
/// then house rules in the order given. Each edition plays from its own
/// random streams (seeded by its id), so the order changes no figure.
pub(crate) fn in_report_order(editions: &mut [RuleSet]) {
    editions.sort_by_key(|e| {
        wodds_rules::edition_ids()
            .position(|b| b == e.id)
            .unwrap_or(usize::MAX)
    });
}

/// Every file the report reads, with its sha256: the scenario files, then
/// the house-rule files of the editions (and the files they extend), each
/// once.
pub(crate) fn inputs(
    loaded: &[Loaded],
    editions: &[RuleSet],
) -> Result<Vec<InputEntry>, ReportError> {
    let mut out: Vec<InputEntry> = Vec::new();
    let mut add = |path: String, kind: &str| -> Result<(), ReportError> {
        if !out.iter().any(|i| i.path == path) {
            let (_, sha256) = crate::files::sha256(Path::new(&path), wodds_rules::MAX_FILE_BYTES)
                .map_err(ReportError::io(&path))?;
            out.push(InputEntry {
                sha256,
                path,
                kind: kind.to_string(),
            });
        }
        Ok(())
    };
    for l in loaded {
        add(l.file.clone(), "scenario")?;
    }
    let rules = editions
        .iter()
        .chain(loaded.iter().flat_map(|l| &l.scenario.editions));
    for r in rules {
        for f in r.files() {
            add(f.display().to_string(), "rules")?;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(editions: &[RuleSet]) -> Vec<&str> {
        editions.iter().map(|e| e.id.as_str()).collect()
    }

    fn options(scenario: &str, editions: &[&str]) -> Options {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        Options {
            scenarios: vec![root.join(scenario)],
            out: root.join("target/unused"),
            trials: None,
            seed: None,
            editions: editions
                .iter()
                .map(|e| {
                    if e.ends_with(".toml") {
                        root.join(e).display().to_string()
                    } else {
                        e.to_string()
                    }
                })
                .collect(),
            against: None,
            force: false,
            tables_only: false,
        }
    }

    /// police-pursuit.toml lists fta first; the report shows revised,
    /// fta, uwod, hubris all the same, in the scenario and overall.
    #[test]
    fn editions_keep_one_order_whatever_the_scenario_lists() {
        let (loaded, editions) = load(&options("scenarios/police-pursuit.toml", &[])).unwrap();
        let want = ["revised", "fta", "uwod", "hubris"];
        assert_eq!(ids(&loaded[0].scenario.editions), want);
        assert_eq!(ids(&editions), want);
    }

    /// `--editions` given out of order: the built-in ones in their order,
    /// then the house rules in the order given.
    #[test]
    fn editions_flag_is_put_in_report_order_house_rules_last() {
        let opts = options(
            "scenarios/brawl.toml",
            &[
                "docs/examples/ten-again.toml",
                "uwod",
                "docs/examples/our-table-next.toml",
                "revised",
            ],
        );
        let (loaded, editions) = load(&opts).unwrap();
        let got = ids(&editions);
        assert_eq!(&got[..2], ["revised", "uwod"]);
        assert!(got[2].ends_with("ten-again.toml"), "{got:?}");
        assert!(got[3].ends_with("our-table-next.toml"), "{got:?}");
        assert_eq!(ids(&loaded[0].scenario.editions), got);
    }
}
