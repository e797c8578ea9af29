//! Scenarios written from the fuzz bytes as well-formed TOML (see
//! `wodds_fuzz::structured`), so that runs reach the member checks; a scenario
//! that parses is then compiled for each of its editions under every
//! sampler (the round chain held to a small limit) and a few fights of at
//! most 20 rounds are played and tallied, and the chain's exact odds are
//! checked to be probabilities. Errors are fine; a panic is a bug.

#![no_main]

use libfuzzer_sys::arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use wodds_dice::D10;
use wodds_sim::conflict::{EditionEngine, Engine, Limit, Sampling, Scenario, Tally};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = wodds_fuzz::structured::scenario(&mut Unstructured::new(data)) else {
        return;
    };
    let mut scenario = match Scenario::parse("fuzz.toml", &text, Some(wodds_fuzz::scratch())) {
        Ok(s) => s,
        Err(e) => {
            let _ = e.to_string();
            return;
        }
    };
    scenario.max_rounds = scenario.max_rounds.min(20);
    let limit = Limit {
        states: 64,
        paths: 1 << 12,
    };
    for rules in &scenario.editions {
        for sampling in [Sampling::PerDie, Sampling::Outcome, Sampling::Round] {
            let engine = match EditionEngine::with_limit(&scenario, rules, sampling, limit) {
                Ok(e) => e,
                Err(e) => {
                    let _ = e.to_string();
                    continue;
                }
            };
            let frame = engine.frame();
            let mut tally = Tally::new(frame.sides, frame.max_rounds);
            let mut dice = D10::seeded(scenario.seed);
            for _ in 0..4 {
                let fight = engine.fight(&mut dice);
                assert!(fight.rounds <= frame.max_rounds);
                tally.push(&fight);
            }
            assert_eq!(tally.fights, 4);
            if let Some(chain) = engine.chain() {
                let odds = chain.odds();
                let total: f64 = odds.ended.iter().sum();
                assert!((total - 1.0).abs() < 1e-9, "ended sums to {total}");
                let draws = odds.draws();
                assert!((-1e-9..=1.0 + 1e-9).contains(&draws), "draw chance {draws}");
            }
        }
    }
});
