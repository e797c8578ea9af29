//! Which charts a report draws, in what order, with what caption and
//! where on the page; and drawing them, in parallel.

use rayon::prelude::*;
use wodds_rules::RuleSet;

use super::kind::Chart;
use super::palette::Palette;
use super::render::Rendered;
use super::{Bar, Bars, changes, scenario, single};
use crate::compute::Computed;
use crate::compute::dots::{self, DotRow};
use crate::error::ReportError;

/// Where a chart goes on the page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// In "What your rule changes", which opens the page.
    Changes,
    /// Among the single roll's charts of the standard task.
    Single,
    /// Among the single roll's heatmaps, one per edition.
    Heatmap,
    /// In "What is a dot worth".
    Dots,
    /// In the section of the scenario at this index.
    Section(usize),
}

/// A chart to draw.
pub struct Planned {
    /// Its files' path in the report, without extension
    /// (`charts/success-vs-pool`, `brawl/win-rates`).
    pub path: String,
    /// Its element id on the page.
    pub id: String,
    /// Where it goes on the page.
    pub place: Place,
    /// What it shows, in words.
    pub caption: String,
    chart: Chart,
}

/// A chart drawn.
#[derive(Debug, Clone)]
pub struct Drawn {
    /// Its files' path in the report, without extension.
    pub path: String,
    /// Its element id on the page.
    pub id: String,
    /// Where it goes on the page.
    pub place: Place,
    /// What it shows, in words.
    pub caption: String,
    /// Its SVG and PNG.
    pub rendered: Rendered,
}

/// The caption of the chart of "What is a dot worth".
const DOTS_CAPTION: &str = "For each trait, each edition's change in the first side's chance to win from one more dot, averaged over the fights of the table that roll it (exact: from the round chains).";

/// Every chart of a report, in order: what each rule changes (with
/// `--against`), the single roll's, "What is a dot worth" when there are
/// dots, then each scenario's as its section asks.
pub fn plan(editions: &[RuleSet], computed: &Computed, palette: &Palette) -> Vec<Planned> {
    let mut out: Vec<Planned> = changes::charts(&computed.changes, palette)
        .into_iter()
        .map(|c| Planned {
            path: format!("charts/{}", c.name),
            id: c.name,
            place: Place::Changes,
            caption: c.caption,
            chart: c.chart,
        })
        .collect();
    let charts = single::charts(editions, &computed.odds, palette);
    let captions = single::captions(editions, &computed.odds);
    for ((name, chart), (named, caption)) in charts.into_iter().zip(captions) {
        debug_assert_eq!(name, named);
        let place = match chart {
            Chart::Heatmap(_) => Place::Heatmap,
            _ => Place::Single,
        };
        out.push(Planned {
            path: format!("charts/{name}"),
            id: name,
            place,
            caption,
            chart,
        });
    }
    if !computed.dots.is_empty() {
        let ids: Vec<String> = editions.iter().map(|e| e.id.clone()).collect();
        out.push(Planned {
            path: "charts/dots".to_string(),
            id: "dots".to_string(),
            place: Place::Dots,
            caption: DOTS_CAPTION.to_string(),
            chart: Chart::Bars(dots_chart(&computed.dots, &ids, palette)),
        });
    }
    for (i, s) in computed.sections.iter().enumerate() {
        for spec in &s.charts {
            out.push(Planned {
                path: format!("{}/{}", s.slug, spec.name()),
                id: format!("{}-{}", s.slug, spec.name()),
                place: Place::Section(i),
                caption: scenario::caption(s, spec),
                chart: scenario::chart(s, spec, palette),
            });
        }
    }
    out
}

/// Draws every chart planned, in parallel, in order.
pub fn draw(planned: Vec<Planned>) -> Result<Vec<Drawn>, ReportError> {
    planned
        .into_par_iter()
        .map(|p| {
            let rendered = p.chart.render(&p.path)?;
            Ok(Drawn {
                path: p.path,
                id: p.id,
                place: p.place,
                caption: p.caption,
                rendered,
            })
        })
        .collect()
}

/// The section's chart: for each trait, each edition's mean change over
/// the fights that roll it (exact bars).
fn dots_chart(rows: &[DotRow], editions: &[String], palette: &Palette) -> Bars {
    let traits = dots::traits(rows);
    Bars {
        title: "What a dot is worth: the first side's chance to win, +1 dot, mean over the fights"
            .to_string(),
        x_desc: "change in the chance to win (percentage points)".to_string(),
        groups: traits.clone(),
        editions: editions
            .iter()
            .map(|e| {
                let bars = traits
                    .iter()
                    .map(|t| {
                        let of: Vec<f64> = rows
                            .iter()
                            .filter(|r| r.edition == *e && r.trait_name == *t)
                            .map(DotRow::change)
                            .collect();
                        (!of.is_empty()).then(|| Bar {
                            value: of.iter().sum::<f64>() / of.len() as f64,
                            interval: None,
                            exact: true,
                        })
                    })
                    .collect();
                (e.clone(), palette.look(e), bars)
            })
            .collect(),
        points: true,
    }
}
