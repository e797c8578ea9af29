//! Chases (`kind = "chase"`): a Prey flees, a Predator pursues, under each
//! edition's chase engine (its `[chase] engine`):
//!
//! - [`Lead`] (fta, seed 004 "Chases"): the Lead between them, opened by
//!   the Prey and closed by the Predator by the margin of contested chase
//!   rolls at the course's difficulty; the Prey escapes by winning a round
//!   from a Lead of 10, and is caught at a Lead of 0;
//! - [`Race`] (revised, uwod, seed 003): by car an extended and resisted
//!   action (first to 5 net successes), on foot the Prey's extended run
//!   (15 successes);
//! - [`Contest`] (hubris, seed 001): a prolonged physical contest; a side
//!   that has lost as many contests as its Stamina gives up.
//!
//! Each is a [`Rounds`](super::Rounds) engine over a few small numbers
//! (the Lead or the tallies, the round while a Run, the switch to Stamina
//! or a scheduled obstacle is still ahead, and under fta the members'
//! health), so the round chain gives its odds exactly. A chase scenario
//! has two sides of one member each. One file per engine (`race.rs`,
//! `contest.rs`; fta's `lead/`, one file per mechanism), beside what they
//! share (`setup.rs`) and fta's shots (`fire.rs`); the `[chase]` table is
//! the scenario's, re-exported here. A fight's flight turns into a chase
//! through [`Flow`](super::combat::flow::Flow); a chase knows nothing of
//! fights.
//!
//! Under fta a party may also shoot (seed 004 "Attacking During A Chase";
//! `prey-attacks`, `predator-attacks`): each round the Lead (less an
//! Attack Run's 4) is below `[chase.fta] attack-lead`, the shooter splits
//! its pool between its chase roll and the shot (`[combat.fta]
//! split-actions`), the target dodges without a split (Dexterity +
//! Athletics on foot, + Drive by car), damage and soak are the fta
//! fight's, and a party put down ends the chase (incapacitated, killed).
//! The Storyteller may put obstacles in both parties' way on a schedule
//! (`obstacles`, `obstacle-every`), and on foot Exhaustion may come as an
//! obstacle at decreasing intervals (`[chase.fta] exhaustion`). The other
//! engines have no shots nor obstacles and ignore those fields.
//!
//! ```toml
//! kind = "chase"
//! [chase]
//! prey = "Uriel"          # the side that flees
//! by = "foot"             # foot, car, or car-heavy (heavy traffic)
//! course = "rush-hour"    # fta: a course of [chase.fta.courses]
//! start = "cold"          # cold, stalk, or head-start (with head-start = N)
//! prey-run = 8            # the Prey's Run, in rounds (none by default)
//! predator-attacks = true # fta: the Predator shoots (a gun, at a range)
//! obstacles = [4, 8]      # fta: the Storyteller's obstacles, by round
//! ```

mod contest;
mod fire;
mod lead;
mod race;
mod setup;

pub use super::scenario::{Buy, By, Caught, Chase, RawBuy, RawChase, StartKind};
pub use contest::Contest;
pub use lead::Lead;
pub use race::Race;
pub use setup::ChaseState;
