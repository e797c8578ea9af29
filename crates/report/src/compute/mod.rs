//! The report's numbers: the exact single-roll and extended-action
//! tables, each scenario's conflicts played (or added up from shards'
//! parts) and turned into a [`section::Section`], and what a dot is worth.

pub mod dots;
pub mod fights;
pub mod rows;
pub mod section;
pub mod single;
