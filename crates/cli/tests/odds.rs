//! `wodds odds` end to end: the "done when" checks, values known
//! independently, determinism, and bad input.

use std::collections::HashMap;
use std::process::{Command, Output};

use wodds_rules::{RollOptions, RuleSet};

fn wodds(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wodds"))
        .args(args)
        .output()
        .expect("run wodds")
}

/// Runs `wodds odds` with CSV output and returns the rows as maps.
fn csv(args: &[&str]) -> Vec<HashMap<String, String>> {
    let mut all = vec!["odds", "--format", "csv", "--quiet"];
    all.extend_from_slice(args);
    let out = wodds(&all);
    assert!(
        out.status.success(),
        "wodds {all:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    let head: Vec<String> = lines.next().unwrap().split(',').map(String::from).collect();
    lines
        .map(|l| {
            head.iter()
                .cloned()
                .zip(l.split(',').map(String::from))
                .collect()
        })
        .collect()
}

fn num(row: &HashMap<String, String>, col: &str) -> f64 {
    row[col]
        .parse()
        .unwrap_or_else(|_| panic!("{col} = {:?}", row[col]))
}

/// The configurations the issue names, with their expected row counts.
fn configurations() -> Vec<(Vec<&'static str>, usize, RollOptions)> {
    let none = RollOptions::default();
    let again = |n| RollOptions {
        again: Some(Some(n)),
        ..none
    };
    let args = |edition: &'static str, difficulty: &'static str, extra: &[&'static str]| {
        let mut v = vec![
            "--edition",
            edition,
            "--pool",
            "1-20",
            "--difficulty",
            difficulty,
        ];
        v.extend_from_slice(extra);
        v
    };
    vec![
        (args("revised", "2-10", &[]), 180, none),
        (args("fta", "2-10", &[]), 180, none),
        (args("uwod", "0-5", &[]), 120, none),
        (
            args("uwod", "0-5", &["--specialty"]),
            120,
            RollOptions {
                specialty: true,
                ..none
            },
        ),
        (args("hubris", "0-5", &["--again", "10"]), 120, again(10)),
        (args("hubris", "0-5", &["--again", "9"]), 120, again(9)),
        (args("hubris", "0-5", &["--again", "8"]), 120, again(8)),
        (
            args("hubris", "0-5", &["--rote"]),
            120,
            RollOptions { rote: true, ..none },
        ),
    ]
}

fn exact_for(
    edition: &str,
    row: &HashMap<String, String>,
    options: &RollOptions,
) -> (wodds_dice::Distribution, u32) {
    let rules = RuleSet::load(edition).unwrap();
    let pool = num(row, "pool") as i32;
    let difficulty = num(row, "difficulty") as i32;
    let roll = rules.roll(pool, difficulty, options).unwrap();
    (wodds_dice::exact(&roll.spec), roll.needed)
}

#[test]
fn csv_header_starts_with_the_agreed_columns() {
    let out = wodds(&[
        "odds", "-e", "revised", "-p", "3", "-d", "6", "--format", "csv",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with(
        "edition,pool,difficulty,p_success,p_botch,mean,p_ge_1,p_ge_2,p_ge_3,p_ge_4,p_ge_5"
    ));
}

#[test]
fn exact_rows_match_the_engine_for_every_named_configuration() {
    for (args, count, options) in configurations() {
        let rows = csv(&args);
        assert_eq!(rows.len(), count, "{args:?}");
        for row in &rows {
            let (d, needed) = exact_for(args[1], row, &options);
            let want = [
                ("p_success", d.p_at_least(needed)),
                ("p_botch", d.p_botch()),
                ("mean", d.mean()),
                ("p_ge_1", d.p_at_least(1)),
                ("p_ge_2", d.p_at_least(2)),
                ("p_ge_3", d.p_at_least(3)),
                ("p_ge_4", d.p_at_least(4)),
                ("p_ge_5", d.p_at_least(5)),
            ];
            for (col, w) in want {
                assert!(
                    (num(row, col) - w).abs() < 1e-9,
                    "{args:?} {row:?} {col}: want {w}"
                );
            }
        }
    }
}

#[test]
fn exact_rows_carry_independently_known_values() {
    // Revised 3 dice at 6: 1 - P(no net success) = 0.74 (by hand, issue #2).
    let rows = csv(&["-e", "revised", "-p", "3", "-d", "6"]);
    assert!((num(&rows[0], "p_success") - 0.74).abs() < 1e-12);
    // Revised 5 dice at 6 botch: 0.5^5 - 0.4^5.
    let rows = csv(&["-e", "revised", "-p", "5", "-d", "6"]);
    assert!((num(&rows[0], "p_botch") - 0.02101).abs() < 1e-12);
    // uwod difficulty 0 succeeds unless it botches: 1 - (0.6^5 - 0.5^5).
    let rows = csv(&["-e", "uwod", "-p", "5", "-d", "0"]);
    assert!((num(&rows[0], "p_success") - (1.0 - (0.07776 - 0.03125))).abs() < 1e-12);
    // hubris difficulty 5 on 5 dice leaves a chance die: success 0.1, dramatic failure 0.1.
    let rows = csv(&["-e", "hubris", "-p", "5", "-d", "5"]);
    assert!((num(&rows[0], "p_success") - 0.1).abs() < 1e-12);
    assert!((num(&rows[0], "p_botch") - 0.1).abs() < 1e-12);
    // hubris 10 dice, difficulty 0: 1 - 0.7^10 (issue #2).
    let rows = csv(&["-e", "hubris", "-p", "10", "-d", "0"]);
    assert!((num(&rows[0], "p_success") - 0.9717524751).abs() < 1e-10);
    // A 10-again die at 8+ averages P(8+) / (1 - P(10)) = 0.3 / 0.9 = 1/3
    // successes, so 3 dice average exactly 1.
    let rows = csv(&["-e", "hubris", "-p", "3", "-d", "0"]);
    assert!((num(&rows[0], "mean") - 1.0).abs() < 1e-11);
    // uwod unskilled Knowledge: 5 dice less 2; 1 - 0.6^3 to succeed, and a
    // botch with 0.6^3 - 0.5^3.
    let rows = csv(&[
        "-e",
        "uwod",
        "-p",
        "5",
        "-d",
        "1",
        "--unskilled",
        "knowledge",
    ]);
    assert!((num(&rows[0], "p_success") - 0.784).abs() < 1e-12);
    assert!((num(&rows[0], "p_botch") - 0.091).abs() < 1e-12);
    // uwod automatic successes: seven dice give three, no more, no roll.
    // At difficulty 4 three are not enough, so the dice are rolled: at
    // least 4 of 7 at 7+ (p = 0.4) is 35(.4^4)(.6^3) + 21(.4^5)(.6^2) +
    // 7(.4^6)(.6) + .4^7 = 0.289792.
    let rows = csv(&["-e", "uwod", "-p", "7", "-d", "3-4", "--automatic"]);
    assert_eq!(
        (num(&rows[0], "p_success"), num(&rows[0], "mean")),
        (1.0, 3.0)
    );
    assert!((num(&rows[1], "p_success") - 0.289792).abs() < 1e-12);
    // Revised automatic success: only where the pool reaches the difficulty.
    let rows = csv(&["-e", "revised", "-p", "5", "-d", "5-6", "--automatic"]);
    assert_eq!(
        (num(&rows[0], "p_success"), num(&rows[0], "mean")),
        (1.0, 1.0)
    );
    assert!((num(&rows[1], "p_success") - 0.844).abs() < 1e-3);
    // Revised Willpower: one success 1s cannot cancel, so 1 die at 6 never
    // fails or botches and has 2 successes half the time.
    let rows = csv(&["-e", "revised", "-p", "1", "-d", "6", "--willpower"]);
    assert_eq!(num(&rows[0], "p_success"), 1.0);
    assert!((num(&rows[0], "p_ge_2") - 0.5).abs() < 1e-12);
}

/// Every Monte Carlo column within 4.5 standard errors of the exact value,
/// the standard error worked out from the exact value.
#[test]
fn monte_carlo_rows_are_within_4_5_standard_errors() {
    let n = 1_000_000f64;
    for (args, count, options) in configurations() {
        let mut mc_args = args.clone();
        mc_args.extend_from_slice(&["--method", "mc", "--trials", "1000000", "--seed", "1"]);
        let rows = csv(&mc_args);
        assert_eq!(rows.len(), count);
        for row in &rows {
            let (d, needed) = exact_for(args[1], row, &options);
            let binomial = |col: &str, p: f64| {
                let se = (p * (1.0 - p) / n).sqrt();
                let got = num(row, col);
                assert!(
                    (got - p).abs() <= 4.5 * se,
                    "{args:?} {row:?} {col}: exact {p}, se {se}"
                );
            };
            binomial("p_success", d.p_at_least(needed));
            binomial("p_botch", d.p_botch());
            for k in 1..=5 {
                binomial(&format!("p_ge_{k}"), d.p_at_least(k));
            }
            let mean = d.mean();
            let second: f64 = (0..=d.max_successes())
                .map(|s| (s as f64).powi(2) * d.p(s, false))
                .sum();
            let se = ((second - mean * mean) / n).sqrt();
            assert!(
                (num(row, "mean") - mean).abs() <= 4.5 * se,
                "{args:?} {row:?} mean"
            );
            // The reported standard error is the binomial one of the estimate.
            let p_hat = num(row, "p_success");
            assert!((num(row, "se_success") - (p_hat * (1.0 - p_hat) / n).sqrt()).abs() < 1e-12);
        }
    }
}

#[test]
fn monte_carlo_is_the_same_whatever_the_thread_count() {
    let run = |threads: &str| {
        Command::new(env!("CARGO_BIN_EXE_wodds"))
            .args([
                "odds", "-e", "hubris", "-p", "1-6", "--method", "mc", "--trials", "20000",
                "--seed", "9", "--format", "csv",
            ])
            .env("RAYON_NUM_THREADS", threads)
            .output()
            .unwrap()
            .stdout
    };
    let one = run("1");
    assert!(!one.is_empty());
    assert_eq!(one, run("2"));
    assert_eq!(one, run("3"));
}

/// A single row past a batch of rolls (1,048,576) is rolled in seeded
/// batches side by side (issue 29, item 7): the same bytes at 1, 2 and 3
/// threads, and the estimate within 4.5 standard errors of the exact
/// chance (revised, 6 dice at 6).
#[test]
fn a_large_row_is_the_same_whatever_the_thread_count() {
    let run = |threads: &str, method: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_wodds"))
            .args([
                "odds", "-e", "revised", "-p", "6", "-d", "6", "--method", method, "--trials",
                "2500000", "--seed", "4", "--format", "csv", "-q",
            ])
            .env("RAYON_NUM_THREADS", threads)
            .output()
            .unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let one = run("1", "mc");
    assert_eq!(one, run("2", "mc"));
    assert_eq!(one, run("3", "mc"));
    let cell = |text: &str, name: &str| {
        let mut lines = text.lines();
        let head: Vec<&str> = lines.next().unwrap().split(',').collect();
        let row: Vec<&str> = lines.next().unwrap().split(',').collect();
        let at = head.iter().position(|h| *h == name).unwrap();
        row[at].parse::<f64>().unwrap()
    };
    let exact = cell(&run("1", "exact"), "p_success");
    let (p, se) = (cell(&one, "p_success"), cell(&one, "se_success"));
    assert!((p - exact).abs() <= 4.5 * se, "{p} vs {exact} (se {se})");
}

/// Runs wodds expecting a usage error: exit code 2, one line on stderr,
/// nothing on stdout. Returns the line.
fn refused(args: &[&str]) -> String {
    let out = wodds(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?} printed output");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    err
}

#[test]
fn an_unknown_edition_lists_the_known_ones() {
    let err = refused(&["odds", "-e", "vtm", "-p", "3"]);
    for id in ["revised", "fta", "uwod", "hubris"] {
        assert!(err.contains(id), "{err}");
    }
}

#[test]
fn out_of_range_input_names_the_range() {
    assert!(refused(&["odds", "-e", "revised", "-p", "0"]).contains("1..=60"));
    assert!(refused(&["odds", "-e", "revised", "-p", "5-61"]).contains("1..=60"));
    assert!(refused(&["odds", "-e", "revised", "-p", "5", "-d", "1"]).contains("2..=10"));
    assert!(refused(&["odds", "-e", "uwod", "-p", "5", "-d", "6"]).contains("0..=5"));
    assert!(
        refused(&[
            "odds", "-e", "revised", "-p", "5", "--method", "mc", "--trials", "0"
        ])
        .contains("--trials")
    );
}

#[test]
fn a_malformed_house_rule_file_names_file_line_and_field() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("house.toml");
    std::fs::write(
        &path,
        "extends = \"revised\"\n\n[dice]\ntens = \"sometimes\"\n",
    )
    .unwrap();
    let err = refused(&["odds", "-e", path.to_str().unwrap(), "-p", "3"]);
    assert!(err.contains("house.toml:4:"), "{err}");
    assert!(err.contains("dice.tens"), "{err}");
}

#[test]
fn a_house_rule_changes_the_odds() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("no-cancel.toml");
    std::fs::write(&path, "extends = \"revised\"\n[dice]\nones = \"ignore\"\n").unwrap();
    // Without cancelling 1s, 3 dice at 6 succeed unless all three fail: 1 - 0.5^3.
    let rows = csv(&["-e", path.to_str().unwrap(), "-p", "3", "-d", "6"]);
    assert!((num(&rows[0], "p_success") - 0.875).abs() < 1e-12);
    assert_ne!(
        rows[0]["rules_hash"],
        csv(&["-e", "revised", "-p", "3", "-d", "6"])[0]["rules_hash"]
    );
}

#[test]
fn output_files_are_whole_or_absent() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("odds.csv");
    let out = wodds(&[
        "odds",
        "-e",
        "revised",
        "-p",
        "1-3",
        "--format",
        "csv",
        "-o",
        good.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    assert_eq!(
        std::fs::read_to_string(&good).unwrap().lines().count(),
        1 + 3 * 9
    );
    let bad = dir.path().join("bad.csv");
    refused(&[
        "odds",
        "-e",
        "revised",
        "-p",
        "1-99",
        "-o",
        bad.to_str().unwrap(),
    ]);
    assert!(!bad.exists());
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        1,
        "a temporary file was left behind"
    );
}

#[test]
fn the_table_fits_an_80_column_terminal() {
    for extra in [&[][..], &["--method", "mc", "--trials", "1000"][..]] {
        let mut args = vec!["odds", "-e", "hubris", "-p", "0-30", "--quiet"];
        args.extend_from_slice(extra);
        let out = wodds(&args);
        let text = String::from_utf8(out.stdout).unwrap();
        for line in text.lines().skip(1) {
            assert!(
                line.chars().count() <= 80,
                "{} columns: {line}",
                line.chars().count()
            );
        }
    }
}

/// Defect 8. 001 "Dicepools": "the bonus die that comes from having an
/// applicable Specialty": under hubris `--specialty` is one more die. Five
/// dice and a specialty are six: success 1 - 0.7^6 = 0.882351, a mean of
/// 6 * (0.3 / 0.9) = 2 successes (a 10-again die averages 1/3), and no
/// dramatic failure (not a chance die). With Willpower too: 5 + 1 + 3
/// dice, rote. Against difficulty 5 the specialty's die is what keeps the
/// roll off a chance die: 1 die, 0.3.
#[test]
fn hubris_specialty_is_a_bonus_die() {
    let rows = csv(&["-e", "hubris", "-p", "5", "--specialty"]);
    assert!((num(&rows[0], "p_success") - (1.0 - 0.7f64.powi(6))).abs() < 1e-12);
    assert!((num(&rows[0], "mean") - 2.0).abs() < 1e-11);
    assert_eq!(num(&rows[0], "p_botch"), 0.0);
    let rows = csv(&["-e", "hubris", "-p", "5", "-d", "5", "--specialty"]);
    assert!((num(&rows[0], "p_success") - 0.3).abs() < 1e-12);
    // Rote 9 dice: a roll fails only if both it and the re-roll of its 9
    // failed dice fail: 0.7^18.
    let rows = csv(&["-e", "hubris", "-p", "5", "--specialty", "--willpower"]);
    assert!((num(&rows[0], "p_success") - (1.0 - 0.7f64.powi(18))).abs() < 1e-12);
}
