//! Conflicts — fights, chases and grapples: a scenario's engines under
//! each edition, its conflicts played (or their tallies added up from
//! elsewhere, [`Tallies`]) and summarized, and its part of the report
//! ([`section`]), holding what [`super::section`] says a scenario
//! reports.

use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;
use wodds_rules::RuleSet;
use wodds_sim::conflict::{
    self, EditionEngine, End, Engine, Figure, Figures, Sampling, Scenario, Shard, Summary, Tally,
};

use super::inputs::Loaded;
use crate::compute::rows::{Bucket, Metric, prob};
use crate::compute::section::{
    EditionRun, MetricLabel, Section, Unit, charts, ended, ends, figures, kind_name, labels, noun,
    track_distribution, track_mean, track_name, track_words,
};
use crate::error::ReportError;
use crate::progress::{FIGHT_UNITS, Progress};

/// A scenario's conflicts under one edition.
#[derive(Debug, Clone)]
pub struct CombatRun {
    /// The edition.
    pub rules: RuleSet,
    /// Its figures.
    pub summary: Summary,
    /// The track's distribution by round, for a conflict that keeps one
    /// (else empty): `track[r - 1]` lists, by value, the chance that the
    /// conflict is still going after round `r` with its track at that
    /// value. Exact from the round chain where there is one (as
    /// [`Summary::exact`] is), else the share of the conflicts played.
    pub track: Vec<Vec<(i32, f64)>>,
}

/// Builds every edition's engine of `scenario` (side by side, the round
/// chains included), so that bad input fails before any conflict.
pub fn engines(scenario: &Scenario, file: &str) -> Result<Vec<EditionEngine>, ReportError> {
    engines_as(scenario, file, Sampling::Round)
}

/// [`engines`], drawing by `sampling`.
fn engines_as(
    scenario: &Scenario,
    file: &str,
    sampling: Sampling,
) -> Result<Vec<EditionEngine>, ReportError> {
    scenario
        .editions
        .par_iter()
        .map(|rules| EditionEngine::new(scenario, rules, sampling))
        .collect::<Vec<_>>()
        .into_iter()
        .collect::<Result<Vec<_>, _>>()
        .map_err(|source| ReportError::Rules {
            context: file.to_string(),
            source,
        })
}

/// Compiles every scenario's engines, with no round chain or outcome
/// table (the per-die sampler's, which builds neither), so that bad input
/// fails before any work when the chains are built a scenario at a time.
pub(crate) fn compile_all(loaded: &[Loaded]) -> Result<(), ReportError> {
    for l in loaded {
        engines_as(&l.scenario, &l.file, Sampling::PerDie)?;
    }
    Ok(())
}

/// Tallies added up elsewhere: the shards' parts `wodds merge` reads.
pub trait Tallies {
    /// The tally of the scenario named `scenario` in the report under
    /// `edition`, for a conflict of `sides` sides and at most
    /// `max_rounds` rounds.
    fn tally(
        &self,
        scenario: &str,
        edition: &str,
        sides: usize,
        max_rounds: u32,
    ) -> Result<Tally, ReportError>;
}

/// Where a report's conflicts come from.
#[derive(Clone, Copy)]
pub enum Source<'a> {
    /// Played here, every batch.
    Play,
    /// Added up elsewhere (the shards' parts).
    Tallied(&'a dyn Tallies),
}

/// A scenario's section, given its engines: its conflicts played (or
/// their tallies taken from `source`) under each of its editions,
/// summarized.
pub(crate) fn section_of(
    l: &Loaded,
    engines: &[EditionEngine],
    source: Source,
    progress: &dyn Progress,
) -> Result<Section, ReportError> {
    let trials = l.scenario.trials.max(1);
    let mut runs = Vec::new();
    for (rules, engine) in l.scenario.editions.iter().zip(engines) {
        progress.message(&format!(
            "{}: {} {}s under {}",
            l.slug,
            trials,
            noun(&l.scenario),
            rules.id
        ));
        let done = AtomicU64::new(0);
        let on_batch = |_: &str, n: u64| {
            let before = done.fetch_add(n, Ordering::Relaxed);
            let after = before + n;
            progress.advance(after * FIGHT_UNITS / trials - before * FIGHT_UNITS / trials);
        };
        runs.push(match source {
            Source::Play => run_one(&l.scenario, rules, engine, &on_batch),
            Source::Tallied(tallies) => {
                let frame = Engine::frame(engine);
                let tally = tallies.tally(&l.slug, &rules.id, frame.sides, frame.max_rounds)?;
                progress.advance(FIGHT_UNITS);
                summarize(rules, engine, &tally)
            }
        });
    }
    Ok(section(&l.slug, &l.file, &l.scenario, &runs))
}

/// Plays `shard`'s share of a scenario's conflicts (its batches of each
/// edition) with its `engines`: a tally per edition, in order.
pub(crate) fn play_shard(
    l: &Loaded,
    engines: &[EditionEngine],
    shard: Shard,
    progress: &dyn Progress,
) -> Vec<Tally> {
    let fights = shard.fights(l.scenario.trials);
    let mut of_scenario = Vec::new();
    for (rules, engine) in l.scenario.editions.iter().zip(engines) {
        progress.message(&format!(
            "{}: shard {shard}, {fights} {}s under {}",
            l.slug,
            noun(&l.scenario),
            rules.id
        ));
        let done = AtomicU64::new(0);
        let on_batch = |n: u64| {
            let before = done.fetch_add(n, Ordering::Relaxed);
            let after = before + n;
            progress.advance(after * FIGHT_UNITS / fights - before * FIGHT_UNITS / fights);
        };
        let tally = conflict::run_shard(
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
        of_scenario.push(tally);
    }
    of_scenario
}

/// Plays `scenario`'s conflicts under `rules` with `engine`; `progress` is
/// told the edition and size of each finished batch.
pub fn run_one(
    scenario: &Scenario,
    rules: &RuleSet,
    engine: &EditionEngine,
    progress: &(dyn Fn(&str, u64) + Sync),
) -> CombatRun {
    let tally = conflict::run(engine, &rules.id, scenario.trials, scenario.seed, &|n| {
        progress(&rules.id, n)
    });
    summarize(rules, engine, &tally)
}

/// A scenario's conflicts under `rules` from their `tally`, played with
/// `engine` (or added up from the shards' parts).
pub fn summarize(rules: &RuleSet, engine: &EditionEngine, tally: &Tally) -> CombatRun {
    let summary = Summary::new(engine, tally);
    let keeps_track = !summary.estimate.track.is_empty()
        || summary.exact.as_ref().is_some_and(|x| !x.track.is_empty());
    let track = match (keeps_track, engine.chain(), &tally.track) {
        (false, _, _) => Vec::new(),
        (true, Some(chain), _) => chain.outcomes().track.unwrap_or_default(),
        (true, None, Some(t)) => {
            let n = tally.fights.max(1) as f64;
            (1..=t.rounds())
                .map(|r| t.values(r).map(|(v, c)| (v, c as f64 / n)).collect())
                .collect()
        }
        (true, None, None) => Vec::new(),
    };
    CombatRun {
        rules: rules.clone(),
        summary,
        track,
    }
}

/// How an edition's conflicts were drawn, in words.
fn how(s: &Summary, noun: &str) -> String {
    let how = match (s.sampler, s.chain_states) {
        (_, Some(states)) => format!(
            "{} {noun}s drawn a round at a time from the exact round chain ({states} states): exact figures known",
            s.fights
        ),
        ("per-die", None) => format!("{} {noun}s drawn die by die: estimates only", s.fights),
        _ => match &s.no_chain {
            Some(why) => format!(
                "{} {noun}s drawn by the outcome sampler (no round chain: {why}): estimates only",
                s.fights
            ),
            None => format!(
                "{} {noun}s drawn by the outcome sampler: estimates only",
                s.fights
            ),
        },
    };
    match s.caveat {
        // In brackets: the page may follow the line with its track.
        Some(c) => format!("{how} (note: {c})"),
        None => how,
    }
}

/// A figure held to 0..=1 when it is a probability.
fn held(f: Figure, unit: Unit) -> Figure {
    match unit {
        Unit::Share => Figure {
            value: prob(f.value),
            low: prob(f.low),
            high: prob(f.high),
        },
        Unit::Count => f,
    }
}

/// A scenario's part of the report.
pub fn section(slug: &str, file: &str, scenario: &Scenario, runs: &[CombatRun]) -> Section {
    let kind = kind_name(scenario);
    let figure_labels = figures(scenario);
    let mut metrics = Vec::new();
    let mut buckets = Vec::new();
    for run in runs {
        let s = &run.summary;
        let of = Of {
            slug,
            scenario,
            run,
            labels: &figure_labels,
        };
        metrics.extend(of.metrics(&s.estimate, false));
        if let Some(exact) = &s.exact {
            metrics.extend(of.metrics(exact, true));
        }
        buckets.extend(of.buckets());
    }
    Section {
        slug: slug.to_string(),
        title: scenario.name.clone(),
        file: file.to_string(),
        kind: kind.to_string(),
        trials: scenario.trials,
        seed: scenario.seed,
        sides: scenario.sides.iter().map(|s| s.name.clone()).collect(),
        editions: runs
            .iter()
            .map(|r| EditionRun {
                id: r.rules.id.clone(),
                rules_hash: r.rules.hash().to_string(),
                how: how(&r.summary, noun(scenario)),
                track: track_words(scenario, &r.rules),
            })
            .collect(),
        metrics,
        buckets,
        labels: labels(scenario),
        headline: "win_rate".to_string(),
        charts: charts(scenario),
    }
}

/// One edition's run of a scenario, as its rows are made.
struct Of<'a> {
    /// The scenario's name in the report.
    slug: &'a str,
    scenario: &'a Scenario,
    run: &'a CombatRun,
    /// The scenario's figures beside its wins and ends ([`figures`]).
    labels: &'a [MetricLabel],
}

impl Of<'_> {
    /// The summary rows of the run's `figures`, exact (from the round
    /// chain) or estimated.
    fn metrics(&self, figures: &Figures, exact: bool) -> Vec<Metric> {
        let (scenario, run) = (self.scenario, self.run);
        let s = &run.summary;
        let kind = kind_name(scenario);
        let row = |side: Option<&str>, metric: &str, round: Option<u32>, f: Figure| Metric {
            scenario: self.slug.to_string(),
            kind: kind.to_string(),
            edition: run.rules.id.clone(),
            side: side.map(str::to_string),
            metric: metric.to_string(),
            round,
            value: f.value,
            ci_low: f.low,
            ci_high: f.high,
            exact,
            trials: (!exact).then_some(s.fights),
            seed: (!exact).then_some(scenario.seed),
            sampler: if exact { "exact" } else { s.sampler }.to_string(),
            rules_hash: run.rules.hash().to_string(),
        };
        let share = |f: Figure| held(f, Unit::Share);
        let mut metrics = Vec::new();
        for (side, f) in scenario.sides.iter().zip(&figures.wins) {
            metrics.push(row(Some(&side.name), "win_rate", None, share(*f)));
        }
        metrics.push(row(None, "draws", None, share(figures.draws())));
        for &e in ends(scenario).iter().filter(|&&e| e != End::Draw) {
            metrics.push(row(None, &ended(e), None, share(figures.end(e))));
        }
        for l in self.labels {
            let f = match l.metric.as_str() {
                "rounds_mean" => figures.rounds_mean,
                "rounds_median" => figures.rounds_median,
                "rounds_p90" => figures.rounds_p90,
                "winner_damage" => figures.winner_damage,
                "willpower" => figures.willpower,
                "botches" => figures.botches,
                _ => None,
            };
            if let Some(f) = f {
                metrics.push(row(None, &l.metric, None, held(f, l.unit)));
            }
        }
        if let Some(track) = track_name(scenario) {
            for t in &figures.track {
                metrics.push(row(None, "going", Some(t.round), share(t.going)));
            }
            for t in &figures.track {
                metrics.push(row(None, &track_mean(track), Some(t.round), t.mean));
            }
        }
        metrics
    }

    /// The run's distributions: exact from the chain where there is one.
    fn buckets(&self) -> Vec<Bucket> {
        let run = self.run;
        let s = &run.summary;
        let best = s.best();
        let exact = s.exact.is_some();
        let bucket = |metric: &str, b: usize, track: Option<i32>, p: f64| Bucket {
            scenario: self.slug.to_string(),
            edition: run.rules.id.clone(),
            metric: metric.to_string(),
            bucket: b as u32,
            track,
            probability: p,
            exact,
        };
        // A conflict lasts at least a round: bucket 0 is always empty.
        let mut buckets: Vec<Bucket> = (best.rounds.iter().enumerate().skip(1))
            .map(|(r, &p)| bucket("rounds", r, None, p))
            .collect();
        if self.labels.iter().any(|l| l.metric == "winner_damage") {
            buckets.extend(
                (best.damage.iter().enumerate()).map(|(d, &p)| bucket("winner_damage", d, None, p)),
            );
        }
        if let Some(track) = track_name(self.scenario) {
            let metric = track_distribution(track);
            for (r, values) in run.track.iter().enumerate() {
                buckets.extend(
                    values
                        .iter()
                        .filter(|&&(_, p)| p > 0.0)
                        .map(|&(v, p)| bucket(&metric, r + 1, Some(v), p)),
                );
            }
        }
        buckets
    }
}
