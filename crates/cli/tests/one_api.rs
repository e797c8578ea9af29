//! One library API (issue 28): the command line is a layer over
//! `wodds_api`, so the same request made through the API (as the page and
//! the Python module make it, from text) and through `wodds ... --format
//! csv` (from files) gives the same CSV, byte for byte.

// The shared helpers, of which this file needs only a few.
#[allow(dead_code)]
#[path = "common/root.rs"]
mod root;

use root::{HOUSE, ROOT, ok};
use wodds_api::request;

fn stdout(args: &[&str]) -> String {
    String::from_utf8(ok(args).stdout).expect("UTF-8")
}

fn text(path: &str) -> String {
    std::fs::read_to_string(format!("{ROOT}/{path}")).expect("a file of the repository")
}

/// A house rule as the page gives it: its text, named as the CLI names its
/// file (the id keys sampled figures' streams).
fn house() -> serde_json::Value {
    serde_json::json!({"id": HOUSE, "file": HOUSE, "text": text(HOUSE)})
}

fn query<T: serde::de::DeserializeOwned>(v: serde_json::Value) -> T {
    serde_json::from_value(v).expect("a valid query")
}

#[test]
fn odds_exact_and_sampled_are_the_cli_s() {
    let exact: request::OddsQuery = query(serde_json::json!({
        "editions": ["revised", "hubris", house()], "pool": [1, 6],
        "options": {"specialty": true},
    }));
    assert_eq!(
        request::odds(&exact).unwrap().csv,
        stdout(&[
            "odds",
            "-e",
            &format!("revised,hubris,{HOUSE}"),
            "--pool",
            "1-6",
            "--specialty",
            "--format",
            "csv",
            "-q"
        ])
    );
    let mc: request::OddsQuery = query(serde_json::json!({
        "editions": [house()], "pool": 5, "difficulty": 7,
        "method": "mc", "trials": 30000, "seed": 9,
    }));
    assert_eq!(
        request::odds(&mc).unwrap().csv,
        stdout(&[
            "odds",
            "-e",
            HOUSE,
            "--pool",
            "5",
            "--difficulty",
            "7",
            "--method",
            "mc",
            "--trials",
            "30000",
            "--seed",
            "9",
            "--format",
            "csv",
            "-q"
        ])
    );
}

#[test]
fn runs_are_the_cli_s() {
    for (scenario, editions) in [
        ("scenarios/brawl.toml", "revised,fta,uwod,hubris"),
        ("scenarios/police-pursuit.toml", "fta,hubris"),
        ("scenarios/ted-grapples-peter.toml", "revised,uwod"),
    ] {
        let names: Vec<&str> = editions.split(',').collect();
        let q: request::RunQuery = query(serde_json::json!({
            "scenario": text(scenario), "file": scenario,
            "editions": names, "trials": 3000, "seed": 4,
        }));
        let api = request::run(&q, &|_, _| {}, &|| false).unwrap().unwrap();
        assert_eq!(
            api.csv,
            stdout(&[
                "run",
                scenario,
                "--editions",
                editions,
                "--trials",
                "3000",
                "--seed",
                "4",
                "--format",
                "csv",
                "-q"
            ]),
            "{scenario}"
        );
    }
}

#[test]
fn compare_actions_and_rules_are_the_cli_s() {
    let q: request::CompareQuery = query(serde_json::json!({
        "base": "revised", "rule": house(),
        "scenarios": [{"text": text("scenarios/brawl.toml"), "file": "scenarios/brawl.toml"}],
    }));
    assert_eq!(
        request::compare(&q, &()).unwrap().csv,
        stdout(&[
            "compare",
            "revised",
            HOUSE,
            "scenarios/brawl.toml",
            "--format",
            "csv",
            "-q"
        ])
    );
    let q: request::ExtendedQuery = query(serde_json::json!({
        "edition": "revised", "pool": 7, "difficulty": 7, "target": 18, "max_rolls": 10,
        "botch": "wipe", "options": {"willpower": true},
    }));
    assert_eq!(
        request::extended(&q).unwrap().csv,
        stdout(&[
            "action",
            "extended",
            "-e",
            "revised",
            "--pool",
            "7",
            "--difficulty",
            "7",
            "--target",
            "18",
            "--max-rolls",
            "10",
            "--botch",
            "wipe",
            "--willpower",
            "--format",
            "csv",
            "-q"
        ])
    );
    let a: wodds_api::Edition = query(serde_json::json!("fta"));
    let b: wodds_api::Edition = query(house());
    assert_eq!(
        wodds_api::rules::diff_csv(&request::diff(&a, &b).unwrap()),
        stdout(&["rules", "diff", "fta", HOUSE, "--format", "csv"])
    );
    assert_eq!(
        wodds_api::rules::show_csv(&request::show(&b).unwrap().settings),
        stdout(&["rules", "show", HOUSE, "--format", "csv"])
    );
}
