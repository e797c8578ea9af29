//! `index.html`: one self-contained page (charts inline as SVG), rendered
//! by minijinja from `index.html` beside this file.

use serde::Serialize;

use crate::compute::rows::Metric;
use crate::compute::section::{Section, Unit};
use crate::error::ReportError;

/// An edition as the page names it.
#[derive(Debug, Clone, Serialize)]
pub struct EditionView {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its CSS colour.
    pub color: String,
}

/// A chart on the page.
#[derive(Debug, Clone, Serialize)]
pub struct ChartView {
    /// Its element id.
    pub id: String,
    /// Its SVG, inlined.
    pub svg: String,
    /// What it shows, in words.
    pub caption: String,
}

/// A figure in a table.
#[derive(Debug, Clone, Serialize, Default)]
pub struct Cell {
    /// The figure (empty: none).
    pub value: String,
    /// Whether exact.
    pub exact: bool,
    /// Its interval, or the estimate beside an exact figure.
    pub detail: String,
}

/// A row of a scenario's table.
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    /// What it is.
    pub label: String,
    /// One cell per edition.
    pub cells: Vec<Cell>,
}

/// An edition in a scenario's section.
#[derive(Debug, Clone, Serialize)]
pub struct SectionEdition {
    /// Its id.
    pub id: String,
    /// Its CSS colour.
    pub color: String,
    /// Its rules hash.
    pub hash: String,
    /// How its results were drawn.
    pub how: String,
    /// What its track counts, if the scenario keeps one.
    pub track: Option<String>,
}

/// A scenario's section.
#[derive(Debug, Clone, Serialize)]
pub struct SectionView {
    /// Its anchor.
    pub slug: String,
    /// Its title.
    pub title: String,
    /// Its file.
    pub file: String,
    /// Its kind.
    pub kind: String,
    /// The track it keeps by round (`lead`, `control`), if any.
    pub track: Option<String>,
    /// Trials an edition.
    pub trials: u64,
    /// Its seed.
    pub seed: u64,
    /// Its editions.
    pub editions: Vec<SectionEdition>,
    /// Its key numbers.
    pub rows: Vec<Row>,
    /// Its charts.
    pub charts: Vec<ChartView>,
}

/// A cell of the summary table.
#[derive(Debug, Clone, Serialize, Default)]
pub struct SummaryCell {
    /// The favoured side and its chance (empty: the edition did not run
    /// the scenario).
    pub text: String,
    /// Whether exact.
    pub exact: bool,
    /// The runner-up, or the interval.
    pub detail: String,
}

/// A row of the summary table.
#[derive(Debug, Clone, Serialize)]
pub struct SummaryRow {
    /// The scenario's anchor.
    pub slug: String,
    /// Its title.
    pub title: String,
    /// Its kind (`combat`, `chase`, `grapple`).
    pub kind: String,
    /// One cell per edition of the report.
    pub cells: Vec<SummaryCell>,
}

/// A cell of the extended-action table.
#[derive(Debug, Clone, Serialize)]
pub struct ActionCell {
    /// Mean rolls.
    pub mean: String,
    /// Chances within 5 and 10 rolls.
    pub within: String,
}

/// A row of the extended-action table.
#[derive(Debug, Clone, Serialize)]
pub struct ActionView {
    /// Edition id.
    pub edition: String,
    /// Its colour.
    pub color: String,
    /// Dice.
    pub pool: i32,
    /// One cell per target.
    pub cells: Vec<ActionCell>,
}

/// Everything the page shows.
#[derive(Debug, Clone, Serialize)]
pub struct Page {
    /// The wodds version.
    pub version: String,
    /// The command that made the report.
    pub command: String,
    /// The report's scenarios in words (`3 scenarios: 2 fights and 1
    /// chase`).
    pub scenarios: String,
    /// The report's editions.
    pub editions: Vec<EditionView>,
    /// The summary table.
    pub summary: Vec<SummaryRow>,
    /// The single-roll charts.
    pub single: Vec<ChartView>,
    /// The extended-action targets shown.
    pub action_targets: Vec<u32>,
    /// The extended-action table.
    pub actions: Vec<ActionView>,
    /// One section per scenario.
    pub sections: Vec<SectionView>,
    /// "What is a dot worth", when the report has fights with a round
    /// chain.
    pub dots: Option<DotsView>,
}

/// The "What is a dot worth" section.
#[derive(Debug, Clone, Serialize)]
pub struct DotsView {
    /// Its table: a row per fight and trait, a cell per edition (the
    /// change in percentage points, signed; empty where not computed).
    pub rows: Vec<DotsRow>,
    /// Its chart.
    pub chart: ChartView,
    /// What was left out, in words.
    pub left_out: Vec<String>,
}

/// A row of the "What is a dot worth" table.
#[derive(Debug, Clone, Serialize)]
pub struct DotsRow {
    /// The fight's anchor.
    pub slug: String,
    /// Its title, on its first row only.
    pub title: String,
    /// The side raised, on its first row only.
    pub side: String,
    /// The trait.
    pub trait_name: String,
    /// One per edition of the report.
    pub cells: Vec<String>,
}

/// The template.
const TEMPLATE: &str = include_str!("index.html");

/// Renders the page.
pub fn render(page: &Page) -> Result<String, ReportError> {
    let mut env = minijinja::Environment::new();
    env.add_template("index.html", TEMPLATE)
        .map_err(|e| ReportError::Page(e.to_string()))?;
    let tmpl = env
        .get_template("index.html")
        .map_err(|e| ReportError::Page(e.to_string()))?;
    tmpl.render(minijinja::value::Serde(page))
        .map_err(|e| ReportError::Page(e.to_string()))
}

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
/// figure where known (with the estimate beside it), else the estimate
/// and its interval.
fn cell(s: &Section, edition: &str, side: Option<&str>, metric: &str, unit: Unit) -> Cell {
    let est = s.find(edition, side, metric, false);
    match (s.find(edition, side, metric, true), est) {
        (Some(x), est) => Cell {
            value: format(x.value, unit),
            exact: true,
            detail: est.map_or(String::new(), |e| {
                format!("estimate {} ({})", format(e.value, unit), interval(e, unit))
            }),
        },
        (None, Some(e)) => Cell {
            value: format(e.value, unit),
            exact: false,
            detail: interval(e, unit),
        },
        (None, None) => Cell::default(),
    }
}

/// The rows of a scenario's table.
pub fn rows(s: &Section) -> Vec<Row> {
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
