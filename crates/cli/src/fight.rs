//! `wodds run`: play a scenario's fights under each of its editions.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use clap::Args;
use rayon::prelude::*;
use serde::Serialize;
use wodds_report::Parts;
use wodds_report::manifest::EditionEntry;
use wodds_report::part::{
    Inputs, PartDir, PartEdition, PartManifest, PartOf, PartScenario, PartTally,
};
use wodds_rules::RuleSet;
use wodds_sim::conflict::{
    self, ConflictKind, EditionEngine, End, Figure, Sampling, Scenario, Shard, Summary, Tally,
};

use crate::output::{csv_writer, emit, opt, tidy};
use crate::run::{Format, pct};

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    wodds run scenarios/brawl.toml --trials 1000000\n  \
    wodds run scenarios/brawl.toml --shard 0/2 --output parts/0   (then 1/2, then wodds merge)")]
pub struct RunScenarioArgs {
    /// The scenario file.
    scenario: PathBuf,
    /// Fights an edition (default: the scenario's), 1..=1000000000.
    #[arg(long, value_parser = crate::run::parse_trials)]
    trials: Option<u64>,
    /// Seed (default: the scenario's).
    #[arg(long, value_parser = crate::run::parse_seed, allow_hyphen_values = true)]
    seed: Option<u64>,
    /// Editions to run instead of the scenario's, comma-separated (ids or house-rule paths).
    #[arg(long, value_delimiter = ',')]
    editions: Vec<String>,
    /// How fights are drawn: `round` (a whole round at a time from the
    /// fight's exact round chain, when its states are few enough; else as
    /// `outcome`), `outcome` (whole attacks and rolls from alias tables over
    /// their exact distributions) or `die` (every die from the d10 kernel).
    #[arg(long, value_enum, default_value_t = SamplerArg::Round)]
    sampler: SamplerArg,
    /// Output format [default: table].
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// Write to this file (whole, or not at all) instead of stdout; with
    /// --shard, the directory of the shard's part.
    #[arg(long, short)]
    output: Option<PathBuf>,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
    /// Play only shard I of N's share of the batches (I from 0) and write its
    /// tallies to --output as a part, for `wodds merge`.
    #[arg(long, value_name = "I/N", allow_hyphen_values = true, value_parser = crate::report::parse_shard)]
    shard: Option<Shard>,
    /// With --shard, replace --output even if it is not a part's directory.
    #[arg(long, requires = "shard")]
    force: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum SamplerArg {
    Round,
    Outcome,
    Die,
}

/// One edition's results.
#[derive(Debug, Serialize)]
struct EditionResult {
    edition: String,
    fights: u64,
    /// How the fights were drawn: `round-chain`, `outcome` (rolls and
    /// whole attacks from alias tables) or `per-die`.
    sampler: &'static str,
    /// States of the round chain, when there is one.
    chain_states: Option<usize>,
    sides: Vec<SideResult>,
    draws: f64,
    /// The exact chance of a draw, from the round chain.
    exact_draws: Option<f64>,
    /// How fights end: a fight's ways, or a chase's.
    ended: Vec<(&'static str, f64)>,
    /// The same, exactly, from the round chain.
    exact_ended: Option<Vec<(&'static str, f64)>>,
    mean_rounds: Option<f64>,
    /// The exact mean, from the round chain.
    exact_mean_rounds: Option<f64>,
    median_rounds: Option<u32>,
    p90_rounds: Option<u32>,
    winner_damage: Option<f64>,
    willpower_per_fight: Option<f64>,
    botches_per_fight: Option<f64>,
    /// Grapples reversed a conflict (scenarios with grapples only).
    reversals: Option<f64>,
    /// The same, exactly, from the round chain.
    exact_reversals: Option<f64>,
    /// Health levels dealt by grapple effects a conflict (scenarios with
    /// grapples only).
    effect_damage: Option<f64>,
    /// The same, exactly, from the round chain.
    exact_effect_damage: Option<f64>,
    /// What `track` follows (`lead` for a chase, `control` for a
    /// grapple), or `None` for a fight.
    track_name: Option<&'static str>,
    /// The track by round, among the conflicts still going after it.
    track: Vec<TrackResult>,
    seed: u64,
    rules_hash: String,
    wodds_version: &'static str,
}

/// The track after one round, among the conflicts still going.
#[derive(Debug, Serialize)]
struct TrackResult {
    round: u32,
    /// The share of conflicts still going after the round.
    going: f64,
    /// The mean track among them, and its 95% interval.
    mean: f64,
    mean_low: f64,
    mean_high: f64,
    /// The exact mean, from the round chain.
    exact_mean: Option<f64>,
    /// The exact share still going.
    exact_going: Option<f64>,
    /// The estimate's 10th and 90th percentiles.
    p10: i32,
    p90: i32,
}

#[derive(Debug, Serialize)]
struct SideResult {
    side: String,
    win_rate: f64,
    win_low: f64,
    win_high: f64,
    /// The exact chance it wins, from the round chain.
    exact_win_rate: Option<f64>,
}

/// A scenario read with the command's overrides, the files it reads,
/// and its engines.
struct Setup {
    scenario: Scenario,
    inputs: Vec<PathBuf>,
}

impl SamplerArg {
    fn sampling(self) -> Sampling {
        match self {
            SamplerArg::Round => Sampling::Round,
            SamplerArg::Outcome => Sampling::Outcome,
            SamplerArg::Die => Sampling::PerDie,
        }
    }

    /// Its name on the command line.
    fn name(self) -> &'static str {
        match self {
            SamplerArg::Round => "round",
            SamplerArg::Outcome => "outcome",
            SamplerArg::Die => "die",
        }
    }

    fn from_name(name: &str) -> Option<SamplerArg> {
        [SamplerArg::Round, SamplerArg::Outcome, SamplerArg::Die]
            .into_iter()
            .find(|s| s.name() == name)
    }
}

/// The rules `--editions` names, each once.
pub fn load_editions(editions: &[String]) -> anyhow::Result<Vec<RuleSet>> {
    let mut loaded = Vec::new();
    for e in editions {
        let rules = RuleSet::load(e).context("--editions")?;
        if let Some(twice) = conflict::same_edition(&loaded, &rules) {
            bail!("--editions: {}", conflict::twice_words(e, twice));
        }
        loaded.push(rules);
    }
    Ok(loaded)
}

/// Reads `path` with the overrides.
fn setup(
    path: &Path,
    trials: Option<u64>,
    seed: Option<u64>,
    editions: &[String],
) -> anyhow::Result<Setup> {
    let mut scenario = Scenario::load(path)?;
    if let Some(t) = trials {
        scenario.trials = t;
    }
    if let Some(s) = seed {
        scenario.seed = s;
    }
    if !editions.is_empty() {
        scenario.editions = load_editions(editions)?;
    }
    let mut inputs = vec![path.to_path_buf()];
    inputs.extend(
        scenario
            .editions
            .iter()
            .flat_map(|r| r.files().iter().cloned()),
    );
    Ok(Setup { scenario, inputs })
}

/// Compiles every engine before any fight, so bad input fails first (the
/// editions' round chains are built side by side).
fn engines(scenario: &Scenario, sampler: SamplerArg) -> anyhow::Result<Vec<EditionEngine>> {
    Ok(scenario
        .editions
        .par_iter()
        .map(|rules| EditionEngine::new(scenario, rules, sampler.sampling()))
        .collect::<Vec<_>>()
        // The first edition's error, whichever thread finished first.
        .into_iter()
        .collect::<Result<Vec<_>, _>>()?)
}

pub fn run(args: &RunScenarioArgs) -> anyhow::Result<()> {
    if let Some(shard) = args.shard {
        return run_shard(args, shard);
    }
    let Setup { scenario, inputs } = setup(&args.scenario, args.trials, args.seed, &args.editions)?;
    crate::output::check(args.output.as_deref(), &inputs)?;
    let engines = engines(&scenario, args.sampler)?;
    let total = scenario.trials * engines.len() as u64;
    let bar = crate::run::progress_bar(args.quiet, total, "fights");
    let results: Vec<EditionResult> = scenario
        .editions
        .iter()
        .zip(&engines)
        .map(|(rules, engine)| {
            let tally = conflict::run(engine, &rules.id, scenario.trials, scenario.seed, &|n| {
                bar.inc(n)
            });
            summarize(&scenario, rules, engine, &tally)
        })
        .collect();
    bar.finish_and_clear();
    write(
        args.output.as_deref(),
        args.format.unwrap_or(Format::Table),
        &scenario,
        &results,
    )
}

/// Prints (or writes to `output`) the results as `format` asks.
fn write(
    output: Option<&Path>,
    format: Format,
    scenario: &Scenario,
    results: &[EditionResult],
) -> anyhow::Result<()> {
    emit(output, |out| match format {
        Format::Json => {
            serde_json::to_writer_pretty(&mut *out, &results)?;
            writeln!(out)
        }
        Format::Csv => write_csv(out, scenario, results),
        Format::Table => write_table(out, scenario, results),
    })
}

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
    let bytes =
        std::fs::read(path).with_context(|| format!("{}: cannot read it", path.display()))?;
    let entry = PartScenario {
        name: part_name(path),
        file: path.display().to_string(),
        sha256: wodds_report::manifest::sha256(&bytes),
        trials: scenario.trials,
        seed: scenario.seed,
        editions: scenario
            .editions
            .iter()
            .map(|e| PartEdition {
                id: e.id.clone(),
                rules_hash: e.hash().to_string(),
            })
            .collect(),
    };
    let editions = scenario
        .editions
        .iter()
        .map(|e| EditionEntry {
            id: e.id.clone(),
            name: e.name.clone(),
            rules_hash: e.hash().to_string(),
            standard_difficulty: e.dice.standard_difficulty,
            settings: wodds_report::manifest::settings_of(e),
        })
        .collect();
    Ok((entry, editions))
}

/// `wodds run --shard i/n`: plays the shard's batches of every edition and
/// writes their tallies as a part.
fn run_shard(args: &RunScenarioArgs, shard: Shard) -> anyhow::Result<()> {
    if args.format.is_some() {
        bail!("--format: a shard writes a part, not a table; give --format to wodds merge");
    }
    let Some(out) = &args.output else {
        bail!("--shard: give --output DIR, the directory of the shard's part");
    };
    let Setup { scenario, .. } = setup(&args.scenario, args.trials, args.seed, &args.editions)?;
    let dir = PartDir::stage(out, args.force, "--output")?;
    let engines = engines(&scenario, args.sampler)?;
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
    let written = dir.write(manifest, &tallies)?;
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
    let engines = engines(&scenario, sampler)?;
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

fn summarize(
    scenario: &Scenario,
    rules: &RuleSet,
    engine: &EditionEngine,
    t: &Tally,
) -> EditionResult {
    let s = Summary::new(engine, t);
    let (est, exact) = (&s.estimate, s.exact.as_ref());
    let value = |f: Option<Figure>| f.map(|f| tidy(f.value));
    let grapples = scenario.kind == ConflictKind::Grapple || scenario.grapples();
    EditionResult {
        edition: rules.id.clone(),
        fights: s.fights,
        sampler: s.sampler,
        chain_states: s.chain_states,
        sides: scenario
            .sides
            .iter()
            .zip(&est.wins)
            .enumerate()
            .map(|(i, (side, f))| SideResult {
                side: side.name.clone(),
                win_rate: tidy(f.value),
                win_low: tidy(f.low),
                win_high: tidy(f.high),
                exact_win_rate: exact.map(|x| tidy(x.wins[i].value)),
            })
            .collect(),
        draws: tidy(est.draws().value),
        exact_draws: exact.map(|x| tidy(x.draws().value)),
        ended: scenario
            .ends()
            .iter()
            .map(|&e| (e.name(), tidy(est.end(e).value)))
            .collect(),
        exact_ended: exact.map(|x| {
            scenario
                .ends()
                .iter()
                .map(|&e| (e.name(), tidy(x.end(e).value)))
                .collect()
        }),
        mean_rounds: value(est.rounds_mean),
        exact_mean_rounds: exact.and_then(|x| value(x.rounds_mean)),
        median_rounds: t.quantile_rounds(0.5),
        p90_rounds: t.quantile_rounds(0.9),
        winner_damage: value(est.winner_damage),
        willpower_per_fight: value(est.willpower),
        botches_per_fight: value(est.botches),
        reversals: grapples.then(|| value(est.reversals)).flatten(),
        exact_reversals: grapples
            .then(|| exact.and_then(|x| value(x.reversals)))
            .flatten(),
        effect_damage: grapples.then(|| value(est.harm)).flatten(),
        exact_effect_damage: grapples
            .then(|| exact.and_then(|x| value(x.harm)))
            .flatten(),
        track_name: scenario.kind.track_name(),
        track: est
            .track
            .iter()
            .map(|row| {
                let exactly = exact.and_then(|x| x.track.iter().find(|e| e.round == row.round));
                TrackResult {
                    round: row.round,
                    going: tidy(row.going.value),
                    mean: tidy(row.mean.value),
                    mean_low: tidy(row.mean.low),
                    mean_high: tidy(row.mean.high),
                    exact_mean: exactly.map(|e| tidy(e.mean.value)),
                    exact_going: exactly.map(|e| tidy(e.going.value)),
                    p10: row.p10,
                    p90: row.p90,
                }
            })
            .collect(),
        seed: scenario.seed,
        rules_hash: rules.hash().to_string(),
        wodds_version: env!("CARGO_PKG_VERSION"),
    }
}

fn write_csv(
    out: &mut dyn Write,
    scenario: &Scenario,
    results: &[EditionResult],
) -> io::Result<()> {
    if scenario.kind == ConflictKind::Chase {
        return write_chase_csv(out, results);
    }
    let mut w = csv_writer(out);
    let ends = scenario.ends();
    let ended: Vec<&End> = ends.iter().filter(|&&e| e != End::Draw).collect();
    let mut head = vec![
        "edition",
        "side",
        "win_rate",
        "win_low",
        "win_high",
        "exact_win_rate",
        "draws",
        "exact_draws",
    ];
    let names: Vec<String> = ended.iter().map(|e| e.name().replace(' ', "_")).collect();
    head.extend(names.iter().map(String::as_str));
    head.extend([
        "mean_rounds",
        "exact_mean_rounds",
        "median_rounds",
        "p90_rounds",
        "winner_damage",
        "willpower_per_fight",
        "botches_per_fight",
        "sampler",
        "trials",
        "seed",
        "rules_hash",
        "wodds_version",
    ]);
    w.write_record(&head)?;
    for r in results {
        for s in &r.sides {
            let mut row = vec![
                r.edition.clone(),
                s.side.clone(),
                s.win_rate.to_string(),
                s.win_low.to_string(),
                s.win_high.to_string(),
                opt(s.exact_win_rate),
                r.draws.to_string(),
                opt(r.exact_draws),
            ];
            row.extend(
                r.ended
                    .iter()
                    .filter(|(name, _)| *name != "draw")
                    .map(|(_, p)| p.to_string()),
            );
            row.extend([
                opt(r.mean_rounds),
                opt(r.exact_mean_rounds),
                opt(r.median_rounds),
                opt(r.p90_rounds),
                opt(r.winner_damage),
                opt(r.willpower_per_fight),
                opt(r.botches_per_fight),
                r.sampler.to_string(),
                r.fights.to_string(),
                r.seed.to_string(),
                r.rules_hash.clone(),
                r.wodds_version.to_string(),
            ]);
            w.write_record(&row)?;
        }
    }
    w.flush()
}

/// A chase's CSV: the ways it ends in place of a fight's.
fn write_chase_csv(out: &mut dyn Write, results: &[EditionResult]) -> io::Result<()> {
    let mut w = csv_writer(out);
    let share = |r: &EditionResult, name: &str| {
        r.ended
            .iter()
            .find(|(n, _)| *n == name)
            .map_or(String::new(), |(_, p)| p.to_string())
    };
    let exact = |r: &EditionResult, name: &str| {
        r.exact_ended
            .as_ref()
            .and_then(|e| e.iter().find(|(n, _)| *n == name))
            .map_or(String::new(), |(_, p)| p.to_string())
    };
    w.write_record([
        "edition",
        "side",
        "win_rate",
        "win_low",
        "win_high",
        "exact_win_rate",
        "draws",
        "exact_draws",
        "escaped",
        "exact_escaped",
        "caught",
        "exact_caught",
        "run_out",
        "exact_run_out",
        "obstacle",
        "exact_obstacle",
        "incapacitated",
        "exact_incapacitated",
        "killed",
        "exact_killed",
        "mean_rounds",
        "exact_mean_rounds",
        "median_rounds",
        "p90_rounds",
        "botches_per_chase",
        "sampler",
        "trials",
        "seed",
        "rules_hash",
        "wodds_version",
    ])?;
    for r in results {
        for s in &r.sides {
            w.write_record([
                r.edition.clone(),
                s.side.clone(),
                s.win_rate.to_string(),
                s.win_low.to_string(),
                s.win_high.to_string(),
                opt(s.exact_win_rate),
                r.draws.to_string(),
                opt(r.exact_draws),
                share(r, "escaped"),
                exact(r, "escaped"),
                share(r, "caught"),
                exact(r, "caught"),
                share(r, "run-out"),
                exact(r, "run-out"),
                share(r, "obstacle"),
                exact(r, "obstacle"),
                share(r, "incapacitated"),
                exact(r, "incapacitated"),
                share(r, "killed"),
                exact(r, "killed"),
                opt(r.mean_rounds),
                opt(r.exact_mean_rounds),
                opt(r.median_rounds),
                opt(r.p90_rounds),
                opt(r.botches_per_fight),
                r.sampler.to_string(),
                r.fights.to_string(),
                r.seed.to_string(),
                r.rules_hash.clone(),
                r.wodds_version.to_string(),
            ])?;
        }
    }
    w.flush()
}

fn write_table(
    out: &mut dyn Write,
    scenario: &Scenario,
    results: &[EditionResult],
) -> io::Result<()> {
    let chase = scenario.kind == ConflictKind::Chase;
    // A chase without shots cannot end with a party put down (a fight
    // that turns into a chase can).
    let calm = chase
        && scenario
            .chase
            .as_ref()
            .is_some_and(|c| c.attacks == [false; 2]);
    let what = match scenario.kind {
        ConflictKind::Combat => "fights",
        ConflictKind::Chase => "chases",
        ConflictKind::Grapple => "grapples",
    };
    writeln!(
        out,
        "{}: {} {what} an edition, seed {}",
        scenario.name, scenario.trials, scenario.seed
    )?;
    for r in results {
        writeln!(out)?;
        writeln!(
            out,
            "{} (rules {}, wodds {})",
            r.edition, r.rules_hash, r.wodds_version
        )?;
        match r.chain_states {
            Some(states) => writeln!(
                out,
                "  drawn a round at a time from its exact round chain ({states} states)"
            )?,
            None if r.sampler == "per-die" => writeln!(out, "  drawn die by die")?,
            None => writeln!(
                out,
                "  drawn by the outcome sampler (rolls and attacks from exact alias tables)"
            )?,
        }
        let exact = |p: Option<f64>| p.map_or(String::new(), |p| format!("  exactly {}", pct(p)));
        writeln!(out, "  {:<24} {:>8}  95% interval", "side", "wins")?;
        for s in &r.sides {
            writeln!(
                out,
                "  {:<24} {:>8}  {} - {}{}",
                s.side,
                pct(s.win_rate),
                pct(s.win_low),
                pct(s.win_high),
                exact(s.exact_win_rate)
            )?;
        }
        writeln!(out, "  draws {}{}", pct(r.draws), exact(r.exact_draws))?;
        let ended: Vec<String> = r
            .ended
            .iter()
            .filter(|(name, _)| *name != "draw")
            .filter(|(name, _)| {
                !(calm
                    && [End::Incapacitated, End::Killed]
                        .iter()
                        .any(|e| e.name() == *name))
            })
            .map(|(name, p)| {
                let exactly = r
                    .exact_ended
                    .as_ref()
                    .and_then(|e| e.iter().find(|(n, _)| n == name))
                    .map_or(String::new(), |(_, q)| format!(" (exactly {})", pct(*q)));
                format!("{name} {}{exactly}", pct(*p))
            })
            .collect();
        writeln!(out, "  ended: {}", ended.join(", "))?;
        let f = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:.2}"));
        writeln!(
            out,
            "  rounds: mean {}{}, median {}, 90th percentile {}",
            f(r.mean_rounds),
            r.exact_mean_rounds
                .map_or(String::new(), |m| format!(" (exactly {m:.2})")),
            opt(r.median_rounds),
            opt(r.p90_rounds)
        )?;
        let one = what.trim_end_matches('s');
        if let (Some(rev), Some(harm)) = (r.reversals, r.effect_damage) {
            let exactly =
                |x: Option<f64>| x.map_or(String::new(), |x| format!(" (exactly {x:.2})"));
            writeln!(
                out,
                "  reversals {rev:.2}{} a {one}; damage from grapple effects {harm:.2}{} levels a {one}",
                exactly(r.exact_reversals),
                exactly(r.exact_effect_damage)
            )?;
        }
        write_track(out, r)?;
        if chase && !calm {
            writeln!(
                out,
                "  winner's damage {} levels; botches {} a chase",
                f(r.winner_damage),
                f(r.botches_per_fight)
            )?;
        } else if chase {
            writeln!(out, "  botches {} a chase", f(r.botches_per_fight))?;
        } else {
            writeln!(
                out,
                "  winner's damage {} levels; Willpower {} a {one}; botches {} a {one}",
                f(r.winner_damage),
                f(r.willpower_per_fight),
                f(r.botches_per_fight)
            )?;
        }
    }
    Ok(())
}

/// The track by round, as a small table: rounds 1 to 10, then every fifth
/// while a share of conflicts is still going (all of them in JSON).
fn write_track(out: &mut dyn Write, r: &EditionResult) -> io::Result<()> {
    let Some(name) = r.track_name else {
        return Ok(());
    };
    if r.track.is_empty() {
        return Ok(());
    }
    let exact = r.track.iter().any(|t| t.exact_mean.is_some());
    writeln!(
        out,
        "  {name} by round, among those still going:\n  {:>7} {:>8} {:>7}  {:<15}{} {:>8}",
        "round",
        "going",
        "mean",
        "95% interval",
        if exact { "  exactly" } else { "" },
        "p10..p90"
    )?;
    for t in r.track.iter().filter(|t| t.round <= 10 || t.round % 5 == 0) {
        writeln!(
            out,
            "  {:>7} {:>8} {:>7}  {:<15}{} {:>8}",
            t.round,
            pct(t.going),
            two(t.mean),
            format!("{}..{}", two(t.mean_low), two(t.mean_high)),
            t.exact_mean
                .map_or(String::new(), |m| format!("  {:>7}", two(m))),
            format!("{}..{}", t.p10, t.p90)
        )?;
    }
    Ok(())
}

/// A signed figure with two decimals, never `-0.00` (a value just below
/// 0 rounds to `0.00`).
fn two(x: f64) -> String {
    let s = format!("{x:.2}");
    if s == "-0.00" { "0.00".to_string() } else { s }
}
