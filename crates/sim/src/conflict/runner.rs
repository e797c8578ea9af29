//! The deterministic parallel runner: an [`Engine`] plays one conflict,
//! [`run`] plays `trials` of them in fixed batches of [`BATCH`] on rayon,
//! batch `i` drawn from the stream (seed, edition, `i`), each conflict
//! pushed into a [`Tally`] of the batch, the tallies added up at the end;
//! [`run_shard`] plays only a [`Shard`]'s share of the batches. Tallies
//! hold integers, so the result is bit-identical whatever the thread count
//! or the shard split.

use rand_core::Rng;
use rayon::prelude::*;
use wodds_dice::{D10, key_of, stream};

use super::chain::Rounds;
use super::keyed::Keys;
use super::shard::{BATCH, Shard};
use super::tally::{Fight, Tally};
use super::turn::Frame;

/// A combat engine: plays one fight.
pub trait Engine: Sync {
    /// Plays one fight with `dice`.
    fn fight<R: Rng>(&self, dice: &mut D10<R>) -> Fight;
    /// Plays one fight as [`Engine::fight`] does, the same draws, and
    /// counts it into `tally`, with its track by round where the engine
    /// keeps one ([`Rounds::track`]).
    #[inline]
    fn fight_into<R: Rng>(&self, dice: &mut D10<R>, tally: &mut Tally) {
        tally.push(&self.fight(dice));
    }
    /// Plays one fight as [`Engine::fight`] does, every random call drawn
    /// from the generator `keys` makes of its key ([`Rounds::play_keyed`]).
    fn fight_keyed<R: Rng>(&self, dice: &mut D10<R>, keys: Keys<'_, R>) -> Fight;
    /// The scenario's shape: its sides and rounds.
    fn frame(&self) -> Frame;
}

impl<T: Rounds> Engine for T {
    #[inline]
    fn fight<R: Rng>(&self, dice: &mut D10<R>) -> Fight {
        self.play(dice)
    }

    #[inline]
    fn fight_into<R: Rng>(&self, dice: &mut D10<R>, tally: &mut Tally) {
        self.play_into(dice, tally)
    }

    fn fight_keyed<R: Rng>(&self, dice: &mut D10<R>, keys: Keys<'_, R>) -> Fight {
        self.play_keyed(dice, keys)
    }

    fn frame(&self) -> Frame {
        Rounds::frame(self)
    }
}

/// Plays `trials` fights of `engine` for the edition `edition` (its id
/// keys the random streams); `progress` is told each finished batch's size.
pub fn run<E: Engine>(
    engine: &E,
    edition: &str,
    trials: u64,
    seed: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> Tally {
    run_shard(engine, edition, trials, seed, Shard::WHOLE, progress)
}

/// Plays `shard`'s share of the `trials` fights [`run`] plays: the same
/// batches, drawn from the same streams, so the tallies of shards `0/n`
/// to `n-1/n` added up are [`run`]'s tally.
pub fn run_shard<E: Engine>(
    engine: &E,
    edition: &str,
    trials: u64,
    seed: u64,
    shard: Shard,
    progress: &(dyn Fn(u64) + Sync),
) -> Tally {
    run_until(engine, edition, trials, seed, shard, progress, &|| false).expect("never stopped")
}

/// [`run_shard`], stopped between batches once `stop` says so (a page's
/// stop button, a notebook's interrupt): `None` if it was.
pub fn run_until<E: Engine>(
    engine: &E,
    edition: &str,
    trials: u64,
    seed: u64,
    shard: Shard,
    progress: &(dyn Fn(u64) + Sync),
    stop: &(dyn Fn() -> bool + Sync),
) -> Option<Tally> {
    let key = key_of(edition);
    let frame = engine.frame();
    let empty = || Tally::new(frame.sides, frame.max_rounds);
    (0..shard.share(trials.div_ceil(BATCH)))
        .into_par_iter()
        .map(|k| {
            if stop() {
                return None;
            }
            let b = shard.batch(k);
            let n = BATCH.min(trials - b * BATCH);
            let mut dice = D10::new(stream(seed, &[key, b]));
            let mut tally = empty();
            for _ in 0..n {
                engine.fight_into(&mut dice, &mut tally);
            }
            progress(n);
            Some(tally)
        })
        .reduce(
            || Some(empty()),
            |a, b| {
                let (mut a, b) = (a?, b?);
                a.merge(&b);
                Some(a)
            },
        )
}
