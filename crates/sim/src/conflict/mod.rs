//! Whole fights: scenario files, the combat engines, and the deterministic
//! parallel runner that plays them millions of times.
//!
//! A [`Scenario`] is parsed and validated once; for each edition it names,
//! an engine ([`revised::Revised`] and the others) compiles its members'
//! pools from the edition's `[combat.pools]` and, under the outcome
//! sampler, keeps tables of whole attacks composed exactly from the rolls'
//! distributions (built on first use). Under the round sampler an
//! [`EditionEngine`] also builds the fight's [`Chain`]: every round from
//! every reachable state between rounds, enumerated exactly, so a fight is
//! one draw a round and its odds are known exactly. The [`run`] function
//! plays `trials` fights in fixed batches on rayon, batch `i` seeded from
//! (seed, edition, i), each fight pushed into a streaming [`Tally`] (counts
//! and histograms only, so memory does not grow with the trials). Tallies
//! hold integers, so merging them in any order gives the same result:
//! bit-identical whatever the thread count. [`run_shard`] plays only a
//! [`Shard`]'s share of the batches; its tally's [`Cell`]s are what a
//! shard's part keeps, and the shards' cells added up are the whole run's
//! tally.

mod chain;
pub mod chase;
pub mod combat;
mod edition;
mod fighter;
mod gear;
pub mod grapple;
mod health;
mod runner;
mod scenario;
mod shard;
mod source;
mod strike;
mod summary;
mod tables;
mod tally;
mod turn;

pub use chain::{Chain, Limit, Odds, Outcomes, Rounds};
pub use edition::EditionEngine;
pub use gear::{Armor, Damage, Skill, Weapon};
pub use health::Health;
pub use runner::{Engine, run, run_shard};
pub use scenario::{
    AttackTactic, ConflictKind, Creature, DefendTactic, FleeAt, MAX_ACTIONS, MAX_MEMBERS, Member,
    Range, Scenario, Side, TRAITS, Tactics, Trait, WillpowerTactic, same_edition, scenario_schema,
    twice_words,
};
pub use shard::{BATCH, MAX_SHARDS, Shard};
pub use source::Sampling;
pub use summary::{Figure, Figures, Summary, TrackRow, Z95};
pub use tally::{
    Cell, CellError, ENDS, End, Field, Fight, TRACK_MAX, TRACK_MIN, Tally, TrackTally,
};
pub use turn::Frame;
