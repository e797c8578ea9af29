//! `wodds report` end to end: the same inputs give the same bytes at 1
//! and 2 threads; odds.parquet holds what `wodds odds --format csv`
//! prints; bad input exits 2 with one line and leaves nothing behind.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use wodds_report::polars::prelude::*;
use wodds_report::table::read_parquet;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn wodds(args: &[&str], threads: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wodds"))
        .args(args)
        .current_dir(root())
        .env("RAYON_NUM_THREADS", threads)
        .output()
        .expect("run wodds")
}

/// Every file of a report and its bytes, by relative path.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let rel = p.strip_prefix(dir).unwrap().to_string_lossy().to_string();
                out.push((rel, std::fs::read(&p).unwrap()));
            }
        }
    }
    out.sort();
    out
}

/// Entries of `dir` whose name starts with `.wodds-report`: what a
/// failed report would leave behind.
fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| n.starts_with(".wodds-report"))
        .collect()
}

/// Two scenarios: the brawl (round chains under every edition) and the
/// elder against three ghouls (too many states for a chain: the outcome
/// sampler), each over three batches of fights, so the threads split the
/// work differently.
#[test]
fn a_report_is_the_same_bytes_at_one_and_two_threads() {
    let tmp = tempfile::tempdir().unwrap();
    let mut reports = Vec::new();
    for threads in ["1", "2"] {
        let out = tmp.path().join(format!("t{threads}"));
        let o = wodds(
            &[
                "report",
                "scenarios/brawl.toml",
                "scenarios/elder-vs-three-ghouls.toml",
                "--trials",
                "30000",
                "--out",
                out.to_str().unwrap(),
            ],
            threads,
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        // No progress bar when stderr is not a terminal.
        assert!(
            o.stderr.is_empty(),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
        let stdout = String::from_utf8(o.stdout).unwrap();
        assert!(stdout.contains("index.html"), "{stdout}");
        reports.push(files(&out));
    }
    let names: Vec<&String> = reports[0].iter().map(|f| &f.0).collect();
    assert!(names.iter().any(|n| n.ends_with("odds.parquet")));
    assert!(
        names
            .iter()
            .any(|n| n.ends_with("elder-vs-three-ghouls/rounds.png"))
    );
    assert_eq!(reports[0].len(), reports[1].len());
    for (a, b) in reports[0].iter().zip(&reports[1]) {
        assert_eq!(a.0, b.0);
        assert!(a.1 == b.1, "{} differs between 1 and 2 threads", a.0);
    }
}

/// odds.parquet's rows are the rows `wodds odds --format csv` prints:
/// the same figures to the last bit, for plain rolls and with an option.
#[test]
fn odds_parquet_holds_what_wodds_odds_prints() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    let o = wodds(
        &[
            "report",
            "scenarios/brawl.toml",
            "--trials",
            "100",
            "--editions",
            "revised,uwod",
            "--out",
            out.to_str().unwrap(),
        ],
        "2",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let df = read_parquet(&out.join("odds.parquet")).unwrap();
    for (edition, flag, label) in [
        ("revised", None, "none"),
        ("uwod", None, "none"),
        ("revised", Some("--specialty"), "specialty"),
        ("uwod", Some("--rote"), "rote"),
    ] {
        let mut args = vec![
            "odds",
            "--edition",
            edition,
            "--pool",
            "1-20",
            "--format",
            "csv",
        ];
        args.extend(flag);
        let csv = String::from_utf8(wodds(&args, "2").stdout).unwrap();
        let mut lines = csv.lines();
        let head: Vec<&str> = lines.next().unwrap().split(',').collect();
        let rows = df.clone().pick(edition, label);
        let mut n = 0;
        for (i, line) in lines.enumerate() {
            let cells: Vec<&str> = line.split(',').collect();
            for (k, name) in head.iter().enumerate() {
                let col = rows.column(name).unwrap();
                let got = match col.dtype() {
                    DataType::Float64 => col.f64().unwrap().get(i).map(|v| v.to_string()),
                    DataType::Int32 => col.i32().unwrap().get(i).map(|v| v.to_string()),
                    DataType::UInt64 => col.u64().unwrap().get(i).map(|v| v.to_string()),
                    DataType::String => col.str().unwrap().get(i).map(str::to_string),
                    t => panic!("{name}: {t:?}"),
                };
                assert_eq!(
                    got.unwrap_or_default(),
                    cells[k],
                    "{edition} {label} row {i} column {name}"
                );
            }
            n += 1;
        }
        assert_eq!(n, rows.height(), "{edition} {label}");
        assert!(n >= 20 * 6);
    }
}

/// The rows of `df` for one edition and option set, in order.
trait Pick {
    fn pick(self, edition: &str, options: &str) -> DataFrame;
}

impl Pick for DataFrame {
    fn pick(self, edition: &str, options: &str) -> DataFrame {
        let e = self.column("edition").unwrap().str().unwrap().clone();
        let o = self.column("options").unwrap().str().unwrap().clone();
        let mask: BooleanChunked = e
            .iter()
            .zip(o.iter())
            .map(|(a, b)| Some(a == Some(edition) && b == Some(options)))
            .collect();
        self.filter(&mask).unwrap()
    }
}

/// One line on stderr, exit code 2.
fn fails(o: &Output, needle: &str) {
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(needle), "{needle:?} not in {err}");
    assert!(o.stdout.is_empty());
}

#[test]
fn an_out_that_is_not_a_report_is_refused_unless_forced() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("notes");
    std::fs::create_dir(&out).unwrap();
    std::fs::write(out.join("mine.txt"), "keep me").unwrap();
    let args = |force: bool| {
        let mut a = vec![
            "report".to_string(),
            "scenarios/brawl.toml".into(),
            "--trials".into(),
            "100".into(),
            "--editions".into(),
            "hubris".into(),
            "--out".into(),
            out.display().to_string(),
        ];
        if force {
            a.push("--force".into());
        }
        a
    };
    let run = |force: bool| {
        let a = args(force);
        wodds(&a.iter().map(String::as_str).collect::<Vec<_>>(), "2")
    };
    let o = run(false);
    fails(&o, "--out");
    assert!(String::from_utf8_lossy(&o.stderr).contains("--force"));
    assert_eq!(
        std::fs::read_to_string(out.join("mine.txt")).unwrap(),
        "keep me"
    );
    assert!(leftovers(tmp.path()).is_empty());
    // Forced, the directory becomes a report; a report is then replaced
    // without --force.
    assert!(run(true).status.success());
    assert!(!out.join("mine.txt").exists());
    assert!(out.join("manifest.json").exists());
    assert!(run(false).status.success());
    assert!(leftovers(tmp.path()).is_empty());
}

#[test]
fn an_unwritable_out_exits_2_naming_it() {
    let tmp = tempfile::tempdir().unwrap();
    // Under a regular file nothing can be made (even as root).
    let file = tmp.path().join("plain");
    std::fs::write(&file, "").unwrap();
    let out = file.join("report");
    let o = wodds(
        &[
            "report",
            "scenarios/brawl.toml",
            "--trials",
            "100",
            "--out",
            out.to_str().unwrap(),
        ],
        "2",
    );
    fails(&o, "--out");
    // --out naming a file.
    let o = wodds(
        &[
            "report",
            "scenarios/brawl.toml",
            "--trials",
            "100",
            "--out",
            file.to_str().unwrap(),
        ],
        "2",
    );
    fails(&o, "is a file");
}

#[test]
fn a_bad_scenario_is_named_with_file_and_line_and_nothing_is_written() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("deep/report");
    let o = wodds(
        &[
            "report",
            "scenarios/brawl.toml",
            "docs/examples/bad-brawl.toml",
            "--out",
            out.to_str().unwrap(),
        ],
        "2",
    );
    fails(&o, "docs/examples/bad-brawl.toml:16:64");
    assert!(
        !tmp.path().join("deep").exists(),
        "a folder was left behind"
    );
    assert!(leftovers(tmp.path()).is_empty());
}

#[test]
fn bad_flags_exit_2_naming_the_flag() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    let o = wodds(
        &[
            "report",
            "scenarios/brawl.toml",
            "--trials",
            "0",
            "--out",
            out.to_str().unwrap(),
        ],
        "2",
    );
    fails(&o, "--trials");
    let o = wodds(
        &[
            "report",
            "scenarios/brawl.toml",
            "--editions",
            "revized",
            "--out",
            out.to_str().unwrap(),
        ],
        "2",
    );
    fails(&o, "--editions");
    assert!(!out.exists());
}
