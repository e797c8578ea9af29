//! A paired run's sides are honest runs of their own: each rule set's
//! conflicts, drawn call by call from keyed streams shared with the other
//! rule set, still follow the sampler's distribution, so each side's win
//! chances, ways of ending and mean rounds agree with the round chain's
//! exact figures within 4.5 standard errors (see `agree`), under the
//! coupled sampler and die by die, on scenarios whose members act in turn
//! (the keys' marks) and in several phases.

use std::path::Path;

use wodds_sim::conflict::{EditionEngine, Sampling, Scenario, Tally, run_paired};

mod agree;
use agree::{BOUND, SLACK, shares};

const FIGHTS: u64 = 20_000;

fn scenario(name: &str) -> Scenario {
    Scenario::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../../scenarios/{name}")))
        .unwrap()
}

/// `t`, a side of a paired run under edition `e` of `s`, against the
/// chain's exact figures.
fn agrees_with_the_chain(what: &str, s: &Scenario, e: usize, t: &Tally) {
    let chained = EditionEngine::new(s, &s.editions[e], Sampling::Round).unwrap();
    let chain = chained.chain().expect("a round chain");
    let o = chain.outcomes();
    let mut exact: Vec<f64> = o.odds.wins.iter().map(|p| p.clamp(0.0, 1.0)).collect();
    let at = |x| {
        wodds_sim::conflict::End::ALL
            .iter()
            .position(|&y| y == x)
            .unwrap()
    };
    exact.extend(s.ends().iter().map(|&x| o.ends[at(x)].clamp(0.0, 1.0)));
    let got = shares(s, t);
    for (k, (&p, &q)) in exact.iter().zip(&got.p).enumerate() {
        let se = (p * (1.0 - p) / got.n).sqrt();
        assert!(
            (q - p).abs() <= BOUND * se + SLACK / got.n + 1e-9,
            "{what}: outcome {k} {q} against exactly {p}"
        );
    }
    let mean = o.odds.mean_rounds();
    let var: f64 = (o.odds.ended.iter().enumerate())
        .map(|(r, p)| p * (r as f64 - mean).powi(2))
        .sum();
    let se = (var / got.n).sqrt();
    assert!(
        (got.mean - mean).abs() <= BOUND * se + 1e-9,
        "{what}: mean rounds {} against exactly {mean}",
        got.mean
    );
}

#[test]
fn each_side_of_a_paired_run_draws_its_samplers_distribution() {
    for (name, e1, e2) in [("neonate-vs-two-thugs.toml", 1, 0), ("brawl.toml", 0, 1)] {
        let s = scenario(name);
        for sampling in [Sampling::Coupled, Sampling::PerDie] {
            let engine = |e: usize| EditionEngine::new(&s, &s.editions[e], sampling).unwrap();
            let (a, b) = (engine(e1), engine(e2));
            let p = run_paired(&a, &b, FIGHTS, 17, &|_| {});
            let what = |e: usize| format!("{name} {} {sampling:?}", s.editions[e].id);
            agrees_with_the_chain(&what(e1), &s, e1, &p.a);
            agrees_with_the_chain(&what(e2), &s, e2, &p.b);
        }
    }
}
