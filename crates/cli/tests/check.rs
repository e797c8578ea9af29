//! `wodds check` end to end, as a designer's house-rules repository runs
//! it (paths relative to the repository): exit 0 when nothing moved, 1
//! when something did (the table names the file and the setting that
//! changed, and the metrics), 0 again once `--update` has taken the change
//! in; every bad baseline or flag exits 2 with one line naming the file or
//! the flag, and writes nothing.

mod common;
use common::files;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

const HOUSE: &str = "extends = \"revised\"\nname = \"Our table\"\n";

/// A house-rules repository: the brawl, a house rule, and a baseline
/// report of the brawl under it (500 fights).
fn repo() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("scenarios")).unwrap();
    std::fs::copy(
        root().join("scenarios/brawl.toml"),
        dir.path().join("scenarios/brawl.toml"),
    )
    .unwrap();
    std::fs::write(dir.path().join("house.toml"), HOUSE).unwrap();
    let o = wodds(
        dir.path(),
        &[
            "report",
            "scenarios/brawl.toml",
            "--editions",
            "house.toml",
            "--trials",
            "500",
            "--out",
            "baseline",
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    dir
}

fn wodds(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wodds"))
        .args(args)
        .current_dir(dir)
        .env("RAYON_NUM_THREADS", "2")
        .output()
        .expect("run wodds")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

#[test]
fn check_exits_0_then_1_on_a_house_rule_change_then_0_once_updated() {
    let repo = repo();
    let dir = repo.path();
    let check = |extra: &[&str]| {
        let mut args = vec!["check", "--baseline", "baseline"];
        args.extend_from_slice(extra);
        wodds(dir, &args)
    };
    // Nothing changed: exit 0, and the re-run is the baseline byte for byte.
    let o = check(&[]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let text = stdout(&o);
    let last = text.lines().last().unwrap();
    assert!(last.starts_with("verdict: nothing moved"), "{text}");
    assert!(last.contains("byte for byte"), "{text}");
    // 1s no longer cancel.
    std::fs::write(
        dir.join("house.toml"),
        format!("{HOUSE}\n[dice]\nones = \"ignore\"\n"),
    )
    .unwrap();
    let before = files(&dir.join("baseline"));
    let o = check(&[]);
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let text = stdout(&o);
    assert!(
        text.contains("changed since the baseline: house.toml (rules)"),
        "{text}"
    );
    assert!(
        text.contains("  dice.ones  \"cancel\"  ->  \"ignore\""),
        "{text}"
    );
    let header = text
        .lines()
        .find(|l| l.starts_with("where "))
        .expect("a table");
    for col in [
        "rule set",
        "figure",
        "old",
        "new",
        "difference",
        "p (Holm)",
        "how",
    ] {
        assert!(header.contains(col), "{header}");
    }
    for row in ["brawl ", "single roll ", "actions "] {
        assert!(
            text.lines()
                .any(|l| l.starts_with(row) && l.contains("house.toml")),
            "no {row}row in {text}"
        );
    }
    assert!(
        text.lines().last().unwrap().starts_with("verdict: "),
        "{text}"
    );
    assert_eq!(
        files(&dir.join("baseline")),
        before,
        "check wrote to the baseline"
    );
    // The same as JSON.
    let o = check(&["--format", "json"]);
    assert_eq!(o.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(json["moved"], true);
    assert_eq!(json["rules"][0]["settings"][0]["key"], "dice.ones");
    let moved = json["comparison"]["moved"].as_array().unwrap();
    assert!(
        moved
            .iter()
            .any(|m| m["table"] == "odds" && m["test"] == "exact")
    );
    assert!(moved.iter().all(|m| m["edition"] == "house.toml"));
    // Taken in: exit 0, and nothing moves after.
    let o = check(&["--update", "--quiet"]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        stdout(&o).contains("baseline baseline updated"),
        "{}",
        stdout(&o)
    );
    assert_ne!(files(&dir.join("baseline")), before);
    let o = check(&[]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    // Nothing left beside the baseline.
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    names.sort();
    assert_eq!(names, ["baseline", "house.toml", "scenarios"]);
}

/// One line on stderr naming `needle`, exit 2, nothing on stdout.
fn fails(o: &Output, needle: &str) {
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}{}", stdout(o));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(needle), "{needle:?} not in {err}");
    assert!(o.stdout.is_empty());
}

/// Something done to the repository (spoiling it, or mending it).
type Step<'a> = Box<dyn Fn() + 'a>;

#[test]
fn a_bad_baseline_or_flag_exits_2_naming_it_and_writes_nothing() {
    let repo = repo();
    let dir = repo.path();
    let base = dir.join("baseline");
    let pristine = files(&base);
    let check = |args: &[&str]| {
        let mut a = vec!["check", "--baseline", "baseline"];
        a.extend_from_slice(args);
        wodds(dir, &a)
    };
    // Each case spoils the baseline (or the repository), checks, with and
    // without --update, and puts things back.
    let cases: Vec<(&str, Step<'_>, Step<'_>)> = vec![
        (
            "baseline/brawl/summary.parquet: altered since the baseline was made",
            Box::new(|| {
                let p = base.join("brawl/summary.parquet");
                let mut b = std::fs::read(&p).unwrap();
                b[100] ^= 1;
                std::fs::write(p, b).unwrap();
            }),
            Box::new(|| {}),
        ),
        (
            "baseline/odds.parquet: missing from the baseline",
            Box::new(|| std::fs::remove_file(base.join("odds.parquet")).unwrap()),
            Box::new(|| {}),
        ),
        (
            "baseline/manifest.json: made by wodds 0.0.1, this is wodds",
            Box::new(|| {
                let p = base.join("manifest.json");
                let t = std::fs::read_to_string(&p).unwrap();
                let v = format!("\"wodds_version\": \"{}\"", env!("CARGO_PKG_VERSION"));
                std::fs::write(&p, t.replace(&v, "\"wodds_version\": \"0.0.1\"")).unwrap();
            }),
            Box::new(|| {}),
        ),
        (
            "baseline/manifest.json: made before `wodds check`",
            Box::new(|| {
                let p = base.join("manifest.json");
                let mut v: serde_json::Value =
                    serde_json::from_slice(&std::fs::read(&p).unwrap()).unwrap();
                v.as_object_mut().unwrap().remove("inputs");
                std::fs::write(&p, serde_json::to_string_pretty(&v).unwrap()).unwrap();
            }),
            Box::new(|| {}),
        ),
        (
            "baseline/manifest.json: not a wodds report manifest",
            Box::new(|| std::fs::write(base.join("manifest.json"), "{ \"format\": ").unwrap()),
            Box::new(|| {}),
        ),
        (
            "baseline/manifest.json: missing",
            Box::new(|| std::fs::remove_file(base.join("manifest.json")).unwrap()),
            Box::new(|| {}),
        ),
        (
            "scenarios/brawl.toml",
            Box::new(|| {
                std::fs::rename(dir.join("scenarios/brawl.toml"), dir.join("brawl.away")).unwrap()
            }),
            Box::new(|| {
                std::fs::rename(dir.join("brawl.away"), dir.join("scenarios/brawl.toml")).unwrap()
            }),
        ),
        (
            "house.toml:3",
            Box::new(|| {
                std::fs::write(dir.join("house.toml"), format!("{HOUSE}oops = 1\n")).unwrap()
            }),
            Box::new(|| std::fs::write(dir.join("house.toml"), HOUSE).unwrap()),
        ),
    ];
    for (needle, spoil, mend) in &cases {
        spoil();
        let spoiled = files(&base);
        for update in [false, true] {
            let o = check(if update { &["--update"] } else { &[] });
            fails(&o, needle);
            assert_eq!(files(&base), spoiled, "{needle}: the baseline was written");
        }
        mend();
        // Back to the pristine baseline.
        std::fs::remove_dir_all(&base).unwrap();
        for (rel, bytes) in &pristine {
            let p = base.join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, bytes).unwrap();
        }
    }
    // Bad flags.
    fails(&check(&["--alpha", "0"]), "--alpha");
    fails(&check(&["--alpha", "1.5"]), "--alpha");
    fails(&check(&["--min-effect", "-0.1"]), "--min-effect");
    fails(
        &check(&["scenarios/chase.toml"]),
        "SCENARIOS: scenarios/chase.toml is not a scenario",
    );
    fails(&check(&["--update", "brawl"]), "--update");
    fails(
        &wodds(dir, &["check", "--baseline", "nowhere"]),
        "--baseline: nowhere",
    );
    fails(
        &wodds(dir, &["check", "--baseline", "house.toml"]),
        "--baseline: house.toml: is a file",
    );
    fails(
        &wodds(dir, &["check", "--baseline", "scenarios"]),
        "scenarios/manifest.json: missing",
    );
    // A scenario named by its name or file checks it alone.
    for which in ["brawl", "scenarios/brawl.toml"] {
        let o = check(&[which]);
        assert_eq!(
            o.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
    assert_eq!(files(&base), pristine);
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    names.sort();
    assert_eq!(names, ["baseline", "house.toml", "scenarios"]);
}

/// A report merged from shards (`wodds report --shard`, `wodds merge`) is
/// the one-go report byte for byte, so it is a baseline too: `check` makes
/// it again in one go and finds nothing moved, then names a change.
#[test]
fn a_report_merged_from_shards_is_a_baseline() {
    let repo = repo();
    let dir = repo.path();
    for shard in ["0/2", "1/2"] {
        let out = format!("part-{}", &shard[..1]);
        let o = wodds(
            dir,
            &[
                "report",
                "scenarios/brawl.toml",
                "--editions",
                "house.toml",
                "--trials",
                "500",
                "--shard",
                shard,
                "--out",
                &out,
            ],
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let o = wodds(dir, &["merge", "part-0", "part-1", "--out", "merged"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(files(&dir.join("merged")), files(&dir.join("baseline")));
    let o = wodds(dir, &["check", "--baseline", "merged"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("byte for byte"), "{}", stdout(&o));
    std::fs::write(
        dir.join("house.toml"),
        format!("{HOUSE}\n[dice]\nones = \"ignore\"\n"),
    )
    .unwrap();
    let o = wodds(dir, &["check", "--baseline", "merged"]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stdout(&o).contains("dice.ones"), "{}", stdout(&o));
}
