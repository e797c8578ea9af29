//! The single roll's charts, from the exact odds table: each edition's
//! chance of success and of a botch by pool at its standard task, and a
//! heatmap of its chance of success by pool and difficulty; and their
//! captions.

use wodds_rules::{DifficultyKind, RuleSet};

use super::kind::Chart;
use super::palette::Palette;
use super::style::{chance_axis, short_id};
use super::{Corner, Delta, Heatmap, Lines, Series};
use crate::compute::inputs::slug;
use crate::compute::rows::OddsRow;
use crate::compute::single::POOLS;

/// What an edition's difficulty means, in a few words.
fn difficulty_words(rules: &RuleSet) -> &'static str {
    match rules.dice.difficulty {
        DifficultyKind::TargetNumber => "target number",
        DifficultyKind::SuccessesNeeded => "successes needed",
        DifficultyKind::DiceRemoved => "dice removed",
    }
}

/// The rows of `odds` for `edition` without options.
fn plain<'a>(odds: &'a [OddsRow], edition: &'a str) -> impl Iterator<Item = &'a OddsRow> + 'a {
    odds.iter()
        .filter(move |r| r.edition == edition && r.options == "none")
}

/// Each edition's figure at its standard difficulty, by pool.
fn standard_series(
    editions: &[RuleSet],
    odds: &[OddsRow],
    palette: &Palette,
    f: fn(&OddsRow) -> f64,
) -> Vec<Series> {
    editions
        .iter()
        .map(|e| Series {
            name: e.id.clone(),
            look: palette.look(&e.id),
            points: plain(odds, &e.id)
                .filter(|r| r.difficulty == e.dice.standard_difficulty)
                .map(|r| (f64::from(r.pool), 100.0 * f(r)))
                .collect(),
        })
        .collect()
}

/// Each series less the first's (`base`'s), point by point, in
/// percentage points: a chart's [`Delta`] panel, or none with a single
/// series.
fn delta(series: &[Series]) -> Option<Delta> {
    let (base, _) = series.split_first().filter(|(_, rest)| !rest.is_empty())?;
    Some(Delta {
        y_desc: format!("change from {} (points)", short_id(&base.name)),
        series: series
            .iter()
            .map(|s| Series {
                name: s.name.clone(),
                look: s.look,
                points: s
                    .points
                    .iter()
                    .filter_map(|&(x, y)| {
                        let b = base.points.iter().find(|p| p.0 == x)?;
                        Some((x, y - b.1))
                    })
                    .collect(),
            })
            .collect(),
    })
}

/// The single-roll charts: file name and chart. The chances by pool
/// compare the editions, so each is drawn on a chance axis scaled to its
/// lines ([`chance_axis`]) over a panel of each line's change from the
/// first edition's.
pub(super) fn charts(
    editions: &[RuleSet],
    odds: &[OddsRow],
    palette: &Palette,
) -> Vec<(String, Chart)> {
    let pools = (
        f64::from(*POOLS.start()) - 0.5,
        f64::from(*POOLS.end()) + 0.5,
    );
    let axis =
        |series: &[Series]| chance_axis(series.iter().flat_map(|s| s.points.iter().map(|p| p.1)));
    let success = standard_series(editions, odds, palette, |r| r.stats.p_success);
    let botch = standard_series(editions, odds, palette, |r| r.stats.p_botch);
    let mut out = vec![
        (
            "success-vs-pool".to_string(),
            Chart::Lines(Lines {
                title: "Chance one roll succeeds, at each edition's standard task".to_string(),
                x_desc: "pool (dice)".to_string(),
                y_desc: "chance of success (%)".to_string(),
                y: axis(&success),
                delta: delta(&success),
                series: success,
                x: pools,
                percent: true,
                legend: Corner::LowerRight,
            }),
        ),
        (
            "botch-vs-pool".to_string(),
            Chart::Lines(Lines {
                title: "Chance one roll botches, at each edition's standard task".to_string(),
                x_desc: "pool (dice)".to_string(),
                y_desc: "chance of a botch (%)".to_string(),
                y: axis(&botch),
                delta: delta(&botch),
                series: botch,
                x: pools,
                percent: true,
                legend: Corner::UpperRight,
            }),
        ),
    ];
    for e in editions {
        let [d0, d1] = e.dice.difficulty_range;
        let ys: Vec<i32> = (d0..=d1).collect();
        let xs: Vec<i32> = POOLS.collect();
        let z = ys
            .iter()
            .map(|&d| {
                xs.iter()
                    .map(|&p| {
                        plain(odds, &e.id)
                            .find(|r| r.pool == p && r.difficulty == d)
                            .map_or(0.0, |r| r.stats.p_success)
                    })
                    .collect()
            })
            .collect();
        out.push((
            format!("heatmap-{}", slug(&e.id)),
            Chart::Heatmap(Heatmap {
                title: format!("{}: chance of success (%) by pool and difficulty", e.id),
                x_desc: "pool (dice)".to_string(),
                y_desc: format!("difficulty ({})", difficulty_words(e)),
                z_desc: "success".to_string(),
                xs,
                ys,
                z,
                change: false,
            }),
        ));
    }
    out
}

/// The single-roll charts' names and captions, in page order.
pub(super) fn captions(editions: &[RuleSet], odds: &[OddsRow]) -> Vec<(String, String)> {
    let standard: Vec<String> = editions
        .iter()
        .map(|e| {
            format!(
                "{} {} {}",
                e.id,
                difficulty_words(e),
                e.dice.standard_difficulty
            )
        })
        .collect();
    // Editions whose single roll is another's: their lines coincide.
    let same = |a: &RuleSet, b: &RuleSet| {
        let pa: Vec<_> = plain(odds, &a.id)
            .map(|r| (r.pool, r.difficulty, r.stats))
            .collect();
        let pb: Vec<_> = plain(odds, &b.id)
            .map(|r| (r.pool, r.difficulty, r.stats))
            .collect();
        pa == pb
    };
    let mut twins = Vec::new();
    for (i, a) in editions.iter().enumerate() {
        if let Some(b) = editions[..i].iter().find(|b| same(a, b)) {
            twins.push(format!(
                "{}'s single roll is {}'s, so its line lies on {}'s",
                a.id, b.id, b.id
            ));
        }
    }
    let twins = if twins.is_empty() {
        String::new()
    } else {
        format!(" {}.", twins.join("; "))
    };
    let never: Vec<&str> = editions
        .iter()
        .filter(|e| {
            plain(odds, &e.id)
                .filter(|r| r.difficulty == e.dice.standard_difficulty)
                .all(|r| r.stats.p_botch == 0.0)
        })
        .map(|e| e.id.as_str())
        .collect();
    let never = if never.is_empty() {
        String::new()
    } else {
        format!(
            " {} never botch{} at the standard task with one die or more.",
            never.join(" and "),
            if never.len() == 1 { "es" } else { "" }
        )
    };
    let below = match editions {
        [base, _, ..] => format!(
            " Below, each edition's chance less {}'s, in percentage points. Each axis spans the lines it shows.",
            base.id
        ),
        _ => " The axis spans the line it shows.".to_string(),
    };
    let mut out = vec![
        (
            "success-vs-pool".to_string(),
            format!(
                "Chance that one roll succeeds, by pool, no options; standard tasks: {}. Exact.{below}{twins}",
                standard.join(", ")
            ),
        ),
        (
            "botch-vs-pool".to_string(),
            format!(
                "Chance that one roll botches, by pool, at the same standard tasks. Exact.{below}{never}{twins}"
            ),
        ),
    ];
    for e in editions {
        let [d0, d1] = e.dice.difficulty_range;
        out.push((
            format!("heatmap-{}", slug(&e.id)),
            format!(
                "{} ({}): chance of success of one roll, every pool 1–20 and difficulty {d0}–{d1} ({}), no options, in percent. Exact.",
                e.id,
                e.name,
                difficulty_words(e)
            ),
        ));
    }
    out
}
