//! The comparison: every scenario-edition in either report, its summary
//! rows (exact ones within the tolerance, estimates by the two-proportion
//! or Welch test), its distributions, the exact tables' cells; then the
//! exact changes grouped and Holm's correction over every test.

use std::collections::HashMap;

use super::change::{Change, Comparison, Thresholds};
use super::distributions::distributions;
use super::gather::{
    BothInfo, Class, Gathered, Group, Pair, PairInfo, Where, change, class, count, index,
    pair_infos, union,
};
use super::results::Results;
use crate::compute::rows::Metric;
use crate::stats;

/// Compares `old` (the baseline) with `new`: every exact figure, every
/// estimate tested (see the module's documentation).
pub fn compare(old: &Results, new: &Results, thresholds: &Thresholds) -> Comparison {
    let mut g = Gathered::default();
    let (old_pairs, old_info) = pair_infos(old);
    let (new_pairs, new_info) = pair_infos(new);
    let pairs = union(&new_pairs, &old_pairs);
    for (s, e) in &pairs {
        let key = (s.clone(), e.clone());
        let (o, n) = (old_info.contains_key(&key), new_info.contains_key(&key));
        if o != n {
            let w = Where {
                table: "summary",
                scenario: Some(s),
                edition: e,
                metric: "every metric",
                side: None,
                at: None,
                share: false,
            };
            g.structural(change(&w, None, None, if n { "added" } else { "removed" }));
        }
    }
    let both = |s: &str, e: &str| {
        let key = (s.to_string(), e.to_string());
        Some((old_info.get(&key)?, new_info.get(&key)?))
    };
    summary(old, new, &both, &mut g);
    distributions(old, new, &both, &mut g);
    exact_tables(old, new, &mut g);
    finish(g, &pairs, thresholds)
}

/// The summary rows compared.
fn summary<'a>(old: &Results, new: &Results, both: &BothInfo<'a>, g: &mut Gathered) {
    let (old_keys, old_rows) = index(&old.metrics);
    let (new_keys, new_rows) = index(&new.metrics);
    for key in union(&new_keys, &old_keys) {
        let (scenario, edition, side, metric, round) = &key;
        let Some((po, pn)) = both(scenario, edition) else {
            continue;
        };
        let o = old_rows.get(&key).copied().unwrap_or_default();
        let n = new_rows.get(&key).copied().unwrap_or_default();
        let kind = class(metric);
        let share = kind == Class::Rate;
        let at = round.map(|r| format!("round {r}"));
        let w = Where {
            table: "summary",
            scenario: Some(scenario),
            edition,
            metric,
            side: side.as_deref(),
            at,
            share,
        };
        let make = |old: Option<f64>, new: Option<f64>, test| change(&w, old, new, test);
        let value = |m: Option<&Metric>| m.map(|m| m.value);
        if let Some(r) = round {
            // By round: a round missing is a round nobody reached (its
            // share going 0, its mean undefined).
            let fill = |m: Option<&Metric>| value(m).or((kind == Class::Rate).then_some(0.0));
            if po.exact && pn.exact {
                if let (Some(a), Some(b)) = (fill(o.exact), fill(n.exact)) {
                    g.exact(make(Some(a), Some(b), "exact"));
                }
            } else if let (Some(t1), Some(t2)) = (po.trials, pn.trials) {
                if kind == Class::Rate {
                    let k1 = po.going.get(r).copied().unwrap_or(0);
                    let k2 = pn.going.get(r).copied().unwrap_or(0);
                    let (a, b) = (k1 as f64 / t1 as f64, k2 as f64 / t2 as f64);
                    let p = stats::two_proportion(k1, t1, k2, t2);
                    g.tested(make(Some(a), Some(b), "two-proportion"), p, (b - a).abs());
                } else if let (Some(a), Some(b)) = (o.est, n.est) {
                    let n1 = po.going.get(r).copied().unwrap_or(0);
                    let n2 = pn.going.get(r).copied().unwrap_or(0);
                    mean_test(a, n1, b, n2, g, make);
                } else {
                    // A mean of a round only one report's conflicts
                    // reached: its share going is tested instead.
                    g.untested += 1;
                }
            } else {
                g.untested += 1;
            }
            continue;
        }
        let (o_any, n_any) = (o.exact.or(o.est), n.exact.or(n.est));
        match (o.exact, n.exact, o.est, n.est) {
            _ if o_any.is_none() => g.structural(make(None, value(n_any), "added")),
            _ if n_any.is_none() => g.structural(make(value(o_any), None, "removed")),
            (Some(a), Some(b), _, _) => g.exact(make(Some(a.value), Some(b.value), "exact")),
            (_, _, Some(a), Some(b)) => match kind {
                Class::Rate => {
                    let p = match (a.trials, b.trials) {
                        (Some(n1), Some(n2)) => {
                            stats::two_proportion(count(a.value, n1), n1, count(b.value, n2), n2)
                        }
                        _ => None,
                    };
                    g.tested(
                        make(Some(a.value), Some(b.value), "two-proportion"),
                        p,
                        (b.value - a.value).abs(),
                    );
                }
                Class::Mean => {
                    let n_of = |m: &Metric, info: &PairInfo| match m.metric.as_str() {
                        "winner_damage" => info.won,
                        _ => m.trials.unwrap_or(0),
                    };
                    mean_test(a, n_of(a, po), b, n_of(b, pn), g, make);
                }
                Class::Order => g.untested += 1,
            },
            _ => g.untested += 1,
        }
    }
}

/// The standard error of an estimated mean of `n` values: its 95% normal
/// interval (`wodds_sim`'s `Figure::mean`, mean ± z sqrt(v / n) with `v`
/// the variance over `n`) read back, and `v` made the sample variance (over
/// `n - 1`), as Welch's test takes it.
fn standard_error(m: &Metric, n: u64) -> f64 {
    let half = (m.ci_high - m.ci_low).max(0.0) / 2.0;
    let se = half / wodds_sim::conflict::Z95;
    if n > 1 {
        se * (n as f64 / (n - 1) as f64).sqrt()
    } else {
        se
    }
}

/// Welch's test of two estimated means from `n1` and `n2` values.
fn mean_test(
    a: &Metric,
    n1: u64,
    b: &Metric,
    n2: u64,
    g: &mut Gathered,
    make: impl Fn(Option<f64>, Option<f64>, &'static str) -> Change,
) {
    let (se1, se2) = (standard_error(a, n1), standard_error(b, n2));
    let p = stats::welch(a.value, se1, n1, b.value, se2, n2);
    g.tested(
        make(Some(a.value), Some(b.value), "welch"),
        p,
        (b.value - a.value).abs(),
    );
}

/// The cells of the exact tables compared.
fn exact_tables(old: &Results, new: &Results, g: &mut Gathered) {
    type Key = (&'static str, String, String, String);
    let index = |r: &Results| {
        let mut order: Vec<Key> = Vec::new();
        let mut map: HashMap<Key, Option<f64>> = HashMap::new();
        for c in &r.cells {
            let k = (c.table, c.edition.clone(), c.at.clone(), c.column.clone());
            if map.insert(k.clone(), c.value).is_none() {
                order.push(k);
            }
        }
        (order, map)
    };
    let (old_order, old_map) = index(old);
    let (new_order, new_map) = index(new);
    let editions = |order: &[Key]| {
        let mut v: Vec<(&'static str, String)> = Vec::new();
        for (t, e, _, _) in order {
            if !v.iter().any(|(a, b)| a == t && b == e) {
                v.push((t, e.clone()));
            }
        }
        v
    };
    let (old_eds, new_eds) = (editions(&old_order), editions(&new_order));
    for te in union(&new_eds, &old_eds) {
        let (o, n) = (old_eds.contains(&te), new_eds.contains(&te));
        if o != n {
            let w = Where {
                table: te.0,
                scenario: None,
                edition: &te.1,
                metric: "every cell",
                side: None,
                at: None,
                share: false,
            };
            g.structural(change(&w, None, None, if n { "added" } else { "removed" }));
        }
    }
    for key in union(&new_order, &old_order) {
        let te = (key.0, key.1.clone());
        if !(old_eds.contains(&te) && new_eds.contains(&te)) {
            continue;
        }
        let (a, b) = (
            old_map.get(&key).copied().flatten(),
            new_map.get(&key).copied().flatten(),
        );
        let w = Where {
            table: key.0,
            scenario: None,
            edition: &key.1,
            metric: &key.3,
            side: None,
            at: Some(key.2.clone()),
            share: key.3.starts_with("p_"),
        };
        g.exact(change(&w, a, b, "exact"));
    }
}

/// Exact changes grouped, tests corrected and filtered, all in order.
fn finish(g: Gathered, pairs: &[Pair], thresholds: &Thresholds) -> Comparison {
    let Gathered {
        found,
        exact,
        tested,
        untested,
    } = g;
    let ps: Vec<f64> = found.iter().filter_map(|f| f.test.map(|t| t.0)).collect();
    let adjusted = stats::holm(&ps);
    let mut adjusted = adjusted.into_iter();
    let mut moved: Vec<Change> = Vec::new();
    let mut tests: Vec<Change> = Vec::new();
    let mut groups: HashMap<Group, usize> = HashMap::new();
    for f in found {
        match (f.test, f.group) {
            (Some((p, effect)), _) => {
                let holm = adjusted.next().expect("one per test");
                let tested = Change {
                    p_value: Some(p),
                    p_holm: Some(holm),
                    ..f.change
                };
                if holm < thresholds.alpha && effect > thresholds.min_effect {
                    moved.push(tested.clone());
                }
                tests.push(tested);
            }
            (None, Some(group)) => match groups.get(&group) {
                Some(&i) => {
                    let shown = &mut moved[i];
                    shown.more += 1;
                    // The largest change shows, a chance's before a count's
                    // (an action's rolls move by whole rolls).
                    let size = |c: &Change| (c.share, c.difference.map_or(f64::INFINITY, f64::abs));
                    if size(&f.change) > size(shown) {
                        let more = shown.more;
                        *shown = Change { more, ..f.change };
                    }
                }
                None => {
                    groups.insert(group, moved.len());
                    moved.push(f.change);
                }
            },
            (None, None) => moved.push(f.change),
        }
    }
    // Scenario by scenario, in the reports' order; each scenario's
    // editions in order; the exact tables last.
    let rank = |c: &Change| {
        let scenario = c
            .scenario
            .as_ref()
            .and_then(|s| pairs.iter().position(|p| &p.0 == s))
            .unwrap_or(usize::MAX);
        let edition = pairs
            .iter()
            .position(|p| p.1 == c.edition)
            .unwrap_or(usize::MAX);
        (scenario, edition)
    };
    moved.sort_by_key(|c| rank(c));
    tests.sort_by_key(|c| rank(c));
    Comparison {
        moved,
        exact,
        tested,
        untested,
        tests,
        thresholds: *thresholds,
    }
}
