//! `wodds report` end to end: the same inputs give the same bytes at 1
//! and 2 threads; odds.parquet holds what `wodds odds --format csv`
//! prints, and a chase's and a grapple's summary what `wodds run --format
//! json` prints; bad input exits 2 with one line and leaves nothing
//! behind.

mod common;
use common::files;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use wodds_report::polars::prelude::*;
use wodds_report::tables::read_parquet;

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

/// Entries of `dir` whose name starts with `.wodds-report`: what a
/// failed report would leave behind.
fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| n.starts_with(".wodds-report"))
        .collect()
}

/// Four scenarios: the brawl (round chains under every edition), the
/// elder against three ghouls (too many states for a chain: the outcome
/// sampler), a chase and a grapple (their tracks by round tallied batch by
/// batch), each over three batches, so the threads split the work
/// differently.
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
                "scenarios/police-pursuit.toml",
                "scenarios/ted-grapples-peter.toml",
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
    for chart in [
        "police-pursuit/lead-by-round.png",
        "police-pursuit/ends.png",
        "ted-grapples-peter/control-by-round.png",
        "ted-grapples-peter/ends.png",
    ] {
        assert!(names.iter().any(|n| n.ends_with(chart)), "{chart}");
    }
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
                    // The same number (a tiny one is written 1e-7).
                    DataType::Float64 => col.f64().unwrap().get(i).map(|v| {
                        let read: f64 = cells[k].parse().unwrap();
                        assert_eq!(read.to_bits(), v.to_bits(), "{name} row {i}");
                        cells[k].to_string()
                    }),
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

/// A chase's and a grapple's exact rows in `summary.parquet` are what
/// `wodds run --format json` prints for the same scenario: every exact
/// way of ending (`exact_ended`, the draw among them), every exact win
/// rate, and the exact share still going and mean track of every round
/// it prints (`exact_going`, `exact_mean`). The estimates come from the
/// same seeds, so they agree too.
#[test]
fn chase_and_grapple_summaries_hold_what_wodds_run_prints() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    let scenarios = [
        ("scenarios/uriel-escapes.toml", "uriel-escapes", "lead"),
        (
            "scenarios/aikido-master-vs-brawler.toml",
            "aikido-master-vs-brawler",
            "control",
        ),
    ];
    let mut args = vec!["report"];
    args.extend(scenarios.iter().map(|s| s.0));
    args.extend(["--trials", "3000", "--out", out.to_str().unwrap()]);
    let o = wodds(&args, "2");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for (file, name, track) in scenarios {
        let o = wodds(
            &["run", file, "--trials", "3000", "--format", "json", "-q"],
            "2",
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let df = read_parquet(&out.join(format!("{name}/summary.parquet"))).unwrap();
        let col = |c: &str| df.column(c).unwrap().clone();
        let (ed, side, metric, round, value, exact) = (
            col("edition"),
            col("side"),
            col("metric"),
            col("round"),
            col("value"),
            col("exact"),
        );
        let find = |e: &str, s: Option<&str>, m: &str, r: Option<u32>, x: bool| -> f64 {
            (0..df.height())
                .find(|&i| {
                    ed.str().unwrap().get(i) == Some(e)
                        && side.str().unwrap().get(i) == s
                        && metric.str().unwrap().get(i) == Some(m)
                        && round.u32().unwrap().get(i) == r
                        && exact.bool().unwrap().get(i) == Some(x)
                })
                .and_then(|i| value.f64().unwrap().get(i))
                .unwrap_or_else(|| panic!("{name} {e} {s:?} {m} {r:?} {x}: no row"))
        };
        let same = |a: f64, b: f64, what: String| {
            assert!((a - b).abs() < 1e-12, "{what}: report {a}, wodds run {b}");
        };
        let mut compared = 0;
        for r in json.as_array().unwrap() {
            let e = r["edition"].as_str().unwrap();
            for (k, v) in r["exact_ended"]
                .as_array()
                .expect("a round chain")
                .iter()
                .map(|p| (p[0].as_str().unwrap(), p[1].as_f64().unwrap()))
            {
                let m = if k == "draw" {
                    "draws".to_string()
                } else {
                    format!("ended_{}", k.replace([' ', '-'], "_"))
                };
                same(find(e, None, &m, None, true), v, format!("{name} {e} {m}"));
                compared += 1;
            }
            for s in r["sides"].as_array().unwrap() {
                let side = s["side"].as_str().unwrap();
                let what = format!("{name} {e} {side}");
                same(
                    find(e, Some(side), "win_rate", None, true),
                    s["exact_win_rate"].as_f64().unwrap(),
                    what.clone(),
                );
                same(
                    find(e, Some(side), "win_rate", None, false),
                    s["win_rate"].as_f64().unwrap(),
                    what,
                );
            }
            assert_eq!(r["track_name"].as_str(), Some(track));
            for t in r["track"].as_array().unwrap() {
                let round = t["round"].as_u64().unwrap() as u32;
                let what = format!("{name} {e} round {round}");
                let mean = format!("{track}_mean");
                same(
                    find(e, None, &mean, Some(round), true),
                    t["exact_mean"].as_f64().unwrap(),
                    what.clone(),
                );
                same(
                    find(e, None, "going", Some(round), true),
                    t["exact_going"].as_f64().unwrap(),
                    what.clone(),
                );
                same(
                    find(e, None, &mean, Some(round), false),
                    t["mean"].as_f64().unwrap(),
                    what.clone(),
                );
                same(
                    find(e, None, "going", Some(round), false),
                    t["going"].as_f64().unwrap(),
                    what,
                );
                compared += 1;
            }
        }
        assert!(compared > 30, "{name}: {compared} compared");
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
    // Forced, the directory becomes a report and the user's file stays;
    // a report is then replaced without --force, the file still kept.
    assert!(run(true).status.success());
    assert!(out.join("manifest.json").exists());
    assert!(run(false).status.success());
    assert_eq!(
        std::fs::read_to_string(out.join("mine.txt")).unwrap(),
        "keep me"
    );
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

/// The neonate's chains under revised and a house rule whose 10s count two
/// (allowed more paths) take seconds in a test build: on a terminal,
/// `report` and `compare` say how far they have got, as `wodds run` does;
/// with -q, nothing.
#[test]
fn report_and_compare_show_how_far_their_round_chains_have_got_on_a_terminal() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    let rule = "docs/examples/house-rules/tens-count-two.toml";
    let report = format!(
        "report scenarios/neonate-vs-two-thugs.toml --editions revised,{rule} \
         --max-states 262144 --trials 500 --tables-only --out {}",
        out.display()
    );
    let shown = common::on_a_terminal(&report);
    assert!(
        shown.contains("neonate-vs-two-thugs: building engines and round chains: "),
        "{shown}"
    );
    assert!(shown.contains("paths through their dice"), "{shown}");
    assert!(out.join("manifest.json").is_file());
    let quiet = common::on_a_terminal(&format!("{report} --force -q"));
    assert!(!quiet.contains("paths through their dice"), "{quiet}");

    let compare = format!(
        "compare revised {rule} scenarios/neonate-vs-two-thugs.toml --max-states 262144 \
         --format json -o {}",
        tmp.path().join("c.json").display()
    );
    let shown = common::on_a_terminal(&compare);
    assert!(shown.contains("paths through their dice"), "{shown}");
    let quiet = common::on_a_terminal(&format!("{compare} -q"));
    assert!(!quiet.contains("paths through their dice"), "{quiet}");
}
