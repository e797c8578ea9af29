//! What a sheet shows: for each edition, the exact chance of success and
//! of a botch at each pool and difficulty, computed from the rules.

use anyhow::Context;
use rayon::prelude::*;
use wodds_rules::{CompiledRoll, IntRange, RollOptions, RuleSet};
use wodds_sim::RollStats;

use crate::output::tidy;

/// One edition's grids.
#[derive(Debug)]
pub(super) struct Block {
    pub(super) rules: RuleSet,
    pub(super) pools: Vec<i32>,
    pub(super) difficulties: Vec<i32>,
    /// `success[i][j]`: the chance the roll of `pools[i]` dice at
    /// `difficulties[j]` succeeds.
    pub(super) success: Vec<Vec<f64>>,
    /// The same for a botch.
    pub(super) botch: Vec<Vec<f64>>,
}

impl Block {
    /// Whether the botch grid has anything to show: the edition can botch
    /// at some pool and difficulty of the sheet.
    pub(super) fn botches(&self) -> bool {
        self.botch.iter().flatten().any(|&p| p > 0.0)
    }
}

/// The whole sheet: what `write` and `html` lay out.
#[derive(Debug)]
pub(super) struct Sheet {
    pub(super) blocks: Vec<Block>,
    /// Whether the botch grids are wanted (not `--no-botch`).
    pub(super) botch: bool,
    /// The roll options as one word (`none`, `specialty+willpower`).
    pub(super) options: String,
}

/// An edition's rolls, built and checked, not yet computed.
pub(super) struct Plan {
    rules: RuleSet,
    pools: Vec<i32>,
    difficulties: Vec<i32>,
    /// `rolls[i][j]`: `pools[i]` dice at `difficulties[j]`.
    rolls: Vec<Vec<CompiledRoll>>,
}

impl Plan {
    /// The rolls of `rules` over `pool` (default: the edition's smallest
    /// pool to 10) and `difficulty` (default: the edition's whole range),
    /// each made with `options`: every range checked and every roll built,
    /// so that a bad flag fails before any work.
    pub(super) fn new(
        rules: RuleSet,
        pool: Option<&IntRange>,
        difficulty: Option<&IntRange>,
        options: &RollOptions,
    ) -> anyhow::Result<Plan> {
        let [pmin, pmax] = rules.dice.pool_range;
        let pools = pool.map_or(pmin..=pmax.min(10).max(pmin), |p| p.0.clone());
        let [dmin, dmax] = rules.dice.difficulty_range;
        let difficulties = difficulty.map_or(dmin..=dmax, |d| d.0.clone());
        for p in [*pools.start(), *pools.end()] {
            rules.check_pool(p).context("--pool")?;
        }
        for d in [*difficulties.start(), *difficulties.end()] {
            rules.check_difficulty(d).context("--difficulty")?;
        }
        let (pools, difficulties): (Vec<i32>, Vec<i32>) = (pools.collect(), difficulties.collect());
        let rolls = pools
            .iter()
            .map(|&p| {
                difficulties
                    .iter()
                    .map(|&d| rules.roll(p, d, options))
                    .collect::<Result<Vec<_>, _>>()
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Plan {
            rules,
            pools,
            difficulties,
            rolls,
        })
    }

    /// The exact grids, the rows computed in parallel.
    pub(super) fn compute(self) -> Block {
        let stats: Vec<Vec<RollStats>> = self
            .rolls
            .par_iter()
            .map(|row| row.iter().map(RollStats::exact).collect())
            .collect();
        let grid = |f: fn(&RollStats) -> f64| -> Vec<Vec<f64>> {
            stats
                .iter()
                .map(|row| row.iter().map(|s| tidy(f(s))).collect())
                .collect()
        };
        Block {
            success: grid(|s| s.p_success),
            botch: grid(|s| s.p_botch),
            rules: self.rules,
            pools: self.pools,
            difficulties: self.difficulties,
        }
    }
}
