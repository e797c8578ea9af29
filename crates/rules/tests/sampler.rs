//! Every edition's rolls, sampled by the Monte Carlo kernel, fit the exact
//! distribution: a chi-square goodness-of-fit test of 10^6 rolls each, at a
//! fixed seed.

use statrs::distribution::{ChiSquared, ContinuousCDF};
use wodds_dice::{CompiledRoll, D10, Roll, chi_square, exact, stream};
use wodds_rules::{RollOptions, RuleSet, edition_ids};

const ROLLS: usize = 1_000_000;
/// Deterministic at a fixed seed; a p-value below this means the sampler
/// and the enumeration disagree.
const ALPHA: f64 = 1e-4;

/// The chi-square p-value of 10^6 sampled rolls of `pool` dice at the
/// edition's standard difficulty.
fn fit(rules: &RuleSet, pool: i32, options: &RollOptions, seed: u64) -> f64 {
    let roll = rules
        .roll(pool, rules.dice.standard_difficulty, options)
        .unwrap();
    let d = exact(&roll.spec);
    // Cells: botch, then 0, 1, 2, ... successes.
    let cells = d.max_successes() as usize + 2;
    let mut expected = vec![d.p_botch()];
    expected.extend((0..cells - 1).map(|s| d.p(s as u32, false)));
    let mut observed = vec![0u64; cells];
    let mut dice = D10::new(stream(seed, &[pool as u64]));
    let compiled = CompiledRoll::new(&roll.spec);
    let mut buf = vec![Roll::default(); 10_000];
    for _ in 0..ROLLS / buf.len() {
        dice.roll_into(&compiled, &mut buf);
        for r in &buf {
            let cell = if r.botch {
                0
            } else {
                (r.successes as usize + 1).min(cells - 1)
            };
            observed[cell] += 1;
        }
    }
    let test = chi_square(&observed, &expected);
    1.0 - ChiSquared::new(test.df as f64).unwrap().cdf(test.statistic)
}

#[test]
fn every_edition_samples_its_exact_distribution() {
    for (i, id) in edition_ids().enumerate() {
        let rules = RuleSet::load(id).unwrap();
        let floor = rules.dice.pool_range[0];
        for pool in [floor, 3, 8] {
            let p = fit(&rules, pool, &RollOptions::default(), 100 + i as u64);
            assert!(p > ALPHA, "{id}, {pool} dice: chi-square p = {p}");
        }
    }
}

#[test]
fn every_edition_samples_its_options_exactly() {
    for (i, id) in edition_ids().enumerate() {
        let rules = RuleSet::load(id).unwrap();
        let willpower = RollOptions {
            willpower: true,
            ..RollOptions::default()
        };
        let p = fit(&rules, 4, &willpower, 200 + i as u64);
        assert!(p > ALPHA, "{id} with Willpower: chi-square p = {p}");
        let special = RollOptions {
            specialty: rules.dice.specialty != wodds_rules::SpecialtySetting::None,
            rote: true,
            ..RollOptions::default()
        };
        let p = fit(&rules, 6, &special, 300 + i as u64);
        assert!(p > ALPHA, "{id} with {special:?}: chi-square p = {p}");
    }
}
