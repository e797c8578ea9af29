//! Building a whole report: inputs checked first, everything written into
//! a temporary directory beside `--out`, renamed into place whole.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rayon::prelude::*;
use wodds_rules::{DifficultyKind, RuleSet};
use wodds_sim::conflict::{Engine, Scenario, Shard};

use crate::charts::palette::Palette;
use crate::charts::{
    self, BandPoint, BandSeries, Bands, Bar, Bars, Corner, Heatmap, Intervals, Lines, Point, Series,
};
use crate::compute::dots;
use crate::compute::fights;
use crate::compute::rows::{ActionRow, OddsRow};
use crate::compute::section::{ChartSpec, MetricLabel, Section};
use crate::compute::single;
use crate::error::ReportError;
use crate::manifest::{
    self, EditionEntry, FileEntry, InputEntry, Manifest, Overrides, ScenarioEntry,
};
use crate::page::{self, ActionCell, ActionView, ChartView, Page, SectionEdition, SectionView};
use crate::part::{
    Inputs, PartDir, PartEdition, PartManifest, PartOf, PartScenario, PartTally, Parts,
};
use crate::publish::{self, Kind, Target};
use crate::tables;

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
    /// Replace `out` even when it is not a report.
    pub force: bool,
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
        c
    }
}

/// Told how a report is getting on. Every method does nothing unless
/// implemented; `()` is silent.
pub trait Progress: Sync {
    /// The work ahead, in units.
    fn start(&self, _total: u64) {}
    /// `n` more units done.
    fn advance(&self, _n: u64) {}
    /// What is being done now.
    fn message(&self, _what: &str) {}
}

impl Progress for () {}

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
}

/// Progress units of each part.
const FIGHT_UNITS: u64 = 1000;
const TABLE_UNITS: u64 = 100;
const SCENARIO_UNITS: u64 = 50;
const PAGE_UNITS: u64 = 50;

/// A file's name for an edition id (house-rule ids are paths).
fn slug(id: &str) -> String {
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
struct Loaded {
    slug: String,
    file: String,
    /// SHA-256 of the file's bytes.
    sha256: String,
    scenario: Scenario,
}

/// Reads every scenario and edition, applying the options.
fn load(opts: &Options) -> Result<(Vec<Loaded>, Vec<RuleSet>), ReportError> {
    if let Some(t) = opts.trials
        && !(1..=MAX_TRIALS).contains(&t)
    {
        return Err(ReportError::Flag {
            flag: "--trials",
            message: format!("{t} is outside the allowed range 1..={MAX_TRIALS}"),
        });
    }
    let overrides = opts
        .editions
        .iter()
        .map(|e| RuleSet::load(e))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|source| ReportError::Rules {
            context: "--editions".to_string(),
            source,
        })?;
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
        if !overrides.is_empty() {
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
        all
    } else {
        overrides
    };
    Ok((loaded, editions))
}

/// Every file the report reads, with its sha256: the scenario files, then
/// the house-rule files of the editions (and the files they extend), each
/// once.
fn inputs(loaded: &[Loaded], editions: &[RuleSet]) -> Result<Vec<InputEntry>, ReportError> {
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

/// Builds the report `opts` asks for.
pub fn build(opts: &Options, progress: &dyn Progress) -> Result<Written, ReportError> {
    report(opts, Fights::Play, "--out", progress)
}

/// Builds the report `opts` asks for at `opts.out`, a baseline named by
/// `flag` in errors (`wodds check --update`).
pub(crate) fn build_as(
    opts: &Options,
    flag: &'static str,
    progress: &dyn Progress,
) -> Result<Written, ReportError> {
    report(opts, Fights::Play, flag, progress)
}

/// Where a report's fights come from.
#[derive(Clone, Copy)]
enum Fights<'a> {
    /// Played here, every batch.
    Play,
    /// Added up from the shards' parts.
    Parts(&'a Parts),
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
        force,
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
    report(&opts, Fights::Parts(parts), "--out", progress)
}

/// A shard's part written.
#[derive(Debug, Clone)]
pub struct PartWritten {
    /// Its directory.
    pub out: PathBuf,
    /// Its manifest.
    pub manifest: PartManifest,
    /// Where the time went (setup and fights; the rest is the merge's).
    pub timings: Timings,
    /// What to tell the user besides (see [`Written::notes`]).
    pub notes: Vec<String>,
}

/// Plays `shard`'s share of the report `opts` asks for (its batches of
/// every scenario-edition) and writes its tallies as a part at
/// `opts.out` ([`crate::part`]), for `wodds merge`.
pub fn build_part(
    opts: &Options,
    shard: Shard,
    progress: &dyn Progress,
) -> Result<PartWritten, ReportError> {
    let start = Instant::now();
    let mut timings = Timings::default();
    let (loaded, editions) = load(opts)?;
    let read: Vec<PathBuf> = inputs(&loaded, &editions)?
        .iter()
        .map(|i| PathBuf::from(&i.path))
        .collect();
    let dir = PartDir::stage(&opts.out, opts.force, "--out", &read)?;
    let scenario_editions: u64 = loaded
        .iter()
        .map(|l| l.scenario.editions.len() as u64)
        .sum();
    progress.start(FIGHT_UNITS * scenario_editions);
    let t = Instant::now();
    let mut engines = Vec::new();
    for l in &loaded {
        progress.message(&format!("{}: building engines and round chains", l.slug));
        engines.push(fights::engines(&l.scenario, &l.file)?);
    }
    timings.setup = t.elapsed();
    let t = Instant::now();
    let mut tallies = Vec::new();
    for (l, engines) in loaded.iter().zip(&engines) {
        let fights = shard.fights(l.scenario.trials);
        for (rules, engine) in l.scenario.editions.iter().zip(engines) {
            progress.message(&format!(
                "{}: shard {shard}, {fights} {}s under {}",
                l.slug,
                fights::noun(&l.scenario),
                rules.id
            ));
            let done = AtomicU64::new(0);
            let on_batch = |n: u64| {
                let before = done.fetch_add(n, Ordering::Relaxed);
                let after = before + n;
                progress.advance(after * FIGHT_UNITS / fights - before * FIGHT_UNITS / fights);
            };
            let tally = wodds_sim::conflict::run_shard(
                engine,
                &rules.id,
                l.scenario.trials,
                l.scenario.seed,
                shard,
                &on_batch,
            );
            if fights == 0 {
                progress.advance(FIGHT_UNITS);
            }
            tallies.push(PartTally {
                scenario: l.slug.clone(),
                edition: rules.id.clone(),
                tally,
            });
        }
    }
    timings.fights = t.elapsed();
    let t = Instant::now();
    let manifest = PartManifest::new(
        PartOf::Report,
        opts.command(),
        shard,
        Inputs {
            scenarios: opts
                .scenarios
                .iter()
                .map(|p| p.display().to_string())
                .collect(),
            trials: opts.trials,
            seed: opts.seed,
            editions: opts.editions.clone(),
            sampler: None,
        },
        edition_entries(&editions),
        part_scenarios(&loaded),
    );
    let (manifest, notes) = dir.write(manifest, &tallies)?;
    timings.parquet = t.elapsed();
    timings.total = start.elapsed();
    Ok(PartWritten {
        out: opts.out.clone(),
        manifest,
        timings,
        notes,
    })
}

/// The editions as a manifest lists them.
fn edition_entries(editions: &[RuleSet]) -> Vec<EditionEntry> {
    editions
        .iter()
        .map(|e| EditionEntry {
            id: e.id.clone(),
            name: e.name.clone(),
            rules_hash: e.hash().to_string(),
            standard_difficulty: e.dice.standard_difficulty,
            settings: manifest::settings_of(e),
        })
        .collect()
}

/// The scenarios as a part's manifest lists them.
fn part_scenarios(loaded: &[Loaded]) -> Vec<PartScenario> {
    loaded
        .iter()
        .map(|l| PartScenario {
            name: l.slug.clone(),
            file: l.file.clone(),
            sha256: l.sha256.clone(),
            trials: l.scenario.trials,
            seed: l.scenario.seed,
            editions: l
                .scenario
                .editions
                .iter()
                .map(|e| PartEdition {
                    id: e.id.clone(),
                    rules_hash: e.hash().to_string(),
                })
                .collect(),
        })
        .collect()
}

/// Builds a report, its fights played or added up from parts.
fn report(
    opts: &Options,
    fights: Fights,
    flag: &'static str,
    progress: &dyn Progress,
) -> Result<Written, ReportError> {
    let start = Instant::now();
    let mut timings = Timings::default();
    let (loaded, editions) = load(opts)?;
    if let Fights::Parts(parts) = fights {
        parts.check_inputs(&part_scenarios(&loaded), &edition_entries(&editions))?;
    }
    let inputs = inputs(&loaded, &editions)?;
    let mut read: Vec<PathBuf> = inputs.iter().map(|i| PathBuf::from(&i.path)).collect();
    if let Fights::Parts(parts) = fights {
        read.extend(parts.dirs.iter().cloned());
    }
    let mut planned: Vec<String> = [
        "manifest.json",
        "index.html",
        "odds.parquet",
        "actions.parquet",
    ]
    .map(String::from)
    .to_vec();
    for l in &loaded {
        planned.push(format!("{}/summary.parquet", l.slug));
        planned.push(format!("{}/distributions.parquet", l.slug));
    }
    let staging = Target::prepare(&publish::Dest {
        out: &opts.out,
        kind: Kind::Report,
        flag,
        force: opts.force,
        inputs: &read,
        planned: &planned,
    })?;
    let dir = staging.path().to_path_buf();
    let palette = Palette::new(editions.iter().map(|e| e.id.as_str()));

    let scenario_editions: u64 = loaded
        .iter()
        .map(|l| l.scenario.editions.len() as u64)
        .sum();
    progress.start(
        TABLE_UNITS * editions.len() as u64
            + FIGHT_UNITS * scenario_editions
            + SCENARIO_UNITS * loaded.len() as u64
            + TABLE_UNITS
            + PAGE_UNITS,
    );

    // Every engine and round chain first: bad input fails before any work.
    let t = Instant::now();
    let mut engines = Vec::new();
    for l in &loaded {
        progress.message(&format!("{}: building engines and round chains", l.slug));
        engines.push(fights::engines(&l.scenario, &l.file)?);
    }
    timings.setup = t.elapsed();

    let mut files: Vec<FileEntry> = Vec::new();

    // The exact tables.
    let mut odds: Vec<OddsRow> = Vec::new();
    let mut actions: Vec<ActionRow> = Vec::new();
    for rules in &editions {
        progress.message(&format!("exact tables: {}", rules.id));
        let t = Instant::now();
        odds.extend(single::odds_rows(rules)?);
        actions.extend(single::action_rows(rules)?);
        timings.exact += t.elapsed();
        progress.advance(TABLE_UNITS);
    }
    let t = Instant::now();
    write_table(&dir, "odds.parquet", tables::odds_frame(&odds), &mut files)?;
    write_table(
        &dir,
        "actions.parquet",
        tables::actions_frame(&actions),
        &mut files,
    )?;
    timings.parquet += t.elapsed();

    // The fights, chases and grapples.
    let mut sections: Vec<Section> = Vec::new();
    for (l, engines) in loaded.iter().zip(&engines) {
        let t = Instant::now();
        let trials = l.scenario.trials.max(1);
        let mut runs = Vec::new();
        for (rules, engine) in l.scenario.editions.iter().zip(engines) {
            progress.message(&format!(
                "{}: {} {}s under {}",
                l.slug,
                trials,
                fights::noun(&l.scenario),
                rules.id
            ));
            let done = AtomicU64::new(0);
            let on_batch = |_: &str, n: u64| {
                let before = done.fetch_add(n, Ordering::Relaxed);
                let after = before + n;
                progress.advance(after * FIGHT_UNITS / trials - before * FIGHT_UNITS / trials);
            };
            runs.push(match fights {
                Fights::Play => fights::run_one(&l.scenario, rules, engine, &on_batch),
                Fights::Parts(parts) => {
                    let frame = Engine::frame(engine);
                    let tally = parts.tally(&l.slug, &rules.id, frame.sides, frame.max_rounds)?;
                    progress.advance(FIGHT_UNITS);
                    fights::summarize(rules, engine, &tally)
                }
            });
        }
        let section = fights::section(&l.slug, &l.file, &l.scenario, &runs);
        timings.fights += t.elapsed();

        progress.message(&format!("{}: tables and charts", l.slug));
        let t = Instant::now();
        std::fs::create_dir(dir.join(&l.slug)).map_err(ReportError::io(dir.join(&l.slug)))?;
        write_table(
            &dir,
            &format!("{}/summary.parquet", l.slug),
            tables::summary_frame(&section.metrics),
            &mut files,
        )?;
        write_table(
            &dir,
            &format!("{}/distributions.parquet", l.slug),
            tables::distributions_frame(&section.buckets),
            &mut files,
        )?;
        timings.parquet += t.elapsed();
        sections.push(section);
        progress.advance(SCENARIO_UNITS / 2);
    }

    // What a dot is worth, exactly, in each fight with a round chain.
    progress.message("what a dot is worth");
    let t = Instant::now();
    let mut dot_rows = Vec::new();
    let mut dots_left = Vec::new();
    for (l, engines) in loaded.iter().zip(&engines) {
        let bases: Vec<Option<f64>> = engines
            .iter()
            .map(|e| e.chain().map(|c| c.odds().wins[0]))
            .collect();
        let (rows, left) = dots::rows(&l.slug, &l.scenario, &bases);
        dot_rows.extend(rows);
        dots_left.extend(left);
    }
    timings.dots = t.elapsed();
    if !dot_rows.is_empty() {
        let t = Instant::now();
        write_table(
            &dir,
            "dots.parquet",
            tables::dots_frame(&dot_rows),
            &mut files,
        )?;
        timings.parquet += t.elapsed();
    }

    // The charts.
    progress.message("charts");
    let t = Instant::now();
    let single_charts = single_charts(&editions, &odds, &palette);
    let mut jobs: Vec<(String, Job)> = single_charts
        .into_iter()
        .map(|(name, job)| (format!("charts/{name}"), job))
        .collect();
    let edition_ids: Vec<String> = editions.iter().map(|e| e.id.clone()).collect();
    if !dot_rows.is_empty() {
        jobs.push((
            "charts/dots".to_string(),
            Job::Bars(dots_chart(&dot_rows, &edition_ids, &palette)),
        ));
    }
    let captions: Vec<(String, String)> = single_captions(&editions, &odds);
    for s in &sections {
        for spec in &s.charts {
            jobs.push((
                format!("{}/{}", s.slug, spec.name()),
                scenario_chart(s, spec, &palette),
            ));
        }
    }
    std::fs::create_dir(dir.join("charts")).map_err(ReportError::io(dir.join("charts")))?;
    let drawn: Vec<(String, charts::Rendered)> = jobs
        .par_iter()
        .map(|(path, job)| Ok((path.clone(), job.render(path)?)))
        .collect::<Result<_, ReportError>>()?;
    for (path, r) in &drawn {
        for (ext, bytes) in [("svg", r.svg.as_bytes()), ("png", r.png.as_slice())] {
            let rel = format!("{path}.{ext}");
            crate::files::write(&dir.join(&rel), bytes)?;
            files.push(FileEntry::of(rel, bytes, None));
        }
    }
    timings.charts = t.elapsed();
    progress.advance(TABLE_UNITS + SCENARIO_UNITS.div_ceil(2) * sections.len() as u64);

    // The page and the manifest.
    progress.message("index.html");
    let t = Instant::now();
    let svg_of = |path: &str| {
        drawn
            .iter()
            .find(|(p, _)| p == path)
            .map(|(_, r)| r.svg.clone())
            .unwrap_or_default()
    };
    let page = Page {
        version: crate::manifest::VERSION.to_string(),
        command: opts.command(),
        scenarios: scenario_words(&sections),
        editions: editions
            .iter()
            .map(|e| page::EditionView {
                id: e.id.clone(),
                name: e.name.clone(),
                color: palette.css(&e.id),
            })
            .collect(),
        summary: sections
            .iter()
            .map(|s| page::SummaryRow {
                slug: s.slug.clone(),
                title: s.title.clone(),
                kind: s.kind.clone(),
                cells: editions.iter().map(|e| page::favoured(s, &e.id)).collect(),
            })
            .collect(),
        single: captions
            .iter()
            .map(|(name, caption)| ChartView {
                id: name.clone(),
                svg: svg_of(&format!("charts/{name}")),
                caption: caption.clone(),
            })
            .collect(),
        action_targets: single::TARGETS.to_vec(),
        actions: action_views(&editions, &actions, &palette),
        sections: sections
            .iter()
            .map(|s| SectionView {
                slug: s.slug.clone(),
                title: s.title.clone(),
                file: s.file.clone(),
                kind: s.kind.clone(),
                track: loaded
                    .iter()
                    .find(|l| l.slug == s.slug)
                    .and_then(|l| fights::track_name(&l.scenario))
                    .map(str::to_string),
                trials: s.trials,
                seed: s.seed,
                editions: s
                    .editions
                    .iter()
                    .map(|e| SectionEdition {
                        id: e.id.clone(),
                        color: palette.css(&e.id),
                        hash: e.rules_hash.clone(),
                        how: e.how.clone(),
                        track: e.track.clone(),
                    })
                    .collect(),
                rows: page::rows(s),
                charts: s
                    .charts
                    .iter()
                    .map(|c| ChartView {
                        id: format!("{}-{}", s.slug, c.name()),
                        svg: svg_of(&format!("{}/{}", s.slug, c.name())),
                        caption: scenario_caption(s, c),
                    })
                    .collect(),
            })
            .collect(),
        dots: (!dot_rows.is_empty())
            .then(|| dots_view(&dot_rows, &sections, &edition_ids, dots_left, &svg_of)),
    };
    let html = page::render(&page)?;
    crate::files::write(&dir.join("index.html"), html.as_bytes())?;
    files.push(FileEntry::of("index.html", html.as_bytes(), None));
    files.sort_by(|a, b| a.path.cmp(&b.path));
    let manifest = Manifest {
        format: manifest::FORMAT.to_string(),
        format_version: 1,
        wodds_version: crate::manifest::VERSION.to_string(),
        command: opts.command(),
        editions: edition_entries(&editions),
        scenarios: loaded
            .iter()
            .map(|l| ScenarioEntry {
                name: l.slug.clone(),
                file: l.file.clone(),
                title: l.scenario.name.clone(),
                kind: fights::kind_name(&l.scenario).to_string(),
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
        }),
        inputs,
    };
    let mut json = serde_json::to_string_pretty(&manifest).expect("a manifest serializes");
    json.push('\n');
    crate::files::write(&dir.join("manifest.json"), json.as_bytes())?;
    timings.page = t.elapsed();

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
    })
}

/// The "What is a dot worth" section: a row per fight and trait, a cell
/// per edition.
fn dots_view(
    rows: &[dots::DotRow],
    sections: &[Section],
    editions: &[String],
    left_out: Vec<String>,
    svg_of: &dyn Fn(&str) -> String,
) -> page::DotsView {
    let mut out = Vec::new();
    for s in sections {
        let mine: Vec<&dots::DotRow> = rows.iter().filter(|r| r.scenario == s.slug).collect();
        let mut first = true;
        for t in dots::traits(rows) {
            let cells: Vec<String> = editions
                .iter()
                .map(|e| {
                    mine.iter()
                        .find(|r| r.edition == *e && r.trait_name == t)
                        .map_or(String::new(), |r| {
                            // Rounded first: a change of -1e-16 is +0.00.
                            let v = (1e4 * r.change()).round() / 100.0 + 0.0;
                            format!("{v:+.2}")
                        })
                })
                .collect();
            if cells.iter().all(String::is_empty) {
                continue;
            }
            out.push(page::DotsRow {
                slug: s.slug.clone(),
                title: if first {
                    s.title.clone()
                } else {
                    String::new()
                },
                side: if first {
                    mine.first().map_or(String::new(), |r| r.side.clone())
                } else {
                    String::new()
                },
                trait_name: t,
                cells,
            });
            first = false;
        }
    }
    page::DotsView {
        rows: out,
        chart: ChartView {
            id: "dots".to_string(),
            svg: svg_of("charts/dots"),
            caption: "For each trait, each edition's change in the first side's chance to win from one more dot, averaged over the fights of the table that roll it (exact: from the round chains).".to_string(),
        },
        left_out,
    }
}

/// The report's scenarios in words: `3 fight scenarios`, or `5
/// scenarios (2 fights, 2 chases and 1 grapple)` (fights, chases,
/// grapples, in that order).
fn scenario_words(sections: &[Section]) -> String {
    let n = sections.len();
    let plural = |k: usize, w: &str| format!("{k} {w}{}", if k == 1 { "" } else { "s" });
    let kinds: Vec<(&str, usize)> = ["fight", "chase", "grapple"]
        .into_iter()
        .map(|k| (k, sections.iter().filter(|s| s.noun() == k).count()))
        .filter(|&(_, c)| c > 0)
        .collect();
    match kinds.as_slice() {
        [] => "no scenarios".to_string(),
        [(only, _)] => format!("{n} {only} scenario{}", if n == 1 { "" } else { "s" }),
        _ => {
            let words: Vec<String> = kinds.iter().map(|(k, c)| plural(*c, k)).collect();
            let (last, rest) = words.split_last().expect("two kinds or more");
            let list = if rest.is_empty() {
                last.clone()
            } else {
                format!("{} and {last}", rest.join(", "))
            };
            format!("{} ({list})", plural(n, "scenario"))
        }
    }
}

/// Builds a table's DataFrame and writes it, noting it in `files`.
fn write_table(
    dir: &Path,
    rel: &str,
    frame: polars::prelude::PolarsResult<polars::prelude::DataFrame>,
    files: &mut Vec<FileEntry>,
) -> Result<(), ReportError> {
    let path = dir.join(rel);
    let mut df = frame.map_err(|e| ReportError::Table {
        path: path.clone(),
        message: e.to_string(),
    })?;
    let bytes = tables::write_parquet(&mut df, &path)?;
    files.push(FileEntry::of(rel, &bytes, Some(df.height() as u64)));
    Ok(())
}

/// A chart to draw.
enum Job {
    Lines(Lines),
    Heatmap(Heatmap),
    Intervals(Intervals),
    Bands(Bands),
    Bars(Bars),
}

impl Job {
    fn render(&self, name: &str) -> Result<charts::Rendered, ReportError> {
        match self {
            Job::Lines(c) => charts::render(name, c),
            Job::Heatmap(c) => charts::render(name, c),
            Job::Intervals(c) => charts::render(name, c),
            Job::Bands(c) => charts::render(name, c),
            Job::Bars(c) => charts::render(name, c),
        }
    }
}

/// What an edition's difficulty means, in a few words.
fn difficulty_words(rules: &RuleSet) -> &'static str {
    match rules.dice.difficulty {
        DifficultyKind::TargetNumber => "target number",
        DifficultyKind::SuccessesNeeded => "successes needed",
        DifficultyKind::DiceRemoved => "dice removed",
    }
}

/// The rows of `odds` for `edition` without options.
fn plain<'a>(odds: &'a [OddsRow], edition: &'a str) -> impl Iterator<Item = &'a OddsRow> + 'a {
    odds.iter()
        .filter(move |r| r.edition == edition && r.options == "none")
}

/// Each edition's figure at its standard difficulty, by pool.
fn standard_series(
    editions: &[RuleSet],
    odds: &[OddsRow],
    palette: &Palette,
    f: fn(&OddsRow) -> f64,
) -> Vec<Series> {
    editions
        .iter()
        .map(|e| Series {
            name: e.id.clone(),
            look: palette.look(&e.id),
            points: plain(odds, &e.id)
                .filter(|r| r.difficulty == e.dice.standard_difficulty)
                .map(|r| (f64::from(r.pool), 100.0 * f(r)))
                .collect(),
        })
        .collect()
}

/// The single-roll charts: file name and chart.
fn single_charts(editions: &[RuleSet], odds: &[OddsRow], palette: &Palette) -> Vec<(String, Job)> {
    let pools = (
        f64::from(*single::POOLS.start()) - 0.5,
        f64::from(*single::POOLS.end()) + 0.5,
    );
    let success = standard_series(editions, odds, palette, |r| r.stats.p_success);
    let botch = standard_series(editions, odds, palette, |r| r.stats.p_botch);
    let top = botch
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.1))
        .fold(1.0f64, f64::max);
    let mut out = vec![
        (
            "success-vs-pool".to_string(),
            Job::Lines(Lines {
                title: "Chance one roll succeeds, at each edition's standard task".to_string(),
                x_desc: "pool (dice)".to_string(),
                y_desc: "chance of success (%)".to_string(),
                series: success,
                x: pools,
                y: (0.0, 100.0),
                percent: true,
                legend: Corner::LowerRight,
            }),
        ),
        (
            "botch-vs-pool".to_string(),
            Job::Lines(Lines {
                title: "Chance one roll botches, at each edition's standard task".to_string(),
                x_desc: "pool (dice)".to_string(),
                y_desc: "chance of a botch (%)".to_string(),
                series: botch,
                x: pools,
                y: (0.0, (top * 1.1).ceil()),
                percent: true,
                legend: Corner::UpperRight,
            }),
        ),
    ];
    for e in editions {
        let [d0, d1] = e.dice.difficulty_range;
        let ys: Vec<i32> = (d0..=d1).collect();
        let xs: Vec<i32> = single::POOLS.collect();
        let z = ys
            .iter()
            .map(|&d| {
                xs.iter()
                    .map(|&p| {
                        plain(odds, &e.id)
                            .find(|r| r.pool == p && r.difficulty == d)
                            .map_or(0.0, |r| r.stats.p_success)
                    })
                    .collect()
            })
            .collect();
        out.push((
            format!("heatmap-{}", slug(&e.id)),
            Job::Heatmap(Heatmap {
                title: format!("{}: chance of success (%) by pool and difficulty", e.id),
                x_desc: "pool (dice)".to_string(),
                y_desc: format!("difficulty ({})", difficulty_words(e)),
                z_desc: "success".to_string(),
                xs,
                ys,
                z,
            }),
        ));
    }
    out
}

/// The single-roll charts' names and captions, in page order.
fn single_captions(editions: &[RuleSet], odds: &[OddsRow]) -> Vec<(String, String)> {
    let standard: Vec<String> = editions
        .iter()
        .map(|e| {
            format!(
                "{} {} {}",
                e.id,
                difficulty_words(e),
                e.dice.standard_difficulty
            )
        })
        .collect();
    // Editions whose single roll is another's: their lines coincide.
    let same = |a: &RuleSet, b: &RuleSet| {
        let pa: Vec<_> = plain(odds, &a.id)
            .map(|r| (r.pool, r.difficulty, r.stats))
            .collect();
        let pb: Vec<_> = plain(odds, &b.id)
            .map(|r| (r.pool, r.difficulty, r.stats))
            .collect();
        pa == pb
    };
    let mut twins = Vec::new();
    for (i, a) in editions.iter().enumerate() {
        if let Some(b) = editions[..i].iter().find(|b| same(a, b)) {
            twins.push(format!(
                "{}'s single roll is {}'s, so its line lies on {}'s",
                a.id, b.id, b.id
            ));
        }
    }
    let twins = if twins.is_empty() {
        String::new()
    } else {
        format!(" {}.", twins.join("; "))
    };
    let never: Vec<&str> = editions
        .iter()
        .filter(|e| {
            plain(odds, &e.id)
                .filter(|r| r.difficulty == e.dice.standard_difficulty)
                .all(|r| r.stats.p_botch == 0.0)
        })
        .map(|e| e.id.as_str())
        .collect();
    let never = if never.is_empty() {
        String::new()
    } else {
        format!(
            " {} never botch{} at the standard task with one die or more.",
            never.join(" and "),
            if never.len() == 1 { "es" } else { "" }
        )
    };
    let mut out = vec![
        (
            "success-vs-pool".to_string(),
            format!(
                "Chance that one roll succeeds, by pool, no options; standard tasks: {}. Exact.{twins}",
                standard.join(", ")
            ),
        ),
        (
            "botch-vs-pool".to_string(),
            format!(
                "Chance that one roll botches, by pool, at the same standard tasks. Exact.{never}{twins}"
            ),
        ),
    ];
    for e in editions {
        let [d0, d1] = e.dice.difficulty_range;
        out.push((
            format!("heatmap-{}", slug(&e.id)),
            format!(
                "{} ({}): chance of success of one roll, every pool 1–20 and difficulty {d0}–{d1} ({}), no options, in percent. Exact.",
                e.id,
                e.name,
                difficulty_words(e)
            ),
        ));
    }
    out
}

/// The extended-action rows the page shows.
fn action_views(editions: &[RuleSet], rows: &[ActionRow], palette: &Palette) -> Vec<ActionView> {
    let mut out = Vec::new();
    for e in editions {
        for pool in single::ACTION_POOLS {
            let cells = single::TARGETS
                .iter()
                .map(|&t| {
                    let r = rows
                        .iter()
                        .find(|r| r.edition == e.id && r.pool == pool && r.target == t);
                    match r {
                        Some(r) => ActionCell {
                            mean: r
                                .mean_rolls
                                .map_or("never".to_string(), |m| format!("{m:.1}")),
                            within: format!(
                                "≤5: {}  ≤10: {}",
                                page::format(within(r, 5), crate::compute::section::Unit::Share),
                                page::format(within(r, 10), crate::compute::section::Unit::Share)
                            ),
                        },
                        None => ActionCell {
                            mean: "–".to_string(),
                            within: String::new(),
                        },
                    }
                })
                .collect();
            out.push(ActionView {
                edition: e.id.clone(),
                color: palette.css(&e.id),
                pool,
                cells,
            });
        }
    }
    out
}

/// An action row's chance of success within `k` rolls (one of
/// [`crate::compute::rows::WITHIN`]).
fn within(r: &ActionRow, k: usize) -> f64 {
    crate::compute::rows::WITHIN
        .iter()
        .position(|&w| w == k)
        .map_or(0.0, |i| r.p_within[i])
}

/// Draws a scenario's chart from its rows.
fn scenario_chart(s: &Section, spec: &ChartSpec, palette: &Palette) -> Job {
    match spec {
        ChartSpec::Intervals {
            title,
            metric,
            axis,
            ..
        } => Job::Intervals(Intervals {
            title: format!("{}: {}", s.title, title.to_lowercase()),
            y_desc: axis.clone(),
            sides: s.sides.clone(),
            groups: s
                .editions
                .iter()
                .map(|e| {
                    let points = s
                        .sides
                        .iter()
                        .enumerate()
                        .filter_map(|(k, side)| {
                            let est = s.find(&e.id, Some(side), metric, false)?;
                            Some(Point {
                                side: k,
                                value: est.value,
                                low: est.ci_low,
                                high: est.ci_high,
                                exact: s.find(&e.id, Some(side), metric, true).map(|x| x.value),
                            })
                        })
                        .collect();
                    (e.id.clone(), palette.look(&e.id), points)
                })
                .collect(),
        }),
        ChartSpec::Distribution {
            title,
            metric,
            x_axis,
            ..
        } => {
            let series: Vec<Series> = s
                .editions
                .iter()
                .map(|e| Series {
                    name: e.id.clone(),
                    look: palette.look(&e.id),
                    points: s
                        .buckets
                        .iter()
                        .filter(|b| b.edition == e.id && &b.metric == metric)
                        .map(|b| (f64::from(b.bucket), 100.0 * b.probability))
                        .collect(),
                })
                .collect();
            let (x_max, y_max) = extent(&series);
            let legend = clear_corner(&series, (0.5, x_max + 0.5), y_max);
            Job::Lines(Lines {
                title: format!("{}: {}", s.title, title.to_lowercase()),
                x_desc: x_axis.clone(),
                y_desc: "probability (%)".to_string(),
                series: series
                    .into_iter()
                    .map(|mut x| {
                        x.points.retain(|p| p.0 <= x_max);
                        x
                    })
                    .collect(),
                x: (0.5, x_max + 0.5),
                y: (0.0, y_max),
                percent: true,
                legend,
            })
        }
        ChartSpec::Track {
            title,
            metric,
            axis,
            ..
        } => Job::Bands(Bands {
            title: format!("{}: {}", s.title, lower_first(title)),
            x_desc: "after round".to_string(),
            y_desc: axis.clone(),
            series: s
                .editions
                .iter()
                .map(|e| BandSeries {
                    name: e.id.clone(),
                    look: palette.look(&e.id),
                    points: track_points(s, &e.id, metric),
                })
                .collect(),
            y_range: None,
            line_of: "mean".to_string(),
        }),
        ChartSpec::Ends { title, ends, .. } => {
            let (shown, _) = shown_ends(s, ends);
            Job::Bars(Bars {
                title: format!("{}: {}", s.title, lower_first(title)),
                x_desc: "chance (%)".to_string(),
                groups: shown.iter().map(|l| l.label.clone()).collect(),
                editions: s
                    .editions
                    .iter()
                    .map(|e| {
                        let bars = shown
                            .iter()
                            .map(|l| {
                                let exact = s.find(&e.id, None, &l.metric, true);
                                let est = s.find(&e.id, None, &l.metric, false);
                                match (exact, est) {
                                    (Some(x), _) => Some(Bar {
                                        value: x.value,
                                        interval: None,
                                        exact: true,
                                    }),
                                    (None, Some(m)) => Some(Bar {
                                        value: m.value,
                                        interval: Some((m.ci_low, m.ci_high)),
                                        exact: false,
                                    }),
                                    (None, None) => None,
                                }
                            })
                            .collect();
                        (e.id.clone(), palette.look(&e.id), bars)
                    })
                    .collect(),
            })
        }
    }
}

/// `Lead by round` -> `lead by round` (a title after the scenario's).
fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or(String::new(), |f| f.to_lowercase().chain(c).collect())
}

/// The share of conflicts still going below which a track chart stops:
/// past it the estimate rests on too few conflicts to read.
const MIN_GOING: f64 = 0.01;

/// An edition's points of a track chart: every round up to the last at
/// which at least [`MIN_GOING`] of its conflicts are still going (exact
/// share where known).
fn track_points(s: &Section, edition: &str, metric: &str) -> Vec<BandPoint> {
    let going = |round: u32| {
        let at = |exact| {
            s.by_round(edition, "going", exact)
                .find(|m| m.round == Some(round))
                .map(|m| m.value)
        };
        at(true).or_else(|| at(false)).unwrap_or(0.0)
    };
    let rounds: Vec<u32> = s
        .by_round(edition, metric, true)
        .chain(s.by_round(edition, metric, false))
        .filter_map(|m| m.round)
        .collect();
    let last = rounds
        .iter()
        .copied()
        .filter(|&r| going(r) >= MIN_GOING)
        .max()
        .unwrap_or(0);
    (1..=last)
        .map(|r| {
            let find = |exact| {
                s.by_round(edition, metric, exact)
                    .find(|m| m.round == Some(r))
            };
            BandPoint {
                x: f64::from(r),
                estimate: find(false).map(|m| (m.value, m.ci_low, m.ci_high)),
                exact: find(true).map(|m| m.value),
            }
        })
        .filter(|p| p.estimate.is_some() || p.exact.is_some())
        .collect()
}

/// Below this chance under every edition, a way of ending is left off
/// the chart of how a conflict ends (the caption names it).
const MIN_END: f64 = 0.0005;

/// The ways of ending an ends chart shows (some edition reaches it with
/// at least [`MIN_END`], exactly or by the estimate), and those it leaves
/// off.
fn shown_ends<'a>(
    s: &Section,
    ends: &'a [MetricLabel],
) -> (Vec<&'a MetricLabel>, Vec<&'a MetricLabel>) {
    ends.iter().partition(|l| {
        s.editions.iter().any(|e| {
            [true, false]
                .iter()
                .filter_map(|&x| s.find(&e.id, None, &l.metric, x))
                .any(|m| m.value >= MIN_END)
        })
    })
}

/// The upper corner of a distribution chart whose legend would cover
/// the fewest points: those in its third of the width and top third of
/// the height (the right one when even).
fn clear_corner(series: &[Series], x: (f64, f64), y_max: f64) -> Corner {
    let third = (x.1 - x.0) / 3.0;
    let under = |from: f64, to: f64| {
        series
            .iter()
            .flat_map(|s| &s.points)
            .filter(|p| p.0 >= from && p.0 <= to && p.1 >= y_max * 2.0 / 3.0)
            .count()
    };
    if under(x.0, x.0 + third) < under(x.1 - third, x.1) {
        Corner::UpperLeft
    } else {
        Corner::UpperRight
    }
}

/// How far a distribution chart reaches: the bucket by which every
/// series has 99.5% of its mass, and the top of the y axis.
fn extent(series: &[Series]) -> (f64, f64) {
    let mut x_max = 5.0f64;
    let mut y_max = 1.0f64;
    for s in series {
        let mut acc = 0.0;
        for &(x, p) in &s.points {
            acc += p;
            y_max = y_max.max(p);
            if acc >= 99.5 {
                x_max = x_max.max(x);
                break;
            }
        }
        if acc < 99.5 {
            x_max = x_max.max(s.points.last().map_or(0.0, |p| p.0));
        }
    }
    (x_max, (y_max * 1.15).ceil())
}

/// A scenario chart's caption.
fn scenario_caption(s: &Section, spec: &ChartSpec) -> String {
    let exact: Vec<&str> = s
        .editions
        .iter()
        .filter(|e| s.metrics.iter().any(|m| m.edition == e.id && m.exact))
        .map(|e| e.id.as_str())
        .collect();
    let estimated: Vec<&str> = s
        .editions
        .iter()
        .map(|e| e.id.as_str())
        .filter(|id| !exact.contains(id))
        .collect();
    let list = |v: &[&str]| v.join(", ");
    let noun = s.noun();
    match spec {
        ChartSpec::Intervals { .. } => {
            let mut c = format!(
                "Each side's chance to win under each edition, from {} {noun}s an edition: the point is the estimate, the whiskers its 95% Wilson interval.",
                s.trials
            );
            if !exact.is_empty() {
                c.push_str(&format!(
                    " The black bar is the exact chance from the {noun}'s round chain ({}).",
                    list(&exact)
                ));
            }
            if !estimated.is_empty() {
                c.push_str(&format!(
                    " No exact value for {}: too many states for a round chain.",
                    list(&estimated)
                ));
            }
            c
        }
        ChartSpec::Distribution { .. } => {
            let mut c = format!("The chance that the {noun} ends after each round.");
            if !exact.is_empty() {
                c.push_str(&format!(" Exact for {} (round chain).", list(&exact)));
            }
            if !estimated.is_empty() {
                c.push_str(&format!(
                    " Estimated from {} {noun}s for {}.",
                    s.trials,
                    list(&estimated)
                ));
            }
            let nouns = format!("{}s", upper_first(noun));
            c.push_str(&format!(
                " {nouns} still going at the round limit are draws, counted in its last round; the chart stops where every edition has 99.5% of its {noun}s ended.",
            ));
            c
        }
        ChartSpec::Track { metric, .. } => {
            let column = metric.trim_end_matches("_mean");
            let track = upper_first(column);
            let mut c = format!(
                "The mean {track} after each round, among the {noun}s still going, under each edition."
            );
            if !exact.is_empty() {
                c.push_str(&format!(
                    " The line is the exact mean from the round chain ({});",
                    list(&exact)
                ));
                if !estimated.is_empty() {
                    c.push_str(&format!(" for {} it is the estimate;", list(&estimated)));
                }
            } else {
                c.push_str(" The line is the estimated mean;");
            }
            c.push_str(&format!(
                " the band is the 95% interval of the mean estimated from {} {noun}s an edition (normal).",
                s.trials
            ));
            c.push_str(&format!(
                " Each line stops after the last round at which at least {:.0}% of its {noun}s are still going; every round is in summary.parquet ({column}_mean, going) and distributions.parquet ({column}_by_round).",
                100.0 * MIN_GOING
            ));
            let words: Vec<String> = s
                .editions
                .iter()
                .filter_map(|e| e.track.as_ref().map(|w| format!("{} {w}", e.id)))
                .collect();
            if !words.is_empty() {
                c.push_str(&format!(
                    " Each edition keeps its own {track}, so the lines share an axis but not a scale: {}.",
                    words.join("; ")
                ));
            }
            c
        }
        ChartSpec::Ends { ends, .. } => {
            let mut c = format!("The chance of each way the {noun} ends, under each edition:");
            if !exact.is_empty() {
                c.push_str(&format!(
                    " exact from the round chain for {} (solid bars)",
                    list(&exact)
                ));
            }
            if !estimated.is_empty() {
                if !exact.is_empty() {
                    c.push(';');
                }
                c.push_str(&format!(
                    " estimated from {} {noun}s for {} (paler bars, whiskers the 95% Wilson interval)",
                    s.trials,
                    list(&estimated)
                ));
            }
            c.push('.');
            let (_, left) = shown_ends(s, ends);
            if !left.is_empty() {
                let names: Vec<&str> = left.iter().map(|l| l.label.as_str()).collect();
                c.push_str(&format!(
                    " Left off, as no edition reaches them ({:.2}% or more): {}.",
                    100.0 * MIN_END,
                    names.join(", ")
                ));
            }
            c
        }
    }
}

/// `fight` -> `Fight`.
fn upper_first(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
}

/// The section's chart: for each trait, each edition's mean change over
/// the fights that roll it (exact bars).
fn dots_chart(rows: &[dots::DotRow], editions: &[String], palette: &Palette) -> Bars {
    let traits = dots::traits(rows);
    Bars {
        title: "What a dot is worth: the first side's chance to win, +1 dot, mean over the fights"
            .to_string(),
        x_desc: "change in the chance to win (percentage points)".to_string(),
        groups: traits.clone(),
        editions: editions
            .iter()
            .map(|e| {
                let bars = traits
                    .iter()
                    .map(|t| {
                        let of: Vec<f64> = rows
                            .iter()
                            .filter(|r| r.edition == *e && r.trait_name == *t)
                            .map(dots::DotRow::change)
                            .collect();
                        (!of.is_empty()).then(|| Bar {
                            value: of.iter().sum::<f64>() / of.len() as f64,
                            interval: None,
                            exact: true,
                        })
                    })
                    .collect();
                (e.clone(), palette.look(e), bars)
            })
            .collect(),
    }
}
