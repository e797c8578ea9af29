//! Two reports' results compared metric by metric: what `wodds check`
//! reports as moved.
//!
//! - Exact figures (every cell of `odds.parquet` and `actions.parquet`,
//!   every summary row and distribution a round chain gives) have moved
//!   when they differ by [`MIN_MOVE`] (1e-9) or more, whatever the size
//!   past that.
//! - Estimates are tested where the metric has no exact value under both
//!   reports (under a round chain the estimates are drawn from the very
//!   chain the exact rows come from, so they can move only if it does): a
//!   share (`win_rate`, `draws`, `ended_*`, `going`) by the two-proportion
//!   z test, its count the share times `trials`; a mean (`rounds_mean`,
//!   `winner_damage`, `willpower`, `botches`, a track's mean by round) by
//!   Welch's t test, its standard error the 95% interval's half width over
//!   1.96; a distribution (`rounds`, `winner_damage`, a track by round,
//!   round by round) by the chi-square test of homogeneity, sparse buckets
//!   pooled. The median and 90th percentile of the rounds are read off the
//!   rounds distribution, which is tested, and are not tested again.
//! - Holm's correction over every test of the comparison; an estimate has
//!   moved when its adjusted p-value is below alpha **and** its change is
//!   larger than the minimum effect (for a distribution, the largest
//!   change of one bucket).
//!
//! See [`crate::stats`] for the tests.

mod change;
mod comparison;
mod distributions;
mod gather;
mod results;
#[cfg(test)]
mod tests;

pub use change::{Change, Comparison, MIN_MOVE, Thresholds, same};
pub use comparison::compare;
pub use results::{Cell, Results};
