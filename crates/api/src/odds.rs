//! The odds of a single roll under each edition, exact or sampled: what
//! `wodds odds` prints, a page's odds sheet, a notebook's table.

use std::io;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use wodds_dice::{CompiledRoll, D10, key_of, stream};
use wodds_rules::{RollOptions, RuleSet, Unskilled};

use crate::cells::{Cell, csv_writer, tidy};
use crate::error::{Error, Result};
use crate::provenance::{Method, Provenance, binomial_se};

/// What a player brings to the roll, as a request names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// The trait rolled has a specialty.
    pub specialty: bool,
    /// A Willpower point is spent.
    pub willpower: bool,
    /// Roll again on this face or higher (8, 9 or 10), overriding the
    /// edition; 0 for no re-rolls; absent for the edition's own.
    pub again: Option<u8>,
    /// Rote: failed dice are rolled again.
    pub rote: bool,
    /// Take automatic successes where the edition allows.
    pub automatic: bool,
    /// The Ability has no dots: `skill` or `knowledge`.
    pub unskilled: Option<UnskilledKind>,
}

/// What kind of Ability is rolled without dots.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum UnskilledKind {
    /// A Skill.
    Skill,
    /// A Knowledge.
    Knowledge,
}

impl Options {
    /// The options for the rules crate; an `again` other than 0, 8, 9 or
    /// 10 is refused.
    pub fn roll_options(&self) -> Result<RollOptions> {
        let again = match self.again {
            None => None,
            Some(0) => Some(None),
            Some(n @ 8..=10) => Some(Some(n)),
            Some(n) => {
                return Err(Error::new(format!(
                    "again: `{n}` is not allowed: use 8, 9, 10 or 0 (none)"
                )));
            }
        };
        Ok(RollOptions {
            specialty: self.specialty,
            willpower: self.willpower,
            again,
            rote: self.rote,
            automatic: self.automatic,
            unskilled: self.unskilled.map(|u| match u {
                UnskilledKind::Skill => Unskilled::Skill,
                UnskilledKind::Knowledge => Unskilled::Knowledge,
            }),
        })
    }
}

/// The options as one word for output rows: `none`, or the options joined
/// by `+` (`specialty+9-again`).
pub fn label(o: &RollOptions) -> String {
    let mut parts = Vec::new();
    if o.specialty {
        parts.push("specialty".to_string());
    }
    if o.willpower {
        parts.push("willpower".to_string());
    }
    match o.again {
        Some(Some(n)) => parts.push(format!("{n}-again")),
        Some(None) => parts.push("no-again".to_string()),
        None => {}
    }
    if o.rote {
        parts.push("rote".to_string());
    }
    if o.automatic {
        parts.push("automatic".to_string());
    }
    match o.unskilled {
        Some(Unskilled::Skill) => parts.push("unskilled-skill".to_string()),
        Some(Unskilled::Knowledge) => parts.push("unskilled-knowledge".to_string()),
        None => {}
    }
    if parts.is_empty() {
        "none".to_string()
    } else {
        parts.join("+")
    }
}

/// The rows asked for: pools and difficulties (both inclusive ranges),
/// the options, and how figures are made.
#[derive(Debug, Clone)]
pub struct Request {
    /// Dice in the pool, from and to.
    pub pools: (i32, i32),
    /// Difficulties, from and to; `None`: the edition's whole range.
    pub difficulties: Option<(i32, i32)>,
    /// The roll's options.
    pub options: RollOptions,
    /// Exact or Monte Carlo.
    pub method: Method,
    /// Monte Carlo rolls a row.
    pub trials: u64,
    /// Monte Carlo seed.
    pub seed: u64,
}

/// What the request's values are called in errors (`--pool` on the
/// command line, `pool` in a notebook).
#[derive(Debug, Clone, Copy)]
pub struct Names {
    /// The pools'.
    pub pool: &'static str,
    /// The difficulties'.
    pub difficulty: &'static str,
}

impl Names {
    /// The names a library call uses.
    pub const PLAIN: Names = Names {
        pool: "pool",
        difficulty: "difficulty",
    };
}

/// One output row.
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    /// The edition's id.
    pub edition: String,
    /// Dice.
    pub pool: i32,
    /// Difficulty, in the edition's terms.
    pub difficulty: i32,
    /// The chance of a success.
    pub p_success: f64,
    /// The chance of a botch.
    pub p_botch: f64,
    /// Mean successes.
    pub mean: f64,
    /// The chance of at least 1 success.
    pub p_ge_1: f64,
    /// At least 2.
    pub p_ge_2: f64,
    /// At least 3.
    pub p_ge_3: f64,
    /// At least 4.
    pub p_ge_4: f64,
    /// At least 5.
    pub p_ge_5: f64,
    /// The standard error of `p_success` (sampled rows).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub se_success: Option<f64>,
    /// Mass dropped by cutting re-roll chains (exact rows; not printed
    /// per row).
    #[serde(skip)]
    pub truncation: f64,
    /// The options, as one word.
    pub options: String,
    /// Where it came from.
    #[serde(flatten)]
    pub provenance: Provenance,
}

/// Each edition's rows, in the editions' order.
pub type Tables = Vec<Vec<Row>>;

/// The cells of `request` under `rules`, checked, and their rolls.
type Plan = (Vec<(i32, i32)>, Vec<wodds_rules::CompiledRoll>);

fn plan(rules: &RuleSet, several: bool, request: &Request, names: Names) -> Result<Plan> {
    let (p0, p1) = request.pools;
    let [dmin, dmax] = rules.dice.difficulty_range;
    let (d0, d1) = request.difficulties.unwrap_or((dmin, dmax));
    let which = |flag: &str| {
        if several {
            format!("{flag} (under {})", rules.id)
        } else {
            flag.to_string()
        }
    };
    if p0 > p1 || d0 > d1 {
        let flag = if p0 > p1 {
            names.pool
        } else {
            names.difficulty
        };
        return Err(Error::new(format!(
            "{flag}: the range runs from low to high"
        )));
    }
    for p in [p0, p1] {
        rules
            .check_pool(p)
            .map_err(|e| Error::from(e).context(&which(names.pool)))?;
    }
    for d in [d0, d1] {
        rules
            .check_difficulty(d)
            .map_err(|e| Error::from(e).context(&which(names.difficulty)))?;
    }
    let cells: Vec<(i32, i32)> = (p0..=p1)
        .flat_map(|p| (d0..=d1).map(move |d| (p, d)))
        .collect();
    let rolls = cells
        .iter()
        .map(|&(p, d)| rules.roll(p, d, &request.options))
        .collect::<std::result::Result<Vec<_>, _>>()?;
    Ok((cells, rolls))
}

/// The rows of every edition, every roll checked before any work;
/// `progress` is told of each row done. `None` if `stop` said so (it is
/// asked before each batch of a sampled row's trials).
pub fn odds(
    editions: &[RuleSet],
    request: &Request,
    names: Names,
    progress: &(dyn Fn(u64) + Sync),
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Option<Tables>> {
    let several = editions.len() > 1;
    let plans = editions
        .iter()
        .map(|rules| plan(rules, several, request, names))
        .collect::<Result<Vec<_>>>()?;
    let option_label = label(&request.options);
    let mc = request.method == Method::Mc;
    let tables: Option<Tables> = editions
        .iter()
        .zip(&plans)
        .map(|(rules, (cells, rolls))| {
            let provenance = Provenance::new(request.method, request.trials, request.seed, rules);
            cells
                .par_iter()
                .zip(rolls.par_iter())
                .map(|(&(pool, difficulty), roll)| {
                    let stats = if mc {
                        let key = [
                            key_of(&rules.id),
                            pool as u64,
                            difficulty as u64,
                            key_of(&option_label),
                        ];
                        Stats::sample(roll, request.trials, request.seed, key, stop)?
                    } else {
                        Stats::exact(roll)
                    };
                    progress(1);
                    Some(Row {
                        edition: rules.id.clone(),
                        pool,
                        difficulty,
                        p_success: tidy(stats.p_success),
                        p_botch: tidy(stats.p_botch),
                        mean: tidy(stats.mean),
                        p_ge_1: tidy(stats.p_ge[0]),
                        p_ge_2: tidy(stats.p_ge[1]),
                        p_ge_3: tidy(stats.p_ge[2]),
                        p_ge_4: tidy(stats.p_ge[3]),
                        p_ge_5: tidy(stats.p_ge[4]),
                        se_success: stats.se_success,
                        truncation: stats.truncation,
                        options: option_label.clone(),
                        provenance: provenance.clone(),
                    })
                })
                .collect()
        })
        .collect();
    Ok(tables)
}

/// The number of rows `request` makes under `editions` (for a progress
/// bar), or 0 where it is out of range (the call says why).
pub fn rows(editions: &[RuleSet], request: &Request) -> u64 {
    editions
        .iter()
        .map(|rules| {
            let [dmin, dmax] = rules.dice.difficulty_range;
            let (d0, d1) = request.difficulties.unwrap_or((dmin, dmax));
            let (p0, p1) = request.pools;
            (p1 - p0 + 1).max(0) as u64 * (d1 - d0 + 1).max(0) as u64
        })
        .sum()
}

/// The figures of one row.
struct Stats {
    p_success: f64,
    p_botch: f64,
    mean: f64,
    p_ge: [f64; 5],
    se_success: Option<f64>,
    truncation: f64,
}

impl Stats {
    fn exact(roll: &wodds_rules::CompiledRoll) -> Stats {
        let s = wodds_sim::RollStats::exact(roll);
        Stats {
            p_success: s.p_success,
            p_botch: s.p_botch,
            mean: s.mean,
            p_ge: s.p_ge,
            se_success: None,
            truncation: s.truncation,
        }
    }

    /// `trials` rolls in fixed batches of [`BATCH`], side by side on
    /// rayon: the first batch from the row's stream (`key` under `seed`),
    /// batch `b` after it from the stream of `key` and `b`, so the figures
    /// are the same whatever the thread count. `None` if `stop` said so
    /// before a batch.
    fn sample(
        roll: &wodds_rules::CompiledRoll,
        trials: u64,
        seed: u64,
        key: [u64; 4],
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Option<Stats> {
        let compiled = CompiledRoll::new(&roll.spec);
        let count = |b: u64| -> Option<Counts> {
            if stop() {
                return None;
            }
            let rng = match b {
                0 => stream(seed, &key),
                b => stream(seed, &[key[0], key[1], key[2], key[3], b]),
            };
            let size = BATCH.min(trials - b * BATCH);
            let mut c = Counts::default();
            for (r, n) in D10::new(rng).tally(&compiled, size) {
                let s = u32::from(r.successes);
                c.botch += n * u64::from(r.botch);
                c.success += n * u64::from(!r.botch && s >= roll.needed);
                c.sum += n * u64::from(s);
                for (k, g) in c.ge.iter_mut().enumerate() {
                    *g += n * u64::from(s > k as u32);
                }
            }
            Some(c)
        };
        let Counts {
            success,
            botch,
            sum,
            ge,
        } = (0..trials.div_ceil(BATCH))
            .into_par_iter()
            .map(count)
            .try_reduce(Counts::default, |a, b| Some(a.add(&b)))?;
        let n = trials as f64;
        let p_success = success as f64 / n;
        Some(Stats {
            p_success,
            p_botch: botch as f64 / n,
            mean: sum as f64 / n,
            p_ge: ge.map(|g| g as f64 / n),
            se_success: Some(binomial_se(p_success, trials)),
            truncation: 0.0,
        })
    }
}

/// Rolls in one batch of a sampled row: enough to keep both cores busy on
/// a single row of 100 million, and more than a row's default 100,000 (or
/// the docs' 1,000,000), whose figures are those of one stream as before.
const BATCH: u64 = 1 << 20;

/// What a batch of rolls counted.
#[derive(Default)]
struct Counts {
    success: u64,
    botch: u64,
    sum: u64,
    ge: [u64; 5],
}

impl Counts {
    fn add(&self, o: &Counts) -> Counts {
        Counts {
            success: self.success + o.success,
            botch: self.botch + o.botch,
            sum: self.sum + o.sum,
            ge: std::array::from_fn(|k| self.ge[k] + o.ge[k]),
        }
    }
}

const CSV_HEAD: [&str; 11] = [
    "edition",
    "pool",
    "difficulty",
    "p_success",
    "p_botch",
    "mean",
    "p_ge_1",
    "p_ge_2",
    "p_ge_3",
    "p_ge_4",
    "p_ge_5",
];

/// The rows as `wodds odds --format csv` writes them (`se_success` when
/// sampled).
pub fn write_csv(out: &mut dyn io::Write, rows: &[&Row], mc: bool) -> io::Result<()> {
    let mut w = csv_writer(out);
    let mut head: Vec<&str> = CSV_HEAD.to_vec();
    if mc {
        head.push("se_success");
    }
    head.push("options");
    head.extend(Provenance::CSV_HEAD);
    w.write_record(&head)?;
    for r in rows {
        let mut record = vec![
            r.edition.clone(),
            r.pool.to_string(),
            r.difficulty.to_string(),
        ];
        record.extend(
            [
                r.p_success,
                r.p_botch,
                r.mean,
                r.p_ge_1,
                r.p_ge_2,
                r.p_ge_3,
                r.p_ge_4,
                r.p_ge_5,
            ]
            .map(|x| x.cell()),
        );
        if let Some(se) = r.se_success {
            record.push(se.cell());
        }
        record.push(r.options.clone());
        record.extend(r.provenance.csv());
        w.write_record(&record)?;
    }
    w.flush()
}
