//! `wodds sweep` and `wodds balance` end to end: a sweep's exact points are
//! what `wodds run` gives on the scenario edited by hand; a sweep over a
//! rule setting is what a house-rule file gives; balance finds the even
//! value a symmetric fight knows; bad flags exit 2 naming the flag.

use std::path::Path;
use std::process::{Command, Output};

fn wodds(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wodds"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .env("RAYON_NUM_THREADS", "2")
        .output()
        .expect("run wodds")
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = wodds(args);
    assert!(
        out.status.success(),
        "wodds {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// `wodds run --format json`'s exact win rate of `side` under `edition`.
fn exact_win(run: &serde_json::Value, edition: &str, side: &str) -> Option<f64> {
    let e = run.as_array()?.iter().find(|e| e["edition"] == edition)?;
    let s = e["sides"].as_array()?.iter().find(|s| s["side"] == side)?;
    s["exact_win_rate"].as_f64()
}

/// "Prints exact win rates for every edition with a chain, and each
/// matches `wodds run` on a scenario file edited by hand to that value":
/// Veronica's Dexterity 1 to 5 in the bar brawl.
#[test]
fn a_sweep_matches_run_on_the_scenario_edited_by_hand() {
    let sweep = json(&[
        "sweep",
        "scenarios/brawl.toml",
        "--vary",
        "Veronica.dexterity=1..5",
        "--format",
        "json",
        "-q",
    ]);
    let rows = sweep.as_array().unwrap();
    assert_eq!(rows.len(), 5 * 4 * 2, "5 values, 4 editions, 2 sides");
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/brawl.toml"),
    )
    .unwrap();
    // Veronica's line is the first member's traits.
    let veronica = "traits = { strength = 2, dexterity = 2, stamina = 2, wits = 2, brawl = 1, dodge = 1, willpower = 3 }";
    let at = text.find(veronica).expect("Veronica's traits");
    let dir = tempfile::tempdir().unwrap();
    let mut exact = 0;
    for v in 1..=5 {
        let edited = format!(
            "{}{}{}",
            &text[..at],
            veronica.replace("dexterity = 2", &format!("dexterity = {v}")),
            &text[at + veronica.len()..]
        );
        let path = dir.path().join(format!("brawl-{v}.toml"));
        std::fs::write(&path, edited).unwrap();
        let run = json(&[
            "run",
            path.to_str().unwrap(),
            "--trials",
            "1000",
            "--format",
            "json",
            "-q",
        ]);
        let value = v.to_string();
        for r in rows.iter().filter(|r| r["values"][0] == value.as_str()) {
            let (edition, side) = (r["edition"].as_str().unwrap(), r["side"].as_str().unwrap());
            let want = exact_win(&run, edition, side);
            if r["exact"] == true {
                let want = want.expect("run has the chain too");
                let got = r["win_rate"].as_f64().unwrap();
                assert!(
                    (got - want).abs() < 1e-12,
                    "{v} {edition} {side}: {got} vs {want}"
                );
                exact += 1;
            } else {
                assert!(
                    want.is_none(),
                    "{v} {edition}: run has a chain the sweep lacks"
                );
            }
        }
    }
    assert_eq!(exact, 40, "the brawl has a chain under every edition");
}

/// "A sweep over a rule setting reproduces what a hand-written house-rule
/// file gives": fta's piling on at 1 against the neonate and two thugs is
/// docs/examples/fta-light-piling.toml; at 2 it is fta itself.
#[test]
fn a_sweep_over_a_setting_is_the_house_rule_file() {
    let sweep = json(&[
        "sweep",
        "scenarios/neonate-vs-two-thugs.toml",
        "--vary",
        "rules.combat.fta.piling-on.attacking=1,2",
        "--editions",
        "fta,revised",
        "--format",
        "json",
        "-q",
    ]);
    let rows = sweep.as_array().unwrap();
    assert!(
        rows.iter().all(|r| r["edition"] == "fta"),
        "revised has no [combat.fta]: left out"
    );
    for (value, rules) in [("1", "docs/examples/fta-light-piling.toml"), ("2", "fta")] {
        let run = json(&[
            "run",
            "scenarios/neonate-vs-two-thugs.toml",
            "--editions",
            rules,
            "--trials",
            "1000",
            "--format",
            "json",
            "-q",
        ]);
        for r in rows.iter().filter(|r| r["values"][0] == value) {
            let side = r["side"].as_str().unwrap();
            let want = exact_win(&run, rules, side).expect("a chain");
            let got = r["win_rate"].as_f64().unwrap();
            assert!(r["exact"] == true);
            assert!(
                (got - want).abs() < 1e-12,
                "{value} {side}: {got} vs {want}"
            );
        }
        // The same rules, the same hash.
        let hash = run[0]["rules_hash"].as_str().unwrap();
        assert!(
            rows.iter()
                .filter(|r| r["values"][0] == value)
                .all(|r| r["rules_hash"] == hash)
        );
    }
}

/// "`wodds balance` finds the break-even value of a trait in a test where
/// it is known by symmetry": in the fair fight Red and Blue are equal at
/// Dexterity 3, so varying Red's the even value is Blue's own, 3, under
/// every edition (exactly 1/2 of the decided fights there; the other
/// values are further from an even fight).
#[test]
fn balance_finds_the_fair_fights_own_value() {
    let found = json(&[
        "balance",
        "scenarios/fair-fight.toml",
        "--vary",
        "Red.dexterity=1..5",
        "--format",
        "json",
        "-q",
    ]);
    let found = found.as_array().unwrap();
    assert_eq!(found.len(), 4);
    for b in found {
        assert_eq!(b["value"], 3, "{b}");
        assert_eq!(b["monotone"], true, "{b}");
        let (w, below, above) = (
            b["win_rate"].as_f64().unwrap(),
            b["below"][1].as_f64().unwrap(),
            b["above"][1].as_f64().unwrap(),
        );
        assert!(below < w && w < above, "{b}");
    }
}

/// Issue 24, item 6: when no value in the range reaches the target,
/// `wodds balance` says so plainly, in text and JSON, and names the value
/// that comes closest. In the fair fight Red is below Blue's Dexterity 3
/// at 1 and 2, so Red wins less than half the fights at both (29.65%
/// exactly at 2 under revised, as the even search above shows): no value
/// of 1..2 reaches 50%, and 2 comes closest. With 1..5 the target is
/// reached (and the JSON says so).
#[test]
fn balance_says_when_no_value_reaches_the_target() {
    let args = |range: &'static str, format: &'static str| {
        [
            "balance",
            "scenarios/fair-fight.toml",
            "--vary",
            range,
            "--editions",
            "revised,hubris",
            "--format",
            format,
            "-q",
        ]
    };
    let found = json(&args("Red.dexterity=1..2", "json"));
    let found = found.as_array().unwrap();
    assert_eq!(found.len(), 2);
    for b in found {
        assert_eq!(b["reached"], false, "{b}");
        assert_eq!(b["value"], 2, "{b}");
        let (w, lowest, highest) = (
            b["win_rate"].as_f64().unwrap(),
            b["lowest"].as_f64().unwrap(),
            b["highest"].as_f64().unwrap(),
        );
        assert!(lowest < highest && highest < 0.5 && w == highest, "{b}");
    }
    let out = wodds(&args("Red.dexterity=1..2", "table"));
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let revised = text.lines().find(|l| l.starts_with("revised")).unwrap();
    assert!(
        revised.starts_with(
            "revised    no value of Red.dexterity from 1 to 2 reaches 50.00%: Red wins "
        ) && revised.contains("; closest is 2 (29.65% exactly)"),
        "{text}"
    );
    let reached = json(&args("Red.dexterity=1..5", "json"));
    for b in reached.as_array().unwrap() {
        assert_eq!(b["reached"], true, "{b}");
        assert_eq!(b["value"], 3, "{b}");
    }
}

/// Bad flags: exit 2, one line naming the flag and what is allowed.
#[test]
fn bad_flags_name_the_flag_and_the_allowed_values() {
    for (args, says) in [
        (
            &["--vary", "Nobody.dexterity=1..3"][..],
            "no member `Nobody`",
        ),
        (
            &["--vary", "Veronica.dexterty=1..3"][..],
            "not a field of a member",
        ),
        (
            &["--vary", "Veronica.dexterity=0..3"][..],
            "0 is outside 1..=10",
        ),
        (&["--vary", "Veronica.dexterity=5..1"][..], "is empty"),
        (
            &["--vary", "Veronica.weapon=knife,spoon"][..],
            "unknown weapon `spoon`",
        ),
        (
            &["--vary", "rules.combat.nothing=1,2"][..],
            "has the setting `combat.nothing`",
        ),
        (&["--vary", "rules.dice.difficulty-range=1"][..], "--vary"),
        (&["--vary", "Veronica.dexterity"][..], "path=values"),
    ] {
        let mut all = vec!["sweep", "scenarios/brawl.toml"];
        all.extend(args);
        let out = wodds(&all);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("--vary") && err.contains(says),
            "{args:?}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(out.stdout.is_empty());
    }
    let out = wodds(&[
        "balance",
        "scenarios/brawl.toml",
        "--vary",
        "Veronica.weapon=knife,club",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("integer"));
}

/// `--out`: `sweep.parquet` and a chart (a heatmap per edition for a
/// grid), written whole into a new folder; a folder holding something
/// else is refused and left as it is.
#[test]
fn out_writes_the_table_and_charts() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sweep");
    let run = wodds(&[
        "sweep",
        "scenarios/brawl.toml",
        "--vary",
        "Veronica.dexterity=2..3",
        "--vary",
        "Marcus.weapon=fists,knife",
        "--editions",
        "revised,hubris",
        "--out",
        out.to_str().unwrap(),
        "-q",
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let parquet = std::fs::read(out.join("sweep.parquet")).unwrap();
    assert_eq!(&parquet[..4], b"PAR1");
    for e in ["revised", "hubris"] {
        for ext in ["svg", "png"] {
            assert!(
                out.join(format!("heatmap-{e}.{ext}")).is_file(),
                "{e}.{ext}"
            );
        }
    }
    let other = dir.path().join("other");
    std::fs::create_dir(&other).unwrap();
    std::fs::write(other.join("keep.txt"), "mine").unwrap();
    let run = wodds(&[
        "sweep",
        "scenarios/brawl.toml",
        "--vary",
        "Veronica.dexterity=2..3",
        "--out",
        other.to_str().unwrap(),
        "-q",
    ]);
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("--out"));
    assert_eq!(
        std::fs::read_to_string(other.join("keep.txt")).unwrap(),
        "mine"
    );
}

/// Regression: `--vary rules.combat.health.wound-penalties=[0,1,1,2,2,5],[0,0,1,1,2,3]`
/// split on the commas inside the brackets ("a list value must be one
/// value"). Two arrays are two points; the first is revised's own track,
/// so its odds are revised's.
#[test]
fn a_sweep_over_list_values_splits_outside_the_brackets() {
    let sweep = json(&[
        "sweep",
        "scenarios/brawl.toml",
        "--vary",
        "rules.combat.health.wound-penalties=[0,1,1,2,2,5],[0,0,1,1,2,3]",
        "--editions",
        "revised",
        "--format",
        "json",
        "-q",
    ]);
    let rows = sweep.as_array().unwrap();
    let values: std::collections::BTreeSet<&str> = rows
        .iter()
        .map(|r| r["values"][0].as_str().unwrap())
        .collect();
    assert_eq!(
        values.into_iter().collect::<Vec<_>>(),
        ["[0,0,1,1,2,3]", "[0,1,1,2,2,5]"]
    );
    let run = json(&[
        "run",
        "scenarios/brawl.toml",
        "--editions",
        "revised",
        "--trials",
        "1000",
        "--format",
        "json",
        "-q",
    ]);
    for r in rows.iter().filter(|r| r["values"][0] == "[0,1,1,2,2,5]") {
        let side = r["side"].as_str().unwrap();
        let want = exact_win(&run, "revised", side).expect("a chain");
        assert!((r["win_rate"].as_f64().unwrap() - want).abs() < 1e-12);
    }
    let lighter: Vec<f64> = rows
        .iter()
        .filter(|r| r["values"][0] == "[0,0,1,1,2,3]")
        .map(|r| r["win_rate"].as_f64().unwrap())
        .collect();
    assert!(!lighter.is_empty());
}
