//! Two rule sets' conflicts played on the same random numbers: what a
//! house rule changes, measured with common random numbers.
//!
//! Conflict `t` of a paired run is played once under each rule set, every
//! random call of it from a stream of its own, keyed by the conflict and
//! where in it the call is made (round, acting member, the call's place in
//! the action), drawn by the coupled sampler
//! ([`Sampling::Coupled`](super::Sampling::Coupled)): a roll the rule does
//! not touch draws the same outcome under both, one it touches a
//! neighbouring outcome, so most of the luck is shared and cancels in the
//! difference. The difference's interval is worked out from
//! the conflicts' paired differences (for a chance, how often the event
//! happened under one rule set and not the other), so it is as narrow as
//! the rules are alike; [`Paired::independent_half`] says how wide two
//! independent runs of the same size would have made it. Keyed streams
//! keep the pairing action by action however many draws one rule set's
//! earlier actions took (a hit under one and a miss under the other, a
//! member down under one and acting under the other), and each rule set's
//! conflicts alone are still drawn exactly from the sampler's
//! distributions (no two calls share a stream), so the interval stays
//! honest; the runs' tallies hold integers, so the result is the same
//! whatever the thread count.

use rayon::prelude::*;
use wodds_dice::{D10, Xoshiro256PlusPlus, key_of, stream};

use super::runner::Engine;
use super::shard::BATCH;
use super::summary::{Figure, Z95};
use super::tally::{ENDS, End, Fight, Tally};

/// How often an event happened under one rule set of a pair and not the
/// other.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Discord {
    /// Conflicts where it happened under the first (the base) only.
    pub a_only: u64,
    /// Conflicts where it happened under the second (the rule) only.
    pub b_only: u64,
}

impl Discord {
    fn push(&mut self, a: bool, b: bool) {
        self.a_only += u64::from(a && !b);
        self.b_only += u64::from(b && !a);
    }

    fn merge(&mut self, o: &Discord) {
        self.a_only += o.a_only;
        self.b_only += o.b_only;
    }
}

/// A paired run's counts: each rule set's tally, and how their conflicts
/// differed conflict by conflict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paired {
    /// The first rule set's (the base's) conflicts.
    pub a: Tally,
    /// The second's (the rule's), on the same random numbers.
    pub b: Tally,
    /// Per side: conflicts it won under one rule set only.
    pub wins: Vec<Discord>,
    /// Per way of ending, in [`End::ALL`] order.
    pub ends: [Discord; ENDS],
    /// Rounds under the second less rounds under the first, summed.
    pub rounds_diff: i64,
    /// The same difference squared, summed.
    pub rounds_diff_sq: u64,
}

impl Paired {
    fn new(a: &impl Engine, b: &impl Engine) -> Paired {
        let (fa, fb) = (a.frame(), b.frame());
        Paired {
            a: Tally::new(fa.sides, fa.max_rounds),
            b: Tally::new(fb.sides, fb.max_rounds),
            wins: vec![Discord::default(); fa.sides.max(fb.sides)],
            ends: [Discord::default(); ENDS],
            rounds_diff: 0,
            rounds_diff_sq: 0,
        }
    }

    fn push(&mut self, a: &Fight, b: &Fight) {
        self.a.push(a);
        self.b.push(b);
        for (s, d) in self.wins.iter_mut().enumerate() {
            d.push(a.winner == Some(s), b.winner == Some(s));
        }
        for (d, &e) in self.ends.iter_mut().zip(&End::ALL) {
            d.push(a.end == e, b.end == e);
        }
        let diff = i64::from(b.rounds) - i64::from(a.rounds);
        self.rounds_diff += diff;
        self.rounds_diff_sq += diff.unsigned_abs().pow(2);
    }

    fn merge(&mut self, o: &Paired) {
        self.a.merge(&o.a);
        self.b.merge(&o.b);
        for (x, y) in self.wins.iter_mut().zip(&o.wins) {
            x.merge(y);
        }
        for (x, y) in self.ends.iter_mut().zip(&o.ends) {
            x.merge(y);
        }
        self.rounds_diff += o.rounds_diff;
        self.rounds_diff_sq += o.rounds_diff_sq;
    }

    /// Conflicts played under each rule set.
    pub fn fights(&self) -> u64 {
        self.a.fights
    }

    /// The change (second less first) in the chance of an event that
    /// happened as `d` says, with its 95% interval from the paired
    /// differences (normal, their variance from the discordant counts).
    pub fn change(&self, d: Discord) -> Figure {
        let n = self.fights() as f64;
        if n == 0.0 {
            return Figure::exact(0.0);
        }
        let mean = (d.b_only as f64 - d.a_only as f64) / n;
        let second = (d.a_only + d.b_only) as f64 / n;
        let half = Z95 * ((second - mean * mean).max(0.0) / n).sqrt();
        Figure {
            value: mean,
            low: (mean - half).max(-1.0),
            high: (mean + half).min(1.0),
        }
    }

    /// The change in side `side`'s chance to win.
    pub fn win_change(&self, side: usize) -> Figure {
        self.change(self.wins[side])
    }

    /// The change in the chance of ending as `end`.
    pub fn end_change(&self, end: End) -> Figure {
        let i = End::ALL.iter().position(|&e| e == end).expect("listed");
        self.change(self.ends[i])
    }

    /// The change in the mean rounds a conflict lasts.
    pub fn rounds_change(&self) -> Figure {
        let n = self.fights();
        Figure::mean(n, self.rounds_diff as f64, self.rounds_diff_sq as f64)
            .unwrap_or(Figure::exact(0.0))
    }

    /// The half width of the 95% interval two independent runs of as many
    /// conflicts would give the change in the mean rounds:
    /// `z sqrt(var_a / n + var_b / n)`, each rule set's variance of rounds
    /// from its own tally.
    pub fn independent_rounds_half(&self) -> f64 {
        let n = self.fights() as f64;
        if n == 0.0 {
            return 0.0;
        }
        let var = |t: &Tally| {
            let (mut s, mut s2) = (0.0, 0.0);
            for (r, &c) in t.rounds.iter().enumerate() {
                let (r, c) = (r as f64, c as f64);
                s += r * c;
                s2 += r * r * c;
            }
            let mean = s / n;
            (s2 / n - mean * mean).max(0.0) / n
        };
        Z95 * (var(&self.a) + var(&self.b)).sqrt()
    }

    /// The half width of the 95% interval two independent runs of as many
    /// conflicts would give the change in the chance of an event that
    /// happened `a` times under the first rule set and `b` times under the
    /// second: `z sqrt(pa (1 - pa) / n + pb (1 - pb) / n)`.
    pub fn independent_half(&self, a: u64, b: u64) -> f64 {
        let n = self.fights() as f64;
        if n == 0.0 {
            return 0.0;
        }
        let var = |k: u64| {
            let p = k as f64 / n;
            p * (1.0 - p) / n
        };
        Z95 * (var(a) + var(b)).sqrt()
    }
}

/// Plays `trials` conflicts of `a` and of `b`, each random call of
/// conflict `t` with key `k` (round, mark, visit, count: where in the
/// conflict the call is made) from the stream (seed, `t`, `k`)
/// ([`Engine::fight_keyed`]), in batches of [`BATCH`] on rayon. Compile both engines with the same
/// sampler, [`Sampling::Coupled`](super::Sampling::Coupled) or
/// [`Sampling::PerDie`](super::Sampling::PerDie): the pairing is as good
/// as the same random numbers draw the same outcomes. `progress` is told
/// each finished batch's size.
pub fn run_paired<A: Engine, B: Engine>(
    a: &A,
    b: &B,
    trials: u64,
    seed: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> Paired {
    let key = key_of("paired");
    (0..trials.div_ceil(BATCH))
        .into_par_iter()
        .map(|batch| {
            let first = batch * BATCH;
            let n = BATCH.min(trials - first);
            let mut paired = Paired::new(a, b);
            let mut dice = D10::new(stream(seed, &[key, first]));
            for t in first..first + n {
                let keys = |k: &[u64; 4]| call(seed, key, t, k);
                let fa = a.fight_keyed(&mut dice, &keys);
                let fb = b.fight_keyed(&mut dice, &keys);
                paired.push(&fa, &fb);
            }
            progress(n);
            paired
        })
        .reduce(
            || Paired::new(a, b),
            |mut x, y| {
                x.merge(&y);
                x
            },
        )
}

/// The stream of the call keyed `k` in conflict `t` of a paired run.
#[inline]
fn call(seed: u64, key: u64, t: u64, k: &[u64; 4]) -> Xoshiro256PlusPlus {
    stream(seed, &[key, t, k[0], k[1], k[2], k[3]])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conflict::{EditionEngine, Sampling, Scenario};

    fn duel(strength_b: u8) -> Scenario {
        let text = format!(
            r#"
name = "Duel"
kind = "combat"
editions = ["revised"]
[[side]]
name = "Ann"
[[side.member]]
name = "Ann"
kind = "mortal"
[[side]]
name = "Bea"
[[side.member]]
name = "Bea"
kind = "mortal"
traits = {{ strength = {strength_b} }}
"#
        );
        Scenario::parse("duel.toml", &text, None).unwrap()
    }

    /// The same rules on both sides of the pair: every conflict is played
    /// the same way twice, so nothing differs and the interval is a point.
    #[test]
    fn a_rule_set_against_itself_changes_nothing() {
        let s = duel(2);
        let e = EditionEngine::new(&s, &s.editions[0], Sampling::Coupled).unwrap();
        let p = run_paired(&e, &e, 3_000, 5, &|_| {});
        assert_eq!(p.a, p.b);
        assert!(p.wins.iter().all(|d| *d == Discord::default()));
        let c = p.win_change(0);
        assert_eq!((c.value, c.low, c.high), (0.0, 0.0, 0.0));
        assert_eq!(p.rounds_diff_sq, 0);
    }

    /// Each side of a pair is its engine's fights from the keyed streams,
    /// one by one, whatever sampler buffer they reuse.
    #[test]
    fn each_side_is_its_engines_fights_from_the_streams() {
        let (sa, sb) = (duel(2), duel(3));
        let a = EditionEngine::new(&sa, &sa.editions[0], Sampling::Coupled).unwrap();
        let b = EditionEngine::new(&sb, &sb.editions[0], Sampling::Coupled).unwrap();
        let trials = BATCH + 77;
        let p = run_paired(&a, &b, trials, 9, &|_| {});
        let key = key_of("paired");
        let mut ta = Tally::new(2, a.frame().max_rounds);
        let mut tb = Tally::new(2, b.frame().max_rounds);
        for t in 0..trials {
            let keys = |k: &[u64; 4]| call(9, key, t, k);
            ta.push(&a.fight_keyed(&mut D10::new(stream(1, &[])), &keys));
            tb.push(&b.fight_keyed(&mut D10::new(stream(2, &[])), &keys));
        }
        assert_eq!((p.a.clone(), p.b.clone()), (ta, tb));
        assert_eq!(p.fights(), trials);
    }
}
