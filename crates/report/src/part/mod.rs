//! A shard's part: what `wodds report --shard i/n` and `wodds run --shard
//! i/n` write, and `wodds merge` adds up.
//!
//! A part is a directory, written whole or not at all like a report:
//!
//! - `tallies.parquet`: the shard's integer tallies, one row per count
//!   that is not 0 ([`TALLIES`]: `scenario`, `edition`, `field`, `index`,
//!   `value`, `count`; [`Tally::cells`](wodds_sim::conflict::Tally::cells) says what each field holds), each
//!   row with the shard, seed and trials it was played with;
//! - `manifest.json` ([`PartManifest`]): `format = "wodds-part"`, the wodds
//!   version, what the parts make once merged (`report` or `run`) and the
//!   command that makes it in one go, the shard `i/n`, the inputs as given,
//!   every edition with its rules hash, every scenario with its file's
//!   sha256, trials, seed and editions, and the sha256 of `tallies.parquet`.
//!
//! [`read_parts`] reads parts given in any order and refuses, naming the
//! file, a part that is damaged or tampered with, or that does not go with
//! the others (another wodds version, scenario file, seed, trials, edition
//! or rules, another split), a shard given twice and a shard missing. It
//! holds every part to what is true of every honest one: its table says
//! the shard, seed and trials its manifest says; each scenario-edition
//! played its shard's share of the trials; the wins and the conflicts
//! nobody won add up to the conflicts, and so do the ways they ended and
//! the rounds they lasted. The
//! merged tally of a scenario-edition ([`Parts::tally`]) is then exactly
//! the tally of the run in one go.

mod format;
mod read;

pub use format::{
    FORMAT, FORMAT_VERSION, Inputs, PartDir, PartEdition, PartManifest, PartOf, PartScenario,
    PartTally, ShardEntry, TALLIES, TALLIES_FILE, tallies_frame,
};
pub use read::{Parts, read_parts};
