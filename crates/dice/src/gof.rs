//! Goodness of fit of sampled counts against exact probabilities.

/// Pearson's chi-square statistic of a sample against a distribution.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChiSquare {
    /// The statistic, sum of (observed - expected)^2 / expected.
    pub statistic: f64,
    /// Degrees of freedom: cells after pooling, less one.
    pub df: usize,
}

/// Compares `observed` counts with `probabilities` (same cells, in order),
/// pooling neighbouring cells until each expects at least 5 (the usual
/// condition for the chi-square approximation).
///
/// ```
/// let fit = wodds_dice::chi_square(&[48, 52], &[0.5, 0.5]);
/// assert!((fit.statistic - 0.16).abs() < 1e-12);
/// assert_eq!(fit.df, 1);
/// ```
pub fn chi_square(observed: &[u64], probabilities: &[f64]) -> ChiSquare {
    let n: u64 = observed.iter().sum();
    let mut cells: Vec<(f64, f64)> = Vec::new();
    let (mut o_acc, mut e_acc) = (0.0, 0.0);
    for (&o, &p) in observed.iter().zip(probabilities) {
        o_acc += o as f64;
        e_acc += p * n as f64;
        if e_acc >= 5.0 {
            cells.push((o_acc, e_acc));
            (o_acc, e_acc) = (0.0, 0.0);
        }
    }
    match cells.last_mut() {
        Some(last) => {
            last.0 += o_acc;
            last.1 += e_acc;
        }
        None => cells.push((o_acc, e_acc)),
    }
    ChiSquare {
        statistic: cells.iter().map(|(o, e)| (o - e) * (o - e) / e).sum(),
        df: cells.len().saturating_sub(1),
    }
}
