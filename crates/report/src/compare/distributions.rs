//! The distributions compared: exact buckets one by one, estimated ones
//! by the chi-square test of homogeneity (a track's round by round).

use std::collections::HashMap;

use super::change::Change;
use super::gather::{BothInfo, Gathered, PairInfo, Where, change, count, union};
use super::results::Results;
use crate::compute::rows::Bucket;
use crate::stats;

/// A distribution's bucket, in words.
pub(super) fn bucket_words(metric: &str, bucket: u32, track: Option<i32>) -> String {
    match (metric, track) {
        ("rounds", _) => format!("ended after round {bucket}"),
        ("winner_damage", _) => format!("{bucket} health levels"),
        (m, Some(t)) => format!("round {bucket}, {} {t}", m.trim_end_matches("_by_round")),
        (_, None) => format!("bucket {bucket}"),
    }
}

/// The distributions compared.
pub(super) fn distributions<'a>(
    old: &Results,
    new: &Results,
    both: &BothInfo<'a>,
    g: &mut Gathered,
) {
    let (old_order, old_groups) = bucket_groups(old);
    let (new_order, new_groups) = bucket_groups(new);
    let empty = Vec::new();
    for key in union(&new_order, &old_order) {
        let (scenario, edition, metric) = &key;
        let Some((po, pn)) = both(scenario, edition) else {
            continue;
        };
        let ob = old_groups.get(&key).unwrap_or(&empty);
        let nb = new_groups.get(&key).unwrap_or(&empty);
        let exact = |bs: &[&Bucket], info: &PairInfo| {
            if bs.is_empty() {
                info.exact
            } else {
                bs.iter().all(|b| b.exact)
            }
        };
        let mixed = |bs: &[&Bucket]| bs.iter().any(|b| b.exact) && bs.iter().any(|b| !b.exact);
        if mixed(ob) || mixed(nb) {
            g.untested += 1;
            continue;
        }
        let (ox, nx) = (exact(ob, po), exact(nb, pn));
        let cells = bucket_cells(ob, nb);
        let make = |at: (u32, Option<i32>), a: f64, b: f64, test| {
            let w = Where {
                table: "distributions",
                scenario: Some(scenario),
                edition,
                metric,
                side: None,
                at: Some(bucket_words(metric, at.0, at.1)),
                share: true,
            };
            change(&w, Some(a), Some(b), test)
        };
        if ox && nx {
            for &(at, a, b) in &cells {
                g.exact(make(at, a, b, "exact"));
            }
            continue;
        }
        if ox != nx {
            g.untested += 1;
            continue;
        }
        let (Some(t1), Some(t2)) = (po.trials, pn.trials) else {
            g.untested += 1;
            continue;
        };
        let (n1, n2) = match metric.as_str() {
            "winner_damage" => (po.won, pn.won),
            _ => (t1, t2),
        };
        chi_square_tests(&cells, (n1, n2), &make, g);
    }
}

/// A distribution: scenario, edition, metric.
pub(super) type Dist = (String, String, String);

/// A bucket (its value, and its track's for a track by round) and its
/// probability under the old and the new report.
pub(super) type BucketCell = ((u32, Option<i32>), f64, f64);

/// A report's buckets by distribution, the distributions in order.
pub(super) fn bucket_groups(r: &Results) -> (Vec<Dist>, HashMap<Dist, Vec<&Bucket>>) {
    let mut order: Vec<Dist> = Vec::new();
    let mut map: HashMap<Dist, Vec<&Bucket>> = HashMap::new();
    for b in &r.buckets {
        let k = (b.scenario.clone(), b.edition.clone(), b.metric.clone());
        map.entry(k.clone())
            .or_insert_with(|| {
                order.push(k);
                Vec::new()
            })
            .push(b);
    }
    (order, map)
}

/// Each bucket's probability under each report (`ob` the old one's, `nb`
/// the new one's), zero where absent, in bucket order.
pub(super) fn bucket_cells(ob: &[&Bucket], nb: &[&Bucket]) -> Vec<BucketCell> {
    let mut cells: Vec<BucketCell> = Vec::new();
    for (bs, second) in [(ob, false), (nb, true)] {
        for b in bs.iter() {
            let at = (b.bucket, b.track);
            match cells.iter_mut().find(|c| c.0 == at) {
                Some(c) if second => c.2 = b.probability,
                Some(c) => c.1 = b.probability,
                None if second => cells.push((at, 0.0, b.probability)),
                None => cells.push((at, b.probability, 0.0)),
            }
        }
    }
    cells.sort_by_key(|c| c.0);
    cells
}

/// The chi-square tests of a distribution estimated from `n.0` conflicts
/// in the old report and `n.1` in the new: one per distribution; a
/// track's, one per round (a conflict counts in every round it lasts),
/// with the share ended by then. Each is shown by its bucket that changed
/// most (`make` makes its change).
pub(super) fn chi_square_tests(
    cells: &[BucketCell],
    n: (u64, u64),
    make: &dyn Fn((u32, Option<i32>), f64, f64, &'static str) -> Change,
    g: &mut Gathered,
) {
    let (n1, n2) = n;
    let by_round = cells.iter().any(|c| c.0.1.is_some());
    let mut rounds: Vec<Option<u32>> = if by_round {
        cells.iter().map(|c| Some(c.0.0)).collect()
    } else {
        vec![None]
    };
    rounds.dedup();
    for round in rounds {
        let part: Vec<_> = cells
            .iter()
            .filter(|c| round.is_none_or(|r| c.0.0 == r))
            .collect();
        let mut a: Vec<f64> = part.iter().map(|c| count(c.1, n1) as f64).collect();
        let mut b: Vec<f64> = part.iter().map(|c| count(c.2, n2) as f64).collect();
        if round.is_some() {
            a.push((n1 as f64 - a.iter().sum::<f64>()).max(0.0));
            b.push((n2 as f64 - b.iter().sum::<f64>()).max(0.0));
        }
        let Some(&&(at, x, y)) = part
            .iter()
            .max_by(|p, q| (p.2 - p.1).abs().total_cmp(&(q.2 - q.1).abs()))
        else {
            continue;
        };
        let p = stats::chi_square(&a, &b);
        g.tested(make(at, x, y, "chi-square"), p, (y - x).abs());
    }
}
