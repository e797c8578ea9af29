//! The exact tables every report carries: the odds of a single roll under
//! each edition, and the standard extended-action table.

use rayon::prelude::*;
use wodds_rules::{BotchEffect, RollOptions, RuleSet, SpecialtySetting};
use wodds_sim::{Extended, RollStats, Schedule, Throw, solve};

use crate::compute::rows::{ActionRow, OddsRow, WITHIN};
use crate::error::ReportError;
use crate::progress::{Progress, TABLE_UNITS};

/// The pools of the odds table.
pub const POOLS: std::ops::RangeInclusive<i32> = 1..=20;

/// The pools of the extended-action table.
pub const ACTION_POOLS: std::ops::RangeInclusive<i32> = 3..=10;

/// The targets of the extended-action table.
pub const TARGETS: [u32; 4] = [5, 10, 15, 20];

/// Rolls the extended-action solver follows at most (it stops once the
/// chance an action is still going is below 1e-13).
const HORIZON: usize = 100_000;

/// The options a roll is tabled with under `rules`: none, then each the
/// edition supports on its own, labelled as `wodds odds` labels them.
pub fn option_sets(rules: &RuleSet) -> Vec<(&'static str, RollOptions)> {
    let none = RollOptions::default();
    let mut sets = vec![("none", none)];
    if rules.dice.specialty != SpecialtySetting::None {
        sets.push((
            "specialty",
            RollOptions {
                specialty: true,
                ..none
            },
        ));
    }
    sets.push((
        "willpower",
        RollOptions {
            willpower: true,
            ..none
        },
    ));
    for n in [9, 8] {
        sets.push((
            if n == 9 { "9-again" } else { "8-again" },
            RollOptions {
                again: Some(Some(n)),
                ..none
            },
        ));
    }
    sets.push(("rote", RollOptions { rote: true, ..none }));
    sets
}

/// Every odds row of `rules`: pools 1-20, every difficulty of its range,
/// every option set, in that order (options outermost).
pub fn odds_rows(rules: &RuleSet) -> Result<Vec<OddsRow>, ReportError> {
    let [dmin, dmax] = rules.dice.difficulty_range;
    let mut cells = Vec::new();
    for (label, options) in option_sets(rules) {
        for pool in POOLS {
            for difficulty in dmin..=dmax {
                cells.push((label, options, pool, difficulty));
            }
        }
    }
    cells
        .par_iter()
        .map(|&(label, options, pool, difficulty)| {
            let roll =
                rules
                    .roll(pool, difficulty, &options)
                    .map_err(|source| ReportError::Rules {
                        context: format!("odds table, {label}"),
                        source,
                    })?;
            Ok(OddsRow {
                edition: rules.id.clone(),
                pool,
                difficulty,
                stats: RollStats::exact(&roll),
                options: label.to_string(),
                rules_hash: rules.hash().to_string(),
            })
        })
        .collect()
}

/// The name of a botch rule in the table.
fn botch_name(b: BotchEffect) -> &'static str {
    match b {
        BotchEffect::Wipe => "wipe",
        BotchEffect::Fail => "fail",
        BotchEffect::Ignore => "ignore",
    }
}

/// The extended-action rows of `rules`: pools 3-10 at the standard
/// difficulty, each target, under the edition's own botch rule.
pub fn action_rows(rules: &RuleSet) -> Result<Vec<ActionRow>, ReportError> {
    let difficulty = rules.dice.standard_difficulty;
    let cells: Vec<(i32, u32)> = ACTION_POOLS
        .flat_map(|p| TARGETS.iter().map(move |&t| (p, t)))
        .collect();
    let botch = rules.actions.extended_botch;
    cells
        .par_iter()
        .map(|&(pool, target)| {
            let roll = rules
                .roll(pool, difficulty, &RollOptions::default())
                .map_err(|source| ReportError::Rules {
                    context: "extended-action table".to_string(),
                    source,
                })?;
            let action = Extended {
                schedule: Schedule::new(vec![vec![Throw::single(roll.spec)]]),
                target,
                botch,
                free_botches: 0,
            };
            let t = solve(&action, HORIZON);
            Ok(ActionRow {
                edition: rules.id.clone(),
                pool,
                difficulty,
                target,
                botch: botch_name(botch).to_string(),
                p_success: t.p_win(),
                mean_rolls: t.mean_rounds(),
                median_rolls: t.quantile_rounds(0.5).map(|r| r as u32),
                p90_rolls: t.quantile_rounds(0.9).map(|r| r as u32),
                p_within: WITHIN.map(|k| t.p_win_within(k)),
                rules_hash: rules.hash().to_string(),
            })
        })
        .collect()
}

/// Every edition's odds rows and extended-action rows, an edition at a
/// time.
pub(crate) fn tables(
    editions: &[RuleSet],
    progress: &dyn Progress,
) -> Result<(Vec<OddsRow>, Vec<ActionRow>), ReportError> {
    let mut odds = Vec::new();
    let mut actions = Vec::new();
    for rules in editions {
        progress.message(&format!("exact tables: {}", rules.id));
        odds.extend(odds_rows(rules)?);
        actions.extend(action_rows(rules)?);
        progress.advance(TABLE_UNITS);
    }
    Ok((odds, actions))
}
