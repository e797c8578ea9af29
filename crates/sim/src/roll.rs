//! The figures of a single roll.

use wodds_rules::CompiledRoll;

/// What `wodds odds` shows of one roll: its chance of success and of a
/// botch, the mean successes (net of cancelling 1s; a botch counts 0) and
/// the chance of at least 1 to 5 successes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RollStats {
    /// The chance it succeeds (at least the successes needed, no botch).
    pub p_success: f64,
    /// The chance it botches.
    pub p_botch: f64,
    /// Mean successes.
    pub mean: f64,
    /// `p_ge[k]`: the chance of at least `k + 1` successes.
    pub p_ge: [f64; 5],
    /// An upper bound on the probability mass dropped by cutting re-roll
    /// chains that go on without bound (N-again): below 1e-15, 0 when
    /// nothing is rolled again.
    pub truncation: f64,
}

impl RollStats {
    /// The exact figures of `roll`, from its enumerated distribution.
    ///
    /// ```
    /// use wodds_rules::{RollOptions, RuleSet};
    /// use wodds_sim::RollStats;
    /// let revised = RuleSet::load("revised").unwrap();
    /// // One die at 6: a success on 6-10 (half the faces), a botch on a 1.
    /// let s = RollStats::exact(&revised.roll(1, 6, &RollOptions::default()).unwrap());
    /// assert!((s.p_success - 0.5).abs() < 1e-15 && (s.p_botch - 0.1).abs() < 1e-15);
    /// ```
    pub fn exact(roll: &CompiledRoll) -> RollStats {
        let d = wodds_dice::exact(&roll.spec);
        RollStats {
            p_success: d.p_at_least(roll.needed),
            p_botch: d.p_botch(),
            mean: d.mean(),
            p_ge: std::array::from_fn(|k| d.p_at_least(k as u32 + 1)),
            truncation: d.truncation(),
        }
    }
}
