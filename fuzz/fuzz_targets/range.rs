//! `--pool` and `--difficulty` ranges as `wodds odds` takes them: the input
//! is `POOL` or `POOL\nDIFFICULTY`, each parsed as an `IntRange`; where they
//! parse, each built-in edition (and a house rule) checks both ends as
//! `wodds odds` does, and where the checks pass the corners are rolled (without options).
//! Errors are fine; a panic is a bug.

#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use wodds_rules::{IntRange, RollOptions, RuleSet};

fn editions() -> &'static [RuleSet] {
    static RULES: OnceLock<Vec<RuleSet>> = OnceLock::new();
    RULES.get_or_init(|| {
        let house = wodds_fuzz::scratch().join("deep.toml");
        wodds_rules::edition_ids()
            .map(str::to_string)
            .chain([house.display().to_string()])
            .map(|name| RuleSet::load(&name).expect("fixture rules load"))
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (pool, difficulty) = match text.split_once('\n') {
        Some((p, d)) => (p, Some(d)),
        None => (text, None),
    };
    let Ok(IntRange(pools)) = pool.parse::<IntRange>() else {
        return;
    };
    assert!(pools.start() <= pools.end());
    let difficulties = match difficulty.map(str::parse::<IntRange>) {
        Some(Ok(IntRange(d))) => Some(d),
        Some(Err(e)) => {
            assert!(!e.is_empty());
            return;
        }
        None => None,
    };
    for rules in editions() {
        let [dmin, dmax] = rules.dice.difficulty_range;
        let difficulties = difficulties.clone().unwrap_or(dmin..=dmax);
        assert!(difficulties.start() <= difficulties.end());
        let ends = |r: &std::ops::RangeInclusive<i32>| [*r.start(), *r.end()];
        let pools_ok = ends(&pools).iter().all(|&p| rules.check_pool(p).is_ok());
        let diffs_ok = ends(&difficulties)
            .iter()
            .all(|&d| rules.check_difficulty(d).is_ok());
        if pools_ok && diffs_ok {
            for p in ends(&pools) {
                for d in ends(&difficulties) {
                    wodds_fuzz::exercise(rules, p, d, &[RollOptions::default()], 0);
                }
            }
        }
    }
});
