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
    /// A round from which every round moves the process the same way (the
    /// same throws, the last of a schedule repeating), or `None` if there
    /// is none or it is not known (the default). From there the exact
    /// solver may finish a settled tail in closed form.
    fn steady_from(&self) -> Option<usize> {
        None
    }
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

/// Most probability the exact solver drops in all, from states too
/// unlikely to matter; it is reported as `unfinished`, so every figure of a
/// timeline is within this of the figure of a solver that drops nothing.
pub const DROPPED_AT_MOST: f64 = 1e-15;

/// Most error allowed in any figure from finishing a settled tail in closed
/// form (beyond the rounding that following every round has too).
pub const SETTLED_ERROR_AT_MOST: f64 = 1e-13;

/// Rounds between tries at settling a steady tail.
const SETTLE_EVERY: usize = 64;

/// States remembered while working out a row, to add to without a look-up.
const RECENT: usize = 4;

/// Rounds of distinct throws whose transitions are kept at once.
const CACHED_TABLES: usize = 8;

/// Where the exact solver has got to, after each round.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SolveProgress {
    /// Rounds solved so far.
    pub rounds: usize,
    /// States the process may be in after them.
    pub states: usize,
    /// Probability the process is still going.
    pub going: f64,
}

/// The exact timeline of `p`, following it for at most `horizon` rounds (and
/// stopping earlier once the chance it is still going is below 1e-13, which
/// is then reported as `unfinished`).
///
/// States less likely than about [`DROPPED_AT_MOST`] / (horizon × states)
/// are dropped as it goes, at most [`DROPPED_AT_MOST`] in all, and counted
/// as `unfinished`: a long process whose tallies rarely climb (one die at
/// difficulty 10, say) then follows the few thousand states that matter,
/// not every tally up to the target.
///
/// Once the process moves the same way every round ([`Process::steady_from`])
/// it may settle: every state's probability changing each round by a
/// factor between λ_lo and λ_hi, measured on a round. The round `k` rounds
/// later then ends between λ_lo^k and λ_hi^k times what this round ended
/// (the chain's matrix is non-negative, so the bounds carry from round to
/// round). When they put the rest of the timeline, added up, within
/// [`SETTLED_ERROR_AT_MOST`] of the geometric tail with the measured
/// average factor, that tail is reported instead of stepping the remaining
/// rounds (what leaves the settled states counts against
/// [`DROPPED_AT_MOST`]). A process that hardly ever ends, such as a contest
/// of one die at difficulty 10 a side whose botches wipe a tally, settles
/// after a few thousand rounds; one that ends at a real rate mostly ends
/// (to 1e-13) before the bounds get that tight, and is stepped to the end.
pub fn solve<P: Process>(p: &P, horizon: usize) -> Timeline {
    solve_with(p, horizon, &mut |_| {})
}

/// [`solve`], calling `progress` after every round stepped, and once more
/// when a settled tail is filled in.
pub fn solve_with<P: Process>(
    p: &P,
    horizon: usize,
    progress: &mut dyn FnMut(SolveProgress),
) -> Timeline {
    let mut states = States::default();
    let start = states.intern(p.start());
    let mut mass = vec![0.0; 1];
    mass[start as usize] = 1.0;
    let mut active = vec![start];
    let mut next: Vec<f64> = Vec::new();
    let mut next_active: Vec<u32> = Vec::new();
    // Room to list every state (it only grows).
    let mut listed: Vec<u32> = Vec::new();
    let mut tables: Vec<Table> = Vec::new();
    let mut scratch = Vec::new();
    let mut t = Timeline {
        win: Vec::new(),
        lose: Vec::new(),
        unfinished: 0.0,
        trials: None,
    };
    // Each round may drop states whose probability adds up to this.
    let allowance = DROPPED_AT_MOST / horizon.max(1) as f64;
    let (mut going, mut dropped) = (1.0, 0.0);
    let steady = p.steady_from();
    // The probability of each state before the round, on rounds that try
    // to settle (0 elsewhere).
    let mut before: Vec<f64> = Vec::new();
    for round in 0..horizon {
        let table = Table::find(&mut tables, p.throws(round), round);
        for &i in &active {
            table.ensure_row(p, i, &mut states, &mut scratch);
        }
        let n = states.len();
        mass.resize(n, 0.0);
        next.resize(n, 0.0);
        if listed.len() < n {
            listed.resize(n, 0);
        }
        let settling = steady.is_some_and(|s| round >= s)
            && (round + 1) % SETTLE_EVERY == 0
            && round + 1 < horizon;
        if settling {
            before.resize(n, 0.0);
            for &i in &active {
                before[i as usize] = mass[i as usize];
            }
        }
        let (win, lose, count) = step(table, &active, &mut mass, &mut next, &mut listed);
        t.win.push(win);
        t.lose.push(lose);
        if settling {
            let tail = Settled::measure(&active, &before, &next, &listed[..count], win + lose);
            for &i in &active {
                before[i as usize] = 0.0;
            }
            let left = horizon - round - 1;
            if let Some(tail) = tail.filter(|s| s.holds(left, dropped)) {
                dropped += tail.leak;
                let going = tail.finish(&mut t, win, lose, left);
                progress(SolveProgress {
                    rounds: t.rounds(),
                    states: active.len(),
                    going,
                });
                // The tail's last round may take a little more than is
                // left, by rounding: never below 0 (nor -0).
                let unfinished = going + dropped;
                t.unfinished = if unfinished > 0.0 { unfinished } else { 0.0 };
                return t;
            }
        }
        next_active.clear();
        next_active.extend_from_slice(&listed[..count]);
        // Drop the states too unlikely to matter, within the allowance.
        let floor = allowance / next_active.len().max(1) as f64;
        going = 0.0;
        next_active.retain(|&j| {
            let m = next[j as usize];
            if m < floor {
                dropped += m;
                next[j as usize] = 0.0;
                false
            } else {
                going += m;
                true
            }
        });
        std::mem::swap(&mut mass, &mut next);
        std::mem::swap(&mut active, &mut next_active);
        progress(SolveProgress {
            rounds: round + 1,
            states: active.len(),
            going,
        });
        if going < NEGLIGIBLE {
            break;
        }
    }
    t.unfinished = going + dropped;
    t
}

/// A round after which the process has settled, measured: `before` each
/// state `i` of the set S it could be in had `v_i`, after it `y_i`.
#[derive(Debug, Clone, Copy)]
struct Settled {
    /// min and max over S of `y_i / v_i`.
    lo: f64,
    hi: f64,
    /// `Σ y_i / Σ v_i` over S: the factor the tail is extrapolated with.
    factor: f64,
    /// `Σ y_i` over S.
    going: f64,
    /// The probability that went to states outside S (dropped).
    leak: f64,
    /// The probability that the round ended (win or loss).
    ended: f64,
}

impl Settled {
    fn measure(
        active: &[u32],
        before: &[f64],
        after: &[f64],
        listed: &[u32],
        ended: f64,
    ) -> Option<Settled> {
        let (mut lo, mut hi, mut v, mut y) = (f64::INFINITY, 0.0f64, 0.0, 0.0);
        for &i in active {
            let (b, a) = (before[i as usize], after[i as usize]);
            if b <= 0.0 || a <= 0.0 {
                return None;
            }
            let r = a / b;
            lo = lo.min(r);
            hi = hi.max(r);
            v += b;
            y += a;
        }
        let leak = listed
            .iter()
            .filter(|&&j| before.get(j as usize).is_none_or(|&b| b == 0.0))
            .map(|&j| after[j as usize])
            .sum();
        Some(Settled {
            lo,
            hi,
            factor: y / v,
            going: y,
            leak,
            ended,
        })
    }

    /// Whether the bounds keep every figure of the next `left` rounds
    /// within [`SETTLED_ERROR_AT_MOST`], and all the probability dropped
    /// (`dropped` so far, this round's leak and at most the same shrinking
    /// leak every later round) within [`DROPPED_AT_MOST`].
    fn holds(&self, left: usize, dropped: f64) -> bool {
        // Round j on ends between lo^j and hi^j times `ended`, and so does
        // the extrapolation (lo <= factor <= hi): in all they differ by at
        // most (hi - lo) Σ_{j=1..left} j hi^(j-1) times `ended`.
        let k = left as f64;
        let weights = if self.hi < 1.0 {
            (k * (k + 1.0) / 2.0).min((1.0 - self.hi).powi(-2))
        } else {
            k * (k + 1.0) / 2.0 * self.hi.powf(k - 1.0)
        };
        let error = (self.hi - self.lo) * weights * self.ended;
        let leaks = self.leak * (1.0 + geometric(self.hi, left));
        error.is_finite()
            && leaks.is_finite()
            && error <= SETTLED_ERROR_AT_MOST
            && dropped + leaks <= DROPPED_AT_MOST
    }

    /// Appends the geometric tail of up to `left` rounds to `t`: round `k`
    /// on ends `factor^k` times this round's `win` and `lose`; stops, as
    /// stepping would, once less than 1e-13 is still going. Returns what is.
    fn finish(&self, t: &mut Timeline, win: f64, lose: f64, left: usize) -> f64 {
        let mut going = self.going;
        let mut f = 1.0;
        for _ in 0..left {
            if going < NEGLIGIBLE {
                break;
            }
            f *= self.factor;
            t.win.push(f * win);
            t.lose.push(f * lose);
            going -= f * self.ended;
        }
        going
    }
}

/// `Σ_{j=1..k} x^j` for `x >= 0`.
fn geometric(x: f64, k: usize) -> f64 {
    let d = x - 1.0;
    if d.abs() < 1e-300 {
        k as f64
    } else {
        x * (k as f64 * d.ln_1p()).exp_m1() / d
    }
}

/// One round: moves the probability of each `active` state along its row
/// of `table` into `next` (taking it out of `mass`), lists in `listed` each
/// state that gets some, and returns the chances of a win and of a loss
/// this round and how many states it listed.
fn step(
    table: &Table,
    active: &[u32],
    mass: &mut [f64],
    next: &mut [f64],
    listed: &mut [u32],
) -> (f64, f64, usize) {
    let (mut win, mut lose, mut count) = (0.0, 0.0, 0);
    for &i in active {
        let m = std::mem::take(&mut mass[i as usize]);
        let row = table.rows[i as usize];
        win += m * row.win;
        lose += m * row.lose;
        let (start, end) = (row.start as usize, (row.start + row.len) as usize);
        for (&j, &q) in table.targets[start..end]
            .iter()
            .zip(&table.probs[start..end])
        {
            // Only positive amounts are added, so a state is listed exactly
            // when its probability is above 0, and so at most once.
            let add = m * q;
            if add > 0.0 {
                let j = j as usize;
                if next[j] == 0.0 {
                    listed[count] = j as u32;
                    count += 1;
                }
                next[j] += add;
            }
        }
    }
    (win, lose, count)
}

/// The states met so far, numbered in the order met.
struct States<S> {
    index: BTreeMap<S, u32>,
    list: Vec<S>,
}

impl<S> Default for States<S> {
    fn default() -> Self {
        States {
            index: BTreeMap::new(),
            list: Vec::new(),
        }
    }
}

impl<S: Ord + Copy> States<S> {
    fn intern(&mut self, s: S) -> u32 {
        let n = self.list.len() as u32;
        *self.index.entry(s).or_insert_with(|| {
            self.list.push(s);
            n
        })
    }

    fn len(&self) -> usize {
        self.list.len()
    }
}

/// Where one state goes in a round of given throws: `len` entries of the
/// table's targets from `start` ([`NO_ROW`]: not worked out yet), and the
/// chances of a win and of a loss.
#[derive(Debug, Clone, Copy)]
struct Row {
    start: u32,
    len: u32,
    win: f64,
    lose: f64,
}

/// The `len` of a row not worked out yet.
const NO_ROW: u32 = u32::MAX;

impl Row {
    const NONE: Row = Row {
        start: 0,
        len: NO_ROW,
        win: 0.0,
        lose: 0.0,
    };
}

/// The transitions of one round's throws: every combination of their
/// outcomes with its chance, worked out once; and each state's row, worked
/// out the first time the state is met in such a round, the outcomes that
/// lead to the same state merged.
struct Table {
    throws: Vec<Throw>,
    /// The combinations, `throws.len()` rolls each.
    rolls: Vec<Roll>,
    /// The chance of each combination.
    chance: Vec<f64>,
    /// `rows[state]`: where it goes.
    rows: Vec<Row>,
    targets: Vec<u32>,
    probs: Vec<f64>,
    /// The last round it served.
    used: usize,
}

impl Table {
    /// The table of `throws`, from the cache or made (in place of the
    /// least recently used when the cache is full).
    fn find<'a>(tables: &'a mut Vec<Table>, throws: &[Throw], round: usize) -> &'a mut Table {
        let i = match tables.iter().position(|t| t.throws == throws) {
            Some(i) => i,
            None => {
                let table = Table::new(throws);
                if tables.len() < CACHED_TABLES {
                    tables.push(table);
                    tables.len() - 1
                } else {
                    let (i, _) = tables
                        .iter()
                        .enumerate()
                        .min_by_key(|(_, t)| t.used)
                        .expect("a full cache");
                    tables[i] = table;
                    i
                }
            }
        };
        tables[i].used = round;
        &mut tables[i]
    }

    fn new(throws: &[Throw]) -> Table {
        let mut rolls = Vec::new();
        let mut chance = Vec::new();
        let mut combo = Vec::with_capacity(throws.len());
        each_combination(throws, &mut combo, 1.0, &mut |r, q| {
            if q > 0.0 {
                rolls.extend_from_slice(r);
                chance.push(q);
            }
        });
        Table {
            throws: throws.to_vec(),
            rolls,
            chance,
            rows: Vec::new(),
            targets: Vec::new(),
            probs: Vec::new(),
            used: 0,
        }
    }

    /// Works out the row of state `i` unless it has one.
    fn ensure_row<P: Process>(
        &mut self,
        p: &P,
        i: u32,
        states: &mut States<P::State>,
        scratch: &mut Vec<(u32, f64)>,
    ) {
        let i = i as usize;
        if self.rows.len() <= i {
            self.rows.resize(states.len().max(i + 1), Row::NONE);
        }
        if self.rows[i].len != NO_ROW {
            return;
        }
        let state = states.list[i];
        self.build_row(p, i, state, states, scratch);
    }

    fn build_row<P: Process>(
        &mut self,
        p: &P,
        i: usize,
        state: P::State,
        states: &mut States<P::State>,
        scratch: &mut Vec<(u32, f64)>,
    ) {
        let k = self.throws.len();
        let (mut win, mut lose) = (0.0, 0.0);
        scratch.clear();
        // Most outcomes lead where one of the last few did (many
        // combinations of two groups' rolls, few margins): those are added
        // on the spot, without looking the state up again.
        let mut recent: [Option<(P::State, usize)>; RECENT] = [None; RECENT];
        let mut oldest = 0;
        for (c, &q) in self.chance.iter().enumerate() {
            match p.next(state, &self.rolls[c * k..(c + 1) * k]) {
                Next::Continue(s) => match recent.iter().flatten().find(|r| r.0 == s) {
                    Some(&(_, at)) => scratch[at].1 += q,
                    None => {
                        recent[oldest] = Some((s, scratch.len()));
                        oldest = (oldest + 1) % RECENT;
                        scratch.push((states.intern(s), q));
                    }
                },
                Next::Win => win += q,
                Next::Lose => lose += q,
            }
        }
        // Merge the outcomes that lead to one state (a stable sort keeps
        // the sums in the order of the combinations).
        scratch.sort_by_key(|&(j, _)| j);
        let start = self.targets.len() as u32;
        for &(j, q) in scratch.iter() {
            if self.targets.len() > start as usize && *self.targets.last().expect("one") == j {
                *self.probs.last_mut().expect("one") += q;
            } else {
                self.targets.push(j);
                self.probs.push(q);
            }
        }
        let len = self.targets.len() as u32 - start;
        self.rows[i] = Row {
            start,
            len,
            win,
            lose,
        };
    }
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

#[cfg(test)]
mod tests;
