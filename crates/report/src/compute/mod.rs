//! The compute stage: a report's numbers. The inputs read and checked
//! ([`Options`] applied to every scenario file and edition), the exact
//! single-roll and extended-action tables ([`single`]), each scenario's
//! conflicts played, or their tallies added up from shards' parts, and
//! summarized as a [`section::Section`] ([`fights`]), and what a dot is
//! worth ([`dots`]); and what a rule changes against a base ([`delta`]). Every row the later stages read is made here
//! ([`rows`]); none of them is read back.

pub mod delta;
pub mod dots;
pub mod fights;
pub(crate) mod inputs;
pub mod rows;
pub mod section;
pub mod single;

pub use inputs::{MAX_TRIALS, Options};

use dots::DotRow;
use rows::{ActionRow, OddsRow};
use section::Section;

/// Everything a report shows, computed.
#[derive(Debug, Clone)]
pub struct Computed {
    /// Every edition's single-roll odds (`odds.parquet`).
    pub odds: Vec<OddsRow>,
    /// Every edition's extended actions (`actions.parquet`).
    pub actions: Vec<ActionRow>,
    /// One section per scenario, in order.
    pub sections: Vec<Section>,
    /// What a dot is worth (`dots.parquet`), empty when no fight has a
    /// round chain.
    pub dots: Vec<DotRow>,
    /// What "What is a dot worth" left out, in words.
    pub dots_left: Vec<String>,
    /// What each rule changes against the base (`--against`), in the
    /// report's order of editions; empty without one.
    pub changes: Vec<delta::Delta>,
}
