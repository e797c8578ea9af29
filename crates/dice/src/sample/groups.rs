//! Sixteen rolls at a time, side by side ([`Words::roll_many`]'s way when
//! the rules have thresholds): a group's first faces, its passes of dice
//! rolled again, rote's new roll, and the group settled from the settle
//! table or roll by roll.

use wide::i16x16;

use super::{CompiledRoll, Sink};
use crate::lanes::Words;
use crate::side::{AGAIN_PASSES, Counts, Cuts, GROUP, Spare, WordCuts, any_above};
use crate::spec::Roll;

impl Words {
    /// [`Self::roll_many`]: side by side on the rules' thresholds when they
    /// have them.
    #[inline(always)]
    pub(super) fn roll_many_as<const CUSTOM: bool>(
        &mut self,
        c: &CompiledRoll,
        rolls: u64,
        sink: &mut impl Sink,
    ) {
        let Some(cuts) = c.cuts else {
            for i in 0..rolls {
                sink.roll(i, self.roll_spec::<CUSTOM>(c, &c.spec));
            }
            return;
        };
        let double = cuts.double < 10;
        let again = cuts.again < 10 && c.reroll.is_some();
        // Re-rolls side by side under the classic rules only (a face
        // table's re-rolls have a depth).
        let lanes = if CUSTOM { None } else { c.again_cuts };
        match (double, again) {
            (false, false) => self.roll_groups::<false, false, CUSTOM>(c, cuts, None, rolls, sink),
            (true, false) => self.roll_groups::<true, false, CUSTOM>(c, cuts, None, rolls, sink),
            (false, true) => self.roll_groups::<false, true, CUSTOM>(c, cuts, lanes, rolls, sink),
            (true, true) => self.roll_groups::<true, true, CUSTOM>(c, cuts, lanes, rolls, sink),
        }
    }

    /// Rolls `rolls` rolls of `c` into `sink`, sixteen at a time side by
    /// side (see [`D10::roll_into`]), and their dice rolled again side by
    /// side too when `again_cuts` gives those dice's thresholds.
    #[inline(always)]
    fn roll_groups<const DOUBLE: bool, const AGAIN: bool, const CUSTOM: bool>(
        &mut self,
        c: &CompiledRoll,
        cuts: Cuts,
        again_cuts: Option<Cuts>,
        rolls: u64,
        sink: &mut impl Sink,
    ) {
        let dice = c.spec.dice() as usize;
        let cuts = WordCuts::new(&cuts);
        let again_cuts = again_cuts.map(|cuts| WordCuts::new(&cuts));
        let mut spare = Spare {
            y: i16x16::ZERO,
            left: 0,
        };
        // Below MAX_SETTLED < 2^15.
        let row = i16x16::splat(c.most_ones + 1);
        let groups = rolls / GROUP as u64;
        for g in 0..groups {
            let counts = Counts::group::<DOUBLE, AGAIN>(self, &mut spare, dice, &cuts);
            let successes = if DOUBLE {
                counts.success + counts.double
            } else {
                counts.success
            };
            if !AGAIN && !c.rote && !c.settled.is_empty() {
                sink.cells(g, &(successes * row + counts.one).to_array(), c);
                continue;
            }
            let lanes = Lanes {
                successes,
                ones: counts.one,
                again: counts.again,
            };
            let group = if c.rote {
                // The dice whose first faces failed, which rote rolls anew.
                let failed = i16x16::splat(dice as i16) - counts.success;
                if CUSTOM {
                    // A face table's rote, roll by roll.
                    let (lanes, _) =
                        self.again_passes::<AGAIN>(again_cuts.as_ref(), &mut spare, lanes);
                    Group::Rolls(self.finish_lanes::<CUSTOM>(c, lanes, Some(failed)))
                } else {
                    let first = self.settle_lanes::<AGAIN, CUSTOM>(
                        c,
                        &mut spare,
                        again_cuts.as_ref(),
                        lanes,
                        row,
                    );
                    let cuts = (&cuts, again_cuts.as_ref());
                    self.rote_lanes::<DOUBLE, AGAIN>(c, &mut spare, cuts, failed, first, row)
                }
            } else {
                self.settle_lanes::<AGAIN, CUSTOM>(c, &mut spare, again_cuts.as_ref(), lanes, row)
            };
            match group {
                Group::Cells(at) => sink.cells(g, &at, c),
                Group::Rolls(rolls) => {
                    for (l, roll) in rolls.into_iter().enumerate() {
                        sink.roll(g * GROUP as u64 + l as u64, roll);
                    }
                }
            }
        }
        for i in groups * GROUP as u64..rolls {
            sink.roll(i, self.roll_spec::<CUSTOM>(c, &c.spec));
        }
    }
}

/// Sixteen rolls' counts, one lane a roll: successes, 1s and dice still
/// to roll again.
struct Lanes {
    successes: i16x16,
    ones: i16x16,
    again: i16x16,
}

/// Sixteen rolls' results: their places in the compiled roll's settle
/// table, or (a count beyond it, or a face table's rote) the results.
enum Group {
    Cells([i16; GROUP]),
    Rolls([Roll; GROUP]),
}

impl Group {
    /// The results, read from the settle table if need be.
    fn rolls(self, c: &CompiledRoll) -> [Roll; GROUP] {
        match self {
            Group::Cells(at) => at.map(|at| c.settled[at as usize]),
            Group::Rolls(rolls) => rolls,
        }
    }
}

/// Rolls counted side by side, settled.
impl Words {
    /// Rolls again, pass after pass, the dice `lanes` roll again: every
    /// lane rolls the most dice any lane rolls again, each lane counting
    /// only its own, for at most [`AGAIN_PASSES`] passes (none without
    /// `again_cuts`). With whether every lane is done.
    #[inline(always)]
    fn again_passes<const AGAIN: bool>(
        &mut self,
        again_cuts: Option<&WordCuts>,
        spare: &mut Spare,
        lanes: Lanes,
    ) -> (Lanes, bool) {
        if !AGAIN {
            return (lanes, true);
        }
        match again_cuts {
            // Whether the dice rolled again count their 1s, decided once.
            Some(cuts) if cuts.ones => self.passes_as::<true>(cuts, spare, lanes),
            Some(cuts) => self.passes_as::<false>(cuts, spare, lanes),
            None => (lanes, false),
        }
    }

    /// [`Self::again_passes`] on `again_cuts`, counting 1s when `ONES`.
    #[inline(always)]
    fn passes_as<const ONES: bool>(
        &mut self,
        again_cuts: &WordCuts,
        spare: &mut Spare,
        mut lanes: Lanes,
    ) -> (Lanes, bool) {
        for _ in 0..AGAIN_PASSES {
            if !any_above(lanes.again, 0) {
                return (lanes, true);
            }
            let more = Counts::again_pass::<ONES>(self, spare, lanes.again, again_cuts);
            lanes.successes += more.success;
            if ONES {
                lanes.ones += more.one;
            }
            lanes.again = more.again;
        }
        (lanes, false)
    }

    /// Settles sixteen rolls: rolls their dice again side by side
    /// ([`Self::again_passes`]), then gives their places in the settle
    /// table when every lane is done and fits it, else finishes them roll
    /// by roll ([`Self::finish_lanes`]).
    #[inline(always)]
    fn settle_lanes<const AGAIN: bool, const CUSTOM: bool>(
        &mut self,
        c: &CompiledRoll,
        spare: &mut Spare,
        again_cuts: Option<&WordCuts>,
        lanes: Lanes,
        row: i16x16,
    ) -> Group {
        let (lanes, done) = self.again_passes::<AGAIN>(again_cuts, spare, lanes);
        // Some lane beyond the settle table: -1 there.
        let beyond = lanes.successes.simd_gt(i16x16::splat(c.most_successes))
            | lanes.ones.simd_gt(i16x16::splat(c.most_ones));
        if done && !c.settled.is_empty() && beyond.to_bitmask() == 0 {
            return Group::Cells((lanes.successes * row + lanes.ones).to_array());
        }
        Group::Rolls(self.finish_lanes::<CUSTOM>(c, lanes, None))
    }

    /// Finishes sixteen rolls one at a time, in lane order: each rolls
    /// its dice still to roll again ([`Self::finish`]) and, given the
    /// dice whose first faces `failed`, its rote roll.
    #[inline(always)]
    fn finish_lanes<const CUSTOM: bool>(
        &mut self,
        c: &CompiledRoll,
        lanes: Lanes,
        failed: Option<i16x16>,
    ) -> [Roll; GROUP] {
        let (successes, ones) = (lanes.successes.to_array(), lanes.ones.to_array());
        let again = lanes.again.to_array();
        let failed = failed.map(|f| f.to_array());
        std::array::from_fn(|l| {
            let roll = self.finish::<CUSTOM>(
                c,
                &c.spec,
                successes[l] as u32,
                ones[l] as u32,
                again[l] as u32,
            );
            match failed {
                Some(failed) => self.rote::<CUSTOM>(c, &c.spec, roll, failed[l] as u32),
                None => roll,
            }
        })
    }

    /// Rote side by side: each lane rolls its `failed` dice anew, all
    /// lanes rolling the most any lane rolls as their first dice were
    /// (`cuts`: the first faces' thresholds and the re-rolled dice's),
    /// each counting only its own; the group settles them
    /// ([`Self::settle_lanes`]) and keeps, lane by lane, the better of the
    /// `first` result and the new.
    #[inline(always)]
    fn rote_lanes<const DOUBLE: bool, const AGAIN: bool>(
        &mut self,
        c: &CompiledRoll,
        spare: &mut Spare,
        cuts: (&WordCuts, Option<&WordCuts>),
        failed: i16x16,
        first: Group,
        row: i16x16,
    ) -> Group {
        let most = failed.reduce_max();
        if most == 0 {
            return first;
        }
        let counts = Counts::pass::<DOUBLE, AGAIN>(self, spare, most as usize, failed, cuts.0);
        let lanes = Lanes {
            successes: if DOUBLE {
                counts.success + counts.double
            } else {
                counts.success
            },
            ones: counts.one,
            again: counts.again,
        };
        let second = self.settle_lanes::<AGAIN, false>(c, spare, cuts.1, lanes, row);
        let failed = failed.to_array();
        match (first, second) {
            (Group::Cells(a), Group::Cells(b)) => Group::Cells(std::array::from_fn(|l| {
                let better = c.ranks[b[l] as usize] > c.ranks[a[l] as usize];
                if failed[l] > 0 && better { b[l] } else { a[l] }
            })),
            (first, second) => {
                let (a, b) = (first.rolls(c), second.rolls(c));
                Group::Rolls(std::array::from_fn(|l| {
                    if failed[l] > 0 {
                        a[l].better(b[l])
                    } else {
                        a[l]
                    }
                }))
            }
        }
    }
}
