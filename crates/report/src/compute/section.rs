//! A scenario's part of a report, whatever its kind: tidy metric rows,
//! distributions, the charts to draw from them, and how the page shows its
//! numbers. A kind of result (fights, chases, grapples) only turns its
//! results into a [`Section`]; the tables, charts and the page are drawn
//! from the rows alone.

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
