//! Regression tests of the hardening issue: output files that never clobber
//! what they should not, real CSV, one-line errors that name the kind of
//! file, its path, line and field, and scenarios that refuse duplicates.
//! Each test is named after the fault it pins.

#![cfg(unix)]

use std::fs;
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt, symlink};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const WODDS: &str = env!("CARGO_BIN_EXE_wodds");

fn wodds(args: &[&str]) -> Output {
    Command::new(WODDS)
        .args(args)
        .env("RAYON_NUM_THREADS", "2")
        .output()
        .expect("run wodds")
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).unwrap()
}

/// Asserts a refusal: exit code 2, one line on stderr holding every part.
fn refused(out: &Output, parts: &[&str]) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.starts_with("error: "), "{err}");
    for p in parts {
        assert!(err.contains(p), "{err:?} should contain {p:?}");
    }
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A two-side scenario whose first side and member are called `a`, the
/// second side and member `b`.
fn scenario(a: &str, b: &str, editions: &str) -> String {
    format!(
        "name = \"t\"\nkind = \"combat\"\neditions = [{editions}]\ntrials = 2000\n\
         [[side]]\nname = {a}\n[[side.member]]\nname = {a}\nkind = \"mortal\"\n\
         [[side]]\nname = {b}\n[[side.member]]\nname = {b}\nkind = \"mortal\"\n"
    )
}

fn brawl() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/brawl.toml")
}

// ---------------------------------------------------------------------------
// 1. --output: devices and FIFOs are written through, symlinks followed,
//    inputs never overwritten.
// ---------------------------------------------------------------------------

/// Whether this process runs as root (a file it creates belongs to uid 0).
fn is_root(dir: &Path) -> bool {
    let probe = dir.join("probe");
    fs::write(&probe, "").unwrap();
    fs::metadata(&probe).unwrap().uid() == 0
}

#[test]
fn output_to_dev_null_leaves_it_a_device() {
    let dir = tempfile::tempdir().unwrap();
    if !is_root(dir.path()) {
        // Only root could have replaced /dev/null; the FIFO test below
        // covers the same path for everyone.
        return;
    }
    let odds = |output: &Path| {
        wodds(&[
            "odds",
            "--edition",
            "revised",
            "--pool",
            "3",
            "--output",
            path(output),
        ])
    };
    // First a device node of the test's own (the null device's numbers),
    // so that a regression replaces that one and not the machine's
    // /dev/null.
    let own = dir.path().join("null");
    let made = Command::new("mknod")
        .args([path(&own), "c", "1", "3"])
        .status()
        .unwrap();
    assert!(made.success(), "mknod as root");
    let out = odds(&own);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(fs::metadata(&own).unwrap().file_type().is_char_device());
    let out = odds(Path::new("/dev/null"));
    assert!(out.status.success(), "{}", stderr(&out));
    let meta = fs::metadata("/dev/null").unwrap();
    assert!(meta.file_type().is_char_device(), "{meta:?}");
}

#[test]
fn output_to_a_fifo_writes_through_it() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    // A reader, as `cat pipe` would be.
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
    };
    let out = wodds(&[
        "odds",
        "--edition",
        "revised",
        "--pool",
        "3",
        "--difficulty",
        "6",
        "--format",
        "csv",
        "--output",
        path(&fifo),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = reader.join().unwrap();
    assert!(text.starts_with("edition,pool,difficulty,"), "{text}");
    assert!(text.contains("revised,3,6,0.74,"), "{text}");
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
}

#[test]
fn output_to_a_symlink_replaces_its_target_and_keeps_the_link() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("real.csv");
    fs::write(&target, "old").unwrap();
    let link = dir.path().join("link.csv");
    symlink("real.csv", &link).unwrap();
    let out = wodds(&[
        "odds",
        "--edition",
        "revised",
        "--pool",
        "3",
        "--format",
        "csv",
        "--output",
        path(&link),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(fs::read_link(&link).unwrap(), Path::new("real.csv"));
    let text = fs::read_to_string(&target).unwrap();
    assert!(text.starts_with("edition,pool"), "{text}");
    // Nothing left beside them.
    let names: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

#[test]
fn output_naming_the_scenario_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("s.toml");
    let text = scenario("\"A\"", "\"B\"", "\"revised\"");
    fs::write(&file, &text).unwrap();
    // Through another spelling of the same path, too.
    let other = format!("{}/./s.toml", path(dir.path()));
    for output in [path(&file), other.as_str()] {
        let out = wodds(&["run", path(&file), "--output", output]);
        refused(&out, &["--output", "is the input file"]);
        assert_eq!(fs::read_to_string(&file).unwrap(), text);
    }
}

#[test]
fn output_naming_a_house_rule_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().join("base.toml");
    fs::write(&base, "extends = \"revised\"\n").unwrap();
    let top = dir.path().join("top.toml");
    fs::write(&top, "extends = \"base.toml\"\n").unwrap();
    // The file given and the file it extends are both inputs.
    for victim in [&top, &base] {
        let out = wodds(&[
            "odds",
            "--edition",
            path(&top),
            "--pool",
            "3",
            "--output",
            path(victim),
        ]);
        refused(&out, &["--output", "is the input file"]);
    }
    assert_eq!(
        fs::read_to_string(&base).unwrap(),
        "extends = \"revised\"\n"
    );
}

// ---------------------------------------------------------------------------
// 2. The mode of a new output file is 0666 less the umask.
// ---------------------------------------------------------------------------

#[test]
fn output_files_get_the_mode_file_create_gives() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("new.csv");
    let shell = format!(
        "umask 027 && exec {WODDS} odds --edition revised --pool 3 --output {}",
        path(&file)
    );
    let status = Command::new("sh").args(["-c", &shell]).status().unwrap();
    assert!(status.success());
    let mode = fs::metadata(&file).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640, "0666 less umask 027, got {mode:o}");
    // An existing file keeps its own mode, as `File::create` leaves it.
    fs::set_permissions(&file, fs::Permissions::from_mode(0o604)).unwrap();
    let shell = format!(
        "umask 077 && exec {WODDS} odds --edition revised --pool 4 --output {}",
        path(&file)
    );
    let status = Command::new("sh").args(["-c", &shell]).status().unwrap();
    assert!(status.success());
    let mode = fs::metadata(&file).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o604, "kept, got {mode:o}");
}

// ---------------------------------------------------------------------------
// 3. The output path is checked before any work, and named as given.
// ---------------------------------------------------------------------------

#[test]
fn output_in_a_missing_folder_fails_before_the_fights() {
    let dir = tempfile::Builder::new().prefix("wodds").tempdir().unwrap();
    let missing = dir.path().join("missing-dir/out.csv");
    // 10^9 fights die by die would take hours: the refusal must come first.
    let out = wodds(&[
        "run",
        path(&brawl()),
        "--trials",
        "1000000000",
        "--sampler",
        "die",
        "--output",
        path(&missing),
    ]);
    refused(
        &out,
        &[
            &format!("--output {}", path(&missing)),
            "missing-dir does not exist",
        ],
    );
    assert!(!stderr(&out).contains(".tmp"), "{}", stderr(&out));
}

#[test]
fn output_in_an_unwritable_folder_fails_before_the_work() {
    // /proc takes no new files, even from root.
    let out = wodds(&[
        "odds",
        "--edition",
        "revised",
        "--pool",
        "1-60",
        "--method",
        "mc",
        "--trials",
        "1000000000",
        "--output",
        "/proc/wodds-out.csv",
    ]);
    refused(
        &out,
        &[
            "--output /proc/wodds-out.csv",
            "cannot create a file in /proc",
        ],
    );
}

#[test]
fn output_that_is_a_folder_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = wodds(&[
        "odds",
        "--edition",
        "revised",
        "--pool",
        "3",
        "--output",
        path(dir.path()),
    ]);
    refused(&out, &["--output", "is a folder"]);
}

// ---------------------------------------------------------------------------
// 4. CSV is real CSV: names round-trip exactly.
// ---------------------------------------------------------------------------

#[test]
fn csv_side_names_with_commas_quotes_and_newlines_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("s.toml");
    let awkward = "Ver\nonica,\"x\"";
    fs::write(
        &file,
        scenario(
            r#""Ver\nonica,\"x\"""#,
            "\"Marcus; the 2nd\"",
            "\"revised\"",
        ),
    )
    .unwrap();
    let out = wodds(&["run", path(&file), "--format", "csv", "--quiet"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let mut reader = csv::Reader::from_reader(&out.stdout[..]);
    let head = reader.headers().unwrap().clone();
    let side = head.iter().position(|h| h == "side").unwrap();
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 2);
    assert_eq!(&rows[0][side], awkward);
    assert_eq!(&rows[1][side], "Marcus; the 2nd");
    assert!(rows.iter().all(|r| r.len() == head.len()));
}

#[test]
fn csv_edition_paths_with_commas_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a,b \"c\".toml");
    fs::write(&file, "extends = \"revised\"\n").unwrap();
    for args in [
        vec!["odds", "--pool", "3", "--difficulty", "6"],
        vec!["action", "resisted", "--a", "3", "--b", "3"],
        vec!["action", "extended", "--pool", "3", "--target", "2"],
        vec!["action", "multiple", "--pools", "5,5"],
    ] {
        let mut all = args.clone();
        all.extend(["--edition", path(&file), "--format", "csv"]);
        let out = wodds(&all);
        assert!(out.status.success(), "{all:?}: {}", stderr(&out));
        let mut reader = csv::Reader::from_reader(&out.stdout[..]);
        let width = reader.headers().unwrap().len();
        for row in reader.records() {
            let row = row.unwrap();
            assert_eq!(row.len(), width, "{all:?}");
            assert_eq!(&row[0], path(&file), "{all:?}");
        }
    }
}

// ---------------------------------------------------------------------------
// 5. Errors name the kind of file, its path, the line and the field, once.
// ---------------------------------------------------------------------------

#[test]
fn a_missing_scenario_says_the_os_error_once() {
    let out = wodds(&["run", "no-such-scenario.toml"]);
    refused(
        &out,
        &["scenario file no-such-scenario.toml: cannot read it"],
    );
    assert_eq!(stderr(&out).matches("No such file").count(), 1);
}

#[test]
fn a_missing_rule_file_says_the_os_error_once() {
    let out = wodds(&["odds", "--edition", "no-such-rules.toml", "--pool", "3"]);
    refused(&out, &["rule file no-such-rules.toml: cannot read it"]);
    assert_eq!(stderr(&out).matches("No such file").count(), 1);
}

#[test]
fn an_empty_scenario_names_the_missing_field() {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty.toml");
    fs::write(&empty, "").unwrap();
    for file in [path(&empty), "/dev/null"] {
        let out = wodds(&["run", file]);
        refused(
            &out,
            &[&format!("scenario file {file}:1:1: field `name`: missing")],
        );
        assert!(!stderr(&out).contains("field ``"));
    }
}

#[test]
fn a_missing_top_level_field_is_not_named_after_the_first_key() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("s.toml");
    fs::write(
        &file,
        "kind = \"combat\"\neditions = [\"revised\"]\n[[side]]\nname = \"A\"\n",
    )
    .unwrap();
    let out = wodds(&["run", path(&file)]);
    refused(&out, &["scenario file", "field `name`: missing"]);
}

#[test]
fn a_missing_nested_field_names_its_table() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("s.toml");
    fs::write(
        &file,
        "name = \"t\"\nkind = \"combat\"\neditions = [\"revised\"]\n[[side]]\nname = \"A\"\n[[side.member]]\nkind = \"mortal\"\n",
    )
    .unwrap();
    let out = wodds(&["run", path(&file)]);
    refused(
        &out,
        &["scenario file", "field `side.member.name`: missing"],
    );
}

#[test]
fn non_utf8_input_names_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("latin1.toml");
    fs::write(&file, b"name = \"t\"\nkind = \"combat\"\n# caf\xe9\n").unwrap();
    let out = wodds(&["run", path(&file)]);
    // `# caf` is five bytes: the bad one is column 6 of line 3.
    refused(
        &out,
        &[
            &format!("scenario file {}:3:6:", path(&file)),
            "not UTF-8 text (byte 0xe9)",
        ],
    );
    let out = wodds(&["odds", "--edition", path(&file), "--pool", "3"]);
    refused(&out, &[&format!("rule file {}:3:6:", path(&file))]);
}

#[test]
fn scenario_errors_call_it_a_scenario_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("s.toml");
    fs::write(
        &file,
        scenario("\"A\"", "\"B\"", "\"revised\"") + "oops = 1\n",
    )
    .unwrap();
    let out = wodds(&["run", path(&file)]);
    refused(&out, &["scenario file", "oops"]);
    assert!(!stderr(&out).contains("rule file"), "{}", stderr(&out));
}

// ---------------------------------------------------------------------------
// 6. Bad flags: one line naming the flag, the value and what is allowed.
// ---------------------------------------------------------------------------

#[test]
fn bad_flags_print_one_line_with_the_flag_value_and_allowed_values() {
    let brawl = brawl();
    let cases: [(Vec<&str>, Vec<&str>); 6] = [
        (
            vec![
                "odds",
                "--edition",
                "revised",
                "--pool",
                "3",
                "--trials",
                "abc",
            ],
            vec!["--trials abc", "1..=1000000000"],
        ),
        (
            vec![
                "odds",
                "--edition",
                "revised",
                "--pool",
                "3",
                "--format",
                "xml",
            ],
            vec!["--format xml", "table, csv or json"],
        ),
        (
            vec!["run", path(&brawl), "--sampler", "foo"],
            vec!["--sampler foo", "round, outcome or die"],
        ),
        (
            vec!["run", path(&brawl), "--trials", "0"],
            vec!["--trials 0", "1..=1000000000"],
        ),
        (
            vec![
                "odds",
                "--edition",
                "revised",
                "--pool",
                "3",
                "--seed",
                "-1",
            ],
            vec!["--seed -1", "0..="],
        ),
        (
            vec!["odds", "--edition", "revised"],
            vec!["missing --pool", "wodds odds --help"],
        ),
    ];
    for (args, parts) in cases {
        let out = wodds(&args);
        refused(&out, &parts);
    }
}

// ---------------------------------------------------------------------------
// 7. Duplicates in a scenario are refused with file, line and field.
// ---------------------------------------------------------------------------

#[test]
fn duplicate_member_names_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("s.toml");
    // Two sides, each with a member called "Twin".
    let text = scenario("\"A\"", "\"B\"", "\"revised\"")
        .replace(
            "[[side.member]]\nname = \"A\"",
            "[[side.member]]\nname = \"Twin\"",
        )
        .replace(
            "[[side.member]]\nname = \"B\"",
            "[[side.member]]\nname = \"Twin\"",
        );
    fs::write(&file, text).unwrap();
    let out = wodds(&["run", path(&file)]);
    refused(
        &out,
        &[
            &format!("scenario file {}:13:8:", path(&file)),
            "field `side.member.name`",
            "`Twin`",
        ],
    );
}

#[test]
fn duplicate_side_names_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("s.toml");
    let text = scenario("\"A\"", "\"B\"", "\"revised\"")
        .replace("[[side]]\nname = \"B\"", "[[side]]\nname = \"A\"");
    fs::write(&file, text).unwrap();
    let out = wodds(&["run", path(&file)]);
    refused(
        &out,
        &[
            &format!("scenario file {}:11:8:", path(&file)),
            "field `side.name`",
        ],
    );
}

#[test]
fn an_edition_listed_twice_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("house.toml"), "extends = \"fta\"\n").unwrap();
    let file = dir.path().join("s.toml");
    for (editions, twice) in [
        (
            "\"revised\", \"fta\", \"revised\"",
            "`revised` is listed twice",
        ),
        (
            "\"house.toml\", \"./house.toml\"",
            "`./house.toml` is listed twice (as",
        ),
    ] {
        fs::write(&file, scenario("\"A\"", "\"B\"", editions)).unwrap();
        let out = wodds(&["run", path(&file)]);
        refused(
            &out,
            &[
                &format!("scenario file {}:3:", path(&file)),
                "field `editions`",
                twice,
            ],
        );
    }
    let out = wodds(&["run", path(&brawl()), "--editions", "uwod,hubris,uwod"]);
    refused(&out, &["--editions", "`uwod` is listed twice"]);
}

/// A mistake in a house rule's expression: exit 2, one line naming the
/// file, line, column of the bad token and the field.
#[test]
fn a_bad_expression_names_the_file_line_column_and_field() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("botch.toml");
    fs::write(
        &file,
        "extends = \"revised\"\n[dice.outcome]\nbotch = \"ones >= 2 && sucesses == 0\"\n",
    )
    .unwrap();
    let out = wodds(&["odds", "--edition", path(&file), "--pool", "3"]);
    refused(
        &out,
        &[
            &format!("{}:3:23:", path(&file)),
            "field `dice.outcome.botch`",
            "unknown name `sucesses`",
        ],
    );
}

/// `wodds rules show` prints every edition's roll face by face and its
/// outcome as expressions.
#[test]
fn rules_show_prints_the_face_table_and_expressions_of_every_edition() {
    for edition in ["revised", "fta", "uwod", "hubris"] {
        let out = wodds(&["rules", "show", edition]);
        assert!(out.status.success(), "{}", stderr(&out));
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains("The roll face by face"), "{edition}");
        assert!(text.contains("first die: successes"), "{edition}");
        assert!(text.contains("dice.outcome.botch"), "{edition}");
    }
    let hubris = String::from_utf8(wodds(&["rules", "show", "hubris"]).stdout).unwrap();
    // Hubris: 8+ succeeds and 10s are rolled again (a chance die too).
    assert!(hubris.contains("first die: successes            0  0  0  0  0  0  0  1  1  1"));
    assert!(hubris.contains("first die: rolled again         0  0  0  0  0  0  0  0  0  1"));
    assert!(hubris.contains("chance die: successes"));
}
