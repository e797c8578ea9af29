//! One command line (issue 27, item 4): `odds` puts several editions side
//! by side; `-` reads a scenario or rule file from standard input; sweep
//! and balance take `--seed` and `--sampler` as `run` does; `report
//! --format json`; shell completions and man pages; `run --shard` writes
//! its part to `--out DIR` and `merge` a run's figures to `--output FILE`.

#[path = "common/root.rs"]
mod root;

use std::io::Write;
use std::process::{Command, Output, Stdio};

use root::{HOUSE, ROOT, f, ok, wodds};

fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

/// wodds with `input` on standard input.
fn piped(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_wodds"))
        .args(args)
        .current_dir(ROOT)
        .env("RAYON_NUM_THREADS", "2")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run wodds");
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

/// `odds -e revised,fta` is `-e revised` then `-e fta`, row for row, one
/// CSV header; and revised's 3 dice at 6 succeed 74% of the time (1 - P(no
/// success net of ones), worked by hand in the README's table).
#[test]
fn odds_puts_editions_side_by_side() {
    let csv = |e: &str| {
        text(&ok(&[
            "odds", "-e", e, "-p", "3-5", "-d", "6", "--format", "csv",
        ]))
    };
    let both = csv("revised,fta");
    let (revised, fta) = (csv("revised"), csv("fta"));
    let mut expected = revised.clone();
    expected.push_str(fta.split_once('\n').unwrap().1);
    assert_eq!(both, expected);
    let row = both
        .lines()
        .find(|l| l.starts_with("revised,3,6,"))
        .unwrap();
    assert!(row.starts_with("revised,3,6,0.74,"), "{row}");
    // The table: one block an edition, each under its own title.
    let table = text(&ok(&[
        "odds",
        "--editions",
        "revised,fta",
        "-p",
        "3",
        "-d",
        "6",
    ]));
    assert!(table.contains("(revised), exact"), "{table}");
    assert!(table.contains("(fta), exact"), "{table}");
    // --edition still reads, as the old spelling of --editions.
    assert_eq!(
        text(&ok(&[
            "odds",
            "--edition",
            "revised",
            "-p",
            "3-5",
            "-d",
            "6",
            "--format",
            "csv"
        ])),
        revised
    );
    // An edition given twice, and an action given two, are refused.
    let o = wodds(&["odds", "-e", "revised,revised", "-p", "3"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("given twice"));
    let o = wodds(&[
        "action",
        "extended",
        "-e",
        "revised,fta",
        "-p",
        "5",
        "-t",
        "5",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("--editions: an action takes one edition"),
        "{err}"
    );
}

/// `-` reads a rule file or a scenario from standard input: the same
/// figures as from the file; standard input is read once.
#[test]
fn a_dash_reads_standard_input() {
    let house = std::fs::read(format!("{ROOT}/{HOUSE}")).unwrap();
    let from_file = text(&ok(&[
        "odds", "-e", HOUSE, "-p", "4", "-d", "7", "--format", "json",
    ]));
    let o = piped(
        &["odds", "-e", "-", "-p", "4", "-d", "7", "--format", "json"],
        &house,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let a: serde_json::Value = serde_json::from_str(&from_file).unwrap();
    let b: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(f(&a[0]["p_success"]), f(&b[0]["p_success"]));
    assert_eq!(a[0]["rules_hash"], b[0]["rules_hash"]);
    assert_eq!(b[0]["edition"], "stdin");

    let brawl = std::fs::read(format!("{ROOT}/scenarios/brawl.toml")).unwrap();
    let args = [
        "--editions",
        "revised",
        "--trials",
        "2000",
        "--format",
        "json",
        "-q",
    ];
    let file = ok(&[&["run", "scenarios/brawl.toml"][..], &args[..]].concat());
    let dash = piped(&[&["run", "-"][..], &args[..]].concat(), &brawl);
    assert!(
        dash.status.success(),
        "{}",
        String::from_utf8_lossy(&dash.stderr)
    );
    let a: serde_json::Value = serde_json::from_slice(&file.stdout).unwrap();
    let b: serde_json::Value = serde_json::from_slice(&dash.stdout).unwrap();
    assert_eq!(a["editions"], b["editions"]);

    // Standard input can be read once.
    let o = piped(&["rules", "diff", "-", "-"], &house);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("standard input can be read once"), "{err}");
    // A bad rule on standard input is named <stdin>, with its line.
    let o = piped(
        &["rules", "show", "-"],
        b"extends = \"revised\"\n[dice]\nones = \"sometimes\"\n",
    );
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("<stdin>:3"), "{err}");
}

/// sweep and balance play with `--seed` and `--sampler` as run does: by
/// the outcome sampler a point is estimated, with the seed given.
#[test]
fn sweeps_take_a_seed_and_a_sampler() {
    let sweep = |extra: &[&str]| {
        let args = [
            &[
                "sweep",
                "scenarios/brawl.toml",
                "--vary",
                "Veronica.dexterity=2..3",
                "-e",
                "revised",
                "--trials",
                "500",
                "--format",
                "json",
                "-q",
            ][..],
            extra,
        ]
        .concat();
        let v: serde_json::Value = serde_json::from_slice(&ok(&args).stdout).unwrap();
        v
    };
    let exact = sweep(&[]);
    let rows = exact.as_array().unwrap();
    assert!(rows.iter().all(|r| r["exact"] == true), "{exact}");
    let sampled = sweep(&["--sampler", "outcome", "--seed", "77"]);
    let rows = sampled.as_array().unwrap();
    assert!(
        rows.iter()
            .all(|r| r["exact"] == false && r["seed"] == 77 && r["trials"] == 500),
        "{sampled}"
    );
}

/// `report --format json` says what it wrote, as its manifest lists it.
#[test]
fn a_report_says_what_it_wrote_in_json() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    let o = ok(&[
        "report",
        "scenarios/brawl.toml",
        "-e",
        "revised",
        "--trials",
        "500",
        "--tables-only",
        "--out",
        out.to_str().unwrap(),
        "--format",
        "json",
        "-q",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["scenarios"], serde_json::json!(["brawl"]));
    assert_eq!(v["editions"][0]["id"], "revised");
    assert!(v["index"].is_null());
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(v["files"], manifest["files"]);
}

/// Completions for every shell clap knows, and a man page for wodds and
/// each subcommand.
#[test]
fn completions_and_man_pages() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let s = text(&ok(&["completions", shell]));
        assert!(s.contains("wodds") && s.contains("--editions"), "{shell}");
    }
    let page = text(&ok(&["man"]));
    assert!(page.contains(".TH wodds 1"), "{page}");
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("man1");
    ok(&["man", "--out", dir.to_str().unwrap()]);
    for name in [
        "wodds.1",
        "wodds-check.1",
        "wodds-action-extended.1",
        "wodds-rules-show.1",
    ] {
        let p = std::fs::read_to_string(dir.join(name)).unwrap();
        assert!(p.contains(".SH NAME"), "{name}");
    }
    let o = wodds(&["completions", "tcsh"]);
    assert_eq!(o.status.code(), Some(2));
}

/// `-V` names the commit; `--version` adds each edition's rules hash.
#[test]
fn the_version_names_the_commit() {
    let short = text(&ok(&["-V"]));
    assert!(
        short.starts_with(&format!("wodds {} (commit ", env!("CARGO_PKG_VERSION"))),
        "{short}"
    );
    let long = text(&ok(&["--version"]));
    assert!(long.contains("built-in editions (rules hash):"), "{long}");
    assert!(long.contains("  revised  09013504f54c"), "{long}");
}
