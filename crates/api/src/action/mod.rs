//! Actions followed roll by roll (or round by round) to their end, solved
//! exactly or sampled, and summed up as `wodds action` reports them:
//! success, failure, how long it takes, and the chance of each by round
//! ([`follow`]); set up from their numbers by [`setup`] (extended, retry,
//! teamwork, contest, prolonged), the sides of a contest and the throws
//! of pools by [`side`]. The actions of one turn (several at once, one
//! roll against another) are [`once`]'s.

pub mod once;
pub mod setup;
pub mod side;

pub use setup::{
    MAX_TARGET, botch_words, check_count, contest, extended, prolonged, retry, teamwork, with,
};

use std::io;

use serde::Serialize;
use wodds_rules::RuleSet;
use wodds_sim::{Process, Timeline, simulate, solve_with};

use crate::cells::{Cell, csv_writer, tidy};
use crate::error::{Error, Result};
use crate::provenance::{Method, Provenance};

/// The longest action followed, in rolls or rounds.
pub const MAX_HORIZON: usize = 100_000;

/// The most rolls (or rounds) to follow an action for: `max` checked
/// against 1..=[`MAX_HORIZON`] (`name` says which value in the error), or
/// [`MAX_HORIZON`] when absent.
pub fn check_horizon(name: &str, max: Option<usize>) -> Result<usize> {
    match max {
        None => Ok(MAX_HORIZON),
        Some(m) if (1..=MAX_HORIZON).contains(&m) => Ok(m),
        Some(m) => Err(Error::new(format!(
            "{name} {m} is outside the allowed range 1..={MAX_HORIZON}"
        ))),
    }
}

/// How an action ended, summed up.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    /// The edition's id.
    pub edition: String,
    /// The action in words.
    pub action: String,
    /// The chance it succeeds.
    pub p_win: f64,
    /// The chance it fails.
    pub p_lose: f64,
    /// The chance it has not ended by the last roll followed.
    pub p_unfinished: f64,
    /// The standard error of `p_win` (sampled).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub se_win: Option<f64>,
    /// Mean rolls to the end (of those that end).
    pub mean_rounds: Option<f64>,
    /// Median rolls to the end.
    pub median_rounds: Option<usize>,
    /// The 90th percentile.
    pub p90_rounds: Option<usize>,
    /// Where it came from.
    #[serde(flatten)]
    pub provenance: Provenance,
}

/// One roll (or round) of the timeline.
#[derive(Debug, Clone, Serialize)]
pub struct RoundRow {
    /// The edition's id.
    pub edition: String,
    /// The roll, from 1.
    pub round: usize,
    /// The chance it succeeds at this roll.
    pub p_win: f64,
    /// The chance it fails at this roll.
    pub p_lose: f64,
    /// The chance it has succeeded by this roll.
    pub p_win_within: f64,
    /// The chance it has failed by this roll.
    pub p_lose_within: f64,
}

/// An action followed to its end.
#[derive(Debug, Clone)]
pub struct Followed {
    /// The summary.
    pub summary: Summary,
    /// Roll by roll.
    pub rounds: Vec<RoundRow>,
    /// The timeline they come from.
    pub timeline: Timeline,
}

/// How an action is followed.
#[derive(Debug, Clone, Copy)]
pub struct Follow {
    /// The most rolls followed (1..=[`MAX_HORIZON`]).
    pub horizon: usize,
    /// Exact or Monte Carlo.
    pub method: Method,
    /// Monte Carlo runs.
    pub trials: u64,
    /// Monte Carlo seed.
    pub seed: u64,
}

/// Follows `action` under `rules` to its end: solved exactly (`rounds` is
/// told of each roll solved) or sampled (`runs` of each batch of runs).
pub fn follow<P: Process>(
    rules: &RuleSet,
    what: &str,
    action: &P,
    how: Follow,
    runs: &(dyn Fn(u64) + Sync),
    rounds: &mut dyn FnMut(usize),
) -> Followed {
    let mc = how.method == Method::Mc;
    let t = if mc {
        // The Monte Carlo runs stop at the horizon, or at 10000 rounds
        // (the exact solver goes further only for tails).
        simulate(action, how.horizon.min(10_000), how.trials, how.seed, runs)
    } else {
        solve_with(action, how.horizon, &mut |p| rounds(p.rounds))
    };
    let summary = Summary {
        edition: rules.id.clone(),
        action: what.to_string(),
        p_win: tidy(t.p_win()),
        p_lose: tidy(t.p_lose()),
        p_unfinished: tidy(t.unfinished),
        se_win: mc.then(|| t.se(t.p_win())),
        mean_rounds: t.mean_rounds(),
        median_rounds: t.quantile_rounds(0.5),
        p90_rounds: t.quantile_rounds(0.9),
        provenance: Provenance::new(how.method, how.trials, how.seed, rules),
    };
    // Running sums, added in the order `Timeline::p_win_within` adds them
    // (so the same figures to the bit), in one pass rather than a sum per
    // row: 100,000 rounds were 5e9 additions.
    let (mut won, mut lost) = (-0.0, -0.0);
    let rows = (0..t.rounds())
        .map(|k| {
            won += t.win[k];
            lost += t.lose[k];
            RoundRow {
                edition: rules.id.clone(),
                round: k + 1,
                p_win: tidy(t.win[k]),
                p_lose: tidy(t.lose[k]),
                p_win_within: tidy(won),
                p_lose_within: tidy((won + lost) - won),
            }
        })
        .collect();
    Followed {
        summary,
        rounds: rows,
        timeline: t,
    }
}

/// The rows as `wodds action ... --format csv` writes them; `unit` names
/// the round column (`roll`, `try`, `round`).
pub fn write_csv(out: &mut dyn io::Write, unit: &str, f: &Followed) -> io::Result<()> {
    let mut w = csv_writer(out);
    let mut head = vec![
        "edition",
        unit,
        "p_win",
        "p_lose",
        "p_win_within",
        "p_lose_within",
    ];
    head.extend(Provenance::CSV_HEAD);
    w.write_record(&head)?;
    for r in &f.rounds {
        let mut record = vec![r.edition.clone(), r.round.to_string()];
        record.extend([r.p_win, r.p_lose, r.p_win_within, r.p_lose_within].map(|x| x.cell()));
        record.extend(f.summary.provenance.csv());
        w.write_record(&record)?;
    }
    w.flush()
}
