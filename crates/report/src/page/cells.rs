//! Figures as the page writes them: a scenario's table, cell by cell
//! (exact where known, else the estimate and its interval), the
//! estimates beside its exact figures, and the summary's favoured side.

use super::view::{Cell, Row, SummaryCell};
use crate::compute::rows::Metric;
use crate::compute::section::{Section, Unit};

/// A figure as text.
pub fn format(v: f64, unit: Unit) -> String {
    match unit {
        Unit::Share => format!("{:.2}%", 100.0 * v + 0.0),
        Unit::Count => format!("{:.2}", v + 0.0),
    }
}

/// An interval as text.
fn interval(m: &Metric, unit: Unit) -> String {
    format!(
        "95%: {} – {}",
        format(m.ci_low, unit),
        format(m.ci_high, unit)
    )
}

/// The page's cell for `metric` of `side` under `edition`: the exact
/// figure where known (alone: the estimate beside it goes to the table's
/// detail, [`estimates`]), else the estimate and its interval.
fn cell(s: &Section, edition: &str, side: Option<&str>, metric: &str, unit: Unit) -> Cell {
    match (
        s.find(edition, side, metric, true),
        s.find(edition, side, metric, false),
    ) {
        (Some(x), _) => Cell {
            value: format(x.value, unit),
            exact: true,
            detail: String::new(),
        },
        (None, Some(e)) => Cell {
            value: format(e.value, unit),
            exact: false,
            detail: interval(e, unit),
        },
        (None, None) => Cell::default(),
    }
}

/// The estimate played beside an exact figure (a cross-check of the
/// round chain), as the table's detail shows it; empty where the figure
/// is not exact or was not also estimated.
fn estimate_beside(
    s: &Section,
    edition: &str,
    side: Option<&str>,
    metric: &str,
    unit: Unit,
) -> Cell {
    match (
        s.find(edition, side, metric, true),
        s.find(edition, side, metric, false),
    ) {
        (Some(_), Some(e)) => Cell {
            value: format(e.value, unit),
            exact: false,
            detail: interval(e, unit),
        },
        _ => Cell::default(),
    }
}

/// A scenario's table, a row per metric (and side, for a metric by
/// side), a cell per edition from `cell`.
fn table(s: &Section, cell: fn(&Section, &str, Option<&str>, &str, Unit) -> Cell) -> Vec<Row> {
    let mut out = Vec::new();
    for l in &s.labels {
        let per_side = s
            .metrics
            .iter()
            .any(|m| m.metric == l.metric && m.side.is_some());
        let sides: Vec<Option<&str>> = if per_side {
            s.sides.iter().map(|x| Some(x.as_str())).collect()
        } else {
            vec![None]
        };
        for side in sides {
            out.push(Row {
                label: match side {
                    Some(name) => format!("{name} {}", l.label),
                    None => l.label.clone(),
                },
                cells: s
                    .editions
                    .iter()
                    .map(|e| cell(s, &e.id, side, &l.metric, l.unit))
                    .collect(),
            });
        }
    }
    out
}

/// The rows of a scenario's table.
pub fn rows(s: &Section) -> Vec<Row> {
    table(s, cell)
}

/// The table's detail: for each exact figure that was also estimated,
/// the estimate and its interval; only the rows that have one.
pub fn estimates(s: &Section) -> Vec<Row> {
    table(s, estimate_beside)
        .into_iter()
        .filter(|r| r.cells.iter().any(|c| !c.value.is_empty()))
        .collect()
}

/// Margin (in probability) under which the two likeliest sides are even.
const EVEN: f64 = 0.01;

/// The summary cell of `s` under `edition`: the side its headline metric
/// favours, the runner-up, and the chance that nobody wins when it is 1%
/// or more (a grapple that never begins, a chase that runs out the
/// rounds): the favoured side can be far from a sure thing.
pub fn favoured(s: &Section, edition: &str) -> SummaryCell {
    let mut best: Vec<&Metric> = s
        .sides
        .iter()
        .filter_map(|side| s.best(edition, Some(side), &s.headline))
        .collect();
    if best.is_empty() {
        return SummaryCell::default();
    }
    let nobody = (1.0 - best.iter().map(|m| m.value).sum::<f64>()).max(0.0);
    // Highest first; ties keep the sides' order.
    best.sort_by(|a, b| b.value.total_cmp(&a.value));
    let top = best[0];
    let side = top.side.as_deref().unwrap_or("");
    let even = best.get(1).is_some_and(|b| top.value - b.value < EVEN);
    let text = if even {
        format!("even ({side} {})", format(top.value, Unit::Share))
    } else {
        format!("{side} {}", format(top.value, Unit::Share))
    };
    let mut others: Vec<String> = best[1..]
        .iter()
        .map(|b| {
            format!(
                "{} {}",
                b.side.as_deref().unwrap_or(""),
                format(b.value, Unit::Share)
            )
        })
        .take(1)
        .collect();
    if nobody >= EVEN {
        others.push(format!("no winner {}", format(nobody, Unit::Share)));
    }
    let detail = others.join(" · ");
    let detail = if top.exact {
        detail
    } else {
        format!("{} · {detail}", interval(top, Unit::Share))
    };
    SummaryCell {
        text,
        exact: top.exact,
        detail,
    }
}
