//! What the page shows, as minijinja reads it ([`Page`] and its parts),
//! and the page rendered from `index.html` beside this file.

use serde::Serialize;

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
