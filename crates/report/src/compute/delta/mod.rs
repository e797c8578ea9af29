//! What a rule changes: a house rule (or an edition) against a base, in
//! numbers. The settings that differ ([`wodds_rules::diff`]), then what
//! they move: the single roll on the pool × difficulty grid and the
//! extended-action table ([`single`]), and each scenario's win chances,
//! ways of ending and length ([`conflict`]): exact where both rule sets
//! have a round chain, else both played on the same random numbers
//! ([`wodds_sim::conflict::run_paired`]) with the paired interval of the
//! difference. Where the rule changes several settings, each scenario is
//! played again with the base and one setting changed, so a designer sees
//! which part of the rule does the work. Nothing that moved by less than
//! [`NOISE`] counts as a change.

pub mod conflict;
pub mod single;

use serde::Serialize;
use wodds_rules::RuleSet;
use wodds_sim::conflict::{Figure, Sampling, Scenario};

use crate::error::ReportError;
use crate::progress::Progress;

pub use conflict::{Method, ScenarioShift};
pub use single::{ActionShift, Grid, OddsShift};

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

/// A difference below [`NOISE`] as 0, without a negative zero.
fn tidy(x: f64) -> f64 {
    if x.abs() < NOISE { 0.0 } else { x }
}

/// A rule set as the comparison names it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Named {
    /// Its id (an edition's, or a house rule's path).
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its rules hash.
    pub hash: String,
}

impl Named {
    fn of(rules: &RuleSet) -> Named {
        Named {
            id: rules.id.clone(),
            name: rules.name.clone(),
            hash: rules.hash().to_string(),
        }
    }
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

/// What the rule changes against the base.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Delta {
    /// The base.
    pub base: Named,
    /// The rule.
    pub rule: Named,
    /// The settings that differ, in the rule files' order.
    pub settings: Vec<SettingChange>,
    /// The single roll.
    pub grid: Grid,
    /// The extended-action table.
    pub actions: Vec<ActionShift>,
    /// Each scenario, in the order given.
    pub scenarios: Vec<ScenarioShift>,
}

/// What `rule` changes against `base`, on the single roll, the actions
/// table and each of `scenarios` (a name for each, and the scenario).
pub fn delta(
    base: &RuleSet,
    rule: &RuleSet,
    scenarios: &[(String, Scenario)],
    play: Play,
    progress: &dyn Progress,
) -> Result<Delta, ReportError> {
    let settings = wodds_rules::diff(base.settings(), rule.settings())
        .into_iter()
        .map(|d| SettingChange {
            key: d.key.to_string(),
            base: d.a.cloned(),
            rule: d.b.cloned(),
        })
        .collect::<Vec<_>>();
    progress.message("the single roll and the actions table");
    let grid = single::grid(base, rule)?;
    let actions = single::actions(base, rule)?;
    let scenarios = scenarios
        .iter()
        .map(|(name, s)| {
            progress.message(&format!("{name}: {} against {}", rule.id, base.id));
            conflict::scenario(name, s, base, rule, &settings, play, progress)
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Delta {
        base: Named::of(base),
        rule: Named::of(rule),
        settings,
        grid,
        actions,
        scenarios,
    })
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
