//! Multi-roll actions (and, to come, whole fights): exact Markov chains and
//! a deterministic parallel Monte Carlo runner over the same rules.
//!
//! - [`Throw`]: one side's roll in a round, a single character's or a
//!   group's (summed as teamwork, or the best single roll).
//! - [`Process`]: a multi-roll action as a state moved on by each round's
//!   rolls; [`solve`] follows every outcome exactly (each round's
//!   transitions worked out once per distinct throws, states too unlikely
//!   to matter dropped within 1e-15, a settled tail finished in closed form
//!   within 1e-13), [`simulate`] samples
//!   runs in fixed seeded batches on rayon. Both use the process's one
//!   transition function.
//! - [`RollStats`]: the exact figures of a single roll.
//! - [`conflict`]: whole fights, grapples and chases from scenario files, the runner, and the
//!   [`conflict::Summary`] of a scenario-edition's fights.
//! - The actions: [`Extended`] (and teamwork), [`Retry`] (trying again),
//!   [`Contest`] (extended and resisted), [`Prolonged`] (`hubris`
//!   conflicts), and the single resisted roll ([`resisted_exact`], [`resisted_sample`]).
//!
//! ```
//! use wodds_dice::{RollRules, RollSpec};
//! use wodds_rules::BotchEffect;
//! use wodds_sim::{Extended, Schedule, Throw, solve};
//!
//! // One die at difficulty 6 (1s cancel), two successes needed, a botch wipes.
//! let throw = Throw::single(RollSpec::new(1, RollRules::classic(6)).unwrap());
//! let action = Extended {
//!     schedule: Schedule::new(vec![vec![throw]]),
//!     target: 2,
//!     botch: BotchEffect::Wipe,
//!     free_botches: 0,
//! };
//! let t = solve(&action, 2);
//! // Within two rolls: a success twice, 0.5 * 0.5.
//! assert!((t.p_win_within(2) - 0.25).abs() < 1e-15);
//! ```

mod action;
pub mod conflict;
mod process;
mod roll;
pub mod sweep;
mod throw;

pub use action::{
    Contest, Extended, Prolonged, Resisted, Retry, Schedule, resisted_exact, resisted_sample,
};
pub use process::{
    BATCH, DROPPED_AT_MOST, Next, Process, SETTLED_ERROR_AT_MOST, SolveProgress, Timeline,
    simulate, solve, solve_with,
};
pub use roll::RollStats;
pub use throw::Throw;
