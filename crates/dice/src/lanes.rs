//! The kernel's source of entropy: [`LANES`] xoshiro256++ generators stepped
//! side by side, their 64-bit words cut into 16-bit words, and the 16-bit
//! words that would bias a three-face code replaced.
//!
//! Every lane is plain xoshiro256++ (Blackman and Vigna), stepped on
//! [`wide::u64x4`] vectors: two 128-bit registers a state word with the
//! default SSE2 target, one 256-bit register with AVX2. The vectors' lane
//! arithmetic is fixed (wrapping adds, shifts, xors), whatever registers
//! carry it, so every target gives the same words.
//!
//! Step `s` gives one word per lane; lane `l`'s word is cut into four 16-bit
//! words, low half first, which take places `16 s + 4 l + h`, `h = 0..4`, of
//! the stream. A 16-bit word `w` stands for the three-face code
//! `floor(1000 w / 2^16)`: the first three decimal digits of `w / 2^16`.
//! Lemire's nearly-divisionless rule makes those codes exactly uniform: `w`
//! is kept when `1000 w mod 2^16` is at least `2^16 mod 1000 = 536`, which
//! leaves exactly 65 words for each code. A rejected word (chance 536 /
//! 65536, about 0.8%) keeps its place in the stream but is replaced by the
//! next kept 16-bit word of a fifth, reserve xoshiro256++ generator (its
//! 64-bit words cut the same way, low half first), so no word moves and
//! the lanes' loop has no branch. Every sampler of [`D10`](crate::D10) reads
//! this stream in order.

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use wide::{u16x16, u64x4};

/// Generators stepped side by side.
pub const LANES: usize = 4;
/// 16-bit words made by one step of all lanes.
pub(crate) const STEP_WORDS: usize = LANES * 4;
/// A word `w` is rejected when `w * 1000 mod 2^16` is below this.
pub(crate) const REJECT_BELOW: u16 = (65536 % 1000) as u16;
/// Steps of the lanes a refill makes.
pub(crate) const STEPS: usize = 128;
/// Steps of the first refill after [`Words::reseed`]: a sampler reseeded
/// before every call (a paired run's) reads a few words, not a buffer
/// full; each refill after makes twice as many, up to [`STEPS`]. (Any
/// multiple of four steps gives the same stream: the words come in order
/// however they are cut into refills.)
const FIRST_STEPS: usize = 4;
/// The most words a refill makes.
const REFILL: usize = STEPS * STEP_WORDS;
/// The most words [`Words::take`] gives at once.
pub(crate) const MAX_TAKE: usize = 1024;
/// Capacity of the word buffer: a refill's words beside the most that can
/// be left unread (fewer than [`MAX_TAKE`]).
const CAPACITY: usize = REFILL + MAX_TAKE;

/// Whether the 16-bit word `w` gives an unbiased three-face code.
#[inline(always)]
pub(crate) fn kept(w: u16) -> bool {
    w.wrapping_mul(1000) >= REJECT_BELOW
}

/// The three-face code (0..=999) of a kept word.
#[inline(always)]
pub(crate) fn code(w: u16) -> usize {
    ((u32::from(w) * 1000) >> 16) as usize
}

/// `LANES` xoshiro256++ states, one state word of every lane a vector.
#[derive(Debug, Clone)]
struct Lanes {
    s: [u64x4; 4],
}

impl Lanes {
    /// Seeds the lanes from `rng`: lane 0's four state words, then lane
    /// 1's, and so on (each the state `Xoshiro256PlusPlus::from_seed` makes
    /// of the words' little-endian bytes). An all-zero state, which
    /// xoshiro cannot leave (chance 2^-256), is replaced by `[1, 0, 0, 0]`.
    fn from_rng<R: Rng>(rng: &mut R) -> Lanes {
        let mut s = [[0u64; LANES]; 4];
        for l in 0..LANES {
            for word in &mut s {
                word[l] = rng.next_u64();
            }
            if s.iter().all(|word| word[l] == 0) {
                s[0][l] = 1;
            }
        }
        Lanes {
            s: s.map(u64x4::from),
        }
    }

    /// One step of every lane: the lanes' next words.
    #[inline(always)]
    fn step(&mut self) -> u64x4 {
        let [s0, s1, s2, s3] = &mut self.s;
        let sum = *s0 + *s3;
        let out = ((sum << 23) | (sum >> 41)) + *s0;
        let t = *s1 << 17;
        *s2 ^= *s0;
        *s3 ^= *s1;
        *s1 ^= *s2;
        *s0 ^= *s3;
        *s2 ^= t;
        *s3 = (*s3 << 45) | (*s3 >> 19);
        out
    }
}

/// The sixteen 16-bit words of a step: lane `l`'s word's `h`-th 16 bits
/// (from the low end) at `4 l + h`.
#[inline(always)]
fn split(words: u64x4) -> [u16; STEP_WORDS] {
    bytemuck::cast::<[u64; LANES], [u16; STEP_WORDS]>(words.to_array().map(u64::to_le))
}

/// The kept 16-bit words of the reserve generator, in order.
#[derive(Debug, Clone)]
struct Reserve {
    rng: Xoshiro256PlusPlus,
    /// The unread 16-bit words of the last 64-bit word, low first.
    word: u64,
    left: u32,
}

impl Reserve {
    #[cold]
    fn next_kept(&mut self) -> u16 {
        loop {
            if self.left == 0 {
                self.word = self.rng.next_u64();
                self.left = 4;
            }
            let w = self.word as u16;
            self.word >>= 16;
            self.left -= 1;
            if kept(w) {
                return w;
            }
        }
    }
}

/// The stream of kept 16-bit words, drawn a buffer at a time.
#[derive(Debug, Clone)]
pub(crate) struct Words {
    lanes: Lanes,
    reserve: Reserve,
    buf: Box<[u16; CAPACITY]>,
    /// Next unread word.
    pos: usize,
    /// End of the words drawn.
    len: usize,
    /// Steps the next refill makes.
    steps: usize,
}

impl Words {
    /// Seeds the lanes, then the reserve generator (its state from the next
    /// four words, as `Xoshiro256PlusPlus::from_rng` takes them), from
    /// `rng`.
    pub(crate) fn from_rng<R: Rng>(rng: &mut R) -> Words {
        Words {
            lanes: Lanes::from_rng(rng),
            reserve: Reserve {
                rng: Xoshiro256PlusPlus::from_rng(rng),
                word: 0,
                left: 0,
            },
            buf: Box::new([0; CAPACITY]),
            pos: 0,
            len: 0,
            steps: STEPS,
        }
    }

    /// Seeds it again from `rng`, as [`Words::from_rng`] would, keeping its
    /// buffer (the words left unread are dropped); the next refill makes
    /// only [`FIRST_STEPS`] steps.
    pub(crate) fn reseed<R: Rng>(&mut self, rng: &mut R) {
        self.lanes = Lanes::from_rng(rng);
        self.reserve = Reserve {
            rng: Xoshiro256PlusPlus::from_rng(rng),
            word: 0,
            left: 0,
        };
        self.pos = 0;
        self.len = 0;
        self.steps = FIRST_STEPS;
    }

    /// The next `n` words (`n` at most [`MAX_TAKE`]), refilling first if
    /// fewer are left.
    #[inline(always)]
    pub(crate) fn take(&mut self, n: usize) -> &[u16] {
        // More than one refill only after a reseed (small refills).
        while self.len - self.pos < n {
            self.refill();
        }
        let start = self.pos;
        self.pos += n;
        &self.buf[start..start + n]
    }

    /// The next word.
    #[inline(always)]
    pub(crate) fn next(&mut self) -> u16 {
        if self.pos == self.len {
            self.refill();
        }
        let w = self.buf[self.pos];
        self.pos += 1;
        w
    }

    /// Moves the unread words to the front and appends `steps` steps of
    /// the lanes ([`STEPS`] but after a reseed), rejected words replaced
    /// from the reserve.
    #[inline(never)]
    fn refill(&mut self) {
        let left = self.len - self.pos;
        let steps = self.steps;
        self.steps = (2 * steps).min(STEPS);
        self.buf.copy_within(self.pos..self.len, 0);
        let fresh = &mut self.buf[left..left + steps * STEP_WORDS];
        // First every step, with no branch: its words, and a bit for each
        // rejected one.
        let thousand = u16x16::splat(1000);
        let reject_below = u16x16::splat(REJECT_BELOW);
        let mut rejected = [0u16; STEPS];
        let rejected = &mut rejected[..steps];
        for (run, rejected) in fresh.chunks_exact_mut(STEP_WORDS).zip(rejected.iter_mut()) {
            let words = split(self.lanes.step());
            run.copy_from_slice(&words);
            let low = (u16x16::from(words) * thousand).simd_lt(reject_below);
            *rejected = low.to_bitmask() as u16;
        }
        // Then the few rejected words (0.13 a step), replaced in place,
        // looked for four steps at a time.
        for (quad, bits) in rejected.chunks_exact(4).enumerate() {
            let mut bits = bits
                .iter()
                .rev()
                .fold(0u64, |acc, &b| (acc << 16) | u64::from(b));
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                fresh[4 * STEP_WORDS * quad + i] = self.reserve.next_kept();
                bits &= bits - 1;
            }
        }
        self.pos = 0;
        self.len = left + steps * STEP_WORDS;
    }
}
