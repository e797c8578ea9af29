//! What a rule changes on a single roll and on the extended-action table:
//! the same exact figures `wodds odds` and `actions.parquet` give, under
//! the base and the rule, cell by cell.

use serde::Serialize;
use wodds_rules::{RollOptions, RuleSet};
use wodds_sim::RollStats;

use super::shift::Shift;
use crate::compute::single::{POOLS, action_rows};
use crate::error::ReportError;

/// One cell of the single-roll grid.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct OddsShift {
    /// Dice.
    pub pool: i32,
    /// The base's difficulty, in its own terms.
    pub difficulty: i32,
    /// The rule's difficulty (the same number where both rule sets read
    /// difficulties alike).
    pub rule_difficulty: i32,
    /// The chance of success.
    pub success: Shift,
    /// The chance of a botch.
    pub botch: Shift,
}

/// The single roll under both rule sets.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Grid {
    /// Whether both read a difficulty alike (the same kind and range): the
    /// grid is then every pool at every difficulty both allow; otherwise
    /// every pool at each one's standard difficulty.
    pub alike: bool,
    /// The cells, pools outermost.
    pub cells: Vec<OddsShift>,
}

impl Grid {
    /// Where the grid's cells are, in words.
    pub fn at(&self) -> &'static str {
        if self.alike {
            "every difficulty both allow"
        } else {
            "each one's standard difficulty"
        }
    }
}

/// The exact figures of `pool` dice at `difficulty` under `rules`, with
/// no option.
fn stats(rules: &RuleSet, pool: i32, difficulty: i32) -> Result<RollStats, ReportError> {
    let roll = rules
        .roll(pool, difficulty, &RollOptions::default())
        .map_err(|source| ReportError::Rules {
            context: format!("{}: pool {pool}, difficulty {difficulty}", rules.id),
            source,
        })?;
    Ok(RollStats::exact(&roll))
}

/// The single-roll grid: pools 1-20 at every difficulty both rule sets
/// allow, when they read difficulties alike; else at each one's standard
/// difficulty.
pub fn grid(base: &RuleSet, rule: &RuleSet) -> Result<Grid, ReportError> {
    let (b, r) = (&base.dice, &rule.dice);
    let alike = b.difficulty == r.difficulty;
    let pairs: Vec<(i32, i32)> = if alike {
        let low = b.difficulty_range[0].max(r.difficulty_range[0]);
        let high = b.difficulty_range[1].min(r.difficulty_range[1]);
        (low..=high).map(|d| (d, d)).collect()
    } else {
        vec![(b.standard_difficulty, r.standard_difficulty)]
    };
    let mut cells = Vec::new();
    for pool in POOLS {
        for &(db, dr) in &pairs {
            let (sb, sr) = (stats(base, pool, db)?, stats(rule, pool, dr)?);
            cells.push(OddsShift {
                pool,
                difficulty: db,
                rule_difficulty: dr,
                success: Shift::exact(sb.p_success, sr.p_success),
                botch: Shift::exact(sb.p_botch, sr.p_botch),
            });
        }
    }
    Ok(Grid {
        alike: alike && !pairs.is_empty(),
        cells,
    })
}

/// One row of the extended-action table: a pool rolled at each rule
/// set's standard difficulty until a target is reached.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ActionShift {
    /// Dice a roll.
    pub pool: i32,
    /// Successes to reach.
    pub target: u32,
    /// The chance it is ever reached.
    pub p_success: Shift,
    /// The mean rolls to the end (success or failure), where both end.
    pub mean_rolls: Option<Shift>,
}

/// The extended-action table (pools 3-10, targets 5, 10, 15, 20) under
/// both rule sets.
pub fn actions(base: &RuleSet, rule: &RuleSet) -> Result<Vec<ActionShift>, ReportError> {
    let (b, r) = (action_rows(base)?, action_rows(rule)?);
    Ok(b.iter()
        .zip(&r)
        .map(|(b, r)| ActionShift {
            pool: b.pool,
            target: b.target,
            p_success: Shift::exact(b.p_success, r.p_success),
            mean_rolls: b
                .mean_rolls
                .zip(r.mean_rolls)
                .map(|(x, y)| Shift::exact(x, y)),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Revised against a house rule whose 1s do not cancel successes:
    /// worked out by hand at difficulty 6, where a die succeeds on 6-10
    /// (0.5), is a 1 one time in ten and a blank (2-5) four in ten.
    #[test]
    fn ones_that_do_not_cancel_move_two_dice_from_a_half_to_three_quarters() {
        let base = RuleSet::load("revised").unwrap();
        let rule = base
            .derive(
                "ours",
                &[("dice.ones", toml::Value::String("ignore".into()))],
            )
            .unwrap();
        let g = grid(&base, &rule).unwrap();
        assert!(g.alike);
        let cell = |p, d| {
            *g.cells
                .iter()
                .find(|c| c.pool == p && c.difficulty == d)
                .unwrap()
        };
        let one = cell(1, 6);
        assert_eq!(one.success.change, 0.0);
        // Two dice at 6: faces 6-10 succeed (0.5), a 1 (0.1) cancels one.
        // Revised: net successes >= 1 when both succeed (0.25), or one
        // succeeds and the other is 2-5 (2 * 0.5 * 0.4 = 0.4): 0.65.
        // The rule: at least one success, 1 - 0.5^2 = 0.75.
        let two = cell(2, 6);
        assert!((two.success.base - 0.65).abs() < 1e-12, "{two:?}");
        assert!((two.success.rule - 0.75).abs() < 1e-12, "{two:?}");
        assert!((two.success.change - 0.10).abs() < 1e-12, "{two:?}");
    }
}
