//! Multi-roll processes: a state that each round's rolls move on until one
//! side wins or loses. One transition function serves both the exact
//! solver (every combination of outcomes, weighted) and the Monte Carlo
//! runner (sampled rolls), so the two cannot drift apart.

use std::collections::BTreeMap;

use rand_core::Rng;
use rayon::prelude::*;
use wodds_dice::{D10, Roll, stream};

use crate::throw::Throw;

/// Where a round leaves a process.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next<S> {
    /// Still going, in this state.
    Continue(S),
    /// Side A (or the lone actor) won.
    Win,
    /// Side A lost (failed, or side B won).
    Lose,
}

/// A multi-roll process.
pub trait Process: Sync {
    /// What is remembered between rounds.
    type State: Copy + Ord + Send;
    /// The state before the first round.
    fn start(&self) -> Self::State;
    /// The throws of round `round` (0-based), one per side, in side order.
    fn throws(&self, round: usize) -> &[Throw];
    /// Where `state` goes when the round's throws came out as `rolls`.
    fn next(&self, state: Self::State, rolls: &[Roll]) -> Next<Self::State>;
}

/// How a process ended, round by round.
#[derive(Debug, Clone, PartialEq)]
pub struct Timeline {
    /// `win[k]`: probability (or share of trials) of a win at round `k + 1`.
    pub win: Vec<f64>,
    /// `lose[k]`: the same for a loss.
    pub lose: Vec<f64>,
    /// Still going after the last round considered.
    pub unfinished: f64,
    /// Monte Carlo trials behind the figures (`None`: exact).
    pub trials: Option<u64>,
}

impl Timeline {
    /// Probability of a win.
    pub fn p_win(&self) -> f64 {
        // Shares summed in floating point may pass 1 by a rounding error.
        self.win.iter().sum::<f64>().min(1.0)
    }

    /// Probability of a loss.
    pub fn p_lose(&self) -> f64 {
        self.lose.iter().sum::<f64>().min(1.0)
    }

    /// Probability of a win within `k` rounds.
    pub fn p_win_within(&self, k: usize) -> f64 {
        self.win.iter().take(k).sum()
    }

    /// Probability the process has ended (either way) within `k` rounds.
    pub fn p_ended_within(&self, k: usize) -> f64 {
        self.p_win_within(k) + self.lose.iter().take(k).sum::<f64>()
    }

    /// Mean rounds to the end, over the runs that ended; `None` if none did.
    pub fn mean_rounds(&self) -> Option<f64> {
        let ended = self.p_win() + self.p_lose();
        (ended > 0.0).then(|| {
            (0..self.rounds())
                .map(|k| (k + 1) as f64 * (self.win[k] + self.lose[k]))
                .sum::<f64>()
                / ended
        })
    }

    /// The smallest number of rounds by which a share `q` of all runs had
    /// ended; `None` if that many never end within the rounds considered.
    pub fn quantile_rounds(&self, q: f64) -> Option<usize> {
        let mut acc = 0.0;
        for k in 0..self.rounds() {
            acc += self.win[k] + self.lose[k];
            if acc >= q - 1e-12 {
                return Some(k + 1);
            }
        }
        None
    }

    /// Rounds considered.
    pub fn rounds(&self) -> usize {
        self.win.len()
    }

    /// Standard error of a share `p` estimated from the trials (0 if exact).
    pub fn se(&self, p: f64) -> f64 {
        let p = p.clamp(0.0, 1.0);
        self.trials
            .map_or(0.0, |n| (p * (1.0 - p) / n as f64).sqrt())
    }
}

/// Probability mass below which the exact solver stops following a process.
const NEGLIGIBLE: f64 = 1e-13;

/// The exact timeline of `p`, following it for at most `horizon` rounds (and
/// stopping earlier once the chance it is still going is below 1e-13, which
/// is then reported as `unfinished`).
pub fn solve<P: Process>(p: &P, horizon: usize) -> Timeline {
    let mut states: BTreeMap<P::State, f64> = BTreeMap::from([(p.start(), 1.0)]);
    let mut t = Timeline {
        win: Vec::new(),
        lose: Vec::new(),
        unfinished: 0.0,
        trials: None,
    };
    let mut rolls = Vec::new();
    for round in 0..horizon {
        let throws = p.throws(round);
        let (mut win, mut lose) = (0.0, 0.0);
        let mut next: BTreeMap<P::State, f64> = BTreeMap::new();
        for (&state, &mass) in &states {
            each_combination(
                throws,
                &mut rolls,
                mass,
                &mut |rolls, q| match p.next(state, rolls) {
                    Next::Continue(s) => *next.entry(s).or_insert(0.0) += q,
                    Next::Win => win += q,
                    Next::Lose => lose += q,
                },
            );
        }
        t.win.push(win);
        t.lose.push(lose);
        states = next;
        if states.values().sum::<f64>() < NEGLIGIBLE {
            break;
        }
    }
    t.unfinished = states.values().sum();
    t
}

/// Calls `f` with every combination of the throws' outcomes and its
/// probability times `mass`.
fn each_combination(
    throws: &[Throw],
    rolls: &mut Vec<Roll>,
    mass: f64,
    f: &mut dyn FnMut(&[Roll], f64),
) {
    if rolls.len() == throws.len() {
        f(rolls, mass);
        return;
    }
    let throw = &throws[rolls.len()];
    for (roll, p) in throw.distribution().outcomes() {
        rolls.push(roll);
        each_combination(throws, rolls, mass * p, f);
        rolls.pop();
    }
}

/// Trials per batch: batch `i` always draws from stream (seed, i), so the
/// result does not depend on the thread count.
pub const BATCH: u64 = 10_000;

/// The Monte Carlo timeline of `p` from `trials` runs of at most `horizon`
/// rounds, seeded by `seed`; `progress` is called with each finished batch's
/// trial count.
pub fn simulate<P: Process>(
    p: &P,
    horizon: usize,
    trials: u64,
    seed: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> Timeline {
    let batches = trials.div_ceil(BATCH);
    let counts: Vec<(Vec<u64>, Vec<u64>, u64)> = (0..batches)
        .into_par_iter()
        .map(|b| {
            let n = BATCH.min(trials - b * BATCH);
            let mut dice = D10::new(stream(seed, &[b]));
            let counts = run_batch(p, horizon, n, &mut dice);
            progress(n);
            counts
        })
        .collect();
    let mut win = vec![0u64; horizon];
    let mut lose = vec![0u64; horizon];
    let mut unfinished = 0;
    for (w, l, u) in counts {
        for k in 0..horizon {
            win[k] += w[k];
            lose[k] += l[k];
        }
        unfinished += u;
    }
    // Trim the rounds no trial reached.
    let last = (0..horizon)
        .rposition(|k| win[k] + lose[k] > 0)
        .map_or(0, |k| k + 1);
    let n = trials as f64;
    Timeline {
        win: win[..last].iter().map(|&c| c as f64 / n).collect(),
        lose: lose[..last].iter().map(|&c| c as f64 / n).collect(),
        unfinished: unfinished as f64 / n,
        trials: Some(trials),
    }
}

fn run_batch<P: Process, R: Rng>(
    p: &P,
    horizon: usize,
    n: u64,
    dice: &mut D10<R>,
) -> (Vec<u64>, Vec<u64>, u64) {
    let mut win = vec![0u64; horizon];
    let mut lose = vec![0u64; horizon];
    let mut unfinished = 0;
    let mut rolls = Vec::new();
    for _ in 0..n {
        let mut state = p.start();
        let mut ended = false;
        for round in 0..horizon {
            rolls.clear();
            rolls.extend(p.throws(round).iter().map(|t| t.sample(dice)));
            match p.next(state, &rolls) {
                Next::Continue(s) => state = s,
                Next::Win => {
                    win[round] += 1;
                    ended = true;
                    break;
                }
                Next::Lose => {
                    lose[round] += 1;
                    ended = true;
                    break;
                }
            }
        }
        unfinished += u64::from(!ended);
    }
    (win, lose, unfinished)
}
