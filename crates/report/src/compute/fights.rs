//! Conflicts — fights, chases and grapples: a scenario's runs under each
//! edition, and its part of the report.
//!
//! What a scenario reports is chosen here, each by one function that reads
//! the scenario: the ways it can end ([`ends`]), the figures a conflict of
//! it has ([`figures`]), the track it keeps by round ([`track_name`]) and
//! the charts drawn ([`charts`]).

use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;
use wodds_rules::{ChaseEngine, GrappleEngine, RuleSet};
use wodds_sim::conflict::{
    self, ConflictKind, EditionEngine, End, Engine, Figure, Figures, Sampling, Scenario, Shard,
    Summary, Tally,
};

use super::inputs::Loaded;
use crate::compute::rows::{Bucket, Metric, prob};
use crate::compute::section::{ChartSpec, EditionRun, MetricLabel, Section, Unit};
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
    scenario
        .editions
        .par_iter()
        .map(|rules| EditionEngine::new(scenario, rules, Sampling::Round))
        .collect::<Vec<_>>()
        .into_iter()
        .collect::<Result<Vec<_>, _>>()
        .map_err(|source| ReportError::Rules {
            context: file.to_string(),
            source,
        })
}

/// Every scenario's engines, a scenario at a time (see [`engines`]).
pub(crate) fn all_engines(
    loaded: &[Loaded],
    progress: &dyn Progress,
) -> Result<Vec<Vec<EditionEngine>>, ReportError> {
    loaded
        .iter()
        .map(|l| {
            progress.message(&format!("{}: building engines and round chains", l.slug));
            engines(&l.scenario, &l.file)
        })
        .collect()
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

/// Every scenario's section: its conflicts played (or their tallies
/// taken from `source`) under each of its editions, summarized.
pub(crate) fn sections(
    loaded: &[Loaded],
    engines: &[Vec<EditionEngine>],
    source: Source,
    progress: &dyn Progress,
) -> Result<Vec<Section>, ReportError> {
    let mut sections = Vec::new();
    for (l, engines) in loaded.iter().zip(engines) {
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
        sections.push(section(&l.slug, &l.file, &l.scenario, &runs));
    }
    Ok(sections)
}

/// Plays `shard`'s share of every scenario's conflicts (its batches of
/// each scenario-edition): a tally per scenario and edition, in order.
pub(crate) fn play_shard(
    loaded: &[Loaded],
    engines: &[Vec<EditionEngine>],
    shard: Shard,
    progress: &dyn Progress,
) -> Vec<Vec<Tally>> {
    let mut tallies = Vec::new();
    for (l, engines) in loaded.iter().zip(engines) {
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
        tallies.push(of_scenario);
    }
    tallies
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

/// The ways a scenario's conflicts can end, draws last: the one place
/// the report chooses them ([`Scenario::ends`]: a fight's, with a pin
/// when it grapples and the chase's ends when a flight is pursued; a
/// chase's; a grapple's).
pub fn ends(scenario: &Scenario) -> Vec<End> {
    scenario.ends()
}

/// The scenario's kind as the `kind` column and the page name it:
/// `combat`, `chase`, `grapple`.
pub fn kind_name(scenario: &Scenario) -> &'static str {
    match scenario.kind {
        ConflictKind::Combat => "combat",
        ConflictKind::Chase => "chase",
        ConflictKind::Grapple => "grapple",
    }
}

/// The track a scenario's conflicts keep by round (`lead`, `control`),
/// if any.
pub fn track_name(scenario: &Scenario) -> Option<&'static str> {
    scenario.kind.track_name()
}

/// The figures of a whole conflict beside its wins and ends, with their
/// words and units: a chase has no damage and spends no Willpower, so it
/// reports its rounds and botches only.
pub fn figures(scenario: &Scenario) -> Vec<MetricLabel> {
    let noun = noun(scenario);
    let l = |metric: &str, label: String, unit| MetricLabel {
        metric: metric.to_string(),
        label,
        unit,
    };
    let mut v = vec![
        l("rounds_mean", "rounds: mean".into(), Unit::Count),
        l("rounds_median", "rounds: median".into(), Unit::Count),
        l("rounds_p90", "rounds: 90th percentile".into(), Unit::Count),
    ];
    if scenario.kind != ConflictKind::Chase {
        v.push(l(
            "winner_damage",
            "winner's damage (health levels)".into(),
            Unit::Count,
        ));
        v.push(l(
            "willpower",
            format!("Willpower spent a {noun}"),
            Unit::Count,
        ));
    }
    v.push(l("botches", format!("botches a {noun}"), Unit::Count));
    v
}

/// What one conflict of the scenario is called: `fight`, `chase`,
/// `grapple`.
pub fn noun(scenario: &Scenario) -> &'static str {
    match scenario.kind {
        ConflictKind::Combat => "fight",
        ConflictKind::Chase => "chase",
        ConflictKind::Grapple => "grapple",
    }
}

/// The metric of ending as `e` (`ended_no_grapple`); a draw's is `draws`.
pub fn ended(e: End) -> String {
    if e == End::Draw {
        "draws".to_string()
    } else {
        format!("ended_{}", e.name().replace([' ', '-'], "_"))
    }
}

/// The metric of the track's mean by round (`lead_mean`).
fn track_mean(track: &str) -> String {
    format!("{track}_mean")
}

/// The metric of the track's distribution by round (`lead_by_round`).
fn track_distribution(track: &str) -> String {
    format!("{track}_by_round")
}

/// The metrics of a conflict, in the page's order.
fn labels(scenario: &Scenario) -> Vec<MetricLabel> {
    let l = |metric: &str, label: &str, unit| MetricLabel {
        metric: metric.to_string(),
        label: label.to_string(),
        unit,
    };
    let mut v = vec![
        l("win_rate", "wins", Unit::Share),
        l("draws", "draws", Unit::Share),
    ];
    for e in ends(scenario).iter().filter(|&&e| e != End::Draw) {
        v.push(l(&ended(*e), &format!("ended: {}", e.name()), Unit::Share));
    }
    v.extend(figures(scenario));
    v
}

/// What the track counts under `rules`, in words.
fn track_words(scenario: &Scenario, rules: &RuleSet) -> Option<String> {
    match scenario.kind {
        ConflictKind::Combat => None,
        ConflictKind::Chase => Some(match rules.chase.engine {
            ChaseEngine::Lead => match &rules.chase.fta {
                Some(f) => format!(
                    "the Lead itself (the Prey caught at {}, escaping by winning a round from {})",
                    f.caught_lead, f.escape_lead
                ),
                None => "the Lead itself".to_string(),
            },
            ChaseEngine::Race => "the Prey's successes ahead of the Predator's".to_string(),
            ChaseEngine::Contest => "the contests the Prey is ahead".to_string(),
        }),
        ConflictKind::Grapple => Some(
            match rules.grapple.as_ref().map(|g| g.engine) {
                Some(GrappleEngine::Control) | None => {
                    "the Grappler's Control (negative while the other holds it after a reversal)"
                }
                Some(GrappleEngine::Hold) => {
                    "1 while the hold lasts (this engine keeps no Control)"
                }
                Some(GrappleEngine::Contest) => "the contests the Grappler is ahead",
            }
            .to_string(),
        ),
    }
}

/// How an edition's conflicts were drawn, in words.
fn how(s: &Summary, noun: &str) -> String {
    match (s.sampler, s.chain_states) {
        (_, Some(states)) => format!(
            "{} {noun}s drawn a round at a time from the exact round chain ({states} states): exact figures known",
            s.fights
        ),
        ("per-die", None) => format!("{} {noun}s drawn die by die: estimates only", s.fights),
        _ => format!(
            "{} {noun}s drawn by the outcome sampler (no round chain: too many states): estimates only",
            s.fights
        ),
    }
}

/// The charts of a scenario: each side's chance to win; how it ends, where
/// it can end in other ways than a fight's; its track by round, where it
/// keeps one; the rounds to its end.
pub fn charts(scenario: &Scenario) -> Vec<ChartSpec> {
    let noun = noun(scenario);
    let mut v = vec![ChartSpec::Intervals {
        name: "win-rates".to_string(),
        title: "Chance to win, by edition".to_string(),
        metric: "win_rate".to_string(),
        axis: "chance to win (%)".to_string(),
    }];
    if ends(scenario) != End::COMBAT.to_vec() {
        v.push(ChartSpec::Ends {
            name: "ends".to_string(),
            title: format!("How the {noun} ends, by edition"),
            ends: ends(scenario)
                .iter()
                .map(|&e| MetricLabel {
                    metric: ended(e),
                    label: if e == End::Draw {
                        "draw".to_string()
                    } else {
                        e.name().to_string()
                    },
                    unit: Unit::Share,
                })
                .collect(),
        });
    }
    if let Some(track) = track_name(scenario) {
        let word = capitalised(track);
        v.push(ChartSpec::Track {
            name: format!("{track}-by-round"),
            title: format!("{word} by round, among the {noun}s still going"),
            metric: track_mean(track),
            axis: format!("mean {word}"),
        });
    }
    v.push(ChartSpec::Distribution {
        name: "rounds".to_string(),
        title: format!("Rounds to the end of the {noun}"),
        metric: "rounds".to_string(),
        x_axis: format!("rounds until the {noun} ends"),
    });
    v
}

/// `lead` -> `Lead`.
fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
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
    let track = track_name(scenario);
    let figure_labels = figures(scenario);
    let mut metrics = Vec::new();
    let mut buckets = Vec::new();
    for run in runs {
        let s = &run.summary;
        let mut push = |figures: &Figures, exact: bool| {
            let row = |side: Option<&str>, metric: &str, round: Option<u32>, f: Figure| Metric {
                scenario: slug.to_string(),
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
            for (side, f) in scenario.sides.iter().zip(&figures.wins) {
                metrics.push(row(Some(&side.name), "win_rate", None, share(*f)));
            }
            metrics.push(row(None, "draws", None, share(figures.draws())));
            for &e in ends(scenario).iter().filter(|&&e| e != End::Draw) {
                metrics.push(row(None, &ended(e), None, share(figures.end(e))));
            }
            for l in &figure_labels {
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
            if let Some(track) = track {
                for t in &figures.track {
                    metrics.push(row(None, "going", Some(t.round), share(t.going)));
                }
                for t in &figures.track {
                    metrics.push(row(None, &track_mean(track), Some(t.round), t.mean));
                }
            }
        };
        push(&s.estimate, false);
        if let Some(exact) = &s.exact {
            push(exact, true);
        }
        // Distributions: exact from the chain where there is one.
        let best = s.best();
        let exact = s.exact.is_some();
        let bucket = |metric: &str, b: usize, track: Option<i32>, p: f64| Bucket {
            scenario: slug.to_string(),
            edition: run.rules.id.clone(),
            metric: metric.to_string(),
            bucket: b as u32,
            track,
            probability: p,
            exact,
        };
        // A conflict lasts at least a round: bucket 0 is always empty.
        buckets.extend(
            (best.rounds.iter().enumerate().skip(1)).map(|(r, &p)| bucket("rounds", r, None, p)),
        );
        if figure_labels.iter().any(|l| l.metric == "winner_damage") {
            buckets.extend(
                (best.damage.iter().enumerate()).map(|(d, &p)| bucket("winner_damage", d, None, p)),
            );
        }
        if let Some(track) = track {
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
