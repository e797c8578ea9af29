//! House-rule files and their `extends` chains: the input is written as
//! `input.toml` into the scratch directory beside `base.toml` (extends
//! `revised`), `deep.toml` (extends `base.toml`) and `loop.toml` (extends
//! itself), and loaded with `RuleSet::load`. A file that loads is hashed and
//! rolled at the ends and the middle of its pool and difficulty ranges under
//! each option (and its smallest pool at its standard difficulty enumerated exactly
//! when that is at most three dice). Errors are fine; a panic is a bug.

#![no_main]

use libfuzzer_sys::fuzz_target;
use wodds_rules::RuleSet;

fuzz_target!(|data: &[u8]| {
    let path = wodds_fuzz::scratch().join("input.toml");
    std::fs::write(&path, data).expect("the scratch file");
    let rules = match RuleSet::load(path.to_str().expect("a UTF-8 temp path")) {
        Ok(rules) => rules,
        Err(e) => {
            let _ = e.to_string();
            return;
        }
    };
    assert_eq!(rules.hash().len(), 12);
    let [pmin, pmax] = rules.dice.pool_range;
    let [dmin, dmax] = rules.dice.difficulty_range;
    let standard = rules.dice.standard_difficulty;
    let options = wodds_fuzz::option_sets();
    // The smallest pool at the standard difficulty, enumerated exactly.
    wodds_fuzz::exercise(&rules, pmin, standard, &options, 3);
    for pool in [pmin, pmax, pmin.midpoint(pmax)] {
        for difficulty in [dmin, dmax, standard] {
            wodds_fuzz::exercise(&rules, pool, difficulty, &options, 0);
        }
    }
});
