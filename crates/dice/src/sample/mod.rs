//! The Monte Carlo kernel: unbiased d10 faces, twelve to a 64-bit word, and
//! rolls counted by category without a branch per die.
//!
//! Faces come from the stream of kept 16-bit words of [`crate::lanes`]:
//! four xoshiro256++ generators stepped side by side in vector registers,
//! their words cut in four, each 16-bit word `w` a code `floor(1000 w /
//! 2^16)` of three faces (the first three decimal digits of `w / 2^16`),
//! made exactly uniform by Lemire's rejection of the few words that would
//! bias it. This is the batched form of Lemire's nearly-divisionless method
//! (Brackett-Rozinsky and Lemire, "Batched Ranged Random Integer
//! Generation") on 16-bit words: three faces of range 10 from one
//! multiplication by 1000.
//!
//! [`D10::roll_into`] (and [`D10::tally`]) counts sixteen rolls side by
//! side, one 16-bit lane of an `i16x16` a roll: roll `l` of a group takes
//! three dice from word `l` of each of the group's runs of sixteen words,
//! and any dice beyond a multiple of three from a spare run shared by
//! successive groups. A die's categories are signed comparisons of its
//! biased word with the roll's thresholds (a success from digit `t`, a 1
//! below digit 1, ...), with no digit formed; the next die of the word is
//! one multiplication by 10 (`pmullw`) away. N-again dice stay in the
//! lanes too: while any roll of the group has dice to roll again, all
//! sixteen roll the most any of them rolls, side by side on the thresholds
//! of the re-rolled faces, each roll counting only its own (a lane mask
//! per die), and a group whose counts all fall in the settle table is
//! settled from it. Rote stays in the lanes as well: the group rolls anew,
//! side by side, the most dice whose first faces failed in any of its
//! rolls, each roll counting only its own, and keeps lane by lane the
//! better of its two results. After 64 passes of N-again, and under a
//! face table or expressions, a roll leaves the lanes to count its further
//! dice one roll at a time.
//!
//! One roll at a time ([`D10::roll`], [`D10::roll_pool`]) is counted three
//! dice a table lookup: a table compiled from the [`RollSpec`] maps a code to
//! the packed sum of its three faces' categories, four 8-bit lanes in a
//! `u32` (successes, 1s, faces rolled again, faces that failed). A pool of
//! `n` dice is `n / 3` lookups of the three-face table and one of the one-
//! or two-face table. A pool uses at most [`MAX_POOL`](crate::MAX_POOL) =
//! 100 dice a count, so no lane overflows.

mod groups;

use rand_core::Rng;

use crate::by_face::FaceRows;
use crate::lanes::{Words, code};
use crate::side::{Cuts, GROUP};
use crate::spec::{MAX_POOL, Roll, RollSpec};

/// How many faces one 64-bit generator word yields (three for each of its
/// four 16-bit words, less the 0.8% of 16-bit words rejected).
pub const FACES_PER_WORD: usize = 12;
/// Table length: codes are below 1000.
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
            u32::from(f.successes)
                | (u32::from(f.one) << LANE)
                | (u32::from(f.again) << (2 * LANE))
                | (u32::from(f.successes == 0) << (3 * LANE))
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
    /// The first faces' categories as thresholds, for the side-by-side count.
    cuts: Option<Cuts>,
    /// The faces of the dice rolled again as thresholds, for re-rolls
    /// counted side by side: N-again under the classic rules (not
    /// `CUSTOM`), whose re-rolled dice never count double.
    again_cuts: Option<Cuts>,
    cancel: bool,
    rote: bool,
    /// Settled from its counts by [`RollSpec::settle_counts`] (a face
    /// table or expressions), not by the classic rules: chosen once a call
    /// (a `CUSTOM` parameter of the kernel's functions), so the classic
    /// rules' loops are compiled without it.
    custom: bool,
    /// Rounds of rolling again (`u32::MAX`: without bound).
    depth: u32,
    /// The outcome reads the 10s rolled, which the packed tables do not
    /// count: every roll is counted face by face from these.
    faces: Option<Box<FaceRows>>,
    /// Rolls of ordinary dice are settled as this spec's (the compiled
    /// one, with at least one die: never a chance die), when nothing is
    /// rolled again (no N-again, no rote) and the rules are classic:
    /// [`D10::roll_pool`]'s short way.
    plain: Option<RollSpec>,
    /// The result of every (successes, 1s) count up to
    /// (`most_successes`, `most_ones`), at `successes * (most_ones + 1) +
    /// ones`: for pools without re-rolls (every count: `2 * dice` and
    /// `dice`), and for N-again rolled again side by side (the likely
    /// counts; a roll beyond them is settled by itself), rote or not;
    /// empty otherwise.
    settled: Vec<Roll>,
    /// The rank of each result of `settled` ([`Roll::rank`]: a botch
    /// lowest, then by successes), for rote's better of two.
    ranks: Vec<i16>,
    /// The most successes `settled` settles.
    most_successes: i16,
    /// The most 1s `settled` settles.
    most_ones: i16,
}

/// Largest settle table built (entries of 4 bytes): every pool without
/// double 10s, and with them to 70 dice.
const MAX_SETTLED: usize = 1 << 14;

impl CompiledRoll {
    /// Compiles `spec`.
    pub fn new(spec: &RollSpec) -> Self {
        let mut c = CompiledRoll {
            spec: *spec,
            first: Tables::new(&spec.with_pool(1), false),
            chance: (spec.rules().chance_die).then(|| Tables::new(&spec.with_pool(0), false)),
            reroll: spec.rolls_again().then(|| Tables::new(spec, true)),
            cuts: Cuts::new(spec, false).filter(|_| !spec.reads_tens()),
            again_cuts: (spec.rolls_again() && !spec.is_custom())
                .then(|| Cuts::new(spec, true))
                .flatten()
                .filter(|cuts| cuts.double == 10),
            cancel: spec.rules().ones == crate::spec::Ones::Cancel,
            rote: spec.rules().rote,
            custom: spec.is_custom(),
            depth: match spec.again_depth() {
                0 => u32::MAX,
                d => d,
            },
            faces: spec.reads_tens().then(|| Box::new(FaceRows::new(spec))),
            plain: (!spec.rolls_again() && !spec.rules().rote && !spec.is_custom())
                .then(|| spec.with_pool(spec.pool().max(1))),
            settled: Vec::new(),
            ranks: Vec::new(),
            most_successes: 0,
            most_ones: 0,
        };
        let dice = spec.dice() as usize;
        // Rote's second roll has fewer dice than its first, so the first's
        // counts bound both.
        let counted = c.reroll.is_none() && c.faces.is_none();
        let (most_successes, most_ones) = match c.again_cuts {
            _ if counted => (2 * dice, dice),
            // Re-rolled 1s count (a 1 when the digit is below `one`).
            Some(again) if again.one > 0 => (3 * dice + 4, 2 * dice + 4),
            Some(_) => (3 * dice + 4, dice),
            None => (0, 0),
        };
        let size = (most_successes + 1) * (most_ones + 1);
        if (counted || c.again_cuts.is_some()) && size <= MAX_SETTLED {
            (c.most_successes, c.most_ones) = (most_successes as i16, most_ones as i16);
            c.settled = (0..=most_successes)
                .flat_map(|s| (0..=most_ones).map(move |o| (s, o)))
                .map(|(s, o)| match c.custom {
                    true => c.settle::<true>(s as u32, o as u32, spec),
                    false => c.settle::<false>(s as u32, o as u32, spec),
                })
                .collect();
            c.ranks = c.settled.iter().map(|r| r.rank() as i16).collect();
        }
        c
    }

    /// The result of `successes` and `ones` rolled, under a face table or
    /// expressions when `CUSTOM`, else under the classic rules.
    #[inline(always)]
    fn settle<const CUSTOM: bool>(&self, successes: u32, ones: u32, spec: &RollSpec) -> Roll {
        if CUSTOM {
            return Self::settle_custom(successes, ones, spec);
        }
        let net = i64::from(successes) - if self.cancel { i64::from(ones) } else { 0 };
        spec.settle(net, successes > 0, ones > 0)
    }

    /// [`Self::settle`] under a face table or expressions, out of the
    /// classic rules' way.
    #[inline(never)]
    fn settle_custom(successes: u32, ones: u32, spec: &RollSpec) -> Roll {
        spec.settle_counts(i64::from(successes), i64::from(ones), 0)
    }

    /// The tables of the first face of `spec`'s dice: a chance die's, or
    /// ordinary dice's (so one compiled roll rolls any pool).
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

/// The kernel proper, on the stream of kept words.
impl Words {
    /// [`D10::roll_into`].
    fn roll_into(&mut self, c: &CompiledRoll, out: &mut [Roll]) {
        self.roll_many(c, out.len() as u64, &mut Slots(out));
    }

    /// [`D10::tally`].
    fn tally(&mut self, c: &CompiledRoll, rolls: u64) -> Vec<(Roll, u64)> {
        let mut tally = Tally {
            cells: std::array::from_fn(|_| vec![0; c.settled.len()]),
            rolls: Vec::new(),
        };
        self.roll_many(c, rolls, &mut tally);
        let mut counts = tally.rolls;
        for (at, &roll) in c.settled.iter().enumerate() {
            let n: u64 = tally.cells.iter().map(|cells| cells[at]).sum();
            if n > 0 {
                let cell = if roll.botch {
                    0
                } else {
                    usize::from(roll.successes) + 1
                };
                if cell >= counts.len() {
                    counts.resize(cell + 1, 0);
                }
                counts[cell] += n;
            }
        }
        counts
            .iter()
            .enumerate()
            .filter(|&(_, &n)| n > 0)
            .map(|(cell, &n)| {
                let roll = match cell {
                    0 => Roll::BOTCH,
                    _ => Roll {
                        successes: (cell - 1) as u16,
                        botch: false,
                    },
                };
                (roll, n)
            })
            .collect()
    }

    /// Rolls `n` dice (at most 3 * 1024) and sums their packed lanes.
    #[inline(always)]
    fn count(&mut self, n: u32, t: &Tables) -> u32 {
        let (full, rest) = ((n / 3) as usize, (n % 3) as usize);
        let run = self.take(full + usize::from(rest > 0));
        let mut acc = 0u32;
        for &w in &run[..full] {
            acc += t.0[2][code(w)];
        }
        if rest > 0 {
            acc += t.0[rest - 1][code(run[full])];
        }
        acc
    }

    /// Rolls `dice` dice of `c` with their re-roll chains and settles them.
    /// Returns the result and how many of the first `dice` faces failed.
    #[inline(always)]
    fn roll_dice<const CUSTOM: bool>(
        &mut self,
        c: &CompiledRoll,
        spec: &RollSpec,
        dice: u32,
    ) -> (Roll, u32) {
        let first = self.count(dice, c.first(spec));
        let roll = self.finish::<CUSTOM>(
            c,
            spec,
            first & LANE_MASK,
            (first >> LANE) & LANE_MASK,
            (first >> (2 * LANE)) & LANE_MASK,
        );
        (roll, (first >> (3 * LANE)) & LANE_MASK)
    }

    /// Rolls the `again` dice of a roll that rolled `successes` and `ones`
    /// on its first faces, and their own re-rolls (as deep as a face table
    /// allows when `CUSTOM`), then settles it.
    #[inline(always)]
    fn finish<const CUSTOM: bool>(
        &mut self,
        c: &CompiledRoll,
        spec: &RollSpec,
        mut successes: u32,
        mut ones: u32,
        mut again: u32,
    ) -> Roll {
        if let Some(reroll) = &c.reroll {
            // Without bound under the classic rules: `round <= u32::MAX`
            // always holds, and the count of rounds is compiled away.
            let depth = if CUSTOM { c.depth } else { u32::MAX };
            let mut round = 1u32;
            while again > 0 && round <= depth {
                let more = self.count(again, reroll);
                successes += more & LANE_MASK;
                ones += (more >> LANE) & LANE_MASK;
                again = (more >> (2 * LANE)) & LANE_MASK;
                round = round.wrapping_add(1);
            }
        }
        c.settle::<CUSTOM>(successes, ones, spec)
    }

    /// Rolls `spec` under `c` once, choosing the classic rules' way or a
    /// face table's.
    #[inline(always)]
    fn roll_any(&mut self, c: &CompiledRoll, spec: &RollSpec) -> Roll {
        if c.custom {
            self.roll_custom(c, spec)
        } else {
            self.roll_spec::<false>(c, spec)
        }
    }

    /// [`Self::roll_spec`] under a face table or expressions, out of the
    /// classic rules' way.
    #[inline(never)]
    fn roll_custom(&mut self, c: &CompiledRoll, spec: &RollSpec) -> Roll {
        self.roll_spec::<true>(c, spec)
    }

    #[inline(always)]
    fn roll_spec<const CUSTOM: bool>(&mut self, c: &CompiledRoll, spec: &RollSpec) -> Roll {
        if CUSTOM && let Some(rows) = &c.faces {
            return self.roll_faces(c.depth, rows, spec);
        }
        let (roll, failed) = self.roll_dice::<CUSTOM>(c, spec, spec.dice());
        self.rote::<CUSTOM>(c, spec, roll, failed)
    }

    /// Under rote, rolls the `failed` dice again and keeps the better
    /// result.
    #[inline(always)]
    fn rote<const CUSTOM: bool>(
        &mut self,
        c: &CompiledRoll,
        spec: &RollSpec,
        roll: Roll,
        failed: u32,
    ) -> Roll {
        if !c.rote || failed == 0 {
            return roll;
        }
        let again = spec.reroll_of(failed);
        let (second, _) = self.roll_dice::<CUSTOM>(c, &again, again.dice());
        roll.better(second)
    }

    /// Rolls `rolls` rolls of `c` into `sink` (see [`D10::roll_into`]),
    /// the classic rules' way or a face table's, chosen once.
    fn roll_many(&mut self, c: &CompiledRoll, rolls: u64, sink: &mut impl Sink) {
        if c.custom {
            self.roll_many_as::<true>(c, rolls, sink);
        } else {
            self.roll_many_as::<false>(c, rolls, sink);
        }
    }
}

/// Where [`Words::roll_many`] puts its rolls.
trait Sink {
    /// Group `g` (rolls `16 g` to `16 g + 15`) by the rolls' places in the
    /// compiled roll's settle table.
    fn cells(&mut self, g: u64, at: &[i16; GROUP], c: &CompiledRoll);
    /// Roll `i`.
    fn roll(&mut self, i: u64, roll: Roll);
}

/// A slice of rolls, in order.
struct Slots<'a>(&'a mut [Roll]);

impl Sink for Slots<'_> {
    #[inline(always)]
    fn cells(&mut self, g: u64, at: &[i16; GROUP], c: &CompiledRoll) {
        let slots = &mut self.0[g as usize * GROUP..][..GROUP];
        for (slot, &at) in slots.iter_mut().zip(at) {
            *slot = c.settled[at as usize];
        }
    }

    #[inline(always)]
    fn roll(&mut self, i: u64, roll: Roll) {
        self.0[i as usize] = roll;
    }
}

/// Counts of rolls by outcome.
struct Tally {
    /// By settle-table place, four tables taken lane by lane in turn (so a
    /// run of one outcome does not wait on its own increments).
    cells: [Vec<u64>; 4],
    /// By outcome: a botch at 0, `s` successes at `s + 1`.
    rolls: Vec<u64>,
}

impl Sink for Tally {
    #[inline(always)]
    fn cells(&mut self, _: u64, at: &[i16; GROUP], _: &CompiledRoll) {
        for (l, &at) in at.iter().enumerate() {
            self.cells[l % 4][at as usize] += 1;
        }
    }

    #[inline(always)]
    fn roll(&mut self, _: u64, roll: Roll) {
        let cell = if roll.botch {
            0
        } else {
            usize::from(roll.successes) + 1
        };
        if cell >= self.rolls.len() {
            self.rolls.resize(cell + 1, 0);
        }
        self.rolls[cell] += 1;
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
    words: Words,
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
    /// Wraps a generator: its first sixteen words seed the kernel's four
    /// xoshiro256++ lanes (lane 0's state first), the next four the reserve
    /// generator, and it goes on serving [`D10::rng`].
    pub fn new(mut rng: R) -> Self {
        let words = Words::from_rng(&mut rng);
        D10 { rng, words }
    }

    /// Starts again on `rng`: from here on it draws what [`D10::new`] of
    /// `rng` would, without allocating a new buffer (what two rule sets
    /// played on the same random numbers reseed every conflict with).
    pub fn reseed(&mut self, mut rng: R) {
        self.words.reseed(&mut rng);
        self.rng = rng;
    }

    /// One face 1..=10 (the first digit of a fresh word: uniform; the
    /// word's other two faces are left unused).
    #[inline]
    pub fn face(&mut self) -> u8 {
        ((u32::from(self.words.next()) * 10) >> 16) as u8 + 1
    }

    /// Fills `out` with faces 1..=10: the three digits of each word in
    /// turn.
    pub fn fill_faces(&mut self, out: &mut [u8]) {
        for chunk in out.chunks_mut(3) {
            let code = code(self.words.next());
            let digits = [code / 100, code / 10 % 10, code % 10];
            for (face, d) in chunk.iter_mut().zip(digits) {
                *face = d as u8 + 1;
            }
        }
    }

    /// Rolls `c` once.
    #[inline]
    pub fn roll(&mut self, c: &CompiledRoll) -> Roll {
        self.words.roll_any(c, &c.spec)
    }

    /// Rolls `pool` dice under `c`'s rules (its own pool aside): one
    /// compiled roll serves every pool size, as a combat's wound penalties
    /// need. `pool` must be one the rules can roll: at least 1, or any with
    /// a chance die (see [`RollSpec::new`]).
    #[inline]
    pub fn roll_pool(&mut self, c: &CompiledRoll, pool: i32) -> Roll {
        match &c.plain {
            // Ordinary dice, none rolled again, classic rules: the same
            // words and result as the long way, without its chance-die and
            // re-roll checks.
            Some(plain) if pool >= 1 => {
                let first = self.words.count(pool.min(MAX_POOL) as u32, &c.first);
                c.settle::<false>(first & LANE_MASK, (first >> LANE) & LANE_MASK, plain)
            }
            // Each way makes its own spec, so the classic one can keep
            // its fields in registers.
            _ if c.custom => self.words.roll_custom(c, &c.spec.with_pool(pool)),
            _ => self.words.roll_spec::<false>(c, &c.spec.with_pool(pool)),
        }
    }

    /// Rolls `c` once for every slot of `out`, allocating nothing.
    ///
    /// Sixteen rolls at a time are counted side by side from `dice / 3`
    /// runs of sixteen words (and a spare run for the dice beyond, shared
    /// with the next groups; see the module docs). Under N-again (classic
    /// rules) the group then rolls again side by side, pass after pass,
    /// the most dice any of its rolls rolls again, taken as its first dice
    /// were, each roll counting only its own, for at most 64 passes. A
    /// roll with dice still to roll again (or any re-roll of a face table,
    /// and its rote roll) then rolls those one roll at a time, in slot
    /// order. Under rote (classic rules) the group then rolls anew, side
    /// by side the same way, the most dice whose first faces failed in any
    /// of its rolls, each roll counting its own, and those dice's
    /// re-rolls as above. The last `out.len() % 16` rolls are rolled one
    /// at a time. A spare run's digits left at the end are not used.
    pub fn roll_into(&mut self, c: &CompiledRoll, out: &mut [Roll]) {
        self.words.roll_into(c, out);
    }

    /// Rolls `c` `rolls` times and counts each result: the rolls
    /// [`D10::roll_into`] gives a slice of `rolls` slots, tallied without
    /// the slice. Results in order (a botch first, then by successes), each
    /// with how many rolls gave it (at least one).
    ///
    /// ```
    /// use wodds_dice::{CompiledRoll, D10, RollRules, RollSpec, Roll};
    /// let roll = CompiledRoll::new(&RollSpec::new(3, RollRules::classic(6)).unwrap());
    /// let tally = D10::seeded(1).tally(&roll, 1000);
    /// let mut rolls = [Roll::default(); 1000];
    /// D10::seeded(1).roll_into(&roll, &mut rolls);
    /// let botches = rolls.iter().filter(|r| r.botch).count() as u64;
    /// assert_eq!(tally[0], (Roll::BOTCH, botches));
    /// assert_eq!(tally.iter().map(|t| t.1).sum::<u64>(), 1000);
    /// ```
    pub fn tally(&mut self, c: &CompiledRoll, rolls: u64) -> Vec<(Roll, u64)> {
        self.words.tally(c, rolls)
    }

    /// The generator, for callers that need other draws from the same stream.
    pub fn rng(&mut self) -> &mut R {
        &mut self.rng
    }
}
