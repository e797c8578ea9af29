//! Exact values for the Storyteller engines' tests (revised, fta, uwod),
//! worked out from first principles: binomial dice, whole Revised rolls by
//! enumeration of their faces' categories, the health levels a blow puts
//! through soak, and the rounds a target lasts when each round deals a
//! known distribution of levels.

#![allow(dead_code)]

use wodds_sim::conflict::{Scenario, Tally};

/// Parses a scenario written by a test (house-rule paths relative to
/// `dir`).
pub fn scenario_in(text: &str, dir: Option<&std::path::Path>) -> Scenario {
    Scenario::parse("test.toml", text, dir).unwrap_or_else(|e| panic!("{e}"))
}

/// A fight of one-member sides under `edition`, at most `max_rounds`
/// rounds; each side is `(name, body)` with the member's kind, traits,
/// weapon and tactics lines.
pub fn duel(edition: &str, max_rounds: u32, a: &str, b: &str) -> String {
    format!(
        "name = \"t\"\nkind = \"combat\"\neditions = [\"{edition}\"]\nmax-rounds = {max_rounds}\n{}{}",
        side("A", a),
        side("B", b)
    )
}

/// A side of one member named `name`.
pub fn side(name: &str, body: &str) -> String {
    format!("[[side]]\nname = \"{name}\"\n[[side.member]]\nname = \"{name}\"\n{body}\n")
}

/// n choose k.
pub fn choose(n: u32, k: u32) -> f64 {
    if k > n {
        return 0.0;
    }
    (0..k).fold(1.0, |acc, j| acc * f64::from(n - j) / f64::from(j + 1))
}

/// P(Bin(n, p) = k).
pub fn binomial(n: u32, k: u32, p: f64) -> f64 {
    choose(n, k) * p.powi(k as i32) * (1.0 - p).powi(n as i32 - k as i32)
}

/// A Revised action of `n` dice at difficulty `d` (a face >= d succeeds,
/// each 1 cancels a success, no success and a 1 botches): the chance of
/// each net number of successes, and of a botch (`botch`, kept apart from
/// `net[0]`).
pub struct RevisedRoll {
    /// P(net successes = k, no botch).
    pub net: Vec<f64>,
    /// P(botch).
    pub botch: f64,
}

/// The Revised roll of `n` dice at difficulty `d`, by enumerating how many
/// dice show a success, a 1, or neither (multinomial).
pub fn revised_roll(n: u32, d: u32) -> RevisedRoll {
    let p_success = f64::from(11 - d) / 10.0;
    let p_one = 0.1;
    let p_other = 1.0 - p_success - p_one;
    let mut net = vec![0.0; n as usize + 1];
    let mut botch = 0.0;
    for s in 0..=n {
        for o in 0..=(n - s) {
            let rest = n - s - o;
            let p = choose(n, s)
                * choose(n - s, o)
                * p_success.powi(s as i32)
                * p_one.powi(o as i32)
                * p_other.powi(rest as i32);
            if s == 0 && o > 0 {
                botch += p;
            } else {
                net[s.saturating_sub(o) as usize] += p;
            }
        }
    }
    RevisedRoll { net, botch }
}

/// P(max(0, Bin(damage, pd) - Bin(soak, ps)) = k): the levels a blow of
/// `damage` dice puts through `soak` dice (1s ignored).
pub fn levels(damage: u32, soak: u32, pd: f64, ps: f64) -> Vec<f64> {
    let mut out = vec![0.0; damage as usize + 1];
    for x in 0..=damage {
        for y in 0..=soak {
            out[x.saturating_sub(y) as usize] += binomial(damage, x, pd) * binomial(soak, y, ps);
        }
    }
    out
}

/// The levels one Revised attack of `n` dice at difficulty `d` deals with
/// no defence: it hits with a net success, adding a damage die per net
/// success beyond the first; `damage` dice (plus `auto` automatic
/// successes) against `soak` dice, both at 6.
pub fn revised_attack(n: u32, d: u32, damage: u32, auto: u32, soak: u32) -> Vec<f64> {
    revised_attack_at(n, d, damage, auto, soak, 1, 0.5, 0.5)
}

/// As [`revised_attack`], with a damage die per net success beyond
/// `extra_after`, and damage and soak dice succeeding with `pd` and `ps`.
#[allow(clippy::too_many_arguments)]
pub fn revised_attack_at(
    n: u32,
    d: u32,
    damage: u32,
    auto: u32,
    soak: u32,
    extra_after: u32,
    pd: f64,
    ps: f64,
) -> Vec<f64> {
    let roll = revised_roll(n, d);
    let mut out = vec![1.0 - roll.net.iter().skip(1).sum::<f64>()];
    for (net, &p) in roll.net.iter().enumerate().skip(1) {
        let dice = damage + (net as u32).saturating_sub(extra_after);
        // Automatic successes add to the damage roll's successes.
        let mut blow = vec![0.0; (dice + auto) as usize + 1];
        for x in 0..=dice {
            for y in 0..=soak {
                let k = (x + auto).saturating_sub(y) as usize;
                blow[k] += binomial(dice, x, pd) * binomial(soak, y, ps);
            }
        }
        add(&mut out, &blow, p);
    }
    out
}

/// Adds `p` times distribution `b` to `a`.
pub fn add(a: &mut Vec<f64>, b: &[f64], p: f64) {
    if a.len() < b.len() {
        a.resize(b.len(), 0.0);
    }
    for (x, y) in a.iter_mut().zip(b) {
        *x += p * y;
    }
}

/// The distribution of the sum of two independent level counts.
pub fn convolve(a: &[f64], b: &[f64]) -> Vec<f64> {
    let mut out = vec![0.0; a.len() + b.len() - 1];
    for (i, x) in a.iter().enumerate() {
        for (j, y) in b.iter().enumerate() {
            out[i + j] += x * y;
        }
    }
    out
}

/// A round that deals a level with `p`, else none.
pub fn one_level(p: f64) -> Vec<f64> {
    vec![1.0 - p, p]
}

/// The exact mean and variance of the rounds until seven boxes are
/// filled, when a round with `k` filled deals `j` levels with `step(k)[j]`.
pub fn chain(step: impl Fn(usize) -> Vec<f64>) -> (f64, f64) {
    let mut e = [0.0f64; 64];
    let mut m = [0.0f64; 64];
    for k in (0..7).rev() {
        let p = step(k);
        assert!(p.len() + k < 64, "a round deals too many levels");
        let stay = 1.0 - p[0];
        let later: f64 = (1..p.len()).map(|j| p[j] * e[k + j]).sum();
        e[k] = (1.0 + later) / stay;
        let first: f64 = (0..p.len()).map(|j| p[j] * (1.0 + 2.0 * e[k + j])).sum();
        let second: f64 = (1..p.len()).map(|j| p[j] * m[k + j]).sum();
        m[k] = (first + second) / stay;
    }
    (e[0], m[0] - e[0] * e[0])
}

/// The chance that the blow that fills the track overshoots it (the target
/// is killed rather than Incapacitated), when a round deals `j` levels
/// with `step[j]` whatever the boxes filled.
pub fn overshoot(step: &[f64]) -> f64 {
    // reach[k]: the chance the track passes through exactly k boxes.
    let moved = 1.0 - step[0];
    let mut reach = [0.0f64; 8];
    reach[0] = 1.0;
    let mut over = 0.0;
    for k in 0..7 {
        for (j, &p) in step.iter().enumerate().skip(1) {
            let q = reach[k] * p / moved;
            match k + j {
                t if t < 7 => reach[t] += q,
                7 => {}
                _ => over += q,
            }
        }
    }
    over
}

/// Side `winner` wins every fight, and the mean rounds are within 4.5
/// standard errors of `(mean, var)`.
pub fn assert_rounds(t: &Tally, winner: usize, (mean, var): (f64, f64), what: &str) {
    assert_eq!(
        t.wins[winner], t.fights,
        "{what}: side {winner} wins every fight"
    );
    let got = t.mean_rounds().unwrap();
    let se = (var / t.fights as f64).sqrt();
    assert!(
        (got - mean).abs() < 4.5 * se,
        "{what}: mean rounds {got}, want {mean} (se {se})"
    );
}

/// The share `got` of `n` fights lies within 4.5 standard errors of `p`.
pub fn assert_share(got: f64, p: f64, n: u64, what: &str) {
    let se = (p * (1.0 - p) / n as f64).sqrt().max(1e-12);
    assert!(
        (got - p).abs() < 4.5 * se,
        "{what}: {got}, want {p} (se {se})"
    );
}
