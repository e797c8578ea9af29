//! Holding estimates to each other and to exact values: within 4.5
//! standard errors, for the tests that check a few cases by hand and the
//! property tests that check many drawn at random.

#![allow(dead_code)]

use proptest::prelude::*;
use wodds_sim::conflict::{self, EditionEngine, End, Limit, Sampling, Scenario, Tally};

/// Standard errors an estimate may stray from another or the exact value.
pub const BOUND: f64 = 4.5;
/// Conflicts' worth two estimates may differ by besides (see [`agree`]).
pub const SLACK: f64 = 3.0;
/// Conflicts each sampler plays a random case.
pub const FIGHTS: u64 = 3000;
/// The round limit of every random case.
pub const MAX_ROUNDS: u32 = 30;

/// `k` of `n` conflicts against an exact chance `p`: within [`BOUND`]
/// standard errors of the binomial, give or take [`SLACK`] conflicts (an
/// end rarer than one in 10^4 is counted, not normal: one or two of them
/// in 20,000 must not read as a disagreement).
pub fn share(what: &str, k: u64, n: u64, p: f64) {
    let n = n as f64;
    let se = (p * (1.0 - p) / n).sqrt();
    let got = k as f64 / n;
    assert!(
        (got - p).abs() <= BOUND * se + SLACK / n + 1e-9,
        "{what}: {got} against exactly {p} ({:.1} standard errors)",
        (got - p).abs() / se
    );
}

/// Each side's share of wins, the share of each way the scenario's
/// conflicts end ([`Scenario::ends`], draws last), and the mean and
/// variance of the rounds, from a tally.
pub struct Shares {
    pub n: f64,
    pub p: Vec<f64>,
    pub mean: f64,
    pub var: f64,
}

fn index(e: End) -> usize {
    End::ALL.iter().position(|&x| x == e).unwrap()
}

pub fn shares(s: &Scenario, t: &Tally) -> Shares {
    let n = t.fights as f64;
    let mut p: Vec<f64> = t.wins.iter().map(|&w| w as f64 / n).collect();
    p.extend(s.ends().iter().map(|&e| t.ends[index(e)] as f64 / n));
    let mean = t.mean_rounds().unwrap();
    let var = t
        .rounds
        .iter()
        .enumerate()
        .map(|(r, &c)| c as f64 * (r as f64 - mean).powi(2))
        .sum::<f64>()
        / n;
    Shares { n, p, mean, var }
}

/// `a` and `b` agree within [`BOUND`] standard errors of the difference
/// (two estimates) or of `a` (when `b` is exact, `vb` 0), give or take
/// [`SLACK`] conflicts of `unit` each (what one conflict moves the
/// estimate by: 1 / n for a share, the round limit / n for the mean
/// rounds). Rare ends (a fight that ends early once in 10^5) are counted,
/// not normal: the slack keeps one or two of them in 3000 fights from
/// reading as a disagreement, and the 1e-9 the chain's floating-point
/// sums.
pub fn agree(what: &str, a: f64, va: f64, b: f64, vb: f64, unit: f64) -> Result<(), TestCaseError> {
    let se = (va + vb).sqrt();
    let ok = (a - b).abs() <= BOUND * se + SLACK * unit + 1e-9;
    prop_assert!(
        ok,
        "{what}: {a} against {b}, {:.1} standard errors",
        (a - b).abs() / se
    );
    Ok(())
}

/// The chain limit of random cases (small: a case with more states is
/// checked by its samplers against each other only).
pub const LIMIT: Limit = Limit {
    states: 4096,
    paths: 1 << 20,
    merge: true,
    // Every round attack by attack, so the samplers are held to chains
    // walked so.
    mark_after: 0,
};

/// The samplers of one edition agree with each other and with the chain,
/// on the win chances, every way the conflict ends and the mean rounds.
pub fn samplers_agree(s: &Scenario, edition: usize, seed: u64) -> Result<(), TestCaseError> {
    let rules = &s.editions[edition];
    let engine = |m| EditionEngine::with_limit(s, rules, m, LIMIT).unwrap();
    let round = engine(Sampling::Round);
    let estimates: Vec<(Sampling, Shares)> = [Sampling::PerDie, Sampling::Outcome, Sampling::Round]
        .into_iter()
        .map(|m| {
            let e = if m == Sampling::Round {
                round.clone()
            } else {
                engine(m)
            };
            (
                m,
                shares(s, &conflict::run(&e, &rules.id, FIGHTS, seed, &|_| {})),
            )
        })
        .collect();
    let max_rounds = f64::from(s.max_rounds);
    let name = |m: Sampling, k: usize| format!("{} {m:?} outcome {k}", rules.id);
    for (i, (ma, a)) in estimates.iter().enumerate() {
        for (mb, b) in &estimates[i + 1..] {
            for k in 0..a.p.len() {
                let v = |x: &Shares| x.p[k] * (1.0 - x.p[k]) / x.n;
                agree(
                    &format!("{} vs {mb:?}", name(*ma, k)),
                    a.p[k],
                    v(a),
                    b.p[k],
                    v(b),
                    1.0 / a.n,
                )?;
            }
            agree(
                &format!("{} {ma:?} vs {mb:?} mean rounds", rules.id),
                a.mean,
                a.var / a.n,
                b.mean,
                b.var / b.n,
                max_rounds / a.n,
            )?;
        }
    }
    if let Some(chain) = round.chain() {
        let o = chain.outcomes();
        let odds = &o.odds;
        // Shares summed in floating point may pass 1 by a rounding error.
        let mut exact: Vec<f64> = odds.wins.iter().map(|p| p.clamp(0.0, 1.0)).collect();
        exact.extend(s.ends().iter().map(|&e| o.ends[index(e)].clamp(0.0, 1.0)));
        let chain_mean = odds.mean_rounds();
        let chain_var = (odds.ended.iter().enumerate())
            .map(|(r, p)| p * (r as f64 - chain_mean).powi(2))
            .sum::<f64>();
        for (m, a) in &estimates {
            for (k, &p) in exact.iter().enumerate() {
                agree(
                    &format!("{} vs the chain", name(*m, k)),
                    a.p[k],
                    p * (1.0 - p) / a.n,
                    p,
                    0.0,
                    1.0 / a.n,
                )?;
            }
            // The standard error from the chain's own variance of the
            // rounds: a sample of identical fights has none of its own.
            agree(
                &format!("{} {m:?} mean rounds vs the chain", rules.id),
                a.mean,
                chain_var / a.n,
                chain_mean,
                0.0,
                max_rounds / a.n,
            )?;
        }
    }
    Ok(())
}

/// A side and its mirror image: exactly even where there is a chain, else
/// within [`BOUND`] standard errors by every sampler.
pub fn symmetric(s: &Scenario, edition: usize, seed: u64) -> Result<(), TestCaseError> {
    let rules = &s.editions[edition];
    let round = EditionEngine::with_limit(s, rules, Sampling::Round, LIMIT).unwrap();
    if let Some(chain) = round.chain() {
        let w = chain.odds().wins;
        prop_assert!(
            (w[0] - w[1]).abs() < 1e-9,
            "{}: exact {} against {}",
            rules.id,
            w[0],
            w[1]
        );
    }
    for m in [Sampling::PerDie, Sampling::Outcome] {
        let e = EditionEngine::new(s, rules, m).unwrap();
        let t = shares(s, &conflict::run(&e, &rules.id, FIGHTS, seed, &|_| {}));
        // The two shares come from the same fights: the variance of their
        // difference is (p0 + p1 - (p0 - p1)^2) / n.
        let (p0, p1) = (t.p[0], t.p[1]);
        let var = (p0 + p1 - (p0 - p1).powi(2)) / t.n;
        agree(
            &format!("{} {m:?}: side 0 vs side 1", rules.id),
            p0,
            var,
            p1,
            0.0,
            1.0 / t.n,
        )?;
    }
    Ok(())
}

/// Nobody can win: every sampler draws every conflict, and the chain's
/// draws are exactly 1.
pub fn all_drawn(s: &Scenario, edition: usize, seed: u64) -> Result<(), TestCaseError> {
    let rules = &s.editions[edition];
    let round = EditionEngine::with_limit(s, rules, Sampling::Round, LIMIT).unwrap();
    if let Some(chain) = round.chain() {
        let d = chain.odds().draws();
        prop_assert!((d - 1.0).abs() < 1e-12, "{}: exact draws {d}", rules.id);
    }
    for m in [Sampling::PerDie, Sampling::Outcome, Sampling::Round] {
        let e = EditionEngine::new(s, rules, m).unwrap();
        let t = conflict::run(&e, &rules.id, 500, seed, &|_| {});
        let draws = t.ends[index(End::Draw)];
        prop_assert_eq!(
            draws,
            t.fights,
            "{} {:?}: not every conflict drawn",
            rules.id,
            m
        );
    }
    Ok(())
}
