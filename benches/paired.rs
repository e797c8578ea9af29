//! What a paired run costs: `wodds compare`'s conflicts on a scenario
//! without a round chain, `scenarios/garou-vs-hunters.toml` under fta
//! against `docs/examples/fta-light-piling.toml`, both on the same
//! random numbers ([`run_paired`]: every random call reseeds the sampler
//! from a stream keyed by where in the conflict it is made), beside
//! ordinary fights of the same scenario drawn by the same coupled sampler
//! and by the outcome sampler. Throughput in conflicts played (a pair is
//! two), on one core (one batch).
//!
//! Run with `cargo bench -p wodds-benches --bench paired`.

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use wodds_dice::D10;
use wodds_rules::RuleSet;
use wodds_sim::conflict::{BATCH, EditionEngine, Engine, Sampling, Scenario, run_paired};

/// Conflicts a rule set each iteration (within one batch: one core).
const FIGHTS: u64 = 2_000;
const _: () = assert!(FIGHTS <= BATCH);
const SEED: u64 = 5;

fn paired(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let scenario = Scenario::load(&root.join("scenarios/garou-vs-hunters.toml")).expect("scenario");
    let base = RuleSet::load("fta").expect("fta");
    let rule = root.join("docs/examples/fta-light-piling.toml");
    let rule = RuleSet::load(rule.to_str().expect("a path")).expect("the house rule");
    let engine =
        |rules: &RuleSet, sampling| EditionEngine::new(&scenario, rules, sampling).expect("engine");
    let mut group = c.benchmark_group("paired");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    group.throughput(Throughput::Elements(FIGHTS));
    for (name, sampling) in [
        ("coupled", Sampling::Coupled),
        ("outcome", Sampling::Outcome),
    ] {
        let e = engine(&base, sampling);
        group.bench_function(BenchmarkId::new("garou/ordinary", name), |b| {
            let mut dice = D10::seeded(SEED);
            b.iter(|| {
                for _ in 0..FIGHTS {
                    black_box(e.fight(&mut dice));
                }
            });
        });
    }
    let (a, b) = (
        engine(&base, Sampling::Coupled),
        engine(&rule, Sampling::Coupled),
    );
    group.throughput(Throughput::Elements(2 * FIGHTS));
    group.bench_function(BenchmarkId::new("garou/paired", "coupled"), |bench| {
        bench.iter(|| black_box(run_paired(&a, &b, FIGHTS, SEED, &|_| {})));
    });
    group.finish();
}

criterion_group!(benches, paired);
criterion_main!(benches);
