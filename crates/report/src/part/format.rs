//! A part's format and its writing: the tallies table's schema, the
//! manifest, and the part put in place whole.

use std::path::{Path, PathBuf};

use polars::prelude::*;
use serde::{Deserialize, Serialize};
use wodds_rules::RuleSet;
use wodds_sim::conflict::{Scenario, Shard, Tally};

use crate::error::ReportError;
use crate::manifest::{self, EditionEntry, FileEntry, VERSION};
use crate::publish::{Dest, Kind, Staged, Target};
use crate::tables::{self, Col, ColType};

/// The `format` a part's manifest carries.
pub const FORMAT: &str = manifest::PART_FORMAT;

/// The version of the part's layout.
pub const FORMAT_VERSION: u32 = 1;

/// The part's table of tallies.
pub const TALLIES_FILE: &str = "tallies.parquet";

/// `tallies.parquet`: one row per count that is not 0.
pub const TALLIES: &[Col] = &[
    Col {
        name: "scenario",
        ty: ColType::Str,
        nullable: false,
    },
    Col {
        name: "edition",
        ty: ColType::Str,
        nullable: false,
    },
    Col {
        name: "field",
        ty: ColType::Str,
        nullable: false,
    },
    Col {
        name: "index",
        ty: ColType::U32,
        nullable: false,
    },
    Col {
        name: "value",
        ty: ColType::I32,
        nullable: false,
    },
    Col {
        name: "count",
        ty: ColType::U64,
        nullable: false,
    },
    Col {
        name: "shard",
        ty: ColType::U64,
        nullable: false,
    },
    Col {
        name: "seed",
        ty: ColType::U64,
        nullable: false,
    },
    Col {
        name: "trials",
        ty: ColType::U64,
        nullable: false,
    },
];

/// What the parts make once merged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PartOf {
    /// A report directory, as `wodds report` writes it.
    Report,
    /// What `wodds run` prints.
    Run,
}

impl PartOf {
    /// The command whose parts these are.
    pub fn command(self) -> &'static str {
        match self {
            PartOf::Report => "wodds report",
            PartOf::Run => "wodds run",
        }
    }
}

/// A shard in a manifest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShardEntry {
    /// Its index, from 0.
    pub index: u64,
    /// How many shards the run is split into.
    pub count: u64,
}

impl From<Shard> for ShardEntry {
    fn from(s: Shard) -> Self {
        ShardEntry {
            index: s.index(),
            count: s.count(),
        }
    }
}

/// The inputs as given on the command line (the scenarios' paths as
/// typed): `wodds merge` reads them again, from the directory the shards
/// ran in, and holds them to the manifest's checksums and hashes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Inputs {
    /// The scenario files.
    pub scenarios: Vec<String>,
    /// `--trials`, if given.
    pub trials: Option<u64>,
    /// `--seed`, if given.
    pub seed: Option<u64>,
    /// `--editions`, if given.
    pub editions: Vec<String>,
    /// `--sampler` (`wodds run` only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sampler: Option<String>,
}

/// An edition a scenario ran under, with its rules hash.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartEdition {
    /// Its id (a house rule's is its path).
    pub id: String,
    /// Its rules hash.
    pub rules_hash: String,
}

impl PartEdition {
    /// The entry of the edition `rules`.
    pub fn of(rules: &RuleSet) -> PartEdition {
        PartEdition {
            id: rules.id.clone(),
            rules_hash: rules.hash().to_string(),
        }
    }
}

/// A scenario in a part's manifest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartScenario {
    /// Its name in the tallies (a report's folder for it).
    pub name: String,
    /// The file it was read from, as given.
    pub file: String,
    /// SHA-256 of the file's bytes.
    pub sha256: String,
    /// Trials an edition (of the whole run, not the shard's share).
    pub trials: u64,
    /// Its seed.
    pub seed: u64,
    /// The editions it ran under.
    pub editions: Vec<PartEdition>,
}

impl PartScenario {
    /// The entry of `scenario`, named `name` in the tallies and read from
    /// `file` (as given), whose bytes have the sha256 `sha256`.
    pub fn new(name: String, file: String, sha256: String, scenario: &Scenario) -> PartScenario {
        PartScenario {
            name,
            file,
            sha256,
            trials: scenario.trials,
            seed: scenario.seed,
            editions: scenario.editions.iter().map(PartEdition::of).collect(),
        }
    }
}

/// A part's `manifest.json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartManifest {
    /// Always [`FORMAT`].
    pub format: String,
    /// The layout's version ([`FORMAT_VERSION`]).
    pub format_version: u32,
    /// The wodds version that made it.
    pub wodds_version: String,
    /// What the parts make once merged.
    pub of: PartOf,
    /// The command that makes the merged result in one go, as it would be
    /// typed (without `--shard` and where the output goes).
    pub command: String,
    /// This part's shard.
    pub shard: ShardEntry,
    /// The inputs as given.
    pub inputs: Inputs,
    /// Every edition used, with its rules hash.
    pub editions: Vec<EditionEntry>,
    /// Every scenario.
    pub scenarios: Vec<PartScenario>,
    /// Every file of the part but this one.
    pub files: Vec<FileEntry>,
}

impl PartManifest {
    /// A part's manifest, its files still to fill in.
    pub fn new(
        of: PartOf,
        command: String,
        shard: Shard,
        inputs: Inputs,
        editions: Vec<EditionEntry>,
        scenarios: Vec<PartScenario>,
    ) -> PartManifest {
        PartManifest {
            format: FORMAT.to_string(),
            format_version: FORMAT_VERSION,
            wodds_version: VERSION.to_string(),
            of,
            command,
            shard: shard.into(),
            inputs,
            editions,
            scenarios,
            files: Vec::new(),
        }
    }
}

/// A scenario-edition's tally, as a part holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartTally {
    /// The scenario's name ([`PartScenario::name`]).
    pub scenario: String,
    /// The edition's id.
    pub edition: String,
    /// The shard's tally.
    pub tally: Tally,
}

/// The tallies as a DataFrame of [`TALLIES`], each row with the shard,
/// seed and trials of `manifest`'s scenario.
pub fn tallies_frame(tallies: &[PartTally], manifest: &PartManifest) -> PolarsResult<DataFrame> {
    let mut scenario = Vec::new();
    let mut edition = Vec::new();
    let mut field = Vec::new();
    let mut index = Vec::new();
    let mut value = Vec::new();
    let mut count = Vec::new();
    let mut seed = Vec::new();
    let mut trials = Vec::new();
    for t in tallies {
        let of = manifest.scenarios.iter().find(|s| s.name == t.scenario);
        for c in t.tally.cells() {
            scenario.push(t.scenario.as_str());
            edition.push(t.edition.as_str());
            field.push(c.field.name());
            index.push(c.index);
            value.push(c.value);
            count.push(c.count);
            seed.push(of.map_or(0, |s| s.seed));
            trials.push(of.map_or(0, |s| s.trials));
        }
    }
    let height = count.len();
    DataFrame::new(
        height,
        vec![
            Column::new("scenario".into(), scenario),
            Column::new("edition".into(), edition),
            Column::new("field".into(), field),
            Column::new("index".into(), index),
            Column::new("value".into(), value),
            Column::new("count".into(), count),
            Column::new("shard".into(), vec![manifest.shard.index; height]),
            Column::new("seed".into(), seed),
            Column::new("trials".into(), trials),
        ],
    )
}

/// A part being written: a temporary directory beside `out`, made
/// before the shard's work so that an unwritable `out` fails first.
pub struct PartDir {
    staged: Staged,
}

impl PartDir {
    /// Checks `out` before any work ([`Target::prepare`]: a part there is
    /// replaced, wodds's files only; anything else is refused unless
    /// `force`, and an `out` that is, holds or lies inside one of `inputs`
    /// always; `flag` names it in errors) and makes the temporary
    /// directory beside it.
    pub fn stage(
        out: &Path,
        force: bool,
        flag: &'static str,
        inputs: &[PathBuf],
    ) -> Result<PartDir, ReportError> {
        let planned = [TALLIES_FILE.to_string(), "manifest.json".to_string()];
        Ok(PartDir {
            staged: Target::prepare(&Dest {
                out,
                kind: Kind::Part,
                flag,
                force,
                inputs,
                planned: &planned,
            })?,
        })
    }

    /// Writes the part (`tallies.parquet`, then `manifest.json` with its
    /// sha256) and puts it in place whole. Returns the manifest written
    /// and what to tell the user (the user's files kept).
    pub fn write(
        self,
        mut manifest: PartManifest,
        tallies: &[PartTally],
    ) -> Result<(PartManifest, Vec<String>), ReportError> {
        let dir = self.staged.path().to_path_buf();
        let path = dir.join(TALLIES_FILE);
        let mut df = tallies_frame(tallies, &manifest).map_err(|e| ReportError::Table {
            path: path.clone(),
            message: e.to_string(),
        })?;
        let bytes = tables::write_parquet(&mut df, &path)?;
        manifest.files = vec![FileEntry::of(
            TALLIES_FILE,
            &bytes,
            Some(df.height() as u64),
        )];
        let mut json = serde_json::to_string_pretty(&manifest).expect("a manifest serializes");
        json.push('\n');
        crate::files::write(&dir.join("manifest.json"), json.as_bytes())?;
        let mut notes = self.staged.notes.clone();
        notes.extend(self.staged.publish(&manifest.files)?.notes);
        Ok((manifest, notes))
    }
}
