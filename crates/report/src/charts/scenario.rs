//! A scenario's charts, drawn from its section's rows as its
//! [`ChartSpec`]s ask, and their captions: each side's chance to win, how
//! the conflict ends, its track by round, the rounds to its end.

use super::kind::Chart;
use super::palette::Palette;
use super::{
    BandPoint, BandSeries, Bands, Bar, Bars, Corner, Intervals, Lines, Panel, Point, Series,
};
use crate::compute::section::{ChartSpec, MetricLabel, Section};

/// Draws a scenario's chart from its rows.
pub(super) fn chart(s: &Section, spec: &ChartSpec, palette: &Palette) -> Chart {
    match spec {
        ChartSpec::Intervals {
            title,
            metric,
            axis,
            ..
        } => Chart::Intervals(win_intervals(s, title, metric, axis, palette)),
        ChartSpec::Distribution {
            title,
            metric,
            x_axis,
            ..
        } => Chart::Lines(distribution(s, title, metric, x_axis, palette)),
        ChartSpec::Track {
            title,
            metric,
            axis,
            ..
        } => Chart::Bands(track(s, title, metric, axis, palette)),
        ChartSpec::Ends { title, ends, .. } => Chart::Bars(ends_bars(s, title, ends, palette)),
    }
}

/// Each side's `metric` under each edition, a panel per side scaled to
/// its own chances: the estimate with its interval, the exact value
/// where known.
fn win_intervals(
    s: &Section,
    title: &str,
    metric: &str,
    axis: &str,
    palette: &Palette,
) -> Intervals {
    Intervals {
        title: format!("{}: {}", s.title, title.to_lowercase()),
        x_desc: axis.to_string(),
        panels: s
            .sides
            .iter()
            .map(|side| Panel {
                title: side.clone(),
                rows: s
                    .editions
                    .iter()
                    .filter_map(|e| {
                        let est = s.find(&e.id, Some(side), metric, false)?;
                        let point = Point {
                            value: est.value,
                            low: est.ci_low,
                            high: est.ci_high,
                            exact: s.find(&e.id, Some(side), metric, true).map(|x| x.value),
                        };
                        Some((e.id.clone(), palette.look(&e.id), point))
                    })
                    .collect(),
            })
            .collect(),
        shared_axis: false,
    }
}

/// The distribution `metric` under each edition, overlaid, cut where
/// every edition has 99.5% of its mass.
fn distribution(s: &Section, title: &str, metric: &str, x_axis: &str, palette: &Palette) -> Lines {
    let series: Vec<Series> = s
        .editions
        .iter()
        .map(|e| Series {
            name: e.id.clone(),
            look: palette.look(&e.id),
            points: s
                .buckets
                .iter()
                .filter(|b| b.edition == e.id && b.metric == metric)
                .map(|b| (f64::from(b.bucket), 100.0 * b.probability))
                .collect(),
        })
        .collect();
    let (x_max, y_max) = extent(&series);
    let legend = clear_corner(&series, (0.5, x_max + 0.5), y_max);
    Lines {
        title: format!("{}: {}", s.title, title.to_lowercase()),
        x_desc: x_axis.to_string(),
        y_desc: "probability (%)".to_string(),
        series: series
            .into_iter()
            .map(|mut x| {
                x.points.retain(|p| p.0 <= x_max);
                x
            })
            .collect(),
        x: (0.5, x_max + 0.5),
        y: (0.0, y_max),
        percent: true,
        legend,
        delta: None,
    }
}

/// A track's mean by round under each edition.
fn track(s: &Section, title: &str, metric: &str, axis: &str, palette: &Palette) -> Bands {
    Bands {
        title: format!("{}: {}", s.title, lower_first(title)),
        x_desc: "after round".to_string(),
        y_desc: axis.to_string(),
        series: s
            .editions
            .iter()
            .map(|e| BandSeries {
                name: e.id.clone(),
                look: palette.look(&e.id),
                points: track_points(s, &e.id, metric),
            })
            .collect(),
        percent: false,
        line_of: "mean".to_string(),
    }
}

/// The chance of each way of ending that some edition reaches, under
/// each edition: exact bars where known, else the estimate's.
fn ends_bars(s: &Section, title: &str, ends: &[MetricLabel], palette: &Palette) -> Bars {
    let (shown, _) = shown_ends(s, ends);
    Bars {
        title: format!("{}: {}", s.title, lower_first(title)),
        x_desc: "chance (%)".to_string(),
        groups: shown.iter().map(|l| l.label.clone()).collect(),
        editions: s
            .editions
            .iter()
            .map(|e| {
                let bars = shown
                    .iter()
                    .map(|l| {
                        let exact = s.find(&e.id, None, &l.metric, true);
                        let est = s.find(&e.id, None, &l.metric, false);
                        match (exact, est) {
                            (Some(x), _) => Some(Bar {
                                value: x.value,
                                interval: None,
                                exact: true,
                            }),
                            (None, Some(m)) => Some(Bar {
                                value: m.value,
                                interval: Some((m.ci_low, m.ci_high)),
                                exact: false,
                            }),
                            (None, None) => None,
                        }
                    })
                    .collect();
                (e.id.clone(), palette.look(&e.id), bars)
            })
            .collect(),
        points: false,
    }
}

/// `Lead by round` -> `lead by round` (a title after the scenario's).
fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or(String::new(), |f| f.to_lowercase().chain(c).collect())
}

/// The share of conflicts still going below which a track chart stops:
/// past it the estimate rests on too few conflicts to read.
const MIN_GOING: f64 = 0.01;

/// An edition's points of a track chart: every round up to the last at
/// which at least [`MIN_GOING`] of its conflicts are still going (exact
/// share where known).
fn track_points(s: &Section, edition: &str, metric: &str) -> Vec<BandPoint> {
    let going = |round: u32| {
        let at = |exact| {
            s.by_round(edition, "going", exact)
                .find(|m| m.round == Some(round))
                .map(|m| m.value)
        };
        at(true).or_else(|| at(false)).unwrap_or(0.0)
    };
    let rounds: Vec<u32> = s
        .by_round(edition, metric, true)
        .chain(s.by_round(edition, metric, false))
        .filter_map(|m| m.round)
        .collect();
    let last = rounds
        .iter()
        .copied()
        .filter(|&r| going(r) >= MIN_GOING)
        .max()
        .unwrap_or(0);
    (1..=last)
        .map(|r| {
            let find = |exact| {
                s.by_round(edition, metric, exact)
                    .find(|m| m.round == Some(r))
            };
            BandPoint {
                x: f64::from(r),
                estimate: find(false).map(|m| (m.value, m.ci_low, m.ci_high)),
                exact: find(true).map(|m| m.value),
            }
        })
        .filter(|p| p.estimate.is_some() || p.exact.is_some())
        .collect()
}

/// Below this chance under every edition, a way of ending is left off
/// the chart of how a conflict ends (the caption names it).
const MIN_END: f64 = 0.0005;

/// The ways of ending an ends chart shows (some edition reaches it with
/// at least [`MIN_END`], exactly or by the estimate), and those it leaves
/// off.
fn shown_ends<'a>(
    s: &Section,
    ends: &'a [MetricLabel],
) -> (Vec<&'a MetricLabel>, Vec<&'a MetricLabel>) {
    ends.iter().partition(|l| {
        s.editions.iter().any(|e| {
            [true, false]
                .iter()
                .filter_map(|&x| s.find(&e.id, None, &l.metric, x))
                .any(|m| m.value >= MIN_END)
        })
    })
}

/// The upper corner of a distribution chart whose legend would cover
/// the fewest points: those in its third of the width and top third of
/// the height (the right one when even).
fn clear_corner(series: &[Series], x: (f64, f64), y_max: f64) -> Corner {
    let third = (x.1 - x.0) / 3.0;
    let under = |from: f64, to: f64| {
        series
            .iter()
            .flat_map(|s| &s.points)
            .filter(|p| p.0 >= from && p.0 <= to && p.1 >= y_max * 2.0 / 3.0)
            .count()
    };
    if under(x.0, x.0 + third) < under(x.1 - third, x.1) {
        Corner::UpperLeft
    } else {
        Corner::UpperRight
    }
}

/// How far a distribution chart reaches: the bucket by which every
/// series has 99.5% of its mass, and the top of the y axis.
fn extent(series: &[Series]) -> (f64, f64) {
    let mut x_max = 5.0f64;
    let mut y_max = 1.0f64;
    for s in series {
        let mut acc = 0.0;
        for &(x, p) in &s.points {
            acc += p;
            y_max = y_max.max(p);
            if acc >= 99.5 {
                x_max = x_max.max(x);
                break;
            }
        }
        if acc < 99.5 {
            x_max = x_max.max(s.points.last().map_or(0.0, |p| p.0));
        }
    }
    (x_max, (y_max * 1.15).ceil())
}

/// Which of a section's editions have exact figures (a round chain) and
/// which only estimates, and what its conflicts are called: what every
/// caption says.
struct Drawn<'a> {
    exact: Vec<&'a str>,
    estimated: Vec<&'a str>,
    noun: &'a str,
    trials: u64,
}

impl<'a> Drawn<'a> {
    fn of(s: &'a Section) -> Drawn<'a> {
        let exact: Vec<&str> = s
            .editions
            .iter()
            .filter(|e| s.metrics.iter().any(|m| m.edition == e.id && m.exact))
            .map(|e| e.id.as_str())
            .collect();
        let estimated: Vec<&str> = s
            .editions
            .iter()
            .map(|e| e.id.as_str())
            .filter(|id| !exact.contains(id))
            .collect();
        Drawn {
            exact,
            estimated,
            noun: s.noun(),
            trials: s.trials,
        }
    }
}

/// A scenario chart's caption.
pub(super) fn caption(s: &Section, spec: &ChartSpec) -> String {
    let d = Drawn::of(s);
    match spec {
        ChartSpec::Intervals { .. } => intervals_caption(&d),
        ChartSpec::Distribution { .. } => distribution_caption(&d),
        ChartSpec::Track { metric, .. } => track_caption(s, &d, metric),
        ChartSpec::Ends { ends, .. } => ends_caption(s, &d, ends),
    }
}

/// The caption of each side's chance to win.
fn intervals_caption(d: &Drawn) -> String {
    let noun = d.noun;
    let mut c = format!(
        "Each side's chance to win under each edition, a panel per side, each on an axis scaled to its own chances (so that a change between editions shows): the marker is the estimate from {} {noun}s an edition, the whiskers its 95% Wilson interval.",
        d.trials
    );
    if !d.exact.is_empty() {
        c.push_str(&format!(
            " The black bar is the exact chance from the {noun}'s round chain ({}), written beside it; elsewhere the estimate is.",
            d.exact.join(", ")
        ));
    }
    if !d.estimated.is_empty() {
        c.push_str(&format!(
            " No exact value for {}: no round chain (the page says why under each edition).",
            d.estimated.join(", ")
        ));
    }
    c
}

/// The caption of the rounds to the end.
fn distribution_caption(d: &Drawn) -> String {
    let noun = d.noun;
    let mut c = format!("The chance that the {noun} ends after each round.");
    if !d.exact.is_empty() {
        c.push_str(&format!(" Exact for {} (round chain).", d.exact.join(", ")));
    }
    if !d.estimated.is_empty() {
        c.push_str(&format!(
            " Estimated from {} {noun}s for {}.",
            d.trials,
            d.estimated.join(", ")
        ));
    }
    let nouns = format!("{}s", upper_first(noun));
    c.push_str(&format!(
        " {nouns} still going at the round limit are draws, counted in its last round; the chart stops where every edition has 99.5% of its {noun}s ended.",
    ));
    c
}

/// The caption of a track's mean by round (`metric`).
fn track_caption(s: &Section, d: &Drawn, metric: &str) -> String {
    let noun = d.noun;
    let column = metric.trim_end_matches("_mean");
    let track = upper_first(column);
    let mut c = format!(
        "The mean {track} after each round, among the {noun}s still going, under each edition."
    );
    if !d.exact.is_empty() {
        c.push_str(&format!(
            " The line is the exact mean from the round chain ({});",
            d.exact.join(", ")
        ));
        if !d.estimated.is_empty() {
            c.push_str(&format!(
                " for {} it is the estimate;",
                d.estimated.join(", ")
            ));
        }
    } else {
        c.push_str(" The line is the estimated mean;");
    }
    c.push_str(&format!(
        " the band is the 95% interval of the mean estimated from {} {noun}s an edition (normal).",
        d.trials
    ));
    c.push_str(&format!(
        " Each line stops after the last round at which at least {:.0}% of its {noun}s are still going; every round is in summary.parquet ({column}_mean, going) and distributions.parquet ({column}_by_round).",
        100.0 * MIN_GOING
    ));
    let words: Vec<String> = s
        .editions
        .iter()
        .filter_map(|e| e.track.as_ref().map(|w| format!("{} {w}", e.id)))
        .collect();
    if !words.is_empty() {
        c.push_str(&format!(
            " Each edition keeps its own {track}, so the lines share an axis but not a scale: {}.",
            words.join("; ")
        ));
    }
    c
}

/// The caption of how the conflict ends.
fn ends_caption(s: &Section, d: &Drawn, ends: &[MetricLabel]) -> String {
    let noun = d.noun;
    let mut c = format!("The chance of each way the {noun} ends, under each edition:");
    if !d.exact.is_empty() {
        c.push_str(&format!(
            " exact from the round chain for {} (solid bars)",
            d.exact.join(", ")
        ));
    }
    if !d.estimated.is_empty() {
        if !d.exact.is_empty() {
            c.push(';');
        }
        c.push_str(&format!(
            " estimated from {} {noun}s for {} (paler bars, whiskers the 95% Wilson interval)",
            d.trials,
            d.estimated.join(", ")
        ));
    }
    c.push('.');
    let (_, left) = shown_ends(s, ends);
    if !left.is_empty() {
        let names: Vec<&str> = left.iter().map(|l| l.label.as_str()).collect();
        c.push_str(&format!(
            " Left off, as no edition reaches them ({:.2}% or more): {}.",
            100.0 * MIN_END,
            names.join(", ")
        ));
    }
    c
}

/// `fight` -> `Fight`.
fn upper_first(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
}
