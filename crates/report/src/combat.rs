//! Fights: a combat scenario's runs under each edition, and its part of
//! the report.

use rayon::prelude::*;
use wodds_rules::RuleSet;
use wodds_sim::combat::{
    self, ConflictKind, EditionEngine, End, Figure, Figures, Sampling, Scenario, Summary,
};

use crate::error::ReportError;
use crate::section::{ChartSpec, EditionRun, MetricLabel, Section, Unit};
use crate::table::{Bucket, Metric};

/// A scenario's fights under one edition.
#[derive(Debug, Clone)]
pub struct CombatRun {
    /// The edition.
    pub rules: RuleSet,
    /// Its figures.
    pub summary: Summary,
}

/// Builds every edition's engine of `scenario` (side by side, the round
/// chains included), so that bad input fails before any fight.
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

/// Plays `scenario`'s fights under `rules` with `engine`; `progress` is
/// told the edition and size of each finished batch.
pub fn run_one(
    scenario: &Scenario,
    rules: &RuleSet,
    engine: &EditionEngine,
    progress: &(dyn Fn(&str, u64) + Sync),
) -> CombatRun {
    let tally = combat::run(engine, &rules.id, scenario.trials, scenario.seed, &|n| {
        progress(&rules.id, n)
    });
    CombatRun {
        rules: rules.clone(),
        summary: Summary::new(engine, &tally),
    }
}

/// The ways a scenario's kind of conflict ends.
fn ends(scenario: &Scenario) -> &'static [End] {
    match scenario.kind {
        ConflictKind::Combat => &End::COMBAT,
        ConflictKind::Chase => &End::CHASE,
        ConflictKind::Grapple => &End::GRAPPLE,
    }
}

/// The metric of ending as `e` (`ended_no_grapple`).
fn ended(e: End) -> String {
    format!("ended_{}", e.name().replace(' ', "_"))
}

/// The metrics of a fight (or a grapple), in the page's order.
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
    v.extend([
        l("rounds_mean", "rounds: mean", Unit::Count),
        l("rounds_median", "rounds: median", Unit::Count),
        l("rounds_p90", "rounds: 90th percentile", Unit::Count),
        l(
            "winner_damage",
            "winner's damage (health levels)",
            Unit::Count,
        ),
        l("willpower", "Willpower spent a fight", Unit::Count),
        l("botches", "botches a fight", Unit::Count),
    ]);
    v
}

/// How an edition's fights were drawn, in words.
fn how(s: &Summary) -> String {
    match (s.sampler, s.chain_states) {
        (_, Some(states)) => format!(
            "{} fights drawn a round at a time from the exact round chain ({states} states): exact figures known",
            s.fights
        ),
        ("per-die", None) => format!("{} fights drawn die by die: estimates only", s.fights),
        _ => format!(
            "{} fights drawn by the outcome sampler (no round chain: too many states): estimates only",
            s.fights
        ),
    }
}

/// A combat scenario's part of the report.
pub fn section(slug: &str, file: &str, scenario: &Scenario, runs: &[CombatRun]) -> Section {
    let mut metrics = Vec::new();
    let mut buckets = Vec::new();
    for run in runs {
        let s = &run.summary;
        let mut push = |figures: &Figures, exact: bool| {
            let row = |side: Option<&str>, metric: &str, f: Figure| Metric {
                scenario: slug.to_string(),
                kind: match scenario.kind {
                    ConflictKind::Combat => "combat",
                    ConflictKind::Chase => "chase",
                    ConflictKind::Grapple => "grapple",
                }
                .to_string(),
                edition: run.rules.id.clone(),
                side: side.map(str::to_string),
                metric: metric.to_string(),
                value: f.value,
                ci_low: f.low,
                ci_high: f.high,
                exact,
                trials: (!exact).then_some(s.fights),
                seed: (!exact).then_some(scenario.seed),
                sampler: if exact { "exact" } else { s.sampler }.to_string(),
                rules_hash: run.rules.hash().to_string(),
            };
            for (side, f) in scenario.sides.iter().zip(&figures.wins) {
                metrics.push(row(Some(&side.name), "win_rate", *f));
            }
            metrics.push(row(None, "draws", figures.draws()));
            for &e in ends(scenario).iter().filter(|&&e| e != End::Draw) {
                metrics.push(row(None, &ended(e), figures.end(e)));
            }
            let optional = [
                ("rounds_mean", figures.rounds_mean),
                ("rounds_median", figures.rounds_median),
                ("rounds_p90", figures.rounds_p90),
                ("winner_damage", figures.winner_damage),
                ("willpower", figures.willpower),
                ("botches", figures.botches),
            ];
            for (name, f) in optional {
                if let Some(f) = f {
                    metrics.push(row(None, name, f));
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
        let bucket = |metric: &str, b: usize, p: f64| Bucket {
            scenario: slug.to_string(),
            edition: run.rules.id.clone(),
            metric: metric.to_string(),
            bucket: b as u32,
            probability: p,
            exact,
        };
        // A fight lasts at least a round: bucket 0 is always empty.
        buckets
            .extend((best.rounds.iter().enumerate().skip(1)).map(|(r, &p)| bucket("rounds", r, p)));
        buckets
            .extend((best.damage.iter().enumerate()).map(|(d, &p)| bucket("winner_damage", d, p)));
    }
    Section {
        slug: slug.to_string(),
        title: scenario.name.clone(),
        file: file.to_string(),
        kind: "combat".to_string(),
        trials: scenario.trials,
        seed: scenario.seed,
        sides: scenario.sides.iter().map(|s| s.name.clone()).collect(),
        editions: runs
            .iter()
            .map(|r| EditionRun {
                id: r.rules.id.clone(),
                rules_hash: r.rules.hash().to_string(),
                how: how(&r.summary),
            })
            .collect(),
        metrics,
        buckets,
        labels: labels(scenario),
        headline: "win_rate".to_string(),
        charts: vec![
            ChartSpec::Intervals {
                name: "win-rates".to_string(),
                title: "Chance to win, by edition".to_string(),
                metric: "win_rate".to_string(),
                axis: "chance to win (%)".to_string(),
            },
            ChartSpec::Distribution {
                name: "rounds".to_string(),
                title: "Rounds to the end of the fight".to_string(),
                metric: "rounds".to_string(),
                x_axis: "rounds until the fight ends".to_string(),
            },
        ],
    }
}
