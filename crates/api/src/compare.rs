//! What a rule changes against a base (`wodds compare`): the settings that
//! differ, then what they move on the single roll, the extended-action
//! table and each scenario, exact from both round chains where both have
//! one, else from paired runs with intervals. The figures are the report
//! crate's (its computations, built without its files).

use std::io;

use wodds_report::compute::delta::{self};
pub use wodds_report::compute::delta::{Delta, Play};
use wodds_rules::RuleSet;
use wodds_sim::conflict::Scenario;

use crate::cells::{Cell, csv_writer};
use crate::error::{Error, Result};

/// Told how a comparison is getting on (the report crate's progress).
pub use wodds_report::Progress;

/// What `rule` changes against `base`, on the single roll, the actions
/// table and each of `scenarios` (a name for each, and the scenario).
pub fn compare(
    base: &RuleSet,
    rule: &RuleSet,
    scenarios: &[(String, Scenario)],
    play: Play,
    progress: &dyn Progress,
) -> Result<Delta> {
    delta::delta(base, rule, scenarios, play, progress).map_err(|e| Error::new(e.to_string()))
}

/// The comparison as `wodds compare --format csv` writes it, one row per
/// figure: every scenario figure, and every cell of the single roll and
/// the actions table that moved.
pub fn write_csv(out: &mut dyn io::Write, d: &Delta) -> io::Result<()> {
    let mut w = csv_writer(out);
    w.write_record([
        "section", "scenario", "item", "metric", "base", "rule", "change", "low", "high", "method",
    ])?;
    for r in delta::rows::rows(d) {
        let s = r.shift;
        w.write_record([
            r.section.to_string(),
            r.scenario,
            r.item,
            r.metric,
            s.base.cell(),
            s.rule.cell(),
            s.change.cell(),
            s.low.cell(),
            s.high.cell(),
            r.method.to_string(),
        ])?;
    }
    w.flush()
}
