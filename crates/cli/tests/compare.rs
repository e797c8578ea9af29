//! `wodds compare BASE RULE [SCENARIOS...]` end to end: its changes are
//! the differences of what `wodds run` and `wodds odds` say under each
//! rule set, exactly where the round chains give them; where they are
//! estimated, both rule sets are played on the same random numbers and the
//! paired interval is narrower than two independent runs' and covers the
//! exact change.

use serde_json::Value;

#[path = "common/root.rs"]
mod root;
use root::{HOUSE, f, ok, wodds};

fn json(args: &[&str]) -> Value {
    serde_json::from_slice(&ok(args).stdout).unwrap()
}

/// `wodds run`'s exact chance of each side winning under `edition`.
fn exact_wins(scenario: &str, edition: &str) -> Vec<f64> {
    let run = json(&[
        "run",
        scenario,
        "--editions",
        edition,
        "--trials",
        "1000",
        "--format",
        "json",
        "-q",
    ]);
    run[0]["sides"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| f(&s["exact_win_rate"]))
        .collect()
}

#[test]
fn the_brawls_exact_change_is_the_difference_of_the_two_runs() {
    let d = json(&[
        "compare",
        "revised",
        HOUSE,
        "scenarios/brawl.toml",
        "--format",
        "json",
        "-q",
    ]);
    assert_eq!(
        d["settings"].as_array().unwrap().len(),
        1,
        "{}",
        d["settings"]
    );
    assert_eq!(d["settings"][0]["key"], "dice.ones");
    let s = &d["scenarios"][0];
    assert_eq!(s["method"]["method"], "exact");
    let (base, rule) = (
        exact_wins("scenarios/brawl.toml", "revised"),
        exact_wins("scenarios/brawl.toml", HOUSE),
    );
    for (i, side) in s["sides"].as_array().unwrap().iter().enumerate() {
        let w = &side["win"];
        assert!((f(&w["base"]) - base[i]).abs() < 1e-12, "{w}");
        assert!((f(&w["rule"]) - rule[i]).abs() < 1e-12, "{w}");
        assert!((f(&w["change"]) - (rule[i] - base[i])).abs() < 1e-12, "{w}");
        // Exact: the interval is the change itself.
        assert_eq!(w["low"], w["change"]);
        assert_eq!(w["high"], w["change"]);
    }
    // Only one setting differs: nothing to split between settings.
    assert!(s["by_setting"].as_array().unwrap().is_empty());
}

/// `wodds odds`'s rows under `edition`: (pool, difficulty) -> (success, botch).
fn odds(edition: &str) -> std::collections::HashMap<(i64, i64), (f64, f64)> {
    let out = wodds(&[
        "odds",
        "--edition",
        edition,
        "--pool",
        "1-20",
        "--format",
        "csv",
        "-q",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    let head: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name: &str| head.iter().position(|h| *h == name).unwrap();
    let (p, d, s, b) = (
        col("pool"),
        col("difficulty"),
        col("p_success"),
        col("p_botch"),
    );
    lines
        .map(|l| {
            let c: Vec<&str> = l.split(',').collect();
            (
                (c[p].parse().unwrap(), c[d].parse().unwrap()),
                (c[s].parse().unwrap(), c[b].parse().unwrap()),
            )
        })
        .collect()
}

#[test]
fn the_grids_changes_are_the_differences_of_the_odds_rows() {
    let d = json(&["compare", "revised", HOUSE, "--format", "json", "-q"]);
    assert_eq!(d["grid"]["alike"], true);
    let (base, rule) = (odds("revised"), odds(HOUSE));
    let cells = d["grid"]["cells"].as_array().unwrap();
    assert_eq!(cells.len(), base.len());
    let mut moved = 0;
    for c in cells {
        let key = (
            c["pool"].as_i64().unwrap(),
            c["difficulty"].as_i64().unwrap(),
        );
        let ((sb, bb), (sr, br)) = (base[&key], rule[&key]);
        let change = |x: &Value| f(&x["change"]);
        assert!((change(&c["success"]) - (sr - sb)).abs() < 1e-11, "{c}");
        assert!((change(&c["botch"]) - (br - bb)).abs() < 1e-11, "{c}");
        moved += usize::from(change(&c["success"]) != 0.0);
    }
    // One die has no success to cancel: only pools of two or more move.
    assert!(moved > 100 && moved < cells.len(), "{moved}");
}

/// Half the width of a 95% interval.
fn half(v: &Value) -> f64 {
    (f(&v["high"]) - f(&v["low"])) / 2.0
}

/// A paired figure's 95% interval holds the exact change `want`.
fn covers(paired: &Value, want: f64) {
    assert!(
        f(&paired["low"]) <= want && want <= f(&paired["high"]),
        "exact {want} outside {paired}"
    );
}

/// The half width of a side's Wilson interval in an independent
/// `wodds run` of `trials` fights under `edition`.
fn independent_half(scenario: &str, edition: &str, trials: &str, side: usize) -> f64 {
    let run = json(&[
        "run",
        scenario,
        "--editions",
        edition,
        "--trials",
        trials,
        "--sampler",
        "outcome",
        "--format",
        "json",
        "-q",
    ]);
    let s = &run[0]["sides"][side];
    (f(&s["win_high"]) - f(&s["win_low"])) / 2.0
}

/// How many times narrower `compare`'s paired interval of the change in
/// the first side's chance to win is than two independent runs' of as
/// many fights (Wilson intervals, in quadrature), on garou-vs-hunters
/// under fta (no round chain) at 20,000 fights and seed 5; and that
/// `compare` says as much itself.
fn narrower_on_garou(rule: &str) -> f64 {
    let (scenario, base) = ("scenarios/garou-vs-hunters.toml", "fta");
    let trials = "20000";
    let d = json(&[
        "compare", base, rule, scenario, "--trials", trials, "--seed", "5", "--format", "json",
        "-q",
    ]);
    let s = &d["scenarios"][0];
    assert_eq!(s["method"]["method"], "paired", "{}", s["method"]);
    // Why not exact (issue 29): the base's rounds take too many paths.
    let why = s["no_chain"].as_str().expect("no_chain");
    assert!(why.starts_with("fta: one round takes more than"), "{why}");
    let paired = half(&s["sides"][0]["win"]);
    let independent = (independent_half(scenario, base, trials, 0).powi(2)
        + independent_half(scenario, rule, trials, 0).powi(2))
    .sqrt();
    let narrower = independent / paired;
    // What compare itself says of it agrees (from the same marginals).
    let said = f(&s["method"]["narrower"]);
    assert!((said / narrower - 1.0).abs() < 0.05, "{said} vs {narrower}");
    narrower
}

#[test]
fn paired_runs_narrow_the_interval_of_a_change_on_a_scenario_without_a_chain() {
    // A one-number rule that acts late (Crippled costs 3 dice, not 5):
    // the two rule sets' fights are the same until somebody is Crippled,
    // so most of the luck is shared. Measured 3.99x (3.89x at seed 6).
    let late = narrower_on_garou("docs/examples/fta-crippled-three.toml");
    assert!(late >= 3.0, "only {late:.2}x narrower");
    // A one-number rule that acts from the first round (an attacker loses
    // one die to defend, not two): the fights part early, and pairing
    // gains less. Measured 2.74x with every random call keyed by where in
    // the conflict it is made (2.48x with one stream a round).
    let early = narrower_on_garou("docs/examples/fta-light-piling.toml");
    assert!(early >= 2.5, "only {early:.2}x narrower");
}

/// The late rule's paired interval on the neonate's fight (which has a
/// chain), forced to the outcome sampler that plays fights without one,
/// covers the exact change.
#[test]
fn a_paired_interval_covers_the_exact_change_of_a_chain_forced_to_the_outcome_sampler() {
    let rule = "docs/examples/fta-crippled-three.toml";
    let scenario = "scenarios/neonate-vs-two-thugs.toml";
    let exact = json(&["compare", "fta", rule, scenario, "--format", "json", "-q"]);
    let e = &exact["scenarios"][0];
    assert_eq!(e["method"]["method"], "exact");
    let paired = json(&[
        "compare",
        "fta",
        rule,
        scenario,
        "--sampler",
        "outcome",
        "--trials",
        "20000",
        "--seed",
        "5",
        "--format",
        "json",
        "-q",
    ]);
    let p = &paired["scenarios"][0];
    assert_eq!(p["method"]["method"], "paired");
    for side in 0..2 {
        let w = &p["sides"][side]["win"];
        covers(w, f(&e["sides"][side]["win"]["change"]));
        // A real change, found: the interval is clear of zero.
        assert!(f(&w["low"]) * f(&w["high"]) > 0.0, "{w}");
    }
}

#[test]
fn a_paired_interval_covers_the_exact_change_of_a_chain_forced_to_the_per_die_sampler() {
    let exact = json(&[
        "compare",
        "revised",
        HOUSE,
        "scenarios/brawl.toml",
        "--format",
        "json",
        "-q",
    ]);
    let paired = json(&[
        "compare",
        "revised",
        HOUSE,
        "scenarios/brawl.toml",
        "--sampler",
        "die",
        "--trials",
        "20000",
        "--format",
        "json",
        "-q",
    ]);
    let (e, p) = (&exact["scenarios"][0], &paired["scenarios"][0]);
    assert_eq!(p["method"]["method"], "paired");
    assert_eq!(p["method"]["sampler"], "per-die");
    for side in 0..2 {
        covers(
            &p["sides"][side]["win"],
            f(&e["sides"][side]["win"]["change"]),
        );
    }
    covers(&p["rounds"], f(&e["rounds"]["change"]));
}

#[test]
fn each_setting_alone_says_which_part_of_the_rule_does_the_work() {
    // Two settings: 1s that no longer cancel (moves the brawl) and a
    // foot race's target (no chase in a brawl: moves nothing).
    let dir = tempfile::tempdir().unwrap();
    let rule = dir.path().join("two.toml");
    std::fs::write(
        &rule,
        "extends = \"revised\"\nname = \"Two\"\n[dice]\nones = \"ignore\"\n\
         [chase.race]\nfoot-target = 12\n",
    )
    .unwrap();
    let rule = rule.to_str().unwrap();
    let both = json(&[
        "compare",
        "revised",
        rule,
        "scenarios/brawl.toml",
        "--format",
        "json",
        "-q",
    ]);
    let s = &both["scenarios"][0];
    let by: Vec<&Value> = s["by_setting"].as_array().unwrap().iter().collect();
    assert_eq!(by.len(), 2, "{}", s["by_setting"]);
    let ones = by.iter().find(|e| e["key"] == "dice.ones").unwrap();
    let race = by
        .iter()
        .find(|e| e["key"] == "chase.race.foot-target")
        .unwrap();
    for side in 0..2 {
        let total = f(&s["sides"][side]["win"]["change"]);
        assert!((f(&ones["wins"][side]["change"]) - total).abs() < 1e-12);
        assert_eq!(f(&race["wins"][side]["change"]), 0.0);
    }
    assert_eq!(f(&race["rounds"]["change"]), 0.0);
    let table = wodds(&["compare", "revised", rule, "scenarios/brawl.toml", "-q"]);
    let text = String::from_utf8(table.stdout).unwrap();
    assert!(text.contains("each setting alone on the base"), "{text}");
}

#[test]
fn the_text_formats_lead_with_the_settings_and_the_verdicts() {
    let out = wodds(&["compare", "revised", HOUSE, "scenarios/brawl.toml", "-q"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let first: Vec<&str> = text.lines().take(4).collect();
    assert!(first[0].contains("against revised") && first[0].ends_with("1 setting differs"));
    assert!(text.contains("dice.ones  \"cancel\"  \"ignore\""), "{text}");
    assert!(text.contains("brawl: Veronica"), "{text}");
    let md = wodds(&[
        "compare",
        "revised",
        HOUSE,
        "scenarios/brawl.toml",
        "--format",
        "markdown",
        "-q",
    ]);
    let md = String::from_utf8(md.stdout).unwrap();
    assert!(
        md.starts_with("# docs/examples/our-table-next.toml"),
        "{md}"
    );
    assert!(
        md.contains("| setting | base | rule |\n|---|---|---|"),
        "{md}"
    );
    let csv = wodds(&[
        "compare",
        "revised",
        HOUSE,
        "scenarios/brawl.toml",
        "--format",
        "csv",
        "-q",
    ]);
    let csv = String::from_utf8(csv.stdout).unwrap();
    assert!(csv.starts_with("section,scenario,item,metric,base,rule,change,low,high,method\n"));
    // Every listed single-roll change moved by 1e-9 or more.
    for line in csv.lines().filter(|l| l.starts_with("odds,")) {
        let change: f64 = line.split(',').nth(6).unwrap().parse().unwrap();
        assert!(change.abs() >= 1e-9, "{line}");
    }
    assert!(!csv.contains("NaN") && !csv.contains("-0,"), "{csv}");
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    for (args, says) in [
        (vec!["compare", "revised", "nosuch"], "RULE"),
        (vec!["compare", "nosuch.toml", "revised"], "BASE"),
        (vec!["compare", "revised", "fta", "--top", "0"], "--top"),
        (
            vec!["compare", "revised", "fta", "--trials", "0"],
            "--trials",
        ),
        (
            vec!["compare", "revised", "fta", "no-such-scenario.toml"],
            "no-such-scenario.toml",
        ),
    ] {
        let out = wodds(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
