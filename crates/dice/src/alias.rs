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

/// An alias table over a roll's outcomes.
#[derive(Debug, Clone)]
pub struct AliasTable {
    /// Per column: keep the column's own outcome when the low 32 bits are
    /// below this (2^32 means always).
    threshold: Vec<u64>,
    alias: Vec<u32>,
    outcomes: Vec<Roll>,
}

impl AliasTable {
    /// The table of `d`'s outcomes (renormalised over its truncation).
    pub fn new(d: &Distribution) -> Self {
        let (outcomes, p): (Vec<Roll>, Vec<f64>) = d.outcomes().unzip();
        let n = outcomes.len();
        let total: f64 = p.iter().sum();
        let mut scaled: Vec<f64> = p.iter().map(|&q| q / total * n as f64).collect();
        let mut threshold = vec![1u64 << 32; n];
        let mut alias: Vec<u32> = (0..n as u32).collect();
        let (mut small, mut large): (Vec<usize>, Vec<usize>) =
            (0..n).partition(|&i| scaled[i] < 1.0);
        while let (Some(s), Some(&l)) = (small.pop(), large.last()) {
            threshold[s] = (scaled[s] * 4_294_967_296.0).round() as u64;
            alias[s] = l as u32;
            scaled[l] -= 1.0 - scaled[s];
            if scaled[l] < 1.0 {
                large.pop();
                small.push(l);
            }
        }
        // What is left is 1 up to rounding: kept whole.
        AliasTable {
            threshold,
            alias,
            outcomes,
        }
    }

    /// Draws one roll.
    #[inline]
    pub fn sample<R: Rng>(&self, rng: &mut R) -> Roll {
        let x = rng.next_u64();
        let column = (((x >> 32) * self.outcomes.len() as u64) >> 32) as usize;
        let pick = if (x & 0xffff_ffff) < self.threshold[column] {
            column
        } else {
            self.alias[column] as usize
        };
        self.outcomes[pick]
    }
}

/// Alias tables of one roll's rules for every pool from 0 to a maximum:
/// the outcome sampler of a fight, whose pools change with its wounds.
#[derive(Debug, Clone)]
pub struct OutcomeSampler {
    tables: Vec<AliasTable>,
}

impl OutcomeSampler {
    /// Tables of `spec`'s rules for pools 0..=`max_pool` (at most
    /// [`MAX_POOL`](crate::MAX_POOL)). A pool the rules cannot roll (0
    /// without a chance die) gives what the per-die sampler gives: its
    /// automatic successes, or nothing.
    pub fn new(spec: &RollSpec, max_pool: i32) -> Self {
        let max = max_pool.clamp(0, crate::MAX_POOL);
        OutcomeSampler {
            tables: (0..=max)
                .map(|p| AliasTable::new(&exact(&spec.with_pool(p))))
                .collect(),
        }
    }

    /// The largest pool it has a table for.
    pub fn max_pool(&self) -> i32 {
        self.tables.len() as i32 - 1
    }

    /// Draws a roll of `pool` dice (below 0 as 0; above
    /// [`max_pool`](Self::max_pool) as the maximum: callers check).
    #[inline]
    pub fn roll<R: Rng>(&self, rng: &mut R, pool: i32) -> Roll {
        let i = (pool.max(0) as usize).min(self.tables.len() - 1);
        self.tables[i].sample(rng)
    }
}
