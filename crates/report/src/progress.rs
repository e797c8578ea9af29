//! How a report tells how it is getting on: the [`Progress`] its caller
//! implements (the command line's bar), and the units each stage counts.

/// Told how a report is getting on. Every method does nothing unless
/// implemented; `()` is silent.
pub trait Progress: Sync {
    /// The work ahead, in units.
    fn start(&self, _total: u64) {}
    /// `n` more units done.
    fn advance(&self, _n: u64) {}
    /// What is being done now.
    fn message(&self, _what: &str) {}
}

impl Progress for () {}

/// Progress units of each part of a report.
pub(crate) const FIGHT_UNITS: u64 = 1000;
pub(crate) const TABLE_UNITS: u64 = 100;
pub(crate) const SCENARIO_UNITS: u64 = 50;
pub(crate) const PAGE_UNITS: u64 = 50;
