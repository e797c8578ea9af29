//! What a comparison finds and how it is judged: the thresholds, a
//! change, the comparison's findings, and when two exact figures are the
//! same.

use serde::Serialize;

/// The least an exact figure must move to be a move: 1e-9, on the
/// figure's own scale past 1 (`|a - b| >= 1e-9 max(1, |a|, |b|)`). A
/// draw's chance going from 1e-11 to 0 is not a change a designer can
/// see, and a sum's last bits may differ between builds; a probability
/// that moves by a billionth or more is reported, however small.
pub const MIN_MOVE: f64 = 1e-9;

/// When an estimate's change is reported.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Thresholds {
    /// The level its Holm-adjusted p-value must be below.
    pub alpha: f64,
    /// The size its change must exceed, in the metric's own unit (a
    /// probability for a share or a distribution, rounds, health levels or
    /// points for a mean).
    pub min_effect: f64,
}

impl Default for Thresholds {
    fn default() -> Self {
        Thresholds {
            alpha: 0.001,
            min_effect: 0.005,
        }
    }
}

/// A metric that moved, or a group of exact figures of one metric that
/// moved (shown by its largest change).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Change {
    /// Where it is: `summary`, `distributions`, `odds` or `actions`.
    pub table: &'static str,
    /// The scenario (`None` for the single-roll and action tables).
    pub scenario: Option<String>,
    /// The edition.
    pub edition: String,
    /// The metric, or the column of an exact table.
    pub metric: String,
    /// The side, for a side's metric.
    pub side: Option<String>,
    /// Where in the metric: a round, a bucket, a table's row.
    pub at: Option<String>,
    /// Further figures of the same group that moved too (exact: the
    /// rounds of a metric by round, the buckets of a distribution, the
    /// cells of an edition's table); 0 for a single figure.
    pub more: usize,
    /// Its value in the baseline (`None`: absent, or null).
    pub old: Option<f64>,
    /// Its value now.
    pub new: Option<f64>,
    /// `new - old`.
    pub difference: Option<f64>,
    /// How it was compared: `exact`, `two-proportion`, `welch`,
    /// `chi-square`, or `added` / `removed` for a metric or edition only
    /// one report has.
    pub test: &'static str,
    /// The test's p-value (estimates only).
    pub p_value: Option<f64>,
    /// The p-value after Holm's correction over every test.
    pub p_holm: Option<f64>,
    /// Whether the figures are probabilities (else counts or means).
    pub share: bool,
}

impl Change {
    /// Whether it is an exact figure's change (or a structural one).
    pub fn is_exact(&self) -> bool {
        self.p_value.is_none()
    }
}

/// What two reports' comparison found.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Comparison {
    /// What moved, scenario by scenario (then the exact tables).
    pub moved: Vec<Change>,
    /// Exact figures compared.
    pub exact: usize,
    /// Estimates tested (the family Holm's correction runs over).
    pub tested: usize,
    /// Estimates not tested: order statistics, and figures one report
    /// gives exactly and the other only estimates.
    pub untested: usize,
    /// Every estimate tested, moved or not, with its p-value and its
    /// p-value after Holm's correction (the family `tested` counts).
    pub tests: Vec<Change>,
    /// The thresholds used.
    pub thresholds: Thresholds,
}

impl Comparison {
    /// Whether nothing moved.
    pub fn is_clean(&self) -> bool {
        self.moved.is_empty()
    }
}

/// Exact figures that moved by less than [`MIN_MOVE`] (two nulls alike).
pub fn same(a: Option<f64>, b: Option<f64>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(x), Some(y)) => (x - y).abs() < MIN_MOVE * 1f64.max(x.abs()).max(y.abs()),
        _ => false,
    }
}
