//! `wodds check`, held to what is known about it:
//!
//! - with code and rules unchanged the re-run is byte for byte the
//!   baseline and nothing is reported;
//! - a house rule's one changed setting is named, with the metrics it
//!   moves: 1s no longer cancelling (the odds, the actions, a fight's exact
//!   figures and the estimates of a fight without a round chain; the odds
//!   of pool 3 at difficulty 6 become 1 - 0.5^3), and piling on a die an
//!   attack under fta (the neonate against two thugs, exactly as `wodds
//!   run` gives it in the README; no odds move);
//! - a change smaller than the minimum effect is not reported;
//! - over 50 seeds against a baseline of unchanged rules (no round chain,
//!   so every figure is an estimate and tested), at most 2 report
//!   anything at alpha 0.001 with Holm's correction, and the tests' p-values
//!   are not all near 1 (they would hide any change).

use std::path::{Path, PathBuf};

use wodds_report::check::{Baseline, CheckOptions, Checked, check};
use wodds_report::compare::{Change, Results, Thresholds, compare};
use wodds_report::{Options, build};
use wodds_rules::RuleSet;
use wodds_sim::conflict::{EditionEngine, Sampling, Scenario};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn scenario(name: &str) -> PathBuf {
    root().join("scenarios").join(name)
}

/// A house rule file `name` in `dir`: `extends` and the rest.
fn house(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

/// A baseline report of `scenarios` under `editions` in `dir/baseline`.
fn baseline(dir: &Path, scenarios: &[&str], editions: &[String], trials: u64) -> PathBuf {
    let out = dir.join("baseline");
    let opts = Options {
        scenarios: scenarios.iter().map(|s| scenario(s)).collect(),
        out: out.clone(),
        trials: Some(trials),
        seed: None,
        editions: editions.to_vec(),
        against: None,
        force: false,
        tables_only: false,
    };
    build(&opts, &()).unwrap();
    out
}

fn run_check(baseline: &Path, thresholds: Thresholds, update: bool) -> Checked {
    let opts = CheckOptions {
        baseline: baseline.to_path_buf(),
        scenarios: Vec::new(),
        thresholds,
        update,
    };
    check(&opts, &()).unwrap()
}

/// The moved metric of `scenario` (`None`: an exact table) named `metric`.
fn moved<'a>(c: &'a Checked, scenario: Option<&str>, metric: &str) -> Option<&'a Change> {
    c.comparison
        .moved
        .iter()
        .find(|m| m.scenario.as_deref() == scenario && m.metric == metric)
}

const OURS: &str = "extends = \"revised\"\nname = \"Our table\"\n\n[combat.health]\nwound-penalties = [0, 1, 1, 1, 1, 4]\n";

#[test]
fn a_rerun_of_unchanged_rules_is_the_same_bytes_and_moves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let ours = house(dir.path(), "ours.toml", OURS);
    let base = baseline(
        dir.path(),
        &["brawl.toml", "elder-vs-three-ghouls.toml"],
        &[ours],
        2000,
    );
    let c = run_check(&base, Thresholds::default(), false);
    assert_eq!(c.identical, Some(true));
    assert!(c.comparison.is_clean(), "{:?}", c.comparison.moved);
    assert!(c.inputs.is_empty() && c.rules.is_empty());
    // The brawl's figures are exact, the elder's estimated (three ghouls
    // are too many states for a round chain): both kinds were compared.
    assert!(c.comparison.exact > 1000, "{}", c.comparison.exact);
    assert!(c.comparison.tested >= 10, "{}", c.comparison.tested);
    // Nothing was written beside the baseline.
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    assert_eq!(left.len(), 2, "{left:?}");
}

#[test]
fn ones_that_no_longer_cancel_move_the_odds_and_the_fights() {
    let dir = tempfile::tempdir().unwrap();
    let ours = house(dir.path(), "ours.toml", OURS);
    let base = baseline(
        dir.path(),
        &["brawl.toml", "elder-vs-three-ghouls.toml"],
        &["revised".to_string(), ours.clone()],
        20_000,
    );
    let before = Baseline::open(&base).unwrap();
    house(
        dir.path(),
        "ours.toml",
        &OURS.replace(
            "[combat.health]",
            "[dice]\nones = \"ignore\"\n\n[combat.health]",
        ),
    );
    let c = run_check(&base, Thresholds::default(), true);
    // The file and the setting are named.
    assert_eq!(c.inputs.len(), 1, "{:?}", c.inputs);
    assert_eq!(
        (c.inputs[0].path.as_str(), c.inputs[0].change),
        (ours.as_str(), "changed")
    );
    assert_eq!(c.rules.len(), 1);
    assert_eq!(c.rules[0].edition, ours);
    let s = &c.rules[0].settings;
    assert_eq!(s.len(), 1, "{s:?}");
    assert_eq!(s[0].key, "dice.ones");
    assert_eq!(s[0].old, Some(toml::Value::String("cancel".into())));
    assert_eq!(s[0].new, Some(toml::Value::String("ignore".into())));
    // Only the house rule moved: revised is as it was.
    assert!(c.comparison.moved.iter().all(|m| m.edition == ours));
    // Every exact table moved, many cells of it.
    for table in ["odds", "actions"] {
        let m = c
            .comparison
            .moved
            .iter()
            .find(|m| m.table == table)
            .unwrap_or_else(|| panic!("{table} did not move"));
        assert!(m.is_exact() && m.more > 100, "{m:?}");
    }
    // The brawl has a round chain under the house rule: its exact figures
    // moved (fewer cancelled successes, shorter fights).
    let rounds = moved(&c, Some("brawl"), "rounds_mean").expect("brawl's rounds");
    assert_eq!(rounds.test, "exact");
    assert!(rounds.new < rounds.old, "{rounds:?}");
    // The elder's fights have no chain: their estimates moved, tested.
    let elder = moved(&c, Some("elder-vs-three-ghouls"), "rounds_mean").expect("elder's rounds");
    assert_eq!(elder.test, "welch");
    assert!(elder.p_holm.unwrap() < 0.001 && elder.difference.unwrap().abs() > 0.005);
    // --update replaced the baseline: the odds now are those of 1s that
    // do not cancel. Three dice at difficulty 6 succeed unless all three
    // fail, 1 - 0.5^3, where a 1 cancelling made it 74%.
    let after = Baseline::open(&base).unwrap();
    let p3 = |r: &Results| {
        r.cells
            .iter()
            .find(|x| {
                x.table == "odds"
                    && x.edition == ours
                    && x.at == "pool 3, difficulty 6, none"
                    && x.column == "p_success"
            })
            .and_then(|x| x.value)
            .unwrap()
    };
    assert!((p3(&before.results) - 0.74).abs() < 1e-12);
    assert!((p3(&after.results) - 0.875).abs() < 1e-12);
    let again = run_check(&base, Thresholds::default(), false);
    assert!(again.comparison.is_clean() && again.identical == Some(true));
}

#[test]
fn a_change_smaller_than_the_minimum_effect_is_not_reported() {
    let dir = tempfile::tempdir().unwrap();
    let ours = house(dir.path(), "ours.toml", OURS);
    let base = baseline(dir.path(), &["elder-vs-three-ghouls.toml"], &[ours], 20_000);
    house(
        dir.path(),
        "ours.toml",
        &OURS.replace(
            "[combat.health]",
            "[dice]\nones = \"ignore\"\n\n[combat.health]",
        ),
    );
    let c = run_check(&base, Thresholds::default(), false);
    let estimated: Vec<&Change> = c
        .comparison
        .moved
        .iter()
        .filter(|m| !m.is_exact())
        .collect();
    assert!(!estimated.is_empty());
    // Every estimate that moved moved by less than 0.5 (a share, rounds,
    // levels or points): with a minimum effect of 0.5 none is reported,
    // though each is as significant as before; the exact tables still are.
    let largest = estimated
        .iter()
        .map(|m| m.difference.unwrap().abs())
        .fold(0.0, f64::max);
    assert!(largest < 0.5, "{largest}");
    let wide = Thresholds {
        alpha: 0.001,
        min_effect: 0.5,
    };
    let c = run_check(&base, wide, false);
    assert!(
        c.comparison.moved.iter().all(Change::is_exact),
        "{:?}",
        c.comparison.moved
    );
    assert!(c.comparison.moved.iter().any(|m| m.table == "odds"));
}

#[test]
fn piling_on_a_die_an_attack_moves_the_neonates_odds_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let light = house(
        dir.path(),
        "light.toml",
        "extends = \"fta\"\n\n[combat.fta.piling-on]\nattacking = 2\n",
    );
    let base = baseline(dir.path(), &["neonate-vs-two-thugs.toml"], &[light], 20_000);
    house(
        dir.path(),
        "light.toml",
        "extends = \"fta\"\n\n[combat.fta.piling-on]\nattacking = 1\n",
    );
    let c = run_check(&base, Thresholds::default(), false);
    let s = &c.rules[0].settings;
    assert_eq!(s.len(), 1);
    assert_eq!(s[0].key, "combat.fta.piling-on.attacking");
    assert_eq!(
        (s[0].old.as_ref(), s[0].new.as_ref()),
        (
            Some(&toml::Value::Integer(2)),
            Some(&toml::Value::Integer(1))
        )
    );
    // The README's `wodds run` of this fight: the neonate wins exactly
    // 70.65% under fta, 76.79% with the lighter piling on.
    let wins = c
        .comparison
        .moved
        .iter()
        .find(|m| m.metric == "win_rate" && m.side.as_deref() == Some("Neonate"))
        .expect("the neonate's wins moved");
    assert_eq!(wins.test, "exact");
    assert!((wins.old.unwrap() - 0.7065).abs() < 5e-5, "{wins:?}");
    assert!((wins.new.unwrap() - 0.7679).abs() < 5e-5, "{wins:?}");
    // A fight rule: no single roll or action moved.
    assert!(c.comparison.moved.iter().all(|m| m.scenario.is_some()));
}

/// Sections of `scenarios` under every edition they list, drawn by the
/// outcome sampler (no round chain: every figure an estimate), at `seed`.
fn sections(
    loaded: &[(String, Scenario, Vec<EditionEngine>)],
    seed: u64,
) -> Vec<wodds_report::Section> {
    loaded
        .iter()
        .map(|(slug, scenario, engines)| {
            let mut s = scenario.clone();
            s.seed = seed;
            let runs: Vec<_> = s
                .editions
                .iter()
                .zip(engines)
                .map(|(rules, engine)| {
                    wodds_report::compute::fights::run_one(&s, rules, engine, &|_, _| {})
                })
                .collect();
            wodds_report::compute::fights::section(slug, slug, &s, &runs)
        })
        .collect()
}

/// The false-alarm count: 50 re-runs under other seeds against a
/// baseline, rules unchanged. Two fights without a round chain under any
/// edition, a chase and a grapple drawn without theirs (so their shares
/// still going, their track's means and distributions by round are all
/// estimates too): every figure tested. Run with `--nocapture` to see the
/// count and the p-values' spread.
#[test]
fn fifty_seeds_of_unchanged_rules_raise_at_most_two_false_alarms() {
    const TRIALS: u64 = 2000;
    let loaded: Vec<(String, Scenario, Vec<EditionEngine>)> = [
        "elder-vs-three-ghouls.toml",
        "garou-vs-hunters.toml",
        "police-pursuit.toml",
        "ted-grapples-peter.toml",
    ]
    .iter()
    .map(|f| {
        let mut s = Scenario::load(&scenario(f)).unwrap();
        s.trials = TRIALS;
        let engines = s
            .editions
            .iter()
            .map(|r: &RuleSet| EditionEngine::new(&s, r, Sampling::Outcome).unwrap())
            .collect();
        (f.trim_end_matches(".toml").to_string(), s, engines)
    })
    .collect();
    let base = Results::of_sections(&sections(&loaded, 1));
    assert!(base.metrics.iter().all(|m| !m.exact));
    let t = Thresholds::default();
    let mut alarms = Vec::new();
    let mut tested = 0;
    let mut below_5 = 0usize;
    let mut all_p = 0usize;
    // By test: p-values, those below 0.05, those of exactly 1.
    let mut by_test: Vec<(&str, usize, usize, usize)> = Vec::new();
    for seed in 2..=51 {
        let new = Results::of_sections(&sections(&loaded, seed));
        let c = compare(&base, &new, &t);
        tested = c.tested;
        if !c.is_clean() {
            alarms.push((seed, c.moved.clone()));
        }
        // The raw p-values, from the same comparison with nothing held
        // back (alpha 1, no minimum effect, Holm leaves p = 1 at the top).
        let all = compare(
            &base,
            &new,
            &Thresholds {
                alpha: 1.0 + f64::EPSILON,
                min_effect: -1.0,
            },
        );
        for m in &all.moved {
            if let Some(p) = m.p_value {
                all_p += 1;
                below_5 += usize::from(p < 0.05);
                let i = match by_test.iter().position(|b| b.0 == m.test) {
                    Some(i) => i,
                    None => {
                        by_test.push((m.test, 0, 0, 0));
                        by_test.len() - 1
                    }
                };
                by_test[i].1 += 1;
                by_test[i].2 += usize::from(p < 0.05);
                by_test[i].3 += usize::from(p >= 1.0);
            }
        }
    }
    let share = below_5 as f64 / all_p as f64;
    eprintln!(
        "false alarms: {} of 50 seeds ({tested} estimates tested a run, alpha {}, Holm, min effect {}); \
         raw p-values below 0.05: {below_5} of {all_p} ({:.1}%)",
        alarms.len(),
        t.alpha,
        t.min_effect,
        100.0 * share
    );
    for (test, n, below, ones) in &by_test {
        eprintln!(
            "  {test}: {n} p-values, {below} below 0.05 ({:.1}%; {:.1}% of those not 1), {ones} of 1 (nothing to tell apart)",
            100.0 * *below as f64 / *n as f64,
            100.0 * *below as f64 / (*n - *ones).max(1) as f64
        );
    }
    for (seed, moved) in &alarms {
        eprintln!("seed {seed}: {moved:?}");
    }
    assert!(tested > 300, "{tested} tests a run");
    assert!(alarms.len() <= 2, "{} false alarms of 50", alarms.len());
    // Every test is held to its level: about 5% of p-values fall below
    // 0.05 when nothing changed (fewer for the discrete and pooled tests,
    // never many more).
    assert!((0.02..=0.08).contains(&share), "{share}");
}
