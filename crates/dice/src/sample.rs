//! The Monte Carlo kernel: unbiased d10 faces, many to a 64-bit word, and
//! rolls counted by category without branches.
//!
//! Faces come from the batched form of Lemire's nearly-divisionless method
//! (Brackett-Rozinsky and Lemire, "Batched Ranged Random Integer
//! Generation"): a 64-bit word `x` is multiplied by 10 [`FACES_PER_WORD`]
//! times, each high half giving a face and the low half carrying on. The
//! faces are exactly uniform and independent once the rare words whose final
//! low half falls below `2^64 mod 10^k` are rejected (a chance of about
//! 3.7e-4 for k = 16). Four words are worked side by side so the
//! multiplications overlap.
//!
//! A roll is counted by adding, for each face, a packed `u64` of four 16-bit
//! lanes (successes, 1s, faces rolled again, faces that failed) looked up in
//! a table compiled from the [`RollSpec`]: no branch per die.

use rand_core::Rng;

use crate::spec::{Roll, RollSpec};

/// How many faces one 64-bit word yields.
pub const FACES_PER_WORD: usize = 16;
/// Words worked side by side per refill.
const WORDS: usize = 4;
const BUF: usize = FACES_PER_WORD * WORDS;
/// 10^FACES_PER_WORD.
const RANGE_PRODUCT: u64 = 10u64.pow(FACES_PER_WORD as u32);
/// 2^64 mod 10^FACES_PER_WORD: a final low half below this is rejected.
const REJECT_BELOW: u64 = RANGE_PRODUCT.wrapping_neg() % RANGE_PRODUCT;

const LANE: u32 = 16;
const LANE_MASK: u64 = (1 << LANE) - 1;

/// A roll compiled for the sampler: the spec and its per-face lane table.
#[derive(Debug, Clone)]
pub struct CompiledRoll {
    spec: RollSpec,
    /// Lanes of the first face of each die.
    first: [u64; 10],
    /// Lanes of the faces rolled again (differs from `first` for a chance die).
    reroll: [u64; 10],
    cancel: bool,
}

impl CompiledRoll {
    /// Compiles `spec`.
    pub fn new(spec: &RollSpec) -> Self {
        let table = |reroll: bool| {
            std::array::from_fn(|i| {
                let f = spec.face(i as u8 + 1, reroll);
                u64::from(f.weight)
                    | (u64::from(f.one) << LANE)
                    | (u64::from(f.again) << (2 * LANE))
                    | (u64::from(f.weight == 0) << (3 * LANE))
            })
        };
        CompiledRoll {
            spec: *spec,
            first: table(false),
            reroll: table(true),
            cancel: spec.rules().ones == crate::spec::Ones::Cancel,
        }
    }

    /// The spec it was compiled from.
    pub fn spec(&self) -> &RollSpec {
        &self.spec
    }
}

/// A source of d10 faces and rolls over any `rand_core` generator.
///
/// ```
/// use wodds_dice::{CompiledRoll, D10, RollRules, RollSpec, Roll};
/// let mut dice = D10::seeded(7);
/// let roll = CompiledRoll::new(&RollSpec::new(6, RollRules::classic(6)).unwrap());
/// let mut out = [Roll::default(); 1000];
/// dice.roll_into(&roll, &mut out);
/// assert!(out.iter().all(|r| r.successes <= 6));
/// ```
#[derive(Debug, Clone)]
pub struct D10<R> {
    rng: R,
    /// Faces 0..=9 (the face shown less one).
    buf: [u8; BUF],
    pos: usize,
}

impl D10<rand_xoshiro::Xoshiro256PlusPlus> {
    /// A source on `Xoshiro256PlusPlus` seeded from `seed` (via SplitMix64,
    /// as `SeedableRng::seed_from_u64` does).
    pub fn seeded(seed: u64) -> Self {
        use rand_core::SeedableRng;
        D10::new(rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed))
    }
}

impl<R: Rng> D10<R> {
    /// Wraps a generator.
    pub fn new(rng: R) -> Self {
        D10 {
            rng,
            buf: [0; BUF],
            pos: BUF,
        }
    }

    #[inline]
    fn refill(&mut self) {
        let mut x = [0u64; WORDS];
        for w in &mut x {
            *w = self.rng.next_u64();
        }
        for i in 0..FACES_PER_WORD {
            for (j, w) in x.iter_mut().enumerate() {
                let m = u128::from(*w) * 10;
                self.buf[i * WORDS + j] = (m >> 64) as u8;
                *w = m as u64;
            }
        }
        for (j, &low) in x.iter().enumerate() {
            if low < REJECT_BELOW {
                self.redraw_word(j);
            }
        }
        self.pos = 0;
    }

    /// Replaces the faces of word `j` with those of a fresh accepted word.
    #[cold]
    fn redraw_word(&mut self, j: usize) {
        loop {
            let mut w = self.rng.next_u64();
            for i in 0..FACES_PER_WORD {
                let m = u128::from(w) * 10;
                self.buf[i * WORDS + j] = (m >> 64) as u8;
                w = m as u64;
            }
            if w >= REJECT_BELOW {
                return;
            }
        }
    }

    /// Fills `out` with faces 1..=10.
    pub fn fill_faces(&mut self, out: &mut [u8]) {
        for face in out {
            if self.pos == BUF {
                self.refill();
            }
            *face = self.buf[self.pos] + 1;
            self.pos += 1;
        }
    }

    /// Rolls `n` dice and sums their packed lanes.
    #[inline]
    fn count(&mut self, n: u32, table: &[u64; 10]) -> u64 {
        let mut acc = 0u64;
        let mut need = n as usize;
        while need > 0 {
            if self.pos == BUF {
                self.refill();
            }
            let take = need.min(BUF - self.pos);
            for &f in &self.buf[self.pos..self.pos + take] {
                acc += table[f as usize];
            }
            self.pos += take;
            need -= take;
        }
        acc
    }

    /// Rolls `dice` dice of `c` with their re-roll chains and settles them.
    /// Returns the result and how many of the first `dice` faces failed.
    #[inline]
    fn roll_dice(&mut self, c: &CompiledRoll, spec: &RollSpec, dice: u32) -> (Roll, u32) {
        let first = self.count(dice, &c.first);
        let mut successes = first & LANE_MASK;
        let mut ones = (first >> LANE) & LANE_MASK;
        let mut again = (first >> (2 * LANE)) & LANE_MASK;
        while again > 0 {
            let more = self.count(again as u32, &c.reroll);
            successes += more & LANE_MASK;
            ones += (more >> LANE) & LANE_MASK;
            again = (more >> (2 * LANE)) & LANE_MASK;
        }
        let net = successes as i64 - if c.cancel { ones as i64 } else { 0 };
        let roll = spec.settle(net, successes > 0, ones > 0);
        (roll, ((first >> (3 * LANE)) & LANE_MASK) as u32)
    }

    /// Rolls `c` once.
    #[inline]
    pub fn roll(&mut self, c: &CompiledRoll) -> Roll {
        let (roll, failed) = self.roll_dice(c, &c.spec, c.spec.dice());
        if !c.spec.rules().rote || failed == 0 {
            return roll;
        }
        let again = c.spec.reroll_of(failed);
        let (second, _) = self.roll_dice(c, &again, again.dice());
        roll.better(second)
    }

    /// Rolls `c` once for every slot of `out`, allocating nothing.
    pub fn roll_into(&mut self, c: &CompiledRoll, out: &mut [Roll]) {
        for slot in out {
            *slot = self.roll(c);
        }
    }

    /// The generator, for callers that need other draws from the same stream.
    pub fn rng(&mut self) -> &mut R {
        &mut self.rng
    }
}
