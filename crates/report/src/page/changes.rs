//! "What your rule changes", the part that opens the page of a report
//! made `--against` an edition: for each other rule set, the settings
//! that differ, a verdict a scenario (largest change first), the single
//! roll's change as diverging heatmaps, then every rule's change in each
//! side's chance to win as bars from a zero line, and every figure in a
//! folded table.

use super::view::{
    ChangesView, ChartView, DataLink, EditionView, FigureRow, RuleView, SettingRow, VerdictRow,
};
use crate::charts::palette::Palette;
use crate::compute::delta::{Delta, Method, OddsShift, ScenarioShift, Shift, largest_first};
use crate::compute::inputs::slug;

/// The part, when the report has comparisons; `charts` are the ones
/// drawn for it ([`crate::charts::Place::Changes`]).
pub(crate) fn view(
    changes: &[Delta],
    palette: &Palette,
    charts: Vec<ChartView>,
) -> Option<ChangesView> {
    let first = changes.first()?;
    let edition = |id: &str, name: &str| EditionView {
        id: id.to_string(),
        name: name.to_string(),
        color: palette.css(id),
    };
    let (wins, grids): (Vec<ChartView>, Vec<ChartView>) =
        charts.into_iter().partition(|c| c.id == "changes-wins");
    Some(ChangesView {
        base: edition(&first.base.id, &first.base.name),
        rules: changes
            .iter()
            .map(|d| {
                let tail = format!("-{}", slug(&d.rule.id));
                RuleView {
                    rule: edition(&d.rule.id, &d.rule.name),
                    hash: d.rule.hash.clone(),
                    settings: d
                        .settings
                        .iter()
                        .map(|s| SettingRow {
                            key: s.key.clone(),
                            base: shown(s.base.as_ref()),
                            rule: shown(s.rule.as_ref()),
                        })
                        .collect(),
                    verdicts: verdicts(&d.scenarios),
                    single: single_words(d),
                    charts: (grids.iter())
                        .filter(|c| c.id.ends_with(&tail))
                        .cloned()
                        .collect(),
                    figures: figures(&d.scenarios),
                }
            })
            .collect(),
        wins: wins.into_iter().next(),
        data: DataLink::new("changes", "changes.parquet"),
    })
}

/// A setting's value as its file writes it (`(unset)` when it has none).
fn shown(v: Option<&toml::Value>) -> String {
    v.map_or("(unset)".to_string(), ToString::to_string)
}

/// Each scenario's verdict, the largest change in a chance to win first.
fn verdicts(scenarios: &[ScenarioShift]) -> Vec<VerdictRow> {
    largest_first(scenarios)
        .into_iter()
        .map(|s| VerdictRow {
            slug: s.scenario.clone(),
            title: s.name.clone(),
            verdict: s.verdict.clone(),
            exact: matches!(s.method, Method::Exact),
            how: s.how(),
        })
        .collect()
}

/// The single roll's change in a sentence: how many cells move and the
/// largest change.
fn single_words(d: &Delta) -> String {
    let cells = &d.grid.cells;
    let moved = cells
        .iter()
        .filter(|c| c.success.moved() || c.botch.moved())
        .count();
    let at = d.grid.at();
    let top = |of: fn(&OddsShift) -> Shift, what: &str| {
        (cells.iter())
            .filter(|c| of(c).moved())
            .max_by(|a, b| of(a).change.abs().total_cmp(&of(b).change.abs()))
            .map(|c| {
                format!(
                    "; the chance of {what} moves most at {} dice, difficulty {}: {}",
                    c.pool,
                    c.difficulty,
                    of(c).words(true)
                )
            })
            .unwrap_or_default()
    };
    format!(
        "The single roll: {moved} of {} cells move (pools 1-20, {at}){}{}.",
        cells.len(),
        top(|c| c.success, "success"),
        top(|c| c.botch, "a botch"),
    )
}

/// Every figure of every scenario ([`ScenarioShift::figures`]), the
/// scenario's title on its first row.
fn figures(scenarios: &[ScenarioShift]) -> Vec<FigureRow> {
    let mut out = Vec::new();
    for s in scenarios {
        let exact = matches!(s.method, Method::Exact);
        for (k, (label, x, points)) in s.figures().into_iter().enumerate() {
            let v = |p: f64| {
                if points {
                    format!("{:.2}%", 100.0 * p + 0.0)
                } else {
                    format!("{:.2}", p + 0.0)
                }
            };
            out.push(FigureRow {
                slug: s.scenario.clone(),
                title: if k == 0 {
                    s.name.clone()
                } else {
                    String::new()
                },
                label,
                base: v(x.base),
                rule: v(x.rule),
                change: x.words(points),
                exact,
            });
        }
    }
    out
}
