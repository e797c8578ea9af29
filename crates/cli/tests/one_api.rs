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

// The actions of `wodds action`: each kind's request gives the CSV of the
// subcommand with the same values, exact and sampled, and its JSON
// document beside it; a bad value gives the subcommand's error, its flags
// named as the request's fields.

/// `wodds action KIND ARGS...` (split at spaces).
fn action_args<'a>(kind: &'a str, args: &'a str, format: &'a str) -> Vec<&'a str> {
    let mut all = vec!["action", kind];
    all.extend(args.split_whitespace());
    all.extend(["--format", format, "-q"]);
    all
}

/// What `wodds action KIND ARGS... --format csv` writes.
fn action_csv(kind: &str, args: &str) -> String {
    stdout(&action_args(kind, args, "csv"))
}

/// What `wodds action KIND ARGS... --format json` writes, parsed.
fn action_json(kind: &str, args: &str) -> serde_json::Value {
    serde_json::from_str(&stdout(&action_args(kind, args, "json"))).expect("JSON")
}

/// The line `wodds action KIND ARGS...` prints after `error: `; it must
/// fail with exit code 2 (bad input).
fn action_error(kind: &str, args: &str) -> String {
    let out = root::wodds(&action_args(kind, args, "csv"));
    assert_eq!(out.status.code(), Some(2), "{kind} {args}");
    let err = String::from_utf8(out.stderr).expect("UTF-8");
    let line = err.lines().next().expect("a line");
    line.strip_prefix("error: ")
        .unwrap_or_else(|| panic!("{line}"))
        .to_string()
}

/// An answer as JSON without its CSV: the subcommand's `--format json`.
/// Read from its text, as the CLI's is (serde_json reads some numbers'
/// shortest text a bit off the float written; both are read the same).
fn without_csv<T: serde::Serialize>(answer: &T) -> serde_json::Value {
    let text = serde_json::to_string(answer).expect("JSON");
    let mut v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    v.as_object_mut().expect("an object").remove("csv");
    v
}

/// Each case: the request's JSON and the subcommand's flags. Each request
/// is sent as text through `actions::any`, as the page and the Python module
/// send it; the first's answer is also held to the subcommand's JSON.
fn same_as_cli(kind: &str, cases: &[(serde_json::Value, &str)]) {
    for (i, (q, args)) in cases.iter().enumerate() {
        let answer = request::actions::any(kind, &q.to_string())
            .unwrap_or_else(|e| panic!("{kind} {args}: {e}"));
        assert_eq!(answer.csv(), action_csv(kind, args), "{kind} {args}");
        if i == 0 {
            assert_eq!(
                without_csv(&answer),
                action_json(kind, args),
                "{kind} {args}"
            );
        }
    }
}

/// The request's error is the subcommand's, its flags (`--x`) named as
/// the request's fields (`x`, in `renamed`).
fn same_error(message: &str, kind: &str, args: &str, renamed: &[(&str, &str)]) {
    let mut cli = action_error(kind, args);
    for (flag, field) in renamed {
        cli = cli.replace(flag, field);
    }
    assert_eq!(message, cli, "{kind} {args}");
}

#[test]
fn retry_is_the_cli_s() {
    use serde_json::json;
    same_as_cli(
        "retry",
        &[
            (
                json!({"edition": "revised", "pool": 5, "difficulty": 6, "tries": 3,
                       "options": {"specialty": true}}),
                "-e revised --pool 5 --difficulty 6 --tries 3 --specialty",
            ),
            (
                json!({"edition": house(), "pool": 3, "penalty": 2, "botch": "fail"}),
                &format!("-e {HOUSE} --pool 3 --penalty 2 --botch fail"),
            ),
            (
                json!({"edition": "fta", "pool": 4, "difficulty": 7, "tries": 6, "botch": "fail",
                       "method": "mc", "trials": 20000, "seed": 5}),
                "-e fta --pool 4 --difficulty 7 --tries 6 --botch fail --method mc --trials 20000 --seed 5",
            ),
        ],
    );
    // By hand: one die from difficulty 6, +1 a failure: 1/2 succeed at
    // the first try, then 4/10 of the rest at 7: 0.7 within two tries.
    let q: request::actions::RetryQuery =
        query(json!({"edition": "revised", "pool": 1, "difficulty": 6,
                                              "penalty": 1, "tries": 2}));
    let a = request::actions::retry(&q).unwrap();
    assert_eq!(a.rounds.len(), 2);
    assert!(
        (a.rounds[1].p_win_within - 0.7).abs() < 1e-12,
        "{:?}",
        a.rounds
    );
    let q: request::actions::RetryQuery =
        query(json!({"edition": "revised", "pool": 5, "penalty": 7}));
    let e = request::actions::retry(&q).unwrap_err();
    same_error(
        &e.message,
        "retry",
        "-e revised --pool 5 --penalty 7",
        &[("--penalty", "penalty")],
    );
    let q: request::actions::RetryQuery =
        query(json!({"edition": "revised", "pool": 5, "tries": 0}));
    let e = request::actions::retry(&q).unwrap_err();
    same_error(
        &e.message,
        "retry",
        "-e revised --pool 5 --tries 0",
        &[("--tries", "tries")],
    );
}

#[test]
fn teamwork_is_the_cli_s() {
    use serde_json::json;
    same_as_cli(
        "teamwork",
        &[
            (
                json!({"edition": "revised", "pools": [4, 5, 3], "difficulty": 6, "target": 10}),
                "-e revised --pools 4,5,3 --difficulty 6 --target 10",
            ),
            (
                json!({"edition": "hubris", "pools": [4, 5, 3], "target": 6, "max_rolls": 5,
                       "botch": "fail", "options": {"willpower": true}}),
                "-e hubris --pools 4,5,3 --target 6 --max-rolls 5 --botch fail --willpower",
            ),
            (
                json!({"edition": "uwod", "pools": [3, 3], "target": 8, "botch": "wipe",
                       "method": "mc", "trials": 20000, "seed": 2}),
                "-e uwod --pools 3,3 --target 8 --botch wipe --method mc --trials 20000 --seed 2",
            ),
        ],
    );
    let q: request::actions::TeamworkQuery =
        query(json!({"edition": "revised", "pools": [4, 5], "target": 201}));
    let e = request::actions::teamwork(&q).unwrap_err();
    same_error(
        &e.message,
        "teamwork",
        "-e revised --pools 4,5 --target 201",
        &[("--target", "target")],
    );
    let q: request::actions::TeamworkQuery =
        query(json!({"edition": "revised", "pools": [4, 0], "target": 5}));
    let e = request::actions::teamwork(&q).unwrap_err();
    same_error(
        &e.message,
        "teamwork",
        "-e revised --pools 4,0 --target 5",
        &[("--pools/--difficulty", "pools/difficulty")],
    );
}

#[test]
fn contest_is_the_cli_s() {
    use serde_json::json;
    same_as_cli(
        "contest",
        &[
            (
                json!({"edition": "revised", "a": "5@6", "b": "5@6", "target": 5}),
                "-e revised --a 5@6 --b 5@6 --target 5",
            ),
            (
                json!({"edition": "revised", "a": "5@5,5@5,5@5,6@4", "b": "5@5,5@5,5@5,6@4",
                       "target": 5, "tally": "difference", "max_rounds": 30}),
                "-e revised --a 5@5,5@5,5@5,6@4 --b 5@5,5@5,5@5,6@4 --target 5 --tally difference --max-rounds 30",
            ),
            (
                json!({"edition": "hubris", "a": "5+3", "b": "6@2", "target": 4, "botch": "fail",
                       "tally": "separate", "method": "mc", "trials": 20000, "seed": 8}),
                "-e hubris --a 5+3 --b 6@2 --target 4 --botch fail --tally separate --method mc --trials 20000 --seed 8",
            ),
        ],
    );
    // By hand: one die each at 6 (a success half the time, a 1 a botch
    // that scores nothing): A wins a round 1/4, B 1/4, a tie 1/2; first to
    // 1 wins. A wins at round k with 1/4 (1/2)^(k-1), in all 1/2.
    let q: request::actions::ContestQuery =
        query(json!({"edition": "revised", "a": "1@6", "b": "1@6", "target": 1}));
    let a = request::actions::contest(&q).unwrap();
    assert!(
        (a.rounds[0].p_win - 0.25).abs() < 1e-12,
        "{:?}",
        a.rounds[0]
    );
    assert!(
        (a.rounds[1].p_win - 0.125).abs() < 1e-12,
        "{:?}",
        a.rounds[1]
    );
    assert!((a.summary.p_win - 0.5).abs() < 1e-9, "{:?}", a.summary);
    let q: request::actions::ContestQuery =
        query(json!({"edition": "revised", "a": "0@6", "b": "5", "target": 3}));
    let e = request::actions::contest(&q).unwrap_err();
    same_error(
        &e.message,
        "contest",
        "-e revised --a 0@6 --b 5 --target 3",
        &[("--a", "a")],
    );
    let q: request::actions::ContestQuery =
        query(json!({"edition": "revised", "a": "5", "b": "5", "target": 3, "max_rounds": 100001}));
    let e = request::actions::contest(&q).unwrap_err();
    same_error(
        &e.message,
        "contest",
        "-e revised --a 5 --b 5 --target 3 --max-rounds 100001",
        &[("--max-rounds", "max_rounds")],
    );
}

#[test]
fn prolonged_is_the_cli_s() {
    use serde_json::json;
    same_as_cli(
        "prolonged",
        &[
            (
                json!({"edition": "hubris", "a": "5", "b": "6", "a_resistance": 2, "b_resistance": 3}),
                "-e hubris --a 5 --b 6 --a-resistance 2 --b-resistance 3",
            ),
            (
                json!({"edition": "revised", "a": "4@6,5@6", "b": "5@7", "a_resistance": 3,
                       "b_resistance": 2, "tie": "re-roll", "max_rounds": 20}),
                "-e revised --a 4@6,5@6 --b 5@7 --a-resistance 3 --b-resistance 2 --tie re-roll --max-rounds 20",
            ),
            (
                json!({"edition": "hubris", "a": "5", "b": "4+2", "a_resistance": 2, "b_resistance": 2,
                       "tie": "defender", "method": "mc", "trials": 20000, "seed": 3}),
                "-e hubris --a 5 --b 4+2 --a-resistance 2 --b-resistance 2 --tie defender --method mc --trials 20000 --seed 3",
            ),
        ],
    );
    let q: request::actions::ProlongedQuery = query(
        json!({"edition": "hubris", "a": "5", "b": "6", "a_resistance": 0, "b_resistance": 3}),
    );
    let e = request::actions::prolonged(&q).unwrap_err();
    same_error(
        &e.message,
        "prolonged",
        "-e hubris --a 5 --b 6 --a-resistance 0 --b-resistance 3",
        &[("--a-resistance", "a_resistance")],
    );
}

#[test]
fn multiple_is_the_cli_s() {
    use serde_json::json;
    same_as_cli(
        "multiple",
        &[
            (
                json!({"edition": "revised", "pools": [7, 6, 6], "difficulty": 6}),
                "-e revised --pools 7,6,6 --difficulty 6",
            ),
            (
                json!({"edition": house(), "pools": [8, 7], "difficulty": [6, 8],
                       "options": {"specialty": true, "again": 9}}),
                &format!("-e {HOUSE} --pools 8,7 --difficulty 6,8 --specialty --again 9"),
            ),
            (
                json!({"edition": "uwod", "pools": [9, 7, 8],
                       "method": "mc", "trials": 20000, "seed": 4}),
                "-e uwod --pools 9,7,8 --method mc --trials 20000 --seed 4",
            ),
        ],
    );
    // The same sentence: the rule is the edition's.
    let q: request::actions::MultipleQuery = query(json!({"edition": "hubris", "pools": [7, 6]}));
    let e = request::actions::multiple(&q).unwrap_err();
    same_error(&e.message, "multiple", "-e hubris --pools 7,6", &[]);
    let q: request::actions::MultipleQuery =
        query(json!({"edition": "revised", "pools": [7, 6, 6], "difficulty": [6, 7]}));
    let e = request::actions::multiple(&q).unwrap_err();
    same_error(
        &e.message,
        "multiple",
        "-e revised --pools 7,6,6 --difficulty 6,7",
        &[("--difficulty", "difficulty")],
    );
}

#[test]
fn resisted_is_the_cli_s() {
    use serde_json::json;
    same_as_cli(
        "resisted",
        &[
            (
                json!({"edition": "revised", "a": "6@7", "b": "7@6"}),
                "-e revised --a 6@7 --b 7@6",
            ),
            (
                json!({"edition": "uwod", "a": "5@2+4@3", "b": "6"}),
                "-e uwod --a 5@2+4@3 --b 6",
            ),
            (
                json!({"edition": "hubris", "a": "5", "b": "5",
                       "method": "mc", "trials": 20000, "seed": 6}),
                "-e hubris --a 5 --b 5 --method mc --trials 20000 --seed 6",
            ),
        ],
    );
    // By hand: one die each at 6 under revised: each side scores 1 half
    // the time (a 1 alone botches and scores nothing): margins -1, 0, 1
    // with 1/4, 1/2, 1/4; A botches 1/10.
    let q: request::actions::ResistedQuery =
        query(json!({"edition": "revised", "a": "1@6", "b": "1@6"}));
    let a = request::actions::resisted(&q).unwrap();
    assert_eq!(
        a.margins.iter().map(|m| m.0).collect::<Vec<_>>(),
        [-1, 0, 1]
    );
    for (got, want) in a.margins.iter().zip([0.25, 0.5, 0.25]) {
        assert!((got.1 - want).abs() < 1e-12, "{:?}", a.margins);
    }
    assert!((a.p_success - 0.25).abs() < 1e-12, "{}", a.p_success);
    assert!((a.p_botch - 0.1).abs() < 1e-12, "{}", a.p_botch);
    let q: request::actions::ResistedQuery =
        query(json!({"edition": "revised", "a": "6,7", "b": "7"}));
    let e = request::actions::resisted(&q).unwrap_err();
    same_error(
        &e.message,
        "resisted",
        "-e revised --a 6,7 --b 7",
        &[("--a/--b", "a/b")],
    );
}

/// Bad requests of any kind are errors, never panics: an unknown kind, a
/// query that does not parse (an unknown field), a side that is not
/// POOL@DIFFICULTY, no pools.
#[test]
fn bad_action_requests_are_errors() {
    let e = request::actions::any("chase", "{}").unwrap_err();
    assert!(
        e.message
            .starts_with("action: `chase` is not one of extended, retry"),
        "{e}"
    );
    let e = request::actions::any("retry", r#"{"edition": "revised", "pool": 3, "dice": 4}"#)
        .unwrap_err();
    assert!(e.message.starts_with("retry: unknown field `dice`"), "{e}");
    let e = request::actions::any(
        "resisted",
        r#"{"edition": "revised", "a": "5@x", "b": "5"}"#,
    )
    .unwrap_err();
    assert!(
        e.message
            .starts_with("a: `5@x` is not POOL or POOL@DIFFICULTY"),
        "{e}"
    );
    // The CLI says the same after clap's own words.
    assert!(action_error("resisted", "-e revised --a 5@x --b 5").ends_with(&e.message[3..]));
    let e =
        request::actions::any("multiple", r#"{"edition": "revised", "pools": []}"#).unwrap_err();
    assert_eq!(e.message, "pools: name at least one action's pool");
    let e = request::actions::any(
        "teamwork",
        r#"{"edition": "revised", "pools": [], "target": 3}"#,
    )
    .unwrap_err();
    assert_eq!(e.message, "pools/difficulty: name at least one pool");
    let e = request::actions::any(
        "contest",
        r#"{"edition": "revised", "a": "", "b": "5", "target": 3}"#,
    )
    .unwrap_err();
    assert!(e.message.starts_with("a: `` is not POOL"), "{e}");
    let e = request::actions::any(
        "retry",
        r#"{"edition": "revised", "pool": 3, "method": "mc", "trials": 0}"#,
    )
    .unwrap_err();
    assert_eq!(e.message, "trials: 0 is outside 1..=1000000000");
}
