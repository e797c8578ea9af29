//! The page built from what the earlier stages made: the computed
//! results (the summary, the single roll's and extended actions' tables,
//! each scenario's section, "What is a dot worth") and the charts drawn,
//! each edition in its colour.

use wodds_rules::RuleSet;

use super::cells::{estimates, favoured, format, rows};
use super::view::{
    ActionCell, ActionView, ChartView, DataLink, DotsRow, DotsView, EditionView, Entry, Page,
    SectionEdition, SectionView, SummaryRow,
};
use crate::charts::palette::Palette;
use crate::charts::{Drawn, Place};
use crate::compute::Computed;
use crate::compute::dots::{self, DotRow};
use crate::compute::inputs::Loaded;
use crate::compute::rows::{ActionRow, WITHIN};
use crate::compute::section::track_name;
use crate::compute::section::{Section, Unit};
use crate::compute::single;
use crate::manifest::VERSION;

/// Everything the page shows: `command` made the report of `editions`
/// and the scenarios `loaded`, whose results are `computed` and charts
/// `drawn`.
pub(crate) fn page(
    command: String,
    editions: &[RuleSet],
    loaded: &[Loaded],
    computed: &Computed,
    palette: &Palette,
    drawn: &[Drawn],
) -> Page {
    let sections = &computed.sections;
    let views = |place: Place| -> Vec<ChartView> {
        drawn
            .iter()
            .filter(|d| d.place == place)
            .map(|d| ChartView {
                id: d.id.clone(),
                file: d.path.clone(),
                svg: d.rendered.svg.clone(),
                caption: d.caption.clone(),
            })
            .collect()
    };
    let edition_ids: Vec<String> = editions.iter().map(|e| e.id.clone()).collect();
    let dots = views(Place::Dots).pop().map(|chart| {
        dots_view(
            &computed.dots,
            sections,
            &edition_ids,
            computed.dots_left.clone(),
            chart,
        )
    });
    let changes = super::changes::view(&computed.changes, palette, views(Place::Changes));
    Page {
        version: VERSION.to_string(),
        command,
        scenarios: scenario_words(sections),
        editions: editions
            .iter()
            .map(|e| EditionView {
                id: e.id.clone(),
                name: e.name.clone(),
                color: palette.css(&e.id),
            })
            .collect(),
        contents: contents(sections, dots.is_some(), changes.is_some()),
        summary: sections
            .iter()
            .map(|s| SummaryRow {
                slug: s.slug.clone(),
                title: s.title.clone(),
                kind: s.kind.clone(),
                cells: editions.iter().map(|e| favoured(s, &e.id)).collect(),
            })
            .collect(),
        summary_data: sections
            .iter()
            .map(|s| DataLink::new(&s.slug, &format!("{}/summary.parquet", s.slug)))
            .collect(),
        single: views(Place::Single),
        heatmaps: views(Place::Heatmap),
        odds_data: DataLink::new("odds", "odds.parquet"),
        action_targets: single::TARGETS.to_vec(),
        actions: action_views(editions, &computed.actions, palette),
        actions_data: DataLink::new("actions", "actions.parquet"),
        sections: sections
            .iter()
            .enumerate()
            .map(|(i, s)| section_view(s, loaded, palette, views(Place::Section(i))))
            .collect(),
        dots,
        changes,
    }
}

/// The page's contents: "What your rule changes" first when `changes`
/// (it opens the page), then after the summary the single roll, extended
/// actions, each scenario, and "What is a dot worth" when `dots`.
fn contents(sections: &[Section], dots: bool, changes: bool) -> Vec<Entry> {
    let entry = |href: &str, title: &str, kind: &str| Entry {
        href: href.to_string(),
        title: title.to_string(),
        kind: kind.to_string(),
    };
    let mut out = Vec::new();
    if changes {
        out.push(entry("changes", "What your rule changes", ""));
    }
    out.push(entry("single", "A single roll", ""));
    out.push(entry("actions", "Extended actions", ""));
    for s in sections {
        let kind = if s.kind == "combat" { "" } else { &s.kind };
        out.push(entry(&s.slug, &s.title, kind));
    }
    if dots {
        out.push(entry("dots", "What is a dot worth", ""));
    }
    out
}

/// A scenario's section of the page, with its `charts`.
fn section_view(
    s: &Section,
    loaded: &[Loaded],
    palette: &Palette,
    charts: Vec<ChartView>,
) -> SectionView {
    SectionView {
        slug: s.slug.clone(),
        title: s.title.clone(),
        file: s.file.clone(),
        kind: s.kind.clone(),
        track: loaded
            .iter()
            .find(|l| l.slug == s.slug)
            .and_then(|l| track_name(&l.scenario))
            .map(str::to_string),
        trials: s.trials,
        seed: s.seed,
        editions: s
            .editions
            .iter()
            .map(|e| SectionEdition {
                id: e.id.clone(),
                color: palette.css(&e.id),
                hash: e.rules_hash.clone(),
                how: e.how.clone(),
                track: e.track.clone(),
            })
            .collect(),
        rows: rows(s),
        estimates: estimates(s),
        data: ["summary", "distributions"]
            .into_iter()
            .map(|t| DataLink::new(t, &format!("{}/{t}.parquet", s.slug)))
            .collect(),
        charts,
    }
}

/// The "What is a dot worth" section: a row per fight and trait, a cell
/// per edition.
fn dots_view(
    rows: &[DotRow],
    sections: &[Section],
    editions: &[String],
    left_out: Vec<String>,
    chart: ChartView,
) -> DotsView {
    let mut out = Vec::new();
    for s in sections {
        let mine: Vec<&DotRow> = rows.iter().filter(|r| r.scenario == s.slug).collect();
        let mut first = true;
        for t in dots::traits(rows) {
            let cells: Vec<String> = editions
                .iter()
                .map(|e| {
                    mine.iter()
                        .find(|r| r.edition == *e && r.trait_name == t)
                        .map_or(String::new(), |r| {
                            // Rounded first: a change of -1e-16 is +0.00.
                            let v = (1e4 * r.change()).round() / 100.0 + 0.0;
                            format!("{v:+.2}")
                        })
                })
                .collect();
            if cells.iter().all(String::is_empty) {
                continue;
            }
            out.push(DotsRow {
                slug: s.slug.clone(),
                title: if first {
                    s.title.clone()
                } else {
                    String::new()
                },
                side: if first {
                    mine.first().map_or(String::new(), |r| r.side.clone())
                } else {
                    String::new()
                },
                trait_name: t,
                cells,
            });
            first = false;
        }
    }
    DotsView {
        rows: out,
        chart,
        left_out,
        data: DataLink::new("dots", "dots.parquet"),
    }
}

/// The report's scenarios in words: `3 fight scenarios`, or `5
/// scenarios (2 fights, 2 chases and 1 grapple)` (fights, chases,
/// grapples, in that order).
fn scenario_words(sections: &[Section]) -> String {
    let n = sections.len();
    let plural = |k: usize, w: &str| format!("{k} {w}{}", if k == 1 { "" } else { "s" });
    let kinds: Vec<(&str, usize)> = ["fight", "chase", "grapple"]
        .into_iter()
        .map(|k| (k, sections.iter().filter(|s| s.noun() == k).count()))
        .filter(|&(_, c)| c > 0)
        .collect();
    match kinds.as_slice() {
        [] => "no scenarios".to_string(),
        [(only, _)] => format!("{n} {only} scenario{}", if n == 1 { "" } else { "s" }),
        _ => {
            let words: Vec<String> = kinds.iter().map(|(k, c)| plural(*c, k)).collect();
            let (last, rest) = words.split_last().expect("two kinds or more");
            let list = if rest.is_empty() {
                last.clone()
            } else {
                format!("{} and {last}", rest.join(", "))
            };
            format!("{} ({list})", plural(n, "scenario"))
        }
    }
}

/// The extended-action rows the page shows.
fn action_views(editions: &[RuleSet], rows: &[ActionRow], palette: &Palette) -> Vec<ActionView> {
    let mut out = Vec::new();
    for e in editions {
        for pool in single::ACTION_POOLS {
            let cells = single::TARGETS
                .iter()
                .map(|&t| {
                    let r = rows
                        .iter()
                        .find(|r| r.edition == e.id && r.pool == pool && r.target == t);
                    match r {
                        Some(r) => ActionCell {
                            mean: r
                                .mean_rolls
                                .map_or("never".to_string(), |m| format!("{m:.1}")),
                            within: format!(
                                "≤5: {}  ≤10: {}",
                                format(within(r, 5), Unit::Share),
                                format(within(r, 10), Unit::Share)
                            ),
                        },
                        None => ActionCell {
                            mean: "–".to_string(),
                            within: String::new(),
                        },
                    }
                })
                .collect();
            out.push(ActionView {
                edition: e.id.clone(),
                color: palette.css(&e.id),
                pool,
                cells,
            });
        }
    }
    out
}

/// An action row's chance of success within `k` rolls (one of
/// [`WITHIN`]).
fn within(r: &ActionRow, k: usize) -> f64 {
    WITHIN
        .iter()
        .position(|&w| w == k)
        .map_or(0.0, |i| r.p_within[i])
}
