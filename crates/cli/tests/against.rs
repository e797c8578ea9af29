//! `wodds report --against EDITION` and `wodds compare --out DIR`: the
//! page opens with what each rule changes, and its table
//! (`changes.parquet`, `changes.csv`) holds the very figures `wodds
//! compare` prints — exact from both round chains where they exist, else
//! the same paired runs with the same intervals.

use std::path::Path;

use serde_json::Value;

#[path = "common/root.rs"]
mod root;
use root::{HOUSE, f, ok, wodds};

/// The rows of a report's `changes.csv`, each as its header's fields.
fn changes(dir: &Path) -> Vec<csv::StringRecord> {
    let mut r = csv::Reader::from_path(dir.join("changes.csv")).unwrap();
    let head = r.headers().unwrap().clone();
    assert_eq!(
        head.iter().collect::<Vec<_>>(),
        [
            "base",
            "rule",
            "section",
            "scenario",
            "item",
            "metric",
            "base_value",
            "rule_value",
            "change",
            "ci_low",
            "ci_high",
            "exact",
            "base_hash",
            "rule_hash",
            "wodds_version"
        ]
    );
    r.records().map(Result::unwrap).collect()
}

/// The row of `rows` for `scenario`'s `metric` of `item`.
fn row<'a>(
    rows: &'a [csv::StringRecord],
    scenario: &str,
    item: &str,
    metric: &str,
) -> &'a csv::StringRecord {
    rows.iter()
        .find(|r| r[2] == *"scenario" && &r[3] == scenario && &r[4] == item && &r[5] == metric)
        .unwrap_or_else(|| panic!("no {scenario} {item} {metric} in {rows:?}"))
}

fn num(s: &str) -> f64 {
    s.parse().unwrap_or_else(|_| panic!("not a number: {s}"))
}

/// What minijinja makes of text on the page.
fn escaped(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#x27;")
}

#[test]
fn compare_out_writes_the_page_of_what_the_rule_changes_with_the_printed_figures() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("page");
    let out_s = out.to_str().unwrap();
    let args = [
        "compare",
        "revised",
        HOUSE,
        "scenarios/brawl.toml",
        "--trials",
        "2000",
        "--format",
        "json",
        "-q",
    ];
    let printed: Value = serde_json::from_slice(&ok(&args).stdout).unwrap();
    let mut with_page = args.to_vec();
    with_page.extend(["--out", out_s]);
    let paged: Value = serde_json::from_slice(&ok(&with_page).stdout).unwrap();
    // The page's comparison is the one compare prints without it.
    assert_eq!(printed, paged);

    let s = &printed["scenarios"][0];
    assert_eq!(s["method"]["method"], "exact");
    let rows = changes(&out);
    for side in s["sides"].as_array().unwrap() {
        let name = side["side"].as_str().unwrap();
        let r = row(&rows, "brawl", name, "win_rate");
        assert_eq!((&r[0], &r[1], &r[11]), ("revised", HOUSE, "true"));
        let want = f(&side["win"]["change"]);
        assert!((num(&r[8]) - want).abs() < 1e-12, "{r:?} vs {want}");
        assert_eq!((num(&r[9]), num(&r[10])), (num(&r[8]), num(&r[8])));
    }
    let moved = printed["grid"]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| f(&c["success"]["change"]) != 0.0)
        .count();
    let listed = rows
        .iter()
        .filter(|r| &r[2] == "odds" && &r[5] == "p_success")
        .count();
    assert!(moved > 100 && listed == moved, "{listed} vs {moved}");

    let page = std::fs::read_to_string(out.join("index.html")).unwrap();
    let opens = page.find("<h2 id=\"changes\">What your rule changes</h2>");
    let summary = page.find("<h2 id=\"summary\">").unwrap();
    assert!(opens.is_some_and(|i| i < summary), "no opening section");
    assert!(page.contains("<li><a href=\"#changes\">What your rule changes</a>"));
    assert!(page.contains(&escaped(s["verdict"].as_str().unwrap())));
    assert!(page.contains("href=\"changes.csv\""));
    for chart in [
        "changes-success-docs-examples-our-table-next",
        "changes-wins",
    ] {
        for ext in ["svg", "png"] {
            let file = out.join(format!("charts/{chart}.{ext}"));
            assert!(file.is_file(), "{}", file.display());
        }
    }
    let manifest: Value =
        serde_json::from_slice(&std::fs::read(out.join("manifest.json")).unwrap()).unwrap();
    assert!(
        manifest["command"]
            .as_str()
            .unwrap()
            .ends_with(&format!("--editions revised,{HOUSE} --against revised")),
        "{}",
        manifest["command"]
    );
    // The gate makes it again, --against and all, and finds nothing moved.
    ok(&["check", "--baseline", out_s, "-q"]);
}

#[test]
fn a_report_against_a_base_pairs_a_scenario_without_a_chain_as_compare_does() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("report");
    let (scenario, rule) = (
        "scenarios/garou-vs-hunters.toml",
        "docs/examples/fta-light-piling.toml",
    );
    let editions = format!("fta,{rule}");
    ok(&[
        "report",
        scenario,
        "--editions",
        &editions,
        "--against",
        "fta",
        "--trials",
        "2000",
        "--seed",
        "5",
        "--out",
        out.to_str().unwrap(),
        "-q",
    ]);
    let d: Value = serde_json::from_slice(
        &ok(&[
            "compare", "fta", rule, scenario, "--trials", "2000", "--seed", "5", "--format",
            "json", "-q",
        ])
        .stdout,
    )
    .unwrap();
    let s = &d["scenarios"][0];
    assert_eq!(s["method"]["method"], "paired");
    let rows = changes(&out);
    for side in s["sides"].as_array().unwrap() {
        let r = row(
            &rows,
            "garou-vs-hunters",
            side["side"].as_str().unwrap(),
            "win_rate",
        );
        assert_eq!(&r[11], "false");
        let w = &side["win"];
        for (col, key) in [(8, "change"), (9, "low"), (10, "high")] {
            assert!((num(&r[col]) - f(&w[key])).abs() < 1e-12, "{r:?} vs {w}");
        }
        // A paired interval, not a point.
        assert!(num(&r[9]) < num(&r[10]), "{r:?}");
    }
}

#[test]
fn against_what_the_report_cannot_compare_is_one_line_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x");
    let out = out.to_str().unwrap();
    for (args, says) in [
        (
            vec![
                "report",
                "scenarios/brawl.toml",
                "--editions",
                "revised,fta",
                "--against",
                "uwod",
                "--out",
                out,
            ],
            "--against: uwod is not one of the report's editions (revised, fta)",
        ),
        (
            vec![
                "report",
                "scenarios/brawl.toml",
                "--editions",
                "revised",
                "--against",
                "revised",
                "--out",
                out,
            ],
            "--against",
        ),
        (
            vec![
                "report",
                "scenarios/brawl.toml",
                "--editions",
                "revised,fta",
                "--against",
                "revised",
                "--shard",
                "0/2",
                "--out",
                out,
            ],
            "--against",
        ),
        (
            vec![
                "compare",
                "revised",
                "fta",
                "scenarios/brawl.toml",
                "--sampler",
                "die",
                "--out",
                out,
            ],
            "--out",
        ),
        (vec!["compare", "revised", "fta", "--out", out], "--out"),
    ] {
        let o = wodds(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!Path::new(out).exists(), "{args:?} wrote {out}");
    }
}
