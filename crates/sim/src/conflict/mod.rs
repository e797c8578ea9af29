//! Conflicts: whole fights, grapples and chases read from scenario files,
//! their exact odds from the round chain, and the deterministic parallel
//! runner that plays them millions of times.
//!
//! A [`Scenario`] is parsed and validated once; for each edition it names,
//! an [`EditionEngine`] compiles the engine the scenario's kind and the
//! edition's rules choose (a fight's `[combat] engine`, `[grapple]`,
//! `[chase] engine`): its members' pools from the edition's
//! `[combat.pools]` and, under the outcome sampler, tables of whole
//! attacks composed exactly from the rolls' distributions (built on first
//! use). Under the round sampler it also builds the conflict's [`Chain`]:
//! every round from every reachable state between rounds, enumerated
//! exactly, so a conflict is one draw a round and its odds are known
//! exactly. The [`run`] function plays `trials` conflicts in fixed batches
//! on rayon, batch `i` seeded from (seed, edition, i), each pushed into a
//! streaming [`Tally`] (counts and histograms only, so memory does not
//! grow with the trials). Tallies hold integers, so merging them in any
//! order gives the same result: bit-identical whatever the thread count.
//! [`run_shard`] plays only a [`Shard`]'s share of the batches; its
//! tally's [`Cell`]s are what a shard's part keeps, and the shards' cells
//! added up are the whole run's tally. A [`Summary`] holds the figures of
//! a scenario-edition's run, exact where the chain gives them.
//!
//! # Layout
//!
//! The machinery every kind of conflict shares is here, at the core; each
//! kind is a directory of [`Rounds`] engines above it, one file per
//! mechanism. Files import only from files below them (no cycle:
//! `scripts/module-cycles.py`), and this file holds only re-exports.
//!
//! - The scenario format, `scenario/`: [`Scenario`], its members and
//!   their tactics, the `[chase]` and `[grapple]` tables.
//! - What engines compile and draw with: `gear.rs` ([`Weapon`],
//!   [`Armor`]), `health.rs` ([`Health`] tracks), `fighter.rs` (members'
//!   pools, the edition's rolls, the grapple roll fights and grapples
//!   share), `source.rs` ([`Sampling`], rollers, and the sources of random
//!   outcomes: the sampler, and the enumeration of every outcome),
//!   `tables.rs` (the outcome sampler's composed tables), `strike.rs` (an
//!   attack against a defence: fights, and shots during a chase),
//!   `turn.rs` (the roster, the turn order, a fight's [`Frame`], the
//!   handoff from a fight to a grapple or a chase).
//! - Rounds and what they add up to: `chain.rs` ([`Rounds`], the round
//!   [`Chain`] and its exact [`Outcomes`]; `sum.rs`, the compensated sums
//!   they are added up in), `tally.rs` ([`Tally`], [`End`]),
//!   `shard.rs` ([`Shard`], [`BATCH`]), `runner.rs` ([`Engine`], [`run`],
//!   [`run_shard`]), `paired.rs` ([`run_paired`]: two rule sets on the
//!   same random numbers, [`Paired`]).
//! - The kinds: [`combat`] (one engine per edition, and the
//!   [`Flow`](combat::flow::Flow) that hands a fight over to a grapple or
//!   a chase and back), [`grapple`] (fta's Control, the hold, hubris's
//!   contest) and [`chase`] (fta's Lead, the race, hubris's contest).
//!   Grapples and chases know nothing of fights.
//! - On top: `edition.rs` ([`EditionEngine`], the engine a scenario and an
//!   edition choose, with its chain) and `summary.rs` ([`Summary`],
//!   [`Figures`]: its figures with their intervals).
//!
//! A new kind of conflict is a new directory of [`Rounds`] engines here,
//! reusing the chain, the samplers, the tally and the runner, and a branch
//! of [`EditionEngine`].

mod chain;
pub mod chase;
pub mod combat;
mod edition;
mod fighter;
mod gear;
pub mod grapple;
mod health;
mod keyed;
mod limit;
mod marks;
mod paired;
mod runner;
mod sampling;
mod scenario;
mod shard;
mod source;
mod strike;
mod sum;
mod summary;
mod tables;
mod tally;
mod turn;

pub use chain::{
    Chain, DEFAULT_STATES, Limit, MAX_STATES, NoChain, Odds, Outcomes, Rounds, chain_work,
    count_words, watching_chains,
};
pub use edition::EditionEngine;
pub use fighter::forget_compiled_rolls;
pub use gear::{Armor, Damage, Skill, Weapon};
pub use health::Health;
pub use paired::{Discord, Paired, run_paired};
pub use runner::{Engine, run, run_shard, run_until};
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
