//! The comparison held to cases worked out by hand.

use super::*;
use crate::compute::rows::Metric;
use crate::stats;

fn metric(edition: &str, name: &str, value: f64, exact: bool, trials: u64) -> Metric {
    Metric {
        scenario: "s".into(),
        kind: "combat".into(),
        edition: edition.into(),
        side: None,
        metric: name.into(),
        round: None,
        value,
        ci_low: value,
        ci_high: value,
        exact,
        trials: (!exact).then_some(trials),
        seed: (!exact).then_some(1),
        sampler: if exact { "exact" } else { "outcome" }.into(),
        rules_hash: "h".into(),
    }
}

fn results(metrics: Vec<Metric>) -> Results {
    Results {
        metrics,
        ..Results::default()
    }
}

/// Equal reports: nothing moved, every figure counted.
#[test]
fn the_same_results_move_nothing() {
    let r = results(vec![
        metric("revised", "draws", 0.25, true, 0),
        metric("revised", "draws", 0.2501, false, 1000),
    ]);
    let c = compare(&r, &r, &Thresholds::default());
    assert!(c.is_clean(), "{c:?}");
    assert_eq!((c.exact, c.tested), (1, 0));
}

/// An exact figure that moved by a billionth or more is reported; by
/// less, not: a draw's chance of 1e-11 gone to 0 is no move (issue 27:
/// `draws 0.000000001% -> 0.000000000%` was listed).
#[test]
fn exact_figures_move_by_a_billionth_or_more() {
    let moved = |a: f64, b: f64| {
        let old = results(vec![metric("revised", "draws", a, true, 0)]);
        let new = results(vec![metric("revised", "draws", b, true, 0)]);
        let c = compare(&old, &new, &Thresholds::default());
        assert!(c.moved.iter().all(|m| m.test == "exact"));
        c.moved.len() == 1
    };
    assert!(!moved(0.25, 0.25 + 1e-13));
    assert!(!moved(1e-11, 0.0));
    assert!(!moved(0.25, 0.25 - 9e-10));
    assert!(moved(0.25, 0.25 + 1.1e-9));
    assert!(moved(0.0, 1.1e-9));
    // On a mean's own scale past 1: 14.24 rounds moving by 1e-8 is less
    // than a billionth of it.
    assert!(!moved(14.24, 14.24 + 1e-8));
    assert!(moved(14.24, 14.24 + 1e-7));
}

/// A share of 1000 moved from 30% to 40% is far past alpha and the
/// minimum effect; to 30.4%, within noise; 30% to 40% with a minimum
/// effect of 0.2 is too small to report.
#[test]
fn estimates_need_significance_and_size() {
    let old = results(vec![metric("uwod", "draws", 0.30, false, 1000)]);
    let big = results(vec![metric("uwod", "draws", 0.40, false, 1000)]);
    let noise = results(vec![metric("uwod", "draws", 0.304, false, 1000)]);
    let c = compare(&old, &big, &Thresholds::default());
    assert_eq!(c.moved.len(), 1, "{c:?}");
    assert_eq!(c.moved[0].test, "two-proportion");
    assert!(c.moved[0].p_holm.unwrap() < 1e-5);
    assert!(compare(&old, &noise, &Thresholds::default()).is_clean());
    let wide = Thresholds {
        alpha: 0.001,
        min_effect: 0.2,
    };
    assert!(compare(&old, &big, &wide).is_clean());
}

/// Holm's correction runs over every estimate tested: a share whose
/// own p-value (about 0.0005, 52.45% against 50% of 10,000) is below
/// alpha 0.001 is reported alone, but not beside nine shares that did
/// not move, where Holm multiplies it by 10.
#[test]
fn holm_holds_back_a_borderline_estimate_among_many() {
    let raw = stats::two_proportion(5000, 10_000, 5245, 10_000).unwrap();
    assert!(raw > 1e-4 && raw < 1e-3, "{raw}");
    let old = vec![metric("uwod", "draws", 0.5, false, 10_000)];
    let new = vec![metric("uwod", "draws", 0.5245, false, 10_000)];
    let alone = compare(
        &results(old.clone()),
        &results(new.clone()),
        &Thresholds::default(),
    );
    assert_eq!(alone.moved.len(), 1, "{alone:?}");
    assert_eq!(alone.moved[0].p_value, Some(raw));
    assert_eq!(alone.moved[0].p_holm, Some(raw));
    let still: Vec<Metric> = (0..9)
        .map(|i| metric("uwod", &format!("ended_{i}"), 0.3, false, 10_000))
        .collect();
    let (mut old, mut new) = (old, new);
    old.extend(still.clone());
    new.extend(still);
    let (old, new) = (results(old), results(new));
    let many = compare(&old, &new, &Thresholds::default());
    assert_eq!(many.tested, 10);
    assert!(many.is_clean(), "{many:?}");
    // With alpha above 10 p it is reported, its p-value corrected.
    let loose = Thresholds {
        alpha: 0.01,
        min_effect: 0.005,
    };
    let many = compare(&old, &new, &loose);
    assert_eq!(many.moved.len(), 1);
    assert!((many.moved[0].p_holm.unwrap() - 10.0 * raw).abs() < 1e-15);
}

/// A mean's standard error is read back from its interval: Welch's
/// test on the means and intervals `Figure::mean` gives two samples
/// (200 values alternating 0 and 1 against 210 of 0, 1, 1 repeated:
/// means 1/2 and 2/3, sample variances 0.251256 and 0.223285), as
/// worked by hand: t = 3.4606 on 403.3 degrees of freedom, p =
/// 0.0005966.
#[test]
fn welch_reads_standard_errors_off_the_intervals() {
    let interval = |xs: &[f64]| {
        let n = xs.len() as f64;
        let sum: f64 = xs.iter().sum();
        let sq: f64 = xs.iter().map(|x| x * x).sum();
        let f = wodds_sim::conflict::Figure::mean(xs.len() as u64, sum, sq).expect("values");
        (f.value, f.low, f.high, n)
    };
    let a: Vec<f64> = (0..200).map(|i| f64::from(i % 2)).collect();
    let b: Vec<f64> = (0..210).map(|i| f64::from(u8::from(i % 3 != 0))).collect();
    let m = |xs: &[f64]| {
        let (value, low, high, n) = interval(xs);
        Metric {
            value,
            ci_low: low,
            ci_high: high,
            ..metric("uwod", "botches", value, false, n as u64)
        }
    };
    let c = compare(
        &results(vec![m(&a)]),
        &results(vec![m(&b)]),
        &Thresholds {
            alpha: 0.05,
            min_effect: 0.0,
        },
    );
    assert_eq!(c.moved.len(), 1, "{c:?}");
    assert_eq!(c.moved[0].test, "welch");
    let p = c.moved[0].p_value.unwrap();
    assert!((p / 0.000_596_6 - 1.0).abs() < 2e-3, "{p}");
}

/// An edition only one report has is one structural change.
#[test]
fn an_edition_added_is_named() {
    let old = results(vec![metric("revised", "draws", 0.25, true, 0)]);
    let mut both = old.clone();
    both.metrics.push(metric("fta", "draws", 0.25, true, 0));
    let c = compare(&old, &both, &Thresholds::default());
    assert_eq!(c.moved.len(), 1);
    assert_eq!(
        (c.moved[0].test, c.moved[0].edition.as_str()),
        ("added", "fta")
    );
}
