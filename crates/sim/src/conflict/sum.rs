//! Sums of many small terms, kept with their rounding error: a round
//! chain's exact figures add up millions of them.

/// A sum and the rounding error its additions have made so far
/// (Neumaier's compensated summation).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Sum {
    total: f64,
    error: f64,
}

impl Sum {
    /// Adds `x`, keeping what the addition rounded off.
    #[inline]
    pub(super) fn add(&mut self, x: f64) {
        let t = self.total + x;
        self.error += if self.total.abs() >= x.abs() {
            (self.total - t) + x
        } else {
            (x - t) + self.total
        };
        self.total = t;
    }

    /// The sum.
    pub(super) fn value(self) -> f64 {
        self.total + self.error
    }
}
