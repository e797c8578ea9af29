//! Criterion benchmarks for the dice crate.
//!
//! - `roll_kernel`: the batched sampler ([`D10::roll_into`]) against a naive
//!   baseline that draws one `random_range(1..=10)` per die from the same
//!   generator and counts the roll the obvious way. Throughput is in dice, so
//!   criterion reports dice per second; `kernel/N` and `naive/N` sit side by
//!   side for each pool `N`, after `generator/words`, the bare
//!   xoshiro256++ generator's 64-bit words per second (the unit the kernel
//!   is measured against: dice per word-time is kernel dice/s over words/s).
//! - `exact`: the exact distribution engine ([`wodds_dice::exact`]) for a few
//!   representative specs, one distribution per iteration.
//!
//! - `combat`: whole fights of `scenarios/brawl.toml` under every edition,
//!   with the round sampler (a round a draw from the fight's exact round
//!   chain, built before timing starts), the outcome (alias-table) sampler
//!   and the per-die sampler side by side, on one core; throughput in
//!   fights.
//!
//! - `grapple`: whole grapples of `scenarios/ted-grapples-peter.toml` under
//!   every edition and sampler, on one core; throughput in grapples.
//!
//! - `chase`: whole chases of `scenarios/rush-hour-getaway.toml` and of
//!   `scenarios/shots-in-the-chase.toml` (shots, an Attack Run, scheduled
//!   obstacles) the same way; throughput in chases.
//!
//! - `turns`: whole fights that turn into other conflicts:
//!   `scenarios/wrestler-vs-boxer.toml` (grapples inside a fight) and
//!   `scenarios/uriel-flees-the-vampire.toml` (escapes into chases), the
//!   same way; throughput in fights.
//!
//! - `chain`: building the brawl's round chain under every edition, from a
//!   freshly compiled engine; throughput in chain states.
//!
//! Run with `cargo bench -p wodds-benches --bench wodds`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use rand::{Rng, RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use wodds_dice::{CompiledRoll, D10, Roll, RollRules, RollSpec, Tens};

/// Rolls per iteration of the `roll_kernel` benchmarks.
const ROLLS: usize = 1024;
/// Generator words per iteration of `roll_kernel/generator`.
const WORDS: u64 = 10_240;
/// Seed shared by the kernel and the naive baseline.
const SEED: u64 = 0x5eed_d1ce;
/// Pools timed in `roll_kernel`.
const POOLS: [i32; 5] = [1, 5, 10, 20, 60];
/// Success threshold of the revised-style rules used in `roll_kernel`.
const THRESHOLD: u8 = 6;

/// The naive baseline: one `random_range(1..=10)` per die, successes at
/// `THRESHOLD` or more, each 1 cancels a success, a botch when nothing
/// succeeded and a 1 shows. The same result as `RollRules::classic(6)`.
fn naive_roll_into(rng: &mut Xoshiro256PlusPlus, pool: i32, out: &mut [Roll]) {
    for slot in out {
        let mut successes = 0i32;
        let mut ones = 0i32;
        for _ in 0..pool {
            let face: u8 = rng.random_range(1..=10);
            if face >= THRESHOLD {
                successes += 1;
            } else if face == 1 {
                ones += 1;
            }
        }
        *slot = if successes == 0 && ones > 0 {
            Roll::BOTCH
        } else {
            Roll {
                successes: (successes - ones).max(0) as u16,
                botch: false,
            }
        };
    }
}

fn roll_kernel(c: &mut Criterion) {
    let mut group = c.benchmark_group("roll_kernel");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    // The bare generator: 64-bit words per second, summed so none is
    // optimised away.
    group.throughput(Throughput::Elements(WORDS));
    group.bench_function(BenchmarkId::new("generator", "words"), |b| {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(SEED);
        b.iter(|| {
            let mut sum = 0u64;
            for _ in 0..WORDS {
                sum = sum.wrapping_add(rng.next_u64());
            }
            black_box(sum)
        });
    });
    let mut out = vec![Roll::default(); ROLLS];
    for pool in POOLS {
        let spec = RollSpec::new(pool, RollRules::classic(THRESHOLD)).expect("valid spec");
        let compiled = CompiledRoll::new(&spec);
        group.throughput(Throughput::Elements(ROLLS as u64 * pool as u64));

        group.bench_function(BenchmarkId::new("kernel", pool), |b| {
            let mut dice = D10::seeded(SEED);
            b.iter(|| {
                dice.roll_into(black_box(&compiled), &mut out);
                black_box(&out);
            });
        });

        group.bench_function(BenchmarkId::new("naive", pool), |b| {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(SEED);
            b.iter(|| {
                naive_roll_into(&mut rng, black_box(pool), &mut out);
                black_box(&out);
            });
        });
    }
    group.finish();
}

fn exact(c: &mut Criterion) {
    let mut group = c.benchmark_group("exact");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(5))
        .throughput(Throughput::Elements(1));
    let eight_again_rote = RollRules {
        tens: Tens::Again(8),
        rote: true,
        ..RollRules::ten_again()
    };
    let cases = [
        ("classic6", 10, RollRules::classic(6)),
        ("10-again", 20, RollRules::ten_again()),
        ("8-again-rote", 60, eight_again_rote),
    ];
    for (name, pool, rules) in cases {
        let spec = RollSpec::new(pool, rules).expect("valid spec");
        group.bench_function(BenchmarkId::new(name, pool), |b| {
            b.iter(|| wodds_dice::exact(black_box(&spec)));
        });
    }
    group.finish();
}

/// Fights per iteration of the `combat` benchmarks.
const FIGHTS: u64 = 1000;

/// Whole fights, one core: the brawl scenario under every edition, with
/// each sampler. Throughput is in fights, so criterion reports fights/s.
fn combat(c: &mut Criterion) {
    conflicts(c, "combat", &[("brawl.toml", "brawl")]);
}

/// Building a fight's round chain, one core: the brawl under every
/// edition, from a freshly compiled engine (its attack tables included, as
/// `wodds run` pays for them). Throughput is in the chain's states.
fn chain(c: &mut Criterion) {
    use wodds_sim::conflict::{EditionEngine, Sampling, Scenario};
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../scenarios/brawl.toml");
    let scenario = Scenario::load(std::path::Path::new(path)).expect("the brawl scenario");
    let mut group = c.benchmark_group("chain");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for rules in &scenario.editions {
        let build = || EditionEngine::new(&scenario, rules, Sampling::Round).expect("engine");
        let states = build().chain().expect("the brawl has a chain").states();
        group.throughput(Throughput::Elements(states as u64));
        group.bench_function(BenchmarkId::new("brawl", &rules.id), |b| {
            b.iter(|| black_box(build()));
        });
    }
    group.finish();
}

/// Whole conflicts of shipped scenarios (file, label), one core, under
/// every edition and sampler: throughput in conflicts (grapples or chases)
/// a second.
fn conflicts(c: &mut Criterion, group: &str, scenarios: &[(&str, &str)]) {
    use wodds_sim::conflict::Scenario;
    let mut group = c.benchmark_group(group);
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .throughput(Throughput::Elements(FIGHTS));
    for &(file, label) in scenarios {
        let path = format!("{}/../scenarios/{file}", env!("CARGO_MANIFEST_DIR"));
        let scenario = Scenario::load(std::path::Path::new(&path)).expect("a shipped scenario");
        conflicts_of(&mut group, &scenario, label);
    }
    group.finish();
}

/// The benches of one scenario in `group`.
fn conflicts_of(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    scenario: &wodds_sim::conflict::Scenario,
    label: &str,
) {
    use wodds_sim::conflict::{EditionEngine, Engine, Sampling};
    for rules in &scenario.editions {
        for (name, sampling) in [
            ("round", Sampling::Round),
            ("outcome", Sampling::Outcome),
            ("per-die", Sampling::PerDie),
        ] {
            let engine = EditionEngine::new(scenario, rules, sampling).expect("engine");
            group.bench_function(
                BenchmarkId::new(format!("{label}/{}", rules.id), name),
                |b| {
                    let mut dice = D10::seeded(SEED);
                    b.iter(|| {
                        for _ in 0..FIGHTS {
                            black_box(engine.fight(&mut dice));
                        }
                    });
                },
            );
        }
    }
}

/// Grapples: Ted grapples Peter (seed 004's example), every edition.
fn grapple(c: &mut Criterion) {
    conflicts(c, "grapple", &[("ted-grapples-peter.toml", "ted")]);
}

/// Chases: the rush-hour getaway, and the hitman shooting from the wheel
/// (shots, an Attack Run, the Storyteller's obstacles), every edition.
fn chase(c: &mut Criterion) {
    conflicts(
        c,
        "chase",
        &[
            ("rush-hour-getaway.toml", "getaway"),
            ("shots-in-the-chase.toml", "shots"),
        ],
    );
}

/// Fights that turn: the wrestler's grapples inside a fight, and Uriel's
/// escapes into chases, every edition.
fn turns(c: &mut Criterion) {
    conflicts(
        c,
        "turns",
        &[
            ("wrestler-vs-boxer.toml", "wrestler"),
            ("uriel-flees-the-vampire.toml", "uriel"),
        ],
    );
}

criterion_group!(
    benches,
    roll_kernel,
    exact,
    combat,
    chain,
    grapple,
    chase,
    turns
);
criterion_main!(benches);
