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
    /// Its files' path in the report, without extension (the page links
    /// its PNG and SVG).
    pub file: String,
    /// Its SVG, inlined.
    pub svg: String,
    /// What it shows, in words.
    pub caption: String,
}

/// A table of the report, as the page links it: its Parquet file and the
/// CSV beside it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct DataLink {
    /// What it holds, in a word or two (`summary`, `odds`).
    pub name: String,
    /// The Parquet file's path in the report.
    pub parquet: String,
    /// The CSV file's path in the report.
    pub csv: String,
}

impl DataLink {
    /// The table at `parquet` (a path in the report ending `.parquet`),
    /// named `name`.
    pub fn new(name: impl Into<String>, parquet: &str) -> DataLink {
        DataLink {
            name: name.into(),
            parquet: parquet.to_string(),
            csv: crate::tables::csv_beside(parquet),
        }
    }
}

/// An entry of the page's contents: a part of the page and its anchor.
#[derive(Debug, Clone, Serialize)]
pub struct Entry {
    /// The anchor, without `#`.
    pub href: String,
    /// Its title.
    pub title: String,
    /// Its kind (`chase`, `grapple`) where a scenario is not a fight;
    /// else empty.
    pub kind: String,
}

/// A figure in a table.
#[derive(Debug, Clone, Serialize, Default)]
pub struct Cell {
    /// The figure (empty: none).
    pub value: String,
    /// Whether exact.
    pub exact: bool,
    /// Its interval, when estimated (empty when exact).
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
    /// The table's detail: the estimate and interval played beside each
    /// exact figure (rows that have one).
    pub estimates: Vec<Row>,
    /// Its tables (summary, distributions).
    pub data: Vec<DataLink>,
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
    /// The page's contents, in page order after the summary: a section
    /// that opens the page puts its entry first.
    pub contents: Vec<Entry>,
    /// The summary table.
    pub summary: Vec<SummaryRow>,
    /// The tables behind the summary: each scenario's summary.
    pub summary_data: Vec<DataLink>,
    /// The single-roll charts of each edition's standard task.
    pub single: Vec<ChartView>,
    /// The single roll's heatmaps, one per edition.
    pub heatmaps: Vec<ChartView>,
    /// The table behind the single roll's charts.
    pub odds_data: DataLink,
    /// The extended-action targets shown.
    pub action_targets: Vec<u32>,
    /// The extended-action table.
    pub actions: Vec<ActionView>,
    /// The table behind it.
    pub actions_data: DataLink,
    /// One section per scenario.
    pub sections: Vec<SectionView>,
    /// "What is a dot worth", when the report has fights with a round
    /// chain.
    pub dots: Option<DotsView>,
    /// "What your rule changes", which opens the page of a report made
    /// `--against` an edition.
    pub changes: Option<ChangesView>,
}

/// "What your rule changes".
#[derive(Debug, Clone, Serialize)]
pub struct ChangesView {
    /// The edition the others are measured against.
    pub base: EditionView,
    /// Each other rule set, in the report's order.
    pub rules: Vec<RuleView>,
    /// Every rule's change in each side's chance to win, when the report
    /// has scenarios.
    pub wins: Option<ChartView>,
    /// The table behind it.
    pub data: DataLink,
}

/// What one rule set changes against the base.
#[derive(Debug, Clone, Serialize)]
pub struct RuleView {
    /// The rule set.
    pub rule: EditionView,
    /// Its rules hash.
    pub hash: String,
    /// The settings that differ.
    pub settings: Vec<SettingRow>,
    /// A verdict a scenario, the largest change first.
    pub verdicts: Vec<VerdictRow>,
    /// The single roll's change in a sentence.
    pub single: String,
    /// The single roll's change as heatmaps (success, botch).
    pub charts: Vec<ChartView>,
    /// Every scenario figure, base, rule and change.
    pub figures: Vec<FigureRow>,
}

/// A setting that differs.
#[derive(Debug, Clone, Serialize)]
pub struct SettingRow {
    /// Its dotted key.
    pub key: String,
    /// Its value under the base.
    pub base: String,
    /// Under the rule.
    pub rule: String,
}

/// A scenario's verdict.
#[derive(Debug, Clone, Serialize)]
pub struct VerdictRow {
    /// The scenario's anchor.
    pub slug: String,
    /// Its title.
    pub title: String,
    /// The change in one line.
    pub verdict: String,
    /// Whether exact.
    pub exact: bool,
    /// How it was worked out.
    pub how: String,
}

/// A scenario figure under the base and the rule.
#[derive(Debug, Clone, Serialize)]
pub struct FigureRow {
    /// The scenario's anchor.
    pub slug: String,
    /// Its title, on its first row only.
    pub title: String,
    /// The figure.
    pub label: String,
    /// Under the base.
    pub base: String,
    /// Under the rule.
    pub rule: String,
    /// The change and, when estimated, its interval.
    pub change: String,
    /// Whether exact.
    pub exact: bool,
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
    /// The table behind it.
    pub data: DataLink,
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
