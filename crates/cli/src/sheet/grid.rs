//! What a sheet shows: for each edition, the exact chance of success and
//! of a botch at each pool and difficulty: `wodds odds`'s rows, from the
//! library API, laid out wide.

use anyhow::Context;
use wodds_api::Method;
use wodds_api::odds::{self, Names, Request, Row};
use wodds_rules::{IntRange, RollOptions, RuleSet};

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
    options: RollOptions,
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
        for &p in &pools {
            for &d in &difficulties {
                rules.roll(p, d, options)?;
            }
        }
        Ok(Plan {
            rules,
            pools,
            difficulties,
            options: *options,
        })
    }

    /// The exact grids: `wodds odds`'s rows of the plan's pools and
    /// difficulties (computed in parallel), a row of the grid a pool.
    pub(super) fn compute(self) -> anyhow::Result<Block> {
        let span = |v: &[i32]| (v[0], v[v.len() - 1]);
        let request = Request {
            pools: span(&self.pools),
            difficulties: Some(span(&self.difficulties)),
            options: self.options,
            method: Method::Exact,
            trials: 1,
            seed: 0,
        };
        let rules = std::slice::from_ref(&self.rules);
        let tables = odds::odds(rules, &request, Names::PLAIN, &|_| {}, &|| false)?;
        let rows = &tables.expect("never stopped")[0];
        // Pool by pool, each pool's difficulties in order.
        let grid = |f: fn(&Row) -> f64| -> Vec<Vec<f64>> {
            rows.chunks(self.difficulties.len())
                .map(|pool| pool.iter().map(f).collect())
                .collect()
        };
        Ok(Block {
            success: grid(|r| r.p_success),
            botch: grid(|r| r.p_botch),
            rules: self.rules,
            pools: self.pools,
            difficulties: self.difficulties,
        })
    }
}
