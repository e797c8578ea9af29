//! The outcome sampler: a whole roll drawn in O(1), whatever the pool, from
//! an alias table (Walker; Vose's construction) over the exact outcome
//! distribution.
//!
//! One 64-bit word draws a roll: its high 32 bits pick a column, its low 32
//! bits decide between the column's outcome and its alias. Column choice
//! and thresholds are quantised to 2^-32, so each outcome's probability is
//! off by at most a few parts in 10^9 (far below any Monte Carlo standard
//! error here); the per-die kernel ([`D10`](crate::D10)) stays the exactly
//! unbiased reference.

use rand_core::Rng;

use crate::distribution::Distribution;
use crate::exact::exact_pools;
use crate::spec::{Roll, RollSpec};

/// An alias table over weighted outcomes (rolls by default).
///
/// Each column packs its threshold, its own outcome and its alias together,
/// so a draw touches one small entry and picks without a branch.
#[derive(Debug, Clone)]
pub struct AliasTable<T = Roll> {
    /// Boxed slices, not vectors: a grid of lazily filled tables (the
    /// outcome sampler's, `Tables` in the sim crate) holds one of these per
    /// slot, filled or not, and is 3.5 times smaller for it.
    columns: Box<[Column<T>]>,
    /// Drawn by inverse CDF instead ([`AliasTable::ordered`]).
    ordered: Option<Box<Quantile<T>>>,
}

#[derive(Debug, Clone, Copy)]
struct Column<T> {
    /// Keep `own` when the low 32 bits are at most this.
    keep_to: u32,
    own: T,
    alias: T,
}

impl AliasTable<Roll> {
    /// The table of `d`'s outcomes (renormalised over its truncation).
    pub fn new(d: &Distribution) -> Self {
        AliasTable::from_weights(d.outcomes())
    }
}

impl<T: Copy> AliasTable<T> {
    /// The table of outcomes with the given weights (any positive scale;
    /// renormalised). Panics if there are none or the weights do not sum
    /// to a positive number.
    pub fn from_weights(weighted: impl IntoIterator<Item = (T, f64)>) -> Self {
        let (outcomes, p): (Vec<T>, Vec<f64>) = weighted.into_iter().unzip();
        let n = outcomes.len();
        let total: f64 = p.iter().sum();
        assert!(n > 0 && total > 0.0, "an alias table needs positive weight");
        let mut scaled: Vec<f64> = p.iter().map(|&q| q / total * n as f64).collect();
        // Keep the column's own outcome when the low 32 bits are below
        // `threshold` (2^32: always).
        let mut threshold = vec![1u64 << 32; n];
        let mut alias: Vec<usize> = (0..n).collect();
        let (mut small, mut large): (Vec<usize>, Vec<usize>) =
            (0..n).partition(|&i| scaled[i] < 1.0);
        while let (Some(s), Some(&l)) = (small.pop(), large.last()) {
            threshold[s] = (scaled[s] * 4_294_967_296.0).round() as u64;
            alias[s] = l;
            scaled[l] -= 1.0 - scaled[s];
            if scaled[l] < 1.0 {
                large.pop();
                small.push(l);
            }
        }
        // What is left is 1 up to rounding: kept whole.
        let columns = (0..n)
            .map(|i| match threshold[i] {
                // Never kept: the alias either way.
                0 => Column {
                    keep_to: u32::MAX,
                    own: outcomes[alias[i]],
                    alias: outcomes[alias[i]],
                },
                t => Column {
                    keep_to: (t - 1) as u32,
                    own: outcomes[i],
                    alias: outcomes[alias[i]],
                },
            })
            .collect();
        AliasTable {
            columns,
            ordered: None,
        }
    }

    /// A table of the same outcomes drawn by inverse CDF, in the order
    /// given: the word `x` draws the first outcome whose cumulative
    /// weight, as a share of 2^64, exceeds `x`. Two tables of neighbouring
    /// distributions over outcomes in the same order (worst to best) then
    /// draw the same or neighbouring outcomes from the same word, which is
    /// what playing two rule sets on the same random numbers needs; an
    /// alias table's columns do not line up so. A guide table makes a
    /// draw O(1) on average. Panics as [`AliasTable::from_weights`] does.
    pub fn ordered(weighted: impl IntoIterator<Item = (T, f64)>) -> Self {
        let (outcomes, p): (Vec<T>, Vec<f64>) = weighted.into_iter().unzip();
        AliasTable {
            columns: Box::default(),
            ordered: Some(Box::new(Quantile::new(outcomes, &p))),
        }
    }

    /// Draws one outcome.
    #[inline]
    pub fn sample<R: Rng>(&self, rng: &mut R) -> T {
        let x = rng.next_u64();
        match &self.ordered {
            None => pick(&self.columns, x),
            Some(q) => q.pick(x),
        }
    }
}

/// Outcomes drawn by inverse CDF: `ends[i]` is the cumulative weight of
/// outcomes `0..=i` as a share of 2^64 (the last `u64::MAX`), and
/// `guide[b]` the first outcome whose end exceeds the start of bucket `b`
/// of `guide.len()` (a power of two) equal buckets of the words.
#[derive(Debug, Clone)]
struct Quantile<T> {
    outcomes: Vec<T>,
    ends: Vec<u64>,
    guide: Vec<u32>,
    /// `64 - log2(guide.len())`: a word's bucket is `x >> shift`.
    shift: u32,
}

impl<T: Copy> Quantile<T> {
    fn new(outcomes: Vec<T>, p: &[f64]) -> Self {
        let n = outcomes.len();
        let total: f64 = p.iter().sum();
        assert!(n > 0 && total > 0.0, "an alias table needs positive weight");
        let mut acc = 0.0;
        let mut ends: Vec<u64> = p
            .iter()
            .map(|&q| {
                acc += q;
                // `as` saturates: a share of 1 or more is u64::MAX.
                (acc / total * 18_446_744_073_709_551_616.0) as u64
            })
            .collect();
        ends[n - 1] = u64::MAX;
        let buckets = n.next_power_of_two().max(2);
        let shift = 64 - buckets.trailing_zeros();
        let guide = (0..buckets as u64)
            .map(|b| {
                let start = b << shift;
                ends.partition_point(|&e| e <= start) as u32
            })
            .collect();
        Quantile {
            outcomes,
            ends,
            guide,
            shift,
        }
    }

    #[inline]
    fn pick(&self, x: u64) -> T {
        let mut i = self.guide[(x >> self.shift) as usize] as usize;
        while i + 1 < self.ends.len() && self.ends[i] <= x {
            i += 1;
        }
        self.outcomes[i]
    }
}

/// The outcome that the word `x` draws from `columns`: its high 32 bits
/// pick a column, its low 32 bits the column's outcome or alias.
#[inline]
fn pick<T: Copy>(columns: &[Column<T>], x: u64) -> T {
    let column = (((x >> 32) * columns.len() as u64) >> 32) as usize;
    let c = &columns[column];
    if (x as u32) <= c.keep_to {
        c.own
    } else {
        c.alias
    }
}

/// Alias tables of one roll's rules for every pool from 0 to a maximum:
/// the outcome sampler of a fight, whose pools change with its wounds.
#[derive(Debug, Clone)]
pub struct OutcomeSampler {
    /// Every pool's columns, one after another.
    columns: Vec<Column<Roll>>,
    /// Pool `p`'s columns: `columns[spans[p].0..spans[p].1]`.
    spans: Vec<(u32, u32)>,
    /// Pool `p`'s exact distribution.
    distributions: Vec<Distribution>,
    /// Pool `p`'s outcomes drawn by inverse CDF instead, botch first and
    /// then by successes ([`OutcomeSampler::ordered`]); empty otherwise.
    ordered: Vec<Quantile<Roll>>,
}

impl OutcomeSampler {
    /// Tables of `spec`'s rules for pools 0..=`max_pool` (at most
    /// [`MAX_POOL`](crate::MAX_POOL)). A pool the rules cannot roll (0
    /// without a chance die) gives what the per-die sampler gives: its
    /// automatic successes, or nothing.
    pub fn new(spec: &RollSpec, max_pool: i32) -> Self {
        let max = max_pool.clamp(0, crate::MAX_POOL);
        let mut columns = Vec::new();
        let mut spans = Vec::new();
        let mut distributions = Vec::new();
        for d in exact_pools(spec, max) {
            let table = AliasTable::new(&d);
            let start = columns.len() as u32;
            columns.extend(table.columns);
            spans.push((start, columns.len() as u32));
            distributions.push(d);
        }
        OutcomeSampler {
            columns,
            spans,
            distributions,
            ordered: Vec::new(),
        }
    }

    /// The same distributions, each drawn by inverse CDF over its outcomes
    /// from worst to best (a botch, then 0, 1, 2... successes), as
    /// [`AliasTable::ordered`] draws: a word draws the same or a
    /// neighbouring roll of a pool one die larger or smaller.
    pub fn ordered(spec: &RollSpec, max_pool: i32) -> Self {
        let mut sampler = OutcomeSampler::new(spec, max_pool);
        sampler.ordered = (sampler.distributions.iter())
            .map(|d| {
                let (outcomes, p): (Vec<Roll>, Vec<f64>) = d.outcomes().unzip();
                Quantile::new(outcomes, &p)
            })
            .collect();
        sampler.columns.clear();
        sampler
    }

    /// The exact distribution it draws `pool` dice from (clamped as
    /// [`roll`](Self::roll) clamps).
    pub fn distribution(&self, pool: i32) -> &Distribution {
        &self.distributions[(pool.max(0) as usize).min(self.spans.len() - 1)]
    }

    /// The largest pool it has a table for.
    pub fn max_pool(&self) -> i32 {
        self.spans.len() as i32 - 1
    }

    /// Draws a roll of `pool` dice (below 0 as 0; above
    /// [`max_pool`](Self::max_pool) as the maximum: callers check).
    #[inline]
    pub fn roll<R: Rng>(&self, rng: &mut R, pool: i32) -> Roll {
        let p = (pool.max(0) as usize).min(self.spans.len() - 1);
        if let Some(q) = self.ordered.get(p) {
            return q.pick(rng.next_u64());
        }
        let (start, end) = self.spans[p];
        pick(&self.columns[start as usize..end as usize], rng.next_u64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Inverse CDF by hand: weights 0, 1, 0, 3 give outcome 1 to words
    /// below 2^62 (a quarter) and outcome 3 above; weightless outcomes are
    /// never drawn, whatever the word.
    #[test]
    fn an_ordered_table_is_the_inverse_cdf() {
        let q = Quantile::new(vec!['a', 'b', 'c', 'd'], &[0.0, 1.0, 0.0, 3.0]);
        let quarter = 1u64 << 62;
        assert_eq!(q.pick(0), 'b');
        assert_eq!(q.pick(quarter - 1), 'b');
        assert_eq!(q.pick(quarter), 'd');
        assert_eq!(q.pick(u64::MAX), 'd');
        for x in (0..1000u64).map(|k| k.wrapping_mul(0x9e37_79b9_7f4a_7c15)) {
            let want = if x < quarter { 'b' } else { 'd' };
            assert_eq!(q.pick(x), want, "{x:#x}");
        }
        // One outcome: always it.
        let one = Quantile::new(vec![7u8], &[0.5]);
        assert_eq!((one.pick(0), one.pick(u64::MAX)), (7, 7));
    }
}
