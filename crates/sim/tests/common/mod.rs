//! What the combat test files share.

use wodds_sim::conflict::{EditionEngine, Sampling, Scenario};

/// Every sampler: die by die, whole attacks from the outcome tables, whole
/// rounds from the round chain (where the fight has one).
pub const SAMPLERS: [Sampling; 3] = [Sampling::PerDie, Sampling::Outcome, Sampling::Round];

/// The scenario's first edition's engine with each sampler.
pub fn engines(s: &Scenario) -> [EditionEngine; 3] {
    SAMPLERS.map(|m| EditionEngine::new(s, &s.editions[0], m).unwrap())
}
