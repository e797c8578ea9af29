//! The charts of "What your rule changes" (`wodds report --against`):
//! for each rule, the change in the single roll's chance of success (and
//! of a botch, where one moves) on the pool × difficulty grid, on a
//! diverging scale centred on zero; then every rule's change in each
//! side's chance to win, bars in percentage points from a zero line, with
//! the paired 95% interval where the change is estimated.

use super::kind::Chart;
use super::palette::Palette;
use super::style::short_id;
use super::{Bar, Bars, Heatmap};
use crate::compute::delta::{Delta, Method, OddsShift, Shift};
use crate::compute::inputs::slug;

/// One figure of a cell of the single roll.
type Of = fn(&OddsShift) -> Shift;

/// A chart of the section: its name (`charts/NAME.svg`), caption and
/// chart.
pub(super) struct Changed {
    pub(super) name: String,
    pub(super) caption: String,
    pub(super) chart: Chart,
}

/// Every chart of the section, in page order.
pub(super) fn charts(changes: &[Delta], palette: &Palette) -> Vec<Changed> {
    let mut out = Vec::new();
    for d in changes {
        let figures: [(&str, &str, Of); 2] = [
            ("success", "success", |c| c.success),
            ("botch", "a botch", |c| c.botch),
        ];
        for (name, words, of) in figures {
            if !d.grid.cells.iter().any(|c| of(c).moved()) {
                continue;
            }
            out.push(Changed {
                name: format!("changes-{name}-{}", slug(&d.rule.id)),
                caption: format!(
                    "{} against {}: the change in the chance of {words} of a single roll, \
                     in percentage points (exact), red where {} makes it less likely, blue where more; \
                     the colour scale reaches the largest change either way.",
                    d.rule.id, d.base.id, d.rule.id
                ),
                chart: Chart::Heatmap(grid(d, words, of)),
            });
        }
    }
    if changes.iter().any(|d| !d.scenarios.is_empty()) {
        out.push(Changed {
            name: "changes-wins".to_string(),
            caption: format!(
                "Each side's chance to win: the change from {} in percentage points, \
                 a bar per rule; solid where exact (both round chains), pale with the paired \
                 95% interval where both rule sets were played on the same random numbers.",
                changes[0].base.id
            ),
            chart: Chart::Bars(wins(changes, palette)),
        });
    }
    out
}

/// The grid of the change in one figure of the single roll.
fn grid(d: &Delta, words: &str, of: Of) -> Heatmap {
    let cells = &d.grid.cells;
    let mut xs: Vec<i32> = cells.iter().map(|c| c.pool).collect();
    xs.sort_unstable();
    xs.dedup();
    let mut ys: Vec<i32> = cells.iter().map(|c| c.difficulty).collect();
    ys.sort_unstable();
    ys.dedup();
    let z = ys
        .iter()
        .map(|&y| {
            xs.iter()
                .map(|&x| {
                    (cells.iter())
                        .find(|c| c.pool == x && c.difficulty == y)
                        .map_or(0.0, |c| of(c).change)
                })
                .collect()
        })
        .collect();
    let y_desc = if d.grid.alike {
        "difficulty".to_string()
    } else {
        let rule = cells.first().map_or(0, |c| c.rule_difficulty);
        format!(
            "standard difficulty ({} / {rule})",
            ys.first().unwrap_or(&0)
        )
    };
    Heatmap {
        title: format!(
            "{} against {}: chance of {words}, change in points",
            short_id(&d.rule.id),
            d.base.id
        ),
        x_desc: "pool (dice)".to_string(),
        y_desc,
        z_desc: "change".to_string(),
        xs,
        ys,
        z,
        change: true,
    }
}

/// Every rule's change in each side's chance to win, scenario by
/// scenario: a row per scenario and side.
fn wins(changes: &[Delta], palette: &Palette) -> Bars {
    let mut groups: Vec<(String, String)> = Vec::new();
    for d in changes {
        for s in &d.scenarios {
            for side in &s.sides {
                let key = (s.scenario.clone(), side.side.clone());
                if !groups.contains(&key) {
                    groups.push(key);
                }
            }
        }
    }
    Bars {
        title: format!(
            "What each rule changes: the chance to win, against {}",
            changes[0].base.id
        ),
        x_desc: "change in the chance to win (percentage points)".to_string(),
        groups: groups
            .iter()
            .map(|(s, side)| format!("{s}: {side}"))
            .collect(),
        editions: changes
            .iter()
            .map(|d| {
                let bars = groups
                    .iter()
                    .map(|(scenario, side)| {
                        let s = d.scenarios.iter().find(|s| s.scenario == *scenario)?;
                        let w = s.sides.iter().find(|x| x.side == *side)?.win;
                        let exact = matches!(s.method, Method::Exact);
                        Some(Bar {
                            value: w.change,
                            interval: (!exact).then_some((w.low, w.high)),
                            exact,
                        })
                    })
                    .collect();
                (d.rule.id.clone(), palette.look(&d.rule.id), bars)
            })
            .collect(),
        points: true,
    }
}
