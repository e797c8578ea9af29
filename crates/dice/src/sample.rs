//! The Monte Carlo kernel: unbiased d10 faces, fifteen to a 64-bit word, and
//! rolls counted by category without branches.
//!
//! Faces come from the batched form of Lemire's nearly-divisionless method
//! (Brackett-Rozinsky and Lemire, "Batched Ranged Random Integer
//! Generation"), with range 1000: a 64-bit word `x` is multiplied by 1000
//! five times, each high half giving a code 0..=999 (three faces, its
//! decimal digits) and the low half carrying on. The codes are exactly
//! uniform and independent once the rare words whose final low half falls
//! below `2^64 mod 1000^5` are rejected (a chance of 4e-5). Eight words are
//! worked side by side so the multiplications overlap. The faces are the
//! decimal digits of `x / 2^64`, in order.
//!
//! A roll is counted three dice at a time: a table compiled from the
//! [`RollSpec`] maps a code to the packed sum of its three faces' categories,
//! four 8-bit lanes in a `u32` (successes, 1s, faces rolled again, faces that
//! failed). A pool of `n` dice is `n / 3` lookups of the three-face table and
//! one of the one- or two-face table: no branch per die. A pool uses at most
//! [`MAX_POOL`](crate::MAX_POOL) = 100 dice a count, so no lane overflows.

use rand_core::Rng;

use crate::spec::{Roll, RollSpec};

/// How many faces one 64-bit word yields.
pub const FACES_PER_WORD: usize = 3 * CODES_PER_WORD;
/// Codes (three faces each) per 64-bit word.
const CODES_PER_WORD: usize = 5;
/// Words worked side by side.
const WORDS: usize = 8;
/// Groups of `WORDS` words per refill.
const GROUPS: usize = 4;
/// Codes per refill: room for the largest pool (34 codes) several times.
const BUF: usize = CODES_PER_WORD * WORDS * GROUPS;
/// 1000^CODES_PER_WORD.
const RANGE_PRODUCT: u64 = 1000u64.pow(CODES_PER_WORD as u32);
/// 2^64 mod 1000^CODES_PER_WORD: a final low half below this is rejected.
const REJECT_BELOW: u64 = RANGE_PRODUCT.wrapping_neg() % RANGE_PRODUCT;
/// Table length: codes are below 1000, masked with `TABLE - 1`.
const TABLE: usize = 1024;

const LANE: u32 = 8;
const LANE_MASK: u32 = (1 << LANE) - 1;

/// Packed category sums of the first one, two and three faces of each code.
#[derive(Clone)]
struct Tables([[u32; TABLE]; 3]);

impl Tables {
    fn new(spec: &RollSpec, reroll: bool) -> Box<Tables> {
        let lanes: [u32; 10] = std::array::from_fn(|i| {
            let f = spec.face(i as u8 + 1, reroll);
            u32::from(f.weight)
                | (u32::from(f.one) << LANE)
                | (u32::from(f.again) << (2 * LANE))
                | (u32::from(f.weight == 0) << (3 * LANE))
        });
        let mut t = Box::new(Tables([[0; TABLE]; 3]));
        for code in 0..1000 {
            let digits = [code / 100, code / 10 % 10, code % 10];
            let mut sum = 0;
            for (r, d) in digits.iter().enumerate() {
                sum += lanes[*d];
                t.0[r][code] = sum;
            }
        }
        t
    }
}

impl std::fmt::Debug for Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Tables")
    }
}

/// A roll compiled for the sampler: the spec and its lookup tables.
#[derive(Debug, Clone)]
pub struct CompiledRoll {
    spec: RollSpec,
    /// Tables of the first face of each ordinary die.
    first: Box<Tables>,
    /// Tables of a chance die's first face, when the rules roll one (a
    /// pool of 0 or less): it succeeds, and is rolled again, only on a 10.
    chance: Option<Box<Tables>>,
    /// Tables of the dice rolled again (N-again only).
    reroll: Option<Box<Tables>>,
    cancel: bool,
    rote: bool,
    /// For small pools without re-rolls: the result of every (successes,
    /// 1s) count, at `successes * (dice + 1) + ones`; empty otherwise.
    settled: Vec<Roll>,
}

/// Largest settle table built (entries of 4 bytes).
const MAX_SETTLED: usize = 2048;

impl CompiledRoll {
    /// Compiles `spec`.
    pub fn new(spec: &RollSpec) -> Self {
        let mut c = CompiledRoll {
            spec: *spec,
            first: Tables::new(&spec.with_pool(1), false),
            chance: (spec.rules().chance_die).then(|| Tables::new(&spec.with_pool(0), false)),
            reroll: spec.again_at().map(|_| Tables::new(spec, true)),
            cancel: spec.rules().ones == crate::spec::Ones::Cancel,
            rote: spec.rules().rote,
            settled: Vec::new(),
        };
        let dice = spec.dice() as usize;
        let size = (2 * dice + 1) * (dice + 1);
        if c.reroll.is_none() && !c.rote && size <= MAX_SETTLED {
            c.settled = (0..=2 * dice)
                .flat_map(|s| (0..=dice).map(move |o| (s, o)))
                .map(|(s, o)| c.settle(s as u32, o as u32, spec))
                .collect();
        }
        c
    }

    /// The result of `successes` and `ones` rolled.
    #[inline(always)]
    fn settle(&self, successes: u32, ones: u32, spec: &RollSpec) -> Roll {
        let net = i64::from(successes) - if self.cancel { i64::from(ones) } else { 0 };
        spec.settle(net, successes > 0, ones > 0)
    }

    /// The tables of the first face of `spec`'s dice: a chance die's, or
    /// ordinary dice's.
    #[inline(always)]
    fn first(&self, spec: &RollSpec) -> &Tables {
        match &self.chance {
            Some(chance) if spec.is_chance_die() => chance,
            _ => &self.first,
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
    /// Codes 0..=999, three faces each.
    codes: [u16; BUF],
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
            codes: [0; BUF],
            pos: BUF,
        }
    }

    /// Draws a fresh buffer of codes. Group `g` holds codes `i` of its
    /// `WORDS` words at `g * CODES_PER_WORD * WORDS + i * WORDS + j`.
    #[inline(never)]
    fn refill(&mut self) {
        for g in 0..GROUPS {
            let base = g * CODES_PER_WORD * WORDS;
            let mut x = [0u64; WORDS];
            for w in &mut x {
                *w = self.rng.next_u64();
            }
            for i in 0..CODES_PER_WORD {
                for (j, w) in x.iter_mut().enumerate() {
                    let m = u128::from(*w) * 1000;
                    self.codes[base + i * WORDS + j] = (m >> 64) as u16;
                    *w = m as u64;
                }
            }
            for (j, &low) in x.iter().enumerate() {
                if low < REJECT_BELOW {
                    self.redraw_word(base + j);
                }
            }
        }
        self.pos = 0;
    }

    /// Replaces the codes of the word at `first` (stride `WORDS`) with those
    /// of a fresh accepted word.
    #[cold]
    fn redraw_word(&mut self, first: usize) {
        loop {
            let mut w = self.rng.next_u64();
            for i in 0..CODES_PER_WORD {
                let m = u128::from(w) * 1000;
                self.codes[first + i * WORDS] = (m >> 64) as u16;
                w = m as u64;
            }
            if w >= REJECT_BELOW {
                return;
            }
        }
    }

    #[inline(always)]
    fn next_code(&mut self) -> usize {
        if self.pos == BUF {
            self.refill();
        }
        let c = self.codes[self.pos];
        self.pos += 1;
        usize::from(c) & (TABLE - 1)
    }

    /// One face 1..=10 (the first digit of a fresh code: uniform; the code's
    /// other two faces are left unused).
    #[inline]
    pub fn face(&mut self) -> u8 {
        (self.next_code() / 100) as u8 + 1
    }

    /// Fills `out` with faces 1..=10.
    pub fn fill_faces(&mut self, out: &mut [u8]) {
        for chunk in out.chunks_mut(3) {
            let code = self.next_code();
            let digits = [code / 100, code / 10 % 10, code % 10];
            for (face, d) in chunk.iter_mut().zip(digits) {
                *face = d as u8 + 1;
            }
        }
    }

    /// Rolls `n` dice and sums their packed lanes.
    #[inline(always)]
    fn count(&mut self, n: u32, t: &Tables) -> u32 {
        let mut acc = 0u32;
        let mut triples = (n / 3) as usize;
        while triples > 0 {
            if self.pos == BUF {
                self.refill();
            }
            let take = triples.min(BUF - self.pos);
            for &c in &self.codes[self.pos..self.pos + take] {
                acc += t.0[2][usize::from(c) & (TABLE - 1)];
            }
            self.pos += take;
            triples -= take;
        }
        let rest = (n % 3) as usize;
        if rest > 0 {
            acc += t.0[rest - 1][self.next_code()];
        }
        acc
    }

    /// Rolls `dice` dice of `c` with their re-roll chains and settles them.
    /// Returns the result and how many of the first `dice` faces failed.
    #[inline(always)]
    fn roll_dice(&mut self, c: &CompiledRoll, spec: &RollSpec, dice: u32) -> (Roll, u32) {
        let first = self.count(dice, c.first(spec));
        let mut successes = first & LANE_MASK;
        let mut ones = (first >> LANE) & LANE_MASK;
        if let Some(reroll) = &c.reroll {
            let mut again = (first >> (2 * LANE)) & LANE_MASK;
            while again > 0 {
                let more = self.count(again, reroll);
                successes += more & LANE_MASK;
                ones += (more >> LANE) & LANE_MASK;
                again = (more >> (2 * LANE)) & LANE_MASK;
            }
        }
        (
            c.settle(successes, ones, spec),
            (first >> (3 * LANE)) & LANE_MASK,
        )
    }

    /// Rolls `c` once.
    #[inline]
    pub fn roll(&mut self, c: &CompiledRoll) -> Roll {
        self.roll_spec(c, &c.spec)
    }

    /// Rolls `pool` dice under `c`'s rules (its own pool aside): one
    /// compiled roll serves every pool size, as a combat's wound penalties
    /// need. `pool` must be one the rules can roll: at least 1, or any with
    /// a chance die (see [`RollSpec::new`]).
    #[inline]
    pub fn roll_pool(&mut self, c: &CompiledRoll, pool: i32) -> Roll {
        self.roll_spec(c, &c.spec.with_pool(pool))
    }

    #[inline(always)]
    fn roll_spec(&mut self, c: &CompiledRoll, spec: &RollSpec) -> Roll {
        let (roll, failed) = self.roll_dice(c, spec, spec.dice());
        if !c.rote || failed == 0 {
            return roll;
        }
        let again = spec.reroll_of(failed);
        let (second, _) = self.roll_dice(c, &again, again.dice());
        roll.better(second)
    }

    /// Rolls `c` once for every slot of `out`, allocating nothing.
    ///
    /// Rolls without re-rolls (no N-again, no rote) take their codes as one
    /// run from the buffer, refilling first (and leaving the few codes
    /// left unused) when the run would not fit.
    pub fn roll_into(&mut self, c: &CompiledRoll, out: &mut [Roll]) {
        if c.reroll.is_some() || c.rote {
            for slot in out {
                *slot = self.roll(c);
            }
            return;
        }
        let dice = c.spec.dice() as usize;
        let (full, rest) = (dice / 3, dice % 3);
        let need = full + usize::from(rest > 0);
        let [one, two, three] = &c.first(&c.spec).0;
        let partial = if rest == 2 { two } else { one };
        for slot in out {
            if BUF - self.pos < need {
                self.refill();
            }
            let run = &self.codes[self.pos..self.pos + need];
            self.pos += need;
            let mut acc = 0u32;
            for &code in &run[..full] {
                acc += three[usize::from(code) & (TABLE - 1)];
            }
            if rest > 0 {
                acc += partial[usize::from(run[full]) & (TABLE - 1)];
            }
            let successes = acc & LANE_MASK;
            let ones = (acc >> LANE) & LANE_MASK;
            *slot = match c
                .settled
                .get(successes as usize * (dice + 1) + ones as usize)
            {
                Some(&roll) => roll,
                None => c.settle(successes, ones, &c.spec),
            };
        }
    }

    /// The generator, for callers that need other draws from the same stream.
    pub fn rng(&mut self) -> &mut R {
        &mut self.rng
    }
}
