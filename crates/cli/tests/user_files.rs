//! Regression tests of issue 22: wodds never deletes or corrupts what it
//! did not write. Each test is named after the fault it pins, and each
//! that could delete a user's file puts one where it would have gone and
//! checks it is still there, byte for byte, after the command.

#![cfg(unix)]

mod common;

use std::fs;
use std::os::unix::fs::{PermissionsExt, symlink};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const WODDS: &str = env!("CARGO_BIN_EXE_wodds");

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// A scratch project: a copy of the shipped `scenarios/brawl.toml` and
/// `docs/examples/fta-light-piling.toml` (as `rules/house.toml`), where
/// wodds runs.
fn project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join("scenarios")).unwrap();
    fs::create_dir(dir.path().join("rules")).unwrap();
    fs::copy(
        root().join("scenarios/brawl.toml"),
        dir.path().join("scenarios/brawl.toml"),
    )
    .unwrap();
    fs::copy(
        root().join("docs/examples/fta-light-piling.toml"),
        dir.path().join("rules/house.toml"),
    )
    .unwrap();
    dir
}

/// `wodds args` run in `dir`.
fn wodds_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(WODDS)
        .args(args)
        .current_dir(dir)
        .env("RAYON_NUM_THREADS", "2")
        .output()
        .expect("run wodds")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

fn ok(o: &Output) -> String {
    assert!(o.status.success(), "{}", stderr(o));
    String::from_utf8_lossy(&o.stdout).to_string()
}

/// Asserts a refusal: exit code 2, one line on stderr holding every part.
fn refused(o: &Output, parts: &[&str]) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    for p in parts {
        assert!(err.contains(p), "{err:?} should contain {p:?}");
    }
}

/// A small report of the brawl in `dir`, at `out` (300 trials under
/// revised unless `extra` says otherwise).
fn report(dir: &Path, out: &str, extra: &[&str]) -> Output {
    let mut args = vec!["report", "scenarios/brawl.toml", "--out", out, "--quiet"];
    for (flag, default) in [("--trials", "300"), ("--editions", "revised")] {
        if !extra.contains(&flag) {
            args.extend([flag, default]);
        }
    }
    args.extend_from_slice(extra);
    wodds_in(dir, &args)
}

/// Every file under `dir` and its bytes (see [`common::files`]).
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    common::files(dir)
}

/// Entries beside `dir` that wodds made as temporary directories.
fn leftovers(dir: &Path) -> Vec<String> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| n.starts_with(".wodds-"))
        .collect()
}

// ---------------------------------------------------------------------------
// 1. `wodds sweep --out DIR` deleted everything else in DIR.
// ---------------------------------------------------------------------------

const SWEEP: &[&str] = &[
    "sweep",
    "scenarios/brawl.toml",
    "--vary",
    "Veronica.dexterity=1..2",
    "--editions",
    "revised",
];

#[test]
fn sweep_out_never_deletes_a_notebook_beside_sweep_parquet() {
    let p = project();
    let dir = p.path();
    // The issue's case: a folder with a file called sweep.parquet (not a
    // sweep's: no manifest says wodds wrote it) and a notebook.
    fs::create_dir(dir.join("a")).unwrap();
    fs::write(dir.join("a/sweep.parquet"), "").unwrap();
    fs::write(dir.join("a/notebook.ipynb"), "nb\n").unwrap();
    let before = files(&dir.join("a"));
    let mut args = SWEEP.to_vec();
    args.extend(["--out", "a"]);
    refused(&wodds_in(dir, &args), &["--out a", "not a wodds sweep"]);
    assert_eq!(files(&dir.join("a")), before);

    // A sweep's folder with the designer's notebook in it: the sweep is
    // replaced, file for file, and the notebook kept.
    let mut args = SWEEP.to_vec();
    args.extend(["--out", "s"]);
    ok(&wodds_in(dir, &args));
    assert!(dir.join("s/manifest.json").is_file());
    fs::write(dir.join("s/notebook.ipynb"), "nb\n").unwrap();
    fs::create_dir(dir.join("s/mine")).unwrap();
    fs::write(dir.join("s/mine/notes.md"), "# notes\n").unwrap();
    let o = wodds_in(dir, &args);
    ok(&o);
    assert_eq!(fs::read(dir.join("s/notebook.ipynb")).unwrap(), b"nb\n");
    assert_eq!(fs::read(dir.join("s/mine/notes.md")).unwrap(), b"# notes\n");
    assert!(
        stderr(&o).contains("kept 2 files in s that wodds did not write"),
        "{}",
        stderr(&o)
    );
    assert!(leftovers(dir).is_empty(), "{:?}", leftovers(dir));

    // With --force the old file called sweep.parquet is kept, renamed,
    // and the notebook stays.
    let mut args = SWEEP.to_vec();
    args.extend(["--out", "a", "--force"]);
    let o = wodds_in(dir, &args);
    ok(&o);
    assert_eq!(fs::read(dir.join("a/notebook.ipynb")).unwrap(), b"nb\n");
    assert_eq!(fs::read(dir.join("a/sweep.parquet.~1~")).unwrap(), b"");
    assert!(stderr(&o).contains("kept a/sweep.parquet as a/sweep.parquet.~1~"));
}

// ---------------------------------------------------------------------------
// 2. `--force` deleted any directory, the run's own inputs included.
// ---------------------------------------------------------------------------

#[test]
fn force_never_writes_over_the_runs_own_inputs() {
    let p = project();
    let dir = p.path();
    let before = files(dir);
    // The scenarios' folder: exit 2 before any work, nothing changed.
    let o = wodds_in(
        dir,
        &[
            "report",
            "scenarios/brawl.toml",
            "--out",
            "scenarios",
            "--force",
        ],
    );
    refused(
        &o,
        &["--out scenarios", "holds the input scenarios/brawl.toml"],
    );
    assert!(!stderr(&o).contains("--force"), "{}", stderr(&o));
    // A house rule's folder.
    let o = report(dir, "rules", &["--editions", "rules/house.toml", "--force"]);
    refused(&o, &["--out rules", "holds the input rules/house.toml"]);
    // The project itself, by name and as the current directory.
    let name = dir.file_name().unwrap().to_str().unwrap();
    let o = report(dir, &format!("../{name}"), &["--force"]);
    refused(&o, &["holds the input"]);
    refused(
        &report(dir, ".", &["--force"]),
        &["--out .", "holds the input"],
    );
    // A folder inside a scenario file's path is no folder; one holding
    // the current directory is refused even with no input in it.
    let sub = dir.join("work");
    fs::create_dir(&sub).unwrap();
    fs::copy(dir.join("scenarios/brawl.toml"), dir.join("b.toml")).unwrap();
    let o = wodds_in(
        &sub,
        &[
            "report",
            "../b.toml",
            "--trials",
            "300",
            "--out",
            ".",
            "--quiet",
            "--force",
        ],
    );
    refused(&o, &["--out .", "current directory"]);
    fs::remove_file(dir.join("b.toml")).unwrap();
    fs::remove_dir(&sub).unwrap();
    assert_eq!(files(dir), before);

    // A part being merged.
    for i in 0..2 {
        let shard = format!("{i}/2");
        let out = format!("p/a{i}");
        ok(&wodds_in(
            dir,
            &[
                "report",
                "scenarios/brawl.toml",
                "--trials",
                "300",
                "--editions",
                "revised",
                "--shard",
                &shard,
                "--out",
                &out,
                "--quiet",
            ],
        ));
    }
    let parts = files(&dir.join("p"));
    let o = wodds_in(dir, &["merge", "p/a0", "p/a1", "--out", "p/a0", "--force"]);
    refused(&o, &["--out p/a0", "is the input p/a0"]);
    let o = wodds_in(dir, &["merge", "p/a0", "p/a1", "--out", "p", "--force"]);
    refused(&o, &["--out p", "holds the input p/a0"]);
    let o = wodds_in(
        dir,
        &["merge", "p/a0", "p/a1", "--out", "p/a1/r", "--force"],
    );
    refused(&o, &["--out p/a1/r", "lies inside the input p/a1"]);
    assert_eq!(files(&dir.join("p")), parts);
}

// ---------------------------------------------------------------------------
// 3. Replacing a report deleted whatever else was in it.
// ---------------------------------------------------------------------------

#[test]
fn replacing_a_report_keeps_the_designers_files_in_it() {
    let p = project();
    let dir = p.path();
    ok(&report(dir, "rep", &[]));
    fs::write(dir.join("rep/README.md"), "# our baseline\n").unwrap();
    fs::create_dir_all(dir.join("rep/notes/old")).unwrap();
    fs::write(dir.join("rep/notes/old/a.txt"), "a\n").unwrap();
    fs::create_dir(dir.join("rep/empty")).unwrap();
    let o = report(dir, "rep", &["--trials", "400"]);
    ok(&o);
    assert_eq!(
        fs::read(dir.join("rep/README.md")).unwrap(),
        b"# our baseline\n"
    );
    assert_eq!(fs::read(dir.join("rep/notes/old/a.txt")).unwrap(), b"a\n");
    assert!(dir.join("rep/empty").is_dir());
    assert!(stderr(&o).contains("kept 3 files in rep"), "{}", stderr(&o));
    // The new report is whole and is what a fresh one holds.
    ok(&report(dir, "fresh", &["--trials", "400"]));
    let mine = |d: &Path| {
        files(d)
            .into_iter()
            .filter(|(p, _)| !p.starts_with("README") && !p.starts_with("notes"))
            .collect::<Vec<_>>()
    };
    assert_eq!(mine(&dir.join("rep")), mine(&dir.join("fresh")));
    assert!(leftovers(dir).is_empty(), "{:?}", leftovers(dir));

    // check --update keeps them too.
    let o = wodds_in(dir, &["check", "--baseline", "rep", "--update", "--quiet"]);
    assert!(o.status.code().is_some_and(|c| c <= 1), "{}", stderr(&o));
    assert_eq!(
        fs::read(dir.join("rep/README.md")).unwrap(),
        b"# our baseline\n"
    );
    assert_eq!(fs::read(dir.join("rep/notes/old/a.txt")).unwrap(), b"a\n");

    // A scenario kept inside the report directory is an input: refused.
    fs::copy(dir.join("scenarios/brawl.toml"), dir.join("rep/my.toml")).unwrap();
    let o = wodds_in(
        dir,
        &["report", "rep/my.toml", "--trials", "300", "--out", "rep"],
    );
    refused(&o, &["--out rep", "holds the input rep/my.toml"]);
    assert!(dir.join("rep/my.toml").is_file());

    // An edited file of the report is the designer's now: refused, and
    // with --force kept under a backup name.
    fs::write(dir.join("rep/index.html"), "<p>my edit</p>\n").unwrap();
    let o = report(dir, "rep", &[]);
    refused(
        &o,
        &["index.html is not a file wodds wrote", "index.html.~1~"],
    );
    ok(&report(dir, "rep", &["--force"]));
    assert_eq!(
        fs::read(dir.join("rep/index.html.~1~")).unwrap(),
        b"<p>my edit</p>\n"
    );
    assert!(
        fs::read_to_string(dir.join("rep/index.html"))
            .unwrap()
            .contains("<html")
    );
}

#[test]
fn a_manifest_that_only_says_wodds_report_replaces_nothing() {
    let p = project();
    let dir = p.path();
    fs::create_dir(dir.join("x")).unwrap();
    fs::write(dir.join("x/manifest.json"), r#"{"format":"wodds-report"}"#).unwrap();
    fs::write(dir.join("x/index.html"), "mine\n").unwrap();
    fs::write(dir.join("x/thesis.tex"), "\\begin{document}\n").unwrap();
    let before = files(&dir.join("x"));
    refused(
        &report(dir, "x", &[]),
        &["--out x", "manifest.json is not wodds's"],
    );
    assert_eq!(files(&dir.join("x")), before);
    ok(&report(dir, "x", &["--force"]));
    assert_eq!(
        fs::read(dir.join("x/thesis.tex")).unwrap(),
        b"\\begin{document}\n"
    );
    assert_eq!(fs::read(dir.join("x/index.html.~1~")).unwrap(), b"mine\n");
    assert_eq!(
        fs::read(dir.join("x/manifest.json.~1~")).unwrap(),
        br#"{"format":"wodds-report"}"#
    );
}

// ---------------------------------------------------------------------------
// 4. Files were mode 0600 whatever the umask.
// ---------------------------------------------------------------------------

fn modes(dir: &Path) -> Vec<(String, u32)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        out.push((
            d.display().to_string(),
            fs::metadata(&d).unwrap().permissions().mode() & 0o777,
        ));
        for e in fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push((
                    p.display().to_string(),
                    fs::metadata(&p).unwrap().permissions().mode() & 0o777,
                ));
            }
        }
    }
    out
}

#[test]
fn outputs_take_the_umask_not_0600() {
    let p = project();
    let dir = p.path();
    let sh = |cmd: &str| {
        let o = Command::new("sh")
            .arg("-c")
            .arg(format!("umask 022; {cmd}"))
            .current_dir(dir)
            .env("RAYON_NUM_THREADS", "2")
            .output()
            .unwrap();
        ok(&o);
    };
    let w = WODDS;
    let brawl = "scenarios/brawl.toml --trials 300 --editions revised --quiet";
    sh(&format!("{w} report {brawl} --out rep"));
    sh(&format!("{w} report {brawl} --shard 0/1 --out part"));
    sh(&format!("{w} merge part --out merged --quiet"));
    sh(&format!("{w} check --baseline rep --update --quiet"));
    sh(&format!(
        "{w} sweep scenarios/brawl.toml --vary Veronica.dexterity=1..2 --editions revised --out sw"
    ));
    for d in ["rep", "part", "merged", "sw"] {
        for (path, mode) in modes(&dir.join(d)) {
            let want = if Path::new(&path).is_dir() {
                0o755
            } else {
                0o644
            };
            assert_eq!(mode, want, "{path}: {mode:o}");
        }
    }
}

// ---------------------------------------------------------------------------
// 5. merge and check trusted an edited manifest.
// ---------------------------------------------------------------------------

/// Two parts of the brawl's report at 20,000 trials (two batches each).
fn two_parts(dir: &Path) {
    for i in 0..2 {
        let (shard, out) = (format!("{i}/2"), format!("p{i}"));
        ok(&wodds_in(
            dir,
            &[
                "report",
                "scenarios/brawl.toml",
                "--trials",
                "30000",
                "--editions",
                "hubris",
                "--shard",
                &shard,
                "--out",
                &out,
                "--quiet",
            ],
        ));
    }
}

fn edit_json(path: &Path, edit: impl FnOnce(&mut serde_json::Value)) {
    let mut v: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap();
    edit(&mut v);
    fs::write(path, serde_json::to_string_pretty(&v).unwrap()).unwrap();
}

#[test]
fn merge_refuses_a_part_whose_index_was_edited() {
    let p = project();
    let dir = p.path();
    two_parts(dir);
    // Shard 0 copied and its manifest edited to say shard 1.
    fs::create_dir(dir.join("fake1")).unwrap();
    for f in ["manifest.json", "tallies.parquet"] {
        fs::copy(dir.join("p0").join(f), dir.join("fake1").join(f)).unwrap();
    }
    edit_json(&dir.join("fake1/manifest.json"), |v| {
        v["shard"]["index"] = 1.into()
    });
    let o = wodds_in(dir, &["merge", "p0", "fake1", "--out", "r"]);
    refused(
        &o,
        &[
            "fake1/manifest.json",
            "says shard 1",
            "played as shard 0",
            "changed since",
        ],
    );
    assert!(!dir.join("r").exists());
}

#[test]
fn merge_refuses_tallies_that_do_not_add_up() {
    use wodds_report::polars::prelude::*;
    let p = project();
    let dir = p.path();
    two_parts(dir);
    // 90,000 wins written into shard 1's 10,000 fights, its sha256 fixed.
    let table = dir.join("p1/tallies.parquet");
    let mut df = ParquetReader::new(fs::File::open(&table).unwrap())
        .finish()
        .unwrap();
    let field = df.column("field").unwrap().str().unwrap().clone();
    let index = df.column("index").unwrap().u32().unwrap().clone();
    let count: Vec<u64> = (0..df.height())
        .map(|i| {
            let c = df.column("count").unwrap().u64().unwrap().get(i).unwrap();
            if field.get(i) == Some("wins") && index.get(i) == Some(0) {
                90_000
            } else {
                c
            }
        })
        .collect();
    df.replace("count", Column::new("count".into(), count))
        .unwrap();
    let mut bytes = Vec::new();
    ParquetWriter::new(&mut bytes).finish(&mut df).unwrap();
    fs::write(&table, &bytes).unwrap();
    let sha = wodds_report::manifest::sha256(&bytes);
    edit_json(&dir.join("p1/manifest.json"), |v| {
        v["files"][0]["sha256"] = sha.into()
    });
    let o = wodds_in(dir, &["merge", "p0", "p1", "--out", "r"]);
    refused(
        &o,
        &[
            "p1/tallies.parquet",
            "won and",
            "changed since the shard wrote it",
        ],
    );
    assert!(!dir.join("r").exists());
}

#[test]
fn check_refuses_a_seed_edited_into_the_manifest() {
    let p = project();
    let dir = p.path();
    // hubris has no round chain in the brawl? It has: use the outcome of
    // trials, which every edition's rows carry with the seed.
    ok(&report(dir, "base", &[]));
    edit_json(&dir.join("base/manifest.json"), |v| {
        v["scenarios"][0]["seed"] = 99.into();
        v["overrides"]["seed"] = 99.into();
    });
    let o = wodds_in(dir, &["check", "--baseline", "base", "--quiet"]);
    refused(
        &o,
        &[
            "base/manifest.json",
            "seed 99",
            "changed since the baseline was made",
        ],
    );
}

// ---------------------------------------------------------------------------
// 6. `wodds report --editions revised,revised` wrote duplicate rows.
// ---------------------------------------------------------------------------

#[test]
fn report_refuses_an_edition_given_twice() {
    let p = project();
    let o = report(p.path(), "r", &["--editions", "revised,revised"]);
    refused(&o, &["--editions", "revised is given twice"]);
    assert!(!p.path().join("r").exists());
}

// ---------------------------------------------------------------------------
// 7. Reads without a size limit.
// ---------------------------------------------------------------------------

#[test]
fn a_manifest_or_table_linked_to_dev_zero_fails_at_once() {
    let p = project();
    let dir = p.path();
    // report --out: the old report's manifest.
    fs::create_dir(dir.join("z")).unwrap();
    symlink("/dev/zero", dir.join("z/manifest.json")).unwrap();
    refused(&report(dir, "z", &[]), &["--out z", "not a regular file"]);
    // merge: a part's manifest, then its tallies.
    two_parts(dir);
    fs::rename(dir.join("p1/manifest.json"), dir.join("p1.json")).unwrap();
    symlink("/dev/zero", dir.join("p1/manifest.json")).unwrap();
    refused(
        &wodds_in(dir, &["merge", "p0", "p1", "--out", "r"]),
        &["p1/manifest.json", "not a regular file"],
    );
    fs::remove_file(dir.join("p1/manifest.json")).unwrap();
    fs::rename(dir.join("p1.json"), dir.join("p1/manifest.json")).unwrap();
    fs::remove_file(dir.join("p1/tallies.parquet")).unwrap();
    symlink("/dev/zero", dir.join("p1/tallies.parquet")).unwrap();
    refused(
        &wodds_in(dir, &["merge", "p0", "p1", "--out", "r"]),
        &["p1/tallies.parquet", "not a regular file"],
    );
    // check: the baseline's page.
    ok(&report(dir, "base", &[]));
    fs::remove_file(dir.join("base/index.html")).unwrap();
    symlink("/dev/zero", dir.join("base/index.html")).unwrap();
    refused(
        &wodds_in(dir, &["check", "--baseline", "base"]),
        &["base/index.html", "not a regular file"],
    );
}

// ---------------------------------------------------------------------------
// 8. A scenario named charts.toml collided with the report's charts/.
// ---------------------------------------------------------------------------

#[test]
fn a_scenario_named_charts_gets_a_folder_of_its_own() {
    let p = project();
    let dir = p.path();
    fs::copy(dir.join("scenarios/brawl.toml"), dir.join("charts.toml")).unwrap();
    let o = wodds_in(
        dir,
        &[
            "report",
            "charts.toml",
            "--trials",
            "300",
            "--editions",
            "revised",
            "--out",
            "r",
            "--quiet",
        ],
    );
    ok(&o);
    assert!(dir.join("r/charts-2/summary.parquet").is_file());
    assert!(dir.join("r/charts/odds-success.svg").is_file() || dir.join("r/charts").is_dir());
}

// ---------------------------------------------------------------------------
// 9. One line, once.
// ---------------------------------------------------------------------------

#[test]
fn an_editions_error_is_said_once() {
    let p = project();
    let o = report(p.path(), "r", &["--editions", "nosuch"]);
    let err = stderr(&o);
    refused(&o, &["--editions"]);
    assert_eq!(err.matches("nosuch").count(), 1, "{err}");
    let o = wodds_in(p.path(), &["check", "--baseline", "nowhere"]);
    assert_eq!(stderr(&o).matches("nowhere").count(), 1, "{}", stderr(&o));
}

#[test]
fn a_symlinked_out_is_followed_not_called_a_file() {
    let p = project();
    let dir = p.path();
    ok(&report(dir, "real", &[]));
    symlink("real", dir.join("latest")).unwrap();
    fs::write(dir.join("real/keep.md"), "k\n").unwrap();
    ok(&report(dir, "latest", &["--trials", "400"]));
    assert!(
        fs::symlink_metadata(dir.join("latest"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(fs::read(dir.join("real/keep.md")).unwrap(), b"k\n");
    let m = fs::read_to_string(dir.join("real/manifest.json")).unwrap();
    assert!(m.contains("--trials 400"), "{m}");
}

#[test]
fn check_update_names_the_baseline_not_out() {
    let p = project();
    let dir = p.path();
    ok(&report(dir, "base", &[]));
    fs::write(dir.join("base/index.html"), "edited\n").unwrap();
    // The edited page is caught as an altered baseline before anything.
    let o = wodds_in(dir, &["check", "--baseline", "base", "--update"]);
    refused(&o, &["base/index.html"]);
    // A scenario kept inside the baseline: --update may not write over it.
    ok(&report(dir, "base2", &[]));
    let m = dir.join("base2/manifest.json");
    let text = fs::read_to_string(&m).unwrap();
    fs::copy(dir.join("scenarios/brawl.toml"), dir.join("base2/in.toml")).unwrap();
    fs::write(&m, text.replace("scenarios/brawl.toml", "base2/in.toml")).unwrap();
    let o = wodds_in(dir, &["check", "--baseline", "base2", "--update"]);
    refused(
        &o,
        &["error: --baseline base2: holds the input base2/in.toml"],
    );
}

// ---------------------------------------------------------------------------
// 10. Ctrl-C, SIGTERM and kill -9 left `.wodds-report-XXXX` behind.
// ---------------------------------------------------------------------------

/// Starts a long report and waits for its staging directory.
fn start_long_report(dir: &Path) -> std::process::Child {
    let mut child = Command::new(WODDS)
        .args([
            "report",
            "scenarios/brawl.toml",
            "--trials",
            "1000000000",
            "--editions",
            "fta",
            "--out",
            "r",
            "--quiet",
        ])
        .current_dir(dir)
        .env("RAYON_NUM_THREADS", "1")
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    for _ in 0..600 {
        if leftovers(dir).iter().any(|n| !n.ends_with(".lock")) {
            return child;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("no staging directory appeared");
}

fn signal(child: &std::process::Child, sig: &str) {
    let ok = Command::new("kill")
        .args([sig, &child.id().to_string()])
        .status()
        .unwrap()
        .success();
    assert!(ok);
}

#[test]
fn sigterm_and_sigint_remove_the_staging_directory() {
    for sig in ["-TERM", "-INT"] {
        let p = project();
        let dir = p.path();
        let mut child = start_long_report(dir);
        signal(&child, sig);
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(130), "{sig}");
        assert!(leftovers(dir).is_empty(), "{sig}: {:?}", leftovers(dir));
        assert!(!dir.join("r").exists());
    }
}

#[test]
fn the_next_run_removes_what_kill_9_left() {
    let p = project();
    let dir = p.path();
    let mut child = start_long_report(dir);
    signal(&child, "-KILL");
    child.wait().unwrap();
    let left = leftovers(dir);
    assert_eq!(left.len(), 2, "{left:?}");
    let o = report(dir, "r", &[]);
    ok(&o);
    assert!(leftovers(dir).is_empty(), "{:?}", leftovers(dir));
    let stale = left.iter().find(|n| !n.ends_with(".lock")).unwrap();
    assert!(
        stderr(&o).contains(&format!(
            "removed {}",
            dir.canonicalize().unwrap().join(stale).display()
        )),
        "{}",
        stderr(&o)
    );
}

// ---------------------------------------------------------------------------
// 11. The default scenario list took dotfiles and blocked on a FIFO.
// ---------------------------------------------------------------------------

#[test]
fn the_default_scenarios_skip_hidden_files_and_refuse_a_fifo() {
    let p = project();
    let dir = p.path();
    fs::write(dir.join("scenarios/.#brawl.toml"), "not toml at all").unwrap();
    fs::write(dir.join("scenarios/.hidden.toml"), "not toml at all").unwrap();
    let o = wodds_in(
        dir,
        &[
            "report",
            "--trials",
            "300",
            "--editions",
            "revised",
            "--out",
            "r",
            "--quiet",
        ],
    );
    ok(&o);
    let st = Command::new("mkfifo")
        .arg(dir.join("scenarios/x.toml"))
        .status()
        .unwrap();
    assert!(st.success());
    let o = wodds_in(
        dir,
        &["report", "--trials", "300", "--out", "r2", "--quiet"],
    );
    refused(&o, &["scenarios/x.toml", "not a regular file"]);
}
