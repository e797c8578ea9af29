//! The source of a paired run ([`run_paired`](super::run_paired)): every
//! random call of a conflict drawn from a stream of its own, keyed by
//! where in the conflict it is made, so that two rule sets played on it
//! draw the same numbers wherever they make the same call, however many
//! calls either made before.
//!
//! A call's key is (round, mark, visit, count): the round; the last mark
//! the engine set ([`Source::act`]: the member now acting; the turn
//! order's draws mark themselves, one mark for each member's score and one
//! for the order's tie-breaking bits), the how-many-th time that mark was
//! set this round (a member acts in several phases), and the how-many-th
//! call since. A member's action under one rule set thus draws what it
//! draws under the other even when a member before it rolled damage under
//! one and missed under the other, or was down under one and acted under
//! the other; only within one action does a call that one rule set makes
//! and the other does not shift the calls after it.
//!
//! Why the pairing is honest: no two calls of one conflict share a key
//! (the round, the mark's visit and the count tell every call apart), so
//! each call draws from a fresh stream of its own, independent of every
//! other call's, and its outcome has exactly the distribution the sampler
//! gives it from any stream. Each rule set's conflicts, taken alone, are
//! therefore played exactly as an ordinary run plays them in distribution
//! (only the streams differ); the coupling lives only in the two rule sets
//! sharing the keyed streams, and the paired interval is worked out from
//! the conflicts' paired differences, which holds under any coupling.

use rand_core::Rng;
use wodds_dice::D10;

use super::scenario::MAX_MEMBERS;
use super::source::{Roller, Source};
use super::tables::{Ranked, Tables};
use super::turn::{Turn, order, order_tied};

/// Marks: a member acting is its index; the turn order's scores follow,
/// one a member, then its tie-breaking bits, then the round before any
/// other mark.
const SCORE: usize = MAX_MEMBERS;
const TIES: usize = 2 * MAX_MEMBERS;
const OPEN: usize = TIES + 1;
const MARKS: usize = OPEN + 1;

/// The generator of a key (round, mark, visit, count) within one conflict.
pub type Keys<'a, R> = &'a dyn Fn(&[u64; 4]) -> R;

/// A [`Source`] that reseeds the batched sampler before every random call
/// from the stream of the call's key (see the module docs).
pub struct Keyed<'a, R> {
    dice: &'a mut D10<R>,
    keys: Keys<'a, R>,
    round: u32,
    mark: usize,
    /// How often each mark was set this round.
    visits: [u32; MARKS],
    /// Calls since the mark.
    count: u32,
}

impl<'a, R: Rng> Keyed<'a, R> {
    /// A keyed source over `dice` (its buffer reused), each call's stream
    /// from `keys`.
    pub fn new(dice: &'a mut D10<R>, keys: Keys<'a, R>) -> Self {
        Keyed {
            dice,
            keys,
            round: 0,
            mark: OPEN,
            visits: [0; MARKS],
            count: 0,
        }
    }

    /// Starts round `r`.
    pub fn round(&mut self, r: u32) {
        self.round = r;
        self.visits = [0; MARKS];
        self.mark = OPEN;
        self.count = 0;
    }

    /// Sets mark `m`: the calls that follow count from it.
    fn mark(&mut self, m: usize) {
        self.mark = m;
        self.visits[m] += 1;
        self.count = 0;
    }

    /// The next call's generator.
    fn next(&mut self) -> R {
        let key = [
            u64::from(self.round),
            self.mark as u64,
            u64::from(self.visits[self.mark]),
            u64::from(self.count),
        ];
        self.count += 1;
        (self.keys)(&key)
    }

    /// The batched sampler, its generator (not its lanes: only
    /// [`D10::rng`] is read) the next call's.
    fn generator(&mut self) -> &mut D10<R> {
        *self.dice.rng() = self.next();
        self.dice
    }

    /// The batched sampler, reseeded for the next call.
    fn dice(&mut self) -> &mut D10<R> {
        let rng = self.next();
        self.dice.reseed(rng);
        self.dice
    }

    /// Each member's score, each from its own mark; then the order by
    /// them, its tie-breaking bits from one more.
    fn scores(
        &mut self,
        n: usize,
        mut score: impl FnMut(usize, &mut Self) -> i32,
    ) -> [i32; MAX_MEMBERS] {
        let mut scores = [0; MAX_MEMBERS];
        for (i, s) in scores.iter_mut().enumerate().take(n) {
            self.mark(SCORE + i);
            *s = score(i, self);
        }
        self.mark(TIES);
        scores
    }
}

impl<R: Rng> Source for Keyed<'_, R> {
    /// A uniform face from the call's own stream, by rejection (the
    /// batched sampler's would reseed its lanes for one word).
    #[inline]
    fn face(&mut self) -> i32 {
        let mut rng = self.next();
        loop {
            // 2^64 - 6 words, a multiple of 10: each face 1 in 10 exactly.
            let x = rng.next_u64();
            if x < u64::MAX - 5 {
                return (x % 10) as i32 + 1;
            }
        }
    }

    #[inline]
    fn roll(&mut self, roller: &Roller, pool: i32) -> wodds_dice::Roll {
        match roller.table(pool) {
            // A table's draw takes one word of the call's own stream.
            Some(o) => o.roll(&mut self.next(), pool),
            None => roller.sample(self.dice(), pool),
        }
    }

    #[inline]
    fn draw<T: Ranked, const K: usize>(
        &mut self,
        tables: &Tables<T, K>,
        key: [usize; K],
        weights: impl FnOnce() -> Option<Vec<(T, f64)>>,
    ) -> Option<T> {
        tables.draw(&mut self.next(), key, weights)
    }

    fn order(
        &mut self,
        n: usize,
        score: impl FnMut(usize, &mut Self) -> i32,
        tiebreak: impl Fn(usize) -> i32,
    ) -> Turn {
        let scores = self.scores(n, score);
        order(n, self.generator(), |i, _| scores[i], tiebreak)
    }

    fn order_tied(
        &mut self,
        n: usize,
        score: impl FnMut(usize, &mut Self) -> i32,
        tiebreak: impl Fn(usize) -> i32,
        side: impl Fn(usize) -> usize,
    ) -> Turn {
        let scores = self.scores(n, score);
        order_tied(n, self.generator(), |i, _| scores[i], tiebreak, side)
    }

    #[inline]
    fn act(&mut self, member: usize) {
        self.mark(member);
    }
}
