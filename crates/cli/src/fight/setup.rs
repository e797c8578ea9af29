//! A scenario read for `wodds run` (or `wodds merge` of its parts) with
//! the command's overrides (trials, seed, editions), the files it reads,
//! and its editions' engines compiled before any fight.

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use wodds_rules::RuleSet;
use wodds_sim::conflict::{self, EditionEngine, Scenario};

use super::args::SamplerArg;

/// A scenario read with the command's overrides, the files it reads,
/// and its engines.
pub(super) struct Setup {
    pub(super) scenario: Scenario,
    pub(super) inputs: Vec<PathBuf>,
}

/// The rules `--editions` names, each once.
pub fn load_editions(editions: &[String]) -> anyhow::Result<Vec<RuleSet>> {
    let mut loaded = Vec::new();
    for e in editions {
        let rules = crate::stdin::rules(e).context("--editions")?;
        if let Some(twice) = conflict::same_edition(&loaded, &rules) {
            bail!("--editions: {}", conflict::twice_words(e, twice));
        }
        loaded.push(rules);
    }
    Ok(loaded)
}

/// Reads `path` with the overrides.
pub(super) fn setup(
    path: &Path,
    trials: Option<u64>,
    seed: Option<u64>,
    editions: &[String],
) -> anyhow::Result<Setup> {
    let mut scenario = crate::stdin::scenario(path)?;
    if let Some(t) = trials {
        scenario.trials = t;
    }
    if let Some(s) = seed {
        scenario.seed = s;
    }
    if !editions.is_empty() {
        scenario.editions = load_editions(editions)?;
    }
    let mut inputs = vec![path.to_path_buf()];
    inputs.extend(
        scenario
            .editions
            .iter()
            .flat_map(|r| r.files().iter().cloned()),
    );
    Ok(Setup { scenario, inputs })
}

/// Compiles every engine before any fight, so bad input fails first (the
/// editions' round chains are built side by side, shown on stderr when
/// they take more than a second, unless `quiet`).
pub(super) fn engines(
    scenario: &Scenario,
    sampler: SamplerArg,
    quiet: bool,
) -> anyhow::Result<Vec<EditionEngine>> {
    Ok(crate::chain::with_chain_progress(quiet, || {
        wodds_api::fight::engines(scenario, sampler.api())
    })?)
}
