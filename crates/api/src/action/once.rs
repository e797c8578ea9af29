//! Actions of one turn: several actions taken at once, each pool losing
//! dice for the others ([`multiple`]), and one roll against another
//! ([`resisted`]); exact or sampled.

use std::io;

use serde::Serialize;
use wodds_rules::{RollOptions, RuleSet};
use wodds_sim::{Resisted, resisted_exact, resisted_sample};

use super::side::{SideSpec, throw_of};
use crate::cells::{Cell, csv_writer, tidy};
use crate::error::{Error, Result};
use crate::provenance::{Method, Provenance, binomial_se};

/// One of several actions in a turn.
#[derive(Debug, Clone, Serialize)]
pub struct MultipleRow {
    /// The edition's id.
    pub edition: String,
    /// Which action, from 1.
    pub action: usize,
    /// Its pool before the penalty.
    pub pool: i32,
    /// Dice it loses for the others.
    pub penalty: i32,
    /// Its difficulty.
    pub difficulty: i32,
    /// The chance it succeeds.
    pub p_success: f64,
    /// The chance it botches.
    pub p_botch: f64,
    /// The standard error of `p_success` (sampled).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub se_success: Option<f64>,
}

/// Several actions in one turn.
#[derive(Debug, Clone)]
pub struct Multiple {
    /// Each action.
    pub rows: Vec<MultipleRow>,
    /// The chance that 0, 1, ... of them succeed.
    pub count: Vec<f64>,
}

/// Several actions in one turn: `pools` before the penalty, in the order
/// taken; `difficulties` one for all, or one each (none: the edition's
/// standard). `names`: the pools' and the difficulties'.
pub fn multiple(
    rules: &RuleSet,
    pools: &[i32],
    difficulties: &[i32],
    options: &RollOptions,
    how: (Method, u64, u64),
    names: [&str; 2],
) -> Result<Multiple> {
    let (method, trials, seed) = how;
    if !rules.actions.multiple_actions {
        return Err(Error::new(format!(
            "edition {} has no multiple-actions rule (its rule file says `multiple-actions = false`)",
            rules.id
        )));
    }
    let n = pools.len();
    let difficulty = |i: usize| match difficulties {
        [] => Ok(rules.dice.standard_difficulty),
        [d] => Ok(*d),
        ds if ds.len() == n => Ok(ds[i]),
        ds => Err(Error::new(format!(
            "{}: give one difficulty or one per action ({n}), not {}",
            names[1],
            ds.len()
        ))),
    };
    let mut rows = Vec::with_capacity(n);
    for (i, &pool) in pools.iter().enumerate() {
        rules
            .check_pool(pool)
            .map_err(|e| Error::from(e).context(names[0]))?;
        let penalty = (n + i) as i32;
        let d = difficulty(i)?;
        if pool - penalty < 1 {
            return Err(Error::new(format!(
                "{}: action {} has {pool} dice less {penalty} for taking {n} actions: at 0 or below it cannot be attempted",
                names[0],
                i + 1
            )));
        }
        let roll = rules
            .roll(pool - penalty, d, options)
            .map_err(|e| Error::from(e).context(names[1]))?;
        let (p_success, p_botch, se_success) = if method == Method::Mc {
            let mut dice = wodds_dice::D10::new(wodds_dice::stream(seed, &[i as u64]));
            let compiled = wodds_dice::CompiledRoll::new(&roll.spec);
            let (mut ok, mut botch) = (0u64, 0u64);
            for _ in 0..trials {
                let r = dice.roll(&compiled);
                ok += u64::from(!r.botch && u32::from(r.successes) >= roll.needed);
                botch += u64::from(r.botch);
            }
            let t = trials as f64;
            let p = ok as f64 / t;
            (p, botch as f64 / t, Some(binomial_se(p, trials)))
        } else {
            let d = wodds_dice::exact(&roll.spec);
            (tidy(d.p_at_least(roll.needed)), tidy(d.p_botch()), None)
        };
        rows.push(MultipleRow {
            edition: rules.id.clone(),
            action: i + 1,
            pool,
            penalty,
            difficulty: d,
            p_success,
            p_botch,
            se_success,
        });
    }
    // The actions are independent rolls: the number that succeed.
    let mut count = vec![1.0];
    for row in &rows {
        let mut next = vec![0.0; count.len() + 1];
        for (k, &p) in count.iter().enumerate() {
            next[k] += p * (1.0 - row.p_success);
            next[k + 1] += p * row.p_success;
        }
        count = next;
    }
    Ok(Multiple { rows, count })
}

/// The actions as `wodds action multiple --format csv` writes them.
pub fn multiple_csv(out: &mut dyn io::Write, m: &Multiple, p: &Provenance) -> io::Result<()> {
    let mut w = csv_writer(out);
    let mut head = vec![
        "edition",
        "action",
        "pool",
        "penalty",
        "difficulty",
        "p_success",
        "p_botch",
    ];
    head.extend(Provenance::CSV_HEAD);
    w.write_record(&head)?;
    for r in &m.rows {
        let mut record = vec![
            r.edition.clone(),
            r.action.to_string(),
            r.pool.to_string(),
            r.penalty.to_string(),
            r.difficulty.to_string(),
            r.p_success.cell(),
            r.p_botch.cell(),
        ];
        record.extend(p.csv());
        w.write_record(&record)?;
    }
    w.flush()
}

/// One roll against another.
#[derive(Debug, Clone)]
pub struct ResistedOdds {
    /// The odds: A's success and botch, the margin's distribution.
    pub odds: Resisted,
    /// The standard error of A's success (sampled).
    pub se_success: Option<f64>,
}

impl ResistedOdds {
    /// The margins (A's successes less B's) with any chance, in order.
    pub fn margins(&self) -> Vec<(i32, f64)> {
        let r = &self.odds;
        r.margin
            .iter()
            .enumerate()
            .filter(|(_, p)| **p > 0.0)
            .map(|(i, &p)| (i as i32 + r.offset, tidy(p)))
            .collect()
    }
}

/// Side `a`'s roll against side `b`'s, each one round (one member, or a
/// group joined by `+`) under the edition's resisted rule. `names`: the
/// sides'.
pub fn resisted(
    rules: &RuleSet,
    a: &SideSpec,
    b: &SideSpec,
    how: (Method, u64, u64),
    names: [&str; 2],
) -> Result<ResistedOdds> {
    let (method, trials, seed) = how;
    if a.0.len() > 1 || b.0.len() > 1 {
        return Err(Error::new(format!(
            "{}/{}: a resisted roll is one round; give one POOL or POOL@DIFFICULTY per side (contest takes several)",
            names[0], names[1]
        )));
    }
    let none = RollOptions::default();
    let ta = throw_of(rules, &a.0[0], &none, names[0], false)?;
    let tb = throw_of(rules, &b.0[0], &none, names[1], false)?;
    let rule = rules.actions.resisted;
    let mc = method == Method::Mc;
    let odds = if mc {
        let mut dice = wodds_dice::D10::new(wodds_dice::stream(seed, &[0]));
        resisted_sample(&ta, &tb, rule, trials, &mut dice)
    } else {
        resisted_exact(&ta, &tb, rule)
    };
    let se_success = mc.then(|| binomial_se(odds.p_success, trials));
    Ok(ResistedOdds { odds, se_success })
}

/// The margins as `wodds action resisted --format csv` writes them.
pub fn resisted_csv(
    out: &mut dyn io::Write,
    edition: &str,
    r: &ResistedOdds,
    p: &Provenance,
) -> io::Result<()> {
    let mut w = csv_writer(out);
    let mut head = vec!["edition", "margin", "p"];
    head.extend(Provenance::CSV_HEAD);
    w.write_record(&head)?;
    for (m, x) in r.margins() {
        let mut record = vec![edition.to_string(), m.to_string(), x.cell()];
        record.extend(p.csv());
        w.write_record(&record)?;
    }
    w.flush()
}
