//! Shards: the tallies of shards `0/n` to `n-1/n`, added up in any order,
//! are the tally of the whole run, for fights drawn from a round chain,
//! fights without one, chases and grapples (their tracks by round too).

use std::path::Path;

use wodds_sim::conflict::{self, BATCH, EditionEngine, Sampling, Scenario, Shard, Tally};

fn scenario(name: &str) -> Scenario {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios")
        .join(name);
    Scenario::load(&path).unwrap()
}

#[test]
fn shards_add_up_to_the_whole_run_whatever_the_split() {
    // Not a whole number of batches: the last batch is short.
    let trials = 7 * BATCH / 2 + 123;
    for (name, sampling) in [
        ("brawl.toml", Sampling::Round),
        ("elder-vs-three-ghouls.toml", Sampling::Outcome),
        ("police-pursuit.toml", Sampling::PerDie),
        ("ted-grapples-peter.toml", Sampling::Outcome),
    ] {
        let s = scenario(name);
        let rules = &s.editions[0];
        let engine = EditionEngine::new(&s, rules, sampling).unwrap();
        let whole = conflict::run(&engine, &rules.id, trials, s.seed, &|_| {});
        assert_eq!(whole.fights, trials);
        for n in [1, 2, 3, 7] {
            let mut parts: Vec<Tally> = (0..n)
                .map(|i| {
                    let shard = Shard::new(i, n).unwrap();
                    conflict::run_shard(&engine, &rules.id, trials, s.seed, shard, &|_| {})
                })
                .collect();
            // Seven shards of four batches: some shards play none.
            parts.reverse();
            let frame = conflict::Engine::frame(&engine);
            let mut sum = Tally::new(frame.sides, frame.max_rounds);
            for p in &parts {
                for c in p.cells() {
                    sum.add_cell(&c).unwrap();
                }
            }
            assert_eq!(sum, whole, "{name}: {n} shards");
            let mut merged = Tally::new(frame.sides, frame.max_rounds);
            for p in &parts {
                merged.merge(p);
            }
            assert_eq!(merged, whole, "{name}: {n} shards merged");
        }
        if name.contains("pursuit") || name.contains("grapples") {
            assert!(whole.track.is_some(), "{name} keeps a track");
        }
    }
}
