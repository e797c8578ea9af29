//! Holding an estimate to an exact value: within 4.5 standard errors.

/// Standard errors an estimate may stray from the exact value.
pub const BOUND: f64 = 4.5;
/// Counts an estimate may stray by besides (see [`share`]).
pub const SLACK: f64 = 3.0;

/// `k` of `n` conflicts against an exact chance `p`: within [`BOUND`]
/// standard errors of the binomial, give or take [`SLACK`] conflicts (an
/// end rarer than one in 10^4 is counted, not normal: one or two of them
/// in 20,000 must not read as a disagreement).
pub fn share(what: &str, k: u64, n: u64, p: f64) {
    let n = n as f64;
    let se = (p * (1.0 - p) / n).sqrt();
    let got = k as f64 / n;
    assert!(
        (got - p).abs() <= BOUND * se + SLACK / n + 1e-9,
        "{what}: {got} against exactly {p} ({:.1} standard errors)",
        (got - p).abs() / se
    );
}
