//! `--max-states`: how big a round chain may grow, a flag of every command
//! that plays conflicts.

use wodds_sim::conflict::MAX_STATES;

/// How big a round chain may grow: a flag of every command that plays
/// conflicts.
#[derive(Debug, clap::Args)]
pub(crate) struct ChainArgs {
    /// The most states a round chain may hold before a conflict is drawn
    /// by the outcome sampler instead (its rounds may walk 64 paths
    /// through their dice a state); where no chain is built, the output
    /// says why and which limit to try.
    #[arg(long, value_name = "STATES", default_value_t = wodds_sim::conflict::DEFAULT_STATES,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=MAX_STATES as u64))]
    max_states: usize,
}

impl ChainArgs {
    /// Makes the limit every chain this process builds is held to.
    pub(crate) fn apply(&self) {
        wodds_sim::conflict::Limit::set_default_states(self.max_states);
    }
}
