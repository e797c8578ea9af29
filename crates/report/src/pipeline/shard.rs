//! The shard's half of the pipeline (`wodds report --shard i/n`): the
//! inputs and engines as a whole report has them, the shard's share of
//! every scenario-edition played, and the tallies written as a part for
//! `wodds merge`.

use std::path::PathBuf;
use std::time::Instant;

use wodds_sim::conflict::Shard;

use super::{Timings, edition_entries, part_scenarios, timed};
use crate::compute::{Options, fights, inputs};
use crate::error::ReportError;
use crate::part::{Inputs, PartDir, PartManifest, PartOf, PartTally};
use crate::progress::{FIGHT_UNITS, Progress};

/// A shard's part written.
#[derive(Debug, Clone)]
pub struct PartWritten {
    /// Its directory.
    pub out: PathBuf,
    /// Its manifest.
    pub manifest: PartManifest,
    /// Where the time went (setup and fights; the rest is the merge's).
    pub timings: Timings,
    /// What to tell the user besides (see [`Written::notes`](super::Written::notes)).
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
    if opts.against.is_some() {
        return Err(ReportError::Flag {
            flag: "--against",
            message: "a shard plays its share of each rule set's conflicts on its own; \
                      compare rule sets in one run (`wodds report --against`, `wodds compare`)"
                .to_string(),
        });
    }
    let (loaded, editions) = inputs::load(opts)?;
    let read: Vec<PathBuf> = inputs::inputs(&loaded, &editions)?
        .iter()
        .map(|i| PathBuf::from(&i.path))
        .collect();
    let dir = PartDir::stage(&opts.out, opts.force, "--out", &read)?;
    let scenario_editions: u64 = loaded
        .iter()
        .map(|l| l.scenario.editions.len() as u64)
        .sum();
    progress.start(FIGHT_UNITS * scenario_editions);
    // Every engine compiled first, so that bad input fails before any
    // work; then a scenario at a time, its engines and round chains built,
    // its share played and its chains dropped before the next's (as a
    // whole report does).
    timed(&mut timings.setup, || fights::compile_all(&loaded))?;
    let mut tallies = Vec::new();
    for l in &loaded {
        progress.message(&format!("{}: building engines and round chains", l.slug));
        let engines = timed(&mut timings.setup, || fights::engines(&l.scenario, &l.file))?;
        let played = timed(&mut timings.fights, || {
            fights::play_shard(l, &engines, shard, progress)
        });
        for (rules, tally) in l.scenario.editions.iter().zip(played) {
            tallies.push(PartTally {
                scenario: l.slug.clone(),
                edition: rules.id.clone(),
                tally,
            });
        }
    }
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
