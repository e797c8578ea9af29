//! The track by round (a chase's Lead, a grapple's Control): worked by
//! hand from the round's odds, and every sampler's histogram held to the
//! round chain's exact distribution on every shipped chase and grapple.

use std::path::Path;

use wodds_sim::conflict::{self, ConflictKind, EditionEngine, Sampling, Scenario};

/// An fta chase on foot through the streets (difficulty 6), one die a side
/// (Dexterity 1, no Athletics): a success on 6-10 (1/2), so a round's
/// margin is +1 or -1 with 1/4 each and 0 with 1/2; from a head start of 5.
fn one_die_chase() -> Scenario {
    let text = "name = \"t\"\nkind = \"chase\"\neditions = [\"fta\"]\nmax-rounds = 20\n\
         [chase]\nprey = \"Prey\"\nstart = \"head-start\"\nhead-start = 5\n\
         [[side]]\nname = \"Prey\"\n[[side.member]]\nname = \"p\"\nkind = \"mortal\"\ntraits = { dexterity = 1 }\n\
         [[side]]\nname = \"Predator\"\n[[side.member]]\nname = \"q\"\nkind = \"mortal\"\ntraits = { dexterity = 1 }\n";
    Scenario::parse("t.toml", text, None).unwrap()
}

/// From a Lead of 5 nothing ends in two rounds (the Lead stays within
/// 3..=7, never 0, never 10), so the Lead after round 1 is 4, 5, 6 with
/// 1/4, 1/2, 1/4, and after round 2 the margins' sum over two rounds: 3..=7
/// with 1, 4, 6, 4, 1 sixteenths.
#[test]
fn the_lead_of_a_one_die_chase_spreads_binomially() {
    let s = one_die_chase();
    let e = EditionEngine::new(&s, &s.editions[0], Sampling::Round).unwrap();
    let track = e
        .chain()
        .unwrap()
        .outcomes()
        .track
        .expect("a chase keeps its Lead");
    let want: [&[(i32, f64)]; 2] = [
        &[(4, 0.25), (5, 0.5), (6, 0.25)],
        &[
            (3, 1.0 / 16.0),
            (4, 4.0 / 16.0),
            (5, 6.0 / 16.0),
            (6, 4.0 / 16.0),
            (7, 1.0 / 16.0),
        ],
    ];
    for (round, want) in want.iter().enumerate() {
        let got = &track[round];
        assert_eq!(got.len(), want.len(), "round {}: {got:?}", round + 1);
        for (&(v, p), &(w, q)) in got.iter().zip(want.iter()) {
            assert_eq!(v, w);
            assert!((p - q).abs() < 1e-12, "round {}: {got:?}", round + 1);
        }
    }
    // Round 3: the Lead can reach 2..=8, still nothing ends; the mean
    // stays 5 (a fair walk).
    let summary = conflict::Figures::exact(&e.chain().unwrap().outcomes());
    for row in &summary.track[..3] {
        assert!((row.mean.value - 5.0).abs() < 1e-12, "{row:?}");
        assert!((row.going.value - 1.0).abs() < 1e-12, "{row:?}");
    }
}

/// A fight keeps no track.
#[test]
fn a_fight_keeps_no_track() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/brawl.toml");
    let s = Scenario::load(&path).unwrap();
    let e = EditionEngine::new(&s, &s.editions[0], Sampling::Round).unwrap();
    if let Some(chain) = e.chain() {
        assert!(chain.outcomes().track.is_none());
    }
    let t = conflict::run(&e, &s.editions[0].id, 1000, 1, &|_| {});
    assert!(t.track.is_none());
}

/// Every sampler's mean track after each of the first ten rounds, among
/// the conflicts still going, within 4.5 standard errors of the chain's
/// exact mean (its standard error from the exact variance and the number
/// still going), and the share still going within 4.5 standard errors,
/// on every shipped chase and grapple under every edition.
#[test]
fn every_sampler_agrees_with_the_chain_on_the_track() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
    let mut seen = 0;
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    paths.sort();
    for path in paths {
        let s = Scenario::load(&path).unwrap();
        if s.kind == ConflictKind::Combat {
            continue;
        }
        for rules in &s.editions {
            let chain = EditionEngine::new(&s, rules, Sampling::Round).unwrap();
            let Some(c) = chain.chain() else { continue };
            let exact = c
                .outcomes()
                .track
                .expect("a chase or grapple keeps a track");
            seen += 1;
            for sampling in [Sampling::PerDie, Sampling::Outcome, Sampling::Round] {
                let e = EditionEngine::new(&s, rules, sampling).unwrap();
                let n = 20_000u64;
                let t = conflict::run(&e, &rules.id, n, 9, &|_| {});
                let got = t.track.as_ref();
                for (r, values) in exact.iter().enumerate().take(10) {
                    let round = r + 1;
                    let going: f64 = values.iter().map(|&(_, p)| p).sum();
                    let k = got.map_or(0, |g| g.going(round));
                    let se = (going * (1.0 - going) / n as f64)
                        .sqrt()
                        .max(1.0 / n as f64);
                    let what =
                        format!("{} {} {sampling:?} round {round}", path.display(), rules.id);
                    assert!(
                        (k as f64 / n as f64 - going).abs() <= 4.5 * se,
                        "{what}: going {k}/{n} vs exactly {going}"
                    );
                    if k < 200 {
                        continue;
                    }
                    let mean = values.iter().map(|&(v, p)| f64::from(v) * p).sum::<f64>() / going;
                    let var = values
                        .iter()
                        .map(|&(v, p)| (f64::from(v) - mean).powi(2) * p)
                        .sum::<f64>()
                        / going;
                    let (m, _) = got.unwrap().mean(round).unwrap();
                    let se = (var / k as f64).sqrt().max(1e-9);
                    assert!(
                        (m - mean).abs() <= 4.5 * se,
                        "{what}: mean {m} vs exactly {mean} (se {se})"
                    );
                }
            }
        }
    }
    assert!(seen >= 20, "{seen} chase and grapple editions with a chain");
}

/// The same batches give the same track histogram whatever the thread
/// count.
#[test]
fn the_track_is_the_same_on_one_thread_or_two() {
    let s = one_die_chase();
    let e = EditionEngine::new(&s, &s.editions[0], Sampling::PerDie).unwrap();
    let on = |threads: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| conflict::run(&e, "fta", 50_000, 3, &|_| {}))
    };
    let (a, b) = (on(1), on(2));
    assert!(a.track.is_some());
    assert_eq!(a, b);
}
