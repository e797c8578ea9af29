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
pub mod rows;
pub mod shift;
pub mod single;

use serde::Serialize;
use wodds_rules::RuleSet;
use wodds_sim::conflict::Scenario;

use crate::error::ReportError;
use crate::progress::Progress;

pub use conflict::{MAX_ALONE, Method, ScenarioShift, largest_first};
pub use shift::{NOISE, Play, SettingChange, Shift, plus, pts, signed};
pub use single::{ActionShift, Grid, OddsShift};

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
