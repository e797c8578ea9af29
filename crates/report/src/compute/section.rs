//! A scenario's part of a report, whatever its kind: tidy metric rows,
//! distributions, the charts to draw from them, and how the page shows its
//! numbers. A kind of result (fights, chases, grapples) only turns its
//! results into a [`Section`]; the tables, charts and the page are drawn
//! from the rows alone.
//!
//! What a scenario reports is chosen here, each by one function that reads
//! the scenario: the ways it can end ([`ends`]), the figures a conflict of
//! it has ([`figures`]), the track it keeps by round ([`track_name`]) and
//! the charts drawn ([`charts`]).

use wodds_rules::{ChaseEngine, GrappleEngine, RuleSet};
use wodds_sim::conflict::{ConflictKind, End, Scenario};

use crate::compute::rows::{Bucket, Metric};

/// How a metric's figures read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// A probability, shown as a percentage.
    Share,
    /// A count or mean (rounds, health levels, points).
    Count,
}

/// A metric as the page shows it: its name in the rows, its label, and
/// how it reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MetricLabel {
    /// The `metric` column's value.
    pub metric: String,
    /// Words for a person.
    pub label: String,
    /// How its figures read.
    pub unit: Unit,
}

/// A chart of a scenario, drawn from its rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChartSpec {
    /// Each side's figure of `metric` under each edition: the estimate with
    /// its 95% interval, and the exact value where known.
    Intervals {
        /// File name, without extension.
        name: String,
        /// Its title.
        title: String,
        /// The metric drawn.
        metric: String,
        /// The value axis' label.
        axis: String,
    },
    /// The distribution `metric` under each edition, overlaid.
    Distribution {
        /// File name, without extension.
        name: String,
        /// Its title.
        title: String,
        /// The distribution drawn.
        metric: String,
        /// The x axis' label.
        x_axis: String,
    },
    /// A track's mean by round (`metric`, rows with a `round`) under each
    /// edition among the conflicts still going: the estimate's 95%
    /// interval as a band, the exact mean as a line where known.
    Track {
        /// File name, without extension.
        name: String,
        /// Its title.
        title: String,
        /// The metric drawn (`lead_mean`, `control_mean`).
        metric: String,
        /// The value axis' label.
        axis: String,
    },
    /// How the conflict ends: each way's chance (`ends`, fight-wide
    /// metrics) under each edition, side by side.
    Ends {
        /// File name, without extension.
        name: String,
        /// Its title.
        title: String,
        /// The ways it ends: their metrics and words, in order.
        ends: Vec<MetricLabel>,
    },
}

impl ChartSpec {
    /// Its file name, without extension.
    pub fn name(&self) -> &str {
        match self {
            ChartSpec::Intervals { name, .. }
            | ChartSpec::Distribution { name, .. }
            | ChartSpec::Track { name, .. }
            | ChartSpec::Ends { name, .. } => name,
        }
    }

    /// Its title.
    pub fn title(&self) -> &str {
        match self {
            ChartSpec::Intervals { title, .. }
            | ChartSpec::Distribution { title, .. }
            | ChartSpec::Track { title, .. }
            | ChartSpec::Ends { title, .. } => title,
        }
    }
}

/// An edition as a scenario ran it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EditionRun {
    /// Edition id.
    pub id: String,
    /// Its rules hash.
    pub rules_hash: String,
    /// How its results were drawn, in words.
    pub how: String,
    /// What its track (a chase's Lead, a grapple's Control) counts under
    /// this edition, in words; `None` for a conflict that keeps none.
    pub track: Option<String>,
}

/// A scenario's part of a report.
#[derive(Debug, Clone, PartialEq)]
pub struct Section {
    /// Its name in file names and the `scenario` column (the file's stem).
    pub slug: String,
    /// Its title.
    pub title: String,
    /// The file it was read from.
    pub file: String,
    /// Its kind (`combat`, `chase`, `grapple`).
    pub kind: String,
    /// Trials an edition.
    pub trials: u64,
    /// Its seed.
    pub seed: u64,
    /// Its sides, in order.
    pub sides: Vec<String>,
    /// The editions it ran under, in order.
    pub editions: Vec<EditionRun>,
    /// One row per metric (and per side where it is a side's).
    pub metrics: Vec<Metric>,
    /// Its distributions.
    pub buckets: Vec<Bucket>,
    /// Its metrics in the order the page shows them.
    pub labels: Vec<MetricLabel>,
    /// The metric the report's summary compares (the side it favours most).
    pub headline: String,
    /// Its charts.
    pub charts: Vec<ChartSpec>,
}

impl Section {
    /// What one of its conflicts is called: `fight`, `chase`, `grapple`.
    pub fn noun(&self) -> &str {
        match self.kind.as_str() {
            "combat" => "fight",
            k => k,
        }
    }

    /// The row of the whole-conflict `metric` (no round) for `edition`
    /// and `side`: the exact one when `exact`, else the estimate.
    pub fn find(
        &self,
        edition: &str,
        side: Option<&str>,
        metric: &str,
        exact: bool,
    ) -> Option<&Metric> {
        self.metrics.iter().find(|m| {
            m.edition == edition
                && m.side.as_deref() == side
                && m.metric == metric
                && m.exact == exact
                && m.round.is_none()
        })
    }

    /// The rows of the by-round `metric` for `edition`, exact or
    /// estimated, in round order.
    pub fn by_round<'a>(
        &'a self,
        edition: &'a str,
        metric: &'a str,
        exact: bool,
    ) -> impl Iterator<Item = &'a Metric> + 'a {
        self.metrics.iter().filter(move |m| {
            m.edition == edition && m.metric == metric && m.exact == exact && m.round.is_some()
        })
    }

    /// The exact row where there is one, else the estimate.
    pub fn best(&self, edition: &str, side: Option<&str>, metric: &str) -> Option<&Metric> {
        self.find(edition, side, metric, true)
            .or_else(|| self.find(edition, side, metric, false))
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
pub(crate) fn track_mean(track: &str) -> String {
    format!("{track}_mean")
}

/// The metric of the track's distribution by round (`lead_by_round`).
pub(crate) fn track_distribution(track: &str) -> String {
    format!("{track}_by_round")
}

/// The metrics of a conflict, in the page's order.
pub(crate) fn labels(scenario: &Scenario) -> Vec<MetricLabel> {
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
pub(crate) fn track_words(scenario: &Scenario, rules: &RuleSet) -> Option<String> {
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
