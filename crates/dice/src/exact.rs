//! The exact engine: the distribution of a roll's result by enumeration.
//!
//! Each die's outcome (its whole chain of re-rolls under N-again) is worked
//! out once, then the pool is the convolution of its dice over
//! `(net successes, any success, any 1, dice that failed)`. Re-roll chains
//! are cut where the probability still rolling falls below
//! [`DIE_CUTOFF`]; the mass cut off is tracked and reported by
//! [`Distribution::truncation`], always below 1e-15. A roll described by a
//! face table or expressions goes to the engine of `counted.rs`, which
//! follows every count its outcome reads.

use crate::distribution::{DIE_CUTOFF, Distribution, TAIL_CUTOFF};
use crate::spec::{Ones, RollSpec};

/// The exact distribution of `spec`'s result.
///
/// ```
/// use wodds_dice::{exact, RollRules, RollSpec};
/// // Revised: 5 dice at difficulty 6 botch with 0.5^5 - 0.4^5.
/// let d = exact(&RollSpec::new(5, RollRules::classic(6)).unwrap());
/// assert!((d.p_botch() - 0.02101).abs() < 1e-12);
/// ```
pub fn exact(spec: &RollSpec) -> Distribution {
    if spec.is_custom() {
        return crate::counted::exact(spec);
    }
    let first = pool_table(spec);
    let mut out = Distribution::empty(first.dropped);
    if !spec.rules().rote {
        first.settle_into(spec, &mut out);
        return out;
    }
    // Rote: the dice that failed are rolled again; keep the better result.
    let rerolls: Vec<Distribution> = (0..first.nf)
        .map(|f| {
            if f == 0 {
                Distribution::empty(0.0)
            } else {
                exact(&spec.reroll_of(f as u32))
            }
        })
        .collect();
    out.truncation += rerolls.iter().map(|d| d.truncation).sum::<f64>();
    first.for_each(|failed, net, success, one, p| {
        let r1 = spec.settle(net, success, one);
        let second = &rerolls[failed];
        if failed == 0 {
            out.add(r1, p);
            return;
        }
        for (r2, q) in second.outcomes() {
            out.add(r1.better(r2), p * q);
        }
    });
    out
}

/// One die's possible outcomes after its whole re-roll chain.
#[derive(Debug, Clone, Copy)]
struct DieOutcome {
    /// Successes less a cancelling 1.
    net: i32,
    /// Flags: bit 0 any success, bit 1 a 1 showed.
    flags: usize,
    /// The first face did not succeed (rote re-rolls it).
    failed: bool,
    p: f64,
}

fn die_outcomes(spec: &RollSpec) -> (Vec<DieOutcome>, f64) {
    let cancel = spec.rules().ones == Ones::Cancel;
    let mut outcomes: Vec<DieOutcome> = Vec::new();
    let mut push = |o: DieOutcome| match outcomes
        .iter_mut()
        .find(|x| x.net == o.net && x.flags == o.flags && x.failed == o.failed)
    {
        Some(x) => x.p += o.p,
        None => outcomes.push(o),
    };
    let mut dropped = 0.0;
    for first in 1..=10u8 {
        let f = spec.face(first, false);
        let failed = f.successes == 0;
        // `live[s]`: chance the chain is still rolling with `s` successes so far.
        let mut live = vec![0.0; f.successes as usize + 1];
        let terminal = |s: usize, one: bool, p: f64| DieOutcome {
            net: s as i32 - i32::from(cancel && one),
            flags: usize::from(s > 0) | (usize::from(one) << 1),
            failed,
            p,
        };
        if !f.again {
            push(terminal(f.successes as usize, f.one, 0.1));
            continue;
        }
        live[f.successes as usize] = 0.1;
        loop {
            let mass: f64 = live.iter().sum();
            if mass < DIE_CUTOFF {
                dropped += mass;
                break;
            }
            let mut next = vec![0.0; live.len() + 2];
            for (s, &p) in live.iter().enumerate().filter(|(_, p)| **p > 0.0) {
                for face in 1..=10u8 {
                    let g = spec.face(face, true);
                    let s2 = s + g.successes as usize;
                    if g.again {
                        next[s2] += p * 0.1;
                    } else {
                        push(terminal(s2, g.one, p * 0.1));
                    }
                }
            }
            live = next;
        }
    }
    (outcomes, dropped)
}

/// The pool's joint distribution over (dice that failed, flags, net).
struct PoolTable {
    vmin: i32,
    nv: usize,
    /// Number of `failed` counts tracked (1 unless rote).
    nf: usize,
    p: Vec<f64>,
    dropped: f64,
}

impl PoolTable {
    fn idx(&self, failed: usize, flags: usize, v: i32) -> usize {
        (failed * 4 + flags) * self.nv + (v - self.vmin) as usize
    }

    fn for_each(&self, mut f: impl FnMut(usize, i64, bool, bool, f64)) {
        for failed in 0..self.nf {
            for flags in 0..4 {
                for v in 0..self.nv {
                    let p = self.p[(failed * 4 + flags) * self.nv + v];
                    if p > 0.0 {
                        let net = v as i64 + self.vmin as i64;
                        f(failed, net, flags & 1 != 0, flags & 2 != 0, p);
                    }
                }
            }
        }
    }

    fn settle_into(&self, spec: &RollSpec, out: &mut Distribution) {
        self.for_each(|_, net, s, o, p| out.add(spec.settle(net, s, o), p));
    }

    /// Drops the highest net values while their total mass stays below
    /// [`TAIL_CUTOFF`].
    fn trim(&mut self) {
        let column = |t: &PoolTable, v: usize| -> f64 {
            (0..t.nf * 4).map(|k| t.p[k * t.nv + v]).sum::<f64>()
        };
        let mut cut = 0;
        let mut mass = 0.0;
        while cut + 1 < self.nv {
            let m = column(self, self.nv - 1 - cut);
            if mass + m >= TAIL_CUTOFF {
                break;
            }
            mass += m;
            cut += 1;
        }
        if cut == 0 {
            return;
        }
        let nv = self.nv - cut;
        let mut p = vec![0.0; self.nf * 4 * nv];
        for k in 0..self.nf * 4 {
            p[k * nv..(k + 1) * nv].copy_from_slice(&self.p[k * self.nv..k * self.nv + nv]);
        }
        self.p = p;
        self.nv = nv;
        self.dropped += mass;
    }
}

fn pool_table(spec: &RollSpec) -> PoolTable {
    pool_tables(spec, spec.dice() as usize, |_, _, _| {})
}

/// The pool's table of `dice` dice of `spec`'s faces, its truncation
/// counted in; on the way, the table of 0, 1, ... `dice` dice handed to
/// `each` with its count and its truncation as it is built (one die
/// convolved onto the last).
fn pool_tables(
    spec: &RollSpec,
    dice: usize,
    mut each: impl FnMut(usize, &PoolTable, f64),
) -> PoolTable {
    let (die, die_dropped) = die_outcomes(spec);
    let rote = spec.rules().rote;
    let dmin = die.iter().map(|o| o.net).min().unwrap_or(0);
    let dmax = die.iter().map(|o| o.net).max().unwrap_or(0);
    let mut t = PoolTable {
        vmin: 0,
        nv: 1,
        nf: 1,
        // Before any die: certainly (failed 0, flags 0, net 0), index 0.
        p: vec![1.0, 0.0, 0.0, 0.0],
        dropped: 0.0,
    };
    // Each die lost at most `die_dropped`; `k` dice at most `k` times that.
    let dropped = |t: &PoolTable, k: usize| t.dropped + die_dropped * k as f64;
    each(0, &t, dropped(&t, 0));
    for k in 1..=dice {
        let nf = if rote { t.nf + 1 } else { 1 };
        let mut n = PoolTable {
            vmin: t.vmin + dmin,
            nv: t.nv + (dmax - dmin) as usize,
            nf,
            p: Vec::new(),
            dropped: t.dropped,
        };
        n.p = vec![0.0; nf * 4 * n.nv];
        for failed in 0..t.nf {
            for flags in 0..4 {
                for v in 0..t.nv {
                    let p = t.p[(failed * 4 + flags) * t.nv + v];
                    if p == 0.0 {
                        continue;
                    }
                    let net = v as i32 + t.vmin;
                    for o in &die {
                        let f2 = if rote {
                            failed + usize::from(o.failed)
                        } else {
                            0
                        };
                        let i = n.idx(f2, flags | o.flags, net + o.net);
                        n.p[i] += p * o.p;
                    }
                }
            }
        }
        n.trim();
        t = n;
        each(k, &t, dropped(&t, k));
    }
    t.dropped = dropped(&t, dice);
    t
}

/// The exact distributions of `spec`'s roll with 0, 1, ... `max` dice, as
/// [`exact`] gives each, with the dice convolved once for all of them
/// rather than from the first die for each (the same steps, so the same
/// numbers to the bit). A rote roll is worked out pool by pool.
pub fn exact_pools(spec: &RollSpec, max: i32) -> Vec<Distribution> {
    let max = max.max(0);
    if spec.rules().rote {
        return (0..=max).map(|p| exact(&spec.with_pool(p))).collect();
    }
    if spec.is_custom() {
        return crate::counted::exact_pools(spec, max);
    }
    let mut out = vec![exact(&spec.with_pool(0))];
    pool_tables(&spec.with_pool(1), max as usize, |k, t, dropped| {
        if k > 0 {
            let mut d = Distribution::empty(dropped);
            t.settle_into(&spec.with_pool(k as i32), &mut d);
            out.push(d);
        }
    });
    out
}
