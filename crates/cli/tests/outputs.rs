//! No NaN, negative probability or negative zero in any output format
//! (issue 10, defect 13), and automatic successes taken only when they are
//! enough.

use std::process::{Command, Output};

fn wodds(args: &[&str]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_wodds"))
        .args(args)
        .env("RAYON_NUM_THREADS", "2")
        .output()
        .expect("run wodds");
    assert!(
        out.status.success(),
        "wodds {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// Text with no NaN, no negative zero and no negative number.
fn clean(what: &str, text: &str) {
    assert!(
        !text.contains("NaN") && !text.contains("nan"),
        "{what}: NaN in\n{text}"
    );
    for token in tokens(text) {
        if let Ok(x) = token.parse::<f64>() {
            assert!(
                x >= 0.0 && !(x == 0.0 && x.is_sign_negative()),
                "{what}: `{token}` in\n{text}"
            );
        }
    }
}

fn tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || ",:[]{}\"%±()".contains(c))
}

/// A signed figure (a track's value: a grapple's Control once reversed,
/// a race's Prey behind): no NaN and no negative zero, but it may be
/// negative.
fn signed(what: &str, token: &str) {
    for part in token.split("..") {
        let x: f64 = part
            .parse()
            .unwrap_or_else(|_| panic!("{what}: `{token}` is not a number"));
        assert!(
            x.is_finite() && !(x == 0.0 && x.is_sign_negative()),
            "{what}: `{token}`"
        );
    }
}

/// A fight's output with its track by round (chases and grapples) set
/// apart: the track's values are signed, every other figure (the share
/// still going among them) is held to [`clean`].
fn clean_run(what: &str, format: &str, text: &str) {
    match format {
        "json" => {
            let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
            let editions = v.as_array_mut().expect("an array of editions");
            for e in editions {
                if let Some(rows) = e.get_mut("track").and_then(|t| t.as_array_mut()) {
                    for row in rows {
                        let row = row.as_object_mut().unwrap();
                        for key in ["mean", "mean_low", "mean_high", "exact_mean", "p10", "p90"] {
                            if let Some(x) = row.remove(key).filter(|x| !x.is_null()) {
                                signed(what, &x.to_string());
                            }
                        }
                    }
                }
            }
            clean(what, &v.to_string());
        }
        "table" => {
            let mut in_track = false;
            let mut kept = Vec::new();
            for line in text.lines() {
                if line.contains("by round") || (in_track && line.trim_start().starts_with("round"))
                {
                    in_track = true;
                } else if in_track && line.trim_start().starts_with(|c: char| c.is_ascii_digit()) {
                    // round, going, then signed figures.
                    let mut fields = line.split_whitespace();
                    kept.push(format!(
                        "{} {}",
                        fields.next().unwrap(),
                        fields.next().unwrap()
                    ));
                    for token in fields {
                        signed(what, token);
                    }
                    continue;
                } else {
                    in_track = false;
                }
                kept.push(line.to_string());
            }
            clean(what, &kept.join("\n"));
        }
        _ => clean(what, text),
    }
}

/// Ten Monte Carlo runs of an extended action that all succeed: shares of
/// 1/10 that add up to 1.0000000000000002 in floating point once gave a
/// standard error of "± NaN".
#[test]
fn a_share_of_100_percent_has_no_nan_standard_error() {
    let args = [
        "action",
        "extended",
        "--edition",
        "revised",
        "--pool",
        "3",
        "--difficulty",
        "6",
        "--target",
        "4",
        "--method",
        "mc",
        "--trials",
        "10",
        "--seed",
        "12",
        "--quiet",
    ];
    let table = String::from_utf8(wodds(&args).stdout).unwrap();
    assert!(table.contains("success 100.00% ± 0.00"), "{table}");
    clean("table", &table);
    for format in ["json", "csv"] {
        let mut all = args.to_vec();
        all.extend(["--format", format]);
        clean(format, &String::from_utf8(wodds(&all).stdout).unwrap());
    }
}

/// Every shipped scenario, in every format: exact draws computed as what
/// the wins leave (1 - 0.9999999999999969) once printed as -3e-15 and
/// "-0.00%".
#[test]
fn fight_outputs_have_no_nan_negative_probability_or_negative_zero() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path().display().to_string();
        for format in ["table", "csv", "json"] {
            let out = wodds(&[
                "run", &path, "--trials", "2000", "--format", format, "--quiet",
            ]);
            let text = String::from_utf8(out.stdout).unwrap();
            // Rule hashes are hex, not numbers; `-` in names is not a sign.
            let text: String = text
                .split('\n')
                .map(|l| l.replace(" - ", " "))
                .collect::<Vec<_>>()
                .join("\n");
            clean_run(&format!("{path} {format}"), format, &text);
        }
    }
}

/// 000 "Automatic Successes": 3 dice give one automatic success; at
/// difficulty 2 one is not enough, so the roll is made instead of
/// reporting 0%: at least 2 of 3 dice at 7+ is 3(0.4^2)(0.6) + 0.4^3 =
/// 0.352. With 5 dice (two automatic successes) it is taken: 100%.
#[test]
fn uwod_too_few_automatic_successes_for_the_difficulty_roll_instead() {
    let p = |pool: &str| {
        let out = wodds(&[
            "odds",
            "--edition",
            "uwod",
            "--pool",
            pool,
            "--difficulty",
            "2",
            "--automatic",
            "--format",
            "csv",
        ]);
        let text = String::from_utf8(out.stdout).unwrap();
        let mut rows = csv::Reader::from_reader(text.as_bytes());
        let head = rows.headers().unwrap().clone();
        let col = head.iter().position(|h| h == "p_success").unwrap();
        let row = rows.records().next().unwrap().unwrap();
        row[col].parse::<f64>().unwrap()
    };
    assert!((p("3") - 0.352).abs() < 1e-12, "{}", p("3"));
    assert_eq!(p("5"), 1.0);
}
