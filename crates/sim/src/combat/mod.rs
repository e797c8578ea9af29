//! Whole fights: scenario files, the combat engines, and the deterministic
//! parallel runner that plays them millions of times.
//!
//! A [`Scenario`] is parsed and validated once; for each edition it names,
//! an engine compiles its members' pools ([`revised::Revised`]) and the
//! [`run`] function plays `trials` fights in fixed batches on rayon, batch
//! `i` seeded from (seed, edition, i), each fight pushed into a streaming
//! [`Tally`] (counts and histograms only, so memory does not grow with the
//! trials). Tallies hold integers, so merging them in any order gives the
//! same result: bit-identical whatever the thread count.

mod gear;
mod health;
pub mod revised;
mod scenario;
mod tally;

pub use gear::{Armor, Damage, Skill, Weapon};
pub use health::Health;
pub use scenario::{
    AttackTactic, Creature, DefendTactic, FleeAt, MAX_MEMBERS, Member, Scenario, Side, TRAITS,
    Tactics, Trait, WillpowerTactic,
};
pub use tally::{End, Fight, Tally};

use rand_core::Rng;
use rayon::prelude::*;
use wodds_dice::{D10, key_of, stream};

/// A combat engine: plays one fight.
pub trait Engine: Sync {
    /// Plays one fight with `dice`.
    fn fight<R: Rng>(&self, dice: &mut D10<R>) -> Fight;
    /// Number of sides.
    fn sides(&self) -> usize;
    /// Rounds after which a fight is a draw.
    fn max_rounds(&self) -> u32;
}

/// Fights per batch: batch `i` always draws from stream (seed, edition, i).
pub const BATCH: u64 = 10_000;

/// Plays `trials` fights of `engine` for the edition `edition` (its id
/// keys the random streams); `progress` is told each finished batch's size.
pub fn run<E: Engine>(
    engine: &E,
    edition: &str,
    trials: u64,
    seed: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> Tally {
    let key = key_of(edition);
    let empty = || Tally::new(engine.sides(), engine.max_rounds());
    (0..trials.div_ceil(BATCH))
        .into_par_iter()
        .map(|b| {
            let n = BATCH.min(trials - b * BATCH);
            let mut dice = D10::new(stream(seed, &[key, b]));
            let mut tally = empty();
            for _ in 0..n {
                tally.push(&engine.fight(&mut dice));
            }
            progress(n);
            tally
        })
        .reduce(empty, |mut a, b| {
            a.merge(&b);
            a
        })
}
