//! The kernel's source of entropy: [`LANES`] xoshiro256++ generators stepped
//! side by side, their 64-bit words cut into 16-bit words, and the 16-bit
//! words that would bias a three-face code replaced.
//!
//! Every lane is plain xoshiro256++ (Blackman and Vigna), stepped side by
//! side: on an x86-64 processor with AVX2 (detected when the words are
//! drawn) one 256-bit register a state word, else [`wide::u64x4`] vectors
//! (two 128-bit registers a state word with the default SSE2 target). The
//! lane arithmetic is fixed (wrapping adds, shifts, xors), whatever
//! registers carry it, so every processor gives the same words.
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

    /// Fills `fresh` with steps of the lanes, a step's sixteen words at a
    /// time, and `rejected` with a bit for each rejected word, on
    /// [`wide`]'s vectors.
    #[inline(always)]
    fn steps(&mut self, fresh: &mut [u16], rejected: &mut [u16]) {
        let thousand = u16x16::splat(1000);
        let reject_below = u16x16::splat(REJECT_BELOW);
        for (run, rejected) in fresh.chunks_exact_mut(STEP_WORDS).zip(rejected.iter_mut()) {
            let words = split(self.step());
            run.copy_from_slice(&words);
            let low = (u16x16::from(words) * thousand).simd_lt(reject_below);
            *rejected = low.to_bitmask() as u16;
        }
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
    /// from the reserve: with AVX2's 256-bit registers where the processor
    /// has them ([`avx2::steps`]), else on [`wide`]'s vectors (two 128-bit
    /// registers a vector on the default SSE2 target). Both make the same
    /// words and the same rejections (the test
    /// `avx2_steps_are_the_lanes_steps`).
    #[inline(never)]
    fn refill(&mut self) {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            #[allow(unsafe_code)]
            // SAFETY: `refill_avx2` needs AVX2 and nothing else, and the
            // processor has it (detected just above).
            unsafe {
                self.refill_avx2()
            };
            return;
        }
        self.refill_with(Lanes::steps);
    }

    /// [`Self::refill`] compiled for AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn refill_avx2(&mut self) {
        self.refill_with(|lanes, fresh, rejected| avx2::steps(lanes, fresh, rejected));
    }

    /// [`Self::refill`], its lanes stepped by `steps`: the lanes, the
    /// words to fill, a step's sixteen words at a time, and a bit for each
    /// rejected word, one 16-bit mask a step.
    #[inline(always)]
    fn refill_with(&mut self, steps: impl FnOnce(&mut Lanes, &mut [u16], &mut [u16])) {
        let left = self.len - self.pos;
        let n = self.steps;
        self.steps = (2 * n).min(STEPS);
        self.buf.copy_within(self.pos..self.len, 0);
        let fresh = &mut self.buf[left..left + n * STEP_WORDS];
        // First every step, with no branch: its words, and a bit for each
        // rejected one.
        let mut rejected = [0u16; STEPS];
        let rejected = &mut rejected[..n];
        steps(&mut self.lanes, fresh, rejected);
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
        self.len = left + n * STEP_WORDS;
    }
}

/// The lanes stepped on AVX2's 256-bit registers: one register a state
/// word, every lane's (`Lanes::step`'s arithmetic, op for op).
#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::{
        __m256i, _mm256_add_epi64, _mm256_cmpeq_epi16, _mm256_max_epu16, _mm256_movemask_epi8,
        _mm256_mullo_epi16, _mm256_or_si256, _mm256_packs_epi16, _mm256_set1_epi16,
        _mm256_slli_epi64, _mm256_srli_epi64, _mm256_xor_si256,
    };

    use super::{Lanes, REJECT_BELOW, STEP_WORDS};

    /// [`Lanes::steps`] on AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) fn steps(lanes: &mut Lanes, fresh: &mut [u16], rejected: &mut [u16]) {
        let [mut s0, mut s1, mut s2, mut s3] = lanes.s.map(bytemuck::cast::<_, __m256i>);
        let thousand = _mm256_set1_epi16(1000);
        let kept_from = _mm256_set1_epi16(REJECT_BELOW as i16);
        for (run, rejected) in fresh.chunks_exact_mut(STEP_WORDS).zip(rejected.iter_mut()) {
            let sum = _mm256_add_epi64(s0, s3);
            let rotated =
                _mm256_or_si256(_mm256_slli_epi64::<23>(sum), _mm256_srli_epi64::<41>(sum));
            let out = _mm256_add_epi64(rotated, s0);
            let t = _mm256_slli_epi64::<17>(s1);
            s2 = _mm256_xor_si256(s2, s0);
            s3 = _mm256_xor_si256(s3, s1);
            s1 = _mm256_xor_si256(s1, s2);
            s0 = _mm256_xor_si256(s0, s3);
            s2 = _mm256_xor_si256(s2, t);
            s3 = _mm256_or_si256(_mm256_slli_epi64::<45>(s3), _mm256_srli_epi64::<19>(s3));
            // Little-endian, as x86 is: lane `l`'s `h`-th 16 bits at
            // `4 l + h`, as `split` places them.
            run.copy_from_slice(&bytemuck::cast::<__m256i, [u16; STEP_WORDS]>(out));
            // Kept: `1000 w mod 2^16`, unsigned, at least REJECT_BELOW.
            let codes = _mm256_mullo_epi16(out, thousand);
            let kept = _mm256_cmpeq_epi16(_mm256_max_epu16(codes, kept_from), codes);
            // Each 128-bit half packed to bytes twice over: the mask's
            // bits 0-7 are words 0-7, bits 16-23 words 8-15.
            let bits = _mm256_movemask_epi8(_mm256_packs_epi16(kept, kept)) as u32;
            *rejected = !((bits & 0xff) | ((bits >> 8) & 0xff00)) as u16;
        }
        lanes.s = [s0, s1, s2, s3].map(bytemuck::cast);
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;

    /// AVX2's steps make the words, the rejections and the lanes' states
    /// that `Lanes::steps` makes, refill after refill, and a word's bit is
    /// set exactly when the word is not [`kept`].
    #[test]
    fn avx2_steps_are_the_lanes_steps() {
        if !std::arch::is_x86_feature_detected!("avx2") {
            eprintln!("no AVX2 on this processor: only the vectors' steps are run");
            return;
        }
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        let mut wide = Lanes::from_rng(&mut rng);
        let mut avx2 = wide.clone();
        let mut rejections = 0;
        for _ in 0..64 {
            let (mut words, mut avx2_words) = ([0u16; REFILL], [0u16; REFILL]);
            let (mut rejected, mut avx2_rejected) = ([0u16; STEPS], [0u16; STEPS]);
            wide.steps(&mut words, &mut rejected);
            #[allow(unsafe_code)]
            // SAFETY: the processor has AVX2 (detected above).
            unsafe {
                avx2::steps(&mut avx2, &mut avx2_words, &mut avx2_rejected)
            };
            assert_eq!(words, avx2_words);
            assert_eq!(rejected, avx2_rejected);
            for (i, &w) in words.iter().enumerate() {
                let bit = rejected[i / STEP_WORDS] >> (i % STEP_WORDS) & 1;
                assert_eq!(bit == 1, !kept(w), "word {i}: {w}");
                rejections += bit;
            }
        }
        assert_eq!(wide.s.map(|v| v.to_array()), avx2.s.map(|v| v.to_array()));
        // 64 refills of 2,048 words, 536 in 65,536 rejected: about 1,072.
        assert!((900..1250).contains(&rejections), "{rejections}");
    }
}
