//! From the Ashes' chase (seed 004, [`Lead`], `[chase.fta]`): the Lead
//! track between the Prey and the Predator, the start (cold, stalk, a
//! head start), the Runs and the switch to Stamina, the maneuvers each
//! party buys, the Storyteller's obstacles and Exhaustion, and the shots
//! ([`Fire`](super::fire::Fire)) each round the Lead allows.
//!
//! One engine, [`Lead`], in one file per mechanism:
//!
//! - `engine.rs`: the engine compiled from a scenario (pools by course
//!   and by wind, the rollers, the maneuvers bought, the obstacles'
//!   schedule), the chase's round and the round chain's view of it;
//! - `start.rs`: the start, cold, stalking or from a head start;
//! - `obstacle.rs`: the obstacles a round puts in the parties' way (the
//!   Storyteller's, Exhaustion, a maneuver's), passed, failed or crashed;
//! - `maneuver.rs`: the maneuvers the winner of a round buys, and what
//!   they do to the next round's margin;
//! - `shots.rs`: who shoots in a round, and the shots' damage.

mod engine;
mod maneuver;
mod obstacle;
mod shots;
mod start;

pub use engine::Lead;
