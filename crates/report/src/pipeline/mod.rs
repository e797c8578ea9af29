//! The orchestrator: a report built by calling the stages in order,
//! each handing its results to the next, nothing read back.
//!
//! 1. compute ([`crate::compute`]): the inputs read and checked, the
//!    output directory prepared ([`publish`]) before any work, the
//!    engines and round chains built, the exact tables, each scenario's
//!    conflicts played (or their tallies added up from shards' parts),
//!    what a dot is worth;
//! 2. tables ([`tables`]): the rows as Parquet;
//! 3. charts ([`charts`]): the charts planned, drawn and written;
//! 4. page ([`page`]): `index.html`;
//! 5. publish ([`publish`]): `manifest.json`, and the directory put in
//!    place whole.
//!
//! [`shard::build_part`] is the shard's half of the same pipeline: it
//! stops after playing its share and writes the tallies as a part
//! ([`crate::part`]); [`merge`] takes the parts' tallies in place of
//! playing.

pub mod shard;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use wodds_rules::RuleSet;
use wodds_sim::conflict::{Sampling, Scenario};

use crate::charts::palette::Palette;
use crate::charts::{self, Drawn};
use crate::compute::delta::{self, Delta, Play};
use crate::compute::fights::{self, Source};
use crate::compute::inputs::{self, Loaded};
use crate::compute::{Computed, Options, dots, section, single};
use crate::error::ReportError;
use crate::files;
use crate::manifest::{
    self, EditionEntry, FileEntry, InputEntry, Manifest, Overrides, ScenarioEntry, VERSION,
};
use crate::page;
use crate::part::{PartOf, PartScenario, Parts};
use crate::progress::{FIGHT_UNITS, PAGE_UNITS, Progress, SCENARIO_UNITS, TABLE_UNITS};
use crate::publish::{self, Kind, Target};
use crate::tables;

/// Time spent in each part of a report.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Timings {
    /// Reading scenarios and editions, building engines and round chains.
    pub setup: Duration,
    /// The exact single-roll and extended-action tables.
    pub exact: Duration,
    /// Playing the fights, chases and grapples.
    pub fights: Duration,
    /// What a dot is worth: a round chain for every trait raised.
    pub dots: Duration,
    /// What each rule changes against `--against`'s edition: the grid,
    /// the actions table and every scenario under both, played again.
    pub changes: Duration,
    /// Building DataFrames and writing Parquet.
    pub parquet: Duration,
    /// Drawing the charts (SVG and PNG) and writing them.
    pub charts: Duration,
    /// The page and the manifest.
    pub page: Duration,
    /// The whole report.
    pub total: Duration,
}

/// A report written.
#[derive(Debug, Clone)]
pub struct Written {
    /// Its directory.
    pub out: PathBuf,
    /// Its page.
    pub index: PathBuf,
    /// Its manifest.
    pub manifest: Manifest,
    /// Where the time went.
    pub timings: Timings,
    /// What to tell the user besides: the user's files kept in `out`,
    /// directories that stopped runs left and were removed.
    pub notes: Vec<String>,
    /// What each rule changes against `--against`'s edition (empty
    /// without one).
    pub changes: Vec<Delta>,
}

/// Builds the report `opts` asks for.
pub fn build(opts: &Options, progress: &dyn Progress) -> Result<Written, ReportError> {
    report(opts, None, "--out", progress)
}

/// Builds the report `opts` asks for at `opts.out`, a baseline named by
/// `flag` in errors (`wodds check --update`).
pub(crate) fn build_as(
    opts: &Options,
    flag: &'static str,
    progress: &dyn Progress,
) -> Result<Written, ReportError> {
    report(opts, None, flag, progress)
}

/// Merges shards' parts of `wodds report` into the report the command
/// they name writes in one go, at `out` (replaced if it is a report;
/// anything else there is refused unless `force`): the same bytes, file
/// for file. The scenario files and editions are read again, from where
/// the command names them, and must be the ones the shards read.
pub fn merge(
    parts: &Parts,
    out: &Path,
    force: bool,
    progress: &dyn Progress,
) -> Result<Written, ReportError> {
    let m = &parts.manifest;
    let from = parts.dirs[0].join("manifest.json");
    if m.of != PartOf::Report {
        return Err(ReportError::Part {
            path: from,
            message: format!("a part of `{}`, not of `wodds report`", m.of.command()),
        });
    }
    let opts = Options {
        scenarios: m.inputs.scenarios.iter().map(PathBuf::from).collect(),
        out: out.to_path_buf(),
        trials: m.inputs.trials,
        seed: m.inputs.seed,
        editions: m.inputs.editions.clone(),
        against: None,
        force,
        tables_only: false,
    };
    if opts.command() != m.command || m.inputs.sampler.is_some() {
        return Err(ReportError::Part {
            path: from,
            message: format!(
                "its command `{}` is not what its inputs say (`{}`)",
                m.command,
                opts.command()
            ),
        });
    }
    report(&opts, Some(parts), "--out", progress)
}

/// Runs `f`, adding the time it takes to `slot`.
fn timed<T>(slot: &mut Duration, f: impl FnOnce() -> T) -> T {
    let t = Instant::now();
    let out = f();
    *slot += t.elapsed();
    out
}

/// Builds a report, its fights played or, from `parts`, added up.
fn report(
    opts: &Options,
    parts: Option<&Parts>,
    flag: &'static str,
    progress: &dyn Progress,
) -> Result<Written, ReportError> {
    let start = Instant::now();
    let mut timings = Timings::default();
    let (loaded, editions) = inputs::load(opts)?;
    let base = inputs::against(opts, &editions)?;
    if let Some(parts) = parts {
        parts.check_inputs(&part_scenarios(&loaded), &edition_entries(&editions))?;
    }
    let inputs = inputs::inputs(&loaded, &editions)?;
    let staging = stage(opts, &loaded, &inputs, parts, flag)?;
    let palette = Palette::new(editions.iter().map(|e| e.id.as_str()));
    progress.start(units(&loaded, &editions));

    // Compute: every engine compiled first, so that bad input fails
    // before any work.
    timed(&mut timings.setup, || fights::compile_all(&loaded))?;
    let (odds, actions) = timed(&mut timings.exact, || single::tables(&editions, progress))?;
    let source = parts.map_or(Source::Play, |p| Source::Tallied(p));
    // Then a scenario at a time: its engines and round chains, its
    // conflicts, and the exact chances What is a dot worth starts from;
    // its chains and outcome tables are dropped before the next
    // scenario's are built (every scenario's held at once were the
    // report's peak memory), and what a dot is worth builds its own.
    let mut sections = Vec::with_capacity(loaded.len());
    let mut bases = Vec::with_capacity(loaded.len());
    for l in &loaded {
        progress.message(&format!("{}: building engines and round chains", l.slug));
        let engines = timed(&mut timings.setup, || fights::engines(&l.scenario, &l.file))?;
        let section = timed(&mut timings.fights, || {
            fights::section_of(l, &engines, source, progress)
        })?;
        sections.push(section);
        bases.push(dots::bases(&engines));
    }
    wodds_sim::conflict::forget_compiled_rolls();
    progress.message("what a dot is worth");
    let (dots, dots_left) = timed(&mut timings.dots, || dots::all(&loaded, &bases));
    let changes = timed(&mut timings.changes, || {
        changes_against(base, &editions, &loaded, progress)
    })?;
    let computed = Computed {
        odds,
        actions,
        sections,
        dots,
        dots_left,
        changes,
    };

    let mut out = Out::new(staging.path());
    timed(&mut timings.parquet, || out.tables(&computed, progress))?;

    // A lean report (--tables-only) has no charts and no page.
    let pictures = !opts.tables_only;
    progress.message("charts");
    let drawn = timed(&mut timings.charts, || -> Result<_, ReportError> {
        if !pictures {
            return Ok(Vec::new());
        }
        let drawn = charts::draw(charts::plan(&editions, &computed, &palette))?;
        out.charts(&drawn)?;
        Ok(drawn)
    })?;
    progress.advance(TABLE_UNITS + SCENARIO_UNITS.div_ceil(2) * computed.sections.len() as u64);

    progress.message("index.html");
    let manifest = timed(&mut timings.page, || -> Result<_, ReportError> {
        if pictures {
            let page = page::page(
                opts.command(),
                &editions,
                &loaded,
                &computed,
                &palette,
                &drawn,
            );
            out.file("index.html", page::render(&page)?.as_bytes(), None)?;
        }
        let manifest = report_manifest(opts, &loaded, &editions, inputs, out.files);
        let mut json = serde_json::to_string_pretty(&manifest).expect("a manifest serializes");
        json.push('\n');
        files::write(&staging.path().join("manifest.json"), json.as_bytes())?;
        Ok(manifest)
    })?;

    let mut notes = staging.notes.clone();
    notes.extend(staging.publish(&manifest.files)?.notes);
    progress.advance(PAGE_UNITS);
    timings.total = start.elapsed();
    Ok(Written {
        out: opts.out.clone(),
        index: opts.out.join("index.html"),
        manifest,
        timings,
        notes,
        changes: computed.changes,
    })
}

/// What each edition changes against the one at `base` (`--against`),
/// in the report's order: the single roll, the actions table and every
/// scenario that plays both, exact from both round chains where it can,
/// else both played on the same random numbers with the scenario's trials
/// and seed.
fn changes_against(
    base: Option<usize>,
    editions: &[RuleSet],
    loaded: &[Loaded],
    progress: &dyn Progress,
) -> Result<Vec<Delta>, ReportError> {
    let Some(b) = base else {
        return Ok(Vec::new());
    };
    let base = &editions[b];
    let play = Play {
        trials: None,
        seed: None,
        sampling: Sampling::Round,
    };
    let has = |l: &Loaded, id: &str| l.scenario.editions.iter().any(|e| e.id == id);
    (editions.iter().enumerate())
        .filter(|&(i, _)| i != b)
        .map(|(_, rule)| {
            let scenarios: Vec<(String, Scenario)> = (loaded.iter())
                .filter(|l| has(l, &base.id) && has(l, &rule.id))
                .map(|l| (l.slug.clone(), l.scenario.clone()))
                .collect();
            delta::delta(base, rule, &scenarios, play, progress)
        })
        .collect()
}

/// Checks `opts.out` before any work and makes the temporary directory
/// beside it ([`Target::prepare`]): what the report reads (its `inputs`,
/// the `parts` merged) it may not replace, and what it will write is
/// listed.
fn stage(
    opts: &Options,
    loaded: &[Loaded],
    inputs: &[InputEntry],
    parts: Option<&Parts>,
    flag: &'static str,
) -> Result<publish::Staged, ReportError> {
    let mut read: Vec<PathBuf> = inputs.iter().map(|i| PathBuf::from(&i.path)).collect();
    if let Some(parts) = parts {
        read.extend(parts.dirs.iter().cloned());
    }
    let mut planned: Vec<String> = ["manifest.json", "odds.parquet", "actions.parquet"]
        .map(String::from)
        .to_vec();
    if !opts.tables_only {
        planned.push("index.html".to_string());
    }
    if opts.against.is_some() {
        planned.push("changes.parquet".to_string());
    }
    for l in loaded {
        planned.push(format!("{}/summary.parquet", l.slug));
        planned.push(format!("{}/distributions.parquet", l.slug));
    }
    let csv: Vec<String> = (planned.iter())
        .filter(|p| p.ends_with(".parquet"))
        .map(|p| tables::csv_beside(p))
        .collect();
    planned.extend(csv);
    Target::prepare(&publish::Dest {
        out: &opts.out,
        kind: Kind::Report,
        flag,
        force: opts.force,
        inputs: &read,
        planned: &planned,
    })
}

/// The progress units of a whole report.
fn units(loaded: &[Loaded], editions: &[RuleSet]) -> u64 {
    let scenario_editions: u64 = loaded
        .iter()
        .map(|l| l.scenario.editions.len() as u64)
        .sum();
    TABLE_UNITS * editions.len() as u64
        + FIGHT_UNITS * scenario_editions
        + SCENARIO_UNITS * loaded.len() as u64
        + TABLE_UNITS
        + PAGE_UNITS
}

/// The files written into a report's temporary directory, listed for its
/// manifest.
struct Out<'a> {
    dir: &'a Path,
    files: Vec<FileEntry>,
}

impl<'a> Out<'a> {
    fn new(dir: &'a Path) -> Self {
        Out {
            dir,
            files: Vec::new(),
        }
    }

    /// Writes `bytes` at `rel` (`/`-separated), a table of `rows` rows.
    fn file(&mut self, rel: &str, bytes: &[u8], rows: Option<u64>) -> Result<(), ReportError> {
        files::write(&self.dir.join(rel), bytes)?;
        self.files.push(FileEntry::of(rel, bytes, rows));
        Ok(())
    }

    /// Builds a table's DataFrame and writes it as Parquet at `rel` and
    /// as CSV beside it (`rel` ending `.csv`), both listed with their
    /// rows.
    fn table(
        &mut self,
        rel: &str,
        frame: polars::prelude::PolarsResult<polars::prelude::DataFrame>,
    ) -> Result<(), ReportError> {
        let path = self.dir.join(rel);
        let failed = |e: polars::prelude::PolarsError| ReportError::Table {
            path: path.clone(),
            message: e.to_string(),
        };
        let mut df = frame.map_err(failed)?;
        let bytes = tables::write_parquet(&mut df, &path)?;
        let rows = Some(df.height() as u64);
        self.files.push(FileEntry::of(rel, &bytes, rows));
        let csv = tables::csv_bytes(&df).map_err(failed)?;
        self.file(&tables::csv_beside(rel), &csv, rows)
    }

    /// A folder at `rel`.
    fn dir(&self, rel: &str) -> Result<(), ReportError> {
        let path = self.dir.join(rel);
        std::fs::create_dir(&path).map_err(ReportError::io(path))
    }

    /// Every table of the report: the exact tables, each scenario's
    /// summary and distributions in its folder, and what a dot is worth.
    fn tables(&mut self, c: &Computed, progress: &dyn Progress) -> Result<(), ReportError> {
        self.table("odds.parquet", tables::odds_frame(&c.odds))?;
        self.table("actions.parquet", tables::actions_frame(&c.actions))?;
        for s in &c.sections {
            progress.message(&format!("{}: tables and charts", s.slug));
            self.dir(&s.slug)?;
            self.table(
                &format!("{}/summary.parquet", s.slug),
                tables::summary_frame(&s.metrics),
            )?;
            self.table(
                &format!("{}/distributions.parquet", s.slug),
                tables::distributions_frame(&s.buckets),
            )?;
            progress.advance(SCENARIO_UNITS / 2);
        }
        if !c.dots.is_empty() {
            self.table("dots.parquet", tables::dots_frame(&c.dots))?;
        }
        if !c.changes.is_empty() {
            self.table("changes.parquet", tables::changes_frame(&c.changes))?;
        }
        Ok(())
    }

    /// Every chart drawn, as SVG and PNG.
    fn charts(&mut self, drawn: &[Drawn]) -> Result<(), ReportError> {
        self.dir("charts")?;
        for d in drawn {
            let r = &d.rendered;
            for (ext, bytes) in [("svg", r.svg.as_bytes()), ("png", r.png.as_slice())] {
                self.file(&format!("{}.{ext}", d.path), bytes, None)?;
            }
        }
        Ok(())
    }
}

/// The report's `manifest.json`: what made it (the command, the
/// editions, the scenarios, every input file) and every file it holds,
/// sorted by path.
fn report_manifest(
    opts: &Options,
    loaded: &[Loaded],
    editions: &[RuleSet],
    inputs: Vec<InputEntry>,
    mut files: Vec<FileEntry>,
) -> Manifest {
    files.sort_by(|a, b| a.path.cmp(&b.path));
    Manifest {
        format: manifest::FORMAT.to_string(),
        format_version: 1,
        wodds_version: VERSION.to_string(),
        command: opts.command(),
        editions: edition_entries(editions),
        scenarios: loaded
            .iter()
            .map(|l| ScenarioEntry {
                name: l.slug.clone(),
                file: l.file.clone(),
                title: l.scenario.name.clone(),
                kind: section::kind_name(&l.scenario).to_string(),
                trials: l.scenario.trials,
                seed: l.scenario.seed,
                editions: l.scenario.editions.iter().map(|e| e.id.clone()).collect(),
            })
            .collect(),
        files,
        overrides: Some(Overrides {
            trials: opts.trials,
            seed: opts.seed,
            editions: opts.editions.clone(),
            against: opts.against.clone(),
            tables_only: opts.tables_only,
        }),
        inputs,
        root: manifest::root_of(&opts.out),
    }
}

/// The editions as a manifest lists them.
fn edition_entries(editions: &[RuleSet]) -> Vec<EditionEntry> {
    editions.iter().map(EditionEntry::of).collect()
}

/// The scenarios as a part's manifest lists them.
fn part_scenarios(loaded: &[Loaded]) -> Vec<PartScenario> {
    loaded
        .iter()
        .map(|l| {
            PartScenario::new(
                l.slug.clone(),
                l.file.clone(),
                l.sha256.clone(),
                &l.scenario,
            )
        })
        .collect()
}
