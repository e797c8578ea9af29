//! Conflicts (fights, grapples, chases): a scenario read from its text,
//! its editions' engines compiled (each with its exact round chain where
//! one fits), its fights played on the seeded runner, and each edition's
//! results summed up as `wodds run` reports them.

mod csv;
mod result;

use std::path::Path;

use rayon::prelude::*;
use serde::Deserialize;
use wodds_rules::RuleSet;
use wodds_sim::conflict::{self, EditionEngine, Limit, Sampling, Scenario, Shard};

pub use csv::write_csv;
pub use result::{EditionResult, SideResult, TrackResult, summarize};

use crate::error::{Error, Result};

/// How fights are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Sampler {
    /// A round at a time from the exact round chain where one fits, else
    /// as `Outcome`; exact figures come with the estimates.
    #[default]
    Round,
    /// Whole attacks and rolls from alias tables.
    Outcome,
    /// Every die from the d10 kernel.
    Die,
}

impl Sampler {
    /// The simulator's name for it.
    pub fn sampling(self) -> Sampling {
        match self {
            Sampler::Round => Sampling::Round,
            Sampler::Outcome => Sampling::Outcome,
            Sampler::Die => Sampling::PerDie,
        }
    }
}

/// A scenario given as text: `file` names it in errors; a relative
/// house-rule path in its `editions` is read from `dir` (none: only
/// built-in editions can be read). Run under `editions` when given instead
/// of its own list, which is then not read.
pub fn scenario(
    file: &str,
    text: &str,
    dir: Option<&Path>,
    editions: Option<Vec<RuleSet>>,
) -> Result<Scenario> {
    Ok(Scenario::parse_under(file, text, dir, editions)?)
}

/// Compiles every edition's engine before any fight, so that bad input
/// fails first; under [`Sampler::Round`] each builds its round chain (side
/// by side, on rayon).
pub fn engines(scenario: &Scenario, sampler: Sampler) -> Result<Vec<EditionEngine>> {
    let built = engines_until(scenario, sampler, Limit::default(), &|| false)?;
    Ok(built.expect("never stopped"))
}

/// [`engines`] with round chains held to `limit`, given up (`Ok(None)`)
/// as soon as `stop` says so, even while a chain is being built.
pub fn engines_until(
    scenario: &Scenario,
    sampler: Sampler,
    limit: Limit,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Option<Vec<EditionEngine>>> {
    let built: Vec<_> = scenario
        .editions
        .par_iter()
        .map(|rules| EditionEngine::until(scenario, rules, sampler.sampling(), limit, stop))
        .collect();
    // The first edition's error, whichever thread finished first; then
    // `None` if any was stopped.
    let built: Vec<Option<EditionEngine>> = built
        .into_iter()
        .map(|e| e.map_err(Error::from))
        .collect::<Result<_>>()?;
    Ok(built.into_iter().collect())
}

/// Plays the scenario's `trials` fights under each edition (seeded by its
/// `seed`); `progress` is told of each batch of fights played. `None` if
/// `stop` said so between two batches.
pub fn play(
    scenario: &Scenario,
    engines: &[EditionEngine],
    progress: &(dyn Fn(u64) + Sync),
    stop: &(dyn Fn() -> bool + Sync),
) -> Option<Vec<EditionResult>> {
    scenario
        .editions
        .iter()
        .zip(engines)
        .map(|(rules, engine)| {
            let tally = conflict::run_until(
                engine,
                &rules.id,
                scenario.trials,
                scenario.seed,
                Shard::WHOLE,
                progress,
                stop,
            )?;
            Some(summarize(scenario, rules, engine, &tally))
        })
        .collect()
}

/// Fights played in all by [`play`]: for a progress bar.
pub fn fights(scenario: &Scenario) -> u64 {
    scenario.trials * scenario.editions.len() as u64
}
