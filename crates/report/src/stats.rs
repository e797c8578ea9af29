//! The tests `wodds check` puts an estimate's change to, and Holm's
//! correction over them. Every p-value is two-sided where the test has
//! sides; the distributions are statrs'.
//!
//! - [`two_proportion`]: a share `k / n` against another, the pooled
//!   two-proportion z test.
//! - [`welch`]: a mean against another from their standard errors,
//!   Welch's t test (Welch–Satterthwaite degrees of freedom).
//! - [`chi_square`]: a distribution's counts against another's, Pearson's
//!   chi-square test of homogeneity on the 2 × k table, adjacent buckets
//!   pooled until every expected count is at least [`MIN_EXPECTED`].
//! - [`holm`]: Holm's step-down adjustment of a family of p-values.

use statrs::distribution::{ChiSquared, ContinuousCDF, Normal, StudentsT};

/// The smallest expected count a bucket of a chi-square test may have;
/// adjacent buckets are pooled until each has it (Cochran's rule).
pub const MIN_EXPECTED: f64 = 5.0;

/// The two-sided p-value of the pooled two-proportion z test of `k1` in
/// `n1` against `k2` in `n2`. `None` when there is nothing to test: either
/// `n` is 0, or both shares are 0 or both are 1 (no spread, no
/// difference), so that such a pair does not swell the family Holm's
/// correction runs over.
pub fn two_proportion(k1: u64, n1: u64, k2: u64, n2: u64) -> Option<f64> {
    if n1 == 0 || n2 == 0 || k1 > n1 || k2 > n2 {
        return None;
    }
    let (n1f, n2f) = (n1 as f64, n2 as f64);
    let pooled = (k1 + k2) as f64 / (n1f + n2f);
    let var = pooled * (1.0 - pooled) * (1.0 / n1f + 1.0 / n2f);
    if var <= 0.0 {
        return None;
    }
    let z = (k2 as f64 / n2f - k1 as f64 / n1f) / var.sqrt();
    Some(two_sided_normal(z))
}

/// `2 (1 - Φ(|z|))`.
fn two_sided_normal(z: f64) -> f64 {
    let normal = Normal::standard();
    (2.0 * normal.sf(z.abs())).min(1.0)
}

/// The two-sided p-value of Welch's t test of mean `m1` (standard error
/// `se1 = s1 / sqrt(n1)`, `s1` the sample standard deviation of `n1`
/// values) against `m2` (`se2`, `n2`), on the Welch–Satterthwaite degrees
/// of freedom. `None` when a side has fewer than two values, a standard
/// error is negative or not finite, or neither side has any spread: the
/// t statistic is then undefined (two samples of 2 alike values each tell
/// nothing of a real change), and the metric's distribution, where it has
/// one, is tested instead.
pub fn welch(m1: f64, se1: f64, n1: u64, m2: f64, se2: f64, n2: u64) -> Option<f64> {
    let ok = |se: f64| se.is_finite() && se >= 0.0;
    if n1 < 2 || n2 < 2 || !ok(se1) || !ok(se2) || !m1.is_finite() || !m2.is_finite() {
        return None;
    }
    let (v1, v2) = (se1 * se1, se2 * se2);
    let v = v1 + v2;
    if v <= 0.0 {
        return None;
    }
    let t = (m2 - m1) / v.sqrt();
    let df = v * v / (v1 * v1 / (n1 - 1) as f64 + v2 * v2 / (n2 - 1) as f64);
    let dist = StudentsT::new(0.0, 1.0, df).ok()?;
    Some((2.0 * dist.sf(t.abs())).min(1.0))
}

/// The p-value of Pearson's chi-square test that `a` and `b`, counts over
/// the same ordered buckets, come from one distribution. Adjacent buckets
/// are pooled, in order, until each pooled bucket's smaller expected
/// count is at least [`MIN_EXPECTED`] (a short last one joins the one
/// before). `None` when the slices differ in length, a count is negative
/// or not finite, a side counts nothing, or fewer than two pooled buckets
/// are left (everything in one bucket: nothing to tell apart).
pub fn chi_square(a: &[f64], b: &[f64]) -> Option<f64> {
    let count = |c: f64| c.is_finite() && c >= 0.0;
    if a.len() != b.len() || !a.iter().chain(b).all(|&c| count(c)) {
        return None;
    }
    let (ra, rb): (f64, f64) = (a.iter().sum(), b.iter().sum());
    if ra <= 0.0 || rb <= 0.0 {
        return None;
    }
    let n = ra + rb;
    // A pooled bucket is big enough when its smaller expected count,
    // min(ra, rb) * column / n, reaches MIN_EXPECTED.
    let enough = MIN_EXPECTED * n / ra.min(rb);
    let mut cells: Vec<(f64, f64)> = Vec::new();
    let mut open = (0.0, 0.0);
    for (&x, &y) in a.iter().zip(b) {
        open = (open.0 + x, open.1 + y);
        if open.0 + open.1 >= enough {
            cells.push(open);
            open = (0.0, 0.0);
        }
    }
    if open.0 + open.1 > 0.0 {
        match cells.last_mut() {
            Some(last) => *last = (last.0 + open.0, last.1 + open.1),
            None => cells.push(open),
        }
    }
    if cells.len() < 2 {
        return None;
    }
    let stat: f64 = cells
        .iter()
        .map(|&(x, y)| {
            let col = x + y;
            let (ea, eb) = (ra * col / n, rb * col / n);
            (x - ea).powi(2) / ea + (y - eb).powi(2) / eb
        })
        .sum();
    let dist = ChiSquared::new((cells.len() - 1) as f64).ok()?;
    Some(dist.sf(stat).clamp(0.0, 1.0))
}

/// Holm's step-down adjustment: `p` adjusted in place of each, so that
/// rejecting every adjusted p-value below alpha keeps the chance of any
/// false rejection in the family at most alpha, however the tests depend
/// on one another. The i-th smallest (from 0) of m is multiplied by
/// m - i, and the adjusted values are made non-decreasing in that order.
pub fn holm(p: &[f64]) -> Vec<f64> {
    let m = p.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&i, &j| p[i].total_cmp(&p[j]).then(i.cmp(&j)));
    let mut out = vec![0.0; m];
    let mut running: f64 = 0.0;
    for (rank, &i) in order.iter().enumerate() {
        let adjusted = ((m - rank) as f64 * p[i]).min(1.0);
        running = running.max(adjusted);
        out[i] = running;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Holm on Wright's (1992) example, as R's `p.adjust(method =
    /// "holm")` gives it: 0.01, 0.04, 0.03, 0.005 -> 0.03, 0.06, 0.06,
    /// 0.02.
    #[test]
    fn holm_as_p_adjust() {
        let got = holm(&[0.01, 0.04, 0.03, 0.005]);
        for (g, w) in got.iter().zip([0.03, 0.06, 0.06, 0.02]) {
            assert!((g - w).abs() < 1e-15, "{got:?}");
        }
        assert!(holm(&[]).is_empty());
        assert_eq!(holm(&[0.7, 0.9]), vec![1.0, 1.0]);
    }

    /// 50 of 100 against 65 of 100: pooled share 0.575, z = 0.15 /
    /// sqrt(0.575 * 0.425 * 0.02) = 2.14555, so p = 2 (1 - Φ(2.14555)) =
    /// 0.03191 (the normal table's Φ(2.15) = 0.98422 and Φ(2.14) = 0.98382
    /// bracket it).
    #[test]
    fn two_proportions_by_hand() {
        let p = two_proportion(50, 100, 65, 100).unwrap();
        assert!((p - 0.031_91).abs() < 2e-5, "{p}");
        assert!(p > 2.0 * (1.0 - 0.984_22) && p < 2.0 * (1.0 - 0.983_82));
        // Symmetric, and no difference gives 1.
        assert_eq!(two_proportion(65, 100, 50, 100), Some(p));
        assert_eq!(two_proportion(30, 100, 300, 1000), Some(1.0));
        // All or nothing alike on both sides: nothing to test.
        assert_eq!(two_proportion(0, 10, 0, 20), None);
        assert_eq!(two_proportion(10, 10, 20, 20), None);
        // All against nothing is a test: 20 of 20 against 0 of 20, pooled
        // 0.5, z = 1 / sqrt(0.25 * 0.1) = 6.3246, p = 2.54e-10.
        let p = two_proportion(20, 20, 0, 20).unwrap();
        assert!((p / 2.54e-10 - 1.0).abs() < 0.01, "{p}");
        assert_eq!(two_proportion(1, 0, 0, 20), None);
        // 5000 against 5139 of 10,000: pooled 0.50695, z = 0.0139 /
        // sqrt(0.50695 * 0.49305 * 2e-4) = 1.96580, p = 0.04932.
        let p5 = two_proportion(5000, 10_000, 5139, 10_000).unwrap();
        assert!((p5 - 0.049_32).abs() < 2e-5, "{p5}");
    }

    /// Welch's t test on Wikipedia's first example (A1 and A2, 15 values
    /// each): t = -2.46, 27.85 degrees of freedom, p = 0.021.
    #[test]
    fn welch_as_wikipedia() {
        let a1 = [
            27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9, 20.1, 21.9, 22.6, 23.1, 19.6, 19.0, 21.7,
            21.4,
        ];
        let a2 = [
            27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8, 22.0, 24.8, 20.2, 21.9, 22.1, 22.9, 20.5,
            24.4,
        ];
        let stats = |x: &[f64]| {
            let n = x.len() as f64;
            let m = x.iter().sum::<f64>() / n;
            let s2 = x.iter().map(|v| (v - m).powi(2)).sum::<f64>() / (n - 1.0);
            (m, (s2 / n).sqrt())
        };
        let ((m1, se1), (m2, se2)) = (stats(&a1), stats(&a2));
        let p = welch(m1, se1, 15, m2, se2, 15).unwrap();
        assert!((p - 0.021).abs() < 5e-4, "{p}");
        assert_eq!(welch(m2, se2, 15, m1, se1, 15), Some(p));
        // No spread on either side: no t statistic.
        assert_eq!(welch(1.0, 0.0, 10, 1.0, 0.0, 10), None);
        assert_eq!(welch(1.0, 0.0, 10, 2.0, 0.0, 10), None);
        assert_eq!(welch(1.0, 0.1, 1, 2.0, 0.1, 10), None);
        // Spread on one side only: t = 1 / 0.1 = 10 on 9 degrees of
        // freedom (all from the second side), p = 3.57e-6.
        let p = welch(1.0, 0.0, 5, 2.0, 0.1, 10).unwrap();
        assert!((p / 3.57e-6 - 1.0).abs() < 0.01, "{p}");
    }

    /// Two buckets each (no pooling): the 2 x 2 table 30 70 / 50 50 has
    /// chi-square 8.3333 on one degree of freedom, p = 0.003892; three
    /// buckets 10 20 30 / 20 20 20 give chi-square 5.3333 by hand and on
    /// two degrees of freedom p = exp(-5.3333 / 2) = 0.069483.
    #[test]
    fn chi_square_by_hand() {
        let p = chi_square(&[30.0, 70.0], &[50.0, 50.0]).unwrap();
        assert!((p - 0.003_892).abs() < 1e-6, "{p}");
        let p = chi_square(&[10.0, 20.0, 30.0], &[20.0, 20.0, 20.0]).unwrap();
        let stat: f64 = 2.0 * (25.0 / 15.0) + 0.0 + 2.0 * (25.0 / 25.0);
        assert!((stat - 16.0 / 3.0).abs() < 1e-12);
        assert!((p - (-stat / 2.0).exp()).abs() < 1e-12, "{p}");
        // 108 counted, so a pooled bucket needs 5 * 108 / 8 = 67.5: the
        // two buckets (54 each) pool into one, and nothing is left to test.
        assert_eq!(chi_square(&[4.0, 4.0], &[50.0, 50.0]), None);
        // 110 counted: 55 a pooled bucket, which each bucket has.
        assert_eq!(chi_square(&[5.0, 5.0], &[50.0, 50.0]), Some(1.0));
        assert_eq!(chi_square(&[0.0, 0.0], &[1.0, 2.0]), None);
        assert_eq!(chi_square(&[1.0], &[1.0, 2.0]), None);
    }

    /// Sparse tails are pooled: 100 fights over 50 buckets with all but 3
    /// of them empty test as the 3 buckets they fill.
    #[test]
    fn chi_square_pools_sparse_buckets() {
        let mut a = vec![0.0; 50];
        let mut b = vec![0.0; 50];
        (a[0], a[1], a[2]) = (30.0, 50.0, 20.0);
        (b[0], b[1], b[2]) = (30.0, 50.0, 20.0);
        assert!((chi_square(&a, &b).unwrap() - 1.0).abs() < 1e-12);
        // A fight moved far into the tail joins its neighbours: the
        // pooled table is the same, chi-square 0.
        b[49] = 1.0;
        b[2] = 19.0;
        assert!((chi_square(&a, &b).unwrap() - 1.0).abs() < 1e-12);
        // Pooled only where sparse: 10 fights moved from bucket 0 to 1 is
        // the 2 x 3 table 30 50 20 / 20 60 20 (expected 25, 55, 20 a side),
        // chi-square 2 (25 / 25 + 25 / 55) = 2.9091 on 2 degrees of
        // freedom, p = exp(-2.9091 / 2) = 0.23350.
        let mut c = vec![0.0; 50];
        (c[0], c[1], c[2]) = (20.0, 60.0, 20.0);
        let p = chi_square(&a, &c).unwrap();
        let stat = 25.0 / 25.0 * 2.0 + 25.0 / 55.0 * 2.0;
        assert!((p - (-stat / 2.0_f64).exp()).abs() < 1e-12, "{p}");
        assert!((p - 0.233_50).abs() < 1e-5, "{p}");
    }
}
