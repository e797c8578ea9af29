//! What the comparison gathers as it goes: each scenario-edition's
//! trials and wins, the summary rows of both reports side by side, and
//! the changes found before Holm's correction.

use std::collections::HashMap;

use super::change::{Change, same};
use super::results::Results;
use crate::compute::rows::{Metric, tidy};

/// How an estimate of a metric is tested.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Class {
    /// A share of the conflicts: two proportions.
    Rate,
    /// A mean: Welch.
    Mean,
    /// An order statistic: not tested (its distribution is).
    Order,
}

pub(super) fn class(metric: &str) -> Class {
    match metric {
        "win_rate" | "draws" | "going" => Class::Rate,
        m if m.starts_with("ended_") => Class::Rate,
        "rounds_median" | "rounds_p90" => Class::Order,
        _ => Class::Mean,
    }
}

/// A scenario under an edition.
pub(super) type Pair = (String, String);

/// A pair's information in the old and the new report, if both have it.
pub(super) type BothInfo<'a> = dyn Fn(&str, &str) -> Option<(&'a PairInfo, &'a PairInfo)> + 'a;

/// The exact figures shown as one change: table, scenario, edition, side,
/// metric (empty for the exact tables, one change an edition).
pub(super) type Group = (&'static str, Option<String>, String, Option<String>, String);

/// What a report says of a scenario under an edition, beside its rows.
#[derive(Debug, Default)]
pub(super) struct PairInfo {
    /// Whether its figures are exact (a round chain).
    pub(super) exact: bool,
    /// Conflicts played.
    pub(super) trials: Option<u64>,
    /// Conflicts someone won.
    pub(super) won: u64,
    /// Conflicts still going after each round.
    pub(super) going: HashMap<u32, u64>,
}

pub(super) fn count(share: f64, n: u64) -> u64 {
    (share * n as f64).round().max(0.0) as u64
}

pub(super) fn pair_infos(r: &Results) -> (Vec<Pair>, HashMap<Pair, PairInfo>) {
    let mut order = Vec::new();
    let mut info: HashMap<Pair, PairInfo> = HashMap::new();
    for m in &r.metrics {
        let key = (m.scenario.clone(), m.edition.clone());
        let e = info.entry(key.clone()).or_insert_with(|| {
            order.push(key);
            PairInfo::default()
        });
        if m.exact {
            e.exact = true;
            continue;
        }
        let Some(n) = m.trials else { continue };
        e.trials = Some(n);
        match (m.metric.as_str(), m.round) {
            ("win_rate", None) => e.won += count(m.value, n),
            ("going", Some(r)) => {
                e.going.insert(r, count(m.value, n));
            }
            _ => {}
        }
    }
    (order, info)
}

/// The key of a summary row.
pub(super) type Key = (String, String, Option<String>, String, Option<u32>);

/// A summary row's exact and estimated values in one report.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct Both<'a> {
    pub(super) exact: Option<&'a Metric>,
    pub(super) est: Option<&'a Metric>,
}

pub(super) fn index(ms: &[Metric]) -> (Vec<Key>, HashMap<Key, Both<'_>>) {
    let mut order = Vec::new();
    let mut map: HashMap<Key, Both<'_>> = HashMap::new();
    for m in ms {
        let key = (
            m.scenario.clone(),
            m.edition.clone(),
            m.side.clone(),
            m.metric.clone(),
            m.round,
        );
        let e = map.entry(key.clone()).or_insert_with(|| {
            order.push(key);
            Both::default()
        });
        if m.exact {
            e.exact = Some(m);
        } else {
            e.est = Some(m);
        }
    }
    (order, map)
}

/// Keys of both lists, `new`'s order first, each once.
pub(super) fn union<K: Clone + Eq + std::hash::Hash>(new: &[K], old: &[K]) -> Vec<K> {
    let mut seen = std::collections::HashSet::new();
    new.iter()
        .chain(old)
        .filter(|k| seen.insert((*k).clone()))
        .cloned()
        .collect()
}

/// A change found, before grouping and correction.
#[derive(Debug, Clone)]
pub(super) struct Found {
    /// Exact figures of one group are shown as one change.
    pub(super) group: Option<Group>,
    pub(super) change: Change,
    /// For a test: its p-value and the size of its change.
    pub(super) test: Option<(f64, f64)>,
}

/// What a comparison gathers as it goes.
#[derive(Debug, Default)]
pub(super) struct Gathered {
    pub(super) found: Vec<Found>,
    pub(super) exact: usize,
    pub(super) tested: usize,
    pub(super) untested: usize,
}

/// Where a figure is, and how it reads.
#[derive(Debug, Clone)]
pub(super) struct Where<'a> {
    pub(super) table: &'static str,
    pub(super) scenario: Option<&'a str>,
    pub(super) edition: &'a str,
    pub(super) metric: &'a str,
    pub(super) side: Option<&'a str>,
    pub(super) at: Option<String>,
    pub(super) share: bool,
}

pub(super) fn change(
    w: &Where<'_>,
    old: Option<f64>,
    new: Option<f64>,
    test: &'static str,
) -> Change {
    Change {
        table: w.table,
        scenario: w.scenario.map(str::to_string),
        edition: w.edition.to_string(),
        metric: w.metric.to_string(),
        side: w.side.map(str::to_string),
        at: w.at.clone(),
        more: 0,
        old,
        new,
        // Tidied as the tables' figures are (no float noise, no -0).
        difference: match (old, new) {
            (Some(a), Some(b)) => Some(tidy(b - a)),
            _ => None,
        },
        test,
        p_value: None,
        p_holm: None,
        share: w.share,
    }
}

impl Gathered {
    /// An exact figure compared: kept if it moved.
    pub(super) fn exact(&mut self, c: Change) {
        self.exact += 1;
        if !same(c.old, c.new) {
            let group = Some((
                c.table,
                c.scenario.clone(),
                c.edition.clone(),
                c.side.clone(),
                if c.table == "odds" || c.table == "actions" {
                    String::new()
                } else {
                    c.metric.clone()
                },
            ));
            self.found.push(Found {
                group,
                change: c,
                test: None,
            });
        }
    }

    /// A test's result: kept for the correction.
    pub(super) fn tested(&mut self, c: Change, p: Option<f64>, effect: f64) {
        match p {
            Some(p) => {
                self.tested += 1;
                self.found.push(Found {
                    group: None,
                    change: c,
                    test: Some((p, effect)),
                });
            }
            None => self.untested += 1,
        }
    }

    /// A metric or edition only one report has.
    pub(super) fn structural(&mut self, c: Change) {
        self.found.push(Found {
            group: None,
            change: c,
            test: None,
        });
    }
}
