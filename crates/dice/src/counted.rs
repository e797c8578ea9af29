//! The exact engine for rolls described by a face table or expressions:
//! the joint distribution of every count the outcome reads (success
//! weights, 1s, and 10s where an expression reads them), then each count
//! settled by the rules' expressions.
//!
//! Each die's outcome (its whole chain of re-rolls, at most as deep as the
//! face table allows) is worked out once; the pool is the convolution of
//! its dice over `(dice that failed, 1s, 10s, successes)`, a dense array
//! whose extents grow by a die's largest counts and whose highest slices
//! are dropped while their mass stays below the tail cutoff. Chains
//! without a bound are cut where the chance they are still going falls
//! below [`DIE_CUTOFF`]; every mass dropped is counted in
//! [`Distribution::truncation`], and stays below 1e-15.

use std::collections::BTreeMap;

use crate::distribution::{DIE_CUTOFF, Distribution, TAIL_CUTOFF};
use crate::spec::RollSpec;

/// One die's counts after its whole chain of re-rolls.
#[derive(Debug, Clone, Copy)]
struct DieCount {
    successes: usize,
    ones: usize,
    tens: usize,
    /// Its first face counted no success (rote rolls it again).
    failed: bool,
    p: f64,
}

/// Counts of a chain still rolling: (successes, ones, tens).
type Live = BTreeMap<(usize, usize, usize), f64>;

fn die_counts(spec: &RollSpec) -> (Vec<DieCount>, f64) {
    let tens = spec.reads_tens();
    let depth = spec.again_depth();
    let mut done: BTreeMap<(usize, usize, usize, bool), f64> = BTreeMap::new();
    let mut dropped = 0.0;
    for first in 1..=10u8 {
        let f = spec.face(first, false);
        let failed = f.successes == 0;
        let key = (
            usize::from(f.successes),
            usize::from(f.one),
            usize::from(tens && f.ten),
        );
        if !f.again {
            *done.entry((key.0, key.1, key.2, failed)).or_default() += 0.1;
            continue;
        }
        let mut live: Live = BTreeMap::from([(key, 0.1)]);
        // `round`: how many times over the dice now rolled were rolled again.
        let mut round = 1;
        while !live.is_empty() {
            let mass: f64 = live.values().sum();
            if mass < DIE_CUTOFF {
                dropped += mass;
                break;
            }
            let again_allowed = depth == 0 || round < depth;
            let mut next: Live = BTreeMap::new();
            for (&(s, o, t), &p) in &live {
                for face in 1..=10u8 {
                    let g = spec.face(face, true);
                    let k = (
                        s + usize::from(g.successes),
                        o + usize::from(g.one),
                        t + usize::from(tens && g.ten),
                    );
                    if g.again && again_allowed {
                        *next.entry(k).or_default() += p * 0.1;
                    } else {
                        *done.entry((k.0, k.1, k.2, failed)).or_default() += p * 0.1;
                    }
                }
            }
            live = next;
            round += 1;
        }
    }
    let outcomes = done
        .into_iter()
        .map(|((successes, ones, tens, failed), p)| DieCount {
            successes,
            ones,
            tens,
            failed,
            p,
        })
        .collect();
    (outcomes, dropped)
}

/// The pool's joint distribution over (dice that failed, 1s, 10s,
/// successes), each from 0.
struct Table {
    /// Extents: failed, ones, tens, successes.
    n: [usize; 4],
    p: Vec<f64>,
    dropped: f64,
}

impl Table {
    #[inline]
    fn idx(n: &[usize; 4], f: usize, o: usize, t: usize, s: usize) -> usize {
        ((f * n[1] + o) * n[2] + t) * n[3] + s
    }

    fn for_each(&self, mut visit: impl FnMut(usize, usize, usize, usize, f64)) {
        let n = &self.n;
        for f in 0..n[0] {
            for o in 0..n[1] {
                for t in 0..n[2] {
                    let row = Table::idx(n, f, o, t, 0);
                    for (s, &p) in self.p[row..row + n[3]].iter().enumerate() {
                        if p > 0.0 {
                            visit(f, o, t, s, p);
                        }
                    }
                }
            }
        }
    }

    /// Drops the highest values of each count while the mass dropped stays
    /// below a third of [`TAIL_CUTOFF`] for that count.
    fn trim(&mut self) {
        for axis in 1..4 {
            let mut mass_at = vec![0.0; self.n[axis]];
            let n = self.n;
            self.for_each(|f, o, t, s, p| {
                let at = [f, o, t, s][axis];
                mass_at[at] += p;
            });
            let (mut cut, mut mass) = (0, 0.0);
            while cut + 1 < n[axis] {
                let m = mass_at[n[axis] - 1 - cut];
                if mass + m >= TAIL_CUTOFF / 3.0 {
                    break;
                }
                mass += m;
                cut += 1;
            }
            if cut == 0 {
                continue;
            }
            let mut m = n;
            m[axis] -= cut;
            let mut p = vec![0.0; m.iter().product()];
            self.for_each(|f, o, t, s, q| {
                let at = [f, o, t, s];
                if at[axis] < m[axis] {
                    p[Table::idx(&m, f, o, t, s)] += q;
                }
            });
            self.n = m;
            self.p = p;
            self.dropped += mass;
        }
    }
}

fn pool_table(spec: &RollSpec) -> Table {
    pool_tables(spec, spec.dice() as usize, |_, _, _| {})
}

/// The pool's table of `dice` dice, its truncation counted in; on the
/// way, the table of 0, 1, ... `dice` dice handed to `each` with its count
/// and its truncation as it is built (one die convolved onto the last).
fn pool_tables(spec: &RollSpec, dice: usize, mut each: impl FnMut(usize, &Table, f64)) -> Table {
    let (die, die_dropped) = die_counts(spec);
    let rote = spec.rules().rote;
    let max = |f: fn(&DieCount) -> usize| die.iter().map(f).max().unwrap_or(0);
    let grow = [
        usize::from(rote),
        max(|d| d.ones),
        max(|d| d.tens),
        max(|d| d.successes),
    ];
    let mut t = Table {
        n: [1, 1, 1, 1],
        p: vec![1.0],
        dropped: 0.0,
    };
    // Each die lost at most `die_dropped`; `k` dice at most `k` times that.
    let dropped = |t: &Table, k: usize| t.dropped + die_dropped * k as f64;
    each(0, &t, dropped(&t, 0));
    for k in 1..=dice {
        let m: [usize; 4] = std::array::from_fn(|i| t.n[i] + grow[i]);
        let mut p = vec![0.0; m.iter().product()];
        t.for_each(|f, o, tt, s, q| {
            for d in &die {
                let f2 = f + usize::from(rote && d.failed);
                p[Table::idx(&m, f2, o + d.ones, tt + d.tens, s + d.successes)] += q * d.p;
            }
        });
        t = Table {
            n: m,
            p,
            dropped: t.dropped,
        };
        t.trim();
        each(k, &t, dropped(&t, k));
    }
    t.dropped = dropped(&t, dice);
    t
}

/// The exact distributions of a roll with 0, 1, ... `max` dice (not a
/// rote: [`exact_pools`](crate::exact::exact_pools) rolls those pool by
/// pool), as [`exact`] gives each, the dice convolved once for all.
pub(crate) fn exact_pools(spec: &RollSpec, max: i32) -> Vec<Distribution> {
    let mut out = vec![exact(&spec.with_pool(0))];
    pool_tables(&spec.with_pool(1), max as usize, |k, t, dropped| {
        if k > 0 {
            let spec = spec.with_pool(k as i32);
            let mut d = Distribution::empty(dropped);
            t.for_each(|_, o, tt, s, p| {
                d.add(spec.settle_counts(s as i64, o as i64, tt as i64), p);
            });
            out.push(d);
        }
    });
    out
}

/// The exact distribution of a roll with a face table or expressions.
pub(crate) fn exact(spec: &RollSpec) -> Distribution {
    let first = pool_table(spec);
    let mut out = Distribution::empty(first.dropped);
    let settle = |o: usize, t: usize, s: usize| spec.settle_counts(s as i64, o as i64, t as i64);
    if !spec.rules().rote {
        first.for_each(|_, o, t, s, p| out.add(settle(o, t, s), p));
        return out;
    }
    // Rote: the dice that failed are rolled again; keep the better result.
    let rerolls: Vec<Option<Distribution>> = (0..first.n[0])
        // Its own rules but rote: as custom as this roll, so this engine's.
        .map(|f| (f > 0).then(|| exact(&spec.reroll_of(f as u32))))
        .collect();
    out.truncation += rerolls.iter().flatten().map(|d| d.truncation).sum::<f64>();
    first.for_each(|failed, o, t, s, p| {
        let r1 = settle(o, t, s);
        match &rerolls[failed] {
            None => out.add(r1, p),
            Some(second) => {
                for (r2, q) in second.outcomes() {
                    out.add(r1.better(r2), p * q);
                }
            }
        }
    });
    out
}
