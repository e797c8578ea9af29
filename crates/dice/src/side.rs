//! Sixteen rolls counted side by side, one 16-bit lane of an `i16x16` a
//! roll (see [`crate::sample`]'s module docs): a roll's categories as
//! thresholds on a die's digit ([`Cuts`]) and on its biased word
//! ([`WordCuts`]), the dice of a group's first faces ([`Counts::group`])
//! and of its passes of dice rolled again or rolled anew under rote
//! ([`Counts::pass`]).

use wide::i16x16;

use crate::lanes::Words;
use crate::spec::RollSpec;

/// Rolls counted side by side by [`D10::roll_into`](crate::D10::roll_into).
pub(crate) const GROUP: usize = 16;

/// The categories of a die's first face as thresholds on its digit `d`
/// (the face less 1), for the side-by-side count: it succeeds when
/// `d >= success`, counts two when `d >= double`, is a 1 when `d < one` and
/// is rolled again when `d >= again` (10: never; `one` 0: never).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cuts {
    pub(crate) success: i16,
    pub(crate) double: i16,
    pub(crate) one: i16,
    pub(crate) again: i16,
}

impl Cuts {
    /// The thresholds of `spec`'s first faces (of the dice it rolls again
    /// when `reroll`), or `None` if some category is not a threshold of the
    /// face (no rule set makes one, but the table path counts any).
    pub(crate) fn new(spec: &RollSpec, reroll: bool) -> Option<Cuts> {
        let faces: [_; 10] = std::array::from_fn(|d| spec.face(d as u8 + 1, reroll));
        let first = |f: &dyn Fn(usize) -> bool| (0..10).find(|&d| f(d)).unwrap_or(10) as i16;
        let cuts = Cuts {
            success: first(&|d| faces[d].successes >= 1),
            double: first(&|d| faces[d].successes >= 2),
            one: first(&|d| !faces[d].one),
            again: first(&|d| faces[d].again),
        };
        let fits = faces.iter().enumerate().all(|(d, f)| {
            let d = d as i16;
            f.successes == u8::from(d >= cuts.success) + u8::from(d >= cuts.double)
                && f.one == (d < cuts.one)
                && f.again == (d >= cuts.again)
        });
        fits.then_some(cuts)
    }
}

/// The words of a run, biased for signed comparison: `w - 2^15` as `i16`
/// (so `w >= t` unsigned is `biased(w) > t - 2^15 - 1` signed).
#[inline(always)]
pub(crate) fn biased(words: &[u16]) -> i16x16 {
    let words: [u16; GROUP] = words.try_into().expect("a run of sixteen words");
    bytemuck::cast::<[u16; GROUP], i16x16>(words) ^ i16x16::splat(i16::MIN)
}

/// Sixteen rolls' category counts, one 16-bit lane a roll.
pub(crate) struct Counts {
    pub(crate) success: i16x16,
    pub(crate) double: i16x16,
    pub(crate) one: i16x16,
    pub(crate) again: i16x16,
}

impl Counts {
    const ZERO: Counts = Counts {
        success: i16x16::ZERO,
        double: i16x16::ZERO,
        one: i16x16::ZERO,
        again: i16x16::ZERO,
    };

    /// Counts `n` dice (three at most) of every lane from its biased word
    /// `y`, a digit a die.
    ///
    /// Die `k` of a word `x` is its digit `floor(10 x_k / 2^16)`, where
    /// `x_0 = x` and `x_(k+1) = 10 x_k mod 2^16`; the digit is at least `c`
    /// exactly when `x_k >= ceil(c 2^16 / 10)`, so each category is one
    /// signed comparison of the biased `x_k` (no digit is formed), and the
    /// next biased word is `10 y_k + 2^15` (`10 * 2^15` vanishes mod 2^16).
    #[inline(always)]
    fn digits<const DOUBLE: bool, const AGAIN: bool>(
        &mut self,
        mut y: i16x16,
        n: usize,
        cuts: &WordCuts,
    ) {
        for k in 0..n {
            // A lane's mask is -1 where the comparison holds.
            self.success -= y.simd_gt(cuts.success);
            self.one -= cuts.one.simd_gt(y);
            if DOUBLE {
                self.double -= y.simd_gt(cuts.double);
            }
            if AGAIN {
                self.again -= y.simd_gt(cuts.again);
            }
            if k + 1 < n {
                y = next_digit(y);
            }
        }
    }
}

impl Counts {
    /// [`Self::digits`] for the next `n` dice of a pass, `left` each
    /// lane's dice still to count (die `i` of them is not the lane's, and
    /// is not counted, unless `left > i`), taken down by `n`. The 1s are counted
    /// only when `ONES` (dice rolled again whose 1s do not count skip them).
    #[inline(always)]
    fn masked_digits<const DOUBLE: bool, const AGAIN: bool, const ONES: bool>(
        &mut self,
        mut y: i16x16,
        n: usize,
        left: &mut i16x16,
        cuts: &WordCuts,
    ) {
        for i in 0..n {
            // -1 in the lanes that roll this die.
            let live = left.simd_gt(i16x16::splat(i as i16));
            self.success -= y.simd_gt(cuts.success) & live;
            if ONES {
                self.one -= cuts.one.simd_gt(y) & live;
            }
            if DOUBLE {
                self.double -= y.simd_gt(cuts.double) & live;
            }
            if AGAIN {
                self.again -= y.simd_gt(cuts.again) & live;
            }
            if i + 1 < n {
                y = next_digit(y);
            }
        }
        *left -= i16x16::splat(n as i16);
    }

    /// Rolls `dice[l]` dice for each lane `l` on `cuts`: `most` (the
    /// lanes' most) dice a lane taken as [`Self::group`] takes them, the
    /// dice of a lane beyond its own count not counted.
    #[inline(always)]
    pub(crate) fn pass<const DOUBLE: bool, const AGAIN: bool>(
        words: &mut Words,
        spare: &mut Spare,
        most: usize,
        dice: i16x16,
        cuts: &WordCuts,
    ) -> Counts {
        if cuts.ones {
            Counts::pass_as::<DOUBLE, AGAIN, true>(words, spare, most, dice, cuts)
        } else {
            Counts::pass_as::<DOUBLE, AGAIN, false>(words, spare, most, dice, cuts)
        }
    }

    /// [`Self::pass`], counting 1s when `ONES`.
    #[inline(always)]
    fn pass_as<const DOUBLE: bool, const AGAIN: bool, const ONES: bool>(
        words: &mut Words,
        spare: &mut Spare,
        most: usize,
        dice: i16x16,
        cuts: &WordCuts,
    ) -> Counts {
        let mut counts = Counts::ZERO;
        let mut left = dice;
        for run in words.take(GROUP * (most / 3)).chunks_exact(GROUP) {
            counts.masked_digits::<DOUBLE, AGAIN, ONES>(biased(run), 3, &mut left, cuts);
        }
        for _ in most / 3 * 3..most {
            counts.masked_digits::<DOUBLE, AGAIN, ONES>(spare.next(words), 1, &mut left, cuts);
        }
        counts
    }

    /// Rolls again the `again[l]` dice of each lane `l`, on the thresholds
    /// of the dice rolled again (which never count double; their 1s are
    /// counted only when `ONES`): the dice taken as [`Self::pass`] takes
    /// them, here without the lanes' most (a horizontal maximum, then a
    /// division, cost more than a pass's one to three dice): a run of
    /// words while some lane has three dice left, then a spare digit while
    /// some lane has one. The counts of the dice rolled, `again` the dice
    /// they roll again in turn.
    #[inline(always)]
    pub(crate) fn again_pass<const ONES: bool>(
        words: &mut Words,
        spare: &mut Spare,
        again: i16x16,
        cuts: &WordCuts,
    ) -> Counts {
        let mut counts = Counts::ZERO;
        let mut left = again;
        while any_above(left, 2) {
            let run = biased(words.take(GROUP));
            counts.masked_digits::<false, true, ONES>(run, 3, &mut left, cuts);
        }
        while any_above(left, 0) {
            counts.masked_digits::<false, true, ONES>(spare.next(words), 1, &mut left, cuts);
        }
        counts
    }
}

/// Whether any lane of `x` is above `n`.
#[inline(always)]
pub(crate) fn any_above(x: i16x16, n: i16) -> bool {
    x.simd_gt(i16x16::splat(n)).to_bitmask() != 0
}

/// Passes of re-rolls counted side by side a group at most; a lane with
/// dice still to roll again after them rolls them one roll at a time. Each
/// pass adds at most [`MAX_POOL`] successes and 1s to a lane (a lane
/// never rolls more dice again than it rolled), so the lanes stay below
/// `2 * 100 + 64 * 100 < 2^15`.
pub(crate) const AGAIN_PASSES: u32 = 64;

/// The biased word of the next digit.
#[inline(always)]
pub(crate) fn next_digit(y: i16x16) -> i16x16 {
    (y * i16x16::splat(10)) ^ i16x16::splat(i16::MIN)
}

impl Counts {
    /// Counts `dice` dice for each of sixteen rolls: three for each run of
    /// sixteen words of `full` (roll `l`'s from words `l`, `16 + l`, ...),
    /// then `dice % 3` from `spare`.
    #[inline(always)]
    pub(crate) fn group<const DOUBLE: bool, const AGAIN: bool>(
        words: &mut Words,
        spare: &mut Spare,
        dice: usize,
        cuts: &WordCuts,
    ) -> Counts {
        let mut counts = Counts::ZERO;
        for run in words.take(GROUP * (dice / 3)).chunks_exact(GROUP) {
            counts.digits::<DOUBLE, AGAIN>(biased(run), 3, cuts);
        }
        for _ in 0..dice % 3 {
            counts.digits::<DOUBLE, AGAIN>(spare.next(words), 1, cuts);
        }
        counts
    }
}

/// A run of sixteen words whose digits serve the dice of a group beyond a
/// multiple of three, one digit a lane at a time, a fresh run taken from
/// the stream when its three are spent (so a pool of ten takes ten runs for
/// three groups, not twelve).
pub(crate) struct Spare {
    /// The lanes' biased words, at their next unused digit.
    pub(crate) y: i16x16,
    /// Digits of `y` not yet used (0 to 3).
    pub(crate) left: usize,
}

impl Spare {
    /// The lanes' biased words at their next unused digit, which counts as
    /// used.
    #[inline(always)]
    pub(crate) fn next(&mut self, words: &mut Words) -> i16x16 {
        if self.left == 0 {
            self.y = biased(words.take(GROUP));
            self.left = 3;
        }
        let y = self.y;
        self.left -= 1;
        self.y = next_digit(y);
        y
    }
}

/// [`Cuts`] as thresholds on a biased word, splatted: a die succeeds when
/// its biased word is above `success`, and so on; it is a 1 when its biased
/// word is below `one`.
pub(crate) struct WordCuts {
    pub(crate) success: i16x16,
    pub(crate) double: i16x16,
    pub(crate) one: i16x16,
    pub(crate) again: i16x16,
    /// Whether any face is a 1 (else `one` never holds, and is not
    /// compared).
    pub(crate) ones: bool,
}

impl WordCuts {
    pub(crate) fn new(cuts: &Cuts) -> WordCuts {
        // The least word whose digit is at least `c`, biased: ceil(c 2^16 /
        // 10) - 2^15, in -2^15..=2^15.
        let least = |c: i16| (i32::from(c) * 65536 + 9) / 10 - 32768;
        // Above `least - 1`; at `c = 10` that is 2^15 - 1: never.
        let above = |c: i16| i16x16::splat((least(c) - 1) as i16);
        WordCuts {
            success: above(cuts.success),
            double: above(cuts.double),
            // Below `least(one)`; at `one = 0` that is -2^15: never.
            one: i16x16::splat(least(cuts.one) as i16),
            again: above(cuts.again),
            ones: cuts.one > 0,
        }
    }
}
