//! What the other files of [`super`] share: one figure under the base and
//! under the rule ([`Shift`]), what counts as no change ([`NOISE`]), a
//! setting that differs, and how scenarios are played ([`Play`]).

use serde::Serialize;
use wodds_sim::conflict::{Figure, Sampling};

/// A change smaller than this (in probability, or rounds) is no change:
/// the two rule sets' figures agree to rounding.
pub const NOISE: f64 = 1e-9;

/// One figure under the base and under the rule, and the change with its
/// 95% interval (a point when exact).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Shift {
    /// Under the base.
    pub base: f64,
    /// Under the rule.
    pub rule: f64,
    /// The rule's less the base's.
    pub change: f64,
    /// The change's 95% interval: lower end.
    pub low: f64,
    /// Upper end.
    pub high: f64,
}

impl Shift {
    /// Two exact figures.
    pub fn exact(base: f64, rule: f64) -> Shift {
        let change = tidy(rule - base);
        Shift {
            base,
            rule,
            change,
            low: change,
            high: change,
        }
    }

    /// Two estimates and their paired change.
    pub fn paired(base: f64, rule: f64, change: Figure) -> Shift {
        Shift {
            base,
            rule,
            change: tidy(change.value),
            low: tidy(change.low),
            high: tidy(change.high),
        }
    }

    /// Whether it moved by [`NOISE`] or more.
    pub fn moved(&self) -> bool {
        self.change.abs() >= NOISE
    }

    /// Whether its interval leaves out zero: the change is more than
    /// the luck of the draw (always, for an exact change that moved).
    pub fn clear(&self) -> bool {
        self.moved() && (self.low > 0.0 || self.high < 0.0 || self.low == self.high)
    }
}

/// A signed figure with one decimal, or two significant digits when it
/// is smaller than that shows (`+0.0031`, never `-0.00`).
pub fn signed(x: f64) -> String {
    // `+ 0.0` turns -0 into 0.
    let x = x + 0.0;
    if x == 0.0 {
        "+0.00".to_string()
    } else if x.abs() >= 0.095 {
        format!("{x:+.1}")
    } else {
        let digits = x.abs().log10().floor() as i32;
        let decimals = (1 - digits).clamp(2, 12) as usize;
        format!("{x:+.decimals$}")
    }
}

/// A change in percentage points: `+47.97 pts` (`-0.0031 pts` when
/// small: never `-0.00`).
pub fn pts(x: f64) -> String {
    format!("{} pts", plus(100.0 * x))
}

/// A change in a count (rounds): `-1.31`, or two significant digits when
/// smaller than that shows.
pub fn plus(x: f64) -> String {
    if x.abs() >= 0.005 {
        format!("{:+.2}", x + 0.0)
    } else {
        signed(x)
    }
}

impl Shift {
    /// The change in words and, when estimated, its interval: `+3.20 pts`,
    /// `+3.20 pts (+2.10 pts to +4.30 pts)`, `no change`; in points when
    /// `points`, else as a count.
    pub fn words(&self, points: bool) -> String {
        let f = |x| if points { pts(x) } else { plus(x) };
        if !self.moved() {
            "no change".to_string()
        } else if self.low == self.high {
            f(self.change)
        } else {
            format!("{} ({} to {})", f(self.change), f(self.low), f(self.high))
        }
    }
}

/// A difference below [`NOISE`] as 0, without a negative zero.
fn tidy(x: f64) -> f64 {
    if x.abs() < NOISE { 0.0 } else { x }
}

/// A setting that differs: its value under each (`None`: unset).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SettingChange {
    /// Its dotted key (`dice.ones`).
    pub key: String,
    /// Under the base.
    pub base: Option<toml::Value>,
    /// Under the rule.
    pub rule: Option<toml::Value>,
}

/// How the scenarios are played where a figure cannot be exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Play {
    /// Conflicts a rule set per scenario (default: each scenario's).
    pub trials: Option<u64>,
    /// The seed (default: each scenario's).
    pub seed: Option<u64>,
    /// How the scenarios are played: [`Sampling::Round`], exactly from
    /// both rule sets' round chains where both have one, else paired under
    /// the outcome sampler; [`Sampling::Outcome`] or [`Sampling::PerDie`],
    /// paired under that sampler even where the chains would give exact
    /// figures.
    pub sampling: Sampling,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_below_noise_is_none_and_never_negative_zero() {
        let s = Shift::exact(0.3, 0.3 + 1e-12);
        assert!(!s.moved() && !s.clear());
        assert_eq!(s.change.to_bits(), 0.0f64.to_bits());
        let s = Shift::exact(0.3, 0.3 - 1e-12);
        assert_eq!(s.change.to_bits(), 0.0f64.to_bits());
        let s = Shift::exact(0.25, 0.5);
        assert!(s.moved() && s.clear());
        assert_eq!((s.change, s.low, s.high), (0.25, 0.25, 0.25));
    }

    #[test]
    fn a_paired_change_is_clear_only_when_its_interval_leaves_out_zero() {
        let f = |value, low, high| Figure { value, low, high };
        assert!(Shift::paired(0.5, 0.52, f(0.02, 0.01, 0.03)).clear());
        assert!(Shift::paired(0.5, 0.48, f(-0.02, -0.03, -0.01)).clear());
        assert!(!Shift::paired(0.5, 0.51, f(0.01, -0.001, 0.021)).clear());
    }
}
