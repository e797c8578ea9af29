//! `wodds run --shard I/N`: the shard's share of every edition's fights
//! played and written as a part; and `wodds merge` of those parts, which
//! prints what `wodds run` prints in one go.

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use wodds_report::Parts;
use wodds_report::manifest::EditionEntry;
use wodds_report::part::{Inputs, PartDir, PartManifest, PartOf, PartScenario, PartTally};
use wodds_sim::conflict::{self, Scenario, Shard};

use super::args::{RunScenarioArgs, SamplerArg};
use super::setup::{Setup, engines, setup};
use super::write::write;
use crate::run::Format;
use wodds_api::fight::summarize;

/// The scenario's name in a part's tallies: its file's stem.
fn part_name(path: &Path) -> String {
    path.file_stem()
        .map_or("scenario".to_string(), |s| s.to_string_lossy().to_string())
}

/// The command `wodds merge` reproduces, as it would be typed.
fn command(args: &RunScenarioArgs) -> String {
    let mut c = format!("wodds run {}", args.scenario.display());
    if let Some(t) = args.trials {
        c.push_str(&format!(" --trials {t}"));
    }
    if let Some(s) = args.seed {
        c.push_str(&format!(" --seed {s}"));
    }
    if !args.editions.is_empty() {
        c.push_str(&format!(" --editions {}", args.editions.join(",")));
    }
    if args.sampler != SamplerArg::Round {
        c.push_str(&format!(" --sampler {}", args.sampler.name()));
    }
    c
}

/// The scenario and its editions as a part's manifest lists them.
fn part_inputs(
    path: &Path,
    scenario: &Scenario,
) -> anyhow::Result<(PartScenario, Vec<EditionEntry>)> {
    let (_, sha256) = wodds_report::files::sha256(path, wodds_rules::MAX_FILE_BYTES)
        .with_context(|| format!("{}: cannot read it", path.display()))?;
    let entry = PartScenario::new(
        part_name(path),
        path.display().to_string(),
        sha256,
        scenario,
    );
    let editions = scenario.editions.iter().map(EditionEntry::of).collect();
    Ok((entry, editions))
}

/// `wodds run --shard i/n`: plays the shard's batches of every edition and
/// writes their tallies as a part.
pub(super) fn run_shard(args: &RunScenarioArgs, shard: Shard) -> anyhow::Result<()> {
    if args.format.is_some() {
        bail!("--format: a shard writes a part, not a table; give --format to wodds merge");
    }
    if args.output.is_some() {
        bail!("--output: names a file; a shard's part is a directory: give --out DIR");
    }
    let Some(out) = &args.out else {
        bail!("--shard: give --out DIR, the directory of the shard's part");
    };
    let Setup { scenario, inputs } = setup(&args.scenario, args.trials, args.seed, &args.editions)?;
    let dir = PartDir::stage(out, args.force, "--out", &inputs)?;
    let engines = engines(&scenario, args.sampler, args.quiet)?;
    let fights = shard.fights(scenario.trials);
    let bar = crate::run::progress_bar(args.quiet, fights * engines.len() as u64, "fights");
    let name = part_name(&args.scenario);
    let tallies: Vec<PartTally> = scenario
        .editions
        .iter()
        .zip(&engines)
        .map(|(rules, engine)| PartTally {
            scenario: name.clone(),
            edition: rules.id.clone(),
            tally: conflict::run_shard(
                engine,
                &rules.id,
                scenario.trials,
                scenario.seed,
                shard,
                &|n| bar.inc(n),
            ),
        })
        .collect();
    bar.finish_and_clear();
    let (entry, editions) = part_inputs(&args.scenario, &scenario)?;
    let manifest = PartManifest::new(
        PartOf::Run,
        command(args),
        shard,
        Inputs {
            scenarios: vec![args.scenario.display().to_string()],
            trials: args.trials,
            seed: args.seed,
            editions: args.editions.clone(),
            sampler: Some(args.sampler.name().to_string()),
        },
        editions,
        vec![entry],
    );
    let (written, notes) = dir.write(manifest, &tallies)?;
    crate::report::print_notes(&notes);
    crate::report::print_part(out, &written);
    Ok(())
}

/// `wodds merge` of `wodds run`'s parts: prints (or writes to `output`)
/// what `wodds run` prints in one go, as `format` asks.
pub fn merge(
    parts: &Parts,
    output: Option<&Path>,
    format: Format,
    quiet: bool,
) -> anyhow::Result<()> {
    let m = &parts.manifest;
    let from = parts.dirs[0].join("manifest.json");
    let bad = |what: &str| anyhow::anyhow!("{}: {what}", from.display());
    let [path] = m.inputs.scenarios.as_slice() else {
        return Err(bad("a part of wodds run names one scenario file"));
    };
    let sampler = m
        .inputs
        .sampler
        .as_deref()
        .and_then(SamplerArg::from_name)
        .ok_or_else(|| bad("names no sampler wodds run knows"))?;
    let path = PathBuf::from(path);
    let Setup { scenario, inputs } =
        setup(&path, m.inputs.trials, m.inputs.seed, &m.inputs.editions)?;
    let (entry, editions) = part_inputs(&path, &scenario)?;
    parts.check_inputs(&[entry], &editions)?;
    crate::output::check(output, &inputs)?;
    let engines = engines(&scenario, sampler, quiet)?;
    let bar = crate::run::progress_bar(quiet, engines.len() as u64, "tallies");
    let name = part_name(&path);
    let results = scenario
        .editions
        .iter()
        .zip(&engines)
        .map(|(rules, engine)| {
            let frame = conflict::Engine::frame(engine);
            let tally = parts.tally(&name, &rules.id, frame.sides, frame.max_rounds)?;
            bar.inc(1);
            Ok(summarize(&scenario, rules, engine, &tally))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    bar.finish_and_clear();
    write(output, format, &scenario, &results)
}
