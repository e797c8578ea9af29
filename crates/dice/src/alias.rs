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

use crate::exact::{Distribution, exact};
use crate::spec::{Roll, RollSpec};

/// An alias table over weighted outcomes (rolls by default).
///
/// Each column packs its threshold, its own outcome and its alias together,
/// so a draw touches one small entry and picks without a branch.
#[derive(Debug, Clone)]
pub struct AliasTable<T = Roll> {
    columns: Vec<Column<T>>,
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
        AliasTable { columns }
    }

    /// Draws one outcome.
    #[inline]
    pub fn sample<R: Rng>(&self, rng: &mut R) -> T {
        pick(&self.columns, rng.next_u64())
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
        for p in 0..=max {
            let d = exact(&spec.with_pool(p));
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
        }
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
        let (start, end) = self.spans[(pool.max(0) as usize).min(self.spans.len() - 1)];
        pick(&self.columns[start as usize..end as usize], rng.next_u64())
    }
}
