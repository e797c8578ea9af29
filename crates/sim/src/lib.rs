//! Multi-roll actions and whole conflicts (fights, grapples, chases) of
//! the Storyteller editions: exact where the outcomes can be enumerated
//! (Markov chains over rounds), a deterministic parallel Monte Carlo runner
//! with intervals elsewhere, both over the same rules.
//!
//! The main types:
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
//! - The actions: [`Extended`] (and teamwork), [`Retry`] (trying again),
//!   [`Contest`] (extended and resisted), [`Prolonged`] (`hubris`
//!   conflicts), and the single resisted roll ([`resisted_exact`], [`resisted_sample`]).
//! - [`conflict`]: whole fights, grapples and chases. A
//!   [`conflict::Scenario`] read from a file; for each edition it names, the
//!   [`conflict::EditionEngine`] the scenario's kind and the edition's rules
//!   choose, whose round chain ([`conflict::Chain`]) gives exact odds; the
//!   runner ([`conflict::run`]) that plays it in seeded batches into an
//!   integer [`conflict::Tally`]; and the [`conflict::Summary`] of a
//!   scenario-edition's figures.
//! - [`sweep`]: a scenario with one or two of its values varied, point by
//!   point.
//!
//! An extended action, exactly:
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
//!
//! A fight, exactly and by Monte Carlo: two mortals alike in every trait,
//! so each wins as often as the other.
//!
//! ```
//! use wodds_sim::conflict::{EditionEngine, Sampling, Scenario, run};
//!
//! let text = r#"
//! name = "Two alike"
//! kind = "combat"
//! editions = ["revised"]
//! [[side]]
//! name = "Ann"
//! [[side.member]]
//! name = "Ann"
//! kind = "mortal"
//! [[side]]
//! name = "Bea"
//! [[side.member]]
//! name = "Bea"
//! kind = "mortal"
//! "#;
//! let scenario = Scenario::parse("alike.toml", text, None).unwrap();
//! let rules = &scenario.editions[0];
//! let engine = EditionEngine::new(&scenario, rules, Sampling::Round).unwrap();
//! // The round chain gives the odds exactly: by symmetry, the same for both.
//! let chain = engine.chain().expect("a fight of two has a round chain");
//! let exact = chain.outcomes().odds;
//! assert!((exact.wins[0] - exact.wins[1]).abs() < 1e-12);
//! // 20,000 fights drawn from it: Ann's share within 5 standard errors.
//! let n = 20_000;
//! let tally = run(&engine, &rules.id, n, 7, &|_| {});
//! let (ann, _, _) = tally.win_rate(0).unwrap();
//! let se = (exact.wins[0] * (1.0 - exact.wins[0]) / n as f64).sqrt();
//! assert!((ann - exact.wins[0]).abs() < 5.0 * se);
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
